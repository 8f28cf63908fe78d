"""The window on a mix and on a card of two GPUs (round 48), in English and Chinese.

- The slot map's legend names each card's cooler: Mina's RTX 3090 (open-air, three slots) + a used RTX A5000 (a
  2-slot blower) read "open-air cooler" alone, the envelope's, and "a free slot below each card" though the A5000
  exhausts out of the back and needs none.
- The VRAM chart names the card each GPU sits on when a card holds two (the Arc Pro B60 Dual: two 24 GB GPUs, one
  card in slot 2), as the sheet's memory table does since slot48 ("1 (card 1)", "2 (card 1)")."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart

MINA_MIX = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m"),
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
)
"""Her 70B at Q4_K_M within 2,500 USD: one plan is her 3090 + a used RTX A5000 (2,397.88 USD: X570-E slots 2 and 7,
in an 8-opening case now that the A5000 is measured as two slots; 2,457.88 in a 9-opening case before). Round 49:
the same machine with the A5000 on top, slots 2 and 5 at x8/x8."""

DUAL = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
    room="home-office",
)
"""tests/core/test_sheet_gpu_numbers.ONE_BOARD_TWO_GPUS: the Maxsun Arc Pro B60 Dual, one card of two 24 GB GPUs."""

LEGEND = {
    "en": (
        "GPU 1: open-air cooler (fans blow into the case); GPU 2: blower cooler (exhausts out of the back); "
        "a free slot below each open-air card keeps its fans fed"
    ),
    "zh_CN": (
        "GPU 1：风扇卡（开放式散热，热风吹入机箱）；GPU 2：涡轮卡（涡轮散热，热风从尾部排出）"
        "；每张风扇卡下方留一个空槽，保证风扇进风"
    ),
}
TICKS = {"en": ["GPU 1 (card 1)", "GPU 2 (card 1)"], "zh_CN": ["GPU 1（第 1 张卡）", "GPU 2（第 1 张卡）"]}


@pytest.fixture(scope="module")
def builds(shipped_catalog):  # type: ignore[no-untyped-def]
    from configurator.core.solve.plan import plan

    mix = next(b for b in plan(MINA_MIX, shipped_catalog).builds if b.gpus_mixed == ("rtx-3090", "rtx-a5000"))
    # by what it is: since idle49 (round 49) her 3090 + A5000 leads, the B60 Dual (her card idle) is shown after it
    dual = next(b for b in plan(DUAL, shipped_catalog).builds if b.gpu_id == "arc-pro-b60-dual")
    return mix, dual


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_slot_map_names_each_cards_cooler_and_the_chart_each_gpus_card(qtbot, builds, language: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from configurator.qt import i18n
    from configurator.qt.charts import VramHeadroomChart
    from configurator.qt.slotmap import SlotMapWidget

    mix, dual = builds
    app = QApplication.instance()
    try:
        assert i18n.install(app, language) == language
        slot_map = SlotMapWidget()
        qtbot.addWidget(slot_map)
        slot_map.show_build(mix)
        # round 49: placement seats the blower A5000 on top (slots 2-3) and her 3090 in slot 5, both x8 from the CPU
        # (the 3090 on top had sent the A5000 to slot 7's chipset x4); the A5000 is drawn two slots tall
        assert [(s.slot, s.part_id) for s in mix.slot_map] == [(2, "rtx-a5000"), (5, "rtx-3090")]
        assert [pos for pos, what in slot_map.rows if "A5000" in what] == [2, 3]
        # numbered as CUDA and the --tensor-split count them (the 3090, the faster, is GPU 1 wherever it sits)
        assert [what for _pos, what in slot_map.rows if what.startswith("GPU ") and " x8 " in what] == [
            "GPU 2: RTX A5000 x8 " + ("(cpu)" if language == "en" else "（CPU）"),
            "GPU 1: RTX 3090 x8 " + ("(cpu)" if language == "en" else "（CPU）"),
        ]
        assert slot_map.legend == LEGEND[language]
        chart = VramHeadroomChart()
        qtbot.addWidget(chart)
        gpus = [p for p in dual.parts if p.category == "gpu"]
        assert len(dual.slot_map) == 1 and gpus[0].spec.get("gpus_per_card") == 2, dual.gpu_id
        chart.show_build(dual)
        ticks = [text for _x, text in chart.plot.getAxis("bottom")._tickLevels[0]]
        assert ticks == TICKS[language]
        chart.show_build(mix)  # two cards of one GPU each: the GPU is the card, no card named
        assert [text for _x, text in chart.plot.getAxis("bottom")._tickLevels[0]] == ["GPU 1", "GPU 2"]
    finally:
        assert i18n.install(app, "en") == "en"


def test_the_legend_says_what_slot_1_measured(qtbot, builds) -> None:  # type: ignore[no-untyped-def]
    """Round 49: the legend's airflow clause renders from SLOT-1's fields (sheet.slot_airflow: each card's cooler, the
    free slots between the cards and under the bottom one), not from a measure of its own. On Mina's mix SLOT-1
    passes with the open-air 3090 at the bottom (slots 5-7) and one free opening under it; a SLOT-1 that had
    measured the 3090 right on the case floor is what the legend then says, so the two cannot disagree."""
    from configurator.qt.slotmap import SlotMapWidget

    mix, _dual = builds
    slot = next(c for c in mix.checks if c.rule == "SLOT-1")
    assert (slot.status, slot.code) == ("pass", "placed-each")
    assert (slot.fields["coolers"], slot.fields["gaps"], slot.fields["floor"]) == (("blower", "open-air"), (1,), 1)
    widget = SlotMapWidget()
    qtbot.addWidget(widget)
    widget.show_build(mix)
    assert widget.legend.endswith("; a free slot below each open-air card keeps its fans fed")
    on_floor = slot.model_copy(update={"fields": {**slot.fields, "floor": 0}})
    widget.show_build(mix.model_copy(update={"checks": tuple(on_floor if c is slot else c for c in mix.checks)}))
    assert widget.legend.endswith(
        "; a free slot between the cards keeps their fans fed; the bottom card draws air from the case floor: "
        "keep it clear of cables"
    )
