"""Round 43 (offload43): a QLoRA whose fit rests on its base in system RAM, on a card smaller than any published run of
that regime used, is an estimate beyond its rows (SUP-12). Llama 3.3 70B QLoRA at 2,048 tokens within 4,000 USD had
called 2 x RTX 4060 Ti 16GB "cheapest on supported software" (2,038 USD, 14.2 GiB a card by the estimate, the 4-bit
base offloaded under FSDP), where every published run of the regime used 24 GB cards: Answer.AI's fsdp_qlora benchmarks
(https://github.com/AnswerDotAI/fsdp_qlora/blob/23fafdfb4af403d0808038adafbfd74de265d33a/benchmarks_03_2024.md, runs of
Feb-Mar 2024: Llama-2 70B, CPU offload, batch 2, 2,048 tokens, 14.92 GiB a GPU on 2 x RTX 3090 and on 2 x RTX 4090;
'training on a 16GB GPU could be possible in theory' with the activations offloaded too), Axolotl
(https://github.com/axolotl-ai-cloud/axolotl/pull/1428, 2024-03-21: 70B at 512 tokens, 14 GB a GPU on 2 x 24 GB),
LLaMA-Factory's FSDP + QLoRA (2024-03-20, '70B model on 2x24GB GPUs'). The envelope is those rows (support.facts.
OFFLOAD_RUNS), read by one rule (rules.software.OffloadEnvelope), which the support checks, the cheapest search and the
ranking read through rules.software.UNVALIDATED_RUN."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.rules.software import UNVALIDATED_RUN, OffloadEnvelope, unvalidated_run
from configurator.core.support.checks import check_stack, offload_beyond_rows
from configurator.core.support.facts import OFFLOAD_RUNS, QLORA_BASE_IN_RAM, offload_envelope

OFFLOADED = Workload(kind="finetune", method="qlora", offload="cpu", zero=3, context=2048)


def _sup12(catalog: Any, gpu_id: str, workload: Workload = OFFLOADED) -> list[Any]:
    return [v for v in check_stack(catalog.records["gpus"][gpu_id], workload) if v.rule == OffloadEnvelope.id]


def test_the_envelope_is_the_published_rows_each_with_its_source() -> None:
    envelope = offload_envelope(QLORA_BASE_IN_RAM, 2048)
    assert envelope is not None
    assert envelope.smallest_gb == 24  # every published run of the regime used 24 GB cards
    assert envelope.least is not None and envelope.least.peak_gib == pytest.approx(14.92)  # Llama-2 70B, 2 x 3090/4090
    assert all(r.source.startswith("https://") for r in OFFLOAD_RUNS)
    # a run at a shorter context holds fewer activations: Axolotl's 14 GB at 512 tokens vouches for 512, not 2,048
    short = offload_envelope(QLORA_BASE_IN_RAM, 512)
    assert short is not None and short.least is not None and short.least.peak_gib == pytest.approx(14.0)
    assert offload_envelope("no-such-regime", 2048) is None


def test_a_16gb_card_warns_and_a_22gb_or_24gb_card_does_not(catalog: Any) -> None:
    for gpu_id in ("rtx-4060-ti-16gb", "arc-a770-16gb", "tesla-p100-16gb-pcie"):
        (verdict,) = _sup12(catalog, gpu_id)
        assert verdict.status == "warn", gpu_id
        fields = dict(verdict.fields)
        assert fields["smallest_gb"] == 24 and fields["peak_gib"] == pytest.approx(14.92), fields
        assert fields["peak_gib"] + fields["overhead_gib"] > fields["usable_gib"], fields
        assert "an estimate beyond its rows" in verdict.message, verdict.message
        assert "fsdp_qlora" in verdict.source, verdict.source
    # a 22 GB card holds the 14.92 GiB a published 70B run measured (the card an expert buys: 2 x RTX 2080 Ti 22GB)
    for gpu_id in ("rtx-2080-ti-22gb", "rtx-3090", "rtx-4090"):
        assert _sup12(catalog, gpu_id) == [], gpu_id


def test_only_the_offloaded_qlora_is_judged(catalog: Any) -> None:
    on_card = OFFLOADED.model_copy(update={"offload": "none"})
    lora = OFFLOADED.model_copy(update={"method": "lora"})
    for workload in (on_card, lora):
        assert _sup12(catalog, "rtx-4060-ti-16gb", workload) == []
    # at 512 tokens a published run (Axolotl's 70B at 14 GB a GPU) fits a 16 GB card beside the runtime
    short = OFFLOADED.model_copy(update={"context": 512})
    assert _sup12(catalog, "rtx-4060-ti-16gb", short) == []


def test_the_warn_is_the_rule_the_cheapest_claim_reads(catalog: Any) -> None:
    assert OffloadEnvelope.id in UNVALIDATED_RUN
    checks = [v.check() for v in check_stack(catalog.records["gpus"]["rtx-4060-ti-16gb"], OFFLOADED)]
    assert unvalidated_run(checks) == OffloadEnvelope.id  # NVIDIA: FSDP itself is validated, only SUP-12 warns
    checks = [v.check() for v in check_stack(catalog.records["gpus"]["rtx-2080-ti-22gb"], OFFLOADED)]
    assert unvalidated_run(checks) is None


def test_the_chinese_says_token_and_the_same_numbers(catalog: Any) -> None:
    verdict = offload_beyond_rows(catalog.records["gpus"]["rtx-4060-ti-16gb"], OFFLOADED)
    assert verdict is not None
    with words.language("zh_CN"):
        zh = words.check_text(verdict.check())
    assert "2,048 token" in zh and "tokens" not in zh, zh
    assert "14.92 GiB" in zh and "24 GB" in zh and "超出实测范围的估计" in zh, zh
