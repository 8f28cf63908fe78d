"""Memory, speed and time for a model, a workload and a GPU configuration.

The formulas and their sources are listed in docs/estimates.md; each step also records a
sentence for `llm-rig estimate --explain`. Calibration constants live in `Calibration` so that the
reference-measurement tests and the docs point at one place; `CAL` is the shipped set, never reassigned. Other
constants (a refitted fold, a llama.cpp build) are passed explicitly: `estimate(..., cal=...)`, carried by the
explanation (`_Explain.cal`) through the steps and by a `cal` argument where there is none.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.errors import RequestError
from configurator.core.common.memo import remember, scoped, variant
from configurator.core.common.power_speed import POWER_SPEED
from configurator.core.common.reasons import Reason, Value, english
from configurator.core.common.serving_pool import (
    POOL_SOURCE,
    SGLANG_FRACTION_SOURCE,
    UNIFIED_KV_SOURCE,
    decode_depth,
    pool_of,
    sglang_mem_fraction_static,
)
from configurator.core.common.shapes import OffloadFields, OffloadHostJson, PlacementJson, SpeculationFields
from configurator.core.estimate.activations import (
    activation_bytes_per_layer,
    lora_inputs_per_layer,
    lora_params,
    selective_saved_bytes_per_layer,
)
from configurator.core.estimate.attention import (
    FRAMEWORK_KERNEL,
    KERNEL_SHARE_OF_COUNT,
    OTHER_STACKS_KERNEL,
    TRANSFORMER_ENGINE_KERNEL,
    framework_kernel,
    kernel_flops_per_counted,
    kernel_rate,
    kernel_tflops,
)
from configurator.core.estimate.backends import (
    MOE_EXPERT_SHARE,
    VULKAN_COOPMAT1_SHARE,
    VULKAN_SCALAR_PREFILL_SHARE,
    backend_bandwidth_multiplier,
    decode_fact,
    decode_gemm_fact,
    decode_gemm_tflops,
    decode_gemm_tflops_at,
    linear_layer_cost,
    llamacpp_backend,
    moe_expert_cost,
    moe_expert_share,
    sglang_attention_backend,
    vulkan_driver_prefill_share,
    vulkan_matrix_cores,
)
from configurator.core.estimate.cards import as_gpus
from configurator.core.estimate.collectives import (
    DGX_NIC_GBPS,
    GPUS_PER_NVLINK_DOMAIN,
    PCIE_BUSBW_SHARE,
    SERVER_ENGINES,
    SGLANG_CURRENT,
    VLLM_CURRENT,
    CardLinks,
    allreduce_latency,
    expert_dispatcher,
    inter_node_link,
    intra_node_link,
    moe_all_to_all,
    pcie_gbs,
    release_family,
    spans_nodes,
    tp_allreduces,
    xgmi_allreduce_growth_s,
)
from configurator.core.estimate.desktop_training import (
    desktop_mfu,
    gemm_time_share,
    training_backend,
    utilisation_sourced,
)
from configurator.core.estimate.frameworks import (
    DEEPSPEED_BUCKET_ELEMENTS,
    DEEPSPEED_MAX_LIVE_PARAMETERS,
    DEEPSPEED_PREFETCH_ELEMENTS,
    FSDP_QLORA,
    LIGER,
    LOGITS_BYTES,
    LOGITS_NOTES,
    LORA_DROPOUT_BYTES,
    OPTIMIZER_STATE_BYTES,
    Framework,
    default_framework,
    fp16_overflow_source,
    fp32_attention_source,
    framework,
    liger_flce_bytes,
    logits_handling,
    nf4_load_transient,
    pipeline_bubble,
    pipeline_pace,
    qlora_not_advised_source,
    shard_note,
    shard_stage,
)
from configurator.core.estimate.gemm import (
    EXPERT_ZERO_STAGES,
    LLAMA3_405B,
    MEGATRON_1T,
    LayerShape,
    default_expert_parallel,
    expert_time_factor,
    shape_factor,
    tokens_per_expert,
)
from configurator.core.estimate.gguf import FTYPE_DEFAULT, gguf_bytes
from configurator.core.estimate.global_batch import accumulation
from configurator.core.estimate.host import PCIE_COPY_EFFICIENCY, HostMemory, host_from_bandwidth
from configurator.core.estimate.kv import (
    LEGACY_TUPLE_CACHE_ARCHITECTURES,
    kv_bytes_per_token_per_layer,
    kv_cache_bytes,
    legacy_cache_copies,
    linear_attention_state_bytes,  # noqa: F401 - read from here by tests/core/test_models_2026.py
    mamba_state_bytes,  # noqa: F401
    recurrent_state_bytes,
)
from configurator.core.estimate.layer_kinds import (
    DELTA_NET_CHUNK,
    attention_scores,
    decode_attention_flops,
    full_layers,
    prompt_attention_flops,
    recurrent_scan_flops,
    score_widths,
    training_attention_flops,
)
from configurator.core.estimate.moe_layers import moe_layer_count
from configurator.core.estimate.optimizer_offload import (
    CPU_ADAM_RAM_SHARE,
    OffloadStep,
    host_json,
    offload_host,
    offload_step,
    typical_host_fields,
)
from configurator.core.estimate.params import ParamCounts, count_params
from configurator.core.estimate.precision import KV_BYTES, weight_format
from configurator.core.estimate.ranges import (
    LONG_SEQUENCE_HELD_OUT,
    TRAINING_FITTED_SEQUENCE,
    finetune_memory_regime,
    prefill_pipelined,
    prefill_unfitted,
    training_regime,
)
from configurator.core.estimate.ranges import memory_regime as ranges_memory_regime
from configurator.core.estimate.ranges import speed_regime as ranges_speed_regime
from configurator.core.estimate.result import EstimateResult, GpuMemory, MemoryBreakdown, Step, mfu_said, new_step
from configurator.core.estimate.runtime_buffers import (
    GPTQ_DEFAULT_KERNEL,
    gptq_kernel_buffer,
    transformers_prefill_workspace,
)
from configurator.core.estimate.serving import (
    SGLANG_MIXED_CHUNK_DEFAULT,
    arriving_prompt_tokens,
    arriving_requests,
    batched_tokens_budget,
)
from configurator.core.estimate.slow_prefill import slow_prefill_warning
from configurator.core.estimate.speculative import (
    DRAFT_ACCEPTANCE,
    DRAFT_ACCEPTANCE_LOW,
    DRAFT_ENGINES,
    DRAFT_SOURCE,
    LLAMACPP_SAMPLE_S,
    MTP_ACCEPTANCE,
    MTP_DRAFT_STEP_SHARE,
    MTP_SOURCE,
    draft_rate,
    speculative_rate,
    tokens_per_step,
)
from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS, TYPICAL_STATISTIC, TYPICAL_TRACE
from configurator.core.estimate.unified import (
    family_prefill_fitted,
    memory_limit,
    metal_alu_tflops,
    metal_layer_overhead,
    metal_prefill_share,
    metal_prefill_tflops,
    neural_accelerator_gain,
    unified_bw_efficiency,
    unified_expert_rows_half,
    unified_prefill_factor,
    vulkan_bf16_prefill,
)
from configurator.core.estimate.weights import WeightBytes
from configurator.core.estimate.weights import weight_bytes as _weight_bytes
from configurator.core.estimate.workload import ENGINE_STAND_IN, ENGINE_STAND_IN_WHY, Workload
from configurator.core.support.facts import (
    REFERENCE_MATMUL,
    dense_peak_tflops,
    has_matrix_units,
    nvidia_pro_rate,
    reference_matmul_efficiency,
    training_factor,
    training_half,
    training_tflops,
)
from configurator.core.support.pro_gemm import architecture_power_rate

GIB = 1024**3


# Decode tokens/s of LLaMA 2 7B (32 layers) before and after CUDA graphs, same machine and build otherwise:
# PR #6766 (JohannesGaessler's ./main tg, Q4_0): RTX 3090 116.31 -> 128.27, RTX 4090 138.31 -> 146.81;
# issue #6763 (the PR's announcement, Q4_K_M): H100 PCIe 143.35 -> 163.83. Seconds saved per token / 32 layers:
# 25.0, 13.1 and 27.3 us; Calibration.layer_overhead_saved_by_graphs is their mean.
CUDA_GRAPH_PAIRS = ((116.31, 128.27), (138.31, 146.81), (143.35, 163.83))
CUDA_GRAPH_PAIR_LAYERS = 32
CUDA_GRAPH_SAVING_S = sum(1 / a - 1 / b for a, b in CUDA_GRAPH_PAIRS) / len(CUDA_GRAPH_PAIRS) / CUDA_GRAPH_PAIR_LAYERS

LLAMA3_INTERRUPTIONS_PER_GPU_HOUR = 419 / (54 * 24 * 16384)
LLAMA3_HOURS_LOST_PER_INTERRUPTION = 0.1 / 0.9 * (54 * 24) / 419
"""Llama 3 (arXiv 2407.21783 sec. 3.3.4): 419 unexpected interruptions in a 54-day snapshot on 16,384 H100 with
"higher than 90% effective training time" (Calibration.interruptions_per_gpu_hour explains the arithmetic)."""


def _bloom_end_to_end_share() -> float:
    """BLOOM-176B's whole-run rate over its sustained one, restarts at the Llama 3 rate taken out (Calibration)."""
    layers, hidden, seq, vocab, gpus = 70, 14336, 2048, 250680, 384  # the paper's model (its sec. 3.2)
    flops_per_token = 96 * layers * hidden**2 * (1 + seq / (6 * hidden) + vocab / (16 * layers * hidden))
    achieved = flops_per_token * 366e9 / (1_082_990 * 3600)
    restarts = 1 / (1 + gpus * LLAMA3_INTERRUPTIONS_PER_GPU_HOUR * LLAMA3_HOURS_LOST_PER_INTERRUPTION)
    return achieved / 156e12 / restarts


# FP8's gain on an MoE training step, measured: NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md
# @067f987df03b8355b03192d88d70f1709fedf51a, "25.11 NeMo Container", DGX-GB300 pre-training table: DeepSeekV3 (w/o MTP)
# on 256 GPUs at one layout (GBS 4096, MBS 1, sequence 4096, TP 1, PP 2, VP 4, EP 32), BF16 3,848 and FP8-MX 4,357
# tokens/s/GPU: 1.132x. The only same-model, same-layout BF16 / FP8 pair in the tables (the GB200 pair, 3,139 and 4,018,
# changes PP 4 -> 8 and EP 64 -> 32 with the precision; dense models appear in FP8 only). Blackwell Ultra's dense FP8 peak
# is taken as twice its BF16 one, the ratio of every Hopper and Blackwell card in the catalog (an estimate: GB300 is not
# in the catalog): the share of the BF16 step that runs at the FP8 peak is (1 - 1 / 1.132) / (1 - 1 / 2) = 0.23, where a dense step's (MFU / large-GEMM efficiency) is 0.4-0.6.
# Expert GEMMs at a few sequences a micro-batch, the all-to-all, router and permutation keep their BF16 time.
MOE_FP8_PAIR_BF16_TPS = 3848.0
MOE_FP8_PAIR_FP8_TPS = 4357.0
MOE_FP8_PAIR_PEAK_RATIO = 2.0


def _fp8_share(bf16_rate: float, fp8_rate: float, peak_ratio: float) -> float:
    """The share of a BF16 step that runs at the FP8 peak, from a BF16 / FP8 pair of rates: (1 - 1 / gain) /
    (1 - 1 / peak ratio)."""
    return (1.0 - bf16_rate / fp8_rate) / (1.0 - 1.0 / peak_ratio)


def _moe_fp8_share() -> float:
    """The share of an MoE's BF16 step that FP8 speeds up, from the measured pair (Calibration.moe_fp8_gemm_share)."""
    return _fp8_share(MOE_FP8_PAIR_BF16_TPS, MOE_FP8_PAIR_FP8_TPS, MOE_FP8_PAIR_PEAK_RATIO)


# FP8's gain on a dense training step on Megatron-Core + Transformer Engine (Workload.transformer_engine), an ESTIMATE
# from two sources' figures for the same model and GPU in the same months of 2024, not one run's pair (none is
# published: Megatron-Bridge's and NeMo's summaries give dense models in FP8 only): BF16, Fujii, Nakamura, Yokota,
# arXiv 2411.08719v1 (2024-11), continued pre-training of Llama-3-70B with Megatron-LM on H100, "415 TFLOPS (with BF16)"
# (GPU count and sequence length not in the part read); FP8, NVIDIA/NeMo docs/source/performance/performance_summary.md
# @070a0bb168d405d653b9734c0017cf5078e77c0d (NeMo 24.07, DGX-H100, per-tensor FP8), LLAMA3-70B on 64 GPUs, sequence
# 8192, TP 4, PP 4, CP 2, VP 5: 738 model TFLOPS per GPU. 1.78x, where the GEMM-share reading (MFU / large-GEMM
# efficiency, about half the step) gives 1.3-1.4x: Transformer Engine also casts inside its fused norm + linear
# kernels and keeps FP8 activations, so more of the step shrinks than the GEMMs' BF16 time. The share of the BF16 step
# that runs at the FP8 peak (2x on H100): (1 - 415 / 738) / (1 - 1 / 2) = 0.875. Megatron-Bridge 26.04.01's dense FP8
# rows (fitted: Llama 3 70B 731, Llama 3.1 405B 827 model TFLOPS) read +33 / +41 % slow without it (docs/estimates.md,
# round 32); torchao's float8 on nn.Linear keeps the GEMM-share reading.
TE_DENSE_FP8_PAIR_BF16_TFLOPS = 415.0
TE_DENSE_FP8_PAIR_FP8_TFLOPS = 738.0
TE_DENSE_FP8_PAIR_PEAK_RATIO = 2.0


def _te_dense_fp8_share() -> float:
    """The share of a dense BF16 step that Transformer Engine's FP8 speeds up (Calibration.te_dense_fp8_gemm_share)."""
    return _fp8_share(TE_DENSE_FP8_PAIR_BF16_TFLOPS, TE_DENSE_FP8_PAIR_FP8_TFLOPS, TE_DENSE_FP8_PAIR_PEAK_RATIO)


# Element-wise traffic of an eager training step: Korthikanti et al. 2022 (arXiv 2205.05198, eq. 1), 34 bytes of
# activations per token and hidden unit per layer, written forward, read backward, and written and read again as their
# gradients (4 passes). Calibration.mfu_elementwise_bytes_per_hidden starts from it.
KORTHIKANTI_ELEMENTWISE_BYTES = 4 * 34.0
# torchtitan docs/performance.md @eaea6f6a2fa940f03a10906be1df3489cf30af85, Table 1: Llama 3.1 8B (hidden 4096) with
# FSDP on 8 H100, local batch 2, selective activation checkpointing, everything else equal: 5,762 TPS/GPU eager,
# 6,667 with torch.compile. Its H100s: "96GB HBM2e with 2.4 TB/sec peak memory bandwidth" at 500 W, peak "between SXM
# and NVL" (its footnote 2): taken as the middle of the two dense BF16 peaks (NVIDIA's H100 page, the catalog's h100-sxm
# 989.4 and h100-nvl 835.5 TFLOPS; tests/core/test_fused_kernels.py checks them against the catalog).
TORCHTITAN_EAGER_TPS = 5762.0
TORCHTITAN_COMPILE_TPS = 6667.0
TORCHTITAN_HIDDEN = 4096
TORCHTITAN_H100_TFLOPS = (989.4 + 835.5) / 2
TORCHTITAN_H100_GBPS = 2400.0


def _fused_elementwise_bytes() -> float:
    """Element-wise bytes per token and hidden unit per layer left in a fused/compiled step: those that make the GEMM
    share f(h) = h / (h + h0) of the torchtitan eager/compile pair differ by its measured ratio (Calibration)."""
    flops_per_byte = TORCHTITAN_H100_TFLOPS * 1e12 / (TORCHTITAN_H100_GBPS * 1e9)
    h0_eager = KORTHIKANTI_ELEMENTWISE_BYTES * flops_per_byte / 72
    ratio = TORCHTITAN_COMPILE_TPS / TORCHTITAN_EAGER_TPS
    h0_fused = (TORCHTITAN_HIDDEN + h0_eager) / ratio - TORCHTITAN_HIDDEN
    return max(0.0, KORTHIKANTI_ELEMENTWISE_BYTES * h0_fused / h0_eager)


@dataclass(frozen=True)
class Calibration:
    """Achieved fractions of peak and fixed costs, fitted to the published measurements in
    tests/data/reference_*.toml (llama.cpp tables by XiongjieDai, Qwen speed benchmarks,
    torchtune/Qwen fine-tuning tables, Llama/DeepSeek model cards); docs/estimates.md
    explains each fit."""

    # Runtime overhead per GPU: CUDA context, cuBLAS workspace, allocator slack.
    overhead_llamacpp: float = 0.35 * GIB
    overhead_transformers: float = 0.27 * GIB
    overhead_vllm: float = 1.5 * GIB  # context + CUDA graphs + sampler warm-up
    overhead_training: float = 1.0 * GIB
    fragmentation_training: float = 0.08  # PyTorch caching allocator slack on dynamic memory
    llamacpp_ubatch: int = 512
    # llama.cpp's micro-batch (-b/-ub) when the MoE experts sit in RAM (estimate.offload.experts_cal): every
    # micro-batch of a prompt streams the experts over PCIe to the card, so practitioners raise it from the default
    # 512 (see offload.EXPERTS_IN_RAM_UBATCH for the sources).
    llamacpp_ubatch_experts_in_ram: int = 4096
    # llama.cpp copies only the experts a micro-batch uses to the card (ggml-org/llama.cpp PR 15346, merged 2025-08):
    # the experts touched are those `share x ubatch` tokens choosing uniformly would touch (real routing is skewed, so
    # fewer than the micro-batch's tokens would). Fitted on the gpt-oss-120b / RTX 3090 -ub 512 and 4096 prompt rows
    # (tests/data/fit_offload.toml, mode hybrid_prefill); the -ub 256, 2048, 8192 rows are held out.
    expert_routing_share: float = 0.076
    # Decode: achieved fraction of peak memory bandwidth. GDDR cards with high clocks reach
    # more of their peak in llama.cpp than HBM data-center parts (fit: 7B and 70B Q4_0 on
    # RTX 6000 Ada vs A100/H100 PCIe give 0.72-0.75 vs 0.56-0.57).
    bw_eff_llamacpp_quant: float = 0.74
    bw_eff_llamacpp_quant_hbm: float = 0.58
    bw_eff_llamacpp_f16: float = 0.87
    bw_eff_llamacpp_f16_hbm: float = 0.73
    bw_eff_vllm: float = 0.80
    bw_eff_vllm_quant: float = 0.55  # GPTQ/AWQ kernels at batch 1 (Qwen2.5 7B/32B AWQ, GPTQ on A100)
    bw_eff_transformers: float = 0.80
    bw_eff_transformers_quant: float = 0.50
    bw_eff_amd: float = 0.82  # multiplier for ROCm/Vulkan (RX 7900 XTX llama.cpp)
    bw_eff_moe_experts: float = 0.60  # expert matmuls at batch 1 (Mixtral Q5_K_M on A100/H100)
    # Share of a batch's sequences that pick their experts independently of the others (trained routers send related
    # text to the same experts; 1.0 is independent uniform routing): a batch of b reads the experts 1 + spread (b - 1)
    # independent tokens would (experts_touched). FITTED (2026-12-03, with bw_eff_moe_experts_vllm held at 0.78) on the
    # ML.ENERGY Qwen3-30B-A3B-2507 H100 sweep (vLLM 0.11.1, 8-88 sequences): +3, +4, -2, -2, +1 %. Until 2026-12-03 it
    # was a pool of 0.65 x the experts, which never let a batch reach the rest (Mixtral 8x22B: 5.2 of 8 experts at any
    # batch, so the estimate stayed flat from 8 to 32 sequences where vllm PR #4002 measured a fifth slower).
    moe_routing_spread: float = 0.5
    # The serving engines' fused MoE kernels (vLLM / SGLang fused_moe) with one token per expert: their own share,
    # fitted on the Qwen3-30B-A3B rows (SGLang H20 at batch 1, ML.ENERGY vLLM sweep); bw_eff_moe_experts is llama.cpp's.
    bw_eff_moe_experts_vllm: float = 0.78
    bw_eff_cpu: float = 0.36  # weights in system RAM: ~35 of 96 GB/s reached (build rules R28, RAM-3)
    # Fixed per-token costs: per step and per transformer layer (launches, Python, sync).
    step_overhead_llamacpp: float = 0.0
    step_overhead_vllm: float = 2.5e-3  # Qwen2.5-0.5B/1.5B on A100: ~3 ms per token at any size
    step_overhead_transformers: float = 14e-3  # HF generate(): Qwen2.5-7B/32B on A100
    # SGLang 0.5 on (collectives.release_family "sglang-0.5", the plain SGLang estimate): its own per-step host cost,
    # where the SGLang estimate had charged vLLM's (step_overhead_vllm, fitted on vLLM rows of 2024) to every release.
    # FITTED (2026-12-06, moe39: `benchmarks/accuracy.py --no-cv --fit --refit=step_overhead_sglang,
    # mla_layer_latency_sglang decode_speed`) on the fitted rows of that family alone, SGLang's cookbook on B200
    # (DeepSeek-R1-0528 8 x B200 0.5.6.post1, Qwen3-235B-A22B-2507 8 x B200 0.5.6, GLM-4.7-Flash 1 x B200 0.5.7):
    # 1.72 ms, with the 0.5 MLA floor 50 -> 62 us. Checked on held-out one-GPU rows of the family: Gemma 4 26B-A4B on one
    # H200 (cookbook, 178.6 tokens/s) -12 % -> +0.5 %, gpt-oss-20b on one H100 (ai-bot-pro/achatbot) -12 / -3 % ->
    # +1 / +4 %, ERNIE 4.5 21B-A3B on one MI300X (0.5.7, 245.7) -35 % -> -25 %. SGLang 0.4.x keeps vLLM's figure (the
    # Qwen3 H20 rows of 0.4.6.post1 were fitted with it).
    step_overhead_sglang: float = 1.72e-3
    # llama.cpp per layer: the ggml graph's ~10 kernels per layer, each launched from the host (fitted on builds of
    # 2023-24 that launch every kernel: XiongjieDai's Dec 2023 tables, the multi-GPU rows, Mixtral).
    layer_overhead_llamacpp: float = 60e-6
    layer_overhead_llamacpp_hbm: float = 110e-6
    # What CUDA graphs take off that per-layer cost (the token's kernels captured once and replayed as one graph
    # launch, ggml-org/llama.cpp PR #6766). DERIVED, not fitted: the mean of the PR's own before/after pairs for
    # LLaMA 2 7B (32 layers), CUDA_GRAPH_PAIRS above.
    layer_overhead_saved_by_graphs: float = CUDA_GRAPH_SAVING_S  # 21.8 us
    # What a linear-attention (Gated DeltaNet) layer adds to that per-layer cost in a llama.cpp decode step: its
    # recurrent update is a chain of small ggml nodes on the layer's k x v state where an attention layer has one
    # FlashAttention kernel (src/models/delta-net-base.cpp build_delta_net_autoregressive: scale, exp, three muls, two
    # sum_rows, sub, repeat, add on the state; the layer adds a short convolution, two l2 norms, the gates and a gated
    # norm). FITTED (2026-12-06, moe1gpu35) on the one fitted row that runs such layers on llama.cpp: Qwen3.6-35B-A3B Q4
    # on an L40S, llama.cpp b8833, 144.7 tokens/s (ollama/ollama issue #14861: +15 % without it, +0.1 % at 30 us on a
    # 1 us grid; not a crossval knob: no other fitted row informs it). Checked on held-out rows: the same build family
    # on an RTX 5090 (ollama/ollama PR #16031, llama-server) decodes Qwen3.6- and
    # Qwen3.5-35B-A3B at 226.3 / 222.7 tokens/s against 331.2 for Qwen3-30B-A3B, an attention-only MoE of the same
    # active size; without the term the estimate read them +22 / +24 % and put the attention-only model slower.
    # REFITTED (2026-12-07, hybrid44) 30 -> 24 us on the same row once the decode step moves the layers' fp32 state
    # (recurrent_state_traffic: read and written back, 2 x 63 MB a token for this model), which took part of the
    # time the term had stood for: the row -2.7 % at 30 us, -0.2 % at 24 us (+0.2 % at 23; 1 us grid); the held-out
    # RTX 5090 rows read -0.6 / +1.0 % (-2.5 / -0.9 % before).
    layer_overhead_llamacpp_linear: float = 24e-6
    # What a multi-head latent attention layer (DeepSeek-V2/V3, GLM-4.7-Flash: llama.cpp's deepseek2 graph) adds to that
    # per-layer cost in a llama.cpp decode step: the latent path is a chain of small nodes where a GQA layer has its
    # projections and one FlashAttention kernel (src/models/deepseek2.cpp: wq_a, its norm and wq_b; wkv_a_mqa and its
    # norm; two ropes; the per-head wk_b absorption matmul between two permutes; two concatenations; attention over
    # 576-wide keys with the per-head wv_b after it; wo), and these models' MoE layers run a shared expert beside the
    # routed ones. FITTED (2026-12-06, decode36) on the one fitted row of mainline llama.cpp running such a model one
    # token at a time: GLM-4.7-Flash Q2_K on an RTX 3090, micro-batch 1, pp512, 123.66 tokens/s (ggml-org/llama.cpp PR
    # #19097, January 2026): +92 % without it, +0.3 % at 82 us (1 us grid, least |log error|). Not a crossval knob: no
    # other fitted row informs it. Checked on a held-out row (nothing fitted on it): DeepSeek-V2-Lite Q4_0 on an RTX
    # 3090 at micro-batch 1, 180.89 tokens/s (PR #15525, August 2025): +52 % without it, -5 % with it.
    layer_overhead_llamacpp_mla: float = 82e-6
    # The plain estimate describes a current CUDA build: graphs on (see llamacpp_build and _cuda_graphs).
    llamacpp_cuda_graphs: bool = True
    llamacpp_volta_turing_graphs: bool = True
    # A HIP build replays the decode step as one hipGraph on one GPU (LLAMACPP_HIP_GRAPHS_SINCE): a current build
    llamacpp_hip_graphs: bool = True
    # quantized MoE experts picked on the device under CUDA graphs (LLAMACPP_CUDA_MOE_GRAPHS_SINCE): a current build
    llamacpp_cuda_moe_graphs: bool = True
    # Fixed cost of each touched expert per MoE layer on that device-side path, as bytes at the stream rate (so a GPU
    # with more bandwidth pays it in less time). Fitted with backends.MOE_EXPERT_SHARE on kyuz0's Strix Halo rows
    # (tests/data/fit_offload.toml): see backends.py.
    moe_expert_fixed_bytes: float = 2.5e6
    # A Vulkan build records the ggml graph into command buffers and submits them in batches (up to 100 nodes a
    # submission, ggml-vulkan GGML_VK_MAX_NODES_PER_SUBMIT), not a host launch per kernel: the same saving as graphs.
    llamacpp_vulkan: bool = False
    # The llama.cpp backend a run used (cuda, hip, sycl, vulkan, metal); None: the vendor's documented default
    # (backends.DEFAULT_LLAMACPP_BACKEND). A family and backend with a published decode rate (backends.DECODE_FACTS)
    # reads its own bandwidth share.
    llamacpp_backend: str | None = None
    # The month (YYYY-MM) of the llama.cpp build and its drivers a run used (llamacpp_build); the plain estimate is
    # today's. Vulkan's matrix cores depend on it (backends.vulkan_matrix_cores).
    llamacpp_date: str = "9999"
    # The Vulkan driver a run used (radv, amdvlk, windows; backends.VULKAN_DRIVER_FAMILY); None: a Linux build's Mesa
    # RADV. On a family with a measured same-build pair (backends.VULKAN_DRIVER_PREFILL_FACTS) it sets the share of
    # HIP's prompt rate a Vulkan build reaches.
    llamacpp_vulkan_driver: str | None = None
    # vLLM's async scheduling (--async-scheduling, vllm-project/vllm PR #19970, June 2025: "overlapping scheduling with
    # model execution ... the scheduler operate[s] one step ahead") takes the engine's per-step host work
    # (step_overhead_vllm) off the step's critical path: the step is the GPU's part or that host work, whichever is
    # longer. ON, as the current release runs it (collectives.VLLM_CURRENT): opt-in until v0.13 (vllm-project/vllm
    # vllm/config/scheduler.py at 01230b40128e570a58e54e75f7e55c4d5cd9246d: `async_scheduling: bool = False`), the
    # default since v0.14.0 (PR #27614, the last item of the "Async Scheduling Plan" issue #27679; the field became
    # `bool | None`, "If set to False, disable async scheduling", as PR #32775 of 2026-01-21 quotes it). vLLM's step
    # constants were fitted additive on runs without it: a row is scored as its run had it (tests/reference.py,
    # `async_scheduling`). SGLang estimates (the vLLM stand-in) leave it off: SGLang's floors were fitted additive.
    vllm_async_scheduling: bool = True
    # The share of that per-step host work the overlap hides: step = max(step - share x host, host). A current release
    # (default-on since v0.14.0, #27614) is taken to hide all of it, the mechanism's design (not fitted: the rows of
    # those releases are holdout; vLLM 0.21/0.23 and InferenceX's 2026 gpt-oss H100 rows read within 10 % with it).
    vllm_async_overlap: float = 1.0
    # The opt-in --async-scheduling of the releases before v0.14.0 (vllm_release): scored as hiding none of it, as the
    # vLLM constants above were fitted (additive) on the ML.ENERGY vLLM 0.11.1 sweeps that ran it (their
    # monolithic.config.yaml: async-scheduling: true). A refit with this share free (2026-12-03: 0.64, with
    # step_overhead_vllm 3.0 ms, seq_overhead_vllm 41 us, roofline_norm 1.5) lowered the reference loss 0.120 -> 0.113
    # but put the same release's B200 sweep (holdout) at 15 % median error instead of 8 % and the holdout at 12.6 / 53.8 %
    # median / p90 instead of 10.5 / 52.2 %: not shipped (docs/estimates.md, async scheduling).
    vllm_async_overlap_opt_in: float = 0.0
    # exllamav2 (and v3) run each attention and MLP block as one C++ call into its extension (exllamav2_ext
    # ext_qmlp.cpp / ext_qattn.cpp: `q_mlp_forward_` does norm, gate/up, activation, down and residual, replayed as a
    # CUDA graph when `use_graphs`), so a layer costs fewer launches than llama.cpp's ggml graph. Fitted on the
    # ExLlama GPTQ rows (mlc-ai/llm-perf-bench, RTX 4090: 7B and 13B, whose difference separates the per-layer cost
    # from the weight stream); the exllamav2 README rows in tests/data/holdout_decode_speed.toml check it.
    layer_overhead_exllamav2: float = 40e-6  # 7B +3.6 %, 13B -4.6 % (llama.cpp's 60 us: -5.9 %, -11.0 %)
    layer_overhead_vllm: float = 10e-6
    # vLLM's host work per running sequence and step (scheduling, input preparation, sampling, detokenising and
    # streaming each sequence's token), on top of the GPU's step: fitted on the ML.ENERGY H100 sweep (8-512 sequences,
    # tests/data/reference_decode_speed.toml); the B200 sweep, whose 8B steps at 512 sequences take as long as the
    # H100's (53 vs 52 ms) though its GPU is 2.3x faster, shows the cost sits outside the GPU.
    seq_overhead_vllm: float = 38e-6
    layer_overhead_transformers: float = 50e-6
    # HF transformers MoE blocks run the routed experts one by one in a Python loop (modeling_qwen3_moe.py,
    # transformers 4.51: `for expert_idx in range(self.num_experts)`, a torch.where host sync and ~8 small kernel
    # launches per expert, also for experts no token chose). Cost per expert and MoE layer, fitted on Qwen3-30B-A3B
    # BF16 on an H20 (Qwen3 speed benchmark, transformers 4.51.3: 1.89 tokens/s, 48 layers x 128 experts):
    # (1/1.89 - 1/52.4) s / 6144 = 83 us.
    expert_loop_transformers: float = 83e-6
    # Prefill: achieved fraction of dense fp16 tensor throughput.
    # llama.cpp (CUDA/ROCm/SYCL builds of 2023-24, the XiongjieDai tables): large micro-batches run as fp16 GEMMs
    # (cuBLAS/hipBLAS/oneDNN, FP16 accumulate), quantized weights first dequantized to fp16 (ggml-cuda
    # MMQ_MAX_BATCH_SIZE 32: above it, dequantize + cuBLAS), so the rate is
    #   min(fp16 tensor peak x compute_eff_llamacpp, board power x prefill_tflops_per_watt) x (dequant share if quantized)
    # GEMM share of the fp16-accumulate peak (GeForce cards: twice the FP32-accumulate figure the catalog lists).
    # prefill31 (2026-12-05): refitted 0.52 -> 0.48 (benchmarks/accuracy.py --fit prefill_speed, the other five as
    # shipped) once a prompt's FLOPs leave out the output head and the last layer's MLP (prompt_output_only_params).
    compute_eff_llamacpp: float = 0.48
    # Sustained GEMM throughput per watt of board power: dense tensor GEMMs run at the power limit, so big-die parts
    # with a low TDP for their peak (H100 PCIe 350 W for 756 TFLOPS, RTX 6000 Ada 300 W for 364) clock down and reach
    # a far smaller share of peak than GeForce cards (XiongjieDai tables: H100 PCIe and RTX 6000 Ada at 0.12-0.20 of
    # peak, RTX 3090/4080 at 0.3-0.55). Fitted (benchmarks/accuracy.py --fit prefill_speed), with compute_eff_llamacpp,
    # on 36 rows from 3 sources (2026-12-01: XiongjieDai's Dec 2023 rows scored as first evaluations, see
    # tests/reference.py FIRST_EVAL_STARTUP_S; before that they read as a slower build and pulled both down).
    prefill_tflops_per_watt: float = 0.40
    # Quantized weights: the dequantize-to-fp16 pass before each GEMM (same-table pairs: Q4_0/Q4_K_M pp512 is 0.66-0.91
    # of F16 pp512 on RTX 3090/4080/4090, A100, H100 PCIe). Fitted on those builds; builds with int8 MMQ skip the pass.
    prefill_dequant_llamacpp: float = 0.75
    # Which llama.cpp the prefill formulas describe (llamacpp_build() sets both from a build date).
    # llamacpp_flash_attention: the KQ scores stay on chip (no attention_score_bytes): on by default, as in llama.cpp
    # since August 2025 and in the launch command the app writes (-fa on).
    # llamacpp_int8_mmq: quantized prompt batches run as int8 tensor-core MMQ (no dequantize pass; NVIDIA CUDA with
    # int8 tensor cores), as builds since June 2024 do. Off by default: crediting it fits the Q4_0 rows on Ada cards
    # (PR #7676's pair, PR #19053's RTX 6000 Ada) but puts Turing (RTX 2080 Ti +45 %), Q6_K (PR #7860, +22 %) and MoE
    # prompts (gpt-oss-20b +62 %) far over their measurements (holdout, 2026-12-01), and rows that do not name their
    # build (the 2023-24 tables) would read 9.8 % -> 22 % median error; so the estimate keeps the dequantize-path rate,
    # conservative for quantized prompts on current NVIDIA builds. Rows from June 2024 builds are scored with it on.
    llamacpp_int8_mmq: bool = False
    llamacpp_flash_attention: bool = True
    # A prompt's attention (QK and PV, prompt_attention_flops) runs at this share of the matmul rate the prompt's
    # weights are multiplied at. 1.0: the share the estimate has always used, kept after round 36 (fill36) fitted it on
    # depth sweeps (ggml-org's DGX Spark pp2048 @ d4096..d32768, XiongjieDai's pp 4096 / 8192 from empty) and each
    # source's fit read the other source worse than 1.0 did (docs/estimates.md, Round 36): the rows disagree by model
    # (Qwen3 30B's attention runs faster than its FLOPs say, Gemma 3's and gpt-oss's slower), not by one rate.
    prompt_attention_share: float = 1.0
    # MoE prompts: llama.cpp groups each micro-batch's tokens by expert (MUL_MAT_ID), so an expert's matmul has
    # t = ubatch x k / E rows instead of the ubatch's 512, and its weight tiles are loaded and unpacked for fewer tokens
    # each: the expert GEMMs reach t / (t + t_half) of the dense rate (_moe_prefill_time_factor). FITTED
    # (benchmarks/accuracy.py --fit prefill_speed, 2026-12-02: 108.7) on the MoE reference row of ggml-org/llama.cpp PR
    # #20586 (gpt-oss-20b on an RTX 3090, 64 rows an expert), which the dense rate read +113 %. DeepSeek-V2-Lite's row
    # (PR #15525, a build that grouped tokens by expert on the host) is kept but not fitted: with it the fit is 202.
    # prefill31 (2026-12-05): refitted 109 -> 114 with compute_eff_llamacpp, once the prompt skips the output head.
    prefill_expert_rows_half: float = 114.0
    # Gated DeltaNet layers (Qwen3-Next, the Qwen3.5 / 3.6 hybrids) in a llama.cpp prompt: the delta rule runs chunk by
    # chunk (CHUNK_SIZE 64 in llama.cpp's src/models/qwen3next.cpp), each chunk's state update waiting on the previous
    # one, as a chain of small fp32 ops per value head that no tensor-core GEMM rate describes. Seconds per value head,
    # 64-token chunk and DeltaNet layer (delta_net_prompt_seconds). DERIVED (prefill44, 2026-12-07): the median of what
    # each fitted hybrid row asks for on top of the rest of the prompt model, 10.9-16.5 us on four rows of two machines
    # and two backends (Strix Halo Vulkan build 9187: Qwen3.6-35B-A3B Q8, Qwen3.6-27B Q8, Qwen3.5-122B-A10B Q5,
    # tests/data/fit_offload.toml; MI100 HIP: Qwen3.5-35B-A3B Q4_0, ggml-org/llama.cpp PR #22298), which the estimate
    # read +14..+46 % fast; a per-layer-and-chunk cost spreads twice as wide (0.35-1.06 ms), so the cost follows the
    # heads. Not scaled by the GPU's speed: the 256 GB/s iGPU and the 1.2 TB/s MI100 ask for the same time.
    llamacpp_delta_net_chunk_s: float = 13e-6
    # The llama.cpp builds the chunk time above was measured on (YYYY-MM), which the explanation names: its rows ran
    # May-June 2026 (Strix Halo Vulkan build 9187-9193, 2026-05-18; MI100 HIP, PR #22298, 2026-06). hybrid45: not a
    # build trend but a card's: at builds of the same months the GATED_DELTA_NET op that runs a prompt's delta rule
    # (ggml-org/llama.cpp PR #19504, Feb 2026; token-sequential on CUDA, issue #22967, May 2026) takes ~1.1 us a value
    # head and chunk on an RTX 5090 (PR #22587's kernel timing, 280 us for 512 tokens of a 32-head layer) and 7-24 us on
    # AMD's gfx1151 and gfx906 (AMD-Ecosystem/llama.cpp PR #54, mxxm-t/mx-llama.cpp PR #2); and kyuz0's Strix Halo
    # hybrids moved with the non-hybrid controls from build 8743 to 9193 (docs/estimates.md, Round 45).
    llamacpp_delta_net_chunk_build: str = "2026-05"
    # Blackwell's FP4 tensor cores (m16n8k64, twice the int8 rate) multiply MXFP4 experts natively since
    # ggml-org/llama.cpp PR #17906 (merged December 2025): gpt-oss-20b pp512-pp8192 x1.26-1.27 on the PR's RTX PRO 6000
    # Blackwell table (10560.64 -> 13304.80 t/s at pp512). DERIVED: the PR's own pp512..pp8192 mean.
    llamacpp_blackwell_mxfp4: bool = True
    # Which release of the fine-tuning framework the memory formulas describe (YYYY-MM-DD; None: the current one).
    # Rows from torchtune's 2024 READMEs and tutorials are scored as that torchtune ran (frameworks.framework); inference
    # rows under transformers as that release held the KV cache (kv.legacy_cache_copies: a tuple before v4.36).
    framework_released: str | None = None
    # Which GPTQ kernel transformers runs for a 4-bit checkpoint (runtime_buffers: its persistent scratch); its
    # GPTQConfig default unless a measurement names another.
    gptq_kernel: str = GPTQ_DEFAULT_KERNEL
    # Attention without flash attention (llama-bench's default -fa 0 until August 2025; builds with llamacpp_flash_attention
    # off): the KQ score matrix of each micro-batch goes through memory in fp32, written by KQ, read and written by the
    # softmax, read by KQV (ggml graph llm_build_kqv): 4 passes x 4 bytes per score, read at the decode bandwidth share.
    attention_score_bytes: float = 16.0
    compute_eff_vllm: float = 0.55
    # How a decode step's weight GEMMs combine the weight stream (t_w) and their FLOPs (t_c): (t_w^n + t_c^n)^(1/n).
    # n = 1 is no overlap, n -> infinity the ideal roofline max(t_w, t_c); GEMMs of 64-128 rows reach neither bound.
    # Fitted with seq_overhead_vllm on the ML.ENERGY H100 sweep: batched rows 9.3 % median with max(), 8.9 % with
    # n = 1 (which costs the single-stream rows 1.7 points: t_c is not negligible on slow cards), 6.5 % with n = 1.6.
    roofline_norm: float = 1.6
    compute_eff_transformers: float = 0.40
    # Tensor parallel: latency of one all-reduce (two per layer) over PCIe and NVLink.
    allreduce_pcie_s: float = 35e-6
    allreduce_nvlink_s: float = 15e-6
    layer_split_hop_s: float = 60e-6  # passing activations to the next GPU per token
    # Tensor parallelism across nodes (more SXM GPUs than one NVLink domain, collectives.spans_nodes): one small
    # all-reduce over the fabric (NCCL over InfiniBand between two HGX nodes). Fitted with the two latency floors below,
    # moe_routing_spread and bw_eff_moe_experts_vllm (2026-12-02, `benchmarks/accuracy.py --fit decode_speed` restricted
    # to these five) on the DeepSeek-R1 16 x H100 row (tests/data/reference_decode_speed.toml); bounded 20-200 us.
    allreduce_fabric_s: float = 27e-6
    # The serving engines' latency floor of one MoE layer in a decode step (router, grouped top-k, activation
    # quantization, fused expert kernels at one token per expert, shared expert, combine: collectives.py), on top of
    # the weight stream. Fitted on the Qwen3-235B-A22B H20 rows (SGLang 0.4.6.post1, 94 MoE layers: 74.5 and 71.65
    # tokens/s where the weight stream alone gives ~115) and the DeepSeek rows.
    moe_layer_latency_server: float = 43e-6
    # MLA's absorbed attention (DeepSeek-V2/V3/R1, Kimi K2): the extra chain of small kernels per layer over a GQA
    # layer (q_a/q_b/kv_a projections, two norms, W_UK/W_UV absorption, decoupled RoPE; collectives.py), as the 2025
    # releases ran it (collectives.release_family "2025": SGLang 0.4.x and every vLLM release measured). The joint fit
    # gives 393 us, which leaves the SGLang 16 x H100 row at -32 % and the vLLM DeepSeek-V3.2 row at +1 %; 330 us is
    # chosen between the two DeepSeek sources (-23 %, +14 %), the loss over all decode rows nearly flat across 300-400.
    # moe42: the V3.2 row has read mla_layer_latency_vllm since moetp29, so only "2025"-family rows read this floor; its
    # fitted ones (July 2025) refit it to 261 us, its held-out ones of Dec 2024-Feb 2025 imply 380-700 us (a release
    # trend inside the family: docs/estimates.md, round 42). Not changed.
    mla_layer_latency_server: float = 330e-6
    # The same floor in SGLang 0.5 on (collectives.release_family "sglang-0.5": the plain SGLang estimate). FITTED
    # (2026-12-03, `benchmarks/accuracy.py --fit decode_speed` over this knob alone, all else as shipped) on SGLang's own
    # cookbook rows of DeepSeek-R1-0528 FP8 on 8 x B200 (SGLang 0.5.6.post1, 1-100 users, tests/data/reference): 50 us.
    # A joint fit with the MoE floor gives 50 and 45 us (the MoE floor is 43 us in both families). Kept out: InferenceX
    # #870 (SGLang v0.5.7 on 8 x H200) and the cookbook's Kimi-K2.5 INT4 rows (0.5.6.post2), holdout.
    mla_layer_latency_sglang: float = 62e-6  # moe39: 50 -> 62 us refitted with step_overhead_sglang (1.72 ms)
    # SGLang's triton MLA decode kernel (the backend its cookbook launches GLM-4.7-Flash with: backends.SGLANG_MLA_BACKEND)
    # pays per decode step a cost that grows with the depth read, not with the users: seconds per token of mean depth
    # and MLA layer. The cookbook's GLM-4.7-Flash BF16 rows on one B200 (SGLang 0.5.7, `--attention-backend triton`,
    # tests/data/reference) grow 1.09 us per token of depth at one user (TPOT 8.75, 10.94, 12.63 ms at 821, 2,833 and
    # 4,405 tokens) and 1.34 us at 16 users, over 47 MLA layers; the latent cache at the stream rate explains 130 times
    # less. FITTED (2026-12-06, moe38: least mean |log error| over those nine rows, 1 ns grid 0-40, all else as
    # shipped): 19 ns (23 ns, the one-user slope alone, is within 0.002 of it); mean |log error| 0.284 -> 0.162, the
    # one-user rows +1 / +26 / +45 % -> -7 / -2 / 0 %; the batched rows keep +20..+34 % (not depth: the same at 1K).
    # Not a crossval knob: no other fitted row runs the triton backend, so the fold that leaves the cookbook out keeps
    # the shipped value.
    mla_depth_sglang_triton: float = 19e-9
    # The same floor in vLLM 0.11 on (collectives.release_family "vllm-0.11": full CUDA graphs by default, the MLA
    # decode replayed inside the step's graph; the plain vLLM estimate). FITTED (2026-12-05, moetp29: `benchmarks/
    # accuracy.py --fit decode_speed` over this knob alone, all else as shipped) on the fitted rows of that family:
    # ML.ENERGY's DeepSeek-V3.1 FP8 on 8 x B200 under vLLM 0.11.1 (GPQA, 8-256 sequences) and vLLM 0.13's
    # DeepSeek-V3.2 on 8 x H20 (vllm-project/vllm #30832). Held out: ML.ENERGY's V3.1 chat and R1-0528 GPQA sweeps.
    mla_layer_latency_vllm: float = 165e-6  # ep41: 190 -> 165 us refitted with ep_layer_latency_vllm (163 us)
    # vLLM's MoE layer under expert parallelism (`--enable-expert-parallel`: the experts whole across the GPUs, the
    # attention tensor parallel; with one data-parallel rank, as every EP row here ran, no all-to-all runs at all:
    # vllm/model_executor/layers/fused_moe/config.py `use_all2all_kernels: return self.dp_size > 1 and self.use_ep`,
    # so each rank runs its own experts on the replicated tokens and the layer ends in the tensor-parallel all-reduce)
    # pays a latency floor per MoE layer beside the tensor-parallel floors, whatever the attention, and waits for its
    # busiest rank (_expert_parallel_wait, moe43: the per-model part, from experts per token, the number and size of
    # the experts, the EP degree and the batch). FITTED (ep41: 163 us with no busiest-rank wait; moe43: 107 us beside
    # it, `python benchmarks/accuracy.py --no-cv --fit --refit=ep_layer_latency_vllm decode_speed`, the MLA floor
    # kept) on the rows the split rule puts in the fit: ML.ENERGY's Qwen3-235B-A22B-2507 (FP8, BF16) and Llama 4 Scout
    # pages and its DeepSeek-V3.1 page, vLLM v0.11.1 (tests/data/reference, `expert_parallel`). Paid only when the run
    # asks for EP (vllm_expert_parallel); the launch command the app writes is tensor parallel.
    ep_layer_latency_vllm: float = 107e-6
    # The run launched vLLM with `--enable-expert-parallel` (tests/reference.py: a row that says `expert_parallel`).
    # OFF in the plain estimate: the app's launch command sets tensor parallelism only (collectives.py).
    vllm_expert_parallel: bool = False
    # The vLLM release the estimate describes (collectives.VLLM_CURRENT; vllm_release() sets a run's): its MLA floor's
    # family (collectives.release_family).
    vllm_version: str = VLLM_CURRENT
    # The SGLang release the estimate describes (collectives.SGLANG_CURRENT; sglang_release() sets a run's).
    sglang_version: str = SGLANG_CURRENT
    # SGLang runs an arriving prompt as its own prefill (extend) batch while the decode batch waits
    # (serving.SGLANG_MIXED_CHUNK_DEFAULT: `--enable-mixed-chunk` off by default); True describes a server launched with
    # the flag, whose prompts ride inside the decode steps as vLLM's chunked prefill does.
    sglang_mixed_chunk: bool = SGLANG_MIXED_CHUNK_DEFAULT
    # What such a prefill batch costs the running decode batch: this share of the arriving request's own prefill time
    # as the estimate gives one user's time to first token (_prefill's ttft: the prompt at the prefill rate, one weight
    # read, SGLang's eager launches, sglang_prefill_eager): the extend batch the decode batch waits for is that request's
    # prefill. Until round 39 (moe39) the stall was priced apart from the TTFT, as the prompt plus
    # prefill_expert_rows_half x E / k wasted expert rows at 0.31 of the prefill rate (fitted 2026-12-03 on the 12
    # 8 x B200 cookbook rows at 16-100 users): on one GPU that charged 3-7x the prefill the same cookbook pages measure as
    # one user's TTFT (ERNIE 4.5 on one MI300X, 276 ms an arriving 8K request where the page's one-user TTFT at 4,194
    # tokens is 72 ms; Gemma 4 26B-A4B on one H200, 121 ms against 46.6), and read those held-out rows -40..-51 %.
    # moe40 (2026-12-06): the stall is the arriving prompt's FLOPs at the prefill rate in full (the decode batch waits
    # for every one of them) plus this share of the rest of that TTFT, one weight read and the eager launches, which an
    # extend batch pays once for the requests it carries (SGLang's scheduler puts every waiting request into the next
    # extend batch, up to its token budget: sgl-project/sglang python/sglang/srt/managers/scheduler.py,
    # get_new_batch_prefill in the 2025 releases, one PrefillAdder over the waiting queue bounded by max_prefill_tokens
    # and chunked_prefill_size, run before the decode batch: "Run prefill first if possible"); and the TTFT is a lone
    # user's: moe39 had timed it on the running batch's step, whose weight read is the experts the batch's decode tokens
    # touch on one GPU's bandwidth (R1 at 100 users on 8 x B200: 531 GiB, 92 ms of a 254 ms "one-user" TTFT where the
    # cookbook measures 126-166 ms).
    # FITTED (2026-12-06, moe40: `benchmarks/accuracy.py --no-cv --fit --refit=sglang_stall_share decode_speed`, all
    # else as shipped: 0.503; moe39's fit under its own structure was 0.54) on the fitted SGLang batched rows (the
    # cookbook's DeepSeek-R1-0528 and Qwen3-235B-A22B on 8 x B200 and GLM-4.7-Flash on one B200). Not applied to the
    # one-user time to first token (est.prefill).
    sglang_stall_share: float = 0.50
    # SGLang's time to first token pays the prefill's kernel launches: an extend (prefill) batch runs eagerly, without
    # the CUDA graph the decode step replays (`--enable-piecewise-cuda-graph` off by default in the releases measured:
    # sgl-project/sglang python/sglang/srt/server_args.py, `enable_piecewise_cuda_graph: bool = False` beside
    # `enable_mixed_chunk` in the late-2025 dataclass), so the same chain of small dependent kernels the decode
    # floor counts (MoE and MLA layers at the SGLang 0.5 floors, _server_layer_latency) is launched one by one from
    # Python. Its cost is this multiple of that floor. FITTED (2026-12-04, `benchmarks/accuracy.py --fit first_token`:
    # mean |log error| over the 13 reference rows gives 27.8, the cookbook's rows alone ~22) on one-user TTFTs whose
    # prompt FLOPs are a few percent of them: SGLang's cookbook on 8 x B200 (DeepSeek-R1-0528 FP8, SGLang 0.5.6.post1,
    # 126-166 ms, page of 2026-02-10; Qwen3-235B-A22B BF16, 0.5.6, 99-140 ms, page of 2026-01-14; prompts of 610 and
    # 4,194 tokens) and tenstorrent/tt-inference-server #356 (R1-0528 on 16 x H100 over InfiniBand, SGLang of July
    # 2025, 180-264 ms at 128-8,192 tokens, 2025-07-09). Dense GQA models have no floor here and pay none (no sourced
    # SGLang one-user TTFT of a dense model yet); a release that captures prefill graphs by default would pay less.
    # moe39: 28 -> 25 (`benchmarks/accuracy.py --no-cv --fit --refit=sglang_prefill_eager first_token`: 24.9), refitted
    # once the SGLang 0.5 MLA floor it multiplies rose 50 -> 62 us with step_overhead_sglang.
    sglang_prefill_eager: float = 25.0
    # vLLM's one-user time to first token pays a fixed cost per request beside the prompt's FLOPs and one weight read:
    # the OpenAI server's tokenizing and detokenizing, the scheduler's step, the first streamed chunk. FITTED
    # (2026-12-04, `benchmarks/accuracy.py --fit first_token`, its least mean |log error| with SGLang's rows unaffected)
    # on one-user vLLM TTFTs at short prompts (128-512 tokens), where the compute is a few milliseconds:
    # tenstorrent/tt-inference-server #394 (Qwen3-4B BF16 on one RTX 4090, 2025-11-12: 33.1 and 24.7 ms at 128 tokens),
    # vllm-project/vllm #20710 (Llama-3.3-70B FP8 on 2 x B200, vLLM v0.9.0, 2025-07-09: 0.05 s at 512) and ai.wmx.dev's
    # L4 sweep (Qwen2.5-0.5B BF16, vLLM v0.23.0, 2026: 27.0 ms median at 256). The releases (0.9.0 to 0.23.0) do not
    # separate: one constant. tt-inference-server #356's vLLM sweep (R1-AWQ on 8 x H100, July 2025) is held out.
    vllm_first_token_s: float = 19e-3
    # Training: utilisation of peak bf16 by the compute (FLOPs counted as in _training_time, recomputation
    # included; communication and pipeline bubbles are not in it: parallel.py adds what does not overlap).
    # Reference points are the largest published runs, whose end-to-end figure is a lower bound of it:
    # A100: Narayanan et al. 2021 (Megatron-LM), a 1T-parameter GPT (hidden 25600) on 3072 A100 at 502 PFLOP/s,
    #   "50% efficiency" (r/mlscaling summary of arXiv 2104.04473; FLOPs counted with recomputation).
    # H100: Llama 3 405B (hidden 16384) at 430 TFLOPS per GPU on 8,192 H100 (TP 8, PP 16; 400 on 16,384), the Llama 3
    #   paper's table as quoted at glennklockwood.com/garden/llama-3.1: 430 / 989 = 0.43.
    default_mfu_ampere: float = 0.50
    default_mfu_hopper: float = 0.43
    mfu_reference_hidden_ampere: int = MEGATRON_1T.hidden
    mfu_reference_hidden_hopper: int = LLAMA3_405B.hidden
    # Those two figures are rates of runs with tensor and pipeline parallelism: their steps included a pipeline bubble
    # and tensor-parallel all-reduces. Neither a single estimate (a data-parallel job: estimate() prices its all-reduce
    # with multi_gpu_scaling_*) nor the cluster planner (parallel.py, which adds the bubble and the exposed
    # communication of its own layout) pays those of the reference run, so both start from the reference run's
    # compute-only utilisation: base / the share of the reference run's step that the planner itself spends computing
    # at that run's layout (compute over step without restarts, GEMM-shape term included). Derived, not fitted:
    # tests/core/test_weak_scaling.py recomputes both from the planner and fails when they drift.
    # A100: the 1T GPT at the paper's layout (TP 8, PP 64, 3,072 GPUs, batch 3,072 x 2048; the interleaved schedule
    #   the planner picks there, 2 chunks per GPU).
    # H100: Llama 3 405B on 8,192 H100 at a 16M-token batch, at the planner's own layout (Meta's TP 8 x PP 16 does
    #   not fit the planner's memory model at sequence 8192).
    plan_step_share_ampere: float = 0.879
    plan_step_share_hopper: float = 0.953
    # Smaller models spend relatively more time in memory-bound work beside the matrix multiplies (norms, residual
    # adds, activation functions, rotary, dropout, loss): per token and layer that work moves bytes in proportion to
    # the hidden size h, while the GEMMs do 72 h^2 FLOPs (6 FLOPs per parameter x 12 h^2 parameters per layer,
    # Narayanan et al. 2021 sec. 5.1). The GEMM share of the time is then h / (h + h0) with
    # h0 = bytes_per_hidden x (peak FLOP/s / memory bytes/s) / 72: a GPU with more FLOPs per byte of bandwidth (H100:
    # 295 FLOP/B, A100 80GB: 153) loses more at small h. MFU = the generation's reference MFU x f(h) / f(h_ref).
    # bytes_per_hidden starts from Korthikanti et al. 2022 (arXiv 2205.05198, eq. 1): 34 bytes of activations per
    # token and hidden unit per layer are written in the forward pass, then read in the backward and written and read
    # again as their gradients (4 passes, 136 bytes); cross-validation refits it (benchmarks/accuracy.py).
    # That is an eager stack: every norm, activation, rotary and residual add is its own kernel, a round trip through HBM.
    mfu_elementwise_bytes_per_hidden: float = KORTHIKANTI_ELEMENTWISE_BYTES
    # A stack that fuses them (torch.compile, hand-fused Triton/CUDA kernels: Workload.fused_kernels) keeps most of that
    # traffic on chip. Derived, not fitted, from torchtitan's eager/compile pair (TORCHTITAN_*: Llama 3.1 8B, 8 H100,
    # 5,762 -> 6,667 TPS/GPU, x1.157): on its H100 (380 FLOP/B: 912 TFLOPS, the middle of SXM and NVL, over 2.4 TB/s)
    # the eager h0 = 136 x 380 / 72 = 718, and (4096 + 718) / (4096 + h0') = 1.157 gives h0' = 65, i.e. 136 x 65 / 718
    # = 12 bytes (clamped at 0 were the ratio above the whole eager term; at the SXM peak it would be 20, at the NVL
    # peak 2.5). The reference runs stay priced as they ran (Megatron-LM 2021: partially fused; Llama 3 405B: stack not
    # published), so a fused stack may beat them by the gain the fusion would give at their size (default_mfu).
    mfu_elementwise_bytes_fused: float = _fused_elementwise_bytes()
    # Attention without FlashAttention writes each head's s x s score matrix to memory and reads it back: Korthikanti
    # et al. 2022 (eq. 1) count 5as bytes per token and layer (softmax output 2as, dropout mask as, dropout output 2as;
    # a heads, s the sequence), the same 4 passes as above make 20as. It costs h/(h + h0 + 20 a s r / 72 h) at r FLOPs
    # per byte. The A100 reference (the 1T GPT, Narayanan et al. 2021, 160 heads at 2048) predates FlashAttention (Dao et
    # al. 2022) and paid it; FlashAttention keeps the scores on chip ("IO-aware": never materialised in HBM), so a
    # FlashAttention run does not. The H100 reference (Llama 3 405B, 2024) is taken as a FlashAttention run.
    mfu_attention_score_bytes: float = 20.0
    # Which attention the training estimate describes: FlashAttention (PyTorch SDPA, Megatron-Core, HF, torchtitan and
    # lit-gpt use it on Ampere and later). Rows from runs that materialised the scores are scored with it off.
    training_flash_attention: bool = True
    # Which FlashAttention kernel times that attention, on the cards whose kernel rate is measured (attention.py:
    # FlashAttention-2 and the 2023 Triton kernel on A100 and H100, FlashAttention's README figures), or None: attention
    # at the step's GEMM rate, as the reference runs' utilisation counts it. None by default (train29, docs/estimates.md
    # round 29): "flash2" moves the held-out p90 from 27.6 % to 43.2 % and their 80 % range's coverage from 48 to 41 of
    # 66 rows, all of it llm-foundry's MPT-7B tables (7 of 19 inside -> 0; the other 47 rows: 41 inside either way,
    # median 13.5 -> 12.7 %, p90 22.4 -> 23.8 %). Timed at the Triton kernel those tables ran, their errors move by at
    # most 0.22 across 512-65,536 tokens within a table (0.20-0.65 at the GEMM rate): the slope is theirs; but every
    # row runs 26-54 % faster than the estimate, a level the estimate misses at every length. On H100
    # FlashAttention-2's isolated rate also runs ahead of the measured runs: torchtitan's Llama 3.1 8B at 8K on 128 H100
    # reads 23 % fast (its test allows 20 %). `benchmarks/accuracy.py --attention-kernel=flash2` scores with it; a row
    # that ran another kernel says which (attention_kernel), read only then. attention.FRAMEWORK_KERNEL times each step
    # at its own framework's kernel (attention.framework_kernel: cuDNN for Transformer Engine on Hopper and Blackwell),
    # attention.TRANSFORMER_ENGINE_KERNEL only TE steps: both measured and left off (train40, docs/estimates.md round 40:
    # the 2026 cuDNN rate reads the fitted 2024-25 TE rows fast, fitted p90 29.1 -> 35.9 %, and no held-out row is a TE
    # run; `benchmarks/attention_modes.py` scores each mode, refitted on the fitted rows too).
    training_attention_kernel: str | None = None
    # Elapsed-time losses grow with the cluster: a synchronous job restarts from its last checkpoint whenever any GPU
    # fails. Llama 3 (arXiv 2407.21783 sec. 3.3.4): 419 unexpected interruptions in a 54-day snapshot on 16,384 H100,
    # "higher than 90% effective training time". Per GPU-hour 419 / (54 x 24 x 16384) = 1.97e-5 interruptions; 10 %
    # lost at one interruption every 3.1 h is ~0.31 h lost each (restart plus work since the checkpoint).
    # Effective share = 1 / (1 + GPUs x rate x hours lost): 99.7 % at 512 GPUs, 90 % at 16,384.
    interruptions_per_gpu_hour: float = LLAMA3_INTERRUPTIONS_PER_GPU_HOUR
    hours_lost_per_interruption: float = LLAMA3_HOURS_LOST_PER_INTERRUPTION
    # FP8 training (DeepSeek-V3 report sec. 3.3: GEMMs in FP8 for forward, activation and weight gradients; attention,
    # norms and the optimizer in BF16/FP32): only the time spent in GEMMs shrinks, by the FP8/BF16 peak ratio at the
    # same GEMM efficiency. The GEMM share of the BF16 step is MFU / (achieved large-GEMM efficiency), the measured
    # A100 BF16 figure support_facts.REFERENCE_MATMUL (271.2 of 312 TFLOPS, ml-engineering MAMF table).
    # An MoE step's FP8 gain is measured, not derived from its MFU: the share of the BF16 step that runs at the FP8
    # peak, from the one same-model, same-layout BF16 / FP8 pair on Megatron-Core + Transformer Engine (MOE_FP8_PAIR).
    moe_fp8_gemm_share: float = _moe_fp8_share()
    # A dense step's FP8 share on Megatron-Core + Transformer Engine (Workload.transformer_engine): estimated from two
    # sources' BF16 and FP8 figures for Llama-3-70B on H100 (TE_DENSE_FP8_PAIR); an MoE step keeps its measured share.
    te_dense_fp8_gemm_share: float = _te_dense_fp8_share()
    # Desktop and workstation cards: an ESTIMATE, not a fit (no consumer-card run among the reference rows), taken at an
    # RTX 3090 with FlashAttention and moved per card by its traffic; desktop_training.py gives the reason and sources.
    default_mfu_consumer: float = 0.35
    # The same figure on the one backend with published single-card fine-tuning rates, CUDA (desktop_training.
    # TRAINING_FACTS: torchtune's README, September 2024, Llama 3.1 8B LoRA and full fine-tune on one RTX 4090 at 2 x
    # 2048 tokens, torch.compile): FITTED as the value that makes the log errors of the two "fit" rows sum to zero
    # (tests/core/test_consumer_training.py refits it and fails when it drifts). XPU and RDNA 4 keep the figure above.
    default_mfu_consumer_cuda: float = 0.763
    # ROCm on RDNA 3 (desktop_training.RDNA3_TRAINING_TESTS: one LLaMA-Factory LoRA job on an RX 7900 XTX and an RTX
    # 3090, February 2024): FITTED as the value at which the estimated 7900 XTX / 3090 throughput ratio is the measured
    # one (5,044 / 6,334 tokens/s = 0.796), so the job's own distance from the CUDA figure (the 3090's estimate is
    # 28 % above its measured rate) is not charged to the vendor; tests/core/test_consumer_training.py refits it. Other RDNA generations and
    # XPU keep default_mfu_consumer.
    default_mfu_consumer_rocm: float = 0.476
    # A months-long run loses time beside its steady-state steps and beside restarts after failures (below): checkpoint
    # saves, evaluation, data and straggler stalls. BLOOM-176B (BigScience, arXiv 2211.05100): 156 TFLOP/s per A100 in
    # its fastest configuration ("about 150" on the run's own status page, bigscience.notion.site), counted with
    # Megatron's formula (96 B s l h^2 (1 + s/6h + V/16lh), recomputation included), while its 1,082,990 GPU-hours for
    # 366B tokens on 384 GPUs (the paper; GENCI) give 134.8 TFLOP/s by the same count: 0.864 (0.90 against 150), of
    # which restarts at the Llama 3 rate explain 0.4 %; the rest, 0.866, is this share. Published GPU-hours of whole runs
    # include it; a steady-state throughput (tokens/s per GPU, a benchmark) does not (tests/reference.py: steady_state).
    # Cross-validation refits it (benchmarks/accuracy.py).
    end_to_end_share: float = _bloom_end_to_end_share()
    multi_gpu_scaling_nvlink: float = 0.95
    multi_gpu_scaling_pcie_p2p: float = 0.85
    multi_gpu_scaling_pcie: float = 0.75
    # The share of a step's compute that hides a sharded job's weight gathers (FSDP FULL_SHARD / ZeRO-3, and FSDP's CPU
    # offload of the shards; FSDP's backward prefetch and ZeRO-3's prefetch overlap them with the layers' compute): all
    # of it, so a step takes the longer of its compute and its gathers, as the cluster planner times ZeRO-3
    # (parallel._data_parallel). Answer.AI's FSDP + QLoRA benchmarks (AnswerDotAI/fsdp_qlora benchmarks_03_2024.md,
    # February-March 2024, 1,024 x 2,048 tokens): Llama-2 70B QLoRA on 4 and 8 x A5000 4,829 s and 2,613 s, on 2 x
    # A5000 offloaded 9,688 s, and 7B LoRA sharded on 2 x RTX 4090 at PCIe 4.0 x16 481 s: within 6 % hidden, 20-27 %
    # slow added to the compute (tests/core/test_sharded_training.py). Their 2 x RTX 3090 "older motherboard and slow
    # PCI lanes" rig is slower than x16 can explain (7B LoRA sharded at batch 1: 3,090 s against 969 estimated): the
    # estimate assumes x16 per card, which a board with fewer lanes per card does not give. FITTED by eye on those rows
    # (hidden or added is the question), not by crossval.
    sharded_gather_overlap: float = 1.0
    # The share of the host's peak RAM bandwidth an offloaded fine-tune's CPU Adam streams at (optimizer_offload.py:
    # FITTED on DeepSpeed's core-binding post, tests/core/test_optimizer_offload.py refits it)
    cpu_adam_ram_share: float = CPU_ADAM_RAM_SHARE


CAL = Calibration()
"""The shipped constants: the default of every function that takes a `cal`. Never reassigned at run time."""

# llama.cpp's prompt processing changed twice in ways the formulas model (ggml-org/llama.cpp):
# - int8 tensor-core MMQ, PR #7676 (legacy quants) and PR #7860 (K-quants), both merged June 2024: quantized prompt
#   batches multiply the quantized blocks on int8 tensor cores (mma, Turing and later) in the CUDA backend; before,
#   batches above MMQ_MAX_BATCH_SIZE (32) were dequantized to fp16 and handed to cuBLAS (prefill_dequant_llamacpp).
#   The PRs' own tables: RTX 4090 llama 8B Q4_0 pp512 6280 -> 10359 t/s, RTX 3090 Q6_K pp2048 2002 -> 3491 t/s.
# - FlashAttention on by default, PR #15434 (August 2025, "use FA + max. GPU layers by default"; llama-bench -fa auto):
#   the fp32 KQ scores no longer go through memory.
# A given build is estimated with `estimate(..., cal=llamacpp_build(date))` (tests/reference.py does it for rows that name
# their build); other backends (Vulkan, SYCL, HIP, Metal) do not run the CUDA MMQ kernels. Calibration says which of
# the two the plain estimate assumes (FlashAttention yes, int8 MMQ no) and why.
LLAMACPP_INT8_MMQ_SINCE = "2024-06"
LLAMACPP_FLASH_ATTENTION_SINCE = "2025-08"
# Token generation changed with CUDA graphs, PR #6766 (merged 2024-05-08, on by default in CUDA builds): each decode
# step's kernels are captured once and replayed as one graph, instead of a host launch per kernel. The PR enables them
# for one GPU and batch size 1 only ("disable for multi-gpu and batch size > 1", the merge commit's log) and on
# compute capability 8.0 and later (ggml-cuda.cu ggml_cuda_graph_set_enabled: `cc < GGML_CUDA_CC_AMPERE` ->
# disable_due_to_gpu_arch); PR #25749 (July 2026) lowered that gate to Volta and Turing; Pascal stays excluded (PR
# #27721, open). Other backends (Vulkan, SYCL, HIP, Metal) keep their own per-kernel submission.
LLAMACPP_CUDA_GRAPHS_SINCE = "2024-05"
LLAMACPP_CUDA_GRAPHS_VOLTA_TURING_SINCE = "2026-08"
# HIP builds compile the same ggml-cuda graph code (GGML_HIP_GRAPHS), off by default since it came in (PR #11362,
# 2025-01-22: "disabled by default ... hipGraph dosent improve performance at all") until PR #22254 ("HIP: flip
# GGML_HIP_GRAPHS to on", IMbackK, opened 2026-04-22, merged): "due to improvements in rocm and our usage and
# construction of graphs this is no longer true, so lets change the default". A build from the month after it replays a
# one-GPU decode step as one graph and saves what CUDA graphs save (Calibration.layer_overhead_saved_by_graphs, 21.8 us
# a layer, derived on CUDA, PR #6766). The PR's own gfx1100 pairs agree (master -> hipgraph, tg64: gemma4 26B.A4B Q6_K
# 85.50 -> 91.82 over 30 layers, 26.8 us a layer; qwen2 14B Q8_0 47.17 -> 48.51 over 48, 12.2 us; qwen35 27B Q4_K_M
# 28.19 -> 29.13 over 64, 17.9 us; mean 19.0 us), read as a check, not fitted: their master column is held out.
# A build of April 2026 is taken as before it (the PR's master column is such a build).
LLAMACPP_HIP_GRAPHS_SINCE = "2026-05"
# MoE decode on CUDA without the host round trip: ggml-org/llama.cpp PR #19645 (2026-02-15, "cuda : enable CUDA graphs
# for MMID 1 <= BS <= 4", continuing #18958) runs a batch-1 MUL_MAT_ID through MMVQ with the expert ids on the device
# and under CUDA graphs; before, "the selection of experts is done on the CPU, and forces a synchronization" (slaren,
# issue #12859, April 2025), which bw_eff_moe_experts (0.60, Dec 2023 Mixtral rows) prices. From this build on a CUDA
# decode reads quantized experts at the device-side share measured on Vulkan (backends.MOE_EXPERT_SHARE).
LLAMACPP_CUDA_MOE_GRAPHS_SINCE = "2026-02"
# Native MXFP4 prompt processing on Blackwell: ggml-org/llama.cpp PR #17906 (opened 2025-12-10, merged December 2025).
LLAMACPP_BLACKWELL_MXFP4_SINCE = "2025-12"
MXFP4_BLACKWELL_PREFILL_SPEEDUP = (1.26 + 1.27 + 1.27 + 1.27 + 1.27) / 5  # PR #17906: pp512, 1024, 2048, 4096, 8192
# GB10 (DGX Spark and its OEM twins) is a Blackwell GPU of compute capability 12.1 ("Device 0: NVIDIA GB10, compute
# capability 12.1, VMM: yes" in ggml-org/llama.cpp benches/dgx-spark.md); estimate/unified.py names its Gpu record by
# the chip, so it is listed by that name (before 2026-12-04 it paid a host launch per kernel: 60 us a layer, not 38).
CUDA_GRAPH_ARCHITECTURES = frozenset({"Ampere", "Ada Lovelace", "Hopper", "Blackwell", "GB10"})
VOLTA_TURING = frozenset({"Volta", "Turing"})
# Which of those the plain estimate takes: the build of today (graphs on, Volta and Turing included).
LLAMACPP_CURRENT = "9999"
# vLLM's async scheduling became the default in v0.14.0 (release notes of 2026-01: "Async scheduling enabled by default
# (#27614)"); before it the flag was opt-in (vllm_release)
VLLM_ASYNC_DEFAULT_SINCE = (0, 14)


def vllm_release(release: str, cal: Calibration = CAL) -> Calibration:
    """The constants `cal` as vLLM `release` (e.g. "0.11.1") ran: its MLA floor (collectives.release_family) and async
    scheduling, where a release before v0.14.0 hides the opt-in share of the step's host cost
    (Calibration.vllm_async_overlap_opt_in); whether a run used async scheduling at all is
    Calibration.vllm_async_scheduling."""
    version = tuple(int(p) for p in release.lstrip("v").split(".")[:2])
    cal = replace(cal, vllm_version=release)
    if version < VLLM_ASYNC_DEFAULT_SINCE:
        return replace(cal, vllm_async_overlap=cal.vllm_async_overlap_opt_in)
    return cal


def sglang_release(release: str, cal: Calibration = CAL) -> Calibration:
    """The constants `cal` as SGLang `release` (e.g. "0.5.6.post1", "0.4") ran: its serving floors
    (collectives.release_family)."""
    return replace(cal, sglang_version=release)


def llamacpp_build(
    date: str, backend: str = "cuda", flash_attention: bool | None = None, cal: Calibration = CAL
) -> Calibration:
    """The constants `cal` (the shipped ones unless given) as a llama.cpp build of `date` (YYYY-MM, or YYYY when the
    source gives only the year) on `backend` ran; `flash_attention` when the run set -fa itself (else the default of
    that build)."""
    fa = date >= LLAMACPP_FLASH_ATTENTION_SINCE if flash_attention is None else flash_attention
    return replace(
        cal,
        llamacpp_int8_mmq=backend == "cuda" and date >= LLAMACPP_INT8_MMQ_SINCE,
        llamacpp_flash_attention=fa,
        llamacpp_cuda_graphs=backend == "cuda" and date >= LLAMACPP_CUDA_GRAPHS_SINCE,
        llamacpp_volta_turing_graphs=backend == "cuda" and date >= LLAMACPP_CUDA_GRAPHS_VOLTA_TURING_SINCE,
        llamacpp_hip_graphs=backend == "hip" and date >= LLAMACPP_HIP_GRAPHS_SINCE,
        llamacpp_cuda_moe_graphs=backend == "cuda" and date >= LLAMACPP_CUDA_MOE_GRAPHS_SINCE,
        llamacpp_blackwell_mxfp4=backend == "cuda" and date >= LLAMACPP_BLACKWELL_MXFP4_SINCE,
        llamacpp_vulkan=backend == "vulkan",
        llamacpp_backend=backend,
        llamacpp_date=date,
    )


_NUMBERS_ONLY: ContextVar[bool] = ContextVar("numbers_only", default=False)


@contextmanager
def _switched_on(flag: ContextVar[bool], memos: str) -> Iterator[None]:
    """`flag` set inside, with the memos kept apart under `memos` (memo.variant)."""
    token = flag.set(True)
    try:
        with variant(memos):
            yield
    finally:
        flag.reset(token)


@contextmanager
def numbers_only() -> Iterator[None]:
    """Inside, estimates give their numbers, fits and warnings without their explanation: no step or assumption is
    rendered or kept (as a side computation's, _Explain.quiet). For a caller that reads only prices and speeds, a map
    cell (advise.landscape.solve_cell): the explanations were about a tenth of the default map's CPU (5.1 -> 4.6 s in
    one process, 2026-12-04, #34). The memos are kept apart meanwhile (memo.variant), so a plan made later in the same
    process (the window's, beside an in-process map) never meets an estimate, option or build without its words."""
    with _switched_on(_NUMBERS_ONLY, "numbers-only"):
        yield


def explained() -> bool:
    """Whether estimates made here keep their explanation (not inside numbers_only)."""
    return not _NUMBERS_ONLY.get()


_STEPS_UNREAD: ContextVar[bool] = ContextVar("steps_unread", default=False)


@contextmanager
def steps_unread() -> Iterator[None]:
    """Inside, estimates keep no chain of steps (EstimateResult.steps empty); their numbers, fits, assumptions and
    warnings are as ever. For a caller that shows no step: `llm-rig plan` prints each build's assumptions and never
    the chain, which `estimate --explain` and the window show. A plan's estimates rendered a sentence for every step
    (the 70B top-5: 2,930 for 372 estimates, #34). The memos are kept apart meanwhile (memo.variant), as numbers_only
    keeps its own."""
    with _switched_on(_STEPS_UNREAD, "steps-unread"):
        yield


def stepped() -> bool:
    """Whether estimates made here keep their chain of steps (not inside numbers_only or steps_unread)."""
    return not _NUMBERS_ONLY.get() and not _STEPS_UNREAD.get()


class _Explain:
    def __init__(self, cal: Calibration = CAL, kept: bool = True) -> None:
        self.cal = cal  # the constants every step of this estimate reads
        # False: a side computation whose sentences nobody reads (quiet()), or any estimate inside numbers_only: its
        # steps and assumptions are not rendered. A plan renders an English sentence per step of every estimate; the
        # side computations' were a third of them (the 70B top-5: 1,530 memory passes for 504 estimates, #34)
        self.kept = kept and not _NUMBERS_ONLY.get()
        self.stepped = self.kept and not _STEPS_UNREAD.get()  # its steps are kept (assumptions: self.kept)
        self.steps: list[Step] = []
        self.assumptions: list[str] = []
        self.coded: list[Reason] = []  # the assumptions given as codes (their English is in `assumptions`)
        self.warnings: list[Reason] = []
        self.scaling: float | None = None  # the data-parallel scaling efficiency a training time assumes
        self.offload_s = 0.0  # wall seconds of the offloaded optimizer steps (_offloaded_step), over the run
        self.offload_host: OffloadHostJson | None = None  # the host they were timed on (_offloaded_step)
        self.layout: list[str] = []  # the assumptions that describe one machine's data-parallel layout
        # decode tokens/s at the low and the central draft acceptance (--speculative draft): the range's ends
        self.speculation_span: tuple[float, float] | None = None
        self.draft_repo: str | None = None

    def quiet(self) -> _Explain:
        """A fresh explanation with the same constants, for a side computation whose sentences are not kept."""
        return _Explain(self.cal, kept=False)

    def offloaded(self) -> OffloadFields:
        """The EstimateResult fields of an offloaded optimizer step: its hours and the host it was timed on."""
        return {"offload_step_hours": self.offload_s / 3600, "offload_host": self.offload_host}

    def speculation(self) -> SpeculationFields:
        """The EstimateResult fields of a draft-model speculation (none set when it did not apply)."""
        return {"speculation_span": self.speculation_span, "draft_repo": self.draft_repo}

    def assume_layout(self, text: str | Reason) -> None:
        """An assumption about the single machine's data-parallel layout (a cluster plan states its own instead)."""
        if text and self.kept:
            self.assume(text)
            self.layout.append(english(text) if isinstance(text, Reason) else text)

    def step(self, topic: str, text: str | Reason) -> None:
        """One link of the chain: its own words, or a code (est.*) whose English is the text."""
        if not self.stepped:
            return
        if isinstance(text, Reason):
            self.steps.append(new_step(topic=topic, text=english(text), said=text))
        else:
            self.steps.append(new_step(topic=topic, text=text, said=None))  # typed fields: nothing to validate

    def assume(self, text: str | Reason) -> None:
        if not self.kept:
            return
        said = text if isinstance(text, Reason) else None
        text = english(text) if isinstance(text, Reason) else text
        if text not in self.assumptions:
            self.assumptions.append(text)
            if said is not None:
                self.coded.append(said)


def _gb(value: float) -> str:
    return f"{value / GIB:.2f} GiB"


# --------------------------------------------------------------------------- engines


def _calibrated_engine(workload: Workload, ex: _Explain) -> Workload:
    """The workload as the formulas see it: an engine without calibration rows of its own is
    estimated with the engine it works like (workload.ENGINE_STAND_IN says which and why)."""
    stand_in = ENGINE_STAND_IN.get(workload.engine or "")
    if stand_in is None:
        return workload
    ex.assume(
        Reason.of(
            "est.stand-in", engine=workload.engine, stand_in=stand_in, why=ENGINE_STAND_IN_WHY[workload.engine or ""]
        )
    )
    # model_copy skips validation on purpose: the stand-in may not load this format itself
    return workload.model_copy(update={"engine": stand_in})


# --------------------------------------------------------------------------- split


def _choose_split(model: ModelArch, workload: Workload, gpus: int, ex: _Explain) -> str:
    if gpus == 1:
        return "single"
    if workload.kind != "inference":
        return "data"
    requested = workload.split
    engine = workload.engine
    if requested == "auto":
        requested = "tensor" if engine == "vllm" else "layer"
    if requested == "tensor":
        heads = model.num_attention_heads
        if gpus in (2, 4, 8, 16) and not heads % gpus:
            return "tensor"
        if engine == "vllm":
            tp, pp = serving_layout(model, gpus)
            if tp > 1:
                ex.assume(Reason.of("est.vllm-tp-pp", heads=heads, gpus=gpus, tp=tp, pp=pp))
                return TENSOR_PIPELINE
            ex.assume(Reason.of("est.vllm-layers", heads=heads, gpus=gpus))
            return "layer"
        if gpus not in (2, 4, 8, 16):
            return "layer"
        ex.assume(Reason.of("est.heads-layers", heads=heads, gpus=gpus))
        return "layer"
    return "layer"


TENSOR_PIPELINE = "tensor-pipeline"
"""The split of a vLLM job over a GPU count tensor parallelism alone cannot use: tensor parallel inside each pipeline
stage (estimate.parallel.serving_layout gives the degrees)."""


def serving_layout(model: ModelArch, gpus: int) -> tuple[int, int]:
    """(tensor, pipeline) degrees of a vLLM job on `gpus` GPUs (estimate.parallel.serving_layout)."""
    from configurator.core.estimate.parallel import serving_layout as layout  # parallel.py imports this module

    return layout(model.num_attention_heads, model.num_kv_heads, model.num_layers, gpus)


def _layer_assignment(layers: int, gpus: int) -> list[int]:
    base, extra = divmod(layers, gpus)
    return [base + (1 if i < extra else 0) for i in range(gpus)]


# --------------------------------------------------------------------------- inference


def _engine_overhead(engine: str, *, cal: Calibration) -> float:
    return {"llama.cpp": cal.overhead_llamacpp, "vllm": cal.overhead_vllm}.get(engine, cal.overhead_transformers)


def prompt_tokens(workload: Workload, context: int) -> int:
    """Tokens of each sequence's prompt, processed in one forward pass before the first generated token:
    the stated prompt, else the whole context (the largest prefill a sequence of that length can need: what the
    memory holds room for)."""
    return min(workload.prompt or context, context)


INFERENCE_CONTEXT = 4096
"""The context an inference request is sized for when none is given (Workload.resolved's default)."""


def typical_prompt_said(prompt: int, context: int) -> Reason:
    """est.typical-prompt: the wait is timed for the median prompt of a chat trace (traffic.TYPICAL_TRACE), with the
    trace named, not for the whole context. A 32k-128k context is the room a long conversation or document can grow
    to, not what every prompt sends: timing every first token for the whole context had a 128k Qwen3 wait minutes on
    cards that answer a chat in seconds. --prompt states the user's own."""
    return Reason.of(
        "est.typical-prompt",
        prompt=prompt,
        context=context,
        statistic=TYPICAL_STATISTIC,
        trace=TYPICAL_TRACE.trace,
        source=TYPICAL_TRACE.source,
    )


def waited_prompt_tokens(workload: Workload, context: int) -> int:
    """The prompt the first token waits for: the stated prompt, else a typical one (TYPICAL_PROMPT_TOKENS) within the
    context."""
    return min(workload.prompt or TYPICAL_PROMPT_TOKENS, context)


def _inference_activations(
    model: ModelArch, workload: Workload, context: int, engine: str, has_head: bool, *, cal: Calibration
) -> float:
    """Workspace for one forward pass of the largest chunk the engine processes at once."""
    h, vocab, inter = model.hidden_size, model.vocab_size, model.intermediate_size
    if model.moe is not None:
        inter = max(
            model.moe.expert_intermediate_size * model.moe.experts_per_token, model.moe.shared_intermediate_size
        )
    # the prefill is the largest forward: decoding runs one token per sequence
    prompt = prompt_tokens(workload, context)
    if engine == "llama.cpp":
        # compute buffer: one micro-batch of n_ubatch tokens (fp32 intermediates), logits on the last GPU
        chunk = min(cal.llamacpp_ubatch, prompt * workload.batch)
        logits = chunk * vocab * 4 if has_head else 0
        return chunk * (6 * h + 2 * inter) * 4 + logits
    if engine == "vllm":
        # profiled with max_num_batched_tokens (default 8192 for chunked prefill) dummy tokens
        chunk = min(8192, max(context, 2048))
        logits = 256 * vocab * 4 if has_head else 0
        return chunk * (4 * h + 3 * inter) * 2 + logits
    # transformers: the whole prompt of every sequence in one forward (runtime_buffers: as the release ran it), and
    # the GPTQ kernel's persistent scratch on every GPU holding quantized layers
    workspace = transformers_prefill_workspace(model, prompt, workload.batch, inter, has_head, cal.framework_released)
    return workspace + gptq_kernel_buffer(model, workload.precision or "bf16", engine, cal.gptq_kernel)


def _explain_weights(
    model: ModelArch, counts: ParamCounts, workload: Workload, w: WeightBytes, scale: float, ex: _Explain
) -> None:
    if not ex.kept:
        return  # a step nobody reads (_Explain.kept)
    engine = workload.engine or "transformers"
    resident = w.embedding + w.lm_head + w.blocks
    fmt = weight_format(workload.precision or "bf16", engine, model)
    if fmt.name in FTYPE_DEFAULT:
        mix = gguf_bytes(model, fmt.name).types
        bits = resident * 8 / scale / max(counts.total, 1)
        ex.step(
            "weights",
            Reason.of(
                "est.weights-gguf",
                b=counts.total / 1e9,
                precision=fmt.name,
                note=fmt.note,
                tensors=tuple(name for name, _ in mix),
                types=tuple(t for _, t in mix),
                bits=bits,
                gib=resident / GIB,
            ),
        )
    else:
        ex.step(
            "weights",
            Reason.of(
                "est.weights",
                b=counts.total / 1e9,
                precision=fmt.name,
                note=fmt.note,
                bits=fmt.bits_per_weight,
                embeddings=fmt.embeddings_bits,
                gib=resident / GIB,
            ),
        )


def _explain_kv_cache(
    model: ModelArch, workload: Workload, copies: int, kv_total: float, ex: _Explain, context: int
) -> None:
    """The KV cache's step, each sequence at `context` tokens (a paged pool's share a stream, else the window)."""
    if not ex.kept:
        return  # a step nobody reads (_Explain.kept)
    engine = workload.engine or "transformers"
    per_tok = kv_bytes_per_token_per_layer(model, KV_BYTES[workload.kv_precision], engine)
    attn_kind = (
        ("MLA+indexer" if model.dsa_indexer is not None else "MLA")
        if model.mla is not None and engine != "transformers"
        else ("MHA" if model.num_kv_heads == model.num_attention_heads else "GQA")
    )
    state = recurrent_state_bytes(model, 1) * workload.batch
    ex.step(
        "kv_cache",
        Reason.of(
            "est.kv",
            per_token=per_tok,
            attention=attn_kind,
            heads=model.num_attention_heads,
            kv_heads=model.num_kv_heads,
            kv=workload.kv_precision,
            layers=model.attention_layers,
            context=context,
            batch=workload.batch,
            window=model.sliding_window or None,
            window_layers=model.sliding_window_layers or model.num_layers,
            recurrent=model.recurrent_layers or None,
            mamba=bool(model.mamba),
            state_gib=state / GIB,
            # the words name remote code; a dated transformers release (scoring only: Calibration.framework_released has
            # no command-line option) is counted in the copies without its own words
            twice=model.architecture if copies > 1 and model.architecture in LEGACY_TUPLE_CACHE_ARCHITECTURES else None,
            gib=kv_total / GIB,
        ),
    )


@dataclass(frozen=True)
class _Resident:
    """What an inference job keeps on its GPUs in all, before the split shares it out."""

    weights: WeightBytes
    kv_total: float
    overhead: float  # per GPU


def _tensor_memory(
    model: ModelArch, workload: Workload, gpus: int, r: _Resident, ex: _Explain
) -> list[MemoryBreakdown]:
    """Tensor parallel: every GPU holds 1/tp of each weight matrix and of the KV heads."""
    emb, head, blocks = r.weights.embedding, r.weights.lm_head, r.weights.blocks
    engine = workload.engine or "transformers"
    context = workload.context or 4096
    tp = gpus
    kv_share = 1 / min(tp, model.num_kv_heads) if model.mla is None else 1.0
    if model.mla is not None:
        ex.assume(Reason.of("est.mla-replicated"))
    if tp > model.num_kv_heads and model.mla is None:
        ex.assume(Reason.of("est.kv-replicated", kv_heads=model.num_kv_heads, tp=tp))
    act = _inference_activations(model, workload, context, engine, True, cal=ex.cal) / tp
    per = MemoryBreakdown(
        weights=int((emb + head + blocks) / tp),
        kv_cache=int(r.kv_total * kv_share),
        activations=int(act),
        runtime_overhead=int(r.overhead),
    )
    ex.step("split", Reason.of("est.tensor-split", tp=tp))
    return [per] * tp


def _tensor_pipeline_memory(
    model: ModelArch, workload: Workload, gpus: int, r: _Resident, ex: _Explain
) -> list[MemoryBreakdown]:
    """vLLM's pipeline stages of layers, each tensor parallel (serving_layout gives the degrees)."""
    emb, head, blocks = r.weights.embedding, r.weights.lm_head, r.weights.blocks
    engine = workload.engine or "transformers"
    context = workload.context or 4096
    tp, pp = serving_layout(model, gpus)
    kv_share = 1 / min(tp, model.num_kv_heads) if model.mla is None else 1.0
    stages = _layer_assignment(model.num_layers, pp)
    per_layer_kv = r.kv_total / model.num_layers
    out = []
    for i, n in enumerate(stages):
        first, last = i == 0, i == pp - 1
        weights = n * blocks / model.num_layers + (head if last and head else 0) + (emb if first else 0)
        stage = MemoryBreakdown(
            weights=int(weights / tp),
            kv_cache=int(n * per_layer_kv * kv_share),
            activations=int(_inference_activations(model, workload, context, engine, last, cal=ex.cal) / tp),
            runtime_overhead=int(r.overhead),
        )
        out += [stage] * tp
    ex.step("split", Reason.of("est.tensor-pipeline-split", pp=pp, stages=str(stages), tp=tp))
    return out


def _layer_memory(model: ModelArch, workload: Workload, gpus: int, r: _Resident, ex: _Explain) -> list[MemoryBreakdown]:
    """One GPU, or layers split across several (llama.cpp's layers or experts in system RAM left out)."""
    emb, head, blocks, experts = r.weights.embedding, r.weights.lm_head, r.weights.blocks, r.weights.experts
    engine = workload.engine or "transformers"
    context = workload.context or 4096
    gpu_layers = model.num_layers - min(workload.cpu_layers, model.num_layers)
    layers = _layer_assignment(gpu_layers, gpus)
    per_layer_weights = blocks / model.num_layers
    if workload.cpu_experts and model.moe is not None:
        per_layer_weights = (blocks - experts) / model.num_layers
        ex.step("offload", Reason.of("est.experts-in-ram", gib=experts / GIB))
    if workload.cpu_layers:
        ex.step(
            "offload",
            Reason.of("est.layers-in-ram", cpu=model.num_layers - gpu_layers, layers=model.num_layers, ngl=gpu_layers),
        )
    per_layer_kv = r.kv_total / model.num_layers
    result = []
    for i, n in enumerate(layers):
        first, last = i == 0, i == gpus - 1
        weights = n * per_layer_weights
        if last:
            weights += head if head else (emb if engine == "llama.cpp" else 0)
        if first and engine != "llama.cpp":
            weights += emb
        act = _inference_activations(model, workload, context, engine, last, cal=ex.cal)
        result.append(
            MemoryBreakdown(
                weights=int(weights),
                kv_cache=int(n * per_layer_kv),
                activations=int(act),
                runtime_overhead=int(r.overhead),
            )
        )
    if gpus > 1:
        ex.step("split", Reason.of("est.layer-split", gpus=gpus, layers=str(layers)))
    return result


def _inference_memory(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpus: int,
    split: str,
    ex: _Explain,
    scale: float = 1.0,
) -> list[MemoryBreakdown]:
    """Memory per GPU of an inference job: the weights and KV cache in all, then shared out by the split."""
    engine = workload.engine or "transformers"
    context = workload.context or 4096
    w = _weight_bytes(counts, workload.precision or "bf16", scale, model, engine)
    # a run that stops after the prompt's forward (the context is the prompt and one generated token) never decodes
    decodes = workload.prompt is None or workload.prompt < context - 1
    copies = legacy_cache_copies(model, engine, ex.cal.framework_released, decodes)
    # vLLM's and SGLang's paged pools and llama-server's unified buffer hold the streams' tokens together, sized on a
    # typical request (common.serving_pool, rounds 44-45)
    pool = pool_of(
        {
            "context": context,
            "batch": workload.batch,
            "engine": engine,
            "typical_tokens": workload.typical_tokens,
            "kv_unified": workload.kv_unified,
        }
    )
    kv_context = pool.per_stream if pool.sized_on_typical else context
    kv_total = kv_cache_bytes(model, kv_context, workload.batch, KV_BYTES[workload.kv_precision], engine) * copies
    _explain_weights(model, counts, workload, w, scale, ex)
    _explain_kv_cache(model, workload, copies, kv_total, ex, kv_context)
    if pool.sized_on_typical and ex.kept:
        ex.assume(
            Reason.of(
                "est.kv-pool",
                streams=pool.streams,
                typical=min(pool.typical or context, context),
                tokens=pool.tokens,
                per_stream=pool.per_stream,
                window=context,
                every=pool.streams * context,
                engine=engine,
                source=UNIFIED_KV_SOURCE if pool.unified else POOL_SOURCE,
            )
        )
    if engine == "llama.cpp":
        ex.assume(Reason.of("est.llama-embedding"))
    scratch = gptq_kernel_buffer(model, workload.precision or "bf16", engine, ex.cal.gptq_kernel)
    if scratch:
        ex.assume(Reason.of("est.gptq-scratch", kernel=ex.cal.gptq_kernel, gib=scratch / GIB))
    resident = _Resident(w, kv_total, _engine_overhead(engine, cal=ex.cal))
    if split == "tensor":
        return _tensor_memory(model, workload, gpus, resident, ex)
    if split == TENSOR_PIPELINE:
        return _tensor_pipeline_memory(model, workload, gpus, resident, ex)
    return _layer_memory(model, workload, gpus, resident, ex)


# --------------------------------------------------------------------------- training memory


@dataclass(frozen=True)
class _TrainingSetup:
    """What a training job's memory depends on beside the model: the method, the sharding, the framework and the
    optimizer as they run on `gpus` GPUs (Workload.resolved, then estimate's own choices)."""

    seq: int
    batch: int
    gpus: int
    method: str
    zero: int
    offload: bool
    fw: Framework
    one_device: bool  # the framework's one-GPU behaviour holds (optimizer in backward, its one-GPU optimizer)
    optimizer: str
    moments: float  # optimizer state bytes per trainable parameter, without a master copy
    paged: bool  # bitsandbytes paged states: counted in host RAM


def _training_setup(workload: Workload, gpus: int, *, cal: Calibration) -> _TrainingSetup:
    method = workload.method if workload.kind == "finetune" else "full"
    zero = workload.zero if gpus > 1 else 0
    fw = framework(workload.framework or default_framework(method, zero), cal.framework_released, workload.sharding)
    one_device = gpus == 1 or not fw.single_device_only
    full_optimizer = fw.full_optimizer if one_device else fw.full_optimizer_distributed
    optimizer_name = workload.optimizer or (full_optimizer if method == "full" else fw.lora_optimizer)
    # optimizer state bytes per trainable parameter, without a master copy (16-bit moments when
    # the framework keeps everything in bf16, as torch.optim does for bf16 parameters)
    moments, paged = OPTIMIZER_STATE_BYTES[optimizer_name]
    trainable_bf16 = fw.full_precision == "bf16" if method == "full" else fw.adapter_bytes == 2.0
    if trainable_bf16 and optimizer_name in ("adamw", "paged-adamw", "sgd"):
        moments /= 2
    return _TrainingSetup(
        seq=workload.context or 2048,
        batch=workload.batch,
        gpus=gpus,
        method=method,
        zero=zero,
        offload=workload.offload == "cpu",
        fw=fw,
        one_device=one_device,
        optimizer=optimizer_name,
        moments=moments,
        paged=paged,
    )


@dataclass(frozen=True)
class _Trainable:
    """The weights on each GPU before sharding and what is trained: parameters, their gradient and master bytes,
    and the modules_to_save copies of LoRA with train_embeddings (`saved` parameters at `saved_moments` bytes)."""

    weights: float
    trainable: float
    master: float
    grad_bytes: float
    saved: float = 0.0
    saved_moments: float = 0.0


def _full_weights(counts: ParamCounts, setup: _TrainingSetup, ex: _Explain) -> _Trainable:
    n = counts.total
    pure_bf16 = setup.fw.full_precision == "bf16"
    weights = n * 2.0
    ex.step("weights", Reason.of("est.full-weights", b=n / 1e9, gib=weights / GIB, pure_bf16=pure_bf16))
    return _Trainable(weights=weights, trainable=n, master=0.0 if pure_bf16 else 4.0, grad_bytes=2.0)


def _adapter_weights(
    model: ModelArch, counts: ParamCounts, workload: Workload, setup: _TrainingSetup, ex: _Explain
) -> _Trainable:
    """A frozen base at its precision plus LoRA adapters (and, with train_embeddings, trained table copies)."""
    trainable = lora_params(model, workload.lora_rank, workload.lora_targets)
    precision = workload.precision or ("nf4" if setup.method == "qlora" else "bf16")
    emb, head, blocks, _, _ = _weight_bytes(counts, precision, model=model)
    adapter_bytes = setup.fw.adapter_bytes
    weights = emb + head + blocks + trainable * adapter_bytes
    saved, saved_moments = 0.0, 0.0
    if workload.train_embeddings:
        # PEFT modules_to_save (ModulesToSaveWrapper) trains a copy of each table in the model's 16-bit dtype
        # (autocast_adapter_dtype upcasts LoRA adapter weights only): the copy, its 16-bit gradient and optimizer
        # states that torch.optim keeps in the parameter's dtype (bitsandbytes 8-bit states stay 8-bit)
        saved = counts.embedding + counts.lm_head
        saved_moments = OPTIMIZER_STATE_BYTES[setup.optimizer][0]
        if setup.optimizer in ("adamw", "paged-adamw", "sgd"):
            saved_moments /= 2
        weights += saved * 2.0
        ex.step("weights", Reason.of("est.saved-tables", m=saved / 1e6, moments=saved_moments))
    ex.step(
        "weights",
        Reason.of(
            "est.adapter-weights",
            precision=precision,
            gib=(emb + head + blocks) / GIB,
            rank=workload.lora_rank,
            targets=workload.lora_targets,
            m=trainable / 1e6,
            adapter="bf16" if adapter_bytes == 2.0 else "fp32",
        ),
    )
    return _Trainable(weights, trainable, 0.0, adapter_bytes, saved, saved_moments)


@dataclass
class _TrainingBytes:
    """One GPU's training memory as the steps of _training_memory build it up; `host` is system RAM in all."""

    weights: float
    gradients: float
    optimizer: float
    activations: float = 0.0
    gathered: float = 0.0  # the layers a sharded model gathers whole to compute them
    host: float = 0.0


def _nf4_load_transient(model: ModelArch, workload: Workload, setup: _TrainingSetup) -> float:
    """torchao NF4 quantizes each frozen matrix of a QLoRA base on the GPU as it loads: the largest one sets the
    transient (0 when the base is not quantized that way)."""
    fw = setup.fw
    if not (
        setup.method == "qlora"
        and fw.nf4_quantized_on_gpu
        and (workload.precision or "nf4") == "nf4"
        and setup.gpus == 1
    ):
        return 0.0
    h = model.hidden_size
    widest = model.moe.expert_intermediate_size if model.moe is not None else model.intermediate_size
    largest = h * max(
        widest if workload.lora_targets == "all-linear" else 0,
        model.num_attention_heads * model.head_dim,
        model.num_kv_heads * model.head_dim,
    )
    return nf4_load_transient(largest, fw.nf4_whole_tensor)


def _optimizer_bytes(t: _Trainable, setup: _TrainingSetup, in_backward: bool, ex: _Explain) -> float:
    optimizer = t.trainable * (setup.moments + t.master) + t.saved * t.saved_moments
    ex.step(
        "optimizer",
        Reason.of(
            "est.optimizer",
            optimizer=setup.optimizer,
            runner=setup.fw.name,
            bytes=setup.moments + t.master,
            master=bool(t.master),
            paged=setup.paged,
            fused=in_backward,
        ),
    )
    return optimizer


def _shard(mem: _TrainingBytes, model: ModelArch, counts: ParamCounts, setup: _TrainingSetup, ex: _Explain) -> None:
    """ZeRO / FSDP: shard the optimizer states, gradients and parameters over the GPUs (paged states go to host)."""
    zero, gpus = setup.zero, setup.gpus
    if zero >= 1:
        mem.optimizer /= gpus
    if setup.paged:
        mem.host += mem.optimizer * gpus  # every rank pages its own (sharded) states
        mem.optimizer = 0.0
    if zero >= 2:
        mem.gradients /= gpus
    if zero >= 3:
        mem.weights /= gpus  # FSDP / ZeRO-3 shard frozen base weights too
        # a sharded model gathers each layer whole to compute it, and prefetches the next one
        mem.gathered = 2 * (mem.weights * gpus - (counts.embedding + counts.lm_head) * 2.0) / model.num_layers
    if zero:
        ex.step("zero", Reason.of("est.zero", zero=zero, gpus=gpus, gathered=mem.gathered / GIB or None))


def _offload_to_cpu(mem: _TrainingBytes, setup: _TrainingSetup, ex: _Explain) -> None:
    """--offload cpu: the optimizer states (and, where the framework does, parameters and gradients) in host RAM."""
    zero, gpus = setup.zero, setup.gpus
    mem.host += mem.optimizer * gpus if zero else mem.optimizer
    mem.optimizer = 0.0
    # FSDP's CPUOffloadPolicy (torchtune's fsdp_cpu_offload) keeps the sharded parameters and gradients on the
    # host at ZeRO-2 too; without resharding after forward the gathered parameters stay on the GPU until backward
    everything = zero >= 3 or (zero >= 2 and setup.fw.offload_everything)
    if everything:
        mem.host += mem.weights * gpus / (gpus if zero < 3 else 1) + mem.gradients * gpus
        mem.gradients = 0.0
    if zero >= 3:
        mem.weights = 0.0  # parameters live on the host; only the gathered layers are on the GPU
    ex.step("offload", Reason.of("est.offload-cpu", everything=everything, gib=mem.host / GIB))


# What PyTorch FSDP (FullyShardedDataParallel, FULL_SHARD: the `fsdp` sharding of Answer.AI's fsdp_qlora, and of the HF
# stack under accelerate's FSDP, Workload.sharding "fsdp": frameworks.accelerate_fsdp) keeps on every
# GPU beyond its shard of the model and the two layers it gathers, in the bytes the caching allocator reserves for them:
# - the root unit whole: the parameters no wrapped layer owns (the token embedding, the final norm and the output head;
#   train.py wraps each decoder layer and each LoRA leaf) stay unsharded from the forward into the backward. PyTorch's
#   torch/distributed/fsdp/_runtime_utils.py `_post_forward_reshard`: "Do not free the root's parameters in the
#   post-forward for `FULL_SHARD` with the intention that they are immediately used for backward computation"
#   (`free_unsharded_flat_param = not state._is_root and ...`).
# - bitsandbytes' quantization statistics whole: a Params4bit's absmax (double-quantized, 0.127 bits a weight:
#   precision "nf4") lives in its quant_state, which is neither a parameter nor a buffer, so FSDP never shards or
#   offloads it; fsdp_qlora's load_and_quantize quantizes each weight on the GPU and then moves only `value.data` to
#   the CPU ("FSDP only syncs parameters and buffers, so the quant_state isn't copied", train.py @05ed9f2).
# - with CPU offload, each layer being gathered also holds its shard's copy on the GPU: FlatParamHandle.pre_unshard
#   copies the CPU shard to the device (`flat_param_to(self.device)`) before the all-gather, on the unshard stream,
#   whose cached blocks the compute stream does not reuse; two gathers are in flight (limit_all_gathers, the prefetch).
# Where the shards stay on the GPU, the shard already counts 1 / N of the first two.


def _fsdp_resident(
    mem: _TrainingBytes, model: ModelArch, counts: ParamCounts, workload: Workload, setup: _TrainingSetup, ex: _Explain
) -> None:
    """FSDP's reserved bytes beside the shard: the root unit and bitsandbytes' statistics whole, and the offloaded
    shards' device copies (above); nothing for other sharding or one GPU."""
    if setup.fw.sharding != "fsdp" or setup.zero < 3 or setup.gpus < 2:
        return
    precision = workload.precision or ("nf4" if setup.method == "qlora" else "bf16")
    unsharded = 1.0 if setup.offload else 1.0 - 1.0 / setup.gpus  # what the shard did not already count
    emb, head, _, _, _ = _weight_bytes(counts, precision, model=model)
    root = (emb + head) * unsharded
    stats = 0.0
    if setup.method == "qlora" and precision == "nf4":
        quantized = counts.attention + counts.dense_mlp + counts.experts
        stats = quantized * (weight_format(precision).bits_per_weight - 4.0) / 8 * unsharded
    copies = mem.gathered / setup.gpus if setup.offload else 0.0
    mem.weights += root + stats
    mem.gathered += copies
    ex.step("zero", Reason.of("est.fsdp-resident", root=root / GIB, stats=stats / GIB, copies=copies / GIB))


def _measured_offload_peak(mem: _TrainingBytes, t: _Trainable, setup: _TrainingSetup, ex: _Explain) -> None:
    """A framework whose offloaded QLoRA run's host RAM was measured (Framework.offload_host_per_base_byte: Answer.AI's
    fsdp_qlora, "just over 128GB" for a 70B) takes that peak per byte of its quantized base, when it exceeds the
    offloaded states: the one copy of the model it loads into CPU RAM before sharding (--low_memory), the process
    buffers and the states together. The peak comes at start-up; the RAM rule lets a swap file take its top
    (rules/compat.py LOAD_SPIKE_SWAP_BYTES, the README's advice)."""
    per_byte = setup.fw.offload_host_per_base_byte
    if not per_byte or setup.method != "qlora":
        return
    base = t.weights - t.trainable * t.grad_bytes - t.saved * 2.0  # the frozen quantized base, whole
    peak = per_byte * base
    if peak <= mem.host:
        return
    mem.host = peak
    # Answer.AI's train.py: a start-up peak its README tops with a swap file; the HF stack under accelerate's FSDP: the
    # usage PEFT's guide measured (frameworks.PEFT_FSDP_QLORA_HOST_PER_BASE_BYTE)
    code = "est.offload-peak" if setup.fw.name == FSDP_QLORA else "est.offload-measured"
    ex.step("offload", Reason.of(code, runner=setup.fw.name, gib=peak / GIB, per_byte=per_byte))


def _layer_activations(model: ModelArch, workload: Workload, setup: _TrainingSetup, fused: bool, ex: _Explain) -> float:
    """Saved activations of one layer: the block as the stack runs it (`fused`: lit-gpt's fused block), plus LoRA
    dropout's saved inputs."""
    seq, batch, fw = setup.seq, setup.batch, setup.fw
    per_layer = activation_bytes_per_layer(model, seq, batch, fused)
    if fused:
        unfused = activation_bytes_per_layer(model, seq, batch)
        ex.step("activations", Reason.of("est.act-fused", gib=per_layer / GIB, unfused=unfused / GIB))
        liger = workload.kind == "finetune" and fw.fused_loss == LIGER  # the HF Trainer's fused kernels: Liger's
        ex.assume(Reason.of("est.liger-stack" if liger else "est.fused-stack"))
    if setup.method != "full" and fw.lora_dropout:
        dropped = seq * batch * LORA_DROPOUT_BYTES * lora_inputs_per_layer(model, workload.lora_targets)
        per_layer += dropped
        ex.step("activations", Reason.of("est.lora-dropout", gib=dropped / GIB))
    return per_layer


def _activations(
    mem: _TrainingBytes, model: ModelArch, workload: Workload, setup: _TrainingSetup, ex: _Explain
) -> None:
    """Activations at the peak: what each checkpointing mode keeps of every layer, one layer's full set, the logits."""
    seq, batch = setup.seq, setup.batch
    # the stack the training time prices (Workload.resolved: as asked, else the framework's default); a framework whose
    # own kernels are fused (Unsloth) keeps the memory its record describes (its checkpointing and loss, fitted on its
    # own tables), so lit-gpt's block count is for a fused stack no framework record describes (--fused-kernels on a
    # pretraining or HF job)
    fused = bool(workload.fused_kernels) and not setup.fw.fused_kernels
    per_layer = _layer_activations(model, workload, setup, fused, ex)
    loss = logits_handling(setup.fw, model.architecture, fused, workload.kind)
    logit_bytes = LOGITS_BYTES[loss]
    logits = seq * batch * model.vocab_size * logit_bytes
    if loss == "fused-linear":  # nothing per logit: a chunk of them and the hidden states' gradient (frameworks.py)
        logits = liger_flce_bytes(seq * batch, model.hidden_size, model.vocab_size)
        logit_bytes = logits / (seq * batch * model.vocab_size)  # as bytes per logit, for the words
    logit_note = LOGITS_NOTES[loss]
    layer_inputs = model.num_layers * seq * batch * model.hidden_size * 2
    fields: dict[str, float | int]
    if workload.grad_checkpointing and workload.selective_checkpointing:
        # every layer but the one in backward keeps its selected tensors; that one is recomputed whole
        kept = selective_saved_bytes_per_layer(model, seq, batch)
        mem.activations = (model.num_layers - 1) * kept + per_layer + logits
        code = "est.act-selective"
        fields = {
            "layers": model.num_layers - 1,
            "kept": kept / GIB,
            "layer": per_layer / GIB,
            "logit_bytes": logit_bytes,
        }
    elif workload.grad_checkpointing and workload.activation_offload:
        # checkpoints stream to host RAM; the GPU keeps the layer being recomputed and the next input
        mem.host += layer_inputs
        kept = 2 * seq * batch * model.hidden_size * 2
        mem.activations = kept + per_layer + logits
        code = "est.act-offloaded"
        fields = {
            "layers": model.num_layers,
            "inputs": layer_inputs / GIB,
            "layer": per_layer / GIB,
            "logit_bytes": logit_bytes,
        }
    elif workload.grad_checkpointing:
        mem.activations = layer_inputs + per_layer + logits
        code = "est.act-checkpointed"
        fields = {"layers": model.num_layers, "layer": per_layer / GIB, "logit_bytes": logit_bytes}
    else:
        mem.activations = model.num_layers * per_layer + logits
        code = "est.act-all"
        fields = {"layers": model.num_layers, "layer": per_layer / GIB, "seq": seq, "batch": batch}
    ex.step("activations", Reason.of(code, **fields, loss=loss, note=logit_note, gib=mem.activations / GIB))
    if workload.grad_checkpointing and workload.selective_checkpointing and workload.activation_offload:
        ex.assume(Reason.of("est.selective-on-gpu"))


def _deepspeed_buffers(mem: _TrainingBytes, n: int, setup: _TrainingSetup, ex: _Explain) -> float:
    """DeepSpeed's communication buffers under ZeRO (0 for other frameworks and plain data parallelism)."""
    if not (setup.fw.deepspeed_buffers and setup.zero):
        return 0.0
    if setup.zero >= 3:
        # live gathered parameters (stage3_max_live_parameters) replace the two-layer gather above
        live = min(DEEPSPEED_MAX_LIVE_PARAMETERS, n) * 2.0 + DEEPSPEED_PREFETCH_ELEMENTS * 2.0
        buffers = max(0.0, live - mem.gathered)
    else:
        buffers = 2 * DEEPSPEED_BUCKET_ELEMENTS * 2.0  # reduce + all-gather buckets in 16-bit
    ex.step("zero", Reason.of("est.deepspeed-buffers", gib=buffers / GIB))
    return buffers


def _foreach_step(mem: _TrainingBytes, foreach_step: float, setup: _TrainingSetup, ex: _Explain) -> None:
    """foreach AdamW's step intermediates, where they exceed the activations freed by the time of the step."""
    # each rank steps its own shard (ZeRO >= 1); the step runs after backward has freed the activations, so only
    # its excess over them raises the peak
    local_step = foreach_step / (setup.gpus if setup.zero >= 1 else 1)
    step_excess = max(0.0, local_step - mem.activations)
    if step_excess:
        mem.optimizer += step_excess
        ex.step("optimizer", Reason.of("est.foreach", gib=local_step / GIB, excess=step_excess / GIB))


def _loading_excess(mem: _TrainingBytes, load_transient: float, setup: _TrainingSetup, ex: _Explain) -> float:
    """How far the NF4 load transient rises above the training step's dynamic memory (the peak is then at load)."""
    # the peak can be reached while the model loads (torchtune's QLoRA tutorial: peak reserved 9.13 GB at model
    # init against 9.29 GB in training); then only the base (and adapters) are resident
    loading_excess = max(0.0, load_transient - (mem.activations + mem.gradients + mem.optimizer))
    ex.step(
        "weights",
        Reason.of(
            "est.nf4-load",
            whole=setup.fw.nf4_whole_tensor,
            gib=load_transient / GIB,
            excess=loading_excess / GIB or None,
        ),
    )
    return loading_excess


def _training_memory(
    model: ModelArch, counts: ParamCounts, workload: Workload, gpus: int, ex: _Explain
) -> tuple[list[MemoryBreakdown], int]:
    """Memory per GPU of a training job (all GPUs alike) and the host RAM it takes, step by step: the weights and
    what is trained, gradients, optimizer states, ZeRO sharding, CPU offload, activations, buffers and transients."""
    setup = _training_setup(workload, gpus, cal=ex.cal)
    fw = setup.fw
    t = (
        _full_weights(counts, setup, ex)
        if setup.method == "full"
        else _adapter_weights(model, counts, workload, setup, ex)
    )
    gradients = t.trainable * t.grad_bytes + t.saved * 2.0
    in_backward = fw.optimizer_in_backward and setup.one_device
    if in_backward:
        # each parameter is stepped as its gradient arrives: at most one layer's gradients exist
        gradients = gradients / model.num_layers
    # foreach AdamW's step intermediates: one tensor list the size of the trainable parameters, in their dtype
    foreach = t.trainable * t.grad_bytes if fw.adamw_foreach and setup.optimizer == "adamw" and not in_backward else 0.0
    load_transient = _nf4_load_transient(model, workload, setup)
    mem = _TrainingBytes(weights=t.weights, gradients=gradients, optimizer=_optimizer_bytes(t, setup, in_backward, ex))
    _shard(mem, model, counts, setup, ex)
    if setup.offload:
        _offload_to_cpu(mem, setup, ex)
        _measured_offload_peak(mem, t, setup, ex)
    _fsdp_resident(mem, model, counts, workload, setup, ex)
    mem.weights += mem.gathered
    _activations(mem, model, workload, setup, ex)
    buffers = _deepspeed_buffers(mem, counts.total, setup, ex)
    if foreach:
        _foreach_step(mem, foreach, setup, ex)
    loading_excess = _loading_excess(mem, load_transient, setup, ex) if load_transient else 0.0
    dynamic = mem.activations + mem.gradients
    overhead = ex.cal.overhead_training + ex.cal.fragmentation_training * dynamic + buffers + loading_excess
    per = MemoryBreakdown(
        weights=int(mem.weights),
        kv_cache=0,
        activations=int(mem.activations),
        gradients=int(mem.gradients),
        optimizer_states=int(mem.optimizer),
        runtime_overhead=int(overhead),
    )
    ex.assume_layout(Reason.of("est.data-parallel") if gpus > 1 and setup.zero < 3 else "")
    return [per] * gpus, int(mem.host)


# --------------------------------------------------------------------------- speed


def _is_hbm(gpu: Gpu) -> bool:
    return gpu.memory_type.upper().startswith("HBM")


def _bw_efficiency(engine: str, precision: str, gpu: Gpu, *, cal: Calibration) -> float:
    unified = unified_bw_efficiency(engine, precision, gpu)  # Apple M-series: fitted separately (estimate/unified.py)
    if unified is not None:
        return unified
    quantized = precision not in ("fp32", "bf16", "fp16", "fp8")
    if engine == "llama.cpp":
        if quantized:
            eff = cal.bw_eff_llamacpp_quant_hbm if _is_hbm(gpu) else cal.bw_eff_llamacpp_quant
        else:
            eff = cal.bw_eff_llamacpp_f16_hbm if _is_hbm(gpu) else cal.bw_eff_llamacpp_f16
        # a backend measured on this family (backends.DECODE_FACTS) replaces the CUDA-fitted share by its own
        # net of the per-layer cost the estimate itself charges on this backend (less when launches are batched)
        # (every HIP fact was measured before HIP graphs were on, LLAMACPP_HIP_GRAPHS_SINCE: MI50 September 2025, R9700
        # December 2025, so its share is net of a launch per kernel, and a later build's graphs save time beside it)
        backend = llamacpp_backend(gpu, cal.llamacpp_backend)
        per_layer = (cal.layer_overhead_llamacpp_hbm if _is_hbm(gpu) else cal.layer_overhead_llamacpp) - (
            cal.layer_overhead_saved_by_graphs if backend != "hip" and batched_launches(gpu, 1, cal=cal) else 0.0
        )
        if not quantized:
            # a 16-bit run measured on this family (GCN 5: its quantized weights are bound by the dequantizing dot
            # products, not the memory) is its own share
            sixteen = backend_bandwidth_multiplier(
                gpu, backend, cal.bw_eff_llamacpp_quant, per_layer, "16-bit", build=cal.llamacpp_date
            )
            if sixteen is not None:
                return cal.bw_eff_llamacpp_quant * sixteen
        # the fact of the run's build (a plan: the current release; a dated row: its month) for its weight type
        multiplier = backend_bandwidth_multiplier(
            gpu, backend, cal.bw_eff_llamacpp_quant, per_layer, build=cal.llamacpp_date, precision=precision
        )
        if multiplier is not None:
            # the measured share is the family's ceiling: 16-bit weights (CUDA-fitted above the quantized share) do not
            # stream faster than the measured run (else Strix Halo BF16 would read 108 % of peak)
            # (a quantized run reads the measured share itself: HBM's lower CUDA-fitted share is not applied twice)
            return (cal.bw_eff_llamacpp_quant if quantized else min(eff, cal.bw_eff_llamacpp_quant)) * multiplier
    elif engine == "vllm":
        # an MoE-only format (gpt-oss MXFP4) quantizes the routed experts alone, whose fused-MoE kernels have their own
        # share (moe_expert_efficiency); attention, embeddings and head stream as the bf16 they are (precision.py)
        eff = cal.bw_eff_vllm_quant if quantized and not weight_format(precision).moe_only else cal.bw_eff_vllm
    else:
        eff = cal.bw_eff_transformers_quant if quantized else cal.bw_eff_transformers
    return eff * (cal.bw_eff_amd if gpu.vendor == "amd" else 1.0)


EXLLAMA_ENGINES = ("exllamav2", "exllamav3")


def batched_launches(gpu: Gpu, gpus: int, *, cal: Calibration = CAL) -> bool:
    """Whether the llama.cpp build in `cal` submits a decode step's kernels in one go (CUDA graphs on `gpus` x `gpu`,
    LLAMACPP_CUDA_GRAPHS_SINCE, or a Vulkan build's batched command buffers) instead of one host launch per kernel."""
    if cal.llamacpp_vulkan or (cal.llamacpp_backend is None and llamacpp_backend(gpu) == "vulkan"):
        return True
    if gpu.vendor == "amd" and llamacpp_backend(gpu, cal.llamacpp_backend) == "hip":
        return gpus == 1 and cal.llamacpp_hip_graphs  # one hipGraph a step (LLAMACPP_HIP_GRAPHS_SINCE)
    if gpu.vendor != "nvidia" or gpus != 1 or not cal.llamacpp_cuda_graphs:
        return False
    return gpu.architecture in CUDA_GRAPH_ARCHITECTURES or (
        gpu.architecture in VOLTA_TURING and cal.llamacpp_volta_turing_graphs
    )


GGML_CUDA_BACKENDS = ("cuda", "hip")
"""llama.cpp backends built from ggml-cuda's sources (HIP builds hipify the same kernels and graph)."""


def _fixed_overhead(
    engine: str,
    gpu: Gpu,
    layers: int,
    named_engine: str | None = None,
    gpus: int = 1,
    *,
    cal: Calibration,
    linear_layers: int = 0,
    mla_layers: int = 0,
) -> float:
    """Per-token fixed cost; `named_engine` is the engine the user named when `engine` stands in for it
    (ENGINE_STAND_IN): exllamav2/v3 stream weights like llama.cpp but have their own per-layer cost. `linear_layers`
    of the `layers` are linear attention, which llama.cpp's CUDA code runs as a longer chain of kernels
    (Calibration.layer_overhead_llamacpp_linear; measured on CUDA, and HIP builds compile the same ggml-cuda code and
    graph; Vulkan pays its own measured figure, backends.LINEAR_LAYER_COST; SYCL and Metal keep the plain cost); so do
    `mla_layers`, multi-head latent attention layers (Calibration.layer_overhead_llamacpp_mla, measured on CUDA, applied as the
    linear-attention cost is)."""
    if named_engine in EXLLAMA_ENGINES:
        return cal.step_overhead_llamacpp + layers * cal.layer_overhead_exllamav2
    if engine == "llama.cpp":
        per_layer = cal.layer_overhead_llamacpp_hbm if _is_hbm(gpu) else cal.layer_overhead_llamacpp
        if batched_launches(gpu, gpus, cal=cal):
            per_layer -= cal.layer_overhead_saved_by_graphs
        backend = llamacpp_backend(gpu, cal.llamacpp_backend)
        if backend in GGML_CUDA_BACKENDS:
            per_layer_linear, per_layer_mla = cal.layer_overhead_llamacpp_linear, cal.layer_overhead_llamacpp_mla
        else:  # Vulkan's own DeltaNet dispatches where measured (backends.LINEAR_LAYER_COST); MLA keeps the plain cost
            per_layer_linear, per_layer_mla = linear_layer_cost(backend) or 0.0, 0.0
        metal = metal_layer_overhead(gpu)  # Apple: Metal's own figure (estimate/unified.py)
        return (
            cal.step_overhead_llamacpp
            + layers * (per_layer if metal is None else metal)
            + linear_layers * per_layer_linear
            + mla_layers * per_layer_mla
        )
    if engine == "vllm":
        step = cal.step_overhead_vllm
        if named_engine == "sglang" and release_family("sglang", cal.sglang_version) == "sglang-0.5":
            step = cal.step_overhead_sglang
        return step + layers * cal.layer_overhead_vllm
    return cal.step_overhead_transformers + layers * cal.layer_overhead_transformers


def head_read_seconds(
    model: ModelArch, precision: str, gpu: Gpu, *, engine: str = "llama.cpp", cal: Calibration = CAL
) -> float:
    """The output head's part of one decode step on one `gpu`: its bytes (the tied table where the model ties it) at the
    engine's stream rate. A llama.cpp prompt evaluated one token at a time (llama-bench -ub 1) reads it only for the
    last token (tests/reference.py, `microbatch` rows)."""
    w = _weight_bytes(count_params(model), precision, model=model, engine=engine)
    head = w.lm_head or w.embedding
    return head / (_bw_efficiency(engine, precision, gpu, cal=cal) * gpu.memory_bandwidth_gbps * 1e9)


def recurrent_state_traffic(model: ModelArch, batch: int) -> float:
    """Bytes one decode step moves for the recurrent layers' fixed state (Gated DeltaNet, Kimi Delta Attention, Mamba-2:
    kv.recurrent_state_bytes, the fp32 recurrent state of heads x key dim x value dim per layer and the short
    convolution's last inputs): every sequence's state is read and the updated state written back each step. llama.cpp's
    ggml_gated_delta_net and ggml_ssm_scan return the new state beside the output and the graph copies it into the
    recurrent cache (src/models/delta-net-base.cpp, src/llama-memory-recurrent.cpp); vLLM's fused recurrent kernels
    (fla fused_recurrent_gated_delta_rule, mamba selective_state_update) load it and store it in place. Zero for a model
    without such layers. Physical bytes, nothing fitted: for Qwen3.6-27B (48 DeltaNet layers, 48 value heads of
    128 x 128) 2 x 151 MB a token, about 2 % of its Q4_K_M weights; for Qwen3.6-35B-A3B about 6 % of its active
    weights; at batch b it grows b-fold, as a KV cache does."""
    return 2 * recurrent_state_bytes(model, batch)


def linear_attention_layers(model: ModelArch, last: int | None = None) -> int:
    """Gated DeltaNet or Kimi Delta Attention (linear-attention) layers among the model's last `last` layers (all of
    them when None: the layers llama.cpp places on the GPUs are the last ones, offload.Placement). llama.cpp runs KDA
    through the same ggml_gated_delta_net op in its per-channel gate mode (its kimi-linear graph), so a KDA layer pays
    the DeltaNet's kernel chain. The experts-in-RAM decode (offload._gpu_step) charges the card's share of them, its
    last `gpu_layers` (decode49: the Qwen3.5/3.6-35B-A3B rows with experts in RAM had read 13-21 % fast without it)."""
    if model.linear_attention is None and model.kda is None:
        return 0
    first = model.num_layers - (model.num_layers if last is None else last)
    return sum(not model.is_full_attention_layer(i) for i in range(max(0, first), model.num_layers))


def _roofline(memory_s: float, compute_s: float, *, cal: Calibration) -> float:
    """Time of GEMMs that stream `memory_s` of weights and need `compute_s` of tensor-core work (roofline_norm)."""
    n = cal.roofline_norm
    return (memory_s**n + compute_s**n) ** (1 / n)


def _sequence_overhead(engine: str, *, cal: Calibration) -> float:
    """Host cost per running sequence and decode step: vLLM's (Calibration.seq_overhead_vllm); no measurement of
    another engine at batch > 1 separates one, so zero there."""
    return cal.seq_overhead_vllm if engine == "vllm" else 0.0


def _expert_loop_overhead(model: ModelArch, engine: str, *, cal: Calibration) -> float:
    """Per-step cost of an engine that visits every routed expert of every MoE layer from Python (HF transformers);
    zero for engines with fused MoE kernels (llama.cpp, vLLM)."""
    if engine != "transformers" or model.moe is None:
        return 0.0
    return moe_layer_count(model) * model.moe.num_experts * cal.expert_loop_transformers


def experts_touched(experts: int, per_token: int, batch: int, *, cal: Calibration = CAL) -> tuple[float, float]:
    """(distinct experts a step of `batch` tokens reads per MoE layer, tokens per touched expert). A batch's sequences
    do not route independently (trained routers send related text to the same experts): the batch draws its experts
    as 1 + Calibration.moe_routing_spread x (batch - 1) independent tokens would, each choosing `per_token` of all the
    experts (e (1 - (1 - k/e)^draws)); batch 1 reads exactly `per_token`, and every expert is within reach of a large
    batch (an 8-expert Mixtral as much as a 128-expert Qwen3)."""
    draws = 1 + cal.moe_routing_spread * (batch - 1)
    touched = min(float(experts), experts * (1 - (1 - per_token / experts) ** draws))
    return touched, batch * per_token / touched


def busiest_rank_excess(experts: int, touched: float, ranks: int) -> float:
    """Experts the busiest of `ranks` expert-parallel GPUs reads per MoE layer beyond an even share, when a step's
    tokens touch `touched` distinct of `experts` experts held whole, experts / ranks consecutive ones per GPU (vLLM's
    `--enable-expert-parallel`: the attention tensor parallel, each rank runs its own experts on the tokens routed to
    them and the layer waits for the slowest). A tensor-parallel layer reads 1 / ranks of every touched expert on each
    GPU; an expert-parallel one reads whole experts, so its step lasts as long as the rank holding most of the touched
    ones. Each rank's count is taken as Binomial(experts / ranks, touched / experts), independent across ranks (balanced
    routing; an estimate of the hypergeometric draw): E[max] = sum over m >= 1 of 1 - P(X < m)^ranks, less the mean
    touched / ranks. Zero for one rank, for a step touching every expert and for none."""
    if ranks <= 1 or experts < ranks or touched <= 0:
        return 0.0
    per_rank = experts // ranks
    p = min(1.0, touched / experts)
    if p >= 1.0:
        return 0.0
    below, expected_max = 0.0, 0.0
    for m in range(1, per_rank + 1):
        below += math.comb(per_rank, m - 1) * p ** (m - 1) * (1 - p) ** (per_rank - m + 1)  # P(X <= m - 1)
        expected_max += 1.0 - min(1.0, below) ** ranks
    return max(0.0, expected_max - touched / ranks)


def device_side_experts(engine: str, backend: str | None, *, cal: Calibration = CAL) -> bool:
    """Whether a llama.cpp decode picks its experts on the device (Vulkan; CUDA builds since
    LLAMACPP_CUDA_MOE_GRAPHS_SINCE): experts then stream at backends.MOE_EXPERT_SHARE plus a fixed cost each."""
    if engine != "llama.cpp" or backend is None:
        return False
    return backend in MOE_EXPERT_SHARE or (backend == "cuda" and cal.llamacpp_cuda_moe_graphs)


def moe_expert_efficiency(
    tokens_per_expert: float, engine: str = "llama.cpp", backend: str | None = None, *, cal: Calibration = CAL
) -> float:
    """Share of the stream rate the fused expert kernels reach with `tokens_per_expert` tokens on each touched expert:
    the engine's one-token share (bw_eff_moe_experts, or _vllm for the serving engines; a llama.cpp `backend` with a
    measured share of its own, backends.MOE_EXPERT_SHARE, reads that), the fixed cost per expert shared among its
    tokens above."""
    if backend == "cuda" and cal.llamacpp_cuda_moe_graphs:
        backend = "vulkan"  # the same device-side expert selection (LLAMACPP_CUDA_MOE_GRAPHS_SINCE): its measured share
    measured = moe_expert_share(backend) if engine == "llama.cpp" and backend else None
    one = cal.bw_eff_moe_experts_vllm if engine in SERVER_ENGINES else (measured or cal.bw_eff_moe_experts)
    t = max(1.0, tokens_per_expert)
    return one + (1 - one) * (1 - 1 / t)


def speed_regime(model: ModelArch, split: str, gpus: int, batch: int = 1, gpu: Gpu | None = None) -> str | None:
    """The regime with its own 80 % speed range (ranges.speed_regime, REGIME_RANGE_FACTORS)."""
    tensor_moe = model.moe is not None and split in ("tensor", TENSOR_PIPELINE) and gpus > 1
    return ranges_speed_regime(
        moe_tensor_parallel=tensor_moe,
        batch=batch,
        nvidia=gpu is None or gpu.vendor == "nvidia",
        offload=gpu is not None and gpu.memory_type.startswith("unified"),  # unified.system_gpu's memory
    )


def _speculative_mtp(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    ex: _Explain,
    scale: float,
    named_engine: str | None,
    step: float,
    tps: float,
) -> float:
    """Tokens/s of one sequence with MTP speculative decoding (estimate/speculative.py): the verify pass is the batched
    step over k + 1 tokens (the weights read once, an MoE's experts for each token), plus k draft passes."""
    k = workload.draft_tokens
    if model.mtp_layers == 0:
        ex.warnings.append(Reason.of("warn.mtp-missing", model=model.name))
        return tps
    if workload.batch > 1:
        ex.warnings.append(Reason.of("warn.mtp-batch"))
        return tps
    # the verify pass: a step of k + 1 tokens (its KV read counted k + 1 times: an overstatement at long contexts)
    verify = workload.model_copy(update={"batch": k + 1, "speculative": "none", "prompt": None})
    verify_tps = _decode_speed(model, counts, verify, gpu, gpus, split, ex.quiet(), scale, named_engine)[0]
    verify_step = 1.0 / verify_tps
    rate = speculative_rate(step, verify_step, k)
    ex.step(
        "decode",
        Reason.of(
            "est.mtp",
            k=k,
            k_plus=k + 1,
            p=MTP_ACCEPTANCE,
            per_step=tokens_per_step(k),
            verify_ms=verify_step * 1e3,
            draft_share=MTP_DRAFT_STEP_SHARE,
            step_ms=step * 1e3,
            rate=rate,
            ratio=rate / tps,
            plain=tps,
        ),
    )
    ex.assume(Reason.of("est.mtp-source", source=MTP_SOURCE))
    return rate


def _draft_workload(workload: Workload, draft: ModelArch) -> Workload:
    """The draft model's own decode: one sequence, the target's precision (a GGUF draft at Q8_0, a 16-bit one at bf16
    where the target's format is MoE-only, MXFP4)."""
    precision = workload.precision or "bf16"
    if weight_format(precision).moe_only and draft.moe is None:
        precision = "q8_0" if workload.engine == "llama.cpp" else "bf16"
    update = {"speculative": "none", "draft_model": None, "draft_record": None, "batch": 1, "prompt": None}
    return workload.model_copy(update={**update, "precision": precision})


def _speculative_draft(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    ex: _Explain,
    scale: float,
    named_engine: str | None,
    tps: float,
) -> float:
    """Tokens/s of one sequence with a draft model (estimate/speculative.py): the target's verify pass over k + 1 tokens
    plus k decode steps of the draft on one GPU; the range's ends at the low and the central sourced acceptance."""
    draft, k = workload.draft_arch, workload.draft_tokens
    engine = workload.engine or "transformers"
    if draft is None or engine not in DRAFT_ENGINES or workload.batch > 1:
        code = (
            "warn.draft-missing" if draft is None else "warn.draft-batch" if workload.batch > 1 else "warn.draft-engine"
        )
        ex.warnings.append(Reason.of(code, model=model.name, engine=engine))
        return tps
    verify = workload.model_copy(update={"batch": k + 1, "speculative": "none", "prompt": None, "draft_record": None})
    verify_step = 1.0 / _decode_speed(model, counts, verify, gpu, gpus, split, ex.quiet(), scale, named_engine)[0]
    draft_w = _draft_workload(workload, draft)
    draft_step = 1.0 / _decode_speed(draft, count_params(draft), draft_w, gpu, 1, "single", ex.quiet())[0]
    sample = LLAMACPP_SAMPLE_S if engine == "llama.cpp" else 0.0
    rate = draft_rate(verify_step, draft_step, k, DRAFT_ACCEPTANCE, sample)
    low = draft_rate(verify_step, draft_step, k, DRAFT_ACCEPTANCE_LOW, sample)
    ex.speculation_span, ex.draft_repo = (low, rate), draft.hf_repo or draft.id
    ex.step(
        "decode",
        Reason.of(
            "est.draft",
            model=draft.name,
            precision=draft_w.precision,
            k=k,
            draft_ms=draft_step * 1e3,
            p=DRAFT_ACCEPTANCE,
            per_step=tokens_per_step(k, DRAFT_ACCEPTANCE),
            verify_ms=verify_step * 1e3,
            sample_ms=2 * k * sample * 1e3 if sample else None,
            rate=rate,
            plain=tps,
            p_low=DRAFT_ACCEPTANCE_LOW,
            low=low,
        ),
    )
    ex.assume(Reason.of("est.draft-source", p=DRAFT_ACCEPTANCE, source=DRAFT_SOURCE, p_low=DRAFT_ACCEPTANCE_LOW))
    return rate


def _with_draft_memory(per_gpu: list[MemoryBreakdown], workload: Workload, ex: _Explain) -> list[MemoryBreakdown]:
    """The draft model's weights and KV cache on the first GPU (llama.cpp -devd / vLLM's draft worker on rank 0)."""
    draft = workload.draft_arch
    if workload.speculative != "draft" or draft is None or workload.kind != "inference" or not per_gpu:
        return per_gpu
    w = _draft_workload(workload, draft)
    emb, head, blocks, _, _ = _weight_bytes(count_params(draft), w.precision or "bf16", model=draft, engine=w.engine)
    kv = kv_cache_bytes(draft, w.context or 4096, 1, KV_BYTES[w.kv_precision], w.engine or "transformers")
    ex.step("weights", Reason.of("est.draft-memory", model=draft.name, gib=(emb + head + blocks) / GIB, kv=kv / GIB))
    return [per_gpu[0] + MemoryBreakdown(weights=int(emb + head + blocks), kv_cache=int(kv)), *per_gpu[1:]]


def server_release_of(named_engine: str | None, cal: Calibration = CAL) -> tuple[str, str]:
    """(engine, release) a serving estimate describes: SGLang's when SGLang was named (it stands in as vLLM), else
    vLLM's (collectives.VLLM_CURRENT unless the constants name a run's release, vllm_release)."""
    if named_engine == "sglang":
        return "sglang", cal.sglang_version
    return "vllm", cal.vllm_version


def _server_layer_latency(
    model: ModelArch, engine: str, named_engine: str | None, *, cal: Calibration, gpus: int = 1
) -> tuple[float, Reason | None]:
    """The serving engine's latency floor per decode step from MoE and MLA layers (collectives.py), as the engine's
    release family pays it (collectives.release_family), plus vLLM's expert-parallel MoE floor when the run asks for
    EP on more than one GPU (Calibration.ep_layer_latency_vllm), and its reason; zero for other engines and dense GQA
    models."""
    if engine not in SERVER_ENGINES:
        return 0.0, None
    server, release = server_release_of(named_engine, cal)
    mla_us = {"sglang-0.5": cal.mla_layer_latency_sglang, "vllm-0.11": cal.mla_layer_latency_vllm}.get(
        release_family(server, release), cal.mla_layer_latency_server
    )
    moe = moe_layer_count(model) * cal.moe_layer_latency_server if model.moe is not None else 0.0
    mla = model.attention_layers * mla_us if model.mla is not None else 0.0  # KDA layers beside MLA keep none
    expert_parallel = cal.vllm_expert_parallel and server == "vllm" and gpus > 1 and model.moe is not None
    ep = moe_layer_count(model) * cal.ep_layer_latency_vllm if expert_parallel else 0.0
    if not moe and not mla:
        return 0.0, None
    return moe + mla + ep, Reason.of(
        "est.latency-floor",
        moe_layers=moe_layer_count(model) if moe else None,
        moe_us=cal.moe_layer_latency_server * 1e6,
        mla_layers=model.attention_layers if mla else None,
        mla_us=mla_us * 1e6,
        ep_layers=moe_layer_count(model) if ep else None,
        ep_us=cal.ep_layer_latency_vllm * 1e6,
        ms=(moe + mla + ep) * 1e3,
        server="SGLang" if server == "sglang" else "vLLM",
        release=release,
        family=release_family(server, release),
    )


def _expert_parallel_wait(
    model: ModelArch, w: WeightBytes, engine: str, gpu: Gpu, gpus: int, batch: int, bw_share: float, ex: _Explain
) -> float:
    """Seconds a vLLM expert-parallel decode step waits for its busiest rank (busiest_rank_excess): the whole experts
    that rank reads beyond an even share of the touched ones, at the fused expert kernels' share of the stream rate;
    zero unless the run asks for EP on more than one GPU (Calibration.vllm_expert_parallel), as
    _server_layer_latency pays its floor."""
    cal = ex.cal
    if not (cal.vllm_expert_parallel and engine in SERVER_ENGINES and gpus > 1 and model.moe is not None):
        return 0.0
    e, k = model.moe.num_experts, model.moe.experts_per_token
    touched, per_expert = experts_touched(e, k, batch, cal=cal)
    # the EP group is the tensor-parallel group (one data-parallel rank): all the GPUs when the heads divide over
    # them (_choose_split's "tensor"), else one pipeline stage's (serving_layout; 1 for a layer split: no EP)
    divides = gpus in (2, 4, 8, 16) and not model.num_attention_heads % gpus
    ranks = gpus if divides else serving_layout(model, gpus)[0]
    excess = busiest_rank_excess(e, touched, ranks)
    if excess <= 0:
        return 0.0
    share = moe_expert_efficiency(per_expert, engine, cal=cal)
    wait = w.experts * excess / e / share / (bw_share * gpu.memory_bandwidth_gbps * 1e9)
    ex.step(
        "decode",
        Reason.of(
            "est.ep-busiest-rank",
            ranks=ranks,
            touched=touched,
            excess=excess,
            gib=w.experts * excess / e / GIB,
            ms=wait * 1e3,
        ),
    )
    return wait


def _sglang_mla_depth(model: ModelArch, engine: str, named_engine: str | None, depth: int, ex: _Explain) -> float:
    """Seconds a decode step pays per token of mean `depth` in SGLang's triton MLA decode kernel, where SGLang runs the
    model on that backend (backends.SGLANG_MLA_BACKEND; Calibration.mla_depth_sglang_triton); zero elsewhere."""
    if named_engine != "sglang" or engine not in SERVER_ENGINES or model.mla is None:
        return 0.0
    if sglang_attention_backend(model.architecture) != "triton":
        return 0.0
    cost = model.attention_layers * depth * ex.cal.mla_depth_sglang_triton
    ex.step(
        "decode",
        Reason.of(
            "est.sglang-triton-mla",
            layers=model.attention_layers,
            depth=depth,
            ns=ex.cal.mla_depth_sglang_triton * 1e9,
            ms=cost * 1e3,
        ),
    )
    return cost


def _compute_efficiency(engine: str, gpu: Gpu, *, cal: Calibration) -> float:
    if engine == "llama.cpp":
        # decode's compute bound (batched decode): the share of the peak _peak_tflops names; prefill has its own
        # model (llamacpp_prefill_tflops)
        return cal.compute_eff_llamacpp
    return {"vllm": cal.compute_eff_vllm}.get(engine, cal.compute_eff_transformers)


# Without tensor cores llama.cpp's quantized matmuls (MMQ) multiply with dp4a integer dot products: share of the
# int8 dot-product rate reached, from the Tesla P40 row of ggml-org/llama.cpp PR #7716 (llama 8B Q5_0 pp2048 818 t/s
# = 12.7 TFLOP/s of 47 TOPS).
DP4A_EFFICIENCY = 0.27


def _gemm_peak_fp16acc(gpu: Gpu) -> float:
    """Dense fp16 tensor TFLOPS with FP16 accumulate, the mode llama.cpp's cuBLAS GEMMs use (CUBLAS_COMPUTE_16F).
    GeForce tensor cores run FP32 accumulate at half rate (NVIDIA Turing/GA102/Ada whitepapers: RTX 4090 165.2
    with FP32 accumulate, 330.3 with FP16 accumulate); the catalog lists the FP32-accumulate figure, so GeForce
    cards double it. Workstation and data-center parts run both at the full rate. Without matrix units the
    vector fp16 rate (P40: 1/64 rate, so its fp32 figure: llama.cpp computes in fp32 there)."""
    if not has_matrix_units(gpu):
        return max(gpu.fp16_tflops, gpu.fp32_tflops)
    peak = gpu.fp16_tflops or gpu.bf16_tflops or gpu.fp32_tflops
    if gpu.vendor == "nvidia" and gpu.market == "consumer":
        return 2 * peak
    return peak * measured_matmul_factor(gpu)


def _gemm_peak_fp32acc(gpu: Gpu) -> float:
    """Dense bf16 tensor TFLOPS with FP32 accumulate: the catalog's figure (GeForce cards list the FP32-accumulate one,
    half their FP16-accumulate rate; workstation and data-center parts run both at the full rate)."""
    return (gpu.bf16_tflops or gpu.fp16_tflops) * measured_matmul_factor(gpu)


def _bf16_cublas(gpu: Gpu, cal: Calibration) -> bool:
    """Whether a llama.cpp prompt's BF16 matmuls run at the FP32-accumulate rate: the CUDA build multiplies BF16
    weights with cublasGemmEx(..., CUDA_R_16BF, ..., CUBLAS_COMPUTE_32F) where F16 weights use CUBLAS_COMPUTE_16F
    (ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu, ggml_cuda_op_mul_mat_cublas, read 2026-12-05 via the search tool):
    there is no BF16-accumulate mode, so a GeForce card's bf16 prompt runs at half its fp16 one. Measured: PR #24216's
    RTX 3090 'llama 1B BF16 | 512 | pp512 | 17751.37' read +104 % at the FP16-accumulate peak (round 31)."""
    return gpu.vendor == "nvidia" and has_matrix_units(gpu) and llamacpp_backend(gpu, cal.llamacpp_backend) == "cuda"


def measured_matmul_factor(gpu: Gpu) -> float:
    """Off NVIDIA, the spec-sheet matrix peak scaled by the family's measured GEMM share (support_facts.training_factor: the
    same measurements training time reads); 1 on NVIDIA (the calibration). Prefill's NVIDIA peak is the FP16-accumulate
    one llama.cpp's cuBLAS runs (above), whose achieved share a torch.matmul (FP32 accumulate) does not measure: it keeps
    the A100 reference, where training on a desktop card divides by the GeForce cards' share (support_facts.GEFORCE_MATMUL)."""
    if gpu.vendor in ("nvidia", "apple"):
        return 1.0
    return training_factor(gpu, "fp16", REFERENCE_MATMUL.efficiency)


INT8_MMQ_SHAPE_ARCHITECTURES = ("Volta", "Pascal", "Turing")
"""NVIDIA architectures whose prompts get no credit for llama.cpp's int8 MMQ: Volta's and Pascal's tensor cores (none on
Pascal) do not multiply int8, and Turing's lack the m16n8k32 int8 shape the MMQ tiles are written for, so each runs as
four m8n8k16 instructions with their own operand shuffles (ggml/src/ggml-cuda/mma.cuh: "On Turing m16n8k32 mma is not
available, use 4x m8n8k16 mma instead"). The int8 gain is measured on Ampere and Ada only (PR #7676: x1.6 over fp16
cuBLAS on an RTX 3090); Turing keeps the dequantize-path rate every build without int8 MMQ is estimated at. The one
Turing CUDA holdout row (geerlingguy/ai-benchmarks #46: RTX 2080 Ti, Llama 2 13B Q4_K_M pp512 1,493.64, build 7474) read
+45 % with the credit and +8 % without it; it informed this choice, so it no longer tests it on its own
(docs/estimates.md, round 11). Vulkan on Turing (KHR_coopmat, no int dot) is not this path."""


def _int8_mma(gpu: Gpu) -> bool:
    """NVIDIA GPUs whose llama.cpp prompts run int8 MMQ at the gain measured on Ampere and later (the MMQ mma path)."""
    return gpu.vendor == "nvidia" and gpu.architecture not in INT8_MMQ_SHAPE_ARCHITECTURES and bool(gpu.int8_tops)


def llamacpp_prefill_tflops(
    gpu: Gpu,
    quantized: bool,
    int8_mmq: bool = True,
    *,
    cal: Calibration = CAL,
    bf16: bool = False,
    precision: str | None = None,
) -> tuple[float, tuple[Reason, ...]]:
    """Sustained TFLOPS of llama.cpp's prompt processing on `gpu`, and how it was reached (Calibration explains);
    `int8_mmq` False for an engine that dequantizes for large batches whatever the llama.cpp build (exllamav2); `bf16`
    for BF16 weights, multiplied at the FP32-accumulate peak on CUDA (_bf16_cublas); `precision` the weights' type,
    which sets an Apple GPU's dequantizing cost (unified.APPLE_PREFILL_WEIGHT_FACTOR; None there: a quantized type's
    block format when `quantized`, else 16-bit)."""
    scalar = _vulkan_scalar_prefill(gpu, cal=cal) or (_vulkan_bf16_prefill(gpu, cal=cal) if bf16 else None)
    if scalar is not None:
        return scalar
    weights = precision or ("q4_0" if quantized else None)
    metal = metal_prefill_tflops(gpu, weights)  # an Apple GPU: Metal's prompt kernels (estimate/unified.py)
    if metal is not None:
        gain = neural_accelerator_gain(gpu)
        share = metal_prefill_share(gpu, weights) / gain
        return metal, (Reason.of("est.how-metal", share=share, peak=metal_alu_tflops(gpu)),) + (
            (Reason.of("est.how-metal-tensor", arch=gpu.architecture, gain=gain),) if gain > 1 else ()
        )
    fp32_acc = bf16 and _bf16_cublas(gpu, cal)
    peak = _gemm_peak_fp32acc(gpu) if fp32_acc else _gemm_peak_fp16acc(gpu)
    by_peak = peak * cal.compute_eff_llamacpp
    by_power = POWER_SPEED.sustained_tflops(gpu.tdp_w, cal.prefill_tflops_per_watt) if gpu.tdp_w else by_peak
    rate = min(by_peak, by_power)
    why: tuple[Reason, ...] = (
        (Reason.of("est.how-gemm-bf16" if fp32_acc else "est.how-gemm", share=cal.compute_eff_llamacpp, peak=peak),)
        if by_peak <= by_power
        else (
            Reason.of(
                "est.how-power", watts=gpu.tdp_w, per_watt=cal.prefill_tflops_per_watt, share=rate / peak, peak=peak
            ),
        )
    )
    if quantized and has_matrix_units(gpu) and int8_mmq and cal.llamacpp_int8_mmq and _int8_mma(gpu):
        why += (Reason.of("est.how-mmq"),)
    elif quantized and has_matrix_units(gpu):
        rate *= cal.prefill_dequant_llamacpp
        why += (Reason.of("est.how-dequant", factor=cal.prefill_dequant_llamacpp),)
    elif quantized:
        # no tensor cores: the quantized kernels multiply with integer dot products (dp4a) on the vector units
        dp4a = gpu.int8_tops or 4 * gpu.fp32_tflops  # dp4a: four int8 products per lane and clock
        rate = min(dp4a * DP4A_EFFICIENCY, _board_tflops(gpu, cal))
        why = (Reason.of("est.how-dp4a", share=DP4A_EFFICIENCY, tops=dp4a),)
    if (
        llamacpp_backend(gpu, cal.llamacpp_backend) == "vulkan"
        and vulkan_matrix_cores(gpu, cal.llamacpp_date) == "coopmat1"
    ):
        # the fitted Vulkan rows ran NV_coopmat2; KHR_coopmat's shaders reach a measured share of that rate
        rate *= VULKAN_COOPMAT1_SHARE
        why += (Reason.of("est.how-vulkan-coopmat1", share=VULKAN_COOPMAT1_SHARE),)
    driver = _vulkan_driver_share(gpu, quantized, cal=cal)
    if driver is not None:
        rate *= driver[0]
        why += (driver[1],)
    family = unified_prefill_factor(gpu)  # a unified-memory family's measured factor (estimate/unified.py)
    if family is not None and family != 1.0 and quantized:  # fitted on quantized weights only (unified.py)
        rate *= family
        why += (Reason.of("est.how-unified-family", arch=gpu.architecture, factor=family),)
    return rate, why


def _vulkan_driver_share(gpu: Gpu, quantized: bool, *, cal: Calibration) -> tuple[float, Reason] | None:
    """A quantized prompt on a Vulkan build's matrix path on an AMD family with a measured same-build pair: the share of
    HIP's rate its driver reaches (backends.vulkan_driver_prefill_share: RDNA 4, Mesa RADV 0.47, AMDVLK and AMD's
    Windows driver 0.59). None elsewhere (HIP's rate stands)."""
    if not quantized or gpu.vendor != "amd" or llamacpp_backend(gpu, cal.llamacpp_backend) != "vulkan":
        return None
    if vulkan_matrix_cores(gpu, cal.llamacpp_date) != "matrix":
        return None
    fact = vulkan_driver_prefill_share(gpu, cal.llamacpp_vulkan_driver)
    if fact is None:
        return None
    share, driver = fact
    return share, Reason.of("est.how-vulkan-driver", share=share, driver=driver, arch=gpu.architecture)


def _board_tflops(gpu: Gpu, cal: Calibration) -> float:
    """What the board's rated power sustains in prompt GEMMs (the fitted per-watt figure: rules.watts.POWER_SPEED), or
    no bound where the catalog gives no board power."""
    return POWER_SPEED.sustained_tflops(gpu.tdp_w, cal.prefill_tflops_per_watt) if gpu.tdp_w else math.inf


def _vulkan_scalar_prefill(gpu: Gpu, *, cal: Calibration) -> tuple[float, tuple[Reason, ...]] | None:
    """A Vulkan build on a card with matrix units its driver does not expose to llama.cpp (backends.vulkan_matrix_cores
    "none": Arc A-series, Xe2 before June 2025, RDNA 4 under RADV before December 2025) multiplies on the vector units:
    the sourced share of the fp32 rate (backends.VULKAN_SCALAR_PREFILL_SHARE), not the matrix peak. None otherwise."""
    if llamacpp_backend(gpu, cal.llamacpp_backend) != "vulkan" or not has_matrix_units(gpu) or not gpu.fp32_tflops:
        return None
    if vulkan_matrix_cores(gpu, cal.llamacpp_date) != "none":
        return None
    share = VULKAN_SCALAR_PREFILL_SHARE
    rate = min(gpu.fp32_tflops * share, _board_tflops(gpu, cal))
    return rate, (Reason.of("est.how-vulkan-scalar", share=share, tflops=gpu.fp32_tflops),)


def _vulkan_bf16_prefill(gpu: Gpu, *, cal: Calibration) -> tuple[float, tuple[Reason, ...]] | None:
    """BF16 weights on a Vulkan build whose driver reports no bf16 support (unified.UNIFIED_VULKAN_BF16: Strix Halo's
    RADV, 'bf16: 0'): the scalar shaders on the vector units at the family's measured share of the fp32 rate. None
    otherwise."""
    fact = vulkan_bf16_prefill(gpu)
    if fact is None or llamacpp_backend(gpu, cal.llamacpp_backend) != "vulkan" or not gpu.fp32_tflops:
        return None
    share = fact[0]
    return gpu.fp32_tflops * share, (
        Reason.of("est.how-vulkan-bf16", arch=gpu.architecture, share=share, tflops=gpu.fp32_tflops),
    )


def attention_score_seconds(model: ModelArch, context: int, bandwidth: float, *, cal: Calibration = CAL) -> float:
    """Per prompt token, without flash attention: the fp32 KQ scores of every head against the context so far
    (context/2 on average) pass through memory `attention_score_bytes` bytes each (Calibration); none with
    FlashAttention, which keeps them on chip."""
    if cal.llamacpp_flash_attention:
        return 0.0
    return attention_scores(model, context) * cal.attention_score_bytes / bandwidth


def _peak_tflops(gpu: Gpu, compute: str) -> float:
    if compute == "fp4" and gpu.fp4_tflops:
        return gpu.fp4_tflops
    if compute == "fp4":
        compute = "fp16"  # no FP4 tensor cores: the kernels dequantize to 16-bit
    if compute == "fp8" and gpu.fp8_tflops:
        return gpu.fp8_tflops
    if compute == "int8" and gpu.int8_tops:
        return min(gpu.int8_tops, 2 * gpu.fp16_tflops)
    if compute == "fp32":
        return gpu.fp32_tflops
    return gpu.bf16_tflops or gpu.fp16_tflops


def _weights_read(
    model: ModelArch, w: WeightBytes, precision: str, engine: str, gpu: Gpu, batch: int, *, cal: Calibration
) -> tuple[float, Reason | None]:
    """Weight bytes a decode step reads, and a note on an MoE's experts: the experts the batch touches, at their
    kernels' share of the stream rate (plus a fixed cost each where llama.cpp picks them on the device)."""
    emb, head, blocks, experts = w.embedding, w.lm_head, w.blocks, w.experts
    if model.moe is None:
        return blocks + (head if head else emb), None
    e, k = model.moe.num_experts, model.moe.experts_per_token
    touched, per_expert = experts_touched(e, k, batch, cal=cal)
    # expert matmuls run below streaming efficiency with one token each (bw_eff_moe_experts, fitted at batch 1);
    # as tokens per expert grow with the batch the fused kernel's fixed cost per expert is shared (expert reuse)
    # a backend's measured expert share holds for quantized experts (MXFP4 measured); 16-bit experts keep the fit
    quantized_experts = precision not in ("fp32", "bf16", "fp16")
    expert_eff = moe_expert_efficiency(
        per_expert,
        engine,
        llamacpp_backend(gpu, cal.llamacpp_backend) if quantized_experts else None,
        cal=cal,
    )
    expert_read = experts * touched / e / expert_eff
    if quantized_experts and device_side_experts(engine, llamacpp_backend(gpu, cal.llamacpp_backend), cal=cal):
        # each touched expert's matmuls also cost a fixed amount (dispatch, a partly idle GPU on a small matrix),
        # priced as bytes at the stream rate: small experts (Qwen3.6's 512-wide) lose most of their share to it
        expert_read += cal.moe_expert_fixed_bytes * touched * moe_layer_count(model)
    moe_note = Reason.of(
        "est.moe-read", touched=touched, experts=e, per_expert=per_expert if batch > 1 else None, share=expert_eff
    )
    return blocks - experts + expert_read + head + (emb if head == 0 else 0), moe_note


def _llamacpp_expert_cost(
    model: ModelArch, engine: str, precision: str, gpu: Gpu, batch: int, *, cal: Calibration
) -> float:
    """Seconds a llama.cpp decode step pays per touched expert and MoE layer beside the experts' bytes, on a backend whose
    builds measure one (backends.MOE_EXPERT_COSTS: SYCL's per-expert matmuls and host sync); quantized experts only (the
    measured mul_mat_id path), 0 elsewhere."""
    if engine != "llama.cpp" or model.moe is None or precision in ("fp32", "bf16", "fp16"):
        return 0.0
    cost = moe_expert_cost(llamacpp_backend(gpu, cal.llamacpp_backend), cal.llamacpp_date)
    if cost is None:
        return 0.0
    touched, _ = experts_touched(model.moe.num_experts, model.moe.experts_per_token, batch, cal=cal)
    return cost.seconds * touched * moe_layer_count(model)


def _explain_llamacpp_backend(
    model: ModelArch, precision: str, gpu: Gpu, gpus: int, named_engine: str | None, ex: _Explain
) -> None:
    """The assumptions a llama.cpp decode rests on: the backend's bandwidth share off NVIDIA, where an MoE's experts
    are picked, and whether a step's kernels are submitted in one go."""
    if named_engine in EXLLAMA_ENGINES:
        return
    share = unified_bw_efficiency("llama.cpp", precision, gpu)
    if share is not None:  # an Apple GPU: Metal's own read share and per-layer cost (estimate/unified.py)
        ex.assume(Reason.of("est.metal", arch=gpu.architecture, share=share, us=(metal_layer_overhead(gpu) or 0) * 1e6))
    elif gpu.vendor != "nvidia":
        backend = llamacpp_backend(gpu, ex.cal.llamacpp_backend)
        quantized = precision not in ("fp32", "bf16", "fp16", "fp8")
        build = ex.cal.llamacpp_date
        fact = (None if quantized else decode_fact(gpu, backend, "16-bit", build=build)) or decode_fact(
            gpu, backend, build=build, precision=precision
        )
        ex.assume(
            Reason.of(
                "est.backend",
                backend=backend.upper(),
                arch=gpu.architecture,
                card=fact.card if fact else None,
                tps=fact.tokens_per_s if fact else None,
                model=fact.model if fact else None,
                note=fact.note if fact else None,
                source=fact.source if fact else None,
                amd=ex.cal.bw_eff_amd if gpu.vendor == "amd" else None,
            )
        )
    if model.moe is not None and precision not in ("fp32", "bf16", "fp16"):
        backend = llamacpp_backend(gpu, ex.cal.llamacpp_backend)
        if backend == "cuda" and ex.cal.llamacpp_cuda_moe_graphs:
            share, where = MOE_EXPERT_SHARE["vulkan"]
            ex.assume(Reason.of("est.cuda-experts", share=share, where=where, old=ex.cal.bw_eff_moe_experts))
        elif backend in MOE_EXPERT_SHARE:
            share, where = MOE_EXPERT_SHARE[backend]
            ex.assume(
                Reason.of(
                    "est.device-experts",
                    backend=backend.upper(),
                    share=share,
                    mb=ex.cal.moe_expert_fixed_bytes / 1e6,
                    where=where,
                    cuda=ex.cal.bw_eff_moe_experts,
                )
            )
        cost = moe_expert_cost(backend, ex.cal.llamacpp_date)
        if cost is not None:
            ex.assume(
                Reason.of(
                    "est.expert-cost",
                    backend=backend.upper(),
                    us=cost.seconds * 1e6,
                    note=cost.note,
                    where=cost.source,
                    share=ex.cal.bw_eff_moe_experts,
                )
            )
    if batched_launches(gpu, gpus, cal=ex.cal):
        ex.assume(
            Reason.of(
                "est.graphs",
                cuda=gpu.vendor == "nvidia" and not ex.cal.llamacpp_vulkan,
                hip=gpu.vendor == "amd" and llamacpp_backend(gpu, ex.cal.llamacpp_backend) == "hip",
                us=ex.cal.layer_overhead_saved_by_graphs * 1e6,
            )
        )


def _step_overhead(
    model: ModelArch,
    engine: str,
    precision: str,
    gpu: Gpu,
    gpus: int,
    batch: int,
    named_engine: str | None,
    ex: _Explain,
) -> float:
    """The fixed cost of a decode step beside its reads and FLOPs: launches, host work per sequence, the serving
    engines' latency floor and transformers' Python expert loop."""
    overhead = _fixed_overhead(
        engine,
        gpu,
        model.num_layers,
        named_engine,
        gpus,
        cal=ex.cal,
        linear_layers=linear_attention_layers(model),
        mla_layers=model.attention_layers if model.mla is not None else 0,
    ) + batch * _sequence_overhead(engine, cal=ex.cal)
    expert_loop = _expert_loop_overhead(model, engine, cal=ex.cal)
    if named_engine not in EXLLAMA_ENGINES:
        overhead += _llamacpp_expert_cost(model, engine, precision, gpu, batch, cal=ex.cal)
    floor, floor_why = _server_layer_latency(model, engine, named_engine, cal=ex.cal, gpus=gpus)
    if floor and floor_why is not None:
        overhead += floor
        ex.step("decode", floor_why)
    if engine == "llama.cpp":
        _explain_llamacpp_backend(model, precision, gpu, gpus, named_engine, ex)
    if expert_loop:
        overhead += expert_loop
        ex.step(
            "decode",
            Reason.of(
                "est.expert-loop",
                experts=model.moe.num_experts if model.moe else 0,
                layers=moe_layer_count(model),
                us=ex.cal.expert_loop_transformers * 1e6,
                ms=expert_loop * 1e3,
            ),
        )
        ex.assume(Reason.of("est.expert-loop-why"))
    return overhead


@dataclass(frozen=True)
class _DecodeStep:
    """What one decode step reads, computes and pays, before the split decides how the GPUs share it."""

    read: float  # weight bytes
    kv_read: float  # KV cache bytes
    moe_note: Reason | None  # est.moe-read: the experts a step touches
    eff: float  # achieved share of the memory bandwidth
    bw: float  # memory bandwidth, bytes/s
    flops_per_token: float
    arriving: float  # prompt tokens of arriving requests prefilled inside the step
    step_flops: float
    peak: float  # FLOP/s
    compute_eff: float
    overhead: float  # seconds
    tokens: float = 1.0  # tokens each layer carries: the running sequences, plus arriving prompt tokens mixed in


def _tensor_parallel_step(model: ModelArch, gpu: Gpu, gpus: int, split: str, s: _DecodeStep, ex: _Explain) -> float:
    """Seconds of a decode step tensor parallel (within pipeline stages for TENSOR_PIPELINE)."""
    # tensor x pipeline: the stages run one after another for a token, each tensor parallel over tp GPUs, so a
    # step reads 1/tp of the weights per GPU in turn and pays the stage-to-stage hops of a layer split
    tp, pp = serving_layout(model, gpus) if split == TENSOR_PIPELINE else (gpus, 1)
    # MLA's latent cache is replicated on every rank, so each GPU reads all of it
    mem_t = s.read / tp / (s.eff * s.bw)
    kv_t = (s.kv_read if model.mla else s.kv_read / tp) / (s.eff * s.bw)
    comp_t = s.step_flops / tp / (s.peak * s.compute_eff)
    link, over = allreduce_latency(
        gpu, tp, ex.cal.allreduce_nvlink_s, ex.cal.allreduce_pcie_s, ex.cal.allreduce_fabric_s
    )
    reduces = tp_allreduces(model)
    # each all-reduce carries the hidden state of every token in the step (bf16); over CDNA 3's xGMI a large one
    # takes measurably longer than the small one the fitted latency stands for (collectives.XGMI_ALLREDUCE_BY_SIZE_US)
    message = s.tokens * model.hidden_size * 2
    growth = xgmi_allreduce_growth_s(gpu, tp, message) if not spans_nodes(gpu, tp) else 0.0
    comm = reduces * (link + growth)
    hops = (pp - 1) * ex.cal.layer_split_hop_s
    # the weight GEMMs are bound by the weight stream or by their FLOPs, whichever is slower; attention, a kernel
    # of its own, then reads every sequence's KV cache (FlashAttention / paged attention: bandwidth-bound)
    step = _roofline(mem_t, comp_t, cal=ex.cal) + kv_t + s.overhead + comm + hops
    ex.step(
        "decode",
        Reason.of(
            "est.tensor-decode",
            tp=tp,
            gib=(s.read + s.kv_read) / GIB,
            us=link * 1e6,
            reduces=reduces,
            over=over,
            pp=pp,
            hops_us=hops * 1e6,
        ),
    )
    if growth > 0:
        ex.step(
            "decode",
            Reason.of("est.xgmi-allreduce-size", kib=message / 1024, gpus=tp, us=growth * 1e6, reduces=reduces),
        )
    return step


def _layer_split_step(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    w: WeightBytes,
    gpus: int,
    engine: str,
    scale: float,
    s: _DecodeStep,
    ex: _Explain,
) -> tuple[float, _DecodeStep]:
    """Seconds of a decode step on one GPU or on layers split over several (one after another), llama.cpp's layers or
    experts in system RAM read at the host's rate; and the step with what the GPUs themselves read."""
    ram_read = 0.0
    read, kv_read = s.read, s.kv_read
    if engine == "llama.cpp" and (workload.cpu_layers or workload.cpu_experts):
        ram_read = _ram_read_per_token(model, counts, workload, scale)
        gpu_share = 1 - min(workload.cpu_layers, model.num_layers) / model.num_layers
        if workload.cpu_experts and model.moe is not None:
            read = (w.blocks - w.experts) * gpu_share + w.lm_head + (w.embedding if w.lm_head == 0 else 0)
        else:
            read = read * gpu_share
        kv_read = kv_read * gpu_share
    mem_t = read / (s.eff * s.bw) + ram_read / (ex.cal.bw_eff_cpu * workload.ram_bandwidth_gbps * 1e9)
    kv_t = kv_read / (s.eff * s.bw)
    comp_t = s.step_flops / (s.peak * s.compute_eff)
    hops = (gpus - 1) * ex.cal.layer_split_hop_s
    step = _roofline(mem_t, comp_t, cal=ex.cal) + kv_t + s.overhead + hops
    if ram_read:
        ex.step(
            "decode",
            Reason.of("est.ram-decode", gib=ram_read / GIB, share=ex.cal.bw_eff_cpu, gbps=workload.ram_bandwidth_gbps),
        )
    if gpus > 1:
        ex.step("decode", Reason.of("est.layer-decode", gpus=gpus))
    return step, replace(s, read=read, kv_read=kv_read)


def _explain_decode(
    counts: ParamCounts, gpu: Gpu, engine: str, context: int, batch: int, s: _DecodeStep, step: float, ex: _Explain
) -> None:
    if not ex.kept:
        return  # a step nobody reads (_Explain.kept): not even its reason is made
    tps = 1.0 / step
    host_us = (
        _sequence_overhead(engine, cal=ex.cal) * 1e6 if batch > 1 and _sequence_overhead(engine, cal=ex.cal) else None
    )
    ex.step(
        "decode",
        Reason.of(
            "est.decode",
            gib=s.read / GIB,
            moe=s.moe_note,
            share=s.eff,
            gbps=gpu.memory_bandwidth_gbps,
            batch=batch,
            gflop=s.flops_per_token / 1e9,
            arriving=s.arriving or None,
            arriving_gflop=2 * counts.matmul_active / 1e9,
            compute_share=s.compute_eff,
            tflops=s.peak / 1e12,
            kv=s.kv_read / GIB,
            context=context,
            fixed_ms=s.overhead * 1e3,
            host_us=host_us,
            ms=step * 1e3,
            tps=tps,
            total=tps * batch,
        ),
    )


def _prefill(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    named_engine: str | None,
    s: _DecodeStep,
    ex: _Explain,
) -> tuple[float, float]:
    """(prefill tokens/s, seconds to the first token after the prompt)."""
    engine = workload.engine or "transformers"
    context = workload.context or INFERENCE_CONTEXT
    fmt = weight_format(workload.precision or "bf16", engine)
    prompt = waited_prompt_tokens(workload, context)
    if workload.prompt is None and context > TYPICAL_PROMPT_TOKENS and ex.kept:
        ex.assume(typical_prompt_said(prompt, context))
    skipped = prompt_output_only_params(counts) if engine == "llama.cpp" else 0.0
    matmul = counts.matmul_active - skipped
    prefill_flops = (
        2 * matmul
        + prompt_attention_flops(model, prompt) / ex.cal.prompt_attention_share
        + prompt_scan_flops(model, engine)
    )
    parallel = gpus if split == "tensor" else serving_layout(model, gpus)[0] if split == TENSOR_PIPELINE else 1
    if engine == "llama.cpp":
        prefill_rate, how = _llamacpp_prefill_rate(
            model, counts, workload, gpu, prompt, prefill_flops, parallel, named_engine, s, ex
        )
    else:
        prefill_peak = (
            _peak_tflops(gpu, "fp16" if fmt.compute in ("fp16", "int8") else fmt.compute)
            * 1e12
            * measured_matmul_factor(gpu)
        )
        # the engine's compute share of the large-GEMM peak (a decode step's measured decode-shape rate is not a prompt's)
        share = _compute_efficiency(engine, gpu, cal=ex.cal)
        prefill_rate = prefill_peak * share * parallel / prefill_flops
        how = (Reason.of("est.how-peak", share=share, tflops=prefill_peak / 1e12),)
    # never faster than streaming the weights once per chunk
    ttft = (
        prompt / prefill_rate
        + s.read / (s.eff * s.bw)
        + _sglang_eager_prefill(model, gpu, gpus, split, named_engine, ex)
        + _vllm_request_cost(engine, named_engine, ex)
    )
    if not ex.kept:
        return prefill_rate, ttft  # what follows is said, not computed
    slow = slow_prefill_warning(gpu, prompt, ttft, prefill_rate)
    if slow is not None:
        ex.warnings.append(slow)
    backend = llamacpp_backend(gpu, ex.cal.llamacpp_backend) if named_engine in (None, "llama.cpp") else named_engine
    unfitted = _prompt_unfitted(model, gpu, engine, backend)
    if unfitted is not None:
        ex.assume(unfitted)
    if engine == "llama.cpp" and named_engine in (None, "llama.cpp") and split == "layer":
        piped = prefill_pipelined(gpus, prompt, ex.cal.llamacpp_ubatch, backend)
        if piped is not None:
            ex.assume(piped)
    ex.step(
        "prefill",
        Reason.of(
            "est.prefill",
            gflop=prefill_flops / 1e9,
            **({"head": True} if skipped else {}),
            half=prompt // 2,
            how=how,
            rate=prefill_rate,
            prompt=prompt,
            ttft=ttft,
        ),
    )
    return prefill_rate, ttft


def _llamacpp_prefill_rate(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    prompt: int,
    prefill_flops: float,
    parallel: int,
    named_engine: str | None,
    s: _DecodeStep,
    ex: _Explain,
) -> tuple[float, tuple[Reason, ...]]:
    """llama.cpp's prompt rate (tokens/s) on `parallel` cards and how it was reached: the backend's sustained matmul
    rate for the weight format, the MoE experts' rows, Blackwell's native MXFP4, and the attention scores."""
    fmt = weight_format(workload.precision or "bf16", "llama.cpp")
    # exllamav2 multiplies quantized weights directly only up to MAX_Q_GEMM_ROWS (32, exllamav2_ext config.h) rows;
    # a prompt batch rebuilds fp16 weights and calls cuBLAS hgemm (the dequantize path), whatever the llama.cpp build
    sustained, how = llamacpp_prefill_tflops(
        gpu,
        fmt.quantized,
        int8_mmq=named_engine not in EXLLAMA_ENGINES,
        cal=ex.cal,
        bf16=fmt.name == "bf16",
        precision=workload.precision or "bf16",
    )
    # a unified-memory family's own expert kernels (estimate/unified.py), fitted on quantized rows
    family_rows_half = unified_expert_rows_half(gpu) if fmt.quantized else None
    bf16_path = vulkan_bf16_prefill(gpu) if any(r.code == "est.how-vulkan-bf16" for r in how) else None
    family_rows_half = bf16_path[1] if bf16_path else family_rows_half  # its own expert kernels' rows (unified.py)
    moe_factor, moe_how = _moe_prefill_time_factor(
        model, counts, prompt, prefill_flops, cal=ex.cal, rows_half=family_rows_half
    )
    native_fp4 = _blackwell_mxfp4(gpu, workload.precision or "bf16", named_engine, cal=ex.cal)
    per_token = prefill_flops * moe_factor / (
        sustained * 1e12 * parallel * (MXFP4_BLACKWELL_PREFILL_SPEEDUP if native_fp4 else 1.0)
    ) + attention_score_seconds(model, prompt, s.eff * s.bw * parallel, cal=ex.cal)
    delta = delta_net_prompt_seconds(model, prompt, cal=ex.cal) / parallel
    per_token += delta
    how += moe_how + ((Reason.of("est.how-fp4", speedup=MXFP4_BLACKWELL_PREFILL_SPEEDUP),) if native_fp4 else ())
    if delta:
        how += (
            Reason.of(
                "est.how-delta-net",
                layers=model.recurrent_layers,
                us=ex.cal.llamacpp_delta_net_chunk_s * 1e6,
                build=ex.cal.llamacpp_delta_net_chunk_build,
                share=delta / per_token,
            ),
        )
    prefill_rate = 1.0 / per_token
    how += (
        (Reason.of("est.how-flash"),)
        if ex.cal.llamacpp_flash_attention
        else (Reason.of("est.how-scores", tokens=prompt // 2),)
    )
    return prefill_rate, how


def _prompt_unfitted(model: ModelArch, gpu: Gpu, engine: str, backend: str | None) -> Reason | None:
    """est.prefill-unfitted for a prompt figure outside the fitted prompt rows (ranges.prefill_unfitted); a unified-memory
    family with prompt rows of its own (unified.family_prefill_fitted: an Apple chip of APPLE_PREFILL_CHIPS, Metal
    included; Strix Halo on Vulkan) is inside them."""
    if engine == "llama.cpp" and family_prefill_fitted(gpu):
        return prefill_unfitted("", "", model.params_total_b)
    return prefill_unfitted(
        gpu.architecture, (backend or "") if engine == "llama.cpp" else engine, model.params_total_b
    )


def _sglang_eager_prefill(
    model: ModelArch, gpu: Gpu, gpus: int, split: str, named_engine: str | None, ex: _Explain
) -> float:
    """Seconds SGLang's one prefill (extend) batch spends launching its kernels eagerly (Calibration.
    sglang_prefill_eager x the SGLang 0.5 MoE and MLA floor) and in its tensor-parallel all-reduces' latency (two per
    layer); zero for other engines and for models without that floor."""
    if named_engine != "sglang":
        return 0.0
    cal = ex.cal
    floor, _ = _server_layer_latency(model, "vllm", named_engine, cal=replace(cal, sglang_version=SGLANG_CURRENT))
    if not floor:
        return 0.0
    tp = gpus if split == "tensor" else serving_layout(model, gpus)[0] if split == TENSOR_PIPELINE else 1
    link, _over = allreduce_latency(gpu, tp, cal.allreduce_nvlink_s, cal.allreduce_pcie_s, cal.allreduce_fabric_s)
    comm = tp_allreduces(model) * link if tp > 1 else 0.0
    eager = cal.sglang_prefill_eager * floor + comm
    ex.step("prefill", Reason.of("est.sglang-eager-prefill", ms=eager * 1e3, factor=cal.sglang_prefill_eager))
    return eager


def _vllm_request_cost(engine: str, named_engine: str | None, ex: _Explain) -> float:
    """Seconds vLLM spends on one request outside the GPU's prompt pass (Calibration.vllm_first_token_s); zero for
    other engines, SGLang included (estimated as vLLM, its own term is _sglang_eager_prefill)."""
    if engine != "vllm" or named_engine == "sglang" or not ex.cal.vllm_first_token_s:
        return 0.0
    ex.step("prefill", Reason.of("est.vllm-request-cost", ms=ex.cal.vllm_first_token_s * 1e3))
    return ex.cal.vllm_first_token_s


def prompt_output_only_params(counts: ParamCounts) -> float:
    """Matmul parameters a llama.cpp prompt token skips: the output head and the last layer's MLP run only for the
    rows that need logits. llama.cpp's graphs cut the last layer to those rows before its feed-forward ("skip
    computing output for unused tokens": ggml_get_rows(cur, inp_out_ids), src/llama-model.cpp), and a batch whose
    logits flags are unset outputs only its last token (src/llama-batch.cpp, llama_batch_allocr::init), as
    llama-bench's prompt test sends it (tools/llama-bench/llama-bench.cpp test_prompt: llama_batch_get_one) and
    llama-server asks logits of a prompt's last token only. Per prompt token of a 512-token micro-batch the rows that
    do run are under 0.2 % of it, so they are left out: of the matmul parameters a token was counted with, Llama 2 7B
    4 %, Llama 3 8B 9 %, Llama 3.2 3B 15 %, Qwen2.5-1.5B 18 %, gpt-oss-20b 19 % of the active ones."""
    head = counts.lm_head or counts.embedding - counts.per_layer_embedding
    last_mlp = (counts.dense_mlp + counts.experts_active) / counts.layers if counts.layers else 0.0
    return head + last_mlp


def prompt_scan_flops(model: ModelArch, engine: str) -> float:
    """The recurrent layers' chunked scan per prompt token (layer_kinds.recurrent_scan_flops), counted with the prompt's
    FLOPs; none for llama.cpp's Gated DeltaNet layers, whose chunked delta rule is timed on its own
    (delta_net_prompt_seconds, fitted on llama.cpp's own prompts)."""
    if engine == "llama.cpp" and model.linear_attention is not None:
        return 0.0
    return recurrent_scan_flops(model)


def delta_net_prompt_seconds(model: ModelArch, prompt: int, *, cal: Calibration = CAL) -> float:
    """Seconds per prompt token a llama.cpp prompt spends in its Gated DeltaNet layers' chunked delta rule
    (Calibration.llamacpp_delta_net_chunk_s per value head, chunk and layer); zero for a model without them. The
    layers' projections are matmuls and counted with the rest of the prompt's FLOPs."""
    spec = model.linear_attention
    if spec is None or prompt <= 0:
        return 0.0
    chunks = math.ceil(prompt / DELTA_NET_CHUNK)
    return model.recurrent_layers * spec.num_value_heads * chunks * cal.llamacpp_delta_net_chunk_s / prompt


def _moe_prefill_time_factor(
    model: ModelArch,
    counts: ParamCounts,
    prompt: int,
    prefill_flops: float,
    *,
    cal: Calibration,
    rows_half: float | None = None,
) -> tuple[float, tuple[Reason, ...]]:
    """How much longer an MoE prompt takes than its FLOPs at the dense rate (Calibration.prefill_expert_rows_half, or
    `rows_half` where a backend has its own: Metal's, unified.metal_expert_rows_half): each routed expert's matmul has
    t = ubatch x k / E rows of the micro-batch and reaches t / (t + t_half) of the dense rate; 1 for a dense model."""
    if model.moe is None or not counts.experts_active:
        return 1.0, ()
    ubatch = min(prompt, cal.llamacpp_ubatch)
    rows = ubatch * model.moe.experts_per_token / model.moe.num_experts
    efficiency = rows / (rows + (cal.prefill_expert_rows_half if rows_half is None else rows_half))
    expert_share = min(1.0, 2 * counts.experts_active / prefill_flops)
    factor = 1 - expert_share + expert_share / efficiency
    return factor, (
        Reason.of(
            "est.how-moe", share=expert_share, rows=rows, ubatch=ubatch, efficiency=efficiency, overall=1 / factor
        ),
    )


def _blackwell_mxfp4(gpu: Gpu, precision: str, named_engine: str | None, *, cal: Calibration) -> bool:
    """Whether a llama.cpp build multiplies MXFP4 experts on Blackwell's FP4 tensor cores (PR #17906)."""
    return (
        precision == "mxfp4"
        and named_engine not in EXLLAMA_ENGINES
        and gpu.vendor == "nvidia"
        and gpu.architecture == "Blackwell"
        and cal.llamacpp_blackwell_mxfp4
        and llamacpp_backend(gpu, cal.llamacpp_backend) == "cuda"
    )


def _separate_prefills(engine: str, named_engine: str | None, cal: Calibration) -> bool:
    """Whether arriving prompts run as their own prefill batches the decode batch waits for (SGLang without
    --enable-mixed-chunk, serving.SGLANG_MIXED_CHUNK_DEFAULT) rather than inside the decode steps (vLLM)."""
    return named_engine == "sglang" and engine in SERVER_ENGINES and not cal.sglang_mixed_chunk


def _decode_step(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    w: WeightBytes,
    gpu: Gpu,
    gpus: int,
    named_engine: str | None,
    ex: _Explain,
    tp: int = 1,
) -> _DecodeStep:
    """The reads, FLOPs and fixed costs of one decode step of the whole model; `tp` GPUs share each layer (tensor
    parallel), which sets the size of each GPU's GEMMs."""
    engine = workload.engine or "transformers"
    precision = workload.precision or "bf16"
    context = workload.context or 4096
    batch = workload.batch
    read, moe_note = _weights_read(model, w, precision, engine, gpu, batch, cal=ex.cal)
    # a sequence fills its context as it goes: on average the prompt (when stated) and half of the reply is read back
    # per step; without a stated prompt, the team's typical request (common.serving_pool.decode_depth), else half of
    # the context; a hybrid's recurrent layers read and write their fixed state beside it
    depth = decode_depth(context, workload.prompt, workload.typical_tokens)
    kv_read = kv_cache_bytes(model, depth, batch, KV_BYTES[workload.kv_precision], engine) + recurrent_state_traffic(
        model, batch
    )
    flops_per_token = (
        2 * counts.matmul_active
        + decode_attention_flops(model, depth)
        + _cross_sequence_flops(model, workload, context)
    )
    # prompts of the requests that replace finished ones run inside the decode steps (chunked prefill, serving.py)
    arriving = arriving_prompt_tokens(batch, workload.prompt, context, batched_tokens_budget(gpu))
    mixed = not _separate_prefills(engine, named_engine, ex.cal)
    eff = _bw_efficiency(engine, precision, gpu, cal=ex.cal)
    # the GEMM size the measured decode-shape rate is read at: a dense layer's weights per GPU (an MoE layer's experts
    # run in fused-MoE kernels the measured dense shapes do not describe: None, the rate over every shape)
    layer_bytes = read / max(tp, 1) / model.num_layers if model.moe is None else None
    peak, compute_eff = _decode_matrix_rate(engine, precision, gpu, eff, ex, layer_bytes)
    return _DecodeStep(
        read=read,
        kv_read=kv_read,
        moe_note=moe_note,
        eff=eff,
        bw=gpu.memory_bandwidth_gbps * 1e9,
        flops_per_token=flops_per_token,
        arriving=arriving,
        step_flops=batch * flops_per_token + (arriving * 2 * counts.matmul_active if mixed else 0.0),
        peak=peak,
        compute_eff=compute_eff,
        tokens=batch + (arriving if mixed else 0.0),
        overhead=_step_overhead(model, engine, precision, gpu, gpus, batch, named_engine, ex)
        + _sglang_mla_depth(model, engine, named_engine, depth, ex)
        + (_expert_parallel_wait(model, w, engine, gpu, gpus, batch, eff, ex) if named_engine != "sglang" else 0.0),
    )


def _cross_sequence_flops(model: ModelArch, workload: Workload, context: int) -> float:
    """Attention FLOPs a stream's decode token spends on the other slots' cells in llama-server's unified buffer
    (round 45, common.serving_pool.KvPool.attention_span): its full-attention layers span every slot's cells in use,
    past its own window, and discard the product (ggml-org/llama.cpp PR #14363). The batch reads those cells together,
    so the step's KV bytes are each stream's own (decode_depth); only the compute grows. 0 elsewhere."""
    shape = {
        "context": context,
        "batch": workload.batch,
        "engine": workload.engine,
        "typical_tokens": workload.typical_tokens,
        "kv_unified": workload.kv_unified,
    }
    span = pool_of(shape).attention_span
    if span is None or span <= context:
        return 0.0
    return 4.0 * full_layers(model) * (span - context) * score_widths(model)[0]


def _tensor_degree(model: ModelArch, gpus: int, split: str) -> int:
    """How many GPUs share each layer under `split`: all of them tensor parallel, a stage's under tensor x pipeline
    (serving_layout), one where whole layers sit on each GPU."""
    if split == "tensor":
        return gpus
    return serving_layout(model, gpus)[0] if split == TENSOR_PIPELINE else 1


def _decode_matrix_rate(
    engine: str, precision: str, gpu: Gpu, eff: float, ex: _Explain, layer_bytes: float | None
) -> tuple[float, float]:
    """(FLOP/s, share) of a decode step's compute bound. Where the family's weight GEMMs were timed at decode row counts
    for this engine and format (backends.DECODE_GEMM_FACTS: CDNA 3 FP8 under the server engines), the rate that makes
    the step's roofline reproduce those times, read whole (share 1); else the format's peak, off NVIDIA scaled by the
    family's measured large-GEMM share (measured_matmul_factor, as prefill and training read it), at the engine's
    NVIDIA-calibrated compute share."""
    compute = weight_format(precision, engine).compute
    fact = decode_gemm_fact(gpu, engine, compute)
    if fact is None:
        peak = _peak_tflops(gpu, compute) * 1e12 * measured_matmul_factor(gpu)
        return peak, _compute_efficiency(engine, gpu, cal=ex.cal)
    # at the size of this step's GEMMs on one GPU (`layer_bytes`, a layer's weights read per GPU): smaller ones fill
    # fewer tiles (backends.decode_gemm_shape_rates)
    if layer_bytes is None:
        tflops = decode_gemm_tflops(fact, eff, ex.cal.roofline_norm)
    else:
        tflops = round(decode_gemm_tflops_at(fact, eff, ex.cal.roofline_norm, layer_bytes))
    ex.step("decode", Reason.of("est.decode-gemm-measured", family=fact.family, tflops=tflops, card=fact.card))
    return tflops * 1e12, 1.0


def _decode_speed(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    ex: _Explain,
    scale: float = 1.0,
    named_engine: str | None = None,
) -> tuple[float, float, float, float, float]:
    """(tokens/s per sequence, aggregate tokens/s, prefill tokens/s, time to first token, seconds to fill the whole
    context: _window_fill); `named_engine` is the engine as requested when `workload.engine` is its stand-in."""
    engine = workload.engine or "transformers"
    context = workload.context or 4096
    batch = workload.batch
    w = _weight_bytes(counts, workload.precision or "bf16", scale, model, engine)
    s = _decode_step(model, counts, workload, w, gpu, gpus, named_engine, ex, _tensor_degree(model, gpus, split))
    if split in ("tensor", TENSOR_PIPELINE):
        step = _tensor_parallel_step(model, gpu, gpus, split, s, ex)
    else:
        step, s = _layer_split_step(model, counts, workload, w, gpus, engine, scale, s, ex)
    if engine == "vllm" and named_engine != "sglang" and ex.cal.vllm_async_scheduling:
        # the scheduler's per-step work runs while the GPU executes the previous step; per-sequence work stays on it
        host = ex.cal.step_overhead_vllm
        hidden = ex.cal.vllm_async_overlap * host
        if hidden > 0:
            step = max(step - hidden, host)
            ex.step("decode", Reason.of("est.async-scheduling", ms=hidden * 1e3))
    requests = arriving_requests(batch, workload.prompt, context) if s.arriving else 0.0
    if requests and _separate_prefills(engine, named_engine, ex.cal):
        # each arriving prompt is its own prefill batch, and the running decode batch waits for it (serving.py)
        # the request's own extend batch, as its one-user time to first token prices it (Calibration.sglang_stall_share):
        # its prompt's FLOPs in full, a share of the per-batch rest (weight read, eager launches); timed on a one-user
        # step, whose weight read is one token's experts, not the experts the running batch's decode tokens touch
        rate, ttft = _one_user_ttft(model, counts, workload, w, gpu, gpus, split, named_engine, ex)
        compute = waited_prompt_tokens(workload, context) / rate
        one_prefill = compute + ex.cal.sglang_stall_share * (ttft - compute)
        stall = requests * one_prefill
        step += stall
        ex.step("decode", Reason.of("est.sglang-prefill-stall", ms=stall * 1e3, prefill_ms=one_prefill * 1e3))
    tps = 1.0 / step
    _explain_decode(counts, gpu, engine, context, batch, s, step, ex)
    if workload.speculative == "mtp":
        tps = _speculative_mtp(model, counts, workload, gpu, gpus, split, ex, scale, named_engine, step, tps)
    elif workload.speculative == "draft":
        tps = _speculative_draft(model, counts, workload, gpu, gpus, split, ex, scale, named_engine, tps)
    if s.arriving:
        ex.assume(
            Reason.of("est.arriving", batch=batch, reply=context - (workload.prompt or 0), prompt=workload.prompt)
        )
    prefill_rate, ttft = _prefill(model, counts, workload, gpu, gpus, split, named_engine, s, ex)
    # a prompt of the whole context is the window: its first token is the fill, timed once
    whole = workload.prompt == (workload.context or INFERENCE_CONTEXT)
    fill = ttft if whole else _window_fill(model, counts, workload, gpu, gpus, split, named_engine, s, ex)
    return tps, tps * batch, prefill_rate, ttft, fill


def _one_user_ttft(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    w: WeightBytes,
    gpu: Gpu,
    gpus: int,
    split: str,
    named_engine: str | None,
    ex: _Explain,
) -> tuple[float, float]:
    """(prefill tokens/s, time to first token) of one arriving request as a lone user's estimate gives them: the step
    `_prefill` reads its weight stream from is a one-user step, whatever the batch the request joins."""
    alone = workload.model_copy(update={"batch": 1})
    quiet = ex.quiet()
    s1 = _decode_step(model, counts, alone, w, gpu, gpus, named_engine, quiet, _tensor_degree(model, gpus, split))
    return _prefill(model, counts, alone, gpu, gpus, split, named_engine, s1, quiet)


def _window_fill(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    named_engine: str | None,
    s: _DecodeStep,
    ex: _Explain,
) -> float:
    """Seconds to fill the whole context from an empty cache, at its own length: the prompt pass of `context` tokens,
    whose attention FLOPs per token are those at the mean depth context / 2 (prompt_attention_flops: the integral of
    a token's attention work over depth 0..context, a sliding-window layer's capped at its window, a linear-attention
    layer's not growing), as the first token of a pasted document, a RAG retrieval or a resumed chat waits for it; not
    context / the rate of a typical prompt, which leaves the window's deeper attention out (rules.job.FILL reads it)."""
    whole = workload.model_copy(update={"prompt": workload.context or INFERENCE_CONTEXT})
    return _prefill(model, counts, whole, gpu, gpus, split, named_engine, s, ex.quiet())[1]


# --------------------------------------------------------------------------- training time


def _attention_flops(model: ModelArch, workload: Workload) -> float:
    """The attention FLOPs per token that _training_flops counts: three forwards (forward and a backward of two) of
    layer_kinds.training_attention_flops (12 x layers x d_attn x seq for a model whose every layer attends over the
    whole sequence; a sliding layer's at its window, a recurrent layer's chunked scan: hybrid47), two of them for
    adapters, and the forward again where gradient checkpointing recomputes it (_recomputed_attention_flops)."""
    seq = workload.context or 2048
    attention = 3 * training_attention_flops(model, seq)
    method = workload.method if workload.kind == "finetune" else "full"
    return (attention if method == "full" else attention * 2 / 3) + _recomputed_attention_flops(model, workload)


def attention_recomputed(workload: Workload) -> bool:
    """Whether a training step runs attention's forward twice: whole-layer gradient checkpointing recomputes every
    layer's forward in the backward, attention included (Korthikanti et al. 2022, arXiv 2205.05198, sec. 5: "full
    activation recomputation"; Narayanan et al. 2021 eq. 3 counts it: 4 passes of the s/6h term); torchtitan's
    per-operator selective checkpointing keeps attention's output (Workload.selective_checkpointing) and does not."""
    return bool(workload.grad_checkpointing) and not workload.selective_checkpointing


def _recomputed_attention_flops(model: ModelArch, workload: Workload) -> float:
    """The attention forward gradient checkpointing runs again, per token: 4 x layers x d_attn x seq (the forward's
    third of PaLM's 12; the same for adapters, whose forward is the full model's). Before long41 (2026-12-06) the count
    added the recomputed GEMMs (2N) but not this: negligible at 2-4K tokens (Llama 2 70B at 4,096: 2.5 % of the step's
    FLOPs), a fifth to a quarter of them at 64-256K, where attention is most of the step."""
    if not attention_recomputed(workload):
        return 0.0
    return training_attention_flops(model, workload.context or 2048)


def _training_flops(model: ModelArch, counts: ParamCounts, workload: Workload, tokens: float, ex: _Explain) -> float:
    """FLOPs of the whole run: per token 6N for full training (4N for adapters), attention, recomputation."""
    n = counts.matmul_active
    attention = _attention_flops(model, workload)
    method = workload.method if workload.kind == "finetune" else "full"
    per_token: float
    if method == "full":
        per_token = 6 * n + attention
        basis = "6 x N (forward 2N, backward 4N)"
    else:
        per_token = 4 * n + attention
        basis = "4 x N (forward 2N, backward 2N for activation gradients only: frozen weights need no weight gradients)"
    if workload.grad_checkpointing:
        per_token += 2 * n
        basis += " + 2 x N recomputed forward (gradient checkpointing)"
    flops = per_token * tokens
    ex.step(
        "flops",
        Reason.of(
            "est.flops",
            full=method == "full",
            recomputed=bool(workload.grad_checkpointing),
            attention_recomputed=attention_recomputed(workload),
            gflop=per_token / 1e9,
            tokens=tokens,
            flops=flops,
        ),
    )
    return flops


def _compute_rate(model: ModelArch, workload: Workload, gpu: Gpu, ex: _Explain) -> float:
    """The compute-phase utilisation of peak bf16: --mfu, else the default from the largest published runs at this
    model's shape (Calibration), QLoRA's dequantization taken off."""
    seq = workload.context or 2048
    method = workload.method if workload.kind == "finetune" else "full"
    # the reference run's rate less its own bubble and tensor-parallel all-reduces (Calibration.plan_step_share_*):
    # this job pays its own data-parallel all-reduce (scaling, below), not that run's layout
    reference = reference_layout(gpu, cal=ex.cal)
    fused = bool(workload.fused_kernels)  # resolved: as asked, else the framework's or the launch command's stack
    shaped = default_mfu(model, gpu, workload.batch * seq, seq, fused, cal=ex.cal)
    default = shaped / (reference[1] if reference is not None else 1.0)
    mfu = workload.mfu or default
    if method == "qlora":
        share = qlora_share(gpu, mfu, workload.batch * seq, str(workload.framework or "peft"))
        mfu *= share
        ex.assume(Reason.of("est.qlora-rate", share=share, tokens=workload.batch * seq))
    if workload.mfu is None:
        unshaped = default_mfu(model, gpu, seq=seq, fused=fused, cal=ex.cal)
        shape = shaped / unshaped if unshaped else 1.0
        ex.assume(
            Reason.of(
                "est.default-rate",
                rate=mfu,
                job=workload.kind,  # which window tab sets the batch and the rate (words.WINDOW_EN)
                arch=gpu.architecture,
                hidden=model.hidden_size,
                fused=fused,
                # a desktop card's figure is not from the data-center runs: its own basis (desktop_training.py), the
                # RTX 3090 rate at the fit rows' width and stack, and whether that rate is fitted (CUDA, ROCm on RDNA 3)
                **(
                    {}
                    if gpu.market == "datacenter"
                    else {
                        "desktop": consumer_utilisation(gpu, cal=ex.cal),
                        "sourced": utilisation_sourced(str(gpu.vendor), gpu.architecture),
                    }
                ),
                rows=workload.batch * seq,
                shape=shape if abs(shape - 1) >= 0.005 else None,
                computed=reference[1] if reference is not None else None,
            )
        )
    return mfu


QLORA_DEQUANT_BYTES = 2.5
"""Bytes moved per frozen weight each time bitsandbytes dequantizes it (an NF4 half-byte read, a 16-bit copy written,
which the GEMM then reads as any bf16 weight): MatMul4Bit runs F.dequantize_4bit(B, quant_state).to(A.dtype) into a
whole 16-bit tensor before F.linear, in the forward and again in the backward (bitsandbytes-foundation/bitsandbytes,
bitsandbytes/autograd/_functions.py). Each pass over a weight pays it once beside 2 x tokens FLOPs of GEMM, so its
share falls with the tokens of a micro-batch and with the card's bandwidth against its compute. LoRA against QLoRA at
the same batch, one script each (AUGMXNT/rdna3-training-tests, LLaMA-Factory, TinyLlama 1.1B, 4 x 1,024 tokens,
2024-02-18): RTX 3090 6,334 vs 6,232 tokens/s (QLoRA 0.98 of LoRA), RTX 4090 14,665 vs 14,534 (0.99), RX 7900 XTX
5,044 vs 5,037 (1.00); Answer.AI's dual-GPU rigs (AnswerDotAI/fsdp_qlora benchmarks_03_2024.md, Llama-2 7B, 2,048
tokens, DDP): RTX 4090 LoRA batch 4 437 s vs QLoRA batch 8 450 s, RTX 3090 881 vs 875. A flat 0.75 (the estimate
before) had Answer.AI's RTX 4090 QLoRA rows 40-78 % slow."""
QLORA_DEQUANT_BYTES_TORCHAO = 2.5
"""torchtune's QLoRA dequantizes torchao's NF4Tensor in PyTorch ops: no separate figure is sourced (its README's
RTX 4090 QLoRA row, 2,413 tokens/s against LoRA's compiled 3,083, mixes the dequantization with torch.compile's
gain on LoRA alone), so the bitsandbytes bytes are used (an estimate)."""


def qlora_share(gpu: Gpu, rate: float, tokens: int, framework: str) -> float:
    """The share of a QLoRA step's time left to its GEMMs: each pass over a frozen weight does 2 x `tokens` FLOPs at
    `rate` of the card's training peak and dequantizes it once (QLORA_DEQUANT_BYTES at the card's memory bandwidth)."""
    peak = training_peak_flops(gpu)
    gemm_s = 2 * max(1, tokens) / (peak * max(rate, 1e-3))
    moved = QLORA_DEQUANT_BYTES_TORCHAO if framework == "torchtune" else QLORA_DEQUANT_BYTES
    dequant_s = moved / (gpu.memory_bandwidth_gbps * 1e9)
    return gemm_s / (gemm_s + dequant_s)


def _elapsed_rate(
    mfu: float, workload: Workload, gpu: Gpu, gpus: int, ex: _Explain, *, moe: bool = False, attention: float = 0.0
) -> float:
    """The default rate over a whole run's elapsed time: FP8 GEMMs (an MoE's at its measured share; `attention` the
    counted attention's share of the FLOPs, which stays in BF16), restarts after failures on many GPUs and a long
    run's other losses (Calibration); --mfu is taken as given."""
    method = workload.method if workload.kind == "finetune" else "full"
    reference = reference_layout(gpu, cal=ex.cal)
    if workload.precision == "fp8" and method == "full" and workload.mfu is None:
        te = workload.transformer_engine
        speedup = fp8_speedup(mfu, gpu, moe=moe, te=te, attention=attention, cal=ex.cal)
        if speedup > 1.0:
            gemms = fp8_gemm_share(mfu, moe, te=te, attention=attention, cal=ex.cal)
            code = "est.fp8-rate-te" if te and not moe else "est.fp8-rate"
            # the attention left in BF16 is said where it moved the share (the GEMM-share reading, not TE's measured one)
            kept = attention if code == "est.fp8-rate" and gemms < fp8_gemm_share(mfu, moe, te=te, cal=ex.cal) else None
            ex.assume(Reason.of(code, gemms=gemms, tflops=gpu.fp8_tflops, speedup=speedup, attention=kept))
        else:
            ex.assume(Reason.of("est.no-fp8", gpu=gpu.name))
        mfu *= speedup
    if workload.mfu is None and gpus > 1:
        effective = effective_training_share(gpus, cal=ex.cal)
        if effective < 0.995:
            ex.assume(Reason.of("est.restarts", share=effective, gpus=gpus))
        mfu *= effective
    if workload.mfu is None and reference is not None:
        ex.assume(Reason.of("est.steady-state", share=ex.cal.end_to_end_share))
        mfu *= ex.cal.end_to_end_share
    return mfu


def _training_peak(gpu: Gpu, ex: _Explain) -> float:
    """FLOP/s of large bf16 GEMMs on `gpu` (training_peak_flops), with why it is below the spec sheet's."""
    peak = training_tflops(gpu, "bf16") * 1e12  # measured-GEMM realism (support_facts.py)
    spec = gpu.bf16_tflops or gpu.fp16_tflops
    if peak < 0.99 * spec * 1e12:
        ex.assume(_gemm_peak_said(gpu, peak / 1e12, spec))
    bounded = training_peak_flops(gpu, cal=ex.cal)
    if bounded < peak:
        per_watt, arch = power_rate(gpu, cal=ex.cal) or (0.0, None)
        ex.assume(
            Reason.of(
                "est.power-bound",
                watts=gpu.tdp_w,
                tflops=bounded / 1e12,
                per_watt=per_watt,
                peak=peak / 1e12,
                **({"arch": arch} if arch else {}),
            )
        )
    return bounded


def training_peak_flops(gpu: Gpu, *, cal: Calibration = CAL) -> float:
    """FLOP/s of large bf16 GEMMs a training step reads on `gpu`, one GPU or many (the estimator, QLoRA's dequantizing
    share and the cluster planner alike): the spec sheet's, or the measured share of it (off NVIDIA, and on NVIDIA's
    workstation and GDDR data-center cards: support/pro_gemm.py), held to what the board's power sustains
    (desktop_power_bound)."""
    peak = training_tflops(gpu, "bf16") * 1e12
    powered = desktop_power_bound(gpu, cal=cal)
    return peak if powered is None else min(peak, powered)


def _gemm_peak_said(gpu: Gpu, tflops: float, spec: float) -> Reason:
    """Why training reads `tflops` of the card's `spec` peak: its architecture's measured GEMMs off NVIDIA; on an NVIDIA
    workstation or GDDR data-center card its own measurement, its training throughput against a measured card, or
    (an estimate) its architecture's measured cards."""
    rate = nvidia_pro_rate(gpu, "bf16")
    if rate is None:
        return Reason.of("est.gemm-peak", arch=gpu.architecture, tflops=tflops, of=spec)
    fields: dict[str, Value] = {
        "card": gpu.name,
        "tflops": tflops,
        "of": spec,
        "share": rate.efficiency,
        "reference": reference_matmul_efficiency(gpu),
        "basis": rate.of,
        "ratio": rate.ratio,
    }
    return Reason.of(f"est.pro-gemm-{rate.basis}", **fields)


def desktop_power_bound(gpu: Gpu, *, cal: Calibration = CAL) -> float | None:
    """FLOP/s a desktop or workstation card's board power sustains in dense GEMMs (power_rate x its board power), or
    None where no bound applies: data-center parts, whose training figure comes from their own reference runs, and a
    card whose own large GEMMs (or its training against a measured card) were measured: that rate was reached at its
    board power already (an RTX PRO 6000 Blackwell measures 393 TFLOPS at 600 W, which 0.40 TFLOPS/W had held to 240)."""
    rate = power_rate(gpu, cal=cal)
    return None if rate is None else POWER_SPEED.sustained_tflops(gpu.tdp_w, rate[0]) * 1e12


def power_rate(gpu: Gpu, *, cal: Calibration = CAL) -> tuple[float, str | None] | None:
    """(TFLOPS per watt of board power, the architecture whose measured cards give it) that bounds `gpu`'s training
    GEMMs: its architecture's measured workstation and data-center cards (pro_gemm.architecture_power_rate: Ampere
    0.41, Ada 0.42, Blackwell 0.66, Turing 0.60, the least over each architecture's cards), else (None: no card of the architecture measured, off NVIDIA) the
    figure fitted on prompt processing (Calibration.prefill_tflops_per_watt). None where no bound applies
    (desktop_power_bound)."""
    if gpu.market == "datacenter" or not gpu.tdp_w:
        return None
    own = nvidia_pro_rate(gpu, "bf16")
    if own is not None and own.basis != "estimate":
        return None
    measured = architecture_power_rate(gpu.architecture) if gpu.vendor == "nvidia" else None
    if measured is not None:
        return measured.tflops_per_watt, gpu.architecture
    return cal.prefill_tflops_per_watt, None


def _data_parallel_scaling(gpu: Gpu, gpus: int, ex: _Explain, links: CardLinks | None = None) -> float:
    """Share of the compute rate kept by a data-parallel job's gradient all-reduce over the GPUs' link. A PCIe card
    that takes an NVLink bridge is timed as bridged unless the build says it has none (`links`): without one a GeForce
    pair goes through the CPU like any card without peer-to-peer."""
    scaling = 1.0
    bridged = bool(gpu.nvlink) and (links is None or links.bridge)
    if gpus > 1:
        if gpu.nvlink and gpu.form_factor != "pcie":
            scaling = ex.cal.multi_gpu_scaling_nvlink
        elif bridged or gpu.p2p:
            scaling = ex.cal.multi_gpu_scaling_pcie_p2p
        else:
            scaling = ex.cal.multi_gpu_scaling_pcie
        ex.scaling = scaling
        ex.assume_layout(
            Reason.of(
                "est.scaling",
                gpus=gpus,
                scaling=scaling,
                over="NVLink" if scaling == ex.cal.multi_gpu_scaling_nvlink else "PCIe",
            )
        )
    return scaling


def _sharded_gathers(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    scale: float,
    compute_s: float,
    ex: _Explain,
    links: CardLinks | None = None,
) -> float:
    """Seconds a sharded job (ZeRO-3 / FSDP FULL_SHARD over `gpus`, with or without the shards offloaded) spends moving
    weights that its compute does not hide, in all (Calibration.sharded_gather_overlap). Every micro-batch gathers the
    stored weights (NF4 under QLoRA: FSDP + QLoRA shards the quantized storage) once for the forward and once for the
    backward (the recomputed forward runs inside the backward's gathered layer): (n-1)/n of them cross each GPU's link
    each time; a full fine-tune also reduce-scatters its 16-bit gradients (Rajbhandari et al. 2020, sec. 7.2.2: 3 x the
    16-bit states). Offloaded shards first cross each card's own PCIe link from RAM (1/n each). The link is the
    cluster planner's: NVLink through NVSwitch in an SXM server, else PCIe at the bus bandwidth NCCL reaches there
    without NVLink (collectives.PCIE_BUSBW_SHARE; GeForce cards have no PCIe peer-to-peer, so the traffic goes through
    the CPU's root complex), x16 at the card's generation unless the build says otherwise (`links`, the plan's
    placement: the narrowest slot's lanes and generation, a chipset x4 slot or an x8/x8 split; an NVLink bridge, which
    joins only two cards)."""
    # ZeRO-1/2 with the optimizer offloaded moves gradients and parameters once per optimizer step, not every
    # micro-batch: only fully sharded weights (ZeRO-3, FSDP FULL_SHARD, with or without their CPU offload) are gathered
    if gpus <= 1 or workload.zero < 3 or workload.tokens is None:
        return 0.0
    full = workload.method == "full" or workload.kind == "pretrain"
    precision = "bf16" if full else (workload.precision or "bf16")
    weights = float(sum(_weight_bytes(counts, precision, scale, model, None)[:3]))
    link = intra_node_link(gpu, links=links)
    passes = 3 if full else 2
    per_step = passes * (gpus - 1) / gpus * weights / (link.busbw_gbs * 1e9)
    if workload.offload == "cpu":
        h2d = pcie_gbs(gpu, links)[0] * PCIE_BUSBW_SHARE
        per_step += 2 * weights / gpus / (h2d * 1e9)
    tokens_per_step = workload.batch * (workload.context or 2048) * gpus
    steps = workload.tokens / tokens_per_step
    hidden = ex.cal.sharded_gather_overlap * compute_s / steps
    exposed = max(0.0, per_step - hidden) * steps
    if exposed > 0:
        ex.assume_layout(
            Reason.of(
                "est.sharded-gathers",
                gpus=gpus,
                gb=passes * (gpus - 1) / gpus * weights / 1e9,
                link=link.name,
                gbs=link.busbw_gbs,
                seconds=per_step,
                exposed=exposed / steps,
                offload=workload.offload == "cpu",
                hours=exposed / 3600,
            )
        )
    return exposed


def _offloaded_step(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    compute_s: float,
    ex: _Explain,
    links: CardLinks | None = None,
    host_ram: float = 0.0,
) -> OffloadStep | None:
    """The optimizer step of a fine-tune with its optimizer in system RAM (--offload cpu: ZeRO-Offload, ZeRO-3 offload,
    FSDP's CPU offload), timed once by optimizer_offload.offload_step: the CPU's Adam over the trained parameters at the
    host's RAM bandwidth (Workload.ram_bandwidth_gbps: the build's own in a plan), the copies over each card's PCIe
    link (`links`: the build's slots), the ZeRO-1/2 all-gather. `compute_s`: the run's GPU compute per GPU. None where
    nothing is offloaded or no tokens are given."""
    if workload.offload != "cpu" or workload.tokens is None or workload.kind == "inference":
        return None
    setup = _training_setup(workload, gpus, cal=ex.cal)
    if not setup.offload:
        return None
    full = setup.method == "full"
    params = float(counts.total) if full else float(lora_params(model, workload.lora_rank, workload.lora_targets))
    tokens_per_micro = workload.batch * (workload.context or 2048)
    micro_batches = workload.grad_accumulation or 1
    micro_count = workload.tokens / (tokens_per_micro * max(1, gpus))
    from configurator.core.rules.compat import load_spike  # the rulebook, loaded only when a step is offloaded

    named = workload.ram_bandwidth_named  # --ram-bandwidth, or a plan's build's own host (Workload.on_host)
    spike = load_spike({"framework": workload.framework, "method": workload.method, "offload": workload.offload})
    host = offload_host(workload.ram_bandwidth_gbps if named else None, host_ram, gpus, spike=spike)
    step = offload_step(
        params=params,
        gpus=gpus,
        tokens=workload.tokens,
        tokens_per_micro_batch=tokens_per_micro,
        micro_batches=micro_batches,
        params_stay_in_ram=setup.zero >= 3 or setup.fw.offload_everything,
        torch_optimizer=setup.fw.offload_everything,
        ram_gbps=host.gbps,
        pcie_gbs=pcie_gbs(gpu, links)[0] * PCIE_COPY_EFFICIENCY,
        gather_busbw_gbs=intra_node_link(gpu, links=links).busbw_gbs,
        compute_s_per_micro_batch=compute_s / micro_count,
        share=ex.cal.cpu_adam_ram_share,
    )
    ex.assume_layout(
        Reason.of(
            "est.offload-step",
            runner=step.runner,
            b=step.params / 1e9,
            gbps=step.ram_gbps,
            share=step.share,
            cpu=step.cpu_s,
            back=step.back_s + step.gather_s,
            grads=step.grads_exposed_s,
            link=pcie_gbs(gpu, links)[1],
            micro=step.micro_batches,
            steps=step.steps,
            hours=step.seconds / 3600,
            host=host.kind,
            **typical_host_fields(host),
        )
    )
    ex.offload_host = host_json(host, step)
    return step


def _expert_parallel(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    peak: float,
    ex: _Explain,
    links: CardLinks | None = None,
) -> tuple[float, float]:
    """(the compute rate's factor, seconds per GPU of token all-to-alls over the whole run) of an MoE job's routed
    experts, priced as the cluster planner prices a layout (parallel._compute_seconds and _expert_all_to_all call the
    same two functions): each expert's GEMMs at the rows it sees per micro-batch (gemm.expert_time_factor) and, for a
    pretraining job, the all-to-alls (collectives.expert_all_to_all) of the job's own expert-parallel degree
    (Workload.expert_parallel, a published run's; across nodes over the fabric, with its dispatcher and overlap) or the
    one Megatron-Core's guideline gives these GPUs (gemm.default_expert_parallel: EP inside the NVLink domain, none on
    PCIe cards); a fine-tune runs every expert on its own GPU's tokens (ZeRO/FSDP). (1, 0) for a dense model or a given
    --mfu."""
    moe = model.moe
    if moe is None or workload.mfu is not None or gpu.memory_bandwidth_gbps <= 0 or not workload.tokens:
        return 1.0, 0.0
    nvswitch = bool(gpu.nvlink) and gpu.form_factor != "pcie"
    node = min(gpus, GPUS_PER_NVLINK_DOMAIN) if nvswitch else 1
    sharded = workload.kind == "pretrain" and workload.zero in EXPERT_ZERO_STAGES
    ep = (workload.expert_parallel or default_expert_parallel(model, gpus, node)) if sharded else 1
    tokens = max(1, workload.batch) * (workload.context or 2048)
    factor = expert_time_factor(model, peak / (gpu.memory_bandwidth_gbps * 1e9), tokens, 1, ep)
    link = intra_node_link(gpu, links=links)
    # a group wider than the NVLink domain (a published run's own EP: Workload.expert_parallel) sends its other nodes'
    # copies over the fabric of a data-center node, one 400 Gb/s NIC per GPU (collectives.DGX_NIC_GBPS)
    across = nvswitch and ep > GPUS_PER_NVLINK_DOMAIN
    fabric = inter_node_link(DGX_NIC_GBPS) if across else None
    per_micro, _moved = moe_all_to_all(
        model,
        tokens,
        moe_layer_count(model),
        ep,
        link,
        bool(workload.grad_checkpointing),
        fabric=fabric,
        node=GPUS_PER_NVLINK_DOMAIN,
        dispatcher=expert_dispatcher(workload.expert_dispatcher, gpu, across),
        overlap=workload.expert_overlap,
    )
    seconds = per_micro * workload.tokens / (max(1, gpus) * tokens)
    ex.assume_layout(
        Reason.of(
            "est.expert-gemms",
            ep=ep,
            rows=tokens_per_expert(model, tokens, ep),
            rate=factor,
            link=(fabric.name if fabric else link.name) if ep > 1 else "",
            hours=seconds / 3600,
        )
    )
    return factor, seconds


def reference_rest_share(gpu: Gpu, *, cal: Calibration = CAL) -> float:
    """The rate of a step's FLOPs beside attention over the default utilisation, once attention runs at its own kernel's
    rate (_attention_time): the reference run's utilisation counts its attention at the same rate as its GEMMs, so
    the rest keeps the share that leaves the reference run's own step time as it was. The H100 reference (Llama 3 405B
    at 8,192, taken as a FlashAttention run: Calibration) spends 7.8 % of its counted FLOPs in attention, which
    FlashAttention-2 runs faster than the run's rate: the rest keeps 0.987 of it. 1 where no reference run or no
    measured kernel applies, and on Ampere, whose reference (2021) ran without FlashAttention (its scores' traffic is
    priced in _gemm_share)."""
    reference = reference_layout(gpu, cal=cal)
    if (
        reference is None
        or not _hopper_class(gpu)
        or not cal.training_flash_attention
        or not cal.training_attention_kernel
    ):
        return 1.0
    shape, step_share = reference
    tflops = kernel_tflops(gpu, "flash2", shape.tokens, shape.q_width // max(1, shape.heads))
    peak = gpu.bf16_tflops or gpu.fp16_tflops
    if tflops is None or not peak:
        return 1.0
    whole = replace(shape, tensor=1)
    attention = 12.0 * shape.q_width * shape.tokens
    share = attention / (6.0 * sum(k * n for k, n in whole.linears()) + attention)
    rate = cal.default_mfu_hopper / step_share  # the reference run's compute-only utilisation
    return (1.0 - share) / (1.0 - share * KERNEL_SHARE_OF_COUNT * rate * peak / tflops)


def step_attention_kernel(workload: Workload, gpu: Gpu, cal: Calibration = CAL) -> str | None:
    """The attention kernel that times a training step's attention (Calibration.training_attention_kernel): a kernel's
    name for every step; attention.FRAMEWORK_KERNEL, each step's own framework's (attention.framework_kernel);
    attention.TRANSFORMER_ENGINE_KERNEL, that only for Transformer Engine steps; attention.OTHER_STACKS_KERNEL, that for
    every step but Transformer Engine's; None (or no match): the step's rate."""
    kernel = cal.training_attention_kernel
    te = workload.transformer_engine
    if (
        kernel == FRAMEWORK_KERNEL
        or (kernel == TRANSFORMER_ENGINE_KERNEL and te)
        or (kernel == OTHER_STACKS_KERNEL and not te)
    ):
        return framework_kernel(gpu, transformer_engine=te)
    return None if kernel in (TRANSFORMER_ENGINE_KERNEL, OTHER_STACKS_KERNEL) else kernel


def _attention_kernel_tflops(model: ModelArch, workload: Workload, gpu: Gpu, cal: Calibration) -> float | None:
    """The FlashAttention kernel rate that times a training step's attention on its own (_attention_time), or None
    where the step's rate times it: without FlashAttention, with --mfu, with no kernel for the step
    (step_attention_kernel) or none measured on this card."""
    kernel = step_attention_kernel(workload, gpu, cal)
    if not cal.training_flash_attention or workload.mfu is not None or not kernel:
        return None
    return kernel_tflops(gpu, kernel, workload.context or 2048, model.head_dim)


def _attention_time(
    model: ModelArch, workload: Workload, gpu: Gpu, tokens: float, flops: float, gemm_flops: float, ex: _Explain
) -> tuple[float, float]:
    """(the counted attention FLOPs taken out of the GEMMs' rate, the seconds its kernel takes over the run) where the
    card's FlashAttention forward + backward rate is measured (attention.kernel_tflops, for the kernel
    Calibration.training_attention_kernel names, at this sequence and head dim): the kernel does 7/12 of the counted
    FLOPs (causal), 2/12 more recomputed under gradient checkpointing (attention.py). (0, 0) where no rate is measured,
    without FlashAttention (the scores through memory: _gemm_share prices them) or with --mfu, which is the whole
    rate. `gemm_flops`: the FLOP/s the step's GEMMs keep, for the explanation."""
    tflops = _attention_kernel_tflops(model, workload, gpu, ex.cal)
    if tflops is None:
        return 0.0, 0.0
    seq = workload.context or 2048
    kernel = step_attention_kernel(workload, gpu, ex.cal)
    counted = _attention_flops(model, workload) * tokens
    full = 12.0 * model.num_layers * model.num_attention_heads * model.head_dim * seq * tokens
    recomputed = attention_recomputed(workload)
    seconds = full * kernel_flops_per_counted(recomputed) / (tflops * 1e12)
    ex.assume(
        Reason.of(
            "est.attention-rate",
            kernel=kernel,
            seq=seq,
            head_dim=model.head_dim,
            tflops=tflops,
            counted=counted / seconds / 1e12 if seconds else 0.0,
            gemm=gemm_flops / 1e12,
            share=counted / flops if flops else 0.0,
            recomputed=recomputed,
            source=rate.said if (rate := kernel_rate(str(kernel), gpu)) else None,
        )
    )
    return counted, seconds


def _pipeline_stretch(model: ModelArch, workload: Workload, compute_s: float, ex: _Explain) -> float:
    """A run's stated pipeline (Workload.pipeline_parallel, e.g. torchtitan's 405B at PP 8) over its compute: the
    busiest stage's pace times 1 + the 1F1B bubble on its micro-batches (frameworks.pipeline_pace, pipeline_bubble, the
    rules the planner's layouts read); 1 for a data-parallel job. `compute_s`: the GPU-seconds it stretches, said."""
    pp = workload.pipeline_parallel or 1
    if pp <= 1:
        return 1.0
    micro = workload.pipeline_micro_batches or pp
    pace = pipeline_pace(model.num_layers, pp)
    bubble = pipeline_bubble(pp, micro)
    stretch = pace * (1.0 + bubble)
    ex.assume(
        Reason.of(
            "est.pipeline-bubble",
            pp=pp,
            micro=micro,
            bubble=bubble,
            pace=pace,
            hours=compute_s * (stretch - 1.0) / 3600,
        )
    )
    return stretch


def _training_time(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    ex: _Explain,
    scale: float = 1.0,
    links: CardLinks | None = None,
    host_ram: float = 0.0,
) -> tuple[float | None, float | None, float | None, float | None]:
    """(training FLOPs, GPU-hours, wall hours, rate share) of a job with --tokens; None where unknown. `host_ram`: the
    bytes it keeps in system RAM, which choose the typical host an offloaded optimizer step is timed on when the
    workload names none (optimizer_offload.offload_host)."""
    tokens = workload.tokens
    if tokens is None:
        ex.assume(Reason.of("est.no-tokens"))
        return None, None, None, None
    flops = _training_flops(model, counts, workload, tokens, ex)
    if gpu is None:
        return flops, None, None, None
    compute = _compute_rate(model, workload, gpu, ex)
    # the counted attention's share, which a plain FP8 step leaves in BF16 (FLOAT8_LINEAR_ONLY); none when its own
    # kernel times it apart from the GEMMs (_attention_time)
    kernel_timed = _attention_kernel_tflops(model, workload, gpu, ex.cal) is not None
    counted_attention = _attention_flops(model, workload) * tokens / flops if flops and not kernel_timed else 0.0
    mfu = _elapsed_rate(compute, workload, gpu, gpus, ex, moe=model.moe is not None, attention=counted_attention)
    peak = _training_peak(gpu, ex)
    scaling = _data_parallel_scaling(gpu, gpus, ex, links)
    fp32 = _fp32_attention_flops(model, workload, gpu, tokens, peak, flops, ex)
    experts, all_to_all = _expert_parallel(model, workload, gpu, gpus, peak, ex, links)
    attention, attention_s = _attention_time(model, workload, gpu, tokens, flops, peak * compute, ex)
    # attention's kernel and the all-to-alls lose the elapsed time's share to restarts and a run's other losses as the
    # steps do (parallel.py), and the kernel the data-parallel all-reduce's too; FP8 GEMMs leave attention in bf16
    elapsed = elapsed_share(gpu, gpus, cal=ex.cal) if workload.mfu is None else 1.0
    rest = reference_rest_share(gpu, cal=ex.cal) if attention else 1.0
    gemms = (flops + fp32 - attention) / (peak * mfu * rest * scaling * experts)
    compute_s = gemms + attention_s / (elapsed * scaling)
    gpu_seconds = compute_s * _pipeline_stretch(model, workload, compute_s, ex) + all_to_all * gpus / elapsed
    gathered = _sharded_gathers(model, counts, workload, gpu, gpus, scale, gpu_seconds / gpus, ex, links)
    offloaded = _offloaded_step(model, counts, workload, gpu, gpus, gpu_seconds / gpus, ex, links, host_ram)
    ex.offload_s = offloaded.seconds if offloaded else 0.0
    gpu_seconds += (gathered + ex.offload_s) * gpus
    gpu_hours = gpu_seconds / 3600
    wall = gpu_hours / gpus
    ex.step(
        "time",
        Reason.of(
            "est.time",
            flops=flops,
            tflops=peak / 1e12,
            rate=mfu * rest * experts,
            scaling=scaling,
            fp32_flops=fp32 or None,
            attention_flops=attention or None,
            attention_hours=attention_s / (elapsed * scaling) / 3600 if attention_s else None,
            expert_hours=all_to_all * gpus / elapsed / 3600 if all_to_all else None,
            gpu_hours=gpu_hours,
            gpus=gpus,
            wall=wall,
            mfu=mfu_said(flops, gpus, dense_peak_tflops(gpu), wall),
        ),
    )
    return flops, gpu_hours, wall, mfu


def _warn_fp16_overflow(model: ModelArch, workload: Workload, gpu: Gpu, ex: _Explain) -> None:
    """A model whose activations overflow fp16 (frameworks.FP16_OVERFLOW), trained in fp16 by a framework that does not
    keep it in float32: its gradient norm turns NaN, whatever the memory and the time say."""
    asked = workload.precision == "fp16"
    half = "fp16" if asked else training_half(gpu)
    name = (
        (workload.framework or default_framework(workload.method, workload.zero))
        if workload.kind == "finetune"
        else None
    )
    source = fp16_overflow_source(name, model.architecture, half)
    if source is None:
        return
    ex.warnings.append(
        Reason.of(
            "warn.fp16-overflow",
            model=model.name,
            arch=model.architecture,
            card=gpu.name,
            asked=asked,
            framework=name or "accelerate",
            source=source,
        )
    )


def _fp32_attention_flops(
    model: ModelArch, workload: Workload, gpu: Gpu, tokens: float, peak: float, flops: float, ex: _Explain
) -> float:
    """The time attention adds when the framework runs it in float32 on a card without bf16 (frameworks.
    UNSLOTH_FP32_ATTENTION), as FLOPs at the training rate `peak`: the counted attention FLOPs take peak / fp32 as long
    (a card's fp32 rate, at the utilisation its GEMMs keep: an estimate, no float32 SDPA measurement on Turing found).
    0 when the framework keeps attention in 16 bits."""
    half = training_half(gpu) if gpu.vendor == "nvidia" else "bf16"  # Unsloth's rule is CUDA's compute capability
    source = fp32_attention_source(workload.framework, model.architecture, half)
    fp32 = training_tflops(gpu, "fp32") * 1e12
    if source is None or fp32 <= 0 or fp32 >= peak:
        return 0.0
    attention = _attention_flops(model, workload) * tokens
    extra = attention * (peak / fp32 - 1)
    ex.assume(
        Reason.of(
            "est.fp32-attention",
            arch=gpu.architecture,
            model=model.architecture,
            share=attention / flops if flops else 0.0,
            fp32=fp32 / 1e12,
            tflops=peak / 1e12,
            slower=extra / flops if flops else 0.0,
            source=source,
        )
    )
    return extra


def _gemm_share(hidden: int, gpu: Gpu, score_heads_seq: float = 0.0, fused: bool = False, *, cal: Calibration) -> float:
    """f(h) = h / (h + h0 + s0): the share of a layer's time spent in its GEMMs, s0 the attention scores' traffic when
    they go through memory (`score_heads_seq` = heads x sequence; 0 with FlashAttention), h0 the element-wise traffic
    of an eager or (`fused`) a fused/compiled stack. Calibration explains all three."""
    flops_per_byte = training_tflops(gpu, "bf16") * 1e12 / (gpu.memory_bandwidth_gbps * 1e9)
    elementwise = cal.mfu_elementwise_bytes_fused if fused else cal.mfu_elementwise_bytes_per_hidden
    return gemm_time_share(hidden, flops_per_byte, elementwise, cal.mfu_attention_score_bytes, score_heads_seq)


def _hopper_class(gpu: Gpu) -> bool:
    return gpu.architecture in ("Hopper", "Blackwell") or bool(gpu.fp8_tflops and gpu.vendor == "nvidia")


def default_mfu(
    model: ModelArch,
    gpu: Gpu,
    tokens: int | None = None,
    seq: int | None = None,
    fused: bool = False,
    *,
    cal: Calibration = CAL,
) -> float:
    """Utilisation of the compute (no communication) for training `model` on `gpu`: the generation's figure from its
    largest published run, scaled by the GEMM share of the time at this hidden size (and, without FlashAttention, this
    many heads at sequence `seq`; with `fused` element-wise kernels, their smaller traffic) against that run's
    (Calibration explains them) and, given the tokens per micro-batch, by how full the layer's unsplit GEMMs keep the
    SMs against that run's (estimate.gemm)."""
    if gpu.market != "datacenter":  # the consumer figure, moved per card by its traffic (desktop_training.py)
        elementwise = cal.mfu_elementwise_bytes_fused if fused else cal.mfu_elementwise_bytes_per_hidden
        return desktop_mfu(
            consumer_utilisation(gpu, cal=cal),
            model,
            gpu,
            seq or model.max_context,
            elementwise,
            cal.mfu_attention_score_bytes,
            cal.training_flash_attention,
            cal.mfu_elementwise_bytes_fused,  # the fit rows ran compiled (desktop_training.REFERENCE_HIDDEN)
        )
    if _hopper_class(gpu):
        base, ref, ref_scores = cal.default_mfu_hopper, cal.mfu_reference_hidden_hopper, 0.0
    else:
        base, ref = cal.default_mfu_ampere, cal.mfu_reference_hidden_ampere
        ref_scores = float(MEGATRON_1T.heads * MEGATRON_1T.tokens)  # no FlashAttention in 2021 (Calibration)
    own_scores = 0.0 if cal.training_flash_attention else float(model.num_attention_heads * (seq or model.max_context))
    reference_share = _gemm_share(ref, gpu, ref_scores, cal=cal)
    # no model beats the reference run's rate on the reference run's stack; a fused stack may beat it by what fusing
    # would have given that run at its own size (the reference runs are priced eager: Calibration)
    cap = _gemm_share(ref, gpu, ref_scores, fused, cal=cal) / reference_share
    mfu = base * min(cap, _gemm_share(model.hidden_size, gpu, own_scores, fused, cal=cal) / reference_share)
    reference = reference_layout(gpu, cal=cal)
    if tokens is not None and reference is not None:
        mfu *= shape_factor(model, gpu, tokens, 1, reference[0])
    return mfu


def consumer_utilisation(gpu: Gpu, *, cal: Calibration = CAL) -> float:
    """The desktop training utilisation at the RTX 3090 for `gpu`'s backend: fitted where the backend (off CUDA, the
    GPU family) has published rows (desktop_training.TRAINING_FACTS), else the prior estimate."""
    if not utilisation_sourced(str(gpu.vendor), gpu.architecture):
        return cal.default_mfu_consumer
    return cal.default_mfu_consumer_rocm if training_backend(gpu) == "rocm" else cal.default_mfu_consumer_cuda


def reference_layout(gpu: Gpu, *, cal: Calibration = CAL) -> tuple[LayerShape, float] | None:
    """The layer shape of the run `gpu`'s default utilisation comes from, and the share of that run's step the planner
    spends computing at its layout (Calibration); None for cards whose figure is not from a parallel run."""
    if gpu.market != "datacenter":
        return None
    if _hopper_class(gpu):
        return LLAMA3_405B, cal.plan_step_share_hopper
    return MEGATRON_1T, cal.plan_step_share_ampere


def elapsed_share(gpu: Gpu, gpus: int, *, cal: Calibration = CAL) -> float:
    """Share of a whole run's elapsed time spent in steady-state steps at the default utilisation: restarts on more
    than one GPU and, on the cards whose figure comes from a reference run, Calibration.end_to_end_share."""
    restarts = effective_training_share(gpus, cal=cal) if gpus > 1 else 1.0
    return restarts * (cal.end_to_end_share if reference_layout(gpu, cal=cal) is not None else 1.0)


def effective_training_share(gpus: int, *, cal: Calibration = CAL) -> float:
    """Share of elapsed time spent training on `gpus` GPUs, the rest lost to failures and restarts (Calibration)."""
    return 1.0 / (1.0 + gpus * cal.interruptions_per_gpu_hour * cal.hours_lost_per_interruption)


FLOAT8_LINEAR_ONLY = (
    "https://github.com/pytorch/torchtitan/blob/31a17bfdb70bab6f62a13d21816a5339b911d6e3/benchmarks/"
    "llama3_h100_202412_torchtitan.md"
)
"""Why a plain FP8 step's attention keeps its BF16 time: torchao's Float8 converts `nn.Linear` modules only, and the
attention kernel (SDPA / FlashAttention: QK^T and PV) is not one. torchtitan's benchmark page (read 2026-12-06): "when
Float8 is enabled (on `nn.Linear` modules), both BFLOAT16 Tensor Core and FP8 Tensor Core are involved in model
training"; the DeepSeek-V3 report (arXiv 2412.19437 sec. 3.3.1) keeps attention in BF16 beside its FP8 GEMMs too."""


def fp8_gemm_share(mfu: float, moe: bool, *, te: bool = False, attention: float = 0.0, cal: Calibration = CAL) -> float:
    """The share of a BF16 training step that FP8 speeds up: a dense step's GEMM time, MFU / large-GEMM efficiency,
    less the counted attention's part of it (`attention`: its share of the step's counted FLOPs, which the GEMM-share
    reading prices at the step's rate; FLOAT8_LINEAR_ONLY), or on Transformer Engine (`te`) the share its BF16 / FP8
    figures give (Calibration.te_dense_fp8_gemm_share, TE_DENSE_FP8_PAIR); an MoE step's, measured
    (Calibration.moe_fp8_gemm_share, MOE_FP8_PAIR), no more than the dense reading. The two measured
    shares are whole steps' readings at 4-8K tokens, kept as measured: DeepSeek-V3's context extension (its report's
    119K H800 GPU-hours, tests/core/test_training_physics.py) reads +12 % with its share as measured and +22 % with its
    attention taken out of it, which says its attention runs faster than its MoE step (a kernel's rate the GEMM-share
    reading does not have)."""
    gemm = min(1.0, mfu / REFERENCE_MATMUL.efficiency)
    if moe:
        return min(gemm, cal.moe_fp8_gemm_share)
    if te:
        return max(gemm, cal.te_dense_fp8_gemm_share)
    return gemm * (1.0 - min(1.0, max(0.0, attention)))


def fp8_speedup(
    mfu: float, gpu: Gpu, *, moe: bool = False, te: bool = False, attention: float = 0.0, cal: Calibration = CAL
) -> float:
    """Step-time ratio BF16 / FP8 when the GEMMs run in FP8 and everything else stays as it was: the FP8 share of the
    BF16 step (fp8_gemm_share; `attention` the counted attention's share of the step's FLOPs, left in BF16) runs
    fp8/bf16-peak times faster (Calibration explains it)."""
    bf16 = gpu.bf16_tflops or gpu.fp16_tflops
    if not gpu.fp8_tflops or not bf16 or gpu.fp8_tflops <= bf16:
        return 1.0
    gemm = fp8_gemm_share(mfu, moe, te=te, attention=attention, cal=cal)
    return 1.0 / (gemm * bf16 / gpu.fp8_tflops + (1.0 - gemm))


# --------------------------------------------------------------------------- CPU offload


def _host_bytes(model: ModelArch, counts: ParamCounts, workload: Workload, scale: float) -> float:
    """System RAM for llama.cpp: the token embeddings, plus offloaded layers (with their KV) or experts."""
    emb, _head, blocks, experts, _ = _weight_bytes(counts, workload.precision or "bf16", scale, model, "llama.cpp")
    cpu_layers = min(workload.cpu_layers, model.num_layers)
    per_layer = (blocks - (experts if workload.cpu_experts and model.moe else 0)) / model.num_layers
    kv = kv_cache_bytes(model, workload.context or 4096, workload.batch, KV_BYTES[workload.kv_precision], "llama.cpp")
    host = emb + cpu_layers * (per_layer + kv / model.num_layers)
    if workload.cpu_experts and model.moe is not None:
        host += experts
    return host


def _ram_read_per_token(model: ModelArch, counts: ParamCounts, workload: Workload, scale: float) -> float:
    """Bytes read from system RAM per decoded token (offloaded layers, or the active experts)."""
    _emb, _head, blocks, experts, experts_active = _weight_bytes(
        counts, workload.precision or "bf16", scale, model, "llama.cpp"
    )
    cpu_layers = min(workload.cpu_layers, model.num_layers)
    read = 0.0
    if workload.cpu_experts and model.moe is not None:
        read += experts_active * (1 - cpu_layers / model.num_layers)
        dense_per_layer = (blocks - experts) / model.num_layers
        read += cpu_layers * (dense_per_layer + experts_active / model.num_layers)
    else:
        moe_share = (experts - experts_active) / model.num_layers if model.moe else 0.0
        read += cpu_layers * (blocks / model.num_layers - moe_share)
    kv = kv_cache_bytes(
        model, max(1, (workload.context or 4096) // 2), workload.batch, KV_BYTES[workload.kv_precision], "llama.cpp"
    )
    return read + kv * cpu_layers / model.num_layers


def _auto_offload(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    split: str,
    scale: float,
    *,
    cal: Calibration,
) -> Workload:
    """--offload cpu for inference: keep on the GPUs what fits; MoE experts go to RAM first."""
    capacity = gpu.memory_gib * GIB * 0.98
    quiet = _Explain(cal, kept=False)

    def fits(w: Workload) -> bool:
        return max(b.total for b in _inference_memory(model, counts, w, gpus, split, quiet, scale)) <= capacity

    candidate = workload
    if fits(candidate):
        return candidate
    if model.moe is not None and not candidate.cpu_experts:
        candidate = candidate.model_copy(update={"cpu_experts": True})
        if fits(candidate):
            return candidate
    # the fewest layers in RAM that fit: each layer moved off the cards only lowers their memory, so bisect
    # (a 70B model had walked up to 80 memory estimates per card; tests/core/test_offload_bisect.py checks the answer
    # against that walk on every model and card of the catalog)
    low, high = candidate.cpu_layers + 1, model.num_layers
    if low > high or not fits(candidate.model_copy(update={"cpu_layers": high})):
        return candidate.model_copy(update={"cpu_layers": model.num_layers})
    while low < high:
        middle = (low + high) // 2
        if fits(candidate.model_copy(update={"cpu_layers": middle})):
            high = middle
        else:
            low = middle + 1
    return candidate.model_copy(update={"cpu_layers": low})


# --------------------------------------------------------------------------- framework sharding


TORCHTUNE_NO_SINGLE_DEVICE_OFFLOAD = Reason.of("warn.torchtune-offload")
"""torchtune's single-device recipes have no optimizer CPU offload: the warning (its words in core.reasons)."""


def _as_framework_shards(workload: Workload, gpus: int, ex: _Explain) -> Workload:
    """The training workload with the sharding and offload its framework really runs on `gpus` GPUs (torchtune's
    distributed recipes always shard with FSDP2, frameworks.shard_stage); a request it cannot run is said, in the
    warnings when the user asked for it, in the assumptions when it is the option's default."""
    fw = framework(
        workload.framework or default_framework(workload.method, workload.zero),
        ex.cal.framework_released,
        workload.sharding,
    )
    offload = workload.offload == "cpu"
    if gpus == 1 and offload and fw.offload_everything:
        ex.warnings.append(TORCHTUNE_NO_SINGLE_DEVICE_OFFLOAD)
        return workload.model_copy(update={"offload": "none"})
    stage = shard_stage(fw, workload.zero, gpus)
    note = shard_note(fw, workload.zero, stage, gpus)
    if not note:
        return workload
    if workload.zero:
        ex.warnings.append(Reason.of("warn.framework", message=note))
    else:
        ex.assume(note)
    return workload.model_copy(update={"zero": stage})


def _suggest_full_sharding(
    model: ModelArch, counts: ParamCounts, workload: Workload, gpus: int, usable: int, ex: _Explain
) -> None:
    """A data-parallel pretraining job that does not fit: say whether sharding parameters, gradients and optimizer
    states over the GPUs (--zero 3: FSDP FULL_SHARD, as TinyLlama's recipe ran, pretrain/tinyllama.py FSDPStrategy)
    would make it fit, and at what memory per GPU."""
    sharded, _ = _training_memory(model, counts, workload.model_copy(update={"zero": 3}), gpus, ex.quiet())
    peak = max(b.total for b in sharded)
    if peak <= usable:
        ex.warnings.append(Reason.of("warn.zero3", gpus=gpus, per_gpu=_gb(peak)))


# --------------------------------------------------------------------------- entry point


def _with_optimizer(workload: Workload, gpus: int, *, cal: Calibration) -> Workload:
    """A training job's optimizer where resolved() left it to the GPU count: torchtune's one-GPU full configs use
    bitsandbytes' paged 8-bit AdamW, its distributed ones torch's AdamW (frameworks.py)."""
    if workload.kind == "inference":
        return workload
    workload = _with_accumulation(workload, gpus, cal=cal)
    if workload.optimizer is not None:
        return workload
    fw = framework(workload.framework or default_framework("full", workload.zero), cal.framework_released)
    return workload.model_copy(update={"optimizer": fw.full_optimizer if gpus == 1 else fw.full_optimizer_distributed})


def _with_accumulation(workload: Workload, gpus: int, *, cal: Calibration) -> Workload:
    """Where the request names no accumulation (Workload.grad_accumulation), a pretraining run accumulates to the
    global batch a server's data-parallel ranks hold (global_batch.GLOBAL_BATCH_TOKENS, about 4M tokens), and a
    fine-tune to Llama 2's 64 sequences (FINETUNE_GLOBAL_BATCH_SEQUENCES): one rule, global_batch.accumulation, which
    the cluster planner rounds the same way. The launch command reads the count from the resolved workload, so
    micro-batch x accumulation x GPUs x sequence is the batch the estimate stepped on. An offloaded fine-tune's time
    depends on it (the CPU's optimizer step costs the whole model each time, optimizer_offload.py); on the GPUs alone
    it does not, but the command still steps on the rule's batch: Dr. Chen's 72B LoRA on five cards had launched
    `--gradient_accumulation_steps 1`, 5 sequences a step where a server's layout steps on 64. Not for a full
    fine-tune whose framework steps the optimizer inside the backward on one GPU (torchtune's single-device full
    configs, optimizer_in_bwd): the memory was counted with one layer's gradients, and torchtune refuses accumulation
    there (its LoRA recipes have no optimizer_in_bwd)."""
    if workload.grad_accumulation is not None or workload.kind == "inference":
        return workload
    if workload.kind != "pretrain" and workload.offload != "cpu":
        setup = _training_setup(workload, gpus, cal=cal)
        if setup.method == "full" and setup.fw.optimizer_in_backward and setup.one_device:
            return workload
    count = accumulation(workload.kind, workload.context or 2048, workload.batch, gpus)
    return workload.model_copy(update={"grad_accumulation": count})


def _on_host_job(workload: Workload, gpu: Gpu | None, host: HostMemory | None) -> bool:
    """Whether the job is estimated by the offload model (_estimate_on_host)."""
    offloading = (
        workload.offload == "cpu" or workload.cpu_layers or workload.cpu_experts or workload.n_cpu_moe is not None
    )
    return bool(
        workload.kind == "inference"
        and workload.engine == "llama.cpp"
        and gpu is not None
        and offloading
        and (host is not None or workload.n_cpu_moe is not None)
    )


def _estimate_on_host(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    host: HostMemory | None,
    exact_weight_bytes: int | None,
    cal: Calibration,
) -> EstimateResult | None:
    """llama.cpp inference with weights in system RAM, when the host is known (or --n-cpu-moe asked): the one offload
    model, offload.estimate_on_host; None for every other job."""
    if not _on_host_job(workload, gpu, host):
        return None
    from configurator.core.estimate.offload import estimate_on_host  # offload builds on this module

    if host is None:  # only --ram-bandwidth is known: read at the desktop platforms' efficiency
        host = host_from_bandwidth(workload.ram_bandwidth_gbps)
    return estimate_on_host(model, workload, gpu, gpus, host, exact_weight_bytes, cal)


def _prepared(
    model: ModelArch, workload: Workload, gpu: Gpu | None, gpus: int, exact_weight_bytes: int | None, ex: _Explain
) -> tuple[Workload, ParamCounts, float]:
    """The workload as the formulas see it (engine stand-ins, the framework's own sharding), the parameter counts and
    the scale from the formula's weight bytes to a file's exact ones; with what they assume and warn about."""
    if gpu is not None and gpu.memory_type.startswith("unified") and gpu.notes:
        # unified memory: what fits is decided by the OS's limit on GPU-wired memory, not by the RAM installed
        # the note is the catalog's English; `limit` says the same OS fact as a code (the Chinese window's words)
        limit = memory_limit(gpu.vendor)
        said = (Reason.of(limit),) if limit else ()
        ex.assume(Reason.of("est.unified", gb=gpu.vram_gb, notes=gpu.notes, limit=said))
    workload = _calibrated_engine(workload, ex)
    if workload.kind == "finetune":  # a from-scratch run launches under accelerate or Megatron-LM (launch.training)
        workload = _as_framework_shards(workload, gpus, ex)
        # the framework's own GPU limits (SUP-10): the same verdict the solver's filter and the Checks tab give (the
        # rulebook words it: imported for a fine-tune alone, so an inference estimate never loads it, #34)
        from configurator.core.support.verdicts import framework_verdict, framework_warning

        verdict = framework_verdict(gpu, workload.framework) if gpu is not None else None
        if verdict is not None and verdict.status != "pass":
            ex.warnings.append(framework_warning(verdict))
    if workload.kind != "inference" and gpu is not None:
        _warn_fp16_overflow(model, workload, gpu, ex)
    qlora_against = (
        qlora_not_advised_source(model.architecture, workload.method) if workload.kind == "finetune" else None
    )
    if qlora_against is not None:  # Qwen3.5/3.6: Unsloth's guide fine-tunes them in bf16 LoRA (frameworks.py)
        ex.warnings.append(Reason.of("warn.qlora-not-advised", model=model.name, source=qlora_against))
    if workload.kind != "inference" and workload.tokens and (workload.context or 0) > TRAINING_FITTED_SEQUENCE:
        # the training ranges describe the fitted rows' sequences; held out beyond them the rows ran slower (ranges.py)
        rows, inside, median, worst = LONG_SEQUENCE_HELD_OUT
        ex.warnings.append(
            Reason.of(
                "warn.training-long-sequence",
                seq=workload.context or 0,
                fitted=TRAINING_FITTED_SEQUENCE,
                rows=rows,
                inside=inside,
                median=median,
                worst=worst,
            )
        )
    counts = count_params(model)
    scale = 1.0
    if exact_weight_bytes:
        emb, head, blocks, _, _ = _weight_bytes(
            counts, workload.precision or "bf16", model=model, engine=workload.engine
        )
        scale = exact_weight_bytes / (emb + head + blocks)
        ex.assume(Reason.of("est.file-weights", gib=exact_weight_bytes / GIB))
    if workload.context and workload.context > model.max_context:
        ex.warnings.append(Reason.of("warn.context", context=workload.context, most=model.max_context))
    if ex.kept:
        active = counts.active / 1e9 if model.moe else None
        ex.step("params", Reason.of("est.params", model=model.name, b=counts.total / 1e9, active=active))
    return workload, counts, scale


def _kv_layout(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    split: str,
    scale: float,
    ex: _Explain,
) -> Workload:
    """llama-server's KV layout for a team (round 45, common.serving_pool.UNIFIED_KV_ENGINES): slots of their own
    window (-c streams x window -np streams) where they fit the cards, else one unified buffer of the pool sized on the
    typical request (-kvu), whose attention spans every slot's cells (_cross_sequence_flops): what a practitioner
    launches, memory first where it binds, speed where it does not. Set where the workload leaves it open."""
    if workload.engine != "llama.cpp" or workload.kv_unified is not None or gpu is None:
        return workload
    if workload.batch < 2 or not workload.typical_tokens or workload.cpu_layers or workload.cpu_experts:
        return workload
    own = workload.model_copy(update={"kv_unified": False})
    quiet = ex.quiet()
    peak = max(
        b.total
        for b in _with_draft_memory(_inference_memory(model, counts, own, gpus, split, quiet, scale), own, quiet)
    )
    return own if peak <= int(gpu.memory_gib * GIB) else workload.model_copy(update={"kv_unified": True})


def _job_memory(
    model: ModelArch,
    counts: ParamCounts,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    split: str,
    scale: float,
    ex: _Explain,
) -> tuple[Workload, list[MemoryBreakdown], int]:
    """(the workload with --offload cpu placed, memory per GPU, host RAM in bytes)."""
    if workload.kind != "inference":
        per_gpu, host_ram = _training_memory(model, counts, workload, gpus, ex)
        return workload, per_gpu, host_ram
    host_ram = 0
    if workload.offload == "cpu" and gpu is not None and workload.engine == "llama.cpp":
        workload = _auto_offload(model, counts, workload, gpu, gpus, split, scale, cal=ex.cal)
    workload = _kv_layout(model, counts, workload, gpu, gpus, split, scale, ex)
    per_gpu = _with_draft_memory(_inference_memory(model, counts, workload, gpus, split, ex, scale), workload, ex)
    if workload.engine == "llama.cpp":
        host_ram = int(_host_bytes(model, counts, workload, scale))
    if workload.cpu_layers or workload.cpu_experts:
        ex.assume(
            Reason.of(
                "est.kept-in-ram",
                experts=bool(workload.cpu_experts),
                layers=workload.cpu_layers or None,
                gib=host_ram / GIB,
                share=ex.cal.bw_eff_cpu,
                gbps=workload.ram_bandwidth_gbps,
            )
        )
    return workload, per_gpu, host_ram


def _sglang_usable(capacity: int, share: float, per_gpu: list[MemoryBreakdown]) -> tuple[int, int]:
    """(the bytes an SGLang job can use on each card, the activations and runtime overhead counted in its reserve).
    SGLang's KV pool is the share less what is resident when it profiles the pool (python/sglang/srt/model_executor/
    model_runner_kv_cache_mixin.py, profile_max_num_token: rest_memory = free memory after loading the weights - total
    x (1 - mem_fraction_static)); the prefill's activations and the CUDA graphs are allocated after it, in the rest of
    the card, which server_args.py reserves for exactly them (SGLANG_FRACTION_SOURCE: chunked_prefill_size x 1.5 +
    cuda_graph_max_bs x 2 MiB). So the weights and the KV cache fill the share and the activations and overhead the
    reserve, up to its size: round 47, where round 45 had charged them to the share as well (an H100 serving Qwen3-32B
    FP8 lost 3.1 GiB, 12,800 KV tokens, of the pool SGLang allocates)."""
    static = int(capacity * share)
    dynamic = max((b.activations + b.runtime_overhead for b in per_gpu), default=0)
    return min(capacity, static + dynamic), dynamic


def _gpu_memories(
    gpu: Gpu | None, workload: Workload, per_gpu: list[MemoryBreakdown], ex: _Explain, named: str | None = None
) -> tuple[tuple[GpuMemory, ...], int | None]:
    """Each GPU's memory against its capacity, and the usable bytes (vLLM's pre-allocated share; SGLang's, `named`
    where it stands in as vLLM)."""
    capacity = int(gpu.memory_gib * GIB) if gpu else None
    usable = None
    if capacity is not None and gpu is not None and named == "sglang":
        # SGLang's --mem-fraction-static as it picks it for this card and tensor-parallel group (round 45), the
        # number the launch command passes (it had been read as vLLM's 0.9)
        share = sglang_mem_fraction_static(gpu.memory_gib, max(len(per_gpu), 1))
        usable, dynamic = _sglang_usable(capacity, share, per_gpu)
        ex.assume(
            Reason.of(
                "est.sglang-share",
                share=share,
                source=SGLANG_FRACTION_SOURCE,
                dynamic_gib=dynamic / GIB,
                reserve_gib=(capacity - int(capacity * share)) / GIB,
            )
        )
    elif capacity is not None:
        usable = int(capacity * workload.vllm_gpu_memory_utilization) if workload.engine == "vllm" else capacity
        if workload.engine == "vllm":
            ex.assume(Reason.of("est.vllm-share", share=workload.vllm_gpu_memory_utilization))
    memories = tuple(
        GpuMemory(index=i, breakdown=b, capacity_bytes=capacity, usable_bytes=usable) for i, b in enumerate(per_gpu)
    )
    return memories, usable


def _explain_job(
    workload: Workload,
    engine: str | None,
    memories: tuple[GpuMemory, ...],
    usable: int | None,
    fits: bool | None,
    ex: _Explain,
) -> None:
    """The job's own assumptions and the closing step: the most loaded GPU against what it can use."""
    if not ex.kept:
        return  # nothing here is read (_Explain.kept): not even the reasons are made
    if workload.kind == "inference":
        ex.assume(Reason.of("est.serving", engine=engine, context=workload.context, batch=workload.batch))
    else:
        checkpointing = (
            ("selective" if workload.selective_checkpointing else "on") if workload.grad_checkpointing else "off"
        )
        ex.assume(
            Reason.of(
                "est.training-shape",
                seq=workload.context,
                batch=workload.batch,
                checkpointing=checkpointing,
                fused=bool(workload.fused_kernels),
            )
        )
    ex.assume(Reason.of("est.peaks"))
    peak = max(memories, key=lambda m: m.total)
    ex.step("total", Reason.of("est.total", gib=peak.total / GIB, usable=usable / GIB if usable else None, fits=fits))


def _serving_placement(model: ModelArch, split: str, gpus: int) -> PlacementJson | None:
    """vLLM's tensor x pipeline degrees (serving_layout) when the split is TENSOR_PIPELINE."""
    if split != TENSOR_PIPELINE:
        return None
    tensor, pipeline = serving_layout(model, gpus)
    return {"tensor_parallel": tensor, "pipeline_parallel": pipeline}


def estimate(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu | None = None,
    gpus: int = 1,
    exact_weight_bytes: int | None = None,
    host: HostMemory | None = None,
    cal: Calibration = CAL,
    links: CardLinks | None = None,
) -> EstimateResult:
    """Estimate memory per GPU, speed and time for `workload` on `gpus` x `gpu`, with the constants `cal` (the shipped
    ones unless given: cross-validation passes a refitted set, the reference tests a row's llama.cpp build).

    `exact_weight_bytes` (from a GGUF or safetensors header) replaces the formula's weight
    size when the workload's precision is the file's own. llama.cpp inference with weights in system
    RAM is estimated by offload.estimate_on_host (one offload model): always with `--n-cpu-moe`, and for
    `--offload cpu` / `--cpu-layers` / `--cpu-experts` whenever the host platform is known (`host`).

    Remembered per call (core/common/memo.py): a plan asks for the same estimate from several places (the practitioner's
    fallbacks, a relaxation's request, the cluster search's reference runs), about one call in seven of a 70B
    pretraining plan (#34). The workload's field types are part of the key: 4096 and 4096.0 are equal but are
    shown differently in the result's workload. So is the calibration (by identity, kept with the entry): a result
    computed with one set of constants is never returned for another.
    """
    key = (
        id(model),
        workload,
        tuple(map(type, workload.__dict__.values())),
        id(gpu),
        gpus,
        exact_weight_bytes,
        host,
        links,
    )
    return remember(
        scoped("estimator.estimate", cal, CAL),
        (*key, id(cal)),
        (model, gpu, cal),
        lambda: _estimate(model, workload, gpu, gpus, exact_weight_bytes, host, cal, links),
    )


def memory_fits(
    model: ModelArch, workload: Workload, gpu: Gpu, gpus: int = 1, exact_weight_bytes: int | None = None
) -> bool | None:
    """`estimate(...).fits` without the speed and time that follow it (the fit is decided by memory alone, before
    them): what a search over larger models, contexts or user counts asks of each try (solve/next_step.py, #34).
    Raises what estimate() raises before its fit is known; a job estimated on the host (offload) is estimated."""
    key = (id(model), workload, tuple(map(type, workload.__dict__.values())), id(gpu), gpus, exact_weight_bytes)
    return remember("estimator.memory_fits", key, (model, gpu), lambda: _memory_fits(model, workload, gpu, gpus,
                    exact_weight_bytes))  # fmt: skip


def memory_per_gpu(
    model: ModelArch, workload: Workload, gpu: Gpu, gpus: int = 1, exact_weight_bytes: int | None = None
) -> tuple[GpuMemory, ...] | None:
    """`estimate(...).per_gpu` without the speed and time that follow it, for a search that reads only how a count
    of cards holds the job (solve.candidates' count search: the 70B top-5 estimated 149 counts in full that held
    nothing, #34); None for a job estimate() sizes another way (offload.estimate_on_host) or refuses (an MoE-only
    format on a dense model): the caller estimates it. Raises what estimate() raises before its memory is known."""
    key = (id(model), workload, tuple(map(type, workload.__dict__.values())), id(gpu), gpus, exact_weight_bytes)
    return remember("estimator.memory_per_gpu", key, (model, gpu), lambda: _memory_per_gpu(model, workload, gpu, gpus,
                    exact_weight_bytes))  # fmt: skip


def _memory_per_gpu(
    model: ModelArch, workload: Workload, gpu: Gpu, gpus: int, exact_weight_bytes: int | None
) -> tuple[GpuMemory, ...] | None:
    if gpus < 1:
        raise RequestError("--gpus must be at least 1")
    gpu_, gpus_ = as_gpus(gpu, gpus)
    resolved = _with_optimizer(workload.resolved(model.max_context), gpus_, cal=CAL)
    if _on_host_job(resolved, gpu_, None) or (
        weight_format(resolved.precision or "bf16").moe_only and model.moe is None
    ):
        return None
    return _memory(model, resolved, gpu_, gpus_, exact_weight_bytes, _Explain(CAL, kept=False))[5]


def _memory_fits(
    model: ModelArch, workload: Workload, gpu: Gpu, gpus: int, exact_weight_bytes: int | None
) -> bool | None:
    if gpus < 1:
        raise RequestError("--gpus must be at least 1")
    gpu_, gpus_ = as_gpus(gpu, gpus)
    resolved = _with_optimizer(workload.resolved(model.max_context), gpus_, cal=CAL)
    if _on_host_job(resolved, gpu_, None):
        return estimate(model, workload, gpu, gpus, exact_weight_bytes).fits
    fmt = weight_format(resolved.precision or "bf16")
    if fmt.moe_only and model.moe is None:
        return estimate(model, workload, gpu, gpus, exact_weight_bytes).fits  # raises as estimate() does
    return _memory(model, resolved, gpu_, gpus_, exact_weight_bytes, _Explain(CAL, kept=False))[-1]


def _memory(
    model: ModelArch, workload: Workload, gpu: Gpu | None, gpus: int, exact_weight_bytes: int | None, ex: _Explain
) -> tuple[Workload, ParamCounts, float, str, int, tuple[GpuMemory, ...], int | None, bool | None]:
    """The job's memory on each GPU and whether it fits: the first half of an estimate."""
    named = workload.engine
    workload, counts, scale = _prepared(model, workload, gpu, gpus, exact_weight_bytes, ex)
    split = _choose_split(model, workload, gpus, ex)
    workload, per_gpu, host_ram = _job_memory(model, counts, workload, gpu, gpus, split, scale, ex)
    memories, usable = _gpu_memories(gpu, workload, per_gpu, ex, named)
    fits = None if usable is None else max(m.total for m in memories) <= usable
    return workload, counts, scale, split, host_ram, memories, usable, fits


def _refuse_moe_format_on_dense(model: ModelArch, workload: Workload) -> None:
    """A weight format that stores only MoE experts (MXFP4, the gpt-oss layout) asked of a dense model."""
    fmt = weight_format(workload.precision or "bf16")
    if fmt.moe_only and model.moe is None:
        raise RequestError(
            f"{fmt.name} stores MoE expert weights (the gpt-oss layout); {model.name} is dense: "
            "use nvfp4, awq-int4 or gptq-int4, or a GGUF type such as q4_k_m"
        )


def _estimate(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu | None,
    gpus: int,
    exact_weight_bytes: int | None,
    host: HostMemory | None,
    cal: Calibration,
    links: CardLinks | None = None,
) -> EstimateResult:
    """estimate(), computed."""
    if gpus < 1:
        raise RequestError("--gpus must be at least 1")
    gpu, gpus = as_gpus(gpu, gpus)  # `gpus` counts cards; a card with two GPUs is estimated as its two GPUs
    workload = _with_optimizer(workload.resolved(model.max_context), gpus, cal=cal)
    on_host = _estimate_on_host(model, workload, gpu, gpus, host, exact_weight_bytes, cal)
    if on_host is not None:
        return on_host
    _refuse_moe_format_on_dense(model, workload)
    reported = workload
    ex = _Explain(cal)
    workload, counts, scale, split, host_ram, memories, usable, fits = _memory(
        model, workload, gpu, gpus, exact_weight_bytes, ex
    )
    if fits is False and workload.kind == "pretrain" and gpus > 1 and workload.zero < 3 and usable is not None:
        _suggest_full_sharding(model, counts, workload, gpus, usable, ex)
    decode = aggregate = prefill = ttft = fill = None
    flops = gpu_hours = wall = mfu = None
    if workload.kind == "inference" and gpu is not None:
        decode, aggregate, prefill, ttft, fill = _decode_speed(
            model, counts, workload, gpu, gpus, split, ex, scale, reported.engine
        )
    if workload.kind != "inference":
        flops, gpu_hours, wall, mfu = _training_time(model, counts, workload, gpu, gpus, ex, scale, links, host_ram)
    _explain_job(workload, reported.engine, memories, usable, fits, ex)
    return EstimateResult(
        model_id=model.id,
        workload=workload.model_copy(update={"engine": reported.engine}).to_json(),
        gpu_id=gpu.id if gpu else None,
        gpus=gpus,
        split=split,
        per_gpu=memories,
        host_ram_bytes=host_ram,
        fits=fits,
        decode_tokens_per_s=decode,
        aggregate_tokens_per_s=aggregate,
        prefill_tokens_per_s=prefill,
        time_to_first_token_s=ttft,
        context_fill_s=fill,
        training_flops=flops,
        gpu_hours=gpu_hours,
        wall_hours=wall,
        rate_share=mfu,
        # --mfu is the whole rate as given (_elapsed_rate): its steady state is the run
        steady_share=(elapsed_share(gpu, gpus, cal=cal) if workload.mfu is None else 1.0)
        if gpu is not None and gpu_hours is not None
        else None,
        peak_tflops=dense_peak_tflops(gpu) if gpu else None,
        speed_regime=speed_regime(model, split, gpus, workload.batch, gpu)
        if workload.kind == "inference"
        else training_regime(moe=model.moe is not None),
        memory_regime=ranges_memory_regime(
            tuple_cache_copies=legacy_cache_copies(model, reported.engine or "transformers")
        )
        if workload.kind == "inference"
        else finetune_memory_regime(workload.method)
        if workload.kind == "finetune"
        else None,
        placement=_serving_placement(model, split, gpus),
        **ex.speculation(),
        params_total=counts.total,
        params_active=counts.active,
        assumptions=tuple(a for a in ex.assumptions if a),
        assumption_codes=tuple(ex.coded),
        steps=tuple(ex.steps),
        warnings=tuple(ex.warnings),
        scaling_efficiency=ex.scaling,
        layout_assumptions=tuple(ex.layout),
        **ex.offloaded(),
    )
