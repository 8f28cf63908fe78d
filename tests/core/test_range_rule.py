"""Every 80 % range factor ranges.py ships is the one rule's answer on the stored leave-one-source-out errors (issue #29).

The rule is crossval.regime_range_factors as benchmarks/accuracy.rule_factors applies it per regime (Weibull-position
quantiles of every sum of one source's bias and one row's scatter, each regime's own biases and scatter when it passes
the gate, else the kind's), rounded outward to 0.01 (the weights' to 0.001). The leave-one-source-out refits take half
an hour and more for training and decode on a shared machine, so `python benchmarks/accuracy.py --write-cv KIND` stores
each cross-validated row's point, dated, in tests/data/cv/KIND.json (accuracy.write_cv), and these tests read it: a factor
set by hand, or left behind when the estimator moved the rows it was derived from, fails here (dense35, round 35).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from configurator.core.estimate.crossval import POOLED_KINDS, coverage, rounded
from configurator.core.estimate.ranges import (
    BATCHED,
    MOE_TRAINING,
    OFFLOAD,
    RANGE_FACTORS,
    REGIME_RANGE_FACTORS,
    STEADY_STATE,
    STEADY_STATE_HOURS,
)
from configurator.storage import catalogs
from tests.helpers import accuracy_benchmark
from tests.reference import at_fitted_sequences, kind_rows, points

ROOT = Path(__file__).resolve().parents[2]
CV_DIR = ROOT / "tests" / "data" / "cv"
BAND = (0.75, 0.90)  # issue #29: an 80 % range holds 75-90 % of the rows it was not fitted on


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


@pytest.fixture(scope="module")
def accuracy() -> Any:
    return accuracy_benchmark()


# The kinds whose folds are stored (a kind not stored names why in NOT_STORED). Decode's since decode36 (round 36): its
# full refits took 3 CPU-minutes once the folds shared their trial scores (benchmarks/accuracy.py _Kind.score).
STORED = (
    "inference_memory",
    "weights",
    "finetune_memory",
    "prefill_speed",
    "first_token",
    "training_gpu_hours",
    "decode_speed",
)
NOT_STORED: dict[str, str] = {}

# Factors in ranges.py that are not a stored kind's rule answer, each with its reason (ranges.py says the same).
NOT_THE_RULE = {
    ("training_gpu_hours", STEADY_STATE): (
        "on the 22 dense steady-state rows from 7 sources the rule answers x0.89..x1.14: cross-validated 20 of 22, but 20 "
        "of the 56 held-out steady-state rows at the fitted sequences (36 %) where x0.77..x1.16 holds 46 (82 %); past "
        "8,192 tokens neither holds (warn.training-long-sequence); dense35, train36, steady37 and long38 (the low end "
        "0.75 -> 0.77, toward the rule's answer, once plain FP8 steps' attention stayed in BF16), docs/estimates.md "
        "rounds 35-38"
    ),
    ("decode_speed", OFFLOAD): (
        "the offload figures' own rule answer x0.69..x1.86 holds 94 % of their held-out rows and 69 % nested; they "
        "read the rowsdec27 kind's range (decode31, docs/estimates.md round 31)"
    ),
}


def _same(stored: float | None, now: float | None) -> bool:
    return stored is None and now is None or (stored is not None and now == pytest.approx(stored, rel=1e-6))


def test_the_stored_kinds_are_the_ones_on_disk() -> None:
    """Each stored file names its kind, its date and the command that wrote it; a kind is stored or says why not."""
    on_disk = {p.stem for p in CV_DIR.glob("*.json")}
    assert on_disk == set(STORED)
    assert not on_disk & set(NOT_STORED)
    for kind in STORED:
        data = json.loads((CV_DIR / f"{kind}.json").read_text(encoding="utf-8"))
        assert data["kind"] == kind and data["folds"] == "source"
        assert data["written"][:4] == "2026" and data["command"].endswith(f"--write-cv {kind}")


@pytest.mark.parametrize("kind", STORED)
def test_the_stored_folds_describe_the_current_rows_and_estimator(catalog: Any, accuracy: Any, kind: str) -> None:
    """The stored points are those of the current reference rows (each row's fingerprint: a row edited, added or removed
    makes the file stale), and the estimator still gives every row the estimate it gave when they were stored: a change
    that moves a fitted row moves its folds' errors too, so rerun `python benchmarks/accuracy.py --write-cv KIND` and
    re-derive the factors (`--stored-cv --ranges KIND` prints the rule's lines in seconds)."""
    pairs = accuracy.stored_cv(kind)
    data = json.loads((CV_DIR / f"{kind}.json").read_text(encoding="utf-8"))
    rows = kind_rows(kind)
    assert len({id(r) for r, _ in pairs}) == len(rows)
    now = {(i, p.label): p.estimated for i, r in enumerate(rows) for p in points(kind, catalog, [r])}
    moved = [
        (e["label"], e["fitted"], now[(e["row"], e["label"])])
        for e in data["rows"]
        if not _same(e["fitted"], now[(e["row"], e["label"])])
    ]
    assert not moved, f"{kind}: rerun benchmarks/accuracy.py --write-cv {kind}; moved since {data['written']}: {moved}"


@pytest.mark.parametrize(
    "kind",
    [k for k in STORED],
)
def test_every_shipped_factor_is_the_rule_s_answer_on_the_stored_folds(catalog: Any, accuracy: Any, kind: str) -> None:
    """Per regime the estimate assigns, the factors a user sees are the rule's answer on that kind's stored
    leave-one-source-out points, rounded outward: nothing set by hand, nothing from the holdout."""
    step = 0.001 if kind == "weights" else 0.01
    rules = accuracy.rule_factors(kind, accuracy.stored_cv(kind), catalog)
    assert rules
    for regime, (factors, how) in rules.items():
        if (kind, regime) in NOT_THE_RULE:
            continue
        shipped = REGIME_RANGE_FACTORS.get((kind, regime), RANGE_FACTORS[kind])
        assert shipped == pytest.approx(rounded(factors, step, kind in POOLED_KINDS)), (kind, regime, factors, how)


def test_the_steady_state_range_is_not_the_rule_s_answer_for_the_reason_given(catalog: Any, accuracy: Any) -> None:
    """The one training factor that is not the rule's answer (NOT_THE_RULE): the rule's answer on the dense steady-state
    rows' stored folds holds under 75 % of the held-out steady-state rows (torchtitan, FlashAttention, OLMo-core,
    llm-foundry, Answer.AI's fsdp_qlora, fms-fsdp ...), where the shipped factors hold 75-90 % of them. When the rule's
    answer holds the held-out rows too, this fails: ship it and drop the exception. (Until train36 the rule's answer also
    brought the cross-validated share into the band, 10 of 12; on train36's 22 rows, rounded outward, it holds 20 of 22,
    above the band as the shipped 21 of 22: no share it would mend.)"""
    kind = "training_gpu_hours"
    (factors, _how) = accuracy.rule_factors(kind, accuracy.stored_cv(kind), catalog)[STEADY_STATE]
    answer = rounded(factors, 0.01)
    assert answer != pytest.approx(STEADY_STATE_HOURS)
    cv = accuracy.regime_points(kind, accuracy.stored_cv(kind), catalog)[STEADY_STATE]
    # judged where the fitted rows reach (ranges.TRAINING_FITTED_SEQUENCE): past it the estimate says the range does
    # not hold (warn.training-long-sequence; steady37 added torchtitan's 32K-256K rows, 0 of 8 inside)
    held_pairs = [
        (r, p) for r in kind_rows(kind, "holdout") if at_fitted_sequences(r) for p in points(kind, catalog, [r])
    ]
    held = accuracy.regime_points(kind, held_pairs, catalog)[STEADY_STATE]
    assert len(held) >= 50
    assert coverage(cv, answer) >= BAND[0]
    assert coverage(held, answer) < BAND[0]
    assert BAND[0] <= coverage(held, STEADY_STATE_HOURS) <= BAND[1]


def test_every_factor_in_ranges_py_is_checked(catalog: Any, accuracy: Any) -> None:
    """Each (kind, regime) factor ranges.py holds is one a stored kind's rule derives, a rate read as its hours' range
    inverted, a kind not stored yet, or a named exception: a factor added any other way fails here."""
    derived: set[tuple[str, str]] = set()
    for kind in STORED:
        for regime in accuracy.rule_factors(kind, accuracy.stored_cv(kind), catalog):
            derived.add((kind, regime) if (kind, regime) in REGIME_RANGE_FACTORS else (kind, ""))
    # a rate is the inverse of a time: its factors are its hours' (ranges._rate_factors), checked as those are
    hours, moe = RANGE_FACTORS["training_gpu_hours"], REGIME_RANGE_FACTORS[("training_gpu_hours", MOE_TRAINING)]
    rates = {
        ("training_tokens_per_s", ""): hours,
        ("training_steady_tokens_per_s", ""): STEADY_STATE_HOURS,
        ("training_tokens_per_s", MOE_TRAINING): moe,
        ("training_steady_tokens_per_s", MOE_TRAINING): moe,
    }
    for key, (low, high) in rates.items():
        shipped = REGIME_RANGE_FACTORS[key] if key[1] else RANGE_FACTORS[key[0]]
        assert shipped == pytest.approx((1 / high, 1 / low)), key
    every = {(k, "") for k in RANGE_FACTORS} | set(REGIME_RANGE_FACTORS)
    unchecked = every - derived - set(rates) - set(NOT_THE_RULE) - {key for key in every if key[0] in NOT_STORED}
    assert not unchecked


@pytest.mark.parametrize("kind", STORED)
def test_cross_validated_coverage_per_regime_is_within_the_band(catalog: Any, accuracy: Any, kind: str) -> None:
    """Issue #29: every regime judged (REGIME_MIN_JUDGED rows) holds 75-90 % of its leave-one-source-out rows at the
    range the estimate gives each row, and so does the kind, as `benchmarks/accuracy.py --stored-cv KIND` prints it."""
    pairs = accuracy.stored_cv(kind)
    regimes = accuracy.regime_points(kind, pairs, catalog)
    # The kind's share pools its regimes' rows; a listed miss (CROSS_VALIDATED_MISSES, held to missing below) would carry
    # its one reason into the pool twice, so the kind is judged on its other regimes' rows. Training since train36: 47 of
    # 52 (90.4 %) with the steady-state rows at their named exception's 21 of 22, 26 of 30 (87 %) without them.
    missed = {id(p) for (k, regime) in CROSS_VALIDATED_MISSES if k == kind for p in regimes.get(regime, [])}
    answered = [p for _, p in pairs if p.estimated and id(p) not in missed]
    share = accuracy.assigned_coverage(answered, kind, catalog)
    assert BAND[0] <= share <= BAND[1], f"{kind}: {share:.0%} of {len(answered)}"
    for regime, pts in regimes.items():
        if len(pts) >= accuracy.REGIME_MIN_JUDGED and (kind, regime) not in CROSS_VALIDATED_MISSES:
            share = accuracy.assigned_coverage(pts, kind, catalog)
            assert BAND[0] <= share <= BAND[1], f"{kind} {regime}: {share:.0%} of {len(pts)}"


# Regimes whose cross-validated share misses the band, and why; test_a_listed_miss_still_misses holds each to it, so a
# change that brings one into the band must drop its entry.
# ep41: the MoE tensor-parallel entry ("28 of 30 (93 %, above the band) at the per-regime rule's x0.60..x1.61 since
# ranges40") went: with 72 fitted expert-parallel rows and their floor the regime's cross-validated rows are 102, 84 % in
# the band at the same factors
# merge41: the MoE tensor-parallel regime back on it. The merged folds do not prefer the per-regime rule for decode, so
# the regime (5 sources, one of them 78 of its 102 rows) does not pass the gate and reads the kind's biases and
# scatter, x0.75..x1.31: 74 of 102 cross-validated (73 %, below the band), 75 of 100 held out (in it); its own sources'
# answer, x0.41..x1.33 (the one tensor-parallel vLLM DeepSeek-V3.2 row's fold sets the low end), held 93 of 100 held out
# merge43: off it again. After moe43's busiest-rank EP wait decode prefers the per-regime rule, and the regime's own
# answer, x0.41..x1.32, holds 81 of 102 cross-validated (79 %), 93 of 100 held out
# merge44: decode's batched regime on it. Back on the gated rule, its own 6 sources' biases and rows' scatter give
# (0.768, 1.272), which holds 64 of 73 cross-validated (88 %); rounded outward to x0.76..x1.28 it holds 66 (90.4 %, a
# hair above the band); held out 105 of 122 (86 %)
CROSS_VALIDATED_MISSES = {
    ("training_gpu_hours", STEADY_STATE): "21 of 22 (95 %) at x0.77..x1.16, kept for the held-out rows (NOT_THE_RULE)",
    # ranges47: decode reads the partially pooled rule; the batched regime's answer (0.740, 1.283) rounded outward,
    # x0.73..x1.29, holds the same 66 of 73
    ("decode_speed", BATCHED): "66 of 73 (90.4 %) at x0.73..x1.29, the pooled rule's (0.740, 1.283) rounded outward",
}


@pytest.mark.parametrize(("kind", "regime"), sorted(CROSS_VALIDATED_MISSES))
def test_a_listed_miss_still_misses(catalog: Any, accuracy: Any, kind: str, regime: str) -> None:
    pts = accuracy.regime_points(kind, accuracy.stored_cv(kind), catalog)[regime]
    share = accuracy.assigned_coverage(pts, kind, catalog)
    assert not BAND[0] <= share <= BAND[1], (kind, regime, share, CROSS_VALIDATED_MISSES[(kind, regime)])
