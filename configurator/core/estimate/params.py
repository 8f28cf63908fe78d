"""Parameter counts from an architecture: total, active per token, and by tensor group.

Counts follow the tensors a Hugging Face checkpoint stores: embeddings (tied or not),
attention (MHA/GQA/MQA, DeepSeek's MLA, Qwen3-Next's hybrid of gated full attention and
Gated DeltaNet linear attention, Kimi Delta Attention beside MLA, Nemotron-H's Mamba-2 layers,
Gemma 4's wider full-attention layers), dense or MoE MLPs with shared experts,
norms and biases. Tested against the published counts of every catalog model.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import ModelArch
from configurator.core.common.memo import remember


@dataclass(frozen=True)
class ParamCounts:
    """Parameter counts split the way memory and speed estimates need them."""

    embedding: int  # input token embedding table
    lm_head: int  # output projection (0 when tied to the embedding)
    attention: int  # all layers: q, k, v, o (or MLA projections) and their biases
    dense_mlp: int  # all dense MLP layers, plus shared experts and routers of MoE layers
    experts: int  # all routed experts of all MoE layers
    experts_active: int  # routed experts used per token, all layers
    norms: int
    position: int  # learned absolute position table (GPT-3)
    layers: int
    per_layer_embedding: int = 0  # Gemma 3n per-layer tables, inside `embedding` (a lookup, never the output head)

    @property
    def total(self) -> int:
        return (
            self.embedding + self.lm_head + self.attention + self.dense_mlp + self.experts + self.norms + self.position
        )

    @property
    def active(self) -> int:
        """Parameters touched per token (embedding rows are a lookup, but counted as
        published model cards do: the whole table)."""
        return self.total - self.experts + self.experts_active

    @property
    def matmul_active(self) -> int:
        """Parameters in matrix multiplies per token: the 2*N FLOPs of a forward pass."""
        return (
            self.attention
            + self.dense_mlp
            + self.experts_active
            + self.lm_head
            + (self.embedding - self.per_layer_embedding if self.lm_head == 0 else 0)
        )


def _linear_attention_params(m: ModelArch) -> int:
    """One Gated DeltaNet layer, tensor by tensor as HF Qwen3NextGatedDeltaNet stores it."""
    la = m.linear_attention
    assert la is not None
    h = m.hidden_size
    key_dim = la.num_key_heads * la.key_head_dim
    value_dim = la.num_value_heads * la.value_head_dim
    in_proj_qkvz = h * (2 * key_dim + 2 * value_dim)
    in_proj_ba = h * 2 * la.num_value_heads  # beta and decay-rate projections
    conv = (2 * key_dim + value_dim) * la.conv_kernel  # depthwise, no bias
    per_head = 2 * la.num_value_heads  # dt_bias and A_log
    norm = la.value_head_dim  # gated RMSNorm over each value head
    out_proj = value_dim * h
    return in_proj_qkvz + in_proj_ba + conv + per_head + norm + out_proj


def kda_layer_params(m: ModelArch) -> int:
    """One Kimi Delta Attention layer, tensor by tensor as HF Glm5NextTextLinearAttention (transformers
    models/glm5_next, with its Glm5NextTextForgetGate) and Kimi Linear's KimiDeltaAttention (modeling_kimi.py) store it:
    q/k/v projections, depthwise q/k/v short convolutions without bias, the low-rank forget gate (f_a, f_b) with its
    per-channel dt_bias and per-head A_log, the per-head beta (b_proj), the low-rank output gate (g_a, g_b), the gated
    RMSNorm over each head and o_proj."""
    kda = m.kda
    assert kda is not None
    h, d = m.hidden_size, kda.head_dim
    qkv_dim = kda.num_heads * d
    projections = 3 * h * qkv_dim
    conv = 3 * qkv_dim * kda.conv_kernel
    forget_gate = h * d + d * qkv_dim + qkv_dim + kda.num_heads  # f_a_proj, f_b_proj, dt_bias, A_log
    beta = h * kda.num_heads
    output_gate = h * d + d * qkv_dim  # g_a_proj, g_b_proj
    return projections + conv + forget_gate + beta + output_gate + d + qkv_dim * h  # o_norm, o_proj


def dsa_indexer_params(m: ModelArch) -> int:
    """One MLA layer's lightning indexer, tensor by tensor as HF Glm5NextTextIndexer stores it: wq_b (q latent ->
    heads x head_dim), wk (hidden -> head_dim), the keys' LayerNorm (weight and bias), weights_proj (hidden -> heads),
    index_kpool_compress_ape (kpool x head_dim) and _gate (head_dim x hidden), made whatever its kpool."""
    ix, mla = m.dsa_indexer, m.mla
    assert ix is not None and mla is not None and mla.q_lora_rank
    h, d = m.hidden_size, ix.head_dim
    return mla.q_lora_rank * ix.n_heads * d + h * d + 2 * d + h * ix.n_heads + ix.kpool * d + d * h


def hyper_connection_params(m: ModelArch) -> int:
    """GLM-5.3-Flash's mHC (Glm5NextTextHyperConnection, DeepSeek-V4's module): per layer an attention and an FFN
    hyper-connection, each fn ((2 + hc) x hc rows over the hc x hidden streams), base and 3 scales; the final
    collapse is an unweighted mean (Glm5NextTextHyperHead), no weights."""
    hc = m.hyper_connections
    if hc <= 1:
        return 0
    mix = (2 + hc) * hc
    return m.num_layers * 2 * (mix * hc * m.hidden_size + mix + 3)


def _mamba_params(m: ModelArch) -> int:
    """One Mamba-2 mixer layer, tensor by tensor as HF NemotronHMamba2Mixer stores it."""
    mb = m.mamba
    assert mb is not None
    h = m.hidden_size
    inner = mb.num_heads * mb.head_dim
    bc = 2 * mb.n_groups * mb.state_size  # the B and C projections
    in_proj = h * (2 * inner + bc + mb.num_heads)  # z (gate), x, B, C and dt in one matrix
    conv_dim = inner + bc
    conv = conv_dim * mb.conv_kernel + conv_dim  # depthwise causal conv1d with its bias (use_conv_bias)
    per_head = 3 * mb.num_heads  # dt_bias, A_log and D
    norm = inner  # gated RMSNorm over the mixer output
    return in_proj + conv + per_head + norm + inner * h


def _global_attention_params(m: ModelArch) -> int:
    """One full-attention layer of a model whose full layers have their own head geometry (Gemma 4)."""
    g = m.global_attention
    assert g is not None
    h = m.hidden_size
    q_dim = (g.num_heads or m.num_attention_heads) * g.head_dim  # Laguna's full layers have fewer query heads
    kv_dim = g.num_kv_heads * g.head_dim
    return h * q_dim + h * kv_dim * (1 if g.k_eq_v else 2) + q_dim * h


def head_gate_params(m: ModelArch) -> int:
    """The per-head output gates of all attention layers (Laguna's g_proj: hidden -> one scalar per query head)."""
    if not m.attention_head_gate:
        return 0
    full = m.attention_layers
    if m.global_attention is None:
        return full * m.hidden_size * m.num_attention_heads
    windowed = m.num_layers if m.sliding_window_layers is None else m.sliding_window_layers
    global_heads = m.global_attention.num_heads or m.num_attention_heads
    return m.hidden_size * (windowed * m.num_attention_heads + (full - windowed) * global_heads)


def sink_params(m: ModelArch) -> int:
    """The attention sinks of all attention layers: one learned logit per query head (HF GptOssAttention.sinks)."""
    return m.attention_layers * m.num_attention_heads if m.attention_sinks else 0


def _compressed_attention_params(m: ModelArch) -> int:
    """All DeepSeek-V4 attention layers, tensor by tensor as HF DeepseekV4Attention, its CSA / HCA
    compressors, the CSA Lightning Indexer and the two mHC hyper-connections of each layer store them."""
    ca = m.compressed_attention
    assert ca is not None
    h, hd, heads = m.hidden_size, m.head_dim, m.num_attention_heads
    base = (
        h * ca.q_lora_rank
        + ca.q_lora_rank  # q_a_proj, q_norm
        + ca.q_lora_rank * heads * hd  # q_b_proj
        + h * hd
        + hd  # kv_proj (one shared K=V head), kv_norm
        + (heads * hd // ca.o_groups) * ca.o_groups * ca.o_lora_rank  # o_a_proj, block-diagonal by group
        + ca.o_groups * ca.o_lora_rank * h  # o_b_proj
        + heads
    )  # attention sinks
    mix = (2 + ca.hc_mult) * ca.hc_mult
    hyper = 2 * (mix * ca.hc_mult * h + mix + 3) if ca.hc_mult > 1 else 0  # attn_hc and ffn_hc
    total = 0
    for ratio in ca.compress_ratios:
        total += base + hyper
        if ratio == 0:
            continue
        coff = 2 if ratio == ca.index_ratio else 1  # CSA windows overlap: kv and gate project to 2 x head_dim
        total += 2 * h * coff * hd + ratio * coff * hd + hd  # kv_proj, gate_proj, position_bias, kv_norm
        if ratio == ca.index_ratio:  # the Lightning Indexer: its own pool at index_head_dim
            ihd = ca.index_head_dim
            total += (
                2 * h * 2 * ihd + ratio * 2 * ihd + ihd + ca.q_lora_rank * ca.index_n_heads * ihd + h * ca.index_n_heads
            )
    if ca.hc_mult > 1:
        total += ca.hc_mult * ca.hc_mult * h + ca.hc_mult + 1  # the final hc_head collapse
    return total


def _attention_params(m: ModelArch) -> int:
    """One full-attention layer."""
    h = m.hidden_size
    if m.mla is not None:
        mla = m.mla
        qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
        heads = m.num_attention_heads
        if mla.q_lora_rank:
            q = h * mla.q_lora_rank + mla.q_lora_rank + mla.q_lora_rank * heads * qk_head
        else:
            q = h * heads * qk_head
        kv_down = h * (mla.kv_lora_rank + mla.qk_rope_head_dim) + mla.kv_lora_rank  # + kv norm
        kv_up = mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim)
        out = heads * mla.v_head_dim * h
        return q + kv_down + kv_up + out
    q_dim = m.num_attention_heads * m.head_dim
    kv_dim = m.num_kv_heads * m.head_dim
    # gated attention doubles q_proj: it emits the queries and a per-channel sigmoid gate
    q_out = 2 * q_dim if m.attention_output_gate else q_dim
    weights = h * q_out + 2 * h * kv_dim + q_dim * h
    bias = 0
    if m.linear_bias in ("qkv", "all"):
        bias += q_dim + 2 * kv_dim
    if m.linear_bias == "all":
        bias += h
    return weights + bias


def qk_norm_params(m: ModelArch) -> int:
    """The query and key RMSNorm weights of all attention layers: one head_dim-wide pair a layer where every head shares
    them (HF Qwen3Attention, Qwen3NextAttention, Glm4MoeAttention with use_qk_norm, Gemma3Attention, Gemma4TextAttention:
    q_norm and k_norm over head_dim), one across all query heads and one across all key heads where they do not (HF
    MiniMaxM2Attention with qk_norm_type per_layer)."""
    if m.qk_norm == "head" and m.global_attention is not None:
        # Gemma 4 (Gemma4TextAttention): q_norm and k_norm over each layer's own head_dim, global_head_dim on full layers
        windowed = m.num_layers if m.sliding_window_layers is None else m.sliding_window_layers
        return 2 * (windowed * m.head_dim + (m.attention_layers - windowed) * m.global_attention.head_dim)
    if m.qk_norm == "head":
        return m.attention_layers * 2 * m.head_dim
    if m.qk_norm == "heads":
        return m.attention_layers * (m.num_attention_heads + m.num_kv_heads) * m.head_dim
    return 0


def mtp_module_params(m: ModelArch, own_embedding: bool) -> int:
    """One DeepSeek-V3-style multi-token-prediction module as a checkpoint ships it beside the model (HF deepseek_v3's
    and glm4_moe's layer `num_hidden_layers`, which transformers' loaders skip): one more decoder layer of the model's
    last kind, enorm and hnorm, eh_proj (2 x hidden -> hidden) and shared_head.norm, and where the checkpoint stores them
    (`own_embedding`: GLM-4.5, GLM-4.5-Air, DeepSeek-V3) its own copies of the token table and the output head. Not in
    `count_params`, which counts what inference loads; the checkpoints' published totals hold it. Qwen3-Next's and
    Qwen3.5's module (Qwen3NextMultiTokenPredictor: mtp.fc, pre_fc_norm_embedding / _hidden, mtp.norm) is the same around
    one full-attention layer. Nemotron-H's, Kimi Linear's and DeepSeek-V4's stacks name their MTP layer otherwise: refused."""
    if m.mamba is not None or m.kda is not None or m.compressed_attention is not None:
        raise ValueError(f"{m.id}: an MTP module of this hybrid stack is not one more layer of a kind it counts")
    base = m.model_copy(update={"linear_attention": None}) if m.linear_attention is not None else m
    layer = count_params(base.model_copy(update={"num_layers": m.num_layers + 1})).total - count_params(base).total
    h = m.hidden_size
    return layer + 2 * h + 2 * h * h + h + (2 * m.vocab_size * h if own_embedding else 0)


def _mlp_params(hidden: int, width: int, gated: bool, bias: bool) -> int:
    mats = 3 if gated else 2
    weights = mats * hidden * width
    if bias:
        weights += (2 if gated else 1) * width + hidden
    return weights


def count_params(m: ModelArch) -> ParamCounts:
    """Count parameters from the architecture alone. Remembered per model record: an estimate counts them two or three
    times, a map about 11,000 times (#34)."""
    return remember("count_params", id(m), (m,), lambda: _count_params(m))


def _count_params(m: ModelArch) -> ParamCounts:
    h = m.hidden_size
    bias = m.linear_bias == "all"
    norm_size = h * (2 if m.norm == "layernorm" else 1)
    full = m.attention_layers
    attention = full * _attention_params(m)
    if m.global_attention is not None:
        # sliding layers keep the base geometry; the rest are full layers with their own
        windowed = m.num_layers if m.sliding_window_layers is None else m.sliding_window_layers
        attention = windowed * _attention_params(m) + (full - windowed) * _global_attention_params(m)
    attention += head_gate_params(m) + sink_params(m)
    if m.linear_attention is not None:
        attention += (m.num_layers - full) * _linear_attention_params(m)
    if m.kda is not None:
        attention += m.recurrent_layers * kda_layer_params(m)
    if m.dsa_indexer is not None:
        attention += full * dsa_indexer_params(m)
    attention += hyper_connection_params(m)
    if m.compressed_attention is not None:
        attention = _compressed_attention_params(m)
    norms = m.num_layers * m.norms_per_layer * norm_size + norm_size + qk_norm_params(m)
    dense_mlp = experts = experts_active = 0
    if m.mamba is not None:
        # Nemotron-H: every layer is a single block (one norm each) of one kind
        attention += m.mamba.layers("M") * _mamba_params(m)
        norms = m.num_layers * norm_size + norm_size + qk_norm_params(m)
        dense_mlp = m.mamba.layers("-") * _mlp_params(h, m.intermediate_size, m.mlp_gated, bias)
        if m.moe is not None:
            moe = m.moe
            moe_layers = m.mamba.layers("E")
            expert = _mlp_params(moe.expert_width_in(h), moe.expert_intermediate_size, m.mlp_gated, bias)
            shared = (
                _mlp_params(h, moe.shared_intermediate_size, m.mlp_gated, bias) if moe.shared_intermediate_size else 0
            )
            dense_mlp += moe_layers * (moe.router_params(h) + shared + moe.latent_projection_params(h))
            experts = moe_layers * moe.num_experts * expert
            experts_active = moe_layers * moe.experts_per_token * expert
    elif m.moe is None:
        dense_mlp = m.num_layers * _mlp_params(h, m.intermediate_size, m.mlp_gated, bias)
    else:
        moe = m.moe
        dense_width = moe.dense_intermediate_size or m.intermediate_size
        # closed form, so a hostile layer count costs nothing: after the leading dense layers,
        # every moe_layer_step-th layer is MoE (layer index f + k*step + step - 1)
        moe_layers = max(0, m.num_layers - moe.first_dense_layers) // moe.moe_layer_step
        dense_layers = m.num_layers - moe_layers
        expert = _mlp_params(moe.expert_width_in(h), moe.expert_intermediate_size, m.mlp_gated, bias)
        router = moe.router_params(h) + moe.shared_gate_params(h)
        shared = _mlp_params(h, moe.shared_intermediate_size, m.mlp_gated, bias) if moe.shared_intermediate_size else 0
        dense_mlp = dense_layers * _mlp_params(h, dense_width, m.mlp_gated, bias) + moe_layers * (
            router + shared + moe.latent_projection_params(h)
        )
        experts = moe_layers * moe.num_experts * expert
        experts_active = moe_layers * moe.experts_per_token * expert
    embedding = m.vocab_size * h
    per_layer_embedding = 0
    if m.per_layer_input is not None:
        # Gemma 3n (HF Gemma3nTextModel): one table of num_layers x ple_dim columns, looked up like the token
        # embedding (counted with it: a lookup, kept 16-bit); per_layer_model_projection (h -> layers x ple_dim)
        # and each layer's per_layer_input_gate (h -> ple_dim) and per_layer_projection (ple_dim -> h) are matmuls
        ple = m.per_layer_input
        per_layer_embedding = ple.vocab_size * m.num_layers * ple.hidden_size
        embedding += per_layer_embedding
        dense_mlp += h * m.num_layers * ple.hidden_size + m.num_layers * 2 * h * ple.hidden_size
    lm_head = 0 if m.tie_embeddings else m.vocab_size * h
    position = m.max_context * h if m.learned_position_embeddings else 0
    return ParamCounts(
        embedding=embedding,
        lm_head=lm_head,
        attention=attention,
        dense_mlp=dense_mlp,
        experts=experts,
        experts_active=experts_active,
        norms=norms,
        position=position,
        layers=m.num_layers,
        per_layer_embedding=per_layer_embedding,
    )
