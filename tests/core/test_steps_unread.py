"""`llm-rig plan` estimates without their chain of steps (estimator.steps_unread, #34): it shows none, so its
estimates keep everything else (numbers, fits, assumptions, warnings) and only the steps are left out; its memos are
its own, so a later estimate or plan in the same process still has its steps."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Cpu, Gpu, MemoryKit, ModelArch
from configurator.core.estimate.estimator import estimate, explained, stepped, steps_unread
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan


def _all_but_steps(result: object) -> dict[str, object]:
    dumped = result.model_dump(mode="json")  # type: ignore[attr-defined]
    return {k: v for k, v in dumped.items() if k != "steps"}


def test_an_estimate_without_steps_keeps_everything_else(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.3-70b"]
    gpu = catalog.records["gpus"]["rtx-3090"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    for workload in (
        Workload(kind="inference", precision="q4_k_m", context=131072),  # past what two 3090s hold: warns
        Workload(kind="finetune", method="qlora", tokens=1e8),
    ):
        with steps_unread():
            assert explained() and not stepped()
            unread = estimate(model, workload, gpu, 2)
        said = estimate(model, workload, gpu, 2)  # after the unread one: its own memo entry, with its steps
        assert stepped() and not unread.steps and said.steps and unread.assumptions
        assert _all_but_steps(unread) == _all_but_steps(said)


def test_an_estimate_on_the_host_without_steps_keeps_everything_else(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.1-8b"]
    cpu = next(c for c in catalog.kind("cpus") if isinstance(c, Cpu) and c.memory_channels >= 2)
    kit = next(k for k in catalog.kind("memory") if isinstance(k, MemoryKit) and k.memory_type == cpu.memory_type)
    assert isinstance(model, ModelArch)
    workload = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp").resolved(model.max_context)
    host = host_memory(cpu, kit, 1)
    with steps_unread():
        unread = estimate_on_host(model, workload, None, 0, host)
    said = estimate_on_host(model, workload, None, 0, host)
    assert not unread.steps and said.steps and unread.assumptions
    assert _all_but_steps(unread) == _all_but_steps(said)


def test_a_plan_without_steps_is_the_same_plan(catalog: Catalog) -> None:
    model = catalog.records["models"]["llama-3.1-8b"]
    assert isinstance(model, ModelArch)
    request = BuildRequest(
        model_id=model.id, workload=Workload(kind="inference", precision="q4_k_m"), budget=1500, top_k=3
    )
    with steps_unread():
        unread = plan(request, catalog, model=model)
    said = plan(request, catalog, model=model)
    assert unread.builds and all(not b.estimate.steps for b in unread.builds)
    assert all(b.estimate.steps for b in said.builds)
    assert unread.to_json() == said.to_json()
