"""Results of the solver: builds (bills of materials with checks) and infeasibility reports."""

from __future__ import annotations

import datetime
import math
from typing import Any, Literal, NamedTuple, cast

from configurator.core.catalog import tax
from configurator.core.catalog.tax import TaxBasis
from configurator.core.common import plain
from configurator.core.common.base import BaseModel, ConfigDict, PlainSerializer, WrapSerializer
from configurator.core.common.reasons import Reason, as_json, english, shortened
from configurator.core.common.shapes import (
    AsIs,
    BuildJson,
    ClusterJson,
    ContextFillJson,
    CostOfOwnershipJson,
    FirstTokenJson,
    InfeasibleJson,
    LaunchJson,
    NextStepJson,
    NodeCurveJson,
    NodePointJson,
    NotAsAskedJson,
    ParallelismJson,
    PartSpecJson,
    PlanJson,
    PowerJson,
    RelaxationJson,
    RentWayJson,
    SiteJson,
    SiteWorkJson,
    SlotJson,
    UsageFirstTokenJson,
)
from configurator.core.estimate.estimator import INFERENCE_CONTEXT, TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.ranges import PIPELINE_CODE, RANGE_KINDS_INFERENCE, figure_range, repipelined
from configurator.core.estimate.result import EstimateResult
from configurator.core.model.noise import build_dba
from configurator.core.model.request import BuildRequest
from configurator.core.rules.base import Check
from configurator.core.rules.job import fill_of
from configurator.core.rules.power import PowerLimit


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)


def part_spec(record: BaseModel, **added: object) -> PartSpecJson:
    """A catalog record as a build part's spec: its JSON dump, every field, then what `added` names."""
    try:
        dumped = _plain_json(record)
    except _NotPlain:
        dumped = record.model_dump(mode="json")
    return cast(PartSpecJson, {**dumped, **added})


class _NotPlain(Exception):
    """A value `_plain_json` does not dump as pydantic would: model_dump does it."""


_PLAIN = (str, bool, int, float, type(None))
_SERIALIZERS = (PlainSerializer, WrapSerializer)


def _plain_json(value: Any) -> Any:
    """`model_dump(mode="json")` of a record made of plain values (its fields in order; str, bool, int, float and None
    as they are, finite floats; tuples and lists as lists, str-keyed dicts, dates in ISO form, nested models the
    same), without the serializer pydantic builds on a model's first dump (#34: a plan dumps a record of each kind,
    about 6 ms of schema building); anything else (a custom serializer, an excluded or computed field, extra fields,
    an enum, a datetime, a non-finite float) raises _NotPlain."""
    kind = type(value)
    if kind in _PLAIN:
        if kind is float and not math.isfinite(value):
            raise _NotPlain
        return value
    if kind is tuple or kind is list:
        return [_plain_json(v) for v in value]
    if kind is dict:
        if not all(type(k) is str for k in value):
            raise _NotPlain
        return {k: _plain_json(v) for k, v in value.items()}
    if kind is datetime.date:
        return value.isoformat()
    if plain.ACTIVE and isinstance(value, BaseModel):  # plain's models keep no serializer of their own
        if kind.model_config.get("extra") == "allow" or any(f.exclude for f in kind.model_fields.values()):
            raise _NotPlain
        data = value.__dict__
        return {name: _plain_json(data[name]) for name in kind.model_fields}
    if isinstance(value, BaseModel):
        fields = kind.__pydantic_fields__
        decorators = kind.__pydantic_decorators__
        if (
            kind.model_config.get("extra") == "allow"
            or kind.__pydantic_computed_fields__
            or decorators.field_serializers
            or decorators.model_serializers
            or kind.model_config.get("serialize_by_alias")
            or any(f.exclude or any(isinstance(m, _SERIALIZERS) for m in f.metadata) for f in fields.values())
        ):
            raise _NotPlain
        data = value.__dict__
        return {name: _plain_json(data[name]) for name in fields}
    raise _NotPlain


class BuildPart(_Frozen):
    category: str
    id: str
    name: str
    quantity: int
    unit_price: float
    owned: int = 0  # how many of `quantity` the user already has (not paid for)
    price_note: str = ""  # price_said in English
    price_said: Reason | None = None  # the price's note as a code and fields (pricing.Quote.said, price.owned, ...)
    condition: str = ""  # the price paid is for a "new", "used" or "refurbished" part; "" when none is paid
    price_date: datetime.date | None = None  # when the price paid was observed (core.report.prices flags old ones)
    why: str = ""  # `said` in English
    said: tuple[Reason, ...] = ()  # why it was chosen, clause by clause, as codes and fields (part.*)
    spec: AsIs[PartSpecJson]  # the part's catalog record as JSON (shapes.PartSpecJson), kept as written
    scope: Literal["node", "cluster"] = "node"  # "cluster": bought once for the whole cluster (switches), not per node

    @property
    def subtotal(self) -> float:
        return self.unit_price * (self.quantity - self.owned)


class SlotAssignment(_Frozen):
    slot: int
    part_id: str
    lanes: int = 16
    gen: int = 4
    source: str = "cpu"
    split: str = ""  # "x8/x8": the slot's lanes split between the two GPUs of one card (PCI-8)

    def to_json(self) -> SlotJson:
        """One element of a build's "slot_map": split only when the slot's lanes are split."""
        out: SlotJson = {"slot": self.slot, "part_id": self.part_id}
        if self.split:
            out["split"] = self.split
        return out


class Power(_Frozen):
    dc_load_w: float
    psu_w: float
    wall_w: float
    circuit_ok: bool
    circuit_limit_w: float
    transient_w: float
    heat_btu_h: float
    gpu_w: float
    cpu_w: float
    rest_w: float
    # the wall draw while one stream decodes on a layer split (plan._with_decode_draw: one card works at a time,
    # rules.watts.one_stream_split_gpu_w); None where every card works at once. `wall_w` stays the full-load draw
    # the supply and the circuit are sized for (a prompt runs every card)
    decode_wall_w: float | None = None


class NodePoint(_Frozen):
    """One cluster size on the time/cost curve (solve.cluster.node_curve)."""

    nodes: int
    gpus: int
    fits: bool  # a parallel layout holds the job in memory at this size
    wall_hours: float | None  # training: the job's wall-clock hours
    decode_tokens_per_s: float | None  # inference: per sequence
    total_price: float  # bought: nodes, network and switches at the catalog's dated prices
    scaling_efficiency: float | None
    rental_cost: float | None = None  # the job rented on the matched cluster offer (hourly x its own wall hours)
    rental_wall_hours: float | None = None
    rental_offer: str | None = None  # "N x offer-id"
    rental_reason: str = ""  # why there is no rental, or how it was matched: `rental_said` in English
    rental_said: Reason | None = None  # the same as a code and fields (tco's rental.*); not in the JSON

    def to_json(self) -> NodePointJson:
        return {
            "nodes": self.nodes,
            "gpus": self.gpus,
            "fits": self.fits,
            "wall_hours": None if self.wall_hours is None else round(self.wall_hours, 2),
            "decode_tokens_per_s": None if self.decode_tokens_per_s is None else round(self.decode_tokens_per_s, 2),
            "total_price": round(self.total_price, 2),
            "scaling_efficiency": None if self.scaling_efficiency is None else round(self.scaling_efficiency, 4),
            "rental_cost": None if self.rental_cost is None else round(self.rental_cost, 2),
            "rental_wall_hours": None if self.rental_wall_hours is None else round(self.rental_wall_hours, 2),
            "rental_offer": self.rental_offer,
            "rental_reason": self.rental_reason,
        }


class NodeCurve(_Frozen):
    """Wall time and cost against the number of nodes, for one ready-made server (the app's chart, the sheet's table)."""

    system: str  # the system record's id
    system_name: str
    currency: str
    kind: Literal["training", "inference"]
    chosen_nodes: int  # the build this curve belongs to
    deadline_hours: float | None  # the request's, drawn as a line
    points: tuple[NodePoint, ...]

    def point(self, nodes: int) -> NodePoint | None:
        return next((p for p in self.points if p.nodes == nodes), None)

    def to_json(self) -> NodeCurveJson:
        return {
            "system": self.system,
            "system_name": self.system_name,
            "currency": self.currency,
            "kind": self.kind,
            "chosen_nodes": self.chosen_nodes,
            "deadline_hours": self.deadline_hours,
            "points": [p.to_json() for p in self.points],
        }


QUALITY_CODES = ("why.quality-cost", "why.quality-4bit")
"""The why of a build whose weights run below the release's quality where none was named (solve.plan.quality_cost)."""


class FirstTokenWait(NamedTuple):
    """The one first-token figure a build shows everywhere (round 40, Build.first_token_wait): its seconds, the prompt
    they are timed for, how much of it the engine holds cached (None: the typed prompt, nothing said cached) and the
    estimate's 80 % range scaled to it (None without one)."""

    seconds: float
    tokens: int
    cached: int | None
    range: tuple[float, float] | None
    capped_from: int | None = None  # the usage's own prompt when the context capped it


class Build(_Frozen):
    rank: int
    label: str
    why: str
    parts: tuple[BuildPart, ...]
    nodes: int
    currency: str
    power: Power
    estimate: EstimateResult
    checks: tuple[Check, ...]
    slot_map: tuple[SlotAssignment, ...]
    gpu_id: str
    gpu_count: int  # per node
    interconnect: str = ""
    upgrades: tuple[str, ...] = ()
    owned_savings: float = 0.0
    cost_of_ownership: AsIs[CostOfOwnershipJson | None] = None  # buy versus rent (core.costs.tco), as in plan --json
    launch: AsIs[LaunchJson | None] = None  # {"engine", "command"} from core.launch.launch_command
    parallelism: AsIs[ParallelismJson | None] = None  # estimate.parallel: the layout across GPUs and nodes
    site: AsIs[SiteJson | None] = None  # solve.cluster.site_of: racks, power, cooling, feeds
    node_curve: NodeCurve | None = None  # solve.cluster.node_curve: ready-made servers at other cluster sizes
    # takes one more of its GPU by buying only that card: slot, spacing, lanes, case, PSU and circuit have room
    # (plan._one_more_gpu); the "room to grow" label is a claim about this (solve.ranking)
    room_for_one_more: bool = False
    # and that card unlocks something for the job (next_step.one_more_gains; plan._with_gains): what "room to grow"
    # needs besides room (solve.ranking); not in the JSON, where room_for_one_more stays the fact of the slots
    one_more_gains: bool = True
    source: str = ""  # the registered plan source that offered it (solve.sources)
    # different GPUs in one machine (solve.mixed): the cards in device order, the fastest first, as CUDA numbers them
    # and the launch command's --tensor-split reads them (slot_map says where each sits: placement may seat a slower
    # card on top, round 49); empty when every card is `gpu_id`. `gpu_id` is then the ids joined by "+", `gpu_count` their number
    gpus_mixed: tuple[str, ...] = ()
    # the label and why as codes and fields (solve.ranking renders `label` and `why` from them; reasons.EN, CLAIMS and
    # report.words say them): the claims the build holds, the kind of build its source offers (kind.*) and a caveat,
    # the ranking's part of the why (the claims' reasons, or claim.none) and the source's own why (no code yet)
    claims: tuple[Reason, ...] = ()
    kinds: tuple[Reason, ...] = ()
    why_said: tuple[Reason, ...] = ()
    # a training build labelled "cheapest" that is many times slower than a build shown: the ratio, that build's
    # rank, hours and price (rank.slower, ranking._slower); it is also the last of `why_said`
    slower: Reason | None = None
    # its speed rests on a published measurement or the user's own --mfu; False: a training time on a consumer card's
    # unsourced utilisation or unpriced parameter offload (ranking.unsourced_training_speed), which holds no speed
    # claim; a claim made among the others says "on measured speeds" (ranking._sourced_best)
    speed_sourced: bool = True
    offered_why: str = ""
    offered: tuple[Reason, ...] = ()  # the source's why as codes and fields (why.*), when it gives them
    # what a build without a claim or a kind offers over the builds ranked above it (offer.*: solve.shown), the why it
    # is shown; `plan --json` "why"
    offers: tuple[Reason, ...] = ()
    against: Reason | None = None  # what it buys over the first build shown (plan._compared), the why's brackets
    upgrades_said: tuple[Reason, ...] = ()  # the upgrades as codes and fields (upgrade.*; `upgrades` renders them)
    # the next steps up (solve.next_step, enriched last): one more card, the next rung of the upgrade path
    next_steps: AsIs[tuple[NextStepJson, ...]] = ()

    def of_kind(self, *kinds: Reason, why: str | Reason | tuple[Reason, ...] | None = None) -> Build:
        """This build as a source offers it: its kind of build (kind.* reasons; none: unlabelled), and its why (why.*
        reasons, or words without a code yet)."""
        update: dict[str, object] = {"label": ", ".join(english(k) for k in kinds), "kinds": kinds}
        if why is not None:
            said = (why,) if isinstance(why, Reason) else why if isinstance(why, tuple) else ()
            update |= {"why": "; ".join(english(r) for r in said) if said else why, "offered": said}
        return self.model_copy(update=update)

    def offered_said(self) -> tuple[Reason, ...]:
        """The source's why as codes, while they still say what `offered_why` says (ranking keeps the English)."""
        return self.offered if "; ".join(english(r) for r in self.offered) == self.offered_why else ()

    def kinds_said(self) -> tuple[Reason, ...]:
        """The kind of build its label names: the codes a source gave, or its label as said (kind.said) while that
        source still writes English (the label is what the codes render to when they are current)."""
        if ", ".join(english(k) for k in self.kinds) == self.label:
            return self.kinds
        return (Reason.of("kind.said", text=self.label),) if self.label else ()

    @property
    def power_limit(self) -> float | None:
        """The share of rated power its GPUs run at, None at full power: PWR-9's finding, made wherever the build's
        cards are capped (the request's --power-limit, or the power-limited source's own cap: offers.power_limited),
        the cap its estimate is timed at (with_power_limit) and its launch command sets."""
        for c in self.checks:
            if c.rule == PowerLimit.id and c.code == "at-boot":
                limit = c.fields.get("limit")
                return float(limit) if isinstance(limit, int | float) and limit < 1.0 else None
        return None

    @property
    def fails(self) -> bool:
        """It fails a rule (a FAIL check): shown as what a budget buys, never as an answer or a way out."""
        return any(c.status == "fail" for c in self.checks)

    @property
    def total_price(self) -> float:
        return sum(self.part_cost(p) for p in self.parts)

    @property
    def tax_basis(self) -> TaxBasis | None:
        """The tax basis the build's prices were put on (pricing.quote's `taxed`: BuildRequest.tax_basis), read back
        from its lines' notes (price.quote's vat_region and vat_reclaimed_pct), so a price set beside it later (a next
        step's card, a rental, an API) is on the same one; the currency's default buyer's when no line says (None for a
        currency the VAT table does not know)."""
        for part in self.parts:
            said = part.price_said
            region = said.fields.get("vat_region") if said is not None else None
            if said is not None and region and str(region) in tax.COUNTRIES_OF.get(self.currency, ()):
                return tax.buyer(self.currency, str(region), said.fields.get("vat_reclaimed_pct") is not None)
        return tax.buyer(self.currency)

    def part_cost(self, part: BuildPart) -> float:
        """What the whole build pays for a line: once per node, or once for a cluster's shared parts (switches)."""
        return part.subtotal * (self.nodes if part.scope == "node" else 1)

    def layout(self) -> ParallelismJson:
        """The `parallelism` contract object: the cluster planner's, else read from the single-machine estimate."""
        if self.parallelism is not None:
            return self.parallelism
        e = self.estimate
        gpus = e.gpus
        zero = e.workload.get("zero") if e.workload.get("kind") != "inference" else None
        scaling = e.scaling_efficiency if e.scaling_efficiency is not None else 1.0
        if e.workload.get("kind") == "inference":
            # a vLLM tensor x pipeline layout says its degrees in the estimate's placement
            tensor = gpus if e.split == "tensor" else int((e.placement or {}).get("tensor_parallel", 1))
            return {
                "data": 1,
                "tensor": tensor,
                "pipeline": gpus // tensor,
                "zero_stage": None,
                "scaling_efficiency": 1.0,
            }
        return {
            "data": gpus,
            "tensor": 1,
            "pipeline": 1,
            "zero_stage": zero if gpus > 1 else None,
            "scaling_efficiency": scaling,
        }

    def _cluster_json(self) -> ClusterJson:
        """The keys only a cluster's (or a sited server's) build has."""
        out: ClusterJson = {}
        if self.site is not None:
            out["site"] = self.site
        if self.node_curve is not None:
            out["node_curve"] = self.node_curve.to_json()
        return out

    def _power_json(self) -> PowerJson:
        """The "power" contract object; `decode_wall_w` (an addition) where one stream decodes on a layer split."""
        power: PowerJson = {
            "dc_load_w": round(self.power.dc_load_w, 1),
            "psu_w": round(self.power.psu_w, 1),
            "wall_w": round(self.power.wall_w, 1),
            "circuit_ok": self.power.circuit_ok,
        }
        if self.power.decode_wall_w is not None:
            power["decode_wall_w"] = round(self.power.decode_wall_w, 1)
        return power

    def to_json(self) -> BuildJson:
        """One element of `plan --json` "builds" (a scripting contract: keep its shape)."""
        return {
            "rank": self.rank,
            "label": self.label,
            "parts": [
                {
                    "category": p.category,
                    "id": p.id,
                    "name": p.name,
                    "quantity": p.quantity,
                    "owned": p.owned,
                    "unit_price": round(p.unit_price, 2),
                    "spec": p.spec,
                    "scope": p.scope,
                    # the price paid: when it was seen and for which condition (None/"" when nothing is paid)
                    "price_date": p.price_date.isoformat() if p.price_date else None,
                    "condition": p.condition,
                }
                for p in self.parts
            ],
            "nodes": self.nodes,
            "total_price": round(self.total_price, 2),
            "currency": self.currency,
            "power": self._power_json(),
            "estimate": self.estimate.to_json(),
            "checks": [c.to_json() for c in self.checks],
            "slot_map": [s.to_json() for s in self.slot_map],
            "cost_of_ownership": self.cost_of_ownership,
            "launch": self.launch,
            "noise_dba": build_dba(self),  # one machine at noise.DISTANCE_M (1 m) under load; None without fans
            "parallelism": self.layout(),
            "room_for_one_more": self.room_for_one_more,
            "source": self.source,
            "gpus_mixed": list(
                self.gpus_mixed
            ),  # the cards in device order when they differ (empty: gpu_id in every slot)
            **self._cluster_json(),
            # the label as codes and fields (additions, #33): its claims and the kind of build, each {code, fields}
            "claims": [as_json(c) for c in self.claims],
            "kinds": [as_json(k) for k in self.kinds],
            # an addition: the next steps up, each with its catalog price and date and what it unlocks
            "next_steps": list(self.next_steps),
            "slower": as_json(self.slower) if self.slower is not None else None,
            "speed_sourced": self.speed_sourced,  # an addition: ranking.unsourced_training_speed's answer, negated
            # an addition: why a build without a claim or a kind is shown, what it offers over the builds above it
            # (solve.shown), each {code, fields}
            "why": [as_json(o) for o in self.offers],
            "context_fill": self.context_fill(),  # an addition: the window asked, filled (rules.job.fill_of)
            "first_token_s": self.first_token(),  # an addition: the typed prompt's and the whole window's first token
            # an addition (round 38): what the weights' fewer bits cost where no precision was named, {code, fields}
            # (why.quality-cost: the published perplexity delta; why.quality-4bit: none read), else None
            "quality_cost": as_json(q) if (q := self.quality_said()) is not None else None,
        }

    def quality_said(self) -> Reason | None:
        """What the build's 4-bit weights cost in quality, as its source said it (solve.plan.quality_cost)."""
        return next((r for r in self.offered if r.code in QUALITY_CODES), None)

    def first_token(self) -> FirstTokenJson | None:
        """One user's wait for the first token after the prompt typed every time (the stated --prompt, else a typical
        one within the context: estimator.waited_prompt_tokens) and after the whole window asked (the context filled
        from an empty cache at its own length: estimator._window_fill), for `plan --json` builds' `first_token_s` and
        first_token_said; None for training or a build without both figures."""
        e = self.estimate
        if e.workload.get("kind", "inference") != "inference":
            return None
        if e.time_to_first_token_s is None or e.context_fill_s is None:
            return None
        context = int(e.workload.get("context") or INFERENCE_CONTEXT)
        prompt = min(int(e.workload.get("prompt") or TYPICAL_PROMPT_TOKENS), context)
        return {
            "prompt_tokens": prompt,
            "prompt_s": round(float(e.time_to_first_token_s), 2),
            "window_tokens": context,
            "window_s": round(float(e.context_fill_s), 1),
            **self._usage_first_token(prompt),
        }

    def _usage_first_token(self, typed: int) -> UsageFirstTokenJson:
        """Round 39 additions to first_token: the prompt of the usage the costs read (a coding agent's 42,000 tokens,
        35,258 of them in the engine's prefix cache) and the seconds its uncached part takes at its attention scale
        (costs' `prefill_seconds_per_request`, the figure SERVE and the busy hours read), when it is not the typed
        prompt; all None otherwise. The 5-seat coding team's plan had said "first token 3.5 s after a 1,020-token
        prompt" (the chat's) beside SERVE's 29.4 s of prefill a request."""
        costs: dict[str, Any] = dict(self.cost_of_ownership or {})
        tokens, cached, seconds = (
            costs.get("prompt_tokens_per_request"),
            costs.get("cached_prompt_tokens_per_request"),
            costs.get("prefill_seconds_per_request"),
        )
        capped = costs.get("prompt_capped_from_tokens")
        if not isinstance(tokens, int) or not isinstance(seconds, (int, float)) or (tokens == typed and capped is None):
            return {
                "usage_prompt_tokens": None,
                "usage_cached_tokens": None,
                "usage_prompt_s": None,
                "usage_prompt_capped_from": None,
            }
        return {
            "usage_prompt_tokens": tokens,
            "usage_cached_tokens": int(cached) if isinstance(cached, (int, float)) else 0,
            "usage_prompt_s": round(float(seconds), 1),
            # round 40: the usage's own prompt when the context capped it (a coding agent's 42,000 tokens in a typed
            # 4,096-token context), said wherever the usage's prompt is
            "usage_prompt_capped_from": capped if isinstance(capped, int) else None,
        }

    def first_token_wait(self) -> FirstTokenWait | None:
        """The one first-token figure every surface shows (round 40): the prompt of the usage the costs read (a coding
        agent's 42,000 tokens, most cached: first_token's usage_* figures, the seconds SERVE and the busy hours read)
        when there is one, else the typed prompt's (the estimate's own). The CLI line, the sheet's speed table and
        sentence, the Markdown and XLSX estimate lines and the window's rows and comparison read it: the 5-seat coding
        plan's sheet had timed "3.49 s" at 1,020 tokens in its table beside the CLI's 29.4 s. Its 80 % range is the
        estimate's (ranges.figure_range: a range on the prefill rate, so on any prompt's wait alike) on these seconds."""
        figures = self.first_token()
        if figures is None:
            return None
        usage_s, usage_tokens = figures.get("usage_prompt_s"), figures.get("usage_prompt_tokens")
        kind = RANGE_KINDS_INFERENCE["speed.time_to_first_token_s"]
        if usage_s is None or usage_tokens is None:
            seconds = float(figures["prompt_s"])
            ranged = figure_range(seconds, kind, self.estimate.speed_regime)
            return FirstTokenWait(seconds, int(figures["prompt_tokens"]), None, ranged)
        seconds, cached = float(usage_s), int(figures.get("usage_cached_tokens") or 0)
        ranged = figure_range(seconds, kind, self.estimate.speed_regime)
        return FirstTokenWait(seconds, int(usage_tokens), cached, ranged, figures.get("usage_prompt_capped_from"))

    def assumptions_said(self) -> tuple[Reason, ...]:
        """The estimate's assumptions as the build shows them (round 40): where the first token shown is the usage's
        prompt (first_token_wait), its "no --prompt given: timed for a typical 1,020-token prompt" gives way to the
        prompt it is timed for (est.usage-prompt), so no sheet says a typical prompt beside the usage's wait."""
        said = self.estimate.assumptions_said()
        wait = self.first_token_wait()
        if wait is None or wait.cached is None:
            return said
        fields: dict[str, Any] = {"prompt": wait.tokens, "cached": wait.cached}
        if wait.capped_from is not None:
            fields["capped_from"] = wait.capped_from
        timed = Reason.of("est.usage-prompt", **fields)
        # the pipelined-prompt note speaks of the prompt llama.cpp runs: the usage's new (uncached) tokens
        fresh = wait.tokens - wait.cached
        out = (
            timed if r.code == "est.typical-prompt" else repipelined(r, fresh) if r.code == PIPELINE_CODE else r
            for r in said
        )
        return tuple(r for r in out if r is not None)

    def first_token_said(self) -> Reason | None:
        """The two first-token waits as a code and fields ("speed.first-token": first_token's figures), rendered in the
        reader's language where the build's speed is shown (the CLI's line under its headline, the sheet, the window's
        speed tooltip); None where first_token is."""
        figures = self.first_token()
        if figures is None:
            return None
        # round 39: the usage's own prompt when the costs read one (usage_*), else the typed one's alone
        said: dict[str, int | float] = {k: v for k, v in figures.items() if isinstance(v, (int, float))}
        return Reason.of("speed.first-token", **said)

    def context_fill(self) -> ContextFillJson | None:
        """How long the window asked takes to fill on this build (FILL's figures: rules.job.fill_of), for `plan --json`
        builds' `context_fill`: the tokens, their basis ("context": the whole context asked, a floor; "prompt": the
        stated prompt), seconds, the ten-minute limit and whether it is past it; None for training or an unknown
        prefill speed."""
        e = self.estimate
        fill = fill_of(e.workload, e.prefill_tokens_per_s, e.time_to_first_token_s, e.context_fill_s)
        if fill is None:
            return None
        return {
            "tokens": int(fill["tokens"]),
            "basis": str(fill["basis"]),
            "time_to_first_token_s": round(float(fill["fill_s"]), 1),
            "limit_s": float(fill["limit_s"]),
            "past_limit": float(fill["fill_s"]) > float(fill["limit_s"]),
        }


TIME_LIMIT = "time limit"
"""The blocking label of a plan that ran out of time: it proves nothing about the request."""


WAYS_SHOWN = 5
"""The ways out every surface lists: the window's banner five (qt.builds.InfeasibleBanner.MAX_WAYS), the command line six (the
cheapest and five others), the sheet and `--json` all. A way is said to be many times slower only than one of these
(solve.relax._slower_way), so that the way it is compared with is in sight wherever it is read."""


class Relaxation(_Frozen):
    """One way out of an infeasible request: what to change, and the cheapest build it gives (solve/relax.py)."""

    kind: str  # "kv", "kv+speed10", "power", "cluster", ...
    change: str  # in the user's words, with the price
    total_price: float
    decode_tokens_per_s: float | None = None
    request: BuildRequest | None = None  # what "apply" switches to (None: ready-made servers, run as asked)
    build: Build | None = None  # what applying it shows
    said: Reason | None = None  # `change` as a code and fields (change is its English): sheets and the window render it
    rental: RentWayJson | None = None  # kind "rent": the cloud offer that does the one-off job (solve/relax._rent_way)
    wall_hours: float | None = None  # a training way's hours (of the reference job when no --tokens): relax._timed
    # a training way many times slower than a way listed beside it that costs a little more: the ratio, that way's
    # place, price and hours (way.slower, relax._slower_way); way.changes says it too (its field `slower`)
    slower: Reason | None = None
    # work on the building beside the machine (an electrician's new circuit: relax.circuit_work), in total_price
    work: SiteWorkJson | None = None

    def to_json(self) -> RelaxationJson:
        """One element of `plan --json` infeasible.relaxations (a scripting contract: keep its shape; "rental" is
        added only to a way out that rents)."""
        tps = self.decode_tokens_per_s
        out: RelaxationJson = {
            "kind": self.kind,
            "change": self.change,
            "total_price": round(self.total_price, 2),
            "decode_tokens_per_s": None if tps is None else round(tps, 2),
        }
        if self.rental is not None:
            out["rental"] = self.rental
        if self.wall_hours is not None:
            out["wall_hours"] = round(self.wall_hours, 1)  # an addition: a training way's hours
        if self.slower is not None:
            out["slower"] = as_json(self.slower)  # an addition: many times slower than a way beside it
        if self.said is not None:
            out["said"] = as_json(self.said)  # an addition: the change as a code and fields
        if self.work is not None:
            out["work"] = self.work  # an addition: the electrician's line, in total_price
        return out


DETAIL_CHARS = 160
"""A detail line under the reason is cut to this length."""


class Infeasible(_Frozen):
    reason: str  # one sentence: what binds
    blocking: tuple[str, ...]
    cheapest_relaxation: str  # relaxations[0].change when there is one
    relaxed_request: BuildRequest | None = None  # what "apply" in the app switches to
    relaxations: tuple[Relaxation, ...] = ()  # every way out found, by price
    details: tuple[str, ...] = ()  # short lines under the reason: the closest cards and why each falls short
    # the same as codes and fields (reason, details and cheapest_relaxation are their English renderings)
    clauses: tuple[Reason, ...] = ()  # the reason, clause by clause
    closest: tuple[Reason, ...] = ()  # the details, one card each
    way_out: Reason | None = None  # the cheapest relaxation
    way_solves: int = 0  # the solves the way list cost (relax.diagnose; its search bound: relax.SEARCH_SOLVES)

    @classmethod
    def of(
        cls,
        clauses: tuple[Reason, ...],
        way_out: Reason,
        blocking: tuple[str, ...],
        closest: tuple[Reason, ...] = (),
        **rest: Any,
    ) -> Infeasible:
        """An infeasibility from its reasons; the English fields are rendered from them (reasons.english)."""
        return cls(
            reason="; ".join(english(c) for c in clauses),
            blocking=blocking,
            cheapest_relaxation=english(way_out),
            details=tuple(shortened(english(c), DETAIL_CHARS) for c in closest),
            clauses=clauses,
            closest=closest,
            way_out=way_out,
            **rest,
        )

    def with_clause(self, clause: Reason) -> Infeasible:
        """One more clause at the end of the reason."""
        return self.model_copy(
            update={"clauses": (*self.clauses, clause), "reason": f"{self.reason}; {english(clause)}"}
        )

    def to_sheet(self) -> NotAsAskedJson:
        """The reasons as plain data, for a sheet that may be printed in another process (report.sheet)."""
        return {
            "clauses": [c.model_dump(mode="json") for c in self.clauses],
            "closest": [c.model_dump(mode="json") for c in self.closest],
            "way_out": self.way_out.model_dump(mode="json") if self.way_out is not None else None,
            "ways": [r.said.model_dump(mode="json") for r in self.relaxations[1:] if r.said is not None],
            "unsaid": self.unsaid(),
            # the cheapest way out beside a cheaper build past its vendor's support (cheapest_on_supported): the sheet
            # says "cheapest way out on supported software", as the CLI and the window do
            "on_supported": self.cheapest_on_supported,
        }

    def unsaid(self) -> list[str]:
        """The blocking constraints the reason does not name already (a banner adds them after it)."""
        named = {
            str(item.fields.get("label"))
            for c in self.clauses
            if c.code == "nothing.binding"
            for item in c.nested("items")
        }
        if any(c.code == "nothing.budget" for c in self.clauses):
            named.add("budget")
        return [b for b in self.blocking if b not in named]

    @property
    def timed_out(self) -> bool:
        return TIME_LIMIT in self.blocking

    @property
    def cheapest_on_supported(self) -> bool:
        """The cheapest way out is the cheapest on supported software: a cheaper build past its vendor's support was
        set aside beside its build, which its words name (way.changes' `supported`, solve.relax._past_cheaper)."""
        return self.way_out is not None and bool(self.way_out.fields.get("supported"))

    def to_json(self) -> InfeasibleJson:
        return {
            "reason": self.reason,
            "blocking": list(self.blocking),
            "cheapest_relaxation": self.cheapest_relaxation,
            "relaxations": [r.to_json() for r in self.relaxations],
            "details": list(self.details),
            "cheapest_on_supported": self.cheapest_on_supported,  # an addition (round 33)
            "way_solves": self.way_solves,  # an addition (round 49)
        }


class PlanResult(_Frozen):
    builds: tuple[Build, ...]
    infeasible: Infeasible | None
    solve_seconds: float = 0.0
    notes: tuple[str, ...] = ()  # the English renderings of `said` (PlanResult.said_as fills them)
    said: tuple[Reason, ...] = ()  # the notes as codes and fields (reasons: note.*)

    @classmethod
    def said_as(
        cls, builds: tuple[Build, ...], infeasible: Infeasible | None, solve_seconds: float, said: tuple[Reason, ...]
    ) -> PlanResult:
        """A result whose notes are the English of `said` (a function, not a 'before' validator: a plain process
        builds its models without one, core.common.plain)."""
        notes = tuple(english(r) for r in said)
        return cls(builds=builds, infeasible=infeasible, solve_seconds=solve_seconds, notes=notes, said=said)

    def passing(self) -> list[Build]:
        """The builds that fail no check: under an infeasible request, the ways it can still be done."""
        return [b for b in self.builds if not b.fails]

    def infeasible_headline(self) -> str:
        """What the infeasible part says of the builds listed with it: nothing at all fits, nothing as asked (the
        experts in RAM, a ready-made system), or no single machine (servers working together)."""
        passing = self.passing()
        if any(b.nodes > 1 for b in passing):
            return "no single machine can do this"
        return "nothing fits as asked" if passing else "nothing fits"

    def to_json(self) -> PlanJson:
        return {
            "builds": [b.to_json() for b in self.builds],
            "infeasible": self.infeasible.to_json() if self.infeasible else None,
            "notes": list(self.notes),
            "note_codes": [as_json(r) for r in self.said],
        }
