"""Buy or rent: energy, the cheapest cloud rental that does the same work, break-even and TCO.

Definitions (every one is also written into `CostOfOwnership.assumptions`):

* Energy. The machine is switched on `hours_per_day x days_per_year` hours a year. While on,
  it is busy (drawing `wall_w`, the build's full-load wall draw) for the fraction
  `utilisation` of that time and idle (drawing `idle_w`) for the rest; switched off it draws
  nothing. So

      kWh / year  = (wall_w * utilisation + idle_w * (1 - utilisation)) * hours_per_day * days_per_year / 1000
      cost / year = kWh / year * price_per_kwh

  For a multi-node build `wall_w` is the per-node figure of `Build.power` times `Build.nodes`.
  Inference (round 35): the busy hours are not on-hours x utilisation but the hours the build is at work answering
  its users' demand at its own speed within the hours they are at work (on-hours x utilisation), `served_hours` and
  `need.hours_to_serve`: (wall_w x busy + idle_w x (on-hours - busy)) / 1000.
* Rental equivalent. Inference (round 35): the rental is billed for the hours it is at work on the same demand at its
  own speed (the same rule), or, for a dedicated endpoint (`UsageProfile.dedicated_rental`), for the same on-hours
  (or only the busy hours when `UsageProfile.rent_busy_hours_only` is set); training: the hours of the same work.
  `monthly_rental = hourly x rented hours per year / 12`.
* Resale. What the machine fetches sold at the end of month m (`OwnershipAssumptions.resale_after_months`):
  the straight line from the purchase price to `resale_fraction` of it at `years` (flat after), never more
  than it fetches second-hand with the marketplace's fee paid (`sold_used_fraction`, from the catalog's used
  prices, when known): a machine sold a month after it was bought fetches a used price, not 97 % of its cost.
* Net cost of owning after m months (`net_owning_cost`, the one definition the break-even, the yearly rows
  and the chart all read): purchase - resale after m months + m * `monthly_owning_cost` (energy and upkeep).
  Renting costs m * `monthly_rental`.
* Break-even. The first whole month m (1, 2, ...) at which the net cost of owning is no more than renting:
  buying has paid back when the buyer who sells the machine then is no worse off than a renter. Because the
  yearly rows are the same sum at m = 12, 24, 36, "buying is cheaper after y years" holds exactly when the
  break-even month is at most 12 y. If renting is no dearer per month than owning, or the month falls after
  the months compared (the useful life `OwnershipAssumptions.years`, at least the yearly rows' span), buying
  never pays back: None, with the reason.
* TCO over y years. Owning: the net cost of owning after 12 y months. Renting: monthly rental * 12 * y.

The rental match (`search_rentals` / `rental_for`) estimates the workload on each offer's GPU
type and count with the same estimator the solver uses; an offer qualifies when the job fits
its memory and it is at least as fast as the build (decode tokens/s per sequence for
inference, wall-clock hours for training). The cheapest qualifying hourly price wins.

For inference a second offer is kept beside it (`RentalSearch.enough`): the cheapest that fits and serves each user
what the request needs (its `min_decode_tps`, else reading speed, `rules.job.READING_TPS`), when that is a different,
cheaper offer than the as-fast one. A fast build matched as-fast with an 8-GPU node at 114 CNY/h "paid back after
1 month" while one 80 GB card at 5 CNY/h served the same 20 students above reading speed (round 21): the buyer
sees both break-evens, and the first says what it is against.

Pure Python: no Qt and no storage imports. `load_offers(path)` reads a cloud catalog file
directly; `catalog_offers(catalog)` reads the offers from a loaded catalog once "cloud" is a
catalog kind.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import CloudOffer, Currency, Gpu, HourlyPrice, ModelArch, Pricing, Record
from configurator.core.catalog.tax import on_service
from configurator.core.common.base import BaseModel, ConfigDict, Field, ValidationError
from configurator.core.common.errors import CatalogError, Problem
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, as_json, english, shown_tps
from configurator.core.common.shapes import CostOfOwnershipJson, RentalEnoughJson, RentalJson
from configurator.core.costs.api import (
    ApiUse,
    Demand,
    Stream,
    api_elsewhere,
    api_use,
    demand_source,
    demand_users,
    seat_streams_of,
    stream_of,
    users_of,
    yearly_demand,
)
from configurator.core.costs.need import (
    CONCURRENCY_SOURCE,
    SEAT_ARRIVALS_ESTIMATE,
    SeatStreams,
    concurrency_ratio,
    hours_to_serve,
    need_of,
    offered_load,
    seat_waits,
)
from configurator.core.estimate.estimator import GIB, estimate
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, BuildPart
from configurator.core.rules.base import Check, in_status_order, instance
from configurator.core.rules.job import READING_TPS, WAIT_SOURCE, Serving, Speed
from configurator.core.rules.watts import GPU_IDLE_SHARE

SERVE = instance(Serving)
"""The SERVE rule (rules.job.Serving): whether an inference build serves its users' demand (round 37)."""

CLOUD_KIND = "cloud"
"""Catalog kind (file stem and TOML array name) of cloud offers."""


RENTAL_PRICING: tuple[Pricing, ...] = ("on-demand", "marketplace")
"""Price tiers a like-for-like rental may use: spot can be interrupted, reserved needs a commitment."""

Market = Literal["any", "global", "china"]
"""Which offers a renter can use: all, all but mainland-China platforms, or only those."""


def rental_market(region: str) -> Market:
    """The offers a buyer in `region` can rent: the one rule the plan, the window and the sheet read.

    Region "china": mainland-China platforms only. A lab in China pays in CNY from a Chinese account through its
    purchasing office, and US instances of export-controlled cards (Lambda's 8 x H100) are not offered to it: Dr. Chen's
    builds had been weighed against Lambda's 8 x H100 SXM at 228.70 CNY/h (chen20). Elsewhere: all but those (they
    need a Chinese account)."""
    return "china" if region == "china" else "global"


_HEADER = re.compile(rf"^\s*\[\[\s*{CLOUD_KIND}\s*\]\]")


def load_offers(path: Path | str) -> list[CloudOffer]:
    """Read and validate a cloud catalog file (`[[cloud]]` records) directly.

    Raises CatalogError with file:line: field: message for every problem.
    """
    path = Path(path)
    name = str(path)
    try:
        from configurator.core.common.fileio import read_text_bounded, toml_error

        text = read_text_bounded(path, "catalog")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError([Problem(name, 1, "file", f"cannot read: {exc}")]) from None
    except RecursionError:
        raise CatalogError([Problem(name, 1, "toml", "nested too deeply to be a catalog file")]) from None
    except tomllib.TOMLDecodeError as exc:
        line, _column, message = toml_error(exc, text)
        raise CatalogError([Problem(name, line, "toml", f"syntax error: {message}")]) from exc
    headers = [n for n, line in enumerate(text.splitlines(), start=1) if _HEADER.match(line)]
    raw = data.get(CLOUD_KIND, [])
    if not isinstance(raw, list):
        raise CatalogError([Problem(name, 1, CLOUD_KIND, "must be an array of tables [[cloud]]")])
    offers: list[CloudOffer] = []
    problems: list[Problem] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw):
        line = headers[index] if index < len(headers) else 1
        try:
            offer = CloudOffer.model_validate(entry)
        except ValidationError as exc:
            for error in exc.errors():
                field = ".".join(str(p) for p in error["loc"]) or "record"
                problems.append(Problem(name, line, field, error["msg"]))
            continue
        if offer.id in seen:
            problems.append(Problem(name, line, "id", f"duplicate id {offer.id!r}"))
            continue
        seen.add(offer.id)
        offers.append(offer)
    if problems:
        raise CatalogError(problems)
    return offers


def catalog_offers(catalog: Catalog) -> list[CloudOffer]:
    """Cloud offers of a loaded catalog (empty until the loader knows the "cloud" kind)."""
    return [r for r in catalog.records.get(CLOUD_KIND, {}).values() if isinstance(r, CloudOffer)]


# ---------------------------------------------------------------------------------------
# Usage and ownership assumptions


class UsageProfile(BaseModel):
    """How the machine is used and what its electricity costs."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    hours_per_day: float = Field(default=8.0, ge=0, le=24, description="hours a day the machine is switched on")
    days_per_year: float = Field(default=250.0, ge=0, le=366)
    utilisation: float = Field(default=0.5, ge=0, le=1, description="share of the on-time at full load")
    idle_w: float | None = Field(
        default=None, ge=0, description="wall draw while on but idle; None: estimated from the build"
    )
    price_per_kwh: float = Field(gt=0)
    currency: Currency
    source: str = Field(min_length=3, description="where price_per_kwh comes from")
    estimate: str = Field(default="", description="why price_per_kwh is an estimate (empty: read from the source)")
    estimate_said: Reason | None = Field(
        default=None, description="`estimate` as a code (a preset's own words: tco.est-*); read while it says the same"
    )
    rent_busy_hours_only: bool = Field(
        default=False, description="a renter starts instances only for the busy hours instead of the whole on-time"
    )
    requests_per_day: float | None = Field(
        default=None,
        ge=0,
        le=1_000_000,
        description="inference: requests a user sends a day the machine is on, what a per-token API bills (costs.api); "
        "None: each user busy at the speed it needs (the speed asked, else reading speed) over the busy hours",
    )
    usage: Literal["chat", "coding-agent"] | None = Field(
        default=None,
        description="inference: a kind of user (costs.api.USAGES): its requests a day (unless requests_per_day is "
        "given) and its prompt and reply; None: by speed",
    )
    seats: int | None = Field(
        default=None,
        ge=1,
        le=100_000,
        description="inference: a team's seats, each sending the requests a day (or the usage's), served by fewer "
        "streams at once (need.seat_streams); None: the build's users are its streams",
    )
    dedicated_rental: bool = Field(
        default=False,
        description="inference: the rental is a dedicated endpoint kept on for every on-hour (or the busy ones with "
        "rent_busy_hours_only); False: billed for the hours a rented GPU needs to serve the demand (round 35)",
    )

    @property
    def active_hours_per_year(self) -> float:
        """The hours a year the users are at work (on-hours x utilisation): the busy hours of round 34's demand."""
        return self.on_hours_per_year * self.utilisation

    @property
    def on_hours_per_year(self) -> float:
        return self.hours_per_day * self.days_per_year

    @property
    def demand(self) -> Demand:
        """The buyer's demand a per-token API bills (costs.api.Demand): the same for every build of a plan."""
        return Demand(
            days_per_year=self.days_per_year, requests_per_day=self.requests_per_day, usage=self.usage, seats=self.seats
        )

    @property
    def rented_hours_per_year(self) -> float:
        return self.on_hours_per_year * (self.utilisation if self.rent_busy_hours_only else 1.0)

    def describe(self) -> str:
        return english(self.said())

    def said(self) -> Reason:
        """The profile as a code and fields (tco.usage): its hours, how busy, and the electricity price's source."""
        return Reason.of(
            "tco.usage",
            hours=self.hours_per_day,
            days=self.days_per_year,
            busy=self.utilisation,
            price=self.price_per_kwh,
            currency=self.currency,
            source=self.source,
            estimate=self.estimate,
            **said_while_same("estimate_said", self.estimate_said, self.estimate),
        )


DEFAULT_SCHEDULE = "8 h a day on 250 working days, busy half of that time (a workstation; change it for a 24/7 server)"


def said_while_same(name: str, said: Reason | None, text: str) -> dict[str, Reason]:
    """`{name: said}` while the code still says `text` (its English), else nothing: a field the buyer or a caller
    replaced with words of their own is shown as written."""
    return {name: said} if said is not None and english(said) == text else {}


_EIA_ESTIMATE = Reason.of(
    "tco.est-eia",
    price=0.17,
    currency="USD",
    year=2025,
    month=4,
    low=12.8,
    low_state="Missouri",
    high=32.3,
    high_state="Connecticut",
)
_CHINA_ESTIMATE = Reason.of("tco.est-china-tariff", price=0.6)

PRESETS: dict[str, UsageProfile] = {
    "us": UsageProfile(
        price_per_kwh=0.17,
        currency="USD",
        source="EIA Electric Power Monthly, Table 5.6.A (https://www.eia.gov/electricity/monthly/epm_table_grapher.php?t=table_5_06_a)",
        estimate=english(_EIA_ESTIMATE),
        estimate_said=_EIA_ESTIMATE,
    ),
    "eu": UsageProfile(
        price_per_kwh=0.2872,
        currency="EUR",
        source=(
            "Eurostat, household electricity prices 1st half 2025: EU average EUR 28.72 per 100 kWh "
            "incl. taxes (dataset nrg_pc_204, press release 29 Oct 2025)"
        ),
    ),
    "eu-business": UsageProfile(
        price_per_kwh=0.1902,
        currency="EUR",
        source=(
            "Eurostat, non-household electricity prices 1st half 2025: EU average EUR 19.02 per 100 kWh excluding "
            "VAT and other recoverable taxes (dataset nrg_pc_205; Statistics Explained, Electricity price statistics, "
            "data extracted October 2025): what a VAT-registered business pays, net"
        ),
    ),
    "china": UsageProfile(
        price_per_kwh=0.6,
        currency="CNY",
        source="commercial (一般工商业) tariff, order of magnitude",
        estimate=english(_CHINA_ESTIMATE),
        estimate_said=_CHINA_ESTIMATE,
    ),
}
"""Regional electricity presets (schedule: `DEFAULT_SCHEDULE`); override any field with model_copy."""


def preset(region: str, **overrides: Any) -> UsageProfile:
    """A regional preset with some fields replaced, e.g. preset("eu", hours_per_day=24)."""
    return PRESETS[region].model_copy(update=overrides)


DEFAULT_RESALE_FRACTION = 0.35
DEFAULT_RESALE_SAID = Reason.of("tco.resale-default", percent=35)
DEFAULT_RESALE_SOURCE = english(DEFAULT_RESALE_SAID)


SELLING_FEE = 0.1325
"""A marketplace's cut of a second-hand sale, on each item's price up to SELLING_FEE_TIER_USD: eBay US, most
categories, 13.25 % since 15 February 2023 (export.ebay.com, 2023 winter seller update, "Fees & financials"; still
13.25 % in closo.co's 2025 fee guide), payment processing included."""
SELLING_FEE_ABOVE = 0.0235
"""The same fee on the part of an item's price above SELLING_FEE_TIER_USD (eBay US, most categories, same update)."""
SELLING_FEE_TIER_USD = 7500.0
SELLING_FEE_SAID = Reason.of("tco.selling-fee", fee=13.25, tier=7500.0, above=2.35)
SELLING_FEE_SOURCE = english(SELLING_FEE_SAID)


class OwnershipAssumptions(BaseModel):
    """Depreciation, resale and upkeep of a bought machine."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    years: int = Field(default=3, ge=1, le=15, description="depreciation period, also the useful life for break-even")
    resale_fraction: float = Field(
        default=DEFAULT_RESALE_FRACTION, ge=0, le=1, description="resale value / purchase after `years`"
    )
    resale_source: str = Field(default=DEFAULT_RESALE_SOURCE, min_length=3)
    resale_said: Reason | None = Field(
        default=DEFAULT_RESALE_SAID, description="resale_source as a code (tco.resale-*)"
    )
    upkeep_per_year: float = Field(
        default=0.0, ge=0, description="repairs and spares per year, in the build's currency"
    )
    sold_used_fraction: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="what the parts fetch second-hand right after a one-off job / purchase (ownership_for sets it); "
        "None: the straight line from the purchase (value_after)",
    )
    sold_used_source: str = ""
    sold_used_said: Reason | None = None  # sold_used_source as a code (tco.sold-source)

    def resale_source_said(self) -> Reason | str:
        """The resale fraction's source as a code while it says resale_source, else its words as written."""
        return said_while_same("s", self.resale_said, self.resale_source).get("s", self.resale_source)

    def sold_note(self) -> Reason:
        """What the machine fetches sold right after a one-off job, and why (tco.sold-used)."""
        said = said_while_same("source_said", self.sold_used_said, self.sold_used_source)
        return Reason.of("tco.sold-used", source=self.sold_used_source, **said)

    def value_after(self, purchase: float, years: float) -> float:
        """Straight line from the purchase price to the resale value at `self.years`, flat after."""
        share = min(max(years, 0.0) / self.years, 1.0)
        return purchase * (1.0 - (1.0 - self.resale_fraction) * share)

    def resale_after_months(self, purchase: float, months: float) -> float:
        """What the machine fetches sold at the end of month `months`: the depreciation line (`value_after`), never
        more than the second-hand price with the marketplace's fee paid (`sold_used_fraction`, when known)."""
        value = self.value_after(purchase, months / 12.0)
        if self.sold_used_fraction is not None:
            value = min(value, purchase * self.sold_used_fraction)
        return value


def net_owning_cost(
    purchase: float, monthly_owning_cost: float, months: float, assumptions: OwnershipAssumptions | None
) -> float:
    """Owning for `months` and selling the machine then: purchase + running costs - resale (None: nothing resold).
    The one sum the break-even month, the yearly rows and the buy-or-rent chart read."""
    resale = 0.0 if assumptions is None else assumptions.resale_after_months(purchase, months)
    return purchase - resale + monthly_owning_cost * months


def _used_ratio(gpu: Gpu, currency: str, catalog: Catalog) -> float | None:
    """The card's catalog used price over its new price (at most 1), when it has both."""
    new, used = _amount(gpu, "new", currency, catalog), _amount(gpu, "used", currency, catalog)
    return min(used / new, 1.0) if new and used else None


def _generation_used_ratio(gpu: Gpu, currency: str, catalog: Catalog) -> float | None:
    """For a card with no used price yet: the median used / new of the catalog's cards of its architecture."""
    ratios = sorted(
        r
        for g in catalog.gpus
        if g.architecture == gpu.architecture
        and g.id != gpu.id
        and (r := _used_ratio(g, currency, catalog)) is not None
    )
    if not ratios:
        return None
    middle = len(ratios) // 2
    return ratios[middle] if len(ratios) % 2 else (ratios[middle - 1] + ratios[middle]) / 2


def _amount(record: Record, condition: str, currency: str, catalog: Catalog) -> float | None:
    """Newest catalog price of this condition, converted into `currency` if need be."""
    native = record.price(currency, condition)
    if native is not None:
        return native.amount
    for other in ("USD", "EUR", "CNY"):
        price = record.price(other, condition)
        if price is not None:
            try:
                return catalog.convert(price.amount, other, currency)
            except KeyError:
                continue
    return None


def _units(build: Build, part: BuildPart) -> int:
    """How many items of a line the whole build bought (each sold on its own)."""
    return max(1, (part.quantity - part.owned) * (build.nodes if part.scope == "node" else 1))


def _after_selling_fee(value: float, units: int, tier: float) -> float:
    """What `units` items worth `value` together bring in once the marketplace's fee on each is paid."""
    each = value / units
    fee = SELLING_FEE * min(each, tier) + SELLING_FEE_ABOVE * max(each - tier, 0.0)
    return units * (each - fee)


def ownership_for(build: Build, catalog: Catalog, base: OwnershipAssumptions | None = None) -> OwnershipAssumptions:
    """Assumptions with a resale fraction from the catalog where it has one.

    A GPU bought new whose catalog record also has a used price resells at used / new (capped
    at 1); every other part, and GPUs bought used, at `base.resale_fraction`. The result is the
    purchase-weighted blend.
    """
    base = base or OwnershipAssumptions()
    paid = [p for p in build.parts if p.subtotal > 0]
    total = sum(build.part_cost(p) for p in paid)
    if total <= 0:
        return base
    resale = sold = 0.0
    notes: list[Reason] = []
    try:
        tier = catalog.convert(SELLING_FEE_TIER_USD, "USD", build.currency)
    except KeyError:
        tier = SELLING_FEE_TIER_USD
    for part in paid:
        fraction = base.resale_fraction
        # sold second-hand right after a short job: a part bought used fetches the used price it cost; a card bought
        # new its catalog used price (or, without one, what its generation's cards fetch); other new parts lose what
        # they lose over the whole life (a floor)
        now = 1.0 if part.condition == "used" else base.resale_fraction
        record = catalog.records.get("gpus", {}).get(part.id) if part.category == "gpu" else None
        if isinstance(record, Gpu) and part.condition == "new":
            ratio = _used_ratio(record, build.currency, catalog)
            if ratio is not None:
                fraction = now = ratio
                notes.append(Reason.of("tco.resale-used-ratio", part=part.id, ratio=ratio))
            else:
                generation = _generation_used_ratio(record, build.currency, catalog)
                now = generation if generation is not None else now
        resale += build.part_cost(part) * fraction
        sold += _after_selling_fee(build.part_cost(part) * now, _units(build, part), tier)
    sold_fraction = sold / total
    other = base.resale_source_said()
    sold_said = Reason.of(
        "tco.sold-source", sold=sold_fraction, other=base.resale_fraction, other_source=other, fee=SELLING_FEE_SAID
    )
    update: dict[str, object] = {
        "sold_used_fraction": sold_fraction,
        "sold_used_source": english(sold_said),
        "sold_used_said": sold_said,
    }
    if notes:
        blended = resale / total
        blend = Reason.of(
            "tco.resale-blend", blended=blended, notes=tuple(notes), other=base.resale_fraction, other_source=other
        )
        update.update({"resale_fraction": blended, "resale_source": english(blend), "resale_said": blend})
    return base.model_copy(update=update)


# ---------------------------------------------------------------------------------------
# Energy


def energy_kwh_per_year(wall_w: float, idle_w: float, profile: UsageProfile, busy_hours: float | None = None) -> float:
    """(wall_w x busy hours + idle_w x (on-hours - busy hours)) / 1000. `busy_hours`: the hours a year at full load
    (served_hours: an inference build's, what it takes to serve the demand); None: on-hours x utilisation."""
    on = profile.on_hours_per_year
    busy = profile.active_hours_per_year if busy_hours is None else min(max(busy_hours, 0.0), on)
    return (wall_w * busy + idle_w * (on - busy)) / 1000.0


def energy_cost_per_year(wall_w: float, idle_w: float, profile: UsageProfile, busy_hours: float | None = None) -> float:
    """Yearly electricity cost in the profile's currency: energy_kwh_per_year x price_per_kwh.

    `wall_w` is the full-load draw at the wall, `idle_w` the draw while switched on but idle;
    the machine draws nothing while switched off.
    """
    return energy_kwh_per_year(wall_w, idle_w, profile, busy_hours) * profile.price_per_kwh


class Served(BaseModel):
    """An inference build's year as its users use it (round 35): the output tokens they ask for (costs.api's
    yearly_demand, the same for every build of a plan) and the hours the build is at work answering them at its own
    speed (need.hours_to_serve: while any request is being answered), within the hours the users are at work; idle
    the rest of its on-hours. At work it draws its load draw (`Power.decode_wall_w`, else `wall_w`): a batch only
    partly filled draws somewhat less, so the energy leans high, never low."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    demand_tokens: float
    users: int
    tokens_per_s: float  # decode per user, the build's own estimate
    active_hours: float  # the hours a year the users are at work (UsageProfile.active_hours_per_year)
    busy_hours: float  # at work answering the demand (need.hours_to_serve), at most active_hours
    # round 36: each request's prefill counted in the busy hours (costs.api.Stream: the prompt, the part the engine
    # has cached, the reply, the build's rates)
    stream: Stream | None = None

    @property
    def served_tps(self) -> float:
        """Output tokens a second a stream makes once each request's prefill is counted (Stream.tps)."""
        return self.tokens_per_s if self.stream is None else self.stream.tps()

    # round 37: the streams the build serves at once (its --batch; 0: `users`), the days the hours are spread over,
    # and what each user needs (the need's speed and where the demand comes from: "reading", "asked" or "stated")
    streams: int = 0
    days: float = 0.0
    need_tps: float = READING_TPS
    basis: str = "reading"

    @property
    def judged_tps(self) -> float:
        """The rate SERVE judges the demand at: the served rate with prefill for a stated demand (requests a day are
        tokens to make) and for several users; one user's demand by speed at its decode (it reads as it decodes, its
        prompt's prefill a first-token wait: SERVE.reading_rate)."""
        if self.basis == "stated":
            return self.served_tps
        rate = SERVE.reading_rate(self.tokens_per_s, self.served_tps, self.streams or self.users)
        # round 48: a demand of the speed asked is met as the target is (Speed.meets, at the shown digits): Mina's
        # 3090 + A5000 shown at 13.0 tokens/s had met her 13 and warned it served 99 % of the same 13
        return shown_tps(rate) if self.basis == "asked" else rate

    @property
    def capacity_tokens(self) -> float:
        """Output tokens a year the build makes in the users' hours: its streams at the judged rate (SERVE)."""
        return SERVE.capacity(self.streams or self.users, self.judged_tps, self.active_hours)

    @property
    def capped(self) -> bool:
        """Whether the build is too slow to make the demand in the users' hours (works them all, makes what it can):
        the SERVE rule (round 37: its streams at the served rate, not every seat at once)."""
        return not SERVE.serves(self.capacity_tokens, self.demand_tokens)

    # wait41: a team's seats (0: no team sized) and the share of their requests that wait over SERVE.wait_s for a free
    # stream at this build's served rate (need.seat_waits; None when no team's arrivals are sized)
    seats: int = 0
    waits: float | None = None

    @property
    def queued(self) -> bool:
        """Whether the build makes the demand but keeps over SERVE.wait_share of the team's requests waiting (wait41)."""
        return not self.capped and SERVE.queues(self.waits)

    @property
    def serving(self) -> bool:
        """Whether the build serves its users' demand (SERVE.serves: the tokens, and a team's requests not queueing):
        the costs' `serves_demand`, which "cheapest serving the demand" reads."""
        return SERVE.serves(self.capacity_tokens, self.demand_tokens, self.waits)

    def short(self) -> Check | None:
        """SERVE's warning when the build cannot serve the demand (round 37), else None; wait41: when it makes the
        tokens but a team's requests queue past the wait target (SERVE.queued)."""
        if self.queued and self.waits is not None:
            return SERVE.queued(
                waits=self.waits, seats=self.seats, streams=self.streams or self.users, served=self.served_tps
            )
        if not self.capped:
            return None
        return SERVE.short(
            demand=self.demand_tokens,
            capacity=self.capacity_tokens,
            days=self.days,
            hours=self.active_hours,
            streams=self.streams or self.users,
            served=self.judged_tps,
            tps=self.tokens_per_s,
            prefill_s=0.0 if self.stream is None else self.stream.prefill_s(),
            need=self.need_tps,
            basis=self.basis,
        )


def served_hours(build: Build, profile: UsageProfile, model: ModelArch | None = None) -> Served | None:
    """The hours a year an inference build works at full load to serve its users' demand (Served); None for a training
    build or one with no decode estimate, whose busy hours are the profile's (on-hours x utilisation). Round 36: each
    request's reply and the prefill of its uncached prompt (its attention at the prompt's length read from `model`;
    without it, the estimate's prefill rate as it is, a floor)."""
    tps = build.estimate.decode_tokens_per_s
    if build.estimate.workload.get("kind") != "inference" or tps is None or tps <= 0:
        return None
    active = profile.active_hours_per_year
    demand = yearly_demand(build, active, profile.demand)
    users = demand_users(build, profile.demand)
    stream = stream_of(build, profile.demand, model)
    need = need_of(build)
    served = Served(
        demand_tokens=demand,
        users=users,
        tokens_per_s=tps,
        active_hours=active,
        busy_hours=0.0,
        stream=stream,
        streams=users_of(build),
        days=profile.days_per_year,
        need_tps=need.tps,
        basis="stated" if profile.demand.requests is not None else "asked" if need.asked else "reading",
    )
    busy = hours_to_serve(demand, users, served.served_tps, active)
    waits = team_waits(build, profile, served.served_tps, served.streams or None)
    return served.model_copy(
        update={"busy_hours": busy, "seats": (profile.seats or 0) if waits is not None else 0, "waits": waits}
    )


def team_waits(build: Build, profile: UsageProfile, served_tps: float, streams: int | None) -> float | None:
    """The share of a team's requests that wait over SERVE.wait_s for one of the build's `streams` at its own served
    rate (wait41, need.seat_waits on seat_streams_of's arrivals): what tco.seats says as `served_waits` and SERVE
    reads; None without a team's seats and stated (or usage) requests, or without a served rate."""
    if not profile.seats or profile.demand.requests is None or served_tps <= 0:
        return None
    sized = _team_sized(build, profile)
    if sized.hours <= 0:
        return None
    load, service = offered_load(profile.seats, sized.requests, sized.hours, sized.reply, served_tps)
    return seat_waits(profile.seats, streams or sized.streams, load, service)


def _team_sized(build: Build, profile: UsageProfile) -> SeatStreams:
    """A team's streams as tco.seats sizes them (need.seat_streams over the users' busy hours)."""
    return seat_streams_of(
        profile.seats or 0,
        profile.demand,
        profile.hours_per_day * profile.utilisation,
        build.estimate.workload,
        need_of(build).tps,
    )


IDLE_SHARES = (GPU_IDLE_SHARE, 0.25, 0.5)
"""Idle draw as a share of full-load DC power for GPUs, CPUs and the rest (estimate: GPUs idle at
roughly 5-10 % of their TDP, desktop and server CPUs at a quarter, fans, drives and memory about half)."""


class Idle(BaseModel):
    """A build's idle draw at the wall and what it rests on (round 36): a ready-made system's own measured idle
    (Apple's power pages), else its cards' measured loaded idle (`Gpu.idle_w`) where the catalog has it and the
    IDLE_SHARES estimate for the rest."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    wall_w: float
    measured_gpu_w: float = 0.0  # DC: the cards whose idle is measured
    measured: tuple[str, ...] = ()  # the parts (ids) whose idle is measured, or marked estimates from a measurement
    system: bool = False  # the whole system's wall figure (no share estimated)
    estimates: tuple[str, ...] = ()  # why a figure used is a marked estimate (the record's estimates.idle_w), if so


def _idle_w(part: BuildPart) -> float | None:
    """A part's measured idle draw from its catalog record (Gpu.idle_w, System.idle_w), None where not measured."""
    idle = part.spec.get("idle_w")
    return None if idle is None else float(idle)


def idle_of(build: Build) -> Idle:
    """Wall draw of the whole build while switched on but idle (Idle)."""
    systems = [p for p in build.parts if p.category == "system" and _idle_w(p) is not None]
    if systems:
        wall = sum((_idle_w(p) or 0.0) * p.quantity for p in systems) * build.nodes
        return Idle(wall_w=wall, measured=tuple(p.id for p in systems), system=True, estimates=_idle_estimates(systems))
    pw = build.power
    efficiency = pw.dc_load_w / pw.wall_w if pw.wall_w > 0 and pw.dc_load_w > 0 else 0.9
    gpu, cpu, rest = IDLE_SHARES
    cards = [p for p in build.parts if p.category == "gpu"]
    measured = [p for p in cards if _idle_w(p) is not None]
    count = sum(p.quantity for p in cards)
    # the measured cards at their own idle, the others at the share of their part of the cards' sustained draw
    measured_w = sum((_idle_w(p) or 0.0) * p.quantity for p in measured)
    others = count - sum(p.quantity for p in measured)
    gpu_idle = measured_w + (gpu * pw.gpu_w * others / count if count else gpu * pw.gpu_w)
    dc_idle = gpu_idle + cpu * pw.cpu_w + rest * pw.rest_w
    return Idle(
        wall_w=dc_idle / efficiency * build.nodes,
        measured_gpu_w=measured_w,
        measured=tuple(p.id for p in measured),
        estimates=_idle_estimates(measured),
    )


def _idle_estimates(parts: list[BuildPart]) -> tuple[str, ...]:
    """The reasons the parts' idle figures are marked estimates (a record's `estimates.idle_w`), if any."""
    said = (p.spec.get("estimates") or {} for p in parts)
    return tuple(str(e["idle_w"]) for e in said if isinstance(e, dict) and e.get("idle_w"))


def estimate_idle_w(build: Build) -> float:
    """Wall draw of the whole build while switched on but idle (idle_of: measured where the catalog has it)."""
    return idle_of(build).wall_w


# ---------------------------------------------------------------------------------------
# Renting the same work


class RentalMatch(BaseModel):
    """The cheapest cloud offer that does the build's work at least as fast."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    offer: CloudOffer
    hourly: float = Field(description="per hour for all `instances` together, in `currency`")
    instances: int = 1
    currency: str
    pricing: str
    price: HourlyPrice
    converted: bool
    decode_tokens_per_s: float | None = None
    prefill_tokens_per_s: float | None = None  # round 36: the rented GPUs' prompt rate (their estimate)
    aggregate_tokens_per_s: float | None = None
    wall_hours: float | None = None
    gpu_hours: float | None = None
    per_gpu_gib: float = 0.0
    build_decode_tokens_per_s: float | None = None
    build_wall_hours: float | None = None
    tokens_per_hour: float | None = (
        None  # training without a token count: matched by throughput instead of the job's hours
    )
    build_tokens_per_hour: float | None = None
    resharded: bool = False  # training: run sharded (ZeRO-3) and recomputed, where the build's settings do not fit
    vat_pct: float = 0.0  # round 42: the buyer's VAT in `hourly` (tax.on_service: an EU consumer's; 0 reverse-charged)

    @property
    def price_is_estimate(self) -> bool:
        return self.offer.price_is_estimate

    def describe(self) -> str:
        return english(self.said())

    def said(self) -> Reason:
        """The offer as a code and fields (tco.offer): its name, price tier, hourly price, date and source."""
        o = self.offer
        # the offer's name mostly says its provider and GPUs already ("RunPod 1x A100 PCIe 80 GB"): repeated, the
        # line read "RunPod 1x A100 PCIe 80 GB (RunPod, 1 x a100-80gb-pcie)" (walk8); only what the name leaves out
        missing = [o.provider] if o.provider.split(" (")[0] not in o.name else []
        if f"{o.gpu_count}x" not in o.name.replace(" x", "x"):
            missing.append(f"{o.gpu_count} x {o.gpu}")
        return Reason.of(
            "tco.offer",
            instances=self.instances,
            name=o.name,
            missing=tuple(missing),
            hourly=self.hourly,
            currency=self.currency,
            pricing=self.pricing,
            date=self.price.date.isoformat(),
            source=self.price.source,
            converted_amount=self.price.amount if self.converted else None,
            converted_currency=self.price.currency if self.converted else None,
            estimate=str(o.estimates["prices"]) if self.price_is_estimate else None,
            vat_pct=self.vat_pct or None,
        )

    def to_json(self) -> RentalJson:
        return {
            "offer_id": self.offer.id,
            "name": self.offer.name,
            "provider": self.offer.provider,
            "gpu": self.offer.gpu,
            "gpu_count": self.offer.gpu_count,
            "instances": self.instances,
            "hourly": round(self.hourly, 4),
            "currency": self.currency,
            "pricing": self.pricing,
            "price_date": self.price.date.isoformat(),
            "price_source": self.price.source,
            "price_is_estimate": self.price_is_estimate,
            "decode_tokens_per_s": _round(self.decode_tokens_per_s),
            "prefill_tokens_per_s": _round(self.prefill_tokens_per_s),
            "wall_hours": _round(self.wall_hours),
            "tokens_per_hour": _round(self.tokens_per_hour),
            # an addition (walk10): the job sharded with ZeRO-3 and recomputed on the rental, unlike the build
            "resharded": self.resharded,
            # an addition (round 42): the buyer's VAT share in `hourly` (an EU consumer's rate; 0 reverse-charged)
            "vat_pct": self.vat_pct,
        }


class RentalSearch(BaseModel):
    """The outcome of looking for a rental: the match, or why there is none."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    match: RentalMatch | None
    reason: str  # `said` in English
    said: Reason | None = None  # why (or why none) as a code and fields (rental.*)
    rejected: tuple[tuple[str, str], ...] = ()
    considered: int = 0
    build_tokens_per_hour: float | None = None  # training without a token count: the build's own throughput
    # inference: the cheapest offer whose decode per user reaches `need_tps` (the speed asked, else reading speed),
    # when it is another offer than `match` and cheaper by the hour (None: `match` is it, or none serves the need)
    enough: RentalMatch | None = None
    need_tps: float | None = None
    users: int = 1  # sequences served at once, as the build serves them


THROUGHPUT_PROBE_TOKENS = 1e9
"""Training tokens a build with no token count is timed on, to read its throughput (and each offer's): every training
time of the estimator and the cluster planner is proportional to the tokens (FLOPs per token x tokens, or steps x step
time), so the tokens per hour do not depend on this count."""


RENTAL_TIME_SLACK = 0.05
"""A training rental up to 5 % slower than the build does the same job: the same GPUs on another fabric
(AWS's EFA against InfiniBand) differ by a fraction of a percent, and the comparison shows both times."""


_SHORT_OF = ("fit", "speed", "deadline", "price", "gpu", "cluster")
"""Why offers fall short (rental.short-*), in the order the reason lists them."""


def _unmatched(said: Reason) -> RentalSearch:
    """No rental searched: why, as a code and in English."""
    return RentalSearch(match=None, reason=english(said), said=said)


def _instances(offer: CloudOffer, nodes: int, build_gpus: int, training: bool) -> int | str:
    """How many instances rent the build (a cluster: as many as its GPUs need, joined by RDMA), or why none can."""
    if nodes <= 1:
        return 1
    if not offer.network_gbps_per_gpu or not training:
        return (
            "not offered as a cluster (no RDMA fabric between instances in the catalog)"
            if training
            else "cluster inference rentals are not matched"
        )
    return math.ceil(build_gpus / offer.gpu_count)


OfferCache = dict[tuple[str, int, int, str, float, bool], EstimateResult]
"""Offer estimates by GPU, GPUs per instance, instances, fabric and its speed, and whether they are laid out as the
cluster planner lays out a server's training job (_offer_estimate)."""


def _offer_estimate(
    cache: OfferCache,
    offer: CloudOffer,
    gpu: Gpu,
    instances: int,
    model: ModelArch,
    workload: Workload,
    exact_weight_bytes: int | None,
    laid_out: bool = False,
) -> EstimateResult:
    """The job on the offer's GPUs (and fabric, for several instances), once per kind of offer. `laid_out`: the build's
    own time is the cluster planner's layout (a ready-made server's, `Build.parallelism` with a micro-batch), so one
    instance is timed by the same planner: 8 x H100 SXM rented had been 8.6 h by estimate() against the same 8 x H100
    SXM bought at 8.2 h by plan_estimate(), 'slower than the build' past RENTAL_TIME_SLACK (expert13)."""
    fabric = "RoCE" if offer.provider == "AWS" else "InfiniBand"  # EFA is Ethernet-based RDMA
    # the fabric is part of the key: the same GPUs over RoCE and over InfiniBand train at different speeds
    key = (gpu.id, offer.gpu_count, instances, fabric, offer.network_gbps_per_gpu or 0.0, laid_out)
    if key not in cache:
        if instances > 1 or laid_out:
            # estimate.parallel where a layout is planned: a plan of single machines never imports it (#34)
            from configurator.core.estimate.parallel import inter_node_link, plan_estimate
        if instances > 1:
            link = inter_node_link(offer.network_gbps_per_gpu or 0, fabric)
            _plan, cache[key] = plan_estimate(
                model, workload, gpu, instances, offer.gpu_count, link, exact_weight_bytes
            )
        elif laid_out:
            _plan, cache[key] = plan_estimate(model, workload, gpu, 1, offer.gpu_count, None, exact_weight_bytes)
        else:
            # the same offers are matched against every build of a plan (and every cell of a map)
            # (the shipped constants: a plan is never estimated with others)
            cache[key] = remember(
                "rental_estimate",
                (id(model), workload, id(gpu), offer.gpu_count, exact_weight_bytes),
                (model, gpu),
                lambda: estimate(model, workload, gpu, offer.gpu_count, exact_weight_bytes=exact_weight_bytes),
            )
    return cache[key]


def _slower(
    est: EstimateResult,
    training: bool,
    by_throughput: bool,
    own_wall: float | None,
    own_decode: float | None,
    deadline: float | None = None,
) -> str | None:
    """Why an offer is slower than the build (training: wall hours within RENTAL_TIME_SLACK, or within the job's
    deadline when one was asked; inference: decode tokens/s per sequence), or None when it is not."""
    if training:
        hours = f"slower: {_fmt(est.wall_hours)} h against the build's {_fmt(own_wall)} h"
        if est.wall_hours is None or own_wall is None:
            return hours
        limit = own_wall * (1 + RENTAL_TIME_SLACK)
        if deadline is not None and not by_throughput:
            # a job with a deadline is done by whatever finishes within it: a renter who has 168 h does not pay for
            # an 84 h machine (walk10: a 1B pretrain's 8 x H100 rental had been "slower than the build")
            limit = max(limit, deadline * (1 + 1e-9))
        if est.wall_hours > limit:
            if by_throughput:
                return f"slower: {_rate(est.wall_hours)} against the build's {_rate(own_wall)}"
            if deadline is not None:
                return f"past the deadline: {_fmt(est.wall_hours)} h against {_fmt(deadline)} h"
            return hours
        return None
    if est.decode_tokens_per_s is None or own_decode is None or est.decode_tokens_per_s < own_decode * (1 - 1e-9):
        return f"slower: {_fmt(est.decode_tokens_per_s)} tokens/s against the build's {_fmt(own_decode)}"
    return None


def _measure(
    best: RentalMatch, training: bool, by_throughput: bool, own_wall: float | None, own_decode: float | None
) -> Reason:
    """How the chosen offer runs the job against the build, in the measure the match was made on (rental.runs-*)."""
    if by_throughput:
        rate = _per_hour(THROUGHPUT_PROBE_TOKENS / (best.tokens_per_hour or 1))
        return Reason.of("rental.runs-rate", rate=rate, own=_per_hour(own_wall))
    if training:
        return Reason.of("rental.runs-hours", hours=best.wall_hours, own=own_wall)
    return Reason.of("rental.runs-decode", tps=best.decode_tokens_per_s, own=own_decode)


def _as_the_build_runs_it(build: Build, workload: Workload) -> Workload:
    """The job rented as the build runs it: training with the ZeRO stage and recomputation the solver chose, not the
    request's; inference on the weights, engine and KV cache the build serves with (a request left on "auto" resolves to
    llama.cpp, while the solver may have run vLLM with tensor parallel; matched on llama.cpp, every offer was
    "slower than the build")."""
    chosen = build.estimate.workload
    if workload.kind != "inference":
        return workload.model_copy(
            update={
                "zero": int(chosen.get("zero", workload.zero) or 0),
                "grad_checkpointing": bool(chosen.get("grad_checkpointing", workload.grad_checkpointing)),
            }
        )
    # the weights' precision too: a request without --precision is served at whatever the solver chose (FP8 for
    # Qwen2.5-32B on one 80 GB card), and offers timed at bf16 did not hold it, so the only "match" left was an
    # 8-GPU node (walk16: 1 x A800 80GB against Lambda's 8 x A100 40GB at 114 CNY/h, "break-even month 1")
    served = {
        "engine": chosen.get("engine"),
        "kv_precision": chosen.get("kv_precision"),
        "precision": chosen.get("precision"),
    }
    return workload.model_copy(update={k: v for k, v in served.items() if v is not None})


def _as_a_renter_runs_it(workload: Workload, gpus: int) -> Workload | None:
    """A training job as a renter runs it on an offer that cannot hold it as the build does: the model states sharded
    over the offer's GPUs (ZeRO-3, FSDP's full shard) and the activations recomputed; None for inference, or when
    that is how the build runs it already."""
    if workload.kind == "inference":
        return None
    update = {"zero": 3 if gpus > 1 else workload.zero, "grad_checkpointing": True}
    if all(getattr(workload, k) == v for k, v in update.items()):
        return None
    return workload.model_copy(update=update)


def deadline_of(build: Build) -> float | None:
    """The training deadline the build was checked against (the PERF rule's finding), or None."""
    for check in build.checks:
        deadline = check.fields.get("deadline") if check.rule == Speed.id else None
        if isinstance(deadline, int | float) and not isinstance(deadline, bool):
            return float(deadline)
    return None


def _nothing_to_match(
    offers: list[CloudOffer],
    market: Market,
    training: bool,
    own_wall: float | None,
    own_decode: float | None,
    workload: Workload,
) -> Reason | None:
    """Why no offer can be matched at all (none loaded, or no figure of the build's to match), or None."""
    if not offers:
        return Reason.of("rental.no-offers", market="" if market == "any" else market)
    if training and own_wall is None and workload.tokens is not None:
        return Reason.of("rental.no-time")
    if not training and own_decode is None:
        return Reason.of("rental.no-decode")
    return None


def _match(
    offer: CloudOffer,
    priced: tuple[float, HourlyPrice, bool],
    instances: int,
    est: EstimateResult,
    build: Build,
    by_throughput: bool,
    own_wall: float | None,
    own_rate: float | None,
) -> RentalMatch:
    """An offer that fits and keeps up, at its cheapest allowed price for all the instances it takes."""
    amount, price, converted = priced
    return RentalMatch(
        vat_pct=round(on_service(build.tax_basis) * 100, 1),
        offer=offer,
        hourly=amount * instances,
        instances=instances,
        currency=build.currency,
        pricing=price.pricing,
        price=price,
        converted=converted,
        decode_tokens_per_s=est.decode_tokens_per_s,
        prefill_tokens_per_s=est.prefill_tokens_per_s,
        aggregate_tokens_per_s=est.aggregate_tokens_per_s,
        wall_hours=None if by_throughput else est.wall_hours,
        gpu_hours=None if by_throughput else est.gpu_hours,
        per_gpu_gib=est.per_gpu_bytes / GIB,
        build_decode_tokens_per_s=build.estimate.decode_tokens_per_s,
        build_wall_hours=None if by_throughput else own_wall,
        tokens_per_hour=THROUGHPUT_PROBE_TOKENS / est.wall_hours if by_throughput and est.wall_hours else None,
        build_tokens_per_hour=own_rate,
    )


def search_rentals(
    build: Build,
    offers: Iterable[CloudOffer],
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    pricing: Sequence[str] = RENTAL_PRICING,
    exact_weight_bytes: int | None = None,
    market: Market = "any",
) -> RentalSearch:
    """Look for the cheapest single instance that fits the job and is at least as fast as the build.

    Inference compares decode tokens/s per sequence; training compares wall-clock hours (within RENTAL_TIME_SLACK).
    Prices are the newest of each allowed tier, converted into the build's currency. `market` "global" leaves out
    offers in mainland China (region "China"), "china" keeps only those (they usually need a Chinese account)."""
    offers = [o for o in offers if market == "any" or (o.region.lower() == "china") == (market == "china")]
    training = workload.kind != "inference"
    own_decode = build.estimate.decode_tokens_per_s
    own_wall = build.estimate.wall_hours
    if (unmatched := _nothing_to_match(offers, market, training, own_wall, own_decode, workload)) is not None:
        return _unmatched(unmatched)
    caches: tuple[OfferCache, OfferCache] = ({}, {})  # the build's own settings, and as a renter shards them
    rejected: list[tuple[str, str]] = []
    best: RentalMatch | None = None
    counts = {"gpu": 0, "fit": 0, "speed": 0, "deadline": 0, "price": 0, "cluster": 0}
    deadline = deadline_of(build) if training and workload.tokens is not None else None
    workload = _as_the_build_runs_it(build, workload)
    laid_out = training and build.parallelism is not None and "micro_batch" in build.parallelism
    # no token count asked: per token, even where the planner timed a reference job to rank the builds (issue #27)
    by_throughput = training and (own_wall is None or workload.tokens is None)
    own_rate: float | None = None
    if by_throughput:
        # no token count (a fine-tuning dataset of unknown size): no job to time, but a rate to compare. The build and
        # every offer are timed on the same probe count, and the offer must train at least as many tokens an hour
        own_wall = _probe_wall_hours(build, catalog, model, exact_weight_bytes)
        if own_wall is None or own_wall <= 0:
            return _unmatched(Reason.of("rental.no-throughput"))
        own_rate = THROUGHPUT_PROBE_TOKENS / own_wall
        workload = workload.model_copy(update={"tokens": THROUGHPUT_PROBE_TOKENS})
    # inference: what the users need (the speed asked, else reading speed), and the cheapest offer that serves it
    need = None if training else need_of(build).tps
    enough: RentalMatch | None = None
    for offer in offers:
        gpu = catalog.records.get("gpus", {}).get(offer.gpu)
        if not isinstance(gpu, Gpu):
            rejected.append((offer.id, f"GPU id {offer.gpu!r} is not in the catalog"))
            counts["gpu"] += 1
            continue
        instances = _instances(offer, build.nodes, build.gpu_count * build.nodes, training)
        if isinstance(instances, str):
            rejected.append((offer.id, instances))
            counts["cluster"] += 1
            continue
        est, resharded = _renter_estimate(caches, offer, gpu, instances, model, workload, exact_weight_bytes, laid_out)
        if not est.fits:
            rejected.append((offer.id, _unfit(est)))
            counts["fit"] += 1
            continue
        priced = _cheapest_price(offer, catalog, build.currency, pricing, on_service(build.tax_basis))
        if need is not None and priced is not None and (est.decode_tokens_per_s or 0.0) >= need * (1 - 1e-9):
            served = _match(offer, priced, instances, est, build, by_throughput, own_wall, own_rate)
            if enough is None or _rank(served) < _rank(enough):
                enough = served
        slower = _slower(est, training, by_throughput, own_wall, own_decode, deadline)
        if slower is not None:
            rejected.append((offer.id, slower))
            counts["deadline" if slower.startswith("past the deadline") else "speed"] += 1
            continue
        if priced is None:
            rejected.append((offer.id, f"no {'/'.join(pricing)} price convertible to {build.currency}"))
            counts["price"] += 1
            continue
        candidate = _match(offer, priced, instances, est, build, by_throughput, own_wall, own_rate)
        if resharded:
            candidate = candidate.model_copy(update={"resharded": True})
        if best is None or _rank(candidate) < _rank(best):
            best = candidate
    measure = _measure(best, training, by_throughput, own_wall, own_decode) if best is not None else None
    searched = _searched(best, measure, len(offers), rejected, counts, own_rate, market)
    return _with_enough(searched, enough, need, build)


def _with_enough(searched: RentalSearch, enough: RentalMatch | None, need: float | None, build: Build) -> RentalSearch:
    """The search with the cheapest offer that serves the need beside its as-fast match, when that is another offer
    and cheaper by the hour (or no offer is as fast)."""
    best = searched.match
    if enough is None or (best is not None and (enough.offer.id == best.offer.id or enough.hourly >= best.hourly)):
        return searched
    users = build.estimate.workload.get("batch")
    return searched.model_copy(
        update={
            "enough": enough,
            "need_tps": need,
            "users": users if isinstance(users, int) and not isinstance(users, bool) and users > 0 else 1,
        }
    )


def _unfit(est: EstimateResult) -> str:
    peak = est.peak_gpu
    return f"does not fit: {peak.total / GIB:.1f} GiB needed per GPU of {(peak.usable_bytes or 0) / GIB:.1f} GiB"


def _searched(
    best: RentalMatch | None,
    measure: Reason | None,
    considered: int,
    rejected: list[tuple[str, str]],
    counts: dict[str, int],
    own_rate: float | None,
    market: Market = "any",
) -> RentalSearch:
    """The search's outcome: the cheapest match and how it qualified, or how many offers fell short of what. The
    offers of a China-only search are said to be in China: "none of 4 cloud offers" had read as none anywhere."""
    where = {"market": market} if market == "china" else {}
    if best is not None and measure is not None:
        qualifying = considered - len(rejected)
        said = Reason.of("rental.cheapest", qualifying=qualifying, resharded=best.resharded, runs=measure, **where)
    else:
        short = tuple(Reason.of(f"rental.short-{k}", n=counts[k]) for k in _SHORT_OF if counts[k])
        said = Reason.of("rental.none", considered=considered, short=short, **where)
    return RentalSearch(
        match=best,
        reason=english(said),
        said=said,
        rejected=tuple(rejected),
        considered=considered,
        build_tokens_per_hour=own_rate,
    )


def _renter_estimate(
    caches: tuple[OfferCache, OfferCache],
    offer: CloudOffer,
    gpu: Gpu,
    instances: int,
    model: ModelArch,
    workload: Workload,
    exact_weight_bytes: int | None,
    laid_out: bool = False,
) -> tuple[EstimateResult, bool]:
    """The offer's estimate with the build's settings, else sharded as a renter runs it; and whether it was resharded.

    The build's own settings (a 288 GB B300 trains a 7B without ZeRO or recomputation) are not the renter's: on 80 GB
    cards the same job runs sharded and recomputed (walk10: "30 cannot hold the job" for a 7B)."""
    plain, sharded_cache = caches
    est = _offer_estimate(plain, offer, gpu, instances, model, workload, exact_weight_bytes, laid_out)
    if not est.fits and (sharded := _as_a_renter_runs_it(workload, offer.gpu_count * instances)) is not None:
        again = _offer_estimate(sharded_cache, offer, gpu, instances, model, sharded, exact_weight_bytes, laid_out)
        if again.fits:
            return again, True
    return est, False


def _per_hour(probe_hours: float | None) -> float | None:
    """Training throughput in millions of tokens an hour, from the hours THROUGHPUT_PROBE_TOKENS take (None: none)."""
    return None if not probe_hours else THROUGHPUT_PROBE_TOKENS / probe_hours / 1e6


def _rate(probe_hours: float | None) -> str:
    """Training throughput in words, from the hours THROUGHPUT_PROBE_TOKENS take."""
    per_hour = _per_hour(probe_hours)
    return "?" if per_hour is None else f"{per_hour:,.2f}M tokens/h"


def _probe_wall_hours(build: Build, catalog: Catalog, model: ModelArch, exact_weight_bytes: int | None) -> float | None:
    """The build's wall hours for THROUGHPUT_PROBE_TOKENS, run as the build runs the job: its own time scaled to the
    probe (every training time is proportional to its tokens), which carries what a re-estimate from the GPU alone
    would drop: the build's slots (plan.build_links: 8 x RTX PRO 5000 in a PCIe 3.0 server gather their ZeRO-3 weights
    at 3.0, 32.8 h per 100 M tokens, not the 12.9 h of x16 PCIe 5.0) and its power limit. Without a token count: the
    estimate's own resolved workload on its GPUs; a server or cluster under the planner's layout."""
    tokens = build.estimate.workload.get("tokens") or build.estimate.reference_tokens
    if tokens and build.estimate.wall_hours:
        return build.estimate.wall_hours * THROUGHPUT_PROBE_TOKENS / float(tokens)
    gpu = catalog.records.get("gpus", {}).get(build.gpu_id)
    if not isinstance(gpu, Gpu):
        return None
    wl = Workload.model_validate({**build.estimate.workload, "tokens": THROUGHPUT_PROBE_TOKENS})
    if build.parallelism is not None and "micro_batch" in build.parallelism:  # the cluster planner's training layout
        from configurator.core.estimate.parallel import inter_node_link, plan_estimate

        inter = None
        if build.nodes > 1:
            system = next((p for p in build.parts if p.category == "system"), None)
            gbps = float((system.spec if system else {}).get("network_gbps_per_gpu") or 0)
            if not gbps:
                return None
            inter = inter_node_link(gbps)
        _plan, est = plan_estimate(model, wl, gpu, build.nodes, build.gpu_count, inter, exact_weight_bytes)
    else:
        est = estimate(model, wl, gpu, build.gpu_count * build.nodes, exact_weight_bytes=exact_weight_bytes)
    return est.wall_hours if est.fits is not False else None


def rental_for(
    build: Build,
    offers: Iterable[CloudOffer],
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    pricing: Sequence[str] = RENTAL_PRICING,
    exact_weight_bytes: int | None = None,
    market: Market = "any",
) -> RentalMatch | None:
    """The cheapest offer that does the same work, or None (`search_rentals` gives the reason)."""
    return search_rentals(build, offers, catalog, model, workload, pricing, exact_weight_bytes, market).match


def _rank(match: RentalMatch) -> tuple[float, float]:
    """Inference: the lowest hourly price (the instance runs the hours the machine serves), then the fastest.
    Training: the lowest price of the work (the job's hours x the hourly price, or the price per token), then the
    fastest: a renter pays for the hours the job takes, not for an hour (an 8 x A100 at 114 CNY/h doing in 28 h what
    an H100 at 17/h does in 90 cost twice as much and had been matched as the cheaper)."""
    faster = match.tokens_per_hour if match.tokens_per_hour is not None else match.decode_tokens_per_s
    speed = -(faster or 0.0) if match.wall_hours is None else match.wall_hours
    if match.wall_hours is not None and match.build_wall_hours is not None:
        return (match.hourly * match.wall_hours, speed)
    if match.tokens_per_hour:
        return (match.hourly / match.tokens_per_hour, speed)
    return (match.hourly, speed)


def _cheapest_price(
    offer: CloudOffer, catalog: Catalog, currency: str, pricing: Sequence[str], vat: float = 0.0
) -> tuple[float, HourlyPrice, bool] | None:
    """The offer's cheapest hourly price of the `pricing` tiers in `currency`, with the VAT share `vat` the buyer pays
    on it (tax.on_service): on the purchase's tax basis, an EU consumer pays VAT on a rental, a VAT-registered lab none
    (reverse charge)."""
    best: tuple[float, HourlyPrice, bool] | None = None
    for tier in pricing:
        price = offer.hourly(tier, currency) or offer.hourly(tier)
        if price is None:
            continue
        converted = price.currency != currency
        try:
            amount = catalog.convert(price.amount, price.currency, currency) if converted else price.amount
        except KeyError:
            continue
        amount *= 1 + vat
        if best is None or amount < best[0]:
            best = (amount, price, converted)
    return best


# ---------------------------------------------------------------------------------------
# Break-even and total cost of ownership


def break_even_month(
    purchase: float,
    monthly_owning_cost: float,
    monthly_rental: float,
    horizon_months: int | None = None,
    assumptions: OwnershipAssumptions | None = None,
) -> int | None:
    """First whole month m with net_owning_cost(m) <= m * rental (the machine sold then, at
    `assumptions.resale_after_months`; None: nothing resold); None when that never happens.

    None when renting is no dearer per month than owning, or when m lies beyond
    `horizon_months` (the months compared). A purchase of 0 pays back at month 0.
    """
    if purchase <= 0:
        return 0 if monthly_rental >= monthly_owning_cost else None
    saving = monthly_rental - monthly_owning_cost
    if saving <= 0:
        return None
    # the resale changes month by month only while the machine depreciates; after that it is flat and the month
    # has a closed form
    moving = 0 if assumptions is None else assumptions.years * 12
    last = moving if horizon_months is None else min(moving, horizon_months)
    for month in range(1, last + 1):
        if net_owning_cost(purchase, monthly_owning_cost, month, assumptions) <= month * monthly_rental + 1e-9:
            return month
    flat = purchase - (0.0 if assumptions is None else assumptions.resale_after_months(purchase, moving))
    month = max(last + 1, math.ceil(flat / saving - 1e-9))
    if horizon_months is not None and month > horizon_months:
        return None
    return month


def break_even_said(
    purchase: float,
    monthly_owning_cost: float,
    monthly_rental: float,
    horizon_months: int | None,
    currency: str,
    assumptions: OwnershipAssumptions | None = None,
    *,
    against: Reason | None = None,
    per_token: bool = False,
) -> Reason:
    """`break_even_month`'s answer as a code and fields (tco.pays-back, tco.never-cheaper, tco.never-within); `resale`
    is what the machine fetches sold in the month named (0: nothing resold). `against`: the rental it is reckoned
    against (tco.as-fast), said where a cheaper rental also serves the need: "pays back after 1 month" against an
    8-GPU node read as a verdict on buying at all."""
    month = break_even_month(purchase, monthly_owning_cost, monthly_rental, horizon_months, assumptions)
    saving = monthly_rental - monthly_owning_cost
    resale = lambda m: 0.0 if assumptions is None else assumptions.resale_after_months(purchase, m)
    said: dict[str, Any] = {} if against is None else {"against": against}
    if per_token:  # against an API's per-token bill (costs.api), not a rental: "less than paying per token"
        said["per_token"] = True
    if month is not None:
        return Reason.of(
            "tco.pays-back",
            months=month,
            purchase=purchase,
            saving=saving,
            currency=currency,
            resale=resale(month),
            **said,
        )
    if saving <= 0:
        return Reason.of(
            "tco.never-cheaper", owning=monthly_owning_cost, rental=monthly_rental, currency=currency, **said
        )
    months = break_even_month(purchase, monthly_owning_cost, monthly_rental, None, assumptions) or 0
    return Reason.of(
        "tco.never-within",
        horizon=horizon_months,
        purchase=purchase,
        saving=saving,
        currency=currency,
        months=months,
        resale=resale(months),
        **said,
    )


def break_even_reason(
    purchase: float,
    monthly_owning_cost: float,
    monthly_rental: float,
    horizon_months: int | None,
    currency: str,
    assumptions: OwnershipAssumptions | None = None,
) -> str:
    """A sentence for `break_even_month`'s answer."""
    return english(
        break_even_said(purchase, monthly_owning_cost, monthly_rental, horizon_months, currency, assumptions)
    )


class TcoRow(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    years: int
    owning: float = Field(description="purchase - resale value + energy + upkeep")
    renting: float | None
    energy: float
    upkeep: float
    depreciation: float = Field(description="purchase - resale value after `years`")
    resale_value: float
    cheaper: Literal["own", "rent"] | None
    # inference with a cheaper rental that serves the need (CostOfOwnership.enough): renting that instead, and which
    # is cheaper against it; "buying is cheaper" against the as-fast rental alone had stood under "never pays back"
    # against the one that serves the users (walk18)
    renting_enough: float | None = None
    cheaper_enough: Literal["own", "rent"] | None = None
    # inference with an API price for the model (costs.api): its bill for the same tokens over `years`
    api: float | None = None
    cheaper_api: Literal["own", "rent"] | None = None


class JobComparison(BaseModel):
    """One training job: the build's own time and energy against renting it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    gpu_hours: float | None
    own_wall_hours: float | None
    own_energy_kwh: float | None = Field(description="full-load wall draw x the build's wall hours")
    own_energy_cost: float | None
    own_cost_with_depreciation: float | None = Field(
        description="energy plus the job's share of depreciation: (purchase - resale) / on-hours of the useful life x wall hours"
    )
    rental_wall_hours: float | None
    rental_cost: float | None
    rental_offer: str | None
    own_net_cost: float | None = Field(
        default=None,
        description="a one-off job bought: purchase + the job's energy - what the parts fetch second-hand "
        "right after it (OwnershipAssumptions.sold_used_fraction)",
    )
    headline: str = ""


class ThroughputComparison(BaseModel):
    """Training with no token count: the cost of a million training tokens bought against rented, from each one's
    tokens per hour and cost per hour of training."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    own_tokens_per_hour: float
    own_cost_per_hour: float | None = Field(
        description="full-load energy + depreciation and upkeep per on-hour of the useful life, per hour of training"
    )
    own_energy_per_hour: float
    own_depreciation_per_hour: float | None
    own_cost_per_million_tokens: float | None
    rental_tokens_per_hour: float | None
    rental_cost_per_hour: float | None
    rental_cost_per_million_tokens: float | None
    rental_offer: str | None
    cheaper: Literal["own", "rent"] | None
    headline: str
    said: Reason | None = None  # the headline as a code and fields (tco.per-token*): the window and sheet say it


class RentalEnough(BaseModel):
    """Inference: the cheapest rental that serves every user the speed needed (RentalSearch.enough), and buying
    against it: a second break-even beside the as-fast one."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    match: RentalMatch
    need_tokens_per_s: float = Field(description="decode per user needed: the speed asked, else reading speed")
    users: int
    monthly_rental_equivalent: float
    break_even_month: int | None
    break_even_said: Reason
    said: Reason  # the whole line (tco.enough): the offer, its speed, its month and the break-even against it

    def to_json(self) -> RentalEnoughJson:
        return {
            "offer": self.match.to_json(),
            "need_tokens_per_s": self.need_tokens_per_s,
            "decode_tokens_per_s": _round(self.match.decode_tokens_per_s),
            "users": self.users,
            "monthly_rental_equivalent": round(self.monthly_rental_equivalent, 2),
            "break_even_month": self.break_even_month,
            "break_even_reason": english(self.break_even_said),
            "break_even_said": as_json(self.break_even_said),
            "reason": english(self.said),
            "said": as_json(self.said),
        }


class CostOfOwnership(BaseModel):
    """Buy versus rent for one build; every figure in `currency`."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    currency: str
    purchase: float
    wall_w: float
    idle_w: float
    yearly_energy_kwh: float
    yearly_energy: float
    monthly_owning_cost: float
    rental: RentalMatch | None
    rental_reason: str  # `rental_said` in English
    monthly_rental_equivalent: float | None
    break_even_month: int | None
    break_even_reason: str
    rows: tuple[TcoRow, ...]
    break_even_said: Reason | None = None  # break_even_reason as a code and fields (tco.*)
    rental_said: Reason | None = None  # rental_reason as a code and fields (rental.*; not in the JSON)
    job: JobComparison | None = None
    throughput: ThroughputComparison | None = None
    assumptions: tuple[str, ...]  # the English of assumptions_said
    assumptions_said: tuple[Reason, ...] = ()  # what the figures rest on, as codes and fields (tco.*)
    ownership: OwnershipAssumptions | None = None  # the resale curve the break-even and the rows read
    enough: RentalEnough | None = None  # inference: the cheapest rental that serves the need, when not `rental`
    api: ApiUse | None = None  # inference: the same model's tokens bought per token from a hosted API (costs.api)
    api_break_even_month: int | None = None
    api_break_even_said: Reason | None = None
    # the break-even above is against the API: whenever one serves the buyer's market (round 33: one rule for every build
    # of a plan; the as-fast rental, whose price grows with the build's speed, stays in the yearly rows)
    against_api: bool = False
    # why no API is weighed though the model has prices: none serves the buyer's market (costs.api.api_elsewhere)
    api_elsewhere: Reason | None = None
    # round 35, inference: the hours its users' demand keeps the build busy (energy), and the hours the rental is billed
    served: Served | None = None
    rented_hours: float | None = None
    dedicated_rental: bool = False
    on_hours: float = 0.0  # the hours a year the machine is switched on (UsageProfile.on_hours_per_year)
    short: Check | None = None  # round 37: SERVE's warning when the build cannot serve its users' demand

    def to_json(self) -> CostOfOwnershipJson:
        """The three contract keys plus extras.

        Contract: yearly_energy (float), monthly_rental_equivalent (float | None),
        break_even_month (int | None).
        Extras: currency; purchase; yearly_energy_kwh; monthly_owning_cost (energy + upkeep per
        month); break_even_reason (why, or why never); rental (the matched offer, or None) and
        rental_reason; tco (per year count: owning, renting, cheaper); job (training only: own
        wall hours and energy against the rental's hours and cost); throughput (training with no
        token count: cost per million training tokens bought against rented); assumptions (strings
        with their sources).
        """
        data: CostOfOwnershipJson = {
            "yearly_energy": round(self.yearly_energy, 2),
            "monthly_rental_equivalent": None
            if self.monthly_rental_equivalent is None
            else round(self.monthly_rental_equivalent, 2),
            "break_even_month": self.break_even_month,
            "currency": self.currency,
            "purchase": round(self.purchase, 2),
            "yearly_energy_kwh": round(self.yearly_energy_kwh, 1),
            "monthly_owning_cost": round(self.monthly_owning_cost, 2),
            "break_even_reason": self.break_even_reason,
            "rental": self.rental.to_json() if self.rental else None,
            "rental_reason": self.rental_reason,
            "tco": [
                {
                    "years": r.years,
                    "owning": round(r.owning, 2),
                    "renting": None if r.renting is None else round(r.renting, 2),
                    "cheaper": r.cheaper,
                    "resale_value": round(r.resale_value, 2),
                    # additions (round 22): against the rental that serves the need, when there is one
                    "renting_enough": None if r.renting_enough is None else round(r.renting_enough, 2),
                    "cheaper_enough": r.cheaper_enough,
                    # additions (round 31): against the model's per-token API bill, when there is a price
                    "api": None if r.api is None else round(r.api, 2),
                    "cheaper_api": r.cheaper_api,
                }
                for r in self.rows
            ],
            "job": None
            if self.job is None
            else {k: _round(v) if isinstance(v, float) else v for k, v in self.job.model_dump().items()},
            "throughput": None
            if self.throughput is None
            else {
                k: _round(v) if isinstance(v, float) else v
                for k, v in self.throughput.model_dump(exclude={"said"}).items()
            },
            "assumptions": list(self.assumptions),
            # an addition (#33): break_even_reason as {code, fields}
            "break_even_said": as_json(self.break_even_said) if self.break_even_said is not None else None,
            # an addition (#33): the assumptions as {code, fields}, one each
            "assumption_codes": [as_json(a) for a in self.assumptions_said],
            # an addition (walk13): rental_reason as {code, fields} when no offer matched
            "rental_reason_said": as_json(self.rental_said) if self.rental_said is not None else None,
            # an addition (walk13): throughput's headline as {code, fields}, for the sheet's and window's language
            "throughput_said": as_json(self.throughput.said)
            if self.throughput is not None and self.throughput.said is not None
            else None,
            # an addition (round 21): the cheapest rental that serves the need, when another and cheaper than `rental`
            "rental_enough": None if self.enough is None else self.enough.to_json(),
            # an addition (round 31): the same model per token at a hosted API, and buying against it
            "api_alternative": None if self.api is None else self._api_json(),
            # an addition (round 32): owning net of resale at each month 0..12 x the rows' last year, the chart's own
            # line (the sheet draws it from here: the resale curve is not in the JSON)
            "owning_by_month": [round(v, 2) for v in self.cumulative_costs(self.chart_months)[0]],
            # an addition (round 32): why no per-token API is weighed (its prices serve another market), or None
            "api_other_market": None if self.api_elsewhere is None else as_json(self.api_elsewhere),
        }
        return self._with_hours(data)

    def _with_hours(self, data: CostOfOwnershipJson) -> CostOfOwnershipJson:
        """Additions (round 35): the hours the energy and the rental are reckoned on (served_hours,
        rented_hours_per_year); the served figures are null for training (the profile's utilisation)."""
        served = self.served
        data["busy_hours_per_year"] = None if served is None else round(served.busy_hours, 2)
        data["active_hours_per_year"] = None if served is None else round(served.active_hours, 2)
        data["on_hours_per_year"] = round(self.on_hours, 2)
        data["served_users"] = None if served is None else served.users
        data["demand_output_tokens_per_year"] = None if served is None else round(served.demand_tokens)
        data["wall_w"] = round(self.wall_w, 1)
        data["idle_w"] = round(self.idle_w, 1)
        data["rented_hours_per_year"] = None if self.rented_hours is None else round(self.rented_hours, 2)
        data["rental_billing"] = _billing_basis(self.rental, served, self.dedicated_rental)
        # round 36 additions: each request's prefill in the busy hours (the prompt, the part the engine has cached,
        # the reply, the seconds its uncached part takes at the build's prefill rate, the rate a stream serves at)
        stream = None if served is None else served.stream
        data["prompt_tokens_per_request"] = None if stream is None else stream.prompt.tokens
        data["cached_prompt_tokens_per_request"] = None if stream is None else stream.prompt.cached
        data["reply_tokens_per_request"] = None if stream is None else stream.prompt.reply
        data["prefill_seconds_per_request"] = None if stream is None else round(stream.prefill_s(), 4)
        data["prefill_attention_scale"] = None if stream is None else round(stream.scale, 6)
        # round 40 addition: the usage's own prompt when the request's context caps it (null when it is not capped)
        data["prompt_capped_from_tokens"] = None if stream is None else stream.capped_from
        data["served_tokens_per_s"] = None if served is None else round(served.served_tps, 4)
        # round 37 additions: whether the build serves its users' demand (SERVE: its streams at the served rate over
        # the users' hours), what it makes a year, and the warning when it does not (no payback is reckoned then)
        data["serves_demand"] = None if served is None else served.serving
        data["served_streams"] = None if served is None else served.streams or served.users
        data["demand_basis"] = None if served is None else served.basis
        data["capacity_output_tokens_per_year"] = None if served is None else round(served.capacity_tokens)
        data["demand_short"] = None if self.short is None else dict(self.short.to_json())
        return data

    @property
    def chart_months(self) -> int:
        """The months the buy-or-rent chart spans: the rows' last year (36 without rows)."""
        return 12 * max((r.years for r in self.rows), default=3)

    def api_named(self) -> tuple[str, str] | None:
        """The per-token provider and its price's date when the break-even is reckoned against it, else None."""
        if not self.against_api or self.api is None:
            return None
        return self.api.price.provider, self.api.price.date.isoformat()

    def _api_json(self) -> dict[str, Any]:
        assert self.api is not None
        return {
            **self.api.to_json(),
            "break_even_month": self.api_break_even_month,
            "break_even_reason": None if self.api_break_even_said is None else english(self.api_break_even_said),
            "break_even_said": None if self.api_break_even_said is None else as_json(self.api_break_even_said),
            "headline": self.against_api,  # break_even_month above is reckoned against this API bill
        }

    def cumulative_costs(self, months: int) -> tuple[list[float], list[float]]:
        """What each month 0..months has cost: owning net of selling the machine then (`net_owning_cost`, the
        break-even's sum: the lines cross at `break_even_month`) and renting. The renting list is empty when there
        is no rental."""
        owning = [
            net_owning_cost(self.purchase, self.monthly_owning_cost, m, self.ownership) for m in range(months + 1)
        ]
        if self.monthly_rental_equivalent is None:
            return owning, []
        return owning, [self.monthly_rental_equivalent * m for m in range(months + 1)]

    def cumulative_api(self, months: int) -> list[float]:
        """What paying per token for the same tokens (costs.api) has cost by each month 0..months: empty unless the
        break-even is reckoned against it (`against_api`), the line the chart then draws instead of the rental's."""
        if not self.against_api or self.api is None:
            return []
        return [self.api.monthly * m for m in range(months + 1)]

    def cumulative_enough(self, months: int) -> list[float]:
        """What renting the offer that serves the need has cost by each month 0..months (empty without one)."""
        if self.enough is None:
            return []
        return [self.enough.monthly_rental_equivalent * m for m in range(months + 1)]


class CostCurves:
    """The buy-or-rent chart's lines read back from a build's cost JSON (`CostOfOwnership.to_json`), for a sheet printed
    from a saved plan, which has no CostOfOwnership: the same methods the chart reads (`of` gives None for JSON from
    before round 32, which has no `owning_by_month`)."""

    def __init__(self, costs: Mapping[str, Any], owning: list[float]) -> None:
        self.currency = str(costs.get("currency", ""))
        self.purchase: float | None = costs.get("purchase")
        self.break_even_month: int | None = costs.get("break_even_month")
        self._owning = owning
        self._rental: float | None = costs.get("monthly_rental_equivalent")
        enough = costs.get("rental_enough") or {}
        self._enough: float | None = enough.get("monthly_rental_equivalent")
        api = costs.get("api_alternative") or {}
        self._api: dict[str, Any] = api if api.get("headline") else {}

    @classmethod
    def of(cls, costs: Mapping[str, Any] | None) -> CostCurves | None:
        owning = (costs or {}).get("owning_by_month")
        return cls(costs, [float(v) for v in owning]) if costs and owning else None

    @property
    def chart_months(self) -> int:
        return len(self._owning) - 1

    def cumulative_costs(self, months: int) -> tuple[list[float], list[float]]:
        owning = self._owning[: months + 1]
        return owning, [] if self._rental is None else [self._rental * m for m in range(len(owning))]

    def cumulative_api(self, months: int) -> list[float]:
        return [] if not self._api else [self._api["monthly"] * m for m in range(min(months, self.chart_months) + 1)]

    def cumulative_enough(self, months: int) -> list[float]:
        return [] if self._enough is None else [self._enough * m for m in range(min(months, self.chart_months) + 1)]

    def api_named(self) -> tuple[str, str] | None:
        return (str(self._api["provider"]), str(self._api["price_date"])) if self._api else None


def _electricity_rate(profile: UsageProfile, currency: str, catalog: Catalog | None) -> tuple[float, list[Reason]]:
    """The factor from the profile's electricity currency to the build's, and the note that says so."""
    if profile.currency == currency:
        return 1.0, []
    if catalog is None:
        raise ValueError(
            f"electricity is priced in {profile.currency}, the build in {currency}: pass the catalog to convert"
        )
    rate = catalog.convert(1.0, profile.currency, currency)
    return rate, [
        Reason.of(
            "tco.converted",
            of=profile.currency,
            to=currency,
            rate=rate,
            source=catalog.exchange_rates_source or "",
            date=catalog.exchange_rates_date or "",
        )
    ]


def _why_none(rental: RentalMatch | RentalSearch | None) -> dict[str, Reason]:
    """Why no offer matched, as a code beside the English `why` of tco.rental-none and tco.no-rental (none: as before)."""
    if isinstance(rental, RentalSearch) and rental.match is None and rental.said is not None:
        return {"why_said": rental.said}
    return {}


def _rental_of(
    rental: RentalMatch | RentalSearch | None,
) -> tuple[RentalMatch | None, str, Reason | None, float | None]:
    """The matched offer, why (or why none) in English and as a code, and the build's own tokens per hour for a
    throughput comparison."""
    if isinstance(rental, RentalSearch):
        return rental.match, rental.reason, rental.said, rental.build_tokens_per_hour
    said = Reason.of("rental.given" if isinstance(rental, RentalMatch) else "rental.not-given")
    if isinstance(rental, RentalMatch):
        return rental, english(said), said, rental.build_tokens_per_hour
    return None, english(said), said, None


def _yearly_rows(
    purchase: float,
    yearly_energy: float,
    monthly_owning: float,
    monthly_rental: float | None,
    assumptions: OwnershipAssumptions,
    years: Sequence[int],
    monthly_enough: float | None = None,
    monthly_api: float | None = None,
) -> list[TcoRow]:
    """Owning (depreciation, energy, upkeep) against renting, after each of `years`: net_owning_cost at 12 y months,
    on the same monthly owning cost as the break-even (tco's); against the rental that serves the need too, when
    there is one (`monthly_enough`)."""

    def against(monthly: float | None, owning: float, y: int) -> tuple[float | None, Literal["own", "rent"] | None]:
        renting = None if monthly is None else monthly * 12.0 * y
        return renting, None if renting is None else ("own" if owning <= renting else "rent")

    rows: list[TcoRow] = []
    for y in years:
        value = assumptions.resale_after_months(purchase, 12 * y)
        energy = yearly_energy * y
        upkeep = assumptions.upkeep_per_year * y
        owning = net_owning_cost(purchase, monthly_owning, 12 * y, assumptions)
        renting, cheaper = against(monthly_rental, owning, y)
        renting_enough, cheaper_enough = against(monthly_enough, owning, y)
        api, cheaper_api = against(monthly_api, owning, y)
        rows.append(
            TcoRow(
                years=y,
                owning=owning,
                renting=renting,
                energy=energy,
                upkeep=upkeep,
                depreciation=purchase - value,
                resale_value=value,
                cheaper=cheaper,
                renting_enough=renting_enough,
                cheaper_enough=cheaper_enough,
                api=api,
                cheaper_api=cheaper_api,
            )
        )
    return rows


def _job_comparison(
    build: Build,
    match: RentalMatch | None,
    rental_reason: str,
    wall: float,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions,
    rate: float,
) -> JobComparison:
    """A one-off training job bought (and sold second-hand when it ends) against the same job rented."""
    purchase, currency = build.total_price, build.currency
    own_hours = build.estimate.wall_hours
    own_kwh = None if own_hours is None else wall * own_hours / 1000.0
    own_cost = None if own_kwh is None else own_kwh * profile.price_per_kwh * rate
    dep_per_hour = depreciation_per_on_hour(purchase, profile, assumptions)
    with_dep = (
        None if own_cost is None or own_hours is None or dep_per_hour is None else own_cost + dep_per_hour * own_hours
    )
    rent_hours = match.wall_hours if match else None
    rental_cost = None if match is None or rent_hours is None else match.hourly * rent_hours
    net = None
    resold = 0.0
    if own_cost is not None and own_hours is not None:
        # bought for this one job and sold when it ends: second-hand, whatever its hours (a machine bought new and
        # sold a fortnight later fetches a used price, not 99 % of what it cost along a three-year line)
        resold = (
            purchase * assumptions.sold_used_fraction
            if assumptions.sold_used_fraction is not None
            else assumptions.value_after(purchase, own_hours / 8760)
        )
        net = purchase + own_cost - resold
    if own_hours is None:
        headline = "no training time estimated: give the number of tokens"
    elif rental_cost is None or rent_hours is None:
        headline = (
            f"bought: {net:,.0f} {currency} for the job ({purchase:,.0f} purchase + {own_cost or 0:,.0f} energy "
            f"- {resold:,.0f} resold second-hand), {own_hours:,.0f} h; no rental to compare ({rental_reason})"
        )
    else:
        winner = "renting" if rental_cost < (net or 0) else "buying"
        headline = (
            f"one-off job: rented {rental_cost:,.0f} {currency} in {rent_hours:,.0f} h against bought {net:,.0f} "
            f"{currency} ({purchase:,.0f} purchase + {own_cost or 0:,.0f} energy - {resold:,.0f} resold "
            "second-hand after the job) in "
            f"{own_hours:,.0f} h: {winner} is cheaper; for recurring work see the break-even"
        )
    return JobComparison(
        gpu_hours=build.estimate.gpu_hours,
        own_wall_hours=own_hours,
        own_energy_kwh=own_kwh,
        own_energy_cost=own_cost,
        own_cost_with_depreciation=with_dep,
        rental_wall_hours=rent_hours,
        rental_cost=rental_cost,
        rental_offer=match.offer.id if match else None,
        own_net_cost=net,
        headline=headline,
    )


def _work_ratio(match: RentalMatch | None) -> float | None:
    """Training: the rental's hours for the work the build does in one hour (its time over the build's for the same
    tokens); None for inference, whose rental serves the hours the machine is on."""
    if match is None:
        return None
    if match.wall_hours and match.build_wall_hours:
        return match.wall_hours / match.build_wall_hours
    if match.tokens_per_hour and match.build_tokens_per_hour:
        return match.build_tokens_per_hour / match.tokens_per_hour
    return None


def rented_hours_per_year(profile: UsageProfile, match: RentalMatch | None, served: Served | None = None) -> float:
    """The hours a year the matched rental is billed for the buyer's work. Inference with the users' demand
    (`served`, round 35): the hours the rented GPUs need to make that demand at their own speed for the same users
    (need.hours_to_serve, billed while serving: a per-second pod or serverless endpoint started for the work), unless
    the buyer keeps a dedicated endpoint (`dedicated_rental`): the profile's (every on-hour, or the busy ones). Training: what the build trains in its busy hours, on the rental: busy hours x the rental's
    time over the build's for the same tokens (a renter pays for the hours the job takes: an A100 that trains 15x
    faster than two P40s is rented a fifteenth of the time; billed for every on-hour it had made the P40s "pay back
    after 11 months" beside a cost per token four times the rental's, walk10)."""
    ratio = _work_ratio(match)
    if ratio is None:
        if served is not None and match is not None and not profile.dedicated_rental:
            # round 36: the rented GPUs prefill the same uncached prompts at their own rate
            rate = (
                match.decode_tokens_per_s
                if served.stream is None or match.decode_tokens_per_s is None
                else served.stream.tps(match.decode_tokens_per_s, match.prefill_tokens_per_s or 0.0)
            )
            return hours_to_serve(served.demand_tokens, served.users, rate, served.active_hours)
        return profile.rented_hours_per_year
    return profile.on_hours_per_year * profile.utilisation * ratio


def _billing_basis(match: RentalMatch | None, served: Served | None, dedicated: bool) -> str | None:
    """How the rental is billed, as a word (the JSON's rental_billing): "serving" (the hours the demand takes on it),
    "dedicated" (an endpoint kept on), "work" (training's hours for the same tokens); None without a rental."""
    if match is None:
        return None
    if _work_ratio(match) is not None:
        return "work"
    return "serving" if served is not None and not dedicated else "dedicated"


def _billed(profile: UsageProfile, match: RentalMatch | None, served: Served | None = None) -> Reason:
    """How the rental is billed, as a code: every on-hour, the busy hours, the hours of the same training work, or
    the hours it needs to serve the users' demand (round 35)."""
    ratio = _work_ratio(match)
    if ratio is not None:
        busy = profile.on_hours_per_year * profile.utilisation
        return Reason.of("tco.billed-work", busy=busy, ratio=ratio, hours=busy * ratio)
    if served is not None and match is not None and not profile.dedicated_rental:
        hours = rented_hours_per_year(profile, match, served)
        tps = match.decode_tokens_per_s or 0.0
        return Reason.of("tco.billed-serving", hours=hours, users=served.users, tps=tps, active=served.active_hours)
    return Reason.of("tco.billed-busy" if profile.rent_busy_hours_only else "tco.billed-on")


def _basis_notes(
    build: Build,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions,
    wall: float,
    idle: float,
    match: RentalMatch | None = None,
    served: Served | None = None,
) -> list[Reason]:
    """What the figures rest on: the energy formula, the profile, the busy hours served, idle draw, purchase,
    depreciation, upkeep, billing."""
    purchase, currency = build.total_price, build.currency
    busy = [] if served is None else [_served_said(served, profile)]
    if served is not None and profile.seats and profile.demand.requests is not None:
        sized = _team_sized(build, profile)
        busy.append(seats_said(profile.seats, profile.usage, sized, served.served_tps, served.streams or None))
    return [
        # one machine says no node count: "(1 node(s))" read as a cluster's word on a home build's sheet (walk8)
        (
            Reason.of("tco.energy", wall=wall, nodes=build.nodes)
            if build.power.decode_wall_w is None
            else Reason.of("tco.energy", wall=wall, nodes=build.nodes, full=build.power.wall_w)
        ),
        profile.said(),
        *busy,
        (Reason.of("tco.idle-given", idle=idle) if profile.idle_w is not None else _idle_said(build, idle)),
        Reason.of("tco.purchase", purchase=purchase, currency=currency),
        Reason.of(
            "tco.depreciation",
            years=assumptions.years,
            resale=assumptions.resale_fraction,
            source=assumptions.resale_source,
            **said_while_same("source_said", assumptions.resale_said, assumptions.resale_source),
        ),
        Reason.of("tco.upkeep", upkeep=assumptions.upkeep_per_year, currency=currency),
        _billed(profile, match, served),
        Reason.of("tco.break-even-basis"),
    ]


def seats_said(
    seats: int,
    usage: str | None = None,
    sized: SeatStreams | None = None,
    served_tps: float | None = None,
    streams: int | None = None,
) -> Reason:
    """A team's seats and the streams they need at once (tco.seats, round 35), and why (round 41): `sized`
    (need.seat_streams: a chat team's from its own arrivals by Erlang C, a coding agent's from Anthropic's Claude Code
    table; default: the usage's requests over the default profile's busy hours at reading speed). With the build's
    served rate a stream (`served_tps`, each request's prefill counted) and its `streams`, the share of requests that
    would wait over Serving.wait_s on it: the check of the figure at this build's own speed. `borrowed` stays (the
    JSON's key) and is false: no figure is borrowed from another kind of user since round 41."""
    profile_hours = (
        UsageProfile.model_fields["hours_per_day"].default * UsageProfile.model_fields["utilisation"].default
    )
    sized = sized or seat_streams_of(seats, Demand(days_per_year=250.0, usage=usage), profile_hours, {})
    table = sized.method == "table"
    extra: dict[str, float] = {}
    if served_tps is not None and served_tps > 0 and sized.hours > 0:
        load, service = offered_load(seats, sized.requests, sized.hours, sized.reply, served_tps)
        extra = {
            "served_tps": served_tps,
            "served_load": load,
            "served_waits": seat_waits(seats, streams or sized.streams, load, service),
        }
    return Reason.of(
        "tco.seats",
        seats=seats,
        streams=sized.streams,
        ratio=concurrency_ratio(seats) if table else sized.streams / seats,
        source=CONCURRENCY_SOURCE if table else WAIT_SOURCE,
        borrowed=False,
        method=sized.method,
        load=sized.load,
        service_s=sized.service_s,
        waits=sized.waits,
        wait_s=SERVE.wait_s,
        wait_share=SERVE.wait_share,
        requests=sized.requests,
        hours=sized.hours,
        reply=sized.reply,
        tps=sized.tps,
        asked=sized.tps != READING_TPS,
        estimate="" if table else SEAT_ARRIVALS_ESTIMATE,
        **extra,
    )


def _idle_said(build: Build, idle: float) -> Reason:
    """Where the idle draw comes from (round 36): a system's measured wall figure (tco.idle-system), the cards'
    measured loaded idle with the rest estimated (tco.idle-measured), or all estimated (tco.idle-estimated)."""
    how = idle_of(build)
    shares = {"gpu": IDLE_SHARES[0], "cpu": IDLE_SHARES[1], "other": IDLE_SHARES[2]}
    parts, estimate = ", ".join(how.measured), "; ".join(how.estimates)
    if how.system:
        return Reason.of("tco.idle-system", idle=idle, parts=parts, estimate=estimate)
    if how.measured:
        return Reason.of(
            "tco.idle-measured", idle=idle, cards=how.measured_gpu_w, parts=parts, estimate=estimate, **shares
        )
    return Reason.of("tco.idle-estimated", idle=idle, **shares)


def _served_said(served: Served, profile: UsageProfile) -> Reason:
    """The busy hours an inference build's energy is reckoned on (tco.busy-served): its users' demand at its speed."""
    return Reason.of(
        "tco.busy-served",
        hours=served.busy_hours,
        demand_m=served.demand_tokens / 1e6,
        users=served.users,
        tps=served.tokens_per_s,
        active=served.active_hours,
        idle_hours=profile.on_hours_per_year - served.busy_hours,
        capped=served.capped,
        # round 36: each request's prefill of the prompt part the engine has not cached
        **(
            {}
            if served.stream is None
            else {
                "prompt": served.stream.prompt.tokens,
                "cached": served.stream.prompt.cached,
                "reply": served.stream.prompt.reply,
                "prefill_s": served.stream.prefill_s(),
                # round 40: the usage's own prompt when the context caps it
                **({} if served.stream.capped_from is None else {"capped_from": served.stream.capped_from}),
            }
        ),
    )


def _rental_notes(
    match: RentalMatch | None, rental_reason: str, why_none: dict[str, Reason], enough: RentalEnough | None = None
) -> list[Reason]:
    """The rental offer compared, and how it was matched (or why there is none); the one that serves the need, with
    its price's date and source, when there is one."""
    served = [] if enough is None else [Reason.of("tco.rental-enough", said=enough.match.said())]
    if match is None:
        return [Reason.of("tco.rental-none", why=rental_reason, **why_none), *served]
    return [
        Reason.of("tco.rental", offer=match.describe(), said=match.said()),
        Reason.of(
            "tco.rental-matched",
            wall=match.wall_hours is not None,
            instances=match.instances,
            **({"rate": True} if match.tokens_per_hour is not None else {}),
        ),
        *served,
    ]


def _break_even(
    purchase: float,
    monthly_owning: float,
    monthly_rental: float | None,
    horizon: int,
    currency: str,
    rental_reason: str,
    assumptions: OwnershipAssumptions,
    why_none: dict[str, Reason],
    against: Reason | None = None,
) -> tuple[int | None, Reason]:
    """The month buying pays back (None: never within `horizon`, or no rental to compare), and why as a code."""
    if monthly_rental is None:
        return None, Reason.of("tco.no-rental", why=rental_reason, **why_none)
    return (
        break_even_month(purchase, monthly_owning, monthly_rental, horizon, assumptions),
        break_even_said(purchase, monthly_owning, monthly_rental, horizon, currency, assumptions, against=against),
    )


def rented_said(rental: RentalJson) -> Reason:
    """The rental a break-even and its yearly rows are reckoned against, from the plan's JSON (tco.rented): its name,
    price an hour, tier, date and whether the price is an estimate."""
    return Reason.of(
        "tco.rented",
        instances=rental["instances"],
        name=rental["name"],
        hourly=rental["hourly"],
        currency=rental["currency"],
        pricing=rental["pricing"],
        date=rental["price_date"],
        estimate=rental["price_is_estimate"],
        vat_pct=rental.get("vat_pct") or None,  # round 42: an EU consumer's VAT on it (tax.on_service)
    )


def _as_fast(match: RentalMatch) -> Reason:
    """The as-fast rental named in short (tco.as-fast), for a break-even said beside a cheaper one that serves the
    need."""
    return Reason.of(
        "tco.as-fast",
        instances=match.instances,
        name=match.offer.name,
        hourly=match.hourly,
        currency=match.currency,
    )


def _enough(
    rental: RentalMatch | RentalSearch | None,
    purchase: float,
    monthly_owning: float,
    horizon: int,
    currency: str,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions,
    served: Served | None = None,
    never: Reason | None = None,
) -> RentalEnough | None:
    """Buying against the cheapest rental that serves the need (RentalSearch.enough), billed by the same rule as the
    as-fast one (rented_hours_per_year); None without one. `never` (tco.short): the build cannot serve the demand,
    so no month is reckoned against a rental that does."""
    if not isinstance(rental, RentalSearch) or rental.enough is None or rental.need_tps is None:
        return None
    match, need = rental.enough, rental.need_tps
    monthly = match.hourly * rented_hours_per_year(profile, match, served) / 12.0
    month = None if never is not None else break_even_month(purchase, monthly_owning, monthly, horizon, assumptions)
    be_said = never or break_even_said(purchase, monthly_owning, monthly, horizon, currency, assumptions)
    said = Reason.of(
        "tco.enough",
        users=rental.users,
        need=need,
        reading=abs(need - READING_TPS) < 1e-9,
        offer=Reason.of(
            "tco.offer-short", instances=match.instances, name=match.offer.name, hourly=match.hourly, currency=currency
        ),
        tps=match.decode_tokens_per_s or 0.0,
        monthly=monthly,
        currency=currency,
        said=be_said,
    )
    return RentalEnough(
        match=match,
        need_tokens_per_s=need,
        users=rental.users,
        monthly_rental_equivalent=monthly,
        break_even_month=month,
        break_even_said=be_said,
        said=said,
    )


def tco(
    build: Build,
    rental: RentalMatch | RentalSearch | None,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions | None = None,
    years: Sequence[int] = (1, 2, 3),
    *,
    catalog: Catalog | None = None,
    api: ApiUse | None = None,
    api_elsewhere: Reason | None = None,
    model: ModelArch | None = None,
) -> CostOfOwnership:
    """Buy versus rent for `build`. `rental` is the match (or the whole search, whose reason is kept when nothing
    matched). `catalog` is needed only when the profile's electricity currency differs from the build's. `api`
    (inference): the model per token from a hosted API (costs.api); the break-even is against it whenever given, one
    rule for every build of a plan (round 33), and says so. `api_elsewhere`: why none is weighed (costs.api). `model`:
    the model served, whose attention prices a long prompt's prefill in the busy hours (need.prefill_scale)."""
    assumptions, currency = assumptions or OwnershipAssumptions(), build.currency
    rate, notes = _electricity_rate(profile, currency, catalog)
    match, rental_reason, rental_said, own_rate = _rental_of(rental)
    (wall, idle, served, kwh), purchase = _energy(build, profile, model), build.total_price
    yearly_energy = kwh * profile.price_per_kwh * rate
    monthly_owning = (yearly_energy + assumptions.upkeep_per_year) / 12.0
    # the useful life, and at least the yearly rows' span: a row "buying is cheaper after 3 years" beside "never
    # within the 12-month useful life" read as a contradiction
    horizon = max(assumptions.years, *years) * 12
    rented = None if match is None else rented_hours_per_year(profile, match, served)
    monthly_rental = None if rented is None or match is None else match.hourly * rented / 12.0
    why_none = _why_none(rental)
    short = None if served is None else served.short()
    never = None if served is None or not served.capped else short_said(served, currency)  # SERVE: a queue pays back
    enough = _enough(rental, purchase, monthly_owning, horizon, currency, profile, assumptions, served, never)
    args = (purchase, monthly_owning, monthly_rental, horizon, currency, rental_reason, assumptions, why_none)
    be, be_said = _break_even(*args, against=None if enough is None or match is None else _as_fast(match))
    api_be, api_said = _api_break_even(api, purchase, monthly_owning, horizon, currency, assumptions)
    be, be_said, api_be, api_said, against_api = _break_even_said(be, be_said, api_be, api_said, api, never)
    monthly_enough = None if enough is None else enough.monthly_rental_equivalent
    api_monthly = None if api is None else api.monthly
    rows = _yearly_rows(
        purchase, yearly_energy, monthly_owning, monthly_rental, assumptions, years, monthly_enough, api_monthly
    )
    rows = rows if never is None else _without_verdicts(rows)

    job, throughput = _job_or_rate(build, match, rental_reason, own_rate, wall, profile, assumptions, rate, notes)
    notes[:0] = _basis_notes(build, profile, assumptions, wall, idle, match, served)
    notes += _rental_notes(match, rental_reason, why_none, enough) + _api_notes(api, api_elsewhere)

    return CostOfOwnership(
        currency=currency,
        purchase=purchase,
        wall_w=wall,
        idle_w=idle,
        yearly_energy_kwh=kwh,
        yearly_energy=yearly_energy,
        monthly_owning_cost=monthly_owning,
        rental=match,
        rental_reason=rental_reason,
        rental_said=rental_said,
        monthly_rental_equivalent=monthly_rental,
        break_even_month=be,
        break_even_reason=english(be_said),
        break_even_said=be_said,
        rows=tuple(rows),
        job=job,
        throughput=throughput,
        assumptions=tuple(english(n) for n in notes),
        assumptions_said=tuple(notes),
        ownership=assumptions,
        enough=enough,
        api=api,
        api_break_even_month=api_be,
        api_break_even_said=api_said,
        against_api=against_api,
        api_elsewhere=api_elsewhere if api is None else None,
        served=served,
        rented_hours=rented,
        dedicated_rental=profile.dedicated_rental,
        on_hours=profile.on_hours_per_year,
        short=short,
    )


def _break_even_said(
    be: int | None,
    be_said: Reason,
    api_be: int | None,
    api_said: Reason | None,
    api: ApiUse | None,
    never: Reason | None,
) -> tuple[int | None, Reason, int | None, Reason | None, bool]:
    """The break-even a build shows (against the API whenever one is weighed, round 33), the API's, and whether it is
    against the API; a build too slow for its users' demand (SERVE, round 37) pays back on no demand it cannot serve."""
    if never is not None:
        be, be_said = None, never
        api_be, api_said = (None, never) if api is not None else (api_be, api_said)
    against_api = api is not None and api_said is not None
    if against_api and api_said is not None:
        be, be_said = api_be, api_said
    return be, be_said, api_be, api_said, against_api


def _without_verdicts(rows: list[TcoRow]) -> list[TcoRow]:
    """A build that cannot serve its users' demand (tco.short): which is cheaper is no verdict on it; the yearly sums
    stay, the verdicts go."""
    return [r.model_copy(update={"cheaper": None, "cheaper_enough": None, "cheaper_api": None}) for r in rows]


def short_said(served: Served, currency: str) -> Reason:
    """The break-even of a build that cannot serve its users' demand (tco.short, round 37): never at this demand, the
    share of it the build makes, and what it makes against what is asked a year."""
    return Reason.of(
        "tco.short",
        share=served.capacity_tokens / served.demand_tokens if served.demand_tokens > 0 else 1.0,
        demand_m=served.demand_tokens / 1e6,
        capacity_m=served.capacity_tokens / 1e6,
        currency=currency,
    )


def with_costs(build: Build, costs: CostOfOwnership) -> Build:
    """The build with its buy-or-rent figures and, when it cannot serve its users' demand, SERVE's warning among its
    checks (round 37; a SERVE check of earlier figures is replaced): the plan's defaults and a buyer's own inputs
    (recosted) alike."""
    checks = tuple(c for c in build.checks if c.rule != SERVE.id)
    # among the warnings, not after the passes: Chen's 60 coding-agent seats read "5 warn" beside four warnings at the
    # top of the Checks tab and SERVE's queue warning under some 25 passes (walk42)
    checks = in_status_order(checks + (() if costs.short is None else (costs.short,)))
    return build.model_copy(update={"cost_of_ownership": costs.to_json(), "checks": checks})


def _energy(
    build: Build, profile: UsageProfile, model: ModelArch | None = None
) -> tuple[float, float, Served | None, float]:
    """The load and idle draws, an inference build's busy hours (round 35: what its users' demand takes at its speed,
    idle the rest; round 36: and its prompts' prefill) and the kWh a year."""
    # busy hours at the draw the job keeps up: one stream on a layer split works one card at a time (Power.decode_wall_w)
    wall = (build.power.decode_wall_w or build.power.wall_w) * build.nodes
    idle = profile.idle_w if profile.idle_w is not None else estimate_idle_w(build)
    served = served_hours(build, profile, model)
    return wall, idle, served, energy_kwh_per_year(wall, idle, profile, None if served is None else served.busy_hours)


def _api_notes(api: ApiUse | None, elsewhere: Reason | None = None) -> list[Reason]:
    """What the API alternative rests on (tco.api-basis): its bill, what it leaves out, and its price's source; with
    none, why none is weighed though the model has prices (`elsewhere`: costs.api.api_elsewhere), if so."""
    if api is None:
        return [] if elsewhere is None else [elsewhere]
    # the source of an unstated demand's speed: reading speed's (the speed asked is the buyer's own, said in the words)
    demand = "" if api.demand_stated or api.need_asked else demand_source(False)
    return [
        Reason.of("tco.api-basis", said=api.said(), source=api.price.source, note=api.price.note, demand_source=demand)
    ]


def _api_break_even(
    api: ApiUse | None,
    purchase: float,
    monthly_owning: float,
    horizon: int,
    currency: str,
    assumptions: OwnershipAssumptions,
) -> tuple[int | None, Reason | None]:
    """Buying against the API's bill for the same tokens: its month and why (None, None without an API price)."""
    if api is None:
        return None, None
    month = break_even_month(purchase, monthly_owning, api.monthly, horizon, assumptions)
    said = break_even_said(
        purchase, monthly_owning, api.monthly, horizon, currency, assumptions, against=api.said(), per_token=True
    )
    return month, said


def _job_or_rate(
    build: Build,
    match: RentalMatch | None,
    rental_reason: str,
    own_rate: float | None,
    wall: float,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions,
    rate: float,
    notes: list[Reason],
) -> tuple[JobComparison | None, ThroughputComparison | None]:
    """A training build's one-off job bought against rented, or (no token count) its cost per token; the basis of
    either appended to `notes`. A time for the planner's reference job (no token count asked, issue #27) is not a job
    to price: per token instead."""
    if build.estimate.gpu_hours is not None and build.estimate.reference_tokens is None:
        notes.append(Reason.of("tco.job-basis", years=assumptions.years))
        if assumptions.sold_used_fraction is not None:
            notes.append(assumptions.sold_note())
        return _job_comparison(build, match, rental_reason, wall, profile, assumptions, rate), None
    if own_rate:
        notes.append(Reason.of("tco.throughput-basis", tokens=THROUGHPUT_PROBE_TOKENS))
        return None, _throughput(build, match, rental_reason, own_rate, wall, profile, assumptions, rate)
    return None, None


def depreciation_per_on_hour(purchase: float, profile: UsageProfile, assumptions: OwnershipAssumptions) -> float | None:
    """(purchase - resale value at the end of the useful life) / the on-hours of that life: what an hour of the
    machine switched on costs in depreciation (None for a machine never switched on)."""
    lifetime_hours = profile.on_hours_per_year * assumptions.years
    if not lifetime_hours:
        return None
    return (purchase - assumptions.value_after(purchase, assumptions.years)) / lifetime_hours


def _throughput(
    build: Build,
    match: RentalMatch | None,
    rental_reason: str,
    own_rate: float,
    wall_w: float,
    profile: UsageProfile,
    assumptions: OwnershipAssumptions,
    rate: float,
) -> ThroughputComparison:
    """Cost per million training tokens: bought (energy at full load + depreciation and upkeep per on-hour) against
    rented (the instance's hourly price), each over its own tokens per hour."""
    currency = build.currency
    energy = wall_w / 1000.0 * profile.price_per_kwh * rate
    dep = depreciation_per_on_hour(build.total_price, profile, assumptions)
    upkeep = assumptions.upkeep_per_year / profile.on_hours_per_year if profile.on_hours_per_year else 0.0
    own_hour = None if dep is None else energy + dep + upkeep
    own_m = None if own_hour is None else own_hour / own_rate * 1e6
    rent_rate = match.tokens_per_hour if match is not None else None
    rent_m = match.hourly / rent_rate * 1e6 if match is not None and rent_rate else None
    cheaper: Literal["own", "rent"] | None = None
    # said as codes (the Chinese window showed this sentence in English, walk13), its English the headline kept
    bought = (
        Reason.of(
            "tco.bought-per-token",
            per_m=own_m,
            rate_m=own_rate / 1e6,
            hourly=own_hour,
            depreciation=dep,
            energy=energy,
            upkeep=upkeep,
            currency=currency,
        )
        if own_m is not None and own_hour is not None and dep is not None
        else Reason.of("tco.bought-rate", rate_m=own_rate / 1e6)
    )
    if match is not None and rent_m is not None and rent_rate:
        cheaper = None if own_m is None else "own" if own_m <= rent_m else "rent"
        offer = f"{match.instances} x {match.offer.id}" if match.instances > 1 else match.offer.id
        said = Reason.of(
            "tco.per-token",
            per_m=rent_m,
            offer=offer,
            rate_m=rent_rate / 1e6,
            hourly=match.hourly,
            currency=currency,
            bought=bought,
            cheaper=cheaper or "",
        )
    else:
        said = Reason.of("tco.per-token-no-rental", bought=bought, why=rental_reason)
    headline = english(said)
    return ThroughputComparison(
        own_tokens_per_hour=own_rate,
        own_cost_per_hour=own_hour,
        own_energy_per_hour=energy,
        own_depreciation_per_hour=dep,
        own_cost_per_million_tokens=own_m,
        rental_tokens_per_hour=rent_rate,
        rental_cost_per_hour=match.hourly if match is not None else None,
        rental_cost_per_million_tokens=rent_m,
        rental_offer=match.offer.id if match is not None else None,
        cheaper=cheaper,
        headline=headline,
        said=said,
    )


def _fmt(value: float | None) -> str:
    return "?" if value is None else f"{value:,.1f}"


def _round(value: float | None) -> float | None:
    return None if value is None else float(f"{value:.4g}")


def preset_key(currency: str, region: str = "global", reclaim: bool = False) -> str:
    """Which regional electricity preset matches a build's currency and region; `reclaim` (a VAT-registered buyer,
    tax.buyer's reclaimed basis): the business tariff net of VAT, as its parts are priced net of VAT."""
    if currency == "CNY" or region == "china":
        return "china"
    if currency == "EUR":
        return "eu-business" if reclaim else "eu"
    return "us"


def reclaims(build: Build | None) -> bool:
    """Whether the build is priced for a VAT-registered buyer who reclaims VAT (Build.tax_basis): its running costs
    are then net of VAT too."""
    basis = None if build is None else build.tax_basis
    return basis is not None and basis.reclaimed


def default_profile(currency: str, region: str = "global", reclaim: bool = False) -> UsageProfile:
    """The regional electricity preset that matches the build's currency (and a reclaiming buyer's net tariff)."""
    return PRESETS[preset_key(currency, region, reclaim)]


def cost_of_ownership_for(
    build: Build,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    region: str = "global",
    profile: UsageProfile | None = None,
    assumptions: OwnershipAssumptions | None = None,
    exact_weight_bytes: int | None = None,
) -> CostOfOwnership:
    """Buy versus rent for one build with the regional defaults: what `plan` reports per build."""
    profile = profile or default_profile(build.currency, region, reclaims(build))
    search = rental_search_for(build, catalog, model, workload, region, exact_weight_bytes)
    busy = profile.on_hours_per_year * profile.utilisation
    market = rental_market(region)
    inference = workload.kind == "inference"
    api = api_use(build, model, busy, catalog, market, profile.demand) if inference else None
    elsewhere = api_elsewhere(model, market) if inference else None
    owning = ownership_for(build, catalog, assumptions)
    return tco(build, search, profile, owning, catalog=catalog, api=api, api_elsewhere=elsewhere, model=model)


class OwnershipInputs(BaseModel):
    """What the buyer sets on the Buy-or-rent tab: saved with the project, read by the tab and by the printed sheet
    and exports alike (the sheet had printed the regional defaults beside a tab that showed the buyer's figures)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)

    preset: Literal["us", "eu", "eu-business", "china"] | None = Field(
        default=None, description="electricity preset; None: by currency (and VAT basis)"
    )
    price_per_kwh: float | None = Field(default=None, gt=0, le=10, description="None: the preset's price")
    hours_per_day: float = Field(default=8.0, ge=0, le=24)
    days_per_year: float = Field(default=250.0, ge=0, le=366)
    utilisation: float = Field(default=0.5, ge=0, le=1)
    years: int = Field(default=3, ge=1, le=15)
    resale_fraction: float | None = Field(default=None, ge=0, le=1, description="None: the catalog's used prices")
    requests_per_day: float | None = Field(
        default=None,
        ge=0,
        le=1_000_000,
        description="requests a user sends a day (None: each user at the speed it needs over the busy hours)",
    )
    dedicated_rental: bool = Field(
        default=False, description="inference: rent a dedicated endpoint kept on every on-hour (UsageProfile's)"
    )
    usage: Literal["chat", "coding-agent"] | None = Field(
        default=None, description="inference: a kind of user (costs.api.USAGES); None: by speed"
    )
    seats: int | None = Field(default=None, ge=1, le=100_000, description="inference: a team's seats (UsageProfile's)")

    def profile(self, currency: str, region: str = "global", reclaim: bool = False) -> UsageProfile:
        preset = PRESETS[self.preset or preset_key(currency, region, reclaim)]
        entered = self.price_per_kwh is not None and abs(self.price_per_kwh - preset.price_per_kwh) > 1e-9
        return preset.model_copy(
            update={
                "hours_per_day": self.hours_per_day,
                "days_per_year": self.days_per_year,
                "utilisation": self.utilisation,
                "requests_per_day": self.requests_per_day,
                "dedicated_rental": self.dedicated_rental,
                "usage": self.usage,
                "seats": self.seats,
                **(
                    {
                        "price_per_kwh": self.price_per_kwh,
                        "source": "entered by you",
                        "estimate": "",
                        "estimate_said": None,
                    }
                    if entered
                    else {}
                ),
            }
        )

    def ranked(self) -> OwnershipInputs:
        """Round 39: what a plan's ranking reads of these inputs (solve.plan.serving_basis: the usage profile's hours,
        days and busy share through served_hours, its demand through UsageProfile.demand), the inputs only the costs
        read (COSTS_ONLY) at their defaults: two inputs alike here are ranked and labelled alike, so the window solves
        again when the Buy-or-rent tab changes this, not at each electricity price."""
        return self.model_copy(update={name: type(self).model_fields[name].default for name in COSTS_ONLY})

    def assumptions(self) -> OwnershipAssumptions:
        base = OwnershipAssumptions(years=self.years)
        if self.resale_fraction is None:
            return base
        return base.model_copy(
            update={"resale_fraction": self.resale_fraction, "resale_source": "entered by you", "resale_said": None}
        )


COSTS_ONLY = ("preset", "price_per_kwh", "years", "resale_fraction", "dedicated_rental")
"""The OwnershipInputs a plan's ranking never reads (OwnershipInputs.ranked): the electricity price (its preset's, or
the buyer's), the years owned, the resale share and a dedicated endpoint's rent change what owning and renting cost,
not whether a build serves its users' demand (served_hours)."""


def recosted(
    build: Build,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    region: str,
    inputs: OwnershipInputs | None,
    exact_weight_bytes: int | None = None,
) -> Build:
    """The build with its buy-or-rent figures for the buyer's own inputs (None or the defaults: unchanged)."""
    if inputs is None or inputs == OwnershipInputs():
        return build
    costs = cost_of_ownership_for(
        build,
        catalog,
        model,
        workload,
        region,
        profile=inputs.profile(build.currency, region, reclaims(build)),
        assumptions=inputs.assumptions(),
        exact_weight_bytes=exact_weight_bytes,
    )
    return with_costs(build, costs)


def rental_search_for(
    build: Build,
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    region: str = "global",
    exact_weight_bytes: int | None = None,
) -> RentalSearch:
    """The rental `plan` matches to a build: the catalog's offers the buyer's region can rent (`rental_market`)."""
    market = rental_market(region)
    return search_rentals(
        build, catalog_offers(catalog), catalog, model, workload, exact_weight_bytes=exact_weight_bytes, market=market
    )
