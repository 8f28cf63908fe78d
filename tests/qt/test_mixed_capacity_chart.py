"""The VRAM chart's capacity line on a mix (round 49): drawn across each GPU's own bar at that card's memory. One line
at the first card's capacity had stood over every card: right for Mina's RTX 3090 + RTX A5000 (24 GB each) by chance,
wrong for a 24 GB card beside a 16 GB one, whose bar then read 8 GiB short of a line it can never reach. The window
and the printed sheet draw the same chart (qt.printing), so both read each card's own capacity."""

from __future__ import annotations

import pytest

from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart

GIB = 1024**3

MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768),
    min_decode_tps=13.0,
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
    circuit="120v15a",
    room="home-office",
    kv_asked=False,
)
LEGEND = {"en": ("capacity 24 GiB", "capacity 24 / 16 GiB"), "zh_CN": ("容量 24 GiB", "容量 24 / 16 GiB")}


@pytest.fixture(scope="module")
def mixes(shipped_catalog):  # type: ignore[no-untyped-def]
    """Mina's plan's 3090 + A5000, and the same build with the estimate of her 3090 beside an RTX 4060 Ti 16GB (a 24
    + 16 GB mix: the chart reads the estimate's per-GPU capacities, as it does for any build)."""
    from configurator.core.solve.plan import plan

    mix = plan(MINA, shipped_catalog).builds[0]
    assert sorted(mix.gpus_mixed) == ["rtx-3090", "rtx-a5000"], mix.label
    gpus = shipped_catalog.records["gpus"]
    model = shipped_catalog.records["models"]["llama-3.3-70b"]
    small = estimate_mixed(
        model, Workload.model_validate(mix.estimate.workload), [gpus["rtx-3090"], gpus["rtx-4060-ti-16gb"]]
    )
    return mix, mix.model_copy(update={"estimate": small, "gpus_mixed": ("rtx-3090", "rtx-4060-ti-16gb")})


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_gpus_capacity_is_drawn_across_its_own_bar(qtbot, mixes, language: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from configurator.qt import i18n
    from configurator.qt.charts import COMPONENT_COLORS, VramHeadroomChart

    app = QApplication.instance()
    try:
        assert i18n.install(app, language) == language
        for build, legend in zip(mixes, LEGEND[language], strict=True):
            chart = VramHeadroomChart()
            qtbot.addWidget(chart)
            chart.show_build(build)
            own = [(g.capacity_bytes or 0) / GIB for g in build.estimate.per_gpu]
            assert chart.capacity_line is not None
            xs, ys = chart.capacity_line.getData()
            # one dashed segment per GPU, centred on its bar, at that GPU's own capacity
            assert [float(x) for x in xs] == pytest.approx([v for i in range(len(own)) for v in (i - 0.42, i + 0.42)])
            assert [float(y) for y in ys] == pytest.approx([c for c in own for _ in (0, 1)])
            assert chart.series["capacity"] == pytest.approx(own)
            names = [label.text for _item, label in chart.legend.items]
            assert legend in names, names
            # no GPU's stack reaches past its own line: the "free" share is counted up to each card's capacity
            for i, cap in enumerate(own):
                stacked = sum(chart.series[k][i] for k in COMPONENT_COLORS if k in chart.series)
                assert stacked <= cap + 1e-6 or not build.estimate.fits
        three, a5000 = (g.capacity_bytes / GIB for g in mixes[0].estimate.per_gpu)  # type: ignore[operator]
        assert three == a5000 == 24.0  # the RTX 3090's 24 GiB and the A5000's 24 GiB (NVIDIA datasheets)
        assert [(g.capacity_bytes or 0) / GIB for g in mixes[1].estimate.per_gpu] == [24.0, 16.0]
    finally:
        i18n.install(app, "en")


def test_the_mix_steps_plan_this_machine_keeps_her_own_card(mixes) -> None:  # type: ignore[no-untyped-def]
    """The window's "Plan this machine" on the mix's step (round 49: solve.next_mixed) plans two 3090s, exactly two,
    her own 3090 kept as hers (the A5000 taken out), without the budget, at the q8_0 cache the step was estimated at."""
    from configurator.qt.steps import step_request

    mix = mixes[0]
    step = next(s for s in mix.next_steps if s["kind"] == "swap")
    request = step_request(MINA, step, mix)
    assert (request.gpu_ids, request.max_gpus, request.exact_gpus, request.budget) == (("rtx-3090",), 2, True, None)
    assert [(p.category, p.id) for p in request.owned] == [("gpu", "rtx-3090")]
    assert request.workload.kv_precision == mix.estimate.workload["kv_precision"] == "q8_0"
