"""What reads CDNA 3 MoE decode fast is not the collective or the expert kernels (issue #29, amd42): the estimate's
all-reduce over Infinity Fabric and its MoE layer on MI300X / MI325X, checked against kernel measurements that name
their source; and the vLLM launch on AMD Instinct switches on the AITER kernels those facts are."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import from_json
from configurator.core.estimate.backends import VLLM_AITER_ARCHITECTURES
from configurator.core.estimate.collectives import XGMI_ALLREDUCE_US, allreduce_latency
from configurator.core.estimate.estimator import CAL, _bw_efficiency, estimate, moe_expert_efficiency
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.core.report import words

# ROCm/aiter, aiter/configs/model_configs/a8w8_blockscale_tuned_fmoe_ds_v3.csv, the cu_num 304 rows of commit 84493f0e5b
# (2026-07-23, "gfx942 MI325X: tuned a8w8 blockscale GEMM + FMoE configs for DSv3.2 TP8"): AITER's tuned fused MoE of
# a DeepSeek-V3 layer with its experts split 8 ways (33 local experts of 7168 x 2048 with the shared one, top 9,
# FP8 1x128 block scales), total kernel time `us` at each token count
AITER_DSV3_MI325X_US = {1: 99.21, 2: 169.68, 4: 220.89, 8: 327.91, 16: 354.30, 32: 355.34, 64: 363.46}
# the same repository, aiter/configs/model_configs/qwen3_235b_bf16_tuned_fmoe.csv, cu_num 304 rows of commit ca781d8197
# (2026-06-01, "[PERF]update mi300x moe qwen bf16 configs"): Qwen3-235B-A22B's MoE layer in BF16 (128 experts of
# 4096 x inter, top 8) at tensor parallel 8 (inter 192) and 4 (inter 384), total `us`
AITER_QWEN3_MI300X_US = {
    192: {1: 32.71, 2: 43.87, 4: 53.37, 8: 82.86, 16: 116.72, 32: 154.69, 64: 171.60, 128: 181.89},
    384: {1: 34.06, 2: 52.66, 4: 84.43, 8: 147.94, 16: 218.24, 32: 302.34, 64: 338.29, 128: 351.88},
}


def _moe_layer_us(gpu: object, precision: str, experts: int, top: int, expert_bytes: float, tokens: int) -> float:
    """The estimate's MoE layer for `tokens` tokens routed independently (as aiter's tuner draws them): the touched
    experts' bytes at the serving engine's stream share on the card and its fused-MoE efficiency at that many tokens
    per expert (estimator.moe_expert_efficiency), plus the serving engines' MoE floor (router, top-k, combine)."""
    touched = experts * (1 - (1 - top / experts) ** tokens)
    share = _bw_efficiency("vllm", precision, gpu, cal=CAL) * moe_expert_efficiency(tokens * top / touched, "vllm")
    stream = touched * expert_bytes / (share * gpu.memory_bandwidth_gbps * 1e9)  # type: ignore[attr-defined]
    return (stream + CAL.moe_layer_latency_server) * 1e6


def test_an_8_gpu_xgmi_all_reduce_is_the_measured_latency() -> None:
    """mk1-project/quickreduce README at 910e8922 (2025-03-16, 8 x MI300X on TensorWave, ROCm 6.2, RCCL 2.20.5): a 64 KB
    all-reduce among 8 MI300X takes 20.0 us under RCCL and 15.4 us under QuickReduce's FP16 two-shot kernel; the estimate
    charges 15 us (the fitted NVLink-class figure), within 3 % of the faster. The 2- and 4-GPU tables read lower (9.0,
    11.0 us): the estimate is not short there either, so the collective does not read MI300X decode fast."""
    fastest = {n: min(pair) for n, pair in XGMI_ALLREDUCE_US.items()}
    assert CAL.allreduce_nvlink_s * 1e6 == pytest.approx(fastest[8], rel=0.03)
    assert all(CAL.allreduce_nvlink_s * 1e6 >= fastest[n] for n in (2, 4))


def test_an_amd_tensor_parallel_step_names_infinity_fabric(catalog: Catalog) -> None:
    """The decode step's explanation names the link the all-reduces cross: Infinity Fabric (xGMI) between MI300X OAMs,
    in English and Chinese; NVLink between H200s."""
    mi300x, h200 = catalog.get("gpus", "mi300x"), catalog.get("gpus", "h200-sxm")
    assert allreduce_latency(mi300x, 8, 15e-6, 35e-6, 27e-6) == (15e-6, "AMD Infinity Fabric (xGMI)")
    assert allreduce_latency(h200, 8, 15e-6, 35e-6, 27e-6)[1] == "NVLink"
    w = Workload(kind="inference", precision="fp8", context=4000, prompt=3200, batch=4, engine="vllm")
    said = [s.said for s in estimate(catalog.get("models", "deepseek-r1"), w, mi300x, 8).steps if s.said is not None]
    tensor = next(r for r in said if r.code == "est.tensor-decode")
    assert "over AMD Infinity Fabric (xGMI)" in words.say(tensor)
    with words.language("zh_CN"):
        assert "经 AMD Infinity Fabric（xGMI）" in words.say(tensor)


@pytest.mark.parametrize("tokens", sorted(AITER_DSV3_MI325X_US))
def test_the_estimates_deepseek_moe_layer_is_not_faster_than_aiters_kernel(catalog: Catalog, tokens: int) -> None:
    """AITER's tuned fused MoE on gfx942 (304 CUs) streams a DeepSeek-V3 layer's FP8 experts at 4.0-4.7 TB/s at 1-64
    tokens (99-363 us); the estimate's MoE layer on an MI325X (the experts at vLLM's 0.80 x 0.82 share and the fused
    kernel's efficiency, plus its 43 us floor) takes 1.15-1.73x as long. At decode row counts the estimate is slower than
    AMD's kernel, not faster: the expert kernels are not what reads AMD MoE decode fast."""
    gpu = catalog.get("gpus", "mi325x")
    expert = 3 * 7168 * 2048 * (1 + 4 / 128**2)  # FP8 weights and their 1x128-block float32 scales
    assert _moe_layer_us(gpu, "fp8", 33, 9, expert, tokens) >= AITER_DSV3_MI325X_US[tokens]


@pytest.mark.parametrize(("inter", "tokens"), [(i, t) for i, times in AITER_QWEN3_MI300X_US.items() for t in times])
def test_the_estimates_qwen3_moe_layer_is_not_faster_than_aiters_kernel(
    catalog: Catalog, inter: int, tokens: int
) -> None:
    """Qwen3-235B-A22B's BF16 MoE layer on one MI300X's share of tensor parallel 8 and 4: AITER's tuned kernel takes
    33-352 us at 1-128 tokens; the estimate's layer (its 43 us floor with the touched experts' stream) 1.1-2.1x as long."""
    gpu = catalog.get("gpus", "mi300x")
    assert _moe_layer_us(gpu, "bf16", 128, 8, 3 * 4096 * inter * 2, tokens) >= AITER_QWEN3_MI300X_US[inter][tokens]


def _launch(catalog: Catalog, gpu: str, kv: str = "bf16", gpus: int = 8) -> dict[str, object]:
    card = catalog.get("gpus", gpu)
    w = Workload(kind="inference", precision="fp8", context=4096, batch=4, engine="vllm", kv_precision=kv)
    result = estimate(catalog.get("models", "deepseek-r1"), w, card, gpus)
    return dict(launch_command(catalog.get("models", "deepseek-r1"), result, gpu=card))


def test_a_vllm_launch_on_mi300x_and_mi355x_switches_aiter_on(catalog: Catalog) -> None:
    """vLLM runs AMD's AITER kernels only with VLLM_ROCM_USE_AITER set (vllm/envs.py: default "False"; AMD's dev-docker
    README at ROCm/vllm f8c9a385, 2025-08-28: "the default value is `0`"), and the estimate's CDNA 3 decode is AITER's
    kernels: the launch on MI300X (gfx942) and MI355X (gfx950) sets the switch before `vllm serve`, says why in English
    and Chinese, and keeps the server command itself as it was."""
    for gpu in ("mi300x", "mi355x"):
        launch = _launch(catalog, gpu)
        assert launch["build"] == "export VLLM_ROCM_USE_AITER=1"
        assert str(launch["command"]).startswith("vllm serve deepseek-ai/DeepSeek-R1 ")
        said = from_json(launch["build_said"])  # type: ignore[arg-type]
        assert "VLLM_ROCM_USE_AITER=1" in words.say(said) and "AITER" in words.say(said)
        with words.language("zh_CN"):
            assert "先开启 AMD 的 AITER 内核" in words.say(said)


def test_aiter_stays_off_where_it_does_not_run(catalog: Catalog) -> None:
    """Not on NVIDIA, not on CDNA 2 (MI250X: ROCm/aiter's README lists gfx942 and gfx950 only), not with an FP8 KV cache
    (the same AMD README's known issue: "AITER does not support fp8 kv cache")."""
    assert "build" not in _launch(catalog, "h200-sxm")
    assert "build" not in _launch(catalog, "mi300x", kv="fp8")
    assert VLLM_AITER_ARCHITECTURES == ("CDNA 3", "CDNA 4")
    assert catalog.get("gpus", "mi250x").architecture not in VLLM_AITER_ARCHITECTURES
