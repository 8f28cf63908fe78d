"""The catalog as the app sees it: shipped files overlaid with the user's own folder."""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections.abc import Collection
from pathlib import Path

import configurator
from configurator.core.catalog import loader as catalog_loader
from configurator.core.catalog import models as catalog_models
from configurator.core.catalog.loader import LoadResult, LoadState, ParseCache, add_layer, load_catalog
from configurator.storage import paths
from configurator.storage.atomic import write_bytes, write_text

SHIPPED_CACHE = "catalog-shipped.pickle"
"""The shipped layer, validated once and kept in the user cache folder (safe to delete)."""

_MAX_CACHE_BYTES = 64 * 1024 * 1024


def load(include_user: bool = True, kinds: Collection[str] | None = None) -> LoadResult:
    """Shipped catalogs, then the user's overlay; problems are returned, never raised.

    The shipped layer is validated once and then read from a cache keyed by the hashes of its files
    and of the code that validates them; the user's overlay is parsed (TOML cached as JSON, keyed by
    size and mtime) and validated on every load.
    """
    cache_file = paths.cache_dir() / "catalog-parse-cache.json"
    cache = ParseCache(cache_file)
    shipped = _shipped_state(paths.shipped_catalog_files())
    result = load_catalog([paths.user_catalog_files()] if include_user else [], kinds=kinds, cache=cache, start=shipped)
    if cache.dirty:
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return result
        cache.save(write_text)
    return result


def _code_fingerprint() -> bytes:
    """What decides how a record validates: the schema and loader sources (or, frozen, the executable)."""
    parts: list[bytes] = [configurator.__version__.encode()]
    for module in (catalog_models, catalog_loader):
        try:
            parts.append(Path(module.__file__ or "").read_bytes())
        except OSError:
            executable = Path(sys.executable).stat()
            parts.append(f"{executable.st_size}:{executable.st_mtime_ns}".encode())
    return hashlib.sha256(b"\0".join(parts)).digest()


def _shipped_key(files: list[Path]) -> bytes:
    digest = hashlib.sha256(_code_fingerprint())
    for file in files:
        digest.update(file.name.encode() + b"\0")
        try:
            digest.update(file.read_bytes())
        except OSError:
            digest.update(b"<unreadable>")
    return digest.digest()


def _shipped_state(files: list[Path]) -> LoadState:
    """The shipped layer's validated records: from the cache when its key matches, else validated and kept."""
    key = _shipped_key(files)
    cache_path = paths.cache_dir() / SHIPPED_CACHE
    try:
        if 0 < cache_path.stat().st_size <= _MAX_CACHE_BYTES and cache_path.is_file():
            data = cache_path.read_bytes()
            if data[: len(key)] == key:
                state = pickle.loads(data[len(key):])
                if isinstance(state, LoadState):
                    return state
    except Exception:  # noqa: BLE001 - a stale, truncated or foreign cache file is rebuilt, never fatal
        pass
    state = LoadState()
    add_layer(state, files)  # validated once; its parsed TOML need not be kept as well
    try:
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(cache_path, key + pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass  # a read-only cache folder costs the next start a validation, nothing else
    return state
