"""A coding agent's prompt is mostly a cache read, and the API bills it so (round 36).

Round 35 billed every prompt token of a coding agent at the cache-miss price, while 84.2M of one tracked Claude Code
user's 100.3M input tokens were cache reads (OpenClawRadar, 2026-03-09, https://openclawradar.com/article/
claude-code-token-analysis-99-percent-input). A provider bills a cached token at its cache-read rate (DeepSeek 0.07
USD a million against 0.56 on a miss, api-docs.deepseek.com/quick_start/pricing from 2025-09-05; Moonshot kimi-k2.5
0.10 against 0.60, platform.moonshot.ai/docs/pricing/chat archived 2026-03-26; Groq half, console.groq.com/docs/
prompt-caching; MiniMax-M2.5 0.03 read and 0.375 written, docs.litellm.ai/blog/minimax_m2_5), so the bill, the price
chosen and the payback read those rates; a price that lists none (OpenRouter's gpt-oss-120b at 0.039 / 0.18, round
37) bills every prompt token at the input price, as before.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from configurator.core.catalog.models import ModelArch, TokenPrice
from configurator.core.costs.api import CODING_CACHE_HIT_SHARE, Demand, api_use, billed_input

ACTIVE = 1000.0


def _build(tps: float, context: int = 65536) -> Any:
    estimate = SimpleNamespace(
        decode_tokens_per_s=tps,
        prefill_tokens_per_s=None,
        # the home plan's llama-server (round 47: only an engine with a prefix cache holds the previous turn)
        workload={"kind": "inference", "engine": "llama.cpp", "batch": 1, "context": context, "prompt": None},
    )
    return SimpleNamespace(currency="USD", estimate=estimate, checks=(), tax_basis=None)


def _model(catalog: Any, key: str) -> ModelArch:
    model = catalog.records["models"][key]
    assert isinstance(model, ModelArch)
    return model


def test_the_share_is_the_tracked_users_cache_reads() -> None:
    assert CODING_CACHE_HIT_SHARE == pytest.approx(84.2 / 100.3)
    # 84 % at DeepSeek V3.1's 0.07, 16 % at its 0.56 miss price: 0.149 a million, a quarter of the miss price
    assert billed_input(0.56, 0.07, None, 0.84) == pytest.approx(0.84 * 0.07 + 0.16 * 0.56)
    # a provider that charges the write (MiniMax 0.375 on 0.30) bills the uncached rest at it
    assert billed_input(0.30, 0.03, 0.375, 0.84) == pytest.approx(0.84 * 0.03 + 0.16 * 0.375)
    # no cache price listed: the input price, whatever the share
    assert billed_input(0.289, None, None, 0.84) == pytest.approx(0.289)


def test_a_coding_agent_on_kimi_pays_the_cache_read_rate(catalog: Any) -> None:
    """kimi-k2.5 at Moonshot: 0.60 a million on a miss, 0.10 cached, 3.00 output. A coding seat's 36M output tokens
    and 3,150M prompt tokens a year cost (36 x 3.00 + 3,150 x (0.84 x 0.10 + 0.16 x 0.60)) / 12 a month where round 35
    billed (36 x 3.00 + 3,150 x 0.60) / 12: 56 against 166 USD."""
    model = _model(catalog, "kimi-k2.5")
    demand = Demand(days_per_year=250.0, usage="coding-agent")
    api = api_use(cast(Any, _build(20.0)), model, ACTIVE, catalog, "global", demand)
    assert api is not None and api.price.provider.startswith("Moonshot")
    assert api.cache_hit_share == pytest.approx(CODING_CACHE_HIT_SHARE)
    assert api.cache_read_per_million == pytest.approx(0.10)
    hit = CODING_CACHE_HIT_SHARE
    expected = (36e6 * 3.0 + 36e6 * 42_000 / 480 * (hit * 0.10 + (1 - hit) * 0.60)) / 1e6 / 12
    assert api.monthly == pytest.approx(expected)
    miss_priced = (36e6 * 3.0 + 36e6 * 42_000 / 480 * 0.60) / 1e6 / 12
    assert api.monthly < 0.4 * miss_priced
    data = api.to_json()
    assert data["cache_read_per_million"] == pytest.approx(0.10)
    assert data["cache_source"] and "moonshot" in str(data["cache_source"]).lower()
    assert data["input_billed_per_million"] == pytest.approx(hit * 0.10 + (1 - hit) * 0.60, abs=1e-4)


def test_the_cheapest_price_is_chosen_with_its_cache_rates(catalog: Any) -> None:
    """Kimi K2.5 at Together (0.50 input, 2.80 output, no cache rate listed) is cheaper for a stated prompt (a pasted
    document: nothing cached), Moonshot (0.60, 3.00, 0.10 cached) for a coding agent whose prompt is 84 % cached: the
    choice reads the cache rates."""
    model = _model(catalog, "kimi-k2.5")
    pasted = _build(20.0)
    pasted.estimate.workload["prompt"] = 2000
    stated = api_use(cast(Any, pasted), model, ACTIVE, catalog, "global", Demand(days_per_year=250.0))
    coding = api_use(
        cast(Any, _build(20.0)), model, ACTIVE, catalog, "global", Demand(days_per_year=250.0, usage="coding-agent")
    )
    assert stated is not None and coding is not None
    assert stated.price.provider.startswith("Together") and stated.cache_hit_share == 0.0
    assert coding.price.provider.startswith("Moonshot")


def test_a_price_without_a_cache_rate_bills_the_input_price(catalog: Any) -> None:
    """OpenRouter's gpt-oss-120b listing (0.039 / 0.18 USD a million, genai-prices' sync of 2026-08-19) lists no
    cache-read rate: the coding agent's 36M output and 3,150M prompt tokens a year bill every prompt token at 0.039,
    (36 x 0.18 + 3,150 x 0.039) / 12 = 10.78 USD a month, and still undercut Fireworks' cached price (0.15 on a miss,
    0.015 cached, 0.60 output: (21.6 + 3,150 x (0.84 x 0.015 + 0.16 x 0.15)) / 12 = 11.41), and the bill says where
    the missing rate comes from."""
    model = _model(catalog, "gpt-oss-120b")
    api = api_use(
        cast(Any, _build(26.8)), model, ACTIVE, catalog, "global", Demand(days_per_year=250.0, usage="coding-agent")
    )
    assert api is not None and api.price.provider.startswith("OpenRouter") and api.cache_read_per_million is None
    assert api.monthly == pytest.approx((36e6 * 0.18 + 36e6 * 42_000 / 480 * 0.039) / 1e6 / 12)
    assert "no cache-read rate" in (api.price.cache_source or "")
    hit = CODING_CACHE_HIT_SHARE
    fireworks = (36e6 * 0.60 + 36e6 * 42_000 / 480 * (hit * 0.015 + (1 - hit) * 0.15)) / 1e6 / 12
    assert api.monthly < fireworks


def test_a_cached_host_undercuts_a_cheaper_uncached_listing(catalog: Any) -> None:
    """Qwen3.6-27B for a coding agent: OpenRouter's listing (0.289 in, 2.40 out, no cache-read rate) cost round 36's
    83 USD a month; Chutes' TEE deployment (0.30 in, 2.00 out, 0.15 cached; its catalog as models.dev synced it on
    2026-06-27) bills the 84 % cached prompt at half price: (36 x 2.00 + 3,150 x (0.84 x 0.15 + 0.16 x 0.30)) / 12,
    about 52 USD. The dearer miss price wins on the bill a coding agent runs up."""
    model = _model(catalog, "qwen3.6-27b")
    api = api_use(
        cast(Any, _build(26.8)), model, ACTIVE, catalog, "global", Demand(days_per_year=250.0, usage="coding-agent")
    )
    assert api is not None and api.price.provider.startswith("Chutes")
    hit = CODING_CACHE_HIT_SHARE
    assert api.monthly == pytest.approx((36e6 * 2.0 + 36e6 * 42_000 / 480 * (hit * 0.15 + (1 - hit) * 0.30)) / 1e6 / 12)
    assert api.monthly < (36e6 * 2.4 + 36e6 * 42_000 / 480 * 0.289) / 1e6 / 12


def test_a_cache_price_needs_its_source() -> None:
    base = {
        "provider": "X",
        "output_per_million": 1.0,
        "input_per_million": 0.5,
        "currency": "USD",
        "date": "2026-01-01",
        "source": "https://example.com/pricing",
    }
    with pytest.raises(ValueError, match="cache_source"):
        TokenPrice.model_validate({**base, "cache_read_per_million": 0.05})
    assert TokenPrice.model_validate({**base, "cache_read_per_million": 0.05, "cache_source": "the page, read 2026"})


def test_the_busy_hours_prefill_the_uncached_part_of_each_prompt(catalog: Any) -> None:
    """The machine holds the same prefix (llama-server's slot cache, vLLM's and SGLang's prefix caches): a coding
    request at 64k context prefills its last 16 % (6,742 of 42,000 tokens), whose tokens each attend to ~38.6k before
    them. Qwen3.6-27B's 16 full-attention layers (of 64: the rest Gated DeltaNet) add 4 x 24 heads x 256 x 16 x 19.3k
    FLOPs to each token's 2 x its active matmul weights: 1.29 x the FLOPs of a token of the 1,020-token prompt the prefill rate is timed
    at. On the home plan's 2080 Ti 22GB (22.62 tokens/s decode, 800.8 prefill) a 480-token reply then takes 21.2 s
    after 10.9 s of prefill: 14.96 tokens/s served, where decode alone said 22.62."""
    from configurator.core.costs.api import stream_of
    from configurator.core.costs.need import Prompt, prefill_scale

    model = _model(catalog, "qwen3.6-27b")
    build = _build(22.62)
    build.estimate.prefill_tokens_per_s = 800.8
    stream = stream_of(cast(Any, build), Demand(days_per_year=250.0, usage="coding-agent"), model)
    assert stream is not None
    assert stream.prompt == Prompt(42_000, 35_258, 480)
    assert stream.scale == pytest.approx(1.29, abs=0.01)
    assert stream.prefill_s() == pytest.approx(6_742 * stream.scale / 800.8)
    assert stream.tps() == pytest.approx(480 / (480 / 22.62 + stream.prefill_s()))
    assert stream.tps() == pytest.approx(14.96, abs=0.02)
    # a chat (the trace's 1,020-token prompt, the rate's own): 54 % of it cached (Alibaba's traces), its last 469
    # tokens prefilled at the depth 551..1,020, a little dearer than the rated prompt's average token
    chat = stream_of(cast(Any, build), Demand(days_per_year=250.0), model)
    assert chat is not None and chat.prompt == Prompt(1020, 551, 129) and 1.0 <= chat.scale < 1.01
    # without the model (a floor): the estimate's rate as it is
    assert prefill_scale(None, 1020, Prompt(42_000, 35_258, 480)) == 1.0


def test_llama_server_reuses_moved_chunks_where_it_can(catalog: Any) -> None:
    """--cache-reuse 256 (llama.cpp PR #9866) for an attention-only model; a model with recurrent layers reuses its
    prefix from context checkpoints instead (it cannot shift a recurrent state): no flag."""
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.workload import Workload
    from configurator.core.launch.commands import llamacpp_command

    gpu = catalog.get("gpus", "rtx-4090")
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=4096)
    llama = _model(catalog, "llama-3.1-8b")
    assert "--cache-reuse 256" in llamacpp_command(llama, estimate(llama, w, gpu))
    hybrid = _model(catalog, "qwen3.6-27b")
    assert hybrid.recurrent_layers > 0
    assert "--cache-reuse" not in llamacpp_command(hybrid, estimate(hybrid, w, gpu))
