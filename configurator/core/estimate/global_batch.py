"""How many sequences one optimizer step takes, by workload: the one rule the estimate, the cluster planner and the
launch command read, so every build of a plan steps on the same global batch (a workstation's gradient accumulation
reaches what a server's data-parallel ranks hold)."""

from __future__ import annotations

GLOBAL_BATCH_TOKENS = 4 * 1024**2
"""Tokens per optimizer step of a pretraining run: Llama 2 trained with a global batch of 4M tokens (Touvron et al.
2023, arXiv 2307.09288, sec. 2.2); Chinchilla's runs used 1.5-3M tokens (Hoffmann et al. 2022, arXiv 2203.15556,
table 4 / sec. 4.1: "1.5M to 3M"), OLMo 1B about 4M (Groeneveld et al. 2024, arXiv 2402.00838, table 1: 2,048
sequences of 2,048 tokens). A 1B-class run on a workstation accumulates to it as a server's ranks hold it."""

FINETUNE_GLOBAL_BATCH_SEQUENCES = 64
"""Sequences per optimizer step of a fine-tuning job: Llama 2's supervised fine-tuning used "a batch size of 64, and a
sequence length of 4096 tokens" (Touvron et al. 2023, arXiv 2307.09288, sec. 3.1), 256K tokens: a fine-tune steps on
tens of examples, not on a pretraining run's millions of tokens. A cluster wider than it runs one micro-batch per
data-parallel rank (the layout's batch grows to its width, as in pretraining). A fine-tune that names no accumulation
accumulates to it (estimator._with_accumulation; the launch command passes the same count): offloaded, each step costs
the CPU the whole model; on the GPUs alone the time does not depend on it. One GPU stepping its optimizer inside the
backward (torchtune's single-device configs) steps once per micro-batch."""


def global_batch_tokens(kind: str, seq: int) -> float:
    """Tokens per optimizer step the rule asks of a `kind` job ('finetune' or 'pretrain') at sequence length `seq`."""
    return float(FINETUNE_GLOBAL_BATCH_SEQUENCES * seq) if kind == "finetune" else float(GLOBAL_BATCH_TOKENS)


def whole_sequences(batch_tokens: float, seq: int, unit: int) -> int:
    """The global batch in sequences, rounded to whole `unit`s (micro-batch x data-parallel ranks, and pipeline
    stages where interleaving needs them), at least one unit."""
    unit = max(1, unit)
    return max(unit, round(batch_tokens / max(1, seq) / unit) * unit)


def accumulation(kind: str, seq: int, batch: int, ranks: int) -> int:
    """Micro-batches per optimizer step that reach the rule's global batch (global_batch_tokens) with micro-batch
    `batch` on `ranks` data-parallel ranks: the count the estimate times and the launch command passes."""
    unit = max(1, batch) * max(1, ranks)
    return whole_sequences(global_batch_tokens(kind, seq), seq, unit) // unit
