"""The Buy or rent tab shows the rental a buyer would actually rent (round 21): for Dr. Chen's 20 students (journey 2)
the 8 x RTX 2080 Ti 22GB build's break-even against the 8-GPU node says so, and a row beside it names the one 80 GB card
that serves every student above reading speed and the break-even against it, in English and in Chinese."""

from __future__ import annotations

import html

from configurator.core.costs.tco import cost_of_ownership_for, default_profile
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.charts import BuyOrRentChart
from configurator.qt.costs import costs_html
from configurator.storage import catalogs


def test_the_tab_names_the_rental_that_serves_chens_students(qtbot) -> None:  # type: ignore[no-untyped-def]
    app = make_app([])
    catalog = catalogs.load(include_user=False).catalog
    workload = Workload(kind="inference", batch=20)
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=workload,
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300_000,
        gpu_ids=("rtx-2080-ti-22gb",),
        exact_gpus=True,
        top_k=1,
    )
    build = next(b for b in plan(request, catalog).builds if b.gpu_count == 8)
    model = catalog.records["models"]["qwen2.5-32b"]
    costs = cost_of_ownership_for(build, catalog, model, workload.resolved(model.max_context), "china")  # type: ignore[arg-type, union-attr]
    assert costs.enough is not None and costs.rental is not None
    # in China (chen20): one A800 at 5.15 CNY/h serves the students, the as-fast rental is 2 x H20 at 15.00
    assert costs.rental.offer.region == costs.enough.match.offer.region == "China"
    assert costs.enough.match.hourly * 1.5 < costs.rental.hourly
    english = costs_html(costs)
    assert "Rental that serves the need" in english
    assert html.escape(costs.enough.to_json()["reason"]) in english
    assert html.escape(costs.break_even_reason) in english and costs.break_even_reason.startswith("against a rental")
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        chinese = costs_html(costs)
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
    assert "满足需求的租用" in chinese and "阅读速度" in chinese and "相对于" in chinese
    assert "Rental that serves the need" not in chinese and "the cheapest rental" not in chinese
    # walk18: the yearly rows said "buying is cheaper" against the 8-GPU node alone, under "never within 36 months"
    # against the rental that serves the students; each row now weighs both, and the chart draws the third line
    assert costs.enough.break_even_month is None
    for row in costs.rows:
        assert row.cheaper_enough == "rent"
        assert f"vs rent {row.renting_enough:,.0f} CNY (serves the need): renting is cheaper" in english
    assert "满足需求的租用" in chinese.split("1 年后")[-1]
    chart = BuyOrRentChart()
    qtbot.addWidget(chart)
    # walk19: the Lambda node climbs to 684,372 CNY while buying and the A800 end near 40,000 and 30,900; at full
    # scale those two lay on the axis as one line. The plot is scaled to them and the node's line leaves its top.
    # Region China no longer rents Lambda's node (chen20); the same build reckoned outside China still does.
    # round 35: a rental is billed while it serves unless kept on as a dedicated endpoint; the node kept on is the
    # steep line this scaling is for (billed while serving it ends 2.9x above buying, inside the plot)
    kept_on = default_profile(build.currency, "global").model_copy(update={"dedicated_rental": True})  # type: ignore[union-attr]
    costs = cost_of_ownership_for(
        build, catalog, model, workload.resolved(model.max_context), "global", profile=kept_on
    )  # type: ignore[arg-type, union-attr]
    # data36: the as-fast rental is now RunPod's 1 x H200 (5.29 USD/h of 2026-10-10, 24.07 CNY/h), three times the
    # A100 that serves the need, no longer Lambda's 8 x H100 node at ten times: its kept-on line still leaves the top
    # of the plot (about twice it, where the node's was five times)
    assert costs.enough is not None and costs.rental is not None
    assert costs.enough.match.hourly * 2 < costs.rental.hourly
    chart.show_costs(costs)
    low, high = chart.getViewBox().viewRange()[1]
    weighed = chart.series["owning"] + chart.series["renting_enough"]
    assert max(weighed) < high < max(chart.series["renting"])
    assert low <= min(weighed)
    assert chart.series["renting_enough"][12] == costs.enough.monthly_rental_equivalent * 12
    assert "rent what serves the need" in chart.plotItem.titleLabel.text
