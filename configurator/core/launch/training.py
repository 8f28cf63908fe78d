"""The training command for an estimate, in the framework the estimate assumed, with flags read from its source."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import Reason
from configurator.core.common.shapes import ParallelismJson, WorkloadJson
from configurator.core.estimate.frameworks import (
    FRAMEWORK_DEFAULTS,
    LIGER,
    MEGATRON_BRIDGE,
    MEGATRON_LM,
    default_framework,
    layout_runner,
    pipeline_layers,
)
from configurator.core.estimate.gemm import EXPERT_TENSOR_PARALLEL
from configurator.core.estimate.recompute import megatron_flags
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.launch.shell import ShellWord, join_argv
from configurator.core.launch.torchtune_configs import TORCHTUNE_CONFIGS, TorchtuneConfig
from configurator.core.support.facts import training_half

# Frameworks whose users run their own training script under accelerate (the estimate describes the HF Trainer
# with PEFT, or DeepSpeed's engine): they keep the accelerate command.
ACCELERATE_FRAMEWORKS = ("transformers", "peft", "deepspeed")

# The estimate's optimizer as the HF Trainer's `optim` (transformers src/transformers/training_args.py,
# OptimizerNames: adamw_torch, adamw_bnb_8bit, paged_adamw_32bit, paged_adamw_8bit, sgd); LLaMA-Factory
# (--optim), TRL (--optim) and axolotl (`optimizer`, passed on to TrainingArguments.optim) take these names.
HF_OPTIM: dict[str, str] = {
    "adamw": "adamw_torch",
    "adamw-8bit": "adamw_bnb_8bit",
    "paged-adamw": "paged_adamw_32bit",
    "paged-adamw-8bit": "paged_adamw_8bit",
    "sgd": "sgd",
}
# The estimate's optimizer as a torchtune `optimizer._component_` (torchtune's configs use torch.optim.AdamW and
# bitsandbytes.optim.PagedAdamW / PagedAdamW8bit; bitsandbytes also exports AdamW8bit)
TORCHTUNE_OPTIM: dict[str, str] = {
    "adamw": "torch.optim.AdamW",
    "adamw-8bit": "bitsandbytes.optim.AdamW8bit",
    "paged-adamw": "bitsandbytes.optim.PagedAdamW",
    "paged-adamw-8bit": "bitsandbytes.optim.PagedAdamW8bit",
    "sgd": "torch.optim.SGD",
}
# the SGD the estimate sizes keeps one momentum buffer: torch.optim.SGD allocates it only when momentum != 0
SGD_MOMENTUM = 0.9
# Attention-only LoRA targets, by the Hugging Face Llama-family module names (PEFT/TRL/LLaMA-Factory take module
# names; torchtune names its output projection `output_proj`, torchtune/modules/peft/lora.py LORA_ATTN_MODULES)
HF_ATTENTION_MODULES = ("q_proj", "k_proj", "v_proj", "o_proj")
TORCHTUNE_ATTENTION_MODULES = ("q_proj", "k_proj", "v_proj", "output_proj")
# embedding and output layers trained beside LoRA (HF Llama-family names)
HF_EMBEDDING_MODULES = ("embed_tokens", "lm_head")


@dataclass(frozen=True)
class _Job:
    """The estimate's settings that a launch command must realise."""

    repo: str
    model_id: str
    kind: str
    method: str
    gpus: int
    context: int
    batch: int
    checkpointing: bool
    activation_offload: bool
    zero: int
    offload: bool
    optimizer: str
    lora_rank: int
    lora_targets: str
    train_embeddings: bool
    precision: str
    half: str = "bf16"  # the 16-bit float the GPUs compute in (training_half): fp16 where there is no bf16
    # the cluster planner's layout (Build.parallelism); a machine of its own without one
    nodes: int = 1
    tensor: int = 1
    pipeline: int = 1
    context_parallel: int = 1
    virtual_stages: int = 1
    micro_batches: int = 1  # micro-batches per optimizer step (gradient accumulation)
    # the estimate's fused kernels on an HF-Trainer fine-tune are Liger's (frameworks.Framework.fused_loss): the
    # command turns them on (TrainingArguments `use_liger_kernel`, LLaMA-Factory `enable_liger_kernel`)
    liger: bool = False
    # the estimate shards with accelerate's FSDP, not DeepSpeed (Workload.sharding "fsdp": transformers, peft, trl)
    fsdp: bool = False

    @property
    def gpus_per_node(self) -> int:
        return max(1, self.gpus // self.nodes)

    @property
    def data(self) -> int:
        """Data-parallel ranks: the processes over the model-parallel group (Megatron-LM arguments.py:
        data_parallel_size = world_size // (TP x PP x CP))."""
        return max(1, self.gpus // (self.tensor * self.pipeline * self.context_parallel))

    @property
    def global_batch(self) -> int:
        """Sequences per optimizer step, as the plan priced them (estimate/parallel.py _evaluate: micro-batch x
        micro-batches x data-parallel ranks); a machine of its own steps once per micro-batch on every GPU."""
        return self.batch * self.micro_batches * self.data

    @property
    def model_parallel(self) -> bool:
        """The layout splits the model itself (tensor, pipeline or context parallel), not only the data."""
        return max(self.tensor, self.pipeline, self.context_parallel) > 1

    @property
    def layout(self) -> str:
        return (
            f"TP{self.tensor} x PP{self.pipeline}"
            + (f" x CP{self.context_parallel}" if self.context_parallel > 1 else "")
            + f" x DP{max(1, self.gpus // (self.tensor * self.pipeline * self.context_parallel))}"
        )

    @property
    def adapters(self) -> bool:
        return self.method in ("lora", "qlora")

    @property
    def lora_alpha(self) -> int:
        # alpha = 2 x rank: LLaMA-Factory's default ("default: lora_rank * 2") and torchtune's configs' comment
        return 2 * self.lora_rank

    @property
    def deepspeed_stage(self) -> int:
        """The ZeRO stage the command runs: CPU offload needs ZeRO (stage 2 at least), as the accelerate command has it."""
        return self.zero or (2 if self.offload else 0)


def _degrees(parallelism: ParallelismJson | None) -> dict[str, int]:
    """The integer degrees of a plan's `parallelism` object (nodes, gpus, tensor, pipeline, context, ...)."""
    return {
        k: int(v) for k, v in (parallelism or {}).items() if isinstance(v, (int, float)) and not isinstance(v, bool)
    }


def _job(
    model: ModelArch, result: EstimateResult, parallelism: ParallelismJson | None = None, gpu: Gpu | None = None
) -> _Job:
    # the estimate's own workload, resolved: its defaults (method, LoRA rank and targets) are Workload's, not retyped
    w = Workload.model_validate(result.workload)
    p = _degrees(parallelism)
    gpus = max(1, p.get("gpus", result.gpus))
    return _Job(
        repo=model.hf_repo or model.id,
        model_id=model.id,
        kind=w.kind,
        method=w.method if w.kind == "finetune" else "full",
        gpus=gpus,
        context=int(w.context or 0),
        batch=max(1, p.get("micro_batch", w.batch)),  # the plan sized memory per GPU with its own micro-batch
        checkpointing=bool(w.grad_checkpointing),
        activation_offload=bool(w.activation_offload),
        zero=w.zero if gpus > 1 else 0,
        offload=w.offload == "cpu",
        optimizer=w.optimizer or "adamw",  # the estimate names one for every training workload (estimator.estimate)
        lora_rank=w.lora_rank,
        lora_targets=w.lora_targets,
        train_embeddings=w.train_embeddings,
        precision=w.precision or "bf16",
        half=training_half(gpu),
        nodes=max(1, p.get("nodes", 1)),
        tensor=max(1, p.get("tensor", 1)),
        pipeline=max(1, p.get("pipeline", 1)),
        context_parallel=max(1, p.get("context", 1)),
        virtual_stages=max(1, p.get("virtual_stages", 1)),
        # the layout's accumulation, else the estimate's own (an offloaded fine-tune accumulates to Llama 2's batch:
        # estimator._with_accumulation), so the command steps the optimizer as often as the hours count
        micro_batches=max(1, p.get("micro_batches_per_step", w.grad_accumulation or 1)),
        liger=_liger(w),
        fsdp=w.sharding == "fsdp",
    )


def _liger(w: Workload) -> bool:
    """Whether the estimate sized Liger's kernels: fused kernels asked on a fine-tune whose framework's fused loss is
    Liger's fused linear cross-entropy."""
    if w.kind != "finetune" or not w.fused_kernels:
        return False
    fw = FRAMEWORK_DEFAULTS.get(w.framework or default_framework(w.method, w.zero))
    return fw is not None and fw.fused_loss == LIGER


# --------------------------------------------------------------------------- several nodes

# Every node runs the same command; each expands its own rank and the first node's address from its environment,
# as Megatron-LM's and LLaMA-Factory's multi-node examples write them (NODE_RANK, MASTER_ADDR).
NODE_RANK = ShellWord("$NODE_RANK")
MASTER_ADDR = ShellWord("$MASTER_ADDR")
# torchrun's --master_port default (torch/distributed/run.py) and accelerate's main_process_port default
# (accelerate src/accelerate/utils/launch.py prepare_multi_gpu_env: "args.main_process_port = 29500")
MASTER_PORT = 29500
RENDEZVOUS = ShellWord(f"$MASTER_ADDR:{MASTER_PORT}")


def accelerate_machines(job: _Job) -> list[str]:
    """`accelerate launch` flags for the machines (huggingface/accelerate@16cb6eb src/accelerate/commands/launch.py:
    --num_processes is "the total number of processes", --num_machines, --machine_rank, --main_process_ip,
    --main_process_port; utils/launch.py prepare_multi_gpu_env then runs torchrun with --nproc_per_node
    num_processes // num_machines, --nnodes, --node_rank and the rendezvous endpoint ip:port)."""
    parts = ["--num_processes", str(job.gpus)]
    if job.nodes > 1:
        parts = [
            "--num_machines",
            str(job.nodes),
            *parts,
            "--machine_rank",
            NODE_RANK,
            "--main_process_ip",
            MASTER_ADDR,
            "--main_process_port",
            str(MASTER_PORT),
        ]
    return parts


def torchrun_rendezvous(job: _Job) -> list[str]:
    """torchrun's flags for every node of a c10d rendezvous: --nnodes, --nproc_per_node, --rdzv_id, --rdzv_backend
    c10d, --rdzv_endpoint host:port, ranks assigned at the rendezvous (torch/distributed/run.py). The same words
    torchtune's multi-node recipe (pytorch/torchtune@bd2a0fc recipes/full_finetune_multinode.slurm) and axolotl's
    multi-node guide (axolotl-ai-cloud/axolotl@067b021 docs/multi-node.qmd, "Run the following on each node") pass."""
    return [
        "--nnodes",
        str(job.nodes),
        "--nproc_per_node",
        str(job.gpus_per_node),
        "--rdzv_id",
        f"{job.model_id}-{job.method}",
        "--rdzv_backend",
        "c10d",
        "--rdzv_endpoint",
        RENDEZVOUS,
    ]


def torchrun_env(job: _Job) -> list[str]:
    """LLaMA-Factory's launcher environment (hiyouga/LLaMA-Factory@ff6d4d1 src/llamafactory/launcher.py: with
    FORCE_TORCHRUN it runs `torchrun --nnodes $NNODES --node_rank $NODE_RANK --nproc_per_node $NPROC_PER_NODE
    --master_addr $MASTER_ADDR --master_port $MASTER_PORT`; examples/README.md, multi-node)."""
    env = ["FORCE_TORCHRUN=1"]
    if job.nodes > 1:
        env += [
            f"NNODES={job.nodes}",
            ShellWord("NODE_RANK=$NODE_RANK"),
            ShellWord("MASTER_ADDR=$MASTER_ADDR"),
            f"MASTER_PORT={MASTER_PORT}",
        ]
    return env + [f"NPROC_PER_NODE={job.gpus_per_node}"]


def _bool(value: bool) -> str:
    return "true" if value else "false"


def hf_batch(job: _Job) -> list[str]:
    """The plan's batch as the HF Trainer's TrainingArguments take it (huggingface/transformers@00349ae
    src/transformers/training_args.py: "Effective batch size = per_device_train_batch_size x num_devices x
    gradient_accumulation_steps", the latter defaulting to 1). LLaMA-Factory's (LLaMA-Factory@ff6d4d1
    hparams/training_args.py: Seq2SeqTrainingArguments) and TRL's SFTConfig (trl@f2cd577 trl/trainer/sft_config.py)
    are TrainingArguments; always written, so that a config file
    the user adds cannot change the batch the plan priced."""
    return ["--per_device_train_batch_size", str(job.batch), "--gradient_accumulation_steps", str(job.micro_batches)]


# --------------------------------------------------------------------------- accelerate (transformers, peft, deepspeed)


# accelerate's FSDP flags (github:huggingface/accelerate@16cb6eb src/accelerate/commands/launch.py, "FSDP Arguments";
# utils/launch.py turns each into the FSDP_* variable FullyShardedDataParallelPlugin reads): FSDP1 (--fsdp_version 1,
# the default), the strategy by --fsdp_sharding_strategy (for FSDP1 accelerate prefers it to --fsdp_reshard_after_forward,
# accelerator.py), each decoder layer wrapped (TRANSFORMER_BASED_WRAP: the model's _no_split_modules when no class is
# named, utils/dataclasses.py set_auto_wrap_policy), the model loaded on rank 0 alone and broadcast
# (--fsdp_cpu_ram_efficient_loading needs --fsdp_sync_module_states, utils/launch.py), and --fsdp_use_orig_params false
# as PEFT's FSDP + QLoRA config has it (huggingface/peft examples/sft/configs/fsdp_config_qlora.yaml, its FSDP guide).
# QLoRA under FSDP packs the NF4 weights in the model's 16-bit dtype so that each layer's flat parameter has one dtype
# (TRL's ModelConfig --bnb_4bit_quant_storage beside --dtype, huggingface/trl@f2cd577 trl/trainer/model_config.py; the
# PEFT guide: "Notice that `dtype` for `AutoModelForCausalLM` is same as the `bnb_4bit_quant_storage` data type").
FSDP_STRATEGIES = {2: "SHARD_GRAD_OP", 3: "FULL_SHARD"}
FSDP_OFFLOAD_PARAMS = "--fsdp_offload_params"
"""accelerate's switch for FSDP's CPU offload of the parameters and gradients (launch.py: "Decides Whether (true|false)
to offload parameters and gradients to CPU"); the relaxation that offers it names the same flag (relax._offload_stack)."""


def fsdp_strategy(job: _Job) -> str:
    """FSDP1's strategy for the job's stage: ZeRO-3 FULL_SHARD; ZeRO-1 and 2, or CPU offload alone, SHARD_GRAD_OP."""
    return FSDP_STRATEGIES[3 if job.deepspeed_stage >= 3 else 2]


def accelerate_fsdp_flags(job: _Job) -> list[str]:
    """`accelerate launch`'s FSDP flags for the job (above)."""
    return [
        "--use_fsdp",
        "--fsdp_version",
        "1",
        "--fsdp_sharding_strategy",
        fsdp_strategy(job),
        "--fsdp_auto_wrap_policy",
        "TRANSFORMER_BASED_WRAP",
        FSDP_OFFLOAD_PARAMS,
        _bool(job.offload),
        "--fsdp_use_orig_params",
        "false",
        "--fsdp_cpu_ram_efficient_loading",
        "true",
        "--fsdp_sync_module_states",
        "true",
    ]


def fsdp_qlora_storage(job: _Job) -> list[str]:
    """A QLoRA script's flags that pack NF4 in the model's dtype, so FSDP can shard it (above); none otherwise."""
    if not (job.fsdp and job.method == "qlora" and (job.zero or job.offload)):
        return []
    dtype = "bfloat16" if job.half == "bf16" else "float32"  # fp16 mixed precision: float32 storage (the PEFT guide)
    return ["--bnb_4bit_quant_storage", dtype, "--dtype", dtype]


def accelerate_command(job: _Job) -> tuple[Reason, str]:
    """accelerate with DeepSpeed ZeRO (or, with --sharding fsdp, PyTorch FSDP) when sharded, around the user's training
    script."""
    parts = ["accelerate", "launch", *accelerate_machines(job), "--mixed_precision", job.half]
    stage = 0
    if job.fsdp and (job.zero or job.offload):
        stage = job.deepspeed_stage
        parts += accelerate_fsdp_flags(job)
    elif job.zero or job.offload:
        stage = job.deepspeed_stage
        parts += ["--use_deepspeed", "--zero_stage", str(stage)]
        if job.nodes > 1:
            # without it accelerate starts `deepspeed --hostfile` (pdsh over ssh) from one node; "standard" is
            # torchrun on each node (commands/launch.py deepspeed_launcher; utils/launch.py prepare_deepspeed_cmd_env)
            parts += ["--deepspeed_multinode_launcher", "standard"]
        if job.offload:
            parts += ["--offload_optimizer_device", "cpu"]
            if stage >= 3:
                parts += ["--offload_param_device", "cpu"]
        # the DeepSpeed engine's own accumulation (accelerate@16cb6eb utils/dataclasses.py DeepSpeedPlugin: the config
        # built from these flags carries "gradient_accumulation_steps"; unset it is "auto", left to the script): the
        # same count as the script's, so the engine steps the optimizer where the plan does
        parts += ["--gradient_accumulation_steps", str(job.micro_batches)]
    # pretraining starts from the architecture, not the published weights: --model_name_or_path would load
    # them (transformers' run_clm.py trains from scratch with --config_name and --tokenizer_name)
    source = (
        ["--config_name", job.repo, "--tokenizer_name", job.repo]
        if job.kind == "pretrain"
        else ["--model_name_or_path", job.repo]
    )
    # the length under the name each script takes: run_clm.py's --block_size (transformers
    # examples/pytorch/language-modeling/run_clm.py, DataTrainingArguments.block_size); TRL's SFTConfig --max_length
    # beside its ModelConfig's --use_peft/--lora_r (max_seq_length removed in TRL 0.20: huggingface/trl#3912)
    length = "--block_size" if job.kind == "pretrain" else "--max_length"
    parts += ["train.py", *source, length, str(job.context), *hf_batch(job)]
    if job.adapters:
        parts += ["--use_peft", "--lora_r", str(job.lora_rank)]
        if job.method == "qlora":
            parts += ["--load_in_4bit", *fsdp_qlora_storage(job)]
    if job.checkpointing:
        parts += ["--gradient_checkpointing"]
    if job.liger:
        parts += ["--use_liger_kernel"]  # TrainingArguments.use_liger_kernel (transformers >= 4.45)
    fsdp = fsdp_strategy(job) if job.fsdp and stage else None
    return Reason.of("launch.accelerate", stage=stage, **({"fsdp": fsdp} if fsdp else {})), join_argv(parts)


# --------------------------------------------------------------------------- torchtune


def torchtune_recipe(method: str, distributed: bool) -> str:
    """The recipe `tune run` takes: {full,lora}_finetune_{single_device,distributed} (recipes/; QLoRA is a LoRA recipe
    with a qlora_* model builder)."""
    return ("full" if method == "full" else "lora") + "_finetune_" + ("distributed" if distributed else "single_device")


def torchtune_config(model_id: str, method: str, distributed: bool) -> TorchtuneConfig | None:
    """The built-in config `tune run` would use for this model, method and recipe, if torchtune ships one."""
    suffixes = {  # config-name endings per method (torchtune/_recipe_registry.py)
        ("full", False): ("_full_single_device", "_full_low_memory"),
        ("lora", False): ("_lora_single_device",),
        ("qlora", False): ("_qlora_single_device",),
        ("full", True): ("_full",),
        ("lora", True): ("_lora",),
        ("qlora", True): ("_qlora",),
    }[(method, distributed)]
    recipe = torchtune_recipe(method, distributed)
    for config in TORCHTUNE_CONFIGS.get(model_id, ()):
        if config.recipe == recipe and config.name.endswith(suffixes):
            return config
    return None


def _qlora_builder(model_id: str) -> str | None:
    """The model's QLoRA builder, from its single-device QLoRA config (the distributed LoRA recipe trains QLoRA
    when the model component is a qlora_* builder: torchtune's own llama2/70B_qlora runs lora_finetune_distributed)."""
    config = torchtune_config(model_id, "qlora", distributed=False)
    return config.model if config else None


def _torchtune_optimizer(job: _Job, base: TorchtuneConfig | None) -> list[str]:
    """The overrides that swap the config's optimizer for the estimate's (component, `fused`, SGD momentum)."""
    overrides: list[str] = []
    component = TORCHTUNE_OPTIM.get(job.optimizer)
    if component is not None and (base is None or component != base.optimizer):
        overrides.append(f"optimizer={component}")
        if base is not None and base.fused and component != "torch.optim.AdamW":
            overrides.append("~optimizer.fused")  # bitsandbytes' and SGD's constructors take no `fused`
        elif component == "torch.optim.AdamW" and not (base and base.fused):
            overrides.append("optimizer.fused=True")  # the estimate's AdamW is fused (torchtune#1575)
        if component == "torch.optim.SGD":
            overrides.append(f"optimizer.momentum={SGD_MOMENTUM}")
    return overrides


TORCHTUNE_CPU_OFFLOAD = "fsdp_cpu_offload=True"
"""torchtune's switch for FSDP2's CPU offload of the parameters, gradients and optimizer states, a key of its
distributed recipes' configs (pytorch/torchtune@bd2a0fc recipes/full_finetune_distributed.py: "CPU offload of
parameters, gradients, and optimizer states is supported via ``fsdp_cpu_offload``"; recipes/configs/llama3_1/
70B_full.yaml sets `fsdp_cpu_offload: True`); the single-device recipes read no such key. The relaxation that offers
it names the same override (relax._offload_stack)."""


def torchtune_command(job: _Job) -> tuple[Reason, str]:
    """`tune run [--nproc_per_node N] <recipe> --config <config> key=value ...` (torchtune/_cli/run.py usage;
    overrides are OmegaConf dotlist keys merged over the YAML, `~key` removes one: torchtune/config/_utils.py
    _merge_yaml_and_cli_args)."""
    distributed = job.gpus > 1
    recipe = torchtune_recipe(job.method, distributed)
    config = torchtune_config(job.model_id, job.method, distributed)
    overrides: list[str] = []
    base = config
    if config is None and job.method == "qlora" and distributed:
        # no distributed QLoRA config: the distributed LoRA config with the model's verified QLoRA builder
        base = torchtune_config(job.model_id, "lora", distributed=True)
        builder = _qlora_builder(job.model_id)
        if base is not None and builder is not None:
            overrides.append(f"model={builder}")
        else:
            base = None
    parts = ["tune", "run"]
    if job.nodes > 1:
        # `tune run` runs standalone (one node) unless given a rendezvous endpoint (torchtune/_cli/run.py
        # _run_distributed: "If the user does not explicitly pass a rendezvous endpoint, run in standalone mode")
        parts += torchrun_rendezvous(job)
    elif distributed:
        parts += ["--nproc_per_node", str(job.gpus)]
    parts += [recipe, "--config", base.name if base else "your_config.yaml"]
    # keys the four recipes read (recipes/{lora,full}_finetune_{single_device,distributed}.py: cfg.batch_size,
    # cfg.tokenizer (max_seq_len is its builders' argument), cfg.get("enable_activation_checkpointing"),
    # cfg.get("enable_activation_offloading"), cfg.optimizer, cfg.optimizer_in_bwd, cfg.get("fsdp_cpu_offload"),
    # cfg.get("fsdp_reshard_after_forward")); model.lora_* are the lora_* builders' arguments
    # batch_size is per GPU; "Total Batch Size = batch_size * number of GPUs * gradient accumulation steps"
    # (torchtune@bd2a0fc recipes/full_finetune_distributed.py docstring). Always set: 113 of the shipped configs
    # (recipes/configs/, 54 single-device and 59 distributed) say "gradient_accumulation_steps: 8", which would train
    # 8 x the batch the build was sized and timed for
    overrides += [
        f"batch_size={job.batch}",
        f"gradient_accumulation_steps={job.micro_batches}",
        f"tokenizer.max_seq_len={job.context}",
        f"enable_activation_checkpointing={job.checkpointing}",
    ]
    if job.activation_offload and job.checkpointing:
        # the recipes refuse offloading without checkpointing ("RuntimeError: If enable_activation_offloading is
        # True and enable_activation_checkpointing is False")
        overrides.append("enable_activation_offloading=True")
    if job.adapters:
        modules = ",".join(TORCHTUNE_ATTENTION_MODULES)
        overrides += [
            f"model.lora_rank={job.lora_rank}",
            f"model.lora_alpha={job.lora_alpha}",
            f"model.lora_attn_modules=[{modules}]",
            f"model.apply_lora_to_mlp={job.lora_targets == 'all-linear'}",
        ]
    overrides += _torchtune_optimizer(job, base)
    if job.method == "full":
        # the estimate steps the optimizer inside backward on one GPU only (frameworks.py, single_device_only);
        # the recipes refuse it with accumulation ("Gradient accumulation is not supported with optimizer in bwd",
        # full_finetune_distributed.py), so it is on only where one micro-batch is the whole step
        overrides.append(f"optimizer_in_bwd={not distributed and job.micro_batches == 1}")
    if distributed:
        # the distributed recipes always shard with FSDP2; resharding after forward is ZeRO-3, not resharding is
        # SHARD_GRAD_OP, i.e. ZeRO-2 (lora_finetune_distributed.py docstring)
        if job.zero in (1, 2):
            overrides.append("fsdp_reshard_after_forward=False")
        if job.offload:
            overrides.append(TORCHTUNE_CPU_OFFLOAD)
    notes: list[Reason] = []
    if job.method == "qlora" and job.precision != "nf4":
        # torchtune's QLoRA builders quantize the bf16 checkpoint to NF4 with torchao; they load no GPTQ/AWQ/int8 base
        notes.append(Reason.of("launch.nf4-base", precision=job.precision))
    if job.adapters and job.train_embeddings:
        notes.append(Reason.of("launch.embeddings-counted"))
    if base is None:
        notes.append(Reason.of("launch.own-config", model=job.model_id, method=job.method))
    title = Reason.of(
        "launch.torchtune",
        distributed=distributed,
        nodes=job.nodes if distributed else 1,
        offload=distributed and job.offload,
        notes=tuple(notes),
    )
    return title, join_argv(parts + overrides)


# --------------------------------------------------------------------------- LLaMA-Factory

# DeepSpeed configs in a LLaMA-Factory checkout (examples/deepspeed/): ds_z0, ds_z2, ds_z2_offload, ds_z3,
# ds_z3_offload (optimizer and parameters to CPU). It ships no ZeRO-1 file: ZeRO-2 also shards the gradients, so
# the estimate's per-GPU memory stays an upper bound.
LLAMAFACTORY_DEEPSPEED = "examples/deepspeed/ds_z{stage}{offload}_config.json"
# demo datasets registered in LLaMA-Factory's data/dataset_info.json (instruction data for sft, raw text for pt)
LLAMAFACTORY_DATASET = {"sft": "alpaca_en_demo", "pt": "c4_demo"}


def llamafactory_command(job: _Job) -> tuple[Reason, str]:
    """`llamafactory-cli train --key value ...`: HfArgumentParser over src/llamafactory/hparams/ (model_args.py,
    data_args.py, finetuning_args.py, training_args.py: TrainingArguments); several GPUs through torchrun when
    FORCE_TORCHRUN is set, NPROC_PER_NODE processes (src/llamafactory/launcher.py). Run from a LLaMA-Factory
    checkout (the demo dataset and the DeepSpeed files are paths in it)."""
    env = torchrun_env(job) if job.gpus > 1 else []
    stage = "pt" if job.kind == "pretrain" else "sft"
    parts = [
        *env,
        "llamafactory-cli",
        "train",
        "--stage",
        stage,
        "--do_train",
        "true",
        "--model_name_or_path",
        job.repo,
    ]
    if job.kind == "pretrain":
        parts += ["--train_from_scratch", "true"]  # model_args.py: "randomly initialize the model weights"
    parts += [
        "--dataset",
        LLAMAFACTORY_DATASET[stage],
        "--template",
        "default",
        "--finetuning_type",
        "lora" if job.adapters else "full",
    ]
    if job.adapters:
        parts += [
            "--lora_rank",
            str(job.lora_rank),
            "--lora_alpha",
            str(job.lora_alpha),
            "--lora_target",
            "all" if job.lora_targets == "all-linear" else ",".join(HF_ATTENTION_MODULES),
        ]
        if job.train_embeddings:
            parts += ["--additional_target", ",".join(HF_EMBEDDING_MODULES)]
    if job.method == "qlora" and job.precision in ("nf4", "int4", "int8"):
        # on-the-fly bitsandbytes quantization (quantization_type defaults to nf4); a GPTQ/AWQ base is loaded as published
        parts += ["--quantization_bit", "8" if job.precision == "int8" else "4"]
    parts += [
        "--cutoff_len",
        str(job.context),
        *hf_batch(job),
        "--optim",
        HF_OPTIM.get(job.optimizer, "adamw_torch"),
        f"--{job.half}",
        "true",
    ]
    if job.liger:
        parts += ["--enable_liger_kernel", "true"]  # LLaMA-Factory's ModelArguments.enable_liger_kernel
    if not job.checkpointing:
        parts += ["--disable_gradient_checkpointing", "true"]  # LLaMA-Factory checkpoints by default
    elif job.activation_offload:
        parts += ["--use_unsloth_gc", "true"]  # checkpointed layer inputs kept in host RAM
    stage_ds, file_stage = job.deepspeed_stage, 0
    if stage_ds:
        offload = "_offload" if job.offload else ""
        file_stage = 2 if stage_ds == 1 else stage_ds
        parts += ["--deepspeed", LLAMAFACTORY_DEEPSPEED.format(stage=file_stage, offload=offload)]
    parts += ["--output_dir", f"saves/{job.model_id}/{job.method}"]
    title = Reason.of(
        "launch.llama-factory", stage=file_stage, offload=bool(file_stage) and job.offload, nodes=job.nodes
    )
    return title, join_argv(parts)


def llamafactory_megatron_command(job: _Job, why: Reason | None = None) -> tuple[Reason, str]:
    """LLaMA-Factory on Megatron Bridge, for a layout that splits the model: USE_MEGATRON_BRIDGE=1 (the launcher then
    forces torchrun) and MegatronBridgeArguments (hiyouga/LLaMA-Factory@ff6d4d1
    src/llamafactory/hparams/megatron_bridge_args.py: tensor_model_parallel_size, pipeline_model_parallel_size,
    context_parallel_size, virtual_pipeline_model_parallel_size, use_distributed_optimizer, recompute_granularity,
    recompute_method; the HF weights are converted when no Megatron checkpoint is given). hparams/parser.py allows
    full and LoRA only, no quantized model and no DeepSpeed, and needs TP x PP x CP to divide the world size."""
    env = ["USE_MEGATRON_BRIDGE=1", *torchrun_env(job)]
    parts = [
        *env,
        "llamafactory-cli",
        "train",
        "--stage",
        "sft",
        "--do_train",
        "true",
        "--model_name_or_path",
        job.repo,
        "--dataset",
        LLAMAFACTORY_DATASET["sft"],
        "--template",
        "default",
        "--finetuning_type",
        "lora" if job.adapters else "full",
    ]
    if job.adapters:
        # train/megatron_bridge/config_builder.py _create_peft_config: LoRA on linear_qkv, linear_proj, linear_fc1
        # and linear_fc2 whatever lora_target says ("Custom lora_target ... is not supported by Megatron Bridge")
        parts += ["--lora_rank", str(job.lora_rank), "--lora_alpha", str(job.lora_alpha), "--lora_target", "all"]
    parts += [
        "--tensor_model_parallel_size",
        str(job.tensor),
        "--pipeline_model_parallel_size",
        str(job.pipeline),
        "--context_parallel_size",
        str(job.context_parallel),
    ]
    if job.pipeline > 1 and job.virtual_stages > 1:
        parts += ["--virtual_pipeline_model_parallel_size", str(job.virtual_stages)]
    # ZeRO-1 is Megatron's distributed optimizer (optimizer states sharded over data parallel); it defaults to on
    parts += ["--use_distributed_optimizer", _bool(job.zero >= 1)]
    if job.checkpointing:
        parts += ["--recompute_granularity", "full", "--recompute_method", "uniform"]
    # the plan's micro-batches per step: config_builder.py _compute_train_schedule takes the global batch as
    # micro-batch x gradient_accumulation_steps x world size / (TP x PP x CP), i.e. x data-parallel width
    parts += ["--cutoff_len", str(job.context), *hf_batch(job)]
    parts += [f"--{job.half}", "true", "--output_dir", f"saves/{job.model_id}/{job.method}-megatron"]
    notes = (Reason.of("launch.lora-all-linear"),) if job.adapters and job.lora_targets != "all-linear" else ()
    title = Reason.of("launch.bridge", runner=MEGATRON_BRIDGE, layout=job.layout, nodes=job.nodes, notes=notes, why=why)
    return title, join_argv(parts)


def _no_layout(job: _Job, name: str) -> Reason | None:
    """Why `name` cannot run the plan's model-parallel layout itself (None: it can, or there is no such layout)."""
    fw = FRAMEWORK_DEFAULTS.get(name)
    if not job.model_parallel or fw is None or not fw.data_parallel_only:
        return None
    return Reason.of("launch.no-pipeline" if job.pipeline > 1 else "launch.data-only", name=name)


# --------------------------------------------------------------------------- TRL

# accelerate configs shipped inside the trl package (trl/accelerate_configs/*.yaml), named with --accelerate_config
# (trl/cli/accelerate_config.py resolve_accelerate_config_argument)
TRL_ACCELERATE = {0: "multi_gpu", 1: "zero1", 2: "zero2", 3: "zero3"}


def trl_command(job: _Job) -> tuple[Reason, str]:
    """`trl sft ...`: trl/scripts/sft.py's TrlParser over ScriptArguments, SFTConfig and ModelConfig; arguments the
    parser does not take go to `accelerate launch` (trl/cli/commands/training.py), where a flag given on the command
    line overrides the config file's (accelerate commands/launch.py, `args.nondefault`)."""
    stage = job.deepspeed_stage
    config = TRL_ACCELERATE[stage] if (job.gpus > 1 or stage) else "single_gpu"
    fsdp = fsdp_strategy(job) if job.fsdp and stage else None
    if fsdp:
        config = "fsdp1"  # trl/accelerate_configs/fsdp1.yaml: FSDP1, TRANSFORMER_BASED_WRAP, offload off, bf16
    # on several nodes, accelerate's machine flags; the shipped configs already say deepspeed_multinode_launcher:
    # standard and same_network: true (huggingface/trl@f2cd577 trl/accelerate_configs/zero{1,2,3}.yaml, multi_gpu.yaml)
    parts = ["trl", "sft", "--accelerate_config", config, *accelerate_machines(job)]
    title = Reason.of(
        "launch.trl", stage=stage, offload=job.offload, nodes=job.nodes, **({"fsdp": fsdp} if fsdp else {})
    )
    if fsdp:
        # the strategy and offload over the config's (accelerate's own flags, passed on by the trl CLI)
        parts += ["--fsdp_sharding_strategy", fsdp, FSDP_OFFLOAD_PARAMS, _bool(job.offload)]
        if job.method == "qlora":
            parts += ["--fsdp_use_orig_params", "false"]
    elif job.offload:
        parts += ["--offload_optimizer_device", "cpu"]
        if stage >= 3:
            parts += ["--offload_param_device", "cpu"]
    parts += [
        "--model_name_or_path",
        job.repo,
        "--dataset_name",
        "trl-lib/Capybara",
        "--max_length",
        str(job.context),
        *hf_batch(job),
        "--optim",
        HF_OPTIM.get(job.optimizer, "adamw_torch"),
        f"--{job.half}",
        "true",
        # SFTConfig turns gradient checkpointing on by default ("Defaults to True instead of False")
        "--gradient_checkpointing",
        _bool(job.checkpointing),
    ]
    if job.activation_offload and job.checkpointing:
        parts += ["--activation_offloading", "true"]
    if job.liger:
        parts += ["--use_liger_kernel", "true"]  # SFTConfig is TrainingArguments: use_liger_kernel
    if job.adapters:
        targets = ["all-linear"] if job.lora_targets == "all-linear" else list(HF_ATTENTION_MODULES)
        parts += [
            "--use_peft",
            "--lora_r",
            str(job.lora_rank),
            "--lora_alpha",
            str(job.lora_alpha),
            "--lora_target_modules",
            *targets,
        ]
        if job.train_embeddings:
            parts += ["--lora_modules_to_save", *HF_EMBEDDING_MODULES]
    if job.method == "qlora":
        if job.precision == "int8":
            parts += ["--load_in_8bit"]
        elif job.precision in ("nf4", "int4"):
            parts += ["--load_in_4bit", "--bnb_4bit_quant_type", "nf4", *fsdp_qlora_storage(job)]
    parts += ["--output_dir", f"{job.model_id}-sft"]
    return title, join_argv(parts)


# --------------------------------------------------------------------------- axolotl

# DeepSpeed configs in axolotl (deepspeed_configs/, fetched with `axolotl fetch deepspeed_configs`): zero1.json,
# zero2.json (which offloads the optimizer to CPU), zero3_bf16.json, zero3_bf16_cpuoffload_all.json
AXOLOTL_DEEPSPEED = {
    (1, False): "deepspeed_configs/zero1.json",
    (2, True): "deepspeed_configs/zero2.json",
    (3, False): "deepspeed_configs/zero3_bf16.json",
    (3, True): "deepspeed_configs/zero3_bf16_cpuoffload_all.json",
}
# the ZeRO-3 files named bf16 switch bf16 on; on a card without bf16 the "auto" ones follow --fp16
AXOLOTL_DEEPSPEED_FP16 = {
    (3, False): "deepspeed_configs/zero3.json",
    (3, True): "deepspeed_configs/zero3_cpuoffload.json",
}


def axolotl_command(job: _Job) -> tuple[Reason, str]:
    """`axolotl train config.yml --key value ... --launcher accelerate -- --num_processes=N`: every config key is a
    CLI override (src/axolotl/cli/config_options.py, generated from the config schema), arguments after `--` go to
    the launcher (docs/cli.qmd). The YAML is the user's (datasets, chat template)."""
    parts = [
        "axolotl",
        "train",
        "your_config.yml",
        "--base-model",
        job.repo,
        "--sequence-len",
        str(job.context),
        # micro_batch_size is per GPU; a given gradient_accumulation_steps wins over a batch_size in the YAML
        # (axolotl@067b021 src/axolotl/utils/config/__init__.py normalize_config; cli/config_options.py
        # --micro-batch-size, --gradient-accumulation-steps)
        "--micro-batch-size",
        str(job.batch),
        "--gradient-accumulation-steps",
        str(job.micro_batches),
        "--optimizer",
        HF_OPTIM.get(job.optimizer, "adamw_torch"),
        f"--{job.half}",
        "true",
        "--gradient-checkpointing",
        _bool(job.checkpointing),
    ]
    if job.activation_offload and job.checkpointing:
        parts += ["--activation-offloading", "true"]
    if job.adapters:
        parts += [
            "--adapter",
            job.method,
            "--lora-r",
            str(job.lora_rank),
            "--lora-alpha",
            str(job.lora_alpha),
            # attention-only targets are a list, which the CLI cannot take: they stay in the YAML
            "--lora-target-linear" if job.lora_targets == "all-linear" else "--no-lora-target-linear",
        ]
    if job.method == "qlora" and job.precision in ("nf4", "int4"):
        parts += ["--load-in-4bit"]
    elif job.method == "qlora" and job.precision == "int8":
        parts += ["--load-in-8bit"]
    stage = job.deepspeed_stage
    if stage:
        key = (stage, job.offload)
        # zero2.json offloads; ZeRO-2 without offload has no shipped file, ZeRO-1 with offload neither
        path = AXOLOTL_DEEPSPEED.get(key) or f"your_zero{stage}{'_offload' if job.offload else ''}.json"
        if job.half == "fp16":  # zero3.json and zero3_cpuoffload.json leave bf16/fp16 "auto" (@2341b2c, @617360c)
            path = AXOLOTL_DEEPSPEED_FP16.get(key, path)
        parts += ["--deepspeed", path]
    if job.nodes > 1:
        # docs/multi-node.qmd: torchrun with launcher args on each node ("Option 1 ... (Recommended)", for InfiniBand)
        parts += ["--launcher", "torchrun", "--", *torchrun_rendezvous(job)]
    elif job.gpus > 1:
        parts += ["--launcher", "accelerate", "--", f"--num_processes={job.gpus}"]
    title = Reason.of("launch.axolotl", stage=stage, offload=bool(stage) and job.offload, nodes=job.nodes)
    return title, join_argv(parts)


# --------------------------------------------------------------------------- Unsloth


def unsloth_command(job: _Job) -> tuple[Reason, str]:
    """Unsloth has no command line: the user's script, with the settings the estimate assumed as a comment
    (FastLanguageModel.from_pretrained / get_peft_model and the trainer's arguments, Unsloth's notebooks);
    on several GPUs under `accelerate launch` (DDP)."""
    settings = [f'model_name="{job.repo}"', f"max_seq_length={job.context}"]
    if job.method == "qlora":
        settings.append("load_in_8bit=True" if job.precision == "int8" else "load_in_4bit=True")
    elif job.method == "full":
        settings.append("full_finetuning=True")
    if job.adapters:
        settings += [f"r={job.lora_rank}", f"lora_alpha={job.lora_alpha}"]
        if job.lora_targets != "all-linear":
            settings.append("target_modules=[" + ", ".join(f'"{m}"' for m in HF_ATTENTION_MODULES) + "]")
    if job.checkpointing:
        settings.append(
            'use_gradient_checkpointing="unsloth"' if job.activation_offload else "use_gradient_checkpointing=True"
        )
    else:
        settings.append("use_gradient_checkpointing=False")
    # the trainer's arguments are TRL's SFTConfig (TrainingArguments): the plan's batch as hf_batch writes it
    settings += [
        f"per_device_train_batch_size={job.batch}",
        f"gradient_accumulation_steps={job.micro_batches}",
        f'optim="{HF_OPTIM.get(job.optimizer, "adamw_torch")}"',
    ]
    if job.model_parallel:
        # the planner gives Unsloth data-parallel layouts only (frameworks.UNSLOTH_SHARD_STAGES); a layout that splits
        # the model is not one it can be told to run
        return (
            Reason.of("launch.unsloth-splits", layout=job.layout),
            f"# Unsloth runs several GPUs as DDP only: it cannot run the {job.layout} layout; plan with another "
            "--framework (llama-factory splits models on Megatron Bridge)",
        )
    title = Reason.of("launch.unsloth", gpus=job.gpus, nodes=job.nodes)
    if job.gpus == 1:
        return title, "python your_unsloth_script.py  # " + ", ".join(settings)
    # several GPUs: DDP under accelerate, a whole copy per GPU ("Multi-GPU Fine-tuning with Unsloth":
    # "to enable multi GPU for DDP ... Run `accelerate launch train.py`"); across nodes, accelerate's machine flags
    command = (
        join_argv(
            ["accelerate", "launch", *accelerate_machines(job), "--mixed_precision", job.half, "your_unsloth_script.py"]
        )
        + "  # "
        + ", ".join(settings)
    )
    return title, command


# --------------------------------------------------------------------------- Answer.AI's fsdp_qlora

# train.py's `main` (github:AnswerDotAI/fsdp_qlora@05ed9f2, 2024-06-13; fastcore call_parse: `--name value`, booleans
# as true/false): --sharding_strategy full_shard | shard_grad_op | ddp, --train_type full | lora | qlora, --precision
# bf16 | fp16_autocast (among others), --lora_target_modules all | default, --optimizer adamw | adam | sgd | adadelta.
# The script spawns one process per GPU itself (mp.spawn over --world_size), so it is started with plain `python`.
FSDP_QLORA_SHARDING = {0: "ddp", 2: "shard_grad_op", 3: "full_shard"}
FSDP_QLORA_OPTIMIZERS = ("adamw", "sgd")


def fsdp_qlora_command(job: _Job) -> tuple[Reason, str]:
    """`python train.py ...` of Answer.AI's fsdp_qlora (its README's "Finetune Llama-2 70B on Dual 24GB GPUs" command,
    with the plan's settings). `--reentrant_checkpointing true` is the README's advice for bitsandbytes ("to avoid
    triggering a bug in bitsandbytes which results in high memory usage"); --low_memory true (the default) loads one
    copy of the model into CPU RAM, quantizing each layer on the GPU, before FSDP shards it."""
    stage = job.deepspeed_stage if job.gpus > 1 else 0
    strategy = FSDP_QLORA_SHARDING.get(stage, "full_shard")
    parts = [
        "python",
        "train.py",
        "--world_size",
        str(job.gpus),
        "--model_name",
        job.repo,
        "--train_type",
        job.method if job.kind == "finetune" else "full",
        "--batch_size",
        str(job.batch),
        "--context_length",
        str(job.context),
        "--gradient_accumulation_steps",
        str(job.micro_batches),
        "--sharding_strategy",
        strategy,
        "--precision",
        "bf16" if job.half == "bf16" else "fp16_autocast",
        "--use_gradient_checkpointing",
        _bool(job.checkpointing),
        "--reentrant_checkpointing",
        _bool(job.checkpointing and job.method == "qlora"),
        "--use_cpu_offload",
        _bool(job.offload),
        "--use_activation_cpu_offload",
        _bool(job.activation_offload and job.checkpointing),
        "--low_memory",
        "true",
        "--optimizer",
        job.optimizer if job.optimizer in FSDP_QLORA_OPTIMIZERS else "adamw",
        "--dataset",
        "alpaca",
    ]
    if job.adapters:
        parts += [
            "--lora_rank",
            str(job.lora_rank),
            "--lora_alpha",
            str(job.lora_alpha),
            "--lora_target_modules",
            "all" if job.lora_targets == "all-linear" else "default",
        ]
    if job.nodes > 1 or job.model_parallel:
        # train.py runs one machine's GPUs, data parallel (the planner gives it no other layout)
        return (
            Reason.of("launch.fsdp-qlora-one-machine", layout=job.layout, nodes=job.nodes),
            "# fsdp_qlora's train.py trains on the GPUs of one machine: plan with another --framework",
        )
    return Reason.of("launch.fsdp-qlora", strategy=strategy, offload=job.offload), join_argv(parts)


def training_command(
    model: ModelArch, result: EstimateResult, parallelism: ParallelismJson | None = None, gpu: Gpu | None = None
) -> tuple[Reason, str]:
    """(the launch's title as a code, launch.*: the framework and how it runs, as the sheet names it; command) for a
    fine-tuning or pretraining estimate; with the cluster planner's `parallelism`, the command every node runs
    ($NODE_RANK and $MASTER_ADDR are each node's to set)."""
    job = _job(model, result, parallelism, gpu)
    title, command = _framework_command(job, str(result.workload.get("framework") or "transformers"))
    return title, bind_cores(job, command)


def bind_cores(job: _Job, command: str) -> str:
    """An offloaded job's command with each rank given its share of the host's cores, as the row CPU_ADAM_RAM_SHARE is
    fitted on ran (DeepSpeed's `deepspeed --bind_cores_to_rank`: deepspeedai/DeepSpeed@edaa722 deepspeed/launcher/
    launch.py sets OMP_NUM_THREADS to cores_per_rank = the cores // the local ranks, utils/numa.py get_numactl_cmd).
    None of the launchers printed here is DeepSpeed's: torchrun sets OMP_NUM_THREADS=1 for every rank of a multi-process
    job unless the environment sets it (torch/distributed/run.py), and accelerate's --num_cpu_threads_per_process
    defaults to the environment's OMP_NUM_THREADS, else 1 (huggingface/accelerate src/accelerate/commands/launch.py
    _validate_launch_command), which leaves the CPU's Adam one thread per rank. The variable is set before the launcher, so every
    launcher's ranks inherit it ($(nproc) counts the logical CPUs; DeepSpeed counts physical cores). One GPU, or nothing
    offloaded: the command as it is (one process takes every core by default)."""
    if not job.offload or job.gpus_per_node <= 1 or command.startswith("#"):
        return command
    return f"OMP_NUM_THREADS=$(($(nproc)/{job.gpus_per_node})) {command}"


def _framework_command(job: _Job, name: str) -> tuple[Reason, str]:
    """training_command's (title, command) for the job under framework `name`."""
    if name == "unsloth" and job.kind == "finetune":
        return unsloth_command(job)
    if layout_runner(job.kind, job.tensor, job.pipeline, job.context_parallel, job.nodes) == MEGATRON_BRIDGE:
        # tensor, pipeline or context parallel: only a framework that is not data_parallel_only (frameworks.py:
        # LLaMA-Factory, on Megatron Bridge) splits the model that way, and the planner gives such layouts to it alone
        if job.method == "qlora":
            return (
                Reason.of("launch.qlora-split"),
                f"# the plan's {job.layout} layout splits the model; Megatron Bridge, the one framework here that "
                "does, loads no quantized model (LLaMA-Factory hparams/parser.py): plan LoRA or full instead",
            )
        return llamafactory_megatron_command(job, _no_layout(job, name))
    if name in ACCELERATE_FRAMEWORKS:
        return accelerate_command(job)
    if name == "llama-factory":
        return llamafactory_command(job)
    if job.kind == "pretrain":
        # torchtune, TRL's sft, axolotl and Unsloth fine-tune published weights; from scratch is run_clm-style
        title, command = accelerate_command(job)
        return Reason.of("launch.no-pretraining", launch=title, name=name), command
    builders = {
        "torchtune": torchtune_command,
        "trl": trl_command,
        "axolotl": axolotl_command,
        "fsdp-qlora": fsdp_qlora_command,
    }
    return builders[name](job)


# Megatron-LM's pretrain_gpt.py arguments (megatron/training/arguments.py: --tensor-model-parallel-size,
# --pipeline-model-parallel-size, --num-layers-per-virtual-pipeline-stage, --use-distributed-optimizer,
# --micro-batch-size, --global-batch-size, --seq-length, --max-position-embeddings, --num-layers, --hidden-size,
# --ffn-hidden-size, --num-attention-heads, --group-query-attention, --num-query-groups, --swiglu,
# --normalization, --position-embedding-type, --disable-bias-linear, --untie-embeddings-and-output-weights,
# --recompute-granularity/--recompute-method, --train-iters, --bf16, --tokenizer-type, --tokenizer-model,
# --data-path) under torchrun (--nnodes, --nproc_per_node, --node_rank, --master_addr, --master_port: MASTER_PORT).


def layout_is_megatron(parallelism: ParallelismJson | None) -> bool:
    """A layout only Megatron-style training realises: tensor, pipeline, context or expert parallel, or more than one
    node (accelerate + DeepSpeed, the one-machine pretraining command, splits the batch only)."""
    if not parallelism:
        return False
    p = _degrees(parallelism)
    return (
        layout_runner(
            "pretrain",
            p.get("tensor", 1),
            p.get("pipeline", 1),
            p.get("context", 1),
            nodes=p.get("nodes", 1),
            expert=p.get("expert", 1),
        )
        == MEGATRON_LM
    )


def _megatron_architecture(model: ModelArch, seq: int) -> list[str]:
    """The model's shape as Megatron-LM's pretrain_gpt.py flags (sequence, layers, widths, heads, MoE, norms)."""
    parts = [
        "--seq-length",
        str(seq),
        "--max-position-embeddings",
        str(max(seq, model.max_context)),
        "--num-layers",
        str(model.num_layers),
        "--hidden-size",
        str(model.hidden_size),
        "--ffn-hidden-size",
        str(model.intermediate_size),
        "--num-attention-heads",
        str(model.num_attention_heads),
    ]
    if model.num_kv_heads != model.num_attention_heads:
        parts += ["--group-query-attention", "--num-query-groups", str(model.num_kv_heads)]
    if model.mlp_gated:
        parts += ["--swiglu"]
    # (--num-experts, --moe-router-topk, --moe-ffn-hidden-size); the expert-parallel degree is the layout's
    # (megatron_command: --expert-model-parallel-size)
    if model.moe is not None:
        parts += [
            "--num-experts",
            str(model.moe.num_experts),
            "--moe-router-topk",
            str(model.moe.experts_per_token),
            "--moe-ffn-hidden-size",
            str(model.moe.expert_intermediate_size),
        ]
    if model.mla is not None:
        parts += ["--multi-latent-attention"]
    parts += ["--normalization", "RMSNorm" if model.norm == "rmsnorm" else "LayerNorm"]
    if not model.learned_position_embeddings:
        parts += ["--position-embedding-type", "rope"]
    if model.linear_bias == "none":
        parts += ["--disable-bias-linear"]
    if not model.tie_embeddings:
        parts += ["--untie-embeddings-and-output-weights"]
    return parts


def _megatron_experts(tensor: int, expert: int, dispatcher: str = "alltoall", expert_tensor: int = 1) -> list[str]:
    """The expert-parallel flags of a layout that shards the experts (NVIDIA/Megatron-LM@d98e8a6, docs/user-guide/
    parallelism-guide.md, "Expert Parallelism (EP)"): --expert-model-parallel-size, the token dispatcher the estimate
    timed (the plan's `expert_dispatcher`, collectives.expert_dispatcher): 'alltoall' (--moe-token-dispatcher-type
    alltoall; Megatron-Core's default is "allgather", transformer_config.py) or DeepEP (--moe-token-dispatcher-type flex
    --moe-flex-dispatcher-backend deepep: transformer_config.py, where --moe-enable-deepep is 'deprecated'), and grouped
    expert GEMMs (--moe-grouped-gemm); with tensor parallel, --sequence-parallel, which the guide says "you must
    enable" beside EP. --expert-tensor-parallel-size is the plan's (`expert_tensor`: 1, whole experts on each EP rank, as
    NVIDIA's MoE recipes set it and the step was timed, gemm.EXPERT_TENSOR_PARALLEL); without it Megatron-LM would split
    the experts TP ways (megatron/training/arguments.py: ETP defaults to TP)."""
    if expert <= 1:
        return []
    route = ["flex", "--moe-flex-dispatcher-backend", "deepep"] if dispatcher == "deepep" else ["alltoall"]
    flags = [
        "--expert-model-parallel-size",
        str(expert),
        "--expert-tensor-parallel-size",
        str(expert_tensor),
        "--moe-token-dispatcher-type",
        *route,
        "--moe-grouped-gemm",
    ]
    return flags + (["--sequence-parallel"] if tensor > 1 else [])


def _megatron_pipeline(layers: int, pipeline: int, chunks: int) -> list[str]:
    """The pipeline's layer split as the plan timed it (frameworks.pipeline_layers): the interleaved schedule's layers
    per virtual stage where the stages divide the layers evenly (--num-layers-per-virtual-pipeline-stage), else the
    whole layout, which Megatron-LM asserts it needs when they do not ("Number of layers should be divisible by the
    pipeline-model-parallel size", NVIDIA/Megatron-LM@d98e8a6 megatron/training/arguments.py):
    --pipeline-model-parallel-layout, its stages split by "|" in virtual-stage order (virtual stage s on rank s mod PP),
    "E" the embedding on the first and "L" the loss on the last, "t*n" n decoder layers
    (megatron/core/transformer/pipeline_parallel_layer_layout.py, parse_str_to_list)."""
    if pipeline <= 1:
        return []
    if layers % (pipeline * chunks) == 0:
        return ["--num-layers-per-virtual-pipeline-stage", str(layers // (pipeline * chunks))] if chunks > 1 else []
    split = pipeline_layers(layers, pipeline, chunks)
    stages = [f"t*{split[s % pipeline][s // pipeline]}" for s in range(pipeline * chunks)]
    stages = [stage if stage != "t*0" else "" for stage in stages]
    stages[0], stages[-1] = "E" + stages[0], stages[-1] + "L"
    return ["--pipeline-model-parallel-layout", "|".join(stages)]


def _megatron_fp8(workload: WorkloadJson, gpu: Gpu | None) -> list[str]:
    """The FP8 flags of a job the estimate times in FP8 (precision fp8 on a card with FP8 tensor cores: estimator.
    fp8_speedup; with Workload.transformer_engine at Transformer Engine's rate, TE_DENSE_FP8_PAIR, without it at the
    GEMM-share gain), so the command trains in the precision that was timed: Megatron-Core runs FP8 through
    Transformer Engine (NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py: `fp8` is
    --fp8-format, 'e4m3' or 'hybrid' (e4m3 forward, e5m2 for the gradients), --fp8-recipe 'tensorwise' | 'delayed' |
    'mxfp8' (Blackwell only) | 'blockwise', transformer_impl defaults to transformer_engine). The recipe is the one
    Megatron-Bridge's FP8 rows ran (docs/performance-summary-archive.md @067f987d, 26.04.01: 'FP8 (current scaling)'
    on H100, i.e. tensorwise, and MXFP8 on B200), the runs the estimate's FP8 gain is checked against. Megatron has no
    FP8 path but Transformer Engine, so a job asked in FP8 on it runs these flags whether or not the estimate was told
    (transformer_engine): without them the command trains in BF16, slower than any FP8 time. Nothing for a BF16 job,
    or on a card the estimate times in BF16 (no FP8 peak above its BF16 one: est.no-fp8)."""
    if workload.get("precision") != "fp8" or not fp8_capable(gpu):
        return []
    blackwell = gpu is not None and gpu.architecture == "Blackwell"
    return ["--fp8-format", "hybrid", "--fp8-recipe", "mxfp8" if blackwell else "tensorwise"]


def fp8_capable(gpu: Gpu | None) -> bool:
    """The card has an FP8 peak above its 16-bit one, the test estimator.fp8_speedup times an FP8 step by (a card
    without one is timed in BF16); unknown card: taken as capable (the estimate then had none to time)."""
    if gpu is None:
        return True
    half = gpu.bf16_tflops or gpu.fp16_tflops
    return bool(gpu.fp8_tflops and half and gpu.fp8_tflops > half)


def megatron_command(
    model: ModelArch, result: EstimateResult, parallelism: ParallelismJson, gpu: Gpu | None = None
) -> tuple[Reason, str]:
    """(the title as a code, launch.megatron-lm; command) for the cluster planner's layout (estimate/parallel.py):
    Megatron-LM's pretrain_gpt.py on every node under torchrun, with the plan's tensor, pipeline (interleaved) and
    data degrees, its ZeRO-1 (the distributed optimizer), micro-batch, global batch and recomputation. accelerate +
    DeepSpeed ZeRO, which the app printed before, has no tensor or pipeline parallel: it could not run the layout the
    time is for."""
    w = result.workload
    p = _degrees(parallelism)
    nodes, gpus = max(1, p.get("nodes", 1)), max(1, p.get("gpus", result.gpus or 1))
    tensor, pipeline = max(1, p.get("tensor", 1)), max(1, p.get("pipeline", 1))
    seq = int(w.get("context") or 4096)
    tokens_per_step = int(parallelism.get("tokens_per_step") or 0)
    launcher = ["torchrun", "--nnodes", str(nodes), "--nproc_per_node", str(gpus // nodes)]
    if nodes > 1:  # each node's own rank and the first node's address are the shell's to expand: not quoted
        launcher += ["--node_rank", NODE_RANK, "--master_addr", MASTER_ADDR, "--master_port", str(MASTER_PORT)]
    parts = [
        "pretrain_gpt.py",
        "--tensor-model-parallel-size",
        str(tensor),
        "--pipeline-model-parallel-size",
        str(pipeline),
    ]
    context = max(1, p.get("context", 1))
    if context > 1:
        # without it Megatron counts the context ranks as data parallel (NVIDIA/Megatron-LM@d98e8a6
        # megatron/training/arguments.py: data_parallel_size = world_size // (TP x PP x CP)) and splits the global
        # batch into other micro-batches than the plan's (core/num_microbatches_calculator.py)
        parts += ["--context-parallel-size", str(context)]
    parts += _megatron_pipeline(model.num_layers, pipeline, max(1, p.get("virtual_stages", 1)))
    parts += _megatron_experts(
        tensor,
        max(1, p.get("expert", 1)),
        str(parallelism.get("expert_dispatcher") or "alltoall"),
        max(1, p.get("expert_tensor", EXPERT_TENSOR_PARALLEL)),
    )
    if p.get("zero_stage", 0) >= 1:
        parts += ["--use-distributed-optimizer"]  # optimizer states sharded over data parallel: ZeRO-1
    if p.get("zero_stage", 0) >= 3:
        # parameters and gradients sharded too: Megatron FSDP (NVIDIA/Megatron-LM megatron/core/distributed/fsdp/src/
        # README.md; its example scripts pair it with the distributed optimizer and the fsdp_dtensor checkpoint format)
        parts += ["--use-megatron-fsdp", "--data-parallel-sharding-strategy", "optim_grads_params"]
        parts += ["--ckpt-format", "fsdp_dtensor"]
    parts += ["--micro-batch-size", str(max(1, p.get("micro_batch", 1)))]
    if tokens_per_step:
        parts += ["--global-batch-size", str(max(1, tokens_per_step // seq))]
        tokens = float(w.get("tokens") or 0)
        if tokens:
            parts += ["--train-iters", str(max(1, round(tokens / tokens_per_step)))]
    if parallelism.get("gradient_checkpointing"):
        parts += ["--recompute-granularity", "full", "--recompute-method", "uniform"]
    else:  # the modules the plan timed as recomputed (estimate/recompute.py), none when it keeps every activation
        parts += megatron_flags(tuple(parallelism.get("recompute_modules") or ()))
    parts += _megatron_architecture(model, seq)
    parts += _megatron_fp8(w, gpu)
    # Transformer Engine layers, Megatron-LM's default (transformer_config.py: transformer_impl = 'transformer_engine'),
    # said so that the command and the estimate agree (parallel._megatron_workload times the job with it)
    parts += ["--transformer-impl", "transformer_engine"]
    repo = model.hf_repo or model.id
    parts += [
        f"--{training_half(gpu)}",
        "--tokenizer-type",
        "HuggingFaceTokenizer",
        "--tokenizer-model",
        repo,
        "--data-path",
        "your_data_prefix",
    ]
    expert = max(1, p.get("expert", 1))
    layout = (
        f"TP{tensor} x PP{pipeline}"
        + (f" x CP{context}" if context > 1 else "")
        + f" x DP{max(1, p.get('data', 1))}"
        + (f" (EP{expert})" if expert > 1 else "")
    )
    command = join_argv(launcher + parts)
    return Reason.of("launch.megatron-lm", runner=MEGATRON_LM, layout=layout, nodes=nodes), command
