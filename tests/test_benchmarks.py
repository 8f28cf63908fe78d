"""The benchmarks stay runnable (issue #34: CI keeps them runnable, never timed): each runs with the fewest repeats and
prints the figures its issue names. No assertion here is about how long anything took."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(*argv: str) -> str:
    done = subprocess.run([sys.executable, *argv], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_solver_benchmark_prints_medians_ratios_and_determinism() -> None:
    out = run("benchmarks/solver.py", "--repeat", "1", "--only", "8B")
    assert "interpreter start: median" in out
    line = next(line for line in out.splitlines() if "8B q4_k_m" in line)
    assert "x an interpreter start" in line and "CPU" in line and "byte-identical" in line
    assert "determinism: 1 of 1" in out


def test_startup_benchmark_prints_ratios_to_an_interpreter_start() -> None:
    out = run("benchmarks/startup.py", "1", "--version", "estimate --json")
    lines = out.splitlines()
    assert lines[0].startswith("interpreter start")
    for label in ("--version", "estimate --json"):
        line = next(line for line in lines if line.startswith(label))
        assert "x an interpreter start" in line and "target <=" in line
    assert not any(line.startswith("plan ") for line in lines)  # only the figures asked for


def test_estimator_grid_is_deterministic() -> None:
    """The refactor safety net (benchmarks/estimator_grid.py) is only a net if the same code dumps the same bytes."""
    first = run("benchmarks/estimator_grid.py", "--models", "qwen3-30b-a3b")
    assert re.fullmatch(r"\d+ cases, sha256 [0-9a-f]{64}\n", first)
    assert int(first.split()[0]) > 1000
    assert run("benchmarks/estimator_grid.py", "--models", "qwen3-30b-a3b") == first


def test_plan_diff_compares_two_checkouts_byte_for_byte() -> None:
    out = run("benchmarks/plan_diff.py", str(REPO), "--only", "AMD rack")  # this checkout against itself
    line = next(line for line in out.splitlines() if line.startswith("70B AMD rack"))
    assert "identical" in line and "exit 0" in line


def test_estimate_diff_compares_json_and_explain_byte_for_byte() -> None:
    out = run("benchmarks/estimate_diff.py", str(REPO), "--only", "Mac Studio")  # this checkout against itself
    lines = [line for line in out.splitlines() if line.startswith("70B on a Mac Studio")]
    assert len(lines) == 2 and all("identical" in line and "exit 0" in line for line in lines)


def test_map_diff_compares_every_cell_of_two_checkouts() -> None:
    out = run("benchmarks/map_diff.py", str(REPO), "--model", "llama-3.2-1b")  # this checkout against itself
    line = next(line for line in out.splitlines() if line.startswith("inference:"))
    assert line.startswith("inference: 3 cells") and "identical" in line


def test_instructions_benchmark_counts_the_same_code_alike() -> None:
    """benchmarks/instructions.py's A/B: this checkout against itself reads one count twice (PYTHONHASHSEED fixed)."""
    import shutil

    import pytest

    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    out = run("benchmarks/instructions.py", str(REPO), "--version")
    line = next(line for line in out.splitlines() if line.startswith("--version"))
    base, here, ratio = (float(x) for x in line.split()[1:4])
    assert base > 50 and abs(ratio - 1) < 0.01 and abs(here / base - ratio) < 1e-3


def test_ci_time_reads_a_junit_report_by_xdist_group(tmp_path: Path) -> None:
    """benchmarks/ci_time.py on a three-test report: groups summed from each test's `xdist_group` property, the
    bound max(sum / 2, largest group), and xdist's order (most tests first) against longest first, replayed."""
    xml = tmp_path / "suite.xml"
    xml.write_text(
        '<testsuites><testsuite name="pytest">'
        + "".join(
            f'<testcase classname="tests.test_layers" name="{name}" time="{seconds}">'
            f'<properties><property name="xdist_group" value="{group}"/></properties></testcase>'
            for name, group, seconds in (("a", "big", 30.0), ("b", "small", 1.0), ("c", "small", 1.0))
        )
        + "</testsuite></testsuites>"
    )
    out = run("benchmarks/ci_time.py", str(xml), "--top", "2")
    assert "3 tests, 32 s in all; 2 xdist groups" in out
    assert "30.0 s  93.8 %  big (1)" in out and "2.0 s   6.2 %  small (2)" in out
    assert "max(16, 30) = 30 s" in out
    assert "most tests first (pytest-xdist's own order): 30 s; each worker idle at the end: 28, 0 s" in out
    assert "longest first (tests/conftest.py group_order, on these times): 30 s" in out
