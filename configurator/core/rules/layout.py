"""Slot, lane and storage rules (docs/build-rules.md, Slots and PCIe): card length and count in the case,
open frames, CPU lanes, platforms for three or more GPUs, U.2 drives and M.2 sockets."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.models import Chassis, Motherboard
from configurator.core.rules.base import Message, Rule, Verdict, at, register
from configurator.core.rules.facts import BuildFacts, OptionNeed


def _zh_word(word: object) -> str:
    """A field's word inside Chinese: spaced when it is Latin ("用在 HEDT 平台上"), not when check_text gave it in
    Chinese ("用在服务器平台上", not "用在 服务器 平台上", walk14)."""
    text = str(word)
    return f" {text} " if text.isascii() else text


ANY_NUMBER = 64  # the most cards the model's count variable holds: "no limit" for a case


@register
class CaseFit(Rule):
    id = "SLOT-3"
    title = "the cards are no longer than the case's GPU clearance, and no more than it holds"
    severity = "fail"
    sources = (
        "Lambda: RTX 3090 '3x PCIe slots, 313mm long'",
        "gowthvm/ZenPC: 'GPU Too Large ... exceeds case clearance'",
    )
    reads = ("gpu.length_mm", "gpus", "chassis.max_gpu_length_mm", "chassis.max_gpus", "chassis.kind")
    messages = (
        Message(
            "length",
            "{length_mm:.0f} mm cards, {clearance_mm:.0f} mm clearance",
            zh="显卡长 {length_mm:.0f} mm，机箱限长 {clearance_mm:.0f} mm",
        ),
        Message("count", "{gpus} cards in a case that holds {held}", zh="{gpus} 张卡，机箱只能装 {held} 张"),
    )
    model = (at("case", 20),)

    listed = 310

    def held(self, chassis: Chassis) -> int:
        """GPUs a case holds: its stated limit; an open frame or a case without one holds any number.
        Also the search's bound (lazy.py: the cheapest case for an option)."""
        return chassis.max_gpus if chassis.max_gpus and chassis.kind != "open-frame" else ANY_NUMBER

    bounds = ("chassis",)

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        return self.holds(need.gpu.length_mm, need.gpus, part)

    def holds(self, length_mm: float, gpus: int, chassis: Chassis) -> bool:
        return length_mm <= chassis.max_gpu_length_mm and gpus <= self.held(chassis)

    def check(self, length_mm: float, gpus: int, chassis: Chassis) -> Verdict:
        if gpus > self.held(chassis):
            return self.verdict(False, "count", gpus=gpus, held=self.held(chassis))
        return self.verdict(
            length_mm <= chassis.max_gpu_length_mm,
            "length",
            length_mm=length_mm,
            clearance_mm=chassis.max_gpu_length_mm,
        )

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(
            sum(int(o.gpu.length_mm) * model.o[i] for i, o in enumerate(model.options))
            <= sum(int(h.max_gpu_length_mm) * model.h[i] for i, h in enumerate(model.chassis))
        )
        model.m.add(model.gpu_count <= sum(self.held(h) * model.h[i] for i, h in enumerate(model.chassis)))

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.gpu.length_mm, build.gpus, build.chassis)


@register
class OpenFrame(Rule):
    id = "SLOT-6"
    title = "an open frame only when asked for, for three or more open-air cards a case cannot cool, or for passive cards each under its blower shroud"
    severity = "fail"
    sources = (
        "Lambda: 3x RTX 3090 'only with liquid cooling/PCIe extendors'",
        "Lambda: extenders 'shouldn't be used if you plan on moving' the workstation",
    )
    reads = ("chassis.kind", "request.form", "gpu.cooler", "gpus")
    messages = (
        Message("serves", "an open frame for three or more open-air cards", zh="三张以上风扇卡用开放式机架"),
        Message(
            "shrouded",
            "an open frame with a blower shroud on each passive card",
            zh="开放式机架，每张被动散热卡配涡轮导风罩",
        ),
        Message("asked", "an open frame, as asked", zh="按要求用开放式机架"),
        Message(
            "unneeded",
            "an open frame where a case would do: cards and board unprotected",
            zh="机箱就够时用了开放式机架：显卡和主板没有防护",
        ),
    )
    model = (at("cooling", 40),)

    listed = 320

    def serves(self, gpu_cooler: str, gpus: int) -> bool:
        # passive cards (Tesla P40, MI50) on a frame each under a blower shroud: the used-card builds of #28
        return (gpu_cooler == "open-air" and gpus >= 3) or gpu_cooler == "passive"

    def check(self, form: str, gpu_cooler: str, gpus: int) -> Verdict:
        """For a build on an open frame."""
        if form == "open-frame":
            return self.say("pass", "asked")
        if gpu_cooler == "passive":
            return self.say("pass", "shrouded")
        return self.verdict(self.serves(gpu_cooler, gpus), "serves" if self.serves(gpu_cooler, gpus) else "unneeded")

    def constrain(self, model: Any, **site: Any) -> None:
        # a one- or two-card build sits in a case
        if model.request.form != "open-frame":
            serves_frame = model.any_of(
                "frame_serves", [model.o[i] for i, o in enumerate(model.options) if self.serves(o.gpu.cooler, o.count)]
            )
            model.m.add(model.open_frame <= serves_frame)

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.chassis.kind != "open-frame":
            return None
        return self.check(build.form, build.gpu.cooler, build.gpus)


NVME_LANES = 4  # an NVMe drive takes x4


@register
class CpuLanes(Rule):
    id = "PCI-1"
    title = "GPU and NVMe lanes within the CPU's (one x4 chipset-attached drive spare)"
    severity = "fail"
    sources = (
        "HardForum: '24 lanes ... 4 are always to the chipset, 4 are always to the first NVMe slot, the remaining 16'",
    )
    reads = ("placement lanes", "storage.interface", "storage_count", "cpu.pcie_lanes", "sockets", "board.gpu_bays")
    messages = (
        Message(
            "lanes",
            "{gpu_lanes} GPU lanes + {nvme_lanes} NVMe lanes of the CPU's {cpu_lanes}",
            zh="GPU {gpu_lanes} 条通道 + NVMe {nvme_lanes} 条，CPU 共 {cpu_lanes} 条",
        ),
    )
    model = (at("lanes", 10),)

    listed = 420

    def check(self, gpu_lanes: int, nvme_drives: int, cpu_lanes: int) -> Verdict:
        """For a build whose cards sit in slots (a GPU server's bays have their own switches)."""
        nvme = NVME_LANES * nvme_drives
        return self.verdict(
            gpu_lanes + nvme <= cpu_lanes + NVME_LANES,
            "lanes",
            gpu_lanes=gpu_lanes,
            nvme_lanes=nvme,
            cpu_lanes=cpu_lanes,
        )

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(
            model.gpu_lanes + NVME_LANES * model.nvme_count
            <= model.per_cpu(lambda c: c.pcie_lanes) + NVME_LANES + 1024 * model.bay_board
        )

    def assess(self, build: BuildFacts) -> Verdict | None:
        """Slots only: a GPU server's bays have their own switches."""
        if build.in_bays:
            return None
        return self.check(sum(build.link_lanes), build.nvme_drives, build.cpu.pcie_lanes * build.sockets)


@register
class DriveSockets(Rule):
    id = "STO-6"
    title = "no more NVMe drives than the board has M.2 sockets (a server board: four more on its backplane)"
    severity = "fail"
    sources = ("board specifications: M.2 sockets; GPU-server barebones: NVMe/U.2 drive bays",)
    reads = ("storage.interface", "storage_count", "board.m2_sockets", "board.form_factor")
    messages = (
        Message(
            "sockets",
            "{drives} NVMe drive(s) for {sockets} M.2 or U.2 socket(s)",
            zh="{drives} 块 NVMe 硬盘，{sockets} 个 M.2 或 U.2 接口",
        ),
    )
    model = (at("lanes", 20),)
    quiet = True

    listed = 435

    def sockets(self, board: Motherboard) -> int:
        return max(len(board.m2_sockets), 1) + (4 if board.form_factor == "server-proprietary" else 0)

    def check(self, nvme_drives: int, board: Motherboard) -> Verdict:
        return self.verdict(
            nvme_drives <= self.sockets(board), "sockets", drives=nvme_drives, sockets=self.sockets(board)
        )

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(model.nvme_count <= sum(self.sockets(b) * model.b[i] for i, b in enumerate(model.boards)))

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.shown(self.check(build.nvme_drives, build.board))


@register
class U2Drives(Rule):
    id = "STO-5"
    title = "U.2 drives only on a server platform"
    severity = "fail"
    sources = ("U.2 (SFF-8639) drives connect through a server backplane or an adapter card; desktop boards have none",)
    reads = ("storage.interface", "cpu.platform")
    messages = (
        Message(
            "u2",
            "{interface} drives on a {platform} platform",
            zh=lambda f: f"{f['interface']} 硬盘用在{_zh_word(f['platform'])}平台上",
        ),
    )
    model = (at("storage", 10),)
    quiet = True

    listed = 440

    def check(self, interface: str, platform: str) -> Verdict:
        return self.verdict(
            interface != "u.2" or platform == "server", "u2", interface=interface.upper(), platform=platform
        )

    def constrain(self, model: Any, **site: Any) -> None:
        u2 = model.any_of(
            "u2", [model.d[i] for i, (s, _) in enumerate(model.sto_choices) if s.record.interface == "u.2"]
        )
        model.m.add(u2 <= model.server_cpu)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.shown(self.check(build.storage.interface, build.cpu.platform))


@register
class ManyGpuPlatform(Rule):
    id = "PCI-3"
    title = "three or more GPUs on a HEDT, workstation or server platform"
    severity = "fail"
    sources = ("CraftRigs PCIe guide: 'For three or more GPUs, you need HEDT.'",)
    reads = ("gpus", "cpu.platform")
    messages = (
        Message(
            "platform",
            "{gpus} GPUs on a {platform} platform",
            zh=lambda f: f"{f['gpus']} 块 GPU 用在{_zh_word(f['platform'])}平台上",
        ),
    )
    model = (at("gpu count", 10),)

    bounds = ("cpu",)

    listed = 425

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        return self.holds(need.gpus, part.platform)

    def holds(self, gpus: int, platform: str) -> bool:
        """Also the search's bound (lazy.py: the cheapest CPU for an option)."""
        return gpus < 3 or platform != "consumer"

    def check(self, gpus: int, platform: str) -> Verdict:
        """For a build with three or more GPUs."""
        return self.verdict(self.holds(gpus, platform), "platform", gpus=gpus, platform=platform)

    def constrain(self, model: Any, **site: Any) -> None:
        many = model.any_of("three_or_more", [model.o[i] for i, o in enumerate(model.options) if o.count >= 3])
        model.m.add(many + model.consumer_cpu <= 1)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.gpus, build.cpu.platform) if build.gpus >= 3 else None


@register
class StorageSize(Rule):
    id = "STO-1"
    title = "storage for the weights, checkpoints and data the job needs"
    severity = "warn"
    sources = ("VRLA Tech; TensorRigs: checkpoints 2-4x the fp16 weights",)
    reads = ("storage.capacity_gb", "storage_count", "storage need")
    messages = (
        Message(
            "capacity",
            "{have_tb:.1f} TB for weights, checkpoints and data (~{need_tb:.1f} TB needed)",
            zh="{have_tb:.1f} TB 存放权重、检查点和数据（约需 {need_tb:.1f} TB）",
        ),
        Message(
            "capacity-box",
            "{have_tb:.1f} TB for weights and data (~{need_tb:.1f} TB needed)",
            zh="{have_tb:.1f} TB 存放权重和数据（约需 {need_tb:.1f} TB）",
        ),
    )

    listed = 550

    def check(self, have_gb: float, need_gb: float, box: bool = False) -> Verdict:
        return self.say(
            "pass" if have_gb >= need_gb else "warn",
            "capacity-box" if box else "capacity",
            have_tb=have_gb / 1000,
            need_tb=need_gb / 1000,
        )

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.storage.capacity_gb * build.storage_count, build.storage_need_gb)


@register
class FastStorage(Rule):
    id = "STO-2"
    title = "an NVMe drive of Gen4 or newer holds the models"
    severity = "warn"
    sources = ("'~7 GB/s sweet spot' (build rules, STO-2)",)
    reads = ("storage.interface", "storage.pcie_gen")
    messages = (Message("gen", "{interface} Gen{gen} model storage", zh="{interface} Gen{gen} 模型存储"),)

    listed = 555

    def check(self, interface: str, gen: int | None) -> Verdict:
        return self.say("pass" if (gen or 0) >= 4 else "warn", "gen", interface=interface.upper(), gen=gen or "-")

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.storage.interface, build.storage.pcie_gen)
