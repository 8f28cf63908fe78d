"""Process time of command-line calls (targets: --version and estimate --json <= 0.3 s).

    python benchmarks/startup.py [repeats]
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COMMANDS = {
    "--version": ["--version"],
    "catalog list gpus --json": ["catalog", "list", "gpus", "--json"],
    "estimate --json": ["estimate", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m",
                        "--gpu", "rtx-3090", "--gpus", "2", "--json"],
}


def process_seconds(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "configurator", *args], check=True, capture_output=True, cwd=REPO)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    for label, args in COMMANDS.items():
        times = [process_seconds(args) for _ in range(repeats)]
        print(f"{label:28} median {statistics.median(times):.3f} s process time (min {min(times):.3f}, n={repeats})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
