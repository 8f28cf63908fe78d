"""A mix of cards is placed and checked with each card's own width and cooler (round 48), by the one measure the solver's
placement (slots.place), SLOT-1's check and SLOT-2's openings read (slots.card_geometry).

Since round 47 a plan buys a different card beside one the user owns (Mina's RTX 3090 + a used RTX A5000). The solver
saw the mix as its envelope (the widest card, open-air if any is), so the 2-slot blower A5000 was measured as a 3-slot
open-air card: the gaps, the free slot under an open-air card and the case openings under the bottom card were judged
for a card that is not there. Catalog: RTX 3090 3.0 slots open-air (NVIDIA's GA102 whitepaper), RTX A5000 2.0 slots
blower; boards: ASUS ProArt X670E-Creator (x16 slots 1 and 4, x8/x8 from the CPU), Gigabyte TRX50 AERO D (x16 slots
1, 3, 5 and 7)."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch, Motherboard
from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.words import check_text
from configurator.core.solve.mixed import envelope
from configurator.core.solve.rules import Assembly, check_build
from configurator.core.solve.slots import Placement, SlotUse, best_seats, card_geometry, place

Q4 = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp")


def _rec(catalog: Catalog, kind: str, rid: str) -> Any:
    return catalog.records[kind][rid]


def _cards(catalog: Catalog, *ids: str) -> tuple[Gpu, ...]:
    cards = tuple(_rec(catalog, "gpus", i) for i in ids)
    assert all(isinstance(c, Gpu) for c in cards)
    return cards


def _board(catalog: Catalog, board_id: str) -> Motherboard:
    board = _rec(catalog, "motherboards", board_id)
    assert isinstance(board, Motherboard)
    return board


def test_a_blower_a5000_above_an_open_air_3090_seats_two_slots_apart(catalog: Catalog) -> None:
    """X670E-Creator: the A5000 in slot 1 covers slots 1-2 and blows out of the back (no free slot wanted below it),
    the 3090 in slot 4 covers 4-6, both on the CPU's x8/x8. Measured as two 3-slot open-air cards the second card
    went to slot 7, two chipset lanes (PCIe 4.0 x2: a quarter of x8, loading the model four times as long)."""
    board = _board(catalog, "asus-proart-x670e-creator-wifi")
    cards = _cards(catalog, "rtx-a5000", "rtx-3090")
    env = envelope(cards)
    placed = place(board, env, 2, cards=cards)
    assert placed is not None
    assert [s.position for s in placed.slots] == [1, 4]
    assert placed.gapped and placed.openings_needed == 6 and placed.min_lanes == 8
    single = place(board, env, 2)  # the envelope (3-slot open-air twice): slot 4 is under the top card's fans
    assert single is not None and [s.position for s in single.slots] == [1, 7] and single.min_lanes == 2


def _seats(board: Motherboard, cards: tuple[Gpu, ...], tight: bool = False) -> tuple[list[int], list[int]]:
    """The best slots and their lanes for `cards` in this order top to bottom (slots.best_seats, one order)."""
    slots = sorted((s for s in board.pcie_slots if s.mechanical_lanes >= 16), key=lambda s: s.position)
    got = best_seats(slots, envelope(cards), card_geometry(envelope(cards), len(cards), cards), False, tight)
    assert got is not None
    _score, combo, lanes = got
    return [s.position for s in combo], lanes


def test_an_open_air_3090_above_the_a5000_still_wants_its_free_slot(catalog: Catalog) -> None:
    """The reverse order on the same board: the 3090 in slot 1 covers 1-3 and its fans want slot 4 free, where the
    A5000 would sit (SLOT-1's gap): the A5000 goes to slot 7 (x2), or side by side (`tight`, SLOT-1 warns)."""
    board = _board(catalog, "asus-proart-x670e-creator-wifi")
    cards = _cards(catalog, "rtx-3090", "rtx-a5000")
    assert _seats(board, cards) == ([1, 7], [16, 2])  # slot 1 alone on the CPU: x16, slot 7 x2
    assert _seats(board, cards, tight=True) == ([1, 4], [8, 8])  # the A5000 in slot 4 covers 4-5, not 4-6


def test_placement_turns_the_mix_over_for_the_lanes(catalog: Catalog) -> None:
    """Round 49: the mix comes in device order (the 3090, the faster, first: solve.mixed._ordered) and placement
    chooses the order top to bottom. On the X670E-Creator the 3090 on top leaves the A5000 slot 7's PCIe 4.0 x2
    (the 3090's fans want slot 4 free); the A5000 on top seats both on the CPU's x8/x8 (slots 1 and 4), gapped."""
    board = _board(catalog, "asus-proart-x670e-creator-wifi")
    cards = _cards(catalog, "rtx-3090", "rtx-a5000")
    placed = place(board, envelope(cards), 2, cards=cards)
    assert placed is not None and placed.order == (1, 0)
    assert [c.id for c in placed.seated(cards)] == ["rtx-a5000", "rtx-3090"]
    assert [(s.position, s.lanes, s.source) for s in placed.slots] == [(1, 8, "cpu"), (4, 8, "cpu")]
    assert placed.gapped and placed.min_lanes == 8 and placed.openings_needed == 6
    given = place(board, envelope(cards), 2, cards=cards[::-1])  # already the better order: kept as given
    assert given is not None and given.order == () and [s.position for s in given.slots] == [1, 4]


def test_the_bottom_a5000_reaches_one_opening_less(catalog: Catalog) -> None:
    """TRX50 AERO D (x16 slots 1, 3, 5, 7): the 3090 in slot 1 (1-3), slot 4 free, the A5000 in slot 5 covers 5-6:
    six openings, where the envelope's 3-slot bottom card reached seven (SLOT-2: a case of six or seven openings).
    Every order runs x16 here, so placement takes the fewer openings: the A5000 in slot 1 (1-2), the 3090 in slot 3
    (3-5), five."""
    board = _board(catalog, "gigabyte-trx50-aero-d")
    cards = _cards(catalog, "rtx-3090", "rtx-a5000")
    assert _seats(board, cards) == ([1, 5], [16, 16])
    single = place(board, envelope(cards), 2)
    assert single is not None and [s.position for s in single.slots] == [1, 5] and single.openings_needed == 7
    mixed = place(board, envelope(cards), 2, cards=cards)
    assert mixed is not None and mixed.order == (1, 0) and mixed.min_lanes == 16
    assert [s.position for s in mixed.slots] == [1, 3] and mixed.openings_needed == 5


def _slot_checks(catalog: Catalog, board_id: str, cards: tuple[Gpu, ...], positions: tuple[int, ...]) -> dict[str, Any]:
    """SLOT-1 and SLOT-2 of a real machine around the cards (the build's checks: solve.rules.check_build)."""
    model = _rec(catalog, "models", "llama-3.3-70b")
    assert isinstance(model, ModelArch)
    board = _board(catalog, board_id)
    slots = {s.position: s for s in board.pcie_slots}
    uses = tuple(SlotUse(p, slots[p].lanes, slots[p].gen, slots[p].source) for p in positions)
    assembly = Assembly(
        gpu=envelope(cards),
        gpus=len(cards),
        board=board,
        cpu=_rec(catalog, "cpus", "threadripper-7960x"),
        sockets=1,
        chassis=_rec(catalog, "chassis", "fractal-meshify-2-xl"),
        psu=_rec(catalog, "psus", "corsair-hx1500i-2023"),
        psu_count=1,
        memory=_rec(catalog, "memory", "samsung-ddr5-4800-rdimm-128gb-4x32"),
        memory_count=1,
        cooler=next(iter(catalog.kind("coolers"))),
        storage=next(iter(catalog.kind("storage"))),
        storage_count=1,
        placement=Placement(uses, positions[-1] + max(int(c.slot_width) for c in cards) - 1, True),
        risers=False,
        cards=cards,
    )
    request = BuildRequest(model_id=model.id, workload=Q4)
    checks = check_build(assembly, request, estimate_mixed(model, Q4, cards), 100.0)
    return {c.rule: c for c in checks if c.rule in ("SLOT-1", "SLOT-2", "PCI-5")}


def test_the_check_measures_the_blower_above_by_its_own_width(catalog: Catalog) -> None:
    """A5000 in slot 1 (1-2), 3090 in slot 3: no overlap and no open-air card without its free slot. Measured with
    the 3090's three slots the A5000 reached slot 3 and the check failed a machine that goes together."""
    got = _slot_checks(catalog, "gigabyte-trx50-aero-d", _cards(catalog, "rtx-a5000", "rtx-3090"), (1, 3))
    slot = got["SLOT-1"]
    assert slot.status == "pass" and slot.code == "placed-each"
    assert (
        slot.message == "a 2-slot blower card in slot 1, a 3-slot open-air card in slot 3"
    )  # not "3-slot open-air cards"
    assert check_text(slot, "zh_CN") == "2 槽宽的涡轮卡插在 1 号插槽、3 槽宽的风扇卡插在 3 号插槽"
    assert got["SLOT-2"].status == "pass" and got["SLOT-2"].fields["needed"] == 5  # the 3090 in slots 3-5


def test_the_check_still_warns_an_open_air_3090_without_its_free_slot(catalog: Catalog) -> None:
    """3090 in slot 1 (1-3), A5000 in slot 4 on the X670E-Creator: the 3090's fans face the A5000 (SLOT-1 warns);
    the A5000 with the 3090 in the slot right under its two slots would not be an overlap either."""
    got = _slot_checks(catalog, "asus-proart-x670e-creator-wifi", _cards(catalog, "rtx-3090", "rtx-a5000"), (1, 4))
    slot = got["SLOT-1"]
    assert (slot.status, slot.code) == ("warn", "no-gap")
    # round 49: the warning names each card by its own width (it had said "open-air cards" of a 3090 and a blower)
    assert (slot.fields["widths"], slot.fields["coolers"], slot.fields["gaps"]) == (
        (3, 2),
        ("open-air", "blower"),
        (0,),
    )
    assert slot.message == (
        "the 3-slot open-air card in slot 1 has no free slot between it and the 2-slot blower card in slot 4: "
        "its fans starve"
    )
    assert check_text(slot, "zh_CN") == "1 号插槽的 3 槽宽风扇卡与 4 号插槽的 2 槽宽涡轮卡之间没有空槽，风扇进不了风"


def test_an_overlap_names_each_cards_own_width(catalog: Catalog) -> None:
    """TRX50 AERO D slots 1 and 3: the 3090 covers 1-3, so the A5000 in slot 3 collides with it. The failure names the
    3090's three slots and the A5000's two (round 49; it had said "3-slot cards in slots 1, 3" of both)."""
    got = _slot_checks(catalog, "gigabyte-trx50-aero-d", _cards(catalog, "rtx-3090", "rtx-a5000"), (1, 3))
    slot = got["SLOT-1"]
    assert (slot.status, slot.code, slot.fields["widths"], slot.fields["gaps"]) == ("fail", "overlap", (3, 2), (-1,))
    assert slot.message == "the 3-slot open-air card in slot 1 (slots 1-3) and the 2-slot blower card in slot 3 overlap"
    assert check_text(slot, "zh_CN") == "1 号插槽的 3 槽宽风扇卡（占 1–3 号插槽）与 3 号插槽的 2 槽宽涡轮卡重叠"


def test_an_open_air_3090_above_a_passive_p40_is_said_with_its_free_slot(catalog: Catalog) -> None:
    """Mina's 3090 + a Tesla P40 on the shroud frame (the plan's cheapest, 1,302.88 USD): the envelope is passive, so
    one cooler for both had let the P40 sit right under the 3090's fans (X570-E slots 2 and 5) and named both cards
    '3-slot passive'. The 3090 in slot 2 (2-4), the P40 in slot 7: the free slot is said for the 3090."""
    got = _slot_checks(catalog, "asus-rog-strix-x570-e-gaming", _cards(catalog, "rtx-3090", "tesla-p40"), (2, 7))
    said = "a 3-slot open-air card in slot 2, a 2-slot passive card in slot 7 with a free slot below each open-air card"
    assert got["SLOT-1"].message == said
    assert check_text(got["SLOT-1"], "zh_CN").endswith("，风扇卡下留有空槽")
    tight = _slot_checks(catalog, "asus-rog-strix-x570-e-gaming", _cards(catalog, "rtx-3090", "tesla-p40"), (2, 5))
    assert tight["SLOT-1"].code == "no-gap"


def test_pci5_moves_the_chipset_card_up_by_its_own_width(catalog: Catalog) -> None:
    """X570-E: the 3090 in CPU slot 5, the A5000 in chipset slot 7 (x4). PCI-5 asks whether the A5000 could have sat
    in the free CPU slot 2: it covers 2-3 and leaves slot 4 free above the 3090, so the slot is not blocked (round 49:
    measured as the widest card, 3 slots, it reached slot 5 and PCI-5 said slot 2 was blocked). Placement seats the
    pair there (A5000 in 2, the 3090 in 5, both x8)."""
    got = _slot_checks(catalog, "asus-rog-strix-x570-e-gaming", _cards(catalog, "rtx-3090", "rtx-a5000"), (5, 7))
    pci = got["PCI-5"]
    assert (pci.code, pci.fields["card"], pci.fields["slot"]) == ("layers", 2, 7)
    assert "cpu_slot" not in pci.fields, pci.fields
    board = _board(catalog, "asus-rog-strix-x570-e-gaming")
    cards = _cards(catalog, "rtx-3090", "rtx-a5000")
    placed = place(board, envelope(cards), 2, cards=cards)
    assert placed is not None and [(s.position, s.lanes) for s in placed.slots] == [(2, 8), (5, 8)]
