"""Which llama.cpp backend a GPU runs, and what that backend reaches on it: sourced facts per GPU family and backend.

The llama.cpp decode constants (estimator.Calibration bw_eff_llamacpp_*) were fitted on CUDA builds. Another vendor's
backend reaches its own share of the card's bandwidth, and the estimate must describe the backend the launch command
runs: llama.cpp's documented backend for each vendor (docs/build.md: CUDA for NVIDIA, HIP for AMD, SYCL for Intel,
Metal for Apple). A family and backend with a published measurement carries it here; one without keeps the CUDA-fitted
share (AMD's ROCm/Vulkan multiplier, Calibration.bw_eff_amd, stays where it was fitted) and says so.

The matmul side (prefill and training) reads the measured-GEMM table in configurator/core/support/facts.py
(`training_tflops`): no vendor's matmul rate comes from a spec-sheet peak where a measurement exists.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from configurator.core.catalog.models import Gpu

# The backend a plain llama.cpp build for each vendor uses (llama.cpp docs/build.md); Vulkan is the portable alternative.
DEFAULT_LLAMACPP_BACKEND: dict[str, str] = {"nvidia": "cuda", "amd": "hip", "intel": "sycl", "apple": "metal"}
# A family whose published decode runs use another backend because it decodes faster there: Strix Halo (Radeon 8060S,
# gfx1151), where Vulkan RADV wins token generation on 13 of the models kyuz0's toolbox benchmarks test against every
# ROCm build (kyuz0/amd-strix-halo-toolboxes docs/benchmarks.md, "Token Generation (tg128)" placement counts).
FAMILY_LLAMACPP_BACKEND: dict[str, str] = {"Ryzen AI Max+ 395": "vulkan"}


@dataclass(frozen=True)
class DecodeFact:
    """A published single-stream decode rate of one backend on one GPU family, and the bandwidth share it implies."""

    family: str  # the catalog's `architecture`
    backend: str
    card: str
    model: str
    tokens_per_s: float
    weights_read_gb: (
        float  # bytes one token reads (the GGUF's tensors less the token-embedding table, which is looked up)
    )
    layers: int
    bandwidth_gbps: float
    source: str
    note: str
    # the weights the run streamed: "quantized" (a GGUF integer format) or "16-bit"; a family with only a quantized fact
    # takes it as the ceiling of its 16-bit share too (estimator._bw_efficiency), one with a 16-bit fact reads that
    weights: str = "quantized"
    # the llama.cpp build month (YYYY-MM) from which the measured release is the one a run builds: a run of an earlier
    # build reads the latest fact of its family and backend measured at or before its month (decode_fact), a plan (the
    # current release, Calibration.llamacpp_date "9999") the newest; "0000" for a fact that is the family's only one
    since: str = "0000"
    # the GGUF weight types the measured kernel path serves ("q4_0": a reordered Q4_0 kernel), empty for every type of
    # its `weights` kind
    types: tuple[str, ...] = ()

    def share(self, per_layer_s: float) -> float:
        """The share of peak bandwidth the weight stream reaches, once the step's per-layer launch cost is taken out."""
        stream_s = 1 / self.tokens_per_s - self.layers * per_layer_s
        return self.weights_read_gb * 1e9 / stream_s / (self.bandwidth_gbps * 1e9)


# The reordered layout (scales apart from the quants, read coalesced) is one kernel path in ggml-sycl's MMVQ, and it
# came to the K-quants and Q8_0 type by type (vendor47; the A770 fact below read it for Q4_0 only, after SYCL.md's
# 2026.04-05 entry "Optimize mul_mat by reorder feature for data type: Q4_K, Q5_K, Q6_K, Q8_0", but the code had it
# earlier): Q4_K in ggml-org/llama.cpp PR #13109 ("sycl : Implemented reorder Q4_K mmvq", sgeor255, opened 2025-04-25,
# merged) and Q6_K in PR #13885 ("sycl: Add reorder to Q6_K mmvq implementation ... following the work done for Q4_0
# and Q4_K", s-Nick, opened 2025-05-29, merged; July 2025 taken, its merge month is not in the stored thread), both
# on for Intel devices with Q4_0's from PR #13973 (June 2025); Q8_0 in PR #21527 ("Extends the existing SYCL reorder
# optimization (currently Q4_0/Q4_K/Q6_K) to support Q8_0", PMZFX, opened 2026-04-06, merged, in builds of 2026-04-21);
# Q5_K with the 2026.04-05 release. A build with a type's reorder reads the reordered kernel's measured share on this
# card (Q4_0's 42 -> 55 tokens/s): no A770 K-quant tg128 of a reordered build is published on the fitted side, so the
# share is the same path's, not a K-quant measurement.
_A770_SYCL_DOCS = (
    "https://github.com/ggml-org/llama.cpp/blob/01d98b4f74046dff52edf2fabdbd08b511b8a4cf/docs/backend/SYCL.md"
)
_A770_REORDERED = tuple(
    DecodeFact(
        "Xe-HPG",
        "sycl",
        "Intel Arc A770 16GB",
        "llama-2-7b q4_0",
        55.0,
        3.76,
        32,
        560.0,
        _A770_SYCL_DOCS,
        f"llama.cpp SYCL backend, the reordered MMVQ path of release 2025.2 (42 -> 55 tokens/s for Q4_0), for {what}",
        since=since,
        types=types,
    )
    for since, types, what in (
        ("2025-06", ("q4_0",), "Q4_0, on by default from June 2025 (PR #13973)"),
        ("2025-06", ("q4_k_m",), "Q4_K (PR #13109)"),
        ("2025-07", ("q4_k_m", "q6_k"), "Q4_K and Q6_K (PR #13885)"),
        ("2026-04", ("q4_k_m", "q6_k", "q8_0"), "Q4_K, Q6_K and Q8_0 (PR #21527)"),
        ("2026-05", ("q4_k_m", "q5_k_m", "q6_k", "q8_0"), "Q4_K, Q5_K, Q6_K and Q8_0 (SYCL.md 2026.04-05)"),
    )
)

DECODE_FACTS: tuple[DecodeFact, ...] = (
    # llama.cpp docs/backend/SYCL.md, "verified releases", 2024.5: "Performance is increased: 34 -> 37 tokens/s of
    # llama-2-7b.Q4_0 on Arc A770" (quoted in ggml-org/llama.cpp PR #19162, 2026-01-28). Q4_0 LLaMA 2 7B: 3.56 GiB
    # file (3.83 GB), less the 32000 x 4096 token-embedding table at Q4_0 (0.074 GB) = 3.76 GB read per token;
    # A770 560 GB/s. Upstream SYCL, not IPEX-LLM's build (intel/neural-speed PR #312 gives 14.5 ms/token, 69 tokens/s,
    # for its own int4 kernels on the A770: that stack is not the llama.cpp the launch command runs).
    # The same News list dates the backend's later releases on the same card and model (the SYCL maintainers' own
    # series, one machine): 2024.6-7 "37 -> 42.9 tokens/s of llama-2-7b.Q4_0 on Arc770" (the copy of late 2024 that
    # verifies b4040 on 2024-11-19), and 2025.2 "Optimize MUL_MAT Q4_0 on Intel GPU ... |Arc A770|42|55|+30%|" (the
    # reordered Q4_0 layout of PR #12035, 2025-02-23, whose description holds the same table; SYCL.md at 01d98b4f, whose
    # base column, 42, is the fact from 2024-07). The reorder was switched off by default on 2025-03-25 (PR #12560,
    # "currently seems to be broken") and on for every Intel device by PR #13973 (2025-06-02), so a build reads it from
    # 2025-06; its docs name Q4_0 only until the 2026.04-05 entry ("Optimize mul_mat by reorder feature for data type:
    # Q4_K, Q5_K, Q6_K, Q8_0"), which states no rate (the code reordered Q4_K and Q6_K in 2025: _A770_REORDERED
    # above, vendor47). A run's build picks its fact (decode_fact); a plan builds today's source (launch.build-sycl).
    DecodeFact(
        "Xe-HPG",
        "sycl",
        "Intel Arc A770 16GB",
        "llama-2-7b q4_0",
        37.0,
        3.76,
        32,
        560.0,
        "https://github.com/ggml-org/llama.cpp/pull/19162",
        "llama.cpp SYCL backend, release 2024.5 as its own docs record it",
        since="2024-05",
    ),
    DecodeFact(
        "Xe-HPG",
        "sycl",
        "Intel Arc A770 16GB",
        "llama-2-7b q4_0",
        42.0,
        3.76,
        32,
        560.0,
        "https://github.com/ggml-org/llama.cpp/blob/01d98b4f74046dff52edf2fabdbd08b511b8a4cf/docs/backend/SYCL.md",
        "llama.cpp SYCL backend before the reordered Q4_0 kernel (2025.2's base column, 42 tokens/s; 2024.6-7's "
        "entry: 37 -> 42.9)",
        since="2024-07",
    ),
    *_A770_REORDERED,
    # kyuz0/amd-strix-halo-toolboxes benchmark/results/llama-2-7b.Q4_0__vulkan_radv__fa1.log (commit 08aa7bc,
    # 2026-05-18): "llama 7B Q4_0 | 3.56 GiB | 6.74 B | Vulkan | 99 | 1 | 0 | tg128 | 55.73 ± 0.04", build 0253fb21f
    # (9187), Radeon 8060S (RADV GFX1151), llama-bench -ngl 99 -fa 1 -mmp 0. The same file read 53.49-55.88 on every
    # build from September 2025 (6486) to May 2026, so the share is no single build's. 256 GB/s LPDDR5X-8000 peak.
    DecodeFact(
        "Ryzen AI Max+ 395",
        "vulkan",
        "AMD Ryzen AI Max+ 395 (Radeon 8060S)",
        "llama-2-7b q4_0",
        55.73,
        3.76,
        32,
        256.0,
        "https://github.com/kyuz0/amd-strix-halo-toolboxes/blob/08aa7bc/benchmark/results/"
        "llama-2-7b.Q4_0__vulkan_radv__fa1.log",
        "llama.cpp Vulkan (RADV), build 9187 of May 2026, kyuz0's toolbox llama-bench tg128",
    ),
    # kyuz0/amd-r9700-ai-toolboxes benchmark/results/llama-2-7b.Q4_0__rocm7.1.1__fa1__single.log (commit 2e8bef1,
    # 2025-12-17): "llama 7B Q4_0 | 3.56 GiB | 6.74 B | ROCm | 99 | 1 | tg128 | 103.66 ± 0.34", build 2aa45ef9e (7423),
    # "Device 0: AMD Radeon AI PRO R9700, gfx1201"; ROCm 6.4.4 read 102.88 on the same build. 640 GB/s GDDR6.
    DecodeFact(
        "RDNA 4",
        "hip",
        "AMD Radeon AI PRO R9700",
        "llama-2-7b q4_0",
        103.66,
        3.76,
        32,
        640.0,
        "https://github.com/kyuz0/amd-r9700-ai-toolboxes/blob/2e8bef1/benchmark/results/"
        "llama-2-7b.Q4_0__rocm7.1.1__fa1__single.log",
        "llama.cpp HIP (ROCm 7.1.1), build 7423 of December 2025, kyuz0's R9700 toolbox llama-bench tg128",
    ),
    # kyuz0/amd-r9700-ai-toolboxes benchmark/results/llama-2-7b.Q4_0__vulkan_radv__fa1__single.log (commit 2e8bef1,
    # 2025-12-17, the HIP fact's commit): "llama 7B Q4_0 | 3.56 GiB | 6.74 B | Vulkan | 99 | 1 | tg128 | 108.44 ± 0.07",
    # build 2aa45ef9e (7423), the same build, card and day as the HIP fact above (103.66): on RDNA 4 under Mesa RADV,
    # Vulkan streams the weights a little faster than HIP. Same file, same day: pp512 2361.19 against HIP's 4687.55
    # (0.50; AMDVLK's Vulkan 3081.52, 0.66), so Vulkan trades prompt speed for decode speed there (not priced: the
    # launch builds HIP on RDNA 4, docs/estimates.md round 40). An earlier RADV run of the toolbox (build 7205, November
    # 2025, commit 1b8bfa7) read 97.95: the share is this build's.
    DecodeFact(
        "RDNA 4",
        "vulkan",
        "AMD Radeon AI PRO R9700",
        "llama-2-7b q4_0",
        108.44,
        3.76,
        32,
        640.0,
        "https://github.com/kyuz0/amd-r9700-ai-toolboxes/blob/2e8bef1/benchmark/results/"
        "llama-2-7b.Q4_0__vulkan_radv__fa1__single.log",
        "llama.cpp Vulkan (Mesa RADV), build 7423 of December 2025, kyuz0's R9700 toolbox llama-bench tg128",
    ),
    # mixa3607/ML-gfx906 llama.cpp/readme.md (table first committed 2025-10-01, d54cc84), llama-bench on MI50 (gfx906),
    # llama.cpp 982e3472, ROCm 6.4.1: "qwen3 14B Q4_0 | 7.95 GiB | 14.77 B | ROCm | 99 | tg128 | 38.94 ± 0.16" and
    # "qwen3 14B BF16 | 27.51 GiB | 14.77 B | ROCm | 99 | tg128 | 19.46 ± 0.10". Read per token: the file less the
    # 151936 x 5120 token-embedding table (Q4_0 0.44 GB, BF16 1.56 GB; the output head is its own tensor): 8.10 and
    # 27.98 GB over 40 layers; 1024 GB/s HBM2. The quantized weights stream at about half the BF16 rate: GCN 5 has no
    # matrix units, and the dequantizing dot products (v_dot4_i32_i8), not the HBM, bound a quantized step.
    DecodeFact(
        "GCN 5",
        "hip",
        "AMD Radeon Instinct MI50 32GB",
        "qwen3-14b q4_0",
        38.94,
        8.10,
        40,
        1024.0,
        "https://github.com/mixa3607/ML-gfx906/blob/d54cc84/llama.cpp/readme.md",
        "llama.cpp HIP (ROCm 6.4.1), build 982e3472 (September 2025), mixa3607's gfx906 image llama-bench tg128",
    ),
    DecodeFact(
        "GCN 5",
        "hip",
        "AMD Radeon Instinct MI50 32GB",
        "qwen3-14b bf16",
        19.46,
        27.98,
        40,
        1024.0,
        "https://github.com/mixa3607/ML-gfx906/blob/d54cc84/llama.cpp/readme.md",
        "llama.cpp HIP (ROCm 6.4.1), build 982e3472 (September 2025), mixa3607's gfx906 image llama-bench tg128",
        weights="16-bit",
    ),
)

# The routed experts' one-token share of the stream rate, per backend, where a measurement separates it from the dense
# rate (estimator.Calibration.bw_eff_moe_experts, 0.60, was fitted on CUDA builds of December 2023 running Mixtral,
# whose mul_mat_id picked the experts on the host: "the selection of experts is done on the CPU, and forces a
# synchronization", slaren in ggml-org/llama.cpp issue #12859, April 2025). A Vulkan build reads the expert ids on the
# GPU: on the same Strix Halo, build and day as the Llama 2 7B fact above (kyuz0/amd-strix-halo-toolboxes, build 9187,
# May 2026) the experts stream at the dense rate plus a fixed cost per touched expert and MoE layer
# (Calibration.moe_expert_fixed_bytes, 2.5 MB at the stream rate), which small experts feel most. FITTED together
# (share 1.0, 2.5 MB; log-rms 0.068, flat from 2.5 to 3 MB) on four quantized MoE rows of that build
# (tests/data/fit_offload.toml): gpt-oss-120b MXFP4 56.61 tokens/s (-6 %), gpt-oss-20b MXFP4 79.78 (-7 %),
# Qwen3.6-35B-A3B Q8 46.33 (+10 %, 256 experts 512 wide), gemma-4-26B-A4B Q8 45.48 (-1 %); the share alone (0.97, no
# fixed cost) put the two small-expert models at +33 % and +12 %, the CUDA-fitted 0.60 at -46 % for gpt-oss-120b.
# Measured on quantized experts only: 16-bit experts on the same run read slower (gemma-4-26B-A4B BF16 at 18.6
# tokens/s, about 0.6 of the dense BF16 rate of gemma-4-31B; the device has no bf16 support, 'bf16: 0'), so they keep
# the CUDA figure.
MOE_EXPERT_SHARE: dict[str, tuple[float, str]] = {
    "vulkan": (1.0, "https://github.com/kyuz0/amd-strix-halo-toolboxes/tree/08aa7bc/benchmark/results"),
}


@dataclass(frozen=True)
class MoeExpertCost:
    """A llama.cpp backend's fixed time per touched expert and MoE layer of a decode step (launches, host syncs, a
    small matrix that leaves the GPU partly idle), paid beside the experts' bytes, from build month `since` on."""

    backend: str
    since: str  # YYYY-MM of the first build it describes; "0000" for every build before the next fact
    seconds: float
    source: str
    note: str


# llama.cpp's SYCL backend (Intel Arc) by build. Its mul_mat_id ran "one matmul per expert" (ggml-org/llama.cpp PR
# #24635, 2026-06-15, "ggml_sycl_mul_mat_id enqueues one matmul per expert") after a host wait, until PR #21920
# (abotsis, 2026-04-14, "sycl : fused MoE mul_mat_vec_q for TG": one MMVQ launch for the n_experts_used matmuls that
# "reads expert IDs directly, removing a per-call host sync"; it "will fall back to the existing per-expert path when
# src0 has been rewritten by opt_for_reorder()", and the K-quant reorder was on from 2026.04-05, so a K-quant MoE kept
# the per-expert path until the reordered MoE path covered its types: Q4_K / Q5_K, then Q6_K in PR #24452, June 2026).
# The experts' bytes keep the CUDA-fitted share (Calibration.bw_eff_moe_experts): one fit-side row per build cannot
# separate a share from a fixed cost, so the fixed cost carries the difference.
# - Builds from July 2026 (the fused and reordered path; PR #25217's base, master of 2026-07-02, plus its fused top-k
#   router, merged in July): FITTED on one row, PR #25217 (newjordan, 'sycl: add fused top-k MoE', Arc Pro B70,
#   "Qwen3.5-MoE 35B-A3B Q5_K_M, -ngl 99 -fa 1": "tg128 | 86.74 ± 0.08 | 89.51 ± 0.07 (+3.2%)", fusion off / on; the
#   split rule's side: ggml-org/llama.cpp is in both files, sha256 of the URL starts with 0 -> fitted). The estimate
#   without a fixed cost read 114.11 tokens/s (8.76 ms a token) against 89.51 (11.17 ms): 2.41 ms over 40 MoE layers
#   x 8 experts = 7.5 us a touched expert and layer.
# - Earlier builds: that cost plus the host sync PR #21920 removed, 1/38 - 1/50 s over 40 x 8 = 19.7 us (Arc Pro B60,
#   "38->50 t/s with Qwen3.5-35B-A3B-Q4_K_S", the thread of 2026-04-22 as round 45's vendor45 read it; PR URL digit 1:
#   fitted side): 27.2 us. It describes the per-expert path of April 2026 on a card's fused cost of July, so it is the
#   host sync's A/B on top of today's kernels, not an April measurement. A K-quant MoE built in May or June 2026 (fused
#   for Q4_K and Q5_K, per-expert for Q6_K experts until PR #24452) reads it too: no fit-side row measures that month.
_SYCL_FUSED_EXPERT_S = 2.409e-3 / (40 * 8)
_SYCL_HOST_SYNC_S = (1 / 38 - 1 / 50) / (40 * 8)
MOE_EXPERT_COSTS: tuple[MoeExpertCost, ...] = (
    MoeExpertCost(
        "sycl",
        "0000",
        _SYCL_FUSED_EXPERT_S + _SYCL_HOST_SYNC_S,
        "https://github.com/ggml-org/llama.cpp/pull/21920",
        "one matmul per expert after a host sync, before the fused MoE kernel of PR #21920 covered K-quant experts",
    ),
    MoeExpertCost(
        "sycl",
        "2026-07",
        _SYCL_FUSED_EXPERT_S,
        "https://github.com/ggml-org/llama.cpp/pull/25217",
        "the fused MoE kernel on reordered K-quant experts (Arc Pro B70, Qwen3.5-35B-A3B Q5_K_M, 89.51 tokens/s)",
    ),
)


def moe_expert_cost(backend: str | None, build: str = "9999") -> MoeExpertCost | None:
    """The fixed cost per touched expert and MoE layer a llama.cpp build of month `build` ("9999": the current release a
    plan builds) on `backend` pays (MOE_EXPERT_COSTS: the newest fact at or before the build), or None where the backend
    has none measured."""
    facts = [f for f in MOE_EXPERT_COSTS if f.backend == backend and f.since <= build]
    return max(facts, key=lambda f: f.since) if facts else None


# llama.cpp's Vulkan backend multiplies on matrix cores only where the driver exposes them (the "matrix cores:" field
# of its device line: NV_coopmat2, KHR_coopmat or none) and llama.cpp enables them; otherwise its matmul shaders run
# on the vector units. Per family, the build-and-driver month from which the matrix cores are used (None: never):
# - Intel Xe-HPG (Arc A-series): never. ggml-org/llama.cpp PR #14001 (2025-06-04) enabled VK_KHR_cooperative_matrix
#   "only for Xe2 GPUs until performance regression is resolved for older GPUs like Arc A770", and PR #24404
#   (2026-06-10) enabled it on Xe-LPG Plus while it stays "blocked due to performance regressions on discrete Xe1".
# - Intel Xe2 (Arc B-series, Lunar Lake): from PR #14001 (merged June 2025; pp512 on a B580 490.89 -> 1631.44).
# - AMD RDNA 4: RADV showed "matrix cores: none" on GFX1201 in geerlingguy/ai-benchmarks #25 (2025-09-30, build 6645)
#   and "KHR_coopmat" in kyuz0/amd-r9700-ai-toolboxes (2025-12-17, build 7423, llama-2-7b.Q4_0__vulkan_radv log):
#   from December 2025 (the month between is not known; AMDVLK exposed it in the same December run).
# Families not named keep the matrix model the estimate already had (NVIDIA coopmat/coopmat2, RDNA 3).
VULKAN_MATRIX_SINCE: dict[str, str | None] = {"Xe-HPG": None, "Xe2": "2025-06", "RDNA 4": "2025-12"}


@dataclass(frozen=True)
class VulkanScalarFact:
    """A published prompt rate of llama.cpp's Vulkan backend on a card whose driver exposed no matrix cores, and the
    share of the card's fp32 vector rate it implies."""

    card: str
    model: str
    tokens_per_s: float
    gflop_per_token: float  # 2 x matmul parameters (the tied head counted) + attention over half the prompt
    fp32_tflops: float  # the catalog's figure for the card
    source: str
    note: str

    @property
    def share(self) -> float:
        return self.tokens_per_s * self.gflop_per_token / 1e3 / self.fp32_tflops


# ggml-org/llama.cpp PR #14001 (rillomas, 2025-06-04), llama-bench pp512 of gemma-2-2b-it-Q4_K_M.gguf on Windows 11
# (Intel driver 32.0.101.6795), column "b5583-master" (no coopmat on either card): "i5-13400 + Arc B580 | pp512 |
# 1631.44 | 490.89" and "i9-12900K + Arc A770 | pp512 | 977.81 | 974.92". Gemma 2 2B: 26 layers of q 2304x2048,
# k and v 2304x1024, o 2048x2304, MLP 3 x 2304x9216 = 2.025 B, plus the tied 256000 x 2304 head 0.590 B: 5.23 GFLOP,
# and attention over 256 tokens (4 x 8 heads x 256 x 26 layers x 256) 0.05: 5.28 GFLOP per token. The same PR's
# Linux (Mesa 24.2.8) runs are slower (B580 420.57, A770 333.88: shares 0.16 and 0.10): the driver matters, and the
# two Windows rows (the vendor's driver) are the facts. FITTED: their geometric mean, 0.24 (B580 0.19, A770 0.30).
VULKAN_SCALAR_FACTS: tuple[VulkanScalarFact, ...] = (
    VulkanScalarFact(
        "Intel Arc B580",
        "gemma-2-2b q4_k_m",
        490.89,
        5.28,
        13.7,
        "https://github.com/ggml-org/llama.cpp/pull/14001",
        "llama.cpp Vulkan b5583 (June 2025), Windows 11, before coopmat was enabled on Xe2",
    ),
    VulkanScalarFact(
        "Intel Arc A770 16GB",
        "gemma-2-2b q4_k_m",
        974.92,
        5.28,
        17.2,
        "https://github.com/ggml-org/llama.cpp/pull/14001",
        "llama.cpp Vulkan b5583 (June 2025), Windows 11; coopmat stays off on Xe-HPG",
    ),
)
VULKAN_SCALAR_PREFILL_SHARE = round(
    math.prod(f.share for f in VULKAN_SCALAR_FACTS) ** (1 / len(VULKAN_SCALAR_FACTS)), 3
)


# Which matrix path llama.cpp's Vulkan backend takes on an NVIDIA card: NV_coopmat2 (VK_NV_cooperative_matrix2, the
# path of the fitted RTX 3090 Vulkan rows) or KHR_coopmat (coopmat1). Turing (RTX 20) runs coopmat1: its driver line
# reads "matrix cores: KHR_coopmat" (RTX 2060 SUPER in ggml-org/llama.cpp PR #15813, as round 11 read it), and
# ggml-org/llama.cpp PR #19290 (0cc4m, 2026-02-03) is "vulkan: disable coopmat1 flash attention on Nvidia Turing", a
# switch that exists only because Turing's matmuls and attention run the coopmat1 shaders.
VULKAN_COOPMAT1_FAMILIES: frozenset[str] = frozenset({"Turing"})


@dataclass(frozen=True)
class VulkanPathFact:
    """One card, build and model measured on llama.cpp's Vulkan coopmat1 and coopmat2 paths side by side."""

    card: str
    model: str
    coopmat1: float  # pp512 tokens/s with the KHR_coopmat shaders
    coopmat2: float  # pp512 tokens/s with the NV_coopmat2 shaders
    source: str
    note: str

    @property
    def share(self) -> float:
        return self.coopmat1 / self.coopmat2


# The coopmat1 path's prompt rate as a share of coopmat2's, measured on one RTX 3090 by the Vulkan backend's maintainer:
# ggml-org/llama.cpp PR #12135 (0cc4m's table of 2025-03-30, columns fp16 / int dot / coopmat1 / coopmat2 / CUDA; the
# coopmat2 and CUDA columns are fitted rows of tests/data/reference_decode_speed.toml) and PR #13506 (0cc4m,
# 2025-05-14, 'Coopmat2:' and 'Coopmat1:' tables, fa 0). DERIVED: the geometric mean of the three ratios, 0.739.
VULKAN_COOPMAT1_FACTS: tuple[VulkanPathFact, ...] = (
    VulkanPathFact(
        "NVIDIA GeForce RTX 3090",
        "llama 8B Q4_0",
        3153.55,
        4259.42,
        "https://github.com/ggml-org/llama.cpp/pull/12135",
        "pp512, coopmat1 and coopmat2 columns, 2025-03-30",
    ),
    VulkanPathFact(
        "NVIDIA GeForce RTX 3090",
        "llama 8B Q8_0",
        3145.50,
        4259.25,
        "https://github.com/ggml-org/llama.cpp/pull/12135",
        "pp512, coopmat1 and coopmat2 columns, 2025-03-30",
    ),
    VulkanPathFact(
        "NVIDIA GeForce RTX 3090",
        "llama 8B Q4_0",
        3156.83,
        4278.92,
        "https://github.com/ggml-org/llama.cpp/pull/13506",
        "pp512 fa 0, the 'Coopmat1:' and 'Coopmat2:' tables, 2025-05-14",
    ),
)
VULKAN_COOPMAT1_SHARE = round(math.prod(f.share for f in VULKAN_COOPMAT1_FACTS) ** (1 / len(VULKAN_COOPMAT1_FACTS)), 3)


@dataclass(frozen=True)
class VulkanDriverFact:
    """One card, build, day and model measured on llama.cpp's Vulkan backend under one driver and on HIP side by side:
    the share of HIP's prompt rate that driver's Vulkan build reaches."""

    family: str  # the catalog's `architecture`
    driver: str  # "radv" (Mesa) or "amdvlk" (AMD's PAL-based driver)
    card: str
    model: str
    vulkan: float  # pp512 tokens/s on Vulkan under `driver`
    hip: float  # pp512 tokens/s on HIP (ROCm 7.1.1), same build and day
    source: str

    @property
    def share(self) -> float:
        return self.vulkan / self.hip


# kyuz0/amd-r9700-ai-toolboxes benchmark/results/*__{rocm7.1.1,vulkan_radv,vulkan_amdvlk}__fa1__single.log at commit
# 2e8bef1 (2025-12-17): llama-bench -fa 1 -ngl 99 pp512, build 2aa45ef9e (7423) in every file, one AMD Radeon AI PRO
# R9700 (gfx1201). Both drivers expose the matrix cores ("matrix cores: KHR_coopmat" on "RADV GFX1201" and on "AMD
# open-source driver"), so these are the matrix path's shaders, not the scalar ones (VULKAN_MATRIX_SINCE). The dense
# quantized models only: an MoE prompt's experts and a BF16 prompt take other shaders (same files: Qwen3-Coder-30B-A3B
# Q4_K_M RADV 0.52 / AMDVLK 0.61, gpt-oss-20b MXFP4 0.59 / 0.79, Nemotron-3-Nano Q4_K_XL 0.61 / 0.80; Ministral 3 8B
# BF16 0.36 / 0.19, AMDVLK reporting 'bf16: 0'), and are not priced by this share. DERIVED: the geometric mean per
# driver, RADV 0.474 (0.504, 0.451, 0.470), AMDVLK 0.585 (0.657, 0.562, 0.542).
_KYUZ0_R9700 = (
    "https://github.com/kyuz0/amd-r9700-ai-toolboxes/blob/2e8bef127fa79fe664af0ba73e199a6ed3723696/benchmark/results/"
)
VULKAN_DRIVER_PREFILL_FACTS: tuple[VulkanDriverFact, ...] = tuple(
    VulkanDriverFact(
        "RDNA 4",
        driver,
        "AMD Radeon AI PRO R9700",
        model,
        vulkan,
        hip,
        f"{_KYUZ0_R9700}{file}__vulkan_{driver}__fa1__single.log",
    )
    for driver, model, file, vulkan, hip in (
        ("radv", "llama 7B Q4_0", "llama-2-7b.Q4_0", 2361.19, 4687.55),
        ("radv", "gemma3 4B Q3_K - Small", "gemma-3-4b-it-Q3_K_S", 2841.26, 6304.04),
        ("radv", "gemma3 12B Q8_0", "gemma-3-12b-it-UD-Q8_K_XL", 1330.53, 2828.25),
        ("amdvlk", "llama 7B Q4_0", "llama-2-7b.Q4_0", 3081.52, 4687.55),
        ("amdvlk", "gemma3 4B Q3_K - Small", "gemma-3-4b-it-Q3_K_S", 3545.06, 6304.04),
        ("amdvlk", "gemma3 12B Q8_0", "gemma-3-12b-it-UD-Q8_K_XL", 1533.74, 2828.25),
    )
)
# The driver a Vulkan run used. Linux distributions ship Mesa's RADV; AMDVLK, AMD's open-source Vulkan driver, is the
# PAL-based driver "shared with the Radeon Windows Vulkan driver" (Phoronix, 'AMD Open-Source Driver For Vulkan
# "AMDVLK" Is Now Available', 2017-12-22, https://www.phoronix.com/review/amdvlk-radeon-vulkan), so a run on Windows
# reads AMDVLK's share. The plain estimate is a Linux build's: RADV.
VULKAN_DRIVER_FAMILY: dict[str, str] = {"radv": "radv", "amdvlk": "amdvlk", "windows": "amdvlk"}
DEFAULT_VULKAN_DRIVER = "radv"


@lru_cache(maxsize=16)
def _driver_share(family: str, driver: str) -> float | None:
    shares = [f.share for f in VULKAN_DRIVER_PREFILL_FACTS if f.family == family and f.driver == driver]
    return round(math.prod(shares) ** (1 / len(shares)), 3) if shares else None


def vulkan_driver_prefill_share(gpu: Gpu, driver: str | None) -> tuple[float, str] | None:
    """The share of HIP's quantized prompt rate a Vulkan build on the matrix path reaches on `gpu`'s family under
    `driver` (radv, amdvlk, windows; None: DEFAULT_VULKAN_DRIVER), and the driver whose measurement it is; None where
    no same-build pair was measured (the family then keeps HIP's rate)."""
    measured = VULKAN_DRIVER_FAMILY.get(driver or DEFAULT_VULKAN_DRIVER, DEFAULT_VULKAN_DRIVER)
    share = _driver_share(str(gpu.architecture), measured)
    return None if share is None else (share, measured)


def vulkan_matrix_cores(gpu: Gpu, date: str) -> str:
    """Whether a Vulkan build of `date` (YYYY-MM; "9999" today) multiplies on `gpu`'s matrix cores: "matrix",
    "coopmat1" on an NVIDIA family whose driver gives llama.cpp only KHR_coopmat (VULKAN_COOPMAT1_FAMILIES), or
    "none" where its family's driver did not expose them to llama.cpp then (VULKAN_MATRIX_SINCE)."""
    if gpu.vendor == "nvidia" and gpu.architecture in VULKAN_COOPMAT1_FAMILIES:
        return "coopmat1"
    if gpu.architecture not in VULKAN_MATRIX_SINCE:
        return "matrix"
    since = VULKAN_MATRIX_SINCE[gpu.architecture]
    return "matrix" if since is not None and date >= since else "none"


def llamacpp_backend(gpu: Gpu, named: str | None = None) -> str:
    """The backend a llama.cpp decode on `gpu` runs: the one named (a row's build, a launch option), else the vendor's."""
    return (
        named or FAMILY_LLAMACPP_BACKEND.get(gpu.architecture) or DEFAULT_LLAMACPP_BACKEND.get(str(gpu.vendor), "cuda")
    )


# SGLang's attention backend for a multi-head latent attention model, where the model's cookbook page launches it with
# one (`--attention-backend`), keyed by the model's HF model_type; other MLA models run SGLang's default for their GPU
# (FlashInfer / FlashMLA / TRT-LLM MLA). The backend decides what a decode step pays per token of depth: SGLang's triton
# MLA decode kernel grows by about 19-23 ns per token of depth and MLA layer (estimator.Calibration.mla_depth_sglang_triton:
# GLM-4.7-Flash on one B200, TPOT 8.75 -> 12.63 ms from 821 to 4,405 tokens of mean depth at one user, the same slope at
# 16 users), where the default backend's DeepSeek-R1 rows on 8 x B200 show none (109.2 and 108.6 tokens/s at 1K and 5K,
# sgl-project/sgl-cookbook DeepSeek-R1.md). The launch command names the same backend (launch/commands.py).
SGLANG_MLA_BACKEND: dict[str, tuple[str, str]] = {
    "glm4_moe_lite": (
        "triton",
        "https://github.com/sgl-project/sgl-cookbook/blob/da64eea895e83cc033825fa22ad8cde78a23017c/docs/autoregressive/"
        "GLM/GLM-4.7-Flash.md",
    ),
}


def sglang_attention_backend(architecture: str) -> str | None:
    """The attention backend SGLang's cookbook launches an MLA model of `architecture` (HF model_type) with
    (SGLANG_MLA_BACKEND), or None where it names none (SGLang's default for the GPU)."""
    fact = SGLANG_MLA_BACKEND.get(architecture)
    return fact[0] if fact else None


# What a linear-attention (Gated DeltaNet) layer adds to a llama.cpp decode step's per-layer cost on a backend that does
# not compile ggml-cuda (CUDA and HIP pay Calibration.layer_overhead_llamacpp_linear, fitted on CUDA): llama.cpp's
# Vulkan backend runs the layer's recurrent update as its own chain of small compute dispatches (the delta rule's
# nodes on the k x v state, the short convolution, the l2 norms, the gates). FITTED (amd47, 2026-12-07) on the four
# fit-side Vulkan rows of hybrid models, least mean |log error| on a 1 us grid (54 us, 0.076; 40 us 0.090, 70 us 0.084): Qwen3.6-35B-A3B Q4_K_M on a Radeon AI
# PRO R9700 at depth 0 and 32768 (dp-craft/r9700, build b9950 of July 2026, Mesa RADV: 115.0 and 99.5 tokens/s), and
# Qwen3.6-35B-A3B and Qwen3.8-27B Q4_K_M on an Arc Pro B70 (GoodOlClint/homelab, build 10968 of September 2026, Mesa
# 26.2.2 ANV: 88.31 and 22.99). Without it they read +13, +19, +42 and +15 %, with it -7, -0, +18 and +7 %; the attention-only Qwen3-30B-A3B of the
# B70 run reads +10 % either way (no linear layers), so part of the B70 gap is the card's, not the layers'.
LINEAR_LAYER_COST: dict[str, tuple[float, str]] = {
    "vulkan": (
        54e-6,
        "https://github.com/dp-craft/r9700/blob/1a696a5d7d9c5e81e52b3b3a3fc577a89d583c90/docs/analysis/"
        "2026-07-11-1833-sweep-35b-rocm-vs-vulkan.md",
    ),
}


def linear_layer_cost(backend: str | None) -> float | None:
    """Seconds a linear-attention layer adds to a decode step on a llama.cpp `backend` outside ggml-cuda
    (LINEAR_LAYER_COST), or None where none is measured (the layer pays the plain per-layer cost)."""
    fact = LINEAR_LAYER_COST.get(backend or "")
    return fact[0] if fact else None


def moe_expert_share(backend: str) -> float | None:
    """The routed experts' one-token share of the stream rate on `backend` (MOE_EXPERT_SHARE), or None where no
    measurement separates it (the CUDA-fitted Calibration.bw_eff_moe_experts stands)."""
    fact = MOE_EXPERT_SHARE.get(backend)
    return fact[0] if fact else None


def decode_fact(
    gpu: Gpu, backend: str, weights: str = "quantized", *, build: str = "9999", precision: str | None = None
) -> DecodeFact | None:
    """The measured decode fact a llama.cpp build of month `build` (YYYY-MM; "9999" the current release a plan builds)
    on `backend` reads for this GPU family and `precision`: of the facts whose kernel path serves the weight type, the
    newest measured at or before the build (a release-dated series: the A770's SYCL 37 -> 42 -> 55), else the
    earliest (a build older than every measurement); None when the family and backend have none."""
    facts = [
        f
        for f in DECODE_FACTS
        if (f.family, f.backend, f.weights) == (gpu.architecture, backend, weights)
        and (not f.types or precision in f.types)
    ]
    if not facts:
        return None
    dated = [f for f in facts if f.since <= build]
    return max(dated, key=lambda f: f.since) if dated else min(facts, key=lambda f: f.since)


def backend_bandwidth_multiplier(
    gpu: Gpu,
    backend: str,
    cuda_share: float,
    per_layer_s: float,
    weights: str = "quantized",
    *,
    build: str = "9999",
    precision: str | None = None,
) -> float | None:
    """The multiplier on the CUDA-fitted llama.cpp share (`cuda_share`) that a sourced backend measurement of `weights`
    ("quantized" or "16-bit") implies for this GPU family at llama.cpp build `build` and `precision` (decode_fact), or
    None when no measurement exists (the CUDA-fitted figure then stands)."""
    fact = decode_fact(gpu, backend, weights, build=build, precision=precision)
    if fact is None:
        return None
    return fact.share(per_layer_s) / cuda_share


@dataclass(frozen=True)
class DecodeGemmFact:
    """Measured times of one decoder layer's weight GEMMs on one GPU family at the row counts (tokens in flight) a
    decode step runs, and the engine family and compute format they were measured for."""

    family: str  # the catalog's `architecture`
    engines: frozenset[str]  # the estimator engines whose GEMM libraries these kernels are (vLLM; SGLang stands in)
    compute: str  # the GEMM's compute format (precision.weight_format(...).compute)
    card: str
    bandwidth_gbps: float  # the card's HBM peak, for the stream term the derivation takes out
    layers: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # (what, ((N, K) of each GEMM of a layer))
    times_us: tuple[tuple[str, int, float], ...]  # (what, M, the layer's GEMMs' summed kernel time in us)
    source: str
    note: str

    def layer_bytes(self, what: str) -> float:
        """Weight bytes of one layer's GEMMs of `what` (one byte a weight: FP8)."""
        return float(sum(n * k for n, k in dict(self.layers)[what]))


# ROCm/aiter PR #1092 "[MI300X] tune Gemm performance for llama 70b/405b" (zhuyuhua-v, merged 2025-09-26, head
# 035725098db2), aiter/configs/a8w8_tuned_gemm.csv: the tuned FP8 (e4m3fnuz) row-wise-scaled GEMM, BF16 out, of every
# Llama 3.1 70B / 405B linear layer at TP 1/4/8 on MI300X (cu_num 304), each row 'cu_num,M,N,K,kernelId,splitK,us,...'.
# A layer's four GEMMs (QKV, O, gate+up, down; N x K per GPU) summed at M = 64, 128 and 256 tokens, the row counts a
# batched decode step runs (its users plus the arriving prompts' chunk). Tuned for AMD's own vLLM images, so an engine
# that ran another kernel (hipBLASLt) ran no faster; large M reaches the training tables' rate (70B TP1 at M 16384:
# 1,016 TFLOPS; mamf-finder's BF16 668 is the prefill and training figure), the decode row counts do not: 70B TP8 at M 128 is 337 TFLOPS, 13 % of
# the 2,615 TFLOPS FP8 peak, where the estimate's NVIDIA-calibrated matrix rate (vLLM's compute share 0.55 of the
# family's measured large-GEMM peak) gave 925.
_AITER_1092 = (
    "https://github.com/ROCm/aiter/blob/035725098db2d65f8d5757d6c8488c6176b00b93/aiter/configs/a8w8_tuned_gemm.csv"
)
DECODE_GEMM_FACTS: tuple[DecodeGemmFact, ...] = (
    DecodeGemmFact(
        "CDNA 3",
        frozenset({"vllm"}),
        "fp8",
        "AMD Instinct MI300X",
        5300.0,
        (
            ("llama-3.1-70b tp8", ((1280, 8192), (8192, 1024), (7168, 8192), (8192, 3584))),
            ("llama-3.1-70b tp4", ((2560, 8192), (8192, 2048), (14336, 8192), (8192, 7168))),
            ("llama-3.1-70b tp1", ((10240, 8192), (8192, 8192), (57344, 8192), (8192, 28672))),
            ("llama-3.1-405b tp8", ((2304, 16384), (16384, 2048), (13312, 16384), (16384, 6656))),
            ("llama-3.1-405b tp4", ((4608, 16384), (16384, 4096), (26624, 16384), (16384, 13312))),
        ),
        (
            ("llama-3.1-70b tp8", 128, 13.706 + 9.785 + 37.6681 + 20.0979),
            ("llama-3.1-70b tp8", 256, 19.1508 + 13.116 + 59.3987 + 30.643),
            ("llama-3.1-70b tp4", 64, 15.1543 + 11.0649 + 55.5133 + 26.3884),
            ("llama-3.1-70b tp4", 128, 18.5523 + 13.3875 + 68.6612 + 34.452),
            ("llama-3.1-70b tp4", 256, 27.1571 + 19.8307 + 98.3073 + 56.5659),
            ("llama-3.1-70b tp1", 64, 39.8615 + 32.1992 + 181.0358 + 99.0014),
            ("llama-3.1-70b tp1", 128, 54.2831 + 40.8281 + 216.3683 + 138.6632),
            ("llama-3.1-70b tp1", 256, 78.6809 + 63.4391 + 299.9197 + 207.9264),
            ("llama-3.1-405b tp8", 64, 25.6306 + 17.0095 + 95.3068 + 39.2547),
            ("llama-3.1-405b tp8", 128, 34.3268 + 22.3431 + 127.8211 + 58.5876),
            ("llama-3.1-405b tp8", 256, 47.4832 + 31.9769 + 172.2679 + 84.3868),
            ("llama-3.1-405b tp4", 64, 38.6556 + 34.1842 + 163.6357 + 80.1585),
            ("llama-3.1-405b tp4", 128, 50.9535 + 41.8041 + 209.8217 + 111.339),
            ("llama-3.1-405b tp4", 256, 75.9463 + 56.748 + 307.5373 + 162.2378),
        ),
        _AITER_1092,
        "aiter's tuned CK FP8 row-wise GEMMs for Llama 3.1 70B / 405B on MI300X, PR #1092 (September 2025)",
    ),
)
_GEMM_FACTS = {(f.family, f.compute): f for f in DECODE_GEMM_FACTS}


def decode_gemm_fact(gpu: Gpu, engine: str, compute: str) -> DecodeGemmFact | None:
    """The measured decode-shape GEMM table of `gpu`'s family for `engine`'s `compute` format, or None."""
    fact = _GEMM_FACTS.get((gpu.architecture, compute))
    return fact if fact is not None and engine in fact.engines else None


@lru_cache(maxsize=64)
def decode_gemm_tflops(fact: DecodeGemmFact, stream_share: float, norm: float) -> float:
    """The matrix rate (TFLOPS) the estimate's decode roofline must read so that a layer's GEMMs take the measured
    times: each measured layer is timed as the estimator times it, (stream^n + compute^n)^(1/n) with its weight stream
    at `stream_share` of the card's bandwidth and `norm` = Calibration.roofline_norm, and the one rate that
    minimises the squared log errors over the table is returned (to 1 TFLOPS). Derived, not fitted on any decode row."""

    def loss(rate: float) -> float:
        total = 0.0
        for what, m, us in fact.times_us:
            weights = fact.layer_bytes(what)
            stream = weights / (stream_share * fact.bandwidth_gbps * 1e9)
            compute = 2 * m * weights / (rate * 1e12)
            total += math.log((stream**norm + compute**norm) ** (1 / norm) / (us * 1e-6)) ** 2
        return total

    lo, hi = 50.0, 5000.0
    for _ in range(80):  # golden-section search: the loss is unimodal in the rate
        a, b = hi - (hi - lo) / 1.618034, lo + (hi - lo) / 1.618034
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return round((lo + hi) / 2)


@lru_cache(maxsize=64)
def decode_gemm_shape_rates(fact: DecodeGemmFact, stream_share: float, norm: float) -> tuple[tuple[float, float], ...]:
    """(one layer's weight bytes per GPU, the rate derived on that shape's rows alone: decode_gemm_tflops) for each
    measured layer shape, smallest first. The shapes differ: a layer split 8 ways fills fewer tiles than one split 4
    ways or whole (aiter PR #1092's table: 70B at TP 8, 107 MB a layer, 441 TFLOPS; 405B at TP 8, 398 MB, 593; 70B
    whole, 856 MB, 708), so one rate over the table read the smallest shapes' GEMMs about a quarter fast."""
    shapes = []
    for what, _ in fact.layers:
        rows = tuple(t for t in fact.times_us if t[0] == what)
        if rows:
            shapes.append(
                (fact.layer_bytes(what), decode_gemm_tflops(replace(fact, times_us=rows), stream_share, norm))
            )
    return tuple(sorted(shapes))


def decode_gemm_tflops_at(fact: DecodeGemmFact, stream_share: float, norm: float, layer_bytes: float) -> float:
    """The decode-shape matrix rate (TFLOPS) for GEMMs of `layer_bytes` weight bytes a layer on one GPU: between two
    measured shapes (decode_gemm_shape_rates) log-log in the bytes, at a measured shape's own rate outside them (no
    extrapolation past the table)."""
    shapes = decode_gemm_shape_rates(fact, stream_share, norm)
    if layer_bytes <= shapes[0][0]:
        return float(shapes[0][1])
    if layer_bytes >= shapes[-1][0]:
        return float(shapes[-1][1])
    for (b0, r0), (b1, r1) in zip(shapes, shapes[1:], strict=False):
        if b0 <= layer_bytes <= b1:
            f = math.log(layer_bytes / b0) / math.log(b1 / b0)
            return math.exp(math.log(r0) + f * (math.log(r1) - math.log(r0)))
    return float(shapes[-1][1])


# vLLM on AMD Instinct runs AMD's AITER kernels (tuned GEMMs, fused MoE, MLA and paged attention, norms) only when the
# launch sets VLLM_ROCM_USE_AITER: "Disable aiter ops unless specifically enabled. Acts as a parent switch to enable the
# rest of the other operations", default "False" (vllm/envs.py), and AMD's own serving README: "To enable the feature
# make sure the following environment is set: `VLLM_ROCM_USE_AITER=1`, the default value is `0`", its DeepSeek-V3 / R1
# instructions launching with `-e VLLM_ROCM_USE_AITER=1` (both at ROCm/vllm f8c9a385, 2025-08-28: https://github.com/
# ROCm/vllm/blob/f8c9a385233a8e1f724411785a1c326006640df5/docs/dev-docker/README.md and vllm/envs.py; the later envs.py
# copies in the code corpus, one with 2026's MXFP8 emulation switches, keep the "False" default). The estimate's CDNA 3
# decode reads AITER's kernels (DECODE_GEMM_FACTS: aiter's tuned GEMMs; its MoE layer checked against aiter's tuned
# fused-MoE times, tests/core/test_cdna3_decode_facts.py), and stacks without AITER measured slower (the ROCm MoE rows
# of February 2025: docs/estimates.md round 42), so the launch turns it on where AITER runs: gfx942 (MI300X, MI325X:
# "Fully supported") and gfx950 (MI350, MI355X: "Supported"), ROCm/aiter's README "Supported Hardware" at e4048607
# (2026-08-22). Not with an FP8 KV cache: AMD's dev-docker README above, "Known Issues and Workarounds": "AITER does not
# support fp8 kv cache".
VLLM_AITER_ENV = ("VLLM_ROCM_USE_AITER", "1")
VLLM_AITER_ARCHITECTURES = ("CDNA 3", "CDNA 4")


def vllm_rocm_aiter(gpu: Gpu | None, kv_cache_dtype: str | None = None) -> bool:
    """Whether a vLLM launch on `gpu` turns AMD's AITER kernels on (VLLM_AITER_ENV): an Instinct family AITER supports,
    without an FP8 KV cache."""
    return gpu is not None and gpu.architecture in VLLM_AITER_ARCHITECTURES and kv_cache_dtype != "fp8"
