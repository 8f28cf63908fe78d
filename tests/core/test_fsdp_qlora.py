"""FSDP + QLoRA (Answer.AI's fsdp_qlora): a 70B fine-tuned on two 24 GB cards, as practitioners have run it since
2024, against the published measurements.

Sources: https://www.answer.ai/posts/2024-03-06-fsdp-qlora (2024-03-06); AnswerDotAI/fsdp_qlora benchmarks_03_2024.md
@4cd6923 (benchmarked February-March 2024): Llama-2 70B QLoRA with CPU offload, batch 2 of 2,048 tokens, 1,024
samples, 11,795 s on two 280 W RTX 3090 (older board, slow lanes), 4,399 s on two RTX 4090 (PCIe 4.0 x16), 14.92 GiB a
GPU; its README @bc91ebe (2024-05-06): the 70B command "uses just over 128GB of CPU RAM ... a 10-20GB swap file";
huggingface/peft docs/source/accelerate/fsdp.md @018ca9d (read 2026-12-04): the HF stack's FSDP + QLoRA of the same
70B, 19.6 GB a GPU with the shards offloaded, 35.6 GB a GPU without.
"""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import FSDP_QLORA, framework, framework_shards_with_fsdp, shard_stage
from configurator.core.estimate.workload import Workload
from configurator.core.launch.training import training_command
from configurator.core.model.request import BuildRequest
from configurator.core.rules.compat import LOAD_SPIKE_SWAP_BYTES, host_ram_needed, load_spike, ram_needed_gb
from configurator.core.solve.candidates import estimate_as_practitioner

GB = 1e9
GIB = 1024**3
SAMPLES_TOKENS = 1024 * 2048  # each benchmark run: 1,024 samples of 2,048 tokens

# train.py's command-line parameters (github:AnswerDotAI/fsdp_qlora@05ed9f2, 2024-06-13, `main`'s signature): the
# launch command may pass no other
TRAIN_PY_PARAMETERS = frozenset(
    {
        "world_size", "train_type", "llama_pro_path", "batch_size", "context_length", "gradient_accumulation_steps",
        "num_epochs", "dataset", "dataset_samples", "sharding_strategy", "use_gradient_checkpointing",
        "reentrant_checkpointing", "use_cpu_offload", "use_activation_cpu_offload", "low_memory", "no_sync",
        "precision", "model_name", "save_model", "output_dir", "lora_rank", "lora_alpha", "lora_dropout",
        "lora_target_modules", "verbose", "lr", "apply_gradient_clipping", "grad_norm", "wd", "profile_memory",
        "optimizer", "lr_scheduler", "loading_workers", "log_to", "master_addr", "master_port", "seed",
    }
)  # fmt: skip


def _offloaded(batch: int = 2, fw: str = FSDP_QLORA, tokens: float | None = SAMPLES_TOKENS) -> Workload:
    return Workload(
        kind="finetune",
        method="qlora",
        context=2048,
        batch=batch,
        grad_checkpointing=True,
        zero=3,
        offload="cpu",
        framework=fw,
        lora_rank=64,  # train.py's default
        tokens=tokens,
    )


def test_fsdp_qlora_shards_with_fsdp_and_runs_its_three_strategies() -> None:
    fw = framework(FSDP_QLORA)
    assert framework_shards_with_fsdp(FSDP_QLORA) and not framework_shards_with_fsdp("peft")
    # --sharding_strategy ddp, shard_grad_op, full_shard; no optimizer-only sharding (ZeRO-1 runs as SHARD_GRAD_OP)
    assert shard_stage(fw, 0, 2) == 0 and shard_stage(fw, 1, 2) == 2 and shard_stage(fw, 3, 2) == 3


def test_the_70b_start_up_peak_is_the_readmes_just_over_128_gb(catalog: Any) -> None:
    """Fitted on the README's one figure ("just over 128GB" for Llama-2 70B, --use_cpu_offload true): the estimate
    gives 127-135 GB (the fit's 33.87 GiB base at train.py's LoRA rank 64); the offloaded states alone (the DeepSpeed-style count, ~50 GB with rank-64 adapters) are under half of it."""
    model = catalog.get("models", "llama-2-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    ours = estimate(model, _offloaded(), gpu, 2)
    states_only = estimate(model, _offloaded(fw="peft"), gpu, 2)
    assert 127 * GB <= ours.host_ram_bytes <= 135 * GB
    assert states_only.host_ram_bytes < ours.host_ram_bytes / 2
    assert any(s.said is not None and s.said.code == "est.offload-peak" for s in ours.steps)


def test_the_gpus_hold_the_offloaded_job_and_not_the_resident_one(catalog: Any) -> None:
    """On 24 GB cards the 70B needs the offload (PEFT's guide: 35.6 GB a GPU without it); with it, the cards hold it
    at what the runs reserve: Answer.AI's 14.92 GiB a GPU at batch 2 (benchmarks_03_2024.md, torch.cuda.
    max_memory_reserved), within 10 %. Before FSDP's root unit and bitsandbytes' statistics were counted whole (round
    30) the estimate gave 11.25 GiB, and a planner sized two 12 GB cards by it."""
    model = catalog.get("models", "llama-2-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    offloaded = estimate(model, _offloaded(), gpu, 2)
    resident = estimate(model, _offloaded().model_copy(update={"offload": "none"}), gpu, 2)
    assert offloaded.fits and 0.90 * 14.92 * GIB <= offloaded.per_gpu_bytes <= 1.05 * 14.92 * GIB
    assert not resident.fits


@pytest.mark.parametrize(
    ("model_id", "batch", "offload", "reserved_gib"),
    [
        ("yi-34b", 4, "cpu", 22.98),  # 'What About CPU Offloading?', --use_cpu_offload true
        ("yi-34b", 2, "none", 23.05),  # the same section, shards on the GPUs
    ],
)
def test_fsdp_keeps_its_root_unit_and_the_quantization_statistics_whole(
    catalog: Any, model_id: str, batch: int, offload: str, reserved_gib: float
) -> None:
    """Yi 34B's 64,000-token embedding and output head (1.7 GiB in bf16) are FSDP's root unit, which is not resharded
    after forward, and bitsandbytes' absmax is never sharded: Answer.AI's dual-3090 runs reserved 22.98 GiB (offloaded,
    batch 4) and 23.05 GiB (sharded on the cards, batch 2) a GPU (benchmarks_03_2024.md @4cd6923, read 2026-12-05);
    the estimate holds both within 10 % and names what it kept whole. The HF stack (DeepSpeed's sharding in its launch
    commands) is not sized so, unless it is asked to shard with FSDP (tests/core/test_hf_fsdp.py)."""
    model = catalog.get("models", model_id)
    wl = _offloaded(batch=batch).model_copy(update={"offload": offload})
    ours = estimate(model, wl, catalog.get("gpus", "rtx-3090"), 2)
    assert abs(ours.per_gpu_bytes / (reserved_gib * GIB) - 1) <= 0.10
    kept = [s.said for s in ours.steps if s.said is not None and s.said.code == "est.fsdp-resident"]
    assert len(kept) == 1 and kept[0].num("root") > 0.8 and kept[0].num("stats") > 0.2
    hf = estimate(model, wl.model_copy(update={"framework": "peft"}), catalog.get("gpus", "rtx-3090"), 2)
    assert not any(s.said is not None and s.said.code == "est.fsdp-resident" for s in hf.steps)


def test_a_128_gb_machine_holds_the_peak_with_the_readmes_swap_file(catalog: Any) -> None:
    """RAM-1 / RAM-3: the measured peak less a 16 GiB swap file (the README's 10-20 GB); without the swap file
    (the trainer's spare on top, as for a DeepSpeed offload) it would take 192 GB or more."""
    model = catalog.get("models", "llama-3.1-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    result = estimate(model, _offloaded(batch=1, tokens=None), gpu, 2)
    workload = dict(result.workload)
    assert load_spike(workload) and not load_spike({**workload, "framework": "peft"})
    need = ram_needed_gb(48, result.host_ram_bytes, training=True, spike=True)
    assert 64 < need <= 128
    assert host_ram_needed(result.host_ram_bytes, training=True) / GB > 150
    assert LOAD_SPIKE_SWAP_BYTES / GIB == 16


@pytest.mark.parametrize(
    ("gpu_id", "seconds", "low", "high"),
    [
        # the dual-4090 workstation (PCIe 4.0 x16 each): the estimate is slow by ~14 % (the held-out row, 1.16x hours)
        ("rtx-4090", 4399, 0.80, 1.10),
        # the basement rig's 3090s ran at 280 W on an older board's slow lanes; the estimate (350 W, x16) is faster
        ("rtx-3090", 11795, 1.00, 1.30),
    ],
)
def test_training_speed_is_answerais_measured_70b_rate(
    catalog: Any, gpu_id: str, seconds: float, low: float, high: float
) -> None:
    """The estimate's tokens/s over Answer.AI's measured rate (benchmarks_03_2024.md, Llama-2 70B, CPU offload, batch
    2): the MFU it reports (~52-61 % of bf16 peak, counting the recomputed forward) is what those runs reached."""
    model = catalog.get("models", "llama-2-70b")
    gpu = catalog.get("gpus", gpu_id)
    result = estimate(model, _offloaded(), gpu, 2)
    measured = SAMPLES_TOKENS / seconds
    assert result.steady_tokens_per_s is not None
    assert low <= result.steady_tokens_per_s / measured <= high


def test_the_planner_shards_a_70b_qlora_on_two_3090_with_fsdp_qlora(catalog: Any) -> None:
    """No framework named: the practitioner's FSDP + QLoRA with the shards offloaded; a named framework is kept."""
    model = catalog.get("models", "llama-3.1-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    asked = Workload(kind="finetune", method="qlora", context=2048, tokens=1e8)
    request = BuildRequest(model_id=model.id, workload=asked, gpu_ids=("rtx-3090",))
    result = estimate_as_practitioner(model, asked.resolved(model.max_context), gpu, 2, request)
    w = result.workload
    assert (w["framework"], w["zero"], w["offload"]) == (FSDP_QLORA, 3, "cpu") and result.fits
    named = asked.model_copy(update={"framework": "peft"})
    kept = estimate_as_practitioner(
        model, named.resolved(model.max_context), gpu, 2, request.model_copy(update={"workload": named})
    )
    assert kept.workload["framework"] == "peft"


def test_the_launch_command_is_train_py_with_its_own_arguments(catalog: Any) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    result = estimate(model, _offloaded(batch=1), gpu, 2)
    title, command = training_command(model, result, gpu=gpu)
    threads, *words = command.split()
    assert threads == "OMP_NUM_THREADS=$(($(nproc)/2))"  # offloaded on 2 GPUs: each rank its cores (bind_cores)
    assert (
        words[:2] == ["python", "train.py"] and english(title) == "Answer.AI fsdp_qlora (FSDP full_shard + CPU offload)"
    )
    flags = {w[2:] for w in words if w.startswith("--")}
    assert flags <= TRAIN_PY_PARAMETERS, flags - TRAIN_PY_PARAMETERS
    for pair in ("--sharding_strategy full_shard", "--use_cpu_offload true", "--train_type qlora", "--world_size 2"):
        assert pair in command
    # the README's advice for bitsandbytes: re-entrant checkpointing
    assert "--reentrant_checkpointing true" in command
