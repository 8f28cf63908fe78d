"""Round 38: the serving claims' own rules, on hand-made builds (the plans that show them: tests/cli/test_serving_claim.py).

- "cheapest serving the demand" goes to the cheapest build shown that serves its users' demand (SERVE) beside a
  "cheapest" that does not, and is said again, not kept, when the demand changes (the window relabels the same builds);
- the ranking keeps that build among the builds shown when the cut left it out, in the place of a build whose claims
  rank after it, never of "cheapest", "fastest" or "best value" (ranking._serving_shown).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from configurator.core.common.reasons import Reason, english
from configurator.core.model.build import Build, BuildPart, Check, Power
from configurator.core.solve.ranking import Measures, _Field, _serving_shown, serving_claims


def _short(share: float) -> Check:
    return Check(rule="SERVE", status="warn", message="short", code="short", fields={"share": share, "basis": "stated"})


def _build(rank: int, price: float, serves: bool, claims: tuple[Reason, ...] = ()) -> Build:
    """A one-card machine at `price` that serves its users' demand or makes 52 % of it (SERVE's warning)."""
    from types import SimpleNamespace

    card = BuildPart(category="gpu", id="rtx-3090", name="RTX 3090", quantity=1, unit_price=price, spec={})
    return Build.model_construct(
        parts=(card,),
        gpu_id="rtx-3090",
        gpu_count=1,
        nodes=1,
        gpus_mixed=(),
        currency="USD",
        rank=rank,
        why="",
        estimate=SimpleNamespace(decode_tokens_per_s=10.0, wall_hours=None),
        checks=() if serves else (_short(0.52),),
        cost_of_ownership={"serves_demand": serves},
        claims=claims,
        kinds=(),
        offers=(),
        why_said=claims,
        offered_why="",
        power=Power.model_construct(wall_w=500.0, dc_load_w=400.0),
    )


CHEAPEST = Reason.of("claim.cheapest", price=2299.0, currency="USD", builds=3, reading=False)


def test_the_cheapest_build_that_serves_is_named_and_a_new_demand_says_it_again(monkeypatch: Any) -> None:
    monkeypatch.setattr("configurator.core.solve.ranking.build_dba", lambda b: 40.0)  # no "quietest" to say
    monkeypatch.setattr("configurator.core.solve.ranking.shrouded", lambda b: False)
    short = _build(1, 2299.0, serves=False, claims=(CHEAPEST,))
    dear = _build(3, 4005.0, serves=True)
    cheap = _build(2, 3410.0, serves=True)
    out = serving_claims([short, cheap, dear], budget=15000)
    said = [[c.code for c in b.claims] for b in out]
    assert said == [["claim.cheapest"], ["claim.cheapest-serving"], []]
    fields = out[1].claims[0].fields
    assert (fields["price"], fields["short_price"], fields["share"]) == (3410.0, 2299.0, 0.52)
    assert out[1].label == "cheapest serving the demand"
    # over the budget it is no rival; a cheapest that serves needs no such claim
    assert [c.code for b in serving_claims([short, cheap, dear], budget=3000) for c in b.claims] == ["claim.cheapest"]
    served = short.model_copy(update={"checks": (), "cost_of_ownership": {"serves_demand": True}})
    again = serving_claims([served, *out[1:]], budget=15000)
    assert [c.code for b in again for c in b.claims] == ["claim.cheapest"]  # the earlier demand's claim is dropped
    assert again[1].label != "cheapest serving the demand"


def _measures(price: float, serves: bool | None) -> Measures:
    return Measures(
        price=price,
        speed=10.0,
        dba=40.0,
        watts=500.0,
        passing=True,
        within_budget=True,
        readable=True,
        serves=serves,
    )


def test_the_ranking_keeps_the_cheapest_build_that_serves_in_the_place_of_a_weaker_claim() -> None:
    prices = (1000.0, 1500.0, 2000.0, 2500.0, 3000.0)
    serves = (False, True, True, False, False)
    pool = [_build(k + 1, p, serves=s) for k, (p, s) in enumerate(zip(prices, serves, strict=True))]
    grow = Reason.of("claim.grow", gpu="RTX 3090")
    claims = {
        0: [CHEAPEST],
        1: [],
        2: [Reason.of("claim.value", value=5.0, currency="USD")],
        3: [Reason.of("claim.fastest-within-budget", speed=())],
        4: [grow],
    }
    field = _Field(
        pool, [_measures(p, s) for p, s in zip(prices, serves, strict=True)], [], [], [], claims, {}, [], None
    )  # type: ignore[arg-type]
    # the 1,500 build serves and the cut (three places) left it out: it takes "room to grow"'s place
    assert _serving_shown(field, [0, 2, 4], 3) == [0, 1, 2]
    # round 39: a build that cannot serve the demand gives way whatever it claims: "fastest" held by a short build
    assert _serving_shown(field, [0, 2, 3], 3) == [0, 1, 2]
    # only the short "cheapest" short of it: the cheapest build that serves ranks next after it (round 39, with the
    # cut that fills the places by claim), so the weakest other claim ("best value", beside "fastest") gives way
    field.m[3] = _measures(2500.0, True)
    assert _serving_shown(field, [0, 2, 3], 3) == [0, 1, 3]
    # --top 1: the short "cheapest" alone would be shown; the cheapest build that serves takes its place
    assert _serving_shown(field, [0, 2, 3], 1)[:1] == [1]
    # --top 2: of two builds short of the demand, the one whose claim ranks last gives way
    field.m[2] = _measures(2000.0, False)
    assert _serving_shown(field, [0, 2, 3], 2)[:2] == [0, 1]
    field.m[2] = _measures(2000.0, True)
    # a "cheapest" that serves keeps the places as they are
    field.m[0] = _measures(1000.0, True)
    assert _serving_shown(field, [0, 2, 4], 3) == [0, 2, 4]


def test_quietest_serving_the_demand_is_given_by_the_rule_quietest_is_not_by_wall_watts(monkeypatch: Any) -> None:
    """Round 39: within 2 dBA the serving builds are as quiet, and the tie goes to the most speed for the money
    (ranking.quiet_pick, the rule "quietest" reads), never to the fewer wall watts (round 38's key)."""
    noise = {2000.0: 40.0, 3000.0: 41.5, 5000.0: 50.0}
    monkeypatch.setattr("configurator.core.solve.ranking.build_dba", lambda b: noise.get(b.total_price, 25.0))
    monkeypatch.setattr("configurator.core.solve.ranking.shrouded", lambda b: False)
    quiet = Reason.of("claim.quietest", dba=25.0, watts=140.0)
    short = _build(1, 1000.0, serves=False, claims=(CHEAPEST, quiet))
    frugal = _build(2, 2000.0, serves=True)  # 40.0 dBA, 10 tokens/s for 2,000 USD, 300 W
    frugal = frugal.model_copy(update={"power": Power.model_construct(wall_w=300.0, dc_load_w=250.0)})
    fast = _build(3, 3000.0, serves=True)  # 41.5 dBA: as quiet; 30 tokens/s for 3,000 USD, 500 W
    fast = fast.model_copy(update={"estimate": SimpleNamespace(decode_tokens_per_s=30.0, wall_hours=None)})
    loud = _build(4, 5000.0, serves=True)  # 50.0 dBA: the witness a serving build is louder by 2 dBA
    out = serving_claims([short, frugal, fast, loud], budget=15000)
    holders = [b.total_price for b in out for c in b.claims if c.code == "claim.quietest-serving"]
    assert holders == [3000.0]  # round 38's key (dBA, wall watts, price) gave it to the 2,000 USD build at 300 W
    said = next(c for c in out[2].claims if c.code == "claim.quietest-serving")
    assert said.fields["lowest"] == 40.0 and said.fields["as_quiet"] is True
    assert "as quiet as the quietest" in english(said) and "a tie the noise estimate cannot break" in english(said)


def test_a_short_cheapest_the_top_cut_leaves_out_is_named_by_the_build_that_serves(monkeypatch: Any) -> None:
    """Round 39: at --top 1 the cheapest build that serves stands in the short "cheapest"'s place and says so
    (ranking._serving_said: field `unshown`); the costs keep the claim while it serves and no "cheapest" is shown,
    and drop it when the new demand is more than it serves."""
    monkeypatch.setattr("configurator.core.solve.ranking.build_dba", lambda b: 40.0)
    monkeypatch.setattr("configurator.core.solve.ranking.shrouded", lambda b: False)
    said = Reason.of(
        "claim.cheapest-serving", price=2073.0, currency="USD", short_price=1293.0, share=0.52, unshown=True
    )
    alone = _build(1, 2073.0, serves=True, claims=(said,))
    kept = serving_claims([alone], budget=15000)
    assert [c.code for c in kept[0].claims] == ["claim.cheapest-serving"]
    assert "the cheapest found, at 1,293 USD, serves 52 % of it; it gives this build its place" in english(
        kept[0].claims[0]
    )
    short = alone.model_copy(update={"checks": (_short(0.8),), "cost_of_ownership": {"serves_demand": False}})
    assert serving_claims([short], budget=15000)[0].claims == ()
