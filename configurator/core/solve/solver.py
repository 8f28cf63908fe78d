"""Assemble complete, buildable workstations with OR-Tools CP-SAT.

One model holds a choice variable for every candidate GPU option (model x count),
platform (board + CPU), chassis, PSU (x1 or x2, or the modules of a GPU-server barebone),
memory kit (x1..x4), CPU cooler and storage (x1..x4). Compatibility (sockets, slot
geometry, memory kinds, sizes), power (80 % loading, transients, connectors, circuits),
lanes, RAM and budget are constraints. Each label ("cheapest that fits", "fastest within
budget", ...) is one objective; every later label must use a different GPU option, so the
alternatives differ in what matters.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.solve import power as pw
from configurator.core.solve.candidates import (
    BOARD_SIZES,
    CHASSIS_NOISE,
    Candidates,
    GpuOption,
    Priced,
    board_of,
    ceil_int,
    chassis_of,
    cooler_of,
    cpu_of,
    is_server_board,
    memory_of,
    noise_score,
    psu_of,
    storage_of,
)
from configurator.core.solve.request import BuildRequest, circuit_limit_w, circuit_volts

TP_OR_TRAINING_MIN_LANES = 8
MIN_FIRST_SOLVE_S = 2.0  # "at least x8 per GPU for tensor parallelism" (build rules R15/PCI-4)


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


@dataclass(frozen=True)
class _PsuChoice:
    psu: Priced | None
    count: int
    chassis_index: int | None  # for included modules: which barebone
    capacity_w: float
    tier: str
    kind: str  # atx3, atx2, included


class BuildModel:
    """The CP-SAT model for one request; solve it under different objectives."""

    def __init__(self, request: BuildRequest, cand: Candidates, model_arch: ModelArch, catalog: Catalog):
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.request = request
        self.c = cand
        self.model_arch = model_arch
        self.catalog = catalog
        m = cp_model.CpModel()
        self.m = m
        volts = circuit_volts(request.circuit)
        limit = circuit_limit_w(request.circuit)
        training = request.workload.kind != "inference"

        self.platforms: list[tuple[Priced, Priced, int]] = []
        for b in cand.boards:
            board = board_of(b)
            for cp_ in cand.cpus:
                cpu = cpu_of(cp_)
                if cpu.socket != board.socket or cpu.memory_type != board.memory_type:
                    continue
                self.platforms.append((b, cp_, board.cpu_sockets))
        self.psu_choices: list[_PsuChoice] = []
        for p in cand.psus:
            psu = psu_of(p)
            kind = "atx3" if psu.atx_version in ("3.0", "3.1") and psu.native_12v2x6 else "atx2"
            for count in (1, 2):
                self.psu_choices.append(_PsuChoice(p, count, None, psu.watts * count, psu.efficiency, kind))
        for hi, h in enumerate(cand.chassis):
            ch = chassis_of(h)
            if ch.integrated_board and ch.included_psu_w:
                usable = ch.included_psu_w / (2 if ch.psu_redundant else 1)
                self.psu_choices.append(_PsuChoice(None, 1, hi, usable, "titanium", "included"))
        self.mem_choices = [(mk, k) for mk in cand.memory for k in (1, 2, 3, 4)
                            if memory_of(mk).modules * k <= 32 and (k == 1 or memory_of(mk).modules * k <= 24)]
        self.sto_choices = [(s, k) for s in cand.storage for k in (1, 2, 3, 4)
                            if storage_of(s).capacity_gb * k >= cand.storage_need_gb
                            and (k == 1 or storage_of(s).capacity_gb * (k - 1) < cand.storage_need_gb)]

        o_vars = [m.NewBoolVar(f"o{i}") for i in range(len(cand.options))]
        p_vars = [m.NewBoolVar(f"p{i}") for i in range(len(self.platforms))]
        h_vars = [m.NewBoolVar(f"h{i}") for i in range(len(cand.chassis))]
        s_vars = [m.NewBoolVar(f"s{i}") for i in range(len(self.psu_choices))]
        mem_vars = [m.NewBoolVar(f"m{i}") for i in range(len(self.mem_choices))]
        c_vars = [m.NewBoolVar(f"c{i}") for i in range(len(cand.coolers))]
        d_vars = [m.NewBoolVar(f"d{i}") for i in range(len(self.sto_choices))]
        self.o, self.p, self.h, self.s, self.mem, self.cool, self.d = o_vars, p_vars, h_vars, s_vars, mem_vars, c_vars, d_vars
        for group in (o_vars, p_vars, h_vars, s_vars, mem_vars, c_vars, d_vars):
            m.AddExactlyOne(group)

        board_ids = sorted({board_of(b).id for b, _, _ in self.platforms})
        self.board_var = {}
        for bid in board_ids:
            var = m.NewBoolVar(f"board_{bid}")
            m.Add(var == sum(p_vars[i] for i, (b, _, _) in enumerate(self.platforms) if board_of(b).id == bid))
            self.board_var[bid] = var
        boards = {board_of(b).id: board_of(b) for b, _, _ in self.platforms}
        open_frame = [h_vars[i] for i, h in enumerate(cand.chassis) if chassis_of(h).kind == "open-frame"]
        is_open = m.NewBoolVar("open_frame")
        m.Add(is_open == sum(open_frame)) if open_frame else m.Add(is_open == 0)
        self.is_open = is_open

        # --- slot geometry and lanes: (GPU option, board) pairs
        openings = m.NewIntVar(0, 16, "openings")
        gpu_lanes = m.NewIntVar(0, 512, "gpu_lanes")
        nvme_count = m.NewIntVar(0, 16, "nvme")
        self.openings = openings
        for oi, opt in enumerate(cand.options):
            for bid, board in boards.items():
                bvar = self.board_var[bid]
                normal = cand.placement(board, opt, False)
                risers = None if board.gpu_bays else cand.placement(board, opt, True)
                needs_wide = training and opt.count > 1 or opt.estimate.split == "tensor"
                if normal is not None and needs_wide and normal.min_lanes < TP_OR_TRAINING_MIN_LANES:
                    normal = None
                if risers is not None and needs_wide and risers.min_lanes < TP_OR_TRAINING_MIN_LANES:
                    risers = None
                if normal is None and risers is None:
                    m.AddBoolOr([o_vars[oi].Not(), bvar.Not()])
                    continue
                if normal is None:
                    m.AddBoolOr([o_vars[oi].Not(), bvar.Not(), is_open])
                    assert risers is not None
                    m.Add(gpu_lanes >= sum(s.lanes for s in risers.slots)).OnlyEnforceIf([o_vars[oi], bvar])
                    continue
                m.Add(openings >= normal.openings_needed).OnlyEnforceIf([o_vars[oi], bvar, is_open.Not()])
                m.Add(gpu_lanes >= sum(s.lanes for s in normal.slots)).OnlyEnforceIf([o_vars[oi], bvar])
        for hi, h in enumerate(cand.chassis):
            ch = chassis_of(h)
            if ch.kind != "open-frame":
                m.Add(openings <= ch.expansion_slots).OnlyEnforceIf(h_vars[hi])
        # lanes within the CPU(s); NVMe drives take x4 each
        m.Add(nvme_count == sum(k * d_vars[i] for i, (s, k) in enumerate(self.sto_choices) if storage_of(s).interface != "sata"))
        for pi, (b, cp_, sockets) in enumerate(self.platforms):
            cpu = cpu_of(cp_)
            board = board_of(b)
            if not board.gpu_bays:
                m.Add(gpu_lanes + 4 * nvme_count <= cpu.pcie_lanes * sockets + 4).OnlyEnforceIf(p_vars[pi])
            m.Add(nvme_count <= max(len(board.m2_sockets), 1) + (4 if is_server_board(board) else 0)).OnlyEnforceIf(p_vars[pi])

        # --- platform and GPU count (PCI-3, CPU-1)
        for oi, opt in enumerate(cand.options):
            for pi, (b, cp_, sockets) in enumerate(self.platforms):
                cpu = cpu_of(cp_)
                if opt.count >= 3 and cpu.platform == "consumer":
                    m.AddBoolOr([o_vars[oi].Not(), p_vars[pi].Not()])
                elif cpu.cores * sockets < 4 * opt.count:
                    m.AddBoolOr([o_vars[oi].Not(), p_vars[pi].Not()])

        # --- chassis: board size, integrated boards, GPU length, cooling, GPU count
        for hi, h in enumerate(cand.chassis):
            ch = chassis_of(h)
            for bid, board in boards.items():
                fits = BOARD_SIZES[board.form_factor] <= BOARD_SIZES[ch.max_board] and board.width_mm <= ch.max_board_width_mm + 1
                if ch.integrated_board:
                    fits = board.id == ch.integrated_board
                elif is_server_board(board):
                    fits = False
                if not fits:
                    m.AddBoolOr([h_vars[hi].Not(), self.board_var[bid].Not()])
            for oi, opt in enumerate(cand.options):
                gpu = opt.gpu
                bad = gpu.length_mm > ch.max_gpu_length_mm
                bad |= gpu.cooler == "passive" and ch.airflow != "server-ducted"  # COOL-2
                bad |= gpu.cooler == "open-air" and ch.airflow == "server-ducted"
                bad |= ch.max_gpus is not None and opt.count > ch.max_gpus and ch.kind != "open-frame"
                # more than two open-air flagships: risers (open frame) or a rack, never a closed tower (R2, R3)
                bad |= gpu.cooler == "open-air" and gpu.tdp_w >= 320 and opt.count > 2 and ch.kind in ("mid-tower", "full-tower")
                if bad:
                    m.AddBoolOr([h_vars[hi].Not(), o_vars[oi].Not()])

        # --- PSU: included modules only with their barebone; desktop units only elsewhere
        for si, ps in enumerate(self.psu_choices):
            for hi, h in enumerate(cand.chassis):
                ch = chassis_of(h)
                if ps.kind == "included":
                    if ps.chassis_index != hi:
                        m.AddBoolOr([s_vars[si].Not(), h_vars[hi].Not()])
                else:
                    if ch.integrated_board or (ps.count > ch.psu_bays and ch.kind != "open-frame"):
                        m.AddBoolOr([s_vars[si].Not(), h_vars[hi].Not()])

        # --- power (PWR-1/2/3/4/6, CIR-1)
        gpu_w = sum(int(opt.count * opt.gpu.tdp_w) * o_vars[i] for i, opt in enumerate(cand.options))
        cpu_w = sum(int(cpu_of(cp_).tdp_w * sockets) * p_vars[i] for i, (_, cp_, sockets) in enumerate(self.platforms))
        rest_w = (
            sum(5 * memory_of(mk).modules * k * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices))
            + sum(8 * k * d_vars[i] for i, (_, k) in enumerate(self.sto_choices))
            + sum((60 if chassis_of(h).integrated_board else 15) * h_vars[i] for i, h in enumerate(cand.chassis))
            + 75
        )
        dc = m.NewIntVar(0, 100_000, "dc_w")
        m.Add(dc == gpu_w + cpu_w + rest_w)
        self.dc = dc
        fast = sum(int(opt.count * opt.gpu.tdp_w * pw.transient_ratio(opt.gpu)) * o_vars[i] for i, opt in enumerate(cand.options))
        slow = sum(int(opt.count * opt.gpu.tdp_w * 1.3) * o_vars[i] for i, opt in enumerate(cand.options))
        spike = sum(int(opt.count * opt.gpu.tdp_w * 2) * o_vars[i] for i, opt in enumerate(cand.options))
        eps_gpu = sum(opt.gpu.power_connectors.eps8 * opt.count * o_vars[i] for i, opt in enumerate(cand.options))
        eps_cpu = sum(pw.cpu_eps_connectors(cpu_of(cp_), sockets) * p_vars[i] for i, (_, cp_, sockets) in enumerate(self.platforms))
        fast_w, slow_w, spike_w, eps_w = (m.NewIntVar(0, 1_000_000, name) for name in ("fast_w", "slow_w", "spike_w", "eps"))
        m.Add(fast_w == fast + cpu_w + rest_w)
        m.Add(slow_w == slow + cpu_w + rest_w)
        m.Add(spike_w == spike + cpu_w + rest_w)
        m.Add(eps_w == eps_gpu + eps_cpu)
        for si, ps in enumerate(self.psu_choices):
            lit = s_vars[si]
            m.Add(10 * dc <= int(8 * ps.capacity_w)).OnlyEnforceIf(lit)  # 80 % loading
            eff = pw.efficiency(ps.tier, volts)
            outlets = min(ps.count if ps.kind != "included" else 4, self.request.circuits)
            m.Add(1000 * dc <= int(1000 * eff * limit * outlets)).OnlyEnforceIf(lit)
            if ps.kind == "included":
                continue
            psu = psu_of(ps.psu)  # type: ignore[arg-type]
            if ps.kind == "atx3":
                m.Add(fast_w <= int(pw.ATX3_100US * ps.capacity_w)).OnlyEnforceIf(lit)
                m.Add(slow_w <= int(pw.ATX3_10MS * ps.capacity_w)).OnlyEnforceIf(lit)
            else:
                m.Add(spike_w <= int(ps.capacity_w)).OnlyEnforceIf(lit)
            # connectors (PWR-6): native 12V-2x6 first, else adapters from four 8-pin each
            supply8 = psu.connectors.pcie8 * ps.count
            supply16 = psu.connectors.hpwr16 * ps.count
            for oi, opt in enumerate(cand.options):
                need16 = opt.gpu.power_connectors.hpwr16 * opt.count
                need8 = opt.gpu.power_connectors.pcie8 * opt.count + opt.gpu.power_connectors.pcie6 * opt.count
                adapters = max(0, need16 - supply16)
                if need8 + 4 * adapters > supply8:
                    m.AddBoolOr([lit.Not(), o_vars[oi].Not()])
            eps_supply = psu.connectors.eps8 * ps.count
            # EPS-powered cards (A6000) may also use the 8-pin PCIe-to-EPS adapter they ship with
            m.Add(eps_w <= eps_supply + max(0, supply8 - 2)).OnlyEnforceIf(lit)

        # --- memory (RAM-1, RAM-3, RAM-5, RAM-6)
        ram_gb = sum(memory_of(mk).total_gb * k * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices))
        self.ram_gb = ram_gb
        for oi, opt in enumerate(cand.options):
            need = max(opt.vram_gb, opt.estimate.host_ram_bytes / 1024**3 + 16)
            m.Add(ram_gb >= ceil_int(need)).OnlyEnforceIf(o_vars[oi])
        for mi, (mk, k) in enumerate(self.mem_choices):
            kit = memory_of(mk)
            for bid, board in boards.items():
                ok = kit.memory_type == board.memory_type and kit.module == board.memory_module
                ok &= kit.modules * k <= board.dimm_slots and kit.total_gb * k <= board.max_memory_gb
                if not ok:
                    m.AddBoolOr([mem_vars[mi].Not(), self.board_var[bid].Not()])

        # --- CPU cooler: socket, capacity, height; server boards take server heatsinks
        for ci, cl in enumerate(cand.coolers):
            cooler = cooler_of(cl)
            for pi, (b, cp_, _) in enumerate(self.platforms):
                cpu = cpu_of(cp_)
                ok = cpu.socket in cooler.sockets and cooler.max_tdp_w >= cpu.tdp_w
                if is_server_board(board_of(b)) and not cooler.kind.startswith("server"):
                    ok = False
                if not ok:
                    m.AddBoolOr([c_vars[ci].Not(), p_vars[pi].Not()])
            for hi, h in enumerate(cand.chassis):
                ch = chassis_of(h)
                if cooler.height_mm and ch.max_cpu_cooler_height_mm and cooler.height_mm > ch.max_cpu_cooler_height_mm:
                    m.AddBoolOr([c_vars[ci].Not(), h_vars[hi].Not()])
                if cooler.radiator_mm and ch.kind.startswith("rack"):
                    m.AddBoolOr([c_vars[ci].Not(), h_vars[hi].Not()])

        # --- storage: U.2 only on server platforms
        for di, (s, _) in enumerate(self.sto_choices):
            if storage_of(s).interface == "u.2":
                for pi, (_, cp_, _) in enumerate(self.platforms):
                    if cpu_of(cp_).platform != "server":
                        m.AddBoolOr([d_vars[di].Not(), p_vars[pi].Not()])

        # --- owned parts must be used
        for part in request.owned:
            if part.category == "gpu":
                continue
            groups: dict[str, list[Any]] = {
                "cpu": [p_vars[i] for i, (_, cp_, _) in enumerate(self.platforms) if cp_.record.id == part.id],
                "motherboard": [p_vars[i] for i, (b, _, _) in enumerate(self.platforms) if b.record.id == part.id],
                "chassis": [h_vars[i] for i, h in enumerate(cand.chassis) if h.record.id == part.id],
                "psu": [s_vars[i] for i, ps in enumerate(self.psu_choices) if ps.psu and ps.psu.record.id == part.id],
                "memory": [mem_vars[i] for i, (mk, _) in enumerate(self.mem_choices) if mk.record.id == part.id],
                "cooler": [c_vars[i] for i, cl in enumerate(cand.coolers) if cl.record.id == part.id],
                "storage": [d_vars[i] for i, (s, _) in enumerate(self.sto_choices) if s.record.id == part.id],
            }
            chosen = groups.get(part.category, [])
            m.AddBoolOr(chosen) if chosen else m.AddBoolOr([m.NewConstant(0)])

        # --- cost (whole currency units)
        def paid(p: Priced | None, qty: int) -> int:
            if p is None or p.quote is None:
                return 0
            return int(round(p.amount * max(0, qty - p.owned)))

        sync = cand.accessories.get("add2psu-sync-board")
        riser = cand.accessories.get("riser-pcie4-x16-300mm")
        cost_terms = []
        for i, opt in enumerate(cand.options):
            cost_terms.append(int(round(opt.unit_cost() * (opt.count - opt.owned))) * o_vars[i])
        for i, (b, cp_, sockets) in enumerate(self.platforms):
            cost_terms.append((paid(b, 1) + paid(cp_, sockets)) * p_vars[i])
        for i, h in enumerate(cand.chassis):
            cost_terms.append(paid(h, 1) * h_vars[i])
        for i, ps in enumerate(self.psu_choices):
            extra = paid(sync, 1) if ps.count == 2 and sync else 0
            cost_terms.append((paid(ps.psu, ps.count) + extra) * s_vars[i])
        for i, (mk, k) in enumerate(self.mem_choices):
            cost_terms.append(paid(mk, k) * mem_vars[i])
        # coolers: one per socket; a dual-socket board doubles the cooler cost
        dual = m.NewBoolVar("dual_socket")
        m.Add(dual == sum(p_vars[i] for i, (_, _, sockets) in enumerate(self.platforms) if sockets == 2))
        cooler_cost = []
        for i, cl in enumerate(cand.coolers):
            price = paid(cl, 1)
            cost_terms.append(price * c_vars[i])
            both = m.NewBoolVar(f"cooler2_{i}")
            m.AddBoolAnd([c_vars[i], dual]).OnlyEnforceIf(both)
            m.AddBoolOr([c_vars[i].Not(), dual.Not(), both])
            cooler_cost.append(price * both)
        cost_terms.extend(cooler_cost)
        for i, (s, k) in enumerate(self.sto_choices):
            cost_terms.append(paid(s, k) * d_vars[i])
        if riser:
            for i, opt in enumerate(cand.options):
                both = m.NewBoolVar(f"riser_{i}")
                m.AddBoolAnd([o_vars[i], is_open]).OnlyEnforceIf(both)
                m.AddBoolOr([o_vars[i].Not(), is_open.Not(), both])
                cost_terms.append(paid(riser, opt.count) * both)
        cost = m.NewIntVar(0, 1_000_000_000, "cost")
        m.Add(cost == sum(cost_terms))
        self.cost = cost
        if request.budget is not None:
            m.Add(cost <= int(request.budget))

        # --- objective ingredients
        # performance as integers: the best option scores 100,000 (keeps training jobs/day precise)
        self.perf_scale = 100_000 / max((opt.perf for opt in cand.options), default=1.0)
        self.perf = sum(self.perf_points(opt) * o_vars[i] for i, opt in enumerate(cand.options))
        self.noise = (
            sum(noise_score(opt.gpu, opt.count) * 10 * o_vars[i] for i, opt in enumerate(cand.options))
            + sum(CHASSIS_NOISE[chassis_of(h).noise] * 10 * h_vars[i] for i, h in enumerate(cand.chassis))
        )
        self.grow = (
            sum(len([s for s in board_of(b).pcie_slots if s.mechanical_lanes >= 16]) * 100 * p_vars[i]
                for i, (b, _, _) in enumerate(self.platforms))
            + sum(int(ps.capacity_w) // 10 * s_vars[i] for i, ps in enumerate(self.psu_choices))
        )
        self.excluded: list[int] = []
        self._exclusions: list[Any] = []
        self.last_status = "unsolved"

    # ------------------------------------------------------------------ solving

    def exclude_option(self, index: int) -> None:
        """Later builds must use another GPU option (model or count); undone by allow_options."""
        self.excluded.append(index)
        literal = self.m.NewBoolVar(f"exclude_o{index}_{len(self._exclusions)}")
        self.m.Add(self.o[index] == 0).OnlyEnforceIf(literal)
        self._exclusions.append(literal)

    def allow_options(self, indexes: list[int]) -> None:
        self._exclusions = []

    def exclude_build(self, choice: Choice) -> None:
        """Later builds may reuse the GPU option, but not with the same board and chassis."""
        oi = self.c.options.index(choice.option)
        board = self.board_var[board_of(choice.board).id]
        self.m.AddBoolOr([self.o[oi].Not(), board.Not()])
        kind = chassis_of(choice.chassis).kind
        for hj, h in enumerate(self.c.chassis):
            if chassis_of(h).kind == kind:
                self.m.AddBoolOr([self.o[oi].Not(), self.h[hj].Not()])

    def solve(self, objective: str, time_limit: float = 2.0, bound: tuple[str, int] | None = None) -> Choice | None:
        m = self.m
        assumptions = list(self._exclusions)
        if bound is not None:
            name, value = bound
            expr = {"perf": self.perf, "cost": self.cost, "noise": self.noise, "grow": self.grow}[name]
            literal = m.NewBoolVar(f"bound_{name}_{value}")
            (m.Add(expr >= value) if name in ("perf", "grow") else m.Add(expr <= value)).OnlyEnforceIf(literal)
            assumptions.append(literal)
        m.ClearAssumptions()
        m.AddAssumptions(assumptions)
        if objective == "cost":
            m.Minimize(self.cost)
        elif objective == "perf":
            m.Maximize(self.perf * 100_000_000 - self.cost)  # fastest, then cheapest
        elif objective == "noise":
            m.Minimize(self.noise * 100_000_000 + self.cost)  # quietest, then cheapest
        elif objective == "grow":
            m.Maximize(self.grow * 100_000_000 - self.cost)  # most room, then cheapest
        elif objective.startswith("value:"):
            lam = float(objective.split(":", 1)[1])
            m.Maximize(self.perf * 1000 - int(round(lam * 1000)) * self.cost)
        solver = self.cp.CpSolver()
        solver.parameters.max_time_in_seconds = time_limit
        solver.parameters.num_workers = 1  # deterministic: the same request gives the same builds
        status = solver.Solve(m)
        self.last_status = "optimal" if status == self.cp.OPTIMAL else "feasible" if status == self.cp.FEASIBLE else (
            "infeasible" if status == self.cp.INFEASIBLE else "unknown")
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        return self._decode(solver)

    def _decode(self, solver: Any) -> Choice:
        def pick(vars_: list[Any]) -> int:
            return next(i for i, v in enumerate(vars_) if solver.Value(v))

        c = self.c
        option = c.options[pick(self.o)]
        board, cpu, _ = self.platforms[pick(self.p)]
        chassis = c.chassis[pick(self.h)]
        ps = self.psu_choices[pick(self.s)]
        mk, mk_count = self.mem_choices[pick(self.mem)]
        cooler = c.coolers[pick(self.cool)]
        sto, sto_count = self.sto_choices[pick(self.d)]
        return Choice(
            option=option, board=board, cpu=cpu, chassis=chassis, psu=ps.psu, psu_count=ps.count,
            memory=mk, memory_count=mk_count, cooler=cooler, storage=sto, storage_count=sto_count,
            cost=float(solver.Value(self.cost)), risers=chassis_of(chassis).kind == "open-frame",
        )

    def perf_points(self, option: GpuOption) -> int:
        return int(round(option.perf * self.perf_scale))

    def option_index(self, option: GpuOption) -> int:
        return self.c.options.index(option)


def run_labels(
    bm: BuildModel,
    top_k: int,
    should_stop: Callable[[], bool] = lambda: False,
    deadline: float | None = None,
    on_found: Callable[[str, str, Choice], None] = lambda _label, _why, _choice: None,
) -> list[tuple[str, str, Choice]]:
    """Solve for each label in turn; each later build uses a different GPU option.

    `on_found` hears about each build as soon as it is solved (the app shows the cheapest
    while the other labels are still being solved).
    """
    results: list[tuple[str, str, Choice]] = []

    def remaining() -> float:
        return max(0.05, (deadline - time.monotonic()) if deadline else 2.0)

    used_options: list[int] = []

    def take(label: str, why: str, choice: Choice | None) -> None:
        if choice is None:
            return
        results.append((label, why, choice))
        on_found(label, why, choice)
        bm.exclude_build(choice)
        used_options.append(bm.option_index(choice.option))
        bm.exclude_option(used_options[-1])

    # the first answer matters most: give it time even when building the model took a while
    cheapest = bm.solve("cost", max(remaining(), MIN_FIRST_SOLVE_S))
    if cheapest is None:
        return results  # infeasible (or out of time: see bm.last_status); other objectives cannot help
    take("cheapest that fits", "the lowest total price among builds that pass every rule", cheapest)
    plan = [("fastest within budget", "perf"), ("best tokens/s per dollar", "value"), ("quietest", "noise"), ("room to grow", "grow")]
    if bm.request.workload.kind != "inference":
        plan[1] = ("best time per dollar", "value")
    for label, objective in plan:
        if len(results) >= top_k or should_stop():
            break
        if objective == "value":
            if cheapest is None:
                continue
            lam = bm.perf_points(cheapest.option) / max(cheapest.cost, 1)
            first = bm.solve(f"value:{lam}", remaining())
            choice = first
        elif objective in ("perf", "noise", "grow"):
            choice = bm.solve(objective, remaining())
        else:
            choice = bm.solve(objective, remaining())
        why = {
            "fastest within budget": "the highest estimated speed the budget allows",
            "best tokens/s per dollar": "the most estimated speed for each unit of money",
            "best time per dollar": "the most training throughput for each unit of money",
            "quietest": "the least noisy GPU coolers and chassis that still fit",
            "room to grow": "the most free x16 slots and spare PSU capacity for another GPU",
        }[label]
        take(label, why, choice)
    while len(results) < top_k and not should_stop():
        choice = bm.solve("cost", remaining())
        if choice is None:
            break
        take("alternative", "the next cheapest build with a different GPU choice", choice)
    if len(results) < top_k and not should_stop():
        # every GPU option is used: offer other platforms for the same GPUs
        bm.allow_options(used_options)
        extra = 0
        while len(results) < top_k and extra < 2 and not should_stop():
            extra += 1
            choice = bm.solve("cost", remaining())
            if choice is None:
                break
            results.append(("alternative platform", "the same GPUs on another board and another kind of case", choice))
            on_found(*results[-1])
            bm.exclude_build(choice)
    return results
