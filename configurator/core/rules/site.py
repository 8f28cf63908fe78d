"""The room's rules (docs/build-rules.md, Power and Circuits): heat into the room, noise in a home office, and the
power and cooling a site provides for servers and clusters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configurator.core.rules.base import Message, Rule, register

HOME_OFFICE_BTU_H = 4900  # HEAT-1: about 1440 W at the wall, one US outlet's continuous limit


@register
class Heat(Rule):
    id = "HEAT-1"
    title = "the heat into the room (3.412 BTU/h per watt), warned above 4,900 BTU/h in a home office"
    severity = "warn"
    sources = ("D-Central: 1 W = 3.412 BTU/h",)
    reads = ("wall_w", "request.room")
    messages = (Message("heat", "{btu_h:,.0f} BTU/h of heat ({wall_w:.0f} W) into the room"),)


@register
class DataCenterNoise(Rule):
    id = "NOISE-1"
    title = "a data-center class machine is too loud and hot for a home office"
    severity = "warn"
    sources = ("ServeTheHome, 4U 8-GPU servers: 'should be run in a data center'",)
    reads = ("chassis.noise", "wall_w", "request.room")
    messages = (
        Message("datacenter", "a data-center class machine: too loud and hot for a home office"),
        Message("quiet-box", "{noise} under load; nothing to assemble"),
        Message("quiet-system", "{noise} under load; no assembly, no PSU or slot planning"),
        Message("server-room", "an 8-GPU server belongs in a server room (noise and heat)"),
    )


@register
class BlowerNoise(Rule):
    id = "NOISE-2"
    title = "three or more blower cards are loud at full load"
    severity = "warn"
    sources = ("Tom's Hardware: a blower-style cooler 'tends to generate more noise'",)
    reads = ("gpu.cooler", "gpus", "request.room")
    messages = (Message("blowers", "{gpus} blower cards are loud at full load"),)


def _site(f: Mapping[str, Any]) -> str:
    return (
        ("" if f["on_site"] else "the site must provide ")
        + f"{f['power_kw']} kW in all ({f['power_per_rack_kw']} kW per rack of {f['nodes_per_rack']} node(s)) on "
        f"{f['feeds']} x {f['feed']} feeds of {f['feed_kw']:.1f} kW; {f['cooling_kw']} kW of heat to remove"
        + ("" if f["on_site"] else f"; not {f['circuits']} x {f['circuit']}")
    )


@register
class SitePower(Rule):
    id = "SITE-POWER"
    title = "servers and clusters on the feeds the site provides (a server room's are the buyer's to order)"
    severity = "fail"
    sources = ("rack power distribution: feeds of FEED_KW each (solve/cluster.py)",)
    reads = ("system.max_power_w", "nodes", "site feeds", "request.room", "request.circuit", "request.circuits")
    messages = (Message("feeds", _site),)
