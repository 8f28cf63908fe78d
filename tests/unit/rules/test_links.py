"""PCI-9, a server's GPU bays at its own PCIe generation (configurator/core/rules/links.py), on named parts of the
tiny fixture catalog (tests/data/tiny_catalog: records copied from the shipped catalog with their sources)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, Motherboard
from configurator.core.report import words
from configurator.core.rules import instance
from configurator.core.rules import links as link_rules
from configurator.core.solve.slots import place

BAYS = instance(link_rules.BayGeneration)


def _server(catalog: Catalog, gen: int | None) -> Motherboard:
    board = catalog.records["motherboards"]["supermicro-h13dsg-o-cpu"]
    assert isinstance(board, Motherboard) and board.gpu_bays == 8 and board.gpu_bay_gen == 5
    return board if gen == 5 else board.model_copy(update={"gpu_bay_gen": gen})


def _card(catalog: Catalog, gen: int) -> Gpu:
    card = next(g for g in catalog.records["gpus"].values() if isinstance(g, Gpu) and g.pcie_gen == gen)
    assert isinstance(card, Gpu)
    return card


def test_the_cards_sit_in_a_servers_bays_at_the_bays_generation_and_the_rule_says_when_they_are_slower(
    tiny_catalog: Catalog,
) -> None:
    """The estimate (slots.place, read by plan.build_links) and the search (solver._bay_losses) read one fact."""
    gen5_card = _card(tiny_catalog, 5)
    pcie3 = _server(tiny_catalog, 3)
    placed = place(pcie3, gen5_card, 4)
    assert placed is not None and {s.gen for s in placed.slots} == {3}
    assert BAYS.gen(pcie3) == 3 and BAYS.slower(pcie3, gen5_card) == 3
    assert BAYS.slower(_server(tiny_catalog, 5), gen5_card) is None
    desktop = next(b for b in tiny_catalog.records["motherboards"].values() if not getattr(b, "gpu_bays", 0))
    assert isinstance(desktop, Motherboard) and BAYS.gen(desktop) is None


def test_a_board_with_gpu_bays_must_name_their_generation(tiny_catalog: Catalog) -> None:
    board = _server(tiny_catalog, 5)
    with pytest.raises(ValidationError, match="gpu_bay_gen"):
        Motherboard.model_validate({**board.model_dump(), "gpu_bay_gen": None})


def test_slower_bays_stay_only_where_they_buy_the_buyer_a_lower_price_on_a_build_that_meets_the_target() -> None:
    """Round 35's plans (docs/advice.md): price in the plan's currency, hours per job."""
    # 7 x RTX PRO 4500 in the PCIe 3.0 server miss the 720 h deadline; 7 x A100 40GB there meet it, less per job
    assert BAYS.costs_more(23_640, 1_084.1, True, 40_300, 542.1)
    # the A100 server is the cheapest that meets it: a DGX A100, faster and less per job, costs more up front
    assert not BAYS.costs_more(40_300, 542.1, False, 90_000, 227.0)
    # 8 x RTX PRO 5000 in those bays take as long as 8 x RTX A6000 there, for more money (Chen's 72B LoRA, CNY)
    assert BAYS.costs_more(281_157, 32.8, False, 260_037, 32.8)
    # a slower build is never judged against a faster one that costs more per job
    assert not BAYS.costs_more(159_032, 48.0, True, 260_037, 32.8)


def test_the_warning_says_the_hours_the_bays_cost_in_english_and_chinese() -> None:
    """The sheet, the window and the CLI render the check from its code and fields (words.check_text)."""
    check = BAYS.say("warn", "starved", gen=3, card_gen=5, hours=32.8, card_hours=13.7)
    english = words.check_text(check, "en")
    assert "PCIe 3.0 bays" in english and "32.8 h" in english and "13.7 h" in english and "2.4x" in english
    chinese = words.check_text(check, "zh_CN")
    assert "PCIe 3.0" in chinese and "32.8 小时" in chinese and "13.7 小时" in chinese and "2.4 倍" in chinese


def test_a_desktop_boards_split_slots_give_the_cards_their_narrowest_lanes_at_the_oldest_generation(
    tiny_catalog: Catalog,
) -> None:
    """One fact for the estimate, the search and the check (round 36): two cards in the ROG Strix X570-E's CPU slots run
    x8/x8 at PCIe 4.0 (ASUS's spec page), so a PCIe 5.0 card talks at PCIe 4.0 x8 there; the EPYC H12SSL-i gives a PCIe
    4.0 card its own x16, nothing to say. (A three-slot open-air pair there lands x16 + the chipset's x4, which training
    never takes: solver.usable_placement.)"""
    x570 = tiny_catalog.records["motherboards"]["asus-rog-strix-x570-e-gaming"]
    epyc = tiny_catalog.records["motherboards"]["supermicro-h12ssl-i"]
    assert isinstance(x570, Motherboard) and isinstance(epyc, Motherboard)
    gen5, gen4 = _card(tiny_catalog, 5), tiny_catalog.records["gpus"]["rtx-6000-ada"]  # a two-slot blower
    assert isinstance(gen4, Gpu) and gen4.pcie_gen == 4
    pair = place(x570, gen4, 2)
    assert pair is not None and [s.lanes for s in pair.slots] == [8, 8] and {s.source for s in pair.slots} == {"cpu"}
    assert BAYS.link(gen4, ((s.gen, s.lanes) for s in pair.slots)) == (4, 8)
    assert BAYS.link(gen5, [(4, 8), (4, 8)]) == (4, 8)
    assert BAYS.link(gen4, [(5, 16), (5, 16)]) is None  # a slot faster than the card: the card's own x16
    quad = place(epyc, gen4, 4)
    assert quad is not None and BAYS.link(gen4, ((s.gen, s.lanes) for s in quad.slots)) is None
    assert BAYS.link(gen5, ((s.gen, s.lanes) for s in quad.slots)) == (4, 16)


def test_the_slots_warning_names_the_link_and_both_hours_in_english_and_chinese() -> None:
    check = BAYS.say("warn", "slots", gen=4, lanes=8, card_gen=5, hours=9.0, card_hours=3.5)
    english = words.check_text(check, "en")
    assert "PCIe 4.0 x8" in english and "9.0 h" in english and "3.5 h" in english and "2.6x" in english
    chinese = words.check_text(check, "zh_CN")
    assert "PCIe 4.0 x8" in chinese and "9.0 小时" in chinese and "3.5 小时" in chinese and "2.6 倍" in chinese


def test_a_system_of_discrete_gpus_names_its_bay_generation_and_the_rule_reads_it() -> None:
    """Ready-made machines carry their GPUs' PCIe generation like a server board's bays (catalogs/systems.toml)."""
    from configurator.core.catalog.models import System

    base = {
        "id": "test-4x-card-workstation",
        "name": "a workstation",
        "vendor": "test",
        "gpu": "rtx-6000-ada",
        "gpu_count": 4,
        "cpu": "threadripper-pro-7975wx",
        "cpu_count": 1,
        "memory_gb": 512,
        "storage_tb": 8,
        "psu_w_total": 3200,
        "max_power_w": 1950,
        "interconnect": "PCIe 5.0 x16 per GPU",
        "source": "https://lambdalabs.com/gpu-workstations/vector",
    }
    with pytest.raises(ValidationError, match="gpu_bay_gen"):
        System.model_validate(base)
    system = System.model_validate({**base, "gpu_bay_gen": 3})
    card = Gpu.model_construct(pcie_gen=4)
    assert BAYS.gen(system) == 3 and BAYS.slower(system, card) == 3
