"""The Nodes tab (issue #16): wall time and cost against nodes for a cluster plan, redrawn from each new result."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def _pretrain(days: float) -> BuildRequest:
    # H100 servers, which the clouds rent as clusters (a priced DGX B200 may be cheaper; no cloud rents B200 clusters)
    return BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=2e12, context=4096),
        deadline_hours=days * 24,
        circuit="230v16a",
        gpu_ids=("h100-sxm",),
    )


def _drawn(chart, name: str) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """A curve's drawn points back on the data's own scale (the items hold log10 coordinates)."""
    xs, ys = chart.items[name].getData()
    return [10**x for x in xs], [10**y for y in ys]


def _assert_chart_shows(window, build) -> None:  # type: ignore[no-untyped-def]
    detail = window.detail
    chart = detail.nodes_chart
    curve = build.node_curve
    assert curve is not None and detail.isTabVisible(detail.nodes_tab)
    fit = [p for p in curve.points if p.fits]
    nodes, days = _drawn(chart, "wall time (left)")
    assert nodes == pytest.approx([p.nodes for p in fit])
    assert days == pytest.approx([(p.wall_hours or 0) / 24 for p in fit])
    price_nodes, prices = _drawn(chart, "bought (right)")
    assert price_nodes == pytest.approx([p.nodes for p in fit]) and prices == pytest.approx(
        [p.total_price for p in fit]
    )
    assert chart.items["bought (right)"] in chart.cost_view.addedItems  # on the right-hand axis
    rented = [p for p in fit if p.rental_cost]
    assert _drawn(chart, "the job rented (right)")[1] == pytest.approx([p.rental_cost for p in rented])
    assert 10 ** chart.items["chosen"].value() == pytest.approx(build.nodes)
    star_x, star_y = chart.items["chosen_point"].getData()
    assert 10 ** star_x[0] == pytest.approx(build.nodes)
    assert 10 ** star_y[0] == pytest.approx((build.estimate.wall_hours or 0) / 24, rel=1e-3)
    assert 10 ** chart.items["deadline"].value() == pytest.approx((curve.deadline_hours or 0) / 24)


def test_nodes_chart_draws_the_results_curve_and_a_new_solve_replaces_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    first = _solve(qtbot, window, _pretrain(90))
    build = first.builds[0]
    assert build.nodes > 1
    _assert_chart_shows(window, build)
    # a tighter deadline: a larger cluster, a new curve, the old one gone
    second = _solve(qtbot, window, _pretrain(30))
    other = second.builds[0]
    assert other.nodes > build.nodes
    _assert_chart_shows(window, other)
    chart = window.detail.nodes_chart
    assert chart.curve is other.node_curve
    assert 10 ** chart.items["deadline"].value() == pytest.approx(30)
    assert len(chart.items["wall time (left)"].getData()[0]) == len([p for p in other.node_curve.points if p.fits])


def test_nodes_tab_is_hidden_for_a_single_machine(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _solve(qtbot, window, _pretrain(90))
    assert window.detail.isTabVisible(window.detail.nodes_tab)
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2000),
    )
    assert result.builds[0].node_curve is None
    assert not window.detail.isTabVisible(window.detail.nodes_tab)
    assert window.detail.nodes_chart.items == {} and window.detail.nodes_chart.series == {}


def test_the_cost_chart_adds_a_clusters_switches_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The Cost tab multiplied every line by the nodes, the fabric's switches too: a 46 M USD cluster drew a network
    bar of billions. Its bars now add up to the build's total."""
    result = _solve(qtbot, window, _pretrain(30))
    build = result.builds[0]
    assert build.nodes > 1 and any(p.scope == "cluster" for p in build.parts)
    chart = window.detail.cost_chart
    assert sum(chart.series["amounts"]) == pytest.approx(build.total_price, rel=1e-6)
    # the Parts table says which lines are per node and which are bought once, and its subtotals add up to the total
    table = window.detail.parts
    rows = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    assert sum(float(row[4].replace(",", "")) for row in rows) == pytest.approx(build.total_price, abs=len(rows))
    system = next(row for row in rows if row[0] == "System")  # the category as a buyer names it (ui7)
    assert system[2] == f"1 per node x {build.nodes:,}"
    assert any(row[2].endswith("for the cluster") and "switch" in row[1].lower() for row in rows)


def test_a_clusters_power_tab_draws_one_node_and_no_axis_reads_in_e_notation(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Llama 70B on 384 DGX nodes: the Power tab drew one node's 6.5 kW bars under the site's 3.7 MW feeds
    (labelled "circuit limit"), so no bar showed, and the Power and Cost axes read 4e+06 and 5e+06."""
    result = _solve(qtbot, window, _pretrain(30))
    window.session.select(0)
    build = result.builds[0]
    assert build.nodes > 1
    chart = window.detail.power_chart
    names = [label.text for _sample, label in chart.legend.items]
    assert not any("circuit limit" in n for n in names)
    assert chart.plot.titleLabel.text == f"Power budget: one of {build.nodes} nodes"
    assert chart.plot.getAxis("bottom").labelText == (
        f"all {build.nodes} nodes: {build.power.wall_w * build.nodes / 1000:,.0f} kW at the wall"
    )
    top = chart.plot.vb.viewRange()[1][1]
    assert build.power.wall_w < top < 2 * max(build.power.psu_w, build.power.wall_w)  # the node's bars fill the plot
    cost = window.detail.cost_chart.plot.getAxis("bottom")
    labels = cost.tickStrings([0, 5e6, 1e7], 1, 5e6)
    assert labels == ["0", "5M", "10M"]
    rent_axis = window.detail.buy_or_rent.chart.getPlotItem().getAxis("left")
    assert rent_axis.tickStrings([5e7, 1e8], 1, 5e7) == ["50M", "100M"]
    # a single machine keeps its circuit line and plain title
    _solve(
        qtbot, window, BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    )
    window.session.select(0)
    assert chart.plot.titleLabel.text == "Power budget"
    assert any("circuit limit" in label.text for _s, label in chart.legend.items)


def test_a_clusters_long_check_reasons_wrap_instead_of_being_cut(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The CLUSTER check names the switches, the parallel layout and the links; its row ended in "no activatio…"."""
    result = _solve(qtbot, window, _pretrain(30))
    window.session.select(0)
    detail = window.detail
    detail.resize(1200, 700)
    detail.setCurrentWidget(detail.checks)
    detail.show()
    qtbot.waitExposed(detail)
    table = detail.checks
    row = next(i for i, c in enumerate(result.builds[0].checks) if c.rule == "CLUSTER")
    text = table.item(row, 2).text()
    width = table.columnWidth(2)
    lines = -(-table.fontMetrics().horizontalAdvance(text) // width)
    assert lines >= 2  # the reason is longer than the column: it must take more than one line
    assert table.rowHeight(row) >= lines * table.fontMetrics().lineSpacing()


def test_the_chosen_node_count_label_does_not_run_into_its_neighbours(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """384 nodes sat between the 256 and 512 ticks: the printed axis read "25638451 21024"."""
    import math

    from configurator.qt.charts import NODE_TICK_GAP

    result = _solve(qtbot, window, _pretrain(30))
    window.session.select(0)
    chosen = result.builds[0].nodes
    assert math.log2(chosen) % 1 != 0  # a size between two powers of two, as in the walk
    ticks = window.detail.nodes_chart.plot.getAxis("bottom")._tickLevels[0]
    labels = [text for _x, text in ticks]
    assert str(chosen) in labels
    positions = sorted(x for x, _t in ticks)
    assert all(b - a >= NODE_TICK_GAP - 1e-9 for a, b in zip(positions, positions[1:]))


def test_the_no_rental_note_speaks_the_chinese_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    # walk14: the Chinese window's Nodes tab read "no rental at 12 nodes: none of 40 cloud offers can do the same
    # work: ..." (the point's rental_reason, English); the chart renders the point's rental_said
    from types import SimpleNamespace

    from configurator.core.common.reasons import Reason, english
    from configurator.core.model.build import NodeCurve, NodePoint
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.charts import NodeScalingChart

    app = make_app([])
    why = Reason.of(
        "rental.none",
        considered=40,
        short=(Reason.of("rental.short-fit", n=31), Reason.of("rental.short-cluster", n=9)),
    )
    point = NodePoint(
        nodes=12,
        gpus=96,
        fits=True,
        wall_hours=400.0,
        decode_tokens_per_s=None,
        total_price=4_000_000.0,
        scaling_efficiency=0.9,
        rental_reason=english(why),
        rental_said=why,
    )
    curve = NodeCurve(
        system="dgx-h100",
        system_name="DGX H100",
        currency="USD",
        kind="training",
        chosen_nodes=12,
        deadline_hours=720.0,
        points=(point.model_copy(update={"nodes": 8, "gpus": 64, "wall_hours": 600.0}), point),
    )
    chart = NodeScalingChart()
    qtbot.addWidget(chart)
    chart.show_build(SimpleNamespace(node_curve=curve))  # type: ignore[arg-type]
    assert chart.note.text() == f"no rental at 12 nodes: {english(why)}"
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        chart.show_build(SimpleNamespace(node_curve=curve))  # type: ignore[arg-type]
        chinese = chart.note.text()
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
    assert chinese == "12 个节点时无可租用：40 个云端实例都做不了同样的工作：31 个装不下这个任务，9 个不能作为集群租用"
    assert not any(word in chinese for word in ("no rental", "nodes", "cloud offers", "cannot"))
