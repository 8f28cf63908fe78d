"""The shapes of dict-shaped JSON the core hands out (`plan --json` and its parts), as TypedDicts: a script reads
the same keys mypy checks here. A leaf: it imports nothing of the core."""

from __future__ import annotations

from typing import TypedDict


class ReasonJson(TypedDict):
    """A reason as plain data (reasons.as_json): `plan --json` builds' "claims" and "kinds"."""

    code: str
    fields: dict[str, object]


class OldPriceWarning(TypedDict):
    """One paid part whose price is older than six months (report.prices.old_price_warnings, `price_warnings`)."""

    code: str
    part_id: str
    name: str
    category: str
    price_date: str | None
    months_old: int
    message: str
