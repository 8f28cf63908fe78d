"""Buy-or-rent follows the buyer's demand everywhere (round 35): electricity, the rental's hours, a coding agent's
usage, and a team's seats against its concurrent streams.

Before, an inference build was busy half its on-hours whatever its speed (8 h x 250 days x 50 %: 1,000 h at load),
and the rental was billed every on-hour (2,000 h): `plan --model qwen3.6-27b --workload inference --budget 2500 --room
home-office` drew 623 kWh a year on one 2080 Ti 22GB for one user who reads 18M tokens a year, which it makes in 187 h
at 26.8 tokens/s. Now a machine is at work while any of its users' requests is being answered (need.hours_to_serve:
requests independent, spread over the users' hours) and idle the rest; the rental is billed by the same rule at its own
speed, or every on-hour for a dedicated endpoint.

Sources (read 2026-12-06): Anthropic's Claude Code cost page (https://code.claude.com/docs/en/costs): about 13 USD per
developer per active day; rate limits 200k-300k tokens a minute at 5-7 requests a minute a seat for 1-5 users, 2.5-3.5
for 5-20, 1.25-1.75 for 20-50, 0.62-0.87 for 50-100, 0.37-0.47 for 100-500; one tracked Claude Code user's 1,289
requests, 100.3M input and 616K output tokens (OpenClawRadar, 2026-03-09).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.costs.api import (
    CODING_PROMPT_TOKENS,
    CODING_REPLY_TOKENS,
    CODING_REQUESTS_PER_DAY,
    Demand,
    api_use,
    yearly_demand,
)
from configurator.core.costs.need import concurrency_ratio, hours_to_serve, streams_for_seats
from configurator.core.rules.job import READING_TPS

ACTIVE = 1000.0
"""The users' hours a year by default: 8 h a day x 250 days x 50 %."""


def _build(tps: float, users: int = 1, context: int = 4096) -> Any:
    estimate = SimpleNamespace(
        decode_tokens_per_s=tps,
        prefill_tokens_per_s=None,
        workload={"kind": "inference", "batch": users, "context": context, "prompt": None},
    )
    return SimpleNamespace(currency="USD", estimate=estimate, checks=(), tax_basis=None)


def test_one_user_busies_the_build_for_its_own_replies_only() -> None:
    """One user reading at 5 tokens/s over 1,000 h asks for 18M tokens: a 2080 Ti 22GB at 26.8 tokens/s makes them in
    187 h (the plan's #1 of the 2,500 USD home plan: 186.65 h in its JSON), not the 1,000 h it had been billed at load;
    a build slower than reading speed works all 1,000 h."""
    demand = READING_TPS * ACTIVE * 3600
    assert hours_to_serve(demand, 1, 26.8, ACTIVE) == pytest.approx(ACTIVE * 5 / 26.8)
    assert hours_to_serve(demand, 1, 26.8, ACTIVE) == pytest.approx(186.6, abs=0.1)
    assert hours_to_serve(demand, 1, 4.0, ACTIVE) == ACTIVE
    assert hours_to_serve(0.0, 1, 26.8, ACTIVE) == 0.0


def test_twenty_readers_keep_a_server_busy_nearly_all_their_hours() -> None:
    """Twenty users each reading at 5 tokens/s, answered at 22.3 tokens/s each (the 4 x RTX 2060 of the 15,000 USD
    20-stream plan): each user's replies take 22 % of the hours, and with twenty of them some reply is being made
    99.4 % of the time (993.8 h in that plan's JSON). Their tokens over the full batch's rate alone would have said
    224 h: the batch is never full for that long, so the machine would be drawn idle while it works."""
    demand = 20 * READING_TPS * ACTIVE * 3600
    busy = hours_to_serve(demand, 20, 22.3, ACTIVE)
    assert busy == pytest.approx(ACTIVE * (1 - (1 - 5 / 22.3) ** 20))
    assert 990 < busy < 1000
    assert busy > 4 * (ACTIVE * 5 / 22.3)


def test_a_coding_agent_seat_is_sourced_and_dated() -> None:
    """~42k tokens a request (250k tokens a minute / 6 requests a minute), 478 of them generated (616K / 1,289), ~300
    requests an active day (13 USD over a request's 0.0427 USD at Sonnet 4.5's list prices with 84 % of the prompt
    cached): the figures the constants carry, recomputed."""
    assert CODING_PROMPT_TOKENS == round(250_000 / 6, -3)
    assert CODING_REPLY_TOKENS == round(616_000 / 1289, -1)
    per_request = (0.84 * 250_000 / 6 * 0.30 + 0.16 * 250_000 / 6 * 3.75 + 478 * 15) / 1e6
    assert per_request == pytest.approx(0.0427, abs=5e-4)
    assert CODING_REQUESTS_PER_DAY == pytest.approx(13 / per_request, rel=0.02)


def test_a_coding_agent_is_billed_its_own_request(catalog: Any) -> None:
    """A coding seat at 64k context: 300 requests x 250 days x 480 tokens = 36.0M output tokens a year, and 42,000 /
    480 = 87.5 prompt tokens per output token; at 4k context the prompt is bounded to 4,096 (as a stated prompt is)."""
    model = catalog.records["models"]["qwen3.6-27b"]
    assert isinstance(model, ModelArch)
    demand = Demand(days_per_year=250.0, usage="coding-agent")
    build = _build(26.8, context=65536)
    assert yearly_demand(cast(Any, build), ACTIVE, demand) == pytest.approx(300 * 250 * 480)
    api = api_use(cast(Any, build), model, ACTIVE, catalog, "global", demand)
    assert api is not None and api.usage == "coding-agent" and api.demand_stated
    assert (api.prompt_tokens, api.reply_tokens) == (42_000, 480)
    assert api.input_tokens_per_year == pytest.approx(36e6 * 42_000 / 480)
    short = api_use(cast(Any, _build(26.8)), model, ACTIVE, catalog, "global", demand)
    assert short is not None and short.prompt_tokens == 4096
    # a stated requests a day keeps the coding request's shape but its own count
    stated = Demand(days_per_year=250.0, usage="coding-agent", requests_per_day=100.0)
    assert yearly_demand(cast(Any, build), ACTIVE, stated) == pytest.approx(100 * 250 * 480)


def test_a_team_of_seats_needs_fewer_streams() -> None:
    """Anthropic's per-seat sizing by team size, over a lone seat's 6 requests a minute: 5 seats all at once, 20 half
    (10 streams), 50 a quarter (13), 100 an eighth (13), 500 7 % (35), 1,000 5 % (50); never fewer than a smaller
    team's (6 seats at half would be 3 where 5 seats need 5)."""
    assert [streams_for_seats(n) for n in (1, 5, 6, 20, 21, 50, 100, 500, 1000)] == [1, 5, 5, 10, 10, 13, 13, 35, 50]
    assert all(streams_for_seats(n) <= streams_for_seats(n + 1) for n in range(1, 1200))
    assert concurrency_ratio(20) == pytest.approx(0.5)


def test_seats_are_billed_every_seats_demand(catalog: Any) -> None:
    """20 coding seats on 10 streams: the API bills 20 seats' 720M output tokens, what the build makes is its 10
    streams' (a build making less is capped and says so)."""
    model = catalog.records["models"]["qwen3.6-27b"]
    demand = Demand(days_per_year=250.0, usage="coding-agent", seats=20)
    api = api_use(cast(Any, _build(28.4, users=10, context=65536)), model, ACTIVE, catalog, "global", demand)
    assert api is not None and (api.users, api.streams) == (20, 10)
    assert api.demand_tokens_per_year == pytest.approx(20 * 300 * 250 * 480)
    assert api.capacity_tokens_per_year == pytest.approx(10 * 28.4 * ACTIVE * 3600)
    # seats without a stated demand are the streams, by speed
    by_speed = api_use(
        cast(Any, _build(28.4, users=10)), model, ACTIVE, catalog, "global", Demand(days_per_year=250.0, seats=20)
    )
    assert by_speed is not None and by_speed.users == 10


def _costs(busy: float | None, kwh: float, rented: float | None, billing: str | None) -> dict[str, Any]:
    return {
        "rank": 1,
        "estimate": {"speed": {"decode_tokens_per_s": 26.8}},
        "cost_of_ownership": {
            "job": None,
            "throughput": None,
            "busy_hours_per_year": busy,
            "active_hours_per_year": ACTIVE,
            "on_hours_per_year": 2000.0,
            "served_users": 1,
            "demand_output_tokens_per_year": 18e6,
            "wall_w": 400.0,
            "idle_w": 60.0,
            "yearly_energy_kwh": kwh,
            "rental": {"hourly": 0.25, "decode_tokens_per_s": 39.3},
            "monthly_rental_equivalent": None if rented is None else 0.25 * rented / 12,
            "rented_hours_per_year": rented,
            "rental_billing": billing,
        },
    }


def test_the_checker_recomputes_busy_hours_energy_and_rented_hours() -> None:
    """tests/independent_checker.utilisation_problems: the round-34 figures (busy half the on-hours, rented every
    on-hour while billed 'serving') are caught; the demand's figures pass; a JSON with no hours at all is caught."""
    from tests.independent_checker import utilisation_problems

    busy = 1000 * 5 / 26.8
    kwh = (400 * busy + 60 * (2000 - busy)) / 1000
    rented = 1000 * 5 / 39.3
    assert utilisation_problems([_costs(busy, kwh, rented, "serving")]) == []
    assert utilisation_problems([_costs(busy, kwh, 2000.0, "dedicated")]) == []
    old_kwh = (400 * 1000 + 60 * 1000) / 1000
    assert any("busy" in p for p in utilisation_problems([_costs(1000.0, old_kwh, rented, "serving")]))
    assert any("kWh" in p for p in utilisation_problems([_costs(busy, old_kwh, rented, "serving")]))
    assert any("rental billed" in p for p in utilisation_problems([_costs(busy, kwh, 2000.0, "serving")]))
    before = _costs(None, old_kwh, None, None)
    del before["cost_of_ownership"]["busy_hours_per_year"]
    assert utilisation_problems([before])
    # round 36: each 480-token reply after 10.0 s of prefill (6,742 uncached prompt tokens at 800 tokens/s x 1.1875):
    # 480 / (480 / 26.8 + 10) = 17.2 tokens/s served, the busy hours at that rate; decode alone is caught
    prefill = {
        "prompt_tokens_per_request": 42_000,
        "cached_prompt_tokens_per_request": 35_258,
        "reply_tokens_per_request": 480,
        "prefill_attention_scale": 1.1875,
        "prefill_seconds_per_request": 6_742 * 1.1875 / 800,
        "served_tokens_per_s": 480 / (480 / 26.8 + 6_742 * 1.1875 / 800),
    }
    served = prefill["served_tokens_per_s"]
    busy = 1000 * 5 / served
    kwh = (400 * busy + 60 * (2000 - busy)) / 1000
    good = _costs(busy, kwh, None, None)
    good["estimate"]["speed"]["prefill_tokens_per_s"] = 800.0
    good["cost_of_ownership"].update(prefill)
    assert utilisation_problems([good]) == []
    decode_only = _costs(1000 * 5 / 26.8, (400 * 1000 * 5 / 26.8 + 60 * (2000 - 1000 * 5 / 26.8)) / 1000, None, None)
    decode_only["estimate"]["speed"]["prefill_tokens_per_s"] = 800.0
    decode_only["cost_of_ownership"].update(prefill)
    assert any("busy" in p for p in utilisation_problems([decode_only]))
    too_fast = _costs(busy, kwh, None, None)
    too_fast["estimate"]["speed"]["prefill_tokens_per_s"] = 800.0
    too_fast["cost_of_ownership"].update({**prefill, "prefill_seconds_per_request": 1.0})
    assert any("prefilled" in p for p in utilisation_problems([too_fast]))


def test_the_command_line_lays_usage_seats_and_a_dedicated_endpoint_over_the_inputs() -> None:
    """`plan --usage coding-agent --seats 20 --dedicated-endpoint`: the buy-or-rent inputs carry all three (the window's
    Buy-or-rent tab sets the same fields), and 20 seats without --batch are sized as 10 streams; --batch wins."""
    import argparse

    from configurator.cli import plan
    from configurator.core.costs.tco import OwnershipInputs

    args = argparse.Namespace(
        requests_per_day=None, usage="coding-agent", seats=20, dedicated_endpoint=True, ownership=None, batch=1
    )
    plan._seats_streams(args)
    plan._stated_demand(args)
    assert args.batch == 10
    assert args.ownership == OwnershipInputs(usage="coding-agent", seats=20, dedicated_rental=True)
    profile = args.ownership.profile("USD")
    assert (
        profile.demand.seats == 20 and profile.demand.requests == CODING_REQUESTS_PER_DAY and profile.dedicated_rental
    )
    given = argparse.Namespace(seats=20, batch=4, _given={"batch", "seats"})
    plan._seats_streams(given)
    assert given.batch == 4


def test_a_chat_teams_streams_are_its_own_not_a_coding_agents() -> None:
    """Round 40 said the seats-at-once ratio for chat users (or none named) was borrowed from Anthropic's Claude Code
    table. Round 41: a chat team's streams come from its own arrivals (Erlang C, tests/core/test_seat_streams.py), so
    nothing is borrowed (the JSON keeps `borrowed`, false) and ten chat seats need 2 streams where ten coding agents
    keep the table's 5."""
    from configurator.core.common.reasons import english
    from configurator.core.costs.tco import seats_said
    from configurator.core.report import words

    chat, agent = seats_said(10, "chat"), seats_said(10, "coding-agent")
    assert (chat.fields["streams"], agent.fields["streams"]) == (2, 5)
    assert chat.fields["borrowed"] is False and agent.fields["borrowed"] is False
    assert "borrowed" not in english(chat) and "Erlang C" in english(chat)
    assert "kept for coding agents" in english(agent)
    with words.language("zh_CN"):
        assert "借用" not in words.say(chat) and "编码智能体沿用" in words.say(agent)
    assert seats_said(10).fields["streams"] == 2  # no kind of user named: a chat user's demand
