"""Issue #15, one test per row of its table: hostile files and numbers get exit 2 and a message, never exit 1."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from configurator.storage import paths

LLAMA = {
    "model_type": "llama",
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "intermediate_size": 14336,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
}
MIXTRAL = {**LLAMA, "model_type": "mixtral", "num_local_experts": 8, "num_experts_per_tok": 2}
ESTIMATE = ("estimate", "--model", "llama-3.1-8b", "--workload", "inference")
PLAN = ("plan", "--model", "llama-3.1-8b", "--workload", "inference")


def _overlay(name: str, text: str) -> Path:
    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


MY_GPU = """[[gpus]]
id = "my-card"
name = "My card"
source = "https://example.com/spec"
vendor = "nvidia"
architecture = "Ampere"
market = "consumer"
release_year = 2021
vram_gb = 24
memory_type = "GDDR6X"
memory_bandwidth_gbps = 936
fp32_tflops = 35
fp16_tflops = 71
tdp_w = 350
form_factor = "pcie"
slot_width = 3
length_mm = 313
cooler = "open-air"
pcie_gen = 4
p2p = false
"""


def test_deeply_nested_overlay_is_bad_input_and_other_overlays_still_load(cli) -> None:  # type: ignore[no-untyped-def]
    deep = _overlay("deep.toml", "x = " + "[" * 600 + "]" * 600 + "\n")
    _overlay("mine.toml", MY_GPU)
    listing = cli("catalog", "list", "gpus")
    assert listing.code == 0
    assert f"{deep}:1: toml: nested too deeply" in listing.err
    assert "my-card" in listing.out and "rtx-3090" in listing.out
    check = cli("catalog", "validate", str(deep))
    assert check.code == 2 and "nested too deeply" in check.err


def test_moe_config_with_1e11_layers_is_refused_not_counted(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "config.json"
    config.write_text(json.dumps({**MIXTRAL, "num_hidden_layers": 10**11}))
    run = cli("estimate", "--model-config", str(config), "--workload", "inference")
    assert run.code == 2 and "num_layers" in run.err and "at most 100,000" in run.err


def test_gguf_with_1e11_layers_is_refused(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gguf import GGUFWriter

    path = tmp_path / "huge.gguf"
    writer = GGUFWriter(str(path), "llama")
    writer.add_uint64("llama.block_count", 10**11)  # the writer packs block_count as u32
    writer.add_embedding_length(64)
    writer.add_head_count(4)
    writer.add_expert_count(8)
    writer.add_expert_used_count(2)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    run = cli("estimate", "--model-config", str(path), "--workload", "inference")
    assert run.code == 2 and str(path) in run.err and "num_layers" in run.err


def test_gguf_header_counts_are_bounded(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "counts.gguf"
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 10**15, 1) + b"\0" * 64)
    run = cli("estimate", "--model-config", str(path), "--workload", "inference")
    assert run.code == 2 and "tensors (at most 1,000,000)" in run.err


def test_closed_form_moe_count_matches_a_layer_by_layer_count() -> None:
    from configurator.core.catalog.models import ModelArch, MoeSpec
    from configurator.core.estimate.params import _mlp_params, count_params

    for first, step, layers in ((0, 1, 32), (1, 1, 27), (3, 1, 61), (0, 2, 48), (1, 2, 47), (2, 3, 10), (5, 2, 5)):
        moe = MoeSpec(
            num_experts=16,
            experts_per_token=2,
            expert_intermediate_size=256,
            shared_intermediate_size=128,
            first_dense_layers=first,
            moe_layer_step=step,
            dense_intermediate_size=512,
        )
        arch = ModelArch(
            id="t",
            name="t",
            source="test",
            family="t",
            architecture="t",
            release_year=2025,
            num_layers=layers,
            hidden_size=64,
            num_attention_heads=4,
            num_kv_heads=2,
            head_dim=16,
            intermediate_size=512,
            vocab_size=1000,
            tie_embeddings=True,
            max_context=128,
            moe=moe,
            params_total_b=1,
            params_active_b=1,
            params_source="test",
        )
        # the rule written out per layer (Llama 4 interleaves, DeepSeek leads with dense layers)
        moe_layers = [i for i in range(layers) if i >= first and (i - first) % step == step - 1]
        expert = _mlp_params(64, 256, True, False)
        counts = count_params(arch)
        assert counts.experts == len(moe_layers) * 16 * expert
        assert counts.experts_active == len(moe_layers) * 2 * expert
        dense = (layers - len(moe_layers)) * _mlp_params(64, 512, True, False)
        assert counts.dense_mlp == dense + len(moe_layers) * (64 * 16 + _mlp_params(64, 128, True, False))


def test_a_billion_gpus_is_refused_by_the_option(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli(*ESTIMATE, "--gpus", "1000000000")
    assert run.code == 2 and "--gpus: at most 4096" in run.err
    run = cli(*PLAN, "--gpus", "1000")
    assert run.code == 2 and "--gpus" in run.err and "16" in run.err


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"num_attention_heads": 0.5}, "'num_attention_heads' must be a whole number, got 0.5"),
        ({"head_dim": float("nan")}, "'head_dim' must be a whole number, got nan"),
        ({"num_key_value_heads": "abc"}, "'num_key_value_heads' must be a whole number, got 'abc'"),
        ({"hidden_size": 4097}, "not divisible by num_attention_heads"),
        (
            {"model_type": "mixtral", "num_local_experts": 8, "num_experts_per_tok": 9},
            "experts_per_token exceeds num_experts",
        ),
        ({"num_key_value_heads": 5}, "multiple of num_kv_heads"),
    ],
)
def test_config_json_values_of_the_wrong_kind(cli, tmp_path: Path, change: dict, words: str) -> None:  # type: ignore[no-untyped-def,type-arg]
    config = tmp_path / "config.json"
    config.write_text(json.dumps({**LLAMA, **change}))  # json writes NaN, as some exporters do
    run = cli("estimate", "--model-config", str(config), "--workload", "inference")
    assert run.code == 2 and str(config) in run.err and words in run.err, run.err


@pytest.mark.parametrize(
    ("header", "words"),
    [
        (b"[1,2]", "must be a JSON object"),
        (json.dumps({"w": {"dtype": "F16", "shape": [1]}}).encode(), "data_offsets must be two whole numbers"),
        (
            json.dumps({"w": {"dtype": "F16", "data_offsets": ["0", "2"]}}).encode(),
            "data_offsets must be two whole numbers",
        ),
        (json.dumps({"w": {"dtype": "F16", "data_offsets": [10**12, 0]}}).encode(), "0 <= start <= end"),
        (
            json.dumps({"w": {"dtype": "F16", "data_offsets": [0.5, 2]}}).encode(),
            "data_offsets must be two whole numbers",
        ),
        (b"[" * 100_000, "unreadable safetensors header"),
    ],
)
def test_safetensors_headers_that_lie(cli, tmp_path: Path, header: bytes, words: str) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(LLAMA))
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", len(header)) + header)
    run = cli("estimate", "--model-config", str(folder), "--workload", "inference", "--json")
    assert run.code == 2 and "model.safetensors" in run.err and words in run.err, run.err
    assert run.out == ""


def test_infinite_tokens_never_reach_stdout(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("estimate", "--model", "llama-3.1-8b", "--workload", "pretrain", "--tokens", "inf", "--json")
    assert run.code == 2 and "--tokens" in run.err and run.out == ""


def test_json_output_refuses_non_finite_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    from configurator.cli.jsonout import print_json
    from configurator.core.common.errors import RequestError

    with pytest.raises(RequestError, match="too large to report"):
        print_json({"time": {"gpu_hours": float("inf")}})
    assert capsys.readouterr().out == ""  # nothing half-written


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("--budget", "inf"), "--budget"),
        (("--budget", "1e308"), "--budget: at most"),
        (("--budget", "-2500"), "--budget: more than 0"),  # never read as "unlimited" (#31)
        (("--context", "1e400"), "--context"),
        (("--gpu", ","), "--gpu"),
        (("--top", "0"), "--top: at least 1"),
        (("--mfu", "1e-300"), "--mfu: at least 0.01"),
        (("--cpu-layers", "1e9"), "--cpu-layers: at most 100000"),
        (("--n-cpu-moe", "-1"), "--n-cpu-moe: at least 0"),
        (("--ram-bandwidth", "inf"), "--ram-bandwidth"),
        (("--circuits", "nan"), "--circuits"),
        (("--power-limit", "2"), "--power-limit: at most 1"),
        (("--own", "rtx-3090x99"), "--own: quantity 1 to 16"),
    ],
)
def test_numbers_outside_their_range_are_refused_by_option(cli, args: tuple[str, ...], option: str) -> None:  # type: ignore[no-untyped-def]
    run = cli(*PLAN, *args)
    assert run.code == 2 and option in run.err, run.err


def test_empty_model_id_is_refused(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli("estimate", "--model", "", "--workload", "inference")
    assert run.code == 2 and "--model: must not be empty" in run.err


@pytest.mark.parametrize("own", ["no-such-gpu", "chassis:no-such-case"])
def test_plan_own_unknown_id_names_it(cli, own: str) -> None:  # type: ignore[no-untyped-def]
    run = cli(*PLAN, "--own", own)
    assert run.code == 2 and repr(own.split(":")[-1]) in run.err and "--own" in run.err


def test_plan_gpu_unknown_id_names_it(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli(*PLAN, "--gpu", "rtx-3090,no-such-gpu")
    assert run.code == 2 and "no-such-gpu" in run.err


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("vram_gb = 1e9", "vram_gb: 1000000000.0 is out of range (allowed: 1 to 1,024)"),
        ("vram_gb = inf", "vram_gb: inf is out of range"),
        ("tdp_w = 0.001", "tdp_w: 0.001 is out of range (allowed: 10 to 5,000)"),
        (
            "fp16_tflops = 1e12",
            "fp16_tflops: 1000000000000.0 is out of range (allowed: more than 0 and at most 20,000)",
        ),
        ("fp16_tflops = nan", "fp16_tflops: nan is out of range"),
    ],
)
def test_overlay_value_outside_its_range_is_refused_with_the_range(cli, line: str, words: str) -> None:  # type: ignore[no-untyped-def]
    key = line.split(" =")[0]
    text = "\n".join(
        line if row.startswith(key + " =") else row for row in MY_GPU.replace('"my-card"', '"rtx-3090"').splitlines()
    )
    overlay = _overlay("bad.toml", text + "\n")
    check = cli("catalog", "validate")
    assert check.code == 2 and f"{overlay}:" in check.err and words in check.err, check.err
    # the bad record is skipped: the shipped 24 GB card stays, a 405B model does not "fit" it
    listing = cli("catalog", "list", "gpus", "--json")
    assert listing.code == 0
    assert next(g for g in json.loads(listing.out) if g["id"] == "rtx-3090")["vram_gb"] == 24


def test_broken_overlay_file_is_never_overwritten_by_a_save() -> None:
    from configurator.core.catalog.loader import parse_file
    from configurator.core.catalog.models import Gpu
    from configurator.core.common.errors import CatalogError
    from configurator.storage import overlay

    mine = _overlay("mine.toml", MY_GPU)
    record = next(r for _k, r, _l in parse_file(mine)[0].records)
    assert isinstance(record, Gpu)
    target = overlay.overlay_file("gpus")
    target.write_text("[[gpus]\nid = ", encoding="utf-8")
    with pytest.raises(CatalogError, match="cannot add to this file"):
        overlay.save_record("gpus", record)
    assert target.read_text(encoding="utf-8") == "[[gpus]\nid = "
