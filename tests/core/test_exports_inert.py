"""Exported cells and Markdown stay inert whatever a part name holds (issue #15; OWASP "CSV Injection")."""

from __future__ import annotations

import pytest

from configurator.core.report.purchase import _md, inert


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_cells_that_a_spreadsheet_would_run_are_quoted(start: str) -> None:
    assert inert(start + 'HYPERLINK("http://x")') == "'" + start + 'HYPERLINK("http://x")'


def test_ordinary_text_and_control_characters() -> None:
    assert inert("NVIDIA RTX 3090") == "NVIDIA RTX 3090"
    assert inert("a\x00b\x07c\x1bd\x7f") == "abcd"
    assert inert("\x07=cmd") == "'=cmd"  # stripping first cannot uncover a live formula


def test_markdown_escapes_html_links_and_table_breaks() -> None:
    text = _md("<script>alert(1)</script> [x](javascript:y) a|b\nc")
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "\\[x\\]" in text and "\\|" in text and "\n" not in text


def test_a_lone_dash_is_not_quoted() -> None:
    """An unset value printed as "-" has nothing after it to run; quoted, a spreadsheet shows "'-"."""
    assert inert("-") == "-"
    assert inert("-1+cmd") == "'-1+cmd" and inert("--") == "'--"
