"""Attention work by layer kind (issue #29, hybrid47): the QK and PV FLOPs of a token in each kind of layer a 2025-26
model mixes, read at the depth the token attends over, so decode, prefill and training count the same layers alike.

- Full attention: a token at depth d attends to d cached tokens (4 FLOPs per head width and token: QK and PV).
- Sliding-window attention (Gemma 2/3/4, gpt-oss, OLMo 3, Phi-3): to min(d, window) of them (the record's
  sliding_window and sliding_window_layers, from config.json's layer_types or the family's pattern, or GGUF's
  attention.sliding_window with the family's pattern: importers.model_import). Gemma 4's full layers attend with their
  own heads (global_attention: global_head_dim, the full layers' query heads).
- DeepSeek-V4's compressed attention: every layer's window, plus one pooled entry per `ratio` tokens of the context;
  a CSA layer attends to the index_topk entries its indexer picks, and the indexer scores every entry.
- Gated DeltaNet, Kimi Delta Attention and Mamba-2 layers attend over nothing: they keep a fixed recurrent state
  (kv.recurrent_state_bytes). Their work per token does not grow with the depth: a chunked scan (recurrent_scan_flops),
  counted where the sequence is processed in chunks (a prompt, a training step).

A prompt token's depth is its position, so a prompt of n tokens costs the mean of the per-depth work over 0..n: n / 2
for a full layer, window - window^2 / (2 n) for a sliding one past its window (mean_capped). A training step counts
attention the way PaLM's appendix B does (non-causal: twice the causal mean, training_attention_flops).
"""

from __future__ import annotations

from collections.abc import Callable

from configurator.core.catalog.models import ModelArch

DELTA_NET_CHUNK = 64
"""Tokens per chunk of llama.cpp's chunked Gated DeltaNet prompt (CHUNK_SIZE in src/models/qwen3next.cpp, as vendored
at mybigday/llama.rn cpp/models/qwen3next.cpp, commit 0728ef0); flash-linear-attention's chunk_gated_delta_rule, which
vLLM and HF run for Qwen3-Next, Qwen3.5/3.6 and Kimi Linear's KDA, tiles by 64 tokens as well."""

MAMBA2_CHUNK = 256
"""Tokens per chunk of a Mamba-2 layer's SSD scan: NemotronHConfig's mamba_chunk_size default ("Size of chunks for
Mamba processing", defaults to 256; vllm-project/vllm vllm/transformers_utils/configs/nemotron_h.py, read 2026-12-07 in
the jiayingsong2023/litevLLM copy @09ede943). An ESTIMATE for a release whose config.json sets its own chunk_size: the
catalog does not carry it, and the scan is under 1 % of a Nemotron-H token's FLOPs at either size."""


def sliding_layers(model: ModelArch) -> int:
    """Layers that attend over a sliding window (none without a window; all the attending layers where the record
    does not say how many)."""
    if not model.sliding_window:
        return 0
    named = model.num_layers if model.sliding_window_layers is None else model.sliding_window_layers
    return min(named, model.attention_layers)


def full_layers(model: ModelArch) -> int:
    """Attending layers over the whole context (the attending layers that do not slide)."""
    return model.attention_layers - sliding_layers(model)


def score_widths(model: ModelArch) -> tuple[int, int]:
    """(a full layer's, a sliding layer's) query heads x head width: each cached token costs 2 FLOPs of it in QK and 2
    in PV. Gemma 4's full layers read their own global_head_dim (and Laguna's their own query heads)."""
    base = model.num_attention_heads * model.head_dim
    g = model.global_attention
    if g is None:
        return base, base
    return (g.num_heads or model.num_attention_heads) * g.head_dim, base


def mean_capped(cap: float, tokens: float) -> float:
    """The mean of min(d, cap) over depths d in 0..tokens (a prompt's tokens each at its own position): tokens / 2
    within the cap, cap - cap^2 / (2 tokens) past it."""
    if tokens <= cap:
        return tokens / 2
    return cap - cap * cap / (2 * tokens)


def _attention_flops(model: ModelArch, depth: float, capped: Callable[[float], float]) -> float:
    """QK and PV FLOPs of one token whose attended depth under a cap is capped(cap) (capped(inf): the whole depth)."""
    if model.compressed_attention is not None:
        return _compressed_flops(model, capped)
    full_width, slide_width = score_widths(model)
    window = model.sliding_window or float("inf")
    spans = full_layers(model) * full_width * capped(float("inf")) + sliding_layers(model) * slide_width * capped(
        window
    )
    return 4.0 * spans


def _compressed_flops(model: ModelArch, capped: Callable[[float], float]) -> float:
    """DeepSeek-V4 (HF DeepseekV4Attention, models.CompressedAttentionSpec): each layer's window of recent tokens, plus
    its pool of one entry per `ratio` tokens; a CSA layer (ratio index_ratio) attends to at most index_topk entries and
    its Lightning Indexer scores every entry (QK only, index_n_heads x index_head_dim)."""
    ca = model.compressed_attention
    assert ca is not None
    width = model.num_attention_heads * model.head_dim
    window = capped(float(model.sliding_window or 0))
    total = 0.0
    for ratio in ca.compress_ratios:
        attended = window
        if ratio:
            pool = capped(float("inf")) / ratio
            attended += capped(float(ca.index_topk * ratio)) / ratio if ratio == ca.index_ratio else pool
            if ratio == ca.index_ratio:
                total += 2.0 * ca.index_n_heads * ca.index_head_dim * pool
        total += 4.0 * width * attended
    return total


def decode_attention_flops(model: ModelArch, depth: float) -> float:
    """Attention FLOPs of one decode token over `depth` cached tokens (the decode depth kv.kv_cache_bytes reads the
    cache at): full layers over all of it, sliding layers over at most their window, recurrent layers over nothing."""
    return _attention_flops(model, depth, lambda cap: min(depth, cap))


def prompt_attention_flops(model: ModelArch, prompt: float) -> float:
    """Attention FLOPs per prompt token: the mean of decode_attention_flops over the prompt's depths 0..prompt (a
    full layer's prompt / 2, a sliding layer's mean_capped at its window)."""
    return _attention_flops(model, prompt, lambda cap: mean_capped(cap, prompt))


def attention_scores(model: ModelArch, prompt: float) -> float:
    """Attention scores (query head x cached token) per prompt token, the KQ matrix a kernel without flash attention
    writes out: a full layer's prompt / 2 per head, a sliding layer's mean_capped at its window (llama.cpp keeps a
    sliding layer's cache to its window unless --swa-full)."""
    heads = model.num_attention_heads
    full_heads = model.global_attention.num_heads or heads if model.global_attention is not None else heads
    window = model.sliding_window or float("inf")
    return full_layers(model) * full_heads * prompt / 2 + sliding_layers(model) * heads * mean_capped(window, prompt)


def recurrent_scan_flops(model: ModelArch) -> float:
    """Forward FLOPs per token of the recurrent layers' chunked scan (0 without them), on top of their projections
    (counted with the matmuls). Gated DeltaNet and KDA (flash-linear-attention's chunked delta rule, chunk C =
    DELTA_NET_CHUNK), per value head of key width k and value width v: the chunk's scores and its WY keys (2 x 2Ck), its
    values (2Cv), and the state read by the queries and the keys and updated (3 x 2kv). Mamba-2's SSD (Dao and Gu 2024,
    arXiv 2405.21060 sec. 6; chunk MAMBA2_CHUNK), per head of width P and state N: the chunk's outputs 2CP and the state
    read and written 2 x 2NP, plus per group the chunk's C.B scores 2CN. Linear in the sequence: no depth term."""
    c = DELTA_NET_CHUNK
    if model.linear_attention is not None:
        la = model.linear_attention
        k, v = la.key_head_dim, la.value_head_dim
        return model.recurrent_layers * la.num_value_heads * (4 * c * k + 2 * c * v + 6 * k * v)
    if model.kda is not None:
        d = model.kda.head_dim
        return model.recurrent_layers * model.kda.num_heads * (6 * c * d + 6 * d * d)
    if model.mamba is not None:
        mb, c = model.mamba, MAMBA2_CHUNK
        per_head = 2 * c * mb.head_dim + 4 * mb.state_size * mb.head_dim
        return mb.layers("M") * (mb.num_heads * per_head + mb.n_groups * 2 * c * mb.state_size)
    return 0.0


def training_attention_flops(model: ModelArch, seq: float) -> float:
    """One forward's attention FLOPs per token of a training sequence of `seq` tokens, counted as PaLM's appendix B and
    llm-foundry's MFU count it (non-causal: twice the causal mean, 4 x heads x head_dim x seq per full layer), a
    sliding layer's twice its causal mean at the window, a recurrent layer's chunked scan. The backward is twice it."""
    return 2 * prompt_attention_flops(model, seq) + recurrent_scan_flops(model)
