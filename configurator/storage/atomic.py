"""Atomic writes for user files (the implementation lives in core.fileio)."""

from __future__ import annotations

from configurator.core.common.fileio import atomic_write_bytes as write_bytes
from configurator.core.common.fileio import atomic_write_text as write_text

__all__ = ["write_bytes", "write_text"]
