"""The map solved in worker processes gives the same map as in one process, heard cell by cell, and survives its workers."""

from __future__ import annotations

import os
import signal

import pytest

from configurator.core.advise.landscape import map_workloads, recommendation_map
from configurator.core.advise.mapworkers import MapWorkers
from configurator.core.model.request import BuildRequest
from configurator.storage import catalogs

MODELS = ("llama-3.2-1b", "qwen3-8b", "llama-3.1-70b")


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    return catalogs.load().catalog


@pytest.fixture(scope="module")
def job(catalog):  # type: ignore[no-untyped-def]
    models = [catalog.records["models"][m] for m in MODELS]
    workloads = map_workloads("inference", ["int4", "fp16"])
    return models, workloads, recommendation_map(catalog, workloads, models=models, base=BuildRequest(model_id=""))


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_workers_give_the_same_map_in_order_and_report_every_cell(catalog, job, method) -> None:  # type: ignore[no-untyped-def]
    """`llm-rig map` forks its workers; the app starts clean ones (forkserver): both must answer what one process does."""
    models, workloads, alone = job
    heard: list[tuple[str, str, int, int]] = []
    with MapWorkers(catalog, 2, method) as workers:
        together = recommendation_map(
            catalog,
            workloads,
            models=models,
            base=BuildRequest(model_id=""),
            workers=workers,
            on_cell=lambda c, done, total: heard.append((c.model, c.column, done, total)),
        )
    assert together.to_json() == alone.to_json()
    assert [c.model for c in together.cells] == [m.id for m in models for _w in workloads]  # the order asked
    assert [d for _m, _c, d, _t in heard] == list(range(1, 7)) and {t for *_x, t in heard} == {6}
    assert {(m, c) for m, c, _d, _t in heard} == {(c.model, c.column) for c in alone.cells}


def test_a_map_whose_workers_are_killed_is_finished_in_this_process(catalog, job) -> None:  # type: ignore[no-untyped-def]
    models, workloads, alone = job
    with MapWorkers(catalog, 2, "fork") as workers:
        assert workers._pool is not None
        pids = {workers._pool.submit(os.getpid).result() for _ in range(4)}
        assert os.getpid() not in pids  # the cells are solved elsewhere
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        heard: list[int] = []
        result = recommendation_map(
            catalog,
            workloads,
            models=models,
            base=BuildRequest(model_id=""),
            workers=workers,
            on_cell=lambda _c, done, _t: heard.append(done),
        )
    assert result.to_json() == alone.to_json()
    assert heard == list(range(1, 7))  # each cell heard once, however it was solved


def test_a_stopped_map_stops_its_workers_cells(catalog, job) -> None:  # type: ignore[no-untyped-def]
    models, workloads, _alone = job
    heard: list[str] = []
    with MapWorkers(catalog, 2, "fork") as workers:
        result = recommendation_map(
            catalog,
            workloads * 3,
            models=models,
            base=BuildRequest(model_id=""),
            workers=workers,
            should_stop=lambda: len(heard) >= 1,
            on_cell=lambda c, _d, _t: heard.append(c.model),
        )
        # the counter the workers read moved on: a cell still running there returns as stopped
        assert workers._job.value >= 1
    assert 1 <= len(result.cells) < 18


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_workers_of_a_killed_process_end(method, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An app killed by the system (no close, no atexit) left its map workers and the forkserver running forever."""
    import subprocess
    import sys
    import time

    script = (
        "import os, signal\n"
        "from configurator.core.advise.mapworkers import MapWorkers\n"
        "from configurator.storage import catalogs\n"
        f"w = MapWorkers(catalogs.load().catalog, 2, {method!r})\n"
        "pids = {w._pool.submit(os.getpid).result() for _ in range(6)}\n"
        "print(' '.join(map(str, pids)), flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    out = tmp_path / "pids"
    with out.open("w") as f:  # a file, not a pipe: the workers would hold a pipe open
        code = subprocess.run(
            [sys.executable, "-c", script], stdout=f, stderr=subprocess.DEVNULL, timeout=120
        ).returncode  # stderr apart: the forkserver's resource tracker may warn there as the process dies
    assert code == -signal.SIGKILL
    pids = [int(p) for p in out.read_text().split()]
    assert pids and all(p > 0 for p in pids)

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().split(")")[-1].split()[0] != "Z"  # a zombie has ended
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 30
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(p) for p in pids)


CLOSE_WHILE_STARTING = """
import threading, time
from multiprocessing import forkserver
from configurator.core.advise.landscape import map_workloads, recommendation_map
from configurator.core.advise.mapworkers import MapWorkers
from configurator.core.model.request import BuildRequest
from configurator.storage import catalogs

catalog = catalogs.load().catalog
models = [catalog.records["models"][m] for m in ("llama-3.2-1b", "qwen3-8b")]
workers = MapWorkers(catalog, 2, "forkserver")
stop = threading.Event()
ended = []

def run():
    recommendation_map(
        catalog, map_workloads("inference", ["int4"]), models=models, base=BuildRequest(model_id=""),
        workers=workers, should_stop=stop.is_set,
    )
    ended.append(True)

thread = threading.Thread(target=run, daemon=True)
thread.start()
while getattr(forkserver._forkserver, "_forkserver_pid", None) is None:  # a worker's launch is under way
    time.sleep(0.01)
while WAIT_FOR_A_WORKER and not workers.pids():  # or: the first worker runs, the second is launched
    time.sleep(0.01)
stop.set()
workers.close()  # as the app closes: no wait, and the app's exit follows at once
print("closed")
"""


@pytest.mark.parametrize("first_worker_running", [False, True])
def test_closing_while_the_workers_start_leaves_no_traceback_and_ends_the_map(first_worker_running: bool) -> None:
    """Issue #31: closing the app while the map's workers were starting printed multiprocessing's FileNotFoundError
    traceback (a worker forked after the app had gone, its pool's semaphores unlinked), or, once a worker ran, the
    pool's InvalidStateError. Closed during the first launch, or the next, and exiting at once, nothing is printed."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", f"WAIT_FOR_A_WORKER = {first_worker_running}\n{CLOSE_WHILE_STARTING}"],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ,
    )
    assert run.returncode == 0, run.stderr
    assert "closed" in run.stdout
    assert "Traceback" not in run.stderr, run.stderr
