"""What `llm-rig plan` prints when nothing fits, read as a user reads it (walk13)."""

from __future__ import annotations

from configurator.cli.plan import format_plan
from configurator.core.common.reasons import Reason
from configurator.core.model.build import Infeasible, PlanResult


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


def test_the_sheets_closest_cards_leave_out_the_ones_its_reason_names() -> None:
    from configurator.core.report import words
    from configurator.core.report.purchase import SheetMeta
    from configurator.core.report.sheet import not_as_asked_section

    said = _closest("NVIDIA H200 NVL 141GB", 9.0, 8)
    other = _closest("NVIDIA RTX PRO 6000 Blackwell Workstation Edition", 8.0, 8)
    infeasible = Infeasible.of(
        (Reason.of("nothing.no-gpu", most=8, closest=(said,)),),
        Reason.of("nothing.budget", budget=2500, currency="USD"),
        ("GPU memory / speed target per machine",),
        closest=(said, other),
    )
    for language in ("en", "zh_CN"):
        with words.language(language):  # as build_sheet_html renders it
            html = not_as_asked_section(SheetMeta(not_as_asked=infeasible.to_sheet(), language=language))
            first, second = words.say(said), words.say(other)
        assert html.count(first) == 1, language  # in the reason only
        assert f"<li>{second}</li>" in html, language
