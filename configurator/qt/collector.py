"""Python's garbage collection at safe points only (qutebrowser's remedy, misc/utilities' GarbageCollector).

A cyclic collection that Python starts on its own runs wherever an allocation tips its counter: inside a Qt
destructor or a paint event. If it then finalises another Qt object, Qt either waits on a mutex its own thread holds
(py-spy on a stalled test run, 2026-12-04: QMenu::~QMenu -> gc_collect_main -> QObject::~QObject ->
QBasicMutex::lockInternal) or deletes an item the scene is painting (a segfault in GraphicsView.paintEvent the same
day). So automatic collection is off while the window runs and `collect_due` does the same generational work from
the event loop, between events, where no Qt object is half destroyed."""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500
"""Often enough that memory does not pile up between collections (a plan allocates a few MB of cycles a second)."""


def collect_due() -> int:
    """The collections Python would have made by now, youngest first, as its thresholds say; the objects freed."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    freed = 0
    if counts[0] > thresholds[0]:
        generation = 0
        if counts[1] > thresholds[1]:
            generation = 1
            if counts[2] > thresholds[2]:
                generation = 2
        freed = gc.collect(generation)
    return freed


class GarbageCollector(QObject):
    """Turns automatic collection off and runs `collect_due` from a timer on the GUI thread."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS):
        super().__init__(parent)
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(collect_due)
        self.timer.start(interval_ms)
