"""Fixtures the core tests share: the shipped catalog, one object for the session (tests/conftest.py)."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from tests.expert.runner import shipped_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The shipped catalog without a user's overlays (no problems: tests/expert/runner.shipped_catalog asserts it),
    loaded once per session rather than once per module: a plan's memos are keyed by the records' identity, so one
    object lets every module's plans share the estimates, options and builds another module's plans made."""
    return shipped_catalog()
