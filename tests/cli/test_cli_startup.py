"""The command line imports only what a command uses (#34): `--version` never loads pydantic,
the catalog schema, the estimator or the solver."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys

import pytest

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


def test_the_catalog_date_is_kept_per_catalog_key(isolated_home: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two installs of different versions (a bundle and a checkout) alternating: each computes its catalog's date once,
    as each keeps its own validated catalog, instead of recomputing the other's on every `--version`."""
    from configurator.storage import catalog_key

    computed: list[str] = []

    def date_of(version: str) -> str:
        monkeypatch.setattr(catalog_key, "shipped_key", lambda _files: version.encode() * 32)

        def compute(_today: datetime.date) -> tuple[str, datetime.date | None]:
            computed.append(version)
            return f"prices of {version}", None

        return catalog_key.catalog_date_text(compute)

    for version in ("a", "b", "a", "b", "a"):
        assert date_of(version) == f"prices of {version}"
    assert computed == ["a", "b"]
    for version in "cdef":  # four newer keys: the oldest, a, is dropped (KEPT_DATES)
        date_of(version)
    assert date_of("a") == "prices of a" and computed[-1] == "a"


def test_the_kept_catalog_date_is_recounted_the_day_a_price_turns_six_months_old(
    isolated_home: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--version` counts the old prices from today: the kept text serves until the day it would say otherwise."""
    from configurator.storage import catalog_key

    monkeypatch.setattr(catalog_key, "shipped_key", lambda _files: b"k" * 32)
    d = datetime.date
    asked: list[datetime.date] = []

    def compute(today: datetime.date) -> tuple[str, datetime.date | None]:
        asked.append(today)
        return f"counted on {today}", d(2026, 12, 10)

    assert catalog_key.catalog_date_text(compute, today=d(2026, 12, 4)) == "counted on 2026-12-04"
    assert catalog_key.catalog_date_text(compute, today=d(2026, 12, 9)) == "counted on 2026-12-04"
    assert catalog_key.catalog_date_text(compute, today=d(2026, 12, 10)) == "counted on 2026-12-10"
    assert catalog_key.catalog_date_text(compute, today=d(2026, 12, 1)) == "counted on 2026-12-01"  # a clock set back
    assert asked == [d(2026, 12, 4), d(2026, 12, 10), d(2026, 12, 1)]


def test_version_counts_the_catalogs_old_prices_from_today(isolated_home: object) -> None:
    from configurator.cli.main import version_text
    from configurator.core.catalog.dates import catalog_date
    from configurator.storage import catalogs

    shipped = catalogs.load(include_user=False).catalog
    assert version_text().endswith(f"(catalog {catalog_date(shipped, today=datetime.date.today()).text()})")


_ESTIMATE_PROBE = (
    "import json, sys\n"
    "from configurator.launcher import main\n"
    "code = main(['estimate', '--model', 'llama-3.1-8b', '--workload', 'inference', '--precision', 'q4_k_m',"
    " '--gpu', 'rtx-3090', '--json'])\n"
    "loader = sys.modules.get('pydantic.plugin._loader')\n"
    "print(json.dumps([code, 'importlib.metadata' in sys.modules, getattr(loader, '__file__', None)]))\n"
)


def _estimate_probe(env: dict[str, str]) -> list[object]:
    import json
    import os

    out = subprocess.run(
        [sys.executable, "-c", _ESTIMATE_PROBE], capture_output=True, text=True, check=True, env={**os.environ, **env}
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def test_estimate_never_imports_the_pydantic_plugin_loader() -> None:
    """pydantic's plugin loader imports importlib.metadata (about 40 ms) to find plugins the app turns off."""
    code, metadata_loaded, loader_file = _estimate_probe({"PYDANTIC_DISABLE_PLUGINS": "__all__"})
    assert code == 0 and not metadata_loaded and loader_file is None


def test_a_user_naming_the_plugins_to_disable_keeps_pydantics_own_loader() -> None:
    code, _metadata_loaded, loader_file = _estimate_probe({"PYDANTIC_DISABLE_PLUGINS": "some-plugin"})
    assert code == 0 and isinstance(loader_file, str) and loader_file.endswith("_loader.py")


_ESTIMATE_IMPORTS_PROBE = (
    "import json, sys\n"
    "from configurator.launcher import main\n"
    "code = main(['estimate', '--model', 'llama-3.3-70b', '--workload', 'inference', '--precision', 'q4_k_m',"
    " '--gpu', 'rtx-3090', '--gpus', '2', '--json'])\n"
    "from configurator.core.catalog.models import Gpu, ModelArch\n"
    "print(json.dumps([code, sorted(sys.modules), ModelArch.__pydantic_complete__, Gpu.__pydantic_complete__]))\n"
)


def test_estimate_json_loads_neither_the_solver_nor_the_report_and_reads_the_cached_catalog_as_it_is() -> None:
    """`estimate --json` (#34) imports neither OR-Tools, the planner, the report, the launch code, the rulebook nor Qt,
    and takes the shipped records from the validated cache as they are: no record class builds its validator or
    serializer (a GGUF size once round-tripped the model's record through JSON, about 25 ms of CPU on every run)."""
    for _warm_then_measure in range(2):  # the first run validates the shipped catalog into this home's cache
        out = subprocess.run(
            [sys.executable, "-c", _ESTIMATE_IMPORTS_PROBE], capture_output=True, text=True, check=True
        )
    code, modules, model_built, gpu_built = json.loads(out.stdout.strip().splitlines()[-1])
    assert code == 0
    for heavy in (
        "ortools",
        "configurator.core.solve.plan",
        "configurator.core.solve.solver",
        "configurator.core.report",
        "configurator.core.launch.commands",
        "configurator.core.launch.training",
        "configurator.core.rules",  # the rulebook: an inference estimate reads support_facts, not the SUP-* checks
        "configurator.core.support.checks",
        "PySide6",
    ):
        assert heavy not in modules, heavy
    assert not model_built and not gpu_built


def test_estimate_answers_the_same_over_a_corrupt_catalog_cache(capsys: pytest.CaptureFixture[str]) -> None:
    """A truncated or garbled cache file (a full disk, a crash mid-write by an older version) costs one validation of
    the shipped catalog: the same answer, exit 0, no traceback."""
    from configurator.storage import catalogs

    argv = ["estimate", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m", "--gpu"]
    argv += ["rtx-3090", "--json"]
    assert main(argv) == 0
    answer = capsys.readouterr().out
    cache = catalogs.shipped_cache_path()
    for garbage in (cache.read_bytes()[:100], cache.read_bytes()[:32] + b"\x80\x04garbage"):
        cache.write_bytes(garbage)
        assert main(argv) == 0
        out, err = capsys.readouterr()
        assert out == answer and "Traceback" not in err and not err


_ESTIMATE_AS_A_COMMAND = (
    "import json, sys\n"
    "sys.argv = ['llm-rig', 'estimate', '--model', 'llama-3.3-70b', '--workload', 'inference', '--precision', 'q4_k_m',"
    " '--gpu', 'rtx-3090', '--gpus', '2', '--json']\n"
    "from configurator.launcher import main\n"
    "code = main()\n"
    "print(json.dumps([code, sorted(sys.modules)]))\n"
)


def test_estimate_json_imports_no_pydantic() -> None:
    """`estimate --json` started as a command (#34: <= 6x an interpreter start) builds its models on the plain base
    (core.common.plain) and reads the validated catalog cache: pydantic validates the files and overlays, never this
    path."""
    for _warm_then_measure in range(2):  # the first run validates the shipped catalog into this home's cache
        out = subprocess.run([sys.executable, "-c", _ESTIMATE_AS_A_COMMAND], capture_output=True, text=True, check=True)
    code, modules = json.loads(out.stdout.strip().splitlines()[-1])
    assert code == 0
    assert "configurator.core.estimate.estimator" in modules
    # (launcher's stand-in for pydantic's plugin loader, pydantic.plugin._loader, is no part of pydantic)
    assert not {"pydantic", "pydantic_core", "annotated_types"} & set(modules)


@pytest.mark.parametrize("enabled", [True, False])
def test_a_command_run_in_a_callers_process_leaves_its_collector_as_it_was(
    enabled: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command pauses the cycle collector and its process freezes its objects at exit (launcher.COLLECTOR_ON); a
    caller that runs it in its own process (a test, a script) gets its collector back as it was, with nothing frozen."""
    import gc

    from configurator.launcher import main as launch

    threshold = gc.get_threshold()
    if not enabled:
        gc.disable()
    try:
        assert launch(["catalog", "list", "gpus"]) == 0
        assert gc.isenabled() is enabled and gc.get_threshold() == threshold and gc.get_freeze_count() == 0
    finally:
        gc.enable()
    assert "rtx-3090" in capsys.readouterr().out
