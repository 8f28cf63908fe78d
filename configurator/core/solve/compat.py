"""Compatibility rules between parts, each written once.

Every function here decides one rule for a pair (or tuple) of catalog records and returns the
`Check` a user reads. The CP-SAT model (solver.py) forbids exactly the combinations these
functions fail, by evaluating them on one representative of each class of parts that the rule
cannot tell apart (the `*_key` functions name what a rule looks at); the build checks
(rules.py) call the same functions on the chosen parts. A rule's arithmetic and its words
therefore cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Hashable

from configurator.core.catalog.models import Chassis, Cooler, Cpu, Gpu, MemoryKit, Motherboard
from configurator.core.estimate.offload import host_ram_needed
from configurator.core.solve.build import Check

MAX_DIMMS_PER_CHANNEL = 2  # RAM-4: DDR4/DDR5 platforms take at most two DIMMs per channel
BOARD_SIZES = {"mini-itx": 0, "micro-atx": 1, "atx": 2, "e-atx": 3, "ceb": 3, "eeb": 4, "server-proprietary": 9}
BOARD_WIDTH_SLACK_MM = 1  # catalog widths are rounded: 305 vs 304.8 mm


OPEN_AIR_FLAGSHIP_W = 320  # COOL-4 (R2/R3): beyond two open-air cards this hungry, risers, water or a rack


def open_air_flagships(cooler: str, tdp_w: float, cards: int) -> bool:
    """More than two open-air cards of OPEN_AIR_FLAGSHIP_W or more: no tower holds them (COOL-4)."""
    return cooler == "open-air" and tdp_w >= OPEN_AIR_FLAGSHIP_W and cards > 2


MAX_MODULES = 32  # the most DIMMs any catalog board takes (2-socket boards, 16 per socket)
MAX_KITS_MODULES = 24  # kits bought more than once stay at or below 24 modules (12-channel single socket, 2 DPC)


def kit_counts(kit: MemoryKit) -> tuple[int, ...]:
    """How many of one kit a build may buy: 1 to 4 kits, within the module counts above."""
    return tuple(
        k for k in (1, 2, 3, 4) if kit.modules * k <= MAX_MODULES and (k == 1 or kit.modules * k <= MAX_KITS_MODULES)
    )


def _check(rule: str, ok: bool, message: str) -> Check:
    return Check(rule=rule, status="pass" if ok else "fail", message=message)


def is_server_board(board: Motherboard) -> bool:
    return board.form_factor == "server-proprietary"


# ------------------------------------------------------------------ CPU x board (CPU-2)


def cpu_key(cpu: Cpu) -> Hashable:
    return (cpu.socket, cpu.memory_type, cpu.family)


def board_cpu_key(board: Motherboard) -> Hashable:
    return (board.socket, board.memory_type, board.cpu_families)


def cpu_board(cpu: Cpu, board: Motherboard) -> Check:
    """The board lists the CPU's generation: same socket is not enough (Xeon Scalable needs
    C741, not W790; Threadripper non-PRO does not run on WRX90; Turin needs an SP5 board that
    lists EPYC 9005)."""
    if cpu.socket != board.socket:
        return _check(
            "CPU-2", False, f"{cpu.name} ({cpu.socket}) does not fit the {board.socket} socket of {board.name}"
        )
    if cpu.memory_type != board.memory_type:
        return _check(
            "CPU-2", False, f"{cpu.name} drives {cpu.memory_type}; {board.name} has {board.memory_type} slots"
        )
    # an SoC platform's board has no chipset to name ("none (SoC)" in the catalog): "the none (SoC) board" was printed
    chipset = f" ({board.chipset})" if board.chipset and not board.chipset.startswith("none") else ""
    if cpu.family not in board.cpu_families:
        return _check(
            "CPU-2",
            False,
            f"{board.name}{chipset} does not support {cpu.name} ({cpu.family}); "
            f"it runs {', '.join(board.cpu_families)}",
        )
    return _check("CPU-2", True, f"{cpu.name} is on the CPU support list of {board.name}{chipset}")


# ------------------------------------------------------------------ memory (RAM-4, RAM-5)


def usable_dimms(cpu: Cpu, board: Motherboard) -> int:
    """DIMMs that work with this CPU on this board: per socket, the channels both wire, times
    the board's DIMMs per channel (at most two), and never more than the slots."""
    channels = min(cpu.memory_channels, board.memory_channels)
    per_socket = min(
        board.dimm_slots // board.cpu_sockets, channels * min(board.dimms_per_channel, MAX_DIMMS_PER_CHANNEL)
    )
    return per_socket * board.cpu_sockets


def memory_channels_used(cpu: Cpu, board: Motherboard) -> int:
    return min(cpu.memory_channels, board.memory_channels) * board.cpu_sockets


def dimm_population(cpu: Cpu, board: Motherboard, modules: int) -> Check:
    """RAM-4: no more DIMMs than the channels take; every channel populated, evenly, for bandwidth."""
    usable = usable_dimms(cpu, board)
    channels = memory_channels_used(cpu, board)
    if modules > usable:
        return _check(
            "RAM-4",
            False,
            f"{modules} DIMMs, but {cpu.name} on {board.name} takes at most {usable} "
            f"({channels} channels x {usable // max(channels, 1)})",
        )
    if modules < channels or modules % channels:
        return Check(
            rule="RAM-4",
            status="warn",
            message=f"{modules} modules on {channels} memory channels: populate every channel evenly for full bandwidth",
        )
    return _check("RAM-4", True, f"{modules} modules on {channels} memory channels ({modules // channels} per channel)")


def memory_kind_key(kit: MemoryKit | Motherboard) -> Hashable:
    if isinstance(kit, MemoryKit):
        return (kit.memory_type, kit.module)
    return (kit.memory_type, kit.memory_module)


def memory_board(kit: MemoryKit, board: Motherboard) -> Check:
    ok = memory_kind_key(kit) == memory_kind_key(board)
    return _check(
        "RAM-5",
        ok,
        f"{kit.memory_type} {kit.module.upper()} on a {board.memory_type} {board.memory_module.upper()} board",
    )


# ------------------------------------------------------------------ board x chassis (SLOT-4)


def board_size_key(board: Motherboard) -> Hashable:
    return (board.form_factor, round(board.width_mm), board.id if is_server_board(board) else "")


BOARD_SIZE_NAMES = {
    "mini-itx": "Mini-ITX",
    "micro-atx": "Micro-ATX",
    "atx": "ATX",
    "e-atx": "E-ATX",
    "eeb": "EEB",
    "ceb": "CEB",
    "server-proprietary": "proprietary server",
}
"""Board form factors as their specifications spell them (the field keeps the lower-case catalog value)."""


def board_size_name(form_factor: str) -> str:
    return BOARD_SIZE_NAMES.get(form_factor, form_factor)


def board_chassis(board: Motherboard, chassis: Chassis) -> Check:
    """SLOT-4: the board's form factor and width fit the case; a barebone takes only its own board."""
    if chassis.integrated_board:
        ok = board.id == chassis.integrated_board
        return _check("SLOT-4", ok, f"{chassis.name} comes with its own board" + ("" if ok else f", not {board.name}"))
    if is_server_board(board):
        return _check("SLOT-4", False, f"{board.name} exists only inside its server chassis")
    fits = (
        BOARD_SIZES[board.form_factor] <= BOARD_SIZES[chassis.max_board]
        and board.width_mm <= chassis.max_board_width_mm + BOARD_WIDTH_SLACK_MM
    )
    return _check(
        "SLOT-4",
        fits,
        f"{board_size_name(board.form_factor)} board ({board.width_mm:.0f} mm) in a case taking "
        f"up to {board_size_name(chassis.max_board)} ({chassis.max_board_width_mm:.0f} mm)",
    )


# ------------------------------------------------------------------ CPU cooler (COOLER, COOL-3)


def cooler_chassis_key(cooler: Cooler) -> Hashable:
    return (cooler.needs_ducted_airflow, cooler.radiator_mm is not None)


def ducted(chassis: Chassis) -> bool:
    """The chassis' fans push air front to back through ducts: what fanless parts need (R4)."""
    return chassis.airflow == "server-ducted"


SHROUD_MAX_TDP_W = 300.0
"""The hottest passive card an open frame's blower shroud cools: the cards the kits are made for (Tesla P40, P100 and
V100 PCIe at 250 W, MI50 and A100 PCIe at 250-300 W; ariezlabs' P40 build). An estimate: no kit states a rating;
hotter passive cards (L40S 350 W, H100 NVL 400 W) need a server's fan wall."""


def shroud_cools(gpu: Gpu, chassis: Chassis) -> bool:
    """COOL-2 in an open frame that ducts each passive card with its own blower shroud: only cards up to the kits' heat."""
    return chassis.kind != "open-frame" or gpu.tdp_w <= SHROUD_MAX_TDP_W


def needs_ducted(gpu: Gpu) -> bool:
    """COOL-2: a passive card has no fan of its own; only a ducted server chassis cools it."""
    return gpu.cooler == "passive"


def chassis_cooler_key(chassis: Chassis) -> Hashable:
    return (chassis.airflow, chassis.kind.startswith("rack"), chassis.kind == "open-frame")


def cooler_chassis(cooler: Cooler, chassis: Chassis) -> Check:
    """COOL-3: a fanless server heatsink needs ducted server airflow (R4 applies to CPUs too);
    an AIO radiator has no mounting in a rack chassis."""
    if cooler.needs_ducted_airflow and (
        not ducted(chassis) or chassis.kind == "open-frame"
    ):  # a frame ducts its GPUs only
        return _check(
            "COOL-3", False, f"{cooler.name} has no fan: it needs a ducted server chassis, not a {chassis.kind}"
        )
    if cooler.radiator_mm and chassis.kind.startswith("rack"):
        return _check(
            "COOL-3", False, f"a {cooler.radiator_mm} mm radiator has no mounting in a {chassis.kind} chassis"
        )
    return _check("COOL-3", True, f"{cooler.name} is cooled in a {chassis.kind} ({chassis.airflow} airflow)")


def cooler_cpu(cooler: Cooler, cpu: Cpu, chassis: Chassis) -> Check:
    """COOLER: socket, rated capacity, and height under the side panel or lid."""
    if cpu.socket not in cooler.sockets:
        return _check("COOLER", False, f"{cooler.name} has no {cpu.socket} mounting")
    if cooler.max_tdp_w < cpu.tdp_w:
        return _check("COOLER", False, f"cooler rated {cooler.max_tdp_w:.0f} W for a {cpu.tdp_w:.0f} W CPU")
    limit = chassis.max_cpu_cooler_height_mm
    if limit is not None and (cooler.height_mm or 0) > limit:
        return _check(
            "COOLER", False, f"{cooler.height_mm:.0f} mm cooler under a {limit:.0f} mm limit in {chassis.name}"
        )
    return _check("COOLER", True, f"{cooler.name} for a {cpu.tdp_w:.0f} W {cpu.socket} CPU")


def cooler_board(cooler: Cooler, board: Motherboard) -> Check:
    """COOLER: a GPU server's own board sits under a 4U lid and its ducts: server heatsinks only."""
    ok = not is_server_board(board) or cooler.kind.startswith("server")
    return _check(
        "COOLER", ok, f"{cooler.name} on {board.name}" + ("" if ok else ": the server board takes a server heatsink")
    )


# ------------------------------------------------------------------ RAM size (RAM-1, RAM-3)


def ram_needed_gb(vram_gb: float, host_ram_bytes: int, vram_floor_gb: float | None = None) -> float:
    """RAM-1 and RAM-3: at least the total VRAM (loading goes through RAM), and whatever the job
    keeps in RAM (offloaded layers, experts or optimizer states) with room for the OS, as the
    estimate's own fit check counts it (offload.host_ram_needed: one rule for both). `vram_floor_gb` (an
    engine that streams weights to the GPUs: the RAM-1 rule object's floor): the VRAM only up to it."""
    vram = min(vram_gb, vram_floor_gb) if vram_floor_gb is not None else vram_gb
    return max(vram, host_ram_needed(host_ram_bytes) / 1e9)
