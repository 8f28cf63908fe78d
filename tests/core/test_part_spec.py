"""A build part's `spec` in `plan --json` is its catalog record as pydantic dumps it (a public contract: every field)."""

from __future__ import annotations

import datetime
import json

from pydantic import BaseModel, ConfigDict, field_serializer

from configurator.core.catalog.loader import Catalog
from configurator.core.model.build import part_spec


def test_every_shipped_record_is_its_model_dump_field_for_field(catalog: Catalog) -> None:
    """part_spec dumps plain records itself (#34: without the serializer pydantic builds on a first model_dump): the
    same keys in the same order, the same values of the same types, for every record of every kind."""
    for kind, records in catalog.records.items():
        for record in records.values():
            expected = record.model_dump(mode="json")
            assert json.dumps(part_spec(record)) == json.dumps(expected), (kind, record.id)


class _Custom(BaseModel):
    model_config = ConfigDict(frozen=True)

    day: datetime.date
    rate: float
    name: str

    @field_serializer("name")
    def _upper(self, name: str) -> str:
        return name.upper()


def test_a_record_with_its_own_serializer_is_dumped_by_pydantic() -> None:
    record = _Custom(day=datetime.date(2026, 12, 4), rate=1.5, name="a card")
    assert part_spec(record, added=1) == {"day": "2026-12-04", "rate": 1.5, "name": "A CARD", "added": 1}
