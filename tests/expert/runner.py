"""Run `llm-rig plan ARGS` in-process, as the command line would, against one shared catalog.

The arguments are parsed by the command line's own parser and turned into a request by the same
functions `llm-rig plan` uses (`workload_from_args`, `build_request`), so a case reads exactly as a
user would type it; the catalog is loaded once per process and each plan's JSON is kept, so the
expert suite and the label check read the same answers without solving twice.
"""

from __future__ import annotations

import json
import shlex
from functools import cache, lru_cache
from typing import Any

from configurator.cli.main import build_parser
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.model.args import build_request, workload_from_args
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


@lru_cache(maxsize=1)
def shipped_catalog() -> Catalog:
    """The shipped catalog (no user overlays), loaded once per process."""
    result = catalogs.load(include_user=False)
    assert not result.problems, result.problems
    return result.catalog


def _argv(args: str) -> list[str]:
    argv = shlex.split(args)
    return argv if argv[:1] == ["plan"] else ["plan", *argv]


@cache
def _plan_text(args: str) -> str:
    from configurator.cli.plan import _seats_streams, _stated_demand

    namespace = build_parser().parse_args(_argv(args))
    # round 38: a team's seats are the streams, and --usage, --seats and --requests-per-day the demand the plan is
    # ranked by and (round 39) costed with, as `llm-rig plan` does (cli.plan: _seats_streams, _stated_demand, _planned)
    _seats_streams(namespace)
    _stated_demand(namespace)
    ownership = getattr(namespace, "ownership", None)
    catalog = shipped_catalog()
    model = catalog.records["models"][namespace.model]
    assert isinstance(model, ModelArch), namespace.model
    workload = workload_from_args(namespace)
    request = build_request(namespace, model.id, workload)
    return json.dumps(plan(request, catalog, model=model, ownership=ownership).to_json())


def run_plan(args: str) -> dict[str, Any]:
    """The JSON `llm-rig plan ARGS --json` prints (a fresh copy; the solve itself is done once)."""
    return json.loads(_plan_text(args))  # type: ignore[no-any-return]


def request_options(args: str) -> dict[str, Any]:
    """The parsed options of ARGS (budget, currency, circuit, ...), for checks that need the request."""
    namespace = build_parser().parse_args(_argv(args))
    return vars(namespace)
