"""Round 44: one search for "the cheapest build on supported software" (plan.cheapest_supported), read by the plan's
sources beside a build past its vendor's support and by a way out's supported search (plan._WaySearch.supported), so
the supported build a way names is one the plan at the way's words shows (ranking._cheapest_supported_named gives it
a place where the five places were all claimed)."""

from __future__ import annotations

from typing import Any

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve import relax
from configurator.core.solve.plan import cheapest_supported, plan
from configurator.core.solve.ranking import end_of_life_caveat
from tests.expert.runner import run_plan
from tests.independent_checker import way_out_args

KIMI_2BIT = BuildRequest(
    model_id="kimi-k2",
    workload=Workload(kind="inference", precision="q2_k", engine="llama.cpp", offload="cpu"),
    budget=20000,
)
"""Kimi K2 at a 2-bit GGUF with its experts in RAM, 20,000 USD: the cheapest machine is a Tesla P100 (past CUDA
support) at 5,061.99 USD and 5.3 tokens/s; the cheapest on a supported card an RTX 2070 at 4.7, below reading speed."""


def test_the_cheapest_supported_search_goes_on_to_a_card_that_reads(catalog: Any) -> None:
    """The cheapest supported build, and where it reads below reading speed (rules.READING_TPS: a request that asks no
    speed of its own wants it) the next GPU options in turn until one reads; a solve at reading speed could not find
    it, the 2-bit experts-in-RAM options being screened on the slowest host (about 3.9 tokens/s)."""
    model = catalog.records["models"]["kimi-k2"]
    found = cheapest_supported(KIMI_2BIT, catalog, model, None, lambda: False)
    assert found and all(end_of_life_caveat(b) is None and not b.fails for b in found)
    assert not relax.build_reads(found[0])  # the cheapest supported card: below reading speed
    assert relax.build_reads(found[-1]) and not any(relax.build_reads(b) for b in found[:-1])
    assert found[-1].total_price > found[0].total_price
    # a speed asked of its own: the cheapest supported build that meets it is the solve's, no search further on
    asked = KIMI_2BIT.model_copy(update={"min_decode_tps": 1.0})
    assert len(cheapest_supported(asked, catalog, model, None, lambda: False)) == 1
    # training sets its cards past support aside in the ranking (ranking.startable): no inference search for it
    trains = KIMI_2BIT.model_copy(update={"workload": Workload(kind="finetune", method="qlora")})
    assert cheapest_supported(trains, catalog, model, None, lambda: False) == []


def test_the_plan_shows_the_supported_build_its_cheapest_past_support_names(catalog: Any) -> None:
    """The P100's "cheapest" names the cheapest supported build that reads (ranking._supported_named), and that build
    is shown at the rank named, though every place but it is claimed (cheapest, best value, fastest, quietest)."""
    shown = plan(KIMI_2BIT, catalog).builds
    assert end_of_life_caveat(shown[0]) is not None
    claim = next(c for c in shown[0].claims if c.code == "claim.cheapest")
    rank = int(claim.fields["supported_rank"])
    named = shown[rank - 1]
    assert round(named.total_price, 2) == claim.fields["supported_price"]
    assert end_of_life_caveat(named) is None and relax.build_reads(named) and not named.claims
    model = catalog.records["models"]["kimi-k2"]
    assert named.total_price == cheapest_supported(KIMI_2BIT, catalog, model, None, lambda: False)[-1].total_price


def test_a_way_out_on_supported_software_is_a_build_its_plan_shows() -> None:
    """Kimi K2 at 6,000 USD: the cheapest way out (a 2-bit GGUF with the experts in RAM) names the cheapest
    supported build that reads beside the P100 past support; the plan at the way's words shows that build, at its
    price and speed (it had shown the card only in a quieter machine at 5,294.99 USD: WAYS_TODAY of merge43). Round 49:
    asked at 20,000 USD until then; there the 3-bit file (6,316 USD) fits the budget and leads, so the 2-bit way is
    read where the budget buys only it."""
    args = "--model kimi-k2 --workload inference --budget 6000"
    way = run_plan(args)["infeasible"]["relaxations"][0]
    said = way["said"]["fields"]
    assert said.get("supported") and said["past_price"] < way["total_price"]
    applied = way_out_args(args, way)
    assert applied is not None
    builds = run_plan(applied)["builds"]
    same = [b for b in builds if abs(b["total_price"] - way["total_price"]) < 0.01]
    assert same and abs(same[0]["estimate"]["speed"]["decode_tokens_per_s"] - way["decode_tokens_per_s"]) < 0.01
    assert any(abs(b["total_price"] - said["past_price"]) < 0.01 for b in builds)  # the P100, shown beside it
