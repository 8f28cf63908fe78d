"""The buyer's tax basis in the window (round 42): Preferences name a euro buyer's country and whether VAT is
reclaimed; the Parts table's unit-price header and the total say the basis, and the panel's edits keep it."""

from __future__ import annotations

from configurator.core.catalog import tax
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest

EUR_REQUEST = BuildRequest(
    model_id="qwen3-14b", workload=Workload(kind="inference"), budget=4000, currency="EUR", circuit="230v16a"
)


def _solved(qtbot, window, request: BuildRequest | None = None) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        if request is not None:
            window.session.set_request(request)
    detail = window.detail
    detail.setCurrentIndex(0)
    qtbot.waitUntil(lambda: detail.parts.rowCount() > 0 and bool(detail.total.text()), timeout=10_000)


def test_a_reclaiming_buyers_window_says_without_vat(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1366, 768)
    _solved(qtbot, window, EUR_REQUEST)
    detail = window.detail
    assert detail.parts.horizontalHeaderItem(3).text() == "Unit price\n(19 % VAT in)"
    paid = window.session.selected_build.total_price
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.apply_tax_preferences(window.prefs.model_copy(update={"vat": "reclaim", "vat_country": "FI"}))
    qtbot.waitUntil(lambda: "without VAT" in detail.total.text(), timeout=10_000)
    request = window.session.request
    assert request.vat == "reclaim" and request.tax_basis == tax.buyer("EUR", "FI", reclaim=True)
    assert detail.parts.horizontalHeaderItem(3).text() == "Unit price\n(without VAT)"
    build = window.session.selected_build
    assert build.total_price < paid  # the same budget, net of VAT
    assert f"Total {build.total_price:,.0f} EUR</b>, without VAT (" in detail.total.text()
    assert "with FI 25.5 % VAT)" in detail.total.text()
    # the preference is kept for new projects, and an edit on the panel keeps the open request's basis
    assert window.prefs.vat == "reclaim" and window.prefs.vat_country == "FI"
    assert window.new_project_defaults()["vat"] == "reclaim"
    assert window.new_project_defaults()["vat_country"] == ""  # new projects are in USD here: no euro country
    euro = window.prefs.model_copy(update={"currency": "EUR"})
    window.apply_preferences(euro)
    assert window.new_project_defaults()["vat_country"] == "FI"
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.requirements.budget.setValue(5000)
    assert window.session.request.budget == 5000 and window.session.request.vat == "reclaim"
    assert window.session.request.vat_country == "FI"


def test_a_paying_buyer_in_finland_sees_its_rate(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _solved(qtbot, window, EUR_REQUEST.model_copy(update={"vat_country": "FI"}))
    detail = window.detail
    assert detail.parts.horizontalHeaderItem(3).text() == "Unit price\n(FI 25.5 % VAT in)"
    assert ", FI 25.5 % VAT in (" in detail.total.text()


def test_preferences_offer_the_euro_countries_in_chinese(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.dialogs import PreferencesDialog
    from configurator.storage import settings

    prefs = PreferencesDialog(settings.load(), window)
    qtbot.addWidget(prefs)
    codes = [prefs.vat_country.itemData(i) for i in range(prefs.vat_country.count())]
    assert tuple(codes) == tax.EUR_COUNTRIES and prefs.vat_country.currentData() == "DE"
    assert prefs.vat_country.itemText(codes.index("FI")) == "Finland (25.5 % VAT)"
    prefs.vat_country.setCurrentIndex(codes.index("PL"))
    prefs.vat.setCurrentIndex(prefs.vat.findData("reclaim"))
    chosen = prefs.result_prefs()
    assert chosen.vat_country == "PL" and chosen.vat == "reclaim"
    settings.save(chosen)
    assert settings.load().vat == "reclaim" and settings.load().vat_country == "PL"
    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        zh = PreferencesDialog(settings.load(), window)
        qtbot.addWidget(zh)
        offered = [box.itemText(i) for box in (zh.vat_country, zh.vat) for i in range(box.count())]
        assert "芬兰（增值税 25.5%）" in offered and zh.vat.currentData() == "reclaim"
        assert not any(word in text for text in offered for word in ("Finland", "VAT", "paid", "reclaim"))
    finally:
        i18n.install(app, "en")
