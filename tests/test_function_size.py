"""Functions a newcomer can read whole (#33's done-when): none in the core over 80 lines, none anywhere over 150
(a function's lines from its `def` to its last statement, its docstring included)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "configurator"
CORE = ROOT / "core"


def _lengths() -> list[tuple[int, str]]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                where = f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name}"
                found.append((node.end_lineno - node.lineno + 1, where))
    return found


def test_no_function_in_the_core_is_over_80_lines_and_none_anywhere_over_150() -> None:
    lengths = _lengths()
    core = str(CORE.relative_to(ROOT.parent))
    assert not [(n, w) for n, w in lengths if n > 80 and w.startswith(core)]
    assert not [(n, w) for n, w in lengths if n > 150]
