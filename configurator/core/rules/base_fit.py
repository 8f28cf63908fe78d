"""A used office PC or workstation as the base of a GPU build (round 38): whether its cards fit the machine (slot,
width, length, the PSU's GPU plugs, its watts), and what the buyer checks on the listing before paying. The source
that assembles such builds (solve/bases.py) enumerates base x card x count with `BaseFit.allowed`, and the build lists
the same findings: one rule object for the choice and the check."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from configurator.core.catalog.models import BaseMachine, Gpu
from configurator.core.rules.base import Check, Message, Rule, Verdict, register
from configurator.core.rules.watts import PSU_TARGET_LOAD

SLOT_W = 75.0
"""The x16 slot's own 75 W (PCI Express CEM): the card draws the rest from its plugs."""
PLUG_8_W = 150.0
"""A PCIe 8-pin (6+2) plug's rating, W (PCI Express CEM); a 6-pin carries 75 W."""
PLUG_6_W = 75.0
HPWR_AS_8 = 3
"""A 12VHPWR / 12V-2x6 input as 8-pin plugs: NVIDIA's adapter for a 450 W card takes three (a 600 W card four)."""
WANTS_REBAR = ("intel",)
"""The card vendors whose discrete GPUs want Resizable BAR: Intel's Arc 'practically requires' it (Intel's Ryan Shrout
and Tom Petersen to PCGH and Digital Foundry, retold by HotHardware, 2022-09: hothardware.com/news/dont-bother-with-arc-
without-resizable-bar); TechPowerUp measured the A770 23-24 % slower in games without it (retold by tomshw.it,
2022-10). Intel platforms offer it from the 10th generation on, not the Xeon E5 v3/v4 and W-2100 workstations a base
record holds."""


@dataclass(frozen=True)
class Plugs:
    """How a base's GPU plugs feed `count` cards: natively, through dual-6-pin-to-8-pin adapters, or not at all."""

    need_8: int
    need_6: int
    adapters: int
    ok: bool


def plugs(base: BaseMachine, gpu: Gpu, count: int) -> Plugs:
    """The cards' 8-pin and 6-pin inputs against the PSU's 6+2-pin and 6-pin plugs. An 8-pin input takes a 6+2-pin plug,
    or two 6-pin plugs through a dual-6-pin-to-8-pin adapter (the usual fix on an OEM workstation, which the buyer
    must check: BASE-2); a 6-pin input takes either plug."""
    c = gpu.power_connectors
    need_8 = (c.pcie8 + HPWR_AS_8 * c.hpwr16) * count
    need_6 = c.pcie6 * count
    short_8 = max(0, need_8 - base.gpu_plugs_8)
    spare_8 = max(0, base.gpu_plugs_8 - need_8)
    six_left = base.gpu_plugs_6 + spare_8 - need_6
    ok = c.eps8 == 0 and six_left >= 2 * short_8
    return Plugs(need_8, need_6, short_8, ok)


def widths_fit(base: BaseMachine, gpu: Gpu, count: int) -> bool:
    """Whether `count` cards of `gpu`'s width seat in the first `count` x16 slots, each cooler below its own slot, the
    next card's slot free and the last inside the case's openings (R8, docs/build-rules.md)."""
    if count > len(base.x16_slots):
        return False
    width = math.ceil(gpu.slot_width - 1e-9)
    used = base.x16_slots[:count]
    ends = [p + width - 1 for p in used]
    return all(e < n for e, n in zip(ends, used[1:], strict=False)) and ends[-1] <= base.slot_openings


def load_w(base: BaseMachine, gpu: Gpu, count: int) -> float:
    """The machine's DC load with `count` cards at their board power: its own load and the cards'."""
    return base.host_load_w + gpu.tdp_w * count


def _words(f: Mapping[str, Any]) -> str:
    return {
        "passive": lambda: "a passive data-center card needs ducted server airflow an office tower does not give (R4)",
        "eps": lambda: "the card takes a CPU EPS 8-pin the workstation's GPU harness does not carry",
        "rebar": lambda: (
            "an Intel Arc card wants Resizable BAR, which the workstation's firmware does not offer (Intel: Arc "
            "practically requires it; an A770 ran 23-24 % slower without it in TechPowerUp's game tests)"
        ),
        "slots": lambda: (
            f"{f['count']} card(s) {f['width']} slots wide do not seat in x16 slots {f['slots']} of "
            f"{f['openings']} openings"
        ),
        "length": lambda: f"the card is {f['length']:.0f} mm long; the case takes {f['max_length']:.0f} mm",
        "plugs": lambda: (
            f"the cards need {f['need_8']} 8-pin and {f['need_6']} 6-pin input(s); the PSU has "
            f"{f['have_8']} 6+2-pin and {f['have_6']} 6-pin plug(s)"
        ),
        "watts": lambda: f"{f['load_w']:.0f} W of load on a {f['psu_w']:.0f} W PSU: above {f['target']:.0%} of it",
    }[str(f["why"])]()


def _zh_words(f: Mapping[str, Any]) -> str:
    return {
        "passive": lambda: "被动散热的数据中心卡需要服务器的导风气流，办公塔式机没有（R4）",
        "eps": lambda: "此卡需要 CPU EPS 8-pin 供电，工作站的显卡供电线没有",
        "rebar": lambda: (
            "Intel Arc 显卡需要 Resizable BAR，而这台工作站的固件不提供"
            "（Intel：Arc 基本离不开它；TechPowerUp 的游戏测试中 A770 关闭它时慢 23-24 %）"
        ),
        "slots": lambda: (
            f"{f['count']} 张 {f['width']} 槽宽的卡装不进 x16 插槽 {f['slots']}（共 {f['openings']} 个挡板位）"
        ),
        "length": lambda: f"卡长 {f['length']:.0f} mm，机箱只容 {f['max_length']:.0f} mm",
        "plugs": lambda: (
            f"卡需要 {f['need_8']} 个 8-pin 和 {f['need_6']} 个 6-pin 供电；电源只有 "
            f"{f['have_8']} 个 6+2-pin 和 {f['have_6']} 个 6-pin 插头"
        ),
        "watts": lambda: f"{f['psu_w']:.0f} W 电源承担 {f['load_w']:.0f} W 负载：超过其 {f['target']:.0%}",
    }[str(f["why"])]()


def _fits(f: Mapping[str, Any]) -> str:
    adapters = f"; {f['adapters']} dual-6-pin-to-8-pin adapter(s)" if f["adapters"] else ""
    return (
        f"{f['count']} x {f['gpu']} in the {f['base']}: x16 slot(s) {f['slots']}, {f['length']:.0f} of "
        f"{f['max_length']:.0f} mm, {f['load_w']:.0f} W of its {f['psu_w']:.0f} W PSU{adapters}"
    )


def _zh_fits(f: Mapping[str, Any]) -> str:
    adapters = f"；需 {f['adapters']} 根双 6-pin 转 8-pin 转接线" if f["adapters"] else ""
    return (
        f"{f['count']} 张 {f['gpu']} 装入 {f['base']}：x16 插槽 {f['slots']}，卡长 {f['length']:.0f} / "
        f"{f['max_length']:.0f} mm，{f['psu_w']:.0f} W 电源中的 {f['load_w']:.0f} W{adapters}"
    )


@register
class BaseFit(Rule):
    id = "BASE-1"
    title = (
        "cards in a used office PC or workstation: a free x16 slot, the width below it, the case's length, the PSU's "
        "own GPU plugs and its watts, Resizable BAR for an Intel Arc card"
    )
    severity = "fail"
    sources = (
        "PCI Express CEM: 75 W from the slot, 75 W per 6-pin, 150 W per 8-pin plug",
        "HP Z440 technical white paper: x16 graphics slots 2 and 5, full length",
        "Lenovo P620/P520 power configurator: GFX_PWR harnesses of one 6-pin and one 6+2-pin each",
        "docs/build-rules.md R8 (slot arithmetic), R4 (passive cards), R18 (80 % PSU load)",
        "HotHardware 2022-09 (Intel: Arc practically requires Resizable BAR); TechPowerUp's A770 without it, 2022-10",
    )
    reads = (
        "base.x16_slots",
        "base.slot_openings",
        "base.max_card_length_mm",
        "base.gpu_plugs_*",
        "base.psu_w",
        "base.host_load_w",
        "gpu.slot_width",
        "gpu.length_mm",
        "gpu.power_connectors",
        "gpu.tdp_w",
        "gpu.cooler",
        "gpu.vendor",
        "base.resizable_bar",
    )
    messages = (Message("no-fit", _words, zh=_zh_words), Message("fits", _fits, zh=_zh_fits))

    def allowed(self, base: BaseMachine, gpu: Gpu, count: int) -> Check:
        """Whether `count` cards of `gpu` go into `base` as it is sold, the first reason why not, or how they fit."""
        width = math.ceil(gpu.slot_width - 1e-9)
        slots = tuple(base.x16_slots[:count])
        where = dict(count=count, width=width, slots=slots, openings=base.slot_openings)
        power = plugs(base, gpu, count)
        load = load_w(base, gpu, count)
        if gpu.cooler == "passive":
            return self.say("fail", "no-fit", why="passive", **where)
        if gpu.power_connectors.eps8:
            return self.say("fail", "no-fit", why="eps", **where)
        if gpu.vendor in WANTS_REBAR and not base.resizable_bar:
            return self.say("fail", "no-fit", why="rebar", **where)
        if not widths_fit(base, gpu, count):
            return self.say("fail", "no-fit", why="slots", **where)
        if gpu.length_mm > base.max_card_length_mm:
            return self.say("fail", "no-fit", why="length", length=gpu.length_mm, max_length=base.max_card_length_mm)
        if not power.ok:
            have = dict(have_8=base.gpu_plugs_8, have_6=base.gpu_plugs_6)
            return self.say("fail", "no-fit", why="plugs", need_8=power.need_8, need_6=power.need_6, **have)
        if load > PSU_TARGET_LOAD * base.psu_w:
            return self.say("fail", "no-fit", why="watts", load_w=load, psu_w=base.psu_w, target=PSU_TARGET_LOAD)
        return self.say(
            "pass",
            "fits",
            count=count,
            gpu=gpu.name,
            base=base.name,
            slots=slots,
            length=gpu.length_mm,
            max_length=base.max_card_length_mm,
            load_w=load,
            psu_w=base.psu_w,
            adapters=power.adapters,
        )


LONG_CARD_MM = 267.0
"""A card longer than a full-height 10.5-inch (267 mm) board reaches an OEM tower's drive cage: the buyer measures."""
LARGE_CARD_GB = 16
"""Cards with this much memory or more want Above 4G decoding on old workstation firmware (a large BAR)."""

BUYER_CHECKS_EN = {
    "psu-plugs": "count the PSU's PCIe plugs (6+2-pin and 6-pin) in the listing's photos or ask the seller",
    "adapter": "buy a dual-6-pin-to-8-pin adapter where a card's 8-pin input has no 6+2-pin plug left",
    "bios-above-4g": "update the BIOS and enable Above 4G decoding before a 16 GB or larger card",
    "card-length": "measure from the rear bracket to the drive cage before buying a card longer than 267 mm",
    "proprietary-psu": "the PSU is the vendor's own: a larger one is the vendor's part, not an ATX unit",
    "fans": "the firmware checks its fans and front-panel cables at boot: buy it complete",
}
BUYER_CHECKS_ZH = {
    "psu-plugs": "从商品照片数清电源的 PCIe 插头（6+2-pin 与 6-pin），或问卖家",
    "adapter": "若卡的 8-pin 供电没有空余的 6+2-pin 插头，需买双 6-pin 转 8-pin 转接线",
    "bios-above-4g": "装 16 GB 及以上的卡前先升级 BIOS 并开启 Above 4G decoding",
    "card-length": "买长于 267 mm 的卡前，量一下后挡板到硬盘笼的距离",
    "proprietary-psu": "电源是厂商专用件：换大电源只能买厂商的配件，不能用 ATX 电源",
    "fans": "固件开机时检查风扇和前面板连线：整机购买，不要缺件",
}


def _checks(f: Mapping[str, Any]) -> str:
    return f"before buying the {f['base']}: " + "; ".join(BUYER_CHECKS_EN[c] for c in f["checks"])


def _zh_checks(f: Mapping[str, Any]) -> str:
    return f"购买 {f['base']} 前：" + "；".join(BUYER_CHECKS_ZH[c] for c in f["checks"])


@register
class BaseBuyerChecks(Rule):
    id = "BASE-2"
    title = "what the buyer of a used office PC or workstation checks before adding a card"
    severity = "warn"
    sources = ("the base record's buyer_checks (catalogs/bases.toml), each from its record's notes",)
    reads = ("base.buyer_checks", "BASE-1's adapters")
    messages = (Message("checks", _checks, zh=_zh_checks),)

    def listing(self, base: BaseMachine, gpu: Gpu, adapters: int) -> Verdict:
        """The checks the base's record names that bear on this card (the adapter only where BASE-1 counts one, the
        length above LONG_CARD_MM, Above 4G from LARGE_CARD_GB), as a warning to act on."""
        bears = {
            "adapter": adapters > 0,
            "card-length": gpu.length_mm > LONG_CARD_MM,
            "bios-above-4g": gpu.vram_gb >= LARGE_CARD_GB,
        }
        named = [c for c in base.buyer_checks if bears.get(c, True)]
        if adapters and "adapter" not in named:
            named.append("adapter")
        return self.say("warn", "checks", base=base.name, checks=tuple(named))
