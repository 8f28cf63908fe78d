"""The label check's "faster for a little more" (round 49, solve.shown.FASTER_FOR_LITTLE): held by a build at least
30 % faster than the build shown as "cheapest" for at most 5 % more than its price, with no cheaper build shown as
fast; the checker catches each way a label could say it falsely. The numbers are the five coding seats' plan on
Qwen3.6-27B at 15,000 USD (expert case value49-...): an Arc Pro B60 Dual at AWQ int4, 2,462 USD and 14.5 tokens/s a
stream, "cheapest"; two RTX 2080 Ti 22GB at AWQ int4, 2,493 USD and 19.7."""

from __future__ import annotations

from tests.expert.test_label_check import _build, _plan
from tests.independent_checker import check_labels, label_claims

SAID = "faster for a little more"


def test_the_claim_is_parsed() -> None:
    assert label_claims(f"{SAID} (at AWQ int4, a 4-bit checkpoint vLLM serves to several users)") == [
        ("faster-for-little", None)
    ]


def test_the_pair_of_2080_ti_holds_it_beside_the_arc() -> None:
    plan = _plan(
        _build(1, "cheapest", 2462, decode=14.5),
        _build(2, SAID, 2493, decode=19.7),
        _build(3, "best value", 3144, decode=27.0),
    )
    assert check_labels(plan, budget=15000) == []


def test_a_build_under_thirty_percent_faster_cannot_say_it() -> None:
    plan = _plan(_build(1, "cheapest", 2462, decode=14.5), _build(2, SAID, 2493, decode=18.0))
    problems = check_labels(plan, budget=15000)
    assert len(problems) == 1 and "under 1.3 x #1's speed" in problems[0], problems


def test_a_build_more_than_five_percent_dearer_cannot_say_it() -> None:
    plan = _plan(_build(1, "cheapest", 2462, decode=14.5), _build(2, SAID, 2600, decode=19.7))
    problems = check_labels(plan, budget=15000)
    assert len(problems) == 1 and "not within 5% over #1 at 2,462" in problems[0], problems


def test_a_cheaper_build_shown_as_fast_takes_it() -> None:
    plan = _plan(
        _build(1, "cheapest", 2462, decode=14.5),
        _build(2, "alternative", 2480, decode=19.0),
        _build(3, SAID, 2493, decode=19.7),
    )
    problems = check_labels(plan, budget=15000)
    assert any("#2 is as fast for 2,480" in p for p in problems), problems


def test_it_needs_a_cheapest_shown() -> None:
    plan = _plan(_build(1, "best value", 2462, decode=14.5), _build(2, SAID, 2493, decode=19.7))
    problems = check_labels(plan, budget=15000)
    assert any("no build shown as 'cheapest'" in p for p in problems), problems
