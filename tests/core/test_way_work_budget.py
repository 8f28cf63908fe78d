"""The way-out search (solve/relax.py) is bounded by work, never by the clock: the same request gives the same ways on a
loaded machine as on an idle one. Until round 47 it stopped at 5.0 CPU seconds of the process, which the heaviest
searches (Kimi K2.5, DeepSeek-R1, DeepSeek-V3 at 2-bit: 4.5-7.4 s whole) reached, so under load a solve was cut short
and DeepSeek-V3 Q2_K's way came back as "offload+circuits" where "offload" is the answer (a loaded CI run, round 46)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, Infeasible
from configurator.core.model.request import BuildRequest
from configurator.core.solve import relax
from tests.helpers import infeasible_plan

REQUEST = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768),
    gpu_ids=("rx-7900-xtx",),
    max_gpus=4,
    power_limit=0.7,
    allow_clusters=False,
)
"""Four RX 7900 XTX capped at 70 % for a 70B at 32k: nothing fits, and its search tries 16 solves (singles, pairs)."""


def _ways(inf: Infeasible) -> list[tuple[str, float, str | None, int | None]]:
    return [
        (r.kind, r.total_price, r.build.gpu_id if r.build else None, r.build.gpu_count if r.build else None)
        for r in inf.relaxations
    ]


def _jumping(clock: Callable[[], float]) -> Callable[[], float]:
    """A clock an hour further on at every reading: a machine so loaded that any time bound binds at once."""
    hours = itertools.count(1)
    return lambda: clock() + 3600.0 * next(hours)


def test_the_ways_out_are_the_same_however_slowly_the_cpu_clock_runs(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the process's CPU clocks an hour on at every reading, the ways out are those of an idle machine: the search
    counts its solves (relax.SEARCH_SOLVES). The 5.0 CPU-second bound before round 47 stopped this search at its first
    check and listed no way out."""
    memo.clear()
    idle = _ways(infeasible_plan(REQUEST, catalog))
    assert len(idle) >= 2, idle  # a search that lists nothing could not tell the two runs apart
    memo.clear()  # the same search again, not a remembered answer
    monkeypatch.setattr(time, "process_time", _jumping(time.process_time))
    monkeypatch.setattr(time, "perf_counter", _jumping(time.perf_counter))
    loaded = _ways(infeasible_plan(REQUEST, catalog))
    memo.clear()
    assert loaded == idle


def _recording(calls: list[bool], answer: Callable[[BuildRequest], Build | None]) -> relax.Solve:
    """A solve that records, for each call, whether the stop it is handed said stop before it answered."""

    def solve(relaxed: BuildRequest, _cap: float | None, stop: Callable[[], bool]) -> Build | None:
        calls.append(stop())
        return answer(relaxed)

    return solve


def test_the_search_starts_at_most_its_solves_and_never_cuts_one_it_began(catalog: Catalog) -> None:
    """The work bound is a count of solves: the search starts no more than it is given, and a solve it began is handed
    a stop that stays false (only the user's stop or the safety net cut a solve), so the last one allowed ends whole."""
    model = catalog.records["models"][REQUEST.model_id]
    whole: list[bool] = []
    relax.search(REQUEST, _recording(whole, lambda _r: None), lambda: False, model=model)
    assert len(whole) >= 10 and not any(whole), whole  # every single and pair, none of them cut
    for limit in (1, 5, len(whole) - 1):
        calls: list[bool] = []
        relax.search(REQUEST, _recording(calls, lambda _r: None), lambda: False, limit, model=model)
        assert len(calls) == limit and not any(calls), (limit, calls)


def test_a_users_stop_still_ends_the_search_and_the_solve_under_way() -> None:
    """The user's stop (the window's cancel) is read inside a solve as before: the work bound does not hide it."""
    stopped = [False]
    calls: list[bool] = []

    def solve(relaxed: BuildRequest, _cap: float | None, stop: Callable[[], bool]) -> Build | None:
        stopped[0] = True  # the user cancels while this solve runs
        calls.append(stop())
        return None

    relax.search(REQUEST, solve, lambda: stopped[0])
    assert calls == [True]


def test_the_wall_clock_safety_net_ends_a_runaway_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """SEARCH_SAFETY_SECONDS is a real bound, on the wall clock alone: a search whose wall clock runs an hour on at
    every reading starts no solve (without the net it starts every single and pair)."""
    monkeypatch.setattr(time, "monotonic", _jumping(time.monotonic))
    calls: list[bool] = []
    assert relax.search(REQUEST, _recording(calls, lambda _r: None), lambda: False) == []
    assert calls == []
