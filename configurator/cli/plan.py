"""`llm-rig plan`: ranked, buildable machines for a model and workload."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from configurator.cli.estimate import resolve
from configurator.core.common.reasons import english, from_json, money
from configurator.core.model.args import add_plan_options, build_request, field_type
from configurator.core.report import prices

EXIT_OK = 0
OTHER_WAYS = 5  # relaxations listed after the cheapest (--json has them all)


def _headline(build: Any) -> str:
    """A build's first line: rank, label, cards, price, speed, memory, wall power and its failed and warned checks."""
    e = build.estimate
    speed = (
        f"{e.decode_tokens_per_s:.1f} tok/s"
        if e.decode_tokens_per_s is not None
        else (f"{e.wall_hours:,.0f} h" if e.wall_hours else "-")
    )
    if e.reference_tokens and e.wall_hours:  # no --tokens: the reference job the builds are ranked by
        speed = f"{e.wall_hours:,.0f} h per {e.reference_tokens / 1e6:,.0f} M tokens"
    fails = sum(c.status == "fail" for c in build.checks)
    warns = sum(c.status == "warn" for c in build.checks)
    nodes = f"{build.nodes} x " if build.nodes > 1 else ""
    decode = build.power.decode_wall_w
    wall = (
        (
            f"{build.power.wall_w:,.0f} W wall"
            if decode is None
            else f"{build.power.wall_w:,.0f} W wall peak, {decode:,.0f} W decoding"
        )
        if build.nodes <= 1
        # a cluster's power figures are a node's
        else f"{build.power.wall_w:,.0f} W wall per node ({build.power.wall_w * build.nodes / 1000:,.0f} kW in all)"
    )
    # a machine with no GPU bought says so, and how much of its RAM the model takes (#28)
    cards = f"{nodes}{build.gpu_count} x {build.gpu_id}" if build.gpu_count else "no GPU"
    if build.gpus_mixed:  # different cards in one machine (solve.mixed): each by its id, in slot order
        cards = nodes + " + ".join(build.gpus_mixed)
    memory = (
        f"{e.per_gpu_bytes / 1024**3:.1f} GiB/GPU"
        if build.gpu_count
        else f"{e.host_ram_bytes / 1024**3:.1f} GiB in RAM"
    )
    return (
        f"#{build.rank} {build.label}: {cards}  "
        f"{build.total_price:,.0f} {build.currency}  {speed}  "
        f"{memory}  {wall}  "
        f"({fails} fail, {warns} warn)"
    )


def _part_lines(build: Any) -> list[str]:
    """The bill of materials, a line a part (owned, free or old prices said), and a warning for old prices."""
    lines = []
    for part in build.parts:
        owned = f" ({part.owned} owned)" if part.owned else ""
        old = f"  [old: {prices.stale_text(part)}]" if prices.is_stale(part) else ""
        raised = prices.raised_said(part)
        old += f"  [{english(raised)}]" if raised is not None else ""
        scope = (
            ""
            if build.nodes <= 1
            else "  (once, for the whole cluster)"
            if part.scope == "cluster"
            else f"  (per node; x {build.nodes:,} nodes)"
        )
        # a part that costs nothing says why (built into the server, included with the chassis), as the sheet does
        free = f" ({part.price_note})" if not part.subtotal and not part.owned and part.price_note else ""
        lines.append(
            f"   {part.category:11} {part.quantity} x {part.name}{owned}  {part.subtotal:,.0f}{free}{scope}{old}"
        )
    dated = prices.dates_said(build)
    if dated is not None:
        lines.append(f"   {english(dated)}")
    taxed = prices.tax_said(build)  # the one tax basis every price above is on (catalog.tax.buyer)
    if taxed is not None:
        lines.append(f"   tax: {english(taxed)}")
    old_parts = prices.stale_parts(build)
    if old_parts:
        paid = sum(p.subtotal > 0 for p in build.parts)
        lines.append(
            f"   [warn] prices: {len(old_parts)} of {paid} paid part(s) priced more than "
            f"{prices.STALE_AFTER_WORDS} ago (marked old above); ask for fresh quotes"
        )
    rate = prices.rate_said(build)
    if rate is not None:
        lines.append(f"   [warn] prices: {english(rate)}")
    for part, said in prices.estimated_parts(build):
        lines.append(f"   [warn] prices: {part.name}: {english(said)}")
    raised_parts = prices.raised_parts(build)
    if raised_parts:
        lines.append(
            f"   [warn] prices: {len(raised_parts)} part price(s) raised to a newer observation (marked estimate "
            "above): the catalog's own figure is older than what the market shows since; ask for fresh quotes"
        )
    return lines


def _buy_or_rent_lines(build: Any) -> list[str]:
    """Buy or rent in one line: when buying pays back (the core's break-even, net of resale) and the yearly rows, the
    same sum at 12, 24, 36 months (the window and the sheet read the same figures); for inference a second line when a
    cheaper rental than the as-fast one serves every user the speed needed, and the break-even against it."""
    costs = build.cost_of_ownership
    said = costs.get("break_even_said") if costs else None
    if not said:
        return []
    c = costs.get("currency", build.currency)
    api = (costs.get("api_alternative") or {}).get("headline")
    rows = [
        f"{r['years']} y own {r['owning']:,.0f}"
        + (f" vs API {money(r['api'])}" if api and r.get("api") is not None else "")
        + f" vs rent {r['renting']:,.0f} {c}"
        for r in costs.get("tco", [])
        if r.get("renting") is not None
    ]
    # the rental the rows are reckoned against, its price's tier and date, unless the line names it already (chen20:
    # "rent 19,514 CNY" named no offer, nor that its price is an estimate)
    rental = costs.get("rental")
    against = from_json(said).nested("against")
    # against an API (round 31) the rows are still the rental's: name it
    if rows and rental and (not against or against[0].code == "tco.api"):
        from configurator.core.costs.tco import rented_said

        rows.insert(0, english(rented_said(rental)))
    lines = [
        f"   buy or rent: {english(from_json(said))}" + (f" ({'; '.join(rows)}, own net of resale)" if rows else "")
    ]
    # inference: why no per-token API is weighed, its prices all for another market than the buyer's (round 32)
    if costs.get("api_other_market"):
        lines.append(f"   buy or rent, API: {english(from_json(costs['api_other_market']))}")
    # inference: the cheapest rental that serves the users, when the as-fast one above is a dearer offer (round 21)
    enough = costs.get("rental_enough")
    if enough and enough.get("said"):
        lines.append(f"   buy or rent, enough: {english(from_json(enough['said']))}")
    # inference (round 35), after the buy-or-rent lines it explains: the hours its users' demand keeps it busy, and
    # its electricity a year from them
    busy = [a for a in costs.get("assumption_codes", []) if a["code"] in ("tco.busy-served", "tco.seats")]
    if busy:
        energy = f"{costs['yearly_energy_kwh']:,.0f} kWh, {money(costs['yearly_energy'])} {c} a year"
        lines.append(f"   electricity: {energy}; " + "; ".join(english(from_json(a)) for a in busy))
    return lines


def _build_lines(build: Any) -> list[str]:
    """One build: its headline, why, time, parts, the checks that do not pass, upgrades and the launch command."""
    e = build.estimate
    lines = [_headline(build), f"   {build.why}"]
    first = build.first_token_said()  # the typed prompt's and the whole window's first token, beside the speed
    if first is not None:
        lines.append(f"   {english(first)}")
    # round 47: a first token past the user's attention is said as a warning with its cause (estimate.slow_prefill)
    lines += [f"   [warn] {english(w)}" for w in e.warnings if w.code == "warn.slow-prefill"]
    if e.gpu_hours is not None:
        # the time's own utilisation, defined once (report.utilisation), as the sheet and the app give it; imported
        # here: its words (report.words) are no part of a plan's JSON (#34)
        from configurator.core.report.utilisation import link_bound, utilisation_sentence

        used = utilisation_sentence(build)
        bound = link_bound(e)
        lines.append(
            f"   time: {e.gpu_hours:,.0f} GPU-hours, {e.wall_hours:,.1f} h wall clock on {e.gpus:,} GPUs"
            + (f"; {used}" if used else "")
            + (f"; {english(bound)}" if bound is not None else "")
        )
    lines += _part_lines(build)
    for check in build.checks:
        if check.status != "pass":
            lines.append(f"   [{check.status}] {check.rule}: {check.message}")
    # a passing finding that answers the buyer's question about the build (PCI-5: why the second card sits on the
    # chipset's x4 slot, not the CPU's x8 one, and what that costs, measured)
    from configurator.core.rules.base import explaining

    lines += [f"   [pass] {check.rule}: {check.message}" for check in explaining(build.checks)]
    adds = any(step["kind"] == "add" for step in build.next_steps)
    codes = [u.code for u in build.upgrades_said] if len(build.upgrades_said) == len(build.upgrades) else []
    for upgrade, said in zip(build.upgrades, codes or [""] * len(build.upgrades), strict=True):
        if adds and said.startswith("upgrade.one-more"):
            continue  # its next step (next.add) says the same with the card's price and what it unlocks
        lines.append(f"   upgrade: {upgrade}")
    lines += _buy_or_rent_lines(build)
    for step in build.next_steps:  # solve.next_step: one more card, the next rung of the upgrade path
        lines.append(f"   next step: {english(from_json(step['said']))}")
    if build.launch and build.launch.get("command"):
        # the command that realises the estimate (the README promised it here; only the JSON and the sheet had it),
        # after the build it needs first where the engine's prebuilt binaries carry no code for the card (Pascal)
        said = build.launch.get("build_said")
        if build.launch.get("build") and said:
            lines.append(f"   {english(from_json(said))}: {build.launch['build']}")
        lines.append(f"   run ({build.launch.get('engine', '')}): {build.launch['command']}")
        if half := build.launch.get("dtype_said"):
            lines.append(f"   {english(from_json(half))}")
    lines.append("")
    return lines


def _infeasible_lines(result: Any) -> list[str]:
    """Why nothing (or nothing as asked) fits, the closest cards, what blocks it and the ways out."""
    lines: list[str] = []
    if not result.infeasible:
        return lines
    inf = result.infeasible
    # with builds above, they are the relaxation (servers working together, or weights in RAM)
    lines.append(f"{result.infeasible_headline()}: {inf.reason}")
    for detail in inf.details:
        # the closest cards, short, under the one sentence; one the sentence names already is not said twice (Mina at
        # 15 tokens/s read "(NVIDIA GeForce RTX 3090: 13.5 tokens/s at 4 GPUs, below the 15 asked)" and then that line)
        if detail not in inf.reason:
            lines.append(f"   {detail}")
    lines.append(f"blocking: {', '.join(inf.blocking) or '-'}")
    way = (
        # as the window and the sheet say it (a way that reads when one does: solve/plan.py); beside a cheaper build
        # past its vendor's support, which the way's words name, the cheapest on supported software
        ("cheapest way out on supported software" if inf.cheapest_on_supported else "cheapest way out")
        if not result.passing()
        else "the way above"
        if inf.relaxed_request is None
        else "or, changing the request"
    )  # the builds above run it as asked; the relaxation asks something else
    lines.append(f"{way}: {inf.cheapest_relaxation}")
    others = inf.relaxations[1 : OTHER_WAYS + 1]
    if others:
        lines.append("other ways out, by price:")
        lines.extend(f"   {r.change}" for r in others)
    return lines


def format_plan(result: Any) -> str:
    lines = []
    for build in result.builds:
        lines += _build_lines(build)
    lines += _infeasible_lines(result)
    for note in result.notes:
        lines.append(f"note: {note}")
    if any(prices.stale_parts(b) for b in result.builds):
        lines.append(
            f"note: to update an old price: in the app, {prices.WHERE_TO_UPDATE_APP}; `llm-rig catalog import-prices FILE` "
            "merges a lab's price pack; or copy the part's "
            f"whole record, with a new dated entry in its `prices`, into a .toml file in {_user_catalog()} "
            "(it replaces the shipped record with the same id); `llm-rig catalog validate` checks it"
        )
    if any(prices.rate_said(b) is not None for b in result.builds):
        lines.append(
            "note: to update the exchange rates: put an [exchange_rates] table (per_usd, date, source) in a .toml file "
            f"in {_user_catalog()}; it replaces the shipped rates"
        )
    return "\n".join(lines).rstrip()


def _user_catalog() -> str:
    from configurator.storage import paths

    return str(paths.user_catalog_dir())


_WORKLOAD_FIELD = {"workload": "kind", "ram_bandwidth": "ram_bandwidth_gbps"}
"""Option dest -> Workload field, where the names differ (workload_from_args)."""
_REQUEST_FIELD = {"own": "owned", "gpus": "max_gpus", "gpu": "gpu_ids", "vendor": "gpu_vendors", "top": "top_k"}
"""Option dest -> BuildRequest field, where the names differ (build_request)."""


def _track_given(parser: argparse.ArgumentParser) -> None:
    """Record in `args._given` each option the user typed: with --project, only those override the project
    (an option left at its default must not, and a default typed on purpose must)."""
    for action in parser._actions:
        if not action.option_strings or action.dest == "help":
            continue
        base = type(action)

        def call(
            self: Any, parser: Any, namespace: Any, values: Any, option_string: Any = None, _base: Any = base
        ) -> None:
            given = getattr(namespace, "_given", None) or set()
            given.add(self.dest)
            namespace._given = given
            _base.__call__(self, parser, namespace, values, option_string)

        action.__class__ = type(f"Given{base.__name__}", (base,), {"__call__": call})


def _project_request(args: argparse.Namespace) -> tuple[Any, Any]:
    """(request, catalog, resolved) of a saved project's request, with the typed options laid over it."""
    from pydantic import ValidationError

    from configurator.core.common.errors import RequestError
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.storage import projects

    given: set[str] = getattr(args, "_given", None) or set()
    project = projects.load(args.project)  # a FIFO, a device, a folder or broken JSON: ProjectError naming the file
    args.ownership = project.ownership  # the Buy-or-rent tab's inputs: the sheet and the JSON carry the app's figures
    index = project.active if args.request is None else args.request - 1
    if not 0 <= index < len(project.requests):
        raise RequestError(f"--request: {args.project} holds {len(project.requests)} request(s), not {args.request}")
    saved = project.requests[index]
    if not args.model and not args.model_config:
        args.model = saved.model_id
    if "workload" not in given:
        args.workload = saved.workload.kind
    r = resolve(args, kinds=None)
    projects.check_references(
        project.model_copy(update={"requests": (saved,)}),
        r.catalog,
        str(args.project),
        check_model=not args.model_config,
    )  # an imported --model-config replaces the model
    typed_workload = r.workload.model_dump()
    workload_over = {
        _WORKLOAD_FIELD.get(d, d): typed_workload[_WORKLOAD_FIELD.get(d, d)]
        for d in given
        if _WORKLOAD_FIELD.get(d, d) in typed_workload
    }
    if args.model_config and args.precision is not None:  # the imported file's own precision
        workload_over["precision"] = args.precision
    typed = build_request(args, r.model.id, r.workload).model_dump()
    request_over = {
        _REQUEST_FIELD.get(d, d): typed[_REQUEST_FIELD.get(d, d)]
        for d in given
        if _REQUEST_FIELD.get(d, d) in typed and _REQUEST_FIELD.get(d, d) != "workload"
    }
    if "kv_precision" in given:  # a KV precision typed is asked, whatever the project said (#28)
        request_over["kv_asked"] = True
    if "currency" in given:  # a new currency brings its own wall circuit and market unless they are typed too
        request_over.setdefault("circuit", typed["circuit"])
        request_over.setdefault("region", typed["region"])
    try:
        workload = Workload.model_validate({**saved.workload.model_dump(), **workload_over})
        request = BuildRequest.model_validate(
            {**saved.model_dump(), **request_over, "model_id": r.model.id, "workload": workload}
        )
    except ValidationError as exc:
        from configurator.core.model.args import _option_message

        raise RequestError(f"{args.project}: {_option_message(exc)}") from None
    return request, r


def _exporting(args: argparse.Namespace) -> bool:
    """Whether a file is written beside the printed plan (cli.exports)."""
    from configurator.core.common.plain import EXPORT_OPTIONS

    return any(getattr(args, dest, None) for dest in EXPORT_OPTIONS)


def _plain_refused(args: argparse.Namespace) -> None:
    """In a process without pydantic (core.common.plain, launcher.PLAIN_COMMANDS): a saved project or an imported
    config (files pydantic reads) and the exports (written after the plan is printed, too late to run it again) are
    run again with pydantic now, before anything is printed."""
    from configurator.core.common import plain

    if plain.ACTIVE and any(getattr(args, dest, None) is not None for dest in plain.VALIDATING_OPTIONS):
        raise plain.Revalidate("a project, an imported config or an export")


def _planned(args: argparse.Namespace, request: Any, r: Any) -> Any:
    """The plan of `request` (costed with --ownership: plan's `ownership`). Printed only, its estimates keep no chain of steps: neither
    the text nor the JSON shows one (estimator.steps_unread); an export's sheets have theirs."""
    from contextlib import nullcontext

    from configurator.core.estimate.estimator import steps_unread
    from configurator.core.solve.plan import plan

    with nullcontext() if _exporting(args) else steps_unread():
        # round 38: the ranking judges SERVE by the buyer's own demand (--usage, --seats, --requests-per-day); round 39:
        # the plan costs its builds with those inputs too, and its claims say the share of that demand each serves
        ownership = getattr(args, "ownership", None)
        return plan(request, r.catalog, model=r.model, exact_weight_bytes=r.exact_weight_bytes, ownership=ownership)


def _usage_number(field: str, whole: bool) -> Callable[[str], float]:
    """An argparse type for a tco.UsageProfile field: a number within the range the field itself declares
    (args.field_type), read when the option is given: tco takes 0.3 s to import, not paid at every start."""

    def parse(text: str) -> float:
        from configurator.core.costs.tco import UsageProfile

        return field_type(UsageProfile, field, whole)(text)

    parse.__name__ = "whole number" if whole else "number"
    return parse


_requests_per_day = _usage_number("requests_per_day", whole=False)
"""--requests-per-day: a number of requests a day, within tco.UsageProfile.requests_per_day's bounds."""


def _stated_demand(args: argparse.Namespace) -> None:
    """--requests-per-day laid over the buy-or-rent inputs (a project's, else the defaults): the plan is recosted with
    it as the window's Buy-or-rent tab recosts with its inputs (tco.recosted)."""
    stated = getattr(args, "requests_per_day", None)
    dedicated = bool(getattr(args, "dedicated_endpoint", False))
    usage = getattr(args, "usage", None)
    seats = getattr(args, "seats", None)
    if stated is None and not dedicated and usage is None and seats is None:
        return
    from configurator.core.costs.tco import OwnershipInputs

    inputs = getattr(args, "ownership", None) or OwnershipInputs()
    update: dict[str, object] = {"dedicated_rental": True} if dedicated else {}
    if stated is not None:
        update["requests_per_day"] = stated
    if usage is not None:
        update["usage"] = usage
    if seats is not None:
        update["seats"] = seats
    args.ownership = inputs.model_copy(update=update)


_seats = _usage_number("seats", whole=True)
"""--seats: a whole number of seats, within tco.UsageProfile.seats's bounds."""


def _seats_streams(args: argparse.Namespace) -> None:
    """--seats N without --batch: the streams a team of N needs at once are the batch (round 41: costs.api
    seat_streams_of, Erlang C on a chat team's own arrivals over the busy hours of the buy-or-rent inputs at the speed
    asked, else reading speed; a coding agent's from Anthropic's table)."""
    seats = getattr(args, "seats", None)
    if seats is None or "batch" in (getattr(args, "_given", None) or set()):
        return
    from configurator.core.costs.api import Demand, seat_streams_of
    from configurator.core.costs.tco import OwnershipInputs
    from configurator.core.rules.job import READING_TPS

    inputs = getattr(args, "ownership", None) or OwnershipInputs()
    demand = Demand(
        days_per_year=inputs.days_per_year,
        requests_per_day=getattr(args, "requests_per_day", None),
        usage=getattr(args, "usage", None) or inputs.usage,
        seats=seats,
    )
    workload = {"prompt": getattr(args, "prompt", None), "context": getattr(args, "context", None)}
    asked = getattr(args, "min_decode_tps", None)
    tps = asked if isinstance(asked, int | float) and asked > 0 else READING_TPS
    args.batch = seat_streams_of(seats, demand, inputs.hours_per_day * inputs.utilisation, workload, tps).streams
    args._given = (getattr(args, "_given", None) or set()) | {"batch"}


def _cmd_plan(args: argparse.Namespace) -> int:
    from configurator.core.common.errors import unknown_ids
    from configurator.core.model.request import OWNED_KINDS

    _plain_refused(args)
    _seats_streams(args)
    if args.project is not None:
        request, r = _project_request(args)
    else:
        if not args.model and not args.model_config:
            print(
                "llm-rig plan: error: one of the arguments --model --model-config --project is required",
                file=sys.stderr,
            )
            return 2
        if not args.workload:
            print(
                "llm-rig plan: error: the following arguments are required: --workload (or --project)", file=sys.stderr
            )
            return 2
        r = resolve(args, kinds=None)
        request = build_request(args, r.model.id, r.workload)
    from configurator.core.model.request import split_named

    # `--gpu` takes GPU and system ids alike: a Mac Studio against a 3090 build (issue #31); an id of neither kind is
    # refused naming the option (exit 2)
    request = split_named(request, r.catalog.records["gpus"], r.catalog.records["systems"], "--gpu")
    for part in request.owned:
        # an owned part the catalog does not know would silently drop out of the plan
        kind = OWNED_KINDS[part.category]
        error = unknown_ids([part.id], r.catalog.records[kind], part.category, "--own", listing=kind)
        if error:
            raise error
    _stated_demand(args)
    result = _planned(args, request, r)
    if args.json:
        from configurator.cli.jsonout import print_json

        data = result.to_json()
        for build, shown in zip(result.builds, data["builds"], strict=True):
            # each paid part priced more than six months ago, as a code with its date (the text's "[old: ...]")
            shown["price_warnings"] = prices.old_price_warnings(build)
            shown["rate_warning"] = prices.rate_warning(build)
            # each paid part whose price is an estimate, with the catalog's reason (the text's "price an estimate")
            shown["price_estimates"] = prices.estimate_json(build)
            # how old the build's paid prices are: oldest, median, newest (the text's "prices of this build's ...")
            shown["price_dates"] = prices.dates_json(build)
            # the one tax basis of its prices: whose VAT, the total without it (the text's "tax: ...")
            shown["price_basis"] = prices.tax_json(build)
        print_json(data)
    else:
        print(format_plan(result))
    from configurator.cli import exports

    return exports.write_requested(args, result, request, r.catalog, r.model, r.exact_weight_bytes)


def register(commands: Any) -> None:
    from configurator.cli.main import command_help

    parser = commands.add_parser("plan", help=command_help("plan"))
    add_plan_options(parser)
    parser.add_argument(
        "--project",
        type=Path,
        metavar="FILE.llmrig",
        help="solve a saved project's request as the app does; other options given override it",
    )
    parser.add_argument(
        "--request", type=int, metavar="N", help="with --project: its N-th request (default: the active one)"
    )
    parser.add_argument(
        "--requests-per-day",
        type=_requests_per_day,
        metavar="N",
        help="inference, buy or rent: requests each user sends a day the machine is on, what a per-token API bills "
        "(default: each user at the speed asked, else reading speed, over the busy hours, as the rental that serves "
        "them is sized; one casual ChatGPT user sends 3.7 a day, NBER working paper 34255; a coding agent hundreds)",
    )
    parser.add_argument(
        "--usage",
        choices=("chat", "coding-agent"),
        help="inference, buy or rent: the kind of user, for what a per-token API bills and how long the machine is "
        "busy: chat (a casual ChatGPT user, 3.7 requests a day, NBER working paper 34255) or coding-agent (an agentic "
        "coding seat: ~300 requests a day of a 42k-token prompt and a 480-token reply, estimated from Anthropic's "
        "Claude Code figures); --requests-per-day overrides its requests (default: by speed)",
    )
    parser.add_argument(
        "--seats",
        type=_seats,
        metavar="N",
        help="inference: a team of N seats (with --usage or --requests-per-day, each seat's demand): the build is sized "
        "for the streams they need at once, not N, unless --batch says the streams: chat seats (or no --usage) by "
        "their own requests over the busy hours, the fewest streams on which at most 1 %% of requests wait over 2 s "
        "(Erlang C; ten chat seats: 2); coding agents by Anthropic's Claude Code rate-limit sizing by team size "
        "(1-5 seats all, 5-20 half, 20-50 a quarter...)",
    )
    parser.add_argument(
        "--dedicated-endpoint",
        action="store_true",
        help="inference, buy or rent: rent a dedicated endpoint kept on every hour the machine would be on (default: "
        "the rental is billed by the second for the hours it answers the users' requests, the rule the build's busy "
        "hours follow)",
    )
    # with --project, the model and workload come from the file: required only without it (checked in _cmd_plan)
    for group in parser._mutually_exclusive_groups:
        if any(a.dest == "model" for a in group._group_actions):
            group.required = False
    for action in parser._actions:
        if action.dest == "workload":
            action.required = False
    _track_given(parser)
    from configurator.cli import exports

    exports.add_export_options(parser)
    parser.set_defaults(func=_cmd_plan)
