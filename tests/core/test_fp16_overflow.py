"""Models whose activations overflow fp16 turn their gradient norm NaN when trained in fp16: unsloth_zoo's FORCE_FLOAT32
(github:unslothai/unsloth-zoo@ce232d6 unsloth_zoo/model_lists.py, 2026-08-20: "gemma4 ... fp16 NaNs the grad_norm in
the backward"). Unsloth loads them in float32 where bf16 is missing; Answer.AI's fsdp_qlora on a Turing card runs
`--precision fp16_autocast` and did so unwarned."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import FP16_OVERFLOW_SOURCE, fp16_overflow_source
from configurator.core.estimate.workload import Workload
from configurator.core.report.words import language, say

GEMMA4_QLORA = Workload(kind="finetune", method="qlora", context=2048, framework="fsdp-qlora", zero=3)


def _overflow(result: object) -> list:  # type: ignore[type-arg]
    return [w for w in result.warnings if w.code == "warn.fp16-overflow"]  # type: ignore[attr-defined]


def test_gemma4_fsdp_qlora_on_turing_warns_in_both_languages(catalog: Catalog) -> None:
    model, gpu = catalog.get("models", "gemma-4-31b"), catalog.get("gpus", "rtx-2080-ti-22gb")
    [warning] = _overflow(estimate(model, GEMMA4_QLORA, gpu, 2))
    assert warning.fields["arch"] == "gemma4" and warning.fields["framework"] == "fsdp-qlora"
    assert warning.fields["source"] == FP16_OVERFLOW_SOURCE and warning.fields["asked"] is False
    assert "gradient norm turns NaN" in english(warning) and "has no bf16" in english(warning)
    with language("zh_CN"):
        chinese = say(warning)
    assert "梯度范数变成 NaN" in chinese and "不支持 bf16" in chinese


def test_no_warning_where_bf16_runs_or_unsloth_keeps_float32(catalog: Catalog) -> None:
    model = catalog.get("models", "gemma-4-31b")
    turing, ampere = catalog.get("gpus", "rtx-2080-ti-22gb"), catalog.get("gpus", "rtx-3090")
    assert not _overflow(estimate(model, GEMMA4_QLORA, ampere, 2))
    unsloth = Workload(kind="finetune", method="qlora", context=2048, framework="unsloth")
    assert not _overflow(estimate(model, unsloth, turing, 1))
    llama = catalog.get("models", "llama-3.1-8b")  # not on the list: fp16 training is its usual fallback
    assert not _overflow(estimate(llama, GEMMA4_QLORA, turing, 2))


def test_fp16_asked_on_a_bf16_card_warns_too(catalog: Catalog) -> None:
    model, gpu = catalog.get("models", "gemma-4-26b-a4b"), catalog.get("gpus", "rtx-3090")
    asked = Workload(kind="finetune", method="lora", context=2048, precision="fp16", framework="peft")
    [warning] = _overflow(estimate(model, asked, gpu, 1))
    assert warning.fields["asked"] is True and "as asked" in english(warning)


@pytest.mark.parametrize(
    ("architecture", "listed"),
    [
        ("gemma4", True),
        ("gemma4_text", True),
        ("qwen3_5_moe", True),  # "qwen3_5" matched as a substring, as Unsloth's CUDA loader does
        ("gemma3", True),
        ("gemma3n", True),
        ("gpt_oss", True),
        ("gemma2", False),
        ("llama", False),
    ],
)
def test_the_list_matches_as_unsloths_loader_does(architecture: str, listed: bool) -> None:
    assert (fp16_overflow_source("peft", architecture, "fp16") is not None) is listed
    assert fp16_overflow_source("peft", architecture, "bf16") is None
    assert fp16_overflow_source("unsloth", architecture, "fp16") is None


def test_a_plan_fails_the_stack_on_a_card_without_bf16_in_both_languages(catalog: Catalog) -> None:
    """The plans read the stack checks, not the estimate's warnings: SUP-2 reads the same predicate, and on a card
    without bf16 it fails (review42): a run whose gradient norm turns NaN trains nothing, so no build is planned on it
    (four MI50 had been the 'cheapest' LoRA of Qwen3.6 27B, launched with --mixed_precision fp16 beside the warning)."""
    from configurator.core.report.words import check_text
    from configurator.core.support.checks import check_stack

    turing, ampere = catalog.get("gpus", "rtx-2080-ti-22gb"), catalog.get("gpus", "rtx-3090")
    [sup2] = [v for v in check_stack(turing, GEMMA4_QLORA, "gemma4") if v.rule == "SUP-2"] or [None]
    assert sup2 is not None and sup2.status == "fail" and sup2.source == FP16_OVERFLOW_SOURCE
    assert "gradient norm turns NaN" in check_text(sup2.check(), "en")
    with language("zh_CN"):
        assert "梯度范数变成 NaN" in check_text(sup2.check())
    assert not [v for v in check_stack(ampere, GEMMA4_QLORA, "gemma4") if v.rule == "SUP-2"]
    assert not [v for v in check_stack(turing, GEMMA4_QLORA, "llama") if "fp16-overflow" in str(v.fields)]


def test_fp16_asked_on_a_bf16_card_is_the_users_choice_warned_not_failed(catalog: Catalog) -> None:
    """fp16 asked outright warns (the user's choice, told); only the planner's own fp16 on a card without bf16 fails."""
    from configurator.core.support.checks import check_stack

    ampere = catalog.get("gpus", "rtx-3090")
    asked = Workload(kind="finetune", method="lora", context=2048, precision="fp16", framework="peft")
    [sup2] = [v for v in check_stack(ampere, asked, "gemma4") if "fp16-overflow" in str(v.fields)] or [None]
    assert sup2 is not None and sup2.status == "warn"
