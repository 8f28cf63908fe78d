"""A source's fold shift (crossval.fold_shifts, issue #29, moe41): its rows' bias at the constants of the fold that left
it out over their bias at the shipped constants. The range rule reads the first; where one source alone pins a constant
its rows read, the two part, and --ranges says so beside the regime's range."""

from __future__ import annotations

import math

import pytest

from configurator.core.estimate.crossval import Point, fold_shifts


def _pair(source: str, measured: float, cv: float, fitted: float) -> tuple[Point, Point]:
    return Point(measured, cv, source), Point(measured, fitted, source)


def test_a_source_whose_fold_moves_its_rows_reads_the_move() -> None:
    # "lone": the fold without it estimates its rows 1.5x slow (measured / estimate 1.5) where the shipped constants,
    # fitted on it, read them right; "pinned": other sources hold its constants, so the fold barely moves its rows
    pairs = [
        _pair("lone", 150.0, 100.0, 150.0),
        _pair("lone", 300.0, 200.0, 300.0),
        _pair("pinned", 90.0, 100.0, 99.0),
        _pair("pinned", 180.0, 200.0, 198.0),
        _pair("pinned", 45.0, 50.0, 49.5),
    ]
    shifts = fold_shifts(pairs)
    assert [s.source for s in shifts] == ["lone", "pinned"]  # the largest move first
    lone, pinned = shifts
    assert (lone.rows, pinned.rows) == (2, 3)
    assert lone.cv_bias == pytest.approx(1.5) and lone.fitted_bias == pytest.approx(1.0)
    assert lone.shift == pytest.approx(1.5)
    assert pinned.shift == pytest.approx(0.99)


def test_rows_either_scoring_left_unanswered_are_skipped() -> None:
    pairs = [_pair("a", 100.0, 100.0, 80.0), (Point(100.0, None, "a"), Point(100.0, 50.0, "a"))]
    (only,) = fold_shifts(pairs)
    assert only.rows == 1 and math.isclose(only.shift, 0.8)
    assert fold_shifts([(Point(1.0, None, "b"), Point(1.0, 1.0, "b"))]) == []
