"""Round 45 (label44's item 3): the note on a server room's rack feed ("the wall circuit is the server room's usual
rack feed: 220 V 16 A ...; name the circuit if the room's differs") says what the plan assumed where the user named no
circuit. A CNY buyer who typed `--circuit 220v16a` himself had been told it too: his own word, read back to him as an
assumption with a citation (China's 220 V single phase: GB/T 156-2017; journey 2's "a 220 V 16 A circuit in the server
room")."""

from __future__ import annotations

import json

import pytest

from configurator.cli.main import main

CHEN = (
    "plan --model qwen2.5-32b --workload inference --currency CNY --room server-room --budget 100000 --top 1 --json"
).split()


def _feed_notes(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["builds"], result.get("infeasible")
    return [n for n in result["notes"] if "rack feed" in n]


def test_the_feed_is_noted_only_where_the_plan_assumed_it(capsys: pytest.CaptureFixture[str]) -> None:
    (assumed,) = _feed_notes(capsys, CHEN)
    assert "220 V 16 A" in assumed and "2,816 W" in assumed and "GB/T 156-2017" in assumed
    assert _feed_notes(capsys, [*CHEN, "--circuit", "220v16a"]) == []  # named: no lecture on the room's feed
    # a dollar buyer who names the L6-30 feed himself is not told of it either
    usd = [a for a in CHEN if a not in ("CNY", "--currency", "100000", "--budget")]
    assert len(_feed_notes(capsys, usd)) == 1
    assert _feed_notes(capsys, [*usd, "--circuit", "208v30a"]) == []
