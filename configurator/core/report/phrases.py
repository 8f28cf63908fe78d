"""The core's words in the buyer's language: a build's label and why, each part's reason and price note, a fit, a
check's finding (rendered from their codes and fields: `label`, `why`, `part_why`, `price_note`, `check`), and
`sentence`, for what reaches a sheet as words rather than codes: the sources' own words (a citation, a catalog's
note, a buyer's "entered by you"), shown as written unless report.words' table of whole phrases (`words.ZH_CN`,
looked up whole, then clause by clause) holds every clause of them.

No sentence is parsed back here (#33): the 17 regular expressions that read the English of noise figures' estimates,
buy-or-rent's presets, the request summary's circuit, condition and GPUs and a CPU-only kind went once those became
codes (noise.est-*, tco.est-*, tco.resale-*, request.*, circuit.name, kind.*). Outside `words.language("zh_CN")`
every function returns the English.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from configurator.core.common.reasons import label_claims
from configurator.core.report import words

if TYPE_CHECKING:
    from configurator.core.model.build import Build, BuildPart


def _zh() -> bool:
    return words.current() == "zh_CN"


_BRACKETED = re.compile(r"(?P<head>[^()]*?) ?\((?P<inner>[^()]*(?:\([^()]*\)[^()]*)*)\)(?P<tail>.*)")


def _one(text: str) -> str | None:
    """A whole clause's Chinese from the table of whole phrases, else None."""
    return words.ZH_CN.get(text)


def sentence(text: str) -> str:
    """`text` in the current language: the whole if the table of whole phrases has it, else clause by clause ("; ",
    then ": ", then ", ", then what is in brackets) when the table has every clause; otherwise the text as written (a
    source's own words: half of a clause in Chinese beside the rest in English had read "任意，at most ..." and put
    full-width brackets inside a citation's URL). English outside zh_CN."""
    if not _zh() or not text:
        return text
    said = _clause(text.strip(), 0)
    return text.strip() if said is None else said


_SEPARATORS = (("; ", "；"), (": ", "："), (", ", "，"))


def _clause(text: str, level: int) -> str | None:
    """`text`'s Chinese from the table, whole or clause by clause; None when the table lacks one of its clauses."""
    whole = _one(text)
    if whole is not None:
        return whole
    for i in range(level, len(_SEPARATORS)):
        sep, zh = _SEPARATORS[i]
        if sep in text:
            pieces = [_clause(piece, i + 1) for piece in text.split(sep)]
            return None if any(p is None for p in pieces) else zh.join(p for p in pieces if p is not None)
    m = _BRACKETED.fullmatch(text)
    if m is None or not m["head"]:
        return None
    head = _one(m["head"].strip())
    inner = _clause(m["inner"], 0)
    tail = _clause(m["tail"].strip(), 0) if m["tail"].strip() else ""
    return None if head is None or inner is None or tail is None else f"{head}（{inner}）{tail}"


def label(build: Build) -> str:
    """A build's label in the current language, from its claims and kinds (solve.ranking.label_text in English)."""
    zh = _zh()
    if not zh and not (words.in_window() and any(k.code in words.WINDOW_EN for k in build.kinds)):
        return build.label
    # in Chinese, or in the window's English words for a kind that names a flag: solve.ranking.label_text's
    # composition (the window's English had dropped an alternative's offers: "at Q4_K_M, ..." for "alternative (more
    # speed, NVIDIA GeForce RTX 2070), at Q4_K_M, ...")
    semicolon, comma, opening, closing = ("；", "，", "（", "）") if zh else ("; ", ", ", " (", ")")
    said = semicolon.join(words.claim_word(c) for c in label_claims(build.claims))  # a shared qualifier said once
    kind = comma.join(words.say(k) for k in build.kinds)
    if not said and build.offers:
        # a build shown for what it offers over those above it (solve.shown), its settings' kinds after
        offered = f"{words.t('alternative')}{opening}{comma.join(dict.fromkeys(words.offer_word(o) for o in build.offers))}{closing}"
        return f"{offered}{comma}{kind}" if kind else offered
    return f"{said}{opening}{kind}{closing}" if said and kind else said or kind or sentence(build.label)


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
    "micro-batch": "微批次",
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


def stale_summary(build: Any) -> str:
    """report.prices.stale_summary in the current language (a part's name is kept whole, brackets and all)."""
    from configurator.core.report import prices

    if not _zh():
        return prices.stale_summary(build)
    old = prices.stale_parts(build)
    rate = prices.rate_said(build)
    said = [words.say(rate)] if rate is not None else []
    if not old:
        return "；".join(said)
    names = "；".join(f"{p.name}（{words.say(prices.stale_said(p))}）" for p in old)
    return "；".join([f"{len(old)} 个价格已超过六个月：{names}", *said])


def check(finding: Any) -> str:
    """A build check's finding in the current language: from its rule, code and fields (words.check_text) where the
    table has it, else its English through the sentence patterns above (a finding not yet given Chinese words)."""
    if words.current() == "zh_CN" and (finding.rule, finding.code) not in words.ZH_CHECKS:
        return sentence(finding.message)
    return words.check_text(finding)
