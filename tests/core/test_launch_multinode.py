"""A fine-tuning build over several nodes prints the command every node runs, in its framework's own flags."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.core.launch.training import MASTER_PORT

NODES, PER_NODE = 2, 8
# a data-parallel layout over two 8-GPU nodes, as estimate/parallel.py ParallelPlan.to_json writes it
DATA_ONLY: dict[str, object] = {
    "data": NODES * PER_NODE,
    "tensor": 1,
    "pipeline": 1,
    "zero_stage": 3,
    "scaling_efficiency": 0.9,
    "context": 1,
    "gpus": NODES * PER_NODE,
    "nodes": NODES,
    "gradient_checkpointing": True,
    "micro_batch": 1,
    "micro_batches_per_step": 1,
    "virtual_stages": 1,
}


def _launch(
    catalog: Catalog, workload: Workload, parallelism: dict[str, object], model_id: str = "llama-3.1-8b"
) -> tuple[str, str]:
    model = catalog.records["models"][model_id]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    gpus = int(parallelism["gpus"])  # type: ignore[call-overload]
    zero = int(parallelism["zero_stage"] or 0)  # type: ignore[call-overload]
    result = estimate(model, workload.model_copy(update={"zero": zero}), gpu, gpus)
    launch = launch_command(model, result, parallelism=parallelism)
    return launch["engine"], launch["command"]


def _after(words: list[str], flag: str) -> str:
    return words[words.index(flag) + 1]


def _full(framework: str) -> Workload:
    return Workload(kind="finetune", method="full", framework=framework, context=4096)  # type: ignore[arg-type]


def test_accelerate_runs_on_every_machine_with_the_total_process_count(catalog: Catalog) -> None:
    """huggingface/accelerate@16cb6eb src/accelerate/commands/launch.py: --num_processes is "the total number of
    processes", --num_machines, --machine_rank ("the rank of the machine on which this script is launched"),
    --main_process_ip, --main_process_port; utils/launch.py prepare_deepspeed_cmd_env runs torchrun on each node only
    with --deepspeed_multinode_launcher standard (pdsh from one node otherwise), --nproc_per_node being
    num_processes // num_machines."""
    engine, command = _launch(catalog, _full("transformers"), DATA_ONLY)
    words = shlex.split(command)
    assert words[:2] == ["accelerate", "launch"]
    assert _after(words, "--num_machines") == str(NODES) and _after(words, "--num_processes") == str(NODES * PER_NODE)
    assert int(_after(words, "--num_processes")) // int(_after(words, "--num_machines")) == PER_NODE
    assert _after(words, "--machine_rank") == "$NODE_RANK" and _after(words, "--main_process_ip") == "$MASTER_ADDR"
    assert _after(words, "--main_process_port") == str(MASTER_PORT)
    assert _after(words, "--zero_stage") == "3" and _after(words, "--deepspeed_multinode_launcher") == "standard"
    assert "ZeRO-3" in engine
    # the placeholders are the shell's: left unquoted, so each node expands its own
    assert "--machine_rank $NODE_RANK" in command and "'$NODE_RANK'" not in command


def test_torchtune_joins_a_c10d_rendezvous_on_every_node(catalog: Catalog) -> None:
    """pytorch/torchtune@bd2a0fc torchtune/_cli/run.py: `tune run [TORCHRUN-OPTIONS] <recipe>`, standalone (one node)
    unless --rdzv_endpoint is given; recipes/full_finetune_multinode.slurm runs `tune run --nnodes 2 --nproc_per_node 8
    --rdzv_id 101 --rdzv_backend c10d --rdzv_endpoint "$head_node_ip:29500" full_finetune_distributed` on each node."""
    engine, command = _launch(catalog, _full("torchtune"), DATA_ONLY)
    words = shlex.split(command)
    recipe = words.index("full_finetune_distributed")
    launcher = words[2:recipe]  # torchrun's options come before the recipe
    assert _after(launcher, "--nnodes") == str(NODES) and _after(launcher, "--nproc_per_node") == str(PER_NODE)
    assert (
        _after(launcher, "--rdzv_backend") == "c10d"
        and _after(launcher, "--rdzv_endpoint") == f"$MASTER_ADDR:{MASTER_PORT}"
    )
    assert "--rdzv_id" in launcher and "--node_rank" not in launcher  # c10d assigns the ranks
    assert _after(words, "--config") == "llama3_1/8B_full" and f"{NODES} nodes" in engine


def test_llama_factory_sets_its_launchers_node_variables(catalog: Catalog) -> None:
    """hiyouga/LLaMA-Factory@ff6d4d1 src/llamafactory/launcher.py reads FORCE_TORCHRUN, NNODES, NODE_RANK,
    NPROC_PER_NODE, MASTER_ADDR, MASTER_PORT into torchrun; examples/README.md runs `FORCE_TORCHRUN=1 NNODES=2
    NODE_RANK=0 MASTER_ADDR=192.168.0.1 MASTER_PORT=29500 llamafactory-cli train ...` on each node."""
    _, command = _launch(catalog, _full("llama-factory"), DATA_ONLY)
    words = shlex.split(command)
    env = dict(w.split("=", 1) for w in words[: words.index("llamafactory-cli")])
    assert env == {
        "FORCE_TORCHRUN": "1",
        "NNODES": str(NODES),
        "NODE_RANK": "$NODE_RANK",
        "MASTER_ADDR": "$MASTER_ADDR",
        "MASTER_PORT": str(MASTER_PORT),
        "NPROC_PER_NODE": str(PER_NODE),
    }
    assert _after(words, "--deepspeed") == "examples/deepspeed/ds_z3_config.json"


def test_trl_passes_accelerates_machine_flags(catalog: Catalog) -> None:
    """huggingface/trl@f2cd577 trl/cli/commands/training.py hands the arguments its parser does not take to
    `accelerate launch`; trl/accelerate_configs/zero3.yaml already says deepspeed_multinode_launcher: standard."""
    engine, command = _launch(catalog, _full("trl"), DATA_ONLY)
    words = shlex.split(command)
    assert words[:2] == ["trl", "sft"] and _after(words, "--accelerate_config") == "zero3"
    assert _after(words, "--num_machines") == str(NODES) and _after(words, "--num_processes") == str(NODES * PER_NODE)
    assert _after(words, "--machine_rank") == "$NODE_RANK" and _after(words, "--main_process_ip") == "$MASTER_ADDR"
    assert f"{NODES} nodes" in engine


def test_axolotl_runs_torchrun_with_launcher_args_on_each_node(catalog: Catalog) -> None:
    """axolotl-ai-cloud/axolotl@067b021 docs/multi-node.qmd ("Run the following on each node", Option 1):
    `axolotl train config.yaml --launcher torchrun -- --nnodes $num_nodes --nproc_per_node $gpu_per_node --rdzv_id
    $rdzv_id --rdzv_backend c10d --rdzv_endpoint "$head_node_ip:$head_node_port"`."""
    _, command = _launch(catalog, _full("axolotl"), DATA_ONLY)
    words = shlex.split(command)
    assert _after(words, "--launcher") == "torchrun"
    launcher = words[words.index("--") + 1 :]
    assert _after(launcher, "--nnodes") == str(NODES) and _after(launcher, "--nproc_per_node") == str(PER_NODE)
    assert (
        _after(launcher, "--rdzv_backend") == "c10d"
        and _after(launcher, "--rdzv_endpoint") == f"$MASTER_ADDR:{MASTER_PORT}"
    )
    assert "--num_processes" not in command


def test_unsloth_on_several_nodes_is_ddp_under_accelerate(catalog: Catalog) -> None:
    """Unsloth's multi-GPU guide (https://unsloth.ai/docs/basics/multi-gpu-training-with-unsloth): "to enable multi
    GPU for DDP ... Run `accelerate launch train.py`"; over nodes, accelerate's machine flags; each GPU a whole copy."""
    engine, command = _launch(
        catalog,
        Workload(kind="finetune", method="lora", framework="unsloth", context=4096),
        {**DATA_ONLY, "zero_stage": 0},
    )
    assert engine.startswith("Unsloth, your script as DDP on 16 GPUs over 2 nodes")
    words = shlex.split(command.split("  #")[0])
    assert words[:2] == ["accelerate", "launch"] and words[-1] == "your_unsloth_script.py"
    assert _after(words, "--num_machines") == str(NODES) and _after(words, "--num_processes") == str(NODES * PER_NODE)
    assert _after(words, "--machine_rank") == "$NODE_RANK" and _after(words, "--main_process_ip") == "$MASTER_ADDR"
    assert "--use_deepspeed" not in words


def test_the_planner_splits_the_model_only_for_a_framework_that_can(catalog: Catalog) -> None:
    """A 70B full fine-tune over 6 H100 nodes had been planned with Megatron's pipeline parallel whatever the
    framework, and launched on LLaMA-Factory + Megatron Bridge for a torchtune or TRL user. The HF-Trainer
    frameworks (accelerate + DeepSpeed ZeRO), torchtune (FSDP2) and Unsloth (DDP) split the batch only; LLaMA-Factory
    may split the model (Megatron Bridge). The plan and the command agree."""
    from configurator.core.estimate.parallel import inter_node_link, plan_estimate

    model = catalog.records["models"]["llama-3.1-70b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    for name in ("transformers", "trl", "axolotl", "torchtune", "deepspeed"):
        w = Workload(kind="finetune", method="full", framework=name, context=4096, tokens=2e9)
        plan, result = plan_estimate(model, w, gpu, 6, 8, inter_node_link(400))
        assert plan is not None and (plan.tensor, plan.pipeline, plan.context) == (1, 1, 1), name
        assert plan.zero_stage == 3, name  # 70B of full fine-tuning state needs every shard
        launch = launch_command(model, result, parallelism={**plan.to_json(), "nodes": 6})
        assert "Megatron" not in launch["engine"] and "--pipeline" not in launch["command"], (name, launch)
    w = Workload(kind="finetune", method="full", framework="llama-factory", context=4096, tokens=2e9)
    plan, _ = plan_estimate(model, w, gpu, 6, 8, inter_node_link(400))
    assert plan is not None


# the layout the planner gives a 6-node 8B full fine-tune (plan --json, --deadline-hours 24): pipeline 2, interleaved
PIPELINED: dict[str, object] = {
    "data": 24,
    "tensor": 1,
    "pipeline": 2,
    "zero_stage": 1,
    "scaling_efficiency": 0.86,
    "context": 1,
    "gpus": 48,
    "nodes": 6,
    "gradient_checkpointing": True,
    "micro_batch": 1,
    "micro_batches_per_step": 42,
    "virtual_stages": 8,
}


@pytest.mark.parametrize("framework", ["transformers", "torchtune", "trl", "axolotl", "llama-factory"])
def test_a_pipelined_layout_runs_on_megatron_bridge_with_the_plans_degrees(catalog: Catalog, framework: str) -> None:
    """accelerate, torchtune, TRL and axolotl have no pipeline parallel; LLaMA-Factory does on Megatron Bridge
    (hiyouga/LLaMA-Factory@ff6d4d1 src/llamafactory/hparams/megatron_bridge_args.py: tensor_model_parallel_size,
    pipeline_model_parallel_size, context_parallel_size, virtual_pipeline_model_parallel_size,
    use_distributed_optimizer; hparams/parser.py needs TP x PP x CP to divide the world size, forbids DeepSpeed)."""
    engine, command = _launch(catalog, _full(framework), PIPELINED)
    words = shlex.split(command)
    assert "USE_MEGATRON_BRIDGE=1" in words and "NNODES=6" in words and "NPROC_PER_NODE=8" in words
    tp, pp = int(_after(words, "--tensor_model_parallel_size")), int(_after(words, "--pipeline_model_parallel_size"))
    cp = int(_after(words, "--context_parallel_size"))
    assert (tp, pp, cp) == (1, 2, 1) and 48 // (tp * pp * cp) == PIPELINED["data"]
    assert _after(words, "--virtual_pipeline_model_parallel_size") == "8"
    assert _after(words, "--use_distributed_optimizer") == "true"  # the plan's ZeRO-1
    assert _after(words, "--gradient_accumulation_steps") == "42" and "--deepspeed" not in words
    assert "TP1 x PP2 x DP24, 6 nodes" in engine
    assert ("has no pipeline parallel" in engine) == (framework != "llama-factory")


def test_lora_on_megatron_bridge_says_it_trains_every_linear_layer(catalog: Catalog) -> None:
    """LLaMA-Factory train/megatron_bridge/config_builder.py _create_peft_config ignores a custom lora_target and
    adapts linear_qkv, linear_proj, linear_fc1 and linear_fc2: attention-only LoRA is not what would run."""
    lora = Workload(kind="finetune", method="lora", framework="llama-factory", context=4096, lora_targets="attention")
    engine, command = _launch(catalog, lora, {**PIPELINED, "zero_stage": 0})
    words = shlex.split(command)
    assert _after(words, "--finetuning_type") == "lora" and _after(words, "--lora_target") == "all"
    assert _after(words, "--lora_rank") == "16" and _after(words, "--use_distributed_optimizer") == "false"
    assert "every linear layer" in engine


def test_qlora_on_a_pipelined_layout_is_a_statement_not_a_command(catalog: Catalog) -> None:
    """Megatron Bridge loads no quantized model (LLaMA-Factory hparams/parser.py: "Quantized models are not supported
    with Megatron Bridge"): no framework here runs QLoRA split by pipeline."""
    engine, command = _launch(catalog, Workload(kind="finetune", method="qlora", context=4096), PIPELINED)
    assert engine.startswith("no command") and command.startswith("#") and "TP1 x PP2 x DP24" in command


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_each_node_expands_its_own_rank_and_the_first_nodes_address(catalog: Catalog) -> None:
    """The printed line, run by a shell on node 1: $NODE_RANK and $MASTER_ADDR become that node's values."""
    for framework in ("transformers", "llama-factory", "torchtune"):
        _, command = _launch(catalog, _full(framework), DATA_ONLY)
        env = {**os.environ, "NODE_RANK": "1", "MASTER_ADDR": "10.0.0.1"}
        out = subprocess.run(
            ["bash", "-c", f"printf '%s\\n' {command}"], env=env, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        assert "$NODE_RANK" not in " ".join(out) and "$MASTER_ADDR" not in " ".join(out)
        if framework == "transformers":
            assert _after(out, "--machine_rank") == "1" and _after(out, "--main_process_ip") == "10.0.0.1"
        elif framework == "llama-factory":
            assert "NODE_RANK=1" in out and "MASTER_ADDR=10.0.0.1" in out
        else:
            assert _after(out, "--rdzv_endpoint") == f"10.0.0.1:{MASTER_PORT}"


def test_a_vllm_server_over_two_nodes_runs_the_layout_the_estimate_timed(catalog: Catalog) -> None:
    """TP 8 inside each node, PP 2 across them, on a Ray cluster started first (docs.vllm.ai distributed serving: '16
    GPUs in 2 nodes ... tensor parallel size to 8 and the pipeline parallel size to 2'; multi-node needs Ray). The
    plan's 2 x 8 x H20 DeepSeek-R1 server had launched '--pipeline-parallel-size 16' (review33)."""
    model, gpu = catalog.records["models"]["deepseek-r1"], catalog.records["gpus"]["h20"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    workload = Workload(kind="inference", precision="fp8", engine="vllm", batch=20, context=8192)
    layout: dict[str, object] = {"data": 1, "tensor": PER_NODE, "pipeline": NODES, "zero_stage": None}
    layout["scaling_efficiency"] = 1.0
    launch = launch_command(
        model,
        estimate(model, workload, gpu, NODES * PER_NODE),
        parallelism=layout,
        gpu=gpu,
        nodes=NODES,  # type: ignore[arg-type]
    )
    argv = shlex.split(launch["command"])
    assert argv[argv.index("--tensor-parallel-size") + 1] == str(PER_NODE)
    assert argv[argv.index("--pipeline-parallel-size") + 1] == str(NODES)
    assert argv[argv.index("--distributed-executor-backend") + 1] == "ray"
    assert launch["build"].startswith("ray start --head")
    # one node: the plan's own layout rule, no Ray
    alone = launch_command(model, estimate(model, workload, gpu, PER_NODE), parallelism=None, gpu=gpu)
    assert "ray" not in alone["command"] and "build" not in alone
