"""Leave-one-source-out cross-validation of the estimator's fitted constants, and 80 % intervals from it.

Some `Calibration` constants are fitted to published measurements (tests/data/reference_*.toml).
Scoring them on the rows they were fitted to says little about a new row, so each kind of
figure is also scored out of sample: for every source, the constants are refitted on all other
sources and the left-out source is estimated with them. `benchmarks/accuracy.py` runs this and
prints both; `ranges.py` stores the interval factors derived from the cross-validated errors.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any
from urllib.parse import urlparse

from configurator.core.estimate.estimator import Calibration


@dataclass(frozen=True)
class Knob:
    """A `Calibration` field fitted from rows, and the physically plausible range it may take."""

    name: str
    low: float
    high: float


# The constants each kind of figure fits. Everything else in `Calibration` (and every
# framework default in `frameworks.py`) comes from a source or from physics and is not refitted.
KNOBS: dict[str, tuple[Knob, ...]] = {
    "inference_memory": (
        Knob("overhead_llamacpp", 0.1 * 2**30, 1.5 * 2**30),
        Knob("overhead_transformers", 0.1 * 2**30, 1.5 * 2**30),
        Knob("overhead_vllm", 0.3 * 2**30, 4.0 * 2**30),
    ),
    "finetune_memory": (
        Knob("overhead_training", 0.3 * 2**30, 3.0 * 2**30),
        Knob("fragmentation_training", 0.0, 0.25),
    ),
    "decode_speed": (
        Knob("bw_eff_llamacpp_quant", 0.3, 0.95),
        Knob("bw_eff_llamacpp_quant_hbm", 0.3, 0.95),
        Knob("bw_eff_llamacpp_f16", 0.3, 0.95),
        Knob("bw_eff_llamacpp_f16_hbm", 0.3, 0.95),
        Knob("bw_eff_vllm", 0.3, 0.95),
        Knob("bw_eff_vllm_quant", 0.2, 0.95),
        Knob("bw_eff_transformers", 0.3, 0.95),
        Knob("bw_eff_transformers_quant", 0.2, 0.95),
        Knob("bw_eff_amd", 0.4, 1.0),
        Knob("bw_eff_moe_experts", 0.2, 1.0),
        Knob("step_overhead_vllm", 0.3e-3, 10e-3),
        Knob("step_overhead_sglang", 0.1e-3, 10e-3),
        Knob("seq_overhead_vllm", 10e-6, 100e-6),  # host work per sequence: tens of microseconds of Python
        Knob("roofline_norm", 1.2, 4.0),  # between no overlap (1) and a near-ideal roofline
        Knob("step_overhead_transformers", 2e-3, 40e-3),
        Knob("layer_overhead_llamacpp", 10e-6, 300e-6),
        Knob("layer_overhead_llamacpp_hbm", 10e-6, 300e-6),
        Knob("layer_overhead_exllamav2", 5e-6, 300e-6),
        Knob("expert_loop_transformers", 10e-6, 300e-6),
        # MoE / MLA under tensor parallelism (collectives.py): a small all-reduce over InfiniBand between nodes takes
        # tens of microseconds at least; a chain of ~10 dependent small kernels 5-50 us each
        Knob("allreduce_fabric_s", 20e-6, 200e-6),
        Knob("moe_layer_latency_server", 10e-6, 300e-6),
        Knob("mla_layer_latency_server", 10e-6, 600e-6),
        Knob("mla_layer_latency_sglang", 10e-6, 600e-6),  # SGLang 0.5 on (collectives.release_family)
        Knob("mla_layer_latency_vllm", 10e-6, 600e-6),  # vLLM 0.11 on (collectives.release_family)
        Knob("ep_layer_latency_vllm", 0.0, 600e-6),  # vLLM expert parallel (Calibration.vllm_expert_parallel)
        Knob("sglang_stall_share", 0.1, 3.0),  # SGLang's separate prefill batches: a share of one request's TTFT
        Knob("moe_routing_spread", 0.3, 1.0),
        Knob("bw_eff_moe_experts_vllm", 0.2, 1.0),
        Knob("vllm_async_overlap_opt_in", 0.0, 1.0),  # share of vLLM's step host cost the opt-in async hid
    ),
    "prefill_speed": (
        Knob("compute_eff_llamacpp", 0.05, 0.9),
        Knob("prefill_tflops_per_watt", 0.05, 1.0),
        Knob("prefill_dequant_llamacpp", 0.4, 1.0),
        Knob("compute_eff_vllm", 0.05, 0.9),
        Knob("compute_eff_transformers", 0.05, 0.9),
        # rows an expert's matmul needs to reach half the dense rate: MMQ token tiles are 8-128 rows (ggml-cuda mmq)
        Knob("prefill_expert_rows_half", 8.0, 512.0),
    ),
    # SGLang's one-user time to first token: its eager prefill's launches, a multiple of the decode floor (graphs
    # replay a layer's chain of kernels; an eager launch from Python costs ~5-50x a replayed one)
    "first_token": (Knob("sglang_prefill_eager", 3.0, 60.0), Knob("vllm_first_token_s", 0.0, 80e-3)),
    "training_gpu_hours": (
        # Korthikanti et al.'s 34 bytes once (a floor) up to ~15 passes over them
        Knob("mfu_elementwise_bytes_per_hidden", 34.0, 500.0),
        # the sourced steady-state figures bound the end-to-end ones (restarts, checkpoints, evaluation) from above
        Knob("default_mfu_hopper", 0.30, 0.43),
        Knob("default_mfu_ampere", 0.35, 0.50),
        Knob("end_to_end_share", 0.75, 1.0),
    ),
}


@dataclass(frozen=True)
class Point:
    """One row scored: the measurement, the estimate (None when the estimator gave no answer), its source."""

    measured: float
    estimated: float | None
    group: str
    label: str = ""
    tags: tuple[str, ...] = ()  # properties of the row a regime is read from (tests/reference.py Comparison.tags)

    @property
    def error(self) -> float | None:
        return None if self.estimated is None else (self.estimated - self.measured) / self.measured


Scorer = Callable[[Sequence[Any], Calibration], list[Point]]
"""Rows scored with the given constants (every estimate of a fold passes them on: nothing is swapped globally)."""


def source_group(url: str) -> str:
    """Rows from one repository (or one web page) form one source: a table's rows share its set-up."""
    parsed = urlparse(url)
    parts = [p for p in parsed.path.split("/") if p]
    if parsed.netloc.endswith("github.com") and len(parts) >= 2:
        return f"github:{parts[0]}/{parts[1]}".lower()
    return f"{parsed.netloc}{parsed.path}".lower()


def _loss(points: Sequence[Point]) -> float:
    """Mean |log(estimate / measured)|: symmetric in over- and under-estimates; unanswered rows do not count."""
    logs = [abs(math.log(p.estimated / p.measured)) for p in points if p.estimated and p.estimated > 0]
    return statistics.fmean(logs) if logs else math.inf


def fit(knobs: Sequence[Knob], score: Scorer, rows: Sequence[Any], start: Calibration) -> Calibration:
    """Coordinate descent over each knob on a multiplicative grid, clipped to the knob's range."""
    cal = start
    best = _loss(score(rows, cal))
    for spread, steps in ((1.6, 9), (1.15, 7)):
        for knob in knobs:
            current = float(getattr(cal, knob.name))
            base = current if current > 0 else (knob.low + knob.high) / 2
            for i in range(steps):
                factor = spread ** (2 * i / (steps - 1) - 1)
                value = min(knob.high, max(knob.low, base * factor))
                trial = replace(cal, **{knob.name: value})
                loss = _loss(score(rows, trial))
                if loss < best - 1e-9:
                    best, cal = loss, trial
    return cal


def fitted_values(cal: Calibration, knobs: Sequence[Knob]) -> dict[str, float]:
    names = {f.name for f in fields(cal)}
    return {k.name: float(getattr(cal, k.name)) for k in knobs if k.name in names}


def cross_validate(
    knobs: Sequence[Knob], score: Scorer, rows: Sequence[Any], group_of: Callable[[Any], str], start: Calibration
) -> list[Point]:
    """Leave one source out: refit `knobs` on the other sources, estimate the left-out source's rows."""
    return [p for pts in cross_validate_groups(knobs, score, rows, group_of, start).values() for p in pts]


def cross_validate_groups(
    knobs: Sequence[Knob], score: Scorer, rows: Sequence[Any], group_of: Callable[[Any], str], start: Calibration
) -> dict[str, list[Point]]:
    """Leave one group out (a source, a model architecture, a GPU architecture: whatever `group_of` returns): refit
    `knobs` on the other groups and estimate the left-out group's rows; group -> its rows' points."""
    return groups_of(cross_validate_rows(knobs, score, rows, group_of, start), group_of)


def cross_validate_rows(
    knobs: Sequence[Knob], score: Scorer, rows: Sequence[Any], group_of: Callable[[Any], str], start: Calibration
) -> list[tuple[Any, Point]]:
    """As cross_validate_groups, each left-out row beside its point (in the order of `rows` within a group), so that a
    row's regime (a property of the row, not of its label: benchmarks/accuracy.py) can sort the residuals."""
    out: list[tuple[Any, Point]] = []
    for group in sorted({group_of(r) for r in rows}):
        train = [r for r in rows if group_of(r) != group]
        test = [r for r in rows if group_of(r) == group]
        cal = fit(knobs, score, train, start) if knobs and train else start
        out += [(row, point) for row in test for point in score([row], cal)]
    return out


def groups_of(pairs: Sequence[tuple[Any, Point]], group_of: Callable[[Any], str]) -> dict[str, list[Point]]:
    """(row, point) pairs -> group -> its points, groups sorted."""
    out: dict[str, list[Point]] = {}
    for row, point in pairs:
        out.setdefault(group_of(row), []).append(point)
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class Summary:
    rows: int
    answered: int
    median: float | None  # median |error| over answered rows
    p90: float | None

    @property
    def answered_share(self) -> float:
        return self.answered / self.rows if self.rows else 0.0


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summarise(points: Sequence[Point]) -> Summary:
    errors = [abs(e) for p in points if (e := p.error) is not None]
    if not errors:
        return Summary(len(points), 0, None, None)
    return Summary(len(points), len(errors), statistics.median(errors), _quantile(errors, 0.9))


def interval_factors(points: Sequence[Point], coverage: float = 0.8) -> tuple[float, float]:
    """(low, high) multipliers of an estimate holding `coverage` of the measured/estimated ratios.

    The central interval of the cross-validated ratios, widened to contain 1 so that
    low <= figure <= high always holds.
    """
    ratios = [p.measured / p.estimated for p in points if p.estimated]
    if not ratios:
        raise ValueError("no answered rows to derive an interval from")
    tail = (1 - coverage) / 2
    logs = [math.log(r) for r in ratios]
    low = math.exp(min(0.0, _quantile(logs, tail)))
    high = math.exp(max(0.0, _quantile(logs, 1 - tail)))
    return low, high


def conformal_factors(points: Sequence[Point], coverage: float = 0.8) -> tuple[float, float]:
    """(low, high) multipliers from split-conformal order statistics of the cross-validated log ratios.

    With n scored rows, the k-th smallest of n values bounds a fresh row with probability k / (n + 1)
    (Vovk et al., "Algorithmic Learning in a Random World"; Angelopoulos & Bates 2021, sec. 1): the
    tails are taken at ceil((n + 1) x tail) from each end rather than at the plain quantile, which on
    a few dozen rows would promise more than it holds. Widened to contain 1, as interval_factors.
    """
    logs = sorted(math.log(p.measured / p.estimated) for p in points if p.estimated)
    if not logs:
        raise ValueError("no answered rows to derive an interval from")
    n = len(logs)
    tail = (1 - coverage) / 2
    low = logs[max(0, math.floor((n + 1) * tail) - 1)]
    high = logs[min(n - 1, math.ceil((n + 1) * (1 - tail)) - 1)]
    return math.exp(min(0.0, low)), math.exp(max(0.0, high))


def bias_and_scatter(points: Sequence[Point]) -> tuple[dict[str, float], list[float]]:
    """Each source's median log ratio (its bias) and each row's log ratio less its source's median (its scatter)."""
    by_source: dict[str, list[float]] = {}
    for p in points:
        if p.estimated:
            by_source.setdefault(p.group, []).append(math.log(p.measured / p.estimated))
    bias = {g: statistics.median(v) for g, v in by_source.items()}
    return bias, [x - bias[g] for g, v in by_source.items() for x in v]


def _source_sums(points: Sequence[Point]) -> list[float]:
    """Every sum of one source's median log ratio (its bias, each source counted once however many rows it holds) and
    one row's residual about its own source's median (its scatter): what a row from a source never seen may bring."""
    bias, scatter = bias_and_scatter(points)
    if not bias:
        raise ValueError("no answered rows to derive an interval from")
    return sorted(b + w for b in bias.values() for w in scatter)


def source_conformal_factors(points: Sequence[Point], coverage: float = 0.8) -> tuple[float, float]:
    """(low, high) multipliers for a row from a source never seen, from the cross-validated log ratios taken source by
    source: a fresh source brings its own bias (one of the sources' median log ratios, each source counted once however
    many rows it holds) and its row its own scatter about that bias (one of the rows' residuals about their source's
    median); the split-conformal order statistics (conformal_factors) of every such sum. Where one source holds most
    rows, conformal_factors describes that source; these describe the spread between sources (issue #29: the QLoRA
    rows of sources never fitted fall outside the plain bounds). Widened to contain 1."""
    sums = _source_sums(points)
    n = len(sums)
    tail = (1 - coverage) / 2
    low = sums[max(0, math.floor((n + 1) * tail) - 1)]
    high = sums[min(n - 1, math.ceil((n + 1) * (1 - tail)) - 1)]
    return math.exp(min(0.0, low)), math.exp(max(0.0, high))


def _weibull_quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values at the plotting position q (n + 1) (Hyndman & Fan 1996, "Sample quantiles in
    statistical packages", definition 6), interpolated between order statistics and clamped to the extremes."""
    n = len(ordered)
    pos = q * (n + 1)  # 1-based rank
    if pos <= 1:
        return ordered[0]
    if pos >= n:
        return ordered[-1]
    k = math.floor(pos)
    return ordered[k - 1] + (pos - k) * (ordered[k] - ordered[k - 1])


def quantile_factors(points: Sequence[Point], coverage: float = 0.8, by_source: bool = False) -> tuple[float, float]:
    """(low, high) multipliers whose expected coverage of a fresh row is `coverage` (issue #29's small-sample rule).

    The k-th smallest of n exchangeable values lies below a fresh one with probability k / (n + 1) (the fact
    conformal_factors rests on); conformal_factors rounds that rank outward, so it holds *at least* `coverage` and
    over-covers by up to 2 / (n + 1), and below 19 rows it returns the sample's extremes (which hold every row they were
    derived from). Interpolating between the two ranks around (n + 1) x tail instead (the Weibull plotting position,
    Hyndman & Fan's definition 6) gives a bound whose expected coverage is `coverage` itself, the middle of issue #29's
    75-90 % band rather than its floor. Over the log ratios of the rows, or with `by_source` over the source-by-source
    sums of source_conformal_factors (a source's bias plus a row's scatter: for figures whose sources are each one
    framework's accounting). Widened to contain 1."""
    if by_source:
        logs = _source_sums(points)
    else:
        logs = sorted(math.log(p.measured / p.estimated) for p in points if p.estimated)
    if not logs:
        raise ValueError("no answered rows to derive an interval from")
    tail = (1 - coverage) / 2
    low = _weibull_quantile(logs, tail)
    high = _weibull_quantile(logs, 1 - tail)
    return math.exp(min(0.0, low)), math.exp(max(0.0, high))


def coverage(points: Sequence[Point], factors: tuple[float, float]) -> float:
    """Share of answered rows whose measurement lies in [estimate x low, estimate x high]."""
    answered = [p for p in points if p.estimated]
    if not answered:
        return 0.0
    inside = sum(
        1 for p in answered if p.estimated and factors[0] * p.estimated <= p.measured <= factors[1] * p.estimated
    )
    return inside / len(answered)


# A regime's 80 % range counts sources, not rows (issue #29, ranges17): a row from a source never seen brings that
# source's bias (one of the sources' median log ratios, each source once however many rows it holds) and its own scatter
# about it (one of the rows' residuals about their source's median), as source_conformal_factors reads them. The two
# parts are estimated apart: the spread of biases from the regime's own sources when it has at least REGIME_MIN_SOURCES
# of them and no one source holds over half its rows, else from every source of the kind; the scatter from the regime's
# own rows when it has at least REGIME_MIN_ROWS of them and no one source holds over half of them, else from every row of
# the kind. Since est20 the scatter passes the same gate as the biases: a regime of one source's many rows (the batched
# decode rows, 34 of 36 ML.ENERGY's; the MoE tensor-parallel rows, over half the SGLang cookbook's) shows how that one
# set-up scatters, not how rows of a source never seen scatter about their source's bias, and its left-out source can
# not test that scatter (the nested check of benchmarks/range_rules.py scores the dominant source with the other
# sources' rows, under the kind's scatter either way). So a regime whose own rows do not describe new sources reads the
# kind's range whole, and a large source no longer sets a regime's width alone. Fixed before the ranges were derived,
# not chosen per regime (docs/estimates.md, rounds 21 and 23: how the rule was chosen).
REGIME_MIN_ROWS = 10
REGIME_MIN_SOURCES = 3


@dataclass(frozen=True)
class GateShortfall:
    """What a regime's rows lack before regime_range_factors gives it its own biases and scatter (issue #29, range26):
    more sources (`sources`, to REGIME_MIN_SOURCES), more rows (`rows`, to REGIME_MIN_ROWS), and rows from sources
    other than its largest (`elsewhere`, until that source holds no more than half). All zero: the regime reads its
    own range. A count of what data would let the rule describe the regime, never a factor."""

    largest: str
    sources: int
    rows: int
    elsewhere: int

    @property
    def met(self) -> bool:
        return not (self.sources or self.rows or self.elsewhere)


def gate_shortfall(points: Sequence[Point], per_regime: bool = False) -> GateShortfall:
    """The rows and sources `points` (one regime's cross-validated rows) lack to pass regime_range_factors' gate (with
    `per_regime`, sources and rows only: no source's share is gated)."""
    rows_of: dict[str, int] = {}
    for p in points:
        if p.estimated:
            rows_of[p.group] = rows_of.get(p.group, 0) + 1
    n = sum(rows_of.values())
    largest = max(rows_of, key=lambda g: rows_of[g], default="")
    top = rows_of.get(largest, 0)
    return GateShortfall(
        largest=largest,
        sources=max(0, REGIME_MIN_SOURCES - len(rows_of)),
        rows=max(0, REGIME_MIN_ROWS - n),
        elsewhere=0 if per_regime else max(0, top - (n - top)),
    )


def bias_scatter_factors(
    biases: Sequence[float], scatter: Sequence[float], coverage: float = 0.8
) -> tuple[float, float]:
    """(low, high) multipliers from every sum of one source bias and one row's scatter (log ratios), at the Weibull
    plotting positions of quantile_factors; widened to contain 1."""
    sums = sorted(b + w for b in biases for w in scatter)
    if not sums:
        raise ValueError("no answered rows to derive an interval from")
    tail = (1 - coverage) / 2
    low = _weibull_quantile(sums, tail)
    high = _weibull_quantile(sums, 1 - tail)
    return math.exp(min(0.0, low)), math.exp(max(0.0, high))


# The kinds whose regimes each read their own range (regime_range_factors' `per_regime`, decode30, issue #29): none
# shipped. Tried on decode (2026-12-05, benchmarks/range_rules.py candidate K): its own-range answers hold 1 of the 3
# judged regimes' nested shares in the band (batched 53 %, MoE tensor parallel 80 %, single-stream NVIDIA 73 %) where
# est20's gate holds 2 (55, 80, 80 %), the criterion the rule is chosen on; the holdout, reported, agrees (batched 69 %,
# MoE tensor parallel 95 %, single-stream NVIDIA 77 %: docs/estimates.md, round 30). A kind named here reads it.
#
# ranges40 (2026-12-06, issue #29): decode and training read it, chosen per kind by crossval.per_regime_preferred on the
# stored folds (tests/data/cv/): the per-regime answers hold more judged regimes' nested shares in the band than the
# gated rule's (decode 3 of 3 against 2, mean distance from 80 % 0.013 against 0.037; training 3 of 3 against 2, 0.031
# against 0.078); every other kind ties and keeps the gated rule. tests/core/test_range_trials.py holds this set to that
# choice, so a merge that moves the folds moves it (docs/estimates.md, round 40).
# merge41 (2026-12-07): decode left it. Its folds re-run on the merged estimators (amd41's CDNA 3 decode-shape rate, ep41's
# vLLM expert-parallel floor and 72 fitted rows) hold more judged regimes in the band under the gated rule
# (per_regime_preferred); tests/core/test_range_trials.py holds the choice to the folds.
# merge43: decode back on it (moe43's busiest-rank EP wait). merge44 (2026-12-07): off it again: the folds re-run on
# amd44, hybrid44, serve44 and moetp44's fitted row hold more judged regimes' nested shares in the band under the gated
# rule (per_regime_preferred); its MoE tensor-parallel range reads the kind's sources and holds 82 % of 106 held out.
PER_REGIME_KINDS: frozenset[str] = frozenset({"training_gpu_hours"})

# A regime's scatter with each source counted once (issue #29, decode30): BALANCED_QUANTILES evenly spaced quantiles of
# each source's residuals about its median, over the sources with BALANCED_MIN_ROWS rows (fewer carry no scatter of their
# own: one row is its own median), as each source's bias is counted once however many rows it holds. Candidate J of
# benchmarks/range_rules.py (range22), here without the dominance gate: a source of many tight rows (SGLang's cookbook in
# the MoE tensor-parallel regime) then sets a share of the width, not all of it, and the regime keeps its own range.
BALANCED_QUANTILES = 12
BALANCED_MIN_ROWS = 3


def balanced_scatter(points: Sequence[Point]) -> list[float]:
    """Each source's scatter about its median once, however many rows it holds: BALANCED_QUANTILES evenly spaced
    Weibull-position quantiles of its log ratios less its median, over the sources with BALANCED_MIN_ROWS rows; every
    row's scatter when no source has that many."""
    by_source: dict[str, list[float]] = {}
    for p in points:
        if p.estimated:
            by_source.setdefault(p.group, []).append(math.log(p.measured / p.estimated))
    out: list[float] = []
    for logs in by_source.values():
        if len(logs) >= BALANCED_MIN_ROWS:
            centre, ordered = statistics.median(logs), sorted(logs)
            out += [
                _weibull_quantile(ordered, (i + 0.5) / BALANCED_QUANTILES) - centre for i in range(BALANCED_QUANTILES)
            ]
    return out or bias_and_scatter(points)[1]


def regime_range_factors(
    by_regime: Mapping[str, Sequence[Point]],
    coverage: float = 0.8,
    widen_biases: bool = True,
    per_regime: bool = False,
    pooled: bool = False,
    pooling: float | None = None,
) -> dict[str, tuple[tuple[float, float], str]]:
    """Per regime, the 80 % range factors from its leave-one-source-out residuals and how they were derived: every sum
    of a source's bias and a row's scatter (bias_scatter_factors), the biases of the regime's own sources when it has
    REGIME_MIN_SOURCES of them and none holds over half its rows, else of all the kind's sources ("kind's sources"), the
    scatter of its own rows when it has REGIME_MIN_ROWS of them and none holds over half, else of all the kind's rows
    ("kind's rows"). With `widen_biases`, the S biases' distances
    from their median are scaled by sqrt(1 + 1 / S): a fresh source's bias varies about a centre the S known ones only
    estimate (the prediction interval of a new draw; 1.15 for 3 sources, 1.05 for 10). Every range in ranges.py is this
    rule's answer (training time's two since train30: docs/estimates.md, rounds 22 and 30).

    With `per_regime` (a range per regime, not one per kind: measured in round 30 by decode30 and not used by any
    shipped range, PER_REGIME_KINDS is empty; benchmarks/range_rules.py candidate K) no regime borrows for want of
    diversity: a regime of REGIME_MIN_SOURCES sources and REGIME_MIN_ROWS rows reads its own sources' biases and its own
    rows' scatter with each source counted once (balanced_scatter), however many rows one source holds; a regime with
    fewer reads the kind's, as before.

    With `pooled` (ranges47, POOLED_KINDS) no gate at all: every regime reads pooled_range_factors, its own sources'
    answer and the kind's mixed in proportion to its number of sources (`pooling`: its k, else estimated from by_regime)."""
    if pooled:
        return pooled_range_factors(by_regime, coverage, widen_biases, pooling)
    pooled_bias, pooled_scatter = bias_and_scatter([p for pts in by_regime.values() for p in pts])
    out: dict[str, tuple[tuple[float, float], str]] = {}
    for regime, pts in by_regime.items():
        bias, scatter = bias_and_scatter(pts)
        rows_of: dict[str, int] = {}
        for p in pts:
            if p.estimated:
                rows_of[p.group] = rows_of.get(p.group, 0) + 1
        diverse = per_regime or max(rows_of.values(), default=0) * 2 <= len(scatter)  # no source holds over half
        own_bias = len(bias) >= REGIME_MIN_SOURCES and diverse
        own_scatter = len(scatter) >= REGIME_MIN_ROWS and diverse
        if per_regime:
            own_bias = own_scatter = own_bias and own_scatter
        biases = list((bias if own_bias else pooled_bias).values())
        if widen_biases and biases:
            centre, widen = statistics.median(biases), math.sqrt(1 + 1 / len(biases))
            biases = [centre + (b - centre) * widen for b in biases]
        own_rows = balanced_scatter(pts) if per_regime else scatter
        factors = bias_scatter_factors(biases, own_rows if own_scatter else pooled_scatter, coverage)
        mine = "own rows' scatter, each source once" if per_regime else "own rows' scatter"
        how = (
            f"{len(scatter)} rows from {len(bias)} source(s): "
            + ("own sources' biases" if own_bias else f"the kind's {len(pooled_bias)} sources' biases")
            + ", "
            + (mine if own_scatter else f"the kind's {len(pooled_scatter)} rows' scatter")
        )
        out[regime] = (factors, how)
    return out


# Partial pooling of a regime's range toward its kind's (issue #29, ranges47). A regime's own sources say how a fresh
# source of that regime differs from the estimate; a few of them say it unreliably: the k-th smallest of S source biases
# lies below a fresh source's with probability k / (S + 1), so S biases bracket a fresh source at 80 % only from
# S = 9 (ceil((S + 1) x 0.9) <= S; Vovk et al., as conformal_factors), and three that happen to agree (decode's other
# vendors, x1.05 / x0.98 / x0.99) promise about 50 % (vendor47, docs/estimates.md round 47). So a regime's predictive
# distribution is a mixture, the hierarchical model's shrinkage (Buhlmann credibility: a weight S / (S + k) on the
# group's own evidence): its own sources' bias + scatter sums with weight S / (S + k), the kind's (every regime's
# sources and rows) with the rest. ranges47 fixed k = POOL_SOURCES, the distribution-free count above.
POOL_SOURCES = 9

# ranges49 (issue #29): k estimated from the folds themselves (pooling_sources), the Buhlmann-Straub empirical-Bayes
# ratio of the within-regime to the between-regime variance of one statistic per (regime, source): the source's mean
# |log ratio| over its rows in the regime, its typical miss (bias and scatter together: what an 80 % range has to span).
# Regimes whose typical misses differ by more than their sources' do within them read more of their own range (small
# k), regimes that differ by less read more of the kind's (large k); no between-regime variance left once the
# within-regime part is taken out (or a single regime) pools them whole. Chosen on decode's stored folds' nested shares
# over two other statistics: the sources' median log ratio (the location alone, k 47) and their mean squared log ratio
# (k 17). All three hold the 4 judged regimes' nested shares in the band; the mean distance from 80 % is 0.044 for this
# one and the squares, 0.057 for the median; of the tied two the mean |log ratio| is the one a single source's largest
# miss leads less (docs/estimates.md round 49).


def _typical_misses(by_regime: Mapping[str, Sequence[Point]]) -> list[list[float]]:
    """Per regime, each source's mean |log ratio| over its rows in that regime (regimes with no answered row left out)."""
    out: list[list[float]] = []
    for pts in by_regime.values():
        by_source: dict[str, list[float]] = {}
        for p in pts:
            if p.estimated:
                by_source.setdefault(p.group, []).append(abs(math.log(p.measured / p.estimated)))
        if by_source:
            out.append([statistics.fmean(v) for v in by_source.values()])
    return out


def pooling_sources(by_regime: Mapping[str, Sequence[Point]]) -> float:
    """The credibility constant k of pooled_range_factors' weight S / (S + k), estimated from the points (Buhlmann &
    Straub's nonparametric estimators, each (regime, source) one observation, its typical miss: _typical_misses): the
    expected within-regime variance v = sum of squared deviations from each regime's mean / sum (S_i - 1), the between-
    regime variance a = (sum S_i (mean_i - mean)^2 - v (R - 1)) / (N - sum S_i^2 / N), k = v / a; math.inf (pool whole)
    when a <= 0, fewer than 2 regimes, or no regime has 2 sources."""
    groups = _typical_misses(by_regime)
    n = sum(len(g) for g in groups)
    dof = sum(len(g) - 1 for g in groups)
    if len(groups) < 2 or dof <= 0:
        return math.inf
    within = sum(sum((x - statistics.fmean(g)) ** 2 for x in g) for g in groups) / dof
    grand = sum(sum(g) for g in groups) / n
    spread = sum(len(g) * (statistics.fmean(g) - grand) ** 2 for g in groups)
    between = (spread - within * (len(groups) - 1)) / (n - sum(len(g) ** 2 for g in groups) / n)
    if between <= 0:
        return math.inf
    return within / between


def _weighted_quantile(items: Sequence[tuple[float, float]], q: float) -> float:
    """The smallest value whose cumulative weight reaches q of the total (items: (value, weight))."""
    ordered = sorted(items)
    total = sum(w for _, w in ordered)
    running = 0.0
    for value, weight in ordered:
        running += weight
        if running >= q * total - 1e-12:
            return value
    return ordered[-1][0]


def _widened(biases: Sequence[float], widen: bool) -> list[float]:
    """S biases' distances from their median scaled by sqrt(1 + 1 / S): a fresh source's bias varies about a centre the
    S known ones only estimate (regime_range_factors' `widen_biases`)."""
    out = list(biases)
    if widen and out:
        centre, factor = statistics.median(out), math.sqrt(1 + 1 / len(out))
        out = [centre + (b - centre) * factor for b in out]
    return out


def _mixture(biases: Sequence[float], scatter: Sequence[float], weight: float) -> list[tuple[float, float]]:
    """Every bias + scatter sum, the sums sharing `weight` equally."""
    n = len(biases) * len(scatter)
    return [(b + w, weight / n) for b in biases for w in scatter] if n and weight > 0 else []


def pooled_range_factors(
    by_regime: Mapping[str, Sequence[Point]],
    coverage: float = 0.8,
    widen_biases: bool = True,
    pooling: float | None = None,
) -> dict[str, tuple[tuple[float, float], str]]:
    """Per regime, the 80 % range factors of the partially pooled rule: the (1 - coverage) / 2 and (1 + coverage) / 2
    weighted quantiles of the mixture of its own sources' bias + row scatter sums (weight S / (S + k) for S own sources,
    k from the same points, pooling_sources, unless `pooling` gives it) and the kind's (the rest), each side's biases widened by sqrt(1 + 1 / S);
    widened to contain 1. A regime of many sources reads mostly its own range, one of few mostly the kind's: no gate, no
    cliff."""
    kind_bias, kind_scatter = bias_and_scatter([p for pts in by_regime.values() for p in pts])
    kind_sums = (_widened(list(kind_bias.values()), widen_biases), kind_scatter)
    k = pooling_sources(by_regime) if pooling is None else pooling
    whence = "the regimes' typical misses" if pooling is None else "the kind's assigned regimes"
    tail = (1 - coverage) / 2
    out: dict[str, tuple[tuple[float, float], str]] = {}
    for regime, pts in by_regime.items():
        bias, scatter = bias_and_scatter(pts)
        weight = len(bias) / (len(bias) + k) if math.isfinite(k) else 0.0
        items = _mixture(_widened(list(bias.values()), widen_biases), scatter, weight)
        items += _mixture(*kind_sums, 1 - weight)
        if not items:
            raise ValueError("no answered rows to derive an interval from")
        low, high = _weighted_quantile(items, tail), _weighted_quantile(items, 1 - tail)
        how = (
            f"{len(scatter)} rows from {len(bias)} source(s): own sources' biases and rows' scatter weighted "
            f"{weight:.0%} ({len(bias)} / ({len(bias)} + {k:.1f}), k from {whence}), the kind's "
            f"{len(kind_bias)} sources' biases and {len(kind_scatter)} rows' scatter the rest"
        )
        out[regime] = ((math.exp(min(0.0, low)), math.exp(max(0.0, high))), how)
    return out


@dataclass(frozen=True)
class FoldShift:
    """One source's rows in a regime, scored twice: with the constants of the fold that left the source out (its
    cross-validated bias, what the range rule reads) and with the shipped constants (its fitted bias). Their ratio is how
    far leaving the source out moved its own rows' estimates: near 1 where the other sources pin the constants its rows
    read; far from 1 where the source alone pins one (issue #29, moe41: ML.ENERGY's vLLM MLA sweep in the MoE
    tensor-parallel regime), and then its cross-validated bias describes that constant's absence from the fit, not how
    a new source of the same set-up differs from it."""

    source: str
    rows: int
    cv_bias: float  # median measured / estimate at its fold's constants
    fitted_bias: float  # median measured / estimate at the shipped constants

    @property
    def shift(self) -> float:
        """Cross-validated over fitted bias: > 1 the fold without the source estimated its rows slower."""
        return self.cv_bias / self.fitted_bias


def fold_shifts(pairs: Sequence[tuple[Point, Point]]) -> list[FoldShift]:
    """Per source, its (cross-validated, fitted) points of the same rows -> FoldShift, the largest move first (by
    |log shift|). Rows either scoring left unanswered are skipped."""
    by_source: dict[str, tuple[list[float], list[float]]] = {}
    for cv, fitted in pairs:
        if cv.estimated and fitted.estimated:
            logs = by_source.setdefault(cv.group, ([], []))
            logs[0].append(math.log(cv.measured / cv.estimated))
            logs[1].append(math.log(fitted.measured / fitted.estimated))
    out = [
        FoldShift(g, len(c), math.exp(statistics.median(c)), math.exp(statistics.median(f)))
        for g, (c, f) in by_source.items()
    ]
    return sorted(out, key=lambda s: (-abs(math.log(s.shift)), s.source))


# Issue #29's band: an 80 % range holds 75-90 % of the rows it was not fitted on; above it the range is too wide, below
# it too narrow (benchmarks/accuracy.py COVERAGE_TARGET, tests/core/test_range_rule.py BAND)
RANGE_BAND = (0.75, 0.90)


def outward(factors: tuple[float, float], step: float = 0.01) -> tuple[float, float]:
    """Range factors rounded outward to `step`, as ranges.py ships the gated and per-regime rules' answers."""
    return math.floor(factors[0] / step + 1e-9) * step, math.ceil(factors[1] / step - 1e-9) * step


def rounded(factors: tuple[float, float], step: float = 0.01, pooled: bool = False) -> tuple[float, float]:
    """Range factors as ranges.py ships them: the partially pooled rule's answers (POOLED_KINDS) to the nearest `step`
    (ranges49, issue #29: outward through round 48, each end up to a step wider than the rule's answer), the gated and
    per-regime rules' outward (outward: those rules were chosen on nested shares at outward rounding, and the inference
    memory runtime regime's x0.98 holds 86 % of its held-out rows where its answer, 0.987, to the nearest 0.01 holds
    59 %: docs/estimates.md round 49). A low end <= 1 stays <= 1 and a high end >= 1 stays >= 1."""
    if not pooled:
        return outward(factors, step)
    return round(round(factors[0] / step) * step, 10), round(round(factors[1] / step) * step, 10)


def _inside(points: Sequence[Point], factors: tuple[float, float]) -> int:
    return sum(1 for p in points if p.estimated and factors[0] * p.estimated <= p.measured <= factors[1] * p.estimated)


def in_band(share: tuple[int, int]) -> bool:
    """Whether (rows inside, rows) lies in RANGE_BAND."""
    return share[1] > 0 and RANGE_BAND[0] <= share[0] / share[1] <= RANGE_BAND[1]


def nested_shares(
    by_regime: Mapping[str, Sequence[Point]],
    step: float = 0.01,
    per_regime: bool = False,
    pooled: bool = False,
    pooling: float | None = None,
) -> dict[str, tuple[int, int]]:
    """Per regime (rows inside, rows), each source's rows scored with the rule's answer (regime_range_factors, rounded
    as shipped: rounded) over the other sources' rows alone: how a regime's range holds a source it never saw, on cross-validated
    rows only (benchmarks/range_rules.py's nested column, the criterion the rule was chosen on). A regime the other
    sources leave empty reads their pooled answer. The pooled rule's k is estimated on the other sources' rows, unless
    `pooling` gives it (try_regime)."""
    counts = {regime: [0, 0] for regime in by_regime}
    for source in sorted({p.group for pts in by_regime.values() for p in pts if p.estimated}):
        others = {r: [p for p in pts if p.group != source] for r, pts in by_regime.items()}
        others = {r: pts for r, pts in others.items() if any(p.estimated for p in pts)}
        if not others:
            continue
        rules = regime_range_factors(others, per_regime=per_regime, pooled=pooled, pooling=pooling)
        every = {"all": [p for pts in others.values() for p in pts]}
        kind_answer = regime_range_factors(every, per_regime=per_regime, pooled=pooled)["all"][0]
        for regime, pts in by_regime.items():
            left = [p for p in pts if p.group == source and p.estimated]
            if left:
                factors = rounded(rules[regime][0] if regime in rules else kind_answer, step, pooled)
                counts[regime][0] += _inside(left, factors)
                counts[regime][1] += len(left)
    return {regime: (c[0], c[1]) for regime, c in counts.items()}


@dataclass(frozen=True)
class RegimeTrial:
    """A nameable regime (a feature the estimate knows: vendor, backend, MoE on one GPU, a sequence past the fitted ones)
    tried for an 80 % range of its own from its own cross-validated rows (try_regime; issue #29, ranges40)."""

    regime: str
    factors: tuple[float, float]  # the rule's answer over the split, rounded as shipped (rounded)
    how: str
    cv: tuple[int, int]  # its cross-validated rows inside its own range, rows
    nested: tuple[int, int]  # the same, each source scored with the other sources' answer (nested_shares)
    gap: GateShortfall  # what its rows lack to read their own biases and scatter (gate_shortfall)
    judged_in_band: tuple[int, int]  # the other judged regimes whose nested share is in the band: (after, before)

    @property
    def adopted(self) -> bool:
        """A range of its own only where its rows pass the rule's gate (else it reads the kind's: a small regime's
        range says nothing of its own), its range holds its cross-validated rows and a left-out source's in the band, and
        no other judged regime's nested share leaves the band for it."""
        return (
            self.gap.met
            and in_band(self.cv)
            and in_band(self.nested)
            and self.judged_in_band[0] >= self.judged_in_band[1]
        )

    def reason(self) -> str:
        """Why it is or is not adopted, in words (benchmarks/accuracy.py --ranges prints it)."""
        if self.adopted:
            return "adopted"
        if not self.gap.met:
            return "its rows do not pass the gate, so it would read the kind's range"
        why = []
        out = [f"{s[0]} of {s[1]} {name}" for name, s in (("cross-validated", self.cv), ("nested", self.nested))]
        out = [text for text, s in zip(out, (self.cv, self.nested), strict=True) if not in_band(s)]
        if out:
            why.append(f"its range holds {' and '.join(out)}, outside 75-90 %")
        if self.judged_in_band[0] < self.judged_in_band[1]:
            why.append(f"other regimes' nested shares in the band {self.judged_in_band[1]} -> {self.judged_in_band[0]}")
        return "; ".join(why)


def try_regime(
    by_regime: Mapping[str, Sequence[Point]],
    regime: str,
    member: Callable[[Point], bool],
    step: float = 0.01,
    per_regime: bool = False,
    pooled: bool = False,
) -> RegimeTrial:
    """Split the rows `member` picks out of the regimes they are assigned (`by_regime`: regime -> cross-validated points)
    into `regime`, and derive its range by the one rule (regime_range_factors) over the split: the factors, its
    cross-validated and nested shares, its gate shortfall, and how many of the other judged regimes (REGIME_MIN_ROWS rows)
    hold a left-out source in the band before and after. Cross-validated rows only: the holdout is never read here.
    Under the pooled rule k stays the kind's, estimated once on its assigned regimes (pooling_sources): the trial asks
    whether the feature's rows should read a range of their own under the rule as it stands, not how splitting them out
    re-weights every regime (decode's 10 Vulkan rows split out of its four regimes move k 10.9 -> 173, ranges49)."""
    k = pooling_sources(by_regime) if pooled else None
    split: dict[str, list[Point]] = {}
    for name, pts in by_regime.items():
        for p in pts:
            split.setdefault(regime if member(p) else name, []).append(p)
    own = split.get(regime, [])
    if not any(p.estimated for p in own):
        gap = gate_shortfall(own, per_regime=per_regime)
        every = {"all": [p for pts in by_regime.values() for p in pts]}
        answer = regime_range_factors(every, per_regime=per_regime, pooled=pooled)["all"][0]
        return RegimeTrial(
            regime, rounded(answer, step, pooled), "no cross-validated rows", (0, 0), (0, 0), gap, (0, 0)
        )
    (factors, how) = regime_range_factors(split, per_regime=per_regime, pooled=pooled, pooling=k)[regime]
    factors = rounded(factors, step, pooled)
    before = nested_shares(by_regime, step, per_regime, pooled, k)
    after = nested_shares(split, step, per_regime, pooled, k)

    def judged(shares: dict[str, tuple[int, int]]) -> int:
        return sum(1 for r, s in shares.items() if r != regime and s[1] >= REGIME_MIN_ROWS and in_band(s))

    return RegimeTrial(
        regime,
        factors,
        how,
        (_inside(own, factors), sum(1 for p in own if p.estimated)),
        after[regime],
        gate_shortfall(own, per_regime=per_regime),
        (judged(after), judged(before)),
    )


def judged_in_band(shares: Mapping[str, tuple[int, int]]) -> tuple[int, float]:
    """How many judged regimes (REGIME_MIN_ROWS rows) hold a left-out source in RANGE_BAND (nested_shares), and their
    mean distance from 80 %: the criterion the rule was chosen on (benchmarks/range_rules.py, rounds 21-23 and 30)."""
    judged = [(k, n) for k, n in shares.values() if n >= REGIME_MIN_ROWS]
    band = sum(1 for k, n in judged if in_band((k, n)))
    return band, (statistics.fmean(abs(k / n - 0.8) for k, n in judged) if judged else 0.0)


def per_regime_preferred(by_regime: Mapping[str, Sequence[Point]], step: float = 0.01) -> bool:
    """Whether a kind's regimes should each read their own range (regime_range_factors' per_regime: own biases and
    scatter, each source once, no source's share gated; PER_REGIME_KINDS) rather than the gated rule: on its
    cross-validated rows, the per-regime answers hold more judged regimes' nested shares in RANGE_BAND (ranges40, issue
    #29). A tie keeps the gated rule, which every kind read through round 39."""
    gated = judged_in_band(nested_shares(by_regime, step))[0]
    own = judged_in_band(nested_shares(by_regime, step, per_regime=True))[0]
    return own > gated


# The kinds whose regimes read the partially pooled rule (pooled_range_factors; ranges47, issue #29), chosen per kind on
# the stored folds as PER_REGIME_KINDS is (pooled_preferred): decode (the pooled answers hold all 3 judged regimes'
# nested shares in the band, batched 84 %, MoE tensor parallel 77 %, single-stream NVIDIA 83 %, against the gated
# rule's 2: its MoE tensor-parallel 74 %). Memory, prefill and first-token tie and keep the gated rule; training's
# per-regime rule holds 3 where the pooled holds 1 (docs/estimates.md, round 47). tests/core/test_range_trials.py holds
# this set to that choice.
POOLED_KINDS: frozenset[str] = frozenset({"decode_speed"})


def pooled_preferred(by_regime: Mapping[str, Sequence[Point]], step: float = 0.01, kind: str = "") -> bool:
    """Whether a kind's regimes should read the partially pooled rule (POOLED_KINDS): on its cross-validated rows the
    pooled answers hold more judged regimes' nested shares in RANGE_BAND than both the gated and the per-regime rule's
    (ranges47). A tie keeps the rule the kind read before (`kind` in POOLED_KINDS): merge47's folds (decode, 298 rows
    after amd47's R9700 and B70 rows) hold all 4 judged regimes in the band under each of the three rules, and a tie
    that flipped the rule at every refit would move the ranges on no evidence."""
    gated = judged_in_band(nested_shares(by_regime, step))[0]
    own = judged_in_band(nested_shares(by_regime, step, per_regime=True))[0]
    pooled = judged_in_band(nested_shares(by_regime, step, pooled=True))[0]
    return pooled > max(gated, own) or (pooled == max(gated, own) and kind in POOLED_KINDS)
