"""A build's next steps up in the window (core solve.next_step: one more card, the next rung of the upgrade path),
each from its code in the window's language, with a link that plans that machine."""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n


def next_steps_html(build: Build) -> str:
    """The build's next steps up (solve.next_step), each at its catalog price and date with what it needs and
    unlocks, in the window's language; empty for a build without any (a cluster, a ready-made machine)."""
    steps = i18n.next_steps(build)
    if not steps:
        return ""
    plan = QCoreApplication.translate("steps", "Plan this machine")
    items = "".join(
        f"<li>{html.escape(line)} <a href='{STEP_LINK}{i}'>{html.escape(plan)}</a></li>" for i, line in enumerate(steps)
    )
    heading = QCoreApplication.translate("steps", "Next step up")
    note = QCoreApplication.translate(
        "steps",
        'Catalog prices with their dates; the rest of the machine is not re-planned. "Plan this machine" solves '
        "again with only that card, exactly that many, at its settings and without the budget.",
    )
    return f"<h4>{heading}</h4><ul>{items}</ul><p style='color: gray;'>{html.escape(note)}</p>"


STEP_LINK = "step:"
"""The link a next step's "Plan this machine" carries (its index in Build.next_steps)."""


def step_request(request: BuildRequest, step: Mapping[str, object], build: Build | None = None) -> BuildRequest:
    """The request that plans a next step's whole machine: only its card, exactly its count (as `llm-rig plan --gpu
    ID --gpus N` does), at the settings the step was estimated with, whatever it costs.

    A swap takes the cards out, owned ones too (the step counts them sold): an owned card of another kind left in
    the request had that plan say "nothing fits". The budget is lifted (the step is priced above it; Mina's 2 x 4090
    at 2,500 USD found nothing), and a KV cache the request left to the solver is the one the build ran (the step's
    unlocks are estimated on it: solve.next_step._workload; her 2 x 4090 at a 32k fp16 cache did not fit)."""
    count = step["gpus"]
    gpu = str(step["gpu"])
    update: dict[str, object] = {
        "gpu_ids": (gpu,),
        "system_ids": (),
        "max_gpus": count if isinstance(count, int) else request.max_gpus,
        "exact_gpus": True,
        "owned": tuple(p for p in request.owned if p.category != "gpu" or p.id == gpu),
        "budget": None,
    }
    ran = build.estimate.workload.get("kv_precision") if build is not None else None
    if not request.kv_asked and ran and ran != request.workload.kv_precision:
        update["workload"] = request.workload.model_copy(update={"kv_precision": ran})
        update["kv_asked"] = True
    return request.model_copy(update=update)


def chosen_step(build: Build | None, link: str) -> dict[str, object] | None:
    """The next step a clicked link names (None: another link, or a step the build no longer has)."""
    if build is None or not link.startswith(STEP_LINK) or not link.removeprefix(STEP_LINK).isdigit():
        return None
    index = int(link.removeprefix(STEP_LINK))
    return dict(build.next_steps[index]) if index < len(build.next_steps) else None
