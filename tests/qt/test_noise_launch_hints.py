"""The launch command with its Copy button, the noise figure, and the panel's "auto: ..." hints, in the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.request import BuildRequest
from configurator.core.solve.ranking import claim_words
from configurator.qt.builds import command_lines


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def test_copy_puts_the_selected_builds_launch_command_on_the_clipboard(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000),
    )
    assert len(result.builds) >= 2
    # the first build after #1 with cards of its own (not a ready-made system). Since round 47 (amd47/vendor47: AMD
    # backends and their launch commands) it is #2 "best value", an RX 7900 XTX in a used HP Z440 (1,091 USD beside
    # #1's RTX 4060 Ti 16GB at 580), where it had been a card run by llama.cpp's prebuilt binary: llama.cpp for it is
    # built from source with HIP (launch.build, code launch.build-hip), so the box shows the build step's commands
    # first, each a line ending in " && \\" but the last, then the run; Copy takes them all (qt.builds.command_lines)
    row = next(i for i, b in enumerate(result.builds) if i >= 1 and not any(p.category == "system" for p in b.parts))
    window.builds.selectRow(row)
    build = window.session.selected_build
    launch = window.detail.launch
    assert not launch.isHidden() and launch.command.isReadOnly()
    shown = launch.command.toPlainText()
    assert shown == "\n".join(command_lines(build.launch.get("build", ""), build.launch["command"]))
    assert build.launch["build_said"]["code"] == "launch.build-hip" and "-DGGML_HIP=ON" in shown.split("\n")[0]
    assert shown.split("\n")[0].endswith(" && \\") and shown.endswith("\n" + build.launch["command"])
    assert build.launch["command"].startswith("./build/bin/llama-server -m ")  # the binary the build step made
    assert "llama.cpp" in launch.title.text()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(launch.copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == shown
    assert launch.copy.text() == "Copied"


def test_noise_column_sorts_by_decibels_and_names_its_sources(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="inference", precision="int4"), budget=5000),
    )
    table = window.builds
    table.sortByColumn(table.NOISE, Qt.SortOrder.AscendingOrder)
    shown = [table.item(r, table.NOISE).data(Qt.ItemDataRole.UserRole) for r in range(table.rowCount())]
    assert shown == pytest.approx(sorted(noise.build_noise(b).dba for b in result.builds))
    quietest = next(b.label for b in result.builds if "quietest" in claim_words(b))
    quiet = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == quietest)
    assert "at 1 m" in table.item(quiet, table.NOISE).toolTip()
    # a machine from parts names its sources (the quietest may be a ready-made box: solve.ranking, issue #27)
    assert any("chassis fans" in table.item(r, table.NOISE).toolTip() for r in range(table.rowCount()))
    # the speed's tooltip: one user's first token after a typed prompt and after the whole window (round 36, fill36)
    tips = [table.item(r, table.SPEED).toolTip() for r in range(table.rowCount())]
    assert all("-token prompt" in tip and "after the whole 4,096-token window" in tip for tip in tips), tips


def test_controls_left_on_auto_say_what_the_solver_chose(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    result = _solve(
        qtbot,
        window,
        BuildRequest(model_id="qwen2.5-14b", workload=Workload(kind="inference", precision="q8_0"), budget=5000),
    )
    assert panel.engine.currentData() is None  # "auto"
    used = window.session.selected_build.estimate.workload["engine"]
    hint = panel.hints["engine"]
    assert not hint.isHidden() and hint.text() == f"auto: {panel.engine.itemText(panel.engine.findData(used))}"
    assert panel.hints["kv_precision"].isHidden()  # the user's fp16 is what ran
    # an engine the user chose needs no hint; changing the request clears the old result's hints at once
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        panel.engine.setCurrentIndex(panel.engine.findData("llama.cpp"))
        assert hint.isHidden()
    assert hint.isHidden()
    assert result.builds


def test_sharding_the_solver_needed_shows_beside_the_sharding_control(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.requirements import solver_choices

    asked = Workload(kind="finetune", method="lora", zero=0)
    assert solver_choices({"kind": "finetune", "zero": 3, "offload": "none"}, asked) == {"zero": (3, False)}
    assert solver_choices(
        {"kind": "inference", "engine": "vllm", "kv_precision": "fp16"}, Workload(kind="inference")
    ) == {"engine": ("vllm", True)}
    panel = window.requirements
    request = BuildRequest(
        model_id="qwen2.5-72b", workload=Workload(kind="finetune", method="lora", zero=0), budget=60_000
    )
    result = _solve(qtbot, window, request)
    build = window.session.selected_build
    if build is not None and build.estimate.workload.get("zero", 0) != 0:
        assert panel.hints["zero"].text().startswith("solver: ZeRO-")
    else:
        assert panel.hints["zero"].isHidden(), result.infeasible


def test_a_micro_batch_the_solver_raised_shows_beside_the_micro_batch_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Round 26: a fully sharded job's micro-batch is raised to spread its weight gathers (8B full fine-tune in 48 h:
    micro-batch 8). The fit line marked it the solver's choice, but the form still read 1 with nothing beside it."""
    panel = window.requirements
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="finetune", method="full", tokens=1e9, grad_checkpointing=True),
        deadline_hours=48,
    )
    result = _solve(qtbot, window, request)
    assert result.builds, result.infeasible
    used = window.session.selected_build.estimate.workload
    assert used["batch"] > 1 and panel.micro_batch.value() == 1
    hint = panel.hints["batch"]
    assert not hint.isHidden() and hint.text() == f"solver: {used['batch']}"
    assert panel.hints["grad_checkpointing"].isHidden()  # the user asked for recomputation: nothing to say
    # the user's own micro-batch (1, the default) on a job that needs no raise: no hint
    _solve(qtbot, window, BuildRequest(model_id="qwen2.5-7b", workload=Workload(kind="finetune", method="lora")))
    assert hint.isHidden()


def test_a_hint_appearing_does_not_move_the_fields_below_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The walk: 'solver: ZeRO-3 / FSDP' wrapped to two lines after a solve and pushed the Budget section down
    mid-click. The hints keep their room whether shown or not."""
    from PySide6.QtCore import QPoint

    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    panel = window.requirements
    request = BuildRequest(
        model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="lora", context=2048), budget=20000
    )
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(request)
    qtbot.wait(50)
    shown = [k for k, h in panel.hints.items() if h.isVisible()]
    assert shown, "a fine-tuning build names its sharding or offload"

    # measured from the workload tabs' top, where the hints sit: the model picker above may still be settling its
    # own height after the solve (under load that moved the whole panel and made this test flaky)
    def budget_below_tabs() -> int:
        return panel.budget.mapTo(window, QPoint(0, 0)).y() - panel.tabs.mapTo(window, QPoint(0, 0)).y()

    y_with = budget_below_tabs()
    panel._clear_hints()
    qtbot.wait(50)
    assert budget_below_tabs() == y_with


def test_a_gguf_type_on_auto_says_the_engine_it_runs_and_reopens_on_auto(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Mina picked q4_k_m with the engine on auto: the request pinned llama.cpp, no hint said what ran, and the saved
    project reopened with the engine on "llama.cpp", so a later bf16 stayed on it (walk8)."""
    panel = window.requirements
    _solve(
        qtbot,
        window,
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="bf16"), budget=5000),
    )
    assert panel.engine.currentData() is None
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        panel.precision.setCurrentIndex(panel.precision.findData("q4_k_m"))
    assert window.session.request.workload.engine is None  # left to the solver, which only has llama.cpp for GGUF
    assert window.session.selected_build.estimate.workload["engine"] == "llama.cpp"
    assert panel.engine.currentData() is None and panel.hints["engine"].text() == "auto: llama.cpp"
    assert not panel.hints["engine"].isHidden()
    target = tmp_path / "mina.llmrig"
    assert window._save_to(target)
    window.session.set_request(BuildRequest(model_id="llama-3.1-70b"), solve=False)
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        window._open_path(target)
    assert panel.engine.currentData() is None and panel.precision.currentData() == "q4_k_m"
    # offload on auto still runs llama.cpp, and says so
    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000):
        panel.ram_offload.setChecked(True)
    assert window.session.request.workload.engine == "llama.cpp" and panel.hints["engine"].text() == "auto: llama.cpp"
