"""Buy or rent for a fine-tune with no token count (Dr. Chen's LoRA of Qwen2.5-72B, walk13): a million training tokens
bought against rented is said from a code, so the Chinese window and sheet say it in Chinese, its English as it was."""

from __future__ import annotations

import pytest

from configurator.core.common.reasons import english, from_json
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.report.purchase import SheetMeta
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

ENGLISH = ("per million", "tokens/h", "rented", "bought", "depreciation", "no token count", "cheaper")


@pytest.fixture(scope="module")
def lora():  # type: ignore[no-untyped-def]
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="qwen2.5-7b",
        workload=Workload(kind="finetune", method="lora", context=4096),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
        top_k=1,
    )
    return catalog, request, plan(request, catalog).builds[0]


def test_the_per_token_comparison_is_a_code_whose_english_is_the_headline(lora) -> None:  # type: ignore[no-untyped-def]
    _catalog, _request, build = lora
    costs = build.cost_of_ownership
    said = costs["throughput_said"]
    assert said is not None and costs["throughput"] is not None
    assert english(from_json(said)) == costs["throughput"]["headline"]
    assert "said" not in costs["throughput"]  # the contract's keys as they were; the code is an added key beside them
    with words.language("zh_CN"):
        chinese = words.say(from_json(said))
    assert "每百万训练 token" in chinese, chinese
    assert not [w for w in ENGLISH if w in chinese], chinese


def test_the_sheet_has_the_per_token_row_in_its_language(lora) -> None:  # type: ignore[no-untyped-def]
    _catalog, request, build = lora
    english_sheet = build_sheet_html(build, request, SheetMeta(project_name="chen"))
    assert "Per million training tokens" in english_sheet and "per million training tokens (" in english_sheet
    chinese_sheet = build_sheet_html(build, request, SheetMeta(project_name="chen", language="zh_CN"))
    assert "每百万训练 token</td>" in chinese_sheet
    assert "no token count" not in chinese_sheet and "per million training tokens" not in chinese_sheet
