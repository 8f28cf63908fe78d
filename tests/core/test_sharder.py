"""A training job sharded over several cards runs the sharder its own support check advises (support.facts.sharder, the
one rule): the launch command, the memory and time estimate and SUP-7 / SUP-11 all read the sharding the planner puts
in the workload. A LoRA on two Radeon AI PRO R9700 had run DeepSpeed ZeRO-3 (`accelerate launch --use_deepspeed`)
while SUP-7 on the same build warned "upstream tests only MI100 and MI200; PyTorch FSDP is the alternative".

Sources: the facts the rule compares (support/facts.py): DeepSpeed's README (upstream CI on NVIDIA, AMD MI100 and
MI200; https://github.com/deepspeedai/DeepSpeed/blob/master/README.md), its accelerator setup guide (XPU validated on
Data Center GPU Max); PyTorch on ROCm through RCCL, "no code changes" (rocm.docs.amd.com docs-7.0.1 PyTorch
compatibility, 2025-10-28); XCCL in PyTorch 2.8's XPU wheels and FSDP training on Arc Pro B60 (verl-project/verl#6119,
2026-04-23). accelerate's FSDP flags: github:huggingface/accelerate@16cb6eb commands/launch.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.training import training_command
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.candidates import estimate_as_practitioner
from configurator.core.support.checks import DEEPSPEED, FSDP, check_stack
from configurator.core.support.facts import FSDP_SUPPORT, sharder, support_for


def _planned(catalog: Any, gpu_id: str, method: str = "lora", model_id: str = "qwen2.5-14b", **asked: Any) -> Any:
    model = catalog.get("models", model_id)
    gpu = catalog.get("gpus", gpu_id)
    workload = Workload(kind="finetune", method=method, context=2048, tokens=2e7, **asked)
    request = BuildRequest(model_id=model.id, workload=workload, gpu_ids=(gpu_id,))
    return model, gpu, estimate_as_practitioner(model, workload.resolved(model.max_context), gpu, 2, request)


def _rules(gpu: Any, workload: dict[str, Any]) -> dict[str, Any]:
    return {v.rule: v for v in check_stack(gpu, Workload(**workload)) if v.rule in (DEEPSPEED.id, FSDP.id)}


def test_a_lora_on_two_r9700_runs_fsdp_which_its_check_passes(catalog: Any) -> None:
    """Qwen2.5 14B LoRA, 2 x 32 GB R9700: the 16-bit base does not fit one card's share unsharded, so the planner
    shards it, now with accelerate's FSDP FULL_SHARD (RDNA 4: FSDP 'yes' on RCCL, DeepSpeed 'partial'); SUP-11 judges
    it and passes, SUP-7 is not asked. The memory and time are the FSDP job's, not DeepSpeed's."""
    model, gpu, result = _planned(catalog, "radeon-ai-pro-r9700")
    w = result.workload
    assert (w["framework"], w["sharding"], w["zero"]) == ("peft", "fsdp", 3) and result.fits
    argv = training_command(model, result, gpu=gpu)[1].split()
    assert "--use_fsdp" in argv and "FULL_SHARD" in argv and "--use_deepspeed" not in argv
    rules = _rules(gpu, w)
    assert set(rules) == {FSDP.id} and rules[FSDP.id].status == "pass"
    same = estimate(model, Workload(**w), gpu, 2)
    assert (same.per_gpu_bytes, same.wall_hours) == (result.per_gpu_bytes, result.wall_hours)
    deepspeed = estimate(model, Workload(**{**w, "sharding": "deepspeed"}), gpu, 2)
    assert deepspeed.per_gpu_bytes != result.per_gpu_bytes  # FSDP1's resident root unit, no DeepSpeed buckets


@pytest.mark.parametrize(
    ("gpu_id", "method", "model_id"),
    [("rtx-4090", "lora", "qwen2.5-14b"), ("rtx-4090", "full", "qwen2.5-3b"), ("mi210", "lora", "qwen2.5-32b")],
)
def test_where_deepspeed_is_validated_the_plan_keeps_it(catalog: Any, gpu_id: str, method: str, model_id: str) -> None:
    """NVIDIA cards and the MI200 series, which upstream DeepSpeed tests: the HF stack's DeepSpeed ZeRO-3 as before,
    and SUP-7 passes."""
    model, gpu, result = _planned(catalog, gpu_id, method, model_id=model_id)
    w = result.workload
    assert w["zero"] == 3 and w.get("sharding") is None
    assert "--use_deepspeed" in training_command(model, result, gpu=gpu)[1].split()
    rules = _rules(gpu, w)
    assert set(rules) == {DEEPSPEED.id} and rules[DEEPSPEED.id].status == "pass"


def test_arc_runs_fsdp_the_sharder_with_a_published_run_on_it(catalog: Any) -> None:
    """Arc Pro B60: DeepSpeed's XPU accelerator is validated on Data Center GPU Max, not Arc (SUP-7 warns and advises
    FSDP); FSDP has run on Arc Pro B60 but is experimental on XCCL (SUP-11 warns). The plan runs what SUP-7 advises,
    and its own warn, SUP-11's, is the one it carries."""
    _, gpu, result = _planned(catalog, "arc-pro-b60")
    assert result.workload["sharding"] == "fsdp"
    rules = _rules(gpu, result.workload)
    assert set(rules) == {FSDP.id} and rules[FSDP.id].status == "warn"


def test_a_named_sharding_is_kept_and_sup7_advises_fsdp_only_where_the_rule_runs_it(catalog: Any) -> None:
    """--sharding deepspeed on an R9700: kept; SUP-7 warns and names FSDP, in English and Chinese. On a card where no
    sharder ranks above DeepSpeed SUP-7 has no FSDP advice to give."""
    _, gpu, result = _planned(catalog, "radeon-ai-pro-r9700", sharding="deepspeed")
    assert result.workload["sharding"] == "deepspeed"
    ds = _rules(gpu, result.workload)[DEEPSPEED.id]
    assert ds.status == "warn" and "PyTorch FSDP is the alternative" in ds.message
    assert "可改用 PyTorch FSDP" in words.check_text(ds.check(), "zh_CN")


@pytest.mark.parametrize("method", ["lora", "full", "qlora"])
def test_no_card_plans_a_sharder_its_own_check_advises_against(catalog: Any, method: str) -> None:
    """Every GPU in the catalog: the sharder the rule picks is judged by its own check (SUP-11 for FSDP, SUP-7 for
    DeepSpeed) no worse than the other sharder's check would judge it; where DeepSpeed is picked SUP-7 never advises
    FSDP. QLoRA on NVIDIA runs Answer.AI's fsdp_qlora (FSDP)."""
    rank = {"pass": 0, "warn": 1, "fail": 2}
    for gpu in catalog.gpus:
        if support_for(gpu.vendor, gpu.architecture) is None or gpu.vendor not in FSDP_SUPPORT:
            continue
        picked = sharder(gpu.vendor, gpu.architecture, method)
        base: dict[str, Any] = {"kind": "finetune", "method": method, "zero": 3, "context": 2048}
        ds = _rules(gpu, {**base, "sharding": "deepspeed"})[DEEPSPEED.id]
        fs = _rules(gpu, {**base, "sharding": "fsdp"})[FSDP.id]
        if picked == "deepspeed":
            assert rank[ds.status] <= rank[fs.status], gpu.id
            assert ds.status == "pass" or "FSDP" not in ds.message, gpu.id
        else:
            assert rank[fs.status] <= rank[ds.status], gpu.id


def test_the_offload_way_of_a_radeon_full_fine_tune_says_the_fsdp_its_build_runs(catalog: Any) -> None:
    """Llama 3.1 8B full fine-tune on exactly two R9700 at 10,000 USD does not fit (67 GiB a card sharded); the way
    out offloads, and its build runs accelerate's FSDP with --fsdp_offload_params true (the card's sharder): the way had
    said "shard with DeepSpeed ZeRO-3 and offload ... (ZeRO-Offload)". Now it names FSDP as the card's sharder, in
    English and Chinese, and the flag its launch command carries."""
    from configurator.core.common.reasons import Reason, english
    from configurator.core.solve.relax import _offload_stack

    model = catalog.get("models", "llama-3.1-8b")
    gpu = catalog.get("gpus", "radeon-ai-pro-r9700")
    way = Workload(kind="finetune", method="full", zero=3, offload="cpu", context=2048, tokens=2e7)
    request = BuildRequest(model_id=model.id, workload=way, gpu_ids=(gpu.id,), max_gpus=2, exact_gpus=True)
    result = estimate_as_practitioner(model, way.resolved(model.max_context), gpu, 2, request)
    assert result.workload["sharding"] == "fsdp" and result.fits
    assert "--fsdp_offload_params true" in training_command(model, result, gpu=gpu)[1]

    class _Built:  # the way's build as relax._phrase reads it: its estimate's workload
        estimate = result

    said = Reason.of("way.zero3offload", **_offload_stack(way, _Built()))  # type: ignore[arg-type]
    with words.language("zh_CN"):
        zh = words.say(said)
    assert "PyTorch FSDP" in english(said) and "DeepSpeed is not validated" in english(said)
    assert "PyTorch FSDP" in zh and "没有在它上面验证过" in zh
    for text in (english(said), zh):
        assert "--fsdp_offload_params true" in text and "ZeRO-Offload" not in text, text
    # the user's own DeepSpeed is kept, and so is its way's wording
    asked = Reason.of("way.zero3offload", **_offload_stack(way.model_copy(update={"sharding": "deepspeed"}), _Built()))  # type: ignore[arg-type]
    assert "DeepSpeed ZeRO-3" in english(asked)
