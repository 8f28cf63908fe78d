"""80 % ranges around each figure, from the leave-one-source-out cross-validated errors of its kind.

`RANGE_FACTORS[kind] = (low, high)`: the measured value was between estimate x low and
estimate x high for 80 % of the reference rows when each source was left out of the fit
(`python benchmarks/accuracy.py --ranges` prints them; crossval.interval_factors). Holdout
rows (tests/data/holdout_*.toml) check how often the range holds on rows never fitted on.
"""

from __future__ import annotations

# kind of estimate -> (low, high) multipliers; low <= 1 <= high
RANGE_FACTORS: dict[str, tuple[float, float]] = {
    "inference_memory": (0.90, 1.10),
    "weights": (0.93, 1.05),
    "finetune_memory": (0.75, 1.25),
    "decode_speed": (0.75, 1.35),
    "prefill_speed": (0.6, 1.4),
    "training_gpu_hours": (0.7, 1.5),
}

# `estimate --json` "ranges" key (EstimateResult.to_json dotted path) -> kind whose factors apply
RANGE_KINDS_INFERENCE: dict[str, str] = {
    "memory.per_gpu_bytes": "inference_memory",
    "memory.total_bytes": "inference_memory",
    "memory.breakdown_bytes.weights": "weights",
    "speed.decode_tokens_per_s": "decode_speed",
    "speed.prefill_tokens_per_s": "prefill_speed",
}
RANGE_KINDS_TRAINING: dict[str, str] = {
    "memory.per_gpu_bytes": "finetune_memory",
    "memory.total_bytes": "finetune_memory",
    "memory.breakdown_bytes.weights": "weights",
    "time.gpu_hours": "training_gpu_hours",
    "time.wall_hours": "training_gpu_hours",
}


def figure_range(value: float, kind: str) -> tuple[float, float]:
    """The 80 % range of one figure: (value x low, value x high)."""
    low, high = RANGE_FACTORS[kind]
    return value * low, value * high
