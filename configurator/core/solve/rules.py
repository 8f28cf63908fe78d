"""Every build rule, checked on a concrete build, each with pass/warn/fail and one sentence.

Rule ids follow the shared build rules (Part 2): PWR-*, CIR-*, HEAT-1, NOISE-*, SLOT-*,
COOL-*, NVL-*, PCI-*, CPU-1, RAM-*, STO-*; MEM-FIT, PERF and REGION are the workload's own.
The CP-SAT model enforces the FAIL rules as constraints; this module explains them.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Chassis, Cooler, Cpu, Gpu, MemoryKit, Motherboard, Psu, Storage
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.support import check_stack
from configurator.core.solve import compat
from configurator.core.solve import power as pw
from configurator.core.solve.power_cap import cap_command
from configurator.core.solve.build import Check, Power
from configurator.core.solve.request import BuildRequest, circuit_limit_w, circuit_name, circuit_volts
from configurator.core.solve.slots import Placement, lane_bandwidth_gbps, slots_below, span

GIB = 1024**3
READING_TPS = 5.0
"""Tokens/s of a person reading: 238 words a minute (Brysbaert 2019, J. Memory and Language 109, silent reading
of non-fiction) at about 1.3 tokens a word. Below it, PERF warns even when no speed was asked."""


@dataclass(frozen=True)
class Assembly:
    """The concrete parts of one machine, as the rules see them."""

    gpu: Gpu
    gpus: int
    board: Motherboard
    cpu: Cpu
    sockets: int
    chassis: Chassis
    psu: Psu | None  # None: the barebone's included modules
    psu_count: int
    memory: MemoryKit
    memory_count: int
    cooler: Cooler
    storage: Storage
    storage_count: int
    placement: Placement
    risers: bool
    nvlink_bridge: bool = False
    largest_single_psu_w: float = 0.0  # the biggest single unit the request could use (PWR-8)

    @property
    def ram_gb(self) -> int:
        return self.memory.total_gb * self.memory_count

    @property
    def modules(self) -> int:
        return self.memory.modules * self.memory_count

    @property
    def psu_capacity_w(self) -> float:
        if self.psu is None:
            included = self.chassis.included_psu_w or 0
            return included / (2 if self.chassis.psu_redundant else 1)
        return self.psu.watts * self.psu_count

    @property
    def psu_tier(self) -> str:
        return self.psu.efficiency if self.psu else "titanium"

    @property
    def server(self) -> bool:
        return self.chassis.integrated_board is not None


def meets_speed(est: EstimateResult, request: BuildRequest) -> bool:
    """The PERF rule's test: the decode speed asked, per sequence (none asked: any speed). The solver's filter,
    the cluster planner and the check that explains them all read this."""
    return not request.min_decode_tps or (est.decode_tokens_per_s or 0.0) >= request.min_decode_tps


def speed_check(est: EstimateResult, request: BuildRequest) -> Check | None:
    """PERF against the speed asked, or None when none was."""
    if not request.min_decode_tps:
        return None
    return Check(rule="PERF", status="pass" if meets_speed(est, request) else "fail",
                 message=f"estimated {est.decode_tokens_per_s or 0:.1f} tokens/s per sequence against "
                         f"{request.min_decode_tps:g} asked")


def region_check(gpu: Gpu, request: BuildRequest) -> Check | None:
    """REGION: a build for China on GPUs that are export-restricted there (A800, H800, 4090) is bought from stock."""
    if request.region == "china" and gpu.export_restricted_cn:
        return Check(rule="REGION", status="warn",
                     message=f"{gpu.name} is export-restricted for China; only existing or secondary-market stock is sold there")
    return None


def power_of(a: Assembly, request: BuildRequest) -> Power:
    rest = pw.rest_power_w(a.modules, a.storage_count, a.server)
    dc = pw.dc_load_w(a.gpu, a.gpus, a.cpu, a.sockets, rest, request.power_limit)
    volts = circuit_volts(request.circuit)
    wall = pw.wall_w(dc, a.psu_tier, volts)
    outlets = min(a.psu_count if a.psu else 4, request.circuits)
    limit = circuit_limit_w(request.circuit) * outlets
    transient = pw.transient_load_w(a.gpu, a.gpus, a.cpu, a.sockets, rest, pw.transient_ratio(a.gpu))
    return Power(
        dc_load_w=dc, psu_w=a.psu_capacity_w, wall_w=wall, circuit_ok=wall <= limit, circuit_limit_w=limit,
        transient_w=transient, heat_btu_h=wall * pw.BTU_PER_W, gpu_w=a.gpus * pw.gpu_sustained_w(a.gpu, request.power_limit),
        cpu_w=a.sockets * a.cpu.tdp_w, rest_w=rest,
    )


def check_build(a: Assembly, request: BuildRequest, est: EstimateResult, storage_need_gb: float) -> list[Check]:
    checks: list[Check] = []

    def add(rule: str, status: str, message: str) -> None:
        checks.append(Check(rule=rule, status=status, message=message))  # type: ignore[arg-type]

    # ---- workload
    peak = est.peak_gpu
    usable = peak.usable_bytes or 0
    headroom = (usable - peak.total) / usable if usable else 0
    if peak.total > usable:
        add("MEM-FIT", "fail", f"the most loaded GPU needs {peak.total / GIB:.1f} GiB of {usable / GIB:.1f} GiB usable")
    elif headroom < request.vram_headroom:
        add("MEM-FIT", "warn", f"only {headroom:.0%} of GPU memory left free ({peak.total / GIB:.1f} of {usable / GIB:.1f} GiB)")
    else:
        add("MEM-FIT", "pass", f"{peak.total / GIB:.1f} GiB on the most loaded GPU of {usable / GIB:.1f} GiB usable ({headroom:.0%} free)")
    if (speed := speed_check(est, request)) is not None:
        checks.append(speed)
    elif request.workload.kind == "inference" and est.decode_tokens_per_s is not None and est.decode_tokens_per_s < READING_TPS:
        # no speed was asked, but a build whose users wait seconds per word is not an answer that passes silently
        tps = est.decode_tokens_per_s
        add("PERF", "warn", f"about {tps:.2g} tokens/s per sequence: slower than people read (~{READING_TPS:g} tokens/s); "
            "fewer users, a shorter context, a quantized KV cache or more GPU memory would help")
    if request.deadline_hours and est.wall_hours is not None:
        ok = est.wall_hours <= request.deadline_hours
        add("PERF", "pass" if ok else "fail", f"estimated {est.wall_hours:,.0f} h of training against a {request.deadline_hours:,.0f} h deadline")
    if (region := region_check(a.gpu, request)) is not None:
        checks.append(region)

    # ---- power
    p = power_of(a, request)
    if request.power_limit is not None:
        watts = pw.gpu_sustained_w(a.gpu, request.power_limit)
        add("PWR-9", "warn", f"GPUs limited to {watts:.0f} W each ({request.power_limit:.0%}): run "
            f"`{cap_command(a.gpu.vendor, watts)}` at every boot (a systemd unit); the limit does not persist")
    cap = a.psu_capacity_w
    load = p.dc_load_w / cap if cap else 9
    add("PWR-1", "pass" if p.dc_load_w <= cap else "fail", f"sustained DC load {p.dc_load_w:.0f} W on {cap:.0f} W of PSU")
    add("PWR-2", "pass" if load <= pw.PSU_TARGET_LOAD else "fail", f"PSU loaded to {load:.0%} (at most {pw.PSU_TARGET_LOAD:.0%})")
    if a.psu is not None and cap > pw.PSU_OVERSIZE * p.dc_load_w:
        add("PWR-10", "warn", f"{cap:.0f} W of PSU for a {p.dc_load_w:.0f} W load ({cap / p.dc_load_w:.1f}x): "
            "spare capacity for more GPUs, but more money and a lower efficiency at this load")
    if a.psu is not None:
        ok, text = pw.psu_transient_ok(a.psu, a.psu_count, a.gpu, a.gpus, a.cpu, a.sockets, p.rest_w)
        add("PWR-4" if a.psu.atx_version in ("3.0", "3.1") else "PWR-3", "pass" if ok else "fail", text)
        volts = circuit_volts(request.circuit)
        if volts < 200:
            add("PWR-5", "pass" if a.psu.watts <= pw.SINGLE_PSU_MAX_120V else "fail",
                f"{a.psu.watts:.0f} W unit on a {volts:.0f} V outlet (at most 1600 W per ATX PSU)")
        need16, need8, gpu_eps = pw.gpu_connector_needs(a.gpu, a.gpus)
        need_eps = gpu_eps + pw.cpu_eps_connectors(a.cpu, a.sockets)
        have16 = a.psu.connectors.hpwr16 * a.psu_count
        have8 = a.psu.connectors.pcie8 * a.psu_count
        have_eps = a.psu.connectors.eps8 * a.psu_count
        adapters = max(0, need16 - have16)
        ok = pw.connectors_ok(need16, need8, need_eps, have16, have8, have_eps)
        cards = " and ".join(f"{n} x {plug}" for n, plug in ((need16, "12V-2x6"), (need8, "8-pin PCIe")) if n) or "no plugs"
        text = (f"GPUs need {cards}, the CPU and cards {need_eps} x EPS; "
                f"PSU has {have16} x 12V-2x6, {have8} x 8-pin PCIe and {have_eps} x EPS")
        if adapters and ok:
            text += f" ({adapters} card(s) on {pw.ADAPTER_PCIE8_PER_HPWR}x 8-pin adapters)"
        add("PWR-6", "pass" if ok else "fail", text + "; one cable per connector, no pigtails above 250 W")
        if a.psu_count > 1:
            needed = pw.two_psus_needed(p.dc_load_w, a.largest_single_psu_w)
            add("PWR-8", "pass" if needed else "warn",
                "two PSUs started together by a sync board; feed each card's cables from one PSU"
                + ("" if needed else f": one {a.largest_single_psu_w:.0f} W unit would carry this {p.dc_load_w:.0f} W load"))
    else:
        add("PSU", "pass", f"server modules: {a.chassis.included_psu_w:.0f} W installed" +
            (", planned against half for N+N redundancy" if a.chassis.psu_redundant else ""))
    add("CIR-1", "pass" if p.circuit_ok else "fail",
        f"{p.wall_w:.0f} W at the wall against {p.circuit_limit_w:.0f} W continuous on {min(request.circuits, a.psu_count if a.psu else 4)} x {circuit_name(request.circuit)}")
    if p.circuit_ok and p.wall_w > pw.CIRCUIT_MARGIN * p.circuit_limit_w:
        add("CIR-2", "warn", f"{p.wall_w / p.circuit_limit_w:.0%} of the circuit's continuous limit: nothing else may run "
            f"on it (keep {1 - pw.CIRCUIT_MARGIN:.0%} free for other loads, or power-limit the GPUs)")
    heat_status = "warn" if request.room == "home-office" and p.heat_btu_h > 4900 else "pass"
    add("HEAT-1", heat_status, f"{p.heat_btu_h:,.0f} BTU/h of heat ({p.wall_w:.0f} W) into the room")
    if request.room == "home-office" and (a.chassis.noise == "datacenter" or p.wall_w > 1920):
        add("NOISE-1", "warn", "a data-center class machine: too loud and hot for a home office")
    if request.room == "home-office" and a.gpu.cooler == "blower" and a.gpus >= 3:
        add("NOISE-2", "warn", f"{a.gpus} blower cards are loud at full load")

    # ---- slots and cooling
    pl = a.placement
    if pl.bays:
        add("SLOT-1", "pass", f"{a.gpus} cards in the server's double-width GPU bays")
    elif a.risers:
        add("SLOT-5", "warn", "cards on Gen4-rated riser cables in an open frame: keep risers short, check link width with nvidia-smi")
    else:
        width = span(a.gpu)
        positions = [s.position for s in pl.slots]
        gaps = slots_below(positions, width, a.chassis.expansion_slots)[:-1]  # between the cards
        if gaps and min(gaps) < 0:
            add("SLOT-1", "fail", f"{width}-slot cards in slots {positions} overlap")
        elif a.gpu.cooler == "open-air" and gaps and min(gaps) < 1:
            add("SLOT-1", "warn", "open-air cards without a free slot between them starve each other's fans")
        else:
            add("SLOT-1", "pass", f"{width}-slot {a.gpu.cooler} cards in slots {positions}" +
                (" with a free slot between them" if a.gpu.cooler == "open-air" and len(positions) > 1 else ""))
        add("SLOT-2", "pass" if pl.openings_needed <= a.chassis.expansion_slots else "fail",
            f"the last card reaches opening {pl.openings_needed} of the case's {a.chassis.expansion_slots}")
    add("SLOT-3", "pass" if a.gpu.length_mm <= a.chassis.max_gpu_length_mm else "fail",
        f"{a.gpu.length_mm:.0f} mm cards, {a.chassis.max_gpu_length_mm:.0f} mm clearance")
    checks.append(compat.board_chassis(a.board, a.chassis))
    if a.chassis.kind == "open-frame":
        serves = request.form == "open-frame" or (a.gpu.cooler == "open-air" and a.gpus >= 3)
        add("SLOT-6", "pass" if serves else "fail",
            "an open frame for three or more open-air cards" if serves and request.form != "open-frame" else
            "an open frame, as asked" if serves else "an open frame where a case would do: cards and board unprotected")
    if compat.needs_ducted(a.gpu):
        add("COOL-2", "pass" if compat.ducted(a.chassis) else "fail",
            "passive cards need ducted server airflow" + (": provided" if compat.ducted(a.chassis) else ""))
    if compat.open_air_flagships(a.gpu.cooler, a.gpu.tdp_w, a.gpus):
        in_tower = a.chassis.kind in ("mid-tower", "full-tower")
        add("COOL-4", "fail" if in_tower else "warn",
            f"{a.gpus} open-air {a.gpu.tdp_w:.0f} W cards: only with risers, water or a rack"
            + ("" if in_tower else f" ({a.chassis.kind}); watch intake temperatures"))
    elif a.gpus >= 3:
        add("COOL-1", "pass", f"{a.gpu.cooler} cards may sit next to each other")

    # ---- lanes
    lanes = [s.lanes for s in pl.slots]
    bw = min(lane_bandwidth_gbps(s.gen, s.lanes) for s in pl.slots)
    tp = est.split in ("tensor", "tensor-pipeline") or (request.workload.kind != "inference" and a.gpus > 1)
    # narrow links matter for collectives (tensor parallel, training); a layer split or one GPU with the model resident
    # passes activations only (build rules R16: "less than 2% performance difference" at x8), loading is slower
    status = "pass" if bw >= 15.7 or not tp else ("fail" if bw < 3.9 else "warn")
    add("PCI-4", status, f"GPU links {'/'.join(f'x{n}' for n in lanes)}: weakest {bw:.1f} GB/s per direction"
        + (" (tensor-parallel or training traffic)" if tp else
           "" if bw >= 15.7 else ": enough for a layer split, which passes only activations; loading takes longer"))
    if a.gpus > 1 and not pl.all_on_cpu:
        # the rule is about collectives (build rules R16, PCI-5: a tensor-parallel group off the chipset); a layer split
        # passes one token's activations between cards, and only loading the model is slower
        if tp:
            add("PCI-5", "warn", "a GPU hangs off the chipset: collectives crawl at ~x4; pair the CPU-attached cards")
        else:
            add("PCI-5", "pass", "a GPU hangs off the chipset (~x4): a layer split passes only activations between "
                "cards, so speed barely changes; loading the model takes about twice as long as at x8")
    used = sum(lanes) if not pl.bays else 0
    nvme = a.storage_count if a.storage.interface != "sata" else 0
    total = a.cpu.pcie_lanes * a.sockets
    if not pl.bays:
        add("PCI-1", "pass" if used + 4 * nvme <= total + 4 else "fail",
            f"{used} GPU lanes + {4 * nvme} NVMe lanes of the CPU's {total}")
    if a.gpus >= 3:
        add("PCI-3", "pass" if a.cpu.platform != "consumer" else "fail", f"{a.gpus} GPUs on a {a.cpu.platform} platform")
    if est.split == "tensor" and a.gpus not in (2, 4, 8, 16):
        add("PCI-6", "fail", "tensor parallel needs 2, 4, 8 or 16 GPUs")
    if a.gpus > 1 and not a.gpu.p2p and not a.nvlink_bridge and tp:
        add("PCI-7", "warn", "GeForce cards lack PCIe peer-to-peer: tensor parallel is PCIe-bound")
    if a.gpus >= 2 and a.gpu.nvlink in ("rtx3090", "a6000", "turing") and tp and not a.risers:
        add("NVL-1", "pass" if a.nvlink_bridge else "warn",
            "NVLink bridge fitted between slot pairs" if a.nvlink_bridge else "the cards support NVLink but the slot spacing has no matching bridge")

    # ---- CPU, RAM, storage
    checks.append(compat.cpu_board(a.cpu, a.board))
    cores = a.cpu.cores * a.sockets
    need = max(4 * a.gpus, 16 if a.gpus >= 2 else 8)
    add("CPU-1", "pass" if cores >= need else "warn", f"{cores} cores for {a.gpus} GPU(s) (4 per GPU, 16 for a multi-GPU box)")
    vram = a.gpu.vram_gb * a.gpus
    if a.ram_gb >= vram:
        add("RAM-1", "pass", f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM")
    elif compat.streams_weights(est.workload) and a.ram_gb >= compat.ram_needed_gb(vram, est.host_ram_bytes, True):
        # llama.cpp (mmap) and vLLM stream the weights to the GPUs: less RAM than VRAM slows loading only
        add("RAM-1", "warn", f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM: {est.workload.get('engine')} streams the weights "
            "from disk to the GPUs, so loading takes longer (keep llama.cpp's default mmap; no --no-mmap)")
    else:
        add("RAM-1", "fail", f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM")
    add("RAM-2", "pass" if a.ram_gb >= 2 * vram else "warn", f"{a.ram_gb} GB RAM; 2x VRAM would be {2 * vram:g} GB")
    if est.host_ram_bytes:
        host = compat.ram_needed_gb(0, est.host_ram_bytes)
        what = ("what the trainer offloads to the CPU" if est.workload.get("kind") != "inference" else
                "weights read from RAM and llama.cpp's host buffers" if est.offloaded_bytes else "the engine's host buffers")
        add("RAM-3", "pass" if a.ram_gb >= host else "fail",
            f"{est.host_ram_bytes / 1e9:.0f} GB kept in system RAM ({what}): needs {host:.0f} GB of RAM")
    checks.append(compat.dimm_population(a.cpu, a.board, a.modules))
    checks.append(compat.memory_board(a.memory, a.board))
    add("RAM-6", "pass" if a.modules <= a.board.dimm_slots and a.ram_gb <= a.board.max_memory_gb else "fail",
        f"{a.modules} of {a.board.dimm_slots} DIMM slots, {a.ram_gb} of {a.board.max_memory_gb} GB")
    capacity = a.storage.capacity_gb * a.storage_count
    add("STO-1", "pass" if capacity >= storage_need_gb else "warn",
        f"{capacity / 1000:.1f} TB for weights, checkpoints and data (~{storage_need_gb / 1000:.1f} TB needed)")
    add("STO-2", "pass" if (a.storage.pcie_gen or 0) >= 4 else "warn", f"{a.storage.interface.upper()} Gen{a.storage.pcie_gen or '-'} model storage")
    checks.append(compat.cooler_cpu(a.cooler, a.cpu, a.chassis))
    if compat.cooler_board(a.cooler, a.board).status == "fail":
        checks.append(compat.cooler_board(a.cooler, a.board))
    checks.append(compat.cooler_chassis(a.cooler, a.chassis))
    # ---- what the software supports (support.py): only what a buyer must know
    try:
        ran: Workload = Workload.model_validate(est.workload)
    except ValueError:
        ran = request.workload
    for verdict in check_stack(a.gpu, ran):
        if verdict.status != "pass":
            add(verdict.rule, verdict.status, verdict.message)
    order = {"fail": 0, "warn": 1, "pass": 2}
    return sorted(checks, key=lambda c: order[c.status])
