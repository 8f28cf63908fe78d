"""CDNA 3 (MI300X / MI325X) decode under the serving engines, read from sourced facts (issue #29, amd44): the decode
all-reduce over Infinity Fabric grows with the message a batched step sends (mk1-project/quickreduce's measured sizes),
and a decode step's FP8 GEMMs run at the rate AMD's tuned kernels reach at their own layer size (ROCm/aiter's table);
checked against AMD's own latency tables for Llama 3.1 70B and 405B on 8 x MI300X."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.backends import DECODE_GEMM_FACTS, decode_gemm_shape_rates, decode_gemm_tflops_at
from configurator.core.estimate.collectives import xgmi_allreduce_growth_s
from configurator.core.estimate.estimator import CAL, estimate, vllm_release
from configurator.core.estimate.workload import Workload
from configurator.core.report import words

# ROCm/vllm docs/dev-docker/README.md at 040de12d45c16d6de6ad386cc57dd68b8c5b805e (2025-08-13), 'Latency Measurements',
# Llama 3.1 405B (amd/Llama-3.1-405B-Instruct-FP8-KV), FP8, TP 8, 128 input / 2048 output tokens on 8 x MI300X:
# latency in seconds at each batch (vLLM 0.9.1 image); 2048 / latency = tokens/s per sequence
ROCM_VLLM_405B_LATENCY_S = {1: 48.453, 64: 88.631, 128: 117.027}
_RUN = vllm_release("0.9.1")
AITER_1092 = DECODE_GEMM_FACTS[0]


def test_the_xgmi_all_reduce_grows_as_measured(catalog: Catalog) -> None:
    """mk1-project/quickreduce README at 910e8922 (2025-03-16, 8 x MI300X, ROCm 6.2, RCCL 2.20.5): among 8 MI300X a
    2 MB all-reduce takes 27.90 us and a 4 MB one 46.84 us under the two-shot kernel (RCCL 34.05 / 52.13), against 15.41
    at 64 KB: a step's all-reduce pays the difference beyond the fitted small-message latency. Nothing at 64 KB, and
    nothing on NVLink (H200) or on CDNA 4, whose links the table does not measure."""
    mi300x = catalog.get("gpus", "mi300x")
    assert xgmi_allreduce_growth_s(mi300x, 8, 2 * 2**20) * 1e6 == pytest.approx(27.90 - 15.41, abs=0.01)
    assert xgmi_allreduce_growth_s(mi300x, 8, 4 * 2**20) * 1e6 == pytest.approx(46.84 - 15.41, abs=0.01)
    assert xgmi_allreduce_growth_s(mi300x, 2, 1 * 2**20) * 1e6 == pytest.approx(28.78 - 8.98, abs=0.01)
    assert xgmi_allreduce_growth_s(mi300x, 8, 65536) == 0.0
    assert xgmi_allreduce_growth_s(mi300x, 1, 4 * 2**20) == 0.0
    assert xgmi_allreduce_growth_s(catalog.get("gpus", "h200-sxm"), 8, 4 * 2**20) == 0.0
    assert xgmi_allreduce_growth_s(catalog.get("gpus", "mi355x"), 8, 4 * 2**20) == 0.0


def _decode(catalog: Catalog, batch: int) -> tuple[float, list[str], list[str]]:
    w = Workload(kind="inference", precision="fp8", context=2176, prompt=128, batch=batch, engine="vllm")
    # as the table's run: the vLLM 0.9.1 image, without async scheduling (opt-in before v0.14.0)
    r = estimate(catalog.get("models", "llama-3.1-405b"), w, catalog.get("gpus", "mi300x"), 8, cal=_RUN)
    said = [s.said for s in r.steps if s.said is not None and s.said.code == "est.xgmi-allreduce-size"]
    english = [words.say(x) for x in said]
    with words.language("zh_CN"):
        chinese = [words.say(x) for x in said]
    assert r.decode_tokens_per_s is not None
    return r.decode_tokens_per_s, english, chinese


def test_a_large_batch_on_8_mi300x_pays_the_larger_all_reduce(catalog: Catalog) -> None:
    """At 128 sequences Llama 3.1 405B's step sends 4.3 MB per all-reduce, 252 of them: the estimate reads AMD's
    measured 17.5 tokens/s (ROCm/vllm's table) within 10 % (without the size term it read +26 %), and says why in
    English and Chinese; at one sequence (a 32 KB message) nothing is added and the estimate is unchanged."""
    rate, english, chinese = _decode(catalog, 128)
    assert rate == pytest.approx(2048 / ROCM_VLLM_405B_LATENCY_S[128], rel=0.10)
    assert english and "Infinity Fabric (xGMI)" in english[0] and "4,350 KiB" in english[0]
    assert chinese and "经 AMD Infinity Fabric（xGMI）" in chinese[0] and "token" in chinese[0]
    one, english_one, _ = _decode(catalog, 1)
    assert not english_one
    assert one == pytest.approx(2048 / ROCM_VLLM_405B_LATENCY_S[1], rel=0.10)


def test_each_measured_gemm_shape_reads_its_own_rate() -> None:
    """ROCm/aiter PR #1092's table (a8w8_tuned_gemm.csv at 035725098d, MI300X, FP8 at 64-256 rows): a Llama 3.1 70B
    layer split 8 ways (107 MB a GPU) runs its GEMMs at a lower rate than 405B split 8 ways (398 MB) or 70B whole
    (856 MB); each shape's own rate puts its measured layer times within 20 % (the worst 70B at TP 4 and 64 rows, 18 %
    fast, where the stream, not the rate, binds), where the one rate over the table read 70B at TP 8 and 128 rows 26 %
    fast and needed 35 % to hold every layer. Between shapes the rate is interpolated, outside them the nearest shape's."""
    share = CAL.bw_eff_vllm * CAL.bw_eff_amd
    shapes = dict(decode_gemm_shape_rates(AITER_1092, share, CAL.roofline_norm))
    tp8_70b, tp8_405b = AITER_1092.layer_bytes("llama-3.1-70b tp8"), AITER_1092.layer_bytes("llama-3.1-405b tp8")
    assert shapes[tp8_70b] < shapes[tp8_405b] < shapes[AITER_1092.layer_bytes("llama-3.1-70b tp1")]
    for what, m, us in AITER_1092.times_us:
        weights = AITER_1092.layer_bytes(what)
        stream = weights / (share * AITER_1092.bandwidth_gbps * 1e9)
        compute = 2 * m * weights / (shapes[weights] * 1e12)
        timed = (stream**CAL.roofline_norm + compute**CAL.roofline_norm) ** (1 / CAL.roofline_norm)
        assert timed == pytest.approx(us * 1e-6, rel=0.20), (what, m)
    assert decode_gemm_tflops_at(AITER_1092, share, CAL.roofline_norm, tp8_70b / 4) == shapes[tp8_70b]
    between = decode_gemm_tflops_at(AITER_1092, share, CAL.roofline_norm, 2 * tp8_70b)
    assert shapes[tp8_70b] < between < shapes[tp8_405b]


def test_llama_70b_at_128_sequences_on_8_mi300x_reads_amds_table(catalog: Catalog) -> None:
    """ROCm/vllm's dev-docker latency table (040de12, vLLM 0.9.1 image): Llama 3.1 70B FP8 at TP 8, 128 sequences of
    128 + 2048 tokens, 46.484 s = 44.06 tokens/s per sequence. The estimate (70B's own GEMM shape rate and the 2 MB
    all-reduces) reads it within 10 %; at one sequence (118.82 tokens/s, AMD's performance-results page) within 5 %."""
    model, gpu = catalog.get("models", "llama-3.1-70b"), catalog.get("gpus", "mi300x")
    rates = {}
    for batch in (1, 128):
        w = Workload(kind="inference", precision="fp8", context=2176, prompt=128, batch=batch, engine="vllm")
        rates[batch] = estimate(model, w, gpu, 8, cal=_RUN).decode_tokens_per_s
    assert rates[128] == pytest.approx(2048 / 46.484, rel=0.10)
    assert rates[1] == pytest.approx(118.82, rel=0.05)
