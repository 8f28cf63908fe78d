"""One unit wording in Chinese (names32c): the window's table said "14.0 token/秒" while the why line beside it said
"每用户 14.0 tokens/s" and "32.5 tokens/s，而非 10.1 tokens/s" (DeepSeek R1 Q4_K_M, 30,000 USD, zh_CN screenshot
of round 32). The translations (resources/translations/llm_rig_zh_CN.ts) write "token/秒": the report's Chinese does too."""

from __future__ import annotations

import inspect
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.core.common.reasons import Reason
from configurator.core.model.build import Build
from configurator.core.report import phrases, words
from configurator.core.solve.plan import _compared
from tests.core.test_part_words_walk import _gpu_build

ENGLISH_UNIT = re.compile(r"\btok(en)?s?/s\b")
CJK = re.compile(r"[\u4e00-\u9fff]")
QUOTED = re.compile(r'"[^"\n]*"')


def _chinese(source: str) -> str:
    """A template's source without its quoted English (a key it compares, such as unit == "tokens/s")."""
    return QUOTED.sub(lambda m: m.group(0) if CJK.search(m.group(0)) else '""', source)


TS = Path(__file__).resolve().parents[2] / "resources" / "translations" / "llm_rig_zh_CN.ts"


def _build(count: int, rank: int, price: float, tps: float, claims: tuple[Reason, ...]) -> Build:
    return _gpu_build(count, rank, price, tps, why_said=claims, offered_why="", against=None)


def test_the_chinese_plan_and_why_lines_say_token_per_second_as_the_table_does() -> None:
    speed = Reason.of("speed.user", tps=32.5)
    cheapest = Reason.of("claim.cheapest-slow", price=2556.0, currency="USD", tps=4.2, reading=5.0)
    fastest = Reason.of("claim.fastest-within-budget", speed=(speed,))
    value = Reason.of("claim.value", value=7.04, currency="USD")
    first, second = _build(1, 1, 2556.0, 10.1, (cheapest,)), _build(2, 4, 4919.0, 32.5, (fastest, value))
    builds = _compared([first, second])
    with words.language("zh_CN"):
        lines = [phrases.why(b) for b in builds]
    assert "32.5 token/秒，而非 10.1 token/秒" in lines[1], lines[1]
    assert "每用户 32.5 token/秒" in lines[1] and "7.04 token/秒（每用户）" in lines[1], lines[1]
    assert "每用户 4.2 token/秒" in lines[0] and "约 5 token/秒" in lines[0], lines[0]
    for line in lines:
        assert not ENGLISH_UNIT.search(line), line


def test_no_chinese_template_writes_the_english_unit() -> None:
    # every Chinese table of the report (all of words' ZH_ tables: reasons, claims, offers, the stack's and the checks'
    # words...) and every translation of the window: "token/秒", never "tokens/s" nor "tokens/秒" (round 48 checked four
    # tables here while _zh_texts() read them all for the plural only)
    texts = _zh_texts()
    assert len(texts) > 1000, len(texts)
    for where, text in texts:
        assert not ENGLISH_UNIT.search(text) and "tokens/秒" not in text, (where, text)


def test_the_windows_translations_say_token_per_second() -> None:
    root = ET.parse(TS).getroot()
    said = [(m.findtext("source") or "", m.findtext("translation") or "") for m in root.iter("message")]
    assert any("token/秒" in zh for _, zh in said)
    for source, zh in said:
        assert not ENGLISH_UNIT.search(zh) and "tokens/秒" not in zh, (source, zh)


# a count of tokens in Chinese: "4,096 token" (the word the speeds' token/秒 use), never the English plural "tokens"
# nor "4,096 个 token" (round-32 note, item 7: the window's context said "4096 个 token", the sheet's "上下文 4096
# tokens"); an option (--tokens) and a field name ({tokens}, r.num('tokens')) are not words
ENGLISH_PLURAL = re.compile(r"(?<![\w{'\-])tokens(?![\w}'])")
COUNTED = re.compile(r"[\d}]\s*个\s*token")


def _zh_texts() -> list[tuple[str, str]]:
    # every Chinese table of the report (ZH_REASONS, ZH_CLAIMS, ZH_CN, the stack's and the checks' words...)
    tables = {name: table for name, table in vars(words).items() if name.startswith("ZH_") and isinstance(table, dict)}
    assert {"ZH_REASONS", "ZH_CLAIMS", "ZH_OFFERS", "ZH_CN"} <= set(tables)
    texts = [
        (f"{name} {code}", template if isinstance(template, str) else _chinese(inspect.getsource(template)))
        for name, table in tables.items()
        for code, template in table.items()
        if isinstance(template, str) or callable(template)
    ]
    root = ET.parse(TS).getroot()
    texts += [(m.findtext("source") or "", m.findtext("translation") or "") for m in root.iter("message")]
    return texts


def test_one_chinese_word_for_a_count_of_tokens() -> None:
    for where, text in _zh_texts():
        assert not ENGLISH_PLURAL.search(text) and not COUNTED.search(text), (where, text)


def test_the_chinese_lines_that_count_tokens_say_token() -> None:
    said = [
        Reason.of("way.context", context=16384),
        Reason.of("warn.context", context=200000, most=131072),
        Reason.of("est.serving", engine="vLLM", context=8192, batch=4),
    ]
    with words.language("zh_CN"):
        lines = [words.say(r) for r in said]
    assert "16384 token" in lines[0] and "131072 token" in lines[1] and "8192 token" in lines[2], lines
    for line in lines:
        assert not ENGLISH_PLURAL.search(line), line


def test_the_chinese_sheets_speed_table_says_token_per_second(catalog) -> None:  # type: ignore[no-untyped-def]
    """The printed sheet's "速度与时间" rows said "14.2 tokens/s" and "2.79 s" under a summary line that said
    "每序列 14.2 token/秒" (Mina's zh_CN sheet, round 33's walk)."""
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.workload import Workload
    from configurator.core.report.sheet import _speed_rows

    model, gpu = catalog.records["models"]["llama-3.1-8b"], catalog.records["gpus"]["rtx-3090"]
    result = estimate(model, Workload(kind="inference", precision="q4_k_m"), gpu, 1)
    build = Build.model_construct(parts=(), gpu_id="rtx-3090", gpu_count=1, nodes=1, estimate=result, parallelism=None)
    with words.language("zh_CN"):
        rows = "".join(_speed_rows(build))
    assert f"{result.decode_tokens_per_s:,.1f} token/秒" in rows and " 秒" in rows, rows
    assert not ENGLISH_UNIT.search(rows) and not re.search(r"\d s\b", rows), rows


def test_the_chinese_sheets_request_line_says_token_per_second() -> None:
    """Mina's zh_CN sheet (`llm-rig plan ... --min-decode-tps 14 --pdf F --lang zh_CN`) headed its request
    "最低解码速度 14 tokens/s" (ui44, 2026-12-07); the workbook's request sheet said it too."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.core.report.purchase import request_fields, request_summary

    request = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference"), min_decode_tps=14)
    with words.language("zh_CN"):
        summary, fields = request_summary(request), dict(request_fields(request))
    assert "最低解码速度 14 token/秒" in summary and fields["Minimum decode speed"] == "14 token/秒", summary
    assert not ENGLISH_UNIT.search(summary), summary
    assert dict(request_fields(request))["Minimum decode speed"] == "14 tokens/s"  # English as it was


def test_the_serving_claims_are_said_in_chinese_and_english() -> None:
    """Round 38: "cheapest serving the demand" and "quietest serving the demand" (solve.ranking.serving_claims), the
    label's words and the why, from the same fields in both languages."""
    from configurator.core.common.reasons import CLAIMS, render

    cheap = Reason.of("claim.cheapest-serving", price=3410.0, currency="USD", short_price=2299.0, share=0.521)
    quiet = Reason.of("claim.quietest-serving", dba=45.4, watts=1071.0, short_dba=25.0, share=0.521)
    assert render(cheap, CLAIMS) == "cheapest serving the demand"
    assert render(quiet, CLAIMS) == "quietest serving the demand"
    assert words.say(cheap) == (
        "the lowest price (3,410 USD) of the builds shown that serve the demand their users ask for; the cheapest, at "
        "2,299 USD, serves 52 % of it"
    )
    assert "45.4 dBA at 1 m, 1,071 W at the wall; the quietest, at 25.0 dBA, serves 52 % of it" in words.say(quiet)
    assert render(cheap, words.ZH_CLAIMS) == "满足需求的配置中最便宜"
    assert render(quiet, words.ZH_CLAIMS) == "满足需求的配置中最安静"
    with words.language("zh_CN"):
        said, heard = words.say(cheap), words.say(quiet)
    assert said == ("能满足用户需求的已列配置中价格最低（3,410 USD）；最便宜的配置（2,299 USD）只能满足 52% 的需求"), (
        said
    )
    assert "距 1 米 45.4 dBA，墙插功耗 1,071 W" in heard and "最安静的配置（25.0 dBA）只能满足 52% 的需求" in heard


def test_round_39_serving_and_first_token_words_in_chinese_and_english() -> None:
    """Round 39: "cheapest serving the demand" naming a short "cheapest" the --top cut left out (field `unshown`),
    "quietest serving the demand" won on a 2 dBA tie (fields `lowest`, `as_quiet`), and the first token after the
    usage's own prompt (Build.first_token's usage_* fields): Chinese with "N token" and "秒", no English units."""
    unshown = Reason.of(
        "claim.cheapest-serving", price=2073.0, currency="USD", short_price=1293.0, share=0.52, unshown=True
    )
    tie = Reason.of(
        "claim.quietest-serving",
        dba=41.5,
        watts=500.0,
        short_dba=25.0,
        share=0.52,
        lowest=40.0,
        as_quiet=True,
        margin=2.0,
    )
    first = Reason.of(
        "speed.first-token",
        prompt_tokens=1020,
        prompt_s=3.49,
        window_tokens=65536,
        window_s=279.7,
        usage_prompt_tokens=42000,
        usage_cached_tokens=35258,
        usage_prompt_s=29.4,
    )
    assert words.say(unshown).endswith(
        "the cheapest found, at 1,293 USD, serves 52 % of it; it gives this build its place"
    )
    assert "as quiet as the quietest of the builds shown that serve" in words.say(tie)
    assert words.say(first).startswith(
        "first token 29.4 s after its users' 42,000-token prompt (35,258 of them cached), 4.7 min after the whole "
        "65,536-token window"
    )
    with words.language("zh_CN"):
        said = [words.say(r) for r in (unshown, tie, first)]
    assert "已找到配置中价格最低" in said[0] and "由本配置代替列出" in said[0], said[0]
    assert "与能满足用户需求的已列配置中最安静者（40.0 dBA）相差不到 2 dBA" in said[1], said[1]
    assert said[2].startswith("用户每次 42,000 token 的提示（其中 35,258 token 已缓存）后 29.4 秒出第一个 token"), said[
        2
    ]
    for text in said:
        assert not ENGLISH_UNIT.search(text) and not re.search(r"\d s\b", text), text


def test_round40_first_token_capped_context_and_prompt_words_in_chinese() -> None:
    """Round 40's new wordings, in English and Chinese from the same fields: a usage's prompt the context capped (the
    line and the assumption), the context a coding agent is planned at where none is typed, and PROMPT on the usage's
    prompt with its cached part; the Chinese say "N token", never an English unit or "N s"."""
    from configurator.core.rules import instance
    from configurator.core.rules.job import PromptWait

    first = Reason.of(
        "speed.first-token",
        prompt_tokens=1020,
        prompt_s=4.52,
        window_tokens=4096,
        window_s=18.9,
        usage_prompt_tokens=4096,
        usage_cached_tokens=3439,
        usage_prompt_s=3.2,
        usage_prompt_capped_from=42000,
    )
    assumed = Reason.of("est.usage-prompt", prompt=4096, cached=3439, capped_from=42000)
    note = Reason.of(
        "note.usage-context", usage="coding-agent", context=40960, prompt=42000, reply=480, asked=65536, source="Ollama"
    )
    prompt = instance(PromptWait).check(683.0, 21.1, 40960, 5, cached=34385)
    assert words.say(first).startswith(
        "first token 3.2 s after its users' 4,096-token prompt (capped by the context from their 42,000; 3,439 of "
        "them cached)"
    )
    assert words.say(assumed).endswith("their 42,000-token prompt is capped by the context")
    assert words.say(note).startswith(
        "no context given: planned at 40,960 tokens, the model's maximum, where the coding-agent usage asks 65,536"
    )
    assert prompt.status == "warn" and prompt.fields["shared_s"] == 5 * 21.1
    assert "40,960-token prompt (34,385 of them cached), 106 s for the last of 5 users" in words.check_text(prompt)
    with words.language("zh_CN"):
        said = [words.say(first), words.say(assumed), words.say(note), words.check_text(prompt)]
    assert said[0].startswith(
        "用户每次 4,096 token 的提示（受上下文所限，原为 42,000 token；其中 3,439 token 已缓存）后 3.2 秒"
    )
    assert "原本 42,000 token 的提示受上下文所限" in said[1]
    assert said[2].startswith("未给出上下文长度：按 40,960 token 规划，即模型的上限（智能体编程用法要 65,536 token）")
    assert "40,960 token 的提示词（其中 34,385 token 已缓存）要等 21 秒" in said[3]
    for text in said:
        assert CJK.search(text) and not ENGLISH_UNIT.search(text) and not re.search(r"\d s\b", text), text
