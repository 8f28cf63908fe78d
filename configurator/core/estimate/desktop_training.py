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
RTX 3090 (71 TFLOPS over 936 GB/s, 76 FLOP per byte: NVIDIA GA102 whitepaper) with FlashAttention, at the width and on
the stack of the rows the CUDA figure is fitted on (REFERENCE_HIDDEN: Llama 3.1 8B, hidden 4096, torch.compile); another
job's is base x f(its card's FLOP/byte, its hidden size, its element-wise traffic, its attention) / f(that reference). Before 2026-12-04 the reference was taken at the job's own
hidden size and element-wise traffic, so a 1.1B model trained eagerly got the fitted 8B compiled figure unchanged (74 %
on an RTX 2080 Ti, beside a note that smaller models do worse).
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.support.facts import training_tflops

GA102_WHITEPAPER = "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf"
REFERENCE_CARD = "NVIDIA GeForce RTX 3090"
REFERENCE_TFLOPS = 71.0  # dense bf16 with FP32 accumulate (GA102_WHITEPAPER)
REFERENCE_BANDWIDTH_GBPS = 936.0  # GA102_WHITEPAPER
REFERENCE_FLOPS_PER_BYTE = REFERENCE_TFLOPS * 1e12 / (REFERENCE_BANDWIDTH_GBPS * 1e9)
REFERENCE_HIDDEN = 4096
"""The hidden size of the model the CUDA figure is fitted on (TRAINING_FACTS "fit" rows: Llama 3.1 8B, hidden_size 4096
in meta-llama/Llama-3.1-8B config.json), whose runs had torch.compile (fused element-wise kernels): the consumer
figure is that model's on that stack, and a narrower or eager job keeps less of it (its element-wise traffic is a
larger share of its step)."""

# Vendors whose PyTorch training step materialises the attention scores (no fused attention backward), with why.
# Intel XPU: the oneDNN SDPA kernel is forward-only: "Backward or grad to be supported" (intel/torch-xpu-ops #1749, June
# 2025); "flash attn not support tensor with require_grad=True" (#2489, PyTorch 2.10 nightly, December 2025); a QLoRA
# SFT step's SDPA peaks at 1.66 GB on XPU against 0.23 GB on CUDA for a 2048-token Llama 3.1 8B sequence, the full
# 32 x 2048 x 2048 score tensor (#2390). oneDNN merged fused SDPA training in 2026 (uxlfoundation/oneDNN PR #4498); a
# PyTorch release that calls it changes this fact. AMD ROCm runs FlashAttention (support_facts.py: composable_kernel and
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
    reference_elementwise_bytes: float | None = None,
) -> float:
    """The consumer utilisation `base` (set at the RTX 3090 with FlashAttention, at REFERENCE_HIDDEN on a fused stack
    whose element-wise bytes per hidden unit are `reference_elementwise_bytes`, default `elementwise_bytes`) moved to
    this job: base x f(gpu, `model`'s hidden size, `elementwise_bytes`, its attention at sequence `seq`) / f(RTX 3090,
    REFERENCE_HIDDEN, the reference stack). A wider model keeps slightly more (Answer.AI's Yi 34B QLoRA on two RTX 4090,
    tests/core/test_sharded_training.py, reads 27 % slow when it is held to the 4096-wide share)."""
    rate = training_tflops(gpu, "bf16") * 1e12
    if rate <= 0 or gpu.memory_bandwidth_gbps <= 0:
        return base
    own_fpb = rate / (gpu.memory_bandwidth_gbps * 1e9)
    heads_seq = float(model.num_attention_heads * max(1, seq))
    scores = heads_seq if materialises_scores(gpu, flash_attention) else 0.0
    own = gemm_time_share(model.hidden_size, own_fpb, elementwise_bytes, score_bytes, scores)
    reference_bytes = elementwise_bytes if reference_elementwise_bytes is None else reference_elementwise_bytes
    reference = gemm_time_share(REFERENCE_HIDDEN, REFERENCE_FLOPS_PER_BYTE, reference_bytes, score_bytes, 0.0)
    return base * own / reference


# --------------------------------------------------------------------------- sourced utilisation per backend

# The PyTorch training backend of each vendor's desktop cards: CUDA, ROCm/HIP (AMD, torch's "cuda" device on HIP) and
# XPU (Intel, torch.xpu since PyTorch 2.5).
TRAINING_BACKEND: dict[str, str] = {"nvidia": "cuda", "amd": "rocm", "intel": "xpu"}

TORCHTUNE_README = "https://github.com/pytorch/torchtune/blob/0031bfb080bd35ec533c412df883cf2bf7bf7fe4/README.md"
"""torchtune's README "Memory and training speed" table (the revision with the "Update September 25, 2024" note):
Llama 3.1 8B, "batch size 2 (without gradient accumulation), a dataset packed to sequence length 2048, and torch compile
enabled", tokens/s "measured over one full training epoch", PyTorch stable of September 2024 (2.4)."""


RDNA3_TRAINING_TESTS = "https://github.com/AUGMXNT/rdna3-training-tests/tree/38df683d400b7fe58b8e4ae2032185fd3d30608d"
"""Leonard Lin (lhl), "rdna3-training-tests", 2024-02-18: one LLaMA-Factory script (`src/train_bash.py --stage pt
--dataset wiki_demo --finetuning_type lora --lora_target q_proj,v_proj --per_device_train_batch_size 4
--gradient_accumulation_steps 4 --num_train_epochs 3.0 --fp16`, TinyLlama-1.1B-Chat-v1.0, transformers 4.37.2) run on
an RX 7900 XTX (ROCm), an RTX 3090 and an RTX 4090 the same day; `train_samples_per_second` from the HF Trainer's
metrics (7900xtx-results.txt, 3090-results.txt, 4090-results.txt; the 4090 LoRA run's only figure is the README's
305 s for the same 4,368 samples). Each sample is 1,024 tokens: `--stage pt` packs the corpus into blocks of
LLaMA-Factory's default `cutoff_len` (1024), and the logged `total_flos` 2.7774e16 = 6 x 1.0345e9 non-embedding
parameters x 4.47e6 tokens = 4,368 samples x 1,024 (HF `floating_point_ops`). Gradient checkpointing on
(LLaMA-Factory's `disable_gradient_checkpointing` defaults to False); no `--flash_attn` (the flag is commented out)."""
LLAMA_FACTORY = "LLaMA-Factory (HF Trainer, eager, fp16), February 2024"


@dataclass(frozen=True)
class TrainingFact:
    """A published single-card fine-tuning throughput on one backend and card: the rows the desktop utilisation of
    that backend is fitted on (`role` "fit") or only scored against ("holdout"). The rows themselves, with the
    workload each measured, live in tests/data/*_training_gpu_hours.toml; this is the record of which exist."""

    backend: str
    card: str  # catalog id
    family: str  # the card's catalog `architecture`: what a non-CUDA fit is sourced for (SOURCED_TRAINING_FAMILIES)
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
        "cuda",
        "rtx-4090",
        "Ada Lovelace",
        "llama-3.1-8b",
        "lora",
        2,
        2048,
        3083.0,
        "fit",
        TORCHTUNE_README,
        "torchtune, compiled",
    ),
    TrainingFact(
        "cuda",
        "rtx-4090",
        "Ada Lovelace",
        "llama-3.1-8b",
        "full",
        2,
        2048,
        1650.0,
        "fit",
        TORCHTUNE_README,
        "torchtune, compiled",
    ),
    # Held out (not fitted): the QLoRA row (the estimator's NF4 dequantisation share is not fitted on it) and the RTX
    # A6000 rows (a workstation GA102 with full-rate FP32 accumulate: the per-card transfer is tested on them).
    TrainingFact(
        "cuda",
        "rtx-4090",
        "Ada Lovelace",
        "llama-3.1-8b",
        "qlora",
        2,
        2048,
        2413.0,
        "holdout",
        TORCHTUNE_README,
        "torchtune",
    ),
    TrainingFact(
        "cuda", "rtx-a6000", "Ampere", "llama-3.1-8b", "lora", 2, 2048, 4699.0, "holdout", TORCHTUNE_README, "torchtune"
    ),
    TrainingFact(
        "cuda", "rtx-a6000", "Ampere", "llama-3.1-8b", "full", 2, 2048, 2579.0, "holdout", TORCHTUNE_README, "torchtune"
    ),
    # ROCm on RDNA 3, read against CUDA on the same job (RDNA3_TRAINING_TESTS): the RX 7900 XTX LoRA row is the fit of
    # Calibration.default_mfu_consumer_rocm, paired with the RTX 3090 LoRA row of the same script ("pair": the CUDA
    # side the ROCm share is read against, not a fit of the CUDA figure); QLoRA on both cards and both RTX 4090 rows
    # are held out. Tokens/s = train_samples_per_second x 1,024 (RDNA3_TRAINING_TESTS says why 1,024).
    TrainingFact(
        "rocm",
        "rx-7900-xtx",
        "RDNA 3",
        "tinyllama-1.1b",
        "lora",
        4,
        1024,
        5044.0,
        "fit",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
    TrainingFact(
        "cuda",
        "rtx-3090",
        "Ampere",
        "tinyllama-1.1b",
        "lora",
        4,
        1024,
        6334.0,
        "pair",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
    TrainingFact(
        "rocm",
        "rx-7900-xtx",
        "RDNA 3",
        "tinyllama-1.1b",
        "qlora",
        4,
        1024,
        5037.0,
        "holdout",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
    TrainingFact(
        "cuda",
        "rtx-3090",
        "Ampere",
        "tinyllama-1.1b",
        "qlora",
        4,
        1024,
        6232.0,
        "holdout",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
    TrainingFact(
        "cuda",
        "rtx-4090",
        "Ada Lovelace",
        "tinyllama-1.1b",
        "lora",
        4,
        1024,
        14665.0,
        "holdout",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
    TrainingFact(
        "cuda",
        "rtx-4090",
        "Ada Lovelace",
        "tinyllama-1.1b",
        "qlora",
        4,
        1024,
        14534.0,
        "holdout",
        RDNA3_TRAINING_TESTS,
        LLAMA_FACTORY,
    ),
)
"""ROCm is sourced for RDNA 3 only (one job, RDNA3_TRAINING_TESTS); RDNA 4 (RX 9070 XT) and XPU (Arc A770, B580) have no
row: no published, dated LLM fine-tuning throughput with its batch and sequence was found for them in the stored
corpora searched on 2026-12-03 (issues, pages, docs, code: torchtune, axolotl, LLaMA-Factory, unsloth, IPEX-LLM, the
ROCm docs; IPEX-LLM's tutorial QLoRA log on an Arc GPU, intel/ipex-llm-tutorial PR #50, gives samples/s of unpadded
Alpaca prompts, whose tokens per sample it does not state). A June 2024 comparison of torchtune, axolotl and unsloth on
an RTX 4090, RTX 3090 and W7900 exists (wandb.ai/augmxnt/train-bench, Llama 3 8B LoRA r=8), but its figures sit in an
interactive report whose numbers the stored copy does not hold. Those families keep the prior estimate
(Calibration.default_mfu_consumer) and stay unsourced: their builds claim neither "fastest" nor "best value"
(ranking.unsourced_training_speed)."""

SOURCED_TRAINING_BACKENDS: frozenset[str] = frozenset(f.backend for f in TRAINING_FACTS if f.role == "fit")
# CUDA's figure is taken for every NVIDIA card (its transfer per card is what the holdout rows test); another backend's
# only for the GPU families its fit rows ran on.
SOURCED_TRAINING_FAMILIES: frozenset[tuple[str, str]] = frozenset(
    (f.backend, f.family) for f in TRAINING_FACTS if f.role == "fit"
)


def training_backend(gpu: Gpu) -> str:
    return TRAINING_BACKEND.get(str(gpu.vendor), "cuda")


def utilisation_sourced(vendor: str, family: str | None = None) -> bool:
    """Whether the desktop training utilisation for this vendor's backend (and, off CUDA, this GPU family: the
    catalog's `architecture`) is fitted on a published measurement."""
    backend = TRAINING_BACKEND.get(vendor, "cuda")
    if backend == "cuda":
        return backend in SOURCED_TRAINING_BACKENDS
    return (backend, family or "") in SOURCED_TRAINING_FAMILIES
