"""llama.cpp with weights in system RAM: layer offload (-ngl), MoE expert offload (--n-cpu-moe), CPU only."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import PlacementJson
from configurator.core.estimate import estimator as _est
from configurator.core.estimate.backends import llamacpp_backend
from configurator.core.estimate.cards import as_gpus
from configurator.core.estimate.estimator import (
    CAL,
    GIB,
    Calibration,
    _bw_efficiency,
    _fixed_overhead,
    _inference_activations,
    _layer_assignment,
    attention_score_seconds,
    device_side_experts,
    experts_touched,
    explained,
    llamacpp_prefill_tflops,
    moe_expert_efficiency,
    stepped,
)
from configurator.core.estimate.host import (
    CPU_COMPUTE_EFFICIENCY,
    CPU_LAYER_OVERHEAD_S,
    HYBRID_LAYER_SYNC_S,
    HostMemory,
    host_copy_gbps,
)
from configurator.core.estimate.kv import kv_cache_bytes
from configurator.core.estimate.moe_layers import moe_layers
from configurator.core.estimate.params import ParamCounts, count_params
from configurator.core.estimate.precision import KV_BYTES, weight_format
from configurator.core.estimate.ranges import OFFLOAD
from configurator.core.estimate.result import EstimateResult, GpuMemory, MemoryBreakdown, Step
from configurator.core.estimate.slow_prefill import slow_prefill_warning
from configurator.core.estimate.weights import weight_bytes
from configurator.core.estimate.workload import Workload
from configurator.core.rules.compat import host_ram_needed as host_ram_needed  # RAM-3's arithmetic, in the rulebook

GPU_FILL = 0.98  # leave 2 % of VRAM for the driver, as the estimator's own offload does

EXPERTS_IN_RAM_UBATCH = CAL.llamacpp_ubatch_experts_in_ram
"""llama.cpp's micro-batch for a prompt when the MoE experts sit in RAM (`-b 4096 -ub 4096` in the launch command).
llama.cpp computes a micro-batch of 32 tokens or more on the card, copying the RAM-resident experts over PCIe once per
micro-batch (ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu `ggml_backend_cuda_device_offload_op`:
`get_op_batch_size(op) >= op_offload_min_batch_size`, 32 unless GGML_OP_OFFLOAD_MIN_BATCH; MUL_MAT_ID's batch is its
token count; commit 00108827, read 2026-12-03), so the prompt rate grows with the micro-batch until the card's compute
binds. Practitioners raise it: gpt-oss-120b on one RTX 3090 with --n-cpu-moe 26 prefills 380 tok/s at the default
-ub 512 and 1,682 at -ub 4096 (r/LocalLLaMA, 2026-05-12, as quoted by bittide.aicompass.dev article
c9df2d89-8522-46ec-aa3f-fc1aed5b17d3; tests/data/fit_offload.toml); ubergarm's DeepSeek and Kimi GGUF cards run
`-ub 4096 -b 4096` with the experts on the CPU. The larger compute buffer is counted in the card's memory."""


def experts_cal(model: ModelArch, workload: Workload, gpu: Gpu | None, gpus: int, cal: Calibration) -> Calibration:
    """The constants of a job whose MoE experts may go to RAM (--offload cpu, --cpu-experts or --n-cpu-moe on a card):
    llama.cpp's micro-batch raised to `cal.llamacpp_ubatch_experts_in_ram`; `cal` itself for any other job."""
    wants = workload.offload == "cpu" or workload.cpu_experts or workload.n_cpu_moe is not None
    if model.moe is None or gpu is None or gpus == 0 or not wants:
        return cal
    if cal.llamacpp_ubatch_experts_in_ram == cal.llamacpp_ubatch:
        return cal
    return dataclasses.replace(cal, llamacpp_ubatch=cal.llamacpp_ubatch_experts_in_ram)


@dataclass(frozen=True)
class Placement:
    """Where llama.cpp puts each layer: the last `gpu_layers` on the GPUs, the experts of the first
    `cpu_moe_layers` layers in RAM (llama.cpp `-ngl` and `--n-cpu-moe`, common/arg.cpp)."""

    gpu_layers: int
    cpu_moe_layers: int
    layers_per_gpu: tuple[int, ...]
    head_on_gpu: bool


@dataclass(frozen=True)
class _Sizes:
    emb: float
    head: float
    dense: float  # per layer: attention, norms, dense or shared MLP
    experts: float  # per MoE layer, all routed experts
    active: float  # per MoE layer, the routed experts' bytes one step touches (the union over its sequences)
    one: float  # per MoE layer, the routed experts' bytes one token multiplies (its own top-k)
    kv: float  # per layer, the whole context
    kv_read: float  # per layer, read per step (context fills as it goes: half on average)
    moe: tuple[bool, ...]
    state: float = 0.0  # per recurrent layer, its fixed state read and written back per step
    recurrent: tuple[bool, ...] = ()  # the layers that keep such a state (Gated DeltaNet, KDA, Mamba-2)


def _sizes(model: ModelArch, workload: Workload, scale: float) -> _Sizes:
    counts = count_params(model)
    emb, head, blocks, experts, _active = weight_bytes(counts, workload.precision or "bf16", scale, model, "llama.cpp")
    flags = tuple(moe_layers(model))
    n_moe = max(1, sum(flags))
    layers = model.num_layers
    frac = 1.0
    if model.moe is not None:
        e, k = model.moe.num_experts, model.moe.experts_per_token
        frac = 1 - (1 - k / e) ** workload.batch  # distinct experts touched by `batch` tokens, uniform routing
    context = workload.context or 4096
    kv_elem = KV_BYTES[workload.kv_precision]
    kv = kv_cache_bytes(model, context, workload.batch, kv_elem, "llama.cpp")
    kv_read = kv_cache_bytes(model, max(1, context // 2), workload.batch, kv_elem, "llama.cpp")
    recurrent = _recurrent_layers(model)
    return _Sizes(
        emb=emb,
        head=head if head else emb,
        dense=(blocks - experts) / layers,
        experts=experts / n_moe,
        active=experts / n_moe * frac,
        one=experts / n_moe * (model.moe.experts_per_token / model.moe.num_experts if model.moe is not None else 1.0),
        kv=kv / layers,
        kv_read=kv_read / layers,
        moe=flags,
        state=_est.recurrent_state_traffic(model, workload.batch) / max(1, sum(recurrent)),
        recurrent=recurrent,
    )


def _recurrent_layers(model: ModelArch) -> tuple[bool, ...]:
    """Per layer, whether it keeps a fixed recurrent state (kv.recurrent_state_bytes): a Gated DeltaNet or KDA layer (the
    layers not full attention), a Nemotron-H 'M' (Mamba-2) position; its state sits on the device that runs the layer."""
    if model.mamba is not None:
        return tuple(kind == "M" for kind in model.mamba.pattern)
    if model.linear_attention is None and model.kda is None:
        return (False,) * model.num_layers
    return tuple(not model.is_full_attention_layer(i) for i in range(model.num_layers))


def gpu_memory(
    model: ModelArch, workload: Workload, placement: Placement, scale: float = 1.0, cal: Calibration = CAL
) -> list[MemoryBreakdown]:
    """Memory on each GPU for a placement (layers in order, head on the last GPU), with the constants `cal`."""
    s = _sizes(model, workload, scale)
    first_gpu_layer = model.num_layers - placement.gpu_layers
    out = []
    start = first_gpu_layer
    for i, n in enumerate(placement.layers_per_gpu):
        weights = 0.0
        for layer in range(start, start + n):
            weights += s.dense + (s.experts if s.moe[layer] and layer >= placement.cpu_moe_layers else 0.0)
        last = i == len(placement.layers_per_gpu) - 1
        if last and placement.head_on_gpu:
            weights += s.head
        act = _inference_activations(model, workload, workload.context or 4096, "llama.cpp", last, cal=cal)
        out.append(
            MemoryBreakdown(
                weights=int(weights),
                kv_cache=int(n * s.kv),
                activations=int(act),
                runtime_overhead=int(cal.overhead_llamacpp),
            )
        )
        start += n
    return out


def host_bytes(model: ModelArch, workload: Workload, placement: Placement, scale: float = 1.0) -> float:
    """System RAM the placement needs: token embeddings, CPU layers with their KV, experts kept in RAM."""
    s = _sizes(model, workload, scale)
    cpu_layers = model.num_layers - placement.gpu_layers
    total = s.emb + cpu_layers * (s.dense + s.kv) + (0.0 if placement.head_on_gpu else s.head)
    for layer in range(model.num_layers):
        if s.moe[layer] and (layer < cpu_layers or layer < placement.cpu_moe_layers):
            total += s.experts
    return total


def _placement(model: ModelArch, gpu_layers: int, cpu_moe: int, gpus: int) -> Placement:
    split = tuple(_layer_assignment(gpu_layers, gpus)) if gpus and gpu_layers else ()
    return Placement(
        gpu_layers=gpu_layers,
        cpu_moe_layers=cpu_moe,
        layers_per_gpu=split,
        head_on_gpu=bool(gpus) and gpu_layers == model.num_layers,
    )


def _filled_split(
    model: ModelArch, workload: Workload, cpu_moe: int, gpus: int, capacity: float, scale: float, cal: Calibration
) -> Placement | None:
    """All layers on `gpus` cards with the experts of the first `cpu_moe` in RAM, each card taking as many of the
    layers in order as fit within `capacity` (the last card the rest, with the output head): None if the rest does not
    fit. --n-cpu-moe N empties the first N layers of their experts, and llama.cpp's default split gives every card as
    many layers (common/arg.cpp: -ts "fraction of the model to offload to each GPU", layers in order), so the first
    card held only light layers and the last all the heavy ones: Qwen3-235B-A22B Q4_K_M on two RTX 3090s had kept
    82 layers' experts in RAM beside one card's 84, 3.7 GiB used on the first card. The launch command gives this
    split as --tensor-split, so the spare memory of every card holds experts."""
    layers = model.num_layers
    split: list[int] = []
    start = 0
    for _ in range(gpus - 1):
        n = 0
        while start + n < layers:
            trial = Placement(layers, cpu_moe, (*split, n + 1, 0), True)  # the layers so far, this card one more
            if gpu_memory(model, workload, trial, scale, cal)[len(split)].total > capacity:
                break
            n += 1
        split.append(n)
        start += n
    split.append(layers - start)
    p = Placement(gpu_layers=layers, cpu_moe_layers=cpu_moe, layers_per_gpu=tuple(split), head_on_gpu=True)
    return p if max(b.total for b in gpu_memory(model, workload, p, scale, cal)) <= capacity else None


def choose_placement(
    model: ModelArch, workload: Workload, gpu: Gpu | None, gpus: int, scale: float = 1.0, cal: Calibration = CAL
) -> Placement:
    """What llama.cpp should keep in RAM so that the rest fits the GPUs: for MoE models the experts of as few
    leading layers as possible (--n-cpu-moe), then whole layers (-ngl); explicit --cpu-layers/--cpu-experts win."""
    layers = model.num_layers
    if gpu is None or gpus == 0:
        return _placement(model, 0, layers, 0)
    if workload.n_cpu_moe is not None:  # the user's --n-cpu-moe N: experts of the first N layers in RAM
        cpu_moe = layers if workload.cpu_experts else min(workload.n_cpu_moe, layers)
        return _placement(model, layers - min(workload.cpu_layers, layers), cpu_moe, gpus)
    explicit = workload.cpu_layers or workload.cpu_experts
    if explicit or workload.offload != "cpu":
        return _placement(model, layers - min(workload.cpu_layers, layers), layers if workload.cpu_experts else 0, gpus)
    capacity = gpu.memory_gib * GIB * GPU_FILL

    def fits(p: Placement) -> bool:
        return max(b.total for b in gpu_memory(model, workload, p, scale, cal)) <= capacity

    def placed(cpu_moe: int) -> Placement | None:
        """All layers on the cards with the first `cpu_moe` layers' experts in RAM, on the even split or, on several
        cards, each one filled in turn (_filled_split) where the even split leaves one short; None if neither fits."""
        even = _placement(model, layers, cpu_moe, gpus)
        if fits(even):
            return even
        return _filled_split(model, workload, cpu_moe, gpus, capacity, scale, cal) if gpus > 1 else None

    if model.moe is not None and placed(layers) is not None:
        # GPU memory only falls as more layers' experts move to RAM, so the fewest that fit are found by bisection:
        # the answer of a scan from 0 (checked equal on every catalog MoE x 8+ GB card x 1-3 cards, 5,568 cases)
        low, high = 0, layers
        while low < high:
            mid = (low + high) // 2
            if placed(mid) is not None:
                high = mid
            else:
                low = mid + 1
        return placed(low) or _placement(model, layers, low, gpus)
    start = layers
    for g in range(start, 0, -1):
        p = _placement(model, g, layers if model.moe is not None else 0, gpus)
        if fits(p):
            return p
    return _placement(model, 0, layers, gpus)


@dataclass(frozen=True)
class _Job:
    """A llama.cpp job on a host: the resolved workload, where its layers go (`placement`) and its sizes."""

    model: ModelArch
    workload: Workload
    gpu: Gpu | None
    gpus: int
    host: HostMemory
    placement: Placement
    sizes: _Sizes
    scale: float
    cpu_only: bool
    cal: Calibration  # the constants the estimate reads

    @property
    def context(self) -> int:
        return self.workload.context or 4096

    @property
    def cpu_layers(self) -> int:
        return self.model.num_layers - self.placement.gpu_layers


@dataclass
class _Said:
    """The steps, assumptions and warnings of the estimate, in the order they are found."""

    steps: list[Step]
    assumptions: list[str] = field(default_factory=list)
    warnings: list[Reason] = field(default_factory=list)
    coded: list[Reason] = field(default_factory=list)  # the assumptions with a code (their English in `assumptions`)
    cores_bound: bool = False  # the RAM share's decode step is bound by the cores' multiplies, not the RAM's reads
    kept: bool = field(default_factory=explained)  # False inside estimator.numbers_only: nothing said is kept
    stepped: bool = field(default_factory=stepped)  # False there and inside estimator.steps_unread: no step kept

    def assume(self, said: Reason) -> None:
        if self.kept:
            self.assumptions.append(english(said))
            self.coded.append(said)

    def step(self, topic: str, said: Reason) -> None:
        """One link of the chain as a code (est.*) and its English."""
        if self.stepped:
            self.steps.append(Step(topic=topic, text=english(said), said=said))


def _exact_scale(model: ModelArch, workload: Workload, exact_weight_bytes: int | None) -> float:
    """Formula weight bytes to a file's exact ones (1 without a file)."""
    if not exact_weight_bytes:
        return 1.0
    counts = count_params(model)
    emb, head, blocks, _, _ = weight_bytes(counts, workload.precision or "bf16", model=model, engine="llama.cpp")
    return exact_weight_bytes / (emb + head + blocks)


def _explain_placement(job: _Job, ram: float, said: _Said) -> None:
    placement, layers = job.placement, job.model.num_layers
    if job.cpu_only:
        said.step("offload", Reason.of("est.cpu-only", layers=layers, gib=ram / GIB))
        return
    moe_layers = placement.cpu_moe_layers if placement.cpu_moe_layers and job.model.moe is not None else None
    # the MoE layers whose experts sit in VRAM: the GPU layers past the first `cpu_moe_layers`
    in_vram = sum(
        1 for i, moe in enumerate(job.sizes.moe) if moe and i >= max(job.cpu_layers, placement.cpu_moe_layers)
    )
    said.step(
        "offload",
        Reason.of(
            "est.placement",
            ngl=placement.gpu_layers,
            layers=layers,
            split=str(list(placement.layers_per_gpu)),
            cpu_moe=moe_layers,
            gpu_moe=in_vram if moe_layers else None,
            gib=ram / GIB,
        ),
    )


def _memory(job: _Job, said: _Said) -> tuple[tuple[GpuMemory, ...], bool | None, float, int]:
    """(memory per GPU, whether the job fits the GPUs and the host, RAM in bytes, bytes offloaded to RAM)."""
    model, workload, gpu, host = job.model, job.workload, job.gpu, job.host
    per_gpu = [] if job.cpu_only else gpu_memory(model, workload, job.placement, job.scale, job.cal)
    ram = host_bytes(model, workload, job.placement, job.scale)
    if job.cpu_only:
        ram += _inference_activations(model, workload, job.context, "llama.cpp", True, cal=job.cal)
    offloaded = int(ram - job.sizes.emb) if not job.cpu_only else int(ram)
    _explain_placement(job, ram, said)
    capacity = int(gpu.memory_gib * GIB) if gpu is not None and not job.cpu_only else None
    memories = tuple(
        GpuMemory(index=i, breakdown=b, capacity_bytes=capacity, usable_bytes=capacity) for i, b in enumerate(per_gpu)
    ) or (GpuMemory(index=0, breakdown=MemoryBreakdown()),)
    fits: bool | None = None if capacity is None else max(m.total for m in memories) <= capacity
    host_ok = host.capacity_bytes is None or host_ram_needed(ram, training=False) <= host.capacity_bytes
    if not host_ok:
        said.warnings.append(
            Reason.of(
                "warn.host-ram",
                ram=ram / GIB,
                need=host_ram_needed(ram, training=False) / GIB,
                has=(host.capacity_bytes or 0) / GIB,
            )
        )
        fits = False
    elif job.cpu_only and host.capacity_bytes is not None:
        fits = True
    return memories, fits, ram, offloaded


@dataclass(frozen=True)
class _TokenReads:
    """What one decode step reads on the GPUs and in RAM, and the layers whose work the CPU does."""

    gpu_bytes: float
    cpu_bytes: float
    cpu_token_bytes: float  # of cpu_bytes, what one sequence's token multiplies: its own experts and cache
    cpu_work_layers: int
    hybrid_layers: int  # attention on the GPU, experts on the CPU: two device crossings per token
    cpu_token_experts: float = 0.0  # of cpu_token_bytes, the token's own routed experts


def _card_expert_read(job: _Job) -> tuple[float, float]:
    """(share of the card's stream rate, fixed bytes per MoE layer) at which the experts kept on the card are read:
    the all-on-GPU decode's own rule (estimator._weights_read: moe_expert_efficiency with the card's llama.cpp backend,
    plus the fixed cost per touched expert where llama.cpp picks them on the device, CUDA since
    LLAMACPP_CUDA_MOE_GRAPHS_SINCE, Vulkan). Round 44: the on-card experts of a partial offload (--n-cpu-moe N) had
    read at bw_eff_moe_experts (0.60, llama.cpp's CUDA builds of December 2023, experts picked on the host), where
    the same experts with none in RAM read at today's device-side share (1.0 and 2.5 MB each)."""
    model, gpu, cal = job.model, job.gpu, job.cal
    if model.moe is None or gpu is None:
        return cal.bw_eff_moe_experts, 0.0
    quantized = (job.workload.precision or "bf16") not in ("fp32", "bf16", "fp16")
    backend = llamacpp_backend(gpu, cal.llamacpp_backend) if quantized else None
    touched, per_expert = experts_touched(
        model.moe.num_experts, model.moe.experts_per_token, max(1, job.workload.batch), cal=cal
    )
    share = moe_expert_efficiency(per_expert, "llama.cpp", backend, cal=cal)
    fixed = cal.moe_expert_fixed_bytes * touched if device_side_experts("llama.cpp", backend, cal=cal) else 0.0
    return share, fixed


def _token_reads(job: _Job) -> _TokenReads:
    s, placement = job.sizes, job.placement
    gpu_bytes = cpu_bytes = cpu_token_bytes = cpu_token_experts = 0.0
    cpu_work_layers = 0
    batch = max(1, job.workload.batch)
    card_share, card_fixed = _card_expert_read(job)
    hybrid_layers = 0
    for layer in range(job.model.num_layers):
        on_gpu = layer >= job.cpu_layers
        experts_here = s.active if s.moe[layer] else 0.0
        experts_on_cpu = s.moe[layer] and (not on_gpu or layer < placement.cpu_moe_layers)
        cache = s.kv_read + (s.state if s.recurrent[layer] else 0.0)
        if on_gpu:
            gpu_bytes += s.dense + cache
            if experts_here and not experts_on_cpu:
                gpu_bytes += experts_here / card_share + card_fixed
        else:
            cpu_bytes += s.dense + cache
            cpu_token_bytes += s.dense + cache / batch
        if experts_on_cpu:
            cpu_bytes += experts_here
            cpu_token_bytes += s.one
            cpu_token_experts += s.one
        if not on_gpu or experts_on_cpu:
            cpu_work_layers += 1
        if on_gpu and experts_on_cpu and not job.cpu_only:
            hybrid_layers += 1
    if placement.head_on_gpu:
        gpu_bytes += s.head
    else:
        cpu_bytes += s.head
        cpu_token_bytes += s.head
    return _TokenReads(gpu_bytes, cpu_bytes, cpu_token_bytes, cpu_work_layers, hybrid_layers, cpu_token_experts)


def _gpu_step(job: _Job, gpu_bytes: float, said: _Said) -> float:
    """Seconds of a decode step's GPU share (0 with no layers on a GPU)."""
    gpu, placement = job.gpu, job.placement
    if job.cpu_only or gpu is None or not placement.gpu_layers:
        return 0.0
    eff = _bw_efficiency("llama.cpp", job.workload.precision or "bf16", gpu, cal=job.cal)
    step_gpu = (
        gpu_bytes / (eff * gpu.memory_bandwidth_gbps * 1e9)
        + _fixed_overhead(
            "llama.cpp",
            gpu,
            placement.gpu_layers,
            gpus=job.gpus,
            cal=job.cal,
            linear_layers=_est.linear_attention_layers(job.model, placement.gpu_layers),
        )
        + (job.gpus - 1) * job.cal.layer_split_hop_s
    )
    said.step(
        "decode",
        Reason.of("est.gpu-share", gib=gpu_bytes / GIB, share=eff, gbps=gpu.memory_bandwidth_gbps, ms=step_gpu * 1e3),
    )
    return step_gpu


def _cpu_step(job: _Job, reads: _TokenReads, said: _Said) -> float:
    """Seconds of a decode step's RAM share: the slower of its reads and the cores' multiplies, plus per-layer costs."""
    host = job.host
    fmt = weight_format(job.workload.precision or "bf16", "llama.cpp")
    # the weights one token multiplies: its own experts, not the union a step of many sequences reads (counting the
    # union once per sequence had timed Qwen3-235B's 32 users with the experts in an EPYC's RAM at 27.5 s a step);
    # each part at its own bits: the experts of a format that stores them apart (gpt-oss's MXFP4, Kimi K2.5's INT4 as
    # Q4_0) at theirs, where the rest's 8.5 had halved the cores' work on them
    rest = reads.cpu_token_bytes - reads.cpu_token_experts
    cpu_params = reads.cpu_token_experts / max(fmt.bulk_bits / 8, 1e-9) + rest / max(fmt.bits_per_weight / 8, 1e-9)
    mem_cpu = reads.cpu_bytes / (host.effective_gbps * 1e9)
    comp_cpu = cores = 0.0
    if host.cpu_tflops:
        comp_cpu = job.workload.batch * 2 * cpu_params / (host.cpu_tflops * 1e12 * CPU_COMPUTE_EFFICIENCY)
    if host.core_ghz:  # one token's matrix-vector products at the cores' decode rate (host.py)
        cores = 2 * cpu_params / (host.core_ghz * 1e9 * host.decode_per_cycle)
    binds = cores > max(mem_cpu, comp_cpu)
    said.cores_bound = binds  # a number's fact, kept inside numbers_only too: a build's why reads it
    step_cpu = (
        max(mem_cpu, comp_cpu, cores)
        + reads.cpu_work_layers * CPU_LAYER_OVERHEAD_S
        + reads.hybrid_layers * HYBRID_LAYER_SYNC_S
    )
    said.step(
        "decode",
        Reason.of(
            "est.ram-share",
            gib=reads.cpu_bytes / GIB,
            gbps=host.effective_gbps,
            layers=reads.cpu_work_layers,
            layer_us=CPU_LAYER_OVERHEAD_S * 1e6,
            trips=reads.hybrid_layers or None,
            trip_us=HYBRID_LAYER_SYNC_S * 1e6,
            gflop=2 * cpu_params / 1e9 if binds else None,
            per_cycle=host.decode_per_cycle if binds else None,
            core_ghz=host.core_ghz if binds else None,
            cores_ms=cores * 1e3 if binds else None,
            ms=step_cpu * 1e3,
        ),
    )
    return step_cpu


def _cpu_prefill(host: HostMemory, flops_per_token: float, said: _Said) -> float | None:
    """Prompt tokens/s on the CPU cores (None without their peak)."""
    if not host.cpu_tflops:
        return None
    prefill = host.cpu_tflops * 1e12 * CPU_COMPUTE_EFFICIENCY / flops_per_token
    said.step(
        "prefill",
        Reason.of(
            "est.cpu-prefill",
            gflop=flops_per_token / 1e9,
            share=CPU_COMPUTE_EFFICIENCY,
            tflops=host.cpu_tflops,
            rate=prefill,
        ),
    )
    return prefill


def _touched(model: ModelArch, ubatch: int, cal: Calibration) -> float:
    """The share of a layer's experts a micro-batch of `ubatch` prompt tokens uses (Calibration.expert_routing_share)."""
    if model.moe is None:
        return 1.0
    e, k = model.moe.num_experts, model.moe.experts_per_token
    return 1 - (1 - k / e) ** (max(1.0, cal.expert_routing_share * ubatch))


def _experts_in_ram(job: _Job) -> float:
    """Bytes of routed experts the placement keeps in RAM."""
    s, cpu_layers = job.sizes, job.cpu_layers
    kept = sum(
        1 for layer, moe in enumerate(s.moe) if moe and (layer < cpu_layers or layer < job.placement.cpu_moe_layers)
    )
    return kept * s.experts if job.model.moe is not None else 0.0


def _gpu_prefill(job: _Job, gpu: Gpu, flops_per_token: float, said: _Said) -> float:
    """Prompt tokens/s on the GPU, the RAM-resident weights copied over PCIe once per micro-batch (--op-offload)."""
    model, workload, host = job.model, job.workload, job.host
    fmt = weight_format(workload.precision or "bf16", "llama.cpp")
    sustained, how = llamacpp_prefill_tflops(
        gpu, fmt.quantized, cal=job.cal, bf16=fmt.name == "bf16", precision=workload.precision or "bf16"
    )
    eff_gpu = _bw_efficiency("llama.cpp", workload.precision or "bf16", gpu, cal=job.cal)
    rate = sustained * 1e12
    ubatch = job.cal.llamacpp_ubatch
    if ubatch > CAL.llamacpp_ubatch:  # the experts-in-RAM micro-batch: a shorter prompt is one micro-batch
        ubatch = max(1, min(ubatch, _est.prompt_tokens(workload, job.context)))
    in_ram = host_bytes(model, workload, job.placement, job.scale) - job.sizes.emb
    in_ram -= _experts_in_ram(job) * (1 - _touched(model, ubatch, job.cal))  # only the used experts are copied
    link_gen = min(gpu.pcie_gen, host.pcie_gen or gpu.pcie_gen)
    link = host_copy_gbps(link_gen, gpu.pcie_lanes, workload.host_buffer) * 1e9
    compute = ubatch * (
        flops_per_token / rate
        + attention_score_seconds(model, job.context, eff_gpu * gpu.memory_bandwidth_gbps * 1e9, cal=job.cal)
    )
    per_ubatch = compute + in_ram / link
    prefill = ubatch / per_ubatch
    said.step(
        "prefill",
        Reason.of(
            "est.offload-prefill",
            ubatch=ubatch,
            compute=compute,
            how=how,
            gib=in_ram / GIB,
            gen=link_gen,
            lanes=gpu.pcie_lanes,
            gbps=link / 1e9,
            s=per_ubatch,
            rate=prefill,
        ),
    )
    if in_ram > 0:
        said.assume(Reason.of("est.host-buffer", buffer=workload.host_buffer, gbps=link / 1e9))
    return prefill


def _prefill(job: _Job, counts: ParamCounts, said: _Said) -> float | None:
    model = job.model
    flops_per_token = (
        2 * counts.matmul_active + 2 * model.attention_layers * job.context * model.num_attention_heads * model.head_dim
    )
    if job.cpu_only or job.gpu is None:
        return _cpu_prefill(job.host, flops_per_token, said)
    return _gpu_prefill(job, job.gpu, flops_per_token, said)


def _first_token(workload: Workload, context: int, gpu: Gpu | None, prefill: float | None, said: _Said) -> float | None:
    """Seconds to the first token after the prompt waited for; past a user's attention on a card, a warning says so and
    why, as a card-only build's does (round 47: estimate.slow_prefill)."""
    if not prefill:
        return None
    prompt = _est.waited_prompt_tokens(workload, context)
    slow = slow_prefill_warning(gpu, prompt, prompt / prefill, prefill) if gpu is not None else None
    if slow is not None:
        said.warnings.append(slow)
    return prompt / prefill


def estimate_on_host(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    host: HostMemory,
    exact_weight_bytes: int | None = None,
    cal: Calibration = CAL,
) -> EstimateResult:
    """llama.cpp inference with some or all weights in system RAM (gpu None or gpus 0: CPU only), with the constants
    `cal` (the shipped ones unless given).

    Decode reads the GPU share at the GPU's bandwidth and the RAM share at `host.effective_gbps`, one after the
    other; prefill computes on the GPU and, for weights kept in RAM, copies them over PCIe once per micro-batch
    (llama.cpp offloads large-batch matmuls of host tensors to the GPU, `--op-offload`), or on the CPU cores.
    """
    gpu, gpus = as_gpus(gpu, gpus)  # cards in, GPUs estimated (estimate.cards)
    workload = workload.resolved(model.max_context)
    if workload.kind != "inference" or workload.engine != "llama.cpp":
        raise ValueError("estimate_on_host models llama.cpp inference")
    counts = count_params(model)
    scale = _exact_scale(model, workload, exact_weight_bytes)
    cpu_only = gpu is None or gpus == 0
    placement = choose_placement(model, workload, gpu, 0 if cpu_only else gpus, scale, cal)
    if not cpu_only and placement.gpu_layers == model.num_layers and not placement.cpu_moe_layers:
        return _all_on_gpu(model, workload, gpu, gpus, exact_weight_bytes, cal)
    experts = experts_cal(model, workload, gpu, 0 if cpu_only else gpus, cal)
    if experts is not cal:  # the experts in RAM: llama.cpp's larger micro-batch, its compute buffer on the card
        larger = choose_placement(model, workload, gpu, gpus, scale, experts)
        if larger.cpu_moe_layers > 0:
            cal, placement = experts, larger
    job = _Job(model, workload, gpu, gpus, host, placement, _sizes(model, workload, scale), scale, cpu_only, cal)
    cpu_layers = job.cpu_layers
    said = _Said(steps=[])
    for t in host.explanation:
        said.step("host", t)
    context = job.context
    memories, fits, ram, offloaded = _memory(job, said)
    reads = _token_reads(job)
    tps = 1.0 / (_gpu_step(job, reads.gpu_bytes, said) + _cpu_step(job, reads, said))
    prefill = _prefill(job, counts, said)
    ttft = _first_token(workload, context, None if cpu_only else gpu, prefill, said)
    _assume_serving(said, workload, host, context)
    return EstimateResult(
        model_id=model.id,
        workload=workload.model_copy(
            update={
                "cpu_layers": cpu_layers,
                "cpu_experts": placement.cpu_moe_layers >= model.num_layers and model.moe is not None,
                "n_cpu_moe": placement.cpu_moe_layers if model.moe is not None else None,
                "ram_bandwidth_gbps": host.peak_gbps,
            }
        ).to_json(),
        gpu_id=None if cpu_only or gpu is None else gpu.id,
        gpus=0 if cpu_only else gpus,
        split="cpu" if cpu_only else ("single" if gpus == 1 else "layer"),
        per_gpu=memories,
        host_ram_bytes=int(ram),
        fits=fits,
        decode_tokens_per_s=tps,
        aggregate_tokens_per_s=tps * workload.batch,
        prefill_tokens_per_s=prefill,
        time_to_first_token_s=ttft,
        context_fill_s=None if not prefill else context / prefill,  # _prefill times attention at the context's depth
        training_flops=None,
        gpu_hours=None,
        wall_hours=None,
        rate_share=None,
        params_total=counts.total,
        params_active=counts.active,
        assumptions=tuple(said.assumptions),
        assumption_codes=tuple(said.coded),
        steps=tuple(said.steps),
        warnings=tuple(said.warnings),
        host_bandwidth_gbps=host.effective_gbps,
        offloaded_bytes=offloaded,
        decode_cores_bound=said.cores_bound,
        placement=_placement_json(placement, cal),
        speed_regime=OFFLOAD,  # its figures come from the offload model and carry that regime's range (ranges.py)
    )


def _all_on_gpu(
    model: ModelArch, workload: Workload, gpu: Gpu | None, gpus: int, exact: int | None, cal: Calibration
) -> EstimateResult:
    """A placement that leaves nothing but the token-embedding table (which llama.cpp keeps in RAM anyway) for RAM:
    every layer and expert is on the cards, the run the all-on-GPU estimate times (its batched expert reuse, its
    engine's expert share). Timed by the offload model, gpt-oss-120b for 10 streams on one 96 GB RTX PRO 6000 read 30.7
    tokens/s against that estimate's 47.4 for the same `-ngl 37` run, and the plan called it "experts in RAM" on an
    8-channel EPYC (round 43)."""
    return _est.estimate(model, workload.model_copy(update={"offload": "none"}), gpu, gpus, exact, cal=cal)


def _assume_serving(said: _Said, workload: Workload, host: HostMemory, context: int) -> None:
    """What a llama.cpp estimate with weights in RAM assumes: the prompt it times, the server, the RAM's rate, NUMA."""
    if workload.prompt is None and context > _est.TYPICAL_PROMPT_TOKENS:
        said.assume(_est.typical_prompt_said(_est.TYPICAL_PROMPT_TOKENS, context))
    said.assume(Reason.of("est.serving", engine="llama.cpp", context=context, batch=workload.batch))
    said.assume(Reason.of("est.host-ram", gbps=host.effective_gbps, peak=host.peak_gbps))
    if host.sockets > 1 and not host.numa_aware:
        said.assume(Reason.of("est.numa"))


def _placement_json(placement: Placement, cal: Calibration) -> PlacementJson:
    """The estimate's `placement`, with llama.cpp's micro-batch when it is not the default (the experts in RAM)."""
    out: PlacementJson = {
        "gpu_layers": placement.gpu_layers,
        "cpu_moe_layers": placement.cpu_moe_layers,
        "layers_per_gpu": list(placement.layers_per_gpu),
        "head_on_gpu": placement.head_on_gpu,
    }
    if cal.llamacpp_ubatch != CAL.llamacpp_ubatch:
        out["ubatch"] = cal.llamacpp_ubatch
    return out
