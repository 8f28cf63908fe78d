"""The core's words in the buyer's language: a build's label and why, each part's reason and price note (rendered from
their codes and fields: `label`, `why`, `part_why`, `price_note`), and the sentences that carry no code yet (the
sources' own words: catalog notes, noise figures' and electricity prices' estimates; the request summary's circuit
and GPUs).

Those are still written as English text (#33 gives them codes and fields, as core.reasons did for the labels, the ways
out and the warnings). Until then each is rendered here from its English by a table of patterns (`PATTERNS`: a regular
expression over one clause and its Chinese, the figures carried over as they are; tests/core/test_claim_codes.py keeps
their count from growing). This is display only: nothing decides by these words, and a clause no pattern knows is
shown as it came (English), which benchmarks/translated.py counts. Outside `words.language("zh_CN")` every function
returns the English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from configurator.core.reasons import label_claims
from configurator.core.report import words

if TYPE_CHECKING:
    from configurator.core.model.build import Build, BuildPart

Render = str | Callable[[re.Match[str]], str]


def _zh() -> bool:
    return words.current() == "zh_CN"


_NOISE_CLASS: dict[str, str] = {"quiet": "安静", "moderate": "适中", "loud": "吵", "silent": "静音"}
_OUTLETS: dict[str, str] = {
    "US outlet": "美国插座",
    "Europe": "欧洲",
    "China, Europe": "中国、欧洲",
    "China / Europe": "中国/欧洲",
    "EU/China outlet": "欧洲/中国插座",
    "EU outlet": "欧洲插座",
}


PATTERNS: list[tuple[str, Render]] = [
    # ------------------------------------------------------------ a build kind given as words (kind.said, Build.kinds)
    (r"CPU only", "仅 CPU"),
    # ------------------------------------------------------------ the request's condition (report.purchase)
    (r"(?P<c>new|used|refurbished)", lambda m: words._ZH_CONDITIONS[m["c"]]),
    # ------------------------------------------------------------ noise figures' own words (model.noise)
    (r"no published dBA under load", "没有公开的满载 dBA 数据"),
    (r"class midpoint", "按档位中值"),
    (r"catalog noise class '(?P<c>\w+)'", lambda m: f"目录噪音档位“{_NOISE_CLASS.get(m['c'], m['c'])}”"),
    (r"estimate", "估算"),
    (
        r"middle of Cybenetics' Standard\+\+ class, typical of a loaded ATX unit",
        "Cybenetics Standard++ 档位的中值，典型的满载 ATX 电源",
    ),
    (r"three 120 mm case fans at full speed", "三个 120 mm 机箱风扇全速运转"),
    (r"a GPU server moves more air than the R940", "GPU 服务器的风量比 R940 更大"),
    (r"its feature-rich 73 dBA is a floor", "其高配 73 dBA 只是下限"),
    # ------------------------------------------------------------ buy-or-rent's sources (tco presets)
    (r"national residential average rounded to (?P<p>[\d.]+ \w+/kWh)", "全国居民平均电价，取整为 {p}"),
    (r"only the state rows were read \((?P<rest>[^;]+)\)", "只读取了各州的数据（{rest}）"),
    (r"no market survey was read", "未参考市场调查"),
    # ------------------------------------------------------------ the request summary (report.purchase)
    (r"any, at most (?P<n>\d+) per machine", "不限，每台最多 {n} 张"),
    (
        r"(?P<n>\d+) x (?P<v>\d+ V \d+ A)(?: \((?P<w>[^;]+)\))?",
        lambda m: f"{m['n']} 路 {m['v']}" + (f"（{_OUTLETS.get(m['w'], m['w'])}）" if m["w"] else ""),
    ),
]


_COMPILED = [(re.compile(p), r) for p, r in PATTERNS]
_BRACKETED = re.compile(r"(?P<head>[^()]*?) ?\((?P<inner>[^()]*(?:\([^()]*\)[^()]*)*)\)(?P<tail>.*)")


def _one(text: str) -> str | None:
    """A whole clause rendered by the first pattern it matches, else None."""
    exact = words.ZH_CN.get(text)
    if exact is not None:
        return exact
    for pattern, render in _COMPILED:
        m = pattern.fullmatch(text)
        if m is not None:
            return render(m) if callable(render) else render.format(**m.groupdict())
    return None


def sentence(text: str) -> str:
    """`text` in the current language: the whole if a pattern knows it, else clause by clause ("; ", then ", ",
    then what is in brackets), a clause no pattern knows left as it is. English outside zh_CN."""
    if not _zh() or not text:
        return text
    return _clause(text.strip(), 0)


_SEPARATORS = (("; ", "；"), (": ", "："), (", ", "，"))


def _clause(text: str, level: int) -> str:
    whole = _one(text)
    if whole is not None:
        return whole
    for i in range(level, len(_SEPARATORS)):
        sep, zh = _SEPARATORS[i]
        if sep in text:
            return zh.join(_clause(piece, i + 1) for piece in text.split(sep))
    m = _BRACKETED.fullmatch(text)
    if m is not None and m["head"]:
        head = _one(m["head"].strip()) or m["head"]
        tail = _clause(m["tail"].strip(), 0) if m["tail"].strip() else ""
        return f"{head}（{_clause(m['inner'], 0)}）{tail}"
    return text


def label(build: Build) -> str:
    """A build's label in the current language, from its claims and kinds (solve.ranking.label_text in English)."""
    if not _zh():
        return build.label
    said = "；".join(words.claim_word(c) for c in label_claims(build.claims))  # a shared qualifier said once
    kind = "，".join(words.say(k) for k in build.kinds)
    if not said and not kind and build.offers:
        # a build shown for what it offers over those above it (solve.shown)
        return f"{words.t('alternative')}（{'，'.join(words.offer_word(o) for o in build.offers)}）"
    return f"{said}（{kind}）" if said and kind else said or kind or sentence(build.label)


def price_note(part: BuildPart, stale: bool = False) -> str:
    """A part's price note in the current language, from its code and fields (solve.pricing.Quote.said), with how old
    the price is when `stale` (report.prices)."""
    from configurator.core.report import prices

    if not _zh() or part.price_said is None:
        text = part.price_note + (f"; {prices.stale_text(part)}" if stale else "")
        return sentence(text)
    old = f"；{words.say(prices.stale_said(part))}" if stale else ""
    return words.say(part.price_said) + old


def part_why(part: BuildPart) -> str:
    """Why a part was chosen, in the current language: from its codes (solve.plan), else its English through the
    patterns (a source that still writes it)."""
    if not _zh():
        return part.why
    return "；".join(words.say(r) for r in part.said) if part.said else sentence(part.why)


def why(build: Build) -> str:
    """Why a build is shown, in the current language: the ranking's reasons (its claims), the source's own words (no
    code yet: through the patterns) and what it buys over the first build shown."""
    if not _zh():
        return build.why
    if not build.why_said and not build.offered_why:
        return sentence(build.why)
    offered = build.offered_said()
    source = [words.say(r) for r in offered] if offered else [sentence(build.offered_why)] if build.offered_why else []
    text = "；".join([words.say(r) for r in build.why_said] + source)
    return f"{text}（{words.say(build.against)}）" if build.against is not None else text


def fit_line(settings: Any) -> str:
    """A Fit's compact line (report.fit.Fit.line) with each value in the current language."""
    from configurator.core.report.fit import CHOSEN_MARK

    def short(s: Any) -> str:
        said = s.short_said if s.short else s.said
        return words.say(said) if said is not None else sentence(s.short or s.value)

    return " · ".join(short(s) + (CHOSEN_MARK if s.chosen else "") for s in settings.settings)


_SETTING_NAMES = {
    "engine": "推理引擎",
    "split": "切分",
    "weights": "权重",
    "KV cache": "KV 缓存",
    "offload": "卸载",
    "sharding": "分片",
    "activation recomputation": "激活重算",
    "GPU power": "GPU 功率",
    "framework": "框架",
}


def fit_sentence(settings: Any) -> str:
    """A Fit spelled out (report.fit.Fit.sentence) in the current language."""
    if not _zh():
        return str(settings.sentence)
    return "；".join(
        f"{_SETTING_NAMES.get(s.name, s.name)}：{words.say(s.said) if s.said is not None else sentence(s.value)}"
        + ("（求解器选择）" if s.chosen else "")
        for s in settings.settings
    )


def circuit(name: str) -> str:
    """A circuit as request.CIRCUIT_NAMES names it ("120 V 15 A (US outlet)")."""
    return sentence(name) if _zh() else name


PATTERNS += [
    (r"(?P<v>\d+ V \d+ A) \(US outlet\)", "{v}（美国插座）"),
    (r"(?P<v>\d+ V \d+ A) \((?P<w>[^;]+)\)", lambda m: f"{m['v']}（{_OUTLETS.get(m['w'], m['w'])}）"),
]
_COMPILED = [(re.compile(p), r) for p, r in PATTERNS]


def stale_summary(build: Any) -> str:
    """report.prices.stale_summary in the current language (a part's name is kept whole, brackets and all)."""
    from configurator.core.report import prices

    if not _zh():
        return prices.stale_summary(build)
    old = prices.stale_parts(build)
    if not old:
        return ""
    names = "；".join(f"{p.name}（{words.say(prices.stale_said(p))}）" for p in old)
    return f"{len(old)} 个价格已超过六个月：{names}"


def check(finding: Any) -> str:
    """A build check's finding in the current language: from its rule, code and fields (words.check_text) where the
    table has it, else its English through the sentence patterns above (a finding not yet given Chinese words)."""
    if words.current() == "zh_CN" and (finding.rule, finding.code) not in words.ZH_CHECKS:
        return sentence(finding.message)
    return words.check_text(finding)
