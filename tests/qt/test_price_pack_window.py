"""The window's Catalog menu imports a price pack through a review dialog, and shows the catalog's price dates."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from configurator.core.catalog.dates import catalog_date
from configurator.storage import paths

PACK = (
    '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "Lab purchasing"\n\n'
    '[[price]]\nkind = "gpus"\nid = "rtx-3090"\namount = 612.0\ncurrency = "USD"\ncondition = "used"\n'
    'date = 2026-11-20\nsource = "https://www.ebay.com/"\nnote = "lab quote"\n'
)


def test_the_status_bar_shows_the_catalogs_price_dates(window) -> None:  # type: ignore[no-untyped-def]
    text = window.catalog_date.text()
    assert text == f"Catalog {catalog_date(window.session.catalog).text()}"
    assert text.startswith("Catalog prices ") and "as of" not in text


def test_a_price_pack_is_reviewed_then_applied_from_the_catalog_menu(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = tmp_path / "lab.toml"
    pack.write_text(PACK, encoding="utf-8")
    assert window.import_pack_action in window.menuBar().actions()[2].menu().actions()
    dialog = window.import_price_pack_path(pack)
    assert "From Lab purchasing, 2026-11-30" in dialog.summary.text()
    assert "+ gpus rtx-3090: add 612.00 USD used (2026-11-20)" in dialog.changes.toPlainText()
    assert not (paths.user_catalog_dir() / "app-gpus.toml").exists(), "nothing is written before Apply"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.saved
    assert any(p.amount == 612.0 for p in window.session.catalog.get("gpus", "rtx-3090").prices)


def test_a_malformed_pack_shows_file_line_and_field_and_cannot_be_applied(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pack = tmp_path / "bad.toml"
    pack.write_text(PACK.replace("amount = 612.0\n", ""), encoding="utf-8")
    dialog = window.import_price_pack_path(pack)
    assert f"{pack}:6: price[rtx-3090].amount" in dialog.changes.toPlainText()
    assert not dialog.apply_button.isEnabled()
    dialog.reject()


def test_export_writes_a_pack_with_the_author_asked_for(qtbot, window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from configurator.storage import price_pack

    target = tmp_path / "out.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Lab purchasing", True))
    window.export_price_pack()
    pack = price_pack.read_pack(target)
    assert pack.author == "Lab purchasing" and pack.prices == () and pack.parts == ()
