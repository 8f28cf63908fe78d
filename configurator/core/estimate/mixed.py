"""Inference on a mix of different GPUs in one machine: llama.cpp's layer split, or tensor parallelism.

Layer split (llama.cpp `--split-mode layer`, the default): each card holds a contiguous slice of layers with their KV
cache, and the cards work one after another for every token. `--tensor-split N0,N1,...` ("fraction of the model to
offload to each GPU, comma-separated list of proportions, e.g. 3,1", llama.cpp common/arg.cpp); without it llama.cpp
splits by each device's free memory. So layers are sized per card by its memory, and a decode step is the sum over
the cards of the time each takes for its own layers at its own bandwidth, plus the hops between cards. For one model
of card this is exactly the estimator's own layer split.

Measured: a Quadro RTX 8000 (672 GB/s) with a Tesla P40 (346 GB/s) on Qwen3-Next-80B-A3B Q4_K_M decodes 13-16 %
faster at `-ts 11,1` than at `-ts 2,1` (AIfred-Intelligence "Tensor Split Benchmark", 2026-02-19, llama.cpp v8076):
the slower card's share of the layers costs its own time (tests/core/test_mixed.py).

Tensor parallelism (vLLM): every layer ends in an all-reduce, so the group runs at its slowest rank, and every rank
holds an equal shard, so the smallest card sets what fits (club-3090 issue #766, 2026-07-26: an RTX 5090 + RTX 3090 Ti
at TP 2 decoded at 88.6 tokens/s where 2 x 3090 reach 150.9, the 5090 drawing 74 W while it waited at the barrier).
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.errors import RequestError
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.estimator import CAL, GIB, Calibration, estimate
from configurator.core.estimate.offload import Placement, gpu_memory
from configurator.core.estimate.params import count_params
from configurator.core.estimate.result import HARD_HEADROOM, EstimateResult, GpuMemory, Step
from configurator.core.estimate.weights import weight_bytes
from configurator.core.estimate.workload import Workload


def mixed_name(cards: Sequence[Gpu]) -> str:
    """'RTX 4090 + RTX 3090', '2 x RTX 3090 + RTX 4090': the cards by model, in their order."""
    groups: list[tuple[Gpu, int]] = []
    for card in cards:
        if groups and groups[-1][0].id == card.id:
            groups[-1] = (card, groups[-1][1] + 1)
        else:
            groups.append((card, 1))
    return " + ".join(f"{n} x {g.name}" if n > 1 else g.name for g, n in groups)


def split_kind(workload: Workload) -> str:
    """How a mix of cards runs the job: 'tensor' for vLLM (or a split asked as tensor), else llama.cpp's 'layer'."""
    if workload.split == "tensor" or (workload.split == "auto" and workload.engine == "vllm"):
        return "tensor"
    return "layer"


def layers_by_memory(layers: int, cards: Sequence[Gpu]) -> list[int]:
    """Layers per card in proportion to its memory (llama.cpp's split by free memory), by largest remainder."""
    total = sum(c.memory_gib for c in cards)
    exact = [layers * c.memory_gib / total for c in cards]
    out = [int(x) for x in exact]
    for i in sorted(range(len(cards)), key=lambda i: (out[i] - exact[i], i))[: layers - sum(out)]:
        out[i] += 1
    return out


def _scale(model: ModelArch, workload: Workload, exact_weight_bytes: int | None) -> float:
    if not exact_weight_bytes:
        return 1.0
    emb, head, blocks, _, _ = weight_bytes(
        count_params(model), workload.precision or "bf16", model=model, engine=workload.engine
    )
    return exact_weight_bytes / (emb + head + blocks)


def balanced_split(
    model: ModelArch, workload: Workload, cards: Sequence[Gpu], scale: float = 1.0, cal: Calibration = CAL
) -> list[int]:
    """Layers per card: by memory first; then, while a card is over its usable memory (the hard floor kept free),
    one layer at a time moves to the card with the most room (the head and the logits sit on the last card)."""
    split = layers_by_memory(model.num_layers, cards)
    usable = [c.memory_gib * GIB * (1 - HARD_HEADROOM) for c in cards]
    for _ in range(model.num_layers):
        used = [
            b.total for b in gpu_memory(model, workload, Placement(model.num_layers, 0, tuple(split), True), scale, cal)
        ]
        over = [i for i in range(len(cards)) if used[i] > usable[i] and split[i] > 0]
        if not over:
            break
        room = [usable[i] - used[i] for i in range(len(cards))]
        target = max(range(len(cards)), key=lambda i: room[i])
        if room[target] <= 0 or target == over[0]:
            break
        split[over[0]] -= 1
        split[target] += 1
    return split


def estimate_mixed(
    model: ModelArch,
    workload: Workload,
    cards: Sequence[Gpu],
    exact_weight_bytes: int | None = None,
    tensor_split: Sequence[int] | None = None,
    cal: Calibration = CAL,
) -> EstimateResult:
    """The estimate for inference on `cards` (in device order), which need not be alike, with the constants `cal`.

    Layer split: per card, the time for its layers is its share of what the estimator gives for the whole model
    split over that many of this card (so the per-layer launch costs, the missing CUDA graphs of a split and the
    attention are its own); the hops between the cards are counted once. `tensor_split`: layers per card as given
    (llama.cpp -ts in layers), instead of sized by memory. Tensor parallel: the slowest card's
    estimate at this width, each rank's shard against the smallest card's memory.
    """
    cards = list(cards)
    if len(cards) < 2:
        raise RequestError("a mix needs two or more GPUs")
    workload = workload.resolved(model.max_context)
    if workload.kind != "inference":
        raise RequestError("mixed GPUs are planned for inference only: a training job's ranks wait for the slowest")
    n = len(cards)
    names = mixed_name(cards)
    per_model = {c.id: estimate(model, workload, c, n, exact_weight_bytes=exact_weight_bytes, cal=cal) for c in cards}
    if split_kind(workload) == "tensor":
        return _tensor(per_model, cards, names)
    if (
        (workload.engine or "llama.cpp") != "llama.cpp"
        or workload.cpu_layers
        or workload.cpu_experts
        or workload.offload != "none"
    ):
        raise RequestError("a layer split over different GPUs is planned for llama.cpp with every layer on the GPUs")
    scale = _scale(model, workload, exact_weight_bytes)
    if tensor_split is not None and (len(tensor_split) != n or sum(tensor_split) != model.num_layers):
        raise RequestError(f"--tensor-split needs {n} layer counts adding up to {model.num_layers}")
    split = list(tensor_split) if tensor_split is not None else balanced_split(model, workload, cards, scale, cal)
    return _layer(model, workload, per_model, cards, split, scale, cal)


def _layer_times(
    per_model: dict[str, EstimateResult], cards: list[Gpu], split: list[int], layers: int, cal: Calibration
) -> tuple[float, float, float, float]:
    """(decode step, prefill seconds per token, time to first token, seconds to fill the whole context) of a layer
    split: each card's share of what it takes alone over every layer, the hops between the cards once."""
    n = len(cards)
    hop = cal.layer_split_hop_s
    step = (n - 1) * hop
    prefill_s = ttft = fill = 0.0
    for card, count in zip(cards, split):
        e = per_model[card.id]
        own = 1.0 / (e.decode_tokens_per_s or 1e-9) - (n - 1) * hop  # this card alone over every layer
        step += own * count / layers
        prefill_s += count / layers / (e.prefill_tokens_per_s or 1e-9)
        ttft += count / layers * (e.time_to_first_token_s or 0.0)
        fill += count / layers * (e.context_fill_s or 0.0)
    return step, prefill_s, ttft, fill


def _layer_steps(
    base: EstimateResult,
    cards: list[Gpu],
    split: list[int],
    layers: int,
    per_gpu: tuple[GpuMemory, ...],
    step: float,
    cal: Calibration,
) -> tuple[Step, ...]:
    """The single-card estimate's steps with its decode, split and total replaced by the mix's."""
    n, hop = len(cards), cal.layer_split_hop_s
    shares = tuple(
        Reason.of("est.mixed-share", card=c.name, layers=k, share=k / layers, gbps=c.memory_bandwidth_gbps)
        for c, k in zip(cards, split)
    )
    split_said = Reason.of(
        "est.mixed-layers",
        cards=mixed_name(cards),
        split=",".join(str(k) for k in split),
        shares=shares,
        hops=n - 1,
        us=hop * 1e6,
        ms=step * 1e3,
        tps=1.0 / step,
    )
    total = Reason.of(
        "est.mixed-total",
        gib=max(m.total for m in per_gpu) / GIB,
        cards=tuple(
            Reason.of("est.mixed-card", card=c.name, gib=m.total / GIB, gb=c.vram_gb) for c, m in zip(cards, per_gpu)
        ),
    )
    return tuple(s for s in base.steps if s.topic not in ("decode", "split", "total")) + (
        Step(topic="split", text=english(split_said), said=split_said),
        Step(topic="total", text=english(total), said=total),
    )


def _layer(
    model: ModelArch,
    workload: Workload,
    per_model: dict[str, EstimateResult],
    cards: list[Gpu],
    split: list[int],
    scale: float,
    cal: Calibration,
) -> EstimateResult:
    """llama.cpp's layer split over different cards, `split` layers on each."""
    layers = model.num_layers
    memory = gpu_memory(model, workload, Placement(layers, 0, tuple(split), True), scale, cal)
    step, prefill_s, ttft, fill = _layer_times(per_model, cards, split, layers, cal)
    tps = 1.0 / step
    base = per_model[cards[0].id]
    per_gpu = tuple(
        GpuMemory(index=i, breakdown=b, capacity_bytes=int(c.memory_gib * GIB), usable_bytes=int(c.memory_gib * GIB))
        for i, (b, c) in enumerate(zip(memory, cards))
    )
    fits = all(m.total <= (m.usable_bytes or 0) for m in per_gpu)
    assumed = Reason.of("est.mixed-layers-why", cards=mixed_name(cards))
    return base.model_copy(
        update={
            "per_gpu": per_gpu,
            "fits": fits,
            "split": "layer",
            "decode_tokens_per_s": tps,
            "aggregate_tokens_per_s": tps * workload.batch,
            "prefill_tokens_per_s": 1.0 / prefill_s if prefill_s else None,
            "time_to_first_token_s": ttft or None,
            "context_fill_s": fill or None,
            "steps": _layer_steps(base, cards, split, layers, per_gpu, step, cal),
            "speed_regime": None,
            "placement": {
                "gpu_layers": layers,
                "cpu_moe_layers": 0,
                "layers_per_gpu": list(split),
                "head_on_gpu": True,
                "cards": [c.id for c in cards],
            },
            "assumptions": (*base.assumptions, english(assumed)),
            "assumption_codes": (*base.assumption_codes, assumed),
        }
    )


def _tensor(per_model: dict[str, EstimateResult], cards: list[Gpu], names: str) -> EstimateResult:
    """Tensor parallel over different cards: the slowest rank sets the step, the smallest card what fits."""
    slowest = min(per_model.values(), key=lambda e: e.decode_tokens_per_s or 0.0)
    smallest = min(cards, key=lambda c: c.memory_gib)
    usable_share = (slowest.peak_gpu.usable_bytes or 0) / max(slowest.peak_gpu.capacity_bytes or 1, 1)
    per_gpu = tuple(
        GpuMemory(
            index=i,
            breakdown=m.breakdown,
            capacity_bytes=int(c.memory_gib * GIB),
            usable_bytes=int(smallest.memory_gib * GIB * usable_share),
        )
        for i, (m, c) in enumerate(zip(slowest.per_gpu, cards))
    )
    fits = all(m.total <= (m.usable_bytes or 0) for m in per_gpu)
    slow_card = next(c for c in cards if per_model[c.id] is slowest)
    said = Reason.of(
        "est.mixed-tensor",
        cards=names,
        slow=slow_card.name,
        tps=slowest.decode_tokens_per_s or 0,
        n=len(cards),
        small=smallest.name,
        gb=smallest.vram_gb,
    )
    assumed = Reason.of("est.mixed-tensor-why", cards=names)
    return slowest.model_copy(
        update={
            "per_gpu": per_gpu,
            "fits": fits,
            "steps": (*slowest.steps, Step(topic="split", text=english(said), said=said)),
            "assumptions": (*slowest.assumptions, english(assumed)),
            "assumption_codes": (*slowest.assumption_codes, assumed),
        }
    )
