"""The command that realises an estimate: llama-server, vllm serve, or an accelerate/DeepSpeed training launch."""

from __future__ import annotations

import shlex

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.result import EstimateResult

# Flags as defined in llama.cpp common/arg.cpp (-m, -c, -ngl, -sm, -ts, -ctk/-ctv, -fa on|off|auto, -cmoe,
# -ncmoe, --numa distribute, -np), vLLM's engine arguments (vllm/engine/arg_utils.py: --tensor-parallel-size,
# --pipeline-parallel-size, --max-model-len, --kv-cache-dtype, --gpu-memory-utilization, --max-num-seqs,
# --quantization, --dtype) and `accelerate launch` (--num_processes, --mixed_precision, --use_deepspeed,
# --zero_stage, --offload_optimizer_device, --offload_param_device).
LLAMACPP_KV = {"fp16": "f16", "bf16": "bf16", "q8_0": "q8_0", "q4_0": "q4_0", "fp8": "q8_0"}
VLLM_KV = {"fp8": "fp8", "fp16": "auto", "bf16": "auto"}
VLLM_QUANT = {"awq-int4": "awq", "gptq-int4": "gptq", "fp8": "fp8"}


def gguf_name(model: ModelArch, precision: str) -> str:
    base = model.hf_repo.split("/")[-1] if model.hf_repo else model.id
    return f"{base}-{precision.upper()}.gguf"


def _join(parts: list[str]) -> str:
    return " ".join(shlex.quote(p) for p in parts)


def llamacpp_command(model: ModelArch, result: EstimateResult, numa: bool = False) -> str:
    w = result.workload
    context, batch = int(w["context"]), int(w["batch"])
    placement = result.placement or {}
    layers = model.num_layers
    gpu_layers = placement.get("gpu_layers", layers - min(int(w.get("cpu_layers") or 0), layers))
    if result.gpus == 0:
        gpu_layers = 0
    # llama-server divides -c among its -np slots, so the total is context x sequences
    parts = ["llama-server", "-m", gguf_name(model, w["precision"]), "-c", str(context * batch)]
    # -ngl above the layer count also offloads the output layer
    parts += ["-ngl", str(layers + 1 if gpu_layers >= layers else gpu_layers)]
    if result.gpus > 1:
        if result.split == "tensor":
            parts += ["-sm", "row"]
        split = placement.get("layers_per_gpu") or [1] * result.gpus
        parts += ["--tensor-split", ",".join(str(n) for n in split)]
    kv = LLAMACPP_KV.get(w["kv_precision"], "f16")
    if kv != "f16":
        parts += ["-ctk", kv, "-ctv", kv]
    parts += ["-fa", "on"]  # flash attention: needed for a quantized V cache, and saves memory otherwise
    cpu_moe = int(placement.get("cpu_moe_layers", layers if w.get("cpu_experts") else 0))
    if model.moe is not None and result.gpus > 0 and cpu_moe:
        parts += ["--cpu-moe"] if cpu_moe >= layers else ["--n-cpu-moe", str(cpu_moe)]
    if numa:
        parts += ["--numa", "distribute"]
    if batch > 1:
        parts += ["-np", str(batch)]
    return _join(parts)


def vllm_command(model: ModelArch, result: EstimateResult) -> str:
    w = result.workload
    parts = ["vllm", "serve", model.hf_repo or model.id]
    if result.gpus > 1:
        flag = "--tensor-parallel-size" if result.split == "tensor" else "--pipeline-parallel-size"
        parts += [flag, str(result.gpus)]
    parts += ["--max-model-len", str(w["context"])]
    quant = VLLM_QUANT.get(w["precision"])
    if quant:
        parts += ["--quantization", quant]
    elif w["precision"] in ("bf16", "fp16"):
        parts += ["--dtype", "bfloat16" if w["precision"] == "bf16" else "float16"]
    kv = VLLM_KV.get(w["kv_precision"])
    if kv and kv != "auto":
        parts += ["--kv-cache-dtype", kv]
    parts += ["--gpu-memory-utilization", f"{float(w.get('vllm_gpu_memory_utilization', 0.9)):g}",
              "--max-num-seqs", str(w["batch"])]
    return _join(parts)


def training_command(model: ModelArch, result: EstimateResult) -> tuple[str, str]:
    """(framework, command): accelerate with DeepSpeed ZeRO when sharded, around the user's training script."""
    w = result.workload
    gpus = max(1, result.gpus)
    zero = int(w.get("zero") or 0) if gpus > 1 else 0
    offload = w.get("offload") == "cpu"
    parts = ["accelerate", "launch", "--num_processes", str(gpus), "--mixed_precision", "bf16"]
    framework = "accelerate"
    if zero or offload:
        framework = f"accelerate + DeepSpeed ZeRO-{zero or 2}"
        parts += ["--use_deepspeed", "--zero_stage", str(zero or 2)]
        if offload:
            parts += ["--offload_optimizer_device", "cpu"]
            if zero >= 3:
                parts += ["--offload_param_device", "cpu"]
    method = w.get("method") if w["kind"] == "finetune" else "full"
    repo = model.hf_repo or model.id
    # pretraining starts from the architecture, not the published weights: --model_name_or_path would load
    # them (transformers' run_clm.py trains from scratch with --config_name and --tokenizer_name)
    source = ["--config_name", repo, "--tokenizer_name", repo] if w["kind"] == "pretrain" else ["--model_name_or_path", repo]
    parts += ["train.py", *source, "--max_seq_length", str(w["context"]), "--per_device_train_batch_size", str(w["batch"])]
    if method in ("lora", "qlora"):
        parts += ["--use_peft", "--lora_r", str(w.get("lora_rank", 16))]
        if method == "qlora":
            parts += ["--load_in_4bit"]
    if w.get("grad_checkpointing"):
        parts += ["--gradient_checkpointing"]
    return framework, _join(parts)


def launch_command(model: ModelArch, result: EstimateResult, numa: bool = False) -> dict[str, str]:
    """{"engine", "command"} for the estimate: what to run to get the memory and speed it predicts.

    `numa`: the host has more than one socket (llama.cpp then spreads its threads with --numa distribute).
    """
    w = result.workload
    if w["kind"] != "inference":
        framework, command = training_command(model, result)
        return {"engine": framework, "command": command}
    engine = w.get("engine") or "transformers"
    if engine == "llama.cpp":
        return {"engine": engine, "command": llamacpp_command(model, result, numa)}
    if engine == "vllm":
        return {"engine": engine, "command": vllm_command(model, result)}
    dtype = "bfloat16" if w["precision"] == "bf16" else "auto"
    code = (f"from transformers import pipeline; pipeline('text-generation', model='{model.hf_repo or model.id}', "
            f"device_map='auto', torch_dtype='{dtype}')")
    return {"engine": "transformers", "command": _join(["python", "-c", code])}
