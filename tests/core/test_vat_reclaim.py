"""A VAT-registered buyer reclaims VAT; a euro buyer names their country (round 42, catalog.tax.buyer).

A business registered for VAT deducts the input VAT it pays on goods for its taxed business (Council Directive
2006/112/EC, Articles 167-168; taxation-customs.ec.europa.eu/taxation/vat/vat-directive/vat-deduction_en), so a lab
manager compares and budgets without VAT. A euro buyer pays their own country's rate (since 2021-07-01 a shop in one
member state selling to a consumer in another charges the destination's VAT: the EU VAT e-commerce package). Rates:
the European Commission's Taxes in Europe Database (ec.europa.eu/taxation_customs/tedb/), as vatnode/eu-vat-rates-data
transcribes it (version 2026-08-26), read 2026-12-07: DE 19 % since 2021-01-01, FR 20 % since 2014-01-01, IT 22 %
since 2013-10-01, ES 21 % since 2012-09-01, NL 21 % since 2012-10-01, AT 20 % since 1984-01-01, IE 23 % since
2021-03-01, PL 23 % since 2011-01-01, FI 25.5 % since 2024-09-01 (Finland's Ministry of Finance, vm.fi/en/value-added-tax,
says the same). A service (a cloud rental, an API) to a business is reverse-charged (Articles 44 and 196): no VAT on
its invoice; to a consumer an electronically supplied service is taxed where they live (Article 58).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import shlex
from typing import Any

import pytest

from configurator.core.catalog import tax
from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason, english
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.report import prices, words
from configurator.core.solve.pricing import quote
from configurator.storage import catalogs
from tests.core.test_tax_basis import _price, _with_prices

# the round-41 EUR plan (tests/core/test_tax_basis.py): with Germany's VAT the 8 x RTX A6000 build at 65,669 EUR is
# over the 60,000 EUR budget; a buyer who reclaims VAT pays 55,184 EUR for it, within the same budget (net)
EUR_PLAN = (
    "--model qwen2.5-72b --workload finetune --method lora --budget 60000 --currency EUR --gpus 8 --exact-gpus "
    "--room server-room"
)

OFFICIAL = {"DE": 19.0, "FR": 20.0, "IT": 22.0, "ES": 21.0, "NL": 21.0, "AT": 20.0, "IE": 23.0, "PL": 23.0, "FI": 25.5}


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def test_each_euro_country_has_its_official_rate() -> None:
    assert tax.EUR_COUNTRIES[0] == "DE" and set(tax.EUR_COUNTRIES) == set(OFFICIAL)
    for country, pct in OFFICIAL.items():
        vat = tax.VAT[country]
        assert round(vat.rate * 100, 1) == pct and vat.market == "EU", country
        assert vat.source.startswith("https://ec.europa.eu/taxation_customs/tedb/")
        basis = tax.buyer("EUR", country)
        assert basis == tax.TaxBasis(country, "EU", vat.rate)
    assert tax.buyer("EUR") == tax.buyer("EUR", "DE")  # Germany stays the default
    with pytest.raises(ValueError):
        tax.buyer("USD", "FR")


def test_a_reclaiming_buyer_is_on_a_net_basis() -> None:
    net = tax.buyer("EUR", "FI", reclaim=True)
    assert net == tax.TaxBasis("FI", "EU", 0.0, reclaimed=True)
    assert tax.buyer("CNY", reclaim=True) == tax.TaxBasis("CN", "CN", 0.0, reclaimed=True)
    # a US buyer has no VAT to reclaim: before sales tax either way, and nothing said reclaimed
    assert tax.buyer("USD", reclaim=True) == tax.buyer("USD") == tax.TaxBasis("US", "US", 0.0)
    # a Greek shop's 1,240 EUR (24 % in) is 1,000 EUR to a business, 1,255 EUR to a consumer in Finland
    greek = tax.TaxBasis("GR", "EU", 0.24)
    assert tax.for_buyer(1240.0, greek, net) == pytest.approx(1000.0)  # type: ignore[arg-type]
    assert tax.for_buyer(1240.0, greek, tax.buyer("EUR", "FI")) == pytest.approx(1255.0)  # type: ignore[arg-type]


def test_a_quote_on_a_reclaiming_buyers_basis(shipped: Catalog) -> None:
    """The R9700's 1,299 USD (a US shop, no VAT in it) is 1,153 EUR; a consumer in Germany pays 1,372 EUR with import
    VAT, a VAT-registered lab 1,153 EUR (it reclaims the import VAT), a consumer in Italy 1,407 EUR (22 %)."""
    card = shipped.get("gpus", "radeon-ai-pro-r9700")
    listed = shipped.convert(1299.0, "USD", "EUR")
    lab = quote(card, shipped, "EUR", "new", tax.buyer("EUR", reclaim=True))
    assert lab is not None and lab.amount == pytest.approx(listed)
    assert lab.said.fields["vat_region"] == "DE" and lab.said.fields["vat_pct"] == 0.0
    assert lab.said.fields["vat_reclaimed_pct"] == 19.0
    # taken as listed (no VAT in it, none on the lab's basis): the part's note says nothing of VAT, the plan's tax
    # line says the basis once (a reclaiming lab's sheet had repeated it after every US-priced part)
    assert lab.vat_said is None and "reclaimed" not in lab.note and "19 %" not in lab.note
    with words.language("zh_CN"):
        assert "可抵扣" not in words.say(lab.said)
    italy = quote(card, shipped, "EUR", "new", tax.buyer("EUR", "IT"))
    assert italy is not None and italy.amount == pytest.approx(listed * 1.22)
    assert "Italy's 22 % VAT added" in italy.note
    # a Greek price: its 24 % taken out, nothing put in
    greek = _price(1240.0, "EUR", "new", region="GR", vat_included=True)
    catalog, rtx = _with_prices(shipped, "gpus", "rtx-5090", (greek,))
    net = quote(rtx, catalog, "EUR", "new", tax.buyer("EUR", reclaim=True))
    assert net is not None and net.amount == pytest.approx(1000.0)
    assert "Greece's 24 % VAT taken out, as a VAT-registered buyer reclaims it" in net.note
    # a private seller's used card (tax not known) has no VAT to reclaim: as listed on every basis
    private = _price(700.0, "EUR", "used")
    catalog, rtx = _with_prices(shipped, "gpus", "rtx-3090", (private,))
    for basis in (tax.buyer("EUR", reclaim=True), tax.buyer("EUR", "FR"), None):
        q = quote(rtx, catalog, "EUR", "used", basis)
        assert q is not None and q.amount == 700.0


def test_the_request_validates_the_country() -> None:
    assert BuildRequest(model_id="qwen3-32b", currency="EUR", vat_country="PL").tax_basis == tax.buyer("EUR", "PL")
    with pytest.raises(ValueError, match="cannot name VAT country 'FR'; a VAT country is named for EUR plans"):
        BuildRequest(model_id="qwen3-32b", currency="CNY", vat_country="FR")


def test_the_cli_refuses_a_country_for_another_currency(capsys: pytest.CaptureFixture[str]) -> None:
    from configurator.cli.main import main

    code = main(["plan", "--model", "qwen3-32b", "--workload", "inference", "--currency", "USD", "--vat-country", "FR"])
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot name VAT country 'FR'" in err and "Traceback" not in err
    # `map` takes the same options and refuses the same way (it had printed pydantic's ValidationError, exit 1)
    assert main(["map", "--workload", "inference", "--currency", "CNY", "--vat-country", "de"]) == 2
    err = capsys.readouterr().err
    assert "cannot name VAT country 'DE'" in err and "Traceback" not in err and "pydantic" not in err


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


# Round 47 (land47): at round 45's dated prices the fastest 8-GPU build of EUR_PLAN, 8 x A100 40GB, is 47,915.73 EUR with
# Germany's VAT and 40,265.32 net, both within 60,000 (8 x A6000 fell to 41,149 EUR with VAT): the budget that holds it
# net but not with VAT is asked between the two
RECLAIM_BUDGET = 45000
RECLAIM_PLAN = EUR_PLAN.replace("--budget 60000", f"--budget {RECLAIM_BUDGET}")


@pytest.mark.slow
def test_a_reclaiming_lab_budgets_without_vat() -> None:
    """The same budget, on the buyer's basis: with VAT the fastest build is over it; net it is within it, so it is the
    plan's fastest within budget, and every total and label is net. Round 41 showed it at 60,000 EUR on 8 x A6000
    (65,669 EUR with VAT, 55,184 net); since round 45's prices on 8 x A100 40GB at 45,000 (RECLAIM_BUDGET)."""
    paying, _ = _planned(RECLAIM_PLAN)
    builds, request = _planned(RECLAIM_PLAN + " --vat reclaim")
    budget = RECLAIM_BUDGET
    assert request.vat == "reclaim" and request.tax_basis == tax.buyer("EUR", reclaim=True)
    assert all(b.total_price <= budget * 1.0001 for b in paying if "within budget" in b.label)
    fastest = next(b for b in builds if "fastest within budget" in b.label)
    said = prices.tax_said(fastest)
    assert said is not None and said.fields["reclaim"] is True and said.num("vat") == 0.0
    assert said.num("net") == pytest.approx(fastest.total_price, abs=0.05)
    assert fastest.total_price <= budget < said.num("gross")  # within the budget net, over it with VAT
    assert not any(b.total_price > budget for b in paying if b.gpu_id == fastest.gpu_id and b.nodes == fastest.nodes
                   and abs(b.total_price - said.num("gross")) < 1)  # fmt: skip
    # a next step is priced on the build's own basis (Build.tax_basis): the best-value A6000 build's swap to 8 x A100
    # 80GB is 106,444 EUR with Germany's VAT, 89,449 EUR net, and what the cards taken out fetch likewise
    value = next(b for b in builds if "best value" in b.label)
    paid_value = next(b for b in paying if "best value" in b.label)
    assert value.gpu_id == paid_value.gpu_id and value.next_steps and paid_value.next_steps
    step, paid_step = value.next_steps[0], paid_value.next_steps[0]
    assert step["gpu"] == paid_step["gpu"] and step["cost"] == pytest.approx(paid_step["cost"] / 1.19, rel=1e-6)
    assert step["sold"] == pytest.approx(paid_step["sold"] / 1.19, rel=1e-6)  # type: ignore[operator]
    for build in builds:
        for part in build.parts:
            if part.subtotal > 0 and part.price_said is not None and part.price_said.fields.get("vat_pct") is not None:
                assert part.price_said.fields["vat_pct"] == 0.0 and part.price_said.fields["vat_region"] == "DE"
        text = english(prices.tax_said(build))  # type: ignore[arg-type]
        assert text.startswith("prices without VAT") and "reclaims its 19 %" in text
        with words.language("zh_CN"):
            assert "价格不含增值税" in words.say(prices.tax_said(build))  # type: ignore[arg-type]


@pytest.mark.slow
def test_labels_hold_on_a_reclaimed_basis() -> None:
    """The independent checker's labels ("cheapest", "best value", "fastest within budget") against the net totals
    and the same budget, read net."""
    from tests.expert.runner import request_options, run_plan
    from tests.independent_checker import check_labels

    args = EUR_PLAN + " --vat reclaim"
    result = run_plan(args)
    opts = request_options(args)
    assert check_labels(result, budget=opts["budget"], room=opts.get("room")) == []


@pytest.mark.slow
def test_json_and_exports_state_a_reclaimed_basis(capsys: pytest.CaptureFixture[str]) -> None:
    from configurator.cli.main import main
    from configurator.core.report import purchase, sheet

    assert main(["plan", *shlex.split(EUR_PLAN), "--vat", "reclaim", "--vat-country", "NL", "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    basis = data["builds"][0]["price_basis"]
    # round 41's keys kept, round 42's added
    for key in ("code", "region", "vat_pct", "currency", "total", "vat", "net", "listed", "message"):
        assert key in basis
    assert basis["region"] == "NL" and basis["reclaim"] is True and basis["region_vat_pct"] == 21.0
    assert basis["vat_pct"] == 0.0 and basis["net"] == pytest.approx(basis["total"], abs=0.05)
    assert basis["gross"] > basis["total"]
    assert basis["message"].startswith("prices without VAT") and "the Netherlands" in basis["message"]

    builds, request = _planned(EUR_PLAN + " --vat reclaim --vat-country NL")
    rows = list(csv.reader(io.StringIO(purchase.csv_text(list(builds), request))))
    paid = [r for r in rows[1:] if float(r[rows[0].index("Subtotal")]) > 0]
    assert paid and all(r[-3] == "NL" and r[-2] in ("0", "") for r in paid)
    markdown = purchase.markdown_text(list(builds), request)
    assert "Tax: prices without VAT" in markdown
    assert "reclaimed: prices and budget without VAT (the Netherlands, 21 %)" in purchase.request_summary(request)
    assert "Tax: prices without VAT" in sheet.parts_section(builds[0])
    with words.language("zh_CN"):
        assert "税项：价格不含增值税" in sheet.parts_section(builds[0])
        assert "可抵扣：价格与预算不含荷兰 21% 增值税" in purchase.request_summary(request)


def test_rentals_and_apis_on_the_purchase_basis(shipped: Catalog) -> None:
    """A consumer in the EU pays their VAT on a rental or an API (Article 58), a VAT-registered lab none (reverse
    charge), a US buyer none: the rental's hourly price and the API bill carry the same basis as the build."""
    from configurator.core.costs import api, tco

    def basis_build(build: Build, basis: tax.TaxBasis) -> Build:
        # the build's lines say the basis they were priced on (price.quote's vat_region, vat_reclaimed_pct)
        parts = []
        for part in build.parts:
            if part.price_said is None:
                parts.append(part)
                continue
            fields = dict(part.price_said.fields, vat_region=basis.region)
            fields["vat_reclaimed_pct"] = round(tax.VAT[basis.region].rate * 100, 1) if basis.reclaimed else None
            said = Reason.of(part.price_said.code, **fields)  # type: ignore[arg-type]
            parts.append(part.model_copy(update={"price_said": said}))
        return build.model_copy(update={"parts": tuple(parts)})

    builds, _ = _planned("--model qwen3-14b --workload inference --currency EUR --budget 4000")
    build = builds[0]
    model = shipped.records["models"]["qwen3-14b"]
    consumer = basis_build(build, tax.buyer("EUR", "FI"))  # type: ignore[arg-type]
    lab = basis_build(build, tax.buyer("EUR", "FI", reclaim=True))  # type: ignore[arg-type]
    assert consumer.tax_basis == tax.buyer("EUR", "FI") and lab.tax_basis == tax.buyer("EUR", "FI", reclaim=True)
    offers = list(shipped.records["cloud"].values())
    workload = build.estimate.workload
    paid = tco.search_rentals(consumer, offers, shipped, model, build_workload(workload)).match
    net = tco.search_rentals(lab, offers, shipped, model, build_workload(workload)).match
    assert paid is not None and net is not None and paid.offer.id == net.offer.id
    assert paid.hourly == pytest.approx(net.hourly * 1.255) and paid.vat_pct == 25.5 and net.vat_pct == 0.0
    assert "with 25.5 % VAT, as a consumer pays it" in paid.describe() and "VAT" not in net.describe()
    assert paid.to_json()["vat_pct"] == 25.5
    assert ", with 25.5 % VAT" in english(tco.rented_said(paid.to_json()))  # the break-even's "rented:" clause
    assert "VAT" not in english(tco.rented_said(net.to_json()))
    with words.language("zh_CN"):
        assert "含 25.5% 增值税" in words.say(tco.rented_said(paid.to_json()))
    bill = api.api_use(consumer, model, 500.0, shipped)
    net_bill = api.api_use(lab, model, 500.0, shipped)
    assert bill is not None and net_bill is not None
    assert bill.monthly == pytest.approx(net_bill.monthly * 1.255) and bill.to_json()["vat_pct"] == 25.5
    assert "25.5 % VAT in" in english(bill.said())


def test_a_reclaiming_lab_pays_the_business_tariff_net(shipped: Catalog) -> None:
    """Electricity on the purchase's basis (round 43): a household pays Eurostat's EU average with VAT and levies
    (EUR 0.2872/kWh, nrg_pc_204, 1st half 2025); a VAT-registered business pays the non-household tariff without VAT
    and other recoverable taxes (EUR 0.1902/kWh, nrg_pc_205, the same half-year; Eurostat, Statistics Explained,
    Electricity price statistics, data extracted October 2025), so a reclaiming lab's running costs are net like its
    parts. The buyer's own price per kWh still wins; a US buyer (no VAT) keeps the US preset."""
    from configurator.core.costs import tco

    lab_said = tco.PRESETS["eu-business"]
    assert lab_said.price_per_kwh == pytest.approx(0.1902) and lab_said.currency == "EUR"
    assert "nrg_pc_205" in lab_said.source and "excluding VAT" in lab_said.source and not lab_said.estimate
    builds, _ = _planned("--model qwen3-14b --workload inference --currency EUR --budget 4000")
    lab_builds, _ = _planned("--model qwen3-14b --workload inference --currency EUR --budget 4000 --vat reclaim")
    home, lab = builds[0], next(b for b in lab_builds if b.gpu_id == builds[0].gpu_id)
    assert not tco.reclaims(home) and tco.reclaims(lab)
    assert tco.default_profile("EUR", reclaim=tco.reclaims(lab)) is lab_said
    assert tco.default_profile("EUR", reclaim=tco.reclaims(home)) is tco.PRESETS["eu"]
    assert tco.default_profile("USD", reclaim=True) is tco.PRESETS["us"]
    home_costs, lab_costs = home.cost_of_ownership, lab.cost_of_ownership
    assert home_costs is not None and lab_costs is not None
    # the same machine, on for the same hours: the lab's yearly energy bill is the business tariff's, net
    assert lab_costs["yearly_energy_kwh"] == pytest.approx(home_costs["yearly_energy_kwh"], rel=1e-3)
    assert home_costs["yearly_energy"] == pytest.approx(home_costs["yearly_energy_kwh"] * 0.2872, rel=1e-3)
    assert lab_costs["yearly_energy"] == pytest.approx(lab_costs["yearly_energy_kwh"] * 0.1902, rel=1e-3)
    assert lab_costs["monthly_owning_cost"] < home_costs["monthly_owning_cost"]
    mine = tco.OwnershipInputs(price_per_kwh=0.35)
    assert mine.profile("EUR", reclaim=True).price_per_kwh == pytest.approx(0.35)  # the buyer's own price wins


def build_workload(asked: dict[str, Any]) -> Any:
    from configurator.core.estimate.workload import Workload

    return Workload.model_validate({k: v for k, v in asked.items() if k in Workload.model_fields})
