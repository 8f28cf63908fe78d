"""Estimates against published measurements (tests/data/reference_*.toml, each row sourced).

Targets from the estimation-engine issue: median absolute error <= 10 % inference memory,
<= 15 % fine-tuning memory, <= 20 % decode tokens/s, <= 25 % training GPU-hours.
"""

from __future__ import annotations

import hashlib
import re

import pytest

from configurator.storage import catalogs
from tests.reference import ALL, FILES, TARGETS, median_abs_error, rows

# pretraining memory has few published peaks of runs the estimate can run as they ran (torchtitan's FSDP rows;
# tests/core/test_pretrain_memory.py checks each of them)
MIN_ROWS = {"pretrain_memory": 2}


@pytest.mark.parametrize("kind", list(ALL))
def test_median_error_within_target(kind: str) -> None:
    catalog = catalogs.load(include_user=False).catalog
    comparisons, _skipped = ALL[kind](catalog)
    assert len(comparisons) >= MIN_ROWS.get(kind, 12), "too few reference rows compared"
    assert median_abs_error(comparisons) <= TARGETS[kind]


@pytest.mark.parametrize("kind", list(ALL))
def test_every_reference_row_names_its_source(kind: str) -> None:
    for row in rows(FILES[kind]):
        assert row["source"].startswith("http")
        assert row["quote"]


@pytest.mark.parametrize("prefix", ["reference", "holdout"])
def test_every_llama_cpp_prompt_row_names_its_build(prefix: str) -> None:
    """Prompt speed depends on the llama.cpp build (int8 MMQ since June 2024, FlashAttention by default since
    August 2025: estimator.llamacpp_build), so every such row says which build and backend it measured."""
    for row in rows("decode_speed", prefix):
        if row["engine"] == "llama.cpp" and "measured_prefill_tokens_per_s" in row:
            assert len(row.get("llamacpp_date", "")) == 7, row["source"]  # YYYY-MM
            assert row.get("llamacpp_backend", "cuda") in ("cuda", "vulkan", "hip", "sycl", "metal"), row["source"]


@pytest.mark.parametrize("prefix", ["reference", "holdout"])
def test_every_torchtune_row_names_its_release(prefix: str) -> None:
    """torchtune's memory changed with its releases (fp32 logits until the chunked loss, foreach AdamW until fused,
    whole-tensor NF4 quantization until torchao 0.3, LoRA dropout 0.05 until 0.0: frameworks.framework), so every
    torchtune row says the date of the README or tutorial commit it quotes."""
    for row in rows("finetune_memory", prefix):
        if row.get("framework") == "torchtune":
            date = row.get("framework_date", "")
            assert len(date) == 10 and date[4] == date[7] == "-", row["source"]  # YYYY-MM-DD


# The split rule of tests/data/reference_decode_speed.toml (ranges6): a row from a source group already in both decode
# files goes by sha256(source URL), first hex digit 0-7 -> reference (fitted), 8-f -> holdout (never fitted). Rows that
# state the digit they were split by must sit where that digit puts them, and the digit must be their URL's.
SPLIT_RULE = re.compile(r"sha256 of the URL starts with ([0-9a-f]) -> (reference|holdout)")


@pytest.mark.parametrize("prefix", ["reference", "holdout"])
def test_a_row_that_states_the_split_rule_sits_where_the_rule_puts_it(prefix: str) -> None:
    stated = 0
    for row in rows("decode_speed", prefix):
        match = SPLIT_RULE.search(row.get("notes", ""))
        if match is None:
            continue
        stated += 1
        digit, file = match.groups()
        assert hashlib.sha256(row["source"].encode()).hexdigest()[0] == digit, row["source"]
        assert file == ("reference" if int(digit, 16) < 8 else "holdout") == prefix, row["source"]
    assert stated >= 25  # est16, ranges6 and rowsdec27 (2026-12-05) rows state it


# Per-user decode rates derived from a serving benchmark's TPOT (1000 / TPOT in ms) or a latency benchmark's wall time
# (output tokens / latency in s): the arithmetic in each row's notes, and the row's figure, follow from the quoted numbers.
TPOT_RATE = re.compile(r"DERIVED: 1000 / (?:mean |median )?TPOT ([0-9.]+) ms = ([0-9.]+) tokens/s")
LATENCY_RATE = re.compile(
    r"DERIVED: ([0-9]+) output tokens / (?:mean |average )?latency ([0-9.]+) s = ([0-9.]+) tokens/s"
)


@pytest.mark.parametrize("prefix", ["reference", "holdout"])
def test_a_derived_per_user_rate_follows_from_its_quoted_figures(prefix: str) -> None:
    derived = 0
    for row in rows("decode_speed", prefix):
        notes = row.get("notes", "")
        if (m := TPOT_RATE.search(notes)) is not None:
            tpot, rate = (float(g) for g in m.groups())
            expected = 1000 / tpot
        elif (m := LATENCY_RATE.search(notes)) is not None:
            tokens, latency, rate = (float(g) for g in m.groups())
            expected = tokens / latency
        else:
            continue
        derived += 1
        assert rate == pytest.approx(expected, abs=0.006), row["source"]
        assert row["measured_tokens_per_s"] == pytest.approx(rate, abs=0.006), row["source"]
    assert derived >= 20
