"""Background jobs on a QThreadPool: one error boundary for every piece of work off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

from configurator.core.common.errors import ConfiguratorError


class JobSignals(QObject):
    partial = Signal(int, object)  # what the work reports while it runs
    finished = Signal(int, object)  # its result
    failed = Signal(int, str)  # a message for the user
    done = Signal(int)  # last of all, whatever happened: the owner may drop the job then


class BackgroundJob(QRunnable):
    """Runs `work(report)` off the GUI thread; `report(value)` emits `partial`. Expected failures
    (ConfiguratorError) become their own message, anything else "internal error: ...": a worker
    thread reports, it never dies silently. `stopped()` true at the end drops the result."""

    def __init__(
        self, job_id: int, work: Callable[[Callable[[Any], None]], Any], stopped: Callable[[], bool] = lambda: False
    ):
        super().__init__()
        self.job_id = job_id
        self.work = work
        self.stopped = stopped
        self.signals = JobSignals()

    def run(self) -> None:
        try:
            try:
                result = self.work(lambda value: self.signals.partial.emit(self.job_id, value))
            except ConfiguratorError as exc:
                self.signals.failed.emit(self.job_id, str(exc))
                return
            except Exception as exc:
                self.signals.failed.emit(self.job_id, f"internal error: {type(exc).__name__}: {exc}")
                return
            if not self.stopped():
                self.signals.finished.emit(self.job_id, result)
        finally:
            self.signals.done.emit(self.job_id)
