"""Training attention timed by each kernel mode, at the shipped constants and refitted on the fitted rows only: the
fitted and held-out errors and 80 % range coverage per mode (train40, docs/estimates.md round 40).

    python benchmarks/attention_modes.py [MODE ...]    # none (shipped), transformer-engine, framework, flash2, ...

A mode is estimator.Calibration.training_attention_kernel (attention.FRAMEWORK_KERNEL: each step at its framework's
kernel; attention.TRANSFORMER_ENGINE_KERNEL: only Transformer Engine steps). The refit is crossval.fit over the
training knobs (crossval.KNOBS) on tests/data/reference_training_gpu_hours.toml alone; the held-out rows
(holdout_training_gpu_hours.toml) are scored with it and never fitted on. Coverage is each row's own range
(accuracy.assigned_coverage). About a minute a mode.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import accuracy

from configurator.core.estimate import estimator
from configurator.core.estimate.crossval import KNOBS, Point, fit, fitted_values, summarise
from configurator.core.estimate.ranges import STEADY_STATE
from configurator.storage import catalogs
from tests.reference import at_fitted_sequences, kind_rows

KIND = "training_gpu_hours"


def _line(name: str, pts: list[Point], catalog: object) -> str:
    s = summarise(pts)
    if s.median is None or s.p90 is None:
        return f"{name} none"
    return f"{name} {s.median:.1%} / {s.p90:.1%}, {accuracy.assigned_coverage(pts, KIND, catalog):.0%} of {len(pts)}"


def report(mode: str | None, refit: bool, catalog: object) -> None:
    start = replace(estimator.CAL, training_attention_kernel=mode)
    opts = accuracy._options(["--no-cv", KIND])
    assert not isinstance(opts, int)
    run = accuracy._kind(KIND, catalog, start, opts)
    reference, holdout = kind_rows(KIND), kind_rows(KIND, "holdout")
    cal = fit(KNOBS[KIND], lambda d, c: run.score(d, c), reference, start) if refit else start
    pairs = [(row, p) for row in holdout for p in run.score([row], cal)]
    steady = accuracy.by_row_regime(pairs, KIND, catalog).get(STEADY_STATE, [])
    held = [p for _, p in pairs]
    print(f"{mode or 'none'} ({'refitted' if refit else 'shipped constants'})")
    print(f"  {_line('fitted', run.score(reference, cal), catalog)}")
    print(f"  {_line('held out', held, catalog)}; {_line('steady-state regime', steady, catalog)}")
    print(
        f"  {_line('held out <= 8,192', [p for r, p in pairs if at_fitted_sequences(r)], catalog)}; "
        f"{_line('past it', [p for r, p in pairs if not at_fitted_sequences(r)], catalog)}"
    )
    if refit:
        print(f"  refit: {', '.join(f'{k} {v:.4g}' for k, v in fitted_values(cal, KNOBS[KIND]).items())}")


def main(argv: list[str]) -> int:
    catalog = catalogs.load(include_user=False).catalog
    for mode in argv or ["none", "transformer-engine", "framework"]:
        for refit in (False, True):
            report(None if mode == "none" else mode, refit, catalog)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
