"""A long fuzz run over every input surface (issue #15): counts of cases and exit codes per surface.

    python benchmarks/fuzz.py --examples 5000 [--seed 1] [--surface gguf]

`--examples` is the total, shared evenly among the surfaces. Exit 1 when any case broke the
promise (an exit code other than 0 or 2, a traceback, a changed user file); the failures are printed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="total cases, shared among the surfaces")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surface", action="append", help="only this surface (repeatable)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="llm-rig-fuzz-")
    os.environ["LLM_RIG_HOME"] = home  # never the real user's files
    os.environ["HF_HUB_CACHE"] = str(Path(home) / "hf-cache")
    from hypothesis import HealthCheck, given, seed, settings

    from tests.fuzzing import SURFACES

    chosen = args.surface or sorted(SURFACES)
    per_surface = max(1, args.examples // len(chosen))
    failed = False
    print(f"{'surface':14} {'cases':>6} {'exit 0':>7} {'exit 2':>7} {'other':>6} {'failures':>8} {'seconds':>8}")
    for name in chosen:
        strategy, runner = SURFACES[name]
        codes: dict[int, int] = {}
        failures: list[str] = []

        @seed(args.seed)
        @settings(max_examples=per_surface, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def check(case: Any) -> None:
            try:
                code = runner(case)
            except AssertionError as exc:  # keep going: count every broken case, not just the first
                failures.append(f"{name}: {str(exc)[:300]}\n  input: {case!r:.300}")
                code = -1
            codes[code] = codes.get(code, 0) + 1

        start = time.perf_counter()
        check()
        seconds = time.perf_counter() - start
        other = sum(n for c, n in codes.items() if c not in (0, 2))
        print(f"{name:14} {sum(codes.values()):6} {codes.get(0, 0):7} {codes.get(2, 0):7} {other:6} {len(failures):8} {seconds:8.1f}")
        for failure in failures[:5]:
            print("  " + failure)
        failed = failed or bool(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
