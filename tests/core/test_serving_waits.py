"""wait41: "cheapest serving the demand" reads the wait share too.

Round 41 sized a team's streams by Erlang C (rules.job.Serving: at most 1 % of requests waiting over 2 s, MLPerf
Inference's llama2-70b Server TTFT bound, loadgen/mlperf.conf, github.com/mlcommons/inference, read 2026-12-06) and
said the share waiting at the build's own served rate (tco.seats `served_waits`), but SERVE judged the demand by
capacity alone. A coding-agent team sized on Anthropic's Claude Code table (50 seats: 13 streams, the table at
code.claude.com/docs/en/costs, read 2026-12-06) offers 50 x 300 requests a day x 480-token replies over 4 h a day;
at 45 tokens/s a stream that is 11.1 erlangs on 13 streams: the build makes 117 % of the tokens asked, yet 34.4 % of
the requests wait over 2 s for a free stream. It does not serve the demand, and says why.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from configurator.core.common.reasons import Reason, english
from configurator.core.costs.tco import UsageProfile, served_hours
from configurator.core.report import words
from configurator.core.rules.job import Serving
from configurator.core.solve.ranking import serves_of

SERVE = Serving()


def _build(tps: float, streams: int) -> Any:
    estimate = SimpleNamespace(
        decode_tokens_per_s=tps,
        prefill_tokens_per_s=None,
        workload={"kind": "inference", "batch": streams, "context": 65536, "prompt": None},
    )
    return SimpleNamespace(currency="USD", estimate=estimate, checks=(), tax_basis=None)


def _team(seats: int, usage: str) -> UsageProfile:
    return UsageProfile(price_per_kwh=0.17, currency="USD", source="a test's price", usage=usage, seats=seats)  # type: ignore[arg-type]


def test_a_build_with_the_capacity_but_a_long_queue_does_not_serve_the_demand() -> None:
    """50 coding-agent seats on 13 streams at 45 tokens/s: capacity 1.17 x the demand, 34.4 % wait over 2 s (over the
    1 % target): not serving, with SERVE's queue warning naming the share in English and Chinese; no payback is
    withheld for it (the tokens are made), so it is not `capped`."""
    served = served_hours(cast(Any, _build(45.0, 13)), _team(50, "coding-agent"))
    assert served is not None
    assert served.capacity_tokens / served.demand_tokens == pytest.approx(13 * 45 / 500, rel=1e-6)  # 1.17
    assert served.waits == pytest.approx(0.344, abs=0.001)
    assert not served.capped and served.queued and not served.serving
    check = served.short()
    assert check is not None and (check.rule, check.code, check.status) == ("SERVE", "queue", "warn")
    assert "34.4 % of its users' requests would wait over 2 s for a free stream" in check.message
    assert "50 seats on 13 streams at 45.0 tokens/s" in check.message and "over the 1 % target" in check.message
    zh = words.check_text(check, "zh_CN")
    assert "有 34.4% 的请求要等待超过 2 秒" in zh and "45.0 token/秒" in zh and "tokens/s" not in zh
    # SERVE's warning among the checks: the label's rule reads it
    assert serves_of(cast(Any, SimpleNamespace(checks=(check,), cost_of_ownership={"serves_demand": False}))) is False


def test_a_fast_enough_build_serves_the_same_team() -> None:
    """At 70 tokens/s the same 13 streams carry 7.1 erlangs and 0.64 % wait over 2 s: within the 1 % target, serving;
    at 60 tokens/s 3.1 % wait: not."""
    fast = served_hours(cast(Any, _build(70.0, 13)), _team(50, "coding-agent"))
    assert fast is not None and fast.waits == pytest.approx(0.0064, abs=0.0001)
    assert fast.serving and fast.short() is None
    slower = served_hours(cast(Any, _build(60.0, 13)), _team(50, "coding-agent"))
    assert slower is not None and slower.waits == pytest.approx(0.031, abs=0.001) and not slower.serving


def test_capacity_short_stays_the_reason_before_the_queue() -> None:
    """A build short of the tokens (13 streams at 30 tokens/s: 78 % of the demand) says the shortfall, as before."""
    served = served_hours(cast(Any, _build(30.0, 13)), _team(50, "coding-agent"))
    assert served is not None and served.capped and not served.serving
    check = served.short()
    assert check is not None and check.code == "short" and check.fields["share"] == pytest.approx(0.78, abs=0.001)


def test_the_rule_holds_both_parts() -> None:
    """SERVE.serves: the tokens and, for a sized team, the wait share (None: no team, capacity alone)."""
    assert SERVE.serves(100.0, 100.0) and SERVE.serves(100.0, 100.0, 0.01) and SERVE.serves(100.0, 100.0, None)
    assert not SERVE.serves(100.0, 100.0, 0.0101) and not SERVE.serves(99.0, 100.0, 0.0)


def test_the_claim_says_the_wait_share_when_it_is_the_reason() -> None:
    """ "cheapest serving the demand" beside a cheapest that makes the tokens but queues says the share waiting, in
    English and Chinese; beside one short of the tokens, the share served (round 38)."""
    queued = Reason.of(
        "claim.cheapest-serving",
        price=9000.0,
        currency="USD",
        short_price=7000.0,
        share=1.0,
        waits=0.344,
        wait_s=2.0,
        wait_share=0.01,
    )
    text = english(queued)
    assert "at 7,000 USD, makes the tokens but has 34.4 % of the requests wait over 2 s for a free stream" in text
    assert "at most 1 %" in text and "serves 99 %" not in text
    with words.language("zh_CN"):
        zh = words.say(queued)
    assert "产量够，但有 34.4% 的请求要等待超过 2 秒" in zh and "至多 1%" in zh and "满足 99%" not in zh
    short = Reason.of("claim.cheapest-serving", price=9000.0, currency="USD", short_price=7000.0, share=0.59)
    assert "serves 59 % of it" in english(short)


def test_a_chat_team_on_its_erlang_streams_serves() -> None:
    """Ten chat seats on their 2 Erlang C streams at 18.5 tokens/s (the 10-seat plan's #1 with prefill counted): 0.0 %
    wait; the rule the streams were sized by holds at any rate at or over reading speed."""
    served = served_hours(cast(Any, _build(18.5, 2)), _team(10, "chat"))
    assert served is not None and served.waits is not None and served.waits < 0.01 and served.serving


def _json_build(serves: bool | None, checks: list[dict[str, Any]]) -> dict[str, Any]:
    """A build's plan JSON as the checker reads it: 13 streams at 45 tokens/s (no prefill) for 50 coding-agent seats,
    1.17 x their 1,800M tokens a year, with tco.seats' share waiting."""
    return {
        "rank": 1,
        "label": "cheapest",
        "estimate": {"speed": {"decode_tokens_per_s": 45.0}},
        "checks": checks,
        "cost_of_ownership": {
            "prefill_seconds_per_request": 0.0,
            "reply_tokens_per_request": 480,
            "demand_output_tokens_per_year": 50 * 300 * 250 * 480,
            "active_hours_per_year": 1000.0,
            "served_streams": 13,
            "demand_basis": "stated",
            "serves_demand": serves,
            "break_even_month": 20,
            "assumption_codes": [{"code": "tco.seats", "fields": {"served_waits": 0.3438, "wait_share": 0.01}}],
        },
    }


def test_the_independent_checker_reads_the_wait_share() -> None:
    """tests/independent_checker.py re-derives the capacity (1.17 x the demand) and reads tco.seats' share waiting:
    a build that says it serves while 34.4 % wait, or lacks SERVE's queue warning, is flagged; one that says neither
    wrong passes (its payback stays)."""
    from tests.independent_checker import serves_demand, serving_problems

    warning = {"rule": "SERVE", "status": "warn", "code": "queue", "fields": {"waits": 0.3438}}
    honest = _json_build(False, [warning])
    assert serves_demand(honest) is False and serving_problems([honest]) == []
    problems = serving_problems([_json_build(True, [])])
    assert any("yet it says it serves the demand" in p for p in problems)
    assert any("without SERVE's queue warning" in p for p in problems)
