"""Choosing a part's price: currency, new or used, conversion at the catalog's dated rates."""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass

from configurator.core.catalog import tax
from configurator.core.catalog.dates import FRESH_WINDOW_DAYS, currencies_tried
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import MemoryKit, Price, Record, System
from configurator.core.common.reasons import Reason, english
from configurator.core.model.build import BuildPart, part_spec

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


@dataclass(frozen=True)
class ImportRule:
    """What a buyer in one market pays on top of an exporter's asking price ("before-import" terms, catalog Price.terms)
    to have the part delivered: shipping, then customs duty on the goods, then import VAT on goods, shipping and duty.

    In force for prices dated `since` to `until` (inclusive; None: still in force when written). A "before-import" price
    dated outside every rule of the buyer's market is not offered: the catalog does not know what it would cost landed.
    """

    market: str  # where the buyer is: "US", "EU"
    since: datetime.date
    until: datetime.date | None
    shipping_usd: float  # courier shipping of one boxed card from China, converted at the catalog's rates
    duty: float  # customs duty and additional tariffs, a share of the goods' value
    vat: float  # import VAT, a share of goods + shipping + duty (0 where the market adds sales tax at the till)
    source: str
    shipping_estimate: str  # why the shipping figure is an estimate (no published rate for this parcel was found)

    def landed(self, asking: float, shipping: float) -> float:
        """The landed amount of `asking` with `shipping`, both in the buyer's currency."""
        return (asking * (1 + self.duty) + shipping) * (1 + self.vat)


_SHIPPING_ESTIMATE = (
    "express courier for one boxed 2-slot card of about 2-3 kg billable weight from Shenzhen; no published rate for "
    "such a parcel was found offline, so 50 USD is a rounded middle of the 30-60 USD a seller's checkout usually adds"
)

IMPORT: dict[str, tuple[ImportRule, ...]] = {
    # a US buyer pays in USD. Graphics cards (HTS 8473.30.11.80) carry no MFN duty; the de minimis exemption for
    # parcels under 800 USD ended for every country on 2025-08-29 (Executive Order 14324, 2025-07-30; Mallory Group,
    # mallorygroup.com/executive-order-suspending-duty-free-de-minimis-treatment/). From 2025-11-10 goods from China
    # paid the IEEPA fentanyl tariff, cut from 20 to 10 % (heading 9903.01.24, every product of China), and the 10 %
    # reciprocal tariff (heading 9903.01.25) "except for products described in headings 9903.01.26-9903.01.33" (CBP
    # CSMS #66749380, November 2025, content.govdelivery.com/accounts/USDHSCBP/bulletins/3fa83c4). Graphics cards
    # are among them: since 2025-04-05 subheading 8473.30 claims the reciprocal exception under 9903.01.32 (CBP CSMS
    # #64724565 of 2025-04-11, as Expeditors lists it: info.expeditors.com/newsflash/cbp-publishes-updated-guidance-
    # on-goods-excluded-from-reciprocal-tariffs), so a card paid the fentanyl 10 % alone, not 20 %. The
    # Section 301 exclusion for graphics cards ran to 2026-11-10 (nextvisionframe.com, 2025-12-05). The Supreme Court
    # struck the IEEPA tariffs down on 2026-02-20 (Learning Resources v. Trump; Mondaq, 2026-03-03): what followed
    # (a Section 122 surcharge) is not in the catalog, so the rule ends the day before.
    "USD": (
        ImportRule(
            market="US",
            since=datetime.date(2025, 11, 10),
            until=datetime.date(2026, 2, 19),
            shipping_usd=50.0,
            duty=0.10,  # the fentanyl tariff; HTS 8473.30 is exempt from the reciprocal one (CSMS #64724565)
            vat=0.0,  # US prices in the catalog are before sales tax, as shops list them
            source="https://content.govdelivery.com/accounts/USDHSCBP/bulletins/3fa83c4",
            shipping_estimate=_SHIPPING_ESTIMATE,
        ),
    ),
    # an EU buyer pays in EUR. Since 2021-07-01 import VAT is due on every parcel (the 22 EUR exemption ended;
    # chinamobilemag.de, 'China Importe und der Zoll'); computers and their cards pay no customs duty (zoll.de's
    # examples of rates: 'Computer, Notebooks, Handhelds: frei'; thinkpad-forum.de: 'Bei Elektronikartikeln fällt in
    # Deutschland kein Zoll an ... 19% EuSt' on goods plus shipping). VAT is Germany's 19 %, the lowest of the large
    # EU markets (the EU range is 17-27 %): the landed price is a floor for most of the EU, not an average.
    "EUR": (
        ImportRule(
            market="EU",
            since=datetime.date(2021, 7, 1),
            until=None,
            shipping_usd=50.0,
            duty=0.0,
            vat=tax.VAT["DE"].rate,  # Germany's standard rate (catalog.tax: one table of VAT rates)
            source="https://thinkpad-forum.de/threads/der-thread-f%C3%BCr-alles-was-zu-kurz-f%C3%BCr-einen-eigenen-"
            "thread-ist.139068/page-284",
            shipping_estimate=_SHIPPING_ESTIMATE,
        ),
    ),
    # a buyer paying in CNY buys on Taobao or Xianyu, priced in CNY (the catalog's CNY prices): an exporter's
    # asking price for foreign buyers is no offer to them, and no rule lands it.
}
"""The import rule of each buyer's market (by the currency the plan is priced in), newest last."""


def import_rule(currency: str, day: datetime.date) -> ImportRule | None:
    """The rule that lands a "before-import" price dated `day` for a buyer paying in `currency`, if the catalog has one."""
    for rule in reversed(IMPORT.get(currency, ())):
        if rule.since <= day and (rule.until is None or day <= rule.until):
            return rule
    return None


@dataclass(frozen=True)
class Landing:
    """How a quote's "before-import" price was landed (ImportRule): the asking price and what was added to it."""

    asking: float  # in the requested currency
    shipping: float  # in the requested currency
    rule: ImportRule

    @property
    def said(self) -> Reason:
        """The landing as a code and fields (reasons.EN "price.landed")."""
        return Reason.of(
            "price.landed",
            asking=round(self.asking, 2),
            market=self.rule.market,
            shipping=round(self.shipping, 2),
            duty_pct=round(self.rule.duty * 100, 1),
            vat_pct=round(self.rule.vat * 100, 1),
        )


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
    net_of: tax.TaxBasis | None = None  # the evidence's tax, taken out before comparing (like_for_like), if any
    with_vat: float = 0.0  # the VAT share of the old price's own region, put back on the evidence's net amount

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
            # compared net of VAT (like_for_like): the evidence's region and VAT taken out, the old price's put back
            evidence_region=self.net_of.region if self.net_of else None,
            evidence_vat_pct=round(self.net_of.rate * 100, 1) if self.net_of else None,
            vat_pct=round(self.with_vat * 100, 1) if self.net_of else None,
        )


@dataclass(frozen=True)
class Quote:
    amount: float  # in the requested currency
    condition: str
    price: Price  # when raised: the newer evidence, which dates the figure paid
    converted: bool
    raised: Raise | None = None  # the catalog's price was left behind by a newer observation (SUPERSEDED_AFTER_DAYS)
    landed: Landing | None = None  # the price was an exporter's asking price, landed by its market's ImportRule
    rate_date: str = ""  # a converted price: the date of the catalog's exchange rates it was converted at
    rate_from: str = ""  # and the currency it was converted from
    rate: float = 0.0  # and the rate: units of the requested currency per unit of rate_from
    currency: str = ""  # the requested currency (what `rate` converts into)
    own_tax: tax.TaxBasis | None = None  # the tax the price's own amount includes (None: not known, taken as listed)
    buyer_tax: tax.TaxBasis | None = None  # the basis `amount` is on (tax.buyer): the plan's one basis, once put on it

    @property
    def vat_said(self) -> Reason | None:
        """How the price was put on the plan's tax basis (reasons "price.vat"), when its own tax differs from the
        buyer's or is not known; None when it was listed on the buyer's basis already."""
        own, to = self.own_tax, self.buyer_tax
        if to is None or (own is not None and (own.region, own.rate) == (to.region, to.rate)):
            return None
        if own is not None and not own.rate and not to.rate:
            # no VAT in the price and none on the buyer's basis (a VAT-registered buyer reclaims it): taken as listed,
            # so nothing is said of it here; the plan's tax line says the basis once (a reclaiming lab's sheet had
            # said "no VAT in it; the 19 % a buyer in Germany pays on it is reclaimed" after every US-priced part)
            return None
        return Reason.of(
            "price.vat",
            region=to.region,
            vat_pct=round(to.rate * 100, 1),
            from_region=own.region if own else None,
            from_vat_pct=round(own.rate * 100, 1) if own else None,
            # a VAT-registered buyer (tax.buyer reclaim): the rate of their country's VAT they reclaim (None: paid)
            reclaimed_pct=round(tax.VAT[to.region].rate * 100, 1) if to.reclaimed else None,
        )

    @property
    def stale(self) -> bool:
        """The catalog has no price for this part, currency and condition seen within six months of today."""
        return (datetime.date.today() - self.price.date).days > FRESH_WINDOW_DAYS

    @property
    def said(self) -> Reason:
        """The price's note as a code and fields (reasons.EN "price.quote" words it): condition, date, the price it was
        converted from, an estimate's reason (the catalog's own words) and whether it is older than six months."""
        p = self.price
        taxed = tax.basis(p)
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
            landed=self.landed.said if self.landed else None,
            # a converted price is as old as the rate it was converted at (report.prices.rate_said warns on the build)
            rate_date=(self.rate_date or None) if self.rate_from else None,
            rate_from=self.rate_from or None,
            rate_stale=bool(self.rate_from) and _rate_stale(self.rate_date),
            # a converted price says what tax its amount holds (tax.basis): a US price none, a Greek one 24 % VAT
            from_region=taxed.region if self.converted and taxed else None,
            from_vat_pct=round(taxed.rate * 100, 1) if self.converted and taxed else None,
            # the conversion states its rate (round 40): "at 6.7046 CNY/USD"
            rate=round(self.rate, 5) if self.rate_from and self.rate else None,
            to=(self.currency or None) if self.rate_from else None,
            # the plan's one tax basis (tax.buyer, round 41): the buyer's VAT share in `amount` (None: the price's own
            # tax is not known, taken as listed), and how the price was moved onto it
            vat_region=self.buyer_tax.region if self.buyer_tax else None,
            vat_pct=round(self.buyer_tax.rate * 100, 1) if self.buyer_tax and self.own_tax else None,
            # and, for a VAT-registered buyer, the rate of the VAT left out (tax.buyer reclaim; round 42)
            vat_reclaimed_pct=round(tax.VAT[self.buyer_tax.region].rate * 100, 1)
            if self.buyer_tax and self.buyer_tax.reclaimed
            else None,
            vat=self.vat_said,
        )

    @property
    def note(self) -> str:
        return english(self.said)


def _rate_stale(rate_date: str) -> bool:
    """Whether the exchange rates of `rate_date` are older than FRESH_WINDOW_DAYS (undated rates count as old)."""
    try:
        seen = datetime.date.fromisoformat(rate_date)
    except ValueError:
        return True
    return (datetime.date.today() - seen).days > FRESH_WINDOW_DAYS


def system_line(system: System, q: Quote, said: Reason, **spec: object) -> BuildPart:
    """A ready-made system (a unified-memory box, a mini PC, a GPU server) as its build's one line, bought at `q`:
    `said`, what it is; `spec`, what its sheet adds to the record (part_spec)."""
    return bought_line("system", system, q, said, 1, **spec)


def bought_line(category: str, record: Record, q: Quote, said: Reason, quantity: int, **spec: object) -> BuildPart:
    """`quantity` of `record` as a build's line in `category`, bought at `q`: its price, date and condition from the
    quote, `said` its reason (English in `why`), `spec` what its sheet adds to the record (part_spec)."""
    return BuildPart(
        category=category,
        id=record.id,
        name=record.name,
        quantity=quantity,
        unit_price=q.amount,
        price_note=q.note,
        price_said=q.said,
        price_date=q.price.date,
        condition=q.condition,
        why=english(said),
        said=(said,),
        spec=part_spec(record, **spec),
    )


def unpriced(record: Record, condition: str) -> Reason:
    """Why a part has no price a buyer can act on (`gpu.no-price`): with `retired`, the day the vendor stopped selling it
    new, when the catalog holds only its list prices from before (quote never offers them): the Mac Studio M4 Max 128 GB
    had been said to have "no price in the catalog" beside its 3,699 USD launch price."""
    retired = record.sold_new_until
    if retired is None or record.sold_new_on(datetime.date.today()) or condition == "used":
        return Reason.of("gpu.no-price", condition=condition)
    if not any(p.condition == "new" for p in record.prices):
        return Reason.of("gpu.no-price", condition=condition)
    return Reason.of("gpu.no-price", condition=condition, retired=retired.isoformat())


def quote(
    record: Record, catalog: Catalog, currency: str, condition: str, taxed: tax.TaxBasis | None = None
) -> Quote | None:
    """The price a buyer would pay: newest listing per condition, cheapest allowed condition.

    `condition` "new" takes new prices only; "used" prefers used and falls back to new;
    "any" takes whichever is cheaper. Prices in other currencies are converted. An exporter's asking price
    ("before-import" terms) is landed by the buyer's market's ImportRule (IMPORT: shipping, duty, VAT), or not offered
    where no rule covers its date and market; the next price in another currency is tried instead. Every price is put
    on the buyer's tax basis `taxed` (BuildRequest.tax_basis: the buyer's country, VAT paid or reclaimed; None: the
    currency's default buyer, tax.buyer).
    """
    wanted: tuple[str, ...] = ("new",) if condition == "new" else ("used", "refurbished", "new")
    if not record.sold_new_on(datetime.date.today()):
        wanted = tuple(c for c in wanted if c != "new")  # no longer sold new: an old list price is not an offer
    candidates: list[Quote] = []
    for cond in wanted:
        native = _offer(record, catalog, currency, cond, currency)
        if native is not None:
            candidates.append(native)
            continue
        for other in currencies_tried(currency)[1:]:  # the order catalog.dates counts a buyer's price dates in
            converted = _offer(record, catalog, other, cond, currency)
            if converted is not None:
                candidates.append(converted)
                break
    if not candidates:
        return None
    # one tax basis for the whole plan (tax.buyer) before the cheapest is taken: like with like
    candidates = [_for_buyer(_raised(c, record, catalog, currency), currency, taxed) for c in candidates]
    if condition == "used":
        for cond in ("used", "refurbished", "new"):
            found = [c for c in candidates if c.condition == cond]
            if found:
                return min(found, key=lambda c: c.amount)
    return min(candidates, key=lambda c: c.amount)


def _offer(record: Record, catalog: Catalog, listed: str, condition: str, currency: str) -> Quote | None:
    """The newest of `record`'s prices listed in `listed` for `condition` that a buyer paying in `currency` can act on,
    converted and landed (_landed); an asking price no import rule lands gives way to the next older one."""
    # newest first; among prices of one day the first listed, as Record.price takes it (a stable sort)
    prices = sorted(
        (p for p in record.prices if p.currency == listed and p.condition == condition),
        key=lambda p: p.date,
        reverse=True,
    )
    for price in prices:
        try:
            amount = price.amount if listed == currency else catalog.convert(price.amount, listed, currency)
        except KeyError:
            return None
        converted = listed != currency
        rate_date, rate_from = (catalog.exchange_rates_date, listed) if converted else ("", "")
        rate = catalog.convert(1.0, listed, currency) if converted else 0.0
        offered = _landed(
            Quote(
                amount,
                condition,
                price,
                converted,
                rate_date=rate_date,
                rate_from=rate_from,
                rate=rate,
                currency=currency,
            ),
            catalog,
            currency,
        )
        if offered is not None:
            return offered
    return None


def _landed(q: Quote, catalog: Catalog, currency: str) -> Quote | None:
    """`q` as a buyer paying in `currency` pays it delivered: as is for a "landed" price; for a "before-import" one
    the asking price plus shipping, duty and VAT by import_rule, or None where the catalog has no rule for it."""
    if q.price.terms == "landed":
        return q
    rule = import_rule(currency, q.price.date)
    if rule is None:
        return None
    try:
        shipping = catalog.convert(rule.shipping_usd, "USD", currency)
    except KeyError:
        return None
    return Quote(
        rule.landed(q.amount, shipping),
        q.condition,
        q.price,
        q.converted,
        landed=Landing(q.amount, shipping, rule),
        rate_date=q.rate_date,
        rate_from=q.rate_from,
        rate=q.rate,
        currency=q.currency,
    )


def _for_buyer(q: Quote, currency: str, taxed: tax.TaxBasis | None = None) -> Quote:
    """`q` on the tax basis of a buyer paying in `currency` (tax.buyer, tax.for_buyer): the VAT its price includes taken
    out and the buyer's put in. A landed price already holds the buyer's market's import VAT (ImportRule.vat); a raised
    one is on the basis of the price it raised (like_for_like put the evidence there); a price whose tax the catalog
    does not know is taken as listed, and says so. `taxed`: the buyer's basis where the request names one (a country,
    VAT reclaimed); None, the currency's default buyer."""
    to = taxed if taxed is not None else tax.buyer(currency)
    if to is None:
        return q
    if q.landed is not None:
        own: tax.TaxBasis | None = tax.TaxBasis(to.region, to.market, q.landed.rule.vat)
    else:
        own = tax.basis(q.raised.old if q.raised else q.price)
    return dataclasses.replace(q, amount=tax.for_buyer(q.amount, own, to), own_tax=own, buyer_tax=to)


@dataclass(frozen=True)
class Like:
    """A newer price put on an older one's footing (like_for_like): its amount in the old price's currency, and the tax
    taken out of it and put back, when the two differ."""

    amount: float  # in the old price's currency
    net_of: tax.TaxBasis | None = None  # the newer price's tax, taken out (None: compared as listed)
    with_vat: float = 0.0  # the old price's VAT share, put back on the net amount


def like_for_like(old: Price, newer: Price, catalog: Catalog) -> Like | None:
    """`newer` as a bound on `old`: what `old` would read at `newer`'s level, or None where the two are not like with
    like. Prices in one currency whose tax the catalog does not know apart are compared as listed (one market, as
    before round 40). Otherwise both must say what tax they include (tax.basis) and come from one market
    (tax.Vat.market): compared net of VAT, then with `old`'s own VAT. A shop in another market is no evidence of this
    one's price level whatever the exchange rate: Greek retail held the RTX PRO 6000 Max-Q at 18,000 EUR on
    2026-10-04, 16,358 USD net of its 24 % VAT, while NVIDIA's US list price of the same-priced Workstation Edition was
    13,250 USD (June 2026); taken as it stood it had raised the card's 8,565 USD to 20,284 (round 39)."""
    a, b = tax.basis(old), tax.basis(newer)
    if (a is None or b is None or a == b) and old.currency == newer.currency:
        return Like(newer.amount)
    if a is None or b is None or a.market != b.market:
        return None
    amount = _in(catalog, a.gross(b.net(newer.amount)), newer.currency, old.currency)
    return None if amount is None else Like(amount, b, a.rate)


def _in(catalog: Catalog, amount: float, listed: str, currency: str) -> float | None:
    try:
        return catalog.convert(amount, listed, currency)
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
        like = like_for_like(q.price, p, catalog)
        amount = _in(catalog, like.amount, q.price.currency, currency) if like else None
        if like is not None and amount is not None and amount > best_amount:
            basis = "condition" if p.condition != q.price.condition else "currency"
            best, best_amount = Raise(q.price, q.amount, basis, p, None, like.net_of, like.with_vat), amount
    if isinstance(record, MemoryKit):
        per_gb: list[tuple[float, Price, Like]] = []
        for other in catalog.kind("memory"):
            if not isinstance(other, MemoryKit) or not _same_class(other, record):
                continue
            for p in other.prices:
                # one market, net of VAT (like_for_like): a European price with its VAT does not raise a US estimate
                like = like_for_like(q.price, p, catalog) if _left_behind(q.price, p) else None
                amount = _in(catalog, like.amount, q.price.currency, currency) if like else None
                if like is not None and amount is not None:
                    per_gb.append((amount / other.total_gb, p, like))
        if per_gb:
            rate, p, like = min(per_gb, key=lambda t: t[0])  # the lowest: a floor, never the dearest listing
            if rate * record.total_gb > best_amount:
                best = Raise(q.price, q.amount, "class", p, rate, like.net_of, like.with_vat)
                best_amount = rate * record.total_gb
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
    # a figure raised to an observation in another currency is converted at the catalog's rates, dated by them
    converted = e.currency != currency
    return Quote(
        best_amount,
        q.condition,
        dated,
        False,
        best,
        rate_date=catalog.exchange_rates_date if converted else "",
        rate_from=e.currency if converted else "",
        rate=catalog.convert(1.0, e.currency, currency) if converted else 0.0,
        currency=currency,
    )
