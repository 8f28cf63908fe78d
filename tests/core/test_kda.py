"""Kimi Delta Attention (KDA) as a layer kind: its weights, its fixed state and the cache it saves, held to the modeling
code and to what Moonshot published for Kimi Linear 48B-A3B.

Config copy: tests/data/configs/kimi-linear-48b-a3b.json (sources in tests/data/configs/SOURCES.md). Tensor lists:
HF transformers models/glm5_next (Glm5NextTextLinearAttention, Glm5NextTextForgetGate; stored-corpus file 57716437800)
and Kimi Linear's KimiDeltaAttention (modeling_kimi.py), the same tensors; the state as Glm5NextTextLinearAttention
caches it (`update_recurrent_state(last_recurrent_state.to(torch.float32))`, `update_conv_state` keeping kernel - 1
inputs of q, k and v).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.common.errors import ModelImportError
from configurator.core.estimate.gguf import gguf_bytes
from configurator.core.estimate.kv import kda_state_bytes, kv_cache_bytes
from configurator.core.estimate.params import (
    count_params,
    dsa_indexer_params,
    hyper_connection_params,
    kda_layer_params,
)
from configurator.core.importers.model_import import arch_from_hf_config, load_hf_config
from configurator.storage import catalogs
from tests.helpers import run_cli

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"
KIMI = CONFIGS / "kimi-linear-48b-a3b.json"
MODELS = {m.id: m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)}


def test_kimi_linear_layers_are_read_one_based() -> None:
    """linear_attn_config numbers Kimi Linear's layers from 1 (full_attn_layers [4, 8, ..., 24, 27]): 7 MLA layers at
    0-based 3, 7, ..., 23, 26 and 20 KDA layers (modeling_kimi.py's is_kda_layer tests layer_idx + 1)."""
    m = load_hf_config(KIMI)
    assert m.kda is not None and m.mla is not None
    assert m.kda.full_attention_layers == (3, 7, 11, 15, 19, 23, 26)
    assert (m.attention_layers, m.recurrent_layers) == (7, 20)
    assert [m.is_full_attention_layer(i) for i in (0, 3, 4, 26)] == [False, True, False, True]


def test_a_kda_layer_counts_the_modeling_codes_tensors() -> None:
    """One Kimi Linear KDA layer (hidden 2304, 32 heads of 128, conv 4), tensor by tensor."""
    m = load_hf_config(KIMI)
    h, heads, d, qkv = 2304, 32, 128, 32 * 128
    tensors = {
        "q_proj, k_proj, v_proj": 3 * h * qkv,
        "q/k/v conv1d (depthwise, no bias)": 3 * qkv * 4,
        "f_a_proj": h * d,
        "f_b_proj": d * qkv,
        "dt_bias": qkv,
        "A_log": heads,
        "b_proj": h * heads,
        "g_a_proj": h * d,
        "g_b_proj": d * qkv,
        "o_norm": d,
        "o_proj": qkv * h,
    }
    assert kda_layer_params(m) == sum(tensors.values()) == 39_514_272


def test_kimi_linear_counts_to_its_published_size() -> None:
    """Moonshot (github.com/MoonshotAI/Kimi-Linear README, read 2026-12-06): '48B total, 3B activated'. The count,
    49,122,681,728, is exactly the Hugging Face API's `safetensors.total` for moonshotai/Kimi-Linear-48B-A3B-Instruct
    (a public model survey that read the API on 2026-09-16, stored-corpus file 69615480373), with the 26 MoE routers'
    e_score_correction_bias (26 x 256 = 6,656, KimiMoEGate's parameter; without them the count fell short by exactly
    that); 98.25 GB in BF16, 91.5 GiB: the '92GB total (20 safetensors files)' a user's setup notes give for the
    download (stored corpus; du -h's GiB, rounded up)."""
    c = count_params(load_hf_config(KIMI))
    assert c.total == 49_122_681_728
    assert c.total - 26 * 256 == 49_122_675_072  # round 39's count, before the routers' biases
    assert math.ceil(2 * c.total / 2**30) == 92  # du -h rounds up
    assert abs(c.total / 48e9 - 1) < 0.03
    assert round(c.active / 1e9) == 3


def test_kda_state_is_fixed_and_the_cache_grows_by_the_mla_layers_only() -> None:
    """Per sequence, 20 KDA layers x (32 x 128 x 128 fp32 + 3 x 4096 x 3 bf16 conv inputs) whatever the context; per
    token, 7 MLA layers x (512 + 64) x 2 B. Moonshot's README: KDA 'reduces the need for large KV caches by up to 75%'
    (7 of 27 layers keep one: 74 % less)."""
    m = load_hf_config(KIMI)
    assert kda_state_bytes(m, 1) == 20 * (32 * 128 * 128 * 4 + 3 * 4096 * 3 * 2) == 43_417_600
    grow = kv_cache_bytes(m, 2000, 1, 2.0, "vllm") - kv_cache_bytes(m, 1000, 1, 2.0, "vllm")
    assert grow == 1000 * 7 * (512 + 64) * 2
    assert kv_cache_bytes(m, 1000, 3, 2.0, "vllm") == 3 * kv_cache_bytes(m, 1000, 1, 2.0, "vllm")
    all_mla = m.model_copy(update={"kda": None})
    saved = 1 - grow / (kv_cache_bytes(all_mla, 2000, 1, 2.0, "vllm") - kv_cache_bytes(all_mla, 1000, 1, 2.0, "vllm"))
    assert saved == pytest.approx(20 / 27) and 0.7 < saved <= 0.75


def test_the_gguf_estimate_carries_the_kda_layers() -> None:
    """llama.cpp's kimi_linear GGUF: the KDA tensors at the file's default type (as the Gated DeltaNet's), so a Q8_0
    file's attention part weighs the MLA and KDA weights at 8.5 bits."""
    m = load_hf_config(KIMI)
    attention = gguf_bytes(m, "q8_0").attention
    kda = 20 * kda_layer_params(m)
    assert attention == pytest.approx(count_params(m).attention * 8.5 / 8, rel=0.01)
    assert attention > kda * 8.5 / 8


def test_layer_lists_that_do_not_cover_the_model_are_refused() -> None:
    config = json.loads(KIMI.read_text())
    config["linear_attn_config"] = {**config["linear_attn_config"], "kda_layers": [1, 2, 3], "full_attn_layers": [4]}
    with pytest.raises(ModelImportError, match="do not name each of the 27 layers once"):
        arch_from_hf_config(config, "kimi bad lists")
    zero_based = json.loads(KIMI.read_text())
    zero_based["linear_attn_config"] = {
        **zero_based["linear_attn_config"],
        "full_attn_layers": [3, 7, 11, 15, 19, 23, 26],
        "kda_layers": [i for i in range(27) if i not in (3, 7, 11, 15, 19, 23, 26)],
    }
    assert arch_from_hf_config(zero_based, "0-based").kda == load_hf_config(KIMI).kda  # GLM-5.3-Flash numbers from 0


def test_kimi_k3_and_full_rank_gates_are_refused_by_name() -> None:
    """Kimi K3's text stack is also kimi_linear: its block attention residuals, wider routed experts and full-rank
    forget gate are not the layers counted here, so it is refused naming them."""
    config = json.loads(KIMI.read_text())
    k3 = {**config, "attn_res_block_size": 12, "routed_expert_hidden_size": 3584}
    k3["linear_attn_config"] = {**config["linear_attn_config"], "use_full_rank_gate": True}
    with pytest.raises(ModelImportError) as refused:
        arch_from_hf_config(k3, "k3")
    message = str(refused.value)
    assert "block attention residuals" in message and "full-rank KDA forget gate" in message


# GLM-5.3-Flash: the checkpoint as a public audit read all 76,108 tensor headers of its 62 shards (stored-corpus file
# 68591256618, against zai-org/GLM-5.3-Flash's config.json, model.safetensors.index.json and transformers'
# models/glm5_next/modeling_glm5_next.py; reviewed 2026-09-13): total weights, per-layer attention and the MTP / vision parts.
GLM_CHECKPOINT_WEIGHTS = 321_323_031_390
GLM_MTP_LAYER = 7_432_592_416  # layer 45
GLM_VISION = 563_627_008  # the `visual` namespace
GLM_ROUTER_BIASES = 42 * 288  # e_score_correction_bias of each MoE layer's router, counted since round 40


def _glm() -> ModelArch:
    return load_hf_config(CONFIGS / "glm-5.3-flash.json")


def test_glm_5_3_flash_counts_to_its_checkpoint() -> None:
    """The text stack's count plus what ships beside it equals the shard headers' total to the weight; Z.ai's README
    says '18B active / 320B total'."""
    c = count_params(_glm())
    assert c.total == 313_326_799_870 + GLM_ROUTER_BIASES
    assert c.total + GLM_MTP_LAYER + GLM_VISION == GLM_CHECKPOINT_WEIGHTS
    # the audit's 17,376,348,990 a token counts the routers' biases and leaves the norms (45 x 2 x 4096 + 4096) out
    assert c.active - (45 * 2 * 4096 + 4096) == 17_376_348_990
    assert round(c.active / 1e9) == 17 and round((c.total + GLM_MTP_LAYER + GLM_VISION) / 1e9) == 321


def test_glm_5_3_flash_layers_count_as_the_audit_reads_them() -> None:
    """Per layer: KDA attention 137,732,288; MLA (no rotary key) with its indexer 124,914,432, the indexer 7,471,872;
    the two mHC hyper-connections of a layer, hc_attn_fn [24, 16384] with base [24] and scale [3] each."""
    m = _glm()
    assert kda_layer_params(m) == 137_732_288
    assert dsa_indexer_params(m) == 7_471_872
    mla = 1536 * (4096 + 1 + 64 * 256) + 4096 * 512 + 512 + 512 * 64 * 512 + 64 * 256 * 4096
    assert mla + dsa_indexer_params(m) == 124_914_432
    assert hyper_connection_params(m) == 45 * 2 * (24 * 16384 + 24 + 3)
    assert (m.attention_layers, m.recurrent_layers) == (11, 34)


def test_glm_5_3_flash_cache_and_state() -> None:
    """Per token: 11 MLA layers x 512 latent values (no rotary key) plus the indexer's cache; per sequence 34 KDA layers
    x (64 x 128 x 128 fp32 + 3 x 8192 x 3 bf16 conv inputs), whatever the context. fp32 is vLLM's own reading too
    (vllm-project/vllm mamba_utils.py @02d71083, `kda_state_dtype`: (model dtype, torch.float32)), not the 78.0 MB of
    BF16 state a public sizing ledger had given for vLLM (a patched build's: a capacity-experiment patch read in the
    stored corpus swaps that torch.float32 for float16)."""
    m = _glm()
    assert kda_state_bytes(m, 1) == 34 * (64 * 128 * 128 * 4 + 3 * 8192 * 3 * 2) == 147_619_840

    def per_token(engine: str) -> float:
        return (kv_cache_bytes(m, 2000, 1, 2.0, engine) - kv_cache_bytes(m, 1000, 1, 2.0, engine)) / 1000

    assert per_token("vllm") == 11 * (512 * 2 + 132 / 4)  # an FP8 indexer key + scale per pool of 4 tokens
    assert per_token("transformers") == 11 * (64 * (256 + 256) * 2 + (2 * 128 + 1) * 2)  # HF's packed k, gate, valid


def test_glm_5_3_flash_record_is_its_config() -> None:
    record = MODELS["glm-5.3-flash"]
    imported = _glm()
    for field in ("num_layers", "hidden_size", "num_attention_heads", "head_dim", "intermediate_size", "vocab_size"):
        assert getattr(record, field) == getattr(imported, field), field
    for field in ("moe", "mla", "kda", "dsa_indexer", "hyper_connections", "tie_embeddings", "max_context"):
        assert getattr(record, field) == getattr(imported, field), field
    assert record.params_total_b == pytest.approx(count_params(record).total / 1e9, abs=5e-4)
    assert gguf_bytes(record, "q8_0").attention == pytest.approx(count_params(record).attention * 8.5 / 8, rel=0.02)


def test_mhc_outside_deepseek_v4_and_glm_is_refused() -> None:
    config = {**json.loads(KIMI.read_text()), "hc_mult": 4}
    with pytest.raises(ModelImportError, match=r"mHC hyper-connections \(hc_mult 4\) outside DeepSeek-V4 and GLM"):
        arch_from_hf_config(config, "kimi with mHC")


def test_deepseek_v4_1_flash_refusal_names_the_missing_engram_fields() -> None:
    with pytest.raises(ModelImportError) as refused:
        load_hf_config(CONFIGS / "deepseek-v4.1-flash.json")
    message = str(refused.value)
    assert "no engram_num_embeddings, engram_head_dim, engram_n_heads in the config" in message
    assert "written by layers [2, 8, 14, 20] only and read by the rest" in message


def test_the_cli_estimates_kimi_linear(tmp_path: Path) -> None:
    run = run_cli("estimate", "--model-config", str(KIMI), "--workload", "inference", "--json")
    assert run.code == 0, run.err
    assert "Traceback" not in run.err


def test_the_cache_step_names_the_indexer_keys_in_both_languages() -> None:
    """GLM-5.3-Flash's bytes a token and layer hold the indexer's keys beside the MLA latent, and the step says so."""
    from configurator.core.common.reasons import Reason
    from configurator.core.report import words

    run = run_cli(
        "estimate",
        "--model",
        "glm-5.3-flash",
        "--workload",
        "inference",
        "--engine",
        "vllm",
        "--gpu",
        "h200-sxm",
        "--gpus",
        "8",
        "--explain",
    )
    assert run.code == 0, run.err
    assert "1057 bytes per token per layer (MLA latent and indexer keys, fp16) x 11 attention layers" in run.out
    assert "34 linear-attention layers keep a fixed state" in run.out
    said = Reason.of(
        "est.kv",
        per_token=1057.0,
        attention="MLA+indexer",
        heads=64,
        kv_heads=64,
        kv="fp16",
        layers=11,
        context=4096,
        batch=1,
        window=None,
        window_layers=45,
        recurrent=34,
        mamba=False,
        state_gib=0.14,
        twice=None,
        gib=0.18,
    )
    with words.language("zh_CN"):
        assert "MLA 潜在向量与索引器键" in words.say(said)
