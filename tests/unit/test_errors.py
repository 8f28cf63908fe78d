"""A validator's complaint reaches the user as it was raised: `errors.error_message` reads it from pydantic's error
(its `ctx`), where four places had cut pydantic's "Value error, " off the front of its message (the CLI's options, a
model's config.json, a project file, the window's requirements form)."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, ValidationError, field_validator

from configurator.core.common.errors import error_message
from configurator.core.model.args import _option_message


class _Request(BaseModel):
    budget: float = 0.0
    engine: Literal["vllm", "llama.cpp"] = "vllm"

    @field_validator("budget")
    @classmethod
    def _positive(cls, value: float) -> float:
        if value < 0:
            raise ValueError("a budget is never negative: -5")
        return value


def _first(**fields: object) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        _Request(**fields)  # type: ignore[arg-type]
    return caught.value


def test_a_validators_words_are_said_whole_and_pydantics_own_as_pydantic_wrote_them() -> None:
    bad_budget = _first(budget=-5)
    assert error_message(bad_budget.errors()[0]) == "a budget is never negative: -5"
    assert bad_budget.errors()[0]["msg"] == "Value error, a budget is never negative: -5"  # what had been cut
    bad_engine = _first(engine="ollama")
    assert error_message(bad_engine.errors()[0]) == "Input should be 'vllm' or 'llama.cpp'"


def test_the_cli_names_the_option_beside_the_validators_words() -> None:
    assert _option_message(_first(budget=-5)) == "--budget: a budget is never negative: -5"
