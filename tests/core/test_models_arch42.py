"""Round 42 (arch42): the weight count of each 2025-26 catalog family held to its published total.

The published totals are the Hugging Face API's safetensors.total (every tensor of the checkpoint: a multimodal
release's vision tower, the multi-token-prediction module a checkpoint ships beside the model) or a count of the text
weights alone (a loader's num_parameters, llama.cpp's n_params, a shard-header audit). `count_params` counts what
inference loads, the text stack; each test below adds what the published figure holds beside it, tensor by tensor, and
asserts the sum to the weight. Every figure was read through the stored public corpus on 2026-12-07; the stored-corpus
file ids name where (two tables of API counts: file 69468411049, a French audit of Hugging Face MoE variants; file
70911651117, kvfit's build_registry.py, "exact params from HF safetensors").
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.params import count_params, mtp_module_params
from configurator.core.importers.model_import import arch_from_hf_config, load_hf_config
from configurator.storage import catalogs

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"
MODELS = {m.id: m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)}

# Gemma 3's SigLIP vision tower (so400m, 27 layers of 1152): google/gemma-3-4b-it's API total 4,300,079,472 (file
# 70911651117; a loader's Gemma3ForConditionalGeneration parameter check, file 59569054635) less its text stack's
# 3,880,263,168 (below) and its projector; the same tower ships with the 12B and 27B
GEMMA3_VISION_TOWER = 416_866_032
# Llama 4's vision encoder and projector, the same in Scout and Maverick: a public model-IR builder's split of
# Maverick's HF total (decoderParameters 400,711,848,960, visionAndProjectorParameters 871,932,416; file 71465086325)
LLAMA4_VISION = 871_932_416


def _gemma3_projector(hidden: int) -> int:
    """Gemma3MultiModalProjector: mm_input_projection_weight (1152 x the text width) and mm_soft_emb_norm (1152)."""
    return 1152 * hidden + 1152


def _total(model_id: str) -> int:
    return count_params(MODELS[model_id]).total


def test_gemma_2_and_3_norm_both_outputs_and_gemma_3_its_queries_and_keys() -> None:
    """Gemma2DecoderLayer and Gemma3DecoderLayer (transformers models/gemma2, gemma3) hold four hidden-wide norms a layer:
    input_layernorm, post_attention_layernorm, pre_feedforward_layernorm, post_feedforward_layernorm; Gemma3Attention
    adds q_norm and k_norm over head_dim. Counted with two norms a layer and no query/key norm, Gemma 2 9B was 301,056
    weights short (42 x 2 x 3,584) and Gemma 3 27B 682,496 (62 x (2 x 5,376 + 2 x 128)).
    Published: google/gemma-2-9b-it 9,241,705,984 and gemma-2-27b-it 27,227,128,320 (HF API, file 70911651117);
    Gemma 3 4B's text stack 3,880,263,168 (Gemma3ForCausalLM.num_parameters() in a public health check, file
    13057122278; llama.cpp's n_params for gemma-3-4b-it-Q4_K_M.gguf, file 68407820603; a C loader's text parameter
    count, file 68442719531); gemma-3-4b/12b/27b-it 4,300,079,472 / 12,187,325,040 / 27,432,406,640 with the vision
    tower and projector (HF API, file 70911651117)."""
    assert _total("gemma-2-9b") == 9_241_705_984
    assert _total("gemma-2-27b") == 27_227_128_320
    assert _total("gemma-3-4b") == 3_880_263_168
    for model_id, published in (
        ("gemma-3-4b", 4_300_079_472),
        ("gemma-3-12b", 12_187_325_040),
        ("gemma-3-27b", 27_432_406_640),
    ):
        model = MODELS[model_id]
        assert model.norms_per_layer == 4 and model.qk_norm == "head"
        assert _total(model_id) + GEMMA3_VISION_TOWER + _gemma3_projector(model.hidden_size) == published, model_id


def test_gemma_4_counts_its_text_weights_to_the_checkpoint() -> None:
    """Gemma4TextDecoderLayer: the four norms, q_norm and k_norm over the layer's own head_dim (global_head_dim 512 on
    the full layers; v_norm has no weight); its MoE layers add post_feedforward_layernorm_1 / _2,
    pre_feedforward_layernorm_2 and Gemma4TextRouter's scale (hidden-wide) and per_expert_scale (one per expert).
    Published: a shard-header audit of google/gemma-4-31B-it counts 30,697,345,280 text weights (1,331,456 of them
    norm weights) beside 60 layer_scalar buffers (file 70182148644); llama.cpp reports n_params 30,697,345,596 for
    unsloth's gemma-4-31B-it GGUF (file 55294855383) and 25,233,142,046 for gemma-4-26B-A4B-it's UD-Q4_K_XL (file
    69517298962): each the text weights plus one layer_output_scale a layer and the 256-entry rope_freqs of the
    proportional-RoPE full layers. Before: 30,696,664,320 and 25,232,613,120."""
    dense, moe = MODELS["gemma-4-31b"], MODELS["gemma-4-26b-a4b"]
    assert _total("gemma-4-31b") == 30_697_345_280
    assert _total("gemma-4-31b") + dense.num_layers + 256 == 30_697_345_596
    assert moe.norms_per_layer == 8 and moe.moe is not None and moe.moe.expert_scale
    assert _total("gemma-4-26b-a4b") + moe.num_layers + 256 == 25_233_142_046
    counts = count_params(dense)
    final = dense.hidden_size
    assert counts.norms - final - dense.num_layers * 4 * dense.hidden_size == 50 * 2 * 256 + 10 * 2 * 512


def test_gemma_configs_import_to_their_records() -> None:
    """The importer reads the sandwich norms and the query/key norms from the model type (transformers builds them
    whatever the config says) and Gemma 4's per-expert scale with its MoE block: tests/data/configs' Gemma 4 copies
    import to the records' counts, and a Gemma 3 text config (the 4B's sizes) to the 4B's."""
    assert count_params(load_hf_config(CONFIGS / "gemma-4-31b-it.json")).total == 30_697_345_280
    assert count_params(load_hf_config(CONFIGS / "gemma-4-26b-a4b-it.json")).total == 25_233_141_760
    gemma3 = MODELS["gemma-3-4b"]
    config = {
        "model_type": "gemma3_text",
        "hidden_size": gemma3.hidden_size,
        "num_hidden_layers": gemma3.num_layers,
        "num_attention_heads": gemma3.num_attention_heads,
        "num_key_value_heads": gemma3.num_kv_heads,
        "head_dim": gemma3.head_dim,
        "intermediate_size": gemma3.intermediate_size,
        "vocab_size": gemma3.vocab_size,
        "max_position_embeddings": gemma3.max_context,
        "sliding_window": 1024,
    }
    imported = arch_from_hf_config(config, "gemma-3-4b.json")
    assert (imported.norms_per_layer, imported.qk_norm) == (4, "head")
    assert count_params(imported).total == 3_880_263_168


def _glm4_moe_config(model: ModelArch, use_qk_norm: bool) -> dict[str, object]:
    """A glm4_moe config.json in transformers' Glm4MoeConfig keys, with the values the catalog record carries."""
    moe = model.moe
    assert moe is not None
    return {
        "model_type": "glm4_moe",
        "hidden_size": model.hidden_size,
        "num_hidden_layers": model.num_layers,
        "num_attention_heads": model.num_attention_heads,
        "num_key_value_heads": model.num_kv_heads,
        "head_dim": model.head_dim,
        "intermediate_size": model.intermediate_size,
        "moe_intermediate_size": moe.expert_intermediate_size,
        "n_routed_experts": moe.num_experts,
        "n_shared_experts": moe.shared_experts,
        "num_experts_per_tok": moe.experts_per_token,
        "first_k_dense_replace": moe.first_dense_layers,
        "vocab_size": model.vocab_size,
        "max_position_embeddings": model.max_context,
        "attention_bias": True,
        "use_qk_norm": use_qk_norm,
        "tie_word_embeddings": False,
        "num_nextn_predict_layers": 1,
    }


def test_glm_4_5_family_counts_to_the_checkpoint_with_its_mtp_module() -> None:
    """Glm4MoeAttention builds q_norm and k_norm over head_dim where use_qk_norm (GLM-4.5, 4.6, 4.7; not 4.5-Air:
    transformers models/glm4_moe, stored-corpus file 57795649124; Megatron-Bridge's GLM 4.5 page: "Includes QK
    LayerNorm" for 355B-A32B, "No QK LayerNorm" for the Air). The checkpoints ship one MTP layer (layer 92 / 46) with
    enorm, hnorm, eh_proj, shared_head.norm and, in GLM-4.5, 4.7 and the Air, their own embed_tokens and
    shared_head.head; GLM-4.6's leaves those two out. HF API totals (files 69468411049, 70911651117): GLM-4.5 and
    GLM-4.7 358,337,791,296, GLM-4.6 356,785,898,816, GLM-4.5-Air 110,468,824,832 (and PrimeIntellect/INTELLECT-3, the
    Air's architecture without an MTP layer, 106,852,251,264). Before: 23,552 short each (92 x 2 x 128)."""
    for model_id in ("glm-4.5", "glm-4.7"):
        assert MODELS[model_id].qk_norm == "head"
        assert _total(model_id) + mtp_module_params(MODELS[model_id], own_embedding=True) == 358_337_791_296
    assert _total("glm-4.6") + mtp_module_params(MODELS["glm-4.6"], own_embedding=False) == 356_785_898_816
    air = MODELS["glm-4.5-air"]
    assert air.qk_norm == "none" and _total("glm-4.5-air") == 106_852_251_264
    assert _total("glm-4.5-air") + mtp_module_params(air, own_embedding=True) == 110_468_824_832


def test_glm4_moe_configs_import() -> None:
    """The importer now reads glm4_moe (it had refused the type): the dense leading layers at intermediate_size, the
    shared expert, the router's always-present correction bias (Glm4MoeTopkRouter), q/k/v biases, use_qk_norm and the
    MTP layer; the record's values in the config's keys import to the record's count."""
    for model_id, qk in (("glm-4.5", True), ("glm-4.5-air", False)):
        model = MODELS[model_id]
        imported = arch_from_hf_config(_glm4_moe_config(model, qk), f"{model_id}.json")
        assert imported.qk_norm == model.qk_norm and imported.mtp_layers == 1
        assert imported.moe == model.moe and imported.linear_bias == "qkv"
        assert count_params(imported).total == count_params(model).total


def test_deepseek_r1_and_hy3_count_to_their_checkpoints_with_the_mtp_module() -> None:
    """deepseek-ai/DeepSeek-R1's HF API total 684,489,845,504 (file 69468411049) is the count plus its MTP module (layer
    61, a MoE layer, with its own embedding and head copies); tencent/Hy3's 298,786,155,776 (same file) the count plus
    one MTP layer without them. Both to the weight: the counter has nothing to add. (DeepSeek-V3's listed 684,531,386,000
    ends in three zeros and is not a tensor sum; not used.)"""
    assert _total("deepseek-r1") + mtp_module_params(MODELS["deepseek-r1"], own_embedding=True) == 684_489_845_504
    assert _total("hy3") + mtp_module_params(MODELS["hy3"], own_embedding=False) == 298_786_155_776


def test_qwen3_next_and_qwen3_5_mtp_modules_are_one_full_attention_layer() -> None:
    """Qwen3-Next's MTP module is one gated full-attention layer with its MoE, mtp.fc and three norms: Qwen/Qwen3-Next-
    80B-A3B-Instruct's HF API total 81,324,862,720 is Qwen3-Coder-Next's 79,674,391,296 (no MTP layer) plus it (file
    69468411049); Qwen3.5-397B-A17B's header audit lists its MTP part at 6,595,568,128 (file 69814713714). Both to the
    weight. Nemotron-H's stack is refused (its MTP layer is not one more layer of a kind the counter reads alone)."""
    assert _total("qwen3-next-80b-a3b") + mtp_module_params(MODELS["qwen3-next-80b-a3b"], False) == 81_324_862_720
    assert mtp_module_params(MODELS["qwen3.5-397b-a17b"], own_embedding=False) == 6_595_568_128
    with pytest.raises(ValueError, match="hybrid"):
        mtp_module_params(MODELS["nemotron-3-super-120b-a12b"], own_embedding=False)


def test_text_stacks_held_to_their_published_text_counts() -> None:
    """Families the counter already had to the weight, now held: Llama 4 Maverick's decoder 400,711,848,960 and Scout's
    HF total 108,641,793,536 less the shared vision encoder and projector (files 71465086325, 70911651117); Mistral
    Small 3.x / Magistral / Devstral Small 24B 23,572,403,200 (llama.cpp general.parameter_count, file 59280509486;
    keras-hub's Magistral and Devstral presets, files 55107988649, 45328956238); Qwen3.5-397B-A17B's base text
    396,346,350,336 (a checkpoint-header audit of 1,038 text tensors, file 69814713714); Qwen3-Coder-Next (Qwen3-Next-80B-A3B's
    architecture without the MTP layer its Instruct ships) 79,674,391,296 (file 69468411049)."""
    assert _total("llama-4-maverick") == 400_711_848_960
    assert _total("llama-4-scout") + LLAMA4_VISION == 108_641_793_536
    for model_id in ("mistral-small-24b", "mistral-small-3.2-24b", "devstral-small-24b"):
        assert _total(model_id) == 23_572_403_200, model_id
    assert _total("qwen3.5-397b-a17b") == 396_346_350_336
    assert _total("qwen3-next-80b-a3b") == 79_674_391_296


def test_llama_cpp_parameter_counts_of_the_smaller_2026_families() -> None:
    """llama.cpp's n_params (the GGUF's tensors, MTP layers dropped by the converter) for Qwen3.5-0.8B 752,393,024
    (file 61992611317), Qwen3.5-9B 8,953,803,264 (files 69367453345, 61790051787), Qwen3.6-27B 26,895,998,464 (file
    56873454563) and Nemotron-3-Nano-30B-A3B 31,577,940,288 (llama-bench's model_n_params for unsloth's IQ4_XS, file
    58091926432; Nemotron-Cascade-2-30B, the same architecture, file 56068187102). The HF API's Nano total,
    31,577,937,344 (file 69468411049), is 2,944 lower (23 MoE layers x 128: its F32 part is 3,072 elements, a public
    exemption note, file 70996086306); not read why, and llama.cpp's count of the same checkpoint is the one held."""
    assert _total("qwen3.5-0.8b") == 752_393_024
    assert _total("qwen3.5-9b") == 8_953_803_264
    assert _total("qwen3.6-27b") == _total("qwen3.5-27b") == 26_895_998_464
    assert _total("nemotron-3-nano-30b-a3b") == _total("nemotron-3.5-lightning-30b-a3b") == 31_577_940_288


def _fp8_block_scales(config: dict[str, object]) -> int:
    """One float32 scale per 128 x 128 block of every FP8 matrix of MiniMax-M2's layers (quantization_config
    weight_block_size [128, 128]; the router `gate`, e_score_correction_bias and lm_head stay unquantized): q, k, v,
    o and each expert's w1, w2, w3."""
    h = int(str(config["hidden_size"]))
    q = int(str(config["num_attention_heads"])) * int(str(config["head_dim"]))
    kv = int(str(config["num_key_value_heads"])) * int(str(config["head_dim"]))
    width = int(str(config["intermediate_size"]))

    def blocks(rows: int, cols: int) -> int:
        return math.ceil(rows / 128) * math.ceil(cols / 128)

    attention = blocks(q, h) + 2 * blocks(kv, h) + blocks(h, q)
    experts = int(str(config["num_local_experts"])) * (2 * blocks(width, h) + blocks(h, width))
    return int(str(config["num_hidden_layers"])) * (attention + experts)


def test_minimax_m2_5_api_total_holds_its_fp8_block_scales() -> None:
    """MiniMaxAI/MiniMax-M2.5's HF API total, 228,703,644,928, is 13,880,064 above M2's and M2.7's 228,689,764,864
    (file 69468411049; round 41 saw it and left it). Not a weight the model has: it is one float32 scale per 128 x 128
    block of each FP8 matrix (62 layers x (2,688 attention + 256 x 864 expert blocks) = 62 x 223,872), which M2.5's
    API count includes and M2's and M2.7's do not. M2.5 has M2's architecture (its config copy imports to the same
    count), so the counter stays."""
    config = json.loads((CONFIGS / "minimax-m2.5.json").read_text())
    assert _total("minimax-m2.5") == _total("minimax-m2.7") == 228_689_764_864
    assert count_params(load_hf_config(CONFIGS / "minimax-m2.5.json")).total == 228_689_764_864
    assert _total("minimax-m2.5") + _fp8_block_scales(config) == 228_703_644_928


def test_gpt_oss_counts_its_sinks_and_router_biases() -> None:
    """GptOssAttention keeps `sinks`, one learned logit per query head, and GptOssTopKRouter a bias beside its weight,
    one value per expert (transformers models/gpt_oss). HF API totals: openai/gpt-oss-20b 20,914,757,184 and
    gpt-oss-120b 116,829,156,672 (files 69468411049, 70911651117). Before: 2,304 (24 x (64 + 32)) and 6,912
    (36 x (64 + 128)) short. The importer sets both from the model type."""
    assert _total("gpt-oss-20b") == 20_914_757_184
    assert _total("gpt-oss-120b") == 116_829_156_672
    model = MODELS["gpt-oss-20b"]
    assert model.moe is not None
    config = {
        "model_type": "gpt_oss",
        "hidden_size": model.hidden_size,
        "num_hidden_layers": model.num_layers,
        "num_attention_heads": model.num_attention_heads,
        "num_key_value_heads": model.num_kv_heads,
        "head_dim": model.head_dim,
        "intermediate_size": model.moe.expert_intermediate_size,
        "num_local_experts": model.moe.num_experts,
        "num_experts_per_tok": model.moe.experts_per_token,
        "vocab_size": model.vocab_size,
        "max_position_embeddings": model.max_context,
        "sliding_window": model.sliding_window,
        "tie_word_embeddings": False,
    }
    imported = arch_from_hf_config(config, "gpt-oss-20b.json")
    assert imported.attention_sinks and imported.moe is not None and imported.moe.router_bias
    assert count_params(imported).total == 20_914_757_184


def test_deepseek_v3_2_api_total_holds_the_lightning_indexers_the_record_does_not_count() -> None:
    """deepseek-ai/DeepSeek-V3.2's HF API total, 685,355,329,792 (file 69468411049), is the count plus the MTP module
    and 62 lightning indexers (61 layers and the MTP layer's: wq_b 1,536 -> 64 x 128, wk 7,168 -> 128, the keys'
    LayerNorm weight and bias, weights_proj 7,168 -> 64; DeepSeek-V3.2-Exp's Indexer). The record does not set
    dsa_indexer (its cache and speed terms would move with it), so its count is 61 x 13,959,424 = 851,524,864 weights
    (0.13 %) under the checkpoint's text weights: known, said here, left for the estimators' owners."""
    model = MODELS["deepseek-v3.2"]
    h, q_rank, heads, dim = model.hidden_size, 1536, 64, 128
    assert model.mla is not None and model.mla.q_lora_rank == q_rank and model.dsa_indexer is None
    indexer = q_rank * heads * dim + h * dim + 2 * dim + h * heads
    mtp = mtp_module_params(model, own_embedding=True)
    assert _total("deepseek-v3.2") + mtp + (model.num_layers + 1) * indexer == 685_355_329_792
