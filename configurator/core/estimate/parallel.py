"""Parallelism across GPUs and nodes: data/tensor/pipeline/context degrees, ZeRO stage, communication and scaling.

Memory per GPU comes from the estimator (estimate() over the data-parallel group, which applies
the ZeRO sharding), divided by the model-parallel degrees; time is compute at MFU plus the
communication that cannot hide behind it. Formulas and their sources are cited where used.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.memo import remember, scoped
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import ParallelismJson
from configurator.core.estimate.collectives import (  # the links' facts, read by the estimator too
    Link,
    expert_dispatcher,
    intra_node_link,
    moe_all_to_all,
)
from configurator.core.estimate.collectives import (
    inter_node_link as inter_node_link,  # re-exported: the costs, the solver
)
from configurator.core.estimate.estimator import (
    CAL,
    Calibration,
    elapsed_share,
    estimate,
    moe_layer_count,
    reference_layout,
    training_peak_flops,
)
from configurator.core.estimate.frameworks import (
    default_framework,
    framework,
    layout_runner,
    pipeline_bubble,
    pipeline_pace,
    runner_with_sharding,
)
from configurator.core.estimate.gemm import (
    EXPERT_TENSOR_PARALLEL,
    EXPERT_ZERO_STAGES,
    expert_parallel_degrees,
    expert_time_factor,
    shape_factor,
)
from configurator.core.estimate.global_batch import (
    FINETUNE_GLOBAL_BATCH_SEQUENCES as FINETUNE_GLOBAL_BATCH_SEQUENCES,  # re-exported: tests and older imports
)
from configurator.core.estimate.global_batch import GLOBAL_BATCH_TOKENS as GLOBAL_BATCH_TOKENS
from configurator.core.estimate.global_batch import global_batch_tokens, whole_sequences
from configurator.core.estimate.params import count_params
from configurator.core.estimate.recompute import SelectiveRecompute, selective_recompute
from configurator.core.estimate.result import (
    HARD_HEADROOM,
    EstimateResult,
    GpuMemory,
    MemoryBreakdown,
    Step,
    mfu_said,
    model_flops_utilisation,
)
from configurator.core.estimate.workload import Workload
from configurator.core.support.facts import dense_peak_tflops, training_half

GIB = 1024**3

MAX_GLOBAL_BATCH_TOKENS = 16 * 1024**2
"""The largest global batch a layout may grow to when its data-parallel ranks hold more sequences than
GLOBAL_BATCH_TOKENS: Llama 3 405B trained with 16M tokens per batch on 8,192 and 16,384 H100 (TP 8, PP 16; Balaji,
SC'24 'Herding Llamas', as tabulated at glennklockwood.com/garden/llama-3.1). Past it the convergence per token is
not that of the published runs, so a bigger cluster must add model parallelism (pipeline stages with fewer
micro-batches each: a larger bubble) instead of more data-parallel ranks; scaling efficiency falls from there on."""

# --------------------------------------------------------------------------- serving layouts (vLLM)

VLLM_TP_SIZES = (8, 4, 2)
"""Tensor-parallel degrees a serving layout uses inside one machine, largest first: every rank must hold a whole
number of attention heads (vLLM's ModelConfig.verify_with_parallel_config: num_attention_heads % tensor_parallel_size
== 0), and KV heads either divide over the ranks or are replicated on them."""


def serving_layout(num_heads: int, num_kv_heads: int, num_layers: int, gpus: int) -> tuple[int, int]:
    """(tensor, pipeline) degrees vLLM runs `gpus` GPUs with: tensor parallel over as many GPUs as the heads allow
    (one decode step is faster the wider the tensor group), pipeline stages over the rest. 6 GPUs for a 64-head model
    serve as TP 2 x PP 3, 5 GPUs as PP 5 (vLLM docs, distributed serving: "the tensor parallel size is the number of
    GPUs in each node, and the pipeline parallel size is the number of nodes", and pipeline parallelism "when the
    model is too large for a single node or the GPU count does not divide"; engine arguments --tensor-parallel-size and
    --pipeline-parallel-size, vllm/engine/arg_utils.py)."""
    if gpus <= 1:
        return 1, 1
    for tp in VLLM_TP_SIZES:
        if tp > gpus or gpus % tp or num_heads % tp or (num_kv_heads % tp and tp % num_kv_heads):
            continue
        if gpus // tp <= num_layers:
            return tp, gpus // tp
    return 1, min(gpus, num_layers)


# --------------------------------------------------------------------------- links


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class ParallelPlan:
    gpus: int
    nodes: int
    gpus_per_node: int
    data: int
    tensor: int
    pipeline: int
    context: int
    zero_stage: int | None
    grad_checkpointing: bool
    micro_batch: int
    micro_batches: int  # per pipeline per optimizer step
    per_gpu: MemoryBreakdown
    capacity_bytes: int
    compute_s: float  # per optimizer step
    tensor_s: float
    pipeline_s: float  # bubble plus stage-to-stage sends
    data_s: float  # exposed share of the gradient / parameter collectives
    context_s: float
    step_s: float
    steps: float
    volumes: dict[str, float] = field(default_factory=dict)  # bytes per GPU per step
    links: dict[str, str] = field(default_factory=dict)
    why: str = ""
    why_said: Reason | None = None  # `why` as a code (est.layout), for the chain of formulas in the reader's language
    step_tokens: float = 0.0
    restarts_s: float = (
        0.0  # elapsed time lost to restarts and a whole run's other losses (checkpoints, evaluation), per step
    )
    virtual_stages: int = 1  # model chunks per pipeline rank: 1 is plain 1F1B, more is the interleaved schedule
    # the model FLOPs of a step over the GPUs' dense bf16 peak during its compute time alone (model_flops_utilisation
    # with compute_s): the rate while computing, before communication, bubble and restarts. Not MFU: MFU is this times
    # scaling_efficiency, over the wall time (EstimateResult.mfu)
    compute_phase_utilisation: float | None = None
    gemm_split_share: float = (
        1.0  # the default rate kept when tensor or context parallel cut the layer's GEMMs (gemm.py)
    )
    expert: int = 1  # expert-parallel degree: each GPU of an EP group holds 1/expert of every MoE layer's experts
    expert_s: float = 0.0  # the MoE layers' all-to-all token dispatch and combine, per step (on the critical path)
    # the token dispatcher timed ('alltoall' | 'deepep': collectives.expert_dispatcher), which the launch command runs;
    # '' without expert parallelism
    expert_dispatcher: str = ""
    # expert tensor parallelism: 1 under expert parallelism (gemm.EXPERT_TENSOR_PARALLEL, as the recipes run and the
    # command says), else the tensor degree the experts split by with the dense layers
    expert_tensor: int = 1
    # Megatron-Core's selective recompute (recompute.selective_recompute: --recompute-modules), () when the plan keeps
    # every activation or recomputes whole layers (grad_checkpointing)
    recompute_modules: tuple[str, ...] = ()

    @property
    def recompute(self) -> str:
        """'full' (whole layers recomputed), 'selective' (recompute_modules) or 'none'."""
        return "full" if self.grad_checkpointing else "selective" if self.recompute_modules else "none"

    @property
    def seconds_per_token(self) -> float:
        """Wall seconds per training token: what layouts with different global batches are compared on."""
        return self.step_s / self.step_tokens if self.step_tokens else self.step_s

    @property
    def fits(self) -> bool:
        return self.per_gpu.total <= self.capacity_bytes

    @property
    def scaling_efficiency(self) -> float:
        """Share of the step the GPUs spend computing: compute / (compute + exposed communication + bubble)."""
        return self.compute_s / self.step_s if self.step_s else 1.0

    @property
    def wall_hours(self) -> float:
        return self.steps * self.step_s / 3600

    def to_json(self) -> ParallelismJson:
        """The `parallelism` object of a plan --json build (contract: data, tensor, pipeline, zero_stage,
        scaling_efficiency; the rest are additions)."""
        return {
            "data": self.data,
            "tensor": self.tensor,
            "pipeline": self.pipeline,
            "zero_stage": self.zero_stage,
            "scaling_efficiency": round(self.scaling_efficiency, 4),
            "context": self.context,
            "gpus": self.gpus,
            "nodes": self.nodes,
            "gradient_checkpointing": self.grad_checkpointing,
            "recompute": self.recompute,
            "recompute_modules": list(self.recompute_modules),
            "micro_batch": self.micro_batch,
            "micro_batches_per_step": self.micro_batches,
            "step_seconds": {
                k: round(v, 4)
                for k, v in (
                    ("compute", self.compute_s),
                    ("tensor", self.tensor_s),
                    ("pipeline", self.pipeline_s),
                    ("data", self.data_s),
                    ("context", self.context_s),
                    ("expert", self.expert_s),
                    ("restarts", self.restarts_s),
                    ("total", self.step_s),
                )
            },
            "bytes_per_gpu_per_step": {k: int(v) for k, v in self.volumes.items()},
            "links": dict(self.links),
            "why": self.why,
            "tokens_per_step": int(self.step_tokens),
            "virtual_stages": self.virtual_stages,
            "expert": self.expert,
            "expert_dispatcher": self.expert_dispatcher,
            "expert_tensor": self.expert_tensor,
            "compute_phase_utilisation": (
                None if self.compute_phase_utilisation is None else round(self.compute_phase_utilisation, 4)
            ),
        }


DIRECT_DP = 16
"""Up to this many data-parallel ranks the estimator runs as it is; beyond, its figures are read off two runs."""


def sharded_estimate(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    dp: int,
    exact_weight_bytes: int | None = None,
    cal: Calibration = CAL,
) -> EstimateResult:
    """estimate() over `dp` data-parallel GPUs. Every memory figure the estimator gives under ZeRO has the form
    a + b / dp (replicated states plus states sharded `dp` ways), so beyond DIRECT_DP ranks it is read off the runs at
    DIRECT_DP / 2 and DIRECT_DP instead of building a per-GPU list thousands of entries long."""
    if dp <= DIRECT_DP:
        return estimate(model, workload, gpu, dp, exact_weight_bytes=exact_weight_bytes, cal=cal)
    lo_n, hi_n = DIRECT_DP // 2, DIRECT_DP
    lo = _reference_run(model, workload, gpu, lo_n, exact_weight_bytes, cal)
    hi = _reference_run(model, workload, gpu, hi_n, exact_weight_bytes, cal)
    fields = {}
    lo_peak, hi_peak = lo.peak_gpu, hi.peak_gpu  # each a walk over the GPUs: read once
    for name in MemoryBreakdown.model_fields:
        f_lo, f_hi = getattr(lo_peak.breakdown, name), getattr(hi_peak.breakdown, name)
        b = (f_lo - f_hi) / (1 / lo_n - 1 / hi_n)
        fields[name] = max(0, int(round(f_hi - b / hi_n + b / dp)))
    memory = GpuMemory(
        index=0,
        breakdown=MemoryBreakdown(**fields),
        capacity_bytes=hi_peak.capacity_bytes,
        usable_bytes=hi_peak.usable_bytes,
    )
    fits = None if memory.usable_bytes is None else memory.total <= memory.usable_bytes
    return hi.model_copy(update={"gpus": dp, "per_gpu": (memory,), "fits": fits})


def _reference_run(
    model: ModelArch, workload: Workload, gpu: Gpu, gpus: int, exact_weight_bytes: int | None, cal: Calibration
) -> EstimateResult:
    """estimate() at one of sharded_estimate's two reference widths, memoised by value: every width beyond DIRECT_DP
    reads the same two runs (a cluster search asked for them again at each of its ~1,800 widths and ZeRO stages), and
    by the constants `cal` (by identity, kept with the entry)."""
    return remember(
        scoped("sharded-reference", cal, CAL),
        (id(model), workload, id(gpu), gpus, exact_weight_bytes, id(cal)),
        (model, gpu, cal),
        lambda: estimate(model, workload, gpu, gpus, exact_weight_bytes=exact_weight_bytes, cal=cal),
    )


MAX_VIRTUAL_STAGES = 8
"""The most model chunks per pipeline rank the planner tries with the interleaved schedule: each chunk adds a round of
stage-to-stage sends (below); Narayanan et al. 2021 (sec. 2.2.2, fig. 4) interleave a few chunks, not one per layer."""


def _virtual_options(layers_per_stage: int, pp: int) -> list[int]:
    """Chunks per pipeline rank the interleaved 1F1B schedule can use: each rank's layers split evenly into v chunks
    (Megatron-LM's --num-layers-per-virtual-pipeline-stage must divide the layers; its README), only with a pipeline."""
    if pp <= 1:
        return [1]
    return [v for v in range(1, min(layers_per_stage, MAX_VIRTUAL_STAGES) + 1) if layers_per_stage % v == 0]


def _divisors_pow2(limit: int) -> list[int]:
    out, d = [], 1
    while d <= limit:
        out.append(d)
        d *= 2
    return out


def _allreduce_s(nbytes: float, ranks: int, link: Link) -> float:
    """Ring all-reduce: each GPU sends and receives 2(n-1)/n of the buffer (nccl-tests PERFORMANCE.md busbw
    definition); latency grows with log2(n) steps once NCCL switches to trees at scale."""
    if ranks <= 1 or nbytes <= 0:
        return 0.0
    return 2 * (ranks - 1) / ranks * nbytes / (link.busbw_gbs * 1e9) + 2 * math.log2(ranks) * link.hop_s


def _gather_s(nbytes: float, ranks: int, link: Link) -> float:
    """All-gather or reduce-scatter of a buffer of `nbytes` in all: (n-1)/n of it crosses each GPU's link."""
    if ranks <= 1 or nbytes <= 0:
        return 0.0
    return (ranks - 1) / ranks * nbytes / (link.busbw_gbs * 1e9) + math.log2(ranks) * link.hop_s


@dataclass(frozen=True)
class _Cluster:
    """What every layout of one search shares: the job, the GPUs and their links, the run's tokens and batch."""

    model: ModelArch
    workload: Workload  # resolved
    gpu: Gpu
    nodes: int
    gpus_per_node: int
    capacity: int  # bytes a GPU may fill (the solver's hard floor)
    intra: Link
    inter: Link | None
    seq: int
    tokens: float
    mfu: float | None  # a fixed compute rate (a published run's); None: the estimator's
    batch_tokens: float  # the global batch
    cal: Calibration  # the estimator's constants
    expert: int | None = None  # a fixed expert-parallel degree (plan_training's `expert`), None: searched
    # the search's own answers to questions its layouts repeat (#34: the GPU's bf16 rate, its reference run, the
    # restart share by GPU count and the GEMM shape factors were asked once per layout, some 11,000 times a 70B
    # cluster plan, of a few dozen distinct questions)
    answers: dict[tuple[object, ...], Any] = field(default_factory=dict, compare=False, hash=False)

    def once(self, key: tuple[object, ...], compute: Callable[[], Any]) -> Any:
        """`compute()`, once per key in this search."""
        answers = self.answers
        if key not in answers:
            answers[key] = compute()
        return answers[key]


@dataclass(frozen=True)
class _Layout:
    """One candidate layout: tensor, context, pipeline and data-parallel degrees, the ZeRO stage, recomputation and
    the model chunks per pipeline rank (`virtual`, 1: plain 1F1B)."""

    tp: int
    cp: int
    pp: int
    dp: int
    zero: int
    ckpt: bool
    virtual: int = 1
    ep: int = 1  # expert-parallel degree, carved out of the data-parallel ranks (Megatron-Core)
    selective: bool = False  # Megatron-Core's selective recompute (recompute.selective_recompute), without ckpt


def _base_estimates(
    model: ModelArch, workload: Workload, gpu: Gpu, exact_weight_bytes: int | None, cal: Calibration
) -> Callable[[int, int, bool, bool], EstimateResult]:
    """The single-layout estimate a plan scales, per (data-parallel width, ZeRO stage, checkpointing, run on Megatron:
    _megatron_workload), cached."""
    cache: dict[tuple[int, int, bool, bool], EstimateResult] = {}

    def base(dp: int, zero: int, ckpt: bool, megatron: bool = False) -> EstimateResult:
        key = (dp, zero, ckpt, megatron)
        if key not in cache:
            wl = _megatron_workload(workload, megatron).model_copy(update={"zero": zero, "grad_checkpointing": ckpt})
            # memoised across layouts: a cluster search asks for the same data-parallel width at many node counts
            cache[key] = remember(
                scoped("sharded", cal, CAL),
                (id(model), wl, id(gpu), dp, exact_weight_bytes, id(cal)),
                (model, gpu, cal),
                lambda: sharded_estimate(model, wl, gpu, dp, exact_weight_bytes, cal),
            )
        return cache[key]

    return base


def _megatron_workload(workload: Workload, megatron: bool) -> Workload:
    """The job as the layout's runner runs it: Megatron-LM (and Megatron Bridge) build their layers on Transformer
    Engine unless told otherwise (NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py:
    transformer_impl = 'transformer_engine'; Megatron-Bridge@067f987d's recipes set it too, e.g. recipes/deepseek/h100/
    deepseek_v3.py), so a layout Megatron runs (_on_megatron) is timed with it (Workload.transformer_engine: its FP8
    step) and launched with it (launch/training.megatron_command: --transformer-impl transformer_engine)."""
    if not megatron or workload.transformer_engine:
        return workload
    return workload.model_copy(update={"transformer_engine": True})


def _on_megatron(workload: Workload, tp: int, pp: int, cp: int, nodes: int, ep: int = 1) -> bool:
    """The layout runs under Megatron (frameworks.layout_runner), a fine-tune there only as a full fine-tune."""
    runner = layout_runner(workload.kind, tp, pp, cp, nodes=nodes, expert=ep)
    return runner is not None and (workload.kind != "finetune" or workload.method == "full")


def _layouts(c: _Cluster, tensor: int | None, pipeline: int | None, virtual_stages: int | None) -> Iterator[_Layout]:
    """Every layout the search tries, in its order (the first of equally fast layouts is kept)."""
    model, workload, gpus_per_node, seq = c.model, c.workload, c.gpus_per_node, c.seq
    gpus = c.nodes * gpus_per_node
    heads, kv_heads = model.num_attention_heads, model.num_kv_heads
    tp_options = [
        t for t in _divisors_pow2(gpus_per_node) if heads % t == 0 and (kv_heads % t == 0 or t % kv_heads == 0)
    ]
    if tensor is not None:
        tp_options = [tensor]
    cp_options = [1] + ([k for k in (2, 4, 8) if seq // k >= 4096] if seq >= 16384 else [])
    # the layouts and sharding the framework can be told to run (torchtune: FSDP2 data parallel only, ZeRO-2 or 3;
    # frameworks.py), so that the plan sized is the one its command launches
    # (fine-tuning only: a from-scratch run is launched with accelerate or Megatron-LM whatever the framework named)
    fw = framework(
        workload.framework or default_framework(workload.method, workload.zero),
        c.cal.framework_released,
        workload.sharding,
    )
    stages: tuple[int, ...] = (0, 1, 2, 3)
    if workload.kind == "finetune":
        stages = fw.shard_stages
        if fw.data_parallel_only:
            tp_options, cp_options, pipeline = [1], [1], 1
    for ckpt in (False, True) if not workload.grad_checkpointing else (True,):
        for tp in tp_options:
            for cp in cp_options:
                if tp * cp > gpus_per_node and cp > 1:
                    continue  # context parallel rings stay inside the node here
                pp_options = (
                    _divisors_pow2(min(model.num_layers, gpus // (tp * cp)))
                    if pipeline is None
                    else [pipeline]
                    if pipeline <= model.num_layers
                    else []
                )
                for pp in pp_options:
                    if gpus % (tp * cp * pp):
                        continue
                    dp = gpus // (tp * cp * pp)
                    # ZeRO-2/3 shard gradients that pipeline parallelism accumulates over micro-batches: DeepSpeed
                    # allows only stage 0-1 with its pipeline engine (DeepSpeed docs, pipeline parallelism)
                    zeros = [0, 1] if pp > 1 else [0, 1, 2, 3]
                    zeros = [z for z in zeros if z in stages] if dp > 1 else [0]
                    chunks = (
                        [virtual_stages]
                        if virtual_stages is not None and pp > 1
                        else _virtual_options(model.num_layers // pp, pp)
                    )
                    for zero, v in ((z, v) for z in zeros for v in chunks):
                        for ep in _expert_options(c, tp * cp * dp, zero):
                            yield _Layout(tp, cp, pp, dp, zero, ckpt, v, ep)


def _expert_options(c: _Cluster, ranks: int, zero: int) -> list[int]:
    """Expert-parallel degrees a layout may take: 1, and for an MoE model's pretraining (Megatron-LM,
    --expert-model-parallel-size) the degrees gemm.expert_parallel_degrees allows over the layout's TP x CP x DP
    `ranks` at expert tensor parallelism 1 (gemm.EXPERT_TENSOR_PARALLEL, as the recipes run: the group is carved out of
    every rank of a pipeline stage, and its ranks fill a node); a single estimate takes the widest of them inside one
    node (estimator._expert_parallel)."""
    moe = c.model.moe
    if moe is None or c.workload.kind != "pretrain" or zero not in EXPERT_ZERO_STAGES:
        return [1] if not c.expert or c.expert == 1 else []
    if c.expert is not None:
        return [c.expert] if ranks % c.expert == 0 and moe.num_experts % c.expert == 0 else []
    span = c.nodes * c.gpus_per_node if c.inter is not None and c.nodes > 1 else 0
    return expert_parallel_degrees(moe.num_experts, ranks, EXPERT_TENSOR_PARALLEL, c.gpus_per_node, span)


def _expert_tensor(layout: _Layout) -> int:
    """The expert tensor-parallel degree of a layout: gemm.EXPERT_TENSOR_PARALLEL under expert parallelism; without it
    the experts split as the dense layers do (Megatron-LM's ETP = TP)."""
    return EXPERT_TENSOR_PARALLEL if layout.ep > 1 else layout.tp


def _experts_held(c: _Cluster, layout: _Layout) -> float:
    """The share of the routed experts' parameters a GPU holds, over the 1 / (TP x PP) share of the dense layers':
    each of the EP ranks of a stage holds 1/EP of its experts, split ETP ways (_expert_tensor): TP / (EP x ETP)."""
    return layout.tp / (layout.ep * _expert_tensor(layout))


def _rank(p: ParallelPlan) -> float:
    # wall time per token, not per step: layouts whose data-parallel width exceeds the global batch run bigger
    # steps; a hair's preference for fewer model-parallel ranks, less sharding and fewer chunks breaks ties
    return p.seconds_per_token * (
        1 + 1e-6 * (p.tensor + p.pipeline + (p.zero_stage or 0) + p.virtual_stages + p.expert)
    )


def plan_training(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    nodes: int,
    gpus_per_node: int,
    inter: Link | None = None,
    intra: Link | None = None,
    exact_weight_bytes: int | None = None,
    mfu: float | None = None,
    tensor: int | None = None,
    pipeline: int | None = None,
    batch_tokens: float | None = None,
    virtual_stages: int | None = None,
    cal: Calibration = CAL,
    expert: int | None = None,
) -> ParallelPlan | None:
    """The fastest layout that fits: tensor parallel inside the NVLink domain, pipeline and data parallel across
    nodes, ZeRO where it buys memory (Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU
    Clusters Using Megatron-LM", sec. 3.3 takeaways). None when nothing fits.

    `tensor` and `pipeline` fix those degrees (a published layout; `pipeline` may then be any count up to the layers,
    e.g. Megatron's 35 stages of 3 layers, or DeepSeek-V3's 61 layers on 16 stages in NVIDIA's 1,024-H100 recipe,
    priced at its busiest stage's pace as the search prices uneven stages: frameworks.pipeline_pace), and
    `batch_tokens` the global batch (default GLOBAL_BATCH_TOKENS, a fine-tune's FINETUNE_GLOBAL_BATCH_SEQUENCES).
    With a pipeline, the interleaved 1F1B schedule (v model chunks per rank) is tried beside the plain one;
    `virtual_stages` fixes v (1: plain 1F1B), `expert` the expert-parallel degree of an MoE model's pretraining (a published layout).
    `cal`: the estimator's constants (the shipped ones unless given)."""
    workload = workload.resolved(model.max_context)
    intra = intra or intra_node_link(gpu)
    if nodes > 1 and inter is None:
        raise ValueError("a multi-node plan needs the inter-node link")
    seq = workload.context or 2048
    default_batch = global_batch_tokens(workload.kind, seq)
    capacity = int(gpu.memory_gib * GIB * (1 - HARD_HEADROOM))  # the solver's hard floor
    c = _Cluster(
        model,
        workload,
        gpu,
        nodes,
        gpus_per_node,
        capacity,
        intra,
        inter,
        seq,
        workload.tokens or 0.0,
        mfu,
        batch_tokens or default_batch,
        cal,
        expert=expert,
    )
    base = _base_estimates(model, workload, gpu, exact_weight_bytes, cal)
    # best within the batch cap, and best at any batch (used only when no layout keeps the batch within the cap:
    # a small model on a cluster wider than its layers and heads can split)
    # ranked on their step times alone; only a layout that leads is made a ParallelPlan (#34: a 70B cluster search
    # evaluates about 11,000 fitting layouts and keeps two)
    best: _Timed | None = None
    best_uncapped: _Timed | None = None
    for timed in _fitting(c, base, _layouts(c, tensor, pipeline, virtual_stages)):
        if best_uncapped is None or timed.rank < best_uncapped.rank:
            best_uncapped = timed
        if timed.step_tokens <= MAX_GLOBAL_BATCH_TOKENS and (best is None or timed.rank < best.rank):
            best = timed
    best = best or best_uncapped
    if best is None:
        return None
    return _explained(best.plan(), model)


def _fitting(
    c: _Cluster, base: Callable[[int, int, bool, bool], EstimateResult], layouts: Iterator[_Layout]
) -> Iterator[_Timed]:
    """Each layout that fits (ParallelPlan.fits), timed; one that does not is dropped before its step is timed
    (#34: most layouts of a big model, and their compute and communication were most of a cluster search)."""
    peaks: dict[int, MemoryBreakdown] = {}  # the base estimates' largest GPU, by the (cached) estimate
    for layout in layouts:
        megatron = c.once(
            ("megatron", layout.tp, layout.pp, layout.cp, layout.ep),
            lambda: _on_megatron(c.workload, layout.tp, layout.pp, layout.cp, c.nodes, layout.ep),
        )
        b = base(layout.dp, layout.zero, layout.ckpt, megatron)
        if id(b) not in peaks:
            peaks[id(b)] = b.peak_gpu.breakdown
        grad_width = c.once(
            ("grad", layout.tp, layout.pp, layout.cp),
            lambda: _gradient_bytes(c.workload, c.gpu, layout.tp, layout.pp, layout.cp, c.nodes),
        )
        parts = _layout_parts(c, peaks[id(b)], layout, grad_width)
        if sum(parts.values()) > c.capacity and megatron and not layout.ckpt and _selective(c).freed_bytes > 0:
            # Megatron recomputes chosen modules where keeping every activation does not fit (the MoE recipes'
            # --recompute-granularity selective): slower than keeping them, so tried only then; full recomputation
            # is its own layout (ckpt)
            layout = replace(layout, selective=True)
            parts = _layout_parts(c, peaks[id(b)], layout, grad_width)
        if sum(parts.values()) <= c.capacity:  # MemoryBreakdown.total, before the breakdown is built
            yield _timed(c, b, layout, grad_width, MemoryBreakdown(**parts))


def _selective(c: _Cluster) -> SelectiveRecompute:
    """The selective recompute of the cluster's model, as its stack keeps the block (recompute.py)."""
    return c.once(("selective",), lambda: selective_recompute(c.model, bool(c.workload.fused_kernels)))


MEGATRON_MAIN_GRAD_BYTES = 4
"""fp32 gradient buffers (Megatron-LM arguments.py: accumulate_allreduce_grads_in_fp32 set for bf16)."""


def _gradient_bytes(workload: Workload, gpu: Gpu, tp: int, pp: int, cp: int, nodes: int) -> int:
    """Bytes per gradient element of the layout's trainer: fp32 under Megatron in bf16, else 16-bit."""
    megatron = _on_megatron(workload, tp, pp, cp, nodes)
    return MEGATRON_MAIN_GRAD_BYTES if megatron and training_half(gpu) == "bf16" else 2


def _layout_parts(c: _Cluster, b: MemoryBreakdown, layout: _Layout, grad_width: int) -> dict[str, int]:
    """Memory per GPU of a layout, from the data-parallel estimate's breakdown `b`: the MemoryBreakdown's fields,
    summed to test the fit before a breakdown is validated (most layouts do not fit)."""
    tp, cp, pp = layout.tp, layout.cp, layout.pp
    model_parallel = tp * pp
    # model states split over tensor and pipeline ranks; activations over tensor (sequence parallel,
    # Korthikanti et al. 2022) and context ranks; with 1F1B the first stage holds `pp` micro-batches of
    # L/pp layers, i.e. one whole model's worth (Narayanan et al. 2021, sec. 2.2.1)
    # Megatron (what runs a layout that splits the model or, pretraining, spans nodes: frameworks.layout_runner) keeps
    # bf16 training's gradients in fp32: "accumulate and all-reduce gradients in fp32 for bfloat16 data type"
    # (Megatron-LM megatron/training/arguments.py, unless --grad-reduce-in-bf16), 18 bytes per parameter without the
    # distributed optimizer and 6 + 12/d with it (its README, "bf16 param, fp32 grads"); fp16 keeps fp16 gradients
    activations = float(b.activations)
    if layout.selective:
        # the recomputed modules' outputs are not kept by any layer of the micro-batches in flight (the base keeps
        # every layer of one micro-batch: one whole model's worth, as the first stage holds)
        activations -= _selective(c).freed_bytes * c.seq * max(1, c.workload.batch)
    gradients, activations = b.gradients / model_parallel * grad_width / 2, activations / (tp * cp)
    # expert parallel: each GPU keeps 1/ep of the routed experts' weights and gradients; their optimizer states, under
    # the distributed optimizer, are sharded over the dp/ep ranks that hold the same experts, 1/dp of them as before
    # (Megatron-Core MoE README, Step 1's table: EP "1/N in MoELayer" for weights, "1/N" optimizer states)
    # under ZeRO-3 (Megatron FSDP) every state is already 1/dp: EP shards the experts over ep and FSDP over the dp/ep
    # ranks that hold the same ones, 1/dp of them either way
    share = _expert_share(c)
    kept = 1 - share + share * _experts_held(c, layout) if layout.zero < 3 else 1.0
    gradients *= kept
    if layout.virtual > 1:
        # interleaved 1F1B: the first stage holds more micro-batches in flight, activations x (1 + (p-1)/(p v))
        # (Korthikanti et al. 2022, arXiv 2205.05198, sec. 4.2.3, m there being the interleaving stages)
        activations *= 1 + (pp - 1) / (pp * layout.virtual)
    # the allocator's slack is a share of the dynamic memory (estimator: Calibration.fragmentation_training x
    # (activations + gradients)); it splits with them, else a 1T model kept ~150 GB of the whole model's slack per GPU
    slack_saved = c.cal.fragmentation_training * (b.gradients - gradients + b.activations - activations)
    return {
        "weights": int(b.weights / model_parallel * kept),
        "gradients": int(gradients),
        "optimizer_states": int(b.optimizer_states / model_parallel * (kept if layout.zero == 0 else 1.0)),
        "activations": int(activations),
        "runtime_overhead": int(max(0.0, b.runtime_overhead - slack_saved)),
    }


def _expert_share(c: _Cluster) -> float:
    """The routed experts' share of the model's parameters (0 for a dense model)."""

    def share() -> float:
        counts = count_params(c.model)
        return counts.experts / counts.total if counts.total else 0.0

    return float(c.once(("expert-share",), share))


def _compute_seconds(
    c: _Cluster, base: EstimateResult, layout: _Layout, micro: int, step_tokens: int
) -> tuple[float, float, float]:
    """(seconds of compute per step, the GEMM split share, the share of elapsed time in steps) of a layout."""
    gpu, workload, mfu = c.gpu, c.workload, c.mfu
    gpus = layout.tp * layout.cp * layout.pp * layout.dp
    flops_per_token = (base.training_flops or 0.0) / c.tokens if c.tokens else 0.0
    # compute at MFU of the peak bf16 rate the estimator uses (support_facts.training_tflops: measured GEMM rates off NVIDIA)
    # the base estimate's utilisation counts restarts for its own GPU count and a whole run's other losses: taken out
    # here, so that compute is the GPUs' work alone, and those of this layout's `gpus` come on top of the whole step
    # (below), restarts as a loss that grows with the cluster (Calibration.interruptions_per_gpu_hour)
    base_share = (
        c.once(("share", base.gpus), lambda: elapsed_share(gpu, base.gpus, cal=c.cal)) if workload.mfu is None else 1.0
    )
    # --mfu is the whole rate, as in estimate(): no restarts or run losses on top of it
    share = (
        c.once(("share", gpus), lambda: elapsed_share(gpu, gpus, cal=c.cal))
        if mfu is None and workload.mfu is None
        else 1.0
    )
    # the estimator's own peak (training_peak_flops: a workstation card's board-power bound too), as its rate_share is of it
    peak = c.once(("tflops",), lambda: training_peak_flops(gpu, cal=c.cal))
    per_gpu_rate = peak * (mfu if mfu is not None else (base.rate_share or 0.35) / base_share)
    reference = c.once(("reference",), lambda: reference_layout(gpu, cal=c.cal))
    split = 1.0
    if mfu is None and reference is not None:
        # the default utilisation is already the reference run's compute-only rate (Calibration.plan_step_share_*);
        # this layout's bubble and all-reduces are added below, and tensor- or context-parallel splits cut its GEMMs
        # into fewer tiles per wave than the unsplit layer the estimate priced (gemm.py)
        tokens = micro * c.seq
        split = c.once(
            ("shape", tokens, layout.tp, layout.cp),
            lambda: shape_factor(c.model, gpu, tokens, layout.tp, reference[0], layout.cp),
        ) / c.once(("shape", tokens, 1, 1), lambda: shape_factor(c.model, gpu, tokens, 1, reference[0]))
        per_gpu_rate *= split
    if mfu is None and c.model.moe is not None and gpu.memory_bandwidth_gbps > 0:
        # routed experts' GEMMs run at the rows each expert sees per micro-batch (gemm.expert_time_factor): the base
        # rate priced them as the reference run's large dense GEMMs. Under expert tensor parallelism 1 each EP rank
        # sends its own sequence shard (sequence parallel) and runs whole experts; with ETP = TP the TP group's
        # tokens meet at experts split TP ways
        fpb = peak / (gpu.memory_bandwidth_gbps * 1e9)
        etp = _expert_tensor(layout)
        tokens = micro * c.seq // max(1, layout.cp * layout.tp // etp)
        per_gpu_rate *= c.once(
            ("experts", tokens, etp, layout.ep),
            lambda: expert_time_factor(c.model, fpb, tokens, etp, layout.ep),
        )
    if layout.selective:
        # the recomputed GEMMs at the step's rate; the recomputed norms and activation as their traffic at the card's
        # bandwidth (recompute.py)
        flops_per_token += _selective(c).flops
    compute = flops_per_token * step_tokens / (gpus * per_gpu_rate) if per_gpu_rate else 0.0
    if layout.selective and gpu.memory_bandwidth_gbps > 0:
        compute += _selective(c).traffic_bytes * step_tokens / gpus / (gpu.memory_bandwidth_gbps * 1e9)
    # a pipeline runs at its busiest stage's pace: stages hold whole layers (frameworks.pipeline_pace)
    compute *= c.once(("pace", layout.pp), lambda: pipeline_pace(c.model.num_layers, layout.pp))
    return compute, split, share


@dataclass(frozen=True)
class _Communication:
    """Seconds per step a layout's communication does not hide, the bytes each GPU moves, and over which links."""

    tensor: float
    bubble: float
    sends: float
    context: float
    data: float
    volumes: dict[str, float]
    links: dict[str, str]
    expert: float = 0.0
    dispatcher: str = ""  # the expert all-to-all's token dispatcher ('' without expert parallelism)


def _data_parallel(
    c: _Cluster, base: EstimateResult, layout: _Layout, m: int, compute: float, grad_width: int, link: Link
) -> tuple[float, float]:
    """(exposed seconds, bytes per GPU) of the data-parallel gradient (or ZeRO-3 state) traffic of a step."""
    tp, pp, dp, ep = layout.tp, layout.pp, layout.dp, layout.ep
    layers_per_stage = c.model.num_layers / pp
    # data parallel: gradients in bf16, reduced once per step after the last micro-batch's backward. An MoE model's
    # routed experts are reduced whole unless expert parallelism shards them: each GPU then holds 1/ep of them and
    # reduces those over the dp/ep ranks that hold the same ones (Megatron-Core's expert-data-parallel group)
    params = base.params_total / (tp * pp)
    experts = params * _expert_share(c)
    # the experts a GPU holds (_experts_held) and the expert-data-parallel ranks that hold the same ones: TP x CP x DP
    # over EP x ETP (Megatron-Core's expert-data-parallel group)
    held = experts * _experts_held(c, layout)
    edp = max(1, tp * layout.cp * dp // (ep * _expert_tensor(layout))) if ep > 1 else dp
    # the reduction in the gradients' own width: an all-reduce of them, or (ZeRO-1/2, Megatron's distributed
    # optimizer) a reduce-scatter of them and an all-gather of the 16-bit parameters; as 16-bit all-reduce bytes
    width = grad_width if layout.zero == 0 else (grad_width + 2) / 2
    if layout.zero >= 3:
        # ZeRO-3: parameters gathered for forward and backward and gradients scattered, every micro-batch:
        # 3 x (n-1)/n of the model states' 16-bit size (Rajbhandari et al. 2020, sec. 7.2.2), overlapped by prefetch;
        # under expert parallelism each GPU gathers only its 1/ep of the experts, from the dp/ep ranks sharing them
        if ep <= 1:  # the 16-bit model states, every expert among them
            per_micro, moved = 3 * _gather_s(params * 2, dp, link), (dp - 1) / dp * params * 2
        else:
            dense_bytes, expert_bytes = (params - experts) * 2, held * 2
            per_micro = 3 * (_gather_s(dense_bytes, dp, link) + _gather_s(expert_bytes, edp, link))
            moved = (dp - 1) / dp * dense_bytes + (edp - 1) / edp * expert_bytes
        data = m * max(0.0, per_micro - compute / m) + per_micro / max(layers_per_stage, 1)
        return data, m * 3 * moved
    dense, local = (params - experts) * width, held * width
    sync = _allreduce_s(dense, dp, link) + _allreduce_s(local, edp, link)
    # bucketed reduction overlaps the last micro-batch's backward (2/3 of its compute); the last bucket cannot
    window = compute / m * 2 / 3
    data = max(0.0, sync - window) + sync / max(layers_per_stage, 1)
    return data, 2 * (dp - 1) / dp * dense + 2 * (edp - 1) / edp * local


def _expert_all_to_all(c: _Cluster, layout: _Layout, micro: int, m: int) -> tuple[float, float, Link, str]:
    """(seconds per step, bytes per GPU per step, link, dispatcher) of an expert-parallel layout's token all-to-alls,
    for each of the stage's MoE layers and the step's m micro-batches: collectives.moe_all_to_all, the single
    estimate's own call, with the layout's EP ranks per node (EP groups stride the expert tensor-parallel ranks:
    _expert_tensor, 1 as the recipes run, so a node's GPUs are EP ranks of one group) and, for a group wider than a
    node, the fabric and the dispatcher the engines run there (collectives.expert_dispatcher). Each rank dispatches its
    own sequence shard (sequence parallel under TP, context parallel)."""
    model, ep = c.model, layout.ep
    etp = _expert_tensor(layout)
    spans = c.inter is not None and ep * etp > c.gpus_per_node
    link = (c.inter or c.intra) if spans else c.intra
    if ep <= 1 or model.moe is None:
        return 0.0, 0.0, link, ""
    dispatcher = str(
        c.once(("dispatcher", spans), lambda: expert_dispatcher(c.workload.expert_dispatcher, c.gpu, spans))
    )
    tokens = micro * c.seq / (layout.cp * layout.tp)
    layers = c.once(("moe-layers",), lambda: moe_layer_count(model)) / layout.pp
    seconds, moved = moe_all_to_all(
        model,
        tokens,
        layers,
        ep,
        c.intra,
        layout.ckpt,
        fabric=c.inter if spans else None,
        node=max(1, c.gpus_per_node // etp),
        dispatcher=dispatcher,
        overlap=c.workload.expert_overlap,
    )
    return m * seconds, m * moved, link, dispatcher


def _communication(
    c: _Cluster, base: EstimateResult, layout: _Layout, micro: int, m: int, compute: float, grad_width: int
) -> _Communication:
    model, seq, intra, inter, gpus_per_node = c.model, c.seq, c.intra, c.inter, c.gpus_per_node
    tp, cp, pp, dp, virtual = layout.tp, layout.cp, layout.pp, layout.dp, layout.virtual
    h = model.hidden_size
    act_bytes = seq / cp * micro * h * 2  # one micro-batch's hidden states in bf16
    tp_link = intra if tp <= gpus_per_node else (inter or intra)
    # Megatron tensor parallel: 2 all-reduces forward and 2 backward per layer (Shoeybi et al. 2019, fig. 3),
    # 2 more when the forward is recomputed; on the critical path
    reduces = 4 + (2 if layout.ckpt else 0)
    layers_per_stage = model.num_layers / pp
    tensor = layers_per_stage * m * reduces * _allreduce_s(act_bytes, tp, tp_link) if tp > 1 else 0.0
    # pipeline: bubble (p-1)/m of the compute (1F1B, Narayanan et al. 2021 eq. 1), (p-1)/(v m) with v model chunks per
    # rank (the interleaved schedule, sec. 2.2.2), plus sends between stages, v times as many when interleaved ("the
    # amount of communication also increases by v", same section)
    pp_link = inter if (inter is not None and tp * cp * pp > gpus_per_node) else intra
    sends = virtual * 2 * (pp - 1) / pp * m * act_bytes / tp / (pp_link.busbw_gbs * 1e9) if pp > 1 else 0.0
    bubble = pipeline_bubble(pp, m, virtual) * compute
    # context parallel: K and V of the other chunks pass round a ring, overlapped with attention except one hop
    kv_dim = model.num_kv_heads * model.head_dim
    context = (
        (model.num_layers / pp) * m * 3 * (act_bytes / h * kv_dim * 2) / cp / (intra.busbw_gbs * 1e9) if cp > 1 else 0.0
    )
    dp_link = intra if tp * cp * pp * dp <= gpus_per_node else (inter or intra)
    volumes = {"tensor": layers_per_stage * m * reduces * 2 * (tp - 1) / tp * act_bytes if tp > 1 else 0.0}
    data, volumes["data"] = _data_parallel(c, base, layout, m, compute, grad_width, dp_link)
    volumes["pipeline"] = virtual * 2 * m * act_bytes / tp if pp > 1 else 0.0
    expert, volumes["expert"], ep_link, dispatcher = _expert_all_to_all(c, layout, micro, m)
    links = {
        "tensor": tp_link.name if tp > 1 else "",
        "data": dp_link.name if dp > 1 else "",
        "pipeline": pp_link.name if pp > 1 else "",
        "expert": ep_link.name if layout.ep > 1 else "",
    }
    links = {k: v for k, v in links.items() if v}
    return _Communication(tensor, bubble, sends, context, data, volumes, links, expert, dispatcher)


@dataclass(frozen=True)
class _Timed:
    """A fitting layout's step, timed: enough to rank it (_rank); plan() makes the ParallelPlan _evaluate returns."""

    c: _Cluster
    base: EstimateResult
    layout: _Layout
    per_gpu: MemoryBreakdown
    micro: int
    m: int
    step_tokens: int
    compute: float
    split: float
    share: float
    comm: _Communication
    work: float
    step: float

    @property
    def rank(self) -> float:
        """_rank(self.plan()), without making the plan."""
        layout = self.layout
        seconds_per_token = self.step / float(self.step_tokens) if self.step_tokens else self.step
        zero = layout.zero if layout.dp > 1 else None
        return seconds_per_token * (1 + 1e-6 * (layout.tp + layout.pp + (zero or 0) + layout.virtual + layout.ep))

    def plan(self) -> ParallelPlan:
        c, base, layout, comm, compute, step, step_tokens = (
            self.c,
            self.base,
            self.layout,
            self.comm,
            self.compute,
            self.step,
            self.step_tokens,
        )
        tp, cp, pp, dp, virtual = layout.tp, layout.cp, layout.pp, layout.dp, layout.virtual
        gpus = tp * cp * pp * dp
        flops_per_token = (base.training_flops or 0.0) / c.tokens if c.tokens else 0.0
        return ParallelPlan(
            gpus=gpus,
            nodes=c.nodes,
            gpus_per_node=c.gpus_per_node,
            data=dp,
            tensor=tp,
            pipeline=pp,
            context=cp,
            zero_stage=layout.zero if dp > 1 else None,
            grad_checkpointing=layout.ckpt,
            micro_batch=self.micro,
            micro_batches=self.m,
            per_gpu=self.per_gpu,
            capacity_bytes=c.capacity,
            compute_s=compute,
            tensor_s=comm.tensor,
            pipeline_s=comm.bubble + comm.sends,
            data_s=comm.data,
            context_s=comm.context,
            step_s=step,
            steps=c.tokens / step_tokens if step_tokens else 0.0,
            volumes=comm.volumes,
            links=comm.links,
            step_tokens=float(step_tokens),
            restarts_s=step - self.work,
            virtual_stages=virtual,
            gemm_split_share=self.split,
            expert=layout.ep,
            expert_s=comm.expert,
            expert_dispatcher=comm.dispatcher,
            expert_tensor=_expert_tensor(layout),
            recompute_modules=_selective(c).modules if layout.selective else (),
            compute_phase_utilisation=model_flops_utilisation(
                flops_per_token * step_tokens, gpus * compute / 3600, dense_peak_tflops(c.gpu)
            ),
        )


def _evaluate(
    c: _Cluster, base: EstimateResult, layout: _Layout, grad_width: int, per_gpu: MemoryBreakdown
) -> ParallelPlan:
    """The layout's step time, with its memory per GPU `per_gpu` (_layout_parts) and gradient width (_gradient_bytes)."""
    return _timed(c, base, layout, grad_width, per_gpu).plan()


def _timed(c: _Cluster, base: EstimateResult, layout: _Layout, grad_width: int, per_gpu: MemoryBreakdown) -> _Timed:
    """The layout's step, timed (_evaluate without the ParallelPlan)."""
    pp, dp, virtual = layout.pp, layout.dp, layout.virtual
    micro = max(1, c.workload.batch)
    # the global batch in whole micro-batches per data-parallel rank; interleaving also needs the micro-batches per
    # pipeline to divide by its stages (Megatron-LM asserts it; its README), so the batch is rounded to that instead
    unit = dp * micro * (pp if virtual > 1 else 1)
    sequences = whole_sequences(c.batch_tokens, c.seq, unit)
    m = sequences // (dp * micro)
    step_tokens = sequences * c.seq
    compute, split, share = _compute_seconds(c, base, layout, micro, step_tokens)
    comm = _communication(c, base, layout, micro, m, compute, grad_width)
    work = compute + comm.tensor + comm.bubble + comm.sends + comm.context + comm.data + comm.expert
    return _Timed(c, base, layout, per_gpu, micro, m, step_tokens, compute, split, share, comm, work, work / share)


def _explained(plan: ParallelPlan, model: ModelArch) -> ParallelPlan:
    reasons = []
    if plan.tensor > 1:
        link = plan.links.get("tensor", "")
        reasons.append(Reason.of("est.layout-tensor", tp=plan.tensor, node=plan.gpus_per_node, link=link))
    if plan.pipeline > 1:
        bubble = pipeline_bubble(plan.pipeline, plan.micro_batches, plan.virtual_stages)
        reasons.append(
            Reason.of(
                "est.layout-pipeline",
                pp=plan.pipeline,
                layers=model.num_layers // plan.pipeline,
                chunks=plan.virtual_stages if plan.virtual_stages > 1 else None,
                micro=plan.micro_batches,
                bubble=bubble,
            )
        )
    if plan.context > 1:
        reasons.append(Reason.of("est.layout-context", cp=plan.context))
    if plan.expert > 1 and model.moe is not None:
        reasons.append(
            Reason.of(
                "est.layout-expert",
                ep=plan.expert,
                experts=model.moe.num_experts // plan.expert,
                link=plan.links.get("expert", ""),
                seconds=plan.expert_s,
            )
        )
    if plan.data > 1:
        reasons.append(
            Reason.of("est.layout-data", dp=plan.data, link=plan.links.get("data", ""), zero=plan.zero_stage or 0)
        )
    reasons.append(
        Reason.of("est.layout-recompute", on=plan.grad_checkpointing, modules=plan.recompute_modules or None)
    )
    said = Reason.of(
        "est.layout",
        parts=tuple(reasons),
        gib=plan.per_gpu.total / GIB,
        usable=plan.capacity_bytes / GIB,
        free=HARD_HEADROOM,
        scaling=plan.scaling_efficiency,
    )
    return ParallelPlan(**{**plan.__dict__, "why": english(said), "why_said": said})


def as_assumption(step: Step) -> str:
    """A step of the plan as the printed sheet lists it among the assumptions (the window shows the step instead)."""
    return f"parallelism: {step.text}" if step.topic == "parallel" else step.text


def training_result(plan: ParallelPlan, base: EstimateResult) -> EstimateResult:
    """The estimator's result with the plan's memory per GPU and the plan's time (compute + exposed communication)."""
    # no token count, no time: as the estimator itself reports it (the plan's 0 steps read as "0.0 h", and the rental
    # search matched offers on it)
    timed = base.training_flops is not None
    gpu_hours = plan.wall_hours * plan.gpus if timed else None
    # usable: what the plan may fill, the planner's own limit (the card less HARD_HEADROOM), so that the memory table,
    # the MEM-FIT check and the plan's memory step give one figure (the sheet had 'Usable 80.00' beside '78.40 GiB
    # the plan may use'); the card's whole memory stays in capacity_bytes
    memories = tuple(
        GpuMemory(
            index=i,
            breakdown=plan.per_gpu,
            capacity_bytes=base.peak_gpu.capacity_bytes,
            usable_bytes=plan.capacity_bytes,
        )
        for i in range(min(plan.gpus, 8))
    )
    steps = _plan_steps(plan, base)
    # the layout and the step time as the chain of formulas words them (the printed sheet lists assumptions only)
    said = {step.topic: step.text for step in steps}
    assumptions = tuple(a for a in base.assumptions if a not in base.layout_assumptions) + (
        as_assumption(Step(topic="parallel", text=said["parallel"])),
        said["time"],
    )
    return base.model_copy(
        update={
            "gpus": plan.gpus,
            "per_gpu": memories,
            "fits": plan.fits,
            "gpu_hours": gpu_hours,
            "wall_hours": plan.wall_hours if timed else None,
            # the plan's own restarts and run losses per step (ParallelPlan.restarts_s), not the base estimate's
            "steady_share": (plan.step_s - plan.restarts_s) / plan.step_s if timed and plan.step_s > 0 else None,
            "split": "data" if plan.tensor == 1 and plan.pipeline == 1 else "tensor+pipeline+data",
            "workload": {**base.workload, "zero": plan.zero_stage or 0, "grad_checkpointing": plan.grad_checkpointing},
            "assumptions": assumptions,
            # the step time's code beside its English (the layout's `why` has none yet: it renders as est.said)
            "assumption_codes": (
                *base.assumption_codes,
                *((Reason.of("est.parallelism", layout=plan.why_said),) if plan.why_said else ()),
                *(s.said for s in steps if s.topic == "time" and s.said),
            ),
            "steps": steps,
            "scaling_efficiency": None,
            "layout": plan.to_json(),
            "layout_assumptions": (),  # the base's layout, replaced by the plan's
        }
    )


# the base estimate's steps that describe one data-parallel rank holding the whole model: the plan's replace them
_RANK_STEPS = ("zero", "activations", "time", "total")


def _plan_steps(plan: ParallelPlan, base: EstimateResult) -> tuple[Step, ...]:
    """The chain of formulas for the plan: the model's own steps (parameters, weights, optimizer, FLOPs), then the
    layout, its memory per GPU and its time. The base estimate's sharding, activation, time and fit steps were
    computed for one data-parallel rank without tensor or pipeline parallel, and read as a contradiction beside the
    plan's figures ("ZeRO-1 over 4 GPUs ... 593 GiB of 80 GiB -> does NOT fit" under a 128-GPU build that fits)."""
    b = plan.per_gpu
    # the planner's own limit (plan_training: the card less HARD_HEADROOM), as its `why` says; the result's usable_bytes
    usable = plan.capacity_bytes
    gib = 1024**3
    layout = (
        f"TP{plan.tensor} x PP{plan.pipeline}"
        + (f" x CP{plan.context}" if plan.context > 1 else "")
        + f" x DP{plan.data}"
        + (f" (EP{plan.expert})" if plan.expert > 1 else "")
        + (f", ZeRO-{plan.zero_stage}" if plan.zero_stage else "")
    )
    memory = Reason.of(
        "est.plan-memory",
        layout=layout,
        weights=b.weights / gib,
        gradients=b.gradients / gib,
        optimizer=b.optimizer_states / gib,
        activations=b.activations / gib,
        overhead=b.runtime_overhead / gib,
        gib=b.total / gib,
        usable=usable / gib,
        free=HARD_HEADROOM,
        fits=plan.fits,
    )
    mfu = None
    if base.training_flops and base.peak_tflops and plan.compute_phase_utilisation is not None:
        mfu = Reason.of(
            "est.plan-mfu",
            mfu=mfu_said(base.training_flops, plan.gpus, base.peak_tflops, plan.wall_hours),
            utilisation=plan.compute_phase_utilisation,
            less=1 - plan.gemm_split_share if plan.gemm_split_share < 0.995 else None,
            ways=plan.tensor * plan.context,
            scaling=plan.scaling_efficiency,
        )
    time = Reason.of(
        "est.plan-time",
        compute=plan.compute_s,
        tensor=plan.tensor_s,
        pipeline=plan.pipeline_s,
        data=plan.data_s,
        **({"expert": plan.expert_s} if plan.expert > 1 else {}),
        restarts=plan.restarts_s,
        step=plan.step_s,
        steps=plan.steps,
        m_tokens=plan.step_tokens / 1e6,
        hours=plan.wall_hours,
        gpus=plan.gpus,
        gpu_hours=plan.wall_hours * plan.gpus,
        scaling=plan.scaling_efficiency,
        mfu=mfu,
    )
    own = tuple(_runner_named(step, plan, base) for step in base.steps if step.topic not in _RANK_STEPS)
    return (
        *own,
        Step(topic="parallel", text=plan.why, said=plan.why_said),
        Step(topic="time", text=english(time), said=time),
        Step(topic="total", text=english(memory), said=memory),
    )


def _runner_named(step: Step, plan: ParallelPlan, base: EstimateResult) -> Step:
    """The optimizer step names what runs the layout (frameworks.layout_runner, as the launch command does): a
    Megatron-LM pretraining plan read 'optimizer: adamw under transformers', the framework of one GPU's estimate. The
    step's code (est.optimizer) carries the runner as a field: it is replaced there, and the text rendered again."""
    runner = layout_runner(
        str(base.workload.get("kind")), plan.tensor, plan.pipeline, plan.context, plan.nodes, plan.expert
    )
    said = step.said
    if (
        step.topic != "optimizer"
        or runner is None
        or said is None
        or said.code != "est.optimizer"
        or not said.fields.get("optimizer")
    ):
        return step
    named = Reason.of(said.code, **{**said.fields, "runner": runner_with_sharding(runner, plan.zero_stage)})
    return Step(topic=step.topic, text=english(named), said=named)


def plan_estimate(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    nodes: int,
    gpus_per_node: int,
    inter: Link | None = None,
    exact_weight_bytes: int | None = None,
    cal: Calibration = CAL,
    intra: Link | None = None,
) -> tuple[ParallelPlan | None, EstimateResult]:
    """A training estimate on `nodes` x `gpus_per_node` GPUs under the best parallel layout (None when none fits); the
    GPUs of a node talk over `intra` (default: collectives.intra_node_link, a build's own slots and bridges otherwise).
    Memoised by value: a plan's cluster sizing, its relaxations, its time/cost curve and the rentals matched to each
    point ask for the same layouts again (the constants `cal` by identity, kept with the entry)."""
    key = (id(model), workload, id(gpu), nodes, gpus_per_node, inter, exact_weight_bytes, id(cal), intra)
    return remember(
        scoped("plan_estimate", cal, CAL),
        key,
        (model, gpu, cal),
        lambda: _plan_estimate(model, workload, gpu, nodes, gpus_per_node, inter, exact_weight_bytes, cal, intra),
    )


def _plan_estimate(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    nodes: int,
    gpus_per_node: int,
    inter: Link | None,
    exact_weight_bytes: int | None,
    cal: Calibration,
    intra: Link | None = None,
) -> tuple[ParallelPlan | None, EstimateResult]:
    plan = plan_training(
        model, workload, gpu, nodes, gpus_per_node, inter, intra, exact_weight_bytes=exact_weight_bytes, cal=cal
    )
    if plan is None:
        return None, sharded_estimate(model, workload, gpu, nodes * gpus_per_node, exact_weight_bytes, cal)
    megatron = _on_megatron(workload, plan.tensor, plan.pipeline, plan.context, nodes, plan.expert)
    wl = _megatron_workload(workload, megatron).model_copy(
        update={"zero": plan.zero_stage or 0, "grad_checkpointing": plan.grad_checkpointing}
    )
    base = sharded_estimate(model, wl, gpu, plan.data, exact_weight_bytes, cal)
    return plan, training_result(plan, base)


# --------------------------------------------------------------------------- inference across nodes


@dataclass(frozen=True)
class InferenceLayout:
    tensor: int
    pipeline: int
    why: str
    why_said: Reason | None = None  # `why` as a code (est.layout-inference), in the reader's language

    def to_json(self) -> ParallelismJson:
        return {
            "data": 1,
            "tensor": self.tensor,
            "pipeline": self.pipeline,
            "zero_stage": None,
            "scaling_efficiency": 1.0,
            "why": self.why,
        }


def plan_inference(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    nodes: int,
    gpus_per_node: int,
    inter: Link,
    exact_weight_bytes: int | None = None,
    cal: Calibration = CAL,
) -> tuple[InferenceLayout, EstimateResult]:
    """Tensor parallel within a node, pipeline parallel across nodes (vLLM's multi-node recipe: tensor_parallel_size =
    GPUs per node, pipeline_parallel_size = nodes). Memory: the one-node tensor-parallel estimate with 1/nodes of the
    layers; decode: the same per-token work done stage after stage, plus one inter-node hop per stage."""
    wl = workload.model_copy(update={"split": "tensor"})
    one_node = estimate(model, wl, gpu, gpus_per_node, exact_weight_bytes=exact_weight_bytes, cal=cal)
    b = one_node.peak_gpu.breakdown
    per = MemoryBreakdown(
        weights=b.weights // nodes,
        kv_cache=b.kv_cache // nodes,
        activations=b.activations,
        runtime_overhead=b.runtime_overhead,
    )
    usable = one_node.peak_gpu.usable_bytes or int(gpu.memory_gib * GIB)
    memories = tuple(
        GpuMemory(index=i, breakdown=per, capacity_bytes=one_node.peak_gpu.capacity_bytes, usable_bytes=usable)
        for i in range(gpus_per_node)
    )
    tps = one_node.decode_tokens_per_s
    hop = (nodes - 1) * (2 * model.hidden_size * 2 / (inter.busbw_gbs * 1e9) + 2 * inter.hop_s)
    if tps:
        tps = 1 / (1 / tps + hop)
    said = Reason.of(
        "est.layout-inference", tp=gpus_per_node, intra=intra_node_link(gpu).name, pp=nodes, inter=inter.name
    )
    layout = InferenceLayout(gpus_per_node, nodes, english(said), said)
    result = one_node.model_copy(
        update={
            "gpus": gpus_per_node * nodes,
            "per_gpu": memories,
            "fits": per.total <= usable,
            "split": "tensor+pipeline",
            "decode_tokens_per_s": tps,
            "aggregate_tokens_per_s": None if tps is None else tps * workload.batch,
            "assumptions": (*one_node.assumptions, f"parallelism: {layout.why}"),
        }
    )
    return layout, result
