"""Saving records to the user's catalog overlay (never into the installed package), with tomlkit."""

from __future__ import annotations

import datetime
import os
import tempfile
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Table

from configurator.core.catalog.loader import parse_file
from configurator.core.catalog.models import KINDS, Price, Record
from configurator.core.common.errors import CatalogError, Problem
from configurator.core.common.fileio import read_text_bounded
from configurator.storage import paths
from configurator.storage.atomic import write_text

_HEADER = "Your {kind}: records here add to, or replace by id, the shipped catalog."


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


def _plain(value: Any) -> Any:
    """A TOML-able value: no None (TOML has no null), tuples as lists, nested tables inline."""
    if isinstance(value, dict):
        table = tomlkit.inline_table()
        for key, inner in value.items():
            if inner is not None:
                table[key] = _plain(inner)
        return table
    if isinstance(value, (list, tuple)):
        array = tomlkit.array()
        array.extend(_plain(v) for v in value)
        if value and all(isinstance(v, dict) for v in value):
            array.multiline(True)
        return array
    if isinstance(value, (bool, int, float, str, datetime.date)):
        return value
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _unwrap(value: Any) -> Any:
    return value.unwrap() if hasattr(value, "unwrap") else value


def record_table(record: Record) -> Table:
    """One record as a TOML table: every set field; empty estimates and prices are left out."""
    table = tomlkit.table()
    for key, value in record.model_dump(mode="python").items():
        if value is None or (key in ("estimates", "prices", "notes") and not value):
            continue
        table[key] = _plain(value)
    return table


def record_text(kind: str, record: Record) -> str:
    """A `[[kind]]` block for the editor's TOML view."""
    doc = tomlkit.document()
    aot = tomlkit.aot()
    aot.append(record_table(record))
    doc[kind] = aot
    return tomlkit.dumps(doc)


def _load(file: Path, kind: str) -> tomlkit.TOMLDocument:
    if not os.path.lexists(file):
        doc = tomlkit.document()
        doc.add(tomlkit.comment(_HEADER.format(kind=kind)))
        doc.add(tomlkit.nl())
        return doc
    try:
        doc = tomlkit.parse(read_text_bounded(file, "catalog"))
    except (TOMLKitError, UnicodeDecodeError, RecursionError, ValueError, OSError) as exc:
        # never overwrite a file we cannot read: the user's records would be lost
        raise CatalogError([Problem(str(file), 1, "toml", f"cannot add to this file: {str(exc)[:200]}")]) from None
    if kind in doc and not isinstance(doc[kind], AoT):
        raise CatalogError([Problem(str(file), 1, kind, "must be an array of tables [[...]]")])
    return doc


def save_record(kind: str, record: Record) -> Path:
    """Add or replace (by id) a record in the app's overlay file for `kind`, atomically; the
    file's other records, comments and layout are kept as the user left them."""
    return save_records(kind, [record])


def save_records(kind: str, records: list[Record], file: Path | None = None) -> Path:
    """Add or replace (by id) records in `file` (default: the app's overlay file for `kind`), atomically."""
    target, text = render_records(kind, records, file)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_text(target, text)
    return target


def render_records(kind: str, records: list[Record], file: Path | None = None) -> tuple[Path, str]:
    """The text `file` would have with `records` added or replaced (by id), nothing written: a caller that writes
    several files renders them all first, so that an unreadable file stops it before any file changes."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind}")
    file = file or overlay_file(kind)
    doc = _load(file, kind)
    if kind not in doc:
        doc[kind] = tomlkit.aot()
    aot = doc[kind]
    assert isinstance(aot, AoT)
    for record in records:
        table = record_table(record)
        existing = next((t for t in aot if t.get("id") == record.id), None)
        if existing is None:
            aot.append(table)
            continue
        # updated in place, key by key: unchanged keys keep their comments, order and spacing
        for key in [k for k in existing if k not in table]:
            del existing[key]
        for key, value in table.items():
            if key not in existing or _unwrap(existing[key]) != _unwrap(value):
                existing[key] = value
    return file, tomlkit.dumps(doc)


def with_price(record: Record, price: Price) -> Record:
    """The record with `price` added (an identical listing already there is not repeated)."""
    if price in record.prices:
        return record
    return record.model_copy(update={"prices": (price, *record.prices)})
