"""The next step up from a mixed build (solve.mixed: the user's own card beside another model, or two compared models):
the cards of its slower model swapped for more of its faster one, so the machine runs on one kind of card.

A mix decodes at the sum of its cards' times for their own layers (estimate.mixed, llama.cpp's layer split): the
slower card's share holds every token back. Mina's own RTX 3090 beside a used RTX A5000 (936 against 768 GB/s) reads
Llama 3.3 70B at Q4_K_M at 13.0 tokens/s; a second 3090 in the A5000's place reads it at the 3090's pace. The step is
the machine `llm-rig plan --gpu <faster> --gpus N` plans (the window's "Plan this machine"), her own card kept.

What it unlocks is compared with the mix searched the same way (solve.next_step.unlocks): the longest context and the
most users the mix itself holds (estimate_mixed, doubling as a uniform build's reach is searched), a larger model only
when the mix does not hold it too, and the speeds its own estimate line shows. A swap that unlocks nothing, or whose
cards do not hold the job, is no step up and is not offered. What the new cards need of the board, case and PSU is the
uniform swap's (next_step._fit_needs on all N cards, next_step._psu_need for the cards swapped).
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch, Price
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.reasons import Reason
from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.solve.next_step import (
    MAX_USERS,
    NextStep,
    Reach,
    _changes,
    _doubled,
    _fit_needs,
    _now,
    _psu_need,
    _workload,
    at_cap,
    catalog_price,
    reach,
    unlocks,
)


def _cards(build: Build, catalog: Catalog) -> list[Gpu] | None:
    """The mix's cards in slot order, each its catalog record (None: a card the catalog no longer has)."""
    cards = [catalog.records.get("gpus", {}).get(i) for i in build.gpus_mixed]
    return [c for c in cards if isinstance(c, Gpu)] if all(isinstance(c, Gpu) for c in cards) else None


def _mix_holds(model: ModelArch, workload: Workload, cards: list[Gpu]) -> bool:
    try:
        return bool(estimate_mixed(model, workload, cards).fits)
    except (ValueError, ConfiguratorError):
        return False


def mix_reach(build: Build, model: ModelArch, workload: Workload, cards: list[Gpu], step: Reach) -> Reach:
    """What the mix reaches, searched as the step's cards are (next_step._reach): the longest context and the most
    users that fit the mix, its speeds as its own estimate line shows them, and as its largest model the step's when
    the mix holds that one too (else its own: a larger model is then one the mix does not run)."""
    context = workload.context or model.max_context
    larger = step.model if step.model is not None and step.model.id != model.id else None
    runs = None if larger is None else workload.model_copy(update={"context": min(context, larger.max_context)})
    held = larger if larger is not None and runs is not None and _mix_holds(larger, runs, cards) else model
    own = Reach(
        fits=bool(build.estimate.fits),
        context=_doubled(lambda w: _mix_holds(model, w, cards), workload, "context", context, model.max_context),
        users=_doubled(lambda w: _mix_holds(model, w, cards), workload, "batch", workload.batch, MAX_USERS),
        model=held,
        decode_tokens_per_s=None,
        prefill_tokens_per_s=None,
        wall_hours=None,
        gpus=len(cards),
        split=build.estimate.split,
    )
    return _now(build, own)


def _priced_as_line(build: Build, catalog: Catalog, gpu: Gpu) -> tuple[float, Price] | None:
    """One more `gpu` priced as the build prices its own line of that card (the condition whose catalog price is the
    line's unit price: a step "one more 3090" at a new price beside the build's used 3090 would say another figure
    than the bill); else new, then used."""
    line = next((p for p in build.parts if p.category == "gpu" and p.id == gpu.id), None)
    taxed = build.tax_basis
    for condition in ("used", "new"):
        priced = catalog_price(catalog, gpu, build.currency, (condition,), taxed)
        if line is not None and priced is not None and abs(priced[0] - line.unit_price) < 0.01:
            return priced
    return catalog_price(catalog, gpu, build.currency, ("new", "used"), taxed)


def mixed_steps(build: Build, catalog: Catalog, model: ModelArch, asked: Workload) -> tuple[NextStep, ...]:
    """The mix's step up: its slower model's cards swapped for its faster one (the one with more bandwidth, then more
    memory), offered when the faster card has at least the memory of the card it replaces, and those cards hold the
    job and unlock something by the numbers (unlock.*)."""
    cards = _cards(build, catalog)
    if cards is None or build.nodes != 1 or build.power.psu_w <= 0 or build.estimate.workload.get("offload") == "cpu":
        return ()
    fast = max(cards, key=lambda c: (c.memory_bandwidth_gbps, c.vram_gb, c.id))
    slow = [c for c in cards if c.id != fast.id]
    if len({c.id for c in slow}) != 1:
        return ()  # a mix of three models: no one swap says it
    old, n, m = slow[0], len(cards), len(slow)
    if fast.vram_gb < old.vram_gb:
        return ()  # the faster card holds less: a swap would trade context and users the step does not say it loses
    workload = _workload(build, asked)
    after = at_cap(reach(catalog, model, workload, fast, n), build.power_limit)
    if not after.fits:
        return ()
    gain = unlocks(mix_reach(build, model, workload, cards, after), after, model)
    priced = _priced_as_line(build, catalog, fast)
    if priced is None or not any(u.code.startswith("unlock.") and u.code != "unlock.nothing" for u in gain):
        return ()
    used = catalog_price(catalog, old, build.currency, ("used",), build.tax_basis)
    sold = None if used is None else used[0] * m
    usd = catalog.convert(priced[0], build.currency, "USD") if build.currency in catalog.exchange_rates else None
    needs = _fit_needs(build, catalog, old, fast, n, usd) + _psu_need(build, old, fast, m)
    changes = _changes(old, fast, one=m == 1)
    said = Reason.of(
        "next.swap", gpu=fast.name, was=old.name, gpus=m, cost=priced[0] * m, currency=build.currency,
        date=priced[1].date.isoformat(), condition=priced[1].condition, sold=sold,
        sold_date=used[1].date.isoformat() if used else None, needs=needs, unlocks=gain,
        **({"changes": changes} if changes else {}),
    )  # fmt: skip
    return (
        NextStep("swap", fast, n, priced[0] * m, priced[1], sold, used[1].date if used else None, needs, gain, said),
    )
