"""Power rules (docs/build-rules.md, Power and Circuits): PSU load, transients, a second PSU, oversizing,
connectors, bays, a barebone's own modules and the wall circuit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configurator.core.catalog.models import Chassis, Cpu, Gpu, Psu
from configurator.core.rules import watts as pw
from configurator.core.rules.base import Message, Rule, Verdict, instance, register

BUILDER = "BuildModel._power"
"""The builder step that applies the per-PSU rules, one PSU choice (`ps`) and its literal (`lit`) at a time."""


def _owned(ps: Any) -> bool:
    return ps.psu is not None and bool(ps.psu.owned)


@register
class PsuLoad(Rule):
    id = "PWR-2"
    title = "the sustained DC load is at most 80 % of the PSU rating"
    severity = "fail"
    sources = (
        "Miningtech PSU guide: 'we will only use 80% of the PSU's capacity'",
        "CalculatorLib: 'PSUs are most efficient around 50-80% load'",
    )
    reads = ("dc_load_w", "psu_w")
    messages = (Message("load", "PSU loaded to {load:.0%} (at most {target:.0%})"),)
    model = BUILDER

    def holds(self, dc_load_w: float, psu_w: float) -> bool:
        """Also the search's bound (lazy.py: the cheapest PSU that carries an option) and the one-more-GPU hint."""
        return dc_load_w <= pw.PSU_TARGET_LOAD * psu_w

    def least_psu_w(self, dc_load_w: float) -> float:
        return dc_load_w / pw.PSU_TARGET_LOAD

    def check(self, dc_load_w: float, psu_w: float) -> Verdict:
        load = dc_load_w / psu_w if psu_w else 9
        return self.verdict(load <= pw.PSU_TARGET_LOAD, "load", load=load, target=pw.PSU_TARGET_LOAD)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        model.m.add(100 * model.dc <= int(100 * pw.PSU_TARGET_LOAD * ps.capacity_w)).only_enforce_if(lit)


@register
class SecondPsu(Rule):
    id = "PWR-8"
    title = "a second PSU only when no single unit carries the load at 80 %"
    # avoid (was: a warning in the check, a ban in the model): two supplies need a sync board and split cabling,
    # so the model never chooses them when one would do; a user's own pair is used as it is, and warned about
    severity = "avoid"
    sources = ("RunLocalAI: Add2PSU sync boards", "WOPR build log: a card's slot 12 V and cables from one PSU")
    reads = ("psu_count", "dc_load_w", "largest_single_psu_w")
    messages = (
        Message("needed", "two PSUs started together by a sync board; feed each card's cables from one PSU"),
        Message(
            "one-would-do",
            "two PSUs started together by a sync board; feed each card's cables from one PSU: "
            "one {largest_w:.0f} W unit would carry this {dc_load_w:.0f} W load",
        ),
    )
    model = BUILDER

    def check(self, dc_load_w: float, largest_single_psu_w: float) -> Verdict:
        """For a build with two PSUs."""
        if pw.two_psus_needed(dc_load_w, largest_single_psu_w):
            return self.say("pass", "needed")
        return self.verdict(False, "one-would-do", largest_w=largest_single_psu_w, dc_load_w=dc_load_w)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        if ps.count == 2 and not _owned(ps):  # power.two_psus_needed
            model.m.add(
                100 * model.dc >= int(100 * pw.PSU_TARGET_LOAD * model.largest_single_psu_w) + 1
            ).only_enforce_if(lit)


@register
class OversizedPsu(Rule):
    id = "PWR-10"
    title = "no PSU beyond 2.5 times its load"
    # avoid (was: a warning in the check, a ban in the model): the model enforces it through an assumption that
    # the "room to grow" label lifts (its spare capacity is what that label offers) and never for an owned PSU;
    # where a build keeps such a supply, the check warns
    severity = "avoid"
    sources = ("80 PLUS: efficiency is measured at 20/50/100 % load; far below 20 % it drops (Cybenetics curves)",)
    reads = ("psu_w", "dc_load_w")
    messages = (
        Message("sized", "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load"),
        Message(
            "oversized",
            "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load ({ratio:.1f}x): "
            "spare capacity for more GPUs, but more money and a lower efficiency at this load",
        ),
        Message(
            "cheapest",
            "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load ({ratio:.1f}x): "
            "the cheapest adequate supply in the catalog; a 450-550 W unit would do",
        ),
    )
    model = BUILDER
    quiet = True

    def check(self, dc_load_w: float, psu_w: float) -> Verdict:
        """For a build with its own (not a barebone's) PSU."""
        if psu_w > pw.PSU_OVERSIZE * dc_load_w:
            return self.verdict(False, "oversized", psu_w=psu_w, dc_load_w=dc_load_w, ratio=psu_w / dc_load_w)
        return self.say("pass", "sized", psu_w=psu_w, dc_load_w=dc_load_w)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        if ps.kind != "included" and not _owned(ps):
            model.m.add(int(10 * pw.PSU_OVERSIZE) * model.dc >= int(10 * ps.capacity_w)).only_enforce_if(
                [lit, model.right_sized_psu]
            )


@register
class Circuit(Rule):
    id = "CIR-1"
    title = "the wall draw within the circuits' continuous limit"
    severity = "fail"
    sources = (
        "NEC 210.19/210.20: continuous loads at 80 % of the breaker rating (120 V 15 A -> 1440 W)",
        "80 PLUS efficiency at full load (Tom's Hardware table, R25)",
    )
    reads = ("dc_load_w", "psu_tier", "circuit_volts", "circuit_limit_w", "outlets")
    messages = (
        Message("wall", "{wall_w:.0f} W at the wall against {limit_w:.0f} W continuous on {outlets} x {circuit}"),
        Message("wall-one", "{wall_w:.0f} W at the wall against {limit_w:.0f} W continuous on {circuit}"),
        Message("system", "{max_w:,.0f} W maximum against {limit_w:,.0f} W"),
        Message(
            "servers",
            lambda f: (
                f"{f['max_w']:,.0f} W maximum system power against {f['limit_w']:,.0f} W on {f['circuits']} x "
                f"{f['circuit']}"
                + ("" if f["max_w"] <= f["limit_w"] else ": needs dedicated 200-240 V server-room feeds")
            ),
        ),
    )
    model = BUILDER

    def check(self, wall_w: float, limit_w: float, outlets: int, circuit: str) -> Verdict:
        return self.verdict(wall_w <= limit_w, "wall", wall_w=wall_w, limit_w=limit_w, outlets=outlets, circuit=circuit)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        eff = pw.efficiency(ps.tier, model.volts)
        outlets = min(ps.count if ps.kind != "included" else 4, model.request.circuits)
        model.m.add(1000 * model.dc <= int(1000 * eff * model.limit * outlets)).only_enforce_if(lit)


def _atx3(psu: Psu) -> bool:
    """ATX 3.x with a native 12V-2x6 plug: the units the excursion test binds (R19)."""
    return psu.atx_version in ("3.0", "3.1") and psu.native_12v2x6


@register
class Atx2Spikes(Rule):
    id = "PWR-3"
    title = "a PSU without ATX 3 excursion testing carries twice the GPUs' power"
    severity = "fail"
    sources = ("Intel ATX 3.0 design guide: a 300 W GPU 'could potentially need' 1,100 W on an ATX 2.x PSU",)
    reads = ("psu.atx_version", "psu.native_12v2x6", "psu_w", "gpu.tdp_w", "gpus", "cpu.tdp_w", "rest_w")
    messages = (
        Message(
            "atx2", "ATX 2.x without excursion testing: 2 x GPU power spikes to {spike_w:.0f} W against {psu_w:.0f} W"
        ),
        Message("crps", "server CRPS modules sized by the chassis vendor"),
    )
    model = BUILDER

    def applies(self, psu: Psu) -> bool:
        return not _atx3(psu)

    def check(self, psu: Psu, count: int, gpu: Gpu, gpus: int, cpu: Cpu, sockets: int, rest_w: float) -> Verdict:
        if psu.atx_version == "crps":
            return self.say("pass", "crps")
        spike = pw.transient_load_w(gpu, gpus, cpu, sockets, rest_w, pw.ATX2_SPIKE_RATIO)
        capacity = psu.watts * count
        return self.verdict(spike <= capacity, "atx2", spike_w=spike, psu_w=capacity)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        if ps.kind == "atx2":
            model.m.add(model.spike_w <= int(ps.capacity_w)).only_enforce_if(lit)


@register
class Atx3Excursions(Rule):
    id = "PWR-4"
    title = "GPU excursions within ATX 3.x limits (200 % for 100 us, 160 % for 10 ms)"
    severity = "fail"
    sources = (
        "ATX 3.0 specification via HotHardware: 200 % for 100 us, 160 % for 10 ms",
        "Lenovo: RTX A6000 transient 654 W at 200 us (2.18)",
        "Igor's Lab: RTX 5090 738 W for 5-10 ms",
    )
    reads = ("psu.atx_version", "psu.native_12v2x6", "psu_w", "gpu.tdp_w", "gpu.market", "gpus", "cpu.tdp_w", "rest_w")
    messages = (
        Message(
            "atx3",
            "ATX {atx}: spikes of {fast_w:.0f} W (100 us) and {slow_w:.0f} W (10 ms) against "
            "{fast_limit:.0%} and {slow_limit:.0%} of {psu_w:.0f} W",
        ),
    )
    model = BUILDER

    def applies(self, psu: Psu) -> bool:
        return _atx3(psu)

    def check(self, psu: Psu, count: int, gpu: Gpu, gpus: int, cpu: Cpu, sockets: int, rest_w: float) -> Verdict:
        capacity = psu.watts * count
        fast = pw.transient_load_w(gpu, gpus, cpu, sockets, rest_w, pw.transient_ratio(gpu))
        slow = pw.transient_load_w(gpu, gpus, cpu, sockets, rest_w, pw.SLOW_TRANSIENT_RATIO)
        ok = fast <= pw.ATX3_100US * capacity and slow <= pw.ATX3_10MS * capacity
        return self.verdict(
            ok,
            "atx3",
            atx=psu.atx_version,
            fast_w=fast,
            slow_w=slow,
            fast_limit=pw.ATX3_100US,
            slow_limit=pw.ATX3_10MS,
            psu_w=capacity,
        )

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        if ps.kind == "atx3":
            model.m.add(model.fast_w <= int(pw.ATX3_100US * ps.capacity_w)).only_enforce_if(lit)
            model.m.add(model.slow_w <= int(pw.ATX3_10MS * ps.capacity_w)).only_enforce_if(lit)


def transient_check(psu: Psu, count: int, gpu: Gpu, gpus: int, cpu: Cpu, sockets: int, rest_w: float) -> Verdict:
    """PWR-4 for an ATX 3.x unit with a native 12V-2x6 plug, PWR-3 for any other."""
    if _atx3(psu):
        return instance(Atx3Excursions).check(psu, count, gpu, gpus, cpu, sockets, rest_w)
    return instance(Atx2Spikes).check(psu, count, gpu, gpus, cpu, sockets, rest_w)


def _plugs(f: Mapping[str, Any]) -> str:
    cards = (
        " and ".join(f"{n} x {plug}" for n, plug in ((f["need16"], "12V-2x6"), (f["need8"], "8-pin PCIe")) if n)
        or "no plugs"
    )
    adapters = f" ({f['adapted']} card(s) on {f['per_adapter']}x 8-pin adapters)" if f["adapted"] else ""
    return (
        f"GPUs need {cards}, the CPU and cards {f['need_eps']} x EPS; PSU has {f['have16']} x 12V-2x6, "
        f"{f['have8']} x 8-pin PCIe and {f['have_eps']} x EPS{adapters}; one cable per connector, "
        "no pigtails above 250 W"
    )


@register
class Connectors(Rule):
    id = "PWR-6"
    title = "every GPU and CPU power plug on its own cable (adapters from spare 8-pin PCIe, never pigtails)"
    severity = "fail"
    sources = ("TechSpot: 75/150/600 W per slot, 8-pin and 12V-2x6", "TechOverwrite: no pigtails above 250 W")
    reads = ("gpu.power_connectors", "gpus", "cpu.platform", "psu.connectors", "psu_count")
    messages = (Message("plugs", _plugs),)
    model = BUILDER

    def check(self, psu: Psu, count: int, gpu: Gpu, gpus: int, cpu: Cpu) -> Verdict:
        """The CPU's EPS inputs of one socket, as the model counts them: desktop PSUs feed single-socket boards (the
        catalog's dual-socket boards come inside barebones, on their own modules: rule PSU)."""
        need16, need8, gpu_eps = pw.gpu_connector_needs(gpu, gpus)
        need_eps = gpu_eps + pw.cpu_eps_connectors(cpu, 1)
        have16, have8, have_eps = (
            psu.connectors.hpwr16 * count,
            psu.connectors.pcie8 * count,
            psu.connectors.eps8 * count,
        )
        ok = pw.connectors_ok(need16, need8, need_eps, have16, have8, have_eps)
        missing = max(0, need16 - have16)
        return self.verdict(
            ok,
            "plugs",
            need16=need16,
            need8=need8,
            need_eps=need_eps,
            have16=have16,
            have8=have8,
            have_eps=have_eps,
            adapted=missing if ok else 0,
            per_adapter=pw.ADAPTER_PCIE8_PER_HPWR,
        )

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        if ps.kind == "included":
            return
        psu = ps.psu.record
        have = (psu.connectors.hpwr16 * ps.count, psu.connectors.pcie8 * ps.count, psu.connectors.eps8 * ps.count)
        for (need16, need8, gpu_eps), nvar in model.need_vars.items():
            for cpu_eps, evar in model.eps_vars.items():
                if not pw.connectors_ok(need16, need8, gpu_eps + cpu_eps, *have):
                    model.m.add_bool_or([lit.negated(), nvar.negated(), evar.negated()])


@register
class PsuBays(Rule):
    id = "PWR-11"
    title = "two PSUs only in a case with two PSU bays, or on an open frame"
    severity = "fail"
    sources = ("case specifications: PSU bays (e.g. Phanteks Enthoo Pro 2: dual-PSU support)",)
    reads = ("psu_count", "chassis.psu_bays", "chassis.kind")
    messages = (Message("bays", "{psus} PSU(s) in a {kind} with {bays} PSU bay(s)"),)
    model = "BuildModel._psu_kinds"
    quiet = True

    def check(self, psu_count: int, chassis: Chassis) -> Verdict:
        ok = psu_count < 2 or chassis.psu_bays >= 2 or chassis.kind == "open-frame"
        return self.verdict(ok, "bays", psus=psu_count, kind=chassis.kind, bays=chassis.psu_bays)

    def constrain(self, model: Any, **site: Any) -> None:
        two_psus = model.any_of("two_psus", [model.s[i] for i, ps in enumerate(model.psu_choices) if ps.count == 2])
        one_bay = model.any_of(
            "one_bay", [model.h[i] for i, h in enumerate(model.chassis) if h.psu_bays < 2 and h.kind != "open-frame"]
        )
        model.m.add(two_psus + one_bay <= 1)


@register
class BarebonePsu(Rule):
    id = "PSU"
    title = "a GPU-server barebone runs on its own PSU modules, and only on them"
    severity = "fail"
    sources = ("vendor barebone specifications: redundant CRPS modules are part of the chassis",)
    reads = ("chassis.integrated_board", "chassis.included_psu_w", "chassis.psu_redundant", "psu")
    messages = (
        Message(
            "modules",
            lambda f: (
                f"server modules: {f['watts']:.0f} W installed"
                + (", planned against half for N+N redundancy" if f["redundant"] else "")
            ),
        ),
        Message("desktop", "a desktop PSU"),
        Message("mixed", "a desktop PSU in a barebone that has its own modules"),
    )
    model = "BuildModel._psu_kinds"
    quiet = True  # listed for a barebone's modules (the line says what they are planned against)

    def check(self, chassis: Chassis, psu: Psu | None) -> Verdict:
        if psu is None:
            return self.say("pass", "modules", watts=chassis.included_psu_w, redundant=chassis.psu_redundant)
        return self.verdict(
            chassis.integrated_board is None, "desktop" if chassis.integrated_board is None else "mixed"
        )

    def constrain(self, model: Any, **site: Any) -> None:
        barebone = model.any_of("barebone", [model.h[i] for i, h in enumerate(model.chassis) if h.integrated_board])
        for si, ps in enumerate(model.psu_choices):
            if ps.kind == "included":
                assert ps.chassis_index is not None
                model.m.add(model.s[si] == model.h[ps.chassis_index])
        desktop_psu = model.any_of(
            "desktop_psu", [model.s[i] for i, ps in enumerate(model.psu_choices) if ps.kind != "included"]
        )
        model.m.add(desktop_psu + barebone <= 1)


@register
class Capacity(Rule):
    id = "PWR-1"
    title = "the sustained DC load within the PSU's rating"
    severity = "fail"
    sources = ("basic capacity (docs/build-rules.md)",)
    reads = ("dc_load_w", "psu_w")
    messages = (Message("capacity", "sustained DC load {dc_load_w:.0f} W on {psu_w:.0f} W of PSU"),)

    def check(self, dc_load_w: float, psu_w: float) -> Verdict:
        return self.verdict(dc_load_w <= psu_w, "capacity", dc_load_w=dc_load_w, psu_w=psu_w)


@register
class Outlet(Rule):
    id = "PWR-5"
    title = "at most 1600 W per ATX PSU on a household outlet below 200 V"
    severity = "fail"
    sources = ("Lambda: 'at most 1600W at standard home/office voltages'",)
    reads = ("psu.watts", "circuit_volts")
    messages = (Message("outlet", "{psu_w:.0f} W unit on a {volts:.0f} V outlet (at most 1600 W per ATX PSU)"),)

    def check(self, psu_w: float, volts: float) -> Verdict:
        """For a build with its own PSU on a circuit below 200 V (candidates.py filters the PSUs by it)."""
        return self.verdict(psu_w <= pw.SINGLE_PSU_MAX_120V, "outlet", psu_w=psu_w, volts=volts)


@register
class PowerLimit(Rule):
    id = "PWR-9"
    title = "a GPU power limit holds only when set at every boot"
    severity = "warn"
    sources = ("NVML: a power limit is 'not persistent across reboots'",)
    reads = ("request.power_limit", "gpu.vendor", "gpu.tdp_w")
    messages = (
        Message(
            "at-boot",
            "GPUs limited to {watts:.0f} W each ({limit:.0%}): run `{command}` at every boot (a systemd unit); "
            "the limit does not persist",
        ),
    )


@register
class CircuitMargin(Rule):
    id = "CIR-2"
    title = "a circuit loaded beyond 90 % of its continuous limit takes nothing else"
    severity = "warn"
    sources = ("Lambda: 'we recommend against workstations exceeding 1440W'",)
    reads = ("wall_w", "circuit_limit_w")
    messages = (
        Message(
            "margin",
            "{share:.0%} of the circuit's continuous limit: nothing else may run on it (keep {spare:.0%} free for other "
            "loads, or power-limit the GPUs)",
        ),
    )

    def applies(self, wall_w: float, limit_w: float) -> bool:
        return wall_w > pw.CIRCUIT_MARGIN * limit_w

    def check(self, wall_w: float, limit_w: float) -> Verdict:
        """For a build within the circuit (CIR-1) that loads it beyond the margin."""
        return self.say("warn", "margin", share=wall_w / limit_w, spare=1 - pw.CIRCUIT_MARGIN)
