"""Estimate results: memory per GPU with its breakdown, speed, time, and the reasoning."""

from __future__ import annotations

import math
from operator import attrgetter
from typing import Any

from pydantic import BaseModel, ConfigDict

from configurator.core.estimate.ranges import figure_ranges

HARD_HEADROOM = 0.02
"""The least share of a GPU's memory a job leaves free (the solver's hard floor; below the requested headroom MEM-FIT
warns): the planner's layouts and the GPU options read this one figure."""

BREAKDOWN_KEYS = ("weights", "kv_cache", "activations", "gradients", "optimizer_states", "runtime_overhead")
_BREAKDOWN_FIELDS = attrgetter(*BREAKDOWN_KEYS)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class MemoryBreakdown(_Frozen):
    weights: int = 0
    kv_cache: int = 0
    activations: int = 0
    gradients: int = 0
    optimizer_states: int = 0
    runtime_overhead: int = 0

    @property
    def total(self) -> int:
        # the planner reads this ~150,000 times per map: one C-level attrgetter, not a getattr generator
        return sum(_BREAKDOWN_FIELDS(self))

    def __add__(self, other: MemoryBreakdown) -> MemoryBreakdown:
        return MemoryBreakdown(**{k: getattr(self, k) + getattr(other, k) for k in BREAKDOWN_KEYS})


class GpuMemory(_Frozen):
    index: int
    breakdown: MemoryBreakdown
    capacity_bytes: int | None = None
    usable_bytes: int | None = None  # capacity less what the engine will not use (vLLM utilisation)

    @property
    def total(self) -> int:
        return self.breakdown.total


class Step(_Frozen):
    """One link in the chain of formulas, for --explain and the app's 'how is this computed'."""

    topic: str
    text: str


class EstimateResult(_Frozen):
    model_id: str
    workload: dict[str, Any]
    gpu_id: str | None
    gpus: int
    split: str  # "single", "layer" (pipeline) or "tensor"
    per_gpu: tuple[GpuMemory, ...]
    host_ram_bytes: int  # system RAM the job needs beyond the OS (offload, loading)
    fits: bool | None
    decode_tokens_per_s: float | None
    aggregate_tokens_per_s: float | None
    prefill_tokens_per_s: float | None
    time_to_first_token_s: float | None
    training_flops: float | None
    gpu_hours: float | None
    wall_hours: float | None
    mfu: float | None
    params_total: int
    params_active: int
    assumptions: tuple[str, ...]
    steps: tuple[Step, ...]
    warnings: tuple[str, ...] = ()
    # -- weights in system RAM (issue #12): set by estimate.offload.estimate_on_host
    host_bandwidth_gbps: float | None = None  # effective RAM bandwidth decode reads at
    offloaded_bytes: int = 0  # model bytes kept in system RAM
    placement: dict[str, Any] | None = None  # llama.cpp gpu_layers, cpu_moe_layers, layers_per_gpu, head_on_gpu

    @property
    def per_gpu_bytes(self) -> int:
        return max(g.total for g in self.per_gpu)

    @property
    def total_bytes(self) -> int:
        return sum(g.total for g in self.per_gpu)

    @property
    def breakdown(self) -> MemoryBreakdown:
        total = MemoryBreakdown()
        for gpu in self.per_gpu:
            total = total + gpu.breakdown
        return total

    @property
    def peak_gpu(self) -> GpuMemory:
        return max(self.per_gpu, key=lambda g: g.total)

    def to_json(self) -> dict[str, Any]:
        """The public `estimate --json` object (a scripting contract: keep its shape)."""
        breakdown = self.breakdown
        figures: dict[str, float | None] = {
            "memory.per_gpu_bytes": float(self.per_gpu_bytes),
            "memory.total_bytes": float(self.total_bytes),
            "memory.breakdown_bytes.weights": float(breakdown.weights),
            "speed.decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "speed.prefill_tokens_per_s": _round(self.prefill_tokens_per_s),
            "time.gpu_hours": _round(self.gpu_hours),
            "time.wall_hours": _round(self.wall_hours),
        }
        ranges: dict[str, list[float]] = {}
        for path, (low, high) in figure_ranges(self.workload.get("kind", "inference"), figures).items():
            # bytes stay whole numbers, like the figures they bracket
            ranges[path] = [math.floor(low), math.ceil(high)] if path.startswith("memory.") else [_round_down(low), _round_up(high)]
        return {
            "memory": {
                "per_gpu_bytes": int(self.per_gpu_bytes),
                "total_bytes": int(self.total_bytes),
                "breakdown_bytes": {k: int(getattr(breakdown, k)) for k in BREAKDOWN_KEYS},
                "fits": self.fits,
            },
            "speed": {
                "decode_tokens_per_s": _round(self.decode_tokens_per_s),
                "prefill_tokens_per_s": _round(self.prefill_tokens_per_s),
            },
            "time": {"gpu_hours": _round(self.gpu_hours), "wall_hours": _round(self.wall_hours)},
            "assumptions": list(self.assumptions),
            **({"host": {"ram_bandwidth_gbps": _round(self.host_bandwidth_gbps), "offloaded_bytes": int(self.offloaded_bytes)}}
               if self.host_bandwidth_gbps is not None and self.offloaded_bytes else {}),
            # 80 % intervals from the cross-validated errors of each kind of figure (ranges.py)
            "ranges": ranges,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else float(f"{value:.4g}")


def _round_down(value: float) -> float:
    """Four significant digits, never above `value` (so the range still holds the figure)."""
    rounded = float(f"{value:.4g}")
    return rounded if rounded <= value else float(f"{value * (1 - 1e-4):.4g}")


def _round_up(value: float) -> float:
    rounded = float(f"{value:.4g}")
    return rounded if rounded >= value else float(f"{value * (1 + 1e-4):.4g}")
