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
