"""Test helpers: run the command line as a real process, and plan a request nothing fits (its ways out)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the command-line tests that import this module plan nothing in-process
    from configurator.core.catalog.loader import Catalog
    from configurator.core.model.build import Infeasible
    from configurator.core.model.request import BuildRequest

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


def run_clis(*commands: tuple[str, ...] | list[str], env: dict[str, str] | None = None) -> list[Run]:
    """`run_cli` of each command, the processes started at once and their answers in the same order: for commands
    that neither write nor read what another writes (a request in text and in JSON). The pytest process only waits on
    them, so on CI's two cores a pair takes about the time of one."""
    full_env = {**os.environ, **(env or {})}
    full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
    pipe = subprocess.PIPE
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "configurator", *args], stdout=pipe, stderr=pipe, text=True, env=full_env
        )
        for args in commands
    ]
    runs = []
    try:
        for proc in started:
            out, err = proc.communicate(timeout=120)
            runs.append(Run(proc.returncode, out, err))
    finally:
        for proc in started:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return runs


def infeasible_plan(request: BuildRequest, catalog: Catalog) -> Infeasible:
    """The plan of a request nothing fits: why, and its ways out (fails, naming the builds found, where one fits)."""
    from configurator.core.solve.plan import plan

    result = plan(request, catalog)
    assert result.infeasible is not None, [(b.gpu_count, b.gpu_id, b.total_price) for b in result.builds]
    return result.infeasible


def ranked_by_price(inf: Infeasible) -> None:
    """The contract: sorted by price, the cheapest way out first (its text is cheapest_relaxation)."""
    keys = [r.total_price for r in inf.relaxations]
    assert keys == sorted(keys), [(r.kind, r.total_price) for r in inf.relaxations]
    assert inf.cheapest_relaxation == inf.relaxations[0].change


def accuracy_benchmark() -> Any:
    """benchmarks/accuracy.py as a module, loaded once per process: the tests score coverage exactly as it reports it
    (its dataclasses look their module up by name, so it is registered before it runs)."""
    import importlib.util

    name = "accuracy_benchmark"
    if name in sys.modules:
        return sys.modules[name]
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location(name, root / "benchmarks" / "accuracy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def without_chips(catalog: Catalog, *chips: str) -> Catalog:
    """`catalog` without the unified-memory systems built on `chips` ("M5 Ultra", "M6"): a test that asks what a plan
    answers where such a machine is not sold (Apple's 2026-08-25 Macs, round 37)."""
    import dataclasses

    from configurator.core.catalog.models import System

    def sold(record: object) -> bool:
        return not (isinstance(record, System) and record.unified is not None and record.unified.chip in chips)

    records = {kind: {rid: rec for rid, rec in recs.items() if sold(rec)} for kind, recs in catalog.records.items()}
    return dataclasses.replace(catalog, records=records)
