"""Merge a price pack into your catalog overlay: the review of what it changes, written only when you say so."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from configurator.core.catalog.loader import Catalog
from configurator.core.errors import CatalogError
from configurator.qt import messages
from configurator.storage import price_pack


class PricePackDialog(QDialog):
    """The pack's header and one line per change (as `llm-rig catalog import-prices` prints them); Apply writes."""

    def __init__(self, catalog: Catalog, path: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Import price pack: {path.name}")
        self.catalog = catalog
        self.saved = False
        self.review: price_pack.Review | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.changes = QPlainTextEdit()
        self.changes.setReadOnly(True)
        self.apply_button = QPushButton("Apply these changes to my catalog")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.changes, 1)
        layout.addWidget(self.apply_button)
        layout.addWidget(buttons)
        self.apply_button.clicked.connect(self._on_apply_clicked)
        self.resize(900, 480)
        try:
            pack = price_pack.read_pack(path)
        except CatalogError as exc:
            self.summary.setText(f"{path.name} is not a price pack this version can read:")
            self.changes.setPlainText(str(exc))
            self.apply_button.setEnabled(False)
            return
        self.review = price_pack.review(pack, catalog)
        counts = ", ".join(f"{n} {action}" for action, n in self.review.counts().items()) or "nothing"
        self.summary.setText(
            f"From {pack.author}, {pack.date.isoformat()}: {len(pack.prices)} price(s), "
            f"{len(pack.parts)} part(s). Changes: {counts}."
        )
        self.changes.setPlainText("\n".join(c.text() for c in self.review.changes))
        self.apply_button.setEnabled(bool(self.review.effective))

    def _on_apply_clicked(self) -> None:
        if self.review is None:
            return
        try:
            written = price_pack.apply(self.review, self.catalog)
        except (CatalogError, OSError) as exc:
            messages.warn(self, "Could not write your catalog", str(exc))
            return
        self.saved = True
        self.summary.setText(f"Written: {', '.join(written)}")
        self.apply_button.setEnabled(False)
        self.accept()
