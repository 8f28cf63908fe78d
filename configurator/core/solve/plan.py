"""From a request to ranked builds, or to the reason nothing fits and what would make it fit."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from collections.abc import Callable

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Accessory, Gpu, ModelArch, System
from configurator.core.errors import ConfiguratorError, RequestError, unknown_ids
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.launch import launch_command
from configurator.core.solve.build import TIME_LIMIT, Build, BuildPart, Check, Infeasible, PlanResult, Power, SlotAssignment
from configurator.core.solve.cluster import cluster_build, cluster_options, node_curve
from configurator.core.solve.candidates import (
    Candidates,
    Priced,
    board_of,
    chassis_of,
    cooler_of,
    cpu_of,
    effective_deadline,
    estimate_as_practitioner,
    market_excludes,
    on_engine,
    gpu_options,
    memory_of,
    platform_parts,
    psu_of,
    runs_from_ram,
    storage_of,
    with_power_limit,
)
from configurator.core.solve import power as power_model
from configurator.core.solve.pricing import quote
from configurator.core.solve.request import BuildRequest, circuit_limit_w, circuit_volts
from configurator.core.solve.memo import remember
from configurator.core.solve import relax
from configurator.core.solve.relax import _offerable, _offload_possible, _training_compute, _what_moves, _with_offload
from configurator.core.solve.rules import Assembly, check_build, meets_speed, power_of
from configurator.core.solve.slots import place
from configurator.core.solve.lazy import LazyBuildModel, price_floor
from configurator.core.solve.solver import BuildModel, Choice, option_cost, run_labels

GIB = 1024**3


def _spec(record: object) -> dict:
    return record.model_dump(mode="json")  # type: ignore[attr-defined]


def _part(category: str, priced: Priced | None, record: object, quantity: int, why: str, owned: int = 0) -> BuildPart:
    q = priced.quote if priced else None
    return BuildPart(
        category=category,
        id=record.id,  # type: ignore[attr-defined]
        name=record.name,  # type: ignore[attr-defined]
        quantity=quantity,
        unit_price=q.amount if q else 0.0,
        owned=min(owned, quantity),
        price_note=q.note if q else ("already owned" if owned else "included with the chassis"),
        price_date=q.price.date if q else None,
        why=why,
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


def _assemble(
    rank: int, label: str, why: str, choice: Choice, request: BuildRequest, cand: Candidates, catalog: Catalog
) -> Build:
    opt = choice.option
    gpu = opt.gpu
    board = board_of(choice.board)
    cpu = cpu_of(choice.cpu)
    chassis = chassis_of(choice.chassis)
    placement = cand.placement(board, opt, choice.risers)
    assert placement is not None
    positions = [s.position for s in placement.slots]
    bridge = _bridge(choice, cand, positions) if not choice.risers else None
    wants_bridge = bridge is not None and (opt.estimate.split == "tensor" or request.workload.kind != "inference")
    if wants_bridge and bridge is not None and request.budget is not None:
        # the bridge is chosen after the solve: it may not push the build over the budget
        bridge_price = cand.accessories[bridge.id].amount
        wants_bridge = choice.cost + bridge_price <= request.budget
    assembly = Assembly(
        gpu=gpu, gpus=opt.count, board=board, cpu=cpu, sockets=board.cpu_sockets, chassis=chassis,
        psu=psu_of(choice.psu) if choice.psu else None, psu_count=choice.psu_count,
        memory=memory_of(choice.memory), memory_count=choice.memory_count, cooler=cooler_of(choice.cooler),
        storage=storage_of(choice.storage), storage_count=choice.storage_count, placement=placement,
        risers=choice.risers, nvlink_bridge=wants_bridge,
        largest_single_psu_w=max((psu_of(p).watts for p in cand.psus), default=0.0),
    )
    estimate = _on_host(opt.estimate, assembly, request, cand)
    checks = check_build(assembly, request, estimate, cand.storage_need_gb)
    pw = power_of(assembly, request)
    # the estimate on this host: with experts in RAM the option's own estimate (all on the GPUs) is not what runs
    vram_note = f"{estimate.per_gpu_bytes / GIB:.1f} GiB needed per GPU of {gpu.vram_gb:g} GB"
    parts = [
        _part("gpu", None if opt.quote is None else Priced(gpu, opt.quote), gpu, opt.count,
              f"{opt.count} x {gpu.vram_gb:g} GB holds the job ({vram_note}); {gpu.cooler} cooler", owned=opt.owned),
        _part("cpu", choice.cpu, cpu, board.cpu_sockets,
              f"{cpu.cores} cores, {cpu.pcie_lanes} PCIe lanes, {cpu.memory_channels}-channel {cpu.memory_type}",
              owned=choice.cpu.owned),
        _part("motherboard", choice.board, board, 1,
              f"{board.socket}; GPUs in {'bays' if placement.bays else 'slots'} {positions} at "
              f"{'/'.join('x' + str(s.lanes) for s in placement.slots)}", owned=choice.board.owned),
        _part("memory", choice.memory, assembly.memory, choice.memory_count,
              f"{assembly.ram_gb} GB {assembly.memory.memory_type} {assembly.memory.module.upper()} "
              f"(VRAM {gpu.vram_gb * opt.count:g} GB)", owned=choice.memory.owned),
    ]
    if choice.psu is not None:
        parts.append(_part("psu", choice.psu, assembly.psu, choice.psu_count,
                           f"{pw.dc_load_w:.0f} W load is {pw.dc_load_w / assembly.psu_capacity_w:.0%} of {assembly.psu_capacity_w:.0f} W; "
                           f"ATX {assembly.psu.atx_version}", owned=choice.psu.owned))  # type: ignore[union-attr]
    parts.append(_part("chassis", choice.chassis, chassis, 1,
                       f"{chassis.kind}, {chassis.expansion_slots} slots, {chassis.max_gpu_length_mm:.0f} mm GPU clearance"
                       + (f", {chassis.included_psu_w:.0f} W server PSUs included" if chassis.included_psu_w and choice.psu is None else ""),
                       owned=choice.chassis.owned))
    parts.append(_part("cooler", choice.cooler, assembly.cooler, board.cpu_sockets,
                       f"rated for {assembly.cooler.max_tdp_w:.0f} W, {cpu.tdp_w:.0f} W CPU", owned=choice.cooler.owned))
    parts.append(_part("storage", choice.storage, assembly.storage, choice.storage_count,
                       f"{assembly.storage.capacity_gb * choice.storage_count / 1000:.1f} TB for ~{cand.storage_need_gb / 1000:.1f} TB of weights, checkpoints and data",
                       owned=choice.storage.owned))
    if choice.psu_count == 2 and "add2psu-sync-board" in cand.accessories:
        acc = cand.accessories["add2psu-sync-board"]
        parts.append(_part("accessory", acc, acc.record, 1, "starts the second PSU with the first (R23)"))
    if choice.risers and "riser-pcie4-x16-300mm" in cand.accessories:
        acc = cand.accessories["riser-pcie4-x16-300mm"]
        parts.append(_part("accessory", acc, acc.record, opt.count, "Gen4-rated risers carry each card in the open frame"))
    if wants_bridge and bridge is not None:
        acc = cand.accessories[bridge.id]
        parts.append(_part("accessory", acc, bridge, 1, f"NVLink between slots {positions[0]} and {positions[1]}"))
    slot_map = tuple(
        SlotAssignment(slot=s.position, part_id=gpu.id, lanes=s.lanes, gen=s.gen, source=s.source) for s in placement.slots
    )
    savings = sum(p.unit_price * p.owned for p in parts)
    return Build(
        rank=rank, label=label, why=why, parts=tuple(parts), nodes=1, currency=request.currency, power=pw,
        estimate=estimate, checks=tuple(checks), slot_map=slot_map, gpu_id=gpu.id, gpu_count=opt.count,
        upgrades=tuple(_upgrades(assembly, choice, request, cand, pw)), owned_savings=savings,
        interconnect="NVLink bridge" if wants_bridge else ("server PCIe fabric" if placement.bays else "PCIe"),
    )


def _on_host(estimate: EstimateResult, a: Assembly, request: BuildRequest, cand: Candidates) -> EstimateResult:
    """A build that reads weights from RAM gets its speed from its own CPU and memory (channels
    populated, DIMM speed, 2DPC derating, CCD limits: estimate.host), not from a default bandwidth."""
    workload = request.workload.resolved(cand.model.max_context) if cand.model else request.workload
    if cand.model is None or not runs_from_ram(workload) or workload.engine not in (None, "llama.cpp"):
        return estimate
    try:
        host = host_memory(a.cpu, a.memory, a.memory_count, a.sockets)
        result = estimate_on_host(cand.model, on_engine(workload, "llama.cpp"), a.gpu, a.gpus, host,
                                  cand.exact_weight_bytes)
    except (ValueError, ConfiguratorError):
        return estimate
    return with_power_limit(result, request.power_limit)


def _upgrades(a: Assembly, choice: Choice, request: BuildRequest, cand: Candidates, pw: Power) -> list[str]:
    """What one more GPU, a bigger PSU or more RAM would need or unlock."""
    out = [_one_more_gpu(a, choice, request, pw)]
    if pw.dc_load_w > 0.7 * a.psu_capacity_w and a.psu is not None:
        out.append(f"a bigger PSU: the {a.psu_capacity_w:.0f} W supply runs at {pw.dc_load_w / a.psu_capacity_w:.0%}; more headroom runs cooler and quieter")
    if a.ram_gb < 2 * a.gpu.vram_gb * a.gpus:
        out.append(f"more RAM: {2 * a.gpu.vram_gb * a.gpus:g} GB (2x VRAM) makes loading and offload comfortable")
    return out


def _one_more_gpu(a: Assembly, choice: Choice, request: BuildRequest, pw: Power) -> str:
    """What the next GPU needs (board, case, platform, PSU, circuit, RAM) and what it gives."""
    n = a.gpus + 1
    gpu = a.gpu
    if n > request.max_gpus:
        # a full machine grows by a second one, not by a slot it does not have ("one more A100: a board with another
        # x16 slot, blower cards, or risers" was offered for eight A100 in an 8-GPU server)
        return (f"one more {gpu.name}: {a.gpus} GPUs is the most one machine holds here; more means a second machine "
                "and a network between them (InfiniBand or RoCE for training: the cluster plans size it)")
    model_est = choice.option.estimate
    more = place(a.board, gpu, n, a.risers)
    needs = []
    if more is None:
        needs.append("a board with another suitably spaced x16 slot, blower cards, or risers in an open frame")
    elif not a.risers and more.openings_needed > a.chassis.expansion_slots:
        needs.append(f"a case with {more.openings_needed} expansion openings")
    if n >= 3 and a.cpu.platform == "consumer":
        needs.append("a HEDT/workstation platform (a consumer CPU has lanes for two GPUs)")
    # the next card's draw from the rules' own power model (rules.power_of: the power limit, the PSU's efficiency at
    # this voltage); the hint had divided by the efficiency ratio the wrong way and missed a circuit it overran
    grown = power_of(replace(a, gpus=n), request)
    if grown.dc_load_w > power_model.PSU_TARGET_LOAD * a.psu_capacity_w:  # PWR-2's own limit
        needs.append(f"a PSU of at least {math.ceil(grown.dc_load_w / power_model.PSU_TARGET_LOAD / 100) * 100:.0f} W (or two)")
    if not grown.circuit_ok:
        outlet = " or a 230 V outlet" if circuit_volts(request.circuit) < 200 else ""  # already on 230 V: a circuit
        needs.append(f"a second circuit{outlet} ({grown.wall_w:.0f} W at the wall vs {grown.circuit_limit_w:.0f} W)")
    if a.ram_gb < gpu.vram_gb * n:
        needs.append(f"at least {gpu.vram_gb * n:g} GB of RAM")
    gain = ""
    if model_est.decode_tokens_per_s is not None:
        gain = "more memory for context and users (a layer split adds no single-stream speed)"
    elif model_est.wall_hours:
        gain = f"about {model_est.wall_hours * (1 - a.gpus / n):,.0f} h less training"
    return f"one more {gpu.name}: " + ("; ".join(needs) if needs else "fits this board, case and PSU") + (f"; gives {gain}" if gain else "")


# --------------------------------------------------------------------------- whole systems and clusters


def _system_build(
    rank: int, label: str, why: str, system: System, nodes: int, request: BuildRequest, catalog: Catalog,
    model: ModelArch, workload: Workload, exact: int | None,
) -> Build | None:
    """`nodes` ready-made servers with their parallel layout, network parts and site (solve/cluster.py)."""
    return cluster_build(rank, label, why, system, nodes, request, catalog, model, workload, exact)


def _unified_build(
    request: BuildRequest, catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None
) -> Build | None:
    """The cheapest unified-memory system (Mac Studio, Ryzen AI Max, DGX Spark) that runs the
    job: its GPU sees the share of memory the OS wires for it, at the memory's bandwidth."""
    if workload.kind != "inference" or workload.engine not in ("llama.cpp", None) or request.region == "china":
        return None
    from configurator.core.solve.machines import small_box

    best: Build | None = None
    limit = circuit_limit_w(request.circuit) * request.circuits
    for system in catalog.kind("systems"):
        if not isinstance(system, System) or system.unified is None or small_box(system):
            continue  # small boxes (APU mini PCs): the mini-pc source offers them where they serve (#28)
        q = quote(system, catalog, request.currency, request.condition)
        if q is None or (request.budget is not None and q.amount > request.budget):
            continue
        if best is not None and q.amount >= best.total_price:
            continue  # not cheaper than the one found: no estimate needed
        gpu = system_gpu(system)
        try:
            # one memory: nothing can be "offloaded" to a RAM beside it, the GPU's wired share holds it all
            whole = on_engine(workload, "llama.cpp").model_copy(update={"offload": "none", "cpu_layers": 0,
                                                                      "cpu_experts": False, "n_cpu_moe": None})
            est = estimate(model, whole, gpu, 1, exact_weight_bytes=exact)
        except ConfiguratorError:
            continue
        peak = est.peak_gpu
        if peak.total > (peak.usable_bytes or 0):
            continue
        if not meets_speed(est, request):
            continue
        tps = est.decode_tokens_per_s or 0.0
        u = system.unified
        checks = [
            Check(rule="MEM-FIT", status="pass", message=f"{peak.total / GIB:.1f} GiB of the {gpu.vram_gb:.0f} GiB the GPU may wire "
                  f"({u.gpu_memory_fraction:.0%} of {system.memory_gb} GB)" + (f"; {u.gpu_memory_note}" if u.gpu_memory_note else "")),
            Check(rule="CIR-1", status="pass" if system.max_power_w <= limit else "fail",
                  message=f"{system.max_power_w:,.0f} W maximum against {limit:,.0f} W"),
            Check(rule="NOISE-1", status="pass", message=f"{u.noise} under load; no assembly, no PSU or slot planning"),
        ]
        part = BuildPart(category="system", id=system.id, name=system.name, quantity=1, unit_price=q.amount, price_note=q.note,
                         price_date=q.price.date,
                         why=f"{u.chip}: {system.memory_gb} GB unified memory at {u.bandwidth_gbps:.0f} GB/s", spec=_spec(system))
        power = Power(dc_load_w=system.max_power_w * 0.9, psu_w=system.psu_w_total, wall_w=system.max_power_w,
                      circuit_ok=system.max_power_w <= limit, circuit_limit_w=limit, transient_w=system.max_power_w,
                      heat_btu_h=system.max_power_w * 3.412, gpu_w=system.max_power_w * 0.7, cpu_w=system.max_power_w * 0.2,
                      rest_w=system.max_power_w * 0.1)
        best = Build(rank=1, label=f"ready-made: {system.name}",
                     why=f"one quiet box whose GPU reads {system.memory_gb} GB of unified memory; slower than GPUs at "
                         f"{u.bandwidth_gbps:.0f} GB/s, but nothing to assemble",
                     parts=(part,), nodes=1, currency=request.currency, power=power, estimate=est, checks=tuple(checks),
                     slot_map=(), gpu_id=gpu.id, gpu_count=1, interconnect="unified memory")
    return best


def _sourced(request: BuildRequest, catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None,
             should_stop: Callable[[], bool], time_budget: float, shown: list[Build]) -> list[tuple[str, Build]]:
    """Every registered candidate source's builds (solve/sources.py) with the source's name, less those already
    shown (#28's hook)."""
    from configurator.core.solve import machines  # noqa: F401  (registers its sources)
    from configurator.core.solve.sources import SOURCES, PlanContext

    ctx = PlanContext(request, catalog, model, workload, exact, should_stop, time_budget)
    out: list[tuple[str, Build]] = []
    for entry in SOURCES:
        for build in entry.run(ctx) if not should_stop() else []:
            if not any(_same(b, build) for b in (*shown, *(b for _n, b in out))):
                out.append((entry.name, build))
    return out


def _same(a: Build, b: Build) -> bool:
    """The same machine: the same parts in the same numbers (whatever each source wrote about them)."""
    return ([(p.category, p.id, p.quantity) for p in a.parts] == [(p.category, p.id, p.quantity) for p in b.parts]
            and a.nodes == b.nodes)


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
        if request.gpu_ids and gpu.id not in request.gpu_ids:
            continue  # "only these GPUs" holds for ready-made servers too
        out.append(s)
    return out


def _cluster(
    request: BuildRequest, catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None,
    max_nodes: int | None = None,
) -> Build | None:
    """The cluster answer (solve/cluster.py): the smallest cluster meeting the deadline, else the one-year fallback."""
    options = _cluster_options(request, catalog, model, workload, exact, max_nodes)
    return options[0] if options else None


def _cluster_options(
    request: BuildRequest, catalog: Catalog, model: ModelArch, workload: Workload, exact: int | None,
    max_nodes: int | None = None,
) -> list[Build]:
    # keyed by the catalog too (its identity): an edited price or a reloaded catalog had been answered from the old one
    key = (request.model_dump_json(), model.model_dump_json(), exact, max_nodes)
    return remember("cluster_options", key, (catalog,),
                    lambda: cluster_options(_systems(catalog, request), request, catalog, model, workload, exact, max_nodes))


# --------------------------------------------------------------------------- entry point


def _solve_once(
    request: BuildRequest, catalog: Catalog, model: ModelArch, exact: int | None, top_k: int,
    should_stop: Callable[[], bool], time_budget: float,
    on_partial: Callable[[list[Build]], None] | None = None,
    exclude_gpus: tuple[str, ...] = (),
    cost_cap: float | None = None,
) -> tuple[list[Build], Candidates]:
    """Up to `top_k` builds; with `cost_cap`, only builds cheaper than it (none when no part
    combination can be, which is known without building the model)."""
    cand = gpu_options(model, request, catalog, exact, exclude_gpus, cost_cap)
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

    solved = run_labels(bm, top_k, should_stop, time_budget / max(1, top_k), found)
    for i, (label, why, _choice) in enumerate(solved[: len(builds)]):
        if builds[i].label != label:
            builds[i] = builds[i].model_copy(update={"label": label, "why": why})
    cand.timed_out = not builds and bm.last_status == "unknown"
    return builds, cand


def _diagnose(
    request: BuildRequest, catalog: Catalog, model: ModelArch, exact: int | None, cand: Candidates,
    should_stop: Callable[[], bool],
) -> tuple[Infeasible, Build | None]:
    """Why nothing fits and the ways out, cheapest first (solve/relax.py), solved with this module's solver."""

    def cheapest(relaxed: BuildRequest, cost_cap: float | None, stop: Callable[[], bool]) -> Build | None:
        builds, _ = _solve_once(relaxed, catalog, model, exact, 1, stop, 1.0, cost_cap=cost_cap)
        return builds[0] if builds else None

    def servers(relaxed: BuildRequest) -> Build | None:
        return _cluster(relaxed, catalog, model, relaxed.workload.resolved(model.max_context), exact)

    return relax.diagnose(request, catalog, model, exact, cand, should_stop, solve=cheapest, cluster_of=servers)


def _weights_in_ram(
    request: BuildRequest, catalog: Catalog, model: ModelArch, exact: int | None, should_stop: Callable[[], bool],
    cost_cap: float | None = None,
) -> Build | None:
    """The cheapest build with llama.cpp keeping the MoE experts (or some layers) in system RAM, labelled."""
    variant = request.model_copy(update={"workload": _with_offload(request.workload), "top_k": 1})
    found, _ = _solve_once(variant, catalog, model, exact, 1, should_stop, 1.0, cost_cap=cost_cap)
    return found[0].model_copy(update={"label": f"cheapest with {_what_moves(model)} in RAM"}) if found else None


def _speed_words(build: Build) -> tuple[float | None, str]:
    e = build.estimate
    if e.decode_tokens_per_s is not None:
        return e.decode_tokens_per_s, f"{e.decode_tokens_per_s:.1f} tokens/s"
    if e.wall_hours:
        return -e.wall_hours, f"{e.wall_hours:,.0f} h"
    return None, ""


def _compared(builds: list[Build]) -> list[Build]:
    """Say what each alternative buys over the first build: price and speed differences."""
    first = builds[0]
    base_speed, base_words = _speed_words(first)
    out = [first]
    for build in builds[1:]:
        delta = build.total_price - first.total_price
        speed, words = _speed_words(build)
        parts = [f"{delta:+,.0f} {build.currency} against #{first.rank}"]
        if speed is not None and base_speed is not None and words != base_words:
            parts.append(f"{words} instead of {base_words}")
        vram, base_vram = build.gpu_count * build.nodes, first.gpu_count * first.nodes
        if build.gpu_id != first.gpu_id or vram != base_vram:
            parts.append(f"{vram} x {build.gpu_id} instead of {base_vram} x {first.gpu_id}")
        out.append(build.model_copy(update={"why": f"{build.why} ({'; '.join(parts)})"}))
    return out


def _with_costs(
    builds: list[Build], catalog: Catalog, model: ModelArch, workload: Workload, request: BuildRequest, exact: int | None
) -> list[Build]:
    """Attach buy-versus-rent figures (regional electricity defaults) to each build."""
    from configurator.core.tco import cost_of_ownership_for

    out = []
    for build in builds:
        costs = cost_of_ownership_for(build, catalog, model, workload, request.region, exact_weight_bytes=exact)
        out.append(build.model_copy(update={"cost_of_ownership": costs.to_json()}))
    return out


def _with_curves(
    builds: list[Build], catalog: Catalog, model: ModelArch, workload: Workload, request: BuildRequest, exact: int | None
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
    curves = {sid: node_curve(systems[sid], request, catalog, model, workload, exact, nodes) for sid, nodes in largest.items()}
    out = []
    for build in builds:
        system = system_of(build)
        curve = curves.get(system.id) if system is not None else None
        out.append(build if curve is None else build.model_copy(update={"node_curve": curve.model_copy(update={"chosen_nodes": build.nodes})}))
    return out


def _launch(model: ModelArch, build: Build, catalog: Catalog) -> dict[str, str]:
    """The build's launch command, for the card it has (a training job on a card without bf16 runs in fp16)."""
    gpu = catalog.records["gpus"].get(build.gpu_id)
    return launch_command(model, build.estimate, parallelism=build.parallelism, gpu=gpu if isinstance(gpu, Gpu) else None)


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
) -> PlanResult:
    """Ranked builds for the request; when none fits, the reason and the cheapest relaxation.

    `on_partial` receives the builds found so far, as they are found. `relax=False` reports why
    nothing fits (and a cluster when allowed) without searching for relaxations: the map's many plans.
    `sources=False` leaves out the registered candidate sources (solve/sources.py): a map of named GPUs only.
    """
    started = time.monotonic()
    if model is None:
        found = catalog.records["models"].get(request.model_id)
        if not isinstance(found, ModelArch):
            raise unknown_ids([request.model_id], catalog.records["models"], "model") or RequestError(request.model_id)
        model = found
    error = unknown_ids(request.gpu_ids, catalog.records["gpus"], "GPU")
    if error:
        raise error
    on_progress("estimating GPU options")
    def partial(found: list[Build]) -> None:
        if on_partial is not None:
            on_partial(PlanResult(builds=tuple(found), infeasible=None, solve_seconds=time.monotonic() - started,
                                  notes=("more alternatives are being solved",)))

    builds, cand = _solve_once(request, catalog, model, exact_weight_bytes, request.top_k, should_stop, time_budget, partial)
    workload = request.workload.resolved(model.max_context)
    notes: list[str] = []
    if not builds and request.owned_gpu is not None and not should_stop():
        # owning a card never makes the answer worse: when no build can use it, solve without it
        owned = request.owned_gpu
        fresh = request.model_copy(update={"owned": tuple(p for p in request.owned if p.category != "gpu")})
        alternative, _ = _solve_once(fresh, catalog, model, exact_weight_bytes, request.top_k, should_stop, time_budget)
        if alternative:
            why = cand.rejected_gpus.get(owned.id)
            if why is None:
                with_card, _cluster_build = _diagnose(request, catalog, model, exact_weight_bytes, cand, should_stop)
                why = f"{with_card.reason}; to use them: {with_card.cheapest_relaxation}"
            owned_name = getattr(catalog.records["gpus"].get(owned.id), "name", owned.id)
            notes.append(f"your own {owned.quantity} x {owned_name} cannot run this as asked ({why}); these builds leave them out")
            builds = [b.model_copy(update={"label": f"{b.label} (without your own card)"}) for b in alternative]
    if builds and len(builds) < request.top_k and request.allow_clusters and not request.owned:
        best_server = _cluster(request, catalog, model, workload, exact_weight_bytes, max_nodes=1)  # one box
        if best_server is not None and _offerable(best_server, request):
            builds.append(best_server.model_copy(update={"rank": len(builds) + 1, "label": "ready-made server",
                                                         "why": "a whole 8-GPU server bought as one item"}))
    if (builds and request.owned_gpu is not None and not should_stop()
            and all(b.gpu_id == request.owned_gpu.id for b in builds)):
        # the honest comparison for someone who owns a card: what would a different GPU cost?
        fresh = request.model_copy(update={"owned": tuple(p for p in request.owned if p.category != "gpu"), "top_k": 1})
        alternative, _ = _solve_once(fresh, catalog, model, exact_weight_bytes, 1, should_stop, 1.0,
                                     exclude_gpus=(request.owned_gpu.id,))
        if alternative:
            other = alternative[0].model_copy(update={"label": "without your own card",
                                                      "why": "the cheapest build on other GPUs, for comparison"})
            other_speed, first_speed = _speed_words(other)[0], _speed_words(builds[0])[0]
            dominates = other_speed is not None and first_speed is not None and other_speed >= first_speed
            if other.total_price < builds[0].total_price and dominates:
                # owning the card never makes the answer worse: a cheaper and no slower build without it comes first
                name = f"{request.owned_gpu.quantity} x {request.owned_gpu.id}"
                first = other.model_copy(update={"label": "cheapest: without your own card", "why": (
                    f"cheaper than every build that uses your {name} (which would need more bought around it)")})
                kept = [b.model_copy(update={"label": "cheapest with your own card"}) if b.label == "cheapest that fits" else b
                        for b in builds]
                builds = [first, *kept][: request.top_k]
                builds = [b.model_copy(update={"rank": i + 1}) for i, b in enumerate(builds)]
            elif len(builds) < request.top_k:
                builds.append(other.model_copy(update={"rank": len(builds) + 1}))
            elif other.total_price < builds[0].total_price and len(builds) > 1:
                # cheaper but slower: the comparison takes the last place (never the first: it is the answer)
                builds[-1] = other.model_copy(update={"rank": builds[-1].rank})
    def room_for_one_more() -> bool:  # an alternative takes the last place, never the answer's (one build asked)
        return len(builds) < request.top_k or len(builds) > 1

    if builds and room_for_one_more() and _offload_possible(request.workload) and not should_stop():
        # the planner offers offload by itself when it is the cheaper way (labelled as such)
        cheaper = _weights_in_ram(request, catalog, model, exact_weight_bytes, should_stop, cost_cap=0.9 * builds[0].total_price)
        if cheaper is not None and cheaper.total_price < 0.9 * builds[0].total_price:
            what = _what_moves(model)
            other = cheaper.model_copy(update={"why": (
                f"llama.cpp keeps {what} in system RAM: far cheaper, slower; its speed is from this platform's memory bandwidth")})
            if len(builds) >= request.top_k:
                builds.pop()
            builds.append(other.model_copy(update={"rank": len(builds) + 1}))
    if builds and room_for_one_more() and not request.gpu_ids and not should_stop():
        # a unified-memory system is an answer with or without a card of one's own
        unified = _unified_build(request, catalog, model, workload, exact_weight_bytes)
        if unified is not None:
            if len(builds) >= request.top_k:
                builds.pop()  # the last alternative gives way, never the answer
            builds.append(unified.model_copy(update={"rank": len(builds) + 1}))
    # ---- candidate sources (#28), until the advice pipeline runs them (lead: reconcile at merge). CPU-only machines and
    # APU boxes run the job as asked, so they are builds; the other sources keep weights in RAM: as _weights_in_ram
    from configurator.core.solve.machines import as_asked
    sourced = _sourced(request, catalog, model, workload, exact_weight_bytes, should_stop, time_budget, builds) if sources else []
    for serves in (True, False):  # those that serve as asked: the cheaper ones before the answer; the rest after builds
        fits = sorted((b for name, b in sourced if as_asked(name, b) == serves), key=lambda b: b.total_price)
        if serves:
            head = [b for b in fits if not builds or b.total_price < builds[0].total_price]
            rest = [b.model_copy(update={"label": "cheapest with a GPU"}) if head and b.label == "cheapest that fits" else b
                    for b in builds]
            builds = [*head, *rest, *(b for b in fits if all(b is not h for h in head))][: request.top_k]
        elif builds:
            builds += fits[: max(0, request.top_k - len(builds))]
        builds = [b.model_copy(update={"rank": i + 1}) for i, b in enumerate(builds)]
    sourced = [(n, b) for n, b in sourced if relax and not any(_same(s, b) for s in builds)]
    if len(request.gpu_ids) >= 2:
        # a comparison never drops a candidate without a word
        shown = {b.gpu_id for b in builds}
        gpus = catalog.records["gpus"]
        for gpu_id in request.gpu_ids:
            if gpu_id not in shown:
                gpu = gpus.get(gpu_id)
                name = gpu.name if isinstance(gpu, Gpu) else gpu_id
                notes.append(f"{name}: " + cand.rejected_gpus.get(gpu_id, "no build with it passes every rule within the budget"))
    if builds:
        builds = _with_costs(_compared(builds), catalog, model, workload, request, exact_weight_bytes)
        builds = _with_curves(builds, catalog, model, workload, request, exact_weight_bytes)
        builds = [b.model_copy(update={"launch": _launch(model, b, catalog)}) for b in builds]
        return PlanResult(builds=tuple(builds), infeasible=None, solve_seconds=time.monotonic() - started, notes=tuple(notes))
    if cand.timed_out:
        infeasible = Infeasible(
            reason="the solver found no build within its time limit; the request may still be possible",
            blocking=(TIME_LIMIT,),
            cheapest_relaxation="solve again with fewer GPU choices (--gpu) or a narrower form, or allow more time",
        )
        return PlanResult(builds=(), infeasible=infeasible, solve_seconds=time.monotonic() - started, notes=tuple(notes))
    on_progress("nothing fits: looking for the cheapest relaxation")
    infeasible, cluster = _diagnose(request, catalog, model, exact_weight_bytes, cand,
                                    should_stop if relax else (lambda: True))
    compute = _training_compute(request, catalog, model, workload, exact_weight_bytes)
    if compute:
        infeasible = infeasible.model_copy(update={"reason": f"{infeasible.reason}; {compute}"})
    extra: tuple[Build, ...] = ()
    if cluster is not None:
        # the time/cost curve: the other cluster sizes (1, 3, 12 months, fastest within budget) follow the answer
        others = [b for b in _cluster_options(request, catalog, model, workload, exact_weight_bytes)
                  if b.nodes != cluster.nodes or b.gpu_id != cluster.gpu_id][: max(0, request.top_k - 1)]
        extra = tuple(_with_costs([cluster, *others], catalog, model, request.workload.resolved(model.max_context), request,
                                  exact_weight_bytes))
        # ready-made servers run the job as asked: they are the answer even when a relaxation (a lower precision,
        # say) is cheaper, which the infeasible part still offers (405B in bf16 had answered only "use q4_k_m")
        notes.append(f"no machine assembled from parts can do this; the plan uses {cluster.nodes} ready-made server(s)"
                     + ("" if cluster.power.circuit_ok else " on server-room power"))
    if relax and _offload_possible(request.workload) and not request.gpu_ids and not should_stop():
        # nothing fits on the GPUs: with the experts (or some layers) in RAM is a build, not only a relaxation
        hybrid = _weights_in_ram(request, catalog, model, exact_weight_bytes, should_stop)
        if hybrid is not None:
            what = _what_moves(model)
            extra = (*_with_costs([hybrid.model_copy(update={"why": (
                f"nothing fits on the GPUs as asked; llama.cpp keeps {what} in system RAM, at a speed set by this "
                "platform's memory bandwidth")})], catalog, model, workload, request, exact_weight_bytes), *extra)
            notes.append(f"nothing fits on the GPUs as asked; with {what} in system RAM it does "
                         f"({hybrid.estimate.decode_tokens_per_s or 0:.1f} tokens/s, {hybrid.total_price:,.0f} {request.currency})")
    unified = None if request.gpu_ids else _unified_build(request, catalog, model, workload, exact_weight_bytes)
    if unified is not None:
        extra += tuple(_with_costs([unified.model_copy(update={"rank": len(extra) + 1})], catalog, model, workload, request,
                                   exact_weight_bytes))
        notes.append(f"no machine assembled from parts fits as asked; {unified.parts[0].name} does "
                     f"({unified.estimate.decode_tokens_per_s or 0:.1f} tokens/s)")
    extra += tuple(_with_costs([b for _n, b in sourced if not any(_same(e, b) for e in extra)], catalog, model,
                               workload, request, exact_weight_bytes))  # the sources' builds with weights in RAM (#28)
    extra = tuple(_with_curves(list(extra), catalog, model, workload, request, exact_weight_bytes))
    extra = tuple(b.model_copy(update={"launch": _launch(model, b, catalog), "rank": i + 1})
                  for i, b in enumerate(extra))
    return PlanResult(builds=extra, infeasible=infeasible, solve_seconds=time.monotonic() - started, notes=tuple(notes))
