"""SGLang 0.5's own per-step host cost (issue #29, round 39, moe39): a buyer serving one user with SGLang reads the
decode rate of the release they run, not vLLM's 2024 step cost. Each test names its measurement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.collectives import SGLANG_CURRENT, release_family
from configurator.core.estimate.estimator import CAL, estimate, sglang_release
from configurator.core.estimate.workload import Workload
from tests.reference import decode_speed, excluded_rows, kind_rows

GEMMA4 = (
    "https://github.com/sgl-project/sgl-cookbook/blob/21e9ea11a9e9802c7aa6940deb13606ff7c02658/docs/autoregressive/"
    "Google/Gemma4.md"
)
"""SGLang cookbook, Gemma 4 page at 21e9ea11 (2026-04-07): google/gemma-4-26B-A4B-it (BF16) on one H200, SGLang's
'gemma4 branch' (an 0.5-family build), one user of 1K/1K: mean TPOT 5.60 ms, 178.57 tokens/s (held out)."""
ERNIE = (
    "https://github.com/sgl-project/sgl-cookbook/blob/d3326e6c78ec9d99d2d3cba1c2d6f6cd188cb4e4/docs/autoregressive/"
    "Ernie/Ernie4.5.md"
)
"""SGLang cookbook, ERNIE 4.5 page at d3326e6c (2026-02-03): baidu/ERNIE-4.5-21B-A3B-PT (BF16) on one MI300X, SGLang 0.5.7
(ROCm), one user of 1K/1K: mean TPOT 4.07 ms, 245.7 tokens/s (held out)."""
ACHATBOT = "https://github.com/ai-bot-pro/achatbot"
"""ai-bot-pro/achatbot's gpt-oss-20b runs on one H100 under SGLang (held out)."""


def _one_user(catalog: Catalog, model: str, gpu: str, context: int, prompt: int, release: str | None = None) -> float:
    w = Workload(kind="inference", precision="bf16", engine="sglang", context=context, prompt=prompt)
    cal = sglang_release(release) if release else CAL
    result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), 1, cal=cal)
    assert result.decode_tokens_per_s is not None
    return result.decode_tokens_per_s


def test_the_step_cost_is_the_release_familys() -> None:
    """SGLang 0.5 on pays its own step cost (fitted on the cookbook's 0.5-family B200 rows: 1.72 ms), below vLLM's
    2.5 ms that SGLang 0.4.x keeps (the Qwen3 H20 rows of 0.4.6.post1 were fitted with it)."""
    assert release_family("sglang", SGLANG_CURRENT) == release_family("sglang", "0.5.7") == "sglang-0.5"
    assert CAL.step_overhead_sglang == pytest.approx(1.72e-3)
    assert CAL.step_overhead_sglang < CAL.step_overhead_vllm


def test_a_04_release_reads_vllms_step_cost(catalog: Catalog) -> None:
    """The same one-user ERNIE 4.5 step on one MI300X under SGLang 0.4.9 is longer by exactly the two step costs'
    difference (dense and MoE floors alike: a GQA model pays no MLA floor)."""
    now = _one_user(catalog, "ernie-4.5-21b-a3b", "mi300x", 1032, 610, "0.5.7")
    then = _one_user(catalog, "ernie-4.5-21b-a3b", "mi300x", 1032, 610, "0.4.9")
    assert 1 / then - 1 / now == pytest.approx(CAL.step_overhead_vllm - CAL.step_overhead_sglang, rel=1e-6)


def test_gemma4_moe_on_one_h200_within_ten_percent(catalog: Catalog) -> None:
    """GEMMA4, one user on one H200: 178.57 tokens/s measured; -12 % with vLLM's step cost, within 10 % now."""
    assert _one_user(catalog, "gemma-4-26b-a4b", "h200-sxm", 1032, 610) == pytest.approx(178.57, rel=0.10)
    with_vllm_step = estimate(
        catalog.get("models", "gemma-4-26b-a4b"),
        Workload(kind="inference", precision="bf16", engine="sglang", context=1032, prompt=610),
        catalog.get("gpus", "h200-sxm"),
        1,
        cal=replace(CAL, step_overhead_sglang=CAL.step_overhead_vllm),
    ).decode_tokens_per_s
    assert with_vllm_step is not None and with_vllm_step < 0.9 * 178.57


def test_the_held_out_one_gpu_sglang_rows_move_toward_their_measurements(catalog: Catalog) -> None:
    """The held-out one-GPU SGLang rows of the 0.5 family that no model-specific kernel clouds (GEMMA4 on H200, ERNIE on
    MI300X at one user, ACHATBOT's gpt-oss-20b on H100 at 4 users; the batched rows also pay the prefill stall,
    tests/core/test_sglang_prefill_stall.py): each reads closer to its measurement than with vLLM's step cost or within
    5 % of it, none overshoots by more than 10 %, and their summed |error| falls by a fifth or more. (ERNIE stays -25 %:
    docs/estimates.md, round 39.)"""
    # GEMMA4's rows left the scoring in round 47 (SGLang dropped the page's 'gemma4 branch' figures as not
    # reproducible, sglang PR #28353: `excluded` in the file); the published figure still checks this mechanism
    held = kind_rows("decode_speed", "holdout") + excluded_rows("decode_speed", "holdout")
    rows = [
        r
        for r in held
        if r["engine"] == "sglang"
        and r["gpus"] == 1
        and (
            (r["source"] == GEMMA4 and r["gpu"] == "h200-sxm" and r["batch"] == 1)
            or (r["source"] == ERNIE and r["batch"] == 1)
            or (r["source"].startswith(ACHATBOT) and r["batch"] <= 4)
        )
    ]
    assert len(rows) == 5
    now, _ = decode_speed(catalog, rows)
    before, _ = decode_speed(catalog, rows, replace(CAL, step_overhead_sglang=CAL.step_overhead_vllm))
    for a, b in zip(now, before, strict=True):
        assert abs(a.error) < abs(b.error) or abs(a.error) <= 0.05, (a.label, a.error, b.error)
        assert a.error < 0.10, (a.label, a.error)
    assert sum(abs(c.error) for c in now) < 0.8 * sum(abs(c.error) for c in before)
