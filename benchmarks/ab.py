"""Two checkouts, the same commands, interleaved: CPU seconds (user + system) of each whole process, medians.

    python benchmarks/ab.py BASE_CHECKOUT [repeats]

On a shared machine whose load swings within a minute, runs of one checkout after the other compare two different
machines; interleaving base and this checkout, command by command, compares them under the same load. Bytecode is
kept as an installed app has it (benchmarks/startup.py says why).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import COMMANDS

REPO = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "llm-rig-bench-bytecode"))
ENV["QT_QPA_PLATFORM"] = "offscreen"


def cpu(checkout: Path, argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *argv], cwd=checkout, env=ENV, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    base = Path(sys.argv[1]).resolve()
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    labels = [label for label in COMMANDS if label != "map default grid"]
    for checkout in (REPO, base):  # warm bytecode and the catalog cache of each
        for label in ("--version", "plan 8B $1,500 (journey)"):
            cpu(checkout, ["-m", "configurator", *COMMANDS[label]])
    print(f"{'':28} {'base CPU s':>10} {'here CPU s':>10} {'here/base':>9}   (medians of {repeats}, interleaved)")
    rows = [("interpreter start", ["-c", "pass"])] + [
        (label, ["-m", "configurator", *COMMANDS[label]]) for label in labels
    ]
    for label, argv in rows:
        here, there = [], []
        for _ in range(repeats):
            here.append(cpu(REPO, argv))
            there.append(cpu(base, argv))
        h, b = statistics.median(here), statistics.median(there)
        print(f"{label:28} {b:10.3f} {h:10.3f} {h / b:9.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
