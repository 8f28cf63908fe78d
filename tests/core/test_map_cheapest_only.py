"""A map cell's plans look only for the build a top-1 plan shows (plan(cheapest_only=True), issue #34): the whole
machines are offered first and the searches from parts are capped at the cheapest of them that answers. The build
shown must be the full plan's, for cells won by a mini PC, a CPU-only box, a tower, a power-limited pair, a
workstation and a budget; and each map cell must be the cheapest build of the full plan its click opens."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.advise.landscape import _cell_request, map_workloads, solve_cell
from configurator.core.catalog.loader import Catalog
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan

CELLS: list[tuple[str, str, dict[str, Any]]] = [
    ("llama-3.2-1b", "int4", {}),  # a 399 USD mini PC
    ("qwen3-8b", "fp16", {}),  # a tower with one card
    ("gemma-4-31b", "int8", {}),  # two cards; the power-limited pair is offered beside them
    ("qwen3.6-35b-a3b", "fp16", {}),  # a CPU-only box
    ("llama-3-70b", "fp16", {}),  # three cards at an 80 % power limit
    ("gpt-oss-120b", "int4", {}),  # a 128 GB unified-memory mini PC
    ("qwen3-14b", "int8", {"currency": "EUR", "budget": 3000}),
    ("qwen3.5-397b-a17b", "int4", {}),
]


def shown(build: Build) -> tuple[object, ...]:
    return (
        build.gpu_id,
        build.gpu_count,
        build.nodes,
        round(build.total_price, 2),
        build.estimate.decode_tokens_per_s,
        tuple((p.category, p.id, p.quantity) for p in build.parts),
    )


@pytest.mark.parametrize(("model_id", "precision", "base"), CELLS)
def test_a_cells_plan_shows_the_build_the_full_top_1_plan_shows(
    catalog: Catalog, model_id: str, precision: str, base: dict[str, Any]
) -> None:
    model = catalog.records["models"][model_id]
    request, _ = _cell_request(model, map_workloads("inference", [precision])[0], BuildRequest(model_id="", **base))
    solving = request.model_copy(update={"budget": None, "top_k": 1, "allow_clusters": False})
    full = plan(solving, catalog, relax=False)
    cheapest = plan(solving, catalog, relax=False, cheapest_only=True)
    assert full.builds, (model_id, precision)
    assert [shown(b) for b in cheapest.builds] == [shown(b) for b in full.builds]
    # its costs, curves and launch command are the full plan's to make: the map shows none of them
    assert cheapest.builds[0].launch is None and full.builds[0].launch is not None


@pytest.mark.parametrize(("model_id", "precision", "base"), CELLS)
def test_a_map_cell_is_the_cheapest_build_of_the_plan_its_click_opens(
    catalog: Catalog, model_id: str, precision: str, base: dict[str, Any]
) -> None:
    model = catalog.records["models"][model_id]
    cell = solve_cell(model, map_workloads("inference", [precision])[0], catalog, BuildRequest(model_id="", **base))
    opened = plan(cell.request.model_copy(update={"top_k": 1}), catalog)
    assert cell.cheapest is not None and opened.builds, (model_id, precision, cell.reason)
    build = opened.builds[0]
    assert (cell.cheapest.count, cell.cheapest.price) == (
        build.gpu_count * build.nodes,
        pytest.approx(build.total_price),
    )
    assert cell.cheapest.decode_tokens_per_s == pytest.approx(build.estimate.decode_tokens_per_s, rel=0.01)


def test_a_cells_comparison_of_gpus_keeps_each_gpus_cheapest_build(catalog: Catalog) -> None:
    """The map's alternatives are a comparison of the GPUs close to the cheapest build's price: each GPU's own cheapest
    build, whatever the order the plan's sources offer them in. The comparison had run at the cell's top_k of 1 and
    kept only its first build: for Qwen3 14B in FP16 a Tesla P100 + P40 mix at 1,465 USD, where two P100 (1,277) and
    one MI50 32GB (1,081) exist (#34)."""
    from configurator.core.advise.landscape import _CellSearch

    model = catalog.records["models"]["qwen3-14b"]
    request, _ = _cell_request(model, map_workloads("inference", ["fp16"])[0], BuildRequest(model_id=""))
    solving = request.model_copy(update={"budget": None, "top_k": 1, "allow_clusters": False})
    gpus = catalog.records["gpus"]
    ids = ("tesla-p40", "tesla-p100-16gb-pcie", "mi50-32gb")
    search = _CellSearch(catalog, model, request, lambda: False)
    search.run([gpus[g] for g in ids], solving, compare=True)  # type: ignore[misc]  # catalog records: Gpu here
    # the plan's comparison of the same GPUs, every build shown: the cell keeps each GPU's cheapest of them
    shown = plan(solving.model_copy(update={"gpu_ids": ids, "top_k": 5}), catalog, relax=False).builds
    compared = [b for b in shown if any(c.code == "claim.cheapest-with" for c in b.claims)]
    assert {"tesla-p100-16gb-pcie", "mi50-32gb"} <= {b.gpu_id for b in compared}
    for build in compared:
        assert build.gpu_id in search.builds, (build.gpu_id, sorted(search.builds))
        assert search.builds[build.gpu_id].total_price == pytest.approx(build.total_price), build.gpu_id
    cheapest = min(search.builds.values(), key=lambda b: b.total_price)
    # round 47 (land47's 2026 prices): the MI50 32GB is 400 USD (r/LocalLLaMA group buy, 2026-03-06; 150 before), its
    # one-card build 1,156.11, and two Tesla P100 16GB at 72 USD each (GPU Poet, July 2026) are 1,136.88: the cheapest
    # of the three GPUs' own builds is the P100 pair, not the P100 + P40 mix (1,324.88) the comparison had kept (#34)
    assert (cheapest.gpu_id, cheapest.gpu_count) == ("tesla-p100-16gb-pcie", 2)
    assert all(cheapest.total_price < b.total_price for b in search.builds.values() if b is not cheapest)
