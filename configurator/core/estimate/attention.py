"""Attention's own kernel rate in training: FlashAttention's measured forward + backward TFLOPS by GPU, sequence length
and head dimension, in place of the GEMMs' utilisation the rest of a step runs at.

A training step's attention (QK^T and PV, forward, backward and any recomputed forward) runs in one fused kernel whose
rate is not a GEMM's: short sequences keep its tiles' loop short, long ones make it the largest part of the step. The
estimator counts attention as 12 x layers x heads x head_dim x seq FLOPs per token (forward 4, backward 8: the
non-causal count of PaLM's appendix B and llm-foundry's MFU); FlashAttention's benchmark counts a causal forward as
half the non-causal one and its backward as 2.5 forwards (benchmarks/benchmark_flash_attention.py `flops`: 4 s^2 h d /
2 for causal, x 3.5 for forward + backward), so a causal step's kernel does 7/12 of the estimator's count, and 2/12 more
when gradient checkpointing recomputes the forward. Those kernel FLOPs run at the measured rate below.

An experiment, off in the shipped estimate: nothing reads these rates unless estimator.Calibration's
training_attention_kernel names a kernel, and it is None (`benchmarks/accuracy.py --attention-kernel=flash2` scores
with it on). Why off (train29, docs/estimates.md "Round 29 (train29)"): on, llm-foundry's MPT-7B tables follow the
measured slope with sequence length but run 26-54 % faster than the estimate at every length, so the held-out rows
inside their 80 % range fall from 48 to 41 of 66 (p90 27.6 % -> 43.2 %), and FlashAttention-2's isolated H100 rate
runs ahead of measured H100 runs (torchtitan's Llama 3.1 8B at 8K reads 23 % fast). Tests:
tests/core/test_attention_rate.py (the README's figures, off by default and on when asked, the MPT-7B slope).

Each framework's own kernel (train40): Transformer Engine (Megatron-Core, NeMo) picks cuDNN's fused attention first on
Hopper and Blackwell and flash-attention on Ampere (TRANSFORMER_ENGINE_ATTENTION); other stacks run FlashAttention-2
(framework_kernel). Calibration.training_attention_kernel = FRAMEWORK_KERNEL times every step at its framework's kernel,
TRANSFORMER_ENGINE_KERNEL only Transformer Engine steps; both measured and left off (docs/estimates.md, round 40: the
2026 cuDNN rate makes the 2024-25 Transformer Engine rows, all fitted, and NeMo 24.03's H100 sweep read faster than
measured, and the Triton-kernel MPT-7B rows stay 26-54 % slow).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.catalog.models import Gpu

FLASH_README = (
    "https://github.com/Dao-AILab/flash-attention/blob/0251105a2fb19d2957484b7f023cd8c115286ced/README.md "
    "(assets/flash2_a100_fwd_bwd_benchmark.png, flash2_h100_fwd_bwd_benchmark.png, added 2023-07-17)"
)
"""FlashAttention's README, "Performance": attention forward + backward TFLOPS on A100 80GB SXM4 and H100 80GB SXM5,
FP16/BF16, hidden 2048 (32 heads of 64 or 16 of 128), batch 16k / seqlen, read 2026-12-05 from the figures' labels
(the same figures as Dao 2023, arXiv 2307.08691, figs. 4 and 7)."""

CUDNN_SDPA_B200 = (
    "https://github.com/NVIDIA/cudnn-frontend/blob/bb37575d103b9974bc619a193dc1a96d835dc117/benchmark/"
    "sdpa_benchmark_training/artifacts/sdpa_bf16_benchmark_results_NVIDIA_B200.csv"
)
"""cuDNN frontend's SDPA training benchmark on one B200 (README @bb37575d: NGC PyTorch 25.09, PyTorch 2.9.0, cuDNN
9.13.1, FlashAttention 2.7.4, free clock; Llama 3.1 405B's attention: 128 query heads, 8 KV heads, head dim 128, causal,
BF16, batch 1, 512-131,072 tokens), read 2026-12-06. The CSV gives forward and backward times and TFLOPS per backend;
its FLOPs are FlashAttention's count (a causal forward 2·s²·heads·d, the backward 2.5 forwards: 35.18 TFLOP at 32K =
1,419 TFLOPS x 24.795 ms), so forward + backward TFLOPS = 3.5 x forward FLOPs / (forward + backward time):
pyt_cudnn (PyTorch SDPA's cuDNN backend) 1,183 at 32K, flash_attention (the flash-attn 2.7.4 package) 367."""

CUDNN_SDPA_H200 = (
    "https://github.com/NVIDIA/cudnn-frontend/blob/df73764adb98b7445b77662ce07b1ea434c8f3ee/benchmark/"
    "sdpa_benchmark_training/results/h200_919_only_cudnn/llama3.1_20260227_034703.csv"
)
"""cuDNN frontend's SDPA training benchmark on one H200 (the CSV's own columns: gpu_name NVIDIA H200, cudnn_backend_version
91901, i.e. cuDNN 9.19.1; backend cudnn; Llama 3.1 70B's attention, 64 query heads, 8 KV heads, head dim 128, bfloat16,
top_left (causal) mask, batch 1, 2,048-32,768 tokens; committed 2026-03-09), read 2026-12-06. Its FLOPs are
FlashAttention's count (fwd_tflops x fwd_time_ms = 2·s²·heads·d: 688 TFLOPS x 25.566 ms = 17.59 TFLOP at 32K), so forward +
backward TFLOPS = 3.5 x the forward's FLOPs over both times: 61.57 TFLOP / (25.566 + 75.688) ms = 608 at 32K; 397 / 502 /
567 / 603 at 2K / 4K / 8K / 16K. The H200 is the H100's GH100 die at the same 989.4 TFLOPS dense BF16 peak (more and
faster HBM, which a compute-bound fused attention does not read), so the other Hopper cards read it through their peaks
as every table here is read."""

TRANSFORMER_ENGINE_ATTENTION = (
    "https://github.com/NVIDIA/TransformerEngine/blob/0f60e599c04c2954f66b9af16efaa70e572cc710/docs/examples/attention/"
    "attention.ipynb"
)
"""Transformer Engine's attention guide, "2. Backend Selection" (read 2026-12-06): the PyTorch selection order is "sm8x
(Ampere/Ada): flash-attention > cuDNN attention > PyTorch-native attention", "sm90 (Hopper): cuDNN attention >
flash-attention > ...", "sm100/sm120 (Blackwell): cuDNN attention > flash-attention > ...", BF16/FP16 on cuDNN's
sub-backend 1 (a flash algorithm); and in 1.3: "flash-attention outperforms cuDNN attention on Ampere architectures, and
cuDNN attention has 20-50% advantages on Hopper architectures". Megatron-Core and NeMo run their attention through
TE's DotProductAttention (`--transformer-impl transformer_engine`, launch/training.megatron_command)."""

FLASH_BENCHMARK = (
    "https://github.com/Dao-AILab/flash-attention/blob/0469c72723278048f1b1bd29f6c6155b5ef98369/benchmarks/"
    "benchmark_flash_attention.py"
)
"""The script behind FLASH_README's figures (read 2026-12-07): its "Triton" method is `from triton.ops.flash_attention
import attention as attention_triton`, OpenAI Triton's own fused-attention op (Tillet's tutorial kernel), timed with
both `sequence_parallel` settings and the faster backward kept; FLOPs as FlashAttention counts them (`flops`: a causal
forward 4·b·s²·h·d / 2, forward + backward 3.5 forwards)."""

LLM_FOUNDRY_TRITON_KERNEL = (
    "https://github.com/mosaicml/llm-foundry/blob/0227d9f7b9c792e275e018bfac3a21dea4739323/llmfoundry/models/layers/"
    "flash_attn_triton.py"
)
"""The kernel llm-foundry's `attn_impl: triton` runs (read 2026-12-07): a copy of Tri Dao's *experimental* Triton
FlashAttention (Dao-AILab/flash-attention flash_attn/flash_attn_triton.py, "We use the FlashAttention implementation from
Phil Tillet a starting point", with a faster forward and a d=128 backward "much faster by reducing register
spilling"), not the Triton op FLASH_BENCHMARK times. Its own docstring compares it with FlashAttention-1's CUDA kernel:
"Triton forward is generally faster than CUDA forward, while Triton backward is generally slower than CUDA backward.
Overall Triton forward + backward is slightly slower than CUDA forward + backward." No measured TFLOPS of it were
found."""

FA2_SEQUENCES = (512, 1024, 2048, 4096, 8192, 16384)
"""The sequence lengths FlashAttention's README figures measure."""
CUDNN_SEQUENCES = (512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072)
"""The sequence lengths cuDNN frontend's SDPA training benchmark measures."""
CUDNN_H200_SEQUENCES = (2048, 4096, 8192, 16384, 32768)
"""The sequence lengths the H200 run of that benchmark measures (CUDNN_SDPA_H200)."""


@dataclass(frozen=True)
class KernelRate:
    """One attention kernel's measured causal forward + backward TFLOPS on one card, by head dim and sequence length:
    a fact with its source, read for every card of the same architecture the `cards` list names (scaled by their
    dense BF16 peaks: the same die at another clock or power limit)."""

    kernel: str
    architecture: str
    card: str
    peak_tflops: float
    cards: tuple[str, ...]
    sequences: tuple[int, ...]
    tflops: dict[int, tuple[float, ...]]
    source: str
    estimate: str = ""
    """Why a figure is an ESTIMATE (not measured on that card), or "" where it is measured."""
    said: str = "FlashAttention README"
    """The source as the explanation names it (a proper name, the same in English and Chinese)."""
    release: str = ""
    """The kernel's library release and the date it was measured, as the source states them (train42): what a
    release-dated rate would key on (docs/estimates.md rounds 40-41: the 2026 cuDNN is faster than the 2024 runs'
    attention)."""


# the cards each table is read for: the measured die's other parts (gemm.SM_COUNTS' A100/A800 and H100/H800/H200, as
# before), and on Blackwell the B200 alone (the B300 is Blackwell Ultra, the RTX cards another die)
A100_CARDS = ("a100-40gb-sxm", "a100-80gb-sxm", "a100-40gb-pcie", "a100-80gb-pcie", "a800-80gb-sxm", "a800-80gb-pcie")
HOPPER_CARDS = ("h100-sxm", "h800-sxm", "h200-sxm", "h100-pcie", "h800-pcie")

ATTENTION_RATES: tuple[KernelRate, ...] = (
    # FlashAttention-2 (flash-attn 2.x; PyTorch's SDPA flash backend is the same kernel): FLASH_README panels (c), (d)
    KernelRate(
        "flash2",
        "Ampere",
        "a100-80gb-sxm",
        312.0,
        A100_CARDS,
        FA2_SEQUENCES,
        {64: (88, 119, 140, 156, 165, 171), 128: (99, 133, 155, 173, 182, 189)},
        FLASH_README,
        release="flash-attn 2.0 (the README figures of 2023-07-17)",
    ),
    KernelRate(
        "flash2",
        "Hopper",
        "h100-sxm",
        989.4,
        HOPPER_CARDS,
        FA2_SEQUENCES,
        {64: (141, 192, 232, 257, 273, 284), 128: (163, 221, 265, 294, 308, 328)},
        FLASH_README,
        release="flash-attn 2.0 (the README figures of 2023-07-17)",
    ),
    # FlashAttention-2 on Blackwell: the flash-attn 2.7.4 package's rows of CUDNN_SDPA_B200 (head dim 128 only; a
    # 64-wide head reads the same)
    KernelRate(
        "flash2",
        "Blackwell",
        "b200",
        2250.0,
        ("b200",),
        CUDNN_SEQUENCES,
        {128: (75, 116, 212, 290, 338, 358, 367, 371, 371)},
        CUDNN_SDPA_B200,
        said="cuDNN frontend SDPA benchmark, B200",
        release="flash-attn 2.7.4 in NGC PyTorch 25.09 (the container of September 2025)",
    ),
    # cuDNN's fused attention (PyTorch SDPA's CUDNN_ATTENTION backend; Transformer Engine's fused attention on
    # Blackwell): the pyt_cudnn rows of CUDNN_SDPA_B200
    KernelRate(
        "cudnn",
        "Blackwell",
        "b200",
        2250.0,
        ("b200",),
        CUDNN_SEQUENCES,
        {128: (114, 291, 397, 739, 998, 1138, 1183, 1146, 1120)},
        CUDNN_SDPA_B200,
        said="cuDNN frontend SDPA benchmark, B200",
        release="cuDNN 9.13.1 in NGC PyTorch 25.09 (the container of September 2025)",
    ),
    # cuDNN's fused attention on Hopper (Transformer Engine's first choice on sm90: TRANSFORMER_ENGINE_ATTENTION): the
    # H200 rows of CUDNN_SDPA_H200 (head dim 128 only; a 64-wide head reads the same, as on Blackwell)
    KernelRate(
        "cudnn",
        "Hopper",
        "h200-sxm",
        989.4,
        HOPPER_CARDS,
        CUDNN_H200_SEQUENCES,
        {128: (397, 502, 567, 603, 608)},
        CUDNN_SDPA_H200,
        said="cuDNN frontend SDPA benchmark, H200",
        release="cuDNN 9.19.1 (run 2026-02-27)",
    ),
    # a Triton FlashAttention of 2023, read for llm-foundry's attn_impl "triton" (LLM_FOUNDRY_TRITON_KERNEL): the
    # README's "Triton" curve on A100, which FLASH_BENCHMARK measures with OpenAI Triton's own op, not that kernel
    KernelRate(
        "triton",
        "Ampere",
        "a100-80gb-sxm",
        312.0,
        A100_CARDS,
        FA2_SEQUENCES,
        {64: (59, 75, 79, 76, 79, 80), 128: (50, 61, 68, 74, 78, 80)},
        FLASH_README,
        estimate="a stand-in: the README's Triton curve is OpenAI Triton's fused-attention op (FLASH_BENCHMARK), while "
        "llm-foundry runs Tri Dao's Triton FlashAttention (LLM_FOUNDRY_TRITON_KERNEL: 'slightly slower' than "
        "FlashAttention-1's CUDA kernel forward + backward, forward faster), whose rate is not published; llm-foundry's "
        "own checkpointed MPT-7B rows on A100 80GB need at least 85-98 TFLOPS of it at 8K-64K (train42, "
        "tests/core/test_llm_foundry_attention.py), above these 78-80",
        release="OpenAI Triton's triton.ops.flash_attention from its main branch (version not stated: FLASH_BENCHMARK, "
        "'Install the newest triton version'; the README figures of 2023-07-17)",
    ),
    KernelRate(
        "triton",
        "Hopper",
        "h100-sxm",
        989.4,
        HOPPER_CARDS,
        FA2_SEQUENCES,
        {64: (104, 123, 136, 138, 149, 156), 128: (98, 109, 108, 126, 135, 137)},
        FLASH_README,
        estimate="FlashAttention-1's CUDA kernel measured on H100, which the README's Triton curve tracks within 10 % on "
        "A100 at head dim 128 (61/62, 68/69, 74/76, 78/80, 80/83 TFLOPS at 1k-16k) and llm-foundry's Triton kernel is "
        "'slightly slower' than overall (LLM_FOUNDRY_TRITON_KERNEL)",
        release="flash-attn 1.x CUDA kernel (the README figures of 2023-07-17)",
    ),
)
"""Every measured attention kernel rate, one entry per (kernel, GPU architecture): the one rule object the training
estimate's attention timing reads (kernel_tflops)."""
KERNELS = tuple(dict.fromkeys(r.kernel for r in ATTENTION_RATES))


def kernel_rate(kernel: str, gpu: Gpu) -> KernelRate | None:
    """The measured table of `kernel` that applies to `gpu` (its architecture's, for a card that table names), or
    None."""
    return next(
        (r for r in ATTENTION_RATES if r.kernel == kernel and r.architecture == gpu.architecture and gpu.id in r.cards),
        None,
    )


FRAMEWORK_KERNEL = "framework"
"""Calibration.training_attention_kernel's value for "each step at its own framework's kernel" (framework_kernel)."""
TRANSFORMER_ENGINE_KERNEL = "transformer-engine"
"""Calibration.training_attention_kernel's value for "Transformer Engine steps at their framework's kernel, every other
step at its rate"."""
OTHER_STACKS_KERNEL = "other-stacks"
"""Calibration.training_attention_kernel's value for "every step but Transformer Engine's at its framework's kernel
(FlashAttention-2, or a row's own), Transformer Engine steps at the step's rate" (train42: the fitted TE rows stay where
they are, since no release-dated cuDNN rate of 2024 Hopper is sourced; off, docs/estimates.md round 42)."""
TRANSFORMER_ENGINE_CUDNN_ARCHITECTURES = ("Hopper", "Blackwell")
"""The architectures on which Transformer Engine picks cuDNN's fused attention first (TRANSFORMER_ENGINE_ATTENTION: sm90,
sm100/sm120); on Ampere and Ada it picks flash-attention first."""


def framework_kernel(gpu: Gpu, *, transformer_engine: bool) -> str:
    """The attention kernel a training step's framework runs on `gpu`: Transformer Engine's (Megatron-Core, NeMo)
    cuDNN fused attention on Hopper and Blackwell and flash-attention before them (TRANSFORMER_ENGINE_ATTENTION); every
    other stack (PyTorch SDPA, whose flash backend is FlashAttention-2, the HF Trainer's sdpa / flash_attention_2,
    torchtitan, llm-foundry's flash) FlashAttention-2. A run that used another kernel says so (a training row's
    `attention_kernel`: llm-foundry's 2023 Triton kernel)."""
    if transformer_engine and gpu.architecture in TRANSFORMER_ENGINE_CUDNN_ARCHITECTURES:
        return "cudnn"
    return "flash2"


KERNEL_SHARE_OF_COUNT = 7.0 / 12.0
"""FlashAttention's causal forward + backward FLOPs over the estimator's count of the same attention (module doc)."""
RECOMPUTED_SHARE_OF_COUNT = 2.0 / 12.0
"""The causal forward gradient checkpointing runs again, over the estimator's count."""


def _between(seq: int, sequences: tuple[int, ...], values: tuple[float, ...]) -> float:
    """The figure at `seq`, linear in log2(seq) between the measured lengths, the nearest end outside them."""
    x = min(max(math.log2(max(seq, 1)), math.log2(sequences[0])), math.log2(sequences[-1]))
    i = 0
    while i < len(sequences) - 2 and math.log2(sequences[i + 1]) <= x:
        i += 1
    t = (x - math.log2(sequences[i])) / (math.log2(sequences[i + 1]) - math.log2(sequences[i]))
    return values[i] + (values[i + 1] - values[i]) * t


def kernel_tflops(gpu: Gpu, kernel: str, seq: int, head_dim: int) -> float | None:
    """Causal forward + backward TFLOPS of `kernel` on `gpu` at sequence `seq` and head dim `head_dim` (ATTENTION_RATES):
    linear between head dims 64 and 128 where both are measured (the nearer one outside), in log2 between the measured
    lengths, scaled from the measured card by the dense bf16 peaks. The kernel's own measured rate, not a share of the
    step's GEMM rate: that variant (FlashAttention's rate over the card's measured large-GEMM rate, times the step's)
    made DeepSeek-V3's context extension 66 % slow and MPT-7B at 64K 1.5x slow (docs/estimates.md, round 29). None for
    a card no table applies to: its attention stays at the GEMMs' utilisation."""
    rate = kernel_rate(kernel, gpu)
    if rate is None:
        return None
    dims = sorted(rate.tflops)
    low = _between(seq, rate.sequences, rate.tflops[dims[0]])
    high = _between(seq, rate.sequences, rate.tflops[dims[-1]])
    span = dims[-1] - dims[0]
    tflops = low + (high - low) * (min(1.0, max(0.0, (head_dim - dims[0]) / span)) if span else 0.0)
    own = gpu.bf16_tflops or gpu.fp16_tflops
    return tflops * own / rate.peak_tflops if gpu.id != rate.card and own else tflops


def kernel_flops_per_counted(recomputed: bool) -> float:
    """The kernel's FLOPs per FLOP of the estimator's attention count (module doc)."""
    return KERNEL_SHARE_OF_COUNT + (RECOMPUTED_SHARE_OF_COUNT if recomputed else 0.0)
