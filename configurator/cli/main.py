"""Argument parsing, dispatch and exit codes of the llm-rig command line."""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import configurator

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2

CATALOG_KINDS = ("gpus", "cpus", "motherboards", "memory", "psus", "chassis", "coolers", "storage", "systems", "accessories", "models", "cloud")


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors say which command they belong to and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


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


# --------------------------------------------------------------------------- parser


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser. Given `argv`, only the lazily imported command it names gets its options (the others
    are listed with their help); without it, every command is complete."""
    parser = _Parser(prog="llm-rig", description="What machine to buy to run, fine-tune or train an LLM.")
    parser.add_argument("--version", action="version", version=f"llm-rig {configurator.__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    catalog = commands.add_parser("catalog", help="list and validate parts and model catalogs")
    catalog_commands = catalog.add_subparsers(dest="catalog_command", required=True, parser_class=_Parser)
    listing = catalog_commands.add_parser("list", help="list a catalog kind")
    listing.add_argument("kind", choices=CATALOG_KINDS)
    listing.add_argument("--json", action="store_true", help="full records as a JSON list")
    listing.set_defaults(func=_cmd_catalog_list)
    validate = catalog_commands.add_parser("validate", help="check catalog files (default: shipped and user)")
    validate.add_argument("paths", nargs="*", help="TOML files or folders to check")
    validate.set_defaults(func=_cmd_catalog_validate)
    from configurator.cli import quote as quote_cli

    quote_cli.register(catalog_commands)

    chosen = _command_of(argv)
    registered: set[str] = set()
    for name, (module_name, help_text) in LAZY_COMMANDS.items():
        if name in registered:
            continue
        if argv is None or chosen in _commands_of(module_name):
            # only the command being run pays for its options' imports (pydantic models, the estimator)
            module = importlib.import_module(module_name)
            module.register(commands)
            registered.update(_commands_of(module_name))
        else:
            commands.add_parser(name, help=help_text)
    return parser


LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "estimate": ("configurator.cli.estimate", "memory, speed and time for a model and workload"),
    "plan": ("configurator.cli.plan", "complete, buildable machines for a model and workload"),
    "map": ("configurator.cli.advise", "the cheapest machine for each model size and precision"),
    "rank": ("configurator.cli.advise", "GPUs that run a model, ranked by price per token/s"),
}
"""Subcommands whose module is imported only when the command is run: (module, help in `llm-rig --help`).
Each module's `register()` adds its own commands with the help text `command_help()` gives it."""


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
    except Exception as exc:  # noqa: BLE001 - the top of the program: report, never a traceback
        from configurator.core.errors import ConfiguratorError

        if isinstance(exc, ConfiguratorError):
            print(f"llm-rig: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        _log_internal_error()
        print(f"llm-rig: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


def _log_internal_error() -> None:
    """Keep the traceback for a bug report, out of the user's terminal."""
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
