"""The charts have no context menu, and never make one: pyqtgraph makes a view's menu when the view is made unless told
not to, and destroying it again (setMenuEnabled(False)) let a garbage collection run inside the QMenu's destructor and
deadlock on Qt's mutex, which stalled a CI run (qt/charts.py, MENU)."""

from __future__ import annotations

import pyqtgraph as pg

from configurator.qt.charts import (
    BuyOrRentChart,
    CostBreakdownChart,
    NodeScalingChart,
    PowerBudgetChart,
    VramHeadroomChart,
)


def _views(widget: object) -> list[pg.ViewBox]:
    found = [v for v in vars(widget).values() if isinstance(v, pg.ViewBox)]
    for v in vars(widget).values():
        if isinstance(v, pg.PlotItem):
            found.append(v.getViewBox())
    if isinstance(widget, pg.PlotWidget):
        found.append(widget.getPlotItem().getViewBox())
    return found


def test_no_chart_view_ever_makes_a_context_menu(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import importlib

    module = importlib.import_module("pyqtgraph.graphicsItems.ViewBox.ViewBox")
    made: list[object] = []
    real = module.ViewBoxMenu

    def counted(view):  # type: ignore[no-untyped-def]
        made.append(view)
        return real(view)

    monkeypatch.setattr(module, "ViewBoxMenu", counted)
    charts = [VramHeadroomChart(), CostBreakdownChart(), PowerBudgetChart(), NodeScalingChart(), BuyOrRentChart()]
    for chart in charts:
        qtbot.addWidget(chart)
        views = _views(chart)
        assert views, type(chart).__name__
        for view in views:
            assert view.menu is None and not view.menuEnabled(), type(chart).__name__
    assert made == []
