"""The workload a user asks about: inference, fine-tuning or pretraining, with its options."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from configurator.core.catalog.models import MAX_LAYERS
from configurator.core.estimate.precision import GGUF_TYPES, KvPrecision, WeightPrecision

WorkloadKind = Literal["inference", "finetune", "pretrain"]
Engine = Literal["llama.cpp", "vllm", "transformers"]
Method = Literal["full", "lora", "qlora"]
Optimizer = Literal["adamw", "adamw-8bit", "sgd"]
Split = Literal["auto", "layer", "tensor"]


class Workload(BaseModel):
    """A frozen description of the job; defaults are resolved by `resolved()`."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)  # finite numbers only

    kind: WorkloadKind = "inference"
    precision: WeightPrecision | None = None
    kv_precision: KvPrecision = "fp16"
    context: int | None = Field(default=None, ge=1, le=10_000_000)
    batch: int = Field(default=1, ge=1, le=4096)
    engine: Engine | None = None
    split: Split = "auto"
    method: Method = "lora"
    optimizer: Optimizer = "adamw"
    grad_checkpointing: bool | None = None
    lora_rank: int = Field(default=16, ge=1, le=4096)
    lora_targets: Literal["all-linear", "attention"] = "all-linear"
    train_embeddings: bool = Field(default=False, description="LoRA: also train the embedding and output layers")
    zero: Literal[0, 1, 2, 3] = 0
    offload: Literal["none", "cpu"] = "none"
    tokens: float | None = Field(default=None, gt=0, le=1e15, description="training tokens (dataset x epochs)")
    mfu: float | None = Field(default=None, ge=0.01, le=1, description="below 1 % no cluster is run for long")
    vllm_gpu_memory_utilization: float = Field(default=0.90, gt=0.1, le=1.0)
    cpu_layers: int = Field(default=0, ge=0, le=MAX_LAYERS, description="inference: transformer layers kept in system RAM (llama.cpp -ngl)")
    cpu_experts: bool = Field(default=False, description="inference: MoE expert weights kept in system RAM (llama.cpp --cpu-moe)")
    ram_bandwidth_gbps: float = Field(
        default=89.6, gt=0, le=100_000, description="host memory bandwidth for offloaded weights (dual-channel DDR5-5600 = 89.6 GB/s)"
    )

    @model_validator(mode="after")
    def _coherent(self) -> Workload:
        if self.kind == "finetune" and self.method == "qlora" and self.precision not in (None, "nf4", "int4"):
            raise ValueError("QLoRA quantizes the base model to NF4; leave --precision unset or use nf4")
        if self.kind != "inference" and self.precision in GGUF_TYPES:
            raise ValueError(f"GGUF {self.precision} is an inference format; training needs bf16/fp16 (or nf4 for QLoRA)")
        if self.engine == "llama.cpp" and self.precision is not None and self.precision not in GGUF_TYPES + ("fp16", "bf16", "fp32"):
            raise ValueError(f"llama.cpp runs GGUF files; {self.precision} is not a GGUF type (try q4_k_m or q8_0)")
        if self.kind == "inference" and (self.cpu_layers or self.cpu_experts) and self.engine not in (None, "llama.cpp"):
            raise ValueError("keeping layers or experts in system RAM is modelled for llama.cpp (use --engine llama.cpp)")
        if self.engine in ("vllm", "transformers") and self.precision in GGUF_TYPES:
            raise ValueError(f"{self.precision} is a GGUF type: use --engine llama.cpp, or gptq-int4/awq-int4 for {self.engine}")
        return self

    def resolved(self, max_context: int) -> Workload:
        """Fill unset options with the defaults a practitioner would use."""
        updates: dict[str, object] = {}
        if self.precision is None:
            updates["precision"] = "nf4" if (self.kind == "finetune" and self.method == "qlora") else "bf16"
        precision = updates.get("precision", self.precision)
        if self.engine is None and self.kind == "inference":
            if precision in GGUF_TYPES:
                updates["engine"] = "llama.cpp"
            elif self.batch > 1:
                updates["engine"] = "vllm"
            else:
                updates["engine"] = "transformers"
        if self.context is None:
            default = {"inference": 4096, "finetune": 2048, "pretrain": 4096}[self.kind]
            updates["context"] = min(default, max_context)
        if self.grad_checkpointing is None:
            # fine-tuning usually recomputes to fit on few GPUs; pretraining a sized model does not
            updates["grad_checkpointing"] = self.kind == "finetune"
        return self.model_copy(update=updates) if updates else self
