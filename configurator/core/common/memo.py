"""Memos for work a plan, its variants (offload, without an owned card) and a map's many plans repeat."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")
MAX_ENTRIES = 50_000
"""Entries per memo before it starts afresh (a map of the default 36 cells holds about 10,000 estimates)."""

_STORES: dict[str, dict[Hashable, tuple[tuple[Any, ...], Any]]] = {}
_VARIANT: ContextVar[str] = ContextVar("memo_variant", default="")
"""The memos' current variant (`variant`): "" for results computed the ordinary way."""


@contextmanager
def variant(name: str) -> Iterator[None]:
    """Inside, every memo is a store of its own for `name`: results computed another way (estimates without their
    explanation, estimator.numbers_only) never meet the ordinary ones, nor the builds, options and plans made of
    them. Per thread (a context variable): the window's plan and its map may run at the same time in one process."""
    token = _VARIANT.set(f"|{name}")
    try:
        yield
    finally:
        _VARIANT.reset(token)


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
    entries = _STORES.setdefault(store + _VARIANT.get(), {})
    found = entries.get(key)
    if found is not None and len(found[0]) == len(anchors) and all(a is b for a, b in zip(found[0], anchors)):
        return found[1]  # type: ignore[no-any-return]
    if len(entries) >= MAX_ENTRIES:
        entries.clear()
    value = compute()
    if keep(value):
        entries[key] = (anchors, value)
    return value


_REFIT_HELD: dict[str, int] = {}


def scoped(store: str, constants: object, shipped: object) -> str:
    """The store for results computed with `constants`: `store` itself for the `shipped` set; for any other set (a
    cross-validation fold's refit, a trial of a fit) a store of its own that holds one set's results at a time. A fit
    makes thousands of trial sets, each a new object whose results are never asked for again once it moves on: kept
    side by side they had filled about 10 GB before the entry cap (benchmarks/accuracy.py --group=source)."""
    if constants is shipped:
        return store
    name = store + ":refit"
    if _REFIT_HELD.get(name) != id(constants):
        for held in [s for s in _STORES if s == name or s.startswith(name + "|")]:  # its variants' too
            del _STORES[held]
        _REFIT_HELD[name] = id(constants)
    return name


def clear() -> None:
    """Forget everything (benchmarks measure cold plans)."""
    _STORES.clear()
    _REFIT_HELD.clear()
