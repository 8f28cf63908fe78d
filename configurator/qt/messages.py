"""Message boxes that show their text as plain text: a message may quote a user's file."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def _box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str, buttons: QMessageBox.StandardButton
) -> QMessageBox:
    box = QMessageBox(icon, title, text, buttons, parent)
    # AutoText would render markup from a project's model id or an overlay key, links included
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return box


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """A warning with one OK button; the text is never interpreted as markup."""
    _box(parent, QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok).exec()


def ask(
    parent: QWidget | None, title: str, text: str, buttons: QMessageBox.StandardButton
) -> QMessageBox.StandardButton:
    """A question in plain text; returns the button pressed."""
    box = _box(parent, QMessageBox.Icon.Question, title, text, buttons)
    box.exec()
    return box.standardButton(box.clickedButton())
