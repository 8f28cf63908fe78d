"""A build's label and why as codes and fields (#33): every claim, kind and speed code has English and Chinese words,
the English label is what the codes say, and report.phrases keeps no pattern for what moved to codes."""

from __future__ import annotations

import re

from configurator.core.common.reasons import CLAIMS, EN, OFFERS, Reason, as_json, english, from_json
from configurator.core.report import phrases, words
from configurator.core.solve.ranking import label_text

MOVED = ("claim.", "kind.", "speed.", "against", "part.", "price.", "why.")
"""The code families of a label and why (solve.ranking, the sources' kinds and whys, plan._compared), a part's
reason and its price note (solve.plan, solve.pricing)."""


def test_every_label_code_has_english_and_chinese_words() -> None:
    codes = [code for code in EN if code.startswith(MOVED)]
    assert len(codes) > 30
    missing = [code for code in codes if code not in words.ZH_REASONS]
    assert not missing, missing
    assert set(CLAIMS) == set(words.ZH_CLAIMS)  # the claim itself, as a label says it
    assert all(code in EN for code in CLAIMS)  # and why the build holds it
    # what a build without a claim or a kind offers (solve.shown), as its label says it and in full
    assert set(OFFERS) == set(words.ZH_OFFERS) and all(code in EN for code in OFFERS)


PASSED_THROUGH = ("way.other", "warn.framework")
"""Codes whose words are a field as it came (a way out's own kind, a framework's own finding): no table to fill."""


def test_every_reason_code_has_chinese_words() -> None:
    missing = [code for code in EN if code not in words.ZH_REASONS and code not in PASSED_THROUGH]
    assert not missing, missing


_PAST_SUPPORT = {
    # a card past its vendor's support (support.EndOfLife) and the supported rival beside it (ranking._in_vram_claim)
    "eol_gpu": "MI50",
    "eol_tps": 16.6,
    "dearer": 190.0,
    "sm": "60/61",
    "cuda": "12",
    "driver": "580",
    "torch_cuda": "12.6",
    "rocm": "6.3",
    "dropped": "6.4.0",
    "dropped_on": "2025-04",
}
_STACK_NAMES = ("Vulkan", "HIP", "NVIDIA", "PyTorch", "rocBLAS", "Turing", "sm_", "MI50")
"""The software a card past its vendor's support still runs (support.EndOfLife.runs): product names, as written."""


_AS_WRITTEN = {
    "tokens",
    "token",  # the unit as the window's translations say it: "token/秒" (names32c)
    "dBA",
    "GGUF",
    "llama",
    "Llama",  # a model's name, as why.quality-cost names the model whose perplexity was measured
    "cpp",
    "vLLM",  # an engine's name, as llama.cpp
    "Unsloth",  # a fine-tuning framework's name
    "Puget",  # Puget Systems, whose measurement a power-limited build's why names
    "Systems",
    "precision",
    "CUDA",
    "ROCm",
    "gfx",
    "MoE",
    "RTX",
    "USD",
    "EUR",  # ISO currency codes, as USD (price.rate-old names the currencies converted)
    "CNY",
    "Pascal",
    "EPYC",
    "K_M",
    "GPU",
    "CPU",
    "rtx",
    "DDR",
    "GiB",
    "RDIMM",
    "ATX",
    "NVLink",
    "Gen",
    "PCIe",
    "nvidia",
    "rocm",
    "smi",
    "HDR",
    "SUP",  # a build rule's code, as written (kind.unvalidated-run names the support rule that warns)
    "QLoRA",  # a fine-tuning method's name, as written (kind.beyond-runs: SUP-12's regime, round 44)
    *_STACK_NAMES,
}
"""Words a Chinese rendering keeps in Latin letters: units, product, engine and currency names, rule codes, as written."""


def test_no_chinese_word_is_english() -> None:
    """A Chinese rendering with a sample of fields has no English word left (units and names aside)."""
    sample = {
        "price": 1234.0,
        "currency": "USD",
        "builds": 7,
        "reading": True,
        "tps": 12.5,
        "name": "RTX 3090",
        "supported": True,
        "speed": Reason.of("speed.user", tps=3.0),
        "value": 2.5,
        "training": False,
        "dba": 40.0,
        "watts": 600.0,
        "gpu": "RTX 3090",
        "text": "GPU",  # kind.said and est.said show a source's own words as written (no pattern reads them)
        "reason": "GPU",  # price.estimate (round 39) shows the catalog's estimate_reason as written, as kind.said does
        "channels": 8,
        "tier": "EPYC",
        "rule": "SUP-11",  # kind.unvalidated-run names the support rule that warns (a rule's code, as written)
        "gpus": 8,
        "hours": 90.0,
        "months": 3,
        "moe": True,
        "bought": 2,
        "limit": 0.8,
        "precision": "Q4_K_M",
        "arch": "Pascal",
        "tokens": 1e9,
        "delta": 300.0,
        "rank": 1,
        "base": Reason.of("speed.tps", tps=2.0),
        "base_gpus": 1,
        "base_gpu": "rtx-4090",
        "parts": (Reason.of("against.price", delta=3.0, currency="USD", rank=1),),
        "n": 2,
        "vram": 24.0,
        "gib": 21.3,
        "cooler": "blower",
        "cores": 16,
        "lanes": "x16/x8",
        "memory": "DDR5",
        "socket": "AM5",
        "bays": False,
        "positions": "[1, 3]",
        "gb": 128,
        "module": "RDIMM",
        "load": 784.0,
        "share": 0.49,
        "of": 1600.0,
        "version": "3.1",
        "kind": "mid-tower",
        "slots": 7,
        "clearance": 400.0,
        "psu": 1600.0,
        "rated": 250.0,
        "tdp": 170.0,
        "tb": 2.0,
        "need": 0.4,
        "a": 1,
        "b": 3,
        "condition": "used",
        "date": "2025-06-01",
        "amount": 700.0,
        "estimate": None,
        "stale": True,
        "rate_from": "USD",  # price.quote at old exchange rates, and price.rate-old
        "rate_date": "2025-06-30",
        "rate_stale": True,
        "currencies": ("USD", "EUR"),
        "to": "CNY",
        "modules": 4,
        "mts": 6400,
        "bandwidth": 89.6,
        "chip": "M3",
        "cpu": "EPYC",
        "days": 90.0,
        "fallback": True,
        "budget": 5000.0,
        "cards": "RTX 3090",
        "runs": 40,
        "layers": 80,
        "have": 24.0,
        "total": 48.0,
        "more": 1,
        "owned": 1,
        "own": True,
        "via": "NVLink",
        "gbps": 400.0,
        "interconnect": "NVLink",
        "leaves": 8,
        "spines": 4,
        "ports": 256,
        "core": True,
        "cable": True,
        "framework": "Unsloth",
        "engine": "vllm",
        "users": 20,
        "psu_w": 700.0,  # part.base: a used base machine's PSU (round 38)
        "ppl_pct": 2.4,  # why.quality-cost: what 4-bit weights cost, from a named source (round 38)
        "model": "Llama",
        "source": "llama.cpp",
        **_PAST_SUPPORT,
    }
    for code in (c for c in EN if c.startswith(MOVED)):
        with words.language("zh_CN"):
            said = words.say(Reason.of(code, **sample))
        english_words = set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", said)) - _AS_WRITTEN
        assert not english_words, (code, said)


def test_a_part_reason_and_a_price_note_are_said_from_their_codes() -> None:
    cpu = Reason.of("part.cpu", cores=8, lanes=20, channels=2, memory="DDR4")
    note = Reason.of(
        "price.quote", condition="used", date="2025-09-01", amount=None, currency=None, estimate=None, stale=True
    )
    assert english(cpu) == "8 cores, 20 PCIe lanes, 2-channel DDR4"
    assert english(note) == "used, 2025-09-01, no price in the catalog within six months"
    with words.language("zh_CN"):
        assert words.say(cpu) == "8 核，20 条 PCIe 通道，2 通道 DDR4"
        assert words.say(note) == "二手，2025-09-01，目录中没有六个月内的价格"


def test_the_json_of_a_claim_reads_back_to_the_same_words() -> None:
    claims = (
        Reason.of("claim.fastest", supported=False, speed=Reason.of("speed.user", tps=41.25)),
        Reason.of("claim.value", value=12.5, training=True, currency="CNY"),
    )
    kinds = (Reason.of("kind.own-and", bought=2),)
    back = tuple(from_json(as_json(c)) for c in claims)
    assert [english(c) for c in back] == [english(c) for c in claims]
    assert label_text(back, kinds) == "fastest; best value (with your own card and 2 others)"
    assert english(back[0]) == "the highest speed of the builds found: 41.2 tokens/s per user"


def test_phrases_reads_no_sentence_back() -> None:
    """#33 "no sentence parsed back": report.phrases keeps no pattern over English (232 once, 17 before the noise
    figures' estimates, buy-or-rent's sources, the request summary's circuit, condition and GPUs became codes), and a
    clause the table of whole phrases lacks (a source's own words) is shown as written."""
    assert not hasattr(phrases, "PATTERNS")
    source = "nexthardware.com, Noctua NH-U12A review: two NF-A12x25 at 2,000 rpm, 37.9 dBA at 70 cm"
    with words.language("zh_CN"):
        assert phrases.sentence(source) == source  # whole: no full-width commas among a citation's words
