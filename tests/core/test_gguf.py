"""GGUF K-quant file sizes tensor by tensor against llama.cpp's own published sizes."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.gguf import gguf_bytes
from configurator.core.estimate.params import count_params
from configurator.core.estimate.workload import Workload

GIB = 1024**3


def _weights(catalog: Catalog, model_id: str, precision: str) -> float:
    model = catalog.get("models", model_id)
    result = estimate(model, Workload(kind="inference", precision=precision, engine="llama.cpp", context=1))
    # the file: what the GPU holds plus the token embedding table llama.cpp keeps in system RAM
    return float(result.breakdown.weights + result.host_ram_bytes)


@pytest.mark.parametrize(
    ("precision", "published_gib"),
    # llama.cpp examples/quantize/quantize.cpp QUANT_OPTIONS at c392e509 (sizes "@ Llama-3-8B", set by PR 8058);
    # "G" is GiB there: its Q4_K_M 4.58G is the 4.918e9-byte file the reference rows hold
    [("q4_0", 4.34), ("q2_k", 2.96), ("q3_k_m", 3.74), ("q4_k_m", 4.58), ("q6_k", 6.14), ("q8_0", 7.96)],
)
def test_llama_3_8b_files_match_llama_quantize_table(catalog: Catalog, precision: str, published_gib: float) -> None:
    # the table prints two decimals: 0.5 % covers the rounding of the smallest (2.96)
    assert _weights(catalog, "llama-3-8b", precision) / GIB == pytest.approx(published_gib, rel=0.005)


def test_70b_gqa_q2_k_is_smaller_per_parameter_than_8b(catalog: Catalog) -> None:
    # Published: Llama 3 70B Q2_K 24.56 GiB (dranger003's table, llama.cpp PR 6745, as quoted in
    # XiongjieDai/GPU-Benchmarks-on-LLM-Inference README); Llama 3 8B Q2_K 2.96 GiB (quantize.cpp, above).
    # The 8B spends a larger share of its weights on the 128k-row output at Q6_K; the 70B's attn_v upgrade
    # to Q5_K touches 1/8-size tensors (8 query heads share each KV head).
    n70 = count_params(catalog.get("models", "llama-3-70b")).total
    n8 = count_params(catalog.get("models", "llama-3-8b")).total
    published = (24.56 * GIB / n70, 2.96 * GIB / n8)
    estimated = (_weights(catalog, "llama-3-70b", "q2_k") / n70, _weights(catalog, "llama-3-8b", "q2_k") / n8)
    assert published[0] < published[1]
    assert estimated[0] < estimated[1]
    assert estimated[0] / estimated[1] == pytest.approx(published[0] / published[1], rel=0.01)
    # one flat bits-per-weight figure for Q2_K cannot tell the two apart
    assert _weights(catalog, "llama-3-70b", "q2_k") / GIB == pytest.approx(24.56, rel=0.005)


def test_8_expert_model_gets_q8_0_attention_keys_and_values(catalog: Catalog) -> None:
    # llama-quant.cpp: n_expert == 8 -> attn_v and attn_k Q8_0, attn_output Q5_K for Q3_K_M
    types = dict(gguf_bytes(catalog.get("models", "mixtral-8x7b"), "q3_k_m").types)
    assert types["attn_v"] == "Q8_0 x32"
    assert types["attn_k"] == "Q8_0"
    assert types["attn_output"] == "Q5_K"
    dense = dict(gguf_bytes(catalog.get("models", "llama-3-8b"), "q3_k_m").types)
    assert dense["attn_k"] == "Q3_K" and dense["attn_output"] == "Q4_K"


def test_rows_that_do_not_divide_into_blocks_fall_back(catalog: Catalog) -> None:
    # Qwen2.5-72B's MLP width 29568 is not a multiple of 256: llama-quantize stores its ffn_down in a
    # 32-weight type (convert_incompatible_tensor: Q4_K -> Q5_0, Q6_K -> Q8_0), the rest stays K-quant
    model = catalog.get("models", "qwen2.5-72b")
    assert model.intermediate_size % 256
    types = dict(gguf_bytes(model, "q4_k_m").types)
    assert set(types["ffn_down"].replace(" /", "").split()[::2]) == {"Q5_0", "Q8_0"}
