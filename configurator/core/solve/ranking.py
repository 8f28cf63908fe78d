"""Rank and label a plan's builds: one function over the whole set, where each label is a claim about the numbers shown.

Every build is measured the same way (`measure`): the price as paid, the speed as asked (decode tokens/s per user at
the asked load; a training job's tokens/s), the noise at 1 m and the watts at the wall. `rank_and_label` then decides,
over every build the sources found, which build holds each claim:

  cheapest               the lowest price among builds that pass every FAIL rule; for training, on a card its vendor
                         still supports while one passes ("cheapest on supported software" beside a cheaper one shown
                         past that support: support.PAST_SUPPORT_STARTS)
  cheapest in VRAM       when the cheapest keeps weights in system RAM or has no card: the lowest price within the
                         budget among the same rivals whose cards hold the whole model (_in_vram_claim)
  fastest within budget  the highest speed among them ("fastest" when no budget was set)
  best value             the highest speed per unit of price
  quietest               the lowest dBA, builds within 2 dBA of it being equals (then the most speed for the money:
                         _as_quiet_pick), while a build shown is louder by 2 dBA or more
                         (shown.AS_QUIET_DBA); it names a cheaper one shown within 2 dBA of it; a build of passive
                         cards under shroud kits, whose noise is a floor, is left out of it (shrouded)
  cheapest serving the demand, quietest serving the demand
                         round 38, once the costs are known (serving_claims): the cheapest (quietest) build shown that
                         serves its users' demand (SERVE) beside a "cheapest" ("quietest") that does not
  room to grow           takes one more card by buying only that card (Build.room_for_one_more), the cheapest such
                         no slower than the cheapest supported build (_grows);
                         never a card past its vendor's support or whose drivers wind down (SUP-8), nor one whose
                         next card unlocks nothing for the job (Build.one_more_gains)

A build whose users get less than reading speed (rules.READING_TPS, where PERF warns) is shown after those that reach
it, and the claims above are made among the latter when there are any; the cheapest of all then says "cheapest below
reading speed". A slow machine without a GPU (CPU only: below reading speed, short of the speed asked, or a first
token after more than a minute of prompt processing, the PROMPT warning) is never "cheapest" while a build with a GPU
is shown: it is shown after them, unlabelled (DeepSeek-R1 at 15,000 USD had put a CPU-only box that waits 760 s for
the first token of a 4k prompt at the top as "cheapest"). Likewise a data-center class machine in a room that cannot
take it (NOISE-1 warns: a 4U server or blower-shrouded passive cards in a home office) is no rival for a claim while
a build the room takes is shown (two MI50 on an open frame had been a home office's "cheapest"). So is any build whose
prompts wait (PROMPT warns: with several users, the last of them past a minute for a first token when all send a
prompt at once; every inference build for several users carries the check), cards or none, while a build whose
prompts do not is shown: five RTX 4060 Ti had been Dr. Chen's "cheapest" for 20 students, the twentieth waiting ~112 s.
A build with no claim below reading speed is not shown at all while a build that serves the users (at reading speed,
prompts answered within a minute) is offered.
Such a build still rivals on "fastest" and "best value" (claims about the decode speed shown) without holding them:
when it decodes fastest, no other build says "fastest". A comparison of named GPUs and ready-made systems
(`--gpu a,b,mac-studio-...`) says "cheapest with X" of each one's own cheapest build. A build that another
build beats on price and speed without being louder is dropped, unless a label gives the reason, and so is one a
simpler build stands in for (fewer cards, or none modified, within 1 % of its price and as fast: _stands_in, which
the simpler one's why names, shown.instead); the rest are shown cheapest first. Sources only say what kind of build
they offer (`Build.label` on the way in: "with the experts in RAM", "ready-made: ..."); the label shown is the claims,
then that kind in brackets ("cheapest; best value (with the experts in RAM)").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple, TypeVar

from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import CLAIMS as CLAIM_WORDS
from configurator.core.common.reasons import OFFERS as OFFER_WORDS
from configurator.core.common.reasons import Reason, Value, english, from_json, label_claims, render
from configurator.core.costs.api import Demand, served_rate_of, users_of
from configurator.core.estimate.desktop_training import utilisation_sourced
from configurator.core.estimate.precision import weight_format
from configurator.core.estimate.result import EstimateResult
from configurator.core.model.args import PLAN_TOP
from configurator.core.model.build import Build, BuildPart
from configurator.core.model.noise import build_dba
from configurator.core.model.request import BuildRequest
from configurator.core.rules.base import instance
from configurator.core.rules.job import Serving
from configurator.core.rules.site import DataCenterNoise
from configurator.core.rules.software import OffloadEnvelope, beyond_rows, unvalidated_run
from configurator.core.solve.grow import ROOM_TO_GROW, Rival
from configurator.core.solve.rules import FILL, PROMPT, READING_TPS, SPEED
from configurator.core.solve.shown import (
    AS_FAST,
    AS_QUIET_DBA,
    FASTER,
    FASTER_FOR_LITTLE,
    SAME_PRICE,
    gives_up_for_little,
    kind_said,
    many_times_slower,
    quieter,
    simpler,
    why_shown,
)
from configurator.core.solve.shown import beaten_by as shown_beaten_by
from configurator.core.solve.usual import format_said
from configurator.core.support import checks as support
from configurator.core.support.facts import EndOfLife

REFERENCE_TOKENS = 1e8
"""A training request without --tokens is timed for a reference job of this many tokens (100 M), and says so: a
fine-tune is ranked by how fast it trains, never by memory per GPU (issue #27)."""

# Whether a consumer card's training utilisation rests on a published measurement is a fact per training backend
# (estimate.desktop_training.TRAINING_FACTS, SOURCED_TRAINING_FAMILIES): CUDA is fitted on torchtune's published
# RTX 4090 fine-tuning rates (#29), ROCm on RDNA 3 on an RX 7900 XTX / RTX 3090 pair; other Radeon families (RDNA 4)
# and XPU (Arc) publish none, so such a consumer card's
# training speed is an unsourced figure, and a build timed by it claims neither "fastest" nor "best value"; when such
# a build is the fastest (or best value) shown, a slower one's plain claim would be false (issue #27: an 8B QLoRA had
# made an RX 9070 XT "fastest; best value" on that factor alone), so the claim falls to the best build whose speed is
# sourced and says so ("best value on measured speeds": _sourced_best); `plan --json` says which builds' speeds are
# sourced (`speed_sourced`), the pool the independent checker verifies that claim over. Workstation cards share the
# consumer figure but not this rule: the issue names consumer cards, whose training stacks differ most. A request's
# own --mfu is the user's figure and always counts.

ALTERNATIVE = "alternative"

SERVE = instance(Serving)
"""The SERVE rule (rules.job.Serving): whether a build serves its users' demand, each request's prefill counted."""

_T = TypeVar("_T")


class ServingBasis(NamedTuple):
    """Round 38: what the plan's Buy-or-rent figures read, given to the ranking (plan.serving_basis): the model whose
    attention prices a long prompt's prefill, the users' demand (their usage, seats, requests a day) and SERVE's
    verdict on a build for it (over tco.served_hours: None for training or without a decode estimate). The
    reading rule then reads the same served rate the costs do, and the cheapest build that serves the demand is kept
    among the builds shown (_serving_shown)."""

    model: ModelArch | None
    demand: Demand | None
    serves: Callable[[Build], bool | None] | None
    # round 39: the share of the demand a build makes (SERVE's field `share`, 1.0 when it serves it): what "cheapest
    # serving the demand" says of a short "cheapest" the --top cut leaves out (_serving_said)
    share: Callable[[Build], float | None] | None = None


def job_tokens_per_s(estimate: EstimateResult) -> float | None:
    """A training job's throughput: its tokens over its wall-clock seconds (None without a time)."""
    tokens = estimate.workload.get("tokens")
    if not tokens or not estimate.wall_hours:
        return None
    return float(tokens) / (estimate.wall_hours * 3600)


@dataclass(frozen=True)
class Measures:
    """What every label is decided on, the same for every build whatever its source."""

    price: float  # as paid: owned parts cost nothing
    speed: float  # decode tokens/s per user at the asked load; training: tokens/s of the job; 0 when unknown
    dba: float | None  # one machine at 1 m under load (noise.build_dba); None when no figure exists
    watts: float  # at the wall, every node
    passing: bool  # no FAIL check
    within_budget: bool
    readable: bool  # inference: at least reading speed per user (rules.READING_TPS, where PERF warns); training: True
    served: float = 0.0  # inference: tokens/s per user with each request's prefill counted (SERVE); 0 otherwise
    slow_cpu_only: bool = (
        False  # no GPU, and below reading speed, short of the speed asked or its prompts wait (PROMPT); or no card
        # bought (a mini PC) and its prompts wait (no_card)
    )
    too_loud: bool = False  # a data-center class machine in a room that cannot take it (NOISE-1 warns)
    waits: bool = False  # its prompts wait (PROMPT warns: one prompt, or the last of several users' past a minute)
    # the window asked takes past the ten-minute default timeout to fill (FILL warns): it waits (`waits`), and is
    # ranked after the builds that fill it in time
    overlong: bool = False
    short: bool = False  # below the speed asked (--min-decode-tps)
    unsourced_speed: bool = False  # a training speed on an unsourced utilisation or an unpriced parameter offload
    wait_s: float | None = None  # when its prompts wait (PROMPT warns): the seconds to the first token of its last user
    quantized: bool = False  # its weights are quantized below the release's, which the request left open (_quantized)
    # a card past its vendor's support, for a job a plan does not start on one (support.starts_past_support: training)
    past_support: bool = False
    # round 41: a training build whose run is unvalidated on its card (rules.software.unvalidated_run: the rule that
    # warns, "SUP-11"), no rival for "cheapest" beside one whose run is validated (_supported_rivals)
    unvalidated: str | None = None
    # round 43: its label says it is not the cheapest for that run (_unvalidated_said: set aside by rivals_for_cheapest,
    # cheaper than the build that holds "cheapest"): shown after the builds that are rivals (_order_key, _set_aside_said)
    unvalidated_aside: bool = False
    dba_floor: bool = False  # its dBA is a floor (passive cards under shroud kits: shrouded), never "less noise"
    # it fails the request's own target alone (PERF: the deadline, the speed asked): the target, its figure, the asked
    missed: tuple[str, float, float] | None = None
    # round 38: whether it serves its users' demand (SERVE over the plan's usage profile: tco.serves_demand); None
    # when the ranking is not told (a map cell, a test) or for training
    serves: bool | None = None
    share: float | None = None  # round 39: the share of that demand it makes (SERVE's `share`); None when not told
    # round 49 (idle49): it leaves the user's own card (`--own`) idle (leaves_own), and, so, when a build on that card
    # is faster for a little more (_idle_rivals), it is set aside from "cheapest" and shown after the rivals
    leaves_own: bool = False
    idle_aside: bool = False

    def value(self) -> float:
        return self.speed / self.price if self.price > 0 else (float("inf") if self.speed > 0 else 0.0)

    def beats(self, other: Measures) -> bool:
        """No dearer, no slower, no louder, and better on price or speed: `other` has nothing to say for itself.
        Louder by what the noise estimate resolves (shown.quieter, AS_QUIET_DBA), the rule "less noise" and "quietest"
        read: Qwen2.5 7B QLoRA at 1,200 USD had shown an RTX 2060 12GB in a 240 USD Fractal Define 7 XL as an
        "alternative" at 1,042 USD and 59 h beside an RTX 2070 at 857 USD and 56 h, kept by its 41.3 dBA against 42.2,
        a difference "less noise" does not offer (the same card's cheapest build, in the 65 USD case, costs 867)."""
        louder = quieter(other.dba, self.dba)
        # speeds equal but for rounding are one speed (three RTX A6000 and three RTX PRO 5000 on the same PCIe 4.0
        # board train in 7.974338624338626 and ...625 hours: the dearer is no faster)
        slower = self.speed < other.speed * (1 - 1e-9)
        faster = self.speed > other.speed * (1 + 1e-9)
        return self.price <= other.price and not slower and not louder and (self.price < other.price or faster)


def measure(
    build: Build, request: BuildRequest, model: ModelArch | None = None, demand: Demand | None = None
) -> Measures:
    """Round 38: `model` and `demand` are the ones the plan's Buy-or-rent figures read (tco.served_hours): the reading
    rule reads the served rate per user of `demand`'s requests (its usage's prompt: a coding agent's 42k, else the
    chat's or the stated one) with the prefill of each prompt's uncached part priced at its attention scale
    (need.prefill_scale), as SERVE does once the costs are known; without them the chat's prompt at the estimate's
    prefill rate as it is (a floor on the prefill's time)."""
    e = build.estimate
    speed = e.decode_tokens_per_s if e.workload.get("kind", "inference") == "inference" else job_tokens_per_s(e)
    # round 37: with several users the reading rule reads the served rate per user, each request's prefill counted
    # (rules.job.Serving.reading_rate)
    inference = e.workload.get("kind", "inference") == "inference"
    served = SERVE.reading_rate(speed, served_rate_of(build, demand, model), users_of(build)) if inference else 0.0
    readable = not inference or SERVE.keeps_up(served)
    prompt = next((c for c in build.checks if c.rule == PROMPT.id and c.status != "pass"), None)
    fill = next((c for c in build.checks if c.rule == FILL.id and c.status != "pass"), None)
    slow_prompt = prompt is not None
    waited = prompt.fields.get("shared_s", prompt.fields.get("wait_s")) if prompt is not None else None
    if waited is None and fill is not None:
        waited = fill.fields.get("fill_s")  # the first token of the window asked, filled: its wait
    short = request.min_decode_tps is not None and not SPEED.meets(speed, request.min_decode_tps)  # shown digits
    return Measures(
        price=build.total_price,
        speed=speed or 0.0,
        dba=build_dba(build),
        watts=build.power.wall_w * build.nodes,
        passing=not build.fails,
        within_budget=request.budget is None or build.total_price <= request.budget + 0.01,
        readable=readable,
        served=served,
        slow_cpu_only=(cpu_only(build) and (not readable or short or slow_prompt)) or (no_card(build) and slow_prompt),
        short=short,
        too_loud=request.room == "home-office"
        and any(c.rule == DataCenterNoise.id and c.status != "pass" for c in build.checks),
        waits=slow_prompt or fill is not None,
        overlong=fill is not None,
        unsourced_speed=unsourced_training_speed(build, request),
        wait_s=float(waited) if isinstance(waited, (int, float)) else None,
        quantized=quantized(build, request),
        past_support=past_support_start(build),
        unvalidated=_unvalidated(build),
        dba_floor=shrouded(build),
        missed=missed_target(build),
        leaves_own=leaves_own(build, request),
    )


def leaves_own(build: Build, request: BuildRequest) -> bool:
    """Round 49 (idle49): whether a build runs none of the user's own cards (`--own`, "a part I already own and want
    used": OWN_ALL_ORDER), as the builds offered without it for comparison do (offers.without_own)."""
    if request.owned_gpu is None:
        return False
    return not any(p.owned for p in build.parts if p.category == "gpu")


TARGET_CODES = {"deadline": "deadline", "deadline-cluster": "deadline", "asked": "speed"}
"""PERF's findings on the request's own target (rules.job.Speed): the training deadline (one machine, a cluster) and
the decode speed asked (--min-decode-tps), by the target a claim names."""


def missed_target(build: Build) -> tuple[str, float, float] | None:
    """What a build that fails the request's own target misses it by: the target ("deadline", "speed"), the build's
    figure (hours, tokens/s per user) and the figure asked, from PERF's own fields; None for a build that meets it."""
    fails = [c for c in build.checks if c.status == "fail" and c.rule == SPEED.id and c.code in TARGET_CODES]
    if not fails:
        return None
    said = fails[0].fields

    def num(name: str) -> float:
        value = said.get(name)
        return float(value) if isinstance(value, (int, float)) else 0.0

    if TARGET_CODES[fails[0].code] == "deadline":
        return ("deadline", num("hours"), num("deadline"))
    return ("speed", num("tps"), num("asked"))


def past_support_start(build: Build) -> bool:
    """A build on a card past its vendor's support, for a job a plan does not start on one (support.
    starts_past_support: fine-tuning, pretraining): no rival for "cheapest" while another is offered."""
    kind = str(build.estimate.workload.get("kind", "inference"))
    return not support.starts_past_support(kind) and end_of_life_caveat(build) is not None


def _unvalidated(build: Build) -> str | None:
    """The support rule that warns a training build's run is unvalidated on its card (rules.software.unvalidated_run),
    or None (inference: its engines are judged by SUP-1 and SUP-3, which fail where they do not run)."""
    if str(build.estimate.workload.get("kind", "inference")) == "inference":
        return None
    return unvalidated_run(build.checks)


def rivals_for_cheapest(
    items: list[_T], past: Callable[[_T], bool], unvalidated: Callable[[_T], str | None]
) -> list[_T]:
    """The one rule of which training builds may be called "cheapest", over builds or their measures: all but those on
    a card past its vendor's support (`past`: past_support_start), when any other is among them; then, among those, all
    but those whose run is unvalidated on the card (`unvalidated`: _unvalidated, rules.software.UNVALIDATED_RUN), when
    any other is among them. Read by the plan's claim (_supported_rivals) and a way out's cheapest build (startable)."""
    supported = [x for x in items if not past(x)] or items
    return [x for x in supported if unvalidated(x) is None] or supported


def startable(builds: list[Build]) -> list[Build]:
    """The builds a plan may call "cheapest" (rivals_for_cheapest), a way out's cheapest build too (relax): round 42
    (cheap42), a way out whose training run is unvalidated on its card (SUP-11) is not the cheapest way out beside one
    whose run is supported, as it had been while only the past-support rule was read here."""
    return rivals_for_cheapest(builds, past_support_start, _unvalidated)


def set_aside_said(build: Build, rule: str) -> Reason:
    """What the label of a training build set aside from "cheapest" for its unvalidated run says (kind.unvalidated-run,
    the rule that warns), in the rule's own terms where it has them: SUP-12 (rules.software.OffloadEnvelope) by its
    check's fields, the card's GB against the smallest card and the least per-GPU peak of the published runs
    (kind.beyond-runs). Round 44: 2 x RTX 4060 Ti 16GB for a Llama 3.3 70B QLoRA had read "its training stack is
    unvalidated on the card, SUP-12 warns", SUP-11's words for a stack that runs there, on a card too small for the
    runs."""
    beyond = beyond_rows(build.checks) if rule == OffloadEnvelope.id else None
    if beyond is None:
        return Reason.of("kind.unvalidated-run", rule=rule)
    peak = beyond.get("peak_gib")
    return Reason.of(
        "kind.beyond-runs",
        rule=rule,
        card_gb=beyond["card_gb"],
        runs_gb=beyond["smallest_gb"],
        **({"peak_gib": round(float(peak), 2)} if peak is not None else {}),
    )


def set_aside_rule(build: Build) -> str | None:
    """Why rivals_for_cheapest sets a build aside: None for a card past its vendor's support (the first rule), else the
    support rule that warns its run is unvalidated (SUP-11); a way out's words say which (relax._past_cheaper)."""
    return None if past_support_start(build) else _unvalidated(build)


RELEASE_QUALITY_BITS = 8.0
"""Weights of 8 bits or more score as the release: Llama 3 70B's perplexity over F16 is +0.03 % at Q8_0, +0.47 % at
Q6_K and +4.83 % at Q4_K_M (dranger003's table, ggml-org/llama.cpp PR #6745, as quoted in XiongjieDai/GPU-Benchmarks-
on-LLM-Inference's README at 00dd2bd, May 2024), and vLLM's FP8 of BF16 weights is served as the same model (plan's
USUAL_SERVED). Fewer bits than this (llama.cpp's usual Q4_K_M) are a loss a practitioner weighs against the speed."""


def released_precision(request: BuildRequest) -> str | None:
    """The precision an inference request runs the weights in as released, where it named none: the low-bit release
    plan() filled in (precision_released: FP8, INT4 experts, MXFP4), else the 16-bit weights (Workload.resolved's
    default). None when the request named a precision (every build runs it) or trains."""
    w = request.workload
    if w.kind != "inference":
        return None
    if request.precision_released:
        return str(w.precision)
    return "bf16" if w.precision is None else None


def quantized(build: Build, request: BuildRequest) -> bool:
    """A build that runs the weights in fewer bits than the release's quality keeps (RELEASE_QUALITY_BITS) where the
    request named no precision: llama.cpp's usual GGUF (kind.usual-gguf, Q4_K_M) of a BF16 or FP8 release. Its speed
    is bought with the weights' quality, so it rivals the other builds on speed without taking their claim
    (_fastest_claim). vLLM's FP8 of a BF16 release (kind.usual-served) keeps the release's quality."""
    released = released_precision(request)
    precision = build.estimate.workload.get("precision")
    if released is None or not isinstance(precision, str) or precision == released:
        return False
    bits = weight_format(precision).bulk_bits
    return bits < min(weight_format(released).bulk_bits, RELEASE_QUALITY_BITS) - 1e-9


def unsourced_training_speed(build: Build, request: BuildRequest) -> bool:
    """A training build timed with the consumer-card utilisation the estimator assumes without a source
    (a consumer card whose vendor's training backend has no published measurement: desktop_training.
    utilisation_sourced), or with its parameters offloaded to CPU RAM (offloaded_parameters), the request giving no
    --mfu of its own."""
    if build.estimate.workload.get("kind", "inference") == "inference":
        return False
    if request.workload.mfu is not None:
        return False
    if offloaded_parameters(build):
        return True
    return any(
        p.category == "gpu"
        and p.spec.get("market") == "consumer"
        and not utilisation_sourced(str(p.spec.get("vendor", "")), str(p.spec.get("architecture", "")))
        for p in build.parts
    )


def offloaded_parameters(build: Build) -> bool:
    """A training build that keeps its parameters in CPU RAM (DeepSpeed ZeRO-3 with `offload_param_device cpu`):
    every step streams them over the host link, a cost its time does not price (docs/estimates.md), so the time is
    a lower bound no speed claim may rest on (expert case qwen3-32b-qlora-3000-not-2060s)."""
    w = build.estimate.workload
    return w.get("kind", "inference") != "inference" and w.get("offload") == "cpu" and w.get("zero") == 3


def no_card(build: Build) -> bool:
    """A machine with no graphics card bought: CPU only, or a ready-made box whose integrated GPU or unified memory
    runs the job (a mini PC, a Mac). Such a box whose prompts wait (PROMPT: over a minute for one prompt, or for the
    last of the users asked when all send one at once) is set aside for "cheapest" like a slow CPU-only machine:
    Qwen3-30B-A3B for 10 users at 5,000 USD had a mini PC's iGPU as "cheapest" at 5.6 tokens/s each, its tenth user
    waiting 254 s for a first token; Qwen2.5-32B for Dr. Chen's 20 students had a GMKtec EVO-X2."""
    return not any(p.category == "gpu" for p in build.parts)


def cpu_only(build: Build) -> bool:
    """A machine without a GPU: no card and no unified-memory system (machines.NO_GPU builds)."""
    return build.gpu_count == 0 and not any(p.category in ("gpu", "system") for p in build.parts)


def speed_said(build: Build) -> Reason:
    """The speed a claim is about, as the table shows it."""
    e = build.estimate
    if e.workload.get("kind", "inference") == "inference":
        return Reason.of("speed.user", tps=e.decode_tokens_per_s or 0.0)
    tps = job_tokens_per_s(e)
    if not tps:
        return Reason.of("speed.none")
    return Reason.of("speed.training", tps=tps, hours=e.wall_hours or 0.0, tokens=float(e.workload.get("tokens") or 0))


def speed_words(build: Build) -> str:
    """The speed a claim is about, in English."""
    return english(speed_said(build))


def _gpu_name(build: Build) -> str:
    part = next((p for p in build.parts if p.category in ("gpu", "system")), None)
    return part.name if part is not None else build.gpu_id


def _end_of_life(build: Build) -> EndOfLife | None:
    """The support record of a build whose GPUs are past their vendor's software support (support.END_OF_LIFE)."""
    for part in build.parts:
        if part.category == "gpu":
            eol = support.end_of_life(str(part.spec.get("vendor", "")), str(part.spec.get("architecture", "")))
            if eol is not None:
                return eol
    return None


def end_of_life_caveat(build: Build) -> Reason | None:
    """The caveat of a build whose GPUs are past their vendor's software support, else None."""
    eol = _end_of_life(build)
    return eol.said if eol is not None else None


def _same(a: Build, b: Build) -> bool:
    """The same machine offered twice (two sources can find it): the same parts, paid alike, running alike."""

    def key(x: Build) -> tuple[object, ...]:
        return (
            x.nodes,
            x.gpu_count,
            tuple((p.id, p.quantity, p.owned) for p in x.parts),
            round(x.total_price, 2),
            x.estimate.decode_tokens_per_s,
            x.estimate.wall_hours,
        )

    return key(a) == key(b)


_Claims = dict[int, list[Reason]]


@dataclass(frozen=True)
class _Field:
    """The builds a plan's claims are made over: the pool (duplicates dropped), their measures, and the indices of
    those that pass every rule (`every_passing`), of those at reading speed among them (`passing`) and of those within
    the budget (`within`); each claim names its build by index into `claims`."""

    pool: list[Build]
    m: list[Measures]
    every_passing: list[int]
    passing: list[int]
    within: list[int]
    claims: _Claims
    eol: dict[int, EndOfLife | None]  # each build's support record, looked up once (_end_of_life)
    speed_rivals: list[int]  # `within`, and the builds set aside for their prompt wait alone (PROMPT)
    request: BuildRequest

    def claim(self, i: int | None, said: Reason) -> None:
        if i is not None:
            self.claims[i].append(said)


def _field(builds: list[Build], request: BuildRequest, serving: ServingBasis | None = None) -> _Field | None:
    pool: list[Build] = []
    for build in builds:
        if not any(_same(build, kept) for kept in pool):
            pool.append(build)
    if not pool:
        return None
    model, demand, serves, share = serving or (None, None, None, None)
    m = [measure(b, request, model, demand) for b in pool]
    if serves is not None:
        m = [replace(x, serves=serves(b)) for x, b in zip(m, pool, strict=True)]
    if share is not None:
        m = [replace(x, share=share(b)) for x, b in zip(m, pool, strict=True)]
    every_passing = [i for i in range(len(pool)) if m[i].passing]
    if any(not cpu_only(pool[i]) for i in every_passing):
        # a slow CPU-only machine is no rival for "cheapest" beside a build with a GPU (module docstring)
        every_passing = [i for i in every_passing if not m[i].slow_cpu_only] or every_passing
    # a data-center class machine (NOISE-1) is no rival in a room that cannot take it while one that can is shown
    every_passing = [i for i in every_passing if not m[i].too_loud] or every_passing
    # nor a build whose prompts wait (PROMPT: the last of several users past a minute for a first token) while one
    # whose prompts do not is shown, whatever its hardware: five RTX 4060 Ti had been Dr. Chen's "cheapest" for 20
    # students at 5.0 tokens/s each, the twentieth waiting ~112 s for a 4k prompt's first token
    # and first of those, a build whose window asked fills past the ten-minute default timeout (FILL) while one that
    # fills it in time is shown: a used MacBook Pro M1 Max had been Mina's "cheapest; quietest" for a 70B at 32k, the
    # context taking ~11 minutes to fill at ~50 tokens/s of prefill beside two RTX 3090 at ~1.5
    every_passing = [i for i in every_passing if not m[i].overlong] or every_passing
    every_passing = [i for i in every_passing if not m[i].waits] or every_passing
    # a build whose users wait seconds per word (PERF warns) is shown after those at reading speed, and the claims
    # are made among the latter when there are any: "cheapest" at 2 tokens/s was the top of a 70B plan. When the only
    # builds at reading speed are set aside for their prompt wait, none below it claims more than "cheapest below
    # reading speed": gpt-oss-120b for 10 users at 2,500 USD would have called an Arc A770 with the experts in RAM,
    # 0.7 tokens/s each, "cheapest" beside two MI50 at 21.7 whose tenth user waits 171 s; Qwen3-30B-A3B for 16 users
    # at 2,100 USD called an RTX 2060 with the experts in RAM (0.37 tokens/s) "cheapest; fastest within budget; best
    # value" beside a mini PC at 6.3 whose sixteenth user waits
    read_aside = any(m[i].passing and m[i].readable and m[i].waits for i in range(len(pool)) if i not in every_passing)
    passing = [i for i in every_passing if m[i].readable] or ([] if read_aside else every_passing)
    within = [i for i in passing if m[i].within_budget]
    # a build set aside only for its prompt wait (PROMPT) still decodes as fast as it shows: "fastest" and "best
    # value" are claims about that number, so it rivals the others on them (a 10.2 tok/s CPU-only Threadripper PRO
    # had sat below a 6.5 tok/s "fastest" EPYC with a card for GLM-4.5); it holds neither (_speed_claims)
    speed_rivals = within + [
        i
        for i in range(len(pool))
        if i not in within
        and m[i].passing
        and m[i].within_budget
        and m[i].readable
        and not m[i].short
        and m[i].waits
        and not m[i].too_loud
    ]
    eol = {i: _end_of_life(pool[i]) for i in range(len(pool))}
    claims: _Claims = {i: [] for i in range(len(pool))}
    return _Field(pool, m, every_passing, passing, within, claims, eol, speed_rivals, request)


def system_part(build: Build) -> BuildPart | None:
    """The build's ready-made system (a Mac Studio, a mini PC, a GPU server), or None for a machine from parts."""
    return next((p for p in build.parts if p.category == "system"), None)


def options_of(build: Build, request: BuildRequest) -> tuple[str, ...]:
    """What a build is a build of, among the ids a user names: a named ready-made system by its own id, else its
    cards (a build of different cards, solve.mixed, is a build with each of them)."""
    system = system_part(build)
    if system is not None and system.id in request.system_ids:
        return (system.id,)
    return build.gpus_mixed or (build.gpu_id,)


def named_build(build: Build, request: BuildRequest) -> bool:
    """A build of what the user named: a named system, or a machine whose every card is a named GPU (a ready-made
    server of a named GPU too). A Mac or a CPU-only box is not one of the named GPUs."""
    system = system_part(build)
    if system is not None and system.id in request.system_ids:
        return True
    return bool(request.gpu_ids) and set(build.gpus_mixed or (build.gpu_id,)) <= set(request.gpu_ids)


def _comparison_claims(f: _Field, request: BuildRequest) -> None:
    """A comparison of named GPUs and systems: "cheapest with X" of each one's own cheapest build, X named by the
    build's part that is X (the card, or the system). An option whose builds are all below reading speed (a Mac
    Studio for a 405B) still has its cheapest labelled: the claim is about its own builds, every one of them."""

    def named(b: Build, option: str) -> str:
        part = next((p for p in b.parts if p.id == option and p.category in ("gpu", "system")), None)
        return part.name if part is not None else _gpu_name(b)

    # over every build that passes, slow or too loud for the room too: the claim is "no build with X is cheaper"
    every = [i for i in range(len(f.pool)) if f.m[i].passing]
    for option in dict.fromkeys(o for i in every for o in options_of(f.pool[i], request)):
        mine = [i for i in every if option in options_of(f.pool[i], request)]
        best = min(mine, key=lambda i: (f.m[i].price, -f.m[i].speed))
        name = named(f.pool[best], option)
        f.claim(best, Reason.of("claim.cheapest-with", name=name))


def _cheapest_claims(f: _Field) -> None:
    if not f.every_passing:
        return
    m, currency = f.m, f.pool[0].currency
    # nor is a training build on a card past its vendor's support while one on a supported card passes
    # (support.PAST_SUPPORT_STARTS): one MI50 (gfx906, no PyTorch ROCm wheel since 6.4 runs it) had been "cheapest" for
    # an 8B LoRA at 2,500 USD, 45 USD under an RTX 2080 Ti 22GB that trains it four times as fast
    best = min(_cheapest_pool(f), key=_price_key(f))
    at_speed = len(f.passing) < len(f.every_passing)
    # the claims are made among the builds at reading speed, or among every build when none reaches it: then the
    # cheapest of them is no plain "cheapest" but the cheapest below reading speed (expert case
    # qwen3-30b-a3b-16-users-2100: an RTX 2060 at 0.37 tokens/s for 16 users, the only build within 2,100 USD)
    reads = any(m[i].readable for i in f.passing)
    # the count is made over the builds shown once they are known (_cheapest_said): a placeholder until then
    if reads:
        said = Reason.of(
            "claim.cheapest", price=m[best].price, currency=currency, builds=len(f.passing), reading=at_speed
        )
        f.claim(best, said)
    slow = min(f.every_passing, key=lambda i: (m[i].price, -m[i].speed))
    # "the lowest price of every build found": also below the machines set aside as rivals for cheapest (a CPU-only
    # box whose prompts wait, a data-center machine too loud for the room). DeepSeek-R1 Q4 at 25,000 USD had an
    # Arc A770 at 17,005 USD and 3.5 tokens/s claim it beside a CPU-only box at 16,620 USD and 6.1 tokens/s
    lowest = min(m[i].price for i in range(len(f.pool)) if m[i].passing)
    if not m[slow].readable and (m[slow].price < m[best].price or not reads) and m[slow].price <= lowest:
        f.claim(
            slow,
            Reason.of(
                "claim.cheapest-slow",
                price=m[slow].price,
                currency=currency,
                # round 37: the rate the reading rule read (SERVE), and the decode speed when the prefill lowers it
                tps=min(m[slow].speed, m[slow].served),
                reading=READING_TPS,
                **({"decode": m[slow].speed} if m[slow].served < m[slow].speed * 0.995 else {}),
            ),
        )


def in_vram(build: Build) -> bool:
    """A machine whose cards hold the whole model: one with GPU cards (no ready-made system's unified memory, no
    CPU-only box) that keeps none of the weights in system RAM (EstimateResult.offloaded_bytes)."""
    return (
        any(p.category == "gpu" for p in build.parts)
        and system_part(build) is None
        and not build.estimate.offloaded_bytes
    )


def _in_vram_claim(f: _Field) -> None:
    """ "Cheapest in VRAM": when the cheapest build keeps weights in system RAM (layers or experts: llama.cpp's -ngl,
    --n-cpu-moe) or has no card, the cheapest build within the budget whose cards hold the whole model, among the same
    rivals as "cheapest". Its speed is set by the cards' memory, not the host's: Qwen3-32B Q4_K_M at 3,000 USD had a
    Tesla P100 16GB with layers in RAM as "cheapest" at 809 USD and 6.8 tokens/s, and one Instinct MI50 32GB holding the
    model at 906 USD and 16.6 was not shown (expert case qwen3-32b-q4-3000-shows-the-mi50-in-vram). The claim is the
    reference a practitioner reads a dense model's plan from: what it takes to keep every weight on the GPU; made only
    when that build is faster than the cheapest (shown.FASTER)."""
    m = f.m
    held = _holder(f, "claim.cheapest")
    if held is None or in_vram(f.pool[held]):
        return
    rivals = _vram_rivals(f)
    if not rivals:
        return
    best = min(rivals, key=_price_key(f))
    if m[best].speed < m[held].speed * FASTER:
        # no faster than the cheapest: the cards' memory buys nothing the buyer reads (3 x Radeon AI PRO R9700 at
        # 10,187 USD and 5.3 tokens/s beside a Mac Studio at 3,200 and 8.0 for Llama 3.3 70B FP8 on AMD in a rack)
        return
    # a card past its vendor's support beside a supported one holding the model for as much speed for the money:
    # that one is shown too, labelled so (its name and numbers are said in this claim by _supported_named)
    supported = _supported_holder(f, "claim.cheapest-vram") if f.eol[best] is not None else None
    f.claim(
        best,
        Reason.of(
            "claim.cheapest-vram",
            price=m[best].price,
            currency=f.pool[best].currency,
            tps=m[best].speed,
            cheapest_tps=m[held].speed,
            training=f.pool[best].estimate.workload.get("kind", "inference") != "inference",
        ),
    )
    if supported is not None and m[supported].value() >= m[best].value():
        f.claim(
            supported,
            Reason.of(
                "claim.cheapest-vram-supported",
                price=m[supported].price,
                currency=f.pool[supported].currency,
                tps=m[supported].speed,
                dearer=round(m[supported].price - m[best].price, 2),
                eol_gpu=_gpu_name(f.pool[best]),
                eol_tps=m[best].speed,
            ),
        )


def _faster_for_little_claim(f: _Field) -> None:
    """ "Faster for a little more" (shown.FASTER_FOR_LITTLE): beside the build that holds "cheapest", the cheapest of
    its rivals within the budget, on a card its vendor still supports and at a sourced speed, that is much faster than
    it for a little more money; the claim names the cheapest's price and speed. Round 49: five coding seats on
    Qwen3.6-27B were shown an Arc Pro B60 Dual as "cheapest" (2,462 USD, 14.5 tokens/s a stream) where two RTX 2080 Ti
    22GB serve them at 19.7 for 31 USD more."""
    m = f.m
    held = _holder(f, "claim.cheapest")
    if held is None:
        return
    rule = FASTER_FOR_LITTLE
    rivals = [
        i
        for i in _cheapest_pool(f)
        if i != held
        and i in f.within
        and f.eol[i] is None
        and not m[i].unsourced_speed
        and m[i].readable
        and not m[i].waits
    ]
    fast = [i for i in rivals if m[i].speed >= rule.speed_floor(m[held].speed) * (1 - 1e-9)]
    if not fast:
        return
    best = min(fast, key=_price_key(f))
    if not rule.holds(m[best].price, m[best].speed, m[held].price, m[held].speed):
        return
    f.claim(
        best,
        Reason.of(
            "claim.faster-for-little",
            price=m[best].price,
            currency=f.pool[best].currency,
            tps=m[best].speed,
            cheapest_price=m[held].price,
            cheapest_tps=m[held].speed,
            dearer=round(m[best].price - m[held].price, 2),
            dearer_pct=round(100 * (m[best].price / m[held].price - 1), 1),
            faster_pct=round(100 * (m[best].speed / m[held].speed - 1), 1),
            training=f.pool[best].estimate.workload.get("kind", "inference") != "inference",
        ),
    )


def _holder(f: _Field, code: str) -> int | None:
    """The build that holds the claim `code`, if any."""
    return next((i for i, cs in f.claims.items() if any(c.code == code for c in cs)), None)


def _vram_rivals(f: _Field) -> list[int]:
    """The rivals for "cheapest in VRAM": those for "cheapest" within the budget whose cards hold the whole model."""
    return [i for i in _supported_rivals(f, f.passing) if i in f.within and in_vram(f.pool[i])]


def _heard(f: _Field) -> list[int]:
    """The rivals for "quietest": within the budget, with a noise figure that is not a floor (shrouded)."""
    return [i for i in f.within if f.m[i].dba is not None and not shrouded(f.pool[i])]


def _price_key(f: _Field) -> Callable[[int], tuple[float, ...]]:
    return lambda i: (f.m[i].price, -f.m[i].speed)


def _claim_pool(f: _Field, code: str) -> tuple[list[int], Callable[[int], tuple[float, ...]]] | None:
    """The builds a claim is made among and the order that picks its holder (the least first), for the claims a build
    past its vendor's support can hold (it holds no speed claim nor "room to grow"): "cheapest" (_cheapest_claims),
    "cheapest below reading speed", "cheapest in VRAM" (_in_vram_claim: among those faster than the cheapest by
    shown.FASTER, as the claim is made only then) and "quietest" (_quietest_claim); None for any other claim."""
    m = f.m
    if code == "claim.cheapest":
        return _cheapest_pool(f), _price_key(f)
    if code == "claim.cheapest-slow":
        # "the lowest price of every build found": every build that passes, those set aside as rivals too
        return [i for i in range(len(f.pool)) if m[i].passing], _price_key(f)
    if code == "claim.cheapest-vram":
        held = _holder(f, "claim.cheapest")
        fast = [i for i in _vram_rivals(f) if held is not None and m[i].speed >= m[held].speed * FASTER]
        return fast, _price_key(f)
    if code == "claim.quietest":
        return _heard(f), lambda i: (_shown_dba(f, i), -m[i].speed, m[i].price)  # the holder: _as_quiet_pick
    return None


def _supported_holder(f: _Field, code: str) -> int | None:
    """The build that holds claim `code` among the builds on cards their vendor still supports (support.END_OF_LIFE):
    the same claim, made over the same rivals less those past support (_claim_pool). One rule for every claim a build
    past support holds: a practitioner sells a cheap card past support only beside what the supported choice costs.
    Mistral Small 3.2 at 1,500 EUR: a Tesla P100 "cheapest" at 690 EUR and 24.4 tokens/s had named no supported card,
    and an Arc A770 16GB held the same claim among supported builds at 782 EUR and 10.2; Qwen3-32B Q4_K_M at 3,000
    USD: one MI50 32GB "cheapest in VRAM" (906 USD, 16.6 tokens/s) beside an RTX 2080 Ti 22GB (1,096, 21.6)."""
    chosen = _claim_pool(f, code)
    if chosen is None:
        return None
    pool, key = chosen
    supported = [i for i in pool if f.eol[i] is None]
    if code == "claim.quietest":
        return _as_quiet_pick(f, supported) if supported else None
    return min(supported, key=key) if supported else None


SUPPORTED_FIELDS = ("supported_gpu", "supported_price", "supported_tps", "supported_speed", "supported_rank")
"""The fields a claim of a build past its vendor's support names its supported rival by (_supported_named)."""


def _supported_named(f: _Field, shown: list[int]) -> None:
    """Every claim a build shown past its vendor's support holds says what still runs its card (field `runs`) and
    names the build holding the same claim among supported builds (_supported_holder), with its numbers: its GPU,
    price and speed (`supported_gpu`, `supported_price`, `supported_tps`, `supported_speed` as the table shows it),
    its noise for "quietest" (`supported_dba`), and its rank when it is shown too (`supported_rank`)."""
    for i in shown:
        eol = f.eol[i]
        if eol is None:
            continue
        for k, c in enumerate(f.claims[i]):
            if _claim_pool(f, c.code) is None:
                continue
            j = _supported_holder(f, c.code)
            extra: dict[str, Value] = {"runs": eol.runs} if eol.runs is not None else {}
            if j is not None:
                extra |= {
                    "currency": f.pool[j].currency,
                    "supported_gpu": _gpu_name(f.pool[j]),
                    "supported_price": round(f.m[j].price, 2),
                    "supported_tps": f.m[j].speed,
                    "supported_speed": speed_said(f.pool[j]),
                }
                if c.code == "claim.quietest":
                    extra["supported_dba"] = round(f.m[j].dba or 0.0, 1)
                if j in shown:
                    extra["supported_rank"] = shown.index(j) + 1
            f.claims[i][k] = Reason.of(c.code, **{**c.fields, **extra})


def _supported_rivals(f: _Field, rivals: list[int]) -> list[int]:
    """The rivals for "cheapest" but for training builds on cards past their vendor's support (Measures.past_support),
    when any other is among them; then, among those, but for training builds whose run is unvalidated on the card
    (Measures.unvalidated: Llama 3.1 70B QLoRA on two cards at 5,000 USD had called 2 x Arc A770 "cheapest" beside its
    own SUP-11 warning that no FSDP + QLoRA run on Arc is published), when any other is among them."""
    return rivals_for_cheapest(rivals, lambda i: f.m[i].past_support, lambda i: f.m[i].unvalidated)


def _cheapest_pool(f: _Field) -> list[int]:
    """The rivals for "cheapest": the builds at reading speed (every passing build when none reads), less training
    builds on cards past their vendor's support while another is among them (_supported_rivals), less a build that
    leaves the user's own card idle beside one on it that is faster for a little more (_idle_rivals)."""
    return _idle_rivals(f, _supported_rivals(f, f.passing or f.every_passing))


def _idle_beside(f: _Field, i: int, rivals: list[int]) -> int | None:
    """Round 49 (idle49): the cheapest of `rivals` that runs the user's own card and is faster for a little more than
    build `i`, which leaves it idle (shown.FASTER_FOR_LITTLE: the rule "faster for a little more" reads, over rivals
    within the budget, on a supported card, at a sourced speed, at reading speed, whose prompts do not wait); None when
    `i` runs the card, or none is. `--own` is a card its owner wants used: Mina's 3090 and a used RTX A5000 at 2,398
    USD decode Llama 3.3 70B at 32k at 13.0 tokens/s, and an Arc Pro B60 Dual without her card had been "cheapest" at
    2,307 USD and 7.2, her own card idle."""
    m = f.m
    if not m[i].leaves_own:
        return None
    faster = [
        j
        for j in rivals
        if not m[j].leaves_own
        and j in f.within
        and f.eol[j] is None
        and not m[j].unsourced_speed
        and m[j].readable
        and not m[j].waits
        and FASTER_FOR_LITTLE.holds(m[j].price, m[j].speed, m[i].price, m[i].speed)
    ]
    return min(faster, key=_price_key(f)) if faster else None


def _idle_rivals(f: _Field, rivals: list[int]) -> list[int]:
    """The rivals for "cheapest" less those that leave the user's own card idle beside a build among them on it that
    is faster for a little more (_idle_beside)."""
    return [i for i in rivals if _idle_beside(f, i, rivals) is None]


def _unvalidated_said(f: _Field, i: int) -> tuple[Reason, ...]:
    """Round 41: what a training build set aside from "cheapest" for its unvalidated run (_supported_rivals,
    Measures.unvalidated) says in its label: the rule that warns (kind.unvalidated-run, field `rule`); nothing when it
    is among the rivals (every build's run unvalidated), costs no less than the cheapest, or is set aside for its card
    past support (which it says)."""
    rule = f.m[i].unvalidated
    held = _holder(f, "claim.cheapest")
    if rule is None or f.m[i].past_support or held is None or i in _cheapest_pool(f):
        return ()
    if _price_key(f)(i) >= _price_key(f)(held):
        return ()  # no cheaper than the cheapest: no claim it was denied
    return (set_aside_said(f.pool[i], rule),)


def _prompt_aside_said(f: _Field, i: int) -> tuple[Reason, ...]:
    """Round 47: what a build with cards set aside from "cheapest" for its prompt wait (PROMPT: the last of several
    users past a minute for a first token, Measures.waits) says in its label when it is cheaper than the build that
    holds "cheapest": the wait and the users, the rule that warns (kind.prompt-aside). Dr. Chen's 60 coding seats on
    Qwen2.5-32B: 2 x Arc Pro B60 at 14,881 CNY, whose twentieth student waits 62 s for a first token and which makes a
    third of the demand, had been shown below the 25,207 CNY "cheapest" pair of RTX 3090 without a word. Nothing for a
    build set aside for another reason its label or the claim already gives (below reading speed, no graphics card, too
    loud, a window that fills past the timeout: FILL's kind)."""
    m = f.m[i]
    held = _holder(f, "claim.cheapest")
    if not (m.passing and m.readable and m.waits) or m.overlong or m.slow_cpu_only or m.too_loud:
        return ()
    if m.wait_s is None or held is None or i in _cheapest_pool(f) or _price_key(f)(i) >= _price_key(f)(held):
        return ()
    prompt = next((c for c in f.pool[i].checks if c.rule == PROMPT.id and c.status != "pass"), None)
    users = prompt.fields.get("users") if prompt is not None else None
    return (
        Reason.of(
            "kind.prompt-aside",
            rule=PROMPT.id,
            wait_s=round(m.wait_s),
            **({"users": users} if isinstance(users, int) else {}),
        ),
    )


def _set_aside_said(f: _Field) -> None:
    """Round 43: each build whose label will say it is not the cheapest for its unvalidated run (_unvalidated_said, the
    rule its label reads) is measured so (Measures.unvalidated_aside), for _order_key to show it after the builds that
    are rivals for "cheapest". 2 x Arc A770 16GB at 1,978 USD had stood #1 for Llama 3.1 70B QLoRA at 5,000 USD, its
    own label saying "not cheapest: ... SUP-11 warns", and the window had opened on it."""
    for i in range(len(f.pool)):
        if _unvalidated_said(f, i):
            f.m[i] = replace(f.m[i], unvalidated_aside=True)
    # round 49 (idle49): a build set aside for leaving the user's own card idle (_idle_rivals) is shown after the
    # rivals too: the window opens on her card at work
    rivals = _supported_rivals(f, f.passing or f.every_passing)
    for i in rivals:
        if _idle_beside(f, i, rivals) is not None:
            f.m[i] = replace(f.m[i], idle_aside=True)


def _beyond_fields(said: list[Reason]) -> dict[str, Value]:
    """The cheapest claim's fields for the cheaper builds shown that SUP-12 sets aside (set_aside_said's
    kind.beyond-runs): `beyond_gb`, the largest of their cards' GB (`beyond_less`: some are smaller), `runs_gb`, the
    smallest card a published run used; nothing when there are none."""
    if not said:
        return {}
    sizes = {float(r.num("card_gb")) for r in said}
    return {
        "beyond_gb": max(sizes),
        "runs_gb": said[0].fields["runs_gb"],
        "beyond_rule": OffloadEnvelope.id,
        **({"beyond_less": True} if len(sizes) > 1 else {}),
    }


def _cheapest_said(f: _Field, shown: list[int], top: int) -> None:
    """The cheapest build's sentence, true of the builds shown: it is the lowest price of the `builds` shown that pass
    every rule, leaving out only those its qualifiers name, each cheaper and set aside for a reason the ranking gives
    (below reading speed; a machine without a GPU whose prompts wait: PROMPT; a build with cards whose last user waits
    for a first token: PROMPT too; a data-center machine too loud for the room: NOISE-1). gpt-oss-20b at 700 USD had
    said "of the 1 builds found that pass every rule" beside a second passing build, a CPU-only box the count had left
    out for its prompt wait."""
    m = f.m
    held = [(i, k) for i in shown for k, c in enumerate(f.claims[i]) if c.code == "claim.cheapest"]
    if not held:
        return
    best, k = held[0]
    said = f.claims[best][k]

    def key(i: int) -> tuple[float, float]:
        return (m[i].price, -m[i].speed)

    rivals = set(_idle_rivals(f, _supported_rivals(f, f.passing)))
    shown_passing = [i for i in shown if m[i].passing]
    aside = [i for i in shown_passing if i not in rivals and key(i) < key(best)]
    idle = min((i for i in aside if m[i].idle_aside), key=key, default=None)
    reading = m[best].readable and any(not m[i].readable for i in shown_passing)
    prompt = any(m[i].readable and m[i].slow_cpu_only for i in aside)
    waits = any(m[i].readable and not m[i].slow_cpu_only and m[i].waits for i in aside)
    loud = any(m[i].readable and not m[i].slow_cpu_only and m[i].too_loud for i in aside)
    eol = any(m[i].past_support for i in aside)
    unvalidated = sorted(
        {str(m[i].unvalidated) for i in aside if m[i].unvalidated is not None and not m[i].past_support}
    )
    counted = [i for i in shown_passing if i not in aside and (m[i].readable or not reading)]
    beyond = [
        set_aside_said(f.pool[i], OffloadEnvelope.id)
        for i in aside
        if m[i].unvalidated == OffloadEnvelope.id and not m[i].past_support
    ]
    f.claims[best][k] = Reason.of(
        "claim.cheapest",
        price=said.fields["price"],
        currency=said.fields["currency"],
        builds=len(counted),
        reading=reading,
        prompt=prompt,
        loud=loud,
        **({"waits": True} if waits else {}),
        **({"eol": True} if eol else {}),
        # round 49 (idle49): the cheapest build shown that leaves the user's own card idle beside this one on it, faster
        # for a little more (_idle_rivals): how much less it costs, and its speed against this one's
        **(
            {"idle_less": round(m[best].price - m[idle].price, 2), "idle_tps": m[idle].speed, "own_tps": m[best].speed}
            if idle is not None
            else {}
        ),
        # round 41: a cheaper build shown whose run its support rules warn is unvalidated (field `unvalidated`: "SUP-11")
        **({"unvalidated": ", ".join(unvalidated)} if unvalidated else {}),
        # round 44: those SUP-12 sets aside, said in its terms (set_aside_said): their cards' GB against the runs'
        **_beyond_fields([b for b in beyond if b.code == "kind.beyond-runs"]),
        # counted over the full plan's places when fewer are shown (field `places`): "the builds shown" would be one
        **({"places": len(shown)} if top < len(shown) else {}),
    )


def _speed_claims(f: _Field, request: BuildRequest, comparison: bool) -> None:
    """Fastest and best value; a card past its software support is timed on software that no longer ships, and a
    consumer card's training speed rests on an unsourced utilisation (unsourced_training_speed): neither
    claims fastest nor best value (#27, #28), and a claim the latter would win falls to a sourced build that says
    so (_sourced_best). A build set aside for its prompt wait (PROMPT) is a rival on both but
    holds neither: a label on a build that fails the job's own wait check is a claim no expert signs, and when it
    decodes fastest (or gives the most speed for the money), no other build makes that claim in its place."""
    m = f.m
    fast_pool = [i for i in f.speed_rivals if m[i].speed > 0 and f.eol[i] is None]
    if not (len(fast_pool) > 1 or (fast_pool and not comparison)):
        return
    code = "claim.fastest-within-budget" if request.budget is not None else "claim.fastest"
    best = _fastest_claim(f, fast_pool, code)
    tiered = _quality_tier(f, fast_pool, best, request)
    if tiered is not None:
        # the fastest runs quantized weights: it says which, and the fastest at the release's quality holds the claim
        # among the others (_fastest_claim's docstring)
        _fastest_claim(f, tiered[0], code, tiered[1])
    best = _value_claim(f, fast_pool)
    tiered = _quality_tier(f, fast_pool, best, request)
    if tiered is not None:
        # the same rule for "best value" (_value_claim's docstring): four RTX 4080 at AWQ int4 had taken Dr. Chen's
        # "best value" from eight RTX 2080 Ti 22GB at FP8 by their format alone, and the FP8 build had lost its place
        _value_claim(f, *tiered)


def _quality_tier(
    f: _Field, pool: list[int], best: int | None, request: BuildRequest
) -> tuple[list[int], dict[str, Value]] | None:
    """One rule for the speed claims ("fastest", "best value") over builds of unlike quality: when the build that holds
    one runs the weights quantized below the release's quality (Measures.quantized: the usual Q4_K_M, AWQ int4) and
    builds at the release's quality are among its rivals, its claim says its format (field `quantized`, with
    `released`: "fastest at Q4_K_M", "best value at AWQ int4"), and the same claim is made again among the builds at
    the release's quality ("... at release quality"): the rivals and the tier's fields for that second claim. None
    when the holder keeps the release's quality, or no build does."""
    m = f.m
    released = [i for i in pool if not m[i].quantized]
    if best is None or not m[best].quantized or not released:
        return None
    held = format_said(str(f.pool[best].estimate.workload.get("precision", "")))  # as its kind says it
    release = (released_precision(request) or "").split("-")[0].upper()
    said = f.claims[best][-1]  # the claim just made of it
    f.claims[best][-1] = Reason.of(said.code, **{**said.fields, "quantized": held, "released": release})
    return released, {"released": release}


def _value_claim(f: _Field, pool: list[int], tier: dict[str, Value] | None = None) -> int | None:
    """Claim "best value" (the most speed for the money, Measures.value) of the build that holds it among `pool`
    (_sourced_best), and return it (None: no build's speed is sourced, or it is past the budget).

    With `tier` ({"released": "BF16"}) the claim is made among the builds at the release's quality alone
    (_quality_tier): a 4-bit run gives more speed for the money on the same machine by its format alone (AWQ int4
    reads about half the bytes FP8 reads a token), a gain bought with the weights' quality (usual.QUALITY_COST). Its
    claim says its format ("best value at AWQ int4") and the best value at the release's quality says so ("best value
    at release quality"): two answers, each true of the builds shown, as "fastest" gives (_fastest_claim). Dr. Chen's
    20 students on Qwen2.5-32B at 300,000 CNY: four RTX 4080 at AWQ int4 (37.5 tokens/s each for 34,342 CNY, 1.09 per
    1,000 CNY) had been "best value" and eight RTX 2080 Ti 22GB at FP8 (58.6 for 56,334, 1.04), the value card of
    Chinese labs, no longer shown (expert case chen-qwen25-32b-20-students-the-value-card-at-fp8)."""
    m = f.m
    best, measured = _sourced_best(f, pool, lambda i: (m[i].value(), -m[i].price))
    if best is None:
        return None
    training = f.pool[best].estimate.workload.get("kind", "inference") != "inference"
    currency = f.pool[0].currency
    # a card past its vendor's support that gives more for the money (at the tier's quality) may be shown beside it:
    # "on supported software"
    beyond = any(
        f.eol[i] is not None and m[i].speed > 0 and m[i].value() > m[best].value() and not (tier and m[i].quantized)
        for i in f.within
    )
    said = Reason.of(
        "claim.value",
        value=1000 * m[best].value(),
        training=training,
        currency=currency,
        **measured,
        **({"supported": True} if beyond else {}),
        **(tier or {}),
    )
    if best not in f.within:
        return None
    f.claim(best, said)
    return best


def _fastest_claim(f: _Field, pool: list[int], code: str, tier: dict[str, Value] | None = None) -> int | None:
    """Claim "fastest" (`code`) of the build that holds it among `pool` (_sourced_best, then _as_fast_for_less), and
    return it (None: no build's speed is sourced, or it is past the budget).

    With `tier` ({"released": "BF16"}) the claim is made among the builds at the release's quality alone (8-bit weights
    or more: RELEASE_QUALITY_BITS): where the request named no precision the plan also runs llama.cpp's usual GGUF
    (Q4_K_M), whose speed is bought with the weights' quality. When the fastest of all is such a build it says which
    ("fastest at Q4_K_M", field `quantized`) and the fastest at the release's quality keeps a claim of its own
    ("fastest at release quality"): two answers, speed and quality, each true of the builds shown. MiniMax-M2 for one user had lost its
    FP8 release on four 96 GB cards to an RTX PRO 6000 Blackwell at Q4_K_M that decoded faster (expert case
    minimax-m2-one-user-fp8-release-on-cards); Llama 3.1 8B had called 2 x A100 80GB in BF16 at 26,573 USD "fastest",
    no quantized card having been searched for speed, where one RTX 5090 at Q4_K_M decodes 203 tokens/s for 5,591 USD.
    """
    m = f.m
    best, measured = _sourced_best(f, pool, lambda i: (m[i].speed, -m[i].price))
    if best is None:
        return None
    best, dearer = _as_fast_for_less(f, pool, best, bool(measured))
    # a faster card past its vendor's support (at the tier's quality) may be shown beside it: "on supported software";
    # said only then (Qwen3 8B LoRA had said it beside an MI50 four times slower)
    supported = any(
        f.eol[i] is not None and m[i].speed > m[best].speed and not (tier and m[i].quantized) for i in f.within
    )
    said = Reason.of(code, supported=supported, speed=speed_said(f.pool[best]), **measured, **dearer, **(tier or {}))
    if best not in f.within:
        return None
    f.claim(best, said)
    return best


def _as_fast_for_less(f: _Field, pool: list[int], best: int, measured: bool) -> tuple[int, dict[str, Value]]:
    """The build that claims "fastest": the cheapest within solver.AS_FAST (3 %) of the fastest's speed, a gain no
    buyer reads and the estimate cannot tell, with what the faster one costs more and how much faster it is (fields
    `dearer`, `currency`, `gain`; empty when it is the fastest itself). Llama 3.1 8B pretrained on 1e10 tokens in 30
    days had called four A100 80GB power-limited to 70 % "fastest" at 64,175 USD and 517 h beside three at full power
    for 40,740 USD and 519 h; Llama 3.1 8B at Q4_K_M, one RTX PRO 6000 Blackwell at 11,796 USD and 203.6 tokens/s
    beside one RTX 5090 at 203.2 for 5,591 USD."""
    m = f.m
    near = [
        i
        for i in pool
        if m[i].speed >= AS_FAST * m[best].speed
        and m[i].price < m[best].price
        and not (measured and m[i].unsourced_speed)
    ]
    if not near:
        return best, {}
    chosen = min(near, key=lambda i: (m[i].price, -m[i].speed))
    gain = m[best].speed / m[chosen].speed - 1 if m[chosen].speed > 0 else 0.0
    return chosen, {
        "dearer": round(m[best].price - m[chosen].price, 2),
        "currency": f.pool[best].currency,
        "gain": round(gain, 4),
    }


def _sourced_best(
    f: _Field, pool: list[int], key: Callable[[int], tuple[float, float]]
) -> tuple[int | None, dict[str, Value]]:
    """The build that holds a speed claim (fastest, best value) among `pool`, and the claim's qualifier. A claim won
    on an unsourced speed (unsourced_training_speed) is not made of that build; it falls to the best build whose
    speed is sourced, which says so ("best value on measured speeds", field `measured`): a plain "best value" on it
    would be false beside the unsourced one. Llama-3.3-70B QLoRA at 30,000 USD: two RTX 2080 Ti 22GB trained the
    most per dollar only by a consumer card's unsourced utilisation, and no build had claimed "best value" (expert case
    llama70b-qlora-30000-best-value-claimed). None when no build's speed is sourced."""
    best = max(pool, key=key)
    if not f.m[best].unsourced_speed:
        return best, {}
    sourced = [i for i in pool if not f.m[i].unsourced_speed]
    return (max(sourced, key=key), {"measured": True}) if sourced else (None, {})


def _quiet_and_grow_claims(f: _Field) -> None:
    m = f.m
    f.claim(*_quietest_claim(f, _heard(f)))
    # growing is buying more of the card: not one past its vendor's support or whose drivers wind down (SUP-8), the
    # search's own rule (grow.RoomToGrow.buyable); DeepSeek-V4-Pro at 120,000 USD had said "room to grow" of an MI100
    growing = [i for i in f.within if _grows(f, i)]
    if growing:
        best = min(growing, key=lambda i: m[i].price)
        f.claim(best, _grow_claim(f, best))


def shrouded(build: Build) -> bool:
    """Whether the build cools passive cards under shroud kits (an accessory of kind gpu-shroud): its noise is a floor
    (noise.SHROUD_BLOWER: no kit's dB(A) is published, its blower runs at full speed with no fan curve), so it neither
    claims "quietest" nor is weighed against the build that does, and the quiet search leaves it out too
    (solver.BuildModel._unkitted). Two MI210 on a frame at 48.0 dBA had taken "quietest" from two RTX PRO 6000 Max-Q at
    48.1 (ChatGLM-6B's full fine-tune); since the frame is kept to cheap cards (COOL-2, compat.SHROUD_MAX_CARD_USD) no
    MI210 goes on it, and a P40 or MI50 frame is what ariezlabs calls 'a rather loud solution'."""
    return any(p.category == "accessory" and p.spec.get("kind") == "gpu-shroud" for p in build.parts)


def _shown_dba(f: _Field, i: int) -> float:
    """The build's noise as shown (0.1 dBA): a claim compares the figures a buyer reads."""
    return round(f.m[i].dba or 0.0, 1)


def _as_quiet_pick(f: _Field, heard: list[int]) -> int:
    """Among `heard`, the build "quietest" goes to: of the builds as quiet as the quietest (none quieter than it by
    shown.AS_QUIET_DBA, the 2 dBA the noise estimate resolves), the one with the most speed for the money (any within
    shown.AS_FAST of the best of them, the rule "best value" reads), then the lowest figure shown, then the cheapest.
    A tie on noise is broken by what the box does for the job and its price, never by wall watts: the catalog's come
    from unlike sources (Apple's measured 140 W maximum of the M4 Pro Mac mini against the 370 W power-supply rating
    of a used Mac Studio M1 Ultra), and for Llama 3.3 70B at Q4_K_M in a home office the 2,699 USD M5 Pro Mac mini at
    6.2 tokens/s had been "quietest" on them beside the M1 Ultra, as quiet (25.0 dBA both), at 12.8 tokens/s for 3,200
    (expert case llama70b-q4-home-5000-quietest-is-the-mac-studio-people-weigh). Speed alone would not do: for an 8B
    with no budget it gave the claim to a 1,900 USD MacBook Pro at 50 tokens/s over the 399 USD mini PC at 10.8, as
    quiet (35.0 dBA), that the lead's merge of round 36 kept it on (offers.unified_memory). A cheaper build shown within
    2 dBA is still named in the claim (_quiet_shown)."""
    m = f.m
    return quiet_pick(heard, lambda i: m[i].dba, lambda i: m[i].value(), lambda i: m[i].price)


def quiet_pick(
    heard: Sequence[int],
    dba: Callable[[int], float | None],
    value: Callable[[int], float],
    price: Callable[[int], float],
) -> int:
    """The one rule "quietest" and "quietest serving the demand" are given by (_as_quiet_pick, serving_claims): of
    `heard`, those none is quieter than by shown.AS_QUIET_DBA, then the most speed for the money (`value`, any within
    shown.AS_FAST of the best of them), then the lowest figure shown (0.1 dBA), then the cheapest. Never wall watts."""

    def shown(i: int) -> float:
        return round(dba(i) or 0.0, 1)

    low = min(shown(i) for i in heard)
    band = [i for i in heard if not quieter(low, dba(i))]
    top = max(value(i) for i in band)
    worth = [i for i in band if value(i) >= AS_FAST * top]
    return min(worth, key=lambda i: (shown(i), price(i)))


def _quietest_claim(f: _Field, heard: list[int]) -> tuple[int | None, Reason]:
    """The build that claims "quietest" among `heard` (_as_quiet_pick: the best value of those as quiet as the quietest),
    and the claim; None when no build is louder than it by shown.AS_QUIET_DBA (2 dBA): then it is as quiet as every
    other, and "quietest" would be a claim the estimate cannot make (Dr. Chen's five L20 and three A800, both 73.0 dBA,
    had been told apart by wall watts). The claim says when a build found has a lower figure (field `lowest`) and
    when it was picked for its speed for the money among builds as quiet (field `as_quiet`). _quiet_shown says what a cheaper build
    shown within 2 dBA of it is."""
    m = f.m
    if len(heard) < 2:
        return None, Reason.of("claim.quietest", dba=0.0, watts=0.0)
    best = _as_quiet_pick(f, heard)
    louder = any(quieter(m[best].dba, m[j].dba) for j in heard)
    low = min(_shown_dba(f, i) for i in heard)
    band = [i for i in heard if i != best and not quieter(low, m[i].dba)]
    extra: dict[str, Value] = {"as_quiet": True} if band else {}
    if low < _shown_dba(f, best):
        extra["lowest"] = low
    if extra:
        extra["margin"] = AS_QUIET_DBA
    said = Reason.of("claim.quietest", dba=m[best].dba or 0.0, watts=m[best].watts, **extra)
    return (best if louder else None), said


def _quiet_shown(f: _Field, shown: list[int]) -> None:
    """ "Quietest" is a claim about the builds shown: it stands only while one of them is louder than its holder by
    shown.AS_QUIET_DBA (the holder keeps its place, for what its other claims or offers say); and when a cheaper one
    shown is within 2 dBA of it, the claim says which and by how much (fields `cheaper`, `currency`, `more`): a
    difference the estimate cannot tell, bought for money. ChatGLM-6B's full fine-tune: two RTX PRO 6000 Max-Q at
    48.1 dBA and 19,940 USD beside three RTX A6000 at 49.9 dBA and 11,220 USD."""
    m = f.m
    heard = [j for j in shown if j in f.within and m[j].dba is not None and not shrouded(f.pool[j])]
    for i in shown:
        said = next((c for c in f.claims[i] if c.code == "claim.quietest"), None)
        if said is None:
            continue
        if not any(quieter(m[i].dba, m[j].dba) for j in heard):
            f.claims[i] = [c for c in f.claims[i] if c is not said]
            continue
        near = [j for j in heard if not quieter(m[i].dba, m[j].dba) and m[j].price < m[i].price]
        if near:
            j = min(near, key=lambda k: (m[k].price, _shown_dba(f, k)))
            more = round(_shown_dba(f, j) - _shown_dba(f, i), 1)
            cheaper = round(m[i].price - m[j].price, 2)
            fields = {**said.fields, "cheaper": cheaper, "currency": f.pool[j].currency, "more": more}
            f.claims[i] = [Reason.of(c.code, **fields) if c is said else c for c in f.claims[i]]


def idle_own(build: Build, request: BuildRequest) -> int:
    """How many of the user's own cards (`--own`) the build leaves idle: its next card of that model is one of them, at
    no cost (0 when the build runs none of them)."""
    own = request.owned_gpu
    if own is None:
        return 0
    used = sum(p.owned for p in build.parts if p.category == "gpu" and p.id == own.id)
    return max(0, own.quantity - used) if used else 0


def _grow_claim(f: _Field, i: int) -> Reason:
    """ "Room to grow" as true of build `i`: the next card is bought alone, or, where the build leaves some of the
    user's own cards idle, it is one of those and none is bought (fields `own`, `spare`). Dr. Chen's eight RTX 4090:
    three of his in the 4U server had read "takes one more ... by buying only that card" with five of his idle."""
    spare = idle_own(f.pool[i], f.request)
    if spare:
        return Reason.of("claim.grow", gpu=_gpu_name(f.pool[i]), own=True, spare=spare)
    return Reason.of("claim.grow", gpu=_gpu_name(f.pool[i]))


def _grows(f: _Field, i: int) -> bool:
    """Room for one more of the card, bought alone, that unlocks something, on a card still worth buying more of, in a
    machine that starts where the cheapest build a buyer would take within the budget stands: grow.RoomToGrow, the rule
    the search reads too (solver._room_to_grow). Qwen3 8B LoRA at 2,500 USD had said "room to grow" of one Arc Pro B60
    at 81 h per 100 M tokens beside an RTX 2080 Ti 22GB at 33 h for less money; its second card would have reached
    48 h, still slower than the cheaper machine as it stands."""
    floor = ROOM_TO_GROW.floor([_rival(f, j) for j in f.within])
    return (
        ROOM_TO_GROW.starts_at(f.m[i].speed, floor)
        and f.pool[i].room_for_one_more
        and f.pool[i].one_more_gains  # and the card unlocks something (next_step.one_more_gains)
        and all(
            ROOM_TO_GROW.buyable(str(p.spec.get("vendor", "")), str(p.spec.get("architecture", "")))
            for p in f.pool[i].parts
            if p.category == "gpu"
        )
    )


def _rival(f: _Field, j: int) -> Rival:
    """What room to grow's floor reads of build `j` (grow.Rival)."""
    return Rival(f.m[j].price, f.m[j].speed, f.eol[j] is None, f.m[j].readable)


def _grow_shown(f: _Field, shown: list[int]) -> None:
    """ "Room to grow" is the last claim the five places keep: when its holder gave its place to stronger claims, the
    claim falls to the cheapest build shown that grows (Dr. Chen's 20 students: 4 x RTX 2080 Ti 22GB held it and was
    not shown, 3 x RTX 3090 with room stood unlabelled beside it, walk19)."""
    holders = [i for i, claims in f.claims.items() if any(c.code == "claim.grow" for c in claims)]
    if not holders or any(i in shown for i in holders):
        return
    for i in holders:
        f.claims[i] = [c for c in f.claims[i] if c.code != "claim.grow"]
    growing = [i for i in shown if i in f.within and _grows(f, i)]
    if growing:
        best = min(growing, key=lambda i: f.m[i].price)
        f.claims[best].append(_grow_claim(f, best))


def _supported_vram_shown(f: _Field, shown: list[int]) -> None:
    """ "Cheapest in VRAM on supported software" is said beside the build past support it is measured against: when
    that build gave its place to stronger claims (Qwen3-32B in CNY with --top 3), the claim names nothing shown."""
    if any(c.code == "claim.cheapest-vram" for i in shown for c in f.claims[i]):
        return
    for i in shown:
        f.claims[i] = [c for c in f.claims[i] if c.code != "claim.cheapest-vram-supported"]


QUALIFIED = (
    "claim.cheapest",
    "claim.cheapest-slow",
    "claim.cheapest-vram",
    "claim.cheapest-vram-supported",
    "claim.fastest-within-budget",
    "claim.fastest",
    "claim.value",
    "claim.quietest",
)
"""The claims that say what their build is when it does not serve the job (_qualify): every claim about price,
speed or noise; not "room to grow" (a fact of its slots) nor a comparison's "cheapest with X" (about its own builds)."""


def _qualify(f: _Field) -> None:
    """One rule for every claim: a build below reading speed, or whose prompts wait past PROMPT's minute (the last of
    several users, or one user's own long prompt), holds a claim only among builds that do no better, and its claim
    says what it is ("fastest within budget below reading speed", "cheapest but first token after 254 s"): no
    practitioner signs a plain "fastest; best value" on 0.37 tokens/s for 16 users (expert case
    qwen3-30b-a3b-16-users-2100). The plan's note names the ways to reach reading speed beside it (plan's
    _reading_speed_ways). The fields are `below` (True) and `wait_s` (the seconds)."""
    for i, claims in f.claims.items():
        m = f.m[i]
        for k, c in enumerate(claims):
            if c.code not in QUALIFIED:
                continue
            extra: dict[str, Value] = {}
            if not m.readable and c.code != "claim.cheapest-slow":
                extra["below"] = True
            if m.waits and m.wait_s is not None:
                extra["wait_s"] = round(m.wait_s, 1)
            if extra:
                claims[k] = Reason.of(c.code, **{**c.fields, **extra})


def _slower(f: _Field, i: int, shown: list[int], showing: int) -> Reason | None:
    """How much slower a training build labelled "cheapest" is than the fastest build shown, when shown.SLOWER_RATIO times
    or more (rank.slower: the ratio, that build's rank, hours and price), else None. 70B QLoRA at 5,000 USD: 2 x P40
    (Pascal: no tensor cores, FP16 at 1/64 rate) was "cheapest" at 1,609 h per 100 M tokens beside one RTX A6000 with
    Unsloth at 177 h, with no word of the nine-fold time."""
    build = f.pool[i]
    if build.estimate.workload.get("kind", "inference") == "inference":
        return None
    if not any(c.code in ("claim.cheapest", "claim.cheapest-slow") for c in f.claims[i]) or f.m[i].speed <= 0:
        return None
    rivals = [j for j in shown if j != i and f.m[j].passing and f.m[j].speed > 0 and not f.m[j].unsourced_speed]
    if not rivals:
        return None
    # the cheapest build within 3 % of the top speed, as "fastest" is given (shown.AS_FAST): Dr. Chen's 72B LoRA had
    # named 8 x H800 at 1,655,706 CNY beside seven at 1,455,706 that train it as fast and hold "fastest"
    top = max(f.m[j].speed for j in rivals)
    fast = min((j for j in rivals if f.m[j].speed >= AS_FAST * top), key=lambda j: (f.m[j].price, -f.m[j].speed))
    ratio = f.m[fast].speed / f.m[i].speed
    if not many_times_slower(ratio):
        return None
    return Reason.of(
        "rank.slower",
        ratio=round(ratio, 1),
        rank=shown.index(fast) + 1,
        **({"unshown": True} if shown.index(fast) >= showing else {}),  # the full plan's, past the `showing` shown
        hours=round(f.pool[fast].estimate.wall_hours or 0.0, 1),
        price=round(f.m[fast].price, 2),
        currency=build.currency,
    )


PAST_SUPPORT_SPEED_MARGIN = 0.9
"""A supported build within 10 % of an unlabelled past-support build's speed, for no more money, keeps it off the list:
the decode estimate's own range is wider than that (estimate/ranges.py: x0.66..x1.29 for single-stream NVIDIA)."""


FEWEST_KINDS = ("kind.fewest-cards", "kind.cheaper-on-more-cards")
"""The servers on few cards (plan._fewest_cards_served): the fewest cards that serve every user, and the cheaper one
on a card more; shown before "room to grow" (_shown), the cheaper first when one place is left."""


PLACED_FIRST = ("kind.own-all", "kind.own-more", *FEWEST_KINDS)
OWN_ALL = "kind.own-all"
OWN_ALL_ORDER = 0.5
"""Round 44 (review44): where the build on every one of the user's own cards, none bought (offers._more_of_the_owned),
takes its place among the claims (_shown, _cut): right after "cheapest". `--own` says "a part you already own and
want used"; the answer a practitioner gives an owner first is what all of them do together. Two owned RTX 3060 12GB
and Qwen3.6-27B Q4_K_M with no budget: the five places had all been claimed (one 3060 with layers in RAM at 6.7
tokens/s "cheapest", then builds without the owned cards), and both 3060s holding the model at 15.3 tokens/s for
943 USD of platform were shown only at `--top 8`."""
"""The kinds a practitioner looks for first (_shown's order of the builds without a claim): every card owned and none
bought (offers.on_all_the_owned), one more of the card owned, the server on the fewest cards; such a build keeps its place beside one waiting (_making_way)."""


def _past_support_idle(f: _Field, i: int) -> bool:
    """A card past its software support with no claim is no alternative to a supported build that costs no more and is
    nearly as fast: its few percent of speed assume software that no longer ships (3 x MI50 at 3,390 USD and 7.6
    tokens/s had stood unlabelled beside a 3,200 USD Mac Studio at 7.4, once DDR4 RDIMMs cost 1,600 USD)."""
    m = f.m
    return f.eol[i] is not None and any(
        j != i
        and m[j].passing
        and f.eol[j] is None
        and m[j].price <= m[i].price
        and m[j].speed >= PAST_SUPPORT_SPEED_MARGIN * m[i].speed
        for j in range(len(f.pool))
    )


def _dominated(f: _Field, i: int, serving: bool) -> bool:
    """A build without a claim that is left out (_shown): idle past its support; below reading speed while a build that
    serves the users is offered (`serving`: Qwen3-235B for 32 users at 150,000 USD had shown an Arc A770 with the
    experts in an EPYC's RAM at 0.034 tokens/s per user, and, that one gone, an RTX PRO 6000 beside them at 0.3, under
    four RTX PRO 6000 at 22.5); or beaten on price and speed by a passing build. A slow CPU-only machine (its prompts
    wait minutes: PROMPT) never pushes a build with a GPU off the list, whose prefill it cannot match (the 12-channel
    EPYC with a card had gone behind a CPU-only Threadripper); nor does a card past its software support push a
    supported build off (two MI50 had dropped gpt-oss-120b's 16 GB card with the experts in RAM), nor a machine too
    loud for the room one the room takes. A build a simpler one stands in for, at the same price and as fast, is left
    out too (_stands_in)."""
    m = f.m
    if _past_support_idle(f, i) or (serving and not m[i].readable):
        return True
    return _beaten(f, i, near=True)


def _beaten(f: _Field, i: int, *, near: bool) -> bool:
    """A passing build beats build `i` on price and speed (Measures.beats), or, with `near`, stands in for it
    (_stands_in), unless `i` stands in for that one (a pair of modified cards a few dollars cheaper does not push the
    one card that stands in for it off the list); never a slow CPU-only box one with a GPU, one whose prompts wait or
    past its support one that is neither, nor a machine too loud for the room one it takes."""
    m, pool = f.m, f.pool
    return any(
        j != i
        and m[j].passing
        and ((m[j].beats(m[i]) and not (near and _stands_in(f, i, j))) or (near and _stands_in(f, j, i)))
        and not (m[j].slow_cpu_only and not cpu_only(pool[i]))
        and not (m[j].waits and not m[i].waits)
        and not (f.eol[j] is not None and f.eol[i] is None)
        and not (m[j].too_loud and not m[i].too_loud)
        for j in range(len(pool))
    )


def _stands_in(f: _Field, j: int, i: int) -> bool:
    """Build `j` stands in for build `i` (which then gives its place): the same price to a buyer (within
    shown.SAME_PRICE of i's), as fast (within shown.AS_FAST of i's speed, or faster), no quieter machine left out
    (i is not quieter than j by shown.AS_QUIET_DBA), and simpler (shown.simpler: fewer cards, or none modified). A
    practitioner at that price takes the one card with a warranty and a resale market over a data-parallel pair of
    modified ones: Qwen3 8B LoRA at 2,500 USD had shown two RTX 2080 Ti 22GB at 2,013 USD and 22 h as "alternative
    (more speed)", where one RTX A5000 24 GB trains the job in 21 h for 2,016 USD (expert case
    qwen3-8b-lora-2500-shows-a-24gb-nvidia-card). Nothing i says for itself is lost: not the budget, the release's
    weights, a sourced speed, a card still supported, nor a card of the buyer's own it uses (owned parts, the one more
    of it: PLACED_FIRST)."""
    m, a, b = f.m, f.m[i], f.m[j]
    return (
        b.price <= a.price * (1 + SAME_PRICE)
        and b.speed >= a.speed * AS_FAST
        and b.speed > 0
        and not quieter(a.dba, b.dba)
        and (b.within_budget or not a.within_budget)
        and not (b.quantized and not a.quantized)
        and not (b.unsourced_speed and not a.unsourced_speed)
        and not (b.past_support and not a.past_support)
        and not any(k.code in PLACED_FIRST for k in f.pool[i].kinds)
        and not any(p.owned for p in f.pool[i].parts)
        and simpler(f.pool[j], f.pool[i])
        and m[j].readable >= m[i].readable
    )


def _instead(f: _Field, j: int, shown: list[int]) -> Reason | None:
    """The build left out for build `j` shown (_stands_in), named in its why (shown.instead: its cards, price and
    speed, and whether `j` is on fewer cards or on unmodified ones), so the buyer sees the choice made: the cheapest
    such build with no claim, not shown, that no build beats outright (that one would be left out anyway), and only
    on the first build shown that stands in for it. None when there is none."""
    m = f.m
    # its words say "the same price within 1 %": a build `j` is much cheaper than is not named (a card past its
    # support beats nothing outright, so 2 x MI50 at 1,368 USD had named 2 x RTX 2080 Ti 22GB at 3,175 as "the same
    # price" for gpt-oss-120b at 4,000 USD)
    left = [
        i
        for i in range(len(f.pool))
        if i not in shown
        and not f.claims[i]
        and _stands_in(f, j, i)
        and m[i].price <= m[j].price * (1 + SAME_PRICE)
        and not _beaten(f, i, near=False)
    ]
    left = [i for i in left if not any(_stands_in(f, k, i) for k in shown[: shown.index(j)])]
    if not left:
        return None
    i = min(left, key=lambda k: (m[k].price, -m[k].speed))
    b, a = f.pool[i], f.pool[j]
    return Reason.of(
        "shown.instead",
        count=b.gpu_count * b.nodes,
        name=_gpu_name(b),
        price=round(m[i].price, 2),
        currency=b.currency,
        speed=_speed_short(b),
        fewer=a.gpu_count * a.nodes < b.gpu_count * b.nodes,
    )


def _speed_short(build: Build) -> Reason:
    """A build's speed in a few words: its hours for a training job (speed.hours), else as the table shows it."""
    hours = build.estimate.wall_hours
    if build.estimate.workload.get("kind", "inference") != "inference" and hours:
        return Reason.of("speed.hours", hours=hours)
    return speed_said(build)


def _miss_claims(f: _Field) -> None:
    """A build that misses the request's own target (the deadline, the speed asked: Measures.missed) beside builds
    that meet it is shown only for what missing it saves, and says so ("misses the 48 h deadline by 3.7 h: 34 %
    cheaper than #1"): only where it saves more than a third of the cheapest price that meets it (shown.
    gives_up_for_little, the bound a way out that gives up a target is held to). Llama 3.1 8B fully fine-tuned within
    48 h on a 120 V circuit had shown, beside four RTX PRO 5000 at 80 % power that meet it (21,285 USD, 47 h), the same
    cards at 70 % (21,125 USD, 52 h: PERF fails) and two RTX PRO 6000 at 70 % (24,820 USD, 69 h), each with no word
    of the deadline missed. The claim's rank and saving are said against the builds shown (_miss_said)."""
    m = f.m
    low = min((m[i].price for i in range(len(f.pool)) if m[i].passing), default=None)
    if low is None:
        return  # nothing meets the target: the plan says what binds and the ways out (relax)
    for i in range(len(f.pool)):
        alone = all(c.rule == SPEED.id for c in f.pool[i].checks if c.status == "fail")  # it fails nothing else
        if m[i].missed is not None and alone and not gives_up_for_little(m[i].price, low):
            f.claim(i, _missed(f, i, low, 0))


def _missed(f: _Field, i: int, kept: float, rank: int) -> Reason:
    """The claim of build `i` that misses the target, against the build at `kept` (the price that meets it) ranked
    `rank`: the target, its figure, what was asked, by how much it misses, and what it saves (fields `target`, `have`,
    `asked`, `by`, `saved`, `share`, `rank`, `currency`)."""
    target, have, asked = f.m[i].missed or ("deadline", 0.0, 0.0)
    saved = kept - f.m[i].price
    return Reason.of(
        "claim.misses",
        target=target,
        have=round(have, 1),
        asked=asked,
        by=round(have - asked if target == "deadline" else asked - have, 1),
        saved=round(saved, 2),
        share=round(saved / kept, 3) if kept > 0 else 0.0,
        rank=rank,
        currency=f.pool[i].currency,
    )


def _miss_said(f: _Field, shown: list[int]) -> None:
    """A claim that a build misses the target is said against the cheapest build shown that passes every rule (it
    meets the target): its rank, and the saving over its price. With none shown, no claim is made of it."""
    m = f.m
    kept = [i for i in shown if m[i].passing]
    ref = min(kept, key=lambda i: (m[i].price, -m[i].speed)) if kept else None
    for i in shown:
        if not any(c.code == "claim.misses" for c in f.claims[i]):
            continue
        others = [c for c in f.claims[i] if c.code != "claim.misses"]
        said = [_missed(f, i, m[ref].price, shown.index(ref) + 1)] if ref is not None else []
        f.claims[i] = others + said


CLAIM_ORDER = {
    "claim.cheapest": 0.0,
    "claim.fastest-within-budget": 1.0,
    "claim.fastest": 1.0,
    "claim.value": 2.0,
    # the cheapest machine whose cards hold the whole model, before the quietest: the reference a buyer of a
    # dense model reads the plan from (_in_vram_claim)
    "claim.cheapest-vram": 2.5,
    # a supported card holding the model for as much speed per money as the card past support: shown beside it
    "claim.cheapest-vram-supported": 2.6,
    # round 49: what a little more than the cheapest buys (shown.FASTER_FOR_LITTLE), a refinement of "cheapest": after
    # the three answers a `--top 3` plan gives (cheapest, fastest, best value) and the in-VRAM references, before the
    # release tier's second answers (2.7, 2.8) and "quietest"
    "claim.faster-for-little": 2.65,
    "claim.quietest": 3.0,
    # round 38: made once the costs are known (serving_claims); a build kept for it is placed by _serving_shown
    "claim.cheapest-serving": 3.5,
    "claim.quietest-serving": 3.5,
    # the cheapest way to run it at all, slow, before a build for growing into: with the room-to-grow search
    # finding a build with room in most plans (BuildModel._room), 70B Q4 at 16k had lost its 1,091 USD 2080 Ti
    # 22GB to 2 x Arc Pro B60 at 3,615 USD
    "claim.cheapest-slow": 4.0,
    "claim.grow": 5.0,
    # a build that misses the request's own target, for what it saves (_miss_claims): after every build that
    # meets it, the last a buyer weighs
    "claim.misses": 6.0,
}
"""The order in which the builds holding each claim take the places shown (_shown): the lower first."""

RELEASE_VALUE_ORDER = 2.8
"""Round 39: where "best value at release quality" (_quality_tier) takes its place: after the in-VRAM references
(cheapest in VRAM, 2.5-2.6) and before "quietest" (3.0). The second answer of a split claim, it gives way to the
builds a buyer reads the plan from; a server's quality-for-money answer comes before the quietest box. Llama 3.1 8B
with no budget keeps its Tesla P100 "cheapest in VRAM" and its RTX 2070 "cheapest in VRAM on supported software";
Dr. Chen's eight RTX 2080 Ti 22GB at FP8 take the place of a "room to grow" (5.0)."""
RELEASE_FASTEST_ORDER = 2.7
"""Round 39 (top39): "fastest within budget at release quality", the second answer of a split "fastest", after the
plain "best value" and the in-VRAM references, before "best value at release quality": a `--top 3` plan of Mistral
Small 24B at 1,500 EUR had shown the cheapest, "fastest at Q4_K_M" and "fastest at release quality" and left out the
best value, a used Z440 with an RTX 2080 Ti 22GB at 645 EUR and 30.2 tokens/s."""
SPEED_CODES = ("claim.fastest-within-budget", "claim.fastest")


OrderKey = tuple[bool, int, bool, float, float]
"""Where a build is shown (_order_key): failing, how far set aside (0 a rival for "cheapest", 1 its training run
unvalidated on its card, 2 set aside otherwise), filling past the timeout, price, speed (negated)."""


def claim_rank(c: Reason) -> float:
    """Where a build holding claim `c` is placed among the builds shown (CLAIM_ORDER; RELEASE_VALUE_ORDER for the
    release tier's "best value")."""
    if c.code == "claim.value" and c.fields.get("released") is not None and c.fields.get("quantized") is None:
        return RELEASE_VALUE_ORDER
    if c.code in SPEED_CODES and c.fields.get("released") is not None and c.fields.get("quantized") is None:
        return RELEASE_FASTEST_ORDER
    return CLAIM_ORDER.get(c.code, 0)


def _order_key(m: Measures) -> OrderKey:
    """Where a build is shown: those that pass first, those set aside after; cheapest first. A build whose window
    asked fills past the default timeout (FILL) after every other set aside: its answer ends before a first token.
    Set aside are the builds no rival for "cheapest" while another is (below reading speed, a slow CPU-only box, a
    data-center machine too loud for the room, prompts that wait, a card past its vendor's support for training, and
    since round 43 a cheaper training build whose label says it is not the cheapest for its run unvalidated on its
    card: Measures.unvalidated_aside), so the plan's first build, the one the window opens on, is never one whose own
    label says it is not the cheapest. Such a run comes first of
    those set aside, as it does for the places (_shown): its card's software still ships, only no run of the recipe
    on it is published, where a card past support trains on software that no longer does. It takes a place on the
    list at its price (_shown's rest_key) as before: only where it is shown moves."""
    aside = not m.readable or m.slow_cpu_only or m.too_loud or m.waits or m.past_support or m.idle_aside
    return (not m.passing, 2 if aside else 1 if m.unvalidated_aside else 0, m.overlong, m.price, -m.speed)


def serving_rival(build: Build, within: bool, serves: bool | None) -> bool:
    """Round 38: whether a build may say "cheapest serving the demand" (or "quietest serving the demand"): within the
    budget, failing no rule, serving its users' demand (SERVE), and no prompt that waits past PROMPT's minute nor a
    window past FILL's timeout (a demand served with a first token after minutes is no answer a practitioner signs).
    The one rule the ranking keeps such a build shown by (_serving_shown) and short_qualified labels it by."""
    return (
        within
        and serves is True
        and not build.fails
        and not any(c.rule in (PROMPT.id, FILL.id) and c.status != "pass" for c in build.checks)
    )


def _cut(f: _Field, shown: list[int], top: int) -> list[int]:
    """Round 39: the builds a plan asked for fewer than its places shows (`--top K`): the first K in the order the
    places were filled (_shown: the strongest claims, then the server on the fewest cards, then the weaker claims,
    then the builds shown for what they offer), shown cheapest first; the rest after them, as they were. The cut had
    taken the K cheapest: Qwen3-8B QLoRA at 3,000 USD `--top 3` showed the RTX 2070 "cheapest", an Arc A770 with no
    claim and the 2070 again as "room to grow", and left out the RTX 4080 "best value" (19 h instead of 61 h) and the
    RTX 4090 "fastest within budget". A one-build plan still shows the cheapest (its claim ranks first)."""
    if top >= len(shown):
        return shown

    def place(i: int) -> tuple[float, int]:
        claimed = min((claim_rank(c) for c in f.claims[i]), default=None)
        if any(k.code == OWN_ALL for k in f.pool[i].kinds):
            # right after "cheapest" whatever it also claims: with the 2026 used prices two owned RTX 3060s holding
            # Qwen3.6-27B are also "cheapest in VRAM" (2.5), and at --top 2 "fastest" (1.0) had taken the place
            return (min(OWN_ALL_ORDER, claimed if claimed is not None else OWN_ALL_ORDER), shown.index(i))
        if claimed is not None and claimed < CLAIM_ORDER["claim.cheapest-slow"]:
            return (claimed, shown.index(i))
        if any(k.code in FEWEST_KINDS for k in f.pool[i].kinds):
            return (CLAIM_ORDER["claim.cheapest-slow"] - 0.5, shown.index(i))
        return (claimed if claimed is not None else len(CLAIM_ORDER) * 10.0, shown.index(i))

    head = sorted(sorted(shown, key=place)[:top], key=shown.index)
    return head + [i for i in shown if i not in head]


def _serving_shown(f: _Field, shown: list[int], top: int) -> list[int]:
    """Round 38: when the build that says "cheapest" cannot serve its users' demand (SERVE, known to the ranking when
    the plan gives it: ServingBasis), the cheapest build that does is shown too (the claim "cheapest serving the
    demand" is said of it once the costs are known: short_qualified); if the cut left it out it takes the place of the
    last build among the first `top` that holds no claim, else of the one whose claims rank after it (CLAIM_ORDER:
    "cheapest below reading speed", "room to grow", a missed target's saving), as the capped search keeps its best
    value (offers.CAPPED_ALSO). The 5-seat coding team's plan on Qwen3.6-27B: a Mac mini serving 52 % of it as
    "cheapest", 4 x RTX 4060 Ti 16GB at 3,410 USD serving it all. Round 39: with no weaker claim, a build shown that
    cannot serve the demand gives way whatever it claims, and at --top 1 the short "cheapest" itself (_serving_said
    names it): no --top shows only builds short of the demand while one within the budget serves it."""
    held = [i for i in shown if any(c.code in ("claim.cheapest", "claim.cheapest-slow") for c in f.claims[i])]
    if not held or any(f.m[i].serves is not False for i in held):
        return shown
    rivals = [i for i in range(len(f.pool)) if serving_rival(f.pool[i], f.m[i].within_budget, f.m[i].serves)]
    if not rivals:
        return shown
    best = min(rivals, key=_price_key(f))
    head = shown[:top]
    if best in head:
        return shown

    def weight(i: int) -> float:
        return min((claim_rank(c) for c in f.claims[i]), default=float("inf"))

    weaker = [i for i in head if weight(i) > CLAIM_ORDER["claim.cheapest-serving"]]
    # round 39: else a build that cannot serve the demand gives way whatever it claims ("quietest", "fastest", "best
    # value": each said of a build that serves part of its users), the short "cheapest" shown with its shortfall beside
    # the build that serves; the short "cheapest" itself only when no build among the places serves (--top 1): five
    # coding seats asked for one build had been given two MI50 serving 52 % of them
    # (merged with round 39's cut, which fills the places by claim, cheapest, fastest, best value first: the build
    # serving the demand ranks next after the short "cheapest", so a build short of it gives way first, else the
    # weakest other claim, though its build serves; at --top 3 the five seats had been shown 4 x RTX 2080 Ti 22GB as
    # "cheapest serving the demand" at 4,005 USD where the full plan's 2 x Arc Pro B60 serves them at 2,073)
    short = [i for i in head if f.m[i].serves is False and i not in held] or [i for i in head if i not in held]
    if not short and all(f.m[i].serves is False for i in head):
        short = list(head)
    if not weaker and not short:
        return shown
    # the weakest claim gives way first, and among builds alike the last shown (the dearest)
    out = max(weaker or short, key=lambda i: (weight(i), head.index(i)))
    kept = sorted([*(i for i in head if i != out), best], key=lambda i: _order_key(f.m[i]))
    # it gives its place: no longer among the places a claim is said over (_grow_shown gives "room to grow" again)
    return kept + [i for i in shown[top:] if i not in (best, out)]


def _serving_said(f: _Field, head: list[int]) -> None:
    """Round 39: when the short "cheapest" gave its place among the first `head` to the cheapest build that serves the
    demand (_serving_shown, at --top 1), that build says "cheapest serving the demand" at once, naming the short one
    not shown (field `unshown`: its price and the share of the demand it makes, the plan's ServingBasis); the costs
    keep the claim while it still serves (serving_claims). Said only when the ranking was told the shares."""
    if any(c.code in ("claim.cheapest", "claim.cheapest-slow") for i in head for c in f.claims[i]):
        return
    held = [
        i for i in range(len(f.pool)) if any(c.code in ("claim.cheapest", "claim.cheapest-slow") for c in f.claims[i])
    ]
    if not held or f.m[held[0]].serves is not False or f.m[held[0]].share is None:
        return
    if (f.m[held[0]].share or 0.0) >= 1.0:
        # wait41: it makes every token but its team's requests queue; the share served would say nothing of that, and
        # the ranking is not told the share waiting (the costs' claim says it: serving_claims, _queue_of)
        return
    short = held[0]
    rivals = [i for i in head if serving_rival(f.pool[i], f.m[i].within_budget, f.m[i].serves)]
    if not rivals:
        return
    best = min(rivals, key=_price_key(f))
    f.claim(
        best,
        Reason.of(
            "claim.cheapest-serving",
            price=f.m[best].price,
            currency=f.pool[best].currency,
            short_price=f.m[short].price,
            share=round(f.m[short].share or 0.0, 3),
            unshown=True,
        ),
    )


SUPPORTED_NAMED_ORDER = 2.9
"""Round 44: where the supported build that the "cheapest" past its vendor's support names (_supported_named: "the RTX
2060 12GB on supported software costs 5,214.99") takes its place: after the plain claims and before "quietest". Round
45: after the release tier's claims too (RELEASE_FASTEST_ORDER, RELEASE_VALUE_ORDER): it holds no claim of its own, and
the claim naming it already says its GPU, price and speed, where a cut "best value at release quality" is said
nowhere. Qwen3-32B for a lab's 8 users at 20,000 EUR had shown 2 x Arc A770 16GB at Q4_K_M (1,545 EUR, 6.9 tokens/s
each, 4.5 per 1,000 EUR) in the fifth place and left out 8 x RTX 2080 Ti 22GB at FP8 (8,554 EUR, 77.0 each, 9.0 per
1,000 EUR), the release's quality for the money a lab of eight buys."""


def _cheapest_supported_named(f: _Field) -> int | None:
    """The build an inference plan's "cheapest" on a card past its vendor's support names as the cheapest on supported
    software (_supported_holder), when that build holds no claim of its own: it is shown (SUPPORTED_NAMED_ORDER), as a
    way out that names it (plan.cheapest_supported, the same search) is a plan that shows it. Kimi K2 at 20,000 USD at
    a 2-bit GGUF had its P100's claim name an RTX 2060 12GB at 5,214.99 USD that the five places, all claimed, left out
    (and the way out naming it contradicted its own plan). None: no such build."""
    held = _holder(f, "claim.cheapest")
    if held is None or f.eol[held] is None:
        return None
    named = _supported_holder(f, "claim.cheapest")
    return named if named is not None and not f.claims[named] else None


def _shown(f: _Field, request: BuildRequest, comparison: bool, places: int) -> list[int]:
    """The builds to show in the plan's `places`, by index: the labelled ones first to the cut, then those no shown
    build beats on price and speed without being louder; shown cheapest first."""
    m, pool = f.m, f.pool

    serving = any(m[j].passing and m[j].readable and not m[j].waits for j in range(len(pool)))
    named = _cheapest_supported_named(f)
    labelled = [i for i in range(len(pool)) if f.claims[i] or i == named]
    rank = lambda i: min((claim_rank(c) for c in f.claims[i]), default=SUPPORTED_NAMED_ORDER)
    labelled.sort(key=rank)

    def order_key(i: int) -> OrderKey:
        return _order_key(m[i])

    def rest_key(i: int) -> tuple[bool, OrderKey]:
        # owning a card, one more of it is the plain upgrade: shown before the unlabelled mixes with other cards
        # (a 3060 + 2060 pair 50 USD cheaper had pushed the second RTX 3060 off the list); a server on the fewest
        # cards that serve every user (plan._fewest_cards_served) is the other answer a practitioner looks for first:
        # Dr. Chen's 20 students had been shown four builds of three to eight cards and 4 x RX 7900 XTX in its place
        # round 43: a build whose label says it is not the cheapest for its unvalidated run takes a place at its price,
        # as it did when it was shown first; it is shown after the rivals (order_key)
        return (
            not any(k.code in PLACED_FIRST for k in pool[i].kinds),
            _order_key(replace(m[i], unvalidated_aside=False, idle_aside=False)),
        )

    # beside a build that meets the request's own target, one that misses it is shown only for its claim
    # (_miss_claims): what it saves by missing it
    met = any(m[j].passing for j in range(len(pool)))
    rest = sorted(
        (
            i
            for i in range(len(pool))
            if not f.claims[i]
            and i != named
            and (comparison or not _dominated(f, i, serving))
            and (comparison or not (met and m[i].missed is not None))
        ),
        key=rest_key,
    )
    # the server on the fewest cards comes before "room to grow" and "cheapest, but slow": when every place is taken by
    # a claim, those two give theirs first (Dr. Chen's five places had all been claimed once the PWR-8 fact let
    # 4 x RX 7900 XTX take two PSUs and "room to grow", and the one-card server was not shown)
    fewest = [i for i in rest if any(k.code in FEWEST_KINDS for k in pool[i].kinds)]
    strong = [i for i in labelled if rank(i) < CLAIM_ORDER["claim.cheapest-slow"]]
    # every card the user owns, none bought, right after "cheapest" (OWN_ALL_ORDER)
    own_all = [i for i in rest if i not in fewest and any(k.code == OWN_ALL for k in pool[i].kinds)]
    lead = [i for i in strong if rank(i) < OWN_ALL_ORDER]
    strong = lead + own_all + _idle_witness(f) + [i for i in strong if i not in lead]
    candidates = (
        strong + fewest + [i for i in labelled if i not in strong] + [i for i in rest if i not in strong + fewest]
    )
    while True:
        shown = sorted(candidates[:places], key=order_key)
        idle = next(
            (
                i
                for k, i in enumerate(shown)
                if _offers_of(f, i, shown[:k]) is None or _idle_kind(f, i, _rivals(f, i, shown, request, comparison))
            ),
            None,
        )
        if idle is None:
            way = None if comparison else _making_way(f, shown, candidates[places:], order_key)
            if way is None:
                return shown
            # a build shown for its kind that a build shown beats on price and speed gives its place to one waiting
            # that no build shown beats (_making_way)
            beaten, waiting = way
            candidates.remove(beaten)
            candidates.remove(waiting)
            candidates.insert(places - 1, waiting)
            continue
        # it offers nothing over a build ranked above it, or over one shown that beats it on price and speed: its
        # place goes to the next build (solve.shown)
        candidates.remove(idle)


def _idle_witness(f: _Field) -> list[int]:
    """Round 49 (idle49): the cheapest build without a claim set aside from "cheapest" for leaving the user's own card
    idle (Measures.idle_aside), which the cheapest claim names by its price and speed (_cheapest_said): it takes a
    place beside the claims, shown after the rivals (_order_key), so the numbers the claim says are on the list; an
    owner weighs what her card saves against the build without it (offers.without_own)."""
    idle = [i for i in range(len(f.pool)) if f.m[i].idle_aside and not f.claims[i]]
    return [min(idle, key=_price_key(f))] if idle else []


SETTING_KINDS = frozenset(
    (
        "kind.usual-gguf",
        "kind.release-in-ram",
        "kind.release-on-cards",
        "kind.usual-kv",
        "kind.usual-served",
        "kind.released-served",
        "kind.released-as",
        "kind.usual-finetune",
    )
)
"""Kinds that say how a build runs the job where the request left a setting open (the precision, the KV cache, the
framework), not why it is shown: a build with no other kind and no claim says what it offers over those above it.
5 x RTX 4060 Ti at 0.36 tokens/s per user had been shown with "at FP8, ..." alone and an empty why (walk16)."""


def _offers_of(f: _Field, i: int, above: list[int]) -> tuple[Reason, ...] | None:
    """What a build without a claim or a kind offers over the builds ranked above it (solve.shown.why_shown); ()
    for a build that says why in its claims or kind; None when it offers nothing over one of them. Round 43: a build
    set aside from "cheapest" for its unvalidated run and cheaper than the cheapest (_unvalidated_said) keeps its place
    below the builds it was set aside for, saying why, where it offers nothing over them: it had been #1, and moving it
    down does not take it off the list (2 x Arc A770 at 1,978 USD under the cheapest 2 x RTX 4060 Ti at 2,038)."""
    if f.claims[i] or any(k.code not in SETTING_KINDS for k in f.pool[i].kinds_said()):
        return ()
    said = why_shown(i, above, f.pool, f.m, [f.eol[j] is not None for j in range(len(f.pool))])
    if said is None:
        return () if _unvalidated_said(f, i) else None
    return _own_offers(f, i, said)


def _own_offers(f: _Field, i: int, said: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """The build's offers, its room for one more being room for one of the user's idle cards where it leaves some idle
    (fields `own`, `spare`: none bought, as _grow_claim says)."""
    spare = idle_own(f.pool[i], f.request)
    if not spare:
        return said
    return tuple(Reason.of(o.code, **o.fields, own=True, spare=spare) if o.code == "offer.grow" else o for o in said)


def _kind_said(f: _Field, i: int, shown: list[int]) -> Reason | None:
    """What a build without a claim or an offer says of the builds shown beside it (solve.shown.kind_said): that no
    build shown beats it on both price and speed, or which do and what it offers over them."""
    said = kind_said(i, shown, f.pool, f.m, [f.eol[j] is not None for j in range(len(f.pool))])
    if said is None or said.code != "shown.beaten":
        return said
    return Reason.of(said.code, **{**said.fields, "offers": _own_offers(f, i, said.nested("offers"))})


def _making_way(
    f: _Field, shown: list[int], waiting: list[int], order_key: Callable[[int], OrderKey]
) -> tuple[int, int] | None:
    """When every place is taken: a build shown for its kind alone (a mini PC, a CPU-only box, power-limited cards; not
    one of PLACED_FIRST) that a build shown beats on both price and speed (shown.beaten_by), and the first build waiting for a place, with
    no claim and passing every rule, that no build shown beats once it takes that place and that offers something
    over the builds ranked above it (the pair; None when there is none). The kind build keeps its place while nothing
    better waits (it says what it offers, shown.kind_said: less noise); a buyer short of places reads the build no
    other undercuts first."""
    m = f.m
    beaten = [
        i
        for i in shown
        if not f.claims[i]
        and not m[i].idle_aside  # round 49: the cheapest claim names it (_idle_witness)
        and any(k.code not in SETTING_KINDS for k in f.pool[i].kinds_said())
        and not any(k.code in PLACED_FIRST for k in f.pool[i].kinds)
        and shown_beaten_by(i, shown, m)
    ]
    for i in reversed(beaten):  # the last shown (the dearest) first
        for w in waiting:
            if f.claims[w] or not m[w].passing:
                continue
            after = sorted([j for j in shown if j != i] + [w], key=order_key)
            if shown_beaten_by(w, after, m):
                continue
            if _offers_of(f, w, after[: after.index(w)]) is None or _idle_kind(f, w, after):
                continue
            return i, w
    return None


def _rivals(f: _Field, i: int, shown: list[int], request: BuildRequest, comparison: bool) -> list[int]:
    """The builds shown that build `i` gives its place to when it offers nothing over one that beats it: every one, or
    in a comparison those of its own named option (a comparison leaves no build of one option out for another's; a
    12-channel EPYC under two cheaper, faster 8-channel ones with the same RTX 3090 is no option of its own)."""
    if not comparison:
        return shown
    own = set(options_of(f.pool[i], request))
    return [j for j in shown if own & set(options_of(f.pool[j], request))]


def _idle_kind(f: _Field, i: int, shown: list[int]) -> bool:
    """A build shown for its kind alone that a build shown beats on price and speed, and that offers nothing over it.
    Round 49 (idle49): not the build the cheapest claim names as leaving the user's own card idle (_idle_witness)."""
    if f.claims[i] or f.m[i].idle_aside or not any(k.code not in SETTING_KINDS for k in f.pool[i].kinds_said()):
        return False
    return _kind_said(f, i, shown) is None


def rank_and_label(
    builds: list[Build], request: BuildRequest, places: int | None = None, serving: ServingBasis | None = None
) -> list[Build]:
    """The builds to show, ranked cheapest first, each labelled with the claims it holds over every build found.

    A plan ranks its builds in PLAN_TOP places (or the request's top_k, when more) and shows top_k of them (since round
    39 those holding the strongest claims: _cut), in the same order: what a claim says of "the builds shown" (quietest by a margin a build shown is louder by, the
    cheapest's count, room to grow given to a build shown) holds over every place, so a plan asked for one build
    shows the full plan's #1 with the full plan's labels, never "cheapest; fastest; best value" because it stands
    alone (a used MacBook Pro at 5.1 tok/s had said so where the full plan's 2 x RX 7900 XTX reads 12.8). `places`:
    another count of places (a map cell's plan, whose sources looked for its one build only, ranks that one).
    `serving` (round 38): the model, demand and SERVE verdict the plan's costs read (ServingBasis)."""
    f = _field(builds, request, serving)
    if f is None:
        return []
    comparison = request.compares
    if comparison:
        _comparison_claims(f, request)
    else:
        _cheapest_claims(f)
        _in_vram_claim(f)
        _faster_for_little_claim(f)
    _speed_claims(f, request, comparison)
    _quiet_and_grow_claims(f)
    if not comparison:
        _miss_claims(f)
        _set_aside_said(f)
    shown = _shown(f, request, comparison, places or max(request.top_k, PLAN_TOP))
    shown = _cut(f, shown, request.top_k)
    shown = _serving_shown(f, shown, request.top_k)
    _serving_said(f, shown[: request.top_k])
    _miss_said(f, shown)
    _grow_shown(f, shown)
    _supported_vram_shown(f, shown)
    _quiet_shown(f, shown[: request.top_k])  # a witness the --top cut leaves out supports nothing shown
    _cheapest_said(f, shown, request.top_k)
    _supported_named(f, shown[: request.top_k])
    _qualify(f)
    out = []
    for rank, i in enumerate(shown[: request.top_k], start=1):
        build = f.pool[i]
        eol = f.eol[i]
        fill = fill_said(build)
        kinds = build.kinds_said() + ((eol.said,) if eol is not None else ()) + ((fill,) if fill is not None else ())
        kinds += _unvalidated_said(f, i) + _prompt_aside_said(f, i)
        claims = tuple(f.claims[i])
        offered = _offers_of(f, i, shown[: rank - 1]) or ()
        shown_for = (Reason.of("shown.offers", offers=offered),) if offered else ()
        # in a comparison too: DeepSeek-R1 with a Mac Studio and RTX 3090 named had shown a 12-channel EPYC at 25,107 USD
        # and 7.0 tokens/s without a word under the 8-channel ones at 6,742 (7.9) and 20,727 USD (10.9)
        none = _kind_said(f, i, shown) if not (claims or shown_for) else None
        said = claims or shown_for or ((none,) if none is not None else ())
        instead = None if comparison else _instead(f, i, shown)  # a comparison leaves no build out for another
        slower = _slower(f, i, shown, request.top_k)
        said = said + tuple(r for r in (instead, slower) if r is not None)
        why = "; ".join(english(r) for r in said)
        why = f"{why}; {build.why}" if why and build.why else why or build.why
        update = {
            "rank": rank,
            "label": label_text(claims, kinds, offered),
            "why": why,
            "claims": claims,
            "kinds": kinds,
            "why_said": said,
            "slower": slower,
            "speed_sourced": not f.m[i].unsourced_speed,
            "offered_why": build.why,
            "offers": offered,
        }
        out.append(build.model_copy(update=update))
    return out


SERVING_CLAIMS = ("claim.cheapest-serving", "claim.quietest-serving")
"""Round 38: the claims made once the costs say which builds serve their users' demand (SERVE): "cheapest serving the
demand" and "quietest serving the demand", held by the build shown that is cheapest (quietest) among those that serve
it when the plain "cheapest" ("quietest") build does not (serving_claims)."""
_UNCLAIMED = ("shown.offers", "shown.beaten", "claim.none")
"""What a build without a claim says first in its why (rank_and_label): what it offers, or what beats it."""


def serves_of(build: Build) -> bool | None:
    """Whether the build serves its users' demand as its costs were reckoned (SERVE: its warning, else the costs'
    `serves_demand`); None for training or a build without costs."""
    if any(c.rule == SERVE.id and c.status != "pass" for c in build.checks):
        return False
    said = build.cost_of_ownership.get("serves_demand") if build.cost_of_ownership else None
    return said if isinstance(said, bool) else None


def _share_of(build: Build) -> float | None:
    short = next((c for c in build.checks if c.rule == SERVE.id and c.status != "pass"), None)
    share = None if short is None else short.fields.get("share")
    return float(share) if isinstance(share, (int, float)) else None


def _queue_of(build: Build) -> dict[str, Value]:
    """wait41: when the build makes its users' tokens but too many of a team's requests queue (SERVE's "queue"
    warning), the share waiting and the bound, for the claim's sentence to say in place of the share served."""
    short = next((c for c in build.checks if c.rule == SERVE.id and c.status != "pass"), None)
    waits = None if short is None else short.fields.get("waits")
    if not isinstance(waits, (int, float)):
        return {}
    return {"waits": round(float(waits), 4), "wait_s": SERVE.wait_s, "wait_share": SERVE.wait_share}


def serving_claims(builds: Sequence[Build], budget: float | None = None) -> list[Build]:
    """Round 38: "cheapest serving the demand" on the cheapest build shown that serves its users' demand (SERVE, from
    the costs: the plan's defaults, or the buyer's usage and seats recosted) when the build that says "cheapest" (or
    "cheapest below reading speed") does not, among the builds serving_rival admits (within `budget`); likewise
    "quietest serving the demand" on the quietest such build when the one that says "quietest" does not, while one of
    them is louder by shown.AS_QUIET_DBA (the claim's own margin). Fields: the holder's price (dBA and watts), and the
    short build's price (dBA) and the share of the demand it serves. A claim of an earlier demand is dropped first: the
    window re-labels the same builds when the Buy-or-rent tab's usage or seats change (qt.main_window)."""
    within = [budget is None or b.total_price <= budget + 0.01 for b in builds]
    cheapest = next(
        (b for b in builds if any(c.code in ("claim.cheapest", "claim.cheapest-slow") for c in b.claims)), None
    )

    def kept(k: int, c: Reason) -> bool:
        # round 39: the ranking's own claim naming a short "cheapest" the --top cut left out (_serving_said) stands
        # while no "cheapest" is shown and its holder still serves the demand within the budget
        b = builds[k]
        unshown = c.code == "claim.cheapest-serving" and bool(c.fields.get("unshown"))
        return c.code not in SERVING_CLAIMS or (
            unshown and cheapest is None and serving_rival(b, within[k], serves_of(b))
        )

    out = [_with_claims(b, tuple(c for c in b.claims if kept(k, c))) for k, b in enumerate(builds)]
    rivals = [i for i, b in enumerate(out) if serving_rival(b, within[i], serves_of(b))]
    if cheapest is not None and serves_of(cheapest) is False and rivals:
        best = min(rivals, key=lambda i: (out[i].total_price, -(out[i].estimate.decode_tokens_per_s or 0.0)))
        said = Reason.of(
            "claim.cheapest-serving",
            price=out[best].total_price,
            currency=out[best].currency,
            short_price=cheapest.total_price,
            share=round(_share_of(cheapest) or (1.0 if _queue_of(cheapest) else 0.0), 3),
            **_queue_of(cheapest),
        )
        out[best] = _with_claims(out[best], (*out[best].claims, said))
    quiet = next((b for b in out if any(c.code == "claim.quietest" for c in b.claims)), None)
    heard = [i for i in rivals if build_dba(out[i]) is not None and not shrouded(out[i])]
    if quiet is not None and serves_of(quiet) is False and heard:
        # round 39: the rule "quietest" is given by (quiet_pick: a tie within 2 dBA goes to the most speed for the
        # money), never wall watts (round 38 had broken this claim's ties by them)
        best = quiet_pick(heard, lambda i: build_dba(out[i]), lambda i: _value_of(out[i]), lambda i: out[i].total_price)
        dba = build_dba(out[best])
        if any(quieter(dba, build_dba(out[j])) for j in heard):
            # as "quietest" says it (_quietest_claim): the lowest figure when the holder's is not, and that it won a tie
            low = min(round(build_dba(out[i]) or 0.0, 1) for i in heard)
            tied = any(i != best and not quieter(low, build_dba(out[i])) for i in heard)
            extra: dict[str, Value] = {"as_quiet": True} if tied else {}
            if low < round(dba or 0.0, 1):
                extra["lowest"] = low
            if extra:
                extra["margin"] = AS_QUIET_DBA
            said = Reason.of(
                "claim.quietest-serving",
                dba=round(dba or 0.0, 1),
                watts=out[best].power.wall_w * out[best].nodes,
                short_dba=round(build_dba(quiet) or 0.0, 1),
                share=round(_share_of(quiet) or (1.0 if _queue_of(quiet) else 0.0), 3),
                **_queue_of(quiet),
                **extra,
            )
            out[best] = _with_claims(out[best], (*out[best].claims, said))
    return out


def _value_of(build: Build) -> float:
    """Measures.value of a build once its costs are known: decode tokens/s per user for its price as paid."""
    speed = build.estimate.decode_tokens_per_s or 0.0
    price = build.total_price
    return speed / price if price > 0 else (float("inf") if speed > 0 else 0.0)


def _with_claims(build: Build, claims: tuple[Reason, ...]) -> Build:
    """The build with `claims`, its label, `why_said` and why said again from them (the reasons after its claims kept;
    a build that had none and now has one leaves out what it said in their place, its offers or what beats it)."""
    if claims == build.claims:
        return build
    n = len(build.claims)
    if build.why_said[:n] == build.claims and n:
        tail = build.why_said[n:]
    elif not n and build.why_said and build.why_said[0].code in _UNCLAIMED:
        tail = build.why_said[1:]
    else:
        tail = build.why_said
    if not claims and build.offers:
        tail = (Reason.of("shown.offers", offers=build.offers), *tail)
    why_said = claims + tail
    why = "; ".join(english(r) for r in why_said)
    why = f"{why}; {build.offered_why}" if why and build.offered_why else why or build.offered_why
    update = {
        "claims": claims,
        "label": label_text(claims, build.kinds, build.offers),
        "why_said": why_said,
        "why": why,
    }
    return build.model_copy(update=update)


def short_qualified(builds: Sequence[Build], budget: float | None = None) -> list[Build]:
    """Round 37: each claim a build holds says how much of its users' demand it serves when it cannot serve it all
    (SERVE warns, once its costs are known: the plan's defaults, or the buyer's usage and seats recosted), as a claim
    on a build below reading speed says so (_qualify): field `short`, the share served in whole percent ("cheapest
    serving 45 % of the demand"). 3 x MI50 had been a 5-seat coding team's plain "cheapest" at 6.5 tokens/s decoding,
    4.5 once each request's 33 s of prefill is counted. A claim already below reading speed says no more where the
    demand is by speed (reading speed, the speed asked: the same finding). Its label, its why and `why_said` are said again from the
    claims. Round 38: then the claims of the builds that serve it (serving_claims, within `budget`)."""
    return serving_claims([_short_claims(b) for b in builds], budget)


def _short_claims(build: Build) -> Build:
    short = next((c for c in build.checks if c.rule == SERVE.id and c.status != "pass"), None)
    share = None if short is None else short.fields.get("share")
    percent = round(100 * float(share)) if isinstance(share, (int, float)) else None
    # a demand by speed (reading speed, or the speed asked) is what "below reading speed" already says
    by_speed = short is not None and short.fields.get("basis") != "stated"

    def said(c: Reason) -> Reason:
        fields = {k: v for k, v in c.fields.items() if k != "short"}
        below = bool(fields.get("below")) or c.code == "claim.cheapest-slow"
        if percent is not None and c.code in QUALIFIED and not (below and by_speed):
            fields["short"] = min(percent, 99)  # short of it is never "100 %"
        return Reason.of(c.code, **fields)

    return _with_claims(build, tuple(said(c) for c in build.claims))


def fill_said(build: Build) -> Reason | None:
    """kind.fill-slow, the label's word of FILL's warning (the window asked fills past the ten-minute default timeout:
    "a 32k-token context takes 14 min to fill"), from the check's own fields; None when FILL does not warn.
    The Mac Mina would have bought as "cheapest; quietest" is shown as the quiet, slow alternative, saying it."""
    fill = next((c for c in build.checks if c.rule == FILL.id and c.status != "pass"), None)
    if fill is None:
        return None
    f = fill.fields

    def num(name: str) -> float:
        value = f.get(name)
        return float(value) if isinstance(value, (int, float)) else 0.0

    return Reason.of(
        "kind.fill-slow",
        tokens=int(num("tokens")),
        basis=str(f.get("basis")),
        floor=bool(f.get("floor")),  # timed at the typical prompt's rate only where the window's own time is unknown
        minutes=round(num("fill_s") / 60),
        limit_s=num("limit_s"),
    )


def label_text(claims: tuple[Reason, ...], kinds: tuple[Reason, ...], offers: tuple[Reason, ...] = ()) -> str:
    """A build's label in English: its claims, then the kind of build in brackets ("cheapest; best value (with the
    experts in RAM)"), or only the kind, or "alternative" with what it offers over the builds above it
    ("alternative (rack-mount case, AM5 platform)": solve.shown)."""
    said = "; ".join(render(c, CLAIM_WORDS) for c in label_claims(claims))
    kind = ", ".join(english(k) for k in kinds)
    # each offer said once: an offer over several builds above ("more speed" than #1, #3 and #4) reads as one
    offered = ", ".join(dict.fromkeys(render(o, OFFER_WORDS) for o in offers))
    alternative = f"{ALTERNATIVE} ({offered})" if offered else ALTERNATIVE
    if offered and not said:
        # a build whose only kinds are settings (SETTING_KINDS) is shown for its offers: they lead its label
        return f"{alternative}, {kind}" if kind else alternative
    return f"{said} ({kind})" if said and kind else said or kind or alternative


def claim_words(build: Build | dict[str, object]) -> list[str]:
    """The claims a shown build makes, in English ("cheapest", "cheapest with RTX 3090"), from their codes: a Build
    or one build of `plan --json`."""
    return [render(c, CLAIM_WORDS) for c in _reasons(build, "claims")]


def kind_words(build: Build | dict[str, object]) -> str:
    """The kind of build its label names after its claims ("with the experts in RAM"), in English, from its codes."""
    return ", ".join(english(k) for k in _reasons(build, "kinds"))


def _reasons(build: Build | dict[str, object], key: str) -> tuple[Reason, ...]:
    if isinstance(build, Build):
        return tuple(getattr(build, key))
    items = build.get(key)
    return tuple(from_json(r) for r in items) if isinstance(items, list) else ()
