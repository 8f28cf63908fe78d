"""`plan --gpu` takes ready-made system ids beside GPU ids (issue #31: a Mac Studio against a 3090 build)."""

from __future__ import annotations

import json

from tests.helpers import run_cli

MAC = "mac-studio-m2-ultra-76c-192gb"
SERVER = "nvidia-dgx-h100"


def test_a_mac_studio_is_compared_with_a_3090_build_and_a_server_over_budget_is_said() -> None:
    run = run_cli(
        "plan",
        "--model",
        "llama-3.3-70b",
        "--workload",
        "inference",
        "--precision",
        "q4_k_m",
        "--gpu",
        f"rtx-3090,{MAC},{SERVER}",
        "--budget",
        "6000",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    labels: dict[str, list[str]] = {}
    for build in data["builds"]:
        part = next(p for p in build["parts"] if p["category"] in ("gpu", "system"))
        labels.setdefault(part["id"], []).append(build["label"])
    assert any(label.startswith("cheapest with Apple Mac Studio (2023), M2 Ultra") for label in labels[MAC])
    assert any(label.startswith("cheapest with NVIDIA GeForce RTX 3090") for label in labels["rtx-3090"])
    # every build shown is one of the named: no other Mac, mini PC or CPU-only box
    assert set(labels) == {"rtx-3090", MAC}
    # the server named is not dropped without a word
    assert any(n.startswith("NVIDIA DGX H100") and "over the budget of 6,000 USD" in n for n in data["notes"])


def test_an_id_of_neither_kind_is_refused_naming_the_option_and_both_lists() -> None:
    run = run_cli("plan", "--model", "llama-3.3-70b", "--workload", "inference", "--gpu", "rtx-3090,mac-studo")
    assert run.code == 2
    assert "--gpu: unknown GPU or system id 'mac-studo'" in run.err
    assert "catalog list systems" in run.err
