"""Imported to have OR-Tools' CP-SAT loaded (without pandas: core/solve/cpsat.py).

The map's worker server (forkserver) preloads this module, and a process that forks its workers imports it first, so
that every worker starts with OR-Tools loaded instead of importing it at its first cell (#34: once, not per worker).
"""

from __future__ import annotations

from configurator.core.solve.cpsat import cp_model

cp_model()
