"""Parts that differ only where no rule of the request can see it are pruned (solve/prune.py `seen_as`);
those that differ where a rule does see it are kept, and the builds are the same either way."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, Gpu, ModelArch, Storage
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import Candidates, gpu_options, platform_parts
from configurator.core.solve.plan import plan
from configurator.core.solve.prune import seen_as

REQUEST = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500)


def _with(catalog: Catalog, kind: str, record_id: str, clone_id: str, **update: object) -> Catalog:
    """The catalog plus a dearer copy of one record, changed as given."""
    big = Catalog(exchange_rates=dict(catalog.exchange_rates))
    for k, records in catalog.records.items():
        big.records[k].update(records)
    record = catalog.records[kind][record_id]
    prices = tuple(p.model_copy(update={"amount": p.amount + 5}) for p in record.prices)
    big.records[kind][clone_id] = record.model_copy(update={"id": clone_id, "prices": prices, **update})
    return big


def _platform(catalog: Catalog, request: BuildRequest = REQUEST) -> Candidates:
    memo.clear()
    model = catalog.records["models"][request.model_id]
    assert isinstance(model, ModelArch)
    cand = gpu_options(model, request, catalog)
    platform_parts(request, catalog, cand, model)
    return cand


def test_seen_as_is_the_largest_threshold_reached() -> None:
    assert seen_as(331, [300, 330, 340]) == 330
    assert seen_as(340, [300, 330, 340]) == 340
    assert seen_as(299, [300, 330, 340]) == float("-inf")


def test_a_millimetre_of_clearance_no_card_needs_is_not_a_merit(catalog: Catalog) -> None:
    lengths = sorted({int(g.length_mm) for g in catalog.kind("gpus") if isinstance(g, Gpu)})
    base = catalog.records["chassis"]["montech-air-903-base"]
    assert isinstance(base, Chassis)
    short = next(length for length in lengths if length + 1 not in lengths and length + 1 < lengths[-1])

    def case(case_id: str, clearance: int, price: float) -> Chassis:
        prices = tuple(p.model_copy(update={"amount": price}) for p in base.prices)
        return base.model_copy(update={"id": case_id, "prices": prices, "max_gpu_length_mm": clearance})

    cheapest = min(p.amount for p in base.prices) - 10
    big = Catalog(exchange_rates=dict(catalog.exchange_rates))
    for k, records in catalog.records.items():
        big.records[k].update(records)
    for record in (
        case("case-short", short, cheapest),
        case("case-short-plus-1mm", short + 1, cheapest + 2),
        case("case-longer", lengths[-1], cheapest + 2),
    ):
        big.records["chassis"][record.id] = record
    kept = {h.record.id for h in _platform(big).chassis}
    assert "case-short" in kept
    # a millimetre more reaches no further card: the dearer copy can never be chosen
    assert "case-short-plus-1mm" not in kept
    # a clearance that fits the longest card is a merit: that copy stays
    assert "case-longer" in kept


def test_a_faster_dearer_drive_is_never_chosen_so_not_kept(catalog: Catalog) -> None:
    drive = next(s for s in catalog.kind("storage") if isinstance(s, Storage) and s.id == "kingston-nv3-1tb")
    big = _with(catalog, "storage", drive.id, "kingston-nv3-1tb-fast", seq_read_mbps=drive.seq_read_mbps + 500)
    assert "kingston-nv3-1tb-fast" not in {s.record.id for s in _platform(big).storage}
    # and the plan is the same with and without the copy
    memo.clear()
    before = [(b.label, b.total_price) for b in plan(REQUEST, catalog).builds]
    memo.clear()
    after = [(b.label, b.total_price) for b in plan(REQUEST, big).builds]
    assert after == before


def test_ram_speed_is_a_merit_only_when_weights_run_from_ram(catalog: Catalog) -> None:
    cand = _platform(catalog)
    kit = cand.memory[0].record
    big = _with(catalog, "memory", kit.id, "kit-faster", speed_mts=kit.speed_mts + 400)
    assert "kit-faster" not in {m.record.id for m in _platform(big).memory}
    offload = BuildRequest(
        model_id="qwen3-30b-a3b", workload=Workload(kind="inference", precision="q4_k_m", cpu_experts=True), budget=2500
    )
    assert "kit-faster" in {m.record.id for m in _platform(big, offload).memory}


def test_a_bigger_cheaper_supply_does_not_stand_for_a_smaller_one(catalog: Catalog) -> None:
    """PWR-10 caps a supply at 2.5 times the load: a $100 750 W unit cannot replace a $105 650 W one under a
    270 W load, so wattage is not a merit the pruning may trade."""
    ids = {p.record.id for p in _platform(catalog).psus}
    assert {"corsair-rm650e-2025", "corsair-rm750e-2025"} <= ids
