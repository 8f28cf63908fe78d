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
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test may touch a real user's config, data or cache."""
    home = tmp_path / "llm-rig-home"
    monkeypatch.setenv("LLM_RIG_HOME", str(home))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    return home


@pytest.fixture(scope="session")
def catalog() -> Any:
    """The shipped catalog, without a user's overlays (a test file's own `catalog` fixture overrides it)."""
    from configurator.storage import catalogs

    result = catalogs.load(include_user=False)
    assert not [p for p in result.problems if not p.file.endswith("cloud.toml")], result.problems
    return result.catalog


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "qapp" in getattr(item, "fixturenames", ()) or "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)
