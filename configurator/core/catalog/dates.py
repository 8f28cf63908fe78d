"""The catalog's date: how recent the prices of the parts a build can be chosen with are ("prices from 2026-06 to 2026-11")."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from configurator.core.catalog.kinds import PART_KINDS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Record
from configurator.core.common.reasons import Reason, english

FRESH_WINDOW_DAYS = 183
"""Six months (the same window core.report.prices flags a build's old prices with): DRAM and NAND prices
doubled within months in 2025-26 (issue #14), so a part whose newest price is older than this on today's date
is not counted in the catalog's date range; it is counted as 'older'. Measured from today, never from the
catalog's newest price: a fresh price entered for one part must not age the others (window16's walk)."""


def newest_price_date(record: Record) -> datetime.date | None:
    """The date of the record's newest price of any currency and condition, None when unpriced."""
    return max((p.date for p in record.prices), default=None)


@dataclass(frozen=True)
class KindFreshness:
    """Per kind: how many records are priced and how many have a newest price on or after `since`."""

    kind: str
    records: int
    priced: int
    fresh: int
    since: datetime.date

    @property
    def share(self) -> float:
        return self.fresh / self.priced if self.priced else 1.0


def freshness(catalog: Catalog, since: datetime.date, kinds: Iterable[str] = PART_KINDS) -> list[KindFreshness]:
    """Per part kind: priced records and those whose newest price is dated `since` or later."""
    rows = []
    for kind in kinds:
        records = catalog.kind(kind)
        dates = [d for d in (newest_price_date(r) for r in records) if d is not None]
        rows.append(KindFreshness(kind, len(records), len(dates), sum(1 for d in dates if d >= since), since))
    return rows


@dataclass(frozen=True)
class CatalogDate:
    """The date range of the catalog's current prices, and how many priced parts have only older ones."""

    first: datetime.date | None
    last: datetime.date | None
    priced: int
    older: int
    until: datetime.date | None = None
    """The first day on which this says something else (a price in the range turns six months old), None when no
    day will (every price is already old, or none is dated): what `--version` keeps its text until."""

    def said(self) -> Reason:
        """The range as a code (dates.prices: first and last month, a buyer reads it as a season, not a day), with
        the parts whose newest price is older than six months named by count, never hidden; dates.none without one."""
        if self.first is None or self.last is None:
            return Reason.of("dates.none")
        first, last = f"{self.first:%Y-%m}", f"{self.last:%Y-%m}"
        return Reason.of("dates.prices", first=first, last=last, priced=self.priced, older=self.older)

    def text(self) -> str:
        """'prices from 2026-06 to 2026-11; 237 of 282 priced parts have only prices older than six months'."""
        return english(self.said())


def catalog_date(
    catalog: Catalog, kinds: Iterable[str] = PART_KINDS, today: datetime.date | None = None
) -> CatalogDate:
    """The catalog's date on `today` (datetime.date.today() unless given): the range of the parts' newest prices
    within six months of today, and how many priced parts have only older ones.

    A record contributes its newest price date; those older than FRESH_WINDOW_DAYS before today are counted as
    `older` rather than stretching the range back to a 2021 launch price. When every price is that old, the range
    is the newest price's month and every priced part is counted as older.
    """
    dates = [d for kind in kinds for d in (newest_price_date(r) for r in catalog.kind(kind)) if d is not None]
    return dated(dates, today or datetime.date.today())


def dated(dates: list[datetime.date], today: datetime.date) -> CatalogDate:
    """CatalogDate of the parts' newest price dates on `today` (catalog_date without a catalog)."""
    if not dates:
        return CatalogDate(None, None, 0, 0)
    last = max(dates)
    cutoff = today - datetime.timedelta(days=FRESH_WINDOW_DAYS)
    recent = [d for d in dates if d >= cutoff]
    if not recent:
        return CatalogDate(last, last, len(dates), len(dates))
    # the oldest recent price turns old the day after it is FRESH_WINDOW_DAYS old: the range and the count change then
    until = min(recent) + datetime.timedelta(days=FRESH_WINDOW_DAYS + 1)
    return CatalogDate(min(recent), last, len(dates), len(dates) - len(recent), until)


def date_range_said(dates: Iterable[datetime.date]) -> Reason | None:
    """The range of any set of price dates (a build's parts) as a code (dates.prices), or None when none."""
    values = list(dates)
    if not values:
        return None
    return CatalogDate(min(values), max(values), len(values), 0).said()


def date_range_text(dates: Iterable[datetime.date]) -> str:
    """'prices from 2025-06 to 2026-11' for any set of price dates (a build's parts), or '' when none."""
    said = date_range_said(dates)
    return "" if said is None else english(said)
