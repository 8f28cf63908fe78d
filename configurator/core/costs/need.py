"""What a serving build's users need, read once (round 34): the decode speed per user the request asked for (the PERF
rule's finding, `min_decode_tps`), else reading speed (`rules.job.READING_TPS`).

Two comparisons read it: the rental that serves the users (tco.rental_search's `enough`: the cheapest offer at this
speed a user) and the per-token API's default demand (costs.api: users x this speed x the busy hours, the tokens they
would buy). Round 35: the hours a machine is at work serving a demand (`hours_to_serve`: the build's electricity and
the rental's billed hours), and how many streams a team's seats need at once (`streams_for_seats`). Round 36: a
request's time is its reply's decode and the prefill of the part of its prompt the engine has not cached (`Prompt`,
`served_tps`). Pure Python: no Qt and no storage imports.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.estimator import prompt_attention_flops
from configurator.core.estimate.params import count_params
from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS
from configurator.core.model.build import Build
from configurator.core.rules import instance
from configurator.core.rules.job import READING_TPS, Serving, Speed, served_rate

SERVE = instance(Serving)


class Need(NamedTuple):
    """Decode tokens/s a user needs, and whether the request asked for it (else reading speed)."""

    tps: float
    asked: bool


def asked_tps_of(build: Build) -> float | None:
    """The decode speed per sequence the build was checked against (the PERF rule's finding), or None."""
    for check in build.checks:
        asked = check.fields.get("asked") if check.rule == Speed.id else None
        if isinstance(asked, int | float) and not isinstance(asked, bool) and asked > 0:
            return float(asked)
    return None


def need_of(build: Build) -> Need:
    """What each user of the build needs: the speed asked, else reading speed."""
    asked = asked_tps_of(build)
    return Need(asked, True) if asked is not None else Need(READING_TPS, False)


def hours_to_serve(tokens: float, streams: int, tps: float | None, active: float) -> float:
    """Hours a year a machine (a build, or a rented GPU billed by the second) is at work serving `tokens` output tokens
    a year for `streams` users at `tps` tokens/s each, within the `active` hours they are at work (round 35).

    Each user's replies take a share f = tokens / streams / (tps x 3600 x active) of those hours; their requests are
    taken as independent and spread evenly over the hours, so the machine is at work while any is being answered:
    active x (1 - (1 - f) ^ streams). One user: its own replies' hours (tokens / tps / 3600); twenty users reading
    at 5 tokens/s replies made at 22: f 0.23, at work 99 % of their hours. A machine too slow for the demand (f >= 1)
    works all of them and makes what it can, as the API bill says. The one rule the build's electricity and the
    rental's billed hours read (tco.served_hours, tco.rented_hours_per_year)."""
    users = max(streams, 1)
    rate = users * (tps or 0.0) * 3600.0 * active
    if tokens <= 0 or active <= 0:
        return 0.0
    if rate <= 0:
        return active
    share = min(tokens / rate, 1.0)
    return active * (1.0 - (1.0 - share) ** users)


CONCURRENCY_BANDS: tuple[tuple[int, float], ...] = (
    (5, 6.0),
    (20, 3.0),
    (50, 1.5),
    (100, 0.745),
    (500, 0.42),
)
"""Requests a minute Anthropic sizes each Claude Code seat of a team at, by team size up to the band's upper bound, at
each row's middle (code.claude.com/docs/en/costs, "Rate limit recommendations", read 2026-12-06: 1-5 users 5-7 RPM,
5-20 2.5-3.5, 20-50 1.25-1.75, 50-100 0.62-0.87, 100-500 0.37-0.47, 500+ 0.25-0.35 (`LARGE_TEAM_RPM`), "as we expect
fewer concurrent users in larger organizations"). A team's seats at once, over a lone seat's (6): the share of seats
that need a stream of their own at the same time."""
LARGE_TEAM_RPM = 0.30
CONCURRENCY_SOURCE = (
    "Anthropic, Claude Code docs, Manage costs effectively, rate limit recommendations per user by team size "
    "(https://code.claude.com/docs/en/costs, read 2026-12-06): 5-7 requests a minute a seat for 1-5 users, 2.5-3.5 "
    "for 5-20, 1.25-1.75 for 20-50, 0.62-0.87 for 50-100, 0.37-0.47 for 100-500, 0.25-0.35 beyond, as fewer seats "
    "are in use at once in a larger team"
)


def concurrency_ratio(seats: int) -> float:
    """The share of a team's seats in use at once (CONCURRENCY_BANDS): 1 up to 5 seats, 0.5 up to 20, 0.25 up to 50,
    0.124 up to 100, 0.07 up to 500, 0.05 beyond."""
    alone = CONCURRENCY_BANDS[0][1]
    for top, rpm in CONCURRENCY_BANDS:
        if seats <= top:
            return rpm / alone
    return LARGE_TEAM_RPM / alone


def streams_for_seats(seats: int) -> int:
    """Concurrent streams a team of `seats` needs (round 35): seats x concurrency_ratio, rounded up, and never fewer
    than a smaller team's (the table's bands step down: 6 seats at half would need 3 where 5 need 5)."""
    own = max(1, math.ceil(seats * concurrency_ratio(seats) - 1e-9))
    smaller = [top for top, _rpm in CONCURRENCY_BANDS if top < seats]
    return max(own, streams_for_seats(smaller[-1])) if smaller else own


SEAT_ARRIVALS_ESTIMATE = (
    "an estimate: the requests arrive at random (Poisson) at an even rate over the users' busy hours (the buy-or-rent "
    "inputs': 8 h x 50 % by default, a day's requests over half the working day standing in for a busy hour; no chat "
    "team's hourly profile was found), where real LLM traffic is burstier (BurstGPT, Azure OpenAI traces, arXiv "
    "2401.17644, 2024): the share waiting is a floor"
)
"""Why a chat team's streams are an estimate (round 41): the arrival pattern is assumed, not measured."""


class SeatStreams(NamedTuple):
    """How many streams a team's seats need at once, and why (round 41, tco.seats). `method` "erlang-c": from the
    seats' own arrivals (seat_streams); "table": Anthropic's Claude Code rate-limit table (streams_for_seats), kept for
    coding agents, whose requests follow one another in a loop that the table was sized on."""

    streams: int
    method: str
    load: float = 0.0  # erlangs offered: requests a second x seconds a request takes
    service_s: float = 0.0  # seconds a request holds a stream: its reply at `tps`
    waits: float = 0.0  # the share of requests waiting longer than Serving.wait_s at `streams`
    requests: float = 0.0  # a seat's requests a day
    hours: float = 0.0  # the hours a day they arrive over (the users' busy hours)
    reply: int = 0  # tokens a request generates
    tps: float = READING_TPS  # output tokens a second a stream serves a request at, its prefill counted


def seat_streams(
    seats: int, usage: str | None, requests: float, hours: float, reply: int, tps: float = READING_TPS
) -> SeatStreams:
    """The streams a team of `seats` needs at once (round 41). A chat team (or one whose kind of user is not named):
    the seats' `requests` a day each, spread evenly over the `hours` a day they are at work (the same busy hours SERVE
    sizes the demand over), each holding a stream for its `reply` at `tps` (reading speed unless a speed is asked: the
    slowest rate per stream the reading rule lets a build serve, so every build that keeps up serves each request at
    least as fast) offer seats x requests x reply / tps / (hours x 3600) erlangs, and the streams are the fewest for
    which at most Serving.wait_share of requests wait over Serving.wait_s (Erlang C), never more than the seats: ten
    chat seats sending 3.7 requests a day of 129-token replies over 4 h offer 0.07 erlang and need 2 streams, not the
    5 the Claude Code table gave. A coding agent: that table (streams_for_seats), sourced for such seats."""
    if usage == "coding-agent":
        n = streams_for_seats(seats)
        return SeatStreams(n, "table", requests=requests, hours=hours, reply=reply, tps=tps)
    load, service = offered_load(seats, requests, hours, reply, tps)
    n = SERVE.streams_for(load, service, seats)
    return SeatStreams(n, "erlang-c", load, service, seat_waits(seats, n, load, service), requests, hours, reply, tps)


def offered_load(seats: int, requests: float, hours: float, reply: int, tps: float) -> tuple[float, float]:
    """The erlangs a team offers and the seconds a request holds a stream (round 41): seats x `requests` a day over
    `hours` a day, each a `reply` at `tps`. No busy hours (a profile busy none of its on-time): no requests arrive."""
    service = reply / tps if tps > 0 else 0.0
    return (seats * max(requests, 0.0) * service / (hours * 3600.0) if hours > 0 else 0.0), service


def seat_waits(seats: int, streams: int, load: float, service_s: float) -> float:
    """The share of a team's requests that wait over Serving.wait_s on `streams` (round 41): none with a stream a seat
    (each seat waits for its reply before asking again, so none queues behind another's), else Serving.waits."""
    return 0.0 if streams >= seats else SERVE.waits(streams, load, service_s)


class Prompt(NamedTuple):
    """What one request makes a machine prefill (round 36): its prompt, the part already in the engine's prefix cache
    from the previous request (llama-server keeps a slot's prompt and reuses chunks with --cache-reuse, vLLM's
    automatic prefix caching and SGLang's radix cache are on by default: the same share a provider bills as cache
    reads, costs.api.cache_hit_share), and its reply. The uncached tokens sit at the end of the window, from
    `cached` to `tokens`."""

    tokens: int
    cached: int
    reply: int

    @property
    def uncached(self) -> int:
        return self.tokens - self.cached


def prefill_scale(model: ModelArch | None, rated_prompt: int, prompt: Prompt) -> float:
    """How much dearer a token of the prompt's uncached part is than a token of the prompt the estimate's prefill rate
    was timed at (`rated_prompt`: the stated prompt, else the typical one, estimator.waited_prompt_tokens): each
    token costs 2 x the active matmul parameters plus its attention to the tokens before it
    (estimator.prompt_attention_flops: a prompt of n tokens attends to n / 2 on average, so positions cached..tokens
    average those of a prompt of cached + tokens). 1 without the model (the estimate's rate as it is, a floor)."""
    if model is None or prompt.uncached <= 0:
        return 1.0
    dense = 2.0 * count_params(model).matmul_active
    rated = dense + prompt_attention_flops(model, rated_prompt)
    return (dense + prompt_attention_flops(model, prompt.cached + prompt.tokens)) / rated if rated > 0 else 1.0


def rated_prompt_of(workload: dict[str, object] | None) -> int:
    """The prompt the estimate timed its prefill rate at (estimator.waited_prompt_tokens, from the JSON workload)."""
    w = workload or {}
    prompt, context = w.get("prompt"), w.get("context")
    stated = (
        prompt if isinstance(prompt, int) and not isinstance(prompt, bool) and prompt > 0 else TYPICAL_PROMPT_TOKENS
    )
    return (
        min(stated, context) if isinstance(context, int) and not isinstance(context, bool) and context > 0 else stated
    )


def served_tps(tps: float | None, prefill_s: float, reply: int) -> float | None:
    """Output tokens a second a stream makes once each request's prefill is counted (round 36): a reply of `reply`
    tokens at `tps` after `prefill_s` seconds on its prompt. The rate hours_to_serve reads; `tps` alone before. Round
    37: the arithmetic is the SERVE rule's (rules.job.served_rate), read here, by the label code and the checks."""
    return served_rate(tps, prefill_s, reply)
