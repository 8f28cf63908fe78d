"""The Arc Pro B60 Dual planned end to end (issue #28): asked by name for a 70B at Q4, it is one card holding the
model in its two 24 GB GPUs, seated only in a slot the board's manual splits x8/x8, with the slot map, the checks,
the launch command and the independent checker agreeing."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from tests.independent_checker import check, check_labels


def test_a_70b_on_one_b60_dual_sits_in_a_split_slot(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="llama-3.3-70b",
        gpu_ids=("arc-pro-b60-dual",),
        condition="any",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
    )
    result = plan(request, catalog).to_json()
    shown = [b for b in result["builds"] if any(p["id"] == "arc-pro-b60-dual" for p in b["parts"])]
    assert shown, result["infeasible"]
    for build in shown:
        card = next(p for p in build["parts"] if p["id"] == "arc-pro-b60-dual")
        board = next(p for p in build["parts"] if p["category"] == "motherboard")["spec"]
        splits = {s["position"]: s.get("splits", ()) for s in board["pcie_slots"]}
        assert card["quantity"] == 1  # 48 GB on one card: no second card for a 42 GB model
        assert all("x8x8" in splits[s["slot"]] and s["split"] == "x8/x8" for s in build["slot_map"])
        assert {c["rule"]: c["status"] for c in build["checks"]}["PCI-8"] == "pass"
        assert "--tensor-split 1,1" in build["launch"]["command"]  # llama.cpp sees two devices
        assert build["estimate"]["speed"]["decode_tokens_per_s"] >= 5
        assert check(build, "120v15a") == []
    assert check_labels(result, None) == []


def test_one_b60_dual_is_a_tensor_group_of_two_under_vllm(catalog: Catalog) -> None:
    """Round 45's walk: Qwen3.6-35B-A3B GPTQ-Int4 under vLLM on Intel, 4 users, 5,000 USD. One Arc Pro B60 Dual (two
    24 GB GPUs on one card) serves it at --tensor-parallel-size 2, Intel's own recipe for the model (intel/llm-scaler
    vllm/README.md 3.2: Qwen3.6-35B-A3B on two Arc GPUs, --tensor-parallel-size 2, read 2026-12-07); PCI-6 counted the
    card (1) instead of its GPUs (2) and failed the build it launched at TP 2."""
    request = BuildRequest(
        model_id="qwen3.6-35b-a3b",
        gpu_ids=("arc-pro-b60-dual",),
        budget=5000,
        workload=Workload(kind="inference", engine="vllm", precision="gptq-int4", batch=4, context=32768),
    )
    result = plan(request, catalog).to_json()
    shown = [b for b in result["builds"] if any(p["id"] == "arc-pro-b60-dual" for p in b["parts"])]
    assert shown, result["infeasible"]
    build = shown[0]
    assert "--tensor-parallel-size 2" in build["launch"]["command"]
    assert not [c for c in build["checks"] if c["status"] == "fail"], build["checks"]
    assert check(build, "120v15a", 1, 5000) == []
