"""#33's done-when "no rule id typed outside the rulebook": code outside configurator/core/rules names a rule by its
object (`instance(CoresPerGpu).id`, `SITE_POWER.id`), never by typing its id, so renumbering a rule in
docs/build-rules.md is one edit. Documentation (docstrings, comments, a string standing alone) may cite an id."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from configurator.core.rules import REGISTRY

ROOT = Path(__file__).resolve().parents[1] / "configurator"
RULEBOOK = ROOT / "core" / "rules"


def _documentation(tree: ast.AST) -> set[int]:
    """The string constants that only document: a string standing alone as a statement (docstrings included)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def typed_rule_ids() -> list[str]:
    ids = set(REGISTRY)
    # an id with a number or a hyphen is found inside any string; a one-word id ("PSU", "PROMPT", "ENGINE") is also a
    # word of a sentence, so only a string that is exactly the id counts
    inside = re.compile(
        r"(?<![A-Za-z0-9_-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True) if "-" in i) + r")"
        r"(?![A-Za-z0-9_-])"
    )
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if RULEBOOK in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _documentation(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docs:
                continue
            if node.value in ids or inside.search(node.value):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.value[:60]!r}")
    return found


def test_no_rule_id_is_typed_outside_the_rulebook() -> None:
    assert len(REGISTRY) >= 69
    assert not typed_rule_ids()
