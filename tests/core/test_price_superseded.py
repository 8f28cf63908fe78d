"""A price the market has left is not offered as is (issue #30's follow-up, solve.pricing.SUPERSEDED_AFTER_DAYS).

A buyer cannot pay the mid-2025 560 USD for eight new 32 GB DDR4 RDIMMs when the same modules sold used at 200-400 USD
a stick in October 2026 (joekarlsson.com, homelab update), nor a Q1-2026 contract-derived 14 USD/GB for 32 GB DDR5
RDIMMs when 64 GB DDR5 RDIMMs were seen at 28-32 USD/GB street in June-July 2026 (memory.toml, its sources). The
newer observation raises the old figure, which is then an estimate that says why and is dated by the observation.
"""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import MemoryKit, Price, Record
from configurator.core.common.reasons import english
from configurator.core.report import words
from configurator.core.solve.pricing import SUPERSEDED_AFTER_DAYS, quote
from configurator.storage import catalogs
from tests.helpers import run_cli

DDR4_KIT = "samsung-ddr4-3200-rdimm-256gb-8x32"
DDR5_32GB_KIT = "samsung-ddr5-5600-rdimm-256gb-8x32"


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return catalogs.load(include_user=False).catalog


def _with(catalog: Catalog, record: Record) -> Catalog:
    """The catalog with `record` in place of the shipped one of the same id."""
    records = {kind: dict(items) for kind, items in catalog.records.items()}
    records["memory"][record.id] = record
    return dataclasses.replace(catalog, records=records)


def _alone(catalog: Catalog, record: MemoryKit) -> Catalog:
    """The catalog with `record` in place and no other kit of its class (memory type, module, ECC): its own prices are
    then the only evidence, whatever other kits of the class the shipped catalog records."""
    same = (record.memory_type, record.module, record.ecc)
    records = {kind: dict(items) for kind, items in catalog.records.items()}
    records["memory"] = {
        k: v
        for k, v in records["memory"].items()
        if not (isinstance(v, MemoryKit) and (v.memory_type, v.module, v.ecc) == same)
    }
    records["memory"][record.id] = record
    return dataclasses.replace(catalog, records=records)


def _price(amount: float, day: str, condition: str = "new", currency: str = "USD", estimate: str = "") -> Price:
    return Price(
        amount=amount,
        currency=currency,  # type: ignore[arg-type]
        condition=condition,  # type: ignore[arg-type]
        date=datetime.date.fromisoformat(day),
        source="https://example.org/test",
        estimate_reason=estimate,
    )


def test_an_old_new_price_is_raised_to_a_newer_used_one(shipped: Catalog) -> None:
    q = quote(shipped.get("memory", DDR4_KIT), shipped, "USD", "new")
    assert q is not None and q.raised is not None
    assert q.amount == pytest.approx(1600.0)  # the October 2026 used price: a new kit costs at least that
    assert q.raised.old_amount == pytest.approx(560.0)
    assert q.raised.basis == "condition"
    assert q.price.date == datetime.date(2026, 10, 1)  # dated by the observation, so not flagged as old
    assert q.price.estimate_reason  # an estimate, with its reason
    said = english(q.said)
    assert "raised from 560 (new, 2025-06-01)" in said and "used" in said
    with words.language("zh_CN"):
        assert "估算：由 560（新品，2025-06-01）上调" in words.say(q.said)


def test_a_derived_estimate_gives_way_to_newer_observations_of_its_class(shipped: Catalog) -> None:
    # the kit as it stood before its own August 2026 listing (round 35 gave it one, 1,426 USD a module, and a China
    # price): its newest price the Q1 contract derivation, the rest of the catalog's DDR5 RDIMMs the evidence
    shipped_kit = shipped.get("memory", DDR5_32GB_KIT)
    assert isinstance(shipped_kit, MemoryKit)
    before = tuple(p for p in shipped_kit.prices if p.date < datetime.date(2026, 7, 1))
    kit = shipped_kit.model_copy(update={"prices": before})
    shipped = _with(shipped, kit)
    q = quote(kit, shipped, "USD", "new")
    assert q is not None and q.raised is not None
    assert q.raised.old_amount == pytest.approx(3600.0)  # 14 USD/GB, Counterpoint's Q1 contract price
    assert q.raised.basis == "class"
    # the lowest DDR5 RDIMM street price per GB seen since: 1,800 USD per 64 GB module (2026-06-22)
    assert q.raised.per_gb == pytest.approx(1800 / 64)
    assert q.amount == pytest.approx(256 * 1800 / 64)
    # in another currency the same raise, converted
    cny = quote(kit, shipped, "CNY", "new")
    assert cny is not None and cny.raised is not None
    # (a US price, before tax, put on a Chinese buyer's basis: China's 13 % import VAT added, tax.buyer, round 41)
    assert cny.amount == pytest.approx(shipped.convert(7200.0, "USD", "CNY") * 1.13)


def test_the_rule_keeps_what_is_not_evidence(shipped: Catalog) -> None:
    base = shipped.get("memory", DDR4_KIT)
    assert isinstance(base, MemoryKit)
    within = SUPERSEDED_AFTER_DAYS - 30
    day = (datetime.date(2025, 6, 1) + datetime.timedelta(days=within)).isoformat()
    # an observed price less than twelve months older than the used one is kept
    kit = base.model_copy(update={"prices": (_price(560, "2025-06-01"), _price(1600, day, "used"))})
    q = quote(kit, _alone(shipped, kit), "USD", "new")
    assert q is not None and q.raised is None and q.amount == 560
    # a newer new price does not raise an old used one (a used part may cost less than a new one)
    kit = base.model_copy(update={"prices": (_price(300, "2025-01-01", "used"), _price(1600, "2026-10-01"))})
    q = quote(kit, _alone(shipped, kit), "USD", "used")
    assert q is not None and q.raised is None and q.amount == 300
    # a lower newer observation never lowers the price (the rule only bounds from below)
    kit = base.model_copy(update={"prices": (_price(560, "2024-06-01"), _price(200, "2026-10-01", "used"))})
    q = quote(kit, _alone(shipped, kit), "USD", "new")
    assert q is not None and q.raised is None and q.amount == 560
    # one market: a European price per GB (with its VAT) does not raise a US estimate of the same class
    ddr5 = shipped.get("memory", DDR5_32GB_KIT)
    kit = ddr5.model_copy(update={"prices": (_price(3600, "2026-09-01", estimate="derived"),)})
    other = shipped.get("memory", "micron-ddr5-4800-rdimm-512gb-8x64")
    eu = other.model_copy(update={"prices": (_price(20000, "2026-11-01", currency="EUR"),)})
    catalog = _with(_with(shipped, kit), eu)
    records = {
        k: v
        for k, v in catalog.records["memory"].items()
        if not k.startswith(("micron-ddr5", "samsung-ddr5-5600-rdimm-512"))
    }
    records[eu.id] = eu
    catalog = dataclasses.replace(catalog, records={**catalog.records, "memory": records})
    q = quote(kit, catalog, "USD", "new")
    assert q is not None and q.raised is None and q.amount == 3600


@pytest.mark.slow
def test_a_plan_names_every_raised_price() -> None:
    """Qwen3-235B-A22B Q4_K_M in CNY, new parts: the 32 GB DDR4 and DDR5 RDIMM kits are paid at the raised figure and
    `plan --json` says so on each build that pays one. (DeepSeek-R1 Q8_0 had been the request: there the raised DDR5
    kit costs exactly what a 4 x 64 GB kit does, 51,585.84 CNY, and which of the two a build takes is a tie the test
    cannot hold the plan to.)"""
    run = run_cli(
        "plan",
        "--model",
        "qwen3-235b-a22b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--currency",
        "CNY",
        "--condition",
        "new",
        "--json",
    )
    assert run.code == 0, run.err
    plan = run.json()
    raised = [(b, w) for b in plan["builds"] for w in b.get("price_warnings", []) if w["code"] == "price.raised"]
    assert raised, "no build says a price was raised"
    for build, warning in raised:
        part = next(p for p in build["parts"] if p["id"] == warning["part_id"])
        assert part["price_date"] == warning["price_date"]
        assert "raised from" in warning["message"]
    paid = {p["id"] for b in plan["builds"] for p in b["parts"] if p["unit_price"] > 0}
    # the DDR4 kit is paid on the experts-in-RAM hosts; the 32 GB DDR5 kit only where a build is on DDR5 (none since
    # round 28's hosts: the shroud frames, the DDR4 EPYCs' quicker CPUs), checked below whenever one is
    assert DDR4_KIT in paid, paid
    for build in plan["builds"]:
        warned = {w["part_id"] for w in build.get("price_warnings", []) if w["code"] == "price.raised"}
        for part in build["parts"]:
            if part["id"] == DDR5_32GB_KIT and part["unit_price"] > 0:
                # round 35: the kit's own China price of 2026-07-01 (8 x 9,190 CNY), observed, so nothing raises it
                assert part["unit_price"] == pytest.approx(73_520) and part["id"] not in warned
            if part["id"] == DDR4_KIT and part["unit_price"] > 0:
                # the October 2026 1,600 USD (10,727 CNY at the ECB's 2026-10-06 6.70459 CNY/USD; 11,464 at the
                # recalled 2025 rate this bound was first written at): never the mid-2025 560 USD (3,755 CNY) nor the
                # Q1 contract-derived 3,600 USD (24,137 CNY)
                assert 10_000 < part["unit_price"] < 20_000 and part["id"] in warned
