"""Faults seen walking Mina's and Dr. Chen's journeys in the window (ui7: offscreen grabs at 1366x768 and 1600x1000,
English and zh_CN), each pinned here."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QCoreApplication

from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.builds import speed_text


def _build(tps: float, batch: int = 1):  # type: ignore[no-untyped-def]
    estimate = SimpleNamespace(decode_tokens_per_s=tps, workload={"batch": batch}, wall_hours=None)
    return SimpleNamespace(estimate=estimate)


def test_speeds_read_in_the_windows_language() -> None:
    """zh_CN: the builds table said "14.7 tok/s" beside the target's "14.0 token/秒", the nothing-fits banner's ways
    out "(14.2 tokens/s)" and the node chart's chosen point "tokens/s"."""
    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        text, value = speed_text(_build(14.7))  # type: ignore[arg-type]
        assert text == "14.7 token/秒" and value == 14.7
        assert speed_text(_build(14.2, 20))[0] == "14.2 token/秒 x 20"  # type: ignore[arg-type]
        way = QCoreApplication.translate("InfeasibleBanner", "{tps:.1f} tokens/s").format(tps=14.2)
        assert way == "14.2 token/秒"
        chosen = QCoreApplication.translate("charts", "{0:.1f} tokens/s").format(20.3)
        assert chosen == "20.3 token/秒"
        axis = QCoreApplication.translate("charts", "decode tokens/s per sequence")
        assert "tokens/s" not in axis
    finally:
        assert i18n.install(app, "en") == "en"
    assert speed_text(_build(14.7))[0] == "14.7 tok/s"  # type: ignore[arg-type]


def test_error_messages_read_chinese_in_the_chinese_window(qtbot, shipped_catalog, messages, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """zh_CN: a project that would not open said "Your current project is unchanged; the file was not modified.", an
    export to an unknown file type "choose .xlsx, .csv, .md or .pdf", under a Chinese title."""
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        broken = tmp_path / "chen.llmrig"
        broken.write_text("not a project", encoding="utf-8")
        window._open_path(broken)
        assert window.export_to(tmp_path / "chen.txt", []) is False
        assert len(messages) == 2, messages
        for _title, text in messages:
            assert "not modified" not in text and "choose" not in text, text
        assert "当前项目未改变" in messages[0][1]
        assert "请选择 .xlsx" in messages[1][1]
        window.session.dirty = False
    finally:
        assert i18n.install(app, "en") == "en"


def test_the_parts_list_is_never_drawn_over_the_total_at_1366x768(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Mina's 70B with her own 3090 at 1366 x 768: the build's header wrapped to two lines (46 px) while its minimum
    said one (32 px), the splitter gave the detail 14 px less than its pages' minimum, and the parts list's last row
    line ran through "Total 2,168 USD". Since round 47 (land47's mixes at q8_0) her 14 tokens/s at 2,500 finds no
    build (her 3090 + a used RTX A5000, 2,457.88 USD, reads 13.0) and the header of an empty plan takes one line; the
    walk asks for her second 3090 by name (--gpu rtx-3090): 2 x 3090, 2,787.88 USD (the used 3090 at 1,550,
    2026-10-09), 14.2 tokens/s, at 2,800, a build whose header wraps as the one seen did."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest, OwnedPart

    window.resize(1366, 768)
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768, batch=1, kv_precision="q8_0"),
        min_decode_tps=14,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        gpu_ids=("rtx-3090",),
        budget=2800,
        circuit="120v15a",
        room="home-office",
    )
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as solved:
        window.session.set_request(request)
    qtbot.wait(50)
    assert window.session.selected_build is solved.args[0].builds[0] and solved.args[0].builds[0].gpu_count == 2
    header, detail = window.header, window.detail
    assert header.height() > header.fontMetrics().height() * 1.5  # the case seen: the header takes two lines
    assert header.minimumSizeHint().height() >= header.heightForWidth(header.width())
    assert detail.height() >= detail.minimumSizeHint().height()
    assert detail.parts.geometry().bottom() < detail.total.geometry().top()


def test_the_workload_list_names_each_job_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Sam's pretraining entry read "1: llama-3.2-1b pretrain (pretrain)" and Dr. Chen's "qwen2.5-72b fine-tune (lora)":
    the method as the method list names it, a pretraining run by its tokens."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    session = window.session
    session.set_request(BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11)), False)
    shown = window.requirements.workloads.itemText(0)
    assert shown.endswith("(100 B tokens)") and shown.count("pretrain") <= 1, shown
    session.set_request(BuildRequest(model_id="qwen2.5-72b", workload=Workload(kind="finetune", method="lora")), False)
    shown = window.requirements.workloads.itemText(0)
    assert shown.endswith("(LoRA)"), shown
    session.set_request(BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain")), False)
    assert not window.requirements.workloads.itemText(0).endswith(")")


def test_part_categories_read_as_a_buyer_names_them() -> None:
    """The English parts table, the reasons and the cost chart said "gpu", "psu", "chassis" (the data's keys); zh_CN
    keeps its words."""
    from configurator.qt.builds import category_name

    assert [category_name(c) for c in ("gpu", "psu", "chassis", "cooler")] == [
        "GPU",
        "Power supply",
        "Case",
        "CPU cooler",
    ]
    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        assert [category_name(c) for c in ("gpu", "psu", "chassis", "memory")] == ["显卡", "电源", "机箱", "内存"]
    finally:
        assert i18n.install(app, "en") == "en"


def test_the_catalog_editor_reads_chinese(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen updates two prices in the zh_CN catalog editor: its kind list read "gpus", "psus" and its price table
    "Amount, Currency, Condition, Date, Source, Note"; the list still picks the catalog's kinds."""
    from configurator.qt.catalog_editor import CatalogEditorDialog

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        dialog = CatalogEditorDialog(shipped_catalog, "CNY")
        qtbot.addWidget(dialog)
        kinds = [dialog.kind.itemText(i) for i in range(dialog.kind.count())]
        assert "显卡" in kinds and "电源" in kinds and "gpus" not in kinds, kinds
        heads = [dialog.form.prices.horizontalHeaderItem(c).text() for c in range(dialog.form.prices.columnCount())]
        assert heads == ["金额", "货币", "成色", "日期", "来源", "备注"], heads
        dialog.kind.setCurrentIndex(dialog.kind.findData("psus"))
        assert dialog.kind_key == "psus" and dialog.list.count() == len(shipped_catalog.kind("psus"))
    finally:
        assert i18n.install(app, "en") == "en"


def test_a_cut_workload_entry_can_still_be_read(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """At 1366 x 768 the closed workload list read "1: llama-3.3-70b inference (1 us": its tooltip says the whole
    entry, and the open list is as wide as its longest entry."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    window.resize(1366, 768)
    request = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"))
    window.session.set_request(request, False)
    combo = window.requirements.workloads
    full = combo.itemText(0)
    assert full == "1: llama-3.3-70b inference (1 user)"
    assert full in combo.toolTip()
    assert combo.view().minimumWidth() > combo.view().fontMetrics().horizontalAdvance(full)
