"""torchtune on several GPUs is sized as its distributed recipes run: always FSDP2-sharded (frameworks.shard_stage),
and the command launches that same layout."""

from __future__ import annotations

import shlex
from dataclasses import replace
from typing import Any

from configurator.core.estimate import estimator
from configurator.core.estimate.estimator import TORCHTUNE_NO_SINGLE_DEVICE_OFFLOAD, estimate
from configurator.core.estimate.frameworks import TORCHTUNE_SHARD_STAGES, framework, shard_stage
from configurator.core.estimate.parallel import plan_estimate, plan_training
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command

GB = 1e9
GIB = 1024**3


def _as_released(date: str) -> estimator.Calibration:
    return replace(estimator.CAL, framework_released=date)


def test_torchtune_without_zero_on_four_gpus_is_its_fsdp_full_shard(catalog: Any) -> None:
    """torchtune README of 2024-04-16 (github:pytorch/torchtune@fef3ed10d): Llama-2-7B full fine-tune on 4 x RTX 4090
    with full_finetune_distributed, 22.9 GB per GPU. --zero defaults to 0, but the distributed recipes have no DDP:
    `training.shard_model` applies fully_shard to every layer (torchtune/training/_distributed.py), resharding after
    forward by default (FULL_SHARD). A full copy per GPU (7B x 8 bytes, ~56 GB) would put the job on 80 GB cards."""
    model = catalog.records["models"]["llama-2-7b"]
    gpu = catalog.records["gpus"]["rtx-4090"]
    asked = Workload(kind="finetune", method="full", framework="torchtune", optimizer="adamw", context=512, batch=2)
    april_2024 = _as_released("2024-04-16")
    default = estimate(model, asked, gpu, 4, cal=april_2024)
    sharded = estimate(model, asked.model_copy(update={"zero": 3}), gpu, 4, cal=april_2024)
    assert default.per_gpu_bytes == sharded.per_gpu_bytes
    assert abs(default.per_gpu_bytes / (22.9 * GB) - 1) <= 0.20
    assert default.workload["zero"] == 3 and default.fits
    assert any("always shard with FSDP2" in a for a in default.assumptions)
    assert not any("every GPU runs the full model" in a for a in default.assumptions)
    # the command runs the default resharding: no fsdp_reshard_after_forward=False, no DDP
    words = shlex.split(launch_command(model, default)["command"])
    assert words[:4] == ["tune", "run", "--nproc_per_node", "4"] and "full_finetune_distributed" in words
    assert "fsdp_reshard_after_forward=False" not in words


def test_torchtune_70b_lora_on_eight_a100_needs_no_zero_flag(catalog: Any) -> None:
    """torchtune README (github:pytorch/torchtune@0031bfb0, Llama 3.1 table, pytorch/torchtune#1664 of 2024-09-24):
    Llama 3.1 70B LoRA on 8 x A100, 27.6 GiB per GPU, batch 2 at 2048 tokens. The CLI's default --zero 0 now sizes it
    as the recipe runs it (the benchmark row states zero = 3): the 140 GB base is sharded eight ways."""
    model = catalog.records["models"]["llama-3.1-70b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    asked = Workload(kind="finetune", method="lora", framework="torchtune", optimizer="adamw", context=2048, batch=2)
    result = estimate(model, asked, gpu, 8, cal=_as_released("2024-09-24"))
    assert abs(result.per_gpu_bytes / (27.6 * GIB) - 1) <= 0.25
    assert result.per_gpu[0].breakdown.weights < 140 * GB / 4


def test_hf_trainer_without_zero_still_replicates(catalog: Any) -> None:
    """The HF Trainer runs DDP when no ZeRO/FSDP is configured: each GPU keeps the whole model; only torchtune is
    sharded by default."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    result = estimate(model, Workload(kind="finetune", method="full", framework="transformers"), gpu, 4)
    assert result.workload["zero"] == 0
    assert result.per_gpu[0].breakdown.weights >= result.params_total * 2
    assert shard_stage(framework("transformers"), 0, 4) == 0


def test_zero_1_is_not_a_torchtune_setting_and_the_user_is_told(catalog: Any) -> None:
    """No torchtune key shards the optimizer states alone: fsdp_reshard_after_forward=False (SHARD_GRAD_OP,
    recipes/full_finetune_distributed.py docstring) is the least it shards. --zero 1 is sized as that ZeRO-2, with a
    warning, and the command sets it."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    w = Workload(kind="finetune", method="full", framework="torchtune", zero=1)
    one, two = estimate(model, w, gpu, 4), estimate(model, w.model_copy(update={"zero": 2}), gpu, 4)
    assert one.per_gpu_bytes == two.per_gpu_bytes and one.workload["zero"] == 2
    assert any("cannot shard the optimizer states alone" in str(warning) for warning in one.warnings)
    assert not two.warnings
    assert "fsdp_reshard_after_forward=False" in shlex.split(launch_command(model, one)["command"])
    assert TORCHTUNE_SHARD_STAGES == (2, 3)


def test_torchtune_cpu_offload_at_zero_2_moves_gradients_too(catalog: Any) -> None:
    """fsdp_cpu_offload passes FSDP's CPUOffloadPolicy, which "will offload parameters, gradients, and optimizer states
    to CPU" (torchtune/training/_distributed.py shard_model): with SHARD_GRAD_OP the gradients are on the host too, and
    the gathered parameters stay on the GPU between forward and backward."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    w = Workload(kind="finetune", method="full", framework="torchtune", zero=2, offload="cpu")
    result = estimate(model, w, gpu, 4)
    assert result.per_gpu[0].breakdown.gradients == 0 and result.per_gpu[0].breakdown.optimizer_states == 0
    assert result.per_gpu[0].breakdown.weights >= result.params_total * 2  # gathered from forward to backward
    assert result.host_ram_bytes >= result.params_total * (2 + 2)  # sharded parameters and gradients, plus states
    hf = estimate(model, w.model_copy(update={"framework": "transformers"}), gpu, 4)
    assert hf.per_gpu[0].breakdown.gradients > 0  # DeepSpeed ZeRO-2 offload moves the optimizer states only


def test_torchtune_on_one_gpu_has_no_optimizer_offload(catalog: Any) -> None:
    """full_finetune_single_device.py and lora_finetune_single_device.py read no fsdp_cpu_offload (only activation
    offloading): an asked --offload cpu is said and not credited, and the command does not pretend to realise it."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["rtx-4090"]
    w = Workload(kind="finetune", method="lora", framework="torchtune", offload="cpu")
    result = estimate(model, w, gpu, 1)
    assert TORCHTUNE_NO_SINGLE_DEVICE_OFFLOAD in result.warnings
    assert result.per_gpu_bytes == estimate(model, w.model_copy(update={"offload": "none"}), gpu, 1).per_gpu_bytes
    assert "fsdp_cpu_offload=True" not in launch_command(model, result)["command"]


def test_the_planner_gives_torchtune_only_layouts_its_recipes_run(catalog: Any) -> None:
    """lora_finetune_distributed.py asserts "Tensor parallelism is not supported in this recipe" and no torchtune recipe
    has pipeline parallelism: on an 8-GPU node the planner keeps torchtune to FSDP data parallel at ZeRO-2 or 3, where it
    may pick tensor or pipeline parallel for a framework launched otherwise."""
    model = catalog.records["models"]["llama-3.1-70b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    w = Workload(kind="finetune", method="lora", framework="torchtune", context=2048, tokens=1e8)
    plan = plan_training(model, w, gpu, 1, 8)
    assert plan is not None
    assert (plan.tensor, plan.pipeline, plan.context) == (1, 1, 1) and plan.zero_stage in TORCHTUNE_SHARD_STAGES
    plan2, result = plan_estimate(model, w, gpu, 1, 8)
    assert plan2 is not None and result.workload["zero"] == plan2.zero_stage
    words = shlex.split(launch_command(model, result, parallelism=plan2.to_json())["command"])
    assert words[:4] == ["tune", "run", "--nproc_per_node", "8"] and "lora_finetune_distributed" in words


def test_torchtune_on_two_nodes_launches_tune_run_on_each(catalog: Any) -> None:
    """`tune run` takes every torchrun option (torchtune/_cli/run.py): two 8-GPU nodes are --nnodes 2
    --nproc_per_node 8 meeting at a c10d rendezvous on the first node (torchtune's multi-node example), not
    --nproc_per_node 16 on one machine."""
    model = catalog.records["models"]["llama-3.1-70b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    from configurator.core.estimate.parallel import inter_node_link

    w = Workload(kind="finetune", method="full", framework="torchtune", context=2048, tokens=1e8)
    plan, result = plan_estimate(model, w, gpu, 2, 8, inter_node_link(400))
    assert plan is not None and (plan.tensor, plan.pipeline) == (1, 1)
    parallelism = {**plan.to_json(), "nodes": 2}
    launch = launch_command(model, result, parallelism=parallelism)
    assert launch["command"].startswith("tune run --nnodes 2 --nproc_per_node 8 ")
    assert "--rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:" in launch["command"]
    assert "2 nodes" in launch["engine"]


def test_a_torchtune_cluster_gets_the_distributed_optimizer(catalog: Any) -> None:
    """The cluster planner resolves the workload before it knows how many GPUs it will use: a 64-GPU torchtune full
    fine-tune kept the one-GPU configs' paged 8-bit AdamW (16.9 GiB per GPU, `optimizer=...PagedAdamW8bit` in its
    command) instead of the distributed configs' torch.optim.AdamW (recipes/configs/llama3_1/70B_full.yaml)."""
    from configurator.core.estimate.parallel import inter_node_link

    model = catalog.records["models"]["llama-3.1-70b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    w = Workload(kind="finetune", method="full", framework="torchtune", context=4096, tokens=2e9).resolved(
        model.max_context
    )
    plan, result = plan_estimate(model, w, gpu, 8, 8, inter_node_link(200))
    assert plan is not None and result.workload["optimizer"] == "adamw"
    assert "PagedAdamW8bit" not in launch_command(model, result, parallelism={**plan.to_json(), "nodes": 8})["command"]
    one = estimate(model.model_copy(), Workload(kind="finetune", method="full", framework="torchtune"), gpu, 1)
    assert one.workload["optimizer"] == "paged-adamw-8bit"  # the single-device configs' own
