"""Round 41 (label41): "cheapest" on a stack nobody has run the job on. Llama 3.1 70B QLoRA on two cards at 5,000 USD
had labelled 2 x Arc A770 16GB "cheapest" (1,898 USD, 336 h) while its own SUP-11 check warned that PyTorch FSDP on
Intel XPU is partial (XCCL experimental since PyTorch 2.8; no FSDP + QLoRA run on an Arc card is published:
support.facts.FSDP_SUPPORT). A practitioner prices the cheapest build whose run is validated and says why the cheaper
one is not it: the claim goes to the cheapest build whose support checks do not warn (rules.software.UNVALIDATED_RUN),
which says "cheapest on supported software", and the Arc build's label names the rule."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.rules.software import UNVALIDATED_RUN, Fsdp, unvalidated_run
from configurator.core.solve.plan import plan


@pytest.fixture(scope="module")
def builds(catalog: Any) -> list[Any]:
    work = Workload(kind="finetune", method="qlora", tokens=1e8)
    request = BuildRequest(model_id="llama-3.1-70b", workload=work, budget=5000, max_gpus=2)
    return list(plan(request, catalog).builds)


def _claims(build: Any) -> set[str]:
    return {c.code for c in build.claims}


def _holder(builds: list[Any]) -> Any:
    return next(b for b in builds if "claim.cheapest" in _claims(b))


def test_the_cheapest_is_a_build_whose_run_no_support_check_warns_of(builds: list[Any]) -> None:
    held = _holder(builds)
    assert unvalidated_run(held.checks) is None, held.label
    assert held.label.startswith("cheapest on supported software"), held.label
    arc = next(b for b in builds if b.gpu_id == "arc-a770-16gb")
    assert unvalidated_run(arc.checks) == Fsdp.id
    assert arc.total_price < held.total_price  # the cheaper build the claim passed over
    assert "claim.cheapest" not in _claims(arc)
    assert "not cheapest: its training stack is unvalidated on the card, SUP-11 warns" in arc.label, arc.label
    # the holder's sentence says why the cheaper one does not count
    assert "whose training stack is unvalidated on its card (SUP-11 warns)" in held.why, held.why
    with words.language("zh_CN"):
        why = phrases.why(held)
        label = phrases.label(held)
        arc_label = phrases.label(arc)
    assert "其训练软件栈在该显卡上未经验证，SUP-11 给出警告" in why, why
    assert label.startswith("软件仍受支持的配置中最便宜"), label
    assert "不算最便宜：其训练软件栈在该显卡上未经验证，SUP-11 给出警告" in arc_label, arc_label


def test_the_rule_reads_the_check_verdict_not_a_second_copy() -> None:
    class Check:
        def __init__(self, rule: str, status: str) -> None:
            self.rule, self.status = rule, status

    # round 43 (offload43): SUP-12 too, a QLoRA with its base in system RAM on a card no published run covers
    assert UNVALIDATED_RUN == ("SUP-11", "SUP-12")
    assert unvalidated_run([Check("SUP-11", "pass"), Check("SUP-12", "warn")]) == "SUP-12"
    assert unvalidated_run([Check("SUP-5", "warn"), Check("SUP-11", "pass")]) is None  # SDPA attention: a cost
    assert unvalidated_run([Check("SUP-5", "warn"), Check("SUP-11", "warn")]) == "SUP-11"
    assert (
        unvalidated_run([Check("SUP-7", "warn"), Check("SUP-11", "fail")]) is None
    )  # a fail already takes it out of every claim


def test_the_plan_opens_on_the_cheapest_and_shows_the_set_aside_build_after_every_claim(builds: list[Any]) -> None:
    """Round 43 (order43): the Arc pair had sorted #1 by its price, so `plan` printed it first and the window opened on
    it while its own label said "not cheapest". The plan's first build (the window's opening build, the CLI's first,
    the sheets' first) is the one holding "cheapest"; the Arc pair is still shown, saying why, after every build that
    holds a claim, and the others compare against the cheapest ("+N USD against #1")."""
    assert "claim.cheapest" in _claims(builds[0]), [b.label for b in builds]
    assert builds[0].rank == 1
    arc = next(b for b in builds if b.gpu_id == "arc-a770-16gb")
    assert arc.total_price < builds[0].total_price
    assert "not cheapest" in arc.label, arc.label
    after = builds[builds.index(arc) + 1 :]
    assert not any(b.claims and unvalidated_run(b.checks) is None for b in after), [b.label for b in after]
    against = arc.against.nested("parts")[0] if arc.against is not None else None
    assert against is not None and against.fields["rank"] == 1 and float(against.num("delta")) < 0


def test_the_json_the_checker_reads_says_the_same_order(catalog: Any) -> None:
    """The independent checker's rule over `plan --json` (set_aside_order_problems: no build set aside from "cheapest"
    before a claim holder) holds of this plan, at --top 3 too (the cut keeps the order)."""
    from tests.independent_checker import set_aside_order_problems

    work = Workload(kind="finetune", method="qlora", tokens=1e8)
    for top in (5, 3):
        request = BuildRequest(model_id="llama-3.1-70b", workload=work, budget=5000, max_gpus=2, top_k=top)
        shown = [b.to_json() for b in plan(request, catalog).builds]
        assert set_aside_order_problems(shown) == [], [b["label"] for b in shown]
        assert "cheapest on supported software" in shown[0]["label"]
