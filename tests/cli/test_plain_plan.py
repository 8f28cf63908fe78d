"""`llm-rig plan` and `map` without pydantic (core.common.plain, #34) answer exactly as with it: the same output,
messages and exit code, in text and JSON, for a request that fits, a training job (its costs dumped field by field), a
map's grid and requests that pydantic or the request's own rules refuse; what only pydantic reads (a saved project, an export) runs with it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

JOURNEY = [
    *("plan", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m", "--budget", "1500"),
]
REQUESTS = {
    "the journey, JSON": [*JOURNEY, "--json"],
    "the journey, text": JOURNEY,
    "8B QLoRA at 2,500 USD (a training job's costs)": [
        *("plan", "--model", "llama-3.1-8b", "--workload", "finetune", "--method", "qlora", "--tokens", "1e8"),
        *("--budget", "2500", "--top", "2", "--json"),
    ],
    "a deadline for inference (the request's own rule refuses)": [*JOURNEY, "--deadline-hours", "10"],
    "an owned part's id past its length (pydantic refuses)": [*JOURNEY, "--own", "x" * 201],
    "an owned card the catalog lacks": [*JOURNEY, "--own", "no-such-card"],
    # the map's cells are plans solved in workers forked from the command's process: plain too
    "a map of two models, JSON": [
        *("map", "--workload", "inference", "--model", "qwen3-8b", "llama-3.3-70b", "--precision", "q4_k_m", "bf16"),
        *("--budget", "4000", "--json"),
    ],
    "a QLoRA map, text": ["map", "--workload", "finetune", "--method", "qlora", "--model", "qwen3-8b", "qwen3-32b"],
    "a map of a model the catalog lacks": ["map", "--workload", "inference", "--model", "no-such-model"],
}
PROBE = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('pydantic imported:', 'pydantic' in sys.modules, file=sys.stderr))\n"
    "sys.argv = ['llm-rig', *sys.argv[1:]]\n"
    "from configurator.launcher import main\n"
    "raise SystemExit(main())\n"
)


def _start(args: list[str], plain: bool, home: Path, cwd: Path | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "LLM_RIG_PLAIN": "1" if plain else "0", "LLM_RIG_HOME": str(home)}
    pipe = subprocess.PIPE
    return subprocess.Popen([sys.executable, "-c", PROBE, *args], stdout=pipe, stderr=pipe, text=True, env=env, cwd=cwd)


def _done(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate()
    return process.returncode, out, err


def _run(args: list[str], plain: bool, home: Path, cwd: Path | None = None) -> tuple[int, str, str]:
    return _done(_start(args, plain, home, cwd))


def _run_both(
    args: list[str], home: Path, cwd: Path | None = None, args_0: list[str] | None = None
) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """The plain process's answer and the validating one's (to `args_0`, default the same arguments), the two run at
    once: neither reads what the other writes (the warm home's cache is only read), and on CI's two cores the pair
    takes the time of one."""
    plain, validating = _start(args, True, home, cwd), _start(args if args_0 is None else args_0, False, home)
    return _done(plain), _done(validating)


@pytest.fixture(scope="module")
def warm_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One home for the module, its shipped-catalog cache written by a first (validating) run."""
    home = tmp_path_factory.mktemp("home")
    _run(["catalog", "list", "gpus"], plain=False, home=home)
    return home


@pytest.mark.parametrize("label", list(REQUESTS))
def test_plain_plan_answers_as_pydantic_does(label: str, warm_home: Path) -> None:
    (code, out, err), (code_0, out_0, err_0) = _run_both(REQUESTS[label], warm_home)
    assert (code, out) == (code_0, out_0)
    assert err.replace("pydantic imported: False", "pydantic imported: True") == err_0
    assert "Traceback" not in err and "internal error" not in err
    refused = "refuses" in label or "lacks" in label
    assert code == (2 if refused else 0)
    # a request answered, or refused by the catalog, never imported pydantic; what pydantic refuses ran with it
    expected = "True" if "refuses" in label else "False"
    assert f"pydantic imported: {expected}" in err, err


def test_an_export_is_written_by_a_validating_process(warm_home: Path, tmp_path: Path) -> None:
    """An export is written after the plan is printed: the process starts with pydantic (also when the option is
    abbreviated, after argparse has read it), so the plan is printed once, as a validating process prints it."""
    for option in ("--markdown", "--markd"):
        target = tmp_path / f"plan{option}.md"
        again = [*JOURNEY, option, str(tmp_path / "again.md")]
        (code, out, err), (code_0, out_0, _) = _run_both([*JOURNEY, option, str(target)], warm_home, tmp_path, again)
        assert (code, out) == (code_0, out_0) and code == 0, err
        assert "pydantic imported: True" in err
        assert target.read_text(encoding="utf-8") == (tmp_path / "again.md").read_text(encoding="utf-8")
