"""Issue #34: llama.cpp's automatic offload finds the fewest layers in RAM by bisection; on every model of the
catalog, on cards of each memory size and on one or two of them, the answer is the one the walk over every layer
count (the code before) gave."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate import estimator
from configurator.core.estimate.params import count_params
from configurator.core.estimate.workload import Workload


def walked(model: ModelArch, counts: Any, workload: Workload, gpu: Gpu, gpus: int, split: str) -> Workload:
    """The walk that bisection replaced: one memory estimate per layer count, the first that fits."""
    capacity = gpu.vram_gb * estimator.GIB * 0.98

    def fits(w: Workload) -> bool:
        memory = estimator._inference_memory(model, counts, w, gpus, split, estimator._Explain(), 1.0)
        return max(b.total for b in memory) <= capacity

    candidate = workload
    if fits(candidate):
        return candidate
    if model.moe is not None and not candidate.cpu_experts:
        candidate = candidate.model_copy(update={"cpu_experts": True})
        if fits(candidate):
            return candidate
    for layers in range(candidate.cpu_layers + 1, model.num_layers + 1):
        trial = candidate.model_copy(update={"cpu_layers": layers})
        if fits(trial):
            return trial
    return candidate.model_copy(update={"cpu_layers": model.num_layers})


@pytest.mark.parametrize("precision,context", [("q4_k_m", 8192), ("q8_0", 32768)])
def test_bisection_gives_the_walks_answer_on_the_catalog(catalog: Any, precision: str, context: int) -> None:
    gpus_by_size: dict[float, Gpu] = {}
    for gpu in catalog.gpus:
        gpus_by_size.setdefault(gpu.vram_gb, gpu)
    cards = [gpus_by_size[size] for size in sorted(gpus_by_size)][::4]  # 8 GB to 192 GB, a spread of sizes
    compared = moved = 0
    for model in catalog.kind("models"):
        assert isinstance(model, ModelArch)
        counts = count_params(model)
        workload = Workload(
            kind="inference", precision=precision, context=min(context, model.max_context), engine="llama.cpp"
        ).model_copy(update={"offload": "cpu"})
        for gpu in cards:
            for n in (1, 2):
                split = estimator._choose_split(model, workload, n, estimator._Explain())
                got = estimator._auto_offload(model, counts, workload, gpu, n, split, 1.0, cal=estimator.CAL)
                assert got == walked(model, counts, workload, gpu, n, split), (model.id, gpu.id, n)
                compared += 1
                moved += got.cpu_layers > 0
    assert compared > 600 and moved > 100  # the comparison covered cases where layers did move to RAM


def walked_experts(model: ModelArch, workload: Workload, gpu: Gpu, gpus: int) -> int | None:
    """The scan offload.choose_placement made before bisection: the first --n-cpu-moe count whose GPU memory fits,
    on the even split or (several cards, round 31) on each card filled in turn."""
    from configurator.core.estimate import offload

    capacity = gpu.vram_gb * estimator.GIB * offload.GPU_FILL
    for n in range(model.num_layers + 1):
        placement = offload._placement(model, model.num_layers, n, gpus)
        if max(b.total for b in offload.gpu_memory(model, workload, placement, 1.0)) <= capacity:
            return n
        if gpus > 1 and offload._filled_split(model, workload, n, gpus, capacity, 1.0, estimator.CAL) is not None:
            return n
    return None


@pytest.mark.parametrize("precision", ["q4_k_m", "q8_0"])
def test_experts_in_ram_bisection_gives_the_scans_answer_on_the_catalog(catalog: Any, precision: str) -> None:
    """offload.choose_placement (llama.cpp --n-cpu-moe, the experts-in-RAM builds) bisects the fewest layers whose
    experts go to RAM; on every MoE model of the catalog, on cards of each memory size and on one to three of them,
    the answer is the scan's."""
    from configurator.core.estimate.offload import choose_placement

    gpus_by_size: dict[float, Gpu] = {}
    for gpu in catalog.gpus:
        gpus_by_size.setdefault(gpu.vram_gb, gpu)
    cards = [gpus_by_size[size] for size in sorted(gpus_by_size)][::3]
    compared = moved = 0
    for model in catalog.kind("models"):
        assert isinstance(model, ModelArch)
        if model.moe is None:
            continue
        workload = Workload(
            kind="inference", precision=precision, context=min(8192, model.max_context), engine="llama.cpp"
        ).model_copy(update={"offload": "cpu"})
        workload = workload.resolved(model.max_context)
        for gpu in cards:
            for n in (1, 2, 3):
                placement = choose_placement(model, workload, gpu, n)
                scanned = walked_experts(model, workload, gpu, n)
                got = placement.cpu_moe_layers if placement.gpu_layers == model.num_layers else None
                assert got == scanned, (model.id, gpu.id, n)
                compared += 1
                moved += bool(got)
    assert compared > 300 and moved > 100  # the comparison covered cases where experts did move to RAM
