"""An exporter's asking price is landed before it is offered (Price.terms "before-import", solve.pricing.IMPORT).

The catalog's newest price for the memory-modified RTX 2080 Ti 22GB was the lowest Alibaba "from" price in a LocalLLaMA
post of 2025-12-25 ('from $300 for a 2080Ti 22GB', reddit.com/r/LocalLLaMA/comments/1pvpkqo): before shipping, duty
and VAT. quote() offered it as 300 USD, which made three of these cards 'fastest within budget' for Gemma 4 31B QLoRA
at 2,500 EUR. A buyer in the US paid, from 2025-11-10, the 10 % IEEPA fentanyl tariff on Chinese goods (CBP CSMS
#66749380, November 2025); the 10 % reciprocal tariff exempts graphics cards (HTS 8473.30, heading 9903.01.32, CBP
CSMS #64724565 of 2025-04-11, which an earlier rule had missed), with no de minimis since 2025-08-29
(Executive Order 14324; Mallory Group); a buyer in Germany pays no duty on a graphics card but 19 % import VAT on goods
plus shipping (thinkpad-forum.de; chinamobilemag.de). A US repair shop sold the same card landed for 499 USD on eBay
(Tom's Hardware, February 2024).

The shipped card has since a newer, landed price (an eBay listing of 2026-10-07 at 610 + 10 USD shipping), which a US
buyer is now quoted: the tests of the landing rule keep the card's Alibaba asking price alone (_asking_only).
"""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.common.reasons import english
from configurator.core.report import words
from configurator.core.solve.pricing import IMPORT, import_rule, quote
from configurator.storage import catalogs

CARD = "rtx-2080-ti-22gb"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def _with_prices(catalog: Catalog, record: Record, *prices: Price) -> tuple[Catalog, Record]:
    changed = record.model_copy(update={"prices": prices})
    records = {kind: dict(items) for kind, items in catalog.records.items()}
    records["gpus"][record.id] = changed
    return dataclasses.replace(catalog, records=records), changed


def _price(amount: float, day: str, terms: str = "landed", currency: str = "USD") -> Price:
    return Price(
        amount=amount,
        currency=currency,  # type: ignore[arg-type]
        condition="used",
        date=datetime.date.fromisoformat(day),
        source="https://example.org/test",
        terms=terms,  # type: ignore[arg-type]
    )


def _asking_only(shipped: Catalog) -> tuple[Catalog, Record]:
    """The shipped card with its exporter's asking prices alone (Price.terms "before-import")."""
    card = shipped.get("gpus", CARD)
    return _with_prices(shipped, card, *(p for p in card.prices if p.terms == "before-import"))


def test_the_newest_landed_listing_is_what_a_us_buyer_is_quoted(shipped: Catalog) -> None:
    q = quote(shipped.get("gpus", CARD), shipped, "USD", "used")
    assert q is not None and q.landed is None
    assert (q.amount, q.price.date) == (620.0, datetime.date(2026, 10, 7))  # eBay, 610 + 10 shipping


def test_the_alibaba_asking_price_is_landed_in_the_us(shipped: Catalog) -> None:
    shipped, card = _asking_only(shipped)
    asking = card.price("USD", "used")
    assert asking is not None and asking.amount == 300.0 and asking.terms == "before-import"
    q = quote(card, shipped, "USD", "any")
    assert q is not None and q.landed is not None
    # 300 plus the 10 % fentanyl tariff in force on 2025-12-25 (no reciprocal tariff on HTS 8473.30), plus 50 USD
    # shipping (an estimate, said so)
    assert q.amount == pytest.approx(300 * 1.10 + 50)
    assert q.landed.rule.market == "US" and q.landed.asking == pytest.approx(300.0)
    said = english(q.said)
    assert "landed in the US: an asking price of 300 before import, plus 50 shipping (estimate), 10 % duty" in said
    with words.language("zh_CN"):
        assert "到岸价（美国）：进口前报价 300，加运费 50（估算），关税 10%" in words.say(q.said)


def test_in_euros_the_card_pays_german_import_vat_on_goods_and_shipping(shipped: Catalog) -> None:
    shipped, card = _asking_only(shipped)
    q = quote(card, shipped, "EUR", "used")
    assert q is not None and q.landed is not None and q.converted
    asking, shipping = shipped.convert(300.0, "USD", "EUR"), shipped.convert(50.0, "USD", "EUR")
    assert q.amount == pytest.approx((asking + shipping) * 1.19)
    assert q.amount > 1.3 * asking  # the old code offered the bare asking price converted
    assert "no duty, 19 % import VAT" in english(q.said)


def test_a_buyer_paying_in_cny_is_not_offered_the_export_price(shipped: Catalog) -> None:
    q = quote(shipped.get("gpus", CARD), shipped, "CNY", "used")
    assert q is not None and q.landed is None
    assert q.price.currency == "CNY"  # the Taobao/Xianyu price, not Alibaba's export price converted


def test_an_asking_price_outside_every_rule_is_not_offered(shipped: Catalog) -> None:
    # the US rule ends the day before the Supreme Court struck the IEEPA tariffs down (2026-02-20): what a later
    # asking price costs landed is unknown, so the older landed eBay price is offered instead
    assert import_rule("USD", datetime.date(2026, 3, 1)) is None
    assert import_rule("USD", datetime.date(2025, 12, 25)) is IMPORT["USD"][-1]
    catalog, card = _with_prices(
        shipped, shipped.get("gpus", CARD), _price(499.0, "2024-02-16"), _price(280.0, "2026-03-01", "before-import")
    )
    q = quote(card, catalog, "USD", "used")
    assert q is not None and q.landed is None
    assert (q.amount, q.price.date) == (499.0, datetime.date(2024, 2, 16))


def test_a_landed_price_is_offered_as_is(shipped: Catalog) -> None:
    catalog, card = _with_prices(shipped, shipped.get("gpus", CARD), _price(499.0, "2024-02-16"))
    q = quote(card, catalog, "USD", "used")
    assert q is not None and q.landed is None and q.amount == 499.0


def test_terms_are_checked() -> None:
    with pytest.raises(ValueError, match="landed.*before-import"):
        _price(300.0, "2025-12-25", terms="fob")
