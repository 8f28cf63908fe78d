"""The sheet's value table marks the build's cards when the machine mixes two kinds (walk13: Mina's RTX 3090 Ti +
RTX 3090 sheet said "◀ marks this build's GPU" over a table that marked none)."""

from __future__ import annotations

from typing import Any

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.purchase import SheetMeta
from configurator.core.report.sheet import VALUE_ROWS, value_section
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


def _row(gpu: str, name: str, price: float) -> dict[str, Any]:
    return {
        "gpu": gpu,
        "gpu_name": name,
        "count": 2,
        "price": price,
        "decode_tokens_per_s": 15.0,
        "price_per_tps": price / 15.0,
        "price_per_gb": price / 48.0,
        "power_w": 700.0,
        "currency": "USD",
        "caveats": [],
    }


def test_each_card_of_a_mixed_machine_is_marked_even_below_the_first_rows() -> None:
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), top_k=1)
    build = plan(request, catalog).builds[0]
    mixed = build.model_copy(
        update={"gpu_id": "rtx-3090-ti+rtx-3090", "gpu_count": 2, "gpus_mixed": ("rtx-3090-ti", "rtx-3090")}
    )
    fillers = [_row(f"card-{i}", f"Card {i}", 1000.0 + i) for i in range(VALUE_ROWS)]
    rows = (*fillers, _row("rtx-3090", "NVIDIA GeForce RTX 3090", 2414.0), _row("rtx-3090-ti", "RTX 3090 Ti", 3000.0))
    html = value_section(mixed, SheetMeta(value_ranking=rows))  # type: ignore[arg-type]
    assert "RTX 3090 ◀" in html and "RTX 3090 Ti ◀" in html
    assert html.count("◀") == 3  # the two rows and the caption that explains the mark
    one = value_section(build, SheetMeta(value_ranking=rows))  # type: ignore[arg-type]
    # a build whose card is not in the table marks no row, and its caption does not say a mark shows it (ui32b: the
    # caption had said "◀ marks this build's GPU" over DeepSeek R1's table, whose 2080 Ti 22GB holds the job with its
    # experts in RAM only)
    assert one.count("◀") == 0 and "this build's GPU is not among them" in one
