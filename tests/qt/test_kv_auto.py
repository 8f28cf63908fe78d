"""The window's KV-cache control has "auto", the command line without --kv-precision (issue #28's kv_asked): fp16,
and for llama.cpp at 16k context or more also a q8_0-cache build; a typed precision is asked, and a saved project
reopens on what was chosen."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def test_a_new_window_starts_on_auto_as_the_command_line_does(window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    assert panel.kv.currentData() is None and panel.kv.currentIndex() == 0
    request = panel.current_request()
    assert request.kv_asked is False and request.workload.kv_precision == "fp16"


def test_auto_at_32k_on_llama_cpp_offers_a_q8_0_cache_and_says_so(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Mina's 70B Q4_K_M at 32k with the KV control on auto: the plan also solves with a q8_0 cache (as `plan`
    without --kv-precision), and the hint beside the control names the cache the selected build runs."""
    panel = window.requirements
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768, engine="llama.cpp"),
        budget=2500,
        kv_asked=False,
    )
    result = _solve(qtbot, window, request)
    assert panel.kv.currentData() is None
    caches = {b.estimate.workload["kv_precision"] for b in result.builds}
    assert "q8_0" in caches
    used = window.session.selected_build.estimate.workload["kv_precision"]
    assert panel.hints["kv_precision"].text() == f"auto: {used}"
    # a typed fp16 is asked: every build keeps it
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        panel.kv.setCurrentIndex(panel.kv.findData("fp16"))
    assert window.session.request.kv_asked is True
    assert {b.estimate.workload["kv_precision"] for b in blocker.args[0].builds} == {"fp16"}
    # saved with fp16 chosen, reopened on fp16; saved on auto, reopened on auto
    target = tmp_path / "mina.llmrig"
    assert window._save_to(target)
    window.session.set_request(request, solve=False)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window._open_path(target)
    assert panel.kv.currentData() == "fp16"
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        panel.kv.setCurrentIndex(0)
    assert window.session.request.kv_asked is False
    assert window._save_to(target)
    window.session.set_request(BuildRequest(model_id="llama-3.1-8b"), solve=False)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window._open_path(target)
    assert panel.kv.currentData() is None
