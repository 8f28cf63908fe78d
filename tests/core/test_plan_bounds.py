"""The bounds a plan uses to skip work (#34) agree with the work they skip: whatever they rule out, the full
computation finds nothing there either."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import gpu_options
from configurator.core.solve.cluster import _smallest
from configurator.core.solve.plan import _systems, _TrainingFloor
from configurator.core.solve.relax import _relaxations

PRETRAIN_70B_90_DAYS = BuildRequest(
    model_id="llama-3.3-70b", workload=Workload(kind="pretrain", tokens=1e12), deadline_hours=2160
)


def test_a_70b_pretraining_run_in_90_days_needs_more_than_one_machine_whatever_is_relaxed(catalog: Catalog) -> None:
    """10^12 tokens of a 70B in 90 days take over a hundred H100s: no recomputation, 8-bit optimizer, activation
    offload, power or circuit change lets one machine of eight cards do it, and the floor says so without estimating
    them; where it rules a relaxation out, gpu_options finds no option either."""
    model = catalog.records["models"]["llama-3.3-70b"]
    floor = _TrainingFloor(PRETRAIN_70B_90_DAYS, catalog, model, None)
    ruled_out = []
    for kind, relaxed in _relaxations(PRETRAIN_70B_90_DAYS, model):
        if floor.rules_out(relaxed):
            ruled_out.append(kind)
            assert not gpu_options(model, relaxed, catalog).options, kind
    assert {"actoffload", "optim8bit", "checkpointing", "power", "circuits", "deadline"} <= set(ruled_out)


def test_the_floor_rules_out_nothing_one_machine_can_do(catalog: Catalog) -> None:
    """A 1B model's 10^11 tokens in two weeks fit one machine (Sam's journey): the floor rules out neither the request
    nor any of its relaxations that keep the job."""
    request = BuildRequest(
        model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11, context=2048), deadline_hours=336
    )
    model = catalog.records["models"]["llama-3.2-1b"]
    floor = _TrainingFloor(request, catalog, model, None)
    assert gpu_options(model, request, catalog).options
    assert not floor.rules_out(request)
    assert not any(floor.rules_out(relaxed) for _kind, relaxed in _relaxations(request, model))


def test_a_qlora_or_a_shorter_context_is_never_ruled_out_by_the_floor(catalog: Catalog) -> None:
    """Ways that change what the time formula reads (the method, the context) are solved, never bounded."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="finetune", method="full", tokens=1e12, context=4096),
        deadline_hours=24,
    )
    model = catalog.records["models"]["llama-3.3-70b"]
    floor = _TrainingFloor(request, catalog, model, None)
    qlora = request.model_copy(update={"workload": request.workload.model_copy(update={"method": "qlora"})})
    shorter = request.model_copy(update={"workload": request.workload.model_copy(update={"context": 2048})})
    assert floor.rules_out(request)
    assert not floor.rules_out(qlora) and not floor.rules_out(shorter)


def test_a_cluster_search_stops_once_its_servers_alone_cost_what_another_system_does(catalog: Catalog) -> None:
    """_smallest with a price to beat gives the same cluster as without it, or None where that cluster costs at least
    as much (only a cheaper one replaces the answer); at half its price the servers alone are dearer, and it stops."""
    model = catalog.records["models"]["llama-3.3-70b"]
    request = PRETRAIN_70B_90_DAYS
    workload = request.workload.resolved(model.max_context)
    kind, why = Reason.of("kind.cluster"), Reason.of("why.no-box")
    sized = 0
    for system in _systems(catalog, request):
        alone = _smallest(system, request, catalog, model, workload, None, 2160, kind, why)
        if alone is None or alone.nodes < 2:
            continue
        sized += 1
        for beat in (alone.total_price / 2, alone.total_price, alone.total_price + 1, 10 * alone.total_price):
            found = _smallest(system, request, catalog, model, workload, None, 2160, kind, why, beat=beat)
            if found is None:
                assert alone.total_price >= beat
            else:
                assert (found.nodes, found.total_price) == (alone.nodes, alone.total_price)
        assert (
            _smallest(system, request, catalog, model, workload, None, 2160, kind, why, beat=alone.total_price / 2)
            is None
        )
        assert _smallest(system, request, catalog, model, workload, None, 2160, kind, why, beat=alone.total_price + 1)
    assert sized >= 3
