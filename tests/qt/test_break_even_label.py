"""The buy-or-rent chart's "break-even: month N" sits clear of the two lines (walk13: at 15 % of the height it was struck
through by both where they crossed low, Sam's 8 x A100 at month 7 at 1366 x 768,
/work/wt/walk13-shots/sam_en_1366_rent.png), and inside the plot."""

from __future__ import annotations

import functools

import pytest
from PySide6.QtCore import QPointF

from configurator.core.costs.tco import CostCurves, CostOfOwnership, cost_of_ownership_for
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt.app import make_app
from configurator.qt.charts import BuyOrRentChart
from configurator.storage import catalogs


@functools.cache
def _costs() -> CostOfOwnership:
    """The buy-or-rent figures of the cheapest Llama 3.1 8B build (one plan for the module's tests)."""
    catalog = catalogs.load(include_user=False).catalog
    workload = Workload(kind="inference")
    build = plan(BuildRequest(model_id="llama-3.1-8b", workload=workload, top_k=1), catalog).builds[0]
    return cost_of_ownership_for(build, catalog, catalog.records["models"]["llama-3.1-8b"], workload)  # type: ignore[arg-type]


def test_the_break_even_label_is_off_the_lines_and_inside_the_plot(qtbot) -> None:  # type: ignore[no-untyped-def]
    make_app([])
    costs = _costs()
    assert costs.monthly_rental_equivalent is not None
    chart = BuyOrRentChart()
    qtbot.addWidget(chart)
    for width, height in ((940, 230), (1180, 340)):  # the 1366 x 768 chart and the 1600 x 1000 one
        chart.resize(width, height)
        chart.show()
        for month in (2, 5, 7, 18, 33):
            chart.show_costs(costs.model_copy(update={"break_even_month": month}))
            chart.grab()
            assert chart.crossing_line is not None
            box = chart.crossing_line.label.sceneBoundingRect()
            view = chart.plotItem.vb
            assert view.sceneBoundingRect().contains(box), (width, month)
            for series in chart.series.values():
                point = view.mapViewToScene(QPointF(month, series[month]))
                assert not box.adjusted(0, -3, 0, 3).contains(point), (width, month, series[month])


def test_without_a_rental_the_title_names_no_rent_line(qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk15: Sam's 12-node 70B cluster has no rental (none of the cloud offers rents as a cluster); the title still
    named a red "rent (cloud equivalent)" line that was not drawn."""
    make_app([])
    costs = _costs()
    chart = BuyOrRentChart()
    qtbot.addWidget(chart)
    chart.show_costs(costs)
    assert "rent (cloud equivalent)" in chart.plotItem.titleLabel.text
    chart.show_costs(costs.model_copy(update={"monthly_rental_equivalent": None, "break_even_month": None}))
    assert chart.series["renting"] == []
    assert "no rental to compare" in chart.plotItem.titleLabel.text
    assert "rent (cloud equivalent)" not in chart.plotItem.titleLabel.text


def test_against_a_per_token_api_the_chart_draws_its_bill_and_dates_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Round 32: when the break-even is reckoned against a per-token API (one user of DeepSeek-R1 at 15 USD a month,
    beside an 8 x A100 node's 3,600), the red line is the API's bill, the title gives its price's date and the line
    names the provider; the node's line is not drawn (it had flattened buying onto the axis). The same figures read
    back from a plan's JSON, as the printed sheet draws them (CostCurves)."""
    from configurator.core.costs.tco import CostCurves

    make_app([])
    owning = [1100.0 + 90.0 * m for m in range(37)]
    costs = {
        "currency": "USD",
        "break_even_month": None,
        "monthly_rental_equivalent": 3600.0,
        "owning_by_month": owning,
        "api_alternative": {
            "headline": True,
            "monthly": 14.52,
            "provider": "DeepSeek API (deepseek-reasoner)",
            "price_date": "2025-09-05",
        },
    }
    curves = CostCurves.of(costs)
    assert curves is not None and curves.chart_months == 36
    chart = BuyOrRentChart()
    qtbot.addWidget(chart)
    chart.show_costs(curves, months=curves.chart_months)
    assert set(chart.series) == {"owning", "api"}
    assert chart.series["api"][12] == pytest.approx(12 * 14.52)
    assert chart.series["owning"] == owning
    assert "pay per token (price of 2025-09-05)" in chart.plotItem.titleLabel.text
    assert chart.api_label is not None and chart.api_label.toPlainText() == "DeepSeek API (deepseek-reasoner)"
    # not the headline (many users: the rental is cheaper): the rental's line, as before
    costs["api_alternative"] = {**costs["api_alternative"], "headline": False}
    chart.show_costs(CostCurves.of(costs), months=36)
    assert set(chart.series) == {"owning", "renting"} and chart.api_label is None
    assert "rent (cloud equivalent)" in chart.plotItem.titleLabel.text


def test_the_buy_lines_first_month_says_what_was_paid_and_what_selling_at_once_gives_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The buy line is owning net of selling the machine that month (the break-even's sum), so at month 0 it is the
    purchase less what it fetches sold at once: 2 x RTX 3090 for 3,652 USD started at ~1,100 USD with nothing saying
    so (round-32 note, item 8). Its start is named, the same from a saved plan's JSON (the sheet's chart), inside the
    plot and off the line."""
    make_app([])
    costs = _costs()
    owning, _ = costs.cumulative_costs(36)
    back = costs.purchase - owning[0]
    assert back > 1  # the machine fetches something sold at once
    chart = BuyOrRentChart()
    qtbot.addWidget(chart)
    chart.resize(940, 230)  # the 1366 x 768 chart
    chart.show()
    for shown in (costs, CostCurves.of(costs.to_json())):
        chart.show_costs(shown)  # type: ignore[arg-type]
        chart.grab()
        assert chart.start_label is not None
        text = chart.start_label.toPlainText()
        assert f"{costs.purchase:,.0f} {costs.currency} paid" in text and f"{back:,.0f} back if sold at once" in text
        box, view = chart.start_label.sceneBoundingRect(), chart.plotItem.vb
        assert view.sceneBoundingRect().contains(box)
        for month, value in enumerate(owning):  # off the line wherever the words run
            assert not box.contains(view.mapViewToScene(QPointF(month, value))), (month, value)
    # the sheet's chart (printing.chart_images: 640 x 340), where the line rose through the words from month 0
    chart.resize(640, 340)
    chart.show_costs(costs)
    chart.grab()
    box, view = chart.start_label.sceneBoundingRect(), chart.plotItem.vb
    for month, value in enumerate(owning):
        assert not box.contains(view.mapViewToScene(QPointF(month, value))), (month, value)
