"""A part the vendor no longer sells new, with only its list prices from before (Record.sold_new_until), is left out of a
comparison with its reason: not "no price in the catalog" beside a 3,699 USD launch price, but that it is not sold new
since the day its source gives and that the catalog has no used price. The Mac Studio M4 Max 128 GB: Apple dropped the
128 GB option on 2026-05-06 (the record's sold_new_source); no dated used or refurbished price was found (2026-12-05)."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.words import language, say
from configurator.core.solve.plan import plan

MAC = "mac-studio-m4-max-40c-128gb"


def _left_out(catalog: Catalog, condition: str):  # type: ignore[no-untyped-def]
    asked = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-3090",),
        system_ids=(MAC,),
        condition=condition,
        top_k=1,
    )
    notes = [n for n in plan(asked, catalog).said if n.code == "note.left-out"]
    [why] = [n.nested("why")[0] for n in notes if "M4 Max" in str(n.fields["name"])]
    return why


def test_a_retired_mac_is_left_out_as_no_longer_sold_new(catalog: Catalog) -> None:
    mac = catalog.records["systems"][MAC]
    assert mac.sold_new_until is not None and any(p.condition == "new" for p in mac.prices)
    why = _left_out(catalog, "any")
    assert why.code == "gpu.no-price" and why.fields["retired"] == mac.sold_new_until.isoformat()
    assert english(why) == (
        "not sold new since 2026-05-06 (its list prices are history) and no used price in the catalog"
    )
    with language("zh_CN"):
        assert say(why) == "自 2026-05-06 起不再销售新品（其标价已成历史），目录中也没有二手价格"


def test_asked_for_used_it_says_only_that_no_used_price_is_known(catalog: Catalog) -> None:
    why = _left_out(catalog, "used")
    assert "retired" not in why.fields and english(why) == "no used price in the catalog"
