"""A build's checks are codes and fields, worded by the rulebook: every rule id lives in configurator/core/rules, and
every finding a rule can report has its words in each language (English in the rule, Chinese on its message or, for
a few, in report/words.py: words.ZH_CHECKS holds both)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from configurator.core.catalog.models import Gpu
from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.rules import REGISTRY
from configurator.core.rules.base import Check
from configurator.core.support import checks as support

ROOT = Path(__file__).resolve().parents[2] / "configurator"
RULEBOOK = ROOT / "core" / "rules"


def _string_constants(path: Path) -> set[tuple[int, str]]:
    """The strings of a module's code: not its documentation (a string standing alone as a statement)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return {
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    }


def test_no_rule_id_is_typed_outside_the_rulebook() -> None:
    """Code outside core/rules names a rule by its object (`MEM_FIT.id`, `SitePower.id`), never by a string, in every
    layer (core, report, storage, cli, qt); a sentence that names a rule takes its id as a field ("COOL-4" inside
    "... three open-air flagships, COOL-4)" was one). The Chinese words are keyed by (rule, code), the rule by its
    object too (`(compat.CpuBoard.id, "family")`). Ids without a hyphen ("PSU", "PERF") are words of sentences too,
    so inside a string only the hyphenated ones are looked for."""
    ids = set(REGISTRY)
    inside = re.compile(
        r"(?<![\w-])(" + "|".join(sorted((re.escape(i) for i in ids if "-" in i), key=len)[::-1]) + r")(?![\w-])"
    )
    typed = [
        f"{path.relative_to(ROOT)}:{line}: {value!r}"
        for path in sorted(ROOT.rglob("*.py"))
        if RULEBOOK not in path.parents
        for line, value in _string_constants(path)
        if value in ids or inside.search(value)
    ]
    assert not typed, typed


def test_every_finding_a_rule_reports_has_chinese_words_and_every_chinese_finding_a_rule() -> None:
    registered = {(rule.id, message.code) for rule in REGISTRY.values() for message in rule.messages}
    assert registered - set(words.ZH_CHECKS) == set()
    assert set(words.ZH_CHECKS) - registered == set()


def test_a_check_is_rendered_from_its_code_and_fields_in_the_language_asked() -> None:
    rule = REGISTRY["PWR-2"]
    check = rule.say("fail", "load", load=0.93, target=0.8)
    assert check.message == "PSU loaded to 93% (at most 80%)"
    assert check.to_json() == {
        "rule": "PWR-2",
        "status": "fail",
        "message": "PSU loaded to 93% (at most 80%)",
        "code": "load",
        "fields": {"load": 0.93, "target": 0.8},
    }
    assert words.check_text(check) == check.message
    with words.language("zh_CN"):
        assert words.check_text(check) == "电源负载 93%（最多 80%）"
    assert words.check_text(check, "zh_CN") == "电源负载 93%（最多 80%）"  # the window names its language
    # the words come from the code and fields, not from the English: a check reworded in English reads the same
    reworded = check.model_copy(update={"message": "something else entirely"})
    with words.language("zh_CN"):
        assert words.check_text(reworded) == "电源负载 93%（最多 80%）"


def test_a_check_without_a_code_keeps_its_english_in_every_language() -> None:
    check = Check(rule="X", status="pass", message="as written")
    with words.language("zh_CN"):
        assert words.check_text(check) == "as written"


def test_chinese_findings_quote_no_english_of_their_fields() -> None:
    """A Chinese finding read "2 槽宽的passive卡", "1 路 120 V 15 A (US outlet)" and "llama.cpp 在 the AMD Radeon
    Instinct MI50 32GB 上" (seen in the Checks tab at 1366 x 768 under zh_CN, #31): the cooler as Chinese buyers
    write it (涡轮卡/风扇卡, the seed articles), the circuit's name and the card's name without English around them."""
    placed = Check(
        rule="SLOT-1",
        status="pass",
        message="",
        code="placed",
        fields={"width": 2, "cooler": "passive", "positions": (2, 5)},
    )
    blower = placed.model_copy(update={"fields": {**placed.fields, "cooler": "blower"}})
    wall = Check(
        rule="CIR-1",
        status="pass",
        message="",
        code="wall",
        fields={
            "wall_w": 881.0,
            "limit_w": 1440.0,
            "outlets": 1,
            "circuit": "120 V 15 A (US outlet)",
            "circuit_id": "120v15a",
        },
    )
    fact = Check(
        rule="SUP-1",
        status="warn",
        message="",
        code="fact",
        fields={
            "what": "llama.cpp",
            "card": "the AMD Radeon Instinct MI50 32GB (GCN 5)",
            "note": "Vulkan",
            "advice": "",
        },
    )
    assert words.check_text(placed, "zh_CN") == "2 槽宽的被动散热卡插在 2、5 号插槽"
    assert words.check_text(blower, "zh_CN").startswith("2 槽宽的涡轮卡")
    assert "120 V 15 A（美国插座）" in words.check_text(wall, "zh_CN") and "US outlet" not in words.check_text(
        wall, "zh_CN"
    )
    assert words.check_text(fact, "zh_CN").startswith("llama.cpp 在 AMD Radeon Instinct MI50 32GB (GCN 5) 上")


def test_a_support_facts_own_words_are_chinese_by_their_code_not_their_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a support fact is about and what to do instead are the configurator's words (support.STACK_WORDS), their
    Chinese keyed by the same codes: a P100 asked for vLLM with FP8 weights and KV cache reads '...；在 vLLM 支持的卡上
    用 AWQ/GPTQ int4，或用 llama.cpp 跑 GGUF', and English reworded in support.py keeps its Chinese."""
    assert set(words.ZH_STACK_WORDS) == set(support.STACK_WORDS)
    p100 = _card("nvidia", "Pascal")
    jobs = (
        Workload(kind="inference", precision="fp8", engine="vllm", kv_precision="fp8"),
        Workload(kind="inference", precision="awq-int4", engine="vllm"),
        Workload(kind="finetune", method="qlora"),
    )
    found = [v.check() for job in jobs for v in support.check_stack(p100, job) if v.status != "pass"]
    assert {c.rule for c in found} >= {"SUP-1", "SUP-3", "SUP-4", "SUP-5", "SUP-8"}
    ours = {english for code, english in support.STACK_WORDS.items() if english != words.ZH_STACK_WORDS[code]}
    with words.language("zh_CN"):
        said = [words.check_text(c) for c in found]
    assert not [(text, english) for text in said for english in ours if english in text]
    assert any(text.startswith("vLLM FP8 KV 缓存 在") and text.endswith("；KV 缓存保持 fp16") for text in said)
    assert all(c.fields["what_code"] in support.STACK_WORDS for c in found)  # the code beside the English
    monkeypatch.setitem(support.STACK_WORDS, "to-fp16-kv", "leave the KV cache at 16 bits")
    (kv,) = [v.check() for v in support.check_stack(p100, jobs[0]) if v.rule == "SUP-4"]
    assert kv.fields["advice"] == "leave the KV cache at 16 bits" and kv.fields["advice_code"] == "to-fp16-kv"
    assert words.check_text(kv, "zh_CN").endswith("；KV 缓存保持 fp16")


def test_no_support_finding_is_worse_than_its_rules_severity() -> None:
    """A software rule's severity is one fact (rules/software.py): SUP-5's FlashAttention-2 and SUP-8's drivers warn
    whatever a fact says, on every architecture of support.py's table, for inference and training jobs."""
    jobs = (
        Workload(kind="inference", precision="fp8", engine="vllm", kv_precision="fp8"),
        Workload(kind="inference", precision="q4_k_m", engine="llama.cpp"),
        Workload(kind="finetune", method="qlora", optimizer="adamw-8bit", zero=2),
        Workload(kind="pretrain", precision="bf16"),
    )
    worse = [
        (entry.architecture, v.rule, v.status)
        for entry in support.SUPPORT_TABLE
        for job in jobs
        for v in support.check_stack(_card(entry.vendor, entry.architecture), job)
        if v.status == "fail" and REGISTRY[v.rule].severity != "fail"
    ]
    assert not worse


def _card(vendor: str, architecture: str) -> Gpu:
    """A made-up card of an architecture (check_stack reads its vendor, architecture, market and peaks)."""
    return Gpu.model_validate(
        {
            **{"id": "card", "name": f"a {architecture} card", "source": "made up for a test", "vendor": vendor},
            **{"architecture": architecture, "market": "datacenter", "release_year": 2020, "vram_gb": 32.0},
            **{"memory_type": "HBM2", "memory_bandwidth_gbps": 900.0, "fp32_tflops": 15.0, "fp16_tflops": 120.0},
            **{"bf16_tflops": 120.0, "tdp_w": 300.0, "form_factor": "pcie", "slot_width": 2.0, "length_mm": 267.0},
            **{"cooler": "passive", "pcie_gen": 4, "p2p": True},
        }
    )


def test_a_site_feed_is_said_in_chinese_from_its_volts_and_amps() -> None:
    """Sam's 70B cluster in the Chinese window had read "48 路 415 V three-phase 32 A 供电" (walk20): the feed was an
    English phrase in the check's fields. It is said from `feed_v` and `feed_a` in each language; a finding saved
    before those fields keeps its `feed` words."""
    from configurator.core.rules.site import SitePower
    from configurator.core.solve.cluster import FEED_A, FEED_KW, FEED_V

    fields = dict(
        on_site=False,
        power_kw=103.0,
        power_per_rack_kw=17.2,
        nodes_per_rack=2,
        feeds=12,
        feed=f"{FEED_V:.0f} V three-phase {FEED_A:.0f} A",
        feed_v=FEED_V,
        feed_a=FEED_A,
        feed_kw=FEED_KW,
        cooling_kw=103.0,
        circuits=1,
        circuit="230 V 16 A",
        circuit_id="230v16a",
    )
    check = REGISTRY[SitePower.id].say("fail", "feeds", **fields)
    zh = words.check_text(check, "zh_CN")
    assert "three-phase" not in zh and f"{FEED_V:.0f} V 三相 {FEED_A:.0f} A" in zh, zh
    assert f"{FEED_V:.0f} V three-phase {FEED_A:.0f} A" in words.check_text(check, "en")
    saved = Check(
        rule=SitePower.id,
        status="fail",
        message="",
        code="feeds",
        fields={k: v for k, v in fields.items() if k not in ("feed_v", "feed_a")},
    )
    assert "415 V three-phase 32 A" in words.check_text(saved, "zh_CN")


def test_a_chinese_check_names_a_part_with_its_note_in_chinese() -> None:
    """REGION in Dr. Chen's Chinese window said "NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified) 对中国出口
    受限" (round 33's walk), where the parts table and the header say （国内魔改版，改板）: the name stays as sold, its
    catalog note is Chinese."""
    check = REGISTRY["REGION"].say(
        "warn", "restricted", gpu="NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)"
    )
    zh = words.check_text(check, "zh_CN")
    assert zh.startswith("NVIDIA GeForce RTX 4090 48GB（国内魔改版，改板） 对中国出口受限"), zh
    assert "Chinese-market" not in zh
    assert "(Chinese-market board-modified)" in words.check_text(check, "en")
