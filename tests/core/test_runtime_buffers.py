"""What transformers and its GPTQ kernels hold beside weights and KV cache (estimate/runtime_buffers.py), against
optimum's published GPTQ benchmark: the kernels' scratch from AutoGPTQ's source, transformers 4.35's prefill."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from configurator.core.estimate import estimator
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.runtime_buffers import (
    GPTQ_DEFAULT_KERNEL,
    TRANSFORMERS_LAST_LOGITS_SINCE,
    TRANSFORMERS_SDPA_SINCE,
    gptq_kernel_buffer,
)
from configurator.core.estimate.workload import Workload
from tests.reference import rows

# huggingface/optimum tests/benchmark/README.md at 87fcf9f0 (2023-11-01; "AutoGPTQ 0.5.0, PyTorch 2.0.1, bitsandbytes
# 0.41.1, transformers 4.35"): Llama-2-13b-chat on one A100-SXM4-80GB, fp16 and GPTQ 4-bit g128 under three kernels;
# "Peak memory (MB)" in 1e6 bytes (tests/data/reference_inference_memory.toml quotes every cell).
OPTIMUM = (
    "https://github.com/huggingface/optimum/blob/87fcf9f0e6099563ad8eecf5f7e56c37fc7966bf/tests/benchmark/README.md"
)
RELEASE = "2023-11-01"


def _optimum_peaks(context: int = 513) -> dict[tuple[str, int], float]:
    """(kernel or "fp16", batch) -> the peak in bytes: context 513 the prefill-only run (512-token prompt, 1 new token:
    one forward), 1024 the generation run (512 new tokens)."""
    out = {}
    for row in rows("inference_memory"):
        if row["source"] == OPTIMUM and row["context"] == context:
            out[(row.get("kernel", row["precision"]), int(row["batch"]))] = row["measured_gb"] * 1e9
    return out


def _prefill(model: Any, precision: str, batch: int, kernel: str = GPTQ_DEFAULT_KERNEL) -> int:
    workload = Workload(
        kind="inference", engine="transformers", precision=precision, context=513, prompt=512, batch=batch
    )
    cal = replace(estimator.CAL, framework_released=RELEASE, gptq_kernel=kernel)
    return estimate(model, workload, None, 1, cal=cal).total_bytes


@pytest.mark.parametrize("batch", [1, 2, 4, 8, 16])
def test_exllamav2_s_fixed_scratch_is_the_gap_between_optimum_s_kernels(catalog: Any, batch: int) -> None:
    """AutoGPTQ 0.5.0's exllamav2 kernel keeps one scratch per GPU sized for 2,048 tokens x 8 sequences of the widest
    output (qlinear_exllamav2.scratch_space_fixed: 13824 x 16384 x 4 bytes for Llama 2 13B's gate/up, plus a
    dequantized 5120 x 13824 fp16 layer), the exllama kernel one dequantized layer (temp_dq): 0.906 GB apart at any batch.
    optimum's prefill-only peaks of the two kernels (OPTIMUM) are 0.79-0.92 GB apart at batch 1-16."""
    model = catalog.records["models"]["llama-2-13b"]
    measured = _optimum_peaks()
    gap = measured[("exllamav2", batch)] - measured[("exllama", batch)]
    estimated = _prefill(model, "gptq-int4", batch, "exllamav2") - _prefill(model, "gptq-int4", batch, "exllama")
    assert estimated == pytest.approx(
        gptq_kernel_buffer(model, "gptq-int4", "transformers", "exllamav2")
        - gptq_kernel_buffer(model, "gptq-int4", "transformers", "exllama"),
        abs=1,
    )
    assert estimated == pytest.approx(gap, rel=0.15), OPTIMUM


def test_the_gptq_scratch_is_transformers_default_kernel_s_and_only_for_4_bit(catalog: Any) -> None:
    """transformers' GPTQConfig runs the exllama (v1) kernel unless told otherwise; its temp_dq holds the widest
    quantized linear dequantized in fp16 (AutoGPTQ autogptq_post_init: qweight.numel() x 8 halves): for Llama 2 13B
    5120 x 13824 x 2 bytes. 8-bit GPTQ, AWQ, and other engines' GPTQ kernels are not these."""
    model = catalog.records["models"]["llama-2-13b"]
    assert GPTQ_DEFAULT_KERNEL == estimator.CAL.gptq_kernel == "exllama"
    assert gptq_kernel_buffer(model, "gptq-int4", "transformers") == 5120 * 13824 * 2
    assert gptq_kernel_buffer(model, "gptq-int4", "transformers", "cuda-old") == 0
    for precision, engine in (("gptq-int8", "transformers"), ("awq-int4", "transformers"), ("gptq-int4", "vllm")):
        assert gptq_kernel_buffer(model, precision, engine) == 0
    workload = Workload(kind="inference", engine="transformers", precision="gptq-int4", context=2048, prompt=1)
    plain = workload.model_copy(update={"precision": "gptq-int8"})
    with_buffer = estimate(model, workload, None, 1).breakdown.activations
    assert with_buffer - estimate(model, plain, None, 1).breakdown.activations == 5120 * 13824 * 2


def test_transformers_4_35_s_prefill_grows_with_the_batch_as_optimum_measured(catalog: Any) -> None:
    """Before v4.36 Llama's attention was eager (every head's scores in fp16, their fp32 softmax and its fp16 cast) and
    before v4.45 the prefill ran lm_head over every prompt token and upcast it; optimum's fp16 prefill-only peak grows
    7.87 GB from batch 1 to 16 (OPTIMUM). Scored as 4.35 ran, the estimate grows within 2 % of that; the current
    release's workspace (SDPA, the last token's logits) grows 8 % less."""
    assert (TRANSFORMERS_SDPA_SINCE, TRANSFORMERS_LAST_LOGITS_SINCE) == ("2023-12-11", "2024-09-25")
    model = catalog.records["models"]["llama-2-13b"]
    measured = _optimum_peaks()
    growth = measured[("fp16", 16)] - measured[("fp16", 1)]
    then = _prefill(model, "fp16", 16) - _prefill(model, "fp16", 1)
    assert then == pytest.approx(growth, rel=0.02), OPTIMUM
    workload = Workload(kind="inference", engine="transformers", precision="fp16", context=513, prompt=512, batch=16)
    now = (
        estimate(model, workload, None, 1).total_bytes
        - estimate(model, workload.model_copy(update={"batch": 1}), None, 1).total_bytes
    )
    assert now < growth * 0.94


@pytest.mark.parametrize("batch", [1, 2, 4])
def test_exllama_s_temp_dq_is_the_gap_to_the_kernel_without_buffers(catalog: Any, batch: int) -> None:
    """Decoding one token a step, AutoGPTQ's cuda-old kernel runs its own matmul and keeps no buffer, while the exllama
    kernel holds temp_dq (one 5120 x 13824 layer in fp16, 0.1416 GB) throughout: optimum's generation peaks of the two
    kernels (OPTIMUM) are 0.142-0.150 GB apart at batch 1-4."""
    model = catalog.records["models"]["llama-2-13b"]
    measured = _optimum_peaks(1024)
    gap = measured[("exllama", batch)] - measured[("cuda-old", batch)]
    assert gptq_kernel_buffer(model, "gptq-int4", "transformers", "exllama") == pytest.approx(gap, rel=0.07), OPTIMUM


# QwenLM/Qwen2.5 docs/source/getting_started/speed_benchmark.md at ac727245 (the Qwen3 speed benchmark: transformers
# 4.51.3, FlashAttention 2.7.4, one H20, batch 1, 2048 tokens generated after an input of 1 to 30720 tokens): its
# "GPU Memory (MB)" column, as tests/data/reference_inference_memory.toml reads it since memrange32 (MiB; the 30720-token
# figures hold no prefill working set, `prefill_in_figure = false`).
QWEN3_PAGE = "https://github.com/QwenLM/Qwen2.5/blob/ac7272455d45483d2f579a88295e81586d60ff6f/docs/source/getting_started/speed_benchmark.md"


def _qwen3_bf16() -> dict[tuple[str, int], dict[str, Any]]:
    return {
        (r["model"], int(r["context"])): r
        for r in rows("inference_memory")
        if r["source"] == QWEN3_PAGE and r["precision"] == "bf16"
    }


def _quoted_mb(row: dict[str, Any]) -> float:
    """The page's "GPU Memory (MB)" cell, the last cell of the row's quote."""
    return float(row["quote"].rsplit("<td>", 1)[1].split("<")[0])


def test_the_qwen3_page_s_mb_are_mib_and_its_long_inputs_hold_no_prefill(catalog: Any) -> None:
    """Each bf16 model on the Qwen3 page, its figures at an input of 1 and 30720 tokens: read as 1e6 bytes the first
    would be below the bf16 weights alone, so its MB are MiB (the rows' measured_gb); read so, the growth to 30720 tokens
    is the KV cache's within 5 % (Qwen3-8B and 30B-A3B to 0.1 %), where the prefill working set the estimate sizes for a
    30720-token prompt would add 35 % or more: the figure holds no prefill, and the rows are scored without one."""
    page = _qwen3_bf16()
    models = catalog.records["models"]
    checked = 0
    for (model, context), long in page.items():
        short = page.get((model, 2049))
        if context != 32768 or short is None:
            continue
        at = [
            estimate(models[model], Workload(kind="inference", engine="transformers", context=c, prompt=p))
            for c, p in ((2049, 1), (32768, 1), (32768, 30720))
        ]
        for row in (short, long):  # the row reads the quoted MB cell as MiB
            assert row["measured_gb"] == pytest.approx(_quoted_mb(row) / 1024, abs=1e-5), model
        assert _quoted_mb(short) * 1e6 < at[0].breakdown.weights, model  # as 1e6 bytes: below the weights alone
        grown = (long["measured_gb"] - short["measured_gb"]) * 2**30
        kv_grown = at[1].breakdown.kv_cache - at[0].breakdown.kv_cache
        assert grown == pytest.approx(kv_grown, rel=0.05), model
        prefill = at[2].breakdown.activations - at[1].breakdown.activations
        assert prefill > 0.35 * kv_grown, model
        checked += 1
    assert checked == 5  # Qwen3 4B, 8B, 14B, 32B and 30B-A3B
