"""Copy records from the shipped catalog into the tiny fixture catalog, verbatim (with their sources).

    python -m tests.unit.catalog.refresh                  # every tiny record again from catalogs/
    python -m tests.unit.catalog.refresh gpus rtx-5090    # and add one (kind, then ids)

Records keep the shipped files' order; `tests/unit/catalog/test_tiny_catalog.py` fails when a copy has drifted."""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "catalogs"
TINY = REPO / "tests" / "data" / "tiny_catalog"
_ID = re.compile(r'^id = "([^"]+)"', re.M)


def records(path: Path, kind: str) -> dict[str, str]:
    """A catalog file's `[[kind]]` records by id, each its own text (comments and blank lines after it dropped)."""
    found: dict[str, str] = {}
    lines: list[str] | None = None
    for line in [*path.read_text(encoding="utf-8").splitlines(keepends=True), "[[end]]\n"]:
        if line.startswith("[["):
            if lines is not None:
                while lines and (not lines[-1].strip() or lines[-1].startswith("#")):
                    lines.pop()
                text = "".join(lines)
                match = _ID.search(text)
                assert match, f"{path}: a [[{kind}]] record without an id"
                found[match.group(1)] = text
            lines = [line] if line.strip() == f"[[{kind}]]" else None
        elif lines is not None:
            lines.append(line)
    return found


def write(kind: str, ids: set[str]) -> None:
    shipped = records(SHIPPED / f"{kind}.toml", kind)
    missing = ids - set(shipped)
    if missing:
        raise SystemExit(f"not in catalogs/{kind}.toml: {', '.join(sorted(missing))}")
    head = f"# A tiny catalog for unit tests: these records copied verbatim from catalogs/{kind}.toml (with their sources).\n"
    body = "".join(f"\n{text}" for record_id, text in shipped.items() if record_id in ids)
    (TINY / f"{kind}.toml").write_text(head + body, encoding="utf-8")


def main(argv: list[str]) -> None:
    added = {argv[0]: set(argv[1:])} if argv else {}
    kinds = {path.stem for path in TINY.glob("*.toml")} | set(added)
    for kind in sorted(kinds):
        path = TINY / f"{kind}.toml"
        have = set(records(path, kind)) if path.exists() else set()
        write(kind, have | added.get(kind, set()))


if __name__ == "__main__":
    main(sys.argv[1:])
