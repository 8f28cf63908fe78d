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
