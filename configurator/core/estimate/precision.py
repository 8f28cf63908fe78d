"""Weight and KV-cache precisions: bytes per value, and which tensors each format quantizes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from configurator.core.catalog.models import ModelArch

WeightPrecision = Literal[
    "fp32",
    "bf16",
    "fp16",
    "fp8",
    "int8",
    "int4",
    "nf4",
    "gptq-int4",
    "gptq-int8",
    "awq-int4",
    "mxfp4",
    "int4-experts",
    "nvfp4",
    "q8_0",
    "q6_k",
    "q5_k_m",
    "q4_k_m",
    "q4_0",
    "q3_k_m",
    "q2_k",
    "iq4_nl",
    "iq4_xs",
    "iq3_m",
    "iq3_s",
    "iq3_xs",
    "iq3_xxs",
    "iq2_m",
    "iq2_s",
    "iq2_xs",
    "iq2_xxs",
    "iq1_m",
    "iq1_s",
    "exl2-2.5",
    "exl2-3.0",
    "exl2-3.5",
    "exl2-4.0",
    "exl2-4.25",
    "exl2-4.65",
    "exl2-5.0",
    "exl2-6.0",
    "exl2-6.5",
    "exl2-8.0",
    "exl3-2.0",
    "exl3-2.5",
    "exl3-3.0",
    "exl3-3.5",
    "exl3-4.0",
    "exl3-5.0",
    "exl3-6.0",
    "exl3-8.0",
]
KvPrecision = Literal["fp16", "bf16", "fp8", "int8", "q8_0", "q4_0"]

WEIGHT_PRECISIONS: tuple[str, ...] = WeightPrecision.__args__  # type: ignore[attr-defined]
KV_PRECISIONS: tuple[str, ...] = KvPrecision.__args__  # type: ignore[attr-defined]
K_QUANTS = ("q8_0", "q6_k", "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k")
I_QUANTS = tuple(p for p in WEIGHT_PRECISIONS if p.startswith("iq"))
GGUF_TYPES = K_QUANTS + I_QUANTS
EXL2_TYPES = tuple(p for p in WEIGHT_PRECISIONS if p.startswith("exl2-"))
EXL3_TYPES = tuple(p for p in WEIGHT_PRECISIONS if p.startswith("exl3-"))
# the GGUF type llama.cpp runs for a generic integer precision (no engine named): Q4_0 and Q8_0 are the plain
# 4- and 8-bit block formats (a few more bits for their scales than a bare int4/int8 figure)
GGUF_FOR_INTEGER = {"int4": "q4_0", "int8": "q8_0"}
# formats that exist only as inference checkpoints: training needs 16-bit weights (or NF4 for QLoRA)
INFERENCE_ONLY = GGUF_TYPES + EXL2_TYPES + EXL3_TYPES + ("mxfp4", "int4-experts", "nvfp4")


@dataclass(frozen=True)
class WeightFormat:
    name: str
    bits_per_weight: float  # quantized linear layers, scales included
    embeddings_bits: float  # token embedding table and output head
    note: str
    compute: Literal["fp32", "fp16", "fp8", "int8", "fp4"] = "fp16"  # tensor-core path used for prefill/training
    # routed MoE experts, when a checkpoint stores them apart from the other linear layers
    # (gpt-oss: experts MXFP4, attention and router bf16); None = bits_per_weight
    experts_bits: float | None = None
    # output projection (and a tied embedding, which llama.cpp quantizes like the output);
    # None = embeddings_bits
    head_bits: float | None = None
    moe_only: bool = False  # the format is defined for MoE expert weights only

    @property
    def bulk_bits(self) -> float:
        """Bits per weight of a MoE's bulk, its routed experts (what llama.cpp keeps in RAM first, what its CPU
        multiplies): a format that stores them apart (gpt-oss's MXFP4, Kimi K2.5's INT4) is mostly its experts' bits,
        where bits_per_weight is the rest's (8.5 in their GGUFs) and had halved the cores' work on their experts."""
        return self.experts_bits or self.bits_per_weight

    @property
    def quantized(self) -> bool:
        return self.bits_per_weight < 16 or (self.experts_bits or 16) < 16


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
#  MXFP4 (OCP Microscaling spec v1.0): FP4 E2M1 elements + one E8M0 scale per 32 = 4.25 bpw. gpt-oss
#  ships only its MoE experts in it; attention, router, embeddings and head stay bf16 (gpt-oss model
#  card, arXiv 2508.10925 sec. 2: "quantized to 4.25 bits per parameter"; checkpoints 60.8 / 12.8 GiB).
#  NVFP4 (NVIDIA Blackwell): FP4 E2M1 + one FP8 E4M3 scale per 16 = 4.5 bpw (plus one fp32 scale per
#  tensor); TensorRT Model Optimizer leaves embeddings and lm_head in 16 bits. Blackwell runs it on
#  FP4 tensor cores (compute "fp4"); other GPUs dequantize.
#  GGUF i-quants: bits per weight from llama.cpp's quantize table (tools/quantize/quantize.cpp:
#  IQ4_NL 4.50, IQ4_XS 4.25, IQ3_M 3.66 mix, IQ3_S 3.44, IQ3_XS 3.3, IQ3_XXS 3.06, IQ2_M 2.7, IQ2_S 2.5,
#  IQ2_XS 2.31, IQ2_XXS 2.06, IQ1_M 1.75, IQ1_S 1.56). Token embedding and output tensors follow
#  src/llama-quant.cpp: output Q6_K (6.5625 bpw), or Q5_K (5.5) for IQ3_XXS and the 1-2 bit types;
#  token_embd IQ3_S (3.4375) for IQ3_XXS/IQ2_S/IQ2_M/IQ3_M-class, Q2_K (2.625) for IQ2_XXS/IQ2_XS/IQ1,
#  else the file's own type. Block sizes from ggml-common.h (IQ4_XS 136 bytes / 256 weights).
#  EXL2 / EXL3 (exllamav2 / exllamav3 convert): the name is the average bits per weight of the
#  quantized linear layers, scales included; the head layer is quantized at 6 bits by default
#  (convert -hb 6 / --head_bits 6); the embedding table stays 16-bit (exllama keeps it in system RAM).
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
    "mxfp4": WeightFormat(
        "mxfp4",
        16,
        16,
        "MXFP4 MoE experts (E2M1 + E8M0 scale per 32 = 4.25 bpw), everything else bf16",
        experts_bits=4.25,
        moe_only=True,
    ),
    # Kimi K2.5's release (Kimi K2 Thinking's format): the routed experts INT4 (compressed-tensors pack-quantized,
    # symmetric, one BF16 scale per group of 32: 4 + 16/32 = 4.5 bpw), attention, shared experts, the dense layer,
    # router, embeddings and head BF16 (config.json quantization_config; model card: "native INT4 quantization").
    # 1,014.7e9 expert weights x 4.5 + 11.7e9 others x 16 bits = 594 GB, the 595 GB Unsloth gives its lossless
    # UD-Q8_K_XL of the same layout (unsloth.ai/docs/models/tutorials/kimi-k2.6, read 2026-12-04)
    "int4-experts": WeightFormat(
        "int4-experts",
        16,
        16,
        "INT4 routed experts (one BF16 scale per 32 = 4.5 bpw), everything else bf16",
        experts_bits=4.5,
        moe_only=True,
    ),
    "nvfp4": WeightFormat(
        "nvfp4", 4.5, 16, "NVFP4 (E2M1 + FP8 scale per 16 = 4.5 bpw) linear layers; embeddings and head 16-bit", "fp4"
    ),
}
_Q6_K, _Q5_K, _Q2_K, _IQ3_S = 6.5625, 5.5, 2.625, 3.4375
# name: (bits of the bulk tensors from the quantize table, token_embd bits, output bits)
_I_QUANT_BITS: dict[str, tuple[float, float, float]] = {
    "iq4_nl": (4.5, 4.5, _Q6_K),
    "iq4_xs": (4.25, 4.25, _Q6_K),
    "iq3_m": (3.66, _IQ3_S, _Q6_K),
    "iq3_s": (3.44, _IQ3_S, _Q6_K),
    "iq3_xs": (3.3, _IQ3_S, _Q6_K),
    "iq3_xxs": (3.06, _IQ3_S, _Q5_K),
    "iq2_m": (2.7, _IQ3_S, _Q5_K),
    "iq2_s": (2.5, _IQ3_S, _Q5_K),
    "iq2_xs": (2.31, _Q2_K, _Q5_K),
    "iq2_xxs": (2.06, _Q2_K, _Q5_K),
    "iq1_m": (1.75, _Q2_K, _Q5_K),
    "iq1_s": (1.56, _Q2_K, _Q5_K),
}
for _name, (_body, _emb, _head) in _I_QUANT_BITS.items():
    WEIGHT_FORMATS[_name] = WeightFormat(
        _name, _body, _emb, f"GGUF {_name.upper()} (importance-matrix quant)", head_bits=_head
    )
EXL_HEAD_BITS = 6.0  # exllamav2 / exllamav3 convert default head bits
for _name in EXL2_TYPES + EXL3_TYPES:
    _bpw = float(_name.split("-")[1])
    WEIGHT_FORMATS[_name] = WeightFormat(
        _name, _bpw, 16, f"{_name[:4].upper()} at {_bpw:g} bits per weight", head_bits=EXL_HEAD_BITS
    )

# KV cache bytes per element. q8_0 / q4_0 carry one fp16 scale per 32 values (ggml blocks).
KV_BYTES: dict[str, float] = {
    "fp16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "q8_0": 34 / 32,
    "q4_0": 18 / 32,
}


# A GGUF of gpt-oss ("MXFP4 MoE", llama.cpp file type 38, convert_hf_to_gguf.py of the original checkpoint) keeps the
# experts MXFP4 but stores attention, token embedding and output as Q8_0: the loader of ggml-org/gpt-oss-20b-GGUF logs
# "type f32: 289 tensors, type q8_0: 98 tensors (24 layers x q/k/v/o, token_embd, output), type mxfp4: 72 tensors,
# file size = 11.27 GiB (4.63 BPW)" (ik_llama.cpp issue #822 and others); the bf16 checkpoint is 12.8 GiB.
GGUF_MXFP4_MOE = WeightFormat(
    "mxfp4",
    8.5,
    8.5,
    "GGUF MXFP4 MoE: experts MXFP4 (E2M1 + E8M0 scale per 32 = 4.25 bpw), "
    "attention, embeddings and head Q8_0 (8.5 bpw)",
    experts_bits=4.25,
    moe_only=True,
)
# A GGUF of an INT4-expert release (Kimi K2.5): llama.cpp has no compressed-tensors loader, so the experts become Q4_0
# (one FP16 scale per 32 weights, 4.5 bpw: the release's own groups, requantized without loss when the scale is
# max/-7, jukofyork's patch) and the other tensors Q8_0. Unsloth's UD-Q4_K_XL of Kimi K2.6 (K2.5's shapes) is this
# layout, 584 GB ("UD-Q4_K_XL ... only the rest tensors are Q8_0, so it is near full precision",
# unsloth.ai/docs/models/tutorials/kimi-k2.6, read 2026-12-04); 1,014.7e9 x 4.5 + 11.7e9 x 8.5 bits = 583 GB.
GGUF_Q4_0_EXPERTS = WeightFormat(
    "int4-experts",
    8.5,
    8.5,
    "GGUF of the INT4 experts: experts Q4_0 (4.5 bpw, the release's groups of 32), attention, embeddings and head Q8_0",
    experts_bits=4.5,
    moe_only=True,
)
# (engine, precision) pairs whose files lay the weights out differently from the checkpoint the precision names
ENGINE_FORMATS: dict[tuple[str, str], WeightFormat] = {
    ("llama.cpp", "mxfp4"): GGUF_MXFP4_MOE,
    ("llama.cpp", "int4-experts"): GGUF_Q4_0_EXPERTS,
}


# A release whose experts-only format leaves the other linear layers in FP8, not BF16: DeepSeek-V4-Flash and -Pro
# (config.json: expert_dtype fp4, so the routed experts are MXFP4, E2M1 + one E8M0 scale per 32 = 4.25 bpw;
# quantization_config quant_method fp8, fmt e4m3, weight_block_size [128, 128], scale_fmt ue8m0: one byte of scale per
# 16,384 weights, 8.0005 bpw). Token embedding, head and norms stay BF16 / F32 (Hugging Face's DeepSeek-V4 post,
# huggingface/blog PR #3363, 2026-04-24: "The instruct models use FP4 for MoE expert weights and FP8 for everything
# else"; anemll/DeepSeek-V4-Flash-FP4-FP8-SSD README: "Embeddings, output, norms ... remain BF16, F32"). Counted as
# gpt-oss's MXFP4, the rest had been 16 bits: Flash 161.8 GB (155.5 now) where a GGUF of the release's own bytes is
# 156.1 GB, and with its MTP layer 154.1 GiB (148.2 now) where the Hugging Face repository is 148.66 GiB
# (tests/core/test_released_precision.py).
MXFP4_FP8_REST = WeightFormat(
    "mxfp4",
    8.0,
    16,
    "MXFP4 MoE experts (E2M1 + E8M0 scale per 32 = 4.25 bpw), the other linear layers FP8 e4m3 (128 x 128 blocks), "
    "embeddings and head bf16",
    experts_bits=4.25,
    moe_only=True,
)
# (config.json model_type, released precision) -> how that family's release stores the weights the precision's own
# format does not cover; read only when the precision asked is the model's own release (ModelArch.native_precision)
RELEASE_FORMATS: dict[tuple[str, str], WeightFormat] = {("deepseek_v4", "mxfp4"): MXFP4_FP8_REST}


MOE_GGUF = tuple(p for e, p in ENGINE_FORMATS if e == "llama.cpp")
"""Releases whose experts alone are 4-bit that llama.cpp runs from a GGUF of the same layout, its experts in RAM too:
gpt-oss's MXFP4, Kimi K2.5's INT4 experts as Q4_0."""


def weight_format(name: str, engine: str | None = None, model: ModelArch | None = None) -> WeightFormat:
    """The weight layout of precision `name`; with `engine`, as that engine's own files store it (ENGINE_FORMATS);
    with the `model`, as its own release stores it when `name` is that release (RELEASE_FORMATS)."""
    if engine is not None and (engine, name) in ENGINE_FORMATS:
        return ENGINE_FORMATS[(engine, name)]
    if model is not None and model.native_precision == name and (model.architecture, name) in RELEASE_FORMATS:
        return RELEASE_FORMATS[(model.architecture, name)]
    try:
        return WEIGHT_FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown weight precision {name!r} (choose from {', '.join(WEIGHT_PRECISIONS)})") from None
