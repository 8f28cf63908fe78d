"""The Power tab's chart draws a layer split's draw while one stream decodes beside its full-load wall draw, as the
build line ("993 W at the wall at full load, 631 W while decoding") and the sheet's "Wall draw while one stream
decodes" row say it (review32, plan._with_decode_draw): round 32 drew only the 993 W peak, on screen and printed. The
supply and circuit lines stay sized against the full load; a build without the figure keeps its two bars."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt.app import make_app
from configurator.qt.charts import PowerBudgetChart

TWO_3090 = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=8192),
    gpu_ids=["rtx-3090"],
    max_gpus=2,
    exact_gpus=True,
    circuit="120v15a",
)


def _ticks(chart: PowerBudgetChart) -> list[str]:
    axis = chart.plot.getAxis("bottom")
    return [text for level in (axis._tickLevels or []) for _value, text in level if text]


def test_the_power_chart_draws_the_decode_draw_beside_the_peak(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    make_app([])
    build = plan(TWO_3090, shipped_catalog).builds[0]
    p = build.power
    assert build.gpu_count == 2 and p.decode_wall_w is not None and p.decode_wall_w < p.wall_w
    chart = PowerBudgetChart()
    qtbot.addWidget(chart)
    chart.resize(640, 340)  # the printed sheet's chart (printing.chart_images)
    chart.show_build(build)
    chart.grab()

    decoding = next(bar for bar in chart.bars if bar.opts.get("name") == "decoding")
    assert list(decoding.opts["height"]) == [p.decode_wall_w]
    assert chart.series["decode_wall_w"] == [p.decode_wall_w] and chart.series["wall_w"] == [p.wall_w]
    assert chart.values[2] == f"{p.decode_wall_w:,.0f} W while decoding"
    names = [label.text for _sample, label in chart.legend.items]
    assert f"one stream decoding {p.decode_wall_w:,.0f} W" in names and f"wall draw {p.wall_w:,.0f} W" in names
    assert _ticks(chart) == ["DC load", "wall"]
    # drawn inside the wall bar, whose full-load draw the supply and circuit lines are against
    wall = next(bar for bar in chart.bars if bar.opts.get("name") == "wall draw")
    assert list(decoding.opts["x"]) == list(wall.opts["x"]) and decoding.opts["width"] < wall.opts["width"]
    # every label inside the plot and clear of the others (a third bar's had pushed the wall's over "884 W DC")
    view = chart.plot.vb.sceneBoundingRect()
    labels = [item for item in chart.plot.items if hasattr(item, "textItem")]
    assert [item.textItem.toPlainText() for item in labels] == chart.values
    assert all(view.contains(item.sceneBoundingRect()) for item in labels), (
        view,
        [i.sceneBoundingRect() for i in labels],
    )
    boxes = [item.sceneBoundingRect() for item in labels]
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]), boxes
    # the wall bar reads against the line that judged it (CIR-1 by NEC 210.20(A), watts.circuit_load): the prompt's
    # burst plus 25 % of the decode draw against the breaker's rating, drawn beside the continuous limit; round 33's
    # chart said "70 % of the circuit limit" (the full draw over 80 % of the breaker) and drew no breaker
    load, rating = p.wall_w + 0.25 * p.decode_wall_w, p.circuit_limit_w / 0.8
    assert chart.series["breaker_w"] == [rating]
    assert f"breaker (prompt bursts) {rating:,.0f} W" in names
    assert f"circuit limit (continuous) {p.circuit_limit_w:,.0f} W" in names
    share = f"{load / rating:.0%}".replace("%", " %")
    assert chart.values[1] == f"{p.wall_w:,.0f} W at the wall\n{load:,.0f} W by NEC 210.20(A):\n{share} of the breaker"

    # a build with no decode draw (many users): two bars, as before
    many = build.model_copy(update={"power": p.model_copy(update={"decode_wall_w": None})})
    chart.show_build(many)
    assert len(chart.values) == 2 and "decode_wall_w" not in chart.series and _ticks(chart) == ["DC load", "wall"]
    # its full draw lasts: judged against the continuous limit alone, no breaker line
    assert "breaker_w" not in chart.series and chart.values[1].endswith(" of the circuit limit")
    assert not any(label.text.startswith("breaker") for _sample, label in chart.legend.items)
