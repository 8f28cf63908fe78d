"""The map's safety net (#34): every cell of a map grid on two checkouts, compared field by field.

    python benchmarks/map_diff.py BASE_CHECKOUT [--workload inference ...] [--workers N] [--model ID ...]

Each checkout solves the grid in a process of its own under this interpreter (its cwd and PYTHONPATH the checkout, as
benchmarks/plan_diff.py), the way `llm-rig map` does (MapWorkers, fork where it can; `--workers 1` solves in the
process), and prints every MapCell in full: not only `map --json`'s rounded price and speed but the unrounded price,
the build's GPU name, its machine, the alternatives, the reasons and the request a click opens. A cell that differs
prints both versions. Exit 1 when any differs. The default grid is `llm-rig map --workload inference`'s (36 cells);
`--model` keeps only those rows (the map's own models by default).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys
from configurator.core.advise.landscape import map_workloads, recommendation_map
from configurator.core.advise.mapworkers import MapWorkers, default_processes, start_method
from configurator.core.model.request import BuildRequest
from configurator.storage import catalogs

workload, processes, named = sys.argv[1], int(sys.argv[2]) or default_processes(), sys.argv[3:]
catalog = catalogs.load().catalog
workloads = map_workloads(workload, (), None, None)
models = [catalog.records["models"][m] for m in named] or None
base = BuildRequest(model_id="")
method = start_method() if processes > 1 else None
if method is None:
    result = recommendation_map(catalog, workloads, models=models, base=base)
else:
    with MapWorkers(catalog, processes, method) as workers:
        result = recommendation_map(catalog, workloads, models=models, base=base, workers=workers)
print(json.dumps([cell.model_dump(mode="json") for cell in result.cells], sort_keys=True))
"""


def cells(checkout: Path, workload: str, workers: int, models: list[str]) -> tuple[list[dict[str, object]], float]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, workload, str(workers), *models],
        capture_output=True,
        text=True,
        env=env,
        cwd=checkout,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{checkout}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return json.loads(done.stdout), time.perf_counter() - started


def name(cell: dict[str, object]) -> str:
    return f"{cell['model']} {cell['precision']}" + (f" {cell['method']}" if cell.get("method") else "")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path, help="the other checkout (e.g. main exported with git archive)")
    parser.add_argument("--workload", action="append", help="map grids to compare (default: inference)")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (default: one per core)")
    parser.add_argument("--model", action="append", default=[], help="only these models' rows (default: the map's)")
    options = parser.parse_args()
    differing = 0
    for workload in options.workload or ["inference"]:
        ours, our_s = cells(REPO, workload, options.workers, options.model)
        theirs, their_s = cells(options.base.resolve(), workload, options.workers, options.model)
        answered = sum(1 for c in ours if c.get("cheapest"))
        bad = [
            (a, b)
            for a, b in zip(ours, theirs, strict=False)
            if json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True)
        ]
        bad += [(a, {}) for a in ours[len(theirs) :]] + [({}, b) for b in theirs[len(ours) :]]
        differing += len(bad)
        print(
            f"{workload}: {len(ours)} cells ({answered} answered, "
            f"{sum(len(c.get('alternatives') or ()) for c in ours)} alternatives): "
            f"{'identical' if not bad else f'{len(bad)} DIFFER'}  here {our_s:.2f} s, base {their_s:.2f} s",
            flush=True,
        )
        for a, b in bad:
            print(
                f"  {name(a or b)}\n    base {json.dumps(b, sort_keys=True)}\n    here {json.dumps(a, sort_keys=True)}"
            )
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
