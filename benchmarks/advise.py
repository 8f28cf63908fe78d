"""Map speed: the default recommendation map (12 models x 3 precisions), its wall time and its CPU time (this process
and its worker processes), the slowest cells, a value ranking, and the window's map and main window.

    python benchmarks/advise.py              # USD, the shipped catalog
    python benchmarks/advise.py --currency CNY --gpu rtx-3090,rtx-4090
    python benchmarks/advise.py --window     # also the window: shown offscreen, and its map's first and last cell

Targets (issue #34): the default map within 3 s on two cores, the window shown within 1 s offscreen. This machine is
shared: the first line gives its load (os.getloadavg), and the CPU seconds are the steadier figure of the two.
A benchmark, not a test: it prints, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.advise.landscape import map_workloads, recommendation_map, value_ranking
from configurator.core.advise.mapworkers import MapWorkers, default_processes
from configurator.core.common import memo
from configurator.core.model.request import BuildRequest, default_circuit, default_region
from configurator.storage import catalogs

TARGET_S = 3.0
WINDOW_TARGET_S = 1.0


def process_cpu(pids: list[int]) -> float | None:
    """User + system CPU seconds of running processes (Linux /proc), or None where that cannot be read."""
    total = 0.0
    try:
        for pid in pids:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return total


def one_map(catalog, base, workloads, processes):  # type: ignore[no-untyped-def]
    """(result, wall s, CPU s of this process and its workers or None, per-cell gaps)."""
    memo.clear()  # each run starts cold: the memos serve the cells of one map, not the next run
    gaps: list[tuple[float, str]] = []
    last = [time.perf_counter()]

    def on_cell(cell, _done, _total):  # type: ignore[no-untyped-def]
        now = time.perf_counter()
        gaps.append((now - last[0], f"{cell.model} {cell.column}"))
        last[0] = now

    started, cpu = time.perf_counter(), time.process_time()
    workers_cpu: float | None = 0.0
    if processes > 1:  # the workers start inside the timing: `llm-rig map` starts them for each map
        with MapWorkers(catalog, processes, "fork") as workers:
            result = recommendation_map(catalog, workloads, base=base, on_cell=on_cell, workers=workers)
            pool = workers._pool
            workers_cpu = process_cpu([p.pid for p in pool._processes.values()]) if pool is not None else None
    else:
        result = recommendation_map(catalog, workloads, base=base, on_cell=on_cell)
    wall = time.perf_counter() - started
    total = None if workers_cpu is None else time.process_time() - cpu + workers_cpu
    return result, wall, total, gaps


def window_figures(repeats: int) -> None:
    """The main window shown (benchmarks/gui.py's measure) and the Map dialog: its first cell and its last."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from gui import launch_times

    shown = launch_times(repeats)
    print(
        f"window shown (offscreen): median {statistics.median(shown):.2f} s of {repeats} "
        f"(target <= {WINDOW_TARGET_S:g} s: {'met' if statistics.median(shown) <= WINDOW_TARGET_S else 'NOT met'})"
    )
    from PySide6.QtCore import QEventLoop, QTimer

    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.mapview import RecommendationMapDialog

    app = make_app([])
    window = MainWindow()
    window.show()
    window.session.wait_idle()
    app.processEvents()
    started = time.perf_counter()
    dialog = RecommendationMapDialog(window.session, window)
    dialog.show()
    opened = time.perf_counter() - started
    first: list[float] = []
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: first or not dialog.cells or first.append(time.perf_counter() - started))
    timer.timeout.connect(lambda: dialog.map_result is not None and loop.quit())
    timer.start(20)
    QTimer.singleShot(300_000, loop.quit)
    loop.exec()
    done = time.perf_counter() - started
    cells = len(dialog.map_result.cells) if dialog.map_result else len(dialog.cells)
    print(
        f"window map ({cells} cells, {dialog._workers.processes if dialog._workers else 1} worker processes): dialog "
        f"shown {opened:.2f} s, first cell {first[0] if first else float('nan'):.2f} s, last {done:.2f} s (wall)"
    )
    dialog.close()
    window.session.dirty = False
    window.close()


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
    parser.add_argument("--window", action="store_true", help="also the window shown and its map (offscreen Qt)")
    args = parser.parse_args()
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"load average {' '.join(f'{x:.2f}' for x in load) if load else 'unknown'}; {default_processes()} cores")
    catalog = catalogs.load().catalog
    base = BuildRequest(
        model_id="",
        currency=args.currency,
        circuit=default_circuit(args.currency),
        region=default_region(args.currency),
        gpu_ids=tuple(g for g in args.gpu.split(",") if g),
    )
    workloads = map_workloads("inference")
    walls = []
    for run in range(args.repeat):
        result, wall, cpu, gaps = one_map(catalog, base, workloads, args.workers)
        walls.append(wall)
        solved = sum(c.cheapest is not None for c in result.cells)
        print(
            f"run {run + 1} ({args.workers} process{'es' if args.workers > 1 else ''}): {len(result.cells)} cells "
            f"({solved} solved) in {wall:.2f} s wall, {'?' if cpu is None else f'{cpu:.2f}'} s CPU; longest gaps "
            "between cells: " + ", ".join(f"{name} {t:.2f} s" for t, name in sorted(gaps, reverse=True)[:3])
        )
    started = time.perf_counter()
    model = catalog.records["models"]["llama-3.1-8b"]
    ranked = value_ranking(model, workloads[0], catalog, base.model_copy(update={"model_id": model.id}))  # type: ignore[arg-type]
    print(f"value ranking (llama-3.1-8b int4): {len(ranked)} GPUs in {time.perf_counter() - started:.2f} s")
    best = min(walls)
    print(
        f"default map: {best:.2f} s wall (target {TARGET_S:g} s on two cores): {'met' if best <= TARGET_S else 'NOT met'}"
    )
    if args.window:
        window_figures(3)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
