"""`llm-rig map` runs with the cycle collector off like every other command (launcher.COLLECTOR_ON, #34); solved in the
caller's own process (`--workers 1`) it turns the collector on for its cells and hands it back as it was."""

from __future__ import annotations

import gc
import json

import pytest

ONE_CELL = ["map", "--workload", "inference", "--model", "llama-3.2-1b", "--precision", "int4", "--workers", "1"]


@pytest.mark.parametrize("enabled", [True, False])
def test_a_map_solved_in_the_callers_process_leaves_its_collector_as_it_was(
    enabled: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    from configurator.launcher import main as launch

    threshold = gc.get_threshold()
    if not enabled:
        gc.disable()
    try:
        assert launch([*ONE_CELL, "--json"]) == 0
        assert gc.isenabled() is enabled and gc.get_threshold() == threshold and gc.get_freeze_count() == 0
    finally:
        gc.enable()
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["model"], r["precision"]) for r in rows] == [("llama-3.2-1b", "int4")]
    assert rows[0]["cheapest"] is not None
