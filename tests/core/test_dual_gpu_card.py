"""A card that carries two GPUs (the Arc Pro B60 Dual, issue #28): two 24 GB GPUs to the engines, one card to the
board, the case and the PSU, and a slot the board splits x8/x8 (PCI-8), which the catalog records only where a
board's manual or spec page says so. The estimator, the placement, the check and the slot map read the same facts."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, Motherboard, PcieSlot
from configurator.core.estimate.cards import as_gpus, cards_for
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.rules import instance
from configurator.core.rules.bifurcation import SplitSlot
from configurator.core.solve.slots import place

SEVENTY_Q4 = Workload(kind="inference", precision="q4_k_m", context=8192)


def _dual(catalog: Catalog) -> Gpu:
    gpu = catalog.records["gpus"]["arc-pro-b60-dual"]
    assert isinstance(gpu, Gpu)
    return gpu


def _board(catalog: Catalog, board_id: str) -> Motherboard:
    board = catalog.records["motherboards"][board_id]
    assert isinstance(board, Motherboard)
    return board


def test_the_record_is_two_b60_gpus_on_one_card_with_a_dated_price(catalog: Catalog) -> None:
    dual, single = _dual(catalog), catalog.records["gpus"]["arc-pro-b60"]
    assert isinstance(single, Gpu)
    assert dual.gpus_per_card == 2
    # per GPU as the single card (Intel's B60 page); per card: 400 W, 300 mm, two slots (sspai, technical.city)
    for field in ("vram_gb", "memory_bandwidth_gbps", "int8_tops", "pcie_lanes"):
        assert getattr(dual, field) == getattr(single, field), field
    assert (dual.tdp_w, dual.length_mm, dual.slot_width) == (400, 300, 2)
    price = dual.price("USD")
    assert price is not None and price.amount == 1199.0 and price.source.startswith("https://")


def test_a_card_of_two_gpus_shares_one_x16_and_is_a_pcie_card(catalog: Catalog) -> None:
    dual = _dual(catalog)
    with pytest.raises(ValidationError, match="two GPUs"):
        Gpu.model_validate({**dual.model_dump(), "pcie_lanes": 16})


def test_the_engines_see_two_24_gb_gpus_per_card(catalog: Catalog) -> None:
    dual = _dual(catalog)
    die, gpus = as_gpus(dual, 3)
    assert die is not None and (gpus, die.gpus_per_card, die.vram_gb, die.tdp_w) == (6, 1, 24, 200)
    assert cards_for(dual, 5) == 3 and cards_for(die, 5) == 5
    model = catalog.records["models"]["llama-3.3-70b"]
    one_dual = estimate(model, SEVENTY_Q4, dual, 1)
    two_b60 = estimate(model, SEVENTY_Q4, catalog.records["gpus"]["arc-pro-b60"], 2)
    assert one_dual.gpus == 2 and one_dual.fits
    assert one_dual.per_gpu_bytes == two_b60.per_gpu_bytes
    assert one_dual.decode_tokens_per_s == pytest.approx(two_b60.decode_tokens_per_s)


def test_vllm_runs_the_card_as_tensor_parallel_two(catalog: Catalog) -> None:
    model = catalog.records["models"]["qwen3-32b"]
    result = estimate(model, Workload(kind="inference", precision="awq-int4", engine="vllm"), _dual(catalog), 1)
    assert (result.gpus, result.split) == (2, "tensor")


def test_the_card_sits_only_in_a_slot_the_manual_splits_x8x8(catalog: Catalog) -> None:
    dual = _dual(catalog)
    creator = _board(catalog, "asus-proart-x570-creator-wifi")  # ASUS: x8/x8 and x4/x4/x4/x4 on the first x16 slot
    placed = place(creator, dual, 1)
    assert placed is not None and [(s.position, s.lanes) for s in placed.slots] == [(2, 16)]
    # two such cards would run the first slot at x8 (the pair is x8/x8): each GPU would get x4, so no
    assert place(creator, dual, 2) is None
    # a board whose manual is silent on splitting is never assumed to split
    sage = _board(catalog, "asus-pro-ws-wrx90e-sage-se")
    assert not any(s.splits for s in sage.pcie_slots)
    assert place(sage, dual, 1) is None
    assert place(sage, catalog.records["gpus"]["arc-pro-b60"], 2) is not None  # two single cards need no split


def test_pci_8_passes_a_split_x16_slot_and_fails_any_other() -> None:
    rule = instance(SplitSlot)
    split = PcieSlot(position=1, lanes=16, gen=5, splits=("x8x8",))
    plain = PcieSlot(position=1, lanes=16, gen=5)
    assert rule.check(1, [(plain, 16)]) is None  # a one-GPU card: nothing to say
    passed = rule.check(2, [(split, 16)])
    assert passed is not None and passed.status == "pass"
    for seated in ([(plain, 16)], [(split, 8)]):
        failed = rule.check(2, seated)
        assert failed is not None and failed.status == "fail" and failed.code == "unsplit"
