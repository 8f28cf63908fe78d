"""Unified-memory systems (Apple M-series, AMD Strix Halo, NVIDIA GB10) as a GPU the estimator can run on."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.models import Gpu, System
from configurator.core.common.memo import remember
from configurator.core.estimate.precision import GGUF_TYPES

# What an Apple GPU reads from memory at all, measured with copy kernels (GB/s measured, GB/s peak):
#   M1 Max 317.6 of 409.6: philipturner's "Attainable GB/s" table, ggml-org/llama.cpp PR #1642 (2023-06-04);
#     lshzh-ww in PR #2188 gives "GPUs of M1 Max / M2 Max can sustain 340 GB/s" (Xcode GPU read counters)
#   M3 Max 40-core 318 of 409.6, M2 Ultra 76-core 636 of 819.2, M1 Pro 16-core 176 of 204.8, M2 90 of 102.4,
#     M1 56 of 68.25: chsasank/device-benchmarks README (PyTorch MPS tensor copy; 4090 912 of 1008 by the same script)
# The Max and Ultra parts of three generations reach the same ~78 % of peak, so achieved bandwidth does not set the
# M1 Max apart from the M3 Max (both 400 GB/s); the smaller dies reach 82-88 %.
APPLE_GPU_STREAM: dict[str, tuple[float, float]] = {
    "M1": (56.0, 68.25),
    "M1 Pro": (176.0, 204.8),
    "M1 Max": (317.6, 409.6),
    "M2": (90.0, 102.4),
    "M2 Ultra": (636.0, 819.2),
    "M3 Max": (318.0, 409.6),
}
# A chip without a measurement of its own (M1 Ultra, M3 Ultra, M4 Max...) takes the Max/Ultra parts' median share.
APPLE_STREAM_SHARE_DEFAULT = 0.776
# A smaller die without one (M4, M4 Pro) takes the measured smaller dies' median (M1 0.821, M1 Pro 0.859, M2 0.879):
# the Max/Ultra share had put a Mac mini M4's 8B Q4_K_M at 13.6 tokens/s where one measures 20.9 (round 33).
APPLE_SMALL_DIES = ("M1", "M1 Pro", "M2")
APPLE_STREAM_SHARE_SMALL = sorted(APPLE_GPU_STREAM[c][0] / APPLE_GPU_STREAM[c][1] for c in APPLE_SMALL_DIES)[1]
# llama.cpp's Metal decode step = the weights read at the chip's copy bandwidth x a kernel share, plus a fixed cost per
# layer (encoding and waiting on the layer's kernels) that does not shrink with the bandwidth. So a small die (M4, 120
# GB/s) spends ~11 % of a 7B Q4_0 token on it and an Ultra (800 GB/s) ~40 %: the larger the chip, the lower the share
# of its bandwidth a token reaches. Measured in ggml-org/llama.cpp discussion #4167's LLaMA 2 7B Q4_0 rows (3.76 GB
# read a token): the M4 decodes at 0.76 of its peak, the M4 Pro 0.68, the M4 Max 0.57, the M1/M2/M3 Ultra 0.39-0.44;
# the M3 Ultra (80 cores) decodes no faster than the M2 Ultra (76), and a 1.1B model on an M1 Ultra reads 243 tokens/s where the bandwidth alone gives ~370
# (geerlingguy/ai-benchmarks #48): a per-layer cost, not a per-byte one. FITTED (apple34, 2026-12-06) together on the
# quantized Apple rows of tests/data/fit_offload.toml (XiongjieDai's LLaMA 2 7B rows on M2 Ultra and M3 Max and
# #4167's rows on M1 Max, M1/M2/M3 Ultra, M4, M4 Pro, M4 Max and M5 Max): 140 us a layer, and a kernel share of 1.085
# of the copy bandwidth (log-rms 0.080, flat from 130 to 150 us). Above 1: a copy kernel reads and writes, a decode
# kernel only reads; lshzh-ww (ggml-org/llama.cpp PR #2188) measured 340 GB/s of GPU reads on an M1 Max whose copy
# reaches 317.6 (1.07). The F16 share is fitted on the F16 rows (M2 Ultra, M3 Max, M1 Max) at that per-layer cost:
# F16 streams whole rows, the quantized kernels dequantize as they read. Before: 0.747 / 0.979 and the CUDA figure of
# 60 us, which read the M4 family 18-26 % slow and the Ultras 3-13 % fast. The LLaMA 3 rows of XiongjieDai's tables
# and the later builds' rows in tests/data/holdout_offload.toml are the holdout.
APPLE_KERNEL_SHARE_QUANT = 1.085
APPLE_KERNEL_SHARE_F16 = 1.129
# llama.cpp's Metal backend's fixed cost per layer of a decode step (encoding and waiting on its kernels), in seconds
APPLE_METAL_LAYER_S = 140e-6
# llama.cpp's Metal prompt kernels (kernel_mul_mm: simdgroup 8x8 matrix multiply-accumulate on the GPU's ALUs, the
# weights dequantized into threadgroup memory) run at this share of the GPU's FP16 rate, the catalog's gpu_fp16_tflops
# (GPU cores x 128 ALUs x 2 x clock; on an M5 the Neural Accelerators' rate). A prompt is compute-bound, so the share is
# of the cores' rate, not of the bandwidth. FITTED (apple34, 2026-12-06) on #4167's pp512 rows in
# tests/data/fit_offload.toml (M1 Max, M1/M2/M3 Ultra, M4 Max; mode system_prefill; geometric mean of measured over
# estimated 1, rows -11..+13 %); before, an Apple GPU took the
# dp4a path of a card without matrix units and read 1.6-1.9x slow on every one of those rows.
APPLE_PREFILL_SHARE = 0.658
APPLE_PREFILL_CHIPS = frozenset({"M1 Max", "M1 Ultra", "M2 Ultra", "M3 Ultra", "M4 Max"})
"""The chips whose prompt rows the share is fitted on: a figure on another (M4, M5 Max) says it is outside them."""
APPLE = "apple"


def apple_stream_share(chip: str) -> float:
    """Measured copy bandwidth over peak for an Apple chip (APPLE_GPU_STREAM), or the default share."""
    measured = APPLE_GPU_STREAM.get(chip)
    if measured:
        return measured[0] / measured[1]
    return APPLE_STREAM_SHARE_DEFAULT if ("Max" in chip or "Ultra" in chip) else APPLE_STREAM_SHARE_SMALL


def unified_bw_efficiency(engine: str, precision: str, gpu: Gpu) -> float | None:
    """The decode bandwidth share of peak on an Apple GPU (the chip's measured copy share x llama.cpp's kernel share),
    or None for any other GPU (the estimator's own figures)."""
    if gpu.vendor != APPLE:  # type: ignore[comparison-overlap]  # systems' GPUs are built by system_gpu()
        return None
    kernel = APPLE_KERNEL_SHARE_QUANT if precision in GGUF_TYPES else APPLE_KERNEL_SHARE_F16
    return min(1.0, kernel * apple_stream_share(gpu.architecture))  # no read outruns the memory bus


def metal_layer_overhead(gpu: Gpu) -> float | None:
    """llama.cpp's fixed cost per layer of a decode step on an Apple GPU (APPLE_METAL_LAYER_S), or None for any other
    GPU (the estimator's own per-layer figures)."""
    return APPLE_METAL_LAYER_S if gpu.vendor == APPLE else None  # type: ignore[comparison-overlap]


def metal_prefill_tflops(gpu: Gpu) -> float | None:
    """Sustained TFLOPS of llama.cpp's Metal prompt kernels on an Apple GPU (APPLE_PREFILL_SHARE of its FP16 rate), or
    None for any other GPU."""
    if gpu.vendor != APPLE:  # type: ignore[comparison-overlap]
        return None
    return APPLE_PREFILL_SHARE * (gpu.fp16_tflops or gpu.fp32_tflops)


def metal_prefill_fitted(gpu: Gpu) -> bool:
    """Whether `gpu` is an Apple chip APPLE_PREFILL_SHARE was fitted on (its prompt rows: the Metal backend included)."""
    return gpu.vendor == APPLE and gpu.architecture in APPLE_PREFILL_CHIPS  # type: ignore[comparison-overlap]


def system_vendor(system: System) -> str:
    name = system.vendor.lower()
    return APPLE if "apple" in name else ("nvidia" if "nvidia" in name else "amd")


MEMORY_LIMITS = {APPLE: "unified.limit-macos", "amd": "unified.limit-amdgpu", "nvidia": "unified.limit-cuda"}
"""The OS's limit on the memory a unified-memory GPU may use, as a reason code by the system's vendor (the fact each
system's `gpu_memory_note` states in the catalog's English: macOS's wired limit, Linux amdgpu's GTT, what CUDA sees on
GB10): its words in either language (reasons.EN, report/words.ZH_REASONS) where the note alone was English (walk14)."""


def memory_limit(vendor: str) -> str:
    """The code of the OS's memory limit on a unified-memory GPU of `vendor` (system_vendor, Gpu.vendor)."""
    return MEMORY_LIMITS.get(vendor, "")


def system_gpu(system: System, wired_fraction: float | None = None) -> Gpu:
    """The integrated GPU of a unified-memory system as a Gpu record: its VRAM is the share of memory the OS lets
    the GPU wire (`wired_fraction`, default the system's own), its bandwidth the memory's.

    One record per system and share (core/common/memo.py): the estimator's memo knows a GPU by its identity, and a
    new record for each call had made every estimate on a Mac or a mini PC a miss. A map cell plans two or three
    times (its screen, contenders and alternatives), and the unified-memory and mini-PC sources estimated every system
    again each time: 1,600 estimates in the default map where 544 differ (#34)."""
    return remember("system_gpu", (id(system), wired_fraction), (system,), lambda: _system_gpu(system, wired_fraction))


def _system_gpu(system: System, wired_fraction: float | None) -> Gpu:
    u = system.unified
    if u is None:
        raise ValueError(f"{system.id} is not a unified-memory system")
    fraction = wired_fraction or u.gpu_memory_fraction
    fields: dict[str, Any] = dict(
        id=f"{system.id}-gpu",
        name=f"{u.chip} GPU ({u.gpu_cores} cores)",
        source=system.source,
        estimates={},
        notes=u.gpu_memory_note,
        prices=(),
        vendor=system_vendor(system),
        architecture=u.chip,
        market="consumer",
        release_year=2024,
        vram_gb=system.memory_gb * fraction,
        memory_type=f"unified {u.memory_type}",
        memory_bandwidth_gbps=u.bandwidth_gbps,
        fp32_tflops=u.gpu_fp32_tflops,
        fp16_tflops=u.gpu_fp16_tflops,
        bf16_tflops=None,
        fp8_tflops=None,
        int8_tops=None,
        fp4_tflops=None,
        tflops_basis="vendor or estimate",
        tdp_w=system.max_power_w,
        form_factor="pcie",
        slot_width=1,
        length_mm=1,
        cooler="open-air",
        pcie_gen=4,
        pcie_lanes=16,
        nvlink=None,
        nvlink_bandwidth_gbps=None,
        p2p=False,
        export_variant_of=None,
        export_restricted_cn=False,
        interconnect_note="unified memory",
    )
    # model_construct: "apple" is not a discrete-GPU vendor the catalog accepts, and this record never is one
    return Gpu.model_construct(**fields)
