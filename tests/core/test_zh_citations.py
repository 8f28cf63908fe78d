"""Round 47 (ways47): the citations room45 left in English on a Chinese sheet and PDF are said in Chinese, rendered
from their data (the source strings, through words.ZH_CN's whole phrases and report.phrases): the noise sum's formula
and its source (HP's Cluster Platform Site Preparation Guide, model.noise.SUM_FORMULA) and the Vast.ai rental quotes'
sources and estimates (catalogs/cloud.toml). A zh_CN sheet had read "按对数求和合成 L = ...: HP Cluster Platform Site
Preparation Guide, appendix D, formula 2." and "来源：chrisgmartin-github-io.pages.dev neocloud/vast-ai 'Hardware &
Tiers' (RTX 3090 $0.20-0.30/hour)（估计（目录原注，英文）：“only ranges are published: ...”）". Titles, sites and file
names keep their own words."""

from __future__ import annotations

import html
import re
from typing import Any

from configurator.core.catalog.models import CloudOffer
from configurator.core.common.reasons import Reason
from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.report.purchase import SheetMeta
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve.plan import plan

NAMES = (
    "Cluster Platform Site Preparation Guide",
    "Hardware & Tiers",
    "Vast.ai pricing",
    "Fairlane Systems",
    "Hugging Face",
)
"""Proper names (titles, publishers) a Chinese citation keeps as written."""


def _english_left(zh: str) -> list[str]:
    """Runs of three or more English words in `zh`, proper names (NAMES) and addresses aside."""
    for name in NAMES:
        zh = zh.replace(name, "")
    zh = re.sub(r"\S+\.(?:com|dev|xml|csv|json)\S*|\S+/\S+", "", zh)  # sites, datasets and file paths
    return re.findall(r"[A-Za-z]+(?: [A-Za-z]+){2,}", zh)


def _vast_offers(catalog: Any) -> list[CloudOffer]:
    offers = [o for o in catalog.records["cloud"].values() if isinstance(o, CloudOffer) and o.provider == "Vast.ai"]
    assert len(offers) >= 4  # the RTX 3090, RTX 4090, H100 and A100 quotes
    return offers


def test_every_vast_ai_quote_is_cited_in_chinese(catalog: Any) -> None:
    """Each Vast.ai price's source, and each offer's estimate of its prices, has its Chinese; English outside zh_CN."""
    for offer in _vast_offers(catalog):
        said = [p.source for p in offer.prices] + [v for v in offer.estimates.values()]
        for text in said:
            assert phrases.sentence(text) == text  # English outside zh_CN
            with words.language("zh_CN"):
                zh = phrases.sentence(text)
            assert zh != text and not _english_left(zh), (offer.id, text, zh)


def test_the_noise_sum_cites_its_formula_in_chinese() -> None:
    reason = Reason.of("noise.sum", formula=noise.SUM_FORMULA)
    assert "HP Cluster Platform Site Preparation Guide, appendix D, formula 2" in words.say(reason)
    with words.language("zh_CN"):
        zh = words.say(reason)
    assert zh.startswith("按对数求和合成 L = 10 log10(sum N_i 10^(L_i/10))：HP《Cluster Platform"), zh
    assert "附录 D，公式 2" in zh and not _english_left(zh), zh


def test_a_chinese_sheet_quotes_vast_ai_and_the_noise_sum_in_chinese(catalog: Any) -> None:
    """Qwen3 14B Q4_K_M at 1,200 USD: each build's rental is Vast.ai's RTX 3090 at 0.25 USD/h (the middle of the
    published 0.20-0.30 range), and its power section sums the fans' noise."""
    request = BuildRequest(
        model_id="qwen3-14b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1200, top_k=1
    )
    builds = list(plan(request, catalog).builds)
    assert builds
    meta = SheetMeta.from_catalog(catalog, builds, project_name="zh", language="zh_CN")
    sheet = html.unescape(re.sub(r"<[^>]+>", " ", build_sheet_html(builds[0], request, meta)))
    assert "Vast.ai 1x RTX 3090" in sheet and "按对数求和合成" in sheet
    for english in ("only ranges are published", "Site Preparation Guide, appendix", "/hour)", "目录原注，英文"):
        assert english not in sheet, english
    assert "（RTX 3090 每小时 0.20-0.30 USD）" in sheet and "0.25 取典型区间的中值" in sheet
    assert "附录 D，公式 2。" in sheet  # the noise paragraph ends as a Chinese sentence does
