"""Memos for work a plan, its variants (offload, without an owned card) and a map's many plans repeat."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
MAX_ENTRIES = 50_000
"""Entries per memo before it starts afresh (a map of the default 36 cells holds about 10,000 estimates)."""

_STORES: dict[str, dict[Hashable, tuple[tuple[Any, ...], Any]]] = {}


def remember(
    store: str,
    key: Hashable,
    anchors: tuple[Any, ...],
    compute: Callable[[], T],
    keep: Callable[[T], bool] = lambda _value: True,
) -> T:
    """`compute()`, once per key. `anchors` are the records whose identity (id()) is part of the key:
    they are kept with the value, so an id is never reused for another record while its entry lives,
    and a reloaded or edited catalog (new records) never meets an old entry. A value `keep` refuses (the
    partial answer of a stopped search, say) is returned but not remembered."""
    entries = _STORES.setdefault(store, {})
    found = entries.get(key)
    if found is not None and len(found[0]) == len(anchors) and all(a is b for a, b in zip(found[0], anchors)):
        return found[1]  # type: ignore[no-any-return]
    if len(entries) >= MAX_ENTRIES:
        entries.clear()
    value = compute()
    if keep(value):
        entries[key] = (anchors, value)
    return value


def clear() -> None:
    """Forget everything (benchmarks measure cold plans)."""
    _STORES.clear()
