"""A catalog record's whole-record rules are codes with the fields they are about (#33): the loader names the field
and its line, not "record", and the catalog editor marks those fields, never reading the sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from configurator.core.catalog.loader import load_catalog
from configurator.core.catalog.models import Gpu
from configurator.core.common.errors import invalid_of
from configurator.core.common.reasons import english

TINY_GPUS = Path(__file__).resolve().parents[2] / "data" / "tiny_catalog" / "gpus.toml"


def _first_gpu() -> str:
    """The tiny catalog's first card, as its TOML (the file's header comment dropped)."""
    return "[[gpus]]" + TINY_GPUS.read_text(encoding="utf-8").split("\n[[gpus]]")[1]


def test_a_module_with_a_fan_is_reported_at_its_cooler_line(tmp_path: Path) -> None:
    text = _first_gpu().replace('form_factor = "pcie"', 'form_factor = "sxm"', 1)
    path = tmp_path / "gpus.toml"
    path.write_text(text, encoding="utf-8")
    problems = load_catalog([[path]]).problems
    assert [(p.field, p.message) for p in problems] == [
        ("cooler", "Value error, SXM/OAM modules are passively cooled by the server")
    ]
    cooler_line = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("cooler ="))
    assert problems[0].line == cooler_line


def test_a_power_floor_above_the_tdp_is_a_code_with_its_figures() -> None:
    raw = load_catalog([[TINY_GPUS]]).catalog.records["gpus"]["rtx-3090"].model_dump()
    raw.update(power_limit_min_w=400.0, power_limit_source="nvidia-smi -q on the card")
    with pytest.raises(ValidationError) as caught:
        Gpu.model_validate(raw)
    coded = invalid_of(caught.value)
    assert coded is not None and coded.code == "record.power-floor-above-tdp"
    assert coded.fields == ("power_limit_min_w", "tdp_w")
    assert coded.said is not None and coded.said.fields == {"floor_w": 400.0, "tdp_w": 350.0}
    assert str(coded) == english(coded.said) == "power_limit_min_w (400 W) is above tdp_w (350 W)"
