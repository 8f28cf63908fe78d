"""A training build's speed, as the label beside it says it ('fastest within budget: 4,750 training tokens/s (...)'),
names its token count as a buyer writes it: Sam's journey (pretrain Llama 3.2 1B on 100B tokens, walk42) read
"5,848 h for 1e+11 tokens" in the window's 'Why shown' line, and "1e+11 token" in the Chinese window."""

from __future__ import annotations

from configurator.core.common.reasons import Reason, english
from configurator.core.report import words

# the figures of the window's cheapest build for that request on 2026-12-07 (2 x RTX 2080 Ti 22GB, ZeRO-3)
SAM = Reason.of("speed.training", tps=4750.0, hours=5848.0, tokens=1e11)


def test_the_english_says_100_b_tokens() -> None:
    assert english(SAM) == "4,750 training tokens/s (5,848 h for 100 B tokens)"


def test_the_chinese_says_the_count_in_chinese_units() -> None:
    with words.language("zh_CN"):
        text = words.say(SAM)
    assert text == "训练 4,750 token/秒（1,000 亿 token 需 5,848 小时）"


def test_a_fine_tune_of_fifty_million_tokens_reads_50_m() -> None:
    text = english(Reason.of("speed.training", tps=1200.0, hours=11.6, tokens=5e7))
    assert "(12 h for 50 M tokens)" in text
    assert "e+" not in text
