"""llama.cpp's Vulkan backend on hybrid (Gated DeltaNet) models, one AMD or Intel card (issue #29, amd47): what a buyer
choosing a Radeon AI PRO R9700 or an Arc Pro B70 for Qwen3.6-35B-A3B relies on. Each test names its measurement."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate import backends
from configurator.core.estimate.estimator import linear_attention_layers
from tests.reference import decode_speed, excluded_rows, kind_rows

R9700 = "https://github.com/dp-craft/r9700/blob/1a696a5d7d9c5e81e52b3b3a3fc577a89d583c90/docs/analysis/2026-07-11-1833-sweep-35b-rocm-vs-vulkan.md"
"""dp-craft's R9700 sweep of 2026-07-11, llama.cpp b9950: Qwen3.6-35B-A3B UD-Q4_K_M tg128 Vulkan (RADV) 115.0, depth
32768 99.5 tokens/s."""
B70 = "https://github.com/GoodOlClint/homelab/blob/1d6ce6e8cbe08dab093ae91b3a7cc8fd27a10e4b/docs/llm-bench-results.md"
"""GoodOlClint's Arc Pro B70 suite of 2026-09-14, llama.cpp 41abbfd (10968), Mesa 26.2.2 ANV: Qwen3.6-35B-A3B 88.31,
Qwen3.8-27B 22.99, Qwen3-30B-A3B 109.92 tokens/s (tg128); on Mesa 26.0.8 the same build read 39.87, 14.69, 66.18."""


def _vulkan_hybrid_rows() -> list[dict[str, object]]:
    rows = [r for r in kind_rows("decode_speed") if r["source"] in (R9700, B70)]
    return [r for r in rows if r.get("llamacpp_backend") == "vulkan" and r["model"] != "qwen3-30b-a3b"]


def test_vulkan_hybrid_rows_are_read_within_a_fifth(catalog: Catalog) -> None:
    """R9700 and B70: the four fit-side Vulkan rows of hybrid models (115.0, 99.5, 88.31, 22.99 tokens/s) each within
    20 % of the estimate; before the Vulkan DeltaNet cost (backends.LINEAR_LAYER_COST) the B70's Qwen3.6 read +42 %."""
    comparisons, skipped = decode_speed(catalog, _vulkan_hybrid_rows())
    assert not skipped
    assert sorted(round(c.measured, 2) for c in comparisons) == [22.99, 88.31, 99.5, 115.0]
    for c in comparisons:
        assert abs(c.error) <= 0.20, (c.measured, c.error)


def test_vulkan_pays_a_measured_cost_per_deltanet_layer(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """R9700 (115.0 tokens/s at depth 0): Qwen3.6-35B-A3B's 30 Gated DeltaNet layers each add the Vulkan figure to a
    step; without it the same row reads the card above the measurement (about +13 %)."""
    assert linear_attention_layers(catalog.get("models", "qwen3.6-35b-a3b")) == 30
    row = [r for r in _vulkan_hybrid_rows() if r["source"] == R9700 and r["context"] == 128]
    (with_cost,), _ = decode_speed(catalog, row)
    shipped = backends.linear_layer_cost("vulkan")
    assert shipped is not None and 20e-6 < shipped < 200e-6
    monkeypatch.setitem(backends.LINEAR_LAYER_COST, "vulkan", (0.0, ""))
    (without,), _ = decode_speed(catalog, row)
    step_added = 1 / with_cost.estimated - 1 / without.estimated
    assert step_added == pytest.approx(30 * shipped, rel=0.01)
    assert without.error > 0.10 and abs(with_cost.error) < 0.10


def test_old_mesa_rows_are_kept_out_with_their_reason() -> None:
    """B70 (Mesa 26.0.8 -> 26.2.2 on build 41abbfd: 39.87 -> 88.22): the old driver's rows are kept for the record but
    not scored, since the estimate has no driver input; the reason names the driver A/B."""
    rows = [r for r in excluded_rows("decode_speed") if r["source"] == B70]
    assert sorted(float(r["measured_tokens_per_s"]) for r in rows) == [14.69, 39.87, 66.18]
    assert all("Mesa 26.0.8" in str(r["excluded"]) for r in rows)
