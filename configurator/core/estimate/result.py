"""Estimate results: memory per GPU with its breakdown, speed, time, and the reasoning."""

from __future__ import annotations

import math
from operator import attrgetter

from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.reasons import Reason, as_json, english
from configurator.core.common.shapes import (
    AsIs,
    EstimateHostPart,
    EstimateJson,
    EstimateSpeedJson,
    EstimateTimeJson,
    OffloadHostJson,
    ParallelismJson,
    PlacementJson,
    WorkloadJson,
)
from configurator.core.common.trusted import constructor
from configurator.core.estimate.ranges import figure_range, figure_ranges

HARD_HEADROOM = 0.02
"""The least share of a GPU's memory a job leaves free (the solver's hard floor; below the requested headroom MEM-FIT
warns): the planner's layouts and the GPU options read this one figure."""


def model_flops_utilisation(flops: float | None, gpu_hours: float | None, peak_tflops: float | None) -> float | None:
    """MFU, the one definition the app reports: the job's model FLOPs over what its GPUs could compute at their dense
    bf16 peak in the time they took, flops / (GPUs x peak x wall time) = flops / (peak x GPU-hours x 3600) (PaLM,
    Chowdhery et al. 2022, appendix B: observed throughput over the theoretical peak-FLOPs throughput, recomputation
    not counted; the Llama 3 paper, table 4, reports its 38-43 % BF16 MFU the same way). Over the elapsed time,
    exposed communication, the pipeline bubble, restarts and checkpoint stalls all count against it. With the hours
    of the compute phase alone it gives the compute-phase utilisation instead, which is never called MFU."""
    if not flops or not gpu_hours or not peak_tflops:
        return None
    return flops / (peak_tflops * 1e12 * gpu_hours * 3600)


def mfu_said(flops: float, gpus: int, peak_tflops: float, wall_hours: float) -> Reason:
    """MFU with the figures it is made of, as the chains of formulas and the reports word it (est.mfu)."""
    mfu = model_flops_utilisation(flops, gpus * wall_hours, peak_tflops) or 0.0
    return Reason.of("est.mfu", flops=flops, gpus=gpus, peak=peak_tflops, wall=wall_hours, mfu=mfu)


BREAKDOWN_KEYS = ("weights", "kv_cache", "activations", "gradients", "optimizer_states", "runtime_overhead")
_BREAKDOWN_FIELDS = attrgetter(*BREAKDOWN_KEYS)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


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
    # capacity less what the engine will not use (vLLM utilisation); a cluster plan's: its limit, the card less
    # HARD_HEADROOM (estimate.parallel.training_result)
    usable_bytes: int | None = None

    @property
    def total(self) -> int:
        return self.breakdown.total


def gpu_total(gpu: GpuMemory) -> int:
    """GpuMemory.total in one call (peak_gpu's key: ~200,000 calls in a cluster plan)."""
    return sum(_BREAKDOWN_FIELDS(gpu.breakdown))


class Step(_Frozen):
    """One link in the chain of formulas, for --explain and the app's 'how is this computed'."""

    topic: str
    text: str  # the English of `said` when the step has a code (est.*), else its own words
    said: Reason | None = None


new_step = constructor(Step)
"""Step.model_construct without its per-field lookups (core.trusted): a cluster plan builds ~50,000 steps."""


class EstimateResult(_Frozen):
    model_id: str
    workload: AsIs[WorkloadJson]  # the workload it ran, resolved (Workload as JSON)
    gpu_id: str | None
    gpus: int
    split: str  # "single", "layer" (pipeline), "tensor" or "tensor-pipeline" (vLLM TP x PP, degrees in placement)
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
    # the share of the GPU's training rate (support_facts.training_tflops) the estimator divided the FLOPs by, before
    # multi-GPU scaling: its restarts and run losses included, communication not. The planner's input (it recovers the
    # compute-phase rate from it); not MFU, which is `mfu` below
    rate_share: float | None
    params_total: int
    params_active: int
    assumptions: tuple[str, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Reason, ...] = ()  # each a code and fields (core.reasons), rendered in the reader's language
    scaling_efficiency: float | None = (
        None  # training on several GPUs of one machine: the data-parallel scaling assumed
    )
    # the assumptions that have a code (est.*): `assumptions` holds their English (assumptions_said() pairs them)
    assumption_codes: tuple[Reason, ...] = ()
    layout_assumptions: tuple[
        str, ...
    ] = ()  # those of `assumptions` that state that layout (a cluster plan replaces them)
    # -- weights in system RAM (issue #12): set by estimate.offload.estimate_on_host
    host_bandwidth_gbps: float | None = None  # effective RAM bandwidth decode reads at
    offloaded_bytes: int = 0  # model bytes kept in system RAM
    # decode's RAM share is bound by the CPU cores' multiplies, not the RAM's reads (offload._cpu_step): a build's why
    # names the cores then (a 16-core EPYC 7302 decodes DeepSeek-R1 at 4.9 tokens/s from the RAM a 7742 reads at 7.9)
    decode_cores_bound: bool = False
    # of wall_hours, the offloaded optimizer step's (--offload cpu: the CPU's Adam, its copies over PCIe and the
    # all-gather; estimator._offloaded_step): host and link time, which a GPU power limit does not slow
    # (solve.candidates.with_power_limit scales the rest)
    offload_step_hours: float = 0.0
    # the host that step was timed on (optimizer_offload.OffloadHost as JSON): named, or the typical one assumed
    offload_host: AsIs[OffloadHostJson | None] = None
    # a training job laid out by the cluster planner on one machine's GPUs (estimate.parallel.training_result: expert,
    # pipeline or tensor parallel, Megatron-LM's): its `parallelism` object, which the build and its launch command read
    layout: AsIs[ParallelismJson | None] = None
    placement: AsIs[PlacementJson | None] = (
        None  # llama.cpp gpu_layers, cpu_moe_layers, layers_per_gpu, head_on_gpu; vLLM tensor_parallel, pipeline_parallel
    )
    # the GPU's dense bf16 peak (fp16 on a card without bf16) from its spec sheet, TFLOPS: the basis of `mfu`
    peak_tflops: float | None = None
    # the regime whose cross-validated errors set the speed ranges when they differ from the kind's (ranges.py)
    speed_regime: str | None = None
    # the same for the memory figures (ranges.memory_regime: a remote-code tuple cache under transformers)
    memory_regime: str | None = None
    # --speculative draft: decode tokens/s at the low and the central sourced acceptance (estimate/speculative.py); the
    # decode range spans both, so it can include a net loss against the plain speed
    speculation_span: tuple[float, float] | None = None
    draft_repo: str | None = None  # the draft model's Hugging Face repository (its launch flag names it)
    # a training job without --tokens is timed for a stated reference job of this many tokens (solve.ranking)
    reference_tokens: float | None = None
    # the share of a training job's wall time spent in steady-state steps (estimator.elapsed_share: restarts after
    # failures and, on the cards whose rate comes from a whole reference run, its checkpoints and evaluation): the
    # steady-state tokens/s a benchmark measures is the whole run's divided by it (issue #29, ranges.py)
    steady_share: float | None = None
    # an inference job: seconds to fill the whole context asked from an empty cache, at its own length (the prompt
    # pass of `context` tokens, its attention at their own depth: estimator._window_fill), what FILL times
    context_fill_s: float | None = None

    @property
    def steady_tokens_per_s(self) -> float | None:
        """Training tokens/s during steady-state steps (what a throughput benchmark reports), the job's or its reference
        job's tokens over the wall time less the run's losses; None without a training time."""
        tokens = self.workload.get("tokens") or self.reference_tokens
        if not tokens or not self.wall_hours or not self.steady_share:
            return None
        return float(tokens) / (self.wall_hours * self.steady_share * 3600)

    @property
    def mfu(self) -> float | None:
        """Model FLOPs utilisation over the job's wall time (model_flops_utilisation)."""
        return model_flops_utilisation(self.training_flops, self.gpu_hours, self.peak_tflops)

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
        return max(self.per_gpu, key=gpu_total)

    def assumptions_said(self) -> tuple[Reason, ...]:
        """Each assumption as a code and fields: its code where it has one (est.*), else its own words (est.said)."""
        coded = {english(r): r for r in self.assumption_codes}
        return tuple(coded.get(a) or Reason.of("est.said", text=a) for a in self.assumptions)

    def _run_tokens_per_s(self) -> float | None:
        """A training job's tokens over its whole run's wall time (--tokens given), as `estimate --json` has given it."""
        tokens = self.workload.get("tokens")
        return float(tokens) / (self.wall_hours * 3600) if tokens and self.wall_hours else None

    def wall_hours_range(self) -> tuple[float, float] | None:
        """The 80 % range of the whole run's wall time (a training time; None for inference), its regime's factors."""
        if self.wall_hours is None:
            return None
        return figure_range(self.wall_hours, "training_gpu_hours", self.speed_regime)

    def to_json(self) -> EstimateJson:
        """The public `estimate --json` object (a scripting contract: keep its shape)."""
        breakdown = self.breakdown
        figures: dict[str, float | None] = {
            "memory.per_gpu_bytes": float(self.per_gpu_bytes),
            "memory.total_bytes": float(self.total_bytes),
            "memory.breakdown_bytes.weights": float(breakdown.weights),
            "speed.decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "speed.prefill_tokens_per_s": _round(self.prefill_tokens_per_s),
            "speed.time_to_first_token_s": _round(self.time_to_first_token_s),
            "time.gpu_hours": _round(self.gpu_hours),
            "time.wall_hours": _round(self.wall_hours),
            "time.tokens_per_s": _round(self._run_tokens_per_s()),
            "time.steady_tokens_per_s": _round(self.steady_tokens_per_s),
        }
        ranges: dict[str, list[float]] = {}
        for path, (low, high) in figure_ranges(
            self.workload.get("kind", "inference"), figures, self.speed_regime, self.memory_regime
        ).items():
            # bytes stay whole numbers, like the figures they bracket
            if path == "speed.decode_tokens_per_s" and self.speculation_span and self.decode_tokens_per_s:
                # the figure is at the central acceptance; the low end is the low acceptance's rate, widened alike
                low = min(low, low * self.speculation_span[0] / self.decode_tokens_per_s)
            ranges[path] = (
                [math.floor(low), math.ceil(high)]
                if path.startswith("memory.")
                else [_round_down(low), _round_up(high)]
            )
        time: EstimateTimeJson = {"gpu_hours": _round(self.gpu_hours), "wall_hours": _round(self.wall_hours)}
        if self.gpu_hours is not None:  # a training time: MFU and the per-GPU peak it is a share of
            time["mfu"] = _round(self.mfu)
            time["peak_tflops_per_gpu"] = _round(self.peak_tflops)
        if self.workload.get("kind", "inference") != "inference":  # a training job's throughput
            time["tokens_per_s"] = _round(self._run_tokens_per_s())
            # addition (issue #29): the steady-state rate a throughput benchmark measures, with its own 80 % range
            # ("ranges"), beside the whole run's
            time["steady_tokens_per_s"] = _round(self.steady_tokens_per_s)
        if self.reference_tokens is not None:  # the reference job it was timed for when none was given
            time["reference_tokens"] = self.reference_tokens
        if self.offload_host is not None:  # an addition (round 45): the host the offloaded optimizer step assumed
            time["optimizer_host"] = self.offload_host
        host: EstimateHostPart = (
            {
                "host": {
                    "ram_bandwidth_gbps": _round(self.host_bandwidth_gbps),
                    "offloaded_bytes": int(self.offloaded_bytes),
                }
            }
            if self.host_bandwidth_gbps is not None and self.offloaded_bytes
            else {}
        )
        speed: EstimateSpeedJson = {
            "decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "prefill_tokens_per_s": _round(self.prefill_tokens_per_s),
            # an addition (issue #29): one user's wait for the first token after the prompt it is timed for, with
            # its own 80 % range ("ranges", ranges.RANGE_FACTORS["first_token"])
            "time_to_first_token_s": _round(self.time_to_first_token_s),
        }
        if self.context_fill_s is not None:  # an addition: the whole context asked filled from an empty cache,
            speed["context_fill_s"] = float(f"{self.context_fill_s:.4g}")  # at its own length (FILL reads it)
        return {
            "memory": {
                "per_gpu_bytes": int(self.per_gpu_bytes),
                "total_bytes": int(self.total_bytes),
                "breakdown_bytes": {k: int(getattr(breakdown, k)) for k in BREAKDOWN_KEYS},
                "fits": self.fits,
            },
            "speed": speed,
            "time": time,
            "assumptions": list(self.assumptions),
            # an addition: each assumption as a code and fields, in the same order (est.said: words without a code)
            "assumption_codes": [as_json(r) for r in self.assumptions_said()],
            # round 47, an addition: the estimate's warnings (a slow first token, a QLoRA advised against), as the CLI
            # text, the sheet and the window say them; a plan's JSON had left them out
            "warnings": [english(w) for w in self.warnings],
            "warning_codes": [as_json(w) for w in self.warnings],
            **host,  # weights or experts read from the host's RAM
            "ranges": ranges,  # 80 % intervals from the cross-validated errors of each kind of figure (ranges.py)
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
