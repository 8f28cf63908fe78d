"""A build's checks are codes and fields, worded by the rulebook: every rule id lives in configurator/core/rules, and
every finding a rule can report has its words in each language (English in the rule, Chinese in report/words.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from configurator.core.report import words
from configurator.core.rules import REGISTRY
from configurator.core.rules.base import Check

ROOT = Path(__file__).resolve().parents[2] / "configurator"
RULEBOOK = ROOT / "core" / "rules"
TRANSLATIONS = ROOT / "core" / "report" / "words.py"
"""The Chinese words of each (rule, code), like a translation catalog; the test below holds its keys to the registry."""


def _string_constants(path: Path) -> set[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    }


def test_no_rule_id_is_typed_outside_the_rulebook() -> None:
    """Code outside core/rules names a rule by its object (`MEM_FIT.id`, `SitePower.id`), never by a string."""
    ids = set(REGISTRY)
    typed = [
        f"{path.relative_to(ROOT)}:{line}: {value!r}"
        for path in sorted(ROOT.rglob("*.py"))
        if RULEBOOK not in path.parents and path != TRANSLATIONS
        for line, value in _string_constants(path)
        if value in ids
    ]
    assert not typed, typed


def test_every_finding_a_rule_reports_has_chinese_words_and_every_chinese_finding_a_rule() -> None:
    registered = {(rule.id, message.code) for rule in REGISTRY.values() for message in rule.messages}
    assert registered - set(words.ZH_CHECKS) == set()
    assert set(words.ZH_CHECKS) - registered == set()


def test_a_check_is_rendered_from_its_code_and_fields_in_the_language_asked() -> None:
    rule = REGISTRY["PWR-2"]
    check = rule.say("fail", "load", load=0.93, target=0.8)
    assert check.message == "PSU loaded to 93% (at most 80%)"
    assert check.to_json() == {
        "rule": "PWR-2",
        "status": "fail",
        "message": "PSU loaded to 93% (at most 80%)",
        "code": "load",
        "fields": {"load": 0.93, "target": 0.8},
    }
    assert words.check_text(check) == check.message
    with words.language("zh_CN"):
        assert words.check_text(check) == "电源负载 93%（最多 80%）"
    assert words.check_text(check, "zh_CN") == "电源负载 93%（最多 80%）"  # the window names its language
    # the words come from the code and fields, not from the English: a check reworded in English reads the same
    reworded = check.model_copy(update={"message": "something else entirely"})
    with words.language("zh_CN"):
        assert words.check_text(reworded) == "电源负载 93%（最多 80%）"


def test_a_check_without_a_code_keeps_its_english_in_every_language() -> None:
    check = Check(rule="X", status="pass", message="as written")
    with words.language("zh_CN"):
        assert words.check_text(check) == "as written"
