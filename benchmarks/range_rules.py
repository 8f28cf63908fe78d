"""Candidate 80 % range rules side by side (issue #29, ranges17): how each would hold rows not fitted on.

    python benchmarks/range_rules.py [--cache=DIR] [KIND ...]

For every kind with a range (ranges.RANGE_FACTORS) it cross-validates the rows by source once (as
benchmarks/accuracy.py does; --cache=DIR keeps the (row, point) pairs in DIR as pickles, so a second run reads them),
then applies each candidate rule to the cross-validated residuals, per regime the estimate assigns
(accuracy.regime_points), and prints, per kind and regime, the factors (rounded outward as ranges.py ships them) and the
share they hold of:

  cv      the cross-validated rows the rule was derived from;
  nested  each source's cross-validated rows with the rule applied to the other sources' residuals only (and, "nested by
          source", each left-out source's own share averaged, every source counted once as the rule counts it): how the range
          holds for a source it has never seen, measured on cross-validated rows alone. The rule was chosen on this
          column (regimes of 10 or more rows in the 75-90 % band, then the mean distance from 80 %) through ranges17;
          est20 shipped H, one regime behind G on it, for a reason the column cannot test (a dominant source's own
          scatter) and with the holdout seen (docs/estimates.md, round 23);
  holdout the held-out rows (tests/data/holdout_*.toml), reported; never used to choose before est20 (above).

Inference-memory weights rows belong to the weights kind (accuracy.is_weights_row) and are left out of its regimes.
The nested column reuses each row's leave-one-source-out residual: the constants a left-out source's neighbours were
refitted with saw that source, a small optimism against a fully nested refit (hours of CPU on decode).
"""

from __future__ import annotations

import math
import pickle
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import accuracy

from configurator.core.estimate import crossval, estimator
from configurator.core.estimate.crossval import Point
from configurator.storage import catalogs
from tests.reference import kind_rows, points

KINDS = ("inference_memory", "weights", "finetune_memory", "first_token", "prefill_speed", "decode_speed")
KINDS += ("training_gpu_hours",)
MEMORY = frozenset({"inference_memory", "weights", "finetune_memory"})  # read source by source before ranges17
Factors = tuple[float, float]
Rule = Callable[[dict[str, list[Point]], str], dict[str, tuple[Factors, str]]]


def _sources(pts: Sequence[Point]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in pts:
        out[p.group] = out.get(p.group, 0) + 1
    return out


def _weighted_factors(pts: Sequence[Point]) -> Factors:
    """Weibull-position quantiles with each row weighted 1 / (its source's rows), scaled to n rows in all."""
    n_of = _sources(pts)
    vals = sorted((math.log(p.measured / p.estimated), 1.0 / n_of[p.group]) for p in pts if p.estimated)
    n, total = len(vals), sum(w for _, w in vals)
    cum, pos = 0.0, []
    for _, w in vals:
        cum += w * n / total
        pos.append(cum)

    def q(t: float) -> float:
        t *= n + 1
        if t <= pos[0]:
            return vals[0][0]
        for i in range(1, n):
            if pos[i] >= t:
                return vals[i - 1][0] + (t - pos[i - 1]) / (pos[i] - pos[i - 1]) * (vals[i][0] - vals[i - 1][0])
        return vals[-1][0]

    return math.exp(min(0.0, q(0.1))), math.exp(max(0.0, q(0.9)))


def gated(quantiles: Callable[[list[Point], str], Factors], dominance: bool) -> Rule:
    """A regime's own quantiles from 10 rows and 3 sources (and, with `dominance`, no source over half its rows), else
    the kind's pooled ones: the rule of rounds 15-20 with `quantiles` its estimator."""

    def rule(by_regime: dict[str, list[Point]], kind: str) -> dict[str, tuple[Factors, str]]:
        pooled = quantiles([p for v in by_regime.values() for p in v], kind)
        out = {}
        for regime, pts in by_regime.items():
            n_of = _sources(pts)
            own = len(pts) >= 10 and len(n_of) >= 3 and (not dominance or max(n_of.values()) * 2 <= len(pts))
            out[regime] = (quantiles(pts, kind), "own") if own else (pooled, "pooled")
        return out

    return rule


def _rows(pts: list[Point], kind: str) -> Factors:
    return crossval.quantile_factors(pts, by_source=kind in MEMORY)


def _sums(pts: list[Point], kind: str) -> Factors:
    return crossval.quantile_factors(pts, by_source=True)


def bias_scatter(widen: bool) -> Rule:
    """Biases from the regime's 3 sources (however their rows split), scatter from its 10 rows, else the kind's."""

    def rule(by_regime: dict[str, list[Point]], kind: str) -> dict[str, tuple[Factors, str]]:
        pooled_bias, pooled_scatter = crossval.bias_and_scatter([p for v in by_regime.values() for p in v])
        out = {}
        for regime, pts in by_regime.items():
            bias, scatter = crossval.bias_and_scatter(pts)
            own_bias = len(bias) >= crossval.REGIME_MIN_SOURCES
            own_scatter = len(scatter) >= crossval.REGIME_MIN_ROWS
            biases = list((bias if own_bias else pooled_bias).values())
            if widen:
                centre, k = statistics.median(biases), math.sqrt(1 + 1 / len(biases))
                biases = [centre + (b - centre) * k for b in biases]
            f = crossval.bias_scatter_factors(biases, scatter if own_scatter else pooled_scatter)
            out[regime] = (
                f,
                ("own" if own_bias else "kind's") + " biases, " + ("own" if own_scatter else "kind's") + " rows",
            )
        return out

    return rule


def dominance(scatter_too: bool) -> Rule:
    """As F, a regime's own biases only when no source holds over half its rows (G, ranges17), and with `scatter_too` its
    own rows' scatter only then as well (H, est20: crossval.regime_range_factors), restated here so that the benchmark
    checks the shipped rule against an independent reading of it."""

    def rule(by_regime: dict[str, list[Point]], kind: str) -> dict[str, tuple[Factors, str]]:
        pooled_bias, pooled_scatter = crossval.bias_and_scatter([p for v in by_regime.values() for p in v])
        out = {}
        for regime, pts in by_regime.items():
            bias, scatter = crossval.bias_and_scatter(pts)
            n_of = _sources(pts)
            diverse = max(n_of.values(), default=0) * 2 <= len(pts)
            own_bias = len(bias) >= crossval.REGIME_MIN_SOURCES and diverse
            own_scatter = len(scatter) >= crossval.REGIME_MIN_ROWS and (diverse or not scatter_too)
            biases = list((bias if own_bias else pooled_bias).values())
            centre, widen = statistics.median(biases), math.sqrt(1 + 1 / len(biases))
            biases = [centre + (b - centre) * widen for b in biases]
            f = crossval.bias_scatter_factors(biases, scatter if own_scatter else pooled_scatter)
            out[regime] = (
                f,
                ("own" if own_bias else "kind's") + " biases, " + ("own" if own_scatter else "kind's") + " rows",
            )
        return out

    return rule


def recentred(by_regime: dict[str, list[Point]], kind: str) -> dict[str, tuple[Factors, str]]:
    """As G, but a regime that borrows the kind's biases and has REGIME_MIN_ROWS rows of its own keeps its own centre
    (its sources' median bias) and borrows only the spread: every source's bias less its regime's median (est20, not
    shipped: docs/estimates.md, round 23)."""
    pooled_bias, pooled_scatter = crossval.bias_and_scatter([p for v in by_regime.values() for p in v])
    spread = []
    for pts in by_regime.values():
        bias, _ = crossval.bias_and_scatter(pts)
        if bias:
            centre = statistics.median(bias.values())
            spread += [b - centre for b in bias.values()]
    out = {}
    for regime, pts in by_regime.items():
        bias, scatter = crossval.bias_and_scatter(pts)
        n_of = _sources(pts)
        diverse = max(n_of.values(), default=0) * 2 <= len(pts)
        own_bias = len(bias) >= crossval.REGIME_MIN_SOURCES and diverse
        own_scatter = len(scatter) >= crossval.REGIME_MIN_ROWS
        if own_bias:
            biases, how = list(bias.values()), "own biases"
        elif own_scatter:
            centre = statistics.median(bias.values())
            biases, how = [centre + d for d in spread], "own centre, kind's spread"
        else:
            biases, how = list(pooled_bias.values()), "kind's biases"
        centre, widen = statistics.median(biases), math.sqrt(1 + 1 / len(biases))
        biases = [centre + (b - centre) * widen for b in biases]
        f = crossval.bias_scatter_factors(biases, scatter if own_scatter else pooled_scatter)
        out[regime] = (f, how + ", " + ("own" if own_scatter else "kind's") + " rows")
    return out


def _balanced_scatter(pts: Sequence[Point], per_source: int = 12, min_rows: int = 3) -> list[float]:
    """Each source's scatter about its median once, however many rows it holds: `per_source` evenly spaced quantiles
    of its residuals, over the sources with `min_rows` rows (fewer carry no scatter of their own: one row is its own
    median). Every row's residual when no source has that many."""
    by_source: dict[str, list[float]] = {}
    for p in pts:
        if p.estimated:
            by_source.setdefault(p.group, []).append(math.log(p.measured / p.estimated))
    out = []
    for logs in by_source.values():
        if len(logs) >= min_rows:
            centre, ordered = statistics.median(logs), sorted(logs)
            out += [crossval._weibull_quantile(ordered, (i + 0.5) / per_source) - centre for i in range(per_source)]
    return out or crossval.bias_and_scatter(pts)[1]


def balanced(by_regime: dict[str, list[Point]], kind: str) -> dict[str, tuple[Factors, str]]:
    """As H, with each source's scatter counted once (_balanced_scatter), as each source's bias is (range22, not
    shipped): a source that holds most of a kind's rows no longer sets the scatter a row of a source never seen brings."""
    all_pts = [p for v in by_regime.values() for p in v]
    pooled_bias, _ = crossval.bias_and_scatter(all_pts)
    out = {}
    for regime, pts in by_regime.items():
        bias, scatter = crossval.bias_and_scatter(pts)
        n_of = _sources(pts)
        diverse = max(n_of.values(), default=0) * 2 <= len(pts)
        own_bias = len(bias) >= crossval.REGIME_MIN_SOURCES and diverse
        own_scatter = len(scatter) >= crossval.REGIME_MIN_ROWS and diverse
        biases = list((bias if own_bias else pooled_bias).values())
        centre, widen = statistics.median(biases), math.sqrt(1 + 1 / len(biases))
        biases = [centre + (b - centre) * widen for b in biases]
        f = crossval.bias_scatter_factors(biases, _balanced_scatter(pts if own_scatter else all_pts))
        out[regime] = (
            f,
            ("own" if own_bias else "kind's") + " biases, balanced " + ("own" if own_scatter else "kind's"),
        )
    return out


RULES: dict[str, Rule] = {
    "A rows, 10 rows / 3 sources (rounds 15-20)": gated(_rows, False),
    "B as A, no source over half": gated(_rows, True),
    "C rows weighted 1/n_source": gated(lambda p, k: _weighted_factors(p), False),
    "D source sums, 10 / 3": gated(_sums, False),
    "E bias from 3 sources, scatter from 10 rows": bias_scatter(False),
    "F as E, biases widened by sqrt(1 + 1/S)": bias_scatter(True),
    "G as F, own biases only if no source over half (ranges17)": dominance(False),
    "H as G, own rows' scatter only if no source over half (shipped)": dominance(True),
    "I as G, a borrowing regime of 10 rows keeps its own centre": recentred,
    "J as H, each source's scatter counted once (range22)": balanced,
    "K own biases and scatter (each source once) per regime, no source's share gated (decode30)": lambda r, k: (
        crossval.regime_range_factors(r, per_regime=True)
    ),
}


def _outward(f: Factors, step: float) -> Factors:
    return math.floor(f[0] / step + 1e-9) * step, math.ceil(f[1] / step - 1e-9) * step


def _inside(pts: Sequence[Point], f: Factors) -> int:
    return sum(1 for p in pts if p.estimated and f[0] * p.estimated <= p.measured <= f[1] * p.estimated)


def _groups(kind: str, pairs: list[tuple[Any, Point]], catalog: Any) -> dict[str, list[Point]]:
    if kind == "inference_memory":
        pairs = [(r, p) for r, p in pairs if not accuracy.is_weights_row(p)]
    return accuracy.regime_points(kind, pairs, catalog) or {"all": [p for _, p in pairs if p.estimated]}


def _pairs(kind: str, catalog: Any, cache: Path | None) -> dict[str, list[tuple[Any, Point]]]:
    path = cache / f"{kind}.pkl" if cache else None
    if path and path.exists():
        with path.open("rb") as f:
            return pickle.load(f)
    cv = crossval.cross_validate_rows(
        crossval.KNOBS.get(kind, ()),
        lambda d, c: points(kind, catalog, list(d), c),
        kind_rows(kind),
        lambda r: crossval.source_group(r["source"]),
        estimator.CAL,
    )
    held = [(r, p) for r in kind_rows(kind, "holdout") for p in points(kind, catalog, [r])]
    out = {"cv": cv, "held": held}
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            pickle.dump(out, f)
    return out


def evaluate(rule: Rule, kind: str, cv: dict[str, list[Point]], held: dict[str, list[Point]]) -> dict[str, Any]:
    """Per regime: the factors, how, and (inside, rows) for cv, nested and holdout, with the nested per-source shares."""
    step = 0.001 if kind == "weights" else 0.01
    all_cv = [p for v in cv.values() for p in v]
    answer = rule(cv, kind)
    nested: dict[str, list[int]] = {r: [0, 0] for r in cv}
    by_source: dict[str, list[float]] = {r: [] for r in cv}  # each left-out source's own share (round 32)
    for source in sorted({p.group for p in all_cv}):
        others = {r: [p for p in v if p.group != source] for r, v in cv.items()}
        others = {r: v for r, v in others.items() if v}
        factors = rule(others, kind)
        pooled = rule({"all": [p for v in others.values() for p in v]}, kind)["all"][0]
        for regime, pts in cv.items():
            left = [p for p in pts if p.group == source]
            if left:
                f = _outward(factors[regime][0] if regime in factors else pooled, step)
                nested[regime][0] += _inside(left, f)
                nested[regime][1] += len(left)
                by_source[regime].append(_inside(left, f) / len(left))
    out = {}
    for regime in sorted(set(cv) | set(held)):
        f, how = answer.get(regime, (rule({"all": all_cv}, kind)["all"][0], "pooled"))
        f = _outward(f, step)
        pts_cv, pts_held = cv.get(regime, []), held.get(regime, [])
        out[regime] = {
            "factors": f,
            "how": how,
            "cv": (_inside(pts_cv, f), len(pts_cv)),
            "nested": tuple(nested.get(regime, (0, 0))),
            "nested_sources": statistics.fmean(by_source[regime]) if by_source.get(regime) else None,
            "holdout": (_inside(pts_held, f), len(pts_held)),
        }
    return out


def _share(x: tuple[int, int]) -> str:
    return f"{x[0]:3d}/{x[1]:<3d} {x[0] / x[1]:4.0%}" if x[1] else "    -        "


def main(argv: list[str]) -> int:
    cache = next((Path(a.split("=", 1)[1]) for a in argv if a.startswith("--cache=")), None)
    kinds = [a for a in argv if not a.startswith("--")] or list(KINDS)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        print(f"unknown kind {', '.join(unknown)}; choose from {', '.join(KINDS)}", file=sys.stderr)
        return 2
    catalog = catalogs.load(include_user=False).catalog
    data = {}
    for kind in kinds:
        pairs = _pairs(kind, catalog, cache)
        data[kind] = (_groups(kind, pairs["cv"], catalog), _groups(kind, pairs["held"], catalog))
    score: dict[str, tuple[int, int, list[float], int, int]] = {}
    for name, rule in RULES.items():
        print(f"== {name}")
        band = judged = held_band = held_judged = 0
        distance: list[float] = []
        for kind in kinds:
            for regime, x in evaluate(rule, kind, *data[kind]).items():
                lo, hi = x["factors"]
                print(
                    f"  {kind:18s} {regime:24s} x{lo:.3f}..x{hi:.3f} {x['how']:.42s}"
                    f"\n      cv {_share(x['cv'])}  nested {_share(x['nested'])}  holdout {_share(x['holdout'])}"
                    + (f"  nested by source {x['nested_sources']:4.0%}" if x["nested_sources"] is not None else "")
                )
                k, n = x["nested"]
                if n >= accuracy.REGIME_MIN_JUDGED:
                    judged += 1
                    band += 0.75 <= k / n <= 0.90
                    distance.append(abs(k / n - 0.8))
                k, n = x["holdout"]
                if n >= accuracy.REGIME_MIN_JUDGED:
                    held_judged += 1
                    held_band += 0.75 <= k / n <= 0.90
        score[name] = (band, judged, distance, held_band, held_judged)
    print("== the rules on regimes of 10 or more rows: nested (chosen on) / holdout (reported)")
    for name, (band, judged, distance, held_band, held_judged) in score.items():
        print(
            f"  {name:54s} nested in 75-90 %: {band} of {judged}, mean |share - 80 %| "
            f"{statistics.fmean(distance):.3f}; holdout in 75-90 %: {held_band} of {held_judged}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
