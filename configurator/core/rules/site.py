"""The room's rules (docs/build-rules.md, Power and Circuits): heat into the room, noise in a home office, and the
power and cooling a site provides for servers and clusters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configurator.core.rules.base import Message, Rule, Verdict, register
from configurator.core.rules.facts import BuildFacts

HOME_OFFICE_BTU_H = 4900  # HEAT-1: about 1440 W at the wall, one US outlet's continuous limit
HOME_OFFICE_LOUD_W = 1920  # NOISE-1 (docs/build-rules.md): one 120 V 20 A circuit's continuous 1,920 W


def _feed(f: Mapping[str, Any]) -> str:
    """A rack feed in words from its volts and amps (a finding saved before they were fields keeps its `feed`)."""
    return f"{f['feed_v']:.0f} V three-phase {f['feed_a']:.0f} A" if "feed_v" in f else str(f["feed"])


def _zh_feed(f: Mapping[str, Any]) -> str:
    return f"{f['feed_v']:.0f} V 三相 {f['feed_a']:.0f} A" if "feed_v" in f else str(f["feed"])


def _zh_site(f: Mapping[str, Any]) -> str:
    return (
        ("" if f["on_site"] else "场地需提供")
        + f"共 {f['power_kw']} kW（每机柜 {f['power_per_rack_kw']} kW，{f['nodes_per_rack']} 个节点），"
        f"{f['feeds']} 路 {_zh_feed(f)} 供电，每路 {f['feed_kw']:.1f} kW；需散热 {f['cooling_kw']} kW"
        + ("" if f["on_site"] else f"；而非 {f['circuits']} 路 {f['circuit']}")
    )


@register
class Heat(Rule):
    id = "HEAT-1"
    title = "the heat into the room (3.412 BTU/h per watt), warned above 4,900 BTU/h in a home office"
    severity = "warn"
    sources = ("D-Central: 1 W = 3.412 BTU/h",)
    reads = ("wall_w", "request.room")
    messages = (
        Message(
            "heat",
            "{btu_h:,.0f} BTU/h of heat ({wall_w:.0f} W) into the room",
            zh="向房间散热 {btu_h:,.0f} BTU/h（{wall_w:.0f} W）",
        ),
    )
    listed = 260

    def assess(self, build: BuildFacts) -> Verdict | None:
        hot = build.room == "home-office" and build.heat_btu_h > HOME_OFFICE_BTU_H
        return self.say("warn" if hot else "pass", "heat", btu_h=build.heat_btu_h, wall_w=build.wall_w)


@register
class DataCenterNoise(Rule):
    id = "NOISE-1"
    title = "a data-center class machine is too loud and hot for a home office"
    severity = "warn"
    sources = ("ServeTheHome, 4U 8-GPU servers: 'should be run in a data center'",)
    reads = ("chassis.noise", "wall_w", "request.room")
    messages = (
        Message(
            "datacenter",
            "a data-center class machine: too loud and hot for a home office",
            zh="数据中心级机器：对家庭办公室来说太吵太热",
        ),
        Message("quiet-box", "{noise} under load; nothing to assemble", zh="满载时{noise}；无需组装"),
        Message(
            "quiet-system",
            "{noise} under load; no assembly, no PSU or slot planning",
            zh="满载时{noise}；无需组装，无需规划电源和插槽",
        ),
        Message(
            "server-room",
            "a {gpus}-GPU server belongs in a server room (noise and heat)",
            zh="{gpus} 卡服务器应放在机房（噪音和热量）",
        ),
    )
    listed = 265

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.room == "home-office" and (build.chassis.noise == "datacenter" or build.wall_w > HOME_OFFICE_LOUD_W):
            return self.say("warn", "datacenter")
        return None


@register
class BlowerNoise(Rule):
    id = "NOISE-2"
    title = "three or more blower cards are loud at full load"
    severity = "warn"
    sources = ("Tom's Hardware: a blower-style cooler 'tends to generate more noise'",)
    reads = ("gpu.cooler", "gpus", "request.room")
    messages = (Message("blowers", "{gpus} blower cards are loud at full load", zh="{gpus} 张涡轮卡满载时很吵"),)
    listed = 270

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.room == "home-office" and build.gpu.cooler == "blower" and build.gpus >= 3:
            return self.say("warn", "blowers", gpus=build.gpus)
        return None


def _site(f: Mapping[str, Any]) -> str:
    return (
        ("" if f["on_site"] else "the site must provide ")
        + f"{f['power_kw']} kW in all ({f['power_per_rack_kw']} kW per rack of {f['nodes_per_rack']} node(s)) on "
        f"{f['feeds']} x {_feed(f)} feeds of {f['feed_kw']:.1f} kW; {f['cooling_kw']} kW of heat to remove"
        + ("" if f["on_site"] else f"; not {f['circuits']} x {f['circuit']}")
    )


@register
class SitePower(Rule):
    id = "SITE-POWER"
    title = "servers and clusters on the feeds the site provides (a server room's are the buyer's to order)"
    severity = "fail"
    sources = ("rack power distribution: feeds of FEED_KW each (solve/cluster.py)",)
    reads = ("system.max_power_w", "nodes", "site feeds", "request.room", "request.circuit", "request.circuits")
    messages = (Message("feeds", _site, zh=_zh_site),)
