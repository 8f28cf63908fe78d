"""A mix's order top to bottom is chosen by placement (round 49), and everything that numbers its cards agrees.

Mina (docs/user-journeys.md) owns an RTX 3090 (3-slot, open-air) and asks Llama 3.3 70B at Q4_K_M within 2,500 USD;
one plan buys a used RTX A5000 (2-slot blower) beside it. Catalog boards: ASUS ROG Strix X570-E Gaming (x16-sized CPU
slots 2 and 5 at x8/x8, chipset slot 7 at x4). Seated in device order (the 3090, the faster, on top: CUDA numbers the
fastest first) the 3090's fans want slot 5 free, so the A5000 went to slot 7 at x4 from the chipset; the A5000 on top
covers slots 2-3, needs no free slot under its blower, and the 3090 takes slot 5: both x8 from the CPU, same case,
same 2,397.88 USD.

The device order stays the estimate's (the --tensor-split and the memory table follow Build.gpus_mixed), so the
launch command numbers the cards itself: CUDA_DEVICE_ORDER=PCI_BUS_ID (the cards by their PCI bus, top slot first on
these boards) and CUDA_VISIBLE_DEVICES listing them in device order ("enumerated in the order of the sequence",
docs.nvidia.com/deploy/topics/topic_5_2_1.html, read 2026-12-07). CUDA's default order breaks a tie of one compute
capability (the 3090 and the A5000 are both 8.6) by the PCI bus (microsoft/onnxruntime PR #28066, 2026-04), so
without it the A5000 on top could take the 3090's share."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, PlanResult
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.plan import plan
from tests.independent_checker import check

MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m"),
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
)


@pytest.fixture(scope="module")
def result(catalog: Catalog) -> PlanResult:
    return plan(MINA, catalog)


@pytest.fixture(scope="module")
def builds(result: PlanResult) -> list[Build]:
    return list(result.builds)


def _mix(builds: list[Build], other: str) -> Build:
    return next(b for b in builds if b.gpus_mixed == ("rtx-3090", other))


def test_the_blower_a5000_goes_on_top_and_both_cards_run_x8_from_the_cpu(builds: list[Build]) -> None:
    mix = _mix(builds, "rtx-a5000")
    board = next(p for p in mix.parts if p.category == "motherboard")
    assert board.id == "asus-rog-strix-x570-e-gaming" and mix.total_price == pytest.approx(2397.88)
    seated = [(s.slot, s.part_id, s.lanes, s.source) for s in mix.slot_map]
    assert seated == [(2, "rtx-a5000", 8, "cpu"), (5, "rtx-3090", 8, "cpu")]  # was slot 7 at x4 (chipset)
    slot = next(c for c in mix.checks if c.rule == "SLOT-1")
    assert (slot.status, slot.fields["widths"], slot.fields["gaps"]) == ("pass", (2, 3), (1,))
    assert slot.message == "a 2-slot blower card in slot 2, a 3-slot open-air card in slot 5"


def test_the_launch_and_the_sheet_number_the_cards_as_the_tensor_split_does(builds: list[Build]) -> None:
    from configurator.core.report.sheet import connector_plan, slot_map_svg

    mix = _mix(builds, "rtx-a5000")
    layers = (mix.estimate.placement or {}).get("layers_per_gpu")
    assert mix.launch is not None and layers == [40, 40]
    # device 0 is the 3090 (slot index 1), device 1 the A5000 (slot index 0): the split's order
    assert mix.launch["command"].startswith("CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1,0 llama-server ")
    assert "--tensor-split 40,40" in mix.launch["command"]
    rows = [row[0] for row in connector_plan(mix)][1:]
    assert rows == ["GPU 2 NVIDIA RTX A5000 (slot 2)", "GPU 1 NVIDIA GeForce RTX 3090 (slot 5)"]
    svg = slot_map_svg(mix)
    assert "GPU 2: RTX A5000" in svg and "GPU 1: RTX 3090" in svg


def test_every_build_passes_the_independent_checker(result: PlanResult) -> None:
    shown = result.to_json()["builds"]
    assert any(b["gpus_mixed"] and b["slot_map"][0]["part_id"] != b["gpus_mixed"][0] for b in shown)
    for b in shown:
        assert check(b, "120v15a", 1, 2500) == [], b["label"]


def test_the_assembly_notes_say_each_cards_cooler_where_it_sits(builds: list[Build]) -> None:
    """The printed sheet's assembly notes read the first card's cooler for the whole stack: Mina's sheet said "Open-air
    cards in slots 2, 5: keep the free slot under each card" with the blower A5000 in slot 2 (round 49's walk). Now
    the blower note (blowers on top, open-air at the bottom) and the open-air note naming slot 5 only, in the
    singular."""
    from configurator.core.common.reasons import english
    from configurator.core.report.sheet import assembly_said

    notes = [english(said) for said, _ in assembly_said(_mix(builds, "rtx-a5000"))]
    assert any(n.startswith("Blower cards exhaust through the bracket") for n in notes), notes
    assert "Open-air card in slot 5: keep the free slot under it, so its fans can draw air." in notes
    assert not any("slots 2, 5" in n for n in notes), notes
