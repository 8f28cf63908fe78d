"""The window on a build of different cards (issue #28): the parts list has a line per card model, the slot map names
each slot's own card, and the comparison dialog names both."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart


def test_the_slot_map_and_the_comparison_name_each_card_of_a_mix(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    from configurator.core.solve.plan import plan
    from configurator.qt.dialogs import comparison_rows
    from configurator.qt.slotmap import SlotMapWidget

    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=4000,
        owned=(OwnedPart(category="gpu", id="rtx-4090"),),
        gpu_ids=("rtx-4090", "rtx-3090"),
    )
    build = next(b for b in plan(request, shipped_catalog).builds if set(b.gpus_mixed) == {"rtx-4090", "rtx-3090"})
    assert [p.id for p in build.parts if p.category == "gpu"] == ["rtx-4090", "rtx-3090"]
    widget = SlotMapWidget()
    qtbot.addWidget(widget)
    widget.show_build(build)
    cards = [what for _pos, what in widget.rows if what.startswith("GPU ") and "(cooler)" not in what]
    assert len(cards) == 2
    assert "RTX 4090" in cards[0] and "RTX 3090" in cards[1], cards
    gpus = dict(comparison_rows([build]))["GPUs"]
    assert gpus == ["RTX 4090 + RTX 3090"], gpus
