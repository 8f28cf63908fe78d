"""Shared fixtures: every user folder points into a temporary directory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def collect_between_tests(request: pytest.FixtureRequest) -> Any:
    """In the window's tests, garbage collection only between tests, never inside a Qt destructor or paint event
    (configurator/qt/collector: the window does the same from its event loop). Automatic collection stalled one CI run
    in a QMenu's destructor and crashed another painting a chart, both on 2026-12-04. Other tests keep Python's own
    collection (some check what a plan does with it)."""
    import gc

    if "qt" not in Path(str(request.node.path)).parts:
        yield
        return
    was = gc.isenabled()
    gc.disable()
    yield
    from configurator.qt.collector import collect_due

    collect_due()
    if was:
        gc.enable()


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test may touch a real user's config, data or cache."""
    home = tmp_path / "llm-rig-home"
    monkeypatch.setenv("LLM_RIG_HOME", str(home))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    return home


TINY_CATALOG = Path(__file__).parent / "data" / "tiny_catalog"


@pytest.fixture(scope="session")
def tiny_catalog() -> Any:
    """A handful of records copied verbatim from the shipped catalog (tests/data/tiny_catalog, refreshed by
    `python -m tests.unit.catalog.refresh`): the `catalog` of tests/unit, which never loads every record."""
    from configurator.core.catalog.loader import load_catalog

    result = load_catalog([sorted(TINY_CATALOG.glob("*.toml"))])
    assert not result.problems, result.problems
    return result.catalog


@pytest.fixture(scope="session")
def catalog() -> Any:
    """The shipped catalog, without a user's overlays (a test file's own `catalog` fixture overrides it): one object
    for the whole session, the expert suite's (tests/expert/runner.shipped_catalog), so that the memos a plan keeps
    (core/common/memo.py, keyed by the records' identity) serve every module's plans alike, as they serve a user's
    session. Tests only read it: one that needs other records builds a catalog of its own (tests/core/test_lazy.py)."""
    from tests.expert.runner import shipped_catalog

    return shipped_catalog()


SLOW_FOLDERS = ("qt", "expert")
"""Window journeys and the expert-answer suite: end to end, seconds a test."""
SLOW_MODULES = frozenset(
    {
        "test_solver_generative",
        "test_solver",
        "test_estimate_plan_cli",
        "test_fuzz",
        "test_rule_registry",
        "test_relax",
        "test_cluster",
        "test_mapworkers",
        "test_lazy",
        "test_rulebook",
        "test_tco",
        "test_catalog_cli",
        "test_benchmarks",
        "test_china_cluster",
        "test_build_reasons",
        "test_sheet_cluster",
        "test_relax_cli",
        "test_advise",
        "test_dual_gpu_plan",
        "test_standard_servers",
        "test_map_small_cells",
        "test_offload_bisect",
        "test_map_cheapest_only",
        "test_labels",
        "test_fit",
        "test_used_servers",
        "test_project_export",
        "test_builds_fit_1366",
    }
)
"""Modules of end-to-end plans, measured at 10 s or more in all on this 2-core machine (pytest --durations=0): the
`slow` marker, so that `pytest -m "not slow"` is the quick loop (under 4 minutes) and CI runs everything. The last
four: every test a whole plan (or a module fixture of plans), 10-35 s each under load (--durations, 2026-12-03)."""
SLOW_FIXTURES = frozenset({"scenarios", "chen"})
"""Module fixtures that solve whole plans for the tests of a module that also holds unit tests (test_report's
sheets, test_sheet_language's Chinese sheets): the tests that use them are `slow`; a test that calls `plan` itself
says so with `@pytest.mark.slow`."""


XDIST_GROUPS = {"expert": "expert", "test_solver_generative": "generative", "test_label_check_random": "generative"}
"""Under pytest-xdist (`pytest -n 2`, the README's and CI's command; addopts' `--dist loadgroup`), the tests of one
module run on one worker, so a module's fixtures are built once; and these run together: the expert suite's files
read one another's solves (tests/expert/runner.py keeps each plan's answer per process), and the random label check
reads the generative test's answers (`test_solver_generative.solved`)."""

EXPERT_SHARDS = 4
"""The expert suite is the largest group by far (151 requests, each solved once and read by four tests, plus their ways
out re-solved): on one worker it was the critical path of a two-worker run. Its tests are split by request into this
many groups (`expert-0` ...): every test of one request stays in one group (the same shard of the same `args`), so each
request is still solved once per run, and the shards are spread over the workers like any other group. The expert
tests with no request of their own (the checker on hand-written plans) stay in `expert`."""

GROUP_SECONDS = REPO / "tests" / "group_seconds.json"
"""Measured seconds per xdist group (`python benchmarks/ci_time.py REPORT.xml --write-weights`): only the order in which
groups are handed to workers (longest first, so that no worker is left with a long group at the end) reads it; a
group it does not know is weighed by its tests (`_guessed_seconds`). A stale table costs balance, never a result."""


def _xdist_group(path: Path) -> str:
    if path.stem in XDIST_GROUPS:
        return XDIST_GROUPS[path.stem]
    if path.parent.name in XDIST_GROUPS:
        return XDIST_GROUPS[path.parent.name]
    return str(path)


def _request_of(item: pytest.Item) -> str | None:
    """The `llm-rig plan` arguments an expert-suite test reads (its `case`, `case_id` or `args` parameter, or the
    `expert_request` mark of a test that names its request in its body)."""
    marked = item.get_closest_marker("expert_request")
    if marked is not None:
        return str(marked.args[0])
    params = getattr(getattr(item, "callspec", None), "params", {})
    if "case" in params:
        return str(params["case"].args)
    if "case_id" in params:
        from tests.expert.cases import CASES

        return next(c.args for c in CASES if c.id == params["case_id"])
    if isinstance(params.get("args"), str):
        return str(params["args"])
    return None


def item_group(item: pytest.Item) -> str:
    """The xdist group of a test: its file's (`_xdist_group`), the expert suite's split by request (EXPERT_SHARDS)."""
    import zlib

    group = _xdist_group(Path(str(item.fspath)))
    if group == "expert" and Path(str(item.fspath)).parent.name == "expert":
        args = _request_of(item)
        if args is not None:
            return f"expert-{zlib.crc32(args.encode()) % EXPERT_SHARDS}"
    return group


def group_name(group: str) -> str:
    """A group as the weights table and reports name it: a file's path relative to the repository, or the group."""
    return Path(group).relative_to(REPO).as_posix() if group.startswith(str(REPO)) else group


def _guessed_seconds(slow: int, quick: int) -> float:
    """A group the table does not know: about 5 s a slow test (a plan, a window journey) and 0.2 s any other."""
    return 5.0 * slow + 0.2 * quick


def group_order(slow: dict[str, int], quick: dict[str, int]) -> list[str]:
    """Groups longest first (GROUP_SECONDS, else `_guessed_seconds`), ties by name: the order xdist hands them out."""
    import json

    known: dict[str, float] = json.loads(GROUP_SECONDS.read_text()) if GROUP_SECONDS.exists() else {}
    groups = set(slow) | set(quick)

    def seconds(group: str) -> float:
        return known.get(group_name(group), _guessed_seconds(slow.get(group, 0), quick.get(group, 0)))

    return sorted(groups, key=lambda g: (-seconds(g), group_name(g)))


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow: dict[str, int] = {}
    quick: dict[str, int] = {}
    for item in items:
        path = Path(str(item.fspath))
        group = item_group(item)
        item.add_marker(pytest.mark.xdist_group(group_name(group)))
        item.user_properties.append(("xdist_group", group_name(group)))  # for benchmarks/ci_time.py
        fixtures = getattr(item, "fixturenames", ())
        if path.parent.name in SLOW_FOLDERS or path.stem in SLOW_MODULES or SLOW_FIXTURES & set(fixtures):
            item.add_marker(pytest.mark.slow)
            slow[group] = slow.get(group, 0) + 1
        else:
            quick[group] = quick.get(group, 0) + 1
        if "qapp" in getattr(item, "fixturenames", ()) or "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)
    # On xdist's workers (whose collection the controller schedules): longest groups first, within a group the
    # collected order (a stable sort). xdist hands groups out in this order (pytest_configure turns off its own
    # reordering by number of tests, which sent a long group of few tests last). A run without -n keeps file order.
    if getattr(config.option, "loadgroup", False):
        rank = {group: n for n, group in enumerate(group_order(slow, quick))}
        items.sort(key=lambda item: rank[item_group(item)])


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker sends the collected ids to the controller
def pytest_collection_finish(session: pytest.Session) -> None:
    """Give each test its group where pytest-xdist's own suffix did not take. pytest-xdist 3.8 tells the controller a
    test's group by appending "@group" to `item._nodeid`, which pytest 9.2 no longer reads (a node's id is `item._id`,
    a NodeId): every test was scheduled on its own, modules split over both workers (each building the module's
    fixtures and solving the expert requests again), without a word (pytest-xdist#1386, open; its fix is PR #1388,
    open, 2026-09-21). The same suffix, on the id pytest 9.2 reads; a no-op where xdist's took (pytest < 9.2)."""
    if not getattr(session.config.option, "loadgroup", False):  # set on xdist's workers under --dist loadgroup
        return
    for item in session.items:
        mark = item.get_closest_marker("xdist_group")
        node_id = getattr(item, "_id", None)
        if mark is None or not hasattr(type(node_id), "parse") or item.nodeid.rfind("@") > item.nodeid.rfind("]"):
            continue
        item._id = type(node_id).parse(f"{item.nodeid}@{mark.args[0]}")


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config.option, "loadscopereorder"):  # pytest-xdist: send groups in the collected order (above)
        config.option.loadscopereorder = False


_EXIT_STATUS: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS.append(int(exitstatus))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """End the test process once pytest has reported, with pytest's own status. A thread or worker process a test
    left behind (a map's closing thread, a pool's manager) would otherwise hold the interpreter's exit: CI once ran
    into its 90-minute limit with no test failing for as long (stop 43). What is still alive is named first, so a
    leak shows up in the log instead of as a hang."""
    import sys
    import threading

    if not _EXIT_STATUS:
        return  # --collect-only, --help and the like: exit as usual
    deadline = 30.0
    for thread in threading.enumerate():
        if thread is not threading.main_thread() and not thread.daemon:
            thread.join(deadline)
            deadline = 1.0
    left = [t.name for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if left:
        print(f"\ntests/conftest.py: threads still running at exit: {', '.join(left)}", file=sys.stderr)
    elif os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a pytest-xdist worker with nothing left running exits as xdist expects; its report is sent already
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_EXIT_STATUS[-1])
