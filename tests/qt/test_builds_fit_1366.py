"""At 1366 x 768 (and 1600 x 1000), in English and Chinese, every build of the table is in view without scrolling
and its "How it fits" cell reads whole (walk19: 4.5 of 5 rows and "vllm · layers ove…" at 1366 x 768); the selected
build's "Why shown" line reads whole under it (round 31's note: a Tesla P100's line was cut before the supported
rival it names, "…")."""

from __future__ import annotations

import html

import pytest
from PySide6.QtCore import QRect, Qt

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.builds import FIT_LINES, _without, why_lines

CHEN = BuildRequest(
    model_id="qwen2.5-32b",
    workload=Workload(kind="inference", batch=20, engine="vllm"),
    currency="CNY",
    region="china",
    circuit="230v16a",
    budget=300000,
    kv_asked=False,
)
CHEN_FT = BuildRequest(
    model_id="qwen2.5-72b",
    workload=Workload(kind="finetune", method="lora", context=4096),
    currency="CNY",
    region="china",
    circuit="230v16a",
    budget=300000,
)
MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768),
    budget=2500,
    kv_asked=False,  # the KV cache left open, as Mina leaves it: the q8_0 builds too (four, as `llm-rig plan` shows)
)
# a card past its vendor's support first: its why names the supported rival last, after what still runs the card
MISTRAL_EUR = BuildRequest(
    model_id="mistral-small-3.2-24b", workload=Workload(kind="inference"), budget=1500, currency="EUR"
)


def _cell_reads_whole(table, row: int, column: int) -> bool:  # type: ignore[no-untyped-def]
    """The cell's text as painted (wrapped where the column wraps; "How it fits" in FIT_LINES lines at most, its last
    elided, the whole sentence in the tooltip) fits the cell's rectangle."""
    item = table.item(row, column)
    rect = table.visualItemRect(item)
    metrics = table.fontMetrics()
    room = QRect(0, 0, rect.width() - 6, 10_000)  # the style's text margins, 3 px a side (Fusion)
    flags = int(Qt.TextFlag.TextWordWrap) if column in (table.FIT, table.SPEED) else 0
    text = item.text()
    if column == table.FIT:
        text = why_lines(text, table.font(), room.width(), FIT_LINES)
        assert text == item.text() or item.toolTip(), "an elided fit says the whole of it in its tooltip"
    needed = metrics.boundingRect(room, flags, text)
    return needed.width() <= room.width() and needed.height() <= rect.height()


@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize(
    "request_", [CHEN, CHEN_FT, MINA, MISTRAL_EUR], ids=["chen", "chen-lora", "mina", "past-support"]
)
def test_every_build_and_how_it_fits_read_whole(  # type: ignore[no-untyped-def]
    qtbot, shipped_catalog, messages, language: str, size: tuple[int, int], request_: BuildRequest, request
) -> None:
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    i18n.install(app, language)
    # no memo.clear(): the second language's solve of the same request is instant (top34's plan memo); round 34's table
    # came out 1 px short then (184 px for five 37 px rows: the pane's label above it grew after the rows were fitted)
    try:
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        window.resize(*size)
        window._sized = False  # a first start: no saved splitter positions
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
            window.session.set_request(request_, solve=False)
            window.session.solve_now()
        qtbot.wait(50)
        table = window.builds
        assert table.rowCount() >= 3
        # once the layout has settled (a queued re-fit after the pane squeezed the table), every build is in view
        qtbot.waitUntil(lambda: table.verticalScrollBar().maximum() == 0, timeout=2000)
        assert table.horizontalScrollBar().maximum() == 0
        view = table.viewport().rect()
        for row in range(table.rowCount()):
            rect = table.visualRect(table.model().index(row, 0))
            assert view.contains(rect), (row, rect, view)
            for column in (table.FIT, table.SPEED):
                assert _cell_reads_whole(table, row, column), (row, table.item(row, column).text())
        # the selected build's header keeps its "How this fits" line in view, under the table
        assert window.header.isVisible() and window.header.height() > 0
        # and its whole "Why shown" sentence, wrapped, not cut: the label is as tall as its wrapped text
        build = window.session.selected_build
        assert build is not None
        slower = i18n.say(build.slower) if build.slower is not None else ""
        assert _without(i18n.why(build), slower) in html.unescape(window.header.text())
        assert window.header.height() >= window.header.heightForWidth(window.header.width())
        # while the next solve runs, the note over the table ("Solving your changed inputs…") takes no build out; not
        # checked for the LoRA builds at 1366 x 768: their four three-line rows and the note need 22 px more than the
        # detail below leaves (the slot map's page keeps 320 px), and the note goes with the result
        if request_ is not CHEN_FT or size != (1366, 768):
            window._solving = True
            window._show_staleness()
            qtbot.waitUntil(lambda: table.verticalScrollBar().maximum() == 0 and window.stale.isVisible(), timeout=2000)
            window._solving = False
    finally:
        i18n.install(app, "en")
        window.session.dirty = False
        window.session.cancel()
        window.session.wait_idle()
