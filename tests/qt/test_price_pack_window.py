"""The window's Catalog menu imports a price pack through a review dialog, and shows the catalog's price dates."""

from __future__ import annotations

import datetime
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
    currency = window.session.request.currency
    assert text == f"Catalog {catalog_date(window.session.catalog, currency=currency).text()}"
    assert text.startswith("Catalog prices ") and "as of" not in text
    assert f"a buyer paying in {currency}" in window.catalog_date.toolTip()


def test_the_status_bar_dates_the_prices_of_the_projects_currency(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """data40 (round 40) dated the plan's prices per buyer currency; the status bar had still counted every
    currency's prices: a EUR buyer read the catalog as fresh as its newest CNY price. A new project currency dates it
    again, with that currency's own count."""
    from configurator.core.model.request import BuildRequest

    today = datetime.date.today()
    counts = {c: catalog_date(window.session.catalog, today=today, currency=c) for c in ("USD", "CNY")}
    assert counts["USD"].older != counts["CNY"].older  # the shipped catalog's markets differ
    for currency in ("CNY", "USD"):
        request: BuildRequest = window.session.request.model_copy(update={"currency": currency})
        window.session.set_request(request, solve=False)
        qtbot.waitUntil(lambda c=currency: f"paying in {c}" in window.catalog_date.toolTip(), timeout=10_000)  # type: ignore[misc]
        assert window.catalog_date.text().endswith(
            f"; {counts[currency].older} of {counts[currency].priced} priced parts have only prices older than six months"
        )


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


def test_the_status_bar_counts_old_prices_from_today_not_from_the_newest_price(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """window16's walk: two prices entered today in the catalog editor moved "236 of ... older" to 243, as the
    age was counted from the catalog's newest price; counted from today, the two parts are fresh and no other ages."""
    import datetime

    from configurator.core.catalog.dates import FRESH_WINDOW_DAYS, newest_price_date
    from configurator.qt.catalog_editor import CatalogEditorDialog

    today = datetime.date.today()  # the editor dates a price it adds today
    cutoff = today - datetime.timedelta(days=FRESH_WINDOW_DAYS)
    before = catalog_date(window.session.catalog, today=today, currency=window.session.request.currency)
    assert window.catalog_date.text().endswith(
        f"; {before.older} of {before.priced} priced parts have only prices older than six months"
    )
    assert f"counted from today, {today:%Y-%m-%d}" in window.catalog_date.toolTip()
    old = [g for g in window.session.catalog.kind("gpus") if (newest_price_date(g) or today) < cutoff][:2]
    assert len(old) == 2
    dialog = CatalogEditorDialog(window.session.catalog, "USD")
    qtbot.addWidget(dialog)
    for gpu in old:
        dialog.kind.setCurrentIndex(dialog.kind.findData("gpus"))
        dialog.filter.setText(gpu.id)
        dialog.list.setCurrentRow(dialog._ids.index(gpu.id))
        qtbot.mouseClick(dialog.form.add_price, Qt.MouseButton.LeftButton)
        dialog.form.prices.item(dialog.form.prices.rowCount() - 1, 0).setText("500")
        qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    assert dialog.saved
    window.session.catalog_changed.emit(window.session.catalog)  # as the window's reload after the editor does
    assert window.catalog_date.text().endswith(
        f"; {before.older - 2} of {before.priced} priced parts have only prices older than six months"
    )


def test_the_status_bar_counts_from_the_day_it_is_given(window) -> None:  # type: ignore[no-untyped-def]
    import datetime

    later = datetime.date.today() + datetime.timedelta(days=400)  # every catalog price is over six months old then
    window.today = lambda: later
    window.session.catalog_changed.emit(window.session.catalog)
    date = catalog_date(window.session.catalog, today=later, currency=window.session.request.currency)
    assert date.older == date.priced
    assert window.catalog_date.text().endswith(
        f"; {date.priced} of {date.priced} priced parts have only prices older than six months"
    )


def test_the_count_of_old_prices_follows_the_date_not_only_the_catalog(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """window17: the status bar's "N of M priced parts have only prices older than six months" was counted when the
    catalog changed; a window left open for months kept the count of the day it opened. At midnight and when the
    window is activated it counts again from the (injected) clock."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from configurator.core.catalog.dates import catalog_date

    opened = window.today()
    shown = window.catalog_date.text()
    assert window._midnight.isActive() and 0 < window._midnight.remainingTime() <= 86_401_000
    later = opened + datetime.timedelta(days=200)  # every price the catalog had fresh is now old
    window.today = lambda: later
    currency = window.session.request.currency
    then = catalog_date(window.session.catalog, today=opened, currency=currency)
    now = catalog_date(window.session.catalog, today=later, currency=currency)
    assert now.older > then.older and now.priced == then.priced
    window._midnight.timeout.emit()  # the midnight timer
    assert window.catalog_date.text() != shown
    assert f"{now.older} of {now.priced} priced parts" in window.catalog_date.text()
    assert f"counted from today, {later:%Y-%m-%d}" in window.catalog_date.toolTip()
    assert window._midnight.isActive()  # armed for the next midnight
    even_later = later + datetime.timedelta(days=400)
    window.today = lambda: even_later
    window.show()
    with qtbot.waitActive(window):
        window.activateWindow()
    QApplication.sendEvent(window, QEvent(QEvent.Type.ActivationChange))  # the user comes back to the window
    assert f"counted from today, {even_later:%Y-%m-%d}" in window.catalog_date.toolTip()
