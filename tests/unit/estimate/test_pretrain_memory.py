"""Pretraining memory per GPU against runs that ran: TinyLlama's recipe and torchtitan's measured Llama 3.1 8B peaks."""

from __future__ import annotations

from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.parallel import plan_training
from configurator.core.estimate.workload import Workload
from tests.helpers import run_cli
from tests.reference import median_abs_error, pretrain_memory, rows, scored

TINYLLAMA = "https://github.com/jzhang38/TinyLlama (README 'Blazingly Fast'; pretrain/tinyllama.py)"


def _tinyllama_recipe(**update: object) -> Workload:
    # pretrain/tinyllama.py: micro_batch_size 8, block_size 2048, FSDPStrategy(activation_checkpointing_policy=None)
    # (FULL_SHARD, Lightning's default), FlashAttention-2, fused rotary/RMSNorm/SwiGLU, FusedCrossEntropyLoss
    return Workload(
        kind="pretrain", tokens=3e11, context=2048, batch=8, zero=3, grad_checkpointing=False, fused_kernels=True
    ).model_copy(update=update)


def test_tinyllama_recipe_fits_on_16_a100_40gb(catalog) -> None:  # type: ignore[no-untyped-def]
    """TinyLlama's README: the fused kernels 'allow us to stuff our 1.1B model into 40GB GPU RAM and train with a
    per-gpu batch size of 16k tokens' on its 16 A100-40G; the recipe (FSDP, no activation checkpointing) ran."""
    model, gpu = catalog.records["models"]["tinyllama-1.1b"], catalog.records["gpus"]["a100-40gb-sxm"]
    result = estimate(model, _tinyllama_recipe(), gpu, 16)
    assert result.fits, TINYLLAMA


def test_unfused_data_parallel_pretraining_says_that_sharding_fits(catalog) -> None:  # type: ignore[no-untyped-def]
    """The recipe asked without its sharding or kernels does not fit 40 GB; the estimate says that --zero 3 does."""
    model, gpu = catalog.records["models"]["tinyllama-1.1b"], catalog.records["gpus"]["a100-40gb-sxm"]
    plain = estimate(model, _tinyllama_recipe(zero=0, fused_kernels=False), gpu, 16)
    assert plain.fits is False
    assert any(w.code == "warn.zero3" and "fits with --zero 3" in str(w) for w in plain.warnings)
    assert estimate(model, _tinyllama_recipe(fused_kernels=False), gpu, 16).fits


def test_fused_kernels_save_activations_and_fp32_logits(catalog) -> None:  # type: ignore[no-untyped-def]
    """lit-gpt's fused block keeps fewer tensors than the unfused one, and the fused cross-entropy keeps the 16-bit
    logits only (TinyLlama: 22 layers, s x b = 16,384 tokens, vocab 32,000)."""
    model = catalog.records["models"]["tinyllama-1.1b"]
    fused = estimate(model, _tinyllama_recipe(), None, 16).breakdown.activations
    plain = estimate(model, _tinyllama_recipe(fused_kernels=False), None, 16).breakdown.activations
    logits_fp32_upcast = 16384 * 32000 * 12
    assert plain - fused > logits_fp32_upcast - 16384 * 32000 * 2  # more than the logits alone
    assert fused < 0.6 * plain


def test_torchtitan_llama31_8b_fsdp_within_10_percent(catalog) -> None:  # type: ignore[no-untyped-def]
    """torchtitan docs/performance.md (@eaea6f6a): Llama 3.1 8B, FSDP, local batch 2 at 8192, selective op
    checkpointing, eager: 82.4 GiB on 8 H100 and 67.0 GiB on 128 (peak reserved)."""
    comparisons, skipped = pretrain_memory(catalog)
    assert not skipped and len(comparisons) == len(scored(rows("pretrain_memory"))) >= 2
    for c in comparisons:
        assert abs(c.error) <= 0.10, c.label
    # the 8 -> 128 GPU difference is the sharded states: 15.4 GiB measured
    by_gpus = {c.label.split(" x")[1].split()[0]: c for c in comparisons}
    measured = (by_gpus["8"].measured - by_gpus["128"].measured) / 2**30
    estimated = (by_gpus["8"].estimated - by_gpus["128"].estimated) / 2**30
    assert abs(estimated - measured) / measured <= 0.15


def test_torchtitan_full_checkpointing_at_32k_within_10_percent(catalog) -> None:  # type: ignore[no-untyped-def]
    """Holdout: torchtitan Table 2's plain-FSDP row (8 H100, sequence 32768, batch 1, full checkpointing): 83.9 GiB,
    most of it the fp32-upcast logits of a 128K vocabulary."""
    row = next(r for r in scored(rows("pretrain_memory", "holdout")) if r["context"] == 32768)
    (comparison,), _ = pretrain_memory(catalog, [row])
    assert abs(comparison.error) <= 0.10


def test_torchtitan_december_2024_holdout_median_within_10_percent(catalog) -> None:  # type: ignore[no-untyped-def]
    """The holdout rows of the same document (torch.compile and Float8 variants, scored as eager bf16)."""
    data = [r for r in scored(rows("pretrain_memory", "holdout")) if "eaea6f6a" in r["source"]]
    comparisons, _ = pretrain_memory(catalog, data)
    assert len(comparisons) == 5 and median_abs_error(comparisons) <= 0.10


def test_planner_memory_per_gpu_is_the_estimators(catalog) -> None:  # type: ignore[no-untyped-def]
    """The cluster planner sizes a data-parallel layout with the same rule: its memory per GPU is estimate()'s at the
    stage and checkpointing it chose, fused kernels included."""
    model, gpu = catalog.records["models"]["tinyllama-1.1b"], catalog.records["gpus"]["a100-40gb-sxm"]
    workload = _tinyllama_recipe(zero=0, grad_checkpointing=None)
    plan = plan_training(model, workload, gpu, 1, 8)
    assert plan is not None and plan.tensor == plan.pipeline == 1
    same = estimate(
        model,
        workload.model_copy(update={"zero": plan.zero_stage or 0, "grad_checkpointing": plan.grad_checkpointing}),
        gpu,
        8,
    )
    assert plan.per_gpu.total == same.peak_gpu.breakdown.total


def test_selective_checkpointing_without_checkpointing_is_exit_2() -> None:
    run = run_cli(
        "estimate",
        "--model",
        "llama-3.1-8b",
        "--workload",
        "pretrain",
        "--gpus",
        "8",
        "--gpu",
        "h100-sxm",
        "--selective-checkpointing",
        "--no-grad-checkpointing",
    )
    assert run.code == 2
    assert "selective checkpointing" in run.err and "Traceback" not in run.err
