"""An independent checker for `plan --json` builds.

Written from the shared build rules directly, against the JSON a script would see (each
part's full catalog record in "spec"); it shares no code with configurator.core.solve.
"""

from __future__ import annotations

import math
from typing import Any

GIB = 2**30
VOLTS_AMPS = {"120v15a": (120, 15), "120v20a": (120, 20), "230v10a": (230, 10), "230v16a": (230, 16)}
# 80 PLUS full-load efficiency, the conservative end (R25)
EFF_115 = {"bronze": 0.82, "silver": 0.85, "gold": 0.87, "platinum": 0.89, "titanium": 0.90}
EFF_230 = {"bronze": 0.85, "silver": 0.87, "gold": 0.89, "platinum": 0.90, "titanium": 0.94}


def _one(parts: list[dict[str, Any]], category: str) -> dict[str, Any] | None:
    found = [p for p in parts if p["category"] == category]
    return found[0] if found else None


def check(build: dict[str, Any], circuit: str, circuits: int = 1, budget: float | None = None, form: str = "any") -> list[str]:
    """Every violated rule, as text; an empty list means the build is sound."""
    problems: list[str] = []
    parts = build["parts"]
    if budget is not None and build["total_price"] > budget + 0.01 and "over budget" not in build["label"]:
        problems.append(f"over budget: {build['total_price']} > {budget}")
    memory = build["estimate"]["memory"]
    if memory["fits"] is False:
        problems.append("estimate says the job does not fit")
    # money adds up: owned parts are counted and not paid for
    # parts of scope "cluster" (switches, spine optics) are bought once, the rest once per node
    paid = sum(p["unit_price"] * (p["quantity"] - p.get("owned", 0)) * (1 if p.get("scope") == "cluster" else build["nodes"])
               for p in parts)
    if abs(paid - build["total_price"]) > 0.01 * sum(p["quantity"] for p in parts) * build["nodes"] + 0.01:
        problems.append(f"parts add up to {paid:.2f}, not the total {build['total_price']}")
    for p in parts:
        if not 0 <= p.get("owned", 0) <= p["quantity"]:
            problems.append(f"{p['id']}: owned count {p.get('owned')} outside 0..{p['quantity']}")
    volts, amps = VOLTS_AMPS[circuit]
    limit = volts * amps * 0.8  # NEC continuous-load rule
    warned = {c["rule"] for c in build["checks"] if c["status"] == "warn"}
    system = _one(parts, "system")
    gpu_part = _one(parts, "gpu")
    layout = build.get("parallelism")
    if layout is not None and memory.get("per_gpu_bytes") is not None:
        ranks = layout["data"] * layout["tensor"] * layout["pipeline"] * layout.get("context", 1)
        gpus_in_build = (system["spec"]["gpu_count"] * build["nodes"] if system is not None
                         else (gpu_part["quantity"] if gpu_part is not None else 0))
        if build["estimate"]["memory"]["per_gpu_bytes"] and layout["data"] > 1 and ranks != gpus_in_build:
            problems.append(f"parallel layout uses {ranks} GPUs, the build has {gpus_in_build}")
        if not 0 < layout["scaling_efficiency"] <= 1:
            problems.append(f"scaling efficiency {layout['scaling_efficiency']} outside (0, 1]")
    if system is not None and build["nodes"] > 1:
        # a cluster: it runs on the site's feeds, not a wall circuit; the fabric between nodes is in the bill
        site = build.get("site")
        if site is None:
            problems.append("a multi-node build without its site (racks, power, feeds)")
        else:
            draw_kw = system["spec"]["max_power_w"] * build["nodes"] / 1000
            if site["power_kw"] + 0.1 < draw_kw:
                problems.append(f"site power {site['power_kw']} kW below the nodes' {draw_kw:.1f} kW")
            if site["feeds"] * site["feed_kw"] + 0.1 < site["power_kw"]:
                problems.append("the site's feeds do not carry the cluster")
        if not [p for p in parts if p["category"] == "network"]:
            problems.append("a multi-node build lists no network parts")
        return problems
    if system is not None:
        # a ready-made server: its vendor did the assembly, but it must still hold the job and its site
        if system["spec"]["max_power_w"] * build["nodes"] > limit * circuits + 1:
            problems.append("the ready-made system draws more than the circuits allow")
        if build["power"]["circuit_ok"] is not True:
            problems.append("the build reports its circuit as overloaded")
        return problems
    if gpu_part is None:
        # a machine with no GPU bought (CPU only): its platform, cooling and power are checked as any other's
        gpu: dict[str, Any] = {"vram_gb": 0, "length_mm": 0, "cooler": "none", "tdp_w": 0, "slot_width": 0}
        n = 0
    else:
        gpu = gpu_part["spec"]
        n = gpu_part["quantity"]
        if memory["per_gpu_bytes"] > gpu["vram_gb"] * GIB:
            problems.append("per-GPU memory above the card's capacity")
    board = _one(parts, "motherboard")["spec"]  # type: ignore[index]
    cpu_part = _one(parts, "cpu")
    cpu = cpu_part["spec"]  # type: ignore[index]
    sockets = cpu_part["quantity"]  # type: ignore[index]
    chassis = _one(parts, "chassis")["spec"]  # type: ignore[index]
    mem_part = _one(parts, "memory")
    mem = mem_part["spec"]  # type: ignore[index]
    cooler_part = _one(parts, "cooler")
    storage_part = _one(parts, "storage")
    # platform
    if cpu["socket"] != board["socket"]:
        problems.append("CPU socket does not match the board")
    if cpu["family"] not in board["cpu_families"]:
        problems.append(f"{board['id']} does not list {cpu['family']} CPUs ({cpu['id']}) on its support list")
    if mem["memory_type"] != board["memory_type"] or mem["module"] != board["memory_module"]:
        problems.append("memory kind does not match the board")
    modules = mem["modules"] * mem_part["quantity"]  # type: ignore[index]
    ram = mem["modules"] * mem["module_gb"] * mem_part["quantity"]  # type: ignore[index]
    if modules > board["dimm_slots"] or ram > board["max_memory_gb"]:
        problems.append("too many modules or too much memory for the board")
    channels = min(cpu["memory_channels"], board["memory_channels"])
    if modules > channels * min(board["dimms_per_channel"], 2) * sockets:
        problems.append(f"{modules} DIMMs on {channels} channels x {sockets} socket(s): more than two per channel or the board's DPC")
    # llama.cpp (mmap) and vLLM stream weights to the GPUs: less RAM than VRAM is a warned slower load, down to 64 GB
    engine = (build.get("launch") or {}).get("engine")
    streamed = engine in ("llama.cpp", "vllm") and "RAM-1" in warned and ram >= min(gpu["vram_gb"] * n, 64)
    if ram < gpu["vram_gb"] * n and not streamed:
        problems.append("system RAM below total VRAM")
    if n >= 3 and cpu["platform"] == "consumer":
        problems.append("three or more GPUs on a consumer platform")
    cooler = cooler_part["spec"]  # type: ignore[index]
    if cpu["socket"] not in cooler["sockets"] or cooler["max_tdp_w"] < cpu["tdp_w"]:
        problems.append("CPU cooler does not fit or cannot cool the CPU")
    if cooler.get("needs_ducted_airflow") and chassis["airflow"] != "server-ducted":
        problems.append(f"fanless heatsink {cooler['id']} in a {chassis['kind']} without ducted server airflow")
    # geometry and cooling
    if gpu["length_mm"] > chassis["max_gpu_length_mm"]:
        problems.append("GPU longer than the case allows")
    if gpu["cooler"] == "passive" and chassis["airflow"] != "server-ducted":
        problems.append("passive data-center card outside a ducted server chassis")
    open_frame = chassis["kind"] == "open-frame"
    if open_frame and form != "open-frame" and not (gpu["cooler"] == "open-air" and n >= 3):
        problems.append(f"an open frame for {n} {gpu['cooler']} card(s) where a case would do")
    positions = sorted(s["slot"] for s in build["slot_map"])
    if len(positions) != n:
        problems.append("slot map does not place every GPU")
    if board.get("gpu_bays"):
        if n > board["gpu_bays"]:
            problems.append("more GPUs than server bays")
    elif not open_frame:
        x16 = {s["position"] for s in board["pcie_slots"] if s.get("mechanical_lanes", 16) >= 16}
        if not set(positions) <= x16:
            problems.append("a GPU sits in a slot that is not x16-sized")
        thickness = math.ceil(gpu["slot_width"] - 1e-9)
        gap = 1 if gpu["cooler"] == "open-air" else 0
        for upper, lower in zip(positions, positions[1:]):
            if lower - upper < thickness + gap:
                problems.append(f"cards in slots {upper} and {lower} collide or lack the open-air gap")
        if positions and positions[-1] + thickness - 1 > chassis["expansion_slots"]:
            problems.append("the last card reaches past the case's expansion openings")
    # lanes
    if not board.get("gpu_bays"):
        lanes_by_pos = {s["position"]: s["lanes"] for s in board["pcie_slots"]}
        gpu_lanes = sum(lanes_by_pos.get(p, 0) for p in positions)
        nvme = storage_part["quantity"] if storage_part["spec"]["interface"] != "sata" else 0  # type: ignore[index]
        if gpu_lanes + 4 * nvme > cpu["pcie_lanes"] * sockets + 8:
            problems.append("GPU and NVMe lanes exceed the CPU's")
    # power
    psu_part = _one(parts, "psu")
    fans = 60 if chassis.get("integrated_board") else 15
    drives = storage_part["quantity"]  # type: ignore[index]
    dc = n * gpu["tdp_w"] + sockets * cpu["tdp_w"] + 75 + 5 * modules + 8 * drives + fans
    if psu_part is None:
        capacity = chassis["included_psu_w"] / (2 if chassis.get("psu_redundant") else 1)
        tier, outlets = "titanium", min(4, circuits)
    else:
        psu = psu_part["spec"]
        capacity = psu["watts"] * psu_part["quantity"]
        tier, outlets = psu["efficiency"], min(psu_part["quantity"], circuits)
        if volts < 200 and psu["watts"] > 1600:
            problems.append("an ATX PSU above 1600 W on a 120 V outlet")
        if psu_part["quantity"] > 1 and not any(p["category"] == "accessory" and p["spec"]["kind"] == "psu-sync" for p in parts):
            problems.append("two PSUs without a sync board")
    if dc > 0.8 * capacity + 1:
        problems.append(f"DC load {dc:.0f} W above 80 % of {capacity:.0f} W")
    if psu_part is not None and capacity > 2.5 * dc and "PWR-10" not in warned and not psu_part.get("owned"):
        problems.append(f"{capacity:.0f} W of PSU for a {dc:.0f} W load, without a word")
    efficiency = (EFF_230 if volts >= 200 else EFF_115)[tier]
    if dc / efficiency > volts * amps * 0.8 * outlets + 1:
        problems.append(f"wall draw {dc / efficiency:.0f} W above the circuit's continuous limit")
    if build["power"]["circuit_ok"] is not True:
        problems.append("the build reports its circuit as overloaded")
    if dc / efficiency > 0.9 * volts * amps * 0.8 * outlets + 1 and "CIR-2" not in warned:
        problems.append("within 10 % of the circuit's continuous limit, without a warning")
    return problems
