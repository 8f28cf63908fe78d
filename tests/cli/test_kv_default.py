"""`plan` without --kv-precision (#28): a llama.cpp job at 32k also gets q8_0-cache builds that say so and launch with
-ctk q8_0 -ctv q8_0; typed, the KV precision is asked (a project's request included)."""

from __future__ import annotations

import json
from pathlib import Path

MINA = (
    "plan --model llama-3.3-70b --workload inference --precision q4_k_m --context 32768 --budget 2500 "
    "--own rtx-3090 --room home-office --json"
).split()


def _usual_kv(builds: list[dict]) -> list[dict]:  # type: ignore[type-arg]
    return [b for b in builds if any(k["code"] == "kind.usual-kv" for k in b["kinds"])]


def test_plan_without_kv_precision_offers_a_q8_0_cache_and_launches_it(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli(*MINA)
    assert run.code == 0, run.err
    usual = _usual_kv(run.json()["builds"])
    assert usual and all("-ctk q8_0 -ctv q8_0" in b["launch"]["command"] for b in usual)
    asked = cli(*MINA, "--kv-precision", "fp16")
    assert asked.code == 0 and not _usual_kv(asked.json()["builds"])


def test_a_kv_precision_typed_over_a_project_is_asked(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    request = {
        "model_id": "llama-3.3-70b",
        "budget": 2500,
        "room": "home-office",
        "owned": [{"category": "gpu", "id": "rtx-3090", "quantity": 1}],
        "workload": {"kind": "inference", "precision": "q4_k_m", "context": 32768},
        "kv_asked": False,
    }
    path = tmp_path / "mina.llmrig"
    path.write_text(json.dumps({"schema_version": 1, "name": "mina", "active": 0, "notes": "", "requests": [request]}))
    saved = cli("plan", "--project", str(path), "--json")
    assert saved.code == 0 and _usual_kv(saved.json()["builds"]), saved.err
    typed = cli("plan", "--project", str(path), "--json", "--kv-precision", "fp16")
    assert typed.code == 0 and not _usual_kv(typed.json()["builds"]), typed.err
