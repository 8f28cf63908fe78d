"""Round 49: prices of parts that win top answers, with no dated 2026 observation found, are said to be estimates.

The Arc Pro B60 Dual (#1 of five coding seats on Qwen3.6-27B at its 1,199 USD launch list price), the used RTX A4000 /
A5000 pair (8B LoRA at 2,500 USD), the used RTX 2060 12GB and 2070, and the used M1 Max / M1 Ultra / M2 Ultra Macs
carry prices of 2025 that were assumed, not seen. A plan marks them "old" by date (report.prices.stale_parts); the
buyer must also read that the figure itself is an estimate and why, or a launch MSRP passes for a street price."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.report import prices
from configurator.core.solve.pricing import bought_line, quote

ESTIMATED = (
    ("gpu", "arc-pro-b60-dual", "new"),
    ("gpu", "rtx-a4000", "used"),
    ("gpu", "rtx-a5000", "used"),
    ("gpu", "rtx-2060-12gb", "used"),
    ("gpu", "rtx-2070", "used"),
    ("system", "macbook-pro-16-m1-max-32c-64gb", "used"),
    ("system", "mac-studio-m1-ultra-64c-128gb", "used"),
    ("system", "mac-studio-m2-ultra-76c-192gb", "used"),
)


@pytest.mark.parametrize(("category", "part_id", "condition"), ESTIMATED)
def test_an_assumed_price_of_a_winning_part_is_warned_as_an_estimate(
    catalog: Catalog, category: str, part_id: str, condition: str
) -> None:
    record = catalog.get(category + "s", part_id)
    q = quote(record, catalog, "USD", condition)
    assert q is not None and q.condition == condition
    line = bought_line(category, record, q, q.said, 1)  # the line as a plan buys it; its `why` is not read here
    said = prices.estimate_said(line)
    assert said is not None, f"{part_id}: its {q.price.date} price is offered as if it had been seen"
    assert said.fields["reason"] == q.price.estimate_reason
    assert "round 49" in str(said.fields["reason"])  # it says the search for a dated price came back empty


def test_the_b60_dual_list_price_is_said_to_be_a_floor(catalog: Catalog) -> None:
    """A launch MSRP under a UK pre-order of 1,699.99 GBP: the buyer reads that the street price is likely higher."""
    q = quote(catalog.get("gpus", "arc-pro-b60-dual"), catalog, "USD", "new")
    assert q is not None and q.amount == 1199.0
    assert "likely a floor" in q.price.estimate_reason


def test_the_a4000_and_a5000_used_prices_move_together(catalog: Catalog) -> None:
    """Round 48 moved the A5000 alone (a UK 1,487 USD) and two A4000s at a stale 550 each undercut one A5000 in two 8B
    LoRA answers: the pair is priced on one date and one basis, so neither is compared at another's market."""
    a4000 = quote(catalog.get("gpus", "rtx-a4000"), catalog, "USD", "used")
    a5000 = quote(catalog.get("gpus", "rtx-a5000"), catalog, "USD", "used")
    assert a4000 is not None and a5000 is not None
    assert a4000.price.date == a5000.price.date
    assert a4000.price.source == a5000.price.source
    assert bool(a4000.price.estimate_reason) == bool(a5000.price.estimate_reason)
