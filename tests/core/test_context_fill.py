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
from tests.independent_checker import fill_problems, first_token_problems

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


XIONGJIEDAI = "https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference/blob/00dd2bdeb2404263f22bd6c1cd46ce397e341db5/README.md"


def test_the_whole_window_is_timed_at_its_own_length(catalog: Any) -> None:
    """Round 36: the window's fill is the prompt pass of the whole context (estimator._window_fill: attention FLOPs at
    the window's own depth), the same figure a stated --prompt of that length gets, not context / the typical prompt's
    rate. Mina's M1 Max at 32k: ~14 minutes where round 35 said 'at least 11'; ~15 since metal37 (2026-12-06), whose
    Metal prompt rate reads Q4_K_M weights at unified.APPLE_PREFILL_WEIGHT_FACTOR's K-quant factor (a prompt 7 % slower
    on this chip). Still short of the chip's measurement: XiongjieDai's README (00dd2bde, May 2024) times this M1 Max's
    70B Q4_K_M 8,192-token prompt at 30.97 tokens/s, which alone puts a 32k window past 17 minutes."""
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.unified import system_gpu
    from configurator.core.estimate.workload import Workload

    model = catalog.get("models", "llama-3.3-70b")
    mac = system_gpu(catalog.get("systems", "macbook-pro-16-m1-max-32c-64gb"), wired_fraction=1.0)
    window = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=32768)
    est = estimate(model, window, mac)
    stated = estimate(model, window.model_copy(update={"prompt": 32768}), mac)
    assert est.context_fill_s is not None and est.prefill_tokens_per_s is not None
    assert est.context_fill_s == stated.time_to_first_token_s  # one figure for the whole window, however it is asked
    assert est.context_fill_s > 32768 / est.prefill_tokens_per_s * 1.15  # deeper attention: dearer tokens
    fill = fill_of(MINA, est.prefill_tokens_per_s, est.time_to_first_token_s, est.context_fill_s)
    assert fill is not None and not fill["floor"] and 14 * 60 < fill["fill_s"] < 16 * 60
    said = FILL.check(fill)
    assert said.status == "warn" and "a 32,768-token context takes 15 min to fill" in said.message
    with words.language("zh_CN"):
        assert "要 15 分钟 才能填满" in words.check_text(said) and "至少" not in words.check_text(said)


def test_an_8k_fill_on_a_3090_reads_the_measured_time_where_the_typical_rate_reads_it_short(catalog: Any) -> None:
    """XiongjieDai's README (May 2024 llama.cpp, no FlashAttention; XIONGJIEDAI): one RTX 3090, Llama 3 8B Q4_K_M,
    pp 512 4030.40 and pp 8192 2527.40 tokens/s, so 8,192 tokens from empty take 3.24 s. The window at its own length
    reads it within 10 %; 8,192 / the rate of a typical 1,020-token prompt read it ~28 % short (round 35's floor)."""
    from configurator.core.estimate.estimator import CAL, estimate, llamacpp_build
    from configurator.core.estimate.workload import Workload

    cal = llamacpp_build("2024-05", "cuda", None, CAL)
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=8192)
    est = estimate(catalog.get("models", "llama-3-8b"), w, catalog.get("gpus", "rtx-3090"), 1, cal=cal)
    measured = 8192 / 2527.40
    assert est.context_fill_s is not None and est.prefill_tokens_per_s is not None
    assert abs(est.context_fill_s / measured - 1) <= 0.10
    assert 8192 / est.prefill_tokens_per_s / measured - 1 < -0.20


def test_the_checker_reads_the_shown_window_and_catches_one_quicker_than_its_floor() -> None:
    pair = _build(1, "cheapest; best value", 373.6, 2445, False)
    pair["estimate"]["speed"]["context_fill_s"] = 115.0  # the window at its own length, longer than 32768 / 373.6
    pair["context_fill"]["time_to_first_token_s"] = 115.0
    pair["first_token_s"] = {"prompt_tokens": 1020, "prompt_s": 2.73, "window_tokens": 32768, "window_s": 115.0}
    assert first_token_problems([pair]) == [] and fill_problems([pair], context=32768) == []
    pair["estimate"]["speed"]["context_fill_s"] = 60.0  # quicker than its tokens at the typical prompt's rate
    pair["first_token_s"]["window_s"] = 60.0
    assert any("under its tokens at the typical rate" in p for p in first_token_problems([pair]))


def test_the_two_waits_read_in_english_and_chinese() -> None:
    from configurator.core.common.reasons import Reason, english

    said = Reason.of("speed.first-token", prompt_tokens=1020, prompt_s=20.5, window_tokens=16384, window_s=378.0)
    assert english(said) == (
        "first token 20.5 s after a 1,020-token prompt, 6.3 min after the whole 16,384-token window"
    )
    with words.language("zh_CN"):
        assert words.say(said) == (
            "输入 1,020 token 的提示后 20.5 秒出第一个 token，整个 16,384 token 的窗口则要 6.3 分钟"
        )


def _fill_depth_module() -> Any:
    """benchmarks/fill_depth.py as a module: the test scores the held-out depth rows exactly as it reports them."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "fill_depth.py"
    spec = importlib.util.spec_from_file_location("fill_depth_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_held_out_fills_read_closer_at_their_own_length_than_at_the_typical_rate(catalog: Any) -> None:
    """tests/data/holdout_depth.toml (XiongjieDai's README at 00dd2bde: pp 4096 and pp 8192 from an empty cache on five
    NVIDIA cards and three Macs, May 2024; read 2026-12-06): the time to fill N tokens, N / the measured rate, against
    the estimate's prompt pass of N tokens (round 36) and N / the typical 1,020-token prompt's rate (round 35's floor).
    35 rows: median |error| 11.3 % against 24.2 %, p90 29.2 % against 38.6 %; the typical rate reads short on all but
    two rows (the M2 Ultra's 70B F16)."""
    import statistics

    from configurator.core.estimate.estimator import CAL
    from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS

    bench = _fill_depth_module()
    own, typical = [], []
    for rows in bench.families():
        for row in rows:
            tokens = int(row.get("prompt") or row["context"])
            if row.get("depth") or tokens < 4096:
                continue
            measured = tokens / float(row["measured_prefill_tokens_per_s"])
            own.append(tokens / bench._rate(catalog, row, CAL.prompt_attention_share) / measured - 1)
            typical.append(
                tokens / bench._rate(catalog, row, CAL.prompt_attention_share, prompt=TYPICAL_PROMPT_TOKENS) / measured
                - 1
            )
    assert len(own) == 35
    assert statistics.median(abs(e) for e in own) <= 0.13 < 0.22 <= statistics.median(abs(e) for e in typical)
    assert sum(e < 0 for e in typical) >= 33  # the floor reads the fill short
