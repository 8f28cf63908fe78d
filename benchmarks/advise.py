"""Map speed: the default recommendation map (about 12 models x 3 precisions), cell by cell, and a value ranking.

    python benchmarks/advise.py              # USD, the shipped catalog
    python benchmarks/advise.py --currency CNY --gpu rtx-3090,rtx-4090

Target (issue #17): the default map within 5 s on the development machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.advise import map_workloads, recommendation_map, value_ranking
from configurator.core.mapworkers import MapWorkers, default_processes
from configurator.core.solve import memo
from configurator.core.solve.request import BuildRequest, default_circuit, default_region
from configurator.storage import catalogs

TARGET_S = 5.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--currency", default="USD", choices=("USD", "CNY", "EUR"))
    parser.add_argument("--gpu", default="", help="comma-separated GPU filter")
    parser.add_argument("--repeat", type=int, default=2, help="runs (the first also warms imports)")
    parser.add_argument(
        "--workers",
        type=int,
        default=default_processes(),
        help="worker processes, as `llm-rig map` uses (default: one per core; 1: in this process)",
    )
    args = parser.parse_args()
    catalog = catalogs.load().catalog
    base = BuildRequest(
        model_id="",
        currency=args.currency,
        circuit=default_circuit(args.currency),
        region=default_region(args.currency),
        gpu_ids=tuple(g for g in args.gpu.split(",") if g),
    )
    workloads = map_workloads("inference")
    times = []
    for run in range(args.repeat):
        memo.clear()  # each run starts cold: the memos serve the cells of one map, not the next run
        started = time.perf_counter()
        slowest: list[tuple[float, str]] = []
        last = [started]

        def on_cell(cell, done, total, last=last, slowest=slowest):  # type: ignore[no-untyped-def]
            now = time.perf_counter()
            slowest.append((now - last[0], f"{cell.model} {cell.column}"))
            last[0] = now

        # the workers start inside the timing: `llm-rig map` starts them for each map
        if args.workers > 1:
            with MapWorkers(catalog, args.workers, "fork") as workers:
                result = recommendation_map(catalog, workloads, base=base, on_cell=on_cell, workers=workers)
        else:
            result = recommendation_map(catalog, workloads, base=base, on_cell=on_cell)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        solved = sum(c.cheapest is not None for c in result.cells)
        print(
            f"run {run + 1} ({args.workers} process{'es' if args.workers > 1 else ''}): {len(result.cells)} cells ({solved} solved) in {elapsed:.2f} s; slowest: "
            + ", ".join(f"{name} {t:.2f} s" for t, name in sorted(slowest, reverse=True)[:3])
        )
    started = time.perf_counter()
    model = catalog.records["models"]["llama-3.1-8b"]
    ranked = value_ranking(model, workloads[0], catalog, base.model_copy(update={"model_id": model.id}))  # type: ignore[arg-type]
    print(f"value ranking (llama-3.1-8b int4): {len(ranked)} GPUs in {time.perf_counter() - started:.2f} s")
    best = min(times)
    print(f"default map: {best:.2f} s (target {TARGET_S:g} s): {'ok' if best <= TARGET_S else 'SLOW'}")
    return 0 if best <= TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
