"""Machines that read the weights from RAM run a 16-bit release at Q8_0 where no --precision is named
(solve.sources.in_ram): decode from DDR is bound by the bytes read per token, and Q8_0 (8.5 bits) scores as the
release (ranking.RELEASE_QUALITY_BITS: +0.03 % perplexity over F16 on Llama 3 70B, llama.cpp PR #6745's table), so
BF16 there is the same quality at about half the speed. Practitioners running a large MoE from DDR5 weigh Q8_0
against Q4_K_M (Llama-4-Maverick on a 12-channel EPYC 9175F, CPU only: Q8_0 15-16 tok/s, Q4_K_M 21-24;
loftllc.dev/en/docs/tech/llm-research/llama-4-maverick-17b-128e-q4-vs-q8-cpu-benchmark, read 2026-12-05).
Qwen3.5-122B-A10B at 4,000 USD had had its "fastest at release quality" on a CPU-only EPYC decoding BF16 at 6.2
tokens/s."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common import memo
from configurator.core.common.reasons import from_json
from configurator.core.estimate.precision import weight_format
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.solve.machines import cpu_only
from configurator.core.solve.plan import plan
from configurator.core.solve.sources import RELEASE_IN_RAM, PlanContext, release_in_ram

GB = 1e9


def _ctx(request: BuildRequest, catalog: Catalog) -> PlanContext:
    model = catalog.records["models"][request.model_id]
    assert isinstance(model, ModelArch)
    return PlanContext(request, catalog, model, request.workload.resolved(model.max_context))


def _reads_from_ram(build: dict[str, Any]) -> bool:
    """No discrete card bought (CPU only, a mini PC, unified memory), or llama.cpp's experts kept in RAM."""
    card = any(p["category"] == "gpu" for p in build["parts"])
    return not card or "--n-cpu-moe" in build["launch"]["command"] or "--cpu-moe" in build["launch"]["command"]


def _ram_gb(build: dict[str, Any]) -> float:
    return sum(
        float(p["spec"].get("modules", 0)) * float(p["spec"].get("module_gb", 0)) * p["quantity"]
        for p in build["parts"]
        if p["category"] == "memory"
    )


@pytest.fixture(scope="module")
def qwen122(catalog: Catalog) -> dict[str, Any]:
    memo.clear()
    request = BuildRequest(model_id="qwen3.5-122b-a10b", workload=Workload(kind="inference"), budget=4000)
    return plan(request, catalog).to_json()


def test_the_fastest_at_release_quality_reads_q8_0_from_ram_and_holds_it(
    qwen122: dict[str, Any], catalog: Catalog
) -> None:
    model = catalog.records["models"]["qwen3.5-122b-a10b"]
    assert isinstance(model, ModelArch)
    claimed = [
        b
        for b in qwen122["builds"]
        for c in map(from_json, b["claims"])
        if c.code.startswith("claim.fastest") and c.fields.get("released") and c.fields.get("quantized") is None
    ]
    assert len(claimed) == 1
    build = claimed[0]
    assert build["label"].startswith("fastest within budget at release quality"), build["label"]
    assert _reads_from_ram(build) and "-Q8_0.gguf" in build["launch"]["command"], build["launch"]["command"]
    assert "kind.release-in-ram" in {k["code"] for k in build["kinds"]}
    # the RAM bought holds the Q8_0 weights (122.1 B at 8.5 bits: 130 GB), and no rule fails
    weights_gb = model.params_total_b * weight_format(RELEASE_IN_RAM).bulk_bits / 8
    assert _ram_gb(build) >= weights_gb, (_ram_gb(build), weights_gb)
    assert all(c["status"] != "fail" for c in build["checks"])
    # BF16 from the same 8-channel DDR4 had decoded 6.2 tokens/s
    assert build["estimate"]["speed"]["decode_tokens_per_s"] > 10
    assert build["total_price"] <= 4000


def test_no_machine_shown_reads_bf16_from_ram(qwen122: dict[str, Any]) -> None:
    from_ram = [b for b in qwen122["builds"] if _reads_from_ram(b)]
    assert from_ram
    assert not [b["launch"]["command"] for b in from_ram if "-BF16.gguf" in b["launch"]["command"]]


def _cpu_builds(request: BuildRequest, catalog: Catalog) -> list[Build]:
    memo.clear()
    return cpu_only(_ctx(request, catalog))


def test_a_cpu_only_box_decodes_q8_0_faster_than_the_bf16_a_user_names(catalog: Catalog) -> None:
    """No precision named: the CPU-only box runs Q8_0, faster for no more money; --precision bf16 is the user's
    choice and is kept."""
    auto = BuildRequest(model_id="qwen3.5-122b-a10b", workload=Workload(kind="inference"), budget=4000)
    named = auto.model_copy(update={"workload": Workload(kind="inference", precision="bf16")})
    q8, bf16 = _cpu_builds(auto, catalog), _cpu_builds(named, catalog)
    assert q8 and bf16
    assert {b.estimate.workload.get("precision") for b in q8} == {RELEASE_IN_RAM}
    assert {b.estimate.workload.get("precision") for b in bf16} == {"bf16"}
    fastest_q8 = max(q8, key=lambda b: b.estimate.decode_tokens_per_s or 0.0)
    fastest_bf16 = max(bf16, key=lambda b: b.estimate.decode_tokens_per_s or 0.0)
    assert fastest_q8.total_price <= fastest_bf16.total_price
    # decode from RAM is bound by the bytes read: 16 bits against 8.5, less what does not scale with them
    ratio = (fastest_q8.estimate.decode_tokens_per_s or 0.0) / (fastest_bf16.estimate.decode_tokens_per_s or 1.0)
    assert 1.5 < ratio < 16 / 8.5 + 0.01, ratio


def test_only_a_16_bit_release_left_on_auto_runs_at_q8_0_from_ram() -> None:
    auto = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"))
    assert release_in_ram(auto)
    assert not release_in_ram(auto.model_copy(update={"workload": Workload(kind="inference", precision="bf16")}))
    assert not release_in_ram(auto.model_copy(update={"workload": Workload(kind="inference", engine="vllm")}))
    # a low-bit release plan() filled in (gpt-oss's MXFP4) runs as released
    released = BuildRequest(
        model_id="gpt-oss-120b", workload=Workload(kind="inference", precision="mxfp4"), precision_released=True
    )
    assert not release_in_ram(released)
    assert not release_in_ram(BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="lora")))


def test_an_fp8_release_left_on_auto_runs_at_q8_0_from_ram() -> None:
    """DeepSeek-R1's FP8, which llama.cpp cannot load, is read from RAM as its Q8_0 GGUF (sources.RELEASES_AS_Q8: the
    release's quality, as Tencent Xuanwu Lab ran R1 at Q8 on one 12-channel EPYC, 2025-03-16); named, FP8 is FP8."""
    fp8 = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="fp8"))
    assert release_in_ram(fp8.model_copy(update={"precision_released": True}))
    assert not release_in_ram(fp8)  # --precision fp8 asked: the RAM machines do not change it
    on_vllm = fp8.workload.model_copy(update={"engine": "vllm"})
    assert not release_in_ram(fp8.model_copy(update={"workload": on_vllm, "precision_released": True}))
    assert weight_format(RELEASE_IN_RAM).bits_per_weight == 8.5  # ggml-common.h: 34 bytes a block of 32 weights
