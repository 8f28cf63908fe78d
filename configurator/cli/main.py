"""Argument parsing, dispatch and exit codes of the llm-rig command line."""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import configurator
from configurator.core.catalog.kinds import CATALOG_KINDS

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors say which command they belong to and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


class _VersionAction(argparse.Action):
    """`--version`: the app's version and the shipped catalog's date range, read only when asked (the catalog
    load is not paid by every other command)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit()


def version_text() -> str:
    """'llm-rig 0.1.0 (catalog prices from 2026-06 to 2026-11)': the shipped catalog, not the user's overlay."""
    from configurator.storage.catalog_key import catalog_date_text

    def compute(today: datetime.date) -> tuple[str, datetime.date | None]:
        from configurator.core.catalog.dates import catalog_date
        from configurator.storage import catalogs

        date = catalog_date(catalogs.load(include_user=False).catalog, today=today)
        return date.text(), date.until

    # kept beside the validated catalog under its key until a price in it turns six months old: a second --version
    # imports no schema and loads no catalog
    return f"llm-rig {configurator.__version__} (catalog {catalog_date_text(compute)})"


def _print_json(value: Any) -> None:
    from configurator.cli.jsonout import print_json

    print_json(value, ensure_ascii=False)


def _warn_problems(problems: Sequence[object]) -> None:
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)


# --------------------------------------------------------------------------- catalog


def _cmd_catalog_list(args: argparse.Namespace) -> int:
    from configurator.storage import catalogs

    result = catalogs.load(kinds={args.kind})
    _warn_problems(result.problems)
    records = result.catalog.kind(args.kind)
    if args.json:
        _print_json([r.model_dump(mode="json") for r in records])
        return EXIT_OK
    for record in records:
        print(f"{record.id:32} {record.name}")
    print(f"{len(records)} {args.kind}", file=sys.stderr)
    return EXIT_OK


def _cmd_catalog_validate(args: argparse.Namespace) -> int:
    from configurator.core.catalog.loader import validate_paths
    from configurator.storage import paths

    shipped = paths.shipped_catalog_files()
    if args.paths:
        problems = validate_paths([Path(p) for p in args.paths], base=shipped)
        checked = args.paths
    else:
        user = paths.user_catalog_files()
        problems = validate_paths(shipped) + (validate_paths(user, base=shipped) if user else [])
        checked = [str(paths.catalogs_dir())] + ([str(paths.user_catalog_dir())] if user else [])
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"ok: {', '.join(checked)}")
    return EXIT_OK


def _cmd_catalog_export_prices(args: argparse.Namespace) -> int:
    from configurator.storage import price_pack

    author = args.author or _user_name()
    n_prices, n_parts = price_pack.export_pack(Path(args.file), author, configurator.__version__)
    if args.json:
        _print_json({"file": args.file, "author": author, "prices": n_prices, "parts": n_parts})
    else:
        print(f"wrote {args.file}: {n_prices} price(s) and {n_parts} added part(s), by {author}")
    return EXIT_OK


def _user_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no user name in the environment or the password database
        return "unknown"


def _cmd_catalog_import_prices(args: argparse.Namespace) -> int:
    from configurator.storage import catalogs, price_pack

    pack = price_pack.read_pack(Path(args.file))
    loaded = catalogs.load()
    _warn_problems(loaded.problems)
    review = price_pack.review(pack, loaded.catalog)
    if args.apply and review.effective:
        price_pack.apply(review, loaded.catalog)
    if args.json:
        _print_json(review.as_json(applied=bool(args.apply)))
        return EXIT_OK
    print(
        f"price pack {args.file}: {pack.author}, {pack.date.isoformat()}, {len(pack.prices)} price(s), {len(pack.parts)} part(s)"
    )
    for change in review.changes:
        print(change.text())
    counts = ", ".join(f"{n} {action}" for action, n in review.counts().items()) or "nothing in the pack"
    if args.apply:
        print(f"applied: {counts}" + (f"; wrote {', '.join(review.written)}" if review.written else ""))
    else:
        print(f"dry run: {counts}; run again with --apply to write them into your catalog")
    return EXIT_OK


# --------------------------------------------------------------------------- parser


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser. Given `argv`, only the lazily imported command it names gets its options (the others
    are listed with their help); without it, every command is complete."""
    parser = _Parser(prog="llm-rig", description="What machine to buy to run, fine-tune or train an LLM.")
    parser.add_argument("--version", action=_VersionAction, help="show the version and the catalog's price dates")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    chosen = _command_of(argv)
    if argv is None or chosen == "catalog":
        _add_catalog_commands(commands)
    else:  # another command (or none) is run: `catalog` is listed, its sub-commands' parsers are not built
        commands.add_parser("catalog", help=CATALOG_HELP)
    registered: set[str] = set()
    for name, (module_name, help_text) in LAZY_COMMANDS.items():
        if name in registered:
            continue
        if argv is None or chosen in _commands_of(module_name):
            # only the command being run pays for its options' imports (pydantic models, the estimator)
            module = _command_module(module_name)
            module.register(commands)
            registered.update(_commands_of(module_name))
        else:
            commands.add_parser(name, help=help_text)
    return parser


CATALOG_HELP = "list and validate parts and model catalogs"


def _add_catalog_commands(commands: Any) -> None:
    catalog = commands.add_parser("catalog", help=CATALOG_HELP)
    catalog_commands = catalog.add_subparsers(dest="catalog_command", required=True, parser_class=_Parser)
    listing = catalog_commands.add_parser("list", help="list a catalog kind")
    listing.add_argument("kind", choices=CATALOG_KINDS)
    listing.add_argument("--json", action="store_true", help="full records as a JSON list")
    listing.set_defaults(func=_cmd_catalog_list)
    validate = catalog_commands.add_parser("validate", help="check catalog files (default: shipped and user)")
    validate.add_argument("paths", nargs="*", help="TOML files or folders to check")
    validate.set_defaults(func=_cmd_catalog_validate)
    export = catalog_commands.add_parser(
        "export-prices", help="write your overlay's prices and added parts as a price pack"
    )
    export.add_argument("file", help="the pack to write (TOML)")
    export.add_argument("--author", default="", help="who the pack is from (default: your user name)")
    export.add_argument("--json", action="store_true", help="what was written, as JSON")
    export.set_defaults(func=_cmd_catalog_export_prices)
    imp = catalog_commands.add_parser(
        "import-prices", help="review (and with --apply merge) a price pack into your overlay"
    )
    imp.add_argument("file", help="the pack to read (TOML)")
    imp.add_argument("--apply", action="store_true", help="write the changes (default: a dry run that only reviews)")
    imp.add_argument("--json", action="store_true", help="the review as JSON")
    imp.set_defaults(func=_cmd_catalog_import_prices)
    from configurator.cli import quote as quote_cli

    quote_cli.register(catalog_commands)


LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "estimate": ("configurator.cli.estimate", "memory, speed and time for a model and workload"),
    "plan": ("configurator.cli.plan", "complete, buildable machines for a model and workload"),
    "map": ("configurator.cli.advise", "the cheapest machine for each model size and precision"),
    "rank": ("configurator.cli.advise", "GPUs that run a model, ranked by price per token/s"),
}
"""Subcommands whose module is imported only when the command is run: (module, help in `llm-rig --help`).
Each module's `register()` adds its own commands with the help text `command_help()` gives it."""


def _command_module(module_name: str) -> Any:
    """The command's module, imported here by name in plain import statements (a frozen bundle's analysis finds
    these; it cannot see a name handed to importlib)."""
    if module_name == "configurator.cli.estimate":
        from configurator.cli import estimate

        return estimate
    if module_name == "configurator.cli.plan":
        from configurator.cli import plan

        return plan
    from configurator.cli import advise

    return advise


def command_help(name: str) -> str:
    return LAZY_COMMANDS[name][1]


def _commands_of(module_name: str) -> tuple[str, ...]:
    return tuple(name for name, (module, _help) in LAZY_COMMANDS.items() if module == module_name)


def _command_of(argv: Sequence[str] | None) -> str | None:
    """The subcommand named on the command line (the first word that is not an option), if any."""
    for word in argv or ():
        if not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return EXIT_OK
        return func(args)
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError:
        # every reader catches deep nesting itself; this is the last line should one be missed
        print("llm-rig: an input file is nested too deeply to be read", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # the disk, not the program: full, read-only, permission denied
        print(f"llm-rig: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:
        from configurator.core.common.errors import ConfiguratorError

        if isinstance(exc, ConfiguratorError):
            print(f"llm-rig: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        _log_internal_error()
        print(f"llm-rig: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


def _log_internal_error() -> None:
    """Keep the traceback for a bug report, out of the user's terminal."""
    import traceback  # for a bug alone: most commands never need it (#34)

    try:
        from configurator.storage import paths
        from configurator.storage.atomic import write_text

        folder = paths.cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        write_text(folder / "last-error.txt", traceback.format_exc())
        print(f"llm-rig: details written to {folder / 'last-error.txt'}", file=sys.stderr)
    except OSError:
        pass


if __name__ == "__main__":
    raise SystemExit(main())
