"""`plan --pdf/--xlsx/--csv/--markdown`: write the builds for purchasing, approval and the workbench."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from configurator.core.common.fileio import clean_stale_temps

if TYPE_CHECKING:
    from configurator.core.common.shapes import ValueRowJson

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_export_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="build sheets as PDF (one per build)")
    parser.add_argument("--xlsx", type=Path, metavar="FILE", help="purchase list workbook")
    parser.add_argument("--csv", type=Path, metavar="FILE", help="purchase list line items")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="Type | Item | Price tables")
    parser.add_argument("--page", choices=("A4", "Letter"), default="A4", help="PDF page size")
    parser.add_argument(
        "--lang",
        choices=("en", "zh_CN"),
        default="en",
        help="language of the PDF sheets and the XLSX purchase list (zh_CN: Simplified Chinese; "
        "CSV stays English for scripts)",
    )


def _check_target(path: Path) -> str | None:
    folder = path.expanduser().resolve().parent
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"{path}: cannot write into {folder}"
    if path.is_dir():
        return f"{path}: is a folder"
    return None


def write_requested(
    args: argparse.Namespace,
    result: Any,
    request: Any,
    catalog: Any,
    model: Any = None,
    exact_weight_bytes: int | None = None,
) -> int:
    """Write every file asked for; exit 2 with a message when one cannot be written."""
    targets = [(kind, getattr(args, kind)) for kind in ("xlsx", "csv", "markdown", "pdf") if getattr(args, kind, None)]
    if not targets:
        return EXIT_OK
    for _kind, path in targets:
        clean_stale_temps(path.expanduser().resolve().parent)  # temp files of an export killed mid-way
        problem = _check_target(path)
        if problem:
            print(f"llm-rig: {problem}", file=sys.stderr)
            return EXIT_BAD_INPUT
    builds = list(result.builds)
    if not builds:
        print("llm-rig: nothing to export: no build fits (see the relaxation above)", file=sys.stderr)
        return EXIT_BAD_INPUT
    from configurator import __version__
    from configurator.core.report import atomic_write_text
    from configurator.core.report.purchase import (
        SheetMeta,
        csv_text,
        job_title,
        markdown_text,
        ranked_workloads,
        write_xlsx,
    )

    rankings: dict[str, tuple[ValueRowJson, ...]] = {}
    if model is not None and any(kind == "pdf" for kind, _path in targets):  # the value table is the sheets'
        from configurator.core.advise.landscape import value_rows

        # each build's sheet ranks at the weights and KV cache it runs (q8_0 beside f16 builds, FP8 for vLLM)
        rankings = {
            kv: value_rows(model, workload, catalog, request, exact_weight_bytes)
            for kv, workload in ranked_workloads(request, builds).items()
        }
    meta = SheetMeta.from_catalog(
        catalog,
        builds,
        project_name=job_title(request, getattr(args, "lang", "en")),
        app_version=__version__,
        value_rankings=rankings,
        language=getattr(args, "lang", "en"),
        infeasible=getattr(result, "infeasible", None),
    )
    try:
        for kind, path in targets:
            if kind == "xlsx":
                write_xlsx(path, builds, request, meta)
            elif kind == "csv":
                atomic_write_text(path, csv_text(builds, request))
            elif kind == "markdown":
                atomic_write_text(path, markdown_text(builds, request, meta))
            else:
                code = _write_pdf(path, builds, request, meta, args.page)
                if code:
                    return code
            print(f"wrote {path}", file=sys.stderr)
    except OSError as exc:
        print(f"llm-rig: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def payload_dir() -> Path:
    """Where the PDF child's input waits while it renders (cleaned of killed exports' leftovers)."""
    from configurator.storage import paths

    return paths.cache_dir() / "exports"


def _die_with_parent() -> None:
    """In the child, before exec (Linux): the kernel kills it the moment this process dies (prctl PR_SET_PDEATHSIG),
    even while it is still importing Qt, before its own --parent watchdog runs."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1 (linux/prctl.h)
    except (OSError, AttributeError):
        pass


def _raise_on_sigterm() -> Any:
    """While the child renders, SIGTERM unwinds this process (its finally kills the child, removes the payload)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        return None

    def stop(_signum: int, _frame: Any) -> None:
        raise SystemExit(143)

    return signal.signal(signal.SIGTERM, stop)


def _restore_sigterm(previous: Any) -> None:
    import signal

    if previous is not None:
        signal.signal(signal.SIGTERM, previous)


def _write_pdf(path: Path, builds: list[Any], request: Any, meta: Any, page: str) -> int:
    """Qt lays out the PDF in a child process, so the command line itself never loads Qt."""
    import subprocess  # here, not at the top: a plan that writes no PDF never needs them (#34)
    import tempfile
    from dataclasses import asdict

    payload = {
        "builds": [json.loads(b.model_dump_json()) for b in builds],
        "request": json.loads(request.model_dump_json()),
        "meta": asdict(meta),
    }
    folder = payload_dir()
    folder.mkdir(parents=True, exist_ok=True)
    clean_stale_temps(folder)  # payloads of an export that was killed: its process id is gone
    # named like every temp file of ours (.NAME.PID.RAND.tmp): the next start removes it if this process is killed
    fd, source = tempfile.mkstemp(prefix=f".pdf-payload.{os.getpid()}.", suffix=".tmp", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(payload, handle)
    previous = _raise_on_sigterm()
    proc: subprocess.Popen[str] | None = None
    try:
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        # --parent: the child exits by itself when this process dies, even by kill -9 (no printing orphans)
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "configurator.qt.printing",
                source,
                str(path),
                "--page",
                page,
                "--parent",
                str(os.getpid()),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        _out, err = proc.communicate()
    finally:
        if proc is not None and proc.poll() is None:  # interrupted (Ctrl+C, SIGTERM): the child goes too
            proc.kill()
            proc.wait()
        _restore_sigterm(previous)
        try:
            os.unlink(source)
        except FileNotFoundError:
            pass
    if proc.returncode:
        message = (err.strip().splitlines() or ["the PDF renderer failed"])[-1]
        print(f"llm-rig: {path}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT if proc.returncode == 2 else 1
    return EXIT_OK
