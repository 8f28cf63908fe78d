"""Every check's Chinese, rendered as the window and the sheet render it (words.check_text), with sample fields: no
stray space between a Chinese word and 卡 (walk14: COOL-1 read "涡轮 卡可以紧挨着插", the cooler kind arriving in
Chinese before a template's "{cooler} 卡")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from configurator.core.report import words
from configurator.core.rules import REGISTRY
from configurator.core.rules.base import Check
from configurator.core.rules.layout import ManyGpuPlatform, U2Drives

CJK_SPACE_CARD = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] 卡")


class Sample:
    """A field value that reads as whatever a template asks of it: a number under a format spec or in arithmetic, a
    short list when iterated, a word when joined or compared (the templates are lambdas over typed fields)."""

    def __init__(self, number: float = 2) -> None:
        self.number = number

    def __format__(self, spec: str) -> str:
        for value in (int(self.number), float(self.number), "x"):
            try:
                return format(value, spec)
            except (ValueError, TypeError):
                continue
        return "x"

    def __str__(self) -> str:
        return f"{self.number:g}"

    def __iter__(self) -> Iterator[str]:
        return iter(("x", "y"))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, _key: object) -> Sample:
        return Sample(self.number)

    def __float__(self) -> float:
        return float(self.number)

    def __int__(self) -> int:
        return int(self.number)

    def __index__(self) -> int:
        return int(self.number)

    def __bool__(self) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(self.number)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sample) and other.number == self.number

    def __lt__(self, other: object) -> bool:
        return self.number < float(other)  # type: ignore[arg-type]

    def __gt__(self, other: object) -> bool:
        return self.number > float(other)  # type: ignore[arg-type]

    def __le__(self, other: object) -> bool:
        return not self > other

    def __ge__(self, other: object) -> bool:
        return not self < other

    def _arith(self, other: object, op: Any) -> Sample:
        try:
            return Sample(op(self.number, float(other)))  # type: ignore[arg-type]
        except (TypeError, ValueError, ZeroDivisionError):
            return Sample(self.number)

    def __add__(self, other: object) -> Any:
        return str(self) + other if isinstance(other, str) else self._arith(other, lambda a, b: a + b)

    def __radd__(self, other: object) -> Any:
        return other + str(self) if isinstance(other, str) else self._arith(other, lambda a, b: b + a)

    def __sub__(self, other: object) -> Sample:
        return self._arith(other, lambda a, b: a - b)

    def __rsub__(self, other: object) -> Sample:
        return self._arith(other, lambda a, b: b - a)

    def __mul__(self, other: object) -> Sample:
        return self._arith(other, lambda a, b: a * b)

    __rmul__ = __mul__

    def __truediv__(self, other: object) -> Sample:
        return self._arith(other, lambda a, b: a / b)

    def __rtruediv__(self, other: object) -> Sample:
        return self._arith(other, lambda a, b: b / a)

    def __round__(self, digits: int | None = None) -> Any:
        return round(self.number, digits)


class Fields(dict[str, Any]):
    """A check's fields: the cooler kinds and the words a template looks up as given, any other field a Sample."""

    def __missing__(self, key: str) -> Any:
        return Sample()

    def get(self, key: str, default: Any = None) -> Any:
        return self[key]


COOLERS = ("blower", "open-air", "passive", "liquid")


KEYS = {(rule.id, m.code) for rule in REGISTRY.values() for m in rule.messages} | set(words.ZH_CHECKS)


def _renderings() -> list[tuple[str, str, str]]:
    """(rule, code, Chinese) for every finding with Chinese words, once per GPU cooler kind."""
    out = []
    for rule_id, code in sorted(KEYS):
        for cooler in COOLERS:
            check = Check.model_construct(rule=rule_id, status="warn", message="", code=code, fields={})
            template = words._zh_check(check)
            if template is None:
                continue
            fields = Fields({k: words._zh_field(k, v) for k, v in {"cooler": cooler, "platform": "server"}.items()})
            try:
                said = template.format_map(fields) if isinstance(template, str) else template(fields)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                continue  # a template that needs a field of another shape: counted below
            out.append((rule_id, code, said))
    return out


RENDERINGS = _renderings()


def test_most_findings_render_with_sample_fields() -> None:
    # the test below reads what renders: it must be most of the rulebook's findings, not a handful
    rendered = {(rule, code) for rule, code, _ in RENDERINGS}
    assert len(rendered) >= 0.95 * len(KEYS)  # 129 of 130 (2026-12-04)


@pytest.mark.parametrize(("rule", "code", "said"), RENDERINGS, ids=lambda v: str(v)[:30])
def test_no_space_between_a_chinese_word_and_ka(rule: str, code: str, said: str) -> None:
    assert not CJK_SPACE_CARD.search(said), f"{rule} {code}: {said}"


@pytest.mark.parametrize("platform", ["server", "workstation", "consumer", "hedt"])
def test_a_platform_reads_without_stray_spaces(platform: str) -> None:
    # walk14: PCI-3 read "3 块 GPU 用在 服务器 平台上" (the platform arrives in Chinese between spaced words)
    slots = Check.model_construct(
        rule=ManyGpuPlatform.id, status="warn", message="", code="platform", fields={"gpus": 3, "platform": platform}
    )
    drives = Check.model_construct(
        rule=U2Drives.id, status="warn", message="", code="u2", fields={"interface": "U.2", "platform": platform}
    )
    for check in (slots, drives):
        said = words.check_text(check, "zh_CN")
        assert not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", said), said
        assert ("HEDT" in said) == (platform == "hedt") and platform not in said
