"""The printed sheet's value table ranks GPUs for the job the builds run (report/purchase.ranked_workload)."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report.purchase import ranked_workload
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


def test_minas_value_table_counts_the_cards_her_q8_0_build_holds() -> None:
    """Mina's sheet (walk12, 2026-12-03): her build is 2 x RTX 3090 with the q8_0 KV cache the plan chose (no
    --kv-precision given), 14.2 tokens/s, but the value table below it was ranked at the fp16 cache and marked
    '3 x RTX 3090 ◀, 13.5 tokens/s' as her build's GPU. The table now ranks at the cache every build runs; a request
    that names its cache keeps it."""
    catalog = catalogs.load(include_user=False).catalog
    work = Workload(kind="inference", precision="q4_k_m", context=32768, batch=1)
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=work,
        budget=2500,
        min_decode_tps=13,
        circuit="120v15a",
        room="home-office",
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
        top_k=3,
        kv_asked=False,  # the command line without --kv-precision
    )
    builds = list(plan(request, catalog).builds)
    assert builds and {b.estimate.workload.get("kv_precision") for b in builds} == {"q8_0"}
    assert ranked_workload(request, builds).kv_precision == "q8_0"
    asked = request.model_copy(update={"workload": work.model_copy(update={"kv_precision": "fp16"}), "kv_asked": True})
    assert ranked_workload(asked, builds).kv_precision == "fp16"
