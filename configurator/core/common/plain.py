"""Pydantic's model interface without pydantic, for a process that validates nothing (#34): `llm-rig estimate`
and `llm-rig plan`.

pydantic's import is about 80 ms of CPU, three interpreter starts, and every record, workload and result class is a
pydantic model. An estimate validates nothing pydantic has to: its catalog comes from the shipped layer's cache
(validated by pydantic when the cache was written), its workload from options argparse has already bounded (their ranges
read from the same fields: model.args._bounds), and its result is built by the estimator from typed values; a plan's
request is built from the same options and its builds by the solver (round 27). In such a process (launcher.main:
`estimate` or `plan` started as a command, launcher.PLAIN_COMMANDS) the model classes are built on the `BaseModel` below
(core.common.base chooses), which keeps fields, defaults, numeric ranges and lengths, `model_copy`, `model_construct`,
`model_dump` (`exclude` by field name), a compact `model_dump_json` of plain values (a plan's memo keys), frozen
instances, equality, hashing, repr, pickling and the 'after' validators of the pydantic classes, but never checks a
type. Whatever only pydantic can check raises `Revalidate` before anything is printed: a user's catalog overlay, a cache
to write, the catalog's problems, a workload or request one of its own validators refuses, a value outside its field's
range or length, reading JSON, an import of pydantic (a saved project, an imported config, a plan's exports:
cli.plan._plain_refused). The launcher then runs the same command line again with pydantic, so its output, messages and
exit code are exactly pydantic's (tests/cli/test_plain_estimate.py and test_plain_plan.py compare the two;
benchmarks/estimate_diff.py and plan_diff.py compare with another checkout).
"""

from __future__ import annotations

import datetime
import operator
import os
from collections.abc import Callable
from typing import Any

ACTIVE = False
"""Whether this process builds its models on the plain base (set once, by `use`, before any model is imported)."""
ENV = "LLM_RIG_PLAIN"
"""Set to 0, a process never takes the plain path (the run again after `Revalidate`; a way to compare the two)."""
VALIDATING_OPTIONS = ("model_config", "project", "xlsx", "csv", "markdown", "pdf", "requests_per_day")
"""The `plan` options (argparse dests) whose process needs pydantic: a file only it reads (an imported model config, a
saved project), or files a plan writes after its output (an export, whose code is not written for the plain base), or
the buy-or-rent inputs a plan is recosted with (`--requests-per-day`: tco.recosted's models).
The launcher reads them as flags before starting (`option_flag`); `cli.plan` refuses them in a plain process whose
command line abbreviated one (argparse takes a prefix), before any output."""
EXPORT_OPTIONS = VALIDATING_OPTIONS[2:6]
"""The options among them that write a file beside the printed plan (cli.exports)."""
_MISSING: Any = object()


def option_flag(dest: str) -> str:
    """The command-line flag of an argparse dest (`model_config` -> `--model-config`)."""
    return "--" + dest.replace("_", "-")


class Revalidate(BaseException):
    """Something only pydantic can check: run the command again with it. A BaseException, so that no handler of
    ordinary errors turns it into a message (a ValueError would be read as the user's bad input)."""


def use() -> bool:
    """Build the models of this process on the plain base; False when a model module was imported already (a test
    process, an app) or the environment says no."""
    global ACTIVE
    import sys

    if os.environ.get(ENV) == "0" or "configurator.core.common.base" in sys.modules or "pydantic" in sys.modules:
        return False
    ACTIVE = True
    sys.meta_path.insert(0, _NoPydantic())
    return True


class _NoPydantic:
    """An import of pydantic in a plain process (a module that builds its models on pydantic's base directly) would
    mix the two kinds of model: the command runs again with pydantic instead."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name in ("pydantic", "pydantic_core", "annotated_types") or name.startswith(("pydantic.", "pydantic_core.")):
            raise Revalidate(f"{name} imported")
        return None


class ValidationError(ValueError):
    """Never raised here (a plain process raises Revalidate instead); named so `except ValidationError` reads."""


def ConfigDict(**settings: Any) -> dict[str, Any]:
    return dict(settings)


class _Bound:
    """An annotated_types-like bound (model.args._bounds reads `ge`, `gt`, `le` as it reads pydantic's)."""

    __slots__ = ("ge", "gt", "le", "lt")
    ge: float | None
    gt: float | None
    le: float | None
    lt: float | None

    def __init__(self, **bound: float) -> None:
        for name in self.__slots__:
            setattr(self, name, bound.get(name))


class FieldInfo:
    """A field's default, its numeric range and whether it is left out of a dump (all a plain model reads)."""

    alias = validation_alias = None

    def __init__(
        self,
        default: Any = _MISSING,
        *,
        default_factory: Callable[[], Any] | None = None,
        exclude: bool = False,
        **settings: Any,
    ) -> None:
        self.default, self.default_factory, self.exclude = default, default_factory, exclude
        if any(settings.get(k) is not None for k in ("alias", "validation_alias", "serialization_alias")):
            raise Revalidate("a field with an alias")  # names a dump and a validation read otherwise: pydantic's
        bounds = {k: settings[k] for k in ("ge", "gt", "le", "lt") if settings.get(k) is not None}
        self.metadata = [_Bound(**{k: v}) for k, v in bounds.items()]
        self.min_length, self.max_length = settings.get("min_length"), settings.get("max_length")
        self.checked = bool(self.metadata) or self.min_length is not None or self.max_length is not None

    def outside(self, value: Any) -> bool:
        """Whether a number is outside the field's range, or a text or list outside its length (pydantic would refuse
        it)."""
        if isinstance(value, (str, tuple, list)):
            return (self.min_length is not None and len(value) < self.min_length) or (
                self.max_length is not None and len(value) > self.max_length
            )
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return False
        for b in self.metadata:
            if (
                (b.ge is not None and not value >= b.ge)
                or (b.gt is not None and not value > b.gt)
                or (b.le is not None and not value <= b.le)
                or (b.lt is not None and not value < b.lt)
            ):
                return True
        return False


def Field(default: Any = _MISSING, **settings: Any) -> Any:
    return FieldInfo(default, **settings)


def model_validator(*, mode: str) -> Callable[[Any], Any]:
    def mark(func: Any) -> Any:
        func.__plain_validator__ = mode
        return func

    return mark


def field_validator(*fields: str, **_settings: Any) -> Callable[[Any], Any]:
    def mark(func: Any) -> Any:
        target: Any = func.__func__ if isinstance(func, classmethod) else func
        target.__plain_fields__ = fields
        return func

    return mark


def PlainSerializer(*_args: Any, **_settings: Any) -> None:
    """Serialisers are pydantic's dumps' own; a plain process dumps as written (core.common.shapes.AsIs)."""
    return None


WrapSerializer = PlainSerializer


class SkipValidation:
    def __class_getitem__(cls, item: Any) -> Any:
        return item


_set = object.__setattr__


class BaseModel:
    """The part of pydantic.BaseModel the estimate reads, on the same slots (trusted.constructor fills them)."""

    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
    __pydantic_fields_set__: set[str]
    model_config: dict[str, Any] = {}
    model_fields: dict[str, FieldInfo] = {}
    __pydantic_post_init__ = None
    __pydantic_root_model__ = False
    __plain_after__: tuple[Callable[[Any], Any], ...] = ()
    __plain_checks__: tuple[tuple[str, Any], ...] = ()
    __plain_spec__: tuple[tuple[str, FieldInfo, bool], ...] = ()
    __plain_key__: Callable[[dict[str, Any]], Any] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = dict(cls.model_fields)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if name.startswith("_") or name == "model_config" or "ClassVar" in str(annotation):
                continue
            value = cls.__dict__.get(name, _MISSING)
            fields[name] = value if isinstance(value, FieldInfo) else FieldInfo(value)
            if name in cls.__dict__:
                delattr(cls, name)  # as pydantic: a field's default lives in model_fields, not on the class
        cls.model_fields = fields
        # what __init__ and __hash__ read of the fields, once per class (a plan builds and hashes thousands)
        cls.__plain_spec__ = tuple((name, info, info.checked) for name, info in fields.items())
        cls.__plain_key__ = operator.itemgetter(*fields) if fields else None
        config: dict[str, Any] = {}
        for base in reversed(cls.__mro__):  # the bases' settings, then the class's own, as pydantic merges them
            config.update(base.__dict__.get("model_config", {}))
        cls.model_config = config
        # by name, as pydantic collects them: a subclass's method of the same name replaces its base's validator
        after = {f.__name__: f for f in cls.__plain_after__}
        checks = {(field, f.__name__): (field, f) for field, f in cls.__plain_checks__}
        for name, attr in cls.__dict__.items():
            func = attr.__func__ if isinstance(attr, classmethod) else attr
            after.pop(name, None)
            checks = {key: check for key, check in checks.items() if key[1] != name}
            mode = getattr(func, "__plain_validator__", None)
            if mode is not None:
                if mode != "after":  # a 'before' or 'wrap' validator reshapes input: pydantic's to run
                    raise Revalidate(f"{cls.__name__}.{name}: a {mode!r} validator")
                after[name] = func
            for field in getattr(func, "__plain_fields__", ()):
                checks[(field, name)] = (field, func)
        cls.__plain_after__, cls.__plain_checks__ = tuple(after.values()), tuple(checks.values())

    def __init__(self, **data: Any) -> None:
        fields = self.model_fields
        if self.model_config.get("extra") == "forbid" and any(k not in fields for k in data):
            raise Revalidate(f"{type(self).__name__}: a field it does not have")
        values = {}
        for name, info, checked in self.__plain_spec__:
            if name in data:
                value = data[name]
                if checked and info.outside(value):
                    raise Revalidate(f"{type(self).__name__}.{name}: outside its range")
            elif info.default_factory is not None:
                value = info.default_factory()
            elif info.default is not _MISSING:
                value = info.default
            else:
                raise Revalidate(f"{type(self).__name__}.{name}: missing")
            values[name] = value
        try:
            for name, check in self.__plain_checks__:
                values[name] = check(type(self), values[name])
        except Exception as error:
            raise Revalidate(str(error)) from None
        _set(self, "__dict__", values)
        _set(self, "__pydantic_fields_set__", set(data))
        _set(self, "__pydantic_extra__", None)
        _set(self, "__pydantic_private__", None)
        try:
            for validator in self.__plain_after__:
                validator(self)
        except Exception as error:
            raise Revalidate(str(error)) from None

    @classmethod
    def model_construct(cls, **values: Any) -> Any:
        model = cls.__new__(cls)
        full = {}
        for name, info in cls.model_fields.items():
            if name in values:
                full[name] = values[name]
            elif info.default_factory is not None:
                full[name] = info.default_factory()
            elif info.default is not _MISSING:
                full[name] = info.default
        _set(model, "__dict__", full)
        _set(model, "__pydantic_fields_set__", set(values))
        _set(model, "__pydantic_extra__", None)
        _set(model, "__pydantic_private__", None)
        return model

    @classmethod
    def model_rebuild(cls, **_settings: Any) -> None:
        return None

    @classmethod
    def model_validate(cls, obj: Any, **settings: Any) -> Any:
        """A model from a dict of its fields (a workload read back from its JSON: launch.training), checked as
        __init__ checks; anything else is pydantic's to read."""
        if settings or not isinstance(obj, dict):
            raise Revalidate(f"{cls.__name__}.model_validate")
        return cls(**obj)

    @classmethod
    def model_validate_json(cls, *_args: Any, **_settings: Any) -> Any:
        raise Revalidate(f"{cls.__name__}.model_validate_json")

    def model_dump_json(self, **settings: Any) -> str:
        """pydantic's compact JSON of a model of plain values (a plan's memo keys are its request's); anything else,
        or any setting, is pydantic's to write."""
        if settings:
            raise Revalidate(f"{type(self).__name__}.model_dump_json({', '.join(settings)})")
        import json

        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        if deep:
            raise Revalidate("a deep copy")
        copy = type(self).__new__(type(self))
        _set(copy, "__dict__", {**self.__dict__, **(update or {})})
        _set(copy, "__pydantic_fields_set__", self.__pydantic_fields_set__ | set(update or ()))
        _set(copy, "__pydantic_extra__", None)
        _set(copy, "__pydantic_private__", None)
        return copy

    def model_dump(self, *, mode: str = "python", exclude: Any = None, **settings: Any) -> dict[str, Any]:
        """pydantic's dump; `exclude` as a set of this model's own field names (anything else is pydantic's)."""
        if settings or not (exclude is None or isinstance(exclude, (set, frozenset))):
            raise Revalidate(f"model_dump({', '.join([*settings, *(['exclude'] if exclude is not None else [])])})")
        left_out = exclude or ()
        return {
            name: _dumped(self.__dict__[name], mode)
            for name, info in self.model_fields.items()
            if not info.exclude and name not in left_out
        }

    @property
    def model_fields_set(self) -> set[str]:
        return self.__pydantic_fields_set__

    def __setattr__(self, name: str, value: Any) -> None:
        if self.model_config.get("frozen"):
            raise TypeError(f"{type(self).__name__} is frozen")
        self.__dict__[name] = value
        self.__pydantic_fields_set__.add(name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaseModel):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:  # pydantic's frozen hash: one field's own, several fields' tuple, in field order
        key = self.__plain_key__  # operator.itemgetter of the fields, as pydantic's own hash reads them
        return hash(key(self.__dict__)) if key is not None else hash(0)

    def __iter__(self) -> Any:  # pydantic's: (name, value) of each field
        yield from ((k, v) for k, v in self.__dict__.items() if k in self.model_fields)

    @property
    def model_extra(self) -> None:
        return None

    def __repr__(self) -> str:  # pydantic's: the fields as name=repr, in order
        return f"{type(self).__name__}({self._fields_said(', ')})"

    def __str__(self) -> str:  # pydantic's: the same, spaced
        return self._fields_said(" ")

    def _fields_said(self, between: str) -> str:
        return between.join(f"{k}={v!r}" for k, v in self.__dict__.items() if k in self.model_fields)

    def __getstate__(self) -> dict[str, Any]:
        return {
            "__dict__": self.__dict__,
            "__pydantic_extra__": None,
            "__pydantic_fields_set__": self.__pydantic_fields_set__,
            "__pydantic_private__": None,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A record pickled by a pydantic process (the shipped catalog's cache) or by this one."""
        try:
            values, fields_set = state["__dict__"], state["__pydantic_fields_set__"]
        except (KeyError, TypeError):
            raise Revalidate("a model pickled in another layout") from None
        if state.get("__pydantic_extra__") or state.get("__pydantic_private__"):
            raise Revalidate("a pickled model with extra or private values")
        _set(self, "__dict__", values)
        _set(self, "__pydantic_fields_set__", fields_set)
        _set(self, "__pydantic_extra__", None)
        _set(self, "__pydantic_private__", None)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _dumped(value: Any, mode: str) -> Any:
    """A value as model_dump gives it: models as dicts; in JSON mode, tuples and lists as lists."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, BaseModel):
        return value.model_dump(mode=mode)
    if isinstance(value, (tuple, list)):
        items = [_dumped(v, mode) for v in value]
        return items if mode == "json" or isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        return {k: _dumped(v, mode) for k, v in value.items()}
    if type(value) is datetime.date:  # pydantic's JSON form of a date is its ISO form (a model's api_prices dates)
        return value.isoformat() if mode == "json" else value
    if mode == "json" and not isinstance(value, (str, int, float, bool, type(None))):
        raise Revalidate(f"model_dump(mode='json') of a {type(value).__name__}")
    return value
