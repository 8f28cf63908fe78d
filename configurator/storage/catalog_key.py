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
KEPT_DATES = 4
"""Catalog dates kept for other keys (other versions) before the oldest is dropped."""
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
    key: `--version` reads it without loading (or importing) the catalog; `compute` runs only when it is stale. The
    texts of the last KEPT_DATES keys are kept, as the validated layers are: two installs of different versions
    (a bundle and a checkout) each keep their own instead of recomputing the other's on every start."""
    key = shipped_key(paths.shipped_catalog_files()).hex()
    cache = paths.cache_dir() / DATE_CACHE
    texts: dict[str, str] = {}
    try:
        if cache.is_file() and cache.stat().st_size < 4096 * KEPT_DATES:
            kept = json.loads(cache.read_text(encoding="utf-8"))
            if isinstance(kept, dict) and isinstance(kept.get("texts"), dict):
                texts = {k: v for k, v in kept["texts"].items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(texts.get(key), str):
                return texts[key]
    except (OSError, ValueError, RecursionError):
        pass
    text = compute()
    texts.pop(key, None)
    texts[key] = text  # the newest last
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_text(cache, json.dumps({"texts": dict(list(texts.items())[-KEPT_DATES:])}))
    except OSError:
        pass
    return text
