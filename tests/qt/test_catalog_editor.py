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


def test_fields_have_types_and_units(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    fields = dialog.form.fields
    assert isinstance(fields["cooler"], QComboBox) and fields["cooler"].findData("blower") >= 0
    assert isinstance(fields["tdp_w"], QLineEdit) and fields["tdp_w"].text() == "350"
    units = {w.text() for w in fields["tdp_w"].parentWidget().findChildren(type(dialog.message))}
    assert "W" in units
    assert "power_connectors" in dialog.form.structured.text()  # structured fields go to the TOML view


def test_an_out_of_range_value_is_marked_at_its_field_as_typed(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = _open(qtbot, window, "psus", "")
    watts = dialog.form.fields["watts"]
    watts.clear()
    qtbot.keyClicks(watts, "-5")
    error = dialog.form.errors["watts"]
    assert not error.isHidden() and "greater than or equal to 50" in error.text()  # pydantic's own message
    assert "border" in watts.styleSheet() and not dialog.save.isEnabled()
    watts.setText("abc")
    assert error.text().startswith("not a number")
    watts.setText("1000")
    assert error.isHidden() and dialog.save.isEnabled()


def test_adding_my_price_saves_it_to_the_overlay_with_the_files_comments(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    file = paths.user_catalog_dir() / "app-gpus.toml"
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("# bought from my friend, keep this note\n", encoding="utf-8")
    dialog = _open(qtbot, window, "gpus", "rtx-3090")
    gpu_id = dialog._ids[0]
    before = len(window.session.catalog.get("gpus", gpu_id).prices)
    qtbot.mouseClick(dialog.form.add_price, Qt.MouseButton.LeftButton)
    assert not dialog.save.isEnabled() and "amount" in dialog.form.price_error.text()  # an empty amount is no price
    row = dialog.form.prices.rowCount() - 1
    dialog.form.prices.item(row, 0).setText("555")
    dialog.form.prices.cellWidget(row, 2).setCurrentText("used")
    assert dialog.save.isEnabled()
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
    assert dialog.form.errors["id"].isHidden() and not dialog.save.isEnabled()
