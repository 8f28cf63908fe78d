"""`python benchmarks/accuracy.py --rows KIND` lists every row's error, the excluded rows with their reasons among them.
first_token's excluded row (Ollama 0.21.0's own runner, not llama.cpp) cannot be scored at all: it had ended the
listing in an IndexError (moe40's note, round 40); it is said, not a traceback."""

from __future__ import annotations

import pytest

from tests.helpers import accuracy_benchmark


def test_rows_lists_an_excluded_row_it_cannot_score(capsys: pytest.CaptureFixture[str]) -> None:
    accuracy = accuracy_benchmark()
    assert accuracy.main(["--no-cv", "--rows", "first_token"]) in (0, None)
    out = capsys.readouterr().out
    assert "excluded not scored  qwen3-30b-a3b: measures Ollama 0.21.0's own (CGO) runner" in out
    assert "holdout" in out  # the rows before it are listed too
