"""The Map dialog: the cheapest machine for each model size and precision, filled as cells are solved, and a value-ranking chart."""

from __future__ import annotations

import html
import threading

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRect, Qt, QThreadPool, QTimer
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.core.advise.landscape import (
    MACHINE_COLOURS,
    MapCache,
    MapCell,
    MapChoice,
    RankedGpu,
    RecommendationMap,
    column_label,
    default_models,
    map_speed_note,
    map_workloads,
    recommendation_map,
    speed_floor,
    value_ranking,
)
from configurator.core.advise.mapworkers import MapWorkers, start_method
from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import Reason, english
from configurator.core.model.request import OWNED_KINDS, OwnedPart
from configurator.core.report.fit import cards_said, short_gpu_said
from configurator.qt import i18n
from configurator.qt.jobs import BackgroundJob

MAP_WORKLOADS = ("int4", "int8", "fp16", "lora", "qlora", "full")
VALUE_TITLE = QT_TRANSLATE_NOOP("RecommendationMapDialog", "Value: price per token/s (lower is better)")
MACHINE_WORDS = {
    "tower": QT_TRANSLATE_NOOP("RecommendationMapDialog", "tower"),
    "workstation": QT_TRANSLATE_NOOP("RecommendationMapDialog", "workstation"),
    "server": QT_TRANSLATE_NOOP("RecommendationMapDialog", "server"),
    "cluster": QT_TRANSLATE_NOOP("RecommendationMapDialog", "cluster"),
    "mini-pc": QT_TRANSLATE_NOOP("RecommendationMapDialog", "mini PC"),
    "laptop": QT_TRANSLATE_NOOP("RecommendationMapDialog", "laptop"),
}
"""The legend's machine types (advise.MACHINE_COLOURS) in the window's language."""
COLUMN_WORDS = {"full fine-tune": QT_TRANSLATE_NOOP("RecommendationMapDialog", "full fine-tune")}
"""Column headers that are words, not a format's name (INT4, LoRA): advise.column_label's."""
CPU_ONLY = "CPU only"  # advise._choice's name for a machine without a card


def _tr(text: object) -> str:
    return QCoreApplication.translate("RecommendationMapDialog", str(text))


class RecommendationMapDialog(QDialog):
    """Model size down, precision or fine-tuning method across; click a cell to plan it."""

    def __init__(self, session, parent=None, models=None, columns=MAP_WORKLOADS):  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setWindowTitle(self.tr("Recommendation map"))
        self.session = session
        self.cache = MapCache()
        self.map_result: RecommendationMap | None = None  # not `result`: QDialog.result() is the dialog's exit code
        self.cells: dict[tuple[int, int], MapCell] = {}
        self._job = 0
        self._stop: threading.Event | None = None
        self._alive: dict[int, object] = {}
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        # worker processes for the cells, started with the first map and kept for the re-solves (a fresh
        # interpreter, not fork: this process has Qt's threads and maybe a plan solving in one)
        self._workers: MapWorkers | None = None
        self.closed = False
        self.finished.connect(self._on_finished)
        self.models = models if models is not None else default_models(session.catalog)
        methods = ("lora", "qlora", "full")
        self._column_keys = list(columns)
        self.workloads = self._workloads_at(session.request.workload.context)
        self.columns = [column_label(c, None) if c not in methods else column_label("", c) for c in columns]
        self.table = QTableWidget(len(self.models), len(self.columns))
        # the columns are matched by the core's labels (a cell's `column`); the headers say them in the window's language
        self.table.setHorizontalHeaderLabels([_tr(COLUMN_WORDS[c]) if c in COLUMN_WORDS else c for c in self.columns])
        self.table.setVerticalHeaderLabels([f"{m.name} ({m.params_total_b:g}B)" for m in self.models])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # the columns share the dialog's width: cells name whole GPUs instead of wrapping ids mid-word
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.cellClicked.connect(self._on_table_cell_clicked)
        self.progress = QProgressBar()
        self.legend = QLabel(
            "  ".join(
                f"<span style='background:{c}'>&nbsp;{_tr(MACHINE_WORDS.get(k, k))}&nbsp;</span>"
                for k, c in MACHINE_COLOURS.items()
            )
        )
        self.print_button = QPushButton(self.tr("Print…"))
        self.print_button.clicked.connect(self.print_map)
        self.owned_note = QLabel()
        self.owned_note.setWordWrap(True)
        self.chart = pg.PlotWidget(title=_tr(VALUE_TITLE), enableMenu=False)  # MENU in qt/charts.py
        self.chart.setBackground(None)  # the window's palette, as the build charts use
        self.chart.setMouseEnabled(x=False, y=False)
        self.chart.hideButtons()
        self.chart.showGrid(x=True, y=False, alpha=0.25)
        self.chart.setMinimumHeight(300)  # twelve bars of ~20 px: each keeps its label
        # every bar names its GPU: pyqtgraph otherwise drops every other label when rows are close
        self.chart.getAxis("left").setStyle(hideOverlappingLabels=False)
        top = QHBoxLayout()
        top.addWidget(self.legend, 1)
        top.addWidget(self.progress)
        top.addWidget(self.print_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.owned_note)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.chart, 2)
        self.resize(*fitted_size(self, 1100, 860))
        session.catalog_changed.connect(self.refresh_for_catalog)
        # the bars rank GPUs for the session's request: a clicked cell (or any edit) changes it
        session.request_changed.connect(self._on_session_request_changed)
        self.ranking: tuple[RankedGpu, ...] = ()
        self.empty_note: pg.TextItem | None = None
        self.refresh(ranking=False)
        # the bars estimate every GPU on this thread (about a second of CPU): after the dialog is on screen, not
        # before it (#34: shown at once, the cells solved in the background meanwhile)
        QTimer.singleShot(0, self, self._draw_ranking_if_open)

    def _workloads_at(self, context: int | None) -> list:  # type: ignore[type-arg]
        """The columns' workloads at the user's context: a cell is solved, and opened, for the job as asked (a click
        had turned the user's 8192 into the map's own 4096)."""
        methods = ("lora", "qlora", "full")
        keys = self._column_keys
        return [w for c in keys if c not in methods for w in map_workloads("inference", [c], context=context)] + [
            w for c in keys if c in methods for w in map_workloads("finetune", (), c, context=context)
        ]

    def _on_session_request_changed(self, _request: object) -> None:
        self.draw_ranking()

    def _draw_ranking_if_open(self) -> None:
        if not self.closed:
            self.draw_ranking()

    def refresh(self, ranking: bool = True) -> None:
        """Re-solve the map in the background (prices, filter and site from the session's request), and redraw the
        value bars unless `ranking` is false."""
        if self._stop is not None:
            self._stop.set()
        self._job += 1
        self._stop = threading.Event()
        self.table.clearContents()
        self.cells.clear()
        self.progress.setValue(0)
        self.progress.setFormat("%p%")  # a re-solve after a failure
        catalog, base, cache, stop = self.session.catalog, self.session.request, self.cache, self._stop
        self.workloads = self._workloads_at(base.workload.context)
        workers = self._workers_for(catalog)
        speed = self._speed_text([speed_floor(base.model_copy(update={"workload": w})) for w in self.workloads])
        self.owned_note.setText(
            ("；" if i18n.current() == "zh_CN" else "; ").join(t for t in (speed, self._owned_text(base.owned)) if t)
        )
        self.owned_note.setVisible(bool(self.owned_note.text()))
        models, workloads = self.models, self.workloads

        def work(report):  # type: ignore[no-untyped-def]
            return recommendation_map(
                catalog,
                workloads,
                models=models,
                base=base,
                cache=cache,
                should_stop=stop.is_set,
                workers=workers,
                on_cell=lambda cell, done, total: report((cell, done, total)),
            )

        job = BackgroundJob(self._job, work, stopped=stop.is_set)
        job.signals.partial.connect(self._on_job_partial)
        job.signals.finished.connect(self._on_job_finished)
        job.signals.failed.connect(self._on_job_failed)
        # the signals object lives until its last queued signal is delivered (see Session._keep)
        self._alive[job.job_id] = job.signals
        job.signals.done.connect(lambda job_id: self._alive.pop(job_id, None))
        self._pool.start(job)
        if ranking:
            self.draw_ranking()

    def _workers_for(self, catalog):  # type: ignore[no-untyped-def]
        """The worker processes for this catalog (each holds a copy): new ones when the catalog changes."""
        if self._workers is not None and self._workers.catalog is not catalog:
            self._workers.close()
            self._workers = None
        if self._workers is None:
            method = start_method(clean=True)
            self._workers = MapWorkers(catalog, method=method) if method is not None else None
        return self._workers

    def _on_finished(self, _result: int) -> None:
        # a closed map no longer re-solves at every edit or catalog change
        self.closed = True
        self.session.catalog_changed.disconnect(self.refresh_for_catalog)
        self.session.request_changed.disconnect(self._on_session_request_changed)
        self.stop_workers()

    def refresh_for_catalog(self, _catalog: object) -> None:
        self.refresh()

    def stop_workers(self) -> None:
        """Stop the map being solved and end the worker processes (the dialog is closed, or the app)."""
        if self._stop is not None:
            self._stop.set()
        if self._workers is not None:
            self._workers.close()
            self._workers = None

    def wait_idle(self, msecs: int = 120000) -> bool:
        return self._pool.waitForDone(msecs)

    def _on_job_partial(self, job_id: int, value: tuple[MapCell, int, int]) -> None:
        self._on_job_cell_solved(job_id, *value)

    def _on_job_failed(self, job_id: int, message: str) -> None:
        if job_id == self._job:
            # the progress bar is a few words wide: the reason was cut to "the map could not be solved:"
            self.progress.setFormat(self.tr("not solved"))
            self.owned_note.setText(f"<b>{self.tr('The map could not be solved:')}</b> {html.escape(message)}")
            self.owned_note.setVisible(True)

    def _on_job_cell_solved(self, job_id: int, cell: MapCell, done: int, total: int) -> None:
        if job_id != self._job:
            return  # superseded by a newer re-solve
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        row = next(i for i, m in enumerate(self.models) if m.id == cell.model)
        column = self.columns.index(cell.column)
        self.cells[(row, column)] = cell
        c = cell.cheapest
        item = QTableWidgetItem(f"{self._machine(c)}\n{c.price:,.0f} {c.currency}" if c else "—")
        item.setToolTip(
            i18n.say_all(cell.why)
            or ("；" if i18n.current() == "zh_CN" else "; ").join(
                self.tr("or %1: %2").replace("%1", self._machine(a)).replace("%2", f"{a.price:,.0f}")
                for a in cell.alternatives
            )
            or (_tr(MACHINE_WORDS.get(c.machine, c.machine)) if c else "")
        )
        if c is not None:
            item.setBackground(QBrush(QColor(MACHINE_COLOURS[c.machine])))
        self.table.setItem(row, column, item)
        # as each cell arrives: rows sized only when the map was done hid a drawn cell's price until the last cell
        self.table.resizeRowToContents(row)
        self._fit_row(row)

    def _on_job_finished(self, job_id: int, result: RecommendationMap) -> None:
        if job_id == self._job:
            self.map_result = result
            self.table.resizeRowsToContents()
            for row in range(self.table.rowCount()):
                self._fit_row(row)

    def _fit_row(self, row: int) -> None:
        """Room for every line of the row's cells as drawn: the size hint counts the table's font only, and a line in a
        fallback font (Chinese under zh_CN: "仅 CPU") is taller, so the cell was elided to "仅 CPU..." and its price hidden."""
        metrics = QFontMetrics(self.table.font())
        need = 0
        for column in range(self.table.columnCount()):
            item = self.table.item(row, column)
            if item is not None and item.text():
                box = QRect(0, 0, max(1, self.table.columnWidth(column) - 8), 10_000)
                need = max(need, metrics.boundingRect(box, int(Qt.TextFlag.TextWordWrap), item.text()).height() + 8)
        if self.table.rowHeight(row) < need:
            self.table.setRowHeight(row, need)

    def _on_table_cell_clicked(self, row: int, column: int) -> None:
        cell = self.cells.get((row, column))
        if cell is not None and cell.cheapest is not None:
            self.session.set_request(opened_request(self.session.request, cell.request))

    def draw_ranking(self) -> None:
        """Bars of price per token/s for the session's current model and workload, best value first."""
        request = self.session.request
        model = self.session.catalog.records["models"].get(request.model_id)
        self.chart.clear()
        self.ranking = ()
        self.empty_note = None
        if not isinstance(model, ModelArch):
            self.chart.setTitle(_tr(VALUE_TITLE))
            return
        # which job the bars rank, and that they price the cards alone: a cell's whole machine costs far more per token/s
        w = request.workload
        # the precision the estimate runs at: a request that names none is bf16 ("None inference" was the title)
        job = (
            self.tr("%1 inference").replace("%1", w.resolved(model.max_context).precision or "bf16")
            if w.kind == "inference"
            else self.tr("%1 fine-tuning").replace("%1", _tr(COLUMN_WORDS.get(label, label)))
            if w.kind == "finetune" and (label := column_label("", w.method))
            else self.tr("pretraining")
        )
        self.chart.setTitle(
            self.tr("%1: %2, %3, the GPUs' price alone")
            .replace("%1", _tr(VALUE_TITLE))
            .replace("%2", model.name)
            .replace("%3", job)
        )
        try:
            self.ranking = value_ranking(model, request.workload, self.session.catalog, request)[:12]
        except Exception:
            return
        rows = [r for r in self.ranking if r.price_per_tps is not None]
        if not rows:
            # an empty plot under a title that promises a ranking (Sam's 70B pretraining: no single machine holds it)
            self.empty_note = pg.TextItem(
                self.tr(
                    "No GPU runs this job in one machine of up to %1 cards: nothing to rank. The map's cells above "
                    "and the plan show what does."
                ).replace("%1", str(request.max_gpus)),
                color="#555555",
                anchor=(0.5, 0.5),
            )
            self.chart.addItem(self.empty_note)
            self.empty_note.setPos(0.5, 0.5)
            self.chart.setXRange(0, 1)
            self.chart.setYRange(0, 1)
            self.chart.getAxis("left").setTicks([[]])
            return
        self.empty_note = None
        # horizontal bars, best value at the top: twelve GPU names side by side overlapped each other
        ys = list(range(1, len(rows) + 1))[::-1]  # from 1: pyqtgraph drew no label at y = 0
        bars = pg.BarGraphItem(x0=0, y=ys, width=[r.price_per_tps or 0.0 for r in rows], height=0.6, brush="#4a7bd0")
        self.chart.addItem(bars)
        left = self.chart.getAxis("left")
        labels = [i18n.say(cards_said(r.count, short_gpu_said(r.gpu_name))) for r in rows]
        # as wide as the longest label: pyqtgraph silently drops a label that does not fit its axis
        metrics = QFontMetrics(left.style["tickFont"] or self.chart.font())
        left.setWidth(max((metrics.horizontalAdvance(t) for t in labels), default=0) + 24)
        left.setTicks([list(zip(ys, labels))])
        self.chart.setYRange(
            0.2, len(rows) + 0.8, padding=0
        )  # room for the end labels, which pyqtgraph drops at the edge
        # the bars set their own width: the empty chart's fixed 0..1 stayed after it (70B pretraining, then Qwen3 32B:
        # every bar ran off the plot's right edge at "1.0")
        self.chart.setXRange(0, max(r.price_per_tps or 0.0 for r in rows) * 1.05, padding=0)
        self.chart.setLabel("bottom", self.tr("%1 of GPUs per token/s").replace("%1", request.currency))
        self.bars = bars

    def _owned_text(self, owned: tuple[OwnedPart, ...]) -> str:
        if not owned:
            return ""
        names = ", ".join(f"{p.quantity} x {self._part_name(p.category, p.id)}" for p in owned)
        return self.tr(
            "Prices here are whole machines, without the parts you own (%1); the plan a cell opens counts them, so "
            "its total can be lower."
        ).replace("%1", names)

    def _speed_text(self, floors: list[float | None]) -> str:
        """What the inference cells were asked to reach (advise.map_speed_note's sentence), in the window's language."""
        asked = sorted({f for f in floors if f})
        if not asked:
            return ""
        note = map_speed_note(asked)
        sentence = (
            self.tr("Each inference machine serves at least %1 tokens/s per user (reading speed)")
            if note.endswith("(reading speed)")
            else self.tr("Each inference machine serves at least %1 tokens/s per user")
        )
        return sentence.replace("%1", f"{asked[0]:g}")

    def _machine(self, choice: MapChoice) -> str:
        """A cell's machine (machine_text) with "CPU only" in the window's language."""
        if choice.count == 0 and choice.gpu_name == CPU_ONLY:
            return self.tr("CPU only")
        return i18n.say(machine_said(choice))  # "(modified)" in the buyer's words, as the builds table says it

    def _part_name(self, category: str, part_id: str) -> str:
        record = self.session.catalog.records.get(OWNED_KINDS.get(category, category), {}).get(part_id)
        return str(getattr(record, "name", part_id))

    def print_map(self) -> None:
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        from configurator.core.advise.landscape import map_html
        from configurator.qt.printing import sheet_document

        if self.map_result is None:
            return
        doc = sheet_document(map_html(self.map_result))
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintPreviewDialog(printer, self)
        dialog.paintRequested.connect(doc.print_)
        dialog.exec()


def fitted_size(widget: QWidget, width: int, height: int) -> tuple[int, int]:
    """`width` x `height`, or less where the screen is smaller: at 1366x768 the map's 860 px ran past the screen's
    foot, the value chart's axis and last bars out of sight (#31, laptop screens). Room is left for a title bar."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return width, height
    room = screen.availableGeometry()
    return min(width, room.width() - 20), min(height, room.height() - 40)


def machine_said(choice: MapChoice) -> Reason:
    """A cell's machine as a code: "2 x RTX 3090" (card.count), or a machine without a card of its own by its name
    (card.name: "0 x CPU only" was shown)."""
    name = short_gpu_said(choice.gpu_name)
    # a ready-made box's own GPU (system_gpu: "<system>-gpu") is not a card a buyer counts: "1 x GMKtec ..." was shown
    return name if choice.count == 0 or choice.gpu.endswith("-gpu") else cards_said(choice.count, name)


def machine_text(choice: MapChoice) -> str:
    """A cell's machine in English: "2 x RTX 3090", or a machine without a card of its own by its name."""
    return english(machine_said(choice))


def opened_request(current, cell_request):  # type: ignore[no-untyped-def]
    """What a click on a cell asks: the cell's model and job (precision, or fine-tuning method) on the user's own
    request; every other input stays as the user set it (a click had set the map's speed floor as a target)."""
    asked = cell_request.workload
    mine = current.workload
    if mine.kind == asked.kind:
        workload = mine.model_copy(update={"precision": asked.precision, "method": asked.method})
    else:
        workload = asked.model_copy(update={"context": mine.context})
    return current.model_copy(update={"model_id": cell_request.model_id, "workload": workload})
