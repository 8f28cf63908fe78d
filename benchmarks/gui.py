"""Desktop app speed and memory (targets: window within 2 s of launch, results within 0.5 s of
an input change on the shipped catalog, resident memory under 400 MB; #34: the window shown <= 1 s offscreen, the
window's map <= 3 s on two cores).

    QT_QPA_PLATFORM=offscreen python benchmarks/gui.py            # everything
    QT_QPA_PLATFORM=offscreen python benchmarks/gui.py map [N]    # only the window's map, N times (default 3)
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

CHILD = r"""
import os, sys, time
t0 = float(sys.argv[1])
import configurator.launcher  # what `llm-rig` runs before the window: pydantic's plugin scan skipped
from configurator.qt.app import make_app  # then, as `llm-rig` does, the app's module before any Qt one
from PySide6.QtCore import QTimer
from configurator.qt.main_window import MainWindow
app = make_app([])
window = MainWindow()
window.show()
app.processEvents()
print(f"shown {time.time() - t0:.3f}", flush=True)
QTimer.singleShot(0, app.quit)
app.exec()
"""


def launch_times(repeat: int) -> list[float]:
    times = []
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"), "PYTHONPATH": str(REPO)}
    for _ in range(repeat):
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(start)], capture_output=True, text=True, env=env, check=True
        )
        times.append(float(out.stdout.split()[-1]))
    return times


def change_to_result(repeat: int) -> tuple[list[float], float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer

    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow

    app = make_app([])
    window = MainWindow()
    window.show()
    requests = [
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500),
        BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=3000),
        BuildRequest(
            model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m", context=8192), budget=4000
        ),
    ]
    times = []
    for i in range(repeat):
        loop = QEventLoop()
        first: list[float] = []
        window.session.solve_progressed.connect(lambda _r, f=first: f.append(time.perf_counter()) or loop.quit())
        start = time.perf_counter()
        window.session.set_request(requests[i % len(requests)])
        QTimer.singleShot(30_000, loop.quit)
        loop.exec()
        app.processEvents()
        window.session.solve_progressed.disconnect()
        times.append((first[0] if first else time.perf_counter()) - start)
        done = QEventLoop()
        window.session.solve_finished.connect(done.quit)
        QTimer.singleShot(30_000, done.quit)
        done.exec()
        window.session.solve_finished.disconnect(done.quit)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    window.session.dirty = False
    return times, rss_mb


MAP_CHILD = r"""
import sys, time
from PySide6.QtCore import QEventLoop, QTimer
from configurator.qt.app import make_app
from configurator.qt.main_window import MainWindow
app = make_app([])
window = MainWindow()
window.show()
app.processEvents()
start, cpu = time.perf_counter(), time.process_time()
window.show_map()
dialog = window.map_dialog
first = []
loop = QEventLoop()
dialog.progress.valueChanged.connect(lambda v: first or first.append(time.perf_counter()))
timer = QTimer()
timer.timeout.connect(lambda: dialog.map_result is not None and loop.quit())
timer.start(10)
QTimer.singleShot(600_000, loop.quit)
loop.exec()
wall = time.perf_counter() - start
cells = len(dialog.map_result.cells) if dialog.map_result else 0
print(f"map {wall:.3f} {(first[0] - start) if first else wall:.3f} {cells}", flush=True)
dialog.close()
window.session.dirty = False
QTimer.singleShot(0, app.quit)
app.exec()
"""


def map_times(repeat: int) -> list[tuple[float, float, int]]:
    """(seconds from opening the window's map to its last cell, to its first cell, cells), in a fresh app each time:
    the first map of a session starts its worker processes."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"), "PYTHONPATH": str(REPO)}
    runs = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", MAP_CHILD], capture_output=True, text=True, env=env, check=True)
        line = next(x for x in out.stdout.splitlines() if x.startswith("map "))
        _label, wall, first, cells = line.split()
        runs.append((float(wall), float(first), int(cells)))
    return runs


def print_map_times(repeat: int) -> None:
    runs = map_times(repeat)
    if any(cells == 0 for _w, _f, cells in runs):
        print(f"the window's map: not finished within 600 s in {sum(c == 0 for _w, _f, c in runs)} of {repeat} runs")
        runs = [r for r in runs if r[2]] or runs
    print(
        f"the window's map ({runs[0][2]} cells): median {statistics.median(r[0] for r in runs):.2f} s to the last cell, "
        f"{statistics.median(r[1] for r in runs):.2f} s to the first (target <= 3 s on two cores)"
    )


def main() -> int:
    if sys.argv[1:2] == ["map"]:
        print_map_times(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
        return 0
    launches = launch_times(3)
    print(f"window shown after launch: median {statistics.median(launches):.2f} s (target <= 2 s)")
    changes, rss = change_to_result(6)
    from configurator.qt.session import DEBOUNCE_MS

    print(
        f"input change to the first build on screen: median {statistics.median(changes):.2f} s, max {max(changes):.2f} s "
        f"(includes the {DEBOUNCE_MS} ms debounce; target <= 0.5 s)"
    )
    print(f"peak resident memory: {rss:.0f} MB (target < 400 MB)")
    print_map_times(3)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
