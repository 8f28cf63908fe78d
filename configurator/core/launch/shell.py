"""Shell command lines from their words: what every launch command shares (the inference commands and the training
ones; kept apart so that an inference plan does not import the training commands, #34)."""

from __future__ import annotations

import shlex


class ShellWord(str):
    """A word the shell must expand on each node ($NODE_RANK, $MASTER_ADDR): join_argv leaves it unquoted."""


def join_argv(parts: list[str]) -> str:
    """One shell command line from its words, each quoted where the shell needs it (a ShellWord is left as written)."""
    return " ".join(p if isinstance(p, ShellWord) else shlex.quote(p) for p in parts)
