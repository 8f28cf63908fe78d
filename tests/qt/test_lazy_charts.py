"""The window is on screen before pyqtgraph or the solver is imported; a chart made later draws the build already shown
(#34)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt.builds import BuildDetail
from configurator.qt.costs import BuyOrRentPanel

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _previous_charts_collected() -> Iterator[None]:
    """The charts a test leaves (closed, in reference cycles with pyqtgraph's items) are collected before the next
    test makes its own: collected by chance in the middle of that test's painting, they crashed the interpreter
    (a segmentation fault in GraphicsView.paintEvent, on main too, 2026-12-03; gc disabled or collected first, it
    passes)."""
    gc.collect()
    yield


SHOW_WINDOW = """
import json, sys
from configurator.qt.app import make_app
from configurator.qt.main_window import MainWindow
app = make_app([])
window = MainWindow()
window.show()
app.processEvents()
print(json.dumps(sorted(sys.modules)))
window.session.dirty = False
window.close()
"""


def test_the_window_is_shown_without_importing_pyqtgraph_or_the_solver() -> None:
    """#34: the window is shown before the first solve, which imports the planner and OR-Tools on its worker thread
    (qt/session._plan); the GUI thread imports neither to show the window."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-c", SHOW_WINDOW], capture_output=True, text=True, check=True, cwd=REPO, env=env
    )
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "PySide6.QtWidgets" in loaded and "configurator.qt.main_window" in loaded
    assert not any(m.split(".")[0] in ("pyqtgraph", "ortools") for m in loaded)
    for solver in ("configurator.core.solve.plan", "configurator.core.solve.solver", "configurator.core.solve.sources"):
        assert solver not in loaded, solver


def test_charts_made_after_a_build_is_shown_draw_that_build(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    build = next(b for b in plan(request, shipped_catalog).builds if any(p.category == "gpu" for p in b.parts))
    detail = BuildDetail()
    qtbot.addWidget(detail)
    detail.show_build(build)  # no event loop yet: no chart is made
    assert not detail._vram_pane.is_built
    assert detail.vram_chart.series["weights"][0] > 0  # made on first use, with the build shown before
    assert detail.cost_chart.series and detail.power_chart.series
    detail.show_build(None)
    assert detail.vram_chart.series == {} and detail.cost_chart.series == {}


def test_a_tab_shown_makes_its_chart(qtbot) -> None:  # type: ignore[no-untyped-def]
    detail = BuildDetail()
    qtbot.addWidget(detail)
    detail.show()
    assert not detail._cost_pane.is_built
    detail.setCurrentWidget(detail._cost_pane)
    qtbot.waitUntil(lambda: detail._cost_pane.is_built)
    assert detail._cost_pane.isAncestorOf(detail.cost_chart)


def test_the_buy_or_rent_chart_made_late_draws_nothing_before_a_build(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = BuyOrRentPanel()
    qtbot.addWidget(panel)
    panel.show_build(None)
    assert panel.costs is None and panel.chart.series == {}


def test_a_pane_closed_before_its_charts_are_made_drops_the_call(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    """show_build schedules the charts for after the first build is painted; a window closed before the event loop ran
    that (a test's teardown, a quick quit) had the call reach its deleted panes' layouts on the next test's event loop
    ("Internal C++ object (QVBoxLayout) already deleted", CI 2026-12-04). The timer's context is the detail itself."""
    from PySide6.QtWidgets import QApplication
    from shiboken6 import delete

    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    build = next(b for b in plan(request, shipped_catalog).builds if any(p.category == "gpu" for p in b.parts))
    detail = BuildDetail()
    detail.show_build(build)  # schedules make_charts
    delete(detail)  # gone before the event loop runs
    with qtbot.captureExceptions() as raised:
        QApplication.processEvents()
        qtbot.wait(10)
    assert not raised, raised
