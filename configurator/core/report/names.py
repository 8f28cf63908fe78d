"""What a person calls the request's site options (the wall circuit), for the window and the printed sheet."""

from __future__ import annotations

CIRCUIT_NAMES = {
    "120v15a": "120 V 15 A (US outlet)",
    "120v20a": "120 V 20 A",
    "230v10a": "230 V 10 A",
    "230v16a": "230 V 16 A",
}


def circuit_name(circuit: str) -> str:
    """'120v15a' -> '120 V 15 A (US outlet)'; an id without a name is shown as it is."""
    return CIRCUIT_NAMES.get(circuit, circuit)
