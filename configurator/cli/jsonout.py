"""Strict JSON on stdout: the command line's JSON formats are contracts, and JSON has no Infinity or NaN."""

from __future__ import annotations

import json
import sys
from typing import Any

from configurator.core.common.errors import RequestError


def print_json(value: Any, indent: int = 2, ensure_ascii: bool = True) -> None:
    """Write `value` as JSON, whole or not at all; a non-finite number is refused (exit 2)."""
    try:
        text = json.dumps(value, indent=indent, ensure_ascii=ensure_ascii, allow_nan=False)
    except ValueError:
        # an estimate left the finite range (the options were valid, but their product is not)
        raise RequestError(
            "the result contains a number too large to report (infinite or undefined); "
            "check the sizes given (tokens, GPUs, context)"
        ) from None
    sys.stdout.write(text + "\n")
