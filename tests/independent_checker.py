"""An independent checker for `plan --json` builds.

Written from the shared build rules directly, against the JSON a script would see (each
part's full catalog record in "spec"); it shares no code with configurator.core.solve.
"""

from __future__ import annotations

import math
import re
import shlex
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

GIB = 2**30
VOLTS_AMPS = {
    "120v15a": (120, 15),
    "120v20a": (120, 20),
    "240v20a": (240, 20),
    "208v30a": (208, 30),
    "220v10a": (220, 10),
    "220v16a": (220, 16),
    "230v10a": (230, 10),
    "230v16a": (230, 16),
}
SERVER_ROOM_FEED = {"USD": "208v30a", "CNY": "220v16a", "EUR": "230v16a"}
"""A server room's rack feed where the request names no circuit (round 43; docs/build-rules.md R24): North America's
208 V 30 A L6-30 (a machine room has no 120 V outlets), China's 220 V 16 A, Europe's 230 V 16 A single-phase."""


def asked_circuit(options: dict[str, Any]) -> str:
    """The circuit a plan request runs on: the one it names, else its room's and market's (a server room's rack feed;
    the China region's 220 V 16 A there), else a US outlet for USD and 230 V 16 A otherwise."""
    if options.get("circuit"):
        return str(options["circuit"])
    currency = str(options.get("currency") or "USD")
    if options.get("room") == "server-room":
        return SERVER_ROOM_FEED["CNY" if options.get("region") == "china" else currency]
    return "120v15a" if currency == "USD" else "230v16a"


# 80 PLUS full-load efficiency, the conservative end (R25)
EFF_115 = {"bronze": 0.82, "silver": 0.85, "gold": 0.87, "platinum": 0.89, "titanium": 0.90}
EFF_230 = {"bronze": 0.85, "silver": 0.87, "gold": 0.89, "platinum": 0.90, "titanium": 0.94}


SHROUD_MAX_CARD_USD = 1500.0
"""The shroud frame is how hobbyists run cheap, used passive cards (P40 and P100 at 72-260 USD, MI50 at 150, V100 PCIe
and MI100 at ~1,000-1,100); labs put dearer ones (A10, L20, A100, A800, MI210) in a server chassis built for them."""


@cache
def _per_usd() -> dict[str, float]:
    """Units of each currency per US dollar, as the shipped catalog's exchange-rates.toml states them."""
    path = Path(__file__).resolve().parents[1] / "catalogs" / "exchange-rates.toml"
    rates = tomllib.loads(path.read_text(encoding="utf-8"))["exchange_rates"]["per_usd"]
    return {str(k): float(v) for k, v in rates.items()}


def _dear_on_shrouds(build: dict[str, Any], gpu_part: dict[str, Any] | None, chassis: dict[str, Any]) -> list[str]:
    """Passive cards on the open frame under shroud kits that cost more than the cheap, used cards the frame is for."""
    if gpu_part is None or gpu_part["spec"].get("cooler") != "passive" or chassis["kind"] != "open-frame":
        return []
    rate = _per_usd().get(build["currency"])
    usd = gpu_part["unit_price"] / rate if rate else None
    if usd is None or usd <= SHROUD_MAX_CARD_USD + 0.5:
        return []
    return [f"passive cards of {usd:,.0f} USD each on a shroud frame (the frame is for used cards up to 1,500 USD)"]


def _one(parts: list[dict[str, Any]], category: str) -> dict[str, Any] | None:
    found = [p for p in parts if p["category"] == category]
    return found[0] if found else None


def check(
    build: dict[str, Any], circuit: str, circuits: int = 1, budget: float | None = None, form: str = "any"
) -> list[str]:
    """Every violated rule, as text; an empty list means the build is sound."""
    problems = _money_problems(build, budget)
    parts = build["parts"]
    volts, amps = VOLTS_AMPS[circuit]
    limit = volts * amps * 0.8  # NEC continuous-load rule
    warned = {c["rule"] for c in build["checks"] if c["status"] == "warn"}
    system = _one(parts, "system")
    gpu_part = _one(parts, "gpu")
    problems += _layout_problems(build, system, gpu_part)
    if system is not None and build["nodes"] > 1:
        return problems + _cluster_problems(build, system)
    if system is not None:
        return problems + _server_problems(build, system, limit, circuits)
    gpu, n, found = _gpus(build, gpu_part)
    problems += found
    base = _one(parts, "base")
    if base is not None:
        return problems + _base_problems(build, base["spec"], gpu_part, n, limit * circuits)
    box = _Box.of(parts)
    problems += _platform_problems(build, box, gpu, n, warned)
    positions = sorted(s["slot"] for s in build["slot_map"])
    problems += _geometry_problems(build, box, gpu, n, positions, form)
    problems += _dear_on_shrouds(build, gpu_part, box.chassis)
    problems += _lane_problems(box, positions)
    problems += bay_problems(build, box.board, gpu, n, positions)
    problems += _power_problems(build, box, gpu, gpu_part, n, warned, (volts, amps), circuits)
    return problems


def _money_problems(build: dict[str, Any], budget: float | None) -> list[str]:
    """The budget, whether the job fits, and the bill: owned parts counted and not paid for."""
    problems: list[str] = []
    parts = build["parts"]
    if budget is not None and build["total_price"] > budget + 0.01 and "over budget" not in build["label"]:
        problems.append(f"over budget: {build['total_price']} > {budget}")
    if build["estimate"]["memory"]["fits"] is False:
        problems.append("estimate says the job does not fit")
    # money adds up: owned parts are counted and not paid for
    # parts of scope "cluster" (switches, spine optics) are bought once, the rest once per node
    paid = sum(
        p["unit_price"] * (p["quantity"] - p.get("owned", 0)) * (1 if p.get("scope") == "cluster" else build["nodes"])
        for p in parts
    )
    if abs(paid - build["total_price"]) > 0.01 * sum(p["quantity"] for p in parts) * build["nodes"] + 0.01:
        problems.append(f"parts add up to {paid:.2f}, not the total {build['total_price']}")
    for p in parts:
        if not 0 <= p.get("owned", 0) <= p["quantity"]:
            problems.append(f"{p['id']}: owned count {p.get('owned')} outside 0..{p['quantity']}")
    return problems


def _layout_problems(
    build: dict[str, Any], system: dict[str, Any] | None, gpu_part: dict[str, Any] | None
) -> list[str]:
    """The parallel layout uses the build's GPUs, at a scaling efficiency in (0, 1]."""
    problems: list[str] = []
    memory = build["estimate"]["memory"]
    layout = build.get("parallelism")
    if layout is not None and memory.get("per_gpu_bytes") is not None:
        ranks = layout["data"] * layout["tensor"] * layout["pipeline"] * layout.get("context", 1)
        gpus_in_build = (
            system["spec"]["gpu_count"] * build["nodes"]
            if system is not None
            else (gpu_part["quantity"] if gpu_part is not None else 0)
        )
        if memory["per_gpu_bytes"] and layout["data"] > 1 and ranks != gpus_in_build:
            problems.append(f"parallel layout uses {ranks} GPUs, the build has {gpus_in_build}")
        if not 0 < layout["scaling_efficiency"] <= 1:
            problems.append(f"scaling efficiency {layout['scaling_efficiency']} outside (0, 1]")
    return problems


def _cluster_problems(build: dict[str, Any], system: dict[str, Any]) -> list[str]:
    """A cluster runs on the site's feeds, not a wall circuit; the fabric between nodes is in the bill."""
    problems: list[str] = []
    site = build.get("site")
    if site is None:
        problems.append("a multi-node build without its site (racks, power, feeds)")
    else:
        draw_kw = system["spec"]["max_power_w"] * build["nodes"] / 1000
        if site["power_kw"] + 0.1 < draw_kw:
            problems.append(f"site power {site['power_kw']} kW below the nodes' {draw_kw:.1f} kW")
        if site["feeds"] * site["feed_kw"] + 0.1 < site["power_kw"]:
            problems.append("the site's feeds do not carry the cluster")
    if not [p for p in build["parts"] if p["category"] == "network"]:
        problems.append("a multi-node build lists no network parts")
    return problems


def _server_problems(build: dict[str, Any], system: dict[str, Any], limit: float, circuits: int) -> list[str]:
    """A ready-made server: its vendor did the assembly, but it must still hold the job and its site: the circuits,
    or (one server in a server room, #28) the room's own feeds, which its site then lists and must carry."""
    problems: list[str] = []
    site = build.get("site")
    if site is not None:
        draw_kw = system["spec"]["max_power_w"] * build["nodes"] / 1000
        if site["power_kw"] + 0.1 < draw_kw or site["feeds"] * site["feed_kw"] + 0.1 < draw_kw:
            problems.append(f"the server's site ({site['power_kw']} kW) does not carry its {draw_kw:.1f} kW")
    elif system["spec"]["max_power_w"] * build["nodes"] > limit * circuits + 1:
        problems.append("the ready-made system draws more than the circuits allow")
    if build["power"]["circuit_ok"] is not True:
        problems.append("the build reports its circuit as overloaded")
    return problems


def _gpus(build: dict[str, Any], gpu_part: dict[str, Any] | None) -> tuple[dict[str, Any], int, list[str]]:
    """The card the rules are checked on, the number of cards, and what is wrong with their memory or slot map.

    A machine with no GPU bought (CPU only): its platform, cooling and power are checked as any other's. Different
    cards in one machine: each slot's card from the slot map, the rules on the most demanding of them (the widest and
    longest card, open-air if any is, the gap it needs), the power summed card by card."""
    problems: list[str] = []
    parts = build["parts"]
    memory = build["estimate"]["memory"]
    if gpu_part is None:
        return {"vram_gb": 0, "length_mm": 0, "cooler": "none", "tdp_w": 0, "slot_width": 0}, 0, problems
    gpu_parts = [p for p in parts if p["category"] == "gpu"]
    n = sum(p["quantity"] for p in gpu_parts)
    if len(gpu_parts) == 1:
        gpu = gpu_part["spec"]
        if memory["per_gpu_bytes"] > gpu["vram_gb"] * GIB:
            problems.append("per-GPU memory above the card's capacity")
        return gpu, n, problems
    specs = {p["id"]: p["spec"] for p in gpu_parts}
    slotted = [s["part_id"] for s in build["slot_map"]]
    if sorted(slotted) != sorted(p["id"] for p in gpu_parts for _ in range(p["quantity"])):
        problems.append(f"slot map {slotted} does not place the GPUs the bill lists")
    mixed = build.get("gpus_mixed") or []
    if sorted(mixed) != sorted(slotted):
        problems.append(f"gpus_mixed {mixed} does not name the slot map's cards {slotted}")
    # device order (CUDA's fastest first, the --tensor-split's order), whatever slot each sits in (round 49)
    bandwidths = [specs[i]["memory_bandwidth_gbps"] for i in mixed if i in specs]
    if bandwidths != sorted(bandwidths, reverse=True):
        problems.append(f"gpus_mixed {mixed} is not in device order (the fastest card first)")
    problems += _pinned_problems(build, mixed)
    coolers = {s["cooler"] for s in specs.values()}
    gpu = {
        "vram_gb": sum(p["spec"]["vram_gb"] * p["quantity"] for p in gpu_parts) / max(n, 1),
        "length_mm": max(s["length_mm"] for s in specs.values()),
        "slot_width": max(s["slot_width"] for s in specs.values()),
        "cooler": "passive" if "passive" in coolers else "open-air" if "open-air" in coolers else coolers.pop(),
        "tdp_w": sum(p["spec"]["tdp_w"] * p["quantity"] for p in gpu_parts) / max(n, 1),
        # cards with fans beside passive ones: only the shroud frame holds both (a server's fan wall fights the fans)
        "fans_beside_passive": "passive" in coolers and len(coolers) > 1,
    }
    passive = sum(p["quantity"] for p in gpu_parts if p["spec"]["cooler"] == "passive")
    kits = sum(p["quantity"] for p in parts if p["category"] == "accessory" and p["spec"].get("kind") == "gpu-shroud")
    if kits and kits != passive:
        problems.append(f"{kits} shroud kit(s) for {passive} passive card(s)")
    per_card = memory["per_gpu_bytes"]
    if per_card > max(s["vram_gb"] for s in specs.values()) * GIB:
        problems.append("per-GPU memory above every card's capacity")
    return gpu, n, problems


def _pinned_problems(build: dict[str, Any], mixed: list[str]) -> list[str]:
    """A mix seated top to bottom in another order than its device order (the --tensor-split's): the launch command
    must number the cards in device order itself (CUDA_DEVICE_ORDER=PCI_BUS_ID, then CUDA_VISIBLE_DEVICES listing
    each device's slot index, top slot 0; round 49)."""
    in_slots = [s["part_id"] for s in sorted(build["slot_map"], key=lambda s: s["slot"])]
    command = (build.get("launch") or {}).get("command") or ""
    if not mixed or in_slots == mixed or sorted(in_slots) != sorted(mixed) or not command:
        return []
    free, want = list(enumerate(in_slots)), []
    for card in mixed:
        at = next(k for k, (_, c) in enumerate(free) if c == card)
        want.append(free.pop(at)[0])
    pinned = f"CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES={','.join(str(k) for k in want)} "
    return [] if pinned in command else [f"launch numbers {mixed} by CUDA's default, seated {in_slots}: {command[:80]}"]


PLUG_8PIN_FOR_16PIN = 3
"""A 12VHPWR / 12V-2x6 input fed from 8-pin plugs: NVIDIA's adapter for a 450 W card takes three."""


def _base_problems(
    build: dict[str, Any], base: dict[str, Any], gpu_part: dict[str, Any] | None, n: int, limit: float
) -> list[str]:
    """A used office PC or workstation bought whole with cards added (round 38): there is no board, case or PSU part;
    the base's own record (its "spec") is read directly. The cards sit in the base's x16 slots, each card's cooler
    covering the slots below its own, the next card's slot free, the last inside the case's openings; no card longer
    than the case takes; the cards' power inputs fed from the PSU's own plugs (an 8-pin input from a 6+2-pin plug, or
    from two 6-pin plugs through an adapter; a 6-pin input from any plug left; no CPU EPS input); no passive card (an
    office tower gives no ducted airflow); the machine's own load and the cards' at most 80 % of the PSU's label; the
    wall draw within the circuits."""
    problems: list[str] = []
    parts = build["parts"]
    extra = sorted({p["category"] for p in parts} - {"base", "gpu"})
    if extra:
        problems.append(f"a base-machine build also lists {extra}: the base comes whole")
    if gpu_part is None or n == 0:
        return [*problems, "a base-machine build with no card added"]
    if len([p for p in parts if p["category"] == "gpu"]) != 1:
        problems.append("a base-machine build with cards of more than one model")
    card = gpu_part["spec"]
    if card.get("cooler") == "passive":
        problems.append(f"a passive {card.get('name')} in an office tower (no ducted airflow)")
    x16 = sorted(int(s) for s in base["x16_slots"])
    used = sorted(int(s["slot"]) for s in build["slot_map"])
    if len(used) != n:
        problems.append(f"slot map places {len(used)} card(s), the bill lists {n}")
    if not set(used) <= set(x16):
        problems.append(f"cards in slots {used}, the base's x16 slots are {x16}")
    thickness = math.ceil(float(card["slot_width"]) - 1e-9)
    for here, below in zip(used, used[1:]):
        if here + thickness > below:
            problems.append(f"a {thickness}-slot card in slot {here} covers the card in slot {below}")
    if used and used[-1] + thickness - 1 > int(base["slot_openings"]):
        problems.append(f"the card in slot {used[-1]} overhangs the case's {base['slot_openings']} openings")
    if float(card["length_mm"]) > float(base["max_card_length_mm"]) + 0.5:
        problems.append(f"a {card['length_mm']:.0f} mm card in a case that takes {base['max_card_length_mm']:.0f} mm")
    inputs = card.get("power_connectors") or {}
    if inputs.get("eps8"):
        problems.append("a card with a CPU EPS 8-pin input, which a workstation's GPU harness does not carry")
    eights = (int(inputs.get("pcie8", 0)) + PLUG_8PIN_FOR_16PIN * int(inputs.get("hpwr16", 0))) * n
    sixes = int(inputs.get("pcie6", 0)) * n
    plugs_8, plugs_6 = int(base.get("gpu_plugs_8", 0)), int(base.get("gpu_plugs_6", 0))
    from_8 = min(eights, plugs_8)
    adapted = eights - from_8  # each takes two 6-pin plugs
    left = plugs_6 - 2 * adapted
    left_for_6 = left + (plugs_8 - from_8) if left >= 0 else -1
    if left < 0 or left_for_6 < sixes:
        problems.append(
            f"{n} card(s) need {eights} 8-pin and {sixes} 6-pin input(s); the PSU has {plugs_8} 6+2-pin and "
            f"{plugs_6} 6-pin plug(s)"
        )
    card_w, found = _card_watts(build, card)
    problems += found
    dc = float(base["host_load_w"]) + n * card_w
    if dc > 0.8 * float(base["psu_w"]) + 1:
        problems.append(f"DC load {dc:.0f} W above 80 % of the base's {base['psu_w']:.0f} W PSU")
    power = build["power"]
    if abs(float(power["dc_load_w"]) - dc) > 0.01 * dc + 1:
        problems.append(f"the build states {power['dc_load_w']:.0f} W of DC load, the base and cards draw {dc:.0f} W")
    if float(power.get("psu_w") or 0) != float(base["psu_w"]):
        problems.append(f"the build states a {power.get('psu_w')} W PSU, the base's is {base['psu_w']} W")
    wall = dc / EFF_115["gold"]  # the workstation's own supply at Gold's full-load efficiency, the conservative end
    if power["circuit_ok"] is not True or wall > limit + 1:
        problems.append(f"the base's wall draw {wall:.0f} W over the circuit's {limit:.0f} W")
    return problems


@dataclass(frozen=True)
class _Box:
    """The parts of a self-assembled machine the rules read (their catalog records), and the bill's counts."""

    parts: list[dict[str, Any]]
    board: dict[str, Any]
    cpu: dict[str, Any]
    sockets: int
    chassis: dict[str, Any]
    mem: dict[str, Any]
    mem_count: int
    cooler: dict[str, Any]
    storage: dict[str, Any]
    drives: int
    psu_part: dict[str, Any] | None

    @staticmethod
    def of(parts: list[dict[str, Any]]) -> _Box:
        board = _one(parts, "motherboard")["spec"]  # type: ignore[index]
        cpu_part = _one(parts, "cpu")
        chassis = _one(parts, "chassis")["spec"]  # type: ignore[index]
        mem_part = _one(parts, "memory")
        cooler_part = _one(parts, "cooler")
        storage_part = _one(parts, "storage")
        return _Box(
            parts=parts,
            board=board,
            cpu=cpu_part["spec"],  # type: ignore[index]
            sockets=cpu_part["quantity"],  # type: ignore[index]
            chassis=chassis,
            mem=mem_part["spec"],  # type: ignore[index]
            mem_count=mem_part["quantity"],  # type: ignore[index]
            cooler=cooler_part["spec"],  # type: ignore[index]
            storage=storage_part["spec"],  # type: ignore[index]
            drives=storage_part["quantity"],  # type: ignore[index]
            psu_part=_one(parts, "psu"),
        )

    @property
    def modules(self) -> int:
        return self.mem["modules"] * self.mem_count


def _platform_problems(build: dict[str, Any], box: _Box, gpu: dict[str, Any], n: int, warned: set[str]) -> list[str]:
    """CPU, board, memory and the CPU's cooler."""
    problems: list[str] = []
    board, cpu, mem, chassis, sockets = box.board, box.cpu, box.mem, box.chassis, box.sockets
    if cpu["socket"] != board["socket"]:
        problems.append("CPU socket does not match the board")
    if cpu["family"] not in board["cpu_families"]:
        problems.append(f"{board['id']} does not list {cpu['family']} CPUs ({cpu['id']}) on its support list")
    if mem["memory_type"] != board["memory_type"] or mem["module"] != board["memory_module"]:
        problems.append("memory kind does not match the board")
    modules = box.modules
    ram = mem["modules"] * mem["module_gb"] * box.mem_count
    if modules > board["dimm_slots"] or ram > board["max_memory_gb"]:
        problems.append("too many modules or too much memory for the board")
    if ram > cpu["max_memory_gb"] * sockets:  # the CPU's own maximum, per socket (Intel ark, AMD's spec pages)
        problems.append(f"{ram} GB of RAM is more than {cpu['id']} addresses ({cpu['max_memory_gb']} GB a socket)")
    channels = min(cpu["memory_channels"], board["memory_channels"])
    if modules > channels * min(board["dimms_per_channel"], 2) * sockets:
        problems.append(
            f"{modules} DIMMs on {channels} channels x {sockets} socket(s): more than two per channel or the board's DPC"
        )
    # every channel alike (Intel: "populate the same number of DIMMs for each channel and each socket"; Dell: an
    # unbalanced population "can reduce memory bandwidth by up to 33%"): a bought kit never leaves a channel empty or
    # holds more on one than another; where a build has it (the user's own kit, a fixed server), it says so
    wired = channels * sockets
    if (
        (modules < wired or modules % wired)
        and "RAM-7" not in warned
        and not (_one(box.parts, "memory") or {}).get("owned")
    ):
        problems.append(f"{modules} DIMMs on {wired} memory channels: unequal or empty channels, and no warning")
    # llama.cpp (mmap) and vLLM stream weights to the GPUs: less RAM than VRAM is a warned slower load, down to
    # 32 GB for llama.cpp (a dual-3090 guide's "32GB minimum") and 64 GB for vLLM
    engine = (build.get("launch") or {}).get("engine")
    floor = {"llama.cpp": 32, "vllm": 64}.get(engine or "")
    vram = gpu["vram_gb"] * gpu.get("gpus_per_card", 1) * n  # a card of two GPUs holds twice the per-GPU memory
    streamed = floor is not None and "RAM-1" in warned and ram >= min(vram, floor)
    if ram < vram and not streamed:
        problems.append("system RAM below total VRAM")
    if n >= 3 and cpu["platform"] == "consumer":
        problems.append("three or more GPUs on a consumer platform")
    cooler = box.cooler
    if cpu["socket"] not in cooler["sockets"] or cooler["max_tdp_w"] < cpu["tdp_w"]:
        problems.append("CPU cooler does not fit or cannot cool the CPU")
    if cooler.get("needs_ducted_airflow") and (
        chassis["airflow"] != "server-ducted" or chassis["kind"] == "open-frame"
    ):
        problems.append(f"fanless heatsink {cooler['id']} in a {chassis['kind']} without ducted server airflow")
    return problems


def _geometry_problems(
    build: dict[str, Any], box: _Box, gpu: dict[str, Any], n: int, positions: list[int], form: str
) -> list[str]:
    """Geometry and cooling: the cards in the case, in their slots, with the gaps they need."""
    problems: list[str] = []
    board, chassis = box.board, box.chassis
    if gpu["length_mm"] > chassis["max_gpu_length_mm"]:
        problems.append("GPU longer than the case allows")
    if gpu["cooler"] == "passive" and chassis["airflow"] != "server-ducted":
        problems.append("passive data-center card outside a ducted server chassis")
    if gpu.get("fans_beside_passive") and chassis["kind"] != "open-frame":
        problems.append(
            f"cards with fans beside passive ones in a {chassis['kind']} (only the shroud frame holds both)"
        )
    open_frame = chassis["kind"] == "open-frame"
    shrouded = gpu["cooler"] == "passive" and chassis["airflow"] == "server-ducted"  # a blower shroud on each card
    if shrouded and chassis["kind"] == "open-frame" and gpu["tdp_w"] > 300:  # what shroud kits are made for (P40..A100)
        problems.append(f"a {gpu['tdp_w']:.0f} W passive card on blower shrouds in an open frame")
    if open_frame and form != "open-frame" and not (gpu["cooler"] == "open-air" and n >= 3) and not shrouded:
        problems.append(f"an open frame for {n} {gpu['cooler']} card(s) where a case would do")
    if len(positions) != n:
        problems.append("slot map does not place every GPU")
    if board.get("gpu_bays"):
        if n > board["gpu_bays"]:
            problems.append("more GPUs than server bays")
    elif not open_frame:
        problems += _slot_problems(box, _cards_in_slots(build, gpu, positions), positions)
    if gpu.get("gpus_per_card", 1) > 1:
        problems += _split_problems(board, positions)
    return problems


def expected_link(board: dict[str, Any], gpu: dict[str, Any], positions: list[int]) -> tuple[int, int] | None:
    """(PCIe generation, lanes) the cards' collectives cross, from the catalog records in the JSON alone: a server's
    bays at their generation and x16; a board's slots at the oldest slot's generation and the narrowest slot's
    electrical lanes, a CPU slot at its x8/x8 lanes where more than one CPU slot holds a card (the board manuals'
    split); never faster than the card's own generation. None where the slots are not known."""
    card_gen = gpu.get("pcie_gen") or 4
    if board.get("gpu_bays"):
        return min(board.get("gpu_bay_gen") or card_gen, card_gen), 16
    slots = {s["position"]: s for s in board.get("pcie_slots", [])}
    used = [slots[p] for p in positions if p in slots]
    if not used or len(used) != len(positions):
        return None
    split = sum(1 for s in used if s.get("source", "cpu") == "cpu") > 1
    lanes = [
        min(s["lanes"], s["lanes_when_bifurcated"])
        if split and s.get("source", "cpu") == "cpu" and s.get("lanes_when_bifurcated")
        else s["lanes"]
        for s in used
    ]
    return min(min(s["gen"] for s in used), card_gen), min(min(lanes), 16)


def bay_problems(
    build: dict[str, Any], board: dict[str, Any], gpu: dict[str, Any], n: int, positions: list[int] | None = None
) -> list[str]:
    """A multi-GPU training build is timed at its own links (PCI-9): every PCIe link the estimate says its cards talk
    over runs at the link the board gives them (a server's bays at their generation, a desktop board's slots at their
    lanes and generation: expected_link), and where that is below the cards' own x16, a PCI-9 warning, if any, names
    the build's own link and hours. Read from the catalog's records in the JSON (the board's gpu_bay_gen and
    pcie_slots, the card's pcie_gen), not from the tool's links."""
    card_gen = gpu.get("pcie_gen")
    if n < 2 or not _trains(build) or card_gen is None or gpu.get("gpus_per_card", 1) > 1:
        return []
    link = expected_link(board, gpu, positions or [])
    if link is None:
        return []
    gen, lanes = link
    problems: list[str] = []
    for said in build["estimate"]["assumption_codes"]:
        named = str(said["fields"].get("link", ""))
        if named.startswith("PCIe ") and named != f"PCIe {gen}.0 x{lanes}":
            problems.append(f"{said['code']} times the cards over {named}; the board gives them PCIe {gen}.0 x{lanes}")
    hours = build["estimate"]["time"].get("wall_hours")
    for c in build["checks"]:
        if c["rule"] != "PCI-9" or c["status"] != "warn":
            continue
        f = c["fields"]
        said_link = (f["gen"], f.get("lanes", 16))
        if (gen, lanes) == (card_gen, 16):
            problems.append(f"PCI-9 warns of slower links, but the cards get their own PCIe {card_gen}.0 x16")
        elif (
            said_link != (gen, lanes)
            or f["card_gen"] != card_gen
            or hours is None
            or abs(f["hours"] - hours) > 0.01 * hours
        ):
            problems.append(
                f"PCI-9 says PCIe {f['gen']}.0 x{f.get('lanes', 16)} links, {f['card_gen']}.0 cards, {f['hours']:.1f} h; "
                f"the build has PCIe {gen}.0 x{lanes}, {card_gen}.0 cards, {hours} h"
            )
        elif f["card_hours"] >= f["hours"]:
            problems.append("PCI-9 says the links cost hours, but its own links' time is no shorter")
    return problems


def _cards_in_slots(build: dict[str, Any], gpu: dict[str, Any], positions: list[int]) -> list[dict[str, Any]]:
    """The card in each of `positions` (top to bottom): a mix's from its slot map and bill, each its own record (a
    2-slot blower A5000 below a 3-slot open-air 3090 is not measured as a second 3090); else `gpu` in every slot."""
    if not build.get("gpus_mixed"):
        return [gpu] * len(positions)
    specs = {p["id"]: p["spec"] for p in build["parts"] if p["category"] == "gpu"}
    by_slot = {s["slot"]: specs.get(s["part_id"], gpu) for s in build["slot_map"]}
    return [by_slot.get(p, gpu) for p in positions]


def _slot_problems(box: _Box, cards: list[dict[str, Any]], positions: list[int]) -> list[str]:
    """Cards on a board in a case: x16-sized slots, each card's thickness and the open-air gap below it, the case's
    openings under the bottom card."""
    problems: list[str] = []
    board = box.board
    x16 = {s["position"] for s in board["pcie_slots"] if s.get("mechanical_lanes", 16) >= 16}
    if not set(positions) <= x16:
        problems.append("a GPU sits in a slot that is not x16-sized")
    thickness = [math.ceil(c["slot_width"] - 1e-9) for c in cards]
    # open-air cards a slot apart, except cards the user already owns, which may sit side by side with SLOT-1's
    # warning (its no-gap clause is an AVOID: docs/build-rules.md)
    owned_all = all(p.get("owned", 0) >= p["quantity"] for p in box.parts if p["category"] == "gpu")
    for card, width, upper, lower in zip(cards, thickness, positions, positions[1:]):
        gap = 1 if card["cooler"] == "open-air" and not owned_all else 0
        if lower - upper < width + gap:
            problems.append(f"cards in slots {upper} and {lower} collide or lack the open-air gap")
    if positions and positions[-1] + thickness[-1] - 1 > box.chassis["expansion_slots"]:
        problems.append("the last card reaches past the case's expansion openings")
    return problems


def _split_problems(board: dict[str, Any], positions: list[int]) -> list[str]:
    """Two GPUs on one card, x8 each, no switch on the card: the board's manual must list an x8/x8 split of the
    slot, which then runs all sixteen lanes (a bay of a GPU server is not such a slot)."""
    problems: list[str] = []
    slots = {s["position"]: s for s in board["pcie_slots"]}
    for pos in positions:
        slot = slots.get(pos)
        if board.get("gpu_bays") or slot is None or "x8x8" not in slot.get("splits", ()):
            problems.append(f"a card of two GPUs in slot {pos}, which the board does not split x8/x8")
        elif len(positions) > 1 and slot.get("lanes_when_bifurcated", 16) < 16:
            problems.append(
                f"a card of two GPUs in slot {pos}, which runs x{slot['lanes_when_bifurcated']} beside another card"
            )
    return problems


def _lane_problems(box: _Box, positions: list[int]) -> list[str]:
    """The GPUs' and NVMe drives' PCIe lanes within the CPUs' (a GPU server's bays are its vendor's business)."""
    if box.board.get("gpu_bays"):
        return []
    lanes_by_pos = {s["position"]: s["lanes"] for s in box.board["pcie_slots"]}
    gpu_lanes = sum(lanes_by_pos.get(p, 0) for p in positions)
    nvme = box.drives if box.storage["interface"] != "sata" else 0
    if gpu_lanes + 4 * nvme > box.cpu["pcie_lanes"] * box.sockets + 8:
        return ["GPU and NVMe lanes exceed the CPU's"]
    return []


def _card_watts(build: dict[str, Any], gpu: dict[str, Any]) -> tuple[float, list[str]]:
    """A build whose cards are capped at boot (PWR-9's command, which its launch command runs first) draws the capped
    watts; without that command in the launch, the cap is a promise nothing keeps, and the rated watts count."""
    cap = next((c for c in build["checks"] if c["rule"] == "PWR-9" and c.get("code") == "at-boot"), None)
    card_w = float(gpu["tdp_w"])
    if cap is None:
        return card_w, []
    command = str(cap["fields"].get("command") or "")
    if command and command in str((build.get("launch") or {}).get("command") or ""):
        return float(cap["fields"]["watts"]), []
    return card_w, ["cards capped at boot, but the launch command does not set the cap"]


def _power_problems(
    build: dict[str, Any],
    box: _Box,
    gpu: dict[str, Any],
    gpu_part: dict[str, Any] | None,
    n: int,
    warned: set[str],
    outlet: tuple[int, int],
    circuits: int,
) -> list[str]:
    """The DC load on the PSUs (80 %), their size and count, and the wall draw on the circuit."""
    volts, amps = outlet
    chassis, psu_part = box.chassis, box.psu_part
    fans = 60 if chassis.get("integrated_board") else 15
    card_w, problems = _card_watts(build, gpu)
    dc = n * card_w + box.sockets * box.cpu["tdp_w"] + 75 + 5 * box.modules + 8 * box.drives + fans
    if psu_part is None:
        capacity = chassis["included_psu_w"] / (2 if chassis.get("psu_redundant") else 1)
        tier, outlets = "titanium", min(4, circuits)
    else:
        psu = psu_part["spec"]
        capacity = psu["watts"] * psu_part["quantity"]
        tier, outlets = psu["efficiency"], min(psu_part["quantity"], circuits)
        problems += _psu_problems(box, psu_part, gpu, gpu_part, n, warned, volts, dc)
    if dc > 0.8 * capacity + 1:
        problems.append(f"DC load {dc:.0f} W above 80 % of {capacity:.0f} W")
    if psu_part is not None and capacity > 2.5 * dc and "PWR-10" not in warned and not psu_part.get("owned"):
        problems.append(f"{capacity:.0f} W of PSU for a {dc:.0f} W load, without a word")
    efficiency = (EFF_230 if volts >= 200 else EFF_115)[tier]
    found, load, against = _circuit_problems(build, dc / efficiency, n, card_w / efficiency, volts * amps * outlets)
    problems += found
    if build["power"]["circuit_ok"] is not True:
        problems.append("the build reports its circuit as overloaded")
    if load > 0.9 * against + 1 and "CIR-2" not in warned:
        problems.append("within 10 % of the limit the circuit is judged against, without a warning")
    return problems


def _circuit_problems(
    build: dict[str, Any], burst: float, n: int, card_wall: float, rating: float
) -> tuple[list[str], float, float]:
    """CIR-1 as an electrician reads NEC 210.20(A): the breaker's rating (volts x amps) holds the noncontinuous load
    plus 125 % of the continuous load. Every card at full power for hours (training, several users): 80 % of the
    rating. A build that states a decode draw (one stream on a layer split) works one card at a time: one at its board
    power, the others waiting at ~8 % of theirs (llama.cpp#12958: 27 W of a 3090's 350), so the lasting draw is the
    full one less (n - 1) x 92 % of a card, and the full draw a burst over it."""
    stated = build["power"].get("decode_wall_w")
    lasting = burst
    problems = []
    if stated is not None and n >= 2:
        lasting = burst - (n - 1) * 0.92 * card_wall
        if abs(lasting - stated) > 0.01 * burst + 2:
            problems.append(f"decode draw stated {stated:.0f} W, {lasting:.0f} W by one card working at a time")
    load = burst + 0.25 * lasting if lasting < burst else 1.25 * burst
    if load > rating + 1.25:
        problems.append(f"wall draw {burst:.0f} W ({load:.0f} W by NEC 210.20(A)) above the breaker's {rating:.0f} W")
    # (the problems, the load and the limit CIR-2's margin reads: the burst case against the breaker's rating, a
    # lasting full draw against 80 % of it, the same comparison either way in the rating's terms)
    return problems, load, rating


def _psu_problems(
    box: _Box,
    psu_part: dict[str, Any],
    gpu: dict[str, Any],
    gpu_part: dict[str, Any] | None,
    n: int,
    warned: set[str],
    volts: int,
    dc: float,
) -> list[str]:
    """The PSUs bought: an ATX unit's size on a 120 V outlet, a sync board for two, and two only where one won't do."""
    problems: list[str] = []
    psu = psu_part["spec"]
    if volts < 200 and psu["watts"] > 1600:
        problems.append("an ATX PSU above 1600 W on a 120 V outlet")
    if psu_part["quantity"] > 1 and not any(
        p["category"] == "accessory" and p["spec"]["kind"] == "psu-sync" for p in box.parts
    ):
        problems.append("two PSUs without a sync board")
    if psu_part["quantity"] > 1 and not psu_part.get("owned") and "PWR-8" not in warned and gpu_part is not None:
        # a stricter test of "one would do" than the rulebook's PWR-8 (which asks of every unit allowed on the
        # outlet, and lets 12V-2x6 come from spare 8-pin plugs): one of the very units bought has every plug of the
        # cards' own kind, twice the cards' rated power and 80 % of it carries the whole load
        plugs = psu.get("connectors", {})
        needs = {k: v * n for k, v in gpu_part["spec"].get("power_connectors", {}).items() if k != "eps8"}
        if (
            all(plugs.get(k, 0) >= v for k, v in needs.items())
            and 2 * n * gpu["tdp_w"] <= psu["watts"]
            and dc <= 0.8 * psu["watts"]
        ):
            problems.append(f"{psu_part['quantity']} x {psu['watts']:.0f} W PSUs where one carries the {dc:.0f} W")
    return problems


# --------------------------------------------------------------------------- labels
#
# A label is a claim about the numbers shown beside it (issue 27, "Labels are claims about the numbers shown"):
#   cheapest     the lowest total price among the builds that pass every FAIL check (and are within budget)
#   fastest      the highest throughput: decode tokens/s per user for inference; for training the job's
#                tokens/s (`estimate.time.tokens_per_s`, else the inverse of the same job's wall-clock hours)
#   best value   the highest throughput per unit of price
#   quietest     within 2 dBA of the lowest dBA, the best value of those (then the lowest dBA); 2 dBA or more below some
#                build shown
#   room to grow a free x16 slot (or bay) that takes one more of the build's own card, and PSU and circuit
#                headroom for it
#   cheapest with X   (a comparison of named GPUs) X is the build's own GPU, and no shown build with X is cheaper
# For inference, the claims are made among the builds at reading speed (READING_TPS per user) when any is shown:
# a build whose users wait seconds per word is no fair rival for "cheapest" or "quietest", and the cheapest of all,
# when slower than that, may say so itself ("cheapest below reading speed", checked against every build).
# Labels may be combined ("cheapest and fastest; best value"), and may name the kind of build after the claims in
# brackets ("cheapest; best value (with the experts in RAM)"); the parser splits on ';', ',' and ' and '.

PRICE_TOLERANCE = 0.005
"""Half a percent: prices shown are rounded to whole units."""
SPEED_TOLERANCE = 0.02
"""Two percent: speeds are shown to three or four significant figures, and a tie is no contradiction."""
AS_FAST = 0.97
"""'fastest' may sit on a build within 3 % of the top speed shown when every faster build shown costs more: a gain
the decode estimate cannot tell (its 80 % range is x0.66..x1.29) bought dearly is no reason to call the dearer build
fastest, and the claim's why names the dearer one and its gain."""
DBA_TOLERANCE = 0.05
"""Noise is shown to 0.1 dBA."""
AS_QUIET_DBA = 2.0
"""'quietest' claims a difference of 2 dBA or more over some build shown: the noise estimate adds class figures from
different labs (a server chassis alone spans 70-73 dBA in Dell's R940 white paper), so a smaller difference is one it
cannot tell."""
READING_TPS = 5.0
"""Reading speed, tokens/s per user: people read about 4-5 words a second (build rules' PERF floor)."""

_VALUE_WORDS = ("best value", "best tokens/s per", "best time per", "best throughput per", "most tokens per")
_NO_CLAIM = (
    "ready-made",
    "alternative",
    "runner-up",
    "finishes in",
    "meets the",
    "over budget",
    "cluster",
    "without your own card",
)


_BELOW = " below reading speed"
_WAIT = re.compile(r" but first token after \d+ s$")
_SHORT = re.compile(r" serving (\d+) % of the demand$")
"""Round 37: a claim on a build that cannot serve its users' demand says the share it serves (SERVE)."""


def short_of(piece: str) -> int | None:
    """The share of the demand a claim's words say its build serves ("cheapest serving 45 % of the demand"), or None."""
    found = _SHORT.search(piece)
    return None if found is None else int(found[1])


def _unqualified(head: str) -> str:
    """A claim's words without what its build is ("fastest below reading speed", "cheapest but first token after
    254 s", "quietest serving 43 % of the demand"): a claim made among builds that do not serve the job says so
    (ranking._qualify, ranking.short_qualified)."""
    head = _SHORT.sub("", head)
    head = _WAIT.sub("", head)
    if head.endswith(_BELOW) and head != "cheapest" + _BELOW:
        head = head[: -len(_BELOW)]
    return head.removesuffix(MEASURED)


ON_SUPPORTED = "cheapest on supported software"
"""A training plan's cheapest build on a card its vendor supports, beside a cheaper one past that support (no rival)."""
MEASURED = " on measured speeds"
SUPPORTED = " on supported software"
"""A speed claim ('fastest', 'best value') made among the builds on supported software: a faster or better-value build
on a card past its vendor's support may be shown beside it, and the label says so (a label that does not is judged
against every build shown)."""
"""A speed claim made among the builds whose speed is sourced (`speed_sourced` in the JSON): a faster or better-value
build's training time rests on an unsourced figure (a consumer card's utilisation no measurement backs, parameters
offloaded to RAM), and holds no speed claim (issue #27)."""


def qualifiers(piece: str) -> tuple[bool, bool]:
    """Whether a claim's words say its build is below reading speed, and that its first token waits."""
    piece = _SHORT.sub("", piece)
    return piece.endswith(_BELOW) or _WAIT.sub("", piece).endswith(_BELOW), _WAIT.search(piece) is not None


def _claim_of(head: str, scope: str | None) -> tuple[str, str | None] | None:
    head = _unqualified(head)
    if head.startswith(("fastest", "best value")):
        head = head.replace(SUPPORTED, "")  # a speed claim among supported builds (_speed_problems reads the words)
    if head.startswith("cheapest with "):
        return ("cheapest", head[len("cheapest with ") :].strip())
    if head == IN_VRAM:
        return ("cheapest-vram", scope)
    if head == IN_VRAM_SUPPORTED:
        return ("cheapest-vram-supported", scope)
    if head in ("cheapest below reading speed", "cheapest of all"):
        return ("cheapest-all", scope)
    if head in ("cheapest", "cheapest that fits", "cheapest within budget", "cheapest build", ON_SUPPORTED):
        return ("cheapest", scope)
    if head in ("fastest", "fastest within budget", "fastest that fits"):
        return ("fastest", scope)
    tier = _TIERED.fullmatch(head)
    if tier is not None and tier[1] == RELEASE_QUALITY:
        return ("fastest", RELEASE_QUALITY)
    if tier is not None:
        return ("fastest", scope)  # over every build shown: its words say which weights (_claim_problems)
    value_tier = _TIERED_VALUE.fullmatch(head)
    if value_tier is not None and value_tier[1] == RELEASE_QUALITY:
        return ("value", RELEASE_QUALITY)
    if head.startswith(_VALUE_WORDS):
        return ("value", scope)  # "best value at awq int4" too: over every build shown, its words say which weights
    if head == "quietest":
        return ("quietest", scope)
    if head == "cheapest serving the demand":
        return ("cheapest-serving", scope)
    if head == "quietest serving the demand":
        return ("quietest-serving", scope)
    if head == "room to grow":
        return ("grow", scope)
    if head == FASTER_FOR_LITTLE:
        return ("faster-for-little", scope)
    return None


FASTER_FOR_LITTLE = "faster for a little more"
"""Round 49: a build at least MUCH_FASTER times the speed of the build shown as "cheapest", for at most LITTLE_MORE
over its price, and the cheapest build shown that fast (the planner's rule: solve.shown.FASTER_FOR_LITTLE)."""
MUCH_FASTER = 1.30
LITTLE_MORE = 0.05


IN_VRAM = "cheapest in vram"
"""The cheapest build whose cards hold the whole model (`estimate.host.offloaded_bytes` absent or 0: no layer or expert
in system RAM; a machine with GPU cards, not a ready-made system's unified memory nor a CPU-only box), among the same
rivals as "cheapest"."""


IN_VRAM_SUPPORTED = "cheapest in vram on supported software"
"""Beside a "cheapest in VRAM" on a card past its vendor's support (PAST_SUPPORT): the cheapest build on a supported
card whose cards hold the whole model, among the same rivals, giving as much speed for the price or more than it."""
RUNS_ON = "runs on"
"""A build on a card past its vendor's support says, in its label's kind, which software still runs it ("it runs on
CUDA 12 builds", "it runs on ROCm 6.3 or Vulkan"): a plan does not sell a card whose current stack has dropped it
without naming the stack a buyer installs on it."""


def in_vram(build: dict[str, Any]) -> bool:
    """Whether a build's cards hold the whole model: GPU cards, no system, and no bytes of it kept in system RAM."""
    parts = build["parts"]
    if not any(p["category"] == "gpu" for p in parts) or any(p["category"] == "system" for p in parts):
        return False
    host = build["estimate"].get("host") or {}
    return not host.get("offloaded_bytes")


RELEASE_QUALITY = "release quality"
_TIERED = re.compile(r"fastest(?: within budget)? at (.+)")
_TIERED_VALUE = re.compile(r"best value at (.+)")
"""Round 39: "best value" is split as "fastest" is (ranking._quality_tier): "best value at AWQ int4" on a build whose
kind says it quantizes to that format, checked over every build shown, and "best value at release quality" over the
builds shown that are not quantized. A plain "best value" on a quantized build beside builds at the release's quality
is a contradiction: four RTX 4080 at AWQ int4 had been Dr. Chen's "best value" where eight RTX 2080 Ti 22GB at FP8
give nearly as much for the money at the release's quality."""
QUANTIZING_KINDS = ("kind.usual-gguf", "kind.usual-served-4bit")
"""Where a request names no precision the plan also runs llama.cpp's usual GGUF (Q4_K_M, 4.8 bits a weight), and each
such build says so (its kind in brackets: "at Q4_K_M, llama.cpp's usual GGUF"). Its speed is bought with the weights'
quality (Llama 3 70B: +4.83 % perplexity at Q4_K_M, +0.03 % at Q8_0; 8-bit weights, vLLM's FP8 too, score as the
release): when one is the fastest shown beside builds at the release's quality, its claim names its format ("fastest
at Q4_K_M", checked over every build shown), and the fastest of those others says "fastest at release quality"
(checked over the builds shown that are not at the usual GGUF). Since round 38 a server for several users is also run
at a 4-bit checkpoint on vLLM (kind.usual-served-4bit, "at AWQ int4"), quantized in the same sense."""


def quantized(build: dict[str, Any]) -> str | None:
    """The format a build's kind says it quantizes the weights to below the release's quality ("q4_k_m"), else None."""
    for k in build.get("kinds") or []:
        if k.get("code") in QUANTIZING_KINDS:
            return str(k["fields"]["precision"]).lower()
    return None


_SHARED_WAIT = re.compile(r"first token after (\d+) s")


def _shared_qualifier(words: str) -> str | None:
    """A qualifier a label says once for the claims before it ("both below reading speed", "all with a first token
    after 254 s"), as the suffix each of those claims would carry alone; None for other words."""
    if not words.startswith(("both ", "all ")):
        return None
    wait = _SHARED_WAIT.search(words)
    below = _BELOW if _BELOW.strip() in words else ""
    short = re.search(r"serving (\d+) % of the demand", words)
    if not below and wait is None and short is None:
        return None
    return (
        below
        + (f" but first token after {wait[1]} s" if wait else "")
        + (f" serving {short[1]} % of the demand" if short else "")
    )


def label_claims(label: str) -> list[tuple[str, str | None]]:
    """The claims a label makes, as (kind, scope) (label_pieces)."""
    return [(kind, scope) for kind, scope, _piece in label_pieces(label)]


def label_pieces(label: str) -> list[tuple[str, str | None, str]]:
    """The claims a label makes, as (kind, scope): kind is one of cheapest, cheapest-vram (IN_VRAM), cheapest-all (the cheapest of every
    build, below reading speed), fastest, value, quietest, grow; scope is None (among every build shown) or what the
    claim is restricted to ("your own card", a GPU's name, "without your own card", "the experts in ram").
    A kind of build in brackets after the claims ("(with the experts in RAM)", "(ready-made: ...)") claims nothing,
    except "(without your own card)", which scopes the claims before it. Words that claim nothing ("alternative
    platform", "ready-made: ...", "runner-up on speed") give no claim."""
    claims: list[tuple[str, str | None, str]] = []
    text = label.strip().lower()
    outer = "without your own card" if text.endswith("(without your own card)") else None  # of the whole label
    pending = 0  # the claims a shared qualifier after them applies to start here
    for part in text.split(";"):
        part = part.strip()
        words, _, bracket = part.partition(" (")
        scope = "without your own card" if bracket.startswith("without your own card") else outer
        if words.startswith(("ready-made", "alternative")):
            continue
        shared = _shared_qualifier(words)
        if shared is not None:
            # "cheapest; best value; both below reading speed": the qualifier is said once for the claims before it
            for k in range(pending, len(claims)):
                kind, scope_k, head = claims[k]
                claim = _claim_of(head + shared, scope_k)
                claims[k] = (*claim, head + shared) if claim is not None else (kind, scope_k, head + shared)
            pending = len(claims)
            continue
        for piece in (p.strip() for chunk in words.split(",") for p in chunk.split(" and ")):
            if not piece or piece.startswith(_NO_CLAIM):
                continue
            head = piece.partition(":")[0].strip()  # "cheapest: without your own card" claims the cheapest of all
            claim = _claim_of(head, scope)
            if claim is not None:
                claims.append((*claim, head))
    return claims


def _fails(build: dict[str, Any]) -> bool:
    return any(c["status"] == "fail" for c in build["checks"])


def _owned_gpu(build: dict[str, Any]) -> bool:
    return any(p["category"] == "gpu" and p.get("owned", 0) > 0 for p in build["parts"])


def gpu_names(build: dict[str, Any]) -> set[str]:
    """Every name and id the build's GPUs go by (a ready-made system's: its GPU id and its own name)."""
    names: set[str] = set()
    for p in build["parts"]:
        if p["category"] == "gpu":
            names |= {p["id"].lower(), str(p.get("name") or p["spec"].get("name", "")).lower()}
        elif p["category"] == "system":
            names |= {str(p["spec"].get("gpu", "")).lower(), str(p.get("name") or p["spec"].get("name", "")).lower()}
    return {n for n in names if n}


def names_match(scope: str, names: set[str]) -> bool:
    """A label's GPU name (brackets dropped, as the parser drops them) is one of the build's GPU names or ids, or what
    comes of one before its first comma: the parser splits a label's claims on commas, so "cheapest with Framework
    Desktop, AMD Ryzen AI Max+ 395, 128 GB" scopes its claim to "framework desktop" (expert13, 2026-12-04)."""
    scope = scope.split(" (")[0].strip()
    return any(scope in (n, n.split(" (")[0].strip(), n.split(",")[0].strip()) for n in names)


def throughput(build: dict[str, Any]) -> float | None:
    """What "fastest" ranks by: decode tokens/s per user (inference), the job's tokens/s (training); None
    when the build shows neither."""
    estimate = build["estimate"]
    decode = estimate.get("speed", {}).get("decode_tokens_per_s")
    if decode is not None:
        return float(decode)
    time = estimate.get("time") or {}
    if time.get("tokens_per_s"):
        return float(time["tokens_per_s"])
    if time.get("wall_hours"):
        return 1.0 / float(time["wall_hours"])  # the same job on every build: fewer hours is faster
    return None


def _readable(build: dict[str, Any]) -> bool:
    """At reading speed or better; training builds (no decode speed) always are. Round 37: with several users, the
    served rate per user, each request's prefill of its uncached prompt counted, where the costs give it; else the
    decode speed. Round 38: the prefill seconds as the costs give them, at the prompt's attention scale (round 37 had
    divided the scale out, as the plan-time rule read the estimate's prefill rate as it is)."""
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    if decode is None:
        return True
    costs = build.get("cost_of_ownership") or {}
    prefill_s, reply = costs.get("prefill_seconds_per_request"), costs.get("reply_tokens_per_request")
    api = costs.get("api_alternative") or {}
    streams = int(api.get("streams") or costs.get("served_streams") or 1)
    if prefill_s is None or not reply or not decode or streams <= 1:
        return _shown(decode) >= READING_TPS  # one user reads at the decode speed (its prefill: a first-token wait)
    served = reply / (reply / float(decode) + prefill_s)
    return _shown(served) >= READING_TPS * (1 - 1e-3)


def _shown(tps: Any) -> float:
    """A speed at the one decimal a build's line shows it (round 49: a 4.96 tokens/s build shown "5.0 tok/s" reads at
    reading speed, as a speed asked is met at the digits shown: _short_of)."""
    return float(f"{float(tps):.1f}")


def _short_of(decode: Any, asked: float) -> bool:
    """A decode speed short of the speed asked as a user reads it: at the one decimal the build's line shows (round 48:
    a build shown "13.0 tok/s" meets 13 asked), re-derived here from the JSON's figure, not the plan's rule."""
    return float(f"{float(decode):.1f}") < asked


def _slow_cpu_only(build: dict[str, Any], min_decode_tps: float | None = None) -> bool:
    """A machine without a GPU (no card, no system) that is below reading speed, short of the speed asked, or whose
    prompt processing is warned about (PROMPT): never "cheapest" beside a build with a GPU (issue #27). A ready-made
    box with no card bought (a mini PC's iGPU) whose prompts wait (PROMPT: one prompt, or the last of the users asked
    when all send one at once) is set aside alike."""
    if any(p["category"] == "gpu" for p in build["parts"]):
        return False
    prompt = any(c["rule"] == "PROMPT" and c["status"] != "pass" for c in build["checks"])
    if any(p["category"] == "system" for p in build["parts"]):
        return prompt
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    short = min_decode_tps is not None and decode is not None and _short_of(decode, min_decode_tps)
    return not _readable(build) or short or prompt


def _prompt_wait_only(build: dict[str, Any], min_decode_tps: float | None = None, room: str | None = None) -> bool:
    """A build at reading speed and the speed asked, set aside only because its prompts wait (PROMPT), or its window
    asked fills past the default timeout (FILL), cards or none: its decode speed is still a rival for "fastest" and
    "best value" (it holds neither while a build whose prompts do not wait is shown)."""
    waits = _warned(build, "PROMPT") or overlong(build) is True
    if not waits or not _readable(build) or (room == "home-office" and _warned(build, "NOISE-1")):
        return False
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    return min_decode_tps is None or (decode is not None and not _short_of(decode, min_decode_tps))


PAST_SUPPORT = {("nvidia", "pascal"), ("nvidia", "volta"), ("amd", "gcn 5")}
"""Architectures their vendor's stack has dropped (CUDA 13.0 release notes: Maxwell, Pascal, Volta; ROCm 5.6 release
notes: gfx906 maintenance ends Q2 2024). Their speeds assume software that no longer ships: such a build never claims
'fastest' or 'best value', and is no rival for those claims (issue #28)."""


def _trains(build: dict[str, Any]) -> bool:
    """A fine-tune or pretraining build: its estimate is timed in training tokens/s."""
    return "tokens_per_s" in (build["estimate"].get("time") or {})


def past_support(build: dict[str, Any]) -> bool:
    """A build with a GPU whose architecture is past its vendor's software support."""
    return any(
        p["category"] == "gpu"
        and (str(p["spec"].get("vendor", "")).lower(), str(p["spec"].get("architecture", "")).lower()) in PAST_SUPPORT
        for p in build["parts"]
    )


UNVALIDATED_RUN_RULES = ("SUP-11", "SUP-12")
"""The support checks of the libraries a training run quantizes and shards with; a warn is partial support. SUP-12
(round 43): a QLoRA whose base sits in system RAM on a card smaller than its published runs cover, a fit no run shows."""


def unvalidated_run(build: dict[str, Any]) -> bool:
    """A build whose own support checks warn that a library its run needs is only partly supported on its card."""
    return any(c["rule"] in UNVALIDATED_RUN_RULES and c["status"] == "warn" for c in build["checks"])


def _shrouded(build: dict[str, Any]) -> bool:
    """Passive cards under a shroud and blower kit each (an accessory of kind gpu-shroud)."""
    return any(p["category"] == "accessory" and p["spec"].get("kind") == "gpu-shroud" for p in build["parts"])


def _dba(build: dict[str, Any]) -> float | None:
    value = build.get("noise_dba")
    return None if value is None else float(value)


def _wall(build: dict[str, Any]) -> float:
    return float(build["power"]["wall_w"]) * max(1, int(build.get("nodes", 1)))


def _room_for_one_more(build: dict[str, Any], circuit: str | None, circuits: int) -> list[str]:
    """Why the build cannot take one more of its own card by buying only that card (empty: it can)."""
    parts = build["parts"]
    if _one(parts, "system") is not None:
        return ["a ready-made system: its GPU count is fixed by the vendor"]
    gpu_part = _one(parts, "gpu")
    board_part = _one(parts, "motherboard")
    chassis_part = _one(parts, "chassis")
    if gpu_part is None or board_part is None or chassis_part is None:
        return ["no GPU, board or chassis to grow"]
    gpu, board, chassis = gpu_part["spec"], board_part["spec"], chassis_part["spec"]
    reasons: list[str] = []
    used = sorted(s["slot"] for s in build["slot_map"])
    if board.get("gpu_bays"):
        if len(used) >= board["gpu_bays"]:
            reasons.append(f"all {board['gpu_bays']} GPU bays are taken")
    else:
        x16 = sorted(s["position"] for s in board["pcie_slots"] if s.get("mechanical_lanes", 16) >= 16)
        free = [p for p in x16 if p not in used]
        if chassis["kind"] != "open-frame":
            thickness = math.ceil(gpu["slot_width"] - 1e-9)
            gap = 1 if gpu["cooler"] == "open-air" else 0

            def fits(position: int) -> bool:
                placed = sorted([*used, position])
                spaced = all(b - a >= thickness + gap for a, b in zip(placed, placed[1:]))
                return spaced and placed[-1] + thickness - 1 <= chassis["expansion_slots"]

            free = [p for p in free if fits(p)]
        if not free:
            reasons.append(
                f"no free x16 slot takes another {gpu.get('name', gpu_part['id'])} (board x16 slots {x16}, used {used})"
            )
    reasons += _grown_case_and_ram(build, gpu, chassis, len(used) + 1)
    power = build["power"]
    # the card bought draws what its mates draw: capped where the launch caps them at boot (`nvidia-smi -pl W` sets
    # every card's limit, the new one's too: _card_watts), else its rated watts
    tdp, _ = _card_watts(build, gpu)
    dc_after = float(power["dc_load_w"]) + tdp
    psu_w = float(power.get("psu_w") or 0)
    if psu_w and dc_after > 0.8 * psu_w + 1:
        reasons.append(
            f"the PSU's {psu_w:.0f} W cannot carry another {tdp:.0f} W card at 80 % load ({dc_after:.0f} W DC)"
        )
    if circuit is not None and float(power["dc_load_w"]) > 0:
        volts, amps = VOLTS_AMPS[circuit]
        wall_after = dc_after * float(power["wall_w"]) / float(power["dc_load_w"])
        if wall_after > volts * amps * 0.8 * circuits + 1:
            reasons.append(
                f"one more card draws {wall_after:.0f} W at the wall, over the circuit's "
                f"{volts * amps * 0.8 * circuits:.0f} W continuous limit"
            )
    return reasons


def _grown_case_and_ram(build: dict[str, Any], gpu: dict[str, Any], chassis: dict[str, Any], n: int) -> list[str]:
    """Round 40: the case and the RAM of the machine with `n` cards (one more): a case rated for fewer GPUs (its
    `max_gpus`; an open frame holds any number) does not take it, and RAM below the cards' memory (RAM-1's loading) asks more RAM, so the next card is
    not "only that card". Re-derived from the parts shown, not from the solver's rule object (grow.RoomToGrow)."""
    reasons: list[str] = []
    held = chassis.get("max_gpus")
    if held is not None and chassis.get("kind") != "open-frame" and n > int(held):  # a frame holds any number
        reasons.append(f"the case holds {held} GPU(s), not {n}")
    dimms = [p for p in build["parts"] if p["category"] == "memory"]
    ram = sum(
        float(p["spec"].get("module_gb") or 0) * int(p["spec"].get("modules") or 1) * p["quantity"] for p in dimms
    )
    vram = float(gpu.get("vram_gb") or 0) * int(gpu.get("gpus_per_card") or 1) * n
    if dimms and ram + 1e-9 < math.ceil(vram - 1e-9):
        reasons.append(f"{ram:.0f} GB of RAM for {vram:.0f} GB of VRAM with one more card")
    return reasons


def _warned(build: dict[str, Any], rule: str) -> bool:
    return any(c["rule"] == rule and c["status"] != "pass" for c in build["checks"])


def _waits(build: dict[str, Any]) -> bool:
    """Its first token waits: PROMPT warns, or its window asked fills past the default timeout (FILL)."""
    return _warned(build, "PROMPT") or overlong(build) is True


FILL_LIMIT_S = 600.0
"""A window that takes longer than this to fill is past the default request timeout of the server and client a local
model is reached through: llama.cpp's llama-server `-to, --timeout N` "server read/write timeout in seconds (default:
600)" (tools/server/README.md), and the OpenAI Python client's 10 minutes (openai/openai-python README, PR #967); both
read 2026-12-06. Re-stated here, not imported: the checker re-derives the FILL claim from the numbers shown."""
_FILL_SAID = re.compile(r"a (\d+k?)-token (context|prompt) takes (at least )?(\d+) min to fill")
_FILL_EDGE = 0.002
"""JSON prefill rates are rounded to four significant digits: a fill within 0.2 % of the limit is not judged."""


def _window(build: dict[str, Any], context: int | None, prompt: int | None) -> tuple[int, str] | None:
    """The window a build's fill is timed for: the stated prompt, else the context asked (the request's, when the
    caller knows it; else the tokens the build's `context_fill` names, which fill_problems checks against it)."""
    if prompt:
        return int(prompt), "prompt"
    if context:
        return int(context), "context"
    said = build.get("context_fill")
    return (int(said["tokens"]), str(said["basis"])) if said else None


def fill_seconds(build: dict[str, Any], context: int | None = None, prompt: int | None = None) -> float | None:
    """Seconds to fill the window asked on a build, from the numbers shown: a stated prompt's time to first token,
    else the whole context's own fill (the estimate's `speed.context_fill_s`: the window at its own length), else
    the context / the prefill rate shown; None for training or no prefill figure."""
    speed = build["estimate"].get("speed") or {}
    prefill = speed.get("prefill_tokens_per_s")
    window = _window(build, context, prompt)
    if _trains(build) or not prefill or window is None:
        return None
    tokens, basis = window
    ttft = speed.get("time_to_first_token_s")
    if basis == "prompt" and ttft is not None:
        return float(ttft)
    whole = speed.get("context_fill_s")
    return float(whole) if whole is not None else tokens / float(prefill)


def first_token_problems(builds: list[dict[str, Any]]) -> list[str]:
    """The two first-token waits a build shows (`first_token_s`): the typed prompt's is the estimate's time to first
    token, the whole window's is its `context_fill_s`; and a window's own fill is never quicker than its tokens at the
    typical prompt's rate (a longer prompt's attention makes each token dearer, never cheaper) nor than the typed
    prompt's wait when the window is longer."""
    problems: list[str] = []
    for build in builds:
        said = build.get("first_token_s")
        speed = build["estimate"].get("speed") or {}
        if not said or _trains(build):
            continue
        name = f"#{build['rank']} '{build['label']}'"
        ttft, whole, prefill = (
            speed.get("time_to_first_token_s"),
            speed.get("context_fill_s"),
            speed.get("prefill_tokens_per_s"),
        )
        if ttft is None or whole is None or not prefill:
            problems.append(f"{name}: first_token_s {said} without the estimate's figures")
            continue
        if not math.isclose(float(said["prompt_s"]), float(ttft), rel_tol=0.01, abs_tol=0.01):
            problems.append(f"{name}: first_token_s prompt {said['prompt_s']} s where the estimate says {ttft} s")
        if not math.isclose(float(said["window_s"]), float(whole), rel_tol=0.01, abs_tol=0.1):
            problems.append(f"{name}: first_token_s window {said['window_s']} s where the estimate says {whole} s")
        floor = int(said["window_tokens"]) / float(prefill)
        if float(whole) < floor * (1 - _FILL_EDGE):
            problems.append(
                f"{name}: the whole window fills in {whole} s, under its tokens at the typical rate ({floor:.1f} s)"
            )
        if int(said["window_tokens"]) > int(said["prompt_tokens"]) and float(whole) < float(ttft):
            problems.append(f"{name}: the whole window ({whole} s) fills before the shorter typed prompt ({ttft} s)")
    return problems


def overlong(build: dict[str, Any], context: int | None = None, prompt: int | None = None) -> bool | None:
    """Whether the window asked fills past FILL_LIMIT_S on this build (True / False), None too close to tell."""
    seconds = fill_seconds(build, context, prompt)
    if seconds is None:
        return False
    if abs(seconds - FILL_LIMIT_S) <= _FILL_EDGE * FILL_LIMIT_S:
        return None
    return seconds > FILL_LIMIT_S


def _said_tokens(tokens: int) -> str:
    return f"{tokens // 1024}k" if tokens % 1024 == 0 else str(tokens)


def fill_problems(builds: list[dict[str, Any]], context: int | None = None, prompt: int | None = None) -> list[str]:
    """FILL over every build shown: its `context_fill` names the window asked (the request's --prompt, else its
    --context, when known) and the seconds the numbers shown give; a build whose window fills past the default timeout
    carries FILL's warning and its label says the fill in whole minutes ("a 32k-token context takes 14 min to
    fill"), one that fills in time says neither; and it is ranked after every build shown that passes every FAIL check
    and fills in time. A used MacBook Pro M1 Max (~50 tokens/s of prefill) had been Mina's #1 "cheapest; quietest" for a
    70B at 32k, about 11 minutes to fill, above the second RTX 3090 her journey is about."""
    problems: list[str] = []
    for at, build in enumerate(builds):
        name = f"#{build['rank']} '{build['label']}'"
        seconds = fill_seconds(build, context, prompt)
        window = _window(build, context, prompt)
        if seconds is None or window is None:
            continue
        tokens, basis = window
        said = build.get("context_fill")
        if not said:
            problems.append(f"{name}: no context_fill, where its {tokens:,}-token {basis} takes {seconds:,.0f} s")
        elif (int(said["tokens"]), said["basis"]) != (tokens, basis) or not math.isclose(
            float(said["time_to_first_token_s"]), seconds, rel_tol=0.005, abs_tol=0.1
        ):
            problems.append(f"{name}: context_fill {said} where the {tokens:,}-token {basis} takes {seconds:,.1f} s")
        over = overlong(build, context, prompt)
        if over is None:
            continue
        if said and bool(said.get("past_limit")) != over:
            problems.append(f"{name}: context_fill says past_limit={said.get('past_limit')} at {seconds:,.0f} s")
        if _warned(build, "FILL") != over:
            problems.append(f"{name}: FILL {'missing' if over else 'warns'} at {seconds:,.0f} s to fill {tokens:,}")
        found = _FILL_SAID.search(build["label"])
        if over and (
            found is None
            or found[1] != _said_tokens(tokens)
            or found[2] != basis
            or abs(int(found[4]) - seconds / 60) > 0.51 + 0.005 * seconds / 60
        ):
            problems.append(f"{name}: its {tokens:,}-token {basis} takes {seconds / 60:,.1f} min, not said so")
        if not over and found is not None:
            problems.append(f"{name}: says its window takes {found[4]} min to fill; it takes {seconds / 60:,.1f}")
        if over and not _fails(build):
            problems += [
                f"{name}: fills its window past {FILL_LIMIT_S:.0f} s, ranked above #{b['rank']}, which fills it in time"
                for b in builds[at + 1 :]
                if not _fails(b) and overlong(b, context, prompt) is False
            ]
    return problems


_OWN_SCOPES = ("your own card", "without your own card")


@dataclass(frozen=True)
class _Rivals:
    """The builds a label's claim is measured against, and the request's terms that set them."""

    builds: list[dict[str, Any]]
    every: list[dict[str, Any]]
    """Builds within budget that pass every FAIL check, less those set aside (slow without a GPU, loud, waiting)."""
    everything: list[dict[str, Any]]
    """Every build within budget that passes every FAIL check."""
    at_reading_speed: list[dict[str, Any]]
    budget: float | None
    min_decode_tps: float | None
    room: str | None

    def within(self, build: dict[str, Any]) -> bool:
        over = self.budget is not None and build["total_price"] > self.budget * (1 + PRICE_TOLERANCE)
        return not _fails(build) and not over and "over budget" not in build["label"].lower()


def _rivals(
    builds: list[dict[str, Any]], budget: float | None, min_decode_tps: float | None, room: str | None
) -> _Rivals:
    r = _Rivals(builds, [], [], [], budget, min_decode_tps, room)
    every = [b for b in builds if r.within(b)]
    # "the lowest price of every build found" (cheapest below reading speed) is over every build shown, the machines
    # set aside as rivals for cheapest too: an Arc A770 at 17,005 USD had claimed it beside a CPU-only box at 16,620
    everything = list(every)
    if any(
        not _slow_cpu_only(b, min_decode_tps) and any(p["category"] in ("gpu", "system") for p in b["parts"])
        for b in every
    ):
        every = [b for b in every if not _slow_cpu_only(b, min_decode_tps)] or every
    # in a home office a data-center class machine (NOISE-1 warns) is no rival while one the room takes is shown
    every = [b for b in every if not (room == "home-office" and _warned(b, "NOISE-1"))] or every
    # nor is any build whose prompts wait (PROMPT warns: the last of several users past a minute), cards or none,
    # while one whose prompts do not is shown: five RTX 4060 Ti had been 'cheapest' for 20 users, the last waiting
    # ~112 s for a first token
    # and first, a build whose window asked fills past the default timeout (FILL) while one that fills it in time is
    # shown: Mina's M1 Max MacBook Pro, ~11 minutes for her 32k context, had been 'cheapest; quietest'
    every = [b for b in every if overlong(b) is not True] or every
    every = [b for b in every if not _warned(b, "PROMPT")] or every
    # when the only builds at reading speed are set aside for their prompt wait, a slower one claims no more than
    # "cheapest below reading speed"
    read_aside = any(
        _readable(b) and (_warned(b, "PROMPT") or overlong(b) is True) for b in everything if b not in every
    )
    at_reading_speed = [b for b in every if _readable(b)] or ([] if read_aside else every)
    return _Rivals(builds, every, everything, at_reading_speed, budget, min_decode_tps, room)


def check_labels(
    result: dict[str, Any],
    budget: float | None = None,
    circuit: str | None = None,
    circuits: int = 1,
    min_decode_tps: float | None = None,
    room: str | None = None,
    deadline_hours: float | None = None,
    context: int | None = None,
    prompt: int | None = None,
) -> list[str]:
    """Every label that contradicts the numbers shown in a `plan --json` result, as text (empty: none). `context` and
    `prompt`: the request's --context and --prompt, the window FILL times (fill_problems); None reads the window each
    build's `context_fill` names."""
    rivals = _rivals(result["builds"], budget, min_decode_tps, room)
    problems: list[str] = []
    for build in rivals.builds:
        name = f"#{build['rank']} '{build['label']}'"
        if past_support(build) and RUNS_ON not in build["label"]:
            problems.append(f"{name}: a card past its vendor's support, and the label names no software that runs it")
        for kind, scope, piece in label_pieces(build["label"]):
            problems += _claim_problems(rivals, build, name, (kind, scope, piece), circuit, circuits)
        problems += supported_rival_problems(rivals, build, name)
    return (
        problems
        + missed_problems(result["builds"], deadline_hours, min_decode_tps)
        + speed_offer_problems(result["builds"])
        + months_problems(result["builds"])
        + fill_problems(result["builds"], context, prompt)
        + first_token_problems(result["builds"])
        + set_aside_order_problems(result["builds"])
        + idle_claim_problems(rivals)
    )


NOT_CHEAPEST = "not cheapest"
"""What the label of a build set aside from "cheapest" says (round 41: "not cheapest: its training stack is
unvalidated on the card, SUP-11 warns"): it is cheaper than the build that holds the claim, and not the answer."""


def set_aside(build: dict[str, Any], builds: list[dict[str, Any]]) -> bool:
    """A build the plan's "cheapest" passed over, as its own label says (NOT_CHEAPEST), or a training build on a card
    past its vendor's support beside a shown training build on a supported one (support.PAST_SUPPORT_STARTS)."""
    if NOT_CHEAPEST in build["label"].lower():
        return True
    return _trains(build) and past_support(build) and any(_trains(b) and not past_support(b) for b in builds)


def set_aside_order_problems(builds: list[dict[str, Any]]) -> list[str]:
    """Round 43 (order43): no build set aside from "cheapest" (set_aside) is shown before a build that holds a claim
    and is not set aside: the plan's first build, the one the window opens on and `plan` prints first, is the answer
    its labels give, never one whose own label says it is not it. Llama 3.1 70B QLoRA at 5,000 USD had shown 2 x Arc
    A770 16GB "not cheapest: ... SUP-11 warns" as #1, above the "cheapest on supported software" 2 x RTX 4060 Ti."""
    problems: list[str] = []
    for k, build in enumerate(builds):
        if not set_aside(build, builds):
            continue
        for later in builds[k + 1 :]:
            if label_claims(later["label"]) and not set_aside(later, builds):
                problems.append(
                    f"#{build['rank']} '{build['label']}' is set aside from cheapest, yet shown before "
                    f"#{later['rank']} '{later['label']}', which holds a claim"
                )
    return problems


MONTH_HOURS = 730.0
"""A month in hours (8,760 / 12), as a training tier's "finishes in N months" counts it."""


def months_problems(builds: list[dict[str, Any]]) -> list[str]:
    """A training tier's "finishes in N months" (kind code kind.months) is a claim about its estimate: the wall time
    within N months, and where the top of the estimate's 80 % range (`estimate.ranges["time.wall_hours"]`) passes N
    months, the label says how far (field `top_months`, to a tenth of a month); where it does not, it says no top.
    Round 35: DeepSeek-V3's year tier read "finishes in 12 months" at 6,114 h with its range reaching 9,294 h."""
    problems: list[str] = []
    for build in builds:
        for kind in build.get("kinds") or []:
            if kind.get("code") != "kind.months":
                continue
            fields, estimate = kind.get("fields", {}), build.get("estimate") or {}
            limit = float(fields["months"]) * MONTH_HOURS
            hours = (estimate.get("time") or {}).get("wall_hours")
            top = ((estimate.get("ranges") or {}).get("time.wall_hours") or [None, None])[1]
            name = f"#{build['rank']} '{build['label']}'"
            if hours is not None and hours > limit * (1 + ROUNDED):
                problems.append(f"{name}: {hours:,.0f} h is past {fields['months']} months ({limit:,.0f} h)")
            if top is None:
                continue
            said = fields.get("top_months")
            if top > limit * (1 + ROUNDED) and (said is None or abs(float(said) - top / MONTH_HOURS) > 0.06):
                problems.append(f"{name}: its range reaches {top / MONTH_HOURS:.1f} months, the label says {said}")
            if top <= limit * (1 - ROUNDED) and said is not None:
                problems.append(f"{name}: says its range reaches {said} months, the range ends at {top:,.0f} h")
    return problems


RIVALLED = {
    "claim.cheapest": "cheapest",
    "claim.cheapest-slow": "cheapest-all",
    "claim.cheapest-vram": "cheapest-vram",
    "claim.quietest": "quietest",
}
"""The claims a build past its vendor's support can hold (no speed claim, no room to grow), by the code `plan --json`
gives them (`claims`) and the kind the label check reads them as. Each such claim names the build that holds the same
claim among supported builds, its GPU, price and speed (fields `supported_gpu`, `supported_price`, `supported_tps`;
`supported_dba` for "quietest"; `supported_rank` when that build is shown too)."""
FASTER = 1.0 / AS_FAST
"""'Cheapest in VRAM' is claimed only by a build faster than the cheapest (its `cheapest_tps`) past the same-speed band
("fastest"'s 3 %: AS_FAST): the same holds of its supported rival."""
ROUNDED = 0.001
"""Speeds in `plan --json` are rounded to two decimals: a tenth of a percent spares a tie at the band's edge."""


def speed_offer_problems(builds: list[dict[str, Any]]) -> list[str]:
    """An alternative's "more speed" (`why` code offer.faster) is a claim over the build it names by rank, else over every
    build ranked above it: none of them may sit within the same-speed band "fastest" reads (AS_FAST: within 3 % of the
    faster build's speed is as fast). Round 32: "more speed" had needed 1 %, so Gemma 4 31B QLoRA's MI100 at 153 h was
    "more speed" beside an RTX 2080 Ti 22GB at 155 h that "fastest" counts as its equal."""
    problems: list[str] = []
    for at, build in enumerate(builds):
        own = throughput(build)
        for offer in build.get("why") or []:
            if offer.get("code") != "offer.faster" or own is None:
                continue
            rank = offer.get("fields", {}).get("rank")
            others = [builds[int(rank) - 1]] if rank is not None and 0 < int(rank) <= len(builds) else builds[:at]
            for other in others:
                theirs = throughput(other)
                if theirs is not None and theirs >= AS_FAST * own * (1 + ROUNDED):
                    problems.append(
                        f"#{build['rank']}: 'more speed' at {own:,.4g} over #{other['rank']} at {theirs:,.4g}, within "
                        f"the {1 - AS_FAST:.0%} band 'fastest' treats as the same speed"
                    )
    return problems


@cache
def _catalog_gpus() -> dict[str, dict[str, Any]]:
    """The shipped catalog's GPUs by their name, lower case (the name a claim gives its supported rival by)."""
    path = Path(__file__).resolve().parents[1] / "catalogs" / "gpus.toml"
    records = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(g["name"]).lower(): g for rows in records.values() if isinstance(rows, list) for g in rows}


def _rival_pool(r: _Rivals, kind: str, claim: dict[str, Any]) -> list[dict[str, Any]]:
    """The builds shown on supported cards that could hold the claim among supported builds (the claim's own rivals)."""
    pool = [b for b in _pool(r, kind, None) if not past_support(b)]
    if kind == "cheapest-vram":
        floor = float(claim["fields"].get("cheapest_tps") or 0.0) * FASTER
        return [b for b in pool if in_vram(b) and (throughput(b) or 0.0) >= floor]
    if kind == "quietest":
        return [b for b in pool if _dba(b) is not None and not _shrouded(b)]
    return pool


def supported_rival_problems(r: _Rivals, build: dict[str, Any], name: str) -> list[str]:
    """RIVALLED: a build past its vendor's support names, for each claim it holds, the supported build that holds the
    same claim among supported builds, and that build is the best of them on the claim's number over every build shown
    (the lowest price; the lowest dBA for "quietest"): no build shown on a supported card that could hold the claim
    beats the one named, the one named is on a supported card (by the catalog's record of its GPU), and when its rank
    is given that build shows the price and speed named. Only a build past support names one."""
    problems: list[str] = []
    for claim in build.get("claims") or []:
        kind = RIVALLED.get(claim["code"])
        if kind is None:
            continue
        f = claim["fields"]
        named = f.get("supported_gpu")
        if not past_support(build):
            if named is not None:
                problems.append(f"{name}: on a supported card, yet its '{kind}' names a supported rival ({named})")
            continue
        pool = _rival_pool(r, kind, claim)
        if named is None:
            if pool:
                other = pool[0]
                problems.append(
                    f"{name}: holds '{kind}' past its vendor's support and names no supported build holding it, "
                    f"though #{other['rank']} '{other['label']}' is on a supported card"
                )
            continue
        problems += _named_rival_problems(build, name, kind, f, pool, r.builds)
    return problems


def _named_rival_problems(
    build: dict[str, Any],
    name: str,
    kind: str,
    f: dict[str, Any],
    pool: list[dict[str, Any]],
    shown: list[dict[str, Any]],
) -> list[str]:
    """What contradicts the supported rival a claim of a build past support names (supported_rival_problems)."""
    problems: list[str] = []
    record = _catalog_gpus().get(str(f["supported_gpu"]).lower())
    if record is not None and (str(record["vendor"]).lower(), str(record["architecture"]).lower()) in PAST_SUPPORT:
        problems.append(f"{name}: names {f['supported_gpu']} as the supported '{kind}', a card past its support")
    if kind == "quietest":
        mine = float(f.get("supported_dba") or 0.0)
        better = [b for b in pool if (_dba(b) or 0.0) < mine - DBA_TOLERANCE]
    else:
        mine = float(f["supported_price"])
        better = [b for b in pool if b["total_price"] < mine * (1 - PRICE_TOLERANCE) - 0.01]
    if better:
        other = better[0]
        problems.append(
            f"{name}: names {f['supported_gpu']} as the supported '{kind}' ({mine:,.2f}), but #{other['rank']} "
            f"'{other['label']}' on a supported card does better"
        )
    rank = f.get("supported_rank")
    if rank is not None:
        at = next((b for b in shown if b["rank"] == rank), None)
        if (
            at is None
            or past_support(at)
            or not names_match(str(f["supported_gpu"]).lower(), gpu_names(at))
            or abs(at["total_price"] - float(f["supported_price"])) > 0.01 + PRICE_TOLERANCE * at["total_price"]
            or abs((throughput(at) or 0.0) - float(f["supported_tps"])) > SPEED_TOLERANCE * float(f["supported_tps"])
        ):
            problems.append(f"{name}: names #{rank} as its supported '{kind}', but #{rank} is not that build")
    return problems


GIVES_UP_FOR = 1.5
"""A build that misses what the user asked (the deadline, the speed) is worth showing beside one that meets it only
when the cheapest build shown that meets it costs more than half as much again: missing the target saves more than a
third of its price (the bound the plan's ways out are held to before they give up a target)."""

MISSES = "misses the "


def _missed_by(build: dict[str, Any], deadline: float | None, asked: float | None) -> tuple[str, float, float] | None:
    """What a build's own numbers miss of the request's target: ("deadline", its hours, the deadline) or ("speed", its
    decode tokens/s per user, the speed asked); None when it meets both."""
    hours = (build["estimate"].get("time") or {}).get("wall_hours")
    if deadline and hours is not None and float(hours) > deadline:
        return ("deadline", float(hours), deadline)
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    if asked and decode is not None and _short_of(decode, asked):
        return ("speed", float(decode), asked)
    return None


def missed_problems(builds: list[dict[str, Any]], deadline: float | None, asked: float | None) -> list[str]:
    """Beside a build that meets the request's target and passes every rule, a build shown that misses the target
    is listed after every such build, fails no other rule, and carries a claim that says by how much it misses and
    what it saves against the cheapest of them, by its rank (fields and label words, re-derived from the numbers):
    only where that saves more than a third (GIVES_UP_FOR). A claim that a build misses is made only of one that does."""
    problems: list[str] = []
    missing = {b["rank"]: m for b in builds if (m := _missed_by(b, deadline, asked)) is not None}
    for b in builds:
        said = any(c["code"] == "claim.misses" for c in b.get("claims") or [])
        if (said or MISSES in b["label"].lower()) and b["rank"] not in missing:
            problems.append(f"#{b['rank']} '{b['label']}': says it misses what was asked, but its numbers meet it")
    meeting = [b for b in builds if not _fails(b) and b["rank"] not in missing]
    if not meeting:
        return problems  # nothing meets it: the plan says what binds and the ways out
    ref = min(meeting, key=lambda b: (b["total_price"], -(throughput(b) or 0.0)))
    last = max(b["rank"] for b in meeting)
    for b in builds:
        if b["rank"] in missing:
            problems += _missed_claim_problems(b, missing[b["rank"]], ref, last)
    return problems


def _missed_claim_problems(
    build: dict[str, Any], missed: tuple[str, float, float], ref: dict[str, Any], last: int
) -> list[str]:
    target, have, asked = missed
    name = f"#{build['rank']} '{build['label']}'"
    if build["rank"] < last:
        return [f"{name}: misses the {target} asked, ranked before #{last}, which meets it"]
    others = [c for c in build["checks"] if c["status"] == "fail" and c["rule"] != "PERF"]
    if others:
        return [f"{name}: misses the {target} asked and fails {others[0]['rule']} too, beside builds that meet it"]
    claim = next((c for c in build.get("claims") or [] if c["code"] == "claim.misses"), None)
    if claim is None or MISSES not in build["label"].lower():
        return [f"{name}: misses the {target} asked ({have:.1f} against {asked:g}) and does not say so"]
    f, problems = claim["fields"], []
    by = have - asked if target == "deadline" else asked - have
    # the JSON keeps 4 significant digits of the hours or speed: the claim's margin (from the unrounded figure) may
    # differ from one re-derived here by half a unit of that rounding (1,084.13 h is shown 1,084.0: by 364.1, not 364.0)
    slack = 0.051 + (0.5 * 10 ** (math.floor(math.log10(abs(have))) - 3) if have else 0.0)
    saved = ref["total_price"] - build["total_price"]
    if f["target"] != target or abs(float(f["by"]) - by) > slack or int(f["rank"]) != ref["rank"]:
        problems.append(
            f"{name}: says it misses the {f['target']} by {f['by']} against #{f['rank']}, but it misses "
            f"the {target} by {by:.1f} and #{ref['rank']} is the cheapest build shown that meets it"
        )
    if abs(float(f["saved"]) - saved) > 0.01 + 0.001 * ref["total_price"]:
        problems.append(f"{name}: says it saves {f['saved']}, but it costs {saved:,.2f} less than #{ref['rank']}")
    if ref["total_price"] <= GIVES_UP_FOR * build["total_price"] + 0.005:
        problems.append(
            f"{name}: misses the {target} asked to save {saved:,.0f}, a third or less of #{ref['rank']}'s price"
        )
    unit = " h deadline by " if target == "deadline" else " tokens/s asked by "
    words = f"{MISSES}{asked:g}{unit}{float(f['by']) if abs(float(f['by']) - by) <= slack else by:.1f}"
    if words not in build["label"].lower() or f"#{ref['rank']}" not in build["label"]:
        problems.append(f"{name}: its label does not say '{words}' against #{ref['rank']}")
    return problems


def _claim_problems(
    r: _Rivals,
    build: dict[str, Any],
    name: str,
    claim: tuple[str, str | None, str],
    circuit: str | None,
    circuits: int,
) -> list[str]:
    """What contradicts one claim of a build's label (a piece of it: its kind, what it is scoped to, its words)."""
    kind, scope, piece = claim
    if kind in ("cheapest-serving", "quietest-serving"):
        return _serving_claim_problems(r, build, name, kind)  # round 38: a claim over the builds that serve
    tiered = {"fastest": _TIERED, "value": _TIERED_VALUE}.get(kind)
    tier = tiered.fullmatch(_unqualified(piece).replace(SUPPORTED, "")) if tiered is not None else None
    if scope == RELEASE_QUALITY:
        if quantized(build):
            return [f"{name}: says '{piece}', but its kind says it runs {quantized(build)}"]
    elif tier is not None and quantized(build) != tier[1]:
        return [f"{name}: says '{piece}', but its kind says it runs {quantized(build) or 'the release quality'}"]
    elif tier is None and tiered is not None and quantized(build) and any(not quantized(b) for b in r.builds):
        return [f"{name}: a plain '{piece}' at {quantized(build)} beside builds at the release's quality"]
    named = scope is not None and scope not in _OWN_SCOPES and scope != RELEASE_QUALITY
    if named and scope is not None:
        if scope.endswith(" in ram"):
            return []  # a claim about offloaded builds only: what is offloaded is not in the JSON's numbers
        names = gpu_names(build)
        if not names_match(scope, names):
            return [f"{name}: names {scope!r}, but the build's GPU is {sorted(names)}"]
    pool = _pool(r, kind, scope)
    if build not in pool:
        return _set_aside(r, build, name, kind)
    if _waits(build) and build not in r.every and not named:
        # a speed rival set aside for its prompt wait holds no claim: one no expert signs
        return [f"{name}: claims '{kind}' while its prompts wait (PROMPT, FILL) beside builds whose do not"]
    problems: list[str] = []
    if kind != "grow" and not named:
        # a claim on a build that does not serve the job says what it is: below reading speed, or its first
        # token past PROMPT's minute (an RTX 2060 at 0.37 tokens/s for 16 users had been a plain "cheapest;
        # fastest within budget; best value")
        below, waits = qualifiers(piece)
        if not _readable(build) and not below:
            problems.append(f"{name}: claims '{kind}' below reading speed without saying so")
        if _waits(build) and not waits:
            problems.append(f"{name}: claims '{kind}' while its first token waits, without saying so")
    if kind == "cheapest-vram" and not in_vram(build):
        problems.append(f"{name}: says '{piece}', but it keeps part of the model in system RAM or has no GPU card")
    elif kind == "cheapest-vram":
        problems += _cheapest_problems(build, name, [b for b in pool if in_vram(b)])
    if kind == "cheapest-vram-supported":
        problems += _supported_in_vram_problems(build, name, pool)
    if kind in ("cheapest", "cheapest-all"):
        problems += _cheapest_problems(build, name, pool)
    elif kind in ("fastest", "value"):
        problems += _speed_problems(build, name, kind, piece, pool)
    elif kind == "quietest":
        problems += _quietest_problems(build, name, pool, r.every)
    elif kind == "grow":
        problems += [f"{name}: 'room to grow', but {reason}" for reason in _room_for_one_more(build, circuit, circuits)]
    elif kind == "faster-for-little":
        problems += _faster_for_little_problems(r, build, name, pool)
    return problems


def _faster_for_little_problems(r: _Rivals, build: dict[str, Any], name: str, pool: list[dict[str, Any]]) -> list[str]:
    """FASTER_FOR_LITTLE: over the build shown whose label says "cheapest", at least MUCH_FASTER its speed (speeds are
    rounded: ROUNDED) for at most LITTLE_MORE over its price and more than it; no build shown cheaper than it reaches
    that speed."""
    cheap = [b for b in r.builds if any(k == "cheapest" and s is None for k, s in label_claims(b["label"]))]
    if not cheap:
        return [f"{name}: says '{FASTER_FOR_LITTLE}' with no build shown as 'cheapest'"]
    base, own = cheap[0], throughput(build) or 0.0
    floor = MUCH_FASTER * (throughput(base) or math.inf) * (1 - ROUNDED)
    problems: list[str] = []
    if own < floor:
        problems.append(f"{name}: '{FASTER_FOR_LITTLE}' at {own:.4g}, under {MUCH_FASTER:g} x #{base['rank']}'s speed")
    if not base["total_price"] < build["total_price"] <= (1 + LITTLE_MORE) * base["total_price"] + 0.01:
        problems.append(
            f"{name}: '{FASTER_FOR_LITTLE}' at {build['total_price']:,.0f}, not within {LITTLE_MORE:.0%} over "
            f"#{base['rank']} at {base['total_price']:,.0f}"
        )
    problems += [
        f"{name}: '{FASTER_FOR_LITTLE}', but #{b['rank']} is as fast for {b['total_price']:,.0f}"
        for b in pool
        if b is not base
        and b is not build
        and b["total_price"] < build["total_price"]
        and (throughput(b) or 0) >= floor
    ]
    return problems


def _serving_rival(r: _Rivals, build: dict[str, Any]) -> bool:
    """Round 38: a build that may say "cheapest (quietest) serving the demand": within the budget, failing no check,
    serving its users' demand (re-derived: serves_demand), its prompts not waiting past a minute (PROMPT) nor its
    window past the default timeout (FILL)."""
    return r.within(build) and serves_demand(build) is True and not _waits(build)


def _serving_claim_problems(r: _Rivals, build: dict[str, Any], name: str, kind: str) -> list[str]:
    """Round 38: "cheapest serving the demand" is held by a build that serves its users' demand while the build that
    says "cheapest" does not, and no cheaper build shown serves it; "quietest serving the demand" likewise of noise
    (no serving build shown is quieter by the shown figure, and one is louder by AS_QUIET_DBA)."""
    problems: list[str] = []
    if not _serving_rival(r, build):
        return [f"{name}: says '{kind}' but does not serve its users' demand ({serves_demand(build)}) or waits"]
    plain = "cheapest" if kind == "cheapest-serving" else "quietest"
    holders = [b for b in r.builds if any(k in (plain, "cheapest-all") for k, _s, _p in label_pieces(b["label"]))]
    code = f"claim.{kind}"
    said = next((c["fields"] for c in build.get("claims") or () if c.get("code") == code), {})
    if kind == "cheapest-serving" and said.get("unshown"):
        # round 39: at --top 1 the short "cheapest" gave this build its place (ranking._serving_said): none shown says
        # "cheapest", and the one named is cheaper and short of the demand
        if holders:
            problems.append(f"{name}: says '{kind}' of a 'cheapest' not shown, beside #{holders[0]['rank']}")
        if not (said.get("short_price", math.inf) < build["total_price"] and 0 <= said.get("share", 1.0) < 1.0):
            problems.append(
                f"{name}: '{kind}' names a 'cheapest' at {said.get('short_price')} serving {said.get('share')}"
            )
    elif not any(serves_demand(b) is False for b in holders):
        problems.append(f"{name}: says '{kind}' though the build that says '{plain}' serves the demand (or none does)")
    serving = [b for b in r.builds if _serving_rival(r, b)]
    if kind == "cheapest-serving":
        cheaper = [b for b in serving if b["total_price"] < build["total_price"] * (1 - PRICE_TOLERANCE)]
        problems += [
            f"{name}: '{kind}' at {build['total_price']:,.0f}, but #{b['rank']} serves it for {b['total_price']:,.0f}"
            for b in cheaper
        ]
        return problems
    own = _dba(build)
    heard = [b for b in serving if _dba(b) is not None and not _shrouded(b)]
    if own is None:
        return [*problems, f"{name}: '{kind}' without a noise figure"]
    # round 39: the rule "quietest" reads, over the serving builds shown (as quiet: within AS_QUIET_DBA of the lowest;
    # among those the most speed for the money; one of them louder by AS_QUIET_DBA), never wall watts
    problems += [p.replace("'quietest'", f"'{kind}'") for p in _quietest_problems(build, name, heard, heard)]
    return problems


def _pool(r: _Rivals, kind: str, scope: str | None) -> list[dict[str, Any]]:
    """The builds a claim of this kind and scope is measured against."""
    pool = r.everything if kind == "cheapest-all" else r.at_reading_speed
    if kind in ("cheapest", "cheapest-vram") and scope is None:
        # a fine-tune or pretraining on a card past its vendor's support is no rival while a supported one is shown:
        # current training wheels no longer run it (PyTorch's CUDA 12.8+ wheels dropped Pascal and Volta, its ROCm
        # 6.4+ wheels gfx906); the cheapest supported build says "cheapest on supported software" beside a cheaper one
        pool = [b for b in pool if not (_trains(b) and past_support(b))] or pool
        # round 41: nor, then, a training build whose run its own support checks warn is unvalidated on the card
        # (PyTorch FSDP, SUP-11: partial support, no published run of the job, no validated sharder in its place)
        pool = [b for b in pool if not (_trains(b) and unvalidated_run(b))] or pool
        # round 49 (idle49): nor a build that leaves the user's own card idle beside one shown on it that is faster for
        # a little more (idle_beside)
        pool = [b for b in pool if idle_beside(b, pool) is None]
    if kind in ("fastest", "value"):
        # a build set aside only for its prompt wait still decodes as fast as it shows: a speed rival
        pool = pool + [
            b for b in r.builds if b not in pool and r.within(b) and _prompt_wait_only(b, r.min_decode_tps, r.room)
        ]
    if scope == RELEASE_QUALITY:
        return [b for b in pool if not quantized(b)]
    if scope == "without your own card":
        return [b for b in pool if not _owned_gpu(b)]
    if scope == "your own card":
        return [b for b in pool if _owned_gpu(b)]
    if scope is not None:
        # "cheapest with X" is over every passing build with X shown, slow, waiting or too loud too (a
        # comparison labels each option's own cheapest): an L20 pair whose twentieth user waits still is the
        # cheapest build with an L20
        base = r.everything if kind == "cheapest" else pool
        return [b for b in base if names_match(scope, gpu_names(b))]
    return pool


def idle_beside(build: dict[str, Any], pool: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Round 49 (idle49): `--own` is a card its owner wants used. A build that runs none of the user's own cards (its
    parts own no GPU, while a build in `pool` does) is no rival for "cheapest" beside a build in `pool` on her card
    within the budget that decodes at least MUCH_FASTER its speed for at most LITTLE_MORE over its price (the rule
    of FASTER_FOR_LITTLE, read from the JSON's parts, prices and speeds): that build, or None."""
    if _owned_gpu(build):
        return None
    own = throughput(build) or 0.0
    for other in sorted(pool, key=lambda b: b["total_price"]):
        price = other["total_price"]
        if (
            _owned_gpu(other)
            and not _waits(other)
            and build["total_price"] < price <= (1 + LITTLE_MORE) * build["total_price"] + 0.01
            and own > 0
            and not past_support(other)
            and (throughput(other) or 0.0) >= MUCH_FASTER * own * (1 - 1e-9)
        ):
            return other
    return None


def idle_claim_problems(r: _Rivals) -> list[str]:
    """Round 49 (idle49), read from the claims the JSON carries (code "claim.cheapest"), whatever the label's brackets
    scope: no build holding "cheapest" leaves the user's own card idle beside one shown on it that is faster for a
    little more (idle_beside); and a "cheapest" that says it does not count such a build (fields `idle_less`,
    `idle_tps`) names one shown, at that saving and speed, that leaves the card idle."""
    problems: list[str] = []
    for build in r.builds:
        said = next((c["fields"] for c in build.get("claims") or () if c.get("code") == "claim.cheapest"), None)
        if said is None:
            continue
        other = idle_beside(build, r.at_reading_speed)
        if other is not None:
            problems.append(
                f"#{build['rank']}: 'cheapest' leaves the user's own card idle beside #{other['rank']} on it, "
                f"{throughput(other) or 0:.1f} against {throughput(build) or 0:.1f} tokens/s for "
                f"{other['total_price'] - build['total_price']:,.0f} more"
            )
        if said.get("idle_less") is None:
            continue
        named = [
            b
            for b in r.builds
            if not _owned_gpu(b)
            and abs(build["total_price"] - b["total_price"] - float(said["idle_less"])) <= 0.01
            and abs((throughput(b) or 0.0) - float(said["idle_tps"])) <= 0.05
        ]
        if not named or idle_beside(named[0], r.at_reading_speed + [build]) is None:
            problems.append(f"#{build['rank']}: 'cheapest' names a build leaving the card idle that is not shown so")
    return problems


def _set_aside(r: _Rivals, build: dict[str, Any], name: str, kind: str) -> list[str]:
    """Why a build that is no rival for its own claim may not make it (nothing when the claim is merely unscored)."""
    if _fails(build):
        return [f"{name}: claims '{kind}' but fails a check"]
    if _slow_cpu_only(build, r.min_decode_tps) and build not in r.every:
        return [f"{name}: claims '{kind}' as a slow machine without a GPU while builds with one are shown"]
    if r.room == "home-office" and _warned(build, "NOISE-1"):
        return [f"{name}: claims '{kind}' as a data-center class machine in a home office"]
    if build in r.every and not _readable(build):
        return [f"{name}: claims '{kind}' below reading speed while builds at reading speed are shown"]
    if _waits(build) and build not in r.every:
        return [f"{name}: claims '{kind}' while its prompts wait (PROMPT, FILL) beside builds whose do not"]
    if _trains(build) and past_support(build) and kind == "cheapest":
        return [f"{name}: claims '{kind}' for training on a card past its support beside supported builds"]
    return []


def _supported_in_vram_problems(build: dict[str, Any], name: str, pool: list[dict[str, Any]]) -> list[str]:
    """IN_VRAM_SUPPORTED: its cards hold the model on a supported card, the cheapest such, beside a cheaper in-VRAM
    build shown past support that gives no more speed for the price."""
    if not in_vram(build) or past_support(build):
        return [f"{name}: says '{IN_VRAM_SUPPORTED}', but its cards do not hold the model or are past support"]
    held = [b for b in pool if in_vram(b)]
    problems = _cheapest_problems(build, name, [b for b in held if not past_support(b)])
    eol = [b for b in held if past_support(b) and b["total_price"] < build["total_price"]]
    if not eol:
        return problems + [f"{name}: says '{IN_VRAM_SUPPORTED}' with no cheaper in-VRAM build past support shown"]
    value = (throughput(build) or 0.0) / build["total_price"]
    other = min(eol, key=lambda b: b["total_price"])
    if value < (throughput(other) or 0.0) / other["total_price"] * (1 - PRICE_TOLERANCE):
        problems.append(f"{name}: says '{IN_VRAM_SUPPORTED}' with less speed for the money than #{other['rank']}")
    return problems


def _cheapest_problems(build: dict[str, Any], name: str, pool: list[dict[str, Any]]) -> list[str]:
    low = min(b["total_price"] for b in pool)
    if build["total_price"] > low * (1 + PRICE_TOLERANCE) + 0.01:
        other = min(pool, key=lambda b: b["total_price"])
        return [
            f"{name}: 'cheapest' at {build['total_price']:,.2f}, but #{other['rank']} "
            f"'{other['label']}' costs {low:,.2f}"
        ]
    return []


def _speed_problems(build: dict[str, Any], name: str, kind: str, piece: str, pool: list[dict[str, Any]]) -> list[str]:
    """'fastest' (throughput) and 'best value' (throughput per price), among the builds whose software is supported
    (and whose speed is sourced, when the label says measured)."""
    if past_support(build):
        return [f"{name}: claims '{kind}' with a card past its software support"]
    if build.get("speed_sourced") is False:
        return [f"{name}: claims '{kind}' on an unsourced speed"]
    if SUPPORTED in piece:  # among the builds on supported software, as its words say
        pool = [b for b in pool if not past_support(b)]
    if MEASURED in piece:  # among the builds whose speed is sourced
        pool = [b for b in pool if b.get("speed_sourced") is not False]
    mine = throughput(build)
    if mine is None:
        return [f"{name}: claims '{kind}' but shows no speed (no tokens/s, no hours)"]

    def score(b: dict[str, Any]) -> float | None:
        t = throughput(b)
        if t is None:
            return None
        if kind == "fastest":
            return t
        return t / b["total_price"] if b["total_price"] > 0 else math.inf

    scored = [(s, b) for b in pool if (s := score(b)) is not None]
    best, other = max(scored, key=lambda sb: sb[0])
    own = score(build)
    if kind == "fastest" and own is not None and own >= best * AS_FAST:
        # as fast for a buyer: every build shown that is faster beyond rounding costs more
        dearer = [b for t, b in scored if t > own * (1 + SPEED_TOLERANCE) and b["total_price"] <= build["total_price"]]
        if not dearer:
            return []
        other = dearer[0]
        return [
            f"{name}: 'fastest' at {own:.4g} tokens/s, but #{other['rank']} '{other['label']}' is faster for no more"
        ]
    if own is not None and own < best * (1 - SPEED_TOLERANCE):
        what = "tokens/s" if kind == "fastest" else "throughput per price"
        return [f"{name}: '{kind}' at {own:.4g} {what}, but #{other['rank']} '{other['label']}' has {best:.4g}"]
    return []


def _quietest_problems(
    build: dict[str, Any], name: str, pool: list[dict[str, Any]], every: list[dict[str, Any]] | None = None
) -> list[str]:
    """As quiet as the lowest dBA in the claim's pool (less than AS_QUIET_DBA above it: a smaller difference is one
    the noise estimate cannot tell), and among the builds that quiet the most speed for the money (within AS_FAST of
    the best of them, then the lowest figure): a tie on noise is broken by what the box does for the job, never by wall
    watts, which the catalog takes from unlike sources (round 38: a Mac mini's measured 140 W against a Mac Studio's
    370 W supply rating had made a 6.2 tokens/s mini "quietest" beside a 12.8 tokens/s Studio, both 25.0 dBA). And
    some build shown (`every`, the claim's pool when not given) louder by AS_QUIET_DBA or more (beside builds it
    cannot be told from, "quietest" claims nothing the estimate can tell). The margin is over every build shown, as
    the plan's own rule (shown.quieter) reads it: "quietest (without your own card)" is the quietest of the builds
    without it, and louder by 2 dBA than some build shown, which may use the card (round 34: a 2070 at 40.9 dBA
    beside two 3090s at 42.9)."""
    mine_dba = _dba(build)
    if _shrouded(build):
        return [f"{name}: 'quietest' on passive cards under shroud kits, whose blowers' figure is a floor"]
    # a shrouded build's dBA is a floor (no kit's level is published): no rival for the claim, below or above
    heard = [(d, b) for b in pool if (d := _dba(b)) is not None and not _shrouded(b)]
    if mine_dba is None or not heard:
        return []
    low_dba = min(d for d, _b in heard)
    if mine_dba >= low_dba + AS_QUIET_DBA - DBA_TOLERANCE:
        other = min(heard, key=lambda t: t[0])[1]
        return [
            f"{name}: 'quietest' at {mine_dba:.1f} dBA, but #{other['rank']} '{other['label']}' is {low_dba:.1f} dBA"
        ]
    louder = [d for b in (every or pool) if (d := _dba(b)) is not None and not _shrouded(b)]
    if not any(d >= mine_dba + AS_QUIET_DBA - DBA_TOLERANCE for d in louder):
        return [f"{name}: 'quietest' at {mine_dba:.1f} dBA, within {AS_QUIET_DBA:g} dBA of every build shown"]
    band = [b for d, b in heard if d < low_dba + AS_QUIET_DBA - DBA_TOLERANCE]

    def value(b: dict[str, Any]) -> float | None:
        t = throughput(b)
        return None if t is None else (t / b["total_price"] if b["total_price"] > 0 else math.inf)

    values = [(v, b) for b in band if (v := value(b)) is not None]
    mine = value(build)
    if values and mine is not None:
        top, other = max(values, key=lambda vb: vb[0])
        if mine < top * AS_FAST * (1 - SPEED_TOLERANCE):
            return [
                f"{name}: 'quietest' at {mine * 1000:.3g} tokens/s per 1,000, but #{other['rank']} '{other['label']}', "
                f"as quiet (within {AS_QUIET_DBA:g} dBA), has {top * 1000:.3g}"
            ]
        # as much for the money (AS_FAST) as the best that quiet: the lower figure holds it (a cheaper one within
        # 2 dBA is named in its why)
        lower = [b for v, b in values if v >= top * AS_FAST and (_dba(b) or 0.0) < mine_dba - DBA_TOLERANCE]
        if lower:
            return [
                f"{name}: 'quietest' at {mine_dba:.1f} dBA, but #{lower[0]['rank']} '{lower[0]['label']}' is as much "
                f"for the money and {_dba(lower[0]):.1f} dBA"
            ]
    return []


def api_demand_problems(builds: list[dict[str, Any]]) -> list[str]:
    """One plan, one buyer (round 34): a per-token API bills the buyer's demand, so every build of a plan is billed the
    same output tokens a year, unless the build's own capacity caps them (`capped_by_build`: it makes fewer in the busy
    hours than its users ask for, and is billed only those). Before, the bill was each build's own speed x the busy
    hours: a faster build was billed more tokens and "paid back" sooner for being fast (Llama 3.3 70B Q4 at 3,000 USD:
    36.4M output tokens a year on 2 x 2080 Ti, 18.5M on a MacBook, for the same buyer)."""
    billed: dict[str, list[tuple[float, str]]] = {}
    problems: list[str] = []
    for build in builds:
        api = (build.get("cost_of_ownership") or {}).get("api_alternative")
        if not api:
            continue
        name = f"build {build.get('rank')}"
        if "demand_tokens_per_year" not in api:
            problems.append(f"{name}: API bill without the buyer's demand (demand_tokens_per_year)")
            continue
        if api["capped_by_build"]:
            if api["tokens_per_year"] > api["demand_tokens_per_year"] * 1.001 + 1:
                problems.append(f"{name}: capped by its capacity, yet billed more than its users ask for")
            continue
        billed.setdefault(str(api["provider"]), []).append((float(api["tokens_per_year"]), name))
    problems += _one_need_problems(builds)
    for provider, bills in billed.items():
        low, high = min(bills), max(bills)
        if high[0] > low[0] * 1.001 + 1:
            problems.append(
                f"{provider}: {high[1]} billed {high[0]:,.0f} output tokens a year, {low[1]} {low[0]:,.0f}, neither "
                "capped by its capacity: one buyer's demand"
            )
    return problems


def _one_need_problems(builds: list[dict[str, Any]]) -> list[str]:
    """One need (api34b): an API billed by speed (not a stated requests a day) bills each user at the speed the rental
    that serves the users is sized on (rental_enough.need_tokens_per_s), for every build that shows both."""
    problems: list[str] = []
    for build in builds:
        costs = build.get("cost_of_ownership") or {}
        api, enough = costs.get("api_alternative") or {}, costs.get("rental_enough") or {}
        if api.get("demand_basis") not in ("asked", "reading") or enough.get("need_tokens_per_s") is None:
            continue
        if abs(api["need_tokens_per_s_per_user"] - enough["need_tokens_per_s"]) > 1e-6:
            problems.append(
                f"build {build.get('rank')}: API demand at {api['need_tokens_per_s_per_user']} tokens/s a user, the "
                f"rental that serves the users at {enough['need_tokens_per_s']}: one need"
            )
    return problems


def _one_alternative_problems(builds: list[dict[str, Any]]) -> list[str]:
    """One plan, one rule (round 33): every build with a break-even is weighed against the same kind of alternative,
    a per-token API or a rental, never the API for some builds and a rental for others."""
    kinds: dict[str, list[str]] = {}
    for build in builds:
        costs = build.get("cost_of_ownership") or {}
        if costs.get("break_even_said") is None:
            continue
        api = costs.get("api_alternative") or {}
        kinds.setdefault("api" if api.get("headline") else "rental", []).append(str(build.get("rank")))
    if len(kinds) > 1:
        return [
            f"builds {', '.join(kinds['api'])} weighed against the API, builds {', '.join(kinds['rental'])} a rental"
        ]
    return []


def _at_work_hours(tokens: float, users: int, tps: float | None, active: float) -> float:
    """Hours a machine answering `users` users at `tps` tokens/s each is at work making `tokens` a year within `active`
    hours, requests independent and spread evenly (round 35): each user's replies take f = tokens / users / (tps x
    3600 x active) of the hours; the machine is at work while any is answered, active x (1 - (1 - f) ^ users)."""
    if tokens <= 0 or active <= 0:
        return 0.0
    if not tps or tps <= 0:
        return active
    share = min(tokens / (users * tps * 3600.0 * active), 1.0)
    return active * (1.0 - (1.0 - share) ** users)


def _idle_problems(build: dict[str, Any], costs: dict[str, Any], name: str) -> list[str]:
    """A measured idle draw is the one used and said (round 36): a ready-made system with its own idle at the wall
    (Apple's power pages) draws exactly that while idle; cards with a measured loaded idle are named in the note."""
    problems: list[str] = []
    said = {a["code"]: a["fields"] for a in costs.get("assumption_codes", [])}
    systems = [p for p in build.get("parts", []) if p["category"] == "system" and p["spec"].get("idle_w") is not None]
    if systems and "tco.idle-given" not in said:
        wall = sum(p["spec"]["idle_w"] * p["quantity"] for p in systems) * build.get("nodes", 1)
        if abs(costs["idle_w"] - wall) > 0.06:
            problems.append(f"{name}: idle {costs['idle_w']} W, its system's measured idle is {wall} W")
        if "tco.idle-system" not in said:
            problems.append(f"{name}: a measured system idle not said as measured")
        marked = [p["id"] for p in systems if (p["spec"].get("estimates") or {}).get("idle_w")]
        if marked and not said.get("tco.idle-system", {}).get("estimate"):
            problems.append(f"{name}: {marked}'s idle is a marked estimate, said as measured")
    cards = [p["id"] for p in build.get("parts", []) if p["category"] == "gpu" and p["spec"].get("idle_w") is not None]
    if cards and not systems and "tco.idle-given" not in said:
        named = str(said.get("tco.idle-measured", {}).get("parts", ""))
        if any(card not in named for card in cards):
            problems.append(f"{name}: cards {cards} with a measured idle, the note names {named!r}")
    return problems


SERVED_MARGIN = 0.005
"""Round 37: a build whose re-derived capacity is within 0.5 % of its demand either way is not judged (the JSON's
rounded figures cannot tell it)."""


def _capacity_and_demand(build: dict[str, Any]) -> tuple[float, float] | None:
    """What an inference build makes a year in its users' hours and what they ask for (round 37), re-derived: its
    streams (the API's count of them, else the costs') x the served rate with each request's prefill (_served_rate) x 3,600 x the users'
    hours a year, against the JSON's demand; None without the figures."""
    costs = build.get("cost_of_ownership") or {}
    served, demand = _served_rate(build), costs.get("demand_output_tokens_per_year")
    active = costs.get("active_hours_per_year")
    if served is None or demand is None or active is None:
        return None
    api = costs.get("api_alternative") or {}
    streams = int(api.get("streams") or costs.get("served_streams") or 1)  # the API's own count first (round 35)
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    basis = costs.get("demand_basis") or api.get("demand_basis")
    if streams == 1 and basis in ("reading", "asked") and decode:
        served = float(decode)  # one user's demand by speed: it reads as the build decodes (prefill: a first wait)
        if basis == "asked":  # round 48: the speed asked is met at the digits shown (_short_of)
            served = float(f"{served:.1f}")
    return streams * served * 3600.0 * float(active), float(demand)


def team_queue(build: dict[str, Any]) -> tuple[float, float] | None:
    """wait41: the share of a team's requests that would wait for a free stream at the build's own served rate and the
    bound (tco.seats' served_waits and wait_share), else None."""
    costs = build.get("cost_of_ownership") or {}
    seats = next((a["fields"] for a in costs.get("assumption_codes") or () if a.get("code") == "tco.seats"), {})
    if "served_waits" not in seats:
        return None
    return float(seats["served_waits"]), float(seats["wait_share"])


def _queued(build: dict[str, Any]) -> bool:
    found = team_queue(build)
    return found is not None and found[0] > found[1] * (1 + 1e-6)


def serves_demand(build: dict[str, Any]) -> bool | None:
    """Whether the build makes what its users ask for (None: no figures, or too close to tell: SERVED_MARGIN) and,
    for a team, without over the wait bound of its requests queueing for a free stream (wait41)."""
    found = _capacity_and_demand(build)
    if found is None or found[1] <= 0:
        return None
    capacity, demand = found
    if abs(capacity - demand) <= SERVED_MARGIN * demand:
        return None
    return capacity > demand and not _queued(build)


def _queue_problems(build: dict[str, Any], name: str, warned: list[dict[str, Any]]) -> list[str]:
    """wait41: a build that makes its team's tokens while over the wait bound of their requests queue says it does not
    serve the demand and carries SERVE's queue warning with the share tco.seats gives."""
    problems: list[str] = []
    waits, _bound = team_queue(build) or (0.0, 0.0)
    if (build.get("cost_of_ownership") or {}).get("serves_demand") is not False:
        problems.append(f"{name}: {100 * waits:.1f} % of its team's requests queue, yet it says it serves the demand")
    queue = [c for c in warned if c.get("code") == "SERVE.queue" or "waits" in c.get("fields", {})]
    if not queue:
        problems.append(f"{name}: {100 * waits:.1f} % of its team's requests queue, without SERVE's queue warning")
    elif abs(float(queue[0]["fields"]["waits"]) - waits) > 1e-3:
        problems.append(f"{name}: SERVE says {queue[0]['fields']['waits']} wait, tco.seats says {waits}")
    return problems


def serving_problems(builds: list[dict[str, Any]]) -> list[str]:
    """Round 37: a build that cannot serve its users' demand (re-derived: _capacity_and_demand) shows no payback
    (no break-even month, against the API, a rental or the rental that serves the need), carries SERVE's warning with
    the demand, what it makes and the shortfall a day, and each claim it holds says the share of the demand it serves
    (unless it says it is below reading speed); a build that serves it says neither."""
    problems: list[str] = []
    for build in builds:
        serves = serves_demand(build)
        if serves is None:
            continue
        name = f"build {build.get('rank')}"
        costs = build["cost_of_ownership"]
        capacity, demand = _capacity_and_demand(build) or (0.0, 1.0)
        warned = [c for c in build["checks"] if c["rule"] == "SERVE" and c["status"] != "pass"]
        pieces = label_pieces(build.get("label") or "")
        said = [(kind, short_of(piece), qualifiers(piece)[0]) for kind, scope, piece in pieces if kind != "grow"]
        if serves:
            if costs.get("serves_demand") is False or warned:
                problems.append(f"{name}: makes {capacity:,.0f} of {demand:,.0f} tokens a year, yet says it is short")
            problems += [f"{name}: '{kind}' says it serves part of the demand" for kind, short, _ in said if short]
            continue
        if capacity > demand:  # wait41: it makes the tokens, but a team's requests queue past the bound
            problems += _queue_problems(build, name, warned)
            continue
        if costs.get("break_even_month") is not None or costs.get("serves_demand") is not False:
            problems.append(
                f"{name}: makes {capacity:,.0f} of the {demand:,.0f} output tokens a year asked, yet pays back after "
                f"{costs.get('break_even_month')} months"
            )
        if (costs.get("break_even_said") or {}).get("code") != "tco.short":
            problems.append(f"{name}: short of its demand, yet its break-even says {costs.get('break_even_said')}")
        enough = costs.get("rental_enough") or {}
        if enough.get("break_even_month") is not None:
            problems.append(f"{name}: short of its demand, yet pays back against the rental that serves the need")
        if not warned:
            problems.append(f"{name}: short of its demand ({capacity:,.0f} of {demand:,.0f}) without SERVE's warning")
        else:
            f = warned[0]["fields"]
            if abs(f["share"] - capacity / demand) > 0.01:
                problems.append(
                    f"{name}: SERVE says {f['share']:.3f} of the demand, its figures make {capacity / demand:.3f}"
                )
            days = demand / f["demand_day"] if f["demand_day"] else 0.0
            if abs(f["capacity_day"] * days - capacity) > 0.01 * capacity + 1.0:
                problems.append(
                    f"{name}: SERVE says {f['capacity_day']:,.0f} tokens a day, its figures make more or less"
                )
            if abs(f["shortfall_day"] - (f["demand_day"] - f["capacity_day"])) > 1.0:
                problems.append(f"{name}: SERVE's shortfall is not the demand less what it makes")
        percent = round(100 * capacity / demand)
        stated = (
            costs.get("demand_basis") or (costs.get("api_alternative") or {}).get("demand_basis")
        ) == "stated" or (warned and warned[0]["fields"].get("basis") == "stated")
        for kind, short, below in said:
            if below and not stated:
                continue  # a demand by speed: "below reading speed" says it
            if short is None:
                problems.append(f"{name}: claims '{kind}' while it serves {percent} % of the demand, without saying so")
            elif abs(short - percent) > 1:
                problems.append(
                    f"{name}: '{kind}' says it serves {short} % of the demand, its figures make {percent} %"
                )
    return problems


def _served_rate(build: dict[str, Any]) -> float | None:
    """Output tokens a second a stream makes once each request's prefill is counted (round 36): a reply of R tokens at
    the decode rate after P seconds of prefill makes R / (R / decode + P); None without the JSON's figures."""
    costs = build.get("cost_of_ownership") or {}
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    prefill_s, reply = costs.get("prefill_seconds_per_request"), costs.get("reply_tokens_per_request")
    if not decode or prefill_s is None or not reply:
        return None
    return reply / (reply / decode + prefill_s)


def _served_rate_problems(build: dict[str, Any], costs: dict[str, Any], name: str) -> list[str]:
    """The prefill counted (round 36): the uncached part of each request's prompt at no less than the build's own
    prefill rate (a token further into the window attends to more before it, so never cheaper), and the served rate
    the figures make."""
    if costs.get("prefill_seconds_per_request") is None:
        return []
    problems: list[str] = []
    pp = build["estimate"].get("speed", {}).get("prefill_tokens_per_s")
    uncached = costs["prompt_tokens_per_request"] - costs["cached_prompt_tokens_per_request"]
    scale = costs["prefill_attention_scale"]
    if scale < 1 - 1e-6:
        problems.append(
            f"{name}: the uncached prompt's tokens said {scale} x cheaper than the prompt its rate was timed at"
        )
    seconds = uncached * scale / pp if pp else 0.0
    if abs(costs["prefill_seconds_per_request"] - seconds) > 0.01 + 2e-3 * seconds:
        problems.append(
            f"{name}: {uncached:,} uncached prompt tokens a request prefilled in {costs['prefill_seconds_per_request']} s, "
            f"at {pp} tokens/s x {scale} they take {seconds:,.2f} s"
        )
    served = _served_rate(build)
    if served is not None and abs(served - costs["served_tokens_per_s"]) > 0.01 + 2e-3 * served:
        problems.append(
            f"{name}: serves {costs['served_tokens_per_s']} tokens/s a stream, its figures make {served:,.3f}"
        )
    return problems


def utilisation_problems(builds: list[dict[str, Any]]) -> list[str]:
    """Buy-or-rent follows the buyer's demand (round 35): an inference build's electricity is its load draw over the
    hours it is at work answering the users' demand at its own speed and its idle draw over the rest of its on-hours,
    and the rental is billed for the hours it is at work on the same demand at its own speed (or every on-hour, for a
    dedicated endpoint), all recomputed here from the JSON beside them. The demand is one buyer's, the same for every
    build of a plan and the same the API bills. Before, every build was busy half its on-hours whatever its speed:
    a 1-user home build drew load power 1,000 h a year for 186 h of replies."""
    problems: list[str] = []
    demands: set[float] = set()
    for build in builds:
        costs = build.get("cost_of_ownership") or {}
        name = f"build {build.get('rank')}"
        serving = costs and costs.get("job") is None and costs.get("throughput") is None
        if serving and build["estimate"]["speed"].get("decode_tokens_per_s") and "busy_hours_per_year" not in costs:
            problems.append(f"{name}: electricity and rental hours not reckoned on its users' demand")
        if costs.get("busy_hours_per_year") is None:
            continue
        demand, active, on = (
            costs["demand_output_tokens_per_year"],
            costs["active_hours_per_year"],
            costs["on_hours_per_year"],
        )
        demands.add(round(float(demand)))
        api = costs.get("api_alternative") or {}
        users = int(costs["served_users"])
        if api and api["users"] != users:
            problems.append(f"{name}: busy hours for {users} users, the API bills {api['users']}")
        problems += _seats_problems(costs, api, users, name)
        if api and abs(api["demand_tokens_per_year"] - demand) > 1 + 1e-6 * demand:
            problems.append(
                f"{name}: busy hours reckoned on {demand:,.0f} tokens a year, the API bills a demand of {api['demand_tokens_per_year']:,.0f}"
            )
        problems += _served_rate_problems(build, costs, name) + _idle_problems(build, costs, name)
        tps = _served_rate(build) or build["estimate"]["speed"].get("decode_tokens_per_s")
        busy = _at_work_hours(demand, users, tps, active)
        if abs(busy - costs["busy_hours_per_year"]) > 0.05 + 2e-3 * busy:  # decode rounded to 0.01 in the JSON
            problems.append(
                f"{name}: busy {costs['busy_hours_per_year']:,.1f} h a year, its demand at {tps} tokens/s makes it {busy:,.1f}"
            )
        kwh = (costs["wall_w"] * busy + costs["idle_w"] * (on - busy)) / 1000.0
        if abs(kwh - costs["yearly_energy_kwh"]) > 0.5 + 3e-3 * kwh:
            problems.append(
                f"{name}: {costs['yearly_energy_kwh']:,.1f} kWh a year, its busy and idle hours make {kwh:,.1f}"
            )
        problems += _rented_hours_problems(costs, demand, users, active, on, name)
    if len(demands) > 1:
        problems.append(f"one buyer, demands {sorted(demands)} output tokens a year across the builds")
    return problems


# Anthropic's Claude Code rate-limit sizing a seat by team size (code.claude.com/docs/en/costs, read 2026-12-06):
# requests a minute at each row's middle, by the row's largest team; 0.30 beyond 500 seats
_SEAT_RPM = ((5, 6.0), (20, 3.0), (50, 1.5), (100, 0.745), (500, 0.42))


def _erlang_c(n: int, load: float) -> float:
    """Erlang C by its closed form (not the app's Erlang B recursion): A^N/N! N/(N-A) over sum_{k<N} A^k/k! + that."""
    if load <= 0:
        return 0.0
    if n <= load:
        return 1.0
    top = load**n / math.factorial(n) * n / (n - load)
    return top / (sum(load**k / math.factorial(k) for k in range(n)) + top)


def _erlang_streams(seats: int, load: float, service: float, wait_s: float, share: float) -> int:
    """The fewest streams, at most the seats, for which at most `share` of requests wait over `wait_s`."""
    n = 1
    while n < seats and (n <= load or _erlang_c(n, load) * math.exp(-(n - load) * wait_s / service) > share):
        n += 1
    return n


def _seats_problems(costs: dict[str, Any], api: dict[str, Any], users: int, name: str) -> list[str]:
    """A team's seats (round 35): served by the streams their sizing says, the demand every seat's. Round 41: a chat
    team's streams re-derived from its own arrivals (Erlang C over the users' busy hours a day, the wait target 1 %
    over 2 s, MLPerf's), a coding agent's from Anthropic's table (ceil(seats x the share at once))."""
    said = [a for a in costs.get("assumption_codes", []) if a["code"] == "tco.seats"]
    if not said:
        return []
    fields = said[0]["fields"]
    seats, streams = fields["seats"], fields["streams"]
    problems = []
    if fields.get("method") == "erlang-c":
        days = api.get("days_per_year") if api else None
        hours = costs["active_hours_per_year"] / days if days else fields["hours"]
        if abs(hours - fields["hours"]) > 1e-6 * hours:
            problems.append(f"{name}: seats sized over {fields['hours']} h a day, the users are at work {hours:,.2f}")
        if fields["wait_s"] != 2.0 or fields["wait_share"] != 0.01:
            problems.append(f"{name}: seats sized to {fields['wait_share']} waiting over {fields['wait_s']} s")
        service = fields["reply"] / fields["tps"]
        load = seats * fields["requests"] * service / (hours * 3600.0)
        want = _erlang_streams(seats, load, service, 2.0, 0.01)
        if abs(load - fields["load"]) > 1e-6 + 1e-6 * load:
            problems.append(f"{name}: {seats} seats offer {fields['load']} erlang, their requests make {load}")
    else:
        rpm = next((r for top, r in _SEAT_RPM if seats <= top), 0.30)
        want = max(1, math.ceil(seats * rpm / 6.0 - 1e-9))
        for top, band in _SEAT_RPM:  # never fewer than a smaller team's (the bands step down)
            if top < seats:
                want = max(want, math.ceil(top * band / 6.0 - 1e-9))
    if streams != want:
        problems.append(f"{name}: {seats} seats served as {streams} streams, their sizing makes it {want}")
    if users != seats:
        problems.append(f"{name}: {seats} seats, yet the demand is {users} users'")
    if api and api.get("streams") != streams:
        problems.append(f"{name}: {seats} seats need {streams} streams, the build serves {api.get('streams')}")
    return problems


def _rented_hours_problems(
    costs: dict[str, Any], demand: float, users: int, active: float, on: float, name: str
) -> list[str]:
    rental, billing = costs.get("rental"), costs.get("rental_billing")
    if rental is None or costs.get("monthly_rental_equivalent") is None:
        return []
    rate = rental.get("decode_tokens_per_s")
    if rate and costs.get("prefill_seconds_per_request") is not None and rental.get("prefill_tokens_per_s"):
        # round 36: the rented GPUs prefill the same uncached prompts at their own rate
        uncached = costs["prompt_tokens_per_request"] - costs["cached_prompt_tokens_per_request"]
        prefill_s = uncached * costs["prefill_attention_scale"] / rental["prefill_tokens_per_s"]
        reply = costs["reply_tokens_per_request"]
        rate = reply / (reply / rate + prefill_s)
    hours = on if billing == "dedicated" else _at_work_hours(demand, users, rate, active)
    problems = []
    if billing not in ("serving", "dedicated"):
        problems.append(f"{name}: an inference rental billed as {billing!r}")
    if abs(hours - costs["rented_hours_per_year"]) > 0.05 + 2e-3 * hours:
        problems.append(
            f"{name}: rental billed {costs['rented_hours_per_year']:,.1f} h a year, {billing} makes it {hours:,.1f}"
        )
    monthly = rental["hourly"] * hours / 12.0
    if abs(monthly - costs["monthly_rental_equivalent"]) > 0.02 + 3e-3 * monthly:
        problems.append(
            f"{name}: rental {costs['monthly_rental_equivalent']:,.2f} a month, {rental['hourly']} an hour x {hours:,.1f} h / 12 is {monthly:,.2f}"
        )
    return problems


def break_even_problems(builds: list[dict[str, Any]]) -> list[str]:
    """Every build's "buying pays back after N months" (or "never") against the numbers beside it, recomputed here:
    the alternative it is reckoned against is the model's per-token API bill whenever one is weighed (one rule for every
    build of a plan: round 33), else the as-fast rental; that bill is the buyer's demand (users x requests a day x days x
    the reply, round 34), at most what the build makes (users x its decode tokens/s x busy hours), x the price, and the
    same for every build not capped by its capacity (api_demand_problems); and the yearly rows
    ("own X vs API/rent Y") agree with the month (buying is cheaper after y years exactly when the month is <= 12 y)."""
    problems: list[str] = _one_alternative_problems(builds) + api_demand_problems(builds) + utilisation_problems(builds)
    problems += serving_problems(builds)
    for build in builds:
        costs = build.get("cost_of_ownership") or {}
        if costs.get("break_even_said") is None or serves_demand(build) is False:
            continue  # a build short of its demand reckons no payback (serving_problems)
        name = f"build {build.get('rank')}"
        rental = costs.get("monthly_rental_equivalent")
        api = costs.get("api_alternative")
        if api is not None and costs.get("api_other_market") is not None:
            problems.append(f"{name}: weighed against {api['provider']}, yet says no API serves the buyer's market")
        alternative, column = rental, "renting"
        if api is not None:
            problems += _api_bill_problems(build, api, name)
            if not api["headline"]:
                problems.append(
                    f"{name}: break-even against a rental ({rental} a month), yet {api['provider']}'s per-token "
                    f"price is weighed beside it ({api['monthly']:,.2f} a month): every build is weighed against the API"
                )
            if api["headline"]:
                alternative, column = api["monthly"], "api"
        if alternative is None:
            continue
        month = costs["break_even_month"]
        said = costs["break_even_said"]
        if (
            said["fields"].get("months") is not None
            and said["code"] == "tco.pays-back"
            and said["fields"]["months"] != month
        ):
            problems.append(f"{name}: says {said['fields']['months']} months, break_even_month {month}")
        if month is None and said["code"] == "tco.pays-back":
            problems.append(f"{name}: says it pays back, break_even_month is None")
        if said["code"] == "tco.never-cheaper" and alternative > costs["monthly_owning_cost"] + 0.01:
            problems.append(
                f"{name}: 'never cheaper' yet the alternative {alternative:,.2f} a month is dearer than "
                f"owning's running cost {costs['monthly_owning_cost']:,.2f}"
            )
        if month is not None:
            f = said["fields"]
            owned = f["purchase"] - f.get("resale", 0.0) + month * costs["monthly_owning_cost"]
            if owned > month * alternative + 1.0:
                problems.append(
                    f"{name}: 'pays back after {month} months' but owning then {owned:,.0f} > "
                    f"{month} x {alternative:,.2f}"
                )
        for row in costs.get("tco", []):
            other = row.get(column)
            if other is None:
                continue
            own_cheaper = row["owning"] <= other + 1.0
            paid = month is not None and month <= 12 * row["years"]
            if abs(row["owning"] - other) > 1.0 and own_cheaper != paid:
                problems.append(
                    f"{name}: after {row['years']} y own {row['owning']:,.0f} vs {column} {other:,.0f}, "
                    f"yet break-even month {month}"
                )
    return problems


READING_SPEED_TPS = 5.0
"""A person's reading speed, restated from its source rather than imported: 238 words a minute (Brysbaert 2019, Journal
of Memory and Language 109, silent reading of non-fiction) at about 1.3 tokens a word, 5.2 tokens/s, taken as 5."""


def _api_asked(api: dict[str, Any], name: str, problems: list[str]) -> float:
    """The output tokens a year the users ask an API for, recomputed: stated, requests a day x days x the reply (round
    34); unstated (api34b), each user at the speed it needs (the speed asked, else reading speed) x the busy hours."""
    usage = {"coding-agent": 300.0, "chat": 18e9 / 700e6 / 7}.get(str(api.get("usage")))  # Anthropic; NBER w34255
    if usage is not None and abs(api["requests_per_user_per_day"] - usage) > 1e-3:
        problems.append(
            f"{name}: {api['usage']} usage at {api['requests_per_user_per_day']} requests a day, not {usage:g}"
        )
    if api["requests_per_user_per_day"] is not None or "demand_basis" not in api:
        return float(
            api["users"] * api["requests_per_user_per_day"] * api["days_per_year"] * api["reply_tokens_per_request"]
        )
    need = api["need_tokens_per_s_per_user"]
    if api["demand_basis"] == "reading" and abs(need - READING_SPEED_TPS) > 1e-6:
        problems.append(
            f"{name}: API demand at reading speed billed at {need} tokens/s a user, not {READING_SPEED_TPS}"
        )
    return float(api["users"] * need * api["busy_hours_per_year"] * 3600)


def _api_bill_problems(build: dict[str, Any], api: dict[str, Any], name: str) -> list[str]:
    """The API bill recomputed from its own fields and the build's decode speed."""
    problems: list[str] = []
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    if decode is None or abs(decode - api["tokens_per_s_per_user"]) > 0.01 + 0.001 * decode:
        problems.append(f"{name}: API bill at {api['tokens_per_s_per_user']} tokens/s, the build decodes {decode}")
    # round 35: the build makes its streams' tokens (`streams`, its --batch); `users` are a team's seats when counted
    streams = api.get("streams", api["users"])
    # round 36: a stream makes its replies after each request's prefill (the build's served rate, checked against its
    # decode and prefill in _served_rate_problems); before, decode alone
    rate = _served_rate(build) or api["tokens_per_s_per_user"]
    makes = streams * rate * api["busy_hours_per_year"] * 3600
    # the JSON rounds tokens/s to 2 decimals: at 2.02 tokens/s that alone is 0.2 % of the year's tokens (round 32, Llama
    # 3.3 70B's slowest build beside a 4090), so the half-hundredth a second is allowed on top
    rounding = streams * 0.005 * api["busy_hours_per_year"] * 3600
    # round 34: the bill is the users' demand, at most what the build makes in the busy hours; a JSON from before it (no
    # demand keys) billed what the build makes
    tokens = makes
    if "requests_per_user_per_day" in api:
        asked = _api_asked(api, name, problems)
        tokens = min(asked, makes)
        if abs(asked - api["demand_tokens_per_year"]) > 0.001 * asked + 1:
            problems.append(f"{name}: API demand {api['demand_tokens_per_year']:,} tokens a year != {asked:,.0f}")
        if api["capped_by_build"] != (makes + rounding < asked) and abs(makes - asked) > 0.002 * asked + rounding:
            problems.append(f"{name}: capped_by_build {api['capped_by_build']} with {makes:,.0f} made of {asked:,.0f}")
        if not api["demand_stated"] and not api.get("demand_source"):
            problems.append(f"{name}: API demand defaulted without its source")
        if api["demand_stated"] == (api["requests_per_user_per_day"] is None):
            problems.append(
                f"{name}: API demand_stated {api['demand_stated']} with requests a day {api['requests_per_user_per_day']}"
            )
    if abs(tokens - api["tokens_per_year"]) > 0.002 * tokens + rounding + 1:
        problems.append(f"{name}: API tokens a year {api['tokens_per_year']:,} != {tokens:,.0f}")
    # round 32: the prompts are billed too, prompt tokens per request / reply tokens per request of them per output
    # token, at the input price (none listed: output only); the prompt never exceeds the request's context
    inp = api.get("input_per_million")
    prompt, reply = api.get("prompt_tokens_per_request", 0), api.get("reply_tokens_per_request", 1)
    context = api.get("context_tokens")
    if context and prompt > context:
        problems.append(f"{name}: API bill prompts {prompt} tokens, the request's context is {context}")
    # unstated, a chat's prompt and reply: the median request of Azure's 2023 conversation trace (1,020 context tokens,
    # 129 generated; github.com/Azure/AzurePublicDataset AzureLLMInferenceTrace_conv.csv @790921015d50, 2024-03-24)
    # round 35: an agentic coding seat's request (--usage coding-agent): ~42k prompt tokens (Anthropic's Claude Code
    # sizing, 200k-300k tokens a minute at 5-7 requests a minute a seat) and 478 generated (one tracked user's 616K over
    # 1,289 requests), the prompt bounded by the context
    want, shape = (min(1020, context or 1020), 129), "1,020 / 129"
    if api.get("usage") == "coding-agent":
        want, shape = (min(42_000, context or 42_000), 480), "42,000 / 480"
    if "prompt_stated" in api and not api["prompt_stated"] and (prompt, reply) != want:
        problems.append(f"{name}: API bill's request is {prompt} / {reply} tokens, not {shape}")
    input_tokens = (
        api["tokens_per_year"] * prompt / reply if inp is not None and "prompt_tokens_per_request" in api else 0
    )
    if abs(input_tokens - api.get("input_tokens_per_year", 0)) > 0.002 * input_tokens + 1:
        problems.append(f"{name}: API input tokens a year {api.get('input_tokens_per_year'):,} != {input_tokens:,.0f}")
    # round 36: a share of the prompt (the usage's: a coding agent's 84 %, OpenClawRadar's tracked user) is read from
    # the provider's cache at its cache-read price where one is listed, the rest at the cache-write price where one is
    # charged, else the input price
    # the share: a coding agent's 84.2 of 100.3M input tokens (OpenClawRadar's tracked Claude Code user), a chat's 54 %
    # (the lower of Alibaba's two production traces' ideal-cache hit ratios, arXiv 2506.02634), none for a stated prompt
    hit = float(api.get("cache_hit_share") or 0.0)
    want_hit = 0.0 if api.get("prompt_stated") else 84.2 / 100.3 if api.get("usage") == "coding-agent" else 0.54
    if api.get("usage") is None and api.get("requests_per_user_per_day") is not None:
        want_hit = hit  # a stated requests a day keeps its usage's share, which `usage` does not name then
    if abs(hit - want_hit) > 1e-3:
        problems.append(f"{name}: {hit:.1%} of the prompt billed as cache reads, its use's share is {want_hit:.1%}")
    read, write = api.get("cache_read_per_million"), api.get("cache_write_per_million")
    if (read is not None or write is not None) and not api.get("cache_source"):
        problems.append(f"{name}: a cache price without its source")
    per_input = (
        0.0 if inp is None else hit * (inp if read is None else read) + (1 - hit) * (inp if write is None else write)
    )
    monthly = (api["tokens_per_year"] * api["output_per_million"] + input_tokens * per_input) / 1e6 / 12
    if abs(monthly - api["monthly"]) > 0.01 + 0.002 * monthly:
        problems.append(f"{name}: API bill {api['monthly']:,.2f} a month != {monthly:,.2f}")
    if not api.get("source") or not api.get("price_date"):
        problems.append(f"{name}: API price without a source or a date")
    return problems


def grow_owned_problems(builds: list[dict[str, Any]], owned: dict[str, int]) -> list[str]:
    """A "room to grow" claim (`claims` code claim.grow) says what the next card costs: nothing, where the build runs
    some of the user's own cards (`--own`, `owned` by card id) and leaves others idle (the next is one of those:
    fields `own` and `spare`, the idle count; the build's "add" step costs 0), else its price, bought alone (no `own`
    field). Dr. Chen's eight RTX 4090: three of his in a 4U server had read "by buying only that card" with five idle."""
    problems = []
    for build in builds:
        grow = next((c for c in build.get("claims") or [] if c["code"] == "claim.grow"), None)
        if grow is None:
            continue
        gpu = _one(build["parts"], "gpu")
        used = gpu.get("owned", 0) if gpu is not None else 0
        idle = owned.get(gpu["id"], 0) - used if gpu is not None and used else 0
        name = f"#{build['rank']} '{build['label']}'"
        said = grow["fields"]
        if idle > 0 and (not said.get("own") or said.get("spare") != idle):
            problems.append(f"{name}: room to grow by buying a card, while {idle} of the user's own sit idle")
        if idle <= 0 and said.get("own"):
            problems.append(f"{name}: room to grow on the user's own card, but none of theirs is idle")
        for step in build.get("next_steps") or []:
            if step["kind"] == "add" and idle > 0 and step["cost"] != 0:
                problems.append(f"{name}: the next card is one of the user's own, but adding it costs {step['cost']}")
    return problems


def idle_owned_problems(builds: list[dict[str, Any]], owned_id: str, owned: int) -> list[str]:
    """Builds that buy cards of the model the user owns while some of the user's own sit idle: the same machine on the
    own cards costs less (no expert signs buying a card that is already on the shelf). A build may use fewer of the
    own cards than the user has (the rest idle, none bought), or all of them with more bought beside."""
    problems = []
    for build in builds:
        for part in build["parts"]:
            if part["category"] != "gpu" or part["id"] != owned_id:
                continue
            used, bought = part.get("owned", 0), part["quantity"] - part.get("owned", 0)
            if bought > 0 and used < owned:
                problems.append(
                    f"#{build['rank']} '{build['label']}': buys {bought} x {owned_id} while {owned - used} of the "
                    f"user's own {owned} sit idle"
                )
        said = _ALL_OWN.search(build["label"].lower())
        if said is not None:
            cards = [p for p in build["parts"] if p["category"] == "gpu"]
            every = [p for p in cards if p["id"] == owned_id and p["quantity"] == p.get("owned", 0) == owned]
            if int(said.group(1)) != owned or len(cards) != 1 or not every:
                problems.append(
                    f"#{build['rank']} '{build['label']}': says all {said.group(1)} of the user's own cards and none "
                    f"bought, on {[(p['id'], p['quantity'], p.get('owned', 0)) for p in cards]} of {owned} owned"
                )
    return problems


_ALL_OWN = re.compile(r"with all (\d+) of your own cards, none bought")
"""The kind a build on every one of the user's own cards says (offers._more_of_the_owned, kind.own-all)."""


# --------------------------------------------------------------------------- ways out (round 33)

CIRCUIT_IDS = {volts_amps: name for name, volts_amps in VOLTS_AMPS.items()}

_DROPPED = {"speed": "--min-decode-tps", "deadline": "--deadline-hours"}
"""Changes that give up an option the request set: the way's re-solve leaves that option out."""


def _way_codes(way: dict[str, Any]) -> list[dict[str, Any]]:
    """A way out's changes as its words say them (`said`: way.changes' nested changes, or the way's own code)."""
    said = way.get("said") or {}
    if said.get("code") == "way.changes":
        return list(said["fields"].get("changes") or [])
    return [said] if said else []


def _flags_of(change: dict[str, Any]) -> list[str] | None:
    """The `plan` options one change of a way out's words sets (read from its code and fields, as a user would type
    them), or None where a change names no option a re-solve could set."""
    code, f = change["code"].removeprefix("way."), change.get("fields") or {}
    fixed = {
        "form": ["--form", "any"],
        "room": ["--room", "lab"],
        "condition": ["--condition", "any"],
        "framework": ["--framework", "unsloth"],
        "actoffload": ["--activation-offload", "--grad-checkpointing"],
        "checkpointing": ["--grad-checkpointing"],
        "optim8bit": ["--optimizer", "adamw-8bit"],
        "zero3offload": ["--zero", "3", "--offload", "cpu"],
        "offload": ["--offload", "cpu", "--engine", "llama.cpp"],
        "method": ["--method", "qlora"],
        "speed": [],
        "deadline": [],
    }
    if code in fixed:
        return fixed[code]
    valued = {
        "budget": ("--budget", f.get("amount")),
        "kv": ("--kv-precision", f.get("kv")),
        "context": ("--context", f.get("context")),
        "power": ("--power-limit", f.get("limit")),
        "powerup": ("--power-limit", f.get("limit")),
        "circuits": ("--circuits", f.get("circuits")),
        "gpus": ("--gpus", f.get("gpus")),
        "region": ("--region", f.get("region") or "global"),
        "precision": ("--precision", f.get("precision") or "q4_k_m"),
    }
    if code == "lowbits":  # round 49: the 3-bit file or the 2-bit one, as its words say (`precision`)
        return ["--precision", str(f.get("precision") or "q2_k"), "--engine", "llama.cpp"]
    if code == "speed10":  # the speed the way names, one decimal down (as Apply sets it)
        return ["--min-decode-tps", f"{math.floor(float(f['tps']) * 10) / 10:g}"]
    if code == "circuit":
        circuit = CIRCUIT_IDS.get((int(f["volts"]), int(f["amps"])))
        return None if circuit is None else ["--circuit", circuit]
    if code == "rackfeed":  # round 44: the server room's own feed, said as its circuit (a nested circuit.name)
        feed = (f.get("feed") or {}).get("fields") or {}
        circuit = CIRCUIT_IDS.get((int(feed.get("volts") or 0), int(feed.get("amps") or 0)))
        return None if circuit is None else ["--circuit", circuit]
    if code not in valued or valued[code][1] is None:
        return None
    flag, value = valued[code]
    extra = ["--engine", "llama.cpp"] if code == "precision" else []
    return [flag, f"{value:g}" if isinstance(value, float) else str(value), *extra]


def way_out_args(args: str, way: dict[str, Any]) -> str | None:
    """The request ARGS with the way out applied as its words say it: each change's options appended (the last of an
    option wins), the options it gives up left out (a speed target, a deadline, --exact-gpus where it allows more
    GPUs); None for a way that is not a request to re-solve (a rental, ready-made servers, a change no option sets)."""
    changes = _way_codes(way)
    if not changes or way.get("kind") in ("rent", "cluster") or changes[0]["code"] in ("way.rent", "way.cluster"):
        return None
    flags: list[str] = []
    dropped = {"--exact-gpus"} if any(c["code"] == "way.gpus" for c in changes) else set()
    for change in changes:
        more = _flags_of(change)
        if more is None:
            return None
        flags += more
        dropped |= {_DROPPED[c] for c in [change["code"].removeprefix("way.")] if c in _DROPPED}
    words = shlex.split(args)
    kept: list[str] = []
    skip = False
    for at, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word in dropped:
            skip = word != "--exact-gpus" and at + 1 < len(words) and not words[at + 1].startswith("--")
            continue
        kept.append(word)
    return shlex.join(kept + flags)


def _way_hours(build: dict[str, Any]) -> float | None:
    hours = (build["estimate"].get("time") or {}).get("wall_hours")
    return float(hours) if hours else None


def _same_speed(way: dict[str, Any], build: dict[str, Any]) -> bool:
    """The build runs at the way's stated hours (a training job's) or decode rate, within SPEED_TOLERANCE."""
    if way.get("wall_hours"):
        hours = _way_hours(build)
        return hours is not None and abs(hours - float(way["wall_hours"])) <= SPEED_TOLERANCE * hours + 0.05
    tps = way.get("decode_tokens_per_s")
    decode = build["estimate"].get("speed", {}).get("decode_tokens_per_s")
    if not tps:
        return True
    return decode is not None and abs(float(decode) - float(tps)) <= SPEED_TOLERANCE * float(tps) + 0.01


def _machine_price(way: dict[str, Any]) -> float:
    """The price of a way's machine: its total less the work on the building it pays beside it (`work`: an
    electrician's new circuit, its own line), which a plan on that circuit does not buy."""
    work = way.get("work")
    return float(way["total_price"]) - (float(work["price"]) if work else 0.0)


def circuit_work_problems(plan: dict[str, Any], catalog_prices: dict[str, float]) -> list[str]:
    """A way out to a new wall circuit (a `way.circuit` change) pays an electrician: its own `work` line at the
    catalog's price for that circuit (`catalog_prices`: circuit id -> price in the plan's currency), counted in its
    total_price; no other way pays one."""
    problems = []
    for at, way in enumerate((plan.get("infeasible") or {}).get("relaxations") or [], 1):
        circuit = next((c for c in _way_codes(way) if c["code"] == "way.circuit"), None)
        work = way.get("work")
        if circuit is None:
            if work:
                problems.append(f"way {at} ({way['kind']}) pays an electrician without a new circuit")
            continue
        fields = circuit.get("fields") or {}
        wanted = catalog_prices.get(CIRCUIT_IDS.get((int(fields.get("volts", 0)), int(fields.get("amps", 0))), ""))
        if wanted is None:
            continue
        if not work or abs(float(work["price"]) - wanted) > 0.01:
            problems.append(f"way {at} ({way['kind']}): a new circuit without its electrician's {wanted:,.2f}")
    return problems


def way_out_problems(args: str, plan: dict[str, Any], solve: Any, resolved: int | None = None) -> list[str]:
    """Every way out shown is a plan the user can get at the price shown: re-solving ARGS as the way's words say
    (way_out_args; `solve` runs `plan ARGS --json`) shows a build that fails no rule at the way's price (within
    PRICE_TOLERANCE) and at its hours or speed, and none cheaper that serves it as well; and the cheapest way out is
    the cheapest of the ways shown (`infeasible.relaxations` by price). `resolved`: the first N ways re-solved (each
    is a plan to solve), all when None."""
    infeasible = plan.get("infeasible") or {}
    ways = infeasible.get("relaxations") or []
    problems: list[str] = []
    prices = [float(w["total_price"]) for w in ways]
    if prices and prices[0] > min(prices) + 0.005:
        problems.append(f"'cheapest way out' costs {prices[0]:,.2f}, another way shown costs {min(prices):,.2f}")
    if ways and infeasible.get("cheapest_relaxation") != ways[0]["change"]:
        problems.append("'cheapest way out' is not the first way shown")
    for at, way in enumerate(ways[:resolved], 1):
        applied = way_out_args(args, way)
        if applied is None:
            continue
        price = _machine_price(way)
        builds = [b for b in solve(applied)["builds"] if not _fails(b)]
        same = [b for b in builds if abs(float(b["total_price"]) - price) <= PRICE_TOLERANCE * price]
        name = f"way {at} ({way['kind']}: {way['change'][:80]})"
        if not same:
            shown = ", ".join(f"{b['total_price']:,.2f}" for b in builds) or "none"
            problems.append(f"{name} says {price:,.2f}; `plan {applied}` shows {shown}")
        elif not any(_same_speed(way, b) for b in same):
            said = way.get("wall_hours") or way.get("decode_tokens_per_s")
            got = [(_way_hours(b), b["estimate"].get("speed", {}).get("decode_tokens_per_s")) for b in same]
            problems.append(f"{name} says {said} (h or tokens/s) at {price:,.2f}; `plan {applied}` shows {got}")
        problems += _past_support_way_problems(name, way, builds, same, at == 1 and infeasible)
        if at == 1 and same:
            problems += cheaper_than_way_problems(name, way, builds)
    return problems


def cheaper_than_way_problems(name: str, way: dict[str, Any], builds: list[dict[str, Any]]) -> list[str]:
    """Round 47 (ways47): "the cheapest way out" is a claim on price: its plan (the request as the way's words say,
    re-solved: `builds`, none failing a rule) shows no cheaper build that serves the way's request as well. A rival is
    one a plan may call "cheapest": on supported software (a cheaper card past support is named beside a supported
    way: _past_support_way_problems), its run validated on its card (UNVALIDATED_RUN_RULES: named beside it the same
    way), not a CPU-only box set aside beside cards (issue #27), its prompts answered (PROMPT), and at reading speed
    where the way reads. The check had asked only that a build at the way's price be shown: Kimi K2.6's "keep the
    experts in RAM and raise the budget to 185,280 CNY" (an RTX 3090) passed beside an RTX 2070 at 182,156 that its
    plan labels "cheapest"."""
    price = _machine_price(way)
    reads = not way.get("decode_tokens_per_s") or float(way["decode_tokens_per_s"]) >= READING_TPS
    rivals = [
        b
        for b in builds
        if float(b["total_price"]) < price * (1 - PRICE_TOLERANCE) - 0.01
        and not past_support(b)
        and not unvalidated_run(b)
        and not _slow_cpu_only(b)
        and not _warned(b, "PROMPT")
        and (_readable(b) or not reads)
    ]
    if not rivals:
        return []
    low = min(rivals, key=lambda b: float(b["total_price"]))
    return [
        f"{name}: 'cheapest way out' at {price:,.2f}, but its plan shows '{low.get('label', '')}' at {low['total_price']:,.2f}"
    ]


def _past_support_way_problems(
    name: str, way: dict[str, Any], builds: list[dict[str, Any]], same: list[dict[str, Any]], first: dict[str, Any]
) -> list[str]:
    """A way whose build is on supported software, where its plan shows a cheaper build on a card past its vendor's
    support, says "cheapest build on supported software" and names that cheaper build's price (way.changes' fields
    `supported`, `past_price`); the first way's label then says "cheapest way out on supported software"
    (`cheapest_on_supported`). A price it names for the card past support is one its plan shows, where it shows any."""
    said = (way.get("said") or {}).get("fields") or {}
    price = _machine_price(way)
    problems = []
    named = said.get("past_price")
    past = [b for b in builds if past_support(b)]
    # a plan sets the card past support aside unshown where a supported one is cheap enough (ranking.startable):
    # the price named is checked where the plan shows such cards
    if (
        named is not None
        and past
        and not any(abs(float(b["total_price"]) - named) <= PRICE_TOLERANCE * named for b in past)
    ):
        problems.append(f"{name} names a card past support at {named:,.2f}; its plan shows none at that price")
    if not same or any(past_support(b) for b in same):
        return problems
    cheaper = [b for b in past if float(b["total_price"]) < price * (1 - PRICE_TOLERANCE)]
    if any(_readable(b) for b in same):
        # a way's build that reads is the cheapest that reads (ways.cheapest_reading): a card past support below
        # reading speed is no cheaper rival of it (round 39: `--top 3` now shows such a build for its claim, "cheapest
        # below reading speed", where the cut had shown the three cheapest passing ones)
        cheaper = [b for b in cheaper if _readable(b)]
    if cheaper and not said.get("supported"):
        problems.append(
            f"{name}: 'cheapest build' at {price:,.2f} where its plan shows a card past support at "
            f"{min(float(b['total_price']) for b in cheaper):,.2f}, without 'on supported software'"
        )
    if cheaper and first and not first.get("cheapest_on_supported"):
        problems.append(
            f"{name}: 'cheapest way out' beside a cheaper card past support, without 'on supported software'"
        )
    return problems


def _machine(build: dict[str, Any]) -> tuple[object, ...]:
    """A build as a buyer tells two apart: its parts (category, id, quantity), nodes and price."""
    parts = sorted((p["category"], p["id"], p["quantity"]) for p in build["parts"])
    return (tuple(parts), build.get("nodes", 1), round(build["total_price"], 2))


STRENGTH = {
    "cheapest": 0.0,
    "cheapest-serving": 0.5,
    "fastest": 1.0,
    "value": 2.0,
    "cheapest-vram": 2.5,
    "faster-for-little": 2.65,  # round 49: a refinement of "cheapest", after the three headline answers
    "quietest": 3.0,
}
"""How strongly each claim asks for a place when a plan shows fewer builds than it ranks (`--top K`): a practitioner
asked for three answers gives the cheapest, the fastest within the budget and the most speed for the money before a
build that claims nothing (round 39); where the cheapest cannot serve the users' demand, the cheapest that does comes
next. Claims scoped to a GPU, an owned card or a tier rank after the plain ones."""


def _strength(label: str) -> float:
    """The strongest plain claim a label makes (STRENGTH), 9 for none of them."""
    # a claim at release quality beside a 4-bit build's, the second answer of a split claim: after the plain claims
    # and the builds holding the model in VRAM, before "quietest" (value39, top39)
    tiered = {"fastest": 2.7, "value": 2.8}
    return min(
        (
            STRENGTH.get(kind, 9.0) if scope is None else tiered.get(kind, 9.0)
            for kind, scope, _ in label_pieces(label)
            if scope is None or scope == RELEASE_QUALITY
        ),
        default=9.0,
    )


TOP_KINDS = ("cheapest", "cheapest-all", "cheapest-vram", "fastest", "value", "quietest")
"""The claims a plan shown in fewer places is checked on against the full plan's builds (top_k_problems)."""


def top_k_problems(
    top: dict[str, Any],
    full: dict[str, Any],
    budget: float | None = None,
    min_decode_tps: float | None = None,
    room: str | None = None,
) -> list[str]:
    """A plan asked for fewer builds (`--top K`) against the full plan of the same request (`--top` left at its
    default): its builds are the full plan's, in the same order; and every claim of their labels holds over
    every build the full plan shows, not only the K shown: 'cheapest' no dearer than any full-plan rival, 'fastest
    within budget' no slower than any full-plan build within budget, 'best value' no less speed for the money,
    'quietest' no louder (each claim's own rivals, as check_labels reads them, over the full plan's builds). Since
    round 39 the K are not the full plan's first K but those holding its strongest claims (STRENGTH), in its order. A used
    MacBook Pro at 5.1 tok/s had stood alone at `--top 1` as "cheapest; fastest within budget; best value" where the
    full plan's 2 x RTX 2080 Ti 22GB is cheaper (1,858 USD) and its 2 x RX 7900 XTX faster (12.8 tok/s)."""
    shown, every = top["builds"], full["builds"]
    k = len(shown)

    def stands_in(b: dict[str, Any]) -> bool:
        # round 39 (ranking._serving_shown): the cheapest build that serves the users' demand takes the place of one
        # that cannot, so that no --top shows only builds short of it; it is the full plan's, and the cheapest of
        # the full plan's builds that serve
        served = [x for x in every if serves_demand(x) is True]
        return serves_demand(b) is True and b["total_price"] <= min(x["total_price"] for x in served) + 0.01

    machines = [_machine(b) for b in every]
    problems = [
        f"--top {k}: #{at + 1} is {_machine(b)[0]} at {b['total_price']:,.2f}, not among the full plan's builds"
        for at, b in enumerate(shown)
        if _machine(b) not in machines
    ]
    places = [machines.index(_machine(b)) for b in shown if _machine(b) in machines]
    if places != sorted(places):
        problems.append(f"--top {k}: its builds are not in the full plan's order ({[p + 1 for p in places]})")
    # round 39: the places go to the strongest claims first (cheapest, fastest, best value, cheapest in VRAM, quietest)
    # (a build that cannot serve the users' demand gives its place to the cheapest that does: stands_in)
    standing = any(stands_in(b) for b in shown)
    for b in shown:
        said = every[machines.index(_machine(b))]["label"] if _machine(b) in machines else None
        if said is not None and b["label"] != said and not stands_in(b):
            problems.append(f"--top {k} #{b['rank']} says '{b['label']}' where the full plan says '{said}'")
    # a shown build's strength is its claims in the full plan (a build alone claims more than it holds there)
    weakest = max(
        (_strength(every[p]["label"]) for b, p in zip(shown, places, strict=False) if not stands_in(b)), default=0.0
    )
    for at, b in enumerate(every):
        short = standing and serves_demand(b) is False
        if at not in places and _strength(b["label"]) < weakest and len(shown) < len(every) and not short:
            problems.append(
                f"--top {k} leaves out the full plan's #{at + 1} '{b['label']}' for a build that claims less"
            )
    r = _rivals(every, budget, min_decode_tps, room)
    for build in shown:
        name = f"--top {k} #{build['rank']} '{build['label']}'"
        for kind, scope, piece in label_pieces(build["label"]):
            if kind not in TOP_KINDS or (scope is not None and scope != RELEASE_QUALITY):
                continue  # a claim scoped to named GPUs or an owned card: over its own builds, which check_labels reads
            pool = _pool(r, kind, scope)
            if kind == "cheapest-vram":
                pool = [b for b in pool if in_vram(b)]
            if not pool:
                continue
            if kind in ("cheapest", "cheapest-all", "cheapest-vram"):
                problems += _cheapest_problems(build, f"{name} among the full plan's", pool)
            elif kind in ("fastest", "value"):
                problems += _speed_problems(build, f"{name} among the full plan's", kind, piece, pool)
            else:
                problems += _quietest_problems(build, f"{name} among the full plan's", pool)
    return problems
