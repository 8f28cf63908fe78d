"""What a continuous-batching server computes in one decode step when several users share it (vLLM, SGLang)."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu

GIB_BYTES = 1024**3

# vLLM's per-step token budget (max_num_batched_tokens) for the OpenAI-compatible server, chunked prefill always on.
# vllm-project/vllm vllm/engine/arg_utils.py at 001999d2f360c2c5da23a916510c273b1a73d06c, _override_v1_engine_args:
# "V1 always uses chunked prefills", OPENAI_API_SERVER 8192 on H100/H200 and 2048 on other GPUs; later releases
# (EngineArgs.get_batch_defaults) widen the large budget to every GPU of at least 70 GiB except the A100 ("Setting
# large `max_num_batched_tokens` for A100 reduces throughput, see PR #17885"). SchedulerConfig's own fallback
# (vllm/config/scheduler.py at 01230b40128e570a58e54e75f7e55c4d5cd9246d) is DEFAULT_MAX_NUM_BATCHED_TOKENS = 2048.
VLLM_SERVER_BATCHED_TOKENS_LARGE_GPU = 8192
VLLM_SERVER_BATCHED_TOKENS = 2048
VLLM_LARGE_GPU_GIB = 70


def batched_tokens_budget(gpu: Gpu) -> int:
    """Tokens vLLM's scheduler puts into one step on `gpu` by default: decode tokens first, then prompt chunks."""
    large = gpu.vram_gb * 1e9 >= VLLM_LARGE_GPU_GIB * GIB_BYTES and not gpu.id.startswith(("a100", "a800"))
    return VLLM_SERVER_BATCHED_TOKENS_LARGE_GPU if large else VLLM_SERVER_BATCHED_TOKENS


def arriving_prompt_tokens(batch: int, prompt: int | None, context: int, budget: int) -> float:
    """Prompt tokens of arriving requests that ride in each decode step of a server kept at `batch` sequences.

    In steady state a sequence finishes every `output` steps (output = context - prompt generated tokens) and a new
    one takes its place; chunked prefill schedules that prompt inside the running decode steps, so each step carries
    (batch - 1) x prompt / output prompt tokens on average besides the batch's decode tokens (a lone user's prompt is
    its own time to first token, not part of its decode steps). The step never holds more than the scheduler's
    budget. None when no prompt is stated: the estimate then describes the decode steps alone."""
    if prompt is None or batch <= 1:
        return 0.0
    output = max(context - prompt, 1)
    return min((batch - 1) * prompt / output, max(budget - batch, 0))


# SGLang does not mix arriving prompts into its decode steps by default: `enable_mixed_chunk` ("Enabling mixing prefill
# and decode in a batch when using chunked prefill.") defaults to False in every version read (sgl-project/sglang
# python/sglang/srt/server_args.py: `enable_mixed_chunk: bool = False` in the 2024-25 dataclass, `] = False` in the
# annotated ServerArgs at 001067fffe33427bee0ed2f007fb7551a1d76b44, read 2026-12-03; the scheduler mixes only when
# chunked prefill is on and the flag set), so the scheduler runs a waiting prompt as its own prefill (extend)
# batch and the running decode batch waits for it. SGLang's cookbook run of DeepSeek-R1-0528 on 8 x B200 (SGLang
# 0.5.6.post1, sgl-project/sgl-cookbook docs/autoregressive/DeepSeek/DeepSeek-R1.md) shows it: at 64 users of 8K/1K the
# median inter-token latency is 26.29 ms and the mean 38.83 ms (P99 176.94 ms, max 5,521 ms), at 100 users of 1K/1K
# 26.36 ms and 39.37 ms; at 64 users of 1K/8K, where a prompt arrives every ~70 steps, 25.37 and 25.79 ms.
SGLANG_MIXED_CHUNK_DEFAULT = False


def arriving_requests(batch: int, prompt: int | None, context: int) -> float:
    """Requests that arrive per decode step of a server kept at `batch` sequences (one replaces each finished reply of
    context - prompt tokens); zero for one user, whose prompt is its own time to first token."""
    if prompt is None or batch <= 1:
        return 0.0
    return (batch - 1) / max(context - prompt, 1)
