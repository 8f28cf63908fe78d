"""A per-token API bills the buyer's demand, not the build's speed (round 34).

Round 31 billed users x the build's own decode tokens/s x busy hours, so in one plan a faster build "used" more tokens,
was weighed against a bigger API bill and "paid back" sooner for being fast: `plan --model llama-3.3-70b --workload
inference --precision q4_k_m --budget 3000 --room home-office` billed 36.4M output tokens a year against 2 x 2080 Ti and
18.5M against a MacBook, for the same buyer. The bill is now the users' demand, the same for every build, at most what
the build makes in the busy hours (and it says so when it makes less).

The default demand (api34b) is the need the rental that serves the users is sized on: each of the plan's users (the
streams the machine serves at once, `--batch`) at the speed asked, else reading speed (5 tokens/s: 238 words a minute,
Brysbaert 2019, Journal of Memory and Language 109, at about 1.3 tokens a word), over the busy hours (hours a day x days
x how busy: 8 x 250 x 50 % = 1,000 by default). Round 34's first default, ChatGPT's consumer average of 3.67 requests a
user a day (about 18 billion messages a week from about 700 million weekly active users in July 2025, Chatterji et al.,
How People Use ChatGPT, NBER Working Paper 34255, 2025-09-15, https://www.nber.org/papers/w34255), is one casual
person's demand, not a served stream's: `plan --model qwen3.6-27b --workload inference --batch 20 --budget 15000` was
billed 2.37M output tokens a year (0.93 USD a month) for 20 streams and "never paid back"; it is now 360M (141 USD a
month). A buyer's stated requests a day replace the default, billed against the reply of Azure's 2023 conversation
trace (129 tokens, github.com/Azure/AzurePublicDataset AzureLLMInferenceTrace_conv.csv @790921015d50, 2024-03-24).
"""

from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import Any, cast

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.common.reasons import english
from configurator.core.costs.api import CHAT_REQUESTS_PER_DAY, Demand, api_use
from configurator.core.costs.need import need_of
from configurator.core.costs.tco import OwnershipInputs, _api_notes, preset
from configurator.core.model.build import Build
from configurator.core.report import words
from configurator.core.rules.job import READING_TPS, Speed

BUSY = 1000.0
"""The default busy hours a year: 8 hours a day x 250 days x 50 % busy (the presets' usage)."""


def _build(tps: float, users: int = 1, prompt: int | None = None, asked: float | None = None) -> Build:
    """What api_use reads of a build: its currency, its decode per user, its workload (4K context) and the speed the
    request asked for (the PERF check's finding), if any."""
    estimate = SimpleNamespace(
        decode_tokens_per_s=tps, prefill_tokens_per_s=None, workload={"batch": users, "context": 4096, "prompt": prompt}
    )
    checks = () if asked is None else (SimpleNamespace(rule=Speed.id, fields={"asked": asked}),)
    return cast(Build, SimpleNamespace(currency="USD", estimate=estimate, checks=checks, tax_basis=None))


def _llama(catalog: Any) -> ModelArch:
    model = catalog.records["models"]["llama-3.3-70b"]
    assert isinstance(model, ModelArch)
    return model


def test_chatgpts_consumer_average_is_kept_as_a_documented_figure() -> None:
    """18 billion messages a week over 700 million weekly users over seven days: 3.67 requests a user a day, one casual
    person's figure the CLI's help and the window's tooltip quote (no longer the default demand)."""
    assert CHAT_REQUESTS_PER_DAY == pytest.approx(18e9 / 700e6 / 7)
    assert round(CHAT_REQUESTS_PER_DAY, 2) == 3.67


def test_a_faster_build_is_billed_the_same_tokens_for_the_same_buyer(catalog: Any) -> None:
    """The 2 x 2080 Ti (10.1 tokens/s) and the MacBook (5.1 tokens/s) of the 3,000 USD 70B plan: one buyer, one bill.
    Round 31 billed 36.4M and 18.5M output tokens a year; api34 0.118M for both (3.67 requests a day); now one user at
    reading speed over 1,000 busy hours, 5 x 1,000 x 3,600 = 18.0M for both, with the prompts at 1,020 tokens a request
    (7.9 per output token) and DeepInfra's 0.32 / 0.10 USD per million."""
    model = _llama(catalog)
    demand = Demand(days_per_year=250.0)
    fast = api_use(_build(10.1), model, BUSY, catalog, "global", demand)
    slow = api_use(_build(5.1), model, BUSY, catalog, "global", demand)
    assert fast is not None and slow is not None
    asked = READING_TPS * BUSY * 3600
    assert asked == 18e6
    assert fast.tokens_per_year == pytest.approx(asked) and slow.tokens_per_year == pytest.approx(asked)
    assert fast.monthly == pytest.approx(slow.monthly)
    assert fast.input_tokens_per_year == pytest.approx(asked * 1020 / 129)
    assert fast.monthly == pytest.approx((asked * 0.32 + asked * 1020 / 129 * 0.10) / 1e6 / 12)
    assert not fast.capped and not slow.capped and fast.basis == "reading"
    # twenty users ask twenty times as much, whatever the build
    many = api_use(_build(30.0, users=20), model, BUSY, catalog, "global", demand)
    assert many is not None and many.tokens_per_year == pytest.approx(20 * asked)
    said = english(fast.said())
    assert "18.0M output and 142.3M input tokens a year at reading speed, 4 h/day" in said
    assert "tokens a year for 20 users at reading speed, 4 h/day" in english(many.said())
    assert "all this build makes" not in said
    json = fast.to_json()
    assert json["requests_per_user_per_day"] is None and json["demand_basis"] == "reading"
    assert json["need_tokens_per_s_per_user"] == READING_TPS and json["demand_tokens_per_year"] == 18_000_000


def test_the_rental_and_the_api_read_one_need() -> None:
    """need_of is the one rule both read (tco.rental_search sizes the rental that serves the users on it; the API's
    default demand bills it): the speed the request asked for, else reading speed."""
    assert need_of(_build(10.0)) == (READING_TPS, False)
    assert need_of(_build(10.0, asked=20.0)) == (20.0, True)


def test_a_speed_asked_is_the_demand_and_a_slower_build_is_billed_what_it_makes(catalog: Any) -> None:
    """A request asking 20 tokens/s a user asks 20 x 1,000 x 3,600 = 72.0M output tokens a year; a build at 10 tokens/s
    makes 36.0M of them in the busy hours and is billed those, saying so in English and Chinese; one at 25 is billed
    the 72.0M asked."""
    model = _llama(catalog)
    demand = Demand(days_per_year=250.0)
    slow = api_use(_build(10.0, asked=20.0), model, BUSY, catalog, "global", demand)
    fast = api_use(_build(25.0, asked=20.0), model, BUSY, catalog, "global", demand)
    assert slow is not None and fast is not None
    assert slow.basis == "asked" and slow.demand_tokens_per_year == pytest.approx(72e6)
    assert slow.capped and slow.tokens_per_year == pytest.approx(36e6)
    assert not fast.capped and fast.tokens_per_year == pytest.approx(72e6)
    assert "36.0M output" in english(slow.said()) and "all this build makes of the 72.0M asked" in english(slow.said())
    basis = english(_api_notes(slow)[0])
    assert "1 user at the speed you asked (20.0 tokens/s each) x 1,000 busy hours (4 a day x 250 days)" in basis
    assert "this build makes only 36.0M of them" in basis and "not for tokens it cannot make" in basis
    with words.language("zh_CN"):
        zh = words.say(_api_notes(slow)[0])
    assert "这台配置只能产出其中 36.0M" in zh and "你要求的速度" in zh


def test_a_stated_demand_replaces_the_default_and_caps_a_slow_build(catalog: Any) -> None:
    """A buyer who states 2,000 requests a day (a coding agent's pace) asks 64.5M output tokens a year; a build at 2
    tokens/s over 1,000 busy hours makes 7.2M of them. It is billed for those, not for tokens it cannot make, and the
    words say so in English and Chinese; a build that makes them all is billed the demand."""
    model = _llama(catalog)
    demand = Demand(days_per_year=250.0, requests_per_day=2000.0)
    slow = api_use(_build(2.0), model, BUSY, catalog, "global", demand)
    fast = api_use(_build(100.0), model, BUSY, catalog, "global", demand)
    assert slow is not None and fast is not None
    assert slow.demand_tokens_per_year == pytest.approx(2000 * 250 * 129)
    assert slow.capped and slow.tokens_per_year == pytest.approx(2.0 * 1000 * 3600)
    assert slow.input_tokens_per_year == pytest.approx(slow.tokens_per_year * 1020 / 129)
    assert not fast.capped and fast.tokens_per_year == pytest.approx(2000 * 250 * 129)
    assert "7.2M output" in english(slow.said()) and "all this build makes of the 64.5M asked" in english(slow.said())
    assert "at 2,000 requests/user/day" in english(slow.said())
    basis = english(_api_notes(slow)[0])
    assert "2,000 requests a day (as you stated)" in basis
    assert "this build makes only 7.2M of them" in basis and "not for tokens it cannot make" in basis
    with words.language("zh_CN"):
        zh = words.say(_api_notes(slow)[0])
    assert "这台配置只能产出其中 7.2M" in zh and "你给出的" in zh
    json = slow.to_json()
    assert json["capped_by_build"] is True and json["demand_stated"] is True and json["demand_source"] is None
    assert json["demand_tokens_per_year"] == 64_500_000 and json["capacity_tokens_per_year"] == 7_200_000
    assert json["requests_per_user_per_day"] == 2000 and json["demand_basis"] == "stated"


def test_the_default_demand_names_its_source(catalog: Any) -> None:
    """Unstated, the demand is reading speed and the assumptions name its source, in English and Chinese."""
    used = api_use(_build(10.0, users=20), _llama(catalog), BUSY, catalog, "global", Demand(days_per_year=250.0))
    assert used is not None and not used.demand_stated
    basis = english(_api_notes(used)[0])
    assert "output = 20 users at reading speed (5.0 tokens/s each) x 1,000 busy hours (4 a day x 250 days)" in basis
    assert "Brysbaert" in basis and "ChatGPT" not in basis
    with words.language("zh_CN"):
        zh = words.say(_api_notes(used)[0])
    assert "20 个用户，每人按阅读速度" in zh and "Brysbaert" in zh
    assert str(used.to_json()["demand_source"]).startswith("reading speed, 5 tokens/s")


def test_the_buyers_stated_demand_reaches_the_bill_through_the_profile() -> None:
    """The Buy-or-rent tab and `plan --requests-per-day` set OwnershipInputs.requests_per_day; the profile hands it,
    with its days a year, to the API bill (UsageProfile.demand)."""
    assert preset("us").demand == Demand(days_per_year=250.0, requests_per_day=None)
    stated = OwnershipInputs(requests_per_day=40.0, days_per_year=300.0).profile("USD")
    assert stated.demand == Demand(days_per_year=300.0, requests_per_day=40.0)
    assert stated.demand.requests_per_day == 40.0 and preset("us").demand.requests_per_day is None


def test_the_command_line_takes_requests_a_day() -> None:
    """`plan --requests-per-day N` is recosted as the window recosts with its inputs; out of range is refused."""
    from configurator.cli import plan

    args = argparse.Namespace(requests_per_day=120.0, ownership=OwnershipInputs(years=5))
    plan._stated_demand(args)
    assert args.ownership == OwnershipInputs(years=5, requests_per_day=120.0)
    assert plan._requests_per_day("2.5") == 2.5
    with pytest.raises(argparse.ArgumentTypeError):
        plan._requests_per_day("-1")


def _billed(rank: int, tokens: float, asked: float, capped: bool, need: float | None = None) -> dict[str, Any]:
    api = {
        "provider": "DeepInfra",
        "tokens_per_year": tokens,
        "demand_tokens_per_year": asked,
        "capped_by_build": capped,
        "demand_basis": "reading",
        "need_tokens_per_s_per_user": READING_TPS,
    }
    enough = {} if need is None else {"need_tokens_per_s": need}
    return {"rank": rank, "cost_of_ownership": {"api_alternative": api, "rental_enough": enough}}


def test_the_checker_catches_a_plan_that_bills_each_build_its_own_speed() -> None:
    """tests/independent_checker.api_demand_problems: round 31's plan (36.4M output tokens a year against #1, 18.5M
    against #2, neither capped) is caught; one demand for both passes, and so does a build capped below it; an API
    demand at another speed than the rental that serves the users is caught (one need)."""
    from tests.independent_checker import api_demand_problems

    assert api_demand_problems([_billed(1, 36.4e6, 36.4e6, False), _billed(2, 18.5e6, 18.5e6, False)])
    assert not api_demand_problems([_billed(1, 18e6, 18e6, False), _billed(2, 18e6, 18e6, False)])
    assert not api_demand_problems([_billed(1, 64.5e6, 64.5e6, False), _billed(2, 18.5e6, 64.5e6, True)])
    # capped, yet billed more than asked; and a bill without the demand at all
    assert api_demand_problems([_billed(1, 70e6, 64.5e6, True)])
    old = {"rank": 1, "cost_of_ownership": {"api_alternative": {"provider": "DeepInfra", "tokens_per_year": 1.0}}}
    assert api_demand_problems([old])
    # one need: the API billed at reading speed beside a rental sized on 20 tokens/s a user is caught; the same passes
    assert api_demand_problems([_billed(1, 18e6, 18e6, False, need=20.0)])
    assert not api_demand_problems([_billed(1, 18e6, 18e6, False, need=READING_TPS)])
