"""A part its vendor no longer sells new is never offered at its old list price (#30: prices a buyer can act on).

Apple withdrew the 512 GB Mac Studio in March 2026 and the 128 GB options in May 2026 (sources in
catalogs/systems.toml); the app still offered the 512 GB machine at its 2025 price of 9,499 USD as the cheapest
way to run DeepSeek-R1, a machine nobody could order."""

from __future__ import annotations

import datetime

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import System
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.core.solve.pricing import quote


def test_a_discontinued_machine_has_no_new_price_but_keeps_its_used_one(catalog: Catalog) -> None:
    gone = catalog.records["systems"]["mac-studio-m3-ultra-80c-512gb"]
    assert isinstance(gone, System) and not gone.sold_new_on(datetime.date(2026, 12, 1))
    assert quote(gone, catalog, "USD", "new") is None and quote(gone, catalog, "USD", "any") is None
    old = catalog.records["systems"]["mac-studio-m1-ultra-64c-128gb"]  # replaced in June 2023, sold used
    used = quote(old, catalog, "USD", "any")
    assert used is not None and used.condition == "used"
    assert quote(old, catalog, "USD", "new") is None


def test_no_plan_offers_a_mac_studio_that_cannot_be_ordered(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="deepseek-r1",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
        budget=30000,
        top_k=10,
    )
    offered = {p.id for b in plan(request, catalog).builds for p in b.parts}
    assert "mac-studio-m3-ultra-80c-512gb" not in offered and "mac-studio-m4-max-40c-128gb" not in offered


def test_an_end_of_sale_needs_its_source(catalog: Catalog) -> None:
    """The catalog refuses an end of sale without where it is stated."""
    from pydantic import ValidationError

    record = catalog.records["systems"]["mac-studio-m3-ultra-80c-512gb"]
    data = {**record.model_dump(), "sold_new_source": ""}
    with pytest.raises(ValidationError, match="sold_new_source"):
        type(record).model_validate(data)


def test_a_plan_naming_a_withdrawn_machine_says_its_sale_ended(catalog: Catalog) -> None:
    """Kimi K2.5 at 2 bits on the 512 GB Mac Studio had been told "no price in the catalog", a reader's next question
    being why a machine with a 2025 list price beside it has none: its sale ended, and no used price is known."""
    request = BuildRequest(
        model_id="kimi-k2.5",
        workload=Workload(kind="inference", precision="q2_k"),
        budget=20000,
        system_ids=("mac-studio-m3-ultra-80c-512gb",),
    )
    result = plan(request, catalog)
    why = [r.fields["why"] for r in result.said if r.code == "note.left-out"]
    assert why and why[0].code == "gpu.no-price" and why[0].fields["retired"] == "2026-03-08"
    assert "not sold new since 2026-03-08" in " ".join(result.notes)
