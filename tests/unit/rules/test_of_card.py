"""A mixed build's finding about one of its cards names the card in Chinese too: solve.mixed put the card's name only
in front of the English message ("NVIDIA Tesla P40: bf16 on ..."), so the Checks tab and the sheet in Chinese did not
say which card a finding was about. The name is now a field (rules.base.OF_CARD) that words.check_text puts first."""

from __future__ import annotations

from configurator.core.report import words
from configurator.core.rules import instance
from configurator.core.rules import job as job_rules
from configurator.core.rules.base import OF_CARD


def test_a_finding_about_one_card_of_a_mix_names_it_in_both_languages() -> None:
    said = instance(job_rules.MixedCards).say("warn", "tensor", cards="RTX 3090 + RTX 4090")
    with words.language("zh_CN"):
        plain = words.check_text(said)
    named = said.model_copy(
        update={"message": f"NVIDIA Tesla P40: {said.message}", "fields": {**said.fields, OF_CARD: "NVIDIA Tesla P40"}}
    )
    with words.language("zh_CN"):
        assert words.check_text(named) == f"NVIDIA Tesla P40：{plain}"
    assert words.check_text(named, "en") == f"NVIDIA Tesla P40: {said.message}"
