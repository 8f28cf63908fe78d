"""A QLoRA fine-tune on several cards, no framework or sharding named: sharded with PyTorch FSDP as practitioners run
a 70B on two 24 GB cards, on every vendor whose stack runs FSDP (support.facts.qlora_sharder, SUP-11), never with
DeepSpeed where DeepSpeed is not validated (SUP-7: Arc); the shards stay on the cards where they fit and FSDP's own
CPU offload takes them where they do not; the host RAM of the HF stack's offloaded run is the one PEFT measured.

Sources: https://www.answer.ai/posts/2024-03-06-fsdp-qlora (2024-03-06): FSDP + QLoRA trains a 70B on two 24 GB
gaming GPUs; AnswerDotAI/fsdp_qlora benchmarks_03_2024.md @4cd6923: every 70B run on two 24 GB cards offloads
(`--use_cpu_offload true`), two 48 GB RTX 6000 Ada do not; huggingface/peft docs/source/accelerate/fsdp.md @018ca9d
(read 2026-12-04): Llama-2 70B QLoRA on 2 x 24 GB with fsdp_offload_params, "CPU RAM usage is around 107 GB", "35.6
GB/ GPU" without the offload; philschmid/deep-learning-pytorch-huggingface training/fsdp-qlora-distributed-llama3.ipynb
(2024-05-07): Llama 3 70B, TRL + FSDP + CPU offload on 4 x A10G 24GB, "22 GB/GPU and 127 GB CPU RAM" at 3,072 tokens,
batch 1; PyTorch on ROCm through RCCL (rocm.docs.amd.com docs-7.0.1 PyTorch compatibility, 2025-10-28); XCCL for Intel
GPUs since PyTorch 2.8 (docs.pytorch.org get_start_xpu), FSDP training on 4 x Arc Pro B60 (verl-project/verl#6119,
2026-04-23).
"""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import FSDP_QLORA
from configurator.core.estimate.workload import Workload
from configurator.core.launch.training import training_command
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.candidates import estimate_as_practitioner
from configurator.core.support.checks import DEEPSPEED, FSDP, check_stack
from configurator.core.support.facts import FSDP_SUPPORT, qlora_sharder

GB = 1e9
GIB = 1024**3


def _planned(catalog: Any, gpu_id: str, model_id: str = "llama-3.1-70b", **asked: Any) -> Any:
    model = catalog.get("models", model_id)
    gpu = catalog.get("gpus", gpu_id)
    workload = Workload(kind="finetune", method="qlora", context=2048, tokens=1e8, **asked)
    request = BuildRequest(model_id=model.id, workload=workload, gpu_ids=(gpu_id,))
    return model, gpu, estimate_as_practitioner(model, workload.resolved(model.max_context), gpu, 2, request)


@pytest.mark.parametrize(
    ("gpu_id", "sharder"),
    [
        ("rtx-3090", "fsdp-qlora"),  # Answer.AI's own train.py: CUDA, its measured runs
        ("rx-7900-xtx", "fsdp"),  # FSDP on RCCL (yes) before DeepSpeed, which upstream tests on MI100/MI200 only
        ("mi250x", "fsdp"),  # both validated: FSDP-QLoRA is the practitioner's recipe
        ("arc-pro-b60", "fsdp"),  # FSDP over XCCL (partial) is no worse than DeepSpeed on Arc (partial, not validated)
    ],
)
def test_each_vendor_shards_a_qlora_with_fsdp_where_its_stack_runs_it(catalog: Any, gpu_id: str, sharder: str) -> None:
    gpu = catalog.get("gpus", gpu_id)
    assert qlora_sharder(gpu.vendor, gpu.architecture) == sharder


def test_fsdp_on_each_vendor_is_a_sourced_fact() -> None:
    assert {v: f.level for v, f in FSDP_SUPPORT.items()} == {"nvidia": "yes", "amd": "yes", "intel": "partial"}
    assert all(f.source.startswith("https://") for f in FSDP_SUPPORT.values())


@pytest.mark.parametrize(("gpu_id", "status"), [("arc-pro-b60", "warn"), ("rx-7900-xtx", "pass")])
def test_two_24_gb_non_nvidia_cards_shard_a_70b_with_fsdps_offload_not_deepspeed(
    catalog: Any, gpu_id: str, status: str
) -> None:
    """70B QLoRA on two 24 GB Arc Pro B60 or RX 7900 XTX: the planner had run DeepSpeed ZeRO-3 with parameter offload
    (accelerate --use_deepspeed --offload_param_device cpu), which SUP-7 itself warned is not validated on Arc. Now the
    HF stack under accelerate's FSDP, FULL_SHARD; the shards do not fit on 24 GB (PEFT's guide: 35.6 GB a GPU without
    the offload), so FSDP's own offload, and SUP-11 judges FSDP on the card's stack, not SUP-7."""
    model, gpu, result = _planned(catalog, gpu_id)
    w = result.workload
    assert (w["framework"], w["sharding"], w["zero"], w["offload"]) == ("peft", "fsdp", 3, "cpu") and result.fits
    resident = estimate(model, Workload(**{**w, "offload": "none"}), gpu, 2)
    assert not resident.fits  # tried first: the shards on the cards do not fit 24 GB
    title, command = training_command(model, result, gpu=gpu)
    assert "--use_fsdp" in command.split() and "--fsdp_offload_params true" in command
    assert "deepspeed" not in command and "--offload_param_device" not in command
    checks = check_stack(gpu, Workload(**w))
    assert not [v for v in checks if v.rule == DEEPSPEED.id]
    (fsdp,) = [v for v in checks if v.rule == FSDP.id]
    assert fsdp.status == status


def test_two_32_gb_cards_keep_the_70b_shards_on_the_cards(catalog: Any) -> None:
    """Where the 4-bit shards fit, no offload: two 32 GB Radeon AI PRO R9700 run FSDP FULL_SHARD with the weights on
    the cards (as Answer.AI's two 48 GB RTX 6000 Ada did, 'CPU+Activation Offload False'), and the time has no PCIe
    offload in it: the same job offloaded is no faster."""
    model, gpu, result = _planned(catalog, "radeon-ai-pro-r9700")
    w = result.workload
    assert (w["sharding"], w["zero"], w["offload"]) == ("fsdp", 3, "none") and result.fits
    assert "--fsdp_offload_params false" in training_command(model, result, gpu=gpu)[1]
    offloaded = estimate(model, Workload(**{**w, "offload": "cpu"}), gpu, 2)
    assert result.wall_hours is not None and offloaded.wall_hours is not None
    assert result.wall_hours <= offloaded.wall_hours


def test_a_named_sharding_or_framework_is_kept(catalog: Any) -> None:
    """--sharding deepspeed asks for DeepSpeed ZeRO on the HF stack: kept, and SUP-7 says what it says of Arc."""
    _, gpu, result = _planned(catalog, "arc-pro-b60", sharding="deepspeed")
    assert result.workload["sharding"] == "deepspeed"
    (ds,) = [v for v in check_stack(gpu, Workload(**result.workload)) if v.rule == DEEPSPEED.id]
    assert ds.status == "warn"
    _, _, nvidia = _planned(catalog, "rtx-3090")
    assert nvidia.workload["framework"] == FSDP_QLORA


def test_the_hf_stacks_offloaded_host_ram_is_peft_guides_107_gb(catalog: Any) -> None:
    """FITTED on PEFT's one figure (Llama-2 70B, 2 x 24 GB, batch 2 of 2,048 tokens, rank 8: "around 107 GB"): within
    3 %. Before, the HF stack under FSDP counted only the offloaded states (~40 GiB) and bought 64 GB of RAM for it."""
    model = catalog.get("models", "llama-2-70b")
    workload = Workload(
        kind="finetune",
        method="qlora",
        framework="peft",
        context=2048,
        batch=2,
        grad_checkpointing=True,
        lora_rank=8,
        zero=3,
        offload="cpu",
        sharding="fsdp",
    )
    result = estimate(model, workload, catalog.get("gpus", "rtx-3090"), 2)
    assert abs(result.host_ram_bytes / 107e9 - 1) <= 0.03
    said = [s.said for s in result.steps if s.said is not None and s.said.code == "est.offload-measured"]
    assert len(said) == 1
    with words.language("zh_CN"):
        assert "PEFT" in words.say(said[0]) and "107 GB" in words.say(said[0])


def test_a_held_out_run_on_four_a10g_reads_its_127_gb_within_15_percent(catalog: Any) -> None:
    """HELD OUT (not fitted): Philipp Schmid's Llama 3 70B with TRL + FSDP + CPU offload on 4 x A10G, "127 GB CPU RAM"
    at 3,072 tokens, batch 1 (rank 16 assumed from the notebook). The estimate reads 116 GB, 8 % under."""
    model = catalog.get("models", "llama-3-70b")
    workload = Workload(
        kind="finetune",
        method="qlora",
        framework="trl",
        context=3072,
        batch=1,
        grad_checkpointing=True,
        lora_rank=16,
        zero=3,
        offload="cpu",
        sharding="fsdp",
    )
    result = estimate(model, workload, catalog.get("gpus", "a10"), 4)
    assert abs(result.host_ram_bytes / 127e9 - 1) <= 0.15


def test_sup_11_is_said_in_chinese_from_its_codes(catalog: Any) -> None:
    _, gpu, result = _planned(catalog, "arc-pro-b60")
    (fsdp,) = [v.check() for v in check_stack(gpu, Workload(**result.workload)) if v.rule == FSDP.id]
    assert fsdp.fields["note_code"] == "sup.fsdp-xpu" and fsdp.fields["what_code"] == "fsdp"
    with words.language("zh_CN"):
        chinese = words.check_text(fsdp)
    assert "PyTorch FSDP 分片 / 卸载" in chinese and "XCCL" in chinese


@pytest.mark.parametrize(("gpu_id", "sharded"), [("arc-pro-b60", ("peft", "fsdp")), ("rtx-3090", (FSDP_QLORA, None))])
def test_zero_3_asked_without_saying_how_shards_with_fsdp_from_the_start(
    catalog: Any, gpu_id: str, sharded: tuple[str, str | None]
) -> None:
    """`--zero 3` (or `--offload cpu`) names the stage, not the stack: the job is FSDP's from its first estimate, not
    DeepSpeed's until the offload step (which had left a fitting DeepSpeed job on Arc, under SUP-7's warning)."""
    for asked in ({"zero": 3}, {"zero": 3, "offload": "cpu"}):
        _, _, result = _planned(catalog, gpu_id, **asked)
        w = result.workload
        assert (w["framework"], w.get("sharding"), w["zero"], w["offload"]) == (*sharded, 3, "cpu"), asked
