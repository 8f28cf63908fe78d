"""The command line imports only what a command uses (#34): `--version` never loads pydantic,
the catalog schema, the estimator or the solver."""

from __future__ import annotations

import subprocess
import sys

from configurator.cli.main import LAZY_COMMANDS, build_parser, main


def test_version_imports_no_pydantic_no_catalog_no_solver() -> None:
    """The catalog's date it prints is kept beside the validated catalog: once known, --version reads it alone."""
    assert (
        subprocess.run([sys.executable, "-m", "configurator", "--version"], capture_output=True, text=True).returncode
        == 0
    )
    probe = (
        "import sys; from configurator.cli.main import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print('|'.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("llm-rig ") and "catalog prices from" in lines[0]
    loaded = set(lines[-1].split("|"))
    assert "configurator" in loaded
    for heavy in (
        "pydantic",
        "configurator.core.catalog.models",
        "configurator.core.estimate.estimator",
        "ortools",
        "configurator.core.solve.plan",
        "PySide6",
    ):
        assert heavy not in loaded, heavy


def test_every_command_is_listed_and_each_parses_its_own_options(capsys: object) -> None:
    full = build_parser()
    for name in LAZY_COMMANDS:
        assert name in full.format_help()
    # the lazily built parser gives the same options to the command it is asked for
    lazy = build_parser(["plan", "--model", "llama-3.1-8b"])
    args = lazy.parse_args(["plan", "--model", "llama-3.1-8b", "--workload", "inference", "--budget", "1500"])
    assert args.budget == 1500 and args.func is not None


def test_an_unknown_command_is_a_usage_error() -> None:
    assert main(["no-such-command"]) == 2
