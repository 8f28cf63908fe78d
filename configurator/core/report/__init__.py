"""Build reports: purchase lists (XLSX, CSV, Markdown) and the printable build sheet."""

from __future__ import annotations

from configurator.core.common.fileio import atomic_write_bytes, atomic_write_text

__all__ = ["atomic_write_bytes", "atomic_write_text"]
