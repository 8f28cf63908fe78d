"""A small model gets a small machine: the catalog's entry parts are what the planner picks for it."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Motherboard, Psu, Storage
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan

ENTRY_CHIPSETS = {"A520", "B550", "B650", "B760"}
SMALL_MODEL = dict(model_id="llama-3.2-1b", workload=Workload(kind="inference", precision="q4_k_m"))


def _cheapest(catalog: Catalog, budget: float) -> dict[str, Any]:
    # new parts only: since base39 a used workstation plus a card (a 410 USD Dell T5810 with an RTX 2070) takes the
    # GPU places of a 1B model's plan under the default 'any', rightly; the entry parts this file tests are bought new
    result = plan(BuildRequest(budget=budget, condition="new", **SMALL_MODEL), catalog).to_json()  # type: ignore[arg-type]
    assert result["builds"], result
    # the cheapest machine built from parts around a card (a mini PC or a CPU-only box, #28, has no such board)
    return next(
        b
        for b in result["builds"]
        if any(p["category"] == "motherboard" for p in b["parts"]) and any(p["category"] == "gpu" for p in b["parts"])
    )


def test_the_catalog_has_entry_parts_of_every_kind(catalog: Catalog) -> None:
    """Issue #11: entry boards (a priced one per desktop socket), PSUs of 750 W or less, drives of 1 TB or less."""
    boards = [b for b in catalog.kind("motherboards") if isinstance(b, Motherboard)]
    assert {b.chipset for b in boards} >= ENTRY_CHIPSETS
    priced_entry = {b.socket for b in boards if b.chipset in ENTRY_CHIPSETS and b.prices}
    assert priced_entry >= {"AM4", "AM5", "LGA1700"}
    assert any(
        isinstance(p, Psu) and p.watts <= 750 and p.atx_version in ("3.0", "3.1") and p.prices
        for p in catalog.kind("psus")
    )
    assert any(
        isinstance(s, Storage) and s.capacity_gb <= 1000 and s.interface == "nvme" and s.prices
        for s in catalog.kind("storage")
    )


def test_a_1b_model_gets_a_small_machine(catalog: Catalog) -> None:
    """Before the entry parts the cheapest fit was an X570 board, an 850 W PSU and a 990 PRO ($990, mid-2025
    prices); now it is an entry board, a PSU of 750 W or less and a budget drive, even at 2026 DRAM prices."""
    build = _cheapest(catalog, 1000)
    assert build["total_price"] <= 1000
    parts = {p["category"]: p for p in build["parts"]}
    assert parts["motherboard"]["spec"]["chipset"] in ENTRY_CHIPSETS
    assert parts["psu"]["spec"]["watts"] <= 750
    assert parts["storage"]["spec"]["capacity_gb"] <= 1000


def test_at_800_usd_the_budget_binds_and_memory_prices_are_why(catalog: Catalog) -> None:
    """$800 is short only by what 2026 DRAM prices add: the named relaxation stays under $1,000."""
    result = plan(BuildRequest(budget=800, **SMALL_MODEL), catalog).to_json()  # type: ignore[arg-type]
    if result["builds"]:
        assert result["builds"][0]["total_price"] <= 800
        return
    text = str(result)
    assert "budget" in text
    build = _cheapest(catalog, 1000)
    memory = next(p for p in build["parts"] if p["category"] == "memory")
    # the gap to $800 is smaller than the memory kit's price: without the 2026 DRAM surge it would fit
    assert build["total_price"] - 800 < memory["unit_price"]
