"""A vendor's quote (CSV or XLSX: part, price, date, vendor) read into prices matched to catalog ids for review."""

from __future__ import annotations

import csv
import datetime
import difflib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.errors import CatalogError, Problem

REQUIRED = ("part", "price", "date", "vendor")
OPTIONAL = ("currency", "condition")
MIN_SCORE = 0.5
"""Below this a suggestion is no match at all: the review step starts that line unmatched."""
KINDS = ("gpus", "cpus", "motherboards", "memory", "psus", "chassis", "coolers", "storage", "accessories", "systems")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Match:
    kind: str
    id: str
    name: str
    score: float  # 1.0: the id or the name exactly


@dataclass
class QuoteLine:
    row: int  # 1-based line of the file (the header is row 1)
    part: str
    amount: float
    currency: str
    condition: str
    date: datetime.date
    vendor: str
    matches: list[Match] = field(default_factory=list)
    chosen: Match | None = None  # what the review step settled on; None: skip the line

    def price(self, source: str) -> Price:
        return Price(amount=self.amount, currency=self.currency, condition=self.condition,  # type: ignore[arg-type]
                     date=self.date, source=source, note=f"quoted by {self.vendor}")


def _rows(path: Path) -> list[list[Any]]:
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        import openpyxl

        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
            raise CatalogError([Problem(str(path), 1, "file", f"not a readable XLSX workbook: {str(exc)[:160]}")]) from None
        sheet = book.active
        return [list(r) for r in sheet.iter_rows(values_only=True)] if sheet is not None else []
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CatalogError([Problem(str(path), 1, "file", "not UTF-8 text: save the quote as CSV UTF-8")]) from None
    dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t") if text.strip() else csv.excel
    return [list(r) for r in csv.reader(io.StringIO(text), dialect)]


def _date(value: Any) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value).strip())


def _amount(value: Any) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    text = re.sub(r"[^\d.,-]", "", str(value)).replace(",", "")  # "$1,234.00" -> 1234.00
    return float(text)


def read_quote(path: Path, currency: str = "USD") -> list[QuoteLine]:
    """Every priced line of the quote; CatalogError names the file, line and column of each bad value."""
    rows = [r for r in _rows(path) if any(str(c or "").strip() for c in r)]
    if not rows:
        raise CatalogError([Problem(str(path), 1, "file", "the quote is empty")])
    header = [str(c or "").strip().lower() for c in rows[0]]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise CatalogError([Problem(str(path), 1, c, f"no '{c}' column (need {', '.join(REQUIRED)})") for c in missing])
    col = {name: header.index(name) for name in (*REQUIRED, *OPTIONAL) if name in header}
    lines, problems = [], []
    for number, row in enumerate(rows[1:], start=2):
        def cell(name: str) -> Any:
            i = col.get(name)
            return row[i] if i is not None and i < len(row) else None

        try:
            amount = _amount(cell("price"))
            if not 0 < amount <= 1e9:
                raise ValueError
        except (TypeError, ValueError):
            problems.append(Problem(str(path), number, "price", f"not a price: {cell('price')!r}"))
            continue
        try:
            when = _date(cell("date"))
        except (TypeError, ValueError):
            problems.append(Problem(str(path), number, "date", f"not a date (YYYY-MM-DD): {cell('date')!r}"))
            continue
        cur = str(cell("currency") or currency).strip().upper()
        cond = str(cell("condition") or "new").strip().lower()
        if cur not in ("USD", "CNY", "EUR"):
            problems.append(Problem(str(path), number, "currency", f"{cur!r} is not USD, CNY or EUR"))
            continue
        if cond not in ("new", "used", "refurbished"):
            problems.append(Problem(str(path), number, "condition", f"{cond!r} is not new, used or refurbished"))
            continue
        part, vendor = str(cell("part") or "").strip(), str(cell("vendor") or "").strip()
        if not part or not vendor:
            problems.append(Problem(str(path), number, "part" if not part else "vendor", "empty"))
            continue
        lines.append(QuoteLine(number, part, amount, cur, cond, when, vendor))
    if problems:
        raise CatalogError(problems)
    return lines


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def match(catalog: Catalog, text: str, top: int = 3) -> list[Match]:
    """Catalog records the quote's part text names, best first: the id or name exactly, else by
    the words they share and the character similarity of the names."""
    wanted = text.strip().lower()
    words = _words(text)
    scored = []
    for kind in KINDS:
        for record in catalog.kind(kind):
            if wanted in (record.id, record.name.lower()) or wanted == getattr(record, "vendor_part_number", "").lower():
                scored.append(Match(kind, record.id, record.name, 1.0))
                continue
            theirs = _words(f"{record.name} {record.id}")
            overlap = len(words & theirs) / max(len(words), 1)
            ratio = difflib.SequenceMatcher(None, wanted, record.name.lower()).ratio()
            score = 0.6 * overlap + 0.4 * ratio
            if score >= MIN_SCORE:
                scored.append(Match(kind, record.id, record.name, round(score, 3)))
    scored.sort(key=lambda m: (-m.score, m.kind, m.id))
    return scored[:top]


def review(catalog: Catalog, lines: list[QuoteLine]) -> list[QuoteLine]:
    """Suggest matches; a line starts matched only to an exact hit or a clear best."""
    for line in lines:
        line.matches = match(catalog, line.part)
        best = line.matches[0] if line.matches else None
        runner = line.matches[1].score if len(line.matches) > 1 else 0.0
        line.chosen = best if best is not None and (best.score == 1.0 or best.score - runner >= 0.1) else None
    return lines


def priced_records(catalog: Catalog, lines: list[QuoteLine], source: str) -> dict[str, list[Record]]:
    """The records of the chosen matches with the quoted prices added, by kind, for the overlay."""
    out: dict[str, dict[str, Record]] = {}
    for line in lines:
        if line.chosen is None:
            continue
        kind, rid = line.chosen.kind, line.chosen.id
        record = out.get(kind, {}).get(rid) or catalog.get(kind, rid)
        price = line.price(source)
        if price not in record.prices:
            record = record.model_copy(update={"prices": (price, *record.prices)})
        out.setdefault(kind, {})[rid] = record
    return {kind: list(records.values()) for kind, records in out.items()}
