"""The memos moved to `configurator.core.common.memo` (a utility both the estimate and the solve layers import); this name
stays for code written against the old place."""

from configurator.core.common.memo import MAX_ENTRIES, clear, remember

__all__ = ["MAX_ENTRIES", "clear", "remember"]
