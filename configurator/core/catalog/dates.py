"""The catalog's date: how recent the prices of the parts a build can be chosen with are ("prices from 2026-06 to 2026-11")."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from configurator.core.catalog.kinds import PART_KINDS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.common.reasons import Reason, english

FRESH_WINDOW_DAYS = 183
"""Six months (the same window core.report.prices flags a build's old prices with): DRAM and NAND prices
doubled within months in 2025-26 (issue #14), so a part whose newest price is older than this on today's date
is not counted in the catalog's date range; it is counted as 'older'. Measured from today, never from the
catalog's newest price: a fresh price entered for one part must not age the others (window16's walk)."""


CONVERTED_FROM: tuple[str, ...] = ("USD", "EUR", "CNY")
"""The currencies a price is converted from, in the order solve.pricing.quote tries them, when a part has no price in
the buyer's currency for a condition."""


def currencies_tried(currency: str) -> tuple[str, ...]:
    """The currencies a buyer paying in `currency` is quoted from, first to last: their own, then CONVERTED_FROM."""
    return (currency, *(c for c in CONVERTED_FROM if c != currency))


def quoted_from(record: Record, currency: str) -> list[Price]:
    """The prices a buyer paying in `currency` is quoted from: per condition, those listed in the first currency of
    currencies_tried that has any (quote's order). A Greek shop's EUR price is among them for a EUR buyer, never for a
    USD buyer whose part has a USD price of that condition, however old."""
    chosen: list[Price] = []
    retired = not record.sold_new_on(datetime.date.today())  # quote never offers a retired part's old list price
    for condition in {p.condition for p in record.prices} - ({"new"} if retired else set()):
        for listed in currencies_tried(currency):
            found = [p for p in record.prices if p.condition == condition and p.currency == listed]
            if found:
                chosen.extend(found)
                break
    return chosen


def newest_price_date(record: Record, currency: str | None = None) -> datetime.date | None:
    """The date of the record's newest price, None when unpriced: of any currency and condition, or with `currency`,
    of the prices a buyer paying in it is quoted from (quoted_from): the catalog's date for that buyer."""
    prices = record.prices if currency is None else quoted_from(record, currency)
    return max((p.date for p in prices), default=None)


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


def freshness(
    catalog: Catalog, since: datetime.date, kinds: Iterable[str] = PART_KINDS, currency: str | None = None
) -> list[KindFreshness]:
    """Per part kind: priced records and those whose newest price is dated `since` or later: of any currency, or with
    `currency`, of the prices a buyer paying in it is quoted from (newest_price_date)."""
    rows = []
    for kind in kinds:
        records = catalog.kind(kind)
        dates = [d for d in (newest_price_date(r, currency) for r in records) if d is not None]
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
    catalog: Catalog, kinds: Iterable[str] = PART_KINDS, today: datetime.date | None = None, currency: str | None = None
) -> CatalogDate:
    """The catalog's date on `today` (datetime.date.today() unless given): the range of the parts' newest prices
    within six months of today, and how many priced parts have only older ones. With `currency`, the date for a buyer
    paying in it: each part's newest price among those that buyer is quoted from (newest_price_date), so a plan's
    "catalog prices" line says how old the prices it can use are, not how new a price in another market is.

    A record contributes its newest price date; those older than FRESH_WINDOW_DAYS before today are counted as
    `older` rather than stretching the range back to a 2021 launch price. When every price is that old, the range
    is the newest price's month and every priced part is counted as older.
    """
    dates = [d for kind in kinds for d in (newest_price_date(r, currency) for r in catalog.kind(kind)) if d is not None]
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
