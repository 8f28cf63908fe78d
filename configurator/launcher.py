"""Entry point of `llm-rig`: the desktop app without arguments, the command line otherwise."""

from __future__ import annotations

import atexit
import gc
import os
import sys
import types
from collections.abc import Sequence
from typing import NoReturn

# The app uses no pydantic plugins; skipping their entry-point scan saves start-up time.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
# numpy (imported by pyqtgraph; by OR-Tools' model builder too until the solver wrote its own, solve/cpsat.py) starts
# OpenBLAS with a thread per core, which spins while the app does no linear algebra: ~0.1 s of a journey plan's 0.65 s
# of CPU on two cores (12 interleaved runs each, medians, 2026-12-04: 0.656 -> 0.549 s CPU, wall 0.553 -> 0.549 s;
# #34). One BLAS thread is all the app uses.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
PLUGINS_OFF = ("__all__", "1", "true")
"""The values with which pydantic's own get_plugins() returns no plugin."""


def skip_pydantic_plugin_loader() -> None:
    """With plugins disabled, pydantic's plugin loader still imports importlib.metadata the first time it builds a
    validator: about 40 ms of CPU, more than an interpreter start (#34). Its one function, get_plugins, returns no
    plugin then; this stands in for the module with exactly that."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in PLUGINS_OFF or "pydantic.plugin._loader" in sys.modules:
        return
    stub = types.ModuleType("pydantic.plugin._loader", "pydantic's plugin loader with plugins disabled")
    setattr(stub, "get_plugins", lambda: ())  # noqa: B010 (a module made here has no declared attributes)
    sys.modules["pydantic.plugin._loader"] = stub


skip_pydantic_plugin_loader()

GUI_COMMANDS = ("screenshot",)
"""Subcommands that need Qt; everything else stays Qt-free."""
CLI_GC_THRESHOLD = 50_000
"""New objects between the collector's young passes while a command runs (Python's default is 700). A command's
start-up makes objects that live as long as it does (modules, classes, pydantic's field descriptions, catalog records),
and each pass walks the ones made since the last: at 700, about 13 ms of an `estimate`'s 150 ms of CPU and 75 ms of a
journey plan's 700 (62 and 181 passes); at 50,000, none for the estimate and about 35 ms for the plan (2 passes)
(time.process_time in gc.callbacks, medians of 5, 2026-12-03, #34). Cyclic garbage waits at most that many objects.
Only the commands in COLLECTOR_ON run with the collector on: the others pause it (below)."""
COLLECTOR_ON: frozenset[str] = frozenset()
"""Commands run with the cycle collector on: none. Every command is one request answered in one process: it runs with
the collector off, and the process freezes its objects as it exits (gc.freeze at exit, so the interpreter's last
collections skip them), because a command leaves almost no cycles and walking its heap was a large share of its CPU:
a young pass over the objects since the last one at the end of a plan (plan() pauses the collector, and the pass
follows when it returns: about 100 ms of the 70B cluster plan's CPU), and the interpreter's collections at exit over
the whole heap. Process CPU (medians of 5, interleaved, 2026-12-03, #34): `estimate --json` 7.7x -> 6.5x an
interpreter start, the journey plan 39x -> 27x, the 70B cluster plan 63x -> 41x; peak memory unchanged. `map` too
since round 22: its cells are solved in worker processes that collect after each cell (mapworkers._collect); this
process solves the first cell only, before they fork, and two young passes (one among the imports, one after that
cell's first plan, 17 ms each) were on the map's critical path. Where it solves the cells itself (one core, a frozen
bundle) it turns the collector on for them (cli/advise._cmd_map)."""
_FROZEN_AT_EXIT: list[bool] = []


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:2] == ["-m", "configurator.qt.printing"]:
        # The CLI's PDF child process runs `sys.executable -m configurator.qt.printing`; in a
        # frozen app sys.executable is llm-rig itself, which has no `-m`: route it here.
        from configurator.qt.printing import main as printing_main

        return printing_main(args[2:])
    if not args or args[0] in GUI_COMMANDS or args[0].startswith("-psn"):
        try:
            from configurator.qt.app import main as gui_main
        except ImportError as exc:
            print(f"llm-rig: the desktop app needs PySide6 and pyqtgraph ({exc})", file=sys.stderr)
            return 1
        return gui_main(args)
    command = next((word for word in args if not word.startswith("-")), None)  # None: --version, --help
    if argv is None and command is not None:
        from configurator.storage import generated_code

        generated_code.install(command)  # dataclasses' and typing's generated code compiled once per machine
    if argv is None and _plain_command(args):
        from configurator.core.common import plain

        if plain.use():
            try:
                return _run_cli(args)
            except plain.Revalidate:
                _run_again_validating()
    return _run_cli(args)


PLAIN_COMMANDS = ("estimate", "plan")
"""Commands whose process builds its models without pydantic (core.common.plain, #34): they validate nothing but the
options argparse has bounded and the shipped catalog's cache; anything else (an overlay, a cache to write, a workload
its validators refuse, an imported config) runs the command again with pydantic."""


_VALIDATED_OPTIONS = ("--model-config", "--project", "--xlsx", "--csv", "--markdown", "--pdf")
"""Options that start a process with pydantic: a file only it reads (an imported model config, a saved project), or
files a plan writes after its output (an export, whose code is not written for the plain base). Abbreviated (argparse
takes a prefix), `cli.plan._plain_refused` runs the command again before any output."""


def _plain_command(args: list[str]) -> bool:
    """Whether this process, started as `args`, may take the plain path (not a frozen bundle: its one executable is
    not started again here; not over a catalog overlay, which pydantic validates)."""
    command = next((word for word in args if not word.startswith("-")), None)
    if command not in PLAIN_COMMANDS or getattr(sys, "frozen", False):
        return False
    if any(a.split("=", 1)[0] in _VALIDATED_OPTIONS for a in args):
        return False
    from configurator.storage.paths import user_catalog_files

    return not user_catalog_files()  # an overlay is validated by pydantic: start with it rather than run twice


def _run_again_validating() -> NoReturn:
    """The same command line again, with pydantic (plain.ENV=0): its output, messages and exit code are pydantic's.
    Nothing has been printed yet (plain.Revalidate is raised before any output)."""
    from configurator.core.common import plain

    env = {**os.environ, plain.ENV: "0"}
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execve(sys.executable, sys.orig_argv, env)
    import subprocess

    raise SystemExit(subprocess.call(sys.orig_argv, env=env))


def _run_cli(args: list[str]) -> int:
    threshold = gc.get_threshold()
    gc.set_threshold(CLI_GC_THRESHOLD, *threshold[1:])
    if not _FROZEN_AT_EXIT:
        atexit.register(gc.freeze)
        _FROZEN_AT_EXIT.append(True)
    paused = gc.isenabled() and args[0] not in COLLECTOR_ON
    if paused:
        gc.disable()
    try:
        from configurator.cli import main as cli_main

        return cli_main(args)
    finally:
        if paused:
            gc.freeze()  # the command's objects to the oldest generation, unwalked: no pass when it is enabled again
            gc.unfreeze()
            gc.enable()
        gc.set_threshold(*threshold)  # a caller's own (a test calling main in its process)


if __name__ == "__main__":
    raise SystemExit(main())
