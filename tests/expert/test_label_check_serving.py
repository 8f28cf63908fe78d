"""The label check's serving pieces (round 38): "cheapest serving the demand" and "quietest serving the demand" are
held by a build that serves its users' demand (re-derived from the JSON: its streams x the served rate x the users'
hours against the demand), beside a "cheapest" ("quietest") that does not, with no cheaper (quieter) build shown that
serves it; the checker catches each way a label could say it falsely."""

from __future__ import annotations

from typing import Any

from tests.expert.test_label_check import _build, _plan
from tests.independent_checker import check_labels, label_claims

DEMAND = 180e6  # five coding-agent seats: 5 x 300 requests x 480 tokens x 250 days
HOURS = 1000.0


def _costed(build: dict[str, Any], served: float) -> dict[str, Any]:
    """The build with the costs' figures for a stated demand: five streams at `served` tokens/s with prefill."""
    decode = build["estimate"]["speed"]["decode_tokens_per_s"]
    reply = 480.0
    prefill_s = reply / served - reply / decode  # what makes `served` from the decode
    build["cost_of_ownership"] = {
        "prefill_seconds_per_request": prefill_s,
        "reply_tokens_per_request": reply,
        "demand_output_tokens_per_year": DEMAND,
        "active_hours_per_year": HOURS,
        "served_streams": 5,
        "demand_basis": "stated",
    }
    return build


def _five_seats(cheap_label: str, serving_label: str, other_label: str = "best value") -> dict[str, Any]:
    # the Mac serves 5 x 5.2 x 3,600 x 1,000 = 93.6M of 180M; the cards 5 x 20 x 3.6M = 360M
    return _plan(
        _costed(_build(1, cheap_label, 2299, decode=7.2, dba=25.0, wall=140), served=5.2),
        _costed(_build(2, serving_label, 3410, decode=21.0, dba=45.4, wall=1071), served=20.5),
        _costed(_build(3, other_label, 4005, decode=40.5, dba=51.1, wall=1437), served=38.0),
    )


def test_the_serving_claims_are_parsed() -> None:
    assert label_claims("cheapest in VRAM; cheapest serving the demand; quietest serving the demand (at FP8)") == [
        ("cheapest-vram", None),
        ("cheapest-serving", None),
        ("quietest-serving", None),
    ]


def test_the_cheapest_build_that_serves_holds_it_beside_a_short_cheapest() -> None:
    said = "cheapest serving the demand; quietest serving the demand"
    plan = _five_seats("cheapest; quietest; both serving 52 % of the demand", said)
    assert check_labels(plan, budget=15000) == []


def test_a_dearer_build_that_serves_cannot_say_it() -> None:
    plan = _five_seats(
        "cheapest; quietest; both serving 52 % of the demand", "alternative", "cheapest serving the demand"
    )
    problems = check_labels(plan, budget=15000)
    assert len(problems) == 1 and "but #2 serves it for 3,410" in problems[0]


def test_a_build_that_does_not_serve_cannot_say_it() -> None:
    plan = _five_seats("cheapest serving the demand; quietest serving 52 % of the demand", "alternative")
    problems = check_labels(plan, budget=15000)
    assert any("does not serve its users' demand" in p for p in problems), problems


def test_it_is_said_only_beside_a_cheapest_that_does_not_serve() -> None:
    plan = _five_seats("alternative", "cheapest; cheapest serving the demand")
    plan["builds"][0]["label"] = "ready-made: a Mac"
    problems = check_labels(plan, budget=15000)
    assert any("the build that says 'cheapest' serves the demand" in p for p in problems), problems


def test_quietest_serving_needs_the_quietest_that_serves_and_a_louder_one() -> None:
    plan = _five_seats("cheapest; quietest; both serving 52 % of the demand", "cheapest serving the demand")
    plan["builds"][2]["label"] = "best value; quietest serving the demand"  # 51.1 dBA beside #2's 45.4
    problems = check_labels(plan, budget=15000)
    # round 39: the rule "quietest" reads (_quietest_problems over the serving builds shown) says it
    assert any("but #2 'cheapest serving the demand' is 45.4 dBA" in p for p in problems), problems


def _tie(quiet_on: int) -> dict[str, Any]:
    """Round 39: two serving builds within 2 dBA (45.4 and 46.4 dBA), the louder of them with more speed for the money
    (40.5 tokens/s for 4,005 USD against 21.0 for 3,410), and a serving one louder by 2 dBA (51.1)."""
    labels = {2: "cheapest serving the demand", 3: "best value", 4: "fastest within budget"}
    labels[quiet_on] += "; quietest serving the demand"
    return _plan(
        _costed(
            _build(1, "cheapest; quietest; both serving 52 % of the demand", 2299, decode=7.2, dba=25.0, wall=140), 5.2
        ),
        _costed(_build(2, labels[2], 3410, decode=21.0, dba=45.4, wall=300), served=20.5),
        _costed(_build(3, labels[3], 4005, decode=40.5, dba=46.4, wall=1437), served=38.0),
        _costed(_build(4, labels[4], 9000, decode=50.0, dba=51.1, wall=1500), served=47.0),
    )


def test_quietest_serving_breaks_a_2_dba_tie_by_speed_for_the_money_not_wall_watts() -> None:
    """Round 38 keyed "quietest serving the demand" on dBA then wall watts: the 300 W build at 45.4 dBA held it. Within
    2 dBA the noise estimate tells them apart by nothing, and the rule "quietest" reads gives the tie to the most speed
    for the money (ranking.quiet_pick)."""
    assert check_labels(_tie(3), budget=15000) == []
    problems = check_labels(_tie(2), budget=15000)
    assert any("'quietest-serving' at" in p and "as quiet (within 2 dBA)" in p for p in problems), problems
