"""The Buy-or-rent chart keeps its height at 1366 x 768 however tall the builds above it (walk20)."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.costs import CHART_MIN_HEIGHT, TEXT_MIN_HEIGHT

SAM = BuildRequest(  # Sam's 1B pretraining in two weeks on a 230 V circuit: four builds of three-line rows
    model_id="llama-3.2-1b",
    workload=Workload(kind="pretrain", tokens=1e11, context=4096),
    deadline_hours=336,
    circuit="230v16a",
)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_buy_or_rent_chart_is_not_squeezed_at_1366(qtbot, shipped_catalog, messages, language: str) -> None:  # type: ignore[no-untyped-def]
    """Sam's four pretraining builds at 1366 x 768 left the cumulative-cost chart a line a few pixels tall between the
    assumptions and the figures; the page now scrolls and the chart keeps its height, the table all its builds."""
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    i18n.install(app, language)
    try:
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        window.resize(1366, 768)
        window._sized = False  # a first start: no saved splitter positions
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
            window.session.set_request(SAM, solve=False)
            window.session.solve_now()
        detail = window.detail
        detail.setCurrentIndex(detail.count() - 1)  # Buy or rent
        qtbot.wait(50)
        table = window.builds
        assert table.rowCount() >= 3
        assert table.verticalScrollBar().maximum() == 0, "a build is below the table's edge"
        panel = detail.buy_or_rent
        assert panel.chart.isVisible()
        assert panel.chart.height() >= CHART_MIN_HEIGHT - 10, panel.chart.height()
        assert panel.text.height() >= TEXT_MIN_HEIGHT, "the figures keep five lines (round 49: 70 px at 1366 x 768)"
        window.session.dirty = False
    finally:
        i18n.install(app, "en")
