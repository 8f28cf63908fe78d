"""One first-token figure everywhere, and a coding agent's context (round 40).

Round 39 made the CLI line, the window's tooltip and estimate rows state the usage's own prompt: `llm-rig plan --model
qwen3-32b --workload inference --usage coding-agent --seats 5 --budget 6000` said "first token 3.2 s after its users'
4,096-token prompt (3,439 of them cached)". Two faults were left:

- the build sheet's speed table still timed the first token at the typed 1,020 tokens ("4.52 s", with "no --prompt
  given: the first token is timed for a typical 1,020-token prompt" among its assumptions) beside that line, and the
  Markdown and XLSX exports said no first token at all;
- that 4,096-token prompt was the coding agent's 42,000 capped by the default 4,096-token context, and nothing said so:
  the plan claimed to serve the usage on builds whose memory held a tenth of its prompts.

Now every surface reads Build.first_token_wait (the usage's prompt when the costs read one), and a usage with a context
of its own (a coding agent's 64k: Ollama's context-length docs, "agents, and coding tools should be set to at least
64000 tokens", read 2026-12-06) plans at it where no --context is typed; where one is typed (or the model's maximum is
shorter) every place says the prompt was capped and from how much.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.costs.tco import OwnershipInputs
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.report.purchase import SheetMeta, markdown_text, request_rows
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve.plan import plan
from tests.helpers import Run

pytestmark = pytest.mark.slow

TEAM = ("--usage", "coding-agent", "--seats", "5")
QWEN3 = ("--model", "qwen3-32b", "--workload", "inference", "--budget", "6000", *TEAM)
META = SheetMeta(project_name="first40", created="2026-12-06", catalog_price_date="2026-11-01")


def _json(cli: Callable[..., Run], *args: str) -> dict[str, Any]:
    run = cli("plan", *args, "--json")
    assert run.code == 0, run.err
    result: dict[str, Any] = json.loads(run.out)
    assert result["builds"]
    return result


def _line(first: dict[str, Any]) -> str:
    """The CLI's first-token figure and prompt, as its line says them."""
    return (
        f"first token {first['usage_prompt_s']:,.1f} s after its users' {first['usage_prompt_tokens']:,}-token prompt"
    )


def test_the_sheet_markdown_and_xlsx_say_the_clis_first_token_for_a_usage(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Every export of the five coding seats' plan times the first token as the CLI's line does: the Markdown's and
    the XLSX's estimate lines say the CLI's sentence, and no typical 1,020-token prompt is said beside it."""
    md, xlsx = tmp_path / "plan.md", tmp_path / "plan.xlsx"
    text = cli("plan", *QWEN3, "--context", "65536", "--top", "2", "--markdown", str(md), "--xlsx", str(xlsx))
    assert text.code == 0, text.err
    result = _json(cli, *QWEN3, "--context", "65536", "--top", "2")
    markdown = md.read_text(encoding="utf-8")
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(xlsx.read_bytes()))
    cells = [str(c.value) for ws in book.worksheets for row in ws.iter_rows() for c in row if c.value is not None]
    for build in result["builds"]:
        first = build["first_token_s"]
        assert first["usage_prompt_tokens"] == 42000 and first["usage_prompt_capped_from"] is None
        line = _line(first)
        assert line in text.out and line in markdown
        assert any(line in cell for cell in cells)
    assert "1,020-token prompt" not in markdown and not any("1,020-token prompt" in c for c in cells)


def test_the_build_sheet_times_the_usages_first_token_in_english_and_chinese(catalog: Catalog) -> None:
    """The build sheet's speed table, its sentence and its assumptions read the usage's figure (the sheet had said
    "Time to first token 4.52 s" and "timed for a typical 1,020-token prompt" beside the CLI's 3.2 s), in English
    and in Chinese."""
    request = BuildRequest(
        model_id="qwen3-32b", workload=Workload(kind="inference", context=65536, batch=5), budget=6000, top_k=2
    )
    result = plan(request, catalog, ownership=OwnershipInputs(usage="coding-agent", seats=5))
    assert result.builds
    for build in result.builds:
        first, wait = build.first_token(), build.first_token_wait()
        assert first is not None and wait is not None and wait.range is not None
        assert wait.seconds == first["usage_prompt_s"] and wait.tokens == first["usage_prompt_tokens"] == 42000
        typed = build.estimate.time_to_first_token_s or 0.0
        assert abs(typed - wait.seconds) > 0.05  # the two prompts' waits differ: the sheet must say the usage's
        html = build_sheet_html(build, request, META)
        assert f"{wait.seconds:,.1f} s (80 % range {wait.range[0]:,.1f}-{wait.range[1]:,.1f})" in html
        assert f"{typed:,.2f} s" not in html and "typical 1,020-token prompt" not in html
        assert f"{_line(first)}" in html.replace("&#x27;", "'")
        zh_meta = dataclasses.replace(META, language="zh_CN")
        with words.language("zh_CN"):
            zh = build_sheet_html(build, request, zh_meta)
            rows = dict(request_rows([build], request, zh_meta))
            md = markdown_text([build], request, zh_meta)
        said = (
            f"用户每次 42,000 token 的提示（其中 {wait.cached:,} token 已缓存）后 {wait.seconds:,.1f} 秒出第一个 token"
        )
        assert said in zh and said in md and said in rows["Estimate"]
        assert f"{wait.seconds:,.1f} 秒" in zh


def test_a_coding_agent_plans_at_its_own_context_unless_one_is_typed(cli: Callable[..., Run]) -> None:
    """No --context: the coding agent's plan holds its 42,000-token prompts (64k on Qwen3.6-27B, whose maximum is
    262k; the model's 40,960 on Qwen3-32B, where the prompt is then capped and says so). A typed --context is kept,
    and the capped prompt is said with the size it was capped from."""
    own = _json(cli, "--model", "qwen3.6-27b", "--workload", "inference", "--budget", "2500", *TEAM, "--top", "1")
    build = own["builds"][0]
    assert build["first_token_s"]["window_tokens"] == 65536
    assert build["first_token_s"]["usage_prompt_tokens"] == 42000
    assert build["first_token_s"]["usage_prompt_capped_from"] is None
    note = next(n for n in own["note_codes"] if n["code"] == "note.usage-context")
    assert note["fields"]["context"] == 65536 and "asked" not in note["fields"]
    assert "64000 tokens" in note["fields"]["source"]

    capped = _json(cli, *QWEN3, "--top", "1")
    build = capped["builds"][0]
    assert build["first_token_s"]["window_tokens"] == 40960  # Qwen3-32B's maximum
    first = build["first_token_s"]
    assert first["usage_prompt_tokens"] == 40960 and first["usage_prompt_capped_from"] == 42000
    assert build["cost_of_ownership"]["prompt_capped_from_tokens"] == 42000
    note = next(n for n in capped["note_codes"] if n["code"] == "note.usage-context")
    assert note["fields"]["context"] == 40960 and note["fields"]["asked"] == 65536

    typed = cli("plan", *QWEN3, "--context", "4096", "--top", "1")
    assert typed.code == 0, typed.err
    assert "4,096-token prompt (capped by the context from their 42,000;" in typed.out
    # the busy hours' sentence states the same prompt, capped
    assert (
        "3,439 of its 4,096 prompt tokens already in the engine's prefix cache (capped by the context from 42,000)"
        in (typed.out)
    )
    assert "no context given" not in typed.out
    data = _json(cli, *QWEN3, "--context", "4096", "--top", "1")
    assert data["builds"][0]["first_token_s"]["window_tokens"] == 4096
    assert not [n for n in data["note_codes"] if n["code"] == "note.usage-context"]
    # a chat usage sets no context of its own: the default stays
    chat = _json(cli, "--model", "qwen3.6-27b", "--workload", "inference", "--budget", "2500", "--usage", "chat")
    assert chat["builds"][0]["first_token_s"]["window_tokens"] == 4096
