"""Candidate parts for a request: GPU options that run the workload, priced platforms and parts.

Everything here is filtering and arithmetic on single parts; choosing a compatible set
of parts is the CP-SAT model's job (solver.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import (
    Accessory,
    Chassis,
    Cooler,
    Cpu,
    Gpu,
    MemoryKit,
    ModelArch,
    Motherboard,
    Psu,
    Record,
    Storage,
)
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, Value, english
from configurator.core.estimate.cards import cards_for
from configurator.core.estimate.estimator import estimate, memory_per_gpu
from configurator.core.estimate.host import BYTES_PER_TRANSFER
from configurator.core.estimate.precision import GGUF_FOR_INTEGER, GGUF_TYPES, weight_format
from configurator.core.estimate.result import HARD_HEADROOM, EstimateResult, GpuMemory, gpu_total
from configurator.core.estimate.sharded import SHARDERS, card_sharder
from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_said, circuit_volts
from configurator.core.rules.software import unvalidated_run
from configurator.core.solve.power_cap import limit_refusal
from configurator.core.solve.pricing import BOUGHT_NEW, Quote, quote, unpriced
from configurator.core.solve.rules import meets_speed
from configurator.core.solve.slots import Placement, card_geometry, place
from configurator.core.support.checks import check_stack

GIB = 1024**3
METHOD_WAYS: dict[str, tuple[str, ...]] = {"full": ("lora", "qlora"), "lora": ("qlora",)}
"""The fine-tuning methods that hold a job in less memory than the one asked, the nearest first (a full fine-tune's
LoRA keeps the 16-bit base; QLoRA holds it in 4 bits): what a card too small for the job is said to hold it by."""
TOWERS = ("mid-tower", "full-tower")


@dataclass(frozen=True)
class GpuOption:
    gpu: Gpu
    count: int
    estimate: EstimateResult
    quote: Quote | None
    owned: int
    card_usd: float | None = None
    """One card's price in USD at the catalog's rates (owned or not; None: not priced): whether the card is one the
    shroud frame is for (COOL-2, rules.compat.SHROUD_MAX_CARD_USD)."""
    cards: tuple[Gpu, ...] = ()
    """The real cards top to bottom when they differ (solve.mixed: `gpu` is then their envelope): each is placed by
    its own width and cooler (slots.card_geometry), not the envelope's."""

    @property
    def key(self) -> str:
        return f"{self.gpu.id}x{self.count}"

    @property
    def vram_gb(self) -> float:
        return self.gpu.vram_gb * self.gpu.gpus_per_card * self.count

    @property
    def perf(self) -> float:
        """Higher is better: decode tokens/s for inference, jobs per day for training."""
        return perf_of(self.estimate)

    def unit_cost(self) -> float:
        return self.quote.amount if self.quote else 0.0


def unvalidated_option(option: GpuOption, model_type: str = "") -> str | None:
    """The support rule that warns the option's training run is unvalidated on its card (rules.software.unvalidated_run
    over the same checks the build will carry: support.check_stack of the card and the workload its estimate ran), or
    None (inference: SUP-1 and SUP-3 fail where an engine does not run). The search reads it where the ranking reads
    the build's checks (ranking.Measures.unvalidated): one rule, UNVALIDATED_RUN."""
    ran = option.estimate.workload
    if ran.get("kind", "inference") == "inference":
        return None
    try:
        workload = Workload.model_validate(ran)
    except ValueError:
        return None
    return unvalidated_run(check_stack(option.gpu, workload, model_type))


def perf_of(e: EstimateResult) -> float:
    """An estimate's speed as the search scores it (GpuOption.perf; an assembled build's too: plan._offers' floor)."""
    if e.decode_tokens_per_s is not None:
        return e.decode_tokens_per_s
    if e.wall_hours:
        return 24.0 / e.wall_hours
    return 1.0 / max(e.per_gpu_bytes, 1)


@dataclass(frozen=True)
class Priced:
    record: Record
    quote: Quote | None  # None: owned or included with another part
    owned: int = 0

    @property
    def amount(self) -> float:
        return self.quote.amount if self.quote else 0.0


@dataclass
class Candidates:
    options: list[GpuOption] = field(default_factory=list)
    rejected_gpus: dict[str, Reason] = field(default_factory=dict)  # gpu id -> why
    boards: list[Priced] = field(default_factory=list)
    cpus: list[Priced] = field(default_factory=list)
    chassis: list[Priced] = field(default_factory=list)
    psus: list[Priced] = field(default_factory=list)
    memory: list[Priced] = field(default_factory=list)
    coolers: list[Priced] = field(default_factory=list)
    storage: list[Priced] = field(default_factory=list)
    accessories: dict[str, Priced] = field(default_factory=dict)
    storage_need_gb: float = 0.0
    model: ModelArch | None = None  # what the options were estimated for (re-estimated on the chosen host)
    exact_weight_bytes: int | None = None
    timed_out: bool = False
    placements: dict[tuple[object, ...], Placement | None] = field(default_factory=dict)
    bay_ratios: dict[tuple[object, ...], float | None] = field(default_factory=dict)
    """An option's hours on a board's slower bays or slots over its hours on its own links (PCI-9: solve/bays.link_ratio)."""
    link_hours: dict[tuple[object, ...], EstimateResult | None] = field(default_factory=dict)
    """An option's job timed at its cards' own x16 links, the base of every link ratio (solve/bays.link_ratio)."""
    # when power is not compared, a dearer CPU that only draws less is stood for by another (solve/lazy.py
    # solves without it first): CPU id left out -> the id standing for it, and the most watts each stand-in
    # may be credited for the CPUs it stands for
    cpu_stand_in: dict[str, str] = field(default_factory=dict)
    cpu_slack_w: dict[str, float] = field(default_factory=dict)

    def placement(self, board: Motherboard, option: GpuOption, risers: bool, tight: bool = False) -> Placement | None:
        """Cached by what geometry depends on: card thickness, cooler gap and count (and `tight`: slots.place)."""
        gpu = option.gpu
        shape = card_geometry(gpu, option.count, option.cards)
        key: tuple[object, ...] = (board.id, shape, gpu.slot_width <= 2, option.count, risers)
        key += (gpu.gpus_per_card, "tight") if tight else (gpu.gpus_per_card,)
        if key not in self.placements:
            self.placements[key] = remember(
                "placement",
                (id(board), *key),
                (board,),
                lambda: place(board, gpu, option.count, risers, tight, option.cards),
            )
        return self.placements[key]


def _owned(request: BuildRequest, category: str, record_id: str) -> int:
    return sum(p.quantity for p in request.owned if p.category == category and p.id == record_id)


def _priced(records: list[Record], category: str, request: BuildRequest, catalog: Catalog) -> list[Priced]:
    out = []
    owned_ids = {p.id for p in request.owned if p.category == category}
    for record in records:
        q = quote(
            record, catalog, request.currency, "new" if category in BOUGHT_NEW else request.condition, request.tax_basis
        )
        owned = _owned(request, category, record.id)
        if q is None and not owned:
            continue
        if owned_ids and record.id not in owned_ids:
            continue  # the user wants their own part used
        out.append(Priced(record, q, owned))
    return out


def gpu_allowed(gpu: Gpu, request: BuildRequest) -> Reason | None:
    """Why a GPU is not considered, or None."""
    if request.gpu_ids and gpu.id not in request.gpu_ids:
        return Reason.of("gpu.not-requested")
    if request.gpu_vendors and gpu.vendor not in request.gpu_vendors:
        return Reason.of("gpu.vendor", vendor=gpu.vendor)
    if gpu.form_factor != "pcie":
        return Reason.of("gpu.module", form=gpu.form_factor.upper())
    if (capped := limit_refusal(gpu, request.power_limit)) is not None:
        return capped  # a limit below the driver's floor, or a card with no cap, is never planned (power_cap.py)
    if request.owned_gpu is not None and request.owned_gpu.id == gpu.id:
        return None  # where a card may be bought does not matter once the user has it
    return market_excludes(gpu, gpu, request)


def market_excludes(gpu: Gpu, item: Record, request: BuildRequest) -> Reason | None:
    """Why the buyer's region rules out buying `item` (the card itself, or a server that carries it), or None:
    in China an export-restricted GPU only where the catalog has a Chinese market price for the item; elsewhere
    no China-market variant and nothing priced only in CNY."""
    if (
        request.region == "china"
        and gpu.export_restricted_cn
        and not item.price("CNY", "new")
        and not item.price("CNY", "used")
    ):
        return Reason.of("gpu.export-restricted")
    if request.region == "global" and gpu.export_variant_of is not None:
        return Reason.of("gpu.china-variant", of=gpu.export_variant_of)
    if request.region == "global" and item.prices and all(p.currency == "CNY" for p in item.prices):
        return Reason.of("gpu.china-only")
    return None


def with_power_limit(result: EstimateResult, limit: float | None) -> EstimateResult:
    """Speeds and times under a GPU power limit (rules.watts.POWER_SPEED, build rules R20, the rule the estimator's
    power bound reads too): decoding on the memory-bound line, prefill and training on the measured compute-bound
    curve, the share of the speed the estimate gave at the card's rated power. An offloaded optimizer step
    (EstimateResult.offload_step_hours: the host CPU's Adam and the copies to and from it) keeps its time: a cap on
    the GPUs' board power does not slow the host's cores or its RAM."""
    from configurator.core.solve.power import POWER_SPEED

    factor = POWER_SPEED.share(limit)
    compute = POWER_SPEED.share(limit, compute_bound=True)
    if factor >= 1.0 and compute >= 1.0:
        return result
    said = Reason.of("est.power-limited", limit=limit, decode=factor, compute=compute)
    host = result.offload_step_hours

    def scaled(value: float | None, by: float, divide: bool = False) -> float | None:
        return None if value is None else (value / by if divide else value * by)

    return result.model_copy(
        update={
            "decode_tokens_per_s": scaled(result.decode_tokens_per_s, factor),
            "aggregate_tokens_per_s": scaled(result.aggregate_tokens_per_s, factor),
            "prefill_tokens_per_s": scaled(result.prefill_tokens_per_s, compute),
            "time_to_first_token_s": scaled(result.time_to_first_token_s, compute, divide=True),
            "context_fill_s": scaled(result.context_fill_s, compute, divide=True),
            "gpu_hours": _gpu_bound(result.gpu_hours, host * result.gpus, compute),
            "wall_hours": _gpu_bound(result.wall_hours, host, compute),
            "assumptions": (*result.assumptions, english(said)),
            "assumption_codes": (*result.assumption_codes, said),
        }
    )


def _gpu_bound(hours: float | None, host: float, compute: float) -> float | None:
    """`hours` with its GPU-bound part (all but the host's `host` hours) slowed to the `compute` share of its speed."""
    if hours is None:
        return None
    kept = min(host, hours)
    return (hours - kept) / compute + kept


def estimate_as_practitioner(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    n: int,
    request: BuildRequest,
    exact_weight_bytes: int | None = None,
    amortise: bool = True,
) -> EstimateResult:
    """The estimate for the workload as asked, or, for training that does not fit, as a
    practitioner would run it: sharded with FSDP / ZeRO-3, then with activation recomputation, then (QLoRA on several
    GPUs) with the sharded states in system RAM, as FSDP + QLoRA trains a 70B on two 24 GB cards (Answer.AI,
    "You can now train a 70b language model at home", 2024-03; PEFT's FSDP + QLoRA guide: Llama 2 70B on 2 x 24 GB
    with `fsdp_offload_params: true`, 19.6 GB per GPU); sharded, at the micro-batch that spreads its gathers
    (_amortised), unless `amortise` is off: the least memory the job needs, which "needs about N cards" reads. An MoE
    model's pretraining is laid out as Megatron-LM runs it when that is faster (_laid_out)."""
    result = _sharded_as_practitioner(model, workload, gpu, n, request, exact_weight_bytes, amortise)
    return _laid_out(model, workload, gpu, n, request, exact_weight_bytes, result)


def _laid_out(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    n: int,
    request: BuildRequest,
    exact_weight_bytes: int | None,
    result: EstimateResult,
) -> EstimateResult:
    """An MoE model pretrained on several cards of one machine under the cluster planner's layout (estimate.parallel:
    expert parallel with its all-to-alls, pipeline or tensor parallel, Megatron-LM's distributed optimizer) when that
    fits and is faster than `result`, the data-parallel job sharded as asked or with ZeRO-3: FSDP gathers every expert
    of every layer each micro-batch, where Megatron-Core keeps 1/EP of them on each GPU and moves tokens instead
    (Megatron-Core MoE README, NVIDIA/Megatron-LM@d98e8a6). Only when the request leaves the sharding to the planner
    (no --zero), on NVIDIA cards (Megatron-LM's CUDA kernels), and for a job with tokens to time."""
    if (
        workload.kind != "pretrain"
        or model.moe is None
        or n <= 1
        or request.workload.zero != 0
        or workload.tokens is None
        or gpu.vendor != "nvidia"
    ):
        return result
    from configurator.core.estimate.parallel import plan_estimate  # the planner's search: MoE pretraining only

    plan, planned = plan_estimate(model, workload, gpu, 1, n, None, exact_weight_bytes)
    if plan is None or not _fits(planned, request) or planned.wall_hours is None:
        return result
    if _fits(result, request) and result.wall_hours is not None and result.wall_hours <= planned.wall_hours:
        return result
    return planned


def base_may_go_to_ram(workload: Workload) -> bool:
    """A QLoRA fine-tune whose practitioner's run on several cards may keep its sharded 4-bit base in system RAM
    (_sharded_as_practitioner's last step: FSDP's or ZeRO-3's CPU offload, asked by nothing): on two cards or more
    the cards then hold less than their share of the weights, so no count is ruled out by the weights over one card's
    memory (_fewest_held)."""
    return (
        workload.kind == "finetune"
        and workload.method == "qlora"
        and workload.offload == "none"
        and workload.zero in (0, 3)
    )


def _sharding(workload: Workload, gpu: Gpu, request: BuildRequest) -> dict[str, object]:
    """How a training job on several cards with no framework or sharding named is sharded: as support.facts.sharder
    says for the card, the rule SUP-7 and SUP-11 judge (the check reads the sharding this puts in the workload). QLoRA
    under FSDP full_shard over the 4-bit base (the shards on the cards first, FSDP's own CPU offload when they do not
    fit), Answer.AI's fsdp_qlora on NVIDIA cards, the HF stack under accelerate's FSDP on AMD and Intel ones; LoRA, a
    full fine-tune or pretraining under DeepSpeed ZeRO where DeepSpeed is validated on the card, else accelerate's FSDP
    (a Radeon, an MI300, an Arc card: what SUP-7 advises there). Nothing for inference, or where --framework or
    --sharding says how."""
    if request.workload.framework is not None or request.workload.sharding is not None:
        return {}
    chosen = card_sharder(gpu, workload.kind, workload.method)
    return {} if chosen is None else SHARDERS[chosen]


def _sharded_as_practitioner(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    n: int,
    request: BuildRequest,
    exact_weight_bytes: int | None,
    amortise: bool,
) -> EstimateResult:
    """estimate_as_practitioner's data-parallel job: as asked, else sharded, recomputed and (QLoRA) offloaded."""
    sharded_by = _sharding(workload, gpu, request)
    if sharded_by and n > 1 and (workload.zero > 0 or workload.offload == "cpu"):
        workload = workload.model_copy(update=sharded_by)  # sharding asked (--zero, --offload) but not how: FSDP too
    result = estimate(model, workload, gpu, n, exact_weight_bytes=exact_weight_bytes)
    if workload.kind == "inference" or _fits(result, request):
        return result
    steps: list[dict[str, object]] = []
    if n > 1 and workload.zero == 0:
        steps.append({"zero": 3, **sharded_by})
    if not workload.grad_checkpointing:
        steps.append({"grad_checkpointing": True})
    # QLoRA only, the published recipe: its frozen base is 4-bit, so what streams back from RAM each pass is small
    # beside the compute and FSDP's prefetch overlaps it (70B at 4,096 tokens a micro-batch on a 3090: ~2.7 s of PCIe
    # copies against ~60 s of compute). The estimate does not time those copies, so a 16-bit LoRA base (4x the bytes)
    # or a full fine-tune (a CPU optimizer step over every parameter) is not offered offloaded unasked
    if n > 1 and base_may_go_to_ram(workload):
        steps.append({"zero": 3, "offload": "cpu", **sharded_by})
    update: dict[str, object] = {}
    without = result  # the last estimate without recomputation: what the job needs when it is left off
    for step in steps:
        update.update(step)
        tried = estimate(model, workload.model_copy(update=update), gpu, n, exact_weight_bytes=exact_weight_bytes)
        if not update.get("grad_checkpointing"):
            without = tried
        result = tried
        if _fits(result, request):
            break
    if update.get("grad_checkpointing"):
        result = _recompute_said(result, without, request)
    if not amortise:
        return result
    return _amortised(model, workload.model_copy(update=update), gpu, n, request, result, exact_weight_bytes)


AMORTISING_BATCHES = (2, 4, 8, 16)
"""The micro-batches a practitioner tries when a fully sharded job's weight gathers outlast its compute: every
micro-batch gathers the whole model (ZeRO-3 / FSDP FULL_SHARD), so more sequences per micro-batch spread the same
gathers over more compute (PyTorch FSDP's tuning advice: raise the per-device batch until memory is full; Qwen3
30B-A3B pretrained on 8 x H200 NVL at micro-batch 1 had gathered 160 GB per 4,096 tokens over PCIe, 4,853 h)."""


def _amortised(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    n: int,
    request: BuildRequest,
    result: EstimateResult,
    exact_weight_bytes: int | None,
) -> EstimateResult:
    """`result`, or the fastest of the same sharded job at a larger micro-batch that still fits (AMORTISING_BATCHES),
    when its gathers are exposed and the request left the micro-batch at 1 (est.microbatch-to-amortise)."""
    if (
        n <= 1
        or workload.zero < 3
        or request.workload.batch != 1
        or not _fits(result, request)
        or not any(r.code == "est.sharded-gathers" for r in result.assumption_codes)
    ):
        return result
    best = result
    # with activation recomputation a micro-batch's activations shrink to a layer's inputs, so larger ones fit; the
    # recomputed forward runs inside the backward's gathered layer, so it gathers nothing more
    for recompute in dict.fromkeys((workload.grad_checkpointing, True)):
        for batch in AMORTISING_BATCHES:
            tried = estimate(
                model,
                workload.model_copy(update={"batch": batch, "grad_checkpointing": recompute}),
                gpu,
                n,
                exact_weight_bytes=exact_weight_bytes,
            )
            # within the requested headroom, not only the hard floor: a micro-batch raised for speed is no reason
            # for a build to run short of memory (MEM-FIT)
            if tried.per_gpu_bytes > _usable_of(tried.peak_gpu, request, requested=True):
                break
            if (tried.wall_hours or 0) < (best.wall_hours or 0):
                best = tried
    if best is result:
        return result
    recompute = bool(best.workload.get("grad_checkpointing")) and not result.workload.get("grad_checkpointing")
    reason = Reason.of(
        "est.microbatch-to-amortise",
        batch=best.workload["batch"],
        hours=result.wall_hours,
        now=best.wall_hours,
        **({"recompute": True} if recompute else {}),
    )
    # and what the practitioner's earlier steps said (est.recompute-to-fit)
    kept = tuple(r for r in result.assumption_codes if r.code in PRACTITIONER_CODES)
    return best.model_copy(
        update={
            "assumptions": (*(english(r) for r in (reason, *kept)), *best.assumptions),
            "assumption_codes": (reason, *kept, *best.assumption_codes),
        }
    )


PRACTITIONER_CODES = frozenset({"est.recompute-to-fit", "est.microbatch-to-amortise"})
"""The reasons estimate_as_practitioner adds for a setting it changed against the request: a re-estimate of the same
workload (plan._on_links: the build's own links) keeps them (practitioner_said)."""


def practitioner_said(given: EstimateResult, result: EstimateResult) -> EstimateResult:
    """`result`, a re-estimate of `given`'s workload, with the reasons the practitioner's steps gave `given`."""
    kept = tuple(r for r in given.assumption_codes if r.code in PRACTITIONER_CODES)
    if not kept or any(r.code in PRACTITIONER_CODES for r in result.assumption_codes):
        return result
    return result.model_copy(
        update={
            "assumptions": (*(english(r) for r in kept), *result.assumptions),
            "assumption_codes": (*kept, *result.assumption_codes),
        }
    )


def _recompute_said(result: EstimateResult, without: EstimateResult, request: BuildRequest) -> EstimateResult:
    """`result` with the reason its activation recomputation was turned on against the request (est.recompute-to-fit):
    without it the busiest GPU needs `without`'s bytes, more than it may take. The fit line marks the setting as the
    solver's (report.fit), the launch command carries it; this says why, so none of them contradicts the request. (Not
    whether the request said off or left it unset: this result is memoised on the resolved workload, the same for
    both; the fit line tells them apart.)"""
    gib = 2**30
    reason = Reason.of(
        "est.recompute-to-fit",
        needed=without.per_gpu_bytes / gib,
        usable=_usable_bytes(without, request) / gib,
        saved=(without.per_gpu_bytes - result.per_gpu_bytes) / gib,
    )
    said = english(reason)
    return result.model_copy(
        update={
            "assumptions": (said, *result.assumptions),
            "assumption_codes": (reason, *result.assumption_codes),
        }
    )


def _fits(result: EstimateResult, request: BuildRequest) -> bool:
    """Hard floor: 2 % of usable memory free; below the requested headroom MEM-FIT warns."""
    return result.per_gpu_bytes <= _usable_bytes(result, request)


def _holds(per_gpu: tuple[GpuMemory, ...], request: BuildRequest) -> bool:
    """_fits, read from the memory of each GPU (estimator.memory_per_gpu's, as an estimate's `per_gpu`)."""
    peak = max(per_gpu, key=gpu_total)  # EstimateResult.peak_gpu: its total is per_gpu_bytes
    return gpu_total(peak) <= _usable_of(peak, request)


def _usable_bytes(result: EstimateResult, request: BuildRequest) -> float:
    """What a job may take of one GPU: its usable memory less the hard floor (or the requested headroom, if smaller)."""
    return _usable_of(result.peak_gpu, request)


def _usable_of(peak: GpuMemory, request: BuildRequest, *, requested: bool = False) -> float:
    """What a job may take of the GPU `peak` describes: its usable memory less the hard floor (or the requested
    headroom, if smaller); with `requested`, less the whole requested headroom (a setting chosen for speed only)."""
    headroom = request.vram_headroom if requested else min(request.vram_headroom, HARD_HEADROOM)
    usable = peak.usable_bytes or 0
    if peak.capacity_bytes and usable < peak.capacity_bytes * (1 - HARD_HEADROOM - SHARE_TOLERANCE):
        # the headroom is a share of the card left free: an engine that takes only its share (vLLM's and SGLang's
        # --gpu-memory-utilization 0.9) leaves more than the floor free already, and sizes its KV pool to fill the
        # share, so a job that fits the share runs (a smaller pool holds fewer tokens in flight, it does not run
        # out). Taking the floor off the share as well had kept gpt-oss-120b's vLLM run for 10 streams of 64k on one
        # 96 GB card (85.7 of its 86.4 GiB share) out of the plan, which served them with llama.cpp (round 43). A
        # cluster plan's limit (the card less HARD_HEADROOM, estimate.parallel) is read as before
        return min(usable, peak.capacity_bytes * (1 - headroom))
    return usable * (1 - headroom)


SHARE_TOLERANCE = 1e-3
"""How far below the card less the hard floor a GPU's usable memory must sit to be an engine's own share (vLLM's 0.9)
rather than a planner's limit of the card less HARD_HEADROOM (rounded to whole bytes)."""


def _fewest_that_could_fit(result: EstimateResult, request: BuildRequest, workload: Workload, gpu: Gpu) -> int:
    """No fewer GPUs can hold the job than its weights over one GPU's usable memory: however the
    job is split (layers, tensors, ZeRO shards, replicas), the busiest GPU holds at least its share
    of them; in cards, those GPUs over the GPUs a card carries. Not when weights may move to system RAM (offload),
    where fewer GPUs can fit."""
    if result.offloaded_bytes:
        return 1
    return _fewest_held(result.per_gpu, request, workload, gpu)


def _fewest_held(per_gpu: tuple[GpuMemory, ...], request: BuildRequest, workload: Workload, gpu: Gpu) -> int:
    """_fewest_that_could_fit, read from the memory of each GPU of a job that keeps nothing in system RAM. Not for a
    QLoRA whose run on several cards may put its base in RAM (base_may_go_to_ram): one 70B QLoRA estimate on one
    16 GB card (37.6 GiB of 4-bit weights) had ruled out two, which hold it at 14.2 GiB each under FSDP's CPU offload,
    so the plan's cheapest search never saw 2 x RTX 4060 Ti 16GB (2,118 USD) and called 2 x RTX 2080 Ti 22GB (2,218
    USD) "cheapest" (round 42)."""
    if workload.offload != "none" or runs_from_ram(workload) or base_may_go_to_ram(workload):
        return 1
    usable = _usable_of(max(per_gpu, key=gpu_total), request)
    if usable <= 0:
        return 1
    weights = sum(g.breakdown.weights for g in per_gpu)  # result.breakdown.weights, without a sum of models
    return cards_for(gpu, math.ceil(weights / usable))


ONE_MACHINE_TRAINING_COUNTS = 8
"""Training GPU counts offered one by one up to this many (the 8-GPU server, the largest common single machine)."""


def _count_candidates(minimum: int, maximum: int, workload: Workload) -> list[int]:
    """GPU counts worth offering: the fewest that fit, plus counts that make the job faster.

    A layer split runs one GPU after another, so extra cards only add memory (context,
    users): one spare count is enough. Tensor parallel and data-parallel training speed up
    with more GPUs, so powers of two up to the maximum are kept. Training shards by data
    parallel ranks, which need not be a power of two: every count up to one machine's eight
    is kept, so a circuit or a budget that stops short of eight cards still gets the most
    it can hold (the upgrade hint offers "one more" card, which must then be a build).
    """
    layer_split = workload.kind == "inference" and workload.engine != "vllm"
    counts = {minimum, minimum + 1} if layer_split else {minimum, 2 * minimum, 4, 8}
    if workload.kind != "inference":
        counts |= set(range(minimum, ONE_MACHINE_TRAINING_COUNTS + 1))
    return sorted(c for c in counts if minimum <= c <= maximum)


TRAINING_HORIZON_H = 8760.0
"""Without a deadline, a training plan longer than a year is not an answer (the cluster issue's fallback)."""


def effective_deadline(request: BuildRequest, workload: Workload) -> float | None:
    """The deadline a training plan must meet: the user's, or a year when none is given."""
    if request.deadline_hours is not None:
        return request.deadline_hours
    return TRAINING_HORIZON_H if workload.kind != "inference" and workload.tokens else None


def runs_from_ram(workload: Workload) -> bool:
    """Weights (layers or MoE experts) read from system RAM at every token: host bandwidth matters."""
    return workload.kind == "inference" and (
        workload.offload == "cpu" or workload.cpu_layers > 0 or workload.cpu_experts
    )


def engines_to_try(asked: Workload, resolved: Workload) -> tuple[str, ...]:
    """Inference engines that can load the weights, when the user did not name one: llama.cpp
    for GGUF (and f16/bf16 GGUF), vLLM and transformers for safetensors formats."""
    if asked.kind != "inference" or asked.engine is not None or resolved.engine is None:
        return (resolved.engine,) if resolved.engine else ("",)
    precision = resolved.precision or "bf16"
    if asked.cpu_layers or asked.cpu_experts or precision in GGUF_TYPES:
        return ("llama.cpp",)
    if precision == "mxfp4":
        # gpt-oss's MXFP4 experts load natively in llama.cpp (ggml-org/llama.cpp#15091, "llama : add gpt-oss", build
        # b6096): tens of tokens/s where transformers loops over the experts in Python at a few
        return ("llama.cpp", "vllm", "transformers")
    if precision == "int4-experts":
        # Kimi K2.5's INT4 experts: vLLM and SGLang read the compressed-tensors release, llama.cpp a GGUF of it with
        # the experts Q4_0 (precision.GGUF_Q4_0_EXPERTS); transformers has no fused MoE kernel for it
        return ("llama.cpp", "vllm")
    if precision in ("fp16", "bf16") or precision in GGUF_FOR_INTEGER:  # int4/int8 as GGUF Q4_0/Q8_0 there
        return ("llama.cpp", "vllm", "transformers")
    return ("vllm", "transformers")


def on_engine(workload: Workload, engine: str) -> Workload:
    """The workload as `engine` runs it: llama.cpp loads a generic int4/int8 as its GGUF Q4_0/Q8_0."""
    if not engine or engine == workload.engine:
        return workload
    update: dict[str, object] = {"engine": engine}
    if engine == "llama.cpp" and workload.precision in GGUF_FOR_INTEGER:
        update["precision"] = GGUF_FOR_INTEGER[workload.precision]
    return workload.model_copy(update=update)


def runnable_engines(
    gpu: Gpu, request: BuildRequest, workload: Workload, model_type: str = ""
) -> tuple[list[str], str]:
    """The engines (of engines_to_try) whose software stack runs on `gpu` (SUP-*), and the first refusal."""
    runnable: list[str] = []
    refusal = ""
    for engine in engines_to_try(request.workload, workload):
        verdicts = check_stack(gpu, on_engine(workload, engine), model_type)
        failed = [v for v in verdicts if v.status == "fail"]
        if failed:
            refusal = refusal or failed[0].message
        else:
            runnable.append(engine)
    return runnable, refusal


SERVING_ENGINES = ("vllm", "sglang")
"""The engines built to serve many users at once: continuous batching over a paged KV cache (docs.vllm.ai/en/v0.7.3/,
read 2026-12-04: "vLLM is fast with: ... Efficient management of attention key and value memory with PagedAttention;
Continuous batching of incoming requests"; Red Hat, 2025-09-30, developers.redhat.com/articles/2025/09/30/vllm-or-llamacpp-
choosing-right-llm-inference-engine-your-use-case: vLLM's throughput grows with concurrent requests while llama.cpp's
stays flat and queues them, time to first token rising; vLLM for multi-user serving, llama.cpp for one user or the
edge)."""

MANY_USERS = 4
"""Beyond this many users at once a request is a server's job: Ollama serves 4 requests at once by default
(docs.ollama.com/faq, OLLAMA_NUM_PARALLEL), the single-user tools' ceiling (plan.USUAL_GGUF_USERS is the same)."""


def serving_preferred(request: BuildRequest) -> bool:
    """A multi-user inference request that names no engine: a serving engine is preferred where it runs the job."""
    w = request.workload
    return w.kind == "inference" and w.engine is None and w.batch > MANY_USERS


def fastest_engine(
    request: BuildRequest,
    workload: Workload,
    engines: list[str],
    run: Callable[[Workload], EstimateResult],
) -> EstimateResult:
    """The best estimate over `engines` (`run` estimates one workload); with several, it says which and why. For
    several users with no engine named (serving_preferred), a serving engine (SERVING_ENGINES) that runs the job as
    well (it fits and meets the speed asked as the fastest does) is kept unless the fastest is measurably faster, its
    decode above the serving engine's 80 % range (ranges: the batched regime's high factor): the estimate does not
    tell llama.cpp's parallel slots from vLLM's continuous batching (gpt-oss-120b for 20 users on one RTX PRO 6000 at
    51.5 tokens/s each on `llama-server -np 20`, 51.4 on vLLM), so the tie goes to the engine built for the job."""
    best: EstimateResult | None = None
    chosen = ""
    results: dict[str, EstimateResult] = {}
    for engine in engines:
        result = results[engine] = run(on_engine(workload, engine))
        if best is None or _better(result, best, request):
            best, chosen = result, engine
    assert best is not None, "no engine to run"
    if chosen == "transformers" and request.workload.engine is None and best.decode_tokens_per_s is not None:
        # the last resort, and said so with its speed (its MoE experts run in a Python loop, its decode unbatched)
        best = best.model_copy(
            update={"warnings": (*best.warnings, Reason.of("warn.transformers-only", tps=best.decode_tokens_per_s))}
        )
    note = Reason.of("est.engine-fastest", engine=chosen, engines=", ".join(engines))
    served = _serving_engine(request, results, best, chosen)
    if served is not None:
        engine, best = served
        note = Reason.of(
            "est.engine-serving",
            engine=engine,
            other=chosen,
            users=request.workload.batch,
            tps=best.decode_tokens_per_s or 0.0,
            other_tps=results[chosen].decode_tokens_per_s or 0.0,
        )
    if len(engines) > 1:  # the note on the one kept only: a copy per engine tried was a map's tenth
        best = best.model_copy(
            update={
                "assumptions": (*best.assumptions, english(note)),
                "assumption_codes": (*best.assumption_codes, note),
            }
        )
    return best


def _serving_engine(
    request: BuildRequest, results: dict[str, EstimateResult], best: EstimateResult, chosen: str
) -> tuple[str, EstimateResult] | None:
    """The serving engine fastest_engine keeps in place of the fastest `chosen`, or None."""
    from configurator.core.estimate.ranges import BATCHED, REGIME_RANGE_FACTORS

    if chosen in SERVING_ENGINES or not serving_preferred(request):
        return None
    high = REGIME_RANGE_FACTORS[("decode_speed", BATCHED)][1]
    for engine in SERVING_ENGINES:
        r = results.get(engine)
        if (
            r is not None
            and (_fits(r, request), meets_speed(r, request)) == (_fits(best, request), meets_speed(best, request))
            and (best.decode_tokens_per_s or 0.0) <= (r.decode_tokens_per_s or 0.0) * high
        ):
            return engine, r
    return None


def _better(a: EstimateResult, b: EstimateResult, request: BuildRequest) -> bool:
    """Is estimate `a` the better way to run the job: it fits, meets the speed asked, is faster."""

    def score(e: EstimateResult) -> tuple[bool, bool, float]:
        return (_fits(e, request), meets_speed(e, request), e.decode_tokens_per_s or 0.0)

    return score(a) > score(b)


def gpu_options(
    model: ModelArch,
    request: BuildRequest,
    catalog: Catalog,
    exact_weight_bytes: int | None = None,
    exclude_gpus: tuple[str, ...] = (),
    cost_cap: float | None = None,
) -> Candidates:
    """The GPU options that can run the job, each with its estimate.

    `cost_cap`: the caller only wants builds below this price (a cheaper variant of an answer
    it already has), so cards whose own price reaches it are not estimated at all.
    """
    c = Candidates(model=model, exact_weight_bytes=exact_weight_bytes)
    workload = request.workload.resolved(model.max_context)
    job = _GpuJob(model, request, workload, exact_weight_bytes, cost_cap, slowest_host(catalog, request))
    try:
        job.usd_per_unit = catalog.convert(1.0, request.currency, "USD")
    except KeyError:
        job.usd_per_unit = None
    for gpu in catalog.gpus:
        refusal, q, runnable = _screen_gpu(gpu, request, catalog, workload, exclude_gpus, model.architecture)
        if refusal is not None:
            c.rejected_gpus[gpu.id] = refusal
            continue
        options, reason = job.options(gpu, q, runnable)
        c.options.extend(options)
        if not options:
            c.rejected_gpus[gpu.id] = job.with_method_way(gpu, reason, catalog, model.architecture)
    if len(request.gpu_ids) < 2:
        c.options = prune_options(c.options)  # a comparison of named GPUs keeps every one of them
    return c


def slowest_host(catalog: Catalog, request: BuildRequest) -> float | None:
    """The lowest peak host memory bandwidth (GB/s) of one socket among the catalog's CPUs (every channel at the CPU's
    rated speed, 8 bytes a transfer: estimate.host.BYTES_PER_TRANSFER), for an inference job with a speed asked that
    reads weights from RAM; None otherwise. Whatever host the solver picks reads about this fast or faster (a kit below
    the CPU's rated speed reads slower: the build's own timing and PERF check decide), so a card too slow at it is too
    slow on every host. In the whole catalog it is a dual-channel desktop's, below the default the screen times at,
    and changes nothing: a 12-channel bound there had let a card through that only the widest hosts make fast enough,
    the solver then chose the cheapest host, the build failed PERF, and Llama 3.3 70B with layers in RAM at 3 tokens/s
    lost its 1,518 USD way out to one at 1,900 USD."""
    if not request.min_decode_tps or not runs_from_ram(request.workload):
        return None
    cpus = [c for c in catalog.records["cpus"].values() if isinstance(c, Cpu)]
    return min((c.memory_channels * c.memory_speed_mts * BYTES_PER_TRANSFER / 1000 for c in cpus), default=None)


def _screen_gpu(
    gpu: Gpu,
    request: BuildRequest,
    catalog: Catalog,
    workload: Workload,
    exclude_gpus: tuple[str, ...],
    model_type: str = "",
) -> tuple[Reason | None, Quote | None, list[str]]:
    """(why the card is not tried, or None; its quote; the engines that run on it), before any estimate."""
    owned_gpu = request.owned_gpu
    reason = gpu_allowed(gpu, request) or (Reason.of("gpu.left-out") if gpu.id in exclude_gpus else None)
    if owned_gpu and gpu.id != owned_gpu.id:
        owned_name = getattr(catalog.records["gpus"].get(owned_gpu.id), "name", owned_gpu.id)
        reason = reason or Reason.of("gpu.not-owned", name=owned_name)
    if reason:
        return reason, None, []
    q = quote(gpu, catalog, request.currency, request.condition, request.tax_basis)
    if q is None and not (owned_gpu.quantity if owned_gpu else 0):
        return unpriced(gpu, request.condition), None, []
    # SUP-*: engines whose software stack does not run on this architecture are not tried
    runnable, refusal = runnable_engines(gpu, request, workload, model_type)
    if not runnable:
        return Reason.of("gpu.stack", refusal=refusal), None, []
    return None, q, runnable


@dataclass
class _GpuJob:
    """One request's job on one card at a time: the counts of it that hold the job and meet its speed and deadline."""

    model: ModelArch
    request: BuildRequest
    workload: Workload
    exact_weight_bytes: int | None
    cost_cap: float | None
    slowest_host_gbps: float | None = None  # a job that reads weights from RAM: the catalog's slowest host
    usd_per_unit: float | None = None  # one unit of the request's currency in USD (GpuOption.card_usd)
    seen: tuple[GpuMemory, ...] = ()
    """The memory of the last count sized (any card's): what `held` predicts the next count's from."""

    def held(self, gpu: Gpu, n: int, runnable: list[str]) -> tuple[GpuMemory, ...] | None:
        """The memory of each GPU when `n` of these cards cannot hold the job, told without its speed, which nothing
        reads then (estimator.memory_per_gpu); None when they may hold it, or when only a whole estimate tells (several
        engines: the one kept is chosen by speed; training: the practitioner's fallbacks). Asked only where the last
        count sized predicts too little memory (_short_of), so a count that holds is not sized twice."""
        if len(runnable) != 1 or self.workload.kind != "inference" or not _short_of(self.seen, gpu, n, self.request):
            return None
        wl = on_engine(self.workload, runnable[0])
        memories = memory_per_gpu(self.model, wl, gpu, n, self.exact_weight_bytes)
        if memories is None:
            return None
        self.seen = memories
        return None if _holds(memories, self.request) else memories

    def sized(self, gpu: Gpu, n: int, runnable: list[str]) -> tuple[GpuMemory, ...]:
        """The memory of each GPU of `n` cards, where `held` could tell it (estimated in full where it cannot)."""
        memories = memory_per_gpu(self.model, on_engine(self.workload, runnable[0]), gpu, n, self.exact_weight_bytes)
        return memories if memories is not None else self.run(gpu, n, runnable, amortise=False).per_gpu

    def run(
        self, gpu: Gpu, n: int, runnable: list[str], workload: Workload | None = None, amortise: bool = True
    ) -> EstimateResult:
        """The job on `n` cards, on the fastest engine; `amortise` off: at its least memory (estimate_as_practitioner),
        for how many cards it would take."""
        model, request, exact = self.model, self.request, self.exact_weight_bytes

        def one(wl: Workload) -> EstimateResult:
            # (the shipped constants: a plan is never estimated with others)
            return with_power_limit(
                remember(
                    "estimate",
                    (id(model), wl, id(gpu), n, request.vram_headroom, exact, amortise),
                    (model, gpu),
                    lambda: estimate_as_practitioner(model, wl, gpu, n, request, exact, amortise),
                ),
                request.power_limit,
            )

        return fastest_engine(request, workload or self.workload, runnable, one)

    def too_slow(self, result: EstimateResult, gpu: Gpu, n: int, runnable: list[str]) -> bool:
        """Below the speed asked on every host the solver can choose. A job that reads weights from RAM is estimated
        here on a default host (Workload.ram_bandwidth_gbps, dual-channel DDR5) and timed again on the build's own CPU
        and memory once they are chosen (plan._on_host, then the PERF check on the build); where every CPU the catalog
        offers reads faster than that default (an experts-in-RAM platform tier: 8 or 12 channels, machines.TIERS), the
        card is screened at the slowest of them instead. DeepSeek-R1 at Q2_K with its experts in RAM at 5 tokens/s had
        every card rejected at ~4 tokens/s on the default host, where an 8-channel host with an RTX 4060 Ti decodes
        6.8: no experts-in-RAM machine was planned, and the way out of 5,000 USD was 8 x RTX PRO 6000 on two 230 V
        circuits at 72,295 USD."""
        if meets_speed(result, self.request):
            return False
        if self.slowest_host_gbps is None or self.slowest_host_gbps <= self.workload.ram_bandwidth_gbps:
            return True
        host = self.workload.on_host(self.slowest_host_gbps)
        return not meets_speed(self.run(gpu, n, runnable, host), self.request)

    def with_method_way(self, gpu: Gpu, reason: Reason, catalog: Catalog, model_type: str) -> Reason:
        """A card the user named or owns, too small for a fine-tune at the most cards (`gpu.memory-max`, `-never`),
        with the method that holds the job on it (`method`: gpu.method-fits), as an expert answers "72B LoRA on eight
        24 GB cards?": not "needs ~29 cards" alone but "QLoRA holds it on two, 72 h; on eight, 18 h". A change of the
        job, not of the machine: said beside the reason, never a build. Only named or owned cards are tried (a few
        estimates each), so a plan over the whole catalog costs nothing more."""
        w, request = self.workload, self.request
        named = gpu.id in request.gpu_ids or (request.owned_gpu is not None and request.owned_gpu.id == gpu.id)
        if not named or w.kind != "finetune" or reason.code not in ("gpu.memory-max", "gpu.memory-never"):
            return reason
        for method in METHOD_WAYS.get(w.method, ()):
            fits = self._method_fits(
                gpu, w.model_copy(update={"method": method, "precision": None}), catalog, model_type
            )
            if fits is not None:
                return Reason.of(reason.code, **reason.fields, method=fits)
        return reason

    def _method_fits(self, gpu: Gpu, asked: Workload, catalog: Catalog, model_type: str) -> Reason | None:
        """gpu.method-fits: the fewest of these cards that hold the job by `asked`'s method, its memory and hours, and
        its hours on the most cards a machine holds; None where no count holds it or its stack does not run it."""
        request, wl = self.request, asked.resolved(self.model.max_context)
        runnable, _refusal = runnable_engines(gpu, request, wl, model_type)
        if not runnable:
            return None
        for n in range(1, request.max_gpus + 1):
            result = self.run(gpu, n, runnable, wl)
            if not _fits(result, request):
                continue
            most = self.run(gpu, request.max_gpus, runnable, wl) if n < request.max_gpus else result
            return Reason.of(
                "gpu.method-fits",
                method=wl.method,
                bits=round(weight_format(wl.precision or "nf4").bits_per_weight),
                count=n,
                gib=result.per_gpu_bytes / GIB,
                in_ram=result.workload.get("offload") == "cpu",
                hours=result.wall_hours or 0.0,
                tokens=float(wl.tokens or 0),
                most=request.max_gpus,
                most_hours=(most.wall_hours or 0.0) if _fits(most, request) else 0.0,
                **self._most_past_circuit(gpu),
            )
        return None

    def _most_past_circuit(self, gpu: Gpu) -> dict[str, Value]:
        """The most cards' own draw where it alone passes the circuit(s) asked (`most_w`, `room_w`, `limit`, `circuit`),
        else nothing: their hours are then for another circuit, not this one. Dr. Chen's eight RTX 4090 at 450 W draw
        3,600 W before any host, past the 2,816 W a 220 V 16 A circuit holds; the note had said "18 h on 8" as if the
        circuit ran them. The cards alone, at the power limit asked, are a floor of the machine's draw, so a machine
        this passes is surely past the circuit (one it does not pass may still be: the plan's power check says)."""
        request = self.request
        limit = request.power_limit or 1.0
        most_w = request.max_gpus * gpu.tdp_w * limit
        room_w = circuit_limit_w(request.circuit) * request.circuits
        if most_w <= room_w:
            return {}
        return {
            "most_w": most_w,
            "room_w": room_w,
            "limit": limit,
            "circuit": circuit_said(request.circuit),
            "circuits": request.circuits,
        }

    def options(self, gpu: Gpu, q: Quote | None, runnable: list[str]) -> tuple[list[GpuOption], Reason]:
        """The card's options (none: the reason why), the fewest cards that hold the job first."""
        request, workload = self.request, self.workload
        owned = request.owned_gpu.quantity if request.owned_gpu else 0
        price = q.amount if q else 0.0

        def over_cap(n: int) -> bool:
            return self.cost_cap is not None and price * max(0, n - owned) >= self.cost_cap

        minimum, last_reason = None, Reason.of("gpu.no-fit")
        # "exactly N": only N is tried. Owned cards are searched from one, like any card: a job that fits on fewer of
        # them than the user owns runs on those (no card bought), where all of them may not be powered together. Dr.
        # Chen's eight RTX 4090 for Qwen2.5-72B QLoRA on one 220 V 16 A circuit had been planned on two new cards,
        # "without your own card", since only the eight were tried and eight pass no circuit at full power
        n = request.max_gpus if request.exact_gpus else 1
        while n <= request.max_gpus:
            if over_cap(n):
                last_reason = Reason.of("gpu.over-cap")
                break
            held = self.held(gpu, n, runnable)
            if held is not None:  # too few cards, told by memory alone (its speed would be read by nothing)
                wider = self.sized(gpu, 2 * n, runnable) if n >= request.max_gpus else None
                last_reason = _too_small(held, gpu, n, request.max_gpus, wider)
                n = max(n + 1, min(request.max_gpus, _fewest_held(held, request, workload, gpu)))
                continue
            result = self.run(gpu, n, runnable)
            self.seen = result.per_gpu
            if _fits(result, request):
                minimum = n
                break
            wider = self.run(gpu, 2 * n, runnable, amortise=False).per_gpu if n >= request.max_gpus else None
            last_reason = _too_small(result.per_gpu, gpu, n, request.max_gpus, wider)
            n = max(n + 1, min(request.max_gpus, _fewest_that_could_fit(result, request, workload, gpu)))
        if minimum is None:
            return [], last_reason
        deadline = effective_deadline(request, workload)
        kept: list[GpuOption] = []
        counts = [request.max_gpus] if request.exact_gpus else _count_candidates(minimum, request.max_gpus, workload)
        if minimum < owned <= request.max_gpus and not request.exact_gpus:
            counts = sorted({*counts, owned})  # all the cards the user owns, as before, beside the fewest that hold it
        for n in counts:
            if over_cap(n):
                continue
            # a count tensor parallelism cannot use (5 x H100 NVL for a 405B) runs vLLM's pipeline parallelism
            # (--pipeline-parallel-size, launch.vllm_command): a layer split, offered like any other
            result = self.run(gpu, n, runnable)
            if self.too_slow(result, gpu, n, runnable):
                last_reason = Reason.of(
                    "gpu.speed", tps=result.decode_tokens_per_s or 0.0, n=n, asked=request.min_decode_tps
                )
                continue
            if deadline and (result.wall_hours is None or result.wall_hours > deadline):
                last_reason = (
                    Reason.of("gpu.deadline", hours=result.wall_hours or 0.0, n=n, deadline=deadline)
                    if request.deadline_hours
                    else Reason.of("gpu.years", years=(result.wall_hours or 0.0) / 8760, n=n)
                )
                continue
            card_usd = q.amount * self.usd_per_unit if q is not None and self.usd_per_unit is not None else None
            kept.append(GpuOption(gpu, n, result, q, min(owned, n), card_usd))
        return kept, last_reason


def _short_of(seen: tuple[GpuMemory, ...], gpu: Gpu, n: int, request: BuildRequest) -> bool:
    """Whether `n` of these cards look too few for the job, by the memory of a count sized before (`seen`): what split
    over its GPUs (weights, KV cache) shared out over these, beside the most any of them holds whatever the count. A
    guess that only chooses how a count is sized (_GpuJob.held); whether it holds is always measured."""
    if not seen:
        return False
    shares = [g.breakdown.weights + g.breakdown.kv_cache for g in seen]
    split = sum(shares)
    beyond = max(shares) - split / len(shares)  # what the busiest GPU holds over its share (a layer split's head)
    every = max(gpu_total(g) - g.breakdown.weights - g.breakdown.kv_cache for g in seen)
    usable = gpu.vram_gb * GIB * (1 - min(request.vram_headroom, HARD_HEADROOM))
    return split / (n * gpu.gpus_per_card) + beyond + every > usable


def _too_small(
    memory: tuple[GpuMemory, ...], gpu: Gpu, n: int, max_gpus: int, wider: tuple[GpuMemory, ...] | None = None
) -> Reason:
    """Why `n` of these cards do not hold the job; at the most cards, how many it would take, from the job estimated on
    `wider` (twice as many): the bytes per GPU that split over the cards fall by half, those every GPU holds whatever
    the count do not (a data-parallel job's activations and logits, the layers ZeRO-3 gathers whole, the CUDA context).
    The total over `n` GPUs divided by one card's memory had counted those once per card: Qwen2.5-72B LoRA at 4k on
    eight RTX 4090 (36.0 GiB per GPU, 18.7 of them on every GPU) "needed about 13 cards", where 29 are needed.
    Read from the memory of each GPU (an estimate's `per_gpu`, or estimator.memory_per_gpu's)."""
    peak = max(memory, key=gpu_total)  # EstimateResult.peak_gpu
    usable = (peak.usable_bytes or gpu.memory_gib * GIB) * (1 - HARD_HEADROOM)
    per_gpu = peak.total
    if n < max_gpus:
        return Reason.of("gpu.memory", gib=per_gpu / GIB, n=n)
    total = sum(g.total for g in memory)
    split = total if wider is None else max(0.0, per_gpu - max(g.total for g in wider)) * 2 * n
    every = per_gpu - split / n  # on each GPU whatever the count
    vram = gpu.vram_gb * gpu.gpus_per_card
    if every >= usable:
        return Reason.of("gpu.memory-never", gib=per_gpu / GIB, n=n, every=every / GIB, vram=vram)
    cards = cards_for(gpu, math.ceil(split / (usable - every)))
    return Reason.of("gpu.memory-max", cards=max(cards, n + 1), vram=vram, gib=per_gpu / GIB, n=n, most=max_gpus)


def storage_need_gb(model: ModelArch, request: BuildRequest) -> float:
    """STO-1/STO-4: weights + checkpoints + data + 200 GB, at least 1 TB (2 TB from 70B)."""
    params_b = model.params_total_b
    fmt = weight_format(request.workload.precision or "bf16")
    weights = params_b * (fmt.bulk_bits if model.moe is not None else fmt.bits_per_weight) / 8
    need = weights + 200
    if request.workload.kind != "inference":
        need += 3 * params_b * 2 * (1 if request.workload.method != "full" else 3)  # a few checkpoints
        need += (request.workload.tokens or 0) * 4 / 1e9  # tokenized data, ~4 bytes per token
    floor = 2000 if params_b >= 65 else 1000
    return max(need, floor)


PLATFORM_KINDS = ("motherboards", "cpus", "chassis", "psus", "memory", "coolers", "storage", "accessories")
"""The catalog tables platform_parts reads (its memo is anchored on their records)."""


@dataclass(frozen=True)
class _Platform:
    boards: tuple[Priced, ...]
    cpus: tuple[Priced, ...]
    chassis: tuple[Priced, ...]
    psus: tuple[Priced, ...]
    memory: tuple[Priced, ...]
    coolers: tuple[Priced, ...]
    storage: tuple[Priced, ...]
    accessories: tuple[tuple[str, Priced], ...]
    cpu_slack_w: tuple[tuple[str, float], ...]
    cpu_stand_in: tuple[tuple[str, str], ...]


def platform_parts(request: BuildRequest, catalog: Catalog, c: Candidates, model: ModelArch) -> None:
    """The priced, pruned non-GPU parts for the request, memoised: a plan's variants and a map's
    cells ask again for the same currency, condition, form, circuit and owned parts."""
    records = tuple(r for kind in PLATFORM_KINDS for r in catalog.records[kind].values())
    gpu_lengths = tuple(sorted({int(g.length_mm) for g in catalog.kind("gpus") if isinstance(g, Gpu)}))
    # the catalog is edited in place by the app, so the key holds its records (by identity) and rates
    key = (
        request.currency,
        request.tax_basis,  # round 42: the buyer's country and whether VAT is reclaimed price the parts too
        request.condition,
        request.form,
        circuit_volts(request.circuit),
        tuple((p.category, p.id, p.quantity) for p in request.owned if p.category != "gpu"),
        tuple(sorted(catalog.exchange_rates.items())),
        tuple(id(r) for r in records),
        runs_from_ram(request.workload),
        gpu_lengths,
    )
    found = remember("platform", key, records, lambda: _platform(request, catalog, gpu_lengths))
    c.boards, c.cpus, c.chassis, c.psus = list(found.boards), list(found.cpus), list(found.chassis), list(found.psus)
    c.memory, c.coolers, c.storage = list(found.memory), list(found.coolers), list(found.storage)
    c.accessories = dict(found.accessories)
    c.cpu_slack_w, c.cpu_stand_in = dict(found.cpu_slack_w), dict(found.cpu_stand_in)
    c.storage_need_gb = storage_need_gb(model, request)


def _platform(request: BuildRequest, catalog: Catalog, gpu_lengths: tuple[int, ...]) -> _Platform:
    c = Candidates()
    _platform_into(request, catalog, c, gpu_lengths)
    return _Platform(
        tuple(c.boards),
        tuple(c.cpus),
        tuple(c.chassis),
        tuple(c.psus),
        tuple(c.memory),
        tuple(c.coolers),
        tuple(c.storage),
        tuple(c.accessories.items()),
        tuple(sorted(c.cpu_slack_w.items())),
        tuple(sorted(c.cpu_stand_in.items())),
    )


def _platform_into(request: BuildRequest, catalog: Catalog, c: Candidates, gpu_lengths: tuple[int, ...]) -> None:
    volts = circuit_volts(request.circuit)
    integrated = {
        ch.integrated_board for ch in catalog.kind("chassis") if isinstance(ch, Chassis) and ch.integrated_board
    }
    boards = []
    for b in catalog.kind("motherboards"):
        assert isinstance(b, Motherboard)
        if b.id in integrated:
            boards.append(Priced(b, None))  # priced with its barebone chassis
            continue
        boards.extend(_priced([b], "motherboard", request, catalog))
    c.boards = boards
    c.cpus = _priced(catalog.kind("cpus"), "cpu", request, catalog)
    chassis = []
    for ch in _priced(catalog.kind("chassis"), "chassis", request, catalog):
        rec = ch.record
        assert isinstance(rec, Chassis)
        if request.form == "tower" and rec.kind not in TOWERS:
            continue
        if request.form == "rack" and not rec.kind.startswith("rack"):
            continue
        if request.form == "open-frame" and rec.kind != "open-frame":
            continue
        if rec.integrated_board and volts < 200:
            continue  # server PSU modules need 200-240 V for their rating
        chassis.append(ch)
    c.chassis = chassis
    psus = []
    for p in _priced(catalog.kind("psus"), "psu", request, catalog):
        rec = p.record
        assert isinstance(rec, Psu)
        if rec.form_factor in ("crps", "server"):
            continue  # server modules come with their chassis
        if volts < 200 and (rec.min_input_v >= 200 or rec.watts > 1600):
            continue  # PWR-5
        psus.append(p)
    c.psus = psus
    c.memory = _priced(catalog.kind("memory"), "memory", request, catalog)
    c.coolers = _priced(catalog.kind("coolers"), "cooler", request, catalog)
    c.storage = _priced(catalog.kind("storage"), "storage", request, catalog)
    _prune_parts(c, gpu_lengths, runs_from_ram(request.workload))
    for acc in catalog.kind("accessories"):
        assert isinstance(acc, Accessory)
        q = quote(acc, catalog, request.currency, "any", request.tax_basis)
        if q is not None:
            c.accessories[acc.id] = Priced(acc, q)


def _prune_parts(c: Candidates, gpu_lengths: tuple[int, ...], speed_matters: bool) -> None:
    """Drop parts another part beats on price and every property that matters (see prune.py).

    A property matters only as far as a rule can see it: a clearance, a cooler rating or a
    board's RAM maximum is compared with the cards' lengths, the CPUs' TDPs and the RAM sizes
    the kits add up to, so it is judged by the largest of those it reaches (`prune.seen_as`).
    `speed_matters`: decode reads weights from RAM, so a kit's speed is kept as a merit.
    """
    from configurator.core.solve import compat
    from configurator.core.solve import prune as pr

    def run(items: list[Priced], key, covers=lambda _a, _b: True) -> list[Priced]:  # type: ignore[no-untyped-def]
        return pr.prune(
            items,
            lambda p: key(p.record)[0],
            lambda p: key(p.record)[1],
            lambda p: p.amount,
            keep=lambda p: p.owned > 0 or p.quote is None,
            covers=lambda a, b: covers(a.record, b.record),
        )

    c.psus = run(c.psus, pr.psu_key)
    c.chassis = run(c.chassis, lambda h: pr.chassis_key(h, gpu_lengths))
    c.memory = run(c.memory, lambda m: pr.memory_key(m, speed_matters))
    c.cpus = run(c.cpus, pr.cpu_key)
    # without power in the merit, a CPU stands for those it beats on all else; credited with their lower TDP
    by: dict[int, int] = {}
    pr.prune(
        c.cpus,
        lambda p: pr.cpu_key(cpu_of(p), False)[0],
        lambda p: pr.cpu_key(cpu_of(p), False)[1],
        lambda p: p.amount,
        keep=lambda p: p.owned > 0 or p.quote is None,
        dominated_by=by,
    )
    c.cpu_slack_w, c.cpu_stand_in = {}, {}
    for dropped, kept in by.items():
        kept_id = c.cpus[kept].record.id
        c.cpu_stand_in[c.cpus[dropped].record.id] = kept_id
        slack = int(cpu_of(c.cpus[kept]).tdp_w) - int(cpu_of(c.cpus[dropped]).tdp_w)  # as the model sums them
        c.cpu_slack_w[kept_id] = max(c.cpu_slack_w.get(kept_id, 0.0), slack)
    cpu_tdps = sorted({int(cpu_of(p).tdp_w) for p in c.cpus})
    c.coolers = run(c.coolers, lambda k: pr.cooler_key(k, cpu_tdps), pr.cooler_covers)
    c.storage = run(c.storage, pr.storage_key)
    ram_totals = sorted({memory_of(m).total_gb * k for m in c.memory for k in compat.kit_counts(memory_of(m))})
    c.boards = run(c.boards, lambda b: pr.board_key(b, ram_totals), pr.board_covers)


def option_merit(o: GpuOption, with_tdp: bool = True) -> tuple[float, ...]:
    """What makes a GPU option better, bigger is better (`with_tdp=False`: all but its power, lazy.py)."""
    g = o.gpu
    pc = g.power_connectors
    return (
        g.vram_gb,
        o.perf,
        *((-g.tdp_w,) if with_tdp else ()),
        -g.slot_width,
        -g.length_mm,
        -pc.pcie8,
        -pc.hpwr16,
        -pc.eps8,
        -pc.pcie6,
        g.pcie_gen,
        g.p2p,
        -(o.estimate.per_gpu_bytes / max(g.vram_gb, 1)),
        -o.estimate.host_ram_bytes,
    )


def option_signature(o: GpuOption) -> tuple[object, ...]:
    """What a GPU option must share with another to be compared: count, cooling, links, make, and its split
    (tensor parallel wants wide lanes)."""
    g = o.gpu
    return (o.count, g.cooler, g.nvlink, g.form_factor, g.vendor, g.market == "consumer", o.estimate.split)


def option_price(o: GpuOption) -> float:
    return o.unit_cost() * (o.count - o.owned)


def prune_options(options: list[GpuOption]) -> list[GpuOption]:
    """GPU options another option beats on price, speed, memory, power, size and noise."""
    from configurator.core.solve.prune import prune

    kept = prune(options, option_signature, option_merit, option_price, keep=lambda o: o.owned > 0)
    return _fewer_cards_suffice(kept)


def _fewer_cards_suffice(options: list[GpuOption]) -> list[GpuOption]:
    """Drop an option when fewer of the same card are no dearer and no slower.

    Every rule asks more of the platform as cards are added (slots, lanes, power, connectors,
    RAM, case length and count, noise), except one: an open frame is allowed once three or
    more open-air cards need it (SLOT-6), so that threshold is never crossed. The spare card
    a layer split adds only buys memory headroom no label asks for; where it makes the job
    faster (less offloaded, tensor parallel, data parallel training) it stays.
    """
    by_gpu: dict[str, list[GpuOption]] = {}
    for option in options:
        by_gpu.setdefault(option.gpu.id, []).append(option)

    def dominated(o: GpuOption) -> bool:
        if o.owned:
            return False
        cost = o.unit_cost() * (o.count - o.owned)
        return any(
            a.count < o.count
            and a.unit_cost() * (a.count - a.owned) <= cost
            and a.perf >= o.perf
            and a.estimate.host_ram_bytes <= o.estimate.host_ram_bytes
            and (a.count >= 3 or o.count < 3 or o.gpu.cooler != "open-air")
            for a in by_gpu[o.gpu.id]
        )

    return [o for o in options if not dominated(o)]


def noise_score(gpu: Gpu, count: int) -> int:
    """Sound power of the GPU set in model/noise.py units (a blower is 6 dB louder than open-air; NOISE-2)."""
    return noise.units(noise.gpu_figure(gpu), count)


def chassis_noise(chassis: Chassis) -> int:
    """Sound power of a chassis' own fans in model/noise.py units (an open frame has none)."""
    return noise.units(noise.chassis_figure(chassis))


def ceil_int(value: float) -> int:
    return int(math.ceil(value - 1e-9))


def cpu_of(p: Priced) -> Cpu:
    assert isinstance(p.record, Cpu)
    return p.record


def board_of(p: Priced) -> Motherboard:
    assert isinstance(p.record, Motherboard)
    return p.record


def chassis_of(p: Priced) -> Chassis:
    assert isinstance(p.record, Chassis)
    return p.record


def per_gpu_kit(c: Candidates, h: Priced) -> Priced | None:
    """The priced accessory case `h` asks of each GPU in it (Chassis.per_gpu_accessory), if the catalog prices it."""
    kit = chassis_of(h).per_gpu_accessory
    return c.accessories.get(kit) if kit else None


def psu_of(p: Priced) -> Psu:
    assert isinstance(p.record, Psu)
    return p.record


def memory_of(p: Priced) -> MemoryKit:
    assert isinstance(p.record, MemoryKit)
    return p.record


def cooler_of(p: Priced) -> Cooler:
    assert isinstance(p.record, Cooler)
    return p.record


def storage_of(p: Priced) -> Storage:
    assert isinstance(p.record, Storage)
    return p.record
