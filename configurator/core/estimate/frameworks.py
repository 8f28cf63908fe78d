"""Fine-tuning frameworks and the memory-relevant defaults each ships with (sources in docs/estimates.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

FrameworkName = Literal["transformers", "peft", "trl", "torchtune", "unsloth", "llama-factory", "deepspeed"]
FRAMEWORKS: tuple[str, ...] = FrameworkName.__args__  # type: ignore[attr-defined]

Logits = Literal["fp32-upcast", "chunked", "fused"]


@dataclass(frozen=True)
class Framework:
    """What a framework does by default that changes peak GPU memory."""

    name: str
    # full fine-tuning: "mixed" = 16-bit weights and gradients + fp32 master copy in the optimizer
    # (ZeRO paper, 2 + 2 + 12 bytes per parameter with AdamW); "bf16" = weights, gradients and
    # optimizer states all in bf16, no master copy (torchtune `dtype: bf16`)
    full_precision: Literal["mixed", "bf16"]
    # default optimizer for full fine-tuning and for LoRA adapters
    full_optimizer: str
    lora_optimizer: str
    # the optimizer steps each parameter as soon as its gradient is ready, so the full set of
    # gradients never exists at once (torchtune `optimizer_in_bwd: True`)
    optimizer_in_backward: bool
    # where checkpointed layer inputs live: on the GPU, or copied to host RAM (Unsloth's
    # `use_gradient_checkpointing="unsloth"`)
    checkpoints_offloaded: bool
    # how the loss handles the s x vocab logits: HF upcasts them all to fp32; torchtune computes the
    # loss over 8 chunks; Unsloth's Triton kernel computes it in place without an fp32 copy
    logits: Logits
    # DeepSpeed's communication buffers (reduce/all-gather buckets, ZeRO-3 live parameters)
    deepspeed_buffers: bool = False


FRAMEWORK_DEFAULTS: dict[str, Framework] = {
    # HF Trainer with AMP: fp32 master weights and AdamW states; logits upcast for the loss
    "transformers": Framework("transformers", "mixed", "adamw", "adamw", False, False, "fp32-upcast"),
    "peft": Framework("peft", "mixed", "adamw", "adamw", False, False, "fp32-upcast"),
    "trl": Framework("trl", "mixed", "adamw", "adamw", False, False, "fp32-upcast"),
    # LLaMA-Factory trains through the HF Trainer (optim adamw_torch by default)
    "llama-factory": Framework("llama-factory", "mixed", "adamw", "adamw", False, False, "fp32-upcast"),
    # torchtune single-device full configs: bnb PagedAdamW8bit with optimizer_in_bwd; dtype bf16
    # everywhere; CEWithChunkedOutputLoss (num_output_chunks 8)
    "torchtune": Framework("torchtune", "bf16", "paged-adamw-8bit", "adamw", True, False, "chunked"),
    # Unsloth notebooks: optim "adamw_8bit", use_gradient_checkpointing="unsloth", fused cross-entropy
    "unsloth": Framework("unsloth", "mixed", "adamw-8bit", "adamw-8bit", False, True, "fused"),
    # DeepSpeed ZeRO (HF Trainer integration): mixed precision plus its communication buckets
    "deepspeed": Framework("deepspeed", "mixed", "adamw", "adamw", False, False, "fp32-upcast", deepspeed_buffers=True),
}

# Bytes per logit element kept for the loss and its backward pass.
# fp32-upcast: bf16 logits + fp32 copy + fp32 softmax for backward (HF `ForCausalLMLoss` upcasts).
# chunked: bf16 logits kept for backward (2) + one of 8 chunks upcast to fp32 with its softmax (8/8).
# fused: bf16 logits only; the kernel writes the gradient in place (Unsloth fast_cross_entropy_loss).
LOGIT_BYTES_CHUNKS = 8
LOGITS_BYTES: dict[str, float] = {
    "fp32-upcast": 8.0,
    "chunked": 2.0 + 8.0 / LOGIT_BYTES_CHUNKS,
    "fused": 2.0,
}

# DeepSpeed defaults (deepspeed.ai/docs/config-json): reduce_bucket_size and allgather_bucket_size
# 5e8 elements each for ZeRO-1/2; ZeRO-3 keeps at most stage3_max_live_parameters = 1e9 gathered
# parameters and prefetches stage3_prefetch_bucket_size = 5e7.
DEEPSPEED_BUCKET_ELEMENTS = 5e8
DEEPSPEED_MAX_LIVE_PARAMETERS = 1e9
DEEPSPEED_PREFETCH_ELEMENTS = 5e7


def default_framework(method: str, zero: int) -> str:
    """The usual framework for a method: PEFT for adapters, else transformers (with --zero: their FSDP/ZeRO
    integration; DeepSpeed's own buffers only when --framework deepspeed is named)."""
    del zero  # sharding is orthogonal to the framework's defaults
    return "peft" if method in ("lora", "qlora") else "transformers"


def framework(name: str) -> Framework:
    try:
        return FRAMEWORK_DEFAULTS[name]
    except KeyError:
        raise ValueError(f"unknown framework {name!r} (choose from {', '.join(FRAMEWORKS)})") from None


# Optimizer states per trainable parameter, without a master copy, and whether they are paged.
# AdamW: two fp32 moments (8 bytes); bitsandbytes 8-bit AdamW: two 8-bit block-quantized moments
# (2 bytes; Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization"); SGD with
# momentum: one fp32 buffer. Paged variants allocate the same states in CUDA unified memory.
OPTIMIZER_STATE_BYTES: dict[str, tuple[float, bool]] = {
    "adamw": (8.0, False),
    "adamw-8bit": (2.0, False),
    "paged-adamw": (8.0, True),
    "paged-adamw-8bit": (2.0, True),
    "sgd": (4.0, False),
}
