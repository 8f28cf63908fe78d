"""The catalog editor: a record as a form (fields by type, with units), its prices as a table, the TOML as an expert view."""

from __future__ import annotations

import datetime
import html
import types
import typing
from typing import Any, Literal

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Currency, Price, Record
from configurator.core.common.errors import CatalogError, InvalidInputError
from configurator.core.report import words
from configurator.qt import i18n, messages
from configurator.qt.catalog_fields import field_label
from configurator.storage import overlay

ERROR_COLOR = "#c8553d"
MY_PRICE_SOURCE = "my price (entered in the catalog editor)"
# unit by the field name's ending (the models name their units that way: tdp_w, vram_gb, length_mm ...)
UNITS = (
    ("_gbps", "GB/s"),
    ("_tflops", "TFLOPS"),
    ("_tops", "TOPS"),
    ("_mts", "MT/s"),
    ("_ghz", "GHz"),
    ("_mbps", "MB/s"),
    ("_w", "W"),
    ("_gb", "GB"),
    ("_tb", "TB"),
    ("_mm", "mm"),
    ("_b", "billion"),
)
CURRENCIES: tuple[str, ...] = typing.get_args(Currency)
CONDITIONS: tuple[str, ...] = typing.get_args(Price.model_fields["condition"].annotation)
PRICE_FIELDS = ("amount", "currency", "condition", "date", "source", "note")
"""Price's fields in the order of the table's columns (PRICE_COLUMNS)."""
PRICE_COLUMNS = [
    QT_TRANSLATE_NOOP("RecordForm", "Amount"),
    QT_TRANSLATE_NOOP("RecordForm", "Currency"),
    QT_TRANSLATE_NOOP("RecordForm", "Condition"),
    QT_TRANSLATE_NOOP("RecordForm", "Date"),
    QT_TRANSLATE_NOOP("RecordForm", "Source"),
    QT_TRANSLATE_NOOP("RecordForm", "Note"),
]


def choice_word(field: str, value: object) -> str:
    """A record field's choice in the window's language (core.report.words.choice)."""
    with words.language(i18n.current()):
        return words.choice(field, value)


def unit_of(name: str, description: str | None) -> str:
    if description and "Gb/s" in description:
        return "Gb/s"  # network line rates are in bits
    return next((unit for suffix, unit in UNITS if name.endswith(suffix)), "")


def _base_type(annotation: Any) -> tuple[Any, bool]:
    """(the type, whether None is allowed) of `X | None` and plain annotations."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return (rest[0] if len(rest) == 1 else annotation), True
    return annotation, False


def form_fields(model: type[BaseModel]) -> tuple[list[tuple[str, Any, bool]], list[str]]:
    """Fields the form edits (name, type, optional) and the structured ones left to the TOML view."""
    simple, structured = [], []
    for name, info in model.model_fields.items():
        if name == "prices":
            continue
        base, optional = _base_type(info.annotation)
        if base in (bool, int, float, str) or typing.get_origin(base) is Literal:
            simple.append((name, base, optional))
        else:
            structured.append(name)
    return simple, structured


class RecordForm(QWidget):
    """One record's scalar fields, each with its label in words, its unit and its own error; prices in a table below.

    A field's error is shown once the user leaves the field (or picks a choice), a price row's once the user leaves
    the row, and every error when the user tries to save (`show_all`): never while typing (window16's walk: a raw
    English pydantic error under a price row the moment it was added)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.layout_ = QVBoxLayout(self)
        self.fields: dict[str, QWidget] = {}
        self.errors: dict[str, QLabel] = {}
        self.types: dict[str, tuple[Any, bool]] = {}
        self.base: dict[str, Any] = {}
        self.model: type[Record] | None = None
        self.left: set[str] = set()  # fields the user has finished editing: their errors are shown
        self.left_rows: set[int] = set()  # price rows the user has left: their errors are shown
        self.all_shown = False  # the user tried to save: every error is shown
        self.structured = QLabel()
        self.structured.setWordWrap(True)
        self.structured.setStyleSheet("color: gray;")
        self.prices = QTableWidget(0, len(PRICE_COLUMNS))
        # in the window's language: Dr. Chen's Chinese editor headed its prices "Amount, Currency, Condition..."
        self.prices.setHorizontalHeaderLabels([QCoreApplication.translate("RecordForm", str(c)) for c in PRICE_COLUMNS])
        self.prices.verticalHeader().hide()
        self._stretch_source_and_note()
        self.prices.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.add_price = QPushButton(self.tr("Add my price"))
        self.remove_price = QPushButton(self.tr("Remove price"))
        self.price_error = QLabel()
        self.price_error.setStyleSheet(f"color: {ERROR_COLOR};")
        self.price_error.setWordWrap(True)
        self._form_host = QWidget()
        self.form = QFormLayout(self._form_host)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._form_host)
        buttons = QHBoxLayout()
        buttons.addWidget(QLabel(self.tr("<b>Prices</b> (each with its currency, condition, date and source)")), 1)
        buttons.addWidget(self.add_price)
        buttons.addWidget(self.remove_price)
        self.layout_.addWidget(scroll, 3)
        self.layout_.addWidget(self.structured)
        self.layout_.addLayout(buttons)
        self.layout_.addWidget(self.prices, 2)
        self.layout_.addWidget(self.price_error)
        self.currency = "USD"
        self.on_change = lambda: None
        self.add_price.clicked.connect(self._on_add_price_clicked)
        self.remove_price.clicked.connect(self._on_remove_price_clicked)
        self.prices.itemChanged.connect(self._on_prices_item_changed)
        self.prices.currentCellChanged.connect(self._on_prices_current_cell_changed)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_app_focus_changed)

    # ------------------------------------------------------------------ filling

    def show_record(self, record: Record) -> None:
        self.model = type(record)
        self.base = record.model_dump(mode="python")
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields, self.errors, self.types = {}, {}, {}
        self.left, self.left_rows, self.all_shown = set(), set(), False
        simple, structured = form_fields(type(record))
        for name, base, optional in simple:
            info = type(record).model_fields[name]
            editor = self._editor(name, base, optional, self.base.get(name))
            editor.setToolTip(i18n.field_help(info.description) if info.description else field_label(name))
            error = QLabel()
            error.setStyleSheet(f"color: {ERROR_COLOR};")
            error.setWordWrap(True)
            error.hide()
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(editor, 1)
            unit = unit_of(name, info.description)
            if unit:
                line.addWidget(QLabel(unit))
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(row)
            column.addWidget(error)
            self.form.addRow(field_label(name), box)
            self.fields[name], self.errors[name], self.types[name] = editor, error, (base, optional)
        self.structured.setText(
            (self.tr("Structured fields (edit them in the TOML view): ") + ", ".join(structured)) if structured else ""
        )
        self._fill_prices(record.prices)

    def _editor(self, name: str, base: Any, optional: bool, value: Any) -> QWidget:
        if base is bool:
            check = QCheckBox()
            check.setChecked(bool(value))
            check.toggled.connect(lambda _on: self._finished(name))
            return check
        if typing.get_origin(base) is Literal:
            combo = QComboBox()
            if optional:
                combo.addItem(self.tr("(none)"), None)
            # the record keeps its key, the list shows the word (core.report.words.choice): the Chinese editor
            # offered "nvidia" and "consumer" (walk19)
            for choice in typing.get_args(base):
                combo.addItem(choice_word(name, choice), choice)
            combo.setCurrentIndex(max(combo.findData(value), 0))
            combo.currentIndexChanged.connect(lambda _i: self._finished(name))
            return combo
        edit = QLineEdit("" if value is None else (f"{value:g}" if isinstance(value, float) else str(value)))
        if optional:
            edit.setPlaceholderText(self.tr("(none)"))
        edit.textChanged.connect(lambda _t: self._typing(name))
        edit.editingFinished.connect(lambda: self._finished(name))
        return edit

    def _typing(self, name: str) -> None:
        """A field being typed in keeps its error hidden until the user leaves it."""
        self.left.discard(name)
        self.on_change()

    def _finished(self, name: str) -> None:
        self.left.add(name)
        self.on_change()

    def show_all(self) -> None:
        """The user tried to save: every error shows from now on (for this record)."""
        self.all_shown = True

    def _on_prices_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() in (4, 5) and item.toolTip() != item.text():
            item.setToolTip(item.text())  # the tooltip says what the cell holds now
        self.on_change()

    def _on_prices_current_cell_changed(self, row: int, _column: int, previous_row: int, _previous: int) -> None:
        if previous_row >= 0 and previous_row != row:
            self._left_row(previous_row)

    def _on_app_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        """Focus moved from the price table (or an editor in it) to another widget of the window: the row is left."""
        try:
            inside = self.prices
            inside.objectName()  # a form Qt has deleted raises here (the application outlives it)
        except RuntimeError:
            return
        if old is None or new is None or not (old is inside or inside.isAncestorOf(old)):
            return
        if new is not inside and not inside.isAncestorOf(new) and self.prices.currentRow() >= 0:
            self._left_row(self.prices.currentRow())

    def _left_row(self, row: int) -> None:
        if row not in self.left_rows:
            self.left_rows.add(row)
            self.on_change()

    def _fill_prices(self, prices: tuple[Price, ...]) -> None:
        self.prices.blockSignals(True)
        self.prices.setRowCount(0)
        for price in prices:
            self._append_price(price)
        self.prices.resizeColumnsToContents()
        self._stretch_source_and_note()
        self.prices.blockSignals(False)

    def _stretch_source_and_note(self) -> None:
        """Source and Note share the width the short columns leave: with Note sized to its text, Dr. Chen's editor at
        1366 x 768 left Source three letters wide, its header cut to "ourc" (walk42); each cell's whole text is its
        tooltip."""
        header = self.prices.horizontalHeader()
        for column in (4, 5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)

    def _append_price(self, price: Price) -> None:
        row = self.prices.rowCount()
        self.prices.insertRow(row)
        amount = QTableWidgetItem(f"{price.amount:.2f}")
        amount.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # what the table has no column for rides with the row, so a save keeps it (an export price stays one)
        # (round 40: and the tax the amount includes, its region and whether its VAT is in it: catalog.tax)
        amount.setData(
            Qt.ItemDataRole.UserRole,
            {
                "terms": price.terms,
                "estimate_reason": price.estimate_reason,
                "region": price.region,
                "vat_included": price.vat_included,
            },
        )
        self.prices.setItem(row, 0, amount)
        # the Chinese editor offered "new, used, refurbished" under 成色
        conditions = [(choice_word("condition", c), c) for c in CONDITIONS]
        currencies = [(c, c) for c in CURRENCIES]
        for column, (choices, value) in ((1, (currencies, price.currency)), (2, (conditions, price.condition))):
            combo = QComboBox()
            for shown, key in choices:
                combo.addItem(shown, key)
            combo.setCurrentIndex(max(combo.findData(value), 0))
            combo.currentIndexChanged.connect(lambda _i: self.on_change())
            self.prices.setCellWidget(row, column, combo)
        self.prices.setItem(row, 3, QTableWidgetItem(price.date.isoformat()))
        for column, text in ((4, price.source), (5, price.note)):
            item = QTableWidgetItem(text)
            item.setToolTip(text)  # the cell shows its start (a long URL, a long note)
            self.prices.setItem(row, column, item)

    def _on_add_price_clicked(self) -> None:
        self.prices.blockSignals(True)
        # a placeholder amount the user types over; validation flags it until it is a real price
        self._append_price(
            Price(
                amount=1,
                currency=self.currency,  # type: ignore[arg-type]
                condition="new",  # type: ignore[arg-type]
                date=datetime.date.today(),
                source=MY_PRICE_SOURCE,
            )
        )
        placeholder = self.prices.item(self.prices.rowCount() - 1, 0)
        if placeholder is not None:
            placeholder.setText("")
        self.prices.blockSignals(False)
        self.prices.setCurrentCell(self.prices.rowCount() - 1, 0)
        self.on_change()

    def _on_remove_price_clicked(self) -> None:
        row = self.prices.currentRow()
        if row >= 0:
            self.left_rows = {r - (r > row) for r in self.left_rows if r != row}
            self.prices.removeRow(row)
            self.on_change()

    # ------------------------------------------------------------------ reading and validating

    def _value(self, name: str) -> tuple[Any, str]:
        """The field's value, or an error message when the text is not of the field's type."""
        editor = self.fields[name]
        base, optional = self.types[name]
        if isinstance(editor, QCheckBox):
            return editor.isChecked(), ""
        if isinstance(editor, QComboBox):
            return editor.currentData(), ""
        assert isinstance(editor, QLineEdit)
        text = editor.text().strip()
        if not text and optional:
            return None, ""
        if base in (int, float):
            try:
                return (int(text) if base is int else float(text)), ""
            except ValueError:
                label = field_label(name)
                if base is int:
                    return None, self.tr("{0} must be a whole number, not “{1}”").format(label, text)
                return None, self.tr("{0} must be a number, not “{1}”").format(label, text)
        return text, ""

    def _price_rows(self) -> list[dict[str, Any]]:
        rows = []
        for r in range(self.prices.rowCount()):

            def text(column: int) -> str:
                item = self.prices.item(r, column)
                return item.text().strip() if item else ""

            def choice(column: int) -> str:
                widget = self.prices.cellWidget(r, column)
                return str(widget.currentData()) if isinstance(widget, QComboBox) else ""  # the key, not its words

            first = self.prices.item(r, 0)
            kept = first.data(Qt.ItemDataRole.UserRole) if first is not None else None
            rows.append(
                {
                    "amount": text(0),
                    "currency": choice(1),
                    "condition": choice(2),
                    "date": text(3),
                    "source": text(4),
                    "note": text(5),
                    **{k: v for k, v in (kept or {}).items() if v is not None and v != ""},
                }
            )
        return rows

    def validate(self) -> Record | None:
        """Check every field as typed; the record when all is well. Each problem is shown at its field (or price
        row) once the user has left it, or tried to save (`show_all`), in the window's language naming the field."""
        if self.model is None:
            return None
        data = dict(self.base)
        problems: dict[str, tuple[str, frozenset[str]]] = {}  # field: (message, the fields whose leaving shows it)
        for name in self.fields:
            value, problem = self._value(name)
            if problem:
                problems[name] = (problem, frozenset((name,)))
            else:
                data[name] = value
        data["prices"] = self._price_rows()
        price_problems: list[tuple[int | None, str]] = []  # (the price's row, None: the list as a whole; the message)
        record = None
        try:
            record = self.model.model_validate(data)
        except ValidationError as exc:
            for error in exc.errors():
                self._place(error, problems, price_problems)
        for name, editor in self.fields.items():
            message, by = problems.get(name, ("", frozenset()))
            if not (self.all_shown or by & self.left):
                message = ""
            self.errors[name].setText(message)
            self.errors[name].setVisible(bool(message))
            editor.setStyleSheet(f"border: 1px solid {ERROR_COLOR};" if message else "")
            description = self.model.model_fields[name].description
            editor.setToolTip(message or (i18n.field_help(description) if description else field_label(name)))
        self._mark_prices(
            [
                (r, t)
                for r, t in price_problems
                if self.all_shown or (r in self.left_rows if r is not None else self.left_rows)
            ]
        )
        return None if problems or price_problems else record

    def _place(
        self,
        error: ErrorDetails,
        problems: dict[str, tuple[str, frozenset[str]]],
        price_problems: list[tuple[int | None, str]],
    ) -> None:
        """Where one of pydantic's errors is shown and what it says (from its location, type and context, never
        its English words, except a validator's own message of a type the form does not know)."""
        loc = error["loc"]
        coded = (error.get("ctx") or {}).get("error")
        if not loc and isinstance(coded, InvalidInputError):
            # a whole-record rule: at each field its code names (the top field when the form has none)
            said = i18n.say(coded.said) if coded.said is not None else str(coded)
            for name in [f for f in coded.fields if f in self.fields] or ["id"]:
                problems.setdefault(name, (said, frozenset(coded.fields) | {name}))
        elif not loc:
            problems.setdefault("id", (error["msg"], frozenset(self.fields)))  # a whole-record rule: at the top field
        elif loc[0] == "prices":
            row = int(loc[1]) if len(loc) > 1 else None
            if row is None:
                price_problems.append((None, self.tr("Prices: {0}").format(error["msg"])))
                return
            name = str(loc[2]) if len(loc) > 2 else ""
            column = PRICE_FIELDS.index(name) if name in PRICE_FIELDS else -1
            label = QCoreApplication.translate("RecordForm", str(PRICE_COLUMNS[column])) if column >= 0 else name
            price_problems.append((row, self.tr("Price {0}: {1}").format(row + 1, self._said(error, label, ""))))
        elif str(loc[0]) in self.fields:
            name = str(loc[0])
            unit = unit_of(name, self.model.model_fields[name].description if self.model else None)
            problems.setdefault(name, (self._said(error, field_label(name), unit), frozenset((name,))))
        else:
            where = ".".join(str(p) for p in loc)
            problems.setdefault("id", (f"{where}: {error['msg']}", frozenset(self.fields)))

    def _said(self, error: ErrorDetails, label: str, unit: str) -> str:
        """One of pydantic's errors in the window's language, naming the field ("Rated power must be at least 50 W")."""
        kind, ctx = error["type"], error.get("ctx") or {}

        def bound(key: str) -> str:
            value = ctx.get(key)
            number = f"{value:g}" if isinstance(value, float) else str(value)
            return f"{number} {unit}" if unit else number

        if kind == "missing" or (kind.endswith(("_parsing", "_type")) and error.get("input") in ("", None)):
            return self.tr("{0} is required").format(label)
        if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
            key = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt"}[kind]
            template = {
                "ge": self.tr("{0} must be at least {1}"),
                "gt": self.tr("{0} must be more than {1}"),
                "le": self.tr("{0} must be at most {1}"),
                "lt": self.tr("{0} must be less than {1}"),
            }[key]
            return template.format(label, bound(key))
        if kind == "string_too_short":
            if ctx.get("min_length") == 1:
                return self.tr("{0} cannot be empty").format(label)
            return self.tr("{0} needs at least {1} characters").format(label, ctx.get("min_length"))
        if kind in ("float_parsing", "float_type"):
            return self.tr("{0} must be a number").format(label)
        if kind in ("int_parsing", "int_type", "int_from_float"):
            return self.tr("{0} must be a whole number").format(label)
        if kind.startswith("date"):
            return self.tr("{0} must be a date written YYYY-MM-DD").format(label)
        if kind == "literal_error":
            return self.tr("{0} must be one of: {1}").format(label, ctx.get("expected", ""))
        return self.tr("{0}: {1}").format(label, error["msg"])  # a validator's own words

    def _mark_prices(self, problems: list[tuple[int | None, str]]) -> None:
        """Say what is wrong with the prices and shade their rows (from where pydantic located each, not the words)."""
        self.price_error.setText("; ".join(text for _row, text in problems))
        bad_rows = {row for row, _text in problems if row is not None}
        self.prices.blockSignals(True)
        for r in range(self.prices.rowCount()):
            for c in (0, 3, 4, 5):
                item = self.prices.item(r, c)
                if item is not None:
                    item.setBackground(QBrush(QColor("#fbe3dc")) if r in bad_rows else QBrush())
        self.prices.blockSignals(False)


class CatalogEditorDialog(QDialog):
    """Browse parts, edit a record as a form (or as TOML), and save it to your overlay folder."""

    KINDS = {
        # the catalog's kinds (the item data) as the window's language names them (the list read "gpus", "psus")
        "gpus": QT_TRANSLATE_NOOP("CatalogEditorDialog", "GPUs"),
        "cpus": QT_TRANSLATE_NOOP("CatalogEditorDialog", "CPUs"),
        "motherboards": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Motherboards"),
        "memory": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Memory"),
        "psus": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Power supplies"),
        "chassis": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Cases"),
        "coolers": QT_TRANSLATE_NOOP("CatalogEditorDialog", "CPU coolers"),
        "storage": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Storage"),
        "accessories": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Accessories"),
        "systems": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Ready-made systems"),
        "bases": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Used base machines"),
        "models": QT_TRANSLATE_NOOP("CatalogEditorDialog", "Models"),
    }

    def __init__(self, catalog: Catalog, currency: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Catalog editor"))
        self.catalog = catalog
        self.saved = False
        self.kind = QComboBox()
        for key, name in self.KINDS.items():
            self.kind.addItem(self.tr(str(name)), key)
        self.filter = QLineEdit(placeholderText=self.tr("Filter"))
        self.list = QListWidget()
        self.form = RecordForm()
        self.form.currency = currency
        self.form.on_change = self._on_form_changed
        self.editor = QPlainTextEdit()
        self.editor.setFont(QFont("monospace"))
        self.views = QTabWidget()
        self.views.addTab(self.form, self.tr("Form"))
        expert = QWidget()
        ev = QVBoxLayout(expert)
        ev.addWidget(QLabel(self.tr("Record as TOML (expert). Change the id to add a custom part:")))
        ev.addWidget(self.editor, 1)
        self.views.addTab(expert, self.tr("TOML (expert)"))
        self.save = QPushButton(self.tr("Save record to my catalog"))
        self.message = QLabel()
        self.message.setWordWrap(True)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.addWidget(self.kind)
        lv.addWidget(self.filter)
        lv.addWidget(self.list)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.addWidget(self.views, 1)
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
        self.kind.currentIndexChanged.connect(self._on_kind_current_index_changed)
        self.filter.textChanged.connect(self._fill)
        self.list.currentRowChanged.connect(self._on_list_current_row_changed)
        self.views.currentChanged.connect(self._on_views_current_changed)
        self.save.clicked.connect(self._on_save_clicked)
        self._ids: list[str] = []
        self._fill()
        self.resize(1100, 700)

    @property
    def expert(self) -> bool:
        return self.views.currentIndex() == 1

    def _on_kind_current_index_changed(self, _index: int) -> None:
        self._fill()

    @property
    def kind_key(self) -> str:
        """The catalog kind chosen ("gpus"), whatever the list shows."""
        return str(self.kind.currentData())

    def _fill(self) -> None:
        kind = self.kind_key
        tokens = self.filter.text().lower().split()
        records = [r for r in self.catalog.kind(kind) if all(t in f"{r.id} {r.name}".lower() for t in tokens)]
        self._ids = [r.id for r in records]
        self.list.clear()
        self.list.addItems([f"{r.name}  ({r.id})" for r in records])
        if records:
            self.list.setCurrentRow(0)

    def _record(self) -> Record | None:
        row = self.list.currentRow()
        if row < 0 or row >= len(self._ids):
            return None
        return self.catalog.get(self.kind_key, self._ids[row])

    def _on_list_current_row_changed(self, _row: int) -> None:
        record = self._record()
        if record is None:
            return
        self.form.show_record(record)
        self.editor.setPlainText(overlay.record_text(self.kind_key, record))
        self.message.setText("")
        self._on_form_changed()

    def _on_form_changed(self) -> None:
        """Errors show as the form decides (a field left, a row left, a save tried); Save stays enabled, as it is
        how a user asks what is still wrong."""
        self.form.validate()

    def _on_views_current_changed(self, index: int) -> None:
        if index == 1:  # to TOML: what the form holds, when it is valid
            record = self.form.validate()
            if record is not None:
                self.editor.setPlainText(overlay.record_text(self.kind_key, record))
            self.save.setEnabled(True)
            return
        try:  # back to the form: the TOML as edited, when it parses
            record = overlay.parse_record_text(self.kind_key, self.editor.toPlainText())
        except CatalogError as exc:
            self._show_problems(exc)
            self.views.blockSignals(True)
            self.views.setCurrentIndex(1)
            self.views.blockSignals(False)
            return
        self.form.show_record(record)
        self._on_form_changed()

    def _show_problems(self, exc: CatalogError) -> None:
        self.message.setText(
            f"<span style='color:{ERROR_COLOR}'>" + "<br>".join(html.escape(str(p)) for p in exc.problems) + "</span>"
        )

    def _on_save_clicked(self) -> None:
        if self.expert:
            try:
                record: Record | None = overlay.parse_record_text(self.kind_key, self.editor.toPlainText())
            except CatalogError as exc:
                self._show_problems(exc)
                return
        else:
            self.form.show_all()
            record = self.form.validate()
            if record is None:
                fix = html.escape(self.tr("Fix the fields marked in red first."))
                self.message.setText(f"<span style='color:{ERROR_COLOR}'>{fix}</span>")
                return
        assert record is not None
        self._store(record)

    def _store(self, record: Record) -> None:
        kind = self.kind_key
        try:
            file = overlay.save_record(kind, record)
        except (OSError, CatalogError) as exc:
            messages.warn(
                self, self.tr("Could not save"), self.tr("Could not write your catalog file: {0}").format(exc)
            )
            return
        self.catalog.records[kind][record.id] = record
        self.saved = True
        self._fill()
        if record.id in self._ids:
            self.list.setCurrentRow(self._ids.index(record.id))
        # in the window's language (walk15: "Saved a800-80gb-pcie to ..." in a Chinese window)
        self.message.setText(html.escape(self.tr("Saved {0} to {1}").format(record.id, file)))
        self.list.setFocus(Qt.FocusReason.OtherFocusReason)
