"""KV cache and recurrent state sizes: bytes per token and layer, per sequence, and for a whole model's context."""

from __future__ import annotations

from configurator.core.catalog.models import ModelArch


def kv_bytes_per_token_per_layer(model: ModelArch, kv_bytes: float, engine: str) -> float:
    """K and V for one token in one layer (before any tensor-parallel division), with the sparse-attention indexer's
    own keys where the record counts its indexer."""
    if model.mla is not None and engine != "transformers":
        # MLA caches the compressed latent plus the shared RoPE key (DeepSeek-V2 paper, sec. 2.1.2)
        latent = (model.mla.kv_lora_rank + model.mla.qk_rope_head_dim) * kv_bytes
        return latent + indexer_bytes_per_token(model, kv_bytes, engine)
    if model.mla is not None:
        heads = model.num_attention_heads
        k = heads * (model.mla.qk_nope_head_dim + model.mla.qk_rope_head_dim)
        v = heads * model.mla.v_head_dim
        return (k + v) * kv_bytes + indexer_bytes_per_token(model, kv_bytes, engine)
    return 2 * model.num_kv_heads * model.head_dim * kv_bytes


def indexer_bytes_per_token(model: ModelArch, kv_bytes: float, engine: str) -> float:
    """The DSA indexer's cache per token and MLA layer, where the record counts its indexer (else 0). transformers keeps
    HF Glm5NextTextIndexer's packed state (`torch.cat([k, gate_scores, valid_channel])` into `update_indexer`): the key,
    its k-pool gate scores and a valid flag at the cache's precision. A serving engine keeps one FP8 key with a 4-byte
    scale per pool of `kpool` tokens (vLLM for GLM-5.3-Flash: '132/4' bytes a token and layer, a public sizing ledger,
    stored-corpus file 63173160448)."""
    ix = model.dsa_indexer
    if ix is None:
        return 0.0
    if engine == "transformers":
        return (2 * ix.head_dim + 1) * kv_bytes
    return (ix.head_dim + 4) / ix.kpool


def linear_attention_state_bytes(model: ModelArch, sequences: int) -> float:
    """Fixed recurrent state of linear-attention layers: per value head a k x v matrix in fp32,
    plus the short-convolution window (HF Qwen3NextDynamicCache keeps both)."""
    la = model.linear_attention
    if la is None:
        return 0.0
    state = la.num_value_heads * la.key_head_dim * la.value_head_dim * 4
    conv = (2 * la.num_key_heads * la.key_head_dim + la.num_value_heads * la.value_head_dim) * (la.conv_kernel - 1) * 2
    return (model.num_layers - model.attention_layers) * sequences * (state + conv)


def kda_state_bytes(model: ModelArch, sequences: int) -> float:
    """Fixed state of Kimi Delta Attention layers, as HF Glm5NextTextLinearAttention caches it: per layer a recurrent
    state of num_heads x head_dim x head_dim stored in float32 (`update_recurrent_state(last_recurrent_state.to(
    torch.float32))`) and the last conv_kernel - 1 inputs of the q, k and v short convolutions in the model's 16-bit
    dtype (`update_conv_state`); independent of the context. vLLM keeps the same dtypes and shapes for every KDA layer
    (vllm-project/vllm mamba_utils.py @02d71083: `MambaStateDtypeCalculator.kda_state_dtype` returns the model dtype
    for the conv state and `torch.float32` for the recurrent state; `kda_state_shape` is (heads, d, d) and
    3 x heads x d by kernel - 1 + num_spec frames, one more frame per speculative token, not counted here), so one
    reading serves every engine."""
    kda = model.kda
    if kda is None:
        return 0.0
    qkv_dim = kda.num_heads * kda.head_dim
    state = kda.num_heads * kda.head_dim * kda.head_dim * 4
    conv = 3 * qkv_dim * (kda.conv_kernel - 1) * 2
    return model.recurrent_layers * sequences * (state + conv)


def recurrent_state_bytes(model: ModelArch, sequences: int) -> float:
    """Every fixed-size state a sequence keeps: Gated DeltaNet, Kimi Delta Attention and Mamba-2 layers."""
    return (
        linear_attention_state_bytes(model, sequences)
        + kda_state_bytes(model, sequences)
        + mamba_state_bytes(model, sequences)
    )


def mamba_state_bytes(model: ModelArch, sequences: int) -> float:
    """Fixed state of Mamba-2 layers (HF NemotronHMamba2Mixer cache): per layer an SSM state of
    num_heads x head_dim x state_size in mamba_ssm_cache_dtype, plus the last conv_kernel - 1 inputs
    of the causal convolution over x, B and C (16-bit)."""
    mb = model.mamba
    if mb is None:
        return 0.0
    inner = mb.num_heads * mb.head_dim
    ssm = inner * mb.state_size * mb.state_bytes
    conv = (inner + 2 * mb.n_groups * mb.state_size) * (mb.conv_kernel - 1) * 2
    return mb.layers("M") * sequences * (ssm + conv)


def compressed_kv_cache_bytes(model: ModelArch, context: int, sequences: int, kv_bytes: float) -> float:
    """DeepSeek-V4 cache (HF DeepseekV4HCACache / DeepseekV4CSACache): every layer keeps its shared K=V
    head for the last `sliding_window` tokens; a layer with compress ratio r also keeps one pooled entry
    per r tokens of the whole context, and a CSA layer a second pool at index_head_dim for its indexer."""
    ca = model.compressed_attention
    assert ca is not None
    window = min(context, model.sliding_window or context)
    per_sequence = 0.0
    for ratio in ca.compress_ratios:
        per_sequence += window * model.head_dim
        if ratio:
            per_sequence += (context // ratio) * (
                model.head_dim + (ca.index_head_dim if ratio == ca.index_ratio else 0)
            )
    return per_sequence * kv_bytes * sequences


def kv_cache_bytes(model: ModelArch, context: int, sequences: int, kv_bytes: float, engine: str) -> float:
    """Whole-model KV cache: sliding-window layers hold at most the window; linear-attention, KDA
    and Mamba layers hold a fixed state instead of a per-token cache."""
    if model.compressed_attention is not None:
        return compressed_kv_cache_bytes(model, context, sequences, kv_bytes)
    per_layer_token = kv_bytes_per_token_per_layer(model, kv_bytes, engine)
    window_layers = 0
    if model.sliding_window:
        window_layers = model.num_layers if model.sliding_window_layers is None else model.sliding_window_layers
    full_layers = model.attention_layers - window_layers
    tokens_windowed = min(context, model.sliding_window or context)
    full_per_token = per_layer_token
    if model.global_attention is not None:
        # Gemma 4's full layers cache their own (wider, fewer) heads; with attention_k_eq_v the values are
        # the keys, so one tensor is kept (Raschka's LLM Architecture Gallery: Gemma 4 31B, "unified K/V on
        # global layers", 840 KiB per token in bf16 = 50 x 2 x 16 x 256 x 2 B + 10 x 4 x 512 x 2 B)
        g = model.global_attention
        full_per_token = (1 if g.k_eq_v else 2) * g.num_kv_heads * g.head_dim * kv_bytes
    return sequences * (
        per_layer_token * window_layers * tokens_windowed + full_per_token * full_layers * context
    ) + recurrent_state_bytes(model, sequences)


# HF model types whose own remote code (trust_remote_code) keeps the KV cache as a tuple of tensors that every decode
# step rebuilds with torch.cat: Qwen-1 modeling_qwen.py (`key = torch.cat((past_key, key), dim=1)`, also for its int8
# cache's three parts), ChatGLM modeling_chatglm.py (`key_layer = torch.cat((cache_k, key_layer), dim=0)`), Baichuan
# modeling_baichuan.py (`torch.cat([past_key_value[0], key_states], dim=2)`). generate() keeps the previous step's tuple
# in model_kwargs["past_key_values"] until the forward returns the new one, so near the end of each step both caches
# are live: the peak holds the cache twice. transformers' own models update a DynamicCache layer by layer (the old
# layer tensor is freed as the new one is stored), so they hold it once.
LEGACY_TUPLE_CACHE_ARCHITECTURES = frozenset({"qwen", "chatglm", "baichuan"})

# transformers' own models kept that tuple cache too (modeling_llama.py of v4.35: `key_states = torch.cat(
# [past_key_value[0], key_states], dim=2)`, `past_key_value = (key_states, value_states) if use_cache else None`) until
# v4.36.0 (released 2023-12-11) replaced it with the Cache classes (huggingface/transformers PR #26681, "Generate: New
# `Cache` abstraction"; its modeling files since say "The cache structure has changed since version v4.36"). A
# measurement made under an earlier release (Calibration.framework_released) held the cache twice at the decode peak.
TRANSFORMERS_CACHE_CLASSES_SINCE = "2023-12-11"


def legacy_cache_copies(model: ModelArch, engine: str, released: str | None = None, decodes: bool = True) -> int:
    """KV caches live at the decode peak: 2 under transformers for remote code with a torch.cat tuple cache, or for any
    model under a transformers release before TRANSFORMERS_CACHE_CLASSES_SINCE (`released`, YYYY-MM-DD; None: the
    current one), else 1. A run that never decodes (`decodes` False: one forward over the prompt) builds one cache."""
    if engine != "transformers" or not decodes:
        return 1
    if model.architecture in LEGACY_TUPLE_CACHE_ARCHITECTURES:
        return 2
    return 2 if released is not None and released < TRANSFORMERS_CACHE_CLASSES_SINCE else 1
