"""Every build rule, checked on a concrete build, each with pass/warn/fail and one sentence.

Rule ids are those of docs/build-rules.md (Part 2): PWR-*, CIR-*, HEAT-1, NOISE-*, SLOT-*,
COOL-*, NVL-*, PCI-*, CPU-*, RAM-*, STO-*; MEM-FIT, PERF and REGION are the workload's own.
The rules the CP-SAT model enforces are objects of the rulebook (configurator/core/rules): their
checks here are the same objects' `check`, so a rule's severity and its words are written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Chassis, Cooler, Cpu, Gpu, MemoryKit, Motherboard, PcieSlot, Psu, Storage
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.rules import Verdict, instance
from configurator.core.rules import bifurcation as bifurcation_rules
from configurator.core.rules import cooling as cooling_rules
from configurator.core.rules import layout as layout_rules
from configurator.core.rules import power as power_rules
from configurator.core.solve import compat
from configurator.core.solve import power as pw
from configurator.core.solve.build import Check, Power
from configurator.core.solve.power_cap import cap_command
from configurator.core.solve.request import BuildRequest, circuit_limit_w, circuit_name, circuit_volts
from configurator.core.solve.slots import Placement, lane_bandwidth_gbps, slots_below, span
from configurator.core.support import check_stack

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
    return Check(
        rule="PERF",
        status="pass" if meets_speed(est, request) else "fail",
        message=f"estimated {est.decode_tokens_per_s or 0:.1f} tokens/s per sequence against "
        f"{request.min_decode_tps:g} asked",
    )


def region_check(gpu: Gpu, request: BuildRequest) -> Check | None:
    """REGION: a build for China on GPUs that are export-restricted there (A800, H800, 4090) is bought from stock."""
    if request.region == "china" and gpu.export_restricted_cn:
        return Check(
            rule="REGION",
            status="warn",
            message=f"{gpu.name} is export-restricted for China; only existing or secondary-market stock is sold there",
        )
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
        dc_load_w=dc,
        psu_w=a.psu_capacity_w,
        wall_w=wall,
        circuit_ok=wall <= limit,
        circuit_limit_w=limit,
        transient_w=transient,
        heat_btu_h=wall * pw.BTU_PER_W,
        gpu_w=a.gpus * pw.gpu_sustained_w(a.gpu, request.power_limit),
        cpu_w=a.sockets * a.cpu.tdp_w,
        rest_w=rest,
    )


class _Checks(list[Check]):
    """A section's checks, in the order a buyer reads them."""

    def add(self, rule: str, status: str, message: str) -> None:
        self.append(Check(rule=rule, status=status, message=message))  # type: ignore[arg-type]


def _shown(verdicts: list[Verdict | None], quiet: tuple[str, ...] = ()) -> list[Check]:
    """The verdicts a buyer reads: every one, but a quiet rule's (no solved build breaks it) only when it does not pass."""
    return [
        Check(rule=v.rule, status=v.status, message=v.message)
        for v in verdicts
        if v is not None and (v.status != "pass" or v.rule not in quiet)
    ]


PSU_LOAD, SECOND_PSU = instance(power_rules.PsuLoad), instance(power_rules.SecondPsu)
OVERSIZED_PSU, CIRCUIT = instance(power_rules.OversizedPsu), instance(power_rules.Circuit)
CONNECTORS, PSU_BAYS, BAREBONE_PSU = (
    instance(power_rules.Connectors),
    instance(power_rules.PsuBays),
    instance(power_rules.BarebonePsu),
)
QUIET = tuple(
    r.id
    for r in (
        OVERSIZED_PSU,
        PSU_BAYS,
        instance(layout_rules.DriveSockets),
        instance(layout_rules.U2Drives),
        instance(cooling_rules.OpenAirInDucts),
    )
)


def _power_rules(a: Assembly, request: BuildRequest, p: Power) -> list[Check]:
    """PWR-2, PWR-10, PWR-3/4, PWR-5, PWR-6, PWR-8, PWR-11, PSU and CIR-1, in the order a buyer reads them."""
    verdicts: list[Verdict | None] = [PSU_LOAD.check(p.dc_load_w, a.psu_capacity_w)]
    if a.psu is not None:
        verdicts.append(OVERSIZED_PSU.check(p.dc_load_w, a.psu_capacity_w))
        verdicts.append(power_rules.transient_check(a.psu, a.psu_count, a.gpu, a.gpus, a.cpu, a.sockets, p.rest_w))
        volts = circuit_volts(request.circuit)
        if volts < 200:  # PWR-5: a candidate filter (candidates.py), explained here
            verdicts.append(
                Verdict(
                    rule="PWR-5",
                    status="pass" if a.psu.watts <= pw.SINGLE_PSU_MAX_120V else "fail",
                    code="outlet",
                    message=f"{a.psu.watts:.0f} W unit on a {volts:.0f} V outlet (at most 1600 W per ATX PSU)",
                )
            )
        verdicts.append(CONNECTORS.check(a.psu, a.psu_count, a.gpu, a.gpus, a.cpu))
        if a.psu_count > 1:
            verdicts.append(SECOND_PSU.check(p.dc_load_w, a.largest_single_psu_w))
    verdicts.append(PSU_BAYS.check(a.psu_count if a.psu else 1, a.chassis))
    verdicts.append(BAREBONE_PSU.check(a.chassis, a.psu))
    outlets = min(request.circuits, a.psu_count if a.psu else 4)
    verdicts.append(CIRCUIT.check(p.wall_w, p.circuit_limit_w, outlets, circuit_name(request.circuit)))
    return _shown(verdicts, (*QUIET, *((BAREBONE_PSU.id,) if a.psu is not None else ())))


CASE_FIT, OPEN_FRAME = instance(layout_rules.CaseFit), instance(layout_rules.OpenFrame)
PASSIVE_CARDS, OPEN_AIR_IN_DUCTS = instance(cooling_rules.PassiveCards), instance(cooling_rules.OpenAirInDucts)
OPEN_AIR_FLAGSHIPS, CORES_PER_GPU = instance(cooling_rules.OpenAirFlagships), instance(cooling_rules.CoresPerGpu)
CPU_LANES, MANY_GPU_PLATFORM = instance(layout_rules.CpuLanes), instance(layout_rules.ManyGpuPlatform)
DRIVE_SOCKETS, U2_DRIVES = instance(layout_rules.DriveSockets), instance(layout_rules.U2Drives)
SPLIT_SLOT = instance(bifurcation_rules.SplitSlot)


def _case_rules(a: Assembly, request: BuildRequest) -> list[Check]:
    """SLOT-3, SLOT-4, SLOT-6 and the GPU cooling rules against the case."""
    checks = _shown([CASE_FIT.check(a.gpu.length_mm, a.gpus, a.chassis)])
    checks.append(compat.board_chassis(a.board, a.chassis))
    verdicts: list[Verdict | None] = [
        OPEN_FRAME.check(request.form, a.gpu.cooler, a.gpus) if a.chassis.kind == "open-frame" else None,
        PASSIVE_CARDS.check(a.chassis, a.gpu) if compat.needs_ducted(a.gpu) else None,
        OPEN_AIR_IN_DUCTS.check(a.gpu.cooler, a.chassis),
    ]
    if compat.open_air_flagships(a.gpu.cooler, a.gpu.tdp_w, a.gpus):
        verdicts.append(OPEN_AIR_FLAGSHIPS.check(a.gpus, a.gpu.tdp_w, a.chassis))
    checks += _shown(verdicts, QUIET)
    if not compat.open_air_flagships(a.gpu.cooler, a.gpu.tdp_w, a.gpus) and a.gpus >= 3:
        checks.append(Check(rule="COOL-1", status="pass", message=f"{a.gpu.cooler} cards may sit next to each other"))
    return checks


def _lane_rules(a: Assembly) -> list[Check]:
    """PCI-1 (slots only: a GPU server's bays have their own switches), PCI-3, and the drives' sockets."""
    nvme = a.storage_count if a.storage.interface != "sata" else 0
    verdicts: list[Verdict | None] = [
        None
        if a.placement.bays
        else CPU_LANES.check(sum(s.lanes for s in a.placement.slots), nvme, a.cpu.pcie_lanes * a.sockets),
        MANY_GPU_PLATFORM.check(a.gpus, a.cpu.platform) if a.gpus >= 3 else None,
        SPLIT_SLOT.check(a.gpu.gpus_per_card, _seated(a)),
        DRIVE_SOCKETS.check(nvme, a.board),
        U2_DRIVES.check(a.storage.interface, a.cpu.platform),
    ]
    return _shown(verdicts, QUIET)


def _seated(a: Assembly) -> list[tuple[PcieSlot, int]]:
    """Each card's slot on the board and the lanes it runs (empty in a GPU server's bays: no slot to split)."""
    slots = {s.position: s for s in a.board.pcie_slots}
    return [] if a.placement.bays else [(slots[u.position], u.lanes) for u in a.placement.slots if u.position in slots]


def _workload_checks(a: Assembly, request: BuildRequest, est: EstimateResult) -> list[Check]:
    """MEM-FIT, PERF and REGION: the job on these GPUs."""
    checks = _Checks()
    add = checks.add

    peak = est.peak_gpu
    usable = peak.usable_bytes or 0
    headroom = (usable - peak.total) / usable if usable else 0
    if peak.total > usable:
        add("MEM-FIT", "fail", f"the most loaded GPU needs {peak.total / GIB:.1f} GiB of {usable / GIB:.1f} GiB usable")
    elif headroom < request.vram_headroom:
        add(
            "MEM-FIT",
            "warn",
            f"only {headroom:.0%} of GPU memory left free ({peak.total / GIB:.1f} of {usable / GIB:.1f} GiB)",
        )
    else:
        add(
            "MEM-FIT",
            "pass",
            f"{peak.total / GIB:.1f} GiB on the most loaded GPU of {usable / GIB:.1f} GiB usable ({headroom:.0%} free)",
        )
    if (speed := speed_check(est, request)) is not None:
        checks.append(speed)
    elif (
        request.workload.kind == "inference"
        and est.decode_tokens_per_s is not None
        and est.decode_tokens_per_s < READING_TPS
    ):
        # no speed was asked, but a build whose users wait seconds per word is not an answer that passes silently
        tps = est.decode_tokens_per_s
        add(
            "PERF",
            "warn",
            f"about {tps:.2g} tokens/s per sequence: slower than people read (~{READING_TPS:g} tokens/s); "
            "fewer users, a shorter context, a quantized KV cache or more GPU memory would help",
        )
    if request.deadline_hours and est.wall_hours is not None:
        ok = est.wall_hours <= request.deadline_hours
        add(
            "PERF",
            "pass" if ok else "fail",
            f"estimated {est.wall_hours:,.0f} h of training against a {request.deadline_hours:,.0f} h deadline",
        )
    if (region := region_check(a.gpu, request)) is not None:
        checks.append(region)
    return checks


def _power_checks(a: Assembly, request: BuildRequest, est: EstimateResult) -> list[Check]:
    """PWR-*, CIR-*, HEAT-1 and NOISE-*."""
    checks = _Checks()
    add = checks.add

    p = power_of(a, request)
    if request.power_limit is not None:
        watts = pw.gpu_sustained_w(a.gpu, request.power_limit)
        add(
            "PWR-9",
            "warn",
            f"GPUs limited to {watts:.0f} W each ({request.power_limit:.0%}): run "
            f"`{cap_command(a.gpu.vendor, watts)}` at every boot (a systemd unit); the limit does not persist",
        )
    cap = a.psu_capacity_w
    add(
        "PWR-1",
        "pass" if p.dc_load_w <= cap else "fail",
        f"sustained DC load {p.dc_load_w:.0f} W on {cap:.0f} W of PSU",
    )
    checks.extend(_power_rules(a, request, p))
    if p.circuit_ok and p.wall_w > pw.CIRCUIT_MARGIN * p.circuit_limit_w:
        add(
            "CIR-2",
            "warn",
            f"{p.wall_w / p.circuit_limit_w:.0%} of the circuit's continuous limit: nothing else may run "
            f"on it (keep {1 - pw.CIRCUIT_MARGIN:.0%} free for other loads, or power-limit the GPUs)",
        )
    heat_status = "warn" if request.room == "home-office" and p.heat_btu_h > 4900 else "pass"
    add("HEAT-1", heat_status, f"{p.heat_btu_h:,.0f} BTU/h of heat ({p.wall_w:.0f} W) into the room")
    if request.room == "home-office" and (a.chassis.noise == "datacenter" or p.wall_w > 1920):
        add("NOISE-1", "warn", "a data-center class machine: too loud and hot for a home office")
    if request.room == "home-office" and a.gpu.cooler == "blower" and a.gpus >= 3:
        add("NOISE-2", "warn", f"{a.gpus} blower cards are loud at full load")
    return checks


def _slot_checks(a: Assembly, request: BuildRequest, est: EstimateResult) -> list[Check]:
    """SLOT-*, COOL-*: the cards in the board and the case."""
    checks = _Checks()
    add = checks.add

    pl = a.placement
    if pl.bays:
        add("SLOT-1", "pass", f"{a.gpus} cards in the server's double-width GPU bays")
    elif a.risers:
        add(
            "SLOT-5",
            "warn",
            "cards on Gen4-rated riser cables in an open frame: keep risers short, check link width with nvidia-smi",
        )
    else:
        width = span(a.gpu)
        positions = [s.position for s in pl.slots]
        gaps = slots_below(positions, width, a.chassis.expansion_slots)[:-1]  # between the cards
        if gaps and min(gaps) < 0:
            add("SLOT-1", "fail", f"{width}-slot cards in slots {positions} overlap")
        elif a.gpu.cooler == "open-air" and gaps and min(gaps) < 1:
            add("SLOT-1", "warn", "open-air cards without a free slot between them starve each other's fans")
        else:
            add(
                "SLOT-1",
                "pass",
                f"{width}-slot {a.gpu.cooler} cards in slots {positions}"
                + (" with a free slot between them" if a.gpu.cooler == "open-air" and len(positions) > 1 else ""),
            )
        add(
            "SLOT-2",
            "pass" if pl.openings_needed <= a.chassis.expansion_slots else "fail",
            f"the last card reaches opening {pl.openings_needed} of the case's {a.chassis.expansion_slots}",
        )
    checks.extend(_case_rules(a, request))
    return checks


def _lane_checks(a: Assembly, request: BuildRequest, est: EstimateResult) -> list[Check]:
    """PCI-*, NVL-1: the cards' links."""
    checks = _Checks()
    add = checks.add
    pl = a.placement

    lanes = [s.lanes for s in pl.slots]
    bw = min(lane_bandwidth_gbps(s.gen, s.lanes) for s in pl.slots)
    tp = est.split in ("tensor", "tensor-pipeline") or (request.workload.kind != "inference" and a.gpus > 1)
    # narrow links matter for collectives (tensor parallel, training); a layer split or one GPU with the model resident
    # passes activations only (build rules R16: "less than 2% performance difference" at x8), loading is slower
    status = "pass" if bw >= 15.7 or not tp else ("fail" if bw < 3.9 else "warn")
    add(
        "PCI-4",
        status,
        f"GPU links {'/'.join(f'x{n}' for n in lanes)}: weakest {bw:.1f} GB/s per direction"
        + (
            " (tensor-parallel or training traffic)"
            if tp
            else ""
            if bw >= 15.7
            else ": enough for a layer split, which passes only activations; loading takes longer"
        ),
    )
    if a.gpus > 1 and not pl.all_on_cpu:
        # the rule is about collectives (build rules R16, PCI-5: a tensor-parallel group off the chipset); a layer split
        # passes one token's activations between cards, and only loading the model is slower
        if tp:
            add("PCI-5", "warn", "a GPU hangs off the chipset: collectives crawl at ~x4; pair the CPU-attached cards")
        else:
            add(
                "PCI-5",
                "pass",
                "a GPU hangs off the chipset (~x4): a layer split passes only activations between "
                "cards, so speed barely changes; loading the model takes about twice as long as at x8",
            )
    checks.extend(_lane_rules(a))
    if est.split == "tensor" and a.gpus not in (2, 4, 8, 16):
        add("PCI-6", "fail", "tensor parallel needs 2, 4, 8 or 16 GPUs")
    if a.gpus > 1 and not a.gpu.p2p and not a.nvlink_bridge and tp:
        add("PCI-7", "warn", "GeForce cards lack PCIe peer-to-peer: tensor parallel is PCIe-bound")
    if a.gpus >= 2 and a.gpu.nvlink in ("rtx3090", "a6000", "turing") and tp and not a.risers:
        add(
            "NVL-1",
            "pass" if a.nvlink_bridge else "warn",
            "NVLink bridge fitted between slot pairs"
            if a.nvlink_bridge
            else "the cards support NVLink but the slot spacing has no matching bridge",
        )
    return checks


def _host_checks(a: Assembly, request: BuildRequest, est: EstimateResult, storage_need_gb: float) -> list[Check]:
    """CPU, RAM, storage and the CPU cooler; what the software supports."""
    checks = _Checks()
    add = checks.add

    checks.append(compat.cpu_board(a.cpu, a.board))
    checks.extend(_shown([CORES_PER_GPU.check(a.cpu.cores * a.sockets, a.gpus)]))
    vram = a.gpu.vram_gb * a.gpu.gpus_per_card * a.gpus
    if a.ram_gb >= vram:
        add("RAM-1", "pass", f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM")
    elif compat.streams_weights(est.workload) and a.ram_gb >= compat.ram_needed_gb(vram, est.host_ram_bytes, True):
        # llama.cpp (mmap) and vLLM stream the weights to the GPUs: less RAM than VRAM slows loading only
        add(
            "RAM-1",
            "warn",
            f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM: {est.workload.get('engine')} streams the weights "
            "from disk to the GPUs, so loading takes longer (keep llama.cpp's default mmap; no --no-mmap)",
        )
    else:
        add("RAM-1", "fail", f"{a.ram_gb} GB RAM for {vram:g} GB of VRAM")
    add("RAM-2", "pass" if a.ram_gb >= 2 * vram else "warn", f"{a.ram_gb} GB RAM; 2x VRAM would be {2 * vram:g} GB")
    if est.host_ram_bytes:
        host = compat.ram_needed_gb(0, est.host_ram_bytes)
        what = (
            "what the trainer offloads to the CPU"
            if est.workload.get("kind") != "inference"
            else "weights read from RAM and llama.cpp's host buffers"
            if est.offloaded_bytes
            else "the engine's host buffers"
        )
        add(
            "RAM-3",
            "pass" if a.ram_gb >= host else "fail",
            f"{est.host_ram_bytes / 1e9:.0f} GB kept in system RAM ({what}): needs {host:.0f} GB of RAM",
        )
    checks.append(compat.dimm_population(a.cpu, a.board, a.modules))
    checks.append(compat.memory_board(a.memory, a.board))
    add(
        "RAM-6",
        "pass" if a.modules <= a.board.dimm_slots and a.ram_gb <= a.board.max_memory_gb else "fail",
        f"{a.modules} of {a.board.dimm_slots} DIMM slots, {a.ram_gb} of {a.board.max_memory_gb} GB",
    )
    capacity = a.storage.capacity_gb * a.storage_count
    add(
        "STO-1",
        "pass" if capacity >= storage_need_gb else "warn",
        f"{capacity / 1000:.1f} TB for weights, checkpoints and data (~{storage_need_gb / 1000:.1f} TB needed)",
    )
    add(
        "STO-2",
        "pass" if (a.storage.pcie_gen or 0) >= 4 else "warn",
        f"{a.storage.interface.upper()} Gen{a.storage.pcie_gen or '-'} model storage",
    )
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
    return checks


def check_build(a: Assembly, request: BuildRequest, est: EstimateResult, storage_need_gb: float) -> list[Check]:
    """Every rule on one build, failures first (the order within a status is the order of the sections)."""
    checks = [
        *_workload_checks(a, request, est),
        *_power_checks(a, request, est),
        *_slot_checks(a, request, est),
        *_lane_checks(a, request, est),
        *_host_checks(a, request, est, storage_need_gb),
    ]
    order = {"fail": 0, "warn": 1, "pass": 2}
    return sorted(checks, key=lambda c: order[c.status])
