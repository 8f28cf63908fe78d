"""The Map dialog: cells fill from the background solve, coloured by machine type; a click plans that cell."""

from __future__ import annotations

from configurator.core.advise import MACHINE_COLOURS, map_html
from configurator.qt.mapview import RecommendationMapDialog


def test_map_fills_colours_and_click_sets_the_request(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    session = window.session
    models = [session.catalog.records["models"][m] for m in ("llama-3.1-8b", "deepseek-r1")]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4",))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=60_000)
    assert dialog.progress.value() == dialog.progress.maximum() == 2
    small = dialog.cells[(0, 0)]
    assert small.cheapest is not None
    item = dialog.table.item(0, 0)
    assert small.cheapest.gpu in item.text()
    assert item.background().color().name() == MACHINE_COLOURS[small.cheapest.machine]
    with qtbot.waitSignal(session.request_changed, timeout=5_000):
        dialog._on_table_cell_clicked(0, 0)
    assert session.request.model_id == "llama-3.1-8b" and session.request.workload.precision == "int4"
    assert len(dialog.ranking) > 0  # the value bars for the session's model
    xs, heights = dialog.bars.opts["x"], dialog.bars.opts["height"]
    assert len(xs) == len(heights) and list(heights) == sorted(heights)
    assert "deepseek" in map_html(dialog.result).lower()
    session.wait_idle()
