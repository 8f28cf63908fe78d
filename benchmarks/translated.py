"""How much of the window a Chinese reader sees in Chinese (#31: "at least 95 % of messages translated, none left in
English on the main path").

    python benchmarks/translated.py [--quick] [--show N] [--sheet | --map [--shot PNG]]

Under zh_CN the window solves a few requests (a 70B on a budget, an 8B, a MoE in a home office, a QLoRA fine-tune);
for every build listed it selects the build, opens every detail tab and reads every text a person sees there: the
builds table, the header, the parts and their reasons, the total and the old-price line, the checks, the estimates,
the noise, the banner, the summary above the table and the status bar (tooltips and the catalog's own part and model
names are not counted: a part is sold under its English name). Each text is cut into its lines and clauses; a
clause with Chinese in it and no English word is translated, one with an English word (a lowercase word of three
letters or more that is not a unit, an engine or a format: `TERMS`) is not, and one with neither (a number, a part
name) is neither. Prints the share translated, `.ts` messages translated, and the English clauses left, most common
first.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

REQUESTS = [
    ["--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m", "--budget", "3000"],
    ["--model", "llama-3.1-8b", "--workload", "inference", "--budget", "1500"],
    ["--model", "qwen3-30b-a3b", "--workload", "inference", "--budget", "2500", "--room", "home-office"],
    ["--model", "llama-3.1-8b", "--workload", "finetune", "--method", "qlora", "--budget", "2500"],
]
QUICK = REQUESTS[:1]

TERMS = {
    # units, formats, engines and names a Chinese buyer reads as they are
    "tok",
    "tokens",
    "token",
    "dba",
    "gib",
    "usd",
    "cny",
    "eur",
    "btu",
    "mfu",
    "cpp",
    "llama",
    "vllm",
    "sglang",
    "ollama",
    "mlx",
    "gguf",
    "awq",
    "gptq",
    "cuda",
    "rocm",
    "hip",
    "vulkan",
    "metal",
    "fsdp",
    "lora",
    "qlora",
    "unsloth",
    "torchtune",
    "axolotl",
    "deepspeed",
    "nvlink",
    "pcie",
    "gpu",
    "gpus",
    "cpu",
    "ram",
    "vram",
    "ddr",
    "atx",
    "smi",
    "nvidia",
    "amd",
    "intel",
    "apple",
    "hf",
    "transformers",
    "ngl",
    "fa",
    "mtp",
    "moe",
    "kv",
    "fp",
    "bf",
    "int",
    "mxfp",
    "nvfp",
    "tflops",
    "tops",
    "flops",
    "max",
    "pro",
    "ultra",
    "mini",
    "rtx",
    "dgx",
    "hgx",
    "epyc",
    "xeon",
    "ryzen",
    "threadripper",
    "gfx",
    "gcn",
    "rdna",
    "cdna",
    "ampere",
    "turing",
    "hopper",
    "ada",
    "blackwell",
    "volta",
    "pascal",
    "vega",
    "strix",
    "halo",
    "mac",
    "studio",
    "macbook",
    "spark",
    "llm",
    "rig",
    "configurator",
    "sxm",
    "oam",
    "nvme",
    "sata",
    "ssd",
    "mm",
    "kw",
    "eps",
    "pin",
    "gen",
    "cli",
    "json",
    "xlsx",
    "csv",
    "pdf",
    "md",
    "png",
    "ctrl",
    "f1",
    "esc",
    "www",
    "https",
    "http",
    "com",
    "org",
    "github",
    "bitsandbytes",
    "peft",
    "pytorch",
    "ddp",
    "adamw",
    "paged",
    "sgd",
    "bit",
    "bits",
    "bnb",
    "xpu",
    "oneapi",
    "ipex",
    "sycl",
    "zluda",
}
_HAN = re.compile(r"[\u3400-\u9fff]")
_WORD = re.compile(r"(?<![A-Za-z0-9_./-])[a-z][a-z'-]{2,}(?![A-Za-z0-9_./])")
_CLAUSES = re.compile(r"\n|; |；|。|: (?=[a-z])|\. (?=[A-Z])")


def english_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w.strip("'-") not in TERMS]


def classify(text: str) -> str:
    """'zh', 'en' or 'neutral' for one clause."""
    if english_words(text):
        return "en"
    return "zh" if _HAN.search(text) else "neutral"


def clauses(text: str) -> list[str]:
    return [c.strip() for c in _CLAUSES.split(text) if c and c.strip()]


def count(texts: Iterable[str], kinds: Counter[str], english: Counter[str]) -> None:
    """Add each text's clauses to `kinds` by class and its English clauses to `english`."""
    for text in texts:
        for clause in clauses(text):
            kind = classify(clause)
            kinds[kind] += 1
            if kind == "en":
                english[clause] += 1


def _plain(text: str) -> str:
    from PySide6.QtGui import QTextDocument

    if "<" in text and ">" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def visible_texts(window) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text a person sees in the window as it is drawn now (not tooltips, not catalog names)."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QGroupBox,
        QLabel,
        QTableWidget,
        QTabWidget,
        QTextBrowser,
        QTreeView,
    )

    out: list[str] = []
    for w in window.findChildren(QLabel):
        if w.isVisible() and w.text():
            out.append(_plain(w.text()))
    for w in window.findChildren(QAbstractButton):
        if w.isVisible() and w.text():
            out.append(w.text().replace("&", ""))
    for w in window.findChildren(QGroupBox):
        if w.isVisible() and w.title():
            out.append(w.title())
    for w in window.findChildren(QComboBox):
        if w.isVisible() and w.currentText() and not w.isEditable():
            out.append(w.currentText())
    for w in window.findChildren(QTabWidget):
        if w.isVisible():
            out += [w.tabText(i).replace("&", "") for i in range(w.count()) if w.isTabVisible(i)]
    for w in window.findChildren(QTextBrowser):
        if w.isVisible():
            out.append(w.toPlainText())
    for w in window.findChildren(QTableWidget):
        if not w.isVisible():
            continue
        names = _name_columns(w)
        for c in range(w.columnCount()):
            h = w.horizontalHeaderItem(c)
            if h is not None and not w.horizontalHeader().isSectionHidden(c):
                out.append(h.text())
        for r in range(w.rowCount()):
            for c in range(w.columnCount()):
                item = w.item(r, c)
                if item is not None and item.text() and c not in names:
                    out.append(item.text())
    _ = QTreeView  # the model list holds the catalog's model names: not counted
    out.append(window.statusBar().currentMessage())
    return [t for t in out if t]


def _name_columns(table) -> set[int]:  # type: ignore[no-untyped-def]
    """Columns that hold the catalog's part names (sold under their English names)."""
    from configurator.qt.builds import BuildDetail

    detail = table.parent()
    while detail is not None and not isinstance(detail, BuildDetail):
        detail = detail.parent()
    return {1} if detail is not None and table is detail.parts else set()


def walk(window, app) -> list[str]:  # type: ignore[no-untyped-def]
    """Every build selected in turn, every detail tab opened: the texts seen."""
    seen: list[str] = []
    builds = window.builds
    for row in range(builds.rowCount()):
        builds.selectRow(row)
        for _ in range(3):
            app.processEvents()
        for tab in range(window.detail.count()):
            if not window.detail.isTabVisible(tab):
                continue
            window.detail.setCurrentIndex(tab)
            app.processEvents()
            seen += visible_texts(window)
    if not builds.rowCount():
        seen += visible_texts(window)
    return seen


def solve(window, argv: list[str]) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEventLoop, QTimer

    from configurator.core.model.args import add_plan_options, build_request, workload_from_args

    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    request = build_request(args, args.model or "", workload_from_args(args))
    loop = QEventLoop()
    window.session.solve_finished.connect(lambda _r: loop.quit())
    window.session.solve_failed.connect(lambda _m: loop.quit())
    window.session.set_request(request, solve=False)
    window.session.solve_now()
    QTimer.singleShot(120_000, loop.quit)
    loop.exec()


def ts_share() -> tuple[int, int]:
    import xml.etree.ElementTree as ET

    root = ET.parse(REPO / "resources" / "translations" / "llm_rig_zh_CN.ts").getroot()
    messages = [m for ctx in root.iter("context") for m in ctx.iter("message")]
    done = [
        m
        for m in messages
        if (t := m.find("translation")) is not None and t.get("type") is None and (t.text or "").strip()
    ]
    return len(done), len(messages)


def measure(requests: list[list[str]]) -> tuple[Counter[str], Counter[str]]:
    """(clauses by class, English clauses by text) over the requests, the window in Chinese."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow

    app = make_app([])
    i18n.install(app, "zh_CN")
    window = MainWindow()
    window.show_error = lambda title, message: print(f"{title}: {message}", file=sys.stderr)  # type: ignore[method-assign]
    window.resize(1600, 1000)
    window.show()
    kinds: Counter[str] = Counter()
    english: Counter[str] = Counter()
    try:
        for argv in requests:
            solve(window, argv)
            count(walk(window, app), kinds, english)
    finally:
        window.session.dirty = False
        window.close()
        i18n.install(app, "en")
    return kinds, english


def map_clauses(argv: list[str], shot: str | None = None) -> tuple[Counter[str], Counter[str]]:
    """The recommendation map (View > Map) for the request, once every cell is solved: its legend, note, headers,
    cells and the value chart's title and axis, counted the same way (model names, the row headers, not counted)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QLabel

    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow

    app = make_app([])
    i18n.install(app, "zh_CN")
    window = MainWindow()
    window.resize(1600, 1000)
    window.show()
    kinds: Counter[str] = Counter()
    english: Counter[str] = Counter()
    try:
        solve(window, argv)
        window.show_map()
        dialog = window.map_dialog
        loop = QEventLoop()

        def poll() -> None:
            if dialog.map_result is not None:
                loop.quit()
            else:
                QTimer.singleShot(200, poll)

        QTimer.singleShot(200, poll)
        QTimer.singleShot(300_000, loop.quit)
        loop.exec()
        app.processEvents()
        if shot:
            dialog.grab().save(shot)
        texts = [_plain(w.text()) for w in dialog.findChildren(QLabel) if w.isVisible() and w.text()]
        table = dialog.table
        texts += [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        texts += [
            table.item(r, c).text()
            for r in range(table.rowCount())
            for c in range(table.columnCount())
            if table.item(r, c) is not None
        ]
        plot = dialog.chart.getPlotItem()
        texts.append(_plain(plot.titleLabel.text))
        texts.append(_plain(plot.getAxis("bottom").labelText))
        if dialog.empty_note is not None:
            texts.append(dialog.empty_note.toPlainText())
        count(texts, kinds, english)
    finally:
        window.session.dirty = False
        window.close()
        i18n.install(app, "en")
    return kinds, english


def sheet_clauses(argv: list[str]) -> tuple[Counter[str], Counter[str]]:
    """The printed sheet's text (`plan ... --pdf --lang zh_CN`, without its chart images) counted the same way."""
    import html as html_module

    from configurator.core.model.args import add_plan_options, build_request, workload_from_args
    from configurator.core.report.purchase import SheetMeta
    from configurator.core.report.sheet import build_sheet_html
    from configurator.core.solve.plan import plan
    from configurator.storage import catalogs

    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    request = build_request(args, args.model or "", workload_from_args(args))
    catalog = catalogs.load(include_user=False).catalog
    kinds: Counter[str] = Counter()
    english: Counter[str] = Counter()
    for build in plan(request, catalog).builds:
        page = build_sheet_html(build, request, SheetMeta(project_name="sheet", language="zh_CN"), None)
        body = page[page.index("<body>") :]
        body = re.sub(r"<svg.*?</svg>|<code>.*?</code>", " ", body, flags=re.S)  # the slot map's drawing, commands
        text = html_module.unescape(re.sub(r"<[^>]+>", "\n", body))
        count(text.splitlines(), kinds, english)
    return kinds, english


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one request only")
    parser.add_argument("--show", type=int, default=40, help="English clauses to list")
    parser.add_argument("--sheet", action="store_true", help="the printed sheet of the first request instead")
    parser.add_argument("--map", action="store_true", help="the recommendation map of the first request instead")
    parser.add_argument("--shot", metavar="PNG", help="with --map: save the map dialog as drawn")
    args = parser.parse_args()
    if args.map:
        kinds, english = map_clauses(REQUESTS[0], args.shot)
        counted = kinds["zh"] + kinds["en"]
        print(f"map clauses in Chinese: {kinds['zh']} of {counted} ({kinds['zh'] / max(counted, 1):.1%})")
        for clause, n in english.most_common(args.show):
            print(f"  EN x{n}: {clause[:160]}")
        return 0
    if args.sheet:
        kinds, english = sheet_clauses(REQUESTS[0])
        counted = kinds["zh"] + kinds["en"]
        print(f"sheet clauses in Chinese: {kinds['zh']} of {counted} ({kinds['zh'] / max(counted, 1):.1%})")
        for clause, n in english.most_common(args.show):
            print(f"  EN x{n}: {clause[:160]}")
        return 0
    kinds, english = measure(QUICK if args.quick else REQUESTS)
    counted = kinds["zh"] + kinds["en"]
    done, total = ts_share()
    print(f".ts messages translated: {done} of {total} ({done / max(total, 1):.1%})")
    print(
        f"window clauses seen in Chinese: {kinds['zh']} of {counted} ({kinds['zh'] / max(counted, 1):.1%}); "
        f"{kinds['neutral']} neither (numbers, names)"
    )
    for clause, n in english.most_common(args.show):
        print(f"  EN x{n}: {clause[:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
