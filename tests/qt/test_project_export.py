"""Export of a project with two workloads (Dr. Chen's fine-tuning and serving, user-journeys.md): the purchase list
covers every request, each under its own sheet or heading, in English and Chinese; the workbook read back holds
values only and each build's total is the sum of its lines."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.purchase import build_title
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.storage import projects
from configurator.storage.projects import Project

SERVING = BuildRequest(
    model_id="qwen2.5-32b",
    workload=Workload(kind="inference", batch=20, engine="vllm"),
    currency="CNY",
    region="china",
    circuit="230v16a",
    budget=300000,
    kv_asked=False,
)
SMALL = BuildRequest(
    model_id="llama-3.1-8b",
    workload=Workload(kind="inference", precision="q4_k_m"),
    currency="CNY",
    region="china",
    circuit="230v16a",
    budget=30000,
)


def _open_two_requests(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A saved project opened as after a restart: only its shown request (the second) is solved."""
    path = tmp_path / "chen.llmrig"
    projects.save(Project(name="chen", requests=(SMALL, SERVING), active=1), path)
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.open_project(path)
    assert window.session.project_results()[0] is None  # the other workload waits for the export


def _export(qtbot, window, target: Path) -> None:  # type: ignore[no-untyped-def]
    window.export_to(target, list(window.builds.builds))
    qtbot.waitUntil(target.exists, timeout=120_000)


def _title(build, language: str) -> str:  # type: ignore[no-untyped-def]
    from configurator.core.report import words

    with words.language(language), words.window_words():  # the window's words: "Weights left on auto"
        return build_title(build)


def _blocks(sheet) -> list[tuple[str, list[float], float]]:  # type: ignore[no-untyped-def]
    """(build title, its lines' subtotals, its printed total) for each build block of a request's sheet."""
    blocks: list[tuple[str, list[float], float]] = []
    title, lines = "", []
    for row in sheet.iter_rows(values_only=True):
        first = row[0]
        if isinstance(first, str) and len(row) > 8 and row[8] is not None and isinstance(row[8], (int, float)):
            if first in ("Total", "合计", "Grand total", "总计"):
                blocks.append((title, lines, float(row[8])))
                title, lines = "", []
            elif first in ("Total per node", "每节点合计", "Nodes", "节点数"):
                pass
            else:
                lines.append(float(row[8]))
        elif isinstance(first, str) and (first.startswith("Build ") or first.startswith("配置 ")):
            title = first
    return blocks


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_workbook_lists_every_request(qtbot, window, tmp_path: Path, language: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app([])
    i18n.install(app, language)
    try:
        _open_two_requests(qtbot, window, tmp_path)
        target = tmp_path / "chen.xlsx"
        _export(qtbot, window, target)
        assert window.export_to(tmp_path / "chen.md", list(window.builds.builds))  # both solved now: at once
        markdown = (tmp_path / "chen.md").read_text(encoding="utf-8")
    finally:
        i18n.install(app, "en")
    book = load_workbook(target)  # formulas kept as formulas: an "=" cell would read back as its text
    names = book.sheetnames
    assert len(names) == 3, names
    assert names[0].startswith("1 llama-3.1-8b") and names[1].startswith("2 qwen2.5-32b")
    assert names[2] == ("需求与假设" if language == "zh_CN" else "Request and assumptions")
    kind = "推理" if language == "zh_CN" else "inference"
    assert kind in names[0] and kind in names[1]
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f" and not str(cell.value or "").startswith("="), (sheet.title, cell)
    results = window.session.project_results()
    # the shown request with the builds passed (all of its table), the other with the build the window highlights
    wanted = [[results[0].builds[0]], list(window.builds.builds)]
    for sheet, result, builds in zip(book.worksheets[:2], results, wanted, strict=True):
        blocks = _blocks(sheet)
        assert result is not None and len(blocks) == len(builds) >= 1, (sheet.title, blocks)
        assert [title for title, _lines, _total in blocks] == [
            f"{'配置' if language == 'zh_CN' else 'Build'} {_title(b, language)}" for b in builds
        ]
        for title, lines, total in blocks:
            assert lines and abs(sum(lines) - total) < 0.005, (sheet.title, title, lines, total)
    # the Markdown: a section per request, in the window's language
    kind_md = "：推理" if language == "zh_CN" else ": inference"
    assert markdown.startswith(f"# 1. llama-3.1-8b{kind_md}") and f"\n# 2. qwen2.5-32b{kind_md}" in markdown
    assumptions = [str(c.value) for c in book.worksheets[2]["A"] if c.value]
    assert any(a.startswith("1") and "llama-3.1-8b" in a for a in assumptions)
    assert any(a.startswith("2") and "qwen2.5-32b" in a for a in assumptions)


def test_csv_and_markdown_list_every_request(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _open_two_requests(qtbot, window, tmp_path)
    _export(qtbot, window, tmp_path / "chen.csv")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "chen.csv").read_text(encoding="utf-8"))))
    assert {r["Request"] for r in rows} == {"1: llama-3.1-8b inference", "2: qwen2.5-32b inference"}
    results = window.session.project_results()
    wanted = [[results[0].builds[0]], list(window.builds.builds)]
    for number, builds in enumerate(wanted, start=1):
        mine = [r for r in rows if r["Request"].startswith(f"{number}:")]
        assert {r["Build"] for r in mine} == {_title(b, "en") for b in builds}
        assert len(mine) == sum(len(b.parts) for b in builds)
    window.export_to(tmp_path / "chen.md", list(window.builds.builds))
    text = (tmp_path / "chen.md").read_text(encoding="utf-8")
    assert text.startswith("# 1. llama-3.1-8b") and "\n# 2. qwen2.5-32b" in text


def test_the_other_workload_exports_the_build_picked_for_it(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen picked build 2 for the fine-tuning, then went to the serving workload and exported: the list holds
    the build he picked for each workload, not the first of the other one."""
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(SMALL, solve=False)
        window.session.solve_now()
    small = window.session.result
    assert small is not None and len(small.builds) >= 2
    window.session.select(1)
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.add_request()
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(SERVING, solve=False)
        window.session.solve_now()
    target = tmp_path / "picked.csv"
    assert window.export_to(target, list(window.builds.builds[:1]))  # both solved: written at once
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert {r["Build"] for r in rows if r["Request"].startswith("1:")} == {build_title(small.builds[1])}
    window.session.dirty = False


def test_the_pdf_holds_a_sheet_for_every_workload(qtbot, window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen's PDF for the approval meeting (walk21, 2026-12-04): File > Export builds as PDF wrote only the
    shown workload's sheets, so the meeting saw the serving machine and not the fine-tuning one. Now each
    workload's picked build has its sheet, titled with its workload, its own request and value table."""
    import html as html_module

    from configurator.qt import printing

    written: list[str] = []
    real = printing.write_pdf

    def keep(html: str, path: Path, page: str = "A4", title: str = "") -> None:
        written.append(html)
        real(html, path, page, title)

    monkeypatch.setattr(printing, "write_pdf", keep)
    _open_two_requests(qtbot, window, tmp_path)
    target = tmp_path / "chen.pdf"
    _export(qtbot, window, target)
    assert target.read_bytes().startswith(b"%PDF")
    (doc,) = written
    text = html_module.unescape(doc)
    results = window.session.project_results()
    small, serving = results[0].builds[0], list(window.builds.builds)
    assert f"chen (1: llama-3.1-8b inference): {_title(small, 'en')}" in text
    for build in serving:
        assert f"chen (2: qwen2.5-32b inference): {_title(build, 'en')}" in text
    assert text.count("page-break-before: always") == len(serving)  # one sheet per build, each on its own page
    assert "model llama-3.1-8b" in text and "model qwen2.5-32b" in text  # each sheet's own request
    assert text.count("Value: GPUs for this job") == 1 + len(serving)
    window.session.dirty = False


def test_the_chinese_pdf_names_each_workload_in_chinese(qtbot, window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The Chinese sheets' titles name the workload with full-width brackets: 'chen（1：llama-3.1-8b 推理）'."""
    import html as html_module

    from configurator.qt import printing

    written: list[str] = []
    monkeypatch.setattr(printing, "write_pdf", lambda html, *_args, **_kw: written.append(html))
    app = make_app([])
    i18n.install(app, "zh_CN")
    try:
        _open_two_requests(qtbot, window, tmp_path)
        window.export_to(tmp_path / "chen.pdf", list(window.builds.builds))
        qtbot.waitUntil(lambda: bool(written), timeout=120_000)
    finally:
        i18n.install(app, "en")
    text = html_module.unescape(written[0])
    assert "chen（1：llama-3.1-8b 推理）" in text and "chen（2：qwen2.5-32b 推理）" in text
    window.session.dirty = False


def test_the_windows_exports_name_its_fields_not_command_line_flags(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen's PDF and workbook from the window (walk21, 2026-12-04) titled his serving build 'at FP8, quantized
    by vLLM on load for several users: no --precision given' and told him to 'give --prompt for your own': flags he
    never saw. The window's exports say what the window says ('Weights left on auto', 'the Prompt field')."""
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(SERVING, solve=False)
        window.session.solve_now()
    builds = list(window.builds.builds)
    assert window.export_to(tmp_path / "chen.xlsx", builds)
    cells = [str(c.value) for s in load_workbook(tmp_path / "chen.xlsx").worksheets for r in s.iter_rows() for c in r]
    said = " ".join(cells)
    assert "Weights left on auto" in said and "Prompt field" in said
    assert "--precision" not in said and "--prompt" not in said
    from configurator.qt.printing import selected_sheet_html

    sheet = selected_sheet_html(window.session, with_charts=False) or ""
    assert "--precision" not in sheet and "--prompt" not in sheet and "Weights left on auto" in sheet
    window.session.dirty = False
