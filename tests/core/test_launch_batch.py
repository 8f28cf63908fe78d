"""A training command trains the batch its build was priced for: per-GPU batch x accumulation x data-parallel ranks."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.global_batch import FINETUNE_GLOBAL_BATCH_SEQUENCES, whole_sequences
from configurator.core.estimate.parallel import inter_node_link, plan_estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command


def _after(words: list[str], flag: str, default: str | None = None) -> str:
    if flag not in words:
        assert default is not None, f"{flag} missing from {words}"
        return default
    return words[len(words) - 1 - words[::-1].index(flag) + 1]  # the last one: the script's, after the launcher's


def _keys(words: list[str]) -> dict[str, str]:
    """key=value words (torchtune's overrides, the launcher environment, Unsloth's settings)."""
    return dict(w.split("=", 1) for w in words if "=" in w and not w.startswith("-"))


def trained_batch(command: str) -> tuple[int, int, int]:
    """(per-GPU micro-batch, gradient accumulation steps, data-parallel ranks) the command trains, read as each
    framework reads its arguments (the flag names are the ones launch.training cites from each framework's source)."""
    if command.startswith("#"):
        raise AssertionError(f"no command to run: {command}")
    head, _, comment = command.partition("  # ")
    words = shlex.split(head)
    if words[0].startswith("OMP_NUM_THREADS="):  # an offloaded job's threads per rank (training.bind_cores)
        words = words[1:]
    if "your_unsloth_script.py" in words:  # Unsloth: the trainer's arguments are in the comment
        settings = _keys([s.strip() for s in comment.split(",")])
        processes = int(_after(words, "--num_processes", "1"))
        return int(settings["per_device_train_batch_size"]), int(settings["gradient_accumulation_steps"]), processes
    if words[:2] == ["tune", "run"]:
        over = _keys(words)
        processes = int(_after(words, "--nnodes", "1")) * int(_after(words, "--nproc_per_node", "1"))
        return int(over["batch_size"]), int(over["gradient_accumulation_steps"]), processes
    if "llamafactory-cli" in words:
        env = _keys(words[: words.index("llamafactory-cli")])
        processes = int(env.get("NNODES", "1")) * int(env.get("NPROC_PER_NODE", "1"))
        model_parallel = 1
        for flag in ("--tensor_model_parallel_size", "--pipeline_model_parallel_size", "--context_parallel_size"):
            model_parallel *= int(_after(words, flag, "1"))
        return (
            int(_after(words, "--per_device_train_batch_size")),
            int(_after(words, "--gradient_accumulation_steps")),
            processes // model_parallel,
        )
    if words[:2] == ["axolotl", "train"]:
        launcher = words[words.index("--") + 1 :] if "--" in words else []
        flags = dict(w.lstrip("-").split("=", 1) for w in launcher if "=" in w)
        processes = (
            int(flags["num_processes"])
            if "num_processes" in flags
            else int(_after(launcher, "--nnodes", "1")) * int(_after(launcher, "--nproc_per_node", "1"))
        )
        return int(_after(words, "--micro-batch-size")), int(_after(words, "--gradient-accumulation-steps")), processes
    if words[:2] in (["accelerate", "launch"], ["trl", "sft"]):
        accumulation = _after(words, "--gradient_accumulation_steps")
        if "--use_deepspeed" in words:
            # the DeepSpeed engine's count (accelerate's flag, before the script) must be the script's
            assert words[words.index("--gradient_accumulation_steps") + 1] == accumulation
        return (
            int(_after(words, "--per_device_train_batch_size")),
            int(accumulation),
            int(_after(words, "--num_processes", "1")),
        )
    raise AssertionError(f"unknown command: {command}")


def _model_gpu(catalog: Catalog, model_id: str, gpu_id: str) -> tuple[ModelArch, Gpu]:
    model, gpu = catalog.records["models"][model_id], catalog.records["gpus"][gpu_id]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    return model, gpu


FRAMEWORKS = [
    ("transformers", "full"),
    ("deepspeed", "full"),
    ("trl", "full"),
    ("axolotl", "full"),
    ("torchtune", "full"),
    ("llama-factory", "full"),
    ("unsloth", "lora"),
    ("torchtune", "lora"),
]


@pytest.mark.parametrize(("framework", "method"), FRAMEWORKS, ids=[f"{f}-{m}" for f, m in FRAMEWORKS])
def test_a_multi_node_command_trains_the_plans_global_batch(catalog: Catalog, framework: str, method: str) -> None:
    """Two 8 x H100 nodes fine-tuning Llama 3.1 8B: the plan prices a global batch of its tokens per step
    (estimate/parallel.py: GLOBAL_BATCH_TOKENS, whole micro-batches per data-parallel rank). The command printed before
    gave only the per-GPU micro-batch, so every framework stepped the optimizer after one micro-batch: 16 sequences
    a step against the plan's 512, and 32 x the steps the time was estimated for."""
    model, gpu = _model_gpu(catalog, "llama-3.1-8b", "h100-sxm")
    w = Workload(kind="finetune", method=method, framework=framework, context=8192, tokens=2e9)  # type: ignore[arg-type]
    plan, result = plan_estimate(model, w, gpu, 2, 8, inter_node_link(400))
    assert plan is not None and plan.nodes == 2
    global_batch = round(plan.step_tokens / 8192)
    assert plan.micro_batches > 1  # a batch the micro-batches alone do not make
    micro, accumulation, data = trained_batch(launch_command(model, result, parallelism=plan.to_json())["command"])
    assert (micro, accumulation, data) == (plan.micro_batch, plan.micro_batches, plan.data)
    assert micro * accumulation * data == global_batch


def test_megatron_pretraining_steps_on_the_plans_batch_and_layout(catalog: Catalog) -> None:
    """Megatron-LM (NVIDIA/Megatron-LM@d98e8a6 megatron/core/num_microbatches_calculator.py): micro-batches per step =
    --global-batch-size / (--micro-batch-size x data-parallel size), data-parallel size = world / (TP x PP x CP)
    (megatron/training/arguments.py). 8B pretraining at 32k context on 8 nodes splits the sequence 4 ways: without
    --context-parallel-size Megatron would count those ranks as data parallel."""
    model, gpu = _model_gpu(catalog, "llama-3.1-8b", "h100-sxm")
    for context, nodes in ((4096, 4), (32768, 8)):
        w = Workload(kind="pretrain", context=context, tokens=1e11)
        plan, result = plan_estimate(model, w, gpu, nodes, 8, inter_node_link(400))
        assert plan is not None
        words = shlex.split(launch_command(model, result, parallelism=plan.to_json())["command"])
        world = int(_after(words, "--nnodes")) * int(_after(words, "--nproc_per_node"))
        split = (
            int(_after(words, "--tensor-model-parallel-size"))
            * int(_after(words, "--pipeline-model-parallel-size"))
            * int(_after(words, "--context-parallel-size", "1"))
        )
        assert (split, world // split) == (plan.tensor * plan.pipeline * plan.context, plan.data)
        global_batch, micro = int(_after(words, "--global-batch-size")), int(_after(words, "--micro-batch-size"))
        assert global_batch == round(plan.step_tokens / context)
        assert global_batch == micro * plan.micro_batches * (world // split)
        if context == 32768:
            assert plan.context > 1, "the 32k layout was expected to split the sequence"


SINGLE = [
    ("transformers", "lora", 1),
    ("transformers", "full", 4),
    ("trl", "lora", 2),
    ("axolotl", "qlora", 1),
    ("axolotl", "lora", 2),
    ("torchtune", "lora", 1),
    ("torchtune", "qlora", 1),
    ("torchtune", "lora", 2),
    ("torchtune", "full", 1),
    ("llama-factory", "lora", 1),
    ("llama-factory", "full", 4),
    ("unsloth", "qlora", 1),
    ("unsloth", "lora", 2),
]


@pytest.mark.parametrize(("framework", "method", "gpus"), SINGLE, ids=[f"{f}-{m}-{n}" for f, m, n in SINGLE])
def test_a_single_machine_command_trains_its_builds_batch(
    catalog: Catalog, framework: str, method: str, gpus: int
) -> None:
    """A machine of its own steps on the global batch the rule asks of a fine-tune (global_batch.accumulation: Llama 2's
    64 sequences), as a server's layout does, and the command passes the count the estimate resolved: torchtune's
    shipped single-device LoRA configs accumulate 8 micro-batches (pytorch/torchtune@bd2a0fc
    recipes/configs/llama3_1/8B_lora_single_device.yaml "gradient_accumulation_steps: 8"), and the command had left
    that in place; until round 34 (review34) a workstation fine-tune stepped once per micro-batch (2 x 2 sequences a
    step where the servers' layouts step on 64). One GPU stepping its optimizer inside the backward (torchtune's
    single-device full config, optimizer_in_bwd) keeps one micro-batch a step: torchtune refuses accumulation there."""
    model, gpu = _model_gpu(catalog, "llama-3.1-8b", "a100-80gb-sxm")
    w = Workload(
        kind="finetune",
        method=method,
        framework=framework,
        context=2048,
        batch=2,  # type: ignore[arg-type]
        zero=3 if method == "full" and gpus > 1 else 0,
    )
    result = estimate(model, w, gpu, gpus)
    micro, accumulation, data = trained_batch(launch_command(model, result)["command"])
    assert micro == 2 and data == result.gpus
    assert accumulation == (result.workload["grad_accumulation"] or 1)
    if framework == "torchtune" and method == "full" and gpus == 1:
        assert accumulation == 1
    else:
        assert micro * accumulation * data == whole_sequences(FINETUNE_GLOBAL_BATCH_SEQUENCES * 2048, 2048, 2 * gpus)


@pytest.mark.parametrize("gpus", [1, 3, 4, 7])
def test_a_workstation_pretraining_run_steps_on_the_servers_global_batch(catalog: Catalog, gpus: int) -> None:
    """Pretraining steps on millions of tokens: Llama 2 on 4M a step (Touvron et al. 2023, arXiv 2307.09288,
    sec. 2.2), Chinchilla 1.5-3M (Hoffmann et al. 2022, arXiv 2203.15556), OLMo 1B 2,048 x 2,048 = 4M (arXiv
    2402.00838). A server build's layout accumulated to GLOBAL_BATCH_TOKENS while a workstation's command for the same
    plan passed `--gradient_accumulation_steps 1` (`plan --model llama-3.2-1b --workload pretrain --tokens 1e11`:
    4 x 1 x 4,096 = 16K tokens a step, 256x more optimizer steps than the server's). Both now read one rule
    (global_batch.accumulation): the command's micro-batch x accumulation x ranks x sequence is the cluster planner's
    step for the same job, within one micro-batch per rank of 4M tokens."""
    from configurator.core.estimate.global_batch import GLOBAL_BATCH_TOKENS

    model, gpu = _model_gpu(catalog, "llama-3.2-1b", "rtx-4090")
    w = Workload(kind="pretrain", tokens=1e11, context=4096, batch=1, zero=3 if gpus > 1 else 0)
    result = estimate(model, w, gpu, gpus)
    micro, accumulation, data = trained_batch(launch_command(model, result)["command"])
    step = micro * accumulation * data * 4096
    assert result.workload["grad_accumulation"] == accumulation  # the count the estimate resolved is the one run
    assert abs(step - GLOBAL_BATCH_TOKENS) <= micro * data * 4096 / 2, (micro, accumulation, data)
    server, _ = plan_estimate(model, w, catalog.records["gpus"]["h100-sxm"], 1, 8)  # type: ignore[arg-type]
    assert server is not None and server.step_tokens == GLOBAL_BATCH_TOKENS  # 1,024 sequences of 4,096 on 8 ranks
    if 1024 % (micro * data) == 0:
        assert step == server.step_tokens


def test_an_offloaded_fine_tune_and_a_pretraining_run_read_one_batch_rule(catalog: Catalog) -> None:
    """offload33's offloaded fine-tune accumulation (64 sequences, Llama 2's SFT batch) and the pretraining batch are
    one rule by workload: an offloaded fine-tune on 3 GPUs steps on 63 sequences (21 x 3, the whole micro-batches
    nearest 64, as the cluster planner rounds), a pretraining run on the same GPUs on 1,023 x 4,096 tokens."""
    model, gpu = _model_gpu(catalog, "llama-3.2-1b", "rtx-4090")
    ft = Workload(kind="finetune", method="full", tokens=1e8, context=4096, zero=2, offload="cpu")
    micro, accumulation, data = trained_batch(launch_command(model, estimate(model, ft, gpu, 3))["command"])
    assert (micro, accumulation, data) == (1, 21, 3)
    pre = Workload(kind="pretrain", tokens=1e10, context=4096, zero=2)
    micro, accumulation, data = trained_batch(launch_command(model, estimate(model, pre, gpu, 3))["command"])
    assert (micro, accumulation, data) == (1, 341, 3)
