"""OR-Tools' CP-SAT module, imported without pandas.

`ortools.sat.python.cp_model` imports pandas at its top for its `*_series` helpers (variables indexed by a
pandas Index, `values()` of a Series). The solver never calls them, and pandas was more than half of the
module's import time (about 0.35 s of CPU on this 2-core machine, every `plan`; `python -X importtime`).
While cp_model is first imported, `pandas` names a placeholder that gives the two names cp_model reads at
import time (in a type alias); afterwards cp_model's `pd` is a module that imports the real pandas on first
use, so the series helpers still work, only later. A process that imported pandas already gets the plain
import.
"""

from __future__ import annotations

import sys
import types
from typing import Any

_CP_MODEL = "ortools.sat.python.cp_model"


class _PandasOnFirstUse(types.ModuleType):
    """Stands for pandas inside cp_model: the first attribute read imports pandas and answers from it."""

    def __getattr__(self, name: str) -> Any:
        import pandas

        return getattr(pandas, name)


def cp_model() -> types.ModuleType:
    """`ortools.sat.python.cp_model`, imported once (without pandas unless pandas is already loaded)."""
    loaded = sys.modules.get(_CP_MODEL)
    if loaded is not None:
        return loaded
    if "pandas" in sys.modules:
        from ortools.sat.python import cp_model as module

        return module
    placeholder = types.ModuleType("pandas")
    placeholder.Index = type("Index", (), {})  # type: ignore[attr-defined]
    placeholder.Series = type("Series", (), {})  # type: ignore[attr-defined]
    sys.modules["pandas"] = placeholder
    try:
        from ortools.sat.python import cp_model as module
    finally:
        if sys.modules.get("pandas") is placeholder:
            del sys.modules["pandas"]
    module.pd = _PandasOnFirstUse("pandas")  # type: ignore[attr-defined]
    return module
