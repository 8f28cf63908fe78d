"""Room to grow as one rule (solve/grow.py): the floor, the card worth buying more of, the RAM and the needs that the
search (solver._room_to_grow, BuildModel._room), the plan's check (plan._one_more_gpu) and the label (ranking._grows)
all read."""

from __future__ import annotations

from configurator.core.common.reasons import Reason
from configurator.core.solve.grow import ROOM_TO_GROW, Rival
from configurator.core.solve.shown import FASTER


def test_the_floor_is_the_cheapest_at_reading_speed_not_the_cheapest_at_any_speed() -> None:
    """Round 40: Qwen2.5-32B Q8_0 with two owned RTX 3090s (benchmarks/plan_diff.py "32B own two 3090s"): one of them
    with layers in RAM, 716 USD at 3.5 tokens/s, had set the search's floor while the label starts from both at 18.6
    tokens/s for 1,163 USD; the search then found room below the floor the label reads."""
    slow = Rival(716.09, 3.5, supported=True, readable=False)
    both = Rival(1162.88, 18.6, supported=True, readable=True)
    floor = ROOM_TO_GROW.floor([slow, both])
    assert floor == both
    assert not ROOM_TO_GROW.starts_at(15.0, floor)  # slower than 18.6 by more than the same-speed band
    assert ROOM_TO_GROW.starts_at(18.6 / FASTER, floor)  # within it
    # with nothing at reading speed, the cheapest of all (the ranking's own fallback: the claims are made among all)
    assert ROOM_TO_GROW.floor([slow, Rival(900, 4.0, True, False)]) == slow


def test_the_floor_is_on_a_supported_card_while_one_is_found() -> None:
    """Llama 3.1 8B LoRA at 3,000 USD: one MI50 past ROCm support at 127 h had set the floor (ranking._grows)."""
    mi50 = Rival(900, 1 / 127, supported=False, readable=True)
    ti = Rival(1096, 1 / 33, supported=True, readable=True)
    assert ROOM_TO_GROW.floor([mi50, ti]) == ti
    assert ROOM_TO_GROW.floor([mi50]) == mi50
    assert ROOM_TO_GROW.floor([]) is None and ROOM_TO_GROW.starts_at(0.0, None)
    assert ROOM_TO_GROW.least_points(Rival(1096, 97_000, True, True)) == int(97_000 / FASTER)


def test_a_card_worth_buying_more_of() -> None:
    assert ROOM_TO_GROW.buyable("nvidia", "Ampere")
    assert not ROOM_TO_GROW.buyable("nvidia", "Pascal")  # past CUDA 13's support
    assert not ROOM_TO_GROW.buyable("amd", "CDNA 1")  # MI100, gfx908: its drivers wind down (SUP-8)


def test_ram_counts_every_gpu_of_a_card_and_only_the_shroud_kit_leaves_room() -> None:
    assert ROOM_TO_GROW.ram_gb(24, 1, 3) == 72.0
    assert ROOM_TO_GROW.ram_gb(24, 2, 2) == 96.0  # a dual-GPU card: the check had asked half of the search's RAM
    assert ROOM_TO_GROW.ram_gb(22.5, 1, 2) == 45.0
    assert ROOM_TO_GROW.fits_count(7, 8) and not ROOM_TO_GROW.fits_count(8, 8)
    kit = Reason.of("need.per-gpu-kit", name="shroud", cost=40.0, currency="USD")
    assert ROOM_TO_GROW.grows([]) and ROOM_TO_GROW.grows([kit])
    assert not ROOM_TO_GROW.grows([kit, Reason.of("need.board-slot")])


def test_a_plans_later_searches_start_from_the_floor_of_its_earlier_builds() -> None:
    """The floor a later source's search reads (plan._offered sets it around each source): scoped, and gone after."""
    pair = Rival(1162.88, 18.6, supported=True, readable=True)
    assert ROOM_TO_GROW.plan_floor() is None
    with ROOM_TO_GROW.starting_from(pair):
        assert ROOM_TO_GROW.plan_floor() == pair
        with ROOM_TO_GROW.starting_from(None):
            assert ROOM_TO_GROW.plan_floor() is None
        assert ROOM_TO_GROW.plan_floor() == pair
    assert ROOM_TO_GROW.plan_floor() is None
