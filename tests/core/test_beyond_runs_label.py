"""Round 44 (label44): a build set aside from "cheapest" by SUP-12 says SUP-12's reason, not SUP-11's. Llama 3.3 70B
QLoRA at 2,048 tokens within 3,000 USD on used parts had labelled 2 x RTX 4060 Ti 16GB "not cheapest: its training
stack is unvalidated on the card, SUP-12 warns": SUP-11's words (PyTorch FSDP on Intel XPU) for a card whose stack runs
(NVIDIA, FSDP validated), set aside because its 16 GB is below the 24 GB cards every published run of a QLoRA with the
4-bit base in system RAM used (Answer.AI's fsdp_qlora benchmarks, https://github.com/AnswerDotAI/fsdp_qlora/blob/
23fafdfb4af403d0808038adafbfd74de265d33a/benchmarks_03_2024.md, runs of Feb-Mar 2024: Llama-2 70B at 2,048 tokens,
14.92 GiB a GPU on 2 x RTX 3090). The label now reads the SUP-12 check's own fields (rules.software.beyond_rows): the
card's GB against the smallest run's card and its least peak, in English and Chinese, in the label, the cheapest
build's sentence, a way out's words and `plan --json` (additions only). Prices are the shipped catalog's (dated)."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.rules.software import Fsdp, OffloadEnvelope, beyond_rows, unvalidated_run
from configurator.core.solve import ranking, relax
from configurator.core.solve.plan import plan

SUP11_WORDS = "its training stack is unvalidated on the card"


@pytest.fixture(scope="module")
def builds(catalog: Any) -> list[Any]:
    work = Workload(kind="finetune", method="qlora", context=2048)
    request = BuildRequest(model_id="llama-3.3-70b", workload=work, budget=3000, condition="used")
    return list(plan(request, catalog).builds)


def _by_gpu(builds: list[Any], gpu_id: str) -> Any:
    return next(b for b in builds if b.gpu_id == gpu_id)


def test_a_16gb_pair_set_aside_by_sup12_says_its_gb_against_the_published_runs(builds: list[Any]) -> None:
    ti = _by_gpu(builds, "rtx-4060-ti-16gb")
    held = next(b for b in builds if any(c.code == "claim.cheapest" for c in b.claims))
    assert ti.total_price < held.total_price and unvalidated_run(ti.checks) == OffloadEnvelope.id
    fields = beyond_rows(ti.checks)
    assert fields is not None and fields["card_gb"] == 16 and fields["smallest_gb"] == 24, fields
    said = next(k for k in ti.kinds if k.code == "kind.beyond-runs")
    assert said.fields["card_gb"] == 16 and said.fields["runs_gb"] == 24 and said.fields["rule"] == "SUP-12"
    assert said.fields["peak_gib"] == pytest.approx(14.92)
    assert SUP11_WORDS not in ti.label, ti.label  # SUP-11's words only for SUP-11
    assert (
        "not cheapest: its 16 GB cards are smaller than the 24 GB every published run of a QLoRA with its base in RAM "
        "used, the least of them peaking at 14.92 GiB a GPU, SUP-12 warns" in ti.label
    ), ti.label
    with words.language("zh_CN"):
        zh = phrases.label(ti)
    assert "不算最便宜：其显卡只有 16 GB" in zh and "24 GB 或以上" in zh and "14.92 GiB" in zh, zh
    assert "SUP-12 给出警告" in zh and "未经验证" not in zh, zh


def test_a_card_sup11_sets_aside_keeps_sup11s_words(builds: list[Any]) -> None:
    arc = _by_gpu(builds, "arc-a770-16gb")  # SUP-11 and SUP-12 both warn: the first, FSDP on XPU, is said
    assert unvalidated_run(arc.checks) == Fsdp.id
    assert f"not cheapest: {SUP11_WORDS}, SUP-11 warns" in arc.label, arc.label
    assert not any(k.code == "kind.beyond-runs" for k in arc.kinds)


def test_the_cheapest_sentence_names_each_rule_in_its_own_terms(builds: list[Any]) -> None:
    held = next(b for b in builds if any(c.code == "claim.cheapest" for c in b.claims))
    claim = next(c for c in held.claims if c.code == "claim.cheapest")
    assert claim.fields["unvalidated"] == "SUP-11, SUP-12"  # the key scripts read, unchanged
    assert claim.fields["beyond_gb"] == 16 and claim.fields["runs_gb"] == 24
    assert "whose training stack is unvalidated on its card (SUP-11 warns)" in held.why, held.why
    assert (
        "not counting a cheaper build shown on 16 GB cards, smaller than the 24 GB every published run of a QLoRA "
        "with its base in RAM used (SUP-12 warns)" in held.why
    ), held.why
    assert "(SUP-11, SUP-12 warns)" not in held.why, held.why
    with words.language("zh_CN"):
        zh = phrases.why(held)
    assert "其训练软件栈在该显卡上未经验证，SUP-11 给出警告" in zh, zh
    assert "其显卡只有 16 GB，而基座放在系统内存的 QLoRA 的公开运行所用显卡都在 24 GB 或以上，SUP-12 给出警告" in zh, zh


def test_a_way_out_says_a_sup12_build_in_its_terms(builds: list[Any]) -> None:
    ti = _by_gpu(builds, "rtx-4060-ti-16gb")
    held = next(b for b in builds if any(c.code == "claim.cheapest" for c in b.claims))
    assert ranking.set_aside_rule(ti) == OffloadEnvelope.id
    fields = relax._past_cheaper(ti, OffloadEnvelope.id)
    assert fields["unvalidated"] == "SUP-12" and fields["unvalidated_price"] == ti.total_price
    assert fields["unvalidated_card_gb"] == 16 and fields["unvalidated_runs_gb"] == 24
    way = {
        "changes": (Reason.of("way.budget", amount=round(held.total_price), currency=held.currency),),
        "gpus": held.gpu_count,
        "gpu": "NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified)",
        "box": "",
        "cpu_only": False,
        "price": held.total_price,
        "currency": held.currency,
    }
    said = Reason.of("way.changes", **way, **fields)
    text = english(said)
    assert (
        "2 x NVIDIA GeForce RTX 4060 Ti 16GB for 2,038 USD costs less, its 16 GB cards smaller than the 24 GB every "
        "published run of a QLoRA with its base in RAM used (SUP-12 warns)" in text
    ), text
    assert "unvalidated on the card" not in text, text
    with words.language("zh_CN"):
        zh = words.say(said)
    assert (
        "但其显卡只有 16 GB，而基座放在系统内存的 QLoRA 的公开运行所用显卡都在 24 GB 或以上，SUP-12 给出警告" in zh
    ), zh
    # SUP-11's way keeps its words
    arc = _by_gpu(builds, "arc-a770-16gb")
    assert "unvalidated_card_gb" not in relax._past_cheaper(arc, Fsdp.id)
