"""Command-line users never pay for Qt or OR-Tools start-up; shipped data installs with the package."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _modules_after(code: str) -> set[str]:
    script = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "code",
    [
        "import configurator.core, configurator.cli",
        "from configurator.cli import main; main(['catalog', 'list', 'gpus', '--json'])",
        "from configurator.cli import main; main(['estimate', '--model', 'llama-3.1-8b', '--workload', 'inference', '--json'])",
    ],
)
def test_command_line_does_not_import_qt_or_ortools(code: str) -> None:
    loaded = _modules_after(code)
    assert not any(m.split(".")[0] in {"PySide6", "pyqtgraph", "shiboken6", "ortools"} for m in loaded)


@pytest.mark.slow  # builds a whole wheel with pip (14 s under load)
def test_wheel_carries_catalogs_and_resources(tmp_path: Path) -> None:
    """A plain (non-editable) install must find the shipped data inside the package."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for kind in ("gpus", "models", "cpus", "motherboards", "psus", "chassis"):
        assert f"configurator/catalogs/{kind}.toml" in names
    assert any(n.startswith("configurator/resources/") for n in names)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from configurator.storage import paths; from configurator.storage import catalogs;"
        "print(paths.catalogs_dir()); print(len(catalogs.load().catalog.gpus))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(target)], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    folder, count = out.stdout.split()
    assert Path(folder).is_relative_to(target)
    assert int(count) >= 40
