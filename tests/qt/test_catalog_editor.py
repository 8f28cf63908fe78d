"""The catalog editor as a form: typed fields with units, prices per condition, errors at the field, TOML for experts."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from configurator.qt.catalog_editor import CatalogEditorDialog
from configurator.storage import paths


def _open(qtbot, window, kind: str, text: str) -> CatalogEditorDialog:  # type: ignore[no-untyped-def]
    dialog = CatalogEditorDialog(window.session.catalog, "USD")
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
    dialog.filter.setText(text)
    dialog.list.setCurrentRow(0)
    return dialog


def _row_of(dialog: CatalogEditorDialog, label: str) -> int:
    return next(r for r in range(dialog.form.prices.rowCount()) if dialog.form.prices.item(r, 0).text() == label)


def test_a_card_with_two_used_prices_lists_both_and_never_zero(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "gpus", "rtx-2080-ti")
    record = window.session.catalog.get("gpus", dialog._ids[0])
    table = dialog.form.prices
    shown = [
        (
            table.item(r, 0).text(),
            table.cellWidget(r, 1).currentText(),
            table.cellWidget(r, 2).currentText(),
            table.item(r, 3).text(),
        )
        for r in range(table.rowCount())
    ]
    assert shown == [(f"{p.amount:.2f}", p.currency, p.condition, p.date.isoformat()) for p in record.prices]
    assert sum(p.condition == "used" for p in record.prices) >= 2
    assert all(amount != "0.00" for amount, *_ in shown)


def test_an_export_asking_price_stays_one_through_the_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    # the 2080 Ti 22GB's Alibaba 'from 300 USD' (2025-12-25) is landed before plans offer it (Price.terms); the
    # table has no column for its terms, and a save must not turn it into a landed 300 USD
    dialog = _open(qtbot, window, "gpus", "rtx-2080-ti-22gb")
    assert dialog._ids[0] == "rtx-2080-ti-22gb"
    record = dialog.form.validate()
    assert record is not None
    assert [p.terms for p in record.prices] == [
        p.terms for p in window.session.catalog.get("gpus", dialog._ids[0]).prices
    ]
    assert any(p.terms == "before-import" and p.amount == 300.0 for p in record.prices)


def test_a_prices_tax_stays_with_it_through_the_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    # round 40: a Greek shop's price says it includes Greece's 24 % VAT (Price.region, vat_included); the table has
    # no column for them, and a save must not turn it into a price of unknown tax (which compares with nothing)
    dialog = _open(qtbot, window, "gpus", "rtx-pro-6000-blackwell-max-q")
    record = dialog.form.validate()
    assert record is not None
    shipped = window.session.catalog.get("gpus", "rtx-pro-6000-blackwell-max-q").prices
    assert [(p.region, p.vat_included) for p in record.prices] == [(p.region, p.vat_included) for p in shipped]
    assert any(p.region == "GR" and p.vat_included is True for p in record.prices)


def test_fields_have_types_and_units(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    fields = dialog.form.fields
    assert isinstance(fields["cooler"], QComboBox) and fields["cooler"].findData("blower") >= 0
    assert isinstance(fields["tdp_w"], QLineEdit) and fields["tdp_w"].text() == "350"
    units = {w.text() for w in fields["tdp_w"].parentWidget().findChildren(type(dialog.message))}
    assert "W" in units
    assert "power_connectors" in dialog.form.structured.text()  # structured fields go to the TOML view


def test_an_out_of_range_value_is_marked_at_its_field_once_the_user_leaves_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Never while typing (window16's walk): the error shows when the field is left, in words naming the field."""
    dialog = _open(qtbot, window, "psus", "")
    watts = dialog.form.fields["watts"]
    error = dialog.form.errors["watts"]
    watts.clear()
    qtbot.keyClicks(watts, "-5")
    assert error.isHidden() and "border" not in watts.styleSheet()  # typing
    qtbot.keyClick(watts, Qt.Key.Key_Return)  # done with it (as leaving it)
    assert not error.isHidden() and error.text() == "Rated power must be at least 50"
    assert "border" in watts.styleSheet()
    watts.setText("abc")
    assert error.isHidden()  # typing again
    watts.editingFinished.emit()
    assert error.text() == "Rated power must be a number, not “abc”"
    watts.setText("1000")
    watts.editingFinished.emit()
    assert error.isHidden() and dialog.save.isEnabled()


def test_fields_are_labelled_in_words_with_the_unit_beside_them(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel

    from configurator.core.catalog.loader import KINDS
    from configurator.qt.catalog_editor import form_fields
    from configurator.qt.catalog_fields import FIELD_LABELS

    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    form = dialog.form

    def label(name: str) -> str:
        box = form.fields[name].parentWidget().parentWidget()
        shown = form.form.labelForField(box)
        assert isinstance(shown, QLabel)
        return shown.text()

    assert label("tdp_w") == "Thermal design power" and label("vram_gb") == "Graphics memory"
    assert label("memory_bandwidth_gbps") == "Memory bandwidth"
    every = {name for model in KINDS.values() for name, _base, _optional in form_fields(model)[0]}
    assert every <= set(FIELD_LABELS), sorted(every - set(FIELD_LABELS))  # none shown as its TOML key


def test_adding_my_price_saves_it_to_the_overlay_with_the_files_comments(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    file = paths.user_catalog_dir() / "app-gpus.toml"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("# bought from my friend, keep this note\n", encoding="utf-8")
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    gpu_id = dialog._ids[0]
    before = len(window.session.catalog.get("gpus", gpu_id).prices)
    qtbot.mouseClick(dialog.form.add_price, Qt.MouseButton.LeftButton)
    assert dialog.form.price_error.text() == ""  # a row just added is being filled in: nothing is wrong yet
    row = dialog.form.prices.rowCount() - 1
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)  # an empty amount is no price
    assert not dialog.saved and dialog.form.price_error.text() == f"Price {row + 1}: Amount is required"
    assert "Fix the fields marked in red first." in dialog.message.text()
    dialog.form.prices.item(row, 0).setText("555")
    dialog.form.prices.cellWidget(row, 2).setCurrentText("used")
    assert dialog.form.price_error.text() == "" and dialog.save.isEnabled()
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    assert dialog.saved
    text = file.read_text(encoding="utf-8")
    assert text.startswith("# bought from my friend, keep this note") and "amount = 555.0" in text
    assert not file.is_relative_to(paths.catalogs_dir())
    record = window.session.catalog.get("gpus", gpu_id)
    assert len(record.prices) == before + 1
    assert any(p.amount == 555 and p.condition == "used" and p.currency == "USD" for p in record.prices)


def test_the_toml_view_is_for_experts_and_a_bad_record_names_its_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "psus", "")
    dialog.views.setCurrentIndex(1)
    assert dialog.expert and "[[psus]]" in dialog.editor.toPlainText()
    dialog.editor.setPlainText(dialog.editor.toPlainText().replace("watts = ", "watts = -"))
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    assert not dialog.saved and "watts" in dialog.message.text()
    dialog.views.setCurrentIndex(0)  # an unreadable record keeps you in the TOML view
    assert dialog.expert
    fixed = re.sub(r"^watts = .*$", "watts = 1234", dialog.editor.toPlainText(), flags=re.M)
    dialog.editor.setPlainText(fixed.replace('name = "', 'name = "Edited ', 1))
    dialog.views.setCurrentIndex(0)
    assert not dialog.expert and dialog.form.fields["watts"].text() == "1234"
    assert dialog.form.fields["name"].text().startswith("Edited ")


def test_a_whole_record_rule_marks_the_fields_its_code_names(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """An SXM module with the 3090's open-air fan breaks a rule of the whole card: the editor marks its cooler (and
    form factor), from the error's code and fields, not the card's id at the top."""
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    form_factor = dialog.form.fields["form_factor"]
    assert isinstance(form_factor, QComboBox)
    form_factor.setCurrentIndex(form_factor.findData("sxm"))
    assert dialog.form.validate() is None
    cooler = dialog.form.errors["cooler"]
    assert not cooler.isHidden() and "passively cooled" in cooler.text()
    assert "border" in dialog.form.fields["cooler"].styleSheet()
    assert dialog.form.errors["id"].isHidden()
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    assert not dialog.saved and "Fix the fields marked in red first." in dialog.message.text()


def test_a_price_row_is_checked_when_the_user_leaves_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    table = dialog.form.prices
    qtbot.mouseClick(dialog.form.add_price, Qt.MouseButton.LeftButton)
    row = table.rowCount() - 1
    assert table.currentRow() == row and dialog.form.price_error.text() == ""
    table.item(row, 3).setText("2026-13-01")  # typed into the row it is still in: not yet
    assert dialog.form.price_error.text() == ""
    table.setCurrentCell(0, 0)  # another row: this one is left
    assert dialog.form.price_error.text() == (
        f"Price {row + 1}: Amount is required; Price {row + 1}: Date must be a date written YYYY-MM-DD"
    )
    table.item(row, 0).setText("640")
    table.item(row, 3).setText("2026-12-01")
    assert dialog.form.price_error.text() == ""  # fixed: gone at once


def test_the_editor_in_chinese_labels_and_explains_in_chinese(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt import i18n
    from configurator.qt.app import make_app

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        dialog = _open(qtbot, window, "psus", "")
        form = dialog.form
        box = form.fields["watts"].parentWidget().parentWidget()
        assert form.form.labelForField(box).text() == "额定功率"
        form.fields["watts"].setText("-5")
        form.fields["watts"].editingFinished.emit()
        assert form.errors["watts"].text() == "额定功率不能小于 50"
        form.fields["watts"].setText("1000")
        qtbot.mouseClick(form.add_price, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
        assert form.price_error.text() == f"第 {form.prices.rowCount()} 个价格：请填写金额"
        assert "pydantic" not in form.price_error.text() and "Input should" not in form.price_error.text()
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again


def test_the_chinese_editor_offers_a_prices_condition_in_chinese_and_saves_its_key(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # window17: the Chinese editor headed the column 成色 and offered "new, used, refurbished" beneath it
    from configurator.qt import i18n
    from configurator.qt.app import make_app

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        dialog = _open(qtbot, window, "gpus", "rtx-2080-ti")
        record = window.session.catalog.get("gpus", dialog._ids[0])
        table = dialog.form.prices
        shown = [table.cellWidget(r, 2).currentText() for r in range(table.rowCount())]
        zh = {"new": "新品", "used": "二手", "refurbished": "翻新"}
        assert shown == [zh[p.condition] for p in record.prices] and "二手" in shown
        combo = table.cellWidget(0, 2)
        assert [combo.itemText(i) for i in range(combo.count())] == ["新品", "二手", "翻新"]
        combo.setCurrentIndex(2)  # 翻新: the record keeps the key
        assert dialog.form._price_rows()[0]["condition"] == "refurbished"
    finally:
        assert i18n.install(app, "en") == "en"


def test_every_field_tooltip_of_the_chinese_editor_is_chinese(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """window17: the Chinese editor's fields were labelled in Chinese but explained in English on hover ("GB/s,
    peak", "TDP, or PPT where the vendor gives one"); every description a form shows has its Chinese."""
    from pydantic import BaseModel

    import configurator.core.catalog.models as models
    from configurator.core.report import words
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.catalog_editor import form_fields

    shown = {
        info.description
        for record in vars(models).values()
        if isinstance(record, type) and issubclass(record, BaseModel) and "prices" in record.model_fields
        for name, _base, _optional in form_fields(record)[0]
        if (info := record.model_fields[name]).description
    }
    assert len(shown) > 40 and shown <= set(words.FIELD_HELP_ZH), shown - set(words.FIELD_HELP_ZH)
    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        dialog = _open(qtbot, window, "gpus", "rtx-3090")
        tips = {name: editor.toolTip() for name, editor in dialog.form.fields.items()}
        assert tips["vram_gb"] == "卡上显存 GB 数：1 GB 到 1 TB" and tips["fp16_tflops"] == "稠密张量 FP16，FP32 累加"
        assert tips["tdp_w"] == "热设计功耗"  # no description: its label, not its key "tdp_w"
        assert all(any("\u4e00" <= ch <= "\u9fff" for ch in tip) for tip in tips.values() if tip), tips
    finally:
        assert i18n.install(app, "en") == "en"
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    assert dialog.form.fields["vram_gb"].toolTip() == "GB of memory on the card: 1 GB to 1 TB"  # English as written


def test_the_chinese_editor_offers_vendor_and_market_in_chinese_and_saves_their_keys(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """walk19: the Chinese editor offered 厂商 "nvidia" and 市场 "consumer" as the catalog spells its keys; every
    choice list of every form is drawn from the words tables (core.report.words.CHOICES), the record keeps the key."""
    from configurator.core.report import words
    from configurator.qt import i18n
    from configurator.qt.app import make_app

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        dialog = _open(qtbot, window, "gpus", "rtx-3090")
        form = dialog.form
        market, vendor = form.fields["market"], form.fields["vendor"]
        assert isinstance(market, QComboBox) and isinstance(vendor, QComboBox)
        assert [market.itemText(i) for i in range(market.count())] == ["消费级", "工作站", "数据中心"]
        assert market.currentText() == "消费级" and vendor.currentText() == "NVIDIA"
        market.setCurrentIndex(market.findText("数据中心"))
        assert form._value("market") == ("datacenter", "")
        for kind in dialog.KINDS:
            dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
            dialog.filter.setText("")
            dialog.list.setCurrentRow(0)
            for name, editor in dialog.form.fields.items():
                if isinstance(editor, QComboBox):
                    for i in range(editor.count()):
                        key = editor.itemData(i)
                        if key is not None:
                            zh = (words.FIELD_CHOICES.get((name, str(key))) or words.CHOICES[str(key)])[1]
                            assert editor.itemText(i) == zh, (kind, name, key, editor.itemText(i))
    finally:
        assert i18n.install(app, "en") == "en"
    dialog = _open(qtbot, window, "gpus", "rtx-3090")  # and in English, words too
    market = dialog.form.fields["market"]
    assert isinstance(market, QComboBox) and market.currentText() == "consumer"
    assert dialog.form.fields["vendor"].currentText() == "NVIDIA"


def test_a_record_saved_in_the_editor_never_changes_the_catalog_a_solve_is_reading(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Catalog > Edit prices wrote a saved record into the session's own catalog while a solve on the worker thread
    iterated it (a part added under it: "dictionary changed size during iteration"); the editor works on its own
    copy, and the window takes the saved record by reloading the catalog after the editor closes."""
    from configurator.qt.catalog_editor import CatalogEditorDialog

    seen: dict[str, object] = {}

    def exec_(dialog: CatalogEditorDialog) -> int:  # the user adds a card and saves it, then closes
        base = dialog.catalog.get("gpus", "rtx-3090")
        dialog.kind.setCurrentIndex(dialog.kind.findData("gpus"))
        dialog._store(base.model_copy(update={"id": "rtx-3090-lab", "name": "RTX 3090 (lab stock)"}))
        seen["in_editor"] = "rtx-3090-lab" in dialog.catalog.records["gpus"]
        seen["in_session"] = "rtx-3090-lab" in window.session.catalog.records["gpus"]
        return 0

    monkeypatch.setattr(CatalogEditorDialog, "exec", exec_)
    with qtbot.waitSignal(window.session.catalog_changed, timeout=60_000):
        window.edit_catalog()
    assert seen == {"in_editor": True, "in_session": False}
    assert "rtx-3090-lab" in window.session.catalog.records["gpus"]  # reloaded from the user's catalog file
    window.session.cancel()
    window.session.wait_idle()


def test_a_closed_catalog_editor_is_not_kept(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each Catalog > Edit prices left its dialog (a copy of the catalog, a form listening to every focus change of
    the application) alive under the window: opened and closed five times, five editors lived on."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from configurator.qt.catalog_editor import CatalogEditorDialog

    monkeypatch.setattr(CatalogEditorDialog, "exec", lambda dialog: 0)  # opened and closed at once
    for _ in range(5):
        window.edit_catalog()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.findChildren(CatalogEditorDialog) == []


def test_the_price_source_column_is_not_squeezed_by_a_long_note(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen's editor at 1366 x 768 (walk42, shots/j2e_21_editor.png): the RTX 2080 Ti's notes sized the Note
    column to their text and left Source, the column set to stretch, three letters wide ("ourc", "ht..."). Source
    and Note now share the width the short columns leave, and each cell's whole text is its tooltip, kept current."""
    dialog = _open(qtbot, window, "gpus", "rtx-2080-ti")
    dialog.resize(1200, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.form.prices
    header = table.horizontalHeader()
    source, note = table.columnWidth(4), table.columnWidth(5)
    assert source >= header.fontMetrics().horizontalAdvance("Source") + 8, (source, note)
    assert abs(source - note) <= 2, (source, note)
    record = window.session.catalog.get("gpus", dialog._ids[0])
    assert [table.item(r, 4).toolTip() for r in range(table.rowCount())] == [p.source for p in record.prices]
    assert [table.item(r, 5).toolTip() for r in range(table.rowCount())] == [p.note for p in record.prices]
    table.item(0, 5).setText("quoted by a local shop")
    assert table.item(0, 5).toolTip() == "quoted by a local shop"
