"""Candidate sources of a plan: each offer of a machine is a strategy that returns complete builds.

A plan is a pipeline (house-style, "Offers, measures, labels"): every source in `SOURCES` is asked
for complete builds for the same `PlanContext`; every build is then measured the same way, ranked
and labelled by one function over the whole set, and enriched (costs, launch, curves) last.
A source never ranks, labels or renumbers: it returns builds, and the pipeline decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import wraps

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest


@dataclass(frozen=True)
class PlanContext:
    """What every source reads: the request, the catalog, the model and its resolved workload."""

    request: BuildRequest
    catalog: Catalog
    model: ModelArch
    workload: Workload  # request.workload.resolved(model.max_context)
    exact_weight_bytes: int | None = None
    should_stop: Callable[[], bool] = field(default=lambda: False)
    time_budget: float = 2.2


Source = Callable[[PlanContext], list[Build]]


def reading_rate_of(ctx: PlanContext, estimate: EstimateResult) -> float:
    """The rate each user of `estimate` gets as the plan's reading rule reads it (costs.api.reading_rate): the decode
    speed, or, where the buyer states a demand (the plan's ServingBasis, `serving` of plan's PlanRun), the served rate
    with each request's prefill counted. Round 40: the one figure every search that keeps a build "that reads" or
    "that serves" reads (the machines without a card, the unified-memory boxes, the fewest cards, the ways out)."""
    from configurator.core.costs.api import reading_rate

    serving = getattr(ctx, "serving", None)
    return reading_rate(estimate, getattr(serving, "demand", None), getattr(serving, "model", None))


def keeps_up(ctx: PlanContext, estimate: EstimateResult) -> bool:
    """Whether each user of `estimate` keeps reading speed at reading_rate_of: the reading rule's own test
    (rules.job.Serving.keeps_up, which the labels read)."""
    from configurator.core.costs.api import SERVE

    return SERVE.keeps_up(reading_rate_of(ctx, estimate))


def demand_key(ctx: PlanContext) -> str:
    """The plan's stated demand as a memo key (round 40): the searches that read it (keeps_up) give other builds for
    another demand on the same request, so what they found is kept under it."""
    demand = getattr(getattr(ctx, "serving", None), "demand", None)
    dump = getattr(demand, "model_dump_json", None)
    return "" if dump is None else str(dump())


@dataclass(frozen=True)
class SourceEntry:
    """A registered source: its name (shown in `--json` as where a build came from) and the strategy."""

    name: str
    run: Source


SOURCES: list[SourceEntry] = []


def register(
    name: str, *, reads_weights_from_ram: bool | Callable[[PlanContext], bool] = False
) -> Callable[[Source], Source]:
    """Add a source to the registry under `name` (decorator); names are unique. A source whose machines read the
    weights from RAM (`reads_weights_from_ram`: always, or where the predicate says so of the context) is given the
    context `in_ram` makes of it, through the registry and when called by name alike."""

    def add(run: Source) -> Source:
        if any(entry.name == name for entry in SOURCES):
            raise ValueError(f"source {name!r} is registered twice")
        source = run if reads_weights_from_ram is False else _reading_from_ram(run, reads_weights_from_ram)
        SOURCES.append(SourceEntry(name, source))
        return source

    return add


def _reading_from_ram(run: Source, reads: bool | Callable[[PlanContext], bool]) -> Source:
    @wraps(run)
    def source(ctx: PlanContext) -> list[Build]:
        return run(in_ram(ctx) if reads is True or (callable(reads) and reads(ctx)) else ctx)

    return source


RELEASE_IN_RAM = "q8_0"
"""The weights a machine that reads them from RAM runs a 16-bit release at where the request names no precision:
GGUF Q8_0, 8.5 bits a weight, which scores as the release (ranking.RELEASE_QUALITY_BITS: +0.03 % perplexity over F16
on Llama 3 70B, llama.cpp PR #6745's table) and is half the bytes BF16 reads per token. Decode from DDR is bound by
those bytes, so BF16 on such a machine is the same quality at half the speed, which nobody runs: practitioners running
a large MoE from DDR5 with llama.cpp compare Q8_0 with Q4_K_M (Llama-4-Maverick on a 12-channel EPYC 9175F, CPU only:
Q8_0 15-16 tokens/s, Q4_K_M 21-24; loftllc.dev/en/docs/tech/llm-research/llama-4-maverick-17b-128e-q4-vs-q8-cpu-
benchmark, read 2026-12-05). Qwen3.5-122B-A10B at 4,000 USD had had its "fastest at release quality" on a CPU-only
EPYC decoding BF16 at 6.2 tokens/s."""


RELEASES_AS_Q8 = ("fp8",)
"""Low-bit releases a machine that reads the weights from RAM runs at RELEASE_IN_RAM where the request names no
precision: llama.cpp loads no FP8 checkpoint (its convert_hf_to_gguf.py takes the BF16 that DeepSeek's
fp8_cast_bf16.py makes), and the GGUF people run an FP8 release at its quality from RAM is Q8_0 (8.5 bits a weight,
scored as the release: ranking.RELEASE_QUALITY_BITS): DeepSeek-R1 671B at Q8 on llama.cpp, CPU only, on one EPYC 9135
or 9115 with 12 x 64 GB of DDR5-5600, about 38,000 CNY, peak 7.17 tokens/s (Tencent Xuanwu Lab, xlab.tencent.com/cn/
2025/03/16, "DeepSeek-671B纯CPU部署实践经验分享(一)"); ik_llama.cpp's R1 benchmarks run its Q8_0 (672.05 B weights,
ikawrakow/ik_llama.cpp#263). DeepSeek-R1 without --precision had had no machine at the release's quality short of an
FP8 GPU server: its RAM machines ran the Q4_K_M GGUF only. Memory and speed are the estimator's for Q8_0, as for a
Q8_0 asked (--precision q8_0)."""


def release_in_ram(request: BuildRequest) -> bool:
    """Whether the machines that read the weights from RAM (CPU only, mini PCs and unified memory, the experts-in-RAM
    hosts) run the request at RELEASE_IN_RAM: inference with no engine but llama.cpp, which loads the GGUF, that
    names no precision, or runs an FP8 release as released (precision_released, RELEASES_AS_Q8: llama.cpp loads
    none); another low-bit release plan() filled in (INT4 experts, MXFP4) is run as released."""
    w = request.workload
    if w.kind != "inference" or w.engine not in (None, "llama.cpp"):
        return False
    if request.precision_released:
        return w.precision in RELEASES_AS_Q8
    return w.precision is None


def in_ram(ctx: PlanContext) -> PlanContext:
    """`ctx` as a machine that reads the weights from RAM runs it: at RELEASE_IN_RAM where release_in_ram says so
    (the request, and its resolved workload, at that precision), else `ctx` itself."""
    if not release_in_ram(ctx.request):
        return ctx
    request = ctx.request.model_copy(
        update={"workload": ctx.request.workload.model_copy(update={"precision": RELEASE_IN_RAM})}
    )
    return replace(ctx, request=request, workload=request.workload.resolved(ctx.model.max_context))
