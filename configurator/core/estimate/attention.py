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
"""

from __future__ import annotations

import math

from configurator.core.catalog.models import Gpu
from configurator.core.estimate.gemm import SM_COUNTS

FLASH_README = (
    "https://github.com/Dao-AILab/flash-attention/blob/0251105a2fb19d2957484b7f023cd8c115286ced/README.md "
    "(assets/flash2_a100_fwd_bwd_benchmark.png, flash2_h100_fwd_bwd_benchmark.png, added 2023-07-17)"
)
"""FlashAttention's README, "Performance": attention forward + backward TFLOPS on A100 80GB SXM4 and H100 80GB SXM5,
FP16/BF16, hidden 2048 (32 heads of 64 or 16 of 128), batch 16k / seqlen, read 2026-12-05 from the figures' labels
(the same figures as Dao 2023, arXiv 2307.08691, figs. 4 and 7)."""

SEQUENCES = (512, 1024, 2048, 4096, 8192, 16384)
"""The sequence lengths each figure measures; shorter and longer ones read the nearest end."""

# kernel -> the card measured -> head dim -> causal forward + backward TFLOPS at SEQUENCES (FLASH_README, panels (c)
# and (d): "With causal mask", head dimension 64 and 128)
KERNEL_TFLOPS: dict[str, dict[str, dict[int, tuple[float, ...]]]] = {
    # FlashAttention-2 (flash-attn 2.x; PyTorch's SDPA flash backend is the same kernel)
    "flash2": {
        "a100-80gb-sxm": {64: (88, 119, 140, 156, 165, 171), 128: (99, 133, 155, 173, 182, 189)},
        "h100-sxm": {64: (141, 192, 232, 257, 273, 284), 128: (163, 221, 265, 294, 308, 328)},
    },
    # the Triton FlashAttention of 2023 (Tillet's kernel, llm-foundry's attn_impl "triton"), measured on A100 only; on
    # H100 an ESTIMATE: FlashAttention-1's CUDA kernel measured there, which the Triton kernel tracks within 10 % on
    # A100 at head dim 128 (61/62, 68/69, 74/76, 78/80, 80/83 TFLOPS at 1k-16k)
    "triton": {
        "a100-80gb-sxm": {64: (59, 75, 79, 76, 79, 80), 128: (50, 61, 68, 74, 78, 80)},
        "h100-sxm": {64: (104, 123, 136, 138, 149, 156), 128: (98, 109, 108, 126, 135, 137)},
    },
}
KERNELS = tuple(KERNEL_TFLOPS)

MEASURED_CARD = {"Ampere": "a100-80gb-sxm", "Hopper": "h100-sxm"}
MEASURED_PEAK = {"a100-80gb-sxm": 312.0, "h100-sxm": 989.4}
"""Dense bf16 TFLOPS of the measured cards (the catalog's spec-sheet figures: NVIDIA A100 and H100 SXM datasheets)."""

KERNEL_SHARE_OF_COUNT = 7.0 / 12.0
"""FlashAttention's causal forward + backward FLOPs over the estimator's count of the same attention (module doc)."""
RECOMPUTED_SHARE_OF_COUNT = 2.0 / 12.0
"""The causal forward gradient checkpointing runs again, over the estimator's count."""


def _between(seq: int, values: tuple[float, ...]) -> float:
    """The figure at `seq`, linear in log2(seq) between the measured lengths, the nearest end outside them."""
    x = min(max(math.log2(max(seq, 1)), math.log2(SEQUENCES[0])), math.log2(SEQUENCES[-1]))
    i = min(int(x - math.log2(SEQUENCES[0])), len(SEQUENCES) - 2)
    t = x - math.log2(SEQUENCES[i])
    return values[i] + (values[i + 1] - values[i]) * t


def kernel_tflops(gpu: Gpu, kernel: str, seq: int, head_dim: int) -> float | None:
    """Causal forward + backward TFLOPS of `kernel` on `gpu` at sequence `seq` and head dim `head_dim`: linear between
    head dims 64 and 128 (the nearer one outside), in log2 between the measured lengths, scaled from the measured card
    by the dense bf16 peaks. The kernel's own measured rate, not a share of the step's GEMM rate: that variant
    (FlashAttention's rate over the card's measured large-GEMM rate, times the step's) made DeepSeek-V3's context
    extension 66 % slow and MPT-7B at 64K 1.5x slow (docs/estimates.md, round 29). None for a card whose architecture
    has no measured figure: its attention stays at the GEMMs' utilisation."""
    if gpu.id not in SM_COUNTS:
        return None
    card = MEASURED_CARD.get(gpu.architecture)
    table = KERNEL_TFLOPS.get(kernel, {}).get(card or "")
    if card is None or table is None:
        return None
    low, high = _between(seq, table[64]), _between(seq, table[128])
    tflops = low + (high - low) * min(1.0, max(0.0, (head_dim - 64) / 64))
    own = gpu.bf16_tflops or gpu.fp16_tflops
    return tflops * own / MEASURED_PEAK[card] if gpu.id != card and own else tflops


def kernel_flops_per_counted(recomputed: bool) -> float:
    """The kernel's FLOPs per FLOP of the estimator's attention count (module doc)."""
    return KERNEL_SHARE_OF_COUNT + (RECOMPUTED_SHARE_OF_COUNT if recomputed else 0.0)
