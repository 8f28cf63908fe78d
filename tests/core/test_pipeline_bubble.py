"""A run's stated pipeline layout priced in the single estimate (issue #29, train39): 1F1B's bubble on its micro-batches.

Source: pytorch/torchtitan `benchmarks/llama3_h100_202412_torchtitan.md` @31a17bfd (read 2026-12-06), Table 6: "4D
parallelism (FSDP + TP + PP + CP) + torch.compile + Float8 + AsyncTP + 1F1B. Llama 3.1 405B model. 512 GPUs (TP 8, PP8).
Local batch size 8. Full activation checkpointing", "| FSDP 8, CP 1 | 32768 | 76 | 75.3 |" (76 tokens/s per GPU at
32K). torchtitan splits a local batch into as many micro-batches as pipeline stages unless told otherwise (its
`--experimental.pipeline_parallel_microbatches` help: "The default value will be the number of pipeline stages, if
unspecified"), so the run steps 8 micro-batches through 8 stages: 1F1B idles (p - 1) / m = 7/8 of the compute
(Narayanan et al. 2021, arXiv 2104.04473 eq. 1). The row is a held-out row (tests/data/holdout_training_gpu_hours.toml):
nothing is fitted on it.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import elapsed_share, estimate
from configurator.core.estimate.frameworks import pipeline_bubble
from configurator.core.estimate.parallel import inter_node_link, plan_training
from configurator.core.estimate.workload import Workload

TORCHTITAN_405B_32K_TPS = 76.0


def _hours(catalog: Catalog, **layout: int) -> tuple[float, list[str]]:
    model, gpu = catalog.records["models"]["llama-3.1-405b"], catalog.records["gpus"]["h100-sxm"]
    work = Workload(
        kind="pretrain",
        tokens=1e10,
        context=32768,
        precision="fp8",
        grad_checkpointing=True,
        fused_kernels=True,
        **layout,  # type: ignore[arg-type]
    )
    result = estimate(model, work, gpu, 512)
    assert result.gpu_hours is not None
    return result.gpu_hours * elapsed_share(gpu, 512), [r.code for r in result.assumption_codes]


def test_one_f_one_b_bubble_is_p_minus_1_over_m() -> None:
    """Narayanan et al. 2021 eq. 1: (p - 1) / m; the interleaved schedule divides it by the chunks per rank."""
    assert pipeline_bubble(8, 8) == pytest.approx(7 / 8)
    assert pipeline_bubble(16, 32) == pytest.approx(15 / 32)
    assert pipeline_bubble(8, 8, virtual=2) == pytest.approx(7 / 16)
    assert pipeline_bubble(1, 8) == 0.0


def test_torchtitan_405b_at_32k_on_its_pipeline_reads_its_measured_rate(catalog: Catalog) -> None:
    """Priced as a data-parallel job the 405B ran 1.87x the estimated hours; at its stated PP 8 on 8 micro-batches the
    estimate reads the published 76 tokens/s per GPU within 15 %, and says the bubble."""
    measured = 1e10 / (TORCHTITAN_405B_32K_TPS * 512) / 3600 * 512
    flat, _ = _hours(catalog)
    piped, codes = _hours(catalog, pipeline_parallel=8, pipeline_micro_batches=8)
    assert measured / flat > 1.7
    assert piped / flat == pytest.approx(1 + 7 / 8, rel=0.03)  # 126 layers on 8 stages: the busiest holds 16 of 15.75
    assert piped == pytest.approx(measured, rel=0.15)
    assert "est.pipeline-bubble" in codes


def test_micro_batches_default_to_one_per_stage(catalog: Catalog) -> None:
    """torchtitan's default: as many micro-batches as stages."""
    stated, _ = _hours(catalog, pipeline_parallel=8, pipeline_micro_batches=8)
    default, _ = _hours(catalog, pipeline_parallel=8)
    more, _ = _hours(catalog, pipeline_parallel=8, pipeline_micro_batches=32)
    assert default == pytest.approx(stated)
    assert more < stated


def test_the_planner_reads_the_same_bubble_rule(catalog: Catalog) -> None:
    """The planner's pipeline layouts state the bubble frameworks.pipeline_bubble gives at their own micro-batches
    (a fixed PP 8 for the 405B on 64 nodes of 8 H100, its layout said in est.layout-pipeline)."""
    model, gpu = catalog.records["models"]["llama-3.1-405b"], catalog.records["gpus"]["h100-sxm"]
    work = Workload(kind="pretrain", tokens=1e10, context=8192)
    plan = plan_training(model, work, gpu, 64, 8, inter_node_link(400), pipeline=8)
    assert plan is not None and plan.pipeline == 8
    assert plan.why_said is not None
    said = [r for r in plan.why_said.fields["parts"] if r.code == "est.layout-pipeline"]
    assert said
    expected = pipeline_bubble(plan.pipeline, plan.micro_batches, plan.virtual_stages)
    assert said[0].num("bubble") == pytest.approx(expected)
