"""Import a vendor's quote into your catalog overlay: each line matched to a catalog id, reviewed before it is written."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.quote import QuoteLine, ambiguity_note, priced_records, read_quote, review
from configurator.core.common.errors import CatalogError
from configurator.qt import messages
from configurator.storage import overlay

COLUMNS = [
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Line")),
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Quoted part")),
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Price")),
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Date")),
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Vendor")),
    str(QT_TRANSLATE_NOOP("QuoteImportDialog", "Catalog part")),
]
SKIP = str(QT_TRANSLATE_NOOP("QuoteImportDialog", "(skip this line)"))


class QuoteImportDialog(QDialog):
    """The quote's lines with the suggested catalog part for each; Import writes the chosen ones' prices."""

    def __init__(self, catalog: Catalog, path: Path, currency: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import quote: {0}").format(path.name))
        self.catalog = catalog
        self.path = path
        self.saved = False
        self.lines: list[QuoteLine] = []
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.import_button = QPushButton(self.tr("Import the matched prices into my catalog"))
        self.currency = currency
        # "1.599" in EUR is 1.599 or 1,599.00: the user says which mark the quote uses, the app never guesses
        self.decimal = QComboBox()
        for label, mark in (
            (self.tr("Decimal mark: from the quote"), None),
            (self.tr("Decimal comma (1.599,00)"), ","),
            (self.tr("Decimal point (1,599.00)"), "."),
        ):
            self.decimal.addItem(label, mark)
        self.decimal.currentIndexChanged.connect(self._on_decimal_changed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(self.tr("Check the catalog part each line is matched to; unmatched lines are skipped."))
        )
        layout.addWidget(self.decimal)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.import_button)
        layout.addWidget(buttons)
        self.import_button.clicked.connect(self._on_import_clicked)
        self.resize(1000, 520)
        self._read()

    def _read(self) -> None:
        try:
            self.lines = review(self.catalog, read_quote(self.path, self.currency, self.decimal.currentData()))
        except (CatalogError, OSError) as exc:
            problems = exc.problems if isinstance(exc, CatalogError) else [exc]
            self.lines = []
            self.table.setRowCount(0)
            self.message.setText(
                "<span style='color:#c8553d'>" + "<br>".join(html.escape(str(p)) for p in problems) + "</span>"
            )
            self.import_button.setEnabled(False)
            return
        self._fill()

    def _on_decimal_changed(self, _index: int) -> None:
        self._read()

    def _fill(self) -> None:
        self.table.setRowCount(len(self.lines))
        self.choices: list[QComboBox] = []
        for row, line in enumerate(self.lines):
            amount = f"{line.readings[0]:,.3f} or {line.readings[1]:,.2f}?" if line.ambiguous else f"{line.amount:,.2f}"
            values = [
                str(line.row),
                line.part,
                f"{amount} {line.currency} ({line.condition})",
                line.date.isoformat(),
                line.vendor,
            ]
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))
            combo = QComboBox()
            combo.addItem(self.tr(SKIP), None)
            for m in line.matches:
                combo.addItem(f"{m.name} ({m.kind}: {m.id}, {m.score:.0%})", m)
            combo.setCurrentIndex(line.matches.index(line.chosen) + 1 if line.chosen in line.matches else 0)
            combo.currentIndexChanged.connect(lambda _i, r=row: self._on_choice_changed(r))
            self.table.setCellWidget(row, 5, combo)
            self.choices.append(combo)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self._count()

    def _on_choice_changed(self, row: int) -> None:
        self.lines[row].chosen = self.choices[row].currentData()
        self._count()

    def _count(self) -> None:
        chosen = sum(line.chosen is not None for line in self.lines)
        unclear = [line for line in self.lines if line.ambiguous]
        text = self.tr("{0} of {1} lines matched.").format(chosen, len(self.lines))
        if unclear:  # never guessed: the quote is read again once the user says which decimal mark it uses
            text += self.tr(
                " {0} price(s) can be read two ways (e.g. {1}); choose the decimal mark above, or they are not imported."
            ).format(len(unclear), ambiguity_note(unclear[0]))
        self.message.setText(text)
        self.import_button.setEnabled(any(line.chosen is not None and not line.ambiguous for line in self.lines))

    def _on_import_clicked(self) -> None:
        source = f"vendor quote {self.path.name}"
        try:
            records = priced_records(self.catalog, [line for line in self.lines if not line.ambiguous], source)
            files = [overlay.save_records(kind, list(found)) for kind, found in records.items()]
        except (OSError, CatalogError) as exc:
            messages.warn(
                self, self.tr("Could not save"), self.tr("Could not write your catalog file: {0}").format(exc)
            )
            return
        for kind, found in records.items():
            for record in found:
                self.catalog.records[kind][record.id] = record
        self.saved = True
        count = sum(len(found) for found in records.values())
        saved = self.tr("Saved prices for {0} parts to {1}").format(count, ", ".join(str(f) for f in files))
        self.message.setText(html.escape(saved))
