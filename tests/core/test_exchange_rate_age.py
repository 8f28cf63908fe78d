"""The exchange rate is a dated fact, as a price is: prices converted at rates older than six months (the price-age
threshold, report.prices.STALE_AFTER_DAYS) carry the rates' date in their note and a coded warning on the build, in
English and Chinese; a user catalog's [exchange_rates] replaces the shipped rates. And a catalog's free-text estimate
note the Chinese tables do not cover is shown on a Chinese sheet as the source's note, not run into a Chinese sentence."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest

from configurator.core.catalog.loader import Catalog, load_catalog
from configurator.core.common.reasons import english
from configurator.core.model.build import Build, BuildPart
from configurator.core.report import phrases, prices
from configurator.core.report.words import language, say
from configurator.core.solve.pricing import Quote, quote
from configurator.storage import catalogs

TODAY = datetime.date.today()
OLD_RATES = (TODAY - datetime.timedelta(days=400)).isoformat()  # past the six months of STALE_AFTER_DAYS
FRESH_RATES = (TODAY - datetime.timedelta(days=30)).isoformat()


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def _rates_of(catalog: Catalog, day: str) -> Catalog:
    return dataclasses.replace(catalog, exchange_rates_date=day)


def _quote(catalog: Catalog, currency: str) -> Quote:
    """The 8 x 32 GB DDR4 RDIMM kit new (priced in USD in the catalog, raised to its October 2026 used price) as a
    buyer paying in `currency` pays it. (The RTX 3090's used price had been the example: since round 40 a US price no
    longer raises its older Chinese one, pricing.like_for_like, so a CNY buyer pays its own CNY price, unconverted.)"""
    found = quote(catalog.get("memory", "samsung-ddr4-3200-rdimm-256gb-8x32"), catalog, currency, "new")
    assert found is not None
    return found


def _build(q: Quote, currency: str) -> Build:
    """A one-part build (all that rate_said and the summaries read: its paid parts' price notes and its currency)."""
    part = BuildPart.model_construct(
        category="gpu",
        id="rtx-3090",
        name="NVIDIA GeForce RTX 3090",
        quantity=1,
        unit_price=q.amount,
        owned=0,
        price_note=q.note,
        price_said=q.said,
        price_date=q.price.date,
        scope="node",
    )
    return Build.model_construct(parts=(part,), currency=currency)


def test_a_price_converted_at_old_rates_says_the_rates_date_in_english_and_chinese(shipped: Catalog) -> None:
    old = _quote(_rates_of(shipped, OLD_RATES), "CNY")
    assert old.said.fields["rate_date"] == OLD_RATES and old.said.fields["rate_from"] == "USD"
    assert old.said.fields["rate_stale"] is True
    assert f"the exchange rates of {OLD_RATES} (older than six months)" in old.note
    with language("zh_CN"):
        zh = say(old.said)
    assert f"按 {OLD_RATES} 的汇率" in zh and "（已超过六个月）" in zh and "换算，按" not in zh
    fresh = _quote(_rates_of(shipped, FRESH_RATES), "CNY")
    assert fresh.said.fields["rate_date"] == FRESH_RATES and "exchange rate" not in fresh.note
    native = _quote(_rates_of(shipped, OLD_RATES), "USD")  # paid in the currency it is listed in: no rate used
    assert native.said.fields["rate_date"] is None and "exchange rate" not in native.note


def test_a_build_converted_at_old_rates_carries_a_coded_warning_and_the_summaries_say_it(shipped: Catalog) -> None:
    aged = _build(_quote(_rates_of(shipped, OLD_RATES), "CNY"), "CNY")
    said = prices.rate_said(aged)
    assert said is not None and said.code == "price.rate-old"
    months = (TODAY - datetime.date.fromisoformat(OLD_RATES)).days // 30
    assert said.fields == {"date": OLD_RATES, "months": months, "currencies": ("USD",), "to": "CNY"}
    warning = prices.rate_warning(aged)
    assert warning is not None and warning["rate_date"] == OLD_RATES and warning["currencies"] == ["USD"]
    assert warning["message"] == english(said)
    assert f"exchange rates of {OLD_RATES} ({months} months old)" in warning["message"]
    assert "may be off by the currency's move since" in warning["message"]
    # the window's banner and the sheet's price notes read the summary; it says the rate even when no price is old
    assert english(said) in prices.stale_summary(aged, TODAY)
    with language("zh_CN"):
        summary = phrases.stale_summary(aged)
    assert f"由 USD 换算为 CNY 的价格按目录 {OLD_RATES} 的汇率" in summary and "可能偏离" in summary
    fresh = _build(_quote(_rates_of(shipped, FRESH_RATES), "CNY"), "CNY")
    native = _build(_quote(_rates_of(shipped, OLD_RATES), "USD"), "USD")
    assert prices.rate_said(fresh) is None and prices.rate_warning(fresh) is None
    assert prices.rate_said(native) is None and prices.stale_summary(native, TODAY) == ""


def test_a_user_catalogs_exchange_rates_replace_the_shipped_ones(tmp_path: Path) -> None:
    """The way a user overrides the rates: an [exchange_rates] table in a later layer (the user catalog folder)."""
    shipped_file = tmp_path / "rates.toml"
    shipped_file.write_text(
        '[exchange_rates]\ndate = 2025-06-30\nsource = "old"\nper_usd = { EUR = 0.8532, CNY = 7.1647 }\n',
        encoding="utf-8",
    )
    user_file = tmp_path / "mine.toml"
    user_file.write_text(
        '[exchange_rates]\ndate = 2026-11-30\nsource = "my bank"\nper_usd = { CNY = 7.05 }\n', encoding="utf-8"
    )
    loaded = load_catalog([[shipped_file], [user_file]])
    assert not loaded.problems
    cat = loaded.catalog
    assert cat.exchange_rates["CNY"] == 7.05 and cat.exchange_rates["EUR"] == 0.8532
    assert (cat.exchange_rates_date, cat.exchange_rates_source) == ("2026-11-30", "my bank")


def test_a_catalogs_english_estimate_note_is_labelled_as_the_sources_note_on_a_chinese_sheet(shipped: Catalog) -> None:
    """The 32 GB RDIMM kit's price is derived per GB; its reason is the catalog's English. The Chinese note had read
    '估算：per-GB contract price ...' (English run into a Chinese clause); now it is quoted and labelled."""
    kit = shipped.get("memory", "samsung-ddr5-4800-rdimm-256gb-8x32")  # round 35: the 5600 kit is observed
    found = quote(kit, shipped, "USD", "new")
    assert found is not None
    reason = str(found.said.fields["estimate"])
    assert reason.startswith("the median per-GB price of the DDR5 ECC RDIMMs DatacenterDisk lists")
    assert f"estimate: {reason}" in found.note  # English as written
    with language("zh_CN"):
        zh = say(found.said)
    assert f"估算（目录原注，英文）：“{reason}”" in zh
    assert f"估算：{reason}" not in zh


def test_a_rental_offers_english_estimate_note_is_labelled_as_the_sources_note_in_chinese() -> None:
    """A rental offer's estimate (the rentals catalog's own words) had read '（估计：list price ...）' in Chinese."""
    from configurator.core.common.reasons import Reason

    note = "list price of the provider's smaller instance scaled by GPU count"
    offer = Reason.of(
        "tco.offer",
        instances=1,
        name="1 x H100",
        hourly=2.5,
        currency="USD",
        pricing="on-demand",
        date="2026-11-01",
        source="https://example.com/pricing",
        estimate=note,
    )
    assert f"(estimate: {note})" in english(offer)
    with language("zh_CN"):
        zh = say(offer)
    assert f"（估计（目录原注，英文）：“{note}”）" in zh and f"估计：{note}" not in zh
