"""A TOML syntax error's line and column come from the exception's position (its attributes on Python 3.14, the
position tomllib appends before it), never from the wording of its message (core/fileio.toml_error)."""

from __future__ import annotations

import tomllib

import pytest

from configurator.core.common.errors import CatalogError
from configurator.core.common.fileio import toml_error


def _error(text: str) -> tomllib.TOMLDecodeError:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


def test_a_syntax_error_is_placed_on_its_line_and_column() -> None:
    text = "a = 1\nb = 2\nc = = 3\n"
    line, column, message = toml_error(_error(text), text)
    assert (line, column) == (3, 5)
    assert message and "(at" not in message


def test_an_error_at_the_end_of_the_document_is_on_its_last_line() -> None:
    text = 'a = 1\nb = "open'
    line, column, _message = toml_error(_error(text), text)
    assert line == 2 and column >= 1


def test_the_exceptions_own_position_wins_over_its_words() -> None:
    """Python 3.14's TOMLDecodeError carries lineno, colno and msg: they are read, whatever the message says."""

    class Placed(ValueError):
        lineno, colno, msg = 7, 2, "Invalid value"

    assert toml_error(Placed("Invalid value (at line 1, column 1)"), "") == (7, 2, "Invalid value")


def test_a_broken_cloud_offers_file_names_the_line(tmp_path: object) -> None:
    from pathlib import Path

    from configurator.core.costs import tco

    path = Path(str(tmp_path)) / "cloud.toml"
    path.write_text('[[cloud]]\nid = "x"\nprice = = 1\n', encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        tco.load_offers(path)
    (problem,) = caught.value.problems
    assert problem.line == 3 and "(at" not in problem.message
