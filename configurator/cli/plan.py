"""`llm-rig plan`: ranked, buildable machines for a model and workload."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from configurator.cli.estimate import add_workload_options, resolve

EXIT_OK = 0


def _owned(text: str) -> tuple[str, str, int]:
    """'rtx-3090', 'rtx-3090x2' or 'chassis:fractal-define-7-xl' -> (category, id, quantity)."""
    category = "gpu"
    if ":" in text:
        category, text = text.split(":", 1)
    match = re.fullmatch(r"(.+?)(?:x(\d+))?", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected ID or IDxN, got {text!r}")
    return category, match.group(1), int(match.group(2) or 1)


def add_plan_options(parser: argparse.ArgumentParser) -> None:
    add_workload_options(parser)
    parser.add_argument("--budget", type=float, metavar="N", help="total budget in --currency")
    parser.add_argument("--currency", choices=("USD", "CNY", "EUR"), default="USD")
    parser.add_argument("--min-decode-tps", type=float, metavar="F", help="minimum decode tokens/s per sequence")
    parser.add_argument("--deadline-hours", type=float, metavar="H", help="training must finish within H hours")
    parser.add_argument("--circuit", choices=("120v15a", "120v20a", "230v10a", "230v16a"), default=None,
                        help="the wall circuit (default 120v15a for USD, 230v16a otherwise)")
    parser.add_argument("--circuits", type=int, default=1, metavar="N", help="how many such circuits may feed the machine")
    parser.add_argument("--form", choices=("tower", "rack", "open-frame", "any"), default="any")
    parser.add_argument("--room", choices=("home-office", "lab", "server-room"), default="lab")
    parser.add_argument("--condition", choices=("new", "used", "any"), default="any", help="new or used parts")
    parser.add_argument("--region", choices=("global", "china"), default=None, help="default china for CNY")
    parser.add_argument("--own", action="append", default=[], type=_owned, metavar="[CATEGORY:]ID[xN]",
                        help="a part you already own and want used, e.g. rtx-3090 or rtx-3090x2 (repeatable)")
    parser.add_argument("--top", type=int, default=5, metavar="K", help="how many alternatives")


def build_request(args: argparse.Namespace, model_id: str, workload: Any) -> Any:
    from configurator.core.errors import RequestError
    from configurator.core.solve.request import BuildRequest, OwnedPart

    try:
        owned = tuple(OwnedPart(category=c, id=i, quantity=q) for c, i, q in args.own)  # type: ignore[arg-type]
        return BuildRequest(
            model_id=model_id,
            workload=workload,
            budget=args.budget,
            currency=args.currency,
            min_decode_tps=args.min_decode_tps,
            deadline_hours=args.deadline_hours,
            circuit=args.circuit or ("120v15a" if args.currency == "USD" else "230v16a"),
            circuits=args.circuits,
            form=args.form,
            room=args.room,
            condition=args.condition,
            owned=owned,
            max_gpus=args.gpus if args.gpus > 1 else 8,
            gpu_ids=(args.gpu,) if args.gpu else (),
            region=args.region or ("china" if args.currency == "CNY" else "global"),
            top_k=max(1, min(args.top, 10)),
        )
    except ValueError as exc:
        errors = getattr(exc, "errors", None)
        message = errors()[0]["msg"].removeprefix("Value error, ") if callable(errors) else str(exc)
        raise RequestError(message) from None


def format_plan(result: Any) -> str:
    lines = []
    for build in result.builds:
        e = build.estimate
        speed = (f"{e.decode_tokens_per_s:.1f} tok/s" if e.decode_tokens_per_s is not None
                 else (f"{e.wall_hours:,.0f} h" if e.wall_hours else "-"))
        fails = sum(c.status == "fail" for c in build.checks)
        warns = sum(c.status == "warn" for c in build.checks)
        nodes = f"{build.nodes} x " if build.nodes > 1 else ""
        lines.append(f"#{build.rank} {build.label}: {nodes}{build.gpu_count} x {build.gpu_id}  "
                     f"{build.total_price:,.0f} {build.currency}  {speed}  "
                     f"{e.per_gpu_bytes / 1024**3:.1f} GiB/GPU  {build.power.wall_w:,.0f} W wall  "
                     f"({fails} fail, {warns} warn)")
        lines.append(f"   {build.why}")
        for part in build.parts:
            owned = f" ({part.owned} owned)" if part.owned else ""
            lines.append(f"   {part.category:11} {part.quantity} x {part.name}{owned}  {part.subtotal:,.0f}")
        for check in build.checks:
            if check.status != "pass":
                lines.append(f"   [{check.status}] {check.rule}: {check.message}")
        for upgrade in build.upgrades:
            lines.append(f"   upgrade: {upgrade}")
        lines.append("")
    if result.infeasible:
        inf = result.infeasible
        lines.append(f"nothing fits: {inf.reason}")
        lines.append(f"blocking: {', '.join(inf.blocking) or '-'}")
        lines.append(f"cheapest relaxation: {inf.cheapest_relaxation}")
    for note in result.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines).rstrip()


def _cmd_plan(args: argparse.Namespace) -> int:
    from configurator.core.solve.plan import plan

    r = resolve(args, kinds=None)
    request = build_request(args, r.model.id, r.workload)
    result = plan(request, r.catalog, model=r.model, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_plan(result))
    return EXIT_OK


def register(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("plan", help="complete, buildable machines for a model and workload")
    add_plan_options(parser)
    parser.set_defaults(func=_cmd_plan)
