"""Faults seen walking the app as its users do (Xvfb + xdotool), each pinned in the real window."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.solve.request import BuildRequest


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def test_an_unset_context_shows_the_context_the_builds_run_at(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The first window said "8192 tokens" while every build and its `llama-server -c` ran 4096."""
    result = _solve(qtbot, window, BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m")))
    assert window.session.request.workload.context is None
    used = result.builds[0].estimate.workload["context"]
    assert window.requirements.context.value() == used
    assert f"-c {used}" in window.detail.launch.command.toPlainText()
    # the same for fine-tuning and pretraining, whose defaults differ
    _solve(qtbot, window, BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="lora"), budget=5000))
    assert window.requirements.seq.value() == window.session.request.workload.resolved(131072).context
