"""The catalog as the app sees it: shipped files overlaid with the user's own folder."""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Collection
from pathlib import Path

from configurator.core.catalog.loader import (
    REFERRED_KINDS,
    LoadResult,
    LoadState,
    ParseCache,
    add_layer,
    load_catalog,
)
from configurator.core.common import plain
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
_FORMAT = "per-kind 2"
"""The cache's layout (_pack), part of its key (_shipped_key): a file of another layout is never read as this one."""


def load(include_user: bool = True, kinds: Collection[str] | None = None) -> LoadResult:
    """Shipped catalogs, then the user's overlay; problems are returned, never raised.

    The shipped layer is validated once and then read from a cache keyed by the hashes of its files
    and of the code that validates them; the user's overlay is parsed (TOML cached as JSON, keyed by
    size and mtime) and validated on every load.
    """
    cache_file = paths.cache_dir() / "catalog-parse-cache.json"
    cache = ParseCache(cache_file)
    overlay = paths.user_catalog_files() if include_user else []
    if plain.ACTIVE and overlay:
        raise plain.Revalidate("a catalog overlay is validated by pydantic")
    shipped = _shipped_state(paths.shipped_catalog_files(), kinds)
    result = load_catalog([overlay] if include_user else [], kinds=kinds, cache=cache, start=shipped)
    if plain.ACTIVE and result.problems:
        raise plain.Revalidate("the catalog's problems are said as a validating process says them")
    if cache.dirty:
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return result
        cache.save(write_text)
    return result


def _shipped_key(files: list[Path]) -> bytes:
    """The shipped files' key (catalog_key.shipped_key) under this cache's layout: code that keeps another layout
    (another checkout or version on this machine) keeps its own file instead of rewriting this one on every start."""
    return hashlib.sha256(_FORMAT.encode() + b"\0" + shipped_key(files)).digest()


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


def _shipped_state(files: list[Path], kinds: Collection[str] | None = None) -> LoadState:
    """The shipped layer's validated records: from the cache when its key matches, else validated and kept.

    The cache keeps each kind's records apart (_pack): a caller that names the kinds it needs (`estimate`: models and
    GPUs, `catalog list`: one kind) unpickles those and the kinds they refer to alone, a third of the records for an
    estimate (#34); the other kinds are left empty, as they are when `kinds` limits an overlay's. The problems are a
    full load's: an overlay's record is checked against the kinds it names, and a shipped layer whose own references
    are not all found (a broken checkout) is loaded whole."""
    key = _shipped_key(files)
    cache_path = shipped_cache_path(key)
    try:
        if 0 < cache_path.stat().st_size <= _MAX_CACHE_BYTES and cache_path.is_file():
            data = cache_path.read_bytes()
            if data[: len(key)] == key:
                state = _unpack(data[len(key) :], kinds)
                if state is not None:
                    return state
    except Exception:
        pass
    if plain.ACTIVE:
        raise plain.Revalidate("the shipped catalog's cache is written by a validating process")
    state = LoadState()
    add_layer(state, files)  # validated once; its parsed TOML need not be kept as well
    try:
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(cache_path, key + _pack(state))
    except OSError:
        pass  # a read-only cache folder costs the next start a validation, nothing else
    _forget_old_caches(cache_path)
    return state


def _pack(state: LoadState) -> bytes:
    """The validated layer as (format, the state without its records, each kind's records pickled apart, whether
    every id its records name is found in it)."""
    records = state.catalog.records
    bare = state.copy()
    bare.catalog.records = {kind: {} for kind in records}
    by_kind = {kind: pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL) for kind, found in records.items()}
    found_all = len(load_catalog([], start=state).problems) == len(state.problems)
    return pickle.dumps((_FORMAT, bare, by_kind, found_all), protocol=pickle.HIGHEST_PROTOCOL)


def _unpack(data: bytes, kinds: Collection[str] | None) -> LoadState | None:
    """The state _pack kept, with the records of `kinds` and of the kinds they refer to (all when None, or when the
    layer's own references are not all found); None for another layout."""
    packed = pickle.loads(data)
    if not (isinstance(packed, tuple) and len(packed) == 4 and packed[0] == _FORMAT):
        return None
    _format, state, by_kind, found_all = packed
    if not isinstance(state, LoadState) or not isinstance(by_kind, dict):
        return None
    needed = None
    if kinds is not None and found_all is True:
        # a shipped record's ids are found among shipped records, which an overlay overrides but never removes: only
        # the overlay's records of `kinds` can miss theirs, among the kinds they name
        needed = set(kinds).union(*(REFERRED_KINDS.get(kind, ()) for kind in kinds))
    for kind, found in by_kind.items():
        if needed is None or kind in needed:
            records = pickle.loads(found)
            if not isinstance(records, dict):
                return None
            state.catalog.records[kind] = records
    return state
