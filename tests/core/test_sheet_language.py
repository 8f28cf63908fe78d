"""Sheets for a Chinese purchasing office (#31): `--lang zh_CN` prints the build sheet and the XLSX purchase list
with Chinese headings, columns, totals and part categories; CSV stays English for scripts."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.report.purchase import SheetMeta, csv_text, markdown_text, xlsx_bytes
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def chen():  # type: ignore[no-untyped-def]
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", batch=20, engine="vllm"),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
        top_k=1,
        condition="new",
    )  # new parts: a used 8-GPU barebone (#28) has no PSU row to translate
    return catalog, request, list(plan(request, catalog).builds)


def test_every_word_the_sheets_translate_has_a_chinese_entry() -> None:
    """Each literal handed to t() in core/report has its Simplified Chinese: a new heading without one fails here."""
    missing = []
    for path in (REPO / "configurator" / "core" / "report").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                if node.args[0].value not in words.ZH_CN:
                    missing.append(f"{path.name}: {node.args[0].value!r}")
    assert not missing, missing


def test_the_sheet_and_the_workbook_speak_chinese_and_csv_stays_english(chen) -> None:  # type: ignore[no-untyped-def]
    catalog, request, builds = chen
    build = builds[0]
    english = build_sheet_html(build, request, SheetMeta(project_name="chen"))
    chinese = build_sheet_html(build, request, SheetMeta(project_name="chen", language="zh_CN"))
    assert "<h2>Parts</h2>" in english and "配件清单" not in english
    for word in ("配件清单", "插槽布局", "功耗与场地", "估算", "合计", "主板", "电源", "机箱"):
        assert word in chinese, word
    assert 'lang="zh-CN"' in chinese
    book = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(builds, request, SheetMeta(language="zh_CN"))))
    first = book.worksheets[0]
    assert [c.value for c in first[1]][:4] == ["类别", "描述", "料号", "厂商"]
    assert "需求与假设" in book.sheetnames
    assert csv_text(builds, request).splitlines()[0].startswith("Build,Item,Description")  # scripts read these names
    assert "类别 | 配件 | 价格" in markdown_text(builds, request, SheetMeta(language="zh_CN"))
    assert "Type | Item | Price" in markdown_text(builds, request)


def test_the_chinese_sheet_says_the_label_why_and_each_finding_in_chinese(chen) -> None:  # type: ignore[no-untyped-def]
    """The sentences the core still writes as English (the label, why this build, the parts' price notes, the power
    rows, the checks) read Chinese on a zh_CN sheet (core.report.phrases, #31), and the English sheet is unchanged."""
    _catalog, request, builds = chen
    build = builds[0]
    english = build_sheet_html(build, request, SheetMeta(project_name="chen"))
    chinese = build_sheet_html(build, request, SheetMeta(project_name="chen", language="zh_CN"))
    assert build.label in english and build.label.split(" (")[0] not in chinese.split("<h1>")[1].split("</h1>")[0]
    why = chinese.split("选择理由：</strong>")[1].split("</p>")[0]
    assert "the lowest price" not in why and "价格最低" in why, why
    for english_words in (
        "W at the wall",
        "GPU load",
        "Heat into the room",
        "Noise under load",
        "Decode, per sequence",
    ):
        assert english_words in english and english_words not in chinese, english_words
    assert "墙插功耗" in chinese and "满载噪音" in chinese


@pytest.mark.slow  # a whole plan
def test_plan_prints_a_chinese_pdf_sheet(tmp_path: Path) -> None:
    fonts = (
        subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True).stdout
        if sys.platform != "win32"
        else ""
    )
    out = tmp_path / "chen.pdf"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "configurator",
            "plan",
            "--model",
            "qwen2.5-32b",
            "--workload",
            "inference",
            "--batch",
            "20",
            "--engine",
            "vllm",
            "--currency",
            "CNY",
            "--budget",
            "300000",
            "--top",
            "1",
            "--pdf",
            str(out),
            "--lang",
            "zh_CN",
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    text = "".join(page.extract_text() for page in PdfReader(str(out)).pages)
    if not fonts.strip():
        pytest.skip("no CJK font installed (fonts-wqy-microhei): the PDF's Chinese has no glyphs to extract")
    assert "配件清单" in text and "合计" in text
    squeezed = "".join(text.split())
    assert "qwen2.5-32b推理" in squeezed and "qwen2.5-32binference" not in squeezed  # the job in the title (#31)


def test_the_slot_map_drawing_and_its_legend_are_chinese(chen) -> None:  # type: ignore[no-untyped-def]
    """The sheet's slot map drew 'Slot 1: x16 Gen4 cpu', 'slot 1: x16 Gen4 (cpu), open-air, on riser' and an
    'open-air' legend under --lang zh_CN (#31); the connector plan read 'PSU 1 PCIe 8-pin #1' and 'GPU 1 (slot 1)'."""
    import re

    from configurator.core.report.sheet import connector_plan, slot_section

    _, _, builds = chen
    build = builds[0]
    assert build.slot_map
    with words.language("zh_CN"):
        section = slot_section(build)
        rows = connector_plan(build)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", section)
    for i, card in enumerate(sorted(build.slot_map, key=lambda c: c.slot), start=1):
        assert any(x.startswith(f"GPU {i}：") for x in texts), texts
        assert any(x.startswith(f"插槽 {card.slot}：x{card.lanes} Gen{card.gen}（CPU），") for x in texts), texts
    legend = texts[-1]
    assert legend in {"风扇卡", "涡轮卡", "被动散热", "水冷"}, legend  # the seed articles' 涡轮卡/风扇卡
    assert 'aria-label="扩展插槽与 GPU"' in section
    names = [x for x in texts if re.fullmatch(r"GPU \d+：[^，]*", x)]  # a card's own name ("RTX PRO 4500 Blackwell")
    words_left = [w for x in texts if x not in names for w in re.findall(r"[a-z]{3,}", x)]
    assert not words_left, words_left  # no 'slot', 'open', 'riser', 'cpu', 'chipset' left
    assert all(re.fullmatch(r"GPU \d+（插槽 \d+）", gpu) for gpu, _, _ in rows[1:]), rows
    assert all("PSU" not in feed and "电源 " in feed for _, _, feed in rows), rows  # or "16-pin 转接线，取自 电源 1 …"
    with words.language("en"):  # English as it was
        english = re.findall(r"<text[^>]*>([^<]*)</text>", slot_section(build))
    first = min(build.slot_map, key=lambda c: c.slot)  # the build's own board (the plan's top build may change)
    assert re.fullmatch(r"Slot \d+: x\d+ Gen\d cpu", english[0]), english[0]
    assert any(x.startswith(f"slot {first.slot}: x{first.lanes} Gen{first.gen} (cpu), ") for x in english), english


def test_the_slot_map_labels_end_before_the_slot_bars_in_both_languages(chen) -> None:  # type: ignore[no-untyped-def]
    """The label column was a fixed 200 px: '插槽 3：x16（电气 x4） Gen4 芯片组' (about 194 px at the sheet's 11 px,
    a CJK character a full em) ran under its slot's bar in the Chinese PDF. The column is now sized from its labels;
    the English map keeps its 200 px column."""
    import re

    from configurator.core.report.sheet import LABEL_W, PAD, slot_section, text_width

    _, _, builds = chen
    build = builds[0]
    for lang, word in (("zh_CN", "插槽"), ("en", "Slot")):
        with words.language(lang):
            section = slot_section(build)
        labels = re.findall(rf'<text x="{PAD}" y="\d+"[^>]*>({word} [^<]*)</text>', section)
        bars = {int(x) for x in re.findall(r'<rect x="(\d+)" y="\d+" width="\d+" height="10"', section)}
        assert labels and len(bars) == 1, (labels, bars)
        bar_x = bars.pop()
        assert all(PAD + text_width(label) + 4 <= bar_x for label in labels), (lang, bar_x, labels)
        if lang == "en":
            assert bar_x == LABEL_W, bar_x  # English as it was
        else:
            assert any("（电气 x" in label for label in labels), labels  # the long label this test is about


def _english_words(text: str, names: tuple[str, ...]) -> list[str]:
    """Lowercase English words of four letters or more left in `text` once the part names in it are taken out."""
    import re

    for name in (*names, "llama.cpp"):  # the engine's name is read as it is
        text = text.replace(name, "")
    return [w for w in re.findall(r"[A-Za-z']{4,}", text) if w.islower() or "'" in w]  # 'driver', "NVIDIA's"


def test_the_value_tables_caveats_are_chinese_for_a_pascal_card_and_a_modified_one() -> None:
    """The Chinese sheet's value table printed 'NVIDIA Tesla P100 PCIe 16GB（Pascal）上的 Drivers：NVIDIA's 580 driver
    branch is the last for Maxwell, Pascal and Volta, CUDA 13 drops them, ...' and 'NVIDIA GeForce RTX 2080 Ti 22GB
    (Chinese-market memory-modified): modified by a refurbisher, not a vendor product...' (the caveats
    advise.value_ranking gives each card: check_stack's warnings, MODIFIED)."""
    from configurator.core.common.reasons import Reason
    from configurator.core.report import phrases
    from configurator.core.support.checks import check_stack

    catalog = catalogs.load(include_user=False).catalog
    gpus = {g.id: g for g in catalog.gpus}
    for gpu_id, engine in (
        ("tesla-p100-16gb-pcie", "llama.cpp"),
        ("tesla-p100-16gb-pcie", "vllm"),
        ("tesla-p40", "llama.cpp"),
        ("mi50-32gb", "llama.cpp"),
        ("rtx-2080-ti-22gb", "llama.cpp"),
        ("rtx-4090-48gb", "vllm"),
    ):
        gpu = gpus[gpu_id]
        warnings = [
            v.check() for v in check_stack(gpu, Workload(kind="inference", engine=engine)) if v.status != "pass"
        ]
        assert warnings or gpu.modified, gpu_id
        with words.language("zh_CN"):
            said = [words.say(Reason.of("caveat.modified", gpu=gpu.name))] if gpu.modified else []
            said = [words.part_names(x) for x in said + [phrases.check(c) for c in warnings]]
        for text in said:
            assert not _english_words(text, (gpu.name.split(" (")[0],)), text
        if gpu.modified:
            assert "魔改版" in said[0] and "Chinese-market" not in said[0], said[0]
    with words.language("zh_CN"):  # the other notes a Chinese buyer reads in a part's name
        assert words.part_names("EVGA SuperNOVA 1600 P2 (legacy, ATX 2.x)") == "EVGA SuperNOVA 1600 P2（旧款，ATX 2.x）"
        assert words.part_names("HGX H800 8-GPU server (China OEM, existing stock)").endswith("（国内 OEM，现有库存）")
    with words.language("en"):
        assert words.part_names(gpus["rtx-4090-48gb"].name).endswith("(Chinese-market board-modified)")


def test_the_chinese_label_names_the_setting_not_the_command_line_flag() -> None:
    """'未指定 --precision' told a buyer in the window or on the sheet, who never typed a flag, that one was missing;
    the Chinese says which setting was not given. The command line keeps its English '--precision'."""
    from configurator.core.common.reasons import Reason, english

    for code, flag, setting in (
        ("kind.usual-gguf", "--precision", "权重精度"),
        ("kind.usual-served", "--precision", "权重精度"),
        ("kind.usual-kv", "--kv-precision", "KV 缓存精度"),
    ):
        reason = Reason.of(code, precision="q8_0")
        with words.language("zh_CN"):
            said = words.say(reason)
        assert setting in said and "--" not in said, said
        assert f"no {flag} given" in english(reason)
    reason = Reason.of("kind.usual-finetune", framework="Unsloth")
    with words.language("zh_CN"):
        said = words.say(reason)
    assert "微调框架" in said and "--" not in said, said
    assert "no --framework given" in english(reason)


@pytest.mark.slow  # a whole plan
def test_a_modified_cards_name_note_is_chinese_on_the_chinese_sheet(chen) -> None:  # type: ignore[no-untyped-def]
    """Chen's cheapest build (with --gpu l20,a800-80gb-pcie,rtx-4090-48gb) is two RTX 4090 48GB cards: the Chinese
    sheet named them 'NVIDIA GeForce RTX 4090 48GB
    (Chinese-market board-modified)' in its parts, headline and price lines and 'RTX 4090 48GB (modified)' in the
    slot map; the name stays as sold, its note is Chinese. The English sheet keeps the catalog's name."""
    catalog, chens, _ = chen
    request = chens.model_copy(update={"gpu_ids": ("rtx-4090-48gb",)})  # one of her --gpu cards
    build = plan(request, catalog).builds[0]
    assert build.gpu_id == "rtx-4090-48gb", build.gpu_id
    english = build_sheet_html(build, request, SheetMeta(project_name="chen"))
    chinese = build_sheet_html(build, request, SheetMeta(project_name="chen", language="zh_CN"))
    assert "NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)" in english
    assert "RTX 4090 48GB (modified)" in english
    assert "Chinese-market" not in chinese and "(modified)" not in chinese
    assert "NVIDIA GeForce RTX 4090 48GB（国内魔改版，改板）" in chinese
    assert "RTX 4090 48GB（魔改版）" in chinese


def test_the_engine_note_and_buy_or_rents_estimates_are_chinese() -> None:
    """The Chinese sheet's assumptions read 'engine llama.cpp：未指定推理引擎；of llama.cpp，vllm，transformers it runs
    this fastest on these GPUs' and its buy-or-rent lines '（估算：35 % of the purchase price after the depreciation
    period ...）' and, in China, 'commercial（一般工商业）tariff，order of magnitude；估算：no tariff table was read ...'.
    The engine note is a code now (est.engine-fastest), its English as it was."""
    from configurator.core.common.reasons import Reason, english
    from configurator.core.costs import tco
    from configurator.core.report import phrases

    note = Reason.of("est.engine-fastest", engine="llama.cpp", engines="llama.cpp, vllm, transformers")
    assert english(note) == (
        "engine llama.cpp: no engine was named; of llama.cpp, vllm, transformers it runs this fastest on these GPUs"
    )
    china = tco.PRESETS["china"]
    with words.language("zh_CN"):
        said = [
            words.say(note),
            words.say(tco.DEFAULT_RESALE_SAID),  # the resale source and the preset's estimate are codes (#33)
            phrases.sentence(china.source),  # a source's own words, whole in the table
            words.say(china.estimate_said) if china.estimate_said else china.estimate,
        ]
    for text in said:
        assert not _english_words(text, ("transformers", "vllm")), text
    assert said[0].startswith("推理引擎 llama.cpp：未指定推理引擎"), said[0]


def test_the_value_tables_caveat_lines_use_chinese_punctuation(chen) -> None:  # type: ignore[no-untyped-def]
    """A card's caveats in the Chinese value table read 'P40: ...; ...' with English punctuation between Chinese
    clauses; now 'P40：...；...'. The English line is as it was."""
    from html import escape

    from configurator.core.report.sheet import value_section
    from configurator.core.support.checks import check_stack

    _, _, builds = chen
    p40 = catalogs.load(include_user=False).catalog.records["gpus"]["tesla-p40"]
    warnings = [
        v.check() for v in check_stack(p40, Workload(kind="inference", engine="llama.cpp")) if v.status != "pass"
    ]
    row = {
        "gpu": "tesla-p40",
        "gpu_name": "NVIDIA Tesla P40",
        "count": 2,
        "price": 520.0,
        "decode_tokens_per_s": 6.0,
        "price_per_tps": 86.5,
        "price_per_gb": 11.0,
        "caveats": [c.message for c in warnings],
        "caveat_checks": [c.to_json() for c in warnings],  # rendered from these codes (advise.RankedGpu.to_json)
        "modified": False,
    }
    english = value_section(builds[0], SheetMeta(value_ranking=(row,)))
    with words.language("zh_CN"):
        chinese = value_section(builds[0], SheetMeta(value_ranking=(row,), language="zh_CN"))
    assert len(warnings) > 1 and f"<li>P40: {escape('; '.join(c.message for c in warnings))}</li>" in english
    line = chinese[chinese.index("<li>P40：") : chinese.index("</li>")]
    assert line.count("；") >= len(warnings) - 1 and not _english_words(line, ("P40", "llama.cpp")), line


def test_the_chinese_markdown_list_says_its_estimate_fit_and_prices_in_chinese(chen) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen's `--markdown F --lang zh_CN` (walked 2026-12-03) had Chinese tables under English lines: "Estimated:
    64 h of training ...", "How this fits: split: data parallel x5; ...", "Prices: this build's prices from ...", and
    an English title. Each now reads as the PDF sheet says it; the English list is unchanged."""
    catalog, request, builds = chen
    chinese = markdown_text(
        builds, request, SheetMeta(language="zh_CN", catalog_prices="prices from 2025-06 to 2026-11")
    )
    for english in ("Estimated:", "How this fits:", "Prices:", "this build's", "inference builds", "Catalog prices"):
        assert english not in chinese, english
    assert "如何装下：" in chinese and "价格：" in chinese and "估算：" in chinese
    english_md = markdown_text(builds, request, SheetMeta(catalog_prices="prices from 2025-06 to 2026-11"))
    assert english_md.startswith("# qwen2.5-32b: inference builds\n\nCatalog prices from 2025-06 to 2026-11;")
    assert "Estimated: " in english_md and "How this fits: " in english_md


def test_the_chinese_sheets_header_and_price_notes_use_chinese_punctuation(chen) -> None:  # type: ignore[no-untyped-def]
    """Mina's zh_CN sheet (ui44, 2026-12-07) read "创建于 2026-12-07; 目录价格 ..." and "价格：⚠ ...; 请索取最新报价;
    显卡: 二手，2026-09-30; CPU: 新品，..." : Chinese clauses between an English colon and semicolons."""
    import datetime
    import re

    catalog, request, builds = chen
    build = builds[0]
    old = build.model_copy(  # a dated price: the notes start with the stale-price warning
        update={"parts": tuple(p.model_copy(update={"price_date": datetime.date(2020, 1, 1)}) for p in build.parts)}
    )
    meta = SheetMeta.from_catalog(catalog, [old], "chen", "0.1", language="zh_CN")
    with words.language("zh_CN"):
        html = build_sheet_html(old, request, meta)
    header = re.search(r'<p class="muted small">(创建于[^<]*)</p>', html)
    notes = re.search(r'<p class="muted small">(价格：.*?)</p>', html)
    assert header is not None and notes is not None, html[:2000]
    assert "；" in header.group(1) and "; " not in header.group(1), header.group(1)
    assert "；" in notes.group(1) and "; " not in notes.group(1) and ": " not in notes.group(1), notes.group(1)
    assert notes.group(1).endswith("。"), notes.group(1)
    assert "<h1>chen：" in html, html[:300]  # the title's colon too ("llama-3.3-70b 推理: 1. 最便宜" it read)
    english = build_sheet_html(old, request, SheetMeta.from_catalog(catalog, [old], "chen", "0.1"))
    assert re.search(r"Prices: <span class=\"warn\">⚠ \d+ prices older than six months: ", english), english[:3000]
