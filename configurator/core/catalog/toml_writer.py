"""Write catalog records back as TOML (the standard library reads TOML but cannot write it)."""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from configurator.core.catalog.models import Record

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON escapes are valid TOML basic strings
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items() if v is not None)
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) for v in value):
            return "[\n" + "".join(f"  {_value(v)},\n" for v in value) + "]"
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def record_toml(kind: str, record: Record | dict[str, Any]) -> str:
    """One `[[kind]]` block with every set field (None values are left out)."""
    data = record.model_dump(mode="python") if isinstance(record, Record) else record
    lines = [f"[[{kind}]]"]
    for key, value in data.items():
        if value is None or (isinstance(value, (dict, list, tuple)) and not value and key in ("estimates", "prices")):
            continue
        lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def catalog_toml(records: list[tuple[str, Record | dict[str, Any]]], header: str = "") -> str:
    body = "\n".join(record_toml(kind, record) for kind, record in records)
    return (f"# {header}\n\n" if header else "") + body
