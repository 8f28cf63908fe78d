"""Project files and autosaves under hostile input (issue #15): clear ProjectErrors, nothing lost or left behind."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from configurator.core.common.errors import ProjectError
from configurator.core.common.fileio import atomic_write_text, clean_stale_temps
from configurator.core.model.request import BuildRequest
from configurator.storage import catalogs, paths, projects

GOOD = {"schema_version": 1, "name": "lab", "requests": [{"model_id": "llama-3.1-8b"}], "active": 0}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.llmrig"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"active": -5}, "active: Input should be greater than or equal to 0"),
        ({"active": 3}, "active is 3, but the project has 1 request(s)"),
        ({"active": 0.5}, "active"),
        ({"schema_version": "1"}, 'schema_version must be a whole number, got "1"'),
        ({"schema_version": True}, "schema_version must be a whole number, got true"),
        ({"schema_version": 1.0}, "schema_version must be a whole number, got 1.0"),
        ({"schema_version": -1}, "schema_version -1 is not a version this app knows"),
        ({"schema_version": 99}, "newer version of the app"),
        ({"requests": [{"model_id": "llama-3.1-8b", "budget": float("inf")}]}, "requests.0.budget"),
        (
            {"requests": [{"model_id": "llama-3.1-8b", "workload": {"tokens": float("nan")}}]},
            "requests.0.workload.tokens",
        ),
        ({"requests": []}, "requests"),
    ],
)
def test_bad_project_values_name_the_field(tmp_path: Path, change: dict, words: str) -> None:  # type: ignore[type-arg]
    path = _write(tmp_path, json.dumps({**GOOD, **change}))  # json.dumps writes Infinity and NaN
    with pytest.raises(ProjectError) as info:
        projects.load(path)
    assert str(path) in str(info.value) and words in str(info.value), info.value


def test_deeply_nested_project_is_bad_input(tmp_path: Path) -> None:
    path = _write(tmp_path, '{"schema_version": 1, "notes": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(ProjectError, match="nested too deeply"):
        projects.load(path)


def test_unknown_model_or_part_in_a_project_is_refused_before_opening(tmp_path: Path) -> None:
    catalog = catalogs.load(include_user=False).catalog
    project = projects.Project(requests=(BuildRequest(model_id="<a href='x'>no-such</a>"),))
    with pytest.raises(ProjectError, match="unknown model id"):
        projects.check_references(project, catalog, "p.llmrig")
    owned = projects.Project(
        requests=(BuildRequest(model_id="llama-3.1-8b", owned=({"category": "gpu", "id": "nope"},)),)
    )  # type: ignore[arg-type]
    with pytest.raises(ProjectError, match="unknown gpu id 'nope'"):
        projects.check_references(owned, catalog, "p.llmrig")


def test_two_windows_keep_two_recovery_files() -> None:
    one, two = projects.Autosave(), projects.Autosave()
    assert one.file != two.file
    a = projects.Project(requests=(BuildRequest(model_id="llama-3.1-8b"),))
    b = projects.Project(requests=(BuildRequest(model_id="qwen2.5-7b"),))
    one.write(a, None)
    two.write(b, Path("/somewhere/b.llmrig"))
    assert projects.recoverable() == []  # both windows are open in this process
    # both are killed: each project comes back, neither overwrote the other
    for autosave, n in ((one, 1), (two, 2)):
        autosave.file.rename(autosave.file.with_name(f"autosave-999999999-{n}{projects.SUFFIX}"))
    found = {project.request.model_id: source for _file, project, source in projects.recoverable()}
    assert found == {"llama-3.1-8b": None, "qwen2.5-7b": Path("/somewhere/b.llmrig")}


def test_a_broken_autosave_is_skipped_not_fatal() -> None:
    folder = paths.autosave_dir()
    folder.mkdir(parents=True)
    (folder / f"autosave-999999999-1{projects.SUFFIX}").write_text('{"schema_version": "1"')
    (folder / f"autosave-999999998-1{projects.SUFFIX}").write_text("[" * 50_000)
    assert projects.recoverable() == []


def test_temp_files_of_killed_saves_are_removed_on_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "rig.llmrig"
    # what kill -9 during a save leaves: a temp file named after a writer that is gone
    stale = [tmp_path / f".rig.llmrig.999999999.abc{i}.tmp" for i in range(3)]
    for file in stale:
        file.write_bytes(b"x" * 1000)
    mine_in_progress = tmp_path / f".rig.llmrig.{os.getpid()}.live.tmp"
    mine_in_progress.write_bytes(b"partial")
    other = tmp_path / ".other.llmrig.999999999.abc.tmp"
    other.write_bytes(b"y")
    atomic_write_text(target, "{}")
    assert target.read_text() == "{}"
    assert not any(f.exists() for f in stale)
    assert mine_in_progress.exists()  # a write of this process that may still be running
    assert other.exists()  # cleaned by the next save of its own file
    assert clean_stale_temps(tmp_path) == 1 and not other.exists()


def test_stale_autosave_temps_are_removed_at_start() -> None:
    folder = paths.autosave_dir()
    folder.mkdir(parents=True)
    stale = folder / f".autosave-1-1{projects.SUFFIX}.999999999.zz.tmp"
    stale.write_bytes(b"x")
    projects.recoverable()
    assert not stale.exists()
