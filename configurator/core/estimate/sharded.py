"""How a training job on several cards is sharded when the user names neither a framework nor a sharding: one rule
(support.facts.sharder) read by the plan's candidates and the estimate command alike."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu
from configurator.core.estimate.frameworks import FSDP_QLORA
from configurator.core.estimate.workload import Workload
from configurator.core.support.facts import Sharder, sharder

SHARDERS: dict[Sharder, dict[str, object]] = {
    "fsdp-qlora": {"framework": FSDP_QLORA},
    "fsdp": {"sharding": "fsdp"},
    "deepspeed": {},
}
"""What each of support.facts.sharder's answers changes in the workload (DeepSpeed: the HF stack's default, nothing)."""

SHARDER_NAMES: dict[Sharder, str] = {
    "fsdp-qlora": "Answer.AI fsdp_qlora (PyTorch FSDP over the 4-bit base)",
    "fsdp": "PyTorch FSDP under accelerate",
    "deepspeed": "DeepSpeed ZeRO under accelerate",
}
"""A sharder as the estimate command names it."""


def card_sharder(gpu: Gpu, kind: str, method: str) -> Sharder | None:
    """The sharder support.facts.sharder picks for a training job of `kind` and `method` on `gpu` (the method's for a
    fine-tune, full for pretraining); None for inference."""
    if kind == "inference":
        return None
    return sharder(gpu.vendor, gpu.architecture, method if kind == "finetune" else "full")


def usual_sharder(workload: Workload, gpu: Gpu) -> Sharder | None:
    """card_sharder for the workload; None where it names its framework or sharding (the user's choice stands)."""
    if workload.framework is not None or workload.sharding is not None:
        return None
    return card_sharder(gpu, workload.kind, workload.method)


def shards(workload: Workload, gpus: int) -> bool:
    """Whether a training job on `gpus` cards shards at all: ZeRO or FSDP asked (--zero 1-3) or its states offloaded
    to system RAM (--offload cpu), on two cards or more (plain data parallel otherwise)."""
    return gpus > 1 and workload.kind != "inference" and (workload.zero > 0 or workload.offload == "cpu")


def as_sharded(workload: Workload, gpu: Gpu | None, gpus: int) -> tuple[Workload, Sharder | None]:
    """The workload as the plan runs it on `gpus` x `gpu` (candidates._sharded_as_practitioner's first step): sharded
    by the card's usual sharder (usual_sharder) where it shards (shards) and names none; with the sharder applied, or
    None when nothing was chosen for the user. A Radeon's --zero 3 runs PyTorch FSDP FULL_SHARD, as its plan does
    (DeepSpeed is partial off MI100/MI200: support.facts.sharder), where the estimate had run DeepSpeed ZeRO-3."""
    if gpu is None or not shards(workload, gpus):
        return workload, None
    chosen = usual_sharder(workload, gpu)
    if chosen is None:
        return workload, None
    return workload.model_copy(update=SHARDERS[chosen]), chosen
