"""What a person calls the request's site options, for the window and the printed sheet (named with the circuits)."""

from __future__ import annotations

from configurator.core.solve.request import CIRCUIT_NAMES, circuit_name

__all__ = ["CIRCUIT_NAMES", "circuit_name"]
