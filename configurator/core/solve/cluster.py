"""Clusters of 8-GPU servers: size to a deadline or a budget, the fabric between them, the site they need."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Accessory, Cpu, Gpu, ModelArch, System
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, as_json, english
from configurator.core.common.shapes import SiteJson
from configurator.core.costs.tco import rental_search_for
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import (
    Build,
    BuildPart,
    Check,
    NodeCurve,
    NodePoint,
    Power,
    SlotAssignment,
    part_spec,
)
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_name
from configurator.core.rules import instance
from configurator.core.rules import job as job_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules import site as site_rules
from configurator.core.solve.candidates import (
    TRAINING_HORIZON_H,
    estimate_as_practitioner,
    fastest_engine,
    runnable_engines,
)
from configurator.core.solve.pricing import Quote, quote, system_line
from configurator.core.solve.rules import meets_speed, region_check, speed_check
from configurator.core.solve.slots import module_bay

if TYPE_CHECKING:  # imported where a layout is planned (_cluster, _cluster_estimate): a plan of one machine has none
    from configurator.core.estimate.parallel import InferenceLayout, Link, ParallelPlan

GIB = 1024**3
MEM_FIT, SPEED, CIRCUIT = instance(job_rules.MemoryFit), instance(job_rules.Speed), instance(power_rules.Circuit)
SITE_POWER, NOISE = instance(site_rules.SitePower), instance(site_rules.DataCenterNoise)
FABRIC, CLUSTER_STORAGE = instance(job_rules.ClusterFabric), instance(job_rules.ClusterStorage)
NODE_COUNTS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048)
MONTH_H = 730.0
"""Hours in a month (8,760 / 12)."""
RACK_KW = 41.0
"""Power one air-cooled rack carries: NVIDIA's DGX SuperPOD reference architecture places four DGX H100 (10.2 kW each)
per rack (estimate: the reference architecture was not re-read; four per rack is the layout as recalled)."""
RACK_U = 42
FEED_V, FEED_A = 415.0, 32.0
"""A three-phase 415 V 32 A rack feed (IEC 60309), loaded to 80 % continuous: sqrt(3) x 415 x 32 x 0.8 = 18.4 kW."""
FEED_KW = math.sqrt(3) * FEED_V * FEED_A * 0.8 / 1000
CHECKPOINT_BYTES_PER_PARAM = 16
"""A resumable checkpoint: bf16 weights (2) + fp32 master weights and Adam moments (12) + gradients' scale (2)
bytes per parameter (ZeRO paper, sec. 3.1: 16 bytes per parameter of model states)."""
CHECKPOINTS_KEPT = 3
TOKEN_BYTES = 4  # tokenized data, uint32 token ids


@dataclass(frozen=True)
class Fabric:
    """Leaf/spine InfiniBand for `gpus` endpoints, one port per GPU, non-blocking (half of each leaf's ports up)."""

    switch: Accessory
    leaves: int
    spines: int
    links_down: int
    links_up: int
    cores: int = 0  # a third tier's core switches, above the spines

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores

    def describe(self) -> str:
        """The tiers in words, for the parts list and the CLUSTER check."""
        if not self.spines:
            return "one switch"
        return f"{self.leaves} leaf + {self.spines} spine" + (f" + {self.cores} core" if self.cores else "")


def fabric_for(gpus: int, switch: Accessory) -> Fabric:
    """A single switch while every GPU has a port on it; else a two-level fat tree (each leaf: half its ports to GPUs,
    half to the spines), and a third level above 'ports^2 / 2' endpoints (yobitel's Quantum-2 page: a two-tier tree of
    64-port switches reaches 2,048 endpoints)."""
    ports = switch.ports or 64
    if gpus <= ports:
        return Fabric(switch, 1, 0, gpus, 0)
    per_leaf = ports // 2
    leaves = math.ceil(gpus / per_leaf)
    up = leaves * per_leaf
    if gpus <= ports * ports // 2:
        return Fabric(switch, leaves, math.ceil(up / ports), gpus, up)
    # a three-tier fat tree: each leaf's uplinks go to a spine (aggregation) switch of its own that sends as many up
    # again, and the core takes those on all its ports: as many spines as leaves, half as many cores (a 40-port
    # 3,072-GPU fabric is 154 + 154 + 77 switches; 6,160 links above the leaves)
    return Fabric(switch, leaves, leaves, gpus, 2 * up, cores=math.ceil(up / ports))


def _accessory(catalog: Catalog, acc_id: str) -> Accessory | None:
    record = catalog.records.get("accessories", {}).get(acc_id)
    return record if isinstance(record, Accessory) else None


def _switch_for(catalog: Catalog, gbps: float) -> Accessory | None:
    """The catalog's switch at the fabric's line rate (NDR 400 for 400 Gb/s NICs, HDR 200 for 200)."""
    switches = [a for a in catalog.kind("accessories") if isinstance(a, Accessory) and a.kind == "switch"]
    exact = [s for s in switches if s.port_gbps == gbps]
    return exact[0] if exact else None


def network_parts(
    system: System, nodes: int, catalog: Catalog, request: BuildRequest
) -> tuple[list[BuildPart], list[BuildPart], Fabric | None]:
    """(per-node parts, whole-cluster parts, fabric) with category "network"."""
    gbps = system.network_gbps_per_gpu or 0
    if nodes < 2 or not gbps:
        return [], [], None
    switch = _switch_for(catalog, gbps)
    if switch is None:
        return [], [], None
    fabric = fabric_for(nodes * system.gpu_count, switch)

    def part(acc_id: str, quantity: int, said: Reason, included: bool = False) -> BuildPart | None:
        return _network_part(catalog, request, acc_id, quantity, said, included)

    lines = _ndr_parts if gbps >= 400 else _hdr_parts
    per_node, cluster = lines(system, gbps, fabric, part)
    return (
        [p for p in per_node if p is not None],
        [p.model_copy(update={"scope": "cluster"}) for p in cluster if p is not None],
        fabric,
    )


_Part = Callable[..., BuildPart | None]
"""network_parts' line maker: (accessory id, quantity, why as a code, included=False) -> the line, or None."""


def _network_part(
    catalog: Catalog, request: BuildRequest, acc_id: str, quantity: int, said: Reason, included: bool
) -> BuildPart | None:
    """One network line: an accessory of the catalog, quoted in the request's currency (or included with the node)."""
    acc = _accessory(catalog, acc_id)
    if acc is None or quantity <= 0:
        return None
    q = None if included else quote(acc, catalog, request.currency, "any", request.tax_basis)
    return BuildPart(
        category="network",
        id=acc.id,
        name=acc.name,
        quantity=quantity,
        unit_price=q.amount if q else 0.0,
        price_note=english(q.said if q else Reason.of("price.built-in")),
        price_said=q.said if q else Reason.of("price.built-in"),
        condition=q.condition if q else "",
        why=english(said),
        said=(said,),
        spec=part_spec(acc),
    )


def _switches(fabric: Fabric, code: str) -> Reason:
    """The switch line's why: the fat tree's tiers, or one switch for every port (part.switches, part.hdr-switches)."""
    tiers = {"leaves": fabric.leaves, "spines": fabric.spines, "cores": fabric.cores}
    return Reason.of(code, **tiers, ports=fabric.links_down)


def _ndr_parts(
    system: System, gbps: float, fabric: Fabric, part: _Part
) -> tuple[list[BuildPart | None], list[BuildPart | None]]:
    """400 Gb/s (NDR): the nodes' built-in ConnectX-7 ports with OSFP optics and fibre; twin-port switch optics."""
    ports = system.gpu_count
    port = Reason.of("part.compute-port", gbps=gbps, interconnect=system.interconnect)
    per_node = [
        part("connectx-7-ndr-osfp", ports, port, included=True),
        part("osfp-400g-sr4-transceiver", ports, Reason.of("part.nic-optics")),
        part("mpo-12-fibre-10m", ports, Reason.of("part.port-fibre")),
    ]
    twin = math.ceil(fabric.links_down / 2) + fabric.links_up
    cluster = [
        part(fabric.switch.id, fabric.switches, _switches(fabric, "part.switches")),
        part("osfp-800g-twin-port-transceiver", twin, Reason.of("part.switch-optics")),
        part("mpo-12-fibre-10m", fabric.links_up, Reason.of("part.uplinks", core=bool(fabric.cores), cable=False)),
    ]
    return per_node, cluster


def _hdr_parts(
    system: System, gbps: float, fabric: Fabric, part: _Part
) -> tuple[list[BuildPart | None], list[BuildPart | None]]:
    """200 Gb/s (HDR): an active optical cable from each port, the switches, cables between the tiers."""
    switches = part(fabric.switch.id, fabric.switches, _switches(fabric, "part.hdr-switches"))
    per_node = [part("hdr-200g-aoc-10m", system.gpu_count, Reason.of("part.hdr-cable"))]
    uplinks = part("hdr-200g-aoc-10m", fabric.links_up, Reason.of("part.uplinks", core=bool(fabric.cores), cable=True))
    return per_node, [switches, uplinks]


def site_of(system: System, nodes: int, fabric: Fabric | None) -> SiteJson:
    """Racks, power per rack and in total, heat to remove, and the feeds the site must provide."""
    switch_kw = (fabric.switches * (fabric.switch.power_w or 0)) / 1000 if fabric else 0.0
    node_kw = system.max_power_w / 1000
    per_rack_nodes = max(1, min(int(RACK_KW // node_kw), (RACK_U - 2) // (system.rack_units or 8)))
    racks = math.ceil(nodes / per_rack_nodes)
    switch_racks = 0 if fabric is None or fabric.spines == 0 else math.ceil(fabric.switches / 32)
    total_kw = node_kw * nodes + switch_kw
    rack_kw = node_kw * min(nodes, per_rack_nodes)
    feeds_per_rack = math.ceil(rack_kw / FEED_KW)
    return {
        "racks": racks + switch_racks,
        "nodes_per_rack": per_rack_nodes,
        "power_kw": round(total_kw, 1),
        "power_per_rack_kw": round(rack_kw, 1),
        "cooling_kw": round(total_kw, 1),
        "feeds": feeds_per_rack * racks + (switch_racks or 0),
        "feed": f"{FEED_V:.0f} V three-phase {FEED_A:.0f} A",
        "feed_kw": round(FEED_KW, 2),
        "redundant_feeds": "A+B feeds double the count for power-supply redundancy",
        "room": "a server room or colocation hall with hot/cold aisles; air-cooled racks above ~40 kW need rear-door or liquid cooling",
    }


def storage_need_tb(model: ModelArch, workload: Workload) -> float:
    params = model.params_total_b * 1e9
    checkpoints = CHECKPOINTS_KEPT * params * CHECKPOINT_BYTES_PER_PARAM if workload.kind != "inference" else params * 2
    data = (workload.tokens or 0) * TOKEN_BYTES if workload.kind != "inference" else 0.0
    return (checkpoints + data) / 1e12


def cluster_build(
    rank: int,
    kind: Reason | None,
    why: Reason | None,
    system: System,
    nodes: int,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
) -> Build | None:
    """`nodes` x `system` with its parallel layout, fabric, storage and site, or None (not priced, not clusterable),
    offered as `kind` of build (kind.*; None: unlabelled) for `why` (why.*), as Build.of_kind says them.

    Memoised by value (core.memo): a plan sizes a cluster by bisection, offers one server, searches relaxations and
    draws the time/cost curve, and each asks for the same system at the same node counts; only the rank, label and why
    differ (the parallel layout search of a 70B pretraining run is a third of a second each)."""
    key = (system.id, nodes, request.model_dump_json(), id(model), workload, exact)
    build = remember(
        "cluster_build",
        key,
        (catalog, system, model),
        lambda: _cluster_build(system, nodes, request, catalog, model, workload, exact),
    )
    if build is None:
        return None
    return build.model_copy(update={"rank": rank}).of_kind(*(() if kind is None else (kind,)), why=why)


def _cluster_build(
    system: System,
    nodes: int,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
) -> Build | None:
    gpu = catalog.records["gpus"].get(system.gpu)
    cpu = catalog.records["cpus"].get(system.cpu)
    q = quote(system, catalog, request.currency, request.condition, request.tax_basis)
    if not isinstance(gpu, Gpu) or not isinstance(cpu, Cpu) or q is None:
        return None
    if nodes > 1 and not system.network_gbps_per_gpu:
        return None
    gbps = system.network_gbps_per_gpu or 0
    inter = None
    if nodes > 1:  # estimate.parallel is imported where nodes are laid out: a plan of single machines never is (#34)
        from configurator.core.estimate.parallel import inter_node_link

        inter = inter_node_link(gbps)
    found = _cluster_estimate(system, nodes, gpu, inter, request, model, workload, exact)
    if found is None:
        return None
    est, plan, layout = found
    peak = est.peak_gpu
    usable = peak.usable_bytes or 0
    laid_out = plan is not None or workload.kind == "inference"
    fit: Literal["pass", "fail"] = "pass" if peak.total <= usable and laid_out else "fail"
    checks = [MEM_FIT.say(fit, "cluster", need_gib=peak.total / GIB, usable_gib=usable / GIB, layout=laid_out)]
    per_node, whole, fabric = network_parts(system, nodes, catalog, request)
    # one node where the request allows a rack (a server room, or a rack asked for) is sited as a cluster is: the
    # feeds are what the buyer must provide, not a failure of the wall circuit it was never meant for (#28)
    sited = nodes > 1 or request.room == "server-room" or request.form == "rack"
    site = site_of(system, nodes, fabric) if sited else None
    if nodes > 1 and fabric is None:
        return None
    power_check, circuit_ok, limit = _site_check(system, nodes, site, request)
    checks.append(power_check)
    if request.room != "server-room":
        checks.append(NOISE.say("warn", "server-room", gpus=system.gpu_count))
    checks += _job_checks(est, gpu, workload, request)
    if nodes > 1 and fabric is not None:
        said = plan.why_said if plan is not None else (layout.why_said if layout is not None else None)
        checks += _fabric_checks(system, nodes, fabric, gbps, said, model, workload)
    order = {"fail": 0, "warn": 1, "pass": 2}
    parallelism = plan.to_json() if plan is not None else (layout.to_json() if layout is not None else None)
    return Build(
        rank=1,
        label="",
        why="",
        parts=(_system_part(system, gpu, q), *per_node, *whole),
        nodes=nodes,
        currency=request.currency,
        power=_system_power(system, gpu, cpu, circuit_ok, limit),
        estimate=est,
        checks=tuple(sorted(checks, key=lambda c: order[c.status])),
        slot_map=tuple(SlotAssignment(slot=i + 1, part_id=gpu.id, source="bay") for i in range(system.gpu_count)),
        gpu_id=gpu.id,
        gpu_count=system.gpu_count,
        interconnect=system.interconnect + (f"; {gbps:.0f} Gb/s InfiniBand per GPU between nodes" if nodes > 1 else ""),
        parallelism=parallelism,
        site=site,
    )


def _cluster_estimate(
    system: System,
    nodes: int,
    gpu: Gpu,
    inter: Link | None,
    request: BuildRequest,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
) -> tuple[EstimateResult, ParallelPlan | None, InferenceLayout | None] | None:
    """The job on `nodes` x the system: inference with every engine that runs it (the fastest kept, with its layout
    across nodes), training with its parallel plan; None when the training stack does not run on these GPUs."""
    if workload.kind == "inference":
        # as for builds from parts: every engine that can run it on these GPUs, the fastest kept
        engines = runnable_engines(gpu, request, workload, model.architecture)[0] or [workload.engine or ""]
        layouts: dict[object, InferenceLayout] = {}  # by engine

        def run(wl: Workload) -> EstimateResult:
            if nodes > 1 and inter is not None:
                from configurator.core.estimate.parallel import plan_inference  # laid out across nodes only (#34)

                found, result = plan_inference(model, wl, gpu, nodes, system.gpu_count, inter, exact)
                layouts[wl.engine] = found
                return result
            return estimate_as_practitioner(model, wl, gpu, system.gpu_count, request, exact)

        est = fastest_engine(request, workload, engines, run)
        layout = layouts.get(est.workload.get("engine")) if layouts else None
        return est, None, layout
    if not runnable_engines(gpu, request, workload, model.architecture)[0]:
        return None  # the training stack does not run on these GPUs (SUP-*: the same filter as builds from parts)
    from configurator.core.estimate.collectives import CardLinks, intra_node_link
    from configurator.core.estimate.parallel import plan_estimate
    from configurator.core.solve.slots import BAY_GEN

    # its GPUs talk at the system's own bay generation where that is below theirs (PCI-9, as a server board's bays);
    # an NVLink system's collectives cross NVLink whatever its PCIe
    gen = BAY_GEN.slower(system, gpu)
    intra = intra_node_link(gpu, links=CardLinks(gen=gen)) if gen is not None else None
    plan, est = plan_estimate(model, workload, gpu, nodes, system.gpu_count, inter, exact, intra=intra)
    return est, plan, None


def _site_check(system: System, nodes: int, site: SiteJson | None, request: BuildRequest) -> tuple[Check, bool, float]:
    """SITE-POWER for a sited machine (its feeds), else CIR-1 against the circuits described; with whether the power
    is there and the limit it was held to."""
    limit = circuit_limit_w(request.circuit) * request.circuits
    wall = system.max_power_w * nodes
    if site is None:
        circuit_ok = wall <= limit
        check = CIRCUIT.say(
            "pass" if circuit_ok else "fail",
            "servers",
            max_w=wall,
            limit_w=limit,
            circuits=request.circuits,
            circuit=circuit_name(request.circuit),
            circuit_id=request.circuit,
        )
        return check, circuit_ok, limit
    feeds_kw = float(site["feeds"]) * FEED_KW  # type: ignore[arg-type]
    ok = feeds_kw * 1000 >= wall
    # the feeds are sized to the cluster; the site the user described has only its circuits: what it must add is
    # something the buyer acts on before ordering
    on_site = wall <= limit
    # in a server room, or for one rack server asked for as such, the feeds are the buyer's to provision (a
    # warning that says what to order); anywhere else a machine that draws more than the circuits described
    # cannot run there, a cluster as a single server (#31)
    provisioned = request.room == "server-room" or (request.form == "rack" and nodes == 1)
    site_status: Literal["pass", "warn", "fail"] = (
        "fail" if not ok or not (on_site or provisioned) else "pass" if on_site else "warn"
    )
    check = SITE_POWER.say(
        site_status,
        "feeds",
        on_site=on_site,
        power_kw=site["power_kw"],
        power_per_rack_kw=site["power_per_rack_kw"],
        nodes_per_rack=site["nodes_per_rack"],
        feeds=site["feeds"],
        feed=site["feed"],  # the English words, kept for scripts; the finding is rendered from feed_v and feed_a
        feed_v=FEED_V,
        feed_a=FEED_A,
        feed_kw=FEED_KW,
        cooling_kw=site["cooling_kw"],
        circuits=request.circuits,
        circuit=circuit_name(request.circuit),
        circuit_id=request.circuit,
    )
    return check, ok, feeds_kw * 1000


def _job_checks(est: EstimateResult, gpu: Gpu, workload: Workload, request: BuildRequest) -> list[Check]:
    """The deadline (or the one-year horizon), the speed asked and the region's rules."""
    checks: list[Check] = []
    horizon = request.deadline_hours
    if est.wall_hours is not None and workload.kind != "inference":
        if horizon:
            met: Literal["pass", "fail"] = "pass" if est.wall_hours <= horizon else "fail"
            checks.append(SPEED.say(met, "deadline-cluster", hours=est.wall_hours, deadline=horizon))
        elif est.wall_hours > TRAINING_HORIZON_H:
            # the same one-year horizon single machines meet (candidates.effective_deadline)
            checks.append(SPEED.say("fail", "years", years=est.wall_hours / 8760))
    if (speed := speed_check(est, request)) is not None:
        checks.append(speed)
    if (region := region_check(gpu, request)) is not None:
        checks.append(region)
    return checks


def _fabric_checks(
    system: System, nodes: int, fabric: Fabric, gbps: float, said: Reason | None, model: ModelArch, workload: Workload
) -> list[Check]:
    """The network between the nodes and the storage for the job's checkpoints. The layout is in the finding as its
    English (`detail`, kept for scripts) and as its code and fields (`detail_said`, a reason's JSON: check_text says it
    in the reader's language; Sam's cluster had read the layout in English in the Chinese window, walk20)."""
    need = storage_need_tb(model, workload)
    local = system.storage_tb * nodes
    return [
        FABRIC.say(
            "pass",
            "fabric",
            nodes=nodes,
            switches=fabric.switches,
            switch=fabric.switch.name.split(",")[0],
            tree=fabric.describe() if fabric.spines else "",
            gbps=gbps,
            detail=english(said) if said is not None else "",
            detail_said=json.dumps(as_json(said), ensure_ascii=False, sort_keys=True) if said is not None else "",
        ),
        CLUSTER_STORAGE.say(
            "pass" if local >= need else "warn",
            "checkpoints",
            need_tb=need,
            kept=CHECKPOINTS_KEPT,
            bytes_per_param=CHECKPOINT_BYTES_PER_PARAM,
            local_tb=local,
        ),
    ]


def _system_part(system: System, gpu: Gpu, q: Quote) -> BuildPart:
    said = Reason.of("part.server", gpus=system.gpu_count, gpu=gpu.name, via=system.interconnect)
    # the sheet's and the app's bays name the GPU and its module's bay (slots.module_bay)
    return system_line(system, q, said, gpu_name=gpu.name, gpu_bay=module_bay(gpu))


def _system_power(system: System, gpu: Gpu, cpu: Cpu, circuit_ok: bool, limit: float) -> Power:
    dc = system.max_power_w * 0.9
    return Power(
        dc_load_w=dc,
        psu_w=system.psu_w_total,
        wall_w=system.max_power_w,
        circuit_ok=circuit_ok,
        circuit_limit_w=limit,
        transient_w=dc,
        heat_btu_h=system.max_power_w * 3.412,
        gpu_w=gpu.tdp_w * system.gpu_count,
        cpu_w=cpu.tdp_w * system.cpu_count,
        rest_w=max(0.0, dc - gpu.tdp_w * system.gpu_count - cpu.tdp_w * system.cpu_count),
    )


def _fails(build: Build, rules: tuple[str, ...]) -> bool:
    return any(c.status == "fail" and c.rule in rules for c in build.checks)


def _smallest(
    system: System,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    horizon: float | None,
    kind: Reason,
    why: Reason,
    max_nodes: int | None = None,
    beat: float | None = None,
) -> Build | None:
    """The fewest nodes that hold the job and finish within `horizon` hours (binary search over NODE_COUNTS, then over
    every count between the two grid sizes that bracket the answer: more nodes never slow the estimate down much, and
    the search stays within a second).

    `beat`: the price of the cheapest cluster of another system found so far, which only a cheaper one replaces. The
    answer is more nodes than any count that failed, and n nodes cost at least n times the server's price (its line
    is the build's first, the network's lines are added to it), so once that floor reaches `beat` the search stops
    with None: this system cannot be the cheapest (a 70B pretraining plan had sized DGX A100 clusters from 2,048
    nodes down to 54 after 19 MI300X servers at 3.7M USD had answered it)."""
    counts = [
        n for n in NODE_COUNTS if (n == 1 or system.network_gbps_per_gpu) and (max_nodes is None or n <= max_nodes)
    ]
    cache: dict[int, Build | None] = {}
    q = quote(system, catalog, request.currency, request.condition, request.tax_basis) if beat is not None else None

    def priced_out(fewest: int) -> bool:
        """No cluster of `fewest` nodes or more can cost less than `beat`."""
        return q is not None and beat is not None and q.amount * fewest >= beat

    def at(n: int) -> Build | None:
        if n not in cache:
            cache[n] = cluster_build(1, kind, why, system, n, request, catalog, model, workload, exact)
        return cache[n]

    def good(build: Build | None) -> bool:
        if build is None or _fails(build, (MEM_FIT.id,)):
            return False
        if not meets_speed(build.estimate, request):
            return False
        return horizon is None or (build.estimate.wall_hours or 0) <= horizon

    lo, hi = 0, len(counts) - 1
    if priced_out(counts[0]) or not good(at(counts[hi])):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if good(at(counts[mid])):
            hi = mid
        else:
            lo = mid + 1
            if priced_out(counts[mid] + 1):
                return None
    # then the node counts between the grid's last failing size and its first good one: the grid alone answered a
    # 30-day 70B run with 384 DGX A100 (47.9M USD) because 128 HGX H100 nodes missed the deadline by a day and the
    # grid's next size, 192, cost more, while 140 of them meet it for less
    below, above = (counts[lo - 1], counts[lo]) if lo else (counts[0], counts[0])
    while above - below > 1:
        mid = (below + above) // 2
        if good(at(mid)):
            above = mid
        else:
            below = mid
            if priced_out(mid + 1):
                return None
    return at(above)


def cluster_options(
    systems: list[System],
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    max_nodes: int | None = None,
) -> list[Build]:
    """The cluster answers, best first: with a deadline the cheapest smallest cluster that meets it; with a budget and no
    deadline the fastest within it and the cost of finishing in 1, 3 and 12 months; otherwise the one-year fallback.
    `max_nodes=1`: ready-made single servers only (the alternative beside assembled builds)."""
    training = workload.kind != "inference" and workload.tokens is not None
    found: list[Build] = []

    def cheapest(horizon: float | None, kind: Reason, why: Reason) -> Build | None:
        best = None
        for system in systems:
            beat = best.total_price if best is not None else None
            build = _smallest(system, request, catalog, model, workload, exact, horizon, kind, why, max_nodes, beat)
            if build is not None and (best is None or build.total_price < best.total_price):
                best = build
        return best

    if not training:
        primary = cheapest(None, Reason.of("kind.cluster"), Reason.of("why.no-box"))
        if primary is not None and primary.nodes == 1:  # one node is a server, not a cluster (#28)
            primary = primary.of_kind(
                Reason.of("kind.server-gpus", gpus=primary.gpu_count), why=Reason.of("why.one-server")
            )
        return [primary] if primary is not None else []
    if request.deadline_hours:
        primary = cheapest(
            request.deadline_hours,
            Reason.of("kind.deadline", hours=request.deadline_hours),
            Reason.of("why.within-days", days=request.deadline_hours / 24),
        )
        return [primary] if primary is not None else []
    for months in (12, 3, 1):
        build = cheapest(
            months * MONTH_H,
            Reason.of("kind.months", months=months),
            Reason.of("why.within-hours", hours=months * MONTH_H, fallback=months == 12),
        )
        if build is not None and (request.budget is None or build.total_price <= request.budget):
            found.append(_months_said(build, months))
    if request.budget is not None:
        fastest = _fastest_within(systems, request, catalog, model, workload, exact, max_nodes)
        if fastest is not None and all(fastest.nodes != b.nodes or fastest.gpu_id != b.gpu_id for b in found):
            found.insert(0, fastest)
    found.sort(key=lambda b: b.total_price)
    return [b.model_copy(update={"rank": i + 1}) for i, b in enumerate(found)]


def _months_said(build: Build, months: int) -> Build:
    """A tier sized to finish in `months` at the estimate says so, and, where the top of the estimate's 80 % range
    passes those months, says how far (field `top_months`): cluster35's year tier for DeepSeek-V3 on 1T tokens was
    "finishes in 12 months" at 6,114 h while its MoE range reached 9,294 h (12.7 months), and nothing said so."""
    span = build.estimate.wall_hours_range() if build.estimate is not None else None
    if span is None or span[1] <= months * MONTH_H:
        return build
    kinds = tuple(
        Reason.of("kind.months", months=months, top_months=round(span[1] / MONTH_H, 1))
        if k.code == "kind.months"
        else k
        for k in build.kinds
    )
    return build.of_kind(*kinds)


def _fastest_within(
    systems: list[System],
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    max_nodes: int | None = None,
) -> Build | None:
    best = None
    for system in systems:
        q = quote(system, catalog, request.currency, request.condition, request.tax_basis)
        if q is None or request.budget is None:
            continue

        # the most nodes the budget buys (network parts included), then the estimate there
        def at(n: int, system: System = system) -> Build | None:
            """`n` nodes, if the budget buys them and the job fits them."""
            most = Reason.of("why.most-nodes", budget=request.budget, currency=request.currency)
            fastest = Reason.of("kind.cluster-fastest")
            build = cluster_build(1, fastest, most, system, n, request, catalog, model, workload, exact)
            ok = (
                build is not None
                and request.budget is not None
                and build.total_price <= request.budget
                and not _fails(build, (MEM_FIT.id,))
            )
            return build if ok and build is not None else None

        grid = [
            n for n in NODE_COUNTS if (n == 1 or system.network_gbps_per_gpu) and (max_nodes is None or n <= max_nodes)
        ]
        found: Build | None = None
        for n in sorted((n for n in grid if n * q.amount <= request.budget), reverse=True)[:3]:
            if (found := at(n)) is not None:
                break
        if found is None:
            continue
        # then every count up to the grid's next size (which the budget does not buy): the grid alone left up to a
        # third of the budget unspent
        above = [n for n in grid if n > found.nodes]
        lo, hi = found.nodes, min(above[0] if above else found.nodes + 1, int(request.budget // q.amount) + 1)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if (build := at(mid)) is not None:
                lo, found = mid, build
            else:
                hi = mid
        if best is None or (found.estimate.wall_hours or math.inf) < (best.estimate.wall_hours or math.inf):
            best = found
    return best


CURVE_SPAN = 8
"""The time/cost curve runs to this many times the chosen cluster (and at least CURVE_MIN_NODES): far enough to show
where more nodes stop paying (the communication wall), not every size the search knows."""
CURVE_MIN_NODES = 16


def node_curve(
    system: System,
    request: BuildRequest,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    exact: int | None,
    chosen_nodes: int,
) -> NodeCurve:
    """`system` at each cluster size of NODE_COUNTS up to CURVE_SPAN x `chosen_nodes`: wall hours (or decode speed),
    the price bought, the job rented on the offer `plan` would match, and the scaling efficiency. The points are the
    builds `cluster_build` makes, so the curve and the chosen build agree at the chosen size."""
    training = workload.kind != "inference"
    top = max(CURVE_MIN_NODES, CURVE_SPAN * chosen_nodes)
    counts = [n for n in NODE_COUNTS if n <= top and (n == 1 or system.network_gbps_per_gpu)]
    if chosen_nodes not in counts:
        counts = sorted({*counts, chosen_nodes})
    points: list[NodePoint] = []
    for n in counts:
        build = cluster_build(1, None, None, system, n, request, catalog, model, workload, exact)
        if build is None:
            continue
        fits = not _fails(build, (MEM_FIT.id,))
        est = build.estimate
        scaling = build.parallelism.get("scaling_efficiency") if build.parallelism is not None else None
        rental: dict[str, object] = {}
        if training and fits and est.wall_hours is not None:
            search = rental_search_for(build, catalog, model, workload, request.region, exact)
            match = search.match
            if match is not None and match.wall_hours is not None:
                rental = {
                    "rental_cost": match.hourly * match.wall_hours,
                    "rental_wall_hours": match.wall_hours,
                    "rental_offer": f"{match.instances} x {match.offer.id}",
                    "rental_reason": search.reason,
                    "rental_said": search.said,
                }
            else:
                rental = {"rental_reason": search.reason, "rental_said": search.said}
        points.append(
            NodePoint(
                nodes=n,
                gpus=n * system.gpu_count,
                fits=fits,
                wall_hours=est.wall_hours if fits and training else None,
                decode_tokens_per_s=est.decode_tokens_per_s if fits and not training else None,
                total_price=build.total_price,
                scaling_efficiency=float(scaling) if fits and scaling is not None else None,
                **rental,  # type: ignore[arg-type]
            )
        )
    return NodeCurve(
        system=system.id,
        system_name=system.name,
        currency=request.currency,
        kind="training" if training else "inference",
        chosen_nodes=chosen_nodes,
        deadline_hours=request.deadline_hours if training else None,
        points=tuple(points),
    )
