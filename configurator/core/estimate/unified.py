"""Unified-memory systems (Apple M-series, AMD Strix Halo, NVIDIA GB10) as a GPU the estimator can run on."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.models import Gpu, System
from configurator.core.estimate.precision import GGUF_TYPES

# llama.cpp's Metal backend reads weights at a lower share of Apple's peak than CUDA does of GDDR: fitted on the
# LLaMA 2 7B q4_0/f16 rows of XiongjieDai's tables (M1 Max 24-core, M2 Ultra 76-core, M3 Max 40-core; see
# tests/data/fit_offload.toml); the LLaMA 3 rows of the same tables are the holdout.
APPLE_BW_EFF_QUANT = 0.58
APPLE_BW_EFF_F16 = 0.76
APPLE = "apple"


def unified_bw_efficiency(engine: str, precision: str, gpu: Gpu) -> float | None:
    """The decode bandwidth share on an Apple GPU, or None for any other GPU (the estimator's own figures)."""
    if gpu.vendor != APPLE:  # type: ignore[comparison-overlap]  # systems' GPUs are built by system_gpu()
        return None
    return APPLE_BW_EFF_QUANT if precision in GGUF_TYPES else APPLE_BW_EFF_F16


def system_vendor(system: System) -> str:
    name = system.vendor.lower()
    return APPLE if "apple" in name else ("nvidia" if "nvidia" in name else "amd")


def system_gpu(system: System, wired_fraction: float | None = None) -> Gpu:
    """The integrated GPU of a unified-memory system as a Gpu record: its VRAM is the share of memory the OS lets
    the GPU wire (`wired_fraction`, default the system's own), its bandwidth the memory's."""
    u = system.unified
    if u is None:
        raise ValueError(f"{system.id} is not a unified-memory system")
    fraction = wired_fraction or u.gpu_memory_fraction
    fields: dict[str, Any] = dict(
        id=f"{system.id}-gpu", name=f"{u.chip} GPU ({u.gpu_cores} cores)", source=system.source, estimates={},
        notes=u.gpu_memory_note, prices=(), vendor=system_vendor(system), architecture=u.chip, market="consumer",
        release_year=2024, vram_gb=system.memory_gb * fraction, memory_type=f"unified {u.memory_type}",
        memory_bandwidth_gbps=u.bandwidth_gbps, fp32_tflops=u.gpu_fp32_tflops, fp16_tflops=u.gpu_fp16_tflops,
        bf16_tflops=None, fp8_tflops=None, int8_tops=None, fp4_tflops=None, tflops_basis="vendor or estimate",
        tdp_w=system.max_power_w, form_factor="pcie", slot_width=1, length_mm=1, cooler="open-air",
        pcie_gen=4, pcie_lanes=16, nvlink=None, nvlink_bandwidth_gbps=None, p2p=False, export_variant_of=None,
        export_restricted_cn=False, interconnect_note="unified memory",
    )
    # model_construct: "apple" is not a discrete-GPU vendor the catalog accepts, and this record never is one
    return Gpu.model_construct(**fields)
