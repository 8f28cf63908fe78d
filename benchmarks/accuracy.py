"""Estimator accuracy on published measurements: fitted, leave-one-source-out cross-validated, and holdout.

    python benchmarks/accuracy.py [--rows] [--fit] [--ranges] [--refit=KNOB,...] [KIND ...]

KIND is one of inference_memory, finetune_memory, decode_speed, prefill_speed, training_gpu_hours, offload (weights or
experts in system RAM and unified memory: tests/data/*_offload.toml, errors and 80 % range coverage per regime).
For each kind it prints, over tests/data/reference_*.toml:
  fitted     the shipped constants scored on the rows they were fitted to;
  cross-val  for each source, the kind's fitted constants (crossval.KNOBS) refitted on all other
             sources and the left-out source scored with them;
and over tests/data/holdout_*.toml (rows no constant is fitted on) the errors and how often the
measurement falls inside the 80 % range (ranges.py), for decode and prefill also per regime (single stream vs
batched, NVIDIA vs other vendors, dense vs MoE, one GPU vs several), each row scored with the range the estimate gives
it (its regime's factors where ranges.REGIME_RANGE_FACTORS sets them: ranges.speed_regime). --rows lists every row; --fit prints the
constants refitted on all reference rows beside the shipped ones; --ranges prints interval factors
derived from the cross-validated errors (the values ranges.py ships), for decode and prefill per assigned regime.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.estimate import estimator
from configurator.core.estimate.crossval import (
    KNOBS,
    Point,
    Summary,
    conformal_factors,
    cross_validate,
    fit,
    fitted_values,
    interval_factors,
    source_group,
    summarise,
)
from configurator.core.estimate.ranges import RANGE_FACTORS, REGIME_RANGE_FACTORS, speed_regime
from configurator.storage import catalogs
from tests.reference import (
    ALL,
    TARGETS,
    Row,
    excluded_rows,
    kind_rows,
    offload_regime,
    offload_result,
    offload_rows,
    points,
    ram_share_fits,
)


def _fmt(s: Summary) -> str:
    if s.median is None or s.p90 is None:
        return f"no answers ({s.rows} rows)"
    return f"median {s.median:6.1%}  p90 {s.p90:6.1%}  answered {s.answered}/{s.rows} ({s.answered_share:.0%})"


def _half_width(factors: tuple[float, float]) -> float:
    return (factors[1] - factors[0]) / 2


SPEED_KINDS = ("decode_speed", "prefill_speed")


def speed_regimes(label: str, catalog: object) -> list[str]:
    """The regimes a decode/prefill row belongs to, read from its label ("model precision engine NxGPU ctx=.. b=.."):
    single stream vs batched, NVIDIA vs other vendors, dense vs MoE, one GPU vs several."""
    parts = label.split()
    if len(parts) < 6 or "x" not in parts[3]:
        return []
    records = catalog.records  # type: ignore[attr-defined]
    model = records["models"].get(parts[0])
    gpus, _, gpu_id = parts[3].partition("x")
    gpu = records["gpus"].get(gpu_id)
    batch = int(parts[-1].split("=")[1].rstrip(":")) if parts[-1].startswith("b=") else 1
    out = ["batched" if batch > 1 else "single stream"]
    if gpu is not None:
        out.append("NVIDIA" if gpu.vendor == "nvidia" else "other vendors")
    if model is not None:
        out.append("MoE" if model.moe is not None else "dense")
    multi = gpus.isdigit() and int(gpus) > 1
    out.append("multi-GPU" if multi else "one GPU")
    if model is not None and model.moe is not None and multi and parts[2] in ("vllm", "sglang"):
        out.append("MoE tensor parallel")  # ranges.MOE_TENSOR_PARALLEL: its own factors when they are set
    if model is not None and model.moe is not None and not multi:
        out.append("MoE one GPU")  # issue #29: MoE single-GPU coverage reported apart from the tensor-parallel rows
    return out


def assigned_regime(label: str, catalog: object) -> str | None:
    """The one regime whose factors bracket this row's figure (ranges.speed_regime, as the estimator assigns it)."""
    regimes = speed_regimes(label, catalog)
    return speed_regime(
        moe_tensor_parallel="MoE tensor parallel" in regimes,
        batch=2 if "batched" in regimes else 1,
        nvidia="other vendors" not in regimes,
    )


def row_factors(label: str, kind: str, catalog: object) -> tuple[float, float]:
    """The 80 % range factors the estimate gives this row: its regime's (REGIME_RANGE_FACTORS) or its kind's."""
    key = assigned_regime(label, catalog) if kind in SPEED_KINDS else None
    return REGIME_RANGE_FACTORS.get((kind, key or ""), RANGE_FACTORS[kind])


def assigned_coverage(points: list[Point], kind: str, catalog: object) -> float:
    """Share of answered rows inside the range the estimate gives each (its regime's factors where it has them)."""
    answered = [p for p in points if p.estimated]
    if not answered:
        return 0.0
    inside = 0
    for p in answered:
        low, high = row_factors(p.label, kind, catalog)
        inside += low * p.estimated <= p.measured <= high * p.estimated  # type: ignore[operator]
    return inside / len(answered)


def regime_coverage(points: list[Point], catalog: object, kind: str = "decode_speed") -> str:
    """Coverage of the 80 % range per regime, each row scored with the factors the estimate gives it, e.g.
    'batched 78 % (40)'."""
    groups: dict[str, list[Point]] = {}
    for p in points:
        for regime in speed_regimes(p.label, catalog):
            groups.setdefault(regime, []).append(p)
    return "; ".join(
        f"{name} {assigned_coverage(pts, kind, catalog):.0%} ({len(pts)})" for name, pts in sorted(groups.items())
    )


def regime_intervals(points: list[Point], catalog: object) -> list[str]:
    """Per assigned regime (ranges.SPEED_REGIMES; 'rest' keeps the kind's factors): the plain and split-conformal
    80 % intervals of its cross-validated errors, the values ranges.py ships."""
    groups: dict[str, list[Point]] = {}
    for p in points:
        if p.estimated:
            groups.setdefault(assigned_regime(p.label, catalog) or "rest", []).append(p)
    out = []
    for name, pts in sorted(groups.items()):
        lo, hi = interval_factors(pts)
        clo, chi = conformal_factors(pts)
        out.append(f"{name} ({len(pts)} rows): plain ({lo:.3f}, {hi:.3f}), split-conformal ({clo:.3f}, {chi:.3f})")
    return out


def offload_report(catalog: object) -> None:
    """Weights or experts in system RAM, CPU-only hosts and unified-memory systems (tests/data/*_offload.toml): errors
    on the rows the RAM and unified constants were fitted on and on the holdout rows, and how often the measurement
    falls inside the 80 % range the estimate itself reports (`estimate --json` ranges), per regime."""
    for prefix in ("fit", "holdout"):
        data = offload_rows(prefix)
        pts: list[Point] = []
        inside: dict[str, list[bool]] = {}
        for row in data:
            result, path, measured = offload_result(catalog, row)  # type: ignore[arg-type]
            estimated = (
                result.prefill_tokens_per_s if path.endswith("prefill_tokens_per_s") else result.decode_tokens_per_s
            )
            pts.append(Point(measured, estimated, source_group(row["source"]), row["model"]))
            low, high = result.to_json()["ranges"].get(path, [0.0, 0.0])
            hit = low <= measured <= high
            inside.setdefault("all", []).append(hit)
            inside.setdefault(offload_regime(catalog, row), []).append(hit)  # type: ignore[arg-type]
        shares = "; ".join(f"{k} {sum(v) / len(v):.0%} ({len(v)})" for k, v in sorted(inside.items()) if k != "all")
        name = "fitted   " if prefix == "fit" else "holdout  "
        print(f"  {name} {_fmt(summarise(pts))}; in the 80 % range {sum(inside['all']) / len(inside['all']):.0%}")
        print(f"    per regime: {shares}")
    ram_share_report(catalog)


def ram_share_report(catalog: object) -> None:
    """Per RAM_EFFICIENCY family (estimate/host.py): the shares its fit rows imply, their geometric mean beside the
    shipped share, the holdout rows' errors, and the leave-one-row-out errors over all the family's rows."""
    from configurator.core.estimate.host import RAM_EFFICIENCY

    for fam, f in ram_share_fits(catalog).items():  # type: ignore[arg-type]
        implied = ", ".join(f"{s:.3f}" for s in f.fit_shares)
        held = ", ".join(f"{e:+.0%}" for e in f.holdout_errors) or "none"
        median = f"{statistics.median(abs(e) for e in f.loo_errors):.0%}" if f.loo_errors else "n/a"
        print(
            f"  RAM share {fam}: fit rows imply {implied} -> {f.fitted:.3f} (shipped {RAM_EFFICIENCY[fam]}); "
            f"holdout {held}; leave-one-row-out median |error| {median} over {len(f.loo_errors)} rows "
            f"({', '.join(f'{e:+.0%}' for e in f.loo_errors)})"
        )


def main(argv: list[str]) -> int:
    show_rows = "--rows" in argv
    show_fit = "--fit" in argv
    show_ranges = "--ranges" in argv
    # --refit A,B: the leave-one-source-out folds refit only these constants (the others at their shipped values): a
    # cheaper check of the constants a change introduced, on a shared machine; the full run refits every KNOBS entry
    refit_only = next((a.split("=", 1)[1].split(",") for a in argv if a.startswith("--refit=")), None)
    kinds = [a for a in argv if not a.startswith("--")] or [*ALL, "offload"]
    unknown = [k for k in kinds if k not in ALL and k != "offload"]
    if unknown:
        print(f"unknown kind {', '.join(unknown)}; choose from {', '.join(ALL)}", file=sys.stderr)
        return 2
    catalog = catalogs.load(include_user=False).catalog
    start = estimator.CAL

    def score(data: list[Row], kind: str) -> list[Point]:
        return points(kind, catalog, list(data))

    for kind in kinds:
        if kind == "offload":
            print(
                "== offload (weights or experts in system RAM, CPU-only hosts, unified memory): "
                f"{len(offload_rows('fit'))} fitted rows, {len(offload_rows('holdout'))} holdout rows"
            )
            offload_report(catalog)
            continue
        reference = kind_rows(kind)
        holdout = kind_rows(kind, "holdout")
        knobs = KNOBS.get(kind, ())
        if refit_only is not None:
            knobs = tuple(k for k in knobs if k.name in refit_only)
        fitted = score(reference, kind)
        cv = cross_validate(
            knobs, lambda d, k=kind: score(list(d), k), reference, lambda r: source_group(r["source"]), start
        )
        sources = len({source_group(r["source"]) for r in reference})
        excluded = excluded_rows(kind)
        print(
            f"== {kind}: {len(reference)} reference rows from {sources} sources, {len(holdout)} holdout rows; "
            f"{len(knobs)} fitted constants (target median <= {TARGETS[kind]:.0%})"
            + (f"; {len(excluded)} rows excluded (not scored, see --rows)" if excluded else "")
        )
        print(f"  fitted     {_fmt(summarise(fitted))}")
        print(f"  cross-val  {_fmt(summarise(cv))}")
        factors = RANGE_FACTORS.get(kind)
        if factors:
            print(
                f"  80 % range x{factors[0]:.2f}..x{factors[1]:.2f} (half-width {_half_width(factors):.0%}"
                + (", regimes' own where set" if kind in SPEED_KINDS else "")
                + f"): cross-val coverage {assigned_coverage(cv, kind, catalog):.0%}"
            )
            if kind in SPEED_KINDS:
                print(f"    per regime, cross-val: {regime_coverage(cv, catalog, kind)}")
        if holdout:
            held = score(holdout, kind)
            line = f"  holdout    {_fmt(summarise(held))}"
            if factors:
                line += f"; in the 80 % range {assigned_coverage(held, kind, catalog):.0%}"
            print(line)
            if factors and kind in SPEED_KINDS:
                print(f"    per regime, holdout: {regime_coverage(held, catalog, kind)}")
        if show_ranges and any(p.estimated for p in cv):
            lo, hi = interval_factors(cv)
            print(f"  interval from cross-val errors: ({lo:.3f}, {hi:.3f})")
            clo, chi = conformal_factors(cv)
            print(f"  split-conformal interval from cross-val errors: ({clo:.3f}, {chi:.3f})")
            if kind in SPEED_KINDS:
                for line in regime_intervals(cv, catalog):
                    print(f"    {line}")
        if show_fit and knobs:
            refit = fit(knobs, lambda d, k=kind: score(list(d), k), reference, start)
            for name, value in fitted_values(refit, knobs).items():
                print(f"    {name:32s} shipped {getattr(start, name):10.4g}  refit on all rows {value:10.4g}")
        if show_rows:
            by_label = {p.label: p for p in cv}
            for p in sorted(fitted, key=lambda p: p.error if p.error is not None else 9e9):
                if p.error is None:
                    print(f"  unanswered: {p.label}")
                    continue
                c = by_label.get(p.label)
                cv_err = f"{c.error:+7.1%}" if c is not None and c.error is not None else "   -   "
                print(f"  {p.error:+7.1%} (cv {cv_err})  est {p.estimated:12.4g}  meas {p.measured:12.4g}  {p.label}")
            if holdout:
                for p in score(holdout, kind):
                    err = f"{p.error:+7.1%}" if p.error is not None else "unanswered"
                    print(f"  holdout {err}  {p.label}")
            # excluded rows: scored here for the record only, never fitted on nor counted above
            for row in excluded:
                p = score([row], kind)[0]
                err = f"{p.error:+7.1%}" if p.error is not None else "unanswered"
                print(f"  excluded {err}  {p.label}: {row['excluded']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
