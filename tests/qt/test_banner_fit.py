"""At 1366 x 768 the banner's first way out was cut after one line when it wrapped (#31, laptop screens): a layout's
minimum height ignores a wrapped label's height for its width, and the builds table below took the room."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from configurator.core.estimate.workload import Workload
from configurator.core.solve.request import BuildRequest


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
