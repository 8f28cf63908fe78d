"""The catalog as the app sees it: shipped files overlaid with the user's own folder."""

from __future__ import annotations

import pickle
from collections.abc import Collection
from pathlib import Path

from configurator.core.catalog.loader import LoadResult, LoadState, ParseCache, add_layer, load_catalog
from configurator.storage import paths
from configurator.storage.atomic import write_bytes, write_text
from configurator.storage.catalog_key import shipped_key

SHIPPED_CACHE = "catalog-shipped.pickle"
"""The shipped layer, validated once and kept in the user cache folder (safe to delete), one file per key
(shipped_cache_path): two installs of different versions (a bundle and a checkout, two checkouts) each keep their
own instead of rebuilding the other's on every start."""
KEPT_CACHES = 4
"""Validated layers kept for other keys (other versions) before the oldest is removed."""

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


def _shipped_key(files: list[Path]) -> bytes:
    return shipped_key(files)


def shipped_cache_path(key: bytes | None = None) -> Path:
    """Where the shipped layer validated under `key` (default: the shipped files' own) is kept."""
    key = _shipped_key(paths.shipped_catalog_files()) if key is None else key
    stem, suffix = SHIPPED_CACHE.rsplit(".", 1)
    return paths.cache_dir() / f"{stem}-{key.hex()[:16]}.{suffix}"


def _forget_old_caches(keep: Path) -> None:
    """Remove all but the KEPT_CACHES newest validated layers of other keys (and the one-file name of old versions)."""
    stem, suffix = SHIPPED_CACHE.rsplit(".", 1)
    try:
        others = [p for p in keep.parent.glob(f"{stem}*.{suffix}") if p != keep]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEPT_CACHES:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # another process removed it first, or a read-only folder: nothing lost


def _shipped_state(files: list[Path]) -> LoadState:
    """The shipped layer's validated records: from the cache when its key matches, else validated and kept."""
    key = _shipped_key(files)
    cache_path = shipped_cache_path(key)
    try:
        if 0 < cache_path.stat().st_size <= _MAX_CACHE_BYTES and cache_path.is_file():
            data = cache_path.read_bytes()
            if data[: len(key)] == key:
                state = pickle.loads(data[len(key) :])
                if isinstance(state, LoadState):
                    return state
    except Exception:
        pass
    state = LoadState()
    add_layer(state, files)  # validated once; its parsed TOML need not be kept as well
    try:
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(cache_path, key + pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass  # a read-only cache folder costs the next start a validation, nothing else
    _forget_old_caches(cache_path)
    return state
