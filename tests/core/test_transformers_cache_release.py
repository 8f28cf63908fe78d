"""Inference memory under transformers as a dated release held the KV cache (kv.legacy_cache_copies), against optimum's
published GPTQ benchmark peaks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from configurator.core.estimate import estimator
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.kv import TRANSFORMERS_CACHE_CLASSES_SINCE, kv_cache_bytes, legacy_cache_copies
from configurator.core.estimate.workload import Workload

MB = 1e6
# huggingface/optimum tests/benchmark/README.md at 87fcf9f0 (2023-11-01; "AutoGPTQ 0.5.0, PyTorch 2.0.1, bitsandbytes
# 0.41.1, transformers 4.35"): Llama-2-13b-chat in fp16 on one A100-SXM4-80GB, a 512-token prompt and 512 new tokens;
# "Peak memory (MB)" is torch's allocated peak plus everything outside torch's allocator (nvidia-smi), in 1e6 bytes.
OPTIMUM = (
    "https://github.com/huggingface/optimum/blob/87fcf9f0e6099563ad8eecf5f7e56c37fc7966bf/tests/benchmark/README.md"
)
OPTIMUM_FP16_PEAK_MB = {8: 40327.62, 16: 53986.51}
RELEASE = "2023-11-01"


def _as_released(date: str | None) -> estimator.Calibration:
    return replace(estimator.CAL, framework_released=date)


@pytest.mark.parametrize("batch", sorted(OPTIMUM_FP16_PEAK_MB))
def test_transformers_4_35_held_llama_s_cache_twice_at_the_decode_peak(catalog: Any, batch: int) -> None:
    """Before v4.36 (PR #26681, the Cache classes) transformers' own Llama rebuilt a tuple cache with torch.cat every
    step, and generate() kept the previous step's until the forward returned: optimum's batch-8 and batch-16 peaks
    (OPTIMUM, 2023-11-01) are the weights plus two caches, within 2 %; the current release holds one (13.4 GB less at
    batch 16, the -25 % the estimate missed by before rowsmem27)."""
    model = catalog.records["models"]["llama-2-13b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    workload = Workload(
        kind="inference", engine="transformers", precision="fp16", context=1024, prompt=512, batch=batch
    )
    then = estimate(model, workload, gpu, 1, cal=_as_released(RELEASE))
    now = estimate(model, workload, gpu, 1)
    assert then.total_bytes == pytest.approx(OPTIMUM_FP16_PEAK_MB[batch] * MB, rel=0.02), OPTIMUM
    cache = kv_cache_bytes(model, 1024, batch, 2, "transformers")
    # the cache twice; the prefill beside it as 4.35 ran it (eager scores, every prompt token's logits: runtime_buffers)
    assert then.breakdown.kv_cache - now.breakdown.kv_cache == pytest.approx(cache, rel=1e-6)
    assert now.total_bytes < OPTIMUM_FP16_PEAK_MB[batch] * MB * 0.85


def test_a_run_that_never_decodes_builds_one_cache(catalog: Any) -> None:
    """optimum's prefill-only rows (512-token prompt, 1 new token: one forward) hold one cache under any release; a
    release with the Cache classes, or another engine, holds one; remote code's tuple cache stays twice either way."""
    model = catalog.records["models"]["llama-2-13b"]
    assert TRANSFORMERS_CACHE_CLASSES_SINCE == "2023-12-11"  # transformers v4.36.0
    assert legacy_cache_copies(model, "transformers", RELEASE) == 2
    assert legacy_cache_copies(model, "transformers", RELEASE, decodes=False) == 1
    assert legacy_cache_copies(model, "transformers", "2024-01-05") == 1
    assert legacy_cache_copies(model, "transformers") == 1
    assert legacy_cache_copies(model, "vllm", RELEASE) == 1
    qwen1 = catalog.records["models"]["qwen-7b"]
    assert legacy_cache_copies(qwen1, "transformers") == legacy_cache_copies(qwen1, "transformers", "2025-06-01") == 2
    workload = Workload(kind="inference", engine="transformers", precision="fp16", context=513, prompt=512, batch=16)
    then = estimate(model, workload, None, 1, cal=_as_released(RELEASE))
    assert then.breakdown.kv_cache == estimate(model, workload, None, 1).breakdown.kv_cache
