"""Compatibility rules between parts, each written once (CPU-2, RAM-4, RAM-7, RAM-5, SLOT-4, COOL-3, COOLER).

Every function here decides one rule for a pair (or tuple) of catalog records and returns the
`Check` a user reads, worded by the rule's object below (its id, severity, sources and messages). The CP-SAT model (solver.py) forbids exactly the combinations these
functions fail, by evaluating them on one representative of each class of parts that the rule
cannot tell apart (the `*_key` functions name what a rule looks at); the build checks
(rules.py) call the same functions on the chosen parts. A rule's arithmetic and its words
therefore cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from configurator.core.catalog.models import (
    MODULE_GB_BYTES,
    Chassis,
    Cooler,
    Cpu,
    Gpu,
    MemoryKit,
    Motherboard,
    channels_balanced,
    channels_read,
)
from configurator.core.rules.base import Check, Message, Rule, at, instance, register
from configurator.core.rules.facts import BuildFacts

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


def is_server_board(board: Motherboard) -> bool:
    return board.form_factor == "server-proprietary"


# ------------------------------------------------------------------ CPU x board (CPU-2)


def cpu_key(cpu: Cpu) -> Hashable:
    return (cpu.socket, cpu.memory_type, cpu.family)


def board_cpu_key(board: Motherboard) -> Hashable:
    return (board.socket, board.memory_type, board.cpu_families)


@register
class CpuBoard(Rule):
    id = "CPU-2"
    title = "the CPU fits the board's socket, memory kind and CPU support list"
    severity = "fail"
    sources = ("board vendors' CPU support lists",)
    reads = ("cpu.socket", "cpu.memory_type", "cpu.family", "board.socket", "board.memory_type", "board.cpu_families")
    messages = (
        Message(
            "socket",
            "{cpu} ({cpu_socket}) does not fit the {board_socket} socket of {board}",
            zh="{cpu}（{cpu_socket}）装不进 {board} 的 {board_socket} 插槽",
        ),
        Message(
            "memory",
            "{cpu} drives {cpu_memory}; {board} has {board_memory} slots",
            zh="{cpu} 支持 {cpu_memory}；{board} 是 {board_memory} 插槽",
        ),
        Message(
            "family",
            lambda f: (
                f"{f['board']}{_chipset(f)} does not support {f['cpu']} ({f['family']}); "
                f"it runs {', '.join(f['families'])}"
            ),
        ),
        Message("listed", lambda f: f"{f['cpu']} is on the CPU support list of {f['board']}{_chipset(f)}"),
    )
    model = (at("platform", 10),)

    listed = 510

    def check(self, cpu: Cpu, board: Motherboard) -> Check:
        """The board lists the CPU's generation: same socket is not enough (Xeon Scalable needs
        C741, not W790; Threadripper non-PRO does not run on WRX90; Turin needs an SP5 board that
        lists EPYC 9005)."""
        if cpu.socket != board.socket:
            return self.verdict(
                False, "socket", cpu=cpu.name, cpu_socket=cpu.socket, board_socket=board.socket, board=board.name
            )
        if cpu.memory_type != board.memory_type:
            return self.verdict(
                False,
                "memory",
                cpu=cpu.name,
                cpu_memory=cpu.memory_type,
                board=board.name,
                board_memory=board.memory_type,
            )
        # an SoC platform's board has no chipset to name ("none (SoC)" in the catalog): "the none (SoC) board" was
        # printed
        chipset = board.chipset if board.chipset and not board.chipset.startswith("none") else ""
        if cpu.family not in board.cpu_families:
            return self.verdict(
                False,
                "family",
                board=board.name,
                chipset=chipset,
                cpu=cpu.name,
                family=cpu.family,
                families=tuple(board.cpu_families),
            )
        return self.verdict(True, "listed", cpu=cpu.name, board=board.name, chipset=chipset)

    def constrain(self, model: Any, **site: Any) -> None:
        # sorted: the order constraints are added in decides CP-SAT's equal-cost ties, so it must not follow the hash seed
        for key in sorted(
            {(b.socket, b.memory_type) for b in model.boards} | {(c.socket, c.memory_type) for c in model.cpus}
        ):
            model.m.add(
                sum(model.b[i] for i, b in enumerate(model.boards) if (b.socket, b.memory_type) == key)
                == sum(model.cpu[i] for i, c in enumerate(model.cpus) if (c.socket, c.memory_type) == key)
            )
        model.forbid_pairs(
            model.cpus,
            model.cpu,
            cpu_key,
            model.boards,
            model.b,
            board_cpu_key,
            lambda cpu, board: cpu_board(cpu, board).status != "fail",
            "cpuboard",
        )

    def assess(self, build: BuildFacts) -> Check | None:
        return self.check(build.cpu, build.board)


def _chipset(f: Mapping[str, Any]) -> str:
    return f" ({f['chipset']})" if f["chipset"] else ""


def cpu_board(cpu: Cpu, board: Motherboard) -> Check:
    return instance(CpuBoard).check(cpu, board)


# ------------------------------------------------------------------ memory (RAM-4, RAM-7, RAM-5)


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


@register
class DimmPopulation(Rule):
    id = "RAM-4"
    title = "at most two DIMMs per channel (the channels both the CPU and the board wire)"
    severity = "fail"
    sources = ("DDR4/DDR5 platforms take at most two DIMMs per channel (board and CPU specifications)",)
    reads = ("memory modules", "cpu.memory_channels", "board.dimm_slots")
    messages = (
        Message(
            "too-many",
            "{modules} DIMMs, but {cpu} on {board} takes at most {usable} ({channels} channels x {per_channel})",
            zh="{modules} 条内存，但 {cpu} 在 {board} 上最多 {usable} 条（{channels} 通道 x {per_channel}）",
        ),
        Message(
            "taken",
            "{modules} DIMMs of the {usable} {cpu} on {board} takes",
            zh="{modules} 条内存，{cpu} 在 {board} 上最多可插 {usable} 条",
        ),
    )
    model = (at("dimms", 10),)
    quiet = True  # listed when it fails: RAM-7 says how the channels are populated

    listed = 535

    def constrain(self, model: Any, **site: Any) -> None:
        """At most the DIMMs the chosen CPU's and board's channels take."""
        for ck, cpu_ids in model.classes(model.cpus, lambda c: c.memory_channels).items():
            cvar = model.any_of(f"channels_{ck}", [model.cpu[i] for i in cpu_ids])
            for bi, board in enumerate(model.boards):
                cpu = model.cpus[cpu_ids[0]]
                model.m.add(model.dimms <= usable_dimms(cpu, board)).only_enforce_if([cvar, model.b[bi]])

    def check(self, cpu: Cpu, board: Motherboard, modules: int) -> Check:
        """No more DIMMs than the channels take (how evenly they sit is RAM-7's)."""
        usable = usable_dimms(cpu, board)
        channels = memory_channels_used(cpu, board)
        if modules > usable:
            return self.verdict(
                False,
                "too-many",
                modules=modules,
                cpu=cpu.name,
                board=board.name,
                usable=usable,
                channels=channels,
                per_channel=usable // max(channels, 1),
            )
        return self.verdict(True, "taken", modules=modules, usable=usable, cpu=cpu.name, board=board.name)

    def assess(self, build: BuildFacts) -> Check | None:
        return self.shown(self.check(build.cpu, build.board, build.modules))


def dimm_population(cpu: Cpu, board: Motherboard, modules: int) -> Check:
    return instance(DimmPopulation).check(cpu, board, modules)


@register
class ChannelBalance(Rule):
    """RAM-7. Unbalanced memory costs bandwidth: the memory controller interleaves only channels populated alike, so
    a read spread over every DIMM waits on the busiest channel (catalog.models.channels_read, which the estimate's
    host bandwidth reads too: estimate/host.py). The model forbids it (an "avoid" rule) unless the memory is the
    user's own; the check warns where a build has it (a CPU-only machine, a ready-made server, the user's own kit)."""

    id = "RAM-7"
    title = "memory channels populated equally: every channel the CPU and board wire holds the same number of DIMMs"
    severity = "avoid"
    sources = (
        "Intel, Xeon 5500 'Balanced vs. Unbalanced Memory Population': 'populate the same number of DIMMs for each "
        "channel and each socket'",
        "Dell, 'Balanced Memory with 2nd Generation Intel Xeon Scalable Processors' (2019): unbalanced 'can reduce "
        "memory bandwidth by up to 33%'",
        "Dell, 'Balanced Memory with 2nd Generation AMD EPYC Processors': 'all memory channels must be fully populated "
        "with one or two DIMMs'",
        "Lenovo Press LP2283, 'Balanced Memory Configurations with 5th Generation AMD EPYC Processors' (12 channels)",
    )
    reads = ("memory modules", "cpu.memory_channels", "board.memory_channels", "board.cpu_sockets")
    messages = (
        Message(
            "uneven",
            "{modules} modules on {channels} memory channels: a read gets {share:.0%} of the bandwidth; populate "
            "every channel evenly for full bandwidth",
            zh="{modules} 条内存插在 {channels} 个内存通道上：读取只有 {share:.0%} 的带宽；每个通道均匀插满才有全部带宽",
        ),
        Message(
            "uneven-from-ram",
            "{modules} modules on {channels} memory channels: decode reads the weights from RAM, so its speed is the "
            "memory bandwidth, {share:.0%} of it here; populate every channel evenly (one or two modules each)",
            zh="{modules} 条内存插在 {channels} 个内存通道上：解码从内存读取权重，速度取决于内存带宽，这里只有 "
            "{share:.0%}；每个通道须均匀插满（每通道一或两条）",
        ),
        Message(
            "even",
            "{modules} modules on {channels} memory channels ({per_channel} per channel)",
            zh="{modules} 条内存插在 {channels} 个内存通道上（每通道 {per_channel} 条）",
        ),
    )
    model = (at("dimms", 15),)

    listed = 536

    def constrain(self, model: Any, **site: Any) -> None:
        """Per class of CPUs (by channels) and board: the DIMMs a multiple of the channels both wire (RAM-4 bounds
        how many). The user's own kit is exempt: only a bought one is held to it."""
        owned = [i for i, (kit, _) in enumerate(model.mem_choices) if kit.owned]
        bought = [model.mem[i] for i in range(len(model.mem_choices)) if i not in owned]
        when = [model.any_of("bought_memory", bought)] if owned else []
        most = max((kit.record.modules * k for kit, k in model.mem_choices), default=0)
        for ck, cpu_ids in model.classes(model.cpus, lambda c: c.memory_channels).items():
            cvar = model.any_of(f"balanced_{ck}", [model.cpu[i] for i in cpu_ids])
            for bi, board in enumerate(model.boards):
                channels = memory_channels_used(model.cpus[cpu_ids[0]], board)
                evenly = model.cp.Domain.from_values(list(range(channels, max(most, channels) + 1, channels)))
                model.m.add_linear_expression_in_domain(model.dimms, evenly).only_enforce_if([cvar, model.b[bi], *when])

    def check(self, cpu: Cpu, board: Motherboard, modules: int, from_ram: bool = False) -> Check:
        """Every channel holds as many DIMMs as the next; else a warning, worded for decode from RAM (`from_ram`:
        experts or layers in RAM, or a CPU-only machine, where the bandwidth is the speed) or for weights in VRAM."""
        channels = memory_channels_used(cpu, board)
        if channels_balanced(modules, channels):
            return self.say("pass", "even", modules=modules, channels=channels, per_channel=modules // channels)
        share = channels_read(modules, channels) / max(channels, 1)
        return self.verdict(
            False, "uneven-from-ram" if from_ram else "uneven", modules=modules, channels=channels, share=share
        )

    def assess(self, build: BuildFacts) -> Check | None:
        return self.check(build.cpu, build.board, build.modules, from_ram=build.offloaded_bytes > 0)


def channel_balance(cpu: Cpu, board: Motherboard, modules: int, from_ram: bool = False) -> Check:
    return instance(ChannelBalance).check(cpu, board, modules, from_ram)


def memory_kind_key(kit: MemoryKit | Motherboard) -> Hashable:
    if isinstance(kit, MemoryKit):
        return (kit.memory_type, kit.module)
    return (kit.memory_type, kit.memory_module)


@register
class MemoryKind(Rule):
    id = "RAM-5"
    title = "the memory's kind (DDR generation, RDIMM or UDIMM) is the board's"
    severity = "fail"
    sources = ("board specifications",)
    reads = ("memory.memory_type", "memory.module", "board.memory_type", "board.memory_module")
    messages = (
        Message(
            "kind",
            "{kit_type} {kit_module} on a {board_type} {board_module} board",
            zh="{kit_type} {kit_module} 内存插在 {board_type} {board_module} 主板上",
        ),
    )
    model = (at("ram size", 20),)

    listed = 540

    def constrain(self, model: Any, **site: Any) -> None:
        """The kit's kind equals the board's, as one linking equality per kind (sorted: the order is deterministic)."""
        kinds = sorted(
            {memory_kind_key(b) for b in model.boards} | {memory_kind_key(kit.record) for kit, _ in model.mem_choices},
            key=str,
        )
        for kind in kinds:
            model.m.add(
                sum(model.b[i] for i, b in enumerate(model.boards) if memory_kind_key(b) == kind)
                == sum(
                    model.mem[i] for i, (kit, _) in enumerate(model.mem_choices) if memory_kind_key(kit.record) == kind
                )
            )

    def check(self, kit: MemoryKit, board: Motherboard) -> Check:
        return self.verdict(
            memory_kind_key(kit) == memory_kind_key(board),
            "kind",
            kit_type=kit.memory_type,
            kit_module=kit.module.upper(),
            board_type=board.memory_type,
            board_module=board.memory_module.upper(),
        )

    def assess(self, build: BuildFacts) -> Check | None:
        return self.check(build.memory, build.board)


def memory_board(kit: MemoryKit, board: Motherboard) -> Check:
    return instance(MemoryKind).check(kit, board)


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


@register
class BoardCase(Rule):
    id = "SLOT-4"
    title = "the board's size and width fit the case"
    severity = "fail"
    sources = ("Gamers Nexus: 'E-ATX is a lie' (SSI-EEB 12 x 13 in as the reference)",)
    reads = ("board.form_factor", "board.width_mm", "chassis.max_board", "chassis.max_board_width_mm")
    messages = (
        Message("own-board", "{chassis} comes with its own board", zh="{chassis} 自带主板"),
        Message(
            "not-own-board",
            "{chassis} comes with its own board, not {board}",
            zh="{chassis} 自带主板，不能换成 {board}",
        ),
        Message(
            "server-board", "{board} exists only inside its server chassis", zh="{board} 只装在它自己的服务器机箱里"
        ),
        Message(
            "size",
            "{board_size} board ({width_mm:.0f} mm) in a case taking up to {case_size} ({case_width_mm:.0f} mm)",
            zh="{board_size} 主板（{width_mm:.0f} mm）装进最大支持 {case_size}（{case_width_mm:.0f} mm）的机箱",
        ),
    )
    model = (at("case", 10),)

    listed = 315

    def check(self, board: Motherboard, chassis: Chassis) -> Check:
        """The board's form factor and width fit the case; a barebone takes only its own board."""
        if chassis.integrated_board:
            ok = board.id == chassis.integrated_board
            return self.verdict(ok, "own-board" if ok else "not-own-board", chassis=chassis.name, board=board.name)
        if is_server_board(board):
            return self.verdict(False, "server-board", board=board.name)
        fits = (
            BOARD_SIZES[board.form_factor] <= BOARD_SIZES[chassis.max_board]
            and board.width_mm <= chassis.max_board_width_mm + BOARD_WIDTH_SLACK_MM
        )
        return self.verdict(
            fits,
            "size",
            board_size=board_size_name(board.form_factor),
            width_mm=board.width_mm,
            case_size=board_size_name(chassis.max_board),
            case_width_mm=chassis.max_board_width_mm,
        )

    def constrain(self, model: Any, **site: Any) -> None:
        model.forbid_pairs(
            model.boards,
            model.b,
            board_size_key,
            model.chassis,
            model.h,
            lambda h: h.id,
            lambda board, ch: board_chassis(board, ch).status != "fail",
            "boardcase",
        )

    def assess(self, build: BuildFacts) -> Check | None:
        return self.check(build.board, build.chassis)


def board_chassis(board: Motherboard, chassis: Chassis) -> Check:
    return instance(BoardCase).check(board, chassis)


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

SHROUD_MAX_CARD_USD = 1500.0
"""The dearest passive card (its price per card as the plan pays it, in USD at the catalog's rates) that goes on the
open frame under a 25 USD 3D-printed shroud and blower: the frame is how hobbyists run cheap, used passive cards.
The builds it rests on are used cards of 72-1,100 USD: Tesla P40 at 170-260 USD and P100 at 72-170 (ariezlabs'
living-room P40, 2025; tinycomputers.io's four P40 at ~250 USD each), MI50 at 150 USD / 550 CNY (the v2ex three-MI50
frame, 2025-01-03, 3,140 CNY in all), V100 PCIe 32 GB at ~1,000 and MI100 at ~1,100 used (gpus.toml). Cards dearer
than that (A10, L4, L20, A40, A100 and A800 PCIe, MI210: 2,500-12,600 USD a card) are bought by labs and companies,
who put them in a server chassis built for passive cards (front-to-back airflow through a fan wall, the vendors'
qualified systems) rather than behind a duct no vendor rates: nobody puts 270,000 CNY of A800s on a shroud frame. An
estimate: no source states a ceiling; 1,500 USD sits above the dearest hobbyist card the catalog's sources show
(~1,100) and below the cheapest card only labs buy (the A10 at 2,800 used, 2026-08)."""


def shroud_cools(gpu: Gpu, chassis: Chassis, card_usd: float | None = None) -> bool:
    """COOL-2 in an open frame that ducts each passive card with its own blower shroud: only cards up to the kits' heat
    (SHROUD_MAX_TDP_W) and the cheap, used cards the frame is for (SHROUD_MAX_CARD_USD; `card_usd` None: not priced,
    an owned card the catalog has no price for)."""
    return chassis.kind != "open-frame" or (gpu.tdp_w <= SHROUD_MAX_TDP_W and not shroud_too_dear(card_usd))


def shroud_too_dear(card_usd: float | None) -> bool:
    """A passive card too dear for the shroud frame (SHROUD_MAX_CARD_USD): it goes in a server chassis."""
    return card_usd is not None and card_usd > SHROUD_MAX_CARD_USD


def needs_ducted(gpu: Gpu) -> bool:
    """COOL-2: a passive card has no fan of its own; only a ducted server chassis cools it."""
    return gpu.cooler == "passive"


def chassis_cooler_key(chassis: Chassis) -> Hashable:
    return (chassis.airflow, chassis.kind.startswith("rack"), chassis.kind == "open-frame")


@register
class CoolerCase(Rule):
    id = "COOL-3"
    title = "a fanless CPU heatsink only with ducted airflow; no AIO radiator in a rack"
    severity = "fail"
    sources = ("NVIDIA H100 PCIe product brief: passive heat sinks need system airflow (R4 applies to CPUs too)",)
    reads = ("cooler.needs_ducted_airflow", "cooler.radiator_mm", "chassis.airflow", "chassis.kind")
    messages = (
        Message(
            "fanless",
            "{cooler} has no fan: it needs a ducted server chassis, not a {kind}",
            zh="{cooler} 没有风扇：需要有风道的服务器机箱，不是 {kind}",
        ),
        Message(
            "radiator",
            "a {radiator_mm} mm radiator has no mounting in a {kind} chassis",
            zh="{radiator_mm} mm 水冷排在 {kind} 机箱里没有安装位",
        ),
        Message("cooled", "{cooler} is cooled in a {kind} ({airflow} airflow)"),
    )
    model = (at("cooler", 20),)

    listed = 565

    def check(self, cooler: Cooler, chassis: Chassis) -> Check:
        """A fanless server heatsink needs ducted server airflow (R4 applies to CPUs too); an AIO radiator has no
        mounting in a rack chassis."""
        if cooler.needs_ducted_airflow and (
            not ducted(chassis) or chassis.kind == "open-frame"
        ):  # a frame ducts its GPUs only
            return self.verdict(False, "fanless", cooler=cooler.name, kind=chassis.kind)
        if cooler.radiator_mm and chassis.kind.startswith("rack"):
            return self.verdict(False, "radiator", radiator_mm=cooler.radiator_mm, kind=chassis.kind)
        return self.verdict(True, "cooled", cooler=cooler.name, kind=chassis.kind, airflow=chassis.airflow)

    def constrain(self, model: Any, **site: Any) -> None:
        coolers = [cl.record for cl in model.c.coolers]
        model.forbid_pairs(
            coolers,
            model.cool,
            cooler_chassis_key,
            model.chassis,
            model.h,
            chassis_cooler_key,
            lambda cl, ch: cooler_chassis(cl, ch).status != "fail",
            "coolcase",
        )

    def assess(self, build: BuildFacts) -> Check | None:
        return self.check(build.cooler, build.chassis)


def cooler_chassis(cooler: Cooler, chassis: Chassis) -> Check:
    return instance(CoolerCase).check(cooler, chassis)


@register
class CpuCooler(Rule):
    id = "COOLER"
    title = "the CPU cooler mounts on the socket, carries the CPU's TDP, fits under the panel; server boards take server heatsinks"
    severity = "fail"
    sources = ("cooler specifications: socket list, rated TDP, height; case specifications: CPU cooler clearance",)
    reads = (
        "cooler.sockets",
        "cooler.max_tdp_w",
        "cooler.height_mm",
        "cooler.kind",
        "cpu.socket",
        "cpu.tdp_w",
        "chassis.max_cpu_cooler_height_mm",
        "board.form_factor",
    )
    messages = (
        Message("socket", "{cooler} has no {socket} mounting", zh="{cooler} 没有 {socket} 扣具"),
        Message(
            "rating",
            "cooler rated {rated_w:.0f} W for a {tdp_w:.0f} W CPU",
            zh="散热器额定 {rated_w:.0f} W，CPU 为 {tdp_w:.0f} W",
        ),
        Message(
            "height",
            "{height_mm:.0f} mm cooler under a {limit_mm:.0f} mm limit in {chassis}",
            zh="{height_mm:.0f} mm 高的散热器，{chassis} 限高 {limit_mm:.0f} mm",
        ),
        Message("fits", "{cooler} for a {tdp_w:.0f} W {socket} CPU", zh="{cooler} 用于 {tdp_w:.0f} W 的 {socket} CPU"),
        Message("board", "{cooler} on {board}", zh="{cooler} 装在 {board} 上"),
        Message(
            "server-board",
            "{cooler} on {board}: the server board takes a server heatsink",
            zh="{cooler} 装在 {board} 上：服务器主板要用服务器散热器",
        ),
    )
    model = (
        at("cooler", 10, part="cpu"),
        at("cooler", 30, part="board"),
    )

    listed = 560

    def check(self, cooler: Cooler, cpu: Cpu, chassis: Chassis) -> Check:
        """Socket, rated capacity, and height under the side panel or lid."""
        if cpu.socket not in cooler.sockets:
            return self.verdict(False, "socket", cooler=cooler.name, socket=cpu.socket)
        if cooler.max_tdp_w < cpu.tdp_w:
            return self.verdict(False, "rating", rated_w=cooler.max_tdp_w, tdp_w=cpu.tdp_w)
        limit = chassis.max_cpu_cooler_height_mm
        if limit is not None and (cooler.height_mm or 0) > limit:
            return self.verdict(False, "height", height_mm=cooler.height_mm, limit_mm=limit, chassis=chassis.name)
        return self.verdict(True, "fits", cooler=cooler.name, tdp_w=cpu.tdp_w, socket=cpu.socket)

    def check_board(self, cooler: Cooler, board: Motherboard) -> Check:
        """A GPU server's own board sits under a 4U lid and its ducts: server heatsinks only."""
        ok = not is_server_board(board) or cooler.kind.startswith("server")
        return self.verdict(ok, "board" if ok else "server-board", cooler=cooler.name, board=board.name)

    def constrain(self, model: Any, **site: Any) -> None:
        coolers = [cl.record for cl in model.c.coolers]
        if site.get("part") == "board":
            model.forbid_pairs(
                coolers,
                model.cool,
                lambda cl: cl.kind.startswith("server"),
                model.boards,
                model.b,
                is_server_board,
                lambda cl, b: cooler_board(cl, b).status != "fail",
                "coolboard",
            )
            return
        for ci, cooler in enumerate(coolers):
            for socket, svar in model.socket_var.items():
                if socket not in cooler.sockets:
                    model.m.add_bool_or([model.cool[ci].negated(), svar.negated()])
        model.m.add(
            sum(int(cooler.max_tdp_w) * model.cool[i] for i, cooler in enumerate(coolers)) >= model.socket_tdp_w
        )
        model.m.add(
            sum(int(cooler.height_mm or 0) * model.cool[i] for i, cooler in enumerate(coolers))
            <= sum(int(h.max_cpu_cooler_height_mm or 999) * model.h[i] for i, h in enumerate(model.chassis))
        )

    def assess(self, build: BuildFacts) -> tuple[Check, ...] | None:
        """The cooler on the CPU and under the panel, then (only when it fails) on the board."""
        on_board = self.check_board(build.cooler, build.board)
        cpu = self.check(build.cooler, build.cpu, build.chassis)
        return (cpu, on_board) if on_board.status == "fail" else (cpu,)


def cooler_cpu(cooler: Cooler, cpu: Cpu, chassis: Chassis) -> Check:
    return instance(CpuCooler).check(cooler, cpu, chassis)


def cooler_board(cooler: Cooler, board: Motherboard) -> Check:
    return instance(CpuCooler).check_board(cooler, board)


# ------------------------------------------------------------------ RAM size (RAM-1, RAM-3)

HOST_FILL = 0.90  # leave 10 % of RAM for the OS and page cache
OS_RAM_BYTES = 4e9
"""Inference beside the weights it maps (llama.cpp's default mmap: the weights ARE the page cache) or the engine's host
buffers: the OS's own working set. Ubuntu Desktop asks for "4 GB system memory" (https://ubuntu.com/download/desktop,
system requirements, read 2026-12-02) and Windows 11 for 4 GB (https://www.microsoft.com/windows/windows-11-specifications).
Measured: llama.cpp CPU-only with Qwen3-Coder-30B-A3B IQ4_NL (a 17.3 GB file) is 16.6 GB resident (top; Hacker News
item 45153697, 2025-09), so a 32 GB box holds the 18.6 GB Q4_K_M with its KV cache and the OS."""
MACOS_GPU_SPARE_BYTES = 8e9
"""What a Mac keeps for macOS when its GPU's wired limit is raised for a model (`sudo sysctl iogpu.wired_limit_mb=<MB>`,
until the next boot): 8 GB, as on a 48 GB MacBook Pro set to 40,960 MB to run a 40 GB model
(thinkdifferent.blog/blog/the-macbook-pro-setting-that-doubles-your-ai-performance, read 2026-12-04). Set higher, a
96 GB M2 Max at 92,160 MB swapped under a long-context llama.cpp job (trendradar.finepocket.app/item/29883): 4 GB is
too little beside a desktop session. macOS's own default wires ~75 % of larger Macs' memory (catalog
gpu_memory_fraction)."""
TRAINER_SPARE_BYTES = 16e9
"""Training with states offloaded to the CPU: beside them the trainer's pinned staging buffers, dataloader workers and
the OS. An estimate (no published measurement found; 2e80e5c's round number), kept until one is."""


LOAD_SPIKE_SWAP_BYTES = 16 * 2**30
"""A start-up peak measured as the whole machine's RAM in use (estimator._measured_offload_peak: Answer.AI's fsdp_qlora,
"just over 128GB" for a 70B with its shards offloaded) is held by RAM plus a swap file: "If you only have 128GB
available, we recommend making a 10-20GB swap file to accommodate the initial spike in usage" (AnswerDotAI/fsdp_qlora
README @bc91ebe, 2024-05-06); the benchmark rig trained that way on 128 GB with a 10 GB swap file (benchmarks_03_2024.md).
The middle of the README's range."""
LOAD_SPIKE_FRAMEWORKS = ("fsdp-qlora",)
"""The frameworks whose offloaded QLoRA host figure is such a measured start-up peak (frameworks.Framework
offload_host_per_base_byte; named here because the rulebook reads the workload as the estimate reports it)."""


def load_spike(workload: Mapping[str, object]) -> bool:
    """The job's host RAM figure is a measured start-up peak that a swap file may top (LOAD_SPIKE_SWAP_BYTES)."""
    return (
        workload.get("framework") in LOAD_SPIKE_FRAMEWORKS
        and workload.get("method") == "qlora"
        and workload.get("offload") == "cpu"
    )


def host_ram_needed(job_bytes: float, *, training: bool, spike: bool = False) -> float:
    """The RAM a machine needs for `job_bytes` kept in it (RAM-3): the job within HOST_FILL of it, and beside it the
    OS (inference: OS_RAM_BYTES) or the trainer's buffers (TRAINER_SPARE_BYTES). The planner's rule and the estimate's
    fit check (estimate/offload.py) both read this. A measured start-up peak (`spike`, load_spike) already counts the
    trainer's buffers and the OS, and a swap file takes its top: the peak less LOAD_SPIKE_SWAP_BYTES."""
    if spike and job_bytes:
        return max(job_bytes - LOAD_SPIKE_SWAP_BYTES, 0.0)
    spare = TRAINER_SPARE_BYTES if training else OS_RAM_BYTES
    return max(job_bytes / HOST_FILL, job_bytes + spare) if job_bytes else 0.0


def ram_needed_gb(
    vram_gb: float,
    host_ram_bytes: int,
    vram_floor_gb: float | None = None,
    *,
    training: bool,
    spike: bool = False,
) -> float:
    """RAM-1 and RAM-3: at least the total VRAM (loading goes through RAM), and whatever the job
    keeps in RAM (offloaded layers, experts or optimizer states) with room for the OS, as the
    estimate's own fit check counts it (host_ram_needed: one rule for both). `vram_floor_gb` (an
    engine that streams weights to the GPUs: the RAM-1 rule object's floor): the VRAM only up to it."""
    vram = min(vram_gb, vram_floor_gb) if vram_floor_gb is not None else vram_gb
    return max(vram, host_ram_needed(host_ram_bytes, training=training, spike=spike) / MODULE_GB_BYTES)
