"""docs/build-rules.md, Part 2, and the registry say the same: every registered rule has its row there with its
severity, and every row's id is a registered rule or says that it is not checked (a research rule the configurator
covers elsewhere or not at all). A rule's severity is one fact (rules.base.Severity): the row's Severity cell names
it first, then the cases where its check says otherwise ("FAIL (4 per GPU); WARN below the advised minimum")."""

from __future__ import annotations

import re
from pathlib import Path

from configurator.core.rules import REGISTRY

DOC = Path(__file__).resolve().parents[2] / "docs" / "build-rules.md"
ROW = re.compile(r"^\| ([A-Z]+(?:-[A-Z0-9]+)?) \| (.*?) \| (.*?) \|", flags=re.MULTILINE)
WORDS = {"FAIL": "fail", "AVOID": "avoid", "WARN": "warn", "INFO": "warn"}
"""The Severity cell's words and the registry's severity each names (INFO: a warning rule that only informs)."""


def _rows() -> dict[str, str]:
    """Part 2's table rows: id -> Severity cell."""
    part2 = DOC.read_text(encoding="utf-8").split("## Part 2", 1)[1].split("## Part 3", 1)[0]
    rows: dict[str, str] = {}
    for rule_id, _predicate, severity in ROW.findall(part2):
        if rule_id == "ID":  # a table's header
            continue
        assert rule_id not in rows, f"{rule_id} has two rows"
        rows[rule_id] = severity
    return rows


def _first_severity(cell: str) -> str | None:
    found = re.search(r"\b(" + "|".join(WORDS) + r")\b", cell)
    return WORDS[found.group(1)] if found else None


def test_every_registered_rule_has_its_row_with_its_severity() -> None:
    rows = _rows()
    missing = sorted(set(REGISTRY) - set(rows))
    assert not missing, f"rules without a row in docs/build-rules.md: {missing}"
    differ = {
        rule_id: (rule.severity, rows[rule_id])
        for rule_id, rule in REGISTRY.items()
        if _first_severity(rows[rule_id]) != rule.severity or "not checked" in rows[rule_id]
    }
    assert not differ, f"registry severity against the row's Severity cell: {differ}"


def test_every_row_is_a_registered_rule_or_says_it_is_not_checked() -> None:
    unregistered = {rule_id: cell for rule_id, cell in _rows().items() if rule_id not in REGISTRY}
    silent = sorted(rule_id for rule_id, cell in unregistered.items() if "not checked" not in cell)
    assert not silent, f"rows whose id is no registered rule and which do not say 'not checked': {silent}"
