"""Every export's total is the sum of its lines as printed (walk15): Chen's 1 x A800 80GB server, its USD prices
converted to CNY, printed 97,436.44 CNY under lines that add up to 97,436.45 on the build sheet, the Markdown list
and the workbook's request sheet (the purchase sheet's own total was already the lines' sum: walk8)."""

from __future__ import annotations

import re
from typing import Any

from configurator.core.model.build import BuildPart
from configurator.core.report.purchase import line_amounts, printed_totals
from configurator.core.report.sheet import parts_section

# converted prices like that build's, each a half cent that rounds up when printed (made up to show the drift; the
# build's own were within a cent the same way)
CONVERTED = [("gpu", 90_000.0), ("cpu", 780.875), ("motherboard", 1_806.865), ("memory", 1_299.0), ("psu", 716.4)]
CONVERTED += [("chassis", 2_006.115), ("cooler", 128.175), ("storage", 699.0)]


def _build(**overrides: Any) -> Any:
    from configurator.core.model.build import Build

    parts = tuple(
        BuildPart(category=c, id=f"{c}-part", name=f"{c} part", quantity=1, unit_price=price, spec={"id": f"{c}-part"})
        for c, price in CONVERTED
    )
    total = sum(p.subtotal for p in parts)
    return Build.model_construct(parts=parts, total_price=total, currency="CNY", nodes=1, **overrides)


def test_the_lines_as_printed_add_up_to_the_printed_total() -> None:
    build = _build()
    lines = [line_amounts(p)[1] for p in build.parts]
    assert f"{build.total_price:,.2f}" == "97,436.43"  # summed before rounding: two cents under the lines
    assert printed_totals(build) == (97_436.45, 0.0, 97_436.45) == (round(sum(lines), 2), 0.0, round(sum(lines), 2))


def test_the_sheet_prints_the_sum_of_its_lines() -> None:
    html = parts_section(_build())
    amounts = [float(a.replace(",", "")) for a in re.findall(r'<td class="num">([\d,]+\.\d\d)</td></tr>', html)]
    assert len(amounts) == len(CONVERTED) and "97,436.45 CNY" in html and "97,436.44" not in html
    assert round(sum(amounts), 2) == 97_436.45
