"""The build charts when a new result has no build: nothing of the last build's stays on them."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt.app import make_app
from configurator.qt.charts import CostBreakdownChart, PowerBudgetChart, VramHeadroomChart


def _labels(axis) -> list[str]:  # type: ignore[no-untyped-def]
    """The fixed tick labels the axis draws (pyqtgraph keeps setTicks' levels in _tickLevels; None: numbers)."""
    return [text for level in (axis._tickLevels or []) for _value, text in level if text]


def test_no_build_leaves_no_category_or_gib_label_of_the_last_one(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    # seen after a re-solve found nothing: the Cost tab still read "memory 470, storage 175, ...", the VRAM tab "60 GiB"
    make_app([])
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    # a machine with a GPU (since #28 the cheapest may be a mini PC, whose chart has no GPU bar)
    build = next(b for b in plan(request, shipped_catalog).builds if any(p.category == "gpu" for p in b.parts))
    cost, vram = CostBreakdownChart(), VramHeadroomChart()
    for chart in (cost, vram):
        qtbot.addWidget(chart)
        chart.show_build(build)
    assert any(label.startswith("GPU") for label in _labels(cost.plot.getAxis("left")))
    assert _labels(vram.ram_plot.getAxis("bottom")) and _labels(vram.plot.getAxis("bottom")) == ["GPU 1"]
    for chart in (cost, vram):
        chart.show_build(None)
    assert _labels(cost.plot.getAxis("left")) == []
    assert _labels(vram.plot.getAxis("bottom")) == [] and _labels(vram.ram_plot.getAxis("bottom")) == []


def test_no_build_after_a_cluster_drops_its_node_title(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    make_app([])
    request = BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=1e11, context=4096),
        deadline_hours=336,
        circuit="230v16a",
        room="server-room",
    )
    cluster = plan(request, shipped_catalog).builds[0]
    assert cluster.nodes > 1
    power = PowerBudgetChart()
    qtbot.addWidget(power)
    power.show_build(cluster)
    assert "nodes" in power.plot.titleLabel.text
    power.show_build(None)
    assert power.plot.titleLabel.text == "Power budget"
    assert "kW" not in power.plot.getAxis("bottom").labelText


def test_eight_cards_are_numbered_under_an_axis_titled_gpu(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    """Sam's 8 x A100 printed its VRAM chart with eight "GPU n" labels run together ("GPUGPUGPU…", walk20): past
    four cards the ticks are the numbers and the axis says GPU; two cards keep "GPU 1", "GPU 2" and no axis title."""
    make_app([])
    request = BuildRequest(
        model_id="llama-3.2-1b",
        workload=Workload(kind="pretrain", tokens=1e11, context=4096),
        deadline_hours=336,
        circuit="230v16a",
    )
    eight = next(b for b in plan(request, shipped_catalog).builds if b.gpu_count == 8)
    vram = VramHeadroomChart()
    qtbot.addWidget(vram)
    vram.show_build(eight)
    axis = vram.plot.getAxis("bottom")
    assert _labels(axis) == [str(n) for n in range(1, 9)]
    assert axis.labelText == "GPU" and axis.label.isVisible()
    vram.show_build(None)
    assert not axis.label.isVisible()
    two = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2500)
    pair = next(b for b in plan(two, shipped_catalog).builds if b.gpu_count == 2 and not b.gpus_mixed)
    vram.show_build(pair)
    assert _labels(axis) == ["GPU 1", "GPU 2"] and not axis.label.isVisible()
