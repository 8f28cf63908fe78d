"""The build sheet counts a build's cards one way on every page: from 1, as the slot map and the connector plan do."""

from __future__ import annotations

import re

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report.sheet import connector_plan, estimate_section, slot_map_svg
from configurator.core.solve.plan import plan

MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
    room="home-office",
)


def test_the_memory_table_numbers_the_cards_as_the_slot_map_does(catalog: Catalog) -> None:
    """Mina's sheet listed her two 3090s as GPU 0 and GPU 1 in the memory table, and as GPU 1 (slot 2) and GPU 2
    (slot 7) in the connector plan a page before it (walk20)."""
    build = plan(MINA, catalog).builds[0]
    assert build.gpu_count == 2
    section = estimate_section(build)
    table = section.split("Memory per GPU", 1)[1].split("</table>", 1)[0]
    first_cells = re.findall(r"<tr>\s*<td[^>]*>([^<]*)</td>", table)
    assert first_cells == ["1", "2"]
    assert [row[0].split(" (")[0] for row in connector_plan(build) if row[0].startswith("GPU")] == ["GPU 1", "GPU 2"]
    svg = slot_map_svg(build)
    assert "GPU 1:" in svg and "GPU 2:" in svg and "GPU 0" not in svg
