"""The window's Weights control has "auto", the command line without --precision: a model's own precision, and the
usual sources beside it (a served model for more than four users also at FP8 on vLLM, kind.usual-served). Without it
the window always asked a precision: Dr. Chen's 20 students on Qwen2.5-32B opened (or solved once) with the FP8
builds, and the first edit in the panel re-solved at BF16 only, the FP8 builds gone, beside a label that said "no
--precision given" under a Weights control reading bf16 (walk ui9)."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


def _chen_serving() -> BuildRequest:
    return BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", context=4096, batch=20),
        budget=300_000,
        currency="CNY",
        region="china",
    )


def test_a_request_without_a_precision_shows_auto_and_keeps_it_through_an_edit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(_chen_serving())
    assert panel.precision.currentData() is None
    assert panel.current_request().workload.precision is None
    # an edit elsewhere in the panel (21 students) re-solves without a precision: the FP8 builds stay
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        panel.users.setValue(21)
    assert window.session.request.workload.precision is None
    precisions = {b.estimate.workload["precision"] for b in blocker.args[0].builds}
    assert "fp8" in precisions


def test_a_chosen_precision_is_asked_and_reopens_chosen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(_chen_serving())
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        panel.precision.setCurrentIndex(panel.precision.findData("bf16"))
    assert window.session.request.workload.precision == "bf16"
    assert {b.estimate.workload["precision"] for b in blocker.args[0].builds} <= {"bf16"}
    window.session.set_request(
        _chen_serving().model_copy(update={"workload": Workload(kind="inference", precision="q4_k_m")}), solve=False
    )
    assert panel.precision.currentData() == "q4_k_m"
