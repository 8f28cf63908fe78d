"""The shipped catalog's identity (its files and the code that validates them), computed without importing the
catalog's schema: what the validated-catalog cache and `--version`'s catalog date are keyed by."""

from __future__ import annotations

import datetime
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


def catalog_date_text(
    compute: Callable[[datetime.date], tuple[str, datetime.date | None]], today: datetime.date | None = None
) -> str:
    """The shipped catalog's date on `today` ("prices from 2026-06 to 2026-11; ..."), kept beside the cache under
    the catalog's key: `--version` reads it without loading (or importing) the catalog. `compute(today)` gives the
    text and the first day it says something else (a price turns six months old; None: never), and runs only when
    the kept text is of another key or another span of days. The texts of the last KEPT_DATES keys are kept, as the
    validated layers are: two installs of different versions (a bundle and a checkout) each keep their own instead
    of recomputing the other's on every start."""
    today = today or datetime.date.today()
    key = shipped_key(paths.shipped_catalog_files()).hex()
    cache = paths.cache_dir() / DATE_CACHE
    kept: dict[str, dict[str, str | None]] = {}
    try:
        if cache.is_file() and cache.stat().st_size < 4096 * KEPT_DATES:
            read = json.loads(cache.read_text(encoding="utf-8"))
            if isinstance(read, dict) and isinstance(read.get("dated"), dict):
                kept = {k: v for k, v in read["dated"].items() if isinstance(k, str) and isinstance(v, dict)}
            text = _kept_text(kept.get(key), today)
            if text is not None:
                return text
    except (OSError, ValueError, RecursionError):
        pass
    text, until = compute(today)
    kept.pop(key, None)
    kept[key] = {"text": text, "from": today.isoformat(), "until": until.isoformat() if until else None}  # newest last
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_text(cache, json.dumps({"dated": dict(list(kept.items())[-KEPT_DATES:])}))
    except OSError:
        pass
    return text


def _kept_text(entry: dict[str, str | None] | None, today: datetime.date) -> str | None:
    """The kept text when it was computed for a span of days holding `today` (ValueError on a damaged date)."""
    if entry is None or not isinstance(entry.get("text"), str) or not isinstance(entry.get("from"), str):
        return None
    start = datetime.date.fromisoformat(str(entry["from"]))
    until = entry.get("until")
    if start <= today and (until is None or today < datetime.date.fromisoformat(str(until))):
        return str(entry["text"])
    return None
