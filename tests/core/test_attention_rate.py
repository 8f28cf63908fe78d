"""Training attention at its own kernel's measured rate (issue #29, train29: estimate/attention.py), off in the shipped
estimate (estimator.Calibration.training_attention_kernel is None; docs/estimates.md round 29) and scored with
`benchmarks/accuracy.py --attention-kernel=flash2`."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu
from configurator.core.estimate.attention import (
    FRAMEWORK_KERNEL,
    TRANSFORMER_ENGINE_KERNEL,
    framework_kernel,
    kernel_flops_per_counted,
    kernel_rate,
    kernel_tflops,
)
from configurator.core.estimate.estimator import CAL, estimate, reference_rest_share, step_attention_kernel
from configurator.core.estimate.workload import Workload
from tests.reference import kind_rows, points

ON = replace(CAL, training_attention_kernel="flash2")


def _table(kernel: str, gpu: Gpu) -> dict[int, tuple[float, ...]]:
    rate = kernel_rate(kernel, gpu)
    assert rate is not None
    return rate.tflops


def test_kernel_rates_read_flashattention_readme_figures(catalog: Catalog) -> None:
    """Dao-AILab/flash-attention README (flash2_a100_fwd_bwd_benchmark.png, flash2_h100_fwd_bwd_benchmark.png, causal,
    read 2026-12-05): FlashAttention-2 forward + backward at head dim 128 measures 155 TFLOPS at 2k and 189 at 16k on
    A100 80GB SXM4, 265 and 328 on H100 SXM5; 64-wide heads run slower; a length between two measured ones reads
    between them, one past 16k the 16k figure; the H800 (the H100's GH100 at the same peak) reads the H100's; a card
    without a measured architecture gets none."""
    gpus = catalog.records["gpus"]
    a100, h100 = gpus["a100-80gb-sxm"], gpus["h100-sxm"]
    assert kernel_tflops(a100, "flash2", 2048, 128) == pytest.approx(155)
    assert kernel_tflops(a100, "flash2", 16384, 128) == pytest.approx(189)
    assert kernel_tflops(h100, "flash2", 2048, 128) == pytest.approx(265)
    assert kernel_tflops(h100, "flash2", 131072, 128) == pytest.approx(328)
    assert kernel_tflops(h100, "flash2", 2048, 64) == pytest.approx(232)
    assert 265 < (kernel_tflops(h100, "flash2", 3000, 128) or 0) < 294
    assert kernel_tflops(gpus["h800-sxm"], "flash2", 2048, 128) == pytest.approx(265)
    assert kernel_tflops(gpus["rtx-4090"], "flash2", 2048, 128) is None
    # the Triton kernel of 2023 is far slower than FlashAttention-2 on A100 at every length
    assert all(t < f for t, f in zip(_table("triton", a100)[128], _table("flash2", a100)[128], strict=True))
    # a causal forward + backward is 7/12 of the non-causal 12 x layers x d_attn x seq count, a recomputed forward 2/12
    assert kernel_flops_per_counted(False) == pytest.approx(7 / 12)
    assert kernel_flops_per_counted(True) == pytest.approx(9 / 12)


def test_attention_rate_is_off_in_the_shipped_estimate_and_on_when_asked(catalog: Catalog) -> None:
    """Off: the estimate is the GEMM-rate one (no est.attention-rate). On: at 32K a 7B's attention is most of its FLOPs
    and the step reads FlashAttention-2's rate for it; the rest of an H100 step keeps 0.987 of the default utilisation
    (Llama 3 405B's 7.8 % of attention at 8K, counted at its rate, moved to FlashAttention-2's)."""
    model, gpu = catalog.records["models"]["llama-2-7b"], catalog.records["gpus"]["h100-sxm"]
    wl = Workload(kind="pretrain", tokens=1e10, context=32768)
    off, on = estimate(model, wl, gpu, 8), estimate(model, wl, gpu, 8, cal=ON)
    assert not [r for r in off.assumption_codes if r.code == "est.attention-rate"]
    said = [r for r in on.assumption_codes if r.code == "est.attention-rate"]
    assert said and said[0].fields["tflops"] == pytest.approx(328) and said[0].num("share") > 0.5
    assert on.gpu_hours != pytest.approx(off.gpu_hours, rel=0.02)
    assert reference_rest_share(gpu) == 1.0
    assert reference_rest_share(gpu, cal=ON) == pytest.approx(0.987, abs=0.002)


def test_mpt_7b_slope_with_sequence_length_follows_llm_foundry_tables_with_the_triton_kernel(catalog: Catalog) -> None:
    """mosaicml/llm-foundry scripts/train/benchmarking/README.md @061f2c7 (tests/data/holdout_training_gpu_hours.toml,
    attention_kernel = "triton": submit_benchmarks.py's --attn_impl default). With attention at the GEMMs' rate the
    estimate's error moves by 0.20-0.65 between 512 and 64K tokens within a table (A100 80GB +0.43 to -0.06, H100 +0.44
    to -0.22); at the Triton kernel's measured rate it moves by at most 0.22 in each: the slope is the tables'. Their level
    is not: the rows run 26-54 % faster than the estimate at every length (why the rate is off by default)."""
    rows = [r for r in kind_rows("training_gpu_hours", "holdout") if r["model"] == "mpt-7b"]
    assert len(rows) == 19
    for gpu in ("a100-80gb-sxm", "h100-sxm", "a100-40gb-sxm"):
        table = [r for r in rows if r["gpu"] == gpu]
        gemm_rate = [p.error or 0 for p in points("training_gpu_hours", catalog, table)]
        own_rate = [p.error or 0 for p in points("training_gpu_hours", catalog, table, ON)]
        assert max(own_rate) - min(own_rate) < 0.25, (gpu, own_rate)
        assert max(own_rate) - min(own_rate) < max(gemm_rate) - min(gemm_rate)
        assert 0.25 < statistics.median(own_rate) < 0.55, gpu


def test_blackwell_rates_read_cudnn_frontend_sdpa_benchmark_on_b200(catalog: Catalog) -> None:
    """NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/artifacts/sdpa_bf16_benchmark_results_NVIDIA_B200.csv
    @bb37575d (README: NGC PyTorch 25.09, cuDNN 9.13.1, flash-attn 2.7.4; Llama 3.1 405B's attention, 128 query heads, 8
    KV heads, head dim 128, causal, BF16; read 2026-12-06). Forward + backward TFLOPS = 3.5 x the forward's FLOPs over
    both times: at 32K, pyt_cudnn 24.795 ms (1,419 TFLOPS) + 79.338 ms -> 1,183; flash_attention 80.742 ms (435.8) +
    254.491 ms -> 367. cuDNN on B200 runs 53 % of the dense BF16 peak (2,250) where FlashAttention-2 on H100 runs 33 %
    (328 of 989): the per-generation fact train29's single table lacked. Only head dim 128 is measured: a 64-wide head
    reads it. The B300 (Blackwell Ultra) and the RTX 5090 (another die) get none."""
    gpus = catalog.records["gpus"]
    b200 = gpus["b200"]
    assert kernel_tflops(b200, "cudnn", 32768, 128) == pytest.approx(1183)
    assert kernel_tflops(b200, "cudnn", 131072, 128) == pytest.approx(1120)
    assert kernel_tflops(b200, "cudnn", 8192, 128) == pytest.approx(998)
    assert kernel_tflops(b200, "flash2", 32768, 128) == pytest.approx(367)
    assert kernel_tflops(b200, "cudnn", 32768, 64) == pytest.approx(1183)
    cudnn_share = (kernel_tflops(b200, "cudnn", 32768, 128) or 0) / 2250
    fa2_hopper_share = (kernel_tflops(gpus["h100-sxm"], "flash2", 32768, 128) or 0) / 989.4
    assert cudnn_share == pytest.approx(0.53, abs=0.01) and fa2_hopper_share == pytest.approx(0.33, abs=0.01)
    # a length between two measured ones reads between them, in log2
    assert 998 < (kernel_tflops(b200, "cudnn", 12000, 128) or 0) < 1138
    for card in ("b300", "rtx-5090"):
        if card in gpus:
            assert kernel_tflops(gpus[card], "cudnn", 32768, 128) is None
    # cuDNN on Hopper reads its own generation's table (the H200 run, train40), not Blackwell's
    assert kernel_tflops(gpus["h100-sxm"], "cudnn", 32768, 128) == pytest.approx(608)
    rate = kernel_rate("cudnn", b200)
    assert rate is not None and "cudnn-frontend" in rate.source and not rate.estimate


def test_hopper_cudnn_rates_read_cudnn_frontend_sdpa_benchmark_on_h200(catalog: Catalog) -> None:
    """NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/results/h200_919_only_cudnn/llama3.1_20260227_034703.csv
    @df73764a (NVIDIA H200, cuDNN 9.19.1; Llama 3.1 70B's attention, 64 query heads, 8 KV heads, head dim 128, bfloat16,
    top_left causal, batch 1; read 2026-12-06): at 32K forward 25.566 ms at 688 TFLOPS (17.59 TFLOP), backward 75.688
    ms, so forward + backward = 3.5 x 17.59 / 101.254 ms = 608 TFLOPS; 397 at 2K, 567 at 8K. 61 % of the dense BF16
    peak at 32K, where FlashAttention-2 on H100 runs 33 % (328): 1.85x, inside TE's own "20-50 % advantages on Hopper"
    at 2K (397 / 265 = 1.50) and above it at long sequences. The H100 and H800 (the same GH100 at the same peak) read
    it; an A100 gets no cuDNN table."""
    gpus = catalog.records["gpus"]
    h200, h100 = gpus["h200-sxm"], gpus["h100-sxm"]
    assert kernel_tflops(h200, "cudnn", 32768, 128) == pytest.approx(608)
    assert kernel_tflops(h200, "cudnn", 2048, 128) == pytest.approx(397)
    assert kernel_tflops(h200, "cudnn", 8192, 128) == pytest.approx(567)
    assert kernel_tflops(h100, "cudnn", 8192, 128) == pytest.approx(567)
    assert kernel_tflops(gpus["h800-sxm"], "cudnn", 16384, 128) == pytest.approx(603)
    # the forward + backward figure re-derived from the CSV's own 32K row (times in ms, forward TFLOPS)
    forward_tflop = 688e12 * 25.566e-3 / 1e12
    assert forward_tflop == pytest.approx(2 * 32768**2 * 64 * 128 / 1e12, rel=0.002)
    assert 3.5 * forward_tflop / ((25.566 + 75.688) * 1e-3) == pytest.approx(608, abs=1)
    ratio = (kernel_tflops(h100, "cudnn", 2048, 128) or 0) / (kernel_tflops(h100, "flash2", 2048, 128) or 1)
    assert 1.2 <= ratio <= 1.5
    assert kernel_tflops(gpus["a100-80gb-sxm"], "cudnn", 8192, 128) is None
    rate = kernel_rate("cudnn", h100)
    assert rate is not None and "h200_919_only_cudnn" in rate.source and rate.card == "h200-sxm"


def test_each_framework_runs_the_kernel_its_docs_name(catalog: Catalog) -> None:
    """NVIDIA/TransformerEngine docs/examples/attention/attention.ipynb @0f60e599, "2. Backend Selection" (read
    2026-12-06): "sm8x (Ampere/Ada): flash-attention > cuDNN attention", "sm90 (Hopper): cuDNN attention >
    flash-attention", "sm100/sm120 (Blackwell): cuDNN attention > flash-attention". So a Transformer Engine step
    (Megatron-Core, NeMo: Workload.transformer_engine) runs cuDNN on H100 and B200 and FlashAttention-2 on A100; every
    other stack FlashAttention-2 (PyTorch SDPA's flash backend). `framework` times every step so, `transformer-engine`
    only TE steps; the shipped estimate (None) times none (docs/estimates.md, round 40: why)."""
    gpus = catalog.records["gpus"]
    h100, b200, a100 = gpus["h100-sxm"], gpus["b200"], gpus["a100-80gb-sxm"]
    assert framework_kernel(h100, transformer_engine=True) == "cudnn"
    assert framework_kernel(b200, transformer_engine=True) == "cudnn"
    assert framework_kernel(a100, transformer_engine=True) == "flash2"
    assert framework_kernel(h100, transformer_engine=False) == "flash2"
    te = Workload(kind="pretrain", tokens=1e10, context=8192, transformer_engine=True)
    plain = Workload(kind="pretrain", tokens=1e10, context=8192)
    every = replace(CAL, training_attention_kernel=FRAMEWORK_KERNEL)
    te_only = replace(CAL, training_attention_kernel=TRANSFORMER_ENGINE_KERNEL)
    assert step_attention_kernel(te, h100, every) == "cudnn"
    assert step_attention_kernel(plain, h100, every) == "flash2"
    assert step_attention_kernel(te, h100, te_only) == "cudnn"
    assert step_attention_kernel(plain, h100, te_only) is None
    assert step_attention_kernel(te, h100) is None  # shipped: off
    model = catalog.records["models"]["llama-3-8b"]
    said = [r for r in estimate(model, te, h100, 8, cal=te_only).assumption_codes if r.code == "est.attention-rate"]
    assert said and said[0].fields["kernel"] == "cudnn" and said[0].fields["tflops"] == pytest.approx(567)
