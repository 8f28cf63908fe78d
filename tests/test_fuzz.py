"""Fuzz every input surface with a fixed seed (issues #15, #32): exit 0 or 2, never 1, user files unchanged,
no amount of a quote misread.

A longer run: `python benchmarks/fuzz.py --examples 5000`.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzzing import SURFACES

EXAMPLES = {
    "catalog_toml": 60,
    "config_json": 100,
    "gguf": 100,
    "safetensors": 200,
    "project": 100,
    "cli_numbers": 100,
    "quote": 200,
    "special_files": 100,
    "plan_project": 200,
}


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_surface_never_exits_1(surface: str) -> None:
    strategy, runner = SURFACES[surface]
    codes: dict[int, int] = {}

    @settings(
        max_examples=EXAMPLES[surface],
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(strategy)
    def check(case: Any) -> None:
        code = runner(case)
        codes[code] = codes.get(code, 0) + 1

    check()
    assert set(codes) <= {0, 2}
    assert codes.get(2), f"{surface}: no hostile input was refused, so the generator tests nothing"
