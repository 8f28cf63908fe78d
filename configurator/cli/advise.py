"""`llm-rig map` and `llm-rig rank`: the cheapest machine per model and precision, and GPUs ranked by value."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable
from typing import Any

from configurator.core.estimate.precision import WEIGHT_PRECISIONS
from configurator.core.model.args import _id_list, _request_float, _workload_int, add_plan_options, add_vat_options

EXIT_OK = 0


def _base_request(args: argparse.Namespace, catalog: Any) -> Any:
    from configurator.core.common.errors import RequestError
    from configurator.core.model.args import _option_message
    from configurator.core.model.request import split_named

    ids = tuple(dict.fromkeys(g for g in (args.gpu or "").split(",") if g))
    try:
        request = _map_request(args, ids)
    except ValueError as exc:  # a VAT country the currency's buyer cannot name: exit 2, one line
        raise RequestError(_option_message(exc)) from None
    # as `plan --gpu`: ready-made system ids (a Mac Studio, a DGX Spark) beside GPU ids, one error for unknown ones
    return split_named(request, catalog.records["gpus"], catalog.records["systems"], "--gpu")


def _map_request(args: argparse.Namespace, ids: tuple[str, ...]) -> Any:
    from configurator.core.model.request import BuildRequest, default_circuit, default_region

    return BuildRequest(
        model_id="",
        currency=args.currency,
        vat=getattr(args, "vat", None) or "pay",
        vat_country=getattr(args, "vat_country", None) or "",
        budget=args.budget,
        gpu_ids=ids,
        min_decode_tps=getattr(args, "min_decode_tps", None),
        circuit=default_circuit(args.currency),
        region=default_region(args.currency),
    )


def format_map(result: Any) -> str:
    note = result.speed_note()
    lines = [f"cheapest machine per model ({result.currency}{'; ' + note if note else ''}):"]
    for cell in result.cells:
        head = f"{cell.model:24} {cell.params / 1e9:7.1f}B {cell.column:15}"
        c = cell.cheapest
        if c is None:
            lines.append(f"{head} -  {cell.reason}")
            continue
        speed = (
            f"{c.decode_tokens_per_s:.1f} tok/s"
            if c.decode_tokens_per_s is not None
            else f"{c.gpu_hours:,.0f} GPU-h"
            if c.gpu_hours is not None
            else ""
        )
        nodes = f" on {c.nodes} nodes" if c.nodes > 1 else ""
        lines.append(f"{head} {_what(c)}{nodes}  {c.machine}  {c.price:,.0f}  {speed}")
        for alt in cell.alternatives:
            lines.append(f"{'':49}or {_what(alt)} ({alt.machine}) {alt.price:,.0f}")
    return "\n".join(lines)


def _cmd_map(args: argparse.Namespace) -> int:
    from configurator.core.advise.landscape import map_workloads, recommendation_map
    from configurator.core.advise.mapworkers import MapWorkers, default_processes, start_method
    from configurator.core.catalog.models import ModelArch
    from configurator.core.common import plain
    from configurator.core.common.errors import RequestError, unknown_ids
    from configurator.storage import catalogs

    processes = args.workers or default_processes()
    method = start_method() if processes > 1 else None
    if plain.ACTIVE and method not in (None, "fork"):
        # a fresh worker interpreter would build its models on pydantic and read this process's plain ones
        raise plain.Revalidate("map workers not forked")
    loaded = catalogs.load()
    for problem in loaded.problems:
        print(f"warning: {problem}", file=sys.stderr)
    catalog = loaded.catalog
    models = None
    if args.model:
        known = [m for m, record in catalog.records["models"].items() if isinstance(record, ModelArch)]
        error = unknown_ids(args.model, known, "model", "--model")
        if error:
            raise error
        models = [catalog.records["models"][m] for m in args.model]
    if args.workload != "finetune" and args.method:
        raise RequestError("--method applies to --workload finetune")
    workloads = map_workloads(args.workload, args.precision or (), args.method, args.context)
    base = _base_request(args, catalog)
    if method is None:
        result = _in_process(lambda: recommendation_map(catalog, workloads, models=models, base=base))  # type: ignore[arg-type]
    else:
        with MapWorkers(catalog, processes, method) as workers:
            result = recommendation_map(catalog, workloads, models=models, base=base, workers=workers)  # type: ignore[arg-type]
    if args.json:
        from configurator.cli.jsonout import print_json

        print_json(result.to_json())
    else:
        print(format_map(result))
    return EXIT_OK


def _in_process(solve: Callable[[], Any]) -> Any:
    """A map solved in this process, plan after plan, with the cycle collector on (the launcher runs every command
    with it off, launcher.COLLECTOR_ON): a whole grid's cycles are collected as they are made. Left as it was after."""
    enabled = gc.isenabled()
    gc.enable()
    try:
        return solve()
    finally:
        if not enabled:
            gc.disable()


def format_rank(rows: Any) -> str:
    if not rows:
        return "no GPU in the catalog runs this"
    lines = [
        f"{'GPU':28} {'n':>2} {'price':>10} {'speed':>12} {'per tok/s':>10} {'per GB':>7} {'new':>8} {'used':>8}  power"
    ]
    for r in rows:
        speed = r.decode_tokens_per_s if r.decode_tokens_per_s is not None else r.train_tokens_per_s
        money = lambda v: "-" if v is None else f"{v:,.0f}"
        lines.append(
            f"{r.gpu:28} {r.count:>2} {r.price:>10,.0f} {('-' if speed is None else f'{speed:,.1f}'):>12} "
            f"{money(r.price_per_tps):>10} {r.price_per_gb:>7,.0f} {money(r.unit_price_new):>8} "
            f"{money(r.unit_price_used):>8}  {r.power_w:,.0f} W"
        )
        for caveat in r.caveats:
            lines.append(f"    ! {caveat}")
    return "\n".join(lines)


def _cmd_rank(args: argparse.Namespace) -> int:
    from configurator.cli.estimate import resolve
    from configurator.core.advise.landscape import value_ranking
    from configurator.core.model.args import build_request

    # `--gpu a,b` narrows the ranking; resolve() checks the ids
    r = resolve(args, kinds=None)
    request = build_request(args, r.model.id, r.workload)
    rows = value_ranking(r.model, r.workload, r.catalog, request, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:
        from configurator.cli.jsonout import print_json

        print_json([row.to_json() for row in rows])
    else:
        print(format_rank(rows))
    return EXIT_OK


MAX_WORKERS = 64


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= n <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"{n} is outside 1..{MAX_WORKERS}")
    return n


def register(commands: Any) -> None:
    from configurator.cli.main import command_help

    mapping = commands.add_parser("map", help=command_help("map"))
    mapping.add_argument("--workload", choices=("inference", "finetune"), required=True)
    mapping.add_argument(
        "--precision",
        nargs="+",
        choices=WEIGHT_PRECISIONS,
        metavar="P",
        help="inference precisions (default int4 int8 fp16)",
    )
    mapping.add_argument("--method", choices=("full", "lora", "qlora"), help="fine-tuning method (default lora)")
    mapping.add_argument("--model", nargs="+", metavar="ID", help="models (default: one per size class, 1B to 671B)")
    mapping.add_argument(
        "--gpu",
        metavar="ID,...",
        type=_id_list,
        help="only these GPUs and ready-made systems (ids from `catalog list gpus` and `catalog list systems`)",
    )
    mapping.add_argument("--budget", type=_request_float("budget"), metavar="N", help="a cell over it says so")
    mapping.add_argument("--currency", choices=("USD", "CNY", "EUR"), default="USD")
    add_vat_options(mapping)
    mapping.add_argument("--context", type=_workload_int("context"), metavar="N", help="tokens per sequence")
    mapping.add_argument(
        "--min-decode-tps",
        type=_request_float("min_decode_tps"),
        metavar="F",
        help="each inference cell's machine serves at least F tokens/s per user (default 5, reading speed)",
    )
    mapping.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="processes that solve cells in parallel (default: one per core; 1: in this process)",
    )
    mapping.add_argument("--json", action="store_true", help="machine-readable output")
    mapping.set_defaults(func=_cmd_map)
    rank = commands.add_parser("rank", help=command_help("rank"))
    add_plan_options(rank)
    rank.set_defaults(func=_cmd_rank)


def _what(choice: Any) -> str:
    """ "2 x rtx-3090"; a machine without a card of its own by its name (CPU only, a mini PC's integrated GPU: #28)."""
    if choice.count == 0 or choice.gpu.endswith("-gpu"):  # system_gpu() names a unified system's GPU "<system>-gpu"
        return choice.gpu_name
    return f"{choice.count} x {choice.gpu}"
