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
# llama.cpp's Metal decode kernels reach this share of the measured copy bandwidth: fitted on the LLaMA 2 7B
# q4_0/f16 rows of XiongjieDai's tables (M2 Ultra 76-core, M3 Max 40-core; tests/data/fit_offload.toml); the
# LLaMA 3 rows of the same tables and the later builds' rows in tests/data/holdout_offload.toml are the holdout.
# F16 streams whole rows at nearly the copy rate; the quantized kernels dequantize as they read.
APPLE_KERNEL_SHARE_QUANT = 0.747
APPLE_KERNEL_SHARE_F16 = 0.979
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
    return kernel * apple_stream_share(gpu.architecture)


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
