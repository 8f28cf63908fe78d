"""Every figure of issue #34: whole-process time of command-line calls, as ratios to an interpreter start in the
same run (this machine's speed drifts; the ratios are what #34's targets name), the default map and the window.

    python benchmarks/startup.py [repeats] [label ...]     # e.g. 5; labels as printed, to run only those

Targets: --version <= 3x an interpreter start, estimate <= 6x, a journey plan <= 20x, the 70B top-5
plan <= 30x, a 70B cluster plan to a deadline <= 50x, the default map <= 3 s on two cores, the window shown <= 1 s
offscreen. Wall time of each process (median) and, beside it, its CPU time (user + system: on a shared machine
the steadier of the two), with the catalog cache warm (the first run after a change of the shipped catalog
validates it once).

Bytecode: an installed app runs from compiled bytecode (pip compiles on install, the frozen bundle ships it). Where
PYTHONDONTWRITEBYTECODE is set (as in this development sandbox) a checkout recompiles every module of the package
on every start, which an installed app never does: the processes measured here keep their bytecode in a folder of
their own (PYTHONPYCACHEPREFIX, filled by the warm-up runs). LLM_RIG_BENCH_SOURCE=1 measures as the environment
is instead. The first line says which.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FROM_SOURCE = bool(os.environ.get("LLM_RIG_BENCH_SOURCE"))
CHILD_ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
if not FROM_SOURCE:
    CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    CHILD_ENV.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "llm-rig-bench-bytecode"))
ESTIMATE = [
    "estimate",
    "--model",
    "llama-3.3-70b",
    "--workload",
    "inference",
    "--precision",
    "q4_k_m",
    "--gpu",
    "rtx-3090",
    "--gpus",
    "2",
    "--json",
]
COMMANDS = {
    "--version": ["--version"],
    "catalog list gpus": ["catalog", "list", "gpus"],
    "estimate --json": ESTIMATE,
    "plan 8B $1,500 (journey)": [
        "plan",
        "--model",
        "llama-3.1-8b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--budget",
        "1500",
        "--json",
    ],
    "plan 70B top-5": [
        "plan",
        "--model",
        "llama-3.3-70b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--context",
        "16384",
        "--top",
        "5",
        "--json",
    ],
    "plan 70B pretrain 90 days": [
        "plan",
        "--model",
        "llama-3.3-70b",
        "--workload",
        "pretrain",
        "--tokens",
        "1e12",
        "--deadline-hours",
        "2160",
        "--json",
    ],
    "map default grid": ["map", "--workload", "inference", "--json"],
}
TARGETS = {
    "--version": 3,
    "estimate --json": 6,
    "plan 8B $1,500 (journey)": 20,
    "plan 70B top-5": 30,
    "plan 70B pretrain 90 days": 50,
}
"""#34's targets as multiples of an interpreter start."""
TARGET_SECONDS = {"map default grid": 3.0, "window shown (offscreen)": 1.0}


def wall_seconds(argv: list[str]) -> float:
    return timed(argv)[0]


def timed(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, check=False, capture_output=True, cwd=REPO, env=CHILD_ENV)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def window_shown(repeats: int) -> list[float]:
    """Seconds from launch to the main window shown, offscreen (benchmarks/gui.py's measure)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from gui import launch_times

    return launch_times(repeats)


def verdict(label: str, seconds: float, ratio: float, cpu_ratio: float | None = None) -> str:
    """Met only when the wall-time ratio and (where measured) the CPU ratio both are: on a loaded machine one slow
    interpreter start can make the wall ratio of everything else look met."""
    if label in TARGETS:
        met = ratio <= TARGETS[label] and (cpu_ratio is None or cpu_ratio <= TARGETS[label])
        return f"(target <= {TARGETS[label]}x, wall and CPU: {'met' if met else 'NOT met'})"
    if label in TARGET_SECONDS:
        return f"(target <= {TARGET_SECONDS[label]:g} s: {'met' if seconds <= TARGET_SECONDS[label] else 'NOT met'})"
    return ""


def main() -> int:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    only = set(sys.argv[2:])
    wall_seconds([sys.executable, "-m", "configurator", "--version"])  # warm the catalog cache and the OS
    wall_seconds([sys.executable, "-m", "configurator", *ESTIMATE])
    if not FROM_SOURCE:  # compile what a plan and the window import once, as an install would have them
        if not only or any(not label.startswith(("--version", "catalog", "estimate")) for label in only):
            wall_seconds([sys.executable, "-m", "configurator", *COMMANDS["plan 8B $1,500 (journey)"]])
        os.environ.update(CHILD_ENV)  # benchmarks/gui.py's child too
    starts = [timed([sys.executable, "-c", "pass"]) for _ in range(repeats)]
    base = statistics.median(w for w, _c in starts)
    base_cpu = statistics.median(c for _w, c in starts)
    mode = "compiling sources on every run" if FROM_SOURCE else "bytecode cached, as installed"
    print(f"{'interpreter start':28} median {base:.3f} s wall, {base_cpu:.3f} s CPU ({mode})")
    for label, args in COMMANDS.items():
        if only and label not in only:
            continue
        runs = [timed([sys.executable, "-m", "configurator", *args]) for _ in range(repeats)]
        seconds, cpu = statistics.median(w for w, _c in runs), statistics.median(c for _w, c in runs)
        print(
            f"{label:28} median {seconds:.3f} s = {seconds / base:5.1f} x an interpreter start; "
            f"CPU {cpu:.3f} s = {cpu / max(base_cpu, 1e-3):5.1f} x {verdict(label, seconds, seconds / base, cpu / max(base_cpu, 1e-3))}"
        )
    label = "window shown (offscreen)"
    if not only or label in only:
        try:
            shown = statistics.median(window_shown(repeats))
        except (ImportError, subprocess.CalledProcessError, ValueError) as error:  # no Qt here: say so, go on
            print(f"{label:28} not measured ({type(error).__name__})")
        else:
            print(
                f"{label:28} median {shown:.3f} s = {shown / base:5.1f} x an interpreter start "
                f"{verdict(label, shown, shown / base)}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
