"""Settings are independent (#31): a change of currency converts the budget at the catalog's dated
rates and says so; the circuit and the region stay as the user set them (Mina's "120 V 15 A" became
"230 V 16 A" when she switched to EUR to print her sheet, and 2,500 USD was kept as 2,500 EUR)."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


@pytest.mark.parametrize("currency", ["EUR", "CNY"])
def test_currency_converts_the_budget_and_leaves_the_site(qtbot, window, currency: str) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=2500,
        currency="USD",
        circuit="120v15a",
        region="global",
    )
    window.session.set_request(request)
    qtbot.waitUntil(lambda: panel.current_request().budget == 2500, timeout=10_000)
    panel.currency.setCurrentIndex(panel.currency.findData(currency))
    after = panel.current_request()
    rates = window.session.catalog.exchange_rates
    expected = 2500 / rates["USD"] * rates[currency]
    assert after.currency == currency
    assert after.budget == pytest.approx(expected, rel=0.01)  # converted, rounded to the nearest 10
    assert after.circuit == "120v15a" and after.region == "global"  # nothing else moved
    note = panel.budget_note.text()
    assert panel.budget_note.isVisibleTo(panel) and "2,500 USD" in note and currency in note
    assert window.session.catalog.exchange_rates_date in note
    # and back: the budget returns to about what was typed, the site still untouched
    panel.currency.setCurrentIndex(panel.currency.findData("USD"))
    back = panel.current_request()
    assert back.budget == pytest.approx(2500, rel=0.01) and back.circuit == "120v15a" and back.region == "global"


def test_an_unlimited_budget_stays_unlimited_across_currencies(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    window.session.set_request(BuildRequest(model_id="llama-3.1-8b", currency="USD", circuit="120v15a"))
    qtbot.waitUntil(lambda: panel.current_request().currency == "USD", timeout=10_000)
    panel.currency.setCurrentIndex(panel.currency.findData("CNY"))
    after = panel.current_request()
    assert after.budget is None and after.circuit == "120v15a" and after.region == "global"
    assert not panel.budget_note.isVisibleTo(panel)


def test_exactly_n_gpus_can_be_asked_in_the_window(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """ "Exactly 8 x 4090" could be asked only on the command line (#31): the box beside Max GPUs asks it, a loaded
    request shows it, and nothing else moves."""
    panel = window.requirements
    window.session.set_request(
        BuildRequest(model_id="llama-3.1-8b", gpu_ids=("rtx-4090",), max_gpus=8, exact_gpus=True)
    )
    qtbot.waitUntil(lambda: panel.current_request().gpu_ids == ("rtx-4090",), timeout=10_000)
    assert panel.exact_gpus.isChecked() and panel.current_request().exact_gpus
    panel.exact_gpus.setChecked(False)
    after = panel.current_request()
    assert not after.exact_gpus and after.max_gpus == 8 and after.gpu_ids == ("rtx-4090",)


def test_the_first_run_choice_of_country_sets_defaults_once(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A buyer in China picks China at the first start: CNY, a 220 V 16 A circuit, the Chinese market and the
    Chinese window become the defaults of new projects and of the untouched first request; it is saved, so it is
    not asked again; a later change of currency alone still moves nothing else."""
    from configurator.qt.dialogs import CountryDialog
    from configurator.storage import settings

    assert settings.load().country is None  # a fresh user folder: not asked yet
    dialog = CountryDialog(window)
    dialog.select("CN")
    monkeypatch.setattr(dialog, "exec", lambda: 1)
    window.choose_country(dialog)
    saved = settings.load()
    assert (saved.country, saved.currency, saved.region, saved.circuit, saved.language) == (
        "CN",
        "CNY",
        "china",
        "220v16a",
        "zh_CN",
    )
    request = window.session.request
    assert (request.currency, request.region, request.circuit) == ("CNY", "china", "220v16a")
    assert not window.session.dirty
    window.new_project()
    assert window.session.request.currency == "CNY" and window.session.request.circuit == "220v16a"


def test_a_cancelled_country_choice_is_not_asked_again(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.dialogs import CountryDialog
    from configurator.storage import settings

    dialog = CountryDialog(window)
    monkeypatch.setattr(dialog, "exec", lambda: 0)
    before = window.session.request
    window.choose_country(dialog)
    assert settings.load().country == "" and window.session.request == before


def test_the_budget_note_and_a_refused_minus_speak_the_windows_language(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The note under the budget read "Budget converted: ..." in a Chinese window (#31, seen at 1366 x 768); and a
    minus typed into the budget is refused at the field (a negative budget had silently become "unlimited")."""
    from PySide6.QtCore import Qt

    from configurator.qt import i18n
    from configurator.qt.app import make_app

    panel = window.requirements
    window.session.set_request(BuildRequest(model_id="llama-3.1-8b", budget=2500, currency="USD", circuit="120v15a"))
    qtbot.waitUntil(lambda: panel.current_request().budget == 2500, timeout=10_000)
    line = panel.budget.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, "-1500")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert panel.budget.value() == 1500 and panel.current_request().budget == 1500  # the "-" never reached the value
    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        panel.currency.setCurrentIndex(panel.currency.findData("CNY"))
        note = panel.budget_note.text()
        assert note.startswith("预算已换算：1,500 USD = ") and "CNY" in note and "Budget" not in note, note
    finally:
        assert i18n.install(app, "en") == "en"


def test_a_chinese_window_offers_countries_and_preferences_in_chinese(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """walk15: under zh_CN the first-run country list gave every country but China in English ("United States: USD,
    120 V 15 A (US outlet)"), and Preferences offered "global", "China", the circuits' English names and "follow the
    system"."""
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.dialogs import CountryDialog, PreferencesDialog
    from configurator.storage import settings

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        countries = CountryDialog(window)
        qtbot.addWidget(countries)
        listed = [countries.choices.item(i).text() for i in range(countries.choices.count())]
        assert listed[0] == "美国：USD，120 V 15 A（美国插座）" and listed[2] == "中国大陆：CNY，220 V 16 A"
        assert not any(word in text for text in listed for word in ("United", "Elsewhere", "outlet", "prices in"))
        prefs = PreferencesDialog(settings.load(), window)
        qtbot.addWidget(prefs)
        offered = [box.itemText(i) for box in (prefs.region, prefs.circuit, prefs.theme) for i in range(box.count())]
        assert "全球" in offered and "跟随系统" in offered and "120 V 15 A（美国插座）" in offered
        assert not any(word in text for text in offered for word in ("global", "China", "outlet", "system", "light"))
    finally:
        i18n.install(app, "en")
