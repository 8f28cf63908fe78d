"""Solve on the GPU options that can matter, and prove that the others could not do better.

A catalog ten times larger gives the CP-SAT model ten times the GPU options, and most of
them cannot be the answer to any label: a card whose own price plus the cheapest parts
around it already exceeds the cheapest build found is never the cheapest build. The lazy
model solves among a few promising options, then checks every option left out against a
bound on what it could reach (price, speed points, noise, room to grow, each from the same
per-option terms and part prices the CP-SAT model sums). Only when one could beat the answer
is it added and the label solved again. The answer is as optimal as the full model's; ties
between equally good builds may fall differently, the same way on every run.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, Motherboard
from configurator.core.model.request import BuildRequest
from configurator.core.rules import REGISTRY, Rule
from configurator.core.rules.facts import CpuSeat, OptionNeed
from configurator.core.solve.candidates import (
    Candidates,
    GpuOption,
    noise_score,
    option_merit,
    option_price,
    option_signature,
)
from configurator.core.solve.prune import prune
from configurator.core.solve.solver import (
    SMALL_MODEL_OPTIONS,
    BuildModel,
    Choice,
    SolvedValues,
    geometry_class,
    open_air_flagships,
    option_cost,
    option_watts,
    perf_scale_for,
    usable_placement,
)

LAZY_FROM = SMALL_MODEL_OPTIONS
"""Below this many GPU options the whole model is small: solve it at once (the subset is every
option within the budget)."""
FIRST_PICKS = 8
"""How many options each label's ordering contributes to the first subset."""
LOOSE_BOUNDS = frozenset({"noise", "grow"})
"""Objectives whose bounds on an option left out are loose: the quietest build's parts around the cards are only
floored (noise_floor), and the cheapest build with room for one more card is bounded by the cheapest build of all. Where every
option together is still a small model, their labels are solved over all of them at once: the first subset's answer
was rarely proved (70B Q4_K_M at 16k, top 5: both labels regrew it, 25 options to 44 to 63, a model and a solve each)."""


def bounding(kind: str) -> tuple[Rule, ...]:
    """The registered rules that bound the cheapest part of `kind` around a GPU option (Rule.bounds)."""
    return tuple(rule for rule in REGISTRY.values() if kind in rule.bounds)


def admitted(rules: tuple[Rule, ...], kind: str, need: OptionNeed, part: Any) -> bool:
    """Every rule bounding `kind` admits the part for this option (each the rule's own test, as the model applies it)."""
    return all(rule.admits(kind, need, part) for rule in rules)


def price_floor(cand: Candidates) -> int:
    """No build costs less than the cheapest part of every kind around its GPUs (a barebone's
    included PSU counts as free): what the part lists say before any model is built."""

    def cheapest(parts: list[Any]) -> int:  # each part rounded as BuildModel._cost rounds it
        return min((int(round(p.amount * max(0, 1 - p.owned))) if p.quote is not None else 0 for p in parts), default=0)

    included_psu = any(getattr(h.record, "included_psu_w", None) for h in cand.chassis)
    total = sum(
        cheapest(parts) for parts in (cand.boards, cand.cpus, cand.chassis, cand.memory, cand.coolers, cand.storage)
    )
    return total + (0 if included_psu else cheapest(cand.psus))


class LazyBuildModel:
    """BuildModel's solving interface (what run_labels uses) over a growing subset of options."""

    def __init__(
        self,
        request: BuildRequest,
        cand: Candidates,
        model_arch: ModelArch,
        catalog: Catalog,
        cost_cap: float | None = None,
    ):
        self.request, self.c, self.model_arch, self.catalog, self.cost_cap = (
            request,
            cand,
            model_arch,
            catalog,
            cost_cap,
        )
        self.full: list[GpuOption] = list(cand.options)
        self.perf_scale = perf_scale_for(self.full)
        self.active: list[int] = []
        self.excluded: list[int] = []  # indexes into self.full
        self.avoided: list[int] = []  # indexes into self.full, left out of the next solves only (avoid_options)
        self.builds_excluded: list[Choice] = []
        self.reopened: int | None = None  # an index into self.full the next solves may use again (reopen_option)
        self.rebuilds = 0
        self._proved: list[int] = []  # options back from their stand-in, proved no better for room to grow (_unhide)
        # Stand-ins. A CPU, or a GPU option, stands for those that differ from it only in drawing less power:
        # they are left out, and it is credited with the watts they save (a relaxation: no build is lost).
        # Each answer is checked at real power by the same model with its choices fixed; when a stand-in's
        # credit broke a rule, that stand-in loses its credit and what it stood for comes back. The bounds
        # below hold throughout: what is left out is no cheaper and no faster than what stands for it.
        self.option_stand_in: dict[int, int] = {}  # index left out -> index standing for it
        if len(request.gpu_ids) < 2:  # a comparison of named GPUs keeps every one of them
            prune(
                self.full,
                lambda o: (*option_signature(o), open_air_flagships(o)),
                lambda o: option_merit(o, False),
                option_price,
                keep=lambda o: o.owned > 0,
                dominated_by=self.option_stand_in,
            )
        self.option_credit_w: dict[int, tuple[int, int, int, int]] = {}  # by id() of the option
        for dropped, kept in self.option_stand_in.items():
            mine = option_watts(self.full[kept], request.power_limit)
            theirs = option_watts(self.full[dropped], request.power_limit)
            before = self.option_credit_w.get(id(self.full[kept]), (0, 0, 0, 0))
            self.option_credit_w[id(self.full[kept])] = (
                max(before[0], mine[0] - theirs[0]),
                max(before[1], mine[1] - theirs[1]),
                max(before[2], mine[2] - theirs[2]),
                max(before[3], mine[3] - theirs[3]),
            )
        self.options_hidden = set(self.option_stand_in)
        self.cpu_credit_w = dict(cand.cpu_slack_w)
        self.cpus_hidden = set(cand.cpu_stand_in)
        self._floors: dict[int, int] = {}
        self.floor = price_floor(cand)  # a first, looser floor from the part lists; the model's own below
        self.perf_extra = self.noise_floor = 0
        limit = self._price_limit()
        self._every_option = [i for i, o in enumerate(self.full) if limit is None or self.lower_cost(i) <= limit]
        self.possible = [i for i in self._every_option if i not in self.options_hidden]
        self.bm = self._model(self._first_subset())
        # the platform terms do not depend on the options: any model of the subset gives them
        self.floor, self.perf_extra, self.noise_floor = (
            self.bm.platform_floor,
            self.bm.perf_extra_max,
            self.bm.noise_floor,
        )
        self._floors = self._option_floors(self.bm)

        # an option whose cards and cheapest parts exceed the budget is in no build at all
        def holdable(i: int) -> bool:  # within the budget, and some board and case hold its cards
            return (limit is None or self.lower_cost(i) <= limit) and (
                self._floors[i] < 10**12 or bool(self.full[i].owned)
            )

        self._every_option = [i for i in self._every_option if holdable(i)]
        self.possible = [i for i in self._every_option if i not in self.options_hidden]

    # ------------------------------------------------------------------ bounds, from the model's own terms

    def lower_cost(self, i: int) -> int:
        return option_cost(self.full[i]) + self._floors.get(i, self.floor)

    def _option_floors(self, bm: BuildModel) -> dict[int, int]:
        """The cheapest parts that could go with each option: a board its cards fit on (seated or on
        risers) with the cheapest CPU for that board's socket, a case long and large enough, a PSU
        that carries the cards at its target load, enough RAM; the same tests the model applies."""

        inf = 10**12
        cpus: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
        for cpu, price in zip(bm.cpus, bm.cpu_paid):
            cpus.setdefault((cpu.socket, cpu.memory_type), []).append((price, cpu.cores, cpu.platform))
        for listed in cpus.values():
            listed.sort()
        cpu_least: dict[tuple[str, str, int, int, int], int] = {}
        by = {kind: bounding(kind) for kind in ("cpu", "chassis", "psu", "memory")}

        def cheapest_cpu(board: Motherboard, need: OptionNeed) -> int:
            """The cheapest CPU the board takes that every CPU bound admits (CPU-1: four cores per GPU, over both
            sockets, a dual-GPU card two; PCI-3: no consumer CPU with three or more cards)."""
            key = (board.socket, board.memory_type, board.cpu_sockets, need.gpus, need.gpu.gpus_per_card)
            if key not in cpu_least:
                cpu_least[key] = next(
                    (
                        price
                        for price, cores, platform in cpus.get((board.socket, board.memory_type), [])
                        if admitted(by["cpu"], "cpu", need, CpuSeat(cores * board.cpu_sockets, platform))
                    ),
                    inf,
                )
            return cpu_least[key]

        def seated(board: Motherboard, o: GpuOption) -> bool:
            """As BuildModel._gpu_geometry: in the board's slots or on risers, with the lanes the job needs."""
            return any(usable_placement(self.c, board, o, risers, bm.training) is not None for risers in (False, True))

        hosts = sorted(zip(bm.board_paid, range(len(bm.boards))))
        rest = min(bm.cooler_paid, default=0) + min(bm.storage_paid, default=0)
        chassis = sorted(zip(bm.chassis_paid, range(len(bm.chassis))))
        psus = sorted(zip(bm.psu_paid, (ps.capacity_w for ps in bm.psu_choices)))
        memory = sorted(zip(bm.mem_paid, (mk.record.total_gb * k for mk, k in bm.mem_choices)))  # type: ignore[attr-defined]
        seats: dict[tuple[object, ...], int] = {}
        out: dict[int, int] = {}
        for i in self._every_option:  # the options stood for too, for after `_without_credit`
            o = self.full[i]
            # the model's sustained watts, less the option's credit (a bound for the options it stands for too)
            watts = option_watts(o, self.request.power_limit)[0] - self.option_credit_w.get(id(o), (0, 0, 0, 0))[0]
            need = OptionNeed(o.gpu, o.count, watts, o.vram_gb, o.estimate.host_ram_bytes, o.estimate.workload)
            geometry = geometry_class(o, bm.training)
            if geometry not in seats:
                seats[geometry] = min(
                    (price + cheapest_cpu(bm.boards[k], need) for price, k in hosts if seated(bm.boards[k], o)),
                    default=inf,
                )
            case = next((price for price, k in chassis if admitted(by["chassis"], "chassis", need, bm.chassis[k])), inf)
            supply = next((price for price, capacity in psus if admitted(by["psu"], "psu", need, capacity)), inf)
            kit = next((price for price, gb in memory if admitted(by["memory"], "memory", need, gb)), inf)
            out[i] = min(inf, seats[geometry] + case + supply + kit + rest)
        return out

    def perf_bound(self, i: int) -> int:
        return self.perf_points(self.full[i]) + self.perf_extra

    def noise_bound(self, i: int) -> int:
        o = self.full[i]
        return noise_score(o.gpu, o.count) + self.noise_floor

    def _price_limit(self) -> int | None:
        limits = [int(self.request.budget)] if self.request.budget is not None else []
        if self.cost_cap is not None:
            limits.append(int(self.cost_cap))
        return min(limits) if limits else None

    def may_beat(self, i: int, objective: str, values: SolvedValues | None) -> bool:
        """Could a build with option i do better than the answer `values` on `objective`?"""
        if values is None:
            return True  # nothing found among the subset: any option left out might fit
        cost = self.lower_cost(i)
        if objective in ("cost", "grow"):  # "grow": the cheapest with room for one more card (BuildModel._room)
            return (cost, -self.perf_bound(i)) < (values["cost"], -values["perf"])
        if objective == "perf":
            return (self.perf_bound(i), -cost) > (values["perf"], -values["cost"])
        if objective == "noise":
            return (self.noise_bound(i), cost) < (values["noise"], values["cost"])
        if objective.startswith("value:"):
            weight = int(round(float(objective.split(":", 1)[1]) * 1000))
            return self.perf_bound(i) * 1000 - weight * cost > values["perf"] * 1000 - weight * values["cost"]
        return True

    # ------------------------------------------------------------------ the subset

    def _first_subset(self) -> list[int]:
        if len(self.possible) < LAZY_FROM:
            return list(self.possible)
        orders = [
            sorted(self.possible, key=lambda i: (self.lower_cost(i), i)),
            sorted(self.possible, key=lambda i: (-self.perf_bound(i), self.lower_cost(i), i)),
            sorted(self.possible, key=lambda i: (self.noise_bound(i), self.lower_cost(i), i)),
            sorted(self.possible, key=lambda i: (-self.perf_bound(i) / max(self.lower_cost(i), 1), i)),
        ]
        chosen = {i for i in self.possible if self.full[i].owned}
        for order in orders:
            chosen.update(order[:FIRST_PICKS])
        return sorted(chosen)

    def _model_of(self, options: list[int]) -> BuildModel:
        """A model of `options` (indices into the full list), without the CPUs set aside, at the lazy model's speed
        scale and credits."""
        sub = replace(self.c, options=[self.full[i] for i in options])
        if self.cpus_hidden:
            sub = replace(sub, cpus=[p for p in self.c.cpus if p.record.id not in self.cpus_hidden])
        return BuildModel(
            self.request,
            sub,
            self.model_arch,
            self.catalog,
            self.cost_cap,
            self.perf_scale,
            cpu_slack_w=self.cpu_credit_w,
            option_credit_w=self.option_credit_w,
        )

    def _model(self, active: list[int]) -> BuildModel:
        self.active = sorted(active)
        bm = self._model_of(self.active)
        position = {full: k for k, full in enumerate(self.active)}
        for choice in self.builds_excluded:
            bm.exclude_build(choice)
        for i in self.excluded:
            if i in position:
                bm.exclude_option(position[i])
        bm.avoid_options([position[i] for i in self.avoided if i in position])
        bm.reopen_option(position.get(self.reopened) if self.reopened is not None else None)
        return bm

    def _without_credit(self, choice: Choice) -> None:
        """The answer broke a rule at real power: its stand-ins lose their credit, and what they stood for
        comes back (every stand-in's, should neither of its parts hold one)."""
        option = self.option_index(choice.option)
        cpu = choice.cpu.record.id
        credited = id(self.full[option]) in self.option_credit_w or cpu in self.cpu_credit_w
        for i in [option] if credited else [self.option_index(o) for o in self.full if id(o) in self.option_credit_w]:
            self.option_credit_w.pop(id(self.full[i]), None)
            self.options_hidden -= {q for q, p in self.option_stand_in.items() if p == i}
        for kept in [cpu] if credited else list(self.cpu_credit_w):
            self.cpu_credit_w.pop(kept, None)
            self.cpus_hidden -= {d for d, k in self.c.cpu_stand_in.items() if k == kept}
        self.possible = [i for i in self._every_option if i not in self.options_hidden]
        self._grow_subset([])

    def _grow_subset(self, more: list[int]) -> None:
        self.rebuilds += 1
        before = self.bm
        more, self._proved = [*more, *self._proved], []
        self.bm = self._model(sorted(set(self.active) | set(more)))
        self.bm.carried_hint(before)

    # ------------------------------------------------------------------ BuildModel's interface

    @property
    def last_status(self) -> str:
        return self.bm.last_status

    def solve(self, objective: str, time_limit: float = 2.0, bound: tuple[str, int] | None = None) -> Choice | None:
        if self._proved:
            self._grow_subset([])  # what came back proved unable to beat room to grow's answer joins the model now
        if objective in LOOSE_BOUNDS and len(self.possible) <= SMALL_MODEL_OPTIONS and self._left(objective == "grow"):
            self._grow_subset(
                self._left(objective == "grow")
            )  # a subset would rarely prove them: one solve over every option instead
        while True:
            choice = self.bm.solve(objective, time_limit, bound)
            if self.bm.last_status == "unknown":
                return choice  # out of time: nothing to prove against
            if choice is not None and not self.bm.holds_without_credit(choice):
                self._without_credit(choice)
                continue
            values = self.bm.last_values if choice is not None else None
            if objective == "grow" and self._unhide(
                [i for i in self.options_hidden if self.may_beat(i, "grow", values)], values, time_limit
            ):
                continue
            left = self._left(used=objective == "grow")  # room to grow may take a card an earlier label took
            left = [i for i in left if i not in self._proved]
            # under a bound on speed (solver._as_fast_for_less) an option whose speed cannot reach it cannot answer
            floor = bound[1] if bound is not None and bound[0] == "perf" else None
            beating = [
                i
                for i in left
                if self.may_beat(i, objective, values) and (floor is None or self.perf_bound(i) >= floor)
            ]
            if not beating:
                return choice
            if len(self.possible) <= SMALL_MODEL_OPTIONS:
                # every option together is a small model, and a label the subset could not prove (quietest, room to
                # grow: their bounds are loose) leaves the labels after it as unproven: one model of all that is
                # left, not a regrowth per label (70B top-5: 13 solves, not 15; the same builds)
                self._grow_subset(left)
            elif choice is None or len(beating) > len(self.active):
                self._grow_subset(beating)  # nothing found, or many could beat it: take them all
            else:
                self._grow_subset(
                    sorted(beating, key=lambda i: (self.lower_cost(i), i))[: max(FIRST_PICKS, len(beating))]
                )

    def _unhide(self, stood_for: list[int], values: SolvedValues | None, time_limit: float) -> bool:
        """Options a stand-in stood for, back in the model (and in every solve after): room for one more card is no
        relaxation of them (BuildModel._room: a card with less memory asks less RAM for two, a card drawing less a
        smaller PSU), so the stand-in's answer proves nothing about them. Whether the model was rebuilt with them (and
        is to be solved again): not when a model of them alone cannot beat the answer (_beats_alone); they join the
        model at its next solve then."""
        back = [i for i in stood_for if i in self._every_option]
        if not back:
            return False
        self.options_hidden -= set(back)
        self.possible = [i for i in self._every_option if i not in self.options_hidden]
        if values is not None and not self._beats_alone(back, values, time_limit):
            self._proved.extend(back)
            return False
        self._grow_subset(back)
        return True

    def _beats_alone(self, options: list[int], values: SolvedValues, time_limit: float) -> bool:
        """Whether room to grow on `options` alone could be as good as the answer `values` (cheaper, or as cheap and
        as fast: a tie is left to the model of them all). A model of these options only, with the lazy model's speed
        scale and credits and without the builds and options later labels leave out: a relaxation of the model they
        would join, so when it cannot beat the answer, nor can that model (#34: the 70B top-5 rebuilt a model of 65
        options and solved room to grow again, ~85 ms, for one RTX 3060 Ti option that could not beat it)."""
        alone = self._model_of(options)
        alone.solve("grow", time_limit)
        if alone.last_status == "infeasible":
            return False  # none of them has room for a card more within the request
        found = alone.last_values
        if alone.last_status != "optimal" or found is None:
            return True  # out of time: nothing proved
        return (found["cost"], -found["perf"]) <= (values["cost"], -values["perf"])

    def _left(self, used: bool = False) -> list[int]:
        """The options possible that are neither in the subset nor left out of the next solves (`used`: the options
        earlier labels took are possible too)."""
        active, blocked = set(self.active), set(self.avoided) | (set() if used else set(self.excluded))
        if self.reopened is not None:
            blocked.discard(self.reopened)  # the value search beside the fastest may take its cards again
        return [i for i in self.possible if i not in active and i not in blocked]

    def solve_only_gpu(self, gpu_id: str, time_limit: float) -> Choice | None:
        missing = [i for i in self.possible if self.full[i].gpu.id == gpu_id and i not in set(self.active)]
        if missing:
            self._grow_subset(missing)
        choice = self.bm.solve_only_gpu(gpu_id, time_limit)
        while choice is not None and not self.bm.holds_without_credit(choice):
            self._without_credit(choice)
            choice = self.bm.solve_only_gpu(gpu_id, time_limit)
        return choice

    def exclude_option(self, index: int) -> None:
        self.excluded.append(index)
        self.bm.exclude_option(self.active.index(index))

    def allow_options(self, indexes: list[int]) -> None:
        self.excluded = []
        self.bm.allow_options([self.active.index(i) for i in indexes if i in self.active])

    def avoid_options(self, indexes: list[int]) -> None:
        self.avoided = list(indexes)
        self.bm.avoid_options([self.active.index(i) for i in indexes if i in self.active])

    @property
    def options(self) -> list[GpuOption]:
        """Every GPU option, in the indexes option_index and avoid_options use."""
        return self.full

    def exclude_build(self, choice: Choice) -> None:
        self.builds_excluded.append(choice)
        self.bm.exclude_build(choice)

    def reopen_option(self, index: int | None) -> None:
        self.reopened = index
        self.bm.reopen_option(self.active.index(index) if index is not None and index in self.active else None)

    def option_index(self, option: GpuOption) -> int:
        return next(i for i, o in enumerate(self.full) if o is option)

    def perf_points(self, option: GpuOption) -> int:
        return int(round(option.perf * self.perf_scale))
