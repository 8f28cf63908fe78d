"""Apple's Mac refresh of 2026-08-25 (round 37): the M6 / M5 Pro Mac mini and the M5 Max / M5 Ultra Mac Studio.

Sources (each named where it is used):
- ggml-org/llama.cpp discussion #4167 ('Performance of llama.cpp on Apple Silicon M-series'), the M5 Max (40-core GPU,
  614 GB/s) row of June 2026 with the GPU's Neural Accelerators (Metal 4 tensor API, backend MTL,BLAS): LLaMA 2 7B Q4_0
  pp512 3,347 tokens/s, as relayed in the stored corpus (tests/data/fit_offload.toml's note; not a fitted row: the
  prompt share APPLE_PREFILL_SHARE is fitted on M1 Max / M1-M3 Ultra / M4 Max rows only, so this row is held out).
- Apple's newsroom of 2026-08-25 (apple.com/newsroom/2026/08/apple-unveils-a-more-powerful-mac-mini-featuring-the-all-
  new-m6-and-m5-pro/), as relayed by a fact-check dated 2026-09-08: the M6 Mac mini 'up to 4.8 times faster LLM prompt
  processing than the M4 Mac mini', the M5 Pro 'up to 4 times faster than the M4 Pro' (LM Studio, Apple's testing).
- US launch prices of 2026-08-25: rlindsey2/sunkcost data/hardware.json @660d14ed (M6 16 GB 899, M5 Max 36 GB 2,499,
  M5 Ultra 96 GB 5,499 USD), which also marks the M4 / M4 Pro Mac minis and the M4 Max / M3 Ultra Mac Studios
  'Discontinued 2026-08-25'.

The new chips' GPU FP16 rate is 4x the M4 family's per-core FP32 (a Neural Accelerator in each GPU core: Apple's 'over
4x peak GPU compute for AI'), the rule the M5 Max MacBook Pro entry already used; these tests hold it to the one
published llama.cpp prompt rate with the accelerators and to Apple's own 'up to' claims.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.models import System
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from configurator.core.solve.pricing import quote
from configurator.storage import catalogs

CATALOG = catalogs.load(include_user=False).catalog


def _system(system_id: str) -> System:
    system = CATALOG.get("systems", system_id)
    assert isinstance(system, System)
    return system


def _pp512(system_id: str) -> float:
    """llama-bench pp512 of LLaMA 2 7B Q4_0: a 512-token prompt on an empty context, the whole model on the GPU."""
    workload = Workload(kind="inference", precision="q4_0", engine="llama.cpp", context=512, prompt=512)
    result = estimate(CATALOG.get("models", "llama-2-7b"), workload, system_gpu(_system(system_id), 1.0))
    assert result.prefill_tokens_per_s is not None
    return result.prefill_tokens_per_s


def test_m5_max_prompt_rate_is_within_10_percent_of_the_neural_accelerator_run() -> None:
    """#4167's M5 Max row with the Neural Accelerators (June 2026): pp512 3,347 tokens/s. The MacBook Pro and the Mac
    Studio carry the same chip, so they estimate the same prompt rate."""
    laptop = _pp512("macbook-pro-14-m5-max-40c-128gb")
    studio = _pp512("mac-studio-m5-max-40c-128gb")
    assert abs(laptop / 3347 - 1) <= 0.10, laptop
    assert studio == pytest.approx(laptop)


@pytest.mark.parametrize(
    ("new", "old", "up_to"),
    [
        ("mac-mini-m6-12c-16gb", "mac-mini-m4-10c-16gb", 4.8),  # Apple: M6 Mac mini vs M4 Mac mini, LM Studio
        ("mac-mini-m5-pro-16c-24gb", "mac-mini-m4-pro-16c-24gb", 4.0),  # Apple: M5 Pro vs M4 Pro
    ],
)
def test_new_mac_mini_prompt_speedup_stays_within_apples_up_to_claim(new: str, old: str, up_to: float) -> None:
    """The Neural Accelerators make the new Mac minis' prompts several times faster than the M4 family's, and not
    faster than Apple's own 'up to' figure for them."""
    ratio = _pp512(new) / _pp512(old)
    assert 2.5 <= ratio <= up_to, ratio


def test_the_replaced_macs_are_not_offered_new_and_their_successors_are() -> None:
    """Apple replaced the M4 / M4 Pro Mac minis and the M4 Max / M3 Ultra Mac Studios on 2026-08-25: their launch or
    June 2026 prices are history, not an offer; the successors sell at their launch prices (sunkcost @660d14ed)."""
    for retired in (
        "mac-mini-m4-10c-16gb",
        "mac-mini-m4-10c-24gb",
        "mac-mini-m4-pro-16c-24gb",
        "mac-mini-m4-pro-16c-48gb",
        "mac-studio-m4-max-32c-36gb",
        "mac-studio-m3-ultra-60c-96gb",
    ):
        assert quote(_system(retired), CATALOG, "USD", "new") is None, retired
    for successor, amount in (
        ("mac-mini-m6-12c-16gb", 899.0),
        ("mac-mini-m5-pro-16c-24gb", 1699.0),
        ("mac-studio-m5-max-32c-36gb", 2499.0),
        ("mac-studio-m5-ultra-64c-96gb", 5499.0),
    ):
        offer = quote(_system(successor), CATALOG, "USD", "new")
        assert offer is not None and offer.amount == amount, successor


def test_m5_ultra_is_two_m5_max_dies() -> None:
    """The M5 Ultra joins two M5 Max dies (the Hacker News digests of 2026-08-25: '4.4 TB/s die-to-die', 1.2 TB/s of
    memory bandwidth): the 80-core part's GPU rates are twice the 40-core M5 Max's, its bandwidth about twice 614."""
    ultra = _system("mac-studio-m5-ultra-80c-256gb").unified
    m5_max = _system("mac-studio-m5-max-40c-128gb").unified
    assert ultra is not None and m5_max is not None
    assert ultra.gpu_fp16_tflops == pytest.approx(2 * m5_max.gpu_fp16_tflops)
    assert ultra.bandwidth_gbps == pytest.approx(2 * m5_max.bandwidth_gbps, rel=0.03)
