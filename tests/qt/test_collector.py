"""The window collects garbage between events only (configurator/qt/collector.py): automatic collection is off and the
generational work Python would have done is done from the event loop."""

from __future__ import annotations

import gc

from configurator.qt.collector import GarbageCollector, collect_due


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_collector_turns_automatic_collection_off_and_frees_cycles_when_due(qtbot) -> None:  # type: ignore[no-untyped-def]
    was = gc.isenabled()
    gc.enable()
    try:
        collector = GarbageCollector(interval_ms=10)
        assert not gc.isenabled() and collector.timer.isActive()
        gc.collect()
        for _ in range(gc.get_threshold()[0] + 10):
            _Cycle()
        assert gc.get_count()[0] > gc.get_threshold()[0]  # nothing collected them on its own
        qtbot.waitUntil(lambda: gc.get_count()[0] < gc.get_threshold()[0], timeout=2000)
        assert collect_due() == 0  # nothing more is due
        collector.timer.stop()
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
