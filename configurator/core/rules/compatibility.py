"""Pairwise compatibility and placement rules whose check is written once in solve/compat.py (or the
placement search, solve/slots.py) and whose model part is a table of classes (docs/build-rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configurator.core.rules.base import Message, Rule, Severity, Verdict, register
from configurator.core.solve import compat


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


STREAM_RAM_FLOOR_GB: Mapping[str, float] = {"llama.cpp": 32.0, "vllm": 64.0}
"""Inference engines that stream weights to the GPUs instead of holding a full copy in RAM, and the RAM-1 floor each
asks for (the VRAM up to this much: the OS, the engine, the page cache of a load). llama.cpp maps the GGUF file
(mmap, its default; `--no-mmap` reads it into RAM) and copies each tensor to its device: the dual-3090 guide asks
"RAM 32GB minimum, 64GB recommended for large context" for 48 GB of VRAM (dev.to, Thurmon Demich, "How to Run Two
RTX 3090s for LLM Inference in 2026", read 2026-12-02). vLLM's loader iterates the safetensors shards tensor by
tensor (model_loader weight iterators), with CPU swap and pinned buffers per GPU: 64 GB."""


@register
class RamForGpus(Rule):
    """RAM-1. Its severity depends on the job (`severity_for`): a loader that holds a full copy of the weights in
    RAM (transformers, every trainer) fails below the VRAM; an engine that streams them (STREAM_RAM_FLOOR_GB) only
    loads slower, so below the VRAM is a warning down to that engine's floor. The CP-SAT model (solver.py), the
    search's bound (lazy.py) and the check (rules.py) all ask this object (`needed_gb`, `check`)."""

    id = "RAM-1"
    title = (
        "system RAM at least the VRAM (an engine that streams weights: up to its floor, a warning below the VRAM) "
        "and what the job keeps in RAM"
    )
    severity = "fail"
    sources = (
        "Puget Systems: at least as much RAM as VRAM",
        "dev.to (2026): two RTX 3090 on llama.cpp, 'RAM 32GB minimum, 64GB recommended for large context'",
    )
    reads = ("memory total", "gpu.vram_gb", "gpus", "host_ram_bytes", "workload.kind", "workload.engine")
    messages = (
        Message("enough", "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM"),
        Message(
            "streamed",
            "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM: {engine} streams the weights from disk to the GPUs, so "
            "loading takes longer (keep llama.cpp's default mmap; no --no-mmap)",
        ),
        Message("short", "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM (needs {needed_gb:.0f} GB)"),
    )
    model = "BuildModel._memory"

    def streamed_floor(self, workload: Mapping[str, object]) -> float | None:
        """The RAM floor of an inference engine that streams weights (STREAM_RAM_FLOOR_GB), else None."""
        engine = workload.get("engine")
        if workload.get("kind") != "inference" or not isinstance(engine, str):
            return None
        return STREAM_RAM_FLOOR_GB.get(engine)

    def severity_for(self, workload: Mapping[str, object]) -> Severity:
        """Less RAM than VRAM: a failure where the loader holds a full copy, a warning where weights stream."""
        return "warn" if self.streamed_floor(workload) is not None else "fail"

    def needed_gb(self, vram_gb: float, host_ram_bytes: int, workload: Mapping[str, object]) -> float:
        """The RAM the model asks for: the VRAM (up to a streaming engine's floor) and what the job keeps in RAM."""
        return compat.ram_needed_gb(vram_gb, host_ram_bytes, self.streamed_floor(workload))

    def check(self, ram_gb: int, vram_gb: float, host_ram_bytes: int, workload: Mapping[str, object]) -> Verdict:
        if ram_gb >= vram_gb:
            return self.say("pass", "enough", ram_gb=ram_gb, vram_gb=vram_gb)
        needed = self.needed_gb(vram_gb, host_ram_bytes, workload)
        if ram_gb >= needed and self.severity_for(workload) == "warn":
            return self.say("warn", "streamed", ram_gb=ram_gb, vram_gb=vram_gb, engine=workload.get("engine"))
        return self.say("fail", "short", ram_gb=ram_gb, vram_gb=vram_gb, needed_gb=max(needed, vram_gb))


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
