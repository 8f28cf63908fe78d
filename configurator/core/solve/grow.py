"""Room to grow: the one rule the search (solver.BuildModel._room, solver._room_to_grow), the plan's check of a machine
built (plan._one_more_gpu) and the label (ranking._grows) read.

A build has room to grow when one more of its own card goes in by buying only that card (a full machine grows by a
second machine instead), on a card still worth buying more of, in a machine that starts where the cheapest build a
buyer would take stands. Each clause is a method here; the solver states them as constraints and bounds, the plan
checks the machine it assembled, the ranking gives the claim, and the text ("takes one more ... by buying only that
card", the next step's needs) is rendered from the codes the plan's check returns.

Round 40 (grow40): the search's floor had been its own cheapest build, at any speed, where the label's is the cheapest
at reading speed: for Qwen2.5-32B Q8_0 on two owned RTX 3090s the cheapest (one 3090, layers in RAM, 3.5 tokens/s)
set the search's floor, so the search looked for room below the 2 x 3090 build the label starts from (18.6 tokens/s)
and found a build the label could not take. The plan's check asked x8 lanes of the next card for a tensor split only,
the search for a tensor-pipeline split too, and the two asked different RAM of a card with two GPUs.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from configurator.core.common.reasons import Reason
from configurator.core.rules.job import at_reading_speed
from configurator.core.solve.shown import FASTER
from configurator.core.support import checks as support


@dataclass(frozen=True)
class Rival:
    """What the floor reads of a build: its price, its speed (tokens/s, or the solver's speed points), whether it is
    on a card its vendor still supports, and whether its users read at reading speed or more."""

    price: float
    speed: float
    supported: bool
    readable: bool


_PLAN_FLOOR: ContextVar[Rival | None] = ContextVar("room_to_grow_plan_floor", default=None)
"""The floor over the builds a plan's earlier sources found (RoomToGrow.starting_from), in option speed units."""


class RoomToGrow:
    """The rule "room to grow" (docs/advice.md, the labels' table)."""

    id = "GROW"
    kit_need = "need.per-gpu-kit"
    """The one need that still leaves room: the next passive card's own shroud, which comes with the card."""

    def fits_count(self, gpus: int, max_gpus: int) -> bool:
        """Whether one more card stays within the machine's GPU count (else it grows by a second machine)."""
        return gpus + 1 <= max_gpus

    def buyable(self, vendor: str, architecture: str) -> bool:
        """Growing is buying more of the card: not one past its vendor's support (support.END_OF_LIFE) nor one whose
        drivers wind down (SUP-8: DeepSeek-V4-Pro at 120,000 USD had said "room to grow" of an MI100)."""
        return support.end_of_life(vendor, architecture) is None and not support.drivers_winding_down(
            vendor, architecture
        )

    def ram_gb(self, vram_gb: float, gpus_per_card: int, cards: int) -> float:
        """The RAM the machine needs with `cards` cards: their memory (RAM-1's loading reads it), in whole GB."""
        return float(math.ceil(vram_gb * max(1, gpus_per_card) * cards - 1e-9))

    def readable(self, decode_tps: float | None, training: bool) -> bool:
        """A build the floor may be set by: a training job, or users served at reading speed (rules.READING_TPS)."""
        return training or at_reading_speed(decode_tps)

    def floor(self, rivals: Sequence[Rival]) -> Rival | None:
        """The build room to grow starts from: the cheapest at reading speed (when one is) on a supported card (when
        one is). A machine to grow into starts where the cheapest a buyer would take stands: one Arc Pro B60 at 81 h
        for an 8B LoRA had held the claim beside an RTX 2080 Ti 22GB at 33 h for less (round 24); one MI50 past ROCm
        support had set the floor of an 8B LoRA at 3,000 USD."""
        pool = [r for r in rivals if r.readable] or list(rivals)
        pool = [r for r in pool if r.supported] or pool
        return min(pool, key=lambda r: r.price, default=None)

    def starts_at(self, speed: float, floor: Rival | None) -> bool:
        """No slower than the floor: within its same-speed band or faster (shown.FASTER)."""
        return floor is None or speed >= floor.speed / FASTER

    def least_points(self, floor: Rival | None) -> int | None:
        """The search's bound from a floor in speed points (solver.points_of): the fewest a build with room may have."""
        return None if floor is None else math.floor(floor.speed / FASTER)

    @contextmanager
    def starting_from(self, floor: Rival | None) -> Iterator[None]:
        """While a plan's later sources search (plan._offers), the floor over the builds its earlier ones found: the
        label's floor is over every build of the plan, and a search that sees only its own builds looks below it. Two
        owned RTX 3090s for Qwen2.5-32B Q8_0 (1,163 USD, 18.6 tokens/s): the comparison without them (offers, the
        owned-card source) searched room from its own cheapest and proved one RTX A6000 (4,184 USD, 15.8 tokens/s)
        the answer, which the label does not take (round 39's note in docs/architecture.md). `floor.speed` is in the
        options' units (GpuOption.perf: decode tokens/s, or jobs a day for training)."""
        token = _PLAN_FLOOR.set(floor)
        try:
            yield
        finally:
            _PLAN_FLOOR.reset(token)

    def plan_floor(self) -> Rival | None:
        """The floor set by starting_from, if any (solver._room_to_grow adds it to its own builds')."""
        return _PLAN_FLOOR.get()

    def grows(self, needs: Sequence[Reason]) -> bool:
        """Whether the next card needs nothing else (plan._one_more_gpu's needs): the claim's own test."""
        return all(n.code == self.kit_need for n in needs)


ROOM_TO_GROW = RoomToGrow()
