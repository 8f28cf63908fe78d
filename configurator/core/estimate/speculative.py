"""Speculative decoding with a model's own multi-token-prediction (MTP) layers: how many tokens a verified step yields
and what the drafts cost, from sourced measurements (issue #29).

Each step the MTP layer drafts `k` tokens one after another, and the model verifies them in one forward pass over
k + 1 positions: the draft at position i survives only if every earlier one did, so with a per-position acceptance p
a step yields 1 + p + p^2 + ... + p^k tokens. The verify pass reads the weights once for k + 1 tokens (an MoE routes
each of them: more experts are read, estimator.experts_touched), and every draft costs a pass through the MTP layer and
the output head.

Source: kyuz0/amd-strix-halo-toolboxes benchmark/results-mtp/summary.json (committed 2026-05-15; llama-server
--spec-type mtp --spec-draft-n-max k, 9 prompts: code, explanation, summary, QA, translation, poem, maths, code
review; Ryzen AI Max+ 395, ROCm 7.2.3 and Vulkan RADV toolboxes):

    Qwen3.6-27B Q8_K_XL      baseline 6.5 / 6.3   mtp-2 12.4 / 11.7 (accepted 0.797 / 0.802)   mtp-3 13.5 / 13.3 (0.744 / 0.730)
    Qwen3.6-35B-A3B Q4_K_XL  baseline 48.7 / 58.7 mtp-2 64.5 / 72.8 (0.796 / 0.791)            mtp-3 68.3 / 74.6 (0.739 / 0.737)

(ROCm / Vulkan tokens/s; acceptance = accepted drafts / drafted tokens.)
"""

from __future__ import annotations

MTP_SOURCE = "https://github.com/kyuz0/amd-strix-halo-toolboxes/blob/main/benchmark/results-mtp/summary.json"

# Per-position acceptance p: the aggregate rate accepted/drafted is (p + ... + p^k) / k. The four k = 2 runs average
# 0.796 -> p = 0.857 (p + p^2 = 1.592); with it k = 3 reads (p + p^2 + p^3) / 3 = 0.740 against the measured 0.738
# mean: the geometric model holds across draft lengths. DERIVED from the k = 2 rows; the k = 3 rows check it.
MTP_ACCEPTANCE = 0.857

# Cost of one drafted token, as a share of a plain decode step: the dense Qwen3.6-27B rows, whose verify pass over
# k + 1 tokens costs about one step (bandwidth-bound: 27B weights read once; the extra tokens' FLOPs are ~2 % a token on
# this GPU), give step ratios tokens/speed-up of 2.591 / 1.857 = 1.395 and 2.591 / 1.908 = 1.358 at k = 2, and
# 3.220 / 2.111 = 1.525 and 3.220 / 2.077 = 1.550 at k = 3: (ratio - 1 - 0.02 k) / k = 0.18, 0.16, 0.155, 0.163.
# DERIVED: their mean. The Qwen3.6-35B-A3B rows (an MoE, whose verify pass reads more experts) are the check.
MTP_DRAFT_STEP_SHARE = 0.165


def tokens_per_step(draft_tokens: int, acceptance: float = MTP_ACCEPTANCE) -> float:
    """Expected tokens a verified step yields: the bonus token plus the drafts accepted in a row."""
    return 1.0 + sum(acceptance**i for i in range(1, draft_tokens + 1))


def speculative_rate(plain_step_s: float, verify_step_s: float, draft_tokens: int) -> float:
    """Tokens/s of one sequence with MTP drafts: tokens per step over (the verify pass + the drafts' passes)."""
    return tokens_per_step(draft_tokens) / (verify_step_s + draft_tokens * MTP_DRAFT_STEP_SHARE * plain_step_s)


# --- Speculative decoding with a draft model (--speculative draft, llama.cpp -md / vLLM --speculative-config) ---------
# A small model that shares the target's tokenizer drafts k tokens one after another (k decode steps of its own); the
# target verifies them in one pass over k + 1 positions. Same geometric acceptance as the MTP case (Leviathan et al.
# 2023, "Fast Inference from Transformers via Speculative Decoding", eq. 1: E[tokens] = (1 - a^(k+1)) / (1 - a)), but
# each draft costs a whole decode step of the draft model, which the estimator computes on the same GPU.
#
# Sources (llama.cpp's own counters: n_predict tokens generated, n_accept drafts accepted, so target steps =
# n_predict - n_accept and tokens per step = n_predict / steps):
# - ggml-org/llama.cpp issue #5877 (oxfighterjet, 2024-11-19), RTX 3060 12GB, Llama 3.1 8B Instruct Q8_0 target,
#   Llama 3.2 1B Instruct Q8_0 draft, n_draft 5: plain 32.49 t/s, speculative 55.473 t/s (1.71x); n_predict 673,
#   n_drafted 730, n_accept 526 -> 147 steps, 4.58 tokens a step, 4.97 drafts a step: 1 + p + ... + p^5 = 4.58 gives a
#   per-position acceptance p = 0.89.
# - ggml-org/llama.cpp PR #2926 (JohannesGaessler, 2023-08-31), CPU only, LLaMA 2 70B F16 target, 7B Q8_0 draft,
#   n_draft 8: 0.44 -> 0.519 t/s (1.18x); n_predict 129, n_drafted 132, n_accept 47 -> 82 steps, 1.57 tokens a step at
#   1.61 drafts a step (drafting stops once the draft is unsure): 1 + p + 0.61 p^2 = 1.57 gives p = 0.45.
# - ggml-org/llama.cpp issue #25908 (2026-07, build b10068, Vulkan, RDNA4): Qwen3-4B Q4_K_M + Qwen3-0.6B Q8_0 "even at
#   0.9 acceptance spec is slower than plain decode": a draft whose step is not small against the target's loses.
DRAFT_SOURCE = "https://github.com/ggml-org/llama.cpp/issues/5877"
DRAFT_ACCEPTANCE = 0.89  # DERIVED from issue #5877's counters (above)
DRAFT_ACCEPTANCE_LOW = 0.45  # DERIVED from PR #2926's counters: the range's low end (prose, a weaker draft)
# the draft must share the target's tokenizer: vocabularies within 1 % (Qwen2.5's 151,936 vs 152,064 padded rows)
DRAFT_VOCAB_TOLERANCE = 0.01
# llama.cpp samples every drafted token and every verified position on the host (common_sampler), where a plain decode
# samples one token a step: issue #5877's own plain run logs "sampling time = 601.84 ms / 913 runs (0.66 ms per
# token)" on the same host and build. DERIVED: 601.84 / 913 ms, charged to the k drafts and the k + 1 verified positions
# beyond the one a plain step samples (vLLM samples on the GPU inside its step: not charged).
LLAMACPP_SAMPLE_S = 601.84e-3 / 913
# a draft worth running is far smaller than its target (the sources: 1B for 8B, 7B for 70B)
DRAFT_MAX_SHARE = 0.25
DRAFT_ENGINES = ("llama.cpp", "vllm")


def draft_rate(verify_step_s: float, draft_step_s: float, k: int, acceptance: float, sample_s: float = 0.0) -> float:
    """Tokens/s of one sequence with a draft model: tokens per verified step over (the verify pass + k draft steps +
    the host sampling of the 2k positions a plain step does not sample)."""
    return tokens_per_step(k, acceptance) / (verify_step_s + k * draft_step_s + 2 * k * sample_s)


def family_root(family: str) -> str:
    """'llama-3.2' -> 'llama', 'qwen2.5' -> 'qwen2.5': models that share a tokenizer share this root."""
    return family.split("-")[0]


def tokenizer_compatible(target_vocab: int, draft_vocab: int) -> bool:
    return abs(target_vocab - draft_vocab) <= DRAFT_VOCAB_TOLERANCE * target_vocab
