"""GGUF file bytes tensor by tensor: the type llama.cpp's quantizer gives each tensor, and its block size."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.params import (
    _compressed_attention_params,
    _global_attention_params,
    _linear_attention_params,
    _mamba_params,
    dsa_indexer_params,
    head_gate_params,
    hyper_connection_params,
    kda_layer_params,
    sink_params,
)

# Source of the rules below: llama.cpp src/llama-quant.cpp, llama_tensor_get_type(), at commit
# c392e5094deaf2d1a7c18683214f007fad3fe42b (2025-02-20); block sizes: ggml/src/ggml-common.h (same commit),
# the static_asserts on sizeof(block_*): bytes per block / weights per block.
BLOCKS: dict[str, tuple[int, int]] = {
    "q4_0": (18, 32),  # fp16 scale + 32 nibbles
    "q4_1": (20, 32),
    "q5_0": (22, 32),
    "q5_1": (24, 32),
    "q8_0": (34, 32),  # fp16 scale + 32 bytes
    "q2_k": (84, 256),  # 2*fp16 + QK_K/16 + QK_K/4
    "q3_k": (110, 256),  # fp16 + QK_K/4 + QK_K/8 + 12
    "q4_k": (144, 256),  # 2*fp16 + 12 + QK_K/2
    "q5_k": (176, 256),  # 2*fp16 + 12 + QK_K/2 + QK_K/8
    "q6_k": (210, 256),  # fp16 + QK_K/16 + 3*QK_K/4
    "iq4_nl": (18, 32),
    "f16": (2, 1),
    "f32": (4, 1),
}
# bits per weight of each ggml type, from its block
TYPE_BITS: dict[str, float] = {t: 8 * b / n for t, (b, n) in BLOCKS.items()}
# the type of every tensor no rule singles out (llama_model_quantize_impl: default_type per ftype)
FTYPE_DEFAULT: dict[str, str] = {
    "q2_k": "q2_k",
    "q3_k_s": "q3_k",
    "q3_k_m": "q3_k",
    "q3_k_l": "q3_k",
    "q4_k_s": "q4_k",
    "q4_k_m": "q4_k",
    "q5_k_s": "q5_k",
    "q5_k_m": "q5_k",
    "q6_k": "q6_k",
    "q4_0": "q4_0",
    "q8_0": "q8_0",
}
# a K-type whose rows do not divide into its blocks falls back (the convert_incompatible_tensor switch)
_FALLBACK = {"q2_k": "iq4_nl", "q3_k": "iq4_nl", "q4_k": "q5_0", "q5_k": "q5_1", "q6_k": "q8_0"}
# llama-model.cpp load_hparams: 80 layers read as LLM_TYPE_70B for these architectures (llama only with GQA;
# an 80-layer MHA llama is 65B), which earns attn_v a Q5_K (the "8 heads share attn_v" comment)
_TYPE_70B_ARCHS = ("llama", "mistral", "qwen2", "olmo", "deci")


def _use_more_bits(i_layer: int, n_layers: int) -> bool:
    return i_layer < n_layers // 8 or i_layer >= 7 * n_layers // 8 or (i_layer - n_layers // 8) % 3 == 2


def _fit(t: str, ne0: int) -> str:
    """The type actually stored for a tensor whose rows have ne0 weights."""
    if ne0 % BLOCKS[t][1] == 0:
        return t
    fb = _FALLBACK.get(t, "f16")
    return fb if ne0 % BLOCKS[fb][1] == 0 else "f16"


def _bytes(t: str, params: int, ne0: int) -> float:
    return params * TYPE_BITS[_fit(t, ne0)] / 8


@dataclass(frozen=True)
class GgufBytes:
    """Bytes of a GGUF file by the tensor groups of ParamCounts (norms and positions excepted)."""

    embedding: float
    lm_head: float
    attention: float
    dense_mlp: float
    experts: float
    types: tuple[tuple[str, str], ...]  # (tensor class, "type" or "type1 xN / type2 xM"), for the explanation


def output_type(ftype: str, ne0: int) -> str:
    """output.weight (and a tied token_embd): Q6_K unless the file is Q8_0."""
    base = FTYPE_DEFAULT[ftype]
    if ne0 % BLOCKS[base][1] != 0:
        return "q8_0"
    return base if base == "q8_0" else "q6_k"


def _attn_v(ftype: str, i: int, n: int, n_gqa: int, n_expert: int, is_70b: bool) -> str:
    t = FTYPE_DEFAULT[ftype]
    if ftype == "q2_k":
        t = "q4_k" if n_gqa >= 4 else "q3_k"
    elif ftype == "q3_k_m":
        t = "q5_k" if i < 2 else "q4_k"
    elif ftype == "q3_k_l":
        t = "q5_k"
    elif ftype in ("q4_k_m", "q5_k_m") and _use_more_bits(i, n):
        t = "q6_k"
    elif ftype == "q4_k_s" and i < 4:
        t = "q5_k"
    if is_70b and t in ("q3_k", "q4_k"):
        t = "q5_k"
    if n_expert == 8:
        t = "q8_0"
    return t


def _ffn_down(ftype: str, i: int, n: int) -> str:
    t = FTYPE_DEFAULT[ftype]
    if ftype == "q2_k":
        return "q3_k"
    if ftype == "q3_k_m":
        return "q5_k" if i < n // 16 else "q4_k"  # Q3_K only on Falcon, which the catalog does not hold
    if ftype == "q3_k_l":
        return "q5_k"
    if ftype == "q4_k_m" and _use_more_bits(i, n):
        return "q6_k"
    if ftype == "q5_k_m" and _use_more_bits(i, n):
        return "q6_k"
    if ftype == "q4_k_s" and i < n // 8:
        return "q5_k"
    return t


def _attn_output(ftype: str, n_expert: int) -> str:
    if n_expert == 8:
        return "q5_k" if ftype in ("q2_k", "q3_k_s", "q3_k_m", "q4_k_s", "q4_k_m") else FTYPE_DEFAULT[ftype]
    return {"q2_k": "q3_k", "q3_k_m": "q4_k", "q3_k_l": "q5_k"}.get(ftype, FTYPE_DEFAULT[ftype])


def _mix(tally: dict[str, int]) -> str:
    return " / ".join(f"{t.upper()} x{n}" for t, n in sorted(tally.items(), key=lambda kv: -kv[1]))


def gguf_bytes(model: ModelArch, ftype: str) -> GgufBytes:
    """Bytes of each tensor group at llama-quantize's per-tensor types for `ftype` (a FTYPE_DEFAULT key).

    Remembered per record (a frozen record: the same object, the same bytes). Not keyed by the record's JSON: dumping
    a record builds its class's serializer, about 25 ms of CPU the first time, which the estimate command paid for a
    GGUF precision on every run (#34); computing the bytes again for another object costs about 0.2 ms."""
    key = (id(model), ftype)
    kept = _REMEMBERED.get(key)
    if kept is not None and kept[0] is model:
        return kept[1]
    found = _gguf_bytes(model, ftype)
    if len(_REMEMBERED) >= _REMEMBERED_MAX:
        _REMEMBERED.clear()
    _REMEMBERED[key] = (model, found)  # the record kept with its bytes, so its id is not reused while remembered
    return found


_REMEMBERED: dict[tuple[int, str], tuple[ModelArch, GgufBytes]] = {}
_REMEMBERED_MAX = 256


@dataclass(frozen=True)
class _Quantizer:
    """llama-quantize's view of one model at one ftype: the default type and what its per-tensor rules read."""

    m: ModelArch
    ftype: str
    base: str  # the type of every tensor no rule singles out
    n_expert: int
    n_gqa: int
    is_70b: bool


def _quantizer(m: ModelArch, ftype: str) -> _Quantizer:
    n_gqa = m.num_attention_heads // m.num_kv_heads if m.mla is None else 1  # llama.cpp runs MLA as MHA
    return _Quantizer(
        m=m,
        ftype=ftype,
        base=FTYPE_DEFAULT[ftype],
        n_expert=m.moe.num_experts if m.moe is not None else 0,
        n_gqa=n_gqa,
        is_70b=m.num_layers == 80 and m.architecture in _TYPE_70B_ARCHS and (m.architecture != "llama" or n_gqa > 1),
    )


def _tables(q: _Quantizer) -> tuple[float, float, str, str]:
    """(token embedding bytes, output bytes, their types): lookup tables whose rows are hidden_size long."""
    m, base, h = q.m, q.base, q.m.hidden_size
    head_t = output_type(q.ftype, h)
    emb_t = head_t if m.tie_embeddings else _fit(base, h)
    plain_emb = m.vocab_size * h
    embedding = _bytes(emb_t, plain_emb, h)
    if m.per_layer_input is not None:  # Gemma 3n per-layer tables: the file's default type (no rule names them)
        ple = m.per_layer_input
        embedding += _bytes(base, ple.vocab_size * m.num_layers * ple.hidden_size, ple.hidden_size)
    lm_head = 0.0 if m.tie_embeddings else _bytes(head_t, m.vocab_size * h, h)
    return embedding, lm_head, emb_t, head_t


def _mla_layer(q: _Quantizer, o_t: str) -> tuple[float, ...]:
    """An MLA layer's tensors, in the order they are summed: attn_q_a/_b and attn_kv_a_mqa, attn_kv_b (no rule names
    them), attn_output (its rule)."""
    m, base, h = q.m, q.base, q.m.hidden_size
    mla = m.mla
    assert mla is not None
    heads = m.num_attention_heads
    qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
    q_bytes = h * mla.q_lora_rank + mla.q_lora_rank * heads * qk_head if mla.q_lora_rank else h * heads * qk_head
    return (
        _bytes(base, q_bytes, h) + _bytes(base, h * (mla.kv_lora_rank + mla.qk_rope_head_dim), h),
        _bytes(base, mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim), mla.kv_lora_rank),
        _bytes(o_t, heads * mla.v_head_dim * h, heads * mla.v_head_dim),
    )


def _attention(q: _Quantizer, o_t: str, k_t: str) -> tuple[float, dict[str, int]]:
    """Attention bytes layer by layer (attn_v's rule counts attention layers: i_attention_wv), then the mixers no
    rule names; and the tally of attn_v's types."""
    m, base, h = q.m, q.base, q.m.hidden_size
    attention = 0.0
    v_types: dict[str, int] = {}
    n_attn = m.attention_layers
    q_dim, kv_dim = m.num_attention_heads * m.head_dim, m.num_kv_heads * m.head_dim
    for i in range(0 if m.compressed_attention is not None else n_attn):
        if m.mla is not None:
            for term in _mla_layer(q, o_t):
                attention += term
            continue
        v_t = _attn_v(q.ftype, i, n_attn, q.n_gqa, q.n_expert, q.is_70b)
        v_types[_fit(v_t, h)] = v_types.get(_fit(v_t, h), 0) + 1
        q_out = 2 * q_dim if m.attention_output_gate else q_dim
        attention += _bytes(base, h * q_out, h) + _bytes(k_t, h * kv_dim, h) + _bytes(v_t, h * kv_dim, h)
        attention += _bytes(o_t, q_dim * h, q_dim)
        # biases are 1-D: never quantized, F32 as the converter writes them
        if m.linear_bias in ("qkv", "all"):
            attention += (q_dim + 2 * kv_dim) * 4
        if m.linear_bias == "all":
            attention += h * 4
    # per-head output gates (Laguna's attn_gate): no rule names them, the default type; gpt-oss's attn_sinks are 1-D, F32
    attention += _bytes(base, head_gate_params(m), h) + sink_params(m) * 4
    # Gated DeltaNet layers (ssm_* tensors): no rule names them, the default type
    if m.linear_attention is not None:
        attention += _bytes(base, (m.num_layers - n_attn) * _linear_attention_params(m), h)
    # Kimi Delta Attention layers (llama.cpp kimi_linear), GLM-5.3-Flash's indexers and mHC hyper-connections: no rule
    # names them, the default type (as the DeltaNet's)
    if m.kda is not None:
        attention += _bytes(base, m.recurrent_layers * kda_layer_params(m), h)
    if m.dsa_indexer is not None:
        attention += _bytes(base, n_attn * dsa_indexer_params(m), h)
    attention += _bytes(base, hyper_connection_params(m), h)
    if m.compressed_attention is not None:  # DeepSeek-V4 attention, compressors and indexers: the default type
        attention += _bytes(base, _compressed_attention_params(m), h)
    if m.mamba is not None:  # Mamba-2 mixers (ssm_* tensors): the default type
        attention += _bytes(base, m.mamba.layers("M") * _mamba_params(m), h)
    if m.global_attention is not None:  # Gemma 4's full layers are wider than the loop above priced them
        windowed = m.num_layers if m.sliding_window_layers is None else m.sliding_window_layers
        plain = h * (2 * q_dim + 2 * kv_dim)
        attention += _bytes(base, (n_attn - windowed) * (_global_attention_params(m) - plain), h)
    return attention, v_types


def _is_moe_layer(m: ModelArch, i: int) -> bool:
    moe = m.moe
    if m.mamba is not None:
        return m.mamba.pattern[i] == "E"
    return (
        moe is not None and i >= moe.first_dense_layers and (i - moe.first_dense_layers + 1) % moe.moe_layer_step == 0
    )


def _mlps(q: _Quantizer) -> tuple[float, float, dict[str, int]]:
    """(dense MLP bytes, routed expert bytes, the tally of ffn_down's types), layer by layer: ffn_down's rule goes by
    the layer index of the tensor's name."""
    m, base, h, L = q.m, q.base, q.m.hidden_size, q.m.num_layers
    moe = m.moe
    dense_mlp = experts = 0.0
    down_types: dict[str, int] = {}
    gated = m.mlp_gated
    for i in range(L):
        d_t = _ffn_down(q.ftype, i, L)
        if m.mamba is not None and m.mamba.pattern[i] not in "E-":
            continue  # a Nemotron-H mixer or attention block carries no MLP
        if moe is None or not _is_moe_layer(m, i):
            width = m.intermediate_size if moe is None else (moe.dense_intermediate_size or m.intermediate_size)
            dense_mlp += (_bytes(base, 2 * h * width, h) if gated else _bytes(base, h * width, h)) + _bytes(
                d_t, width * h, width
            )
            if m.linear_bias == "all":
                dense_mlp += ((2 if gated else 1) * width + h) * 4
            down_types[_fit(d_t, width)] = down_types.get(_fit(d_t, width), 0) + 1
            continue
        w, e_in = moe.expert_intermediate_size, moe.expert_width_in(h)
        up = (2 if gated else 1) * e_in * w * moe.num_experts
        experts += _bytes(base, up, e_in) + _bytes(d_t, w * e_in * moe.num_experts, w)
        if moe.latent_size:  # the latent down- and up-projection (ffn_latent_in / ffn_latent_out): the default type
            dense_mlp += _bytes(base, moe.latent_projection_params(h), h)
        down_types[_fit(d_t, w)] = down_types.get(_fit(d_t, w), 0) + 1
        if moe.shared_intermediate_size:  # ffn_*_shexp: ffn_down_shexp matches the ffn_down rule
            s = moe.shared_intermediate_size
            dense_mlp += _bytes(base, (2 if gated else 1) * h * s, h) + _bytes(d_t, s * h, s)
        # ffn_gate_inp (and exp_probs_b, the router's bias) are never quantized; the converter writes them F32, and the
        # shared expert's gate ffn_gate_inp_shexp as a 1-D F32 tensor of hidden_size (qwen35moe, qwen3next)
        dense_mlp += (moe.router_params(h) + moe.shared_gate_params(h)) * 4
    if m.per_layer_input is not None:  # Gemma 3n's per-layer projections: the default type
        ple_dim = m.per_layer_input.hidden_size
        dense_mlp += _bytes(base, h * L * ple_dim + L * 2 * h * ple_dim, h)
    return dense_mlp, experts, down_types


def _gguf_bytes(m: ModelArch, ftype: str) -> GgufBytes:
    q = _quantizer(m, ftype)
    base, h = q.base, m.hidden_size
    embedding, lm_head, emb_t, head_t = _tables(q)
    o_t = _attn_output(ftype, q.n_expert)
    k_t = "q8_0" if q.n_expert == 8 else base
    attention, v_types = _attention(q, o_t, k_t)
    dense_mlp, experts, down_types = _mlps(q)
    types = (
        ("token_embd", emb_t.upper()),
        ("output", head_t.upper() if not m.tie_embeddings else "tied"),
        ("attn_v", _mix(v_types) if v_types else base.upper()),
        ("attn_k", _fit(k_t, h).upper()),
        ("attn_output", _fit(o_t, m.num_attention_heads * m.head_dim).upper()),
        ("ffn_down", _mix(down_types)),
        ("other", base.upper()),
    )
    return GgufBytes(embedding, lm_head, attention, dense_mlp, experts, types)
