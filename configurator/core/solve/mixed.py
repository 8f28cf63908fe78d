"""Builds that combine different GPUs (issue #28): the card a user owns beside a cheaper one bought, or two models of a
comparison in one machine. A registered candidate source (solve/sources.py); it returns complete, checked builds.

How the mix runs is estimate.mixed: llama.cpp sizes each card's layers by its memory and decodes at the sum of the
cards' times for their own layers; tensor parallelism runs at the slowest card with the smallest card's memory.

How the machine is found: the mix is solved as `n` cards of its envelope, a card record that is at least as demanding
as each of the cards in every physical respect (the widest, the longest, the most connectors a card needs, open-air
if any is), with the mean rated power so that the sustained draw is their sum. So every rule the solver and the
checks apply to the envelope holds for each real card in its slot; the bill of materials, the slot map and the
JSON name the real cards (Build.gpus_mixed: the card in each slot, in order).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Literal

from configurator.core.catalog.models import Gpu, PowerConnectors
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.mixed import estimate_mixed, mixed_name, split_kind
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, BuildPart, Check, SlotAssignment, part_spec
from configurator.core.model.request import BuildRequest
from configurator.core.rules import instance, software
from configurator.core.rules import job as job_rules
from configurator.core.rules.base import OF_CARD
from configurator.core.solve.candidates import (
    Candidates,
    GpuOption,
    _fits,
    board_of,
    chassis_of,
    engines_to_try,
    gpu_allowed,
    on_engine,
    platform_parts,
    with_power_limit,
)
from configurator.core.solve.pricing import Quote, quote
from configurator.core.solve.rules import meets_speed
from configurator.core.solve.sources import PlanContext, register
from configurator.core.support.checks import check_stack

MAX_BOUGHT_PER_OWNED = 1
"""Cards of another model bought beside the owned ones: the fewest that hold the job, up to this many per owned card
(the pairs people build, 4090 + 3090 or 5090 + 3090; a row of small cards beside one big card is a riser rig that
decodes at the small cards' pace, and the builds without the owned card already weigh those)."""
MAX_COMPARED = 4
"""Cards in a mix of two compared models: the fewest that hold the job, up to this many."""
MAX_OPTIONS = 8
"""Mixes solved for a platform: the best of them by price and speed (the solver's labels pick among these)."""
BUILDS = 3
"""Mixed builds offered: the cheapest, then others on other mixes (the ranking decides what is shown)."""


# --------------------------------------------------------------------------- the envelope


def envelope(cards: Sequence[Gpu]) -> Gpu:
    """A card record at least as demanding as each of `cards` in every physical respect, whose `n` copies draw what
    the cards draw together (mean rated power), hold what they hold together (mean memory) and are sold where every
    one of them is. Never shown as a part: the solver and the rules see it, the bill names the real cards."""
    n = len(cards)
    coolers = {c.cooler for c in cards}
    cooler = (
        "passive"
        if "passive" in coolers
        else "open-air"
        if "open-air" in coolers
        else "blower"
        if "blower" in coolers
        else "liquid"
    )
    connectors = PowerConnectors(
        **{
            k: math.ceil(sum(getattr(c.power_connectors, k) for c in cards) / n)
            for k in ("pcie8", "pcie6", "hpwr16", "eps8")
        }
    )
    markets = {c.market for c in cards}
    base = min(cards, key=lambda c: (c.release_year, c.memory_bandwidth_gbps))  # the older card: the support rules
    return base.model_copy(
        update={
            "id": "+".join(c.id for c in cards),
            "name": mixed_name(cards),
            "vram_gb": sum(c.vram_gb for c in cards) / n,
            "memory_bandwidth_gbps": min(c.memory_bandwidth_gbps for c in cards),
            "tdp_w": sum(c.tdp_w for c in cards) / n,
            "slot_width": max(c.slot_width for c in cards),
            "length_mm": max(c.length_mm for c in cards),
            "cooler": cooler,
            "power_connectors": connectors,
            "market": "consumer"
            if markets == {"consumer"}
            else "workstation"
            if "datacenter" not in markets
            else "datacenter",
            "pcie_gen": min(c.pcie_gen for c in cards),
            "p2p": all(c.p2p for c in cards),
            "nvlink": None,
            "nvlink_bandwidth_gbps": None,
            "export_variant_of": None,
            "export_restricted_cn": any(c.export_restricted_cn for c in cards),
            "power_limit_min_w": None,
            "power_limit_source": "",
            "notes": f"the envelope of {mixed_name(cards)} for the rules (not a card that is sold)",
        }
    )


# --------------------------------------------------------------------------- which mixes


@dataclasses.dataclass(frozen=True)
class Mix:
    cards: tuple[Gpu, ...]  # in device order: the faster first (CUDA numbers the fastest device 0 by default)
    owned: dict[str, int]  # card id -> how many of it the user owns
    estimate: EstimateResult
    price: float  # what the cards bought cost
    quotes: dict[str, Quote | None]

    @property
    def bought(self) -> int:
        return len(self.cards) - sum(self.owned.values())


def _ordered(cards: Sequence[Gpu]) -> tuple[Gpu, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.memory_bandwidth_gbps, c.id)))


def _engine(ctx: PlanContext, cards: Sequence[Gpu]) -> Workload | None:
    """The job on the first engine that can run it on every card, of llama.cpp (a layer split) and vLLM (tensor
    parallel); None when neither can."""
    for engine in engines_to_try(ctx.request.workload, ctx.workload):
        if engine not in ("llama.cpp", "vllm"):
            continue
        ran = on_engine(ctx.workload, engine)
        if engine == "llama.cpp" and (ran.offload != "none" or ran.cpu_layers or ran.cpu_experts):
            continue
        if all(not any(v.status == "fail" for v in check_stack(c, ran, ctx.model.architecture)) for c in cards):
            return ran
    return None


Refusal = Literal["no-engine", "no-price", "no-estimate", "too-small", "no-tensor", "too-slow", "over-budget"]
"""Why a mix cannot serve, as a code (owned_mixes adds cards only while the mix is too small for the job)."""


def _mix(ctx: PlanContext, cards: Sequence[Gpu], owned: dict[str, int]) -> Mix | Refusal:
    """The mix estimated and priced, or why it cannot serve."""
    cards = _ordered(cards)
    workload = _engine(ctx, cards)
    if workload is None:
        return "no-engine"  # no engine runs the job on every card of the mix
    request = ctx.request
    quotes = {c.id: quote(c, ctx.catalog, request.currency, request.condition, request.tax_basis) for c in cards}
    price = 0.0
    for card in {c.id: c for c in cards}.values():
        bought = sum(1 for c in cards if c.id == card.id) - owned.get(card.id, 0)
        if bought > 0:
            q = quotes[card.id]
            if q is None:
                return "no-price"
            price += q.amount * bought
    try:
        est = with_power_limit(estimate_mixed(ctx.model, workload, cards, ctx.exact_weight_bytes), request.power_limit)
    except ConfiguratorError:
        return "no-estimate"
    if not est.fits or not all(
        m.total <= (m.usable_bytes or 0) * (1 - min(request.vram_headroom, 0.02)) for m in est.per_gpu
    ):
        return "too-small"  # does not hold the job
    if split_kind(workload) == "tensor" and est.split != "tensor":
        return "no-tensor"  # tensor parallelism cannot use this many cards
    if not meets_speed(est, request) or not _fits(est, request):
        return "too-slow"
    if request.budget is not None and price >= request.budget:
        return "over-budget"  # the cards alone
    return Mix(cards, owned, est, price, quotes)


def _same_maker(a: Gpu, b: Gpu) -> bool:
    """llama.cpp and vLLM run one backend per process here: CUDA with CUDA, ROCm with ROCm. A passive card goes beside
    a card with fans (a used RTX 3090 with a Tesla P40, 48 GB for about 1,900 USD): the passive one under its blower
    shroud on the open frame (shroud_frame), one llama.cpp built for both architectures (support.llama_cpp_mixed_build)."""
    return a.vendor == b.vendor


def shroud_frame(cards: Sequence[Gpu]) -> bool:
    """A mix of passive cards and cards with fans: it goes only on the open frame that ducts each passive card with its
    own blower shroud (Chassis.per_gpu_accessory), where the cards with fans blow in the open. A server's fan wall
    (COOL-5: an open-air card fights its front-to-back airflow) and a closed case (COOL-2: a passive card needs forced
    air) each fail one of them; the envelope is passive, so the solver alone would allow the server."""
    coolers = {c.cooler for c in cards}
    return "passive" in coolers and coolers != {"passive"}


def passive_cards(cards: Sequence[Gpu]) -> int:
    """The cards of a mix that take a shroud kit each: the passive ones (the others have fans of their own)."""
    return sum(1 for c in cards if c.cooler == "passive")


def owned_mixes(ctx: PlanContext) -> list[Mix]:
    """The owned card(s) with the fewest of each other card that hold the job beside them."""
    request, catalog = ctx.request, ctx.catalog
    owned_part = request.owned_gpu
    mine = catalog.records["gpus"].get(owned_part.id) if owned_part else None
    if owned_part is None or not isinstance(mine, Gpu) or mine.gpus_per_card > 1:
        return []  # a card of two GPUs is not mixed: its GPUs' shares are not modelled apart from the card's slot
    k = owned_part.quantity
    alone = _engine(ctx, [mine])
    if alone is not None:
        try:
            own = with_power_limit(
                estimate(ctx.model, alone, mine, k, exact_weight_bytes=ctx.exact_weight_bytes), request.power_limit
            )
        except ConfiguratorError:
            own = None
        if own is not None and _fits(own, request) and meets_speed(own, request):
            return []  # the owned card(s) alone run it: the solver's builds on them are the answer, a second card only adds
    out: list[Mix] = []
    for other in catalog.kind("gpus"):
        if ctx.should_stop():
            break
        if not isinstance(other, Gpu) or other.id == mine.id or not _same_maker(mine, other) or other.gpus_per_card > 1:
            continue
        if gpu_allowed(other, request) is not None:
            continue
        for m in range(1, min(MAX_BOUGHT_PER_OWNED * k, request.max_gpus - k) + 1):
            found = _mix(ctx, [mine] * k + [other] * m, {mine.id: k})
            if isinstance(found, Mix):
                out.append(found)
                break
            if found != "too-small":
                break  # more of the same card will not change a refusal of another kind
    return out


def compared_mixes(ctx: PlanContext) -> list[Mix]:
    """For a comparison of named GPUs (no card owned): two of them together, at the fewest cards that hold the job."""
    request, catalog = ctx.request, ctx.catalog
    if request.owned_gpu is not None or len(request.gpu_ids) < 2:
        return []
    named = [
        g
        for i in request.gpu_ids
        if isinstance(g := catalog.records["gpus"].get(i), Gpu)
        and gpu_allowed(g, request) is None
        and g.gpus_per_card == 1
    ]
    out: list[Mix] = []
    for x, a in enumerate(named):
        for b in named[x + 1 :]:
            if not _same_maker(a, b):
                continue
            for total in range(2, min(MAX_COMPARED, request.max_gpus) + 1):
                found = [f for i in range(1, total) if isinstance(f := _mix(ctx, [a] * i + [b] * (total - i), {}), Mix)]
                if found:
                    out.extend(found)
                    break
    return out


def _kept(mixes: list[Mix]) -> list[Mix]:
    """Mixes no other beats on the price of the cards bought, speed, memory and the number of cards (each card more
    asks more of the platform: slots, lanes, power, a workstation CPU from three); the fewest cards, then the
    cheapest, first."""

    def key(m: Mix) -> tuple[float, float, float, int]:
        return (m.price, -(m.estimate.decode_tokens_per_s or 0.0), -sum(c.vram_gb for c in m.cards), len(m.cards))

    def beats(a: Mix, b: Mix) -> bool:
        ka, kb = key(a), key(b)
        return all(x <= y for x, y in zip(ka, kb)) and ka != kb

    kept = [m for m in mixes if not any(beats(o, m) for o in mixes)]
    kept.sort(key=lambda m: (len(m.cards), m.price, -(m.estimate.decode_tokens_per_s or 0.0)))
    return kept[:MAX_OPTIONS]


# --------------------------------------------------------------------------- the builds


def _option(mix: Mix) -> GpuOption:
    """The mix as the solver sees it: n envelope cards, the owned ones free, the rest at their mean price."""
    env = envelope(mix.cards)
    owned = sum(mix.owned.values())
    bought_quote = next(
        (q for c in mix.cards if (q := mix.quotes.get(c.id)) is not None and c.id not in mix.owned), None
    ) or next((q for q in mix.quotes.values() if q), None)
    unit = None if bought_quote is None else dataclasses.replace(bought_quote, amount=mix.price / max(mix.bought, 1))
    return GpuOption(env, len(mix.cards), mix.estimate, unit, owned, cards=mix.cards)


def _parts(build: Build, mix: Mix) -> tuple[BuildPart, ...]:
    """The bill with one line per model of card (the owned ones marked), in place of the envelope's line."""
    lines: list[BuildPart] = []
    layers = (mix.estimate.placement or {}).get("layers_per_gpu") or []
    for card in {c.id: c for c in mix.cards}.values():
        count = sum(1 for c in mix.cards if c.id == card.id)
        q = mix.quotes.get(card.id)
        owned = min(mix.owned.get(card.id, 0), count)
        share = sum(n for c, n in zip(mix.cards, layers) if c.id == card.id)
        said = (
            Reason.of(
                "part.holds",
                own=bool(owned),
                runs=share if layers else None,
                layers=sum(layers) if layers else None,
                vram=card.vram_gb,
                bandwidth=card.memory_bandwidth_gbps,
            ),
            Reason.of("part.cooler", cooler=card.cooler),
        )
        lines.append(
            BuildPart(
                category="gpu",
                id=card.id,
                name=card.name,
                quantity=count,
                unit_price=q.amount if q else 0.0,
                owned=owned,
                price_note=english(q.said if q and count > owned else Reason.of("price.owned")),
                price_said=q.said if q and count > owned else Reason.of("price.owned"),
                price_date=q.price.date if q else None,
                why="; ".join(english(r) for r in said),
                said=said,
                spec=part_spec(card),
            )
        )
    # the frame's shroud kits go on the passive cards only (shroud_frame): the cards with fans need none
    kits = passive_cards(mix.cards)
    rest = [
        p.model_copy(update={"quantity": kits})
        if p.category == "accessory" and p.spec.get("kind") == "gpu-shroud"
        else p
        for p in build.parts
        if p.category != "gpu"
    ]
    return (*lines, *rest)


MIXED = instance(job_rules.MixedCards)
SUPPORT_RULES = {rule.id for rule in software.RULES}


def _checks(build: Build, mix: Mix, request: BuildRequest, model_type: str = "") -> tuple[Check, ...]:
    """The envelope's checks with the software support of each real card, and what the mix itself asks."""
    checks = [c for c in build.checks if c.rule not in SUPPORT_RULES]
    ran = Workload.model_validate(mix.estimate.workload)
    for card in {c.id: c for c in mix.cards}.values():
        for verdict in check_stack(card, ran, model_type):
            if verdict.status != "pass":
                said = verdict.check()
                named = {"message": f"{card.name}: {said.message}", "fields": {**said.fields, OF_CARD: card.name}}
                checks.append(said.model_copy(update=named))
    if mix.estimate.split == "tensor":
        checks.append(MIXED.say("warn", "tensor", cards=mixed_name(mix.cards)))
    else:
        split = tuple(int(n) for n in (mix.estimate.placement or {}).get("layers_per_gpu", []))
        checks.append(MIXED.say("pass", "layers", split=split, names=tuple(c.name for c in mix.cards)))
    order = {"fail": 0, "warn": 1, "pass": 2}
    return tuple(sorted(checks, key=lambda c: order[c.status]))


def _contribution(mix: Mix) -> tuple[Reason, ...]:
    """What the owned card(s) bring to the build: memory and share of the layers."""
    layers = (mix.estimate.placement or {}).get("layers_per_gpu") or []
    total_gb = sum(c.vram_gb for c in mix.cards)
    said = []
    for card_id, k in mix.owned.items():
        card = next(c for c in mix.cards if c.id == card_id)
        share = sum(n for c, n in zip(mix.cards, layers) if c.id == card_id)
        said.append(
            Reason.of(
                "why.owned-brings",
                owned=k,
                name=card.name,
                gb=card.vram_gb * k,
                total=total_gb,
                runs=share if layers else None,
                layers=sum(layers) if layers else None,
            )
        )
    return tuple(said)


ONE_MORE = ("upgrade.one-more", "upgrade.one-more-machine")
"""The upgrade codes that offer one more of the build's card (plan._one_more_gpu)."""


def without_one_more(upgrades: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """A mix of two models has no "one more" card of its own: its hint is dropped by its code, not its words."""
    return tuple(u for u in upgrades if u.code not in ONE_MORE)


def _assemble(ctx: PlanContext, mix: Mix, label: str, why: str, choice: object, cand: Candidates) -> Build:
    from configurator.core.solve.plan import _assemble as assemble_envelope

    request = ctx.request
    build = assemble_envelope(1, label, why, choice, request, cand, ctx.catalog)  # type: ignore[arg-type]
    slots = tuple(
        SlotAssignment(slot=s.slot, part_id=card.id, lanes=s.lanes, gen=s.gen, source=s.source)
        for s, card in zip(build.slot_map, _seated(mix, choice, cand, request))
    )
    upgrades = without_one_more(build.upgrades_said)
    return build.model_copy(
        update={
            "parts": _parts(build, mix),
            "slot_map": slots,
            "checks": _checks(build, mix, request, ctx.model.architecture),
            "gpu_id": "+".join(c.id for c in mix.cards),
            "gpu_count": len(mix.cards),
            "gpus_mixed": tuple(c.id for c in mix.cards),
            "upgrades": tuple(english(u) for u in upgrades),
            "upgrades_said": upgrades,
            "room_for_one_more": False,
            "owned_savings": sum(p.unit_price * p.owned for p in _parts(build, mix)),
        }
    )


def _seated(mix: Mix, choice: object, cand: Candidates, request: BuildRequest) -> tuple[Gpu, ...]:
    """The mix's cards top to bottom as the placement seated them (slots.Placement.order: the blower A5000 above the
    open-air 3090 where that gives both x8, round 49); the device order (mix.cards) stays the launch command's."""
    from configurator.core.solve.solver import Choice, usable_placement

    assert isinstance(choice, Choice)
    training = request.workload.kind != "inference"
    placed = usable_placement(cand, board_of(choice.board), choice.option, choice.risers, training)
    return placed.seated(mix.cards) if placed is not None else mix.cards


@register("mixed-cards")
def mixed_cards(ctx: PlanContext) -> list[Build]:
    """Builds on different GPUs: the owned card with a cheaper one beside it (owning a card never narrows the search:
    these stand beside the builds on its own model and those without it), or two compared models in one machine."""
    if ctx.workload.kind != "inference" or ctx.should_stop():
        return []
    mixes = _kept(owned_mixes(ctx) + compared_mixes(ctx))
    # a mix of passive cards and cards with fans has its own machines (the shroud frame only): solved apart
    framed = [m for m in mixes if shroud_frame(m.cards)]
    cased = [m for m in mixes if not shroud_frame(m.cards)]
    return [b for group in (cased, framed) if group for b in _solved(ctx, group, framed=group is framed)]


def _solved(ctx: PlanContext, mixes: list[Mix], framed: bool) -> list[Build]:
    """The machines for `mixes` (on the shroud frame only when `framed`), labelled by the solver."""
    from configurator.core.solve.solver import BuildModel, run_labels

    request = ctx.request
    cand = Candidates(model=ctx.model, exact_weight_bytes=ctx.exact_weight_bytes)
    cand.options = [_option(m) for m in mixes]
    platform_parts(request, ctx.catalog, cand, ctx.model)
    if framed:
        cand.chassis = [h for h in cand.chassis if chassis_of(h).per_gpu_accessory is not None]
    if not (cand.boards and cand.cpus and cand.chassis and cand.memory and cand.coolers and cand.storage):
        return []
    solver_request = request.model_copy(update={"gpu_ids": ()})  # the mixes are the options: no comparison by id
    bm = BuildModel(solver_request, cand, ctx.model, ctx.catalog)
    by_option = {id(o): m for o, m in zip(cand.options, mixes)}
    builds: list[Build] = []
    for _label, _why, choice in run_labels(bm, min(BUILDS, len(mixes)), ctx.should_stop, 0.3):
        mix = by_option[id(choice.option)]
        if mix.owned:
            kind, why = Reason.of("kind.own-and", bought=mix.bought), _contribution(mix)
        else:
            kind, why = Reason.of("kind.mixed"), (Reason.of("why.mixed", cards=mixed_name(mix.cards)),)
        words = "; ".join(english(r) for r in why)
        builds.append(_assemble(ctx, mix, english(kind), words, choice, cand).of_kind(kind, why=why))
    return builds
