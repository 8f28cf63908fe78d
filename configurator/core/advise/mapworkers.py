"""Map cells solved in worker processes: each cell is an independent plan, and the machine has more than one core."""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypedDict

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest

if TYPE_CHECKING:
    from configurator.core.advise.landscape import MapCache, MapCell, PlatformFloor

POLL_S = 0.05
"""How often a waiting map looks at its stop flag while its cells are solved elsewhere."""
WATCH_S = 1.0
"""How often a worker looks whether the process it serves is still alive."""
END_WAIT_S = 1.0
"""How long a closed map's workers have to end on their own (a cell checks its stop flag) before they are stopped."""

LOADED = ("configurator.core.advise.landscape", "configurator.core.solve.loaded")
"""The modules that load what a cell solves with (the planner, OR-Tools) before the workers start."""


class _Worker(TypedDict, total=False):
    """What a worker process keeps between its cells (set once when it starts)."""

    catalog: Catalog
    cache: MapCache
    job: Any  # the pool's shared job counter (a multiprocessing Value of "i"): a cell of an older job stops


_WORKER: _Worker = {}  # in a worker process: its catalog, its MapCache and the job counter


def default_processes() -> int:
    """One worker per core the process may use (a map's plans are CPU-bound and each solves single-threaded)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores)


def start_method(clean: bool = False) -> str | None:
    """How to start workers, or None to solve in this process.

    fork shares the loaded catalog and the imported modules for free, but is safe only from a process
    with no other threads: a lock another thread holds (a CP-SAT solve of the main window's, say) would
    be held forever in the child. `clean` asks for a fresh interpreter (forkserver) for such processes.
    A frozen bundle solves in-process: its executable is the app, and a spawned child would open a window.
    """
    if getattr(sys, "frozen", False):
        return None
    methods = multiprocessing.get_all_start_methods()
    if not clean and "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _init(catalog: Catalog, job: Any, owner: int, pids: Any, closing: Any) -> None:
    from configurator.core.advise.landscape import MapCache

    with pids.get_lock():  # the pool's own list of its processes is private: each worker says who it is
        late = bool(closing.value)
        slot = None if late else next((i for i, pid in enumerate(pids) if pid == 0), None)
        if slot is not None:
            pids[slot] = os.getpid()
    if late:
        # started after its pool was shut down (_end): it would wait for a stop never sent. Ended once the lock is
        # released: a process that ends holding a shared semaphore never gives it back, and the app's close then
        # waited forever in pids() (3 of 15 closes hung at exit, tests/core/test_mapworkers.py)
        os._exit(0)
    _WORKER.update({"catalog": catalog, "cache": MapCache(), "job": job})
    threading.Thread(target=_watch, args=(owner,), daemon=True, name="owner-watch").start()


def _watch(owner: int) -> None:
    """End this worker when the process it serves is gone. A killed app never says so: its workers wait on
    their queue forever, and (forkserver) each holds the server's keep-alive pipe open, so neither ends."""
    while _alive(owner):
        time.sleep(WATCH_S)
    os._exit(0)


def _alive(pid: int) -> bool:
    """Is the process running (a zombie, killed but not yet reaped by its parent, is not)?"""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rpartition(")")[2].split()[:1] != ["Z"]
    except FileNotFoundError:
        return False
    except OSError:  # no /proc (macOS): ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True


def _solve(
    job: int,
    index: int,
    model: ModelArch,
    workload: Workload,
    base: BuildRequest,
    floor: PlatformFloor,
    alternatives: bool,
) -> tuple[int, MapCell]:
    from configurator.core.advise.landscape import solve_cell

    counter = _WORKER["job"]
    return index, solve_cell(
        model, workload, _WORKER["catalog"], base, _WORKER["cache"], floor, lambda: counter.value != job, alternatives
    )


def _end(pool: cf.ProcessPoolExecutor, pids: Callable[[], list[int]], closing: Callable[[], None]) -> None:
    """Shut the pool down, then give its workers END_WAIT_S to end and stop the rest. Python 3.11's pool sends its
    workers' stop only while its call queue has room: with cells still queued a worker can wait for it forever, and
    the app's exit with it. Stopped once the pool is shutting down, a worker does not make it "broken" (which had
    raised InvalidStateError on the cancelled cells). Only public calls: the workers are known by the pids they
    reported (`pids`), and a forkserver's workers are not this process's children to join. Once shut down, the pool
    is `closing`: a worker launched meanwhile ends as it starts, so the pids read after it are all there will be."""
    pool.shutdown(wait=False, cancel_futures=True)  # waits while a launch holds the pool's lock
    closing()
    deadline = time.monotonic() + END_WAIT_S
    while any(_alive(pid) for pid in pids()) and time.monotonic() < deadline:
        time.sleep(POLL_S)
    for pid in pids():
        if _alive(pid):
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:  # ended meanwhile
                pass


def _stop_forkserver() -> None:
    """End the forkserver, so that a worker launch it has not served yet is never served: the server preloads the
    solver before it forks, and a worker forked once the app had gone could not open the pool's semaphores. The
    launch waiting on it ends with EOFError (MapWorkers.solve); the next map starts a fresh server (ensure_running).
    SIGTERM ends the server at once (it handles only SIGCHLD and SIGINT), then the stdlib's own stop reaps it."""
    from multiprocessing import forkserver

    server = getattr(forkserver, "_forkserver", None)
    pid = getattr(server, "_forkserver_pid", None)
    if server is None or pid is None:
        return
    try:
        os.kill(pid, signal.SIGTERM)
        server._stop()
    except OSError:
        pass


class MapWorkers:
    """Worker processes that solve map cells for one catalog, kept across maps (the app re-solves on every edit).

    Each worker holds the catalog (sent once, at start) and its own memos, so a re-solve after a price or
    filter change finds its estimates warm. `stop()` ends the cells being solved; `close()` ends the workers.
    """

    def __init__(self, catalog: Catalog, processes: int | None = None, method: str | None = None) -> None:
        self.catalog = catalog
        self.processes = processes or default_processes()
        self.method = method or start_method() or "spawn"
        context = multiprocessing.get_context(self.method)
        if self.method == "forkserver":
            # the server imports the solver and OR-Tools once; every worker forks from it warm. Not __main__: the
            # app's own entry point must not run again in the server
            context.set_forkserver_preload(list(LOADED))
        elif self.method == "fork":
            for module in LOADED:  # the workers inherit them: none imports OR-Tools at its first cell
                importlib.import_module(module)
        self._job = context.Value("i", 0)
        self._pids = context.Array("i", self.processes)  # each worker's pid, written by the worker as it starts
        self._closing = context.RawValue("b", 0)  # set (under the pids' lock) once the pool is shut down
        self._pool: cf.ProcessPoolExecutor | None = cf.ProcessPoolExecutor(
            self.processes,
            mp_context=context,
            initializer=_init,
            initargs=(catalog, self._job, os.getpid(), self._pids, self._closing),
        )

    def _closed(self) -> None:
        with self._pids.get_lock():
            self._closing.value = 1

    def pids(self) -> list[int]:
        """The worker processes started so far (each reports itself as it starts)."""
        with self._pids.get_lock():
            return [pid for pid in self._pids[:] if pid]

    def __enter__(self) -> MapWorkers:
        return self

    def __exit__(self, *_exc: object) -> None:
        # the map is done: wait for the idle workers to end. Left running (wait=False) at the exit of `llm-rig map`,
        # the interpreter's own exit hook wrote to the pool's closed wake-up pipe ("OSError: Bad file descriptor")
        self.close(wait=True)

    def stop(self) -> None:
        """End the cells being solved (they return as stopped) and the ones queued."""
        with self._job.get_lock():
            self._job.value += 1

    def close(self, wait: bool = False) -> None:
        """End the workers; `wait` for them to have ended (the app never waits: its window must not freeze)."""
        self.stop()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if wait:
            pool.shutdown(wait=True, cancel_futures=True)
            return
        # The app closes while a map thread may be starting a worker: the pool's lock is held for as long as the
        # forkserver takes to preload the solver (seconds), so shutdown() here froze the closing window 4 s, and the
        # worker it then started found the pool's semaphores unlinked by the exiting app (a FileNotFoundError
        # traceback from multiprocessing on the terminal). A launch still pending is cut short with its server, and
        # the pool is shut down off this thread.
        if self.method == "forkserver" and not self.pids():
            # the first launch waits on the server's preload (seconds): cut it short. Not once workers run: each
            # worker's exit is reported through the server, whose end would read as every worker dead
            _stop_forkserver()
        # not a daemon: the app's exit waits for the workers to take their stop (a cell returns as stopped, a worker
        # forked just before the server stopped starts and ends), so none outlives the pool's semaphores
        threading.Thread(target=_end, args=(pool, self.pids, self._closed), name="map-close").start()

    def solve(
        self,
        tasks: Sequence[tuple[ModelArch, Workload]],
        base: BuildRequest,
        floor: PlatformFloor,
        alternatives: bool,
        on_cell: Callable[[int, MapCell], None],
        should_stop: Callable[[], bool],
    ) -> None:
        """Solve the cells, telling on_cell (index, cell) about each as it is done. If the workers fail (a process
        killed, a pool that cannot start) the cells not heard of are the caller's to solve: a map never fails
        because a process did."""
        pool = self._pool  # close() (the app's) may drop it meanwhile: its submit then raises RuntimeError
        if pool is None:
            return
        job = self._job.value
        try:
            pending = {
                pool.submit(_solve, job, i, model, workload, base, floor, alternatives)
                for i, (model, workload) in enumerate(tasks)
            }
            while pending:
                if should_stop():
                    self.stop()
                    for future in pending:
                        future.cancel()
                    break
                done, pending = cf.wait(pending, timeout=POLL_S, return_when=cf.FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: f.result()[0]):
                    on_cell(*future.result())
        except (BrokenProcessPool, OSError, EOFError, RuntimeError, ValueError):
            # a process killed, a pool that cannot start, or one closed meanwhile (a launch cut short: EOFError,
            # or ValueError when the server was gone before it began; a submit after shutdown: RuntimeError)
            self.close()
