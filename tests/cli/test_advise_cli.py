"""`llm-rig map` and `llm-rig rank`: JSON contracts and bad input (exit 2 naming the culprit)."""

from __future__ import annotations

import json

from configurator.cli.main import main


def test_map_json_contract(capsys) -> None:  # type: ignore[no-untyped-def]
    assert (
        main(
            [
                "map",
                "--workload",
                "inference",
                "--precision",
                "int4",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "rtx-3090,rtx-4090",
                "--json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["model"], r["precision"], r["method"]) for r in rows] == [("llama-3.1-8b", "int4", None)]
    best = rows[0]["cheapest"]
    assert best["gpu"] in ("rtx-3090", "rtx-4090") and best["machine"] == "tower" and best["count"] == 1
    assert best["decode_tokens_per_s"] > 0 and best["gpu_hours"] is None and rows[0]["reason"] is None


def test_map_and_rank_name_unknown_ids(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["map", "--workload", "inference", "--model", "no-such-model", "--json"]) == 2
    assert "no-such-model" in capsys.readouterr().err
    assert main(["map", "--workload", "inference", "--gpu", "no-such-gpu"]) == 2
    assert "no-such-gpu" in capsys.readouterr().err
    assert main(["rank", "--model", "llama-3.1-8b", "--workload", "inference", "--gpu", "nope-gpu"]) == 2
    assert "nope-gpu" in capsys.readouterr().err


def test_rank_json_best_value_first(capsys) -> None:  # type: ignore[no-untyped-def]
    assert (
        main(
            [
                "rank",
                "--model",
                "llama-2-7b",
                "--workload",
                "inference",
                "--precision",
                "int4",
                "--condition",
                "used",
                "--json",
            ]
        )
        == 0
    )
    rows = json.loads(capsys.readouterr().out)
    assert rows and set(rows[0]) >= {
        "gpu",
        "count",
        "price",
        "decode_tokens_per_s",
        "price_per_tps",
        "price_per_gb",
        "caveats",
    }
    values = [r["price_per_tps"] for r in rows if r["price_per_tps"] is not None]
    assert values == sorted(values)


def test_map_cells_meet_the_speed_asked(capsys) -> None:  # type: ignore[no-untyped-def]
    # a user who wants 100 tokens/s per user gets the cheapest machine that serves it, not the cheapest that fits
    assert (
        main(
            [
                "map",
                "--workload",
                "inference",
                "--precision",
                "int4",
                "--model",
                "qwen3-8b",
                "--min-decode-tps",
                "100",
                "--json",
            ]
        )
        == 0
    )
    best = json.loads(capsys.readouterr().out)["rows"][0]["cheapest"]
    assert best is not None and best["decode_tokens_per_s"] >= 100
    assert main(["map", "--workload", "inference", "--model", "qwen3-8b", "--min-decode-tps", "-3"]) == 2
    assert "--min-decode-tps" in capsys.readouterr().err


def test_map_gpu_takes_ready_made_systems_as_plan_does(capsys) -> None:  # type: ignore[no-untyped-def]
    """`map --gpu` takes a ready-made system's id as `plan --gpu` does (a DGX Spark beside a 3090); a misspelt one is
    named with the closest ids of both kinds, exit 2, as plan says it."""
    args = ["map", "--workload", "inference", "--precision", "int4", "--model", "qwen3-8b", "--json"]
    assert main([*args, "--gpu", "nvidia-dgx-spark"]) == 0
    best = json.loads(capsys.readouterr().out)["rows"][0]["cheapest"]
    assert best["gpu"] == "nvidia-dgx-spark-gpu" and best["machine"] == "mini-pc" and best["count"] == 1
    assert main([*args, "--gpu", "rtx-3090,mac-studio-m2-ultra-76c-192gb"]) == 0
    best = json.loads(capsys.readouterr().out)["rows"][0]["cheapest"]
    assert best["gpu"] == "rtx-3090"  # a 1,900 USD tower, the Mac Studio 4,300 USD
    assert main([*args, "--gpu", "nvidia-dgx-sprk"]) == 2
    err = capsys.readouterr().err
    assert "--gpu: unknown GPU or system id 'nvidia-dgx-sprk'" in err and "nvidia-dgx-spark" in err
