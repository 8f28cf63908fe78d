"""llm-foundry's MPT-7B rows against the attention kernel they ran (issue #29, train42): the Triton table read for them
is a stand-in, and the rows themselves bound the real kernel's rate from below.

Source of the rows: mosaicml/llm-foundry scripts/train/benchmarking/README.md @061f2c7 (tests/data/
holdout_training_gpu_hours.toml), table "A100 80GB with 1600 Gbps node-node interconnect (RoCE)", MPT 7b, 8 GPUs,
amp_bf16, FULL_SHARD, read 2026-12-07: Throughput (T/s/GPU) 4,357 / 4,641 / 3,684 / 3,206 / 2,453 / 1,672 / 1,013 at
1K / 2K / 4K / 8K / 16K / 32K / 64K tokens, activation checkpointing True except at 2K.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from configurator.core.estimate.attention import (
    ATTENTION_RATES,
    FLASH_BENCHMARK,
    LLM_FOUNDRY_TRITON_KERNEL,
    kernel_flops_per_counted,
    kernel_rate,
    kernel_tflops,
)
from configurator.core.support.facts import REFERENCE_MATMUL
from tests.reference import kind_rows


def _a100_rows() -> list[dict[str, Any]]:
    rows = [
        r for r in kind_rows("training_gpu_hours", "holdout") if r["model"] == "mpt-7b" and r["gpu"] == "a100-80gb-sxm"
    ]
    return sorted(rows, key=lambda r: r["sequence_length"])


def _slowest_kernel_the_row_allows(row: dict[str, Any], params: float, layers: int, hidden: int) -> float:
    """The attention kernel's forward + backward TFLOPS below which the row could not have run: the row's time per
    token less its GEMMs at the A100's measured large-GEMM ceiling (support facts REFERENCE_MATMUL, 271.2 of 312
    TFLOPS: a bound no GEMM beats), the rest spent on the kernel's FLOPs (FlashAttention's causal count of the
    estimator's 12·layers·hidden·seq, with the forward that whole-block checkpointing recomputes: the README's own HFU
    counts that pass, "an extra forward pass through the network")."""
    per_token = row["measured_gpu_hours"] * 3600 / 1e10
    gemm_flops = (8.0 if row["grad_checkpointing"] else 6.0) * params
    gemm_seconds = gemm_flops / (REFERENCE_MATMUL.measured_tflops * 1e12)
    attention_flops = (
        kernel_flops_per_counted(row["grad_checkpointing"]) * 12 * layers * hidden * row["sequence_length"]
    )
    return attention_flops / (per_token - gemm_seconds) / 1e12


def test_the_triton_table_is_a_stand_in_for_llm_foundrys_kernel(catalog: Any) -> None:
    """FlashAttention's README "Triton" curve is OpenAI Triton's own op (benchmarks/benchmark_flash_attention.py:
    `from triton.ops.flash_attention import attention`), while llm-foundry's attn_impl "triton" runs its copy of Tri
    Dao's experimental Triton FlashAttention (llmfoundry/models/layers/flash_attn_triton.py). The table says so: an
    estimate with that reason, on A100 as on H100; the rows read it only when the kernel pricing is on."""
    a100 = catalog.records["gpus"]["a100-80gb-sxm"]
    rate = kernel_rate("triton", a100)
    assert rate is not None and "stand-in" in rate.estimate
    assert "benchmark_flash_attention.py" in FLASH_BENCHMARK and "flash_attn_triton.py" in LLM_FOUNDRY_TRITON_KERNEL
    hopper = kernel_rate("triton", catalog.records["gpus"]["h100-sxm"])
    assert hopper is not None and hopper.estimate
    assert {r["attention_kernel"] for r in _a100_rows()} == {"triton"}


def test_llm_foundrys_long_checkpointed_rows_outrun_the_triton_stand_in(catalog: Any) -> None:
    """At 8K-64K the checkpointed A100 80GB rows leave their attention at most the time that 85-98 TFLOPS of kernel
    would take (GEMMs at the card's measured ceiling), above the stand-in's 78-80 at those lengths: a kernel at the
    stand-in's rate could not have produced them, so timing them at it (the kernel mode,
    `benchmarks/accuracy.py --attention-kernel=framework`) reads them slow for the table's reason, not the estimate's.
    At 1K-4K the stand-in is not contradicted, and at every length the bound stays under FlashAttention-2's measured
    A100 rate (133-189 TFLOPS): the rows are a FlashAttention-class kernel's, the rate of theirs unpublished."""
    model = catalog.records["models"]["mpt-7b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    params, layers, hidden = (model.params_total_b or 0) * 1e9, model.num_layers, model.hidden_size
    rows = _a100_rows()
    assert [r["sequence_length"] for r in rows] == [1024, 2048, 4096, 8192, 16384, 32768, 65536]
    bound = {r["sequence_length"]: _slowest_kernel_the_row_allows(r, params, layers, hidden) for r in rows}
    stand_in = {s: kernel_tflops(gpu, "triton", s, model.head_dim or 128) or 0 for s in bound}
    flash2 = {s: kernel_tflops(gpu, "flash2", s, model.head_dim or 128) or 0 for s in bound}
    for s in (8192, 16384, 32768, 65536):
        assert bound[s] > 1.05 * stand_in[s], (s, bound[s], stand_in[s])
    assert bound[65536] == pytest.approx(98, abs=3) and bound[8192] == pytest.approx(85, abs=3)
    for s in (1024, 2048, 4096):
        assert bound[s] < stand_in[s], (s, bound[s], stand_in[s])
    assert all(bound[s] < flash2[s] for s in bound), (bound, flash2)


def test_every_kernel_rate_names_its_release() -> None:
    """Each (kernel, architecture) table names the library release it measured and when (the kernel and release per
    GPU generation): FlashAttention-2 2.0 on Ampere and Hopper (2023), flash-attn 2.7.4 and cuDNN 9.13.1 on B200 (NGC
    PyTorch 25.09), cuDNN 9.19.1 on H200 (2026); the Triton tables say which Triton kernel was timed."""
    keys = [(r.kernel, r.architecture) for r in ATTENTION_RATES]
    assert len(keys) == len(set(keys))
    for rate in ATTENTION_RATES:
        assert re.search(r"\d+\.(\d+|x)|version not stated", rate.release), rate
        assert re.search(r"20\d\d", rate.release), rate
    by_key = {(r.kernel, r.architecture): r.release for r in ATTENTION_RATES}
    assert by_key[("cudnn", "Hopper")].startswith("cuDNN 9.19.1")
    assert by_key[("cudnn", "Blackwell")].startswith("cuDNN 9.13.1")
    assert "triton.ops.flash_attention" in by_key[("triton", "Ampere")]


def test_other_stacks_mode_times_every_step_but_transformer_engines(catalog: Any) -> None:
    """`--attention-kernel=other-stacks` (off in the shipped estimate): a PyTorch-stack step's attention at
    FlashAttention-2's measured rate (328 TFLOPS on H100 at 32K, README figures), a Transformer Engine step's at the
    step's own rate, as with the timing off: the fitted TE rows stay put (docs/estimates.md round 42: fitted 10.2 / 29.2 %
    against 8.9 / 29.1 % off, and 10.0 / 35.9 % with every step at its framework's kernel)."""
    from dataclasses import replace

    from configurator.core.estimate.attention import OTHER_STACKS_KERNEL
    from configurator.core.estimate.estimator import CAL, estimate, step_attention_kernel
    from configurator.core.estimate.workload import Workload

    other = replace(CAL, training_attention_kernel=OTHER_STACKS_KERNEL)
    model, gpu = catalog.records["models"]["llama-2-7b"], catalog.records["gpus"]["h100-sxm"]
    plain = Workload(kind="pretrain", tokens=1e10, context=32768)
    te = Workload(kind="pretrain", tokens=1e10, context=32768, transformer_engine=True)
    assert step_attention_kernel(plain, gpu, other) == "flash2"
    assert step_attention_kernel(te, gpu, other) is None
    assert estimate(model, te, gpu, 8, cal=other).gpu_hours == pytest.approx(estimate(model, te, gpu, 8).gpu_hours)
    timed = estimate(model, plain, gpu, 8, cal=other)
    said = [r for r in timed.assumption_codes if r.code == "est.attention-rate"]
    assert said and said[0].fields["tflops"] == pytest.approx(328)
    assert timed.gpu_hours != pytest.approx(estimate(model, plain, gpu, 8).gpu_hours, rel=0.02)
