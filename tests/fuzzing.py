"""Hostile-input generators and one runner per input surface, shared by tests/test_fuzz.py and benchmarks/fuzz.py.

Every runner feeds one generated input to the real entry point (the CLI's main() in-process, or the
project loader the window uses) and returns the exit code; it raises AssertionError when the promise
of issue #15 breaks: an exit code other than 0 or 2, a traceback, or a user file that changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import json
import math
import os
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

_counter = itertools.count()


@dataclass(frozen=True)
class Deep:
    """A value nested `depth` levels deep, written straight as text (json/tomllib would recurse)."""

    depth: int


MARKUP = [
    "<b>x</b>",
    "<a href='https://evil.example'>x</a>",
    '=HYPERLINK("http://x")',
    "=cmd|' /C calc'!A0",
    "+1",
    "-1",
    "@SUM(A1)",
    "\tx",
    "\rx",
    "a\x07b",
    "\x1b[31mred",
    "",
    " ",
    "rtx-3090",
    "../../etc/passwd",
]
NUMBERS = [
    0,
    -1,
    1,
    2,
    3,
    7,
    8,
    64,
    4096,
    10**5,
    10**6,
    10**11,
    10**18,
    2**63,
    2**64 + 1,
    10**400,
    0.5,
    1e-300,
    1e308,
    -1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    1.0,
    2.5,
]

hostile_scalar = st.one_of(
    st.sampled_from(NUMBERS),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(MARKUP),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.booleans(),
)
hostile_value = st.one_of(
    hostile_scalar,
    st.lists(hostile_scalar, max_size=3),
    st.dictionaries(st.sampled_from(["a", "dtype", "data_offsets", "id", "x"]), hostile_scalar, max_size=3),
    st.integers(min_value=300, max_value=3000).map(Deep),
)


def _field_changes(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """1-3 fields of `base` (or a new key) replaced by hostile values."""
    keys = st.one_of(st.sampled_from(sorted(base)), st.sampled_from(["extra", "num_experts", "head_dim", "moe"]))
    return st.dictionaries(keys, hostile_value, min_size=1, max_size=3)


# --------------------------------------------------------------------------- serialisers


def json_text(value: Any) -> str:
    """JSON as exporters write it (NaN and Infinity included), with Deep expanded."""
    if isinstance(value, Deep):
        return "[" * value.depth + "]" * value.depth
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {json_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**300:
        return str(value)  # a huge integer literal, as a hand-edited file may hold
    return json.dumps(value)


def toml_value(value: Any) -> str:
    if isinstance(value, Deep):
        return "[" * value.depth + "]" * value.depth
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(str(value))


def toml_record(kind: str, record: dict[str, Any]) -> str:
    return f"[[{kind}]]\n" + "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in record.items())


@st.composite
def text_mutation(draw: st.DrawFn, text: str) -> str:
    """Sometimes cut, repeat or garble a slice of a whole file's text."""
    how = draw(st.sampled_from(["keep", "keep", "cut", "insert", "truncate"]))
    if how == "keep" or not text:
        return text
    at = draw(st.integers(0, len(text) - 1))
    if how == "cut":
        return text[:at] + text[at + draw(st.integers(1, 40)) :]
    if how == "truncate":
        return text[:at]
    return (
        text[:at]
        + draw(st.sampled_from(["[", "]", "{", '"', "=", "\n[[gpus]]\n", "\x00", "\\u0000", "'''"]))
        + text[at:]
    )


# --------------------------------------------------------------------------- running the real entry points


def snapshot(folder: Path) -> dict[str, str]:
    """sha256 of every file under `folder`: user files must be byte-identical after any run."""
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_cli(*args: str) -> tuple[int, str, str]:
    from configurator.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def check_outcome(code: int, out: str, err: str, what: str) -> None:
    assert code in (0, 2), f"{what}: exit {code}\n{err}"
    assert "Traceback" not in err and "internal error" not in err, f"{what}: {err}"
    if out.lstrip().startswith(("{", "[")):
        json.loads(out, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(f"{what}: {c} on stdout")))


def _estimate_file(path: Path, what: str, folder: Path) -> int:
    before = snapshot(folder)
    code, out, err = run_cli("estimate", "--model-config", str(path), "--workload", "inference", "--json")
    check_outcome(code, out, err, what)
    assert snapshot(folder) == before, f"{what}: a user file changed"
    return code


GPU = {
    "id": "fuzz-card",
    "name": "Fuzz card",
    "source": "https://example.com/spec",
    "vendor": "nvidia",
    "architecture": "Ampere",
    "market": "consumer",
    "release_year": 2021,
    "vram_gb": 24,
    "memory_type": "GDDR6X",
    "memory_bandwidth_gbps": 936,
    "fp32_tflops": 35.6,
    "fp16_tflops": 71,
    "tdp_w": 350,
    "form_factor": "pcie",
    "slot_width": 3,
    "length_mm": 313,
    "cooler": "open-air",
    "pcie_gen": 4,
    "p2p": False,
    "power_connectors": {"pcie8": 2},
}


@st.composite
def catalog_toml(draw: st.DrawFn) -> str:
    record = {**GPU, **draw(_field_changes(GPU))}
    return draw(text_mutation(toml_record("gpus", record)))


def run_catalog_toml(text: str) -> int:
    """An overlay file next to a good one: catalog commands exit 0 (problems are warnings) or 2."""
    from configurator.storage import paths

    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True, exist_ok=True)
    n = next(_counter)
    hostile, good = folder / f"fuzz-{n}.toml", folder / "good.toml"
    hostile.write_text(text, encoding="utf-8")
    good.write_text(toml_record("gpus", {**GPU, "id": "good-card"}), encoding="utf-8")
    try:
        before = snapshot(folder)
        code, out, err = run_cli("catalog", "list", "gpus")
        check_outcome(code, out, err, "catalog list")
        assert code == 0 and "good-card" in out and "rtx-3090" in out, "a bad overlay stopped the others loading"
        gpu = "fuzz-card" if "fuzz-card" in out else "good-card"
        code, out, err = run_cli(
            "estimate", "--model", "llama-3.1-8b", "--workload", "inference", "--gpu", gpu, "--json"
        )
        check_outcome(code, out, err, "estimate on the overlay card")
        assert snapshot(folder) == before, "an overlay file changed"
        refused = hostile.name in err  # skipped with a warning naming the file (and the others loaded)
        return 2 if refused else code
    finally:
        hostile.unlink()


LLAMA = {
    "model_type": "llama",
    "hidden_size": 512,
    "num_hidden_layers": 4,
    "num_attention_heads": 8,
    "num_key_value_heads": 2,
    "intermediate_size": 1024,
    "vocab_size": 32000,
    "max_position_embeddings": 4096,
}
MOE = {
    **LLAMA,
    "model_type": "deepseek_v3",
    "n_routed_experts": 16,
    "num_experts_per_tok": 2,
    "moe_intermediate_size": 256,
    "n_shared_experts": 1,
    "first_k_dense_replace": 1,
    "kv_lora_rank": 128,
    "q_lora_rank": 256,
    "qk_rope_head_dim": 32,
    "qk_nope_head_dim": 64,
    "v_head_dim": 64,
}


@st.composite
def config_json(draw: st.DrawFn) -> str:
    base = draw(st.sampled_from([LLAMA, MOE]))
    return draw(text_mutation(json_text({**base, **draw(_field_changes(base))})))


def run_config_json(text: str) -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.json"
        path.write_text(text, encoding="utf-8")
        return _estimate_file(path, "config.json", Path(folder))


ST_GOOD = {
    "__metadata__": {"format": "pt"},
    "w": {"dtype": "BF16", "shape": [2, 2], "data_offsets": [0, 8]},
    "v": {"dtype": "F32", "shape": [3], "data_offsets": [8, 20]},
}


@st.composite
def safetensors_header(draw: st.DrawFn) -> bytes:
    """A header (hostile fields, a second tensor overlapping, a name twice, ranges past the data) and the data."""
    good = json.loads(json.dumps(ST_GOOD))
    kind = draw(st.sampled_from(["good", "tensor", "tensor", "layout", "whole", "bytes"]))
    if kind == "whole":
        header = json_text(draw(hostile_value)).encode()
    elif kind == "bytes":
        header = draw(st.binary(max_size=64))
    elif kind == "layout":
        how = draw(st.sampled_from(["overlap", "duplicate", "past-end", "shape", "dtype"]))
        if how == "overlap":
            good["v"]["data_offsets"] = [4, 16]
            good["v"]["shape"] = [3]
        elif how == "shape":
            good["w"]["shape"] = draw(st.sampled_from([[2, 3], [4, 4], [2**40, 2**40], [0]]))
        elif how == "dtype":
            good["w"]["dtype"] = draw(st.sampled_from(["Q9", "bf16", "F8", "I128", ""]))
        elif how == "past-end":
            good["v"]["data_offsets"] = [8, 20 + draw(st.integers(1, 2**40))]
        text = json_text(good)
        if how == "duplicate":
            text = text[:-1] + ', "w": {"dtype": "BF16", "shape": [2, 2], "data_offsets": [0, 8]}}'
        header = text.encode()
    else:
        if kind == "tensor":
            good["w"] = {**good["w"], **draw(_field_changes(good["w"]))}
        header = json_text(good).encode()
    length = draw(
        st.sampled_from([len(header), len(header), len(header), 0, 2**63, len(header) + 5, max(0, len(header) - 3)])
    )
    data = draw(st.sampled_from([20, 20, 20, 0, 12, 10**6]))
    return struct.pack("<Q", length) + header + b"\0" * data


def run_safetensors(data: bytes) -> int:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "config.json").write_text(json.dumps(LLAMA))
        (root / "model.safetensors").write_bytes(data)
        return _estimate_file(root, "safetensors", root)


GGUF_KEYS = {
    "block_count": 4,
    "embedding_length": 512,
    "feed_forward_length": 1024,
    "attention.head_count": 8,
    "attention.head_count_kv": 2,
    "context_length": 4096,
    "expert_count": 0,
    "expert_used_count": 2,
    "attention.key_length": 64,
    "attention.sliding_window": 0,
}


@st.composite
def gguf_spec(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    keys = {**GGUF_KEYS, **draw(st.dictionaries(st.sampled_from(sorted(GGUF_KEYS)), hostile_scalar, max_size=3))}
    corrupt = draw(st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), max_size=3))
    if draw(st.integers(0, 3)) == 0:  # a key turned into an array of 2^40 / 2^63 / 2^64-1 elements (issue #32)
        keys = {**keys, "expert_used_count": ArrayCount(draw(st.sampled_from([2**40, 2**63, 2**64 - 1, 10**6, 3])))}
    return keys, corrupt


@dataclass(frozen=True)
class ArrayCount:
    """Write this key as an array header claiming `count` uint8 elements, followed by only 8 bytes."""

    count: int


def _write_gguf(path: Path, keys: dict[str, Any]) -> None:
    import numpy as np
    from gguf import GGUFWriter

    writer = GGUFWriter(str(path), "llama")
    writer.add_name("fuzz")
    for key, value in keys.items():
        full = f"llama.{key}"
        if isinstance(value, bool):
            writer.add_bool(full, value)
        elif isinstance(value, int) and 0 <= value < 2**64:
            writer.add_uint64(full, value)
        elif isinstance(value, int) and -(2**63) <= value < 0:
            writer.add_int64(full, value)
        elif isinstance(value, float):
            writer.add_float64(full, value)
        elif isinstance(value, str):
            writer.add_string(full, value)
        elif isinstance(value, ArrayCount):
            writer.add_uint64(full, 0x0D15EA5E0D15EA5E)  # a marker, patched below into the array header
    writer.add_tensor("token_embd.weight", np.zeros((4, 8), dtype=np.float16))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    counts = [v for v in keys.values() if isinstance(v, ArrayCount)]
    if counts:
        data = path.read_bytes()
        marker = struct.pack("<IQ", 10, 0x0D15EA5E0D15EA5E)  # value type uint64, then the marker
        data = data.replace(marker, struct.pack("<IIQ", 9, 0, counts[0].count) + b"\0" * 8, 1)
        path.write_bytes(data)


def run_gguf(spec: tuple[dict[str, Any], list[tuple[int, int]]]) -> int:
    keys, corrupt = spec
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.gguf"
        _write_gguf(path, keys)
        if corrupt:
            data = bytearray(path.read_bytes())
            for at, byte in corrupt:
                if at < len(data):
                    data[at] = byte
            path.write_bytes(bytes(data))
        return _estimate_file(path, "gguf", Path(folder))


PROJECT = {
    "schema_version": 1,
    "name": "lab",
    "active": 0,
    "notes": "",
    "requests": [
        {
            "model_id": "llama-3.1-8b",
            "budget": 3000,
            "currency": "USD",
            "max_gpus": 2,
            "owned": [{"category": "gpu", "id": "rtx-3090", "quantity": 1}],
            "workload": {"kind": "inference", "context": 4096, "batch": 1},
        }
    ],
}


@st.composite
def project_json(draw: st.DrawFn) -> str:
    project = json.loads(json.dumps(PROJECT))
    request = project["requests"][0]
    target = draw(st.sampled_from(["project", "request", "workload", "owned"]))
    holder = {"project": project, "request": request, "workload": request["workload"], "owned": request["owned"][0]}[
        target
    ]
    holder.update(draw(_field_changes(holder)))
    return draw(text_mutation(json_text(project)))


def run_project(text: str) -> int:
    """What the window's Open does: load and check everything, or a ProjectError (a dialog); 0 or 2."""
    from configurator.core.common.errors import ProjectError
    from configurator.storage import catalogs, projects

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.llmrig"
        path.write_text(text, encoding="utf-8")
        before = snapshot(Path(folder))
        try:
            project = projects.load(path)
            projects.check_references(project, _catalog(catalogs), str(path))
            code = 0
        except ProjectError as exc:
            assert str(path) in str(exc), f"the message does not name the file: {exc}"
            code = 2
        assert snapshot(Path(folder)) == before, "the project file changed"
        return code


_CATALOG: list[Any] = []


def _catalog(catalogs: Any) -> Any:
    if not _CATALOG:
        _CATALOG.append(catalogs.load(include_user=False).catalog)
    return _CATALOG[0]


NUMBER_TEXT = st.one_of(
    st.sampled_from(
        [
            "0",
            "-1",
            "1",
            "2",
            "1e9",
            "1e400",
            "-1e400",
            "inf",
            "-inf",
            "nan",
            "1e-300",
            "0.5",
            "4096",
            "4097",
            "1e308",
            "",
            " ",
            ",",
            "abc",
            "0x10",
            "1_000",
            "١٢",
            "1e15",
            "100000",
            "100001",
        ]
    ),
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
ESTIMATE_OPTIONS = [
    "--context",
    "--batch",
    "--gpus",
    "--lora-rank",
    "--cpu-layers",
    "--ram-bandwidth",
    "--tokens",
    "--mfu",
    "--zero",
    "--gpu",
    "--model",
]
PLAN_OPTIONS = [
    "--budget",
    "--min-decode-tps",
    "--deadline-hours",
    "--circuits",
    "--power-limit",
    "--top",
    "--own",
    "--gpus",
]


@st.composite
def cli_numbers(draw: st.DrawFn) -> tuple[str, list[str]]:
    command = draw(st.sampled_from(["estimate", "estimate", "plan"]))
    options = ESTIMATE_OPTIONS if command == "estimate" else PLAN_OPTIONS
    chosen = draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique=True))
    args: list[str] = []
    for option in chosen:
        args += [option, draw(NUMBER_TEXT)]
    return command, args


def run_cli_numbers(case: tuple[str, list[str]]) -> int:
    """estimate runs in full; plan options are parsed and turned into a request (a solve takes seconds)."""
    command, options = case
    workload = "pretrain" if "--tokens" in options or "--mfu" in options else "inference"
    base = ["--workload", workload]
    if "--model" not in options:
        base = ["--model", "llama-3.1-8b", *base]
    if command == "estimate":
        code, out, err = run_cli("estimate", *base, *options, "--json")
        check_outcome(code, out, err, f"estimate {options}")
        return code
    from configurator.cli.main import build_parser
    from configurator.core.common.errors import ConfiguratorError
    from configurator.core.model.args import build_request, workload_from_args

    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            args = build_parser().parse_args(["plan", *base, *options])
        build_request(args, args.model, workload_from_args(args))
    except SystemExit as exc:
        assert exc.code == 2, f"plan {options}: exit {exc.code}"
        assert "Traceback" not in err.getvalue()
        return 2
    except ConfiguratorError:
        return 2
    return 0


# --------------------------------------------------------------------------- vendor quotes (issue #32)

_LOADS: dict[Any, Any] = {}


@contextlib.contextmanager
def shared_catalog() -> Any:
    """The CLI's catalog load done once for a run (the surface under test is the file, not the catalog; a load
    re-validates every record and would be nine tenths of each case). Only where no case writes the overlay."""
    from configurator.storage import catalogs

    real = catalogs.load

    def load(include_user: bool = True, kinds: Any = None) -> Any:
        key = (include_user, tuple(sorted(kinds)) if kinds else None)
        if key not in _LOADS:
            _LOADS[key] = real(include_user, kinds)
        return _LOADS[key]

    catalogs.load = load  # type: ignore[assignment]
    try:
        yield
    finally:
        catalogs.load = real  # type: ignore[assignment]


class Misread(AssertionError):
    """An amount read as another number without a word: the one failure a quote must never have."""


_GROUP_SPACES = [" ", "\u00a0", "\u2009", "\u202f"]


def format_amount(cents: int, style: str, space: str = " ") -> str:
    """A price as a buyer in some country types it; `cents` is the truth."""
    whole, frac = divmod(cents, 100)
    us = f"{whole:,}"
    body = {
        "us": f"{us}.{frac:02d}",
        "plain": f"{whole}.{frac:02d}",
        "de": f"{us.replace(',', '.')},{frac:02d}",
        "fr": f"{us.replace(',', space)},{frac:02d}",
        "ch": f"{us.replace(',', chr(39))}.{frac:02d}",
        "int": f"{whole}",
        "us-int": us,
        "de-int": us.replace(",", "."),
        "plain-comma": f"{whole},{frac:02d}",
    }[style]
    return body


QUOTE_STYLES = ["us", "plain", "de", "fr", "ch", "int", "us-int", "de-int", "plain-comma"]
QUOTE_SYMBOLS = {
    "USD": ["", "$", "US$ ", " USD"],
    "EUR": ["", "€", " €", "EUR "],
    "CNY": ["", "¥", "¥ ", " 元", "CNY "],
}
QUOTE_PARTS = [
    "rtx-3090",
    "NVIDIA GeForce RTX 4090",
    "RTX 4090",
    "Ryzen 9 7950X",
    "flux capacitor",
    "=cmd|' /C calc'!A0",
    "<b>x</b>",
    "rtx-4090;bulk",
    'a"b',
    "",
    " ",
]


@st.composite
def quote_case(draw: st.DrawFn) -> tuple[bytes, str, list[tuple[int, str] | None], str]:
    """(file bytes, suffix, per data row: (cents, currency) or None when the truth is unknown, --currency)."""
    delimiter = draw(st.sampled_from([",", ";", "|", "\t"]))
    with_currency = draw(st.booleans())
    default = draw(st.sampled_from(["USD", "EUR", "CNY"]))
    header = ["part", "price", "date", "vendor"] + (["currency"] if with_currency else [])
    rows, truth = [header], []
    for _ in range(draw(st.integers(1, 6))):
        cents = draw(st.one_of(st.integers(1, 10**7), st.sampled_from([159900, 99999, 123456, 100, 1599, 100000000])))
        if draw(st.booleans()):
            cents -= cents % 100  # whole amounts: "1.599" / "1,599" shapes
        currency = draw(st.sampled_from(["USD", "EUR", "CNY"])) if with_currency else default
        style = draw(st.sampled_from(QUOTE_STYLES))
        symbol = draw(st.sampled_from(QUOTE_SYMBOLS[currency]))
        text = format_amount(cents, style, draw(st.sampled_from(_GROUP_SPACES)))
        text = symbol + text if not symbol.startswith(" ") else text + symbol
        if style.endswith("int") and cents % 100:
            cents -= cents % 100
            text = text  # an integer style writes only the whole part: its truth is the whole part
        date = draw(
            st.sampled_from(
                ["2025-06-01"] * 6
                + ["2026-01-15", "01.06.2025", "0001-01-01", "9999-12-31", "2025-13-01", "yesterday", ""]
            )
        )
        part = draw(st.sampled_from(QUOTE_PARTS[:4] * 3 + QUOTE_PARTS))
        vendor = draw(st.sampled_from(["Acme"] * 4 + ["Müller GmbH", "Société Générale d'Informatique", ""]))
        row = [part, text, date, vendor] + ([currency] if with_currency else [])
        rows.append(row)
        truth.append((cents, currency))
    buffer = io.StringIO()
    import csv

    csv.writer(buffer, delimiter=delimiter, lineterminator=draw(st.sampled_from(["\n", "\r\n"]))).writerows(rows)
    text = buffer.getvalue()
    how = draw(st.sampled_from(["clean", "clean", "clean", "mutated", "junk"]))
    if how == "mutated":
        mutated = draw(text_mutation(text))
        if mutated != text:
            text, truth = mutated, [None] * len(truth)
    elif how == "junk":
        text, truth = (
            draw(
                st.sampled_from(
                    [
                        "",
                        "\n\n",
                        "part\n",
                        "a b c\nd e f\n",
                        "\x00\x01\x02",
                        "part,price\n1,2\n",
                        "part;price;date;vendor\n" + "x;1;2025-01-01;V\n" * 3000,
                    ]
                )
            ),
            [],
        )
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16", "cp1252"]))
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    return data, draw(st.sampled_from([".csv", ".csv", ".txt"])), truth, default


def run_quote(case: tuple[bytes, str, list[tuple[int, str] | None], str]) -> int:
    """`catalog import-quote --dry-run --json`: exit 0 or 2; an amount read is the amount written, or it is flagged."""
    data, suffix, truth, default = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"quote{suffix}"
        path.write_bytes(data)
        before = snapshot(Path(folder))
        with shared_catalog():
            code, out, err = run_cli("catalog", "import-quote", str(path), "--dry-run", "--json", "--currency", default)
        check_outcome(code, out, err, "import-quote")
        assert snapshot(Path(folder)) == before, "the quote changed"
        if code == 2:
            assert str(path) in err, f"the message does not name the file: {err[:300]}"
            return 2
        lines = json.loads(out)["lines"]
        for line in lines:
            index = line["row"] - 2
            expected = truth[index] if 0 <= index < len(truth) else None
            if expected is None:
                continue
            cents, currency = expected
            value = cents / 100
            if line["currency"] != currency:
                raise Misread(
                    f"misread: row {line['row']} {line['price_text']!r} read in {line['currency']}, written in {currency}"
                )
            if line["ambiguous"]:
                if not any(abs(r - value) < 1e-6 for r in line["readings"]):
                    raise Misread(
                        f"misread: row {line['row']} {line['price_text']!r}: readings {line['readings']}, truth {value}"
                    )
            elif abs(line["amount"] - value) > 1e-6:
                raise Misread(
                    f"misread: row {line['row']} {line['price_text']!r} read as {line['amount']}, written as {value}"
                )
        return 0


# --------------------------------------------------------------------------- special files on every surface (issue #32)

SPECIAL_KINDS = ["fifo", "dev-zero", "folder", "sparse", "dangling", "loop", "empty"]
SPECIAL_SURFACES = [
    "overlay",
    "config",
    "gguf",
    "model-folder",
    "safetensors",
    "project",
    "quote",
    "preferences",
    "autosave",
]


def _make_special(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "sparse":
        with open(path, "wb") as handle:
            handle.truncate(3 * 1024**3)
    elif kind == "dangling":
        os.symlink(path.parent / "nowhere", path)
    elif kind == "loop":
        os.symlink(path, path)
    else:
        path.write_bytes(b"")


def special_case() -> st.SearchStrategy[tuple[str, str]]:
    return st.tuples(st.sampled_from(SPECIAL_SURFACES), st.sampled_from(SPECIAL_KINDS))


def run_special(case: tuple[str, str]) -> int:
    """A FIFO, /dev/zero, a folder, a 3 GB sparse file, a dangling or looping link, an empty file, where a file is read:
    never a hang or a read without end; exit 2 naming the file (overlays: a warning, the rest still loads; preferences
    and autosave: set aside, the app starts)."""
    surface, kind = case
    if not hasattr(os, "mkfifo"):
        return 2
    from configurator.storage import paths, projects, settings

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        name = {
            "overlay": "x.toml",
            "config": "config.json",
            "gguf": "m.gguf",
            "model-folder": "config.json",
            "safetensors": "model.safetensors",
            "project": "p.llmrig",
            "quote": "q.csv",
        }.get(surface, "")
        if surface == "preferences":
            target = settings.settings_file()
            target.parent.mkdir(parents=True, exist_ok=True)
            _make_special(target, kind)
            try:
                assert settings.load() == settings.Preferences(), "broken preferences were not replaced by defaults"
                assert not os.path.lexists(target), "broken preferences were not set aside"
            finally:
                for left in target.parent.glob("preferences.json*"):
                    (left.rmdir() if left.is_dir() and not left.is_symlink() else left.unlink())
            return 2
        if surface == "autosave":
            target = paths.autosave_dir() / "autosave-999999-1.llmrig"
            target.parent.mkdir(parents=True, exist_ok=True)
            _make_special(target, kind)
            try:
                assert projects.recoverable() == [], "a broken autosave was offered"
                assert not os.path.lexists(target), "a broken autosave was not set aside"
            finally:
                for left in target.parent.glob("autosave-999999-1*"):
                    (left.rmdir() if left.is_dir() and not left.is_symlink() else left.unlink())
            return 2
        if surface == "overlay":
            base = paths.user_catalog_dir()
            base.mkdir(parents=True, exist_ok=True)
            target = base / name
            _make_special(target, kind)
            try:
                code, out, err = run_cli("catalog", "list", "gpus")
                check_outcome(code, out, err, f"overlay {kind}")
                assert code == 0 and "rtx-3090" in out, "a special overlay stopped the others loading"
                if kind not in ("empty", "dangling"):
                    assert str(target) in err, f"overlay {kind}: not named: {err[:300]}"
            finally:
                (target.rmdir() if kind == "folder" else target.unlink())
            return 2 if str(target) in err else 0
        target = root / name
        if surface in ("model-folder", "safetensors"):
            if surface == "safetensors":
                (root / "config.json").write_text(json.dumps(LLAMA))
            _make_special(target, kind)
            args = ["estimate", "--model-config", str(root), "--workload", "inference", "--json"]
        else:
            _make_special(target, kind)
            args = {
                "config": ["estimate", "--model-config", str(target), "--workload", "inference", "--json"],
                "gguf": ["estimate", "--model-config", str(target), "--workload", "inference", "--json"],
                "project": ["plan", "--project", str(target), "--json"],
                "quote": ["catalog", "import-quote", str(target), "--dry-run", "--json"],
            }[surface]
        with shared_catalog():
            code, out, err = run_cli(*args)
        check_outcome(code, out, err, f"{surface} {kind}")
        assert code == 2, f"{surface} {kind}: exit {code}"
        named = str(target) if not (surface == "model-folder" and kind == "folder") else str(root)
        assert named in err or str(root) in err, f"{surface} {kind}: the message does not name the file: {err[:300]}"
        return code


def run_plan_project(text: str) -> int:
    """`plan --project FILE` up to the request it would solve (a solve takes seconds): exit 0 or 2, the file named."""
    from configurator.cli import plan as plan_cli
    from configurator.cli.main import build_parser
    from configurator.core.common.errors import ConfiguratorError

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.llmrig"
        path.write_text(text, encoding="utf-8")
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()), shared_catalog():
                args = build_parser().parse_args(["plan", "--project", str(path), "--top", "2"])
                plan_cli._project_request(args)
        except SystemExit as exc:
            assert exc.code == 2, f"plan --project: exit {exc.code}"
            return 2
        except ConfiguratorError as exc:
            assert str(path) in str(exc) or "--" in str(exc), f"the message names neither the file nor an option: {exc}"
            return 2
        assert "Traceback" not in err.getvalue()
        return 0


SURFACES = {
    "catalog_toml": (catalog_toml(), run_catalog_toml),
    "config_json": (config_json(), run_config_json),
    "gguf": (gguf_spec(), run_gguf),
    "safetensors": (safetensors_header(), run_safetensors),
    "project": (project_json(), run_project),
    "cli_numbers": (cli_numbers(), run_cli_numbers),
    "quote": (quote_case(), run_quote),
    "special_files": (special_case(), run_special),
    "plan_project": (st.one_of(project_json(), st.just(json_text(PROJECT))), run_plan_project),
}
"""surface name -> (strategy, runner returning the exit code)."""

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
