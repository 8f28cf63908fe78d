"""Every choice of a catalog record (the Literal fields of core.catalog.models) has words in English and Chinese:
the catalog editor lists them from core.report.words (walk19: the Chinese editor offered "nvidia", "consumer")."""

from __future__ import annotations

import types
import typing

from pydantic import BaseModel

import configurator.core.catalog.models as models
from configurator.core.report import words


def _choices(annotation: object) -> list[object]:
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return list(typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType, tuple):
        return [c for arg in typing.get_args(annotation) for c in _choices(arg)]
    return []


def _record_choices() -> set[tuple[str, str]]:
    return {
        (name, str(choice))
        for record in vars(models).values()
        if isinstance(record, type) and issubclass(record, BaseModel)
        for name, info in record.model_fields.items()
        for choice in _choices(info.annotation)
    }


def test_every_record_choice_has_english_and_chinese_words() -> None:
    pairs = _record_choices()
    assert ("market", "consumer") in pairs and ("vendor", "nvidia") in pairs and len(pairs) > 80
    missing = {p for p in pairs if p not in words.FIELD_CHOICES and p[1] not in words.CHOICES}
    assert missing == set()
    for english, chinese in [*words.CHOICES.values(), *words.FIELD_CHOICES.values()]:
        assert english and chinese


def test_a_choice_is_said_in_the_current_language_and_keeps_unknown_keys() -> None:
    with words.language("zh_CN"):
        assert words.choice("market", "consumer") == "消费级"
        assert words.choice("vendor", "nvidia") == "NVIDIA"
        assert words.choice("noise", "datacenter") == "机房级"  # a chassis' noise level, not a market
        assert words.choice("market", "datacenter") == "数据中心"
        assert words.choice("vendor", "some-new-key") == "some-new-key"
    with words.language("en"):
        assert words.choice("market", "datacenter") == "data center"
        assert words.choice("efficiency", "platinum") == "80 PLUS Platinum"
