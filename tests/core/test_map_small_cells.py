"""The map's smallest cells (issue #28): a 1B and a 3B model, quantized, are served at reading speed by machines below
600 USD (a CPU-only box or a mini PC with its sourced memory bandwidth), not by the cheapest tower with a discrete
card. Practitioners run them so: Llama 3.2 1B at 40-55 tok/s on a laptop CPU, 3B above 20 tok/s on a desktop CPU
(https://docs.fastflowlm.com/benchmarks/llama3_results.html; https://specpicks.com/blog/local-llm-cpu-only-ryzen-7-5800x-2026)."""

from __future__ import annotations

import pytest

from configurator.core.advise.landscape import default_models, map_workloads, solve_cell
from configurator.core.catalog.loader import Catalog
from configurator.core.model.request import BuildRequest
from configurator.core.solve.rules import READING_TPS

SMALL_CELL_PRICE = 600.0


@pytest.mark.parametrize("precision", ["int4", "int8"])
def test_the_two_smallest_default_models_get_a_machine_below_600_usd(catalog: Catalog, precision: str) -> None:
    smallest = sorted(default_models(catalog), key=lambda m: m.params_total_b)[:2]
    assert smallest[0].params_total_b < 2 and smallest[1].params_total_b < 4  # the 1B and 3B size classes
    for model in smallest:
        got = solve_cell(model, map_workloads("inference", [precision])[0], catalog, BuildRequest(model_id=""))
        assert got.cheapest is not None, (model.id, got.reason)
        assert got.cheapest.price < SMALL_CELL_PRICE, (model.id, got.cheapest)
        assert (got.cheapest.decode_tokens_per_s or 0) >= READING_TPS
        # no discrete card bought for a model this size: no GPU at all, or a ready-made box's integrated one
        assert got.cheapest.gpu not in catalog.records["gpus"], (model.id, got.cheapest.gpu)
