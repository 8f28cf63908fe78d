"""User preferences: a versioned pydantic model stored as JSON in the config folder."""

from __future__ import annotations

import json
import os
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from configurator.core.common.fileio import read_text_bounded, set_aside
from configurator.storage import paths
from configurator.storage.atomic import write_text

SCHEMA_VERSION = 1
MAX_RECENT = 8


class Preferences(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)

    schema_version: int = SCHEMA_VERSION
    currency: Literal["USD", "CNY", "EUR"] = "USD"
    region: Literal["global", "china"] = "global"
    units: Literal["metric", "imperial"] = "metric"
    theme: Literal["system", "light", "dark"] = "system"
    language: Literal["system", "en", "zh_CN"] = "system"  # the window's; "system" follows the locale
    country: str | None = None  # the first-run choice (core.model.request.COUNTRIES); None: not asked yet
    circuit: Literal["120v15a", "120v20a", "240v20a", "208v30a", "220v10a", "220v16a", "230v10a", "230v16a"] | None = (
        None  # of new projects; None: by currency
    )
    # round 42: the buyer's tax basis of new projects (BuildRequest.vat_country, vat): a euro buyer's country (""
    # Germany, the default; catalog.tax.EUR_COUNTRIES) and whether a VAT-registered buyer reclaims VAT
    vat_country: Literal["", "DE", "FR", "IT", "ES", "NL", "AT", "IE", "PL", "FI"] = ""
    vat: Literal["pay", "reclaim"] = "pay"
    recent_files: tuple[str, ...] = Field(default=())

    def with_recent(self, path: str) -> Preferences:
        recent = [path] + [p for p in self.recent_files if p != path]
        return self.model_copy(update={"recent_files": tuple(recent[:MAX_RECENT])})


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    # version 1 is the first; future versions add steps here, oldest first
    data["schema_version"] = SCHEMA_VERSION
    return data


def settings_file() -> Any:
    return paths.config_dir() / "preferences.json"


def load() -> Preferences:
    """Preferences, or defaults when the file is missing; a file that cannot be read (a FIFO, a device,
    too large, broken JSON) is set aside as `preferences.json.broken-<time>` and the defaults are used."""
    file = settings_file()
    if not os.path.lexists(file):
        return Preferences()
    try:
        data = json.loads(read_text_bounded(file, "preferences"))
        if isinstance(data, dict):
            return Preferences.model_validate(_migrate(data))
    except (OSError, ValueError, ValidationError, RecursionError):
        pass
    set_aside(file)
    return Preferences()


def save(prefs: Preferences) -> None:
    file = settings_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    write_text(file, prefs.model_dump_json(indent=2) + "\n")
