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
