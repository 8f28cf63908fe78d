"""What a GPU's board power buys in speed: the one rule (build rules R20) the estimator, the checks and the plan read
(rules.watts re-exports it). A module of its own below the rules package, so that an estimate, which imports no rule
(tests/cli/test_cli_startup.py), reads the same figures the plan's capped builds do."""

from __future__ import annotations

from dataclasses import dataclass

TRAINING_POWER_CURVE: tuple[tuple[float, float], ...] = (
    (200 / 350, 0.60),
    (230 / 350, 0.83),
    (250 / 350, 0.853),
    (0.8, 0.94),
    (300 / 350, 0.943),
    (1.0, 1.0),
)
"""Share of full compute-bound speed (prefill, training) kept at a share of the rated power: measured points on RTX 3090s
joined by straight lines.
- 80 % -> 0.94: Puget Systems' four RTX 3090 at 280 of 350 W kept "over 95 %" of their TensorFlow training speed
  (pugetsystems.com/labs/hpc/quad-rtx3090-gpu-wattage-limited-maxq-tensorflow-performance-1974, 2020-11-13); a timm
  ViT-B/16 TF32 training run on one RTX 3090 kept 90 % of its 480 W speed at 280 W (blog.qwertyforce.dev/posts/
  optimal_power_limit, read 2026-12-04), ~93 % of its speed at the rated 350 W (that run's curve is at ~96.5 % there,
  between its 320 W point, 95 %, and 480 W): their mean.
- 230 W (66 %) -> 0.83: the same TF32 run's 80 % of its 480 W speed.
- 200 / 250 / 300 W -> 0.60 / 0.853 / 0.943: llama.cpp prefill of MiniMax M2.5 (UD-IQ2_M, 198K context) on six RTX
  3090, 5,941 / 8,436 / 9,326 against 9,893 tokens/s at 350 W (llmgarage.ai/power-limit-tokens-per-second-benchmark,
  2026-02).
The 70 % cap reads 0.85. Below 200 W (57 %) the lowest segment continues (the same sweep's 150 W kept 26 %), floored at
25 %. Not the 92 % the decode line gives at 70 %: compute-bound work pays for watts where memory-bound decoding does not
(the same sweep's decode kept 97 % at 250 W; nodehome.ai: three RTX 3090 at 300 -> 250 W lost ~27 % of gpu-burn's FP32
throughput, the far end of it)."""


@dataclass(frozen=True)
class PowerSpeed:
    """The one rule of what a GPU's board power buys in speed (build rules R20), read by the estimator and the plan
    alike: a board sustains dense GEMMs at its rated watts times a measured TFLOPS per watt where that bounds it
    (`sustained_tflops`: the estimator's training and prompt-processing bound, estimator.desktop_power_bound and
    llamacpp_prefill_tflops), and under a power cap keeps the share of that speed `share` gives (the plan's capped
    builds, candidates.with_power_limit). The per-watt figure is measured at the rated power; below it the measured
    curve, not a straight line through the per-watt figure: a capped card runs lower on its voltage-frequency curve and
    does more work per watt (TRAINING_POWER_CURVE: 70 % of the watts keeps 85 % of the speed, not 70 %).

    Decoding (memory-bound, `compute_bound` False): a straight line through 80 % power -> 95 % speed, floored at 70 %,
    on the cautious side of the measurements (club-3090: 5-7 % decode loss at 290 of 350 W; jeanfbrito.github.io: an
    RTX 3090 at 280 W lost under 1 % of llama.cpp's decode speed; llmgarage.ai: six RTX 3090 kept 97 % of their decode
    at 250 W). Prefill and training (compute-bound): TRAINING_POWER_CURVE."""

    curve: tuple[tuple[float, float], ...] = TRAINING_POWER_CURVE
    decode_loss_per_share: float = 0.25
    decode_floor: float = 0.7
    compute_floor: float = 0.25

    def share(self, limit: float | None, compute_bound: bool = False) -> float:
        """Share of full speed kept at `limit` (a share of rated power; None or 1.0: full power)."""
        if limit is None or limit >= 1.0:
            return 1.0
        if not compute_bound:
            return max(self.decode_floor, 1.0 - self.decode_loss_per_share * (1.0 - limit))
        points = self.curve
        # the segment the limit falls in; below the lowest point, the lowest segment continued
        (lo, lo_speed), (hi, hi_speed) = next(
            ((a, b) for a, b in zip(points, points[1:], strict=False) if a[0] <= limit <= b[0]),
            (points[0], points[1]),
        )
        return max(self.compute_floor, lo_speed + (hi_speed - lo_speed) * (limit - lo) / (hi - lo))

    def sustained_tflops(self, rated_w: float, per_watt: float, limit: float | None = None) -> float:
        """Dense-GEMM TFLOPS a board of `rated_w` watts sustains at `per_watt` TFLOPS per rated watt, at `limit`
        (a share of its rated power; full power when None): the per-watt bound and the cap's curve in one figure."""
        return rated_w * per_watt * self.share(limit, compute_bound=True)


POWER_SPEED = PowerSpeed()
