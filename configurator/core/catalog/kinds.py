"""The catalog's kinds, named once: what a build is bought as (parts) and all the catalog holds. A leaf: it imports
nothing, so the command line reads it at start-up without the catalog's models (`llm-rig list KIND`)."""

from __future__ import annotations

PART_KINDS = (
    "gpus",
    "cpus",
    "motherboards",
    "memory",
    "psus",
    "chassis",
    "coolers",
    "storage",
    "systems",
    "bases",
    "accessories",
)
"""The kinds a build is made of (models and cloud offers are not bought as parts): the records the catalog's date,
price packs and a vendor's quote read, in this order. A quote's match does not depend on it: quote.match ranks by
score, then kind name, then id (tests/core/test_catalog_kinds.py shuffles it)."""

CATALOG_KINDS = (*PART_KINDS, "models", "cloud")
"""Every kind of record the catalog holds (catalog.models.KINDS maps each to its record model), `llm-rig list`'s."""
