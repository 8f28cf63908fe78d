"""Unsloth's own fine-tuning VRAM table against the estimate, every row.

Source: https://unsloth.ai/docs/get-started/fine-tuning-for-beginners/unsloth-requirements (read 2026-12-03 through
the search tool's copy): "QLoRA uses 4-bit, LoRA uses 16-bit ... these numbers are the absolute minimum"; the table
names sizes, not models, and no sequence length, batch or rank (tests/data/holdout_finetune_memory.toml maps each row
to a model and takes the notebooks' defaults: 2,048 tokens, batch 1, rank 16 on all linear layers, 8-bit AdamW,
Unsloth's offloaded checkpointing). These rows are held out: no constant is fitted on them.

What the rows say, read together (2026-12-03, #29): the QLoRA column is about 0.58 GB per billion parameters at 14B
(8.5 GB), 70B (41) and 405B (237), and 0.79-0.80 at 27B (22) and 32B (26). At 14B the figure is below Phi-4's own
NF4 weights with its 16-bit embeddings and head (9.1 GB); at 32B it is 6.8 GB above Qwen2.5-32B's (19.2 GB), where
the 70B row is 1.5 GB above Llama 3.3 70B's (39.5 GB). No one term of
memory (a fixed overhead, a share of the weights, the vocabulary) moves the estimate towards both, so the 32B row's
26 GB is left as the table's own outlier, not fitted. The LoRA column is 2.24-2.35 GB per billion parameters from
14B to 405B: 1.13-1.17 x the 16-bit weights, 23 GB above them at 70B and 139 GB at 405B, far more than activations
at 2,048 tokens hold; a margin of the table, not a term the estimate lacks."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload

UNSLOTH_REQUIREMENTS = "https://unsloth.ai/docs/get-started/fine-tuning-for-beginners/unsloth-requirements"

# (model the holdout file maps the row to, QLoRA GB, LoRA GB), as the table prints them
TABLE = (
    ("llama-3.2-3b", 3.5, 8.0),
    ("mistral-7b-v0.3", 5.0, 19.0),
    ("llama-3.1-8b", 6.0, 22.0),
    ("phi-4", 8.5, 33.0),
    ("gemma-3-27b", 22.0, 64.0),
    ("qwen2.5-32b", 26.0, 76.0),
    ("llama-3.3-70b", 41.0, 164.0),
    ("llama-3.1-405b", 237.0, 950.0),
)


def _gb(catalog: Catalog, model: str, method: str) -> float:
    workload = Workload(
        kind="finetune",
        method=method,
        precision="nf4" if method == "qlora" else "bf16",
        framework="unsloth",
        optimizer="adamw-8bit",
        context=2048,
        batch=1,
        lora_rank=16,
    )
    return estimate(catalog.records["models"][model], workload, None, 1).per_gpu_bytes / 1e9


@pytest.mark.parametrize(("model", "qlora_gb", "lora_gb"), TABLE)
def test_every_row_of_unsloth_s_table_within_35_percent(
    catalog: Catalog, model: str, qlora_gb: float, lora_gb: float
) -> None:
    """Each row of UNSLOTH_REQUIREMENTS, both columns, within 35 % (the module's note says why not closer)."""
    assert _gb(catalog, model, "qlora") == pytest.approx(qlora_gb, rel=0.35)
    assert _gb(catalog, model, "lora") == pytest.approx(lora_gb, rel=0.35)


def test_a_32b_qlora_sits_where_the_14b_and_70b_rows_put_it(catalog: Catalog) -> None:
    """The estimate's 32B QLoRA per billion parameters lies between its 14B and 70B (UNSLOTH_REQUIREMENTS' 14B, 70B
    and 405B rows agree on ~0.58 GB per billion): it is one memory model across sizes, where the table's 32B row is
    not."""
    per_b = {
        m: _gb(catalog, m, "qlora") / b for m, b in (("phi-4", 14.7), ("qwen2.5-32b", 32.8), ("llama-3.3-70b", 70.6))
    }
    assert per_b["llama-3.3-70b"] * 0.95 <= per_b["qwen2.5-32b"] <= per_b["phi-4"] * 1.05


@pytest.mark.xfail(
    strict=True,
    reason="Unsloth's 32B QLoRA row (26 GB, 0.79 GB per billion parameters) is above its 14B/70B/405B rows' 0.58; "
    "the estimate (22.4 GB) follows those rows (module note)",
)
def test_unsloth_s_32b_qlora_row_within_10_percent(catalog: Catalog) -> None:
    assert _gb(catalog, "qwen2.5-32b", "qlora") == pytest.approx(26.0, rel=0.10)
