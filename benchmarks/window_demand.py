"""GUI-thread time of a solve's result and of a Buy-or-rent demand edit in the window (round 39).

Round 38's window recosted and relabelled every solve's builds on the GUI thread for the tab's demand
(main_window._relabel_for_demand, ~0.13 s) though the solve had already ranked with it. This measures, on the shipped
catalog, the five coding-agent seats of Qwen3.6-27B at 64k (tests/qt/test_labels_follow_demand.py's request):

  result   the GUI thread's time from a solve's result arriving (Session._on_job_finished) to every panel redrawn
  edit     the GUI thread's time of one edit of the tab's usage (the combo box's own signal, every slot it runs)

    QT_QPA_PLATFORM=offscreen python benchmarks/window_demand.py [N]     # N results and N edits (default 5)

A benchmark, not a test: the numbers depend on the machine (house-style, "Tests").
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _timed(into: list[float], slot: Callable[..., None]) -> Callable[..., None]:
    def run(*args: object) -> None:
        start = time.perf_counter()
        slot(*args)
        into.append(time.perf_counter() - start)

    return run


def measure(repeat: int) -> tuple[list[float], list[float], list[float]]:
    """(GUI-thread seconds per solve result, per tab edit, per result a tab edit brought: none when no solve ran)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("LLM_RIG_HOME", tempfile.mkdtemp(prefix="llm-rig-bench-"))  # never a real user's files
    from PySide6.QtCore import QEventLoop, QTimer

    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow

    app = make_app([])
    window = MainWindow()
    window.show()
    session, panel = window.session, window.detail.buy_or_rent
    results: list[float] = []
    session._on_job_finished = _timed(results, session._on_job_finished)  # type: ignore[method-assign]

    def settle(wait_ms: int = 600) -> None:
        """Run the event loop until the session is idle and `wait_ms` passed (a debounced solve has started)."""
        loop = QEventLoop()
        QTimer.singleShot(wait_ms, loop.quit)
        loop.exec()
        session.wait_idle()
        app.processEvents()

    def solved(start: Callable[[], None]) -> None:
        loop = QEventLoop()
        session.solve_finished.connect(loop.quit)
        QTimer.singleShot(120_000, loop.quit)
        start()
        loop.exec()
        session.solve_finished.disconnect(loop.quit)
        app.processEvents()

    request = BuildRequest(
        model_id="qwen3.6-27b", workload=Workload(kind="inference", context=65536, batch=5), budget=15000
    )
    panel.usage.setCurrentIndex(panel.usage.findData("coding-agent"))
    panel.seats.setValue(5)
    settle()
    solved(lambda: session.set_request(request))  # the first solve (the search): not timed
    results.clear()
    for _ in range(repeat):
        solved(session.solve_now)  # the same request again: its builds in hand, the ranking and the result's delivery
    on_result = list(results)
    edits: list[float] = []
    results.clear()
    for i in range(repeat):
        start = time.perf_counter()
        panel.usage.setCurrentIndex(panel.usage.findData(None if i % 2 == 0 else "coding-agent"))
        edits.append(time.perf_counter() - start)
        settle()
    session.dirty = False
    window.close()
    return on_result, edits, list(results)


def _said(name: str, times: list[float]) -> str:
    if not times:
        return f"{name:<28} none"
    return f"{name:<28} median {statistics.median(times) * 1000:7.1f} ms   max {max(times) * 1000:7.1f} ms  (n={len(times)})"


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    on_result, edits, edit_results = measure(repeat)
    print(_said("a solve's result", on_result))
    print(_said("a tab edit (its own slots)", edits))
    print(_said("the result a tab edit brought", edit_results))


if __name__ == "__main__":
    main()
