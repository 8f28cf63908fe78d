"""A long fuzz run over every input surface (issues #15, #32): counts of cases, exit codes and failures per surface.

    python benchmarks/fuzz.py --examples 5000 [--seed 1] [--surface gguf]
    python benchmarks/fuzz.py --per-surface 1000 [--timeout 10] [--memory-gib 2]

`--examples` is the total, shared evenly among the surfaces; `--per-surface` gives each surface that many.
Every case runs under two alarms (`--timeout` CPU seconds for a spin, `--wall-timeout` for a wait: past either, a hang) and the whole run under an address-space
limit (`--memory-gib`: a MemoryError is a memory runaway). Columns: internal = an exit code other than 0 or 2, a
traceback or a changed user file; misread = a quote's amount read as another number without being flagged.
Exit 1 when any case broke the promise; the failures are printed.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class Hang(BaseException):
    """A case ran past its time (a BaseException: the CLI's own `except Exception` must not swallow it)."""


_FIRED: list[str] = []


def _on_alarm(signum: int, _frame: Any) -> None:
    # remembered too: an exception raised inside a gc callback is printed and dropped
    _FIRED.append("cpu" if signum == getattr(signal, "SIGPROF", None) else "wall")
    raise Hang()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="total cases, shared among the surfaces")
    parser.add_argument("--per-surface", type=int, default=None, help="cases for each surface (overrides --examples)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surface", action="append", help="only this surface (repeatable)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="CPU seconds a case may spin before it counts as a hang (a spin: CPU time, fair on a shared machine)",
    )
    parser.add_argument(
        "--wall-timeout",
        type=float,
        default=120.0,
        help="wall-clock seconds a case may wait before it counts as a hang (a FIFO blocks without CPU)",
    )
    parser.add_argument("--progress", type=int, default=100, help="print the tally every N cases")
    parser.add_argument("--memory-gib", type=float, default=2.0, help="address-space limit of the run (0: none)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="llm-rig-fuzz-")
    os.environ["LLM_RIG_HOME"] = home  # never the real user's files
    os.environ["HF_HUB_CACHE"] = str(Path(home) / "hf-cache")
    from hypothesis import HealthCheck, given, seed, settings

    from tests.fuzzing import SURFACES, Misread

    if args.memory_gib > 0:
        try:
            import resource

            limit = int(args.memory_gib * 1024**3)
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        except (ImportError, ValueError, OSError) as exc:  # Windows has no RLIMIT_AS
            print(f"note: no memory limit ({exc})")
    has_alarm = hasattr(signal, "SIGALRM")
    if has_alarm:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.signal(signal.SIGPROF, _on_alarm)

    chosen = args.surface or sorted(SURFACES)
    per_surface = args.per_surface or max(1, args.examples // len(chosen))
    failed = False
    print(
        f"{'surface':14} {'cases':>6} {'exit 0':>7} {'exit 2':>7} {'internal':>8} {'hangs':>6} {'memory':>6} "
        f"{'misread':>7} {'seconds':>8} {'slowest':>8}"
    )
    for name in chosen:
        strategy, runner = SURFACES[name]
        codes: dict[int, int] = {}
        counts = {"internal": 0, "hang": 0, "memory": 0, "misread": 0}
        failures: list[str] = []
        slowest = [0.0]

        @seed(args.seed)
        @settings(max_examples=per_surface, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(strategy)
        def check(case: Any) -> None:
            kind = None
            start = time.perf_counter()
            _FIRED.clear()
            if has_alarm:
                signal.setitimer(signal.ITIMER_REAL, args.wall_timeout)
                signal.setitimer(signal.ITIMER_PROF, args.timeout)
            try:
                code = runner(case)
                if _FIRED:
                    raise Hang()
            except Hang:
                kind, code, message = (
                    "hang",
                    -1,
                    (
                        f"past {args.timeout:g} s of CPU"
                        if _FIRED[:1] == ["cpu"]
                        else f"no answer within {args.wall_timeout:g} s"
                    ),
                )
            except MemoryError:
                kind, code, message = "memory", -1, "MemoryError under the address-space limit"
            except Misread as exc:
                kind, code, message = "misread", -1, str(exc)
            except AssertionError as exc:  # keep going: count every broken case, not just the first
                kind, code, message = "memory" if "MemoryError" in str(exc) else "internal", -1, str(exc)
            finally:
                if has_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    signal.setitimer(signal.ITIMER_PROF, 0)
            slowest[0] = max(slowest[0], time.perf_counter() - start)
            if kind is not None:
                counts[kind] += 1
                failures.append(f"{name} [{kind}]: {message[:300]}\n  input: {case!r:.300}")
            codes[code] = codes.get(code, 0) + 1
            done = sum(codes.values())
            if args.progress and done % args.progress == 0:
                print(
                    f"  {name}: {done} cases, exit 0: {codes.get(0, 0)}, exit 2: {codes.get(2, 0)}, "
                    + ", ".join(f"{k}: {v}" for k, v in counts.items()),
                    flush=True,
                )

        start = time.perf_counter()
        check()
        seconds = time.perf_counter() - start
        print(
            f"{name:14} {sum(codes.values()):6} {codes.get(0, 0):7} {codes.get(2, 0):7} {counts['internal']:8} "
            f"{counts['hang']:6} {counts['memory']:6} {counts['misread']:7} {seconds:8.1f} {slowest[0]:8.2f}",
            flush=True,
        )
        for failure in failures[:5]:
            print("  " + failure)
        failed = failed or bool(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
