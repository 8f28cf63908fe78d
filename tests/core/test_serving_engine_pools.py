"""The engines' KV pools as they size them (round 45): llama-server's unified buffer (-kvu) sized on the team's typical
request, SGLang's --mem-fraction-static read by the estimate and the launch alike, and the prefix cache only as good
as the contexts the pool can keep."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.serving_pool import KvPool, contexts_held, prefix_held_share, sglang_mem_fraction_static
from configurator.core.costs.api import CODING_CACHE_HIT_SHARE, Demand, estimate_stream
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command

CODING = 42_000 + 480  # costs.api.CODING_PROMPT_TOKENS + CODING_REPLY_TOKENS
LLAMA3_8B_CELL = 1024 * 1024**2 // 8192
"""Bytes of one KV cell of Llama 3 8B in f16, as llama.cpp allocates it: "n_ctx = 8192 ... CUDA0 KV buffer size =
1024.00 MiB" (ggml-org/llama.cpp issue #9016, JohannesGaessler, 2024-08, Meta-Llama-3-8B on an RTX 3090): 131,072
bytes a cell (32 layers x 8 KV heads x 128 x K and V x 2 bytes)."""


def _model_gpu(catalog: Catalog, model_id: str, gpu_id: str) -> tuple[ModelArch, Gpu]:
    model, gpu = catalog.records["models"][model_id], catalog.records["gpus"][gpu_id]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    return model, gpu


def _flag(words: list[str], flag: str) -> str | None:
    return words[words.index(flag) + 1] if flag in words else None


def test_a_team_launch_gives_llama_server_one_buffer_of_the_pool_and_the_estimate_counts_those_cells(
    catalog: Catalog,
) -> None:
    """Eight coding seats' streams on Llama 3 8B Q4_K_M in a 32k window on a 24 GB RTX 3090, where eight whole
    windows (32 GiB of KV) do not fit: the launch asks llama-server for one unified
    buffer (-np 8 -kvu: an explicit -np turns the auto default off, common/arg.cpp) of the pool's cells, and the
    estimate's KV cache is those cells at the 131,072 bytes a cell llama.cpp logs for this model (issue #9016): 141,581
    cells, 17.3 GiB. Round 44 had launched -c 262144 -np 8 (a 32k window a slot) and counted 32 GiB of KV; the buffer
    is 1.85x smaller and each slot can still reach the whole window. Without a typical request the slots keep a window each, no -kvu."""
    model, gpu = _model_gpu(catalog, "llama-3-8b", "rtx-3090")
    whole = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=32_768, batch=8)
    team = whole.model_copy(update={"typical_tokens": 12_000})
    pooled = estimate(model, team, gpu, 1)
    words = shlex.split(launch_command(model, pooled)["command"])
    cells = int(_flag(words, "-c") or 0)
    assert _flag(words, "-np") == "8" and "-kvu" in words
    # round 47: each slot capped at the window the pool is sized on (llama.cpp PR #24124, --kv-unified-per-slot;
    # without it a slot's n_ctx is the whole buffer, 141,581 cells)
    assert _flag(words, "--kv-unified-per-slot") == "32768"
    assert cells == KvPool(streams=8, window=32_768, typical=12_000).tokens
    assert 32_768 <= cells < 8 * 32_768
    assert pooled.peak_gpu.breakdown.kv_cache == pytest.approx(cells * LLAMA3_8B_CELL, rel=0.001)
    every = estimate(model, whole, gpu, 1)
    words = shlex.split(launch_command(model, every)["command"])
    assert _flag(words, "-c") == str(8 * 32_768) and "-kvu" not in words and "--kv-unified-per-slot" not in words
    assert every.peak_gpu.breakdown.kv_cache == pytest.approx(8 * 32_768 * LLAMA3_8B_CELL, rel=0.001)
    alone = shlex.split(launch_command(model, estimate(model, team.model_copy(update={"batch": 1}), gpu, 1))["command"])
    assert _flag(alone, "-c") == "32768" and "-np" not in alone and "-kvu" not in alone


def test_a_unified_buffer_spans_every_slots_cells_so_its_decode_pays_for_them(catalog: Catalog) -> None:
    """ggml-org/llama.cpp PR #14363 (2025-06-24): with a unified buffer each sequence's attention computes across the
    other sequences' cells and discards it. Eight streams of 12,000 tokens span 96,000 cells each step, not their
    own: the KV bytes read are the same (the batch reads the cells together) but the attention FLOPs grow, so the
    served rate (26.9 tokens/s a stream on an RTX 3090) is below the 33.9 of slots reading the same 12,000-token depth
    from windows of their own (-c 24000 a slot, no -kvu)."""
    pool = KvPool(streams=8, window=32_768, typical=12_000, slots=True)
    assert pool.unified and pool.attention_span == 96_000
    assert KvPool(streams=8, window=32_768, typical=12_000).attention_span is None  # a paged pool: own blocks
    model, gpu = _model_gpu(catalog, "llama-3-8b", "rtx-3090")
    team = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=32_768, batch=8)
    shared = estimate(model, team.model_copy(update={"typical_tokens": 12_000}), gpu, 1).decode_tokens_per_s or 0.0
    window = estimate(model, team.model_copy(update={"context": 24_000}), gpu, 1)
    own = window.decode_tokens_per_s or 0.0  # half a 24,000-token window: the same 12,000-token depth, own cells
    assert 0.7 * own < shared < 0.9 * own


def test_sglang_takes_the_share_its_server_args_pick_for_the_card_in_the_estimate_and_the_launch(
    catalog: Catalog,
) -> None:
    """sgl-project/sglang server_args.py (_handle_gpu_memory_settings, PR #10975): reserved = 512 + max(chunked
    prefill, 2048) x 1.5 + CUDA graph max batch x 2 + tp x pp / 8 x 1024 MiB, at least 10 GiB past 60 GiB. A 24 GiB
    RTX 4090 at TP 1 keeps 0.847 (512 + 3,072 + 48 + 128 = 3,760 MiB reserved; the same 0.847 from nvidia-smi's
    24,564 MiB), an 80 GiB H100 0.836 (0.835 from its 81,559 MiB), a 96 GB card 0.863 (the 10 GiB floor). The estimate
    had read vLLM's 0.9 for SGLang; now its usable memory and the launch's --mem-fraction-static are this one number."""
    assert sglang_mem_fraction_static(24) == 0.847
    assert sglang_mem_fraction_static(80) == 0.836
    assert sglang_mem_fraction_static(96) == 0.863
    assert sglang_mem_fraction_static(11) == pytest.approx((11 * 1024 - 3728) / (11 * 1024), abs=0.001)
    model, gpu = _model_gpu(catalog, "llama-3-8b", "rtx-4090")
    served = estimate(
        model, Workload(kind="inference", precision="bf16", engine="sglang", context=8192, batch=4), gpu, 1
    )
    share = sglang_mem_fraction_static(gpu.memory_gib)
    # round 47: the share holds the weights and the KV pool; the activations and overhead sit in the reserve beside it
    peak = served.peak_gpu
    dynamic = peak.breakdown.activations + peak.breakdown.runtime_overhead
    assert peak.usable_bytes == int(gpu.memory_gib * 1024**3 * share) + dynamic
    words = shlex.split(launch_command(model, served, gpu=gpu)["command"])
    assert _flag(words, "--mem-fraction-static") == f"{share:g}"


def test_the_prefix_cache_hits_only_for_the_contexts_the_pool_keeps(catalog: Catalog) -> None:
    """A coding agent's 84 % of each prompt read from the cache (costs.api.CODING_CACHE_HIT_SHARE, a provider's cache
    that keeps every session) holds on a local engine only while its KV pool keeps the seat's previous turn: ten
    streams of gpt-oss-120b on one 96 GB card serve ten seats with every context kept; twenty seats share what the
    pool holds past the running requests (vLLM fills its 0.9 share: ~16 contexts of 42,480 tokens); llama-server's
    ten slots keep ten (a slot keeps its last prompt; another seat's request replaces it) and its host prompt cache
    (--cache-ram, 8,192 MiB by default, common/common.h) ~5.5 more at 1.57 GB a context, so about one request in
    four prefills its whole prompt."""
    assert prefix_held_share(None, 3.0) == 1.0 and prefix_held_share(20, 10.0) == 0.5
    assert contexts_held(500_000, 50_000, 8, slots=True) == 8 and contexts_held(500_000, 50_000, 8, slots=False) == 10
    assert contexts_held(500_000, 50_000, 8, slots=True, in_ram=5.5) == 13.5
    model, gpu = _model_gpu(catalog, "gpt-oss-120b", "rtx-pro-6000-blackwell-max-q")
    team = Workload(kind="inference", precision="mxfp4", context=65_536, batch=10, typical_tokens=CODING)
    for engine, twenty in (("vllm", (0.75, 0.85)), ("llama.cpp", (0.75, 0.8))):
        served = estimate(model, team.model_copy(update={"engine": engine}), gpu, 1)
        shares = {}
        for seats in (10, 20):
            stream = estimate_stream(served, Demand(days_per_year=250, usage="coding-agent", seats=seats), model)
            assert stream is not None
            shares[seats] = stream.prompt.cached / stream.prompt.tokens / CODING_CACHE_HIT_SHARE
        assert shares[10] == pytest.approx(1.0, abs=0.001), engine
        assert twenty[0] - 0.001 <= shares[20] <= twenty[1] + 0.001, (engine, shares)


def test_sglang_counts_its_activation_reserve_once_so_the_pool_is_the_share_less_the_weights(catalog: Catalog) -> None:
    """SGLang sizes its KV pool as the memory free after loading the weights less total x (1 - mem_fraction_static)
    (sgl-project/sglang python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py, profile_max_num_token); the
    prefill's activations and the CUDA graphs live in that reserve (server_args.py's reserved_mem: chunked prefill x
    1.5 + cuda_graph_max_bs x 2 MiB). Qwen3-32B FP8 on one 80 GiB H100 for 16 users: the pool is 0.836 x 80 GiB less
    31.96 GiB of weights, 143,025 tokens at 256 KiB a token (8,939 a request), where round 45 took the 3.13 GiB of
    activations and overhead out of the share a second time (130,208 tokens, 8,138 a request)."""
    model, gpu = _model_gpu(catalog, "qwen3-32b", "h100-sxm")
    team = Workload(kind="inference", precision="fp8", engine="sglang", context=32_768, batch=16)
    peak = estimate(model, team, gpu, 1).peak_gpu
    b = peak.breakdown
    assert peak.usable_bytes is not None
    cell = b.kv_cache / (32_768 * 16)  # the estimate's own bytes a token: 64 layers x 8 KV heads x 128 x 2 x 2
    assert cell == 256 * 1024
    pool = int(gpu.memory_gib * 1024**3 * sglang_mem_fraction_static(gpu.memory_gib)) - b.weights
    room = peak.usable_bytes - b.weights - b.activations - b.runtime_overhead
    assert room == pytest.approx(pool, abs=1)
    assert room / cell == pytest.approx(143_025, abs=50)
    assert 3 * 1024**3 < b.activations + b.runtime_overhead < (gpu.memory_gib * 1024**3) * (1 - 0.836)


def test_transformers_keeps_no_prefix_so_a_coding_agent_prefills_its_whole_prompt(catalog: Catalog) -> None:
    """Hugging Face transformers' pipeline('text-generation') (the launch the app gives it) starts each call from an
    empty cache (transformers docs, "Caching": a cache is reused only when the caller passes it back in), so a coding
    agent's 42,000-token prompt is prefilled whole every turn on it, while vLLM's automatic prefix caching keeps 84 %
    of it (CODING_CACHE_HIT_SHARE). Llama 3 8B BF16 on an RTX 4090, one seat: transformers served 21.2 tokens/s with
    35,258 tokens counted as cached before round 47; with none it makes 13.5, vLLM 33.6."""
    model, gpu = _model_gpu(catalog, "llama-3-8b", "rtx-4090")
    one = Workload(kind="inference", precision="bf16", context=65_536, batch=1)
    coding = Demand(days_per_year=250, usage="coding-agent", seats=1)
    streams = {}
    for engine in ("transformers", "vllm"):
        stream = estimate_stream(estimate(model, one.model_copy(update={"engine": engine}), gpu, 1), coding, model)
        assert stream is not None
        streams[engine] = stream
    assert streams["transformers"].prompt.cached == 0
    assert streams["vllm"].prompt.cached == round(42_000 * CODING_CACHE_HIT_SHARE)
    assert streams["transformers"].tps() == pytest.approx(13.5, abs=0.1)
    assert streams["transformers"].tps() < streams["vllm"].tps()
