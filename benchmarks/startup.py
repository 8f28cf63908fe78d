"""Whole-process time of command-line calls, as ratios to an interpreter start in the same run
(this machine's speed drifts; the ratios are what #34's targets name).

    python benchmarks/startup.py [repeats]

Targets: --version <= 3x an interpreter start, estimate <= 6x, a journey plan <= 20x, the 70B top-5
plan <= 30x, a 70B cluster plan to a deadline <= 50x. Wall time of each process (median), with the
catalog cache warm (the first run after a change of the shipped catalog validates it once).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ESTIMATE = ["estimate", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m",
            "--gpu", "rtx-3090", "--gpus", "2", "--json"]
COMMANDS = {
    "--version": ["--version"],
    "catalog list gpus": ["catalog", "list", "gpus"],
    "estimate --json": ESTIMATE,
    "plan 8B $1,500 (journey)": ["plan", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m",
                                 "--budget", "1500", "--json"],
    "plan 70B top-5": ["plan", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m",
                       "--context", "16384", "--top", "5", "--json"],
    "plan 70B pretrain 90 days": ["plan", "--model", "llama-3.3-70b", "--workload", "pretrain", "--tokens", "1e12",
                                  "--deadline-hours", "2160", "--json"],
}


def wall_seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=False, capture_output=True, cwd=REPO, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return time.perf_counter() - started


def main() -> int:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    only = set(sys.argv[2:])
    wall_seconds([sys.executable, "-m", "configurator", "--version"])  # warm the catalog cache and the OS
    wall_seconds([sys.executable, "-m", "configurator", *ESTIMATE])
    base = statistics.median(wall_seconds([sys.executable, "-c", "pass"]) for _ in range(repeats))
    print(f"{'interpreter start':28} median {base:.3f} s")
    for label, args in COMMANDS.items():
        if only and label not in only:
            continue
        seconds = statistics.median(wall_seconds([sys.executable, "-m", "configurator", *args]) for _ in range(repeats))
        print(f"{label:28} median {seconds:.3f} s = {seconds / base:5.1f} x an interpreter start")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
