"""The shipped catalog's identity (its files and the code that validates them), computed without importing the
catalog's schema: what the validated-catalog cache and `--version`'s catalog date are keyed by."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path

import configurator
from configurator.storage import paths
from configurator.storage.atomic import write_text

DATE_CACHE = "catalog-date.json"
_VALIDATING_MODULES = ("configurator.core.catalog.models", "configurator.core.catalog.loader")


def _code_fingerprint() -> bytes:
    """What decides how a record validates: the schema and loader sources (or, frozen, the executable)."""
    parts: list[bytes] = [configurator.__version__.encode()]
    for name in _VALIDATING_MODULES:
        spec = importlib.util.find_spec(name)
        try:
            parts.append(Path(spec.origin if spec and spec.origin else "").read_bytes())
        except OSError:
            executable = Path(sys.executable).stat()
            parts.append(f"{executable.st_size}:{executable.st_mtime_ns}".encode())
    return hashlib.sha256(b"\0".join(parts)).digest()


def shipped_key(files: list[Path]) -> bytes:
    digest = hashlib.sha256(_code_fingerprint())
    for file in files:
        digest.update(file.name.encode() + b"\0")
        try:
            digest.update(file.read_bytes())
        except OSError:
            digest.update(b"<unreadable>")
    return digest.digest()


def catalog_date_text(compute: Callable[[], str]) -> str:
    """The shipped catalog's date ("prices from 2026-06 to 2026-11; ..."), kept beside the cache under the catalog's
    key: `--version` reads it without loading (or importing) the catalog; `compute` runs only when it is stale."""
    key = shipped_key(paths.shipped_catalog_files()).hex()
    cache = paths.cache_dir() / DATE_CACHE
    try:
        if cache.is_file() and cache.stat().st_size < 4096:
            kept = json.loads(cache.read_text(encoding="utf-8"))
            if isinstance(kept, dict) and kept.get("key") == key and isinstance(kept.get("text"), str):
                return str(kept["text"])
    except (OSError, ValueError, RecursionError):
        pass
    text = compute()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_text(cache, json.dumps({"key": key, "text": text}))
    except OSError:
        pass
    return text
