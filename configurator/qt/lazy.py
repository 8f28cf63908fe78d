"""A pane whose widget is built the first time it is shown or asked for: the charts' pyqtgraph import (about
0.8 s, more on a loaded machine) waits until the window is on screen (#34)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

W = TypeVar("W", bound=QWidget)


class LazyPane(QWidget, Generic[W]):
    """Holds the place of the widget `make` returns, at the top of its layout with all the stretch; `on_built`
    gets it once made (to draw what it missed). More widgets may be added below it through `layout()`."""

    def __init__(
        self, make: Callable[[], W], on_built: Callable[[W], None] | None = None, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self._make = make
        self._on_built = on_built
        self._widget: W | None = None
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)

    @property
    def is_built(self) -> bool:
        return self._widget is not None

    def widget(self) -> W:
        """The widget, made now if it was not yet."""
        if self._widget is None:
            widget = self._widget = self._make()
            self.box.insertWidget(0, widget, 1)
            if self._on_built is not None:
                self._on_built(widget)
        return self._widget

    def showEvent(self, event: QShowEvent) -> None:
        self.widget()
        super().showEvent(event)
