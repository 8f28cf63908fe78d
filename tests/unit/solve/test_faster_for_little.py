"""shown.FASTER_FOR_LITTLE (round 49): the one rule of "faster for a little more", on the five coding seats' plan
(Qwen3.6-27B at 15,000 USD, 2026-12-07): the Arc Pro B60 Dual "cheapest" at 2,462 USD and 14.5 tokens/s a stream,
two RTX 2080 Ti 22GB at AWQ int4 at 2,493 USD and 19.7 (the plan's own estimates, not measurements)."""

from __future__ import annotations

from configurator.core.solve.shown import AS_FAST, FASTER_FOR_LITTLE, SAME_PRICE


def test_the_pair_of_2080_ti_is_faster_for_a_little_more_than_the_arc() -> None:
    assert FASTER_FOR_LITTLE.holds(2493, 19.7, 2462, 14.5)


def test_under_thirty_percent_faster_or_over_five_percent_dearer_is_not() -> None:
    assert not FASTER_FOR_LITTLE.holds(2493, 18.8, 2462, 14.5)  # 1.297 x
    assert FASTER_FOR_LITTLE.holds(2493, 18.85, 2462, 14.5)  # 1.30 x
    assert not FASTER_FOR_LITTLE.holds(2586, 19.7, 2462, 14.5)  # 5.04 % dearer
    assert FASTER_FOR_LITTLE.holds(2585.1, 19.7, 2462, 14.5)  # 5.0 %
    assert not FASTER_FOR_LITTLE.holds(2400, 19.7, 2462, 14.5)  # cheaper: it would be the cheapest itself


def test_the_bands_lie_outside_the_same_speed_and_same_price_rules() -> None:
    """ "Much faster" is beyond the same-speed band and "a little more" beyond the same-price band, or the claim
    would name a build the labels call as fast, or one that costs the same."""
    assert FASTER_FOR_LITTLE.speed_floor(1.0) > 1.0 / AS_FAST
    assert FASTER_FOR_LITTLE.price_ceiling(1.0) > 1.0 + SAME_PRICE
