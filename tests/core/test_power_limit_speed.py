"""Speed kept under a GPU power limit (build rules R20): decoding is memory-bound and loses little; prefill and
training are compute-bound and lose more, read off measured caps (rules.watts.TRAINING_POWER_CURVE).

Sources: Puget Systems, four RTX 3090 at 280 of 350 W kept "over 95 %" of their TensorFlow training speed
(pugetsystems.com/labs/hpc/quad-rtx3090-gpu-wattage-limited-maxq-tensorflow-performance-1974, 2020-11-13);
blog.qwertyforce.dev/posts/optimal_power_limit (read 2026-12-04): one RTX 3090's timm ViT-B/16 TF32 training kept
80 % / 90 % / 95 % of its 480 W speed at 230 / 280 / 320 W; jeanfbrito.github.io (2026): llama.cpp decode on an RTX
3090 lost under 1 % at 280 W; llmgarage.ai/power-limit-tokens-per-second-benchmark (2026-02): six RTX 3090 under
llama.cpp, prefill 9,893 / 9,326 / 8,436 / 5,941 tokens/s at 350 / 300 / 250 / 200 W, decode 72.6 / 72.1 / 70.7 / 68.3; nodehome.ai: three RTX 3090 at 300 -> 250 W lost ~27 % of gpu-burn's throughput.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.rules.watts import TRAINING_POWER_CURVE, power_limit_speed
from configurator.core.solve.candidates import with_power_limit


def test_full_power_and_no_limit_keep_full_speed() -> None:
    for bound in (False, True):
        assert power_limit_speed(None, bound) == 1.0
        assert power_limit_speed(1.0, bound) == 1.0


@pytest.mark.parametrize(("watts", "kept_of_480w"), [(230, 0.80), (280, 0.90), (320, 0.95)])
def test_training_curve_follows_the_measured_3090_caps(watts: int, kept_of_480w: float) -> None:
    """The qwertyforce run's shares of its 480 W speed, over its ~96.5 % at the rated 350 W, within 2 points."""
    kept = power_limit_speed(watts / 350, compute_bound=True)
    assert kept == pytest.approx(kept_of_480w / 0.965, abs=0.02)


@pytest.mark.parametrize(("watts", "prefill"), [(200, 5941), (250, 8436), (300, 9326)])
def test_prefill_curve_follows_the_measured_six_3090_sweep(watts: int, prefill: int) -> None:
    """llmgarage.ai (2026-02): llama.cpp prefill of MiniMax M2.5 on six RTX 3090, 9,893 tokens/s at 350 W."""
    assert power_limit_speed(watts / 350, compute_bound=True) == pytest.approx(prefill / 9893, abs=0.01)


def test_training_at_80_percent_is_between_the_two_measurements() -> None:
    """Puget's quad: over 95 %; the single card's TF32 run: ~93 %."""
    assert 0.93 <= power_limit_speed(0.8, compute_bound=True) <= 0.95


def test_training_loses_more_than_decoding_under_the_same_cap() -> None:
    for limit in (0.5, 0.6, 0.7, 0.8, 0.9):
        assert power_limit_speed(limit, compute_bound=True) <= power_limit_speed(limit)


def test_the_70_percent_training_cap_is_not_the_old_straight_line() -> None:
    """The line through Puget's point alone said 92.5 % at 70 %; between the measured caps it is ~85 %."""
    assert power_limit_speed(0.7, compute_bound=True) == pytest.approx(0.85, abs=0.01)
    assert power_limit_speed(0.7) == pytest.approx(0.925)


def test_curve_is_monotone_and_floored() -> None:
    limits = [0.5 + i / 100 for i in range(51)]
    speeds = [power_limit_speed(x, compute_bound=True) for x in limits]
    assert speeds == sorted(speeds)
    assert min(speeds) >= 0.25
    assert TRAINING_POWER_CURVE[-1] == (1.0, 1.0)


def test_a_capped_estimate_slows_decode_and_training_by_their_own_shares(catalog: Catalog) -> None:
    gpu = catalog.records["gpus"]["rtx-3090"]
    model = catalog.records["models"]["llama-3.1-8b"]
    inference = estimate(model, Workload(kind="inference", precision="q4_k_m", context=4096), gpu, 1)
    capped = with_power_limit(inference, 0.7)
    assert capped.decode_tokens_per_s == pytest.approx(inference.decode_tokens_per_s * 0.925)
    assert capped.prefill_tokens_per_s == pytest.approx(inference.prefill_tokens_per_s * power_limit_speed(0.7, True))
    said = next(r for r in capped.assumption_codes if r.code == "est.power-limited")
    assert said == Reason.of("est.power-limited", limit=0.7, decode=0.925, compute=power_limit_speed(0.7, True))
    assert english(said) in capped.assumptions
    assert "85% of full prefill and training speed" in english(said)

    training = estimate(model, Workload(kind="finetune", method="qlora", context=2048, tokens=1e7), gpu, 1)
    slowed = with_power_limit(training, 0.8)
    assert slowed.wall_hours == pytest.approx(training.wall_hours / power_limit_speed(0.8, True))


def test_capped_request_validates_its_limit() -> None:
    """The request's own bounds: a cap under 50 % is refused (the curve is floored there)."""
    with pytest.raises(ValueError):
        BuildRequest.model_validate({"power_limit": 0.3, "workload": {"kind": "inference"}, "model": "x"})


def test_a_power_bound_card_capped_reads_the_one_power_rule(catalog: Catalog) -> None:
    """One rule of watts -> speed (rules.watts.POWER_SPEED): the estimator's power bound on a workstation card (an RTX
    6000 Ada's 300 W at Ada's measured TFLOPS per watt, below its spec-sheet peak) and the plan's cap read the same
    object, so a card capped to 70 % trains at the measured curve's share of its power-bound rate (0.85 on the RTX 3090
    sweeps above), not at 70 % of it (the per-watt figure read as a straight line through the capped watts)."""
    from configurator.core.estimate.estimator import desktop_power_bound, power_rate, training_peak_flops
    from configurator.core.rules.watts import POWER_SPEED

    gpu = catalog.records["gpus"]["rtx-6000-ada"]
    per_watt, _ = power_rate(gpu) or (0.0, None)
    bound = POWER_SPEED.sustained_tflops(gpu.tdp_w, per_watt)
    assert desktop_power_bound(gpu) == pytest.approx(bound * 1e12)
    assert training_peak_flops(gpu) == pytest.approx(bound * 1e12)  # power-bound: below its bf16 peak
    model = catalog.records["models"]["llama-3.1-8b"]
    training = estimate(model, Workload(kind="finetune", method="lora", context=2048, tokens=1e7), gpu, 1)
    capped = with_power_limit(training, 0.7)
    kept = POWER_SPEED.sustained_tflops(gpu.tdp_w, per_watt, 0.7) / bound
    assert kept == pytest.approx(0.853, abs=0.01)
    assert capped.wall_hours == pytest.approx(training.wall_hours / kept)
