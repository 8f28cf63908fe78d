"""How old a build's prices are: a price seen more than six months ago is flagged on the build and the sheet."""

from __future__ import annotations

import datetime

from configurator.core.solve.build import Build, BuildPart

STALE_AFTER_DAYS = 183
"""Six months: DRAM and NAND prices doubled within months in 2025-26 (issue #14), so older quotes mislead."""
STALE_AFTER_WORDS = "six months"
"""STALE_AFTER_DAYS as the user reads it."""
WHERE_TO_UPDATE_APP = (
    "Catalog > Edit prices and parts, Catalog > Import a vendor quote, or Catalog > Import a price pack"
)
"""Where the app lets a user replace an old price with a dated one."""


def is_stale(part: BuildPart, today: datetime.date | None = None) -> bool:
    """A price the build pays (owned and included parts pay none) older than STALE_AFTER_DAYS."""
    if part.price_date is None or part.subtotal <= 0:
        return False
    return ((today or datetime.date.today()) - part.price_date).days > STALE_AFTER_DAYS


def stale_parts(build: Build, today: datetime.date | None = None) -> list[BuildPart]:
    return [p for p in build.parts if is_stale(p, today)]


def stale_text(part: BuildPart, today: datetime.date | None = None) -> str:
    """'price from 2025-06-01, 9 months old'."""
    assert part.price_date is not None
    months = ((today or datetime.date.today()) - part.price_date).days // 30
    return f"price from {part.price_date.isoformat()}, {months} months old"


def stale_summary(build: Build, today: datetime.date | None = None) -> str:
    """'2 price(s) older than six months: RTX 3090 (price from 2025-06-01, 17 months old); ...', or ''."""
    old = stale_parts(build, today)
    if not old:
        return ""
    names = "; ".join(f"{p.name} ({stale_text(p, today)})" for p in old)
    return f"{len(old)} price(s) older than {STALE_AFTER_WORDS}: {names}"
