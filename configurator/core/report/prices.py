"""How old a build's prices are: a price seen more than six months ago is flagged on the build and the sheet."""

from __future__ import annotations

import datetime

from configurator.core.catalog import tax
from configurator.core.common.reasons import Reason, english
from configurator.core.common.shapes import OldPriceWarning, PriceDates, RateWarning
from configurator.core.model.build import Build, BuildPart

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


def months_old(part: BuildPart, today: datetime.date | None = None) -> int:
    """Whole months (of 30 days) since the part's price was seen."""
    assert part.price_date is not None
    return ((today or datetime.date.today()) - part.price_date).days // 30


def stale_said(part: BuildPart, today: datetime.date | None = None) -> Reason:
    """How old the part's price is, as a code and fields ("price.old": date, months)."""
    assert part.price_date is not None
    return Reason.of("price.old", date=part.price_date.isoformat(), months=months_old(part, today))


def stale_text(part: BuildPart, today: datetime.date | None = None) -> str:
    """'price from 2025-06-01, 9 months old'."""
    return english(stale_said(part, today))


def paid_dates(build: Build) -> list[datetime.date]:
    """The price dates of the parts the build pays for (owned and included parts pay none), oldest first."""
    return sorted(p.price_date for p in build.parts if p.price_date is not None and p.subtotal > 0)


def dates_said(build: Build, today: datetime.date | None = None) -> Reason | None:
    """How old the build's paid prices are, as a code and fields ("price.dates": oldest, median, newest, the paid
    parts dated, the oldest's age in whole months), None when no paid part is dated. The median is the middle date,
    the earlier of the two middle ones for an even count (a date some part was priced on, never an average). Every
    path that shows a build (the CLI, its JSON, the window, the sheet) reads this one: a price is as of its date,
    never today's."""
    dates = paid_dates(build)
    if not dates:
        return None
    oldest = dates[0]
    months = ((today or datetime.date.today()) - oldest).days // 30
    return Reason.of(
        "price.dates",
        oldest=oldest.isoformat(),
        median=dates[(len(dates) - 1) // 2].isoformat(),
        newest=dates[-1].isoformat(),
        paid=len(dates),
        months=months,
    )


def dates_json(build: Build, today: datetime.date | None = None) -> PriceDates | None:
    """`plan --json` builds' `price_dates`: the same figures as dates_said, or None when no paid part is dated."""
    said = dates_said(build, today)
    if said is None:
        return None
    f = said.fields
    return PriceDates(
        oldest=str(f["oldest"]),
        median=str(f["median"]),
        newest=str(f["newest"]),
        paid=int(said.num("paid")),
        months=int(said.num("months")),
        text=english(said),
    )


RATE_OLD_CODE = "price.rate-old"
"""The warning code of a build whose prices were converted at exchange rates older than STALE_AFTER_DAYS."""


def rate_said(build: Build, today: datetime.date | None = None) -> Reason | None:
    """The build's paid prices converted from another currency at exchange rates older than STALE_AFTER_DAYS, as a
    code and fields ("price.rate-old": the rates' date, months, the currencies converted from and to), else None.
    The rate is a dated fact as a price is: a converted price may be off by the currency's move since."""
    dates: set[str] = set()
    currencies: set[str] = set()
    for part in build.parts:
        said = part.price_said
        fields = said.fields if said is not None and part.subtotal > 0 else {}
        if not fields.get("rate_from"):  # paid in the currency it is listed in: no rate used
            continue
        dates.add(str(fields.get("rate_date") or ""))
        currencies.add(str(fields["rate_from"]))
    if not dates:
        return None
    oldest = min(dates)
    try:
        seen = datetime.date.fromisoformat(oldest)
    except ValueError:
        return Reason.of(
            RATE_OLD_CODE, date="no date", months=0, currencies=tuple(sorted(currencies)), to=build.currency
        )
    days = ((today or datetime.date.today()) - seen).days
    if days <= STALE_AFTER_DAYS:
        return None
    return Reason.of(
        RATE_OLD_CODE, date=oldest, months=days // 30, currencies=tuple(sorted(currencies)), to=build.currency
    )


def rate_warning(build: Build, today: datetime.date | None = None) -> RateWarning | None:
    """rate_said as `plan --json` data (a build's `rate_warning`): code, date, months, currencies and the sentence."""
    said = rate_said(build, today)
    if said is None:
        return None
    f = said.fields
    months, currencies = f["months"], f["currencies"]
    return {
        "code": RATE_OLD_CODE,
        "rate_date": str(f["date"]),
        "months_old": months if isinstance(months, int) else 0,
        "currencies": [str(c) for c in currencies] if isinstance(currencies, tuple) else [],
        "to": build.currency,
        "message": english(said),
    }


def raised_said(part: BuildPart) -> Reason | None:
    """Why the part's price is above the catalog's figure for its condition (solve.pricing.Raise: "price.raised"),
    or None when the catalog's own price is paid."""
    said = part.price_said
    if said is None or part.subtotal <= 0:
        return None
    raised = said.nested("raised")
    return raised[0] if raised else None


def raised_parts(build: Build) -> list[BuildPart]:
    """The paid parts whose price the catalog's figure could not give as is: a newer observation raised it."""
    return [p for p in build.parts if raised_said(p) is not None]


OLD_PRICE_CODE = "price.old"
"""The warning code of a paid part whose price is older than STALE_AFTER_DAYS (`plan --json` builds' `price_warnings`)."""
RAISED_PRICE_CODE = "price.raised"
"""The warning code of a paid part whose catalog price a newer observation raised (solve.pricing.SUPERSEDED_AFTER_DAYS):
the figure paid is an estimate, dated by that observation (`price_date`)."""


def old_price_warnings(build: Build, today: datetime.date | None = None) -> list[OldPriceWarning]:
    """The build's old prices as data: code, the part, its price date and age, and the English sentence; then the
    prices a newer observation raised ("price.raised", dated by that observation)."""
    old = [_warning(p, OLD_PRICE_CODE, stale_text(p, today), today) for p in stale_parts(build, today)]
    raised = [
        _warning(p, RAISED_PRICE_CODE, english(said), today)
        for p in raised_parts(build)
        if (said := raised_said(p)) is not None
    ]
    return old + raised


def _warning(p: BuildPart, code: str, text: str, today: datetime.date | None) -> OldPriceWarning:
    """One element of `plan --json` price_warnings for a part."""
    return {
        "code": code,
        "part_id": p.id,
        "name": p.name,
        "category": p.category,
        "price_date": p.price_date.isoformat() if p.price_date else None,
        "months_old": months_old(p, today),
        "message": f"{p.name}: {text}",
    }


ESTIMATE_PRICE_CODE = "price.estimate"
"""The code of a paid part whose catalog price is an estimate (the price's `estimate_reason`): a used base machine's
price derived from a community build's total (round 39), a memory kit's class price. `plan --json` builds'
`price_estimates`, the text's "[warn] prices: ...: price an estimate: ..."."""


def estimate_said(part: BuildPart) -> Reason | None:
    """Why the part's price is an estimate, in the catalog's own words ("price.estimate": reason), or None for a price
    seen as it is, an owned or included part (they pay none) and a raised one (raised_said says that)."""
    said = part.price_said
    if said is None or part.subtotal <= 0 or raised_said(part) is not None:
        return None
    reason = said.fields.get("estimate")
    return Reason.of(ESTIMATE_PRICE_CODE, reason=str(reason)) if reason else None


def estimated_parts(build: Build) -> list[tuple[BuildPart, Reason]]:
    """The paid parts whose price is an estimate, each with its reason (estimate_said)."""
    return [(p, said) for p in build.parts if (said := estimate_said(p)) is not None]


def estimate_json(build: Build) -> list[dict[str, object]]:
    """estimated_parts as `plan --json` data (a build's `price_estimates`): code, the part, its price date, the
    catalog's reason and the sentence."""
    return [
        {
            "code": ESTIMATE_PRICE_CODE,
            "part_id": p.id,
            "name": p.name,
            "category": p.category,
            "price_date": p.price_date.isoformat() if p.price_date else None,
            "reason": str(said.fields["reason"]),
            "message": f"{p.name}: {english(said)}",
        }
        for p, said in estimated_parts(build)
    ]


def stale_summary(build: Build, today: datetime.date | None = None) -> str:
    """'2 prices older than six months: RTX 3090 (price from 2025-06-01, 17 months old); ...', or ''."""
    old = stale_parts(build, today)
    rate = rate_said(build, today)
    said = [english(rate)] if rate is not None else []
    if not old:
        return "; ".join(said)
    names = "; ".join(f"{p.name} ({stale_text(p, today)})" for p in old)
    # "1 price", "7 prices": a sheet of one ready-made system read "1 price(s) older" (ui44), as the window did (walk42)
    counted = f"{len(old)} price" if len(old) == 1 else f"{len(old)} prices"
    return "; ".join([f"{counted} older than {STALE_AFTER_WORDS}: {names}", *said])


TAX_BASIS_CODE = "price.basis"
"""The code of a build's tax basis statement (tax_said)."""


def tax_said(build: Build) -> Reason | None:
    """The one tax basis every price of the build is on (pricing.quote puts each on tax.buyer's), as a code and fields
    ("price.basis"): the buyer's region and VAT rate, the VAT the total holds and the total without it (what a lab that
    reclaims VAT pays), and how many paid lines were taken as listed because their own tax is not known (a private
    seller's used part). None when no paid part says its basis (a plan of before round 41, parts all owned)."""
    region = ""
    vat = net = gross = 0.0
    listed = 0
    reclaim = False
    for part in build.parts:
        said = part.price_said
        if said is None or part.subtotal <= 0 or not said.fields.get("vat_region"):
            continue
        region = str(said.fields["vat_region"])
        share, cost = said.fields.get("vat_pct"), build.part_cost(part)
        reclaimed = said.fields.get("vat_reclaimed_pct")
        if isinstance(reclaimed, int | float):  # a VAT-registered buyer's net price: gross is what a payer would pay
            reclaim = True
            gross += cost * (1 + float(reclaimed) / 100) if isinstance(share, int | float) else cost
        else:
            gross += cost
        if isinstance(share, int | float):
            net += cost / (1 + float(share) / 100)
            vat += cost - cost / (1 + float(share) / 100)
        else:
            listed += 1
            net += cost
    if not region:
        return None
    rate = round(tax.VAT[region].rate * 100, 1) if region in tax.VAT else 0.0
    return Reason.of(
        TAX_BASIS_CODE,
        region=region,
        vat_pct=0.0 if reclaim else rate,
        currency=build.currency,
        total=round(build.total_price, 2),
        vat=round(vat, 2),
        net=round(net, 2),
        listed=listed,
        # round 42: whether the buyer reclaims VAT (prices net of it, the budget too), the rate of the buyer
        # country's VAT, and the total with it (what a buyer who pays VAT would pay for the same lines)
        reclaim=reclaim,
        region_vat_pct=rate,
        gross=round(gross + build.total_price - sum_paid(build), 2),
    )


def sum_paid(build: Build) -> float:
    """What the build's lines that state a tax basis cost (tax_said's lines), so the rest of the total (owned parts,
    lines of before round 41) is carried into `gross` as it is."""
    total = 0.0
    for part in build.parts:
        said = part.price_said
        if said is not None and part.subtotal > 0 and said.fields.get("vat_region"):
            total += build.part_cost(part)
    return total


def tax_json(build: Build) -> dict[str, object] | None:
    """`plan --json` builds' `price_basis` (an addition of round 41): tax_said's fields and its sentence."""
    said = tax_said(build)
    if said is None:
        return None
    return {"code": TAX_BASIS_CODE, **said.fields, "message": english(said)}


def vat_of(part: BuildPart) -> tuple[str, str]:
    """A line's tax basis for the purchase list's columns: the buyer's region and the VAT share (%) in its unit price,
    ("", "") for a line that pays nothing or whose own tax is not known (the share then empty, the region kept)."""
    said = part.price_said
    if said is None or part.subtotal <= 0 or not said.fields.get("vat_region"):
        return ("", "")
    share = said.fields.get("vat_pct")
    return (str(said.fields["vat_region"]), f"{share:g}" if isinstance(share, int | float) else "")
