"""Fixtures of the command-line tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from configurator.cli.main import main
from tests.helpers import Run


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """The command line in-process (what a shell runs, minus the interpreter start-up); never a traceback."""

    def run(*args: str) -> Run:
        code = main(list(args))
        out, err = capsys.readouterr()
        assert "Traceback" not in err and "internal error" not in err, err
        return Run(code, out, err)

    return run
