"""The cards' links (docs/build-rules.md, PCIe and NVLink): link bandwidth for collectives, chipset-attached cards,
tensor-parallel group sizes, peer-to-peer and NVLink bridges."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from configurator.core.catalog.models import Gpu, Motherboard, System
from configurator.core.rules.base import Message, Rule, Status, Verdict, register
from configurator.core.rules.facts import BuildFacts

FULL_LINK_GBPS = 15.7  # PCI-4: Gen4 x8 (= Gen3 x16) per direction; below it collectives slow
NARROW_LINK_GBPS = 3.9  # PCI-4: below Gen4 x2 / Gen3 x4 a collective link fails
TENSOR_GROUPS = (2, 4, 8, 16)  # PCI-6: the tensor-parallel sizes vLLM and SGLang split attention heads over


def _links(f: Mapping[str, Any]) -> str:
    lanes = "/".join(f"x{n}" for n in f["lanes"])
    tail = (
        " (tensor-parallel or training traffic)"
        if f["collectives"]
        else ""
        if f["gbps"] >= FULL_LINK_GBPS
        else ": enough for a layer split, which passes only activations; loading takes longer"
    )
    return f"GPU links {lanes}: weakest {f['gbps']:.1f} GB/s per direction" + tail


@register
class LinkBandwidth(Rule):
    id = "PCI-4"
    title = "links of Gen4 x8 or better for collectives (tensor parallel, training); a layer split passes activations"
    severity = "warn"
    sources = ("Puget: x8 about x16; x4 10-20 % slower", "ExLlamaV2 #734: tensor parallel is PCIe-bound")
    reads = ("placement lanes", "placement gen", "split", "workload.kind")
    messages = (Message("links", _links),)

    listed = 410

    def status(self, gbps: float, collectives: bool) -> Status:
        return "pass" if gbps >= FULL_LINK_GBPS or not collectives else ("fail" if gbps < NARROW_LINK_GBPS else "warn")

    def assess(self, build: BuildFacts) -> Verdict | None:
        # narrow links matter for collectives (tensor parallel, training); a layer split or one GPU with the model
        # resident passes activations only (build rules R16: "less than 2% performance difference" at x8)
        b = build
        return self.say(
            self.status(b.link_gbps, b.collectives),
            "links",
            lanes=b.link_lanes,
            gbps=b.link_gbps,
            collectives=b.collectives,
        )


def _starved(f: Mapping[str, Any]) -> str:
    return (
        f"the server's PCIe {f['gen']}.0 bays slow these PCIe {f['card_gen']}.0 cards' job: {f['hours']:,.1f} h where "
        f"x16 PCIe {f['card_gen']}.0 links take {f['card_hours']:,.1f} h ({f['hours'] / f['card_hours']:.1f}x): "
        "the cards wait on their links"
    )


def _starved_zh(f: Mapping[str, Any]) -> str:
    return (
        f"服务器的 PCIe {f['gen']}.0 GPU 仓位拖慢了这些 PCIe {f['card_gen']}.0 卡的任务：需 {f['hours']:,.1f} 小时，"
        f"而 x16 PCIe {f['card_gen']}.0 链路只需 {f['card_hours']:,.1f} 小时（{f['hours'] / f['card_hours']:.1f} 倍）："
        "卡在等链路"
    )


def _slots(f: Mapping[str, Any]) -> str:
    return (
        f"the board's slots give these PCIe {f['card_gen']}.0 cards PCIe {f['gen']}.0 x{f['lanes']}: the job takes "
        f"{f['hours']:,.1f} h where x16 PCIe {f['card_gen']}.0 links take {f['card_hours']:,.1f} h "
        f"({f['hours'] / f['card_hours']:.1f}x): the cards wait on their links"
    )


def _slots_zh(f: Mapping[str, Any]) -> str:
    return (
        f"主板插槽只给这些 PCIe {f['card_gen']}.0 卡 PCIe {f['gen']}.0 x{f['lanes']}：任务需 {f['hours']:,.1f} 小时，"
        f"而 x16 PCIe {f['card_gen']}.0 链路只需 {f['card_hours']:,.1f} 小时（{f['hours'] / f['card_hours']:.1f} 倍）："
        "卡在等链路"
    )


@register
class BayGeneration(Rule):
    """The links a machine gives its cards, a server's bays or a desktop board's slots: the one fact the estimate times
    a build's links at (`link`: slots.place seats the cards in a server's bays at `gen`, in a board's slots at each
    slot's own generation and electrical lanes; plan.build_links), the search's speed points lose (solver._bay_losses)
    and the plan reads after the search seats cards there (plan._off_slow_bays: the same cards solved again on faster
    links, and the build that costs more per job, `costs_more`, is not shown). Eight PCIe 5.0 RTX PRO 5000 in the
    PCIe 3.0 SYS-4029GP-TRT gather a 72B LoRA's ZeRO-3 weights at PCIe 3.0: 32.8 h per 100 M tokens where their own
    links take 13.7 h (round 34); two PCIe 5.0 cards on a desktop board's x8/x8 split gather them at half their x16
    rate (round 36). Where such a build is still shown, it says what the links cost in hours. A ready-made system's
    GPUs sit at its own bay generation (System.gpu_bay_gen)."""

    id = "PCI-9"
    title = (
        "a server's GPU bays and a board's slots at their own PCIe generation and lanes: cards stay on slower links "
        "only where that costs less per job"
    )
    severity = "warn"
    sources = (
        "Supermicro 4029GP PCIe root architecture page: GPUs behind switches on 'PCIe x16 Gen 3' links",
        "Supermicro AS-4125GS-TNRT spec page and STH's 4U8G-TURIN2 review: PCIe Gen5 x16 double-width GPU slots",
        "board makers' manuals and spec pages: each slot's generation, electrical lanes and x8/x8 split",
    )
    reads = (
        "board.gpu_bay_gen",
        "placement lanes",
        "placement gen",
        "gpu.pcie_gen",
        "workload.kind",
        "gpus",
        "wall_hours",
    )
    messages = (
        Message("starved", _starved, zh=_starved_zh),
        Message("slots", _slots, zh=_slots_zh),
    )
    listed = 412

    def gen(self, board: Motherboard | System) -> int | None:
        """The generation a server's bays (or a ready-made system's GPUs) run at; None for a board without bays (its
        slots say theirs)."""
        if isinstance(board, System):
            return board.gpu_bay_gen
        return board.gpu_bay_gen if board.gpu_bays else None

    def slower(self, board: Motherboard | System, gpu: Gpu) -> int | None:
        """The bays' generation where it is below the card's own, else None."""
        gen = self.gen(board)
        return gen if gen is not None and gen < gpu.pcie_gen else None

    def link(self, gpu: Gpu, slots: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
        """(generation, lanes) the cards' collectives cross in these slots ((gen, lanes) each, a server's bays at its
        bay generation): the narrowest slot's lanes and the oldest slot's generation, no faster than the card's own
        x16; None where that is the card's own x16 (what every option is timed at)."""
        seated = list(slots)
        if not seated:
            return None
        gen = min(min(g for g, _ in seated), gpu.pcie_gen)
        lanes = min(min(n for _, n in seated), 16)
        return None if (gen, lanes) == (gpu.pcie_gen, 16) else (gen, lanes)

    def costs_more(self, price: float, hours: float, misses: bool, other_price: float, other_hours: float) -> bool:
        """Whether a build on slower links is not shown beside another: the other does the job in no more hours for
        less per job (price x hours, what the money buys in jobs done), and the slower links buy the buyer nothing it
        asked for: not a lower price up front (the other costs no more), or a lower price on a build that misses the
        target asked (`misses`: the deadline, the speed). The cheapest build that meets the target stays, saying what
        its links cost in hours (assess). The same cards solved on faster links (plan._off_slow_bays) are judged so,
        and every build the search finds beside it (plan._dearer_per_job)."""
        dearer_per_job = other_hours <= hours and price * hours > other_price * other_hours
        return dearer_per_job and (misses or other_price <= price)

    def assess(self, build: BuildFacts) -> Verdict | None:
        b = build
        if b.card_link_hours is None or b.wall_hours is None:
            return None
        if b.in_bays:
            return self.say(
                "warn",
                "starved",
                gen=self.gen(b.board),
                card_gen=b.gpu.pcie_gen,
                hours=b.wall_hours,
                card_hours=b.card_link_hours,
            )
        gen, lanes = self.link(b.gpu, b.slot_links) or (b.gpu.pcie_gen, 16)
        return self.say(
            "warn",
            "slots",
            gen=gen,
            lanes=lanes,
            card_gen=b.gpu.pcie_gen,
            hours=b.wall_hours,
            card_hours=b.card_link_hours,
        )


LAYER_SPLIT_X4_TPS = (46.46, 47.91)
"""Decode (tg128, tokens/s) of a layer split over 3 x P40 at PCIe 3.0 x8/x4/x4 against x16/x8/x8, one model (7B
q4_0): llama.cpp PR #4766 (JohannesGaessler, 2024-01-04, the PR that made the layer split llama.cpp's default): the
narrower links cost 3 % of decode; prompt processing (pp512) 629 against 630 tokens/s."""


def _gpu_index(f: Mapping[str, Any]) -> str:
    return f"GPU {f['card']} in slot {f['slot']}"


def _layers(f: Mapping[str, Any]) -> str:
    x4, wide = LAYER_SPLIT_X4_TPS
    if not f.get("slot"):
        return (
            "a GPU hangs off the chipset (~x4): a layer split passes only activations between cards, so speed barely "
            "changes; loading the model takes about twice as long as at x8"
        )
    skipped = (
        (
            f", not the CPU's slot {f['cpu_slot']}, which the card above covers"
            if f.get("covered")
            else f", not the CPU's slot {f['cpu_slot']}, where it would sit with no free slot below the card above it "
            "(SLOT-1)"
        )
        if f.get("cpu_slot")
        else ""
    )
    return (
        f"{_gpu_index(f)} runs x{f['lanes']} through the chipset{skipped}: a layer split passes only activations "
        f"between cards, so decode barely changes (llama.cpp #4766 measured {x4:.1f} against {wide:.1f} tokens/s, "
        f"{(1 - x4 / wide) * 100:.0f} % less, at PCIe 3.0 x8/x4/x4 against x16/x8/x8; Tim Dettmers: x4 'is fine, especially if "
        "you only have 2 GPUs'); loading the model takes about twice as long as at x8"
    )


def _layers_zh(f: Mapping[str, Any]) -> str:
    x4, wide = LAYER_SPLIT_X4_TPS
    if not f.get("slot"):
        return "有 GPU 挂在芯片组上（约 x4）：按层切分只在卡间传激活值，速度几乎不变；加载模型约为 x8 的两倍时间"
    skipped = (
        (
            f"，而不是 CPU 的 {f['cpu_slot']} 号插槽（被上方的卡挡住）"
            if f.get("covered")
            else f"，而不是 CPU 的 {f['cpu_slot']} 号插槽（插在那里，它与上方的卡之间没有空槽，SLOT-1）"
        )
        if f.get("cpu_slot")
        else ""
    )
    return (
        f"{f['slot']} 号插槽的 GPU {f['card']} 经芯片组以 x{f['lanes']} 运行{skipped}：按层切分只在卡间传激活值，"
        f"解码速度几乎不变（llama.cpp #4766 实测：PCIe 3.0 x8/x4/x4 为 {x4:.1f} token/秒，x16/x8/x8 为 {wide:.1f} "
        f"token/秒，少 {(1 - x4 / wide) * 100:.0f}%；Tim Dettmers：两块 GPU 时 x4 即可）；加载模型约为 x8 的两倍时间"
    )


@register
class ChipsetCards(Rule):
    """Where a card sits on the chipset's x4 link: collectives (tensor parallel, training) crawl and warn; a layer split
    (llama.cpp's default) passes one token's activations between cards, so the check passes and says why, with the
    CPU slot the card was kept out of (its cooler's gap, SLOT-1) and the measured cost: the slot map and the build's
    explanation show it beside the card (`explains`), since a buyer told to want x8/x8 asks why slot 7."""

    id = "PCI-5"
    title = "a tensor-parallel group on the CPU's lanes, not the chipset's"
    severity = "warn"
    sources = (
        "club-3090: 13.17 against about 6.5 GB/s through the chipset",
        "llama.cpp PR #4766 (2024-01-04): layer split at PCIe 3.0 x8/x4/x4 decodes 46.46 against 47.91 tokens/s at "
        "x16/x8/x8",
        "Tim Dettmers, Which GPU(s) to Get for Deep Learning (2023-01-30): 'Operating GPUs on 4x lanes is fine, "
        "especially if you only have 2 GPUs'",
    )
    reads = ("placement source", "split", "slot positions", "board slots")
    messages = (
        Message(
            "collectives",
            "a GPU hangs off the chipset: collectives crawl at ~x4; pair the CPU-attached cards",
            zh="有 GPU 挂在芯片组上：集合通信只有约 x4；把直连 CPU 的卡配成一组",
        ),
        Message("layers", _layers, zh=_layers_zh),
    )
    explains = ("layers",)
    """The passing finding a build's explanation and slot map show (the buyer's question: why not x8/x8)."""
    listed = 415

    def assess(self, build: BuildFacts) -> Verdict | None:
        """A layer split passes one token's activations between cards (build rules R16, PCI-5); only loading is slower."""
        if build.gpus < 2 or build.all_on_cpu:
            return None
        if build.collectives:
            return self.say("warn", "collectives")
        return self.say("pass", "layers", **self.chipset_card(build))

    def chipset_card(self, build: BuildFacts) -> dict[str, int | bool]:
        """The first card on the chipset's lanes (its number from the top, its slot and lanes) and a CPU slot left free
        above it that a card would have filled with no free slot below its neighbour (SLOT-1's gap), or that the card
        above covers (`covered`); empty where the placement is not known slot by slot."""
        seated = sorted(build.seated, key=lambda s: s[0].position)
        card = next(((i, s, n) for i, (s, n) in enumerate(seated, start=1) if s.source == "chipset"), None)
        if card is None:
            return {}
        index, slot, lanes = card
        taken = [s.position for s, _ in seated]
        # each card by its own width (a mix's cards differ: facts.card_widths): a card above by its own, the chipset
        # card moved up into the free CPU slot by the chipset card's own (round 49; it had been the widest card's)
        widths = dict(zip(sorted(taken), build.card_widths or (build.slot_width,) * len(taken), strict=True))

        def within(position: int, extra: int) -> bool:  # inside a card's slots (and `extra` more below it)
            return any(
                abs(position - p) < (widths[p] if p < position else widths[slot.position]) + extra
                for p in taken
                if p != slot.position
            )

        blocked = [
            s.position
            for s in build.board.pcie_slots
            if s.source == "cpu"
            and s.mechanical_lanes >= 16
            and s.position not in taken
            and s.position < slot.position
            and within(s.position, 1)  # a card's own slots and the free one its cooler wants below it
        ]
        said: dict[str, int | bool] = {"card": index, "slot": slot.position, "lanes": lanes}
        if not blocked:
            return said
        covered = within(blocked[0], 0)
        return said | {"cpu_slot": blocked[0]} | ({"covered": True} if covered else {})


@register
class TensorGroup(Rule):
    id = "PCI-6"
    title = "tensor parallel over 2, 4, 8 or 16 GPUs"
    severity = "fail"
    sources = ("rtx6kpro gpu-configs.md: vLLM tensor parallel sizes",)
    reads = ("gpus", "gpu.gpus_per_card", "split")
    messages = (Message("group", "tensor parallel needs 2, 4, 8 or 16 GPUs", zh="张量并行需要 2、4、8 或 16 块 GPU"),)
    listed = 445

    def assess(self, build: BuildFacts) -> Verdict | None:
        # GPUs, not cards: one Arc Pro B60 Dual is two GPUs, vLLM's --tensor-parallel-size 2 (Maxsun's card, two
        # 24 GB B60s on one board, each its own device; CPU-1 and PCI-8 count it so too); round 45 had failed it
        devices = build.gpus * build.gpu.gpus_per_card
        return self.say("fail", "group") if build.split == "tensor" and devices not in TENSOR_GROUPS else None


CONSUMER_FAMILY = {"nvidia": "GeForce", "amd": "Radeon", "intel": "Arc"}
"""Each maker's (Gpu.vendor) consumer card family, the cards the catalog lists without PCIe peer-to-peer (p2p false:
32 GeForce, two Intel Arc, as of round 45). PCI-7 names the family of the build's own card from it: its message had
said "GeForce" for two Arc B580s (round 45's walk)."""


@register
class PeerToPeer(Rule):
    id = "PCI-7"
    title = "consumer cards without peer-to-peer (GeForce, Radeon, Arc): tensor parallel is PCIe-bound"
    severity = "warn"
    sources = ("NCCL #1309: no P2P on GeForce", "the catalog's p2p field of each card")
    reads = ("gpu.p2p", "gpu.vendor", "nvlink_bridge", "split")
    messages = (
        Message(
            "p2p",
            "{family} cards lack PCIe peer-to-peer: tensor parallel is PCIe-bound",
            zh="{family} 卡没有 PCIe 点对点：张量并行受 PCIe 限制",
        ),
    )
    listed = 450

    def assess(self, build: BuildFacts) -> Verdict | None:
        if build.gpus > 1 and not build.gpu.p2p and not build.nvlink_bridge and build.collectives:
            return self.say("warn", "p2p", family=CONSUMER_FAMILY[build.gpu.vendor])
        return None


@register
class NvlinkBridge(Rule):
    id = "NVL-1"
    title = "an NVLink bridge between cards that support it, at the slot spacing a bridge spans"
    severity = "warn"
    sources = ("Puget Systems NVLink bridge compatibility chart", "STH: RTX A6000 NVLink")
    reads = ("gpu.nvlink", "placement", "risers")
    messages = (
        Message("fitted", "NVLink bridge fitted between slot pairs", zh="插槽对之间装了 NVLink 桥"),
        Message(
            "no-bridge",
            "the cards support NVLink but the slot spacing has no matching bridge",
            zh="这些卡支持 NVLink，但插槽间距没有对应的桥",
        ),
    )
    listed = 455

    def assess(self, build: BuildFacts) -> Verdict | None:
        b = build
        if b.gpus >= 2 and b.gpu.nvlink in ("rtx3090", "a6000", "turing") and b.collectives and not b.risers:
            return self.say("pass", "fitted") if b.nvlink_bridge else self.say("warn", "no-bridge")
        return None
