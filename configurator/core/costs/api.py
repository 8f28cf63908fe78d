"""Buy or pay per token: the same open model at a hosted provider's API, the honest rental alternative for few users.

For one user of a huge MoE (DeepSeek-R1 on a 6,000-28,000 USD machine) the as-fast GPU rental is a whole 8-GPU node
kept on for the machine's on-hours, so buying "paid back after 1 month" (round 31's review). Nobody rents a node to
chat with R1 alone: they pay DeepSeek, or another host, per token. So for inference the machine is also reckoned
against that bill:

    tokens / year   = users x decode tokens/s per user (the build's own estimate) x busy hours a year
    busy hours      = hours_per_day x days_per_year x utilisation (UsageProfile: the buyer changes them)
    API / month     = tokens / year x price per million output tokens / 1e6 / 12

Only output (generated) tokens are billed here: the prompts cost more on top, so the API bill is a lower bound and a
"never pays back" against it is as said only for the output the machine makes. The cheapest sourced price in the
catalog (`ModelArch.api_prices`, each with its source and date) wins, converted into the build's currency when the
catalog has no price in it. The price is as of its date, never today's.

Pure Python: no Qt and no storage imports.
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, TokenPrice
from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.reasons import Reason
from configurator.core.model.build import Build

SECONDS_PER_HOUR = 3600.0


class ApiUse(BaseModel):
    """The tokens a build's users would buy from an API in a year, and the price they would pay."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    price: TokenPrice
    per_million: float  # output price per million tokens in the build's currency
    currency: str
    users: int
    tokens_per_s: float  # decode per user, the build's own estimate
    busy_hours: float  # a year
    tokens_per_year: float
    monthly: float  # the API bill a month, in `currency`

    def said(self) -> Reason:
        """The API alternative named in short (tco.api): provider, price and its date, and the tokens it bills."""
        return Reason.of(
            "tco.api",
            provider=self.price.provider,
            per_million=self.per_million,
            currency=self.currency,
            date=self.price.date.isoformat(),
            users=self.users,
            tps=self.tokens_per_s,
            hours=self.busy_hours,
            tokens_m=self.tokens_per_year / 1e6,
            monthly=self.monthly,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "provider": self.price.provider,
            "output_per_million": round(self.per_million, 4),
            "currency": self.currency,
            "price_currency": self.price.currency,
            "price_per_million_as_listed": self.price.output_per_million,
            "price_date": self.price.date.isoformat(),
            "source": self.price.source,
            "note": self.price.note,
            "users": self.users,
            "tokens_per_s_per_user": round(self.tokens_per_s, 2),
            "busy_hours_per_year": round(self.busy_hours, 1),
            "tokens_per_year": round(self.tokens_per_year),
            "monthly": round(self.monthly, 2),
        }


def _in_currency(price: TokenPrice, currency: str, catalog: Catalog | None) -> float | None:
    if price.currency == currency:
        return price.output_per_million
    if catalog is None:
        return None
    try:
        return catalog.convert(price.output_per_million, price.currency, currency)
    except (KeyError, ValueError):
        return None


def _users(build: Build) -> int:
    users = build.estimate.workload.get("batch")
    return users if isinstance(users, int) and not isinstance(users, bool) and users > 0 else 1


def api_use(build: Build, model: ModelArch, busy_hours: float, catalog: Catalog | None = None) -> ApiUse | None:
    """What the build's users would pay the cheapest sourced API for the tokens the build makes in `busy_hours` a
    year; None without a price for this model, a decode estimate, or busy hours."""
    tps = build.estimate.decode_tokens_per_s
    if not model.api_prices or tps is None or tps <= 0 or busy_hours <= 0:
        return None
    currency = build.currency
    priced = [(p, _in_currency(p, currency, catalog)) for p in model.api_prices]
    usable = [(p, amount) for p, amount in priced if amount is not None]
    if not usable:
        return None
    # the cheapest; at the same amount a price as listed in the build's currency rather than a converted one
    price, per_million = min(usable, key=lambda pa: (pa[1], pa[0].currency != currency))
    users = _users(build)
    tokens = users * tps * busy_hours * SECONDS_PER_HOUR
    return ApiUse(
        price=price,
        per_million=per_million,
        currency=currency,
        users=users,
        tokens_per_s=tps,
        busy_hours=busy_hours,
        tokens_per_year=tokens,
        monthly=tokens * per_million / 1e6 / 12.0,
    )
