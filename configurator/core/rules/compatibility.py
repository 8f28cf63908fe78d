"""Pairwise compatibility and placement rules whose check is written once in solve/compat.py (or the
placement search, solve/slots.py) and whose model part is a table of classes (docs/build-rules.md)."""

from __future__ import annotations

from typing import Any

from configurator.core.rules import compat
from configurator.core.rules.base import Rule, register


@register
class CpuBoard(Rule):
    id = "CPU-2"
    title = "the CPU fits the board's socket, memory kind and CPU support list"
    severity = "fail"
    sources = ("board vendors' CPU support lists",)
    reads = ("cpu.socket", "cpu.memory_type", "cpu.family", "board.socket", "board.memory_type", "board.cpu_families")
    messages = ()  # compat.cpu_board
    model = "BuildModel._platform"

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
            compat.cpu_key,
            model.boards,
            model.b,
            compat.board_cpu_key,
            lambda cpu, board: compat.cpu_board(cpu, board).status != "fail",
            "cpuboard",
        )


@register
class BoardCase(Rule):
    id = "SLOT-4"
    title = "the board's size and width fit the case"
    severity = "fail"
    sources = ("Gamers Nexus: 'E-ATX is a lie' (SSI-EEB 12 x 13 in as the reference)",)
    reads = ("board.form_factor", "board.width_mm", "chassis.max_board", "chassis.max_board_width_mm")
    messages = ()  # compat.board_chassis
    model = "BuildModel._chassis"

    def constrain(self, model: Any, **site: Any) -> None:
        model.forbid_pairs(
            model.boards,
            model.b,
            compat.board_size_key,
            model.chassis,
            model.h,
            lambda h: h.id,
            lambda board, ch: compat.board_chassis(board, ch).status != "fail",
            "boardcase",
        )


@register
class CoolerCase(Rule):
    id = "COOL-3"
    title = "a fanless CPU heatsink only with ducted airflow; no AIO radiator in a rack"
    severity = "fail"
    sources = ("NVIDIA H100 PCIe product brief: passive heat sinks need system airflow (R4 applies to CPUs too)",)
    reads = ("cooler.needs_ducted_airflow", "cooler.radiator_mm", "chassis.airflow", "chassis.kind")
    messages = ()  # compat.cooler_chassis
    model = "BuildModel._cpu_cooler"

    def constrain(self, model: Any, **site: Any) -> None:
        coolers = [cl.record for cl in model.c.coolers]
        model.forbid_pairs(
            coolers,
            model.cool,
            compat.cooler_chassis_key,
            model.chassis,
            model.h,
            compat.chassis_cooler_key,
            lambda cl, ch: compat.cooler_chassis(cl, ch).status != "fail",
            "coolcase",
        )


class _InBuilder(Rule):
    """A rule whose constraints the builder step named in `model` still writes itself, marked with the rule's id."""

    severity = "fail"
    messages = ()


@register
class Placement(_InBuilder):
    id = "SLOT-1"
    title = (
        "the cards fit the board's slots without overlap (a free slot between open-air cards), at x8 for collectives"
    )
    sources = ("ZOTAC: 'allow at least a 1 PCIe slot of gap' between open-air cards", "CraftRigs: x8/x8 fine, avoid x4")
    reads = ("board.pcie_slots", "gpu.slot_width", "gpu.cooler", "gpus", "split")
    model = "BuildModel._gpu_geometry"


@register
class Openings(_InBuilder):
    id = "SLOT-2"
    title = "the case has an opening for every slot the cards cover"
    sources = ("Hardware Secrets, ASUS X99-PRO: a dual-slot card in the fourth x16 slot needs an eight-slot case",)
    reads = ("placement", "chassis.expansion_slots")
    model = "BuildModel._gpu_geometry"


@register
class Risers(_InBuilder):
    id = "SLOT-5"
    title = "cards hang on risers only from an open frame"
    sources = ("WOPR: 'risers suck'; Gen4 needs rated, short risers", "Lambda: extenders are a transport risk")
    reads = ("risers", "chassis.kind")
    model = "BuildModel._gpu_geometry"


@register
class RamForGpus(_InBuilder):
    id = "RAM-1"
    title = "system RAM at least the VRAM (a streaming engine: up to 64 GB of it) and what the job keeps in RAM"
    sources = ("Puget Systems: at least as much RAM as VRAM",)
    reads = ("memory total", "gpu.vram_gb", "gpus", "host_ram_bytes", "engine")
    model = "BuildModel._memory"


@register
class DimmPopulation(_InBuilder):
    id = "RAM-4"
    title = "at most two DIMMs per channel; every channel populated evenly when decode reads weights from RAM"
    sources = ("'Single-channel halves memory bandwidth' (build rules R28)",)
    reads = ("memory modules", "cpu.memory_channels", "board.dimm_slots")
    model = "BuildModel._memory"


@register
class MemoryKind(_InBuilder):
    id = "RAM-5"
    title = "the memory's kind (DDR generation, RDIMM or UDIMM) is the board's"
    sources = ("board specifications",)
    reads = ("memory.memory_type", "memory.module", "board.memory_type", "board.memory_module")
    model = "BuildModel._memory"


@register
class BoardMemory(_InBuilder):
    id = "RAM-6"
    title = "RAM within the board's maximum and DIMM slots"
    sources = ("board specifications",)
    reads = ("memory total", "memory modules", "board.max_memory_gb", "board.dimm_slots")
    model = "BuildModel._memory"
