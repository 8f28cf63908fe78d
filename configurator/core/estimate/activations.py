"""What training trains and keeps per layer: LoRA adapter sizes, and the activations a block saves for backward."""

from __future__ import annotations

from configurator.core.catalog.models import ModelArch


def lora_params(model: ModelArch, rank: int, targets: str) -> int:
    """Adapter parameters: r x (d_in + d_out) per adapted matrix (LoRA paper, sec. 4)."""
    h = model.hidden_size
    q = model.num_attention_heads * model.head_dim
    kv = model.num_kv_heads * model.head_dim
    per_layer = rank * ((h + q) + 2 * (h + kv) + (q + h))
    if targets == "all-linear":
        if model.moe is None:
            inter = model.intermediate_size
            per_layer += rank * (3 if model.mlp_gated else 2) * (h + inter)
        else:  # a latent MoE's experts read and write its latent width (MoeSpec.expert_width_in)
            inter, e_in = model.moe.expert_intermediate_size, model.moe.expert_width_in(h)
            per_layer += rank * (3 if model.mlp_gated else 2) * (e_in + inter) * model.moe.num_experts
    return model.num_layers * per_layer


def lora_inputs_per_layer(model: ModelArch, targets: str) -> int:
    """Input width summed over one layer's adapted matrices (the same matrices as lora_params)."""
    h = model.hidden_size
    q = model.num_attention_heads * model.head_dim
    width = 3 * h + q  # q, k, v read the layer input; the output projection the attention output
    if targets == "all-linear":
        if model.moe is None:
            inter = model.intermediate_size
        else:  # each token passes through its routed experts only, at a latent MoE's latent width
            inter = model.moe.expert_intermediate_size * model.moe.experts_per_token
            h = model.moe.expert_width_in(h) * model.moe.experts_per_token
        width += (2 * h + inter) if model.mlp_gated else (h + inter)
    return width


def block_widths(model: ModelArch) -> tuple[int, int, int, int]:
    """(hidden, query width, key/value width, MLP intermediate width a token passes through) of one block."""
    inter = model.intermediate_size
    if model.moe is not None:
        inter = model.moe.expert_intermediate_size * model.moe.experts_per_token + model.moe.shared_intermediate_size
    return model.hidden_size, model.num_attention_heads * model.head_dim, model.num_kv_heads * model.head_dim, inter


def activation_bytes_per_layer(model: ModelArch, seq: int, batch: int, fused: bool = False) -> float:
    """Saved activations of one block in bf16, flash attention (no s^2 term).

    Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
    Models") give 34*s*b*h bytes for a GPT block; this is the same count itemised for
    gated MLPs and GQA: norms' inputs, q/k/v, attention output, MLP gate/up/activation.

    `fused`: the block as lit-gpt runs it with fused kernels (TinyLlama, lit_gpt/model.py at
    jzhang38/TinyLlama@09baa9e9), counted from the code: the fused RMSNorms save their input (and one fp32 rstd per
    token); rotary runs in place on the q/k views of the projection's output (`apply_rotary_emb_func(q, cos, sin,
    False, True)`: no rotated copy); FlashAttention-2 saves q, k, v, its output (the output projection's input) and one
    fp32 log-sum-exp per head; xformers' fused SwiGLU saves its input and the two up-projections (x, x1, x2) and
    recomputes silu(x1) * x2 in backward (swiglu_op.py, `ctx.save_for_backward(x, w1, w2, w3, x1, x2)`).
    """
    h, q, kv, inter = block_widths(model)
    routed = 2 * routed_inputs(model)
    if fused:
        attention = 2 * h + 4 + 2 * h + 2 * (q + 2 * kv) + 2 * q + 4 * model.num_attention_heads
        mlp = 2 * h + 4 + 2 * h + routed + (2 if model.mlp_gated else 1) * 2 * inter
        return seq * batch * (attention + mlp)
    attention = 2 * h + 2 * h + 2 * (q + 2 * kv) + 2 * (q + kv) + 2 * q  # norm in, proj in, qkv, rope'd q/k, attn out
    mlp = 2 * h + 2 * h + routed + (4 if model.mlp_gated else 2) * 2 * inter  # norm in, proj in, gate/up/act/product
    return seq * batch * (attention + mlp)


def routed_inputs(model: ModelArch) -> int:
    """Elements per token an MoE block saves as its routed experts' input: the top-k permuted copies of the token (at
    a latent MoE's latent width), which the experts' first GEMM keeps for its weight gradient as any linear layer keeps
    its input (Megatron-Core runs the experts as Transformer Engine's GroupedLinear on the permuted tokens,
    NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/moe/experts.py; Hugging Face's MoE blocks index
    `hidden_states[token_idx]` per expert). The norm's output the router reads is the block's own `proj in`; the
    experts' outputs are not kept, since Megatron-Core multiplies the routing probabilities inside the activation
    ("moving the probs multiplication from unpermutation to activation function of GroupedMLP", its moe/README.md).
    0 for a dense model."""
    moe = model.moe
    if moe is None:
        return 0
    return moe.experts_per_token * moe.expert_width_in(model.hidden_size)


def selective_saved_bytes_per_layer(model: ModelArch, seq: int, batch: int) -> float:
    """What torchtitan's per-operator selective checkpointing keeps of one block (selective_ac_option "op",
    torchtitan/parallelisms/parallelize_llama.py, `_save_list` and `_custom_policy`: every aten.mm output except every
    second one, counted per block in forward order, and the SDPA output; the rest is recomputed in backward). A LLaMA
    block's matmuls run wq, wk, wv, wo, w1, w3, w2: the 1st, 3rd, 5th and 7th are kept (q, v, w1's output, the block's
    MLP output); a two-matrix MLP (fc, proj) keeps q, v and fc's output. Plus the checkpointed block's input, the
    attention output and its fp32 log-sum-exp per head, all bf16 but the last."""
    h, q, kv, inter = block_widths(model)
    kept_mms = q + kv + inter + (h if model.mlp_gated else 0)
    return seq * batch * (2 * h + 2 * kept_mms + 2 * q + 4 * model.num_attention_heads)
