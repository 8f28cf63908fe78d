"""Weight and KV-cache precisions: bytes per value, and which tensors each format quantizes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WeightPrecision = Literal[
    "fp32", "bf16", "fp16", "fp8", "int8", "int4", "nf4", "gptq-int4", "gptq-int8", "awq-int4",
    "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k",
]
KvPrecision = Literal["fp16", "bf16", "fp8", "int8", "q8_0", "q4_0"]

WEIGHT_PRECISIONS: tuple[str, ...] = WeightPrecision.__args__  # type: ignore[attr-defined]
KV_PRECISIONS: tuple[str, ...] = KvPrecision.__args__  # type: ignore[attr-defined]
GGUF_TYPES = ("q8_0", "q6_k", "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k")


@dataclass(frozen=True)
class WeightFormat:
    name: str
    bits_per_weight: float  # quantized linear layers, scales included
    embeddings_bits: float  # token embedding table and output head
    note: str
    compute: Literal["fp32", "fp16", "fp8", "int8"] = "fp16"  # tensor-core path used for prefill/training


# Sources:
#  GGUF: llama.cpp quantize table (examples/quantize/README.md, LLaMA-v1-7B sizes: Q4_0 3.56G,
#  Q4_K_M 3.80G, Q5_K_M 4.45G, Q6_K 5.15G, Q8_0 6.70G, Q3_K_M 3.07G, Q2_K 2.63G for 6.74e9
#  weights) give the effective bits per weight of each mix, embeddings and output included.
#  Block layouts (ggml-common.h): Q8_0 34 bytes / 32 weights = 8.5 bpw; Q4_0 18/32 = 4.5 bpw;
#  Q6_K 210/256 = 6.5625 bpw.
#  GPTQ/AWQ: 4-bit weights + fp16 scale + packed 4-bit zero per group of 128 = 4.16 bpw;
#  embeddings and lm_head stay fp16 (AutoGPTQ/AutoAWQ default).
#  NF4 (bitsandbytes, QLoRA paper sec. 3): 4 bits + fp32 absmax per 64 weights = 4.5 bpw; with
#  double quantization 4.127 bpw. LLM.int8(): int8 + per-row fp16 scales ~8.0 bpw.
WEIGHT_FORMATS: dict[str, WeightFormat] = {
    "fp32": WeightFormat("fp32", 32, 32, "full precision", "fp32"),
    "bf16": WeightFormat("bf16", 16, 16, "bfloat16"),
    "fp16": WeightFormat("fp16", 16, 16, "float16"),
    "fp8": WeightFormat("fp8", 8.0, 16, "FP8 E4M3 weights with per-tensor scales; embeddings in 16-bit", "fp8"),
    "int8": WeightFormat("int8", 8.0, 16, "LLM.int8()/per-channel int8 linear layers; embeddings in 16-bit"),
    "int4": WeightFormat("int4", 4.25, 16, "per-channel/group int4 linear layers; embeddings in 16-bit"),
    "nf4": WeightFormat("nf4", 4.127, 16, "bitsandbytes NF4 with double quantization (QLoRA)"),
    "gptq-int4": WeightFormat("gptq-int4", 4.16, 16, "GPTQ 4-bit, group size 128"),
    "gptq-int8": WeightFormat("gptq-int8", 8.16, 16, "GPTQ 8-bit, group size 128", "int8"),
    "awq-int4": WeightFormat("awq-int4", 4.16, 16, "AWQ 4-bit, group size 128"),
    "q8_0": WeightFormat("q8_0", 8.5, 8.5, "GGUF Q8_0 (34 bytes per 32 weights)", "int8"),
    "q6_k": WeightFormat("q6_k", 6.56, 6.56, "GGUF Q6_K mix"),
    "q5_k_m": WeightFormat("q5_k_m", 5.69, 5.69, "GGUF Q5_K_M mix"),
    "q4_k_m": WeightFormat("q4_k_m", 4.84, 4.84, "GGUF Q4_K_M mix (Q4_K with Q6_K for some tensors)"),
    "q4_0": WeightFormat("q4_0", 4.54, 4.54, "GGUF Q4_0 (output tensor Q6_K)"),
    "q3_k_m": WeightFormat("q3_k_m", 3.91, 3.91, "GGUF Q3_K_M mix"),
    "q2_k": WeightFormat("q2_k", 3.35, 3.35, "GGUF Q2_K mix"),
}

# KV cache bytes per element. q8_0 / q4_0 carry one fp16 scale per 32 values (ggml blocks).
KV_BYTES: dict[str, float] = {
    "fp16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "q8_0": 34 / 32,
    "q4_0": 18 / 32,
}


def weight_format(name: str) -> WeightFormat:
    try:
        return WEIGHT_FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown weight precision {name!r} (choose from {', '.join(WEIGHT_PRECISIONS)})") from None
