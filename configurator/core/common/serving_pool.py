"""vLLM's paged KV pool for a team's streams and the share of each card it takes: one rule the estimate's memory, the
launch command (--gpu-memory-utilization, --max-num-seqs, --max-model-len) and the SERVE rule read (round 44)."""

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

PAGED_ENGINES = frozenset({"vllm"})
"""Engines whose KV cache is one pool of fixed-size blocks shared by every running request (vLLM's PagedAttention,
Kwon et al., SOSP 2023, arXiv 2309.06180: a request takes blocks as its tokens grow and frees them when it ends), so the
pool is sized on the tokens the streams hold together, not on every stream at the whole window. llama.cpp's slots
(-np N with -c N x window) keep a window each and SGLang's pool is sized by --mem-fraction-static: not read here."""

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
    (PAGED_ENGINES) on the workload's typical request, others at every stream's whole window."""
    window = int(workload.get("context") or default_window)  # type: ignore[call-overload]
    streams = int(workload.get("batch") or 1)  # type: ignore[call-overload]
    typical = workload.get("typical_tokens") if workload.get("engine") in PAGED_ENGINES else None
    return KvPool(streams=streams, window=window, typical=None if typical is None else int(typical))  # type: ignore[call-overload]


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
