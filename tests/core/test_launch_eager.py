"""vLLM on Intel Arc (XPU) serves eager: every llm-scaler serving command on Arc Pro B60 carries --enforce-eager
(intel/llm-scaler vllm/README.md 1.4.1 and 2.2, read 2026-12-07; upstream XPU graphs kept off, intel/llm-scaler
issues/vllm-xpu-status-2026-09-02.md), the flag vLLM defines in vllm/engine/arg_utils.py (EngineArgs.enforce_eager).
Round 45's walk: an Arc Pro B60 plan's `vllm serve` had left it out beside its own support fact saying eager."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan


@pytest.mark.parametrize(("gpu_id", "eager"), [("arc-pro-b60", True), ("rtx-4090", False)])
def test_an_intel_vllm_plan_launches_eager_and_an_nvidia_one_does_not(
    catalog: Catalog, gpu_id: str, eager: bool
) -> None:
    request = BuildRequest(
        model_id="llama-3.1-8b",
        gpu_ids=(gpu_id,),
        condition="any",
        workload=Workload(kind="inference", engine="vllm", precision="bf16", batch=4, context=8192),
    )
    result = plan(request, catalog).to_json()
    shown = [b for b in result["builds"] if any(p["id"] == gpu_id for p in b["parts"])]
    assert shown, result["infeasible"]
    for build in shown:
        argv = shlex.split(build["launch"]["command"])
        assert argv[:2] == ["vllm", "serve"]
        assert ("--enforce-eager" in argv) == eager, argv
