"""The training command a plan prints: it must train what the estimate trained."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command


def _command(catalog: Catalog, workload: Workload) -> list[str]:
    model = catalog.records["models"]["llama-3.2-1b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    return shlex.split(launch_command(model, estimate(model, workload, gpu, 8))["command"])


def test_pretraining_starts_from_the_config_not_the_published_weights(catalog: Catalog) -> None:
    """Sam's 1B pretraining plan said `train.py --model_name_or_path meta-llama/Llama-3.2-1B`: that fine-tunes the
    released checkpoint; from scratch, transformers' run_clm.py takes --config_name (and --tokenizer_name)."""
    words = _command(catalog, Workload(kind="pretrain", tokens=1e11, context=4096))
    assert "--model_name_or_path" not in words
    assert words[words.index("--config_name") + 1] == "meta-llama/Llama-3.2-1B"
    assert words[words.index("--tokenizer_name") + 1] == "meta-llama/Llama-3.2-1B"
    # fine-tuning starts from the weights
    tuned = _command(catalog, Workload(kind="finetune", method="lora", context=2048))
    assert tuned[tuned.index("--model_name_or_path") + 1] == "meta-llama/Llama-3.2-1B" and "--config_name" not in tuned


def _launch(catalog: Catalog, workload: Workload, gpus: int, model_id: str = "llama-3.1-8b") -> tuple[str, list[str]]:
    model = catalog.records["models"][model_id]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    launch = launch_command(model, estimate(model, workload, gpu, gpus))
    return launch["engine"], shlex.split(launch["command"])


def _after(words: list[str], flag: str) -> str:
    return words[words.index(flag) + 1]


def test_a_torchtune_lora_on_four_gpus_runs_torchtunes_distributed_recipe(catalog: Catalog) -> None:
    """The report that opened this: a torchtune LoRA on 4 GPUs printed `accelerate launch ... --use_deepspeed`,
    although the memory was torchtune's. Checked against github:pytorch/torchtune@bd2a0fc: torchtune/_cli/run.py
    (`tune run [TORCHRUN-OPTIONS] <recipe> --config <config>`, torchrun's --nproc_per_node), torchtune/_recipe_registry.py
    (recipe and config names), recipes/lora_finetune_distributed.py (batch_size, enable_activation_checkpointing) and the
    lora_llama3_1_8b builder (lora_rank, lora_alpha, apply_lora_to_mlp)."""
    engine, words = _launch(catalog, Workload(kind="finetune", method="lora", framework="torchtune", context=4096), 4)
    assert words[:2] == ["tune", "run"] and "accelerate" not in words and "--use_deepspeed" not in words
    assert _after(words, "--nproc_per_node") == "4" and "lora_finetune_distributed" in words
    assert _after(words, "--config") == "llama3_1/8B_lora"
    assert "tokenizer.max_seq_len=4096" in words and "model.lora_rank=16" in words
    assert "model.apply_lora_to_mlp=True" in words  # all-linear targets, as estimated
    assert engine.startswith("torchtune")
    # one GPU: the single-device recipe and its QLoRA config, no torchrun
    engine, words = _launch(catalog, Workload(kind="finetune", method="qlora", framework="torchtune", context=2048), 1)
    assert "--nproc_per_node" not in words and "lora_finetune_single_device" in words
    assert _after(words, "--config") == "llama3_1/8B_qlora_single_device" and "tokenizer.max_seq_len=2048" in words


def test_torchtune_realises_the_estimates_optimizer_and_sharding(catalog: Catalog) -> None:
    """Full fine-tuning on 4 GPUs with ZeRO-2 and CPU offload. Checked against recipes/full_finetune_distributed.py
    (cfg.get("fsdp_cpu_offload"), cfg.get("fsdp_reshard_after_forward"): False is SHARD_GRAD_OP, i.e. ZeRO-2;
    cfg.optimizer_in_bwd), torchtune/config/_utils.py (`optimizer=X` replaces the component, `~key` removes a key) and
    recipes/configs/llama3_1/8B_full.yaml (torch.optim.AdamW with `fused: True`, which bitsandbytes' optimizers lack)."""
    w = Workload(
        kind="finetune",
        method="full",
        framework="torchtune",
        context=2048,
        zero=2,
        offload="cpu",
        optimizer="paged-adamw-8bit",
    )
    engine, words = _launch(catalog, w, 4)
    assert "full_finetune_distributed" in words and _after(words, "--config") == "llama3_1/8B_full"
    assert "fsdp_cpu_offload=True" in words and "fsdp_reshard_after_forward=False" in words
    assert "optimizer=bitsandbytes.optim.PagedAdamW8bit" in words and "~optimizer.fused" in words
    assert "optimizer_in_bwd=False" in words and "CPU offload" in engine
    # one GPU: the optimizer steps inside backward, as the estimate assumed (frameworks.py: torchtune single-device)
    _, words = _launch(catalog, Workload(kind="finetune", method="full", framework="torchtune", context=2048), 1)
    assert "full_finetune_single_device" in words and "optimizer_in_bwd=True" in words
    assert "gradient_accumulation_steps=1" in words


def test_torchtune_uses_a_built_in_config_only_where_it_ships_one(catalog: Catalog) -> None:
    """Mistral Small 24B has no torchtune config (torchtune/_recipe_registry.py): the user gives theirs. Llama 3.1 8B has
    no distributed QLoRA config: the distributed LoRA config runs QLoRA with the builder of its single-device QLoRA
    config (recipes/configs/llama3_1/8B_qlora_single_device.yaml: torchtune.models.llama3_1.qlora_llama3_1_8b)."""
    engine, words = _launch(
        catalog, Workload(kind="finetune", method="lora", framework="torchtune", context=2048), 1, "mistral-small-24b"
    )
    assert _after(words, "--config") == "your_config.yaml" and "your config" in engine
    _, words = _launch(catalog, Workload(kind="finetune", method="qlora", framework="torchtune", context=2048), 2)
    assert _after(words, "--config") == "llama3_1/8B_lora"
    assert "model=torchtune.models.llama3_1.qlora_llama3_1_8b" in words


def test_llama_factory_runs_its_own_cli_with_deepspeed_and_torchrun(catalog: Catalog) -> None:
    """Checked against github:hiyouga/LLaMA-Factory@ff6d4d1: src/llamafactory/launcher.py (`train` goes through torchrun
    with FORCE_TORCHRUN, NPROC_PER_NODE processes), hparams/finetuning_args.py (--stage, --finetuning_type, --lora_rank,
    --lora_target), hparams/model_args.py (--quantization_bit, --disable_gradient_checkpointing), hparams/data_args.py
    (--cutoff_len) and examples/deepspeed/ds_z3_config.json."""
    w = Workload(kind="finetune", method="full", framework="llama-factory", context=4096, zero=3)
    engine, words = _launch(catalog, w, 4)
    assert words[:4] == ["FORCE_TORCHRUN=1", "NPROC_PER_NODE=4", "llamafactory-cli", "train"]
    assert _after(words, "--stage") == "sft" and _after(words, "--finetuning_type") == "full"
    assert _after(words, "--cutoff_len") == "4096"
    assert _after(words, "--deepspeed") == "examples/deepspeed/ds_z3_config.json"
    assert engine == "LLaMA-Factory + DeepSpeed ZeRO-3"
    # QLoRA on one GPU: bitsandbytes 4-bit, no torchrun; LLaMA-Factory checkpoints unless told not to
    w = Workload(kind="finetune", method="qlora", framework="llama-factory", context=1024, grad_checkpointing=False)
    engine, words = _launch(catalog, w, 1)
    assert words[:2] == ["llamafactory-cli", "train"] and "--deepspeed" not in words
    assert _after(words, "--finetuning_type") == "lora" and _after(words, "--quantization_bit") == "4"
    assert _after(words, "--disable_gradient_checkpointing") == "true" and engine == "LLaMA-Factory"


def test_trl_runs_trl_sft_with_an_accelerate_config(catalog: Catalog) -> None:
    """Checked against github:huggingface/trl@f2cd577: trl/cli/commands/training.py (`trl sft`, unknown flags go to
    accelerate launch), trl/cli/accelerate_config.py and trl/accelerate_configs/ (zero3, single_gpu),
    trl/trainer/sft_config.py (--max_length; gradient_checkpointing defaults to True) and trl/trainer/model_config.py
    (--use_peft, --lora_r, --lora_target_modules, --load_in_4bit)."""
    w = Workload(kind="finetune", method="lora", framework="trl", context=8192, zero=3)
    engine, words = _launch(catalog, w, 8)
    assert words[:2] == ["trl", "sft"] and _after(words, "--accelerate_config") == "zero3"
    assert _after(words, "--num_processes") == "8" and _after(words, "--max_length") == "8192"
    assert "--use_peft" in words and _after(words, "--lora_target_modules") == "all-linear"
    assert engine == "TRL + DeepSpeed ZeRO-3"
    w = Workload(kind="finetune", method="qlora", framework="trl", context=2048, grad_checkpointing=False)
    _, words = _launch(catalog, w, 1)
    assert _after(words, "--accelerate_config") == "single_gpu" and "--load_in_4bit" in words
    assert _after(words, "--gradient_checkpointing") == "false"


def test_axolotl_runs_axolotl_train_with_config_overrides(catalog: Catalog) -> None:
    """Checked against github:axolotl-ai-cloud/axolotl@067b021: src/axolotl/cli/main.py (`train CONFIG --launcher`),
    src/axolotl/cli/config_options.py (--base-model, --sequence-len, --adapter, --load-in-4bit, --deepspeed),
    docs/cli.qmd (launcher arguments after `--`) and deepspeed_configs/zero3_bf16.json."""
    w = Workload(kind="finetune", method="qlora", framework="axolotl", context=4096, zero=3)
    engine, words = _launch(catalog, w, 2)
    assert words[:2] == ["axolotl", "train"] and _after(words, "--sequence-len") == "4096"
    assert _after(words, "--adapter") == "qlora" and "--load-in-4bit" in words
    assert _after(words, "--deepspeed") == "deepspeed_configs/zero3_bf16.json"
    assert words[-2:] == ["--", "--num_processes=2"] and engine == "axolotl + DeepSpeed ZeRO-3"


def test_unsloth_has_no_cli_so_the_command_is_the_users_script(catalog: Catalog) -> None:
    """Unsloth is a library (FastLanguageModel.from_pretrained(max_seq_length=, load_in_4bit=), get_peft_model(r=,
    use_gradient_checkpointing="unsloth")): the command says so and carries the estimate's settings; on two GPUs the
    script runs as DDP under accelerate (Unsloth's multi-GPU guide: "Run `accelerate launch train.py`")."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    w = Workload(kind="finetune", method="qlora", framework="unsloth", context=2048)
    launch = launch_command(model, estimate(model, w, gpu, 1))
    command, settings = launch["command"].split("#", 1)  # the settings are a shell comment
    assert shlex.split(command) == ["python", "your_unsloth_script.py"]
    assert "max_seq_length=2048" in settings and "load_in_4bit=True" in settings and "r=16" in settings
    assert "one GPU" in launch["engine"]
    two = estimate(model, w, gpu, 2)
    launch = launch_command(model, two)
    command, settings = launch["command"].split("#", 1)
    assert shlex.split(command) == [
        "accelerate",
        "launch",
        "--num_processes",
        "2",
        "--mixed_precision",
        "bf16",
        "your_unsloth_script.py",
    ]
    assert "DDP on 2 GPUs" in launch["engine"] and "load_in_4bit=True" in settings
    # DDP: each GPU holds what one GPU alone holds
    assert two.per_gpu_bytes == estimate(model, w, gpu, 1).per_gpu_bytes


def test_hf_frameworks_keep_the_accelerate_command_and_pretraining_falls_back_to_it(catalog: Catalog) -> None:
    """transformers, PEFT and DeepSpeed are the user's script under accelerate; torchtune has no from-scratch entry point,
    LLaMA-Factory has one (--stage pt --train_from_scratch, hparams/model_args.py)."""
    engine, words = _launch(
        catalog, Workload(kind="finetune", method="lora", framework="peft", context=2048, zero=2), 2
    )
    assert words[:2] == ["accelerate", "launch"] and _after(words, "--zero_stage") == "2"
    engine, words = _launch(catalog, Workload(kind="pretrain", framework="torchtune", tokens=1e9, context=2048), 8)
    assert words[:2] == ["accelerate", "launch"] and "--config_name" in words and "no from-scratch" in engine
    _, words = _launch(catalog, Workload(kind="pretrain", framework="llama-factory", tokens=1e9, context=2048), 8)
    assert _after(words, "--stage") == "pt" and _after(words, "--train_from_scratch") == "true"


def test_torchtune_full_fine_tuning_uses_its_distributed_optimizer_on_several_gpus(catalog: Catalog) -> None:
    """torchtune's one-GPU full configs step bitsandbytes' PagedAdamW8bit, its distributed ones torch.optim.AdamW
    (torchtune_configs.py, from its recipes/configs). The workload's defaults were filled before the GPU count was
    known, so a 4-GPU full fine-tune was estimated, and launched, with the one-GPU optimizer."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    workload = Workload(kind="finetune", method="full", framework="torchtune", context=2048, zero=3)
    one, four = estimate(model, workload, gpu, 1), estimate(model, workload, gpu, 4)
    assert one.workload["optimizer"] == "paged-adamw-8bit"
    assert four.workload["optimizer"] == "adamw"
    # torch's AdamW keeps two bf16 moments (4 bytes a parameter, twice the bf16 weights), sharded over the 4 GPUs
    assert four.peak_gpu.breakdown.optimizer_states * 4 == pytest.approx(2 * one.peak_gpu.breakdown.weights, rel=0.02)
    explicit = estimate(model, workload.model_copy(update={"optimizer": "paged-adamw-8bit"}), gpu, 4)
    assert explicit.workload["optimizer"] == "paged-adamw-8bit"  # what the user asks for stays


def test_a_card_without_bf16_trains_in_fp16_in_every_command(catalog: Catalog) -> None:
    """A CNY plan's RTX 2080 Ti 22GB build warned 'SUP-2: ... no bf16 tensor cores; use fp16 mixed precision' and
    printed `accelerate launch --mixed_precision bf16`, which fails on Turing. Every framework's command follows the
    card: fp16 where it has no bf16 (the same fact SUP-2 reads), bf16 on Ampere."""
    model = catalog.records["models"]["llama-3.1-8b"]
    turing, ampere = catalog.records["gpus"]["rtx-2080-ti-22gb"], catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(turing, Gpu) and isinstance(ampere, Gpu)
    for framework in ("transformers", "llama-factory", "trl", "axolotl"):
        workload = Workload(kind="finetune", method="lora", context=2048, framework=framework)
        for gpu, half, other in ((turing, "fp16", "bf16"), (ampere, "bf16", "fp16")):
            words = shlex.split(launch_command(model, estimate(model, workload, gpu, 2), gpu=gpu)["command"])
            flags = [w for w in words if w.lstrip("-") in ("bf16", "fp16")] + [
                words[i + 1] for i, w in enumerate(words) if w == "--mixed_precision"
            ]
            assert flags and all(half in f for f in flags) and not any(other in f for f in flags), (framework, words)
    # Megatron-LM pretraining across nodes: --fp16 instead of --bf16
    from configurator.core.launch.training import megatron_command

    result = estimate(model, Workload(kind="pretrain", tokens=1e10, context=4096), turing, 16)
    _, command = megatron_command(
        model, result, {"nodes": 2, "tensor": 2, "pipeline": 1, "data": 8, "gpus": 16}, turing
    )
    assert "--fp16" in shlex.split(command) and "--bf16" not in shlex.split(command)


def test_the_accelerate_commands_length_flag_is_the_one_its_script_takes(catalog: Catalog) -> None:
    """Sam's pretraining command and Dr. Chen's LoRA printed `train.py ... --max_seq_length N`. From scratch the script
    is run_clm-style, and transformers' examples/pytorch/language-modeling/run_clm.py names the length --block_size
    (DataTrainingArguments.block_size; it has no --max_seq_length); the fine-tune's --use_peft/--lora_r are TRL's
    ModelConfig, whose SFTConfig renamed max_seq_length to --max_length in 0.16 and removed the old name in 0.20
    (huggingface/trl#3912, maintainer, 2025-08-17: "deprecated in 0.16 and removed in 0.20")."""
    pretrain = _command(catalog, Workload(kind="pretrain", tokens=1e11, context=4096))
    assert "--max_seq_length" not in pretrain and _after(pretrain, "--block_size") == "4096"
    tuned = _command(catalog, Workload(kind="finetune", method="lora", context=2048))
    assert tuned[:2] == ["accelerate", "launch"] and "--use_peft" in tuned
    assert "--max_seq_length" not in tuned and _after(tuned, "--max_length") == "2048"


def test_the_megatron_command_trains_in_fp8_when_the_estimate_times_transformer_engines_fp8(catalog: Catalog) -> None:
    """A pretraining job timed at Transformer Engine's FP8 rate (--precision fp8 --transformer-engine: 1.78x the BF16
    step, estimator.TE_DENSE_FP8_PAIR) printed a Megatron-LM command without an FP8 flag, which trains in BF16 at
    about half that rate. Megatron-Core's FP8 is Transformer Engine's (NVIDIA/Megatron-LM@d98e8a6
    megatron/core/transformer/transformer_config.py: --fp8-format e4m3 | hybrid, --fp8-recipe tensorwise | delayed |
    mxfp8 (Blackwell only) | blockwise); the recipe is the one Megatron-Bridge's FP8 rows ran (NVIDIA-NeMo/
    Megatron-Bridge docs/performance-summary-archive.md @067f987d: current scaling on H100, MXFP8 on B200). A BF16 job
    gets no FP8 flag; an FP8 one priced without Transformer Engine gets them too (batch33, below)."""
    from configurator.core.launch.training import megatron_command

    model = catalog.records["models"]["llama-3-70b"]
    layout = {"nodes": 8, "tensor": 4, "pipeline": 2, "data": 8, "gpus": 64}
    for gpu_id, recipe in (("h100-sxm", "tensorwise"), ("b200", "mxfp8")):
        gpu = catalog.records["gpus"][gpu_id]
        assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
        fp8 = Workload(kind="pretrain", tokens=1e10, context=8192, precision="fp8", transformer_engine=True)
        words = shlex.split(megatron_command(model, estimate(model, fp8, gpu, 64), layout, gpu)[1])
        assert _after(words, "--fp8-format") == "hybrid" and _after(words, "--fp8-recipe") == recipe, words
        assert "--bf16" in words  # Transformer Engine's FP8 runs inside bf16 mixed precision
        bf16 = Workload(kind="pretrain", tokens=1e10, context=8192)
        words = shlex.split(megatron_command(model, estimate(model, bf16, gpu, 64), layout, gpu)[1])
        assert "--fp8-format" not in words and "--fp8-recipe" not in words, words


def test_an_fp8_job_timed_in_fp8_launches_fp8_on_megatron_with_or_without_transformer_engine(catalog: Catalog) -> None:
    """The estimate times `--precision fp8` faster than BF16 on a card with FP8 tensor cores whether or not it is told
    the stack is Transformer Engine (without it at the GEMM-share gain, est.fp8-rate), but the Megatron-LM command
    carried the FP8 flags only with Workload.transformer_engine, so it trained in BF16, slower than the time shown.
    Megatron-Core has no FP8 path but Transformer Engine (NVIDIA/Megatron-LM@d98e8a6 transformer_config.py: `fp8`,
    transformer_impl 'transformer_engine' by default), so the practitioner's FP8 run on it is TE's: the flags follow the
    precision the estimate timed. A card without an FP8 peak (A100) is timed in BF16 (est.no-fp8) and gets none."""
    from configurator.core.launch.training import megatron_command

    model = catalog.records["models"]["llama-3-70b"]
    layout = {"nodes": 8, "tensor": 4, "pipeline": 2, "data": 8, "gpus": 64}
    fp8 = Workload(kind="pretrain", tokens=1e10, context=8192, precision="fp8")
    bf16 = Workload(kind="pretrain", tokens=1e10, context=8192)
    for gpu_id, timed_fp8 in (("h100-sxm", True), ("a100-40gb-sxm", False)):
        gpu = catalog.records["gpus"][gpu_id]
        assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
        result = estimate(model, fp8, gpu, 64)
        faster = result.wall_hours is not None and result.wall_hours < (estimate(model, bf16, gpu, 64).wall_hours or 0)
        assert faster is timed_fp8, gpu_id  # the estimate's own verdict on the card
        words = shlex.split(megatron_command(model, result, layout, gpu)[1])
        assert ("--fp8-format" in words) is timed_fp8 and ("--fp8-recipe" in words) is timed_fp8, (gpu_id, words)
