"""The serving engines' KV pools for a team's streams and the share of each card they take: one rule the estimate's
memory, the launch command (vLLM's --gpu-memory-utilization, --max-num-seqs, --max-model-len; llama-server's -c, -np,
-kvu; SGLang's --mem-fraction-static) and the SERVE rule read (round 44: vLLM; round 45: llama.cpp's unified KV
buffer, SGLang's static fraction, the prefix cache the pool can hold)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

VLLM_GPU_MEMORY_UTILIZATION = 0.9
"""The share of each card vLLM takes (--gpu-memory-utilization, its default 0.9: vllm/engine/arg_utils.py; the docs'
Optimization and Tuning page, "vLLM pre-allocates GPU cache using this percentage of memory"). Inside it vLLM profiles
the weights, the activation peak, the memory outside PyTorch and (default since v0.21.0) the CUDA graphs, and makes the
rest its KV pool (vllm-project/vllm #17549's answer; the v0.21+ start-up log "CUDA graph memory profiling is enabled
(default since v0.21.0)", gpustack/runner PR #251, 2026-08-14). The estimate's usable memory and the launch command's
flag read this one number; the tenth of the card outside it is left to the driver and other processes."""
VLLM_SHARE_SOURCE = (
    "vLLM docs, Optimization and Tuning (docs.vllm.ai, v0.14-v0.17): 'vLLM pre-allocates GPU cache using this "
    "percentage of memory' (gpu_memory_utilization, default 0.9); the KV pool is the share less the weights, the "
    "activation peak and (since v0.21.0) the CUDA graphs (vllm-project/vllm #17549, gpustack/runner PR #251)"
)

PAGED_ENGINES = frozenset({"vllm", "sglang"})
"""Engines whose KV cache is one pool of fixed-size blocks shared by every running request (vLLM's PagedAttention,
Kwon et al., SOSP 2023, arXiv 2309.06180: a request takes blocks as its tokens grow and frees them when it ends;
SGLang's token pool, page size 1 by default, under its radix cache, which retracts a running request when the pool runs
out: python/sglang/srt/managers/scheduler.py), so the pool is sized on the tokens the streams hold together, not on
every stream at the whole window. Each fills the share of the card it takes with that pool (vLLM's
--gpu-memory-utilization, SGLang's --mem-fraction-static) and keeps finished requests' blocks there as its prefix
cache until the space is needed."""

UNIFIED_KV_ENGINES = frozenset({"llama.cpp"})
"""Engines whose slots share one KV buffer of the size the launch gives it: llama-server's unified KV cache
(-kvu/--kv-unified, "use single unified KV buffer shared across all sequences (default: enabled if number of slots is
auto)", common/arg.cpp; ggml-org/llama.cpp PR #16736, 2025-10-23: "share the entire context -c N among all parallel
slots ... -np N ... is no longer used to change the per-slot context"; the server's auto -np is 4 slots with unified
KV, tools/server/server.cpp, 'n_parallel is set to auto, using n_parallel = 4 and kv_unified = true'). An explicit
-np turns the default off (each slot then gets -c / -np, src/llama-context.cpp: n_ctx_seq = n_ctx / n_seq_max), so a
team's launch names -kvu itself. The buffer is -c cells whatever the slots, each slot able to reach all of them
(ggml-org/llama.cpp issue #17450, 2025-11-23, an auto server's log: "n_seq_max = 4, n_ctx = 131072, n_ctx_seq = 131072,
kv_unified = true"), so -c is sized like a paged pool. Its slots are capped at the window the pool is sized on with
--kv-unified-per-slot N (ggml-org/llama.cpp PR #24124, merged 2026-06-04: "how much context each slot is limited to in
the kvu mode"; with -c the total stays -c, the server logging "capping per-slot context (...) to --kv-unified-per-slot"),
round 47: without it one stream could take the whole buffer, past the window the estimate and SERVE read."""

UNIFIED_KV_SOURCE = (
    "ggml-org/llama.cpp common/arg.cpp (-kvu/--kv-unified: 'use single unified KV buffer shared across all sequences "
    "(default: enabled if number of slots is auto)'), PR #16736 (2025-10-23, server: unified cache across slots: "
    "'share the entire context -c N among all parallel slots'; out of space, idle slots are purged, then running ones "
    "stopped) and PR #14363 (2025-06-24: a unified buffer computes attention across the other sequences' cells)"
)

POOL_PERCENTILE_Z = 2.326
"""The streams' tokens together stay within the pool 99 % of the time: the normal 99th percentile of their sum, the
same 1 % SERVE allows a team's requests to wait (MLPerf's 99th-percentile TTFT bound, rules.job.WAIT_SHARE). Past it
vLLM does not fail: it preempts a running request and recomputes it later (docs, Optimization and Tuning,
"Preemption": 'preemption and recomputation can adversely affect end-to-end latency'), a stall a practitioner sizes the
pool to make rare."""

POOL_SOURCE = (
    "vLLM docs, Optimization and Tuning, 'Preemption' (docs.vllm.ai v0.14-v0.17): when the KV cache cannot hold every "
    "batched request vLLM preempts one and recomputes it, 'which can adversely affect end-to-end latency'; "
    "PagedAttention (Kwon et al., SOSP 2023): blocks are taken as a request's tokens grow"
)


@dataclass(frozen=True)
class KvPool:
    """The KV pool a paged engine is sized for: `streams` running at once (--max-num-seqs), the longest single
    request (`window`, --max-model-len), and the tokens a typical request holds by its end (`typical`: its prompt and
    reply, the usage's; None: every stream may reach the window).

    A stream's tokens are taken as spread evenly between 2 x typical - window and the window (at most twice the
    typical): a coding agent's 42,480 in a 65,536 window spreads 19,424-65,536, the ~20k a session starts from
    (system prompt and tools) to the window it is compacted at, with the usage's own mean. The pool holds their sum's
    99th percentile (POOL_PERCENTILE_Z), never less than one whole window (vLLM refuses to start when one request of
    --max-model-len cannot fit: 'larger than the maximum number of tokens that can be stored in KV cache') and never
    more than every stream at the window."""

    streams: int
    window: int
    typical: int | None = None
    slots: bool = False  # llama-server's slots (UNIFIED_KV_ENGINES): one -kvu buffer when sized on the typical request

    @property
    def unified(self) -> bool:
        """llama-server's slots share one -kvu buffer of `tokens` cells (UNIFIED_KV_ENGINES): where the typical request
        sizes the pool below every slot at the window. Without it each slot keeps its window (-c streams x window)."""
        return self.slots and self.sized_on_typical

    @property
    def attention_span(self) -> int | None:
        """Cells a decode step's attention spans for each stream where it is not the stream's own: a unified buffer's
        cells in use, every slot's (ggml-org/llama.cpp PR #14363: with a unified buffer each sequence's attention computes
        "cross-sequence attention" over the others' cells and discards it), the streams at their typical request.
        None: each stream attends to its own cells."""
        if not self.unified:
            return None
        return min(self.tokens, self.streams * min(self.typical or self.window, self.window))

    @property
    def sized_on_typical(self) -> bool:
        """Whether the pool is sized below every stream at the window (several streams of a known typical length)."""
        return self.tokens < self.streams * self.window

    @property
    def spread(self) -> float:
        """The standard deviation of one stream's tokens (an even spread around `typical`, within the window)."""
        if self.typical is None:
            return 0.0
        mean = min(self.typical, self.window)
        high = min(self.window, 2 * mean)
        return (high - (2 * mean - high)) / math.sqrt(12.0)

    @property
    def tokens(self) -> int:
        """Tokens the pool is sized to hold for the streams together."""
        streams = max(self.streams, 1)
        every = streams * self.window
        if self.typical is None or streams == 1:
            return every
        mean = min(self.typical, self.window)
        held = streams * mean + POOL_PERCENTILE_Z * math.sqrt(streams) * self.spread
        return int(min(every, max(self.window, math.ceil(held))))

    @property
    def per_stream(self) -> int:
        """The pool's tokens over its streams: what the memory sizes each stream's cache at."""
        return math.ceil(self.tokens / max(self.streams, 1))


def pool_of(workload: Mapping[str, object], default_window: int = 4096) -> KvPool:
    """The pool a workload's engine is sized for (a workload's JSON, or a Workload's model_dump): paged engines
    (PAGED_ENGINES) and llama-server's unified buffer (UNIFIED_KV_ENGINES, where the workload's kv_unified says so) on
    the workload's typical request, others at every stream's whole window."""
    window = int(workload.get("context") or default_window)  # type: ignore[call-overload]
    streams = int(workload.get("batch") or 1)  # type: ignore[call-overload]
    engine = workload.get("engine")
    pooled = engine in PAGED_ENGINES or (engine in UNIFIED_KV_ENGINES and workload.get("kv_unified") is True)
    typical = workload.get("typical_tokens") if pooled else None
    return KvPool(
        streams=streams,
        window=window,
        typical=None if typical is None else int(typical),  # type: ignore[call-overload]
        slots=engine in UNIFIED_KV_ENGINES,
    )


def decode_depth(context: int, prompt: int | None, typical: int | None) -> int:
    """Tokens of KV cache a stream's decode step reads back on average, the depth the served rate (and so SERVE's
    keeps-up rule) is timed at: a stated prompt and half the reply after it; else the typical request the pool is
    sized on (its prompt and reply: a coding agent's 42,480 tokens; the reply's half is a sliver of it); else half the
    context (round 44: a coding agent's streams had been read at 32,768 tokens, half the 64k window, while each sends
    42,000)."""
    if prompt:
        return max(1, (context + prompt) // 2)
    if typical:
        return max(1, min(typical, context))
    return max(1, context // 2)


SGLANG_FRACTION_SOURCE = (
    "sgl-project/sglang python/sglang/srt/server_args.py, ServerArgs._handle_gpu_memory_settings (PR #10975, general "
    "heuristics for --mem-fraction-static): by the card's memory, chunked_prefill_size and cuda_graph_max_bs, "
    "reserved_mem = 512 + max(chunked_prefill_size, 2048) x 1.5 + cuda_graph_max_bs x 2 + tp x pp / 8 x 1024 MiB (at "
    "least 10 GiB on cards over 60 GiB), mem_fraction_static = round((gpu_mem - reserved_mem) / gpu_mem, 3): 'the "
    "fraction of the memory used for static allocation (model weights and KV cache memory pool)'"
)

_SGLANG_BUCKETS = (
    (20, 2048, 8, 8),
    (35, 2048, 24, 80),
    (60, 4096, 32, 160),
    (90, 8192, 256, 512),
    (160, 8192, 256, 512),
)
"""SGLang's defaults by the card's memory (server_args.py, NVIDIA branches): below the GiB bound, (chunked_prefill_size,
cuda_graph_max_bs under tensor parallel 1-3, cuda_graph_max_bs at 4 or more): T4/4080; A10/4090/5090; A100 40GB/L40;
H100/A100 80GB; H20/H200. Larger cards (B200, MI300): 16,384 and 512."""


def sglang_mem_fraction_static(memory_gib: float, tp: int = 1) -> float:
    """The share of each card SGLang gives its weights and KV pool when --mem-fraction-static is not given
    (SGLANG_FRACTION_SOURCE): the card's MiB less what it reserves for the prefill's activations, the CUDA graphs and
    a large tensor-parallel group. A 24 GiB card at tensor parallel 1: 512 + 2,048 x 1.5 + 24 x 2 + 128 = 3,760 MiB
    reserved, 0.847; an 80 GiB card: 512 + 12,288 + 512 + 128 = 13,440 MiB, 0.836. The estimate's usable memory and
    the launch command's flag read this one number, as vLLM's share (VLLM_GPU_MEMORY_UTILIZATION)."""
    mib = memory_gib * 1024
    chunk, graphs = 16_384, 512
    for bound, chunk_size, small_tp, large_tp in _SGLANG_BUCKETS:
        if mib < bound * 1024:
            chunk, graphs = chunk_size, small_tp if tp < 4 else large_tp
            break
    reserved = 512 + max(chunk, 2048) * 1.5 + graphs * 2 + tp / 8 * 1024
    if mib > 60 * 1024:
        reserved = max(reserved, 10 * 1024)
    return round((mib - reserved) / mib, 3)


LLAMACPP_CACHE_RAM_MIB = 8192
"""llama-server's host-memory prompt cache, 8,192 MiB by default (-cram/--cache-ram, common/common.h `cache_ram_mib =
8192`; ggml-org/llama.cpp PR #16391), to which it saves idle slots when a new task starts (--cache-idle-slots, on by
default, "save idle slots to the prompt cache on new task, and clear them when using unified KV", common/arg.cpp): a
seat whose slot went to another seat gets its prompt back from RAM instead of prefilling it again."""

PREFIX_CACHE_ENGINES = PAGED_ENGINES | UNIFIED_KV_ENGINES
"""Engines that keep a finished request's prompt for the next request that starts with it: vLLM's automatic prefix
caching (on by default in the V1 engine: docs, Automatic Prefix Caching), SGLang's radix cache (on unless
--disable-radix-cache, server_args.py) and llama-server's slots (cache_prompt on by default, a slot keeps its last
prompt; --cache-reuse and the --cache-ram host cache beside it). Hugging Face transformers has none: its
pipeline('text-generation') and generate() start every call from an empty cache (a DynamicCache made for the call,
transformers docs, "Caching": a cache is reused only when the caller passes it back in), so every request prefills
its whole prompt (round 47: the estimate had given it the usage's 84 % hit). The ExLlama engines are launched through
that pipeline too (launch.commands), so they are left out with it."""

PREFIX_HELD_SOURCE = (
    "vLLM docs, Automatic Prefix Caching (a finished request's blocks stay in the pool and the least recently used "
    "are evicted when space is needed); SGLang's radix cache (LRU eviction from the token pool); llama-server keeps "
    "each slot's last prompt (cache_prompt), purges idle slots first when a unified buffer runs out (ggml-org/llama.cpp "
    "PR #16736) and saves idle slots to its 8 GiB host prompt cache (--cache-ram, PR #16391)"
)


def contexts_held(pool_tokens: int, typical: int, streams: int, slots: bool, in_ram: float = 0.0) -> float:
    """How many requests' contexts the engine keeps for their next turn: a paged pool (PAGED_ENGINES) as many as its
    `pool_tokens` hold at the `typical` request (finished requests' blocks stay until evicted, least recently used
    first); llama-server's slots one a slot at most (a slot keeps its last prompt; another seat's request on it
    replaces it), plus the `in_ram` contexts its host prompt cache holds (LLAMACPP_CACHE_RAM_MIB)."""
    if typical <= 0:
        return float(streams)
    held = pool_tokens / typical
    return min(held, float(streams)) + in_ram if slots else held


def prefix_held_share(seats: int | None, held: float) -> float:
    """The share of a team's requests whose previous turn is still in the engine's KV pool (PREFIX_HELD_SOURCE), so
    that the usage's prefix-cache share (costs.api.cache_hit_share: a coding agent's 84 %, measured against a
    provider's cache that keeps every session) applies: every request where the pool holds each seat's context, else
    the share of the seats whose context it holds (the rest prefill their whole prompt). One seat, or seats not
    named: 1."""
    if not seats or seats <= 1:
        return 1.0
    return max(0.0, min(1.0, held / seats))
