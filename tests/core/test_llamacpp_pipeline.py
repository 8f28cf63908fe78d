"""llama.cpp's layer split pipelines a long prompt's micro-batches across the cards (issue #29, range26): the estimate
keeps one card's prompt rate and says what it leaves out (est.prefill-pipeline), checked against XiongjieDai's
llama-bench tables (https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference/blob/00dd2bdeb2404263f22bd6c1cd46ce397e341db5/README.md,
read 2026-12-05; May 2024 builds, after llama.cpp PR #6017's pipeline parallelism of March 2024)."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.common.reasons import english, render
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.ranges import prefill_pipelined
from configurator.core.estimate.workload import Workload
from configurator.core.report.words import ZH_REASONS

# XiongjieDai's README, Llama 3 8B Q4_K_M: prompt tokens/s at pp512 and pp4096 on one RTX 4090 and on 2 / 4 / 8
PP512_ONE, PP4096_ONE = 7138.99, 5265.68
PP4096_8B = {2: 8422.04, 4: 12491.10, 8: 15089.45}
# the same table, Llama 3 70B Q4_K_M on 2 and 4 RTX 4090s: pp512, pp4096
PP_70B = {2: (839.43, 846.38), 4: (834.74, 839.97)}


def _said(catalog: Any, model: str, gpus: int, prompt: int, gpu: str = "rtx-4090") -> tuple[float, list[Any]]:
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=prompt + 512, prompt=prompt)
    result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), gpus=gpus)
    rate = result.prefill_tokens_per_s
    assert rate is not None
    return rate, [r for r in result.assumption_codes if r.code == "est.prefill-pipeline"]


def test_a_long_multi_gpu_prompt_says_the_pipeline_gain_it_leaves_out(catalog: Any) -> None:
    """The 8B's measured gain over one card at 4,096 tokens (1.60 / 2.37 / 2.87 on 2 / 4 / 8 cards) is within 20 % of
    the gain the reason names (kN / (k + N - 1) for k = 4 micro-batches of 512 in llama.cpp's 2,048-token batch); the
    figure itself stays one card's rate, as the 70B on 2 and 4 cards measured it (no gain from 512 to 4,096 tokens)."""
    one, none_said = _said(catalog, "llama-3-8b", 1, 4096)
    assert none_said == []
    for gpus, measured in PP4096_8B.items():
        rate, (reason,) = _said(catalog, "llama-3-8b", gpus, 4096)
        assert rate == pytest.approx(one, rel=1e-9)  # one card's rate: the gain is said, not taken
        assert reason.fields["gpus"] == gpus and reason.fields["prompt"] == 4096 and reason.fields["ubatch"] == 512
        assert reason.num("gain") == pytest.approx(4 * gpus / (4 + gpus - 1))
        assert measured / PP4096_ONE == pytest.approx(reason.num("gain"), rel=0.2)
    for gpus, (pp512, pp4096) in PP_70B.items():
        assert pp4096 / pp512 == pytest.approx(1.0, abs=0.02)  # why the gain is not taken
        _, (reason,) = _said(catalog, "llama-3-70b", gpus, 4096)
        assert reason.num("gain") > 1.5
    assert PP512_ONE > PP4096_ONE  # one card slows with the prompt (attention); the pipeline is what gains


def test_nothing_to_overlap_says_nothing(catalog: Any) -> None:
    """One micro-batch (a 512-token prompt, the fitted multi-GPU prompt rows' length) or one card: no reason; a
    backend without the asynchronous copies and events the overlap needs (Vulkan): no reason."""
    assert _said(catalog, "llama-3-8b", 4, 512)[1] == []
    assert _said(catalog, "llama-3-8b", 1, 8192)[1] == []
    assert prefill_pipelined(4, 4096, 512, "vulkan") is None
    assert prefill_pipelined(2, 1020, 512, "cuda") is not None  # the typical chat prompt: two micro-batches
    assert prefill_pipelined(2, 1020, 512, "cuda").num("gain") == pytest.approx(4 / 3)  # type: ignore[union-attr]


def test_the_reason_reads_in_english_and_chinese() -> None:
    reason = prefill_pipelined(4, 4096, 512, "cuda")
    assert reason is not None
    text = english(reason)
    assert "4,096-token prompt" in text and "512-token micro-batches" in text and "2.3x" in text
    zh = render(reason, ZH_REASONS)
    assert "4096" in zh and "512" in zh and "2.3 倍" in zh
