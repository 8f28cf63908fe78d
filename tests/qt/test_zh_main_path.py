"""The window's main path in Chinese (#31): under zh_CN a solved request shows its build labels, GPUs, how each
build fits, the header, each part's reason and price note, the old-price line, the checks, the summary and the
status bar in Chinese; at least 95 % of the clauses a person reads there (benchmarks/translated.py's count)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.qt import i18n
from configurator.qt.app import make_app

REPO = Path(__file__).resolve().parents[2]


def _audit():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("translated", REPO / "benchmarks" / "translated.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _request(argv: list[str]):  # type: ignore[no-untyped-def]
    import argparse

    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    return build_request(args, args.model, workload_from_args(args))


def test_the_main_path_reads_chinese(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    audit = _audit()
    app = make_app([])
    request = _request(
        ["--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m", "--budget", "3000"]
    )
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))  # made in Chinese, as at a Chinese start
        qtbot.addWidget(window)
        window.resize(1600, 1000)
        window.show()
        with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
            window.session.set_request(request, solve=False)
            window.session.solve_now()
        table = window.builds
        assert table.rowCount() >= 2
        labels = [table.item(r, 1).text() for r in range(table.rowCount())]
        assert any(claim in " ".join(labels) for claim in ("最便宜", "最快", "性价比最高", "最安静")), labels
        assert not any("cheapest" in label or "fastest" in label for label in labels), labels
        fits = [table.item(r, table.FIT).text() for r in range(table.rowCount())]
        assert not any("full power" in f or "layers over" in f or "one GPU" in f for f in fits), fits
        seen: list[str] = []
        for row in range(table.rowCount()):
            table.selectRow(row)
            for tab in (0, window.detail.indexOf(window.detail.checks)):  # the parts page, the checks
                window.detail.setCurrentIndex(tab)
                app.processEvents()
                seen += audit.visible_texts(window)
        header = window.header.text()
        assert "墙插功耗" in header and "W at the wall" not in header
        reasons = window.detail.reasons.toPlainText()
        assert "装得下" in reasons and "holds the job" not in reasons
        statuses = {window.detail.checks.item(r, 0).text() for r in range(window.detail.checks.rowCount())}
        assert statuses <= {"通过", "警告", "失败"}, statuses
        assert "求解完成" in window.statusBar().currentMessage() or window.statusBar().currentMessage() == ""
        assert "目录价格" in window.catalog_date.text() and "priced parts" not in window.catalog_date.text()
        # the slot map: each card's lanes and a free slot's source read CPU / 芯片组, not "(cpu)" / "(chipset)"
        table.selectRow(0)
        window.detail.setCurrentIndex(window.detail.indexOf(window.detail.slot_map))
        rows = [text for _, text in window.detail.slot_map.rows]
        assert rows and not any("(cpu)" in r or "chipset" in r for r in rows), rows
        assert any("（CPU）" in r for r in rows), rows
        clauses = [c for text in seen for c in audit.clauses(text)]
        kinds = [audit.classify(c) for c in clauses]
        english = sorted({c for c, k in zip(clauses, kinds) if k == "en"})
        share = kinds.count("zh") / max(1, kinds.count("zh") + kinds.count("en"))
        assert share >= 0.95, (share, english[:20])
        # Compare: every build, the labels, GPUs and findings in Chinese too
        from configurator.qt.dialogs import CompareDialog, comparison_rows

        labels_row = dict(comparison_rows(list(table.builds)))[QCoreApplication.translate("compare", "Label")]
        assert labels_row == labels, (labels_row, labels)  # the table's labels, in the same words
        dialog = CompareDialog(list(table.builds))
        qtbot.addWidget(dialog)
        heads = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
        metrics = dialog.table.horizontalHeader().fontMetrics()
        widths = [dialog.table.columnWidth(c) for c in range(len(heads))]
        assert all(metrics.horizontalAdvance(h) <= w for h, w in zip(heads, widths)), (heads, widths)  # not clipped
        assert len(heads) == table.rowCount() and not any("cheapest" in h or "fastest" in h for h in heads), heads
        findings = " ".join(dialog.table.item(dialog.table.rowCount() - 1, c).text() for c in range(len(heads)))
        assert "cores for" not in findings and "GPU(s)" not in findings, findings
        window.session.dirty = False
        window.session.cancel()
        window.session.wait_idle()
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again


def test_the_same_window_in_english_keeps_the_cores_words(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """English is untouched: the labels and reasons are the core's own sentences."""
    from configurator.core.common.reasons import Reason
    from configurator.core.model.build import BuildPart
    from configurator.core.report import phrases, words

    said = (Reason.of("part.gpus", n=2, vram=32.0, gib=21.3), Reason.of("part.cooler", cooler="passive"))
    text = "2 x 32 GB holds the job (21.3 GiB needed per GPU of 32 GB); passive cooler"
    part = BuildPart.model_construct(why=text, said=said)
    assert i18n.part_why(part) == text
    with words.language("zh_CN"):
        assert phrases.part_why(part) == "2 张 32 GB 显存的卡装得下（每张卡需 21.3 GiB，单卡 32 GB）；被动散热"
