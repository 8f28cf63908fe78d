"""Training time on a card without bf16 for the models Unsloth trains with float32 attention (frameworks.
UNSLOTH_FP32_ATTENTION; expert case gemma4-31b-qlora-2500-eur-one-24gb-card).

Sources: Unsloth takes bf16 only at compute capability 8.0 or more (unslothai/unsloth@015bdef, unsloth/_gpu_init.py,
2026-08-22); Gemma 4 is on unsloth_zoo's FORCE_FLOAT32 list and its fp16 patch runs "q/k/v + scores all float32" while
the projections stay fp16 (unslothai/unsloth-zoo@ce232d6, model_lists.py and temporary_patches/gemma4_float32.py,
2026-08-20). On Turing float32 has no tensor cores: the RTX 2080 Ti's 13.4 TFLOPS fp32 against 53.8 fp16 with FP32
accumulate (Turing whitepaper, the catalog's tflops_basis).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common import memo
from configurator.core.common.reasons import EN, english
from configurator.core.estimate import frameworks
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.layer_kinds import training_attention_flops
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.report import words

QLORA = Workload(kind="finetune", method="qlora", tokens=1e8, context=2048, framework="unsloth")


def _model(catalog: Catalog, model: str) -> ModelArch:
    record = catalog.records["models"][model]
    assert isinstance(record, ModelArch)
    return record


def _gpu(catalog: Catalog, gpu: str) -> Gpu:
    record = catalog.records["gpus"][gpu]
    assert isinstance(record, Gpu)
    return record


def _job(catalog: Catalog, model: str, gpu: str, workload: Workload = QLORA, gpus: int = 1) -> EstimateResult:
    return estimate(_model(catalog, model), workload, _gpu(catalog, gpu), gpus)


@pytest.fixture
def without_the_fact(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], None]]:
    """Turns the fact off when called; the estimates are remembered by their request, so the memos are emptied when
    it is turned off and again after the test (no later test meets an estimate made without it)."""

    def off() -> None:
        monkeypatch.setattr(frameworks, "UNSLOTH_FP32_ATTENTION", {})
        memo.clear()

    yield off
    memo.clear()


def test_gemma4_on_a_2080_ti_pays_its_attention_at_the_fp32_rate(
    catalog: Catalog, without_the_fact: Callable[[], None]
) -> None:
    """The 31B QLoRA on one 22 GB RTX 2080 Ti: attention's share of the counted FLOPs runs 53.8 / 13.4 = 4.0x as long,
    everything else as before: +17.8 % at 2,048 tokens, its recomputed forward included (+12.6 % before long41 counted
    that forward; +18.6 % before hybrid47 counted Gemma 4's layers by kind: its 50 sliding layers attend within their
    1,024-token window, 768 tokens on average at 2,048 rather than 1,024, and its 10 full layers with their 512-wide
    global heads, 0.96 of the attention every layer at 256 wide over the whole sequence had counted)."""
    with_fact = _job(catalog, "gemma-4-31b", "rtx-2080-ti-22gb")
    without_the_fact()
    without = _job(catalog, "gemma-4-31b", "rtx-2080-ti-22gb")
    assert with_fact.wall_hours and without.wall_hours and with_fact.training_flops
    model = _model(catalog, "gemma-4-31b")
    # the attention _training_flops counts for adapters: a forward and the backward's activation half (two forwards of
    # layer_kinds.training_attention_flops: 10 full layers of 32 x 512 over 2,048 tokens, 50 sliding layers of 32 x 256
    # over twice their causal mean within the 1,024 window, 1,536), and the forward again, recomputed under gradient
    # checkpointing (long41: Unsloth's float32 patch runs there too)
    forward = 4 * (10 * 32 * 512 * 2048 + 50 * 32 * 256 * 1536)
    assert training_attention_flops(model, 2048) == forward
    attention = 3 * forward * 1e8
    share = attention / with_fact.training_flops
    assert share == pytest.approx(0.0595, abs=0.001)
    gpu = _gpu(catalog, "rtx-2080-ti-22gb")
    expected = 1 + share * (gpu.fp16_tflops / gpu.fp32_tflops - 1)
    assert with_fact.wall_hours / without.wall_hours == pytest.approx(expected, rel=1e-6)
    assert expected == pytest.approx(1.178, abs=0.002)
    # MFU is over the model's FLOPs: the longer wall time lowers it
    assert with_fact.training_flops == without.training_flops


def test_the_explanation_names_the_patch_and_the_rates(catalog: Catalog) -> None:
    result = _job(catalog, "gemma-4-31b", "rtx-2080-ti-22gb")
    said = [r for r in result.assumptions_said() if r.code == "est.fp32-attention"]
    assert len(said) == 1
    text = english(said[0])
    assert "gemma4_float32.py" in text and "13.4 TFLOPS fp32" in text and "+17.8% time" in text, text
    time_step = next(s for s in result.steps if s.said is not None and s.said.code == "est.time")
    assert time_step.said is not None and "for attention in float32" in english(time_step.said)


@pytest.mark.parametrize(
    ("model", "gpu", "workload"),
    [
        ("gemma-4-31b", "rtx-3090", QLORA),  # Ampere has bf16: attention stays on the tensor cores
        ("gemma-4-31b", "rtx-2080-ti-22gb", QLORA.model_copy(update={"framework": "peft"})),  # not Unsloth's patch
        ("llama-3.1-8b", "rtx-2080-ti-22gb", QLORA),  # not on FORCE_FLOAT32: fp16 attention on the tensor cores
    ],
)
def test_jobs_the_fact_does_not_cover_are_unchanged(
    catalog: Catalog, without_the_fact: Callable[[], None], model: str, gpu: str, workload: Workload
) -> None:
    before = _job(catalog, model, gpu, workload)
    assert not [r for r in before.assumptions_said() if r.code == "est.fp32-attention"]
    without_the_fact()
    assert _job(catalog, model, gpu, workload).wall_hours == before.wall_hours


def test_every_listed_architecture_is_a_catalog_architecture_with_a_pinned_source(catalog: Catalog) -> None:
    architectures = {m.architecture for m in catalog.records["models"].values() if isinstance(m, ModelArch)}
    for architecture, source in frameworks.UNSLOTH_FP32_ATTENTION.items():
        assert architecture in architectures, architecture
        assert re.search(r"/blob/[0-9a-f]{40}/", source), source


def test_the_note_has_chinese_words(catalog: Catalog) -> None:
    assert "est.fp32-attention" in EN and "est.fp32-attention" in words.ZH_REASONS
    said = next(
        r for r in _job(catalog, "gemma-4-31b", "rtx-2080-ti-22gb").assumptions_said() if r.code == "est.fp32-attention"
    )
    with words.language("zh_CN"):
        chinese = words.say(said)
    assert "不支持 bf16" in chinese and "+17.8%" in chinese, chinese
