"""At 1366 x 768 the banner's first way out was cut after one line when it wrapped (#31, laptop screens): a layout's
minimum height ignores a wrapped label's height for its width, and the builds table below took the room."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


def test_every_way_out_shows_all_its_lines_on_a_laptop_screen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1366, 768)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.session.set_request(
            BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="bf16"), budget=300)
        )
    banner = window.banner
    qtbot.waitUntil(lambda: banner.isVisible(), timeout=10_000)
    labels = [w for w in banner.ways.findChildren(QLabel) if w.isVisible()]
    assert len(labels) >= 2
    qtbot.waitUntil(
        lambda: all(label.height() >= label.heightForWidth(label.width()) for label in labels), timeout=5_000
    )
    assert banner.height() >= banner.layout().heightForWidth(banner.width())


def test_on_a_laptop_screen_the_total_is_below_the_parts_and_the_site_is_a_scroll_away(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """#31 at 1366 x 768: the total and the stale-price warning were drawn over the last rows of the parts list, and
    budget and site were below the fold. The total sits under the table, not on it; the input column scrolls, and
    scrolling to the budget and the circuit shows them without moving anything else."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtWidgets import QScrollArea

    window.resize(1366, 768)
    window.show()
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.session.set_request(
            BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"), budget=3000)
        )
    detail = window.detail
    detail.setCurrentIndex(0)
    qtbot.waitUntil(lambda: detail.parts.rowCount() > 0 and bool(detail.total.text()), timeout=10_000)
    for _ in range(5):
        qtbot.wait(50)

    def on_window(widget) -> QRect:  # type: ignore[no-untyped-def]
        return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())

    parts, total = on_window(detail.parts), on_window(detail.total)
    assert total.top() >= parts.bottom() and not parts.intersects(total), (parts, total)
    assert "⚠" in detail.total.text()  # the old-price warning is in the label that sits below the table
    scroll = next(s for s in window.findChildren(QScrollArea) if s.widget() is window.requirements)
    panel = window.requirements
    for field in (panel.budget, panel.circuit):
        scroll.ensureWidgetVisible(field)
        qtbot.wait(20)
        top = field.mapTo(scroll.viewport(), QPoint(0, 0)).y()
        assert 0 <= top and top + field.height() <= scroll.viewport().height(), (field, top)


def test_in_chinese_on_a_laptop_screen_the_banner_never_runs_over_the_builds(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    """#31 at 1366 x 768 in Chinese: the banner (taller lines than English) ran over the summary and the note below
    it, the splitter giving the upper pane less than its rows need. The banner, the summary and the table keep
    apart; when the pane is short they scroll together."""
    from PySide6.QtCore import QPoint, QRect

    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        window.resize(1366, 768)
        window.show()
        with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
            window.session.set_request(
                BuildRequest(
                    model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="bf16"), budget=300
                ),
                solve=False,
            )
            window.session.solve_now()
        qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10_000)
        for _ in range(5):
            qtbot.wait(20)

        def on_window(widget) -> QRect:  # type: ignore[no-untyped-def]
            return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())

        banner, summary, builds = on_window(window.banner), on_window(window.summary), on_window(window.builds)
        assert banner.bottom() < summary.top() and summary.bottom() < builds.top(), (banner, summary, builds)
        window.session.dirty = False
        window.session.cancel()
        window.session.wait_idle()
    finally:
        assert i18n.install(app, "en") == "en"
