"""`llm-rig catalog list/validate`: the public JSON contract and precise error messages."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from configurator.storage import paths
from tests.helpers import run_cli


def test_version_prints_the_package_version() -> None:
    import configurator

    run = run_cli("--version")
    assert run.code == 0
    assert configurator.__version__ in run.out


def test_list_gpus_json_has_at_least_40_sourced_records() -> None:
    run = run_cli("catalog", "list", "gpus", "--json")
    assert run.code == 0, run.err
    gpus = run.json()
    assert len(gpus) >= 40
    for gpu in gpus:
        assert gpu["id"] and gpu["name"]
        assert gpu["source"].startswith("http"), gpu["id"]
        assert gpu["vram_gb"] > 0 and gpu["memory_bandwidth_gbps"] > 0
    ids = {g["id"] for g in gpus}
    for required in (
        "rtx-3090",
        "rtx-4090",
        "rtx-6000-ada",
        "a100-40gb-pcie",
        "a100-80gb-pcie",
        "a100-80gb-sxm",
        "h100-pcie",
        "h100-sxm",
        "l40s",
        "mi300x",
        "a800-80gb-pcie",
        "h800-sxm",
        "l20",
        "h20",
    ):
        assert required in ids


@pytest.mark.parametrize("kind", ["cpus", "motherboards", "memory", "psus", "chassis", "coolers", "storage", "models"])
def test_list_every_kind_as_json(kind: str) -> None:
    run = run_cli("catalog", "list", kind, "--json")
    assert run.code == 0, run.err
    records = run.json()
    assert records and all("id" in r and "name" in r for r in records)


def test_validate_accepts_the_shipped_catalogs() -> None:
    run = run_cli("catalog", "validate")
    assert run.code == 0, run.err
    assert "ok" in run.out


def _broken_copy(tmp_path: Path, edit) -> tuple[Path, int]:
    """Copy the shipped GPU file, apply `edit(lines) -> line number changed`."""
    source = paths.catalogs_dir() / "gpus.toml"
    target = tmp_path / "gpus.toml"
    shutil.copy(source, target)
    lines = target.read_text(encoding="utf-8").splitlines()
    line = edit(lines)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target, line


def _first(lines: list[str], pattern: str) -> int:
    for index, text in enumerate(lines):
        if re.match(pattern, text):
            return index
    raise AssertionError(f"no line matches {pattern}")


def _assert_one_problem(path: Path, line: int, field: str, words: str) -> None:
    run = run_cli("catalog", "validate", str(path))
    assert run.code == 2
    assert "Traceback" not in run.err
    expected = f"{path}:{line}: {field}:"
    assert expected in run.err, run.err
    assert words.lower() in run.err.lower(), run.err


def test_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        i = _first(lines, r"^vram_gb\s*=")
        lines[i] = "vram_gb = = 24"
        return i + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "toml", "syntax error")


def test_missing_field_is_reported_at_its_record(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        i = _first(lines, r"^memory_bandwidth_gbps\s*=")
        del lines[i]
        header = max(j for j in range(i) if lines[j].startswith("[[gpus]]"))
        return header + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "memory_bandwidth_gbps", "required field missing")


def test_wrong_type_names_the_field(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        i = _first(lines, r"^vram_gb\s*=")
        lines[i] = 'vram_gb = "lots"'
        return i + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "vram_gb", "number")


def test_negative_watts_is_impossible(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        i = _first(lines, r"^tdp_w\s*=")
        lines[i] = "tdp_w = -350"
        return i + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "tdp_w", "out of range (allowed: 10 to 5,000)")


def test_duplicate_id_points_at_the_second_record(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        first = _first(lines, r"^id\s*=")
        second = _first(lines[first + 1 :], r"^id\s*=") + first + 1
        lines[second] = lines[first]
        return second + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "id", "duplicate id")


def test_dangling_reference_is_reported(tmp_path: Path) -> None:
    def edit(lines: list[str]) -> int:
        i = _first(lines, r"^export_variant_of\s*=")
        lines[i] = 'export_variant_of = "no-such-gpu"'
        header = max(j for j in range(i) if lines[j].startswith("[[gpus]]"))
        return header + 1

    path, line = _broken_copy(tmp_path, edit)
    _assert_one_problem(path, line, "export_variant_of", "unknown gpus id 'no-such-gpu'")


def test_missing_path_is_bad_input(tmp_path: Path) -> None:
    run = run_cli("catalog", "validate", str(tmp_path / "nope.toml"))
    assert run.code == 2
    assert "no such file" in run.err


def test_unknown_command_is_exit_2_without_traceback() -> None:
    run = run_cli("catalog", "frobnicate")
    assert run.code == 2
    assert "Traceback" not in run.err
