"""Round 41 (arch41): the query/key norms, the shared expert's gate and ERNIE's router biases counted, each held to a
published count or file; MiniMax-M2.7's IQ4_XS held to the stock llama.cpp file, not unsloth's dynamic mix.

Every figure below was read through the stored public corpus on 2026-12-06; the stored-corpus file ids name where.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.params import count_params
from configurator.core.estimate.weights import weight_bytes
from configurator.core.importers.model_import import arch_from_hf_config
from configurator.storage import catalogs

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"

MODELS = {m.id: m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)}
GIB = 2**30


def _file_bytes(model_id: str, precision: str) -> float:
    """The estimate's weight bytes of a model's file at a precision: token table, head and blocks."""
    model = MODELS[model_id]
    weights = weight_bytes(count_params(model), precision, model=model)
    return weights.embedding + weights.lm_head + weights.blocks


def test_qwen3_query_and_key_norms_count_to_the_checkpoint() -> None:
    """Qwen/Qwen3-8B: 8,190,735,360 weights, the parameter count pinned at revision b968826d (a public calibration
    record, file 71344591867) and the n_params llama.cpp's server reports for ggml-org/Qwen3-8B-GGUF (file
    69156996833). Qwen/Qwen3-30B-A3B: 30,532,122,624, the sum a public loader checks the checkpoint's shard tensors
    against (file 68391653552) and llama.cpp's general.parameter_count for Qwen3-Coder-30B-A3B (file 70255288268).
    Without each layer's q_norm and k_norm (2 x 128) the counts were 9,216 and 12,288 short."""
    assert MODELS["qwen3-8b"].qk_norm == "head"
    assert count_params(MODELS["qwen3-8b"]).total == 8_190_735_360
    for model_id in ("qwen3-30b-a3b", "qwen3-coder-30b-a3b", "qwen3-30b-a3b-2507"):
        assert count_params(MODELS[model_id]).total == 30_532_122_624


def test_qwen3_q4_k_m_files_sized_to_their_bytes() -> None:
    """bartowski's Qwen_Qwen3-8B-Q4_K_M.gguf: 5,021,827,072 bytes of tensors as llama.cpp's server reports its size
    (file 57091127619); Qwen3-30B-A3B-Q4_K_M.gguf: 18,556,686,912 bytes (llama-bench's model_size in a public
    benchmark fixture, file 58538622392). The F32 query/key norms are 36,864 bytes of the 8B's file; the estimate is that file to the
    byte."""
    assert _file_bytes("qwen3-8b", "q4_k_m") == 5_021_827_072
    assert _file_bytes("qwen3-30b-a3b", "q4_k_m") == pytest.approx(18_556_686_912, rel=0.001)


def test_qwen3_6_shared_expert_gates_are_f32_in_a_gguf() -> None:
    """llama.cpp writes the shared expert's gate (ffn_gate_inp_shexp) as a 1-D F32 tensor of hidden_size (qwen35moe
    tensor tables in public GGUF readers, e.g. stored-corpus file 25279019617: `[2048]`, 'Shared expert scalar gate'):
    40 layers x 2,048 x 4 bytes beside the router's F32 matrix."""
    model = MODELS["qwen3.6-35b-a3b"]
    assert model.moe is not None and model.moe.shared_expert_gate
    ungated = model.model_copy(update={"moe": model.moe.model_copy(update={"shared_expert_gate": False})})
    gated = weight_bytes(count_params(model), "q4_k_m", model=model).blocks
    assert gated - weight_bytes(count_params(ungated), "q4_k_m", model=ungated).blocks == 40 * 2048 * 4


def test_ernie_4_5_routers_hold_their_aux_free_bias() -> None:
    """transformers' Ernie4_5_MoeTopKRouter builds moe_statics.e_score_correction_bias (1 x moe_num_experts, fp32) in
    every MoE layer (huggingface/transformers src/transformers/models/ernie4_5_moe/modular_ernie4_5_moe.py @a4d4492d):
    27 MoE layers x 64 experts. llama-bench reads ERNIE-4.5-21B-A3B-Thinking at Q4_0 as 11.64 GiB, 21.83 B weights
    (a public Arm learning path's run, file 9617567572; the Thinking release has the PT model's shapes)."""
    model = MODELS["ernie-4.5-21b-a3b"]
    assert model.moe is not None and model.moe.router_bias
    unbiased = model.model_copy(update={"moe": model.moe.model_copy(update={"router_bias": False})})
    assert count_params(model).total - count_params(unbiased).total == 27 * 64
    assert count_params(model).total == 21_825_437_888
    assert round(count_params(model).total / 1e9, 2) == 21.83
    assert model.params_total_b == pytest.approx(count_params(model).total / 1e9, abs=5e-5)
    assert _file_bytes("ernie-4.5-21b-a3b", "q4_0") / GIB == pytest.approx(11.64, rel=0.015)


def test_minimax_m2_7_iq4_xs_is_the_stock_file_not_unsloths_dynamic_mix() -> None:
    """Round 40 read MiniMax-M2.7 at IQ4_XS as 113.0 GiB against unsloth's '108 GB'. That file is unsloth's UD-IQ4_XS,
    a dynamic mix: llama-bench reads MiniMax-M2.7-UD-IQ4_XS-00001-of-00004.gguf as model_size 108,405,492,736 bytes
    (100.96 GiB, 3.79 bits a weight over 228,689,764,864; public runs, files 58464340977 and 66187975969), and a
    public quantizer's comparison table lists it at 3.79 BPW. llama.cpp's own IQ4_XS, bartowski's
    MiniMaxAI_MiniMax-M2.7-IQ4_XS (imatrix, llama.cpp b8746), reads 113.99 GiB (llama-bench, files 51863067818 and
    51870581084): that is the file the estimate's iq4_xs sizes, within 1 %. A GB against GiB was not the gap: 108 GB
    is 100.96 GiB, further from the stock type's size, not nearer."""
    stock = _file_bytes("minimax-m2.7", "iq4_xs")
    assert stock / GIB == pytest.approx(113.99, rel=0.01)
    assert 108_405_492_736 * 8 / count_params(MODELS["minimax-m2.7"]).total == pytest.approx(3.79, abs=0.005)
    assert stock / 108_405_492_736 > 1.1  # unsloth's dynamic mix is not the type llama.cpp's ftype names


def test_qwen3_6_fp8_checkpoint_sized_from_its_headers() -> None:
    """Qwen/Qwen3.6-35B-A3B-FP8 at revision 95a723d0: 35,707,978,496 bytes of text-decoder weights (33.6e9 FP8
    matrices, 1.04e9 BF16 elements: head, embeddings, routers, shared-expert gates, norms, the DeltaNet's small
    projections; and the BF16 weight_scale_inv), read from its safetensors headers by a public model-selection note
    (stored-corpus file 56994517810, 2026-07-18). The estimate at FP8 reads the same checkpoint within 0.1 %."""
    assert _file_bytes("qwen3.6-35b-a3b", "fp8") == pytest.approx(35_707_978_496, rel=0.001)


def test_kimi_k2_6_is_its_own_config_and_its_release_size() -> None:
    """Kimi K2.6 (moonshotai/Kimi-K2.6 at revision 7eb5002f): the language model's 1,026,408,232,448 parameters and
    594,205,904,896 bytes of text weights, routed experts INT4 with BF16 group-32 scales and the rest BF16 (a public
    model-selection note that read the pinned config and safetensors index, file 56994517810). The count from the config
    copy (tests/data/configs/kimi-k2.6.json) is the first to the weight, the released size the second within 0.001 %.
    llama.cpp's form of the release, unsloth's UD-Q4_K_XL (Q4_0 experts, Q8_0 rest), is 584 GB
    (unsloth.ai/docs/models/tutorials/kimi-k2.6, read 2026-12-04)."""
    model = MODELS["kimi-k2.6"]
    assert count_params(model).total == 1_026_408_232_448
    assert _file_bytes("kimi-k2.6", "int4-experts") == pytest.approx(594_205_904_896, rel=1e-5)
    counts = count_params(model)
    gguf = weight_bytes(counts, "int4-experts", model=model, engine="llama.cpp")
    assert gguf.embedding + gguf.lm_head + gguf.blocks == pytest.approx(584e9, rel=0.01)


def test_glm_5_1_counted_to_the_checkpoint() -> None:
    """zai-org/GLM-5.1 (2026-04-07): the Hugging Face API's count is 753,864,139,008, the same as zai-org/GLM-5's (a
    public table of API counts, stored-corpus file 69468411049). Its config copies quote the sizes (78 layers, 3 dense,
    256 experts of 2048 top-8 with one shared, hidden 6144, q / kv ranks 2048 / 512, index_topk 2048, 202,752
    positions: tests/data/configs/glm-5.1.json) but not the heads or head dims, which are GLM-5's (merged here in the
    open). The count holds the 75 backbone routers' biases; each of the 78 layers' lightning indexer (GLM-5.1 has no
    IndexShare) and the MTP layer with its own indexer are added by their tensors: the sum is the checkpoint's count to
    the weight, for the record as for GLM-5's."""
    glm5 = json.loads((CONFIGS / "glm-5.json").read_text())
    quoted = json.loads((CONFIGS / "glm-5.1.json").read_text())
    model = arch_from_hf_config({**glm5, **quoted}, "glm-5.1")
    mla, moe = model.mla, model.moe
    assert mla is not None and moe is not None and mla.q_lora_rank is not None and moe.router_bias
    h, heads, dim = model.hidden_size, glm5["index_n_heads"], glm5["index_head_dim"]
    indexer = (
        mla.q_lora_rank * heads * dim + h * dim + 2 * dim + h * heads
    )  # wq_b, wk, the keys' LayerNorm, weights_proj
    attention = (
        h * mla.q_lora_rank
        + mla.q_lora_rank
        + mla.q_lora_rank * 64 * (mla.qk_nope_head_dim + mla.qk_rope_head_dim)
        + h * (mla.kv_lora_rank + mla.qk_rope_head_dim)
        + mla.kv_lora_rank
        + mla.kv_lora_rank * 64 * (mla.qk_nope_head_dim + mla.v_head_dim)
        + 64 * mla.v_head_dim * h
    )
    mtp_moe = h * moe.num_experts + moe.num_experts + (moe.num_experts + 1) * 3 * h * moe.expert_intermediate_size
    mtp = attention + indexer + mtp_moe + 2 * h + 2 * h * h + 3 * h
    for arch in (model, MODELS["glm-5.1"], MODELS["glm-5"]):
        assert count_params(arch).total + model.num_layers * indexer + mtp == 753_864_139_008
    record = MODELS["glm-5.1"]
    for field in ("num_layers", "hidden_size", "num_attention_heads", "moe", "mla", "max_context", "vocab_size"):
        assert getattr(record, field) == getattr(model, field), field
    assert record.params_total_b == pytest.approx(count_params(model).total / 1e9, abs=5e-3)


def test_ernie_4_5_config_imports_as_its_record() -> None:
    """The importer reads `ernie4_5_moe` (transformers' Ernie4_5_MoeConfig keys: moe_num_experts, moe_k,
    moe_num_shared_experts, moe_layer_start_index / _end_index / _interval; tests/data/configs/ernie-4.5-21b-a3b.json)
    and counts the routers' bias its Ernie4_5_MoeTopKRouter always holds: the catalog record's 21,825,437,888. A layout
    that is not leading dense layers then every n-th layer MoE to the last is refused, naming it."""
    from configurator.core.common.errors import ModelImportError
    from configurator.core.importers.model_import import load_hf_config

    model = load_hf_config(CONFIGS / "ernie-4.5-21b-a3b.json")
    assert model.moe is not None and model.moe.router_bias and model.moe.first_dense_layers == 1
    assert count_params(model).total == count_params(MODELS["ernie-4.5-21b-a3b"]).total == 21_825_437_888
    config = json.loads((CONFIGS / "ernie-4.5-21b-a3b.json").read_text())
    with pytest.raises(ModelImportError, match="ERNIE MoE layers from 1 to 20"):
        arch_from_hf_config({**config, "moe_layer_end_index": 20}, "ernie.json")


def test_olmo_2_query_and_key_norms_span_all_heads() -> None:
    """OLMo 2's q_norm and k_norm are RMSNorms over all query heads and all key heads (transformers' Olmo2Attention;
    Olmo3Attention is the same class with sliding windows): the Hugging Face API's safetensors.total for
    allenai/OLMo-2-1124-7B is 7,298,617,344 (revision 7df9a825) and for OLMo-2-1124-13B 13,716,198,400 (revision
    3fefddc1), as a public provenance script pins them (stored-corpus file 71571056092; the 7B's also in file
    65859659251). Without the norms the counts were 262,144 and 409,600 short (32 x 2 x 4,096; 40 x 2 x 5,120)."""
    assert MODELS["olmo-2-7b"].qk_norm == "heads"
    assert count_params(MODELS["olmo-2-7b"]).total == 7_298_617_344
    assert count_params(MODELS["olmo-2-13b"]).total == 13_716_198_400
    assert MODELS["olmo-3-32b"].qk_norm == MODELS["olmo-3-7b"].qk_norm == "heads"
