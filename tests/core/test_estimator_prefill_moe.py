"""MoE prompt processing in llama.cpp (issue #29): the routed experts' rows per micro-batch, Blackwell's native MXFP4 and
sliding-window attention, against published llama-bench tables (sources named per test)."""

from __future__ import annotations

import pytest

from configurator.core.estimate.estimator import estimate, llamacpp_build, prompt_attention_flops
from configurator.core.estimate.workload import Workload


def _prefill(catalog, model: str, precision: str, gpu: str, prompt: int, build: str) -> float:  # type: ignore[no-untyped-def]
    workload = Workload(kind="inference", precision=precision, context=prompt, batch=1, engine="llama.cpp")
    result = estimate(catalog.get("models", model), workload, catalog.get("gpus", gpu), 1, cal=llamacpp_build(build))
    assert result.prefill_tokens_per_s is not None
    return result.prefill_tokens_per_s


def test_gpt_oss_20b_rtx_3090_pp512(catalog) -> None:  # type: ignore[no-untyped-def]
    # ggml-org/llama.cpp PR #20586 (2026): RTX 3090, gpt-oss 20B MXFP4 MoE, micro-batch 512, pp512 4739.20 t/s; the dense
    # rate alone read +113 % (the row the expert-rows term is fitted on)
    assert _prefill(catalog, "gpt-oss-20b", "mxfp4", "rtx-3090", 512, "2026-03") == pytest.approx(4739.2, rel=0.10)


def test_gpt_oss_20b_rtx_6000_ada_pp8096_within_30_percent(catalog) -> None:  # type: ignore[no-untyped-def]
    # ggml-org/llama.cpp PR #19053 (merged 2026-02-03), 't/s master': RTX 6000 Ada, gpt-oss 20B MXFP4 MoE pp8096 8404.05
    # (a holdout row: never fitted on; before the expert-rows term the estimate read +62 %)
    assert _prefill(catalog, "gpt-oss-20b", "mxfp4", "rtx-6000-ada", 8096, "2026-02") == pytest.approx(
        8404.05, rel=0.30
    )


def test_blackwell_native_mxfp4_is_faster_than_ada_at_the_same_power(catalog) -> None:  # type: ignore[no-untyped-def]
    # PR #19053 measured 12582.80 t/s on the RTX PRO 6000 Blackwell Max-Q against 8404.05 on the RTX 6000 Ada (both 300 W,
    # the dense llama 3B equal within 5 %); PR #17906 (Dec 2025) gives the native-FP4 part of it, x1.27
    ada = _prefill(catalog, "gpt-oss-20b", "mxfp4", "rtx-6000-ada", 8096, "2026-02")
    max_q = _prefill(catalog, "gpt-oss-20b", "mxfp4", "rtx-pro-6000-blackwell-max-q", 8096, "2026-02")
    assert max_q / ada > 1.2
    # a build before PR #17906 runs MXFP4 through int8 MMQ on Blackwell as well
    before = _prefill(catalog, "gpt-oss-20b", "mxfp4", "rtx-pro-6000-blackwell-max-q", 8096, "2025-11")
    assert max_q / before == pytest.approx(1.27, rel=0.01)


def test_dense_prompt_is_untouched_by_the_expert_term(catalog) -> None:  # type: ignore[no-untyped-def]
    # XiongjieDai's RTX 4090 table (Dec 2023, reference rows): the dense estimate keeps its fitted rate
    dense = _prefill(catalog, "llama-3-8b", "q4_0", "rtx-4090", 512, "2024-06")
    # ggml-org/llama.cpp PR #7676 (June 2024), RTX 4090 llama 8B Q4_0 pp512 10358.75 with int8 MMQ
    assert dense == pytest.approx(10358.75, rel=0.10)


def test_sliding_window_layers_attend_to_their_window_only(catalog) -> None:  # type: ignore[no-untyped-def]
    # gpt-oss: 24 layers, every second one a 128-token window (its config.json "sliding_window": 128)
    model = catalog.get("models", "gpt-oss-20b")
    full = 4 * model.num_attention_heads * model.head_dim * model.attention_layers * 4048
    flops = prompt_attention_flops(model, 8096)
    assert flops < 0.55 * full
    dense = catalog.get("models", "llama-3-8b")
    assert prompt_attention_flops(dense, 8096) == pytest.approx(
        4 * dense.num_attention_heads * dense.head_dim * dense.attention_layers * 4048
    )


def _prompt_gflop(catalog, model: str, engine: str, precision: str) -> float:  # type: ignore[no-untyped-def]
    workload = Workload(kind="inference", precision=precision, context=512, batch=1, engine=engine)
    result = estimate(catalog.get("models", model), workload, catalog.get("gpus", "rtx-4090"), 1)
    (said,) = [s.said for s in result.steps if s.said is not None and s.said.code == "est.prefill"]
    return float(said.fields["gflop"])


def test_a_llamacpp_prompt_leaves_out_the_output_head(catalog) -> None:  # type: ignore[no-untyped-def]
    """llama.cpp runs the output head and the last layer's MLP for the rows that need logits only: its graphs cut the
    last layer to them ('skip computing output for unused tokens', ggml_get_rows(cur, inp_out_ids), src/llama-model.cpp)
    and a batch without logits flags outputs its last token (llama_batch_allocr::init, src/llama-batch.cpp), as
    llama-bench's prompt test sends it (tools/llama-bench/llama-bench.cpp test_prompt: llama_batch_get_one), read
    2026-12-05. Llama 3.2 3B ties its 128,256 x 3,072 head to the embedding: 15 % of the matmul parameters a token was
    counted with, which a prompt token does not multiply; vLLM's prompt figure keeps its own count."""
    from configurator.core.estimate.estimator import prompt_output_only_params
    from configurator.core.estimate.params import count_params

    arch = catalog.get("models", "llama-3.2-3b")
    counts = count_params(arch)
    head = 128256 * 3072
    assert counts.lm_head == 0 and head <= prompt_output_only_params(counts) < head * 1.2
    attention = prompt_attention_flops(arch, 512) / 1e9
    llamacpp = _prompt_gflop(catalog, "llama-3.2-3b", "llama.cpp", "q4_k_m")
    assert llamacpp == pytest.approx(2 * (counts.matmul_active - prompt_output_only_params(counts)) / 1e9 + attention)
    assert _prompt_gflop(catalog, "llama-3.2-3b", "vllm", "bf16") == pytest.approx(
        2 * counts.matmul_active / 1e9 + attention
    )


def test_a_bf16_prompt_on_a_geforce_card_runs_at_the_fp32_accumulate_rate(catalog) -> None:  # type: ignore[no-untyped-def]
    """llama.cpp's CUDA build multiplies BF16 weights with cublasGemmEx(..., CUDA_R_16BF, ..., CUBLAS_COMPUTE_32F) and F16
    ones with CUBLAS_COMPUTE_16F (ggml/src/ggml-cuda/ggml-cuda.cu, ggml_cuda_op_mul_mat_cublas, read 2026-12-05): a
    GeForce card's tensor cores run FP32 accumulate at half rate, so its bf16 prompt is half its fp16 one. Measured:
    ggml-org/llama.cpp PR #24216 (June 2026), 'RTX 3090 | llama 1B BF16 | 512 | pp512 | 17751.37' (master column),
    which read +104 % at the FP16-accumulate peak (round 31)."""
    bf16 = _prefill(catalog, "llama-3.2-1b", "bf16", "rtx-3090", 512, "2026-06")
    assert bf16 == pytest.approx(17751.37, rel=0.10)
    fp16 = _prefill(catalog, "llama-3.2-1b", "fp16", "rtx-3090", 512, "2026-06")
    assert fp16 / bf16 == pytest.approx(2.0, rel=0.05)
    # a workstation card runs both accumulate modes at its full rate: the two prompts take the same time
    a6000 = [_prefill(catalog, "llama-3.2-1b", p, "rtx-a6000", 512, "2026-06") for p in ("bf16", "fp16")]
    assert a6000[0] == pytest.approx(a6000[1], rel=0.01)
