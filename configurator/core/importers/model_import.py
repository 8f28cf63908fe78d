"""Import a model from a Hugging Face config.json, a GGUF file, a model folder or the HF cache.

Everything is read offline. GGUF and safetensors headers give exact weight bytes without
loading any tensor.
"""

from __future__ import annotations

import builtins
import json
import math
import os
import re
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from configurator.core.catalog.models import (
    MAX_PARAMS_B,
    CompressedAttentionSpec,
    DsaIndexerSpec,
    GlobalAttentionSpec,
    KdaSpec,
    LinearAttentionSpec,
    MambaSpec,
    MlaSpec,
    ModelArch,
    MoeSpec,
)
from configurator.core.common.errors import FileRefusedError, ModelImportError, error_message
from configurator.core.common.fileio import LIMITS, open_regular, read_text_bounded
from configurator.core.importers.gguf_header import LongArray


@dataclass(frozen=True)
class ImportedModel:
    arch: ModelArch
    weight_bytes: int | None = None  # exact, from GGUF or safetensors headers
    file_precision: str | None = None  # e.g. "q4_k_m" or "bf16" as stored


SUPPORTED = (
    "llama",
    "mistral",
    "mixtral",
    "qwen",
    "qwen2",
    "qwen2_moe",
    "qwen3",
    "qwen3_moe",
    "gemma",
    "gemma2",
    "gemma3",
    "gemma3_text",
    "phi3",
    "phi",
    "deepseek_v2",
    "deepseek_v3",
    "chatglm",
    "glm",
    "glm4",
    "yi",
    "baichuan",
    "gpt_neox",
    "opt",
    "llama4",
    "llama4_text",
    "gpt_oss",
    "falcon",
    # 2025-2026 hybrids and MoEs (issue #30)
    "qwen3_next",
    "qwen3_5",
    "qwen3_5_text",
    "qwen3_5_moe",
    "qwen3_5_moe_text",
    "gemma4",
    "gemma4_text",
    "nemotron_h",
    "glm_moe_dsa",
    "kimi_k2",
    # GLM-4.5 / 4.6 / 4.7 and GLM-4.5-Air (Glm4MoeForCausalLM): GQA with q/k/v biases and, where use_qk_norm, head-wide
    # query/key norms; dense leading layers (first_k_dense_replace), then routed experts with shared ones, a biased router
    "glm4_moe",
    "glm4_moe_lite",  # GLM-4.7-Flash: DeepSeek-V3-style MLA and MoE with a dense first layer (vLLM glm4_moe_lite)
    "minimax_m2",
    "deepseek_v4",
    "ministral3",  # the dense text decoder of Mistral 3 releases (Devstral 2, Mistral Medium 3.5): llama-style GQA
    # Granite 4.2 (GraniteForCausalLM): llama-style GQA, SwiGLU, RMSNorm; its attention/embedding/residual multipliers and
    # logits_scaling scale values only, not a tensor's shape
    "granite",
    # Tencent Hy3 (HYV3ForCausalLM): GQA attention on every layer, a dense first layer (first_k_dense_replace), then
    # routed experts with num_shared_experts shared ones (Megatron-Bridge HYV3Bridge; mlx-lm hy_v3)
    "hy_v3",
    # poolside Laguna (LagunaForCausalLM): GQA with query heads per layer kind (num_attention_heads_per_layer), sliding
    # and full layers by layer_types, a per-head softplus output gate (g_proj), a leading dense layer, routed experts
    # with one shared expert
    "laguna",
    # Moonshot Kimi Linear (KimiLinearForCausalLM): Kimi Delta Attention layers (linear_attn_config) beside MLA layers
    # without rotary use, DeepSeek-V3-style MoE with shared experts and a dense first layer (modeling_kimi.py)
    "kimi_linear",
    # Baidu ERNIE 4.5 MoE (Ernie4_5_MoeForCausalLM): GQA, leading dense layers (moe_layer_start_index), routed experts
    # with shared ones, a router that always holds its aux-free balancing bias (transformers models/ernie4_5_moe)
    "ernie4_5_moe",
    # Z.ai GLM-5.3-Flash (Glm5NextForConditionalGeneration's text stack): KDA layers, every fourth an MLA layer without
    # rotary dimensions with a k-pool DSA indexer, mHC residual streams, a dense start then routed experts with one
    # shared (transformers models/glm5_next)
    "glm5_next",
)

_SPEC_PREFIX = {
    "MoeSpec": "moe",
    "MlaSpec": "mla",
    "LinearAttentionSpec": "linear_attention",
    "KdaSpec": "kda",
    "MambaSpec": "mamba",
    "GlobalAttentionSpec": "global_attention",
    "CompressedAttentionSpec": "compressed_attention",
}
_NEMOTRON_BLOCKS = {"mamba": "M", "attention": "*", "moe": "E", "mlp": "-"}


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "imported-model"


class _Reader:
    """Reads keys from a config dict, naming the file and key when one is missing."""

    def __init__(self, data: dict[str, Any], origin: str):
        self.data = data
        self.origin = origin

    def get(self, *keys: str, default: Any = None, required: bool = False) -> Any:
        for key in keys:
            if key in self.data and self.data[key] is not None:
                return self.data[key]
        if required:
            raise ModelImportError(f"{self.origin}: missing key '{keys[0]}' (needed to size the model)")
        return default

    def int(self, *keys: str, default: int | None = None, minimum: int = 1) -> int:
        """A whole number >= minimum (1.0 is accepted, 0.5, NaN, "abc" and true are not)."""
        value = self.get(*keys, default=default, required=default is None)
        key = next((k for k in keys if self.data.get(k) is not None), keys[0])
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or (isinstance(value, float) and not (math.isfinite(value) and value.is_integer()))
        ):
            raise ModelImportError(f"{self.origin}: key '{key}' must be a whole number, got {_short(value)}")
        if value < minimum:
            raise ModelImportError(f"{self.origin}: key '{key}' must be at least {minimum}, got {_short(value)}")
        return int(value)

    def count(self, *keys: str, default: builtins.int = 0) -> builtins.int:
        """An optional whole number that may be 0 (shared experts, leading dense layers)."""
        return self.int(*keys, default=default, minimum=0)


def _short(value: Any) -> str:
    """A value for a message: repr, cut short (a hostile file may put megabytes in one key)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _validation_message(origin: str, exc: ValidationError) -> str:
    """The first pydantic complaint as `file: field: message`, with the allowed range."""
    from configurator.core.catalog.models import field_range

    models: dict[str, type[BaseModel]] = {
        "MoeSpec": MoeSpec,
        "MlaSpec": MlaSpec,
        "LinearAttentionSpec": LinearAttentionSpec,
        "MambaSpec": MambaSpec,
        "GlobalAttentionSpec": GlobalAttentionSpec,
        "CompressedAttentionSpec": CompressedAttentionSpec,
    }
    model = models.get(exc.title, ModelArch)
    prefix = _SPEC_PREFIX.get(exc.title, "")
    first = exc.errors()[0]
    loc = tuple(first["loc"])
    where = ".".join(str(p) for p in ((prefix,) if prefix else ()) + loc) or "config"
    message = error_message(first)
    allowed = field_range(model, loc) if loc else None
    if allowed:
        message = f"{_short(first.get('input'))} is out of range (allowed: {allowed})"
    return f"{origin}: {where}: {message}"


def default_name(origin: str, model_type: str) -> str:
    """A name when the config has none: the file's own name, never its folder's (a folder called
    "gui" or a cache snapshot hash names nothing); a bare config.json says what it is instead."""
    stem = Path(origin).stem
    if stem and stem.lower() not in ("config", "params"):
        return stem
    return f"Imported {model_type} model"


def _text_config(config: dict[str, Any]) -> dict[str, Any]:
    """A multimodal release's text stack, with the keys its wrapper keeps at the top level."""
    if not ("text_config" in config and isinstance(config["text_config"], dict)):
        return config
    merged = dict(config["text_config"])
    merged.setdefault("model_type", config["text_config"].get("model_type", config.get("model_type")))
    # keys a multimodal wrapper keeps at its top level (Qwen3.5 puts mtp_num_hidden_layers there in some releases)
    for key in (
        "tie_word_embeddings",
        "quantization_config",
        "torch_dtype",
        "dtype",
        "mtp_num_hidden_layers",
        "_name_or_path",
    ):
        if key in config and key not in merged:
            merged[key] = config[key]
    return merged


def _moe_spec(r: _Reader, origin: str, model_type: str, intermediate: int) -> MoeSpec | None:
    """The routed and shared experts, when the config has any."""
    experts = r.count("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts")
    if experts:
        moe_width = r.int("moe_intermediate_size", "intermediate_size", default=intermediate)
        if model_type.startswith("llama4"):
            moe_width = r.int("intermediate_size", default=moe_width)
        # Hy3 names it num_shared_experts, ERNIE 4.5 moe_num_shared_experts
        shared = r.count("n_shared_experts", "num_shared_experts", "moe_num_shared_experts")
        shared_width = shared * moe_width if shared else r.count("shared_expert_intermediate_size")
        if shared and r.get("moe_shared_expert_intermediate_size") is not None:
            shared_width = r.count("moe_shared_expert_intermediate_size")  # Nemotron-H names the width itself
        if model_type.startswith("llama4"):
            shared, shared_width = 1, moe_width
        return MoeSpec(
            num_experts=experts,
            experts_per_token=r.int(
                "num_experts_per_tok",
                "num_experts_per_token",  # Kimi Linear
                "experts_per_token",
                "moe_top_k",
                "moe_k",  # ERNIE 4.5
                "top_k_experts",
                default=2,
            ),
            expert_intermediate_size=moe_width,
            shared_experts=shared or (1 if shared_width else 0),
            shared_intermediate_size=shared_width,
            first_dense_layers=r.count("first_k_dense_replace"),
            dense_intermediate_size=intermediate
            if (model_type.startswith("deepseek") and model_type != "deepseek_v4")
            or (
                r.count("first_k_dense_replace")
                and model_type
                in ("glm_moe_dsa", "kimi_k2", "glm4_moe", "glm4_moe_lite", "hy_v3", "kimi_linear", "glm5_next")
            )
            else None,
            moe_layer_step=r.int("interleave_moe_layer_step", "decoder_sparse_step", default=1),
            router_bias=_router_bias(r, model_type),
            # Qwen2-MoE, Qwen3-Next and Qwen3.5 MoE gate their shared expert (HF *SparseMoeBlock.shared_expert_gate)
            shared_expert_gate=model_type in _GATED_SHARED_EXPERT and bool(shared_width),
            latent_size=r.int("moe_latent_size") if r.get("moe_latent_size") is not None else None,
        )
    return None


# Routers whose modeling code registers e_score_correction_bias whatever the config says: transformers'
# Glm4MoeTopkRouter (glm4_moe, and the GLM MoEs built on it), NemotronHTopkRouter, Glm5Next's router, Kimi Linear's
# KimiMoEGate (modeling_kimi.py: `self.e_score_correction_bias = nn.Parameter(...)`), ERNIE 4.5's Ernie4_5_MoeTopKRouter
# (its moe_statics, 1 x experts in fp32)
_BIASED_ROUTERS = (
    "glm4_moe",
    "glm4_moe_lite",
    "glm_moe_dsa",
    "glm5_next",
    "nemotron_h",
    "kimi_linear",
    "ernie4_5_moe",
    "gpt_oss",
)


# the MoE blocks that put a sigmoid gate (Linear(hidden, 1), shared_expert_gate) on their shared expert's output:
# transformers' Qwen2MoeSparseMoeBlock, Qwen3NextSparseMoeBlock and Qwen3_5MoeSparseMoeBlock
_GATED_SHARED_EXPERT = ("qwen2_moe", "qwen3_next", "qwen3_5_moe")
# RMSNorm on queries and keys, one head_dim-wide weight each shared by all heads: transformers' Qwen3Attention (qwen3,
# qwen3_moe) and Qwen3NextAttention (qwen3_next; Qwen3.5's full-attention layers are the same class)
_HEAD_QK_NORM = ("qwen3", "qwen3_moe", "qwen3_next", "qwen3_5", "qwen3_5_moe")
# the same head-wide pair, always built: transformers' Gemma3Attention and Gemma4TextAttention (over the layer's own
# head_dim, global_head_dim on Gemma 4's full layers)
_GEMMA_QK_NORM = ("gemma3", "gemma3_text", "gemma4")
# Gemma 2, 3 and 4 norm both the attention and the MLP outputs as well as their inputs (Gemma2DecoderLayer,
# Gemma3DecoderLayer, Gemma4TextDecoderLayer: input_layernorm, post_attention_layernorm, pre_feedforward_layernorm,
# post_feedforward_layernorm)
_SANDWICH_NORMS = ("gemma2", "gemma3", "gemma3_text", "gemma4")


def _qk_norm(r: _Reader, model_type: str) -> str:
    """Which query/key norm weights the attention layers carry: a head-wide pair (Qwen3 family), or with MiniMax-M2's
    `use_qk_norm` q_norm over heads x head_dim and k_norm over KV heads x head_dim (transformers' MiniMaxM2Attention
    builds them so whatever `qk_norm_type` says; the released configs say per_layer)."""
    if model_type in _HEAD_QK_NORM + _GEMMA_QK_NORM or (model_type == "hy_v3" and r.get("qk_norm") is True):
        return "head"  # Hy3's `qk_norm`: query and key RMSNorm over head_dim (its count to the checkpoint holds them)
    if model_type == "glm4_moe" and r.get("use_qk_norm", default=False) is True:
        return "head"  # Glm4MoeAttention: q_norm and k_norm over head_dim where use_qk_norm (GLM-4.5, not 4.5-Air)
    if model_type == "minimax_m2" and r.get("use_qk_norm", default=False) is True:
        return "heads"
    return "none"


def _norms_per_layer(model_type: str, moe: MoeSpec | None) -> int:
    """Hidden-wide norm weights in each decoder layer: four in Gemma 2/3/4's sandwich; Gemma 4's MoE block adds
    post_feedforward_layernorm_1 and _2, pre_feedforward_layernorm_2 and its router's scale (Gemma4TextDecoderLayer,
    Gemma4TextRouter)."""
    if model_type not in _SANDWICH_NORMS:
        return 2
    return 8 if model_type == "gemma4" and moe is not None else 4


def _router_bias(r: _Reader, model_type: str) -> bool:
    """Whether each MoE router carries a per-expert correction bias: DeepSeek-V3's `topk_method` noaux_tc (DeepSeek-V3
    and V4, Kimi K2), MiniMax-M2's `use_routing_bias`, Hy3's `moe_router_enable_expert_bias`, or a router that always
    has one (gpt-oss's GptOssTopKRouter: a Linear with its bias, one value per expert)."""
    return (
        r.get("topk_method") == "noaux_tc"
        or r.get("use_routing_bias") is True
        or r.get("moe_router_enable_expert_bias") is True
        or model_type in _BIASED_ROUTERS
    )


def _mla_spec(r: _Reader) -> MlaSpec | None:
    """Multi-head latent attention (DeepSeek V2/V3, Kimi K2), when the config has a kv_lora_rank."""
    if not r.get("kv_lora_rank"):
        return None
    q_lora = r.count("q_lora_rank")
    return MlaSpec(
        kv_lora_rank=r.int("kv_lora_rank"),
        q_lora_rank=q_lora or None,
        qk_rope_head_dim=r.int("qk_rope_head_dim", minimum=0),  # 0: GLM-5.3-Flash's MLA keeps no rotary key
        qk_nope_head_dim=r.int("qk_nope_head_dim"),
        v_head_dim=r.int("v_head_dim"),
    )


def _sliding_window(r: _Reader, model_type: str, layers: int) -> tuple[int | None, int | None]:
    """The sliding window and how many layers use it (the config's layer types, or the family's pattern)."""
    window = r.get("sliding_window")
    if r.get("use_sliding_window") is False or isinstance(window, bool) or not isinstance(window, int) or window <= 0:
        window = None
    window_layers = None
    layer_types = r.get("layer_types")
    pattern = r.get("sliding_window_pattern")
    if window and isinstance(layer_types, list) and "sliding_attention" in layer_types:
        window_layers = layer_types.count("sliding_attention")  # the config names each layer's kind
    elif window and isinstance(pattern, list) and len(pattern) == layers and all(isinstance(p, bool) for p in pattern):
        window_layers = pattern.count(True)  # GGUF attention.sliding_window_pattern: one flag per layer, true slides
    elif window and model_type in SLIDING_PERIODS:
        period = r.int("sliding_window_pattern", default=SLIDING_PERIODS[model_type])
        window_layers = layers - layers // period  # every period-th layer attends to the whole context
    return window, window_layers


SLIDING_PERIODS = {"gemma2": 2, "gemma3": 6, "gemma3_text": 6, "gpt_oss": 2}
"""Every n-th layer full, the others sliding, where a file names only the window: Gemma 2 alternates, Gemma 3 keeps one
full layer in six (HF Gemma3TextConfig sliding_window_pattern 6), gpt-oss alternates. llama.cpp reads the same
periods when a GGUF has no attention.sliding_window_pattern (src/llama-model.cpp: gemma2 and gemma3
`set_swa_pattern(2)` / `(6)`; src/models/openai-moe.cpp @069be0ae: `swa_period = 2`, then get_key_or_arr of the
pattern key); its set_swa_pattern(n) makes layer il slide when il % n < n - 1 (src/llama-hparams.cpp), layers - layers
// n of them."""


# Layer kinds a late-2026 config declares that the estimator has no term for, each with the key that declares it. A
# config carrying one is refused, naming what it declares, whatever its model_type: sizing such a model with the
# nearest supported reading (DeepSeek-V4's per-layer pools, Qwen3-Next's DeltaNet, GLM-5's DSA) would guess its weights or
# its cache (docs/estimates.md, round 38 models38).
_UNEXPRESSED_KEYS: tuple[tuple[str, Callable[[Any], str]], ...] = (
    # DeepSeek-V4.1-Flash's CSA2: a few layers write the compressed KV the others read (and index_source_layer_ids run
    # the indexer, a candidate filter at one layer): no cache term shares one pool among layers
    (
        "kv_source_layer_ids",
        lambda v: (
            f"a compressed KV cache shared across layers (written by layers {_short(v)} only and read by the "
            "rest: no shared-pool cache term)"
        ),
    ),
    # Qwen3.8-Flash-Next (qwen4_exp_text): n-gram embedding tables beside the decoder, read on the ple_layer_ids layers
    (
        "ngram_vocab_size_base",
        lambda v: f"n-gram embedding tables (ngram_vocab_size_base {_short(v)}) beside the layers",
    ),
    # Qwen3.8-Flash-Next's QSA: block-sparse attention with its own compressed indexer cache
    ("indexer_compress_ratio", lambda v: f"sparse attention with a compressed indexer cache (ratio {_short(v)})"),
    # Kimi K3 (kimi_linear text stack): block attention residuals and routed experts at their own width
    ("attn_res_block_size", lambda v: f"block attention residuals (attn_res_block_size {_short(v)})"),
    (
        "routed_expert_hidden_size",
        lambda v: f"routed experts at their own width (routed_expert_hidden_size {_short(v)})",
    ),
)
# layer kinds named in layer_types that no estimator term covers (Qwen3.8-Flash-Next's QSA layers)
_UNEXPRESSED_LAYER_KINDS = ("qwen_sparse_attention",)
# the late-2026 model types, by the release that introduced them, so a refusal names the model a user tried to import
_UNEXPRESSED_TYPES = {
    "deepseek_v41": "DeepSeek-V4.1-Flash",
    "deepseek_v41_text": "DeepSeek-V4.1-Flash",
    "qwen4_exp": "Qwen3.8-Flash-Next",
    "qwen4_exp_text": "Qwen3.8-Flash-Next",
}


def _kda_shape(config: Any) -> str:
    """Kimi Delta Attention's heads and their width, as linear_attn_config gives them."""
    if not isinstance(config, dict):
        return f"linear_attn_config {_short(config)}"
    return f"{_short(config.get('num_heads'))} heads of {_short(config.get('head_dim'))}"


def _engram_kind(r: _Reader) -> str:
    """DeepSeek-V4.1-Flash's Engram tables: hashed n-gram rows looked up (not multiplied) on a few layers. Their weights
    need every table's rows and width; the bytes a token reads, the rows it hits; neither has an estimator term."""
    rows, width = r.get("engram_num_embeddings"), r.get("engram_head_dim")
    missing = [key for key in ("engram_num_embeddings", "engram_head_dim", "engram_n_heads") if r.get(key) is None]
    size = f"rows {_short(rows)} of width {_short(width)}" if not missing else f"no {', '.join(missing)} in the config"
    return (
        f"Engram n-gram memory tables (engram_max_ngram_size {_short(r.get('engram_max_ngram_size'))}, {size}): "
        "looked-up rows with no term for their memory or the rows a token reads"
    )


def _unexpressed_kinds(r: _Reader, model_type: str) -> list[str]:
    """The layer kinds this config declares that the estimator cannot size, in the words of its own keys."""
    kinds = [text(r.get(key)) for key, text in _UNEXPRESSED_KEYS if r.get(key) is not None]
    if r.get("engram_max_ngram_size") is not None:
        kinds.insert(0, _engram_kind(r))
    hc_mult = r.get("hc_mult")
    if model_type not in ("deepseek_v4", "glm5_next") and isinstance(hc_mult, int) and hc_mult > 1:
        # mHC is sized as DeepSeek-V4's compressed attention and GLM-5.3-Flash keep it; another family's reading is not
        kinds.append(f"mHC hyper-connections (hc_mult {hc_mult}) outside DeepSeek-V4 and GLM-5.3-Flash")
    linear = r.get("linear_attn_config")
    if isinstance(linear, dict) and linear.get("use_full_rank_gate"):
        # Kimi K3's KDA: a full-rank forget gate, not the low-rank f_a / f_b pair the KDA term counts
        kinds.append("a full-rank KDA forget gate (linear_attn_config use_full_rank_gate)")
    if r.get("mla_use_output_gate"):
        kinds.append("a gated MLA output (mla_use_output_gate)")
    layer_types = r.get("layer_types")
    if isinstance(layer_types, list):
        for kind in _UNEXPRESSED_LAYER_KINDS:
            if layer_types.count(kind):
                kinds.append(f"{layer_types.count(kind)} layer(s) of kind {kind!r} in layer_types")
    return kinds


def _refuse_unexpressed(r: _Reader, origin: str, model_type: str) -> None:
    """Refuse a config whose layers the estimator cannot express, naming them, rather than size it by a guess."""
    kinds = _unexpressed_kinds(r, model_type)
    release = _UNEXPRESSED_TYPES.get(model_type)
    if not kinds and release is None:
        return
    who = f"{release} (model_type {model_type!r})" if release else f"model_type {model_type!r}"
    declared = "; ".join(kinds) if kinds else "none of its layer kinds was found in this config's keys"
    if r.get("linear_attn_config") is not None and "full-rank" not in declared:
        declared += f" (its Kimi Delta Attention layers, {_kda_shape(r.get('linear_attn_config'))}, are sized)"
    raise ModelImportError(
        f"{origin}: {who} has layers the estimator cannot size: {declared}. Not imported: its weights and cache "
        "would be a guess"
    )


def _model_type(r: _Reader, origin: str) -> str:
    """The config's model_type, a multimodal text stack's as its architecture's; a type not supported is refused."""
    model_type = str(r.get("model_type", default="")).lower()
    # the text stack of a multimodal release names itself *_text (Qwen3.5, Gemma 4): the same architecture
    model_type = {
        "qwen3_5_text": "qwen3_5",
        "qwen3_5_moe_text": "qwen3_5_moe",
        "gemma4_text": "gemma4",
        "glm5_next_text": "glm5_next",
    }.get(model_type, model_type)
    _refuse_unexpressed(r, origin, model_type)
    if model_type not in SUPPORTED:
        known = ", ".join(SUPPORTED)
        raise ModelImportError(f"{origin}: unsupported model_type {model_type or '(missing)'!r}; supported: {known}")
    return model_type


def _geometry(r: _Reader, origin: str, model_type: str) -> tuple[int, int, int, int, int]:
    """Hidden size, layers, attention heads, KV heads and head dimension."""
    hidden = r.int("hidden_size", "n_embd", "d_model")
    layers = r.int("num_hidden_layers", "num_layers", "n_layer")
    heads = r.int("num_attention_heads", "n_head")
    kv_heads = heads
    if model_type in ("chatglm", "glm") and r.get("multi_query_attention", default=False):
        kv_heads = r.int("multi_query_group_num")
    else:
        kv_heads = r.int("num_key_value_heads", "num_kv_heads", default=heads)
    if r.get("head_dim", "kv_channels") is not None:
        head_dim = r.int("head_dim", "kv_channels")
    elif hidden % heads and not r.get("kv_lora_rank"):
        # without head_dim the checkpoint splits hidden_size evenly among the heads (latent attention sets its own
        # head_dim from qk_nope + qk_rope below: GLM-4.7-Flash's 2048 / 20 heads is never used)
        raise ModelImportError(
            f"{origin}: hidden_size {hidden} is not divisible by num_attention_heads {heads} (and no head_dim is given)"
        )
    else:
        head_dim = hidden // heads
    return hidden, layers, heads, kv_heads, head_dim


def _intermediate(r: _Reader, model_type: str, hidden: int) -> int:
    """The dense MLP's width (Qwen1 counts gate and up together; Llama 4 names its dense MLP's own)."""
    intermediate = r.int("intermediate_size", "ffn_hidden_size", "ffn_dim", "n_inner", default=4 * hidden)
    if model_type == "qwen":
        intermediate //= 2  # Qwen1 counts gate and up together
    if model_type == "llama4_text" or model_type == "llama4":
        intermediate = r.int("intermediate_size_mlp", default=intermediate)
    return intermediate


def _mlp_and_bias(r: _Reader, config: dict[str, Any], model_type: str) -> tuple[bool, str]:
    """Whether the MLP is gated (three matrices) and which linear layers carry a bias."""
    gated = model_type not in ("gpt_neox", "opt", "phi", "falcon") and not (
        model_type == "chatglm" and "multi_query_attention" not in config
    )
    if str(r.get("mlp_hidden_act", default="")).lower() == "relu2":
        gated = False  # Nemotron-H: squared-ReLU MLPs and experts, two matrices (up, down)
    bias = "none"
    if model_type in ("qwen", "qwen2", "qwen2_moe") or r.get(
        "add_qkv_bias", "qkv_bias", "attention_bias", default=False
    ):
        bias = "qkv"
    if model_type in ("gpt_neox", "opt", "phi", "gpt_oss") or (
        model_type == "chatglm" and "multi_query_attention" not in config
    ):
        bias = "all"
    return gated, bias


def _gemma4(
    r: _Reader, moe: MoeSpec | None, intermediate: int, head_dim: int, kv_heads: int
) -> tuple[MoeSpec | None, GlobalAttentionSpec | None]:
    """Gemma 4: its MoE block's dense MLP beside the experts, and the geometry of its global attention layers."""
    global_attention = None
    if r.get("enable_moe_block") and moe is not None:
        # Gemma 4 MoE: every layer runs its dense MLP (intermediate_size) beside the routed experts and adds
        # both, which is what a shared expert is (HF Gemma4TextDecoderLayer; the model card counts it active)
        # its router also keeps one per_expert_scale per expert (Gemma4TextRouter)
        moe = moe.model_copy(
            update={"shared_experts": 1, "shared_intermediate_size": intermediate, "expert_scale": True}
        )
    elif moe is not None:
        moe = None  # num_experts without enable_moe_block: the experts are not built
    if r.get("global_head_dim") is not None or r.get("num_global_key_value_heads") is not None:
        global_attention = GlobalAttentionSpec(
            head_dim=r.int("global_head_dim", default=head_dim),
            num_kv_heads=r.int("num_global_key_value_heads", default=kv_heads),
            k_eq_v=bool(r.get("attention_k_eq_v", default=False)),
        )
    return moe, global_attention


def _laguna_heads(
    r: _Reader, origin: str, layers: int, heads: int, kv_heads: int, head_dim: int
) -> tuple[int, GlobalAttentionSpec | None]:
    """Laguna's query heads by layer kind: the sliding layers' count as the base, the full layers' as their own."""
    per_layer, kinds = r.get("num_attention_heads_per_layer"), r.get("layer_types")
    if per_layer is None:
        return heads, None
    if not (isinstance(per_layer, list) and isinstance(kinds, list) and len(per_layer) == len(kinds) == layers):
        raise ModelImportError(
            f"{origin}: num_attention_heads_per_layer and layer_types must each list one entry per layer ({layers})"
        )
    by_kind: dict[str, set[Any]] = {}
    for count, kind in zip(per_layer, kinds, strict=True):
        by_kind.setdefault(str(kind), set()).add(count)
    counts = [c for group in by_kind.values() for c in group]
    if set(by_kind) - {"full_attention", "sliding_attention"} or any(len(group) > 1 for group in by_kind.values()):
        raise ModelImportError(
            f"{origin}: num_attention_heads_per_layer must be one count for the full and one for the sliding layers, "
            f"got {_short(sorted(by_kind.items()))}; other layouts are not supported"
        )
    if not all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in counts):
        raise ModelImportError(f"{origin}: num_attention_heads_per_layer must list whole numbers above 0")
    full, sliding = by_kind.get("full_attention", set()), by_kind.get("sliding_attention", set())
    if not sliding:
        return next(iter(full)), None
    base = next(iter(sliding))
    if not full or full == {base}:
        return base, None
    return base, GlobalAttentionSpec(head_dim=head_dim, num_kv_heads=kv_heads, num_heads=next(iter(full)))


def _laguna(
    r: _Reader, origin: str, layers: int, shape: tuple[int, int, int], moe: MoeSpec | None, intermediate: int
) -> tuple[int, GlobalAttentionSpec | None, MoeSpec | None]:
    """poolside Laguna: query heads by layer kind, the leading dense layers (mlp_only_layers), the per-head gate."""
    gating = r.get("gating", default="per-head")
    if gating != "per-head":
        raise ModelImportError(f"{origin}: Laguna gating {_short(gating)} is not read (only 'per-head')")
    heads, global_attention = _laguna_heads(r, origin, layers, *shape)
    dense = r.get("mlp_only_layers", default=[])
    if moe is not None and dense:
        kinds = r.get("mlp_layer_types")
        leading = isinstance(dense, list) and dense == list(range(len(dense)))
        if not leading or (kinds is not None and kinds != ["dense"] * len(dense) + ["sparse"] * (layers - len(dense))):
            raise ModelImportError(
                f"{origin}: mlp_only_layers {_short(dense)} are not the leading layers of mlp_layer_types; "
                "not supported"
            )
        moe = moe.model_copy(update={"first_dense_layers": len(dense), "dense_intermediate_size": intermediate})
    return heads, global_attention, moe


def _own_geometry(
    r: _Reader, origin: str, model_type: str, sizes: tuple[int, int, int, int, int], moe: MoeSpec | None
) -> tuple[int, GlobalAttentionSpec | None, MoeSpec | None]:
    """Query heads, the full layers' own geometry and the experts, where a family sets them its own way."""
    layers, heads, kv_heads, head_dim, intermediate = sizes
    if model_type == "gemma4":
        moe, global_attention = _gemma4(r, moe, intermediate, head_dim, kv_heads)
        return heads, global_attention, moe
    if model_type == "laguna":
        return _laguna(r, origin, layers, (heads, kv_heads, head_dim), moe, intermediate)
    if model_type == "ernie4_5_moe" and moe is not None:
        return heads, None, _ernie_moe(r, origin, layers, moe, intermediate)
    return heads, None, moe


def _ernie_moe(r: _Reader, origin: str, layers: int, moe: MoeSpec, intermediate: int) -> MoeSpec:
    """ERNIE 4.5 MoE (transformers' Ernie4_5_MoeDecoderLayer): layer i is MoE when (i + 1) % moe_layer_interval == 0 and
    moe_layer_start_index <= i <= moe_layer_end_index (-1: the last layer); the others run the dense MLP
    (intermediate_size). That is the leading-dense-then-every-n-th reading when the start is a multiple of the step and
    the MoE layers run to the end; another layout is refused."""
    start, step = r.count("moe_layer_start_index"), r.int("moe_layer_interval", default=1)
    end = r.get("moe_layer_end_index", default=-1)
    if end not in (-1, layers - 1) or isinstance(end, bool) or start % step:
        raise ModelImportError(
            f"{origin}: ERNIE MoE layers from {start} to {_short(end)} every {step} are not leading dense layers then "
            "every n-th layer MoE to the last; not supported"
        )
    dense = intermediate if start or step > 1 else None
    return moe.model_copy(
        update={"first_dense_layers": start, "moe_layer_step": step, "dense_intermediate_size": dense}
    )


def _with_param_counts(arch: ModelArch, origin: str) -> ModelArch:
    """The architecture with its total and active parameters counted from its shape (refused beyond any real model)."""
    from configurator.core.estimate.params import count_params

    counts = count_params(arch)
    if counts.total / 1e9 > MAX_PARAMS_B:
        raise ModelImportError(
            f"{origin}: the architecture has {counts.total:.3g} parameters, "
            f"more than the {MAX_PARAMS_B:g} billion any real model has"
        )
    return arch.model_copy(update={"params_total_b": counts.total / 1e9, "params_active_b": counts.active / 1e9})


def _mixers(r: _Reader, origin: str, model_type: str, layers: int) -> dict[str, Any]:
    """The layer kinds beside plain attention, as ModelArch fields: Gated DeltaNet, KDA with GLM-5.3-Flash's indexer
    and mHC streams, DeepSeek-V4's compressed attention, Mamba-2."""
    glm = model_type == "glm5_next"
    return {
        "linear_attention": _linear_attention(r, origin, layers),
        "kda": _kda(r, origin, layers),
        "dsa_indexer": _dsa_indexer(r, origin) if glm else None,
        "hyper_connections": r.int("hc_mult", default=1) if glm else 1,
        "compressed_attention": _compressed_attention(r, origin, layers) if model_type == "deepseek_v4" else None,
        "mamba": _mamba(r, origin, layers),
    }


def arch_from_hf_config(config: dict[str, Any], origin: str, name: str | None = None) -> ModelArch:
    """Normalise a Hugging Face config.json into a ModelArch."""
    if not isinstance(config, dict):
        raise ModelImportError(f"{origin}: expected a JSON object")
    config = _text_config(config)
    r = _Reader(config, origin)
    model_type = _model_type(r, origin)
    hidden, layers, heads, kv_heads, head_dim = _geometry(r, origin, model_type)
    intermediate = _intermediate(r, model_type, hidden)
    vocab = r.int("padded_vocab_size", "vocab_size")
    context = r.int("max_position_embeddings", "seq_length", "n_positions", "max_sequence_length", default=4096)
    gated, bias = _mlp_and_bias(r, config, model_type)
    try:
        moe = _moe_spec(r, origin, model_type, intermediate)
        mla = _mla_spec(r)
        if mla is not None:
            head_dim = mla.qk_rope_head_dim + mla.qk_nope_head_dim
        mixers = _mixers(r, origin, model_type, layers)
        sizes = (layers, heads, kv_heads, head_dim, intermediate)
        heads, global_attention, moe = _own_geometry(r, origin, model_type, sizes, moe)
    except ValidationError as exc:
        raise ModelImportError(_validation_message(origin, exc)) from None
    window, window_layers = _sliding_window(r, model_type, layers)
    if global_attention is not None and not window:
        global_attention = None  # no sliding layers: every layer is full attention of the base geometry
    tie = bool(
        r.get(
            "tie_word_embeddings",
            default=model_type in ("gemma", "gemma2", "gemma3", "gemma3_text", "gemma4", "ernie4_5_moe"),
        )
    )
    precision, precision_scope = _native_precision(r)
    # Qwen3-Next and Qwen3.5 gate every full-attention output (config attn_output_gate, on by default)
    output_gate = mixers["linear_attention"] is not None and bool(r.get("attn_output_gate", default=True))
    display = (name or str(r.get("_name_or_path", default="")) or default_name(origin, model_type))[:200]
    try:
        arch = ModelArch(
            id=_slug(display.split("/")[-1]),
            name=display,
            source=origin,
            family=model_type,
            hf_repo=str(r.get("_name_or_path", default=""))[:200],
            architecture=model_type,
            release_year=2025,
            num_layers=layers,
            hidden_size=hidden,
            num_attention_heads=heads,
            num_kv_heads=kv_heads,
            head_dim=head_dim,
            intermediate_size=intermediate,
            vocab_size=vocab,
            tie_embeddings=tie,
            max_context=context,
            mlp_gated=gated,
            linear_bias=bias,  # type: ignore[arg-type]
            learned_position_embeddings=model_type in ("opt", "gpt2"),
            norm="layernorm"
            if model_type in ("gpt_neox", "opt", "phi", "falcon", "chatglm") and bias == "all"
            else "rmsnorm",
            sliding_window=window,
            sliding_window_layers=window_layers,
            moe=moe,
            mla=mla,
            **mixers,
            attention_output_gate=output_gate,
            attention_head_gate=model_type == "laguna",
            qk_norm=_qk_norm(r, model_type),  # type: ignore[arg-type]
            attention_sinks=model_type == "gpt_oss",  # GptOssAttention.sinks: one logit per query head
            norms_per_layer=_norms_per_layer(model_type, moe),
            global_attention=global_attention,
            mtp_layers=r.count("mtp_num_hidden_layers", "num_nextn_predict_layers", "num_mtp_modules"),
            native_precision=precision,  # type: ignore[arg-type]
            native_precision_scope=precision_scope,
            params_total_b=1.0,
            params_active_b=1.0,
            params_source="computed from the architecture",
        )
    except ValidationError as exc:
        raise ModelImportError(_validation_message(origin, exc)) from None
    return _with_param_counts(arch, origin)


def _linear_attention(r: _Reader, origin: str, layers: int) -> LinearAttentionSpec | None:
    """Gated DeltaNet layers (Qwen3-Next, Qwen3.5): every n-th layer is full attention, the rest linear."""
    if r.get("linear_num_value_heads") is None:
        return None
    interval = r.get("full_attention_interval")
    layer_types = r.get("layer_types")
    if isinstance(layer_types, list) and layer_types:
        if len(layer_types) != layers:
            raise ModelImportError(
                f"{origin}: layer_types lists {len(layer_types)} layers, num_hidden_layers is {layers}"
            )
        full = [i for i, kind in enumerate(layer_types) if kind == "full_attention"]
        if not full:
            raise ModelImportError(f"{origin}: layer_types has no full_attention layer")
        step = full[0] + 1
        if full != list(range(step - 1, layers, step)):
            raise ModelImportError(
                f"{origin}: layer_types is not 'every n-th layer full attention' "
                f"(full layers at {_short(full)}); this pattern is not supported"
            )
        if interval is not None and r.int("full_attention_interval") != step:
            raise ModelImportError(
                f"{origin}: full_attention_interval {interval} disagrees with layer_types (every {step})"
            )
        interval = step
    return LinearAttentionSpec(
        full_attention_interval=int(interval) if interval is not None else r.int("full_attention_interval", default=4),
        num_key_heads=r.int("linear_num_key_heads"),
        num_value_heads=r.int("linear_num_value_heads"),
        key_head_dim=r.int("linear_key_head_dim"),
        value_head_dim=r.int("linear_value_head_dim"),
        conv_kernel=r.int("linear_conv_kernel_dim", default=4),
    )


def _kda_layer_index(origin: str, layers: int, kda: list[Any], full: list[Any]) -> list[int]:
    """The softmax layers 0-based: Kimi Linear numbers linear_attn_config's lists from 1, GLM-5.3-Flash from 0; the
    two lists together must name every layer once (modeling_kimi.py: `is_kda_layer` tests `layer_idx + 1`)."""
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in kda + full):
        raise ModelImportError(f"{origin}: linear_attn_config's layer lists must hold whole layer numbers")
    both = sorted(kda + full)
    if kda and both == list(range(layers)):
        return sorted(full)
    if kda and both == list(range(1, layers + 1)):
        return sorted(i - 1 for i in full)
    if not kda and full and 0 not in full and max(full) == layers:  # only the full layers given: 1-based by the last
        return sorted(i - 1 for i in full)
    raise ModelImportError(
        f"{origin}: linear_attn_config's kda_layers {_short(kda)} and full_attn_layers {_short(full)} do not name each "
        f"of the {layers} layers once"
    )


def _kda(r: _Reader, origin: str, layers: int) -> KdaSpec | None:
    """Kimi Delta Attention layers (Kimi Linear's linear_attn_config): the heads, their width, the short convolution
    and which layers stay softmax attention."""
    config = r.get("linear_attn_config")
    if config is None:
        return None
    if not isinstance(config, dict):
        raise ModelImportError(f"{origin}: linear_attn_config must be an object, got {_short(config)}")
    sub = _Reader(config, f"{origin} linear_attn_config")
    kda, full = config.get("kda_layers") or [], config.get("full_attn_layers") or []
    if not isinstance(kda, list) or not isinstance(full, list) or not full:
        raise ModelImportError(f"{origin}: linear_attn_config needs its full_attn_layers list")
    softmax = _kda_layer_index(origin, layers, kda, full)
    kinds = r.get("layer_types")
    if isinstance(kinds, list) and [i for i, kind in enumerate(kinds) if kind != "linear_attention"] != softmax:
        raise ModelImportError(
            f"{origin}: layer_types disagrees with linear_attn_config's full_attn_layers {_short(full)}"
        )
    return KdaSpec(
        num_heads=sub.int("num_heads"),
        head_dim=sub.int("head_dim"),
        conv_kernel=sub.int("short_conv_kernel_size", default=4),
        full_attention_layers=tuple(softmax),
    )


def _dsa_indexer(r: _Reader, origin: str) -> DsaIndexerSpec | None:
    """GLM-5.3-Flash's lightning indexer on every MLA layer (indexer_types 'full'); a layer sharing another's indexer is
    not read."""
    if r.get("index_n_heads") is None:
        return None
    kinds = r.get("indexer_types", default=[])
    if not isinstance(kinds, list) or set(kinds) - {"full"}:
        raise ModelImportError(f"{origin}: indexer_types {_short(kinds)}: only layers with their own ('full') indexer")
    return DsaIndexerSpec(
        n_heads=r.int("index_n_heads"),
        head_dim=r.int("index_head_dim"),
        topk=r.int("index_topk"),
        kpool=r.int("index_kpool", default=1),
    )


def _compressed_attention(r: _Reader, origin: str, layers: int) -> CompressedAttentionSpec:
    """DeepSeek-V4's per-layer compress_ratios (the list may carry one more entry for the MTP layer)."""
    ratios = r.get("compress_ratios", default=[0] * layers)
    mtp = r.count("num_nextn_predict_layers")
    if (
        not isinstance(ratios, list)
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in ratios)
        or len(ratios) not in (layers, layers + mtp)
    ):
        raise ModelImportError(
            f"{origin}: compress_ratios must list one whole number per layer ({layers}, or "
            f"{layers + mtp} with the MTP layers), got {_short(ratios)}"
        )
    return CompressedAttentionSpec(
        compress_ratios=tuple(ratios[:layers]),
        q_lora_rank=r.int("q_lora_rank"),
        o_lora_rank=r.int("o_lora_rank"),
        o_groups=r.int("o_groups", default=1),
        qk_rope_head_dim=r.int("qk_rope_head_dim"),
        index_n_heads=r.int("index_n_heads"),
        index_head_dim=r.int("index_head_dim"),
        index_topk=r.int("index_topk"),
        hc_mult=r.int("hc_mult", default=1),
    )


def _mamba(r: _Reader, origin: str, layers: int) -> MambaSpec | None:
    """Nemotron-H's per-layer blocks, from hybrid_override_pattern or a layers_block_type list."""
    pattern = r.get("hybrid_override_pattern")
    blocks = r.get("layers_block_type")
    if pattern is None and isinstance(blocks, list):
        unknown = sorted({str(b) for b in blocks} - set(_NEMOTRON_BLOCKS))
        if unknown:
            raise ModelImportError(f"{origin}: layers_block_type has unknown block kind(s) {_short(unknown)}")
        pattern = "".join(_NEMOTRON_BLOCKS[str(b)] for b in blocks)
    if pattern is None:
        return None
    if not isinstance(pattern, str) or not re.fullmatch(r"[M*E-]+", pattern):
        raise ModelImportError(f"{origin}: hybrid_override_pattern must use only M, *, E and -, got {_short(pattern)}")
    if len(pattern) != layers:
        raise ModelImportError(
            f"{origin}: hybrid_override_pattern has {len(pattern)} layers, num_hidden_layers is {layers}"
        )
    cache_dtype = str(r.get("mamba_ssm_cache_dtype", default="float32")).lower()
    return MambaSpec(
        pattern=pattern,
        num_heads=r.int("mamba_num_heads"),
        head_dim=r.int("mamba_head_dim"),
        state_size=r.int("ssm_state_size"),
        n_groups=r.int("n_groups", default=1),
        conv_kernel=r.int("conv_kernel", default=4),
        state_bytes=4 if cache_dtype in ("float32", "fp32") else 2,
    )


def _native_precision(r: _Reader) -> tuple[str | None, str]:
    """The precision the released weights are stored in, from quantization_config (or the dtype)."""
    quant = r.get("quantization_config")
    expert_dtype = str(r.get("expert_dtype", default="")).lower()
    if expert_dtype in ("fp4", "mxfp4"):
        return "mxfp4", "routed experts (expert_dtype fp4); the rest as quantization_config says"
    if isinstance(quant, dict):
        method = str(quant.get("quant_method", "")).lower()
        algo = str(quant.get("quant_algo", "")).lower()
        if method == "mxfp4":
            return "mxfp4", "MoE experts"
        if "nvfp4" in (method, algo):
            return "nvfp4", ""
        if method == "fp8" or algo == "fp8":
            return "fp8", "block-scaled FP8 weights" if quant.get("weight_block_size") else ""
        groups = quant.get("config_groups")
        if method == "compressed-tensors" and isinstance(groups, dict):
            weights = [g.get("weights") for g in groups.values() if isinstance(g, dict)]
            bits = {w.get("num_bits") for w in weights if isinstance(w, dict)}
            if 4 in bits:
                return _int4_release(r, quant)
        return None, ""
    dtype = str(r.get("torch_dtype", "dtype", default="")).lower()
    return {"bfloat16": "bf16", "float16": "fp16"}.get(dtype), ""


def _int4_release(r: _Reader, quant: dict[str, object]) -> tuple[str, str]:
    """A compressed-tensors INT4 release: a MoE model's routed experts alone (Kimi K2 Thinking and K2.5 keep attention,
    shared experts, the dense layer and head BF16: precision.WEIGHT_FORMATS["int4-experts"]) unless its `ignore` list is
    given and leaves attention quantized; a dense model's linear layers."""
    ignore = quant.get("ignore")
    attention_kept = not isinstance(ignore, list) or any("attn" in str(x) for x in ignore)
    if r.get("n_routed_experts", "num_local_experts", "num_experts", default=None) and attention_kept:
        return "int4-experts", "routed experts (compressed-tensors INT4, config_groups); the rest BF16"
    return "int4", "the linear layers config_groups name"


def load_hf_config(path: Path, name: str | None = None) -> ModelArch:
    try:
        text = read_text_bounded(path, "config.json")
    except UnicodeDecodeError as exc:
        raise ModelImportError(f"{path}: cannot read: {exc}") from None
    except FileRefusedError as exc:  # a FIFO, a device, a folder, too large: it names the path
        raise ModelImportError(str(exc)) from None
    except OSError as exc:
        raise ModelImportError(f"{path}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ModelImportError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise ModelImportError(f"{path}: nested too deeply to be a config.json") from None
    if not isinstance(data, dict):
        raise ModelImportError(f"{path}: not a model config (expected a JSON object)")
    return arch_from_hf_config(data, str(path), name=name if not data.get("_name_or_path") else None)


# --------------------------------------------------------------------------- safetensors

_ST_DTYPE_BITS = {
    "F64": 64,
    "F32": 32,
    "F16": 16,
    "BF16": 16,
    "I64": 64,
    "I32": 32,
    "I16": 16,
    "I8": 8,
    "U64": 64,
    "U32": 32,
    "U16": 16,
    "U8": 8,
    "F8_E4M3": 8,
    "F8_E5M2": 8,
    "F8_E8M0": 8,
    "BOOL": 8,
    "C64": 64,
    "F6_E2M3": 6,
    "F6_E3M2": 6,
    "F4": 4,
}
"""Bits per element of every safetensors dtype (huggingface/safetensors safetensors/src/tensor.rs, Dtype::bitsize)."""


SAFETENSORS_MAX_HEADER = LIMITS["safetensors header"]
"""The format's own limit on the JSON header (safetensors rejects larger headers)."""
SAFETENSORS_MAX_TENSORS = 1_000_000
SAFETENSORS_MAX_BYTES = 2**50
"""1 PiB: far above any checkpoint shard; a larger offset is a corrupt or hostile header."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ModelImportError(f"tensor {_short(key)} is listed twice")
        seen[key] = value
    return seen


def _safetensors_header(path: Path) -> tuple[dict[str, Any], int]:
    """The header of a .safetensors file (8-byte length + JSON) and the bytes of tensor data after it."""
    try:
        with open_regular(path, "safetensors", limit=None) as handle:
            size = os.fstat(handle.fileno()).st_size
            raw = handle.read(8)
            if len(raw) != 8:
                raise ModelImportError("not a safetensors file (too short)")
            (length,) = struct.unpack("<Q", raw)
            if length > SAFETENSORS_MAX_HEADER or length > size - 8:
                raise ModelImportError(
                    f"safetensors header length {length:,} is implausible "
                    f"(the file has {max(size - 8, 0):,} bytes after it; at most {SAFETENSORS_MAX_HEADER:,})"
                )
            header = json.loads(handle.read(length), object_pairs_hook=_unique_keys)
    except ModelImportError as exc:  # what the header says, and the file it is in
        raise ModelImportError(f"{path}: {exc}") from None
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ModelImportError(f"{path}: unreadable safetensors header: {exc}") from None
    except RecursionError:
        raise ModelImportError(f"{path}: unreadable safetensors header: nested too deeply") from None
    if not isinstance(header, dict):
        raise ModelImportError(f"{path}: safetensors header must be a JSON object of tensors")
    if len(header) > SAFETENSORS_MAX_TENSORS:
        raise ModelImportError(
            f"{path}: safetensors header lists {len(header)} tensors (at most {SAFETENSORS_MAX_TENSORS:,})"
        )
    return header, size - 8 - length


def _tensor_span(path: Path, name: str, info: Any, data_size: int) -> tuple[int, int, str]:
    """One tensor's byte range and dtype, checked: whole offsets within the data, a known dtype, and a shape whose
    size is the range's length."""
    offsets = info.get("data_offsets") if isinstance(info, dict) else None
    dtype = info.get("dtype") if isinstance(info, dict) else None
    shape = info.get("shape") if isinstance(info, dict) else None
    if (
        not isinstance(offsets, list)
        or len(offsets) != 2
        or not all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)
    ):
        raise ModelImportError(f"{path}: tensor {_short(name)}: data_offsets must be two whole numbers [start, end]")
    start, end = offsets
    if not 0 <= start <= end <= SAFETENSORS_MAX_BYTES:
        raise ModelImportError(
            f"{path}: tensor {_short(name)}: data_offsets {_short(offsets)} are not "
            f"0 <= start <= end <= {SAFETENSORS_MAX_BYTES}"
        )
    if end > data_size:
        raise ModelImportError(
            f"{path}: tensor {_short(name)}: bytes {start:,} to {end:,} run past the end of the "
            f"file ({data_size:,} bytes of data)"
        )
    if not isinstance(dtype, str) or dtype not in _ST_DTYPE_BITS:
        raise ModelImportError(
            f"{path}: tensor {_short(name)}: unknown dtype {_short(dtype)} (known: {', '.join(sorted(_ST_DTYPE_BITS))})"
        )
    if (
        not isinstance(shape, list)
        or len(shape) > 16
        or not all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= SAFETENSORS_MAX_BYTES for d in shape)
    ):
        raise ModelImportError(
            f"{path}: tensor {_short(name)}: shape must be a list of whole numbers, got {_short(shape)}"
        )
    elements = math.prod(shape)
    if -(-elements * _ST_DTYPE_BITS[dtype] // 8) != end - start:
        raise ModelImportError(
            f"{path}: tensor {_short(name)}: shape {_short(shape)} of {dtype} is "
            f"{-(-elements * _ST_DTYPE_BITS[dtype] // 8):,} bytes, but its data_offsets span {end - start:,}"
        )
    return start, end, dtype


def safetensors_bytes(path: Path) -> tuple[int, dict[str, int]]:
    """Exact tensor bytes from a .safetensors header (8-byte length + JSON), by dtype.

    The header is checked against the file, as safetensors' own loader does (tensor.rs, validate): the
    header length fits the file, every tensor's byte range lies in the data that follows, its length is
    its shape times its dtype's size, ranges do not overlap, names are unique and dtypes known.
    """
    header, data_size = _safetensors_header(path)
    total = 0
    by_dtype: dict[str, int] = {}
    ranges: list[tuple[int, int, str]] = []
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end, dtype = _tensor_span(path, name, info, data_size)
        total += end - start
        by_dtype[dtype] = by_dtype.get(dtype, 0) + end - start
        if end > start:
            ranges.append((start, end, name))
    ranges.sort()
    for (_s1, e1, n1), (s2, _e2, n2) in zip(ranges, ranges[1:]):
        if s2 < e1:
            raise ModelImportError(f"{path}: tensors {_short(n1)} and {_short(n2)} overlap (bytes {s2:,} to {e1:,})")
    return total, by_dtype


def load_folder(path: Path, name: str | None = None) -> ImportedModel:
    """A model folder (config.json and safetensors); `name` when the config does not carry one
    (the user picked this folder as the model, or it is the cache snapshot of `org/name`)."""
    config = path / "config.json"
    if not os.path.lexists(config):
        raise ModelImportError(f"{path}: no config.json in this folder")
    if name is None and path.parent.name == "snapshots" and path.parent.parent.name.startswith("models--"):
        name = path.parent.parent.name.removeprefix("models--").replace("--", "/")  # a Hugging Face cache snapshot
    arch = load_hf_config(config, name=name or path.name)
    files = sorted(path.glob("*.safetensors"))
    if not files:
        return ImportedModel(arch)
    total = 0
    dtypes: dict[str, int] = {}
    for file in files:
        size, by_dtype = safetensors_bytes(file)
        total += size
        for k, v in by_dtype.items():
            dtypes[k] = dtypes.get(k, 0) + v
    main = max(dtypes, key=lambda k: dtypes[k]) if dtypes else None
    precision = {"BF16": "bf16", "F16": "fp16", "F32": "fp32", "F8_E4M3": "fp8"}.get(main or "")
    return ImportedModel(arch, weight_bytes=total, file_precision=precision)


# --------------------------------------------------------------------------- GGUF

_GGUF_FTYPE = {
    0: "fp32",
    1: "fp16",
    2: "q4_0",
    7: "q8_0",
    10: "q2_k",
    12: "q3_k_m",
    15: "q4_k_m",
    17: "q5_k_m",
    18: "q6_k",
    32: "bf16",
}


def load_gguf(path: Path) -> ImportedModel:
    """Architecture and exact weight bytes from a GGUF header (tensors are not read); a split GGUF
    (`-00001-of-00005.gguf`) is sized from all its parts, its metadata read from the first."""
    from configurator.core.importers.gguf_header import read_header, split_parts

    try:
        header = read_header(path)
        parts = split_parts(path, header)
        headers = [header if part == path else read_header(part) for part in parts]
    except (struct.error, UnicodeDecodeError, OverflowError, MemoryError) as exc:
        raise ModelImportError(f"{path}: unreadable GGUF: {_short(str(exc))}") from None
    try:
        return _from_gguf_reader(
            parts[0],
            headers[0].fields,
            sum(h.tensor_bytes for h in headers),
            {name for h in headers for name in h.tensors},
        )
    except (ValueError, TypeError, OverflowError, IndexError, KeyError, AttributeError) as exc:
        # metadata of the wrong type (a string where a count belongs, a list where a number does)
        raise ModelImportError(f"{path}: unreadable GGUF metadata: {_short(str(exc))}") from None


def _from_gguf_reader(path: Path, fields: dict[str, Any], weight_bytes: int, tensor_names: set[str]) -> ImportedModel:
    """Map GGUF metadata keys to config.json keys; arch_from_hf_config checks the values."""

    def field(key: str, required: bool = True) -> Any:
        value = fields.get(key)
        if value is None:
            if required:
                raise ModelImportError(f"{path}: missing GGUF key '{key}'")
            return None
        return value

    arch_name = str(field("general.architecture"))
    a = arch_name
    name = field("general.name", required=False) or path.stem
    hidden = int(field(f"{a}.embedding_length"))
    heads = int(field(f"{a}.attention.head_count"))
    kv = field(f"{a}.attention.head_count_kv", required=False)
    kv_heads = int(kv if not isinstance(kv, list) else max(kv)) if kv is not None else heads
    tokens = field("tokenizer.ggml.tokens", required=False)
    vocab = (
        len(tokens) if isinstance(tokens, (list, LongArray)) else int(field(f"{a}.vocab_size", required=False) or 32000)
    )
    config: dict[str, Any] = {
        "model_type": {
            "qwen2moe": "qwen2_moe",
            "qwen3moe": "qwen3_moe",
            "deepseek2": "deepseek_v3",
            "gemma3": "gemma3_text",
            "gpt-oss": "gpt_oss",
            "kimi-linear": "kimi_linear",
            "glm-dsa": "glm_moe_dsa",
        }.get(a, a),
        "hidden_size": hidden,
        # llama.cpp counts the MTP layers it keeps in block_count (nextn_predict_layers of them, last)
        "num_hidden_layers": int(field(f"{a}.block_count"))
        - int(field(f"{a}.nextn_predict_layers", required=False) or 0),
        "num_attention_heads": heads,
        "num_key_value_heads": kv_heads,
        "intermediate_size": int(field(f"{a}.feed_forward_length", required=False) or 4 * hidden),
        "vocab_size": vocab,
        "max_position_embeddings": int(field(f"{a}.context_length", required=False) or 4096),
        "tie_word_embeddings": "output.weight" not in tensor_names,
        "_name_or_path": str(name),
    }
    key_length = field(f"{a}.attention.key_length", required=False)
    if key_length:
        config["head_dim"] = int(key_length)
    experts = field(f"{a}.expert_count", required=False)
    if experts:
        config["num_experts"] = int(experts)
        config["num_experts_per_tok"] = int(field(f"{a}.expert_used_count", required=False) or 2)
        width = field(f"{a}.expert_feed_forward_length", required=False)
        if width:
            config["moe_intermediate_size"] = int(width)
        shared = field(f"{a}.expert_shared_count", required=False)
        if shared:
            config["n_shared_experts"] = int(shared)
        lead = field(f"{a}.leading_dense_block_count", required=False)
        if lead:
            config["first_k_dense_replace"] = int(lead)
    nextn = field(f"{a}.nextn_predict_layers", required=False)
    if nextn:
        config["num_nextn_predict_layers"] = int(nextn)
    _gguf_mla_kda(field, a, config, tensor_names)
    window = field(f"{a}.attention.sliding_window", required=False)
    if window:
        config["sliding_window"] = int(window)
        pattern = field(f"{a}.attention.sliding_window_pattern", required=False)
        if isinstance(pattern, list):  # one flag per layer (convert_hf_to_gguf: layer_types == "sliding_attention")
            config["sliding_window_pattern"] = [bool(p) for p in pattern]
        elif pattern is not None:  # a period, as llama.cpp's get_key_or_arr also reads it
            config["sliding_window_pattern"] = int(pattern)
    arch = arch_from_hf_config(config, str(path), name=str(name))
    ftype = field("general.file_type", required=False)
    precision = _GGUF_FTYPE.get(int(ftype)) if ftype is not None else None
    return ImportedModel(arch, weight_bytes=weight_bytes, file_precision=precision)


def _gguf_mla_kda(field: Any, a: str, config: dict[str, Any], tensor_names: set[str]) -> None:
    """MLA, Kimi Delta Attention and the routers' bias from GGUF metadata, as llama.cpp's convert_hf_to_gguf.py writes
    them. A converter that turns MLA into MQA for its cache (deepseek2 since 2025, kimi-linear) writes key_length as
    kv_lora_rank + rope and the per-head widths as key_length_mla / value_length_mla; an older deepseek2 file has the
    per-head widths in key_length / value_length. kimi-linear writes head_count_kv per layer (0 on a KDA layer, 1 on an
    MLA layer), the KDA head width as kda.head_dim and the short convolution as ssm.conv_kernel; its KDA layers have
    the MLA layers' head count (KimiLinearModel.set_gguf_parameters)."""
    if any(name.endswith("exp_probs_b.bias") for name in tensor_names):
        config["topk_method"] = "noaux_tc"  # each router's e_score_correction_bias, written as exp_probs_b
    lora = field(f"{a}.attention.kv_lora_rank", required=False)
    if lora:
        rope = int(field(f"{a}.rope.dimension_count"))
        key_mla = field(f"{a}.attention.key_length_mla", required=False)
        key = int(key_mla or field(f"{a}.attention.key_length", required=False) or 192)
        value = field(f"{a}.attention.value_length_mla", required=False)
        config.update(
            kv_lora_rank=int(lora),
            q_lora_rank=field(f"{a}.attention.q_lora_rank", required=False) or None,
            qk_rope_head_dim=rope,
            qk_nope_head_dim=key - rope,
            v_head_dim=int(value or field(f"{a}.attention.value_length", required=False) or 128),
            head_dim=key,
            num_key_value_heads=config["num_attention_heads"],  # the converter's 1 is the MQA form of the cache
        )
    kda_dim = field(f"{a}.kda.head_dim", required=False)
    per_layer_kv = field(f"{a}.attention.head_count_kv", required=False)
    if kda_dim:
        if not isinstance(per_layer_kv, list):
            raise ModelImportError(
                f"{a}: kda.head_dim without a per-layer attention.head_count_kv list, so the KDA layers are unknown"
            )
        kinds = [int(n) for n in per_layer_kv]
        config["linear_attn_config"] = {
            "num_heads": config["num_attention_heads"],
            "head_dim": int(kda_dim),
            "short_conv_kernel_size": int(field(f"{a}.ssm.conv_kernel", required=False) or 4),
            "full_attn_layers": [i for i, n in enumerate(kinds) if n > 0],
            "kda_layers": [i for i, n in enumerate(kinds) if n == 0],
        }


# --------------------------------------------------------------------------- entry point


def hf_cache_dirs() -> list[Path]:
    roots = []
    if os.environ.get("HF_HUB_CACHE"):
        roots.append(Path(os.environ["HF_HUB_CACHE"]))
    if os.environ.get("HF_HOME"):
        roots.append(Path(os.environ["HF_HOME"]) / "hub")
    roots.append(Path.home() / ".cache" / "huggingface" / "hub")
    return roots


def find_in_hf_cache(repo: str) -> Path | None:
    """The newest snapshot folder of `org/name` in the local Hugging Face cache."""
    folder_name = "models--" + repo.replace("/", "--")
    for root in hf_cache_dirs():
        snapshots = root / folder_name / "snapshots"
        if snapshots.is_dir():
            candidates = sorted(
                (p for p in snapshots.iterdir() if (p / "config.json").exists()), key=lambda p: p.stat().st_mtime
            )
            if candidates:
                return candidates[-1]
    return None


def import_model(source: str | Path) -> ImportedModel:
    """A config.json, a .gguf file, a model folder, or `org/name` found in the HF cache."""
    try:
        path = Path(source).expanduser()
        if path.is_dir():
            return load_folder(path)
        is_file = os.path.lexists(path)
        magic = b""
        if is_file:  # a FIFO, a device or a dangling link is refused here, with its path and why
            with open_regular(path, "model", limit=None) as handle:
                magic = handle.read(4)
    except ModelImportError:
        raise
    except FileRefusedError as exc:  # a FIFO, a device or a dangling link: it names the path and why
        raise ModelImportError(str(exc)) from None
    except (OSError, ValueError, RuntimeError) as exc:  # unreadable, a NUL in the name, an unknown ~user
        raise ModelImportError(f"{_short(str(source))}: cannot read: {exc}") from None
    if is_file:
        if magic == b"GGUF" or path.suffix.lower() == ".gguf":
            return load_gguf(path)
        return ImportedModel(load_hf_config(path))
    if re.fullmatch(r"[\w.\-]+/[\w.\-]+", str(source)):
        cached = find_in_hf_cache(str(source))
        if cached is not None:
            return load_folder(cached, name=str(source))
        raise ModelImportError(
            f"{source}: no such file, and not in the local Hugging Face cache (the app works offline)"
        )
    raise ModelImportError(f"{source}: no such file or folder")
