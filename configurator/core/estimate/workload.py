"""The workload a user asks about: inference, fine-tuning or pretraining, with its options."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, cast

from configurator.core.catalog.models import MAX_LAYERS, ModelArch
from configurator.core.common.base import BaseModel, ConfigDict, Field, model_validator
from configurator.core.common.errors import InvalidInputError
from configurator.core.common.serving_pool import VLLM_GPU_MEMORY_UTILIZATION
from configurator.core.common.shapes import WorkloadJson
from configurator.core.estimate.frameworks import (
    ACCELERATE_FSDP_FRAMEWORKS,
    FrameworkName,
    Sharding,
    default_framework,
    default_fused_kernels,
    framework,
)
from configurator.core.estimate.precision import (
    EXL2_TYPES,
    EXL3_TYPES,
    GGUF_TYPES,
    INFERENCE_ONLY,
    WEIGHT_PRECISIONS,
    KvPrecision,
    WeightPrecision,
)

WorkloadKind = Literal["inference", "finetune", "pretrain"]
Engine = Literal["llama.cpp", "vllm", "sglang", "transformers", "exllamav2", "exllamav3"]
ENGINES: tuple[str, ...] = Engine.__args__  # type: ignore[attr-defined]

_SIXTEEN_BIT = ("fp32", "bf16", "fp16")
_SERVING = tuple(p for p in WEIGHT_PRECISIONS if p not in GGUF_TYPES + EXL2_TYPES + EXL3_TYPES)
"""The formats vLLM and SGLang load: every weight precision but the GGUF and EXL files (16-bit first, as listed)."""
# Which weight formats each engine loads (engine docs: llama.cpp reads GGUF, incl. MXFP4 since the
# gpt-oss release; vLLM and SGLang list fp8, bitsandbytes, GPTQ, AWQ, MXFP4 and NVFP4 (ModelOpt /
# compressed-tensors, the INT4 experts of Kimi K2.5 too); llama.cpp runs those as a GGUF with Q4_0 experts
# (precision.GGUF_Q4_0_EXPERTS); transformers >= 4.55 loads gpt-oss MXFP4 but has no NVFP4 kernels;
# exllamav2 loads EXL2 and GPTQ, exllamav3 loads EXL3; both also take 16-bit safetensors).
ENGINE_FORMATS: dict[str, tuple[str, ...]] = {
    "llama.cpp": GGUF_TYPES + _SIXTEEN_BIT + ("mxfp4", "int4-experts"),
    "vllm": _SERVING,
    "sglang": _SERVING,
    "transformers": tuple(p for p in _SERVING if p != "nvfp4"),
    "exllamav2": EXL2_TYPES + ("gptq-int4", "fp16", "bf16"),
    "exllamav3": EXL3_TYPES + ("fp16", "bf16"),
}
# Engines estimated with another engine's calibration until rows of their own are fitted.
ENGINE_STAND_IN: dict[str, str] = {"sglang": "vllm", "exllamav2": "llama.cpp", "exllamav3": "llama.cpp"}
ENGINE_STAND_IN_WHY: dict[str, str] = {
    "sglang": "both pre-allocate a paged KV pool (SGLang's --mem-fraction-static, picked by the card's memory) and "
    "batch continuously with CUDA graphs",
    "exllamav2": "quantized kernels read at llama.cpp's rate, prompt processed in chunks, embeddings kept in system RAM",
    "exllamav3": "quantized kernels read at llama.cpp's rate, prompt processed in chunks, embeddings kept in system RAM",
}


def engines_for(precision: str) -> tuple[str, ...]:
    """Engines that can load weights in `precision`."""
    return tuple(e for e in ENGINES if precision in ENGINE_FORMATS[e])


def _default_engine(precision: str, batch: int) -> str:
    if precision in GGUF_TYPES:
        return "llama.cpp"
    if precision in EXL2_TYPES:
        return "exllamav2"
    if precision in EXL3_TYPES:
        return "exllamav3"
    if batch > 1 or precision == "nvfp4":
        return "vllm"
    return "transformers"


Method = Literal["full", "lora", "qlora"]
Optimizer = Literal["adamw", "adamw-8bit", "paged-adamw", "paged-adamw-8bit", "sgd"]
# bases QLoRA can train adapters on: bitsandbytes NF4 (the QLoRA paper) or a published GPTQ/AWQ
# checkpoint (Qwen's Q-LoRA recipe fine-tunes its Int4 GPTQ models; PEFT trains LoRA over both), or
# bitsandbytes LLM.int8() (LLaMA-Factory `quantization_bit: 8`, its hardware table's "QLoRA 8-bit" row)
QLORA_BASES = ("nf4", "int4", "int8", "gptq-int4", "gptq-int8", "awq-int4")
Split = Literal["auto", "layer", "tensor"]


class Workload(BaseModel):
    """A frozen description of the job; defaults are resolved by `resolved()`."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)  # finite numbers only

    kind: WorkloadKind = "inference"
    precision: WeightPrecision | None = None
    kv_precision: KvPrecision = "fp16"
    context: int | None = Field(default=None, ge=1, le=10_000_000)
    prompt: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="inference: prompt tokens processed in one forward pass before the first "
        "generated token (default: memory for the whole context, the wait timed for a typical 1,020-token prompt: "
        "the median of Azure's 2023 conversation trace)",
    )
    batch: int = Field(default=1, ge=1, le=4096)
    engine: Engine | None = None
    split: Split = "auto"
    method: Method = "lora"
    optimizer: Optimizer | None = Field(default=None, description="training: default is the framework's")
    framework: FrameworkName | None = Field(
        default=None, description="fine-tuning framework; default the usual one for the method"
    )
    activation_offload: bool | None = Field(
        default=None, description="training: checkpointed activations kept in host RAM (default: the framework's)"
    )
    grad_checkpointing: bool | None = None
    selective_checkpointing: bool = Field(
        default=False,
        description="training: per-operator selective activation checkpointing as torchtitan's "
        '`selective_ac_option = "op"` (every other matmul output and attention\'s output kept, '
        "the rest recomputed); implies gradient checkpointing",
    )
    fused_kernels: bool | None = Field(
        default=None,
        description="training: the stack fuses its element-wise ops (torch.compile, fused kernels); "
        "default: what the framework or the launch command runs",
    )
    transformer_engine: bool = Field(
        default=False,
        description="training in fp8: the GEMMs run through NVIDIA Transformer Engine (Megatron-Core, NeMo, Megatron "
        "Bridge), whose dense FP8 step gains more than its GEMMs' share of the BF16 step (estimator.TE_DENSE_FP8_PAIR)",
    )
    # an MoE pretraining job's expert-parallel layout (issue #29, train34): a published run's own, which the estimate
    # prices (estimator._expert_parallel); None: the widest degree inside one NVLink domain (gemm.default_expert_parallel)
    expert_parallel: int | None = Field(
        default=None,
        ge=1,
        le=4096,
        description="pretraining an MoE: the expert-parallel degree (Megatron-LM --expert-model-parallel-size); "
        "default: the widest inside one NVLink domain",
    )
    expert_dispatcher: Literal["auto", "alltoall", "deepep"] = Field(
        default="auto",
        description="pretraining an MoE across nodes: Megatron-Core's token dispatcher, 'alltoall' (one send per "
        "routed copy) or 'deepep' (DeepEP / HybridEP: one send per other node, forwarded over NVLink there); 'auto': "
        "DeepEP where the expert group spans nodes on cards it supports, as Megatron-Bridge's multi-node recipes run "
        "(collectives.expert_dispatcher)",
    )
    expert_overlap: bool = Field(
        default=False,
        description="pretraining an MoE: the all-to-alls overlapped with another micro-batch's compute (Megatron-Core "
        "--overlap-moe-expert-parallel-comm); the share hidden is collectives.EXPERT_OVERLAP_HIDDEN",
    )
    # a published run's own pipeline layout (issue #29, train39): the stages and the micro-batches one optimizer step
    # runs through them, which the single estimate prices as the 1F1B schedule's bubble (frameworks.pipeline_bubble);
    # None: a data-parallel job (the planner lays out its own pipelines)
    pipeline_parallel: int | None = Field(
        default=None,
        ge=1,
        le=1024,
        description="pretraining: the run's pipeline-parallel stages (Megatron-LM --pipeline-model-parallel-size, "
        "torchtitan pipeline_parallel_degree); default: none, a data-parallel job",
    )
    pipeline_micro_batches: int | None = Field(
        default=None,
        ge=1,
        le=65536,
        description="pretraining with pipeline_parallel: the micro-batches one step runs through the pipeline; "
        "default: one per stage (torchtitan's default)",
    )
    lora_rank: int = Field(default=16, ge=1, le=4096)
    lora_targets: Literal["all-linear", "attention"] = "all-linear"
    train_embeddings: bool = Field(default=False, description="LoRA: also train the embedding and output layers")
    zero: Literal[0, 1, 2, 3] = 0
    sharding: Sharding | None = Field(
        default=None,
        description="training on several GPUs with transformers, peft or trl: what shards the model, DeepSpeed ZeRO "
        "or PyTorch FSDP under accelerate (--zero 3: FULL_SHARD, 2: SHARD_GRAD_OP; frameworks.py); unset, the estimate "
        "function runs DeepSpeed; the estimate command and a plan the card's usual sharder (estimate/sharded.py)",
    )
    offload: Literal["none", "cpu"] = "none"
    # micro-batches per GPU per optimizer step (gradient accumulation); None: one, or, for a pretraining run, enough for
    # its ~4M-token global batch, for a fine-tune Llama 2's 64 sequences (but one for one GPU stepping its optimizer
    # inside the backward) (global_batch.accumulation, estimator._with_accumulation). The launch command passes the same count
    # (65536: 4M tokens of 64-token sequences on one GPU)
    grad_accumulation: int | None = Field(default=None, ge=1, le=65536)
    tokens: float | None = Field(default=None, gt=0, le=1e15, description="training tokens (dataset x epochs)")
    # how many passes over the dataset `tokens` counts, as the window's Epochs field says it (tokens = dataset x
    # epochs): a saved project reopened showed Dr. Chen's 100 M-token dataset for 1 epoch as 33.3 M x 3 epochs, the
    # field's default (walk21). Not used by any estimate; None: not said (the command line gives tokens only)
    epochs: float | None = Field(default=None, gt=0, le=1000)
    mfu: float | None = Field(default=None, ge=0.01, le=1, description="below 1 % no cluster is run for long")
    vllm_gpu_memory_utilization: float = Field(default=VLLM_GPU_MEMORY_UTILIZATION, gt=0.1, le=1.0)
    # round 44: the tokens a typical request holds by its end (its prompt and reply: a named usage's, else the chat
    # trace's), which vLLM's paged KV pool is sized on for several streams (common.serving_pool.KvPool); None: every
    # stream at the whole context. The plan sets it from the usage (plan._usage_context)
    typical_tokens: int | None = Field(
        default=None,
        ge=1,
        le=100_000_000,
        description="inference under vLLM with several streams: tokens a typical request holds by its end (prompt "
        "and reply); the KV pool is sized on them, at least one whole context; default: every stream at the context",
    )
    # round 45: llama-server's slots share one buffer of the pool's cells (-kvu, common.serving_pool.UNIFIED_KV_ENGINES);
    # None: the estimate decides (unified where every slot's whole window does not fit the cards: estimator._kv_layout)
    kv_unified: bool | None = None
    cpu_layers: int = Field(
        default=0, ge=0, le=MAX_LAYERS, description="inference: transformer layers kept in system RAM (llama.cpp -ngl)"
    )
    cpu_experts: bool = Field(
        default=False, description="inference: MoE expert weights kept in system RAM (llama.cpp --cpu-moe)"
    )
    speculative: Literal["none", "mtp", "draft"] = Field(
        default="none",
        description="inference: speculative decoding with the model's own multi-token-prediction layers (mtp) or a "
        "smaller draft model of the same tokenizer (draft)",
    )
    draft_model: str | None = Field(
        default=None, description="inference: the draft model's catalog id for --speculative draft (--draft-model)"
    )
    # the draft model's catalog record as JSON, attached by the caller that holds the catalog (speculative_draft.
    # with_draft): a string keeps the workload hashable (the planner memoises estimates on it); not part of the
    # workload's JSON (the id above is). Read it as `draft_arch`.
    draft_record: str | None = Field(default=None, exclude=True)
    draft_tokens: int = Field(
        default=3, ge=1, le=8, description="inference: tokens drafted per step (--spec-draft-n-max)"
    )
    n_cpu_moe: int | None = Field(
        default=None,
        ge=0,
        le=MAX_LAYERS,
        description="inference: experts of the first N layers kept in system RAM (llama.cpp --n-cpu-moe)",
    )
    ram_bandwidth_gbps: float = Field(
        # at least 0.1 GB/s (single-channel DDR-200 gives 1.6): 5e-324 passed gt=0 and underflowed to a division by zero
        default=89.6,
        ge=0.1,
        le=100_000,
        description="host memory bandwidth for offloaded weights (dual-channel DDR5-5600 = 89.6 GB/s), and for the "
        "CPU optimizer step of a fine-tune with --offload cpu (left unset: the typical host that holds the job's RAM, "
        "estimate.optimizer_offload.TYPICAL_OFFLOAD_HOSTS)",
    )
    # whether ram_bandwidth_gbps was named (--ram-bandwidth; a plan's build's own CPU and DIMMs: on_host): an offloaded
    # optimizer step on a host nobody named is timed on the typical host that holds the job's RAM (optimizer_offload.
    # offload_host). Set from the fields given (_named_host) or by on_host; part of the workload's identity, so a
    # memoised estimate never answers a named 89.6 GB/s host with the unnamed default's figure; in the JSON (an
    # addition), so a saved project or a re-read workload keeps it (one saved without it names the bandwidth it lists)
    ram_bandwidth_named: bool = Field(
        default=False, description="ram_bandwidth_gbps was named (else an offloaded optimizer step assumes a host)"
    )
    host_buffer: Literal["pinned", "mmap"] = Field(
        default="pinned",
        description="inference, weights in system RAM: llama.cpp keeps them in the GPU's pinned host buffer (pinned: "
        "--no-mmap, as the launch command runs it) or in the model file's pageable mapping (mmap: llama.cpp's default), "
        "which the driver stages copy by copy (estimate.host.PAGEABLE_STAGING_GBPS)",
    )

    @model_validator(mode="after")
    def _named_host(self) -> Workload:
        named = {"ram_bandwidth_gbps", "ram_bandwidth_named"} & self.model_fields_set
        if named == {"ram_bandwidth_gbps"} and not self.ram_bandwidth_named:
            object.__setattr__(self, "ram_bandwidth_named", True)  # frozen: set once, while validating
        return self

    def on_host(self, ram_bandwidth_gbps: float) -> Workload:
        """The workload on a named host of this peak RAM bandwidth (model_copy runs no validator: this marks it)."""
        return self.model_copy(update={"ram_bandwidth_gbps": ram_bandwidth_gbps, "ram_bandwidth_named": True})

    @model_validator(mode="after")
    def _coherent(self) -> Workload:
        if self.selective_checkpointing and self.grad_checkpointing is False:
            raise InvalidInputError(
                "workload.selective-without-checkpointing",
                ("selective_checkpointing", "grad_checkpointing"),
                "selective checkpointing is a way of checkpointing: drop --no-grad-checkpointing",
            )
        if self.prompt is not None and self.kind != "inference":
            raise InvalidInputError(
                "workload.prompt-in-training",
                ("prompt",),
                "prompt is an inference option (training processes the whole sequence at once)",
            )
        if self.prompt is not None and self.context is not None and self.prompt > self.context:
            raise InvalidInputError(
                "workload.prompt-over-context",
                ("prompt", "context"),
                f"prompt ({self.prompt} tokens) is longer than the context ({self.context} tokens), "
                "which counts the prompt and the generated tokens",
            )
        if self.kind == "finetune" and self.method == "qlora" and self.precision not in (None, *QLORA_BASES):
            raise InvalidInputError(
                "workload.qlora-base",
                ("method", "precision"),
                f"QLoRA trains adapters over a 4-bit (or 8-bit) base: use --precision "
                f"{', '.join(QLORA_BASES)}, or leave it unset for NF4",
            )
        if self.sharding is not None and self._runner() not in ACCELERATE_FSDP_FRAMEWORKS:
            raise InvalidInputError(
                "workload.sharding-framework",
                ("sharding", "framework"),
                f"--sharding chooses DeepSpeed or FSDP for {', '.join(ACCELERATE_FSDP_FRAMEWORKS)} under accelerate; "
                f"{self._runner()} shards its own way (leave --sharding unset)",
            )
        if self.kind != "inference" and self.precision in INFERENCE_ONLY:
            family = "GGUF " if self.precision in GGUF_TYPES else ""
            raise InvalidInputError(
                "workload.inference-format",
                ("precision",),
                f"{family}{self.precision} is an inference format; training needs bf16/fp16 (or nf4 for QLoRA)",
            )
        if (
            self.engine == "llama.cpp"
            and self.precision is not None
            and self.precision not in ENGINE_FORMATS["llama.cpp"]
        ):
            raise InvalidInputError(
                "workload.engine-format",
                ("precision", "engine"),
                f"llama.cpp runs GGUF files; {self.precision} is not a GGUF type (try q4_k_m or q8_0"
                + self._elsewhere()
                + ")",
            )
        if (
            self.kind == "inference"
            and (self.cpu_layers or self.cpu_experts or self.n_cpu_moe)
            and self.engine not in (None, "llama.cpp")
        ):
            raise InvalidInputError(
                "workload.offload-engine",
                ("engine", "offload"),
                "keeping layers or experts in system RAM is modelled for llama.cpp (use --engine llama.cpp)",
            )
        if self.engine in ("vllm", "sglang", "transformers") and self.precision in GGUF_TYPES:
            raise InvalidInputError(
                "workload.engine-format",
                ("precision", "engine"),
                f"{self.precision} is a GGUF type: use --engine llama.cpp, or gptq-int4/awq-int4 for {self.engine}",
            )
        if self.engine is not None and self.precision is not None and self.precision not in ENGINE_FORMATS[self.engine]:
            loadable = [p for p in WEIGHT_PRECISIONS if p in ENGINE_FORMATS[self.engine]]
            raise InvalidInputError(
                "workload.engine-format",
                ("precision", "engine"),
                f"{self.engine} cannot load {self.precision} weights"
                + self._elsewhere()
                + f"; {self.engine} loads {', '.join(loadable[:8])}{' ...' if len(loadable) > 8 else ''}",
            )
        return self

    def _runner(self) -> str:
        """The training framework that runs the job (the method's usual one when none is named); "inference" for an
        inference workload."""
        if self.kind == "inference":
            return "inference"
        return self.framework or default_framework(self.method if self.kind == "finetune" else "full", self.zero)

    def _elsewhere(self) -> str:
        others = engines_for(self.precision or "bf16")
        return f"; {self.precision} runs on {', '.join(others)}" if others else ""

    @property
    def draft_arch(self) -> ModelArch | None:
        """The draft model of `--speculative draft` (draft_record), or None when none was attached."""
        return _draft_arch(self.draft_record) if self.draft_record else None

    def resolved(self, max_context: int) -> Workload:
        """Fill unset options with the defaults a practitioner would use."""
        updates: dict[str, object] = {}
        if self.precision is None:
            updates["precision"] = "nf4" if (self.kind == "finetune" and self.method == "qlora") else "bf16"
        precision = updates.get("precision", self.precision)
        if self.engine is None and self.kind == "inference":
            updates["engine"] = _default_engine(str(precision), self.batch)
        if self.context is None:
            default = {"inference": 4096, "finetune": 2048, "pretrain": 4096}[self.kind]
            # a stated prompt is part of the context
            updates["context"] = max(min(default, max_context), self.prompt or 0)
        if self.kind != "inference":
            method = self.method if self.kind == "finetune" else "full"
            fw = framework(self.framework or default_framework(method, self.zero))
            if self.framework is None:
                updates["framework"] = fw.name
            if self.optimizer is None and not (fw.single_device_only and method == "full"):
                # a framework whose full fine-tuning optimizer depends on the GPU count (torchtune: paged 8-bit AdamW on
                # one GPU, torch's AdamW distributed) is left to estimate(), which knows the count: filled here, a
                # cluster's workload (resolved before its size is known) kept the one-GPU optimizer on 64 GPUs
                updates["optimizer"] = fw.full_optimizer if method == "full" else fw.lora_optimizer
            if self.activation_offload is None:
                updates["activation_offload"] = fw.checkpoints_offloaded
            if self.fused_kernels is None:
                updates["fused_kernels"] = default_fused_kernels(self.kind, fw)
        elif self.optimizer is None:
            updates["optimizer"] = "adamw"
        if self.grad_checkpointing is None and self.selective_checkpointing:
            updates["grad_checkpointing"] = True
        elif self.grad_checkpointing is None:
            # fine-tuning usually recomputes to fit on few GPUs; pretraining a sized model does not
            updates["grad_checkpointing"] = self.kind == "finetune"
        return self.model_copy(update=updates) if updates else self

    def to_json(self) -> WorkloadJson:
        """The workload as an estimate reports it (EstimateResult.workload): every field but draft_record. Call it on
        a resolved workload: WorkloadJson's precision and context are set."""
        return cast(WorkloadJson, self.model_dump(mode="json"))


@lru_cache(maxsize=16)
def _draft_arch(record: str) -> ModelArch:
    return ModelArch.model_validate_json(record)
