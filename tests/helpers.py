"""Test helpers: run the command line in-process or as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(*args: str, env: dict[str, str] | None = None) -> Run:
    """`python -m configurator ARGS` in a subprocess, as a user's shell would run it."""
    full_env = {**os.environ, **(env or {})}
    full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-m", "configurator", *args], capture_output=True, text=True, env=full_env, timeout=120
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)
