"""How many streams a team's seats need at once, from their own arrivals (round 41, chat41).

Before, every team was sized by Anthropic's Claude Code rate-limit table (need.concurrency_ratio): ten chat seats at
3.7 requests a day were served as 5 concurrent streams, "borrowed" from coding agents. Now a chat team's streams come
from its own offered load (requests a day x seconds a reply holds a stream, over the hours the users are at work) by
Erlang C: the fewest streams for which at most 1 % of requests wait over 2 s for a free one (MLPerf Inference's
interactive bound, rules.job.WAIT_SOURCE). A coding agent keeps Anthropic's table, which is sourced for such seats."""

from __future__ import annotations

import argparse
import math

import pytest

from configurator.core.common.reasons import english
from configurator.core.costs.api import CHAT_REQUESTS_PER_DAY, Demand, seat_streams_of
from configurator.core.costs.need import seat_streams, streams_for_seats
from configurator.core.costs.tco import seats_said
from configurator.core.report import words
from configurator.core.rules import instance
from configurator.core.rules.job import READING_TPS, Serving, erlang_c
from tests.independent_checker import _erlang_streams, _seats_problems

SERVE = instance(Serving)
BUSY_HOURS = 8.0 * 0.5  # the default buy-or-rent inputs: 8 h a day on, the users at work half of it
CHAT_REPLY = 129  # the Azure 2023 conversation trace's median reply (estimate/traffic.py)


def test_erlang_c_matches_the_published_worked_example() -> None:
    """Call Centre Helper's Erlang C worked example (https://www.callcentrehelper.com/erlang-c-formula-example-121281.htm,
    reproduced with its figures in pyworkforce's README and tests, github.com/rodrigo-arenas/pyworkforce, read
    2026-12-06): 100 calls in 30 minutes of 180 s each are 10 erlangs; on 14 agents the probability of waiting is
    0.1741 and 88.8 % are answered within 20 s. Wolfram's ErlangC[3, 2] (reference.wolfram.com/language/ref/ErlangC)
    is 4/9 exactly."""
    load = 100 / (30 * 60) * 180
    assert load == pytest.approx(10.0)
    assert erlang_c(14, load) == pytest.approx(0.17413, abs=5e-5)
    assert 1.0 - SERVE.waits(14, load, 180.0, wait_s=20.0) == pytest.approx(0.88835, abs=5e-5)
    assert erlang_c(3, 2.0) == pytest.approx(4 / 9)
    # a load that fills the streams queues without end; none offered never waits
    assert erlang_c(10, 10.0) == 1.0 and erlang_c(3, 0.0) == 0.0
    # the recursion holds where A^N / N! would overflow a float
    assert 0.0 < erlang_c(400, 380.0) < 1.0


def test_ten_chat_seats_need_two_streams_not_five() -> None:
    """Ten chat seats at ChatGPT's 3.7 requests a day (NBER w34255), 129-token replies at reading speed (25.8 s a
    stream), over the default 4 busy hours: 0.066 erlang. One stream lets 1.2 % wait over 2 s (over the 1 % target),
    two 0.2 %: 2 streams, where the Claude Code table had said 5."""
    sized = seat_streams(10, "chat", CHAT_REQUESTS_PER_DAY, BUSY_HOURS, CHAT_REPLY)
    assert sized.method == "erlang-c" and sized.streams == 2
    assert sized.service_s == pytest.approx(CHAT_REPLY / READING_TPS)
    assert sized.load == pytest.approx(10 * 3.673 * 25.8 / (4 * 3600), rel=1e-3)
    assert SERVE.waits(1, sized.load, sized.service_s) > 0.01 >= sized.waits
    assert sized.streams < streams_for_seats(10) == 5
    # a team that names no kind of user is sized as chat seats; a stated requests a day is its own
    assert seat_streams_of(10, None, BUSY_HOURS, {}).streams == 2
    busy = Demand(days_per_year=250.0, usage="chat", requests_per_day=100.0)
    assert seat_streams_of(10, busy, BUSY_HOURS, {}).streams == 6  # 1.79 erlangs


def test_streams_grow_with_the_team_and_never_pass_the_seats() -> None:
    """A larger team never needs fewer streams; a stream a seat never queues (a user waits for its reply before
    asking again), so no team needs more streams than seats. An office of 1,000 chat seats: 14 streams."""
    sized = [seat_streams(n, "chat", CHAT_REQUESTS_PER_DAY, BUSY_HOURS, CHAT_REPLY).streams for n in range(1, 1001)]
    assert all(a <= b for a, b in zip(sized, sized[1:], strict=False))
    assert all(s <= n for n, s in enumerate(sized, start=1))
    assert sized[0] == 1 and sized[-1] == 14
    # a profile busy none of its hours sends no requests: one stream, and finite figures for the JSON
    idle = seat_streams(10, "chat", CHAT_REQUESTS_PER_DAY, 0.0, CHAT_REPLY)
    assert (idle.streams, idle.load, idle.waits) == (1, 0.0, 0.0)
    # the independent checker's closed form agrees with the rule's recursion on every team
    for n in (1, 2, 5, 10, 50, 200, 1000):
        got = seat_streams(n, "chat", CHAT_REQUESTS_PER_DAY, BUSY_HOURS, CHAT_REPLY)
        assert _erlang_streams(n, got.load, got.service_s, 2.0, 0.01) == got.streams


def test_every_build_that_keeps_up_with_a_reader_holds_the_wait_target() -> None:
    """The streams are sized at reading speed, the slowest rate a stream may serve (the reading rule): a build that
    serves each request faster holds each stream for less, so fewer of the requests wait: the label "cheapest serving
    the demand" (SERVE over the same streams) never goes to a build on which more than 1 % would wait over 2 s."""
    sized = seat_streams(50, "chat", CHAT_REQUESTS_PER_DAY, BUSY_HOURS, CHAT_REPLY)
    assert sized.streams == 3
    for tps in (READING_TPS, 8.0, 20.0, 55.0):
        service = CHAT_REPLY / tps
        load = 50 * CHAT_REQUESTS_PER_DAY * service / (BUSY_HOURS * 3600)
        assert SERVE.waits(sized.streams, load, service) <= SERVE.wait_share
    # a speed asked sizes it instead: at 20 tokens/s a stream each reply is held 6.5 s
    assert seat_streams(50, "chat", CHAT_REQUESTS_PER_DAY, BUSY_HOURS, CHAT_REPLY, 20.0).streams == 2


def test_fifty_coding_agent_seats_keep_anthropics_figure() -> None:
    """Coding agents keep Anthropic's Claude Code table (1.25-1.75 requests a minute a seat for 20-50 seats, over a
    lone seat's 6): 50 seats x 0.25 = 12.5, 13 streams. Erlang C on their own 300 requests a day of 480-token replies
    over 4 h gives the same 13 at 70 tokens/s a stream (a Claude model's speed), 37 at a local 20: the sentence says
    the table is Anthropic's sizing on its own models, and what would wait on this build."""
    sized = seat_streams(50, "coding-agent", 300.0, BUSY_HOURS, 480)
    assert sized.method == "table" and sized.streams == 13
    assert seat_streams(50, "chat", 300.0, BUSY_HOURS, 480, 70.0).streams == 13
    assert seat_streams(50, "chat", 300.0, BUSY_HOURS, 480, 20.0).streams == 37
    said = seats_said(50, "coding-agent", sized, served_tps=20.0, streams=13)
    assert said.fields["streams"] == 13 and said.fields["borrowed"] is False
    text = english(said)
    assert "Anthropic's sizing of Claude Code seats on its own Claude models" in text
    assert "at this build's 20.0 tokens/s a stream (its prefill counted)" in text and "would wait over 2 s" in text
    waits = said.fields["served_waits"]
    assert isinstance(waits, float) and waits > 0.5  # 13 streams at 20 tokens/s are far too few for 50 agents
    with words.language("zh_CN"):
        zh = words.say(said)
    assert "自家 Claude 模型" in zh and "计入预填充后每路 20.0 token/秒" in zh and "tokens/s" not in zh


def test_the_seats_sentence_says_why_n_in_english_and_chinese() -> None:
    """`served as N concurrent streams` says why N: the seats' requests a day, the busy hours, the reply at reading
    speed, the erlangs they offer and the share waiting at N, against the sourced target; `borrowed` stays false."""
    sized = seat_streams_of(10, Demand(days_per_year=250.0, usage="chat"), BUSY_HOURS, {})
    said = seats_said(10, "chat", sized, served_tps=20.7, streams=2)
    fields = said.fields
    assert (fields["streams"], fields["method"], fields["borrowed"]) == (2, "erlang-c", False)
    assert fields["ratio"] == pytest.approx(0.2)
    text = english(said)
    assert text.startswith("10 seats served as 2 concurrent streams (20% of the seats at once), from their own demand")
    for piece in ("3.7 requests a day a seat", "4.0 h a day", "129-token reply at 5.0 tokens/s", "0.07 erlang"):
        assert piece in text, piece
    assert "at 2 streams 0.2 % of requests wait over 2 s" in text and "mlperf.conf" in text
    assert "borrowed" not in text
    # the arrival pattern is assumed, and said so
    assert "are an estimate (real LLM traffic is burstier" in text and "arXiv 2401.17644" in str(fields["estimate"])
    with words.language("zh_CN"):
        zh = words.say(said)
    assert "10 个席位按 2 路并发服务" in zh and "每个回复 129 token，按 5.0 token/秒" in zh and "0.07 Erlang" in zh
    assert "借用" not in zh and "tokens/s" not in zh and "等待比例只是下限" in zh
    # the default (no sizing passed) is the chat usage over the default inputs' busy hours
    assert seats_said(10, "chat").fields["streams"] == 2


def test_the_command_line_sizes_a_chat_team_from_its_demand() -> None:
    """`plan --usage chat --seats 10`: batch 2; `--usage coding-agent --seats 5`: 5 (Anthropic's table); a speed
    asked (`--min-tps 20`) sizes each reply at it."""
    from configurator.cli import plan

    def batch(**kw: object) -> int:
        args = argparse.Namespace(requests_per_day=None, ownership=None, batch=1, prompt=None, context=None, **kw)
        plan._seats_streams(args)
        assert isinstance(args.batch, int)
        return args.batch

    assert batch(usage="chat", seats=10) == 2
    assert batch(usage="coding-agent", seats=5) == 5
    assert batch(usage="chat", seats=50, min_decode_tps=20.0) == 2


def test_the_independent_checker_rederives_the_streams() -> None:
    """The JSON's tco.seats fields re-derived (tests/independent_checker.py): a wrong N is caught."""
    sized = seat_streams_of(10, Demand(days_per_year=250.0, usage="chat"), BUSY_HOURS, {})
    fields = dict(seats_said(10, "chat", sized).fields)
    costs = {"assumption_codes": [{"code": "tco.seats", "fields": fields}], "active_hours_per_year": 1000.0}
    api = {"days_per_year": 250.0, "streams": 2}
    assert _seats_problems(costs, api, 10, "b") == []
    costs["assumption_codes"][0]["fields"] = {**fields, "streams": 5}
    assert any("sizing makes it 2" in p for p in _seats_problems(costs, {**api, "streams": 5}, 10, "b"))
    assert math.isclose(fields["hours"], 4.0)
