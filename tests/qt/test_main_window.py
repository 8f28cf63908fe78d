"""Drive the real window: pick a model and workload, wait for the solve, read what it shows."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from configurator.core.costs.tco import net_owning_cost
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report.fit import short_gpu_name
from configurator.core.report.purchase import printed_totals
from configurator.qt import i18n
from configurator.qt.dialogs import CompareDialog, comparison_rows
from configurator.storage import paths, projects

GIB = 1024**3


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def test_typing_a_model_and_quant_solves_and_fills_every_view(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        qtbot.keyClicks(panel.picker.search, "llama 3.1 8b")
        qtbot.keyClick(panel.picker.search, Qt.Key.Key_Return)  # typing highlights; Enter chooses
        panel.precision.setCurrentIndex(panel.precision.findData("q4_k_m"))
        panel.budget.setValue(2000)
    result = blocker.args[0]
    request = window.session.request
    assert request.model_id == "llama-3.1-8b"
    assert request.workload.precision == "q4_k_m" and request.budget == 2000
    assert result.builds, result.infeasible
    assert window.builds.rowCount() == len(result.builds)
    # the first machine with a GPU (since #28 the cheapest 8B machine may be a mini PC): every view shows it
    window.session.select(next(i for i, b in enumerate(result.builds) if any(p.category == "gpu" for p in b.parts)))
    build = window.detail.build
    assert build is not None and build is window.session.selected_build
    names = [window.detail.parts.item(r, 1).text() for r in range(window.detail.parts.rowCount())]
    assert any(p.name == names[0] for p in build.parts)
    # the charts show the build's own numbers
    vram = window.detail.vram_chart.series
    peak = build.estimate.peak_gpu
    assert vram["weights"][0] == pytest.approx(peak.breakdown.weights / GIB)
    assert vram["capacity"][0] == pytest.approx(peak.capacity_bytes / GIB)
    cost = window.detail.cost_chart.series
    assert sum(cost["amounts"]) == pytest.approx(build.total_price)
    power = window.detail.power_chart.series
    assert power["psu_w"][0] == build.power.psu_w and power["wall_w"][0] == pytest.approx(build.power.wall_w)
    gpu_name = next(p.name for p in build.parts if p.category == "gpu")
    assert any(short_gpu_name(gpu_name) in what for _pos, what in window.detail.slot_map.rows)
    assert window.detail.checks.rowCount() == len(build.checks)
    assert "How this is computed" in window.detail.estimates.toHtml()


def test_selecting_another_build_updates_the_detail(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000),
    )
    assert len(result.builds) >= 2
    window.builds.selectRow(1)
    rank = int(window.builds.item(1, 0).text())
    assert window.detail.build.rank == rank


def test_infeasible_request_shows_the_reason_and_apply_relaxes(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
        budget=900,
        circuit="120v15a",
    )
    result = _solve(qtbot, window, request)
    assert result.infeasible is not None
    assert window.banner.isVisible()
    assert "budget" in window.banner.text.text().lower()
    assert window.banner.apply.isVisible()
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.banner.apply.click()
    assert blocker.args[0].builds
    assert not window.banner.isVisible()


def test_the_banner_lists_the_ways_out_by_price_each_with_apply(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """#27 (d): the banner had shown only the cheapest way out. It lists up to five, cheapest first, each with an
    Apply that re-solves with that change (here the second: applying it solves its relaxed request)."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        min_decode_tps=15,
        budget=2500,
    )
    result = _solve(qtbot, window, request)
    inf = result.infeasible
    assert inf is not None and len(inf.relaxations) >= 3
    banner = window.banner
    shown = inf.relaxations[: banner.MAX_WAYS]
    rows = [banner.ways_layout.itemAtPosition(r, 0).widget().text() for r in range(len(shown))]
    assert [r.split(". ", 1)[0] for r in rows] == [str(i + 1) for i in range(len(shown))]
    for row, way in zip(rows, shown):
        assert html.escape(way.change) in row
    assert [w.total_price for w in shown] == sorted(w.total_price for w in shown)
    second = banner.ways_layout.itemAtPosition(1, 1).widget()
    assert second is not None and shown[1].request is not None
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        second.click()
    assert window.session.request == shown[1].request
    assert blocker.args[0].builds


def test_owned_gpu_and_budget_flow_into_the_request(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    with qtbot.waitSignal(window.session.request_changed, timeout=5000):
        panel.owned_gpu.setCurrentIndex(panel.owned_gpu.findData("rtx-3090"))
        panel.owned_count.setValue(1)
    assert window.session.request.owned == (OwnedPart(category="gpu", id="rtx-3090", quantity=1),)


def test_invalid_combination_shows_the_reason_next_to_the_fields(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    panel.engine.setCurrentIndex(panel.engine.findData("vllm"))
    panel.precision.setCurrentIndex(panel.precision.findData("q4_k_m"))
    assert panel.error.isVisible() and "GGUF" in panel.error.text()
    assert window.session.request.workload.precision != "q4_k_m"  # the invalid request never reaches the solver
    panel.precision.setCurrentIndex(panel.precision.findData("awq-int4"))
    assert not panel.error.isVisible()
    assert window.session.request.workload.precision == "awq-int4"


def test_save_and_reopen_a_project(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(
        model_id="qwen2.5-32b", workload=Workload(kind="finetune", method="qlora", context=4096), budget=8000
    )
    _solve(qtbot, window, request)
    target = tmp_path / "lab.llmrig"
    assert window._save_to(target)
    assert not window.session.dirty
    data = json.loads(target.read_text())
    assert data["schema_version"] == projects.SCHEMA_VERSION
    window.session.set_request(BuildRequest(model_id="llama-3.1-8b"), solve=False)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window._open_path(target)
    assert window.session.request == request
    assert window.requirements.tabs.currentIndex() == 1
    assert str(target) in window.prefs.recent_files


def test_broken_project_gives_a_dialog_and_loses_nothing(qtbot, window, messages, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.llmrig"
    text = '{"schema_version": 1, "requests": [ {"model_id": 42'
    broken.write_text(text)
    before = window.session.request
    window._open_path(broken)
    assert messages and "broken.llmrig" in messages[-1][1]
    assert window.session.request == before
    assert broken.read_text() == text


def test_autosave_is_offered_back(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(model_id="mixtral-8x7b", workload=Workload(kind="inference", precision="q5_k_m"))
    window.session.set_request(request, solve=False)
    window.session.autosave()
    file = window.session.recovery.file
    assert file.is_relative_to(paths.data_dir())
    assert projects.recoverable() == []  # this window is open: nothing to recover yet
    # the app is killed: a file whose writer is gone is offered back at the next start
    dead = file.with_name(f"autosave-999999999-1{projects.SUFFIX}")
    file.rename(dead)
    recovered = projects.read_autosave()
    assert recovered is not None and recovered[0].request == request


def test_compare_highlights_differences(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000),
    )
    builds = list(result.builds[:3])
    dialog = CompareDialog(builds)
    qtbot.addWidget(dialog)
    assert "Price" in dialog.differing and "GPUs" in dialog.differing
    labels = [label for label, _ in comparison_rows(builds)]
    assert dialog.table.rowCount() == len(labels)


def test_buy_or_rent_tab_charts_the_crossing_and_reacts_to_assumptions(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        budget=3000,
        condition="used",
    )
    result = _solve(qtbot, window, request)
    panel = window.detail.buy_or_rent
    build = window.detail.build
    assert panel.costs is not None and panel.costs.purchase == pytest.approx(build.total_price)
    # round 32: Llama 3.3 70B has a per-token price (DeepInfra), cheaper for one user than the matched rental: the
    # chart's other line is that bill, the one the break-even is reckoned against
    assert panel.costs.against_api == ("api" in panel.chart.series)
    owning = panel.chart.series["owning"]
    renting = panel.chart.series["api" if panel.costs.against_api else "renting"]
    # the chart draws owning net of selling the machine that month, the sum the yearly rows and the break-even read
    assert owning[12] == pytest.approx(panel.costs.rows[0].owning) and renting[0] == 0
    if panel.costs.break_even_month is not None:
        month = panel.costs.break_even_month
        assert renting[month] >= owning[month] and renting[month - 1] < owning[month - 1]
        assert panel.chart.crossing == month
    energy = panel.costs.yearly_energy
    panel.kwh.setValue(panel.kwh.value() * 2)
    assert panel.costs.yearly_energy == pytest.approx(2 * energy)
    assert result.builds[0].cost_of_ownership["yearly_energy"] == pytest.approx(energy, rel=1e-3)


def test_two_workloads_in_one_project(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    finetune = BuildRequest(
        model_id="qwen2.5-72b",
        workload=Workload(kind="finetune", method="lora", context=4096),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
    )
    _solve(qtbot, window, finetune)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.requirements.add_workload.click()
    serving = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", precision="awq-int4", batch=20, engine="vllm", context=8192),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
    )
    _solve(qtbot, window, serving)
    assert window.requirements.workloads.count() == 2
    assert window.session.project.requests == (finetune, serving)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.requirements.workloads.setCurrentIndex(0)
    assert window.session.request == finetune and window.requirements.tabs.currentIndex() == 1
    target = tmp_path / "lab.llmrig"
    assert window._save_to(target)
    assert projects.load(target).requests == (finetune, serving)


def test_export_writes_every_format(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2000),
    )
    builds = list(result.builds[:2])
    for suffix in (".xlsx", ".csv", ".md", ".pdf"):
        target = tmp_path / f"rig{suffix}"
        assert window.export_to(target, builds)
        assert target.stat().st_size > 0
    assert "Type | Item | Price" in (tmp_path / "rig.md").read_text()
    assert (tmp_path / "rig.pdf").read_bytes().startswith(b"%PDF")


def test_preferences_are_saved_and_new_projects_use_them(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from configurator.storage import settings

    window.apply_preferences(window.prefs.model_copy(update={"currency": "CNY", "region": "china", "theme": "dark"}))
    assert settings.load().currency == "CNY" and settings.load().theme == "dark"
    assert settings.settings_file().is_relative_to(paths.config_dir())
    window.session.dirty = False
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.new_project()
    request = window.session.request
    assert request.currency == "CNY" and request.region == "china" and request.circuit == "230v16a"
    window.apply_preferences(window.prefs.model_copy(update={"theme": "system"}))


def test_imported_config_is_kept_in_the_user_catalog(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "config.json"
    config.write_text(
        json.dumps(
            {
                "model_type": "llama",
                "hidden_size": 2048,
                "num_hidden_layers": 16,
                "num_attention_heads": 32,
                "num_key_value_heads": 8,
                "intermediate_size": 8192,
                "vocab_size": 128256,
                "max_position_embeddings": 131072,
                "tie_word_embeddings": True,
                "_name_or_path": "my-org/My-Tiny-Llama",
            }
        )
    )
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window.import_model_path(config)
    assert window.session.request.model_id == "my-tiny-llama"
    from configurator.storage import catalogs

    assert "my-tiny-llama" in catalogs.load().catalog.records["models"]


def _assert_every_tab_shows(window, build) -> None:  # type: ignore[no-untyped-def]
    """Table row, header, Parts, charts, slot map, Checks, Estimates, Buy or rent and Print all show `build`."""
    from configurator.core.report.fit import fit_of, gpus_text
    from configurator.qt.printing import selected_sheet_html

    detail = window.detail
    assert window.session.selected_build is build
    assert window.builds.selected_builds()[0] is build
    row = window.builds.currentRow()
    assert window.builds.item(row, 2).text() == gpus_text(build)
    assert window.builds.item(row, 3).text() == f"{build.total_price:,.0f} {build.currency}"
    # the capped GPUs' time or speed is the row's own Speed / time cell: the fit's line beside it leaves it out
    assert (
        window.builds.item(row, window.builds.FIT).text() == fit_of(build, window.session.request).beside_speed().line
    )
    assert detail.build is build
    from configurator.core.model import noise

    sound = noise.build_noise(build)
    assert window.builds.item(row, window.builds.NOISE).text().lstrip("~") == f"{sound.dba:.0f} dBA"
    assert sound.text() in window.header.text() and sound.text() in detail.noise.text()
    launch = build.launch or {}  # a llama.cpp build from source first where the prebuilt binaries lack the card
    # each whole command a line (the build step's "a && b" as two, builds.command_lines)
    shown = detail.launch.command.toPlainText()
    assert shown.replace(" && \\\n", " && ") == "\n".join(
        s for s in (launch.get("build", ""), launch.get("command", "")) if s
    )
    assert f"Total {build.total_price:,.0f} {build.currency}" in detail.total.text()
    assert (
        gpus_text(build) in window.header.text()
        and f"{build.total_price:,.0f} {build.currency}" in window.header.text()
    )
    assert [detail.parts.item(r, 1).text() for r in range(detail.parts.rowCount())] == [p.name for p in build.parts]
    # the charts' drawn items carry the build's numbers (the bars' own heights, not a side copy)
    drawn = [w for bar in detail.cost_chart.bars for w in bar.opts["width"]]
    assert sum(drawn) == pytest.approx(build.total_price)
    first_gpu = build.estimate.per_gpu[0]
    weights_bar = next(b for b in detail.vram_chart.bars if b.opts.get("name") == "weights")
    assert weights_bar.opts["height"][0] == pytest.approx(first_gpu.breakdown.weights / GIB)
    wall_bar = next(b for b in detail.power_chart.bars if b.opts.get("name") == "wall draw")
    assert wall_bar.opts["height"][0] == pytest.approx(build.power.wall_w)
    assert [detail.checks.item(r, 2).text() for r in range(detail.checks.rowCount())] == [
        c.message for c in build.checks
    ]
    estimates = detail.estimates.toPlainText()
    assert f"{build.estimate.per_gpu_bytes / GIB:.1f} GiB on the most loaded GPU" in estimates
    # in the window's words (a CLI flag's code names the window's field instead: words.WINDOW_EN)
    assert all(i18n.say(said) in estimates for said in build.estimate.assumptions_said())
    assert detail.buy_or_rent.costs is not None and detail.buy_or_rent.costs.purchase == pytest.approx(
        build.total_price
    )
    assert detail.buy_or_rent.costs.currency == build.currency
    owning = detail.buy_or_rent.chart.series["owning"]
    # the chart draws the build's own costs: owning net of selling the machine that month (core tco's one sum, which
    # the break-even reads: at month 0 the purchase less its second-hand price, no longer the purchase)
    costs = detail.buy_or_rent.costs
    assert owning == pytest.approx(costs.cumulative_costs(len(owning) - 1)[0])
    assert owning[0] == pytest.approx(net_owning_cost(build.total_price, costs.monthly_owning_cost, 0, costs.ownership))
    printed = selected_sheet_html(window.session, with_charts=False)
    assert printed is not None and f"{printed_totals(build)[2]:,.2f} {build.currency}" in printed
    assert build.label in printed
    assert sound.text() in printed


def test_a_new_result_redraws_every_tab_with_its_own_selected_build(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The bug of round 1: after a re-solve with row 1 still selected, the tabs kept the old build."""
    panel = window.requirements
    first = _solve(
        qtbot,
        window,
        BuildRequest(
            model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000, currency="USD"
        ),
    )
    assert first.builds and window.session.selected_index == 0
    _assert_every_tab_shows(window, first.builds[0])
    # the user changes the currency in the panel: every price is a new number, row 1 stays selected
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        panel.currency.setCurrentIndex(panel.currency.findData("EUR"))
    second = blocker.args[0]
    assert second is window.session.result and second.builds[0].currency == "EUR"
    assert window.builds.currentRow() == 0 and window.session.selected_index == 0
    _assert_every_tab_shows(window, second.builds[0])
    # a picked build is followed across a re-solve by what it is (its parts, else its GPUs), not by its row (#31)
    window.builds.selectRow(1)
    picked = window.session.selected_build
    assert picked is second.builds[1]
    _assert_every_tab_shows(window, picked)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        panel.budget.setValue(6000)
    third = blocker.args[0]
    parts = sorted((p.category, p.id, p.quantity) for p in picked.parts)
    same = [b for b in third.builds if sorted((p.category, p.id, p.quantity) for p in b.parts) == parts]
    same = same or [b for b in third.builds if (b.gpu_id, b.gpu_count) == (picked.gpu_id, picked.gpu_count)]
    expected = same[0] if same else third.builds[0]
    assert window.session.selected_build is expected
    _assert_every_tab_shows(window, expected)


def test_an_invalid_input_greys_the_builds_and_marks_the_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """FP8 with 'Offload to system RAM': the builds say they are stale, the field says why, Solve says why not."""
    panel = window.requirements
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2000),
    )
    assert result.builds and not window.stale.isVisible() and window.builds.isEnabled()
    panel.ram_offload.setChecked(True)
    with qtbot.waitSignal(window.session.validity_changed, timeout=5000):
        panel.precision.setCurrentIndex(panel.precision.findData("fp8"))
    assert window.session.request.workload.precision == "q4_k_m"  # the invalid request never reaches the solver
    assert window.stale.isVisible() and "previous inputs" in window.stale.text()
    assert "fp8" in window.stale.text()
    assert not window.builds.isEnabled() and not window.detail.isEnabled()
    assert "border" in panel.precision.styleSheet() and "fp8" in panel.precision.toolTip()
    assert panel.error.isVisible() and "GGUF" in panel.error.text()
    # the message sits on the row right under the weights field, not at the bottom of the panel
    form = panel.precision.parentWidget().layout()
    row, _role = form.getWidgetPosition(panel.precision)
    assert form.getWidgetPosition(panel.error)[0] == row + 1
    assert not window.solve_action.isEnabled() and "fp8" in window.solve_action.toolTip()
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        panel.precision.setCurrentIndex(panel.precision.findData("q8_0"))
    assert not window.stale.isVisible() and window.builds.isEnabled() and window.solve_action.isEnabled()
    assert panel.precision.styleSheet() == "" and not panel.error.isVisible()
    assert window.session.selected_build.estimate.workload["precision"] == "q8_0"


def test_import_runs_off_the_gui_thread_and_never_takes_the_folder_name(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "gui"
    folder.mkdir()
    config = folder / "config.json"
    config.write_text(
        json.dumps(
            {
                "model_type": "qwen2",
                "hidden_size": 1024,
                "num_hidden_layers": 12,
                "num_attention_heads": 16,
                "num_key_value_heads": 4,
                "intermediate_size": 4096,
                "vocab_size": 32000,
                "max_position_embeddings": 32768,
            }
        )
    )
    with qtbot.waitSignal(window.session.import_finished, timeout=30_000) as blocker:
        window.import_model_path(config)
        assert window.importing.isVisible()  # the window stays responsive and says what it does
    imported = blocker.args[0]
    assert imported.arch.name != "gui" and "gui" not in imported.arch.id
    assert not window.importing.isVisible()
    window.session.cancel()


def test_window_layout_goes_under_llm_rig_home(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    window.session.dirty = False
    window.close()
    store = QSettings()
    assert Path(store.fileName()).is_relative_to(paths.config_dir())
    assert store.value("main/results-splitter") is not None


def test_the_banner_says_what_binds_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    # Sam's 1B pretraining in 14 days on a budget: the banner read "...; binding: deadline; ..." then "Binding: deadline."
    request = BuildRequest(
        model_id="llama-3.2-1b",
        workload=Workload(kind="pretrain", tokens=1e11, context=4096),
        deadline_hours=336,
        budget=300000,
        currency="CNY",
        circuit="230v16a",
        region="china",
        room="server-room",
        condition="new",
    )  # used, a 4029GP-TRT server now meets it (#28)
    result = _solve(qtbot, window, request)
    assert result.infeasible is not None and "deadline" in result.infeasible.blocking
    text = window.banner.text.text().lower()
    # the ways out follow the reason (one line, or one row each): what binds is said once before them
    ways = text.find("ways out, cheapest first")
    before = text[: ways if ways >= 0 else text.index("cheapest way out")]
    # (a GPU's own detail in the reason may name the deadline it misses; the binding constraints are one line)
    assert before.count("binding:") == 1 and "deadline" in before.split("binding:")[1], text
    # what the reason does not name is still said: Mina's KV-cache precision
    mina = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        budget=2500,
        min_decode_tps=15,
        room="home-office",
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
    )
    result = _solve(qtbot, window, mina)
    assert result.infeasible is not None
    assert "Binding: GPU memory / speed target per machine, KV-cache precision." in window.banner.text.text()


def test_the_printed_sheet_of_an_unsaved_project_is_titled_by_its_job(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Mina's printout read "Untitled: 1. cheapest that fits"; the exported PDF of the same request names the job."""
    from configurator.qt.printing import selected_sheet_html

    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    _solve(qtbot, window, request)
    printed = selected_sheet_html(window.session, with_charts=False)
    assert printed is not None and "<h1>llama-3.1-8b inference: 1. " in printed and "Untitled" not in printed
    window.session.project = window.session.project.model_copy(update={"name": "Mina's rig"})
    assert "<h1>Mina&#x27;s rig: 1. " in (selected_sheet_html(window.session, with_charts=False) or "")


def test_a_search_selects_the_newest_generation_or_the_exact_name(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Mina types "llama 70" (user journey 1): the picker had selected Llama 2 70B, the first family in name order,
    and solved it. It selects the newest generation's match, Llama 3.3 70B; a typed id is taken as it is."""
    picker = window.requirements.picker
    picker.search.clear()
    qtbot.keyClicks(picker.search, "llama 70")
    assert picker.tree.currentItem().data(0, 256) == "llama-3.3-70b"  # Qt.ItemDataRole.UserRole
    picker.search.clear()
    qtbot.keyClicks(picker.search, "zz-nothing")
    picker.search.clear()
    qtbot.keyClicks(picker.search, "llama-3-70b")
    assert picker.tree.currentItem().data(0, 256) == "llama-3-70b"


def test_compare_takes_every_build_systems_included_with_prefill_and_noise(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Compare drops no build (it took the first 4 and dropped the 5th without a word), names a ready-made system by
    its name, and has prefill, time to first token and noise rows (#31: a Mac against a PC)."""
    result = _solve(
        qtbot,
        window,
        BuildRequest(
            model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2500, top_k=5
        ),
    )
    builds = list(result.builds)
    assert len(builds) == 5
    window.builds.clearSelection()
    shown: list[CompareDialog] = []
    original = CompareDialog.exec
    CompareDialog.exec = lambda self: shown.append(self) or 0  # type: ignore[method-assign,assignment,return-value]
    try:
        window.compare()
    finally:
        CompareDialog.exec = original  # type: ignore[method-assign]
    dialog = shown[0]
    qtbot.addWidget(dialog)
    assert dialog.table.columnCount() == len(builds)
    rows = dict(comparison_rows(builds))
    for label in ("Prefill", "First token", "Noise", "Speed / time", "Wall power"):
        assert label in rows and len(rows[label]) == len(builds)
    assert all(value.endswith("dBA") or value == "silent" for value in rows["Noise"])
    for build, gpus in zip(builds, rows["GPUs"]):
        system = [p for p in build.parts if p.category == "system"]
        if system and not any(p.category == "gpu" for p in build.parts):
            assert system[0].name in gpus  # "Apple Mac Studio ...", not the chip's GPU id


def test_a_search_highlights_and_enter_or_a_click_chooses(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Typing never solves a guess ("qwen3 30b" had picked and solved Qwen3-Coder, "1b" TinyLlama; #31): the closest
    name is highlighted, and only Enter (or a click) makes it the job's model."""
    picker = window.requirements.picker
    before = window.session.request.model_id
    picker.search.clear()
    qtbot.keyClicks(picker.search, "qwen3 30b")
    highlighted = picker.tree.currentItem().data(0, Qt.ItemDataRole.UserRole)
    assert highlighted.startswith("qwen3-30b"), highlighted  # Qwen3 30B-A3B, not Qwen3-Coder 30B-A3B
    assert window.session.request.model_id == before  # nothing chosen, nothing solved
    with qtbot.waitSignal(window.session.request_changed, timeout=10_000):
        qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert window.session.request.model_id == highlighted


def test_buy_or_rent_inputs_are_saved_with_the_project_and_printed(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """#33: the Buy-or-rent tab kept its own assumptions, so the printed sheet showed the regional defaults beside a
    tab that showed the buyer's figures, and they were lost on save. A lab that runs its machine 24 h a day sets that
    once: the project keeps it, a reopened project shows it, and Print and Export put the tab's figures on the sheet."""
    from configurator.core.costs.tco import OwnershipInputs
    from configurator.qt.printing import selected_sheet_html

    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-3090",),
        budget=3000,
    )
    _solve(qtbot, window, request)
    panel = window.detail.buy_or_rent
    default_energy = panel.costs.yearly_energy
    panel.hours.setValue(24)
    panel.days.setValue(365)
    assert window.session.project.ownership == OwnershipInputs(hours_per_day=24, days_per_year=365)
    assert window.session.dirty
    shown = panel.costs.yearly_energy
    assert shown > 3 * default_energy
    sheet = selected_sheet_html(window.session, with_charts=False, recost=panel.recost)
    assert sheet is not None and f"{panel.costs.yearly_energy_kwh:,.0f} kWh" in sheet
    plain = selected_sheet_html(window.session, with_charts=False)
    assert plain is not None and f"{panel.costs.yearly_energy_kwh:,.0f} kWh" not in plain  # the plan's defaults
    path = window.session.save_project(tmp_path / "lab.llmrig")
    window.session.new_project()
    assert panel.inputs() == OwnershipInputs()  # a new project starts from the defaults
    window.session.open_project(path)
    assert panel.hours.value() == 24 and panel.days.value() == 365
    assert window.session.project.ownership == OwnershipInputs(hours_per_day=24, days_per_year=365)
