"""Saved projects (.llmrig JSON with a schema version), autosave and crash recovery."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from configurator.core.errors import ProjectError
from configurator.core.solve.request import BuildRequest
from configurator.storage import paths
from configurator.storage.atomic import write_text

SCHEMA_VERSION = 1
SUFFIX = ".llmrig"


class Project(BaseModel):
    """What a user saves: named requests (a lab may keep several workloads in one project)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: int = SCHEMA_VERSION
    name: str = "Untitled"
    requests: tuple[BuildRequest, ...] = Field(min_length=1)
    active: int = 0
    notes: str = ""

    @property
    def request(self) -> BuildRequest:
        return self.requests[min(self.active, len(self.requests) - 1)]

    def with_request(self, request: BuildRequest) -> Project:
        requests = list(self.requests)
        requests[min(self.active, len(requests) - 1)] = request
        return self.model_copy(update={"requests": tuple(requests)})


def _migrate(data: dict[str, Any], origin: str) -> dict[str, Any]:
    version = data.get("schema_version")
    if version is None:
        raise ProjectError(f"{origin}: not a project file (no schema_version)")
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        raise ProjectError(f"{origin}: made by a newer version of the app (schema {version}); please update")
    return data


def load(path: Path) -> Project:
    """Read a project; any problem is a ProjectError naming the file (and line for JSON)."""
    origin = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ProjectError(f"{origin}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProjectError(f"{origin}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ProjectError(f"{origin}: expected a JSON object")
    try:
        return Project.model_validate(_migrate(data, origin))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ProjectError(f"{origin}: {where}: {first['msg']}") from None


def save(project: Project, path: Path) -> None:
    """Atomic: the old file stays intact until the new one is completely written."""
    write_text(Path(path), project.model_dump_json(indent=2) + "\n")


def autosave_file() -> Path:
    return paths.autosave_dir() / f"autosave{SUFFIX}"


def write_autosave(project: Project, source: Path | None) -> None:
    folder = paths.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    data = json.loads(project.model_dump_json())
    data["autosave_of"] = str(source) if source else None
    write_text(autosave_file(), json.dumps(data, indent=2) + "\n")


def read_autosave() -> tuple[Project, Path | None] | None:
    """The project left by a session that did not close cleanly, if any."""
    file = autosave_file()
    if not file.exists():
        return None
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        source = data.pop("autosave_of", None)
        return Project.model_validate(_migrate(data, str(file))), (Path(source) if source else None)
    except (OSError, ValueError, ProjectError):
        return None


def clear_autosave() -> None:
    try:
        autosave_file().unlink()
    except FileNotFoundError:
        pass
