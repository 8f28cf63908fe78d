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
