"""From a request to ranked builds, or to the reason nothing fits and what would make it fit."""

from __future__ import annotations

import functools
import gc
import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Accessory, Cpu, Gpu, ModelArch, Motherboard, System
from configurator.core.common.base import BaseModel
from configurator.core.common.errors import ConfiguratorError, RequestError, unknown_ids
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import LaunchJson, NextStepJson, PartSpecJson
from configurator.core.estimate.collectives import CardLinks
from configurator.core.estimate.estimator import CAL, estimate
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.precision import weight_format
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.unified import memory_limit, system_gpu, system_vendor
from configurator.core.estimate.workload import Workload, engines_for
from configurator.core.launch.commands import launch_command
from configurator.core.model.args import PLAN_TOP
from configurator.core.model.build import (
    TIME_LIMIT,
    Build,
    BuildPart,
    Check,
    Infeasible,
    PlanResult,
    Power,
    SlotAssignment,
    part_spec,
)
from configurator.core.model.cards import gpu_numbers, gpus_said
from configurator.core.model.noise import build_dba
from configurator.core.model.request import (
    RACK_FEED_CIRCUITS,
    BuildRequest,
    circuit_limit_w,
    circuit_said,
    circuit_volts,
    server_room_feed,
    split_named,
)
from configurator.core.solve import compat, relax
from configurator.core.solve import power as pw
from configurator.core.solve.bays import links_on, timed_on
from configurator.core.solve.candidates import (
    Candidates,
    GpuOption,
    Priced,
    board_of,
    chassis_of,
    cooler_of,
    cpu_of,
    effective_deadline,
    gpu_options,
    market_excludes,
    memory_of,
    on_engine,
    per_gpu_kit,
    perf_of,
    platform_parts,
    practitioner_said,
    psu_of,
    runs_from_ram,
    slowest_host,
    storage_of,
    with_power_limit,
)
from configurator.core.solve.cluster import cluster_options, node_curve
from configurator.core.solve.grow import ROOM_TO_GROW, Rival
from configurator.core.solve.lazy import LazyBuildModel, price_floor
from configurator.core.solve.lora_instead import lora_instead
from configurator.core.solve.power_cap import cap_command, limit_refusal
from configurator.core.solve.pricing import Quote, quote, system_line, unpriced
from configurator.core.solve.ranking import (
    REFERENCE_TOKENS,
    RELEASE_QUALITY_BITS,
    ServingBasis,
    cpu_only,
    end_of_life_caveat,
    idle_own,
    measure,
    missed_target,
    named_build,
    quantized,
    rank_and_label,
    set_aside_rule,
    short_qualified,
    startable,
)
from configurator.core.solve.relax import _training_compute, _with_offload, reading_by
from configurator.core.solve.rules import (
    CIRCUIT,
    ENGINE,
    FILL,
    MANY_GPU_PLATFORM,
    MEM_FIT,
    NOISE,
    OPEN_AIR_FLAGSHIPS,
    POWER_CAP,
    PROMPT,
    PSU_LOAD,
    READING_TPS,
    Assembly,
    check_build,
    fill_check,
    meets_speed,
    power_of,
    prompt_check,
)
from configurator.core.solve.shown import FASTER, SLOWER_DEARER, gives_up_for_little, quieter
from configurator.core.solve.slots import BAY_GEN, lane_bandwidth_gbps
from configurator.core.solve.solver import (
    TP_OR_TRAINING_MIN_LANES,
    BuildModel,
    Choice,
    cards_held,
    option_cost,
    run_labels,
    usable_placement,
)
from configurator.core.solve.sources import (
    RELEASE_IN_RAM,
    SOURCES,
    PlanContext,
    demand_key,
    keeps_up,
    reading_rate_of,
    register,
    release_in_ram,
)
from configurator.core.solve.usual import QUALITY_COST, USUAL, USUAL_KV, Served, format_said, usual_kv_applies

if TYPE_CHECKING:  # tco is imported where the costs are reckoned (0.3 s): not by every plan's import
    from configurator.core.costs.tco import OwnershipInputs
from configurator.core.support import checks as support

GIB = 1024**3


def _spec(record: object) -> PartSpecJson:
    assert isinstance(record, BaseModel)
    return part_spec(record)


def _part(
    category: str,
    priced: Priced | None,
    record: object,
    quantity: int,
    why: Reason | tuple[Reason, ...],
    owned: int = 0,
) -> BuildPart:
    q = priced.quote if priced else None
    said = why if isinstance(why, tuple) else (why,)
    note = q.said if q else Reason.of("price.owned" if owned else "price.included")
    return BuildPart(
        category=category,
        id=record.id,  # type: ignore[attr-defined]
        name=record.name,  # type: ignore[attr-defined]
        quantity=quantity,
        unit_price=q.amount if q else 0.0,
        owned=min(owned, quantity),
        price_note=english(note),
        price_said=note,
        condition=q.condition if q else "",
        price_date=q.price.date if q else None,
        why="; ".join(english(r) for r in said),
        said=said,
        spec=_spec(record),
    )


def _bridge(choice: Choice, cand: Candidates, placement_positions: list[int]) -> Accessory | None:
    """An NVLink bridge whose spacing matches the two cards' slot distance (NVL-1/NVL-2)."""
    gpu = choice.option.gpu
    if choice.option.count != 2 or gpu.nvlink not in ("rtx3090", "a6000") or len(placement_positions) != 2:
        return None
    distance = placement_positions[1] - placement_positions[0]
    for priced in cand.accessories.values():
        acc = priced.record
        if isinstance(acc, Accessory) and acc.kind == "nvlink-bridge" and acc.spacing_slots == distance:
            if acc.nvlink == gpu.nvlink or (gpu.nvlink == "a6000" and acc.nvlink == "rtx3090"):
                return acc
    return None


_ASKED_BUDGET: ContextVar[tuple[float | None] | None] = ContextVar("plan_asked_budget", default=None)
"""While a request's ways out are solved (_way_budget), the budget the user asked for, in a tuple (None in it: no
budget); else None."""


@contextmanager
def _way_budget(asked: BuildRequest) -> Iterator[None]:
    """Within it, a build solved without a budget (a way out's: relax.search solves each relaxed request without it)
    fits what the solver does not price (the NVLink bridge, _assembly_of) only within the budget `asked` had. A way
    keeps that budget where its build fits it and names its build's own price otherwise (relax._as_applied), and the
    plan re-solved at either fits the bridge by this same rule: Qwen3.6-27B LoRA at 6,000 USD had said "raise the
    budget to 7,094 USD" of 2 x RTX A6000 at 7,093.44, the solver's cheapest machine (6,983.44) with a 110 USD bridge,
    where the plan at 7,094 found the pair on another board, unbridged, for 7,013.44 (WAYS_TODAY, merge42)."""
    token = _ASKED_BUDGET.set((asked.budget,))
    try:
        yield
    finally:
        _ASKED_BUDGET.reset(token)


def _bridge_budget(request: BuildRequest) -> float | None:
    """The budget an NVLink bridge fitted after the solve must fit under: the request's, or, for a way out's build
    solved without one, the budget asked (_way_budget)."""
    asked = _ASKED_BUDGET.get()
    return asked[0] if request.budget is None and asked is not None else request.budget


def _assembly_of(choice: Choice, request: BuildRequest, cand: Candidates) -> tuple[Assembly, Accessory | None]:
    """The solver's choice as parts, the cards placed; the NVLink bridge fitted where it pays and the budget allows
    (_bridge_budget)."""
    opt = choice.option
    board = board_of(choice.board)
    # the placement the model was given (owned cards side by side where the job needs their lanes: usable_placement)
    placement = usable_placement(cand, board, opt, choice.risers, request.workload.kind != "inference")
    assert placement is not None
    positions = [s.position for s in placement.slots]
    bridge = _bridge(choice, cand, positions) if not choice.risers else None
    wants_bridge = bridge is not None and (opt.estimate.split == "tensor" or request.workload.kind != "inference")
    budget = _bridge_budget(request)
    if wants_bridge and bridge is not None and budget is not None:
        # the bridge is chosen after the solve: it may not push the build over the budget
        bridge_price = cand.accessories[bridge.id].amount
        wants_bridge = choice.cost + bridge_price <= budget
    assembly = Assembly(
        gpu=opt.gpu,
        gpus=opt.count,
        board=board,
        cpu=cpu_of(choice.cpu),
        sockets=board.cpu_sockets,
        chassis=chassis_of(choice.chassis),
        psu=psu_of(choice.psu) if choice.psu else None,
        psu_count=choice.psu_count,
        memory=memory_of(choice.memory),
        memory_count=choice.memory_count,
        cooler=cooler_of(choice.cooler),
        storage=storage_of(choice.storage),
        storage_count=choice.storage_count,
        placement=placement,
        risers=choice.risers,
        nvlink_bridge=wants_bridge,
        largest_single_psu_w=pw.largest_single_psu_w([psu_of(p) for p in cand.psus], opt.gpu, opt.count),
        model_type=cand.model.architecture if cand.model is not None else "",
        card_usd=opt.card_usd,
        cards=placement.seated(opt.cards) if opt.cards else (),  # a mix's cards top to bottom (slots.place)
    )
    return assembly, bridge if wants_bridge else None


def _engine_warning(estimate: EstimateResult, request: BuildRequest, count: int, gpu_name: str) -> Check | None:
    """HF transformers, the last resort, said with its speed (candidates.fastest_engine chose it: no other engine runs
    this here)."""
    if not (
        request.workload.kind == "inference"
        and request.workload.engine is None
        and estimate.workload.get("engine") == "transformers"
    ):
        return None
    tps = estimate.decode_tokens_per_s or 0.0
    return ENGINE.say("warn", "transformers", gpus=count, gpu=gpu_name, tps=tps)


def _host_parts(a: Assembly, choice: Choice, estimate: EstimateResult, pw: Power) -> list[BuildPart]:
    """The GPU, CPU, board, memory and PSU lines of an assembled build."""
    opt, gpu, board, cpu = choice.option, a.gpu, a.board, a.cpu
    positions = [s.position for s in a.placement.slots]
    # the estimate on this host: with experts in RAM the option's own estimate (all on the GPUs) is not what runs
    parts = [
        _part(
            "gpu",
            None if opt.quote is None else Priced(gpu, opt.quote),
            gpu,
            opt.count,
            (
                Reason.of("part.gpus", n=opt.count, vram=gpu.vram_gb, gib=estimate.per_gpu_bytes / GIB),
                Reason.of("part.cooler", cooler=gpu.cooler),
            ),
            owned=opt.owned,
        ),
        _part(
            "cpu",
            choice.cpu,
            cpu,
            board.cpu_sockets,
            Reason.of(
                "part.cpu", cores=cpu.cores, lanes=cpu.pcie_lanes, channels=cpu.memory_channels, memory=cpu.memory_type
            ),
            owned=choice.cpu.owned,
        ),
        _part(
            "motherboard",
            choice.board,
            board,
            1,
            (
                Reason.of("part.socket", socket=board.socket),
                Reason.of(
                    "part.gpu-slots",
                    bays=bool(a.placement.bays),
                    positions=tuple(positions),
                    lanes="/".join("x" + str(s.lanes) for s in a.placement.slots),
                ),
            ),
            owned=choice.board.owned,
        ),
        _part(
            "memory",
            choice.memory,
            a.memory,
            choice.memory_count,
            Reason.of(
                "part.memory",
                gb=a.ram_gb,
                memory=a.memory.memory_type,
                module=a.memory.module.upper(),
                vram=gpu.vram_gb * opt.count,
            ),
            owned=choice.memory.owned,
        ),
    ]
    if choice.psu is not None:
        parts.append(
            _part(
                "psu",
                choice.psu,
                a.psu,
                choice.psu_count,
                (
                    Reason.of(
                        "part.psu-load", load=pw.dc_load_w, share=pw.dc_load_w / a.psu_capacity_w, of=a.psu_capacity_w
                    ),
                    Reason.of("part.atx", version=a.psu.atx_version),  # type: ignore[union-attr]
                ),
                owned=choice.psu.owned,
            )
        )
    return parts


def _case_parts(a: Assembly, choice: Choice, cand: Candidates, bridge: Accessory | None) -> list[BuildPart]:
    """The case, CPU cooler, storage and accessory lines of an assembled build."""
    chassis, positions = a.chassis, [s.position for s in a.placement.slots]
    included = chassis.included_psu_w and choice.psu is None
    parts = [
        _part(
            "chassis",
            choice.chassis,
            chassis,
            1,
            Reason.of(
                "part.chassis",
                kind=chassis.kind,
                slots=chassis.expansion_slots,
                clearance=chassis.max_gpu_length_mm,
                psu=chassis.included_psu_w if included else None,
            ),
            owned=choice.chassis.owned,
        ),
        _part(
            "cooler",
            choice.cooler,
            a.cooler,
            a.board.cpu_sockets,
            Reason.of("part.cpu-cooler", rated=a.cooler.max_tdp_w, tdp=a.cpu.tdp_w),
            owned=choice.cooler.owned,
        ),
        _part(
            "storage",
            choice.storage,
            a.storage,
            choice.storage_count,
            Reason.of(
                "part.storage", tb=a.storage.capacity_gb * choice.storage_count / 1000, need=cand.storage_need_gb / 1000
            ),
            owned=choice.storage.owned,
        ),
    ]
    if choice.psu_count == 2 and "add2psu-sync-board" in cand.accessories:
        acc = cand.accessories["add2psu-sync-board"]
        parts.append(_part("accessory", acc, acc.record, 1, Reason.of("part.psu-sync")))
    if (kit := per_gpu_kit(cand, choice.chassis)) is not None:
        parts.append(_part("accessory", kit, kit.record, choice.option.count, Reason.of("part.per-gpu-kit")))
    if choice.risers and "riser-pcie4-x16-300mm" in cand.accessories:
        acc = cand.accessories["riser-pcie4-x16-300mm"]
        parts.append(_part("accessory", acc, acc.record, choice.option.count, Reason.of("part.risers")))
    if bridge is not None:
        acc = cand.accessories[bridge.id]
        parts.append(_part("accessory", acc, bridge, 1, Reason.of("part.nvlink", a=positions[0], b=positions[1])))
    return parts


def _assemble(
    rank: int, label: str, why: str, choice: Choice, request: BuildRequest, cand: Candidates, catalog: Catalog
) -> Build:
    opt = choice.option
    assembly, bridge = _assembly_of(choice, request, cand)
    on_host = _on_host(opt.estimate, assembly, request, cand)
    estimate = _on_links(on_host, assembly, request, cand)
    bays = _bays_cost(on_host, estimate, assembly, request, cand)
    checks = check_build(assembly, request, estimate, cand.storage_need_gb, bays)
    engine_warning = _engine_warning(estimate, request, opt.count, opt.gpu.name)
    if engine_warning is not None:
        checks.append(engine_warning)
    pw = power_of(assembly, request, estimate)
    parts = _host_parts(assembly, choice, estimate, pw) + _case_parts(assembly, choice, cand, bridge)
    upgrades, grows = _upgrades(assembly, choice, request, cand, pw)
    slot_map = tuple(
        SlotAssignment(
            slot=s.position,
            part_id=opt.gpu.id,
            lanes=s.lanes,
            gen=s.gen,
            source=s.source,
            split="x8/x8" if opt.gpu.gpus_per_card > 1 else "",
        )
        for s in assembly.placement.slots
    )
    return Build(
        rank=rank,
        label=label,
        why=why,
        parts=tuple(parts),
        nodes=1,
        currency=request.currency,
        power=pw,
        estimate=estimate,
        parallelism=estimate.layout,  # a layout the planner chose for this machine's cards (candidates._laid_out)
        checks=tuple(checks),
        slot_map=slot_map,
        gpu_id=opt.gpu.id,
        gpu_count=opt.count,
        upgrades=tuple(english(u) for u in upgrades),
        upgrades_said=tuple(upgrades),
        owned_savings=sum(p.unit_price * p.owned for p in parts),
        room_for_one_more=grows,
        interconnect="NVLink bridge"
        if bridge is not None
        else ("server PCIe fabric" if assembly.placement.bays else "PCIe"),
    )


def _on_host(estimate: EstimateResult, a: Assembly, request: BuildRequest, cand: Candidates) -> EstimateResult:
    """A build that reads weights from RAM gets its speed from its own CPU and memory (the channels its board wires and
    its DIMMs populate, evenly or not: RAM-7; DIMM speed, 2DPC derating, CCD limits: estimate.host), not from a default bandwidth."""
    workload = request.workload.resolved(cand.model.max_context) if cand.model else request.workload
    if cand.model is None or not runs_from_ram(workload) or workload.engine not in (None, "llama.cpp"):
        return estimate
    try:
        host = host_memory(a.cpu, a.memory, a.memory_count, a.sockets, wired=a.board.memory_channels)
        result = estimate_on_host(
            cand.model, on_engine(workload, "llama.cpp"), a.gpu, a.gpus, host, cand.exact_weight_bytes
        )
    except (ValueError, ConfiguratorError):
        return estimate
    return with_power_limit(result, request.power_limit)


def build_links(a: Assembly) -> CardLinks | None:
    """What the build's placement gives its cards to talk over (the narrowest slot's lanes and generation, an NVLink
    bridge fitted), or None where it is what the estimate assumes (x16 at the card's generation, no bridge). A server's
    bays are slots at its bay generation (Motherboard.gpu_bay_gen): a PCIe 5.0 card in a PCIe 3.0 server's bays (the
    SYS-4029GP-TRT's PLX 3.0 switches) gathers its ZeRO-3 weights at PCIe 3.0, not at its own 5.0."""
    if not a.placement.slots or a.gpus < 2 or a.gpu.gpus_per_card > 1:
        return None
    gen, lanes = BAY_GEN.link(a.gpu, ((s.gen, s.lanes) for s in a.placement.slots)) or (a.gpu.pcie_gen, 16)
    links = CardLinks(lanes=lanes, gen=gen, bridge=a.nvlink_bridge)
    # a card that takes a bridge is timed as bridged unless the build says it has none
    same = links.pcie(a.gpu) == CardLinks().pcie(a.gpu) and links.bridge == bool(a.gpu.nvlink)
    return None if same else links


def offload_ram_gbps(a: Assembly, workload: Workload) -> float | None:
    """The RAM bandwidth a fine-tune with its optimizer in system RAM (--offload cpu) streams its CPU Adam from on this
    build: its CPU's and DIMMs' peak after the chiplet links, over every socket (each rank's cores bound to their own:
    estimate.optimizer_offload); None for any other job or a build whose host is not known."""
    if workload.offload != "cpu" or workload.kind == "inference":
        return None
    try:
        host = host_memory(a.cpu, a.memory, a.memory_count, a.sockets, numa_aware=True, wired=a.board.memory_channels)
    except (ValueError, ConfiguratorError, AttributeError):
        return None
    return host.usable_gbps or host.peak_gbps


def _on_links(given: EstimateResult, a: Assembly, request: BuildRequest, cand: Candidates) -> EstimateResult:
    """A training job on several cards talks over the build's own links: a sharded one (ZeRO-3 / FSDP FULL_SHARD)
    gathers its weights over them, so a board whose second slot runs x4 through the chipset trains slower than the x16
    the option was estimated at, a bridged pair faster (estimator._sharded_gathers); a data-parallel all-reduce between
    two cards that take a bridge but have none goes through the CPU (estimator._data_parallel_scaling). A fine-tune
    with its optimizer in RAM steps it on the build's own CPU and memory (offload_ram_gbps), not the default desktop's.
    Timed by bays.timed_on, which the search reads a server's bays with too (PCI-9)."""
    links = build_links(a)
    ram = offload_ram_gbps(a, request.workload)
    if (links is None and ram is None) or cand.model is None or request.workload.kind == "inference":
        return given
    if given.wall_hours is None:
        return given
    workload = Workload.model_validate(given.workload)
    if ram is not None:
        workload = workload.on_host(ram)
    planned = given.layout is not None  # the planner's layout (candidates._laid_out): planned again on these links
    result = timed_on(cand.model, workload, a.gpu, a.gpus, cand.exact_weight_bytes, links, planned)
    if result is None:
        return given
    return with_power_limit(result if planned else practitioner_said(given, result), request.power_limit)


def _bays_cost(
    given: EstimateResult, timed: EstimateResult, a: Assembly, request: BuildRequest, cand: Candidates
) -> float | None:
    """The job's hours at its cards' own links where a server's slower bays or a board's slower slots (PCI-9) make it
    take longer than the same-speed band (shown.FASTER): what the build's check says the links cost; None otherwise.
    A pair that takes a bridge but has none on this board is compared with its own x16 without one: the slots' cost,
    not the bridge's (two RTX 3090 for a LoRA, 14.0 h bridged at any slot, 15.9 h unbridged at x8 or x16)."""
    if a.gpus < 2 or request.workload.kind == "inference" or a.gpu.gpus_per_card > 1:
        return None
    slower = BAY_GEN.link(a.gpu, ((s.gen, s.lanes) for s in a.placement.slots))
    if slower is None or not given.wall_hours or not timed.wall_hours:
        return None
    if a.gpu.nvlink and not a.nvlink_bridge and not a.placement.bays and cand.model is not None:
        workload = Workload.model_validate(given.workload)
        unbridged = CardLinks(bridge=False)
        own = timed_on(
            cand.model, workload, a.gpu, a.gpus, cand.exact_weight_bytes, unbridged, given.layout is not None
        )
        if own is None or not own.wall_hours:
            return None
        given = with_power_limit(own, request.power_limit)
    hours = given.wall_hours
    return hours if hours and timed.wall_hours > FASTER * hours else None


def _upgrades(
    a: Assembly, choice: Choice, request: BuildRequest, cand: Candidates, pw: Power
) -> tuple[list[Reason], bool]:
    """What one more GPU (always first: upgrade.one-more, which mixed builds drop), a bigger PSU or more RAM would
    need or unlock; and whether the one more GPU needs nothing else."""
    one_more, grows = _one_more_gpu(a, choice, request, pw, cand)
    out = [one_more]
    if pw.dc_load_w > 0.7 * a.psu_capacity_w and a.psu is not None:
        out.append(Reason.of("upgrade.psu", watts=a.psu_capacity_w, load=pw.dc_load_w / a.psu_capacity_w))
    if a.ram_gb < 2 * a.gpu.vram_gb * a.gpus:
        out.append(Reason.of("upgrade.ram", gb=2 * a.gpu.vram_gb * a.gpus))
    return out, grows


def _capped_on_circuit(grown: Assembly, request: BuildRequest, est: EstimateResult, had: int) -> dict[str, float | str]:
    """The mildest power cap at which the machine with one more card stays on the circuit it has (`cap`, the share of
    rated power; `cap_w`, watts a card; `cap_wall`; `command`, the vendor's tool) and, for a job timed in hours, those
    hours at that cap (`cap_hours`: the cards' count and the compute-bound curve, rules.watts.POWER_SPEED, R20); none
    where no cap tried holds it. The levels are the ways out's (relax: 80, 70, 60, 50 %), a training job stops at the
    lowest measured point of the curve (57 %) and a card at its driver's floor (power_cap). Dr. Chen's fifth RTX 4090
    of eight needed "a second circuit (2857 W at the wall vs 2816 W)"; the five capped at 80 % stay on his one.
    The hours are an estimate: the curve is measured on RTX 3090s (Puget Systems, 2020-11-13; a timm ViT-B/16 run;
    llmgarage.ai, 2026-02), and no published RTX 4090 training sweep was found (round 33)."""
    own = request.power_limit or 1.0
    floor = pw.TRAINING_POWER_CURVE[0][0] if request.workload.kind != "inference" else 0.0
    for cap in (*relax.POWER_LEVELS, *relax.EXACT_POWER_LEVELS):
        if cap >= own or cap < floor - 1e-9 or limit_refusal(grown.gpu, cap) is not None:
            continue
        capped = power_of(grown, request.model_copy(update={"power_limit": cap}), est)  # CIR-1 as the check reads it
        if not capped.circuit_ok:
            continue
        out: dict[str, float | str] = {
            "cap": cap,
            "cap_w": grown.gpu.tdp_w * cap,
            "cap_wall": capped.wall_w,
            "command": cap_command(grown.gpu.vendor, grown.gpu.tdp_w * cap),
        }
        if (hours := est.wall_hours) and request.workload.kind != "inference":
            kept = pw.POWER_SPEED.share(cap, compute_bound=True) / pw.POWER_SPEED.share(own, compute_bound=True)
            out["cap_hours"] = hours * had / grown.gpus / kept
        elif request.workload.kind == "inference":  # decoding is memory-bound: the decode line (R20)
            out["cap_speed"] = pw.POWER_SPEED.share(cap) / pw.POWER_SPEED.share(own)
        return out
    return {}


def _least_platform_cpu(cand: Candidates, n: int) -> Cpu | None:
    """The CPU of least draw among the candidates on a platform that seats `n` GPUs (PCI-3): the least the machine
    with one more card draws, when it needs another platform."""
    fits = [p.record for p in cand.cpus if isinstance(p.record, Cpu) and MANY_GPU_PLATFORM.holds(n, p.record.platform)]
    return min(fits, key=lambda c: c.tdp_w, default=None)


def _one_more_gpu(
    a: Assembly, choice: Choice, request: BuildRequest, pw: Power, cand: Candidates
) -> tuple[Reason, bool]:
    """What the next GPU needs (board, case, platform, PSU, circuit, RAM) and what it gives; and whether it needs
    nothing but the card, with the shroud a passive card on a frame comes with (the "room to grow" claim, solve.ranking)."""
    n = a.gpus + 1
    gpu = a.gpu
    if not ROOM_TO_GROW.fits_count(a.gpus, request.max_gpus):
        # a full machine grows by a second one, not by a slot it does not have ("one more A100: a board with another
        # x16 slot, blower cards, or risers" was offered for eight A100 in an 8-GPU server)
        return Reason.of("upgrade.one-more-machine", gpu=gpu.name, gpus=a.gpus), False
    model_est = choice.option.estimate
    # the placement the search reads (solver.usable_placement: x8 or more a card where the job splits tensors or
    # trains, owned cards side by side): the check had asked the lanes of a tensor split only, the search of a
    # tensor-pipeline split too (round 40)
    grown_option = replace(choice.option, count=n)
    usable = usable_placement(cand, a.board, grown_option, a.risers, request.workload.kind != "inference")
    more = usable or cand.placement(a.board, grown_option, a.risers)
    needs: list[Reason] = []
    if more is None:
        needs.append(Reason.of("need.board-slot"))
    elif not a.risers and more.openings_needed > a.chassis.expansion_slots:
        needs.append(Reason.of("need.case-openings", openings=more.openings_needed))
    elif usable is None:
        needs.append(Reason.of("need.board-lanes", lanes=TP_OR_TRAINING_MIN_LANES, next=more.min_lanes))
    if n > cards_held(a.chassis):
        needs.append(Reason.of("need.case-gpus", n=n))
    if a.chassis.kind in ("mid-tower", "full-tower") and compat.open_air_flagships(gpu.cooler, gpu.tdp_w, n):
        needs.append(Reason.of("need.open-frame", rule=OPEN_AIR_FLAGSHIPS.id))
    cpu = a.cpu
    if not MANY_GPU_PLATFORM.holds(n, a.cpu.platform):  # PCI-3
        needs.append(Reason.of("need.platform"))
        cpu = _least_platform_cpu(cand, n) or cpu
    # the next card's draw from the rules' own power model (rules.power_of: the power limit, the PSU's efficiency at
    # this voltage), on the platform it needs; the hint had divided by the efficiency ratio the wrong way and missed a
    # circuit it overran, then missed the HEDT CPU's draw (walk13: a third 3090 "needed" no second circuit on 120 V
    # 15 A, and planning that machine then failed on the circuit)
    grown = power_of(replace(a, gpus=n, cpu=cpu), request, model_est)  # CIR-1 as the check reads it (NEC 210.20(A))
    if not PSU_LOAD.holds(grown.dc_load_w, a.psu_capacity_w):  # PWR-2
        watts = math.ceil(PSU_LOAD.least_psu_w(grown.dc_load_w) / 100) * 100
        # a server chassis's own supplies take no ATX PSU: say the watts its supplies must give (next_step.py)
        needs.append(
            Reason.of("need.psu", watts=watts)
            if a.psu is not None
            else Reason.of("need.psu-built-in", watts=watts, has=a.psu_capacity_w)
        )
    if not grown.circuit_ok:
        needs.append(
            Reason.of(
                "need.circuit",
                outlet=circuit_volts(request.circuit) < 200,  # already on 230 V: a circuit
                wall=grown.wall_w,
                limit=grown.circuit_limit_w,
                **_capped_on_circuit(replace(a, gpus=n, cpu=cpu), request, model_est, a.gpus),
            )
        )
    if a.ram_gb < (ram := ROOM_TO_GROW.ram_gb(gpu.vram_gb, gpu.gpus_per_card, n)):  # the search's own RAM need
        needs.append(Reason.of("need.ram", gb=ram))
    if (kit := per_gpu_kit(cand, choice.chassis)) is not None:  # the shroud the next passive card needs
        needs.append(Reason.of("need.per-gpu-kit", name=kit.record.name, cost=kit.amount, currency=request.currency))
    gain = None
    if model_est.decode_tokens_per_s is not None:
        gain = Reason.of("gain.memory")
    elif model_est.wall_hours:
        gain = Reason.of("gain.hours", hours=model_est.wall_hours * (1 - a.gpus / n))
    # the power the machine then draws, on the PSU it has or a server chassis's own supplies (next.add says it)
    power = Reason.of("power.after", load=grown.dc_load_w, has=a.psu_capacity_w, built_in=a.psu is None)
    # the next card's own shroud comes with the card (the frame has room for it): still room to grow
    grows = ROOM_TO_GROW.grows(needs)
    return Reason.of("upgrade.one-more", gpu=gpu.name, needs=tuple(needs), gain=gain, power=power), grows


# --------------------------------------------------------------------------- whole systems and clusters


def _unified_memory(system: System, est: EstimateResult, gpu: Gpu, raised: float | None) -> Check:
    """MEM-FIT on a unified-memory system: the share its GPU wires by default, or the raised share the job needs
    (machines.raised_memory: the OS's knob, on a Mac the very sysctl command)."""
    from configurator.core.solve.machines import raised_memory

    u = system.unified
    assert u is not None
    need = est.peak_gpu.total / GIB
    if raised is not None:
        return raised_memory(system, need, raised)
    return MEM_FIT.say(
        "pass",
        "wired",
        need_gib=need,
        vram_gb=gpu.vram_gb,
        fraction=u.gpu_memory_fraction,
        memory_gb=system.memory_gb,
        note=u.gpu_memory_note,
        limit=memory_limit(system_vendor(system)),  # the note's OS fact as a code (words.check_text's Chinese)
    )


def _unified_system_build(
    system: System,
    q: Quote,
    est: EstimateResult,
    gpu: Gpu,
    request: BuildRequest,
    limit: float,
    raised: float | None = None,
) -> Build:
    """A unified-memory system as a build: its one part, its checks (memory, circuit, noise) and its power. `raised`:
    the share of memory its GPU needs the OS's limit raised to (machines.raised_share), a warning saying how."""
    assert system.unified is not None
    u = system.unified
    checks = [
        _unified_memory(system, est, gpu, raised),
        CIRCUIT.say(
            "pass" if system.max_power_w <= limit else "fail", "system", max_w=system.max_power_w, limit_w=limit
        ),
        NOISE.say("pass", "quiet-system", noise=u.noise),
    ]
    users = int(est.workload.get("batch") or 1)
    if users > 1:
        # several users share its prompt processing (rules.job.PromptWait): a 2021 MacBook Pro prefills
        # Qwen3-30B-A3B at ~200 tokens/s, so the tenth of ten users' 4k prompts waits 203 s (ranking.no_card)
        checks.append(prompt_check(est))
    part = system_line(
        system, q, Reason.of("part.unified", chip=u.chip, gb=system.memory_gb, bandwidth=u.bandwidth_gbps)
    )
    power = Power(
        dc_load_w=system.max_power_w * 0.9,
        psu_w=system.psu_w_total,
        wall_w=system.max_power_w,
        circuit_ok=system.max_power_w <= limit,
        circuit_limit_w=limit,
        transient_w=system.max_power_w,
        heat_btu_h=system.max_power_w * 3.412,
        gpu_w=system.max_power_w * 0.7,
        cpu_w=system.max_power_w * 0.2,
        rest_w=system.max_power_w * 0.1,
    )
    box = (
        Reason.of("why.quiet-box", gb=system.memory_gb),
        Reason.of("why.no-assembly", bandwidth=u.bandwidth_gbps),
    )
    return Build(
        rank=1,
        label=english(Reason.of("kind.unified", name=system.name)),
        kinds=(Reason.of("kind.unified", name=system.name),),
        why="; ".join(english(r) for r in box),
        offered=box,
        parts=(part,),
        nodes=1,
        currency=request.currency,
        power=power,
        estimate=est,
        checks=tuple(checks),
        slot_map=(),
        gpu_id=gpu.id,
        gpu_count=1,
        interconnect="unified memory",
    )


def _unified_build(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    min_tps: float | None = None,
    fastest: bool = False,
    reads: Callable[[EstimateResult], bool] | None = None,
) -> Build | None:
    """The cheapest unified-memory system (Mac Studio, Ryzen AI Max, DGX Spark) that runs the
    job: its GPU sees the share of memory the OS wires for it, at the memory's bandwidth. `min_tps`: the cheapest
    that also decodes at least that fast; `fastest`: the one that decodes fastest within the budget (of equal speed,
    the cheaper); `reads`: the cheapest whose estimate it passes (offers.unified_memory: sources.keeps_up)."""
    # the engine asked, not the one the workload resolves to by default (gpt-oss in MXFP4 resolves to another, but
    # llama.cpp runs it on a 128 GB Ryzen AI Max box at ~30 tokens/s)
    if workload.kind != "inference" or request.workload.engine not in ("llama.cpp", None) or request.region == "china":
        return None
    from configurator.core.solve.machines import on_unified, small_box

    best: Build | None = None
    limit = circuit_limit_w(request.circuit) * request.circuits
    for system in catalog.kind("systems"):
        if not isinstance(system, System) or system.unified is None or small_box(system):
            continue  # small boxes (APU mini PCs): the mini-pc source offers them where they serve (#28)
        q = quote(system, catalog, request.currency, request.condition, request.tax_basis)
        if q is None or (request.budget is not None and q.amount > request.budget):
            continue
        if best is not None and q.amount >= best.total_price and not fastest:
            continue  # not cheaper than the one found: no estimate needed
        # one memory: nothing can be "offloaded" to a RAM beside it, the GPU's wired share holds it all
        whole = on_engine(workload, "llama.cpp").model_copy(
            update={"offload": "none", "cpu_layers": 0, "cpu_experts": False, "n_cpu_moe": None}
        )
        ran = on_unified(system, model, whole, exact)
        if ran is None:
            continue
        est, gpu, raised = ran
        if not meets_speed(est, request) or (min_tps is not None and (est.decode_tokens_per_s or 0.0) < min_tps):
            continue
        if reads is not None and not reads(est):
            continue
        speed = est.decode_tokens_per_s or 0.0
        if fastest and best is not None and (speed, -q.amount) <= (_decode(best), -best.total_price):
            continue  # slower than the one found, or as fast and no cheaper
        best = _unified_system_build(system, q, est, gpu, request, limit, raised)
    return best


def named_system_build(ctx: PlanContext, system: System) -> Build | Reason:
    """A ready-made system the user named ("Only GPUs", `--gpu`), as one build that runs the job as asked, or why
    not: a Mac Studio or a DGX Spark is compared with a 3090 build as any named GPU is (issue #31). A unified-memory
    box runs llama.cpp on its integrated GPU (the small APU boxes at the share of memory the mini-pc source uses); a
    GPU server is one node of the cluster planner. A build that fails a check (a server on a household outlet) is
    still shown, its checks saying why; one over the budget or too slow is left out with the reason."""
    from configurator.core.solve.cluster import cluster_build
    from configurator.core.solve.machines import _box_build, _on_box, cpu_workload, on_unified, small_box

    request, catalog, model, exact = ctx.request, ctx.catalog, ctx.model, ctx.exact_weight_bytes
    if system.unified is None:
        gpu = catalog.records["gpus"].get(system.gpu)
        if not isinstance(gpu, Gpu):
            return Reason.of("gpu.no-build")
        excluded = market_excludes(gpu, system, request)
        if excluded is not None:
            return excluded
        try:
            server = cluster_build(
                1,
                Reason.of("kind.server"),
                Reason.of("why.server"),
                system,
                1,
                request,
                catalog,
                model,
                ctx.workload,
                exact,
            )
        except (ValueError, ConfiguratorError):
            server = None
        if server is None:
            return Reason.of("gpu.no-fit")
        if request.budget is not None and server.total_price > request.budget + 0.01:
            return Reason.of(
                "system.budget", price=server.total_price, budget=request.budget, currency=request.currency
            )
        return server
    alone = replace(ctx, request=request.model_copy(update={"gpu_ids": (), "system_ids": (), "owned": ()}))
    workload = cpu_workload(alone)  # llama.cpp on the integrated GPU, in a format it loads
    if workload is None:
        return Reason.of("system.llama-cpp")
    q = quote(system, catalog, request.currency, request.condition, request.tax_basis)
    if q is None:
        return unpriced(system, request.condition)
    if request.budget is not None and q.amount > request.budget + 0.01:
        return Reason.of("system.budget", price=q.amount, budget=request.budget, currency=request.currency)
    if small_box(system):
        ran = _on_box(alone, workload, system)
        if ran is None:
            return Reason.of("gpu.no-fit")
        est, share = ran
        built = _box_build(system, q, est, request, share)
    else:
        try:
            est = estimate(model, workload, system_gpu(system), 1, exact_weight_bytes=exact)
        except (ValueError, ConfiguratorError):
            return Reason.of("system.llama-cpp")
        held = on_unified(system, model, workload, exact)
        if held is None:
            peak = est.peak_gpu  # what the default share lacks (the raised one lacks it too)
            return Reason.of("system.memory", need=peak.total / GIB, usable=(peak.usable_bytes or 0) / GIB)
        est, wired, raised = held
        limit = circuit_limit_w(request.circuit) * request.circuits
        built = _unified_system_build(system, q, est, wired, request, limit, raised)
    if not meets_speed(built.estimate, request):
        tps = built.estimate.decode_tokens_per_s or 0.0
        return Reason.of("system.speed", tps=tps, asked=request.min_decode_tps or 0.0)
    return built


def _no_card_bought(build: Build) -> bool:
    return not any(p.category == "gpu" for p in build.parts)


def _decode(build: Build) -> float:
    return build.estimate.decode_tokens_per_s or 0.0


def _same(a: Build, b: Build) -> bool:
    """The same machine: the same parts in the same numbers (whatever each source wrote about them)."""
    return [(p.category, p.id, p.quantity) for p in a.parts] == [
        (p.category, p.id, p.quantity) for p in b.parts
    ] and a.nodes == b.nodes


def _systems(catalog: Catalog, request: BuildRequest) -> list[System]:
    out = []
    for s in catalog.kind("systems"):
        assert isinstance(s, System)
        if s.unified is not None:
            continue  # unified-memory systems: _unified_build
        gpu = catalog.records["gpus"].get(s.gpu)
        if not isinstance(gpu, Gpu):
            continue
        if market_excludes(gpu, s, request) is not None:
            continue  # the same regional rule as for cards bought alone (an H20 server is for China only)
        if request.gpu_vendors and gpu.vendor not in request.gpu_vendors:
            continue
        if request.named and gpu.id not in request.gpu_ids and s.id not in request.system_ids:
            continue  # "only these GPUs" holds for ready-made servers too (a server named by its own id is one)
        out.append(s)
    return out


def _cluster(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    max_nodes: int | None = None,
) -> Build | None:
    """The cluster answer (solve/cluster.py): the smallest cluster meeting the deadline, else the one-year fallback."""
    options = _cluster_options(request, catalog, model, workload, exact, max_nodes)
    return options[0] if options else None


def _cluster_options(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    max_nodes: int | None = None,
) -> list[Build]:
    # keyed by the catalog too (its identity): an edited price or a reloaded catalog had been answered from the old one;
    # the model by its identity as well (a record of the catalog, or the one a config file gave): its JSON as a key
    # built ModelArch's serializer for this alone, ~4.5 ms of CPU of every plan on this machine under load (#34)
    key = (request.model_dump_json(), id(model), exact, max_nodes)
    return remember(
        "cluster_options",
        key,
        (catalog, model),
        lambda: cluster_options(_systems(catalog, request), request, catalog, model, workload, exact, max_nodes),
    )


# --------------------------------------------------------------------------- entry point


def _solve_variant(
    ctx: PlanContext,
    variant: BuildRequest,
    top_k: int,
    exclude_gpus: tuple[str, ...] = (),
    answered_too: bool = False,
    searched: Callable[[GpuOption], bool] | None = None,
) -> list[Build]:
    """A source's own search of a variant of the request (another precision, KV cache or framework), in half the
    plan's time budget, with the plan's catalog, model and stop; `searched`: only the GPU options it keeps."""
    cards, _ = _solve_once(
        variant,
        ctx.catalog,
        ctx.model,
        ctx.exact_weight_bytes,
        top_k,
        ctx.should_stop,
        ctx.time_budget / 2,
        exclude_gpus=exclude_gpus,
        answered_too=answered_too,
        searched=searched,
    )
    return cards


def _solve_once(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    top_k: int,
    should_stop: Callable[[], bool],
    time_budget: float,
    on_partial: Callable[[list[Build]], None] | None = None,
    exclude_gpus: tuple[str, ...] = (),
    cost_cap: float | None = None,
    answered_too: bool = False,
    searched: Callable[[GpuOption], bool] | None = None,
    also: tuple[str, ...] = (),
) -> tuple[list[Build], Candidates]:
    """Up to `top_k` builds, and those of the objectives `also` (solver.run_labels); with `cost_cap`, only builds cheaper than it (none when no part
    combination can be, which is known without building the model). For several users the cheapest build among the
    cards whose last user gets a first token within PROMPT's minute (_prompts_answered) is found too, the one
    "cheapest" can go to: Dr. Chen's cheapest search had found five RTX 4060 Ti (the twentieth student waiting ~112
    s) and never four RTX 2080 Ti 22GB (46 s, 42,624 CNY); a map cell's one-build plan (top_k 1; `--top 1` is solved at PLAN_TOP) takes that build
    alone when there is one. Only for the plan's own searches (`answered_too`), not each way out's."""
    cand = _gpu_options(model, request, catalog, exact, exclude_gpus, cost_cap)
    if searched is not None:
        cand.options = [o for o in cand.options if searched(o)]
    quick = _prompts_answered(cand.options, request) if answered_too else []
    answered: list[Build] = []
    if quick and len(quick) < len(cand.options):
        first = _gpu_options(model, request, catalog, exact, exclude_gpus, cost_cap)
        first.options = quick
        answered, solved = _solve_among(first, request, catalog, model, 1, should_stop, time_budget, None, cost_cap)
        if answered and request.top_k == 1:
            return answered, solved
    builds, cand = _solve_among(
        cand, request, catalog, model, top_k, should_stop, time_budget, on_partial, cost_cap, also
    )
    return builds + [b for b in answered if not any(_same(b, k) for k in builds)], cand


def _prompts_answered(options: list[GpuOption], request: BuildRequest) -> list[GpuOption]:
    """The cards whose last user gets a first token within PROMPT's minute (the rule the labels read:
    ranking.measure), for an inference request for several users with no GPU named or owned and nothing offloaded;
    all of them otherwise. A map cell's plan shows one build, which must be one a claim can use: Dr. Chen's 20 students
    at --top 1 had five RTX 4060 Ti, the twentieth waiting ~112 s."""
    w = request.workload
    if w.kind != "inference" or w.batch <= 1 or w.offload != "none" or request.gpu_ids or request.owned_gpu:
        return list(options)
    return [o for o in options if prompt_check(o.estimate).status == "pass"]


def _solve_among(
    cand: Candidates,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    top_k: int,
    should_stop: Callable[[], bool],
    time_budget: float,
    on_partial: Callable[[list[Build]], None] | None = None,
    cost_cap: float | None = None,
    also: tuple[str, ...] = (),
) -> tuple[list[Build], Candidates]:
    """_solve_once among the GPU options of `cand`."""
    if not cand.options:
        return [], cand
    platform_parts(request, catalog, cand, model)
    if not (cand.boards and cand.cpus and cand.chassis and cand.memory and cand.coolers and cand.storage):
        return [], cand
    if cost_cap is not None and min(option_cost(o) for o in cand.options) + price_floor(cand) >= cost_cap:
        return [], cand
    bm: BuildModel | LazyBuildModel
    if len(request.gpu_ids) < 2:
        bm = LazyBuildModel(request, cand, model, catalog, cost_cap)  # solve among the options that can matter
    else:
        bm = BuildModel(request, cand, model, catalog, cost_cap)  # a comparison: every named GPU is solved for
    builds: list[Build] = []

    def found(label: str, why: str, choice: Choice) -> None:
        builds.append(_assemble(len(builds) + 1, label, why, choice, request, cand, catalog))
        if on_partial is not None:
            on_partial(list(builds))

    def judge(choice: Choice) -> float:  # the speed per unit of price "best value" is decided on (ranking)
        return measure(_assemble(0, "", "", choice, request, cand, catalog), request).value()

    def quick(choice: Choice) -> float:  # the speed "fastest" is decided on (ranking)
        return measure(_assemble(0, "", "", choice, request, cand, catalog), request).speed

    run_labels(bm, top_k, should_stop, time_budget / max(1, top_k), found, also, judge, quick)
    cand.timed_out = not builds and bm.last_status == "unknown"
    builds = [o for b in builds for o in _off_slow_bays(b, cand, request, catalog, model, should_stop, time_budget)]
    for build in list(builds):
        builds.extend(_on_faster_links(build, cand, request, catalog, model, should_stop, time_budget, len(builds)))
    compared = len(request.gpu_ids) >= 2  # a comparison shows every card named
    return _within_horizon(builds if compared else _dearer_per_job(builds), request), cand


def _slowed_by_bays(build: Build) -> bool:
    return any(c.rule == BAY_GEN.id and c.status == "warn" for c in build.checks)


def _dearer_per_job(builds: list[Build]) -> list[Build]:
    """Without a build in slower bays (PCI-9 warns) that another build found beside it beats in hours and in price
    per job, where it is not the cheaper one up front or misses the target (BayGeneration.costs_more): Qwen2.5-7B pretrained on 20B tokens in 720 h had shown 7 x RTX PRO 4500 (PCIe
    5.0 cards) in the PCIe 3.0 SYS-4029GP-TRT, 23,640 USD and 1,084 h, beside 7 x A100 40GB PCIe in the same server,
    40,300 USD and 542 h: the cheaper machine costs more for every job it does."""
    kept = [
        b
        for b in builds
        if not _slowed_by_bays(b)
        or b.estimate.wall_hours is None
        or not any(
            o is not b
            and o.estimate.wall_hours is not None
            and BAY_GEN.costs_more(
                b.total_price, b.estimate.wall_hours, missed_target(b) is not None, o.total_price, o.estimate.wall_hours
            )
            and not _quieter(b, o)
            for o in builds
        )
    ]
    return [b.model_copy(update={"rank": i + 1}) for i, b in enumerate(kept)] if len(kept) < len(builds) else builds


def _quieter(build: Build, other: Build) -> bool:
    """Whether `build` is quieter than `other` beyond the noise figures' tie (a quieter machine is something its slower
    links buy the buyer: 3 x RTX PRO 6000 at 70 % on a PCIe 4.0 EPYC board, 'quietest', beside 3 Max-Q cards that do a
    14B full fine-tune sooner for less)."""
    return quieter(build_dba(build), build_dba(other))


def _off_slow_bays(
    build: Build,
    cand: Candidates,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    should_stop: Callable[[], bool],
    time_budget: float,
) -> list[Build]:
    """A build whose links are below its cards' own (a server's bays of an older PCIe generation, a desktop board's
    x8/x8 split or older slots) and slow its job past the same-speed band (its PCI-9 check warns) is solved again on
    the same cards on the boards that give them faster links. The one that costs less per job (BayGeneration.costs_more:
    price x hours) is shown in the first one's place where the slower links buy nothing (Dr. Chen's 72B LoRA had
    shown all five builds in the PCIe 3.0 SYS-4029GP-TRT, the search seating PCIe 5.0 cards there on the hours of
    their own links: round 34); where the slower links buy a lower price up front, both are shown, the faster one
    beside it when it does the job faster than the same-speed band for less per job (two RTX 5090 for a ZeRO-3 full
    fine-tune on an X570 board's PCIe 4.0 x8/x8 take 9.0 h, on an EPYC board's x16 about half: round 36). Where no
    faster seat is found (the budget, the circuit) or it costs more per job, the build stays and says what its links
    cost in hours."""
    if not _slowed_by_bays(build) or should_stop():
        return [build]
    option = next((o for o in cand.options if o.gpu.id == build.gpu_id and o.count == build.gpu_count), None)
    if option is None or build.estimate.wall_hours is None:
        return [build]
    boards = [p for p in cand.boards if _links_faster(cand, p.record, option, build)]
    if not boards:
        return [build]
    other = _solved_on(option, boards, build.rank, cand, request, catalog, model, should_stop, time_budget)
    hours = None if other is None else other.estimate.wall_hours
    if other is None or hours is None:
        return [build]
    price, had = build.total_price, build.estimate.wall_hours
    if BAY_GEN.costs_more(price, had, missed_target(build) is not None, other.total_price, hours):
        return [other]
    if hours * FASTER < had and other.total_price * hours < price * had:
        return [build, other.model_copy(update={"rank": build.rank + 1})]
    return [build]


def _links_faster(cand: Candidates, board: object, option: GpuOption, build: Build) -> bool:
    """Whether `board` seats the option's cards on links faster than the build's own (PCI-9: its bays' generation, or
    its slots' narrowest lanes and oldest generation), not the build's own board."""
    if not isinstance(board, Motherboard) or any(p.category == "motherboard" and p.id == board.id for p in build.parts):
        return False
    if not any(usable_placement(cand, board, option, risers, True) for risers in (False, True)):
        return False
    links = links_on(cand, board, option)
    if links is None:
        return True
    gen, lanes = links.pcie(option.gpu)
    card = option.gpu.pcie_gen
    had = [lane_bandwidth_gbps(min(s.gen, card), s.lanes) for s in build.slot_map]
    return bool(had) and lane_bandwidth_gbps(gen, lanes) > min(had)


def _within_horizon(builds: list[Build], request: BuildRequest) -> list[Build]:
    """Without a deadline, a training build the options were timed within a year for (TRAINING_HORIZON_H, through
    effective_deadline) that takes longer at its board's links is not an answer either: 6 x RTX PRO 5000 in the PCIe
    3.0 bays of a used SYS-4029GP-TRT gather ZeRO-3's weights at PCIe 3.0, 25,938 h for Llama 3.2 3B on 1T tokens,
    where its option read 8,620 h (round 34). A faster board's build (_on_faster_links) takes its place."""
    if request.deadline_hours is not None:
        return builds
    kept = [b for b in builds if not _past_horizon(b, request)]
    return [b.model_copy(update={"rank": i + 1}) for i, b in enumerate(kept)] if len(kept) < len(builds) else builds


def _past_horizon(build: Build, request: BuildRequest) -> bool:
    """A training build timed past the deadline its plan must meet (the user's, else a year), at its own links."""
    deadline = effective_deadline(request, request.workload)
    hours = build.estimate.wall_hours
    return deadline is not None and hours is not None and build.nodes == 1 and hours > deadline


LINK_RETRIES = 3
"""How many boards a build that misses its deadline at its own links is solved again without (_on_faster_links)."""


def _on_faster_links(
    build: Build,
    cand: Candidates,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    should_stop: Callable[[], bool],
    time_budget: float,
    shown: int,
) -> list[Build]:
    """A build that meets the deadline at the links its option was timed at (its cards' own PCIe x16 at their
    generation) and misses it at its board's (a PCIe 4.0 or x8 board gathers a sharded job's weights slower: _on_links)
    is solved again on the same option without the boards that cannot give faster links (_may_link_faster), up to
    LINK_RETRIES times: the build that meets the deadline on a faster board, beside the one that misses it (which
    ranking's claim.misses and shown.gives_up_for_little judge). 4 x RTX PRO 5000 at 80 % for an 8B full fine-tune
    within 45 h: 39.8 h on PCIe 5.0 x16, 46.6 h on the Supermicro H12SSL-i's PCIe 4.0, and no build on a faster board
    had been tried. None where the build meets the deadline or its option did not."""
    option = _missed_on_links(build, cand.options, request)
    if option is None:
        return []
    boards = cand.boards
    for _ in range(LINK_RETRIES):
        boards = [p for p in boards if _may_link_faster(p.record, build)]
        if not boards or should_stop():
            return []
        found = _solved_on(option, boards, shown + 1, cand, request, catalog, model, should_stop, time_budget)
        if found is None:
            return []
        build = found  # the next try leaves out the boards that cannot link faster than this one's
        if missed_target(build) is None and not _past_horizon(build, request):
            return [build]
    return []


def _solved_on(
    option: GpuOption,
    boards: list[Priced],
    rank: int,
    cand: Candidates,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    should_stop: Callable[[], bool],
    time_budget: float,
) -> Build | None:
    """The cheapest build of one GPU option on these boards alone, assembled at `rank`; None where none is found. A
    build solved again on other boards: faster links for a deadline (_on_faster_links), off slower bays (PCI-9,
    _off_slow_bays)."""
    trial = replace(cand, options=[option], boards=boards)
    found = run_labels(LazyBuildModel(request, trial, model, catalog, None), 1, should_stop, time_budget)
    if not found:
        return None
    label, why, choice = found[0]
    return _assemble(rank, label, why, choice, request, trial, catalog)


def _missed_on_links(build: Build, options: list[GpuOption], request: BuildRequest) -> GpuOption | None:
    """The GPU option a training build was solved from when the option meets the deadline and the build, timed at its
    board's links, misses it; None otherwise."""
    deadline = effective_deadline(request, request.workload)
    missed = missed_target(build)
    past = (missed is not None and missed[0] == "deadline") or _past_horizon(build, request)
    if deadline is None or not past or build.nodes != 1:
        return None
    return next(
        (
            o
            for o in options
            if o.gpu.id == build.gpu_id
            and o.count == build.gpu_count
            and o.estimate.wall_hours is not None
            and o.estimate.wall_hours <= deadline
        ),
        None,
    )


def _may_link_faster(board: object, build: Build) -> bool:
    """Whether `board` may seat the build's cards on faster links than the build's own (its narrowest slot's lanes and
    generation): a slot of a later generation or more lanes, and not the build's own board."""
    if not isinstance(board, Motherboard) or any(p.category == "motherboard" and p.id == board.id for p in build.parts):
        return False
    if board.gpu_bays or not build.slot_map:
        return True
    gen, lanes = min(s.gen for s in build.slot_map), min(s.lanes for s in build.slot_map)
    return any(s.gen > gen or s.lanes > lanes for s in board.pcie_slots)


def _last_resort(option: GpuOption) -> bool:
    """An option that runs on HF transformers only because llama.cpp and vLLM do not fit it at this count."""
    return any(w.code == "warn.transformers-only" for w in option.estimate.warnings)


def _engines_that_serve(options: list[GpuOption]) -> list[GpuOption]:
    """Transformers only when nothing else runs (issue #27): where some option runs the job on llama.cpp or vLLM, the
    options that fall back to transformers are left out. 5 x H100 NVL ran Llama 3.1 405B FP8 on transformers at 6.6
    tokens/s for 154,385 USD, where vLLM's tensor x pipeline parallelism on six (13.7 tokens/s) is what a practitioner
    buys: the plan then says the budget binds, and the way out is the sixth card, not the 10-80x slower engine."""
    served = [o for o in options if not _last_resort(o)]
    return served if served else list(options)


def _gpu_options(
    model: ModelArch,
    request: BuildRequest,
    catalog: Catalog,
    exact: int | None,
    exclude_gpus: tuple[str, ...],
    cost_cap: float | None,
) -> Candidates:
    """candidates.gpu_options, memoised by value (the request, the model, the catalog's GPUs and rates, and for a
    speed asked of weights in RAM the slowest host its CPUs give, which screens the cards: candidates.slowest_host):
    the experts-in-RAM tiers ask for the same options once per platform tier. A fresh Candidates each time (the caller
    fills in its platform)."""
    gpus = catalog.gpus
    key = (  # (the shipped constants: a plan is never estimated with others)
        id(model),
        request.model_dump_json(),
        tuple(id(g) for g in gpus),
        tuple(sorted(catalog.exchange_rates.items())),
        exact,
        exclude_gpus,
        cost_cap,
        slowest_host(catalog, request),
    )
    found = remember(
        "gpu_options",
        key,
        (model, *gpus),
        lambda: gpu_options(model, request, catalog, exact, exclude_gpus, cost_cap),
    )
    return Candidates(
        options=_engines_that_serve(found.options),
        rejected_gpus=dict(found.rejected_gpus),
        model=found.model,
        exact_weight_bytes=found.exact_weight_bytes,
    )


def _diagnose(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    cand: Candidates,
    should_stop: Callable[[], bool],
    reference_job: bool = False,
) -> tuple[Infeasible, Build | None]:
    """Why nothing fits and the ways out, cheapest first (solve/relax.py), solved with this module's solver.
    `reference_job`: a training request timed for the reference job (no --tokens asked: _reference_job)."""
    machines: dict[str, list[Build]] = {}
    ways = _WaySearch(catalog, model, exact, asked=request)
    owned: dict[str, list[Build]] = {}
    floor = _TrainingFloor(request, catalog, model, exact)
    aside: dict[int, tuple[Build, Build]] = {}  # a way's build -> the cheaper one past support set aside beside it

    def cheapest(relaxed: BuildRequest, cost_cap: float | None, stop: Callable[[], bool]) -> Build | None:
        searched: Candidates | None = None  # the GPU options proven to hold no build under the cap
        if relaxed.systems_only:  # the ways out are the named systems' own (_named_systems_way)
            return _named_systems_way(relaxed, catalog, model, exact, cost_cap, stop)
        if floor.rules_out(relaxed):
            builds: list[Build] = []  # no GPU option can meet its deadline: _solve_once would find none
        else:
            builds, solved = _solve_once(relaxed, catalog, model, exact, 1, stop, 1.0, cost_cap=cost_cap)
            searched = solved if not builds and not solved.timed_out else None
            if usual_finetune_applies(relaxed) and not stop():  # as its plan solves it (_with_usual_finetune)
                usual = _solve_once(_at_usual_finetune(relaxed), catalog, model, exact, 1, stop, 1.0, cost_cap=cost_cap)
                builds = _with_usual_finetune(builds, usual[0])
            if relaxed.owned_gpu is not None and _money_or_kv(relaxed, request) and not stop():
                # beside the own card's builds too, not only where there are none: the plan at the way's budget shows
                # the builds without the card, and "raise the budget to 1,163 USD: cheapest build 2 x RTX 3060 (1 of
                # the 1 you own)" had opened, re-planned at 1,163, on one RTX 2080 Ti 22GB without it at 1,096 (Qwen3
                # 14B QLoRA with an owned RTX 3060 at 500 USD, review37's walk)
                builds += _beside_or_without_own(_context(relaxed, catalog, model, exact, stop), cost_cap, owned)
        builds += _way_machines(relaxed, (catalog, model, exact), machines, cost_cap, stop)
        builds = _way_builds(builds, relaxed, request, (catalog, model, exact), cost_cap, stop)
        builds = _startable_noting(builds, aside)  # no training build past support beside a supported one (startable)
        if not relax.wants_reading(relaxed):
            if not stop():
                # a speed asked: the platform tiers with the experts in RAM, as for reading speed below, built to the
                # speed asked (their builds failing it are left out). DeepSeek-R1 at 5 tokens/s and 5,000 USD had been
                # told 8 x RTX PRO 6000 on two 230 V circuits at 72,295 USD as the cheapest way out, where a 2-bit GGUF
                # with its experts in an 8-channel EPYC's RAM and an RTX 4060 Ti decodes 6.8 at 2,975 USD. Beside the
                # solver's build too, not only where it finds none: its cheapest host for the experts is the cheapest
                # that holds them (a 12-channel DDR5 EPYC at 24,553 USD for R1 at Q4_K_M), where a tier's quicker CPU on
                # cheaper DDR4 (an EPYC 7742 with 512 GB and an RTX 2080 Ti 22GB, 5,870 USD) meets the speed
                builds += [_with_prompt(b) for b in ways.experts_tiers(relaxed, cost_cap, stop)]
            best = min(_answered(builds) or builds, key=lambda b: b.total_price) if builds else None
            return ways.supported(best, relaxed, request.budget, cost_cap, stop, aside)
        best = ways.cheapest_reading(builds, relaxed, cost_cap, stop, searched)
        return ways.supported(best, relaxed, request.budget, cost_cap, stop, aside)

    def servers(relaxed: BuildRequest) -> Build | None:
        return _cluster(relaxed, catalog, model, relaxed.workload.resolved(model.max_context), exact)

    def slow_machine(relaxed: BuildRequest) -> Build | None:
        found = _machines_for(relaxed, catalog, model, exact, should_stop, slow_prompt=True)
        return min(found, key=lambda b: b.total_price) if found else None

    with _way_budget(request):  # a way's build fits the bridge within the budget asked, as its plan does
        return relax.diagnose(
            request,
            catalog,
            model,
            exact,
            cand,
            should_stop,
            solve=cheapest,
            cluster_of=servers,
            slow_machine=slow_machine,
            reference_job=reference_job,
            set_aside=lambda b: _noted(aside, b),
        )


def _way_machines(
    relaxed: BuildRequest,
    ctx: tuple[Catalog, ModelArch, int | None],
    machines: dict[str, list[Build]],
    cost_cap: float | None,
    stop: Callable[[], bool],
) -> list[Build]:
    """The machines of the plan's sources the solver does not build (WAY_OUT_MACHINES) that run a way out's request,
    under the cap; each source's asked once per request it depends on (_machines_key), kept in `machines`. The
    machines without a bought GPU are ways out (Qwen2.5-7B at 5,000 CNY: a 2,859 CNY mini PC at q4_k_m where the GPU
    search said 6,159; a slow CPU-only box is none beside GPU builds: ranking.slow_cpu_only), and so is a used
    workstation with cards in its slots, as the plan offers it (bases.py): Llama 3.3 70B at 25 tokens/s for 5,000 USD
    had said "raise the budget to 9,357 USD" of an RTX PRO 6000 Max-Q on bought parts (9,356.09) where the plan at
    9,357 labels the card in a used ThinkStation P520 "cheapest" at 8,945 (round 43's benchmarks/way_scan.py)."""
    catalog, model, exact = ctx
    out: list[Build] = []
    for source in WAY_OUT_MACHINES:
        key = f"{source}:{_machines_key(relaxed, source)}"
        if key not in machines:
            unbudgeted = relaxed.model_copy(update={"budget": None})
            machines[key] = _machines_for(unbudgeted, catalog, model, exact, stop, names=(source,))
        out += [b for b in machines[key] if cost_cap is None or b.total_price < cost_cap]
    return out


def _way_builds(
    builds: list[Build],
    relaxed: BuildRequest,
    request: BuildRequest,
    ctx: tuple[Catalog, ModelArch, int | None],
    cost_cap: float | None,
    stop: Callable[[], bool],
) -> list[Build]:
    """A way out's builds measured as a plan's are: PROMPT on every inference build (_with_prompt); of the builds a
    way finds, one whose prompts wait past the minute (more users, a longer context or prompt) is the way only when
    none answers, and it says its wait (relax._describe). A way out delivers what it says: never a build failing a
    rule of its relaxed request (Qwen3-30B-A3B for 4 users at 20 tokens/s had been told an RTX 2070 with the experts in
    a desktop's RAM that decodes 11.05 there). On a new circuit its cards capped too, as the plan there caps them
    (offers.capped_beside)."""
    builds = [_with_prompt(b) for b in builds if not b.fails]
    return builds + [_with_prompt(b) for b in _offers.capped_beside(relaxed, request, ctx, builds, cost_cap, stop)]


def _startable_noting(builds: list[Build], aside: dict[int, tuple[Build, Build]]) -> list[Build]:
    """ranking.startable's builds; beside each one dearer than the cheapest it sets aside (a training build past its
    vendor's support, or whose run is unvalidated on its card), that one noted in `aside` (by the build's id, the build
    kept with it): a way out whose build is on supported software says so when a cheaper one was set aside
    (relax._past_cheaper, which says why: ranking.set_aside_rule)."""
    kept = startable(builds)
    dropped = [b for b in builds if all(b is not k for k in kept)]
    if dropped:
        past = min(dropped, key=lambda b: b.total_price)
        aside.update((id(b), (b, past)) for b in kept if b.total_price > past.total_price + 0.005)
    return kept


def _noted(aside: dict[int, tuple[Build, Build]], build: Build) -> tuple[Build, str | None] | None:
    """The cheaper build set aside beside `build` (_startable_noting) and the support rule that warns its run is
    unvalidated (None: its card is past support; ranking.set_aside_rule), or None. Round 43: or the dearer supported
    build beside a way's build past support that keeps within the budget (_WaySearch.supported; rule None)."""
    noted = aside.get(id(build))
    return (noted[1], set_aside_rule(noted[1])) if noted is not None and noted[0] is build else None


SUPPORTED_TIME = 1.1
"""The deterministic time of each solve of cheapest_supported (the plan's default time budget halved, as a source's
variant search has it): the plan and a way out ask the same request the same way, so each finds the same build."""

SUPPORTED_TRIES = 3
"""The GPU options cheapest_supported solves in turn, cheapest first, for one that reads: the cheapest supported card
may read below reading speed (an RTX 2070 at 4.7 tokens/s beside the P100's 5.3 for Kimi K2), and a search at
READING_TPS cannot stand in, for a card with the experts in RAM is screened on the slowest host (candidates.
slowest_host: 3.9 tokens/s) where the machine solved reads 5.1."""


def cheapest_supported(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    stop: Callable[[], bool],
    cost_cap: float | None = None,
    validated: bool = False,
) -> list[Build]:
    """Round 44: the one search for "the cheapest build on supported software" that an inference request's plan and its
    ways out share: the cheapest build on cards their vendor still supports (support.END_OF_LIFE) that fails no rule of
    `request`, and, where the request asks no speed of its own and so wants reading speed (relax.wants_reading) and
    that build does not read (relax.build_reads), the cheapest supported build that does: the next cheapest GPU option
    (card and count) in turn, up to SUPPORTED_TRIES in all. Read by the plan's sources beside a build past support
    (supported_beside) and by a way's search (_WaySearch.supported), so the supported build a way names is one the plan
    at the way's words shows. Kimi K2 at 20,000 USD had been told a 2-bit GGUF way on an RTX 2060 12GB at 5,214.99 USD
    (5.15 tokens/s: the way's own search, its cheapest few supported builds and the cheapest that reads kept) where
    the plan at those words searched no supported build for a named precision (and for none, the cheapest at any
    speed: an RTX 2070 at 4.7) and showed the 2060 only in a quieter machine at 5,294.99. Each solve gets
    SUPPORTED_TIME, the same for every caller. Round 45: a training request's too (one solve: it wants no reading
    speed), for its ways out (_WaySearch.supported_training); a training plan finds its own beside its cheapest
    (solver.run_labels' "cheapest supported"), so supported_beside stays an inference plan's. Round 47 (ways47):
    `validated`, a supported build whose run is unvalidated on its card (ranking.set_aside_rule: SUP-11, SUP-12) is no
    answer either, and the next GPU option is solved in its place, up to VALIDATED_TRIES more."""
    past = tuple(g.id for g in catalog.gpus if _past_support(g))
    found: list[Build] = []
    tried: set[str] = set()
    for _ in range(SUPPORTED_TRIES + (VALIDATED_TRIES if validated else 0)):
        if stop():
            break
        solved, _cand = _solve_once(
            request,
            catalog,
            model,
            exact,
            1,
            stop,
            SUPPORTED_TIME,
            exclude_gpus=past,
            cost_cap=cost_cap,
            searched=lambda o: o.key not in tried,
        )
        builds = [_with_prompt(b) for b in solved if not b.fails and end_of_life_caveat(b) is None]
        if validated and (unvalidated := [b for b in builds if set_aside_rule(b) is not None]):
            builds = [b for b in builds if set_aside_rule(b) is None]
            if not builds:
                tried.update(f"{b.gpu_id}x{b.gpu_count}" for b in unvalidated)
                continue
        found += builds
        if not builds or not relax.wants_reading(request) or any(relax.build_reads(b) for b in builds):
            break
        tried.update(f"{b.gpu_id}x{b.gpu_count}" for b in solved)
    return found


VALIDATED_TRIES = 3
"""The GPU options cheapest_supported solves beyond SUPPORTED_TRIES for a build whose run is validated on its card
(`validated`): Llama 3.1 70B QLoRA's cheapest supported options are two 16 GB cards whose run SUP-12 (the 4-bit base in
system RAM on a card smaller than any published run's) or SUP-11 (FSDP on Intel XPU) warns is unvalidated, before
two RTX 2080 Ti 22GB."""


def supported_beside(ctx: PlanContext, request: BuildRequest, builds: list[Build]) -> list[Build]:
    """A source's cheapest_supported builds of `request` (the plan's own, or a variant of it: another precision) where
    one of its `builds` is an inference build on a card past its vendor's support: a card past support claims neither
    speed nor value, and a buyer is shown the cheapest supported build beside it (Gemma 3 27B for 4 users had a lone
    MI50 at Q4_K_M and no 24 GB card a buyer would sign for)."""
    if request.workload.kind != "inference" or not any(end_of_life_caveat(b) is not None for b in builds):
        return []
    if len(request.gpu_ids) >= 2 or request.owned_gpu is not None or ctx.should_stop():
        return []  # a comparison of named cards shows each one's own cheapest; an owned card, the plan without it
    return cheapest_supported(
        request, ctx.catalog, ctx.model, ctx.exact_weight_bytes, ctx.should_stop, _offers.cost_cap(ctx)
    )


@dataclass(frozen=True)
class _WaySearch:
    """What the searches of one diagnosis's ways out share: the catalog, the model and its exact weight bytes, and the
    experts-in-RAM tiers found so far (each tier's search once per request); a way's own request, cost cap and stop
    are each call's."""

    catalog: Catalog
    model: ModelArch
    exact: int | None
    tiers: dict[str, list[Build]] = field(default_factory=dict)
    asked: BuildRequest | None = None  # the request the ways are out of: the tiers keep its power limit and circuits

    def experts_tiers(self, relaxed: BuildRequest, cost_cap: float | None, stop: Callable[[], bool]) -> list[Build]:
        """With the experts in RAM, the platform tiers' builds (machines.experts_in_ram: 8 and 12 channels read faster
        than the solver's cheapest 4-channel host), under the cap. Round 47 (ways47): for every way whose request
        leaves the weights' place to the plan (no --offload, the default), as the plan at its words searches them
        (machines.experts_in_ram reads no --offload), and on the asked request's power limit and circuits: a tier
        machine is one card beside the experts, which needs neither, so a way that changes them finds no tier machine
        the budget alone does not buy (relax.search caps it away). Kimi K2.6 at 40,000 CNY had been told "buy outside
        China and raise the budget to 494,826 CNY" (7 x RTX PRO 6000 Max-Q), "power-limit the GPUs to 80 % and raise
        the budget to 760,596 CNY" (8 x A800), where the plan at each of those words labels a 12-channel EPYC with an
        RTX 3090 "cheapest" at 185,279; the tiers seen only under --offload cpu, a pair had taken a tier machine that
        needed neither of its changes (round 45: R1 Q4_K_M at 5,000 USD, "power-limit to 80 % and use 2 circuits")."""
        from configurator.core.solve.machines import experts_in_ram

        w = relaxed.workload
        if self.model.moe is None or (w.offload != "cpu" and not _leaves_offload(relaxed, self.asked)):
            return []
        kept = {} if self.asked is None else _tier_site(self.asked)
        as_asked = relaxed.model_copy(
            update={"workload": w.model_copy(update={"offload": "none"}), "budget": None, **kept}
        )
        default = w.offload != "cpu"
        key = f"{default}:{as_asked.model_copy(update={'power_limit': None}).model_dump_json()}"
        if key not in self.tiers:
            ctx = _context(as_asked, self.catalog, self.model, self.exact, stop)
            # at the default offload, the plan's cheapest experts-in-RAM build too (offers.weights_in_ram: its card
            # with room beside the experts, machines.in_ram_gpus), as the plan at the way's words shows it: DeepSeek-V3
            # Q2_K's budget way had named a tier's 3,471 USD where that plan labels an RTX 2060 12GB at 2,815 "cheapest"
            cheapest = _offers.weights_in_ram(ctx) if default and not stop() else []
            self.tiers[key] = [b for b in [*experts_in_ram(ctx), *cheapest] if not b.fails]
        return [b for b in self.tiers[key] if cost_cap is None or b.total_price < cost_cap]

    def supported(
        self,
        best: Build | None,
        relaxed: BuildRequest,
        budget: float | None,
        cost_cap: float | None,
        stop: Callable[[], bool],
        aside: dict[int, tuple[Build, Build]],
    ) -> Build | None:
        """Round 43: a way's inference build on cards past their vendor's support (ranking.end_of_life_caveat) gives
        its place to the cheapest build on supported cards that serves as well (reads at reading speed where it does,
        its prompts answered where they are) when the cheaper card saves too little beside it: a third or less
        (shown.gives_up_for_little, the one rule for a way out that gives something up for a saving, read by
        relax.gives_up_target_for_little too), and a way within the user's `budget` stays within it. It is noted in
        `aside` beside it, so the way says both
        (relax._past_cheaper: "cheapest build on supported software ...; 1 x NVIDIA Tesla P100 PCIe 16GB for N costs
        less, on a card past its vendor's software support"). DeepSeek-R1 at 5,000 USD had said "cheapest build 1 x
        NVIDIA Tesla P100 PCIe 16GB, 2,662 USD" for a 2-bit GGUF with its experts in RAM, where an RTX 4060 Ti 16GB
        runs it at reading speed for 2,975. Otherwise the way keeps its cheaper card and says it is past support
        (relax._describe). The supported build is searched up to that bound, not under `cost_cap`: where it costs no
        less than a way already found, the way has none under the cap (None). A training way's cards past support are
        set aside already (ranking.startable) where the way's search found a supported one beside it; where it found
        none, supported_training searches it."""
        if best is None or end_of_life_caveat(best) is None or stop():
            return best
        if relaxed.workload.kind != "inference":
            return self.supported_training(best, relaxed, budget, cost_cap, stop, aside)
        cap = SLOWER_DEARER * best.total_price + 0.01  # gives_up_for_little's bound; solve's cost_cap is strict
        reads = relax.build_reads(best)
        # the plan's own search (cheapest_supported: the cheapest supported build, and the cheapest that reads)
        found = cheapest_supported(relaxed, self.catalog, self.model, self.exact, stop, cap)
        found += self.experts_tiers(relaxed, cap, stop)  # their cards are supported ones (machines._tier_gpus)
        found = [_with_prompt(b) for b in found if not b.fails and end_of_life_caveat(b) is None]
        found = [b for b in found if gives_up_for_little(best.total_price, b.total_price)]
        if reads:
            found = [b for b in found if relax.build_reads(b)]
        if _answered([best]):
            found = _answered(found)
        if not found:
            return best
        return _swapped(best, found, budget, cost_cap, aside)

    def supported_training(
        self,
        best: Build,
        relaxed: BuildRequest,
        budget: float | None,
        cost_cap: float | None,
        stop: Callable[[], bool],
        aside: dict[int, tuple[Build, Build]],
    ) -> Build | None:
        """Round 45: a training way's build on cards past their vendor's support, the only build its search found (the
        solver's own supported search, run_labels' "cheapest supported", can come back empty within its time), gives
        its place to the cheapest build on supported cards (cheapest_supported, past-support cards left out of the
        search), as a training plan's "cheapest" does (ranking.startable: a new training job is not started past
        support while another build is found), whatever it costs more; the cheaper one is noted beside it (relax.
        _past_cheaper: "cheapest build on supported software ...; 8 x NVIDIA Tesla V100 PCIe 32GB for N costs less").
        A way within the user's `budget` whose supported build is over it stays, naming that build and its price
        (`supported_*`), and a supported build no cheaper than a way found already (`cost_cap`) leaves the way out
        (None), as for an inference way. Qwen2.5-72B LoRA on exactly 8 GPUs in a server room on a named 120 V outlet
        had been told "use the server room's rack feed: cheapest build 8 x NVIDIA Tesla V100 PCIe 32GB (past CUDA
        support ...), 10,495 USD" alone, where 8 x AMD Instinct MI100 train it in the same ~62 h for 14,175 (label44)."""
        found = cheapest_supported(relaxed, self.catalog, self.model, self.exact, stop, validated=True)
        # a supported card whose run is unvalidated there (SUP-11, SUP-12: ranking.set_aside_rule) is no alternative a
        # plan would call "cheapest" either (ranking.startable): 2 x RTX 4060 Ti 16GB for a 70B QLoRA beside two P100.
        # Round 47: the search goes on past it to the cheapest supported build whose run is validated (two RTX 2080 Ti
        # 22GB at 2,219 USD), where the power-cap way of Llama 3.1 70B QLoRA at 1,500 USD had named two P100 at 1,492
        found = [b for b in found if not b.fails and end_of_life_caveat(b) is None and set_aside_rule(b) is None]
        if not found:
            return best  # none on supported cards: the way says its card is past support (relax._describe)
        return _swapped(best, found, budget, cost_cap, aside)

    def cheapest_reading(
        self,
        builds: list[Build],
        relaxed: BuildRequest,
        cost_cap: float | None,
        stop: Callable[[], bool],
        searched: Candidates | None,
    ) -> Build | None:
        """A way out's build where reading speed is wanted (relax.wants_reading), of the `builds` found for `relaxed`
        and, when none reads, of the experts-in-RAM tiers and a search at reading speed (`searched`: the GPU options
        proven to hold no build under the cap)."""
        # the way out a buyer can act on reads (rules.READING_TPS): the cheapest build at reading speed when one
        # exists, else the cheapest (relax says it is below reading speed). DeepSeek-R1 Q4 at 15,000 USD had been told
        # a 4-channel Xeon W with the experts in RAM at 3.6 tok/s for 16,945 USD, where the 8-channel platform tier
        # reads at 7.7 for 17,512 (expert case deepseek-r1-q4-15000-way-out-reads)
        catalog, model, exact = self.catalog, self.model, self.exact
        if not any(relax.build_reads(b) for b in builds) and not stop():
            builds += self.experts_tiers(relaxed, cost_cap, stop)
        if not any(relax.build_reads(b) for b in builds) and not stop():
            faster = relaxed.model_copy(update={"min_decode_tps": READING_TPS})
            if not _no_build_among(searched, _gpu_options(model, faster, catalog, exact, (), cost_cap)):
                builds += _solve_once(faster, catalog, model, exact, 1, stop, 1.0, cost_cap=cost_cap)[0]
        builds = [_with_prompt(b) for b in builds]
        reading = [b for b in builds if relax.build_reads(b)]
        chosen = _answered(reading) or reading or _answered(builds) or builds
        return min(chosen, key=lambda b: b.total_price) if chosen else None


def _leaves_offload(relaxed: BuildRequest, asked: BuildRequest | None) -> bool:
    """Whether a way's request leaves the weights' place to the plan (a way out of a diagnosed request, `asked`): an
    inference job with no --offload and no engine but llama.cpp named, whose plan searches the experts-in-RAM tiers
    (machines.experts_in_ram) at its own precision. Not a release the RAM machines run at another (relax.
    _release_kept_in_ram: an FP8 or 16-bit release at Q8_0): its way at Q8_0 says so ("q8+offload"), and a budget way
    on a Q8_0 tier machine had named 24,681 USD for DeepSeek-R1 at 5,000 USD where the plan at that budget labels the
    usual Q4_K_M GGUF at 5,871 "cheapest"."""
    w = relaxed.workload
    if asked is None or w.kind != "inference" or w.offload != "none" or w.engine not in (None, "llama.cpp"):
        return False
    # the job as asked: a way that changes the money, the site or the market, not the workload (a KV cache, context or
    # precision way: each a tier search of its own, which had spent the search's bound before the 2-bit way of Kimi
    # K2.5 at 20,000 USD was tried)
    return w == asked.workload and not relax._release_kept_in_ram(relaxed)


def _tier_site(asked: BuildRequest) -> dict[str, object]:
    """The asked request's power limit and wall circuits, which a way's experts-in-RAM tier machines keep
    (_WaySearch.experts_tiers)."""
    return {
        "power_limit": asked.power_limit,
        "circuits": asked.circuits,
        "circuit": asked.circuit,
        "circuit_asked": asked.circuit_asked,
    }


NO_CARD_MACHINES = ("cpu-only", "mini-pc", "unified-memory")
"""Sources whose machines buy no GPU (or are one unified memory): what they build depends on no power limit, circuit,
GPU count, budget, offload or engine (_machines_key), and the usual GGUF's machines are theirs (_usual_gguf_machines)."""


def _swapped(
    best: Build,
    found: Sequence[Build],
    budget: float | None,
    cost_cap: float | None,
    aside: dict[int, tuple[Build, Build]],
) -> Build | None:
    """The way's build once the cheapest of `found` (builds on supported cards) takes the place of `best` (past
    support), for inference and training ways alike (_WaySearch.supported, .supported_training), with the pair noted in
    `aside` for relax._past_cheaper's words."""
    kept = min(found, key=lambda b: b.total_price)
    if budget is not None and best.total_price <= budget < kept.total_price:
        # a way within the user's own budget stays within it: the supported card would add "raise the budget" to
        # the words (an expert case had signed Kimi K2.6's P100 way within 40,000 CNY, noting only that it did not
        # say past support); the way names that card and its price beside it (relax._past_cheaper's `supported_*`)
        aside[id(best)] = (best, kept)
        return best
    if cost_cap is not None and kept.total_price >= cost_cap - 0.005:
        # the way it stands for is no cheaper than a way already found (relax.search's attempt): it would change
        # something more for nothing. Without this DeepSeek-V3 Q2_K at 1,200 USD had its KV-cache-and-offload pair
        # on the P100 at 2,662 USD listed before the offload way on an RTX 4060 Ti at 2,975, the same supported card
        return None
    aside[id(kept)] = (kept, best)
    return kept


def _machines_key(relaxed: BuildRequest, source: str = NO_CARD_MACHINES[0]) -> str:
    """What a way-out machine source's builds depend on in a way out's request (_diagnose asks them once per remaining
    request): the machines without a bought GPU (NO_CARD_MACHINES) not on its power limit, circuits, GPU count,
    budget, offload or engine; the others' (a used workstation's cards: bases.py) on all but its budget."""
    if source not in NO_CARD_MACHINES:
        return relaxed.model_copy(update={"budget": None}).model_dump_json()
    w = relaxed.workload
    return relaxed.model_copy(
        update={
            "power_limit": None,
            "circuits": 1,
            "max_gpus": 1,
            "budget": None,
            "workload": w.model_copy(update={"offload": "none", "engine": None}),
        }
    ).model_dump_json()


def _no_build_among(searched: Candidates | None, cand: Candidates) -> bool:
    """Whether `cand`'s GPU options are each one of `searched`'s, options among which the same request less its speed
    target was proven to hold no build under the same cap: its platform parts are the same (platform_parts reads no
    speed target), and a speed target only adds constraints. The way out at reading speed then needs no model of its
    own (#34: 70B at 800 USD solved 12 of its 31 models for nothing)."""
    if searched is None:
        return False
    held: dict[tuple[str, int, int], list[GpuOption]] = {}
    for option in searched.options:
        held.setdefault((option.gpu.id, option.count, option.owned), []).append(option)
    return all(option in held.get((option.gpu.id, option.count, option.owned), ()) for option in cand.options)


SLOWER_ONLY = frozenset({"optimizer", "activation_offload", "grad_checkpointing", "zero"})
"""Training workload fields the estimate's time never reads (_training_time: the FLOPs read the method, context and
recomputation, the rate the context, method, batch, --mfu, precision and fused kernels, the peak and the all-reduce
scaling the GPU and its count), recomputation only adding FLOPs: changing them makes no job faster."""


class _TrainingFloor:
    """Whether a relaxation of a training request provably leaves every GPU option out (nothing faster can come of it),
    so that the relaxation search need not estimate and solve it.

    The estimate's wall hours on n cards of k GPUs are FLOPs / (peak x rate x restart share(nk) x scaling(nk)) / nk
    (estimator._training_time): the FLOPs only grow with recomputation, the rate reads no GPU count, the restart share
    falls with the count and the scaling is one constant for any count above one (1 for one GPU), both at most 1; a
    power limit only slows it (with_power_limit). So on at most `max_gpus` cards no option is faster than the GPU-hours
    of one card of it over max_gpus x k GPUs, and where that is beyond the deadline (or the year without one) for every
    GPU of the catalog, gpu_options finds no option and _solve_once no build. A 70B pretraining run of 10^12 tokens in
    90 days needs over a hundred H100s: its search had estimated every card at every count once more for each
    recomputation, 8-bit optimizer and activation-offload way out (about half of that plan's CPU time)."""

    def __init__(self, request: BuildRequest, catalog: Catalog, model: ModelArch, exact: int | None) -> None:
        self.request, self.catalog, self.model, self.exact = request, catalog, model, exact
        self.base = request.workload.resolved(model.max_context)
        self._hours: dict[str, tuple[float, int] | None] = {}  # GPU id -> (GPU-hours on one card, its GPUs)

    def _calibration_monotone(self) -> bool:
        cal = CAL  # the shipped constants: a plan is never estimated with others
        scalings = (cal.multi_gpu_scaling_nvlink, cal.multi_gpu_scaling_pcie_p2p, cal.multi_gpu_scaling_pcie)
        return max(scalings) <= 1.0 and cal.interruptions_per_gpu_hour >= 0 and cal.hours_lost_per_interruption >= 0

    def _no_faster(self, w: Workload) -> bool:
        base = self.base
        if base.kind == "inference" or not base.tokens or base.method == "qlora" or w.offload != "none":
            return False  # QLoRA and offload may run from host RAM (estimate_as_practitioner): another formula
        if base.grad_checkpointing and not w.grad_checkpointing:
            return False
        fields = type(base).model_fields
        return all(getattr(base, f) == getattr(w, f) for f in fields if f not in SLOWER_ONLY)

    def _card_hours(self, gpu: Gpu) -> tuple[float, int] | None:
        """(GPU-hours of the job on one card, the card's GPUs), or None where the estimate gives no hours."""
        if gpu.id not in self._hours:
            try:
                est = estimate(self.model, self.base, gpu, 1, exact_weight_bytes=self.exact)
            except (ValueError, ConfiguratorError):
                est = None
            hours = est.gpu_hours if est is not None else None
            self._hours[gpu.id] = (hours, est.gpus) if est is not None and hours and est.gpus >= 1 else None
        return self._hours[gpu.id]

    def _beyond(self, gpu: Gpu, cards: int, deadline: float) -> bool:
        found = self._card_hours(gpu)
        # a margin for rounding: the bound holds in exact arithmetic, the estimate's hours are floating point
        return found is not None and found[0] / (cards * found[1]) > deadline * (1 + 1e-9)

    def rules_out(self, relaxed: BuildRequest) -> bool:
        w = relaxed.workload.resolved(self.model.max_context)
        deadline = effective_deadline(relaxed, w)
        if deadline is None or not self._no_faster(w) or not self._calibration_monotone():
            return False
        # every GPU gpu_options could try, the first within reach ending the test (asked once per GPU)
        return all(self._beyond(gpu, relaxed.max_gpus, deadline) for gpu in self.catalog.gpus)


def _machines_for(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    should_stop: Callable[[], bool],
    slow_prompt: bool = False,
    names: tuple[str, ...] = NO_CARD_MACHINES,
) -> list[Build]:
    """The machines of the sources `names` that run `request` as asked, passing every rule and not slow (ranking's
    slow_cpu_only): candidates for a way out. `slow_prompt`: instead those slow only for their prompt wait (PROMPT),
    which relax.diagnose offers, saying the wait, when it finds no other way out."""
    ctx = _context(request, catalog, model, exact, should_stop)
    out = []
    for entry in SOURCES:
        if entry.name not in names or should_stop():
            continue
        for build in entry.run(ctx):
            m = measure(build, request)
            slow_only_for_prompt = m.slow_cpu_only and m.readable and not m.short
            if (
                m.passing
                and meets_speed(build.estimate, request)
                and (slow_only_for_prompt if slow_prompt else not m.slow_cpu_only)
            ):
                out.append(build)
    return out


def _weights_in_ram(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    should_stop: Callable[[], bool],
    cost_cap: float | None = None,
) -> Build | None:
    """The cheapest build with llama.cpp keeping the MoE experts (or some layers) in system RAM, labelled."""
    variant = request.model_copy(update={"workload": _with_offload(request.workload), "top_k": 1})
    found, _ = _solve_once(variant, catalog, model, exact, 1, should_stop, 1.0, cost_cap=cost_cap)
    return found[0].of_kind(Reason.of("kind.cheapest-in-ram", moe=model.moe is not None)) if found else None


def _speed_words(build: Build) -> tuple[float | None, Reason | None]:
    e = build.estimate
    if e.decode_tokens_per_s is not None:
        return e.decode_tokens_per_s, Reason.of("speed.tps", tps=e.decode_tokens_per_s)
    if e.wall_hours:
        return -e.wall_hours, Reason.of("speed.hours", hours=e.wall_hours)
    return None, None


def _compared(builds: list[Build]) -> list[Build]:
    """Say what each alternative buys over the first build: price and speed differences."""
    first = builds[0]
    base_speed, base_words = _speed_words(first)
    out = [first]
    for build in builds[1:]:
        delta = build.total_price - first.total_price
        speed, words = _speed_words(build)
        parts = [Reason.of("against.price", delta=delta, currency=build.currency, rank=first.rank)]
        if speed is not None and base_speed is not None and words is not None and base_words is not None:
            if english(words) != english(base_words):  # the same figure as shown is no difference
                parts.append(Reason.of("against.speed", speed=words, base=base_words))
        vram, base_vram = build.gpu_count * build.nodes, first.gpu_count * first.nodes
        if build.gpu_id != first.gpu_id or vram != base_vram:
            parts.append(
                Reason.of(
                    "against.gpus",
                    gpus=vram,
                    gpu=build.gpu_id,
                    base_gpus=base_vram,
                    base_gpu=first.gpu_id,
                    # the cards as the GPUs column names them (round 32): "2 x rtx-3090 instead of 1 x rtx-3090"
                    # had read ids
                    cards=gpus_said(build) if vram else None,
                    base_cards=gpus_said(first) if base_vram else None,
                )
            )
        against = Reason.of("against", parts=tuple(parts))
        out.append(build.model_copy(update={"why": f"{build.why} ({english(against)})", "against": against}))
    return out


def _with_decode_draw(build: Build) -> Build:
    """A build whose cards decode one stream as a layer split (one card works at a time) with its wall draw while
    decoding beside its full-load one (`Power.decode_wall_w`, rules.watts.one_stream_split_gpu_w): two RTX 3090 with
    Llama 3.3 70B at Q4_K_M for one user had stated 993 W, every card at full power, where one works at a time. The
    supply keeps the full-load draw (a prompt runs every card); the circuit is judged as an electrician does (CIR-1,
    rules.watts.circuit_holds: the decode draw lasts, a prompt's is a burst); the electricity is reckoned at this one
    (costs.tco)."""
    e, p = build.estimate, build.power
    if not pw.one_stream_layer_split(e.workload, e.split, build.gpu_count, build.nodes):
        return build
    if p.dc_load_w <= 0 or p.wall_w <= 0 or p.gpu_w <= 0:
        return build
    decode = pw.decode_wall_w(p.dc_load_w, p.wall_w, p.gpu_w, build.gpu_count)
    # CIR-1 (rules.watts.circuit_holds): the decode draw is the load that lasts, a prompt's full draw a burst
    ok = pw.circuit_holds(p.wall_w, decode, p.circuit_limit_w)
    return build.model_copy(update={"power": p.model_copy(update={"decode_wall_w": decode, "circuit_ok": ok})})


def _with_costs(
    builds: list[Build],
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    request: BuildRequest,
    exact: int | None,
    ownership: OwnershipInputs | None = None,
) -> list[Build]:
    """Attach buy-versus-rent figures to each build: for the buyer's inputs (`ownership`, as tco.recosted reckons
    them), else (None or the defaults) the regional ones."""
    from configurator.core.costs.tco import OwnershipInputs, cost_of_ownership_for, reclaims, with_costs

    mine = ownership if ownership is not None and ownership != OwnershipInputs() else None
    out = []
    for build in builds:
        costs = cost_of_ownership_for(
            build,
            catalog,
            model,
            workload,
            request.region,
            profile=None if mine is None else mine.profile(build.currency, request.region, reclaims(build)),
            assumptions=None if mine is None else mine.assumptions(),
            exact_weight_bytes=exact,
        )
        out.append(with_costs(build, costs))
    return out


def _with_curves(
    builds: list[Build],
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    request: BuildRequest,
    exact: int | None,
) -> list[Build]:
    """Attach the time/cost curve (solve/cluster.py node_curve) to each ready-made-server build of a training plan, and
    to cluster inference builds: one curve per system, spanning the largest of its builds."""
    training = workload.kind != "inference" and workload.tokens is not None
    systems = {s.id: s for s in _systems(catalog, request)}

    def system_of(build: Build) -> System | None:
        first = build.parts[0] if build.parts else None
        if first is None or first.category != "system" or (not training and build.nodes < 2):
            return None
        return systems.get(first.id)

    largest: dict[str, int] = {}
    for build in builds:
        system = system_of(build)
        if system is not None:
            largest[system.id] = max(largest.get(system.id, 0), build.nodes)
    curves = {
        sid: node_curve(systems[sid], request, catalog, model, workload, exact, nodes) for sid, nodes in largest.items()
    }
    out = []
    for build in builds:
        system = system_of(build)
        curve = curves.get(system.id) if system is not None else None
        out.append(
            build
            if curve is None
            else build.model_copy(update={"node_curve": curve.model_copy(update={"chosen_nodes": build.nodes})})
        )
    return out


def _device_order(build: Build, mixed: Sequence[Gpu]) -> str:
    """The environment that numbers a mix's NVIDIA cards in the estimate's device order (Build.gpus_mixed, which the
    --tensor-split and the memory table follow) where placement seated them in another order top to bottom (round 49:
    Mina's blower RTX A5000 in slot 2 above her RTX 3090 in slot 5): CUDA_DEVICE_ORDER=PCI_BUS_ID numbers the cards by
    their PCI bus, which on the catalog's desktop boards follows the slots top to bottom (an assumption: a board's
    bus numbering is not in its manual), and CUDA_VISIBLE_DEVICES lists them in device order ("enumerated in the
    order of the sequence", docs.nvidia.com/deploy/topics/topic_5_2_1.html). Without it CUDA's default order breaks
    a tie of two cards of one compute capability by the PCI bus too (microsoft/onnxruntime PR #28066, 2026-04), so the
    A5000 on top could take the 3090's share. Empty when the slots already run in device order or not on CUDA."""
    numbers = gpu_numbers(build)
    if numbers == sorted(numbers) or not mixed or any(g.vendor != "nvidia" for g in mixed):
        return ""
    in_slots = sorted(range(len(numbers)), key=lambda k: numbers[k])  # device 0's slot index, then device 1's...
    return "CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=" + ",".join(str(k) for k in in_slots)


def _launch(model: ModelArch, build: Build, catalog: Catalog) -> LaunchJson:
    """The build's launch command, for the card it has (a training job on a card without bf16 runs in fp16), after
    its cards' power cap when the build sets one (PWR-9's command)."""
    gpu = catalog.records["gpus"].get(build.gpu_id)
    first = build.parts[0] if build.parts else None
    system = catalog.records["systems"].get(first.id) if first is not None and first.category == "system" else None
    if build.estimate.workload["kind"] == "inference" and isinstance(system, System) and system.unified is not None:
        # a Mac's GPU: its launch names llama.cpp's Metal build (launch.metal); a Strix Halo's llama.cpp launch builds the
        # Vulkan backend its estimate times (launch.build-vulkan); the other boxes' as before
        llamacpp = build.estimate.workload.get("engine") == "llama.cpp"
        gpu = system_gpu(system) if system_vendor(system) == "apple" or llamacpp else None
    # a mix of cards (solve.mixed) runs one llama-server over all of them, built for each card's architecture
    mixed = [g for i in dict.fromkeys(build.gpus_mixed) if isinstance(g := catalog.records["gpus"].get(i), Gpu)]
    launch = launch_command(
        model,
        build.estimate,
        parallelism=build.parallelism,
        gpu=gpu if isinstance(gpu, Gpu) else None,
        nodes=build.nodes,
        mixed=mixed,
    )
    pinned = _device_order(build, mixed)
    if pinned and launch.get("command"):
        launch = {**launch, "command": f"{pinned} {launch['command']}"}
    wired = next((c.fields for c in build.checks if c.rule == MEM_FIT.id and c.code == "raised"), None)
    if wired is not None and wired.get("vendor") == "apple" and launch.get("command"):
        # a Mac that holds the model only with its GPU's wired limit raised (MEM-FIT's "raised": the same MB the check
        # names) runs the job after raising it: macOS forgets the setting at every restart
        launch = {**launch, "command": f"sudo sysctl iogpu.wired_limit_mb={wired['wired_mb']} && {launch['command']}"}
    cap = next((c.fields.get("command") for c in build.checks if c.rule == POWER_CAP.id and c.code == "at-boot"), "")
    if cap and launch.get("command"):
        # a power-limited build runs its job only with its cards capped (PWR-9: the limit does not persist): the
        # cap goes first, so the job never starts at full power on a circuit sized for the capped cards
        launch = {**launch, "command": f"{cap} && {launch['command']}"}
    return launch


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _cycles_collected_after(run: Callable[_P, _R]) -> Callable[_P, _R]:
    """`run` with Python's cycle collector paused until it returns (#34). A plan allocates a few hundred thousand
    objects (estimates, pydantic models, CP-SAT expressions) and leaves almost no cycles, yet each collection walks the
    young objects and every tenth or so the whole heap with the catalog in it: 20-30 % of a 70B plan's CPU (plan() with
    the collector off, 3 runs each, 2026-12-03: 70B top-5 1.3-1.6 s against 1.7-1.8 s, the 70B cluster plan 0.6-0.8 s
    against 0.9-1.1 s). The cycles left are collected when it returns (about 3,600 objects; peak memory unchanged,
    106 MB against 105). A plan inside a plan, or a caller that paused the collector itself, leaves it as it was."""

    @functools.wraps(run)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return run(*args, **kwargs)
        gc.disable()
        try:
            return run(*args, **kwargs)
        finally:
            gc.enable()

    return paused


@_cycles_collected_after
def plan(
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch | None = None,
    exact_weight_bytes: int | None = None,
    on_progress: Callable[[str], None] = lambda _message: None,
    should_stop: Callable[[], bool] = lambda: False,
    time_budget: float = 2.2,
    on_partial: Callable[[PlanResult], None] | None = None,
    relax: bool = True,
    sources: bool = True,
    cheapest_only: bool = False,
    ownership: OwnershipInputs | None = None,
) -> PlanResult:
    """Ranked builds for the request; when none fits, the reason and the cheapest relaxation.

    The pipeline (house-style, "Offers, measures, labels"): every registered source (solve.sources, solve.offers)
    returns complete builds; each is measured the same way; solve.ranking.rank_and_label ranks and labels the whole
    set; costs, curves and launch commands come last. `on_partial` receives the builds found so far, as they are
    found. `relax=False` reports why nothing fits (and a cluster when allowed) without searching for relaxations.
    `sources=False` leaves out the machines of solve/machines.py (CPU-only, mini PCs, platform tiers, servers): a
    map of named GPUs only. `cheapest_only` (a map cell's plan): at top_k 1, only the build such a plan shows, found
    with less work (_offered); any plan of a cell (a comparison of named GPUs too) without costs, curves or launch
    command. `ownership` (the Buy-or-rent inputs: usage, seats, requests a day, hours): the demand the ranking judges
    SERVE by (serving_basis, round 38) and the inputs the builds are costed with, so that short_qualified's claims say
    that demand (round 39: one plan, one ranking; the window had relabelled after it); None: the regional defaults.
    """
    started = time.monotonic()
    # a system named among the GPUs ("Only GPUs: mac-studio-..., rtx-3090") is compared with them (issue #31)
    request = split_named(request, catalog.records["gpus"], catalog.records["systems"])
    # a plan asked for fewer builds than PLAN_TOP finds and ranks the full plan's and shows its first (_showing): the
    # same builds, in the same order, with the same claims (a map cell, `cheapest_only`, keeps its own shortcut)
    showing = request.top_k
    if not cheapest_only:
        request = request.model_copy(update={"top_k": max(request.top_k, PLAN_TOP)})
    model = _model_of(request, catalog, model)
    request, usage_said = _request_said(request, model, ownership)
    request = _native_precision(request, model)
    asked = request
    request = _reference_job(request)
    serving = None if cheapest_only else serving_basis(model, request.region, ownership)

    def partial(so_far: list[Build]) -> None:
        if on_partial is not None:
            unlabelled = [b.model_copy(update={"label": "", "why": ""}) for b in so_far]  # as the solver returns them
            builds = tuple(rank_and_label(unlabelled, _showing(request, showing), request.top_k, serving))
            said = (Reason.of("note.solving"),)
            on_partial(PlanResult.said_as(builds, None, time.monotonic() - started, said))

    on_progress("estimating GPU options")  # sources: every strategy offers complete builds
    ctx = PlanRun(
        request=request,
        catalog=catalog,
        model=model,
        workload=request.workload.resolved(model.max_context),
        exact_weight_bytes=exact_weight_bytes,
        should_stop=should_stop,
        time_budget=time_budget,
        on_partial=partial,
        serving=serving,
        ownership=ownership,
    )
    # measure: every build the same way (the reference job said where the request named none)
    lean = cheapest_only  # the caller (a map cell) reads the builds' prices and estimates only: no enrichment
    cheapest_only = cheapest_only and request.top_k == 1 and not request.compares
    offered = [_measured(b, asked, ctx) for b in _offered_once(ctx, sources, asked if cheapest_only else None)]
    found = _in_ram_said(_released_said(offered, asked), asked)
    found = found if lean else _with_gains(found, catalog, model, asked)  # a map cell claims nothing of room
    cand = ctx.solved.get(AS_ASKED) or gpu_options(model, request, catalog, exact_weight_bytes)
    if any(_answers(b, request) for b in found):
        builds, notes = _shown_builds(ctx, asked, found, cand, ways=relax and sources, lean=lean, showing=showing)
        return PlanResult.said_as(tuple(builds), None, time.monotonic() - started, (*usage_said, *notes))
    if cand.timed_out:
        infeasible = Infeasible.of((Reason.of("nothing.time-limit"),), Reason.of("way.time-limit"), (TIME_LIMIT,))
        return PlanResult(builds=(), infeasible=infeasible, solve_seconds=time.monotonic() - started)
    on_progress("nothing fits: looking for the cheapest relaxation")
    builds, infeasible, notes = _nothing_fits(ctx, asked, found, cand, relax, showing)
    if request.system_ids:
        notes += _compared_gpus_note(builds, request, catalog, cand, ctx.refused)
    return PlanResult.said_as(tuple(builds), infeasible, time.monotonic() - started, (*usage_said, *notes))


def _request_said(
    request: BuildRequest, model: ModelArch, ownership: OwnershipInputs | None
) -> tuple[BuildRequest, tuple[Reason, ...]]:
    """The request as planned (its usage's context: _usage_context) and the notes that say what it assumed of it: the
    usage's context, a server room's rack feed (_room_feed_said)."""
    request, usage_said = _usage_context(request, model, ownership)
    return request, (*usage_said, *_room_feed_said(request))


def _room_feed_said(request: BuildRequest) -> tuple[Reason, ...]:
    """A server room's plan on the room's own rack feed (request.server_room_feed: 208 V 30 A in North America, not a
    120 V wall outlet) says so, its outlet, its continuous watts and its source (note.room-feed). Round 45: not where
    the user named the circuit himself (request.circuit_asked): the feed is then no assumption of the plan's but his
    own word, and a CNY buyer who typed `--circuit 220v16a` had been told what a Chinese server room's feed is."""
    feed = server_room_feed(request.currency, request.region)
    if request.room != "server-room" or request.circuit != feed.circuit or request.circuit_asked:
        return ()
    return (
        Reason.of(
            "note.room-feed",
            circuit=circuit_said(feed.circuit),
            outlet="" if feed.circuit in RACK_FEED_CIRCUITS else feed.outlet,  # its name says its NEMA L6-30
            watts=circuit_limit_w(feed.circuit),
            source=feed.source,
        ),
    )


def _usage_context(
    request: BuildRequest, model: ModelArch, ownership: OwnershipInputs | None
) -> tuple[BuildRequest, tuple[Reason, ...]]:
    """Round 40: an inference request with no context typed, for a usage that needs its own (a coding agent's 64k:
    costs.api.usage_context), is planned at that context, so the memory and KV cache the builds hold are the usage's
    the plan claims to serve, with a note that says so (note.usage-context); else as it is. A 4,096-token context had
    held a tenth of the coding agent's 42,000-token prompts while the plan costed and labelled it on them."""
    from configurator.core.costs.api import USAGES, usage_context

    usage = None if ownership is None else ownership.usage
    w = request.workload
    context = None if w.kind != "inference" else usage_context(usage, w.context, model.max_context, w.prompt)
    request = _typical_request(request, ownership, context)
    w = request.workload
    if context is None or usage is None:
        return request, ()
    said = Reason.of(
        "note.usage-context",
        usage=usage,
        context=context,
        prompt=USAGES[usage].prompt_tokens or 0,
        reply=USAGES[usage].reply_tokens or 0,
        source=USAGES[usage].context_source,
        **({"asked": USAGES[usage].context_tokens} if context < (USAGES[usage].context_tokens or 0) else {}),
    )
    return request.model_copy(update={"workload": w.model_copy(update={"context": context})}), (said,)


def _typical_request(request: BuildRequest, ownership: OwnershipInputs | None, context: int | None) -> BuildRequest:
    """Round 44: a team's inference request (a usage or seats named) carries the tokens its typical request holds by
    its end, the usage's prompt and reply (costs.api.request_shape: a coding agent's 42,000 + 480, a chat's trace
    median 1,020 + 129, a stated --prompt), which a paged engine's KV pool is sized on (common.serving_pool.KvPool):
    ten coding streams had been held at ten whole 64k windows. Else as it is."""
    from configurator.core.costs.api import Demand, request_shape

    w = request.workload
    if w.kind != "inference" or ownership is None or (ownership.usage is None and ownership.seats is None):
        return request
    window = context or w.context
    shaped = w.model_dump(mode="json") | ({"context": window} if window else {})
    prompt, reply, _trace, _own = request_shape(shaped, Demand(days_per_year=250.0, usage=ownership.usage))
    typical = prompt + reply if window is None else min(prompt + reply, window)
    return request.model_copy(update={"workload": w.model_copy(update={"typical_tokens": typical})})


def serving_basis(model: ModelArch, region: str, ownership: OwnershipInputs | None = None) -> ServingBasis:
    """Round 38: what the ranking judges SERVE by, the figures the Buy-or-rent costs read (tco.served_hours): the
    model (its attention prices a long prompt's prefill: need.prefill_scale), the users' demand (the buyer's usage,
    seats and requests a day, else each user at reading speed) and the verdict over the buyer's usage profile (the
    regional defaults without `ownership`). The plan-time reading rule had read the chat's prompt at the estimate's
    prefill rate as it is, the costs the usage's prompt at its attention scale: the 5-seat coding team's Mac mini read
    6.7 tokens/s a user at plan time and 5.2 in Buy-or-rent."""
    from configurator.core.costs.tco import UsageProfile, default_profile, reclaims, served_hours

    inputs = ownership

    def profile(currency: str, business: bool = False) -> UsageProfile:
        if inputs is None:
            return default_profile(currency, region, business)
        return inputs.profile(currency, region, business)

    def serves(build: Build) -> bool | None:
        served = served_hours(build, profile(build.currency, reclaims(build)), model)
        return None if served is None else served.serving

    def share(build: Build) -> float | None:
        # SERVE's field `share` (rules.job.Serving.short): what it makes of the demand, 1.0 when it serves it
        served = served_hours(build, profile(build.currency, reclaims(build)), model)
        if served is None:
            return None
        demand = served.demand_tokens
        return min(served.capacity_tokens / demand, 1.0) if demand > 0 else 1.0

    return ServingBasis(model, profile("USD").demand, serves, share)


def _basis(ctx: PlanRun) -> ServingBasis | None:
    return ctx.serving if isinstance(ctx.serving, ServingBasis) else None


def _model_of(request: BuildRequest, catalog: Catalog, model: ModelArch | None) -> ModelArch:
    """The request's model (given, or from the catalog); unknown model or GPU ids are the request's error."""
    if model is None:
        found_model = catalog.records["models"].get(request.model_id)
        if not isinstance(found_model, ModelArch):
            raise unknown_ids([request.model_id], catalog.records["models"], "model") or RequestError(request.model_id)
        model = found_model
    return model


WHOLE_MACHINE_SOURCES = ("unified-memory", "ready-made-server", "named-systems", "cpu-only", "mini-pc")
"""Sources whose builds are a ready-made system or have no card: never the same machine as a build from parts."""


def _offered_once(ctx: PlanRun, sources: bool, cheapest_for: BuildRequest | None) -> list[Build]:
    """_offered, once per request (its top_k at the places it is solved for, so `--top 1` and the full plan are one
    request), catalog and model: a plan asked again for fewer builds (the label check's `--top 1` and `--top 2` plans
    beside the expert suite's full ones) ranks the same builds without searching again. With what the sources left in
    the plan's context (the solver's options and builds as asked, the named systems refused); a stopped search's
    partial answer is not kept, and a record replaced or added in the catalog (an edited price) searches again. A map cell (`cheapest_for`) searches under its own caps each time."""
    if cheapest_for is not None:
        return _offered(ctx, sources, cheapest_for)

    def offer() -> tuple[list[Build], dict[str, Candidates], dict[str, Reason], dict[str, list[Build]]]:
        return _offered(ctx, sources), dict(ctx.solved), dict(ctx.refused), dict(ctx.builds)

    # every record an anchor: the window's catalog editor and quote import replace a record in the same catalog, and
    # a plan after an edited price must search again (464 records: ~15 us to gather)
    records = tuple(r for kind in ctx.catalog.records.values() for r in kind.values())
    rates = tuple(sorted(ctx.catalog.exchange_rates.items()))
    # round 40: and the stated demand, which the searches' reading rule reads (sources.keeps_up: the fewest cards that
    # serve, the machines without a card, the unified-memory boxes); a plan for another demand searches again
    key = (
        ctx.request.model_dump_json(),
        id(ctx.model),
        ctx.exact_weight_bytes,
        sources,
        ctx.time_budget,
        rates,
        demand_key(ctx),
    )
    anchors = (ctx.catalog, ctx.model, *records)
    found = remember("plan.offered", key, anchors, offer, keep=lambda _value: not ctx.should_stop())
    builds, solved, refused, made = found
    ctx.solved.update(solved)
    ctx.refused.update(refused)
    ctx.builds.update(made)
    return list(builds)


def _offered(ctx: PlanRun, sources: bool, cheapest_for: BuildRequest | None = None) -> list[Build]:
    """Every source's complete builds, each machine once, those the request rules out left out.

    `cheapest_for` (plan(cheapest_only=True), the request as asked): only the build a map cell shows matters, the
    cheapest that passes (ranking._cheapest_claims). The whole machines are offered first, and every build in hand
    that is sure to stay among the rivals for "cheapest" caps the searches that follow (offers.cost_cap): a dearer
    build cannot be shown. The builds are then taken in the sources' own order, so each machine's copy is the same."""
    entries = [
        e
        for e in SOURCES
        if sources or e.name not in (*MACHINE_SOURCES, *BASE_SOURCES, *READY_MADE_SOURCES, *USUAL_SOURCES)
    ]
    # (without sources: a map of named GPUs, no Mac, mini PC, ready-made server or other format in their place)
    if cheapest_for is not None:
        entries.sort(key=lambda e: e.name not in WHOLE_MACHINE_SOURCES)  # stable: each group in its own order
    offers: dict[str, list[Build]] = {}
    rivals: list[Rival] = []  # room to grow's floor over the builds found so far (grow.RoomToGrow.starting_from)
    for entry in entries:
        if ctx.should_stop():
            break
        with ROOM_TO_GROW.starting_from(ROOM_TO_GROW.floor(rivals) if rivals else None):
            offers[entry.name] = entry.run(ctx)
        rivals += _grow_rivals(offers[entry.name], ctx.request)
        if cheapest_for is not None and offers[entry.name]:
            kept = _each_once(ctx.request, [(e.name, offers[e.name]) for e in SOURCES if e.name in offers])
            ctx.shown_at_most[:] = _cheapest_in_hand(kept, ctx.request, cheapest_for)
    return _each_once(ctx.request, [(e.name, offers[e.name]) for e in SOURCES if e.name in offers])


def _grow_rivals(builds: list[Build], request: BuildRequest) -> list[Rival]:
    """What room to grow's floor reads of a source's builds (grow.Rival, the speed in the search's units: perf_of),
    those the ranking's floor may stand on (ranking._field's `within`): failing no rule, within the budget, not too loud
    for the room, prompts not waiting, no slow CPU-only box."""
    out = []
    for b in builds:
        m = measure(b, request)
        if m.passing and m.within_budget and not (m.too_loud or m.waits or m.slow_cpu_only):
            out.append(Rival(m.price, perf_of(b.estimate), end_of_life_caveat(b) is None, m.readable))
    return out


SHOWN_MARGIN = (1.01, 10.0)
"""A build in hand caps the searches at its price x 1.01 + 10: the solver's prices are sums of whole currency units per
part (solver._paid), so a build of the same price or less always stays below the cap."""


def _cheapest_in_hand(builds: list[Build], request: BuildRequest, asked: BuildRequest) -> list[float]:
    """Caps from the builds kept so far (_each_once) that answer and that no other build can take out of the rivals
    for "cheapest" (ranking._field): one machine with a card (a slow CPU-only box is set aside beside one), within
    the budget, failing no rule, at reading speed, not too loud for the room, its prompts not waiting. Beside such a build a dearer one is not
    the cheapest, and a map cell shows the cheapest."""
    caps = []
    for build in builds:
        m = measure(_measured(build, asked), request)
        # nor a training build on a card past its vendor's support (ranking: a supported one takes "cheapest" from it)
        if (
            _answers(build, request)
            and not cpu_only(build)
            and m.readable
            and not m.too_loud
            and not m.waits
            and not m.past_support
        ):
            caps.append(build.total_price * SHOWN_MARGIN[0] + SHOWN_MARGIN[1])
    return caps


def _other_count(build: Build, request: BuildRequest) -> bool:
    """ "Exactly N GPUs" asked (--exact-gpus) and `build` is not one machine with N: CPU-only boxes, other counts and
    clusters are not answers, nor rivals for a label. The one rule the sources' builds (_each_once) and the ready-made
    servers a plan with nothing from parts shows (_nothing_fits) read."""
    return request.exact_gpus and (build.nodes != 1 or build.gpu_count != request.max_gpus)


def _each_once(request: BuildRequest, offers: list[tuple[str, list[Build]]]) -> list[Build]:
    """The sources' builds in their order, each machine once, those the request rules out left out."""
    found = list[Build]()
    for name, builds in offers:
        for build in builds:
            if _other_count(build, request):
                continue  # "exactly N GPUs" asked: CPU-only boxes, other counts and clusters are not answers
            if request.named and not named_build(build, request):
                continue  # named GPUs: a Mac or a CPU-only box is not one of them (the map's named-GPU cells too)
            twin = next((i for i, b in enumerate(found) if _same(b, build)), None)
            if twin is None:  # two sources may offer one machine: it is shown once
                found.append(build.model_copy(update={"source": name}))
            elif name == "usual-gguf" and _no_card_bought(found[twin]) and _decode(build) > _decode(found[twin]):
                # the same box without a card at the usual GGUF replaces its run at the release's quality (Q8_0 where
                # no precision was named: sources.in_ram; BF16 before it, which nobody decodes from DDR: Qwen3-4B at
                # 500 USD had shown the 8845HS mini PC at 7.5 tok/s in BF16 and not at 18.6 in Q4_K_M)
                found[twin] = build.model_copy(update={"source": name})
            elif name == "usual-served" and quantized(found[twin], request) != quantized(build, request):
                # the same machine at FP8 (the release's quality) and at AWQ int4 (usual.USUAL's two served formats)
                # are two answers when the fewer bits buy more speed than the estimate can tell apart (FASTER), as
                # release-on-cards' Q8_0 beside Q4_K_M: 2 x RTX 2080 Ti 22GB for 16 users of Qwen3-30B-A3B had kept
                # its AWQ run alone (45.6 tokens/s), dropping its FP8 one (42.3); 2 x L20 had shown its AWQ run (24.8)
                # beside its FP8 one (25.9). The release's run replaces a quantized twin that is no faster
                found = _served_twin(found, twin, build.model_copy(update={"source": name}), request)
            elif name == "usual-served" and _decode(build) > _decode(found[twin]):
                # the same machine at FP8 on vLLM replaces its run as released: several users' server loads the
                # weights at FP8 (USUAL_SERVED). Dr. Chen's 8 x RTX 2080 Ti 22GB had been kept at BF16 (37.5 tokens/s,
                # then off the list) where FP8 gives 51.1 for 53,025 CNY, the most speed for the money, so "best
                # value" went to two RTX 5090 D at 40.1 for 44,552 CNY
                found[twin] = build.model_copy(update={"source": name})
            elif name == "usual-finetune" and _hours(build) < _hours(found[twin]):
                # the same one-card machine fine-tuning with Unsloth replaces its run with the default framework: an
                # 8B LoRA's RTX A5000 had been kept at 20.5 h with PEFT (the main search's value label found it first,
                # once its speed label searched the cheapest build within 3 % too) where Unsloth trains it in 19 h
                found[twin] = build.model_copy(update={"source": name})
            elif (
                _release_on_cards_run(name, build) and quantized(found[twin], request) and not quantized(build, request)
            ):
                # the same machine at Q8_0 is another answer beside its Q4_K_M run, not a twin: the buyer picks the
                # quality. Llama 3.1 8B at 1,500 USD kept one RTX 3080 Ti at Q4_K_M (117.2 tokens/s) and dropped its
                # Q8_0 run (74.3), so "fastest at release quality" went to 2 x RTX 2080 Ti in BF16, 59.4 for 1,467 USD;
                # then (round 39) a used Z440 + RTX 3080 Ti's Q8_0 run (763 USD, 74.3) was dropped beside its Q4_K_M
                # one, and the claim went to the same card in a tower from parts at 1,150 USD
                found.append(build.model_copy(update={"source": name}))
            elif name == "usual-kv" and found[twin].estimate.offloaded_bytes and _decode(build) > _decode(found[twin]):
                # the same machine with a q8_0 cache replaces its f16 run that keeps layers in system RAM: a llama.cpp
                # user turns to -ctk q8_0 -ctv q8_0 before -ngl below the layer count. Qwen3-32B Q4_K_M at 32k on one
                # RTX 3090 had been shown at 9.5 tokens/s with 8 layers in RAM where q8_0 holds it all at 29.1
                found[twin] = build.model_copy(update={"source": name})
    return found


def _release_on_cards_run(source: str, build: Build) -> bool:
    """A build with cards at RELEASE_IN_RAM as the release (kind.release-on-cards): the release-on-cards source's, or
    another source's run at that format (a used base machine's, solve/bases._variants)."""
    return source == "release-on-cards" or any(k.code == "kind.release-on-cards" for k in build.kinds_said())


def _served_twin(found: list[Build], twin: int, build: Build, request: BuildRequest) -> list[Build]:
    """_each_once's rule for one machine run at the release's quality and at fewer bits (usual-served's FP8 and AWQ
    int4): both when the quantized run is FASTER, else the release's run alone."""
    release, fewer = (found[twin], build) if quantized(build, request) else (build, found[twin])
    if _decode(fewer) > FASTER * _decode(release):
        return [*found, build]
    return [*found[:twin], release, *found[twin + 1 :]]


def _hours(build: Build) -> float:
    """A training build's wall-clock hours (infinite without a time)."""
    return build.estimate.wall_hours or float("inf")


def _showing(request: BuildRequest, showing: int) -> BuildRequest:
    """The request the ranking shows `showing` builds of: rank_and_label ranks them in the places the plan solved for
    (request.top_k: PLAN_TOP for fewer; a map cell's own) and shows the first."""
    return request if request.top_k == showing else request.model_copy(update={"top_k": showing})


def _shown_builds(
    ctx: PlanRun,
    asked: BuildRequest,
    found: list[Build],
    cand: Candidates,
    *,
    ways: bool,
    lean: bool,
    showing: int,
) -> tuple[list[Build], list[Reason]]:
    """Builds answer the request: the builds shown, ranked and labelled by one function over the whole set
    (rank_and_label), each after the first saying what it buys over it, and the plan's notes (the card the user owns
    left out, a named GPU or system without a build, and with `ways` the ways to reading speed and a QLoRA's bf16 LoRA);
    without `lean` (a map cell's plan) their costs, curves and launch commands."""
    request, catalog, model, exact = ctx.request, ctx.catalog, ctx.model, ctx.exact_weight_bytes
    builds = rank_and_label(found, _showing(request, showing), request.top_k, _basis(ctx))
    reference_job = asked.workload.tokens is None
    notes = _owned_card_note(found, builds, request, catalog, model, exact, cand, ctx.should_stop, reference_job)
    notes += _compared_gpus_note(builds, request, catalog, cand, ctx.refused)
    if ways:
        with reading_by(functools.partial(_build_rate, ctx)):
            notes += _reading_speed_ways(asked, found, catalog, model, exact, ctx.should_stop, ctx.time_budget)
    builds = _compared(builds)
    if ways and not lean:  # round 47: a Qwen3.5/3.6 QLoRA beside the same job as bf16 LoRA (solve.lora_instead)
        notes += lora_instead(asked, catalog, model)
    return (builds if lean else _enriched(builds, catalog, model, asked, exact, ctx.ownership)), notes


def _nothing_fits(
    ctx: PlanRun, asked: BuildRequest, found: list[Build], cand: Candidates, relax: bool, showing: int
) -> tuple[list[Build], Infeasible, list[Reason]]:
    """No build answers the request: why, the ways out (solve/relax.py), and what is still shown (the builds found
    beyond the budget or failing a rule, and a cluster of ready-made servers where one does the job)."""
    request, catalog, model, exact = ctx.request, ctx.catalog, ctx.model, ctx.exact_weight_bytes
    stop = ctx.should_stop if relax else (lambda: True)
    # round 40: a way's build reads at the plan's reading rate (a stated demand's served rate), as the labels read it
    with reading_by(functools.partial(_build_rate, ctx)):
        infeasible, cluster = _diagnose(request, catalog, model, exact, cand, stop, asked.workload.tokens is None)
    compute = _training_compute(asked, catalog, model, asked.workload.resolved(model.max_context), exact)
    if compute is not None:
        infeasible = infeasible.with_clause(compute)
    if infeasible.relaxed_request is not None and asked.workload.tokens is None:
        # the reference job times the builds; applying a relaxation keeps the request's own (no) tokens
        relaxed = infeasible.relaxed_request
        no_tokens = relaxed.workload.model_copy(update={"tokens": None})
        infeasible = infeasible.model_copy(
            update={"relaxed_request": relaxed.model_copy(update={"workload": no_tokens})}
        )
    extra, notes = list(found), list[Reason]()
    if cluster is not None and _other_count(cluster, request):
        # --exact-gpus 8 and a 4-GPU server: a way out (the count given up, relax.py says so), not the answer. Qwen2.5
        # 72B LoRA, 8 GPUs exactly at 70,000 USD on a US outlet, had shown a 4 x RTX 6000 Ada server (48,000 USD, 79 h
        # per 100 M tokens: 7.30 training tokens/s per 1,000 USD) as "cheapest; fastest within budget; best value"
        # beside the way out "allow up to 8 GPUs": 2 x RTX PRO 6000 Max-Q, 19,935 USD, 70 h (19.8 per 1,000 USD)
        cluster = None
    if cluster is not None:
        # the time/cost curve: the other cluster sizes (1, 3, 12 months, fastest within budget) follow the answer
        others = [
            b
            for b in _cluster_options(request, catalog, model, ctx.workload, exact)
            if (b.nodes != cluster.nodes or b.gpu_id != cluster.gpu_id) and not _other_count(b, request)
        ][: max(0, request.top_k - 1)]
        extra += [_measured(b.model_copy(update={"source": "cluster"}), asked) for b in (cluster, *others)]
        # ready-made servers run the job as asked: they are the answer even when a relaxation (a lower precision,
        # say) is cheaper, which the infeasible part still offers (405B in bf16 had answered only "use q4_k_m")
        notes.append(Reason.of("note.servers", nodes=cluster.nodes, server_room=not cluster.power.circuit_ok))
        if cluster.nodes > 1:
            notes.append(Reason.of("note.rack-scale"))
    return (
        _enriched(
            rank_and_label(extra, _showing(request, showing), request.top_k, _basis(ctx)),
            catalog,
            model,
            asked,
            exact,
            ctx.ownership,
        ),
        infeasible,
        notes,
    )


"""Said under a plan of several 8-GPU servers (#28): why the rack a practitioner might compare is not offered."""


RELEASED_LOW_BIT = ("fp8", "int4-experts", "int4", "mxfp4")
"""Releases a request without --precision runs as released: their makers publish no 16-bit checkpoint (DeepSeek-V3 and
R1 ship FP8 only, and BF16 takes their fp8_cast_bf16.py conversion, README_WEIGHTS.md / the V3 README's "How to Run
Locally"; Kimi K2.5 ships its routed experts INT4, the rest BF16: model card, "native INT4 quantization"; gpt-oss its
experts MXFP4), so BF16 is a copy nobody serves. Kimi K2.5 at 15,000 USD had been planned at BF16 (2,053 GB, "240.8 GiB
per GPU at 8") where its release is 594 GB."""


def _native_precision(request: BuildRequest, model: ModelArch) -> BuildRequest:
    """An inference request that names no precision runs the weights as released when they ship low-bit
    (RELEASED_LOW_BIT, counted as the format counts them: gpt-oss's and Kimi K2.5's experts alone 4-bit, the rest BF16),
    and says so (precision_released: the builds' kind.released-as, and the machines llama.cpp runs from RAM still
    take the usual GGUF where llama.cpp cannot load the release, an FP8 one). Upcasting 13 GB of gpt-oss-20b to 42 GB
    had priced it out of an 800 USD desktop (issue #28)."""
    w = request.workload
    if w.kind != "inference" or w.precision is not None or model.native_precision not in RELEASED_LOW_BIT:
        return request
    if w.engine is not None and w.engine not in engines_for(model.native_precision):
        return request  # an engine named that cannot load the release (llama.cpp and FP8): its own default stands
    released = w.model_copy(update={"precision": model.native_precision})
    return request.model_copy(update={"workload": released, "precision_released": True})


def _released_said(found: list[Build], request: BuildRequest) -> list[Build]:
    """Each build that runs the weights as released where the request named no precision (precision_released) says
    so in its label (kind.released-as), as the builds at the usual GGUF say theirs: DeepSeek-V3's vLLM server at FP8
    beside an experts-in-RAM host at Q4_K_M."""
    if not request.precision_released:
        return found
    precision = str(request.workload.precision)
    said = Reason.of(
        "kind.released-as", precision=precision.split("-")[0].upper(), experts=weight_format(precision).moe_only
    )
    return [b.of_kind(*b.kinds_said(), said) if b.estimate.workload.get("precision") == precision else b for b in found]


def _in_ram_said(found: list[Build], request: BuildRequest) -> list[Build]:
    """Each build that reads a 16-bit release from RAM at RELEASE_IN_RAM where the request named no precision
    (sources.in_ram: CPU only, mini PCs and unified memory, the experts-in-RAM hosts) says so in its label
    (kind.release-in-ram), as the builds at the usual GGUF say theirs."""
    if not release_in_ram(request):
        return found
    # an FP8 release read at Q8_0 is about its own bytes, not half of them (sources.RELEASES_AS_Q8)
    released = str(request.workload.precision).upper() if request.precision_released else None
    said = Reason.of(
        "kind.release-in-ram", precision=RELEASE_IN_RAM.upper(), **({"released": released} if released else {})
    )
    return [
        b.of_kind(*b.kinds_said(), said)
        if b.estimate.workload.get("precision") == RELEASE_IN_RAM
        and not any(k.code == "kind.release-on-cards" for k in b.kinds_said())
        else b
        for b in found
    ]


USUAL_GGUF = USUAL.gguf
"""What a machine without a GPU, and the cards beside it, run when the request names no precision (usual.USUAL)."""


USUAL_GGUF_USERS = USUAL.gguf_users
"""Up to this many users llama.cpp is also the release's server (usual.USUAL); past it vLLM is."""


def _usual_gguf_machines(ctx: PlanContext) -> list[Build]:
    """An inference request without --precision (and no engine but llama.cpp, no GPU named): the machines
    without a bought GPU (CPU only, mini PCs, unified memory) also run the model at USUAL_GGUF, and say so in their
    label, as do the cheapest and the fastest build with cards (for any number of users: usual.USUAL); each says what
    the 4-bit weights cost (quality_cost). The other builds with cards keep the weights as released (BF16), which vLLM
    serves; a 7B at CNY 5,000 had ended "infeasible, use q4_k_m" where a 2,859 CNY mini PC answers it (issue #28)."""
    request = ctx.request
    w = request.workload
    if not relax.usual_gguf_applies(request):
        return []
    variant = request.model_copy(
        update={"workload": w.model_copy(update={"precision": USUAL_GGUF}), "precision_released": False}
    )
    found = _machines_for(variant, ctx.catalog, ctx.model, ctx.exact_weight_bytes, ctx.should_stop)
    if not ctx.should_stop():
        # and the cheapest machine with a card at that format: one 12 GB card runs a 14B at Q4_K_M where BF16 asks
        # for four 11 GB cards in tensor parallel (a single user's Ollama or LM Studio pulls the Q4_K_M); and the
        # fastest at that format, within a budget or not: Gemma 4 31B at 2,500 EUR had its "fastest within budget" on
        # a 22 GB RTX 2080 Ti at 21.9 tokens/s (the cheapest card's search alone) where a used RTX 3090 is what the
        # budget buys, and Llama 3.1 8B with no budget called 2 x A100 80GB in BF16 at 26,573 USD "fastest" where one
        # RTX 5090 decodes its Q4_K_M faster for 5,591 USD. The ranking says which of the two answers each is
        # (ranking._fastest_claim: "fastest at Q4_K_M", "fastest at release quality"). For several users too
        # (usual.USUAL: llama-server's -np slots), so a card is compared with a Mac at the same 4-bit quant
        cards = _solve_variant(ctx, variant, 2)
        cards += supported_beside(ctx, variant, cards)  # a card past its support: the cheapest supported beside it
        found += [b.of_kind(why="") for b in cards]  # the objective's name and why are no claim (offers: solver)
    if ctx.model.moe is not None and not ctx.should_stop():
        # and a MoE model's experts in RAM at each platform tier, as its GGUF users run it: DeepSeek-V3.1 at
        # 20,000 USD with no --precision had ended "nothing fits, raise the budget to 35,580 USD" (FP8 on GPUs) while
        # the same request at Q4_K_M has experts-in-RAM builds from 16,620 USD
        found += _experts_in_ram_at(variant, ctx)
    said = Reason.of("kind.usual-gguf", precision=USUAL_GGUF.upper())
    return [b.of_kind(*b.kinds_said(), said, why=_with_cost(b, quality_cost(USUAL_GGUF))) for b in found]


def _with_cost(build: Build, cost: tuple[Reason, ...]) -> str | tuple[Reason, ...]:
    """The build's own why with what its weights cost in quality after it (quality_cost): a Mac at Q4_K_M says it as
    the card beside it at Q4_K_M does. A why still in words (no codes) is kept as it is."""
    said = build.offered if "; ".join(english(r) for r in build.offered) == build.why else ()
    return (*said, *cost) if said or not build.why else build.why  # no why yet (a card build's): the cost alone


def _release_on_cards(ctx: PlanContext) -> list[Build]:
    """A single user's request without --precision that llama.cpp runs (sources.release_in_ram, a 16-bit release, up
    to USUAL_GGUF_USERS users): the fastest builds with cards at RELEASE_IN_RAM (Q8_0, scored as the release:
    ranking.RELEASE_QUALITY_BITS), as the machines reading from RAM run it. Without them the cards ran only BF16 and
    Q4_K_M, so "fastest at release quality" compared CPU-only Q8_0 with BF16 cards: GLM-4.7-Flash at 2,000 USD called
    an EPYC 7302 at 27.4 tokens/s the fastest at release quality where 2 x RTX 2080 Ti 22GB hold its Q8_0 (30.2 GiB)
    at 79.8 tokens/s for 1,783 USD (round 33, judge33b)."""
    request = ctx.request
    if (
        not relax.usual_gguf_applies(request)
        or not release_in_ram(request)
        or request.precision_released
        or not USUAL.release_on_cards(request.workload.batch)
        or ctx.should_stop()
    ):
        return []
    variant = request.model_copy(update={"workload": request.workload.model_copy(update={"precision": RELEASE_IN_RAM})})
    cards = _solve_variant(ctx, variant, 2)
    cards += supported_beside(ctx, variant, cards)  # as the usual GGUF's cards: the cheapest supported beside one past
    said = Reason.of("kind.release-on-cards", precision=RELEASE_IN_RAM.upper())
    return [b.of_kind(said, why="") for b in cards]  # the objective's name and why are no claim (as usual-gguf)


USUAL_SERVED = USUAL.served[0].precision
"""What several users' server runs the release at when the request names no precision (usual.USUAL: FP8 on vLLM)."""


def _usual_served_builds(ctx: PlanContext) -> list[Build]:
    """An inference request for more users than USUAL_GGUF_USERS (past Ollama's four slots: a server's job), with no
    --precision, no engine but vLLM named, no GPU owned, for a model released in BF16, FP16 or FP8 (then as released,
    kind.released-served): also solved at
    USUAL_SERVED on vLLM (the cheapest build and, within a budget, the solver's other searches too: the fastest, the
    best value, the quietest...), each build saying so in its label. GPUs named (`--gpu l20,a800-80gb-pcie`) are
    compared at it too: Dr. Chen's side-by-side had kept BF16, an A800 paired with an L20 in a llama.cpp layer split."""
    request, model = ctx.request, ctx.model
    w = request.workload
    if (
        w.kind != "inference"
        or w.precision is not None
        or w.engine not in (None, "vllm")
        or w.batch <= USUAL_GGUF_USERS
        or request.owned_gpu is not None
        or model.native_precision not in (None, "bf16", "fp16", USUAL_SERVED)
        or ctx.should_stop()
    ):
        return []
    out: list[Build] = []
    for served in USUAL.served_for(bool(request.named)):
        if ctx.should_stop():
            break
        out += _served_at(ctx, served)
    return out


def _served_at(ctx: PlanContext, served: Served) -> list[Build]:
    """_usual_served_builds at one of USUAL's served formats, each build saying which in its label (and, below the
    release's quality, what the bits cost: quality_cost)."""
    request, model = ctx.request, ctx.model
    w = request.workload
    variant = request.model_copy(
        update={"workload": w.model_copy(update={"precision": served.precision, "engine": served.engine})}
    )
    cards = _solve_variant(ctx, variant, request.top_k if request.budget is not None else 1, answered_too=True)
    fewest = _fewest_cards_served(ctx, variant, cards)
    # weights released in FP8 are served as released (vLLM reads the checkpoint's own FP8 scales), not upcast to
    # BF16: Mistral Medium 3.5 128B for 5 users at 40,000 USD had ended "nothing fits" at BF16 (256 GB of weights)
    # where three RTX PRO 6000 Blackwell Max-Q hold its FP8 release for 28,590 USD
    code = "kind.released-served" if model.native_precision == served.precision else served.kind
    said = Reason.of(code, precision=format_said(served.precision))
    fewer = _fewest_kinds(fewest)
    why = quality_cost(served.precision) or ""  # the objective's name and why are no claim: offers.solver
    return [b.of_kind(said, why=why) for b in cards] + [b.of_kind(said, k, why=why) for b, k in zip(fewest, fewer)]


def quality_cost(precision: str) -> tuple[Reason, ...]:
    """What a build's weights at `precision` cost in quality where the request named no precision and the format is
    below the release's (ranking.RELEASE_QUALITY_BITS): the published perplexity delta (usual.QUALITY_COST), or that
    it is 4-bit with none read. Nothing for 8 bits or more."""
    if weight_format(precision).bulk_bits >= RELEASE_QUALITY_BITS - 1e-9:
        return ()
    cost = QUALITY_COST.get(precision)
    if cost is None:
        return (Reason.of("why.quality-4bit", precision=format_said(precision)),)
    return (
        Reason.of(
            "why.quality-cost",
            precision=format_said(precision),
            ppl_pct=cost.ppl_pct,
            model=cost.model,
            source=cost.source,
        ),
    )


def _fewest_cards_served(ctx: PlanContext, variant: BuildRequest, found: list[Build]) -> list[Build]:
    """The cheapest build on the fewest cards that serve every user at reading speed with their prompts answered
    within PROMPT's minute, when that is fewer cards than every build the variant's own searches found (a plan that
    shows more than one build). Fewer cards are a simpler server to build, power and run (fewer failure points, a
    tensor-parallel pair in place of a pipeline of five); each label search finds the optimum of its own number and
    no more, so the pair was never searched for: Dr. Chen's 20 students on Qwen2.5-32B at FP8 were shown 5 x RTX
    4060 Ti, 3 x RTX 3090, 8 x RTX 2080 Ti 22GB and 8 x RTX A5000, where two 32 GB RTX PRO 4500 Blackwell (27.2
    tokens/s each, tensor parallel) or two 48 GB RTX 4090 (29.7) serve them.

    Then, on one card more (FEWER_CARDS_MORE), the cheapest that serves them when it costs less: one A800 80GB
    (97,436 CNY, 31.0 tokens/s each) had become the one "fewest cards" build, and the pair of RTX PRO 4500 that serves
    the same students at 27.2 for 45,782 CNY, less than half of it, was no longer shown."""
    if ctx.request.top_k <= 1 or not found or ctx.should_stop():
        return []
    cand = _gpu_options(ctx.model, variant, ctx.catalog, ctx.exact_weight_bytes, (), None)
    serving = [o for o in cand.options if _keeps_up(ctx, o.estimate) and _prompt_for(ctx, o.estimate).status == "pass"]
    if not serving:
        return []
    n = min(o.count for o in serving)
    most = min(b.gpu_count * b.nodes for b in found)
    out: list[Build] = []
    for count in range(n, min(most, n + 1 + FEWER_CARDS_MORE)):
        keys = {o.key for o in serving if o.count == count}
        if not keys or ctx.should_stop():
            continue
        got = [b for b in _solve_variant(ctx, variant, 1, searched=functools.partial(_keyed, keys)) if not b.fails]
        # (a build failing a rule is no server to name: one Arc Pro B60 Dual at AWQ int4 had been "the fewest cards
        # that serve every user" for Dr. Chen while failing PCI-6, its two GPUs on one card in tensor parallel)
        if got and (not out or got[0].total_price < out[-1].total_price):
            out.append(got[0])
    return out


def _keeps_up(ctx: PlanContext, estimate: EstimateResult) -> bool:
    """Whether each user gets reading speed (rules.READING_TPS): the decode speed, or, where the buyer states a demand
    (a usage, requests a day: the plan's ServingBasis), the served rate per user with each request's prefill counted,
    the rate the ranking's reading rule and SERVE read (round 39: the search's filter had read the decode speed while
    the labels read the coding agent's 42k prompts; round 40: sources.keeps_up, which every such search reads)."""
    return keeps_up(ctx, estimate)


def _prompt_for(ctx: PlanContext, estimate: EstimateResult) -> Check:
    """PROMPT on an estimate as the plan times it (round 40): the stated usage's own prompt where it is not the typed
    one (costs.api.usage_stream: a coding agent's 42,000 tokens, most cached, its uncached part at its attention
    scale), the figure every first-token line and SERVE read; else the typed prompt's (rules.prompt_check)."""
    from configurator.core.costs.api import usage_stream

    basis = _basis(ctx) if isinstance(ctx, PlanRun) else None
    if basis is None or basis.demand is None:
        return prompt_check(estimate)
    return prompt_check(estimate, usage_stream(estimate, basis.demand, basis.model))


def _usage_prompt_timed(ctx: PlanContext, build: Build) -> Build:
    """A build whose PROMPT times the stated usage's prompt (_prompt_for) in place of the typed one's: the labels read
    its wait (ranking.measure), as the line under it says it. Round 39 had said "first token 29.4 s after its users'
    42,000-token prompt" beside a PROMPT that timed 1,020 tokens; five seats sending one at once wait five times it."""
    e = build.estimate
    basis = _basis(ctx) if isinstance(ctx, PlanRun) else None
    if basis is None or basis.demand is None or basis.demand.usage is None:
        return build
    if e.workload.get("kind", "inference") != "inference" or not e.prefill_tokens_per_s:
        return build
    timed = _prompt_for(ctx, e)
    kept = tuple(c for c in build.checks if c.rule != PROMPT.id)
    if len(kept) == len(build.checks):
        return build  # no PROMPT to re-time (no first-token estimate: _with_prompt gave it none)
    order = {"fail": 0, "warn": 1, "pass": 2}
    return build.model_copy(update={"checks": tuple(sorted((*kept, timed), key=lambda c: order[c.status]))})


def _build_rate(ctx: PlanContext, build: Build) -> float:
    """A build's reading rate as the plan's reading rule reads it (sources.reading_rate_of)."""
    return reading_rate_of(ctx, build.estimate)


def _keyed(keys: set[str], option: GpuOption) -> bool:
    return option.key in keys


FEWER_CARDS_MORE = 1
"""How many cards beyond the fewest _fewest_cards_served also searches for a cheaper server: one, the pair beside the
one card (each count is one more CP-SAT search)."""


def _fewest_kinds(builds: list[Build]) -> list[Reason]:
    """What each of _fewest_cards_served's builds is: the first the fewest cards, each next one the cheaper server on
    more cards, with what it saves against the first (kind.fewer-cards-cheaper)."""
    if not builds:
        return []
    first = builds[0]
    kinds = [Reason.of("kind.fewest-cards", count=first.gpu_count)]
    for b in builds[1:]:
        kinds.append(
            Reason.of(
                "kind.cheaper-on-more-cards",
                count=b.gpu_count,
                fewest=first.gpu_count,
                gpu=next((p.name for p in first.parts if p.category == "gpu"), first.gpu_id),
                saves=first.total_price - b.total_price,
                currency=b.currency,
            )
        )
    return kinds


USUAL_FINETUNE = "unsloth"
"""The stack a practitioner fine-tunes adapters with when none is named: Unsloth (its requirements page, read
2026-12-03: QLoRA of a 32B in 26 GB, of a 70B in 41 GB; google-gemma/gemma-skills' gemma-trainer, read 2026-12-03: 'For
local single-GPU training, always recommend Unsloth'). Its offloaded gradient checkpointing keeps the checkpointed
activations in host RAM, which is what lets a 31B QLoRA onto one 24 GB card. On several cards it runs as DDP, each card
holding the whole model: "Unsloth currently supports multi-GPU setups through libraries like Accelerate and DeepSpeed
... to enable multi GPU for DDP ... Run `accelerate launch train.py`" (unsloth.ai/docs/basics/multi-gpu-training-with-
unsloth, read 2026-12-04), the launch the build gives (launch.training.unsloth_command)."""


def usual_finetune_applies(request: BuildRequest) -> bool:
    """A LoRA or QLoRA request that names no framework, no ZeRO stage, no activation or weight offload, no sharding
    stack, no exact GPU count and no own card: the plan also solves it with USUAL_FINETUNE (_usual_finetune_builds),
    and so does a way out's search (_diagnose), so that a way's price and hours are those its plan shows."""
    w = request.workload
    return not (
        w.kind != "finetune"
        or w.method not in ("lora", "qlora")
        or w.framework is not None
        or w.zero
        or w.activation_offload is not None
        or w.offload != "none"
        or w.sharding is not None  # the user named how the HF stack shards (--sharding): that stack, not Unsloth
        or request.exact_gpus
        or request.owned_gpu is not None
    )


def _at_usual_finetune(request: BuildRequest) -> BuildRequest:
    """The request fine-tuned with USUAL_FINETUNE."""
    return request.model_copy(update={"workload": request.workload.model_copy(update={"framework": USUAL_FINETUNE})})


def _with_usual_finetune(builds: list[Build], usual: list[Build]) -> list[Build]:
    """`builds` with the USUAL_FINETUNE builds beside them, as the plan keeps them (_each_once): the same machine once,
    at the fewer hours."""
    out = list(builds)
    for build in usual:
        twin = next((i for i, b in enumerate(out) if _same(b, build)), None)
        if twin is None:
            out.append(build)
        elif _hours(build) < _hours(out[twin]):
            out[twin] = build
    return out


def _usual_finetune_builds(ctx: PlanContext) -> list[Build]:
    """A LoRA or QLoRA request that names no framework, no ZeRO stage and no activation offload: also solved with
    USUAL_FINETUNE (the cheapest build and the solver's other searches too), each build saying so in
    its label, on one GPU or as DDP on several. Gemma 4 31B QLoRA at 2,500 EUR had been answered only with two-card
    PEFT builds (two Tesla P100, two RTX 2060 12GB, two RTX 2080 Ti 22GB): the single used RTX 3090 people train it on
    was missing (walk10). Searched on one card only, Qwen3 8B LoRA at 2,500 USD showed two RTX 2080 Ti 22GB under
    PEFT's DeepSpeed ZeRO-3 at 32 h per 100 M tokens where the same pair as Unsloth DDP trains it in 19 h, and no
    one-card build a second card could join (round 24)."""
    request = ctx.request
    if not usual_finetune_applies(request) or ctx.should_stop():
        return []
    variant = _at_usual_finetune(request)
    # the solver's other searches too, with or without a budget: with no budget only the cheapest had been searched,
    # and Gemma 4 31B QLoRA on one card (no budget) lost every 24 GB card (PEFT needs 27.9 GiB there, Unsloth 19.5):
    # no RTX 4090 at 46 h beside the RTX 2080 Ti 22GB at 155 h, and an MI100 1 % faster shown as "more speed" (review32)
    cards = _solve_variant(ctx, variant, request.top_k)
    # the objective's name and why are no claim (offers: solver)
    return [b.of_kind(Reason.of("kind.usual-finetune", framework="Unsloth", gpus=b.gpu_count), why="") for b in cards]


def _past_support(gpu: Gpu) -> bool:
    """Whether the card's vendor no longer supports its architecture (support.end_of_life)."""
    return support.end_of_life(gpu.vendor, gpu.architecture) is not None


def _context_at(variant: BuildRequest, ctx: PlanContext) -> PlanContext:
    """`ctx` asked about `variant` (the request at USUAL_GGUF or USUAL_KV), with the plan's own time budget."""
    return PlanContext(
        request=variant,
        catalog=ctx.catalog,
        model=ctx.model,
        workload=variant.workload.resolved(ctx.model.max_context),
        exact_weight_bytes=ctx.exact_weight_bytes,
        should_stop=ctx.should_stop,
        time_budget=ctx.time_budget,
    )


def _experts_in_ram_at(variant: BuildRequest, ctx: PlanContext) -> list[Build]:
    """The experts-in-RAM sources (solve.machines "experts-in-ram", solve.offers "experts-in-ram-cheapest") run on
    `variant` (the request at USUAL_GGUF)."""
    at = _context_at(variant, ctx)
    out: list[Build] = []
    for entry in SOURCES:
        if entry.name in ("experts-in-ram", "experts-in-ram-cheapest") and not ctx.should_stop():
            out += [b for b in entry.run(at) if not any(_same(k, b) for k in out)]
    return out


def _usual_kv_builds(ctx: PlanContext) -> list[Build]:
    """An inference request that names no KV precision (`kv_asked` False), run by llama.cpp at a context of
    USUAL_KV_CONTEXT or more, is also solved with a USUAL_KV cache; each such build says so in its label (issue #28:
    two RTX 3090s hold Llama 3.3 70B Q4_K_M at 32k only with -ctk q8_0 -ctv q8_0).

    Only among the GPU options the f16 search has no option for (the card at a count the f16 cache does not fit, a
    card it does not fit at all): on a card and count both caches hold, the q8_0 build is the machine the solver
    source offers already, and the one of the two kept is the f16 build (_each_once keeps the first source's), so
    searching those options again found builds that were then dropped. The 70B top-5 at 16k had spent a third of its
    plan's CPU on such a search (334 of 941 ms, 5 builds, all dropped; 52 ms now, the plan byte-identical). Within
    fewer options its labels reach further among the options only q8_0 holds (benchmarks/plan_diff.py "... no KV
    precision": 8B at 128k for 2,000 USD finds one RTX 5070 Ti 16GB, best value at 64.2 tok/s for 1,592 USD, that the
    whole search had missed)."""
    request, w = ctx.request, ctx.workload
    if not usual_kv_applies(request, w) or ctx.should_stop():
        return []
    from configurator.core.solve.offers import _more_of_the_owned, without_own

    kv = request.workload.model_copy(update={"kv_precision": USUAL_KV})
    variant = request.model_copy(update={"workload": kv, "kv_asked": True})
    as_asked = ctx.solved.get(AS_ASKED) if isinstance(ctx, PlanRun) else None
    # an f16 option that keeps layers in system RAM is searched again: q8_0 may hold it all on the cards (_each_once
    # then shows the q8_0 run of the same machine in its place)
    held = {(o.gpu.id, o.count) for o in as_asked.options if not o.estimate.offloaded_bytes} if as_asked else set()

    def searched(o: GpuOption) -> bool:
        return (o.gpu.id, o.count) not in held

    cards = _solve_variant(ctx, variant, request.top_k, searched=searched)
    said = Reason.of("kind.usual-kv", precision=USUAL_KV)
    out = []
    mine = request.owned_gpu.quantity if request.owned_gpu else 0
    for build in cards:
        owned = _more_of_the_owned(build, mine)  # the objective's name is no claim; buying more of the owned card is
        out.append(owned.of_kind(*owned.kinds_said(), said))
    # round 49: without the own card too, as the f16 cache is searched (offers "owned-card"): Mina's 70B at 32k and 15
    # tokens/s with her RTX 3090 at 6,000 USD had shown a 5,499 USD Mac Studio M5 Ultra as "cheapest" where two RTX 3090
    # Ti at q8_0, her card left out, cost 4,328 (15.3 tokens/s); only the f16 search had been run without her card
    alone = without_own(_context_at(variant, ctx), searched) if request.owned_gpu else []
    return out + [b.of_kind(*b.kinds_said(), said) for b in _mixes_at(variant, ctx) + alone]


def _mixes_at(variant: BuildRequest, ctx: PlanContext) -> list[Build]:
    """The mixed-cards source (solve.mixed: the owned card beside another, or two compared cards) run on `variant`
    (the request at USUAL_KV), where the request owns a card or compares two: round 47, Mina's 70B at 32k with the KV
    cache left open had been shown a second RTX 3090 at q8_0 for 2,787.88 USD (14.2 tok/s) as "cheapest; fastest;
    best value" where a used RTX 3090 Ti beside her 3090 at q8_0 costs 2,767.88 (14.7): only the f16 cache was tried
    beside her card, which holds no 70B at 32k on two 24 GB cards."""
    if variant.owned_gpu is None and len(variant.gpu_ids) < 2:
        return []
    at = _context_at(variant, ctx)
    return [b for entry in SOURCES if entry.name == "mixed-cards" and not ctx.should_stop() for b in entry.run(at)]


def _reference_job(request: BuildRequest) -> BuildRequest:
    """A training request without --tokens, timed for the reference job (ranking.REFERENCE_TOKENS): builds are ranked
    by how fast they train, never by memory per GPU."""
    w = request.workload
    if w.kind == "inference" or w.tokens is not None:
        return request
    return request.model_copy(update={"workload": w.model_copy(update={"tokens": REFERENCE_TOKENS})})


def _measured(build: Build, asked: BuildRequest, ctx: PlanContext | None = None) -> Build:
    """A build as every build is measured; a training build timed for the reference job says so, and an inference
    build carries PROMPT, the wait for a first token (of the last user, with several: _with_prompt), on the stated
    usage's own prompt in a plan's context `ctx` (_usage_prompt_timed, round 40)."""
    e = build.estimate
    if asked.workload.kind == "inference" or asked.workload.tokens is not None or e.workload.get("kind") == "inference":
        return _with_prompt(build) if ctx is None else _usage_prompt_timed(ctx, _with_prompt(build))
    note = (
        f"no --tokens given: timed for a reference job of {REFERENCE_TOKENS / 1e6:,.0f} M tokens, so that builds "
        "are ranked by how fast they train; give --tokens for your own job"
    )
    return build.model_copy(
        update={
            "estimate": e.model_copy(
                update={"reference_tokens": REFERENCE_TOKENS, "assumptions": (*e.assumptions, note)}
            )
        }
    )


def _context(
    request: BuildRequest, catalog: Catalog, model: ModelArch, exact: int | None, stop: Callable[[], bool]
) -> PlanContext:
    """A plan's context for a request the relaxation search or a way out asks about (no time budget of its own)."""
    return PlanContext(
        request=request,
        catalog=catalog,
        model=model,
        workload=request.workload.resolved(model.max_context),
        exact_weight_bytes=exact,
        should_stop=stop,
    )


OWNED_WAY_SOURCES = ("mixed-cards", "owned-card")
"""Where a way out looks when the user's own card cannot do the relaxed job: another card beside it, or a build
without it (the plan's own sources of those builds). Mina's 70B at Q4_K_M, 32k and 15 tokens/s with her RTX 3090 and
2,500 USD of used parts had been offered only "accept 14.2 tokens/s" and a 90,000 USD server; buying new, an RTX PRO
5000 beside her 3090 decodes 16.7 for 5,808 USD."""


def _money_or_kv(relaxed: BuildRequest, request: BuildRequest) -> bool:
    """Whether `relaxed` changes only the budget, the KV cache's precision and the speed target of `request`: the ways
    out searched beside or without the user's own card (_beside_or_without_own). Every other way keeps to the own
    card's builds: each search of those sources costs about a plan's own, and the power, room and circuit ways are for
    the card the user has. Round 47: a lowered speed target is searched there too, as the plan at the way's target
    does: Mina's "accept 14.2 tokens/s" (KV cache at Q8_0) had named a second RTX 3090 at 2,787.88 USD where the plan
    at that target buys a used RTX 3090 Ti beside her 3090 for 2,767.88, faster (14.7)."""
    kv = relaxed.workload.model_copy(update={"kv_precision": request.workload.kv_precision})
    asked = {"budget": request.budget, "workload": kv, "min_decode_tps": request.min_decode_tps}
    return relaxed.model_copy(update=asked) == request


def _beside_or_without_own(ctx: PlanContext, cost_cap: float | None, seen: dict[str, list[Build]]) -> list[Build]:
    """The builds beside or without the user's own card for a relaxed request (OWNED_WAY_SOURCES), under the cap;
    each request is searched once (`seen`, keyed by the request without its budget)."""
    key = ctx.request.model_copy(update={"budget": None}).model_dump_json()
    if key not in seen:
        seen[key] = [
            b for entry in SOURCES if entry.name in OWNED_WAY_SOURCES and not ctx.should_stop() for b in entry.run(ctx)
        ]
    return [b for b in seen[key] if cost_cap is None or b.total_price < cost_cap]


def _named_systems_way(
    relaxed: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    cost_cap: float | None,
    stop: Callable[[], bool],
) -> Build | None:
    """The cheapest named ready-made system that runs the relaxed request, failing no rule and under `cost_cap`: a
    request naming only systems is about them, and no way out assembles a machine from parts nobody named (a Mac Studio
    at 5,299 USD against a 3,000 USD budget had been told "raise the budget to 1,518 USD", of two MI50)."""
    ctx = _context(relaxed, catalog, model, exact, stop)
    systems = [catalog.records["systems"].get(i) for i in relaxed.system_ids]
    built = [named_system_build(ctx, s) for s in systems if isinstance(s, System)]
    ok = [b for b in built if isinstance(b, Build) and not b.fails]
    ok = [b for b in ok if cost_cap is None or b.total_price < cost_cap]
    return min(ok, key=lambda b: b.total_price) if ok else None


def _answered(builds: list[Build]) -> list[Build]:
    """The builds whose prompts do not wait past PROMPT's minute (one user's, or the last of several users')."""
    return [b for b in builds if not any(c.rule == PROMPT.id and c.status != "pass" for c in b.checks)]


def _with_prompt(build: Build) -> Build:
    """An inference build with PROMPT among its checks: the machines without a card have it from their source; a
    build with cards gets it here, the same rule object on the same estimate (rules.prompt_check). One user's own long
    prompt waits too: a 128k prompt's first token on an RTX 2080 Ti comes after over a minute.
    With several users the last of them waits for every prompt before it (users x prompt / prefill rate): Dr. Chen's
    20 students on five RTX 4060 Ti (vLLM pipeline of five, ~730 tokens/s of prefill) wait ~112 s for the last 4k
    prompt's first token, where two RTX 5090 D take ~17 s; ranking.measure reads the check (a build whose prompts
    wait is no rival for a claim)."""
    e = build.estimate
    if (
        e.workload.get("kind", "inference") != "inference"
        or not e.prefill_tokens_per_s
        or e.time_to_first_token_s is None
    ):
        return build
    added = [] if any(c.rule == PROMPT.id for c in build.checks) else [prompt_check(e)]
    # FILL, when the window asked takes past the ten-minute default timeout to fill (rules.fill_check): said only when
    # it warns, a figure every build's `context_fill` shows
    fill = None if any(c.rule == FILL.id for c in build.checks) else fill_check(e)
    if fill is not None and fill.status != "pass":
        added.append(fill)
    if not added:
        return build
    order = {"fail": 0, "warn": 1, "pass": 2}
    checks = sorted((*build.checks, *added), key=lambda c: order[c.status])
    return build.model_copy(update={"checks": tuple(checks)})


def _reading_speed_ways(
    asked: BuildRequest,
    found: list[Build],
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    should_stop: Callable[[], bool],
    time_budget: float,
) -> list[Reason]:
    """When every build that answers an inference request is slower than people read (PERF warns), the ways to reach
    reading speed, cheapest first: the relaxation search of the same request asked at rules.READING_TPS. A 70B at
    Q8_0 on RTX 3090s had answered one card with its layers in RAM at 0.8 tokens/s, labelled "fastest", and no word
    of the 4 x 3090 on two circuits (7,888 USD) that practitioners build for it."""
    if asked.workload.kind != "inference" or asked.min_decode_tps is not None:
        return []
    answering = [b for b in found if _answers(b, asked)]
    if not answering or any(relax.build_reads(b) for b in answering):
        return []
    at_reading = asked.model_copy(update={"min_decode_tps": READING_TPS})
    result = plan(at_reading, catalog, model, exact, should_stop=should_stop, time_budget=time_budget)
    ways = [r for r in (result.infeasible.relaxations if result.infeasible else ()) if "speed" not in r.kind]
    if not ways:
        return _capped_at_reading(at_reading, result.builds)
    said = tuple(r.said or Reason.of("way.other", kind=r.change) for r in ways[:3])
    return [Reason.of("note.reading-ways", tps=READING_TPS, ways=said)]


def _capped_at_reading(at_reading: BuildRequest, builds: tuple[Build, ...]) -> list[Reason]:
    """The way to reading speed where the plan asked at it answers with its cards capped on the circuit the user has
    (the power-limited source, offers.power_limited): said as the power way out says a cap. Since CIR-1 reads NEC
    210.20(A) (round 33), four RTX 3090 at 80 % decode Llama 3.3 70B Q8_0 on a 120 V 15 A outlet (1,588 W in a
    prompt, 719 W decoding) where the way had been a cap at 70 %; the note must still name them."""
    capped = [b for b in builds if b.power_limit is not None]
    if not capped:
        return []
    b = min(capped, key=lambda b: b.total_price)
    relaxed = at_reading.model_copy(update={"power_limit": b.power_limit})
    way = relax._describe("power", relaxed, b.total_price, at_reading, b)
    return [Reason.of("note.reading-ways", tps=READING_TPS, ways=(way,))]


def _answers(build: Build, request: BuildRequest) -> bool:
    """A build that answers the request as asked: one machine, within the budget, failing no rule."""
    return (
        build.nodes == 1 and (request.budget is None or build.total_price <= request.budget + 0.01) and not build.fails
    )


def _owned_card_note(
    found: list[Build],
    builds: list[Build],
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    exact: int | None,
    cand: Candidates,
    should_stop: Callable[[], bool],
    reference_job: bool,
) -> list[Reason]:
    """When no build shown uses the card the user owns: why not (the builds shown leave it out). `reference_job`: a
    training request without --tokens (_diagnose then searches no rental, which the note would leave out anyway)."""
    owned = request.owned_gpu

    def uses_card(build: Build) -> bool:
        return any(p.category == "gpu" and p.owned for p in build.parts)

    if owned is None or any(uses_card(b) for b in builds):
        return []
    owned_name = getattr(catalog.records["gpus"].get(owned.id), "name", owned.id)
    with_card = [b for b in found if uses_card(b)]
    shown = [measure(b, request) for b in builds]
    if with_card and all(any(o.passing and o.beats(measure(b, request)) for o in shown) for b in with_card):
        return [Reason.of("note.own-beaten", count=owned.quantity, name=owned_name)]
    if with_card:
        return []  # kept out by the number of builds asked for (--top), not by a reason to give
    uses_it = [o for o in cand.options if o.gpu.id == owned.id]
    why = cand.rejected_gpus.get(owned.id)
    if why is None and uses_it:
        diagnosis, _cluster_build = _diagnose(request, catalog, model, exact, cand, should_stop, reference_job)
        # the way to use the cards: a rented machine leaves them out as the builds shown do
        kept = [r for r in diagnosis.relaxations if r.kind != "rent"]
        way: Reason | None
        if kept:
            way = kept[0].said or Reason.of("way.other", kind=kept[0].change)
        elif diagnosis.relaxations:
            way = None
        else:
            way = diagnosis.way_out or Reason.of("way.other", kind=diagnosis.cheapest_relaxation)
        return [Reason.of("note.own-cannot", count=owned.quantity, name=owned_name, why=diagnosis.clauses, way=way)]
    if why is None:
        return []
    return [Reason.of("note.own-cannot", count=owned.quantity, name=owned_name, why=(why,), way=None)]


def _compared_gpus_note(
    builds: list[Build], request: BuildRequest, catalog: Catalog, cand: Candidates, refused: dict[str, Reason]
) -> list[Reason]:
    """A comparison never drops a candidate without a word: each named GPU without a build shown, and each named
    system without one (a Mac Studio over the budget), with the reason."""
    notes: list[Reason] = []
    if len(request.gpu_ids) >= 2 or (request.gpu_ids and request.system_ids):
        shown = {b.gpu_id for b in builds} | {g for b in builds for g in b.gpus_mixed}
        gpus = catalog.records["gpus"]
        for gpu_id in request.gpu_ids:
            if gpu_id not in shown:
                gpu = gpus.get(gpu_id)
                name = gpu.name if isinstance(gpu, Gpu) else gpu_id
                why = cand.rejected_gpus.get(gpu_id, Reason.of("gpu.no-build"))
                notes.append(Reason.of("note.left-out", name=name, why=why))
    shown_systems = {p.id for b in builds for p in b.parts if p.category == "system"}
    for system_id in request.system_ids:
        if system_id not in shown_systems:
            system = catalog.records["systems"].get(system_id)
            name = system.name if isinstance(system, System) else system_id
            notes.append(Reason.of("note.left-out", name=name, why=refused.get(system_id, Reason.of("gpu.no-build"))))
    return notes


def _enriched(
    builds: list[Build],
    catalog: Catalog,
    model: ModelArch,
    request: BuildRequest,
    exact: int | None,
    ownership: OwnershipInputs | None = None,
) -> list[Build]:
    """Enrichment, last: costs of ownership (the buyer's `ownership` inputs, else the regional defaults), the
    time/cost curves, the launch command. For the request as asked: a training job without --tokens is compared with
    renting per token, not for the reference job that ranked it."""
    workload = request.workload.resolved(model.max_context)
    builds = _with_costs([_with_decode_draw(b) for b in builds], catalog, model, workload, request, exact, ownership)
    builds = short_qualified(builds, request.budget)  # SERVE, known with the costs: claims say the demand they serve
    builds = _with_curves(builds, catalog, model, workload, request, exact)
    return [
        b.model_copy(
            update={"launch": _launch(model, b, catalog), "next_steps": _next_steps(b, catalog, model, request)}
        )
        for b in builds
    ]


def _with_gains(builds: list[Build], catalog: Catalog, model: ModelArch, request: BuildRequest) -> list[Build]:
    """Each build with room for one more card, marked with whether that card unlocks anything (next_step's own add
    step, memoised: the shown builds' steps read the same reaches)."""
    from configurator.core.solve.next_step import one_more_gains

    workload = request.workload.resolved(model.max_context)
    return [
        b.model_copy(update={"one_more_gains": one_more_gains(b, catalog, model, workload)})
        if b.room_for_one_more
        else b
        for b in builds
    ]


def _next_steps(build: Build, catalog: Catalog, model: ModelArch, request: BuildRequest) -> tuple[NextStepJson, ...]:
    """The build's next steps up (solve.next_step), as `plan --json` gives them."""
    from configurator.core.solve.next_step import next_steps

    workload = request.workload.resolved(model.max_context)
    spare = idle_own(build, request)  # the user's own cards the build leaves idle (its "room to grow" says so too)
    return tuple(s.to_json(build.currency) for s in next_steps(build, catalog, model, workload, spare))


# the plan's own sources and the machines people build register themselves on import (solve.offers, solve.machines);
# plan() runs whatever is registered
from configurator.core.solve import mixed as _mixed  # noqa: E402,F401
from configurator.core.solve import offers as _offers  # noqa: E402
from configurator.core.solve.bases import BASE_SOURCES  # noqa: E402
from configurator.core.solve.machines import MACHINE_SOURCES  # noqa: E402

WAY_OUT_MACHINES = (*NO_CARD_MACHINES, *BASE_SOURCES)
"""The plan's sources of machines the solver does not build that the relaxation search tries beside the solver's (in
this order, each at most once per request it depends on: _machines_key): those without a bought GPU and the used
workstations with cards in their slots (bases.BASE_SOURCES: the plan's own list, so a way out sees the machines the
plan at the way's request shows). The experts-in-RAM tiers are the way search's own (_WaySearch.experts_tiers), the
servers its cluster way (relax.diagnose's cluster_of)."""

READY_MADE_SOURCES = ("unified-memory", "ready-made-server")
"""Sources of whole ready-made machines: left out, with MACHINE_SOURCES, when a map names its GPUs (sources=False)."""

# registered after every other source (all imported above): where two sources offer one machine the first one's build
# is kept (_offered), so a machine in the usual format is the one another source offered when there is one
register("usual-gguf")(_usual_gguf_machines)
register("usual-kv")(_usual_kv_builds)
register("usual-served")(_usual_served_builds)
register("usual-finetune")(_usual_finetune_builds)
register("release-on-cards")(_release_on_cards)
USUAL_SOURCES = ("usual-gguf", "usual-kv", "usual-served", "usual-finetune", "release-on-cards")
"""Sources of a format the request did not name (USUAL_GGUF weights, a USUAL_KV cache): left out, with MACHINE_SOURCES,
when a map names its GPUs (sources=False)."""
from configurator.core.solve.offers import AS_ASKED, PlanRun  # noqa: E402
