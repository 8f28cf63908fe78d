"""Price packs: the user's overlay prices (and the parts they added) as one dated TOML file that another machine
can review and merge into its own overlay, so one purchasing office keeps one price list for everyone."""

from __future__ import annotations

import datetime
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

import tomlkit
from pydantic import ValidationError

from configurator.core.catalog.kinds import PART_KINDS
from configurator.core.catalog.loader import Catalog, _field_path, _line_of, _record_spans, parse_file
from configurator.core.catalog.models import Price, Record, System
from configurator.core.common.errors import CatalogError, Problem
from configurator.core.common.fileio import toml_error
from configurator.storage import catalogs, overlay, paths
from configurator.storage.atomic import write_text

PACK_FORMAT = 1
"""The version of the pack layout; a pack of a newer format is refused rather than half read."""
PRICE_TABLE = "price"
PACK_TABLE = "pack"
_PACK_HEADER = re.compile(r"^\s*\[\s*pack\s*\]")


class ChangeJson(TypedDict):
    """One line of `llm-rig prices import --json`'s "changes" (a public contract: keep every key)."""

    action: str
    kind: str
    id: str
    name: str
    price: dict[str, Any] | None  # a catalog Price as its JSON (model_dump)
    previous: dict[str, Any] | None
    reason: str


class PackJson(TypedDict):
    format: int
    date: str
    author: str
    app_version: str


class ReviewJson(TypedDict):
    """`llm-rig prices import --json`: the pack, whether it was applied, what it changes and the file written."""

    file: str
    pack: PackJson
    applied: bool
    counts: dict[str, int]
    changes: list[ChangeJson]
    written: list[str]


@dataclass(frozen=True)
class PackPrice:
    """One price of a pack, for the part `kind`/`id`."""

    kind: str
    id: str
    price: Price
    line: int


@dataclass(frozen=True)
class PricePack:
    """A parsed, validated pack: who made it and when, its prices and the whole records of parts it adds."""

    file: str
    date: datetime.date
    author: str
    app_version: str
    prices: tuple[PackPrice, ...]
    parts: tuple[tuple[str, Record], ...]


@dataclass(frozen=True)
class Change:
    """One line of an import's review: what the pack would do to one record."""

    action: str  # "add-price", "add-part", "replace-part", "unchanged", "skipped"
    kind: str
    id: str
    name: str
    price: Price | None = None
    previous: Price | None = None
    reason: str = ""

    def as_json(self) -> ChangeJson:
        return {
            "action": self.action,
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "price": self.price.model_dump(mode="json") if self.price else None,
            "previous": self.previous.model_dump(mode="json") if self.previous else None,
            "reason": self.reason,
        }

    def text(self) -> str:
        def money(p: Price) -> str:
            return f"{p.amount:,.2f} {p.currency} {p.condition} ({p.date.isoformat()})"

        head = f"{self.kind} {self.id}"
        if self.action == "add-price" and self.price is not None:
            was = (
                f", newest before: {money(self.previous)}"
                if self.previous
                else ", first price in this currency and condition"
            )
            return f"+ {head}: add {money(self.price)}{was}"
        if self.action == "add-part":
            return f"+ {head}: add part {self.name!r}"
        if self.action == "replace-part":
            return f"~ {head}: replace part {self.name!r} ({self.reason})"
        if self.action == "unchanged":
            return f"= {head}: {self.reason or 'already there'}"
        return f"! {head}: skipped, {self.reason}"


@dataclass
class Review:
    """What importing a pack changes, and (after apply) the files written."""

    pack: PricePack
    changes: list[Change]
    updated: dict[tuple[str, str], Record] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)

    @property
    def effective(self) -> list[Change]:
        return [c for c in self.changes if c.action in ("add-price", "add-part", "replace-part")]

    def counts(self) -> dict[str, int]:
        result: dict[str, int] = {}
        for change in self.changes:
            result[change.action] = result.get(change.action, 0) + 1
        return result

    def as_json(self, applied: bool) -> ReviewJson:
        return {
            "file": self.pack.file,
            "pack": {
                "format": PACK_FORMAT,
                "date": self.pack.date.isoformat(),
                "author": self.pack.author,
                "app_version": self.pack.app_version,
            },
            "applied": applied,
            "counts": self.counts(),
            "changes": [c.as_json() for c in self.changes],
            "written": self.written,
        }


# ---------------------------------------------------------------------------------------------- export


def _user_records() -> list[tuple[str, Record]]:
    """Every part record of the user's overlay folder, in file order (a later file wins, as when loading)."""
    found: dict[tuple[str, str], Record] = {}
    for file in paths.user_catalog_files():
        parsed, problems = parse_file(file, kinds=set(PART_KINDS))
        if problems:
            raise CatalogError(problems)
        for kind, record, _ in parsed.records:
            if kind in PART_KINDS:
                found[(kind, record.id)] = record
    return [(kind, record) for (kind, _), record in found.items()]


def pack_text(author: str, app_version: str, today: datetime.date | None = None) -> tuple[str, int, int]:
    """The pack of the user's overlay: (TOML text, prices, parts). A price of a shipped part goes in as a
    [[price]] row when the shipped record does not already carry it; a part the user added goes in whole."""
    shipped = catalogs.load(include_user=False, kinds=set(PART_KINDS)).catalog
    doc = tomlkit.document()
    doc.add(
        tomlkit.comment("LLM Rig Configurator price pack: `llm-rig catalog import-prices FILE` reviews and merges it.")
    )
    head = tomlkit.table()
    head["format"] = PACK_FORMAT
    head["date"] = today or datetime.date.today()
    head["author"] = author
    head["app_version"] = app_version
    doc[PACK_TABLE] = head
    rows = tomlkit.aot()
    parts: dict[str, Any] = {}
    n_parts = 0
    for kind, record in _user_records():
        base = shipped.records[kind].get(record.id)
        if base is None:
            parts.setdefault(kind, tomlkit.aot()).append(overlay.record_table(record))
            n_parts += 1
            continue
        for price in record.prices:
            if price in base.prices:
                continue
            row = tomlkit.table()
            row["kind"] = kind
            row["id"] = record.id
            for key, value in price.model_dump(mode="python").items():
                if value is not None:  # TOML has no null: a price's unknown VAT flag (round 40) is left out
                    row[key] = value
            rows.append(row)
    if len(rows):
        doc[PRICE_TABLE] = rows
    for kind, aot in parts.items():
        doc[kind] = aot
    return tomlkit.dumps(doc), len(rows), n_parts


def export_pack(file: Path, author: str, app_version: str, today: datetime.date | None = None) -> tuple[int, int]:
    """Write the user's pack to `file` atomically; (prices, parts) written."""
    text, n_prices, n_parts = pack_text(author, app_version, today)
    write_text(file, text)
    return n_prices, n_parts


# ---------------------------------------------------------------------------------------------- read


def _toml_of(file: Path) -> tuple[str, dict[str, Any]]:
    """The pack's text and its TOML; CatalogError names the line of a syntax error."""
    name = str(file)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError([Problem(name, 1, "file", f"cannot read: {exc}")]) from None
    try:
        return text, tomllib.loads(text)
    except RecursionError:
        raise CatalogError([Problem(name, 1, "toml", "nested too deeply to be a price pack")]) from None
    except tomllib.TOMLDecodeError as exc:
        line, _column, message = toml_error(exc, text)
        raise CatalogError([Problem(name, line, "toml", f"syntax error: {message}")]) from None


def _pack_head(
    name: str, head: Any, lines: list[str], today: datetime.date, problems: list[Problem]
) -> tuple[datetime.date, str, str]:
    """The [pack] table's date, author and app version (problems appended for what is wrong)."""
    head_line = next((n for n, t in enumerate(lines, start=1) if _PACK_HEADER.match(t)), 1)
    head_span = (head_line, len(lines))
    date, author = today, ""
    if not isinstance(head, dict):
        problems.append(Problem(name, 1, PACK_TABLE, "missing [pack] table (format, date, author): not a price pack"))
        return date, author, ""
    fmt = head.get("format")
    if fmt != PACK_FORMAT:
        problems.append(
            Problem(
                name,
                _line_of(lines, head_span, "format"),
                "pack.format",
                f"{fmt!r} is not a pack format this version reads (expected {PACK_FORMAT})",
            )
        )
    raw_date = head.get("date")
    if not isinstance(raw_date, datetime.date) or isinstance(raw_date, datetime.datetime):
        problems.append(
            Problem(name, _line_of(lines, head_span, "date"), "pack.date", "must be a date such as 2026-12-01")
        )
    else:
        date = raw_date
    raw_author = head.get("author")
    if not isinstance(raw_author, str) or not raw_author.strip():
        problems.append(
            Problem(name, _line_of(lines, head_span, "author"), "pack.author", "must name who made the pack")
        )
    else:
        author = raw_author
    return date, author, str(head.get("app_version", ""))


def _pack_price(
    name: str, index: int, raw: Any, span: tuple[int, int] | None, lines: list[str], today: datetime.date
) -> PackPrice | list[Problem]:
    """One [[price]] row: the part it prices and the price, or the problems with it."""
    line = span[0] if span else 1
    if not isinstance(raw, dict):
        return [Problem(name, line, PRICE_TABLE, "must be a table")]
    kind, record_id = raw.get("kind"), raw.get("id")
    if kind not in PART_KINDS:
        return [
            Problem(
                name,
                _line_of(lines, span, "kind"),
                f"price[{index}].kind",
                f"{kind!r} is not a part kind (expected one of {', '.join(PART_KINDS)})",
            )
        ]
    if not isinstance(record_id, str) or not record_id:
        return [Problem(name, _line_of(lines, span, "id"), f"price[{index}].id", "must name the part's id")]
    body = {k: v for k, v in raw.items() if k not in ("kind", "id")}
    try:
        price = Price.model_validate(body)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            loc = tuple(error["loc"])
            top = str(loc[0]) if loc else "price"
            msg = "required field missing" if error["type"] == "missing" else error["msg"]
            problems.append(Problem(name, _line_of(lines, span, top), f"price[{record_id}].{_field_path(loc)}", msg))
        return problems
    if price.date > today:
        where = _line_of(lines, span, "date")
        return [Problem(name, where, f"price[{record_id}].date", f"{price.date.isoformat()} is in the future")]
    return PackPrice(kind, record_id, price, line)


def _pack_parts(
    file: Path, data: dict[str, Any], spans: dict[str, list[tuple[int, int]]], lines: list[str], today: datetime.date
) -> tuple[list[tuple[str, Record]], list[Problem]]:
    """Whole part records in the pack (its own [[gpus]], [[cpus]]...), and tables a pack does not have."""
    name = str(file)
    parts: list[tuple[str, Record]] = []
    problems: list[Problem] = []
    unknown = {k for k in data if k not in (PACK_TABLE, PRICE_TABLE, *PART_KINDS)}
    for key in sorted(unknown):
        key_line = spans[key][0][0] if key in spans else _line_of(lines, (1, len(lines)), key)
        problems.append(
            Problem(name, key_line, key, "not part of a price pack (expected [pack], [[price]] or a part kind)")
        )
    if any(k in data for k in PART_KINDS):
        parsed, part_problems = parse_file(file, kinds=set(PART_KINDS))
        # the loader knows part kinds only; [pack] and [[price]] were checked above
        problems += [p for p in part_problems if p.field not in (PACK_TABLE, PRICE_TABLE, *unknown)]
        for kind, record, _ in parsed.records:
            for price in record.prices:
                if price.date > today:
                    problems.append(
                        Problem(name, 1, f"{kind}[{record.id}].prices", f"{price.date.isoformat()} is in the future")
                    )
            parts.append((kind, record))
    return parts, problems


def read_pack(file: Path, today: datetime.date | None = None) -> PricePack:
    """Parse and validate a pack; CatalogError names the file, line and field of every problem."""
    name = str(file)
    text, data = _toml_of(file)
    lines = text.splitlines()
    spans = _record_spans(lines)
    problems: list[Problem] = []
    today = today or datetime.date.today()
    date, author, version = _pack_head(name, data.get(PACK_TABLE), lines, today, problems)

    prices: list[PackPrice] = []
    rows = data.get(PRICE_TABLE, [])
    if not isinstance(rows, list):
        problems.append(Problem(name, 1, PRICE_TABLE, "must be an array of tables [[price]]"))
        rows = []
    price_spans = spans.get(PRICE_TABLE, [])
    for index, raw in enumerate(rows):
        read = _pack_price(name, index, raw, price_spans[index] if index < len(price_spans) else None, lines, today)
        if isinstance(read, PackPrice):
            prices.append(read)
        else:
            problems += read
    parts, part_problems = _pack_parts(file, data, spans, lines, today)
    problems += part_problems
    if problems:
        raise CatalogError(problems)
    return PricePack(name, date, author, version, tuple(prices), tuple(parts))


# ---------------------------------------------------------------------------------------------- import


def _references(kind: str, record: Record) -> list[tuple[str, str]]:
    """(kind, id) of the records a part refers to, as the loader checks them (core.catalog.loader)."""
    refs: list[tuple[str, str | None]] = []
    if kind == "gpus":
        refs.append(("gpus", getattr(record, "export_variant_of", None)))
    elif kind == "chassis":
        refs.append(("motherboards", getattr(record, "integrated_board", None)))
    elif kind == "systems" and isinstance(record, System) and record.unified is None:
        refs += [("gpus", record.gpu), ("cpus", record.cpu)]
    return [(k, i) for k, i in refs if i is not None]


def review(pack: PricePack, catalog: Catalog) -> Review:
    """What merging `pack` into a machine whose catalog is `catalog` would change; nothing is written."""
    changes: list[Change] = []
    updated: dict[tuple[str, str], Record] = {}
    in_pack = {(kind, part.id) for kind, part in pack.parts}

    def current(kind: str, record_id: str) -> Record | None:
        return updated.get((kind, record_id)) or catalog.records[kind].get(record_id)

    for kind, part in pack.parts:
        missing = [
            f"{k} {i!r}" for k, i in _references(kind, part) if i not in catalog.records[k] and (k, i) not in in_pack
        ]
        if missing:
            # written anyway, the part would make this machine's catalog report a broken reference
            changes.append(
                Change(
                    "skipped",
                    kind,
                    part.id,
                    part.name,
                    reason=f"refers to {', '.join(missing)}, in neither this catalog nor the pack",
                )
            )
            continue
        existing = current(kind, part.id)
        if existing is None:
            changes.append(Change("add-part", kind, part.id, part.name))
            updated[(kind, part.id)] = part
        elif existing == part:
            changes.append(Change("unchanged", kind, part.id, part.name, reason="the same part is already there"))
        else:
            merged = part.model_copy(
                update={"prices": part.prices + tuple(p for p in existing.prices if p not in part.prices)}
            )
            changes.append(
                Change(
                    "replace-part",
                    kind,
                    part.id,
                    part.name,
                    reason="the pack's record replaces this machine's; prices of both are kept",
                )
            )
            updated[(kind, part.id)] = merged
    for row in pack.prices:
        existing = current(row.kind, row.id)
        if existing is None:
            changes.append(
                Change("skipped", row.kind, row.id, row.id, row.price, reason="no such part in this machine's catalog")
            )
            continue
        if row.price in existing.prices:
            changes.append(
                Change("unchanged", row.kind, row.id, existing.name, row.price, reason="price already there")
            )
            continue
        previous = existing.price(row.price.currency, row.price.condition)
        changes.append(Change("add-price", row.kind, row.id, existing.name, row.price, previous))
        updated[(row.kind, row.id)] = overlay.with_price(existing, row.price)
    return Review(pack, changes, updated)


def apply(result: Review, catalog: Catalog) -> list[str]:
    """Write the review's records into the user's overlay: a record that already lives in one of the user's
    files is updated there (in place, other records and comments kept), every other one in the app's file
    for its kind. Each file is written atomically; nothing is written when there is nothing to change."""
    user_dir = paths.user_catalog_dir().resolve()
    by_file: dict[tuple[str, Path | None], list[Record]] = {}
    for (kind, record_id), record in result.updated.items():
        origin = catalog.origin.get((kind, record_id))
        target: Path | None = None
        if origin is not None and Path(origin).resolve().is_relative_to(user_dir):
            target = Path(origin)
        by_file.setdefault((kind, target), []).append(record)
    # every file rendered before any is written: a user file that cannot be read stops the import unchanged
    rendered = [overlay.render_records(kind, records, file=target) for (kind, target), records in by_file.items()]
    written = []
    for file, text in rendered:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_text(file, text)
        written.append(str(file))
    result.written = written
    return written
