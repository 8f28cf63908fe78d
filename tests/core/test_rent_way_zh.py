"""The way out "rent it for this one job" names its price tier in the window's language (walk42): Sam's pretraining
of a 1B model on 100B tokens in two weeks on a 120 V outlet (nothing fits; renting is the cheapest way out) read
"（on-demand 价格，2026-10-10，...）" in the Chinese window (shots/s_zh1600_Estimates.png). The tier is said as the
other rental lines say it (tco.rented: "按需"); the English keeps "on-demand price of"."""

from __future__ import annotations

from configurator.core.common.reasons import Reason, english
from configurator.core.report import words

# the way out the window showed on 2026-12-07 (llm-rig screenshot ... --model llama-3.2-1b --workload pretrain
# --tokens 1e11 --deadline-hours 336 --lang zh_CN)
SAM = Reason.of(
    "way.rent",
    offer="Lambda 8x B200 SXM",
    instances=1,
    gpus=8,
    gpu="b200",
    hours=43.8,
    deadline=336.0,
    hourly=53.52,
    cost=2343.0,
    currency="USD",
    bought=37990.0,
    pricing="on-demand",
    date="2026-10-10",
    source="ewyluda/gpu-price-index",
    estimate=False,
)


def test_the_chinese_way_out_says_the_tier_in_chinese() -> None:
    with words.language("zh_CN"):
        text = words.say(SAM)
    assert "（按需，2026-10-10，ewyluda/gpu-price-index）" in text, text
    assert "on-demand" not in text
    with words.language("zh_CN"):
        spot = words.say(Reason.of("way.rent", **{**SAM.fields, "pricing": "spot"}))
    assert "（竞价，2026-10-10" in spot


def test_the_english_keeps_its_words() -> None:
    assert "(on-demand price of 2026-10-10, ewyluda/gpu-price-index)" in english(SAM)
