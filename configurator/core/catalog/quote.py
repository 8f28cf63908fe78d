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

from configurator.core.catalog.kinds import PART_KINDS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Price, Record
from configurator.core.common.errors import CatalogError, Problem
from configurator.core.common.fileio import open_regular, read_bounded

REQUIRED = ("part", "price", "date", "vendor")
OPTIONAL = ("currency", "condition")
MIN_SCORE = 0.5
"""Below this a suggestion is no match at all: the review step starts that line unmatched."""
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
    amount_text: str = ""  # the price as the quote wrote it
    readings: tuple[float, ...] = ()  # two when the amount is ambiguous ("1.599" in EUR: 1.599 or 1,599)

    @property
    def ambiguous(self) -> bool:
        """The amount can be read two ways and neither the file nor the user said which: confirm, never guess."""
        return len(self.readings) > 1

    def price(self, source: str) -> Price:
        return Price(
            amount=self.amount,
            currency=self.currency,  # type: ignore[arg-type]
            condition=self.condition,  # type: ignore[arg-type]
            date=self.date,
            source=source,
            note=f"quoted by {self.vendor}",
        )


MAX_LINES = 100_000
"""A quote is tens of lines; a file of more is refused, not read for minutes."""
DELIMITERS = ("|", ";", "\t", ",")
CURRENCIES = ("USD", "CNY", "EUR")
DECIMAL_MARK = {"USD": ".", "CNY": ".", "EUR": ","}
"""Each currency's usual decimal mark: "1.599,00" for EUR (German, French, Italian, Spanish quotes); a point
for USD and CNY. Only USD's and CNY's are firm: EUR quotes from Ireland or the Netherlands use a point."""
FIRM_MARK = frozenset({"USD", "CNY"})
_SYMBOLS = {
    "US$": "USD",
    "$": "USD",
    "USD": "USD",
    "€": "EUR",
    "EUR": "EUR",
    "CN¥": "CNY",
    "¥": "CNY",
    "￥": "CNY",
    "元": "CNY",
    "RMB": "CNY",
    "CNY": "CNY",
}
_SYMBOL = "|".join(re.escape(k) for k in sorted(_SYMBOLS, key=len, reverse=True))
_PREFIX = re.compile(rf"^({_SYMBOL})\s*(.*)$", re.IGNORECASE | re.DOTALL)
_SUFFIX = re.compile(rf"^(.*?)\s*({_SYMBOL})$", re.IGNORECASE | re.DOTALL)
_GROUPING = re.compile(r"[ \u00a0\u2007\u2009\u202f'\u2019\u02bc]+")
"""Thousands separators besides . and ,: spaces (normal, no-break, figure, thin, narrow no-break) and apostrophes."""
_PRICE_HEADER = re.compile(r"^price\s*[(\[]?\s*(usd|eur|cny)\s*[)\]]?$")
EARLIEST_DATE = datetime.date(1990, 1, 1)


def latest_date(today: datetime.date | None = None) -> datetime.date:
    """A quote's date may be ahead by a year at most (a price valid from next month); 9999-12-31 is a typo."""
    return (today or datetime.date.today()) + datetime.timedelta(days=366)


@dataclass(frozen=True)
class Amount:
    """A price read from text: its value(s), the currency its symbol names, and the decimal mark it proves."""

    value: float
    readings: tuple[float, ...] = ()  # (as a decimal, as thousands) when a single mark has three digits after it
    mark: str = ""  # the single separator of an ambiguous amount
    decimal: str | None = None  # the decimal mark this amount's own shape proves ("1.599,00" proves ",")
    currency: str | None = None  # from a symbol or code written with the amount


def _grouped(whole: str, sep: str) -> bool:
    groups = whole.split(sep)
    return 1 <= len(groups[0]) <= 3 and groups[0].isdigit() and all(len(g) == 3 and g.isdigit() for g in groups[1:])


def parse_amount(raw: Any) -> Amount:
    """A price as a buyer writes it: "1.599,00 €", "$1,599.00", "1 234,56", "1'599.50", "EUR 999,99".

    ValueError says why a text is not a price (scientific notation, a sign, letters, odd grouping). A single
    separator followed by exactly three digits ("1.599") is returned with both readings: the caller decides
    by the file's other amounts, the user's word or the currency, and otherwise asks.
    """
    if isinstance(raw, bool):
        raise ValueError("a true/false cell, not a price")
    if isinstance(raw, (int, float)):  # a spreadsheet's number cell: no text to misread
        return Amount(float(raw))
    text = str(raw or "").strip()
    if not text:
        raise ValueError("empty")
    if len(text) > 64:
        raise ValueError("too long to be a price")
    currency = None
    for pattern, group in ((_PREFIX, 1), (_SUFFIX, 2)):
        found = pattern.match(text)
        if found:
            named = _SYMBOLS[next(k for k in _SYMBOLS if k.lower() == found.group(group).lower())]
            if currency is not None and named != currency:
                raise ValueError(f"names two currencies ({currency} and {named})")
            currency = named
            text = (found.group(2) if group == 1 else found.group(1)).strip()
    if not text:
        raise ValueError("a currency without an amount")
    if re.search(r"[eE]", text) and re.fullmatch(r"[\d.,]+[eE][+-]?\d+", text):
        raise ValueError("scientific notation: write the price out in full")
    if text[0] in "-−(":
        raise ValueError("a negative amount")
    spaced = bool(_GROUPING.search(text))
    if spaced:
        parts = _GROUPING.split(text)
        last = re.fullmatch(r"(\d{3})([.,]\d+)?", parts[-1])
        if len(parts) < 2 or last is None or not _grouped("|".join(parts[:-1] + [last.group(1)]), "|"):
            raise ValueError("digits grouped oddly (thousands come in threes)")
        text = "".join(parts)
    if not re.fullmatch(r"\d[\d.,]*", text) or text[-1] in ".,":
        raise ValueError("not a number")
    marks = [c for c in text if c in ".,"]
    if not marks:
        return Amount(float(text), currency=currency)
    if "." in marks and "," in marks:
        decimal = marks[-1]
        thousands = "," if decimal == "." else "."
        whole, _, fraction = text.rpartition(decimal)
        if marks.count(decimal) > 1 or decimal in whole or spaced or not _grouped(whole, thousands):
            raise ValueError(f"neither a decimal {decimal!r} nor thousands {thousands!r} fits")
        return Amount(float(whole.replace(thousands, "") + "." + fraction), decimal=decimal, currency=currency)
    mark = marks[0]
    if len(marks) > 1:  # "1.234.567": thousands only
        if spaced or not _grouped(text, mark):
            raise ValueError("digits grouped oddly (thousands come in threes)")
        return Amount(float(text.replace(mark, "")), decimal="," if mark == "." else ".", currency=currency)
    whole, _, fraction = text.partition(mark)
    as_decimal = float(whole + "." + fraction)
    if spaced or len(fraction) != 3 or len(whole) > 3 or whole.startswith("0"):
        return Amount(as_decimal, decimal=mark, currency=currency)
    return Amount(as_decimal, readings=(as_decimal, float(whole + fraction)), mark=mark, currency=currency)


def _decode(data: bytes, path: Path) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # Excel's "Unicode text": UTF-16, tab-separated
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise CatalogError([Problem(str(path), 1, "file", "not readable UTF-16 text")]) from None
    if b"\x00" in data[:4096]:
        raise CatalogError([Problem(str(path), 1, "file", "a binary file, not a CSV quote")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # Excel's "CSV" in western Europe: the € is 0x80


def _delimiter(text: str, path: Path) -> str:
    """The delimiter that splits the header into the named columns; else the one most lines agree on."""
    lines = [line for line in text.splitlines()[:50] if line.strip()]
    if not lines:
        return ","
    best, best_score = "", -1
    for d in DELIMITERS:
        try:
            header = next(csv.reader([lines[0]], delimiter=d))
        except csv.Error:
            continue
        names = {_column(c)[0] for c in header}
        score = sum(name in names for name in REQUIRED) * 1000 + (len(header) if len(header) > 1 else 0)
        if score > best_score:
            best, best_score = d, score
    if best_score >= 1000:
        return best
    counts = {d: [line.count(d) for line in lines] for d in DELIMITERS}
    steady = [d for d in DELIMITERS if counts[d][0] > 0 and len(set(counts[d])) == 1]
    if steady:
        return steady[0]
    raise CatalogError(
        [
            Problem(
                str(path),
                1,
                "file",
                "cannot tell the columns apart: the first line must name the "
                f"columns {', '.join(REQUIRED)}, separated by , ; | or a tab",
            )
        ]
    )


def _column(cell: Any) -> tuple[str, str | None]:
    """A header cell as (column name, currency it names): "Price (EUR)" is the price column, in EUR."""
    name = " ".join(str(cell or "").strip().lower().split())
    found = _PRICE_HEADER.match(name)
    return ("price", found.group(1).upper()) if found else (name, None)


def _rows(path: Path) -> list[list[Any]]:
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        import openpyxl

        with open_regular(path, "quote") as handle:
            try:
                book = openpyxl.load_workbook(handle, read_only=True, data_only=True)
                sheet = book.active
                rows: list[list[Any]] = []
                for r in sheet.iter_rows(values_only=True) if sheet is not None else ():
                    if len(rows) > MAX_LINES:
                        raise CatalogError(
                            [Problem(str(path), MAX_LINES, "file", f"more than {MAX_LINES:,} lines: not a quote")]
                        )
                    rows.append(list(r)[:64])
                return rows
            except CatalogError:
                raise
            except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
                raise CatalogError(
                    [Problem(str(path), 1, "file", f"not a readable XLSX workbook: {str(exc)[:160]}")]
                ) from None
    text = _decode(read_bounded(path, "quote"), path)
    delimiter = _delimiter(text, path)
    rows = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        for r in reader:
            if len(rows) > MAX_LINES:
                raise CatalogError(
                    [Problem(str(path), MAX_LINES, "file", f"more than {MAX_LINES:,} lines: not a quote")]
                )
            rows.append(r[:64])
    except csv.Error as exc:
        raise CatalogError([Problem(str(path), reader.line_num, "file", f"not readable CSV: {exc}")]) from None
    return rows


class _DateOutOfRange(ValueError):
    """A well-written date outside the prices' plausible range (its message is the one to show)."""


def _date(value: Any) -> datetime.date:
    if isinstance(value, datetime.datetime):
        when = value.date()
    elif isinstance(value, datetime.date):
        when = value
    else:
        text = str(value).strip()
        european = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text)  # 01.06.2025: day first, as Europe writes it
        when = (
            datetime.date(int(european.group(3)), int(european.group(2)), int(european.group(1)))
            if european
            else datetime.date.fromisoformat(text)
        )
    if not EARLIEST_DATE <= when <= latest_date():
        raise _DateOutOfRange(
            f"{when.isoformat()} is outside {EARLIEST_DATE.isoformat()} to {latest_date().isoformat()}"
        )
    return when


def _amount(value: Any) -> float:
    """The value of an unambiguous price (kept for callers of round 1)."""
    amount = parse_amount(value)
    if amount.readings:
        raise ValueError(f"{value!r} is ambiguous")
    return amount.value


def read_quote(path: Path, currency: str = "USD", decimal: str | None = None) -> list[QuoteLine]:
    """Every priced line of the quote; CatalogError names the file, line and column of each bad value.

    `currency`: for lines that name none (a currency column, a symbol by the amount, a "Price (EUR)" header).
    `decimal`: "," or "." when the user has said which mark the quote uses; else the file's own unambiguous
    amounts decide, else the currency's usual mark where it is firm (USD, CNY); an amount still open to two
    readings comes back with both in `readings`, for the user to confirm.
    """
    rows = [r for r in _rows(path) if any(str(c or "").strip() for c in r)]
    if not rows:
        raise CatalogError([Problem(str(path), 1, "file", "the quote is empty")])
    columns = [_column(c) for c in rows[0]]
    header = [name for name, _ in columns]
    file_currency = next((cur for name, cur in columns if name == "price" and cur), None)
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise CatalogError([Problem(str(path), 1, c, f"no '{c}' column (need {', '.join(REQUIRED)})") for c in missing])
    col = {name: header.index(name) for name in (*REQUIRED, *OPTIONAL) if name in header}
    default = (file_currency or currency).strip().upper()
    lines: list[QuoteLine] = []
    problems: list[Problem] = []
    amounts: list[Amount] = []
    for number, row in enumerate(rows[1:], start=2):
        read = _quote_row(path, number, row, col, default)
        if isinstance(read, Problem):
            problems.append(read)
            continue
        lines.append(read[0])
        amounts.append(read[1])
    if problems:
        raise CatalogError(problems)
    _settle_decimal_marks(lines, amounts, decimal)
    return lines


def _quote_row(
    path: Path, number: int, row: list[Any], col: dict[str, int], default: str
) -> tuple[QuoteLine, Amount] | Problem:
    """One priced line of a quote and its amount as written, or the problem with it (file, line, column)."""

    def cell(name: str) -> Any:
        i = col.get(name)
        return row[i] if i is not None and i < len(row) else None

    try:
        amount = parse_amount(cell("price"))
        if not all(0 < v <= 1e9 for v in (amount.value, *amount.readings)):
            raise ValueError("not between 0 and 1,000,000,000")
    except (TypeError, ValueError, OverflowError) as exc:
        return Problem(str(path), number, "price", f"not a price: {_cut(cell('price'))} ({exc})")
    try:
        when = _date(cell("date"))
    except (TypeError, ValueError, OverflowError) as exc:
        reason = str(exc) if isinstance(exc, _DateOutOfRange) else "write dates as YYYY-MM-DD"
        return Problem(str(path), number, "date", f"not a date: {_cut(cell('date'))} ({reason})")
    named = str(cell("currency") or "").strip().upper()
    if named and amount.currency and named != amount.currency:
        return Problem(str(path), number, "currency", f"the price says {amount.currency}, the currency column {named}")
    cur = named or amount.currency or default
    cond = str(cell("condition") or "new").strip().lower()
    if cur not in CURRENCIES:
        return Problem(str(path), number, "currency", f"{_cut(cur)} is not USD, CNY or EUR")
    if cond not in ("new", "used", "refurbished"):
        return Problem(str(path), number, "condition", f"{_cut(cond)} is not new, used or refurbished")
    part, vendor = str(cell("part") or "").strip(), str(cell("vendor") or "").strip()
    if not part or not vendor:
        return Problem(str(path), number, "part" if not part else "vendor", "empty")
    line = QuoteLine(
        number, part[:300], amount.value, cur, cond, when, vendor[:300], amount_text=str(cell("price")).strip()[:64]
    )
    return line, amount


def _settle_decimal_marks(lines: list[QuoteLine], amounts: list[Amount], decimal: str | None) -> None:
    """Read each amount open to two readings by the mark the user said, else the file's, else the currency's firm
    one; an amount still open keeps both readings for the user to confirm."""
    proven = {a.decimal for a in amounts if a.decimal}
    said = decimal or (proven.pop() if len(proven) == 1 else None)
    for line, amount in zip(lines, amounts):
        if not amount.readings:
            continue
        mark = said or (DECIMAL_MARK[line.currency] if line.currency in FIRM_MARK and not proven else None)
        # three decimals is no price in USD, EUR or CNY: only the user's own word reads "1,599" as 1.599
        if mark is None or (mark == amount.mark and decimal is None):
            line.readings = amount.readings  # ask: never guess a factor of 1,000
            line.amount = amount.readings[1] if DECIMAL_MARK[line.currency] != amount.mark else amount.readings[0]
        else:
            line.amount = amount.readings[0] if amount.mark == mark else amount.readings[1]


def _cut(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def ambiguity_note(line: QuoteLine) -> str:
    """ "1.599" (EUR) could be 1.599 or 1,599.00: the sentence a reviewer answers."""
    small, large = line.readings
    return (
        f"line {line.row}: {line.amount_text!r} ({line.currency}) could be {small:,.3f} or {large:,.2f}; "
        "say which decimal mark the quote uses"
    )


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def match(catalog: Catalog, text: str, top: int = 3, index: _Index | None = None) -> list[Match]:
    """Catalog records the quote's part text names, best first: the id or name exactly, else by
    the words they share and the character similarity of the names.

    score = 0.6 x shared words + 0.4 x SequenceMatcher ratio. The ratio (quadratic in the names' length) is
    computed only for a record whose upper bound (quick_ratio in its place) can still reach the top `top`:
    the same answer as scoring every record, in a fraction of the time (a 10,000-line quote in seconds).
    """
    index = index or _Index(catalog)
    wanted = text.strip().lower()
    words = _words(text)
    exact_ids = index.exact.get(wanted, set())
    scored = [
        Match(index.entries[i][0], index.entries[i][1].id, index.entries[i][1].name, 1.0) for i in sorted(exact_ids)
    ]
    # shared words counted through the index: a record sharing none scores at most 0.4 < MIN_SCORE
    shared: dict[int, int] = {}
    for word in words:
        for i in index.by_word.get(word, ()):
            shared[i] = shared.get(i, 0) + 1
    n = max(len(words), 1)
    candidates = sorted(
        ((0.6 * c / n + 0.4, c / n, i) for i, c in shared.items() if i not in exact_ids),
        key=lambda item: (-item[0], item[2]),
    )
    for bound, overlap, i in candidates:
        floor = max(sorted(m.score for m in scored)[-top] if len(scored) >= top else 0.0, MIN_SCORE)
        if round(bound, 3) < floor:  # ranked by this bound: no later record can enter the top
            break
        matcher = index.matcher(i)
        matcher.set_seq1(wanted)
        if (
            round(0.6 * overlap + 0.4 * matcher.real_quick_ratio(), 3) < floor
            or round(0.6 * overlap + 0.4 * matcher.quick_ratio(), 3) < floor
        ):
            continue
        score = 0.6 * overlap + 0.4 * matcher.ratio()
        if score >= MIN_SCORE:
            kind, record = index.entries[i][0], index.entries[i][1]
            scored.append(Match(kind, record.id, record.name, round(score, 3)))
    scored.sort(key=lambda m: (-m.score, m.kind, m.id))
    return scored[:top]


class _Index:
    """The catalog's records with their words and a SequenceMatcher on each name, built once per quote."""

    def __init__(self, catalog: Catalog):
        self.entries = [
            (kind, record, _words(f"{record.name} {record.id}"), record.name.lower())
            for kind in PART_KINDS
            for record in catalog.kind(kind)
        ]
        self._matchers: dict[int, difflib.SequenceMatcher[str]] = {}
        self.by_word: dict[str, list[int]] = {}
        self.exact: dict[str, set[int]] = {}
        for i, (_kind, record, theirs, name) in enumerate(self.entries):
            for word in theirs:
                self.by_word.setdefault(word, []).append(i)
            for key in {record.id, name, str(getattr(record, "vendor_part_number", "")).lower()} - {""}:
                self.exact.setdefault(key, set()).add(i)

    def matcher(self, i: int) -> difflib.SequenceMatcher[str]:
        found = self._matchers.get(i)
        if found is None:
            found = self._matchers[i] = difflib.SequenceMatcher(None, "", self.entries[i][3])
        return found


def review(catalog: Catalog, lines: list[QuoteLine]) -> list[QuoteLine]:
    """Suggest matches; a line starts matched only to an exact hit or a clear best."""
    index = _Index(catalog)
    seen: dict[str, list[Match]] = {}
    for line in lines:
        key = line.part.strip().lower()
        if key not in seen:
            seen[key] = match(catalog, line.part, index=index)
        line.matches = list(seen[key])
        best = line.matches[0] if line.matches else None
        runner = line.matches[1].score if len(line.matches) > 1 else 0.0
        clear = best is not None and (best.score == 1.0 or best.score - runner >= 0.1)
        line.chosen = best if clear and not line.ambiguous else None  # an ambiguous amount waits for the user
    return lines


def priced_records(catalog: Catalog, lines: list[QuoteLine], source: str) -> dict[str, list[Record]]:
    """The records of the chosen matches with the quoted prices added, by kind, for the overlay."""
    added: dict[tuple[str, str], list[Price]] = {}
    for line in lines:
        if line.chosen is None:
            continue
        if line.ambiguous:
            raise CatalogError([Problem(line.part, line.row, "price", ambiguity_note(line))])
        added.setdefault((line.chosen.kind, line.chosen.id), []).append(line.price(source))
    out: dict[str, list[Record]] = {}
    for (kind, rid), new in added.items():
        record = catalog.get(kind, rid)
        seen = {p.model_dump_json() for p in record.prices}
        fresh: list[Price] = []
        for price in new:  # an identical listing (already there, or twice in the quote) is not repeated
            key = price.model_dump_json()
            if key not in seen:
                seen.add(key)
                fresh.append(price)
        if fresh:
            record = record.model_copy(update={"prices": (*reversed(fresh), *record.prices)})
        out.setdefault(kind, []).append(record)
    return out
