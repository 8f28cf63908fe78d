"""Every build rule, checked on a concrete build, each with pass/warn/fail and one sentence.

Every rule is an object of the rulebook (configurator/core/rules, ids and words as docs/build-rules.md): this module
gathers a build's facts and asks each rule; the rules the CP-SAT model enforces are checked by the same objects'
`check`, so a rule's id, severity and words are written once, and no id or sentence is typed here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from configurator.core.catalog.models import Chassis, Cooler, Cpu, Gpu, MemoryKit, Motherboard, PcieSlot, Psu, Storage
from configurator.core.estimate.estimator import INFERENCE_CONTEXT, TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Check, Power
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_name, circuit_volts
from configurator.core.rules import REGISTRY, Rule, instance
from configurator.core.rules import cooling as cooling_rules
from configurator.core.rules import job as job_rules
from configurator.core.rules import layout as layout_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules import site as site_rules
from configurator.core.rules import watts as pw
from configurator.core.rules.facts import BuildFacts
from configurator.core.rules.job import READING_TPS as READING_TPS
from configurator.core.solve.power_cap import cap_command
from configurator.core.solve.slots import Placement, card_geometry, lane_bandwidth_gbps, slots_below, span
from configurator.core.support.checks import check_stack

if TYPE_CHECKING:  # the costs' stream type only: costs.api is imported where a plan states a demand
    from configurator.core.costs.api import Stream

MEM_FIT, SPEED, REGION = instance(job_rules.MemoryFit), instance(job_rules.Speed), instance(job_rules.Region)
ENGINE, PROMPT = instance(job_rules.Engine), instance(job_rules.PromptWait)
FILL = instance(job_rules.ContextFill)


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
    model_type: str = ""  # the model's HF model_type: SUP-1 judges the engine's support of it (support.check_stack)
    card_usd: float | None = None  # one card's price in USD (GpuOption.card_usd): COOL-2's shroud frame ceiling
    cards: tuple[Gpu, ...] = ()  # a mix's real cards top to bottom (GpuOption.cards; `gpu` is their envelope)

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
    return SPEED.meets(est.decode_tokens_per_s, request.min_decode_tps)


def speed_check(est: EstimateResult, request: BuildRequest) -> Check | None:
    """PERF against the speed asked, or None when none was."""
    if not request.min_decode_tps:
        return None
    return SPEED.asked(est.decode_tokens_per_s, request.min_decode_tps)


def prompt_check(est: EstimateResult, stream: Stream | None = None) -> Check:
    """PROMPT on a build's estimate: prefill speed and the wait before the first token; for an inference job with
    several users, the wait of the last of them when all send a prompt at once (rules.job.PromptWait). The machines
    without a card carry it always; plan._measured gives it to every other build serving several users, so one rule
    times the last user's first token on every build and the labels read it (ranking.measure). With `stream` (round
    40: the usage's own prompt the costs read, costs.api.usage_stream), that prompt and the seconds its uncached part
    takes, the figure every first-token line shows, not the typed one."""
    users = int(est.workload.get("batch") or 1) if est.workload.get("kind", "inference") == "inference" else 1
    if stream is not None:
        cached = stream.prompt.cached
        return PROMPT.check(est.prefill_tokens_per_s, stream.prefill_s(), stream.prompt.tokens, users, cached)
    context = int(est.workload.get("context") or INFERENCE_CONTEXT)
    prompt = int(est.workload.get("prompt") or min(context, TYPICAL_PROMPT_TOKENS))
    return PROMPT.check(est.prefill_tokens_per_s, est.time_to_first_token_s, prompt, users)


def fill_check(est: EstimateResult) -> Check | None:
    """FILL on a build's estimate: how long the window asked (the stated prompt, else the whole context) takes to fill
    (rules.job.fill_of), warned past llama-server's and the OpenAI client's ten-minute default timeout; None for a
    training job or an unknown prefill speed. plan._with_prompt adds it to a build when it warns, and ranking.measure
    reads it (such a build holds no claim beside one that fills the window in time, and is ranked after it)."""
    fill = job_rules.fill_of(est.workload, est.prefill_tokens_per_s, est.time_to_first_token_s, est.context_fill_s)
    return FILL.check(fill) if fill is not None else None


def region_check(gpu: Gpu, request: BuildRequest) -> Check | None:
    """REGION: a build for China on GPUs that are export-restricted there (A800, H800, 4090) is bought from stock."""
    if request.region == "china" and gpu.export_restricted_cn:
        return REGION.say("warn", "restricted", gpu=gpu.name)
    return None


def power_of(a: Assembly, request: BuildRequest, est: EstimateResult | None = None) -> Power:
    """The assembly's power; with its estimate, the draw that lasts where one stream decodes on a layer split
    (`decode_wall_w`) and the circuit judged by NEC 210.20(A) on it (CIR-1, watts.circuit_holds), as the check and the
    model judge it."""
    rest = pw.rest_power_w(a.modules, a.storage_count, a.server)
    dc = pw.dc_load_w(a.gpu, a.gpus, a.cpu, a.sockets, rest, request.power_limit)
    volts = circuit_volts(request.circuit)
    wall = pw.wall_w(dc, a.psu_tier, volts)
    outlets = min(a.psu_count if a.psu else 4, request.circuits)
    limit = circuit_limit_w(request.circuit) * outlets
    transient = pw.transient_load_w(a.gpu, a.gpus, a.cpu, a.sockets, rest, pw.transient_ratio(a.gpu))
    gpu_w = a.gpus * pw.gpu_sustained_w(a.gpu, request.power_limit)
    lasting = (
        pw.decode_wall_w(dc, wall, gpu_w, a.gpus)
        if est is not None and pw.one_stream_layer_split(est.workload, est.split, a.gpus) and dc > 0 and gpu_w > 0
        else None
    )
    return Power(
        dc_load_w=dc,
        psu_w=a.psu_capacity_w,
        wall_w=wall,
        circuit_ok=pw.circuit_holds(wall, wall if lasting is None else lasting, limit),
        decode_wall_w=lasting,
        circuit_limit_w=limit,
        transient_w=transient,
        heat_btu_h=wall * pw.BTU_PER_W,
        gpu_w=gpu_w,
        cpu_w=a.sockets * a.cpu.tdp_w,
        rest_w=rest,
    )


PSU_LOAD, CIRCUIT = instance(power_rules.PsuLoad), instance(power_rules.Circuit)
POWER_CAP = instance(power_rules.PowerLimit)  # plan.py reads its command into the launch
NOISE = instance(site_rules.DataCenterNoise)  # PSU_LOAD, CIRCUIT, NOISE: plan.py reads them here


def facts_of(
    a: Assembly,
    request: BuildRequest,
    est: EstimateResult,
    p: Power,
    storage_need_gb: float,
    card_link_hours: float | None = None,
) -> BuildFacts:
    """What the rules' `assess` read of one assembled machine, computed once."""
    outlets = min(request.circuits, a.psu_count if a.psu else 4)
    pl = a.placement
    positions = tuple(s.position for s in pl.slots)
    collectives = est.split in ("tensor", "tensor-pipeline") or (request.workload.kind != "inference" and a.gpus > 1)
    watts = pw.gpu_sustained_w(a.gpu, request.power_limit) if request.power_limit is not None else 0.0
    return BuildFacts(
        gpu=a.gpu,
        gpus=a.gpus,
        card_usd=a.card_usd,
        board=a.board,
        cpu=a.cpu,
        sockets=a.sockets,
        chassis=a.chassis,
        psu=a.psu,
        psu_count=a.psu_count,
        psu_w=a.psu_capacity_w,
        largest_single_psu_w=a.largest_single_psu_w,
        dc_load_w=p.dc_load_w,
        wall_w=p.wall_w,
        rest_w=p.rest_w,
        heat_btu_h=p.heat_btu_h,
        circuit=circuit_name(request.circuit),
        circuit_id=request.circuit,
        circuit_volts=circuit_volts(request.circuit),
        circuits=request.circuits,
        circuit_limit_w=circuit_limit_w(request.circuit) * outlets,
        circuit_ok=p.circuit_ok,
        room=request.room,
        form=request.form,
        storage=a.storage,
        nvme_drives=a.storage_count if a.storage.interface != "sata" else 0,
        link_lanes=tuple(s.lanes for s in pl.slots),
        link_gbps=min(lane_bandwidth_gbps(s.gen, s.lanes) for s in pl.slots),
        collectives=collectives,
        all_on_cpu=pl.all_on_cpu,
        in_bays=bool(pl.bays),
        slot_links=tuple((s.gen, s.lanes) for s in pl.slots),
        seated=tuple(_seated(a)),
        **_slot_facts(a, positions),
        openings_needed=pl.openings_needed,
        split=est.split,
        risers=a.risers,
        nvlink_bridge=a.nvlink_bridge,
        peak_gpu_bytes=est.peak_gpu.total,
        usable_gpu_bytes=est.peak_gpu.usable_bytes or 0,
        vram_headroom=request.vram_headroom,
        workload_kind=request.workload.kind,
        decode_tps=est.decode_tokens_per_s,
        min_decode_tps=request.min_decode_tps,
        wall_hours=est.wall_hours,
        deadline_hours=request.deadline_hours,
        region=request.region,
        memory=a.memory,
        modules=a.modules,
        ram_gb=a.ram_gb,
        vram_gb=a.gpu.vram_gb * a.gpu.gpus_per_card * a.gpus,
        host_ram_bytes=est.host_ram_bytes,
        offloaded_bytes=est.offloaded_bytes,
        workload=est.workload,
        cooler=a.cooler,
        storage_count=a.storage_count,
        storage_need_gb=storage_need_gb,
        power_limit=request.power_limit,
        cap_command=cap_command(a.gpu.vendor, watts) if request.power_limit is not None else "",
        continuous_wall_w=p.decode_wall_w,
        card_link_hours=card_link_hours,
    )


def _slot_facts(a: Assembly, positions: tuple[int, ...]) -> dict[str, Any]:
    """The seated cards' widths and the gaps between them, each card by its own width and cooler (a mix's 2-slot
    blower A5000 is not measured as the 3-slot open-air 3090 beside it: slots.card_geometry, round 48)."""
    widths = [w for w, _ in card_geometry(a.gpu, len(positions), a.cards)]
    return {
        "slot_width": span(a.gpu),
        "slot_positions": positions,
        "slot_gaps": tuple(slots_below(list(positions), widths, a.chassis.expansion_slots)[:-1]),  # between the cards
        "card_widths": tuple(widths) if a.cards else (),
        "card_coolers": tuple(c.cooler for c in a.cards),
    }


def assessed(build: BuildFacts, first: int, last: int) -> list[Check]:
    """The checks of every registered rule listed from place `first` up to `last` (Rule.listed), in their order."""
    rules = sorted((r for r in REGISTRY.values() if r.listed is not None and first <= r.listed < last), key=_place)
    checks: list[Check] = []
    for rule in rules:
        said = rule.assess(build)
        if isinstance(said, tuple):
            checks.extend(said)
        elif said is not None:
            checks.append(said)
    return checks


def _place(rule: Rule) -> tuple[int, str]:
    return (rule.listed or 0, rule.id)


OPEN_AIR_FLAGSHIPS = instance(cooling_rules.OpenAirFlagships)  # plan.py reads it here
MANY_GPU_PLATFORM = instance(layout_rules.ManyGpuPlatform)  # plan.py reads it here


def _seated(a: Assembly) -> list[tuple[PcieSlot, int]]:
    """Each card's slot on the board and the lanes it runs (empty in a GPU server's bays: no slot to split)."""
    slots = {s.position: s for s in a.board.pcie_slots}
    return [] if a.placement.bays else [(slots[u.position], u.lanes) for u in a.placement.slots if u.position in slots]


def _software_checks(a: Assembly, request: BuildRequest, est: EstimateResult, _need: float) -> list[Check]:
    """What the software supports (support.py): only what a buyer must know."""
    try:
        ran: Workload = Workload.model_validate(est.workload)
    except ValueError:
        ran = request.workload
    return [v.check() for v in check_stack(a.gpu, ran, a.model_type) if v.status != "pass"]


Section = Callable[[Assembly, BuildRequest, EstimateResult, float], list[Check]]
SECTIONS: tuple[tuple[int, Section], ...] = ((600, _software_checks),)
"""The checks not judged by a rule's `assess`, at their places among a build's checks: the software stack's (support.py
judges a card and a workload, above the rulebook) at 600. Every other rule goes among them by its number (`listed`): the
job's (MEM-FIT, PERF, REGION) at 110-130, the power and room rules at 200-270, the slots' (SLOT-1, SLOT-5, SLOT-2) at
301-303, the case and GPU cooling rules at 310-340, the links', lanes' and drive sockets' at 410-455, the host's (CPU,
RAM, storage, the CPU cooler) at 510-565."""


def check_build(
    a: Assembly,
    request: BuildRequest,
    est: EstimateResult,
    storage_need_gb: float,
    card_link_hours: float | None = None,
) -> list[Check]:
    """Every rule on one build, failures first (the order within a status is the order of the places: SECTIONS and
    every registered rule's `listed`). `card_link_hours`: the job's hours at its cards' own links where a server's
    slower bays cost it more than the same-speed band (PCI-9, plan._bays_cost)."""
    build = facts_of(a, request, est, power_of(a, request, est), storage_need_gb, card_link_hours)
    checks: list[Check] = []
    start = 0
    for place, section in SECTIONS:
        checks += assessed(build, start, place)
        checks += section(a, request, est, storage_need_gb)
        start = place
    checks += assessed(build, start, 1 << 30)
    order = {"fail": 0, "warn": 1, "pass": 2}
    return sorted(checks, key=lambda c: order[c.status])
