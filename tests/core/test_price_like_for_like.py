"""Prices across currencies compared like with like (round 40): a price says what tax it includes (its region's VAT,
core.catalog.tax), a newer price bounds an older one only net of VAT and within one market (pricing.like_for_like),
and a converted price states its rate, the rates' date and the tax its amount holds.

Round 39 held back six Greek retail prices (TeoAmpatzis/gpu-prices-gr, scraped 2026-10-04/07, 24 % VAT included)
because the supersede rule let them raise US prices over a year older: the RTX PRO 6000 Max-Q's 8,565 USD launch
price to 20,284 USD (18,000 EUR converted with its VAT), while NVIDIA's US list price of the same-priced Workstation
Edition was 13,250 USD in June 2026 (mlq.ai, catalogs/gpus.toml). Net of VAT the Greek figure is still 16,358 USD: a
Greek shop's price level is not the US market's, whatever the exchange rate.
"""

from __future__ import annotations

import dataclasses

import pytest

from configurator.core.catalog import tax
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.common.reasons import english
from configurator.core.report import words
from configurator.core.solve.pricing import like_for_like, quote
from configurator.storage import catalogs

MAX_Q = "rtx-pro-6000-blackwell-max-q"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def _price(amount: float, day: str, currency: str = "EUR", condition: str = "new", **taxed: object) -> Price:
    return Price.model_validate(
        {
            "amount": amount,
            "currency": currency,
            "condition": condition,
            "date": day,
            "source": "https://example.org/test",
            **taxed,
        }
    )


def _with_prices(catalog: Catalog, kind: str, record_id: str, prices: tuple[Price, ...]) -> tuple[Catalog, Record]:
    record = catalog.get(kind, record_id).model_copy(update={"prices": prices})
    records = {k: dict(v) for k, v in catalog.records.items()}
    records[kind][record_id] = record
    return dataclasses.replace(catalog, records=records), record


def test_a_greek_price_with_its_vat_does_not_raise_a_us_price(shipped: Catalog) -> None:
    card = shipped.get("gpus", MAX_Q)
    greek = next(p for p in card.prices if p.currency == "EUR")
    assert (greek.amount, greek.region, greek.vat_included) == (18000.0, "GR", True)
    us = quote(card, shipped, "USD", "new")
    assert us is not None and us.raised is None
    assert us.amount == 8565.0 and us.price.currency == "USD"  # its own (old, flagged) US price, not 20,284
    # an EUR buyer pays the Greek shop's price on the plan's one tax basis (round 41, tax.buyer: Germany's 19 %, the
    # VAT an EU shop charges a consumer in the member state its goods go to): 18,000 / 1.24 x 1.19
    eu = quote(card, shipped, "EUR", "new")
    assert eu is not None and not eu.converted and eu.price.amount == 18000.0
    assert eu.amount == pytest.approx(18000.0 / 1.24 * 1.19)
    # and the rule says why: another market, whatever the currency
    assert like_for_like(next(p for p in card.prices if p.currency == "USD"), greek, shipped) is None


def test_a_us_price_does_not_raise_an_older_chinese_one(shipped: Catalog) -> None:
    """The RTX 3090's used 5,500 CNY (June 2025) had been raised to 8,092 CNY by eBay US's 1,207 USD (September 2026):
    one market's used price is no bound on another's. The Chinese price is paid (4,500 CNY, May 2026), flagged as
    older than six months, never raised by the US one."""
    q = quote(shipped.get("gpus", "rtx-3090"), shipped, "CNY", "used")
    assert q is not None and q.raised is None
    assert q.amount == 4500.0 and q.price.currency == "CNY" and q.stale
    # with only its 2025 Chinese price the part is still not raised by the US one
    own = tuple(p for p in shipped.get("gpus", "rtx-3090").prices if p.currency != "CNY" or p.amount == 5500.0)
    catalog, card = _with_prices(shipped, "gpus", "rtx-3090", own)
    q = quote(card, catalog, "CNY", "used")
    assert q is not None and q.raised is None and q.amount == 5500.0


def test_within_one_market_prices_are_compared_net_of_vat(shipped: Catalog) -> None:
    """A German shop's new price (19 % VAT in it) and a newer Greek used one (24 %): the Greek figure is put on the
    German footing, 1,300 / 1.24 x 1.19 = 1,247.58 EUR, and the raise says what it took out and put back."""
    old = _price(1000.0, "2025-01-10", region="DE", vat_included=True)
    newer = _price(1300.0, "2026-06-01", condition="used", region="GR", vat_included=True)
    catalog, card = _with_prices(shipped, "gpus", "rtx-3090", (old, newer))
    like = like_for_like(old, newer, catalog)
    assert like is not None and like.amount == pytest.approx(1300 / 1.24 * 1.19)
    q = quote(card, catalog, "EUR", "new")
    assert q is not None and q.raised is not None and q.raised.basis == "condition"
    assert q.amount == pytest.approx(1300 / 1.24 * 1.19)
    said = english(q.said)
    assert "compared net of VAT: 24 % taken out of the GR price, 19 % put back" in said
    with words.language("zh_CN"):
        assert "按不含增值税比较：扣除 GR 价格中的 24% 增值税，再加回 19%" in words.say(q.said)


def test_a_price_in_another_currency_of_the_same_market_raises_net_of_vat(shipped: Catalog) -> None:
    """Like with like across currencies: a German shop's newer price listed in USD before VAT bounds its older EUR price
    with VAT, converted at the catalog's dated rate and given Germany's 19 %."""
    old = _price(1000.0, "2025-01-10", region="DE", vat_included=True)
    newer = _price(1400.0, "2026-06-01", currency="USD", region="DE", vat_included=False)
    catalog, card = _with_prices(shipped, "gpus", "rtx-3090", (old, newer))
    q = quote(card, catalog, "EUR", "new")
    expected = catalog.convert(1400.0, "USD", "EUR") * 1.19
    assert q is not None and q.raised is not None and q.raised.basis == "currency"
    assert q.amount == pytest.approx(expected)
    # the same price with its tax unknown is no evidence across currencies
    unknown = _price(1400.0, "2026-06-01", currency="USD", region="DE")
    catalog, card = _with_prices(shipped, "gpus", "rtx-3090", (old, unknown))
    q = quote(card, catalog, "EUR", "new")
    assert q is not None and q.raised is None and q.amount == 1000.0


def test_each_price_knows_its_tax_where_the_catalog_does() -> None:
    assert tax.basis(_price(100, "2026-01-01", currency="USD")) == tax.TaxBasis("US", "US", 0.0)
    assert tax.basis(_price(100, "2026-01-01", currency="CNY")) == tax.TaxBasis("CN", "CN", 0.13)
    assert tax.basis(_price(100, "2026-01-01", currency="CNY", condition="used")) is None  # a private sale: unknown
    assert tax.basis(_price(100, "2026-01-01")) is None  # a euro price must name its country
    gr = tax.basis(_price(124, "2026-01-01", region="GR", vat_included=True))
    assert gr is not None and gr.net(124) == pytest.approx(100)
    exporter = _price(100, "2026-01-01", currency="USD").model_copy(update={"terms": "before-import"})
    assert tax.basis(exporter) is None  # landed by pricing.IMPORT, taxed where it lands
    with pytest.raises(ValueError, match="region 'XX' has no VAT rate"):
        _price(100, "2026-01-01", region="XX", vat_included=True)


def test_a_converted_price_states_its_rate_date_and_tax(shipped: Catalog) -> None:
    q = quote(shipped.get("gpus", "rtx-3090"), shipped, "EUR", "used")
    assert q is not None and q.converted and q.price.currency == "USD"
    rate = shipped.convert(1.0, "USD", "EUR")
    assert q.said.fields["rate"] == pytest.approx(rate, abs=1e-5) and q.said.fields["to"] == "EUR"
    note = english(q.said)
    assert (
        f"converted from {q.price.amount:,.0f} USD (a US price, no VAT or sales tax in it) at {rate:.4f} EUR/USD "
        f"(rates of {shipped.exchange_rates_date})"
    ) in note
    with words.language("zh_CN"):
        zh = words.say(q.said)
    assert f"（US 价格，不含增值税或销售税） 按 {rate:.4f} EUR/USD（{shipped.exchange_rates_date} 汇率）换算" in zh
    # a Greek shop's price converted for a US buyer says that its amount holds Greece's VAT
    catalog, card = _with_prices(
        shipped, "gpus", "rtx-3090", (_price(1240.0, "2026-10-04", region="GR", vat_included=True),)
    )
    greek = quote(card, catalog, "USD", "new")
    assert greek is not None and "converted from 1,240 EUR (a GR price, 24 % VAT in it)" in greek.note
