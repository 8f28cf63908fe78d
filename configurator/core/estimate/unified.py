"""Unified-memory systems (Apple M-series, AMD Strix Halo, NVIDIA GB10) as a GPU the estimator can run on."""

from __future__ import annotations

import re
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
# weights dequantized into threadgroup memory) run at this share of the GPU's ALU rate, the catalog's gpu_fp32_tflops
# (GPU cores x 128 ALUs x 2 x clock; an Apple GPU's FP16 and FP32 ALU rates are the same), for F16 weights. A prompt is
# compute-bound, so the share is of the cores' rate, not of the bandwidth. FITTED (metal37, 2026-12-06; before:
# apple34's 0.658 of the FP16 figure whatever the weights, on #4167's rows alone) together with the two weight factors
# below on the dense Apple pp512 rows of tests/data/fit_offload.toml without accelerators (mode system_prefill: #4167's
# M1 Max F16 / Q8_0 / Q4_0 and M1 / M2 / M3 Ultra and M4 Max Q4_0 rows, XiongjieDai's M1 Max, M2 Ultra and M3 Max Llama 3
# 8B / 70B Q4_K_M and F16 rows of May 2024, beowulf #17's M3 Ultra 70B): least squares on log(measured / estimated)
# with an offset per source other than #4167 (a build's level is its source's), so the share is read at #4167's level
# and each weight factor within one source and build; `python benchmarks/apple_metal_fit.py prefill-fit`, and
# `prefill-loso` for the rows each source left out.
APPLE_PREFILL_SHARE = 0.739
# The quantized prompt kernels dequantize each weight block into threadgroup memory before the F16 multiply, which
# costs ALU time the F16 kernel does not spend: a plain block format (Q4_0, Q8_0: 32 weights and one scale; MXFP4 the
# same layout) a little, a K-quant or I-quant (super-blocks of 256 with 6-bit sub-scales, or codebooks) more. Measured
# on one chip and build each: #4167's M1 Max pp512 F16 599.53, Q8_0 537.37, Q4_0 530.06 (0.90, 0.88 of F16);
# XiongjieDai's Q4_K_M over F16 on the M1 Max 0.79, M2 Ultra 0.85 (8B) and 0.80 (70B), M3 Max 0.90. FITTED with the
# share above (the same least squares); MXFP4 and the I-quants are assumed to cost as their layouts' kin (no Apple row).
APPLE_PREFILL_WEIGHT_FACTOR: dict[str, float] = {"16-bit": 1.0, "block": 0.873, "k-quant": 0.825}
METAL_BLOCK_TYPES = frozenset({"q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "mxfp4"})
METAL_16_BIT = frozenset({"fp16", "bf16", "fp32"})
# From the M5 on, each GPU core carries a Neural Accelerator (matrix units Metal 4's tensor API programs: Apple's M5
# press release of 2025-10-15, "over 4x the peak GPU compute for AI" of the M4), which llama.cpp's prompt kernels use
# since ggml-org/llama.cpp PR #16634 (merged 2025-11; "tensor API disabled for pre-M5 and pre-A19 devices") when the
# Metal library is compiled on the device (PR #27461, 2026-08-20: a pre-compiled metallib had not requested Metal 4.0
# and fell back to the ALUs). MEASURED on one chip: #4167's M5 Max 40-core LLaMA 2 7B Q4_0 pp512, 3,347 tokens/s with
# the accelerators (the June 2026 `MTL,BLAS` run) where the Metal-only run of March 2026 read 987 (3.39x; fit_offload.
# toml keeps the 3,347 row): the gain over the ALU rate is FITTED on that row (the estimate without it over the
# measurement; `apple_metal_fit.py prefill-fit`). Corroborated, not fitted: lmstudio-ai/lmstudio-bug-tracker #2040
# (2026-06-11, M5 Max 40c): "2-3x faster prompt processing" on the same machine and GGUF files once the tensor API is
# on; Apple's MLX post of 2025-11-19 (M5 vs M4 MacBook Pro, time to first token 3.3-4x). Keyed on the chip's
# generation (apple_generation), so every M5 system (and a later one: an ESTIMATE, no M6 row exists) takes it.
APPLE_NEURAL_ACCELERATOR_GAIN = 4.05
APPLE_NEURAL_ACCELERATOR_FROM = 5
"""The first Apple M generation whose GPU cores have Neural Accelerators (M5)."""
# An MoE prompt's routed experts each multiply t = ubatch x k / E rows of the micro-batch and reach t / (t + t_half) of
# the dense rate (estimator._moe_prefill_time_factor; Calibration.prefill_expert_rows_half, 114, FITTED on CUDA rows).
# Metal's expert kernel (kernel_mul_mm_id) runs on the ALUs at a far lower dense rate, so a small tile costs it
# relatively less. FITTED (metal37, 2026-12-06) on geerlingguy/beowulf-ai-cluster #17's M3 Ultra pair, one chip and
# build (7315): DeepSeek-R1 Q4_K_M pp512 168.90 beside Llama 3.3 70B Q4_K_M 162.30 (R1: 37B active, 16 rows an expert
# at ubatch 512); the R1 row read at the 70B row's level (`apple_metal_fit.py prefill-fit`). One pair: a fold without it
# takes the CUDA figure. The CUDA figure had read that R1 prompt at 48 tokens/s.
APPLE_PREFILL_EXPERT_ROWS_HALF = 23.0
APPLE_PREFILL_CHIPS = frozenset({"M1 Max", "M1 Ultra", "M2 Ultra", "M3 Max", "M3 Ultra", "M4 Max", "M5 Max"})
"""The chips whose prompt rows the share is fitted on: a figure on another (M4, M4 Pro) says it is outside them."""
APPLE = "apple"

# Strix Halo (Ryzen AI Max 385 / 390 / 395: RDNA 3.5 iGPU, llama.cpp's Vulkan RADV backend by default,
# backends.llamacpp_backend): the estimator's discrete-card prompt rate (compute_eff_llamacpp x the FP16 peak x the
# dequantize factor: 10.7 TFLOPS on the 395) read kyuz0's build-9187 pp512 rows 38 % (dense) to 75 % (MoE) slow. A
# family factor on that rate and the family's own expert half-rate rows (as Metal's above), FITTED (metal37,
# 2026-12-06; `python benchmarks/unified_prefill_fit.py`) on the pp512 of the same five kyuz0 logs whose tg128 rows are
# fitted (tests/data/fit_offload.toml: Llama 2 7B Q4_0 1,337.70 and, from the same run, Qwen3.6-27B Q8_0 274.97 for the
# factor; gpt-oss-20b / 120b MXFP4, Qwen3.6-35B-A3B and Gemma 4 26B-A4B Q8_0, Qwen3.5-122B-A10B Q5_K for the rows).
# Held out: visorcraft/strix-halo-llm-perf's GMKtec EVO-X2 rows (b8038, 120 W), four dense and two MoE, and kyuz0's
# other logs of that run. Keyed on the chip name, so a Ryzen AI Max system takes
# them whatever its record. Quantized weights only: every fitted row is quantized, and RADV on GFX1151 reports
# "bf16: 0" (kyuz0's logs), so a BF16 prompt runs another path; kyuz0's held-out BF16 rows read 49-126 % fast at the
# discrete-card rate already (gemma-4-31B, Gemma 4 26B-A4B, Qwen3.6-35B-A3B: left as they were).
# GB10 (DGX Spark and its OEM twins; CUDA, llama.cpp's default backend there): the discrete-card rate (the catalog's
# 62.5 TFLOPS doubled for FP16 accumulate as on a GeForce Blackwell, x compute_eff_llamacpp x the dequantize factor)
# read ggml-org/llama.cpp benches/dgx-spark.md's prompts 20-51 % fast (build 6918, 2025-11-02): the chip does not
# sustain the rate its 48 SMs would at a discrete card's power. FITTED (unified38, 2026-12-06; `python
# benchmarks/unified_prefill_fit.py`) the same way on the page's llama-batched-bench B = 1 lines (PP 512 / 4096 / 8192
# of Qwen2.5-Coder-7B Q8_0 and gemma-3-4b Q4_0 for the factor, gpt-oss-20b / 120b MXFP4 and Qwen3-Coder-30B-A3B Q8_0
# for the rows; the MoE tables' first lines, which carry a one-time cost, excluded with the reason): x0.742 and 109
# rows (the CUDA-fitted 114: GB10's expert kernels are CUDA's). Held out: the same page's llama-bench pp2048 rows
# (another tool and run; 20-51 % fast before, -20..+13 % after) and its pp2048 @ depth rows (benchmarks/fill_depth.py).
# A later build's gpt-oss-120b pp2048 of 2,449.83 (f5acfb2ff, after the Blackwell MXFP4 kernels of PR #17906) is not a
# row: GB10's architecture name is not "Blackwell", so estimator._blackwell_mxfp4 does not apply to it (left as it is).
UNIFIED_PREFILL_FAMILIES: dict[str, tuple[float, float]] = {"Ryzen AI Max": (1.411, 51.7), "GB10": (0.742, 109.2)}
"""chip-name prefix -> (factor on the llama.cpp prompt rate, expert rows at half the dense rate)"""

# A BF16 prompt on Strix Halo's Vulkan backend runs llama.cpp's scalar matmul shaders on the vector ALUs: RADV on GFX1151
# reports "bf16: 0" (no VK_KHR_shader_bfloat16) beside "matrix cores: KHR_coopmat" in every kyuz0 log, so BF16 weights
# take none of the coopmat (WMMA) paths the quantized and F16 matmuls use, and are converted to fp32 in the shader. The
# rate is a share of the catalog's fp32 vector figure (gpu_fp32_tflops, 14.8 on the 395), not the FP16 WMMA peak the
# discrete-card rate reads (that had put these prompts 49-126 % fast). Per backend on the same box and build (kyuz0's
# logs, build 9187/9193, May 2026, pp512): dense gemma-4-31B BF16 Vulkan RADV 135.94, AMDVLK no row, ROCm 7.2.3 (HIP,
# hipBLASLt) 428.07; Ministral-3-14B BF16 RADV 255.05, AMDVLK no row, ROCm 801.06: on ROCm BF16 is faster than Q8_0
# (gemma-4-31B Q8_0 326.41), on RADV half of it (272.10). The launch command runs Vulkan on this family
# (backends.FAMILY_LLAMACPP_BACKEND), so the estimate is Vulkan's; a ROCm build's BF16 prompt is ~3x faster (not
# modelled). FITTED (unified38, 2026-12-06; `python benchmarks/unified_prefill_fit.py`) on the dense BF16 RADV row of
# tests/data/fit_offload.toml (gemma-3-27b BF16, build 7938, 123.07): the share, the geometric mean of measured /
# estimated at share 1; the expert half-rate rows of BF16 experts on this path on the MoE BF16 fitted row (Qwen3-30B-A3B
# BF16, build 7938, 351.97). Held out: gemma-4-31B, gemma-4-26B-A4B, Qwen3.6-35B-A3B and GLM-4.7-Flash BF16 (build
# 9187/9193; tests/data/holdout_offload.toml).
UNIFIED_VULKAN_BF16: dict[str, tuple[float, float]] = {"Ryzen AI Max": (0.422, 107.4)}
"""chip-name prefix -> (share of gpu_fp32_tflops a Vulkan BF16 prompt matmul reaches, expert rows at half that rate)"""


def unified_family(gpu: Gpu) -> str | None:
    """The UNIFIED_PREFILL_FAMILIES key of a unified-memory GPU's chip, or None."""
    if not gpu.memory_type.startswith("unified"):
        return None
    return next((f for f in UNIFIED_PREFILL_FAMILIES if gpu.architecture.startswith(f)), None)


def unified_prefill_factor(gpu: Gpu) -> float | None:
    """The measured factor on llama.cpp's prompt rate for a unified-memory family (UNIFIED_PREFILL_FAMILIES), or None."""
    family = unified_family(gpu)
    return UNIFIED_PREFILL_FAMILIES[family][0] if family else None


def vulkan_bf16_prefill(gpu: Gpu) -> tuple[float, float] | None:
    """(share of the fp32 vector rate, expert half-rate rows) of a BF16 prompt on a unified-memory family whose Vulkan
    driver has no bf16 support (UNIFIED_VULKAN_BF16), or None (the discrete-card rate)."""
    family = unified_family(gpu)
    return UNIFIED_VULKAN_BF16.get(family) if family else None


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


def apple_generation(chip: str) -> int | None:
    """The M generation of an Apple chip name ("M4 Pro" -> 4), or None for a name that is not one."""
    found = re.match(r"M(\d+)\b", chip.strip())
    return int(found.group(1)) if found else None


def metal_weight_class(precision: str | None) -> str:
    """Which of APPLE_PREFILL_WEIGHT_FACTOR's kinds a weight precision's prompt kernels are: 16-bit, a plain block
    format, or a K-/I-quant (any other quantized type)."""
    if precision is None or precision in METAL_16_BIT:
        return "16-bit"
    return "block" if precision in METAL_BLOCK_TYPES else "k-quant"


def neural_accelerator_gain(gpu: Gpu) -> float:
    """The prompt kernels' gain from the GPU cores' Neural Accelerators (M5 and later), 1 on an earlier chip."""
    generation = apple_generation(gpu.architecture)
    return APPLE_NEURAL_ACCELERATOR_GAIN if generation and generation >= APPLE_NEURAL_ACCELERATOR_FROM else 1.0


def metal_alu_tflops(gpu: Gpu) -> float:
    """An Apple GPU's ALU rate (cores x 128 x 2 x clock): the catalog's FP32 figure, which on an M5 is not raised by
    Apple's Neural Accelerator claim the way its FP16 figure is."""
    return gpu.fp32_tflops or gpu.fp16_tflops


def metal_prefill_share(gpu: Gpu, precision: str | None = None) -> float:
    """The share of metal_alu_tflops llama.cpp's Metal prompt kernels sustain for `precision`'s weights (the fitted
    share x the weights' factor x the Neural Accelerators' gain)."""
    factor = APPLE_PREFILL_WEIGHT_FACTOR[metal_weight_class(precision)]
    return APPLE_PREFILL_SHARE * factor * neural_accelerator_gain(gpu)


def metal_prefill_tflops(gpu: Gpu, precision: str | None = None) -> float | None:
    """Sustained TFLOPS of llama.cpp's Metal prompt kernels on an Apple GPU for `precision`'s weights (None: 16-bit),
    or None for any other GPU."""
    if gpu.vendor != APPLE:  # type: ignore[comparison-overlap]
        return None
    return metal_prefill_share(gpu, precision) * metal_alu_tflops(gpu)


def unified_expert_rows_half(gpu: Gpu) -> float | None:
    """The rows at which a unified-memory family's expert kernels reach half the dense prompt rate: Metal's
    (APPLE_PREFILL_EXPERT_ROWS_HALF) on an Apple GPU, a UNIFIED_PREFILL_FAMILIES family's; None for any other GPU (the
    Calibration's CUDA-fitted figure)."""
    if gpu.vendor == APPLE:  # type: ignore[comparison-overlap]
        return APPLE_PREFILL_EXPERT_ROWS_HALF
    family = unified_family(gpu)
    return UNIFIED_PREFILL_FAMILIES[family][1] if family else None


def family_prefill_fitted(gpu: Gpu) -> bool:
    """Whether `gpu` is a unified-memory family whose own prompt rows its prompt constants are fitted on: an Apple chip
    of APPLE_PREFILL_CHIPS (metal_prefill_fitted) or a UNIFIED_PREFILL_FAMILIES family (Strix Halo: kyuz0's rows; GB10:
    dgx-spark.md's batched-bench rows)."""
    return metal_prefill_fitted(gpu) or unified_family(gpu) is not None


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
