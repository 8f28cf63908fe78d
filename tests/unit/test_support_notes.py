"""A support fact's note where the configurator words it is a code with typed fields (support_facts.Fact.said,
`sup.*` in reasons.EN and report/words.ZH_REASONS): the Checks tab and the sheets render it in English and Chinese
from the code, never from the sentence: every note of the support table is one (2026-12-03: 148 distinct notes)."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import EN, english
from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.support import checks as support
from configurator.core.support import facts as support_facts


def _facts() -> list[support_facts.Fact]:
    return [fact for entry in support_facts.SUPPORT_TABLE for fact in entry.facts().values()]


def test_every_coded_note_is_its_codes_english_and_has_chinese_words() -> None:
    coded = [fact for fact in _facts() if fact.said is not None]
    assert len({fact.note for fact in coded}) >= 148
    for fact in coded:
        assert fact.said is not None and fact.note == english(fact.said)
        with words.language("zh_CN"):
            chinese = words.say(fact.said)
        assert chinese != fact.note and fact.said.code in words.ZH_REASONS
    assert all(code in words.ZH_REASONS for code in EN if code.startswith("sup."))


def test_every_note_of_the_support_table_is_a_code() -> None:
    """A new fact is `Fact.of(level, "sup.*", source, **fields)`: its English in reasons.EN, its Chinese in
    report/words.ZH_REASONS."""
    assert not {fact.note for fact in _facts() if fact.said is None}


def test_a_check_carries_its_notes_code_and_is_rendered_from_it_in_chinese(catalog: Catalog) -> None:
    """vLLM's quantization table marks AWQ unsupported on Pascal: a Tesla P40 serving an AWQ model fails SUP-3."""
    p40 = catalog.get("gpus", "tesla-p40")
    (quant,) = [
        v.check()
        for v in support.check_stack(p40, Workload(kind="inference", engine="vllm", precision="awq-int4"))
        if v.rule == support.QUANT.id
    ]
    assert quant.status == "fail"
    assert (quant.fields["note_code"], quant.fields["note_quant"], quant.fields["note_hardware"]) == (
        "sup.vllm-unsupported",
        "AWQ",
        "Pascal",
    )
    assert quant.fields["note"] == "vLLM's hardware table marks AWQ unsupported on Pascal"  # the English, kept
    assert support.fact_note(quant.fields) == support_facts.SUPPORT_TABLE[0].vllm_quant["awq"].said
    with words.language("zh_CN"):
        assert "vLLM 的硬件支持表标明 Pascal 不支持 AWQ" in words.check_text(quant)


def test_a_fine_tuning_frameworks_limits_are_codes_too(catalog: Catalog) -> None:
    """torchtune refuses fp16 (its recipes) and a Turing card has no bf16: SUP-10 fails, in both languages."""
    turing = catalog.get("gpus", "rtx-2080-ti")
    verdict = support.framework_verdict(turing, "torchtune")
    assert verdict is not None and verdict.status == "fail"
    check = verdict.check()
    assert check.fields["note_code"] == "sup.framework-bf16" and check.fields["note_framework"] == "torchtune"
    assert str(check.fields["note"]).startswith("torchtune trains in bf16 or fp32 only")
    with words.language("zh_CN"):
        chinese = words.check_text(check)
    assert "torchtune 只用 bf16 或 fp32 训练" in chinese and "没有 bf16 张量核心" in chinese
    passed = support.framework_verdict(catalog.get("gpus", "rtx-4090"), "unsloth")
    assert passed is not None and passed.check().fields["note_code"] == "sup.framework-supports"


def test_a_fine_tunes_estimate_warns_of_its_framework_in_chinese_from_the_codes(catalog: Catalog) -> None:
    """The estimate's warning is SUP-10's finding: the same English, and Chinese said from the fact's code."""
    from configurator.core.estimate.estimator import estimate

    model, turing = catalog.get("models", "llama-3.1-8b"), catalog.get("gpus", "rtx-2080-ti")
    result = estimate(model, Workload(kind="finetune", method="lora", framework="torchtune"), turing)
    (warning,) = [w for w in result.warnings if w.code == "warn.framework"]
    verdict = support.framework_verdict(turing, "torchtune")
    assert verdict is not None and english(warning) == verdict.message
    assert warning.nested("note")[0].code == "sup.framework-bf16" and warning.fields["advice_code"] == "to-ampere"
    with words.language("zh_CN"):
        chinese = words.say(warning)
    assert chinese.startswith("torchtune 在 NVIDIA GeForce RTX 2080 Ti (Turing) 上：torchtune 只用 bf16 或 fp32 训练")
    assert chinese.endswith("（--framework peft、trl 或 unsloth）")
