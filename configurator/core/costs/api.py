"""Buy or pay per token: the same open model at a hosted provider's API, the honest rental alternative for few users.

For one user of a huge MoE (DeepSeek-R1 on a 6,000-28,000 USD machine) the as-fast GPU rental is a whole 8-GPU node
kept on for the machine's on-hours, so buying "paid back after 1 month" (round 31's review). Nobody rents a node to
chat with R1 alone: they pay DeepSeek, or another host, per token. So for inference the machine is also reckoned
against that bill:

    asked / year    = users x the decode speed a user needs x busy hours a year x 3600 (need.need_of: the speed
                      asked, else reading speed; the rental that serves the users is sized on the same need), or, when
                      the buyer states it, users x requests a user sends a day x days_per_year x reply tokens
    makes / year    = users x decode tokens/s per user (the build's own estimate) x busy hours a year x 3600
    tokens / year   = min(asked, makes): the buyer's demand, or what the build can make of it, never more
    busy hours      = hours_per_day x days_per_year x utilisation (UsageProfile: the buyer changes them)
    input / year    = tokens / year x prompt tokens per request / reply tokens per request
    API / month     = (tokens / year x output price + input / year x input price) / 1e6 / 12

The tokens billed are the buyer's demand, the same for every build of a plan (round 34): round 31 billed what each
build could make in the busy hours, so a faster build "used" more tokens, was compared against a bigger API bill and
"paid back" sooner for being fast (Llama 3.3 70B Q4 at 3,000 USD: 36.4M output tokens a year on 2 x 2080 Ti, 18.5M on
a MacBook, for the same buyer). A plan's users (`--batch`) are the streams the machine is sized to serve at once, so by
default each is busy at the speed it needs (the speed asked, else reading speed) over the buyer's busy hours: the same
need the rental that serves the users is sized on (need.need_of). The buyer may state requests a user sends a day instead
(`UsageProfile.requests_per_day`), billed as that many replies (the trace `input_share` reads). A build too slow to make
the demand in the busy hours is billed only what it makes, and says so: it does not earn the API's price for tokens it
cannot make. (Round 34's first default, ChatGPT's consumer average of 3.7 requests a day, NBER working paper 34255, is a
single casual person's demand, not a served stream's: it is kept as `CHAT_REQUESTS_PER_DAY`, a documented figure a
buyer serving such people can state, and no longer the default.)

The prompt a request sends is billed too (round 32): an API bills every prompt token it prefills (the system prompt,
the history and the new message). Round 36: a prompt the provider has cached bills less. A coding agent re-sends its
context, so 84 % of its prompt tokens are cache reads (`CODING_CACHE_HIT_SHARE`): that share is billed at the price's
cache-read rate (`TokenPrice.cache_read_per_million`, sourced per provider; a price that lists none bills it at the
input price), the rest at the cache-write rate where one is charged, else the cache-miss price (`billed_input`). A
chat's prompt is 54 % cached (Alibaba's production traces, CHAT_CACHE_HIT_SHARE); a stated prompt (a document, a
retrieval) is taken as new each time and billed at the cache-miss price. How many prompt tokens a reply costs is the workload's (`input_share`): a chat's is the median request of Azure's 2023
conversation trace (a 1,020-token prompt for a 129-token reply: 7.9 input tokens per output token, estimate/traffic.py);
a stated prompt (`--prompt`, RAG or pasted documents) is billed as stated, bounded by the request's context, against the
reply of the trace it resembles (Kimi's Mooncake trace's 350 tokens past the chat trace's 90th percentile prompt). A
price with no input price bills the output only, and says so. The cheapest sourced price in the catalog for that mix
(`ModelArch.api_prices`, each with its source and date) wins, converted into the build's currency when the catalog has
no price in it. The price is as of its date, never today's.

A price serves a market (`TokenPrice.market`, with its source or reason), as a rental offer does (round 32): a buyer
in mainland China (`--region china`) is weighed only against the prices listed for China (DeepSeek's CNY list), never
against Groq's, DeepInfra's or Bedrock's USD prices converted into CNY, which such a buyer cannot pay from a Chinese
account; the rest of the world never against a China-only list. When the model has prices but none for the buyer's
market, the buy-or-rent weighs the rental and says why (`tco.api-other-market`).

Pure Python: no Qt and no storage imports.
"""

from __future__ import annotations

from collections.abc import Mapping

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, TokenPrice
from configurator.core.catalog.tax import on_service
from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.reasons import Reason
from configurator.core.common.serving_pool import (
    LLAMACPP_CACHE_RAM_MIB,
    PREFIX_CACHE_ENGINES,
    contexts_held,
    pool_of,
    prefix_held_share,
)
from configurator.core.costs.need import (
    Prompt,
    SeatStreams,
    need_of,
    prefill_scale,
    rated_prompt_of,
    seat_streams,
    served_tps,
)
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.traffic import MOONCAKE_CONVERSATION, TYPICAL_TRACE, PromptLengths
from configurator.core.model.build import Build
from configurator.core.rules import instance
from configurator.core.rules.job import READING_TPS, READING_TPS_SOURCE, Serving

SECONDS_PER_HOUR = 3600.0
SERVE = instance(Serving)

CHAT_MESSAGES_PER_WEEK = 18e9 / 700e6
"""Messages a ChatGPT user sends a week: about 18 billion messages a week from about 700 million weekly active users of
its consumer plans (Free, Plus, Pro) in July 2025 (`CHAT_DEMAND_SOURCE`). Consumer chat, the average over every user
active that week (light ones too): a buyer who would buy a machine for it likely sends more, and states it."""
CHAT_REQUESTS_PER_DAY = CHAT_MESSAGES_PER_WEEK / 7.0
"""Requests a single casual ChatGPT user sends a day: the weekly figure over seven days, 3.67 (about one a day fewer
than the week over five working days would give: the lower, since the average includes people who chat on weekends).
A documented figure (the CLI's help and the window's tooltip quote it), not the default demand: a plan's users are
streams served at once, each busy at the speed it needs over the busy hours (round 34, api34b)."""
CHAT_DEMAND_SOURCE = (
    "A. Chatterji, T. Cunningham, D. Deming et al., How People Use ChatGPT, NBER Working Paper 34255, 2025-09-15 "
    "(https://www.nber.org/papers/w34255): about 18 billion messages a week from about 700 million weekly active users "
    "of ChatGPT's consumer plans in July 2025, 3.7 a user a day; consumer chat, read 2026-12-06"
)


CODING_PROMPT_TOKENS = 42_000
"""Prompt tokens an agentic coding request sends (round 35): Anthropic sizes a Claude Code seat of a 1-5 person team at
200k-300k tokens a minute for 5-7 requests a minute (code.claude.com/docs/en/costs, "Rate limit recommendations", read
2026-12-06): 250k / 6 = 41,667 tokens a request at the middle, and the same ~42k in every row of its table (100k-150k at
2.5-3.5, 50k-75k at 1.25-1.75). Nearly all of it is the prompt (the re-sent context: one tracked Claude Code user's
1,289 requests sent 100.3M input tokens and got 616K out, `CODING_REPLY_TOKENS`). OpenRouter's State of AI (a16z and
OpenRouter, December 2025) puts the average programming prompt at about 20k tokens across all its programming traffic,
agentic or not: a coding agent's lies above it. Bounded by the request's context, as a stated prompt is."""
CODING_CONTEXT_TOKENS = 65_536
"""The context a coding-agent usage sets when the buyer types none (round 40): its own 42,000-token prompt and
480-token reply need 42,480, and the tools' makers ask for 64k: Ollama's context-length page, "Tasks which require
large context like web search, agents, and coding tools should be set to at least 64000 tokens" (docs/context-length.mdx,
github.com/ollama/ollama at 948f6933, read 2026-12-06), and its Claude Code page, "It is recommended to run a model
with at least 64k tokens context length" (ollama.com/blog/claude, 2026-01-16). 64k as llama.cpp and vLLM size it,
2^16; bounded by the model's own maximum. A 4,096-token context had capped the usage's prompt at a tenth of itself
while the plan said it served that usage (round 39's `--usage coding-agent --seats 5 --budget 6000`)."""
CODING_CONTEXT_SOURCE = (
    "Ollama, Context length (docs/context-length.mdx, github.com/ollama/ollama at 948f6933, read 2026-12-06): agents "
    "and coding tools 'should be set to at least 64000 tokens'; Ollama blog, Claude Code with Anthropic API "
    "compatibility (2026-01-16): 'at least 64k tokens context length'"
)
CODING_REPLY_TOKENS = 480
"""Tokens an agentic coding request generates (round 35): 616K output tokens over 1,289 requests, 478 each, in one
Claude Code user's tracked sessions (r/ClaudeAI, reported by OpenClawRadar 2026-03-09,
https://openclawradar.com/article/claude-code-token-analysis-99-percent-input): one user's log, an estimate."""
CODING_REQUESTS_PER_DAY = 300.0
"""Requests an agentic coding seat sends on an active day (round 35), an estimate: Anthropic's average Claude Code
spend across enterprise deployments, about 13 USD per developer per active day (code.claude.com/docs/en/costs, read
2026-12-06), over what one request costs at Claude Sonnet 4.5's list prices (3 USD per million input tokens, 3.75 to
write the prompt cache, 0.30 to read it, 15 output: platform.claude.com pricing) with the tracked user's 84 % of the
prompt read from the cache: 0.84 x 41,667 x 0.30 + 0.16 x 41,667 x 3.75 + 478 x 15 = 0.0427 USD, 13 / 0.0427 = 304.
At Claude Opus 4.6's prices (5 / 6.25 / 0.50 / 25) the same spend is 183 requests: a seat on the dearer model sends
fewer, so 300 is the upper half of the range."""
CODING_CACHE_HIT_SHARE = 84.2 / 100.3
"""Share of an agentic coding request's prompt tokens read from the provider's prompt cache (round 36): 84.2M of the
100.3M input tokens of one tracked Claude Code user's 1,289 requests were cache reads (OpenClawRadar, 2026-03-09,
`CODING_CACHE_SOURCE`): the re-sent context (the repository, the history, the tool results) is the prefix of the next
request. One user's log, an estimate; a dashboard of 44 Claude Code sessions read 97.8 % (ai.georgeliu.com, 2026), so
the share here errs toward a larger API bill, not a smaller one."""
CODING_CACHE_SOURCE = (
    "OpenClawRadar, Analysis of 100M tokens in Claude Code (2026-03-09, https://openclawradar.com/article/"
    "claude-code-token-analysis-99-percent-input, from r/ClaudeAI): 84.2M of 100.3M input tokens were cache reads "
    "(84 %) over 1,289 requests; one user's log, an estimate"
)
CHAT_CACHE_HIT_SHARE = 0.54
"""Share of a chat request's prompt already cached (round 36): Alibaba's production traces of its Tongyi service read
KV-cache hit ratios of 54 % and 62 % with an ideal cache, most hits within one user's own session (J. Wang et al., KVCache
Cache in the Wild, arXiv 2506.02634, 2025; `CHAT_CACHE_SOURCE`). The lower of the two, an estimate: which of the
consumer chat trace and the API trace each ratio belongs to was not read, and a cloud's cache is not one user's."""
CHAT_CACHE_SOURCE = (
    "J. Wang, J. Han, X. Wei et al., KVCache Cache in the Wild: Characterizing and Optimizing KVCache Cache at a Large "
    "Cloud Provider (arXiv 2506.02634, 2025; Alibaba's production traces): ideal-cache hit ratios of 54 % and 62 %, "
    "most hits within one user's session; the lower taken, an estimate, read 2026-12-06"
)
STATED_PROMPT_CACHE = (
    "a stated prompt (--prompt: a pasted document, a retrieval) is taken as new each time: nothing cached"
)
CODING_DEMAND_SOURCE = (
    "Anthropic, Claude Code docs, Manage costs effectively (https://code.claude.com/docs/en/costs, read 2026-12-06): "
    "about 13 USD per developer per active day; 200k-300k tokens a minute at 5-7 requests a minute for a seat of a "
    "1-5 person team (~42k tokens a request); 478 output tokens a request from one tracked user's 1,289 requests "
    "(OpenClawRadar, 2026-03-09); requests a day = 13 USD over a request's cost at Claude Sonnet 4.5's list prices "
    "with 84 % of the prompt cached: an estimate"
)


class Usage(BaseModel):
    """A kind of user a buyer may name instead of counting requests (round 35): requests a user sends a day, with the
    prompt and reply of such a request when they differ from the chat trace's, and the source."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    requests_per_day: float
    prompt_tokens: int | None = None  # None: the workload's (input_share: the chat trace's, or --prompt)
    reply_tokens: int | None = None  # None: the trace's median reply
    source: str
    # round 36: the share of a request's prompt the provider (or the local engine) already holds from the previous
    # request (the re-sent context), with where it comes from
    cache_hit_share: float = CHAT_CACHE_HIT_SHARE
    cache_source: str = CHAT_CACHE_SOURCE
    # round 40: the context such a user's requests need, set where the buyer types none (usage_context); None: the
    # workload's default
    context_tokens: int | None = None
    context_source: str = ""


USAGES: dict[str, Usage] = {
    "chat": Usage(key="chat", requests_per_day=CHAT_REQUESTS_PER_DAY, source=CHAT_DEMAND_SOURCE),
    "coding-agent": Usage(
        key="coding-agent",
        requests_per_day=CODING_REQUESTS_PER_DAY,
        prompt_tokens=CODING_PROMPT_TOKENS,
        reply_tokens=CODING_REPLY_TOKENS,
        source=CODING_DEMAND_SOURCE,
        cache_hit_share=CODING_CACHE_HIT_SHARE,
        cache_source=CODING_CACHE_SOURCE,
        context_tokens=CODING_CONTEXT_TOKENS,
        context_source=CODING_CONTEXT_SOURCE,
    ),
}
"""The users a buyer can name (`--usage`, the window's Buy-or-rent tab): a casual ChatGPT user, an agentic coding seat."""


class ApiUse(BaseModel):
    """The tokens a build's users would buy from an API in a year, and the price they would pay."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    price: TokenPrice
    per_million: float  # output price per million tokens in the build's currency
    vat_pct: float = (
        0.0  # round 42: the buyer's VAT in the prices (tax.on_service: an EU consumer's; 0 reverse-charged)
    )
    currency: str
    users: int
    tokens_per_s: float  # decode per user, the build's own estimate
    busy_hours: float  # a year
    tokens_per_year: float  # output (generated) tokens
    monthly: float  # the API bill a month, in `currency`: output and input
    input_per_million: float | None = None  # input (cache-miss) price per million tokens in `currency`; None: unlisted
    prompt_tokens: int = 0  # prompt tokens a request sends (input_share)
    reply_tokens: int = 1  # tokens a request generates
    prompt_stated: bool = False  # the request's own --prompt, else the chat trace's median
    trace: str = ""  # the trace the reply (and an unstated prompt) is read from (estimate/traffic.py)
    input_tokens_per_year: float = 0.0  # 0 when the price lists no input price
    context_tokens: int | None = None  # the request's context, which bounds the prompt
    # round 34: the buyer's demand, the same for every build of a plan; `tokens_per_year` is the least of it and what
    # the build makes in the busy hours
    requests_per_day: float | None = None  # a user's, on a day the machine is on, as the buyer stated (None: by speed)
    days_per_year: float = 0.0
    demand_stated: bool = False  # the buyer's own requests a day, else users x the need x the busy hours
    need_tps: float = READING_TPS  # what each user needs (need.need_of): the speed asked, else reading speed
    need_asked: bool = False  # the request's min_decode_tps, else reading speed
    demand_tokens_per_year: float = 0.0  # output tokens the users ask for
    capacity_tokens_per_year: float = 0.0  # output tokens the build makes in the busy hours at its own speed
    usage: str | None = None  # round 35: the kind of user named (USAGES), whose requests a day are billed
    streams: int = 1  # round 35: sequences the build serves at once (its --batch); `users` are the seats when counted
    # round 36: the share of the prompt read from the provider's cache (the usage's), and what such a token and a
    # written one cost in `currency` (None: the price lists none, billed at input_per_million)
    cache_hit_share: float = 0.0
    cache_read_per_million: float | None = None
    cache_write_per_million: float | None = None
    cache_hit_source: str = CHAT_CACHE_SOURCE

    @property
    def capped(self) -> bool:
        """Whether the build makes less than its users ask for (billed only what it makes)."""
        return self.capacity_tokens_per_year < self.demand_tokens_per_year

    @property
    def basis(self) -> str:
        """Where the demand comes from: "stated" (requests a day), "asked" (the speed asked) or "reading"."""
        return "stated" if self.demand_stated else "asked" if self.need_asked else "reading"

    @property
    def input_ratio(self) -> float:
        """Input tokens billed per output token."""
        return self.prompt_tokens / self.reply_tokens

    @property
    def input_billed_per_million(self) -> float | None:
        """What one prompt token costs on average (round 36): the cached share at the cache-read price, the rest at the
        cache-write price where the provider charges one, else the input (cache-miss) price; None without an input
        price."""
        if self.input_per_million is None:
            return None
        return billed_input(
            self.input_per_million, self.cache_read_per_million, self.cache_write_per_million, self.cache_hit_share
        )

    @property
    def monthly_output(self) -> float:
        """The output tokens' part of the bill a month (round 31's whole bill)."""
        return self.tokens_per_year * self.per_million / 1e6 / 12.0

    def said(self) -> Reason:
        """The API alternative named in short (tco.api): provider, price and its date, and the tokens it bills."""
        return Reason.of(
            "tco.api",
            provider=self.price.provider,
            per_million=self.per_million,
            currency=self.currency,
            date=self.price.date.isoformat(),
            users=self.users,
            tps=self.tokens_per_s,
            hours=self.busy_hours,
            tokens_m=self.tokens_per_year / 1e6,
            monthly=self.monthly,
            inp=self.input_per_million,
            prompt=self.prompt_tokens,
            reply=self.reply_tokens,
            stated=self.prompt_stated,
            trace=self.trace,
            input_m=self.input_tokens_per_year / 1e6,
            requests=self.requests_per_day,
            days=self.days_per_year,
            demand_stated=self.demand_stated,
            basis=self.basis,
            need=self.need_tps,
            per_day=self.busy_hours / self.days_per_year if self.days_per_year > 0 else 0.0,
            demand_m=self.demand_tokens_per_year / 1e6,
            capacity_m=self.capacity_tokens_per_year / 1e6,
            capped=self.capped,
            usage=self.usage or "",
            vat_pct=self.vat_pct or None,
            hit=self.cache_hit_share if self.input_per_million is not None else 0.0,
            cached=self.cache_read_per_million,
            written=self.cache_write_per_million,
            billed=self.input_billed_per_million,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "provider": self.price.provider,
            "output_per_million": round(self.per_million, 4),
            "currency": self.currency,
            "price_currency": self.price.currency,
            "price_per_million_as_listed": self.price.output_per_million,
            "price_date": self.price.date.isoformat(),
            "source": self.price.source,
            "note": self.price.note,
            "users": self.users,
            "tokens_per_s_per_user": round(self.tokens_per_s, 2),
            "busy_hours_per_year": round(self.busy_hours, 1),
            "tokens_per_year": round(self.tokens_per_year),
            # a chat user's bill is cents a month (round 34): kept to the hundredth cent
            "monthly": round(self.monthly, 4),
            # an addition (round 42): the buyer's VAT share in the prices above (an EU consumer's; 0 reverse-charged)
            "vat_pct": self.vat_pct,
            # round 32: the prompts billed too (additions; `monthly` above is output + input)
            "input_per_million": None if self.input_per_million is None else round(self.input_per_million, 4),
            "price_input_per_million_as_listed": self.price.input_per_million,
            "prompt_tokens_per_request": self.prompt_tokens,
            "reply_tokens_per_request": self.reply_tokens,
            "prompt_stated": self.prompt_stated,
            "prompt_trace": self.trace,
            "input_tokens_per_output_token": round(self.input_ratio, 4),
            "input_tokens_per_year": round(self.input_tokens_per_year),
            "monthly_output_only": round(self.monthly_output, 4),
            "context_tokens": self.context_tokens,
            # round 34: the buyer's demand billed, the same for every build of a plan, capped by what the build makes
            # api34b: null unless the buyer stated requests a day (the default demand is by speed, below)
            "requests_per_user_per_day": None if self.requests_per_day is None else round(self.requests_per_day, 4),
            "days_per_year": round(self.days_per_year, 1),
            "demand_stated": self.demand_stated,
            "demand_source": None if self.demand_stated else demand_source(self.need_asked),
            # api34b additions: the default demand is users x this speed x the busy hours (need.need_of)
            "demand_basis": self.basis,
            "need_tokens_per_s_per_user": round(self.need_tps, 4),
            "demand_tokens_per_year": round(self.demand_tokens_per_year),
            "capacity_tokens_per_year": round(self.capacity_tokens_per_year),
            "capped_by_build": self.capped,
            # round 35 additions: the kind of user named (USAGES: chat, coding-agent) and where its figures come from
            "usage": self.usage,
            "usage_source": None if self.usage is None else USAGES[self.usage].source,
            # round 35: the streams the build serves at once (what it makes); `users` above are whose demand is billed
            "streams": self.streams,
            # round 36 additions: the prompt's cached share (the usage's) and the cache prices it is billed at
            "cache_hit_share": round(self.cache_hit_share, 4),
            "cache_hit_source": self.cache_hit_source,
            "cache_read_per_million": _rounded(self.cache_read_per_million),
            "cache_write_per_million": _rounded(self.cache_write_per_million),
            "price_cache_read_per_million_as_listed": self.price.cache_read_per_million,
            "price_cache_write_per_million_as_listed": self.price.cache_write_per_million,
            "cache_source": self.price.cache_source or None,
            "input_billed_per_million": _rounded(self.input_billed_per_million),
            "cached_input_tokens_per_year": round(self.input_tokens_per_year * self.cache_hit_share),
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def billed_input(inp: float, read: float | None, write: float | None, hit: float) -> float:
    """Per million prompt tokens on average (round 36): `hit` of them read from the cache at `read` (else `inp`), the
    rest written at `write` where the provider charges it (else `inp`): the one rule the bill and the price choice read."""
    return hit * (inp if read is None else read) + (1.0 - hit) * (inp if write is None else write)


def cache_hit_share(demand: Demand | None, own_prompt: bool) -> float:
    """The share of a request's prompt already cached from the previous request (round 36): the named usage's (a coding
    agent's re-sent context, CODING_CACHE_HIT_SHARE), a chat's by default (CHAT_CACHE_HIT_SHARE), none for a prompt
    the buyer states (a document or a retrieval, new each time)."""
    if own_prompt:
        return 0.0
    usage = USAGES["chat"] if demand is None or demand.usage is None else USAGES[demand.usage]
    return usage.cache_hit_share


def cache_hit_source(demand: Demand | None, own_prompt: bool) -> str:
    """Where cache_hit_share's figure comes from."""
    if own_prompt:
        return STATED_PROMPT_CACHE
    return (USAGES["chat"] if demand is None or demand.usage is None else USAGES[demand.usage]).cache_source


def pool_held_share(estimate: EstimateResult, demand: Demand | None, request_tokens: int) -> float:
    """The share of a team's requests whose previous turn the build's KV pool still holds (round 45,
    common.serving_pool.prefix_held_share): the usage's prefix-cache share presumes it. A paged engine (vLLM, SGLang)
    fills its share of the card with the pool, so it holds what the card has left past the estimate's peak as well
    (the sized pool's tokens scaled by the KV bytes the card can give); llama-server's -c buffer is what the launch
    sizes, one context a slot, and its host prompt cache keeps 8 GiB of idle slots' contexts beside it.
    `request_tokens`: a request's prompt and reply, the context a seat sends back. An engine without a prefix cache
    (common.serving_pool.PREFIX_CACHE_ENGINES: transformers) holds none: 0, whatever the seats (round 47)."""
    if estimate.workload.get("engine") not in PREFIX_CACHE_ENGINES:
        return 0.0
    seats = None if demand is None else demand.seats
    if not seats or seats <= 1 or request_tokens <= 0:
        return 1.0
    w = estimate.workload
    pool = pool_of(w)
    request_tokens = min(request_tokens, pool.window)  # a reply past a full window: the engine keeps the window
    tokens = float(pool.tokens)
    peak = getattr(estimate, "peak_gpu", None)  # a speed-only estimate (no memory): the sized pool alone
    if peak is not None and not pool.slots and w.get("engine") in ("vllm", "sglang"):
        kv, usable = peak.breakdown.kv_cache, peak.usable_bytes
        if kv > 0 and usable is not None:
            tokens *= (kv + max(usable - peak.total, 0)) / kv
    in_ram = 0.0
    kv = estimate.breakdown.kv_cache if peak is not None else 0
    if pool.slots and kv > 0:  # the whole model's KV bytes a context takes, against the RAM cache's budget
        in_ram = LLAMACPP_CACHE_RAM_MIB * 1024**2 / (kv / pool.tokens * request_tokens)
    held = contexts_held(int(tokens), request_tokens, pool.streams, pool.slots, in_ram)
    return prefix_held_share(seats, held)


def _in_currency(
    amount: float, price: TokenPrice, currency: str, catalog: Catalog | None, vat: float = 0.0
) -> float | None:
    """`amount` of `price` in `currency`, with the VAT share `vat` the buyer pays on it (tax.on_service)."""
    if price.currency == currency:
        return amount * (1 + vat)
    if catalog is None:
        return None
    try:
        return catalog.convert(amount, price.currency, currency) * (1 + vat)
    except (KeyError, ValueError):
        return None


def input_share(workload: Mapping[str, object]) -> tuple[int, PromptLengths, bool]:
    """The prompt tokens a request sends, the trace whose reply it gets, and whether the prompt is the request's own:
    a stated prompt (bounded by the context) against the reply of the chat trace, or of the long-context trace when the
    prompt is past the chat trace's 90th percentile (pasted documents, RAG); else the chat trace's median request."""
    context = _context(workload)
    stated = workload.get("prompt")
    if isinstance(stated, int) and not isinstance(stated, bool) and stated > 0:
        prompt = min(stated, context) if context is not None else stated
        trace = MOONCAKE_CONVERSATION if prompt > TYPICAL_TRACE.p90 else TYPICAL_TRACE
        return prompt, trace, True
    prompt = TYPICAL_TRACE.median if context is None else min(TYPICAL_TRACE.median, context)
    return prompt, TYPICAL_TRACE, False


def users_of(build: Build) -> int:
    """Sequences the build serves at once (its `--batch`), at least one."""
    users = build.estimate.workload.get("batch")
    return users if isinstance(users, int) and not isinstance(users, bool) and users > 0 else 1


def in_market(price: TokenPrice, market: str) -> bool:
    """Whether a buyer in `market` ("any", "global" or "china": tco.rental_market, the rule the rentals follow) can pay
    `price`: a mainland-China buyer pays the prices listed for China (DeepSeek's CNY list), everyone else the rest."""
    return market == "any" or price.market == market


def api_elsewhere(model: ModelArch, market: str) -> Reason | None:
    """Why the buy-or-rent weighs no API though the model has a price (tco.api-other-market): every price it has is
    for another market than the buyer's, so the comparison is against the rental. None when one serves the buyer."""
    if not model.api_prices or any(in_market(p, market) for p in model.api_prices):
        return None
    providers = list(dict.fromkeys(p.provider for p in model.api_prices))
    return Reason.of("tco.api-other-market", market=market, providers=", ".join(providers), count=len(providers))


class Demand(BaseModel):
    """The buyer's demand the API is billed for (round 34): `requests_per_day` a user sends a day the machine is on, on
    `days_per_year` days, as the buyer stated; None (the default): each user busy at the speed it needs over the busy
    hours (need.need_of), as the rental that serves the users is sized."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    days_per_year: float
    requests_per_day: float | None = None
    usage: str | None = None  # round 35: a kind of user (USAGES): its requests a day unless stated, its prompt, reply
    seats: int | None = None  # round 35: a team's seats, each sending the requests a day (served by fewer streams)

    @property
    def requests(self) -> float | None:
        """Requests a user sends a day: as stated, else the named usage's, else None (by speed)."""
        if self.requests_per_day is not None:
            return self.requests_per_day
        return None if self.usage is None else USAGES[self.usage].requests_per_day


def seat_streams_of(
    seats: int, demand: Demand | None, hours: float, workload: Mapping[str, object], tps: float = READING_TPS
) -> SeatStreams:
    """The streams a team of `seats` needs at once (round 41, need.seat_streams) for `demand`'s requests over `hours`
    a day: the requests a day stated, else the named usage's, else a chat user's (CHAT_REQUESTS_PER_DAY: a team that
    names no kind of user is sized as chat seats), each with the reply `workload` and the usage give it
    (request_shape). What `plan --seats` sets the batch to and tco.seats says."""
    requests = None if demand is None else demand.requests
    _prompt, reply, _trace, _own = request_shape(workload, demand)
    usage = None if demand is None else demand.usage
    return seat_streams(seats, usage, CHAT_REQUESTS_PER_DAY if requests is None else requests, hours, reply, tps)


def request_shape(workload: Mapping[str, object], demand: Demand | None) -> tuple[int, int, str, bool]:
    """Prompt and reply tokens of one request, the trace (or usage) they are read from, and whether the prompt is the
    buyer's own: the named usage's (round 35: a coding agent's 42k-token prompt, bounded by the context, and 480-token
    reply), else the workload's (input_share)."""
    prompt, trace, own = input_share(workload)
    usage = None if demand is None or demand.usage is None else USAGES[demand.usage]
    if usage is None or own:
        reply = trace.reply_median if usage is None or usage.reply_tokens is None else usage.reply_tokens
        return prompt, reply, trace.trace, own
    context = _context(workload)
    stated = usage.prompt_tokens
    prompt = prompt if stated is None else min(stated, context) if context is not None else stated
    reply = trace.reply_median if usage.reply_tokens is None else usage.reply_tokens
    return prompt, reply, (trace.trace if usage.prompt_tokens is None else f"{usage.key} usage"), False


def usage_context(usage: str | None, typed: int | None, max_context: int, prompt: int | None = None) -> int | None:
    """The context a named usage sets (round 40): its own (a coding agent's 64k, CODING_CONTEXT_TOKENS) within the
    model's maximum and never short of a stated prompt, where the buyer typed no context; None where the buyer typed
    one (then the usage's prompt is capped by it, and said so: prompt_capped_from) or the usage sets none."""
    found = None if usage is None else USAGES[usage].context_tokens
    if typed is not None or found is None:
        return None
    return max(min(found, max_context), prompt or 0)


def prompt_capped_from(workload: Mapping[str, object], demand: Demand | None) -> int | None:
    """The named usage's own prompt when the request's context caps it (round 40: a coding agent's 42,000 tokens in
    a 40,960-token context, or a typed 4,096 one), else None: every place that states the usage's prompt says it was
    capped and from how much (Build.first_token, the busy hours' sentence)."""
    _prompt, _trace, own = input_share(workload)
    usage = None if demand is None or demand.usage is None else USAGES[demand.usage]
    if usage is None or own or usage.prompt_tokens is None:
        return None
    context = _context(workload)
    return usage.prompt_tokens if context is not None and context < usage.prompt_tokens else None


class Stream(BaseModel):
    """What a stream of the build makes once each request's prefill is counted (round 36): the request's prompt, the
    part its engine holds in the prefix cache, its reply (need.Prompt), the attention scale of the uncached part
    (need.prefill_scale) and the build's decode and prefill rates. The one figure the API's capacity, the busy hours
    and the rental's hours read (tco.served_hours)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    prompt: Prompt
    scale: float = 1.0
    decode_tps: float
    prefill_tps: float | None = None
    capped_from: int | None = None  # round 40: the usage's own prompt when the context caps it (prompt_capped_from)

    def prefill_s(self, prefill_tps: float | None = None) -> float:
        """Seconds a request spends on its uncached prompt at `prefill_tps` (default the build's), 0 when unknown."""
        rate = self.prefill_tps if prefill_tps is None else prefill_tps
        return self.prompt.uncached * self.scale / rate if rate and rate > 0 else 0.0

    def tps(self, decode_tps: float | None = None, prefill_tps: float | None = None) -> float:
        """Output tokens a second a stream makes with each request's prefill counted (need.served_tps), at the build's
        rates or another machine's (a rental's) on the same requests."""
        decode = self.decode_tps if decode_tps is None else decode_tps
        rate = served_tps(decode, self.prefill_s(prefill_tps), self.prompt.reply)
        return decode if rate is None else rate


def stream_of(build: Build, demand: Demand | None, model: ModelArch | None = None) -> Stream | None:
    """The build's stream for the demand's requests (Stream); None without a decode estimate."""
    return estimate_stream(build.estimate, demand, model)


def estimate_stream(estimate: EstimateResult, demand: Demand | None, model: ModelArch | None = None) -> Stream | None:
    """stream_of for an estimate before it is a build (round 39: the search's reading-speed filters read the served
    rate of a stated demand, plan._keeps_up); None without a decode estimate."""
    tps = estimate.decode_tokens_per_s
    if tps is None or tps <= 0:
        return None
    tokens, reply, _trace, own = request_shape(estimate.workload, demand)
    hit = cache_hit_share(demand, own) * pool_held_share(estimate, demand, tokens + reply)
    prompt = Prompt(tokens, round(tokens * hit), reply)
    return Stream(
        prompt=prompt,
        scale=prefill_scale(model, rated_prompt_of(dict(estimate.workload)), prompt),
        decode_tps=tps,
        prefill_tps=estimate.prefill_tokens_per_s,
        capped_from=prompt_capped_from(estimate.workload, demand),
    )


def usage_stream(estimate: EstimateResult, demand: Demand | None, model: ModelArch | None = None) -> Stream | None:
    """The stream of the named usage's own prompt where it is not the typed one (round 40: a coding agent's 42,000
    tokens, most of them cached, or a prompt the context caps), else None: the prompt every first-token figure
    (Build.first_token's usage_*, read from the costs' stream) and PROMPT then time; a chat's usage times the typed
    prompt, as its line says."""
    if demand is None or demand.usage is None:
        return None
    stream = estimate_stream(estimate, demand, model)
    if stream is None:
        return None
    typed, _trace, _own = input_share(estimate.workload)
    return None if stream.prompt.tokens == typed and stream.capped_from is None else stream


def reading_rate(estimate: EstimateResult, demand: Demand | None, model: ModelArch | None = None) -> float:
    """The rate the search's reading rule compares with reading speed (round 40: one figure for every "serves" and
    "reads" decision): the decode speed where no demand is stated (each user by speed), else SERVE's reading rate on
    the demand's requests, each one's prefill counted (rules.job.Serving.reading_rate over Stream.tps, the served rate
    "cheapest serving the demand" and the costs read). Round 39 read it in the fewest-cards filter alone; the machines
    without a card, the unified-memory boxes and the ways out read the decode speed."""
    decode = estimate.decode_tokens_per_s or 0.0
    if demand is None or demand.requests is None:
        return decode
    stream = estimate_stream(estimate, demand, model)
    served = decode if stream is None else stream.tps()
    batch = estimate.workload.get("batch")
    users = batch if isinstance(batch, int) and not isinstance(batch, bool) and batch > 0 else 1
    return SERVE.reading_rate(decode, served, users)


def served_rate_of(build: Build, demand: Demand | None = None, model: ModelArch | None = None) -> float | None:
    """Output tokens a second one user's stream of the build makes with each request's prefill counted (Stream.tps,
    rules.job.served_rate), for `demand`'s requests (None: the request's own prompt, else a chat's); without `model`
    the estimate's prefill rate as it is (no attention scale: a floor on the prefill's time). Round 37: what the
    reading rule reads (rules.job.Serving.keeps_up, solve.ranking.measure); the decode speed without an estimate of it."""
    stream = stream_of(build, demand, model)
    return build.estimate.decode_tokens_per_s if stream is None else stream.tps()


def demand_source(asked: bool) -> str:
    """Where an unstated demand's speed comes from: the request's own, or reading speed's source."""
    return "the decode speed the request asks for (min_decode_tps)" if asked else READING_TPS_SOURCE


def demand_users(build: Build, demand: Demand | None) -> int:
    """The users whose requests make the demand (round 35): a team's seats when the buyer counts them and states what
    each sends (requests a day, or a usage), else the build's streams (its --batch: users served at once, each by
    speed)."""
    if demand is not None and demand.seats and demand.requests is not None:
        return demand.seats
    return users_of(build)


def yearly_demand(build: Build, busy_hours: float, demand: Demand) -> float:
    """Output tokens a year the build's users ask for, the same for every build of a plan (round 34), read by the API's
    bill, the build's busy hours and the rental's hours alike (round 35, tco.served_hours): users x the requests a user
    sends a day x the days x the reply of the trace the request resembles, as the buyer stated; else users x the speed
    each needs (need.need_of: the speed asked, else reading speed) x `busy_hours` (the hours the users are at work)."""
    users = demand_users(build, demand)
    requests = demand.requests
    if requests is not None:
        _prompt, reply, _trace, _own = request_shape(build.estimate.workload, demand)
        return users * requests * demand.days_per_year * reply
    return users * need_of(build).tps * busy_hours * SECONDS_PER_HOUR


def api_use(
    build: Build,
    model: ModelArch,
    busy_hours: float,
    catalog: Catalog | None = None,
    market: str = "any",
    demand: Demand | None = None,
) -> ApiUse | None:
    """What the build's users would pay the cheapest sourced API the buyer's `market` can pay (in_market) for their
    `demand` (default: each user at the speed it needs over `busy_hours` a year, on 250 days), at most the tokens the
    build makes in `busy_hours`; None without such a price, a decode estimate, busy hours or any demand."""
    tps = build.estimate.decode_tokens_per_s
    prices = [p for p in model.api_prices if in_market(p, market)]
    demand = demand or Demand(days_per_year=250.0)
    stated = demand.requests
    if not prices or tps is None or tps <= 0 or busy_hours <= 0 or (stated is not None and stated <= 0):
        return None
    currency = build.currency
    vat = on_service(build.tax_basis)  # the bill on the purchase's tax basis (an EU consumer pays VAT on it)
    prompt, reply, trace, own_prompt = request_shape(build.estimate.workload, demand)
    ratio = prompt / reply
    hit = cache_hit_share(demand, own_prompt)
    usable = []
    for p in prices:
        out = _in_currency(p.output_per_million, p, currency, catalog, vat)
        if out is None:
            continue
        inp = None if p.input_per_million is None else _in_currency(p.input_per_million, p, currency, catalog, vat)
        read, write = (
            _cache_in(v, p, currency, catalog, vat) for v in (p.cache_read_per_million, p.cache_write_per_million)
        )
        billed = 0.0 if inp is None else billed_input(inp, read, write, hit)
        usable.append((p, out, inp, read, write, out + ratio * billed))
    if not usable:
        return None
    # the cheapest for this prompt mix (its cached share at each price's cache rates); at the same amount a price as
    # listed in the build's currency
    price, per_million, inp, read, write, _mix = min(usable, key=lambda u: (u[5], u[0].currency != currency))
    users = demand_users(build, demand)
    need = need_of(build)
    asked = yearly_demand(build, busy_hours, demand)
    stream = stream_of(build, demand, model)
    # round 36: what the build makes with each request's prefill counted (a Mac that prefills a coding agent's 6.7k
    # new tokens in a minute makes a third of what its decode alone would)
    makes = users_of(build) * (tps if stream is None else stream.tps()) * busy_hours * SECONDS_PER_HOUR
    tokens = min(asked, makes)
    input_tokens = tokens * ratio if inp is not None else 0.0
    billed = 0.0 if inp is None else billed_input(inp, read, write, hit)
    return ApiUse(
        price=price,
        vat_pct=round(vat * 100, 1),
        per_million=per_million,
        currency=currency,
        users=users,
        tokens_per_s=tps,
        busy_hours=busy_hours,
        tokens_per_year=tokens,
        monthly=(tokens * per_million + input_tokens * billed) / 1e6 / 12.0,
        input_per_million=inp,
        prompt_tokens=prompt,
        reply_tokens=reply,
        prompt_stated=own_prompt,
        trace=trace,
        input_tokens_per_year=input_tokens,
        context_tokens=_context(build.estimate.workload),
        requests_per_day=stated,
        days_per_year=demand.days_per_year,
        demand_stated=stated is not None,
        need_tps=need.tps,
        need_asked=need.asked,
        demand_tokens_per_year=asked,
        capacity_tokens_per_year=makes,
        usage=demand.usage if demand.requests_per_day is None else None,
        streams=users_of(build),
        cache_hit_share=hit,
        cache_read_per_million=read,
        cache_write_per_million=write,
        cache_hit_source=cache_hit_source(demand, own_prompt),
    )


def _cache_in(
    amount: float | None, price: TokenPrice, currency: str, catalog: Catalog | None, vat: float = 0.0
) -> float | None:
    return None if amount is None else _in_currency(amount, price, currency, catalog, vat)


def _context(workload: Mapping[str, object]) -> int | None:
    context = workload.get("context")
    return context if isinstance(context, int) and not isinstance(context, bool) and context > 0 else None
