"""`llm-rig estimate` and `llm-rig plan`: JSON contracts, exports, and bad input as exit 2."""

from __future__ import annotations

import csv
import io
import json
import os
import struct
from pathlib import Path

import pytest

from tests.helpers import run_cli, run_clis

# "ranges": issue 13 contract addition; "assumption_codes": the assumptions as codes (an addition)
# round 47 added the estimate's warnings (warnings, warning_codes: a plan's JSON had left them out)
ESTIMATE_KEYS = {"memory", "speed", "time", "assumptions", "ranges", "assumption_codes", "warnings", "warning_codes"}
BREAKDOWN = {"weights", "kv_cache", "activations", "gradients", "optimizer_states", "runtime_overhead"}


def test_estimate_json_contract() -> None:
    run = run_cli(
        "estimate",
        "--model",
        "llama-3.3-70b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--gpu",
        "rtx-3090",
        "--gpus",
        "2",
        "--context",
        "8192",
        "--json",
    )
    assert run.code == 0, run.err
    data = run.json()
    assert set(data) == ESTIMATE_KEYS
    memory = data["memory"]
    assert set(memory) == {"per_gpu_bytes", "total_bytes", "breakdown_bytes", "fits"}
    assert set(memory["breakdown_bytes"]) == BREAKDOWN
    assert all(isinstance(v, int) for v in memory["breakdown_bytes"].values())
    assert isinstance(memory["per_gpu_bytes"], int) and memory["fits"] is True
    assert sum(memory["breakdown_bytes"].values()) == memory["total_bytes"]
    low, high = data["ranges"]["memory.per_gpu_bytes"]
    assert low <= memory["per_gpu_bytes"] <= high
    low, high = data["ranges"]["speed.decode_tokens_per_s"]
    assert low <= data["speed"]["decode_tokens_per_s"] <= high
    assert memory["per_gpu_bytes"] < memory["total_bytes"]
    # context_fill_s: an addition (round 36), the whole context asked filled at its own length
    assert set(data["speed"]) == {
        "decode_tokens_per_s",
        "prefill_tokens_per_s",
        "time_to_first_token_s",
        "context_fill_s",
    }
    low, high = data["ranges"]["speed.time_to_first_token_s"]  # an addition (issue #29): the first token's 80 % range
    assert low < data["speed"]["time_to_first_token_s"] < high
    assert data["speed"]["decode_tokens_per_s"] > 5
    assert data["time"] == {"gpu_hours": None, "wall_hours": None}
    assert data["assumptions"] and all(isinstance(a, str) for a in data["assumptions"])
    # each assumption's code, in the same order, renders to its English (a script reads the code, not the sentence)
    from configurator.core.common.reasons import english, from_json

    assert [english(from_json(a)) for a in data["assumption_codes"]] == data["assumptions"]
    assert any(a["code"] != "est.said" for a in data["assumption_codes"])


def test_estimate_explain_prints_the_formula_chain() -> None:
    run = run_cli(
        "estimate",
        "--model",
        "qwen2.5-7b",
        "--workload",
        "finetune",
        "--method",
        "qlora",
        "--gpu",
        "rtx-4090",
        "--tokens",
        "1e7",
        "--explain",
    )
    assert run.code == 0, run.err
    assert "how this was computed" in run.out and "GPU-hours" in run.out and "[activations]" in run.out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--model", "no-such-model", "--workload", "inference"], "unknown model id"),
        (["--model", "llama-3.1-8b", "--workload", "inference", "--gpu", "no-such-gpu"], "unknown GPU id"),
        (["--model", "llama-3.1-8b", "--workload", "finetune", "--precision", "q4_k_m"], "GGUF"),
        (["--model", "llama-3.1-8b", "--workload", "inference", "--context", "-5"], "at least 1"),
        # a format the engine cannot load names the engines that can
        (
            ["--model", "llama-3.1-8b", "--workload", "inference", "--precision", "exl2-4.0", "--engine", "llama.cpp"],
            "exllamav2",
        ),
        (
            ["--model", "gpt-oss-20b", "--workload", "inference", "--precision", "mxfp4", "--engine", "exllamav2"],
            "vllm",
        ),
        (["--model", "llama-3.1-8b", "--workload", "inference", "--precision", "mxfp4"], "dense"),
        (
            ["--model", "llama-3.1-8b", "--workload", "inference", "--context", "1024", "--prompt", "4096"],
            "longer than the context",
        ),
    ],
)
def test_estimate_bad_input_is_exit_2(args: list[str], words: str) -> None:
    run = run_cli("estimate", *args)
    assert run.code == 2
    assert words in run.err and "Traceback" not in run.err


@pytest.mark.parametrize(
    ("command", "args", "words"),
    [
        # the catalog's id is h800-sxm: a user typing the card's name is shown it, not only told to list the catalog
        (
            "plan",
            ["--model", "llama-3.1-8b", "--workload", "inference", "--gpu", "h800"],
            "did you mean h800-pcie, h800-sxm?",
        ),
        (
            "estimate",
            ["--model", "llama-3.1-8b", "--workload", "inference", "--gpu", "rtx3090"],
            "did you mean rtx-3090",
        ),
        ("plan", ["--model", "lama-3.1-8b", "--workload", "inference"], "did you mean llama-3.1-8b"),
        (
            "estimate",
            ["--model", "llama-3.1-8b", "--workload", "inference", "--gpus", "0", "--cpu", "epyc9354"],
            "epyc-9354",
        ),
    ],
)
def test_an_unknown_id_is_answered_with_the_ids_it_is_close_to(command: str, args: list[str], words: str) -> None:
    run = run_cli(command, *args)
    assert run.code == 2 and "Traceback" not in run.err
    assert words in run.err, run.err


def test_broken_model_files_are_exit_2_with_one_line(tmp_path: Path) -> None:
    bad_json = tmp_path / "config.json"
    bad_json.write_text('{"model_type": "llama", "hidden_size": 4096,')
    missing = tmp_path / "missing.json"
    missing.write_text(json.dumps({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32}))
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"model_type": "bert", "hidden_size": 768}))
    fake = tmp_path / "model.gguf"
    fake.write_bytes(b"NOTGGUF" + b"\0" * 64)
    runs = run_clis(
        *[("estimate", "--model-config", str(f), "--workload", "inference") for f in (bad_json, missing, odd, fake)]
    )
    run = runs[0]
    assert run.code == 2 and "invalid JSON" in run.err and len(run.err.strip().splitlines()) == 1
    run = runs[1]
    assert run.code == 2 and "num_hidden_layers" in run.err
    run = runs[2]
    assert run.code == 2 and "unsupported model_type 'bert'" in run.err
    run = runs[3]
    assert run.code == 2 and "GGUF" in run.err


LLAMA_8B = {
    "model_type": "llama",
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "intermediate_size": 14336,
    "vocab_size": 128256,
    "max_position_embeddings": 131072,
    "tie_word_embeddings": False,
    "_name_or_path": "meta-llama/Llama-3.1-8B",
}


def test_config_json_import_matches_the_catalog(tmp_path: Path) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps(LLAMA_8B))
    from_file, from_catalog = run_clis(
        ("estimate", "--model-config", str(config), "--workload", "inference", "--precision", "bf16", "--json"),
        ("estimate", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "bf16", "--json"),
    )
    assert from_file.code == 0, from_file.err
    assert (
        from_file.json()["memory"]["breakdown_bytes"]["weights"]
        == from_catalog.json()["memory"]["breakdown_bytes"]["weights"]
    )


def test_safetensors_folder_gives_exact_weight_bytes(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(LLAMA_8B))
    size = 16_060_522_496  # what the real BF16 checkpoint holds
    header = json.dumps(
        {"model.embed_tokens.weight": {"dtype": "BF16", "shape": [size // 2], "data_offsets": [0, size]}}
    ).encode()
    file = folder / "model.safetensors"
    file.write_bytes(struct.pack("<Q", len(header)) + header)
    os.truncate(file, 8 + len(header) + size)  # sparse: the data the header points into exists, on no disk
    run = run_cli(
        "estimate", "--model-config", str(folder), "--workload", "inference", "--engine", "transformers", "--json"
    )
    assert run.code == 0, run.err
    assert run.json()["memory"]["breakdown_bytes"]["weights"] == size


def test_gguf_header_is_read_without_tensors(tmp_path: Path) -> None:
    import numpy as np
    from gguf import GGUFWriter

    path = tmp_path / "tiny.gguf"
    writer = GGUFWriter(str(path), "llama")
    writer.add_name("tiny-llama")
    writer.add_block_count(2)
    writer.add_embedding_length(64)
    writer.add_feed_forward_length(128)
    writer.add_head_count(4)
    writer.add_head_count_kv(2)
    writer.add_context_length(512)
    writer.add_file_type(1)
    writer.add_tensor("token_embd.weight", np.zeros((100, 64), dtype=np.float16))
    writer.add_tensor("blk.0.attn_q.weight", np.zeros((64, 64), dtype=np.float16))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    run = run_cli("estimate", "--model-config", str(path), "--workload", "inference", "--json")
    assert run.code == 0, run.err
    memory = run.json()["memory"]
    assert memory["breakdown_bytes"]["weights"] > 0
    assert any("file header" in a for a in run.json()["assumptions"])


def test_plan_json_contract_and_exports(tmp_path: Path) -> None:
    pdf, xlsx, csv_path, md = (
        tmp_path / "sheet.pdf",
        tmp_path / "list.xlsx",
        tmp_path / "list.csv",
        tmp_path / "list.md",
    )
    run = run_cli(
        "plan",
        "--model",
        "llama-3.3-70b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--context",
        "8192",
        "--budget",
        "3000",
        "--own",
        "rtx-3090",
        "--condition",
        "used",
        "--top",
        "2",
        "--json",
        "--pdf",
        str(pdf),
        "--xlsx",
        str(xlsx),
        "--csv",
        str(csv_path),
        "--markdown",
        str(md),
        "--page",
        "Letter",
    )
    assert run.code == 0, run.err
    data = run.json()
    # the contract: these keys stay; additions are allowed
    assert {"builds", "infeasible"} <= set(data) and data["infeasible"] is None
    assert set(data["builds"][0]) >= {
        "rank",
        "label",
        "parts",
        "nodes",
        "total_price",
        "currency",
        "power",
        "estimate",
        "checks",
        "slot_map",
        "cost_of_ownership",
        "launch",
    }
    build = next(b for b in data["builds"] if any(p["category"] == "gpu" and p["owned"] for p in b["parts"]))
    assert set(build) >= {
        "rank",
        "label",
        "parts",
        "nodes",
        "total_price",
        "currency",
        "power",
        "estimate",
        "checks",
        "slot_map",
        "cost_of_ownership",
        "launch",
    }
    # the owned 3090 beside a bought Tesla P40 (round 45: the cheapest mix) runs the llama-server it builds for both
    # architectures first; a machine needing no source build starts the downloaded llama-server
    # (round 49: a mix seated out of device order, the passive P40 in slot 2 above the 3090 in slot 5, numbers its
    # cards first: CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1,0, so device 0 is the 3090 the split names first)
    launch = build["launch"]
    assert launch["engine"] == "llama.cpp"
    in_slots = [s["part_id"] for s in sorted(build["slot_map"], key=lambda s: s["slot"])]
    flipped = len(in_slots) == 2 and build["gpus_mixed"] == in_slots[::-1] != in_slots
    pinned = "CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=1,0 " if flipped else ""
    if "build" in launch:
        command = f"{pinned}./build/bin/llama-server -m "
        assert launch["command"].startswith(command) and "cmake -B build" in launch["build"], launch["command"]
    else:
        assert launch["command"].startswith(f"{pinned}llama-server -m "), launch["command"]
    # noise at 1 m under load (model/noise.py): a fan-cooled desktop build is between a quiet room and a server room
    assert all(30 < b["noise_dba"] < 80 for b in data["builds"] if any(p["category"] == "gpu" for p in b["parts"]))
    costs = build["cost_of_ownership"]
    assert isinstance(costs["yearly_energy"], float) and costs["yearly_energy"] > 0
    assert costs["monthly_rental_equivalent"] is None or costs["monthly_rental_equivalent"] > 0
    assert costs["break_even_month"] is None or costs["break_even_month"] >= 1
    assert set(build["power"]) >= {"dc_load_w", "psu_w", "wall_w", "circuit_ok"}
    assert set(build["estimate"]) >= ESTIMATE_KEYS
    for part in build["parts"]:
        assert set(part) >= {"category", "id", "name", "quantity", "owned", "unit_price", "spec"}
        assert part["spec"]["id"] == part["id"]
    # the owned card is counted and not paid for: the parts add up to the total
    gpu = next(p for p in build["parts"] if p["category"] == "gpu" and p["owned"])  # beside it maybe another model
    assert gpu["owned"] == 1
    paid = sum(p["unit_price"] * (p["quantity"] - p["owned"]) for p in build["parts"])
    assert paid == pytest.approx(build["total_price"], abs=0.05)
    for check in build["checks"]:
        assert check["status"] in ("pass", "warn", "fail") and check["message"]
    # every slot holds a card of the bill, the owned 3090 among them (a mix beside it names each slot's card, #28)
    assert {s["part_id"] for s in build["slot_map"]} == {p["id"] for p in build["parts"] if p["category"] == "gpu"}
    assert "rtx-3090" in {s["part_id"] for s in build["slot_map"]}
    # gpus_mixed: the same cards in device order (round 49: placement may seat them in another order top to bottom)
    assert build["gpus_mixed"] == [] or sorted(build["gpus_mixed"]) == sorted(s["part_id"] for s in build["slot_map"])
    # the PDF names every part and the total
    from pypdf import PdfReader

    text = "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    flat = " ".join(text.split())
    for part in build["parts"]:
        assert " ".join(part["name"].split())[:18] in flat, part["name"]
    assert f"{build['total_price']:,.2f}" in flat
    # the CSV and Markdown match the build
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    assert {r[next(k for k in r if "escription" in k or k == "Item")] for r in rows if r}  # parsed
    assert md.read_text().count("Type | Item | Price") == 2
    assert xlsx.stat().st_size > 0


def test_plan_export_to_a_missing_folder_is_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "nope" / "list.xlsx"
    run = run_cli(
        "plan", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m", "--xlsx", str(target)
    )
    assert run.code == 2 and "does not exist" in run.err and "Traceback" not in run.err


def test_plan_infeasible_json_has_reason_and_relaxation() -> None:
    run = run_cli(
        "plan",
        "--model",
        "llama-3.1-405b",
        "--workload",
        "inference",
        "--precision",
        "bf16",
        "--budget",
        "3000",
        "--circuit",
        "120v15a",
        "--json",
    )
    assert run.code == 0, run.err
    infeasible = run.json()["infeasible"]
    # round 33 (ways33) added `cheapest_on_supported` (whether the cheapest way is the cheapest on supported software)
    assert set(infeasible) == {
        "reason",
        "blocking",
        "cheapest_relaxation",
        "relaxations",
        "details",
        "cheapest_on_supported",
        "way_solves",  # round 49: the solves its way list cost, within relax.SEARCH_SOLVES and the plain budgets
    }
    assert infeasible["reason"] and infeasible["cheapest_relaxation"]
    assert 0 < infeasible["way_solves"] <= 64 + 3


def test_plan_text_summary() -> None:
    run = run_cli(
        "plan",
        "--model",
        "qwen2.5-7b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--budget",
        "1500",
        "--top",
        "2",
    )
    assert run.code == 0, run.err
    assert run.out.startswith("#1 cheapest")
    # each build says the command that realises its estimate, as the README promises (only the JSON had it)
    runs = [line for line in run.out.splitlines() if line.startswith("   run (")]
    assert len(runs) == 2 and all("llama-server -m Qwen2.5-7B" in r or "vllm serve" in r for r in runs), runs


def test_model_from_the_local_hugging_face_cache(tmp_path: Path) -> None:
    snapshot = tmp_path / "hf-cache" / "models--meta-llama--Llama-3.1-8B" / "snapshots" / "abc123"
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text(json.dumps(LLAMA_8B))
    run, missing = run_clis(
        ("estimate", "--model-config", "meta-llama/Llama-3.1-8B", "--workload", "inference", "--json"),
        ("estimate", "--model-config", "nobody/nothing", "--workload", "inference"),
        env={"HF_HUB_CACHE": str(tmp_path / "hf-cache")},
    )
    assert run.code == 0, run.err
    assert missing.code == 2 and "not in the local Hugging Face cache" in missing.err


def test_plan_text_marks_old_prices_and_says_where_to_update() -> None:
    import datetime

    from configurator.cli.plan import format_plan
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.core.solve.plan import plan
    from configurator.storage import catalogs

    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500, top_k=1
    )
    result = plan(request, catalog)
    build = result.builds[0]
    paid = [p for p in build.parts if p.subtotal > 0]
    today = datetime.date.today()

    def dated(first: datetime.date) -> object:
        parts = tuple(p.model_copy(update={"price_date": first if p is paid[0] else today}) for p in build.parts)
        return result.model_copy(update={"builds": (build.model_copy(update={"parts": parts}),)})

    text = format_plan(dated(datetime.date(2020, 1, 1)))
    assert text.count("[old: price from 2020-01-01") == 1
    assert f"1 of {len(paid)} paid part(s) priced more than six months ago" in text
    # the buyer is told where a fresh price goes: the app's menus, or the user's catalog folder
    assert "Catalog > Edit prices and parts" in text and "llm-rig catalog validate" in text
    fresh = format_plan(dated(today))
    assert "[old:" not in fresh and "to update an old price" not in fresh
    # a part that costs nothing says why, as the sheet does: "8 x ConnectX-7 ... 0" read as a missing price
    free = tuple(
        p.model_copy(update={"unit_price": 0.0, "price_note": "built into the server"}) if p is paid[-1] else p
        for p in build.parts
    )
    text = format_plan(result.model_copy(update={"builds": (build.model_copy(update={"parts": free}),)}))
    line = next(line for line in text.splitlines() if paid[-1].name in line)
    assert line.rstrip().endswith("  0 (built into the server)"), line


def test_a_cluster_plan_says_which_parts_are_per_node_and_does_not_say_nothing_fits(capsys) -> None:  # type: ignore[no-untyped-def]
    # Sam's 70B run on a 30-day deadline: "1 x DGX A100 90,000" read as the whole bill, and the answer was followed
    # by "nothing fits: ..." (true of one machine, not of the cluster above it)
    from configurator.cli.main import main

    assert (
        main(
            [
                "plan",
                "--workload",
                "pretrain",
                "--model",
                "llama-3.1-70b",
                "--tokens",
                "2e12",
                "--deadline-hours",
                "720",
                "--circuit",
                "230v16a",
                "--room",
                "server-room",  # in a lab the cluster fails SITE-POWER and the way out names the server room (#31)
                "--top",
                "1",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    nodes = int(text.split(": ", 1)[1].split(" x ", 1)[0].replace(",", ""))
    assert nodes > 1
    system = next(line for line in text.splitlines() if line.strip().startswith("system"))
    assert f"(per node; x {nodes:,} nodes)" in system
    assert any("once, for the whole cluster" in line for line in text.splitlines() if "switch" in line.lower())
    assert "nothing fits" not in text and "no single machine can do this" in text
    # the power is a node's, and the whole cluster's is said beside it
    head = text.splitlines()[0]
    assert " W wall per node (" in head and " kW in all)" in head


def test_host_buffer_says_how_the_experts_in_ram_are_held() -> None:
    """`--host-buffer mmap` estimates a prompt as llama.cpp's default mmap runs it (pageable experts, each copy staged by
    the driver: ggml-org/llama.cpp PR #28223, kekzl/imp PR #1409) and its launch command leaves --no-mmap out; the
    default, pinned, is what the launch command runs (--no-mmap)."""

    def prefill(buffer: str) -> tuple[float, str]:
        run = run_cli(
            "estimate",
            "--workload",
            "inference",
            "--model",
            "kimi-k2",
            "--precision",
            "q4_k_m",
            "--gpu",
            "rtx-pro-6000-blackwell",
            "--cpu-experts",
            "--cpu",
            "epyc-9355",
            "--context",
            "8192",
            "--prompt",
            "4096",
            "--host-buffer",
            buffer,
        )
        assert run.code == 0, run.err
        rate = next(line for line in run.out.splitlines() if line.strip().startswith("prefill"))
        command = next(line for line in run.out.splitlines() if "llama-server" in line)
        return float(rate.split()[1]), command

    mapped, mapped_command = prefill("mmap")
    pinned, pinned_command = prefill("pinned")
    assert pinned > 2.5 * mapped
    assert "--no-mmap" in pinned_command and "--no-mmap" not in mapped_command


def test_plan_text_says_when_buying_pays_back_as_the_json_does() -> None:
    """`plan` printed no buy-or-rent line at all: the window, the sheet and the JSON had one. Each build's line is the
    core's break-even (net of resale) with the yearly rows, the same figures `--json` gives."""
    args = ("plan", "--model", "llama-3.1-8b", "--workload", "inference", "--precision", "q4_k_m", "--top", "3")
    text, data = run_clis(args, (*args, "--json"))
    assert text.code == 0 and data.code == 0, text.err + data.err
    lines = [line.strip() for line in text.out.splitlines() if line.strip().startswith("buy or rent: ")]
    builds = [b for b in json.loads(data.out)["builds"] if (b.get("cost_of_ownership") or {}).get("break_even_said")]
    assert builds and len(lines) == len(builds)
    for line, build in zip(lines, builds, strict=True):
        costs = build["cost_of_ownership"]
        assert line.startswith(f"buy or rent: {costs['break_even_reason']}")
        month = costs["break_even_month"]
        for row in costs["tco"]:
            if row["renting"] is not None:
                assert f"{row['years']} y own {row['owning']:,.0f} vs rent {row['renting']:,.0f}" in line
                assert (row["cheaper"] == "own") == (month is not None and month <= 12 * row["years"])


def test_plan_text_says_one_more_card_once() -> None:
    """Each build printed 'upgrade: one more <card>: ...' and then 'next step: add one more <card> ...' (the same step,
    the second with its price and what it unlocks). The text says it once, as the next step; the JSON keeps both."""
    args = ("plan", "--model", "qwen2.5-32b", "--workload", "inference", "--precision", "q4_k_m", "--budget", "2000")
    text, data = run_clis((*args, "--top", "3"), (*args, "--top", "3", "--json"))
    assert text.code == 0 and data.code == 0, text.err + data.err
    adds = [b for b in json.loads(data.out)["builds"] if any(s["kind"] == "add" for s in b.get("next_steps", []))]
    assert adds, "a build that can take one more card"
    assert text.out.count("next step: add one more") == len(adds)
    assert "upgrade: one more" not in text.out
