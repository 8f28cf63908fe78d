"""Power rules (docs/build-rules.md, Power and Circuits): PSU load, transients, a second PSU, oversizing,
connectors, bays, a barebone's own modules and the wall circuit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from configurator.core.catalog.models import Chassis, Cpu, Gpu, Psu
from configurator.core.rules import watts as pw
from configurator.core.rules.base import Message, Rule, Verdict, at, register
from configurator.core.rules.facts import BuildFacts, OptionNeed


def _owned(ps: Any) -> bool:
    return ps.psu is not None and bool(ps.psu.owned)


def _zh_plugs(f: Mapping[str, Any]) -> str:
    cards = "、".join(f"{n} 个 {plug}" for n, plug in ((f["need16"], "12V-2x6"), (f["need8"], "8-pin PCIe")) if n)
    adapters = f"（{f['adapted']} 张卡用 {f['per_adapter']} 个 8-pin 转接线）" if f["adapted"] else ""
    return (
        f"显卡需要 {cards or '无供电接口'}，CPU 与显卡需要 {f['need_eps']} 个 EPS；电源有 {f['have16']} 个 12V-2x6、"
        f"{f['have8']} 个 8-pin PCIe 和 {f['have_eps']} 个 EPS{adapters}；每个接口单独一根线，250 W 以上不用一拖二"
    )


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
    messages = (
        Message(
            "load", "PSU loaded to {load:.0%} (at most {target:.0%})", zh="电源负载 {load:.0%}（最多 {target:.0%}）"
        ),
    )
    model = (at("psu", 10),)
    listed = 210

    def holds(self, dc_load_w: float, psu_w: float) -> bool:
        """Also the search's bound (lazy.py: the cheapest PSU that carries an option) and the one-more-GPU hint."""
        return dc_load_w <= pw.PSU_TARGET_LOAD * psu_w

    bounds = ("psu",)

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        """The cheapest supply that carries an option's cards at the target load (the search's bound)."""
        return self.holds(need.sustained_w, part)

    def least_psu_w(self, dc_load_w: float) -> float:
        return dc_load_w / pw.PSU_TARGET_LOAD

    def check(self, dc_load_w: float, psu_w: float) -> Verdict:
        load = dc_load_w / psu_w if psu_w else 9
        return self.verdict(load <= pw.PSU_TARGET_LOAD, "load", load=load, target=pw.PSU_TARGET_LOAD)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        model.m.add(100 * model.dc <= int(100 * pw.PSU_TARGET_LOAD * ps.capacity_w)).only_enforce_if(lit)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.dc_load_w, build.psu_w)


@register
class SecondPsu(Rule):
    id = "PWR-8"
    title = "a second PSU only when no single unit that can power the cards carries the load at 80 %"
    # avoid (was: a warning in the check, a ban in the model): two supplies need a sync board and split cabling,
    # so the model never chooses them when one would do; a user's own pair is used as it is, and warned about
    severity = "avoid"
    sources = ("RunLocalAI: Add2PSU sync boards", "WOPR build log: a card's slot 12 V and cables from one PSU")
    reads = ("psu_count", "dc_load_w", "largest_single_psu_w")
    messages = (
        Message(
            "needed",
            "two PSUs started together by a sync board; feed each card's cables from one PSU",
            zh="两个电源由同步板一起启动；每张卡的供电线都来自同一个电源",
        ),
        Message(
            "one-would-do",
            "two PSUs started together by a sync board; feed each card's cables from one PSU: "
            "one {largest_w:.0f} W unit would carry this {dc_load_w:.0f} W load",
            zh=(
                "两个电源由同步板一起启动；每张卡的供电线都来自同一个电源：一个 {largest_w:.0f} W 电源就能带动这 {dc_load_w:.0f} W 负载"
            ),
        ),
    )
    model = (at("psu", 20),)
    listed = 235

    def check(self, dc_load_w: float, largest_single_psu_w: float) -> Verdict:
        """For a build with two PSUs."""
        if pw.two_psus_needed(dc_load_w, largest_single_psu_w):
            return self.say("pass", "needed")
        return self.verdict(False, "one-would-do", largest_w=largest_single_psu_w, dc_load_w=dc_load_w)

    def constrain(self, model: Any, **site: Any) -> None:
        """power.two_psus_needed for each class of GPU options by the largest single unit that powers their cards
        (watts.largest_single_psu_w, the check's own fact): none (0 W) allows two at any load."""
        ps, lit = site["ps"], site["lit"]
        if ps.count == 2 and not _owned(ps):
            for largest_w, chosen in model.largest_single_psu_w.items():
                if largest_w > 0:
                    model.m.add(100 * model.dc >= int(100 * pw.PSU_TARGET_LOAD * largest_w) + 1).only_enforce_if(
                        [lit] if chosen is None else [lit, chosen]
                    )

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.psu is None or build.psu_count < 2:
            return None
        return self.check(build.dc_load_w, build.largest_single_psu_w)


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
        Message(
            "sized",
            "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load",
            zh="{psu_w:.0f} W 电源带 {dc_load_w:.0f} W 负载",
        ),
        Message(
            "oversized",
            "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load ({ratio:.1f}x): "
            "spare capacity for more GPUs, but more money and a lower efficiency at this load",
            zh=(
                "{psu_w:.0f} W 电源带 {dc_load_w:.0f} W 负载（{ratio:.1f} 倍）：留有加卡余量，但更贵，此负载下效率更低"
            ),
        ),
        Message(
            "cheapest",
            "{psu_w:.0f} W of PSU for a {dc_load_w:.0f} W load ({ratio:.1f}x): "
            "the cheapest adequate supply in the catalog; a 450-550 W unit would do",
            zh=(
                "{psu_w:.0f} W 电源带 {dc_load_w:.0f} W 负载（{ratio:.1f} 倍）：目录中最便宜的够用电源；450-550 W 就够"
            ),
        ),
    )
    model = (at("psu", 30),)
    quiet = True
    listed = 215

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

    def assess(self, build: BuildFacts) -> Verdict | None:
        return None if build.psu is None else self.shown(self.check(build.dc_load_w, build.psu_w))


@register
class Circuit(Rule):
    id = "CIR-1"
    title = "the wall draw within the circuits' continuous limit"
    severity = "fail"
    sources = (
        "NEC 210.19/210.20: continuous loads at 80 % of the breaker rating (120 V 15 A -> 1440 W)",
        "NEC 210.20(A): the breaker's rating not less than the noncontinuous load plus 125 % of the continuous load",
        "80 PLUS efficiency at full load (Tom's Hardware table, R25)",
    )
    reads = ("dc_load_w", "psu_tier", "circuit_volts", "circuit_limit_w", "outlets", "continuous_wall_w")
    messages = (
        Message(
            "wall",
            "{wall_w:.0f} W at the wall against {limit_w:.0f} W continuous on {outlets} x {circuit}",
            zh="墙插功率 {wall_w:.0f} W，{outlets} 路 {circuit} 持续上限 {limit_w:.0f} W",
        ),
        Message(
            "wall-one",
            "{wall_w:.0f} W at the wall against {limit_w:.0f} W continuous on {circuit}",
            zh="墙插功率 {wall_w:.0f} W，{circuit} 持续上限 {limit_w:.0f} W",
        ),
        Message(
            "burst",
            lambda f: (
                f"{f['wall_w']:.0f} W at the wall in a prompt (every card at once), {f['continuous_w']:.0f} W decoding "
                f"for hours: {f['load_w']:.0f} W by NEC 210.20(A) (the burst plus 25 % of the lasting draw) against "
                f"the {f['rating_w']:.0f} W breaker"
                + (f"s of {f['outlets']} x" if f["outlets"] > 1 else " of")
                + f" {f['circuit']}"
            ),
            zh=lambda f: (
                f"处理提示时墙插 {f['wall_w']:.0f} W（所有卡同时满载），解码时持续 {f['continuous_w']:.0f} W："
                f"按 NEC 210.20(A)（短时负载加持续负载的 25%）合计 {f['load_w']:.0f} W，"
                + (f"{f['outlets']} 路 " if f["outlets"] > 1 else "")
                + f"{f['circuit']} 断路器额定 {f['rating_w']:.0f} W"
            ),
        ),
        Message(
            "system", "{max_w:,.0f} W maximum against {limit_w:,.0f} W", zh="最大 {max_w:,.0f} W，上限 {limit_w:,.0f} W"
        ),
        Message(
            "servers",
            lambda f: (
                f"{f['max_w']:,.0f} W maximum system power against {f['limit_w']:,.0f} W on {f['circuits']} x "
                f"{f['circuit']}"
                + ("" if f["max_w"] <= f["limit_w"] else ": needs dedicated 200-240 V server-room feeds")
            ),
            zh=lambda f: (
                f"系统最大功率 {f['max_w']:,.0f} W，{f['circuits']} 路 {f['circuit']} 上限 {f['limit_w']:,.0f} W"
                + ("" if f["max_w"] <= f["limit_w"] else "：需要机房专用 200-240 V 供电")
            ),
        ),
    )
    model = (at("psu", 40),)
    listed = 250

    def check(
        self,
        wall_w: float,
        limit_w: float,
        outlets: int,
        circuit: str,
        circuit_id: str = "",
        continuous_w: float | None = None,
    ) -> Verdict:
        """`circuit` is the circuit's English name, `circuit_id` its code (its Chinese is rendered from it).
        `continuous_w`, the draw that lasts where it is below the full one (one stream decoding on a layer split), makes
        the full draw a burst: the breaker is judged by NEC 210.20(A) (watts.circuit_holds), as an electrician would."""
        fields = {
            "wall_w": wall_w,
            "limit_w": limit_w,
            "outlets": outlets,
            "circuit": circuit,
            "circuit_id": circuit_id,
        }
        if continuous_w is None or continuous_w >= wall_w:
            return self.verdict(wall_w <= limit_w, "wall", **fields)
        load, rating = pw.circuit_load(wall_w, continuous_w, limit_w)  # the breakers' rating (a burst over decoding)
        return self.verdict(load <= rating, "burst", **fields, continuous_w=continuous_w, load_w=load, rating_w=rating)

    def constrain(self, model: Any, **site: Any) -> None:
        ps, lit = site["ps"], site["lit"]
        eff = pw.efficiency(ps.tier, model.volts)
        outlets = min(ps.count if ps.kind != "included" else 4, model.request.circuits)
        relief = model.lasting_relief  # a one-stream layer split's bursts (watts.circuit_holds, as `check`)
        model.m.add(1000 * model.dc <= int(1000 * eff * model.limit * outlets) + relief).only_enforce_if(lit)

    def assess(self, build: BuildFacts) -> Verdict | None:
        outlets = min(build.circuits, build.psu_count if build.psu else 4)
        return self.check(
            build.wall_w, build.circuit_limit_w, outlets, build.circuit, build.circuit_id, build.continuous_wall_w
        )


def _atx3(psu: Psu) -> bool:
    """ATX 3.x with a native 12V-2x6 plug: the units the excursion test binds (R19)."""
    return pw.excursion_tested(psu)


@register
class Atx2Spikes(Rule):
    id = "PWR-3"
    title = "a PSU without ATX 3 excursion testing carries twice the GPUs' power"
    severity = "fail"
    sources = ("Intel ATX 3.0 design guide: a 300 W GPU 'could potentially need' 1,100 W on an ATX 2.x PSU",)
    reads = ("psu.atx_version", "psu.native_12v2x6", "psu_w", "gpu.tdp_w", "gpus", "cpu.tdp_w", "rest_w")
    messages = (
        Message(
            "atx2",
            "ATX 2.x without excursion testing: 2 x GPU power spikes to {spike_w:.0f} W against {psu_w:.0f} W",
            zh="ATX 2.x 未做瞬态测试：2 倍 GPU 功率的尖峰达 {spike_w:.0f} W，电源 {psu_w:.0f} W",
        ),
        Message("crps", "server CRPS modules sized by the chassis vendor", zh="服务器 CRPS 电源模块，由机箱厂商配好"),
    )
    model = (at("psu", 60),)
    listed = 220

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

    def assess(self, build: BuildFacts) -> Verdict | None:
        """One line for PWR-3 and PWR-4: this rule's where the PSU is no ATX 3.x unit with a native 12V-2x6 plug."""
        b, psu = build, build.psu
        if psu is None or not self.applies(psu):
            return None
        return self.check(psu, b.psu_count, b.gpu, b.gpus, b.cpu, b.sockets, b.rest_w)


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
            zh=(
                "ATX {atx}：尖峰 {fast_w:.0f} W（100 微秒）和 {slow_w:.0f} W（10 毫秒），上限为 {psu_w:.0f} W 的 "
                "{fast_limit:.0%} 和 {slow_limit:.0%}"
            ),
        ),
    )
    model = (at("psu", 50),)
    listed = 221

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

    def assess(self, build: BuildFacts) -> Verdict | None:
        b, psu = build, build.psu
        if psu is None or not self.applies(psu):
            return None
        return self.check(psu, b.psu_count, b.gpu, b.gpus, b.cpu, b.sockets, b.rest_w)


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
    messages = (Message("plugs", _plugs, zh=_zh_plugs),)
    model = (at("psu", 70),)
    listed = 230

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

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.psu is None:
            return None
        return self.check(build.psu, build.psu_count, build.gpu, build.gpus, build.cpu)


@register
class PsuBays(Rule):
    id = "PWR-11"
    title = "two PSUs only in a case with two PSU bays, or on an open frame"
    severity = "fail"
    sources = ("case specifications: PSU bays (e.g. Phanteks Enthoo Pro 2: dual-PSU support)",)
    reads = ("psu_count", "chassis.psu_bays", "chassis.kind")
    messages = (
        Message(
            "bays",
            "{psus} PSU(s) in a {kind} with {bays} PSU bay(s)",
            zh="{psus} 个电源装在有 {bays} 个电源位的 {kind} 中",
        ),
    )
    model = (at("psu kinds", 20),)
    quiet = True
    listed = 240

    def check(self, psu_count: int, chassis: Chassis) -> Verdict:
        ok = psu_count < 2 or chassis.psu_bays >= 2 or chassis.kind == "open-frame"
        return self.verdict(ok, "bays", psus=psu_count, kind=chassis.kind, bays=chassis.psu_bays)

    def constrain(self, model: Any, **site: Any) -> None:
        two_psus = model.any_of("two_psus", [model.s[i] for i, ps in enumerate(model.psu_choices) if ps.count == 2])
        one_bay = model.any_of(
            "one_bay", [model.h[i] for i, h in enumerate(model.chassis) if h.psu_bays < 2 and h.kind != "open-frame"]
        )
        model.m.add(two_psus + one_bay <= 1)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.shown(self.check(build.psu_count if build.psu else 1, build.chassis))


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
            zh=lambda f: (
                f"服务器电源模块：共 {f['watts']:.0f} W" + ("，按 N+N 冗余以一半计算" if f["redundant"] else "")
            ),
        ),
        Message("desktop", "a desktop PSU", zh="台式机电源"),
        Message(
            "mixed", "a desktop PSU in a barebone that has its own modules", zh="自带电源模块的准系统里装了台式机电源"
        ),
    )
    model = (at("psu kinds", 10),)
    quiet = True  # listed for a barebone's modules (the line says what they are planned against)
    listed = 245

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

    def assess(self, build: BuildFacts) -> Verdict | None:
        verdict = self.check(build.chassis, build.psu)
        return verdict if build.psu is None else self.shown(verdict)


@register
class Capacity(Rule):
    id = "PWR-1"
    title = "the sustained DC load within the PSU's rating"
    severity = "fail"
    sources = ("basic capacity (docs/build-rules.md)",)
    reads = ("dc_load_w", "psu_w")
    messages = (
        Message(
            "capacity",
            "sustained DC load {dc_load_w:.0f} W on {psu_w:.0f} W of PSU",
            zh="持续直流负载 {dc_load_w:.0f} W，电源 {psu_w:.0f} W",
        ),
    )
    listed = 205

    def check(self, dc_load_w: float, psu_w: float) -> Verdict:
        return self.verdict(dc_load_w <= psu_w, "capacity", dc_load_w=dc_load_w, psu_w=psu_w)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.dc_load_w, build.psu_w)


@register
class Outlet(Rule):
    id = "PWR-5"
    title = "at most 1600 W per ATX PSU on a household outlet below 200 V"
    severity = "fail"
    sources = ("Lambda: 'at most 1600W at standard home/office voltages'",)
    reads = ("psu.watts", "circuit_volts")
    messages = (
        Message(
            "outlet",
            "{psu_w:.0f} W unit on a {volts:.0f} V outlet (at most 1600 W per ATX PSU)",
            zh="{psu_w:.0f} W 电源接 {volts:.0f} V 插座（每个 ATX 电源最多 1600 W）",
        ),
    )
    listed = 225

    def check(self, psu_w: float, volts: float) -> Verdict:
        """For a build with its own PSU on a circuit below 200 V (candidates.py filters the PSUs by it)."""
        return self.verdict(psu_w <= pw.SINGLE_PSU_MAX_120V, "outlet", psu_w=psu_w, volts=volts)

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.psu is None or build.circuit_volts >= 200:
            return None  # a candidate filter (candidates.py), explained here
        return self.check(build.psu.watts, build.circuit_volts)


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
            zh="GPU 限制在每块 {watts:.0f} W（{limit:.0%}）：每次开机都要运行 `{command}`（systemd 服务）；限制不会保留",
        ),
    )
    listed = 200

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.power_limit is None:
            return None
        watts = pw.gpu_sustained_w(build.gpu, build.power_limit)
        return self.say("warn", "at-boot", watts=watts, limit=build.power_limit, command=build.cap_command)


@register
class CircuitMargin(Rule):
    id = "CIR-2"
    title = "a circuit loaded beyond 90 % of the limit CIR-1 judges it against takes nothing else"
    severity = "warn"
    sources = ("Lambda: 'we recommend against workstations exceeding 1440W'",)
    reads = ("wall_w", "circuit_limit_w", "continuous_wall_w")
    messages = (
        Message(
            "margin",
            lambda f: (
                (
                    f"{f['load_w']:,.0f} W by NEC 210.20(A) is {f['share']:.0%} of the {f['against_w']:,.0f} W breaker "
                    "rating"
                    if f.get("breaker")
                    else f"{f['share']:.0%} of the circuit's continuous limit"
                )
                + f": nothing else may run on it (keep {f['spare']:.0%} free for other loads, or power-limit the GPUs)"
            ),
            zh=lambda f: (
                (
                    f"按 NEC 210.20(A) 合计 {f['load_w']:,.0f} W，占断路器额定 {f['against_w']:,.0f} W 的 {f['share']:.0%}"
                    if f.get("breaker")
                    else f"占电路持续上限的 {f['share']:.0%}"
                )
                + f"：这条电路上不能再接别的（为其他负载留 {f['spare']:.0%}，或限制 GPU 功率）"
            ),
        ),
    )
    listed = 255

    def applies(self, wall_w: float, limit_w: float, continuous_w: float | None = None) -> bool:
        load, against = pw.circuit_load(wall_w, continuous_w, limit_w)
        return load > pw.CIRCUIT_MARGIN * against

    def check(self, wall_w: float, limit_w: float, continuous_w: float | None = None) -> Verdict:
        """For a build within the circuit (CIR-1) that loads it beyond the margin: the share is of the load and the
        limit CIR-1 compared (watts.circuit_load), so a build CIR-1 passes is never warned above 100 %."""
        load, against = pw.circuit_load(wall_w, continuous_w, limit_w)
        return self.say(
            "warn",
            "margin",
            share=load / against,
            spare=1 - pw.CIRCUIT_MARGIN,
            load_w=load,
            against_w=against,
            breaker=pw.judged_by_breaker(wall_w, continuous_w),
        )

    def assess(self, build: BuildFacts) -> Verdict | None:
        if not build.circuit_ok or not self.applies(build.wall_w, build.circuit_limit_w, build.continuous_wall_w):
            return None
        return self.check(build.wall_w, build.circuit_limit_w, build.continuous_wall_w)
