"""Placement and memory rules (docs/build-rules.md), each with its part of the CP-SAT model; the pairwise
compatibility rules (CPU-2, RAM-4, RAM-7, RAM-5, SLOT-4, COOL-3) live with their predicates in rules/compat.py and are named
here too."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from configurator.core.catalog.models import Cpu, Motherboard
from configurator.core.rules.base import Message, Rule, Severity, Verdict, at, register
from configurator.core.rules.compat import LOAD_SPIKE_SWAP_BYTES, MODULE_GB_BYTES, load_spike, ram_needed_gb
from configurator.core.rules.compat import BoardCase as BoardCase
from configurator.core.rules.compat import ChannelBalance as ChannelBalance
from configurator.core.rules.compat import CoolerCase as CoolerCase
from configurator.core.rules.compat import CpuBoard as CpuBoard
from configurator.core.rules.compat import DimmPopulation as DimmPopulation
from configurator.core.rules.compat import MemoryKind as MemoryKind
from configurator.core.rules.facts import BuildFacts, OptionNeed


@register
class Placement(Rule):
    id = "SLOT-1"
    title = (
        "the cards fit the board's slots without overlap (a free slot between open-air cards), at x8 for collectives"
    )
    severity = "fail"
    sources = ("ZOTAC: 'allow at least a 1 PCIe slot of gap' between open-air cards", "CraftRigs: x8/x8 fine, avoid x4")
    reads = ("board.pcie_slots", "gpu.slot_width", "gpu.cooler", "gpus", "split", "card_widths", "card_coolers")
    messages = (
        Message(
            "bays", "{gpus} cards in the server's double-width GPU bays", zh="{gpus} 张卡装在服务器的双宽 GPU 仓位中"
        ),
        Message(
            "overlap",
            lambda f: (
                f"{f['width']}-slot cards in slots {_slots(f)} overlap"
                if len(set(f.get("widths", ()))) < 2
                else "; ".join(_overlap(f, i) for i in short_pairs(f, 0))
            ),
        ),
        Message(
            "no-gap",
            lambda f: (
                "open-air cards without a free slot between them starve each other's fans"
                if len(set(f.get("widths", ()))) < 2 and len(set(f.get("coolers", ()))) < 2
                else "; ".join(_no_gap(f, i) for i in short_pairs(f, 1))
            ),
        ),
        Message(
            "placed",
            lambda f: (
                f"{f['width']}-slot {f['cooler']} cards in slots {_slots(f)}" + _gap(f)
                if len(f["positions"]) > 1
                else f"a {f['width']}-slot {f['cooler']} card in slot {_slots(f)}"
            ),
        ),
        Message("placed-each", lambda f: _each(f)),
    )
    model = (at("place", 20),)
    agrees_with = ("SLOT-2", "SLOT-5")

    listed = 301

    def constrain(self, model: Any, **site: Any) -> None:
        """One class of GPU options (`cards`) on one class of boards (`board`), given where the cards sit in their
        slots (`normal`) and on risers (`risers`), None where they cannot: seated, on risers, or not on that board."""
        cards, board, normal, risers = site["cards"], site["board"], site["normal"], site["risers"]
        if normal is None and risers is None:
            model.m.add_bool_or([cards.negated(), board.negated()])
        elif normal is None:
            model.m.add_bool_or([cards.negated(), board.negated(), model.needs_risers])
        elif risers is None:
            model.m.add_bool_or([cards.negated(), board.negated(), model.needs_risers.negated()])

    def assess(self, build: BuildFacts) -> Verdict | None:
        """In a GPU server's bays, or seated in the board's slots (cards on risers: SLOT-5 says where they hang)."""
        b = build
        if b.in_bays:
            return self.say("pass", "bays", gpus=b.gpus)
        if b.risers:
            return None
        seated = _seated(b)  # each card's width, cooler and slot, the gaps below them: the fields every verdict carries
        if b.slot_gaps and min(b.slot_gaps) < 0:
            return self.say("fail", "overlap", width=b.slot_width, **seated)
        coolers = seated["coolers"]
        if any(cooler == "open-air" and gap < 1 for cooler, gap in zip(coolers, b.slot_gaps, strict=False)):
            return self.say("warn", "no-gap", width=b.slot_width, **seated)
        if b.card_coolers:  # a mix: each card by its own width and cooler (round 48)
            return self.say("pass", "placed-each", **seated)
        return self.say("pass", "placed", width=b.slot_width, cooler=b.gpu.cooler, **seated)


def _seated(b: BuildFacts) -> dict[str, Any]:
    """Each seated card top to bottom: its width (`widths`), cooler (`coolers`) and slot (`positions`), the free slots
    between neighbours (`gaps`, negative: they overlap) and the case's openings left under the bottom card (`floor`).
    SLOT-1's verdicts carry them so that what renders it (the check's words, the window's slot-map legend) reads one
    measure: a mix's cards each their own (round 49)."""
    n = len(b.slot_positions)
    widths = b.card_widths or (b.slot_width,) * n
    floor = b.chassis.expansion_slots - (b.slot_positions[-1] + widths[-1] - 1) if n else 0
    return {
        "widths": tuple(widths),
        "coolers": b.card_coolers or (b.gpu.cooler,) * n,
        "positions": b.slot_positions,
        "gaps": tuple(b.slot_gaps),
        "floor": floor,
    }


@register
class Openings(Rule):
    id = "SLOT-2"
    title = "the case has an opening for every slot the cards cover"
    severity = "fail"
    sources = ("Hardware Secrets, ASUS X99-PRO: a dual-slot card in the fourth x16 slot needs an eight-slot case",)
    reads = ("placement", "chassis.expansion_slots")
    messages = (
        Message(
            "openings",
            "the last card reaches opening {needed} of the case's {openings}",
            zh="最后一张卡占到机箱第 {needed} 个挡板位（共 {openings} 个）",
        ),
    )
    model = (at("place", 10), at("geometry", 20))
    agrees_with = ("SLOT-1", "SLOT-5")

    listed = 303

    def constrain(self, model: Any, **site: Any) -> None:
        """With a class of options and boards (`cards`, `board`, `normal` as SLOT-1's): the cards seated in their
        slots reach `normal.openings_needed`; without: the openings reached are within the chosen case's."""
        if "normal" in site:
            if site["normal"] is None:
                return  # the cards sit on risers or nowhere: no slot to reach
            cards, board = site["cards"], site["board"]
            model.m.add(model.openings >= site["normal"].openings_needed).only_enforce_if(
                [cards, board, model.needs_risers.negated()]
            )
            return
        model.m.add(model.openings <= sum(h.expansion_slots * model.h[i] for i, h in enumerate(model.chassis)))

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.in_bays or build.risers:
            return None
        ok = build.openings_needed <= build.chassis.expansion_slots
        return self.say(
            "pass" if ok else "fail", "openings", needed=build.openings_needed, openings=build.chassis.expansion_slots
        )


@register
class Risers(Rule):
    id = "SLOT-5"
    title = "cards hang on risers only from an open frame"
    severity = "fail"
    sources = ("WOPR: 'risers suck'; Gen4 needs rated, short risers", "Lambda: extenders are a transport risk")
    reads = ("risers", "chassis.kind")
    messages = (
        Message(
            "risers",
            "cards on Gen4-rated riser cables in an open frame: keep risers short, check link width with nvidia-smi",
            zh="显卡用 Gen4 延长线装在开放式机架上：延长线尽量短，用 nvidia-smi 检查链路宽度",
        ),
        Message("no-frame", "cards on riser cables in a {kind}: risers hang only from an open frame"),
    )
    model = (at("geometry", 10),)
    agrees_with = ("SLOT-1", "SLOT-2")

    listed = 302

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(model.needs_risers <= model.open_frame)

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.in_bays or not build.risers:
            return None
        if build.chassis.kind == "open-frame":
            return self.say("warn", "risers")
        return self.say("fail", "no-frame", kind=build.chassis.kind)


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
        Message("ram", "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM", zh="{ram_gb} GB 内存，显存共 {vram_gb:g} GB"),
        Message(
            "streamed",
            "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM: {engine} streams the weights from disk to the GPUs, so "
            "loading takes longer (keep llama.cpp's default mmap; no --no-mmap)",
            zh=(
                "{ram_gb} GB 内存，显存共 {vram_gb:g} GB：{engine} 从磁盘把权重流式送到显卡，加载更慢"
                "（保留 llama.cpp 默认的 mmap，不要加 --no-mmap）"
            ),
        ),
        Message(
            "streamed-served",
            "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM: {engine} streams the weights from disk to the GPUs, so "
            "loading takes longer",
            zh="{ram_gb} GB 内存，显存共 {vram_gb:g} GB：{engine} 从磁盘把权重流式送到显卡，加载更慢",
        ),
        Message(
            "short",
            "{ram_gb} GB RAM for {vram_gb:g} GB of VRAM (needs {needed_gb:.0f} GB)",
            zh="{ram_gb} GB 内存，显存共 {vram_gb:g} GB（需要 {needed_gb:.0f} GB）",
        ),
    )
    model = (at("ram size", 10),)

    listed = 520

    def streamed_floor(self, workload: Mapping[str, object]) -> float | None:
        """The RAM floor of an inference engine that streams weights (STREAM_RAM_FLOOR_GB), else None."""
        engine = workload.get("engine")
        if workload.get("kind") != "inference" or not isinstance(engine, str):
            return None
        return STREAM_RAM_FLOOR_GB.get(engine)

    def severity_for(self, workload: Mapping[str, object]) -> Severity:
        """Less RAM than VRAM: a failure where the loader holds a full copy, a warning where weights stream."""
        return "warn" if self.streamed_floor(workload) is not None else "fail"

    bounds = ("memory",)

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        """A kit of `part` GB holds the RAM the option needs, rounded up to a whole GB as the model's sizes are."""
        return part >= math.ceil(self.needed_gb(need.vram_gb, need.host_ram_bytes, need.workload) - 1e-9)

    def needed_gb(self, vram_gb: float, host_ram_bytes: int, workload: Mapping[str, object]) -> float:
        """The RAM the model asks for: the VRAM (up to a streaming engine's floor) and what the job keeps in RAM."""
        training = workload.get("kind") not in (None, "inference")
        return ram_needed_gb(
            vram_gb, host_ram_bytes, self.streamed_floor(workload), training=training, spike=load_spike(workload)
        )

    def constrain(self, model: Any, **site: Any) -> None:
        """The chosen RAM at least what the chosen option needs (exactly one option is chosen: one sum says it)."""
        model.m.add(
            model.ram_gb
            >= sum(
                int(math.ceil(self.needed_gb(o.vram_gb, o.estimate.host_ram_bytes, o.estimate.workload) - 1e-9))
                * model.o[i]
                for i, o in enumerate(model.options)
            )
        )

    def check(self, ram_gb: int, vram_gb: float, host_ram_bytes: int, workload: Mapping[str, object]) -> Verdict:
        if ram_gb >= vram_gb:
            return self.say("pass", "ram", ram_gb=ram_gb, vram_gb=vram_gb)
        needed = self.needed_gb(vram_gb, host_ram_bytes, workload)
        if ram_gb >= needed and self.severity_for(workload) == "warn":
            # llama.cpp's mmap advice is llama.cpp's: vLLM's loader has no such flag (it had been told to vLLM's builds)
            code = "streamed" if workload.get("engine") == "llama.cpp" else "streamed-served"
            return self.say("warn", code, ram_gb=ram_gb, vram_gb=vram_gb, engine=workload.get("engine"))
        return self.say("fail", "short", ram_gb=ram_gb, vram_gb=vram_gb, needed_gb=max(needed, vram_gb))

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.ram_gb, build.vram_gb, build.host_ram_bytes, build.workload)


@register
class BoardMemory(Rule):
    id = "RAM-6"
    title = "RAM within the board's maximum and DIMM slots, and within what the CPU addresses"
    severity = "fail"
    sources = (
        "board specifications",
        "CPU specifications: the maximum memory per socket (e.g. Intel's Core i5-12400F, 128 GB; AMD's AM5 Ryzen, 192 GB)",
    )
    reads = (
        "memory total",
        "memory modules",
        "board.max_memory_gb",
        "board.dimm_slots",
        "cpu.max_memory_gb",
        "sockets",
    )
    messages = (
        Message(
            "slots",
            "{modules} of {slots} DIMM slots, {ram_gb} of {max_gb} GB",
            zh="用了 {slots} 个内存插槽中的 {modules} 个，{ram_gb} GB（主板最大 {max_gb} GB）",
        ),
        Message(
            "cpu-max",
            "{ram_gb} GB of RAM is more than the {cpu} addresses ({cpu_max_gb} GB)",
            zh="{ram_gb} GB 内存超过 {cpu} 可寻址的上限（{cpu_max_gb} GB）",
        ),
    )
    model = (at("dimms", 20),)
    agrees_with = ("RAM-4",)  # its check counts the DIMM slots too, which the model bounds through RAM-4's usable DIMMs

    listed = 545

    def constrain(self, model: Any, **site: Any) -> None:
        """The RAM within the chosen board's maximum (its DIMM slots: RAM-4's count of usable DIMMs) and within the
        chosen CPU's (per socket: a second socket's CPU addresses its own). Before round 33 only the board bounded it,
        and a Core i5-12400F (128 GB) got 192 GB of DDR5 that the estimate's host check then refused."""
        model.m.add(model.ram_gb <= sum(b.max_memory_gb * model.b[i] for i, b in enumerate(model.boards)))
        model.m.add(model.ram_gb <= model.per_cpu(lambda c: c.max_memory_gb))

    def assess(self, build: BuildFacts) -> Verdict | None:
        b = build
        return self.judge(b.board, b.cpu, b.sockets, b.modules, b.ram_gb)

    def judge(self, board: Motherboard, cpu: Cpu, sockets: int, modules: int, ram_gb: int) -> Verdict:
        """The verdict on `ram_gb` in `modules` DIMMs on this board and CPU(s): a GPU build's and a CPU-only one's."""
        cpu_max_gb = cpu_memory_gb(cpu, sockets)
        if ram_gb > cpu_max_gb:
            return self.say("fail", "cpu-max", ram_gb=ram_gb, cpu=cpu.name, cpu_max_gb=cpu_max_gb)
        ok = modules <= board.dimm_slots and ram_gb <= board.max_memory_gb
        return self.say(
            "pass" if ok else "fail",
            "slots",
            modules=modules,
            slots=board.dimm_slots,
            ram_gb=ram_gb,
            max_gb=board.max_memory_gb,
        )


def cpu_memory_gb(cpu: Cpu, sockets: int = 1) -> int:
    """The RAM the CPU(s) address: the catalog's maximum is per socket (a dual-socket board holds two)."""
    return cpu.max_memory_gb * max(1, sockets)


def _slots(f: Mapping[str, Any], sep: str = ", ") -> str:
    """The cards' slot numbers as a reader writes them, "2, 7" ("2、7" in Chinese), not a Python list ("[2, 7]", walk14;
    reasons.slot_list for the part reasons)."""
    return sep.join(str(p) for p in f["positions"])


def _each(f: Mapping[str, Any]) -> str:
    """A mix's cards, each by its own width and cooler: "a 3-slot open-air card in slot 2, a 2-slot blower card in slot
    7 with a free slot below the open-air card" (round 48: the envelope's one width and cooler named a card not there)."""
    cards = zip(f["widths"], f["coolers"], f["positions"], strict=True)
    said = ", ".join(f"a {w}-slot {c} card in slot {p}" for w, c, p in cards)
    return said + (" with a free slot below each open-air card" if "open-air" in f["coolers"][:-1] else "")


def short_pairs(f: Mapping[str, Any], room: int) -> list[int]:
    """The upper cards of the neighbouring pairs with fewer than `room` free slots between them (0: the pairs that
    overlap; 1: an open-air card with no free slot under its fans)."""
    return [i for i, gap in enumerate(f["gaps"]) if gap < room and (room == 0 or f["coolers"][i] == "open-air")]


def _overlap(f: Mapping[str, Any], i: int) -> str:
    """Card `i` and the one below it that its own width reaches, each by its width and cooler (a mix, round 49)."""
    w, c, p = f["widths"], f["coolers"], f["positions"]
    return (
        f"the {w[i]}-slot {c[i]} card in slot {p[i]} (slots {p[i]}-{p[i] + w[i] - 1}) and the {w[i + 1]}-slot "
        f"{c[i + 1]} card in slot {p[i + 1]} overlap"
    )


def _no_gap(f: Mapping[str, Any], i: int) -> str:
    """Open-air card `i` with no free slot above the card below it, each by its width and cooler (round 49)."""
    w, c, p = f["widths"], f["coolers"], f["positions"]
    return (
        f"the {w[i]}-slot {c[i]} card in slot {p[i]} has no free slot between it and the {w[i + 1]}-slot "
        f"{c[i + 1]} card in slot {p[i + 1]}: its fans starve"
    )


def _gap(f: Mapping[str, Any]) -> str:
    return " with a free slot between them" if f["cooler"] == "open-air" and len(f["positions"]) > 1 else ""


@register
class RamTwiceVram(Rule):
    id = "RAM-2"
    title = "system RAM twice the VRAM"
    severity = "warn"
    sources = ("'at least 2x your VRAM' (build rules, RAM-2)",)
    reads = ("memory total", "gpu.vram_gb", "gpus")
    messages = (
        Message(
            "twice",
            "{ram_gb} GB RAM; 2x VRAM would be {twice_gb:g} GB",
            zh="{ram_gb} GB 内存；显存的 2 倍是 {twice_gb:g} GB",
        ),
    )
    listed = 525

    def assess(self, build: BuildFacts) -> Verdict | None:
        twice = 2 * build.vram_gb
        return self.say("pass" if build.ram_gb >= twice else "warn", "twice", ram_gb=build.ram_gb, twice_gb=twice)


_KEPT = {
    "offload": "what the trainer offloads to the CPU",
    "weights": "weights read from RAM and llama.cpp's host buffers",
    "buffers": "the engine's host buffers",
}
"""RAM-3: what a job keeps in system RAM, by kind."""


@register
class RamForJob(Rule):
    id = "RAM-3"
    title = "system RAM holds what the job keeps there (offloaded layers or experts, optimizer states, host buffers)"
    severity = "fail"
    sources = ("the estimator's host RAM, with room for the OS (rules/compat.py host_ram_needed)",)
    reads = ("memory total", "estimate.host_ram_bytes")
    messages = (
        Message(
            "kept",
            lambda f: (
                f"{f['kept_gb']:.0f} GB kept in system RAM ({_KEPT[f['what']]}): needs {f['need_gb']:.0f} GB of RAM"
            ),
        ),
        Message(
            "spike",
            "{kept_gb:.0f} GB of system RAM at start-up ({runner} loads one copy of the model before sharding): "
            "{ram_gb} GB of RAM and a {swap_gb:.0f} GB swap file hold it, as its README advises (make the swap file "
            "before the first run)",
            zh="启动时占用 {kept_gb:.0f} GB 系统内存（{runner} 分片前先载入一份完整模型）：{ram_gb} GB 内存加一个 "
            "{swap_gb:.0f} GB 交换文件即可容纳，与其 README 的建议相同（首次运行前先建好交换文件）",
        ),
        Message(
            "cpu-only",
            "{kept_gb:.1f} GB of weights, KV cache and buffers in RAM: needs {need_gb:.0f} GB, has {ram_gb} GB",
            zh="{kept_gb:.1f} GB 的权重、KV 缓存和缓冲放在内存中：需要 {need_gb:.0f} GB，现有 {ram_gb} GB",
        ),
    )
    listed = 530

    def assess(self, build: BuildFacts) -> Verdict | None:
        if not build.host_ram_bytes:
            return None
        return self.kept(build.host_ram_bytes, build.offloaded_bytes, build.ram_gb, build.workload)

    def kept(self, host_ram_bytes: int, offloaded_bytes: float, ram_gb: float, workload: Mapping[str, Any]) -> Verdict:
        """The verdict on `ram_gb` of RAM holding what the job keeps there: a build from parts (assess) and a used
        workstation base, whose RAM is the base's own (solve/bases.py), read this one rule."""
        training = workload.get("kind") != "inference"
        spike = load_spike(workload)
        need = ram_needed_gb(0, host_ram_bytes, training=training, spike=spike)
        what = "offload" if training else "weights" if offloaded_bytes else "buffers"
        kept = host_ram_bytes / MODULE_GB_BYTES
        if spike and need <= ram_gb < kept:
            # the measured start-up peak is over the RAM: the swap file the README advises takes the rest
            runner = str(workload.get("framework"))
            swap = LOAD_SPIKE_SWAP_BYTES / MODULE_GB_BYTES
            return self.say("warn", "spike", kept_gb=kept, ram_gb=ram_gb, swap_gb=swap, runner=runner)
        return self.say("pass" if ram_gb >= need else "fail", "kept", kept_gb=kept, what=what, need_gb=need)
