"""MoE decode on llama.cpp's SYCL backend by build (issue #29, sycl45): a fixed time per touched expert and MoE layer
(backends.MOE_EXPERT_COSTS), from fit-side sources only (ggml-org/llama.cpp PRs #25217 and #21920; the split rule puts
both URLs on the fitted side: sha256 digits 0 and 1). The held-out rows it is scored on (PMZFX's Arc Pro B70 table, PR
#24452's B60) are not read here."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.backends import moe_expert_cost
from configurator.core.estimate.estimator import CAL, estimate, llamacpp_build
from configurator.core.estimate.workload import Workload


def _decode(
    catalog: Catalog, model: str, precision: str, gpu: str, build: str, backend: str = "sycl"
) -> tuple[float, list[str]]:
    w = Workload(kind="inference", precision=precision, engine="llama.cpp", context=128)
    cal = llamacpp_build(build, backend, True)
    result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), cal=cal)
    assert result.decode_tokens_per_s is not None
    return result.decode_tokens_per_s, [r.code for r in result.assumption_codes]


def test_current_sycl_build_reads_the_b70_moe_measurement(catalog: Catalog) -> None:
    """ggml-org/llama.cpp PR #25217 (newjordan, 'sycl: add fused top-k MoE', merged July 2026): Arc Pro B70,
    Qwen3.5-MoE 35B-A3B Q5_K_M, -ngl 99 -fa 1, tg128 89.51 tokens/s with the fused router (86.74 without). The fact the
    SYCL expert cost of July 2026 is fitted on; before it the estimate read 114 (+28 %). A plan (today's build) reads it."""
    rate, codes = _decode(catalog, "qwen3.5-35b-a3b", "q5_k_m", "arc-pro-b70", "2026-07")
    assert rate == pytest.approx(89.51, rel=0.02)
    assert "est.expert-cost" in codes
    plan = estimate(
        catalog.get("models", "qwen3.5-35b-a3b"),
        Workload(kind="inference", precision="q5_k_m", engine="llama.cpp", context=128),
        catalog.get("gpus", "arc-pro-b70"),
        cal=CAL,
    )
    assert plan.decode_tokens_per_s is not None and plan.decode_tokens_per_s < 100.0


def test_the_host_sync_before_the_fused_moe_kernel_is_priced(catalog: Catalog) -> None:
    """PR #21920 ('sycl : fused MoE mul_mat_vec_q for TG', April 2026: one MMVQ launch for the selected experts that
    "reads expert IDs directly, removing a per-call host sync"): on an Arc Pro B60, Qwen3.5-35B-A3B-Q4_K_S went from 38
    to 50 tokens/s. A build before the fused path takes exactly that much longer a token than today's on the same card
    and model (40 MoE layers x 8 experts a token)."""
    before, _ = _decode(catalog, "qwen3.5-35b-a3b", "q4_k_m", "arc-pro-b60", "2026-04")
    after, _ = _decode(catalog, "qwen3.5-35b-a3b", "q4_k_m", "arc-pro-b60", "2026-07")
    assert 1 / before - 1 / after == pytest.approx(1 / 38 - 1 / 50, rel=0.01)
    old = moe_expert_cost("sycl", "2026-04")
    new = moe_expert_cost("sycl", "9999")
    assert old is not None and new is not None
    assert old.source.endswith("/pull/21920") and new.source.endswith("/pull/25217")


def test_only_sycl_quantized_moe_decode_pays_it(catalog: Catalog) -> None:
    """The cost is the SYCL mul_mat_id path's: a dense model, 16-bit experts (another path, unmeasured) and the same
    Intel card under Vulkan (device-side expert ids, backends.MOE_EXPERT_SHARE) pay none of it."""
    assert moe_expert_cost("vulkan") is None and moe_expert_cost("cuda") is None
    _, dense = _decode(catalog, "qwen3.5-27b", "q4_k_m", "arc-pro-b70", "2026-07")
    _, bf16 = _decode(catalog, "qwen3.5-35b-a3b", "bf16", "arc-pro-b70", "2026-07")
    _, vulkan = _decode(catalog, "qwen3.5-35b-a3b", "q4_k_m", "arc-pro-b70", "2026-07", backend="vulkan")
    assert "est.expert-cost" not in dense + bf16 + vulkan
