"""What a serving build's users need, read once (round 34): the decode speed per user the request asked for (the PERF
rule's finding, `min_decode_tps`), else reading speed (`rules.job.READING_TPS`).

Two comparisons read it: the rental that serves the users (tco.rental_search's `enough`: the cheapest offer at this
speed a user) and the per-token API's default demand (costs.api: users x this speed x the busy hours, the tokens they
would buy). Pure Python: no Qt and no storage imports.
"""

from __future__ import annotations

from typing import NamedTuple

from configurator.core.model.build import Build
from configurator.core.rules.job import READING_TPS, Speed


class Need(NamedTuple):
    """Decode tokens/s a user needs, and whether the request asked for it (else reading speed)."""

    tps: float
    asked: bool


def asked_tps_of(build: Build) -> float | None:
    """The decode speed per sequence the build was checked against (the PERF rule's finding), or None."""
    for check in build.checks:
        asked = check.fields.get("asked") if check.rule == Speed.id else None
        if isinstance(asked, int | float) and not isinstance(asked, bool) and asked > 0:
            return float(asked)
    return None


def need_of(build: Build) -> Need:
    """What each user of the build needs: the speed asked, else reading speed."""
    asked = asked_tps_of(build)
    return Need(asked, True) if asked is not None else Need(READING_TPS, False)
