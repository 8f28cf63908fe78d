"""Where the test suite's time goes: the slowest tests, the xdist groups, and what two workers do with them.

    python -m pytest -q -p no:cacheprovider -n 2 --junitxml=/tmp/suite.xml   # the CI command, plus a report
    python benchmarks/ci_time.py /tmp/suite.xml [--top 30] [--workers 2]

or, to run the suite and read it in one go (the full suite: 15+ minutes on two cores),

    python benchmarks/ci_time.py --run [--workers 2] [pytest args ...]

It prints the slowest tests (setup, call and teardown together, as JUnit XML records them; a module fixture's cost
lands on the module's first test), the slowest xdist groups (the group tests/conftest.py gave each test: one group
runs on one worker), and the two numbers that bound a run on N workers: the sum of all tests / N (the best any split
can do) and the largest group (no split can do better than it). Then it replays pytest-xdist's `--dist loadgroup`
on these times (groups handed out in order, each to the worker that frees first) in two orders, xdist's own (most
tests first) and tests/conftest.py's (longest first, by tests/group_seconds.json), and prints each one's wall time
and how long each worker idles at the end. `--write-weights` stores these groups' seconds in that table.

Times are whatever the run measured: on a shared machine they are wall times inflated by the load, so compare
groups with one another within one run, and compare runs by their CPU time (`/usr/bin/time -v`: user + sys). A
benchmark, never a test: nothing here fails on a slow suite; docs/architecture.md ("Keeping CI within budget") says
what to do with what it prints.
"""

from __future__ import annotations

import argparse
import heapq
import json
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import GROUP_SECONDS  # noqa: E402  (the weights tests/conftest.py orders groups by)


def _test_path(classname: str) -> Path:
    """The file of a JUnit test case: `tests.core.test_x` or `tests.core.test_x.TestClass`."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        path = REPO.joinpath(*parts[:cut]).with_suffix(".py")
        if path.exists():
            return path
    return REPO.joinpath(*parts).with_suffix(".py")


def read_junit(xml: Path) -> list[tuple[str, str, float]]:
    """(test id, xdist group, seconds) of every test case the report holds. The group is the one tests/conftest.py
    gave the test (its `xdist_group` property); a report without it (an older tree) groups by file."""
    cases = []
    for case in ET.parse(xml).getroot().iter("testcase"):
        path = _test_path(case.get("classname", ""))
        said = {p.get("name"): p.get("value") for p in case.iter("property")}
        group = said.get("xdist_group") or path.relative_to(REPO).as_posix()
        cases.append((f"{path.relative_to(REPO)}::{case.get('name')}", str(group), float(case.get("time", 0.0))))
    return cases


def replay(groups: dict[str, float], order: list[str], workers: int) -> list[float]:
    """Each worker's busy time when groups are handed out in `order` to the worker that frees first."""
    busy = [(0.0, w) for w in range(workers)]
    heapq.heapify(busy)
    for group in order:
        at, worker = heapq.heappop(busy)
        heapq.heappush(busy, (at + groups[group], worker))
    return [at for at, _ in sorted(busy, key=lambda item: item[1])]


def report(cases: list[tuple[str, str, float]], top: int, workers: int) -> tuple[str, dict[str, float]]:
    """The report, and each group's seconds (what --write-weights stores)."""
    groups: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for _test, group, seconds in cases:
        groups[group] += seconds
        counts[group] += 1
    total = sum(groups.values())
    lines = [f"{len(cases)} tests, {total:.0f} s in all; {len(groups)} xdist groups", "", f"slowest {top} tests:"]
    for test, _group, seconds in sorted(cases, key=lambda c: -c[2])[:top]:
        lines.append(f"  {seconds:7.1f} s  {test}")
    lines += ["", f"slowest {top} groups (tests):"]
    for group, seconds in sorted(groups.items(), key=lambda g: -g[1])[:top]:
        lines.append(f"  {seconds:7.1f} s  {100 * seconds / total:4.1f} %  {group} ({counts[group]})")
    biggest = max(groups.values())
    lines += [
        "",
        f"on {workers} workers no split beats max(sum / {workers}, largest group) = "
        f"max({total / workers:.0f}, {biggest:.0f}) = {max(total / workers, biggest):.0f} s",
    ]
    orders = {
        "most tests first (pytest-xdist's own order)": sorted(groups, key=lambda g: -counts[g]),
        "longest first (tests/conftest.py group_order, on these times)": sorted(groups, key=lambda g: -groups[g]),
    }
    for name, order in orders.items():
        busy = replay(groups, order, workers)
        idle = ", ".join(f"{max(busy) - b:.0f}" for b in busy)
        lines.append(f"{name}: {max(busy):.0f} s; each worker idle at the end: {idle} s")
    return "\n".join(lines), dict(groups)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("xml", nargs="?", type=Path, help="a JUnit XML report of a pytest run")
    parser.add_argument("--run", action="store_true", help="run the suite first (extra arguments go to pytest)")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--write-weights", action="store_true", help=f"store each group's seconds in {GROUP_SECONDS.name}"
    )
    args, extra = parser.parse_known_args()
    xml = args.xml
    if args.run:
        xml = Path(tempfile.mkdtemp()) / "suite.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(args.workers)]
        subprocess.run([*command, f"--junitxml={xml}", *extra], cwd=REPO, check=False)
    if xml is None:
        parser.error("give a JUnit XML report, or --run")
    text, groups = report(read_junit(xml), args.top, args.workers)
    print(text)
    if args.write_weights:
        GROUP_SECONDS.write_text(json.dumps({g: round(s, 1) for g, s in sorted(groups.items())}, indent=0) + "\n")
        print(f"wrote {GROUP_SECONDS.relative_to(REPO)} ({len(groups)} groups)")


if __name__ == "__main__":
    main()
