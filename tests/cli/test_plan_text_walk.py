"""What `llm-rig plan` prints when nothing fits, read as a user reads it (walk13)."""

from __future__ import annotations

from configurator.cli.plan import format_plan
from configurator.core.model.build import Infeasible, PlanResult
from configurator.core.reasons import Reason


def _closest(name: str, tps: float, n: int) -> Reason:
    return Reason.of("gpu.closest", name=name, why=Reason.of("gpu.speed", tps=tps, n=n, asked=15))


def test_a_closest_card_the_reason_names_is_not_said_again_under_it() -> None:
    # Mina at 15 tokens/s with her own 3090: the sentence names the 3090's 13.5 tokens/s, and the line under it said
    # the same again; a card the sentence does not name (the 70B pretraining plan's RTX PRO 6000s) is still listed
    said = _closest("NVIDIA GeForce RTX 3090", 13.5, 4)
    other = _closest("NVIDIA RTX A6000", 12.0, 2)
    infeasible = Infeasible.of(
        (Reason.of("nothing.own-gpu", name="NVIDIA GeForce RTX 3090", most=8, closest=(said,)),),
        Reason.of("nothing.budget", budget=2500, currency="USD"),
        ("GPU memory / speed target per machine",),
        closest=(said, other),
    )
    text = format_plan(PlanResult(builds=(), infeasible=infeasible))
    assert text.count("NVIDIA GeForce RTX 3090: 13.5 tokens/s at 4 GPUs, below the 15 asked") == 1
    assert "   NVIDIA RTX A6000: 12.0 tokens/s at 2 GPUs, below the 15 asked" in text
