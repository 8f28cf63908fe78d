"""A plan runs with Python's cycle collector paused (#34: 20-30 % of a 70B plan's CPU went to collections that found
almost nothing) and leaves it as it found it: the window and the map plan inside processes that keep running."""

from __future__ import annotations

import gc

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.errors import ConfiguratorError
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan

REQUEST = BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="inference", precision="q4_k_m"), budget=800)


def test_a_plan_pauses_the_collector_and_restarts_it(catalog: Catalog) -> None:
    seen: list[bool] = []
    assert gc.isenabled()
    result = plan(REQUEST, catalog, on_progress=lambda _message: seen.append(gc.isenabled()))
    assert result.builds
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused(catalog: Catalog) -> None:
    gc.disable()
    try:
        plan(REQUEST, catalog)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_failed_plan_restarts_the_collector(catalog: Catalog) -> None:
    with pytest.raises(ConfiguratorError):
        plan(REQUEST.model_copy(update={"model_id": "no-such-model"}), catalog)
    assert gc.isenabled()
