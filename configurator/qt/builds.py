"""The ranked builds list, the banner for infeasible requests, and one build's detail tabs."""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRect, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QResizeEvent,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog import tax
from configurator.core.estimate.estimator import INFERENCE_CONTEXT, TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.parallel import as_assumption
from configurator.core.estimate.result import Step
from configurator.core.model import noise
from configurator.core.model.build import WAYS_SHOWN, Build, Infeasible, PlanResult, Relaxation
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, prices
from configurator.core.report.fit import CHOSEN_MARK, fit_of, gpus_said
from configurator.core.report.sheet import printed_command
from configurator.core.report.utilisation import utilisation_rows
from configurator.core.solve.rules import PROMPT
from configurator.qt import i18n
from configurator.qt.costs import BuyOrRentPanel
from configurator.qt.lazy import LazyPane
from configurator.qt.slotmap import SlotMapWidget
from configurator.qt.steps import chosen_step, next_steps_html

if TYPE_CHECKING:
    from configurator.qt.charts import CostBreakdownChart, NodeScalingChart, PowerBudgetChart, VramHeadroomChart


class _Drawn(Protocol):
    def show_build(self, build: Build | None) -> None: ...


# makers of the charts, which import pyqtgraph only when the first is made
def _vram_chart() -> VramHeadroomChart:
    from configurator.qt.charts import VramHeadroomChart

    return VramHeadroomChart()


def _cost_chart() -> CostBreakdownChart:
    from configurator.qt.charts import CostBreakdownChart

    return CostBreakdownChart()


def _power_chart() -> PowerBudgetChart:
    from configurator.qt.charts import PowerBudgetChart

    return PowerBudgetChart()


def _nodes_chart() -> NodeScalingChart:
    from configurator.qt.charts import NodeScalingChart

    return NodeScalingChart()


GIB = 1024**3
STATUS_COLORS = {"fail": "#c8553d", "warn": "#e39b2d", "pass": "#6a994e"}


class _NumberItem(QTableWidgetItem):
    """Sorts by the number behind the text."""

    def __init__(self, text: str, value: float):
        super().__init__(text)
        self.setData(Qt.ItemDataRole.UserRole, value)
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(Qt.ItemDataRole.UserRole), other.data(Qt.ItemDataRole.UserRole)
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
            return mine < theirs
        return super().__lt__(other)


def waited_prompt(build: Build) -> int:
    """The prompt a build's first token is timed for (estimator.waited_prompt_tokens): the stated one, else a typical
    one within the context. The window said the whole context ("after a 32768-token prompt") beside the estimate's
    own step, which times a typical prompt (traffic.TYPICAL_PROMPT_TOKENS)."""
    w = build.estimate.workload
    context = int(w.get("context") or INFERENCE_CONTEXT)
    return min(int(w.get("prompt") or TYPICAL_PROMPT_TOKENS), context)


def usage_prompt_rows(build: Build) -> list[tuple[str, str]]:
    """Round 39: the first token after the prompt of the usage the costs read, when it is not the typed one
    (Build.first_token_wait: a coding agent's 42,000 tokens, most cached), the seconds SERVE reads. Round 40: the one
    first-token row then (the typed prompt's is not shown beside it), with its 80 % range and, when the context
    capped the usage's prompt, from how much."""
    wait = build.first_token_wait()
    if wait is None or wait.cached is None:
        return []
    text = QCoreApplication.translate("estimate", "{0:,.1f} s after a {1:,}-token prompt, {2:,} of them cached").format(
        wait.seconds, wait.tokens, wait.cached
    )
    if wait.capped_from is not None:
        text += QCoreApplication.translate("estimate", " (capped by the context from {0:,} tokens)").format(
            wait.capped_from
        )
    if wait.range is not None:
        text += QCoreApplication.translate("estimate", " (80 % range {0}-{1})").format(
            *(format(v, ",.1f") for v in wait.range)
        )
    return [(QCoreApplication.translate("estimate", "First token, the users' prompt"), text)]


def last_user_rows(build: Build) -> list[tuple[str, str]]:
    """The last user's wait when all send a prompt at once (PROMPT's finding, its fields): the label's "but first
    token after 130 s" stood over "First token 6.55 s" for 20 users, with nothing between the two figures."""
    found = next((c for c in build.checks if c.rule == PROMPT.id and c.code == "wait-users"), None)
    if found is None:
        return []
    f = found.fields
    prompt = f["prompt"]
    tokens = f"{int(prompt):,}" if isinstance(prompt, (int, float)) else str(prompt)  # 4,096 as the Prompt field
    return [
        (
            QCoreApplication.translate("estimate", "Last of {0} users").format(f["users"]),
            QCoreApplication.translate("estimate", "{0:,.0f} s when all send a {1}-token prompt at once").format(
                f["shared_s"], tokens
            ),
        )
    ]


def speed_text(build: Build) -> tuple[str, float]:
    e = build.estimate
    if e.decode_tokens_per_s is not None:
        users = e.workload.get("batch", 1)
        tps = e.decode_tokens_per_s
        # two significant digits below 0.1: "0.0 tok/s x 327" read as a build that does not run at all
        shown = f"{tps:.1f}" if tps >= 0.095 or tps == 0 else f"{tps:.2g}"
        # the unit in the window's language: the zh_CN table said "14.7 tok/s" beside the target's "14.0 token/秒"
        text = QCoreApplication.translate("builds", "{0} tok/s").format(shown) + (f" x {users}" if users > 1 else "")
        return text, e.decode_tokens_per_s
    if e.wall_hours is not None:
        text = (
            QCoreApplication.translate("builds", "{0:,.1f} h").format(e.wall_hours)
            if e.wall_hours < 48
            else QCoreApplication.translate("builds", "{0:,.1f} days").format(e.wall_hours / 24)
        )
        if e.reference_tokens:  # no dataset given: timed for the planner's reference job (solve.ranking)
            text += QCoreApplication.translate("builds", " per {0:,.0f} M tokens").format(e.reference_tokens / 1e6)
        return text, -e.wall_hours
    return "-", 0.0


def headroom(build: Build) -> float:
    peak = build.estimate.peak_gpu
    usable = peak.usable_bytes or 1
    return (usable - peak.total) / usable


def noise_short(sound: noise.NoiseEstimate) -> str:
    """The table's noise cell: "42 dBA", "~42 dBA" when any figure is an estimate."""
    if sound.dba is None:
        return QCoreApplication.translate("builds", "silent")
    return ("~" if sound.is_estimate else "") + f"{sound.dba:.0f} dBA"


category_name = i18n.category_name  # the parts table, the reasons and Compare name categories alike


def checks_text(build: Build) -> str:
    fails = sum(c.status == "fail" for c in build.checks)
    warns = sum(c.status == "warn" for c in build.checks)
    bits = [QCoreApplication.translate("builds", "{0} fail").format(fails)] if fails else []
    bits += [QCoreApplication.translate("builds", "{0} warn").format(warns)] if warns else []
    return ", ".join(bits) or QCoreApplication.translate("builds", "all pass")


STATUS_WORDS = {
    "pass": QT_TRANSLATE_NOOP("builds", "PASS"),
    "warn": QT_TRANSLATE_NOOP("builds", "WARN"),
    "fail": QT_TRANSLATE_NOOP("builds", "FAIL"),
}


def status_word(status: str) -> str:
    """A check's status as the window's language says it."""
    return QCoreApplication.translate("builds", str(STATUS_WORDS.get(status, status.upper())))


def check_text(check: object) -> str:
    """A check's finding in the window's language, rendered from its rule, code and fields (phrases.check)."""
    with i18n.speaking():
        return phrases.check(check)


class _WrappedFitDelegate(QStyledItemDelegate):
    """The "How it fits" cell wraps its words onto more lines where the column is narrow (at 1366 x 768 it read
    "vllm · layers ove…"); its height is measured at the column's width, so the row grows to show it whole, up to
    FIT_LINES lines, the last elided ("…"): the whole sentence is in the cell's tooltip and, for the selected build,
    in the "How this fits" line under the table. Dr. Chen's LoRA at 1366 x 768 had three four-line rows, and the
    fifth row was cut by a line (round 37)."""

    def __init__(self, table: QTableWidget) -> None:
        super().__init__(table)
        self._table = table

    def initStyleOption(self, option, index) -> None:  # type: ignore[no-untyped-def]
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = Qt.TextElideMode.ElideNone
        if index.column() == BuildsTable.FIT:  # the Speed / time cell wraps onto two lines at most, whole
            option.text = why_lines(str(index.data() or ""), option.font, self._text_room(index.column()), FIT_LINES)

    def sizeHint(self, option, index) -> QSize:  # type: ignore[no-untyped-def]
        hint = super().sizeHint(option, index)
        room = self._text_room(index.column())
        text = str(index.data() or "")
        if index.column() == BuildsTable.FIT:
            text = why_lines(text, option.font, room, FIT_LINES)
        lines = option.fontMetrics.boundingRect(QRect(0, 0, room, 10_000), int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), lines.height() + 2 * FIT_TEXT_MARGIN))

    def _text_room(self, column: int) -> int:
        # the cell is painted a grid line narrower than its column (QTableView's visualRect): measured at the column's
        # width, a line exactly as wide as the room read as one and was painted as two, its second cut off (DeepSeek R1
        # at 30,000 USD in Chinese at 1600 x 1000: "… 允许卸载到内存 · 满")
        grid = 1 if self._table.showGrid() else 0
        return max(self._table.columnWidth(column) - grid - 2 * FIT_TEXT_MARGIN, 20)


class _WrappedWhyDelegate(_WrappedFitDelegate):
    """The "Why" cell (a build's label) wraps onto at most WHY_LINES lines, the last elided ("…"); the whole label and
    why it is shown are in its tooltip. At 1366 px the column is 100 px: one line had read "cheapest (GP…" and
    "显存装下整个…" (round 33's walk)."""

    _measuring = False  # the column's width is measured on the whole label (resizeColumnsToContents), not the cut one

    def initStyleOption(self, option, index) -> None:  # type: ignore[no-untyped-def]
        super().initStyleOption(option, index)
        if not self._measuring:
            option.text = why_lines(str(index.data() or ""), option.font, self._room(index.column()))

    def sizeHint(self, option, index) -> QSize:  # type: ignore[no-untyped-def]
        self._measuring = True
        try:
            hint = super(_WrappedFitDelegate, self).sizeHint(option, index)
        finally:
            self._measuring = False
        text = why_lines(str(index.data() or ""), option.font, self._room(index.column()))
        lines = option.fontMetrics.boundingRect(
            QRect(0, 0, self._room(index.column()), 10_000), int(Qt.TextFlag.TextWordWrap), text
        )
        return QSize(hint.width(), max(hint.height(), lines.height() + 2 * FIT_TEXT_MARGIN))

    def _room(self, column: int) -> int:
        grid = 1 if self._table.showGrid() else 0  # painted a grid line narrower than its column (_WrappedFitDelegate)
        return max(self._table.columnWidth(column) - grid - 2 * FIT_TEXT_MARGIN, 20)


WHY_LINES = 2
FIT_LINES = 3
"""The lines a "How it fits" (or Speed / time) cell takes at most before its last is elided: three rows of four lines
and two of three are what the builds' pane holds at 1366 x 768 above the detail's own minimum."""


def why_lines(text: str, font: QFont, room: int, most: int = WHY_LINES) -> str:
    """`text` as it fits `most` lines `room` px wide, wrapped as the style paints a cell (QTextLayout, word wrap):
    whole, or its longest start that fits with "…"."""

    def fits(said: str) -> bool:
        layout = QTextLayout(said, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        lines, widest = 0, 0.0
        while (line := layout.createLine()).isValid():
            line.setLineWidth(room)
            lines, widest = lines + 1, max(widest, line.naturalTextWidth())
        layout.endLayout()
        return lines <= most and widest <= room

    if fits(text):
        return text
    low, high = 0, len(text)  # the longest start that fits with its ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(text[:middle].rstrip() + "…") else (low, middle - 1)
    return text[:low].rstrip() + "…"


NARROW_TABLE_PX = 1100  # a builds table narrower than this (a 1366 px screen) caps its label and GPU columns tighter
FIT_TEXT_MARGIN = (
    3  # px each side of a wrapped cell's text: the style's item text margin (Fusion: focus frame margin + 1)
)


class BuildsTable(QTableWidget):
    """Ranked alternatives of the session's result; clicking a row emits its build index."""

    row_chosen = Signal(int)  # index into the result's builds
    rows_resized = Signal()  # the rows' heights changed (a new result, or "How it fits" wrapping anew)
    squeezed = Signal()  # the table was made shorter than before by its pane (a label above it grew, the window shrank)
    COLUMNS = [
        "#",
        QT_TRANSLATE_NOOP("BuildsTable", "Why"),
        QT_TRANSLATE_NOOP("BuildsTable", "GPUs"),
        QT_TRANSLATE_NOOP("BuildsTable", "Price"),
        QT_TRANSLATE_NOOP("BuildsTable", "Free"),
        QT_TRANSLATE_NOOP("BuildsTable", "Speed / time"),
        QT_TRANSLATE_NOOP("BuildsTable", "Wall"),
        QT_TRANSLATE_NOOP("BuildsTable", "Noise"),
        QT_TRANSLATE_NOOP("BuildsTable", "Checks"),
        QT_TRANSLATE_NOOP("BuildsTable", "How it fits"),
    ]
    WHY, NOISE, CHECKS, FIT = 1, 7, 8, 9
    # widest a column may start at; text beyond is elided and the whole is in the tooltip
    MAX_WIDTHS = {1: 150, 2: 190}
    # at 1366 x 768 (a table about 940 px wide) "How it fits" was left 121 px: the label and the GPUs give some
    # (both whole in the header under the table and in their tooltips)
    NARROW_MAX_WIDTHS = {1: 100, 2: 140, 5: 120}
    SPEED = 5

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, len(self.COLUMNS), parent)
        self.setHorizontalHeaderLabels([QCoreApplication.translate("BuildsTable", str(name)) for name in self.COLUMNS])
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.setSortingEnabled(True)
        self.horizontalHeader().setStretchLastSection(True)
        tips = {
            4: self.tr("VRAM left free on the most loaded GPU"),
            self.NOISE: self.tr(
                "Under load, at {0:g} m from one machine: fans, cards and PSU summed logarithmically"
            ).format(noise.DISTANCE_M),
            self.FIT: self.tr(
                "Engine, split, KV cache, sharding, offload, power and framework the estimate assumes; "
                "{0} marks what the solver chose for you"
            ).format(CHOSEN_MARK),
        }
        for column, tip in tips.items():
            if (header := self.horizontalHeaderItem(column)) is not None:
                header.setToolTip(tip)
        self.builds: list[Build] = []
        self.result: PlanResult | None = None
        self.itemSelectionChanged.connect(self._on_selection_changed)
        self.setItemDelegateForColumn(self.FIT, _WrappedFitDelegate(self))
        # a fine-tuning's "27.9 hours (per 100 M tokens)" wraps too where the table is narrow, leaving "How it fits"
        # room (at 1366 x 768 it was left 130 px, five lines a row)
        self.setItemDelegateForColumn(self.SPEED, _WrappedFitDelegate(self))
        self.setItemDelegateForColumn(self.WHY, _WrappedWhyDelegate(self))
        self.horizontalHeader().sectionResized.connect(self._on_header_section_resized)

    def _on_header_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column in (self.FIT, self.SPEED, self.WHY):
            self._fit_rows()

    def _fit_rows(self) -> None:
        """Each row as tall as its wrapped "How it fits" needs (one line where the column is wide enough)."""
        before = [self.rowHeight(r) for r in range(self.rowCount())]
        self.resizeRowsToContents()
        if [self.rowHeight(r) for r in range(self.rowCount())] != before:
            self.rows_resized.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if 0 < event.size().height() < event.oldSize().height():
            self.squeezed.emit()

    def needed_height(self) -> int:
        """The table's height with every row in view: the header, the rows and the frame (no vertical scrolling)."""
        rows = sum(self.rowHeight(r) for r in range(self.rowCount()))
        return self.horizontalHeader().height() + rows + 2 * self.frameWidth()

    def show_result(self, result: PlanResult | None, selected: int = 0, request: BuildRequest | None = None) -> None:
        """Fill the rows from `result` and select build `selected` (without emitting row_chosen)."""
        self.blockSignals(True)
        try:
            self.clearSelection()
            self.setSortingEnabled(False)
            self.result = result
            self.builds = list(result.builds) if result else []
            self.setRowCount(len(self.builds))
            for row, build in enumerate(self.builds):
                self._fill_row(row, build, request)
            self.setSortingEnabled(True)
            self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
            self.resizeColumnsToContents()
            narrow = self.viewport().width() < NARROW_TABLE_PX
            for column, widest in (self.NARROW_MAX_WIDTHS if narrow else self.MAX_WIDTHS).items():
                self.setColumnWidth(column, min(self.columnWidth(column), widest))
            # "How it fits" takes what is left and wraps there (never a scrollbar, never cut)
            self.horizontalHeader().setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        finally:
            self.blockSignals(False)
        self._fit_rows()
        self.rows_resized.emit()
        self.select_build(selected)

    def _fill_row(self, row: int, build: Build, request: BuildRequest | None) -> None:
        speed, speed_value = speed_text(build)
        fails = sum(c.status == "fail" for c in build.checks)
        fit = fit_of(build, request) if request is not None else None
        gpus = i18n.say(gpus_said(build))  # "(modified)" in the buyer's words
        sound = noise.build_noise(build)
        items = [
            _NumberItem(str(build.rank), build.rank),
            QTableWidgetItem(i18n.label(build)),
            QTableWidgetItem(gpus),
            _NumberItem(f"{build.total_price:,.0f} {build.currency}", build.total_price),
            _NumberItem(f"{headroom(build):.0%}", headroom(build)),
            _NumberItem(speed, speed_value),
            _NumberItem(f"{build.power.wall_w * build.nodes:,.0f} W", build.power.wall_w * build.nodes),
            _NumberItem(noise_short(sound), sound.dba or 0.0),
            QTableWidgetItem(checks_text(build)),
            # the capped GPUs' time or speed is this row's Speed / time cell: said once (Fit.beside_speed)
            QTableWidgetItem(i18n.fit_line(fit.beside_speed()) if fit else ""),
        ]
        items[1].setToolTip(f"{i18n.label(build)}: {i18n.why(build)}")
        items[2].setToolTip(f"{gpus} ({build.gpu_id})")
        first = build.first_token_said()  # the typed prompt's first token and the whole window's (Build.first_token)
        if first is not None:
            items[self.SPEED].setToolTip(i18n.say(first))
        if fit is not None:
            items[self.FIT].setToolTip(i18n.fit_sentence(fit))
        items[self.NOISE].setToolTip(
            i18n.say(sound.said()) + "\n" + "\n".join(i18n.say(line) for line in sound.breakdown_said())
        )
        if fails:
            items[self.CHECKS].setForeground(QBrush(QColor(STATUS_COLORS["fail"])))
        items[self.CHECKS].setToolTip(
            "\n".join(f"{status_word(c.status)} {c.rule}: {check_text(c)}" for c in build.checks if c.status != "pass")
        )
        for column, item in enumerate(items):
            item.setData(Qt.ItemDataRole.UserRole + 1, row)
            self.setItem(row, column, item)

    def set_stale(self, stale: bool) -> None:
        """Grey the rows: they answer a request that is no longer the one on screen."""
        self.setEnabled(not stale)

    def select_build(self, index: int) -> None:
        """Highlight build `index` (whatever the sort order) without emitting row_chosen."""
        self.blockSignals(True)
        try:
            self.clearSelection()
            for row in range(self.rowCount()):
                item = self.item(row, 0)
                if item is not None and item.data(Qt.ItemDataRole.UserRole + 1) == index:
                    self.selectRow(row)
                    self.scrollToItem(item)
                    break
        finally:
            self.blockSignals(False)
        self.viewport().update()

    def selected_builds(self) -> list[Build]:
        rows = sorted({i.row() for i in self.selectedIndexes()})
        return [self.builds[self.build_index(r)] for r in rows]

    def build_index(self, row: int) -> int:
        """The index into `builds` of the build a table row shows (rows follow the sort order)."""
        item = self.item(row, 0)
        assert item is not None  # every row has its first cell (show_builds)
        return int(item.data(Qt.ItemDataRole.UserRole + 1))

    def _on_selection_changed(self) -> None:
        current = self.currentRow()
        rows = sorted({i.row() for i in self.selectedIndexes()})
        if not rows:
            return
        row = current if current in rows else rows[0]
        self.row_chosen.emit(self.build_index(row))


class InfeasibleBanner(QWidget):
    """Why nothing fits, and the ways out found (cheapest first, up to MAX_WAYS), each with a one-click apply."""

    apply_requested = Signal(object)  # BuildRequest

    MAX_WAYS = WAYS_SHOWN
    """Ways out listed (Infeasible.relaxations, sorted by price): beyond five they repeat each other at higher prices."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.apply = QPushButton(self.tr("Apply"))
        self.apply.setToolTip(self.tr("Change the request as suggested and solve again"))
        # one row per way out: what to change, its price and speed, and an Apply that re-solves with that change
        self.ways = QWidget()
        self.ways_layout = QGridLayout(self.ways)
        self.ways_layout.setContentsMargins(0, 0, 0, 0)
        self.way_buttons: list[QPushButton] = []
        text_column = QVBoxLayout()
        text_column.addWidget(self.text)
        text_column.addWidget(self.ways)
        layout = QHBoxLayout(self)
        layout.addLayout(text_column, 1)
        layout.addWidget(self.apply, 0, Qt.AlignmentFlag.AlignTop)
        self.setStyleSheet("InfeasibleBanner { background: #fbeee6; border: 1px solid #e39b2d; border-radius: 4px; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.infeasible: Infeasible | None = None
        self.apply.clicked.connect(self._on_apply_clicked)
        self.hide()

    def show_result(self, result: PlanResult | None) -> None:
        self.infeasible = result.infeasible if result else None
        if self.infeasible is None:
            self.hide()
            return
        inf = self.infeasible
        # what the reason already names ("...; binding: deadline") is not said again: the banner read
        # "binding: deadline ... Binding: deadline." (the clauses say what they name: Infeasible.unsaid)
        unsaid = [i18n.term(b) for b in inf.unsaid()]
        end = i18n.sentence_end()
        # the plan may still list builds that pass every check (a ready-made system, the experts in RAM):
        # "Nothing fits" above them is false
        fits = result.passing() if result else []
        headline = result.infeasible_headline() if result else "nothing fits"
        headline = i18n.term(headline)
        title = headline[:1].upper() + headline[1:] + end
        passing_head = self.tr("Below, passing every check:")
        below = (
            (
                f"<br><b>{passing_head}</b> "
                + html.escape(
                    ("；" if end == "。" else "; ").join(
                        f"{i18n.label(b)} ({b.total_price:,.0f} {b.currency})" for b in fits
                    )
                )
                + "."
            )
            if fits
            else ""
        )
        # the reason is a sentence of its own after the headline: "Nothing fits. Your own ...", not ". your own";
        # rendered from its codes in the window's language (an infeasibility made elsewhere may carry text only)
        reason = i18n.say_all(inf.clauses) if inf.clauses else inf.reason
        reason = reason[:1].upper() + reason[1:]
        way_out = i18n.say(inf.way_out) if inf.way_out is not None else inf.cheapest_relaxation
        # beside a cheaper build past its vendor's support, the cheapest on supported software (as the CLI says it)
        binding_head, way_head, ways_head = (
            self.tr("Binding:"),
            self.tr("Cheapest way out on supported software:")
            if inf.cheapest_on_supported
            else self.tr("Cheapest way out:"),
            self.tr("Ways out, cheapest on supported software first:")
            if inf.cheapest_on_supported
            else self.tr("Ways out, cheapest first:"),
        )
        space = "" if end == "。" else " "  # Chinese runs on after its full-width colon
        named = ("、" if end == "。" else ", ").join(unsaid)
        binding = f"{binding_head}{space}{html.escape(named)}{end}<br>" if unsaid else ""
        ways = list(inf.relaxations[: self.MAX_WAYS])
        cheapest = "" if len(ways) > 1 else f"<b>{html.escape(way_head)}</b>{space}{html.escape(way_out)}{end}"
        listed = f"<b>{html.escape(ways_head)}</b>" if len(ways) > 1 else ""
        self.text.setText(f"<b>{title}</b>{space}{html.escape(reason)}{end}<br>{binding}{cheapest}{listed}{below}")
        self._show_ways(ways if len(ways) > 1 else [])
        self._label_apply(inf, ways)
        self.show()
        self._fit_height()

    def _label_apply(self, inf: Infeasible, ways: list[Relaxation]) -> None:
        """The top button applies the request's cheapest way out that has a request to switch to: when the cheapest
        listed is one with nothing to apply (rent it, a ready-made server in a server room), "Apply the cheapest"
        switched to way 2 (seen on Sam's pretraining plan at 1366 x 768), so it names the way it applies."""
        at = next((i for i, w in enumerate(ways) if w.request is not None and w.request == inf.relaxed_request), None)
        if not ways:
            self.apply.setVisible(inf.relaxed_request is not None)
            self.apply.setText(self.tr("Apply"))
            return
        self.apply.setVisible(at is not None)
        if at is None or len(ways) == 1:
            self.apply.setText(self.tr("Apply"))
        elif at == 0:
            self.apply.setText(self.tr("Apply the cheapest"))
        else:
            self.apply.setText(self.tr("Apply way out {0}").format(at + 1))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """At least the height its wrapped rows need at its width: a layout's minimum ignores the height for width, so
        at 1366 x 768 the first way out was cut after one line when the builds table below took the room."""
        layout = self.layout()
        if layout is None or not layout.hasHeightForWidth():
            return
        needed = layout.heightForWidth(self.width())
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)

    def _show_ways(self, ways: list[Relaxation]) -> None:
        """One row per way out: its change in the user's words, price and speed, and an Apply for it."""
        while self.ways_layout.count():
            item = self.ways_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.way_buttons = []
        for row, way in enumerate(ways):
            speed = (
                self.tr("{tps:.1f} tokens/s").format(tps=way.decode_tokens_per_s)
                if way.decode_tokens_per_s is not None
                else ""
            )
            change = i18n.say(way.said) if way.said is not None else way.change  # in the window's language
            label = QLabel(f"{row + 1}. {html.escape(change)}" + (f" <i>({html.escape(speed)})</i>" if speed else ""))
            # escaped text is rich text with or without the <i>: a way with no speed (renting) had been guessed plain
            # and showed its source's quotes and ampersand as &#x27; and &amp;
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.ways_layout.addWidget(label, row, 0)
            if way.request is not None:
                button = QPushButton(self.tr("Apply"))
                button.setToolTip(self.tr("Change the request this way and solve again"))
                request = way.request
                button.clicked.connect(lambda _checked=False, r=request: self.apply_requested.emit(r))
                self.ways_layout.addWidget(button, row, 1, Qt.AlignmentFlag.AlignTop)
                self.way_buttons.append(button)
        self.ways_layout.setColumnStretch(0, 1)
        self.ways.setVisible(bool(ways))

    def _on_apply_clicked(self) -> None:
        if self.infeasible and self.infeasible.relaxed_request is not None:
            self.apply_requested.emit(self.infeasible.relaxed_request)


class WrappedLabel(QLabel):
    """A word-wrapped label whose minimum height is its wrapped text's height at its width: a layout's minimum
    ignores height-for-width, so at 1366 x 768 the total and its old-price warning were drawn over the parts list."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.wordWrap() and self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # a new width, a new wrapped height


class BuildHeader(WrappedLabel):
    """The selected build in two lines: rank, label, GPUs, price; then how it fits. Its minimum is its wrapped height:
    at 1366 x 768 a label that wrapped to three lines took 14 px the detail's minimum counted on, and the parts list
    was drawn over the total below it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setContentsMargins(4, 2, 4, 2)

    def show_build(self, build: Build | None, request: BuildRequest | None) -> None:
        if build is None:
            self.setText("")
            self.setToolTip("")
            return

        fit = fit_of(build, request) if request is not None else None
        wall = self.tr("{0:,.0f} W at the wall").format(build.power.wall_w * build.nodes)
        if build.power.decode_wall_w is not None:  # one stream on a layer split: one card works at a time
            wall = self.tr("{0:,.0f} W at the wall at full load, {1:,.0f} W while decoding").format(
                build.power.wall_w, build.power.decode_wall_w
            )
        colon = self.tr(": ")
        sep = self.tr(", ")
        head = (
            f"<b>{build.rank}. {html.escape(i18n.label(build))}</b>{colon}{html.escape(i18n.say(gpus_said(build)))}"
            f"{sep}<b>{build.total_price:,.0f} {build.currency}</b>{sep}{html.escape(wall)}{sep}"
            f"{html.escape(i18n.say(noise.build_noise(build).said()))}"
        )
        fits = self.tr("How this fits:")
        line = f"<br><span style='color: gray;'>{fits} {html.escape(i18n.fit_line(fit))}</span>" if fit else ""
        # why it is shown, where it is named (walk15: "1. cheapest" stood over two cheaper builds, its "of the 3 builds
        # at reading speed or more" only in the Why column's tooltip); the whole of it, wrapped: cut to one line it
        # ended in "…" before the supported rival a past-support build names (round 31). The detail below gives up
        # the lines it takes (the parts list scrolls), so the builds above keep every row in view at 1366 x 768
        reason = _without(i18n.why(build), i18n.say(build.slower) if build.slower is not None else "")
        shown = self.tr("Why shown:")
        if reason:
            line += f"<br><span style='color: gray;'>{html.escape(shown)} {html.escape(reason)}</span>"
        # what the estimator doubts (a context beyond the model's maximum...) is said where the build is named
        # a "cheapest" training build many times slower than one shown says so under its label (rank.slower), as the
        # plan's text does on its second line: the window had it in the Why column's tooltip only
        doubts = (*build.estimate.warnings, *((build.slower,) if build.slower is not None else ()))
        warned = "".join(
            f"<br><span style='color: {STATUS_COLORS['warn']};'>⚠ {html.escape(i18n.say(w))}</span>" for w in doubts
        )
        self.setText(head + line + warned)
        tip = [i18n.fit_sentence(fit)] if fit else []
        self.setToolTip("\n".join(tip + ([f"{shown} {reason}"] if reason else [])))


def command_lines(build: str, command: str) -> list[str]:
    """The run-it box's lines: each whole command on its own line, as the sheet prints them (report.sheet's
    printed_command): the build step's commands (`launch.build`, joined by " && ") end in " && \\", a shell's line
    continuation, so what Copy takes still runs as one line would."""
    unbroken = sys.maxsize  # the box scrolls sideways: a command is broken only between the commands of an "a && b"
    return [line for step in (build, command) if step for line in printed_command(step, unbroken).split("\n")]


class LaunchCommand(QWidget):
    """The command that runs the build's estimate (core/launch/commands.py), selectable, with a Copy button."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = QLabel()
        # a title with notes ("torchtune FSDP2, 2 nodes + CPU offload (an NF4 base: ...) (...)") asked for 1,473 px
        # unwrapped: it wraps rather than widen the window past 1366
        self.title.setWordWrap(True)
        self.command = QPlainTextEdit()
        self.command.setReadOnly(True)
        self.command.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        # a command never wraps inside itself: at 1366 px the gfx906 box broke "cmake --build" over two lines, which
        # reads as two commands; each whole command is a line, scrolled sideways when it is wider (Copy takes it all)
        self.command.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.command.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.command.setMaximumHeight(70)
        # two lines at least, not the editor's default minimum: at 1366 x 768 the parts page's honest minimum left
        # the builds table above a few pixels short of its five rows
        lines = self.command.fontMetrics().lineSpacing() * 2
        self.command.setMinimumHeight(
            lines + 2 * self.command.frameWidth() + 2 * int(self.command.document().documentMargin())
        )
        self.copy = QPushButton(self.tr("Copy"))
        self.copy.setToolTip(self.tr("Copy the command to the clipboard"))
        row = QHBoxLayout()
        row.addWidget(self.title, 1)
        row.addWidget(self.copy)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.command)
        self.copy.clicked.connect(self._on_copy_clicked)
        self.hide()

    def show_build(self, build: Build | None) -> None:
        launch = build.launch if build is not None else None
        if build is None or not launch:
            self.command.setPlainText("")
            self.hide()
            return
        self.title.setText("<b>" + self.tr("Run it") + "</b>" + html.escape(i18n.launch_title(build)))
        # the build it needs first (llama.cpp from source on a card its prebuilt binaries carry no code for), then the run
        lines = command_lines(launch.get("build", ""), launch.get("command", ""))
        self.command.setPlainText("\n".join(lines))
        # every line in view, and the sideways scroll bar under them (up to 5 lines, then it scrolls down too)
        spacing = self.command.fontMetrics().lineSpacing()
        chrome = 2 * self.command.frameWidth() + 2 * int(self.command.document().documentMargin())
        bar = self.command.horizontalScrollBar().sizeHint().height()
        self.command.setMaximumHeight(min(len(lines), 5) * spacing + chrome + bar + 2)
        self.show()

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.command.toPlainText())
        self.copy.setText(self.tr("Copied"))


class BuildDetail(QTabWidget):
    """Parts, charts, slot map, checks and estimates of one build."""

    step_chosen = Signal(object)  # a next step (its NextStepJson) whose whole machine the buyer asked to plan

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.parts = QTableWidget(0, 5)
        self.parts.setHorizontalHeaderLabels(
            [self.tr("Category"), self.tr("Part"), self.tr("Qty"), self.tr("Unit price"), self.tr("Subtotal")]
        )
        self.parts.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.parts.verticalHeader().hide()
        self.parts.setWordWrap(True)
        self.total = WrappedLabel()
        self.total.setWordWrap(True)  # the old-price warning names parts: it must never widen the window
        self.reasons = QTextBrowser()
        self.reasons.setMaximumHeight(150)
        self.reasons.setMinimumHeight(60)
        # the parts list is the page: six rows stay on screen, the reasons below give way first (1366 x 768)
        self.parts.setMinimumHeight(
            self.parts.horizontalHeader().sizeHint().height()
            + 6 * self.parts.verticalHeader().defaultSectionSize()
            + 2 * self.parts.frameWidth()
        )
        parts_page = QWidget()
        layout = QVBoxLayout(parts_page)
        layout.addWidget(self.parts, 3)
        layout.addWidget(self.total)
        layout.addWidget(QLabel(self.tr("<b>Why each part</b>")))
        layout.addWidget(self.reasons, 1)
        self.launch = LaunchCommand()
        layout.addWidget(self.launch)
        # the charts are made when their tab is first shown or asked for, or just after the first build is drawn:
        # pyqtgraph's import would hold the window back by about a second (#34)
        self._vram_pane = LazyPane(_vram_chart, self._draw_chart)
        self._cost_pane = LazyPane(_cost_chart, self._draw_chart)
        self._power_pane = LazyPane(_power_chart, self._draw_chart)
        self._nodes_pane = LazyPane(_nodes_chart, self._draw_chart)
        self.noise = QLabel()
        self.noise.setWordWrap(True)
        self.noise.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        power_page = self._power_pane
        power_layout = power_page.box
        # the noise sources (a URL each) scroll under the chart instead of squeezing it and running off the page
        self.noise_scroll = QScrollArea()
        self.noise_scroll.setWidget(self.noise)
        self.noise_scroll.setWidgetResizable(True)
        self.noise_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.noise_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.noise_scroll.setMaximumHeight(170)
        power_layout.addWidget(self.noise_scroll)
        self.slot_map = SlotMapWidget()
        self.checks = QTableWidget(0, 3)
        self.checks.setHorizontalHeaderLabels([self.tr("Status"), self.tr("Rule"), self.tr("Why")])
        self.checks.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.checks.verticalHeader().hide()
        self.checks.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # rows grow with their text: a cluster's CLUSTER reason (its layout, links and sharding) ended in "no activatio…";
        # the header sizes the narrow columns itself (resizeColumnsToContents measures only the rows in view)
        for column in (0, 1):
            self.checks.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.checks.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.checks.setWordWrap(True)
        self.estimates = QTextBrowser()
        self.estimates.setOpenLinks(False)  # a next step's link asks for its machine's plan (step_chosen)
        self.estimates.anchorClicked.connect(self._on_estimates_anchor_clicked)
        # the page scrolls as a whole where the window is short (1366 x 768): its six rows, total, reasons and
        # command keep their room, and the builds above keep theirs (walk19: the table showed 4.5 of 5 builds)
        parts_scroll = QScrollArea()
        parts_scroll.setWidget(parts_page)
        parts_scroll.setWidgetResizable(True)
        parts_scroll.setFrameShape(QFrame.Shape.NoFrame)
        parts_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.addTab(parts_scroll, self.tr("Parts"))
        self.addTab(self._vram_pane, self.tr("VRAM"))
        self.addTab(self._cost_pane, self.tr("Cost"))
        self.addTab(power_page, self.tr("Power"))
        self.nodes_tab = self.addTab(self._nodes_pane, self.tr("Nodes"))  # shown for builds with a time/cost curve
        self.addTab(self.slot_map, self.tr("Slot map"))
        self.addTab(self.checks, self.tr("Checks"))
        self.addTab(self.estimates, self.tr("Estimates"))
        self.buy_or_rent = BuyOrRentPanel()
        self.buy_or_rent.step_chosen.connect(self.step_chosen)
        # the page scrolls as a whole where the window is short, as Parts does: its chart keeps its minimum height and
        # the builds above keep theirs (walk20: Sam's four three-line pretraining rows at 1366 x 768 left the chart a
        # line a few pixels tall)
        buy_or_rent_scroll = QScrollArea()
        buy_or_rent_scroll.setWidget(self.buy_or_rent)
        buy_or_rent_scroll.setWidgetResizable(True)
        buy_or_rent_scroll.setFrameShape(QFrame.Shape.NoFrame)
        buy_or_rent_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.addTab(buy_or_rent_scroll, self.tr("Buy or rent"))
        self.build: Build | None = None
        self.context: tuple[object, object, object, str] | None = None
        self._charts_scheduled = False

    def _on_estimates_anchor_clicked(self, url: QUrl) -> None:
        step = chosen_step(self.build, url.toString())
        if step is not None:
            self.step_chosen.emit(step)

    @property
    def vram_chart(self) -> VramHeadroomChart:
        return self._vram_pane.widget()

    @property
    def cost_chart(self) -> CostBreakdownChart:
        return self._cost_pane.widget()

    @property
    def power_chart(self) -> PowerBudgetChart:
        return self._power_pane.widget()

    @property
    def nodes_chart(self) -> NodeScalingChart:
        return self._nodes_pane.widget()

    def _draw_chart(self, chart: _Drawn) -> None:
        """A chart just made draws the build shown (it missed every show_build before)."""
        chart.show_build(self.build)

    def make_charts(self) -> None:
        """Make every chart not made yet (after the first build is on screen, so a tab opens at once)."""
        for pane in (self._vram_pane, self._cost_pane, self._power_pane, self._nodes_pane):
            pane.widget()
        self.buy_or_rent.make_chart()

    def set_context(self, catalog: object, model: object, workload: object, region: str) -> None:
        """What the buy-or-rent tab needs to find the equivalent rental."""
        self.context = (catalog, model, workload, region)

    def show_build(self, build: Build | None) -> None:
        self.build = build
        for pane in (self._vram_pane, self._cost_pane, self._power_pane, self._nodes_pane):
            if pane.is_built:
                pane.widget().show_build(build)
        if build is not None and not self._charts_scheduled:
            self._charts_scheduled = True
            # after this first build is painted; `self` as the timer's context: a window closed before the event
            # loop ran it (a test's teardown) drops the call, which had reached a deleted pane's layout (CI, round 21)
            QTimer.singleShot(0, self, self.make_charts)
        self.setTabVisible(self.nodes_tab, build is not None and build.node_curve is not None)
        self._fill_noise(build)
        self.launch.show_build(build)
        self.slot_map.show_build(build)
        self._fill_parts(build)
        self._fill_checks(build)
        self.estimates.setHtml(estimate_html(build) if build else "")
        if self.context is not None:
            catalog, model, workload, region = self.context
            self.buy_or_rent.show_build(build, catalog, model, workload, region)  # type: ignore[arg-type]
        else:
            self.buy_or_rent.show_build(None)

    def _tax_words(self, build: Build | None) -> tuple[str, str]:
        """The Parts table's unit-price header and the total's clause for the one tax basis every price of `build` is
        on (report.prices.tax_said): "Unit price\n(19 % VAT in)" and ", 19 % VAT in (13,991 EUR without)"."""
        taxed = prices.tax_said(build) if build is not None else None
        if taxed is None:
            return self.tr("Unit price"), ""
        pct = taxed.num("vat_pct")
        if taxed.fields.get("reclaim"):  # a VAT-registered buyer (round 42): every price and the budget net of VAT
            return (
                self.tr("Unit price") + "\n" + self.tr("(without VAT)"),
                self.tr(", without VAT ({0:,.0f} with {1} {2:g} % VAT)").format(
                    taxed.num("gross"), str(taxed.fields.get("region", "")), taxed.num("region_vat_pct")
                ),
            )
        if not pct:
            return self.tr("Unit price") + "\n" + self.tr("(before sales tax)"), self.tr(", before sales tax")
        region = str(taxed.fields.get("region", ""))
        if region != tax.BUYER_REGION.get(build.currency if build is not None else "", region):
            # a euro buyer outside Germany (round 42): the country beside its rate ("FI 25.5 % VAT in")
            return (
                self.tr("Unit price") + "\n" + self.tr("({0} {1:g} % VAT in)").format(region, pct),
                self.tr(", {0} {1:g} % VAT in ({2:,.0f} without)").format(region, pct, taxed.num("net")),
            )
        return (
            self.tr("Unit price") + "\n" + self.tr("({0:g} % VAT in)").format(pct),
            self.tr(", {0:g} % VAT in ({1:,.0f} without)").format(pct, taxed.num("net")),
        )

    def _fill_parts(self, build: Build | None) -> None:
        parts = list(build.parts) if build else []
        header_text, tax_clause = self._tax_words(build)
        self.parts.setHorizontalHeaderItem(3, QTableWidgetItem(header_text))
        self.parts.setRowCount(len(parts))
        for row, part in enumerate(parts):
            owned = self.tr(" ({0} owned)").format(part.owned) if part.owned else ""
            # a cluster's lines: per node or once for the fabric; the subtotals are the whole build's, adding up to its total
            where = (
                ""
                if build is None or build.nodes <= 1
                else (
                    self.tr(" for the cluster")
                    if part.scope == "cluster"
                    else self.tr(" per node x {0:,}").format(build.nodes)
                )
            )
            subtotal = build.part_cost(part) if build is not None else part.subtotal
            values = [
                category_name(part.category),
                i18n.part_name(part.name),  # window17: the Chinese parts table read "(Chinese-market memory-modified)"
                f"{part.quantity}{owned}{where}",
                f"{part.unit_price:,.0f}",
                f"{subtotal:,.0f}",
            ]
            old = prices.is_stale(part)
            if old:
                values[3] += " ⚠"
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(i18n.part_why(part) if column != 3 else i18n.price_note(part, old))
                if column == 3 and old:
                    item.setForeground(QBrush(QColor(STATUS_COLORS["warn"])))
                if column in (2, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.parts.setItem(row, column, item)
        header = self.parts.horizontalHeader()
        for column in (0, 2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.parts.resizeRowsToContents()

        colon = self.tr(": ")
        self.reasons.setHtml(
            "<ul>"
            + "".join(
                f"<li><b>{html.escape(category_name(p.category))}</b>{colon}{html.escape(i18n.part_why(p))}"
                + (f" <i>({html.escape(i18n.price_note(p))})</i>" if p.price_note else "")
                + "</li>"
                for p in parts
            )
            + "</ul>"
        )
        if build is None:
            self.total.setText("")
            self.total.setToolTip("")
            return
        nodes = self.tr(" for {0} machines").format(build.nodes) if build.nodes > 1 else ""
        saved = (
            self.tr("; parts you own save {0:,.0f} {1}").format(build.owned_savings, build.currency)
            if build.owned_savings
            else ""
        )
        with i18n.speaking():
            summary = phrases.stale_summary(build)
        flag = ""
        # one line, the parts named in the tooltip (and beside each price): the full list took six lines at
        # 1366 x 768 and left three rows of the parts table on screen
        stale = prices.stale_parts(build)
        if stale:
            flag = (
                f"<br><span style='color: {STATUS_COLORS['warn']};'>⚠ "
                + html.escape(
                    # "1 price ...", "7 prices ...": every plan's Parts tab read "7 price(s) older" (walk42)
                    (
                        self.tr(
                            "{0} price older than six months (marked ⚠; hover for the date). Get a fresh quote and "
                            "enter it with Catalog > Edit prices and parts, Catalog > Import a vendor quote, or "
                            "Catalog > Import a price pack."
                        )
                        if len(stale) == 1
                        else self.tr(
                            "{0} prices older than six months (marked ⚠; hover for the dates). Get a fresh quote and "
                            "enter it with Catalog > Edit prices and parts, Catalog > Import a vendor quote, or "
                            "Catalog > Import a price pack."
                        )
                    ).format(len(stale))
                )
                + "</span>"
            )
        rate = prices.rate_said(build)
        if rate is not None:  # converted at old exchange rates: the rate is a dated fact as a price is
            flag += f"<br><span style='color: {STATUS_COLORS['warn']};'>⚠ " + html.escape(i18n.say(rate)) + "</span>"
        # how old the paid prices are, oldest / median / newest (report.prices.dates_said, as the CLI and the sheet)
        dated = prices.dates_said(build)
        dates = "" if dated is None else i18n.say(dated)
        self.total.setText(
            "<b>"
            + self.tr("Total")
            + f" {build.total_price:,.0f} {build.currency}</b>{html.escape(tax_clause)}{nodes}{saved}"
            # the dates' own line where no warning says the prices are old; beside that warning they are its tooltip's
            # first line ("hover for the dates"): at 1366 x 768 the two took four lines and rows of the parts table
            + (f"<br><small>{html.escape(dates)}</small>" if dates and not stale else "")
            + flag
        )
        taxed = prices.tax_said(build)  # the basis in full: whose VAT, the total without it, lines taken as listed
        self.total.setToolTip("\n".join(t for t in (dates, summary, i18n.say(taxed) if taxed else "") if t))

    def _fill_noise(self, build: Build | None) -> None:

        if build is None:
            self.noise.setText("")
            return
        sound = noise.build_noise(build)
        per = self.tr(" (one machine)") if build.nodes > 1 else ""
        items = "".join(f"<li>{html.escape(i18n.say(line))}</li>" for line in sound.breakdown_said())
        head = self.tr("Noise under load{0}:").format(per)
        self.noise.setText(f"<b>{head} {html.escape(i18n.say(sound.said()))}</b><ul>{items}</ul>")

    def _fill_checks(self, build: Build | None) -> None:
        checks = list(build.checks) if build else []
        self.checks.setRowCount(len(checks))
        for row, check in enumerate(checks):
            status = QTableWidgetItem(status_word(check.status))
            status.setForeground(QBrush(QColor(STATUS_COLORS[check.status])))
            self.checks.setItem(row, 0, status)
            self.checks.setItem(row, 1, QTableWidgetItem(check.rule))
            why = QTableWidgetItem(check_text(check))
            why.setToolTip(check.message)  # the English, as plan --json and the rule's sources word it
            self.checks.setItem(row, 2, why)


TOPICS = {
    "params": QT_TRANSLATE_NOOP("estimate", "params"),
    "weights": QT_TRANSLATE_NOOP("estimate", "weights"),
    "kv_cache": QT_TRANSLATE_NOOP("estimate", "kv_cache"),
    "activations": QT_TRANSLATE_NOOP("estimate", "activations"),
    "overhead": QT_TRANSLATE_NOOP("estimate", "overhead"),
    "total": QT_TRANSLATE_NOOP("estimate", "total"),
    "decode": QT_TRANSLATE_NOOP("estimate", "decode"),
    "prefill": QT_TRANSLATE_NOOP("estimate", "prefill"),
    "training": QT_TRANSLATE_NOOP("estimate", "training"),
    "gradients": QT_TRANSLATE_NOOP("estimate", "gradients"),
    "optimizer": QT_TRANSLATE_NOOP("estimate", "optimizer"),
    "offload": QT_TRANSLATE_NOOP("estimate", "offload"),
    "layout": QT_TRANSLATE_NOOP("estimate", "layout"),
    "flops": QT_TRANSLATE_NOOP("estimate", "flops"),  # window17: the Chinese formula's step 5 read "flops"
    "time": QT_TRANSLATE_NOOP("estimate", "time"),
    "parallel": QT_TRANSLATE_NOOP("estimate", "parallel"),
    "host": QT_TRANSLATE_NOOP("estimate", "host"),
    "split": QT_TRANSLATE_NOOP("estimate", "split"),
    "zero": QT_TRANSLATE_NOOP("estimate", "zero"),
}


def topic_name(topic: str) -> str:
    """A step's topic ("decode", "kv_cache") in the window's language."""
    return QCoreApplication.translate("estimate", str(TOPICS[topic])) if topic in TOPICS else topic


def restates_a_step(assumption: str, steps: Sequence[Step]) -> bool:
    """Whether an assumption says again what a step of "How this is computed" says: a cluster's layout and step time
    are both, worded once in estimate/parallel.py (the printed sheet, which has no steps, lists them as assumptions),
    and the tab read each paragraph twice."""
    return assumption in {s.text for s in steps} | {as_assumption(s) for s in steps}


def eighty(build: Build, key: str, spec: str) -> str:
    """An estimate's 80 % range (core estimate/ranges.py, issue #29), as the plan's JSON gives it, or "" without one:
    the Estimates tab gave the training rate's range only, not the decode speed's or the first token's (walk15)."""
    found = build.estimate.to_json().get("ranges", {}).get(key)
    if not found:
        return ""
    low, high = (format(v, spec) for v in found)
    return QCoreApplication.translate("estimate", " (80 % range {0}-{1})").format(low, high)


def estimate_html(build: Build) -> str:
    """The estimate with its formula chain and assumptions, as simple HTML."""
    import html

    e = build.estimate
    rows = []
    if e.decode_tokens_per_s is not None:
        rows.append(
            (
                QCoreApplication.translate("estimate", "Decode"),
                f"{e.decode_tokens_per_s:.1f} "
                + QCoreApplication.translate("estimate", "tokens/s per user")
                + eighty(build, "speed.decode_tokens_per_s", ".1f"),
            )
        )
        if e.aggregate_tokens_per_s and e.workload.get("batch", 1) > 1:
            rows.append(
                (
                    QCoreApplication.translate("estimate", "All users"),
                    f"{e.aggregate_tokens_per_s:.0f} " + QCoreApplication.translate("estimate", "tokens/s"),
                )
            )
        if e.prefill_tokens_per_s:
            rows.append(
                (
                    QCoreApplication.translate("estimate", "Prefill"),
                    f"{e.prefill_tokens_per_s:,.0f} " + QCoreApplication.translate("estimate", "tokens/s"),
                )
            )
        if e.time_to_first_token_s is not None and (usage := usage_prompt_rows(build)):
            # round 40: one first-token figure, the usage's prompt the costs read (Build.first_token_wait)
            rows += usage + last_user_rows(build)
        elif e.time_to_first_token_s is not None:
            rows.append(
                (
                    QCoreApplication.translate("estimate", "First token"),
                    QCoreApplication.translate("estimate", "{0:.2f} s after a {1}-token prompt").format(
                        e.time_to_first_token_s,
                        f"{waited_prompt(build):,}",  # 1,020 as the Prompt field says it
                    )
                    + eighty(build, "speed.time_to_first_token_s", ".2f"),
                )
            )
            rows += last_user_rows(build)
    if e.gpu_hours is not None:
        rows.append(
            (
                QCoreApplication.translate("estimate", "Training"),
                (
                    QCoreApplication.translate("estimate", "{0:,.0f} GPU-hours; {1:,.1f} h wall clock on one GPU")
                    if e.gpus == 1  # window17: "on 1 GPUs"
                    else QCoreApplication.translate("estimate", "{0:,.0f} GPU-hours; {1:,.1f} h wall clock on {2} GPUs")
                ).format(e.gpu_hours, e.wall_hours, e.gpus)
                # ui33b: the hours are timed at the cap (Chen's 148 GPU-hours at 80 %) while the steps below compute
                # the full-power 139, and the cap was stated only in the assumptions: say it beside the hours
                + (
                    QCoreApplication.translate("estimate", " at {0:.0f} % power").format(build.power_limit * 100)
                    if build.power_limit is not None
                    else ""
                ),
            )
        )
        if e.steady_tokens_per_s is not None:
            # the rate a throughput benchmark measures, with its own 80 % range (core ranges.py, issue #29)
            low, high = e.to_json()["ranges"]["time.steady_tokens_per_s"]
            rows.append(
                (
                    QCoreApplication.translate("estimate", "Steady state"),
                    QCoreApplication.translate(
                        "estimate", "{0:,.0f} tokens/s while stepping (80 % range {1:,.0f}-{2:,.0f})"
                    ).format(e.steady_tokens_per_s, low, high),
                )
            )
        with i18n.speaking():  # MFU as the sheet and the plan text give it (core report.utilisation)
            rows += utilisation_rows(build)
    rows.append(
        (
            QCoreApplication.translate("estimate", "Memory"),
            QCoreApplication.translate("estimate", "{0:.1f} GiB on the most loaded GPU; {1:.1f} GiB in all").format(
                e.per_gpu_bytes / GIB, e.total_bytes / GIB
            ),
        )
    )
    table = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>" for k, v in rows)
    colon = QCoreApplication.translate("estimate", ": ")
    steps = "".join(
        f"<li><i>{html.escape(topic_name(s.topic))}</i>{colon}"
        f"{html.escape(i18n.say(s.said) if s.said is not None else i18n.sentence(s.text))}</li>"
        for s in e.steps
    )
    assumptions = "".join(
        f"<li>{html.escape(i18n.say(said))}</li>"
        for a, said in zip(e.assumptions, build.assumptions_said(), strict=True)
        if not restates_a_step(a, e.steps)
    )
    # a next step that adds a card says what upgrade.one-more says, with the card's price and what it unlocks
    adds = any(step["kind"] == "add" for step in build.next_steps)
    upgrades = "".join(
        f"<li>{html.escape(i18n.say(u))}</li>"
        for u in build.upgrades_said
        if not (adds and u.code == "upgrade.one-more")
    ) or "".join(f"<li>{html.escape(i18n.sentence(u))}</li>" for u in build.upgrades if not build.upgrades_said)
    text = f"<table cellpadding='3'>{table}</table>"
    if e.warnings:
        warned = "".join(f"<li>{html.escape(i18n.say(w))}</li>" for w in e.warnings)
        heading = QCoreApplication.translate("estimate", "Estimator warnings")
        text += f"<h4 style='color: {STATUS_COLORS['warn']};'>{heading}</h4><ul>{warned}</ul>"
    computed = QCoreApplication.translate("estimate", "How this is computed")
    assumed = QCoreApplication.translate("estimate", "Assumptions")
    text += f"<h4>{computed}</h4><ol>{steps}</ol><h4>{assumed}</h4><ul>{assumptions}</ul>"
    text += next_steps_html(build)
    if upgrades:
        grow = QCoreApplication.translate("estimate", "Other upgrades")  # not "Room to grow": that is a label's claim
        text += f"<h4>{grow}</h4><ul>{upgrades}</ul>"
    return text


def _without(reason: str, said: str) -> str:
    """The Why line less a sentence the header says on its own warning line: a training build's "13.0x slower than
    #5" stood twice under its label, in the Why line and as the warning (walk18)."""
    if not said:
        return reason
    pieces = re.split(r"(; |；)", reason)  # the sentences and, between them, their separators as they were
    kept: list[str] = []
    for i in range(0, len(pieces), 2):
        piece = pieces[i].strip()
        if piece == said:
            continue
        if piece.startswith(said + " (") and kept:
            # the sentence with the comparison against #1 after it, "(+60 USD against #1; ...)": that stays, on the
            # sentence before (a cheapest on supported software beside the one set aside, cheap42)
            kept[-1] += pieces[i][pieces[i].index(said) + len(said) :]
            continue
        kept += ([pieces[i - 1]] if kept else []) + [pieces[i]]
    return "".join(kept)
