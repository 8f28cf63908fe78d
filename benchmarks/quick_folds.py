"""A kind's leave-one-source-out folds, fitted the way crossval.fit fits them but scoring, at each trial of its coordinate
descent, only the rows the trial's knob moves (issue #29, ss33; decode30's helper). The same grid, loss and order as
crossval.fit, so the same constants wherever each knob's rows are found right: a row is the knob's when its estimate
changes with the knob at its bounds or x1.6 either way of the shipped value (the first pass's reach).

    python benchmarks/quick_folds.py DIR [KIND]

writes DIR/KIND.pkl (KIND decode_speed by default) in benchmarks/range_rules.py's cache format, so that

    python benchmarks/range_rules.py --cache=DIR KIND

prints the rule's answers per regime (with the nested and held-out shares) without its own 35-CPU-minute refits. Checked
against the full refits (docs/estimates.md, round 33): on main's decode rows of 2026-12-05 it gives the single-stream
NVIDIA rule (0.712, 1.279) where decode30's full run gave (0.712, 1.275), the same cross-validated (69 of 83) and nested
(66 of 83) shares; XiongjieDai's fold refitted by crossval.fit itself gives its 30 estimates to the last digit. A knob
whose rows change with other knobs' values could be missed, so the full run stays the authority.
"""

from __future__ import annotations

import math
import pickle
import statistics
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.estimate import crossval, estimator
from configurator.core.estimate.crossval import Knob, Point
from configurator.storage import catalogs
from tests.reference import kind_rows, points


def _loss(scored: dict[int, list[Point]]) -> float:
    """crossval._loss over the rows' points, in the rows' order."""
    logs = [
        abs(math.log(p.estimated / p.measured))
        for pts in scored.values()
        for p in pts
        if p.estimated and p.estimated > 0
    ]
    return statistics.fmean(logs) if logs else math.inf


def knob_rows(kind: str, catalog: Any, rows: Sequence[Any], knobs: Sequence[Knob], start: Any) -> dict[str, set[int]]:
    """Each knob's rows: those whose estimate moves with it (at its bounds, or x1.6 either way of `start`'s value)."""
    base = [[p.estimated for p in points(kind, catalog, [r], start)] for r in rows]
    out: dict[str, set[int]] = {}
    for knob in knobs:
        value = float(getattr(start, knob.name))
        moved: set[int] = set()
        for trial in (knob.low, knob.high, value * 1.6, value / 1.6):
            cal = replace(start, **{knob.name: min(knob.high, max(knob.low, trial))})
            moved |= {
                i for i, r in enumerate(rows) if [p.estimated for p in points(kind, catalog, [r], cal)] != base[i]
            }
        out[knob.name] = moved
    return out


def quick_fit(
    kind: str,
    catalog: Any,
    rows: Sequence[Any],
    train: Sequence[int],
    knobs: Sequence[Knob],
    start: Any,
    owned: dict[str, set[int]],
) -> Any:
    """crossval.fit on rows[train], re-scoring at each trial only the rows its knob owns."""
    cal = start
    current = {i: points(kind, catalog, [rows[i]], cal) for i in train}
    best = _loss(current)
    for spread, steps in ((1.6, 9), (1.15, 7)):
        for knob in knobs:
            value = float(getattr(cal, knob.name))
            base = value if value > 0 else (knob.low + knob.high) / 2
            moved = sorted(owned[knob.name] & set(train))
            for i in range(steps):
                factor = spread ** (2 * i / (steps - 1) - 1)
                trial = replace(cal, **{knob.name: min(knob.high, max(knob.low, base * factor))})
                scored = dict(current)
                for j in moved:
                    scored[j] = points(kind, catalog, [rows[j]], trial)
                loss = _loss(scored)
                if loss < best - 1e-9:
                    best, cal, current = loss, trial, scored
    return cal


def quick_folds(kind: str, catalog: Any) -> list[tuple[Any, Point]]:
    """As crossval.cross_validate_rows(KNOBS[kind], ...) with sources as folds: (row, point) pairs, sources sorted."""
    rows, knobs, start = kind_rows(kind), crossval.KNOBS.get(kind, ()), estimator.CAL
    owned = knob_rows(kind, catalog, rows, knobs, start)
    group = [crossval.source_group(r["source"]) for r in rows]
    out: list[tuple[Any, Point]] = []
    for source in sorted(set(group)):
        train = [i for i, g in enumerate(group) if g != source]
        cal = quick_fit(kind, catalog, rows, train, knobs, start, owned) if knobs and train else start
        out += [(r, p) for r, g in zip(rows, group) if g == source for p in points(kind, catalog, [r], cal)]
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    kind = argv[1] if len(argv) > 1 else "decode_speed"
    catalog = catalogs.load(include_user=False).catalog
    held = [(r, p) for r in kind_rows(kind, "holdout") for p in points(kind, catalog, [r])]
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    folds = quick_folds(kind, catalog)  # before the file is opened: an interrupted run leaves no empty cache
    with (out / f"{kind}.pkl").open("wb") as f:
        pickle.dump({"cv": folds, "held": held}, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
