"""Training utilisation of desktop and workstation cards: one consumer figure, moved per card by the traffic beside its
matrix multiplies (element-wise passes and, where the vendor's training stack has no fused attention, the scores).

Estimator.Calibration.default_mfu_consumer (0.35) is the share of an RTX 3090's bf16 peak a single-card PyTorch
training step keeps. It is an ESTIMATE, not a fit: the reference rows (tests/data/reference_training_gpu_hours.toml)
are all data-center runs, and the consumer-card figures published read wider than any one number: nanoGPT's GPT-2
124M on one RTX 4090 at "29% MFU" of the A100's 312 TFLOPS its script divides by (karpathy/nanoGPT issue #182), i.e.
90 TFLOPS, 55 % of the 4090's 165; a GPT-2-small-class model from scratch on one RTX 3090 at 12-20k tokens/s with AMP
(engineered.at, "training a base model from scratch on an RTX 3090"), 14-24 % at 0.86 GFLOP per token. 0.35 lies
between them and below the A100 reference's compute-only 0.57 (power-capped boost clocks, small micro-batches).

What moves it per card is physics the data-center path already prices (estimator._gemm_share, Calibration): a layer's
element-wise traffic costs h0 = bytes x (FLOP/s per byte of bandwidth) / 72 against 72 h^2 FLOPs of GEMMs, and
attention that writes its scores to memory costs 20 x heads x sequence bytes more. The consumer figure is taken at the
RTX 3090 (71 TFLOPS over 936 GB/s, 76 FLOP per byte: NVIDIA GA102 whitepaper) with FlashAttention; another card's is
0.35 x f(its FLOP/byte, its attention) / f(the 3090's), at the model's hidden size and sequence.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.support import training_tflops

GA102_WHITEPAPER = "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf"
REFERENCE_CARD = "NVIDIA GeForce RTX 3090"
REFERENCE_TFLOPS = 71.0  # dense bf16 with FP32 accumulate (GA102_WHITEPAPER)
REFERENCE_BANDWIDTH_GBPS = 936.0  # GA102_WHITEPAPER
REFERENCE_FLOPS_PER_BYTE = REFERENCE_TFLOPS * 1e12 / (REFERENCE_BANDWIDTH_GBPS * 1e9)

# Vendors whose PyTorch training step materialises the attention scores (no fused attention backward), with why.
# Intel XPU: the oneDNN SDPA kernel is forward-only: "Backward or grad to be supported" (intel/torch-xpu-ops #1749, June
# 2025); "flash attn not support tensor with require_grad=True" (#2489, PyTorch 2.10 nightly, December 2025); a QLoRA
# SFT step's SDPA peaks at 1.66 GB on XPU against 0.23 GB on CUDA for a 2048-token Llama 3.1 8B sequence, the full
# 32 x 2048 x 2048 score tensor (#2390). oneDNN merged fused SDPA training in 2026 (uxlfoundation/oneDNN PR #4498); a
# PyTorch release that calls it changes this fact. AMD ROCm runs FlashAttention (support.py: composable_kernel and
# Triton backends), so it is not listed.
MATERIALISED_ATTENTION: dict[str, str] = {
    "intel": "https://github.com/intel/torch-xpu-ops/issues/2489",
}


def gemm_time_share(
    hidden: int, flops_per_byte: float, elementwise_bytes: float, score_bytes: float, scores: float
) -> float:
    """f(h) = h / (h + h0 + s0): the share of a layer's time in its GEMMs (estimator.Calibration explains the terms);
    `scores` = heads x sequence when the scores go through memory, else 0."""
    h0 = elementwise_bytes * flops_per_byte / 72
    s0 = score_bytes * scores * flops_per_byte / (72 * hidden)
    return hidden / (hidden + h0 + s0)


def materialises_scores(gpu: Gpu, flash_attention: bool = True) -> bool:
    """Whether a training step on `gpu` writes its attention scores to memory (MATERIALISED_ATTENTION)."""
    return not flash_attention or str(gpu.vendor) in MATERIALISED_ATTENTION


def desktop_mfu(
    base: float,
    model: ModelArch,
    gpu: Gpu,
    seq: int,
    elementwise_bytes: float,
    score_bytes: float,
    flash_attention: bool = True,
) -> float:
    """The consumer utilisation `base` (set at the RTX 3090 with FlashAttention) moved to `gpu` by its FLOP/byte and
    its attention: base x f(gpu) / f(RTX 3090), at `model`'s hidden size and sequence `seq`."""
    rate = training_tflops(gpu, "bf16") * 1e12
    if rate <= 0 or gpu.memory_bandwidth_gbps <= 0:
        return base
    own_fpb = rate / (gpu.memory_bandwidth_gbps * 1e9)
    heads_seq = float(model.num_attention_heads * max(1, seq))
    own = gemm_time_share(
        model.hidden_size,
        own_fpb,
        elementwise_bytes,
        score_bytes,
        heads_seq if materialises_scores(gpu, flash_attention) else 0.0,
    )
    reference = gemm_time_share(
        model.hidden_size,
        REFERENCE_FLOPS_PER_BYTE,
        elementwise_bytes,
        score_bytes,
        0.0 if flash_attention else heads_seq,
    )
    return base * own / reference


# --------------------------------------------------------------------------- sourced utilisation per backend

# The PyTorch training backend of each vendor's desktop cards: CUDA, ROCm/HIP (AMD, torch's "cuda" device on HIP) and
# XPU (Intel, torch.xpu since PyTorch 2.5).
TRAINING_BACKEND: dict[str, str] = {"nvidia": "cuda", "amd": "rocm", "intel": "xpu"}

TORCHTUNE_README = "https://github.com/pytorch/torchtune/blob/0031bfb080bd35ec533c412df883cf2bf7bf7fe4/README.md"
"""torchtune's README "Memory and training speed" table (the revision with the "Update September 25, 2024" note):
Llama 3.1 8B, "batch size 2 (without gradient accumulation), a dataset packed to sequence length 2048, and torch compile
enabled", tokens/s "measured over one full training epoch", PyTorch stable of September 2024 (2.4)."""


@dataclass(frozen=True)
class TrainingFact:
    """A published single-card fine-tuning throughput on one backend and card: the rows the desktop utilisation of
    that backend is fitted on (`role` "fit") or only scored against ("holdout"). The rows themselves, with the
    workload each measured, live in tests/data/*_training_gpu_hours.toml; this is the record of which exist."""

    backend: str
    card: str  # catalog id
    model: str
    method: str
    batch: int
    sequence: int
    tokens_per_s: float
    role: str
    source: str
    note: str


TRAINING_FACTS: tuple[TrainingFact, ...] = (
    # | Llama 3.1 8B | LoRA | 1x 4090 | 16.2 GiB | 3083 |  and  | Full finetune | 1x 4090 | 18.9 GiB | 1650 |
    # The recipes' single-device configs keep activation checkpointing on (enable_activation_checkpointing: True in
    # llama3_1/8B_lora_single_device.yaml and 8B_full_single_device.yaml), and 16.2 GiB at 2 x 2048 tokens leaves no
    # room for un-checkpointed activations on top of 15 GiB of bf16 weights.
    TrainingFact(
        "cuda", "rtx-4090", "llama-3.1-8b", "lora", 2, 2048, 3083.0, "fit", TORCHTUNE_README, "torchtune, compiled"
    ),
    TrainingFact(
        "cuda", "rtx-4090", "llama-3.1-8b", "full", 2, 2048, 1650.0, "fit", TORCHTUNE_README, "torchtune, compiled"
    ),
    # Held out (not fitted): the QLoRA row (the estimator's NF4 dequantisation share is not fitted on it) and the RTX
    # A6000 rows (a workstation GA102 with full-rate FP32 accumulate: the per-card transfer is tested on them).
    TrainingFact(
        "cuda", "rtx-4090", "llama-3.1-8b", "qlora", 2, 2048, 2413.0, "holdout", TORCHTUNE_README, "torchtune"
    ),
    TrainingFact(
        "cuda", "rtx-a6000", "llama-3.1-8b", "lora", 2, 2048, 4699.0, "holdout", TORCHTUNE_README, "torchtune"
    ),
    TrainingFact(
        "cuda", "rtx-a6000", "llama-3.1-8b", "full", 2, 2048, 2579.0, "holdout", TORCHTUNE_README, "torchtune"
    ),
)
"""No ROCm (RDNA) or XPU (Arc) row: no published, dated LLM fine-tuning throughput with its batch and sequence was
found for an RX 7900 XTX, an Arc A770 or B580 in the stored corpora searched on 2026-12-03 (issues, pages, docs,
code: torchtune, axolotl, LLaMA-Factory, unsloth, IPEX-LLM, the ROCm docs). A June 2024 comparison of torchtune,
axolotl and unsloth on an RTX 4090, RTX 3090, RX 7900 XTX and W7900 exists (wandb.ai/augmxnt/train-bench, Llama 3 8B
LoRA r=8), but its figures sit in an interactive report whose numbers the stored copy does not hold. Those backends
keep the prior estimate (Calibration.default_mfu_consumer) and stay unsourced: their builds claim neither "fastest"
nor "best value" (ranking.unsourced_training_speed)."""

SOURCED_TRAINING_BACKENDS: frozenset[str] = frozenset(f.backend for f in TRAINING_FACTS if f.role == "fit")


def training_backend(gpu: Gpu) -> str:
    return TRAINING_BACKEND.get(str(gpu.vendor), "cuda")


def utilisation_sourced(vendor: str) -> bool:
    """Whether the desktop training utilisation for this vendor's backend is fitted on a published measurement."""
    return TRAINING_BACKEND.get(vendor, "cuda") in SOURCED_TRAINING_BACKENDS
