"""The base of the core's models: pydantic's, or in a process that validates nothing, core.common.plain's (#34).

Every record, workload, reason and result class imports its base and field helpers from here, so each is defined once
and, in an `llm-rig estimate` or `plan` process (plain.use, launcher.main), built without importing pydantic. Type checkers read
pydantic's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.common import plain

if TYPE_CHECKING:
    from pydantic import (
        BaseModel,
        ConfigDict,
        Field,
        PlainSerializer,
        SkipValidation,
        ValidationError,
        WrapSerializer,
        field_validator,
        model_validator,
    )
else:

    def __getattr__(name: str) -> object:
        """Each name from pydantic as it is asked for (a module imports no more of pydantic than it did), or from
        core.common.plain in a plain process."""
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        if plain.ACTIVE:
            return getattr(plain, name)
        import pydantic

        return getattr(pydantic, name)


__all__ = [
    "BaseModel",
    "ConfigDict",
    "Field",
    "PlainSerializer",
    "SkipValidation",
    "ValidationError",
    "WrapSerializer",
    "field_validator",
    "model_validator",
]
