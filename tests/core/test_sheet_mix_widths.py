"""The printed slot map draws each card of a mix as tall as the slots it covers and names every cooler it colours
(round 48): Mina's 3-slot open-air RTX 3090 above a used 2-slot blower RTX A5000 (2,457.88 USD, in her top three at
round 45's used prices) drew the A5000 three slots tall, over slot 9 left free, under a legend of 'open-air' alone."""

from __future__ import annotations

import re

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report.sheet import ROW_H, card_span, slot_map_svg
from configurator.core.report.words import cooler_word
from configurator.core.solve.plan import plan

MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
    budget=2500,
    circuit="120v15a",
    room="home-office",
    condition="any",
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
    top_k=3,
)


def test_each_card_of_a_mix_is_drawn_its_own_height(catalog: Catalog) -> None:
    mixes = [b for b in plan(MINA, catalog).builds if b.gpus_mixed]
    widths = [{card_span(p.spec) for p in b.parts if p.category == "gpu"} for b in mixes]
    assert any(len(w) > 1 for w in widths), "no mix of cards of two widths in her top three: choose a request with one"
    for build in mixes:
        specs = {p.id: p.spec for p in build.parts if p.category == "gpu"}
        owns = [specs[c.part_id] for c in sorted(build.slot_map, key=lambda c: c.slot)]
        svg = slot_map_svg(build)
        heights = [int(h) for h in re.findall(r'<rect x="\d+" y="\d+" width="\d+" height="(\d+)" rx="4"', svg)]
        assert heights == [card_span(own) * ROW_H - 4 for own in owns], (build.gpu_id, heights)
        for own in owns:
            assert f">{cooler_word(str(own['cooler']))}<" in svg, (build.gpu_id, own["cooler"])
