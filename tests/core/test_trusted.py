"""core.trusted: the fast constructors build exactly what model_construct builds (#34)."""

from __future__ import annotations

import pickle

import pytest
from pydantic import BaseModel, ConfigDict, Field

from configurator.core.common.reasons import Reason
from configurator.core.common.trusted import constructor
from configurator.core.estimate.result import Step, new_step
from configurator.core.rules.base import Check, new_check


def _same(a: BaseModel, b: BaseModel) -> None:
    assert type(a) is type(b)
    assert a == b
    assert list(a.__dict__.items()) == list(b.__dict__.items())  # the same fields, in declaration order
    assert a.model_fields_set == b.model_fields_set
    assert a.__pydantic_extra__ == b.__pydantic_extra__ and a.__pydantic_private__ == b.__pydantic_private__
    assert a.model_dump_json() == b.model_dump_json() and repr(a) == repr(b)
    assert pickle.loads(pickle.dumps(b)) == a


def test_step_check_and_reason_as_model_construct_builds_them() -> None:
    _same(
        Step.model_construct(topic="memory", text="2 x 24 GiB", said=None),
        new_step(topic="memory", text="2 x 24 GiB", said=None),
    )
    fields = {"kept_gb": 3.5, "names": ("a", "b")}
    _same(
        Check.model_construct(rule="R", status="warn", code="c", fields=fields, message="m"),
        new_check(rule="R", status="warn", code="c", fields=fields, message="m"),
    )
    nested = Reason.of("gpu.memory", gb=24)
    built = Reason.of("way.kv", tps=14.2, why=nested, names=("x",))
    _same(Reason.model_construct(code="way.kv", args=(("tps", 14.2), ("why", nested), ("names", ("x",)))), built)
    assert hash(built) == hash(Reason.model_construct(code="way.kv", args=built.args))


def test_a_missing_field_is_an_error_not_a_default() -> None:
    with pytest.raises(KeyError):
        new_check(rule="R", status="pass", message="m")  # code and fields have defaults model_construct would fill


def test_models_whose_construction_does_more_are_refused() -> None:
    class Aliased(BaseModel):
        model_config = ConfigDict(frozen=True)
        name: str = Field(alias="Name")

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")
        name: str

    for cls in (Aliased, Extra):
        with pytest.raises(TypeError):
            constructor(cls)
