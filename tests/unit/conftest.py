"""Unit tests: each beside the package it tests (tests/unit/<package> for configurator/core/<package>), fast, on the
tiny fixture catalog (tests/data/tiny_catalog: records copied verbatim from catalogs/, loaded by the same loader).

Here `catalog` is the tiny catalog, so a unit test never loads the shipped one: a record it names must be copied into
tests/data/tiny_catalog (`python -m tests.unit.catalog.refresh ID...`)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session")
def catalog(tiny_catalog: Any) -> Any:
    return tiny_catalog
