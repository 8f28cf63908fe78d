"""A card that carries two GPUs (the Arc Pro B60 Dual) needs its slot split x8/x8 by the board (docs/build-rules.md,
Slots and PCIe: PCI-8)."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog.models import PcieSlot
from configurator.core.rules.base import Message, Rule, Verdict, register
from configurator.core.rules.facts import BuildFacts


@register
class SplitSlot(Rule):
    id = "PCI-8"
    title = "a card with two GPUs sits in an x16 slot the board's BIOS splits x8/x8 (the manual says so; never assumed)"
    severity = "fail"
    sources = (
        "Sparkle (Arc Pro B60 Dual announcement, 2025): 'shares a single PCIe 5.0 x16 interface with both chips "
        "accessing 8 lanes each'",
        "sspai.com/post/99431 (Computex 2025, Maxsun Arc Pro B60 Dual 48G Turbo): no PCIe bridge chip on the card, "
        "PCIe Gen5 x8 + x8, the motherboard must support splitting the x16",
    )
    reads = ("gpu.gpus_per_card", "placement", "board.pcie_slots")
    messages = (
        Message(
            "split",
            "{gpus_per_card} GPUs on each card, in slot(s) {slots} split x8/x8 at x16",
            zh="每张卡 {gpus_per_card} 个 GPU，插在 {slots} 号槽，x16 拆分为 x8/x8",
        ),
        Message(
            "unsplit",
            "{gpus_per_card} GPUs on each card, but slot(s) {slots} are not split x8/x8 at x16 (board manual)",
            zh="每张卡 {gpus_per_card} 个 GPU，但 {slots} 号槽不能拆分为 x8/x8 的 x16（以主板手册为准）",
        ),
    )
    # no constraints of its own: the placements the model is given (SLOT-1's, solve.slots.place) seat such a card
    # only where splits_for allows it, so the model and this check read the same slot facts

    listed = 430

    def holds(self, gpus_per_card: int, slot: PcieSlot, lanes: int) -> bool:
        """Whether one card sits well in `slot` running `lanes` lanes."""
        return gpus_per_card == 1 or ("x8x8" in slot.splits and lanes >= 16)

    def check(self, gpus_per_card: int, seated: Sequence[tuple[PcieSlot, int]]) -> Verdict | None:
        """For a build whose cards carry two GPUs each: `seated` is each card's slot and the lanes it runs."""
        if gpus_per_card == 1:
            return None
        bad = [s.position for s, lanes in seated if not self.holds(gpus_per_card, s, lanes)]
        slots = ", ".join(str(p) for p in (bad or [s.position for s, _ in seated]))
        return self.verdict(not bad, "unsplit" if bad else "split", gpus_per_card=gpus_per_card, slots=slots)

    def assess(self, build: BuildFacts) -> Verdict | None:
        return self.check(build.gpu.gpus_per_card, build.seated)
