"""`llm-rig plan`: ranked, buildable machines for a model and workload."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from configurator.cli.estimate import resolve
from configurator.core.args import add_plan_options, build_request
from configurator.core.report import prices
from configurator.core.report.utilisation import utilisation_sentence

EXIT_OK = 0


def format_plan(result: Any) -> str:
    lines = []
    for build in result.builds:
        e = build.estimate
        speed = (f"{e.decode_tokens_per_s:.1f} tok/s" if e.decode_tokens_per_s is not None
                 else (f"{e.wall_hours:,.0f} h" if e.wall_hours else "-"))
        if e.reference_tokens and e.wall_hours:  # no --tokens: the reference job the builds are ranked by
            speed = f"{e.wall_hours:,.0f} h per {e.reference_tokens / 1e6:,.0f} M tokens"
        fails = sum(c.status == "fail" for c in build.checks)
        warns = sum(c.status == "warn" for c in build.checks)
        nodes = f"{build.nodes} x " if build.nodes > 1 else ""
        wall = (f"{build.power.wall_w:,.0f} W wall" if build.nodes <= 1 else  # a cluster's power figures are a node's
                f"{build.power.wall_w:,.0f} W wall per node ({build.power.wall_w * build.nodes / 1000:,.0f} kW in all)")
        lines.append(f"#{build.rank} {build.label}: {nodes}{build.gpu_count} x {build.gpu_id}  "
                     f"{build.total_price:,.0f} {build.currency}  {speed}  "
                     f"{e.per_gpu_bytes / 1024**3:.1f} GiB/GPU  {wall}  "
                     f"({fails} fail, {warns} warn)")
        lines.append(f"   {build.why}")
        if e.gpu_hours is not None:
            # the time's own utilisation, defined once (report.utilisation), as the sheet and the app give it
            used = utilisation_sentence(build)
            lines.append(f"   time: {e.gpu_hours:,.0f} GPU-hours, {e.wall_hours:,.1f} h wall clock on {e.gpus:,} GPUs"
                         + (f"; {used}" if used else ""))
        for part in build.parts:
            owned = f" ({part.owned} owned)" if part.owned else ""
            old = f"  [old: {prices.stale_text(part)}]" if prices.is_stale(part) else ""
            scope = ("" if build.nodes <= 1 else "  (once, for the whole cluster)" if part.scope == "cluster"
                     else f"  (per node; x {build.nodes:,} nodes)")
            # a part that costs nothing says why (built into the server, included with the chassis), as the sheet does
            free = f" ({part.price_note})" if not part.subtotal and not part.owned and part.price_note else ""
            lines.append(f"   {part.category:11} {part.quantity} x {part.name}{owned}  {part.subtotal:,.0f}{free}{scope}{old}")
        old_parts = prices.stale_parts(build)
        if old_parts:
            paid = sum(p.subtotal > 0 for p in build.parts)
            lines.append(f"   [warn] prices: {len(old_parts)} of {paid} paid part(s) priced more than "
                         f"{prices.STALE_AFTER_WORDS} ago (marked old above); ask for fresh quotes")
        for check in build.checks:
            if check.status != "pass":
                lines.append(f"   [{check.status}] {check.rule}: {check.message}")
        for upgrade in build.upgrades:
            lines.append(f"   upgrade: {upgrade}")
        if build.launch and build.launch.get("command"):
            # the command that realises the estimate (the README promised it here; only the JSON and the sheet had it)
            lines.append(f"   run ({build.launch.get('engine', '')}): {build.launch['command']}")
        lines.append("")
    if result.infeasible:
        inf = result.infeasible
        # with builds above, they are the relaxation (servers working together, or weights in RAM)
        lines.append(f"{result.infeasible_headline()}: {inf.reason}")
        lines.append(f"blocking: {', '.join(inf.blocking) or '-'}")
        way = ("cheapest relaxation" if not result.passing() else "the way above" if inf.relaxed_request is None
               else "or, changing the request")  # the builds above run it as asked; the relaxation asks something else
        lines.append(f"{way}: {inf.cheapest_relaxation}")
    for note in result.notes:
        lines.append(f"note: {note}")
    if any(prices.stale_parts(b) for b in result.builds):
        lines.append(f"note: to update an old price: in the app, {prices.WHERE_TO_UPDATE_APP}; or copy the part's "
                     f"whole record, with a new dated entry in its `prices`, into a .toml file in {_user_catalog()} "
                     "(it replaces the shipped record with the same id); `llm-rig catalog validate` checks it")
    return "\n".join(lines).rstrip()


def _user_catalog() -> str:
    from configurator.storage import paths

    return str(paths.user_catalog_dir())


def _cmd_plan(args: argparse.Namespace) -> int:
    from configurator.core.solve.plan import plan

    from configurator.core.errors import unknown_ids
    from configurator.core.solve.request import OWNED_KINDS

    r = resolve(args, kinds=None)
    request = build_request(args, r.model.id, r.workload)
    for part in request.owned:
        # an owned part the catalog does not know would silently drop out of the plan
        kind = OWNED_KINDS[part.category]
        error = unknown_ids([part.id], r.catalog.records[kind], part.category, "--own", listing=kind)
        if error:
            raise error
    result = plan(request, r.catalog, model=r.model, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:
        from configurator.cli.jsonout import print_json

        print_json(result.to_json())
    else:
        print(format_plan(result))
    from configurator.cli import exports

    return exports.write_requested(args, result, request, r.catalog, r.model, r.exact_weight_bytes)


def register(commands: Any) -> None:
    parser = commands.add_parser("plan", help="complete, buildable machines for a model and workload")
    add_plan_options(parser)
    from configurator.cli import exports

    exports.add_export_options(parser)
    parser.set_defaults(func=_cmd_plan)
