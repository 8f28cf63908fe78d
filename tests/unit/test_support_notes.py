"""A support fact's note where the configurator words it is a code with typed fields (support_facts.Fact.said,
`sup.*` in reasons.EN and report/words.ZH_REASONS): the Checks tab and the sheets render it in English and Chinese
from the code, never from the sentence. Notes in a source's own words stay as written (Chinese through patterns)."""

from __future__ import annotations

from configurator.core import support, support_facts
from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.reasons import EN, english
from configurator.core.report import words

NOTES_IN_A_SOURCES_WORDS = 29
"""Distinct notes of the support table still without a code (2026-12-03: 29 of 148, each one architecture's own): a count that may only fall."""


def _facts() -> list[support_facts.Fact]:
    return [fact for entry in support_facts.SUPPORT_TABLE for fact in entry.facts().values()]


def test_every_coded_note_is_its_codes_english_and_has_chinese_words() -> None:
    coded = [fact for fact in _facts() if fact.said is not None]
    # vLLM's quantization table (every row on every column) and the table's shared facts (one constant each)
    assert len({fact.note for fact in coded}) >= 119
    for fact in coded:
        assert fact.said is not None and fact.note == english(fact.said)
        with words.language("zh_CN"):
            chinese = words.say(fact.said)
        assert chinese != fact.note and fact.said.code in words.ZH_REASONS
    assert all(code in words.ZH_REASONS for code in EN if code.startswith("sup."))


def test_notes_without_a_code_only_fall() -> None:
    uncoded = {fact.note for fact in _facts() if fact.said is None}
    assert len(uncoded) <= NOTES_IN_A_SOURCES_WORDS


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
