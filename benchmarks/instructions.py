"""Two checkouts, the same commands, counted in user-space instructions (valgrind's callgrind): an A/B the load of a
shared machine cannot move.

    python benchmarks/instructions.py BASE_CHECKOUT [label ...]    # labels as benchmarks/startup.py prints them

Process CPU under the load of five engineers swings by +-5 % between interleaved runs of the same code (ab.py), and
startup.py's ratios by more, with their interpreter-start denominator: a change of 1-3 % is lost in it. Callgrind
counts the instructions each process executes, one run each. Hash randomisation moves a count by up to +-0.5 % from
run to run (set and dict layouts), so both checkouts run with PYTHONHASHSEED=0. Kernel time (loading shared
libraries, page faults) is not counted, and an instruction is not a fixed time: use it beside CPU medians, not for
them. About 50x slower than a plain run (the 70B top-5: about 1.5 minutes per checkout).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ab import ENV
from startup import COMMANDS

REPO = Path(__file__).resolve().parents[1]
DEFAULT = ("estimate --json", "plan 8B $1,500 (journey)", "plan 70B top-5")


def instructions(checkout: Path, argv: list[str]) -> int:
    """User-space instructions of `python -m configurator ARGV` run in `checkout` (after one plain run that leaves its
    bytecode and the catalog cache warm, as the measured run of an installed app finds them)."""
    env = {**ENV, "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-m", "configurator", *argv]
    subprocess.run(command, cwd=checkout, env=env, capture_output=True, check=False)
    counted = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.devnull}", *command],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.findall(r"Collected : (\d+)", counted.stderr)
    if not found:
        raise SystemExit(f"callgrind gave no count for {argv}:\n{counted.stderr[-2000:]}")
    return int(found[-1])


def main() -> int:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing measured", file=sys.stderr)
        return 2
    base = Path(sys.argv[1]).resolve()
    labels = sys.argv[2:] or list(DEFAULT)
    print(f"{'':28} {'base M':>10} {'here M':>10} {'here/base':>9}   (user-space instructions, PYTHONHASHSEED=0)")
    for label in labels:
        there = instructions(base, COMMANDS[label])
        here = instructions(REPO, COMMANDS[label])
        print(f"{label:28} {there / 1e6:10.1f} {here / 1e6:10.1f} {here / there:9.4f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
