"""The catalog as the app sees it: shipped files overlaid with the user's own folder."""

from __future__ import annotations


from collections.abc import Collection

from configurator.core.catalog.loader import LoadResult, ParseCache, load_catalog
from configurator.storage import paths
from configurator.storage.atomic import write_text


def load(include_user: bool = True, kinds: Collection[str] | None = None) -> LoadResult:
    """Shipped catalogs, then the user's overlay; problems are returned, never raised.

    Parsed TOML is cached as JSON in the user cache folder (keyed by size and mtime).
    """
    layers = [paths.shipped_catalog_files()]
    if include_user:
        layers.append(paths.user_catalog_files())
    cache_file = paths.cache_dir() / "catalog-parse-cache.json"
    cache = ParseCache(cache_file)
    result = load_catalog(layers, kinds=kinds, cache=cache)
    if cache.dirty:
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return result
        cache.save(write_text)
    return result
