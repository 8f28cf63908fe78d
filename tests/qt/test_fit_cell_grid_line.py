"""A wrapped "How it fits" cell is measured at the width it is painted at: a grid line narrower than its column. A line
exactly as wide as the column's text room had read as one line and been painted as two, the second cut off (round 32:
DeepSeek R1 Q4_K_M at 30,000 USD in Chinese at 1600 x 1000, "llama.cpp* · 单卡 · … · 允许卸载到内存 · 满")."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QTableWidgetItem

from configurator.qt.app import make_app
from configurator.qt.builds import FIT_TEXT_MARGIN, BuildsTable

FIT = "llama.cpp* · one GPU · q4_k_m · KV fp16 · RAM offload allowed · full power"


def test_a_fit_cell_as_wide_as_its_column_grows_its_row(qtbot) -> None:  # type: ignore[no-untyped-def]
    make_app([])
    table = BuildsTable()
    qtbot.addWidget(table)
    table.horizontalHeader().setStretchLastSection(False)
    table.setRowCount(1)
    table.setItem(0, table.FIT, QTableWidgetItem(FIT))
    metrics = table.fontMetrics()
    # the column's width less the style's text margins is the text's own width: it fits the column, not the cell
    table.setColumnWidth(table.FIT, metrics.horizontalAdvance(FIT) + 2 * FIT_TEXT_MARGIN)
    table.resizeRowsToContents()

    painted = table.visualItemRect(table.item(0, table.FIT))
    assert painted.width() == table.columnWidth(table.FIT) - 1  # the grid line
    room = QRect(0, 0, painted.width() - 2 * FIT_TEXT_MARGIN, 10_000)
    needed = metrics.boundingRect(room, int(Qt.TextFlag.TextWordWrap), FIT)
    assert needed.height() > metrics.height()  # painted, it wraps onto a second line
    assert table.rowHeight(0) >= needed.height() + 2 * FIT_TEXT_MARGIN, "the second line is cut off"


WHY = "cheapest; fastest within budget; best value (with your own card and more of it)"


def test_the_why_cell_wraps_onto_two_lines_and_elides_the_rest(qtbot) -> None:  # type: ignore[no-untyped-def]
    """ui33b: at 1366 px the Why column is 100 px (NARROW_MAX_WIDTHS) and one line read "cheapest; fas…" (round 33's
    walk, Mina's plan); it now wraps onto two lines, the rest elided, the whole in the tooltip (BuildsTable._fill_row)."""
    from configurator.qt.builds import why_lines

    make_app([])
    table = BuildsTable()
    qtbot.addWidget(table)
    table.setRowCount(1)
    table.setItem(0, table.WHY, QTableWidgetItem(WHY))
    table.setColumnWidth(table.WHY, 40)
    table.resizeColumnsToContents()  # measured on the whole label, not on the one cut at the width it had
    assert table.columnWidth(table.WHY) > table.fontMetrics().horizontalAdvance(WHY)
    table.setColumnWidth(table.WHY, table.NARROW_MAX_WIDTHS[table.WHY])  # show_result's cap at 1366 px
    table.resizeRowsToContents()
    metrics, font = table.fontMetrics(), table.font()
    room = table.visualItemRect(table.item(0, table.WHY)).width() - 2 * FIT_TEXT_MARGIN
    one_line = metrics.elidedText(WHY, Qt.TextElideMode.ElideRight, room)
    said = why_lines(WHY, font, room)
    assert said.endswith("…") and len(said) > len(one_line) + 5, (said, one_line)
    assert WHY.startswith(said[:-1].rstrip()), said  # a start of the label, cut at the end only
    shown = metrics.boundingRect(QRect(0, 0, room, 10_000), int(Qt.TextFlag.TextWordWrap), said)
    assert metrics.height() < shown.height() < 3 * metrics.height(), shown  # two lines
    assert table.rowHeight(0) >= shown.height() + 2 * FIT_TEXT_MARGIN, "the second line is cut off"
    assert why_lines("best value", font, room) == "best value"  # a short label is left whole
    chinese = "显存装下整个模型的配置中最便宜（已过 ROCm 支持期）"  # wraps between characters
    said = why_lines(chinese, font, room)
    assert said.endswith("…") and len(said) > len(metrics.elidedText(chinese, Qt.TextElideMode.ElideRight, room)) + 3
