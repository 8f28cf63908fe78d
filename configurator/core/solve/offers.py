"""The plan's own sources of builds, each a strategy registered in solve.sources: they return complete builds and
never rank, label or renumber (solve.ranking does that over the whole set).

A source's `Build.label` says only what kind of build it offers ("with the experts in RAM", "ready-made server");
`why` says why such a build is worth a look. Every source offers whenever its kind of build can run the job: whether
it is worth showing beside the others is the ranking's decision, not the source's.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import Reason
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest, circuit_limit_w
from configurator.core.solve.candidates import Candidates, GpuOption
from configurator.core.solve.shown import AS_FAST
from configurator.core.solve.sources import PlanContext, keeps_up, register

if TYPE_CHECKING:
    from configurator.core.costs.tco import OwnershipInputs

AS_ASKED = "as asked"
"""The key under which the solver source leaves its candidates for the pipeline (why a GPU was left out, time-outs)."""


@dataclass(frozen=True)
class PlanRun(PlanContext):
    """A plan's context as plan() makes it: with where early builds go, and what the solver source leaves behind."""

    on_partial: Callable[[list[Build]], None] | None = None
    solved: dict[str, Candidates] = field(default_factory=dict)
    refused: dict[str, Reason] = field(default_factory=dict)  # a named system without a build: why (named-systems)
    builds: dict[str, list[Build]] = field(default_factory=dict)  # the solver source's builds, under AS_ASKED
    # plan(cheapest_only=True), a map cell: the prices of builds in hand that the one build shown can cost no more than
    # (plan._cheapest_in_hand); the solver's searches then look only below the lowest (above it nothing can be shown)
    shown_at_most: list[float] = field(default_factory=list)
    # round 38: what the plan's costs read to judge SERVE (solve.ranking.ServingBasis: the model, the users' demand,
    # the verdict), given to the ranking; None: the ranking reads the chat's prompt at the estimate's prefill rate
    serving: object | None = None
    # round 39: the buyer's Buy-or-rent inputs the builds shown are costed with (plan._with_costs); None: the defaults
    ownership: OwnershipInputs | None = None


def cost_cap(ctx: PlanContext) -> float | None:
    """The cost cap a search for one more build takes (plan(cheapest_only=True)); None: every build can be shown."""
    if not isinstance(ctx, PlanRun) or not ctx.shown_at_most:
        return None
    return min(ctx.shown_at_most)


def _kind(builds: list[Build], kind: Reason, why: Reason) -> list[Build]:
    return [b.of_kind(kind, why=why) for b in builds]


@register("solver")
def solver_builds(ctx: PlanContext) -> list[Build]:
    """Builds from parts, solved as asked: one per objective (cheapest, fastest, best value, quietest, room to grow),
    each on another GPU option and count (solver.run_labels)."""
    from configurator.core.solve.plan import _solve_once, supported_beside

    if ctx.request.systems_only:
        return []  # only ready-made systems named: nothing to assemble from parts (named-systems offers them)
    partial = ctx.on_partial if isinstance(ctx, PlanRun) else None
    builds, cand = _solve_once(
        ctx.request,
        ctx.catalog,
        ctx.model,
        ctx.exact_weight_bytes,
        ctx.request.top_k,
        ctx.should_stop,
        ctx.time_budget,
        partial,
        cost_cap=cost_cap(ctx),
        answered_too=True,  # for several users, the cheapest build whose last user is answered within a minute too
    )
    if isinstance(ctx, PlanRun):
        ctx.solved[AS_ASKED] = cand
        ctx.builds[AS_ASKED] = builds
    # an inference build past its card's software support: the cheapest supported one (that reads) beside it, the
    # search a way out names its supported build from (round 44: plan.cheapest_supported)
    builds = builds + supported_beside(ctx, ctx.request, builds)
    owned = ctx.request.owned_gpu
    return [_serving_said(_more_of_the_owned(b, owned.quantity if owned else 0)) for b in builds]


def _serving_said(build: Build) -> Build:
    """A build whose engine is the serving engine kept for several users (candidates.fastest_engine: est.engine-serving)
    says so in its label, as the usual fine-tune's builds say their framework (kind.usual-finetune)."""
    note = next((r for r in build.estimate.assumption_codes if r.code == "est.engine-serving"), None)
    if note is None:
        return build
    said = Reason.of("kind.serving-engine", engine=note.fields["engine"], users=note.fields["users"])
    return build.of_kind(*build.kinds_said(), said)


def _more_of_the_owned(build: Build, owned: int = 0) -> Build:
    """A solver build that buys more of the card the user owns says so, and what the owned card(s) bring; one that runs
    on every one of the user's `owned` cards (two or more) and buys none says that (kind.own-all), and is among the
    builds a practitioner looks for first (ranking.PLACED_FIRST): walked 2026-12-06 (review35), two owned RTX 3090s
    and a Qwen2.5-7B LoRA in China showed one of them at 24 h and three (one bought) at 11 h for 23,644 CNY, never both
    at 14 h for 9,194 CNY (the seed article's own dual-3090 X570 box), which the solver had found."""
    card = next((p for p in build.parts if p.category == "gpu"), None)
    if card is not None and owned >= 2 and card.quantity == card.owned == owned:
        why = Reason.of("why.own-all", gpus=owned, name=card.name)
        return build.of_kind(Reason.of("kind.own-all", gpus=owned), why=why)
    if card is None or not card.owned or card.quantity <= card.owned:
        return build.of_kind(why="")
    vram = float(card.spec.get("vram_gb") or 0) * int(card.spec.get("gpus_per_card") or 1)
    why = Reason.of(
        "why.owned-more",
        owned=card.owned,
        name=card.name,
        have=vram * card.owned,
        total=vram * card.quantity,
        more=card.quantity - card.owned,
    )
    return build.of_kind(Reason.of("kind.own-more"), why=why)


def _depth(request: BuildRequest) -> int:
    """How many builds the comparison without the owned card searches: top_k, and in a home office at least two,
    since the ranking sets aside a data-center class machine there (ranking: too_loud) and `--top 1` must still find
    the build the top five would put first."""
    return max(request.top_k, 2) if request.room == "home-office" else request.top_k


@register("owned-card")
def without_the_owned_card(ctx: PlanContext) -> list[Build]:
    """For someone who owns a card, the same search without it: owning a card never makes the answer worse, and the
    honest comparison is what a build on any GPU would cost."""
    return without_own(ctx)


def without_own(ctx: PlanContext, searched: Callable[[GpuOption], bool] | None = None) -> list[Build]:
    """The owned-card source's search, among the GPU options `searched` keeps (all: None). The plan's q8_0 KV search
    (plan._usual_kv_builds) runs it too, among the options the f16 cache does not hold (round 49)."""
    from configurator.core.solve.plan import _solve_once

    request = ctx.request
    if request.owned_gpu is None or request.systems_only or ctx.should_stop():
        return []
    fresh = request.model_copy(update={"owned": tuple(p for p in request.owned if p.category != "gpu")})
    builds, _ = _solve_once(
        fresh,
        ctx.catalog,
        ctx.model,
        ctx.exact_weight_bytes,
        _depth(request),
        ctx.should_stop,
        ctx.time_budget / 2,
        searched=searched,
    )
    owned = ctx.catalog.records["gpus"].get(request.owned_gpu.id)
    # the card's name as the build's parts say it ("1 x NVIDIA GeForce RTX 3090"), not its catalog id
    name = f"{request.owned_gpu.quantity} x {owned.name if owned is not None else request.owned_gpu.id}"
    # a build of new cards of the very model the user owns leaves those idle: the solver's builds on the own cards (from
    # one of them, or all with more bought beside) are that machine for less, and no expert signs the dearer one
    mine = request.owned_gpu.id
    builds = [b for b in builds if not all(p.id == mine for p in b.parts if p.category == "gpu")]
    return _kind(builds, Reason.of("kind.without-own"), Reason.of("why.without-own", name=name))


@register(
    "experts-in-ram-cheapest",
    reads_weights_from_ram=lambda ctx: ctx.model.moe is not None,  # a MoE's experts, at Q8_0
)
def weights_in_ram(ctx: PlanContext) -> list[Build]:
    """The cheapest build with llama.cpp keeping the MoE experts (or some layers) in system RAM, when the job is a
    GGUF inference that does not already do so. Not in a comparison of named GPUs (each GPU as asked).

    Where the solver found builds as asked, only one cheaper than the cheapest of them is sought (as before the
    pipeline): weights read from RAM are slower than the same weights in VRAM, so a dearer one has nothing to offer,
    and the cap keeps the cards whose own price reaches it from being estimated at all."""
    from configurator.core.solve.plan import _weights_in_ram
    from configurator.core.solve.relax import _offload_possible

    request = ctx.request
    if (
        not _offload_possible(request.workload)
        or request.compares  # each named GPU or system as asked
        or request.systems_only
        or ctx.should_stop()
    ):
        return []
    as_asked = ctx.builds.get(AS_ASKED, []) if isinstance(ctx, PlanRun) else []
    in_hand = cost_cap(ctx)  # a map cell's: nothing dearer can be shown
    cap = min([b.total_price for b in as_asked] + ([] if in_hand is None else [in_hand]), default=None)
    catalog = ctx.catalog
    moe = ctx.model.moe is not None
    if moe and not request.named and request.owned_gpu is None:
        # the card beside the experts: supported, with room to spare (machines.in_ram_gpus)
        from configurator.core.solve.candidates import on_engine
        from configurator.core.solve.machines import in_ram_gpus
        from configurator.core.solve.plan import _with_offload

        workload = on_engine(_with_offload(request.workload).resolved(ctx.model.max_context), "llama.cpp")
        gpus = in_ram_gpus(catalog, ctx.model, workload, ctx.exact_weight_bytes)
        catalog = dataclasses.replace(catalog, records={**catalog.records, "gpus": gpus})
    build = _weights_in_ram(request, catalog, ctx.model, ctx.exact_weight_bytes, ctx.should_stop, cost_cap=cap)
    if build is None:
        return []
    from configurator.core.solve.machines import cores_bound

    kind = Reason.of("kind.in-ram", moe=moe)
    out = _kind([build], kind, Reason.of("why.in-ram", moe=moe, **cores_bound(build)))
    for mine in _in_ram_on_every_own(ctx, build):
        said = (*mine.offered, Reason.of("why.in-ram", moe=moe, **cores_bound(mine)))
        out.append(mine.of_kind(*mine.kinds, kind, why=said))
    return out


def _in_ram_on_every_own(ctx: PlanContext, cheapest: Build) -> list[Build]:
    """Beside the cheapest build with weights in RAM, the same on every one of the user's own cards when the cheapest
    leaves some idle (two or more owned): each card more holds what RAM would read. Walked 2026-12-06 (review35): two
    owned RTX 3090s and Llama 3.3 70B at Q8_0 showed one of them with 53 GB read from RAM, the other idle on the shelf."""
    from configurator.core.solve.plan import _weights_in_ram

    request, owned = ctx.request, ctx.request.owned_gpu
    used = sum(p.owned for p in cheapest.parts if p.category == "gpu")
    if owned is None or owned.quantity < 2 or used >= owned.quantity or owned.quantity > request.max_gpus:
        return []
    on_them = request.model_copy(update={"gpu_ids": (owned.id,), "max_gpus": owned.quantity, "exact_gpus": True})
    build = _weights_in_ram(on_them, ctx.catalog, ctx.model, ctx.exact_weight_bytes, ctx.should_stop)
    if build is None or not all(p.owned == p.quantity for p in build.parts if p.category == "gpu"):
        return []
    return [_more_of_the_owned(build, owned.quantity)]


@register("unified-memory", reads_weights_from_ram=True)
def unified_memory(ctx: PlanContext) -> list[Build]:
    """The cheapest unified-memory system (Mac Studio, Ryzen AI Max, DGX Spark) that runs the job as asked, the
    cheapest that reads where it does not, and the cheapest as fast as the fastest within the budget; its GPU reads
    the weights from the one memory, so a 16-bit release with no precision named runs at Q8_0 (sources.in_ram)."""
    from configurator.core.solve.plan import _unified_build

    if ctx.request.named:
        return []  # named GPUs or systems: each named system comes from named-systems
    build = _unified_build(ctx.request, ctx.catalog, ctx.model, ctx.workload, ctx.exact_weight_bytes)
    found = [] if build is None else [build]
    if build is not None and not keeps_up(ctx, build.estimate):
        # below reading speed (a 128 GB Ryzen AI Max box at 3 tok/s for a 70B Q8): also the cheapest that reads,
        # the 800 GB/s Mac Studio people weigh against a GPU tower in a quiet room. Round 40: "reads" as the plan's
        # reading rule reads it (sources.keeps_up: a stated demand's served rate, each request's prefill counted)
        reading = _unified_build(
            ctx.request,
            ctx.catalog,
            ctx.model,
            ctx.workload,
            ctx.exact_weight_bytes,
            reads=functools.partial(keeps_up, ctx),
        )
        found += [] if reading is None else [reading]
    # and the cheapest as fast as the fastest within the budget (shown.AS_FAST): the cheapest for 70B Q4_K_M at 5,000
    # USD in a home office was a MacBook Pro M1 Max (6.9 tok/s, 35 dBA), and a Framework Desktop (5.2 tok/s, 25 dBA,
    # 3,650 USD) was "quietest" where a used Mac Studio M1 Ultra 128 GB, as quiet, decodes 12.8 tok/s for 3,200
    # (review36's walk): the quiet box people weigh against a GPU tower was never offered
    # (not for a map cell's one-build plan, top_k 1: it shows the cheapest, and this one is never cheaper than `build`;
    # not without a budget: the fastest box of all is the dearest, and an 8B plan with none had shown a 3,200 USD Mac
    # Studio M1 Ultra 128 GB "quietest" in place of the 399 USD mini PC's claim: the lead's merge of round 36)
    args = (ctx.request, ctx.catalog, ctx.model, ctx.workload, ctx.exact_weight_bytes)
    asked = build is not None and ctx.request.top_k > 1 and ctx.request.budget is not None
    quick = _unified_build(*args, fastest=True) if asked else None
    if quick is not None:
        quick = _unified_build(*args, min_tps=AS_FAST * (quick.estimate.decode_tokens_per_s or 0.0)) or quick
    found += [] if quick is None or any(quick.parts[0].id == b.parts[0].id for b in found) else [quick]
    return [b.of_kind(Reason.of("kind.ready-made", name=b.parts[0].name)) for b in found]


@register("ready-made-server")
def ready_made_server(ctx: PlanContext) -> list[Build]:
    """One ready-made GPU server bought as one item, when it is within the budget and fails no check (clusters of
    several come from the infeasible path, solve.cluster)."""
    from configurator.core.solve.plan import _cluster
    from configurator.core.solve.relax import _offerable

    request = ctx.request
    if not request.allow_clusters or request.owned or ctx.should_stop():
        return []
    server = _cluster(request, ctx.catalog, ctx.model, ctx.workload, ctx.exact_weight_bytes, max_nodes=1)
    if server is None or not _offerable(server, request):
        return []
    return _kind([server], Reason.of("kind.server"), Reason.of("why.server"))


@register("named-systems")
def named_systems(ctx: PlanContext) -> list[Build]:
    """Each ready-made system the user named (a Mac Studio, a DGX Spark, a GPU server) that runs the job as asked,
    to compare with the named GPUs' builds; why one does not is left for the plan's notes (PlanRun.refused)."""
    from configurator.core.catalog.models import System
    from configurator.core.solve.plan import named_system_build

    out = []
    for system_id in ctx.request.system_ids:
        system = ctx.catalog.records["systems"].get(system_id)
        if not isinstance(system, System) or ctx.should_stop():
            continue
        built = named_system_build(ctx, system)
        if isinstance(built, Build):
            # no kind in brackets: "cheapest with <the system's name>" says what it is, and a name holds brackets of
            # its own ("NVIDIA DGX Spark (GB10 ...)"), which a kind after it would make unreadable as a claim
            out.append(built.of_kind())
        elif isinstance(ctx, PlanRun):
            ctx.refused[system_id] = built
    return out


POWER_LIMIT = 0.8
"""The cap a power-limited build runs its GPUs at: 80 % keeps ~95 % of the decode speed (relax.POWER_LEVELS, build
rules R20: Puget's 4 x RTX 3090 at 280 of 350 W)."""

TRAINING_LIMITS = (0.8, 0.7)
"""The caps a training request's power-limited builds are searched at (relax.POWER_LEVELS): 80 % is Puget's measured
point (4 x RTX 3090 at 280 of 350 W kept over 95 % of their TensorFlow training speed, on one US 15 A line), 70 % what
puts a fourth card on that line in this planner's power model (the platform's CPU, RAM and drives drawn too); their
speeds are read off rules.watts.TRAINING_POWER_CURVE (measured between 57 % and full power on RTX 3090s: 0.85 at 70 %)."""


@register("power-limited")
def power_limited(ctx: PlanContext) -> list[Build]:
    """The cheapest build whose GPUs run at an 80 % power limit (the vendor's tool at boot), for inference with a speed
    target: a design choice where the full-power cards would overrun the circuit or PSU (two RTX 5090 on one 15 A
    outlet for Llama 70B at 25 tokens/s, ~6,900 USD, against one 9,600 USD workstation card at full power; issue #27).
    For a fine-tune or pretraining (training_limited), the fastest build at each of TRAINING_LIMITS too: more cards
    train faster, and the circuit is what stops the third or fourth at full power. Not when a limit was asked, a card
    is owned or named GPUs are compared; a capped build no cheaper or faster than a full-power one is dropped by the
    ranking (same price, less speed)."""
    from configurator.core.solve.plan import _solve_once

    request = ctx.request
    training = request.workload.kind != "inference"
    if (
        (not training and request.min_decode_tps is None)
        or request.power_limit is not None
        or (request.owned and not (training and owned_cards_only(request)))
        or request.compares  # each named GPU or system as asked
        or request.systems_only
        or ctx.should_stop()
    ):
        return []
    if training:
        return training_limited(ctx)
    capped = request.model_copy(update={"power_limit": POWER_LIMIT, "top_k": 1})
    if not _two_cards_below_cap(capped, ctx):
        return []
    builds, _ = _solve_once(
        capped,
        ctx.catalog,
        ctx.model,
        ctx.exact_weight_bytes,
        1,
        ctx.should_stop,
        ctx.time_budget / 2,
        cost_cap=cost_cap(ctx),
    )
    builds = [b for b in builds if b.gpu_count >= 2]  # one card on an outlet never needs the cap to fit
    return _kind(
        builds,
        Reason.of("kind.power-limited", limit=POWER_LIMIT),
        Reason.of("why.power-limited"),
    )


def owned_cards_only(request: BuildRequest) -> bool:
    """A request that owns cards of the one GPU it names, none but GPUs owned: its training builds are searched capped
    too (training_limited), so the cards the circuit feeds capped are counted from the cards owned, not from the
    full-power build's count. Dr. Chen's eight RTX 4090 for a 72B QLoRA on his 220 V 16 A circuit: four at full power
    (36 h) was the fastest build shown, where six capped at 70 % train it in ~28 h on the same circuit (round 33's
    next step offered the fifth capped at 80 % only as a note)."""
    owned = request.owned_gpu
    return owned is not None and len(request.owned) == 1 and request.gpu_ids == (owned.id,)


def _two_cards_below_cap(capped: BuildRequest, ctx: PlanContext) -> bool:
    """Whether the capped search can return a build power_limited keeps: two cards or more, below the cost cap of a
    map cell's plan (cost_cap). The search's own floor (plan._solve_among: the cheapest option's cards plus the
    cheapest part of every other kind) taken over the options of two cards or more only: where even that reaches the
    cap, the search finds nothing or a one-card build, both dropped, so the model is never built. The options and
    platform parts are the memoised ones the search reads. Every speed-floored map cell had paid its capped solve
    (the default map's power-limited searches, two interleaved runs in one process: 1.16 and 1.12 -> 1.12 and 1.07 s
    of CPU; most capped searches of mid-sized models still run, #34). Without a cap (a plan)
    it always searches."""
    from configurator.core.solve.candidates import platform_parts
    from configurator.core.solve.lazy import price_floor
    from configurator.core.solve.plan import _gpu_options
    from configurator.core.solve.solver import option_cost

    cap = cost_cap(ctx)
    if cap is None:
        return True
    cand = _gpu_options(ctx.model, capped, ctx.catalog, ctx.exact_weight_bytes, (), cap)
    pairs = [o for o in cand.options if o.count >= 2]
    if not pairs:
        return False
    platform_parts(capped, ctx.catalog, cand, ctx.model)
    if not (cand.boards and cand.cpus and cand.chassis and cand.memory and cand.coolers and cand.storage):
        return False
    return min(option_cost(o) for o in pairs) + price_floor(cand) < cap


CAPPED_ALSO = ("value",)
"""The objectives a training request's capped search solves at each cap beside its cheapest and fastest (solver.
run_labels' `also`): the best value, the speed per unit of price ranking.Measures.value labels. With the cheapest and
the fastest alone a capped build with more speed for the money than every build found never reached the ranking: a
lab's eight GPUs for a Qwen2.5-72B LoRA at 60,000 EUR (expert case
lab-eight-gpus-72b-lora-eur-best-value-is-eight-a6000-capped) labelled 8 x Radeon AI PRO R9700 capped at 80 % "best
value" (13,991 EUR, 66 h per 100 M tokens: 30.3 training tokens/s per 1,000 EUR) where 8 x RTX A6000 capped at 80 %
train it in 33 h for 24,647 EUR (34.4). Solved after the two places are filled, not as a third place: a third place
filled by another objective (a quietest, an alternative) had put three RTX 3090 capped at 70 % before the four that
hold "fastest" and pushed those past `--top 3` (expert case llama70b-qlora-four-3090-on-one-circuit)."""


def training_limited(ctx: PlanContext) -> list[Build]:
    """A training request's builds at each of TRAINING_LIMITS: the cheapest, the fastest and the best value the capped
    cards allow (solver.run_labels' first two searches, and CAPPED_ALSO). Four RTX 3090 for a 70B QLoRA (FSDP shards it over all four, ~1.6x the
    pair's speed) draw ~1,950 W at the wall at 350 W, over the 1,440 W a US 15 A outlet carries continuously; capped
    they fit it (Puget's quad-3090 build). A cap at which the most cards asked for run stops the search: a lower
    one only slows them."""
    from configurator.core.solve.plan import _solve_once
    from configurator.core.solve.power import TRAINING_POWER_CURVE, power_limit_speed

    request, out = ctx.request, []
    as_asked = ctx.builds.get(AS_ASKED) if isinstance(ctx, PlanRun) else None
    if as_asked and not request.exact_gpus and max(b.gpu_count for b in as_asked) >= request.max_gpus:
        # the as-asked searches already put the most cards asked for on the circuit: a cap adds none. Not where the
        # count is fixed (--exact-gpus): there a cap adds no card but lets the circuit feed another, cheaper one. A
        # lab's eight GPUs for a Qwen2.5-72B LoRA at 60,000 EUR in a server room (review36's walk) had been 8 x A100
        # 40GB at 40,265 EUR, 31 h per 100 M tokens, "cheapest", where eight cards capped at 80 % run it for less: 8 x
        # Radeon AI PRO R9700 at 13,991 EUR (66 h), 8 x RTX A6000 at 24,647 (33 h)
        return []
    for limit in TRAINING_LIMITS:
        if ctx.should_stop():
            break
        capped = request.model_copy(update={"power_limit": limit, "top_k": 2})
        builds, _ = _solve_once(
            capped,
            ctx.catalog,
            ctx.model,
            ctx.exact_weight_bytes,
            2,
            ctx.should_stop,
            ctx.time_budget / (2 * len(TRAINING_LIMITS)),
            cost_cap=cost_cap(ctx),
            also=CAPPED_ALSO,
        )
        builds = [b for b in builds if cap_fits_them(b, request, limit)]
        speed = power_limit_speed(limit, compute_bound=True)
        out += _kind(
            builds,
            Reason.of("kind.power-limited", limit=limit),
            Reason.of(
                "why.power-limited-training", limit=limit, speed=speed, measured=limit >= TRAINING_POWER_CURVE[0][0]
            ),
        )
        if any(b.gpu_count >= request.max_gpus for b in builds):
            break  # the most cards asked for already run at this cap: a lower one only slows them
    return out


def cap_fits_them(build: Build, request: BuildRequest, limit: float) -> bool:
    """Whether the cap is what puts these cards on the request's circuits: at full power the same machine (its PSUs'
    efficiency as capped) would draw more at the wall than the circuits carry continuously. A capped pair of RTX 3090
    that fits a 15 A outlet at full power too had been shown as "cheapest" for a 110 USD smaller PSU, in place of the
    full-power pair a buyer runs."""
    p = build.power
    if build.gpu_count < 2 or p.dc_load_w <= 0:
        return False  # one card on an outlet never needs the cap to fit
    full_dc = p.dc_load_w + p.gpu_w * (1 / limit - 1)
    return p.wall_w * full_dc / p.dc_load_w > circuit_limit_w(request.circuit) * request.circuits


def way_caps(relaxed: BuildRequest, request: BuildRequest) -> tuple[float, ...]:
    """The caps a way out that changes the wall circuit (another circuit, a second one) is searched at beside full
    power: the plan's own (power_limited: TRAINING_LIMITS for a training job, POWER_LIMIT for serving at a speed asked),
    where the way sets no limit of its own and the plan would cap (no card owned, no GPUs or systems compared). The plan
    on a new 120 V 20 A circuit shows 6 x MI50 capped at 70 % for 4,715 USD for Llama 3.1 8B's FSDP full fine-tune,
    where the way to that circuit, searched at full power only, had named 4 x RTX A6000 at 14,045 USD and no cap."""
    moved = (relaxed.circuit, relaxed.circuits) != (request.circuit, request.circuits)
    if not moved or relaxed.power_limit is not None or relaxed.owned or relaxed.compares or relaxed.systems_only:
        return ()
    if relaxed.workload.kind != "inference":
        return TRAINING_LIMITS
    return (POWER_LIMIT,) if relaxed.min_decode_tps is not None else ()


def capped_beside(
    relaxed: BuildRequest,
    request: BuildRequest,
    ctx: tuple[Catalog, ModelArch, int | None],
    builds: list[Build],
    cost_cap: float | None,
    stop: Callable[[], bool],
) -> list[Build]:
    """A circuit way's builds with every card capped (way_caps), each cheaper than the cheapest of `builds` (its
    full-power ones: ranking.startable's, a supported card's where there is one) and under `cost_cap`; a capped build
    the circuit would feed at full power too is none (cap_fits_them: the plan drops it). One solve per cap, which
    finds the cheapest supported build beside a cheaper one past support (solver.run_labels), as the plan's does."""
    from configurator.core.solve.plan import _solve_once
    from configurator.core.solve.ranking import startable

    caps = way_caps(relaxed, request)
    prices = [b.total_price for b in startable(builds)] + ([cost_cap] if cost_cap is not None else [])
    below = min(prices, default=None)
    out: list[Build] = []
    for limit in caps:
        if stop():
            break
        capped = relaxed.model_copy(update={"power_limit": limit, "budget": None})
        found, _ = _solve_once(capped, *ctx, 1, stop, 1.0, cost_cap=below)
        out += [b for b in found if not b.fails and cap_fits_them(b, relaxed, limit)]
    return out
