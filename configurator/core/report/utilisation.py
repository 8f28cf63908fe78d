"""A training build's MFU and compute-phase utilisation, worded once for the plan text, the sheet and the app."""

from __future__ import annotations

from configurator.core.common.reasons import Reason
from configurator.core.estimate.result import EstimateResult
from configurator.core.model.build import Build
from configurator.core.report.words import t

MFU_LABEL = "Model FLOPs utilisation (MFU, over the wall time)"
COMPUTE_PHASE_LABEL = "Compute-phase utilisation (while computing)"


def compute_phase_utilisation(build: Build) -> float | None:
    """The cluster plan's utilisation while its GPUs compute (estimate.parallel.ParallelPlan), None without a plan."""
    value = build.parallelism.get("compute_phase_utilisation") if build.parallelism is not None else None
    return float(value) if isinstance(value, (int, float)) else None


def peak_dtype(build: Build) -> str:
    """The number format of the dense peak MFU is taken over: bf16, or fp16 on a GPU without bf16 (Turing,
    Volta, Pascal), whose peak the estimator then uses (estimate.estimator: bf16 or else fp16)."""
    gpu = next((part for part in build.parts if part.category == "gpu"), None)
    if gpu is not None and not gpu.spec.get("bf16_tflops") and gpu.spec.get("fp16_tflops"):
        return "fp16"
    return "bf16"


def utilisation_rows(build: Build) -> list[tuple[str, str]]:
    """(figure, value) rows: MFU over the wall time with its basis (estimate.result.model_flops_utilisation), then,
    for a cluster plan, the compute-phase rate, named apart so that the two are never both called MFU."""
    est = build.estimate
    rows: list[tuple[str, str]] = []
    if est.mfu is None or est.peak_tflops is None:
        return rows
    of_peak = t("{0:.0%} of {1:,} x {2:,.0f} TFLOPS {3}")
    rows.append((t(MFU_LABEL), of_peak.format(est.mfu, est.gpus, est.peak_tflops, peak_dtype(build))))
    phase = compute_phase_utilisation(build)
    if phase is not None:
        rows.append((t(COMPUTE_PHASE_LABEL), f"{phase:.0%}"))
    return rows


def utilisation_sentence(build: Build) -> str:
    """The same as one line, for the plan text and the app: "" for a build without a training time."""
    rows = utilisation_rows(build)
    if not rows:
        return ""
    words = [f"MFU {rows[0][1]} dense peak over the wall time"]
    if len(rows) > 1:
        words.append(f"compute-phase utilisation {rows[1][1]} (before communication, pipeline bubble and restarts)")
    return "; ".join(words)


LINK_BOUND_SHARE = 0.5
"""A training build whose sharded weight gathers (ZeRO-3, FSDP FULL_SHARD) stand beyond its compute for at least half
its wall clock is bound by its links: the link, not the card, sets its time (a definition, not a fitted figure)."""


def link_bound(estimate: EstimateResult) -> Reason | None:
    """`est.link-bound` where the estimate's own gathers (est.sharded-gathers: the hours they add beyond the step's
    compute) are at least LINK_BOUND_SHARE of the wall clock, else None. Qwen3-30B-A3B LoRA at 8,000 USD (review35's
    walk): three MI100 and three MI50 both took 26.3 h, the MI100's compute 3.5 times the MI50's, and nothing said why:
    each micro-batch gathers 81 GB of experts over PCIe 4.0 x16, 19.0 of the MI100's 26.3 h."""
    wall = estimate.wall_hours
    if not wall:
        return None
    for said in estimate.assumption_codes:
        if said.code == "est.sharded-gathers" and said.num("hours") >= LINK_BOUND_SHARE * wall:
            return Reason.of("est.link-bound", hours=said.num("hours"), wall=wall, link=str(said.fields["link"]))
    return None
