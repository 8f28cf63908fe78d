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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, Motherboard
from configurator.core.solve import compat
from configurator.core.solve import power as pw
from configurator.core.solve.candidates import (
    CHASSIS_NOISE,
    Candidates,
    GpuOption,
    Priced,
    board_of,
    ceil_int,
    chassis_of,
    cooler_of,
    cpu_of,
    memory_of,
    noise_score,
    psu_of,
    storage_of,
)
from configurator.core.solve.compat import is_server_board
from configurator.core.solve.request import BuildRequest, circuit_limit_w, circuit_volts
from configurator.core.solve.slots import needs_gap, span

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
    """The CP-SAT model for one request; solve it under different objectives.

    Every part kind has one choice variable per candidate. Compatibility rules are written
    between *classes* of candidates that behave alike (boards with the same slot layout,
    GPU options with the same geometry, PSUs with the same connectors), or as linear
    inequalities (length, memory size, cooler height, TDP), so the model grows linearly with
    the catalog instead of with the product of its parts.
    """

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

        boards = [board_of(b) for b in cand.boards]
        cpus = [cpu_of(c) for c in cand.cpus]
        chassis = [chassis_of(h) for h in cand.chassis]
        options = cand.options
        self.psu_choices: list[_PsuChoice] = []
        for p in cand.psus:
            psu = psu_of(p)
            kind = "atx3" if psu.atx_version in ("3.0", "3.1") and psu.native_12v2x6 else "atx2"
            for count in (1, 2):
                self.psu_choices.append(_PsuChoice(p, count, None, psu.watts * count, psu.efficiency, kind))
        for hi, ch in enumerate(chassis):
            if ch.integrated_board and ch.included_psu_w:
                usable = ch.included_psu_w / (2 if ch.psu_redundant else 1)
                self.psu_choices.append(_PsuChoice(None, 1, hi, usable, "titanium", "included"))
        self.mem_choices = [(mk, k) for mk in cand.memory for k in (1, 2, 3, 4)
                            if memory_of(mk).modules * k <= 32 and (k == 1 or memory_of(mk).modules * k <= 24)]
        self.sto_choices = [(s, k) for s in cand.storage for k in (1, 2, 3, 4)
                            if storage_of(s).capacity_gb * k >= cand.storage_need_gb
                            and (k == 1 or storage_of(s).capacity_gb * (k - 1) < cand.storage_need_gb)]

        o_vars = [m.new_bool_var(f"o{i}") for i in range(len(options))]
        b_vars = [m.new_bool_var(f"b{i}") for i in range(len(boards))]
        c_vars = [m.new_bool_var(f"c{i}") for i in range(len(cpus))]
        h_vars = [m.new_bool_var(f"h{i}") for i in range(len(chassis))]
        s_vars = [m.new_bool_var(f"s{i}") for i in range(len(self.psu_choices))]
        mem_vars = [m.new_bool_var(f"m{i}") for i in range(len(self.mem_choices))]
        cool_vars = [m.new_bool_var(f"k{i}") for i in range(len(cand.coolers))]
        d_vars = [m.new_bool_var(f"d{i}") for i in range(len(self.sto_choices))]
        self.o, self.b, self.cpu, self.h, self.s, self.mem, self.cool, self.d = (
            o_vars, b_vars, c_vars, h_vars, s_vars, mem_vars, cool_vars, d_vars)
        for group in (o_vars, b_vars, c_vars, h_vars, s_vars, mem_vars, cool_vars, d_vars):
            m.add_exactly_one(group)

        def any_of(name: str, literals: list[Any]) -> Any:
            """A 0/1 variable equal to the sum of mutually exclusive literals."""
            var = m.new_bool_var(name)
            m.add(var == sum(literals)) if literals else m.add(var == 0)
            return var

        def classes(items: list[Any], key: Any) -> dict[Any, list[int]]:
            out: dict[Any, list[int]] = {}
            for index, item in enumerate(items):
                out.setdefault(key(item), []).append(index)
            return out

        def forbid_pairs(left: list[Any], left_vars: list[Any], left_key: Any, right: list[Any], right_vars: list[Any],
                         right_key: Any, allowed: Any, name: str) -> None:
            """A pairwise rule as a table: classes of parts the rule cannot tell apart, and a
            clause for every class pair the rule's own function (compat.py) fails."""
            lefts, rights = classes(left, left_key), classes(right, right_key)
            lvars = {k: any_of(f"{name}_l{ids[0]}", [left_vars[i] for i in ids]) for k, ids in lefts.items()}
            rvars = {k: any_of(f"{name}_r{ids[0]}", [right_vars[i] for i in ids]) for k, ids in rights.items()}
            for lk, lids in lefts.items():
                for rk, rids in rights.items():
                    if not allowed(left[lids[0]], right[rids[0]]):
                        m.add_bool_or([lvars[lk].negated(), rvars[rk].negated()])

        # --- board and CPU: same socket and memory kind; dual-socket boards take two CPUs
        for key in {(b.socket, b.memory_type) for b in boards} | {(c.socket, c.memory_type) for c in cpus}:
            m.add(sum(b_vars[i] for i, b in enumerate(boards) if (b.socket, b.memory_type) == key)
                  == sum(c_vars[i] for i, c in enumerate(cpus) if (c.socket, c.memory_type) == key))
        forbid_pairs(cpus, c_vars, compat.cpu_key, boards, b_vars, compat.board_cpu_key,
                     lambda cpu, board: compat.cpu_board(cpu, board).status != "fail", "cpuboard")
        dual = any_of("dual_socket", [b_vars[i] for i, b in enumerate(boards) if b.cpu_sockets == 2])
        self.dual = dual
        dual_sockets = {b.socket for b in boards if b.cpu_sockets == 2}
        second_cpu: dict[int, Any] = {}
        for i, cpu in enumerate(cpus):
            if cpu.socket in dual_sockets:
                both = m.new_bool_var(f"cpu2_{i}")
                m.add_multiplication_equality(both, [c_vars[i], dual])
                second_cpu[i] = both

        def per_cpu(value: Any) -> Any:
            """Sum over the chosen CPU(s) of value(cpu), counting the second socket."""
            return (sum(int(value(cpu)) * c_vars[i] for i, cpu in enumerate(cpus))
                    + sum(int(value(cpus[i])) * both for i, both in second_cpu.items()))

        consumer_cpu = any_of("consumer_cpu", [c_vars[i] for i, c in enumerate(cpus) if c.platform == "consumer"])
        server_cpu = any_of("server_cpu", [c_vars[i] for i, c in enumerate(cpus) if c.platform == "server"])
        socket_var = {s: any_of(f"socket_{s}", [b_vars[i] for i, b in enumerate(boards) if b.socket == s])
                      for s in {b.socket for b in boards}}

        # --- GPU geometry: board slot layouts against card geometry classes (R1, R8, R12, R14)
        open_frame = any_of("open_frame", [h_vars[i] for i, h in enumerate(chassis) if h.kind == "open-frame"])
        openings = m.new_int_var(0, 16, "openings")
        gpu_lanes = m.new_int_var(0, 1024, "gpu_lanes")
        self.openings = openings

        def layout_key(b: Motherboard) -> Any:
            return (tuple((s.position, s.mechanical_lanes, s.lanes, s.gen, s.source, s.lanes_when_bifurcated)
                          for s in b.pcie_slots), b.gpu_bays, b.gpu_bay_gen)

        def geometry_key(o: GpuOption) -> Any:
            wide = (training and o.count > 1) or o.estimate.split == "tensor"
            return (span(o.gpu), needs_gap(o.gpu), o.gpu.slot_width <= 2, o.count, wide)

        layouts = classes(boards, layout_key)
        geometries = classes(options, geometry_key)
        needs_risers = m.new_bool_var("needs_risers")  # cards that cannot sit in their slots: hung on risers
        for lk, board_ids in layouts.items():
            lvar = any_of(f"layout_{len(board_ids)}_{board_ids[0]}", [b_vars[i] for i in board_ids])
            board = boards[board_ids[0]]
            for gk, option_ids in geometries.items():
                gvar = any_of(f"geom_{board_ids[0]}_{option_ids[0]}", [o_vars[i] for i in option_ids])
                opt = options[option_ids[0]]
                normal = cand.placement(board, opt, False)
                risers = None if board.gpu_bays else cand.placement(board, opt, True)
                wide = gk[-1]
                if normal is not None and wide and normal.min_lanes < TP_OR_TRAINING_MIN_LANES:
                    normal = None
                if risers is not None and wide and risers.min_lanes < TP_OR_TRAINING_MIN_LANES:
                    risers = None
                if normal is None and risers is None:
                    m.add_bool_or([gvar.negated(), lvar.negated()])
                    continue
                if normal is None:
                    assert risers is not None
                    m.add_bool_or([gvar.negated(), lvar.negated(), needs_risers])
                    m.add(gpu_lanes >= sum(s.lanes for s in risers.slots)).only_enforce_if([gvar, lvar])
                    continue
                # seated in their slots: the cards must end within the case's openings
                m.add(openings >= normal.openings_needed).only_enforce_if([gvar, lvar, needs_risers.negated()])
                if risers is None:
                    m.add_bool_or([gvar.negated(), lvar.negated(), needs_risers.negated()])
                m.add(gpu_lanes >= sum(s.lanes for s in normal.slots)).only_enforce_if([gvar, lvar])
        m.add(needs_risers <= open_frame)  # risers only where the cards can hang off a frame
        self.needs_risers = needs_risers
        m.add(openings <= sum(h.expansion_slots * h_vars[i] for i, h in enumerate(chassis)))

        # lanes within the CPU(s); NVMe drives take x4 each; sockets for the drives
        nvme_count = m.new_int_var(0, 16, "nvme")
        m.add(nvme_count == sum(k * d_vars[i] for i, (s, k) in enumerate(self.sto_choices) if storage_of(s).interface != "sata"))
        bay_board = any_of("bay_board", [b_vars[i] for i, b in enumerate(boards) if b.gpu_bays])
        m.add(gpu_lanes + 4 * nvme_count <= per_cpu(lambda c: c.pcie_lanes) + 4 + 1024 * bay_board)
        m.add(nvme_count <= sum((max(len(b.m2_sockets), 1) + (4 if is_server_board(b) else 0)) * b_vars[i]
                                for i, b in enumerate(boards)))

        # --- platform and GPU count (PCI-3, CPU-1: at least 4 cores per GPU)
        gpu_count = m.new_int_var(0, 64, "gpu_count")
        m.add(gpu_count == sum(o.count * o_vars[i] for i, o in enumerate(options)))
        many = any_of("three_or_more", [o_vars[i] for i, o in enumerate(options) if o.count >= 3])
        m.add(many + consumer_cpu <= 1)
        m.add(per_cpu(lambda c: c.cores) >= 4 * gpu_count)

        # --- chassis: board size, integrated boards, GPU length, cooling, GPU count
        forbid_pairs(boards, b_vars, compat.board_size_key, chassis, h_vars, lambda h: h.id,
                     lambda board, ch: compat.board_chassis(board, ch).status != "fail", "boardcase")
        m.add(sum(int(o.gpu.length_mm) * o_vars[i] for i, o in enumerate(options))
              <= sum(int(h.max_gpu_length_mm) * h_vars[i] for i, h in enumerate(chassis)))
        m.add(gpu_count <= sum((h.max_gpus if h.max_gpus and h.kind != "open-frame" else 64) * h_vars[i]
                               for i, h in enumerate(chassis)))
        ducted = any_of("ducted", [h_vars[i] for i, h in enumerate(chassis) if h.airflow == "server-ducted"])
        tower = any_of("tower", [h_vars[i] for i, h in enumerate(chassis) if h.kind in ("mid-tower", "full-tower")])
        passive = any_of("passive_gpus", [o_vars[i] for i, o in enumerate(options) if o.gpu.cooler == "passive"])
        open_air = any_of("open_air_gpus", [o_vars[i] for i, o in enumerate(options) if o.gpu.cooler == "open-air"])
        flagships = any_of("open_air_flagships", [o_vars[i] for i, o in enumerate(options)
                                                   if o.gpu.cooler == "open-air" and o.gpu.tdp_w >= 320 and o.count > 2])
        m.add(passive <= ducted)  # COOL-2: passive cards only with ducted server airflow
        m.add(open_air + ducted <= 1)  # fans fight a ducted server's front-to-back airflow
        m.add(flagships + tower <= 1)  # R2/R3: beyond two open-air flagships, risers or a rack
        # SLOT-6: an open frame only when asked for, or when it serves (three or more open-air cards
        # that a case cannot cool); a one- or two-card build sits in a case
        if request.form != "open-frame":
            serves_frame = any_of("frame_serves", [o_vars[i] for i, o in enumerate(options)
                                                   if o.gpu.cooler == "open-air" and o.count >= 3])
            m.add(open_frame <= serves_frame)

        # --- PSU: included modules only with their barebone; desktop units only elsewhere
        barebone = any_of("barebone", [h_vars[i] for i, h in enumerate(chassis) if h.integrated_board])
        for si, ps in enumerate(self.psu_choices):
            if ps.kind == "included":
                assert ps.chassis_index is not None
                m.add(s_vars[si] == h_vars[ps.chassis_index])
        desktop_psu = any_of("desktop_psu", [s_vars[i] for i, ps in enumerate(self.psu_choices) if ps.kind != "included"])
        m.add(desktop_psu + barebone <= 1)
        two_psus = any_of("two_psus", [s_vars[i] for i, ps in enumerate(self.psu_choices) if ps.count == 2])
        one_bay = any_of("one_bay", [h_vars[i] for i, h in enumerate(chassis) if h.psu_bays < 2 and h.kind != "open-frame"])
        m.add(two_psus + one_bay <= 1)
        self.largest_single_psu_w = max((psu_of(p).watts for p in cand.psus), default=0.0)

        # --- power (PWR-1/2/3/4/6, CIR-1)
        # a power limit lowers the sustained draw; transients stay those of the card (R20)
        gpu_w = sum(int(o.count * pw.gpu_sustained_w(o.gpu, request.power_limit)) * o_vars[i] for i, o in enumerate(options))
        cpu_w = per_cpu(lambda c: c.tdp_w)
        # the same terms as power.rest_power_w, as a sum over the chosen parts
        rest_w = (
            sum(pw.DIMM_W * memory_of(mk).modules * k * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices))
            + sum(pw.DRIVE_W * k * d_vars[i] for i, (_, k) in enumerate(self.sto_choices))
            + sum(pw.fans_w(h.integrated_board is not None) * h_vars[i] for i, h in enumerate(chassis))
            + pw.BASE_W
        )
        dc = m.new_int_var(0, 200_000, "dc_w")
        m.add(dc == gpu_w + cpu_w + rest_w)
        self.dc = dc
        fast_w, slow_w, spike_w = (m.new_int_var(0, 1_000_000, name) for name in ("fast_w", "slow_w", "spike_w"))
        m.add(fast_w == sum(int(o.count * o.gpu.tdp_w * pw.transient_ratio(o.gpu)) * o_vars[i] for i, o in enumerate(options))
              + cpu_w + rest_w)
        m.add(slow_w == sum(int(o.count * o.gpu.tdp_w * pw.SLOW_TRANSIENT_RATIO) * o_vars[i] for i, o in enumerate(options))
              + cpu_w + rest_w)
        m.add(spike_w == sum(int(o.count * o.gpu.tdp_w * pw.ATX2_SPIKE_RATIO) * o_vars[i] for i, o in enumerate(options))
              + cpu_w + rest_w)
        # PWR-6 (power.connectors_ok) over classes: what the GPUs need, the CPU's EPS inputs, each PSU
        need_classes = classes(options, lambda o: pw.gpu_connector_needs(o.gpu, o.count))
        need_vars = {k: any_of(f"need_{k[0]}_{k[1]}_{k[2]}", [o_vars[i] for i in ids]) for k, ids in need_classes.items()}
        eps_classes = classes(cpus, lambda c: pw.cpu_eps_connectors(c, 1))  # desktop PSUs feed one socket
        eps_vars = {k: any_of(f"cpu_eps_{k}", [c_vars[i] for i in ids]) for k, ids in eps_classes.items()}
        # PWR-10: no supply beyond 2.5x its load, except where a label explains it ("room to grow")
        # or the user owns it; enforced through an assumption literal so one label can lift it
        self.right_sized_psu = m.new_bool_var("right_sized_psu")
        for si, ps in enumerate(self.psu_choices):
            lit = s_vars[si]
            m.add(100 * dc <= int(100 * pw.PSU_TARGET_LOAD * ps.capacity_w)).only_enforce_if(lit)  # PWR-2
            if ps.count == 2 and not (ps.psu is not None and ps.psu.owned):  # PWR-8 (power.two_psus_needed)
                m.add(100 * dc >= int(100 * pw.PSU_TARGET_LOAD * self.largest_single_psu_w) + 1).only_enforce_if(lit)
            if ps.kind != "included" and not (ps.psu is not None and ps.psu.owned):
                m.add(int(10 * pw.PSU_OVERSIZE) * dc >= int(10 * ps.capacity_w)).only_enforce_if([lit, self.right_sized_psu])
            eff = pw.efficiency(ps.tier, volts)
            outlets = min(ps.count if ps.kind != "included" else 4, self.request.circuits)
            m.add(1000 * dc <= int(1000 * eff * limit * outlets)).only_enforce_if(lit)
            if ps.kind == "included":
                continue
            psu = psu_of(ps.psu)  # type: ignore[arg-type]
            if ps.kind == "atx3":
                m.add(fast_w <= int(pw.ATX3_100US * ps.capacity_w)).only_enforce_if(lit)
                m.add(slow_w <= int(pw.ATX3_10MS * ps.capacity_w)).only_enforce_if(lit)
            else:
                m.add(spike_w <= int(ps.capacity_w)).only_enforce_if(lit)
            have = (psu.connectors.hpwr16 * ps.count, psu.connectors.pcie8 * ps.count, psu.connectors.eps8 * ps.count)
            for (need16, need8, gpu_eps), nvar in need_vars.items():
                for cpu_eps, evar in eps_vars.items():
                    if not pw.connectors_ok(need16, need8, gpu_eps + cpu_eps, *have):
                        m.add_bool_or([lit.negated(), nvar.negated(), evar.negated()])

        # --- memory (RAM-1, RAM-3, RAM-5, RAM-6)
        ram_gb = sum(memory_of(mk).total_gb * k * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices))
        self.ram_gb = ram_gb
        for i, o in enumerate(options):
            need = compat.ram_needed_gb(o.vram_gb, o.estimate.host_ram_bytes)
            m.add(ram_gb >= ceil_int(need)).only_enforce_if(o_vars[i])
        # RAM-5 (compat.memory_board): the kit's kind equals the board's, as one linking equality per kind
        memory_kinds = {compat.memory_kind_key(b) for b in boards} | {compat.memory_kind_key(memory_of(mk)) for mk, _ in self.mem_choices}
        for memory_kind in memory_kinds:
            m.add(sum(b_vars[i] for i, b in enumerate(boards) if compat.memory_kind_key(b) == memory_kind)
                  == sum(mem_vars[i] for i, (mk, _) in enumerate(self.mem_choices)
                         if compat.memory_kind_key(memory_of(mk)) == memory_kind))
        # RAM-4 (compat.usable_dimms): at most the DIMMs the CPU's and the board's channels take
        modules = sum(memory_of(mk).modules * k * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices))
        for ck, cpu_ids in classes(cpus, lambda c: c.memory_channels).items():
            cvar = any_of(f"channels_{ck}", [c_vars[i] for i in cpu_ids])
            for bi, board in enumerate(boards):
                m.add(modules <= compat.usable_dimms(cpus[cpu_ids[0]], board)).only_enforce_if([cvar, b_vars[bi]])
        m.add(ram_gb <= sum(b.max_memory_gb * b_vars[i] for i, b in enumerate(boards)))

        # --- CPU cooler: socket, capacity, height; server boards take server heatsinks
        for ci, cl in enumerate(cand.coolers):
            cooler = cooler_of(cl)
            for socket, svar in socket_var.items():
                if socket not in cooler.sockets:
                    m.add_bool_or([cool_vars[ci].negated(), svar.negated()])
        m.add(sum(int(cooler_of(cl).max_tdp_w) * cool_vars[i] for i, cl in enumerate(cand.coolers))
              >= sum(int(cpu.tdp_w) * c_vars[i] for i, cpu in enumerate(cpus)))
        m.add(sum(int(cooler_of(cl).height_mm or 0) * cool_vars[i] for i, cl in enumerate(cand.coolers))
              <= sum(int(h.max_cpu_cooler_height_mm or 999) * h_vars[i] for i, h in enumerate(chassis)))
        coolers = [cooler_of(cl) for cl in cand.coolers]
        forbid_pairs(coolers, cool_vars, compat.cooler_chassis_key, chassis, h_vars, compat.chassis_cooler_key,
                     lambda cl, ch: compat.cooler_chassis(cl, ch).status != "fail", "coolcase")
        forbid_pairs(coolers, cool_vars, lambda cl: cl.kind.startswith("server"), boards, b_vars, is_server_board,
                     lambda cl, b: compat.cooler_board(cl, b).status != "fail", "coolboard")

        # --- storage: U.2 only on server platforms
        u2 = any_of("u2", [d_vars[i] for i, (s, _) in enumerate(self.sto_choices) if storage_of(s).interface == "u.2"])
        m.add(u2 <= server_cpu)

        # --- owned parts must be used
        for part in request.owned:
            if part.category == "gpu":
                continue
            groups: dict[str, list[Any]] = {
                "cpu": [c_vars[i] for i, c in enumerate(cand.cpus) if c.record.id == part.id],
                "motherboard": [b_vars[i] for i, b in enumerate(cand.boards) if b.record.id == part.id],
                "chassis": [h_vars[i] for i, h in enumerate(cand.chassis) if h.record.id == part.id],
                "psu": [s_vars[i] for i, ps in enumerate(self.psu_choices) if ps.psu and ps.psu.record.id == part.id],
                "memory": [mem_vars[i] for i, (mk, _) in enumerate(self.mem_choices) if mk.record.id == part.id],
                "cooler": [cool_vars[i] for i, cl in enumerate(cand.coolers) if cl.record.id == part.id],
                "storage": [d_vars[i] for i, (s, _) in enumerate(self.sto_choices) if s.record.id == part.id],
            }
            chosen = groups.get(part.category, [])
            m.add_bool_or(chosen) if chosen else m.add_bool_or([m.new_constant(0)])

        # --- cost (whole currency units)
        def paid(p: Priced | None, qty: int) -> int:
            if p is None or p.quote is None:
                return 0
            return int(round(p.amount * max(0, qty - p.owned)))

        sync = cand.accessories.get("add2psu-sync-board")
        riser = cand.accessories.get("riser-pcie4-x16-300mm")
        cost_terms: list[Any] = [int(round(o.unit_cost() * (o.count - o.owned))) * o_vars[i] for i, o in enumerate(options)]
        cost_terms += [paid(b, 1) * b_vars[i] for i, b in enumerate(cand.boards)]
        cost_terms += [paid(c, 1) * c_vars[i] for i, c in enumerate(cand.cpus)]
        cost_terms += [(paid(cand.cpus[i], 2) - paid(cand.cpus[i], 1)) * both for i, both in second_cpu.items()]
        cost_terms += [paid(h, 1) * h_vars[i] for i, h in enumerate(cand.chassis)]
        cost_terms += [(paid(ps.psu, ps.count) + (paid(sync, 1) if ps.count == 2 and sync else 0)) * s_vars[i]
                       for i, ps in enumerate(self.psu_choices)]
        cost_terms += [paid(mk, k) * mem_vars[i] for i, (mk, k) in enumerate(self.mem_choices)]
        for i, cl in enumerate(cand.coolers):  # one cooler per socket
            price = paid(cl, 1)
            cost_terms.append(price * cool_vars[i])
            if price:
                both = m.new_bool_var(f"cooler2_{i}")
                m.add_multiplication_equality(both, [cool_vars[i], dual])
                cost_terms.append(price * both)
        cost_terms += [paid(s, k) * d_vars[i] for i, (s, k) in enumerate(self.sto_choices)]
        if riser and riser.quote is not None:
            riser_count = m.new_int_var(0, 64, "risers")  # one per card when they hang on risers (minimised with the cost)
            m.add(riser_count >= gpu_count - 64 * (1 - needs_risers))
            cost_terms.append(int(round(riser.amount)) * riser_count)
        cost = m.new_int_var(0, 1_000_000_000, "cost")
        m.add(cost == sum(cost_terms))
        self.cost = cost
        if request.budget is not None:
            m.add(cost <= int(request.budget))

        # --- objective ingredients
        self.perf_scale = 100_000 / max((o.perf for o in options), default=1.0)
        self.perf = sum(self.perf_points(o) * o_vars[i] for i, o in enumerate(options))
        self.noise = (
            sum(noise_score(o.gpu, o.count) * 10 * o_vars[i] for i, o in enumerate(options))
            + sum(CHASSIS_NOISE[h.noise] * 10 * h_vars[i] for i, h in enumerate(chassis))
        )
        self.grow = (
            sum(len([s for s in b.pcie_slots if s.mechanical_lanes >= 16]) * 100 * b_vars[i] for i, b in enumerate(boards))
            + sum(int(ps.capacity_w) // 10 * s_vars[i] for i, ps in enumerate(self.psu_choices))
        )
        self.excluded: list[int] = []
        self._exclusions: list[Any] = []
        self._bound_literals: list[Any] = []
        self._solves = 0
        self.last_status = "unsolved"
        self.board_var = {b.id: b_vars[i] for i, b in enumerate(boards)}

    # ------------------------------------------------------------------ solving

    def exclude_option(self, index: int) -> None:
        """Later builds must use another GPU option (model or count); undone by allow_options."""
        self.excluded.append(index)
        literal = self.m.new_bool_var(f"exclude_o{index}_{len(self._exclusions)}")
        self.m.add(self.o[index] == 0).only_enforce_if(literal)
        self._exclusions.append(literal)

    def allow_options(self, indexes: list[int]) -> None:
        self._exclusions = []

    def exclude_build(self, choice: Choice) -> None:
        """Later builds may reuse the GPU option, but not with the same board and chassis."""
        oi = self.c.options.index(choice.option)
        board = self.board_var[board_of(choice.board).id]
        self.m.add_bool_or([self.o[oi].negated(), board.negated()])
        kind = chassis_of(choice.chassis).kind
        for hj, h in enumerate(self.c.chassis):
            if chassis_of(h).kind == kind:
                self.m.add_bool_or([self.o[oi].negated(), self.h[hj].negated()])

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
        primary = {"perf": (self.perf, True), "noise": (self.noise, False), "grow": (self.grow, True)}
        if objective in primary:
            expr, maximize = primary[objective]
            lift = objective == "grow"  # spare PSU capacity is what "room to grow" offers (its label says so)
            first = self._run(expr, maximize, time_limit / 2, bounds, lift_psu_limit=lift)
            if first is None:
                return None
            choice, values = first
            second = self._run(self.cost, False, time_limit / 2, [*bounds, (objective, values[objective])], hint=values,
                               lift_psu_limit=lift)
            return second[0] if second else choice
        if objective.startswith("value:"):
            lam = float(objective.split(":", 1)[1])
            found = self._run(self.perf * 1000 - int(round(lam * 1000)) * self.cost, True, time_limit, bounds)
        else:
            found = self._run(self.cost, False, time_limit, bounds)
        return found[0] if found else None

    def _run(
        self, expr: Any, maximize: bool, time_limit: float, bounds: list[tuple[str, int]], hint: dict[str, Any] | None = None,
        lift_psu_limit: bool = False,
    ) -> tuple[Choice, dict[str, Any]] | None:
        m = self.m
        named = {"perf": self.perf, "cost": self.cost, "noise": self.noise, "grow": self.grow}
        assumptions = list(self._exclusions)
        if not lift_psu_limit:
            assumptions.append(self.right_sized_psu)
        for name, value in bounds:
            literal = m.new_bool_var(f"bound_{name}_{value}_{len(self._bound_literals)}")
            self._bound_literals.append(literal)
            (m.add(named[name] >= value) if name in ("perf", "grow") else m.add(named[name] <= value)).only_enforce_if(literal)
            assumptions.append(literal)
        m.clear_assumptions()
        m.add_assumptions(assumptions)
        m.clear_hints()
        if hint is not None:
            for var, value in zip(self._all_vars(), hint["_assignment"]):
                m.add_hint(var, value)
        m.maximize(expr) if maximize else m.minimize(expr)
        solver = self.cp.CpSolver()
        # deterministic time, so that the same request and catalog give the same builds on a busy
        # machine too; the wall-clock limit is only a safety net
        solver.parameters.max_deterministic_time = max(0.05, time_limit)
        solver.parameters.max_time_in_seconds = max(1.0, 4 * time_limit)
        solver.parameters.num_workers = 1  # deterministic: the same request gives the same builds
        if len(self._all_vars()) > 1500:
            # large catalogs: light probing; after the first solve, a light presolve too
            solver.parameters.cp_model_probing_level = 0
            if self._solves:
                solver.parameters.max_presolve_iterations = 1
        self._solves += 1
        status = solver.solve(m)
        self.last_status = "optimal" if status == self.cp.OPTIMAL else "feasible" if status == self.cp.FEASIBLE else (
            "infeasible" if status == self.cp.INFEASIBLE else "unknown")
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        values: dict[str, Any] = {name: solver.value(e) for name, e in named.items()}
        values["_assignment"] = [solver.value(v) for v in self._all_vars()]
        return self._decode(solver), values

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
            option=option, board=board, cpu=cpu, chassis=chassis, psu=ps.psu, psu_count=ps.count,
            memory=mk, memory_count=mk_count, cooler=cooler, storage=sto, storage_count=sto_count,
            cost=float(solver.value(self.cost)), risers=bool(solver.value(self.needs_risers)),
        )

    def perf_points(self, option: GpuOption) -> int:
        return int(round(option.perf * self.perf_scale))

    def option_index(self, option: GpuOption) -> int:
        return self.c.options.index(option)


def run_labels(
    bm: BuildModel,
    top_k: int,
    should_stop: Callable[[], bool] = lambda: False,
    label_time: float = 0.5,
    on_found: Callable[[str, str, Choice], None] = lambda _label, _why, _choice: None,
) -> list[tuple[str, str, Choice]]:
    """Solve for each label in turn; each later build uses a different GPU option.

    Every solve gets a fixed deterministic-time budget (`label_time`, the first one more), so
    the same request and catalog give the same builds however busy the machine is. When the
    request names two or more GPUs, the builds are the cheapest for each of them (a comparison
    drops no candidate). `on_found` hears about each build as soon as it is solved.
    """
    results: list[tuple[str, str, Choice]] = []

    def remaining() -> float:
        return label_time

    used_options: list[int] = []

    def take(label: str, why: str, choice: Choice | None) -> None:
        if choice is None:
            return
        results.append((label, why, choice))
        on_found(label, why, choice)
        bm.exclude_build(choice)
        used_options.append(bm.option_index(choice.option))
        bm.exclude_option(used_options[-1])

    if len(bm.request.gpu_ids) >= 2:
        for gpu_id in bm.request.gpu_ids:
            if should_stop():
                break
            choice = bm.solve_only_gpu(gpu_id, max(label_time, MIN_FIRST_SOLVE_S / 2))
            if choice is not None:
                results.append((f"cheapest with {choice.option.gpu.name}", "the lowest price for this GPU among those compared", choice))
                on_found(*results[-1])
        results.sort(key=lambda r: r[2].cost)
        return results
    # the first answer matters most: give it more time
    cheapest = bm.solve("cost", max(label_time, MIN_FIRST_SOLVE_S))
    if cheapest is None:
        return results  # infeasible (or out of time: see bm.last_status); other objectives cannot help
    take("cheapest that fits", "the lowest total price among builds that pass every rule", cheapest)
    plan = [("fastest within budget", "perf"), ("best tokens/s per dollar", "value"), ("quietest", "noise"), ("room to grow", "grow")]
    if bm.request.workload.kind != "inference":
        plan[1] = ("best time per dollar", "value")
    for position, (label, objective) in enumerate(plan):
        if len(results) >= top_k or should_stop():
            break
        def remaining_share() -> float:
            return label_time

        if objective == "value":
            if cheapest is None:
                continue
            lam = bm.perf_points(cheapest.option) / max(cheapest.cost, 1)
            first = bm.solve(f"value:{lam}", remaining_share())
            choice = first
        elif objective in ("perf", "noise", "grow"):
            choice = bm.solve(objective, remaining_share())
        else:
            choice = bm.solve(objective, remaining_share())
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
    return _honest_labels(results)


def _honest_labels(results: list[tuple[str, str, Choice]]) -> list[tuple[str, str, Choice]]:
    """Each label is solved among the GPU options left, so when the cheapest build is also the
    fastest (or the best value), say so and call the later one the runner-up."""
    if not results or results[0][0] != "cheapest that fits":
        return results
    out = list(results)
    cheapest = out[0][2]
    for i, (label, why, choice) in enumerate(out[1:], start=1):
        if label == "fastest within budget" and cheapest.option.perf >= choice.option.perf:
            out[0] = ("cheapest and fastest", "the lowest price, and no build within budget is faster", cheapest)
            out[i] = ("runner-up on speed", "the fastest among the other GPU choices", choice)
        elif label.startswith("best") and cheapest.option.perf / max(cheapest.cost, 1) >= choice.option.perf / max(choice.cost, 1):
            head, head_why, _ = out[0]
            out[0] = (f"{head}; best value", head_why + "; also the most speed per unit of money", cheapest)
            out[i] = ("runner-up on value", "the best speed per unit of money among the other GPU choices", choice)
    return out
