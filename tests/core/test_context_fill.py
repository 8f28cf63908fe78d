"""FILL: the window asked, filled before a request times out (rules.job.ContextFill), and the independent checker's
reading of it (tests/independent_checker.fill_problems). No plan is solved: the rule on the estimate's own numbers,
and the checker on hand-written `plan --json` builds.

Numbers: Mina's 70B Q4_K_M at 32k (user journeys) on the two machines round 34's apple34 merge ranked: a used MacBook
Pro M1 Max prefills at ~50 tokens/s (llama.cpp discussion #4167: the M1 Max 32-core GPU runs a 7B Q4_0 prompt at
530.06 tokens/s, a 70B is ~10x the work), two RTX 3090 at ~374. The limit is llama-server's `--timeout` default,
600 s (ggml-org/llama.cpp tools/server/README.md, read 2026-12-06)."""

from __future__ import annotations

from typing import Any

from configurator.core.report import words
from configurator.core.rules.job import FILL_LIMIT_S, fill_of
from configurator.core.solve.rules import FILL
from tests.independent_checker import FILL_LIMIT_S as CHECKER_LIMIT_S
from tests.independent_checker import fill_problems

MINA = {"kind": "inference", "context": 32768}


def test_minas_32k_context_on_the_m1_max_is_past_the_timeout_and_on_two_3090s_is_not() -> None:
    mac = fill_of(MINA, 50.01, 20.6)
    pair = fill_of(MINA, 373.6, 2.8)
    assert mac is not None and pair is not None
    assert mac["basis"] == "context" and mac["tokens"] == 32768
    assert 650 < mac["fill_s"] < 660 and 85 < pair["fill_s"] < 90
    said = FILL.check(mac)
    assert said.status == "warn" and FILL.check(pair).status == "pass"
    assert "a 32,768-token context takes at least 11 min to fill" in said.message
    with words.language("zh_CN"):
        assert "至少要 11 分钟" in words.check_text(said)


def test_a_stated_prompt_is_timed_by_the_estimates_own_first_token() -> None:
    fill = fill_of({**MINA, "prompt": 32768}, 38.35, 854.6)
    assert fill is not None and fill["basis"] == "prompt" and fill["fill_s"] == 854.6
    assert "at least" not in FILL.check(fill).message  # the estimate timed that prompt itself


def test_a_short_window_on_the_same_mac_fills_in_time_and_training_has_no_window() -> None:
    fill = fill_of({"kind": "inference", "context": 8192}, 50.01, 20.6)
    assert fill is not None and FILL.check(fill).status == "pass"  # ~164 s: chat at 8k on a Mac is an answer
    assert fill_of({"kind": "finetune", "context": 4096}, 1000.0, 1.0) is None
    assert fill_of(MINA, None, None) is None


def test_the_checker_states_the_same_limit() -> None:
    assert CHECKER_LIMIT_S == FILL_LIMIT_S == 600.0


def _build(rank: int, label: str, prefill: float, price: float, fill_warns: bool) -> dict[str, Any]:
    seconds = 32768 / prefill
    checks = [{"rule": "FILL", "status": "warn", "code": "slow", "fields": {}}] if fill_warns else []
    return {
        "rank": rank,
        "label": label,
        "total_price": price,
        "parts": [],
        "checks": checks,
        "estimate": {"speed": {"prefill_tokens_per_s": prefill, "time_to_first_token_s": 1020 / prefill}, "time": {}},
        "context_fill": {
            "tokens": 32768,
            "basis": "context",
            "time_to_first_token_s": round(seconds, 1),
            "limit_s": 600.0,
            "past_limit": seconds > 600,
        },
    }


MAC_SAID = "ready-made Apple MacBook Pro, a 32k-token context takes at least 11 min to fill"


def test_the_checker_passes_minas_plan_as_shown() -> None:
    pair = _build(1, "cheapest; best value", 373.6, 2445, False)
    mac = _build(2, MAC_SAID, 50.01, 1900, True)
    assert fill_problems([pair, mac], context=32768) == []


def test_the_checker_catches_a_mac_above_the_pair_and_an_unsaid_fill() -> None:
    mac = _build(1, "cheapest; quietest", 50.01, 1900, True)  # apple34 merged alone: the Mac first, no word of it
    pair = _build(2, "cheapest in VRAM", 373.6, 2445, False)
    problems = " ".join(fill_problems([mac, pair], context=32768))
    assert "ranked above #2" in problems and "not said so" in problems
    unwarned = _build(1, MAC_SAID, 50.01, 1900, False)
    assert any("FILL missing" in p for p in fill_problems([unwarned], context=32768))
    wrong_window = _build(1, MAC_SAID, 50.01, 1900, True)
    assert any("context_fill" in p for p in fill_problems([wrong_window], context=65536))
