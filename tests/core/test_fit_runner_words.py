"""A cluster's "how this fits" names its runner in Chinese too (walk15: Sam's 70B pretraining plan read
"预训练，Megatron-LM with its distributed optimizer (ZeRO-1)" in a Chinese window)."""

from __future__ import annotations

from configurator.core.common.reasons import Reason, english
from configurator.core.report import words

MEGATRON = Reason.of(
    "fit.framework",
    method="pretrain",
    runner="Megatron-LM with its distributed optimizer (ZeRO-1)",
    name="Megatron-LM",
    zero=1,
)


def test_megatrons_distributed_optimizer_in_both_languages() -> None:
    assert english(MEGATRON) == "pretraining on Megatron-LM with its distributed optimizer (ZeRO-1)"
    with words.language("zh_CN"):
        said = words.say(MEGATRON)
    assert said == "预训练，Megatron-LM（分布式优化器，即 ZeRO-1）" and "with" not in said


def test_a_runner_without_its_stage_says_the_name_only() -> None:
    bare = Reason.of("fit.framework", method="", runner="Megatron-LM", name="Megatron-LM", zero=0)
    with words.language("zh_CN"):
        assert words.say(bare) == "Megatron-LM"
