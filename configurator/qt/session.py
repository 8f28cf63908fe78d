"""The app's session: the current project and request, and background solving.

Widgets write a new frozen request with `set_request`; the session emits
`request_changed`, re-solves on the thread pool shortly after input stops, drops results
of superseded requests (job ids) and cancels a running solve through `threading.Event`.
The selected build is session state too: every panel draws from (result, selected_index)
when `selection_changed` fires, and a new result always selects one of its own builds.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from configurator.core.catalog.loader import Catalog
from configurator.core.importers.model_import import import_model
from configurator.core.model.build import Build, PlanResult
from configurator.core.model.request import BuildRequest
from configurator.qt.jobs import BackgroundJob
from configurator.storage import catalogs, projects
from configurator.storage.projects import Project

if TYPE_CHECKING:
    from configurator.core.costs.tco import OwnershipInputs

DEBOUNCE_MS = 150
BUSY_AFTER_MS = 500


class Session(QObject):
    request_changed = Signal(object)  # BuildRequest
    solve_started = Signal()
    busy_changed = Signal(bool)
    solve_finished = Signal(object)  # PlanResult
    solve_progressed = Signal(object)  # PlanResult with the builds found so far
    solve_failed = Signal(str)
    project_changed = Signal()  # name, path or dirty flag
    catalog_changed = Signal(object)  # Catalog
    # (PlanResult | None, index): fires whenever the result or its selected build changes
    selection_changed = Signal(object, int)
    # the message of an input the panel cannot turn into a request ("" once it can again)
    validity_changed = Signal(str)
    import_started = Signal(str)  # the path being read
    import_finished = Signal(object)  # ImportedModel
    import_failed = Signal(str)

    def __init__(self, parent: QObject | None = None, catalog: Catalog | None = None):
        super().__init__(parent)
        if catalog is None:
            loaded = catalogs.load()
            catalog = loaded.catalog
            self.catalog_problems = [str(p) for p in loaded.problems]
        else:
            self.catalog_problems = []
        self.catalog = catalog
        # as the command line without --kv-precision: the KV control starts on "auto"
        default = BuildRequest(model_id="llama-3.1-8b", kv_asked=False)
        self.project = Project(requests=(default,))
        self.path: Path | None = None
        self.dirty = False
        self.result: PlanResult | None = None
        self.selected_index = -1  # index into result.builds; -1 when there is no build
        self.invalid_reason = ""
        self._wanted: Build | None = None  # the build the user picked: followed across re-solves by what it is
        # each request's last result on this catalog: an export of the whole project needs the workloads not shown
        self._solved: dict[BuildRequest, PlanResult] = {}
        self._picks: dict[BuildRequest, Build] = {}  # the build the user picked for each request (the export's)
        self._solving: BuildRequest | None = None
        # round 39: what the ranking read of the Buy-or-rent inputs (OwnershipInputs.ranked) in the last solve started
        self._ranked_for: OwnershipInputs | None = None
        self._then: dict[int, Callable[[], object]] = {}
        self.recovery = projects.Autosave()  # this window's own autosave file
        self._ids = itertools.count(1)
        self._current = 0
        self._stop: threading.Event | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._import_pool = QThreadPool(self)
        self._import_pool.setMaxThreadCount(1)
        self._import_id = 0
        self._alive: dict[tuple[str, int], QObject] = {}
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self.solve_now)
        self._busy = QTimer(self, singleShot=True, interval=BUSY_AFTER_MS)
        self._busy.timeout.connect(lambda: self.busy_changed.emit(True))

    @property
    def request(self) -> BuildRequest:
        return self.project.request

    @property
    def selected_build(self) -> Build | None:
        if self.result is None or not 0 <= self.selected_index < len(self.result.builds):
            return None
        return self.result.builds[self.selected_index]

    # ------------------------------------------------------------------ selection

    def select(self, index: int) -> None:
        """Select build `index` of the current result (-1: none)."""
        count = len(self.result.builds) if self.result else 0
        index = index if 0 <= index < count else (-1 if count == 0 else self.selected_index)
        if index == self.selected_index:
            return
        self.selected_index = index
        self._wanted = self.result.builds[index] if self.result and index >= 0 else None
        if self._wanted is not None:
            self._picks[self.request] = self._wanted
        self.selection_changed.emit(self.result, index)

    def chosen_build(self, request: BuildRequest, result: PlanResult | None) -> Build | None:
        """The build of `result` the user picked when `request` was shown (the same machine), else its first: the
        row the window highlights for it."""
        if result is None or not result.builds:
            return None
        pick = self._picks.get(request)
        return result.builds[_same_machine(pick, result.builds, 0) if pick is not None else 0]

    def _show_result(self, result: PlanResult | None) -> None:
        """Make `result` current and select one of its own builds: the machine the user picked if the new result
        has it (the same parts; else the same GPUs), else its first build. The row number is no identity: a new
        ranking puts another machine in row 2. Always emits, since even the same index is a new build."""
        self.result = result
        builds = result.builds if result else ()
        index = 0 if builds else -1
        if self._wanted is not None and builds:
            index = _same_machine(self._wanted, builds, index)
        self.selected_index = index
        self.selection_changed.emit(result, index)

    # ------------------------------------------------------------------ requests

    def set_invalid(self, message: str) -> None:
        """The inputs describe no valid request: the current result is stale until they do."""
        if message == self.invalid_reason:
            return
        self.invalid_reason = message
        if message:
            self._debounce.stop()
        self.validity_changed.emit(message)

    def set_request(self, request: BuildRequest, solve: bool = True) -> None:
        self.set_invalid("")
        if request == self.request:
            return
        self.project = self.project.with_request(request)
        self._mark_dirty()
        self.request_changed.emit(request)
        if solve:
            self._debounce.start()

    def solve_now(self) -> None:
        self._debounce.stop()
        self.cancel()
        job_id = next(self._ids)
        self._current = job_id
        self._stop = threading.Event()
        request, catalog, stop, ownership = self.request, self.catalog, self._stop, self.project.ownership
        self._solving, self._ranked_for = request, _ranked(ownership)
        job = BackgroundJob(
            job_id, lambda report: _plan(request, catalog, stop.is_set, report, ownership), stopped=stop.is_set
        )
        job.signals.finished.connect(self._on_job_finished)
        job.signals.partial.connect(self._on_job_partial)
        job.signals.failed.connect(self._on_job_failed)
        self._keep(job, "solve")
        self._busy.start()
        self.solve_started.emit()
        self._pool.start(job)

    def _keep(self, job: BackgroundJob, kind: str = "solve") -> None:
        """Hold each job's signals object until its last queued signal has been delivered: one
        collected while a signal from the worker thread is still queued crashes the interpreter."""
        self._alive[(kind, job.job_id)] = job.signals
        job.signals.done.connect(self._on_import_done if kind == "import" else self._on_job_done)

    @Slot(int)
    def _on_job_done(self, job_id: int) -> None:
        self._alive.pop(("solve", job_id), None)

    @Slot(int)
    def _on_import_done(self, job_id: int) -> None:
        self._alive.pop(("import", job_id), None)

    def cancel(self) -> None:
        if self._stop is not None:
            self._stop.set()
        self._busy.stop()
        self.cancel_import()

    def wait_idle(self, msecs: int = 30000) -> bool:
        return self._pool.waitForDone(msecs) and self._import_pool.waitForDone(msecs)

    # ------------------------------------------------------------------ model import

    def import_model(self, path: Path) -> None:
        """Read a model file in the background; `import_finished` or `import_failed` follows."""
        self._import_id += 1
        source = Path(path)
        job = BackgroundJob(self._import_id, lambda _report: import_model(source))
        job.signals.finished.connect(self._on_import_finished)
        job.signals.failed.connect(self._on_import_failed)
        self._keep(job, "import")
        self.import_started.emit(str(path))
        self._import_pool.start(job)

    def cancel_import(self) -> None:
        """Drop the running import's answer (a file read cannot be interrupted, its result can)."""
        self._import_id += 1

    @Slot(int, object)
    def _on_import_finished(self, job_id: int, imported: object) -> None:
        if job_id == self._import_id:
            self.import_finished.emit(imported)

    @Slot(int, str)
    def _on_import_failed(self, job_id: int, message: str) -> None:
        if job_id == self._import_id:
            self.import_failed.emit(message)

    @Slot(int, object)
    def _on_job_finished(self, job_id: int, result: object) -> None:
        if job_id != self._current:
            return  # a newer request superseded this one
        self._busy.stop()
        self.busy_changed.emit(False)
        if self._solving is not None:
            self._solved[self._solving] = result  # type: ignore[assignment]
        self._show_result(result)  # type: ignore[arg-type]
        self.solve_finished.emit(result)

    def project_results(self) -> list[PlanResult | None]:
        """Each request's result on the current catalog, in the project's order (None: not solved yet)."""
        return [self._solved.get(r) for r in self.project.requests]

    def solve_project(self, then: Callable[[], object]) -> None:
        """Solve every request that has no result yet, off the GUI thread, then call `then` on it (at once when
        none is missing). The shown request's own solve is not touched."""
        missing = tuple(r for r, done in zip(self.project.requests, self.project_results(), strict=True) if not done)
        if not missing:
            then()
            return
        catalog, stop, ownership = self.catalog, threading.Event(), self.project.ownership
        job_id = next(self._ids)
        self._then[job_id] = then

        def work(_report: Callable[[object], None]) -> list[tuple[BuildRequest, PlanResult]]:
            return [(r, _plan(r, catalog, stop.is_set, lambda _p: None, ownership)) for r in missing]

        job = BackgroundJob(job_id, work, stopped=stop.is_set)
        job.signals.finished.connect(self._on_project_job_finished)
        job.signals.failed.connect(self._on_project_job_failed)
        self._keep(job, "solve")
        self._pool.start(job)

    @Slot(int, object)
    def _on_project_job_finished(self, job_id: int, solved: object) -> None:
        for request, result in solved:  # type: ignore[attr-defined]
            self._solved[request] = result
        then = self._then.pop(job_id, None)
        if then is not None:
            then()

    @Slot(int, str)
    def _on_project_job_failed(self, job_id: int, message: str) -> None:
        self._then.pop(job_id, None)
        self.solve_failed.emit(message)

    @Slot(int, object)
    def _on_job_partial(self, job_id: int, result: object) -> None:
        if job_id == self._current:
            self._busy.stop()
            self.busy_changed.emit(False)
            if len(result.builds) == 1:  # type: ignore[attr-defined]
                self._show_result(result)  # type: ignore[arg-type]  # the first build on screen early
            self.solve_progressed.emit(result)

    @Slot(int, str)
    def _on_job_failed(self, job_id: int, message: str) -> None:
        if job_id != self._current:
            return
        self._busy.stop()
        self.busy_changed.emit(False)
        self._show_result(None)
        self.solve_failed.emit(message)

    # ------------------------------------------------------------------ projects

    def _mark_dirty(self) -> None:
        self.dirty = True
        self.project_changed.emit()

    def set_ownership(self, inputs: OwnershipInputs | None) -> None:
        """The Buy-or-rent tab's inputs, kept with the project (saved, autosaved, printed). Round 39: when what the
        plan's ranking reads of them changes (their demand: OwnershipInputs.ranked), the request is solved again, as
        after any input: the builds shown are the plan for the tab's demand, ranked and labelled once on the worker
        thread (its builds in hand: ~0.1 s), never the builds of another demand relabelled. An electricity price,
        the years or the resale share change the tab's own figures only."""
        if inputs == self.project.ownership:
            return
        self.project = self.project.model_copy(update={"ownership": inputs})
        self._mark_dirty()
        self.autosave()
        if _ranked(inputs) != self._ranked_for:
            self._solved.clear()  # the project's other workloads were ranked for the former demand
            if not self.invalid_reason:
                self._debounce.start()

    def add_request(self) -> None:
        """A second workload in the same project (a lab may serve and fine-tune)."""
        requests = (*self.project.requests, self.request)
        self.project = self.project.model_copy(update={"requests": requests, "active": len(requests) - 1})
        self._mark_dirty()
        self.request_changed.emit(self.request)
        self.solve_now()

    def remove_request(self) -> None:
        if len(self.project.requests) < 2:
            return
        requests = list(self.project.requests)
        del requests[self.project.active]
        self.project = self.project.model_copy(
            update={"requests": tuple(requests), "active": max(0, self.project.active - 1)}
        )
        self._mark_dirty()
        self.request_changed.emit(self.request)
        self.solve_now()

    def set_active(self, index: int) -> None:
        if index == self.project.active or not 0 <= index < len(self.project.requests):
            return
        self.project = self.project.model_copy(update={"active": index})
        self.project_changed.emit()
        self.request_changed.emit(self.request)
        self.solve_now()

    def new_project(self) -> None:
        self.project = Project(requests=(BuildRequest(model_id=self.request.model_id, kv_asked=False),))
        self.path = None
        self.dirty = False
        self.project_changed.emit()
        self.request_changed.emit(self.request)
        self.solve_now()

    def open_project(self, path: Path) -> None:
        """Raises ProjectError with a message for the user; the current project is kept then."""
        project = projects.load(path)
        projects.check_references(project, self.catalog, str(path))  # all checks before anything changes
        self.project = project
        self.path = Path(path)
        self.dirty = False
        self.project_changed.emit()
        self.request_changed.emit(self.request)
        self.solve_now()

    def adopt_project(self, project: Project, path: Path | None) -> None:
        """Take a recovered autosave: it is unsaved work."""
        self.project = project
        self.path = path
        self.dirty = True
        self.project_changed.emit()
        self.request_changed.emit(self.request)
        self.solve_now()

    def save_project(self, path: Path | None = None) -> Path:
        target = Path(path or self.path or "untitled" + projects.SUFFIX)
        if target.suffix != projects.SUFFIX:
            target = target.with_suffix(projects.SUFFIX)
        name = target.stem
        self.project = self.project.model_copy(update={"name": name})
        projects.save(self.project, target)
        self.path = target
        self.dirty = False
        self.recovery.clear()
        self.project_changed.emit()
        return target

    def autosave(self) -> None:
        if self.dirty:
            try:
                self.recovery.write(self.project, self.path)
            except OSError:
                pass  # a timer has nobody to tell; the next save reports a full or read-only disk

    def reload_catalog(self) -> list[str]:
        loaded = catalogs.load()
        self.catalog = loaded.catalog
        self._solved.clear()  # solved on the old prices
        self.catalog_problems = [str(p) for p in loaded.problems]
        self.catalog_changed.emit(self.catalog)
        self.solve_now()
        return self.catalog_problems


def _plan(
    request: BuildRequest,
    catalog: Catalog,
    should_stop: Callable[[], bool],
    on_partial: Callable[[PlanResult], None],
    ownership: OwnershipInputs | None = None,
) -> PlanResult:
    """The solve, on the worker thread: the planner (and OR-Tools) is imported there, not before the window shows.
    Round 38: the ranking judges SERVE by the project's Buy-or-rent demand (`ownership`), as `plan --usage` does;
    round 39: the builds are costed with it and their claims said for it by the same plan (one solve, one ranking)."""
    from configurator.core.solve.plan import plan

    return plan(request, catalog, should_stop=should_stop, on_partial=on_partial, ownership=ownership)


def _ranked(ownership: OwnershipInputs | None) -> OwnershipInputs | None:
    """What a plan reads of the Buy-or-rent inputs for its ranking (OwnershipInputs.ranked); None for the defaults,
    as `plan` without --usage, --seats or --requests-per-day."""
    if ownership is None:
        return None
    ranked = ownership.ranked()
    return None if ranked == type(ownership)() else ranked


def _identity(build: Build) -> tuple[object, ...]:
    return (build.nodes, tuple(sorted((p.category, p.id, p.quantity) for p in build.parts)))


def _same_machine(wanted: Build, builds: tuple[Build, ...], default: int) -> int:
    """The index of the build that is the machine `wanted` was (its parts, else its GPU model and count)."""
    for key in (_identity, lambda b: (b.nodes, b.gpu_id, b.gpu_count)):
        target = key(wanted)
        found = next((i for i, b in enumerate(builds) if key(b) == target), None)
        if found is not None:
            return found
    return default
