"""docs/advice.md tells a buyer where each build comes from: every source a build can name in `plan --json`'s
"source" has its row there, so the page cannot fall behind the registry (#27's done-when: a page a buyer can read)."""

from __future__ import annotations

from pathlib import Path

from configurator.core.solve import plan as _plan  # noqa: F401  (registers every source)
from configurator.core.solve.sources import SOURCES

ADVICE = Path(__file__).resolve().parents[2] / "docs" / "advice.md"
PLAN_SOURCES = ("cluster",)
"""Sources the plan sets itself, outside the registry (solve.plan: servers working together)."""


def test_every_source_a_build_can_name_is_explained_in_the_buyers_page() -> None:
    table = [line for line in ADVICE.read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
    documented = {name for line in table for name in line.split("|")[1].replace("`", " ").replace(",", " ").split()}
    names = [entry.name for entry in SOURCES] + list(PLAN_SOURCES)
    assert len(names) >= 12
    assert not [n for n in names if n not in documented], "add a row to docs/advice.md section 1"
