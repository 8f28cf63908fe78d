"""A per-token API price serves a market, as a rental offer does (round 32): a buyer in mainland China is weighed
against the prices listed for China only, never against a US provider's USD price converted into CNY, and is told why
when none serves China (costs.api.in_market, the rule tco.rental_market sets for the rentals)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from configurator.core.catalog import tax
from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import english
from configurator.core.costs.api import api_elsewhere, api_use
from configurator.core.costs.tco import rental_market
from configurator.core.model.build import Build
from configurator.core.report import words


def _build(currency: str) -> Build:
    """What api_use reads of a build: its currency, tax basis, decode per user and workload (one user, 4K context)."""
    estimate = SimpleNamespace(
        decode_tokens_per_s=20.0, prefill_tokens_per_s=None, workload={"batch": 1, "context": 4096, "prompt": None}
    )
    # round 42: the build's tax basis (Build.tax_basis), the currency's default buyer's, as a plan's build reads it
    basis = tax.buyer(currency)
    return cast(Build, SimpleNamespace(currency=currency, estimate=estimate, checks=(), tax_basis=basis))


def _model(catalog: Any, model_id: str) -> ModelArch:
    model = catalog.records["models"][model_id]
    assert isinstance(model, ModelArch)
    return model


def test_a_china_buyer_is_not_weighed_against_deepinfras_usd_price(catalog: Any) -> None:
    """Llama 3.3 70B's one price is DeepInfra's in USD: a --region china build in CNY had been weighed against it
    converted to 2.29 CNY per million output tokens ("never" pays back against 19 CNY a month). No API serves China
    here, so none is weighed and the reason names the provider, in English and Chinese."""
    model = _model(catalog, "llama-3.3-70b")
    china = rental_market("china")
    assert api_use(_build("CNY"), model, 1000.0, catalog, china) is None
    reason = api_elsewhere(model, china)
    assert reason is not None and reason.code == "tco.api-other-market"
    assert "DeepInfra" in english(reason) and "renting in China" in english(reason)
    assert "DeepInfra" in words.say(reason)
    # elsewhere the same price is weighed, converted into the build's currency
    world = rental_market("global")
    assert api_elsewhere(model, world) is None
    used = api_use(_build("EUR"), model, 1000.0, catalog, world)
    assert used is not None and used.price.currency == "USD" and used.currency == "EUR"


def test_deepseeks_cny_list_serves_china_and_its_usd_list_the_rest(catalog: Any) -> None:
    """DeepSeek lists deepseek-chat at 8 CNY (Chinese page) and 1.10 USD (English page) per million output tokens: a
    China buyer pays the CNY list, a buyer elsewhere the USD one, whatever currency the build is priced in."""
    model = _model(catalog, "deepseek-v3")
    china = api_use(_build("CNY"), model, 1000.0, catalog, "china")
    assert china is not None and (china.price.currency, china.per_million) == ("CNY", 8.0)
    world = api_use(_build("CNY"), model, 1000.0, catalog, "global")
    assert world is not None and (world.price.currency, world.price.output_per_million) == ("USD", 1.10)
    assert api_elsewhere(model, "china") is None


def test_every_shipped_api_price_states_its_market_and_why(catalog: Any) -> None:
    """Every price's market is a fact with its source or reason, and a China price is listed in CNY (the currency a
    mainland account pays in)."""
    prices = [(m.id, p) for m in catalog.records["models"].values() if isinstance(m, ModelArch) for p in m.api_prices]
    assert prices
    for model_id, p in prices:
        assert len(p.market_source) > 20, (model_id, p.provider)
        assert p.market != "china" or p.currency == "CNY", (model_id, p.provider)
