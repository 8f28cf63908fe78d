"""The memos moved to `configurator.core.memo` (a utility both the estimate and the solve layers import); this name
stays for code written against the old place."""

from configurator.core.memo import MAX_ENTRIES, clear, remember

__all__ = ["MAX_ENTRIES", "clear", "remember"]
