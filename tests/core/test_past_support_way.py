"""Round 43 (order43): a way out on cards past their vendor's support says so, and the cheapest way out prefers a
supported build that costs little more. Kimi K2.6 at 40,000 CNY had been told "cheapest way out: use a 2-bit GGUF ...
and keep part of the model in system RAM: cheapest build 1 x NVIDIA Tesla P100 PCIe 16GB, 38,142 CNY", without a word
of CUDA 13 having dropped Pascal (the plan applied says it in the P100 build's label: support.END_OF_LIFE). A way's
machine now carries the plan's own caveat (ranking.end_of_life_caveat, read by relax._describe: field `eol`), and a
way's inference build past support gives its place to the cheapest supported one that serves as well when the cheaper
card saves a third or less (plan._WaySearch.supported, shown.gives_up_for_little) and a way within the budget stays
within it, the way naming both (DeepSeek-R1 at 5,000 USD: an RTX 4060 Ti 16GB at 2,975 beside the P100 at 2,662).
Prices are the shipped catalog's (dated)."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.cli.main import build_parser
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.args import build_request, workload_from_args
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve import plan as plan_module
from configurator.core.solve import ranking, relax
from configurator.core.solve.shown import gives_up_for_little
from tests.expert.runner import run_plan, shipped_catalog
from tests.independent_checker import way_out_args


@pytest.fixture(scope="module")
def qlora() -> tuple[BuildRequest, list[Any]]:
    """Llama 3.3 70B QLoRA at 4,000 USD on used parts: its builds include 2 x Tesla P100 (past CUDA support) and 2 x RTX
    2080 Ti 22GB (the supported cheapest since offload43's SUP-12 set the 16 GB pairs aside)."""
    args = "plan --model llama-3.3-70b --workload finetune --method qlora --context 2048 --budget 4000 --condition used"
    namespace = build_parser().parse_args(args.split())
    request = build_request(namespace, namespace.model, workload_from_args(namespace))
    return request, list(plan_module.plan(request, shipped_catalog()).builds)


def test_a_ways_machine_past_support_carries_the_plans_own_caveat(qlora: tuple[BuildRequest, list[Any]]) -> None:
    request, builds = qlora
    p100 = next(b for b in builds if b.gpu_id == "tesla-p100-16gb-pcie")
    ti = next(b for b in builds if b.gpu_id == "rtx-2080-ti-22gb")
    caveat = ranking.end_of_life_caveat(p100)
    assert caveat is not None and caveat.code == "kind.eol-cuda"
    # the label the plan gives the P100 build says the same words the way now says
    assert english(caveat) in p100.label, p100.label
    short = request.model_copy(update={"budget": 1000.0})
    said = relax._describe("budget", request, p100.total_price, short, p100)
    assert said.code == "way.changes" and said.nested("eol") == (caveat,)  # the same Reason, not a copy of its words
    text = english(said)
    assert (
        "2 x NVIDIA Tesla P100 PCIe 16GB (past CUDA support: CUDA 13 dropped Pascal, it runs on CUDA 12 builds)" in text
    )
    with words.language("zh_CN"):
        zh = words.say(said)
    assert "（已过 CUDA 支持期：CUDA 13 不再支持 Pascal，可用 CUDA 12 构建运行）" in zh, zh
    # a supported card's way says nothing of support
    plain = relax._describe("budget", request, ti.total_price, short, ti)
    assert not plain.nested("eol") and "support" not in english(plain)
    # a way kept on the card past support within the budget names the dearer supported card beside it
    beside = relax._past_cheaper(ti)
    assert beside == {
        "supported_gpus": 2,
        "supported_gpu": "NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified)",
        "supported_price": ti.total_price,
    }
    named = Reason.of(said.code, **said.fields, **beside)
    # round 45's dated price of the 2080 Ti 22GB (620 USD a card landed) put the pair at 2,698.44 USD (2,218 before)
    assert ti.total_price == pytest.approx(2698.44, abs=0.01)
    assert (
        "; 2 x NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified) on supported software costs 2,698 USD, "
        "over the budget" in english(named)
    )
    with words.language("zh_CN"):
        assert "2 x NVIDIA GeForce RTX 2080 Ti 22GB" in words.say(named) and "需 2,698 USD，超出预算" in words.say(
            named
        )


def test_a_budget_way_on_a_card_past_support_names_the_card(qlora: tuple[BuildRequest, list[Any]]) -> None:
    """ "Raise the budget to N" alone names no machine; on a card past support the way names it with its caveat."""
    request, builds = qlora
    p100 = next(b for b in builds if b.gpu_id == "tesla-p100-16gb-pcie")
    inference = request.model_copy(update={"workload": Workload(kind="inference"), "budget": 1000.0})
    said = relax._describe("budget", inference, p100.total_price, inference, p100)
    assert said.code == "way.changes", english(said)
    assert "past CUDA support" in english(said)


def test_the_choice_reads_the_one_rule_for_giving_something_up_for_a_saving() -> None:
    """A cheaper card past support beside a supported build costing at most half as much again saves a third or less:
    the supported one is the way; past that, the cheaper card is, saying it is past support."""
    assert gives_up_for_little(2661.97, 2974.87)  # DeepSeek-R1's P100 beside the RTX 4060 Ti 16GB
    assert not gives_up_for_little(38141.89, 185279.32)  # beside the RTX 3090 way: the P100 stays, saying so


KIMI = "--model kimi-k2.6 --workload inference --budget 40000 --currency CNY"
R1 = "--model deepseek-r1 --workload inference --budget 5000"


@pytest.mark.slow
def test_kimis_cheapest_way_out_is_on_supported_software_within_the_budget() -> None:
    """Kimi K2.6 at 40,000 CNY: the 2-bit GGUF with its experts in RAM had named a Tesla P100 at 38,142 CNY alone; a
    supported card runs it at reading speed within the budget, and the way names the P100 beside it (English and
    Chinese)."""
    infeasible = run_plan(KIMI)["infeasible"]
    first = infeasible["relaxations"][0]
    fields = first["said"]["fields"]
    assert infeasible["cheapest_on_supported"] is True, first["change"]
    assert fields["supported"] is True and "P100" in fields["past_gpu"], fields
    assert fields["past_price"] < first["total_price"] <= 40000, first
    assert first["decode_tokens_per_s"] >= relax.READING_TPS, first
    assert "1 x NVIDIA Tesla P100 PCIe 16GB for 38,142 CNY costs less, on a card past its vendor" in first["change"]
    with words.language("zh_CN"):
        zh = words.say(Reason.of(first["said"]["code"], **_fields(fields)))
    assert "在受支持软件上最便宜的配置" in zh and "但该卡已过厂商软件支持期" in zh, zh


@pytest.mark.slow
def test_r1s_cheapest_way_out_is_on_supported_software_and_names_the_p100() -> None:
    """DeepSeek-R1 at 5,000 USD: the 2-bit GGUF with its experts in RAM had named a Tesla P100 at 2,662 USD alone; an
    RTX 4060 Ti 16GB runs it at reading speed for 2,975 (within the budget, and within half as much again)."""
    plan = run_plan(R1)
    infeasible = plan["infeasible"]
    first = infeasible["relaxations"][0]
    fields = first["said"]["fields"]
    assert infeasible["cheapest_on_supported"] is True, first["change"]
    assert fields["supported"] is True and "P100" in fields["past_gpu"], fields
    assert fields["past_price"] < first["total_price"] <= 5000, first
    assert gives_up_for_little(fields["past_price"], first["total_price"]), first
    assert first["decode_tokens_per_s"] >= relax.READING_TPS  # it reads, as the P100 build it stands in for does
    assert "on a card past its vendor's software support" in first["change"], first["change"]
    prices = [w["total_price"] for w in infeasible["relaxations"]]
    assert prices == sorted(prices)  # the contract: the first way is the cheapest
    with words.language("zh_CN"):
        zh = words.say(Reason.of(first["said"]["code"], **_fields(fields)))
    assert "在受支持软件上最便宜的配置" in zh and "但该卡已过厂商软件支持期" in zh, zh


def _fields(raw: dict[str, Any]) -> dict[str, Any]:
    """way.changes' fields from `plan --json`, its nested reasons read back (reasons.from_json)."""
    from configurator.core.common.reasons import from_json

    return {k: tuple(from_json(r) for r in v) if k in ("changes", "eol") else v for k, v in raw.items()}


def _held_to(way: dict[str, Any], builds: list[dict[str, Any]]) -> float | None:
    """The price a way's build is held to in its re-planned plan (benchmarks/way_scan.held_to, read from `--json`):
    the "cheapest" claim's price; for a way on supported software beside a cheaper card past support (its fields'
    `supported`), the cheapest on supported software that claim names."""
    held = next((b for b in builds if any(c["code"] == "claim.cheapest" for c in b["claims"])), None)
    if held is None:
        return None
    claim = next(c for c in held["claims"] if c["code"] == "claim.cheapest")
    if (way.get("said") or {}).get("fields", {}).get("supported") and "supported_price" in claim["fields"]:
        return float(claim["fields"]["supported_price"])
    return float(held["total_price"])


@pytest.mark.slow
def test_every_kimi_way_is_the_price_its_plan_labels_cheapest() -> None:
    """Round 45: every way out of Kimi K2.6 at 40,000 CNY that names a machine is, applied as its words say, the build
    its plan holds to "cheapest" (on supported software where the way says so), and the ways are listed cheapest first.
    On main: "keep the experts in RAM and raise the budget to 185,280 CNY" names a machine its plan lists third, after
    an RTX 2070 8GB at 182,156 labelled "cheapest", and "buy outside China and raise the budget to 494,826 CNY" names 7 x
    RTX PRO 6000 Max-Q where the plan at those words labels a 12-channel EPYC with an RTX 3090 "cheapest" at 185,279.
    Round 47 (ways47): the way search sees the experts-in-RAM tiers at the plan's default offload too, on the asked
    power limit and circuits (plan._WaySearch.experts_tiers), so "raise the budget to 185,280 CNY" buys that EPYC, and
    the offload, region, power and circuit ways that changed something more for it are gone."""
    infeasible = run_plan(KIMI)["infeasible"]
    ways = infeasible["relaxations"]
    prices = [w["total_price"] for w in ways]
    assert prices == sorted(prices)
    checked = 0
    for way in ways:
        applied = way_out_args(KIMI, way)
        if applied is None:
            continue
        work = (way.get("work") or {}).get("price", 0.0)
        builds = [b for b in run_plan(applied)["builds"] if not any(c["status"] == "fail" for c in b["checks"])]
        held = _held_to(way, builds)
        assert held is not None and held == pytest.approx(way["total_price"] - work, rel=0.005), (way["change"], held)
        checked += 1
    assert checked >= 2
    assert not any(w["kind"] == "region" for w in ways)  # the budget alone buys the region way's machine
