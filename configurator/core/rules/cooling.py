"""Cooling and CPU rules (docs/build-rules.md, Slots/cooling and CPU): passive and open-air cards against the
case's airflow, open-air flagships in towers, cores per GPU, and the CPU cooler."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.models import Chassis
from configurator.core.rules import compat
from configurator.core.rules.base import Message, Rule, Status, Verdict, at, register
from configurator.core.rules.compat import CpuCooler as CpuCooler  # with the pairwise rules, named here too
from configurator.core.rules.facts import BuildFacts, OptionNeed

TOWERS = ("mid-tower", "full-tower")
CORES_PER_GPU = 4  # CPU-1 (Puget Systems)


@register
class PassiveCards(Rule):
    id = "COOL-2"
    title = "passive cards only with ducted server airflow"
    severity = "fail"
    sources = (
        "NVIDIA H100 PCIe product brief: the passive heat sink 'requires system airflow'",
        "Ariez Labs, 'Cooling a Tesla P40': desktop fans 'lack the required static pressure'",
    )
    reads = ("gpu.cooler", "chassis.airflow", "option.card_usd")
    messages = (
        Message(
            "ducted",
            lambda f: "passive cards need ducted server airflow" + (": provided" if f["ducted"] else ""),
            zh=lambda f: "被动散热卡需要服务器风道" + ("：已具备" if f["ducted"] else ""),
        ),
        Message(
            "shroud",
            "{tdp_w:.0f} W passive cards need a server's fan wall: an open frame's blower shrouds "
            "cool cards up to {limit_w:.0f} W",
            zh="{tdp_w:.0f} W 的被动散热卡需要服务器风扇墙：开放式机架的涡轮导风罩只能冷却 {limit_w:.0f} W 以内的卡",
        ),
        Message(
            "dear",
            "passive cards of {card_usd:,.0f} USD each go in a server chassis built for them: an open frame's blower "
            "shrouds are for used cards up to {limit_usd:,.0f} USD",
            zh="每张 {card_usd:,.0f} 美元的被动散热卡应装进为其设计的服务器机箱：开放式机架的涡轮导风罩只适合 "
            "{limit_usd:,.0f} 美元以内的二手卡",
        ),
    )
    model = (at("cooling", 10),)

    listed = 325

    def check(self, chassis: Chassis, gpu: Any = None, card_usd: float | None = None) -> Verdict:
        """For a build of passive cards (`card_usd`: one card's price, USD)."""
        if gpu is not None and compat.ducted(chassis) and not compat.shroud_cools(gpu, chassis):
            return self.verdict(False, "shroud", tdp_w=gpu.tdp_w, limit_w=compat.SHROUD_MAX_TDP_W)
        if gpu is not None and compat.ducted(chassis) and not compat.shroud_cools(gpu, chassis, card_usd):
            return self.verdict(False, "dear", card_usd=round(card_usd or 0.0), limit_usd=compat.SHROUD_MAX_CARD_USD)
        ok = compat.ducted(chassis)
        return self.verdict(ok, "ducted", ducted=ok)

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(model.passive <= model.ducted)
        # an open frame's blower shrouds cool passive cards up to their rating, and are for cheap, used ones
        # (compat.SHROUD_MAX_CARD_USD); hotter or dearer ones go in a server
        hot = model.any_of(
            "hot_passive_gpus",
            [
                model.o[i]
                for i, o in enumerate(model.options)
                if compat.needs_ducted(o.gpu)
                and (o.gpu.tdp_w > compat.SHROUD_MAX_TDP_W or compat.shroud_too_dear(o.card_usd))
            ],
        )
        model.m.add(hot + model.open_frame <= 1)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.chassis, build.gpu, build.card_usd) if compat.needs_ducted(build.gpu) else None


@register
class OpenAirInDucts(Rule):
    id = "COOL-5"
    title = "open-air cards never in a ducted server chassis"
    severity = "fail"
    sources = ("Supermicro GPU server guides: front-to-back airflow through passive (or blower) cards only",)
    reads = ("gpu.cooler", "chassis.airflow")
    messages = (
        Message(
            "airflow",
            "{cooler} cards in a {kind} with {airflow} airflow",
            zh="{cooler}卡装在 {airflow} 风道的 {kind} 中",
        ),
    )
    model = (at("cooling", 20),)
    quiet = True

    listed = 330

    def check(self, gpu_cooler: str, chassis: Chassis) -> Verdict:
        # fans blowing across the card fight a ducted server's front-to-back airflow
        ok = gpu_cooler != "open-air" or not compat.ducted(chassis)
        return self.verdict(ok, "airflow", cooler=gpu_cooler, kind=chassis.kind, airflow=chassis.airflow)

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(model.open_air + model.ducted <= 1)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.shown(self.check(build.gpu.cooler, build.chassis))


@register
class OpenAirFlagships(Rule):
    id = "COOL-4"
    title = "no more than two open-air flagship cards in a tower"
    severity = "fail"
    sources = (
        "Lambda: '2x RTX 3090 - 3x is likely possible with liquid cooling/PCIe extendors'",
        "Puget (copy): 4080/4090 'may not be suitable for systems with more than two GPUs'",
    )
    reads = ("gpu.cooler", "gpu.tdp_w", "gpus", "chassis.kind")
    messages = (
        Message(
            "tower",
            "{gpus} open-air {tdp_w:.0f} W cards: only with risers, water or a rack",
            zh="{gpus} 张 {tdp_w:.0f} W 风扇卡：只能用延长线、水冷或机架",
        ),
        Message(
            "watch",
            "{gpus} open-air {tdp_w:.0f} W cards: only with risers, water or a rack ({kind}); "
            "watch intake temperatures",
            zh="{gpus} 张 {tdp_w:.0f} W 风扇卡：只能用延长线、水冷或机架（{kind}）；注意进风温度",
        ),
    )
    model = (at("cooling", 30),)

    listed = 335

    def check(self, gpus: int, tdp_w: float, chassis: Chassis) -> Verdict:
        """For a build of more than two open-air flagships: a failure in a tower, advice elsewhere (a warning)."""
        if chassis.kind in TOWERS:
            return self.verdict(False, "tower", gpus=gpus, tdp_w=tdp_w)
        return self.say("warn", "watch", gpus=gpus, tdp_w=tdp_w, kind=chassis.kind)

    def constrain(self, model: Any, **site: Any) -> None:
        model.m.add(model.flagships + model.tower <= 1)

    def assess(self, build: BuildFacts) -> Verdict | None:
        if not compat.open_air_flagships(build.gpu.cooler, build.gpu.tdp_w, build.gpus):
            return None
        return self.check(build.gpus, build.gpu.tdp_w, build.chassis)


@register
class CoresPerGpu(Rule):
    id = "CPU-1"
    title = "four CPU cores per GPU (advised: 16 for a multi-GPU box, 8 for one GPU)"
    # fail (was: a warning in the check, a ban in the model): the model has always refused fewer than four cores
    # per GPU, so the check now fails such a build too; the higher minimum stays advice (a warning, no constraint)
    severity = "fail"
    sources = ("Puget Systems: four CPU cores per GPU, at least 16 cores in a multi-GPU workstation",)
    reads = ("cpu.cores", "sockets", "gpus", "gpu.gpus_per_card")
    # GPUs, not cards: a dual-GPU card (Arc Pro B60 Dual, gpus_per_card 2; PCI-8) is two GPUs, each with its own
    # process in a multi-GPU job, so four of them ask for 32 cores as eight single cards do
    messages = (
        Message(
            "cores",
            # "2 GPUs", "1 GPU": Mina's two-card build read "8 cores for 2 GPU(s)" in its Checks tab (walk42)
            lambda f: (
                f"{f['cores']} cores for {f['gpus']} GPU{'' if f['gpus'] == 1 else 's'} (4 per GPU, 16 for a "
                "multi-GPU box)"
            ),
            zh="{cores} 核对应 {gpus} 块 GPU（每块 GPU 4 核，多卡机器 16 核）",
        ),
    )
    model = (at("gpu count", 20),)

    bounds = ("cpu",)

    listed = 515

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        return part.cores >= self.floor(need.gpus * need.gpu.gpus_per_card)

    def floor(self, gpus: int) -> int:
        """The cores the model asks for; also the search's bound (lazy.py: the cheapest CPU for an option)."""
        return CORES_PER_GPU * gpus

    def advised(self, gpus: int) -> int:
        return max(self.floor(gpus), 16 if gpus >= 2 else 8)

    def check(self, cores: int, gpus: int) -> Verdict:
        status: Status = "fail" if cores < self.floor(gpus) else "warn" if cores < self.advised(gpus) else "pass"
        return self.say(status, "cores", cores=cores, gpus=gpus)

    def constrain(self, model: Any, **site: Any) -> None:
        gpus = sum(o.count * o.gpu.gpus_per_card * model.o[i] for i, o in enumerate(model.options))
        model.m.add(model.per_cpu(lambda c: c.cores) >= CORES_PER_GPU * gpus)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.cpu.cores * build.sockets, build.gpus * build.gpu.gpus_per_card)


@register
class SideBySide(Rule):
    id = "COOL-1"
    title = "three or more blower, passive or sub-flagship cards may sit next to each other"
    severity = "warn"
    sources = ("Lambda: 3x RTX 3090 only with liquid cooling or extenders", "Puget: 4080/4090 not for more than 2 GPUs")
    reads = ("gpu.cooler", "gpu.tdp_w", "gpus")
    messages = (Message("side-by-side", "{cooler} cards may sit next to each other", zh="{cooler}卡可以紧挨着插"),)
    listed = 340

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.gpus < 3 or compat.open_air_flagships(build.gpu.cooler, build.gpu.tdp_w, build.gpus):
            return None
        return self.say("pass", "side-by-side", cooler=build.gpu.cooler)
