"""`llm-rig catalog import-quote`: a vendor's quote read, each line matched to the catalog, its prices written to your overlay."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from configurator.core.catalog.quote import Match, QuoteLine
    from configurator.core.common.shapes import QuoteLineJson, QuoteMatchJson

EXIT_OK, EXIT_BAD_INPUT = 0, 2
_MARKS = {"comma": ",", "point": "."}


def register(catalog_commands: Any) -> None:
    parser = catalog_commands.add_parser(
        "import-quote", help="read a vendor's quote (CSV or XLSX) into dated prices in your catalog overlay"
    )
    parser.add_argument("file", type=Path, help="the quote: columns part, price, date, vendor [, currency, condition]")
    parser.add_argument(
        "--currency",
        choices=("USD", "CNY", "EUR"),
        default="USD",
        help="for lines that name no currency (a column, a symbol by the price, a 'Price (EUR)' header)",
    )
    parser.add_argument(
        "--decimal",
        choices=tuple(_MARKS),
        help="the quote's decimal mark, when its amounts leave it open ('1.599' in EUR)",
    )
    parser.add_argument("--dry-run", action="store_true", help="show what would be written; write nothing")
    parser.add_argument("--json", action="store_true", help="the lines, matches and writes as JSON")
    parser.set_defaults(func=_cmd_import_quote)


def _match_json(match: Match | None) -> QuoteMatchJson | None:
    return None if match is None else {"kind": match.kind, "id": match.id, "name": match.name, "score": match.score}


def _line_json(line: QuoteLine) -> QuoteLineJson:
    """One line of the quote as `catalog import-quote --json` gives it (a scripting contract: keep its keys)."""
    return {
        "row": line.row,
        "part": line.part,
        "price_text": line.amount_text,
        "amount": line.amount,
        "currency": line.currency,
        "condition": line.condition,
        "date": line.date.isoformat(),
        "vendor": line.vendor,
        "ambiguous": line.ambiguous,
        "readings": list(line.readings),
        "match": _match_json(line.chosen),
        "candidates": [_match_json(m) for m in line.matches],
        "writes": line.chosen is not None and not line.ambiguous,
    }


def _print_quote_json(args: argparse.Namespace, lines: list[QuoteLine], writes: list[Any], written: bool) -> None:
    from configurator.cli.jsonout import print_json

    print_json(
        {
            "file": str(args.file),
            "currency": args.currency,
            "dry_run": args.dry_run,
            "written": written,
            "lines": [_line_json(line) for line in lines],
            "writes": [
                {
                    "file": str(file),
                    "kind": kind,
                    "id": record.id,
                    "amount": record.prices[0].amount,
                    "currency": record.prices[0].currency,
                    "date": record.prices[0].date.isoformat(),
                }
                for kind, record, file in writes
            ],
        }
    )


def _print_quote_text(args: argparse.Namespace, lines: list[Any], writes: list[Any], blocked: bool) -> None:
    for line in lines:
        where = (
            f"{line.chosen.kind}:{line.chosen.id} ({line.chosen.score:.0%})"
            if line.chosen is not None
            else "no clear match: skipped" + (f" (closest: {line.matches[0].id})" if line.matches else "")
        )
        amount = f"{line.readings[0]:,.3f} or {line.readings[1]:,.2f}?" if line.ambiguous else f"{line.amount:,.2f}"
        print(
            f"line {line.row:>5}: {line.part[:48]:48} {line.amount_text[:16]:>16} -> {amount} {line.currency} "
            f"({line.condition}, {line.date.isoformat()}, {line.vendor[:24]})  {where}"
        )
    verb = "would write" if args.dry_run or blocked else "wrote"
    files = sorted({str(file) for _k, _r, file in writes})
    print(f"{verb} {len(writes)} price(s) of {len(lines)} line(s) to {', '.join(files) or '-'}")


def _cmd_import_quote(args: argparse.Namespace) -> int:
    from configurator.core.catalog.quote import ambiguity_note, priced_records, read_quote, review
    from configurator.storage import catalogs, overlay

    result = catalogs.load()
    for problem in result.problems:
        print(f"warning: {problem}", file=sys.stderr)
    catalog = result.catalog
    lines = review(catalog, read_quote(args.file, args.currency, _MARKS.get(args.decimal or "")))
    ambiguous = [line for line in lines if line.ambiguous]
    source = f"vendor quote {args.file.name}"
    records = priced_records(catalog, [line for line in lines if not line.ambiguous], source)
    writes = [(kind, record, overlay.overlay_file(kind)) for kind, found in records.items() for record in found]
    blocked = bool(ambiguous) and not args.dry_run
    written = False
    if writes and not blocked and not args.dry_run:
        for kind, found in records.items():
            overlay.save_records(kind, list(found))
        written = True
    if args.json:
        _print_quote_json(args, lines, writes, written)
    else:
        _print_quote_text(args, lines, writes, blocked)
    for line in ambiguous:
        print(
            f"{'warning' if args.dry_run else 'llm-rig'}: {args.file}: {ambiguity_note(line)} "
            "(--decimal comma or --decimal point)",
            file=sys.stderr,
        )
    if blocked:
        print(
            f"llm-rig: {args.file}: nothing written: {len(ambiguous)} amount(s) can be read two ways", file=sys.stderr
        )
        return EXIT_BAD_INPUT
    return EXIT_OK
