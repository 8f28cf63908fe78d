"""A training step on Megatron-Core against published figures: the dense BF16 level and the MoE BF16 step (train32,
issue #29). docs/estimates.md, round 32 (train32), holds the analysis these tests pin."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import (
    TE_DENSE_FP8_PAIR_BF16_TFLOPS,
    TE_DENSE_FP8_PAIR_FP8_TFLOPS,
    elapsed_share,
    estimate,
    fp8_speedup,
)
from configurator.core.estimate.workload import Workload

MEGATRON_LM_LLAMA3_70B_BF16_TFLOPS = 415.0
"""Fujii, Nakamura, Yokota, "Balancing Speed and Stability: The Trade-offs of FP8 vs. BF16 Training in LLMs" (arXiv
2411.08719v1, 2024-11, read 2026-12-05 in the stored copy at https://arxiv.org/html/2411.08719v1): "We used Megatron-LM
to conduct continued pre-training of Llama-3-70B ... Our results show that FP8 training improved the training speed
from 415 TFLOPS (with BF16)". A dense BF16 step on Megatron-LM (Transformer Engine), H100, in model TFLOPS per GPU
(42 % of the SXM part's 989). The abstract read gives neither the GPU count nor the sequence length: 64 GPUs and
Llama 3's 8,192 are assumed (the estimate's per-GPU rate does not depend on the count above one node)."""


def _steady_model_tflops(catalog: Catalog, model_id: str, gpu_id: str, gpus: int, workload: Workload) -> float:
    """The estimate's model TFLOPS per GPU over its steady-state steps (a benchmark's rate leaves out what a whole run
    loses beside its steps: estimator.elapsed_share), counting the FLOPs the estimate counts."""
    gpu = catalog.records["gpus"][gpu_id]
    result = estimate(catalog.records["models"][model_id], workload, gpu, gpus)
    assert result.training_flops and result.gpu_hours
    return result.training_flops / (result.gpu_hours * elapsed_share(gpu, gpus) * 3600) / 1e12


def test_a_dense_bf16_step_on_megatron_runs_at_the_estimates_level_not_the_52_to_57_percent_its_fp8_rows_imply(
    catalog: Catalog,
) -> None:
    """Train31/fp831 read Megatron-Bridge's dense FP8 rows (Llama 3 70B at 731, 405B at 827 model TFLOPS per H100,
    26.04.01, fitted) as a BF16 step at 52-57 % MFU under the GEMM-share FP8 reading, and asked whether the estimate
    prices that stack's dense BF16 step too slow. Megatron-LM's published BF16 Llama-3-70B step (415 TFLOPS, 42 %) says
    no: the estimate's BF16 level for a fused H100 stack sits within 10 % of it, so the dense FP8 rows' miss (+33 / +41 %
    before round 32) was FP8's gain on that stack, not the BF16 level (the next test). The rate must not be raised to
    the FP8 rows' reading (it would sit 25-35 % above this source)."""
    workload = Workload(kind="pretrain", tokens=1e10, context=8192, grad_checkpointing=False, fused_kernels=True)
    rate = _steady_model_tflops(catalog, "llama-3-70b", "h100-sxm", 64, workload)
    assert rate == pytest.approx(MEGATRON_LM_LLAMA3_70B_BF16_TFLOPS, rel=0.10)
    assert rate < 0.52 * 989  # the FP8 rows' BF16 reading is not what this stack measured in BF16


def test_transformer_engine_gains_what_megatron_measured_in_bf16_and_fp8_and_torchao_style_fp8_its_gemm_share(
    catalog: Catalog,
) -> None:
    """Llama-3-70B on H100 in the same months of 2024: 415 model TFLOPS per GPU in BF16 on Megatron-LM (arXiv
    2411.08719v1) and 738 in FP8 on NeMo 24.07 (NVIDIA/NeMo docs/source/performance/performance_summary.md @070a0bb1,
    64 GPUs, TP 4, PP 4, CP 2, VP 5): 1.78x, an estimate from two sources (estimator.TE_DENSE_FP8_PAIR). A dense FP8
    step on Transformer Engine gains that at a 2:1 FP8 / BF16 peak; without it (torchao's float8 on the linears) the
    GEMM-share reading stays, 1.3-1.4x at a 42 % BF16 MFU; an MoE step keeps its measured 1.13x either way."""
    h100 = catalog.records["gpus"]["h100-sxm"]
    gain = TE_DENSE_FP8_PAIR_FP8_TFLOPS / TE_DENSE_FP8_PAIR_BF16_TFLOPS
    assert fp8_speedup(0.42, h100, te=True) == pytest.approx(gain, rel=1e-3)
    assert 1.25 < fp8_speedup(0.42, h100) < 1.45
    assert fp8_speedup(0.42, h100, moe=True, te=True) == pytest.approx(fp8_speedup(0.42, h100, moe=True))


def test_llama_3_70b_fp8_pretraining_on_megatron_bridge_within_15_percent(catalog: Catalog) -> None:
    """NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md @067f987d, "26.04.01 NeMo Container", DGX-H100:
    Llama 3 70B, 64 GPUs, FP8 (current scaling), GBS 256, MBS 1, sequence 8192, TP 4, PP 8, VP 5: 1,664 tokens/s per
    GPU (731 model TFLOPS). A fitted row: before round 32 the estimate read it 33 % slow (1.37x for FP8); on
    Transformer Engine's measured gain it reads within 3 %, and a job that does not say Transformer Engine keeps the
    slower estimate."""
    gpu = catalog.records["gpus"]["h100-sxm"]
    model = catalog.records["models"]["llama-3-70b"]

    def rate(te: bool) -> float:
        wl = Workload(
            kind="pretrain", tokens=1e10, context=8192, precision="fp8", fused_kernels=True, transformer_engine=te
        )
        return 1e10 / ((estimate(model, wl, gpu, 64).gpu_hours or 0) * elapsed_share(gpu, 64) * 3600)

    assert rate(True) == pytest.approx(1664, rel=0.15)
    assert rate(False) < 0.85 * 1664


@pytest.mark.xfail(
    strict=True,
    reason="round 32 (train32): the MoE BF16 step on Megatron-Core is priced 1.7x too fast (gpt-oss-120b -41 %, "
    "Qwen3 rows -31 to -33 %) while DeepSeek-V3 on the same stack is within 1 %; no sourced mechanism separates them "
    "(a flat expert efficiency and a per-routed-copy traffic term were tried: both move DeepSeek-V3 30-50 % slow; "
    "round 33's per-tile cost moves DeepSeek-V3 and Mixtral slow too); docs/estimates.md rounds 32 and 33",
)
def test_gpt_oss_120b_bf16_pretraining_on_megatron_core_within_25_percent(catalog: Catalog) -> None:
    """NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md @067f987d, "26.04.01 NeMo Container", DGX-H100:
    gpt-oss-120b, 64 GPUs, BF16, GBS 1280, MBS 1, sequence 4096, PP 4, EP 8: 5,824 tokens/s per GPU (158 model TFLOPS
    by the table's count: 16 % of the BF16 peak). The estimate reads about 9,900 (its MoE step at ~40 % of peak by its
    own 6N count); the release history holds the figure within 5 % (5,630 in 25.11, 5,993 in 26.02), so the row is not
    one release's accident."""
    gpu = catalog.records["gpus"]["h100-sxm"]
    model = catalog.records["models"]["gpt-oss-120b"]
    result = estimate(model, Workload(kind="pretrain", tokens=1e10, context=4096, fused_kernels=True), gpu, 64)
    rate = 1e10 / ((result.gpu_hours or 0) * elapsed_share(gpu, 64) * 3600)
    assert rate == pytest.approx(5824, rel=0.25)


@pytest.mark.parametrize(
    ("model_id", "gpus", "measured"),
    [
        # NVIDIA/Megatron-LM megatron/core/transformer/moe/README.md (until 0888a06d, 2026-01-27): "With MCore v0.9,
        # we've achieved remarkable performance of **468 TFLOPS** for Mixtral 8X7B bf16 training", at the README's
        # mapping (64 H100, TP 1, EP 8, PP 4, VP 8, MBS 1, GBS 256, sequence 4096): 5,643 tokens/s per GPU by
        # Megatron-LM's FLOP count of that date (8.29e10 per token; tests/data/reference_training_gpu_hours.toml)
        ("mixtral-8x7b", 64, 5643.0),
        # yanring/Megatron-MoE-ModelZoo best_practice/mixtral/run_mixtral_8x22B.sh (2025-12-16): "Dropless training
        # with forced balancing, performance should be around 465 TFLOPS for H100" (128 H100, TP 2, PP 8, EP 8, VP 7,
        # MBS 1, GBS 256, sequence 4096): 1,920 tokens/s per GPU (2.42e11 FLOPs per token by Megatron-LM's count)
        ("mixtral-8x22b", 128, 1920.0),
    ],
)
def test_a_coarse_expert_moe_bf16_step_on_megatron_core_within_20_percent(
    catalog: Catalog, model_id: str, gpus: int, measured: float
) -> None:
    """The two Megatron-Core MoE sources beside Megatron-Bridge (train33, fitted rows): Mixtral's eight wide experts
    (top-2 of 14,336 / 16,384-wide SwiGLU, 8,192 rows per expert per micro-batch at EP 8) run at the estimate's level,
    10-12 % below its rate (the estimate is slow, not fast). Whatever prices the fine-grained MoE step's miss (the
    xfail above: gpt-oss, Qwen3) must not tax every MoE step: an expert-GEMM penalty that halves gpt-oss's miss moves
    these rows' hours from +11 / +13 % to +25 / +24 % (docs/estimates.md, round 33)."""
    gpu = catalog.records["gpus"]["h100-sxm"]
    model = catalog.records["models"][model_id]
    result = estimate(model, Workload(kind="pretrain", tokens=1e10, context=4096, fused_kernels=True), gpu, gpus)
    rate = 1e10 / ((result.gpu_hours or 0) * elapsed_share(gpu, gpus) * 3600)
    assert rate == pytest.approx(measured, rel=0.20)


def _qwen3_235b_h100(catalog: Catalog, **layout: object) -> float:
    """Qwen3-235B-A22B BF16 pretraining on 256 H100 at 4,096 tokens, micro-batch 1: steady-state tokens/s per GPU."""
    workload = Workload(
        kind="pretrain",
        tokens=1e10,
        context=4096,
        fused_kernels=True,
        transformer_engine=True,
        **layout,  # type: ignore[arg-type]
    )
    result = estimate(catalog.records["models"]["qwen3-235b-a22b"], workload, catalog.records["gpus"]["h100-sxm"], 256)
    assert result.steady_tokens_per_s
    return result.steady_tokens_per_s / 256


def test_an_expert_parallel_group_across_nodes_pays_its_all_to_all_over_the_fabric(catalog: Catalog) -> None:
    """Issue #29 (train34): the Megatron-MoE Model Zoo's Qwen3-235B table (yanring/Megatron-MoE-ModelZoo
    best_practice/qwen3/readme.md @e8650517, 256 H100, BF16, DeepEP) runs EP 32 across four nodes at 19.7 s a step
    (1,663 tokens/s per GPU); the estimate at its default layout (EP 8 inside one NVLink domain) read it 26 % fast.
    With the row's own EP 32 each token's copies bound for the other three nodes cross one 400 Gb/s NIC per GPU, once
    per node with DeepEP's forwarding (collectives.remote_copies): within 10 % of the measurement. With Megatron-Core's
    plain all-to-all dispatcher every routed copy crosses, which costs more; the same job with the table's 1F1B
    all-to-all overlap ('+1f1b overlap', 17.6 s: 1,862 tokens/s) is faster by the measured pair's share
    (collectives.EXPERT_OVERLAP_HIDDEN). Without a dispatcher asked ('auto', cluster35) a group across nodes of H100 runs
    DeepEP, as Megatron-Bridge's multi-node recipes do (collectives.expert_dispatcher)."""
    default = _qwen3_235b_h100(catalog)
    deepep = _qwen3_235b_h100(catalog, expert_parallel=32, expert_dispatcher="deepep")
    plain = _qwen3_235b_h100(catalog, expert_parallel=32, expert_dispatcher="alltoall")
    assert _qwen3_235b_h100(catalog, expert_parallel=32) == deepep
    overlapped = _qwen3_235b_h100(catalog, expert_parallel=32, expert_dispatcher="deepep", expert_overlap=True)
    assert default > 1.2 * 1663  # the layout the row did not run
    assert deepep == pytest.approx(1663, rel=0.10)
    assert plain < deepep
    assert overlapped == pytest.approx(1862, rel=0.10)
    # EP 8 inside the node (the same table's intra-node strategy) sends nothing over the fabric
    assert _qwen3_235b_h100(catalog, expert_parallel=8, expert_dispatcher="deepep") == pytest.approx(default, rel=1e-9)


def test_group_limited_routing_sends_a_token_to_fewer_nodes() -> None:
    """DeepSeek-V3 chooses a token's 8 experts from 4 of 8 expert groups (config.json n_group 8, topk_group 4; 'each token
    will be sent to at most M nodes', arXiv 2412.19437 sec. 2.1.2): at EP 64 over 8 nodes (one group a node) a per-node
    dispatcher sends it to 7 x (1 - C(7, 4) / C(8, 4)) = 3.5 other nodes on average, where 8 experts of 256 chosen
    freely reach 4.63; without per-node forwarding each of the 8 copies crosses with probability 7/8."""
    from configurator.core.estimate.collectives import remote_copies

    assert remote_copies(8, 256, 8, per_node=True, groups=8, group_k=4) == pytest.approx(3.5)
    assert remote_copies(8, 256, 8, per_node=True) == pytest.approx(4.63, abs=0.01)
    assert remote_copies(8, 256, 8, per_node=False) == pytest.approx(7.0)
    assert remote_copies(8, 256, 1, per_node=True) == 0.0
