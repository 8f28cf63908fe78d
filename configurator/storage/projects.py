"""Saved projects (.llmrig JSON with a schema version), autosave and crash recovery."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from configurator.core.catalog.loader import Catalog
from configurator.core.common.errors import FileRefusedError, ProjectError, error_message
from configurator.core.common.fileio import LIMITS, clean_stale_temps, pid_alive, read_text_bounded, set_aside
from configurator.core.costs.tco import OwnershipInputs
from configurator.core.model.request import OWNED_KINDS, BuildRequest
from configurator.storage import paths
from configurator.storage.atomic import write_text

SCHEMA_VERSION = 1
SUFFIX = ".llmrig"
MAX_PROJECT_BYTES = LIMITS["project"]
"""A project is a few kilobytes; reading anything far larger would only freeze the window."""


class Project(BaseModel):
    """What a user saves: named requests (a lab may keep several workloads in one project)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)

    schema_version: int = Field(default=SCHEMA_VERSION, ge=1, le=SCHEMA_VERSION, strict=True)
    name: str = Field(default="Untitled", max_length=500)
    requests: tuple[BuildRequest, ...] = Field(min_length=1, max_length=1000)
    active: int = Field(default=0, ge=0, strict=True)
    notes: str = Field(default="", max_length=1_000_000)
    ownership: OwnershipInputs | None = Field(default=None, description="the Buy-or-rent tab's inputs (None: defaults)")

    @model_validator(mode="after")
    def _active_exists(self) -> Project:
        if self.active >= len(self.requests):
            raise ValueError(f"active is {self.active}, but the project has {len(self.requests)} request(s)")
        return self

    @property
    def request(self) -> BuildRequest:
        return self.requests[min(self.active, len(self.requests) - 1)]

    def with_request(self, request: BuildRequest) -> Project:
        requests = list(self.requests)
        requests[min(self.active, len(requests) - 1)] = request
        return self.model_copy(update={"requests": tuple(requests)})


def _migrate(data: dict[str, Any], origin: str) -> dict[str, Any]:
    if "schema_version" not in data:
        raise ProjectError(f"{origin}: not a project file (no schema_version)")
    version = data["schema_version"]
    if type(version) is not int:  # "1", 1.0 and true are not versions
        raise ProjectError(f"{origin}: schema_version must be a whole number, got {json.dumps(version)[:40]}")
    if version > SCHEMA_VERSION:
        raise ProjectError(f"{origin}: made by a newer version of the app (schema {version}); please update")
    if version < 1:
        raise ProjectError(
            f"{origin}: schema_version {version} is not a version this app knows (1 to {SCHEMA_VERSION})"
        )
    return data


def _parse(text: str, origin: str) -> Project:
    """Validate a whole project before anyone uses it: nothing half-read ever replaces another."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProjectError(f"{origin}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise ProjectError(f"{origin}: nested too deeply to be a project file") from None
    if not isinstance(data, dict):
        raise ProjectError(f"{origin}: expected a JSON object")
    data.pop("autosave_of", None)
    data.pop("autosave_pid", None)
    try:
        return Project.model_validate(_migrate(data, origin))
    except RecursionError:
        raise ProjectError(f"{origin}: nested too deeply to be a project file") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "project"
        message = error_message(first)
        raise ProjectError(f"{origin}: {where}: {message}") from None


def load(path: Path) -> Project:
    """Read a project; any problem is a ProjectError naming the file (and line for JSON)."""
    origin = str(path)
    try:
        text = read_text_bounded(path, "project")
    except UnicodeDecodeError as exc:
        raise ProjectError(f"{origin}: cannot read: {exc}") from None
    except FileRefusedError as exc:  # it names the path and why (a FIFO, a device, too large)
        raise ProjectError(str(exc)) from None
    except OSError as exc:
        raise ProjectError(f"{origin}: cannot read: {exc}") from None
    return _parse(text, origin)


def check_references(project: Project, catalog: Catalog, origin: str, check_model: bool = True) -> None:
    """Every model, GPU and owned part the project names exists in `catalog` (ProjectError if not)."""
    for index, request in enumerate(project.requests):
        where = f"{origin}: requests.{index}"
        if check_model and request.model_id not in catalog.records["models"]:
            raise ProjectError(
                f"{where}.model_id: unknown model id {request.model_id[:80]!r} "
                "(import its config.json first, or pick a catalog model)"
            )
        unknown = [g for g in request.gpu_ids if g not in catalog.records["gpus"]]
        if unknown:
            raise ProjectError(f"{where}.gpu_ids: unknown GPU id {unknown[0][:80]!r}")
        unknown = [s for s in request.system_ids if s not in catalog.records["systems"]]
        if unknown:
            raise ProjectError(f"{where}.system_ids: unknown system id {unknown[0][:80]!r}")
        for part in request.owned:
            if part.id not in catalog.records[OWNED_KINDS[part.category]]:
                raise ProjectError(f"{where}.owned: unknown {part.category} id {part.id[:80]!r}")


def save(project: Project, path: Path) -> None:
    """Atomic: the old file stays intact until the new one is completely written."""
    write_text(Path(path), project.model_dump_json(indent=2) + "\n")


_windows = itertools.count(1)


class Autosave:
    """One window's recovery file, `autosave-<pid>-<n>.llmrig`: two windows (or two running
    apps) never overwrite each other's unsaved work. A file is offered back only when the
    process that wrote it is gone."""

    def __init__(self) -> None:
        self.file = paths.autosave_dir() / f"autosave-{os.getpid()}-{next(_windows)}{SUFFIX}"

    def write(self, project: Project, source: Path | None) -> None:
        self.file.parent.mkdir(parents=True, exist_ok=True)
        data = json.loads(project.model_dump_json())
        data["autosave_of"] = str(source) if source else None
        data["autosave_pid"] = os.getpid()
        write_text(self.file, json.dumps(data, indent=2) + "\n")

    def clear(self) -> None:
        try:
            self.file.unlink()
        except FileNotFoundError:
            pass


def _autosave_pid(file: Path) -> int | None:
    parts = file.stem.split("-")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def recoverable() -> list[tuple[Path, Project, Path | None]]:
    """Autosaves of sessions that did not close cleanly, newest first.

    One that cannot be read (a FIFO, a device, broken JSON) is set aside as `NAME.broken-<time>`, so
    the app starts; also removes temp files that a killed autosave left behind.
    """
    folder = paths.autosave_dir()
    if not folder.is_dir():
        return []
    clean_stale_temps(folder)
    found: list[tuple[float, Path, Project, Path | None]] = []
    for file in folder.glob(f"autosave*{SUFFIX}"):
        pid = _autosave_pid(file)
        if pid is not None and (pid == os.getpid() or pid_alive(pid)):
            continue  # a window that is open right now
        try:
            text = read_text_bounded(file, "autosave")
            project = _parse(text, str(file))
            source = json.loads(text).get("autosave_of")
            found.append(
                (file.stat().st_mtime, file, project, Path(source) if isinstance(source, str) and source else None)
            )
        except (OSError, ValueError, AttributeError, RecursionError, ProjectError):
            set_aside(file)
            continue
    found.sort(key=lambda item: item[0], reverse=True)
    return [(file, project, source) for _, file, project, source in found]


def autosave_file() -> Path:
    """The autosave a version before per-window autosaves wrote (still offered back)."""
    return paths.autosave_dir() / f"autosave{SUFFIX}"


def write_autosave(project: Project, source: Path | None) -> None:
    """Write the single legacy autosave (tests and scripts; windows use Autosave)."""
    folder = paths.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    data = json.loads(project.model_dump_json())
    data["autosave_of"] = str(source) if source else None
    write_text(autosave_file(), json.dumps(data, indent=2) + "\n")


def read_autosave() -> tuple[Project, Path | None] | None:
    """The newest project left by a session that did not close cleanly, if any."""
    found = recoverable()
    return (found[0][1], found[0][2]) if found else None


def clear_autosave() -> None:
    """Remove the legacy autosave file."""
    try:
        autosave_file().unlink()
    except FileNotFoundError:
        pass
