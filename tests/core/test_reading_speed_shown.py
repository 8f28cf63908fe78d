"""Reading speed (rules.job.READING_TPS, 5 tokens/s) is met at the digits a build's line shows its speed with
(rules.job.at_reading_speed, common.reasons.shown_tps), as a speed asked is (round 48, Speed.meets). Round 49: a build
decoding 4.96 tokens/s is shown "5.0 tok/s", and PERF had warned it "about 5 tokens/s per sequence: slower than people
read (~5 tokens/s)". The warning, SERVE's reading rule (the labels' "below reading speed"), the ways out (relax.
build_reads), room to grow's floor and the independent checker read the same shown figure."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from configurator.core.common.reasons import tps_text
from configurator.core.costs.api import SERVE
from configurator.core.model.build import Build
from configurator.core.rules import instance
from configurator.core.rules.job import READING_TPS, Speed, at_reading_speed
from configurator.core.solve import relax
from configurator.core.solve.grow import RoomToGrow
from tests.independent_checker import _readable

SPEED = instance(Speed)


def test_a_build_shown_at_5_0_tok_s_is_not_warned_as_slower_than_reading() -> None:
    """4.96 shows "5.0": no warning; 4.94 shows "4.9": warned, its message saying the figure under 5."""
    assert READING_TPS == 5.0 and tps_text(4.96) == "5.0" and tps_text(4.94) == "4.9"
    assert at_reading_speed(4.96) and not at_reading_speed(4.94) and not at_reading_speed(None)
    assert SPEED.below_reading(4.96, None) is None
    slow = SPEED.below_reading(4.94, None)
    assert slow is not None and slow.status == "warn" and slow.code == "reading"
    assert "about 4.9 tokens/s per sequence: slower than people read (~5 tokens/s)" in slow.message, slow.message


def test_the_labels_ways_and_floor_read_reading_speed_as_the_warning_does() -> None:
    """SERVE's reading rule (ranking.measure's `readable`, sources.keeps_up), a way out's build and room to grow's
    floor agree with PERF at the shown digits, and so does the independent checker re-deriving it from the JSON."""
    assert SERVE.keeps_up(4.96) and not SERVE.keeps_up(4.94)
    shown_five = cast(Build, SimpleNamespace(estimate=SimpleNamespace(decode_tokens_per_s=4.96)))
    shown_under = cast(Build, SimpleNamespace(estimate=SimpleNamespace(decode_tokens_per_s=4.94)))
    assert relax.build_reads(shown_five) and not relax.build_reads(shown_under)
    grow = RoomToGrow()
    assert grow.readable(4.96, training=False) and not grow.readable(4.94, training=False)
    assert _readable({"estimate": {"speed": {"decode_tokens_per_s": 4.96}}})
    assert not _readable({"estimate": {"speed": {"decode_tokens_per_s": 4.94}}})
