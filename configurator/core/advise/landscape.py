"""The landscape at a glance: the cheapest machine for each model and precision (the map), and GPUs ranked by value."""

from __future__ import annotations

import dataclasses
import math
import re
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, Gpu, ModelArch, Record, System
from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.errors import ConfiguratorError, RequestError, unknown_ids
from configurator.core.common.reasons import Reason, as_json, english
from configurator.core.common.shapes import (
    MapCellJson,
    MapChoiceJson,
    MapJson,
    PartSpecJson,
    RankedGpuJson,
    ValueRowJson,
)
from configurator.core.estimate.estimator import estimate, numbers_only
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.report.fit import short_gpu_name
from configurator.core.rules.base import Check
from configurator.core.solve.candidates import GIB, TOWERS, GpuOption, engines_to_try, gpu_allowed, gpu_options
from configurator.core.solve.compat import ducted, needs_ducted
from configurator.core.solve.plan import plan
from configurator.core.solve.pricing import quote
from configurator.core.solve.ranking import cpu_only, measure, system_part
from configurator.core.solve.rules import READING_TPS
from configurator.core.support.checks import check_stack

if TYPE_CHECKING:  # the workers' module (multiprocessing) is imported only by those who start them
    from configurator.core.advise.mapworkers import MapWorkers

Machine = Literal["tower", "workstation", "server", "cluster", "mini-pc", "laptop"]
MACHINES: tuple[Machine, ...] = ("tower", "workstation", "server", "cluster", "mini-pc", "laptop")

ALTERNATIVE_MARGIN = 0.20
"""Alternatives are other GPUs whose cheapest build costs at most this much more (the issue's 20 %)."""

SCREEN_FIRST = 6
"""GPUs solved together first (cheapest lower bound first); the rest only if their estimate can still win."""

PLATFORM_SHARE = 0.8
"""A GPU needing as many cards as the best build so far is solved only if its cards plus this share of that
build's other parts could still be cheaper (checked against full plans in tests/core/test_advise.py)."""

MAX_ALTERNATIVES = 2
"""Alternatives solved per cell (each is a further solve): the GPUs whose estimate is closest."""
BASE_ALTERNATIVE_PLANS = 6
"""The most close GPUs planned one at a time for the alternatives of a cell whose cheapest machine is a used base plus
a card (_CellSearch.alternatives)."""

CELL_TIME_BUDGET = 0.3
"""Seconds of solver time per plan in a map cell (plan's own default is for one interactive request)."""

DEFAULT_PRECISIONS = ("int4", "int8", "fp16")
"""The seed's three tiers: INT4, INT8 and FP16 inference."""

SIZE_CLASSES: tuple[tuple[float, Literal["dense", "moe"]], ...] = (
    (1, "dense"),
    (3, "dense"),
    (8, "dense"),
    (14, "dense"),
    (30, "moe"),
    (32, "dense"),
    (70, "dense"),
    (120, "moe"),
    (235, "moe"),
    (355, "moe"),
    (405, "dense"),
    (671, "moe"),
)
"""Billions of parameters the default map covers, from 1B to DeepSeek's 671B, dense and mixture-of-experts
(355B is the seed's "up to 360B" INT4 tier)."""

TRAINING_REFERENCE_TOKENS = 1e8
"""Tokens a fine-tuning job is sized on when none are given: the ranking divides them out again
(training time is linear in tokens), so the choice does not change the order."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


class MapChoice(_Frozen):
    """One machine in a map cell: the cheapest, or an alternative close to it in price."""

    gpu: str
    gpu_name: str
    count: int  # GPUs in total (all nodes)
    nodes: int
    machine: Machine
    price: float
    currency: str
    decode_tokens_per_s: float | None
    gpu_hours: float | None

    def to_json(self) -> MapChoiceJson:
        return {
            "gpu": self.gpu,
            "count": self.count,
            "machine": self.machine,
            "price": round(self.price, 2),
            "decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "gpu_hours": _round(self.gpu_hours),
        }


class MapCell(_Frozen):
    """A model and a workload: the cheapest machine that runs it, or why none does."""

    model: str
    model_name: str
    params: int
    moe: bool
    precision: str
    method: str | None
    cheapest: MapChoice | None
    alternatives: tuple[MapChoice, ...] = ()
    reason: str | None = None  # the English of `why` ("; " between its clauses)
    why: tuple[Reason, ...] = ()  # why no machine answers, as codes and fields (words.say_all renders them)
    request: BuildRequest  # what the app's session switches to when the cell is clicked

    @property
    def column(self) -> str:
        return column_label(self.precision, self.method)

    def to_json(self) -> MapCellJson:
        return {
            "model": self.model,
            "params": self.params,
            "precision": self.precision,
            "method": self.method,
            "cheapest": self.cheapest.to_json() if self.cheapest else None,
            "reason": self.reason,
            "alternatives": [a.to_json() for a in self.alternatives],
            "why": [as_json(r) for r in self.why],
        }


class RecommendationMap(_Frozen):
    cells: tuple[MapCell, ...]
    currency: str
    seconds: float = 0.0

    def to_json(self) -> MapJson:
        """`llm-rig map --json` (a scripting contract: keep its shape)."""
        return {"rows": [c.to_json() for c in self.cells]}

    def speed_note(self) -> str:
        """What its inference cells were asked to reach (map_speed_note), for the printout and the text output."""
        return map_speed_note(c.request.min_decode_tps for c in self.cells if c.request.workload.kind == "inference")


def speed_floor(request: BuildRequest) -> float | None:
    """The decode speed a map cell must reach: the user's, or for inference reading speed (READING_TPS): the
    cheapest machine that fits but answers at 1 token/s (a MoE under transformers' expert loop) is no answer."""
    if request.workload.kind != "inference":
        return (
            None  # a decode target means nothing to a training job (it blanked every fine-tuning cell); its time does
        )
    return request.min_decode_tps or READING_TPS


def map_speed_note(floors: Iterable[float | None]) -> str:
    """What a map's inference cells were asked to reach (their speed_floor values), in words, for the window, the
    printout and the text output."""
    asked = sorted({f for f in floors if f})
    if not asked:
        return ""
    reading = " (reading speed)" if asked == [READING_TPS] else ""
    return f"each inference machine serves at least {asked[0]:g} tokens/s per user{reading}"


def column_label(precision: str, method: str | None) -> str:
    return {"lora": "LoRA", "qlora": "QLoRA", "full": "full fine-tune"}.get(method or "", precision.upper())


def _round(value: float | None) -> float | None:
    return None if value is None else float(f"{value:.4g}")


# --------------------------------------------------------------------------- what the map covers


def is_moe(model: ModelArch) -> bool:
    return model.moe is not None


SIZE_CLASS_SPREAD = 1.3
"""A model within 30 % of a size class's parameter count can stand for it: the newest such one does."""


def default_models(catalog: Catalog) -> list[ModelArch]:
    """One model per size class (SIZE_CLASSES): the newest within SIZE_CLASS_SPREAD of its size, the
    closest on a log scale when none is (old research runs such as Pythia represent no class)."""
    models = [m for m in catalog.kind("models") if isinstance(m, ModelArch)]
    chosen: list[ModelArch] = []
    for size, kind in SIZE_CLASSES:
        pool = [m for m in models if is_moe(m) == (kind == "moe") and m not in chosen]
        if not pool:
            continue

        def distance(m: ModelArch, size: float = size) -> float:
            return abs(math.log(m.params_total_b / size))

        near = [m for m in pool if distance(m) <= math.log(SIZE_CLASS_SPREAD)]
        if near:
            chosen.append(min(near, key=lambda m: (-m.release_year, round(distance(m), 1), m.id)))
        else:
            chosen.append(min(pool, key=lambda m: (round(distance(m), 1), -m.release_year, m.id)))
    return sorted(chosen, key=lambda m: (m.params_total_b, m.id))


def _complaint(exc: ValueError) -> str:
    """What a user reads of a workload pydantic refused: the validator's own error (a ValidationError wraps it as
    ctx.error) or pydantic's message for the field, never the exception's printed text (its last line is a URL)."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    first = errors()[0]
    inner = (first.get("ctx") or {}).get("error")
    return str(inner) if inner is not None else str(first["msg"])


def map_workloads(
    kind: str, precisions: Sequence[str] = (), method: str | None = None, context: int | None = None
) -> list[Workload]:
    """The map's columns: inference at each precision, or one fine-tuning method (at each precision given)."""
    try:
        if kind == "inference":
            return [
                Workload(kind="inference", precision=p, context=context)  # type: ignore[arg-type]
                for p in (precisions or DEFAULT_PRECISIONS)
            ]
        if kind == "finetune":
            method = method or "lora"
            return [
                Workload(kind="finetune", method=method, precision=p, context=context)  # type: ignore[arg-type]
                for p in (precisions or (None,))
            ]
    except ValueError as exc:
        raise RequestError(_complaint(exc)) from None
    raise RequestError(f"the map covers inference and fine-tuning, not {kind!r}")


def machine_of(build: Build) -> Machine:
    """Tower, workstation, server or cluster, from the build's chassis (or system) and node count.

    A tower on a desktop platform is a tower; a tower or open frame on a HEDT, workstation or server
    CPU is a workstation; a rack chassis or a ready-made system is a server; several nodes a cluster.
    """
    if build.nodes > 1:
        return "cluster"
    categories = {p.category: p for p in build.parts}
    if "system" in categories:
        # a unified-memory box is a desktop machine, not a server (#28): a mini PC (GMKtec, DGX Spark) or a laptop
        # (MacBook Pro) as the catalog's form says, a Mac Studio a desktop beside the towers
        unified = categories["system"].spec.get("unified")
        if not unified:
            return "server"
        form = unified.get("form") if isinstance(unified, dict) else None
        return "mini-pc" if form == "mini-pc" else "laptop" if form == "laptop" else "tower"
    chassis = categories.get("chassis")
    kind = str(chassis.spec.get("kind", "")) if chassis else ""
    if kind.startswith("rack"):
        return "server"
    cpu = categories.get("cpu")
    platform = str(cpu.spec.get("platform", "")) if cpu else ""
    return "tower" if kind in TOWERS and platform == "consumer" else "workstation"


def system_short_name(name: str, spec: PartSpecJson) -> str:
    """A ready-made machine by the name a buyer knows it: the catalog's name up to its first comma, without a bracket
    ("GMKtec NucBox K8 Plus", "NVIDIA DGX Spark"); a Mac by its model, chip and memory, which tell one Mac Studio from
    another ("Apple Mac Studio M3 Ultra 96 GB"). The whole name ("..., AMD Ryzen 7 8845HS, 32 GB DDR5-5600, 1 TB") took
    four lines of a map cell at 1366x768."""
    depth, head = 0, name
    for i, ch in enumerate(name):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            head = name[:i]
            break
    head = " ".join(re.sub(r"\([^)]*\)?", "", head).split())
    unified = spec.get("unified")
    if isinstance(unified, dict) and unified.get("form") != "mini-pc" and unified.get("chip"):
        memory = spec.get("memory_gb")
        head = f"{head} {unified['chip']}" + (f" {memory:g} GB" if isinstance(memory, (int, float)) else "")
    return head or name


def _choice(build: Build, catalog: Catalog) -> MapChoice:
    e = build.estimate
    gpu = catalog.records["gpus"].get(build.gpu_id)
    # a machine with no card of its own is named by what it is (#28): "CPU only", or the ready-made box
    system = system_part(build)
    name = (
        gpu.name
        if gpu
        else "CPU only"
        if build.gpu_count == 0
        else system_short_name(system.name, system.spec)
        if system is not None
        else build.parts[0].name
        if build.parts
        else build.gpu_id
    )
    return MapChoice(
        gpu=build.gpu_id,
        gpu_name=name,
        count=build.gpu_count * build.nodes,
        nodes=build.nodes,
        machine=machine_of(build),
        price=build.total_price,
        currency=build.currency,
        decode_tokens_per_s=e.decode_tokens_per_s,
        gpu_hours=e.gpu_hours,
    )


# --------------------------------------------------------------------------- the map


@dataclasses.dataclass
class MapCache:
    """Memory a job needs before it is split over GPUs, by model and workload.

    Weights, KV cache, gradients and optimizer states do not depend on which GPU runs them (nor on
    prices), so one estimate serves every GPU and every re-solve after a price or filter change.
    """

    need_bytes: dict[tuple[str, str], int] = dataclasses.field(default_factory=dict)

    def need(self, model: ModelArch, workload: Workload, reference: Gpu) -> int:
        key = (model.model_dump_json(), workload.model_dump_json())
        if key not in self.need_bytes:
            resolved = workload.resolved(model.max_context)
            needs = []
            for engine in engines_to_try(workload, resolved):
                wl = (
                    workload
                    if not engine or engine == workload.engine
                    else workload.model_copy(update={"engine": engine})
                )
                b = estimate(model, wl, reference, 1).breakdown
                needs.append(b.weights + b.kv_cache + b.gradients + b.optimizer_states)
            self.need_bytes[key] = min(needs)
        return self.need_bytes[key]


def _subset(catalog: Catalog, gpu_ids: Sequence[str]) -> Catalog:
    """The catalog with only these GPUs: one plan over a few candidates instead of all of them."""
    gpus = catalog.records["gpus"]
    return dataclasses.replace(catalog, records={**catalog.records, "gpus": {g: gpus[g] for g in gpu_ids}})


@dataclasses.dataclass(frozen=True)
class PlatformFloor:
    """The least any machine's parts other than GPUs can cost: the cheapest CPU, memory, case, cooler and
    storage (boards and PSUs may come with a chassis, so they count as nothing). A lower bound only; for
    passive cards (COOL-2) the case is the cheapest ducted server chassis."""

    any_case: float
    ducted_case: float | None  # None: no ducted chassis has a price, so a passive card has no machine

    def for_gpu(self, gpu: Gpu) -> float | None:
        return self.ducted_case if needs_ducted(gpu) else self.any_case


def _platform_floor(catalog: Catalog, request: BuildRequest) -> PlatformFloor:
    def cheapest(kind: str, keep: Callable[[Record], bool] = lambda _r: True) -> float | None:
        amounts = [
            q.amount
            for r in catalog.kind(kind)
            if keep(r) and (q := quote(r, catalog, request.currency, request.condition, request.tax_basis))
        ]
        return min(amounts, default=None)

    rest = sum(cheapest(kind) or 0.0 for kind in ("cpus", "memory", "coolers", "storage"))
    ducted_case = cheapest("chassis", lambda r: isinstance(r, Chassis) and ducted(r))
    return PlatformFloor(
        any_case=rest + (cheapest("chassis") or 0.0), ducted_case=None if ducted_case is None else rest + ducted_case
    )


def _server_gpus(catalog: Catalog, request: BuildRequest) -> list[str]:
    ids = {s.gpu for s in catalog.kind("systems") if isinstance(s, System)}
    return [g for g in catalog.records["gpus"] if g in ids and (not request.gpu_ids or g in request.gpu_ids)]


def solve_cell(
    model: ModelArch,
    workload: Workload,
    catalog: Catalog,
    base: BuildRequest,
    cache: MapCache | None = None,
    floor: PlatformFloor | None = None,
    should_stop: Callable[[], bool] = lambda: False,
    alternatives: bool = True,
) -> MapCell:
    """The cheapest machine for one model and workload, with the alternatives within 20 % of its price.

    The GPUs are screened by a lower bound on their price (the fewest cards whose memory holds the
    weights, cache and training state, plus the cheapest possible platform); plans run over the most
    promising few, then over any other GPU whose bound could still beat the best build found, so the
    cheapest is the planner's cheapest over the whole catalog. Only when no single machine holds the
    job are ready-made servers and clusters of them tried.

    A cell reads its builds' prices and speeds, never their estimates' words: its plans estimate without them
    (estimator.numbers_only, memos of their own).
    """
    with numbers_only():
        return _solve_cell(model, workload, catalog, base, cache, floor, should_stop, alternatives)


def _solve_cell(
    model: ModelArch,
    workload: Workload,
    catalog: Catalog,
    base: BuildRequest,
    cache: MapCache | None,
    floor: PlatformFloor | None,
    should_stop: Callable[[], bool],
    alternatives: bool,
) -> MapCell:
    cache = cache or MapCache()
    request, cell = _cell_request(model, workload, base)
    systems = request.system_ids
    # the named ready-made systems (`map --gpu mac-studio-...`) are planned on their own (_CellSearch.systems); the
    # GPUs' plans name only GPUs: a named system left in them would make each of them a plan of that system alone
    request = request.model_copy(update={"system_ids": ()})
    solving = request.model_copy(
        update={"gpu_ids": (), "budget": None, "top_k": 1, "allow_clusters": False, "owned": ()}
    )
    floor = _platform_floor(catalog, request) if floor is None else floor
    # systems named without a GPU: no machine is assembled from parts
    gpus = [g for g in catalog.gpus if gpu_allowed(g, request) is None] if request.gpu_ids or not systems else []
    if not gpus and not systems:
        return _unanswered(cell, Reason.of("map.no-gpu"))
    bounds, too_small = (
        _price_bounds(gpus, cache.need(model, workload, gpus[0]), catalog, request, floor) if gpus else ([], [])
    )
    search = _CellSearch(catalog, model, request, should_stop)
    search.screen(bounds, solving)
    if search.builds and alternatives and not should_stop():
        search.alternatives(bounds, solving)
    if not search.builds and gpus and not should_stop():
        # no machine built from parts: ready-made servers, or several of them
        servers = _server_gpus(catalog, request)
        if servers:
            chosen = [catalog.records["gpus"][g] for g in servers]
            search.run(chosen, solving.model_copy(update={"allow_clusters": True}))  # type: ignore[arg-type]
    if systems and not should_stop():
        search.systems(systems, solving)
    if should_stop():
        return _unanswered(cell, Reason.of("map.stopped"))
    if systems and not search.builds and not gpus:
        return _unanswered(cell, Reason.of("map.no-system", systems=systems))
    ranked = search.ranked(solving)
    if not ranked:
        return _unanswered(cell, *_why_not(search.reasons, too_small, bounds, request))
    return _cell_of(cell, ranked, base, catalog)


class _CellFields(TypedDict):
    """What every MapCell of one model and workload carries, whatever its answer."""

    model: str
    model_name: str
    params: int
    moe: bool
    precision: str
    method: str | None
    request: BuildRequest


def _cell_request(model: ModelArch, workload: Workload, base: BuildRequest) -> tuple[BuildRequest, _CellFields]:
    """The cell's own request (the one a click opens) and the fields every MapCell of it carries."""
    resolved = workload.resolved(model.max_context)
    # a deadline is the user's training job's (its tokens); no map cell carries tokens, and inference takes none: kept,
    # it made every cell's request invalid and the whole map failed when opened from a pretraining request
    request = base.model_copy(update={"model_id": model.id, "workload": workload, "deadline_hours": None})
    # the cell's request carries its speed floor, so the plan a click opens shows the cell's build
    request = request.model_copy(update={"min_decode_tps": speed_floor(request)})
    cell: _CellFields = {
        "model": model.id,
        "model_name": model.name,
        "params": int(round(model.params_total_b * 1e9)),
        "moe": is_moe(model),
        "precision": resolved.precision or "bf16",
        "method": resolved.method if resolved.kind == "finetune" else None,
        "request": request,
    }
    return request, cell


_Bound = tuple[float, Gpu, int, float]
"""(price bound, GPU, fewest cards, its platform floor)"""


def _price_bounds(
    gpus: Sequence[Gpu], need: float, catalog: Catalog, request: BuildRequest, floor: PlatformFloor
) -> tuple[list[_Bound], list[tuple[int, Gpu]]]:
    """Each GPU's lower bound on a machine's price, cheapest first, and the GPUs too small for one machine."""
    bounds: list[_Bound] = []
    too_small: list[tuple[int, Gpu]] = []
    for gpu in gpus:
        q = quote(gpu, catalog, request.currency, request.condition, request.tax_basis)
        platform_floor = floor.for_gpu(gpu)
        if q is None or platform_floor is None:
            continue
        cards = max(1, math.ceil(need / (gpu.memory_gib * GIB)))  # the estimator's capacity: a lower bound on cards
        if cards > request.max_gpus:
            too_small.append((cards, gpu))
            continue
        bounds.append((cards * q.amount + platform_floor, gpu, cards, platform_floor))
    bounds.sort(key=lambda b: (b[0], b[1].id))
    return bounds, too_small


class _CellSearch:
    """The plans one map cell runs, and the cheapest build found for each GPU."""

    def __init__(
        self, catalog: Catalog, model: ModelArch, request: BuildRequest, should_stop: Callable[[], bool]
    ) -> None:
        self.catalog, self.model, self.request, self.should_stop = catalog, model, request, should_stop
        self.builds: dict[str, Build] = {}
        self.spare: dict[str, Build] = {}  # machines without a GPU the plans offered (the sources of #28)
        self.reasons: list[tuple[Reason, ...]] = []  # each failed plan's Infeasible.clauses
        self.failed: set[str] = set()  # GPUs a plan has shown cannot run this cell

    def run(self, chosen: list[Gpu], req: BuildRequest, compare: bool = False) -> None:
        ids = tuple(g.id for g in chosen)
        # compare: two or more named GPUs give the planner's comparison, the cheapest build for each, every one of them
        # shown: at the cell's top_k of 1 the comparison had shown only its first build in the sources' order, not the
        # cheapest (qwen3-14b fp16: a P100 + P40 mix at 1,465 USD, where 2 x P100 at 1,277 and an MI50 at 1,081 exist)
        comparing = compare and len(ids) > 1
        req = req.model_copy(
            update={"gpu_ids": ids if comparing else (), "top_k": len(ids) if comparing else req.top_k}
        )
        # "only these GPUs": no machine without one of them (a CPU-only box, a mini PC: the plan's sources, #28)
        result = plan(
            req,
            _subset(self.catalog, ids),
            model=self.model,
            time_budget=CELL_TIME_BUDGET,
            should_stop=self.should_stop,
            relax=False,
            sources=not self.request.gpu_ids,
            cheapest_only=True,  # the cell keeps the one build a top-1 plan shows (a comparison shows each GPU's)
        )
        for build in result.builds:
            kept = self.spare if cpu_only(build) else self.builds  # a CPU-only box never stops the search for a GPU
            if build.gpu_id not in kept or build.total_price < kept[build.gpu_id].total_price:
                kept[build.gpu_id] = build
        if result.infeasible is not None:
            self.reasons.append(result.infeasible.clauses)
        if result.infeasible is not None and result.infeasible.timed_out or self.should_stop():
            return  # a timeout proves nothing
        if not result.builds or compare:
            # a plan that found nothing proves none of its GPUs can; a comparison, that the GPUs it has no build for
            # cannot
            self.failed.update(set(ids) - {b.gpu_id for b in result.builds})

    def systems(self, systems: tuple[str, ...], solving: BuildRequest) -> None:
        """The ready-made systems named (a Mac Studio, a DGX Spark, a GPU server), each its own machine: one plan of
        them alone (the plan's named-systems source), each kept under its own id (two Macs share a GPU id)."""
        req = solving.model_copy(update={"system_ids": systems, "top_k": min(10, len(systems) + 1)})
        result = plan(
            req, self.catalog, model=self.model, time_budget=CELL_TIME_BUDGET, should_stop=self.should_stop, relax=False
        )
        for build in result.builds:
            system = system_part(build)
            key = system.id if system is not None else build.gpu_id
            if key not in self.builds or build.total_price < self.builds[key].total_price:
                self.builds[key] = build
        if result.infeasible is not None:
            self.reasons.append(result.infeasible.clauses)

    def _platform_of_best(self) -> tuple[Build, float]:
        best = min(self.builds.values(), key=lambda b: b.total_price)
        return best, best.total_price - sum(p.subtotal for p in best.parts if p.category == "gpu")

    def screen(self, bounds: list[_Bound], solving: BuildRequest) -> None:
        """The most promising few first, then ever larger batches in bound order until one machine is found; then
        every GPU whose bound could still beat it."""
        rest = list(bounds)
        batch = SCREEN_FIRST
        while rest and not self.builds and not self.should_stop():
            self.run([g for _b, g, _n, _f in rest[:batch]], solving)
            rest, batch = rest[batch:], 2 * batch
        if not self.builds or not rest or self.should_stop():
            return
        best, platform = self._platform_of_best()

        # the rest of the machine for as many cards or more costs about what the best build's does
        # (PLATFORM_SHARE of it, to leave room for a cheaper board or case); fewer cards: the floor
        def estimate_total(bound: float, n: int, platform_floor: float) -> float:
            return bound - platform_floor + (PLATFORM_SHARE * platform if n >= best.gpu_count else platform_floor)

        contenders = [g for b, g, n, f in rest if estimate_total(b, n, f) < best.total_price]
        if contenders:
            self.run(contenders, solving)

    def alternatives(self, bounds: list[_Bound], solving: BuildRequest) -> None:
        """Up to MAX_ALTERNATIVES other GPUs within ALTERNATIVE_MARGIN of the cheapest build's price."""
        best, platform = self._platform_of_best()
        limit = best.total_price * (1 + ALTERNATIVE_MARGIN)
        wanted = MAX_ALTERNATIVES - sum(1 for b in self.builds.values() if b is not best and b.total_price <= limit)
        close = [
            g
            for b, g, n, f in bounds
            if g.id not in self.builds and g.id not in self.failed and b - f + PLATFORM_SHARE * platform <= limit
        ]
        if wanted > 0 and close:
            if best.parts and best.parts[0].category == "base":
                # a used workstation base plus a card (base39) is offered only where no GPU is named, as a comparison
                # names them: each close GPU is then planned on its own, so a base with that card is its cheapest
                # machine too (the 1B cell at 100 tokens/s had shown a T5810 + RTX 2070 at 410 USD with one
                # alternative, where a T5810 with an RTX 2060 12GB or an RTX 3070 is within 20 %), in bound order until
                # enough are found (a passive P100 or MI50 first in that order goes into no base: BASE-1)
                for gpu in close[:BASE_ALTERNATIVE_PLANS]:
                    self.run([gpu], solving)
                    found = sum(1 for b in self.builds.values() if b is not best and b.total_price <= limit)
                    if found >= MAX_ALTERNATIVES or self.should_stop():
                        break
            else:
                self.run(close[: wanted + 1], solving, compare=True)

    def ranked(self, solving: BuildRequest) -> list[Build]:
        """The builds found, at one price the faster machine first."""
        builds = dict(self.builds)
        # as in the plan a click opens: a slow CPU-only box (its prompts wait minutes) is never "cheapest" beside a
        # machine with a GPU (solve.ranking, #27)
        for key, box in self.spare.items():
            if not (builds and measure(box, solving).slow_cpu_only) and (
                key not in builds or box.total_price < builds[key].total_price
            ):
                builds[key] = box
        return sorted(
            builds.values(),
            key=lambda b: (
                round(b.total_price, 2),
                -(b.estimate.decode_tokens_per_s or 0.0),
                b.estimate.wall_hours or 0.0,
                b.gpu_id,
            ),
        )


def _unanswered(cell: _CellFields, *why: Reason) -> MapCell:
    """A cell no machine answers, with why (its English in `reason`)."""
    return MapCell(**cell, cheapest=None, reason="; ".join(english(r) for r in why), why=why)


def _cell_of(cell: _CellFields, ranked: list[Build], base: BuildRequest, catalog: Catalog) -> MapCell:
    """The cell: its cheapest machine within the budget and the others within ALTERNATIVE_MARGIN of its price."""
    cheapest = ranked[0]
    if base.budget is not None and cheapest.total_price > base.budget:
        over = Reason.of(
            "map.over-budget",
            count=cheapest.gpu_count * cheapest.nodes,
            gpu=cheapest.gpu_id,
            price=cheapest.total_price,
            currency=cheapest.currency,
            budget=base.budget,
        )
        return _unanswered(cell, over)
    limit = cheapest.total_price * (1 + ALTERNATIVE_MARGIN)
    close_by = tuple(
        _choice(b, catalog)
        for b in ranked[1:]
        if b.total_price <= limit and (base.budget is None or b.total_price <= base.budget)
    )
    return MapCell(**cell, cheapest=_choice(cheapest, catalog), alternatives=close_by)


def _why_not(
    reasons: list[tuple[Reason, ...]],
    too_small: list[tuple[int, Gpu]],
    bounds: list[tuple[float, Gpu, int, float]],
    request: BuildRequest,
) -> tuple[Reason, ...]:
    if too_small and not bounds:
        cards, gpu = min(too_small, key=lambda c: (c[0], -c[1].vram_gb))
        return (Reason.of("map.too-small", count=cards, vram_gb=gpu.vram_gb, gpu=gpu.name, max_gpus=request.max_gpus),)
    if not bounds and not too_small:
        condition = request.condition if request.condition != "any" else ""
        return (Reason.of("map.no-price", condition=condition, currency=request.currency),)
    return reasons[0] if reasons else (Reason.of("map.no-build"),)


def recommendation_map(
    catalog: Catalog,
    workloads: Sequence[Workload],
    models: Sequence[ModelArch] | None = None,
    base: BuildRequest | None = None,
    cache: MapCache | None = None,
    on_cell: Callable[[MapCell, int, int], None] = lambda _cell, _done, _total: None,
    should_stop: Callable[[], bool] = lambda: False,
    alternatives: bool = True,
    workers: MapWorkers | None = None,
) -> RecommendationMap:
    """The cheapest configuration for every model x workload, with the user's prices and GPU filter.

    `base` carries everything but the model and workload (currency, condition, circuit, GPU filter,
    budget, region); `on_cell` hears about each cell as it is solved. A cell that cannot be solved
    carries its reason; the map never fails for one cell. With `workers` (MapWorkers for this catalog) the
    cells are solved in parallel and heard about as they finish, in any order; the map's cells keep their order.
    """
    started = time.monotonic()
    base = base or BuildRequest(model_id="")
    error = unknown_ids(base.gpu_ids, catalog.records["gpus"], "GPU") or unknown_ids(
        base.system_ids, catalog.records["systems"], "system"
    )
    if error:
        raise error
    models = list(models) if models is not None else default_models(catalog)
    cache = cache or MapCache()
    floor = _platform_floor(catalog, base)
    tasks = [(model, workload) for model in models for workload in workloads]
    solved: dict[int, MapCell] = {}

    def tell(cell: MapCell) -> None:
        on_cell(cell, len(solved), len(tasks))

    if workers is not None and len(tasks) > 1:
        if workers.forks_warm and not should_stop():
            # the first cell here, before the workers fork: each inherits its memos (the parts' fits and platforms
            # every cell reads) and pydantic's validators instead of building them at its own first cell. The default
            # grid: the workers' CPU 5.1-6.0 -> 4.7-5.1 s, this process's +0.13 s (3 runs each, 2026-12-04, #34)
            solved[0] = solve_cell(*tasks[0], catalog, base, cache, floor, should_stop, alternatives)
            tell(solved[0])

        def collect(index: int, cell: MapCell) -> None:
            solved[index] = cell
            tell(cell)

        workers.solve(tasks, base, floor, alternatives, collect, should_stop, skip=frozenset(solved))
    for i, (model, workload) in enumerate(tasks):
        if should_stop():
            break
        if i not in solved:  # in this process: no workers, or the ones that failed
            solved[i] = solve_cell(model, workload, catalog, base, cache, floor, should_stop, alternatives)
            tell(solved[i])
    cells = tuple(solved[i] for i in sorted(solved))
    return RecommendationMap(cells=cells, currency=base.currency, seconds=time.monotonic() - started)


# --------------------------------------------------------------------------- the value ranking


class RankedGpu(_Frozen):
    """One GPU (alone or several) that runs the job, with what it costs per unit of speed."""

    gpu: str
    gpu_name: str
    count: int
    price: float  # count x unit price in the chosen condition
    currency: str
    unit_price_new: float | None
    unit_price_used: float | None
    decode_tokens_per_s: float | None
    train_tokens_per_s: float | None
    price_per_tps: float | None  # per decode token/s (inference) or per training token/s
    price_per_gb: float  # unit price per GB of VRAM
    power_w: float
    engine: str | None
    caveats: tuple[str, ...]  # the English of `modified` (first) and `warnings`
    warnings: tuple[Check, ...] = ()  # the software stack's warnings and failures (support.check_stack), as codes
    modified: bool = False  # a refurbisher's board (caveat.modified)

    def to_json(self) -> RankedGpuJson:
        """One element of `llm-rig rank --json` (a scripting contract: keep its shape)."""
        return {
            "gpu": self.gpu,
            "count": self.count,
            "price": round(self.price, 2),
            "decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "price_per_tps": _round(self.price_per_tps),
            "price_per_gb": round(self.price_per_gb, 2),
            "caveats": list(self.caveats),
            "train_tokens_per_s": _round(self.train_tokens_per_s),
            "power_w": round(self.power_w, 1),
            "unit_price_new": _round(self.unit_price_new),
            "unit_price_used": _round(self.unit_price_used),
            "currency": self.currency,
            "engine": self.engine,
            "caveat_checks": [c.to_json() for c in self.warnings],
            "modified": self.modified,
        }


def value_rows(
    model: ModelArch, workload: Workload, catalog: Catalog, request: BuildRequest, exact_weight_bytes: int | None = None
) -> tuple[ValueRowJson, ...]:
    """The value ranking as plain rows for a printed sheet (SheetMeta.value_ranking): `rank --json` rows with the
    GPU's name. A job the ranking cannot price gives none: the sheet then prints without its table."""
    try:
        ranked = value_ranking(model, workload, catalog, request, exact_weight_bytes)
    except ConfiguratorError:
        return ()
    return tuple(ValueRowJson(**r.to_json(), gpu_name=r.gpu_name) for r in ranked)


def _unit(record: Record, catalog: Catalog, request: BuildRequest, condition: str) -> float | None:
    q = quote(record, catalog, request.currency, condition, request.tax_basis)
    if q is None or (condition == "used" and q.condition == "new"):
        return None
    return q.amount


def value_ranking(
    model: ModelArch,
    workload: Workload,
    catalog: Catalog,
    base: BuildRequest | None = None,
    exact_weight_bytes: int | None = None,
) -> tuple[RankedGpu, ...]:
    """Every card that runs the job (the fewest of it that hold it, up to `max_gpus`), best value first.

    Value is the cards' price per token/s of decode (inference) or of training throughput; the
    speeds and fits are the planner's own GPU options, the caveats the support table's warnings.
    """
    base = base or BuildRequest(model_id=model.id)
    if workload.kind != "inference" and workload.tokens is None:
        workload = workload.model_copy(update={"tokens": TRAINING_REFERENCE_TOKENS})
    error = unknown_ids(base.gpu_ids, catalog.records["gpus"], "GPU")
    if error:
        raise error
    allowed = [
        g.id
        for g in catalog.gpus
        if gpu_allowed(g, base.model_copy(update={"gpu_ids": ()})) is None
        and (not base.gpu_ids or g.id in base.gpu_ids)
    ]
    # every GPU named: the planner keeps each GPU's options instead of pruning dominated ones
    request = base.model_copy(
        update={"model_id": model.id, "workload": workload, "gpu_ids": tuple(allowed), "owned": ()}
    )
    candidates = gpu_options(model, request, catalog, exact_weight_bytes) if len(allowed) > 1 else None
    if candidates is None:
        request = request.model_copy(update={"gpu_ids": ()})
        candidates = gpu_options(model, request, _subset(catalog, allowed), exact_weight_bytes)
    fewest: dict[str, GpuOption] = {}
    for option in candidates.options:
        if option.gpu.id not in fewest or option.count < fewest[option.gpu.id].count:
            fewest[option.gpu.id] = option
    resolved = workload.resolved(model.max_context)
    rows: list[RankedGpu] = []
    for option in fewest.values():
        gpu, e = option.gpu, option.estimate
        unit = option.unit_cost()
        price = unit * option.count
        decode = e.decode_tokens_per_s if resolved.kind == "inference" else None
        train = (
            (workload.tokens / (e.wall_hours * 3600))
            if (resolved.kind != "inference" and e.wall_hours and workload.tokens)
            else None
        )
        speed = decode if decode is not None else train
        engine = e.workload.get("engine")
        run_as = resolved if not engine else resolved.model_copy(update={"engine": engine})
        warnings = tuple(v.check() for v in check_stack(gpu, run_as, model.architecture) if v.status != "pass")
        caveats = [c.message for c in warnings]
        if gpu.modified:
            caveats.insert(0, english(Reason.of("caveat.modified", gpu=gpu.name)))
        rows.append(
            RankedGpu(
                gpu=gpu.id,
                gpu_name=gpu.name,
                count=option.count,
                price=price,
                currency=request.currency,
                unit_price_new=_unit(gpu, catalog, request, "new"),
                unit_price_used=_unit(gpu, catalog, request, "used"),
                decode_tokens_per_s=decode,
                train_tokens_per_s=train,
                price_per_tps=price / speed if speed else None,
                price_per_gb=unit / gpu.vram_gb,
                power_w=gpu.tdp_w * option.count,
                engine=engine,
                caveats=tuple(caveats),
                warnings=warnings,
                modified=gpu.modified,
            )
        )
    rows.sort(key=lambda r: (r.price_per_tps is None, r.price_per_tps or 0.0, r.price, r.gpu))
    return tuple(rows)


# --------------------------------------------------------------------------- on paper

MACHINE_COLOURS: dict[str, str] = {
    "tower": "#cfe8cf",
    "workstation": "#cfe0f5",
    "server": "#f5e3c4",
    "cluster": "#f2c9c9",
    "mini-pc": "#e3d7f2",
    "laptop": "#f3efb8",
}
"""One colour per machine type, shared by the app's map and its printout."""


def map_html(result: RecommendationMap, title: str = "Cheapest machine by model size") -> str:
    """A one-page printout of the map: models down, workloads across, each cell its machine and price."""
    from html import escape

    columns = list(dict.fromkeys(c.column for c in result.cells))
    models = list(dict.fromkeys((c.model, c.model_name, c.params) for c in result.cells))
    by_key = {(c.model, c.column): c for c in result.cells}
    rows = []
    for model_id, name, params in models:
        cells = [f"<td><b>{escape(name)}</b><br/>{params / 1e9:,.1f}B</td>"]
        for column in columns:
            c = by_key.get((model_id, column))
            if c is None or c.cheapest is None:
                cells.append(f"<td style='color:#666'>{escape((c.reason or '') if c else '')[:90]}</td>")
                continue
            ch = c.cheapest
            # a ready-made box's own GPU ("<system>-gpu") is not a card a buyer counts
            what = "" if ch.count == 0 or ch.gpu.endswith("-gpu") else f"{ch.count} x "
            # GPU-hours only for a training run of a given size: without tokens the estimate counts none (it printed "0 GPU-h")
            timed = c.request.workload.kind == "inference" or c.request.workload.tokens is not None
            speed = (
                f" &middot; {ch.decode_tokens_per_s:.3g} tok/s"
                if ch.decode_tokens_per_s is not None
                else f" &middot; {ch.gpu_hours:,.0f} GPU-h"
                if ch.gpu_hours is not None and timed
                else ""
            )
            # the dialog's short names: 'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition' took six lines a cell
            cells.append(
                f"<td style='background:{MACHINE_COLOURS[ch.machine]}'>{what}{escape(short_gpu_name(ch.gpu_name))}"
                f"<br/><b>{ch.price:,.0f}</b> {escape(ch.currency)} &middot; {ch.machine}{speed}</td>"
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    legend = " ".join(
        f"<span style='background:{colour}'>&nbsp;{kind}&nbsp;</span>" for kind, colour in MACHINE_COLOURS.items()
    )
    # a header row in <thead>: Qt repeats it on every printed page, so page 2's columns are named too
    head = "<thead><tr><th>model</th>" + "".join(f"<th>{escape(c)}</th>" for c in columns) + "</tr></thead>"
    return (
        f"<html><body style='font-family:sans-serif;font-size:8pt'><h2>{escape(title)} ({escape(result.currency)})</h2>"
        f"<p>{legend}</p><table border='1' cellspacing='0' cellpadding='3' width='100%'>{head}{''.join(rows)}</table>"
        "<p>Cheapest build that passes every rule, from the catalog's dated prices"
        + (f"; {escape(note)}" if (note := result.speed_note()) else "")
        + "; cells without a machine say why.</p></body></html>"
    )
