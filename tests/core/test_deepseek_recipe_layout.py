"""DeepSeek-V3 on 1,024 H100 at NVIDIA's own Megatron layout (issue #29, long38): the planner prices a published layout
whose pipeline does not divide the layers, and at that layout it reads well faster than the run.

Source: NVIDIA/dgxc-benchmarking deepseek_v3/pretraining/README.md @60d6fd33 (read 2026-12-06), "H100s specifications":
671B, BF16, 1,024 GPUs, sequence 4,096, 61 layers, TP 2, PP 16, CP 1, EP 64, ETP 1, DP 32, VP 1, MBS 1, GBS 8,192;
"H100 Performance": training step time 52.04 s, 644,781.55 tokens/s (4,096 x 8,192 / 52.04), 163.7 TFLOPS per GPU,
MFU 16.55 %. deepseek_v3/pretraining/launch.sh @1f6d9f40: FW_VERSION=25.04.01 (the NeMo 25.04.01 container), on
H100 `--recompute_modules mla_up_proj`, activation offload 0. 644,781.55 / 1,024 = 629.7 tokens/s per GPU.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.parallel import inter_node_link, plan_training
from configurator.core.estimate.workload import Workload

PUBLISHED_TOKENS_PER_S_PER_GPU = 644781.55 / 1024


def _recipe_plan(catalog: Catalog):  # type: ignore[no-untyped-def]
    model, gpu = catalog.records["models"]["deepseek-v3"], catalog.records["gpus"]["h100-sxm"]
    workload = Workload(kind="pretrain", tokens=1e11, context=4096, fused_kernels=True)
    return plan_training(
        model,
        workload,
        gpu,
        128,
        8,
        inter_node_link(400),
        tensor=2,
        pipeline=16,
        expert=64,
        virtual_stages=1,
        batch_tokens=8192 * 4096,
    )


def test_a_published_pipeline_that_does_not_divide_the_layers_is_priced(catalog: Catalog) -> None:
    """61 layers on 16 stages: Megatron lays them unevenly (the launch command's --pipeline-model-parallel-layout), and
    the planner's own search already prices such stages at the pace of those holding 4 layers (frameworks.
    pipeline_pace). A fixed `pipeline` had to divide the layers, so the recipe's layout could not be priced at all."""
    plan = _recipe_plan(catalog)
    assert plan is not None and plan.fits
    assert (plan.tensor, plan.pipeline, plan.expert, plan.data, plan.virtual_stages) == (2, 16, 64, 32, 1)


def test_at_the_recipes_own_layout_the_planner_reads_faster_than_the_run(catalog: Catalog) -> None:
    """The planner's free choice on these GPUs (TP 2 x PP 32 x EP 16, 1,166 tokens/s per GPU; tests/core/
    test_expert_gemm.py scores it against NeMo AutoModel's EP 64 + FSDP run, 865: +34.8 %) is not the whole gap: at
    NVIDIA's own Megatron layout it reads about 1,000 tokens/s per GPU against the published 629.7 (+50-70 %), where
    the all-to-all of EP 64 across 8 nodes is 8 s of a 33 s step. Held as a fact, so a change to the step model at
    this scale is noticed (docs/estimates.md, round 38)."""
    plan = _recipe_plan(catalog)
    assert plan is not None
    tokens_per_s = plan.step_tokens / (plan.step_s - plan.restarts_s) / plan.gpus
    assert 1.5 <= tokens_per_s / PUBLISHED_TOKENS_PER_S_PER_GPU <= 1.7


@pytest.mark.xfail(
    strict=True,
    reason="long38: the planner reads NVIDIA's DeepSeek-V3 recipe on 1,024 H100 (NeMo 25.04.01, TP 2, PP 16, EP 64) "
    "about 1.6x its published 629.7 tokens/s per GPU; no sourced mechanism for the rest of the step was found "
    "(docs/estimates.md, round 38)",
)
def test_the_recipes_layout_within_35_percent(catalog: Catalog) -> None:
    plan = _recipe_plan(catalog)
    assert plan is not None
    tokens_per_s = plan.step_tokens / (plan.step_s - plan.restarts_s) / plan.gpus
    assert tokens_per_s == pytest.approx(PUBLISHED_TOKENS_PER_S_PER_GPU, rel=0.35)
