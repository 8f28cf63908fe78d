"""Where the app's files live: shipped data, and the user's config, data and cache folders."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "llm-rig-configurator"
APP_AUTHOR = "LLMRigConfigurator"
HOME_ENV = "LLM_RIG_HOME"
"""Set this to keep config, data and cache in one folder (tests, portable installs)."""

_PACKAGE_DIR = Path(__file__).resolve().parents[1]


def _shipped(name: str) -> Path:
    """A shipped data folder: inside the installed package, else at the source-tree root."""
    inside = _PACKAGE_DIR / name
    if inside.is_dir():
        return inside
    return _PACKAGE_DIR.parent / name


def catalogs_dir() -> Path:
    return _shipped("catalogs")


def resources_dir() -> Path:
    return _shipped("resources")


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else platformdirs.user_config_path(APP_NAME, APP_AUTHOR)


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else platformdirs.user_data_path(APP_NAME, APP_AUTHOR)


def cache_dir() -> Path:
    home = _home()
    return home / "cache" if home else platformdirs.user_cache_path(APP_NAME, APP_AUTHOR)


def user_catalog_dir() -> Path:
    """The user's overlay: records here add to, or override by id, the shipped ones."""
    return data_dir() / "catalog"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def shipped_catalog_files() -> list[Path]:
    return sorted(catalogs_dir().glob("*.toml"))


def user_catalog_files() -> list[Path]:
    folder = user_catalog_dir()
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []
