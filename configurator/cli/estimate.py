"""`llm-rig estimate`: memory, speed and time for one model, workload and GPU choice."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from configurator.core.args import add_workload_options, workload_from_args

EXIT_OK, EXIT_BAD_INPUT = 0, 2


@dataclass
class Resolved:
    """What the workload options name, looked up in the catalog."""

    model: Any
    workload: Any
    gpu: Any
    gpus: int
    exact_weight_bytes: int | None
    catalog: Any


ESTIMATE_KINDS = frozenset({"models", "gpus"})


def resolve(args: argparse.Namespace, kinds: frozenset[str] | None = ESTIMATE_KINDS) -> Resolved:
    from configurator.core.errors import RequestError
    from configurator.core.model_import import import_model
    from configurator.storage import catalogs

    result = catalogs.load(kinds=kinds)
    for problem in result.problems:
        print(f"warning: {problem}", file=sys.stderr)
    catalog = result.catalog
    exact = None
    if args.model:
        model = catalog.records["models"].get(args.model)
        if model is None:
            close = [m for m in catalog.records["models"] if args.model.split("-")[0] in m][:5]
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise RequestError(f"unknown model id {args.model!r}{hint}; see `llm-rig catalog list models`")
    else:
        imported = import_model(args.model_config)
        model = imported.arch
        if imported.weight_bytes and (args.precision in (None, imported.file_precision)):
            exact = imported.weight_bytes
            if args.precision is None and imported.file_precision:
                args.precision = imported.file_precision
    gpu = None
    if args.gpu:
        ids = [g.strip() for g in args.gpu.split(",") if g.strip()]
        unknown = [g for g in ids if g not in catalog.records["gpus"]]
        if unknown:
            raise RequestError(f"unknown GPU id {', '.join(unknown)!r}; see `llm-rig catalog list gpus`")
        if len(ids) > 1 and args.command == "estimate":
            raise RequestError("estimate takes one --gpu; `plan --gpu a,b,c` compares several")
        gpu = catalog.records["gpus"][ids[0]]
    workload = workload_from_args(args)
    return Resolved(model, workload, gpu, args.gpus, exact, catalog)


def _cmd_estimate(args: argparse.Namespace) -> int:
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.report import format_estimate

    r = resolve(args)
    result = estimate(r.model, r.workload, r.gpu, r.gpus, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:
        from configurator.cli.jsonout import print_json

        print_json(result.to_json())
        return EXIT_OK
    print(format_estimate(result, r.model, r.gpu, explain=args.explain))
    return EXIT_OK


def register(commands: Any) -> None:
    estimate = commands.add_parser("estimate", help="memory, speed and time for a model and workload")
    add_workload_options(estimate)
    estimate.set_defaults(func=_cmd_estimate)
