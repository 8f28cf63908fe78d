"""Choosing a part's price: currency, new or used, conversion at the catalog's dated rates."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from configurator.core.catalog.dates import FRESH_WINDOW_DAYS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.reasons import Reason, english


@dataclass(frozen=True)
class Quote:
    amount: float  # in the requested currency
    condition: str
    price: Price
    converted: bool

    @property
    def stale(self) -> bool:
        """The catalog has no price for this part, currency and condition seen within six months of today."""
        return (datetime.date.today() - self.price.date).days > FRESH_WINDOW_DAYS

    @property
    def said(self) -> Reason:
        """The price's note as a code and fields (reasons.EN "price.quote" words it): condition, date, the price it was
        converted from, an estimate's reason (the catalog's own words) and whether it is older than six months."""
        p = self.price
        return Reason.of(
            "price.quote",
            condition=p.condition,
            date=p.date.isoformat(),
            amount=p.amount if self.converted else None,
            currency=p.currency if self.converted else None,
            estimate=p.estimate_reason or None,
            stale=self.stale,
        )

    @property
    def note(self) -> str:
        return english(self.said)


def quote(record: Record, catalog: Catalog, currency: str, condition: str) -> Quote | None:
    """The price a buyer would pay: newest listing per condition, cheapest allowed condition.

    `condition` "new" takes new prices only; "used" prefers used and falls back to new;
    "any" takes whichever is cheaper. Prices in other currencies are converted.
    """
    wanted: tuple[str, ...] = ("new",) if condition == "new" else ("used", "refurbished", "new")
    if not record.sold_new_on(datetime.date.today()):
        wanted = tuple(c for c in wanted if c != "new")  # no longer sold new: an old list price is not an offer
    candidates: list[Quote] = []
    for cond in wanted:
        native = record.price(currency, cond)
        if native is not None:
            candidates.append(Quote(native.amount, cond, native, False))
            continue
        for other in ("USD", "EUR", "CNY"):
            price = record.price(other, cond)
            if price is not None and other != currency:
                try:
                    amount = catalog.convert(price.amount, other, currency)
                except KeyError:
                    continue
                candidates.append(Quote(amount, cond, price, True))
                break
    if not candidates:
        return None
    if condition == "used":
        for cond in ("used", "refurbished", "new"):
            found = [c for c in candidates if c.condition == cond]
            if found:
                return min(found, key=lambda c: c.amount)
    return min(candidates, key=lambda c: c.amount)
