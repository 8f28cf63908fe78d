"""`estimate --json` ranges read the factors of the regime the estimate is in (issue #29; ranges.speed_regime)."""

from __future__ import annotations

import pytest

from configurator.core.estimate.ranges import BATCHED, OTHER_VENDORS, RANGE_FACTORS, REGIME_RANGE_FACTORS
from tests.helpers import run_clis

BASE = ("estimate", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m", "--json")


def test_an_estimate_s_decode_range_is_its_regime_s() -> None:
    """One user on an RTX 4090 reads the kind's decode factors; eight users read the batched regime's; one user on an
    RX 7900 XTX the other vendors' (each derived from that regime's own cross-validated rows: ranges.py)."""
    runs = run_clis(
        [*BASE, "--gpu", "rtx-4090"],
        [*BASE, "--gpu", "rtx-4090", "--engine", "llama.cpp", "--batch", "8"],
        [*BASE, "--gpu", "rx-7900-xtx"],
    )
    expected = [
        RANGE_FACTORS["decode_speed"],
        REGIME_RANGE_FACTORS[("decode_speed", BATCHED)],
        REGIME_RANGE_FACTORS[("decode_speed", OTHER_VENDORS)],
    ]
    assert len(set(expected)) == 3  # three different ranges, so each check below tells them apart
    for run, (low, high) in zip(runs, expected, strict=True):
        assert run.code == 0, run.err
        data = run.json()
        decode = data["speed"]["decode_tokens_per_s"]
        got = data["ranges"]["speed.decode_tokens_per_s"]
        # four significant digits, rounded outward (EstimateResult.to_json)
        assert got[0] == pytest.approx(decode * low, rel=2e-3) and got[1] == pytest.approx(decode * high, rel=2e-3)
