"""A QLoRA its model's guide advises against is shown beside the same job as bf16 LoRA: card, memory, price (round 47)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import Reason
from configurator.core.estimate.frameworks import FSDP_QLORA, qlora_not_advised_source
from configurator.core.estimate.report import GIB
from configurator.core.model.request import BuildRequest

if TYPE_CHECKING:
    from configurator.core.model.build import Build

UNSLOTH = "unsloth"
"""The framework of the guide that advises bf16 LoRA (frameworks.UNSLOTH_QWEN35_FINETUNE), planned where none is named."""

LORA_TIME_BUDGET = 1.5
"""Seconds the bf16 LoRA plan may search: one build (plan's cheapest_only) beside a plan already shown."""


def lora_instead(request: BuildRequest, catalog: Catalog, model: ModelArch) -> tuple[Reason, ...]:
    """`note.lora-instead` for a QLoRA of a model whose QLoRA is advised against (frameworks.qlora_not_advised_source:
    the Qwen3.5/3.6 family, Unsloth's guide): the cheapest build that runs the same job as bf16 LoRA (with Unsloth, the
    guide's stack, unless another LoRA framework was named), whatever the budget, with its cards, memory on each, price
    and hours, and whether the budget holds it; `note.lora-instead-none` when no machine bought runs it. Round 45's walk had left it: Qwen3.6-35B-A3B QLoRA at 3,000 EUR was planned as any
    QLoRA, with only a warning that Unsloth fine-tunes it in bf16 LoRA (74 GB) and no figure of what that takes."""
    w = request.workload
    source = qlora_not_advised_source(model.architecture, w.method) if w.kind == "finetune" else None
    if source is None:
        return ()
    from configurator.core.solve.plan import plan  # the plan calls this module for its notes

    # the guide's own stack where none was named: Unsloth fine-tunes the 35B-A3B in bf16 LoRA on one 74 GB card, where
    # the default peft plan had sharded it over 5 x MI100 (140 GiB)
    job = w.model_copy(update={"method": "lora", "precision": None, "framework": _framework(w.framework)})
    lora = request.model_copy(update={"workload": job, "budget": None, "top_k": 1})
    found = [
        b for b in plan(lora, catalog, model, time_budget=LORA_TIME_BUDGET, relax=False, cheapest_only=True).builds
    ]
    build = next((b for b in found if not b.fails), None)
    if build is None:
        return (Reason.of("note.lora-instead-none", model=model.name, source=source),)
    return (_said(build, request, model, source),)


def _framework(named: str | None) -> str:
    """The LoRA's framework: the one named, unless none or Answer.AI's QLoRA-only script (then the guide's Unsloth)."""
    return UNSLOTH if named in (None, FSDP_QLORA) else named


def _said(build: Build, request: BuildRequest, model: ModelArch, source: str) -> Reason:
    """The bf16 LoRA build's figures as the note's fields."""
    e = build.estimate
    card = next((p.name for p in build.parts if p.category == "gpu"), e.gpu_id or "")
    return Reason.of(
        "note.lora-instead",
        model=model.name,
        gpus=e.gpus,
        card=card,
        gib=max((m.total for m in e.per_gpu), default=0) / GIB,
        price=build.total_price,
        currency=request.currency,
        budget=request.budget or 0.0,
        hours=e.wall_hours or 0.0,
        source=source,
    )
