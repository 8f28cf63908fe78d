"""Fine-tuning frameworks and the memory-relevant defaults each ships with (sources in docs/estimates.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

FrameworkName = Literal[
    "transformers", "peft", "trl", "torchtune", "unsloth", "llama-factory", "deepspeed", "axolotl", "fsdp-qlora"
]
FRAMEWORKS: tuple[str, ...] = FrameworkName.__args__  # type: ignore[attr-defined]
FRAMEWORK_NAMES: dict[str, str] = {
    "transformers": "Transformers",
    "peft": "PEFT",
    "trl": "TRL",
    "torchtune": "torchtune",
    "unsloth": "Unsloth",
    "llama-factory": "LLaMA-Factory",
    "deepspeed": "DeepSpeed",
    "axolotl": "Axolotl",
    "fsdp-qlora": "FSDP-QLoRA",
}
"""Each framework as its project writes its name (the window's Framework list)."""

Logits = Literal["fp32-upcast", "bf16-loss", "chunked", "fused", "fused-inplace", "fused-linear"]


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
    # the forward runs under torch.autocast (HF Trainer --bf16/--fp16 without DeepSpeed, through accelerate's
    # native AMP); with DeepSpeed the engine casts the model itself and there is no autocast
    autocast: bool = True
    # LoRA adapter weights: PEFT upcasts them to fp32 (get_peft_model's autocast_adapter_dtype=True) whatever the
    # base's dtype; torchtune keeps them in the model dtype
    adapter_bytes: float = 4.0
    # optimizer-in-backward and the default full fine-tuning optimizer hold on one GPU only: torchtune's
    # distributed configs set `optimizer_in_bwd: False` and torch.optim.AdamW (recipes/configs/*/*_full.yaml;
    # the distributed recipes lacked the option before pytorch/torchtune#1833, 2024-10-23)
    single_device_only: bool = False
    full_optimizer_distributed: str = "adamw"
    # torch.optim.AdamW without `fused`: the foreach implementation "uses ~ sizeof(params) more peak memory than
    # the for-loop version due to the intermediates being a tensorlist" (PyTorch docs, torch.optim.AdamW, `foreach`)
    adamw_foreach: bool = False
    # QLoRA's base is quantized by torchao's NF4Tensor on the GPU while the checkpoint loads (torchtune's
    # `inplace_copy` dispatch: `to_nf4(args[0][1].to(dest_tensor.device))`): a transient per frozen matrix
    nf4_quantized_on_gpu: bool = False
    # torchao before 0.2 found each element's nearest NF4 code over the whole tensor at once
    # (`(value - nf4).abs()`: 16 bf16 differences per element); since pytorch/ao#196 (2024-05-01) in chunks
    nf4_whole_tensor: bool = False
    # LoRA dropout before lora_a (`self.lora_a(self.dropout(x))`, torchtune LoRALinear): each adapted matrix saves its
    # own dropped input (bf16) and the bool mask for backward; torchtune's builders defaulted to 0.05 until
    # pytorch/torchtune#1492 (2024-09-11) set 0.0, as PEFT's LoraConfig does
    lora_dropout: bool = False
    # the ZeRO-equivalent stages its multi-GPU training can run, and the one it runs when none is asked (the HF
    # Trainer and DeepSpeed: plain DDP, 0); torchtune's are TORCHTUNE_SHARD_STAGES
    shard_stages: tuple[int, ...] = (0, 1, 2, 3)
    shard_default: int = 0
    # its multi-GPU training splits the batch only: no tensor, pipeline or context parallel layout it can be told to run
    data_parallel_only: bool = False
    # its CPU offload moves parameters and gradients too, not just the optimizer states (FSDP's CPUOffloadPolicy)
    offload_everything: bool = False
    # what shards it over several GPUs: DeepSpeed ZeRO (the accelerate commands), PyTorch FSDP2 (torchtune) or FSDP
    # (Answer.AI's fsdp_qlora train.py: FullyShardedDataParallel with its sharding_strategy)
    sharding: Literal["deepspeed", "fsdp2", "fsdp"] = "deepspeed"
    # its training step fuses the element-wise work (norms, activations, rotary, loss) instead of one kernel and one
    # round trip through memory per op (estimator.Calibration.mfu_elementwise_bytes_fused): torch.compile or hand-fused
    # kernels, by default. The HF Trainer compiles only when asked ("Set torch_compile=True in TrainingArguments to
    # enable it", huggingface.co/docs/transformers/en/torch_compile; the launch commands here do not set it), torchtune's
    # recipe configs ship `compile: False`; Unsloth's are hand-written Triton kernels (RMSNorm, RoPE, SwiGLU, fused
    # cross-entropy; its README: "All kernels written in OpenAI's Triton language. Manual backprop engine.")
    fused_kernels: bool = False
    # host RAM at the job's peak per byte of the quantized base when its shards are offloaded (QLoRA with CPU offload),
    # where a measured figure exists (FSDP_QLORA_HOST_PER_BASE_BYTE); 0: the offloaded states alone
    offload_host_per_base_byte: float = 0.0
    # the loss its stack computes when asked for fused kernels (Workload.fused_kernels): lit-gpt's / flash-attn's
    # in-place cross-entropy by default; the HF Trainer's fused kernels are Liger's (`use_liger_kernel=True` in
    # TrainingArguments, LLaMA-Factory's `enable_liger_kernel: true`), whose loss is the fused linear cross-entropy
    fused_loss: Logits = "fused-inplace"


# torchtune's distributed recipes always shard with FSDP2: `training.shard_model` applies `fully_shard` to every
# transformer layer and then the root (torchtune/training/_distributed.py), so parameters, gradients and optimizer
# states are all sharded over the data-parallel ranks; "DDP is currently not supported"
# (recipes/full_finetune_distributed.py, lora_finetune_distributed.py docstrings). `fsdp_reshard_after_forward`
# True (the default, FULL_SHARD) is ZeRO-3; False (SHARD_GRAD_OP: parameters stay gathered from forward to backward)
# is ZeRO-2. No setting shards the optimizer states alone (ZeRO-1). `fsdp_cpu_offload` passes FSDP's CPUOffloadPolicy,
# which "will offload parameters, gradients, and optimizer states to CPU" (shard_model's docstring).
# Read at github:pytorch/torchtune@bd2a0fc7 (2026-04-23).
TORCHTUNE_SHARD_STAGES = (2, 3)
TORCHTUNE_SHARD_DEFAULT = 3
# lora_finetune_distributed asserts "Tensor parallelism is not supported in this recipe"; the full recipe takes
# tensor_parallel_dim only with a hand-written tensor_parallel_plan, and neither has pipeline parallelism
TORCHTUNE_DATA_PARALLEL_ONLY = True
# The HF-Trainer frameworks (transformers, PEFT, TRL, axolotl, DeepSpeed's integration) are launched here with
# accelerate + DeepSpeed ZeRO (launch/training.py), which splits the batch: none of those commands takes a tensor or
# pipeline degree, so a plan that split the model would not be the job they run. LLaMA-Factory alone runs one, on its
# Megatron Bridge back end (USE_MEGATRON_BRIDGE, hiyouga/LLaMA-Factory@ff6d4d1 src/llamafactory/launcher.py).
HF_TRAINER_DATA_PARALLEL_ONLY = True
# Unsloth on several GPUs is DDP under `accelerate launch` (Unsloth's docs, "Multi-GPU Fine-tuning with Unsloth",
# https://unsloth.ai/docs/basics/multi-gpu-training-with-unsloth: "to enable multi GPU for DDP ... Run `accelerate
# launch train.py`"; its DDP guide: "creating a copy of the model on each GPU device"): a whole copy per GPU
UNSLOTH_SHARD_STAGES = (0,)
UNSLOTH_GPU_INIT = (
    "https://github.com/unslothai/unsloth/blob/015bdef0d94a241bcd94eec7a405b1700632180d/unsloth/_gpu_init.py"
)
UNSLOTH_ZOO = "https://github.com/unslothai/unsloth-zoo/blob/ce232d6cef9cb8cd34cd3727906131622177436b/"
UNSLOTH_FP32_ATTENTION: dict[str, str] = {
    "gemma3": UNSLOTH_ZOO + "unsloth_zoo/temporary_patches/gemma.py",
    "gemma4": UNSLOTH_ZOO + "unsloth_zoo/temporary_patches/gemma4_float32.py",
    "qwen3_moe": UNSLOTH_ZOO + "unsloth_zoo/temporary_patches/qwen3_moe_float32.py",
}
"""Model architectures whose attention Unsloth runs in float32 on a card without bf16, with the patch that does it.

On CUDA Unsloth takes bf16 only at compute capability 8.0 or more (UNSLOTH_GPU_INIT: `SUPPORTS_BFLOAT16 = major_version
>= 8`): a Turing, Volta or Pascal card trains in fp16. For the architectures of unsloth_zoo/model_lists.py's
FORCE_FLOAT32 ("gemma4: fp16 NaNs the grad_norm in the backward"; unsloth/models/loader.py sets UNSLOTH_FORCE_FLOAT32
when `dtype == torch.float16 or not SUPPORTS_BFLOAT16`) the patches keep the projections' matrix multiplies in fp16 on
the tensor cores and run "q/k/v + scores all float32" (gemma4_float32.py, qwen3_moe_float32.py; gemma.py for Gemma 3:
"RMSNorm variance, SwiGLU, attention in float32"): SDPA on float32 inputs, which Turing's tensor cores do not take, so
attention runs at the card's fp32 rate. Listed only where the patch was read: gemma3n, gpt_oss, glm4_moe and qwen3_5 are
on FORCE_FLOAT32 too, but which of their ops run in float32 is not established here (not priced)."""


def fp32_attention_source(framework_name: str | None, architecture: str, half: str) -> str | None:
    """The patch by which `framework_name` runs a model of `architecture`'s attention in float32 when the card trains in
    `half` ("fp16": no bf16), else None (UNSLOTH_FP32_ATTENTION)."""
    if framework_name != "unsloth" or half != "fp16":
        return None
    return UNSLOTH_FP32_ATTENTION.get(architecture)


FP16_OVERFLOW_SOURCE = UNSLOTH_ZOO + "unsloth_zoo/model_lists.py"
FP16_OVERFLOW: tuple[str, ...] = (
    "gemma3,",
    "gemma3text",
    "gemma3n",
    "gemma4",
    "gemma4text",
    "glm4_moe",
    "glm4_moe_lite",
    "gpt_oss",
    "qwen3_5",
    "qwen3_moe",
)
"""Model architectures that do not train in fp16: unsloth_zoo's FORCE_FLOAT32 (FP16_OVERFLOW_SOURCE, read at ce232d6,
2026-08-20), "Architectures whose activations exceed fp16's finite range (~6.5e4) and must run in bf16 or fp32. Loaded
as float16 they silently NaN/Inf at training time"; for gemma4 "fp16 NaNs the grad_norm in the backward". Unsloth's
CUDA loader matches an entry as a substring of the comma-joined model_types (so "gemma4" also covers gemma4_text,
"qwen3_5" qwen3_5_moe, and the trailing comma keeps "gemma3," off gemma3n); fp16_overflow_source matches the same way."""


def fp16_overflow_source(framework_name: str | None, architecture: str, half: str) -> str | None:
    """Where it is said that a model of `architecture` trained in `half` ("fp16": a card without bf16, or fp16 asked)
    turns its gradients NaN, when `framework_name` does nothing about it; None otherwise. Unsloth itself loads these
    architectures in float32 where bf16 is missing (unsloth/models/loader.py sets UNSLOTH_FORCE_FLOAT32 for them when
    `dtype == torch.float16 or not SUPPORTS_BFLOAT16`), priced by UNSLOTH_FP32_ATTENTION where its patch was read."""
    if half != "fp16" or framework_name == "unsloth":
        return None
    joined = f"{architecture},"
    return FP16_OVERFLOW_SOURCE if any(entry in joined for entry in FP16_OVERFLOW) else None


UNSLOTH_QWEN35_FINETUNE = "https://unsloth.ai/docs/models/qwen3.5/fine-tune"
QLORA_NOT_ADVISED: tuple[str, ...] = ("qwen3_5",)
"""Model architectures whose fine-tuning guide advises against QLoRA: Unsloth's Qwen3.5 Fine-tuning Guide
(UNSLOTH_QWEN35_FINETUNE, read 2026-12-07): "not recommended to do QLoRA (4-bit) training on Qwen3.5 models, no matter
MoE or dense, due to higher than normal quantization differences"; MoE: "best to use bf16 setups (e.g. LoRA or Full
fine-tuning)"; bf16 LoRA on 56 GB for 27B, 74 GB for 35B-A3B. The Gated DeltaNet hybrids Qwen3.5 and Qwen3.6 (one
model_type, qwen3_5 and qwen3_5_moe: matched as a substring, as FP16_OVERFLOW is). Round 45's walk: a Qwen3.6-35B-A3B
QLoRA had been planned as any QLoRA."""


def qlora_not_advised_source(architecture: str, method: str | None) -> str | None:
    """Where it is said that a QLoRA of an `architecture` model is not advised (None: nothing against it)."""
    if method != "qlora":
        return None
    return UNSLOTH_QWEN35_FINETUNE if any(entry in architecture for entry in QLORA_NOT_ADVISED) else None


# Answer.AI's FSDP + QLoRA script (github:AnswerDotAI/fsdp_qlora@05ed9f2, 2024-06-13, train.py `main`): PyTorch FSDP
# with --sharding_strategy full_shard (its default: ZeRO-3), shard_grad_op (ZeRO-2) or ddp (a whole copy per GPU,
# "still using FSDP, but in distributed data parallel mode", benchmarks_03_2024.md); no optimizer-only sharding
# (ZeRO-1). The launch command always names the strategy, so --zero 0 runs ddp and the planner asks for ZeRO-3. --use_cpu_offload passes FSDP's CPUOffload(offload_params=True): the sharded parameters and their
# gradients live in host RAM. --precision bf16 (the default) "will cast all the model parameters to torch.bfloat16
# before training" (README, "Mixed Precision Training"): the LoRA adapters are bf16 too. --lora_dropout 0.1 by
# default (PEFT's LoraConfig dropout before lora_A saves each adapted input). The loss is the HF model's own
# (`output.loss`: transformers' ForCausalLMLoss upcasts the logits to fp32).
FSDP_QLORA = "fsdp-qlora"
FSDP_QLORA_SHARD_STAGES = (0, 2, 3)
# Host RAM of its offloaded 70B run, per byte of the 4-bit base: the README's "Finetune Llama-2 70B on Dual 24GB GPUs"
# command (--use_cpu_offload true, --low_memory true: one copy of the model in CPU RAM before FSDP shards it, then the
# offloaded shards) "currently uses just over 128GB of CPU RAM" (github:AnswerDotAI/fsdp_qlora README @bc91ebe,
# 2024-05-06); the benchmark write-up saw the same on its dual-3090 rig ("my 128GB of CPU RAM was completely filling up
# right at the start of training", benchmarks_03_2024.md, February-March 2024). FITTED on that one figure: 128 GB over
# Llama-2 70B's 33.87 GiB NF4 base as this estimate counts it (36.37 GB) = 3.52. Not fitted, for comparison: PEFT's
# FSDP + QLoRA guide (huggingface/peft docs/source/accelerate/fsdp.md, "Memory usage") measured ~107 GB with the HF
# stack's fsdp_cpu_ram_efficient_loading on the same 70B (2.94 per byte; that stack is --framework peft, not this one).
FSDP_QLORA_HOST_BYTES_MEASURED = 128e9
FSDP_QLORA_MEASURED_BASE_BYTES = 33.87 * 1024**3
FSDP_QLORA_HOST_PER_BASE_BYTE = FSDP_QLORA_HOST_BYTES_MEASURED / FSDP_QLORA_MEASURED_BASE_BYTES
# The HF stack's own figure, where it shards with accelerate's FSDP and offloads (accelerate_fsdp): PEFT's FSDP + QLoRA
# guide ran the same Llama-2 70B on two 24 GB GPUs with fsdp_offload_params and fsdp_cpu_ram_efficient_loading (only
# rank 0 loads the checkpoint, the others start on the meta device) and measured "CPU RAM usage is around 107 GB"
# (huggingface/peft docs/source/accelerate/fsdp.md, "Memory usage", @018ca9d, read 2026-12-04). FITTED on that one
# figure: 107 GB over the same 33.87 GiB base = 2.94. Held out: Philipp Schmid's TRL + FSDP + CPU offload run of Llama 3
# 70B on 4 x A10G, "127 GB CPU RAM" at 3,072 tokens (tests/core/test_qlora_sharder.py). Not a start-up spike the
# README's swap file tops (rules/compat.LOAD_SPIKE_FRAMEWORKS): the guide gives it as the run's usage.
PEFT_FSDP_QLORA_HOST_BYTES_MEASURED = 107e9
PEFT_FSDP_QLORA_HOST_PER_BASE_BYTE = PEFT_FSDP_QLORA_HOST_BYTES_MEASURED / FSDP_QLORA_MEASURED_BASE_BYTES


# The Hugging Face stack under accelerate's FSDP instead of DeepSpeed (Workload.sharding "fsdp", `--sharding fsdp`):
# `accelerate launch --use_fsdp` runs FullyShardedDataParallel (FSDP1: accelerate's default --fsdp_version "1") with the
# strategy `--fsdp_sharding_strategy` names, FULL_SHARD (ZeRO-3), SHARD_GRAD_OP (ZeRO-2) or NO_SHARD (DDP); for FSDP1
# accelerate prefers it to --fsdp_reshard_after_forward ("We prefer sharding_strategy to not break the behavior of the
# existing code", accelerator.py), and no strategy shards the optimizer states alone (ZeRO-1 runs as SHARD_GRAD_OP).
# `--fsdp_offload_params true` is FSDP's CPUOffload(offload_params=True): "offload parameters and gradients to CPU"
# (commands/launch.py's help). Read at github:huggingface/accelerate@16cb6eb (2026-07-24). With FSDP there are no
# DeepSpeed buckets; what FSDP1 keeps beside its shard is the estimator's _fsdp_resident, as for Answer.AI's train.py:
# the HF Trainer wraps each decoder layer (TRANSFORMER_BASED_WRAP) and, for a PEFT model, each LoRA leaf (transformers
# Trainer._fsdp_qlora_plugin_updates, later update_fsdp_plugin_peft, sets peft's fsdp_auto_wrap_policy), so the root
# unit holds the embedding, the final norm and the head; bitsandbytes keeps a Linear4bit's quant_state on the module, outside the flat parameter ("the
# quant state got lost when the parameter got converted. This happens for example for fsdp", bitsandbytes
# nn/modules.py fix_4bit_weight_quant_state_from_module). Under --bf16 accelerate upcasts the trainable flat parameters
# to fp32 (accelerator.py prepare_model: "we follow DeepSpeed's strategy to hold the parameters in full precision"),
# the 4 + 4 + 8 bytes a trained parameter holds that the "mixed" precision already counts (2 + 2 + 4 + 8).
Sharding = Literal["deepspeed", "fsdp"]
SHARDINGS: tuple[str, ...] = Sharding.__args__  # type: ignore[attr-defined]
ACCELERATE_FSDP_FRAMEWORKS = ("transformers", "peft", "trl")
ACCELERATE_FSDP_SHARD_STAGES = (0, 2, 3)


def accelerate_fsdp(fw: Framework) -> Framework:
    """An HF-stack framework `fw` sharded by accelerate's FSDP (FSDP1) instead of DeepSpeed ZeRO (above)."""
    return replace(
        fw,
        sharding="fsdp",
        shard_stages=ACCELERATE_FSDP_SHARD_STAGES,
        offload_everything=True,
        deepspeed_buffers=False,
        offload_host_per_base_byte=PEFT_FSDP_QLORA_HOST_PER_BASE_BYTE,
    )


# Liger Kernel's fused linear cross-entropy (linkedin/Liger-Kernel src/liger_kernel/ops/fused_linear_cross_entropy.py,
# read at ead96b6, 2026-08-21): the lm_head matmul and the loss run over chunks of the tokens, so the s x vocab logits
# are never materialised (LIGER_FLCE_* below)
LIGER: Logits = "fused-linear"

FRAMEWORK_DEFAULTS: dict[str, Framework] = {
    # HF Trainer with AMP: fp32 master weights and AdamW states; logits upcast for the loss
    "transformers": Framework(
        "transformers",
        "mixed",
        "adamw",
        "adamw",
        False,
        False,
        "fp32-upcast",
        data_parallel_only=HF_TRAINER_DATA_PARALLEL_ONLY,
        fused_loss=LIGER,
    ),
    "peft": Framework(
        "peft",
        "mixed",
        "adamw",
        "adamw",
        False,
        False,
        "fp32-upcast",
        data_parallel_only=HF_TRAINER_DATA_PARALLEL_ONLY,
        fused_loss=LIGER,
    ),
    "trl": Framework(
        "trl",
        "mixed",
        "adamw",
        "adamw",
        False,
        False,
        "fp32-upcast",
        data_parallel_only=HF_TRAINER_DATA_PARALLEL_ONLY,
        fused_loss=LIGER,
    ),
    # LLaMA-Factory trains through the HF Trainer (optim adamw_torch by default)
    "llama-factory": Framework(
        "llama-factory", "mixed", "adamw", "adamw", False, False, "fp32-upcast", fused_loss=LIGER
    ),
    # torchtune single-device full configs: bnb PagedAdamW8bit with optimizer_in_bwd; dtype bf16
    # everywhere; CEWithChunkedOutputLoss (num_output_chunks 8); AdamW `fused: True` (#1575); NF4 via torchao
    "torchtune": Framework(
        "torchtune",
        "bf16",
        "paged-adamw-8bit",
        "adamw",
        True,
        False,
        "chunked",
        single_device_only=True,
        nf4_quantized_on_gpu=True,
        adapter_bytes=2.0,
        shard_stages=TORCHTUNE_SHARD_STAGES,
        shard_default=TORCHTUNE_SHARD_DEFAULT,
        data_parallel_only=TORCHTUNE_DATA_PARALLEL_ONLY,
        offload_everything=True,
        sharding="fsdp2",
    ),
    # Unsloth notebooks: optim "adamw_8bit", use_gradient_checkpointing="unsloth", fused cross-entropy
    "unsloth": Framework(
        "unsloth",
        "mixed",
        "adamw-8bit",
        "adamw-8bit",
        False,
        True,
        "fused",
        shard_stages=UNSLOTH_SHARD_STAGES,
        data_parallel_only=True,
        fused_kernels=True,
    ),
    # axolotl trains through the HF Trainer with the model loaded in bf16 (`bf16: true` sets cfg.torch_dtype =
    # torch.bfloat16, src/axolotl/utils/config/__init__.py; loaders/model.py passes it as torch_dtype): no fp32 master
    # copy; its example configs enable the CutCrossEntropyPlugin (Apple's CCE: logits never materialised). For a
    # config without that plugin, --framework transformers describes the loss.
    "axolotl": Framework(
        "axolotl", "bf16", "adamw", "adamw", False, False, "fused", data_parallel_only=HF_TRAINER_DATA_PARALLEL_ONLY
    ),
    # Answer.AI's fsdp_qlora train.py (FSDP_QLORA_SHARD_STAGES above): the practitioner's FSDP + QLoRA of a 70B on two
    # 24 GB cards (answer.ai/posts/2024-03-06-fsdp-qlora)
    "fsdp-qlora": Framework(
        "fsdp-qlora",
        "bf16",
        "adamw",
        "adamw",
        False,
        False,
        "fp32-upcast",
        autocast=False,
        adapter_bytes=2.0,
        lora_dropout=True,
        shard_stages=FSDP_QLORA_SHARD_STAGES,
        data_parallel_only=True,
        offload_everything=True,
        sharding="fsdp",
        offload_host_per_base_byte=FSDP_QLORA_HOST_PER_BASE_BYTE,
    ),
    # DeepSpeed ZeRO (HF Trainer integration): mixed precision plus its communication buckets
    "deepspeed": Framework(
        "deepspeed",
        "mixed",
        "adamw",
        "adamw",
        False,
        False,
        "fp32-upcast",
        deepspeed_buffers=True,
        autocast=False,
        data_parallel_only=HF_TRAINER_DATA_PARALLEL_ONLY,
        fused_loss=LIGER,
    ),
}

# Bytes per logit element (tokens x vocab) alive at the loss's peak, its backward pass included.
# fp32-upcast: transformers' ForCausalLMLoss (loss_utils.py) upcasts with `logits.float()` before
#   cross_entropy. Forward: the bf16 logits (2) + the fp32 copy (4) + log_softmax's fp32 output, saved
#   for backward (4) = 10. The HF Trainer's compute_loss returns the loss alone (`return (loss, outputs)
#   if return_outputs else loss`), so the bf16 logits and the fp32 copy (log_softmax's backward needs
#   only its output) are gone before backward, which peaks at the saved output (4) + nll_loss's dense
#   fp32 gradient (4) + log_softmax's input gradient (4) = 12. Older Llama code upcast inside the model
#   and sliced a contiguous fp32 copy: fp32 logits + copy + log_softmax output, the same 12.
# bf16-loss: remote model code that calls CrossEntropyLoss on the 16-bit logits without upcasting
#   (Qwen-1 modeling_qwen.py): logits + their shifted contiguous copy + log_softmax output forward, the
#   saved output and two gradients backward, 3 x 2 bytes = 6.
# chunked: bf16 logits kept for backward (2) + one of 8 chunks upcast to fp32 with its softmax (8/8).
# fused: Unsloth since late 2024 computes the loss with Apple's Cut Cross-Entropy (Unsloth benchmarks
#   page: its VRAM savings "come from Unsloth's gradient checkpointing algorithm and Apple's CCE";
#   Wijmans et al. 2024, "Cut Your Losses in Large-Vocabulary Language Models": the logits are never
#   materialised, loss memory falls from gigabytes to megabytes): nothing per logit.
# fused-inplace: flash-attn's xentropy kernel (TinyLlama's FusedCrossEntropyLoss, inplace_backward=True by default:
#   `ctx.save_for_backward(logits, lse, labels)`, `xentropy_cuda_lib.backward(..., ctx.inplace_backward, ...)`) keeps
#   the 16-bit logits the head wrote and one fp32 log-sum-exp per token, and writes their gradient over them: 2 bytes.
# fused-linear: Liger's fused linear cross-entropy (LIGER above) takes the hidden states and the head's weight, not the
#   logits: nothing per logit; liger_flce_bytes counts what it holds instead.
LOGIT_BYTES_CHUNKS = 8
LOGITS_BYTES: dict[str, float] = {
    "fp32-upcast": 4.0 + 4.0 + 4.0,
    "bf16-loss": 3 * 2.0,
    "chunked": 2.0 + 8.0 / LOGIT_BYTES_CHUNKS,
    "fused": 0.0,
    "fused-inplace": 2.0,
    "fused-linear": 0.0,
}
LOGITS_NOTES: dict[str, str] = {
    "fp32-upcast": "fp32 upcast for the loss",
    "bf16-loss": "loss on the 16-bit logits (model code does not upcast)",
    "chunked": f"loss over {LOGIT_BYTES_CHUNKS} chunks",
    "fused": "cut cross-entropy: logits never materialised",
    "fused-inplace": "fused cross-entropy: the 16-bit logits only, their gradient written in place",
    "fused-linear": "Liger's fused linear cross-entropy: logits computed a chunk of tokens at a time, never whole",
}


# What Liger's fused linear cross-entropy holds at the loss's peak (fused_linear_cross_entropy_forward, read at
# linkedin/Liger-Kernel@ead96b6, 2026-08-21). It splits the BT tokens into chunks "to achieve the same memory
# consumption as BT x H": inc_factor = cdiv(V, H), chunk_size = next_power_of_2(cdiv(BT, inc_factor)); per chunk the
# logits `_input_chunk @ weight.t()` in the input's dtype, over which liger_cross_entropy_kernel writes their gradient
# in place; the gradient of the hidden states (`grad_input = torch.zeros_like(_input)`) is computed in the forward and
# kept for the backward, which only scales it. So: one chunk of logits (chunk_size x V x 2 bytes) + grad_input
# (BT x H x 2); the fp32 loss per token (BT x 4) beside them. Until v0.4.2 the chunk was upcast (`logits_chunk =
# logits_chunk.float()`, then `.to(dtype)`): bf16 + fp32 + bf16 = 8 bytes per chunk element; Liger's own memory
# benchmark of that release is the published measurement the test holds this to
# (benchmark/data/all_benchmark_data.csv, fused_linear_cross_entropy, A100-SXM4-80GB, 2024-11-22).
LIGER_FLCE_CHUNK_BYTES = 2.0
LIGER_FLCE_CHUNK_BYTES_V042 = 2.0 + 4.0 + 2.0
LIGER_FLCE_HIDDEN_GRAD_BYTES = 2.0
LIGER_FLCE_LOSS_BYTES = 4.0


def liger_flce_chunk_rows(tokens: int, hidden: int, vocab: int) -> int:
    """Rows of one chunk of Liger's fused linear cross-entropy: next_power_of_2(cdiv(BT, cdiv(V, H)))."""
    rows = -(-tokens // -(-vocab // hidden))
    return 1 << max(rows - 1, 0).bit_length()


def liger_flce_bytes(tokens: int, hidden: int, vocab: int, chunk_bytes: float = LIGER_FLCE_CHUNK_BYTES) -> float:
    """Bytes Liger's fused linear cross-entropy holds over `tokens` (BT) tokens: one chunk of logits, the hidden
    states' gradient it computes in the forward, the fp32 loss per token."""
    chunk = min(liger_flce_chunk_rows(tokens, hidden, vocab), tokens)
    return chunk * vocab * chunk_bytes + tokens * hidden * LIGER_FLCE_HIDDEN_GRAD_BYTES + tokens * LIGER_FLCE_LOSS_BYTES


# Model code that computes the loss itself, in the logits' dtype, whatever the trainer: HF
# `model_type` -> logits handling (Qwen-1's trust_remote_code modeling_qwen.py, QWenLMHeadModel.forward).
ARCH_LOGITS: dict[str, Logits] = {"qwen": "bf16-loss"}


def logits_handling(fw: Framework, architecture: str, fused_kernels: bool = False, kind: str = "finetune") -> Logits:
    """How the loss treats the logits: the framework's way, unless the model's own code computes it
    (only where the framework would otherwise run the model's forward with its loss). Under torch.autocast
    the model's own 16-bit loss is upcast anyway: cross_entropy, log_softmax and nll_loss are on autocast's
    float32 list (PyTorch docs, "Automatic Mixed Precision package: CUDA ops that can autocast to float32"),
    which costs what the trainer's own upcast does. A stack with fused kernels (Workload.fused_kernels) computes the
    loss with a fused cross-entropy, unless its framework's loss keeps less still: a fine-tuning framework's own fused
    loss (Framework.fused_loss: Liger's on the HF Trainer), lit-gpt's in-place one for a from-scratch `kind` (the launch
    commands' fused stack is counted as TinyLlama's, docs/estimates.md section 5)."""
    fused_loss = fw.fused_loss if kind == "finetune" else "fused-inplace"
    if fused_kernels and LOGITS_BYTES[fw.logits] > LOGITS_BYTES[fused_loss]:
        return fused_loss
    if fw.logits == "fp32-upcast" and not fw.autocast:
        return ARCH_LOGITS.get(architecture, fw.logits)
    return fw.logits


def shard_stage(fw: Framework, zero: int, gpus: int) -> int:
    """The ZeRO-equivalent stage `fw` runs on `gpus` GPUs when `zero` is asked: the stage itself if the framework has
    it, its default for none (0), else the next stage that shards more (torchtune: ZeRO-1 runs as ZeRO-2)."""
    if gpus <= 1:
        return 0
    if zero in fw.shard_stages:
        return zero
    if zero == 0:
        return fw.shard_default
    return min((s for s in fw.shard_stages if s > zero), default=max(fw.shard_stages))


def framework_shards_with_fsdp(name: str | None) -> bool:
    """Its multi-GPU sharding is PyTorch FSDP (torchtune's recipes, Answer.AI's fsdp_qlora), not DeepSpeed ZeRO (the
    launch commands of the HF-Trainer frameworks, launch/training.py)."""
    fw = FRAMEWORK_DEFAULTS.get(name or "")
    return fw is not None and fw.sharding != "deepspeed"


def shard_note(fw: Framework, zero: int, stage: int, gpus: int) -> str:
    """Why the estimate runs `fw` at `stage` when `zero` was asked ("" when it is the one asked)."""
    if stage == zero or gpus <= 1:
        return ""
    if fw.name == "unsloth":
        return (
            f"Unsloth runs several GPUs as DDP under accelerate (its multi-GPU guide): a whole copy on each of "
            f"{gpus} GPUs, not the ZeRO-{zero} asked"
        )
    if fw.sharding == "fsdp" and fw.name in ACCELERATE_FSDP_FRAMEWORKS:
        return (
            f"accelerate's FSDP cannot shard the optimizer states alone (ZeRO-{zero}): {fw.name} runs SHARD_GRAD_OP, "
            f"ZeRO-{stage}, on {gpus} GPUs"
        )
    if fw.name != "torchtune":
        return f"{fw.name} runs ZeRO-{stage} on {gpus} GPUs where ZeRO-{zero} was asked"
    if zero == 0:
        return (
            f"torchtune's distributed recipes always shard with FSDP2 (fully_shard on every layer; no DDP): sized "
            f"as its default FULL_SHARD (fsdp_reshard_after_forward=True), ZeRO-3, on {gpus} GPUs"
        )
    return (
        f"torchtune cannot shard the optimizer states alone (ZeRO-{zero}): its FSDP2 recipes shard parameters, "
        f"gradients and optimizer states, so this is sized as fsdp_reshard_after_forward=False (SHARD_GRAD_OP), "
        f"ZeRO-{stage}"
    )


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


MEGATRON_LM = "Megatron-LM"
MEGATRON_BRIDGE = "LLaMA-Factory + Megatron Bridge"


# Pretraining runs on the app's own launch commands (launch/training.py), neither of which is counted as a fused stack:
# - one machine, data parallel: accelerate + the HF Trainer (run_clm-style), eager unless torch_compile=True, which
#   the command does not set;
# - a split model or several nodes: Megatron-LM's pretrain_gpt.py, whose default fusions (NVIDIA/Megatron-LM@d98e8a6
#   megatron/training/arguments.py: masked softmax, bias+GeLU/SwiGLU, bias+dropout, RoPE, gradient accumulation, on
#   unless --no-...-fusion; no torch.compile; cross-entropy fusion off unless --cross-entropy-loss-fusion) are the
#   hand-written kind the A100 reference run itself had (Narayanan et al. 2021 sec. 4.2: fused bias+GeLU,
#   bias+dropout+add, scale+mask+softmax). The default utilisation comes from that run, so Megatron is priced as it.
PRETRAIN_FUSED_KERNELS = False


def default_fused_kernels(kind: str, fw: Framework) -> bool:
    """Whether the stack that runs a `kind` job under `fw` fuses its element-wise work by default: the fine-tuning
    framework's own default; pretraining runs on the app's launch commands (PRETRAIN_FUSED_KERNELS)."""
    return fw.fused_kernels if kind == "finetune" else PRETRAIN_FUSED_KERNELS


def layout_runner(
    kind: str, tensor: int = 1, pipeline: int = 1, context: int = 1, nodes: int = 1, expert: int = 1
) -> str | None:
    """What runs a planner's layout when the framework's own trainer cannot (the launch commands, launch/training.py):
    Megatron-LM for pretraining that splits the model (experts included: --expert-model-parallel-size) or spans nodes,
    LLaMA-Factory on Megatron Bridge for fine-tuning that splits the model; None when the framework runs it (data
    parallel on one node, or fine-tuning's data parallel)."""
    if kind == "pretrain" and max(tensor, pipeline, context, nodes, expert) > 1:  # Megatron splits the sequence (ga7)
        return MEGATRON_LM
    if kind == "finetune" and max(tensor, pipeline, context) > 1:
        return MEGATRON_BRIDGE
    return None


def pipeline_layers(layers: int, pipeline: int, chunks: int = 1) -> tuple[tuple[int, ...], ...]:
    """Whole layers per model chunk of each pipeline rank (`[rank][chunk]`), as a Megatron pipeline holds them: a stage
    holds whole layers, so where `pipeline` does not divide `layers` (DeepSeek-V3 and Kimi K2: 61) some ranks hold one
    more; those are the middle ranks, because the first also runs the embedding and the last the output layer and the
    loss (Megatron-Bridge@067f987d's DeepSeek-V3 layouts keep both ends lighter: recipes/deepseek/h100/deepseek_v3.py
    `_get_deepseek_v3_pipeline_layout`, perf_recipes' "Et|(tt|)*30mL"). A rank's layers split as evenly as they can over
    its `chunks` (the interleaved schedule's virtual stages)."""
    pipeline, chunks = max(1, pipeline), max(1, chunks)
    base, extra = divmod(layers, pipeline)
    middle_first = sorted(range(pipeline), key=lambda r: (r in (0, pipeline - 1), abs(r - (pipeline - 1) / 2), r))
    more = set(middle_first[:extra])
    split = []
    for rank in range(pipeline):
        per_chunk, left = divmod(base + (rank in more), chunks)
        split.append(tuple(per_chunk + (chunk < left) for chunk in range(chunks)))
    return tuple(split)


def pipeline_bubble(pipeline: int, micro_batches: int, virtual: int = 1) -> float:
    """The pipeline's idle time over its compute: (p - 1) / m for 1F1B on m micro-batches (Narayanan et al. 2021,
    arXiv 2104.04473 eq. 1; torchtitan's Schedule1F1B the same), (p - 1) / (v m) with v model chunks per rank (the
    interleaved schedule, sec. 2.2.2). 0 without a pipeline. The one rule the planner's layouts (parallel.py) and a run's
    stated layout (estimator._pipeline_bubble) read."""
    if pipeline <= 1:
        return 0.0
    return (pipeline - 1) / (max(1, virtual) * max(1, micro_batches))


def pipeline_pace(layers: int, pipeline: int) -> float:
    """How much longer a pipeline's step takes than an even split's: every stage waits for the busiest (1F1B runs at the
    slowest stage's pace, Narayanan et al. 2021 sec. 2.2), which holds the most layers of pipeline_layers: ceil(L / p)
    over L / p (61 layers on 16 stages: 4 over 3.81, x1.049). 1 without a pipeline or where p divides L."""
    if pipeline <= 1 or layers <= 0:
        return 1.0
    busiest = max(sum(rank) for rank in pipeline_layers(layers, pipeline))
    return busiest * pipeline / layers


def runner_with_sharding(runner: str, zero: int | None) -> str:
    """'Megatron-LM with its distributed optimizer (ZeRO-1)': Megatron's ZeRO-1 is its distributed optimizer
    (--use-distributed-optimizer; LLaMA-Factory's use_distributed_optimizer)."""
    if not zero:
        return runner
    return f"{runner} with its distributed optimizer (ZeRO-1)" if zero == 1 else f"{runner} with ZeRO-{zero}"


def framework(name: str, released: str | None = None, sharding: str | None = None) -> Framework:
    """The framework's defaults; `released` (YYYY-MM-DD) gives them as of that date (torchtune only: the others'
    memory-relevant defaults are not dated here); `sharding` "fsdp" runs an HF-stack framework under accelerate's FSDP
    (accelerate_fsdp)."""
    try:
        fw = FRAMEWORK_DEFAULTS[name]
    except KeyError:
        raise ValueError(f"unknown framework {name!r} (choose from {', '.join(FRAMEWORKS)})") from None
    if sharding == "fsdp" and name in ACCELERATE_FSDP_FRAMEWORKS:
        return accelerate_fsdp(fw)
    if released is None or name != "torchtune":
        return fw
    return replace(
        fw,
        logits="chunked" if released >= TORCHTUNE_CHUNKED_LOSS_SINCE else "fp32-upcast",
        adamw_foreach=released < TORCHTUNE_FUSED_ADAMW_SINCE,
        nf4_whole_tensor=released < TORCHTUNE_TORCHAO_CHUNKED_SINCE,
        lora_dropout=released < TORCHTUNE_NO_LORA_DROPOUT_SINCE,
    )


# torchtune's memory-relevant changes, from its git history (github:pytorch/torchtune):
# - CEWithChunkedOutputLoss, pytorch/torchtune#1390 (2024-08-28); before it TransformerDecoder returned
#   `self.output(h).float()` and the recipes sliced a contiguous fp32 copy for nn.CrossEntropyLoss (fp32-upcast)
# - `fused: True` on every AdamW config but the paged ones, pytorch/torchtune#1575 (2024-09-14); before it
#   torch.optim.AdamW ran its foreach implementation
# - torchao pinned at 0.1 from 2024-04-09 (#656) until "Pin ao==0.3" (#1125, 2024-06-26); chunked NF4 quantization
#   arrived in torchao 0.2 (pytorch/ao#196)
# - lora_dropout 0.05 -> 0.0 in every builder, pytorch/torchtune#1492 (2024-09-11)
TORCHTUNE_NO_LORA_DROPOUT_SINCE = "2024-09-11"
TORCHTUNE_CHUNKED_LOSS_SINCE = "2024-08-28"
TORCHTUNE_FUSED_ADAMW_SINCE = "2024-09-14"
TORCHTUNE_TORCHAO_CHUNKED_SINCE = "2024-06-26"

# Bytes alive on the GPU while torchao's NF4Tensor.from_tensor quantizes a bf16 matrix of N elements: the
# checkpoint's copy moved to the GPU (2N) and the scaled blocks (2N); then the nearest-code search: before torchao 0.2,
# `(value - nf4)` and its `.abs()`, each N x 16 bf16 (64N together); since, the same over CHUNK_SIZE = 1024**2
# elements at a time, written into an N-byte uint8 index tensor (torchao/dtypes/nf4tensor.py, "Note: Quantize in Chunks")
NF4_LOAD_BYTES_PER_ELEMENT = 2.0 + 2.0
NF4_NEAREST_BYTES_PER_ELEMENT = 2 * 16 * 2.0
NF4_QUANTIZE_CHUNK = 1024**2


# Saved per input element of an adapted matrix under LoRA dropout: the dropped copy (bf16) and its bool mask
LORA_DROPOUT_BYTES = 2.0 + 1.0


def nf4_load_transient(elements: int, whole_tensor: bool) -> float:
    """Peak transient bytes while one bf16 matrix of `elements` is quantized to NF4 on the GPU."""
    if whole_tensor:
        return elements * (NF4_LOAD_BYTES_PER_ELEMENT + NF4_NEAREST_BYTES_PER_ELEMENT)
    return (
        elements * (NF4_LOAD_BYTES_PER_ELEMENT + 1.0)
        + min(elements, NF4_QUANTIZE_CHUNK) * NF4_NEAREST_BYTES_PER_ELEMENT
    )


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
