"""Functions a newcomer can read whole (#33's done-when): none in the core over 80 lines, none anywhere over 150 (the
application, its tests and its benchmarks: the independent checker and the accuracy report are read as often as the
core); a function's lines from its `def` to its last statement, its docstring included."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORE = REPO / "configurator" / "core"
WALKED = ("configurator", "tests", "benchmarks")


def _lengths() -> list[tuple[int, str]]:
    found = []
    for top in WALKED:
        for path in sorted((REPO / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                    where = f"{path.relative_to(REPO)}:{node.lineno} {node.name}"
                    found.append((node.end_lineno - node.lineno + 1, where))
    return found


def test_no_function_in_the_core_is_over_80_lines_and_none_anywhere_over_150() -> None:
    lengths = _lengths()
    core = str(CORE.relative_to(REPO))
    assert [w for _n, w in lengths if w.startswith("benchmarks/accuracy.py")]  # the walk reaches every folder named
    assert [w for _n, w in lengths if w.startswith("tests/independent_checker.py")]
    assert not [(n, w) for n, w in lengths if n > 80 and w.startswith(core)]
    assert not [(n, w) for n, w in lengths if n > 150]
