"""Saving records to the user's catalog overlay (never into the installed package)."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from configurator.core.catalog.loader import parse_file
from configurator.core.catalog.models import KINDS, Record
from configurator.core.catalog.toml_writer import catalog_toml, record_toml
from configurator.core.errors import CatalogError, Problem
from configurator.storage import paths
from configurator.storage.atomic import write_text


def overlay_file(kind: str) -> Path:
    """The app writes its edits to one file per kind; hand-written files are left alone."""
    return paths.user_catalog_dir() / f"app-{kind}.toml"


def parse_record_text(kind: str, text: str) -> Record:
    """Validate one `[[kind]]` record typed by a user; CatalogError names line and field."""
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "edited.toml"
        file.write_text(text, encoding="utf-8")
        parsed, problems = parse_file(file, display="edited record")
    if problems:
        raise CatalogError(problems)
    records = [r for k, r, _ in parsed.records if k == kind]
    if len(records) != 1:
        raise CatalogError([Problem("edited record", 1, kind, f"expected exactly one [[{kind}]] record")])
    return records[0]


def save_record(kind: str, record: Record) -> Path:
    """Add or replace (by id) a record in the app's overlay file for `kind`, atomically."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind}")
    file = overlay_file(kind)
    file.parent.mkdir(parents=True, exist_ok=True)
    existing: list[dict] = []
    if file.exists():
        try:
            with file.open("rb") as handle:
                loaded = tomllib.load(handle).get(kind, [])
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
            # never overwrite a file we cannot read: the user's records would be lost
            raise CatalogError([Problem(str(file), 1, "toml", f"cannot add to this file: {str(exc)[:200]}")]) from None
        if not isinstance(loaded, list):
            raise CatalogError([Problem(str(file), 1, kind, "must be an array of tables [[...]]")])
        existing = [r for r in loaded if isinstance(r, dict) and r.get("id") != record.id]
    entries: list[tuple[str, Record | dict]] = [(kind, r) for r in existing]
    entries.append((kind, record))
    text = catalog_toml(entries, header=f"Your {kind}: records here add to, or replace by id, the shipped catalog.")
    write_text(file, text)
    return file


def record_text(kind: str, record: Record) -> str:
    return record_toml(kind, record)
