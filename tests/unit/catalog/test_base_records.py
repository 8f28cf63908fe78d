"""A broken base-machine record (catalogs/bases.toml, round 38) is reported by file, line and field, as every other
catalog kind is; the shipped records load and each unread figure is a marked estimate."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.catalog.loader import load_catalog
from configurator.core.catalog.models import BaseMachine

SHIPPED = Path(__file__).resolve().parents[3] / "catalogs" / "bases.toml"

GOOD = """[[bases]]
id = "office-tower"
name = "An office tower (used)"
vendor = "Acme"
cpu_name = "Core i5-6500"
memory_gb = 16
storage_gb = 256
psu_w = 400
host_load_w = 110
gpu_plugs_8 = 1
x16_slots = [1]
slot_openings = 4
pcie_gen = 3
max_card_length_mm = 250
source = "https://example.org/spec-sheet"
prices = [{ amount = 120.0, currency = "USD", condition = "used", date = 2026-10-01, source = "https://example.org/listing" }]
"""


def _problems(tmp_path: Path, text: str) -> list[tuple[str, int, str, str]]:
    path = tmp_path / "bases.toml"
    path.write_text(text, encoding="utf-8")
    return [(Path(p.file).name, p.line, p.field, p.message) for p in load_catalog([[path]]).problems]


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_good_record_loads(tmp_path: Path) -> None:
    path = tmp_path / "bases.toml"
    path.write_text(GOOD, encoding="utf-8")
    loaded = load_catalog([[path]])
    assert loaded.problems == []
    base = loaded.catalog.records["bases"]["office-tower"]
    assert isinstance(base, BaseMachine) and base.x16_slots == (1,)


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("psu_w = 400", "psu_w = -5", "psu_w", "-5 is out of range (allowed: more than 0 and at most 3,000)"),
        ("gpu_plugs_8 = 1", "gpu_plugs_8 = 99", "gpu_plugs_8", "99 is out of range"),
        ("max_card_length_mm = 250", "max_card_length_mm = 9", "max_card_length_mm", "9 is out of range"),
        (
            "gpu_plugs_8 = 1",
            'gpu_plugs_8 = 1\nbuyer_checks = ["pray"]',
            "buyer_checks[0]",
            "Input should be 'psu-plugs', 'adapter'",
        ),
    ],
)
def test_a_bad_field_is_named_at_its_line(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    text = GOOD.replace(old, new, 1)
    [(file, line, named, message)] = _problems(tmp_path, text)
    assert (file, named) == ("bases.toml", field)
    assert line == _line(text, field.split("[")[0])
    assert words in message


def test_a_slot_beyond_the_openings_is_a_code_on_the_slots_line(tmp_path: Path) -> None:
    text = GOOD.replace("x16_slots = [1]", "x16_slots = [1, 5]", 1)
    [(file, line, field, message)] = _problems(tmp_path, text)
    assert (file, field) == ("bases.toml", "x16_slots")
    assert line == _line(text, "x16_slots")
    assert "from 1 to slot_openings (4)" in message


def test_a_missing_plug_count_defaults_and_a_missing_psu_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("psu_w = 400\n", "", 1)
    [(file, _line_no, field, message)] = _problems(tmp_path, text)
    assert (file, field) == ("bases.toml", "psu_w")
    assert message == "required field missing in bases[office-tower]"


def test_shipped_bases_load_with_their_unread_figures_marked() -> None:
    loaded = load_catalog([[SHIPPED]])
    assert loaded.problems == []
    bases = loaded.catalog.records["bases"]
    assert {"hp-z440-700w", "lenovo-p520-690w", "dell-t5810-685w"} <= set(bases)
    for base in bases.values():
        assert isinstance(base, BaseMachine)
        assert base.prices and all(p.condition == "used" for p in base.prices)
        # no dated listing of the machines was found: every price says it is an estimate and why
        assert all(p.estimate_reason for p in base.prices)
        assert "host_load_w" in base.estimates  # never measured
