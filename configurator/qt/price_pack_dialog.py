"""Merge a price pack into your catalog overlay: the review of what it changes, written only when you say so."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from configurator.core.catalog.loader import Catalog
from configurator.core.common.errors import CatalogError
from configurator.qt import messages
from configurator.storage import price_pack


class PricePackDialog(QDialog):
    """The pack's header and one line per change (as `llm-rig catalog import-prices` prints them); Apply writes."""

    def __init__(self, catalog: Catalog, path: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import price pack: {0}").format(path.name))
        self.catalog = catalog
        self.saved = False
        self.review: price_pack.Review | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.changes = QPlainTextEdit()
        self.changes.setReadOnly(True)
        self.apply_button = QPushButton(self.tr("Apply these changes to my catalog"))
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
            self.summary.setText(self.tr("{0} is not a price pack this version can read:").format(path.name))
            self.changes.setPlainText(str(exc))
            self.apply_button.setEnabled(False)
            return
        self.review = price_pack.review(pack, catalog)
        counts = ", ".join(f"{n} {action}" for action, n in self.review.counts().items()) or self.tr("nothing")
        self.summary.setText(
            self.tr("From {0}, {1}: {2} price(s), {3} part(s). Changes: {4}.").format(
                pack.author, pack.date.isoformat(), len(pack.prices), len(pack.parts), counts
            )
        )
        self.changes.setPlainText("\n".join(c.text() for c in self.review.changes))
        self.apply_button.setEnabled(bool(self.review.effective))

    def _on_apply_clicked(self) -> None:
        if self.review is None:
            return
        try:
            written = price_pack.apply(self.review, self.catalog)
        except (CatalogError, OSError) as exc:
            messages.warn(self, self.tr("Could not write your catalog"), str(exc))
            return
        self.saved = True
        self.summary.setText(self.tr("Written: {0}").format(", ".join(written)))
        self.apply_button.setEnabled(False)
        self.accept()
