"""Error types: everything the app reports to a user derives from ConfiguratorError."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


class ConfiguratorError(Exception):
    """Root of every error that is the user's input, not a bug (exit code 2 on the CLI)."""


@dataclass(frozen=True)
class Problem:
    """One precise complaint about an input file: file, line, field and what is wrong."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class CatalogError(ConfiguratorError):
    """A catalog file (shipped or the user's overlay) is broken."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class ModelImportError(ConfiguratorError):
    """A config.json, GGUF file or model folder cannot be read as a supported model."""


class RequestError(ConfiguratorError):
    """A workload or build request is impossible or self-contradictory."""


class InvalidInputError(ConfiguratorError, ValueError):
    """Options that contradict each other: a code, the fields it is about and the sentence a user reads.

    `fields` are the request's own field names (Workload's and BuildRequest's: "precision", "deadline_hours"), the one
    the user most likely just set first (the window writes the message under it); the window marks the inputs of those
    fields and the CLI could name the options, from the code and fields, never from
    the words. A ValueError, so that a pydantic validator raising it reports it (`invalid_of` finds it again)."""

    def __init__(self, code: str, fields: tuple[str, ...], message: str, said: Any = None):
        super().__init__(message)
        self.code = code
        self.fields = fields
        self.said = said  # the message as a core.reasons.Reason (code and typed fields), when it has one


def error_message(error: Mapping[str, Any]) -> str:
    """One error of a pydantic ValidationError (`exc.errors()[i]`) in words: a validator's own ValueError as it raised
    it (pydantic's "msg" puts "Value error, " before it: never cut off the sentence, read from the error), else
    pydantic's message."""
    inner = (error.get("ctx") or {}).get("error")
    if error.get("type") == "value_error" and isinstance(inner, ValueError):
        return str(inner)
    return str(error["msg"])


def invalid_of(exc: BaseException) -> InvalidInputError | None:
    """The coded error inside `exc` (itself, or the first one a pydantic ValidationError wraps), or None."""
    if isinstance(exc, InvalidInputError):
        return exc
    errors = getattr(exc, "errors", None)
    if callable(errors):
        for error in errors():
            inner = (error.get("ctx") or {}).get("error")
            if isinstance(inner, InvalidInputError):
                return inner
    return None


class ProjectError(ConfiguratorError):
    """A saved project file cannot be read."""


class FileRefusedError(ConfiguratorError, OSError):
    """A path that is not read at all: a FIFO, device, folder or a file past its kind's size bound.

    An OSError too, so every reader's existing `except OSError` reports it as "cannot read"."""


def unknown_ids(
    ids: Iterable[str], known: Iterable[str], kind: str, option: str = "", listing: str | None = None
) -> RequestError | None:
    """The error for catalog ids that are not in it (None when all are), each with the closest ids as a suggestion:
    `--gpu h800` is answered with "did you mean h800-sxm, h800-pcie?", not only with the catalog's whole list.
    `listing` is the `catalog list` kind that shows them all (default: the kind in the plural)."""
    names = list(known)
    missing = [i for i in ids if i not in names]
    if not missing:
        return None
    import difflib  # only for a mistyped id: every command checks its ids, few miss (#34)

    parts = []
    for wanted in missing:
        # ids that extend what was typed ("h800" -> "h800-sxm") first, then the nearest spellings
        close = [n for n in names if n.startswith(wanted)][:4] or difflib.get_close_matches(
            wanted, names, n=3, cutoff=0.6
        )
        parts.append(f"{wanted[:80]!r}" + (f" (did you mean {', '.join(close)}?)" if close else ""))
    plural = "s" if len(missing) > 1 else ""
    return RequestError(
        f"{option + ': ' if option else ''}unknown {kind} id{plural} {'; '.join(parts)}; "
        f"see `llm-rig catalog list {listing or kind.lower() + 's'}`"
    )
