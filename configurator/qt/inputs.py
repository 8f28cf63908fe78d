"""Small input widgets shared by the panels: spin boxes that commit on Enter, compact combos."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QSpinBox,
    QWidget,
)


def combo(items: list[tuple[str, object]], tip: str = "") -> QComboBox:
    combo = QComboBox()
    for text, data in items:
        combo.addItem(text, data)
    combo.setToolTip(tip)
    compact(combo)
    return combo


def compact(combo: QComboBox) -> None:
    """Long item texts must not widen the panel; the popup still shows them in full."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(10)


def set_combo(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    if index >= 0:
        combo.setCurrentIndex(index)


def spin(low: int, high: int, value: int, suffix: str = "", tip: str = "", step: int = 1) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setToolTip(tip)
    spin.setKeyboardTracking(False)
    return spin


class TrimmedDoubleSpinBox(QDoubleSpinBox):
    """A spin box that writes 100, 0.5 and 10000, not 100.000, 0.500 and 10000.000: Sam's 100 billion tokens read
    "100.000 B tokens", which is a hundred thousand where the dot groups thousands (walk8)."""

    def textFromValue(self, value: float) -> str:
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        return text.rstrip("0").rstrip(point) if point in text else text


class AmountSpinBox(QDoubleSpinBox):
    """An amount that cannot be negative refuses the minus key at the field: "-2500" typed into the budget had been
    fixed up to 0, which the budget reads as "unlimited" (#31: a negative budget silently became unlimited)."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if "-" in text:
            return QValidator.State.Invalid, text, pos
        return super().validate(text, pos)


def dspin(
    low: float,
    high: float,
    value: float,
    decimals: int = 1,
    suffix: str = "",
    tip: str = "",
    trimmed: bool = False,
    amount: bool = False,
) -> QDoubleSpinBox:
    spin = TrimmedDoubleSpinBox() if trimmed else AmountSpinBox() if amount else QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setValue(value)
    spin.setSuffix(suffix)
    spin.setToolTip(tip)
    spin.setKeyboardTracking(False)
    return spin


class WheelScrollsPanel(QObject):
    """The mouse wheel over a combo or spin box of a scrolled panel scrolls the panel instead of changing the value:
    scrolling down the requirements turned "home office" into "server room" under the pointer and re-solved, unseen."""

    def __init__(self, area: QAbstractScrollArea):
        super().__init__(area)
        self.area = area

    def install(self, panel: QWidget) -> None:
        for widget in (*panel.findChildren(QComboBox), *panel.findChildren(QAbstractSpinBox)):
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel:
            QApplication.sendEvent(self.area.verticalScrollBar(), event)
            return True
        return False
