"""A model's weights in bytes at a precision, by part: embedding, output head, blocks, experts."""

from __future__ import annotations

from typing import NamedTuple

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.gguf import FTYPE_DEFAULT, gguf_bytes
from configurator.core.estimate.params import ParamCounts
from configurator.core.estimate.precision import weight_format


class WeightBytes(NamedTuple):
    """A model's weights in bytes at one precision, by part (a tuple: callers unpack it in this order)."""

    embedding: float
    lm_head: float
    blocks: float  # every transformer block, experts included
    experts: float  # the routed experts of all MoE layers
    experts_active: float  # the experts one token reads


def weight_bytes(
    counts: ParamCounts, precision: str, scale: float = 1.0, model: ModelArch | None = None, engine: str | None = None
) -> WeightBytes:
    """(embedding, lm_head, blocks, experts, experts_active) in bytes at `precision`.

    `scale` corrects the formula to exact bytes read from a GGUF or safetensors header. With the
    `model`, a GGUF K-quant or legacy type is sized tensor by tensor at the types llama.cpp's
    quantizer picks (estimate.gguf); without it, at the format's one bits-per-weight figure; with the `engine`, as that
    engine's files store the precision (precision.ENGINE_FORMATS); with the `model`, its own release as released
    (precision.RELEASE_FORMATS: DeepSeek-V4's FP8 non-expert layers).
    """
    if model is not None and precision in FTYPE_DEFAULT:
        g = gguf_bytes(model, precision)
        # norms: F32 in a GGUF (the converter keeps 1-D tensors F32); biases are in attention/dense counts
        blocks = g.attention + g.dense_mlp + g.experts + counts.norms * 4 + counts.position * 2
        active = g.experts * counts.experts_active / counts.experts if counts.experts else 0.0
        return WeightBytes(g.embedding * scale, g.lm_head * scale, blocks * scale, g.experts * scale, active * scale)
    fmt = weight_format(precision, engine, model)
    body_bpw = fmt.bits_per_weight / 8 * scale
    expert_bpw = (fmt.experts_bits or fmt.bits_per_weight) / 8 * scale
    emb_bpw = fmt.embeddings_bits / 8 * scale
    head_bpw = (fmt.head_bits or fmt.embeddings_bits) / 8 * scale
    blocks = (
        (counts.attention + counts.dense_mlp) * body_bpw
        + counts.experts * expert_bpw
        + counts.norms * 2
        + (counts.position * emb_bpw)
    )
    # a tied table is the output projection too: llama.cpp stores it at the output tensor's type
    embedding = counts.embedding * (head_bpw if counts.lm_head == 0 else emb_bpw)
    return WeightBytes(
        embedding,
        counts.lm_head * head_bpw,
        blocks,
        counts.experts * expert_bpw,
        counts.experts_active * expert_bpw,
    )
