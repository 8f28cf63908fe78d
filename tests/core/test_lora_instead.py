"""A QLoRA of Qwen3.5/3.6 is shown beside the same job as bf16 LoRA, with its figures (round 47: solve.lora_instead).

Unsloth's Qwen3.5 Fine-tuning Guide (https://unsloth.ai/docs/models/qwen3.5/fine-tune, read 2026-12-07): "not
recommended to do QLoRA (4-bit) training on Qwen3.5 models, no matter MoE or dense", and bf16 LoRA of the 35B-A3B takes
74 GB. Round 45's walk (docs/advice.md, request 16) had planned Qwen3.6-35B-A3B QLoRA at 3,000 EUR as any QLoRA, with a
warning and no figure of what the advised bf16 LoRA takes; the plan now says its cards, memory and price.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import english
from configurator.core.estimate.frameworks import UNSLOTH_QWEN35_FINETUNE
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.plan import plan

pytestmark = pytest.mark.slow

UNSLOTH_BF16_LORA_GB = {"qwen3.6-35b-a3b": 74.0, "qwen3.6-27b": 56.0}  # the guide's VRAM for bf16 LoRA (one GPU)


def _qlora(catalog: Catalog, model_id: str, budget: float, currency: str = "USD") -> object:
    workload = Workload(kind="finetune", method="qlora", tokens=10_000_000)
    return plan(BuildRequest(model_id=model_id, budget=budget, currency=currency, workload=workload), catalog)


def test_qwen36_moe_qlora_at_3000_eur_says_what_the_bf16_lora_takes(catalog: Catalog) -> None:
    result = _qlora(catalog, "qwen3.6-35b-a3b", 3000, "EUR")
    builds = result.builds  # type: ignore[attr-defined]
    assert builds and not builds[0].fails  # the QLoRA itself is still planned, as asked
    [note] = [r for r in result.said if r.code == "note.lora-instead"]  # type: ignore[attr-defined]
    f = note.fields
    assert f["source"] == UNSLOTH_QWEN35_FINETUNE and f["currency"] == "EUR" and f["budget"] == 3000
    # the guide's own setup: one card holding Unsloth's 74 GB (within 15 %), more than the QLoRA's memory a card
    assert f["gpus"] == 1 and 0.85 <= float(f["gib"]) * 2**30 / 1e9 / UNSLOTH_BF16_LORA_GB["qwen3.6-35b-a3b"] <= 1.15  # type: ignore[arg-type]
    qlora_gib = max(m.total for m in builds[0].estimate.per_gpu) / 2**30
    assert float(f["gib"]) > qlora_gib  # type: ignore[arg-type]
    # it costs more than the budget, and the note says so beside its price
    assert float(f["price"]) > 3000 > builds[0].total_price  # type: ignore[arg-type]
    text = english(note)
    assert (
        text.startswith("QLoRA (4-bit) of Qwen3.6 35B-A3B is advised against") and "over the 3,000 EUR budget" in text
    )
    assert text in result.notes  # type: ignore[attr-defined]
    with words.language("zh_CN"):
        chinese = words.say(note)
    assert chinese.startswith("不建议对 Qwen3.6 35B-A3B 做 QLoRA") and "超出 3,000 EUR 的预算" in chinese


def test_qwen36_27b_bf16_lora_is_unsloths_56_gb_on_one_card(catalog: Catalog) -> None:
    result = _qlora(catalog, "qwen3.6-27b", 4000)
    [note] = [r for r in result.said if r.code == "note.lora-instead"]  # type: ignore[attr-defined]
    gb = float(note.fields["gib"]) * 2**30 / 1e9  # type: ignore[arg-type]
    assert note.fields["gpus"] == 1 and abs(gb / UNSLOTH_BF16_LORA_GB["qwen3.6-27b"] - 1) <= 0.05
    assert "GiB on each" not in english(note)  # one card


def test_a_llama_qlora_plan_has_no_such_note(catalog: Catalog) -> None:
    result = _qlora(catalog, "llama-3.1-8b", 3000)
    assert not [r for r in result.said if r.code.startswith("note.lora-instead")]  # type: ignore[attr-defined]
