"""Load and validate catalog TOML files, reporting problems as file:line: field: message."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from configurator.core.catalog.models import KINDS, Gpu, Record, System, field_range
from configurator.core.common.base import ValidationError
from configurator.core.common.errors import InvalidInputError, Problem
from configurator.core.common.fileio import check_regular, read_text_bounded, toml_error

META_KEYS = frozenset({"exchange_rates", "meta"})
"""Top-level tables that are catalog metadata rather than lists of records."""

_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_\-]+)\s*\]\]")
_TABLE = re.compile(r"^\s*\[")
_BOUND_ERRORS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal", "finite_number"})


@dataclass
class Catalog:
    """All records by kind and id, with the file each record came from."""

    records: dict[str, dict[str, Record]] = field(default_factory=lambda: {k: {} for k in KINDS})
    origin: dict[tuple[str, str], str] = field(default_factory=dict)
    exchange_rates: dict[str, float] = field(default_factory=dict)
    exchange_rates_date: str = ""
    exchange_rates_source: str = ""

    def kind(self, kind: str) -> list[Record]:
        return list(self.records[kind].values())

    def get(self, kind: str, record_id: str) -> Record:
        return self.records[kind][record_id]

    @property
    def gpus(self) -> list[Gpu]:
        return [r for r in self.records["gpus"].values() if isinstance(r, Gpu)]

    def convert(self, amount: float, from_currency: str, to_currency: str) -> float:
        """Convert via USD using the catalog's dated exchange rates (units per USD)."""
        if from_currency == to_currency:
            return amount
        rates = self.exchange_rates
        if from_currency not in rates or to_currency not in rates:
            raise KeyError(f"no exchange rate for {from_currency}->{to_currency}")
        return amount / rates[from_currency] * rates[to_currency]


@dataclass
class LoadResult:
    catalog: Catalog
    problems: list[Problem]


def _record_spans(lines: list[str]) -> dict[str, list[tuple[int, int]]]:
    """For each kind, the (first, last) 1-based line range of each [[kind]] block in order."""
    spans: dict[str, list[tuple[int, int]]] = {}
    current: tuple[str, int] | None = None
    for number, text in enumerate(lines, start=1):
        match = _HEADER.match(text)
        if match or _TABLE.match(text):
            if current is not None:
                spans.setdefault(current[0], []).append((current[1], number - 1))
                current = None
            if match:
                current = (match.group(1), number)
    if current is not None:
        spans.setdefault(current[0], []).append((current[1], len(lines)))
    return spans


def _line_of(lines: list[str], span: tuple[int, int] | None, key: str) -> int:
    if span is None:
        return 1
    pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for number in range(span[0], span[1] + 1):
        if pattern.match(lines[number - 1]):
            return number
    return span[0]


def _field_path(loc: Iterable[Any]) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path or "record"


@dataclass
class _Parsed:
    file: str
    records: list[tuple[str, Record, int]]  # kind, record, line of its header
    rates: Mapping[str, Any] | None


class ParseCache:
    """Parsed TOML kept as JSON, keyed by file path, size and mtime (tomllib is pure Python
    and dominates command-line start-up; json is C)."""

    def __init__(self, path: Path | None):
        self.path = path
        self._entries: dict[str, Any] | None = None  # read on first use: a load with no TOML to parse never pays
        self.dirty = False

    @property
    def entries(self) -> dict[str, Any]:
        if self._entries is None:
            self._entries = {}
            if self.path is not None:
                try:
                    loaded = json.loads(read_text_bounded(self.path, "cache"))
                    if (
                        isinstance(loaded, dict)
                        and loaded.get("version") == 1
                        and isinstance(loaded.get("files"), dict)
                    ):
                        self._entries = loaded["files"]
                except (OSError, ValueError, RecursionError):
                    pass
        return self._entries

    @staticmethod
    def _key(file: Path) -> str:
        stat = file.stat()
        return f"{stat.st_size}:{stat.st_mtime_ns}"

    def get(self, file: Path) -> dict[str, Any] | None:
        entry = self.entries.get(str(file))
        try:
            if entry and entry["key"] == self._key(file):
                return entry["data"]
        except OSError:
            return None
        return None

    def put(self, file: Path, data: dict[str, Any]) -> None:
        if self.path is None:
            return
        try:
            self.entries[str(file)] = {
                "key": self._key(file),
                "data": json.loads(json.dumps(data, default=_json_default)),
            }
            self.dirty = True
        except (OSError, TypeError, ValueError, RecursionError):
            pass

    def save(self, writer: Any) -> None:
        if self.path is not None and self.dirty:
            try:
                writer(self.path, json.dumps({"version": 1, "files": self.entries}))
            except OSError:
                pass


def _json_default(value: object) -> str:
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    raise TypeError(type(value).__name__)


def parse_file(
    path: Path, display: str | None = None, kinds: Collection[str] | None = None, cache: ParseCache | None = None
) -> tuple[_Parsed, list[Problem]]:
    """Parse and validate one catalog file; never raises for bad content.

    Only records of `kinds` are validated (all when None).
    """
    name = display or str(path)
    parsed = _Parsed(name, [], None)
    loaded = _load_toml(path, name, cache)
    if isinstance(loaded, Problem):
        return parsed, [loaded]
    data, text = loaded
    lines_and_spans = _lazy_spans(path, text)
    problems: list[Problem] = []
    for kind, value in data.items():
        if kind in META_KEYS:
            if kind == "exchange_rates":
                parsed.rates = value
            continue
        model = KINDS.get(kind)
        if model is None:
            lines, spans = lines_and_spans()
            line = _line_of(lines, (1, len(lines)), kind) if spans.get(kind) is None else spans[kind][0][0]
            known = ", ".join(sorted(KINDS))
            problems.append(Problem(name, line, kind, f"unknown catalog kind (expected one of {known})"))
            continue
        if kinds is not None and kind not in kinds:
            continue
        if not isinstance(value, list):
            lines, _ = lines_and_spans()
            problems.append(
                Problem(name, _line_of(lines, (1, len(lines)), kind), kind, "must be an array of tables [[...]]")
            )
            continue
        for index, raw in enumerate(value):
            record = _validated(model, raw, name, kind, index, lines_and_spans, problems)
            if record is not None:
                parsed.records.append((kind, record, -(index + 1)))
    # record header lines are resolved lazily: a negative line is "the n-th record of its kind"
    return parsed, problems


def _load_toml(path: Path, name: str, cache: ParseCache | None) -> tuple[dict[str, Any], str | None] | Problem:
    """The file's TOML (from the cache when it has it) and its text when read, or the one problem that stops it."""
    try:
        check_regular(path, "catalog")  # a FIFO, device or folder named *.toml: never opened, never cached
    except OSError as exc:
        return Problem(name, 1, "file", str(exc).removeprefix(f"{path}: "))
    data = cache.get(path) if cache else None
    if data is not None:
        return data, None
    try:
        text = read_text_bounded(path, "catalog")
    except UnicodeDecodeError as exc:
        return Problem(name, 1, "file", f"cannot read: {exc}")
    except OSError as exc:
        return Problem(name, 1, "file", str(exc).removeprefix(f"{path}: "))
    import tomllib  # here: a start that finds every file in the caches never parses TOML (#34: about 8 ms)

    try:
        data = tomllib.loads(text)
    except RecursionError:
        # tomllib recurses per nesting level: a hostile file must not stop the other files
        return Problem(name, 1, "toml", "nested too deeply to be a catalog file")
    except tomllib.TOMLDecodeError as exc:
        line, _column, message = toml_error(exc, text)
        return Problem(name, line, "toml", f"syntax error: {message}")
    if cache:
        cache.put(path, data)
    return data, text


_Spans = Callable[[], tuple[list[str], dict[str, list[tuple[int, int]]]]]


def _lazy_spans(path: Path, text: str | None) -> _Spans:
    """The file's lines and each record's line span, read only when a problem needs a line number."""
    spans_cache: list[Any] = []

    def lines_and_spans() -> tuple[list[str], dict[str, list[tuple[int, int]]]]:
        if not spans_cache:
            body = text if text is not None else read_text_bounded(path, "catalog")
            lines = body.splitlines()
            spans_cache.extend([lines, _record_spans(lines)])
        return spans_cache[0], spans_cache[1]

    return lines_and_spans


def _validated(
    model: Any, raw: Any, name: str, kind: str, index: int, lines_and_spans: _Spans, problems: list[Problem]
) -> Any:
    """One record validated, or None with its problems (file, line and field) added to `problems`."""
    try:
        return model.model_validate(raw)
    except RecursionError:
        _lines, spans = lines_and_spans()
        kind_spans = spans.get(kind, [])
        line = kind_spans[index][0] if index < len(kind_spans) else 1
        problems.append(Problem(name, line, kind, "nested too deeply to be a catalog record"))
        return None
    except ValidationError as exc:
        lines, spans = lines_and_spans()
        kind_spans = spans.get(kind, [])
        span = kind_spans[index] if index < len(kind_spans) else None
        for error in exc.errors():
            loc = tuple(error["loc"])
            coded = (error.get("ctx") or {}).get("error")
            if not loc and isinstance(coded, InvalidInputError) and coded.fields:
                loc = (coded.fields[0],)  # a whole-record rule: at the field its code names first, not "record"
            top = str(loc[0]) if loc else "record"
            record_id = raw.get("id") if isinstance(raw, dict) else None
            where = f"{kind}[{record_id}]" if record_id else f"{kind}[{index}]"
            msg = error["msg"]
            if error["type"] == "missing":
                msg = f"required field missing in {where}"
            elif error["type"] in _BOUND_ERRORS:
                allowed = field_range(model, loc)
                msg = f"{error['input']!r} is out of range" + (f" (allowed: {allowed})" if allowed else f": {msg}")
            problems.append(Problem(name, _line_of(lines, span, top), _field_path(loc), msg))
        return None


def record_line(file: str, kind: str, index_marker: int) -> int:
    """Header line of a record parsed with a lazy line marker."""
    if index_marker > 0:
        return index_marker
    try:
        lines = read_text_bounded(file, "catalog").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    spans = _record_spans(lines).get(kind, [])
    index = -index_marker - 1
    return spans[index][0] if index < len(spans) else 1


REFERRED_KINDS: dict[str, frozenset[str]] = {
    "gpus": frozenset({"gpus"}),
    "cloud": frozenset({"gpus"}),
    "chassis": frozenset({"motherboards"}),
    "systems": frozenset({"gpus", "cpus"}),
}
"""The kinds whose ids each kind's records name (what _references checks): a load of some kinds loads these too."""


def _references(catalog: Catalog, where: dict[tuple[str, str], tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def check(kind: str, record_id: str, field_name: str, target_kind: str, target: str | None) -> None:
        if target is not None and target not in catalog.records[target_kind]:
            file, line = where[(kind, record_id)]
            line = record_line(file, kind, line)
            problems.append(Problem(file, line, field_name, f"refers to unknown {target_kind} id {target!r}"))

    for gpu in catalog.gpus:
        check("gpus", gpu.id, "export_variant_of", "gpus", gpu.export_variant_of)
    if catalog.records["gpus"]:
        for offer in catalog.records["cloud"].values():
            check("cloud", offer.id, "gpu", "gpus", getattr(offer, "gpu", None))
    if catalog.records["motherboards"]:
        for chassis in catalog.records["chassis"].values():
            check("chassis", chassis.id, "integrated_board", "motherboards", getattr(chassis, "integrated_board", None))
    if catalog.records["accessories"]:
        for chassis in catalog.records["chassis"].values():
            kit = getattr(chassis, "per_gpu_accessory", None)
            check("chassis", chassis.id, "per_gpu_accessory", "accessories", kit)
    if not catalog.records["cpus"] or not catalog.records["gpus"]:
        return problems
    for system in catalog.records["systems"].values():
        assert isinstance(system, System)
        if system.unified is None:
            check("systems", system.id, "gpu", "gpus", system.gpu)
            check("systems", system.id, "cpu", "cpus", system.cpu)
    return problems


def _field_line(file: str, line: int, key: str) -> int:
    try:
        lines = read_text_bounded(file, "catalog").splitlines()
    except (OSError, UnicodeDecodeError):
        return line
    end = line
    while end < len(lines) and not _TABLE.match(lines[end]):
        end += 1
    return _line_of(lines, (line, end), key)


@dataclass
class LoadState:
    """A catalog part-way loaded: its records, the problems so far and where each record was defined.

    The shipped layer's state is what `storage.catalogs` keeps between runs (validated once)."""

    catalog: Catalog = field(default_factory=Catalog)
    problems: list[Problem] = field(default_factory=list)
    where: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)

    def copy(self) -> LoadState:
        catalog = Catalog(
            records={kind: dict(records) for kind, records in self.catalog.records.items()},
            origin=dict(self.catalog.origin),
            exchange_rates=dict(self.catalog.exchange_rates),
            exchange_rates_date=self.catalog.exchange_rates_date,
            exchange_rates_source=self.catalog.exchange_rates_source,
        )
        return LoadState(catalog, list(self.problems), dict(self.where))


def add_layer(
    state: LoadState, layer: list[Path], kinds: Collection[str] | None = None, cache: ParseCache | None = None
) -> None:
    """Load one layer over `state`: its records override earlier layers' by id; within the layer a
    repeated id is a problem. A broken file is reported and skipped; every other file still loads."""
    catalog = state.catalog
    seen: dict[tuple[str, str], tuple[str, int]] = {}
    for path in sorted(layer):
        parsed, file_problems = parse_file(path, kinds=kinds, cache=cache)
        state.problems.extend(file_problems)
        if parsed.rates is not None:
            _apply_rates(catalog, parsed, state.problems)
        for kind, record, line in parsed.records:
            key = (kind, record.id)
            if key in seen:
                first_file, first_line = seen[key]
                first_line = record_line(first_file, kind, first_line)
                id_line = _field_line(parsed.file, record_line(parsed.file, kind, line), "id")
                state.problems.append(
                    Problem(
                        parsed.file, id_line, "id", f"duplicate id {record.id!r} (first at {first_file}:{first_line})"
                    )
                )
                continue
            seen[key] = (parsed.file, line)
            state.where[key] = (parsed.file, line)
            catalog.records[kind][record.id] = record
            catalog.origin[key] = parsed.file


def load_catalog(
    layers: list[list[Path]],
    kinds: Collection[str] | None = None,
    cache: ParseCache | None = None,
    start: LoadState | None = None,
) -> LoadResult:
    """Load catalog layers in order (over `start`, e.g. the cached shipped layer); a later layer
    overrides earlier records by id. `kinds` limits validation to the kinds a caller needs."""
    state = start.copy() if start is not None else LoadState()
    for layer in layers:
        add_layer(state, layer, kinds, cache)
    return LoadResult(state.catalog, state.problems + _references(state.catalog, state.where))


def _apply_rates(catalog: Catalog, parsed: _Parsed, problems: list[Problem]) -> None:
    rates = parsed.rates
    if not isinstance(rates, dict):  # `exchange_rates = true`: a value, not the table it must be
        problems.append(
            Problem(
                parsed.file,
                _key_line(parsed.file, "exchange_rates"),
                "exchange_rates",
                f"must be a table ([exchange_rates] with per_usd, date, source), got {str(rates)[:40]!r}",
            )
        )
        return
    per_usd = rates.get("per_usd", {})
    if not isinstance(per_usd, dict) or not all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v > 0 for v in per_usd.values()
    ):
        problems.append(
            Problem(parsed.file, 1, "exchange_rates.per_usd", "must map currency codes to positive numbers")
        )
        return
    catalog.exchange_rates.update({str(k): float(v) for k, v in per_usd.items()})
    catalog.exchange_rates.setdefault("USD", 1.0)
    catalog.exchange_rates_date = str(rates.get("date", catalog.exchange_rates_date))
    catalog.exchange_rates_source = str(rates.get("source", catalog.exchange_rates_source))


def _key_line(file: str, key: str) -> int:
    try:
        lines = read_text_bounded(file, "catalog").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    return _line_of(lines, (1, len(lines)), key) if lines else 1


def expand(paths: Iterable[Path]) -> list[Path]:
    """Files named directly, plus every *.toml inside named folders."""
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.glob("*.toml")) if path.is_dir() else [path])
    return files


def validate_paths(paths: list[Path], base: list[Path] | None = None) -> list[Problem]:
    """Validate files (or folders of *.toml) as one layer over an optional base layer.

    References may point into the base (a user overlay refers to shipped parts); only
    problems in the named files are returned.
    """
    files = expand(paths)
    missing = [Problem(str(p), 0, "file", "no such file or directory") for p in files if not p.exists()]
    if missing:
        return missing
    named = {str(p) for p in files}
    result = load_catalog([expand(base or []), files])
    return [p for p in result.problems if p.file in named]
