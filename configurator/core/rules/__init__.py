"""The rulebook: one object per build rule (docs/build-rules.md, Part 2), which the CP-SAT model, the checks
of a build, the search's bounds and the hints all read."""

from __future__ import annotations

from configurator.core.rules import (
    base_fit,
    bifurcation,
    compatibility,
    cooling,
    job,
    layout,
    links,
    power,
    site,
    software,
)
from configurator.core.rules.base import REGISTRY, STRUCTURE, Message, Rule, Severity, Verdict, instance, rule

__all__ = [
    "REGISTRY",
    "base_fit",
    "STRUCTURE",
    "Message",
    "Rule",
    "Severity",
    "Verdict",
    "bifurcation",
    "compatibility",
    "cooling",
    "instance",
    "job",
    "layout",
    "links",
    "power",
    "site",
    "software",
    "rule",
]
