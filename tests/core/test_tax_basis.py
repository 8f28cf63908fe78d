"""Every price in one plan on one tax basis (round 41): the buyer's (catalog.tax.buyer), stated on every build.

Round 40's plans mixed bases: a EUR plan's AMD Radeon AI PRO R9700 at 1,153 EUR was "converted from 1,299 USD (a US
price, no VAT or sales tax in it)" beside Greek retail prices with 24 % VAT in them, and a CNY plan's converted US
prices (no VAT) sat beside Chinese shop prices with China's 13 % VAT, so "cheapest" compared a net price with a gross
one. A buyer in Germany pays 19 % import VAT on a card bought from the US (and since 2021-07-01 a Greek shop selling to
a German consumer charges Germany's VAT, not Greece's: the EU VAT e-commerce package,
ec.europa.eu/taxation_customs/business/vat/vat-e-commerce_en); a buyer in China pays 13 % import VAT (MOF / STA / GACC
announcement 2019 No. 39, www.gov.cn/gongbao/content/2019/content_5416183.htm). Rates: the EC's Taxes in Europe
Database (DE 19 % since 2021-01-01, GR 24 % since 2016-06-01), read 2026-12-06.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import html
import io
import json
import shlex
from typing import Any

import pytest

from configurator.core.catalog import tax
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.common.reasons import english
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.report import prices, words
from configurator.core.solve.pricing import quote
from configurator.storage import catalogs
from tests.expert.runner import request_options, run_plan
from tests.independent_checker import check_labels

EUR_PLAN = (
    "--model qwen2.5-72b --workload finetune --method lora --budget 60000 --currency EUR --gpus 8 --exact-gpus "
    "--room server-room"
)
CNY_PLAN = "--currency CNY --budget 60000 --model qwen3-32b --workload inference"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def _price(amount: float, currency: str, condition: str, **taxed: object) -> Price:
    return Price.model_validate(
        {
            "amount": amount,
            "currency": currency,
            "condition": condition,
            "date": "2026-10-04",
            "source": "https://example.org/test",
            **taxed,
        }
    )


def _with_prices(catalog: Catalog, kind: str, record_id: str, prices: tuple[Price, ...]) -> tuple[Catalog, Record]:
    record = catalog.get(kind, record_id).model_copy(update={"prices": prices})
    records = {k: dict(v) for k, v in catalog.records.items()}
    records[kind][record_id] = record
    return dataclasses.replace(catalog, records=records), record


def test_the_buyers_basis_by_currency() -> None:
    assert tax.buyer("USD") == tax.TaxBasis("US", "US", 0.0)
    assert tax.buyer("EUR") == tax.TaxBasis("DE", "EU", 0.19)
    assert tax.buyer("CNY") == tax.TaxBasis("CN", "CN", 0.13)
    # the EU import rule lands an exporter's price with the same rate the plan's basis holds
    from configurator.core.solve.pricing import IMPORT

    assert all(rule.vat == tax.buyer("EUR").rate for rule in IMPORT["EUR"])  # type: ignore[union-attr]
    greek = tax.TaxBasis("GR", "EU", 0.24)
    assert tax.for_buyer(1240.0, greek, tax.buyer("EUR")) == pytest.approx(1190.0)  # type: ignore[arg-type]
    assert tax.for_buyer(1000.0, None, tax.buyer("EUR")) == 1000.0  # type: ignore[arg-type]


def test_a_converted_us_price_carries_the_buyers_vat(shipped: Catalog) -> None:
    """The R9700's 1,299 USD (a US shop, before sales tax) is 1,153 EUR at 0.8874 EUR/USD; a buyer in Germany pays
    19 % import VAT on it: 1,372 EUR, and the note says so in English and Chinese."""
    card = shipped.get("gpus", "radeon-ai-pro-r9700")
    q = quote(card, shipped, "EUR", "new")
    assert q is not None and q.converted and q.price.amount == 1299.0
    assert q.amount == pytest.approx(shipped.convert(1299.0, "USD", "EUR") * 1.19)
    assert q.said.fields["vat_region"] == "DE" and q.said.fields["vat_pct"] == 19.0
    assert "Germany's 19 % VAT added" in q.note
    with words.language("zh_CN"):
        assert "加德国 19% 增值税" in words.say(q.said)
    # a US buyer pays the listed price: nothing moved, nothing said
    us = quote(card, shipped, "USD", "new")
    assert us is not None and us.amount == 1299.0 and us.vat_said is None
    assert us.said.fields["vat_region"] == "US" and us.said.fields["vat_pct"] == 0.0


def test_cheapest_condition_is_chosen_like_with_like(shipped: Catalog) -> None:
    """A new card in a Greek shop at 1,240 EUR (24 % VAT in: 1,000 net) against the same card used on eBay US at
    1,300 USD (1,154 EUR, no VAT in it): compared as listed the used one looked cheaper (1,154 < 1,240); a buyer in
    Germany pays 1,190 for the new one (Germany's VAT) and 1,373 for the used one (import VAT), so new it is."""
    greek = _price(1240.0, "EUR", "new", region="GR", vat_included=True)
    used_us = _price(1300.0, "USD", "used")
    catalog, card = _with_prices(shipped, "gpus", "rtx-5090", (greek, used_us))
    q = quote(card, catalog, "EUR", "any")
    assert q is not None and q.condition == "new"
    assert q.amount == pytest.approx(1190.0)
    used = quote(card, catalog, "EUR", "used")
    assert used is not None and used.amount == pytest.approx(catalog.convert(1300.0, "USD", "EUR") * 1.19)
    assert used.amount > q.amount


@functools.cache
def _planned(args: str) -> tuple[tuple[Build, ...], BuildRequest]:
    from configurator.cli.main import build_parser
    from configurator.core.model.args import build_request, workload_from_args
    from configurator.core.solve.plan import plan
    from tests.expert.runner import shipped_catalog

    namespace = build_parser().parse_args(["plan", *shlex.split(args)])
    catalog = shipped_catalog()
    model = catalog.records["models"][namespace.model]
    request = build_request(namespace, model.id, workload_from_args(namespace))
    return tuple(plan(request, catalog, model=model).builds), request  # type: ignore[arg-type]


def _plan_builds(args: str) -> list[Build]:
    return list(_planned(args)[0])


def _one_basis(builds: list[Build], region: str, pct: float) -> None:
    assert builds
    for build in builds:
        paid = [p for p in build.parts if p.subtotal > 0]
        assert paid
        for part in paid:
            assert part.price_said is not None, part.id
            fields = part.price_said.fields
            assert fields.get("vat_region") == region, (build.gpu_id, part.id, fields.get("vat_region"))
            # the buyer's VAT is in the amount, or the price's own tax is not known and it says so
            assert fields.get("vat_pct") in (pct, None), (part.id, fields.get("vat_pct"))
            if fields.get("vat_pct") is None:
                assert "taken as listed" in part.price_note
        said = prices.tax_said(build)
        assert said is not None and said.fields["region"] == region and said.num("vat_pct") == pct
        assert said.num("net") + said.num("vat") == pytest.approx(build.total_price, abs=0.05)
        text = english(said)
        assert text.startswith("prices ") and f"{build.total_price:,.0f} {build.currency}" in text
        with words.language("zh_CN"):
            assert "价格含" in words.say(said)


@pytest.mark.slow
def test_a_eur_plan_is_on_germanys_vat_throughout() -> None:
    _one_basis(_plan_builds(EUR_PLAN), "DE", 19.0)


@pytest.mark.slow
def test_a_cny_plan_is_on_chinas_vat_throughout() -> None:
    _one_basis(_plan_builds(CNY_PLAN), "CN", 13.0)


@pytest.mark.slow
@pytest.mark.parametrize("args", [EUR_PLAN, CNY_PLAN])
def test_labels_hold_on_the_one_basis(args: str) -> None:
    """Every label ("cheapest", "best value", "fastest within budget") checked against totals that share a basis."""
    result = run_plan(args)
    opts = request_options(args)
    assert check_labels(result, budget=opts["budget"], room=opts.get("room")) == []


@pytest.mark.slow
def test_plan_json_keeps_its_keys_and_adds_the_basis(capsys: pytest.CaptureFixture[str]) -> None:
    from configurator.cli.main import main

    assert main(["plan", *shlex.split(CNY_PLAN), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    build = data["builds"][0]
    for key in ("rank", "label", "parts", "total_price", "currency", "price_warnings", "rate_warning", "price_dates"):
        assert key in build
    basis = build["price_basis"]
    assert basis["code"] == "price.basis" and basis["region"] == "CN" and basis["vat_pct"] == 13.0
    assert basis["total"] == pytest.approx(build["total_price"], abs=0.01)
    assert basis["net"] + basis["vat"] == pytest.approx(build["total_price"], abs=0.05)
    assert basis["message"].startswith("prices with China's 13 % VAT")


@pytest.mark.slow
def test_exports_state_the_basis() -> None:
    """The CSV's two trailing columns, the Markdown list's and the sheet's "Tax:" line, in English and Chinese."""
    from configurator.core.report import purchase, sheet

    builds, request = _planned(CNY_PLAN)
    rows = list(csv.reader(io.StringIO(purchase.csv_text(list(builds), request))))
    assert rows[0][-3:] == ["VAT region", "VAT in unit price (%)", "Nodes"]  # Nodes stays last
    paid = [r for r in rows[1:] if float(r[rows[0].index("Subtotal")]) > 0]
    assert paid and all(r[-3] == "CN" and r[-2] in ("13", "") for r in paid)
    assert any(r[-2] == "13" for r in paid)
    markdown = purchase.markdown_text(list(builds), request)
    assert "Tax: prices with China's 13 % VAT, as a buyer there pays it" in markdown
    assert "Tax: prices with China's 13 % VAT" in html.unescape(sheet.parts_section(builds[0]))
    with words.language("zh_CN"):
        assert "税项：价格含中国 13% 增值税" in sheet.parts_section(builds[0])
