"""Dr. Chen's Chinese purchase list names a modified card as his Chinese build sheet does (walk42): the workbook
(`plan ... --xlsx F --lang zh_CN`, for the purchasing office) and the Markdown list read "NVIDIA GeForce RTX 4090
48GB (Chinese-market board-modified)" while the PDF sheet and the window read "（国内魔改版，改板）". The name stays as
it is sold, its note is in the list's language; the English lists and the CSV (scripts read it) keep the catalog's."""

from __future__ import annotations

import io

import openpyxl
import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.purchase import SheetMeta, csv_text, markdown_text, xlsx_bytes
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

SOLD_AS = "NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)"
CHINESE = "NVIDIA GeForce RTX 4090 48GB（国内魔改版，改板）"


@pytest.fixture(scope="module")
def modified():  # type: ignore[no-untyped-def]
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
        gpu_ids=("rtx-4090-48gb",),
    )
    builds = list(plan(request, catalog).builds)
    assert builds and builds[0].gpu_id == "rtx-4090-48gb"
    return request, builds


def _descriptions(data: bytes) -> list[str]:
    sheet = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]
    return [str(row[1]) for row in sheet.iter_rows(min_row=2, values_only=True) if row[1]]


def test_the_chinese_workbook_says_the_cards_note_in_chinese(modified) -> None:  # type: ignore[no-untyped-def]
    request, builds = modified
    chinese = _descriptions(xlsx_bytes(builds, request, SheetMeta(language="zh_CN")))
    assert CHINESE in chinese, chinese
    assert not any("Chinese-market" in d for d in chinese), chinese
    assert SOLD_AS in _descriptions(xlsx_bytes(builds, request, SheetMeta()))


def test_the_chinese_markdown_list_says_it_too_and_the_csv_keeps_the_catalogs_name(modified) -> None:  # type: ignore[no-untyped-def]
    request, builds = modified
    chinese = markdown_text(builds, request, SheetMeta(language="zh_CN"))
    assert CHINESE in chinese and "Chinese-market" not in chinese
    assert SOLD_AS in markdown_text(builds, request)
    assert SOLD_AS in csv_text(builds, request)
