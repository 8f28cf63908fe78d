"""Where GPUs physically go: slot positions, card thickness, gaps, lanes and case openings.

Geometry follows the build rules (docs/build-rules.md) R1, R8, R12, R14: a card covers ceil(slot_width)
expansion slots downward from its slot; open-air cards want a free slot below them; the
last card's cooler must be within the case's openings; consumer boards split x16 into x8/x8.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, Motherboard, PcieSlot
from configurator.core.rules import instance
from configurator.core.rules import links as link_rules

BAY_GEN = instance(link_rules.BayGeneration)

# the GPU-to-GPU fabric a module's `nvlink` family names (catalog gpus.toml: "nvlink4-sxm", "xgmi-oam")
_MODULE_LINKS = {"nvlink": "NVLink", "xgmi": "Infinity Fabric"}


@dataclass(frozen=True)
class SlotUse:
    position: int  # expansion-slot index (1 = nearest the CPU); bay number on GPU servers
    lanes: int
    gen: int
    source: str  # cpu, chipset, plx or bay


@dataclass(frozen=True)
class Placement:
    slots: tuple[SlotUse, ...]
    openings_needed: int  # case expansion openings the cards reach down to
    gapped: bool  # every open-air card has a free slot below it
    bays: bool = False
    order: tuple[int, ...] = ()
    """A mix's cards top to bottom as indices into the `cards` place was given (their device order, fastest first);
    empty: as given. Placement chooses it (round 49): a 2-slot blower RTX A5000 above an open-air RTX 3090 seats both
    on a board's x8/x8 CPU slots where the 3090 on top sends the A5000 to a chipset slot."""

    def seated(self, cards: Sequence[Gpu]) -> tuple[Gpu, ...]:
        """`cards` (given in device order) in their slots, top to bottom."""
        return tuple(cards[i] for i in self.order) if self.order else tuple(cards)

    @property
    def min_lanes(self) -> int:
        return min(s.lanes for s in self.slots)

    @property
    def cpu_lanes(self) -> int:
        return sum(s.lanes for s in self.slots if s.source in ("cpu", "bay"))

    @property
    def all_on_cpu(self) -> bool:
        return all(s.source in ("cpu", "bay", "plx") for s in self.slots)


def span(gpu: Gpu) -> int:
    """Slots a card covers (2.5 -> 3, 2.7 -> 3)."""
    return math.ceil(gpu.slot_width - 1e-9)


def slots_below(positions: Sequence[int], width: int | Sequence[int], openings: int) -> list[int]:
    """Free slot openings below each card, top to bottom: the gap to the next card (negative when they overlap), and
    for the bottom card the openings left above the case floor (`openings`, the last one the case has). `width`: the
    slots every card covers, or each card's own in the order of `positions` (a mix: a 3-slot RTX 3090 above a 2-slot
    RTX A5000 leaves the case's last opening free under the A5000, round 48)."""
    widths = [width] * len(positions) if isinstance(width, int) else list(width)
    ends = [p + w - 1 for p, w in zip(positions, widths, strict=True)]
    return [lower - end - 1 for end, lower in zip(ends, positions[1:])] + ([openings - ends[-1]] if ends else [])


def needs_gap(gpu: Gpu) -> bool:
    return gpu.cooler == "open-air"


def card_geometry(gpu: Gpu, count: int, cards: Sequence[Gpu] = ()) -> tuple[tuple[int, bool], ...]:
    """Each card's slots covered and whether it wants a free slot below it, top to bottom: `cards` in their slots when
    they differ (a mix, solve.mixed: a 3-slot open-air RTX 3090 above a 2-slot blower RTX A5000, round 48), else
    `count` copies of `gpu`. The one measure SLOT-1, SLOT-2 and the build's checks read (rules.facts_of)."""
    return tuple((span(c), needs_gap(c)) for c in cards) if cards else ((span(gpu), needs_gap(gpu)),) * count


def place(
    board: Motherboard, gpu: Gpu, count: int, risers: bool = False, tight: bool = False, cards: Sequence[Gpu] = ()
) -> Placement | None:
    """Best placement of `count` identical cards (or of `cards`, each by its own width and cooler: card_geometry, in
    the order top to bottom that places them best: Placement.order), or None when they cannot be fitted.

    Best means: most lanes on the weakest card, then a free slot below each open-air card, then most CPU lanes, then
    fewest openings; between orders that tie, the order given (the device order). With `risers` (open frames) cards
    hang off cables, so thickness does not collide. Open-air cards are a free slot apart unless `tight` (SLOT-1's
    no-gap clause is an AVOID: cards the user owns may sit side by side where the job needs their lanes, and the
    check warns).
    """
    if board.gpu_bays:
        if count > board.gpu_bays or gpu.slot_width > 2 or gpu.gpus_per_card > 1:
            return None  # a server's bay splits its x16 for one card of two GPUs only where a manual says so
        gen = BAY_GEN.gen(board) or 4  # PCI-9: the bays' generation (the catalog requires it with gpu_bays)
        bays = tuple(SlotUse(i + 1, 16, gen, "bay") for i in range(count))
        return Placement(bays, 0, True, bays=True)
    slots = sorted(
        (s for s in board.pcie_slots if s.mechanical_lanes >= 16 and splits_for(gpu, s)), key=lambda s: s.position
    )
    if count > len(slots):
        return None
    best: tuple[tuple[int, bool, int, int], tuple[PcieSlot, ...], list[int]] | None = None
    chosen: tuple[int, ...] = ()
    for order in orders(cards) if cards and not risers else [()]:
        seated = best_seats(slots, gpu, card_geometry(gpu, count, [cards[i] for i in order]), risers, tight)
        if seated is not None and (best is None or seated[0] > best[0]):
            best, chosen = seated, order
    if best is None:
        return None
    (_weakest, gapped, _cpu, minus_openings), combo, lanes = best
    uses = tuple(SlotUse(s.position, n, s.gen, s.source) for s, n in zip(combo, lanes))
    kept = () if chosen == tuple(range(len(cards))) else chosen
    return Placement(uses, -minus_openings, gapped, order=kept)


def orders(cards: Sequence[Gpu]) -> list[tuple[int, ...]]:
    """The distinct orders of `cards` top to bottom (indices; the order given first): a 3090 + A5000 has two, two
    3090s + an A5000 three (identical cards swapped are the same machine)."""
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for order in itertools.permutations(range(len(cards))):
        seen.setdefault(tuple(cards[i].id for i in order), order)
    return list(seen.values())


def best_seats(
    slots: Sequence[PcieSlot], gpu: Gpu, geometry: Sequence[tuple[int, bool]], risers: bool, tight: bool
) -> tuple[tuple[int, bool, int, int], tuple[PcieSlot, ...], list[int]] | None:
    """The best slots for cards of `geometry` top to bottom (place), as (score, slots, lanes), or None."""
    # each combination is scored from its lanes; only the best becomes a Placement (the 70B top-5 plan places
    # ~1,400 boards x cards, most of whose combinations lose: building theirs was most of the time, #34)
    best: tuple[tuple[int, bool, int, int], tuple[PcieSlot, ...], list[int]] | None = None
    for combo in itertools.combinations(slots, len(geometry)):
        gapped = True
        if not risers:
            ok = True
            for (width, gap), upper, lower in zip(geometry, combo, combo[1:]):
                distance = lower.position - upper.position
                if distance < width:
                    ok = False
                    break
                if gap and distance < width + 1:
                    gapped = False
            if not ok or (not gapped and not tight):
                continue
        split = sum(1 for s in combo if s.source == "cpu") > 1
        lanes = [
            min(s.lanes, s.lanes_when_bifurcated)
            if s.lanes_when_bifurcated and s.source == "cpu" and split
            else s.lanes
            for s in combo
        ]
        if gpu.gpus_per_card > 1 and min(lanes) < 16:
            continue  # two GPUs at x8 each: the slot must run all sixteen lanes (PCI-8)
        openings = 0 if risers else combo[-1].position + geometry[-1][0] - 1
        cpu_lanes = sum(n for n, s in zip(lanes, combo) if s.source in ("cpu", "bay"))  # Placement.cpu_lanes
        score = (min(lanes), gapped, cpu_lanes, -openings)  # Placement.min_lanes first
        if best is None or score > best[0]:
            best = (score, combo, lanes)
    return best


def splits_for(gpu: Gpu, slot: PcieSlot) -> bool:
    """Whether `slot` can take this card: any slot for a one-GPU card; for a card with two GPUs (each on its own x8 of
    the card's x16, no switch on the card) a slot whose BIOS splits it x8/x8, as the board's manual lists (PCI-8)."""
    return gpu.gpus_per_card == 1 or "x8x8" in slot.splits


def lane_bandwidth_gbps(gen: int, lanes: int) -> float:
    """Per direction (R13): Gen3 0.985, Gen4 1.969, Gen5 3.938 GB/s per lane."""
    per_lane = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}[gen]
    return per_lane * lanes


def module_bay(gpu: Gpu) -> str | None:
    """How a server's bay for an SXM or OAM module reads, from the GPU record: 'SXM5 bay (NVLink 4)' (the module's
    socket from its name when the name gives it, else its form factor; the fabric from its `nvlink` family). None for
    a PCIe card, whose slot is an x16 slot. An SXM module has no PCIe slot: 'x16 (bay)' read as one."""
    if gpu.form_factor == "pcie":
        return None
    socket = next(
        (
            word
            for word in gpu.name.replace("(", " ").replace(")", " ").split()
            if word.upper().startswith(gpu.form_factor.upper()) and word[len(gpu.form_factor) :].isdigit()
        ),
        gpu.form_factor.upper(),
    )
    family = (gpu.nvlink or "").split("-")[0]
    name = next(
        (f"{label} {family[len(key) :]}".strip() for key, label in _MODULE_LINKS.items() if family.startswith(key)), ""
    )
    return f"{socket} bay" + (f" ({name})" if name else "")
