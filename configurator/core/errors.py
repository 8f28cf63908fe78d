"""Error types: everything the app reports to a user derives from ConfiguratorError."""

from __future__ import annotations

from dataclasses import dataclass


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


class ProjectError(ConfiguratorError):
    """A saved project file cannot be read."""
