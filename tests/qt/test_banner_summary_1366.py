"""Sam's journey at 1366 x 768 (walk42): pretraining Llama 3.3 70B on 100B tokens within two weeks in a server room
opens on a banner ("No single machine can do this ... Below, passing every check: ...") above the builds' title and
a three-line note (the cluster's servers). Opened fresh (a saved project, `llm-rig screenshot`), the summary was drawn
15 px over the banner's last line (shots/s70_en1366_Parts.png): the pane above the table was no taller than its
viewport, its word-wrapped summary counting one line towards its minimum. The summary's minimum is now its wrapped
height, so the pane scrolls instead."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest

pytestmark = pytest.mark.slow  # a cluster plan


def test_the_summary_sits_below_the_banner_on_a_laptop_screen(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1366, 768)
    window.show()
    sam = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="pretrain", tokens=1e11),
        deadline_hours=336,
        room="server-room",
        circuit="240v20a",
    )
    with qtbot.waitSignal(window.session.solve_finished, timeout=180_000) as blocker:
        window.session.set_request(sam)
    result = blocker.args[0]
    assert result.infeasible is not None and result.builds  # the banner and a cluster below it
    banner, summary = window.banner, window.summary
    qtbot.waitUntil(lambda: banner.isVisible() and summary.isVisible(), timeout=10_000)
    for _ in range(10):
        qtbot.wait(20)

    def on_window(widget) -> QRect:  # type: ignore[no-untyped-def]
        return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())

    top, below = on_window(banner), on_window(summary)
    assert banner.height() >= banner.layout().heightForWidth(banner.width())
    assert summary.height() >= summary.heightForWidth(summary.width())
    assert top.bottom() < below.top(), (top, below)
    assert below.bottom() < on_window(window.builds).top()
