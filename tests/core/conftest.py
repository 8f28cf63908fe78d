"""Fixtures the core tests share: the shipped catalog, loaded once per test module."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.storage import catalogs


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    result = catalogs.load(include_user=False)
    assert not result.problems, result.problems
    return result.catalog
