"""Ways out that give up the user's own target (the deadline, the speed asked) beside one that keeps it
(relax.gives_up_target_for_little): the rule on kinds and prices alone, for training and inference alike."""

from __future__ import annotations

import pytest

from configurator.core.solve.relax import SLOWER_DEARER, gives_up_target_for_little


def test_the_deadline_given_up_for_45_usd_is_no_way_out() -> None:
    """Round 27's walk: "allow 127 h and raise the budget to 1,082 USD" beside "raise the budget to 1,127 USD" (34 h
    for the 48 h asked): 4 % saved for the deadline."""
    assert gives_up_target_for_little("deadline", 1081.11, [("budget", 1126.33), ("deadline", 1081.11)])


@pytest.mark.parametrize("target", ["speed", "deadline", "precision+speed", "kv+deadline"])
def test_a_target_is_given_up_only_where_keeping_it_costs_more_than_half_as_much_again(target: str) -> None:
    """Keeping the target at 1.5 x the price (to the cent) drops the way that gives it up; at 1.5 x + 1 USD it stays:
    more than a third saved is a trade a user may want to weigh ("accept 8.1 tokens/s" at 1,518 USD beside 2 x RTX
    3090 at 3,652 for the 15 asked)."""
    assert gives_up_target_for_little(target, 1000.0, [("budget", SLOWER_DEARER * 1000.0)])
    assert gives_up_target_for_little(target, 1000.0, [("budget", 900.0)])  # cheaper and keeps it: dominated
    assert not gives_up_target_for_little(target, 1000.0, [("budget", SLOWER_DEARER * 1000.0 + 1.0)])
    assert not gives_up_target_for_little(target, 1518.0, [("kv", 3652.0), ("speed10+power", 3572.0)])


@pytest.mark.parametrize(
    "rival",
    [
        "speed10",  # accepts up to 10 % less speed: it does not keep the target either
        "method",  # QLoRA for LoRA: another job
        "precision",  # Q4 for BF16: another job
        "context",  # half the context: another job
        "deadline",  # gives up the deadline itself
        "rent",  # renting is no machine bought (its own line, priced against the purchase)
        "cluster",  # ready-made servers in a server room
        "budget+speed",
    ],
)
def test_only_a_way_that_keeps_every_target_and_the_job_can_displace_one(rival: str) -> None:
    assert not gives_up_target_for_little("speed", 1000.0, [(rival, 1000.0)])


@pytest.mark.parametrize("keeper", ["budget", "power", "circuits", "condition", "room", "framework", "kv+power"])
def test_money_power_parts_or_the_room_keep_the_targets(keeper: str) -> None:
    assert gives_up_target_for_little("deadline", 1000.0, [(keeper, 1200.0)])


@pytest.mark.parametrize("way", ["budget", "speed10", "power", "method", "kv+speed10"])
def test_a_way_that_keeps_the_target_is_never_dropped_by_this_rule(way: str) -> None:
    assert not gives_up_target_for_little(way, 1000.0, [("budget", 1000.0)])
