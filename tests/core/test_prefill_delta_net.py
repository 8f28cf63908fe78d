"""llama.cpp prompts of Gated DeltaNet hybrids (Qwen3-Next, Qwen3.5 / 3.6): the chunked delta rule's own time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import (
    CAL,
    DELTA_NET_CHUNK,
    delta_net_prompt_seconds,
    estimate,
    llamacpp_build,
)
from configurator.core.estimate.workload import Workload
from tests.reference import offload_prediction, offload_rows


def _prompt(catalog: Catalog, model: str, precision: str, gpu: str, prompt: int, build: str, backend: str) -> float:
    w = Workload(kind="inference", precision=precision, engine="llama.cpp", context=prompt, prompt=prompt)
    cal = llamacpp_build(build, backend)
    rate = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), cal=cal).prefill_tokens_per_s
    assert rate is not None
    return rate


def test_mi100_qwen35_moe_prompt_pays_the_delta_rule(catalog: Catalog) -> None:
    """ggml-org/llama.cpp PR #22298 ('CUDA: reduce MMQ stream-k overhead', 2026, JohannesGaessler's table, master
    column): Qwen3.5-35B-A3B Q4_0 on an AMD Instinct MI100, micro-batch 512, pp2048: 1895.12 tokens/s. Without the
    delta rule's time the estimate read 2757 (+45 %); with it, within 15 %."""
    rate = _prompt(catalog, "qwen3.5-35b-a3b", "q4_0", "mi100", 2048, "2026-06", "hip")
    assert rate == pytest.approx(1895.12, rel=0.15)
    without = _prompt_without_delta(catalog, "qwen3.5-35b-a3b", "q4_0", "mi100", 2048)
    assert without > 1.35 * 1895.12


def _prompt_without_delta(catalog: Catalog, model: str, precision: str, gpu: str, prompt: int) -> float:
    w = Workload(kind="inference", precision=precision, engine="llama.cpp", context=prompt, prompt=prompt)
    cal = replace(llamacpp_build("2026-06", "hip"), llamacpp_delta_net_chunk_s=0.0)
    rate = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), cal=cal).prefill_tokens_per_s
    assert rate is not None
    return rate


def test_held_out_qwen3_next_prompt_is_no_longer_three_times_fast(catalog: Catalog) -> None:
    """Held out, never fitted: ggml-org/llama.cpp issue #17822 (fuutott, 2025-12-12, after #17793 merged): Qwen3-Next
    80B-A3B Q4_K_M on an RTX PRO 6000 Blackwell Workstation Edition, llama-bench -p 512 -ub 512 -fa 1: 1740.92
    tokens/s. The estimate read 5865 (x3.37) before the DeltaNet term; now within x1.5 (the build is six months older
    than the fitted rows, and on Windows)."""
    rate = _prompt(catalog, "qwen3-next-80b-a3b", "q4_k_m", "rtx-pro-6000-blackwell", 512, "2025-12", "cuda")
    assert 1740.92 < rate < 1.5 * 1740.92


def test_strix_halo_hybrid_rows_read_within_ten_percent(catalog: Catalog) -> None:
    """kyuz0/amd-strix-halo-toolboxes at 08aa7bc (llama.cpp Vulkan RADV build 9187, May 2026, Framework Desktop
    Ryzen AI Max+ 395, llama-bench pp512 -fa 1): Qwen3.6-35B-A3B Q8 1045.0, Qwen3.6-27B Q8 274.97, Qwen3.5-122B-A10B Q5
    308.78 tokens/s (the fitted rows the chunk time is derived from; they read +27, +14 and +23 % without it), and the
    held-out Qwen3.6-35B-A3B BF16 328.4 (+3.5 % without it)."""
    hybrids = [
        r
        for prefix in ("fit", "holdout")
        for r in offload_rows(prefix)
        if r.get("mode") == "system_prefill"
        and r["system"] == "framework-desktop-ai-max-395-128gb"
        and catalog.get("models", r["model"]).linear_attention is not None
    ]
    assert len(hybrids) == 4
    for row in hybrids:
        est, measured = offload_prediction(catalog, row)
        assert est == pytest.approx(measured, rel=0.10), row["model"]


def test_the_delta_rule_runs_in_whole_chunks_and_only_for_hybrids(catalog: Catalog) -> None:
    """A prompt pays per 64-token chunk (llama.cpp's CHUNK_SIZE): 65 tokens cost two chunks, as 128 do; a model without
    Gated DeltaNet layers pays nothing."""
    hybrid = catalog.get("models", "qwen3.5-35b-a3b")
    assert DELTA_NET_CHUNK == 64
    per_chunk = hybrid.recurrent_layers * hybrid.linear_attention.num_value_heads * CAL.llamacpp_delta_net_chunk_s
    assert delta_net_prompt_seconds(hybrid, 64) * 64 == pytest.approx(per_chunk)
    assert delta_net_prompt_seconds(hybrid, 65) * 65 == pytest.approx(2 * per_chunk)
    assert delta_net_prompt_seconds(hybrid, 128) * 128 == pytest.approx(2 * per_chunk)
    assert delta_net_prompt_seconds(catalog.get("models", "qwen3-30b-a3b"), 512) == 0.0


def test_the_explanation_names_the_chunk_time_and_the_builds_it_was_measured_on(catalog: Catalog) -> None:
    """The delta rule's time is a measured figure of llama.cpp builds of May-June 2026 (Strix Halo Vulkan 9187-9193,
    MI100 HIP) and differs by card at those builds (hybrid45: ~1.1 us on an RTX 5090, PR #22587; 7-24 us on AMD
    gfx1151 / gfx906): the prompt's explanation says the figure and the builds, so a reader of another card or build
    knows what the estimate assumed."""
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=8192, prompt=4096)
    result = estimate(catalog.get("models", "qwen3.6-27b"), w, catalog.get("gpus", "rtx-3090"))
    (prefill,) = [s.said for s in result.steps if s.said is not None and s.said.code == "est.prefill"]
    (said,) = [r for r in prefill.fields["how"] if r.code == "est.how-delta-net"]
    assert said.fields["us"] == pytest.approx(13.0)
    assert said.fields["build"] == "2026-05"
    assert said.fields["layers"] == 48
