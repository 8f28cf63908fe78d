"""What `plan --json` leaves out, compared on two checkouts (#34): each build of benchmarks/plan_diff.py's requests as
the app keeps it (Build.model_dump_json: a PDF export's payload, a saved project), the repr, str and hash of every step
of its chain of formulas, and its printed sheet in English and in Chinese.

    python benchmarks/build_diff.py BASE_CHECKOUT [--only LABEL]    # e.g. a `git archive main` of the base commit

Each request runs as a whole process under this interpreter with PYTHONPATH set to each checkout in turn; a request
whose outputs differ prints a unified diff. Exit 1 when any differ. CP-SAT's solves are bounded by its deterministic
time, not the clock (solve/solver.py), so two runs of one checkout agree under any load.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def dump(args: list[str]) -> None:
    """In the child: plan as `llm-rig plan ARGS --json` does, then print what the app keeps of each build."""
    solve_plan = importlib.import_module("configurator.core.solve.plan")
    from configurator.core.report.purchase import SheetMeta
    from configurator.core.report.sheet import build_sheet_html

    seen: dict[str, Any] = {}
    solve = solve_plan.plan

    def spy(request: Any, *a: Any, **k: Any) -> Any:
        seen["result"], seen["request"] = solve(request, *a, **k), request
        return seen["result"]

    solve_plan.plan = spy
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        importlib.import_module("configurator.cli.main").main(["plan", *args, "--json"])
    for build in seen["result"].builds if "result" in seen else ():
        print(build.model_dump_json())
        for step in build.estimate.steps:
            print(repr(step), str(step), hash(step) == hash(step.model_copy()), sep="\n")
        print(build == build.model_copy(deep=True))
        for lang in ("en", "zh_CN"):
            print(build_sheet_html(build, seen["request"], SheetMeta(created="2026-01-01", language=lang)))


def builds(checkout: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, env=env, cwd=checkout
    )
    return done.stdout + (f"\n[exit {done.returncode}] {done.stderr[-400:]}" if done.returncode else "")


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        dump(sys.argv[2:])
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from plan_diff import REQUESTS

    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path, help="the other checkout (e.g. main exported with git archive)")
    parser.add_argument("--only", default="", help="run only requests whose label contains this")
    options = parser.parse_args()
    differing = 0
    for label, args in REQUESTS.items():
        if options.only not in label:
            continue
        ours, theirs = builds(REPO, args), builds(options.base.resolve(), args)
        same = ours == theirs
        differing += not same
        steps = ours.count("\nStep(") + ours.startswith("Step(")
        print(f"{label:36} {'identical' if same else 'DIFFERS'}  {len(ours):8} chars, {steps:3} steps", flush=True)
        if not same:
            diff = difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "base", "here", lineterm="", n=1)
            print("\n".join(line[:300] for line in list(diff)[:60]))
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
