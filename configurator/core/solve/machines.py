"""The machines people build besides GPU boxes (issue #28): CPU-only builds from parts, small ready-made boxes,
and experts-in-RAM builds at each platform tier. Each is a registered candidate source (solve/sources.py) that
returns complete, checked builds; ranking and labelling beyond a plain description is the pipeline's."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import (
    Chassis,
    Cooler,
    Cpu,
    Gpu,
    MemoryKit,
    ModelArch,
    Motherboard,
    Psu,
    Record,
    Storage,
    System,
)
from configurator.core.common.base import BaseModel
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import PartSpecJson
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.host import (
    BYTES_PER_TRANSFER,
    HostMemory,
    ccd_limit_gbps,
    cpu_core_ghz,
    cpu_decode_rate,
    cpu_peak_tflops,
    decode_read_gbps,
    family,
    host_from_bandwidth,
    host_memory,
)
from configurator.core.estimate.offload import estimate_on_host, host_ram_needed
from configurator.core.estimate.precision import GGUF_FOR_INTEGER, GGUF_TYPES, MOE_GGUF
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.unified import memory_limit, system_gpu, system_vendor
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, BuildPart, Check, Power, part_spec
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_name, circuit_volts
from configurator.core.rules import compat, instance
from configurator.core.rules import compatibility as memory_rules
from configurator.core.rules import job as job_rules
from configurator.core.rules import layout as layout_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules import site as site_rules
from configurator.core.rules import watts as pw
from configurator.core.rules.base import statuses_only
from configurator.core.rules.job import PROMPT_WAIT_S
from configurator.core.solve.candidates import Candidates, Priced, on_engine, platform_parts
from configurator.core.solve.pricing import Quote, quote, system_line
from configurator.core.solve.rules import meets_speed, prompt_check, speed_check
from configurator.core.solve.sources import PlanContext, demand_key, keeps_up, register
from configurator.core.support.checks import end_of_life

GIB = 1024**3
RAM_FOR_JOB, SPEED = instance(memory_rules.RamForJob), instance(job_rules.Speed)
CAPACITY, PSU_LOAD = instance(power_rules.Capacity), instance(power_rules.PsuLoad)
OVERSIZED_PSU, CIRCUIT = instance(power_rules.OversizedPsu), instance(power_rules.Circuit)
HEAT, BOARD_MEMORY = instance(site_rules.Heat), instance(memory_rules.BoardMemory)
STORAGE_SIZE, HEADLESS = instance(layout_rules.StorageSize), instance(job_rules.Headless)
MEM_FIT, NOISE = instance(job_rules.MemoryFit), instance(site_rules.DataCenterNoise)
"""A typical prompt (4k tokens, or the one given) that waits longer than this before its first token is warned about."""


MACHINE_SOURCES = ("cpu-only", "mini-pc", "experts-in-ram", "servers")
"""The sources this module registers: left out of a map of named GPUs (plan(sources=False))."""


NO_GPU = "none"
"""`Build.gpu_id` of a machine that buys no GPU (CPU only): `gpu_count` is 0."""
FASTER_ENOUGH = 1.25
"""A search gate, not a label: a second build of a machine source (a second CPU-only box, a tier's quicker host:
_faster_in_tier) is searched for and offered beside the source's cheapest only when it decodes at least this much
faster, a second machine worth a place on the list (an estimate, not a measurement). No label reads it: "faster" and
"more speed" are shown.FASTER (outside AS_FAST's 3 % same-speed band), "faster for a little more" is
shown.FASTER_FOR_LITTLE, and the fastest experts-in-RAM build's card is checked against shown.FASTER after the search
(_quickest_card). Round 49 named the three apart (docs/advice.md)."""
SERVER_FAMILIES = ("server", "workstation")
"""Platforms whose boards carry a BMC with its own VGA output: no graphics card needed to install or to run."""


# --------------------------------------------------------------------------- what runs without a GPU


def cpu_workload(ctx: PlanContext) -> Workload | None:
    """The job as llama.cpp runs it on the CPU cores, or None when it cannot: inference only, in a format llama.cpp
    loads (GGUF types, F16/BF16 GGUF, a generic int4/int8 as Q4_0/Q8_0, an MXFP4 or INT4-expert release as its GGUF),
    no other engine named, no GPU asked for."""
    asked = ctx.request.workload
    w = ctx.workload
    if w.kind != "inference" or asked.engine not in (None, "llama.cpp") or ctx.request.named:
        return None
    if ctx.request.owned_gpu is not None:
        return None  # the owner's card runs it: a machine that ignores it is the other sources' comparison
    precision = w.precision or "bf16"
    if (
        precision not in GGUF_TYPES
        and precision not in ("fp16", "bf16", *MOE_GGUF)
        and precision not in GGUF_FOR_INTEGER
    ):
        return None
    ran = on_engine(w, "llama.cpp")
    return ran.model_copy(
        update={"engine": "llama.cpp", "offload": "none", "cpu_layers": 0, "cpu_experts": False, "n_cpu_moe": None}
    )


def serves(est: EstimateResult, ctx: PlanContext) -> bool:
    """The speed asked, or without one reading speed (rules.READING_TPS, as the map's cells ask): a CPU reading 810 GB
    of Llama 405B in bf16 at a few tenths of a token a second is no machine to offer. Round 40: reading speed as the
    plan's reading rule reads it (sources.keeps_up): with a stated demand, each user's served rate with each request's
    prefill counted, the figure "cheapest serving the demand" reads; without one, the decode speed."""
    request = ctx.request
    return meets_speed(est, request) and (request.min_decode_tps is not None or keeps_up(ctx, est))


def _spec(record: object) -> PartSpecJson:
    assert isinstance(record, BaseModel)
    return part_spec(record)


def _line(category: str, priced: Priced, quantity: int, *why: Reason) -> BuildPart:
    q = priced.quote
    record = priced.record
    return BuildPart(
        category=category,
        id=record.id,
        name=record.name,
        quantity=quantity,
        unit_price=q.amount if q else 0.0,
        owned=min(priced.owned, quantity),
        price_note=english(q.said if q else Reason.of("price.owned")),
        price_said=q.said if q else Reason.of("price.owned"),
        price_date=q.price.date if q else None,
        condition=q.condition if q else "",
        why="; ".join(english(r) for r in why),
        said=why,
        spec=_spec(record),
    )


@dataclasses.dataclass(frozen=True)
class _Host:
    """A CPU platform without a GPU: CPU, board, memory and the parts around them, with their cost."""

    cpu: Priced
    board: Priced
    memory: Priced
    kits: int
    chassis: Priced
    cooler: Priced
    psu: Priced
    storage: Priced

    @property
    def cost(self) -> float:
        return (
            self.cpu.amount
            + self.board.amount
            + self.memory.amount * self.kits
            + self.chassis.amount
            + self.cooler.amount
            + self.psu.amount
            + self.storage.amount
        )


def _cheapest(items: list[Priced], ok: Callable[[Priced], bool]) -> Priced | None:
    fitting = [p for p in items if ok(p)]
    return min(fitting, key=lambda p: (p.amount, p.record.id)) if fitting else None


def _dc_load(cpu: Cpu, modules: int) -> float:
    return cpu.tdp_w + pw.rest_power_w(modules, 1, False)


def _tower_fits(board: Motherboard, case: Record) -> bool:
    """A tower case without a board of its own that takes this board (remembered by the records: #34)."""

    def check() -> bool:
        with statuses_only():  # a yes or no: no message rendered
            return (
                isinstance(case, Chassis)
                and not case.integrated_board
                and case.kind in ("mid-tower", "full-tower")
                and compat.board_chassis(board, case).status == "pass"
            )

    return remember("tower-fits", (id(board), id(case)), (board, case), check)


def _cooler_fits(cooler: Record, cpu: Cpu, case: Chassis, board: Motherboard) -> bool:
    """A cooler that fits this CPU, case and board (remembered by the records: #34)."""

    def check() -> bool:
        with statuses_only():  # a yes or no: no message rendered
            return (
                isinstance(cooler, Cooler)
                and compat.cooler_cpu(cooler, cpu, case).status == "pass"
                and compat.cooler_chassis(cooler, case).status == "pass"
                and compat.cooler_board(cooler, board).status == "pass"
            )

    records = (cooler, cpu, case, board)
    return remember("cooler-fits", tuple(id(r) for r in records), records, check)


def _around(
    cand: Candidates,
    cpu: Priced,
    board: Priced,
    memory: Priced,
    kits: int,
    request: BuildRequest,
    seen: dict[tuple[object, ...], Priced | None] | None = None,
) -> _Host | None:
    """The cheapest case, cooler, PSU and drive that complete this CPU, board and memory (every FAIL rule passed).
    `seen` keeps each part's answer for what it depends on (the case on the board, the cooler on CPU, case and board,
    the PSU on load, connectors and case): a CPU-only search asks again for every memory population."""
    c, b, m = cpu.record, board.record, memory.record
    assert isinstance(c, Cpu) and isinstance(b, Motherboard) and isinstance(m, MemoryKit)
    seen = {} if seen is None else seen

    def once(key: tuple[object, ...], find: Callable[[], Priced | None]) -> Priced | None:
        if key not in seen:
            seen[key] = find()
        return seen[key]

    modules = m.modules * kits
    chassis = once(
        ("chassis", b.id),
        lambda: _cheapest(
            cand.chassis,
            lambda p: _tower_fits(b, p.record),
        ),
    )
    if chassis is None:
        return None
    case = chassis.record
    assert isinstance(case, Chassis)
    cooler = once(
        ("cooler", c.id, case.id, b.id),
        lambda: _cheapest(
            cand.coolers,
            lambda p: _cooler_fits(p.record, c, case, b),
        ),
    )
    load = _dc_load(c, modules)
    eps = pw.cpu_eps_connectors(c, 1)
    psu = once(
        ("psu", load, eps, case.max_psu_length_mm),
        lambda: _cheapest(
            cand.psus,
            lambda p: (
                isinstance(p.record, Psu)
                and p.record.form_factor in ("atx", "sfx")
                and load <= pw.PSU_TARGET_LOAD * p.record.watts
                and p.record.connectors.eps8 >= eps
                and (case.max_psu_length_mm is None or p.record.length_mm <= case.max_psu_length_mm)
            ),
        ),
    )
    need = cand.storage_need_gb
    storage = once(
        ("storage", need),
        lambda: (
            _cheapest(cand.storage, lambda p: isinstance(p.record, Storage) and p.record.capacity_gb >= need)
            or _cheapest(cand.storage, lambda p: isinstance(p.record, Storage))
        ),
    )
    if cooler is None or psu is None or storage is None:
        return None
    return _Host(cpu, board, memory, kits, chassis, cooler, psu, storage)


def _platforms(cand: Candidates) -> list[tuple[Priced, Priced, Priced, int]]:
    """Every single-socket CPU, board and memory population that the compatibility rules allow.

    The rules read the records only, never a price or the model: the combinations (as positions in the lists) are
    remembered by the records, so every map cell and plan over the same parts pays for them once (#34)."""
    lists = (cand.cpus, cand.boards, cand.memory)
    records = tuple(p.record for parts in lists for p in parts)
    sold = tuple(board.quote is not None or bool(board.owned) for board in cand.boards)
    key = (tuple(tuple(id(p.record) for p in parts) for parts in lists), sold)
    found = remember("platforms", key, records, lambda: _platform_positions(cand))  # positions: no check kept
    return [(cand.cpus[c], cand.boards[b], cand.memory[m], kits) for c, b, m, kits in found]


def _platform_positions(cand: Candidates) -> tuple[tuple[int, int, int, int], ...]:
    """_platforms as positions: (CPU, board, memory kit, kits); the verdicts are read for their status only."""
    with statuses_only():
        return _positions(cand)


def _positions(cand: Candidates) -> tuple[tuple[int, int, int, int], ...]:
    out = []
    # each verdict that reads fewer records than the loop's depth is asked once (the memory kit on the board: once per
    # board, not per CPU; the DIMMs a CPU and board take, per module count), the same verdicts in the same order (#34)
    memory_on_board: dict[tuple[int, int], bool] = {}
    for ci, cpu in enumerate(cand.cpus):
        c = cpu.record
        assert isinstance(c, Cpu)
        for bi, board in enumerate(cand.boards):
            b = board.record
            assert isinstance(b, Motherboard)
            if board.quote is None and not board.owned:
                continue  # a GPU server's own board: sold with its barebone
            if b.cpu_sockets != 1 or compat.cpu_board(c, b).status != "pass":
                continue
            usable = compat.usable_dimms(c, b)
            most_gb = min(b.max_memory_gb, c.max_memory_gb)
            populated: dict[int, bool] = {}  # by module count: whether the population does not fail
            for mi, memory in enumerate(cand.memory):
                m = memory.record
                assert isinstance(m, MemoryKit)
                if (bi, mi) not in memory_on_board:
                    memory_on_board[bi, mi] = compat.memory_board(m, b).status == "pass"
                if not memory_on_board[bi, mi] or m.memory_type != c.memory_type:
                    continue
                for kits in compat.kit_counts(m):
                    modules = m.modules * kits
                    if modules > usable or m.total_gb * kits > most_gb:
                        continue
                    if modules not in populated:
                        # no more DIMMs than the channels take (RAM-4), every channel alike (RAM-7, an "avoid" rule:
                        # a CPU-only machine decodes from RAM, so its speed is the bandwidth that balance gives)
                        populated[modules] = (
                            compat.dimm_population(c, b, modules).status == "pass"
                            and compat.channel_balance(c, b, modules, from_ram=True).status == "pass"
                        )
                    if not populated[modules]:
                        continue
                    out.append((ci, bi, mi, kits))
    return tuple(out)


def _checks(
    host: _Host, request: BuildRequest, est: EstimateResult, storage_need_gb: float, power: Power
) -> list[Check]:
    """The rules that apply to a machine without a GPU, each in one sentence (rule ids as in rules.py)."""
    c, b, m = host.cpu.record, host.board.record, host.memory.record
    case, cooler, psu, drive = host.chassis.record, host.cooler.record, host.psu.record, host.storage.record
    assert isinstance(c, Cpu) and isinstance(b, Motherboard) and isinstance(m, MemoryKit) and isinstance(psu, Psu)
    assert isinstance(case, Chassis) and isinstance(cooler, Cooler) and isinstance(drive, Storage)
    ram_gb = m.total_gb * host.kits
    modules = m.modules * host.kits
    need = host_ram_needed(est.host_ram_bytes, training=False) / compat.MODULE_GB_BYTES
    kept = est.host_ram_bytes / compat.MODULE_GB_BYTES
    checks = [
        RAM_FOR_JOB.say("pass" if ram_gb >= need else "fail", "cpu-only", kept_gb=kept, need_gb=need, ram_gb=ram_gb)
    ]
    if (speed := speed_check(est, request)) is not None:
        checks.append(speed)
    elif (slow := SPEED.below_reading(est.decode_tokens_per_s, request.min_decode_tps, cpu_only=True)) is not None:
        checks.append(slow)
    checks.append(CAPACITY.check(power.dc_load_w, psu.watts))
    checks.append(PSU_LOAD.check(power.dc_load_w, psu.watts))
    if psu.watts > pw.PSU_OVERSIZE * power.dc_load_w:
        ratio = psu.watts / power.dc_load_w
        checks.append(OVERSIZED_PSU.say("warn", "cheapest", psu_w=psu.watts, dc_load_w=power.dc_load_w, ratio=ratio))
    circuit = circuit_name(request.circuit)
    checks.append(
        CIRCUIT.say(
            "pass" if power.circuit_ok else "fail",
            "wall-one",
            wall_w=power.wall_w,
            limit_w=power.circuit_limit_w,
            circuit=circuit,
            circuit_id=request.circuit,
        )
    )
    checks.append(HEAT.say("pass", "heat", btu_h=power.heat_btu_h, wall_w=power.wall_w))
    checks.append(compat.cpu_board(c, b))
    checks.append(compat.channel_balance(c, b, modules, from_ram=True))
    checks.append(compat.memory_board(m, b))
    checks.append(BOARD_MEMORY.judge(b, c, 1, modules, ram_gb))
    checks.append(compat.board_chassis(b, case))
    checks.append(compat.cooler_cpu(cooler, c, case))
    checks.append(compat.cooler_chassis(cooler, case))
    checks.append(STORAGE_SIZE.check(drive.capacity_gb, storage_need_gb, box=True))
    if not c.integrated_graphics and c.platform not in SERVER_FAMILIES:
        checks.append(HEADLESS.say("warn", "headless", cpu=c.name))
    checks.append(prompt_check(est))
    order = {"fail": 0, "warn": 1, "pass": 2}
    return sorted(checks, key=lambda x: order[x.status])


def _power(cpu: Cpu, modules: int, psu: Psu, request: BuildRequest) -> Power:
    dc = _dc_load(cpu, modules)
    volts = circuit_volts(request.circuit)
    wall = pw.wall_w(dc, psu.efficiency, volts)
    limit = circuit_limit_w(request.circuit)
    rest = pw.rest_power_w(modules, 1, False)
    return Power(
        dc_load_w=dc,
        psu_w=psu.watts,
        wall_w=wall,
        circuit_ok=wall <= limit,
        circuit_limit_w=limit,
        transient_w=dc,
        heat_btu_h=wall * pw.BTU_PER_W,
        gpu_w=0.0,
        cpu_w=cpu.tdp_w,
        rest_w=rest,
    )


def _cpu_build(host: _Host, est: EstimateResult, request: BuildRequest, storage_need_gb: float, kind: Reason) -> Build:
    c, b, m = host.cpu.record, host.board.record, host.memory.record
    case, cooler, psu, drive = host.chassis.record, host.cooler.record, host.psu.record, host.storage.record
    assert isinstance(c, Cpu) and isinstance(b, Motherboard) and isinstance(m, MemoryKit) and isinstance(psu, Psu)
    assert isinstance(case, Chassis) and isinstance(cooler, Cooler) and isinstance(drive, Storage)
    modules = m.modules * host.kits
    power = _power(c, modules, psu, request)
    bandwidth = est.workload.get("ram_bandwidth_gbps") or 0
    parts = (
        _line(
            "cpu",
            host.cpu,
            1,
            Reason.of("part.cpu-cores", cores=c.cores),
            Reason.of("part.cpu-channels", channels=c.memory_channels, memory=c.memory_type),
        ),
        _line("motherboard", host.board, 1, Reason.of("part.board-dimms", socket=b.socket, slots=b.dimm_slots)),
        _line(
            "memory",
            host.memory,
            host.kits,
            Reason.of(
                "part.memory-host",
                gb=m.total_gb * host.kits,
                memory=m.memory_type,
                mts=m.speed_mts,
                modules=modules,
                bandwidth=float(bandwidth),
            ),
        ),
        _line(
            "psu",
            host.psu,
            1,
            Reason.of("part.psu-load", load=power.dc_load_w, share=power.dc_load_w / psu.watts, of=psu.watts),
        ),
        _line("chassis", host.chassis, 1, Reason.of("part.no-gpu-case", kind=case.kind)),
        _line("cooler", host.cooler, 1, Reason.of("part.cpu-cooler", rated=cooler.max_tdp_w, tdp=c.tdp_w)),
        _line("storage", host.storage, 1, Reason.of("part.model-files", tb=drive.capacity_gb / 1000)),
    )
    checks = _checks(host, request, est, storage_need_gb, power)
    why = Reason.of(
        "why.cpu-only",
        cores=c.cores,
        cpu=c.name,
        bandwidth=float(bandwidth),
        memory=m.memory_type,
        **({"bound": True} if est.decode_cores_bound else {}),
    )
    return Build(
        rank=1,
        label=english(kind),
        kinds=(kind,),
        why=english(why),
        offered=(why,),
        parts=parts,
        nodes=1,
        currency=request.currency,
        power=power,
        estimate=est,
        checks=tuple(checks),
        slot_map=(),
        gpu_id=NO_GPU,
        gpu_count=0,
        owned_savings=sum(p.unit_price * p.owned for p in parts),
        interconnect="none (CPU only)",
    )


@register("cpu-only", reads_weights_from_ram=True)
def cpu_only(ctx: PlanContext) -> list[Build]:
    """The cheapest machine with no GPU that runs the job as asked, and the fastest one within the budget when it is
    clearly faster: llama.cpp on the CPU cores, its speed from the platform's populated channels (estimate.host). A
    16-bit release with no precision named runs at Q8_0 (sources.in_ram)."""
    workload = cpu_workload(ctx)
    if workload is None or ctx.should_stop():
        return []
    request = ctx.request
    variant = request.model_copy(update={"workload": request.workload.model_copy(update={"offload": "cpu"})})
    cand = Candidates()
    platform_parts(variant, ctx.catalog, cand, ctx.model)  # memory pruned with its speed as a merit
    # memoised by value: the answer depends on the request, the model and these parts (records and prices) only, and
    # a map cell plans over several subsets of GPUs with the same request (#34), then its ready-made servers with
    # clusters allowed, which no CPU-only box reads (only the servers' sources and relax do): one key for both
    lists = (cand.cpus, cand.boards, cand.memory, cand.chassis, cand.coolers, cand.psus, cand.storage)
    records = tuple(p.record for parts in lists for p in parts)
    key = (
        request.model_copy(update={"allow_clusters": False}).model_dump_json(),
        id(ctx.model),
        ctx.exact_weight_bytes,
        cand.storage_need_gb,
        tuple(tuple((id(p.record), p.amount, p.owned, p.quote) for p in parts) for parts in lists),
        tuple(sorted(ctx.catalog.exchange_rates.items())),
        demand_key(ctx),  # round 40: `serves` reads the stated demand's served rate
    )
    return list(
        remember(
            "cpu_only",
            key,
            (ctx.model, *records),
            lambda: _cpu_only(ctx, workload, cand),
            keep=lambda _found: not ctx.should_stop(),
        )
    )


class _HostEstimates:
    """One job's CPU-only estimates, by what they read of the host. The RAM the job needs is the same on every host
    (estimate.offload._memory: the weights, cache and activations), so a host with less is not estimated: it cannot
    fit (host_ram_needed, RAM-3), and most hosts of a large model are such (#34)."""

    def __init__(self, ctx: PlanContext, workload: Workload) -> None:
        self.ctx, self.workload = ctx, workload
        self.found: dict[tuple[object, ...], EstimateResult | None] = {}
        self.need: float | None = None  # bytes of RAM the job needs, from its first estimate

    def of(self, host: HostMemory) -> EstimateResult | None:
        key = (host.effective_gbps, host.capacity_gb, host.cpu_tflops, host.peak_gbps)
        if key in self.found:
            return self.found[key]
        capacity = host.capacity_bytes
        if self.need is not None and capacity is not None and capacity < self.need:
            return None  # the estimate would say: does not fit
        try:
            est = estimate_on_host(self.ctx.model, self.workload, None, 0, host, self.ctx.exact_weight_bytes)
        except (ValueError, ConfiguratorError):
            est = None
        if est is not None and self.need is None:
            self.need = host_ram_needed(est.host_ram_bytes, training=False)  # int(ram) <= ram: never more than its need
        self.found[key] = est
        return est


def _cpu_only(ctx: PlanContext, workload: Workload, cand: Candidates) -> list[Build]:
    request = ctx.request
    estimates = _HostEstimates(ctx, workload)
    found: list[tuple[float, float, _Host, EstimateResult]] = []
    seen: dict[tuple[object, ...], Priced | None] = {}  # parts around a platform, by what they depend on
    hosts: dict[tuple[str, str, int, int], HostMemory | None] = {}  # by CPU, memory kit, kits and channels wired
    least = float("inf")  # the cheapest machine found so far
    # within a budget the answer is the cheapest machine and the fastest (both within the budget), so a platform that
    # can be neither is not completed: no case, cooler, PSU and drive costs less than the cheapest of each
    around_least = sum(min((p.amount for p in parts), default=0.0) for parts in (cand.chassis, cand.coolers, cand.psus))
    around_least += min((p.amount for p in cand.storage), default=0.0)
    fastest_tps, fastest_cost = -1.0, float("inf")  # the fastest machine found so far
    # cheapest platform first: an estimate is needed only for hosts that could still be the cheapest or the fastest
    options = sorted(_platforms(cand), key=lambda o: o[0].amount + o[1].amount + o[2].amount * o[3])
    for cpu, board, memory, kits in options:
        if ctx.should_stop():
            break
        base = cpu.amount + board.amount + memory.amount * kits
        if request.budget is not None and base > request.budget:
            break
        if request.budget is None and base > 2 * least:
            break  # every machine from here costs more than twice the cheapest found: the fastest's cap (below)
        c, m = cpu.record, memory.record
        assert isinstance(c, Cpu) and isinstance(m, MemoryKit)
        b = board.record
        assert isinstance(b, Motherboard)
        wired = min(c.memory_channels, b.memory_channels)  # the channels both wire: what the DIMMs populate (RAM-7)
        if (c.id, m.id, kits, wired) not in hosts:  # each CPU and population is on several boards (#34: 27,000 a map)
            try:
                hosts[c.id, m.id, kits, wired] = host_memory(c, m, kits, wired=wired)
            except ConfiguratorError:
                hosts[c.id, m.id, kits, wired] = None
        host = hosts[c.id, m.id, kits, wired]
        if host is None:
            continue
        est = estimates.of(host)
        if est is None or not est.fits or not serves(est, ctx):
            continue
        tps = est.decode_tokens_per_s or 0.0
        at_least = (base + around_least) * (1 - 1e-9) - 1e-6  # (a sum in another order: no rounding skips one)
        if request.budget is not None and at_least > least and (tps, -at_least) <= (fastest_tps, -fastest_cost):
            continue  # dearer than the cheapest and not faster than the fastest (a tie goes to the one found first)
        machine = _around(cand, cpu, board, memory, kits, request, seen)
        if machine is None or (request.budget is not None and machine.cost > request.budget):
            continue
        found.append((machine.cost, tps, machine, est))
        least = min(least, machine.cost)
        if (tps, -machine.cost) > (fastest_tps, -fastest_cost):
            fastest_tps, fastest_cost = tps, machine.cost
    if not found:
        return []
    cheapest = min(found, key=lambda f: (f[0], -f[1]))
    builds = [_cpu_build(cheapest[2], cheapest[3], request, cand.storage_need_gb, Reason.of("kind.cpu-only"))]
    # the fastest within the budget (none given: within twice the cheapest, not a server for a 1B model)
    cap = request.budget if request.budget is not None else 2 * cheapest[0]
    fastest = max((f for f in found if f[0] <= cap), key=lambda f: (f[1], -f[0]))
    if fastest[1] >= FASTER_ENOUGH * cheapest[1]:
        builds.append(
            _cpu_build(
                fastest[2],
                fastest[3],
                request,
                cand.storage_need_gb,
                Reason.of("kind.cpu-channels", channels=fastest[2].cpu.record.memory_channels),  # type: ignore[attr-defined]
            )
        )
    return [b for b in builds if not b.fails]


# --------------------------------------------------------------------------- small ready-made boxes


def _box_build(system: System, q: Quote, est: EstimateResult, request: BuildRequest, raised: float | None) -> Build:
    """A ready-made APU box as a build: one line bought at `q`, its adapter's power, the share of RAM its iGPU may map
    (`raised`: the job needs the GTT raised to that share, a warning saying how)."""
    u = system.unified
    assert u is not None
    limit = circuit_limit_w(request.circuit)
    checks = [
        _box_memory(system, est, raised),
        CIRCUIT.say(
            "pass" if system.max_power_w <= limit else "fail", "system", max_w=system.max_power_w, limit_w=limit
        ),
        NOISE.say("pass", "quiet-box", noise=u.noise),
        prompt_check(est),
    ]
    if (speed := speed_check(est, request)) is not None:
        checks.insert(0, speed)
    box = Reason.of(
        "part.unified-box", chip=u.chip, gb=system.memory_gb, memory=u.memory_type, bandwidth=u.bandwidth_gbps
    )
    part = system_line(system, q, box)
    watts = system.max_power_w
    power = Power(
        dc_load_w=watts * 0.9,
        psu_w=system.psu_w_total,
        wall_w=watts,
        circuit_ok=watts <= limit,
        circuit_limit_w=limit,
        transient_w=watts,
        heat_btu_h=watts * pw.BTU_PER_W,
        gpu_w=watts * 0.6,
        cpu_w=watts * 0.3,
        rest_w=watts * 0.1,
    )
    order = {"fail": 0, "warn": 1, "pass": 2}
    return Build(
        rank=1,
        label=english(Reason.of("kind.mini-pc", name=system.name.split(",")[0])),
        kinds=(Reason.of("kind.mini-pc", name=system.name.split(",")[0]),),
        why=english(Reason.of("why.mini-pc", chip=u.chip, bandwidth=u.bandwidth_gbps)),
        offered=(Reason.of("why.mini-pc", chip=u.chip, bandwidth=u.bandwidth_gbps),),
        parts=(part,),
        nodes=1,
        currency=request.currency,
        power=power,
        estimate=est,
        checks=tuple(sorted(checks, key=lambda c: order[c.status])),
        slot_map=(),
        gpu_id=f"{system.id}-gpu",
        gpu_count=1,
        interconnect="unified memory",
    )


def raised_share(system: System) -> float | None:
    """The share of a unified-memory box's memory its GPU may use once the OS's limit is raised, or None where no such
    knob applies (NVIDIA's GB10: CUDA sees the memory whole) or the default is already higher. AMD APUs: the GTT
    (docs.kernel.org, amdgpu module parameters: gttsize defaults to half the RAM; ttm.pages_limit, or amdgpu.gttsize on
    older kernels, raises it), leaving the OS its working set (rules.compat.OS_RAM_BYTES). Macs: the GPU's wired limit
    (`sudo sysctl iogpu.wired_limit_mb`), leaving macOS rules.compat.MACOS_GPU_SPARE_BYTES."""
    vendor = system_vendor(system) if system.unified is not None else None
    if system.unified is None or vendor not in ("amd", "apple"):
        return None
    spare = compat.MACOS_GPU_SPARE_BYTES if vendor == "apple" else compat.OS_RAM_BYTES
    share = 1 - spare / (system.memory_gb * compat.MODULE_GB_BYTES)
    return share if share > system.unified.gpu_memory_fraction else None


def on_unified(
    system: System, model: ModelArch, workload: Workload, exact: int | None
) -> tuple[EstimateResult, Gpu, float | None] | None:
    """The job on a unified-memory system's GPU at the share of memory the OS wires by default, else at the raised
    share (raised_share: a Mac's `iogpu.wired_limit_mb`, an AMD APU's GTT), with the GPU record and the share used
    (None: the default); None when neither holds it. A 192 GB M2 Ultra wires 144 GiB by default; raised, it holds a
    145 GiB DeepSeek-V4-Flash at q4 with 27 GiB to spare.

    An FP8 ask runs as the Q8_0 GGUF: a unified-memory box runs llama.cpp, which has no FP8 weight type, and Q8_0 is
    the 8-bit GGUF that scores as the release (its own bytes, 8.5 bits a weight, not the FP8 checkpoint's). A 256 GB
    M5 Ultra had been sized for Qwen3-235B-A22B at the FP8 release's 220 GiB and told to load a
    'Qwen3-235B-A22B-FP8.gguf' that does not exist (round 37)."""
    if workload.precision == "fp8":
        workload, exact = workload.model_copy(update={"precision": "q8_0"}), None
    raised = raised_share(system)
    for share in (None,) if raised is None else (None, raised):
        gpu = system_gpu(system, share)
        try:
            est = estimate(model, workload, gpu, 1, exact_weight_bytes=exact)
        except (ValueError, ConfiguratorError):
            return None
        peak = est.peak_gpu
        if peak.total <= (peak.usable_bytes or 0):
            return est, gpu, share
    return None


def _on_box(ctx: PlanContext, workload: Workload, system: System) -> tuple[EstimateResult, float | None] | None:
    """The job on a small box's iGPU at its default share of memory, else at the raised share (on_unified). People
    raise the GTT to run a model larger than half the RAM: a 780M mini PC with 64 GB serves Gemma 4 28B from all of it
    (stochasticsandbox.com, 2026-04-04)."""
    held = on_unified(system, ctx.model, workload, ctx.exact_weight_bytes)
    return None if held is None else (held[0], held[2])


def _box_memory(system: System, est: EstimateResult, raised: float | None) -> Check:
    """MEM-FIT on a small box: what the iGPU maps by default, or the raised share the job needs."""
    u = system.unified
    assert u is not None
    peak = est.peak_gpu
    need, usable = peak.total / GIB, (peak.usable_bytes or 0) / GIB
    if raised is None:
        # the note is the catalog's English; `limit` names the same OS fact as a code (its words in either language)
        fields = dict(fraction=u.gpu_memory_fraction, note=u.gpu_memory_note, limit=memory_limit(system_vendor(system)))
        return MEM_FIT.say(
            "pass", "unified", need_gib=need, usable_gib=usable, chip=u.chip, memory_gb=system.memory_gb, **fields
        )
    return raised_memory(system, need, raised)


def raised_memory(system: System, need_gib: float, raised: float) -> Check:
    """MEM-FIT's warning where a unified-memory box holds the job only with its GPU's share of memory raised: the
    knob, the share and its value: on a Mac the very command (its limit in MB, `wired_mb`, which the launch runs
    first: plan._launch), on an AMD APU the kernel parameter in 4 KiB pages (`pages`: ttm.pages_limit counts pages,
    25165824 = 96 GiB as noamsto/nix-amd-ai #42 set it on a Strix Halo)."""
    u = system.unified
    assert u is not None
    vendor = system_vendor(system)
    memory = system.memory_gb * compat.MODULE_GB_BYTES
    return MEM_FIT.say(
        "warn",
        "raised",
        need_gib=need_gib,
        usable_gib=memory * raised / GIB,
        default_gib=memory * u.gpu_memory_fraction / GIB,
        default_fraction=u.gpu_memory_fraction,
        chip=u.chip,
        memory_gb=system.memory_gb,
        os_gb=memory * (1 - raised) / 1e9,
        vendor=vendor,
        wired_mb=int(memory * raised / 2**20),
        pages=int(memory * raised / 4096),
    )


SMALL_BOX_GB = 64
"""An APU mini PC with at most this much memory is a small box (this module's offer, at reading speed or faster);
larger unified-memory machines (Strix Halo, DGX Spark, Macs) are also plan()'s ready-made unified offer."""


def small_box(system: System) -> bool:
    return system.unified is not None and system.unified.form == "mini-pc" and system.memory_gb <= SMALL_BOX_GB


@register("mini-pc", reads_weights_from_ram=True)
def mini_pc(ctx: PlanContext) -> list[Build]:
    """The cheapest small ready-made box (an APU mini PC, form "mini-pc") that runs the job as asked, and the fastest
    one within the budget when it is clearly faster. Its iGPU maps a share of the RAM (estimate.unified.system_gpu),
    and reads the weights from it: a 16-bit release with no precision named runs at Q8_0 (sources.in_ram)."""
    workload = cpu_workload(ctx)
    if workload is None or ctx.should_stop():
        return []
    request = ctx.request
    found: list[tuple[float, float, Build]] = []
    for system in ctx.catalog.kind("systems"):
        if not isinstance(system, System) or system.unified is None or system.unified.form != "mini-pc":
            continue
        q = quote(system, ctx.catalog, request.currency, request.condition, request.tax_basis)
        if q is None or (request.budget is not None and q.amount > request.budget):
            continue
        ran = _on_box(ctx, workload, system)
        if ran is None or not serves(ran[0], ctx):
            continue
        build = _box_build(system, q, ran[0], request, ran[1])
        found.append((q.amount, ran[0].decode_tokens_per_s or 0.0, build))
    if not found:
        return []
    cheapest = min(found, key=lambda f: (f[0], -f[1]))
    out = [cheapest[2]]
    fastest = max(found, key=lambda f: (f[1], -f[0]))
    if fastest[1] >= FASTER_ENOUGH * cheapest[1] and fastest[0] <= (request.budget or 2 * cheapest[0]):
        out.append(fastest[2])
    return out


# --------------------------------------------------------------------------- experts in RAM at each platform tier


@dataclasses.dataclass(frozen=True)
class Tier:
    """A platform class for experts in RAM: its memory channels per socket set the decode speed."""

    name: str
    channels: tuple[int, ...]
    sockets: int = 1


TIERS = (
    Tier("desktop 2-channel", (2,)),
    Tier("4-channel Threadripper / Xeon W", (4,)),
    Tier("8-channel Threadripper PRO / Xeon", (6, 8)),
    Tier("12-channel EPYC", (12,)),
    Tier("dual socket", (6, 8, 12), 2),
)
MIN_TIER_VRAM_GB = 16.0
"""The smallest card beside experts in RAM: attention, the shared experts and the KV cache of a long prompt stay on the
GPU. ktransformers' DeepSeek-R1/V3 tutorial runs Q4_K_M on one 24 GB card with the experts in DRAM; llama.cpp's
--n-cpu-moe guides for gpt-oss-120b start at 16 GB. An 8 GB card at 98 % (the cheapest before #28) leaves no room."""
FITS_ONE_CARD_GB = 32.0
"""Weights up to this fit the largest consumer card (RTX 5090): no experts-in-RAM range is needed for them."""
MIN_TIER_SECONDS = 1.0
"""The range is a plan's offer: a map cell (0.3 s a plan) asks only for the cheapest machine."""


def _weights_gb(ctx: PlanContext) -> float:
    from configurator.core.estimate.precision import weight_format

    fmt = weight_format(ctx.workload.precision or "bf16", "llama.cpp")
    return ctx.model.params_total_b * fmt.bulk_bits / 8


def _tier_catalog(catalog: Catalog, tier: Tier) -> Catalog | None:
    cpus: dict[str, Record] = {
        k: r for k, r in catalog.records["cpus"].items() if isinstance(r, Cpu) and r.memory_channels in tier.channels
    }
    # a board that wires every channel of the tier: the solver then populates them all when decode reads from RAM
    # (its RAM-7 constraint), where the cheapest board (an 8-channel SP5 board) left an EPYC at two thirds of its speed
    boards: dict[str, Record] = {
        k: r
        for k, r in catalog.records["motherboards"].items()
        if isinstance(r, Motherboard) and r.cpu_sockets == tier.sockets and r.memory_channels >= min(tier.channels)
    }
    gpus = _tier_gpus(catalog)
    if not cpus or not boards or not gpus:
        return None
    return dataclasses.replace(catalog, records={**catalog.records, "cpus": cpus, "motherboards": boards, "gpus": gpus})


def _supported(gpu: Record) -> bool:
    """Whether the card's vendor still supports its architecture (support.end_of_life: CUDA 13 dropped Pascal and
    Volta, ROCm gfx906)."""
    return isinstance(gpu, Gpu) and end_of_life(gpu.vendor, gpu.architecture) is None


def _tier_gpus(catalog: Catalog) -> dict[str, Record]:
    """The cards a tier's build may take: at least MIN_TIER_VRAM_GB, and none past its vendor's software support while
    a supported card of that size is in the catalog. The card beside experts in RAM computes every prompt (attention,
    shared experts and the prefill's matrix products), so the cheapest card of the size had been a Tesla P100: CUDA 13
    dropped Pascal (SUP-8 warns) and DeepSeek-R1 Q4_K_M's 4k prompt waited 285 s on it. A past-support card is kept
    only when no supported one is listed (an overlay of old cards): a warned build beats none."""
    sized = {k: r for k, r in catalog.records["gpus"].items() if getattr(r, "vram_gb", 0) >= MIN_TIER_VRAM_GB}
    supported = {k: r for k, r in sized.items() if _supported(r)}
    return supported or sized


IN_RAM_HEADROOM = 0.90
"""The share of a card's memory that what stays on it beside the experts in RAM may take (attention, the shared
experts, the KV cache and llama.cpp's compute buffer, with every routed expert in RAM: --cpu-moe). ESTIMATE, not
fitted: the rest is room for the driver, a desktop session and a longer prompt; llama.cpp then fills it with experts
(--n-cpu-moe), which it can give back. Kimi K2 Q4_K_M needs 10.7 GB of a card that way (an 8 GB card is out), GLM-4.5
Q4_K_M 14.0 GB (a 16 GB card, as the tiers take, is in)."""


def in_ram_gpus(catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None) -> dict[str, Record]:
    """The cards the cheapest build with the experts in RAM may take: none past its vendor's software support while a
    supported one fits (as _tier_gpus), and only cards whose memory with every routed expert in RAM stays within
    IN_RAM_HEADROOM. `workload` is llama.cpp's, resolved. All the cards when none qualifies (a warned build beats
    none)."""
    from configurator.core.estimate.estimator import CAL
    from configurator.core.estimate.offload import Placement, _exact_scale, experts_cal, gpu_memory

    layers = model.num_layers
    everything = Placement(gpu_layers=layers, cpu_moe_layers=layers, layers_per_gpu=(layers,), head_on_gpu=True)
    scale = _exact_scale(model, workload, exact)
    roomy: dict[str, Record] = {}
    for gid, g in catalog.records["gpus"].items():
        if not isinstance(g, Gpu):
            continue
        cal = experts_cal(model, workload, g, 1, CAL)
        need = max(b.total for b in gpu_memory(model, workload, everything, scale, cal))
        if need <= IN_RAM_HEADROOM * g.memory_gib * GIB:
            roomy[gid] = g
    supported = {k: r for k, r in roomy.items() if _supported(r)}
    return supported or roomy or dict(catalog.records["gpus"])


def _with_prompt_check(build: Build) -> Build:
    order = {"fail": 0, "warn": 1, "pass": 2}
    checks = sorted((*build.checks, prompt_check(build.estimate)), key=lambda c: order[c.status])
    return build.model_copy(update={"checks": tuple(checks)})


@register("experts-in-ram", reads_weights_from_ram=True)
def experts_in_ram(ctx: PlanContext) -> list[Build]:
    """For a MoE model too big for one card: the cheapest build with llama.cpp keeping the experts in RAM on each
    platform tier that fits the budget (2, 4, 8 and 12 channels, dual socket), a GPU of at least MIN_TIER_VRAM_GB for
    attention, shared experts and context, and on the two single-socket tiers with the most channels their fastest
    builds within the budget (_faster_in_tier; the lower one with the CPUs of more channels its boards take,
    _wider_in_tier). Decode speed follows the tier's bandwidth, or its cores where they bind; each says its prompt
    wait. A 16-bit release with no precision named runs at Q8_0 (sources.in_ram): BF16 is no GGUF llama.cpp keeps
    experts in RAM in here, so the release's quality had no experts-in-RAM host at all."""
    from configurator.core.solve.plan import _solve_once, _with_offload

    request, workload = ctx.request, ctx.workload
    # llama.cpp keeps GGUF experts in RAM, MXFP4 ones too (gpt-oss with --n-cpu-moe), and the Q4_0 experts of an INT4
    # release (Kimi K2.5's GGUF)
    # a request that keeps weights in RAM already (--offload cpu) is solved so by the plan itself, on the cheapest
    # host, which seldom reads its RAM fast (candidates.slowest_host): the tiers are searched for it too. DeepSeek-R1
    # at Q2_K with its experts in RAM at 5 tokens/s (the way out of 5,000 USD, applied) had found only a CPU-only box
    # whose prompts wait 101 s, beside the way's 2,975 USD 8-channel EPYC with an RTX 4060 Ti at 6.8; and with no speed
    # asked (round 35, review35's walk) R1 at Q4_K_M with --offload cpu within 12,000 USD opened on one RTX 5090 at
    # 10,000 USD, 5.2 tokens/s, where the way out that named those words, and the plan without them, found the
    # 8-channel EPYC with an RTX 2080 Ti 22GB at 5,870 USD, 7.4 tokens/s
    offloadable = (
        workload.kind == "inference"
        and request.workload.engine in (None, "llama.cpp")
        and (workload.precision in GGUF_TYPES or workload.precision in MOE_GGUF)
    )
    if (
        ctx.model.moe is None
        or not offloadable
        or request.systems_only
        or ctx.time_budget < MIN_TIER_SECONDS
        or _weights_gb(ctx) <= FITS_ONE_CARD_GB
    ):
        return []
    variant = request.model_copy(update={"workload": _with_offload(request.workload), "top_k": 1})
    seconds = min(1.0, ctx.time_budget / len(TIERS))
    cap = None if request.budget is None else request.budget * 1.0001  # solve's cost_cap is strict

    out: list[Build] = []
    single: list[tuple[Tier, Catalog, Build]] = []  # the single-socket tiers built, fewest channels first
    widest = [t for t in TIERS if t.sockets == 1][-2:]  # the tiers _fastest_in_tiers searches
    for tier in TIERS:
        if ctx.should_stop():
            break
        catalog = _tier_catalog(ctx.catalog, tier)
        if catalog is None:
            continue
        found, _ = _solve_once(
            variant, catalog, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap
        )
        short = not found and bool(request.min_decode_tps) and tier in widest and not ctx.should_stop()
        if short:
            found = _cheapest_at_any_speed(ctx, variant, catalog, seconds, cap)
        if not found or not found[0].estimate.offloaded_bytes:
            # nothing in RAM: the card holds the whole model, and this is the as-asked machine (solver) under a label
            # it does not earn; gpt-oss-120b for 20 users on one 96 GB RTX PRO 6000 had been offered as "experts in
            # RAM" on a 32 GB Ryzen desktop at 25.1 tokens/s (a RAM-bound decode of 0 bytes), beside the same card at 51.4
            continue
        build = found[0] if short else _tier_card(ctx, variant, catalog, found[0], seconds, cap) or found[0]
        if not short:
            out.append(_tier_build(build, tier))
            pair = _card_pair(ctx, variant, catalog, build, seconds, cap)
            out += [_tier_build(pair, tier)] if pair is not None else []
        if tier.sockets == 1:
            single.append((tier, catalog, build))
    out += _fastest_in_tiers(ctx, variant, single, seconds, cap)
    quickest = _quickest_card(ctx, variant, out, seconds, cap)
    return out + ([quickest] if quickest is not None else [])


def _cheapest_at_any_speed(
    ctx: PlanContext, variant: BuildRequest, catalog: Catalog, seconds: float, cap: float | None
) -> list[Build]:
    """A tier's cheapest build without the speed asked, where none meets it: the solver puts the tier's cheapest CPU
    under every card, and where its cores bind the decode (a 16-core EPYC 7302 reads one token's experts slower than
    its eight channels do) no build of the tier meets the speed, though a quicker CPU of the tier does. It is not
    offered (it fails the speed); on the card the tier pairs with the experts (_tier_card), as without a speed asked, it
    is where _fastest_in_tiers searches the tier's quicker CPUs from. DeepSeek-R1 at
    Q4_K_M and 5 tokens/s had found no 8-channel build at all, where a 64-core EPYC 7742 with 512 GB of DDR4 and an
    RTX 2080 Ti 22GB decodes 7.4 tokens/s for 5,870 USD, and offered a 24,553 USD 12-channel DDR5 host instead."""
    from configurator.core.solve.plan import _solve_once

    any_speed = variant.model_copy(update={"min_decode_tps": None})
    found, _ = _solve_once(
        any_speed, catalog, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap
    )
    if not found or not found[0].estimate.offloaded_bytes or ctx.should_stop():
        return found
    return [_tier_card(ctx, any_speed, catalog, found[0], seconds, cap) or found[0]]


def _fastest_in_tiers(
    ctx: PlanContext,
    variant: BuildRequest,
    single: list[tuple[Tier, Catalog, Build]],
    seconds: float,
    cap: float | None,
) -> list[Build]:
    """The fastest builds within the budget on the two single-socket tiers with the most channels (`single`: each
    tier, its catalog and its cheapest build, fewest channels first), the quickest on the cheapest build's own
    platform beside a fastest on another (_Home.platform_beside), and the best-value card on the fastest host."""
    # the fastest within budget sits on the most channels one process reads (a second socket adds none for llama.cpp:
    # estimate.host) when RAM binds; where the cores bind, the tier below on a CPU with more cores can be faster
    # (_wider_in_tier), so the top tier and the one below it are searched for a quicker CPU and card than their cheapest
    out: list[Build] = []
    fastest: tuple[Tier, Catalog, Build] | None = None
    for rank, (tier, catalog, build) in enumerate(reversed(single[-2:])):
        if ctx.should_stop():
            break
        wider = catalog if rank == 0 else _wider_in_tier(ctx.catalog, catalog, tier)
        faster = _faster_in_tier(ctx, variant, wider, build, seconds, cap)
        if faster is not None:
            out.append(_tier_build(faster, tier))
            if fastest is None or _decode(faster) > _decode(fastest[2]):
                fastest = (tier, wider, faster)
            at_home = _Home.of(wider, build)
            home = at_home.platform_beside(faster) if at_home is not None else None
            if home is not None and not ctx.should_stop():
                quicker_home = _faster_in_tier(ctx, variant, home, build, seconds, cap)
                if quicker_home is not None:
                    out.append(_tier_build(quicker_home, tier))
                    value = _value_in_tier(ctx, variant, home, quicker_home, seconds, cap)
                    if value is not None:
                        out.append(_tier_build(value, tier))
    if fastest is not None and not ctx.should_stop():  # on the fastest host, the card worth most beside the experts
        value = _value_in_tier(ctx, variant, fastest[1], fastest[2], seconds, cap)
        if value is not None:
            out.append(_tier_build(value, fastest[0]))
        for beside in (fastest[2], value):  # and a second of either card where it buys speed
            pair = _card_pair(ctx, variant, fastest[1], beside, seconds, cap) if beside is not None else None
            if pair is not None:
                out.append(_tier_build(pair, fastest[0]))
    return out


@dataclasses.dataclass(frozen=True)
class _Home:
    """The platform of a tier's cheapest experts-in-RAM build: its CPU (`cpu`) among the tier's parts (`catalog`).
    The search for the tier's fastest build comes back to it twice: for a fast build on this CPU or the quickest of its
    socket, where the tier's quickest CPUs build nothing fast within the budget (fastest), and for this socket's own
    fastest build, where the tier's fastest is on another socket (platform_beside)."""

    catalog: Catalog
    cpu: Cpu

    @classmethod
    def of(cls, catalog: Catalog, cheapest: Build) -> _Home | None:
        """The platform of `cheapest` among `catalog`'s parts (None: its CPU is not among them)."""
        cpu = catalog.records["cpus"].get(_cpu_id(cheapest) or "")
        return cls(catalog, cpu) if isinstance(cpu, Cpu) else None

    def platform_beside(self, faster: Build) -> Catalog | None:
        """The tier's parts on this socket, when the tier's fastest build (`faster`) is on another: a budget that
        reaches a tier's DDR5 hosts finds its fastest there, and the quickest CPU of the cheapest build's own platform
        is the value beside it (DeepSeek-R1 Q4_K_M at 25,000 USD: a 64-core EPYC 7742 with 512 GB of DDR4 and an RTX
        2080 Ti 22GB decodes 7.4 tokens/s for 5,870 USD beside the DDR5 hosts' 10.9-12.0 at 20,700-24,100)."""
        cpus = self.catalog.records["cpus"]
        theirs = cpus.get(_cpu_id(faster) or "")
        if not isinstance(theirs, Cpu) or theirs.socket == self.cpu.socket:
            return None
        home: dict[str, Record] = {k: r for k, r in cpus.items() if isinstance(r, Cpu) and r.socket == self.cpu.socket}
        return dataclasses.replace(self.catalog, records={**self.catalog.records, "cpus": home})

    def fastest(self, quicker: list[Cpu], on: Callable[[Cpu], Build | None]) -> Build | None:
        """When the tier's quicker CPUs build nothing fast within the budget: the faster of the fast builds on the
        cheapest build's own CPU and on the quickest CPU of its socket (`quicker`: the tier's CPUs, quickest first;
        `on`: a CPU's fast build, or None). The own CPU leaves the most room for a better card (gpt-oss-120b at 2,500
        USD: an RTX 2080 Ti 22GB beside the 8-channel tier's EPYC 7302 decodes 40.8 tokens/s for 2,255 USD where its
        cheapest, an Arc A770 16GB, reads 26.8, and the CPU-only EPYC had been "fastest" at 30.0); a tier's quickest
        CPUs are often on DDR5, whose RDIMMs for the experts a budget may not reach, where a 32- or 64-core DDR4 EPYC is
        (DeepSeek-R1 Q4_K_M at 12,000 USD: the 16-core EPYC 7302 decoded 4.7 tokens/s as "fastest", a 64-core EPYC 7742
        beside the same card 7.4, 2026-12-05). Both are tried, whichever is fast: a fast build on the own CPU had ended
        the search, and Qwen3-235B-A22B Q4_K_M at 6,000 USD found an RTX A6000 beside the 16-core EPYC 7302 (8.7
        tokens/s, 5,445 USD) as the tier's fastest, no card beside a 32-core EPYC 7543 (9.6 with an RTX 2060 12GB, about
        3,200 USD), and its CPU-only 7543 at 8.2 decoded faster than every build shown with a card but the A6000 (expert
        case qwen3-235b-q4-6000-a-card-beside-the-epyc-7543)."""
        top = quicker[:TIER_CPUS_TRIED]
        own = self.cpu
        quickest = next((c for c in quicker if c.socket == own.socket and c is not own and c not in top), None)
        tries = [c for c in (own, quickest) if c is not None and c not in top]
        found = [b for b in map(on, tries) if b is not None]
        return max(found, key=lambda b: (_decode(b), -b.total_price), default=None)


def _decode(build: Build) -> float:
    return build.estimate.decode_tokens_per_s or 0.0


def _wider_in_tier(catalog: Catalog, tier_catalog: Catalog, tier: Tier) -> Catalog:
    """The tier's parts and the CPUs with more memory channels than its boards wire (a 12-channel EPYC on an
    8-channel SP5 board reads its eight channels: RAM-7 populates the channels both wire). Within a budget that
    cannot fill twelve channels with enough RAM for the experts (DeepSeek-R1 Q4_K_M on 12 x 64 GB: 21,600 USD of
    RDIMMs in December 2026), a 32-core EPYC 9355 on eight channels decodes faster than the 16-core EPYC that fills
    twelve, whose cores bind the decode (estimate.host.CPU_DECODE_FLOPS_PER_CORE_CYCLE)."""
    # the boards that wire the tier's channels, no more: the wider CPUs read the tier's channels, not their own
    wired = {
        k: r
        for k, r in tier_catalog.records["motherboards"].items()
        if isinstance(r, Motherboard) and r.memory_channels <= max(tier.channels)
    }
    sockets = {b.socket for b in wired.values()}
    boards: dict[str, Record] = dict(wired)
    more = {
        k: r
        for k, r in catalog.records["cpus"].items()
        if isinstance(r, Cpu) and r.memory_channels > max(tier.channels) and r.socket in sockets
    }
    cpus = {**more, **tier_catalog.records["cpus"]}
    return dataclasses.replace(tier_catalog, records={**tier_catalog.records, "cpus": cpus, "motherboards": boards})


PROMPT_PREMIUM = 0.05
"""The share of a tier's cheapest build's price its card may cost more for a quicker card beside the experts
(_tier_card)."""
PROMPT_NEAR_BEST = 1.10
"""A card whose prompt wait is within this factor of the shortest among the cards decoding near the best is as good for
prompts."""


def _tier_card(
    ctx: PlanContext, variant: BuildRequest, catalog: Catalog, cheapest: Build, seconds: float, cap: float | None
) -> Build | None:
    """The tier's build on the card an expert pairs with the experts in RAM, when it costs little more than the
    cheapest build's own. The card decodes attention and the shared experts at every token and computes every prompt
    (llama.cpp streams the used experts over PCIe to it per micro-batch of -ub 4096), so the cheapest card of 16 GB
    can be much the slower: DeepSeek-R1 Q4_K_M on a 12-channel EPYC decodes 8.2 tok/s beside an Arc A770 and 14.7 beside
    an RTX 3090. The rule, on the tier's cards (_tier_gpus) whose price is at most PROMPT_PREMIUM of the cheapest
    build's price above its own card's, each estimated on the build's CPU at its rated memory speed: those decoding
    within GPU_NEAR_BEST of the best of them; of these, those whose 4k prompt waits at most PROMPT's minute or within
    PROMPT_NEAR_BEST of the shortest; the cheapest of those. None when that is the cheapest build's own card, or no
    build on it fits the cap. Practitioners pair the EPYC or Xeon with one 24 GB RTX 3090/4090 (kvcache-ai/
    ktransformers issues #314, #319, #477)."""
    from configurator.core.solve.plan import _solve_once

    mine = catalog.records["gpus"].get(cheapest.gpu_id)
    cpu_part = next((p for p in cheapest.parts if p.category == "cpu"), None)
    cpu = ctx.catalog.records["cpus"].get(cpu_part.id) if cpu_part is not None else None
    if not isinstance(mine, Gpu) or not isinstance(cpu, Cpu):
        return None
    request = ctx.request
    own = quote(mine, ctx.catalog, request.currency, request.condition, request.tax_basis)
    if own is None:
        return None
    limit = own.amount + PROMPT_PREMIUM * cheapest.total_price
    workload = on_engine(variant.workload.resolved(ctx.model.max_context), "llama.cpp")
    host = _rated_host(cpu)
    rated: list[tuple[float, float, float, str]] = []  # (price, decode, wait, card)
    for gid, g in catalog.records["gpus"].items():
        q = (
            quote(g, ctx.catalog, request.currency, request.condition, request.tax_basis)
            if isinstance(g, Gpu)
            else None
        )
        if q is None or q.amount > limit or not isinstance(g, Gpu):
            continue
        try:
            est = estimate_on_host(ctx.model, workload, g, 1, host, ctx.exact_weight_bytes)
        except (ValueError, ConfiguratorError):
            continue
        if est.fits and est.decode_tokens_per_s and est.time_to_first_token_s is not None:
            rated.append((q.amount, est.decode_tokens_per_s, est.time_to_first_token_s, gid))
    best = max((d for _a, d, _w, _g in rated), default=None)
    if best is None:
        return None
    near = [r for r in rated if r[1] >= GPU_NEAR_BEST * best]
    shortest = min(w for _a, _d, w, _g in near)
    quick = [r for r in near if r[2] <= max(PROMPT_WAIT_S, PROMPT_NEAR_BEST * shortest)]
    _amount, _decode, _wait, chosen = min(quick, key=lambda r: (r[0], r[3]))
    if chosen == cheapest.gpu_id or ctx.should_stop():
        return None
    one = dataclasses.replace(catalog, records={**catalog.records, "gpus": {chosen: catalog.records["gpus"][chosen]}})
    found, _ = _solve_once(variant, one, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap)
    return found[0] if found else None


TIER_CPUS_TRIED = 3
"""How many of a tier's quicker CPUs (by the rate they read one token's experts at on the channels the tier's boards
wire, then their compute) are solved for, in order, for its fastest build."""
GPU_NEAR_BEST = 0.95
"""The tier's card for value (_tier_card): the cheapest of the cards that decode within this share of the best card
whose price is within PROMPT_PREMIUM of the cheapest build's own. A pick for the money, not a claim of speed: the
tier's fastest build (_faster_in_tier, _near_best_gpus) takes its cards within shown.AS_FAST of the best, the band in
which the labels call two speeds the same (round 49: it had read this 5 %, so its card could be one a swap beats by
more than the labels' 3 %, which _quickest_card then searched for)."""


def _faster_in_tier(
    ctx: PlanContext, variant: BuildRequest, catalog: Catalog, cheapest: Build, seconds: float, cap: float | None
) -> Build | None:
    """The tier's build on the CPU and card that decode fastest within the budget, when it beats the cheapest by
    FASTER_ENOUGH. The cheapest host of a tier is often its slowest (a 16-core 4-CCD EPYC 9124) and its cheapest
    card a slow one beside the experts; an expert buys the quicker part and a card that keeps more of the model when
    the budget allows. CPUs are tried in the order of the rate one token's experts are read at (host.decode_read_gbps:
    their RAM's at its rated speed, or their cores' where those bind), then their compute; for each, the cards as
    fast as the best one the budget leaves room for (within shown.AS_FAST: _near_best_gpus), then any card."""
    from configurator.core.estimate.precision import weight_format
    from configurator.core.solve.plan import _solve_once

    base = cheapest.estimate.decode_tokens_per_s or 0.0
    if base <= 0:
        return None
    workload = on_engine(variant.workload.resolved(ctx.model.max_context), "llama.cpp")
    cpus = [c for c in catalog.records["cpus"].values() if isinstance(c, Cpu)]
    # each CPU at the channels the tier's boards for its socket wire (a 12-channel EPYC on an 8-channel board reads 8)
    wired: dict[str, int] = {}
    for b in catalog.records["motherboards"].values():
        if isinstance(b, Motherboard):
            wired[b.socket] = max(wired.get(b.socket, 0), b.memory_channels)
    rated = {c.id: _rated_host(c, wired.get(c.socket)) for c in cpus}
    bits = weight_format(workload.precision or "bf16", "llama.cpp").bulk_bits
    # the rate one token's experts are read at: the RAM's, or the cores' where they bind (a 16-core EPYC: host.py)
    reads = {c.id: decode_read_gbps(rated[c.id], bits) for c in cpus}
    quicker = sorted(cpus, key=lambda c: (-reads[c.id], -(rated[c.id].cpu_tflops or 0.0)))
    if not quicker:
        return None
    # the cards are ranked once, on the quickest host; its best card there bounds what any build of the tier reaches
    near, bound = _near_best_gpus(ctx, workload, catalog, cheapest, quicker[0], wired.get(quicker[0].socket))
    if bound < FASTER_ENOUGH * base:
        return None

    def solve(cpu: Cpu, gpus: dict[str, Record]) -> Build | None:
        one = dataclasses.replace(catalog, records={**catalog.records, "cpus": {cpu.id: cpu}, "gpus": gpus})
        found, _ = _solve_once(
            variant, one, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap
        )
        return found[0] if found else None

    def fast(build: Build | None) -> bool:
        return build is not None and (build.estimate.decode_tokens_per_s or 0.0) >= FASTER_ENOUGH * base

    def on(cpu: Cpu) -> Build | None:
        """The first build on `cpu` that beats the cheapest by FASTER_ENOUGH: on the cards near the best, the next
        groups, then any card (None: none does)."""
        tried = set(near)
        for gpus in (near, *_next_cards(ctx, workload, catalog, cheapest, cpu, wired, tried), catalog.records["gpus"]):
            if ctx.should_stop() or not gpus:
                continue
            found = solve(cpu, gpus)
            if fast(found):
                return found
            if found is not None and gpus is catalog.records["gpus"]:
                # the cheapest build on this CPU leaves less room for a card than the tier's cheapest build did (a
                # 32-core EPYC costs 2,500 USD more than a 16-core one): the cards near the best that room still buys
                mine, _ = _near_best_gpus(ctx, workload, catalog, found, cpu, wired.get(cpu.socket))
                if mine and set(mine) != set(near) and not ctx.should_stop():
                    found = solve(cpu, mine)
                    if fast(found):
                        return found
        return None

    for cpu in quicker[:TIER_CPUS_TRIED]:
        found = on(cpu)
        if found is not None:
            return found
    home = _Home.of(catalog, cheapest)
    return home.fastest(quicker, on) if home is not None else None


NEXT_CARD_GROUPS = 2
"""After the cards near the best, how many next groups of cards a tier's fastest build is searched on, each the cards
near the best of those not yet tried (_next_cards)."""


def _next_cards(
    ctx: PlanContext,
    workload: Workload,
    catalog: Catalog,
    cheapest: Build,
    cpu: Cpu,
    wired: dict[str, int],
    tried: set[str],
) -> Iterator[dict[str, Record]]:
    """The next groups of cards near the best on `cpu`, each without the cards tried before it (`tried` grows): the
    best card can be one no build of the tier takes (a passive 141 GB H200 NVL wants a server's airflow) while the
    next best, an actively cooled 96 GB RTX PRO 6000, builds. DeepSeek-V4-Pro at 120,000 USD had fallen back to the
    tier's cheapest card, a 32 GB MI100, at 7.7 tok/s."""
    for _ in range(NEXT_CARD_GROUPS):
        group, _best = _near_best_gpus(ctx, workload, catalog, cheapest, cpu, wired.get(cpu.socket), frozenset(tried))
        if not group or ctx.should_stop():
            return
        tried.update(group)
        yield group


def _near_best_gpus(
    ctx: PlanContext,
    workload: Workload,
    catalog: Catalog,
    cheapest: Build,
    cpu: Cpu,
    channels: int | None = None,
    without: frozenset[str] = frozenset(),
) -> tuple[dict[str, Record], float]:
    """The tier's cards whose price fits the room the cheapest build leaves in the budget and whose decode on `cpu`
    is as fast as the best of them for a buyer (within shown.AS_FAST, the labels' same-speed band; the solver then
    takes the cheapest that builds); with the best decode among them (_card_speeds: which cards are weighed)."""
    from configurator.core.solve.shown import AS_FAST

    speeds = _card_speeds(ctx, workload, catalog, cheapest, cpu, channels, without)
    best = max((v for _amount, v in speeds.values()), default=0.0)
    near = {gid: catalog.records["gpus"][gid] for gid, (_a, v) in speeds.items() if best > 0 and v >= AS_FAST * best}
    return near, best


def _card_speeds(
    ctx: PlanContext,
    workload: Workload,
    catalog: Catalog,
    around: Build,
    cpu: Cpu,
    channels: int | None = None,
    without: frozenset[str] = frozenset(),
) -> dict[str, tuple[float, float]]:
    """(price, decode on `cpu`) of the tier's cards whose price fits the room `around` leaves in the budget beside
    its other parts: only cards no cheaper one dominates (_undominated), none past its vendor's support (a plan never
    calls those fastest) and none a board cannot take (an SXM or OAM module lives in its server's baseboard: a 256 GB
    MI325X had been GLM-5's only card "near the best" beside a 12-channel EPYC at 50,000 USD, no build could take it,
    and the tier's fastest build was never searched)."""
    request = ctx.request
    paid = sum(p.subtotal for p in around.parts if p.category == "gpu")
    room = None if request.budget is None else request.budget - (around.total_price - paid)
    # any card of the tier's size: the tier's own card is the one decoding near the best for little more
    # (_tier_card), so a smaller, cheaper card can leave the room for a quicker CPU
    floor_gb = MIN_TIER_VRAM_GB
    priced: list[tuple[float, str, Gpu]] = []
    for gid, g in catalog.records["gpus"].items():
        q = (
            quote(g, ctx.catalog, request.currency, request.condition, request.tax_basis)
            if isinstance(g, Gpu)
            else None
        )
        if (
            isinstance(g, Gpu)
            and gid not in without
            and g.form_factor == "pcie"
            and q is not None
            and (room is None or q.amount <= room)
            and g.vram_gb >= floor_gb
            and not end_of_life(g.vendor, g.architecture)
        ):
            priced.append((q.amount, gid, g))
    host = _rated_host(cpu, channels)
    speeds: dict[str, tuple[float, float]] = {}
    for amount, gid, g in _undominated(priced):
        try:
            est = estimate_on_host(ctx.model, workload, g, 1, host, ctx.exact_weight_bytes)
        except (ValueError, ConfiguratorError):
            continue
        speeds[gid] = (amount, est.decode_tokens_per_s or 0.0)
    return speeds


SECOND_CARD_GAIN = 1.10
"""Two of a card beside the experts in RAM are offered (_card_pair) where the second card decodes at least this much
faster than one of it on the same host. ESTIMATE, not fitted: a gain the buyer can tell (over three times AS_FAST's 3 %
the ranking calls as fast) and one the comparison of the same card on the same host can claim, whose error is far
narrower than the decode estimate's own range (most of it is the host's rate, the same for both). With the experts
in RAM the second card takes only the experts its memory holds beyond the first's (offload._filled_split): Qwen3-235B
Q4_K_M at 8k beside an EPYC 7742 at its rated speed reads 11.8 tokens/s on one RTX 3090 and 13.0 on two (1.099x,
just under the line), 10.9 and 11.6 on 2080 Ti 22GBs (1.06x), 9.2 and 9.1 on 16 GB RTX 4060 Tis: none offered;
GLM-4.5-Air Q4_K_M 24.9 and 32.5 on 3090s (1.30x, offered)."""


def _card_pair(
    ctx: PlanContext, variant: BuildRequest, catalog: Catalog, one: Build, seconds: float, cap: float | None
) -> Build | None:
    """Beside a tier's one-card build, the same host with a second of its card, built, where the second card buys a
    real speedup (SECOND_CARD_GAIN over one of it on that host, at the host's rated memory speed) and the pair beats
    the build's decode within the budget. llama.cpp splits the layers over both (`--n-cpu-moe N --tensor-split a,b`,
    round 31) and each card holds the experts of its layers, so RAM reads fewer bytes a token; the solver picks the
    board that seats two cards (lanes, slot spacing), the PSU that feeds them, and the CPU (the build's or one as
    able). The tier's card is already the one chosen beside the experts (_tier_card, _faster_in_tier, _value_in_tier):
    weighing every card's pair too had cost about 1 s more CPU a plan (Qwen3-235B Q4_K_M at 4,000 USD). Practitioners do this:
    two used RTX 3090s beside 192 GB of RAM for a 122-235B MoE (advice.md, round 32). None for a request that fixes
    or caps its card count below two, or owns its parts."""
    from configurator.core.solve.plan import _solve_once

    request = ctx.request
    record = ctx.catalog.records["cpus"].get(_cpu_id(one) or "")
    card = catalog.records["gpus"].get(one.gpu_id)
    base = _decode(one)
    if not isinstance(record, Cpu) or not isinstance(card, Gpu) or base <= 0 or one.gpu_count != 1:
        return None
    if request.owned or request.max_gpus < 2 or request.exact_gpus or ctx.should_stop():
        return None
    board = ctx.catalog.records["motherboards"].get(next((p.id for p in one.parts if p.category == "motherboard"), ""))
    host = _rated_host(record, board.memory_channels if isinstance(board, Motherboard) else None)
    workload = on_engine(variant.workload.resolved(ctx.model.max_context), "llama.cpp")
    try:
        alone, both = (estimate_on_host(ctx.model, workload, card, n, host, ctx.exact_weight_bytes) for n in (1, 2))
    except (ValueError, ConfiguratorError):
        return None
    gained = both.decode_tokens_per_s or 0.0
    if not (both.fits and both.offloaded_bytes) or gained <= base:
        return None  # a pair that holds the whole model is the plan's own search's
    if alone.fits and gained < SECOND_CARD_GAIN * (alone.decode_tokens_per_s or 0.0):
        return None
    # the build's CPU or one as able (as many cores and channels): a 6-core desktop CPU is no host for two cards
    # (CPU-1), and the solver then takes the cheapest that seats them
    able: dict[str, Record] = {
        k: c
        for k, c in catalog.records["cpus"].items()
        if isinstance(c, Cpu) and c.cores >= record.cores and c.memory_channels >= record.memory_channels
    }
    parts = dataclasses.replace(catalog, records={**catalog.records, "cpus": able, "gpus": {card.id: card}})
    two = variant.model_copy(update={"max_gpus": 2, "exact_gpus": True})
    found, _ = _solve_once(two, parts, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap)
    if found and found[0].estimate.offloaded_bytes and _decode(found[0]) > base:
        return found[0]
    return None


def _value_in_tier(
    ctx: PlanContext, variant: BuildRequest, catalog: Catalog, fastest: Build, seconds: float, cap: float | None
) -> Build | None:
    """Beside the tier's fastest build, the card on its very host that gives the most decode per unit of the whole
    machine's price, built, when it beats the fastest build's own: with the experts in RAM the host's bandwidth sets
    most of the speed and the card adds attention, the shared experts and a few layers, so practitioners pair the
    EPYC with one 24 GB card (KTransformers' and llama.cpp users' R1 builds). DeepSeek-R1 Q4_K_M at 25,000 USD had
    only the 48 GB RTX PRO 5000 on its EPYC 9355 (12.0 tok/s, 24,080 USD) as "fastest; best value", where a used RTX
    3090 on the same host decodes 10.9 tok/s for about 3,400 USD less (expert case
    deepseek-r1-q4-25000-value-is-a-24gb-card-beside-the-fastest-host)."""
    from configurator.core.solve.plan import _solve_once

    record = ctx.catalog.records["cpus"].get(_cpu_id(fastest) or "")
    decode = fastest.estimate.decode_tokens_per_s or 0.0
    if not isinstance(record, Cpu) or decode <= 0:
        return None
    board = ctx.catalog.records["motherboards"].get(
        next((p.id for p in fastest.parts if p.category == "motherboard"), "")
    )
    channels = board.memory_channels if isinstance(board, Motherboard) else None  # the channels its board wires
    workload = on_engine(variant.workload.resolved(ctx.model.max_context), "llama.cpp")
    speeds = _card_speeds(ctx, workload, catalog, fastest, record, channels)
    paid = sum(p.subtotal for p in fastest.parts if p.category == "gpu")
    rest = fastest.total_price - paid
    ratio = {gid: v / (rest + amount) for gid, (amount, v) in speeds.items() if v > 0}
    if not ratio:
        return None
    own = decode / fastest.total_price
    better = sorted((gid for gid in ratio if ratio[gid] > own), key=lambda gid: (-ratio[gid], speeds[gid][0], gid))
    for gid in [g for g in better if g != fastest.gpu_id][:VALUE_CARDS_TRIED]:  # a card the search refuses: the next
        one = dataclasses.replace(
            catalog,
            records={**catalog.records, "cpus": {record.id: record}, "gpus": {gid: catalog.records["gpus"][gid]}},
        )
        found, _ = _solve_once(
            variant, one, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap
        )
        if found and _decode(found[0]) / found[0].total_price > own:
            return found[0]
        if ctx.should_stop():
            break
    return None


QUICKEST_CARDS_TRIED = 3
"""How many cards, quickest first, the fastest experts-in-RAM build's host is solved on for its quickest card
(_quickest_card): a card the search refuses (a China-market card outside China, one no board of the host takes) gives
way to the next."""


def _quickest_card(
    ctx: PlanContext, variant: BuildRequest, builds: list[Build], seconds: float, cap: float | None
) -> Build | None:
    """On the host of the fastest of the tiers' builds within the budget (`builds`), the build on the card that decodes
    fastest beside its experts, when it is faster than that build outside the same-speed band (shown.FASTER): else the
    plan's "fastest within budget" is a build a card swap beats. The tier's card is chosen for value (_tier_card: the
    cheapest within GPU_NEAR_BEST of the best) and the quicker search runs only for a FASTER_ENOUGH gain
    (_faster_in_tier), so DeepSeek-V4-Pro Q4_K_M within 36,000 USD had called an RX 7900 XTX beside a Xeon w5-3435X
    with 1 TB of RAM "fastest within budget" at 5.72 tokens/s, where an RTX 4090 on that host decodes 5.91 for 34,295
    USD (round 48). At most QUICKEST_CARDS_TRIED solves, each on the host's CPU and its boards of as many channels."""
    from configurator.core.solve.plan import _solve_once
    from configurator.core.solve.shown import FASTER

    within = [b for b in builds if cap is None or b.total_price <= cap]
    fastest = max(within, key=lambda b: (_decode(b), -b.total_price), default=None)
    kind = next((k for k in fastest.kinds if k.code == "kind.experts-tier"), None) if fastest is not None else None
    if fastest is None or kind is None or ctx.request.budget is None or fastest.gpu_count != 1 or ctx.should_stop():
        return None
    cpu = ctx.catalog.records["cpus"].get(_cpu_id(fastest) or "")
    board = ctx.catalog.records["motherboards"].get(
        next((p.id for p in fastest.parts if p.category == "motherboard"), "")
    )
    if not isinstance(cpu, Cpu) or not isinstance(board, Motherboard):
        return None
    # the host as built: its CPU, on boards of its socket that wire as many channels (a cheaper board wiring fewer
    # would read the experts slower), and the cards the budget leaves room for beside its other parts
    boards: dict[str, Record] = {
        k: b
        for k, b in ctx.catalog.records["motherboards"].items()
        if isinstance(b, Motherboard)
        and b.socket == board.socket
        and b.cpu_sockets == board.cpu_sockets
        and b.memory_channels >= board.memory_channels
    }
    host = dataclasses.replace(
        ctx.catalog, records={**ctx.catalog.records, "cpus": {cpu.id: cpu}, "motherboards": boards}
    )
    workload = on_engine(variant.workload.resolved(ctx.model.max_context), "llama.cpp")
    speeds = _card_speeds(ctx, workload, host, fastest, cpu, board.memory_channels)
    base = _decode(fastest)
    quicker = sorted(
        (gid for gid, (_a, v) in speeds.items() if v > FASTER * base), key=lambda g: (-speeds[g][1], speeds[g][0], g)
    )
    for gid in quicker[:QUICKEST_CARDS_TRIED]:
        one = dataclasses.replace(host, records={**host.records, "gpus": {gid: host.records["gpus"][gid]}})
        found, _ = _solve_once(
            variant, one, ctx.model, ctx.exact_weight_bytes, 1, ctx.should_stop, seconds, cost_cap=cap
        )
        if found and found[0].estimate.offloaded_bytes and _decode(found[0]) > FASTER * base:
            return _tier_kind(found[0], kind)
        if ctx.should_stop():
            break
    return None


VALUE_CARDS_TRIED = 3
"""How many cards, best decode per dollar first, a tier's value build is searched on (a China-market card is refused
outside China, a card may not build on the host's boards)."""


def _cpu_id(build: Build) -> str | None:
    """The id of a build's CPU part."""
    return next((p.id for p in build.parts if p.category == "cpu"), None)


def _undominated(priced: list[tuple[float, str, Gpu]]) -> list[tuple[float, str, Gpu]]:
    """The cards no cheaper card of the same vendor matches in memory, bandwidth and compute: only these can be the
    cheapest card near the best decode (llama.cpp's backend is the vendor's, so vendors are not compared)."""
    kept: list[tuple[float, str, Gpu]] = []
    for amount, gid, g in sorted(priced, key=lambda t: (t[0], t[1])):
        if not any(
            k.vendor == g.vendor
            and k.vram_gb >= g.vram_gb
            and k.memory_bandwidth_gbps >= g.memory_bandwidth_gbps
            and (k.fp16_tflops or 0.0) >= (g.fp16_tflops or 0.0)
            for _a, _i, k in kept
        ):
            kept.append((amount, gid, g))
    return kept


def _rated_host(cpu: Cpu, channels: int | None = None) -> HostMemory:
    """`cpu`'s RAM as a decode reads it with every channel filled at its rated speed (at most `channels`, those its
    board wires): an upper bound of what a build on it reaches (the kit's speed and two DIMMs per channel can only
    lower it)."""
    wired = cpu.memory_channels if channels is None else min(cpu.memory_channels, channels)
    peak = wired * cpu.memory_speed_mts * BYTES_PER_TRANSFER / 1000
    limit = ccd_limit_gbps(cpu)
    return host_from_bandwidth(
        min(peak, limit) if limit is not None else peak,
        family(cpu),
        None,
        cpu_peak_tflops(cpu),
        cpu.pcie_gen,
        core_ghz=cpu_core_ghz(cpu),
        decode_per_cycle=cpu_decode_rate(cpu),
    )


_TIER_FAMILIES = {
    ("amd", "server"): "EPYC",
    ("amd", "workstation"): "Threadripper PRO",
    ("amd", "hedt"): "Threadripper",
    ("intel", "server"): "Xeon",
    ("intel", "workstation"): "Xeon W",
    ("intel", "hedt"): "Xeon W",
}
"""A CPU's family as the tiers name it, from the catalog's own fields (vendor, platform)."""


def tier_name(tier: Tier, vendor: object, platform: object) -> str:
    """The tier as its build is: a tier's boards may take a CPU of another family with more channels than they wire
    (machines._wider_in_tier: a 12-channel EPYC on an 8-channel SP5 board is the "8-channel" tier), and the label
    names that CPU's family, not the tier's usual one ("8-channel EPYC", never "8-channel Threadripper PRO / Xeon")."""
    if tier.sockets > 1 or "-channel " not in tier.name or tier.name.startswith("desktop"):
        return tier.name
    family = _TIER_FAMILIES.get((str(vendor), str(platform)))
    if family is None or family.split()[0] in tier.name:
        return tier.name
    return f"{tier.name.split('-channel ')[0]}-channel {family}"


def cores_bound(build: Build) -> dict[str, int]:
    """The `cores` field of a why whose decode step on the host is bound by its CPU's cores (the estimate's
    decode_cores_bound): "decode runs at this platform's memory bandwidth" had been said of a 16-core EPYC 7302 that
    decodes DeepSeek-R1 at 4.9 tokens/s from the RAM a 64-core 7742 reads at 7.9; {} when the RAM binds."""
    cpu = next((p for p in build.parts if p.category == "cpu"), None)
    cores = dict(cpu.spec).get("cores") if cpu is not None else None
    return {"cores": cores} if build.estimate.decode_cores_bound and isinstance(cores, int) else {}


def _tier_build(build: Build, tier: Tier) -> Build:
    cpu = next((p for p in build.parts if p.category == "cpu"), None)
    spec = cpu.spec if cpu is not None else {}
    return _tier_kind(
        build, Reason.of("kind.experts-tier", tier=tier_name(tier, spec.get("vendor"), spec.get("platform")))
    )


def _tier_kind(build: Build, kind: Reason) -> Build:
    """`build` offered as a tier's build (`kind`: its kind.experts-tier), its why naming its CPU and the bandwidth
    the decode reads."""
    cpu = next((p for p in build.parts if p.category == "cpu"), None)
    host = build.estimate.workload.get("ram_bandwidth_gbps") or 0
    why = Reason.of("why.experts-tier", cpu=cpu.name if cpu else "the CPU", bandwidth=float(host), **cores_bound(build))
    return _with_prompt_check(build.of_kind(kind, why=why))


# --------------------------------------------------------------------------- ready-made servers where a rack is allowed


@register("servers")
def servers(ctx: PlanContext) -> list[Build]:
    """Where the request allows a rack (a server room, or a rack asked for), the region's ready-made 8-GPU servers
    (HGX H20, H800, A800 in China; H100, A100 elsewhere) are candidates as any machine is: one node is a server, sited
    on the feeds the room provides. The cheapest within the budget and failing no check, and the fastest if another."""
    from configurator.core.solve.cluster import cluster_build
    from configurator.core.solve.plan import _systems

    request = ctx.request
    if not (request.room == "server-room" or request.form == "rack") or not request.allow_clusters or request.owned:
        return []
    found: list[Build] = []
    for system in _systems(ctx.catalog, request):
        if ctx.should_stop():
            break
        try:
            kind = Reason.of("kind.server-gpus", gpus=system.gpu_count)
            build = cluster_build(
                1,
                kind,
                Reason.of("why.server-runs"),
                system,
                1,
                request,
                ctx.catalog,
                ctx.model,
                ctx.workload,
                ctx.exact_weight_bytes,
            )
        except (ValueError, ConfiguratorError):
            continue
        if build is None or build.fails:
            continue
        if request.budget is not None and build.total_price > request.budget:
            continue
        found.append(build)
    if not found:
        return []
    cheapest = min(found, key=lambda b: b.total_price)

    def speed(b: Build) -> float:
        e = b.estimate
        return e.decode_tokens_per_s if e.decode_tokens_per_s is not None else -(e.wall_hours or float("inf"))

    fastest = max(found, key=speed)
    return [cheapest] + ([fastest] if fastest is not cheapest and speed(fastest) > speed(cheapest) else [])
