"""Dialogs: side-by-side comparison of builds, and the catalog editor for prices and parts."""

from __future__ import annotations

import html
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price
from configurator.core.errors import CatalogError
from configurator.core.solve.build import Build
from configurator.qt import messages
from configurator.qt.builds import headroom, speed_text
from configurator.storage import overlay

GIB = 1024**3


def comparison_rows(builds: list[Build]) -> list[tuple[str, list[str]]]:
    """Row label -> one value per build (shared with tests)."""

    def part(build: Build, category: str) -> str:
        found = [p for p in build.parts if p.category == category]
        return ", ".join(f"{p.quantity} x {p.name}" for p in found) or "-"

    rows = [
        ("Label", [b.label for b in builds]),
        ("Price", [f"{b.total_price:,.0f} {b.currency}" for b in builds]),
        ("GPUs", [f"{b.nodes * b.gpu_count} x {b.gpu_id}" for b in builds]),
        ("Speed / time", [speed_text(b)[0] for b in builds]),
        ("VRAM per GPU", [f"{b.estimate.per_gpu_bytes / GIB:.1f} GiB ({headroom(b):.0%} free)" for b in builds]),
        ("Wall power", [f"{b.power.wall_w * b.nodes:,.0f} W" for b in builds]),
        ("Heat", [f"{b.power.heat_btu_h * b.nodes:,.0f} BTU/h" for b in builds]),
    ]
    for category in ("cpu", "motherboard", "memory", "psu", "chassis", "system"):
        values = [part(b, category) for b in builds]
        if any(v != "-" for v in values):
            rows.append((category.capitalize(), values))
    rows.append(("Fails / warnings", [
        "; ".join(f"{c.rule}: {c.message}" for c in b.checks if c.status != "pass") or "all pass" for b in builds]))
    return rows


class CompareDialog(QDialog):
    """Two to four builds side by side; rows that differ are highlighted."""

    def __init__(self, builds: list[Build], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Compare builds")
        rows = comparison_rows(builds)
        table = QTableWidget(len(rows), len(builds))
        table.setHorizontalHeaderLabels([f"#{b.rank} {b.label}" for b in builds])
        table.setVerticalHeaderLabels([label for label, _ in rows])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setWordWrap(True)
        bold = QFont(self.font())
        bold.setBold(True)
        self.differing: list[str] = []
        for r, (label, values) in enumerate(rows):
            differs = len(set(values)) > 1
            if differs:
                self.differing.append(label)
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if differs:
                    item.setBackground(QBrush(QColor("#fff3d6")))
                    item.setFont(bold)
                table.setItem(r, c, item)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.resizeRowsToContents()
        self.table = table
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Highlighted rows differ between the builds."))
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.resize(1000, 560)


class CatalogEditorDialog(QDialog):
    """Browse parts, set your price, or edit/add a record; saved to your overlay folder."""

    KINDS = ["gpus", "cpus", "motherboards", "memory", "psus", "chassis", "coolers", "storage", "accessories", "systems", "models"]

    def __init__(self, catalog: Catalog, currency: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Catalog editor")
        self.catalog = catalog
        self.saved = False
        self.kind = QComboBox()
        self.kind.addItems(self.KINDS)
        self.filter = QLineEdit(placeholderText="Filter")
        self.list = QListWidget()
        self.price = QDoubleSpinBox()
        self.price.setRange(0, 1e8)
        self.price.setDecimals(2)
        self.currency = QComboBox()
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(currency)
        self.condition = QComboBox()
        self.condition.addItems(["new", "used"])
        self.set_price = QPushButton("Set my price")
        self.editor = QPlainTextEdit()
        self.editor.setFont(QFont("monospace"))
        self.save = QPushButton("Save record to my catalog")
        self.message = QLabel()
        self.message.setWordWrap(True)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.addWidget(self.kind)
        lv.addWidget(self.filter)
        lv.addWidget(self.list)
        price_row = QHBoxLayout()
        price_row.addWidget(QLabel("Price"))
        price_row.addWidget(self.price, 1)
        price_row.addWidget(self.currency)
        price_row.addWidget(self.condition)
        price_row.addWidget(self.set_price)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.addLayout(price_row)
        rv.addWidget(QLabel("Record (TOML). Change the id to add a custom part:"))
        rv.addWidget(self.editor, 1)
        rv.addWidget(self.message)
        rv.addWidget(self.save)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addWidget(buttons)
        self.kind.currentTextChanged.connect(self._on_kind_current_text_changed)
        self.filter.textChanged.connect(self._fill)
        self.list.currentRowChanged.connect(self._on_list_current_row_changed)
        self.set_price.clicked.connect(self._on_set_price_clicked)
        self.save.clicked.connect(self._on_save_clicked)
        self._ids: list[str] = []
        self._fill()
        self.resize(1000, 620)

    def _on_kind_current_text_changed(self, _kind: str) -> None:
        self._fill()

    def _fill(self) -> None:
        kind = self.kind.currentText()
        tokens = self.filter.text().lower().split()
        records = [r for r in self.catalog.kind(kind) if all(t in f"{r.id} {r.name}".lower() for t in tokens)]
        self._ids = [r.id for r in records]
        self.list.clear()
        self.list.addItems([f"{r.name}  ({r.id})" for r in records])
        if records:
            self.list.setCurrentRow(0)

    def _record(self):  # type: ignore[no-untyped-def]
        row = self.list.currentRow()
        if row < 0 or row >= len(self._ids):
            return None
        return self.catalog.get(self.kind.currentText(), self._ids[row])

    def _on_list_current_row_changed(self, _row: int) -> None:
        record = self._record()
        if record is None:
            return
        self.editor.setPlainText(overlay.record_text(self.kind.currentText(), record))
        current = record.price(self.currency.currentText(), self.condition.currentText())
        self.price.setValue(current.amount if current else 0)

    def _on_set_price_clicked(self) -> None:
        record = self._record()
        if record is None or self.price.value() <= 0:
            self.message.setText("Choose a part and a price above zero.")
            return
        price = Price(amount=self.price.value(), currency=self.currency.currentText(), condition=self.condition.currentText(),
                      date=date.today(), source="my price (entered in the catalog editor)")
        updated = record.model_copy(update={"prices": (price, *record.prices)})
        self._store(updated)

    def _on_save_clicked(self) -> None:
        try:
            record = overlay.parse_record_text(self.kind.currentText(), self.editor.toPlainText())
        except CatalogError as exc:
            self.message.setText("<span style='color:#c8553d'>" + "<br>".join(html.escape(str(p)) for p in exc.problems) + "</span>")
            return
        self._store(record)

    def _store(self, record) -> None:  # type: ignore[no-untyped-def]
        kind = self.kind.currentText()
        try:
            file = overlay.save_record(kind, record)
        except (OSError, CatalogError) as exc:
            messages.warn(self, "Could not save", f"Could not write your catalog file: {exc}")
            return
        self.catalog.records[kind][record.id] = record
        self.saved = True
        self.message.setText(html.escape(f"Saved {record.id} to {file}"))
        self._fill()
        if record.id in self._ids:
            self.list.setCurrentRow(self._ids.index(record.id))
        self.list.setFocus(Qt.FocusReason.OtherFocusReason)


class PreferencesDialog(QDialog):
    """Defaults for new projects and the colour scheme; stored as JSON in the config folder."""

    def __init__(self, prefs, parent: QWidget | None = None):  # type: ignore[no-untyped-def]
        from PySide6.QtWidgets import QFormLayout

        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.currency = QComboBox()
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(prefs.currency)
        self.region = QComboBox()
        self.region.addItem("global", "global")
        self.region.addItem("China", "china")
        self.region.setCurrentIndex(self.region.findData(prefs.region))
        self.theme = QComboBox()
        for text, key in (("follow the system", "system"), ("light", "light"), ("dark", "dark")):
            self.theme.addItem(text, key)
        self.theme.setCurrentIndex(self.theme.findData(prefs.theme))
        form = QFormLayout()
        form.addRow("Currency of new projects", self.currency)
        form.addRow("Region of new projects", self.region)
        form.addRow("Colours", self.theme)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.prefs = prefs

    def result_prefs(self):  # type: ignore[no-untyped-def]
        return self.prefs.model_copy(update={"currency": self.currency.currentText(), "region": self.region.currentData(),
                                             "theme": self.theme.currentData()})
