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


def test_an_unsloth_build_says_unsloth_not_peft() -> None:
    """The fine-tune table's "How it fits" said "PEFT LoRA on PyTorch DDP" of a build labelled "with Unsloth as DDP on
    2 GPUs" (round 24): the adapters are Unsloth's; a PEFT build still says PEFT."""
    from configurator.core.report.fit import _framework

    unsloth = _framework({"kind": "finetune", "method": "lora", "framework": "unsloth"}, 2)  # type: ignore[typeddict-item]
    assert english(unsloth) == "Unsloth LoRA on PyTorch DDP"
    with words.language("zh_CN"):
        assert words.say(unsloth).startswith("Unsloth LoRA")
    peft = _framework({"kind": "finetune", "method": "qlora", "framework": "peft"}, 1)  # type: ignore[typeddict-item]
    assert english(peft) == "PEFT QLoRA (bitsandbytes) on PyTorch"
