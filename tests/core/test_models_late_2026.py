"""Models released July-November 2026 that people run locally, held to their own checkpoints and published GGUF files.

Tencent Hy3 (July 2026) and IBM Granite 4.2 30B (August 2026): each catalog record matches its config.json copy
(tests/core/test_models_2026.py RECORDS; sources in tests/data/configs/SOURCES.md). Here the importer's count from
those values is held to the checkpoint's own tensor count, and the GGUF estimate to the published file sizes, neither
of which the config copies were read from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.common.errors import ModelImportError
from configurator.core.estimate.estimator import kv_cache_bytes
from configurator.core.estimate.gguf import gguf_bytes
from configurator.core.estimate.params import count_params
from configurator.core.importers.model_import import arch_from_hf_config, load_hf_config
from configurator.storage import catalogs
from tests.helpers import run_cli

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"
MODELS = {m.id: m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)}


def _gguf_gb(model_id: str, ftype: str) -> float:
    found = gguf_bytes(MODELS[model_id], ftype)
    return (found.embedding + found.lm_head + found.attention + found.dense_mlp + found.experts) / 1e9


def test_hy3_counted_to_the_checkpoint() -> None:
    """tencent/Hy3's BF16 safetensors hold 298,786,140,416 weights (Hugging Face API, as a public model sheet quotes
    it: 597,572,342,272 bytes in the index, stored-corpus file 57352806012), the 295B body plus one MTP layer. The MTP
    layer is a decoder layer of the same config (attention, router, 192 experts and the shared one, two norms) with an
    eh_proj of 2 x 4096 x 4096 and three norms. The importer leaves out the QK-norm weights (2 x 128 a layer). The
    count holds the 79 routers' expert biases (moe_router_enable_expert_bias, 192 each), which the BF16 total does not:
    the sum agrees to the weight without them, so they are stored in another dtype (as Nemotron 3 Super's 'F32 routing
    buffers' are, outside its BF16 total; Hy3's own dtype for them not read)."""
    model = load_hf_config(CONFIGS / "hy3.json")
    assert model.moe is not None and model.moe.shared_experts == 1 and model.moe.first_dense_layers == 1
    hidden, heads, kv, dim = model.hidden_size, model.num_attention_heads, model.num_kv_heads, model.head_dim
    attention = 2 * hidden * heads * dim + 2 * hidden * kv * dim + 2 * dim + 2 * hidden
    experts = (model.moe.num_experts + model.moe.shared_experts) * 3 * hidden * model.moe.expert_intermediate_size
    mtp = attention + model.moe.num_experts * hidden + experts + 2 * hidden * hidden + 3 * hidden
    assert model.qk_norm == "head"  # config qk_norm: q and k RMSNorm over head_dim, in the count since arch41
    router_biases = (model.num_layers - 1) * model.moe.num_experts
    assert count_params(model).total - router_biases + mtp == 298_786_140_416
    assert count_params(model).total / 1e9 == pytest.approx(295.0, abs=0.05)  # the model card's "295B"
    assert count_params(model).active / 1e9 == pytest.approx(21.0, rel=0.02)  # "Activated: 21B"


def test_granite_4_2_30b_counted_to_the_checkpoint() -> None:
    """ibm-granite/granite-4.2-30b at 9e668ce1: BF16 29,276,770,304 weights (Hugging Face API = index total_size
    58,553,540,608 / 2, as the model sheet in tests/data/configs/SOURCES.md quotes it), every one a config shape."""
    assert count_params(load_hf_config(CONFIGS / "granite-4.2-30b.json")).total == 29_276_770_304


def test_granite_4_2_30b_gguf_weighs_what_ibm_published() -> None:
    """IBM's own GGUF repository (huggingface.co/ibm-granite/granite-4.2-30b-GGUF, as a local-model table lists it,
    stored-corpus file 70867462860): Q3_K_M 14.1 GB, Q4_K_M 17.7 GB. Held out: no GGUF constant was fitted on it."""
    assert _gguf_gb("granite-4.2-30b", "q4_k_m") == pytest.approx(17.7, abs=0.1)
    assert _gguf_gb("granite-4.2-30b", "q3_k_m") == pytest.approx(14.1, abs=0.1)


def test_hy3_gguf_weighs_what_the_community_file_weighs() -> None:
    """A community Q4_K_M of Hy3 (vcruz305/Hy3-GGUF, 'Q4_K_M 181GB', measured by the model sheet's verifier on
    2026-07-13, stored-corpus file 57352806012) keeps the MTP layer, about 3.75B weights, 2.3 GB at that mix, which
    the catalog does not count: the estimate of the 80 layers reads about 1.3 % under the file."""
    estimate = _gguf_gb("hy3", "q4_k_m")
    assert estimate == pytest.approx(181 - 2.3, rel=0.01)
    assert estimate < 181


def test_full_attention_caches_grow_as_published() -> None:
    """Every layer of both models is full GQA attention: 2 (K, V) x layers x KV heads x 128 x 2 bytes a token. Granite
    4.2 30B at 256 KiB a token as a public long-context table lists it (stored-corpus file 71378196751); Hy3 at
    80 x 8 x 128 x 2 x 2 = 320 KiB."""
    tokens = 4096
    assert kv_cache_bytes(MODELS["granite-4.2-30b"], tokens, 1, 2.0, "vllm") / tokens / 1024 == 256
    assert kv_cache_bytes(MODELS["hy3"], tokens, 1, 2.0, "vllm") / tokens / 1024 == 320


# Two of the most-run models of August-September 2026 declare layer kinds the estimator has no term for (the third,
# GLM-5.3-Flash, is sized since round 39: tests/core/test_kda.py). Each config
# copy is named in tests/data/configs/SOURCES.md; the importer refuses it naming those layers, never sizing it with the
# nearest supported family's reading (DeepSeek-V4, Qwen3-Next, GLM-5).
REFUSED = {
    "deepseek-v4.1-flash.json": ("DeepSeek-V4.1-Flash", ("Engram n-gram memory", "shared across layers")),
    "qwen3.8-flash-next.json": ("Qwen3.8-Flash-Next", ("n-gram embedding tables", "qwen_sparse_attention")),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_late_2026_layer_kinds_are_refused_by_name(name: str) -> None:
    release, kinds = REFUSED[name]
    with pytest.raises(ModelImportError) as refused:
        load_hf_config(CONFIGS / name)
    message = str(refused.value)
    assert release in message and "cannot size" in message
    for kind in kinds:
        assert kind in message


def test_a_supported_type_declaring_an_unexpressed_kind_is_refused_too() -> None:
    """DeepSeek-V4-Flash's own config imports (its mHC hc_mult is sized); the same config with V4.1's cross-layer
    KV sharing (kv_source_layer_ids) would be sized as if every layer kept its own pool, so it is refused."""
    config = json.loads((CONFIGS / "deepseek-v4-flash.json").read_text())
    assert arch_from_hf_config(config, "deepseek-v4-flash.json").compressed_attention is not None
    with pytest.raises(ModelImportError, match=r"model_type 'deepseek_v4' has layers .*written by layers \[2, 8\]"):
        arch_from_hf_config({**config, "kv_source_layer_ids": [2, 8]}, "v4 with shared KV")


def test_the_refusal_is_a_clean_cli_error(tmp_path: Path) -> None:
    """`estimate --model-config` on DeepSeek-V4.1-Flash's config: exit 2, one message naming the layers, no traceback
    (GLM-5.3-Flash's config was this test's until round 39 sized its Kimi Delta Attention)."""
    run = run_cli("estimate", "--model-config", str(CONFIGS / "deepseek-v4.1-flash.json"), "--workload", "inference")
    assert run.code == 2 and "Engram n-gram memory" in run.err and "Traceback" not in run.err


def test_laguna_xs_2_1_counted_to_its_published_size() -> None:
    """poolside Laguna XS 2.1 (July 2026): query heads by layer kind (48 on the 10 full layers, 64 on the 30 sliding
    ones), a per-head output gate, a dense first layer, then 256 experts of 512 top-8 plus a shared one. poolside
    publishes the family as 33B total / 3B activated (its Laguna XS.2 card, the same architecture; a public model sheet
    gives 33.4B, llmrun.dev/model/poolside-laguna-xs-2). The per-head QK norms (2 x 128 a layer) are not counted."""
    model = load_hf_config(CONFIGS / "laguna-xs-2.1.json")
    assert model.num_attention_heads == 64 and model.global_attention is not None
    assert model.global_attention.num_heads == 48 and model.sliding_window_layers == 30
    counts = count_params(model)
    assert counts.total / 1e9 == pytest.approx(33.4, abs=0.05)
    assert counts.active / 1e9 == pytest.approx(3.0, abs=0.05)
    gate = 2048 * (30 * 64 + 10 * 48)  # g_proj: hidden -> one scalar per query head
    ungated = load_hf_config(CONFIGS / "laguna-xs-2.1.json").model_copy(update={"attention_head_gate": False})
    assert counts.total - count_params(ungated).total == gate


def test_laguna_caches_grow_by_its_full_layers_only() -> None:
    """Past the 512-token window only the 10 full layers grow: 10 x 8 KV heads x 128 x K and V x 2 bytes = 40 KiB a
    token at bf16; within the window the 30 sliding layers add their 120 KiB (160 KiB a token at 512 tokens)."""
    model = load_hf_config(CONFIGS / "laguna-xs-2.1.json")
    assert kv_cache_bytes(model, 512, 1, 2.0, "vllm") / 512 / 1024 == 160
    long, longer = (kv_cache_bytes(model, t, 1, 2.0, "vllm") for t in (65_536, 131_072))
    assert (longer - long) / 65_536 / 1024 == 40


def test_laguna_gguf_weighs_what_the_q8_file_weighs() -> None:
    """A Q8_0 GGUF of Laguna XS.2 (the same architecture and shapes as XS 2.1) is 35.6 GB in the size table of a
    public quantization card (poolside-laguna-hackathon/Piscina-XS.2-GGUF, 'Q8_0 (ref) ... 35.6'). Held out: no
    GGUF constant was fitted on it."""
    found = gguf_bytes(load_hf_config(CONFIGS / "laguna-xs-2.1.json"), "q8_0")
    total = found.embedding + found.lm_head + found.attention + found.dense_mlp + found.experts
    assert total / 1e9 == pytest.approx(35.6, abs=0.1)


def test_laguna_layouts_it_cannot_read_are_refused() -> None:
    """Head counts that vary within a layer kind, or another gating, are refused rather than averaged."""
    config = json.loads((CONFIGS / "laguna-xs-2.1.json").read_text())
    uneven = [48 if i % 4 == 0 else 64 for i in range(40)]
    uneven[1] = 32
    with pytest.raises(ModelImportError, match="one count for the full and one for the sliding layers"):
        arch_from_hf_config({**config, "num_attention_heads_per_layer": uneven}, "laguna-xs-2.1.json")
    with pytest.raises(ModelImportError, match="gating 'per-element' is not read"):
        arch_from_hf_config({**config, "gating": "per-element"}, "laguna-xs-2.1.json")


def test_minimax_m2_7_counted_to_the_checkpoint() -> None:
    """The Hugging Face API's safetensors.total for MiniMaxAI/MiniMax-M2.7 is 228,689,764,864 (a public model survey
    that read the API on 2026-09-16, stored-corpus file 69615480373), and llama.cpp's server reports the same count for
    M2.7 GGUFs (public deployment logs of 2026-07-17, files 58229634409 and 58271643091). The count from the config
    copy holds the 62 routers' biases (use_routing_bias, 256 each) and, since arch41, the per-layer QK-norm weights
    (use_qk_norm: q_norm over 48 x 128, k_norm over 8 x 128, as transformers' MiniMaxM2Attention builds them)."""
    model = load_hf_config(CONFIGS / "minimax-m2.7.json")
    assert model.moe is not None and model.moe.router_bias
    assert model.qk_norm == "heads"
    assert count_params(model).total == 228_689_764_864
    assert count_params(MODELS["minimax-m2.7"]).total == 228_689_764_864
    assert MODELS["minimax-m2.7"].params_total_b == pytest.approx(count_params(model).total / 1e9, abs=5e-4)


def test_minimax_m2_7_caches_248_kib_a_token() -> None:
    """Every one of the 62 layers is full attention with 8 KV heads of 128: 248 KiB of bf16 cache a token, the figure
    Raschka's LLM Architecture Gallery gives for MiniMax-M2.5 (the same shapes)."""
    tokens = 4096
    assert kv_cache_bytes(MODELS["minimax-m2.7"], tokens, 1, 2.0, "vllm") / tokens / 1024 == 248


def test_glm_5_2_counted_to_the_checkpoint() -> None:
    """The Hugging Face API's parameter count for zai-org/GLM-5.2 is 753,329,940,480, BF16 but 19,456 F32 (the 76
    routers' e_score_correction_bias, 75 MoE layers and the MTP layer's; a public per-component quantization note that
    read the API, stored-corpus file 55057036064). The config copy quotes GLM-5's sizes but not its MLA ranks and head
    dims, which are GLM-5's (tests/data/configs/glm-5.json, merged here in the open). The count holds the 75 backbone
    routers' biases; the 21 lightning indexers IndexShare keeps (indexer_types 'full': wq_b, wk, the keys' LayerNorm,
    weights_proj) and the MTP layer (a decoder layer with its own indexer, eh_proj and three norms) are added here by
    their tensors: the sum is the checkpoint's count to the weight. The routed experts are the NVFP4 release's 724.78B
    of FP4 experts (the same note)."""
    glm5 = json.loads((CONFIGS / "glm-5.json").read_text())
    quoted = json.loads((CONFIGS / "glm-5.2.json").read_text())
    model = arch_from_hf_config({**glm5, **quoted}, "glm-5.2")
    assert model.moe is not None and model.mla is not None and model.moe.router_bias
    h, heads, dim = model.hidden_size, 32, 128
    indexer = model.mla.q_lora_rank * heads * dim + h * dim + 2 * dim + h * heads  # type: ignore[operator]
    full_indexers = quoted["indexer_types"].count("full")
    assert full_indexers == 21
    moe = model.moe
    mla = model.mla
    attention = (
        h * mla.q_lora_rank  # type: ignore[operator]
        + mla.q_lora_rank  # type: ignore[operator]
        + mla.q_lora_rank * 64 * (mla.qk_nope_head_dim + mla.qk_rope_head_dim)  # type: ignore[operator]
        + h * (mla.kv_lora_rank + mla.qk_rope_head_dim)
        + mla.kv_lora_rank
        + mla.kv_lora_rank * 64 * (mla.qk_nope_head_dim + mla.v_head_dim)
        + 64 * mla.v_head_dim * h
    )
    mtp_moe = h * moe.num_experts + moe.num_experts + (moe.num_experts + 1) * 3 * h * moe.expert_intermediate_size
    mtp = attention + indexer + mtp_moe + 2 * h + 2 * h * h + 3 * h
    counts = count_params(model)
    assert counts.total + full_indexers * indexer + mtp == 753_329_940_480
    assert counts.experts == 724_775_731_200
    record = MODELS["glm-5.2"]
    for field in ("num_layers", "hidden_size", "num_attention_heads", "moe", "mla", "max_context", "vocab_size"):
        assert getattr(record, field) == getattr(model, field), field
    assert record.params_total_b == pytest.approx(counts.total / 1e9, abs=5e-3)
