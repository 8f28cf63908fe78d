"""Round 45 (label44/ui44's item 4): the sources a sheet cites for its electricity price (costs.tco.PRESETS: EIA,
Eurostat's household and non-household prices, China's commercial tariff) and its exchange rates (the ECB's reference
rates, catalogs/exchange-rates.toml) are said in Chinese on a Chinese sheet, workbook and window: the bodies, datasets
and files keep their names, the sentence around them is Chinese. A euro buyer's zh_CN sheet had quoted "Eurostat,
household electricity prices 1st half 2025: EU average EUR 28.72 per 100 kWh incl. taxes ..." and "ECB euro foreign
exchange reference rates, 6 October 2026 ..." in English."""

from __future__ import annotations

import io
import re
from typing import Any

import openpyxl
import pytest

from configurator.core.costs.tco import PRESETS
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.report.purchase import SheetMeta, xlsx_bytes
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve.plan import plan

NAMES = ("Eurostat", "Statistics Explained", "Electricity price statistics", "Electric Power Monthly", "eurofxref")


def _english_left(zh: str) -> list[str]:
    """Runs of three or more English words in `zh`, the proper names (NAMES) aside."""
    for name in NAMES:
        zh = zh.replace(name, "")
    return re.findall(r"[A-Za-z]+(?: [A-Za-z]+){2,}", zh)


def test_every_shipped_source_has_its_chinese(catalog: Any) -> None:
    sources = [p.source for p in PRESETS.values()] + [catalog.exchange_rates_source]
    assert any("Eurostat" in s for s in sources) and "ECB" in catalog.exchange_rates_source
    with words.language("zh_CN"):
        for source in sources:
            zh = phrases.sentence(source)
            assert zh != source and not _english_left(zh), (source, zh)
    assert phrases.sentence(catalog.exchange_rates_source) == catalog.exchange_rates_source  # English outside zh_CN
    with words.language("zh_CN"):
        assert "欧洲中央银行" in phrases.sentence(catalog.exchange_rates_source)
        assert "欧盟统计局" in phrases.sentence(PRESETS["eu"].source)
        for key in ("eu", "eu-business"):  # the usage line the window's costs panel and the sheet say (tco.usage)
            usage = words.say(PRESETS[key].said())
            assert "欧盟统计局（Eurostat）" in usage and not _english_left(usage), usage


@pytest.fixture(scope="module")
def euro_plan(catalog: Any) -> tuple[Any, BuildRequest, list[Any]]:
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference"),
        currency="EUR",
        circuit="230v16a",
        budget=3000,
        top_k=1,
    )
    return catalog, request, list(plan(request, catalog).builds)


def test_a_euro_buyers_chinese_sheet_and_workbook_cite_in_chinese(euro_plan: Any) -> None:
    catalog, request, builds = euro_plan
    assert builds
    build = builds[0]
    meta = SheetMeta.from_catalog(catalog, builds, project_name="eu", language="zh_CN")
    english = build_sheet_html(build, request, SheetMeta.from_catalog(catalog, builds, project_name="eu"))
    assert "Eurostat, household electricity prices" in english and "ECB euro foreign exchange" in english
    chinese = build_sheet_html(build, request, meta)
    for phrase in ("household electricity prices", "ECB euro foreign exchange", "verbatim copy", "per 100 kWh"):
        assert phrase not in chinese, phrase
    assert "欧盟统计局（Eurostat）2025 年上半年居民电价" in chinese
    assert "欧洲中央银行（ECB）欧元外汇参考汇率，2026 年 10 月 6 日" in chinese
    book = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(builds, request, meta)))
    cells = [str(c) for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row if c]
    assert any(c.startswith("欧洲中央银行（ECB）") for c in cells)
    assert not any("ECB euro foreign exchange" in c or "household electricity prices" in c for c in cells)
