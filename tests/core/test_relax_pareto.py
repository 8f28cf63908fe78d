"""The ways out shown are the Pareto-optimal ones (solve/relax.pareto): none that another shown way beats on price,
speed and the changes it asks. Round 28's walk: Llama 3.3 70B QLoRA at 1,200 USD listed a 70 % power limit at the
80 % way's price and slower, and four ways at 2,099 USD (a 230 V circuit, two circuits, activation offload,
recomputation) each adding a change to the plain budget raise that buys the same two cards. Pinned to behaviour, not
to prices (other work changes the cards' prices): what a way asks, and what the numbers shown say of it."""

from __future__ import annotations

import math

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Infeasible, Relaxation
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.plan import plan
from configurator.core.solve.relax import changes_asked, pareto
from configurator.core.solve.shown import AS_FAST, SAME_PRICE
from tests.helpers import infeasible_plan, ranked_by_price

pytestmark = pytest.mark.slow  # each test plans end to end

QLORA_70B = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="finetune", method="qlora"), budget=1200)

INFEASIBLE = [
    QLORA_70B,
    BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference"), budget=3000),
    BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="bf16"), budget=2500),
    BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200),
    BuildRequest(model_id="qwen2.5-32b", workload=Workload(kind="finetune", method="qlora"), budget=800),
    BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1200,
        min_decode_tps=15,
    ),
]


def _hours(way: Relaxation) -> float | None:
    return way.wall_hours or (way.rental["wall_hours"] if way.rental is not None else None)


def _as_fast(rival: Relaxation, way: Relaxation) -> bool:
    """The speed shown: a training way's hours, else its decode rate, within shown.AS_FAST."""
    if _hours(rival) and _hours(way):
        return AS_FAST * _hours(rival) <= _hours(way)  # type: ignore[operator]
    if rival.decode_tokens_per_s and way.decode_tokens_per_s:
        return rival.decode_tokens_per_s >= AS_FAST * way.decode_tokens_per_s
    return False


def _dominated(inf: Infeasible) -> list[str]:
    """Each way shown that another shown way beats: no dearer to a buyer (within shown.SAME_PRICE), as fast, asking a
    subset of its changes."""
    out = []
    for way in inf.relaxations:
        for rival in inf.relaxations:
            if (
                rival is not way
                and rival.total_price <= way.total_price * (1 + SAME_PRICE) + 0.005
                and _as_fast(rival, way)
                and changes_asked(rival) <= changes_asked(way)
                and (rival.total_price, _hours(rival) or 0) != (way.total_price, _hours(way) or 0)
            ):
                out.append(f"{way.change[:90]} <= {rival.change[:90]}")
    return out


@pytest.mark.parametrize("request_", INFEASIBLE, ids=lambda r: f"{r.model_id}-{r.workload.kind}-{r.budget:g}")
def test_every_way_shown_is_pareto_optimal_and_the_cheapest_is_first(request_: BuildRequest, catalog: Catalog) -> None:
    """The label check of the ways out: "cheapest way out" is the cheapest of all shown (the list is by price), and
    no way is shown that another shown way beats on price, speed and the changes it asks (training included, and
    inference: DeepSeek-R1 at 3,000 USD, 70B in BF16 at 2,500). Fails on the old list, whose 70 % power limit stood
    beside the 80 % way at its price, slower."""
    inf = infeasible_plan(request_, catalog)
    ranked_by_price(inf)
    assert _dominated(inf) == []


def test_a_way_with_a_change_besides_the_budget_needs_it(catalog: Catalog) -> None:
    """70B QLoRA at 1,200 USD: every way that asks something besides money (a power limit, a circuit, recomputation)
    needs it: the budget alone at that way's price (a plan at it, whole units up) holds no build as cheap and as fast.
    The old list had four such ways at the price where the budget alone buys the same two Tesla P40; the budget's own
    machine, if different and dearer, stays beside them (it is faster). Round 45: a training way names the cheapest
    build on supported software (the used pair of Tesla P100 at 1,572 USD is past support), so at used prices every
    way folds into 'raise the budget to 2,219 USD' (2 x 2080 Ti 22GB); new parts still offer ways asking more than
    money (activation offload, used parts), and those are the ones judged."""
    request = QLORA_70B.model_copy(update={"condition": "new"})
    inf = infeasible_plan(request, catalog)
    asked = [w for w in inf.relaxations if w.build is not None and changes_asked(w) - {"way.budget"}]
    assert asked, [w.change for w in inf.relaxations]
    for way in asked:
        budget = float(math.ceil(way.total_price) + 1)
        builds = plan(request.model_copy(update={"budget": budget}), catalog, relax=False).builds
        as_good = [
            b
            for b in builds
            if b.total_price <= way.total_price + 0.005
            and AS_FAST * (b.estimate.wall_hours or math.inf) <= (way.wall_hours or 0)
        ]
        assert as_good == [], (way.change, [(b.gpu_id, b.total_price, b.estimate.wall_hours) for b in as_good])
    # and the plain budget raise is among the ways, no dearer than any way that asks more for the same speed
    assert any(changes_asked(w) == {"way.budget"} for w in inf.relaxations)


def test_the_blocking_line_names_no_circuit_where_the_budget_alone_runs_the_same_cards_at_full_power(
    catalog: Catalog,
) -> None:
    """The 80 % power limit of 70B QLoRA at 1,200 USD saves on the power supply (a smaller unit), not on the 120 V
    15 A circuit: a raised budget alone runs the same cards at full power on it. "binding: full GPU power on the
    circuit (120 V 15 A)" was false; the budget binds."""
    result = plan(QLORA_70B, catalog)
    inf = result.infeasible
    assert inf is not None
    first = inf.relaxations[0]
    assert first.build is not None
    same_cards = [
        w
        for w in inf.relaxations
        if changes_asked(w) == {"way.budget"}
        and w.build is not None
        and (w.build.gpu_id, w.build.gpu_count) == (first.build.gpu_id, first.build.gpu_count)
    ]
    if "way.power@0.8" in changes_asked(first) and same_cards:
        assert "full GPU power on the circuit" not in inf.blocking
        assert "full GPU power" not in inf.reason
    assert "budget" in inf.blocking


def test_a_one_off_fine_tune_of_the_tokens_asked_is_offered_rented_without_a_deadline(catalog: Catalog) -> None:
    """70B QLoRA on 100 M tokens at 1,200 USD, no deadline: a rented card does the job for a fraction of the cheapest
    machine bought for it (and of what that machine loses on resale), and the way says so with its hours, cost and
    the price's date and source, in English and Chinese, without a deadline it never was given. Without --tokens the
    job is the planner's reference job, priced per token, not a job: no rental is offered as a way out."""
    inf = infeasible_plan(
        QLORA_70B.model_copy(update={"workload": QLORA_70B.workload.model_copy(update={"tokens": 1e8})}), catalog
    )
    rents = [w for w in inf.relaxations if w.kind == "rent"]
    assert len(rents) == 1, [w.change for w in inf.relaxations]
    rent = rents[0]
    bought = min(w.total_price for w in inf.relaxations if w.kind != "rent")
    assert rent.total_price < 0.5 * bought and rent.rental is not None
    assert rent.rental["price_date"] in rent.change and rent.rental["price_source"] in rent.change
    assert rent.said is not None and rent.said.fields.get("deadline") is None
    assert "allowed" not in rent.change
    with words.language("zh_CN"):
        said = words.say(rent.said)
    assert "租用" in said and "允许" not in said
    reference = infeasible_plan(QLORA_70B, catalog).relaxations
    assert reference and all(w.kind != "rent" for w in reference)


def _way(kind: str, price: float, hours: float, *changes: Reason) -> Relaxation:
    said = Reason.of("way.changes", changes=changes, gpus=2, gpu="x", currency="USD", price=price, hours=hours)
    return Relaxation(kind=kind, change=kind, total_price=price, wall_hours=hours, said=said)


def test_pareto_keeps_ways_that_ask_different_things_and_drops_those_beaten() -> None:
    """The rule alone: a 70 % limit at the 80 % way's price and slower is beaten (who caps at 70 % can cap at 80 %);
    a way asking a circuit besides the budget at the plain budget's price and speed is beaten, and so is one dearer
    and slower than it (the previous lead's "dearer and many times slower than a cheaper way that keeps the job"); a
    way asking other changes than a cheaper one stays (the user may not make the cheaper one's), and so does a dearer,
    faster plain budget."""
    budget = Reason.of("way.budget", amount=2100, currency="USD")
    p80 = _way("power", 2018.0, 1299.0, Reason.of("way.power", limit=0.8, speed=0.95), budget)
    p70 = _way("power70", 2018.0, 1442.0, Reason.of("way.power", limit=0.7, speed=0.92), budget)
    plain = _way("budget", 2098.0, 1221.0, budget)
    circuit = _way("circuit", 2098.0, 1221.0, Reason.of("way.circuit"), budget)
    other = _way("circuits", 2050.0, 1250.0, Reason.of("way.circuits", circuits=2), budget)
    dearer_slower = _way("actoffload", 2300.0, 1500.0, Reason.of("way.actoffload"), budget)
    fast = _way("budget", 2148.0, 402.0, budget)
    ways = [p80, p70, other, circuit, plain, fast, dearer_slower]
    assert pareto(ways) == [p80, other, plain, fast]
    assert changes_asked(p70) == {"way.power@0.7", "way.power@0.8", "way.budget"}


def test_a_power_limit_that_saves_less_than_a_buyer_reads_is_not_a_way_out() -> None:
    """Kimi K2 Q4_K_M at 12,000 USD on a 120 V 15 A outlet (review35's walk): "power-limit the GPUs to 80 %, keep the
    experts in RAM and raise the budget to 23,837 USD" led, 35 USD (0.15 %) below the same machine at full power. A
    change more that saves less than shown.SAME_PRICE (1 %) is noise: the full-power way stands alone. One that saves
    more (80 USD of 2,098, 3.8 %: a smaller power supply) stays beside it."""
    budget = Reason.of("way.budget", amount=23900, currency="USD")
    ram = Reason.of("way.offload")
    capped = _way("power+offload", 23837.0, 0.0, Reason.of("way.power", limit=0.8, speed=0.95), ram, budget)
    full = _way("offload", 23872.0, 0.0, ram, budget)
    capped = capped.model_copy(update={"wall_hours": None, "decode_tokens_per_s": 4.5})
    full = full.model_copy(update={"wall_hours": None, "decode_tokens_per_s": 4.7})
    assert pareto([capped, full]) == [full]
    saves = capped.model_copy(update={"total_price": 23872.0 * (1 - 2 * SAME_PRICE)})
    assert pareto([saves, full]) == [saves, full]
