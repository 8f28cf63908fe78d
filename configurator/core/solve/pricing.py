"""Choosing a part's price: currency, new or used, conversion at the catalog's dated rates."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from configurator.core.catalog.dates import FRESH_WINDOW_DAYS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import MemoryKit, Price, Record
from configurator.core.common.reasons import Reason, english

SUPERSEDED_AFTER_DAYS = 365
"""A price the market has left (issue #30's follow-up): an observed price more than twelve months older than a newer
observation that bounds it from below is not offered as is. DDR4 RDIMMs went from 40-80 to 200-400 USD a stick in
two years (joekarlsson.com, homelab update of October 2026); a 64 GB DDR5 RDIMM from a 900 USD Q1 contract price to
1,800-2,064 USD street prices by mid-2026 (memory.toml)."""

BOUGHT_NEW = frozenset({"psu"})
"""Categories bought new whatever condition the request allows (a part the user owns is still used as owned). A power
supply is the part whose failure takes the others with it, and its warranty (5 to 12 years: Seasonic Prime 12,
Corsair RMx 10, Digital Trends, 'A friendly reminder that your PC power supply will eventually destroy itself',
digitaltrends.com/computing/reminder-pc-power-supply-will-fail/, read 2026-12-04) does not pass to a second owner.
Mina's 2 x RTX 3090 for 2,500 USD had been built on a used EVGA SuperNOVA 1600 P2 (2015, ATX 2.x, 170 USD) where her
journey and build-rules' worked example call for a 1200-1300 W ATX 3.x supply bought new."""

_CONDITION_RANK = {"used": 0, "refurbished": 1, "new": 2}
"""A newer price bounds an older one from below only from the same or a cheaper condition: a new part costs at least
what a used one does, never the other way round."""


@dataclass(frozen=True)
class Raise:
    """Why a quote's price is above the catalog figure for its condition: the newer observation that bounds it.

    basis "condition": the same part seen later in a cheaper condition (a used price above an old new price);
    "currency": the same part and condition seen later in another currency (converted at the catalog's rates);
    "class": memory of the same type and module kind seen later at a higher price per GB (this kit's GB times it).
    """

    old: Price  # the catalog's price that is no longer used as is
    old_amount: float  # in the requested currency
    basis: str
    evidence: Price
    per_gb: float | None = None  # "class": the price per GB applied, in the requested currency

    @property
    def said(self) -> Reason:
        """The raise as a code and fields (reasons.EN "price.raised")."""
        e = self.evidence
        return Reason.of(
            "price.raised",
            basis=self.basis,
            amount=round(self.old_amount, 2),
            condition=self.old.condition,
            date=self.old.date.isoformat(),
            months=(e.date - self.old.date).days // 30,
            estimated=bool(self.old.estimate_reason),
            evidence_condition=e.condition,
            evidence_currency=e.currency,
            evidence_date=e.date.isoformat(),
            per_gb=round(self.per_gb, 2) if self.per_gb is not None else None,
        )


@dataclass(frozen=True)
class Quote:
    amount: float  # in the requested currency
    condition: str
    price: Price  # when raised: the newer evidence, which dates the figure paid
    converted: bool
    raised: Raise | None = None  # the catalog's price was left behind by a newer observation (SUPERSEDED_AFTER_DAYS)

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
            # a raised price keeps the catalog's own reason for the figure it replaces, then says why it was raised
            estimate=(self.raised.old.estimate_reason if self.raised else p.estimate_reason) or None,
            stale=self.stale,
            raised=self.raised.said if self.raised else None,
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
    candidates = [_raised(c, record, catalog, currency) for c in candidates]
    if condition == "used":
        for cond in ("used", "refurbished", "new"):
            found = [c for c in candidates if c.condition == cond]
            if found:
                return min(found, key=lambda c: c.amount)
    return min(candidates, key=lambda c: c.amount)


def _in(catalog: Catalog, price: Price, currency: str) -> float | None:
    try:
        return catalog.convert(price.amount, price.currency, currency)
    except KeyError:
        return None


def _left_behind(old: Price, newer: Price) -> bool:
    """Whether `newer` is evidence against `old`: observed, from the same or a cheaper condition, and dated more than
    SUPERSEDED_AFTER_DAYS after it (or after it at all when `old` is itself an estimate: an estimate gives way to a
    newer observation)."""
    if newer.estimate_reason or _CONDITION_RANK[newer.condition] > _CONDITION_RANK[old.condition]:
        return False
    gap = (newer.date - old.date).days
    return gap > 0 if old.estimate_reason else gap > SUPERSEDED_AFTER_DAYS


def _same_class(a: MemoryKit, b: MemoryKit) -> bool:
    return (a.memory_type, a.module, a.ecc) == (b.memory_type, b.module, b.ecc)


def _raised(q: Quote, record: Record, catalog: Catalog, currency: str) -> Quote:
    """The quote, raised to the highest newer observation that bounds it from below (SUPERSEDED_AFTER_DAYS): the same
    part in a cheaper condition or another currency, or, for memory, the lowest price per GB its class was seen at
    since. A raised figure is an estimate: the quote keeps the old price and says why (Quote.raised)."""
    best: Raise | None = None
    best_amount = q.amount
    for p in record.prices:
        if p is q.price or not _left_behind(q.price, p):
            continue
        if p.condition == q.price.condition and p.currency == q.price.currency:
            continue  # the newest in this currency and condition is q.price itself
        amount = _in(catalog, p, currency)
        if amount is not None and amount > best_amount:
            basis = "condition" if p.condition != q.price.condition else "currency"
            best, best_amount = Raise(q.price, q.amount, basis, p), amount
    if isinstance(record, MemoryKit):
        per_gb: list[tuple[float, Price]] = []
        for other in catalog.kind("memory"):
            if not isinstance(other, MemoryKit) or not _same_class(other, record):
                continue
            for p in other.prices:
                # one market: a European price with its VAT does not raise a US estimate
                seen = p.currency == q.price.currency and _left_behind(q.price, p)
                amount = _in(catalog, p, currency) if seen else None
                if amount is not None:
                    per_gb.append((amount / other.total_gb, p))
        if per_gb:
            rate, p = min(per_gb, key=lambda t: t[0])  # the lowest: a floor, never the dearest listing
            if rate * record.total_gb > best_amount:
                best, best_amount = Raise(q.price, q.amount, "class", p, rate), rate * record.total_gb
    if best is None:
        return q
    e = best.evidence
    dated = Price(
        amount=best_amount,
        currency=currency,  # type: ignore[arg-type]
        condition=q.price.condition,
        date=e.date,
        source=e.source,
        note=f"raised from {q.amount:,.2f} {currency} ({q.price.date.isoformat()}) by a newer observation",
        estimate_reason="a newer observation bounds this part's older price from below (pricing.SUPERSEDED_AFTER_DAYS)",
    )
    return Quote(best_amount, q.condition, dated, False, best)
