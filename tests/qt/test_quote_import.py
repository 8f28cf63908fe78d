"""Importing a vendor quote: the review step in the real dialog, then the overlay, then the build flags old prices."""

from __future__ import annotations

import datetime
from pathlib import Path

from PySide6.QtCore import Qt

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt.quote_import import QuoteImportDialog
from configurator.storage import paths


def test_the_review_step_lets_me_fix_a_match_before_import(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    quote = tmp_path / "acme.csv"
    quote.write_text(
        "part,price,date,vendor,condition\nrtx-3090,650,2026-03-02,Acme,used\nflux capacitor,5,2026-03-02,Acme,new\n",
        encoding="utf-8",
    )
    dialog = QuoteImportDialog(window.session.catalog, quote, "USD")
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 2
    assert dialog.choices[0].currentData().id == "rtx-3090" and dialog.choices[1].currentData() is None
    assert "1 of 2 lines matched" in dialog.message.text()
    dialog.choices[0].setCurrentIndex(0)  # the user skips it after all ...
    assert not dialog.import_button.isEnabled()
    dialog.choices[0].setCurrentIndex(1)  # ... and takes it back
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.saved
    text = (paths.user_catalog_dir() / "app-gpus.toml").read_text(encoding="utf-8")
    assert "amount = 650.0" in text and "quoted by Acme" in text and "flux" not in text
    assert any(
        p.amount == 650 and p.source == "vendor quote acme.csv"
        for p in window.session.catalog.get("gpus", "rtx-3090").prices
    )


def test_a_broken_quote_says_which_line_and_imports_nothing(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    quote = tmp_path / "bad.csv"
    quote.write_text("part,price,date,vendor\nrtx-3090,abc,2026-03-02,Acme\n", encoding="utf-8")
    dialog = QuoteImportDialog(window.session.catalog, quote, "USD")
    qtbot.addWidget(dialog)
    assert "bad.csv:2: price: not a price" in dialog.message.text()  # file, line and column
    assert not dialog.import_button.isEnabled()


def test_the_parts_tab_flags_prices_older_than_six_months(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.session.set_request(
            BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000)
        )
    build = window.session.selected_build
    stale = [
        p for p in build.parts if p.price_date and p.subtotal > 0 and (datetime.date.today() - p.price_date).days > 183
    ]
    total = window.detail.total.text()
    if stale:
        assert "older than six months" in total and stale[0].name in window.detail.total.toolTip()
        row = [p.name for p in build.parts].index(stale[0].name)
        assert window.detail.parts.item(row, 3).text().endswith("⚠")
    else:
        assert "older than six months" not in total


def test_an_ambiguous_euro_price_waits_for_the_decimal_mark(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    quote = tmp_path / "angebot.csv"
    quote.write_text("part;price;date;vendor;currency\nrtx-3090;1.599;2026-03-02;Müller;EUR\n", encoding="utf-8")
    dialog = QuoteImportDialog(window.session.catalog, quote, "EUR")
    qtbot.addWidget(dialog)
    assert "1.599 or 1,599.00" in dialog.table.item(0, 2).text()
    assert "read two ways" in dialog.message.text() and not dialog.import_button.isEnabled()
    assert dialog.choices[0].currentData() is None  # not matched while the amount is open
    dialog.decimal.setCurrentIndex(1)  # decimal comma: "1.599" is 1,599.00
    assert dialog.table.item(0, 2).text().startswith("1,599.00 EUR")
    assert dialog.choices[0].currentData().id == "rtx-3090" and dialog.import_button.isEnabled()
