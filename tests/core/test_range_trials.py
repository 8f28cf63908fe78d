"""Nameable regimes tried for an 80 % range of their own (issue #29, ranges40): ranges.CANDIDATE_REGIMES, crossval.try_regime.

Each candidate (MoE on one GPU, other vendors at any batch, llama.cpp's Vulkan backend, models under 3B, a training sequence
past the fitted ones) is split out of the regimes its stored leave-one-source-out rows are assigned (tests/data/cv/) and
its range derived by the one rule; ranges.py ships it only when the trial adopts it. These tests hold the shipped table
to the trials, and check that a trial's range is its own rows' and that a small regime reads the kind's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from configurator.core.estimate.crossval import (
    PER_REGIME_KINDS,
    POOLED_KINDS,
    per_regime_preferred,
    pooled_preferred,
    regime_range_factors,
    rounded,
    try_regime,
)
from configurator.core.estimate.ranges import (
    CANDIDATE_REGIMES,
    EXPERTS_IN_RAM,
    LLAMACPP_VULKAN,
    MOE_ONE_GPU,
    OFFLOAD,
    PAST_FITTED_SEQUENCE,
    REGIME_RANGE_FACTORS,
    SMALL_MODEL,
)
from configurator.storage import catalogs
from tests.helpers import accuracy_benchmark
from tests.reference import offload_cross_validated


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


@pytest.fixture(scope="module")
def accuracy() -> Any:
    return accuracy_benchmark()


# Candidates a trial adopts that are not wired into ranges.speed_regime, each with its reason; the test below holds each
# to being adopted and unshipped, so a round that wires it or whose folds stop adopting it must drop the entry.
ADOPTED_NOT_WIRED: dict[tuple[str, str], str] = {
    # ranges49 (issue #29): at decode's k estimated on its four assigned regimes (crossval.pooling_sources, 10.9) and
    # the pooled rule's answers rounded to the nearest 0.01, llama.cpp's Vulkan decode rows (10 from 3 sources) read
    # x0.73..x1.33 and hold 9 of 10 cross-validated, 8 of 10 nested, the four judged regimes still in the band: adopted.
    # Wired in, the kind would have five regimes and k, re-estimated on them, moves 10.9 -> 173 (the Vulkan sources'
    # typical misses sit at the others' mean, so the between-regime variance nearly vanishes): every decode regime
    # would read nearly the kind's range, which no trial measures. Left until k is stable to a split of ten rows
    # (docs/estimates.md, round 49)
    ("decode_speed", LLAMACPP_VULKAN): "adopted at the kind's k; wiring it re-estimates k 10.9 -> 173 (round 49)",
}


@pytest.mark.parametrize("kind", sorted(k for k in CANDIDATE_REGIMES if k != "offload"))
def test_a_candidate_regime_is_shipped_exactly_when_its_trial_adopts_it(catalog: Any, accuracy: Any, kind: str) -> None:
    """A candidate reads a range of its own (a REGIME_RANGE_FACTORS entry) if and only if try_regime adopts it on the
    stored folds, at the rule's answer, or is listed in ADOPTED_NOT_WIRED with its reason. When a merge re-derives the
    folds (`python benchmarks/accuracy.py --write-cv KIND`) and a verdict flips, this fails: wire the regime into
    ranges.speed_regime and ship its factors, or drop them."""
    trials = accuracy.regime_trials(kind, accuracy.stored_cv(kind), catalog)
    assert [t.regime for t in trials] == list(CANDIDATE_REGIMES[kind])
    for trial in trials:
        shipped = REGIME_RANGE_FACTORS.get((kind, trial.regime))
        if (kind, trial.regime) in ADOPTED_NOT_WIRED:
            assert trial.adopted and shipped is None, (kind, trial.regime, ADOPTED_NOT_WIRED[(kind, trial.regime)])
            continue
        assert (shipped is not None) == trial.adopted, (kind, trial.regime, trial.reason())
        if shipped is not None:
            assert shipped == pytest.approx(trial.factors)


def test_moe_on_one_gpu_is_tried_on_its_own_rows_and_not_adopted_for_the_reason_given(
    catalog: Any, accuracy: Any
) -> None:
    """On the folds of 2026-12-06 the MoE-on-one-GPU decode rows pass the gate (22 rows from 7 sources) and read their own
    range under decode's per-regime rule, but a source left out lands inside it for 16 of the 22 rows (73 %, below the
    band), and split out it takes another regime's nested share out of the band: not shipped (ranges.py). merge43's
    folds (moe43's busiest-rank EP wait): its own nested share is 17 of 22 (77 %, in the band), but split out it takes
    the other regimes' judged nested shares in the band from 3 to 2: still not shipped, for that reason. ranges47: under
    decode's partially pooled rule (crossval.POOLED_KINDS) its 7 sources weigh 7 / (7 + 9) and its range, x0.75..x1.27,
    holds 20 of its 22 cross-validated rows (91 %, above the band; nested 19 of 22): not shipped, for that reason; the
    MoE-on-one-GPU rows held out sit in the band at the regimes' ranges they read (81 % of 62). merge47's folds (moe47's
    and amd47's fit rows): 29 rows from 9 sources weigh 9 / (9 + 9), x0.74..x1.30 holds 24 of 29 cross-validated (83 %,
    in the band), but split out it takes the other regimes' judged nested shares in the band from 4 to 3: not shipped,
    merge43's reason again. ranges49 (k from the folds, 10.9; nearest rounding): 45 %, x0.74..x1.29, 24 of 29
    cross-validated and nested, the other regimes' judged shares 4 -> 3: the same verdict."""
    pairs = accuracy.stored_cv("decode_speed")
    (trial,) = [t for t in accuracy.regime_trials("decode_speed", pairs, catalog) if t.regime == MOE_ONE_GPU]
    assert trial.gap.met and trial.cv[1] >= 20
    assert "own sources' biases and rows' scatter weighted 45% (9 / (9 + 10.9), k from the kind's" in trial.how
    assert not trial.adopted
    assert "nested shares in the band 4 -> 3" in trial.reason()


def test_a_candidate_s_range_moves_with_its_own_cross_validated_rows_only(catalog: Any, accuracy: Any) -> None:
    """A regime that passes the gate reads its own sources' biases and its own rows' scatter: its rows measured 30 %
    faster move its range up, and the same change to every other row leaves it where it was."""
    pairs = accuracy.stored_cv("decode_speed")
    member = accuracy.candidate_member(MOE_ONE_GPU, pairs, catalog)
    groups = accuracy.regime_points("decode_speed", pairs, catalog)
    base = try_regime(groups, MOE_ONE_GPU, member, per_regime=True)  # the per-regime rule (PER_REGIME_KINDS)

    def scaled(pick: Any) -> dict[str, list[Any]]:
        return {r: [replace(p, measured=p.measured * 1.3) if pick(p) else p for p in pts] for r, pts in groups.items()}

    # the label and tags are kept, so membership is read from them as before
    mine = try_regime(scaled(member), MOE_ONE_GPU, member, per_regime=True)
    others = try_regime(scaled(lambda p: not member(p)), MOE_ONE_GPU, member, per_regime=True)
    assert mine.factors[1] > base.factors[1] + 0.2 and mine.factors[0] > base.factors[0]
    assert others.factors == base.factors


def test_a_small_regime_reads_the_kind_s_range(catalog: Any, accuracy: Any) -> None:
    """Guarded: the training rows past the fitted sequences (none) fall short of the gate, so they are not shipped.
    llama.cpp's Vulkan decode rows had too (5, one source); merge47's folds hold 10 from 3 sources (amd47's R9700 and
    B70 rows), which pass the gate, but their range held all 10 cross-validated rows (above the band): not shipped.
    Under decode's partially pooled rule their 3 sources weigh 3 / (3 + k) (ranges49: k 10.9 from the folds, 22 %), so
    their range stays within a few hundredths of the kind's; rounded to the nearest 0.01 it holds 9 of 10 (adopted:
    ADOPTED_NOT_WIRED says why it is not wired); under the gated rule a small regime reads the kind's range (the rule
    over every row), never its own extremes."""
    pairs = accuracy.stored_cv("decode_speed")
    (vulkan,) = [t for t in accuracy.regime_trials("decode_speed", pairs, catalog) if t.regime == LLAMACPP_VULKAN]
    assert vulkan.cv == (9, 10) and vulkan.adopted == (("decode_speed", LLAMACPP_VULKAN) in ADOPTED_NOT_WIRED)
    assert "weighted 22% (3 / (3 + 10.9)" in vulkan.how
    every = {"all": [p for _, p in pairs if p.estimated]}
    kind_answer = rounded(regime_range_factors(every, pooled=True)["all"][0], pooled=True)
    assert vulkan.factors == pytest.approx(kind_answer, abs=0.05)  # ranges49: x0.73..x1.33 against x0.69..x1.31
    groups = accuracy.regime_points("decode_speed", pairs, catalog)
    small = accuracy.candidate_member(SMALL_MODEL, pairs, catalog)  # 4 rows from 2 sources: short of the gate
    gated = try_regime(groups, SMALL_MODEL, small)
    assert "the kind's" in gated.how
    assert gated.factors == pytest.approx(rounded(regime_range_factors(every)["all"][0]))
    train = accuracy.stored_cv("training_gpu_hours")
    (past,) = accuracy.regime_trials("training_gpu_hours", train, catalog)
    assert past.regime == PAST_FITTED_SEQUENCE and past.cv == (0, 0) and not past.adopted
    assert "gate" in past.reason()


def test_the_accuracy_report_prints_each_trial(capsys: Any, accuracy: Any) -> None:
    """`benchmarks/accuracy.py --stored-cv --ranges decode_speed` prints every candidate's trial, its half-width, its
    held-out rows at the shipped ranges and at its own (reported), and its verdict."""
    assert accuracy.main(["--stored-cv", "--ranges", "decode_speed"]) == 0
    out = capsys.readouterr().out
    for regime in CANDIDATE_REGIMES["decode_speed"]:
        assert f"trial (crossval.try_regime) {regime}: x" in out
    assert "half-width" in out and "at the shipped ranges" in out


def test_the_offload_candidates_are_tried_on_the_offload_rows_left_out(catalog: Any, accuracy: Any) -> None:
    """Experts in RAM and unified memory are tried on the offload decode rows each source left out (15 and 21 rows); each
    falls short of the gate (experts in RAM: 9 of its 15 rows are GoodOlClint/homelab's one desktop since moe47, 3 more
    from other sources wanted; unified memory: llama.cpp's 12 of 21) and reads the offload regime's range, so neither is
    shipped: the offload figures keep ranges.OFFLOAD's factors."""
    trials = accuracy.offload_trials(offload_cross_validated(catalog))
    assert [t.regime for t in trials] == list(CANDIDATE_REGIMES["offload"])
    for trial in trials:
        assert trial.cv[1] > 0 and not trial.gap.met and not trial.adopted
        assert ("decode_speed", trial.regime) not in REGIME_RANGE_FACTORS
    experts = next(t for t in trials if t.regime == EXPERTS_IN_RAM)
    assert experts.cv[1] == 15 and experts.gap.largest == "github:goodolclint/homelab" and experts.gap.elsewhere == 3
    assert ("decode_speed", OFFLOAD) in REGIME_RANGE_FACTORS


STORED = ("inference_memory", "weights", "finetune_memory", "prefill_speed", "first_token", "training_gpu_hours")
STORED += ("decode_speed",)


@pytest.mark.parametrize(
    "kind",
    [k for k in STORED],
)
def test_a_kind_reads_the_per_regime_rule_exactly_when_its_folds_prefer_it(
    catalog: Any, accuracy: Any, kind: str
) -> None:
    """Each regime its own range (crossval.PER_REGIME_KINDS: own biases and scatter, each source once, no source's share
    gated) for the kinds whose stored folds hold more judged regimes' nested shares in the band with it than with the
    gated rule (crossval.per_regime_preferred); a tie keeps the gated rule. Since ranges40 decode (3 of 3 against 2) and
    training (3 of 3 against 2). A merge that re-derives the folds (`python benchmarks/accuracy.py --write-cv KIND`) and
    flips a choice fails here: move the kind in or out of PER_REGIME_KINDS and re-derive its factors
    (`--stored-cv --ranges KIND`)."""
    pairs = accuracy.stored_cv(kind)
    if kind == "inference_memory":
        pairs = [(r, p) for r, p in pairs if not accuracy.is_weights_row(p)]
    groups = accuracy.regime_points(kind, pairs, catalog) or {"all": [p for _, p in pairs if p.estimated]}
    step = 0.001 if kind == "weights" else 0.01
    assert (kind in PER_REGIME_KINDS) == per_regime_preferred(groups, step)


@pytest.mark.parametrize("kind", STORED)
def test_a_kind_reads_the_pooled_rule_exactly_when_its_folds_prefer_it(catalog: Any, accuracy: Any, kind: str) -> None:
    """The partially pooled rule (crossval.pooled_range_factors, POOLED_KINDS; ranges47) for the kinds whose stored folds
    hold more judged regimes' nested shares in the band with it than with both the gated and the per-regime rule
    (crossval.pooled_preferred): decode (3 of 3 against 2 and 2; on merge47's folds 4 of 4 under all three, a tie, which
    keeps the rule read before). A kind reads one form, never two. A merge that
    re-derives the folds and flips the choice fails here: move the kind and re-derive its factors."""
    pairs = accuracy.stored_cv(kind)
    if kind == "inference_memory":
        pairs = [(r, p) for r, p in pairs if not accuracy.is_weights_row(p)]
    groups = accuracy.regime_points(kind, pairs, catalog) or {"all": [p for _, p in pairs if p.estimated]}
    step = 0.001 if kind == "weights" else 0.01
    assert (kind in POOLED_KINDS) == pooled_preferred(groups, step, kind)
    assert not POOLED_KINDS & PER_REGIME_KINDS
