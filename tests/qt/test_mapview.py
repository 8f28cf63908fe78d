"""The Map dialog: cells fill from the background solve, coloured by machine type; a click plans that cell."""

from __future__ import annotations

from configurator.core.advise.landscape import MACHINE_COLOURS, map_html
from configurator.core.report.fit import short_gpu_name
from configurator.qt.mapview import RecommendationMapDialog, machine_text


def test_map_fills_colours_and_click_sets_the_request(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    session = window.session
    models = [session.catalog.records["models"][m] for m in ("llama-3.1-8b", "deepseek-r1")]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4",))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=60_000)
    assert dialog.progress.value() == dialog.progress.maximum() == 2
    small = dialog.cells[(0, 0)]
    assert small.cheapest is not None
    item = dialog.table.item(0, 0)
    assert short_gpu_name(small.cheapest.gpu_name) in item.text() and small.cheapest.gpu not in item.text()
    assert item.background().color().name() == MACHINE_COLOURS[small.cheapest.machine]
    with qtbot.waitSignal(session.request_changed, timeout=5_000):
        dialog._on_table_cell_clicked(0, 0)
    assert session.request.model_id == "llama-3.1-8b" and session.request.workload.precision == "int4"
    assert len(dialog.ranking) > 0  # the value bars for the session's model
    ys, widths = dialog.bars.opts["y"], dialog.bars.opts["width"]
    assert len(ys) == len(widths) and list(widths) == sorted(widths)
    assert "deepseek" in map_html(dialog.map_result).lower()
    session.wait_idle()


def test_the_map_names_gpus_follows_the_clicked_cell_and_says_it_leaves_owned_parts_out(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Walking Mina's journey: cells read "1 x rtx-2060-12g..." (ids cut mid-word), the value bars kept
    ranking Llama 70B after a Qwen3 8B cell was opened, and a 867 USD cell opened a 716 USD plan (her
    own RTX 3090) with nothing saying why."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest, OwnedPart

    session = window.session
    with qtbot.waitSignal(session.solve_finished, timeout=60_000):
        session.set_request(
            BuildRequest(
                model_id="llama-3.3-70b",
                workload=Workload(kind="inference", precision="q4_k_m"),
                budget=2500,
                owned=(OwnedPart(category="gpu", id="rtx-3090"),),
            )
        )
    models = [session.catalog.records["models"]["qwen3-8b"]]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int8",))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=60_000)
    cell = dialog.cells[(0, 0)]
    assert cell.cheapest is not None
    # a mini PC (its own GPU, "<system>-gpu") by its short name, without "1 x"; a card with its count
    assert dialog.table.item(0, 0).text().startswith(f"{machine_text(cell.cheapest)}\n")
    assert cell.cheapest.gpu.endswith("-gpu") or machine_text(cell.cheapest).startswith(f"{cell.cheapest.count} x ")
    assert not dialog.owned_note.isHidden() and "NVIDIA GeForce RTX 3090" in dialog.owned_note.text()
    assert "at least 5 tokens/s per user" in dialog.owned_note.text()  # the cells' speed floor, said where they are
    before = [t for _y, t in dialog.chart.getAxis("left")._tickLevels[0]]
    with qtbot.waitSignal(session.request_changed, timeout=5_000):
        dialog._on_table_cell_clicked(0, 0)
    assert session.request.model_id == "qwen3-8b"
    from configurator.core.advise.landscape import value_ranking

    expected = value_ranking(models[0], session.request.workload, session.catalog, session.request)
    after = [t for _y, t in dialog.chart.getAxis("left")._tickLevels[0]]
    assert after != before and after[0] == f"{expected[0].count} x {short_gpu_name(expected[0].gpu_name)}"
    # the bars say whose job they rank and that they price the cards alone (a cell's 2,148 USD machine stood
    # beside a 27 USD per token/s bar titled only "price per token/s")
    title = dialog.chart.getPlotItem().titleLabel.text
    assert "Qwen3 8B" in title and "int8 inference" in title and "GPUs' price alone" in title
    assert "USD of GPUs per token/s" in dialog.chart.getAxis("bottom").labelString()
    # every bar keeps its label (pyqtgraph drops labels wider than the axis, or too close together)
    from PySide6.QtGui import QImage, QPainter

    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    drawn = [text for _rect, _flags, text in dialog.chart.getAxis("left").generateDrawSpecs(painter)[2]]
    painter.end()
    assert drawn and sorted(drawn) == sorted(after)
    session.wait_idle()


def test_the_map_solves_in_worker_processes_that_end_with_the_dialog(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The cells are solved in clean worker processes (the app has Qt's threads: no fork), kept for re-solves, and
    closing the map ends them and stops it re-solving at every edit."""
    import os

    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    session = window.session
    with qtbot.waitSignal(session.solve_finished, timeout=60_000):
        session.set_request(BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", context=8192)))
    models = [session.catalog.records["models"]["qwen3-8b"]]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4", "int8"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=60_000)
    assert all(c.cheapest is not None for c in dialog.map_result.cells)
    # the bars name the precision the estimate runs at, also when the request names none (it said "None inference")
    assert session.request.workload.precision is None
    assert "Llama 3.1 8B, bf16 inference" in dialog.chart.getPlotItem().titleLabel.text
    workers = dialog._workers
    assert workers is not None and workers.method != "fork"
    from configurator.core.advise.mapworkers import _alive

    processes = workers.pids()
    assert processes and os.getpid() not in processes and all(map(_alive, processes))
    dialog.refresh()  # a re-solve reuses them
    assert dialog._workers is workers
    qtbot.waitUntil(lambda: dialog.map_result is not None and dialog.progress.value() == 2, timeout=60_000)
    dialog.close()
    assert dialog.closed and dialog._workers is None
    qtbot.waitUntil(lambda: not any(map(_alive, processes)), timeout=20_000)
    jobs = dialog._job
    session.catalog_changed.emit(session.catalog)  # a closed map does not re-solve
    assert dialog._job == jobs


def test_the_map_opened_from_a_pretraining_deadline_fills_and_a_failure_is_readable(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Sam's walk: Build > Recommendation map with his 14-day pretraining open stayed empty, "the map could not be
    solved:" cut off in the progress bar (every cell carried his deadline)."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    session = window.session
    with qtbot.waitSignal(session.solve_finished, timeout=120_000):
        session.set_request(
            BuildRequest(
                model_id="llama-3.2-1b",
                workload=Workload(kind="pretrain", tokens=1e11),
                deadline_hours=336,
                circuit="230v16a",
                room="server-room",
            )
        )
    models = [session.catalog.records["models"]["llama-3.2-1b"]]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4", "lora"))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=120_000)
    assert dialog.cells[(0, 0)].cheapest is not None and dialog.cells[(0, 1)].cheapest is not None
    dialog._on_job_failed(dialog._job, "a reason the user can act on")
    assert not dialog.owned_note.isHidden() and "a reason the user can act on" in dialog.owned_note.text()
    session.wait_idle()


def test_the_value_chart_says_why_it_is_empty(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Sam's 70B pretraining: the value chart under the map was an empty plot titled 'price per token/s'."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    session = window.session
    session.set_request(
        BuildRequest(
            model_id="llama-3.1-70b",
            workload=Workload(kind="pretrain", tokens=1e11, context=4096),
            deadline_hours=336,
            circuit="230v16a",
            room="server-room",
        ),
        solve=False,
    )
    dialog = RecommendationMapDialog(
        session, window, models=[session.catalog.records["models"]["llama-3.2-1b"]], columns=("int4",)
    )
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.empty_note is not None, timeout=20_000)  # drawn once the dialog is shown (#34)
    assert dialog.ranking == () or all(r.price_per_tps is None for r in dialog.ranking)
    assert dialog.empty_note is not None and "nothing to rank" in dialog.empty_note.toPlainText()
    session.set_request(
        BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m")), solve=False
    )  # the dialog redraws its bars on request_changed
    assert dialog.empty_note is None and len(dialog.ranking) > 0
    # the bars fit the plot: after the empty chart's fixed 0..1 every bar ran off its right edge
    (left, right), _y = dialog.chart.getViewBox().viewRange()
    widest = max(r.price_per_tps for r in dialog.ranking if r.price_per_tps is not None)
    assert left <= 0 and widest <= right <= widest * 1.2, (left, right, widest)
    dialog.stop_workers()
    qtbot.waitUntil(lambda: dialog.wait_idle(100), timeout=120_000)


def test_a_click_keeps_every_other_input_and_a_target_leaves_training_cells_alone(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """#31: with a 10 tok/s target in the window every fine-tuning cell read "0.0 tokens/s, below the 10 asked" (a 1B
    LoRA), and a click set the map's own target and turned the user's 8192-token context into 4096."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    session = window.session
    session.set_request(
        BuildRequest(
            model_id="llama-3.1-8b",
            workload=Workload(kind="inference", precision="q8_0", context=8192),
            min_decode_tps=10,
            budget=4000,
        ),
        solve=False,
    )
    models = [session.catalog.records["models"]["llama-3.2-1b"]]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4", "lora"))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=120_000)
    inference, lora = dialog.cells[(0, 0)], dialog.cells[(0, 1)]
    assert lora.cheapest is not None, lora.reason  # trained, not held to a decode target
    assert lora.request.min_decode_tps is None
    assert inference.request.workload.context == 8192 and lora.request.workload.context == 8192
    with qtbot.waitSignal(session.request_changed, timeout=5_000):
        dialog._on_table_cell_clicked(0, 0)
    opened = session.request
    assert opened.model_id == "llama-3.2-1b" and opened.workload.precision == "int4"
    assert opened.workload.context == 8192 and opened.min_decode_tps == 10 and opened.budget == 4000
    session.wait_idle()


def test_the_map_draws_each_cell_as_it_is_solved(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """#31/#34: cells appear as they are solved, not when the map is done. The last cell is held until the other three
    are on screen (in the table, the progress bar at 3 of 4), so a dialog that drew only the finished map fails."""
    import threading

    from configurator.core.advise import landscape as advise
    from configurator.qt import mapview

    release = threading.Event()
    solve_cell = advise.solve_cell

    def held_last(model, workload, *args, **kwargs):  # type: ignore[no-untyped-def]
        if model.id == "qwen3-8b" and workload.precision == "int8":
            release.wait(60)
        return solve_cell(model, workload, *args, **kwargs)

    monkeypatch.setattr(advise, "solve_cell", held_last)
    monkeypatch.setattr(mapview, "start_method", lambda clean=False: None)  # in this process: the patch holds
    session = window.session
    models = [session.catalog.records["models"][m] for m in ("llama-3.2-1b", "qwen3-8b")]
    dialog = RecommendationMapDialog(session, window, models=models, columns=("int4", "int8"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.resize(520, 700)  # columns as narrow as the six of the full map at 1600 px: a machine's name wraps
    try:
        qtbot.waitUntil(lambda: len(dialog.cells) == 3, timeout=60_000)
        assert dialog.map_result is None and dialog.table.item(1, 1) is None  # the held cell: not drawn, not done
        assert (dialog.progress.value(), dialog.progress.maximum()) == (3, 4)
        drawn = [dialog.table.item(r, c) for r, c in ((0, 0), (0, 1), (1, 0))]
        assert all(item is not None and item.text() for item in drawn)
        # a drawn cell shows its price at once: rows sized only at the end hid it behind "32 GB ..." until then
        assert all(dialog.table.rowHeight(r) >= dialog.table.sizeHintForRow(r) for r in (0, 1))
    finally:
        release.set()
    qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=60_000)
    assert dialog.table.item(1, 1) is not None and len(dialog.cells) == 4
    dialog.close()


def test_a_machine_without_a_card_is_named_without_a_count() -> None:
    """The map under Xvfb read "0 x CPU only" for a CPU-only box; a card's count stays."""
    from configurator.core.advise.landscape import MapChoice

    def choice(count: int, name: str) -> MapChoice:
        return MapChoice(
            gpu="none" if not count else "rtx-3090",
            gpu_name=name,
            count=count,
            nodes=1,
            machine="tower",
            price=1330.0,
            currency="USD",
            decode_tokens_per_s=6.0,
            gpu_hours=None,
        )

    assert machine_text(choice(0, "CPU only")) == "CPU only"
    assert machine_text(choice(2, "NVIDIA GeForce RTX 3090")) == f"2 x {short_gpu_name('NVIDIA GeForce RTX 3090')}"
    box = choice(1, "GMKtec NucBox K8 Plus").model_copy(update={"gpu": "gmktec-k8-plus-8845hs-32gb-gpu"})
    assert machine_text(box) == "GMKtec NucBox K8 Plus"  # a ready-made box's own GPU is not counted ("1 x GMKtec")


def test_the_map_reads_chinese_under_zh_cn(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Issue #31: under zh_CN the map's legend, speed note, "full fine-tune" header, "CPU only" cells, chart title and
    axis were English in a Chinese window."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.qt import i18n
    from configurator.qt.app import make_app

    app = make_app([])
    session = window.session
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        with qtbot.waitSignal(session.solve_finished, timeout=60_000):
            session.set_request(
                BuildRequest(model_id="qwen3-8b", workload=Workload(kind="inference", precision="q4_k_m"))
            )
        models = [session.catalog.records["models"]["qwen3-8b"]]
        dialog = RecommendationMapDialog(session, window, models=models, columns=("int4", "full"))
        qtbot.addWidget(dialog)
        qtbot.waitUntil(lambda: dialog.map_result is not None, timeout=60_000)
        # on a screen smaller than its 1100 x 860 (a 1366x768 laptop) the map fits it, the chart's axis in sight
        room = dialog.screen().availableGeometry()
        assert dialog.width() <= room.width() and dialog.height() <= room.height()
        assert "塔式" in dialog.legend.text() and "集群" in dialog.legend.text() and "tower" not in dialog.legend.text()
        assert dialog.table.horizontalHeaderItem(1).text() == "全参数微调"
        assert dialog.owned_note.text().startswith("每台推理机器为每个用户提供至少 5 token/秒")
        title = dialog.chart.getPlotItem().titleLabel.text
        assert title.startswith("性价比") and "Qwen3 8B" in title and "q4_k_m 推理" in title and "price" not in title
        assert dialog.chart.getAxis("bottom").labelString().count("GPU 花费") == 1
        from configurator.core.advise.landscape import MapChoice
        from configurator.qt.mapview import CPU_ONLY

        cpu = MapChoice(
            gpu="none",
            gpu_name=CPU_ONLY,
            count=0,
            nodes=1,
            machine="tower",
            price=1.0,
            currency="USD",
            decode_tokens_per_s=None,
            gpu_hours=None,
        )
        assert dialog._machine(cpu) == "仅 CPU"
        session.wait_idle()
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
