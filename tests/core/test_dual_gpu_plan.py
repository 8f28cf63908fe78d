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
