"""Dr. Chen's purchase workbook in Chinese (walk13): the request's values, the catalog's dates, each build's estimate,
fit, assumptions, checks' statuses, why it is shown and each part's notes were English in a Chinese workbook; the
English workbook says what it said."""

from __future__ import annotations

import io

import openpyxl
import pytest

from configurator.core.common.reasons import Reason, as_json
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.fit import fit_of
from configurator.core.report.purchase import SheetMeta, estimate_summary, part_notes, request_rows, xlsx_bytes
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

META = {
    "project_name": "chen",
    "catalog_prices": "prices from 2026-05 to 2026-11; 235 of 285 priced parts have only prices older than six months",
    # the same as the code every sheet is given (purchase.sheet_meta; rules13's dates.prices)
    "catalog_prices_said": as_json(Reason.of("dates.prices", first="2026-05", last="2026-11", older=235, priced=285)),
}


@pytest.fixture(scope="module")
def lora():  # type: ignore[no-untyped-def]
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="qwen2.5-7b",
        workload=Workload(kind="finetune", method="lora", context=4096),
        currency="CNY",
        region="china",
        circuit="230v16a",
        room="server-room",
        budget=300000,
        top_k=1,
    )
    return request, list(plan(request, catalog).builds)


def _rows(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def test_the_english_workbook_says_what_it_said(lora) -> None:  # type: ignore[no-untyped-def]
    request, builds = lora
    rows = dict(request_rows(builds, request, SheetMeta(**META)))  # type: ignore[arg-type]
    build = builds[0]
    assert rows["Workload"] == "finetune" and rows["Room"] == "server-room"
    assert rows["Catalog prices"] == META["catalog_prices"]
    assert rows["Estimate"] == estimate_summary(build)
    assert rows["How this fits"] == fit_of(build, request).sentence
    assert rows["Assumption"] == build.estimate.assumptions[-1]  # the last of them (a dict keeps the last)
    assert part_notes(build.parts[0]) == f"{build.parts[0].price_note}; {build.parts[0].why}"


def test_the_chinese_workbook_speaks_chinese(lora) -> None:  # type: ignore[no-untyped-def]
    request, builds = lora
    sheets = _rows(xlsx_bytes(builds, request, SheetMeta(**META, language="zh_CN")))  # type: ignore[arg-type]
    *parts_sheets, (_title, info) = sheets.items()
    values = {str(r[0]): str(r[1]) for r in info if r and r[0]}
    assert values["任务"] == "微调" and values["放置环境"] == "机房" and values["地区"] == "中国"
    assert values["目录价格"].startswith("价格 2026-05 至 2026-11")
    for key in ("估算", "如何装下", "假设"):
        assert not any(word in values[key] for word in ("training", "memory figures", "split:", "of the")), values[key]
    assert any(k.startswith("配置 1.") for k in values)
    assert not any(k.startswith(("WARN", "FAIL", "Build ")) for k in values)
    parts = parts_sheets[0][1]
    why_row = next(r for r in parts if r[0] == "理由")
    notes = [str(r[9]) for r in parts[1:] if r[9]]
    assert "the lowest price" not in str(why_row[1])
    assert notes and not any(n.startswith(("new,", "used,")) for n in notes), notes


def test_an_owned_cards_category_is_chinese_on_the_chinese_sheet() -> None:
    from configurator.core.model.request import OwnedPart
    from configurator.core.report import words
    from configurator.core.report.purchase import request_fields

    request = BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference"), owned=(OwnedPart(category="gpu", id="rtx-3090"),)
    )
    assert dict(request_fields(request))["Owned parts"] == "1 x gpu rtx-3090"  # English as it was
    with words.language("zh_CN"):
        assert dict(request_fields(request))["Owned parts"] == "1 x 显卡 rtx-3090"


def test_the_chinese_headers_run_the_lead_word_into_its_text(lora) -> None:  # type: ignore[no-untyped-def]
    from configurator.core.report.purchase import markdown_text
    from configurator.core.report.sheet import build_sheet_html

    request, builds = lora
    chinese = SheetMeta(**META, language="zh_CN")  # type: ignore[arg-type]
    sheet, forum = build_sheet_html(builds[0], request, chinese), markdown_text(builds, request, chinese)
    for text in (sheet, forum):
        assert "目录价格 2026-05 至 2026-11" in text and "目录 价格" not in text
        assert "个付费部件的价格：最早 " in text and "，中位 " in text  # round 35: oldest / median / newest
    english = build_sheet_html(builds[0], request, SheetMeta(**META))  # type: ignore[arg-type]
    assert "catalog prices from 2026-05 to 2026-11" in english
