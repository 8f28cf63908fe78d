"""benchmarks/quick_folds.py fits a fold as crossval.fit does, re-scoring only the rows each trial's knob moves (issue
#29, ss33): the round-33 single-stream NVIDIA decode range was derived from its folds, so its fit must be crossval.fit's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from configurator.core.estimate import crossval, estimator
from tests.reference import kind_rows, points

ROOT = Path(__file__).resolve().parents[2]


def _quick_folds() -> Any:
    spec = importlib.util.spec_from_file_location("quick_folds_benchmark", ROOT / "benchmarks" / "quick_folds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_a_quick_fold_fits_the_constants_crossval_fit_does(catalog: Any) -> None:
    """Three llama.cpp decode knobs on the decode rows of three sources (XiongjieDai's README, the geerlingguy and
    dmatora rows; 40 rows, a few seconds): the same constants to the last digit, with a row that no knob moves among
    them (the layer cost moves only some rows)."""
    quick = _quick_folds()
    kind = "decode_speed"
    keep = ("xiongjiedai", "geerlingguy", "dmatora")
    rows = [r for r in kind_rows(kind) if any(k in r["source"].lower() for k in keep)]
    names = ("bw_eff_llamacpp_quant", "bw_eff_llamacpp_f16", "layer_overhead_llamacpp")
    knobs = [k for k in crossval.KNOBS[kind] if k.name in names]
    assert len(knobs) == 3 and len(rows) >= 30
    start = estimator.CAL
    owned = quick.knob_rows(kind, catalog, rows, knobs, start)
    assert any(len(owned[k.name]) < len(rows) for k in knobs)  # the point of the helper: some rows are not re-scored
    train = list(range(len(rows)))
    full = crossval.fit(knobs, lambda d, c: points(kind, catalog, list(d), c), rows, start)
    fast = quick.quick_fit(kind, catalog, rows, train, knobs, start, owned)
    for knob in knobs:
        assert getattr(fast, knob.name) == pytest.approx(getattr(full, knob.name), rel=1e-12), knob.name
