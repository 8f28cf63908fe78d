"""Megatron-Core's selective activation recompute: the modules a layout recomputes, the activation bytes that frees and
the work it costs. One rule, read by the cluster planner's memory and step time and by the Megatron launch command.

Megatron-Core recomputes whole layers (`--recompute-granularity full`) or chosen submodules (`--recompute-granularity
selective --recompute-modules ...`; NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py,
`recompute_modules`: "layernorm": recompute the input_layernorm and pre_mlp_layernorm; "moe_act": recompute the MoE
MLP activation function; "mla_up_proj": recompute the MLA up projection and RoPE applying parts; these three "use
output-discarding checkpointing": the module's output is freed once its consumer has read it and recomputed from the
kept input before backward). The MoE recipes pick those three over full recomputation: Megatron-Core's moe/README.md
("--recompute-granularity selective --recompute-modules moe_act layernorm mla_up_proj"), Megatron-Bridge's DeepSeek-V3
performance recipe (NVIDIA-NeMo/Megatron-Bridge@067f987d perf_recipes/deepseek/h100/deepseek_v3.py: selective,
`mla_up_proj` and `mlp`). The default module, "core_attn", frees nothing under FlashAttention (no score matrix is
kept: activations.activation_bytes_per_layer has no s^2 term), so it is not in the planner's set.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.activations import block_widths
from configurator.core.estimate.moe_layers import moe_layer_count

MEGATRON_SOURCE = "NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py (recompute_modules)"


@dataclass(frozen=True)
class SelectiveRecompute:
    """What `--recompute-granularity selective --recompute-modules <modules>` does to one model's step."""

    modules: tuple[str, ...]
    freed_bytes: float
    """Activation bytes per token, summed over the layers, no longer kept until backward (bf16, before tensor or
    context parallelism divides them, as activations.activation_bytes_per_layer counts them)."""
    flops: float
    """Forward FLOPs per token run again in backward, summed over the layers (the recomputed GEMMs)."""
    traffic_bytes: float
    """Bytes per token the recomputed element-wise modules read and write again (norms, the experts' activation)."""


def selective_recompute(model: ModelArch, fused: bool) -> SelectiveRecompute:
    """The planner's selective recompute of `model`, the MoE recipes' set: "layernorm" and "moe_act", and "mla_up_proj"
    on an MLA model; none for a dense model (its recipes keep every activation or recompute whole layers, and the
    default "core_attn" frees nothing under FlashAttention), so a dense plan is what it was. What each frees is counted
    against the block as activations.activation_bytes_per_layer itemises it (`fused`: the fused count, which keeps no
    activation output and no rotated copy, so those free nothing there):

    - layernorm: the two norms' outputs, 2 x hidden bf16 each (the count's `proj in` terms); recomputing them reads the
      kept input and writes the output again (4 x hidden bytes a norm).
    - moe_act: the routed experts' activation output, unfused the activation and the gated product (2 x 2 bytes per
      routed intermediate unit, 1 x 2 ungated), on the MoE layers only; recomputing reads the up-projection's output and
      writes the product again.
    - mla_up_proj: the up-projections' q, k, v (and unfused their rotated copies), keeping the compressed latents they
      are recomputed from (q_lora_rank + kv_lora_rank + the rope key, bf16); costs the up-projection GEMMs' forward,
      2 x (q_lora x heads x qk head dim + kv_lora x heads x (nope + v head dim)) FLOPs a token a layer.
    """
    h, q, kv, _inter = block_widths(model)
    layers = model.num_layers
    if model.moe is None:
        return SelectiveRecompute((), 0.0, 0.0, 0.0)
    modules: list[str] = ["layernorm"]
    freed = 2 * (2 * h) * layers
    traffic = 2 * (4 * h) * layers
    flops = 0.0
    moe = model.moe
    if moe is not None:  # always here: a dense model returned above
        modules.append("moe_act")
        routed = moe.expert_intermediate_size * moe.experts_per_token
        moe_layers = moe_layer_count(model)
        if not fused:
            freed += (2 if model.mlp_gated else 1) * 2 * routed * moe_layers
        traffic += ((2 if model.mlp_gated else 1) * 2 * routed + 2 * routed) * moe_layers
    mla = model.mla
    if mla is not None:
        modules.append("mla_up_proj")
        heads = model.num_attention_heads
        q_lora = mla.q_lora_rank or 0  # without a q latent the query projects from the hidden state: not recomputed
        latents = 2 * (q_lora + mla.kv_lora_rank + mla.qk_rope_head_dim)
        copies = 1 if fused else 2  # the projection's output, and unfused its rotated copy
        qkv = (2 * q * copies if q_lora else 0) + 2 * 2 * kv + (0 if fused else 2 * kv)
        freed += max(0, qkv - latents) * layers
        up = q_lora * heads * (mla.qk_nope_head_dim + mla.qk_rope_head_dim)
        up += mla.kv_lora_rank * heads * (mla.qk_nope_head_dim + mla.v_head_dim)
        flops += 2.0 * up * layers
    return SelectiveRecompute(tuple(modules), float(freed), flops, float(traffic))


def megatron_flags(modules: tuple[str, ...]) -> list[str]:
    """The Megatron-LM arguments that run `modules` selectively (MEGATRON_SOURCE); none for no modules."""
    if not modules:
        return []
    return ["--recompute-granularity", "selective", "--recompute-modules", *modules]
