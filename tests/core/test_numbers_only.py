"""A map cell estimates without words (estimator.numbers_only, #34): the same numbers, no explanation, and memos of its
own, so the plan a user opens next in the same process (the window beside an in-process map) still explains itself."""

from __future__ import annotations

import threading

from configurator.core.advise.landscape import map_workloads, solve_cell
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Cpu, Gpu, MemoryKit, ModelArch
from configurator.core.estimate.estimator import estimate, explained, numbers_only
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan


def _numbers(result: object) -> dict[str, object]:
    dumped = result.model_dump(mode="json")  # type: ignore[attr-defined]
    return {k: v for k, v in dumped.items() if k not in ("steps", "assumptions", "assumption_codes")}


def test_an_estimate_without_words_has_the_same_numbers_and_warnings(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.3-70b"]
    gpu = catalog.records["gpus"]["rtx-3090"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    workload = Workload(kind="inference", precision="q4_k_m", context=131072)  # past what two 3090s hold: warns
    with numbers_only():
        quiet = estimate(model, workload, gpu, 2)
    said = estimate(model, workload, gpu, 2)  # after the quiet one: its own memo entry, with its words
    assert not quiet.steps and not quiet.assumptions
    assert said.steps and said.assumptions
    assert _numbers(quiet) == _numbers(said)
    assert quiet.decode_tokens_per_s == said.decode_tokens_per_s and quiet.warnings == said.warnings


def test_an_estimate_on_the_host_without_words_has_the_same_numbers(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.1-8b"]
    cpu = next(c for c in catalog.kind("cpus") if isinstance(c, Cpu) and c.memory_channels >= 2)
    kit = next(k for k in catalog.kind("memory") if isinstance(k, MemoryKit) and k.memory_type == cpu.memory_type)
    assert isinstance(model, ModelArch)
    host = host_memory(cpu, kit, 1)
    workload = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp").resolved(model.max_context)
    with numbers_only():
        quiet = estimate_on_host(model, workload, None, 0, host)
    said = estimate_on_host(model, workload, None, 0, host)
    assert not quiet.steps and not quiet.assumptions and said.steps and said.assumptions
    assert _numbers(quiet) == _numbers(said)


def test_a_plan_after_a_map_cell_in_the_same_process_still_explains_its_builds(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.2-1b"]
    assert isinstance(model, ModelArch)
    workload = map_workloads("inference", ["int4"])[0]
    cell = solve_cell(model, workload, catalog, BuildRequest(model_id=""))
    assert cell.cheapest is not None
    result = plan(cell.request, catalog, model=model, relax=False)
    assert result.builds
    assert all(b.estimate.steps and b.estimate.assumptions for b in result.builds)


def test_words_are_left_out_only_where_asked_not_on_another_thread() -> None:
    seen: list[bool] = []
    inside = threading.Event()
    done = threading.Event()

    def other() -> None:
        inside.wait(5)
        seen.append(explained())
        done.set()

    thread = threading.Thread(target=other)
    thread.start()
    with numbers_only():
        assert not explained()
        inside.set()
        done.wait(5)
    thread.join(5)
    assert explained() and seen == [True]
