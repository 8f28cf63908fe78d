"""QLoRA of the Qwen3.5/3.6 Gated DeltaNet hybrids is warned against: Unsloth's Qwen3.5 Fine-tuning Guide
(https://unsloth.ai/docs/models/qwen3.5/fine-tune, read 2026-12-07) says it is "not recommended to do QLoRA (4-bit)
training on Qwen3.5 models, no matter MoE or dense, due to higher than normal quantization differences" and fine-tunes
them in bf16 LoRA (27B on 56 GB, 35B-A3B on 74 GB). Round 45's walk: such a QLoRA had been planned as any QLoRA."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import UNSLOTH_QWEN35_FINETUNE
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.plan import plan

CODE = "warn.qlora-not-advised"


def _warned(catalog: Catalog, model_id: str) -> list[list[object]]:
    request = BuildRequest(model_id=model_id, budget=5000, workload=Workload(kind="finetune", method="qlora"))
    builds = plan(request, catalog).builds
    assert builds
    return [[w for w in b.estimate.warnings if w.code == CODE] for b in builds]


def test_every_qwen36_27b_qlora_build_carries_the_warning_in_both_languages(catalog: Catalog) -> None:
    for found in _warned(catalog, "qwen3.6-27b"):
        [warning] = found
        assert warning.fields == {"model": "Qwen3.6 27B", "source": UNSLOTH_QWEN35_FINETUNE}  # type: ignore[attr-defined]
        assert english(warning).startswith("QLoRA (4-bit) is not advised for Qwen3.6 27B")  # type: ignore[arg-type]
        assert "bf16 LoRA" in english(warning)  # type: ignore[arg-type]
        with words.language("zh_CN"):
            chinese = words.say(warning)  # type: ignore[arg-type]
        assert chinese.startswith("不建议对 Qwen3.6 27B 做 QLoRA") and UNSLOTH_QWEN35_FINETUNE in chinese


def test_a_llama_qlora_plan_and_a_qwen36_lora_are_not_warned(catalog: Catalog) -> None:
    assert all(found == [] for found in _warned(catalog, "llama-3.1-8b"))
    model, gpu = catalog.records["models"]["qwen3.6-35b-a3b"], catalog.records["gpus"]["rtx-pro-6000-blackwell"]
    lora = estimate(model, Workload(kind="finetune", method="lora"), gpu, 1)  # type: ignore[arg-type]
    assert [w for w in lora.warnings if w.code == CODE] == []
    qlora = estimate(model, Workload(kind="finetune", method="qlora"), gpu, 1)  # type: ignore[arg-type]
    assert [w.code for w in qlora.warnings if w.code == CODE] == [CODE]  # the MoE one too (qwen3_5_moe)
