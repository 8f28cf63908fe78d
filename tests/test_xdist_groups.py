"""CI's two workers keep each xdist group on one worker (tests/conftest.py). pytest-xdist 3.8 under pytest 9.2 had
silently stopped grouping (pytest-xdist#1386): every module's tests were spread over both workers, each building the
module's fixtures and solving the shared plans again, and nothing failed. This runs two small modules the way CI
does and reads which worker ran each test."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MODULES = ("tests/unit/rules/test_compat.py", "tests/unit/rules/test_power.py")


@pytest.mark.slow
def test_each_module_runs_on_one_worker_with_its_group_in_the_id() -> None:
    pytest.importorskip("xdist")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "-v", *MODULES],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ran = re.findall(r"^\[(gw\d)\] .*?PASSED (\S+?)::\S+@(\S+)\s*$", done.stdout, re.MULTILINE)
    assert len(ran) >= 15, done.stdout[-2000:]  # every test of both modules, each with its group
    for module in MODULES:
        workers = {worker for worker, path, _group in ran if path == module}
        groups = {group for _worker, path, group in ran if path == module}
        assert len(workers) == 1, f"{module} ran on {sorted(workers)}"
        assert groups == {module}, groups
