"""The free openings under each card are measured with each card's own width (round 48): Mina's open-air RTX 3090
(three slots, slots 2-4) above a used RTX A5000 (a 2-slot blower, slots 7-8) in a case with nine openings leaves two
openings between them and one under the A5000; measured as if both were 3-slot cards, the A5000 had read as sitting
on the case floor and the slot map's note said so beside a drawing with slot 9 free."""

from __future__ import annotations

from configurator.core.solve.slots import slots_below


def test_each_card_is_measured_with_its_own_width() -> None:
    assert slots_below([2, 7], [3, 2], 9) == [2, 1]
    assert slots_below([2, 7], 3, 9) == [2, 0]  # one width for all: two 3090s, the lower one reaching the floor


def test_overlapping_cards_read_a_negative_gap() -> None:
    assert slots_below([1, 3], [3, 2], 7) == [-1, 3]
