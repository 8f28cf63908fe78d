"""Round 42 (cheap42): "the cheapest way out" reads the support rules a plan's "cheapest" reads. A way out of a failed
plan had been the cheapest build its search found, set aside only when its card was past its vendor's support
(ranking.startable): Llama 3.1 70B QLoRA for 20 M tokens at 1,200 USD on new parts was told "raise the budget to 2,227
USD: cheapest build 2 x Intel Arc A770 16GB", a run SUP-11 warns is unvalidated (PyTorch FSDP on Intel XPU: XCCL
experimental since PyTorch 2.8, no FSDP + QLoRA run on an Arc card published; support.facts.FSDP_SUPPORT), where the
plan at that budget calls 2 x RTX 4060 Ti 16GB "cheapest on supported software". Now the way's search sets such a build
aside by the same rule object (rules.software.UNVALIDATED_RUN, through ranking.rivals_for_cheapest) and the way names
it: "cheapest build on supported software 2 x NVIDIA GeForce RTX 4060 Ti 16GB ...; 2 x Intel Arc A770 16GB for 2,226
USD costs less, its training stack unvalidated on the card (SUP-11 warns)". Prices are the shipped catalog's (dated)."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules.software import Fsdp, unvalidated_run
from configurator.core.solve import plan as plan_module
from configurator.core.solve import ranking, relax
from tests.expert.runner import run_plan


@pytest.fixture(scope="module")
def two_cards(catalog: Any) -> list[Any]:
    """The 70B QLoRA on at most two cards at 5,000 USD: a 2 x Arc A770 build (SUP-11 warns) and 2 x RTX 2080 Ti 22GB."""
    work = Workload(kind="finetune", method="qlora", tokens=1e8)
    request = BuildRequest(model_id="llama-3.1-70b", workload=work, budget=5000, max_gpus=2)
    return list(plan_module.plan(request, catalog).builds)


def test_a_ways_cheapest_build_is_the_one_a_plan_may_call_cheapest(two_cards: list[Any]) -> None:
    arc = next(b for b in two_cards if b.gpu_id == "arc-a770-16gb")
    # round 43 (offload43): the plan's cheapest on supported software is 2 x RTX 2080 Ti 22GB since SUP-12 sets the
    # RTX 4060 Ti 16GB pair aside (its base in system RAM on a card smaller than any published run's)
    ti = next(b for b in two_cards if any(c.code == "claim.cheapest" for c in b.claims))
    assert ti.gpu_id == "rtx-2080-ti-22gb" and unvalidated_run(ti.checks) is None, ti.label
    assert arc.total_price < ti.total_price and unvalidated_run(arc.checks) == Fsdp.id
    assert ranking.startable([arc, ti]) == [ti]
    assert ranking.startable([arc]) == [arc]  # alone it is still a way out, and says its warning
    assert ranking.set_aside_rule(arc) == Fsdp.id
    aside: dict[int, Any] = {}
    assert plan_module._startable_noting([arc, ti], aside) == [ti]
    assert plan_module._noted(aside, ti) == (arc, Fsdp.id)
    fields = relax._past_cheaper(arc, Fsdp.id)
    assert fields["supported"] is True and fields["unvalidated"] == "SUP-11"
    assert fields["unvalidated_price"] == arc.total_price and "past_price" not in fields  # not said past support
    said = Reason.of("way.changes", **_way_fields(ti), **fields)
    text = english(said)
    assert "cheapest build on supported software" in text, text
    assert "costs less, its training stack unvalidated on the card (SUP-11 warns)" in text, text
    assert "past its vendor's software support" not in text, text
    with words.language("zh_CN"):
        zh = words.say(said)
    assert "在受支持软件上最便宜的配置" in zh and "但其训练软件栈在该显卡上未经验证，SUP-11 给出警告" in zh, zh


def _way_fields(build: Any) -> dict[str, Any]:
    """The fields relax._describe gives a budget way's machine (way.changes), from a build."""
    return {
        "changes": (Reason.of("way.budget", amount=round(build.total_price), currency=build.currency),),
        "gpus": build.gpu_count,
        "gpu": "NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified)",
        "box": "",
        "cpu_only": False,
        "price": build.total_price,
        "currency": build.currency,
    }


@pytest.mark.slow
def test_the_budget_way_of_a_70b_qlora_on_new_parts_is_not_an_unvalidated_arc_run() -> None:
    result = run_plan(
        "--model llama-3.1-70b --workload finetune --method qlora --tokens 20000000 --budget 1200 --condition new"
    )
    ways = result["infeasible"]["relaxations"]
    budget = next(w for w in ways if w["kind"] == "budget")
    fields = budget["said"]["fields"]
    assert fields["gpu"] != "Intel Arc A770 16GB", budget["change"]
    assert fields.get("unvalidated") == "SUP-11" and fields.get("supported") is True, budget["change"]
    assert "its training stack unvalidated on the card (SUP-11 warns)" in budget["change"], budget["change"]
    # the way named is dearer than the run set aside, and the words say so with its price
    assert fields["unvalidated_price"] < budget["total_price"], budget["change"]


def test_the_supported_search_of_a_training_way_goes_on_to_a_validated_run(catalog: Any) -> None:
    """Round 47 (ways47): Llama 3.1 70B QLoRA on two cards. The cheapest supported option is 2 x RTX 4060 Ti 16GB,
    whose 4-bit base sits in system RAM on a card smaller than any published run's (SUP-12 warns); a way's supported
    build is supported and validated, so its search goes on to the next option: 2 x RTX 2080 Ti 22GB."""
    from configurator.core.solve.plan import cheapest_supported

    request = BuildRequest(  # as the power-cap way of 1,500 USD asks it
        model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="qlora"), max_gpus=2, power_limit=0.8
    )
    model = catalog.get("models", "llama-3.1-70b")
    first = cheapest_supported(request, catalog, model, None, lambda: False)
    cheaper = min(first, key=lambda b: b.total_price)
    assert ranking.set_aside_rule(cheaper) is not None, [(b.gpu_id, b.total_price) for b in first]
    validated = cheapest_supported(request, catalog, model, None, lambda: False, validated=True)
    assert validated and all(ranking.set_aside_rule(b) is None for b in validated), [b.gpu_id for b in validated]
    cheapest = min(validated, key=lambda b: b.total_price)
    assert cheapest.gpu_id == "rtx-2080-ti-22gb" and cheapest.gpu_count == 2, cheapest.gpu_id
    assert cheapest.total_price > cheaper.total_price


@pytest.mark.slow
def test_a_power_cap_way_past_support_names_the_supported_and_validated_build() -> None:
    """Llama 3.1 70B QLoRA at 1,500 USD: the power-cap way keeps its 2 x Tesla P100 within the budget (1,492 USD) and
    names beside it the supported build whose run is validated, 2 x RTX 2080 Ti 22GB, the budget way's machine; it had
    named none, its search stopped at the unvalidated RTX 4060 Ti 16GB pair. Round 48: that machine is 2,698 USD (ways47
    read 2,218): land47's dated 2026 price of the 22 GB card (eBay, 620 USD a card delivered, 2026-10-07; catalog
    note) replaced the landed 2025-12 Alibaba ask (about 380), 2 x 240 = 480 USD more on the same host (Ryzen 7 5700X,
    X570-E, 128 GB DDR4 for fsdp-qlora's start-up copy: 1,458 USD both times). No cheaper validated build exists at
    that price: the 2 x MI100 is 3,498, the 2 x R9700 3,926 (plan at 5,000 USD, --gpus 2), and the cheapest oracle
    (test_cheapest_oracle) finds none over 33 machines."""
    ways = run_plan("--model llama-3.1-70b --workload finetune --method qlora --budget 1500")["infeasible"][
        "relaxations"
    ]
    power = next(w for w in ways if w["kind"] == "power")
    fields = power["said"]["fields"]
    assert "P100" in fields["gpu"] and power["total_price"] <= 1500, power["change"]
    assert fields["supported_gpu"].startswith("NVIDIA GeForce RTX 2080 Ti 22GB") and fields["supported_gpus"] == 2
    budget = next(w for w in ways if w["kind"] == "budget")
    assert fields["supported_price"] == pytest.approx(budget["total_price"], abs=1.0), (power["change"], budget)
    assert "on supported software costs 2,698 USD, over the budget" in power["change"], power["change"]
