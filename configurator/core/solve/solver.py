"""Assemble complete, buildable workstations with OR-Tools CP-SAT.

One model holds a choice variable for every candidate GPU option (model x count),
platform (board + CPU), chassis, PSU (x1 or x2, or the modules of a GPU-server barebone),
memory kit (x1..x4), CPU cooler and storage (x1..x4). Compatibility (sockets, slot
geometry, memory kinds, sizes), power (80 % loading, transients, connectors, circuits),
lanes, RAM and budget are constraints: each rule's come from its object in the rulebook
(configurator/core/rules, applied by BuildModel.apply), and `BuildModel.families` records which rule
(or which part of the model's structure) every constraint comes from. Each objective (cheapest, fastest, best value,
quietest, room to grow) finds one candidate; every later one must use a different GPU option,
so the candidates differ in what matters. The labels a user reads are decided later, over
every build of the plan, by solve.ranking.rank_and_label.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypedDict

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, ModelArch, Motherboard
from configurator.core.common.memo import remember
from configurator.core.estimate.desktop_training import utilisation_sourced
from configurator.core.model import noise
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_volts
from configurator.core.rules import STRUCTURE, Rule, instance
from configurator.core.rules import layout as layout_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules.base import rules_at
from configurator.core.solve import compat
from configurator.core.solve import power as pw
from configurator.core.solve.candidates import (
    Candidates,
    GpuOption,
    Priced,
    board_of,
    chassis_noise,
    chassis_of,
    cooler_of,
    cpu_of,
    memory_of,
    noise_score,
    per_gpu_kit,
    psu_of,
    runs_from_ram,
    storage_of,
    unvalidated_option,
)
from configurator.core.solve.grow import ROOM_TO_GROW, Rival
from configurator.core.solve.shown import AS_FAST, FASTER_FOR_LITTLE
from configurator.core.solve.slots import Placement, card_geometry, needs_gap
from configurator.core.support import checks as support

TP_OR_TRAINING_MIN_LANES = 8
SMALL_MODEL_OPTIONS = 64  # GPU options up to which a model counts as small for the solver's parameters
COST_TIE_WEIGHT = 1 << 17
"""Above any speed score (options score up to 100,000 and a platform adds up to 30,000): one unit of price outweighs it."""
MIN_FIRST_SOLVE_S = 2.0  # "at least x8 per GPU for tensor parallelism" (build rules R15/PCI-4)
CASE_FIT = instance(layout_rules.CaseFit)
MANY_GPU_PLATFORM = instance(layout_rules.ManyGpuPlatform)
PSU_LOAD, CIRCUIT = instance(power_rules.PsuLoad), instance(power_rules.Circuit)


class _Grown:
    """The model as a power rule reads it, with one card more in its DC load (BuildModel._room)."""

    def __init__(self, model: BuildModel, dc: Any):
        self._model, self.dc = model, dc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)


@dataclass(frozen=True)
class Choice:
    """One solved assignment: indexes into the candidate lists."""

    option: GpuOption
    board: Priced
    cpu: Priced
    chassis: Priced
    psu: Priced | None  # None: the barebone's included modules
    psu_count: int
    memory: Priced
    memory_count: int
    cooler: Priced
    storage: Priced
    storage_count: int
    cost: float
    risers: bool
    bays_lost: int = 0
    """The speed points its option loses in this server's slower bays (PCI-9: BuildModel._bay_losses)."""


@dataclass(frozen=True)
class _PsuChoice:
    psu: Priced | None
    count: int
    chassis_index: int | None  # for included modules: which barebone
    capacity_w: float
    tier: str
    kind: str  # atx3, atx2, included


def _allowed_pair(name: str, allowed: Callable[[Any, Any], bool], left: Any, right: Any) -> bool:
    """A pairwise verdict (forbid_pairs), remembered by rule table and the two records: the rules read the records
    only, so every model of every plan and map cell asks each pair once (#34)."""
    return remember("pairs", (name, id(left), id(right)), (left, right), lambda: bool(allowed(left, right)))


def whole_units(amount: float, qty: int, owned: int = 0) -> int:
    """What `qty` of a part at `amount` each add to a build's price in the model's whole currency units, the ones the
    user owns free: the one rounding every price in the CP-SAT model takes (and relax.budget_for reads)."""
    return int(round(amount * max(0, qty - owned)))


def _paid(p: Priced | None, qty: int) -> int:
    """What `qty` of a priced part add to a build's price, in whole currency units (owned ones are free)."""
    if p is None or p.quote is None:
        return 0
    return whole_units(p.amount, qty, p.owned)


class SolvedValues(TypedDict):
    """The last build found as the model saw it: its objectives (lazy.may_beat compares an option's bounds with them)
    and every decision variable's value (holds_without_credit re-checks that build at each part's own power)."""

    perf: int
    cost: int
    noise: int
    assignment: list[int]


def _lasting_gap_w(option: GpuOption, gpu_w: float) -> float:
    """How far the cards' lasting draw falls below their full one (`gpu_w`) where this option decodes one stream as a
    layer split (watts.one_stream_layer_split; one card works at a time); 0 where every card works at once."""
    e = option.estimate
    if gpu_w <= 0 or not pw.one_stream_layer_split(e.workload, e.split, option.count):
        return 0.0
    return gpu_w - pw.one_stream_split_gpu_w(gpu_w, option.count)


class BuildModel:
    """The CP-SAT model for one request; solve it under different objectives.

    Every part kind has one choice variable per candidate. Compatibility rules are written
    between *classes* of candidates that behave alike (boards with the same slot layout,
    GPU options with the same geometry, PSUs with the same connectors), or as linear
    inequalities (length, memory size, cooler height, TDP), so the model grows linearly with
    the catalog instead of with the product of its parts.
    """

    def __init__(
        self,
        request: BuildRequest,
        cand: Candidates,
        model_arch: ModelArch,
        catalog: Catalog,
        cost_cap: float | None = None,
        perf_scale: float | None = None,
        cpu_slack_w: dict[str, float] | None = None,
        option_credit_w: dict[int, tuple[int, int, int, int]] | None = None,
    ):
        """One choice variable per candidate, then each family of rules in turn.

        `cost_cap`: every build must cost less than this (a cheaper variant of an answer in hand).
        `perf_scale`: speed points per unit of `GpuOption.perf` (given when the options are a
        subset of a larger list, so that points mean the same in every model of it).
        `cpu_slack_w`: watts by CPU id that a CPU may be credited while `tdp_credit` is assumed
        (the CPUs it stands for draw that much less; lazy.py checks each answer without credit).
        `option_credit_w`: the same for GPU options, by id() of the option: watts off its `option_watts`.
        """
        self._given_perf_scale = perf_scale
        self._cpu_slack_w = cpu_slack_w or {}
        self._option_credit_w = option_credit_w or {}
        self.tdp_credit: Any = None
        from configurator.core.solve import cpsat  # OR-Tools loads with the first model, not with the planner

        self.cp = cpsat
        self.request = request
        self.c = cand
        self.model_arch = model_arch
        self.catalog = catalog
        self.cost_cap = cost_cap
        self.m = cpsat.CpModel()
        # which rule (or which part of the model's structure, rules.STRUCTURE) each constraint comes from:
        # spans of constraint indexes, counted on the proto's (live) list of constraints
        self._constraints = self.m.proto.constraints
        self._spans: list[tuple[str, int, int]] = []
        self.rules_applied: list[str] = []
        self._family, self._marked = "choice", 0
        self._choices()
        self._platform()
        self._gpu_geometry()
        self._gpu_count()
        self._chassis()
        self._psu_kinds()
        self._power()
        self._memory()
        self._cpu_cooler()
        self._storage_and_owned()
        self._cost()
        self._objectives()
        self.room: Any = None  # _room's literal: its constraints are added with the first room-to-grow solve
        self.unkitted: Any = None  # _unkitted's literal: added with the first quiet search
        self._mark("search")  # what solving adds later: exclusions, bounds, assumptions
        self.excluded: list[int] = []
        self._exclusions: list[Any] = []
        self._excluded_of: dict[int, int] = {}  # an exclusion literal's index -> the option it excludes
        self._wide: list[tuple[int, Any]] = []  # (option, literal) of each build excluded (exclude_build)
        self._reopened: int | None = None  # the option the next solves may use again (reopen_option)
        self._avoid: list[Any] = []  # options left out of the next solves only (avoid_options)
        self._bound_literals: list[Any] = []
        self._infeasible_under: list[frozenset[int]] = []  # assumption sets proven infeasible
        self.last_values: SolvedValues | None = None  # the last build found
        self.last_room = False  # whether it was found with room for one more card (a room-to-grow solve's: _run)
        self.hint: list[int] | None = None  # the first solve's start (carried_hint): the last build of the model before
        self.hint_room = False  # whether that build was found with room for one more card
        self._solves = 0
        self._lifted = False
        self.last_status = "unsolved"
        self.board_var = {b.id: self.b[i] for i, b in enumerate(self.boards)}

    # ------------------------------------------------------------------ the model, one family of rules at a time

    def _choices(self) -> None:
        """Candidate lists, the PSU/memory/storage quantity choices, and one 0/1 variable each."""
        self.volts = circuit_volts(self.request.circuit)
        self.limit = circuit_limit_w(self.request.circuit)
        self.training = self.request.workload.kind != "inference"

        self.boards = [board_of(b) for b in self.c.boards]
        self.cpus = [cpu_of(c) for c in self.c.cpus]
        self.chassis = [chassis_of(h) for h in self.c.chassis]
        self.options = self.c.options
        self.psu_choices: list[_PsuChoice] = []
        for p in self.c.psus:
            psu = psu_of(p)
            kind = "atx3" if psu.atx_version in ("3.0", "3.1") and psu.native_12v2x6 else "atx2"
            for count in (1, 2):
                self.psu_choices.append(_PsuChoice(p, count, None, psu.watts * count, psu.efficiency, kind))
        for hi, ch in enumerate(self.chassis):
            if ch.integrated_board and ch.included_psu_w:
                usable = ch.included_psu_w / (2 if ch.psu_redundant else 1)
                self.psu_choices.append(_PsuChoice(None, 1, hi, usable, "titanium", "included"))
        self.mem_choices = [(mk, k) for mk in self.c.memory for k in compat.kit_counts(memory_of(mk))]
        self.sto_choices = [
            (s, k)
            for s in self.c.storage
            for k in (1, 2, 3, 4)
            if storage_of(s).capacity_gb * k >= self.c.storage_need_gb
            and (k == 1 or storage_of(s).capacity_gb * (k - 1) < self.c.storage_need_gb)
        ]

        self.o = [self.m.new_bool_var(f"o{i}") for i in range(len(self.options))]
        self.b = [self.m.new_bool_var(f"b{i}") for i in range(len(self.boards))]
        self.cpu = [self.m.new_bool_var(f"c{i}") for i in range(len(self.cpus))]
        self.h = [self.m.new_bool_var(f"h{i}") for i in range(len(self.chassis))]
        self.s = [self.m.new_bool_var(f"s{i}") for i in range(len(self.psu_choices))]
        self.mem = [self.m.new_bool_var(f"m{i}") for i in range(len(self.mem_choices))]
        self.cool = [self.m.new_bool_var(f"k{i}") for i in range(len(self.c.coolers))]
        self.d = [self.m.new_bool_var(f"d{i}") for i in range(len(self.sto_choices))]
        for group in (self.o, self.b, self.cpu, self.h, self.s, self.mem, self.cool, self.d):
            self.m.add_exactly_one(group)

    track_families = False
    """Record which rule every constraint comes from (`families`): on in tests/core/test_rule_registry.py; off in a
    plan, where counting the constraints at each of ~1,500 marks cost 6 % of building a model (measured: 19 of 328 ms)."""

    def _mark(self, family: str) -> None:
        """The constraints added from now on are `family`'s, a part of the model's structure (rules.STRUCTURE): a
        rule's constraints come only through `apply`, so none can be written here under a rule's id."""
        if family not in STRUCTURE:
            raise ValueError(f"{family!r} is no part of the model's structure: add a rule's constraints with apply()")
        self._switch(family)

    def _switch(self, family: str) -> None:
        """The constraints added since the last switch came from the family then current; `family` is current now."""
        if not self.track_families:
            return
        count = len(self._constraints)
        if count > self._marked:
            self._spans.append((self._family, self._marked, count))
        self._family, self._marked = family, count

    @property
    def families(self) -> dict[str, list[int]]:
        """Constraint indexes by the rule id (or rules.STRUCTURE part) they come from, as the model was built."""
        out: dict[str, list[int]] = {}
        for family, start, end in self._spans:
            out.setdefault(family, []).extend(range(start, end))
        return out

    def rules_at(self, hook: str, **site: Any) -> None:
        """Apply every registered rule that enters the model at builder point `hook` (rules.base.HOOKS), in its order."""
        for rule, fixed in rules_at(hook):
            self.apply(rule, **fixed, **site)

    def apply(self, rule: Rule, **site: Any) -> None:
        """Add a rule's constraints (rules/: its `constrain`), recorded under its id."""
        before = self._family
        self._switch(rule.id)
        self.rules_applied.append(rule.id)
        rule.constrain(self, **site)
        self._switch(before)

    def any_of(self, name: str, literals: list[Any]) -> Any:
        """A 0/1 variable equal to the sum of mutually exclusive literals."""
        if len(literals) == 1:
            return literals[0]  # the literal itself: a copy would only grow the model
        var = self.m.new_bool_var(name)
        self.m.add(var == sum(literals)) if literals else self.m.add(var == 0)
        return var

    @staticmethod
    def classes(items: list[Any], key: Any) -> dict[Any, list[int]]:
        out: dict[Any, list[int]] = {}
        for index, item in enumerate(items):
            out.setdefault(key(item), []).append(index)
        return out

    def forbid_pairs(
        self,
        left: list[Any],
        left_vars: list[Any],
        left_key: Any,
        right: list[Any],
        right_vars: list[Any],
        right_key: Any,
        allowed: Any,
        name: str,
    ) -> None:
        """A pairwise rule as a table: classes of parts the rule cannot tell apart, and a
        clause for every class pair the rule's own function (compat.py) fails."""
        lefts, rights = self.classes(left, left_key), self.classes(right, right_key)
        forbidden = [
            (lk, rk)
            for lk, lids in lefts.items()
            for rk, rids in rights.items()
            if not _allowed_pair(name, allowed, left[lids[0]], right[rids[0]])
        ]
        # a class gets its variable only when the rule forbids one of its pairs
        lvars = {
            lk: self.any_of(f"{name}_l{lefts[lk][0]}", [left_vars[i] for i in lefts[lk]])
            for lk in dict.fromkeys(lk for lk, _rk in forbidden)
        }
        rvars = {
            rk: self.any_of(f"{name}_r{rights[rk][0]}", [right_vars[i] for i in rights[rk]])
            for rk in dict.fromkeys(rk for _lk, rk in forbidden)
        }
        for lk, rk in forbidden:
            self.m.add_bool_or([lvars[lk].negated(), rvars[rk].negated()])

    def _credited(self, chosen: Any, name: str) -> Any:
        """A 0/1 variable: `chosen`, while the power credits are assumed (`tdp_credit`, created on first use)."""
        if self.tdp_credit is None:
            self.tdp_credit = self.m.new_bool_var("tdp_credit")
        credited = self.m.new_bool_var(name)
        self.m.add_multiplication_equality(credited, [chosen, self.tdp_credit])
        return credited

    def per_cpu(self, value: Any) -> Any:
        """Sum over the chosen CPU(s) of value(cpu), counting the second socket."""
        return sum(int(value(cpu)) * self.cpu[i] for i, cpu in enumerate(self.cpus)) + sum(
            int(value(self.cpus[i])) * both for i, both in self.second_cpu.items()
        )

    def _platform(self) -> None:
        """CPU x board (CPU-2), sockets, and sums over the chosen CPU(s)."""
        self._mark("definition")
        self.rules_at("platform")
        self.dual = self.any_of("dual_socket", [self.b[i] for i, b in enumerate(self.boards) if b.cpu_sockets == 2])
        dual_sockets = {b.socket for b in self.boards if b.cpu_sockets == 2}
        self.second_cpu: dict[int, Any] = {}
        for i, cpu in enumerate(self.cpus):
            if cpu.socket in dual_sockets:
                both = self.m.new_bool_var(f"cpu2_{i}")
                self.m.add_multiplication_equality(both, [self.cpu[i], self.dual])
                self.second_cpu[i] = both

        # a CPU's TDP, less its credit while `tdp_credit` is assumed: the power and cooler rules read these
        credit_one: list[Any] = []
        credit_all: list[Any] = []
        for i, cpu_part in enumerate(self.c.cpus):
            watts = int(self._cpu_slack_w.get(cpu_part.record.id, 0))
            if watts <= 0:
                continue
            for k, chosen in enumerate([self.cpu[i], *([self.second_cpu[i]] if i in self.second_cpu else [])]):
                credited = self._credited(chosen, f"credit_{i}_{k}")
                credit_all.append(watts * credited)
                if k == 0:
                    credit_one.append(watts * credited)
        self.cpu_tdp_w = self.per_cpu(lambda c: c.tdp_w) - sum(credit_all)  # every socket
        self.socket_tdp_w = sum(int(cpu.tdp_w) * self.cpu[i] for i, cpu in enumerate(self.cpus)) - sum(credit_one)
        self.consumer_cpu = self.any_of(
            "consumer_cpu", [self.cpu[i] for i, c in enumerate(self.cpus) if c.platform == "consumer"]
        )
        self.server_cpu = self.any_of(
            "server_cpu", [self.cpu[i] for i, c in enumerate(self.cpus) if c.platform == "server"]
        )
        self.socket_var = {
            s: self.any_of(f"socket_{s}", [self.b[i] for i, b in enumerate(self.boards) if b.socket == s])
            for s in sorted({b.socket for b in self.boards})
        }

    def _gpu_geometry(self) -> None:
        """Slot layouts against card geometries (R1, R8, R12, R14), risers, case openings, lanes."""
        self._mark("definition")
        self.open_frame = self.any_of(
            "open_frame", [self.h[i] for i, h in enumerate(self.chassis) if h.kind == "open-frame"]
        )
        self.openings = self.m.new_int_var(0, 16, "openings")
        self.gpu_lanes = self.m.new_int_var(0, 1024, "gpu_lanes")

        def geometry_key(o: GpuOption) -> Any:
            return geometry_class(o, self.training)

        layouts = self.classes(self.boards, layout_key)
        geometries = self.classes(self.options, geometry_key)
        self.needs_risers = self.m.new_bool_var("needs_risers")  # cards that cannot sit in their slots: hung on risers
        gvars = {
            gk: self.any_of(f"geom_{option_ids[0]}", [self.o[i] for i in option_ids])
            for gk, option_ids in geometries.items()
        }
        for board_ids in layouts.values():
            lvar = self.any_of(f"layout_{len(board_ids)}_{board_ids[0]}", [self.b[i] for i in board_ids])
            board = self.boards[board_ids[0]]
            for gk, option_ids in geometries.items():
                gvar = gvars[gk]
                opt = self.options[option_ids[0]]
                normal = usable_placement(self.c, board, opt, False, self.training)
                risers = usable_placement(self.c, board, opt, True, self.training)
                self._place(gvar, lvar, normal, risers)
        self.rules_at("geometry")

        # lanes within the CPU(s); NVMe drives take x4 each; sockets for the drives
        self._mark("definition")
        self.nvme_count = self.m.new_int_var(0, 16, "nvme")
        self.m.add(
            self.nvme_count
            == sum(k * self.d[i] for i, (s, k) in enumerate(self.sto_choices) if storage_of(s).interface != "sata")
        )
        self.bay_board = self.any_of("bay_board", [self.b[i] for i, b in enumerate(self.boards) if b.gpu_bays])
        self.rules_at("lanes")

    def _place(self, gvar: Any, lvar: Any, normal: Placement | None, risers: Placement | None) -> None:
        """One class of GPU options on one class of boards: seated (SLOT-1) within the case's openings (SLOT-2), or
        on risers; the lanes they take (a definition PCI-1 reads)."""
        self.rules_at("place", cards=gvar, board=lvar, normal=normal, risers=risers)
        placed = normal if normal is not None else risers
        if placed is not None:
            self.m.add(self.gpu_lanes >= sum(s.lanes for s in placed.slots)).only_enforce_if([gvar, lvar])

    def _gpu_count(self) -> None:
        """GPU count against platform and cores (PCI-3, CPU-1)."""
        self._mark("definition")
        self.gpu_count = self.m.new_int_var(0, 64, "gpu_count")
        self.m.add(self.gpu_count == sum(o.count * self.o[i] for i, o in enumerate(self.options)))
        self.rules_at("gpu count")

    def _chassis(self) -> None:
        """Board size (SLOT-4), card length (SLOT-3), GPU cooling (COOL-1/2/4) and open frames (SLOT-6)."""
        self.rules_at("case")
        self._mark("definition")
        self.ducted = self.any_of("ducted", [self.h[i] for i, h in enumerate(self.chassis) if compat.ducted(h)])
        self.tower = self.any_of(
            "tower", [self.h[i] for i, h in enumerate(self.chassis) if h.kind in ("mid-tower", "full-tower")]
        )
        self.passive = self.any_of(
            "passive_gpus", [self.o[i] for i, o in enumerate(self.options) if compat.needs_ducted(o.gpu)]
        )
        self.open_air = self.any_of(
            "open_air_gpus", [self.o[i] for i, o in enumerate(self.options) if o.gpu.cooler == "open-air"]
        )
        self.flagships = self.any_of(
            "open_air_flagships", [self.o[i] for i, o in enumerate(self.options) if open_air_flagships(o)]
        )
        self.rules_at("cooling")

    def _psu_kinds(self) -> None:
        """Which PSUs go with which chassis (PSU); two units only with two bays (PWR-11)."""
        self.rules_at("psu kinds")
        # PWR-8's fact per GPU option (watts.largest_single_psu_w): its value -> "an option of that value is chosen"
        psus = [psu_of(p) for p in self.c.psus]
        self.single_psu_w = [pw.largest_single_psu_w(psus, o.gpu, o.count) for o in self.options]  # by option
        by_largest = self.classes(list(range(len(self.options))), lambda i: self.single_psu_w[i])
        # one value for every option (the usual case): no literal, the model as it was
        self.largest_single_psu_w = {
            w: self.any_of(f"single_psu_{int(w)}", [self.o[i] for i in ids]) if len(by_largest) > 1 else None
            for w, ids in by_largest.items()
        }

    def _power(self) -> None:
        """DC load, transients, connectors, PSU size and the circuit (PWR-1..10, CIR-1)."""
        self._mark("definition")
        # a power self.limit lowers the sustained draw; transients stay those of the card (R20)
        watts = [option_watts(o, self.request.power_limit) for o in self.options]
        credits = {i: c for i, o in enumerate(self.options) if any(c := self._option_credit_w.get(id(o), (0, 0, 0, 0)))}
        credited = {i: self._credited(self.o[i], f"ocredit_{i}") for i in credits}

        def option_sum(k: int) -> Any:  # sustained, fast, slow or spike watts of the chosen option, less any credit
            total: Any = sum(w[k] * self.o[i] for i, w in enumerate(watts))
            return total - sum(credits[i][k] * lit for i, lit in credited.items() if credits[i][k])

        gpu_w = option_sum(0)
        cpu_w = self.cpu_tdp_w
        # the same terms as power.rest_power_w, as a sum over the chosen parts
        rest_w = (
            sum(pw.DIMM_W * memory_of(mk).modules * k * self.mem[i] for i, (mk, k) in enumerate(self.mem_choices))
            + sum(pw.DRIVE_W * k * self.d[i] for i, (_, k) in enumerate(self.sto_choices))
            + sum(pw.fans_w(h.integrated_board is not None) * self.h[i] for i, h in enumerate(self.chassis))
            + pw.BASE_W
        )
        host_w = self.m.new_int_var(0, 200_000, "host_w")  # CPU(s) and the rest, named once for the four sums below
        self.m.add(host_w == cpu_w + rest_w)
        dc = self.m.new_int_var(0, 200_000, "dc_w")
        self.m.add(dc == gpu_w + host_w)
        self.dc = dc
        # CIR-1 by NEC 210.20(A) (watts.circuit_holds): where one stream decodes on a layer split, the cards' draw
        # that lasts is below the full one by `lasting`; the breaker then holds a full draw up to its continuous limit
        # plus a fifth of that (dc <= eff x limit + 0.2 x lasting: the burst plus 25 % of the lasting draw within 1.25 x
        # the limit), in thousandths of a watt, the circuit's own scale
        gaps = [_lasting_gap_w(o, w[0]) for o, w in zip(self.options, watts, strict=True)]
        self.lasting_relief: Any = sum(round(200 * gap) * self.o[i] for i, gap in enumerate(gaps) if gap)
        fast_w, slow_w, spike_w = (self.m.new_int_var(0, 1_000_000, name) for name in ("fast_w", "slow_w", "spike_w"))
        self.m.add(fast_w == option_sum(1) + host_w)
        self.m.add(slow_w == option_sum(2) + host_w)
        self.m.add(spike_w == option_sum(3) + host_w)
        # PWR-6 (power.connectors_ok) over self.classes: what the GPUs need, the CPU's EPS inputs, each PSU
        need_classes = self.classes(self.options, lambda o: pw.gpu_connector_needs(o.gpu, o.count))
        self.need_vars = {
            k: self.any_of(f"need_{k[0]}_{k[1]}_{k[2]}", [self.o[i] for i in ids]) for k, ids in need_classes.items()
        }
        eps_classes = self.classes(self.cpus, lambda c: pw.cpu_eps_connectors(c, 1))  # desktop PSUs feed one socket
        self.eps_vars = {k: self.any_of(f"cpu_eps_{k}", [self.cpu[i] for i in ids]) for k, ids in eps_classes.items()}
        self.fast_w, self.slow_w, self.spike_w = fast_w, slow_w, spike_w
        # PWR-10 is an "avoid" rule: enforced through an assumption literal so that one label can lift it
        self.right_sized_psu = self.m.new_bool_var("right_sized_psu")
        for si, ps in enumerate(self.psu_choices):
            self.rules_at("psu", ps=ps, lit=self.s[si])  # PWR-2, PWR-8, PWR-10, CIR-1, PWR-4, PWR-3, PWR-6

    def _memory(self) -> None:
        """RAM size and kind, DIMMs per channel and their balance (RAM-1, RAM-4..7)."""
        self._mark("definition")
        # the RAM size and the DIMM count are named once as integer variables: the rules below compare
        # them per option, CPU class and board, and repeating the sums would grow the model with their product
        most_gb = max((memory_of(mk).total_gb * k for mk, k in self.mem_choices), default=0)
        self.ram_gb = self.m.new_int_var(0, int(most_gb), "ram_gb")
        self.m.add(
            self.ram_gb == sum(memory_of(mk).total_gb * k * self.mem[i] for i, (mk, k) in enumerate(self.mem_choices))
        )
        self.rules_at("ram size")
        self._mark("definition")
        self.dimms = self.m.new_int_var(
            0, max((memory_of(mk).modules * k for mk, k in self.mem_choices), default=0), "dimms"
        )
        self.m.add(
            self.dimms == sum(memory_of(mk).modules * k * self.mem[i] for i, (mk, k) in enumerate(self.mem_choices))
        )
        self.rules_at("dimms")

    def _cpu_cooler(self) -> None:
        """Socket, capacity, height, airflow (COOLER, COOL-3)."""
        self.rules_at("cooler")

    def _storage_and_owned(self) -> None:
        """U.2 on servers only (STO-5); the user's own parts are used."""
        self.rules_at("storage")
        self._mark("owned")

        # --- owned parts must be used
        for part in self.request.owned:
            if part.category == "gpu":
                continue
            groups: dict[str, list[Any]] = {
                "cpu": [self.cpu[i] for i, c in enumerate(self.c.cpus) if c.record.id == part.id],
                "motherboard": [self.b[i] for i, b in enumerate(self.c.boards) if b.record.id == part.id],
                "chassis": [self.h[i] for i, h in enumerate(self.c.chassis) if h.record.id == part.id],
                "psu": [self.s[i] for i, ps in enumerate(self.psu_choices) if ps.psu and ps.psu.record.id == part.id],
                "memory": [self.mem[i] for i, (mk, _) in enumerate(self.mem_choices) if mk.record.id == part.id],
                "cooler": [self.cool[i] for i, cl in enumerate(self.c.coolers) if cl.record.id == part.id],
                "storage": [self.d[i] for i, (s, _) in enumerate(self.sto_choices) if s.record.id == part.id],
            }
            chosen = groups.get(part.category, [])
            self.m.add_bool_or(chosen) if chosen else self.m.add_bool_or([self.m.new_constant(0)])

    def _cost(self) -> None:
        """The price in whole currency units, within the budget."""
        self._mark("cost")

        paid = _paid
        sync = self.c.accessories.get("add2psu-sync-board")
        riser = self.c.accessories.get("riser-pcie4-x16-300mm")
        # what each choice adds to the price (kept: lazy.py bounds builds by the same figures)
        self.board_paid = [paid(b, 1) for b in self.c.boards]
        self.cpu_paid = [paid(c, 1) for c in self.c.cpus]
        self.chassis_paid = [paid(h, 1) for h in self.c.chassis]
        self.psu_paid = [
            paid(ps.psu, ps.count) + (paid(sync, 1) if ps.count == 2 and sync else 0) for ps in self.psu_choices
        ]
        self.mem_paid = [paid(mk, k) for mk, k in self.mem_choices]
        self.cooler_paid = [paid(cl, 1) for cl in self.c.coolers]
        self.storage_paid = [paid(s, k) for s, k in self.sto_choices]
        cost_terms: list[Any] = [option_cost(o) * self.o[i] for i, o in enumerate(self.options)]
        cost_terms += [price * self.b[i] for i, price in enumerate(self.board_paid)]
        cost_terms += [price * self.cpu[i] for i, price in enumerate(self.cpu_paid)]
        cost_terms += [
            (paid(self.c.cpus[i], 2) - paid(self.c.cpus[i], 1)) * both for i, both in self.second_cpu.items()
        ]
        cost_terms += [price * self.h[i] for i, price in enumerate(self.chassis_paid)]
        cost_terms += [price * self.s[i] for i, price in enumerate(self.psu_paid)]
        cost_terms += [price * self.mem[i] for i, price in enumerate(self.mem_paid)]
        for i, price in enumerate(self.cooler_paid):  # one cooler per socket
            cost_terms.append(price * self.cool[i])
            if price:
                both = self.m.new_bool_var(f"cooler2_{i}")
                self.m.add_multiplication_equality(both, [self.cool[i], self.dual])
                cost_terms.append(price * both)
        cost_terms += [price * self.d[i] for i, price in enumerate(self.storage_paid)]
        if riser and riser.quote is not None:
            riser_count = self.m.new_int_var(
                0, 64, "risers"
            )  # one per card when they hang on risers (minimised with the cost)
            self.m.add(riser_count >= self.gpu_count - 64 * (1 - self.needs_risers))
            cost_terms.append(int(round(riser.amount)) * riser_count)
        cost_terms += self._per_gpu_kits()

        limits = self._cost_bounds(sync, riser)
        cost = self.m.new_int_var(0, 1_000_000_000, "cost")
        self.m.add(cost == sum(cost_terms))
        self.cost = cost
        if limits:
            self._mark("budget")
            self.m.add(cost <= min(limits))

    def _per_gpu_kits(self) -> list[Any]:
        """The accessory a case asks of each GPU (a blower shroud on each passive card on the shroud frame), one per
        GPU when that case is chosen."""
        terms: list[Any] = []
        self.kits: list[Any] = []  # one per GPU in a case that asks a kit of each, else 0: bought, and heard (noise)
        for i, h in enumerate(self.c.chassis):
            kit = per_gpu_kit(self.c, h)
            if kit is None:
                continue
            kits = self.m.new_int_var(0, 64, f"kits_{i}")  # exactly gpu_count when case i is chosen, else 0
            self.m.add(kits >= self.gpu_count - 64 * (1 - self.h[i]))
            self.m.add(kits <= self.gpu_count)
            self.m.add(kits <= 64 * self.h[i])
            terms.append(_paid(kit, 1) * kits)
            self.kits.append(kits)
        return terms

    def _cost_bounds(self, sync: Priced | None, riser: Priced | None) -> list[int]:
        """`cost_bound` (no build costs more: the weight that makes an objective lexicographic, within the budget and
        the cap) and `platform_floor`; the price limits the request sets."""
        paid = _paid

        def most(prices: Any) -> int:
            return max(prices, default=0)

        self.cost_bound = (
            most(option_cost(o) for o in self.options)
            + most(paid(b, 1) for b in self.c.boards)
            + most(paid(c, 2) for c in self.c.cpus)
            + most(paid(h, 1) for h in self.c.chassis)
            + most(paid(ps.psu, ps.count) + paid(sync, 1) for ps in self.psu_choices)
            + most(paid(mk, k) for mk, k in self.mem_choices)
            + 2 * most(paid(cl, 1) for cl in self.c.coolers)
            + most(paid(s, k) for s, k in self.sto_choices)
            + (64 * int(round(riser.amount)) if riser and riser.quote else 0)
            + 64 * most(paid(kit, 1) for h in self.c.chassis if (kit := per_gpu_kit(self.c, h)))
        )
        limits = [int(self.request.budget)] if self.request.budget is not None else []
        if self.cost_cap is not None:
            limits.append(max(0, math.ceil(self.cost_cap) - 1))  # strictly below the cap
        if limits:
            self.cost_bound = min(self.cost_bound, *limits)

        # the least the parts around any GPU option can cost (exactly one of each kind is chosen):
        # with option_cost, a lower bound on every build with that option (LazyBuildModel)
        def least(prices: Any) -> int:
            return min(prices, default=0)

        self.platform_floor = (
            least(self.board_paid)
            + least(self.cpu_paid)
            + least(self.chassis_paid)
            + least(self.psu_paid)
            + least(self.mem_paid)
            + least(self.cooler_paid)
            + least(self.storage_paid)
        )
        return limits

    def _objectives(self) -> None:
        """Speed and noise, for the labels (room to grow: _room)."""
        self.perf_scale = self._given_perf_scale or perf_scale_for(self.options)
        self.perf_extra_max = 0  # the most the platform adds to the speed points (below)
        self.perf: Any = sum(self.perf_points(o) * self.o[i] for i, o in enumerate(self.options))
        self.bays_lost: Any = self._bay_losses()
        self.perf = self.perf - self.bays_lost
        if runs_from_ram(self.request.workload):
            # decode reads part of the weights from RAM: a platform with more memory channels is faster
            # (the build's speed itself is re-estimated on the chosen CPU and memory, plan._on_host)
            peak = {i: c.memory_channels * c.memory_speed_mts for i, c in enumerate(self.cpus)}
            top = max(peak.values(), default=1)
            self.perf = self.perf + sum(int(30_000 * value / top) * self.cpu[i] for i, value in peak.items())
            self.perf_extra_max = max((int(30_000 * value / top) for value in peak.values()), default=0)
        # total sound power of cards, case fans, PSUs and CPU cooler (model/noise.py): minimising the linear sum
        # of 10^(L/10) terms minimises the combined dBA; a barebone's included PSUs sound with its chassis
        chassis_units = [chassis_noise(h) for h in self.chassis]
        psu_units = [
            noise.units(noise.psu_figure(psu_of(ps.psu)), ps.count) if ps.psu is not None else 0
            for ps in self.psu_choices
        ]
        cooler_units = [noise.units(noise.cooler_figure(cooler_of(cl))) for cl in self.c.coolers]
        self.noise = (
            sum(noise_score(o.gpu, o.count) * self.o[i] for i, o in enumerate(self.options))
            + sum(u * self.h[i] for i, u in enumerate(chassis_units))
            + sum(u * self.s[i] for i, u in enumerate(psu_units) if u)
            + sum(u * self.cool[i] for i, u in enumerate(cooler_units))
            + sum(noise.units(noise.SHROUD_BLOWER) * kits for kits in self.kits)  # each shroud's own blower
        )
        self.noise_floor = min(chassis_units, default=0) + min(psu_units, default=0) + min(cooler_units, default=0)

    def _unkitted(self) -> Any | None:
        """The literal that, assumed, leaves out every case that asks a kit of each GPU (the shroud frame): the quiet
        search's. Its blowers are heard at noise.SHROUD_BLOWER, a floor (no kit's dB(A) is published, and the blowers
        run at full speed), so a shrouded build is never the quietest (ranking.shrouded): two MI210 on the frame
        at 48.0 dBA had displaced two RTX PRO 6000 Max-Q at 48.1 from ChatGLM-6B's full fine-tune."""
        kitted = [i for i, h in enumerate(self.chassis) if h.per_gpu_accessory is not None]
        if self.unkitted is None and kitted:
            self.unkitted = self.m.new_bool_var("no_per_gpu_kits")
            for i in kitted:
                self.m.add(self.h[i] == 0).only_enforce_if(self.unkitted)
        return self.unkitted

    def _room(self) -> None:
        """Room for one more of the chosen card, bought alone: what plan._one_more_gpu asks of a build, as constraints
        that hold only while `room` is assumed (the "room to grow" search, solve("grow")). A board that places the
        cards and one more as the cards are placed now (seated within the case's openings, or on risers), a case that holds them, a platform
        for that many cards (PCI-3), RAM for their memory, and the PSU and the circuit carrying the grown draw (PWR-2
        and CIR-1: the rules' own constraints over the grown load). The search had maximised x16 slots and PSU watts
        and then bought the cheapest build with the most of them: Llama 3.1 8B for 8 users at 3,000 USD grew on two
        P100s, an EPYC and 256 GB of RDIMMs at 2,924 USD, where one card more on a 3090's board was the ask."""
        self._mark("room")
        room = self.room = self.m.new_bool_var("room_for_one_more")  # held only while assumed (solve("grow"))
        # one more card of the envelope's shape below a mix (mixes offer no "one more": solve.mixed)
        grown = {i: replace(o, count=o.count + 1, cards=()) for i, o in enumerate(self.options)}
        kept = [i for i, o in enumerate(self.options) if ROOM_TO_GROW.fits_count(o.count, self.request.max_gpus)]
        for i in sorted(set(grown) - set(kept)):  # a full machine grows by a second machine (plan: one-more-machine)
            self.m.add(self.o[i] == 0).only_enforce_if(room)

        def option_class(ids: list[int]) -> Any:
            return self.any_of(f"room_o{ids[0]}", [self.o[i] for i in ids])

        # the grown cards on each class of board layouts
        geometries = self.classes(kept, lambda i: geometry_class(grown[i], self.training))
        layouts = self.classes(self.boards, layout_key)
        case_openings = sum(h.expansion_slots * self.h[k] for k, h in enumerate(self.chassis))
        for ids in geometries.values():
            cards = option_class([kept[j] for j in ids])
            bigger = grown[kept[ids[0]]]
            for board_ids in layouts.values():
                board = self.boards[board_ids[0]]
                seated = usable_placement(self.c, board, bigger, False, self.training)
                hung = usable_placement(self.c, board, bigger, True, self.training)
                on = [room, cards, self.any_of(f"room_l{board_ids[0]}", [self.b[k] for k in board_ids])]
                # as the cards are now: seated cards grow seated, within the openings; cards on risers, on risers
                if seated is None:
                    self.m.add_bool_or([lit.negated() for lit in on] + ([self.needs_risers] if hung else []))
                if hung is None:
                    self.m.add_bool_or([lit.negated() for lit in on] + [self.needs_risers.negated()])
                if seated is not None:
                    self.m.add(case_openings >= seated.openings_needed).only_enforce_if(
                        [*on, self.needs_risers.negated()]
                    )

        # a case for that many cards (SLOT-3, COOL-4), a platform for them (PCI-3), RAM for their memory
        def ram_gb(i: int) -> int:  # the RAM the check asks of the grown machine (grow.RoomToGrow.ram_gb)
            return int(ROOM_TO_GROW.ram_gb(grown[i].gpu.vram_gb, grown[i].gpu.gpus_per_card, grown[i].count))

        by_count = self.classes(kept, lambda i: (grown[i].count, open_air_flagships(grown[i]), ram_gb(i)))
        for (n, flagships, ram_need), ids in by_count.items():
            cards = option_class([kept[j] for j in ids])
            cases = [
                self.h[k]
                for k, h in enumerate(self.chassis)
                if cards_held(h) >= n and not (flagships and h.kind in ("mid-tower", "full-tower"))
            ]
            platforms = [self.cpu[k] for k, cpu in enumerate(self.cpus) if MANY_GPU_PLATFORM.holds(n, cpu.platform)]
            for allowed in (cases, platforms):
                self.m.add_bool_or(allowed or [room.negated()]).only_enforce_if([room, cards])
            self.m.add(self.ram_gb >= ram_need).only_enforce_if([room, cards])
        # the grown draw: what one more card adds to the sustained load, on the PSU and circuit chosen
        now = [option_watts(o, self.request.power_limit)[0] for o in self.options]
        more = sum((option_watts(grown[i], self.request.power_limit)[0] - now[i]) * self.o[i] for i in kept)
        load = _Grown(self, self.m.new_int_var(0, 400_000, "grown_dc_w"))
        self.m.add(load.dc == self.dc + more)
        for si, ps in enumerate(self.psu_choices):
            for rule in (PSU_LOAD, CIRCUIT):
                self._switch(rule.id)
                rule.constrain(load, ps=ps, lit=[room, self.s[si]])
            self._switch("room")

    # ------------------------------------------------------------------ solving

    def exclude_option(self, index: int) -> None:
        """Later builds must use another GPU option (model or count); undone by allow_options."""
        self.excluded.append(index)
        literal = self.m.new_bool_var(f"exclude_o{index}_{len(self._exclusions)}")
        self.m.add(self.o[index] == 0).only_enforce_if(literal)
        self._exclusions.append(literal)
        self._excluded_of[literal.index] = index

    def allow_options(self, indexes: list[int]) -> None:
        self._exclusions = []

    def avoid_options(self, indexes: list[int]) -> None:
        """Leave these GPU options out of the solves that follow, until the next call (an empty list: none)."""
        self._avoid = []
        for index in indexes:
            literal = self.m.new_bool_var(f"avoid_o{index}_{len(self._exclusions)}_{id(self._avoid)}")
            self.m.add(self.o[index] == 0).only_enforce_if(literal)
            self._avoid.append(literal)

    def exclude_build(self, choice: Choice) -> None:
        """Later builds may reuse the GPU option, but not with the same board and chassis: the machine itself (its
        card, board and chassis together) never again; its card on that board, or in any chassis of that kind, not
        while the build's `wide` literal is assumed, which every solve does but those that reopen its option
        (reopen_option: the value search beside the fastest, which may take the fastest's cards on a cheaper
        platform of the same kind of case)."""
        oi = self.option_index(choice.option)
        board = self.board_var[board_of(choice.board).id]
        own = chassis_of(choice.chassis)
        held = [self.h[hj] for hj, h in enumerate(self.c.chassis) if chassis_of(h).id == own.id]
        self.m.add_bool_or([self.o[oi].negated(), board.negated(), *(h.negated() for h in held)])
        wide = self.m.new_bool_var(f"wide_o{oi}_{len(self._wide)}")
        self.m.add_bool_or([self.o[oi].negated(), board.negated()]).only_enforce_if(wide)
        for hj, h in enumerate(self.c.chassis):
            if chassis_of(h).kind == own.kind:
                self.m.add_bool_or([self.o[oi].negated(), self.h[hj].negated()]).only_enforce_if(wide)
        self._wide.append((oi, wide))

    def reopen_option(self, index: int | None) -> None:
        """The solves that follow may use option `index` again, until the next call (None: none): its exclusions
        (exclude_option) and its builds' wide clauses (exclude_build) are not assumed; the builds found stay out."""
        self._reopened = index

    def solve_only_gpu(self, gpu_id: str, time_limit: float) -> Choice | None:
        """The cheapest build whose GPUs are `gpu_id` (for comparisons of chosen GPUs)."""
        ids = [i for i, o in enumerate(self.c.options) if o.gpu.id == gpu_id]
        if not ids:
            return None
        literal = self.m.new_bool_var(f"only_{gpu_id}")
        self.m.add(sum(self.o[i] for i in ids) == 1).only_enforce_if(literal)
        saved = self._exclusions
        self._exclusions = [literal]
        try:
            found = self._run(self.cost, False, time_limit, [])
        finally:
            self._exclusions = saved
        return found[0] if found else None

    def solve(self, objective: str, time_limit: float = 2.0, bound: tuple[str, int] | None = None) -> Choice | None:
        """Best build for one objective; "perf", "noise" and "grow" are lexicographic: the
        best value first, then the cheapest build that keeps it (two solves, the second
        starting from the first's answer)."""
        bounds = [bound] if bound is not None else []
        primary = {"perf": (self.perf, True), "noise": (self.noise, False)}
        if objective in primary:
            expr, maximize = primary[objective]
            # lexicographic in one solve: one unit of the primary objective outweighs any difference in price
            weight = self.cost_bound + 1
            found = self._run(
                expr * weight - self.cost if maximize else expr * weight + self.cost,
                maximize,
                time_limit,
                bounds,
                heard=objective == "noise",
            )
            return found[0] if found else None
        if objective == "grow":
            # the cheapest build with room for one more of its card (_room), then the fastest of that price; spare PSU
            # capacity is what it offers, so the right-sized PSU (PWR-10) is not asked of it. Its card may be one an
            # earlier label took (the builds found stay excluded: another board or kind of case): room for a second
            # of the cheapest build's card is what a buyer asks, and with the options used left out a Qwen3.6-27B QLoRA
            # at 3,000 USD grew on an MI100 (64 h, bitsandbytes from source) beside 2080 Ti 22GB builds (57 h)
            if self.room is None:  # most models never search for room (a lazy subset's, a variant's): built on demand
                self._room()
                self._mark("search")
            saved, self._exclusions = self._exclusions, []
            try:
                found = self._run(
                    self.cost * COST_TIE_WEIGHT - self.perf, False, time_limit, bounds, lift_psu_limit=True, room=True
                )
            finally:
                self._exclusions = saved
            return found[0] if found else None
        if objective.startswith("value:"):
            lam = float(objective.split(":", 1)[1])
            found = self._run(self.perf * 1000 - int(round(lam * 1000)) * self.cost, True, time_limit, bounds)
        else:
            # the cheapest and, of equal price, the fastest (lexicographic in one solve; lazy.may_beat mirrors it):
            # a tie left to the search had given the whole and the lazy model different cards at one price
            found = self._run(self.cost * COST_TIE_WEIGHT - self.perf, False, time_limit, bounds)
        return found[0] if found else None

    def _bound(self, named: dict[str, Any], name: str, value: int) -> Any:
        """A literal that, assumed, holds the speed at or above `value` (or the cost, noise at or below it); a speed
        bound also keeps out every option in a server whose bays slow it below the bound (PCI-9: _bay_losses), which
        the search would otherwise have to prove, pair by pair (Chen's 72B LoRA: 5 s of 'as fast for less')."""
        m = self.m
        literal = m.new_bool_var(f"bound_{name}_{value}_{len(self._bound_literals)}")
        self._bound_literals.append(literal)
        (m.add(named[name] >= value) if name == "perf" else m.add(named[name] <= value)).only_enforce_if(literal)
        if name == "perf":
            for i, k, points in self._bays_slowed:
                if points + self.perf_extra_max < value:
                    m.add_bool_or([self.o[i].negated(), self.b[k].negated()]).only_enforce_if(literal)
        return literal

    def _run(
        self,
        expr: Any,
        maximize: bool,
        time_limit: float,
        bounds: list[tuple[str, int]],
        lift_psu_limit: bool = False,
        room: bool = False,
        heard: bool = False,
    ) -> tuple[Choice, SolvedValues] | None:
        m = self.m
        named = {"perf": self.perf, "cost": self.cost, "noise": self.noise}
        reopened = self._reopened
        assumptions = [lit for lit in self._exclusions if self._excluded_of.get(lit.index, -1) != reopened]
        assumptions += [lit for oi, lit in self._wide if oi != reopened]
        assumptions += self._avoid + ([self.room] if room else [])
        unkitted = self._unkitted() if heard else None
        assumptions += [unkitted] if unkitted is not None else []
        if not lift_psu_limit:
            assumptions.append(self.right_sized_psu)
        if self.tdp_credit is not None:
            assumptions.append(self.tdp_credit)
        self._lifted = lift_psu_limit
        assumptions += [self._bound(named, name, value) for name, value in bounds]
        # feasibility does not depend on the objective, and the model only gains constraints between
        # solves: under the assumptions of a solve proven infeasible (or more), no build exists
        held = frozenset(lit.index for lit in assumptions)
        if any(known <= held for known in self._infeasible_under):
            self.last_status = "infeasible"
            return None
        m.clear_assumptions()
        m.add_assumptions(assumptions)
        hint, hint_room = (
            (self.last_values["assignment"], self.last_room)
            if self.last_values is not None
            else (self.hint, self.hint_room)
        )
        # a build found without room for one more card is a start the room search only leaves by a long detour:
        # Sam's 1B pretraining grow solve took 0.52-0.56 s of CPU hinted with best value's build, 0.07 s from no hint,
        # to the same optimum (round 39). Where the search from no hint finds nothing within its work bound, it
        # starts again from that build, as before (two owned RTX 3090s' comparison without them, round 40)
        detour = room and not hint_room and hint is not None
        self._set_hint(None if detour else hint)
        m.maximize(expr) if maximize else m.minimize(expr)
        solver = self._solver(time_limit)
        self._solves += 1
        status = solver.solve(m)
        if detour and status == self.cp.UNKNOWN:
            self._set_hint(hint)
            solver = self._solver(time_limit)
            self._solves += 1
            status = solver.solve(m)
        self.last_status = (
            "optimal"
            if status == self.cp.OPTIMAL
            else "feasible"
            if status == self.cp.FEASIBLE
            else ("infeasible" if status == self.cp.INFEASIBLE else "unknown")
        )
        if status == self.cp.INFEASIBLE:
            self._infeasible_under.append(held)
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        # the values one by one, solver.value() per variable: reading the response's whole `solution` array at once
        # (speed17, ~2,300 binding calls fewer a journey plan) crashed the window: a segfault in that very line on the
        # solve thread whenever the GUI thread ran meanwhile (Dr. Chen's walk, 2026-12-04: Qwen2.5-72B chosen, then
        # Fine-tuning; 5 of 5 runs; tests/qt/test_solve_thread.py), never on the command line
        solution = [solver.value(v) for v in self._all_vars()]
        values = SolvedValues(
            perf=solver.value(named["perf"]),
            cost=solver.value(named["cost"]),
            noise=solver.value(named["noise"]),
            assignment=solution,
        )
        self.last_values, self.last_room = values, room
        return self._decode(solver), values

    def _set_hint(self, hint: list[int] | None) -> None:
        """Start the next search from `hint` (an assignment of `_all_vars`), or from nothing. The last build found as
        a hint: the search starts near an answer (#34: the 70B top-5's label solves 266-283 -> 232-248 ms of CPU, the
        same builds; benchmarks/plan_diff.py byte-identical). Appended in two calls, the very pairs CpModel.add_hint
        appends one by one: its four binding calls a pair were ~15 us each, ~1,000 a journey plan (#34)."""
        self.m.clear_hints()
        if hint is None:
            return
        hint_vars: list[int] = []
        hint_values: list[int] = []
        for var, value in zip(self._all_vars(), hint):
            index = var.index
            hint_vars.append(index if index >= 0 else -index - 1)  # a negated literal: add_hint's own rule
            hint_values.append(int(value) if index >= 0 else int(not value))
        hints = self.m.model_proto.solution_hint
        hints.vars.extend(hint_vars)
        hints.values.extend(hint_values)

    def _solver(self, time_limit: float) -> Any:
        """A CP-SAT solver for one label's solve: one worker, a work bound, the parameters for the model's size."""
        solver = self.cp.CpSolver()
        # a work bound, never a wall-clock one: deterministic time counts the solver's own work, so the same request
        # and catalog give the same builds however loaded the machine is. The wall-clock limit this had as a safety
        # net (max(5 s, 10 x the budget)) bound under load: a solve cut short answered "unknown", and a plan or a way
        # out then differed from the one an idle machine gives (test_relax's limit-below-the-floor case failed once
        # under heavy load, passing on every rerun). The work bound alone ends every solve (issue #34)
        solver.parameters.max_deterministic_time = max(0.05, time_limit)
        solver.parameters.num_workers = 1  # deterministic: one worker's search is the same on every run
        # a light presolve: the models are small once pruned and each label is solved to optimality in
        # milliseconds, so full probing and repeated presolve passes were most of every solve's time
        # (measured on benchmarks/solver.py: about a fifth of the label time, the same builds)
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.max_presolve_iterations = 1
        if len(self.options) <= SMALL_MODEL_OPTIONS:
            # small models: the symmetry search costs more than it saves. The LP relaxation (CP-SAT's default
            # linearization) with branching led by it proves each label's optimum in about half the branches of the
            # plain search: the 70B top-5's solves 229 -> 127 ms of CPU, the journey's 99 -> 63 (14,322 -> 8,304 and
            # 11,943 -> 4,870 branches), the same optima and builds (benchmarks/plan_diff.py byte-identical, #34).
            # Without the relaxation (linearization 0, before) the search branched on every part's choice blind.
            # Nor do they need the SAT inprocessing (clause vivification and cleanup, for long searches) or a presolve
            # loop: each solve is a few thousand branches. CP-SAT CPU then 125 -> 69 ms (70B top-5), 62 -> 52 ms
            # (journey), medians of 3, the same builds. With the LP leading, a solve is a few hundred branches and
            # most of its time went to setting up: the presolve, the cut generators (Gomory, MIR, zero-half,
            # clique) and the implied-bound propagator cost more than they save. Without them 65 -> 54 ms (70B
            # top-5), 52 -> 29 ms (journey, 8 solves), medians of 3, the same builds
            solver.parameters.symmetry_level = 0
            solver.parameters.search_branching = self.cp.LP_SEARCH
            solver.parameters.use_sat_inprocessing = False
            solver.parameters.max_presolve_iterations = 0
            solver.parameters.cp_model_presolve = False
            solver.parameters.use_implied_bounds = False
            solver.parameters.add_cg_cuts = False
            solver.parameters.add_mir_cuts = False
            solver.parameters.add_zero_half_cuts = False
            solver.parameters.add_clique_cuts = False
        return solver

    def holds_without_credit(self, choice: Choice) -> bool:
        """Whether `choice`, the last build found, passes every rule with each part at its own power: the
        same model, its choices fixed to that build and no credit assumed (a check, not a search). A build
        of parts that hold no credit sums exactly what it would without: it holds without a check."""
        if self.tdp_credit is None or self.last_values is None:
            return True
        if self._cpu_slack_w.get(choice.cpu.record.id, 0) < 1 and not any(
            self._option_credit_w.get(id(choice.option), (0, 0, 0, 0))
        ):
            return True
        m = self.m
        fixed = [
            var if value else var.negated() for var, value in zip(self._all_vars(), self.last_values["assignment"])
        ]
        m.clear_assumptions()
        m.add_assumptions([*fixed, self.tdp_credit.negated(), *([] if self._lifted else [self.right_sized_psu])])
        solver = self.cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = 1.0  # a work bound (see _run), no wall-clock one
        status = solver.solve(m)
        return status in (self.cp.OPTIMAL, self.cp.FEASIBLE)

    def _choice_keys(self) -> list[tuple[object, ...]]:
        """What each decision variable chooses, in `_all_vars`' order, by the identity of its candidate objects: the
        same key in two models of one candidate list (lazy.py's subsets) is the same choice."""
        c = self.c
        return [
            *(("o", id(o)) for o in self.options),
            *(("b", id(b)) for b in c.boards),
            *(("c", id(p)) for p in c.cpus),
            *(("h", id(h)) for h in c.chassis),
            *(
                ("s", id(ps.psu), ps.count, None if ps.chassis_index is None else id(c.chassis[ps.chassis_index]))
                for ps in self.psu_choices
            ),
            *(("m", id(mk), k) for mk, k in self.mem_choices),
            *(("k", id(k)) for k in c.coolers),
            *(("d", id(sto), k) for sto, k in self.sto_choices),
        ]

    def carried_hint(self, before: BuildModel) -> None:
        """Start this model's first search from the last build `before` found (a model of the same candidates, with
        fewer options: lazy.py rebuilds it as its subset grows), not from nothing (#34: the 70B top-5's rebuilt model
        had solved its noise label without a hint)."""
        if before.last_values is None:
            return
        chosen = {key for key, value in zip(before._choice_keys(), before.last_values["assignment"]) if value}
        self.hint, self.hint_room = [int(key in chosen) for key in self._choice_keys()], before.last_room

    def _all_vars(self) -> list[Any]:
        return [*self.o, *self.b, *self.cpu, *self.h, *self.s, *self.mem, *self.cool, *self.d]

    def _decode(self, solver: Any) -> Choice:
        def pick(vars_: list[Any]) -> int:
            return next(i for i, v in enumerate(vars_) if solver.value(v))

        c = self.c
        option = c.options[pick(self.o)]
        board, cpu = c.boards[pick(self.b)], c.cpus[pick(self.cpu)]
        chassis = c.chassis[pick(self.h)]
        ps = self.psu_choices[pick(self.s)]
        mk, mk_count = self.mem_choices[pick(self.mem)]
        cooler = c.coolers[pick(self.cool)]
        sto, sto_count = self.sto_choices[pick(self.d)]
        return Choice(
            option=option,
            board=board,
            cpu=cpu,
            chassis=chassis,
            psu=ps.psu,
            psu_count=ps.count,
            memory=mk,
            memory_count=mk_count,
            cooler=cooler,
            storage=sto,
            storage_count=sto_count,
            cost=float(solver.value(self.cost)),
            risers=bool(solver.value(self.needs_risers)),
            bays_lost=self._bay_points.get((pick(self.o), pick(self.b)), 0),
        )

    def perf_points(self, option: GpuOption) -> int:
        return int(round(option.perf * self.perf_scale))

    def _bay_losses(self) -> Any:
        """The speed points a multi-GPU training option loses on a board whose links are below its cards' own x16
        (PCI-9: a server's bays of an older PCIe generation, a desktop board's x8/x8 split or older slots; the job timed
        on the links its placement there gives, by solve/bays.link_ratio, as the assembled build is by plan._on_links):
        the search's "fastest" and "best value" see the links' speed before they choose. Options are timed on their
        cards' own x16 links, and 8 x RTX PRO 5000 in the PCIe 3.0 SYS-4029GP-TRT had been searched as 13.7 h per
        100 M tokens of Dr. Chen's 72B LoRA, 'fastest within budget' at 32.8 h (round 34)."""
        from configurator.core.solve.bays import link_ratio, links_on

        self._bays_slowed: list[tuple[int, int, int]] = []  # (option, board, its points there): _run's perf bounds
        self._bay_points: dict[tuple[int, int], int] = {}  # (option, board): the points lost there (_decode)
        if not self.training:
            return 0
        self._mark("definition")
        for k, board in enumerate(self.boards):
            for i, o in enumerate(self.options):
                links = links_on(self.c, board, o)
                ratio = link_ratio(self.c, o, links) if links is not None else None
                points = 0 if ratio is None else self.perf_points(o) - int(round(o.perf / ratio * self.perf_scale))
                if points > 0:
                    self._bay_points[(i, k)] = points
                    self._bays_slowed.append((i, k, self.perf_points(o) - points))
        # one variable an option, at least the points its chosen board costs it (a speed objective or bound keeps it
        # at that): per board, the option's points had been an equality over every option, which made the speed
        # searches' proofs ten times as long once every desktop board has slots to lose on (round 36)
        losses: list[Any] = []
        for i in sorted({i for i, _ in self._bay_points}):
            on = {k: p for (j, k), p in self._bay_points.items() if j == i}
            var = self.m.new_int_var(0, max(on.values()), f"bays_lost_{i}")
            for k, points in on.items():
                self.m.add(var >= points).only_enforce_if([self.o[i], self.b[k]])
            losses.append(var)
        return sum(losses)

    def option_index(self, option: GpuOption) -> int:
        # by identity: equality would compare whole estimates, option by option
        return next(i for i, o in enumerate(self.c.options) if o is option)


def option_watts(option: GpuOption, power_limit: float | None) -> tuple[int, int, int, int]:
    """The cards' sustained draw (under a power limit) and their 100 us, 10 ms and ATX 2 spikes (PWR-1, PWR-3, PWR-4),
    in whole watts as the model counts them: a product's float noise is no watt short (4 x 350 W x 0.7 is
    979.9999999999999, which had been 979 here and 980 in the build's check, so PWR-8's constraint banned the second
    PSU its check then found needed: no 4 x RTX 3090 at 70 % on one 15 A circuit, expert13)."""
    g, n = option.gpu, option.count
    return (
        _whole_w(n * pw.gpu_sustained_w(g, power_limit)),
        _whole_w(n * g.tdp_w * pw.transient_ratio(g)),
        _whole_w(n * g.tdp_w * pw.SLOW_TRANSIENT_RATIO),
        _whole_w(n * g.tdp_w * pw.ATX2_SPIKE_RATIO),
    )


def _whole_w(watts: float) -> int:
    """Whole watts, truncated as before, once float noise is rounded away (979.9999999999999 is 980)."""
    return int(round(watts, 6))


def layout_key(b: Motherboard) -> Any:
    """What a placement reads of a board: its slots, GPU bays and their generation."""
    return (
        tuple(
            (s.position, s.mechanical_lanes, s.lanes, s.gen, s.source, s.lanes_when_bifurcated, s.splits)
            for s in b.pcie_slots
        ),
        b.gpu_bays,
        b.gpu_bay_gen,
    )


def open_air_flagships(option: GpuOption) -> bool:
    return compat.open_air_flagships(option.gpu.cooler, option.gpu.tdp_w, option.count)


def needs_wide_lanes(option: GpuOption, training: bool) -> bool:
    """Tensor parallelism and multi-GPU training want x8 or more per card (R15/PCI-4)."""
    return (training and option.count > 1) or option.estimate.split in ("tensor", "tensor-pipeline")


def geometry_class(option: GpuOption, training: bool) -> tuple[object, ...]:
    """What a placement depends on: card thickness, cooler gap, count, and whether the lanes must be wide."""
    g = option.gpu
    wide = needs_wide_lanes(option, training)
    geometry = (card_geometry(g, option.count, option.cards), g.slot_width <= 2, option.count, wide, g.gpus_per_card)
    return (*geometry, "owned") if wide and owned_side_by_side(option) else geometry


def usable_placement(
    cand: Candidates, board: Motherboard, option: GpuOption, risers: bool, training: bool
) -> Placement | None:
    """The cards seated in the board's slots (or hung on risers, never on a GPU-bay board), at x8 or more
    where the job needs the lanes; None when they cannot go there."""
    if risers and board.gpu_bays:
        return None
    placed = cand.placement(board, option, risers)
    wide = needs_wide_lanes(option, training)
    if (
        wide
        and not risers
        and owned_side_by_side(option)
        and (placed is None or placed.min_lanes < TP_OR_TRAINING_MIN_LANES)
    ):
        # cards the user owns may sit side by side (SLOT-1's no-gap clause is an AVOID, the check warns) where the job
        # needs x8 per card and no board layout gives it with a free slot between them: two owned RTX 3090s for a
        # LoRA on an x8/x8 board, the 3-slot NVLink bridge's spacing (seed article 001's dual-3090 machine)
        placed = cand.placement(board, option, risers, tight=True)
    if placed is not None and wide and placed.min_lanes < TP_OR_TRAINING_MIN_LANES:
        return None
    return placed


def owned_side_by_side(option: GpuOption) -> bool:
    """Open-air cards the user owns, every one of them: SLOT-1's AVOID lets them sit without a free slot between."""
    return needs_gap(option.gpu) and option.owned >= option.count


def cards_held(chassis: Chassis) -> int:
    """GPUs a case holds (SLOT-3's own count)."""
    return CASE_FIT.held(chassis)


def option_cost(option: GpuOption) -> int:
    """What the cards of an option add to a build's price, in the model's whole currency units."""
    return whole_units(option.unit_cost(), option.count, option.owned)


def perf_scale_for(options: list[GpuOption]) -> float:
    """Speed points per unit of option speed: the fastest option scores 100,000."""
    return 100_000 / max((o.perf for o in options), default=1.0)


class LabelModel(Protocol):
    """What run_labels needs of a model: BuildModel, or lazy.LazyBuildModel over a large catalog."""

    request: BuildRequest
    model_arch: ModelArch

    @property
    def last_status(self) -> str: ...
    def solve(self, objective: str, time_limit: float = 2.0, bound: tuple[str, int] | None = None) -> Choice | None: ...
    def solve_only_gpu(self, gpu_id: str, time_limit: float) -> Choice | None: ...
    def exclude_option(self, index: int) -> None: ...
    def allow_options(self, indexes: list[int]) -> None: ...
    def avoid_options(self, indexes: list[int]) -> None: ...
    @property
    def options(self) -> list[GpuOption]: ...
    def exclude_build(self, choice: Choice) -> None: ...
    def reopen_option(self, index: int | None) -> None: ...
    def option_index(self, option: GpuOption) -> int: ...
    def perf_points(self, option: GpuOption) -> int: ...


LABEL_WHY = {
    "fastest within budget": "assembled from parts in a search for the highest speed the budget allows",
    "as fast for less": "assembled from parts in a search for the lowest price within 3 % of the highest speed the "
    "budget allows",
    "best tokens/s per dollar": "assembled from parts in a search for the most speed per unit of money",
    "best time per dollar": "assembled from parts in a search for the most training throughput per unit of money",
    "quietest": "assembled from parts in a search for the least noisy GPU coolers and chassis that fit",
    "cheapest supported": "assembled from parts in a search for the lowest price on a card its vendor still supports",
    "cheapest validated": "assembled from parts in a search for the lowest price on a card its training run is "
    "validated on",
    "room to grow": "assembled from parts in a search for the lowest price with room for one more of its GPU",
    "faster for a little more": "assembled from parts in a search for the lowest price much faster than the cheapest "
    "build, within a little more than its price",
}
"""What each objective after the cheapest looked for, said with the build it found: where the build came from, not a
claim over the plan (solve.ranking makes those over every build shown; "the lowest total price among builds that
pass every rule" had stood beside a cheaper build of another source, 70B Q4 at 2,000 USD in a home office)."""


def run_labels(
    bm: LabelModel,
    top_k: int,
    should_stop: Callable[[], bool] = lambda: False,
    label_time: float = 0.5,
    on_found: Callable[[str, str, Choice], None] = lambda _label, _why, _choice: None,
    also: tuple[str, ...] = (),
    judge: Callable[[Choice], float] | None = None,
    quick: Callable[[Choice], float] | None = None,
) -> list[tuple[str, str, Choice]]:
    """Solve for each objective in turn; each later build uses a different GPU option. The names returned say which
    objective found a build; they are not labels (solve.ranking decides those over the whole plan).

    `judge` / `quick`: a build's speed per unit of price / speed as ranking's "best value" / "fastest" read them (plan.
    _solve_among); with them the value search also tries the fastest's cards on another platform (_value_search), the
    fastest search the cheapest's (_fastest_search), each keeping the answer the estimate ranks higher.

    `also` (objective names of _objectives: "value"): solved last, beside the `top_k` builds, where the objectives
    solved before the places filled did not reach them (offers.training_limited's capped search: its best value too).

    Every solve gets a fixed deterministic-time budget (`label_time`, the first one more), so the same request and
    catalog give the same builds however busy the machine is. When the request names two or more GPUs, the builds are
    the cheapest for each of them (a comparison drops no candidate). `on_found` hears of each build once solved."""
    if len(bm.request.gpu_ids) >= 2:
        return _compare_named(bm, should_stop, label_time, on_found)
    results: list[tuple[str, str, Choice]] = []
    used_options: list[int] = []
    beside = 0  # builds found beside a label's own (the fastest, beside the as-fast one for less): no place of top_k

    def take(label: str, why: str, choice: Choice | None) -> None:
        if choice is None:
            return
        results.append((label, why, choice))
        on_found(label, why, choice)
        bm.exclude_build(choice)
        used_options.append(bm.option_index(choice.option))
        bm.exclude_option(used_options[-1])

    # the first answer matters most: give it more time
    cheapest = bm.solve("cost", max(label_time, MIN_FIRST_SOLVE_S))
    if cheapest is None:
        return results  # infeasible (or out of time: see bm.last_status); other objectives cannot help
    take("cheapest that fits", "assembled from parts in a search for the lowest price", cheapest)
    for label, why, choice in _beside_cheapest(bm, cheapest, label_time, top_k):
        take(label, why, choice)
        beside += choice is not None
    tried: list[str] = []
    fastest: Choice | None = None
    for label, objective in _objectives(bm.request):
        if len(results) - beside >= top_k or should_stop():
            break
        tried.append(objective)
        if objective == "value":
            take(label, LABEL_WHY[label], _value_search(bm, cheapest, fastest, label_time, judge, results))
        elif objective == "perf":
            fastest = _fastest_search(bm, results, label_time, quick)
            near = _as_fast_for_less(bm, fastest, label_time) if fastest is not None else None
            if near is not None:
                take(label, LABEL_WHY["as fast for less"], near)
                beside += 1
            take(label, LABEL_WHY[label], fastest)
        elif objective == "grow":  # growing is buying more of the card: one its vendor still supports
            take(label, LABEL_WHY[label], _room_to_grow(bm, cheapest, [r[2] for r in results], label_time))
        else:
            take(label, LABEL_WHY[label], bm.solve(objective, label_time))
    while len(results) - beside < top_k and not should_stop():
        choice = bm.solve("cost", label_time)
        if choice is None:
            break
        take("alternative", "assembled from parts in a search for the lowest price on another GPU choice", choice)
    if len(results) - beside < top_k and not should_stop():
        _other_platforms(bm, used_options, results, top_k + beside, should_stop, label_time, on_found)
    for label, objective in _objectives(bm.request):
        if objective in also and objective not in tried and objective == "value" and not should_stop():
            take(label, LABEL_WHY[label], _value_search(bm, cheapest, fastest, label_time, judge, results))
    return results


def _beside_cheapest(
    bm: LabelModel, cheapest: Choice, label_time: float, top_k: int
) -> Iterator[tuple[str, str, Choice | None]]:
    """The builds searched beside the cheapest, none taking a place of `top_k`, each searched once the one before is
    taken (run_labels excludes its build): where the cheapest is set aside (a training job is not started past
    support, nor on a run unvalidated on the card: _set_aside), the cheapest that is not, the one a plan calls
    "cheapest" (solve.ranking); then, for a plan of more than one build, the cheapest much faster than that one for
    a little more (round 49: _faster_for_little)."""
    base = cheapest
    if _set_aside(cheapest.option, bm):
        why = LABEL_WHY["cheapest supported" if _past_support(cheapest.option) else "cheapest validated"]
        supported = _cheapest_supported(bm, label_time, lambda o: _set_aside(o, bm))
        yield "cheapest that fits", why, supported
        base = supported or cheapest
    if top_k > 1:
        yield (
            "faster for a little more",
            LABEL_WHY["faster for a little more"],
            _faster_for_little(bm, base, label_time),
        )


def _past_support(option: GpuOption) -> bool:
    """A card past its vendor's software support (support.END_OF_LIFE: Pascal and Volta after CUDA 13, gfx906)."""
    return support.end_of_life(option.gpu.vendor, option.gpu.architecture) is not None


def _unvouched(option: GpuOption, request: BuildRequest) -> bool:
    """A training option whose time no claim may rest on (ranking.unsourced_training_speed, per option): its parameters
    offloaded to CPU RAM (ZeRO-3), or a consumer card whose vendor's training backend has no published utilisation;
    the request's own --mfu vouches for any."""
    w = option.estimate.workload
    if w.get("kind", "inference") == "inference" or request.workload.mfu is not None:
        return False
    if w.get("offload") == "cpu" and w.get("zero") == 3:
        return True
    return option.gpu.market == "consumer" and not utilisation_sourced(option.gpu.vendor)


def _supported(
    bm: LabelModel,
    objective: str,
    label_time: float,
    bound: tuple[str, int] | None = None,
    among: list[int] | None = None,
) -> Choice | None:
    """The best build for a speed or value objective among the GPUs their vendors still support and whose speed a
    claim may rest on (the same single solve, with the other options left out of it). A card past its support never
    holds "fastest" or "best value" (ranking: its speed assumes software that no longer ships), nor does a training
    time on an unsourced utilisation or offloaded parameters, so a build found for those claims on it took a place in
    the top five that no claim could use: 4 x V100 for Qwen2.5-72B AWQ at 20 users in CNY, in place of 8 x RTX 2080 Ti
    22GB; 4 x RTX 2080 Ti with the 70B's parameters in RAM (ZeRO-3 offload) for a Llama-3.3-70B QLoRA at 30,000 USD,
    which left the plan with no "best value" at all. `among`: the options the caller knows can answer (the rest are
    left out of the solve too)."""
    growing = objective == "grow"  # buying more of the card later: none whose software is winding down either
    old = [
        i
        for i, o in enumerate(bm.options)
        if _past_support(o)
        or _unvouched(o, bm.request)
        or (growing and not ROOM_TO_GROW.buyable(o.gpu.vendor, o.gpu.architecture))
        or (among is not None and i not in among)
    ]
    if among is not None and len(old) == len(bm.options):
        return None
    if not old or len(old) == len(bm.options):
        return bm.solve(objective, label_time, bound)
    bm.avoid_options(old)
    try:
        return bm.solve(objective, label_time, bound)
    finally:
        bm.avoid_options([])


def _set_aside(option: GpuOption, bm: LabelModel) -> bool:
    """An option the plan does not call "cheapest" while a build on another is found (solve.ranking's rule, read
    from the option's card and run before any build): past its vendor's support for a job not started on one
    (support.starts_past_support), or a training run the card's stack leaves unvalidated (candidates.
    unvalidated_option: rules.software.UNVALIDATED_RUN). Llama 3.1 70B QLoRA at 5,000 USD: 2 x Arc A770 (FSDP on XPU,
    SUP-11) is found cheapest, and 2 x RTX 4060 Ti 16GB is the cheapest a plan may call so (round 42)."""
    if _past_support(option) and not support.starts_past_support(bm.request.workload.kind):
        return True
    return unvalidated_option(option, bm.model_arch.architecture) is not None


def _cheapest_supported(
    bm: LabelModel, label_time: float, aside: Callable[[GpuOption], bool] = _past_support
) -> Choice | None:
    """The cheapest build on an option not set `aside` (by default a card past its vendor's support, the floor room to
    grow starts from for any job; run_labels passes _set_aside: a card a training job is not started on, or a training
    run unvalidated on its card), among the options not yet used; None when every option is set aside, or none is."""
    old = [i for i, o in enumerate(bm.options) if aside(o)]
    if not old or len(old) == len(bm.options):
        return None
    bm.avoid_options(old)
    try:
        return bm.solve("cost", label_time)
    finally:
        bm.avoid_options([])


def _room_to_grow(bm: LabelModel, cheapest: Choice, found: list[Choice], label_time: float) -> Choice | None:
    """The cheapest build with room for one more of its card among those no slower than the floor the label reads
    (grow.RoomToGrow.floor over the builds found: the cheapest at reading speed on a card its vendor still supports;
    one more solve when the cheapest is past support and an inference job may start there), by FASTER: "room to grow"
    starts where the cheapest a buyer would take stands (ranking._grows). The cheapest with room of all had been
    slower: Qwen3 8B LoRA at 2,500 USD grew on one Arc Pro B60 at 77 h per 100 M tokens beside an RTX 2080 Ti 22GB at
    33 h for less, and no build held the claim, where a practitioner buys the 2080 Ti on a board, PSU and case that
    take a second one. Round 40: the floor had been the cheapest build at any speed (Qwen2.5-32B Q8_0 on two owned RTX
    3090s: one of them with layers in RAM at 3.5 tokens/s), below the label's, so the search found room the label could
    not use."""
    training = bm.request.workload.kind != "inference"
    chosen = list(found)
    if _past_support(cheapest.option) and support.starts_past_support(bm.request.workload.kind):
        # a training plan searched it beside the cheapest (run_labels); an inference plan one more solve, among the
        # options not yet used (a build found for another label may be dearer than its card's cheapest: the lower)
        more = _cheapest_supported(bm, label_time)
        chosen += [more] if more is not None else []
    rivals = {
        id(c): Rival(
            c.cost,
            points_of(bm, c),
            not _past_support(c.option),
            ROOM_TO_GROW.readable(c.option.estimate.decode_tokens_per_s, training),
        )
        for c in chosen
    }
    found_before = ROOM_TO_GROW.plan_floor()  # the plan's earlier sources' builds (plan._offers), in option units
    scale = getattr(bm, "perf_scale", 0.0)
    if found_before is not None and scale:
        rivals[0] = replace(found_before, speed=found_before.speed * scale)
    least = ROOM_TO_GROW.least_points(ROOM_TO_GROW.floor(list(rivals.values())))
    return _supported(bm, "grow", label_time, None if least is None else ("perf", least))


def points_of(bm: LabelModel, choice: Choice) -> int:
    """A solved build's speed points: its option's, less what a server's slower bays cost it (PCI-9)."""
    return bm.perf_points(choice.option) - choice.bays_lost


def _as_fast_for_less(bm: LabelModel, fastest: Choice, label_time: float) -> Choice | None:
    """The cheapest build whose speed points are within AS_FAST of the fastest build's option, when it costs less
    (one more solve: the cheapest build under a bound on speed); None when the fastest is that build. The fastest's
    own cards on a cheaper platform are such a build too: four RTX PRO 6000 Blackwell capped at 80 % for a lab's
    Qwen2.5-72B LoRA (4 GPUs exactly, 60,000 EUR) were found at 54,056 EUR and 14 h per 100 M tokens, where the same
    four train it 1.8 % slower for 44,121 EUR, and neither "fastest" nor "best value" (ranking) could go to them."""
    floor = math.ceil(AS_FAST * points_of(bm, fastest))
    extra = getattr(bm, "perf_extra", getattr(bm, "perf_extra_max", 0))  # what a platform adds (runs from RAM)
    # the least a build of each option costs: the lazy model's bound over its platform parts too, else the cards alone
    lower = getattr(bm, "lower_cost", None)
    fast = [
        i
        for i, o in enumerate(bm.options)
        if bm.perf_points(o) + extra >= floor and (lower(i) if lower is not None else option_cost(o)) < fastest.cost
    ]
    own = bm.option_index(fastest.option)
    if any(i != own for i in fast):
        # among the options that can answer alone: over every option the search for Llama 3.1 8B's cheapest build
        # within 3 % of one RTX PRO 6000 (93,265 speed points) ran out of its 0.55 s and returned the PRO 6000 again,
        # where one RTX 5090 at 5,592 USD answers (a desktop DDR5 kit's price, no part of either build, had moved the
        # search; tests/core/test_fastest_tiers.py)
        near = _supported(bm, "cost", label_time, ("perf", floor), among=fast)
    elif own in fast and lower is not None:  # its own cards, where the platform bound leaves room below its price
        # one solve among its own cards alone: a proof over every option had cost the 1B pretraining plan of
        # benchmarks/solver.py a third more CPU (0.53 s) to find nothing
        bm.avoid_options([i for i in range(len(bm.options)) if i != own])
        try:
            near = bm.solve("cost", label_time, ("perf", floor))
        finally:
            bm.avoid_options([])
    else:
        return None  # no card and count is that fast for less: the search would find the fastest again
    return near if near is not None and near.cost < fastest.cost else None


def _faster_for_little(bm: LabelModel, cheapest: Choice, label_time: float) -> Choice | None:
    """The cheapest build whose speed points reach FASTER_FOR_LITTLE's floor over the cheapest build's, when it costs at
    most the rule's ceiling over its price (one more solve, among the options whose cards alone can be that fast and
    whose least price is under the ceiling; none, no solve). The searches for the cheapest, the fastest and the best
    value each find the optimum of their own number: five coding seats on Qwen3.6-27B at 15,000 USD were shown an Arc
    Pro B60 Dual at 2,462 USD and 14.5 tokens/s a stream, and never two RTX 2080 Ti 22GB at 2,493 USD and 19.7."""
    floor = math.ceil(FASTER_FOR_LITTLE.speed_floor(points_of(bm, cheapest)))
    ceiling = FASTER_FOR_LITTLE.price_ceiling(cheapest.cost)
    extra = getattr(bm, "perf_extra", getattr(bm, "perf_extra_max", 0))
    lower = getattr(bm, "lower_cost", None)
    fast = [
        i
        for i, o in enumerate(bm.options)
        if bm.perf_points(o) + extra >= floor and (lower(i) if lower is not None else option_cost(o)) <= ceiling
    ]
    if not fast:
        return None
    found = _supported(bm, "cost", label_time, ("perf", floor), among=fast)
    return found if found is not None and cheapest.cost < found.cost <= ceiling else None


VALUE_STEPS = 3
"""Dinkelbach steps of the value objective: the first maximises speed minus the cheapest build's speed per dollar
times the price, each next one re-solves at the ratio the last found, while that improves it."""


def _best_value(bm: LabelModel, cheapest: Choice, label_time: float) -> Choice | None:
    """The build with the most speed per dollar among the options not yet used (Dinkelbach's method on the linear
    objective speed - ratio x price). One step from the cheapest build's ratio had found a fast build, not the best
    ratio: an 8B LoRA at 2,500 USD searched 2 x RTX 2080 Ti 22GB (2,143 USD) and never reached the RTX 3090 Ti
    (1,651 USD, 22 h per 100 M tokens) that the whole plan ranks best value (expert case
    qwen3-8b-lora-2500-shows-a-24gb-nvidia-card)."""
    ratio = points_of(bm, cheapest) / max(cheapest.cost, 1)
    best: Choice | None = None
    for _ in range(VALUE_STEPS):
        choice = _supported(bm, f"value:{ratio}", label_time)
        if choice is None:
            break
        found = points_of(bm, choice) / max(choice.cost, 1)
        if best is not None and found <= ratio:
            break
        best = choice
        if found <= ratio:
            break  # nothing left beats the cheapest build's ratio: the first step's answer stands
        ratio = found
    return best


def _fastest_search(
    bm: LabelModel, found: list[tuple[str, str, Choice]], label_time: float, quick: Callable[[Choice], float] | None
) -> Choice | None:
    """The fastest build among the options not yet used (_supported), and, with a `quick` judge, beside it the fastest
    with the cheapest supported build's cards (the last of `found`, the cheapest searches' answers) allowed again on
    another platform (that machine itself stays out: BuildModel.exclude_build); the second is taken where the estimate
    (`quick`, what the label is checked against) reads it faster. The search ranks options by their speed points,
    timed at the cards' own links; the estimate of an assembled build reads its board's (PCIe generation and lanes,
    bays), so the cheapest's cards on a wider platform can be the fastest machine within the budget, and the points
    cannot say when (one more solve, among that option alone). With the cheapest's option closed, a lab's eight GPUs
    for a Qwen2.5-72B LoRA at 60,000 EUR, VAT reclaimed (tests/core/test_vat_reclaim.py), called 8 x A100 40GB
    (40,265 EUR net, 31 h per 100 M tokens) "fastest within budget" once 8 x RTX A6000 capped in a PCIe 3.0 Xeon
    server became the cheapest supported (sup42: the R9700 no longer fit under FSDP): the same eight A6000 capped on
    dual EPYC train it in 22 h for 55,184 EUR. Not searched where those cards are set aside (past support, a run
    unvalidated on them) or unvouched: they hold no speed claim."""
    closed = _supported(bm, "perf", label_time)
    cheapest = found[-1][2] if found else None
    if quick is None or cheapest is None or _set_aside(cheapest.option, bm) or _unvouched(cheapest.option, bm.request):
        return closed
    own = bm.option_index(cheapest.option)
    bm.reopen_option(own)
    try:
        opened = _supported(bm, "perf", label_time, among=[own])
    finally:
        bm.reopen_option(None)
    if opened is None or opened is closed:
        return closed
    return opened if closed is None or quick(opened) > quick(closed) else closed


def _value_search(
    bm: LabelModel,
    cheapest: Choice,
    fastest: Choice | None,
    label_time: float,
    judge: Callable[[Choice], float] | None,
    found: list[tuple[str, str, Choice]],
) -> Choice | None:
    """The best value among the options not yet used (_best_value), and, with a `judge`, beside it the best value with
    the fastest build's cards allowed again on another platform (the fastest machine itself stays out:
    BuildModel.exclude_build). The second is taken only where `judge` (the estimate's speed per unit of price, which
    the label is checked against) ranks it above the first and above every build `found` before it; the search itself
    ranks by the model's speed points, which the estimate can disagree with (PCIe links, bays).

    With the fastest's option closed, a lab's eight GPUs for a Qwen2.5-72B LoRA at 60,000 EUR (expert case
    lab-eight-gpus-72b-lora-eur-best-value-is-eight-a6000-capped) never reached eight RTX A6000 capped on one platform
    (24,647 EUR, 33 h per 100 M tokens: 34.4 training tokens/s per 1,000 EUR), the fastest being eight A6000 on dual
    EPYC at 55,184 EUR, and "best value" went to eight R9700 (30.3). Reopened and taken on points alone (round 40),
    Qwen3 8B's LoRA at 2,500 USD lost the RTX 3090 Ti the closed search had found for two RTX A4000 the estimate ranks
    lower (expert case qwen3-8b-lora-2500-shows-a-24gb-nvidia-card); and taken on the judge over the first answer
    alone, the fastest's two Arc Pro B60 on a board 30 USD dearer displaced the Arc Pro B60 Dual for Llama 3.3 70B at
    Q4_K_M within 2,500 USD (expert case llama70b-q4-home-2500-used). Not searched where the fastest's cards at their
    least price could not beat the closed answer's, or the fastest's own, speed points per unit of price."""
    closed = _best_value(bm, cheapest, label_time)
    if judge is None or fastest is None:
        return closed
    own = bm.option_index(fastest.option)
    if closed is not None:
        lower = getattr(bm, "lower_cost", None)
        least = lower(own) if lower is not None else option_cost(fastest.option)
        extra = getattr(bm, "perf_extra", getattr(bm, "perf_extra_max", 0))
        bound = (bm.perf_points(fastest.option) + extra) / max(least, 1)
        if bound <= max(points_of(bm, c) / max(c.cost, 1) for c in (closed, fastest)):
            return closed
    bm.reopen_option(own)
    try:
        opened = _best_value(bm, closed if closed is not None else cheapest, label_time)
    finally:
        bm.reopen_option(None)
    if opened is None or opened is closed:
        return closed
    better = judge(opened)
    rivals = [c for c in (closed, *(r[2] for r in found)) if c is not None]
    return opened if all(better > judge(c) for c in rivals) else closed


def _objectives(request: BuildRequest) -> list[tuple[str, str]]:
    """The objectives after the cheapest, in the order they are solved: (what it is called, objective)."""
    value = "best tokens/s per dollar" if request.workload.kind == "inference" else "best time per dollar"
    return [("fastest within budget", "perf"), (value, "value"), ("quietest", "noise"), ("room to grow", "grow")]


def _compare_named(
    bm: LabelModel,
    should_stop: Callable[[], bool],
    label_time: float,
    on_found: Callable[[str, str, Choice], None],
) -> list[tuple[str, str, Choice]]:
    """Two or more GPUs named: the cheapest build for each of them, cheapest first."""
    results: list[tuple[str, str, Choice]] = []
    for gpu_id in bm.request.gpu_ids:
        if should_stop():
            break
        choice = bm.solve_only_gpu(gpu_id, max(label_time, MIN_FIRST_SOLVE_S / 2))
        if choice is not None:
            results.append(
                (
                    f"cheapest with {choice.option.gpu.name}",
                    "the lowest price for this GPU among those compared",
                    choice,
                )
            )
            on_found(*results[-1])
    results.sort(key=lambda r: r[2].cost)
    return results


def _other_platforms(
    bm: LabelModel,
    used_options: list[int],
    results: list[tuple[str, str, Choice]],
    top_k: int,
    should_stop: Callable[[], bool],
    label_time: float,
    on_found: Callable[[str, str, Choice], None],
) -> None:
    """Every GPU option is used: up to two more builds of the same GPUs on other platforms, added to `results`."""
    bm.allow_options(used_options)
    extra = 0
    while len(results) < top_k and extra < 2 and not should_stop():
        extra += 1
        choice = bm.solve("cost", label_time)
        if choice is None:
            break
        results.append(("alternative platform", "the same GPUs on another board and another kind of case", choice))
        on_found(*results[-1])
        bm.exclude_build(choice)
