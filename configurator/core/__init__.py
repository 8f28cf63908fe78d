"""Pure-Python domain logic: catalogs, estimators, solver, reports (no Qt)."""
