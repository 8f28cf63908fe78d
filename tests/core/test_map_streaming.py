"""A map's cells are heard from the worker processes one by one, as each is solved, before the last one is done, and
the workers start with OR-Tools loaded instead of importing it at their first cell (#34, #31)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from configurator.core.advise import landscape as advise
from configurator.core.advise.landscape import MapCell, map_workloads, recommendation_map
from configurator.core.advise.mapworkers import MapWorkers
from configurator.core.model.request import BuildRequest
from configurator.storage import catalogs

MODELS = ("llama-3.2-1b", "qwen3-8b", "llama-3.1-70b")
HELD = ("llama-3.1-70b", "fp16")
"""The cell a worker holds until the test has heard every other one."""
GATE_ENV = "LLM_RIG_TEST_MAP_GATE"


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return catalogs.load().catalog


def _held_cells(model: Any, workload: Any, _catalog: Any, base: BuildRequest, *_args: Any, **_kwargs: Any) -> MapCell:
    """Stands for solve_cell in the workers (forked after the patch): every cell at once, except HELD, which waits
    until the gate file exists (the parent makes it when it has heard all the others) or 30 s have passed."""
    _request, cell = advise._cell_request(model, workload, base)
    if (model.id, workload.precision) != HELD:
        return MapCell(**cell, cheapest=None, reason="solved")
    gate = Path(os.environ[GATE_ENV])
    deadline = time.monotonic() + 30
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return MapCell(**cell, cheapest=None, reason="released" if gate.exists() else "never released")


def test_cells_are_heard_as_the_workers_solve_them_before_the_last(catalog, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    gate = tmp_path / "gate"
    monkeypatch.setenv(GATE_ENV, str(gate))
    monkeypatch.setattr(advise, "solve_cell", _held_cells)
    models = [catalog.records["models"][m] for m in MODELS]
    workloads = map_workloads("inference", ["int4", "fp16"])
    heard: list[tuple[str, str | None, str | None]] = []

    def on_cell(cell: MapCell, done: int, total: int) -> None:
        heard.append((cell.model, cell.precision, cell.reason))
        if done == total - 1:
            gate.touch()  # the held cell may finish only now: every other one was heard while it was being solved

    with MapWorkers(catalog, 2, "fork") as workers:
        result = recommendation_map(
            catalog, workloads, models=models, base=BuildRequest(model_id=""), workers=workers, on_cell=on_cell
        )
    assert len(heard) == len(result.cells) == 6
    assert heard[-1] == (*HELD, "released")  # not "never released": the others came out while it was held
    assert all(reason == "solved" for _m, _p, reason in heard[:-1])
    assert [c.model for c in result.cells] == [m for m in MODELS for _w in workloads]  # the map keeps its order


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_workers_start_with_or_tools_loaded(catalog, method) -> None:  # type: ignore[no-untyped-def]
    """A worker that has solved nothing yet already has CP-SAT: it came from the forkserver's preload or the parent."""
    with MapWorkers(catalog, 1, method) as workers:
        assert workers._pool is not None
        loaded = workers._pool.submit(
            eval, "'ortools.sat.python.cp_model_helper' in __import__('sys').modules"
        ).result()
    assert loaded is True
