"""Candidate sources of a plan: each offer of a machine is a strategy that returns complete builds.

A plan is a pipeline (house-style, "Offers, measures, labels"): every source in `SOURCES` is asked
for complete builds for the same `PlanContext`; every build is then measured the same way, ranked
and labelled by one function over the whole set, and enriched (costs, launch, curves) last.
A source never ranks, labels or renumbers: it returns builds, and the pipeline decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest


@dataclass(frozen=True)
class PlanContext:
    """What every source reads: the request, the catalog, the model and its resolved workload."""

    request: BuildRequest
    catalog: Catalog
    model: ModelArch
    workload: Workload  # request.workload.resolved(model.max_context)
    exact_weight_bytes: int | None = None
    should_stop: Callable[[], bool] = field(default=lambda: False)
    time_budget: float = 2.2


Source = Callable[[PlanContext], list[Build]]


@dataclass(frozen=True)
class SourceEntry:
    """A registered source: its name (shown in `--json` as where a build came from) and the strategy."""

    name: str
    run: Source


SOURCES: list[SourceEntry] = []


def register(name: str) -> Callable[[Source], Source]:
    """Add a source to the registry under `name` (decorator); names are unique."""

    def add(run: Source) -> Source:
        if any(entry.name == name for entry in SOURCES):
            raise ValueError(f"source {name!r} is registered twice")
        SOURCES.append(SourceEntry(name, run))
        return run

    return add
