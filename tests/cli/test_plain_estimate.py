"""`llm-rig estimate` without pydantic (core.common.plain, #34) answers exactly as with it: the same output, messages
and exit code, an overlay's problems said as a validating process says them, and the same fields and defaults on every
model class."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BASE = ["estimate", "--model", "llama-3.1-8b", "--workload", "inference", "--gpu", "rtx-3090"]
REQUESTS = {
    "70B q4 on two 3090s": [
        *("estimate", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m"),
        *("--gpu", "rtx-3090", "--gpus", "2", "--json"),
    ],
    "Mixtral offload, explained": [
        *("estimate", "--model", "mixtral-8x7b", "--workload", "inference", "--precision", "q4_k_m"),
        *("--gpu", "rtx-3090", "--cpu-experts", "--explain"),
    ],
    "8B LoRA, explained (a training workload read back from its JSON)": [
        *("estimate", "--model", "llama-3.1-8b", "--workload", "finetune", "--method", "lora"),
        *("--gpu", "rtx-3090", "--tokens", "1e8", "--explain"),
    ],
    "70B on a Mac Studio (a system, the rulebook's checks)": [
        *("estimate", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m"),
        *("--system", "mac-studio-m3-ultra-80c-512gb", "--gpus", "0", "--json"),
    ],
    "prompt over the context (a validator refuses)": [*BASE, "--prompt", "5000", "--context", "4096"],
    "QLoRA over a GGUF base (a validator refuses)": [
        *("estimate", "--model", "llama-3.1-8b", "--workload", "finetune", "--method", "qlora"),
        *("--precision", "q4_k_m", "--gpu", "rtx-3090"),
    ],
    "context 0 (argparse, the field's range)": [*BASE, "--context", "0"],
    "unknown model": ["estimate", "--model", "nope", "--workload", "inference", "--gpu", "rtx-3090"],
}
PROBE = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('pydantic imported:', 'pydantic' in sys.modules, file=sys.stderr))\n"
    "sys.argv = ['llm-rig', *sys.argv[1:]]\n"
    "from configurator.launcher import main\n"
    "raise SystemExit(main())\n"
)


def _start(args: list[str], plain: bool, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "LLM_RIG_PLAIN": "1" if plain else "0", "LLM_RIG_HOME": str(home)}
    pipe = subprocess.PIPE
    return subprocess.Popen([sys.executable, "-c", PROBE, *args], stdout=pipe, stderr=pipe, text=True, env=env)


def _done(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate()
    return process.returncode, out, err


def _run(args: list[str], plain: bool, home: Path) -> tuple[int, str, str]:
    return _done(_start(args, plain, home))


@pytest.fixture(scope="module")
def warm_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One home for the module, its shipped-catalog cache written by a first (validating) run."""
    home = tmp_path_factory.mktemp("home")
    _run(REQUESTS["70B q4 on two 3090s"], plain=False, home=home)
    return home


@pytest.mark.parametrize("label", list(REQUESTS))
def test_plain_estimate_answers_as_pydantic_does(label: str, warm_home: Path) -> None:
    # the two at once (the warm home's cache is only read): on CI's two cores the pair takes the time of one
    plain, validating = _start(REQUESTS[label], True, warm_home), _start(REQUESTS[label], False, warm_home)
    (code, out, err), (code_0, out_0, err_0) = _done(plain), _done(validating)
    assert (code, out) == (code_0, out_0)
    assert err.replace("pydantic imported: False", "pydantic imported: True") == err_0
    assert "Traceback" not in err and "internal error" not in err
    # what only pydantic can check ran again with it; everything else never imported it
    refused = "refuses" in label or "unknown" in label or "context 0" in label
    assert code == (2 if refused else 0)
    if not refused or "unknown" in label or "context 0" in label:
        assert "pydantic imported: False" in err, err


def test_an_overlay_is_validated_by_pydantic_in_an_estimate(tmp_path: Path) -> None:
    """A user's catalog overlay with a bad field: the same warning (file, line, field) and the same answer whichever
    path the process started on, because an overlay always runs with pydantic."""
    overlay = tmp_path / "data" / "catalog"
    overlay.mkdir(parents=True)
    gpus = (Path(__file__).resolve().parents[2] / "catalogs" / "gpus.toml").read_text(encoding="utf-8")
    first = gpus[gpus.index("[[gpus]]") :]
    first = first[: first.index("\n[[gpus]]")]
    card = first.replace('id = "rtx-2080-ti"', 'id = "my-card"', 1)
    broken = card.replace("vram_gb = 11", "vram_gb = -3", 1)
    assert broken != card
    (overlay / "mine.toml").write_text(broken, encoding="utf-8")
    args = [*BASE, "--json"]
    plain, validating = _run(args, plain=True, home=tmp_path), _run(args, plain=False, home=tmp_path)
    assert plain == validating
    code, out, err = plain
    assert code == 0 and json.loads(out)["memory"]["per_gpu_bytes"] > 0
    assert "mine.toml:" in err and "vram_gb" in err and "pydantic imported: True" in err


_FIELDS = (
    "import json, sys\n"
    "from configurator.core.common import plain\n"
    "if sys.argv[1] == 'plain':\n"
    "    assert plain.use()\n"
    "from configurator.core.catalog import models\n"
    "from configurator.core.estimate import result, workload\n"
    "from configurator.core.common import reasons\n"
    "from configurator.core.rules import base\n"
    "out = {}\n"
    "for module in (models, result, workload, reasons, base):\n"
    "    for name, cls in sorted(vars(module).items()):\n"
    "        if isinstance(cls, type) and cls.__module__ == module.__name__ and hasattr(cls, 'model_fields'):\n"
    "            fields = {}\n"
    "            for field, info in cls.model_fields.items():\n"
    "                factory = info.default_factory\n"
    "                default = repr(factory()) if factory else repr(info.default)\n"
    "                if not factory and info.default is getattr(plain, '_MISSING', None):\n"
    "                    default = 'PydanticUndefined'\n"
    "                bounds = sorted((k, getattr(b, k)) for b in info.metadata for k in ('ge', 'gt', 'le', 'lt')\n"
    "                                if getattr(b, k, None) is not None)\n"
    "                fields[field] = [default.replace('PydanticUndefined', 'required'), bounds, bool(info.exclude)]\n"
    "            out[f'{module.__name__}.{name}'] = [list(fields), fields, bool(cls.model_config.get('frozen'))]\n"
    "print(json.dumps(out, sort_keys=True))\n"
)


def test_every_model_has_the_same_fields_defaults_and_ranges_on_either_base() -> None:
    """Each class is defined once; built on the plain base it has pydantic's fields in pydantic's order, with the same
    defaults, numeric ranges, exclusions and frozenness."""

    def start(base: str) -> subprocess.Popen[str]:
        pipe = subprocess.PIPE
        return subprocess.Popen([sys.executable, "-c", _FIELDS, base], stdout=pipe, stderr=pipe, text=True)

    def fields(process: subprocess.Popen[str]) -> dict[str, object]:
        out, err = process.communicate()
        assert process.returncode == 0, err
        return json.loads(out)  # type: ignore[no-any-return]

    started = start("plain"), start("pydantic")  # at once: two processes that write nothing
    plain, validating = fields(started[0]), fields(started[1])
    assert len(validating) > 30
    assert plain == validating
