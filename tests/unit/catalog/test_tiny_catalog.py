"""The tiny fixture catalog the unit tests read (tests/data/tiny_catalog) is the shipped catalog's own records, in
its own format, validated by the same loader: a unit test's answer is the one a user's plan would rest on."""

from __future__ import annotations

import tomllib

from configurator.core.catalog.loader import Catalog
from tests.unit.catalog.refresh import SHIPPED, TINY, records


def test_the_tiny_catalog_loads_without_a_problem_and_holds_every_kind_a_build_is_made_of(catalog: Catalog) -> None:
    """The `catalog` of a unit test is the tiny one (tests/unit/conftest.py), loaded by `load_catalog`: a record
    the loader would refuse fails here, with its file, line and field (tests/conftest.py's `tiny_catalog`)."""
    kinds = {kind for kind, found in catalog.records.items() if found}
    assert {"gpus", "cpus", "motherboards", "psus", "chassis", "coolers", "models"} <= kinds
    assert sum(len(found) for found in catalog.records.values()) < 80  # a handful of each, not the shipped 1,000


def test_every_tiny_record_is_the_shipped_record_with_its_id() -> None:
    """A copy that has drifted from catalogs/ (a price or a figure corrected there): refresh it with
    `python -m tests.unit.catalog.refresh`."""
    drifted = []
    for path in sorted(TINY.glob("*.toml")):
        kind = path.stem
        shipped = records(SHIPPED / path.name, kind)
        for record_id, text in records(path, kind).items():
            if record_id not in shipped or tomllib.loads(text) != tomllib.loads(shipped[record_id]):
                drifted.append(f"{kind}/{record_id}")
    assert not drifted
