"""A card too small for the fine-tune asked names the method that holds the job on it (review32, Dr. Chen's 8 x RTX
4090 24GB for Qwen2.5-72B LoRA): the reason `gpu.memory-max` carries `gpu.method-fits` as its `method` field, said in
English and Chinese from the same fields (the figures are those `plan` gave on 2026-12-05)."""

from __future__ import annotations

import re

from configurator.core.common.reasons import Reason, english
from configurator.core.model.request import circuit_said
from configurator.core.report import words

FITS = Reason.of(
    "gpu.method-fits",
    method="qlora",
    bits=4,
    count=2,
    gib=23.3,
    in_ram=True,
    hours=72.2,
    tokens=1e8,
    most=8,
    most_hours=18.1,
)
TOO_SMALL = Reason.of("gpu.memory-max", cards=29, vram=24.0, gib=36.0, n=8, most=8, method=FITS)


def test_the_english_names_the_method_its_count_hours_and_trade() -> None:
    text = english(TOO_SMALL)
    assert text.startswith("needs about 29 x 24 GB cards (36.0 GiB per GPU at 8); a machine holds at most 8; ")
    assert (
        "QLoRA (its base held in 4 bits) holds it on 2 of them (23.3 GiB per GPU, the sharded states in system RAM)"
        in text
    )
    assert "72 h per 100 M tokens, 18 h on 8" in text
    assert "a change of method, not of machine" in text


def test_the_chinese_says_the_same_figures() -> None:
    with words.language("zh_CN"):
        text = words.say(TOO_SMALL)
    assert "约需 29 张 24 GB" in text and "改用 QLoRA（基座以 4 bit 存放）" in text
    assert "2 张即可装下" in text and "72 小时" in text and "8 张时 18 小时" in text and "换方法" in text
    names = ("QLoRA", "LoRA", "GiB", "token")  # names the Chinese sheets keep as written
    assert not re.search(r"[A-Za-z]{4,}", re.sub("|".join(names), "", text)), text


PAST = Reason.of(
    "gpu.memory-max",
    cards=29,
    vram=24.0,
    gib=36.0,
    n=8,
    most=8,
    method=Reason.of(
        "gpu.method-fits",
        **FITS.fields,
        most_w=3600.0,
        room_w=2816.0,
        limit=1.0,
        circuit=circuit_said("220v16a"),
        circuits=1,
    ),
)
"""The same with the eight cards' own draw past the 220 V 16 A circuit asked (8 x 450 W; 220 V x 16 A x 0.8)."""


def test_the_most_cards_past_the_circuit_say_they_need_another() -> None:
    """hours32c: '18 h on 8' was said on a 220 V 16 A circuit that eight RTX 4090 at full power pass by their own draw."""
    assert (
        "18 h on 8 at full power, more than your circuit feeds (those cards alone draw 3,600 W; a 220 V 16 A circuit "
        "holds 2,816 W)" in english(PAST)
    )
    with words.language("zh_CN"):
        text = words.say(PAST)
    assert "8 张时 18 小时（满功率；超出你的电路：这些卡本身就耗电 3,600 W" in text and "2,816 W" in text, text
    assert not re.search(r"[A-Za-z]{4,}", re.sub("QLoRA|LoRA|GiB|token", "", text)), text


def test_without_a_method_the_reason_reads_as_before() -> None:
    plain = Reason.of("gpu.memory-max", cards=29, vram=24.0, gib=36.0, n=8, most=8)
    assert english(plain) == "needs about 29 x 24 GB cards (36.0 GiB per GPU at 8); a machine holds at most 8"


def test_the_way_out_names_the_method_as_the_window_does() -> None:
    """'use QLoRA instead of lora' (qwen2.5-72b LoRA on RTX 4090 24GB blowers in CNY, ui32b round 32) named the method
    by its option value; the Method field says LoRA, and a full fine-tune is not "full" (reasons.METHOD_WORDS, owned32b)."""
    assert english(Reason.of("way.method", method="lora")) == "use QLoRA instead of LoRA"
    assert english(Reason.of("way.method", method="full")) == "use QLoRA instead of full fine-tuning"
    with words.language("zh_CN"):
        assert words.say(Reason.of("way.method", method="lora")) == "用 QLoRA 代替 LoRA"
        assert words.say(Reason.of("way.method", method="full")) == "用 QLoRA 代替全参数微调"
