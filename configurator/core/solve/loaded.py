"""Imported to have OR-Tools' CP-SAT loaded (its compiled helper, without numpy or pandas: core/solve/cpsat.py).

The map's worker server (forkserver) preloads this module, and a process that forks its workers imports it first, so
that every worker starts with OR-Tools loaded instead of importing it at its first cell (#34: once, not per worker).
"""

from __future__ import annotations

import configurator.core.solve.cpsat  # noqa: F401 (imported for its side effect: OR-Tools loaded)

POLL_S = 0.05
"""How often a waiting map looks at its stop flag while its cells are solved elsewhere."""
WATCH_S = 1.0
"""How often a worker looks whether the process it serves is still alive."""
END_WAIT_S = 1.0
"""How long a closed map's workers have to end on their own (a cell checks its stop flag) before they are stopped."""
