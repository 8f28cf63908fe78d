"""The lazy model (solve/lazy.py) finds builds as good as the whole model's, on a catalog with many GPU options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import Candidates, gpu_options, platform_parts
from configurator.core.solve.lazy import LazyBuildModel
from configurator.core.solve.solver import BuildModel, run_labels


def crowded(catalog: Catalog, copies: int) -> Catalog:
    """Each GPU `copies` times over, every copy dearer and a watt more frugal (so no copy dominates another)."""
    big = Catalog(exchange_rates=dict(catalog.exchange_rates))
    for kind, records in catalog.records.items():
        for record in records.values():
            big.records[kind][record.id] = record
            if kind != "gpus":
                continue
            for i in range(1, copies):
                prices = tuple(p.model_copy(update={"amount": p.amount * (1 + 0.01 * i)}) for p in record.prices)
                big.records[kind][f"{record.id}-v{i}"] = record.model_copy(
                    update={"id": f"{record.id}-v{i}", "prices": prices, "tdp_w": record.tdp_w - i}
                )
    return big


def _candidates(catalog: Catalog, request: BuildRequest) -> tuple[ModelArch, Candidates]:
    """The request's model and its priced, pruned GPU options and platform parts, from a cold start."""
    model = catalog.records["models"][request.model_id]
    assert isinstance(model, ModelArch)
    memo.clear()
    cand = gpu_options(model, request, catalog)
    platform_parts(request, catalog, cand, model)
    return model, cand


REQUESTS = {
    "8B q4 at 1,500": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500
    ),
    "32B bf16 vLLM, no budget": BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", precision="bf16", batch=8, engine="vllm", context=8192),
        circuit="230v16a",
    ),
}


@pytest.mark.parametrize("label", list(REQUESTS))
def test_lazy_labels_are_as_good_as_the_whole_model(catalog: Catalog, label: str) -> None:
    big = crowded(catalog, 3)
    request = REQUESTS[label]
    model, cand = _candidates(big, request)
    assert len(cand.options) >= 64, "the crowded catalog must exercise the lazy path"
    whole = run_labels(BuildModel(request, cand, model, big), 5, label_time=2.0)
    lazy_model = LazyBuildModel(request, cand, model, big)
    lazy = run_labels(lazy_model, 5, label_time=2.0)
    assert len(lazy_model.active) < len(cand.options), "the lazy model should not need every option"
    # the cheapest build costs the same; the fastest within budget is as fast (ties may pick other parts)
    assert lazy[0][2].cost == whole[0][2].cost
    fastest = {name: choice for name, _why, choice in whole}
    lazy_fastest = {name: choice for name, _why, choice in lazy}
    for name in ("fastest within budget", "fastest", "runner-up on speed"):
        if name in fastest and name in lazy_fastest:
            assert lazy_fastest[name].option.perf == pytest.approx(fastest[name].option.perf)
    assert len(lazy) == len(whole)


def test_a_second_card_that_adds_no_speed_is_not_offered(catalog: Catalog) -> None:
    """An 8B model at q4 fits one card: two of the same card cost more and decode no faster (a layer split)."""
    request = REQUESTS["8B q4 at 1,500"]
    model = catalog.records["models"][request.model_id]
    assert isinstance(model, ModelArch)
    options = gpu_options(model, request, catalog).options
    singles = {o.gpu.id: o for o in options if o.count == 1}
    assert singles
    for o in options:
        if o.count > 1 and o.gpu.id in singles:
            assert (
                o.perf > singles[o.gpu.id].perf or o.estimate.host_ram_bytes < singles[o.gpu.id].estimate.host_ram_bytes
            )


def _crowded_cpus(catalog: Catalog, copies: int) -> Catalog:
    """Each CPU `copies` times over, every copy dearer and drawing a watt less (so none dominates another)."""
    big = Catalog(exchange_rates=dict(catalog.exchange_rates))
    for kind, records in catalog.records.items():
        big.records[kind].update(records)
    for record in catalog.records["cpus"].values():
        for i in range(1, copies):
            prices = tuple(p.model_copy(update={"amount": p.amount * (1 + 0.01 * i)}) for p in record.prices)
            big.records["cpus"][f"{record.id}-v{i}"] = record.model_copy(
                update={"id": f"{record.id}-v{i}", "prices": prices, "tdp_w": record.tdp_w - i}
            )
    return big


def _labels(model: object) -> list[tuple[str, float, float]]:
    return [(name, choice.cost, choice.option.perf) for name, _why, choice in run_labels(model, 5, label_time=2.0)]  # type: ignore[arg-type]


@pytest.mark.parametrize("label", list(REQUESTS))
def test_cpus_that_differ_only_in_power_are_solved_as_one_and_checked(catalog: Catalog, label: str) -> None:
    """CPU copies that only draw a little less are stood for by one CPU credited with their TDP; every answer is
    checked at real TDPs, and the labels' builds cost and run as the whole model's."""
    big = _crowded_cpus(catalog, 4)
    request = REQUESTS[label]
    model, cand = _candidates(big, request)
    assert (len(cand.cpus) - len(cand.cpu_stand_in)) * 2 < len(cand.cpus) and cand.cpu_slack_w
    lazy_model = LazyBuildModel(request, cand, model, big)
    assert lazy_model.cpus_hidden
    assert _labels(lazy_model) == _labels(BuildModel(request, cand, model, big))


def test_a_credit_that_decides_the_answer_is_withdrawn(catalog: Catalog) -> None:
    """With an absurd credit (every CPU drawing a watt) an answer breaks a power rule at real TDPs: the lazy
    model notices, withdraws that CPU's credit (its CPUs come back), and answers as the whole model does."""
    request = REQUESTS["32B bf16 vLLM, no budget"]
    model, cand = _candidates(catalog, request)
    # every CPU that stands for others credited all but a watt of its TDP: a relaxation still (no build is
    # lost), but one under which a smaller PSU looks enough
    absurd = replace(
        cand,
        cpu_slack_w={
            p.record.id: p.record.tdp_w - 1  # type: ignore[attr-defined]
            for p in cand.cpus
            if p.record.id not in cand.cpu_stand_in
        },
    )
    lazy_model = LazyBuildModel(request, absurd, model, catalog)
    assert lazy_model.cpus_hidden
    lazy = _labels(lazy_model)
    assert len(lazy_model.cpu_credit_w) < len(absurd.cpu_slack_w), "a check at real TDPs should have failed"
    assert lazy == _labels(BuildModel(request, cand, model, catalog))


@pytest.mark.parametrize("label", list(REQUESTS))
def test_gpu_options_that_differ_only_in_power_are_stood_for(catalog: Catalog, label: str) -> None:
    """Copies of every GPU that draw a watt less are stood for by the original, credited with the watts: the
    cheapest and fastest builds cost and run as the whole model's, and some copies are never modelled."""
    big = crowded(catalog, 3)
    request = REQUESTS[label]
    model, cand = _candidates(big, request)
    lazy_model = LazyBuildModel(request, cand, model, big)
    assert lazy_model.options_hidden
    lazy = run_labels(lazy_model, 5, label_time=2.0)
    whole = run_labels(BuildModel(request, cand, model, big), 5, label_time=2.0)
    assert set(lazy_model.active) & lazy_model.options_hidden == set()
    # as test_lazy_labels_are_as_good_as_the_whole_model: later labels exclude earlier builds' options, so
    # equally good builds taken in another order may leave different runners-up
    assert lazy[0][2].cost == whole[0][2].cost
    fastest = {name: choice for name, _why, choice in whole}
    for name, _why, choice in lazy:
        if name in ("fastest within budget", "fastest") and name in fastest:
            assert choice.option.perf == pytest.approx(fastest[name].option.perf)
    assert len(lazy) == len(whole)


def test_a_rebuilt_lazy_model_starts_from_the_build_found_before(catalog: Catalog) -> None:
    """When the subset grows, the new model's first search starts from the last build (one choice of each kind:
    that build's card, board, CPU, case, PSU, memory, cooler and storage), not from nothing (#34)."""
    big = crowded(catalog, 3)
    request = REQUESTS["8B q4 at 1,500"]
    model, cand = _candidates(big, request)
    lazy_model = LazyBuildModel(request, cand, model, big)
    found = lazy_model.solve("cost")
    assert found is not None
    lazy_model._grow_subset(lazy_model._left())
    rebuilt = lazy_model.bm
    assert rebuilt.last_values is None and rebuilt.hint is not None
    groups = (rebuilt.o, rebuilt.b, rebuilt.cpu, rebuilt.h, rebuilt.s, rebuilt.mem, rebuilt.cool, rebuilt.d)
    start = dict(zip((v.index for v in rebuilt._all_vars()), rebuilt.hint))
    assert [sum(start[v.index] for v in group) for group in groups] == [1] * len(groups)
    assert rebuilt.options[next(i for i, v in enumerate(rebuilt.o) if start[v.index])] is found.option
    assert rebuilt.solve("cost") == found  # the same cheapest build, found from there


def test_room_to_grow_proved_on_the_options_it_brings_back_alone(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Room to grow brings back the options a stand-in stood for; one that a model of it alone proves no better is not
    solved again with the rest (#34: the 70B top-5's RTX 3060 Ti x 7), and the answer is the whole model's."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=16384),
        top_k=5,
    )
    model, cand = _candidates(catalog, request)
    proofs: list[bool] = []
    beats_alone = LazyBuildModel._beats_alone

    def spy(self: LazyBuildModel, *args: object) -> bool:
        proofs.append(beats_alone(self, *args))  # type: ignore[arg-type]
        return proofs[-1]

    monkeypatch.setattr(LazyBuildModel, "_beats_alone", spy)
    lazy = {
        name: choice
        for name, _why, choice in run_labels(LazyBuildModel(request, cand, model, catalog), 5, label_time=2.0)
    }
    model, cand = _candidates(catalog, request)
    whole = {
        name: choice for name, _why, choice in run_labels(BuildModel(request, cand, model, catalog), 5, label_time=2.0)
    }
    assert False in proofs, "no option was proved no better alone"
    grown, grown_whole = lazy["room to grow"], whole["room to grow"]
    assert grown.cost == grown_whole.cost
    assert grown.option.perf == pytest.approx(grown_whole.option.perf)
