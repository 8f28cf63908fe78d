"""The command that realises an estimate: llama-server, vllm serve, or the training framework's own launch."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import Reason, as_json, english
from configurator.core.common.serving_pool import VLLM_GPU_MEMORY_UTILIZATION, pool_of, sglang_mem_fraction_static
from configurator.core.common.shapes import LaunchJson, ParallelismJson
from configurator.core.estimate.backends import (
    VLLM_AITER_ENV,
    llamacpp_backend,
    sglang_attention_backend,
    vllm_rocm_aiter,
)
from configurator.core.estimate.collectives import SGLANG_CURRENT, VLLM_CURRENT, release_label, release_said
from configurator.core.estimate.result import EstimateResult
from configurator.core.launch.shell import ShellWord, join_argv
from configurator.core.support.facts import (
    SourceBuild,
    llama_cpp_backend_build,
    llama_cpp_mixed_build,
    prebuilt_rocm_carries,
    training_half,
    vllm_eager,
)

# Flags as defined in llama.cpp common/arg.cpp (-m, -c, -ngl, -sm, -ts, -ctk/-ctv, -fa on|off|auto, -cmoe,
# -ncmoe, --numa distribute, -np, -kvu, --kv-unified-per-slot), vLLM's engine arguments (vllm/engine/arg_utils.py: --tensor-parallel-size,
# --pipeline-parallel-size, --max-model-len, --kv-cache-dtype, --gpu-memory-utilization, --max-num-seqs,
# --quantization, --dtype). Training commands, per framework: core/launch/training.py.
LLAMACPP_KV = {"fp16": "f16", "bf16": "bf16", "q8_0": "q8_0", "q4_0": "q4_0", "fp8": "q8_0"}
VLLM_KV = {"fp8": "fp8", "fp16": "auto", "bf16": "auto"}
VLLM_QUANT = {"awq-int4": "awq", "gptq-int4": "gptq", "fp8": "fp8"}
PREQUANTIZED = {"awq-int4": "-AWQ", "gptq-int4": "-GPTQ-Int4"}
"""Precisions vLLM serves only from a checkpoint already quantized (the folder suffix its command names); fp8 it can
make at load time from BF16 weights (--quantization fp8, vLLM's online dynamic FP8)."""
"""`--quantization` for weights quantized on load or from a quantized repo. Left out for weights served as released
(`released_as_served`): vLLM's ModelConfig._verify_quantization (vllm/config/model.py) reads the method from the
checkpoint's own quantization_config when the flag is None, and raises "Quantization method specified in the model
config (X) does not match the quantization method specified in the `quantization` argument (Y)" when both are given
and differ (a checkpoint whose config says compressed-tensors, modelopt or a Mistral format's own method); the same
method given twice only repeats the checkpoint."""


CACHE_REUSE_CHUNK = 256
"""llama-server's --cache-reuse N (common/arg.cpp: "min chunk size to attempt reusing from the cache via KV shifting",
default 0, off; ggml-org/llama.cpp PR #9866, its per-request form `"n_cache_reuse": 256` in PR #17858): a request
already reuses the longest prefix its slot holds (cache_prompt, on by default), and with this it also reuses chunks of
256 tokens or more that moved (a coding agent's history after an edit or a trimmed tool result), so the busy hours
prefill only the uncached part of each prompt (costs.api.Stream, round 36). A model with recurrent layers (Gated
DeltaNet, Mamba) cannot shift its state and reuses the prefix from the slot's context checkpoints (--ctx-checkpoints,
PR #15293, on by default) instead: no flag. vLLM's automatic prefix caching (V1) and SGLang's radix cache are on by
default, so their commands need none either."""


def released_as_served(model: ModelArch, precision: str) -> bool:
    """The weights are served in the precision they were released in (DeepSeek-V3's or Mistral Medium 3.5's FP8, gpt-oss's
    MXFP4): the engine reads the checkpoint's own quantization, nothing to quantize on load."""
    return model.native_precision is not None and model.native_precision == precision


GGUF_FILE_TYPES = {"int4-experts": "UD-Q4_K_XL"}
"""The file type a GGUF is published under where its precision's name is not one (precision.GGUF_Q4_0_EXPERTS): the
INT4-expert release's GGUF is Unsloth's UD-Q4_K_XL (experts Q4_0, the rest Q8_0; `llama serve -hf
unsloth/Kimi-K2.5-GGUF:UD-Q4_K_XL`, huggingface.co/unsloth/Kimi-K2.5-GGUF, read 2026-12-04)."""


def gguf_name(model: ModelArch, precision: str) -> str:
    return gguf_name_of(model.hf_repo or model.id, precision)


def gguf_name_of(repo: str, precision: str) -> str:
    return f"{repo.split('/')[-1]}-{GGUF_FILE_TYPES.get(precision, precision.upper())}.gguf"


def llamacpp_command(model: ModelArch, result: EstimateResult, numa: bool = False, server: str = "llama-server") -> str:
    """llama-server with the estimate's settings; `server` is its path (./build/bin/llama-server once built from
    source: docs/build.md runs it from there)."""
    w = result.workload
    context, batch = int(w["context"]), int(w["batch"])
    placement = result.placement or {}
    layers = model.num_layers
    gpu_layers = placement.get("gpu_layers", layers - min(int(w.get("cpu_layers") or 0), layers))
    if result.gpus == 0:
        gpu_layers = 0
    # llama-server divides -c among its -np slots, so the total is context x sequences; with a typical request the
    # slots share one buffer of the pool's cells instead (-kvu, common.serving_pool.UNIFIED_KV_ENGINES, round 45)
    pool = pool_of(w)
    parts = [
        server,
        "-m",
        gguf_name(model, w["precision"]),
        "-c",
        str(pool.tokens if pool.unified else context * batch),
    ]
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
    if model.recurrent_layers == 0:
        parts += ["--cache-reuse", str(CACHE_REUSE_CHUNK)]
    cpu_moe = int(placement.get("cpu_moe_layers", layers if w.get("cpu_experts") else 0))
    if model.moe is not None and result.gpus > 0 and cpu_moe:
        parts += ["--cpu-moe"] if cpu_moe >= layers else ["--n-cpu-moe", str(cpu_moe)]
        if placement.get("ubatch"):  # the prompt's micro-batch the estimate used (estimate.offload.experts_cal)
            parts += ["-b", str(placement["ubatch"]), "-ub", str(placement["ubatch"])]
    if (
        result.gpus > 0
        and (gpu_layers < layers or (model.moe is not None and cpu_moe))
        and w.get("host_buffer") != "mmap"
    ):
        # the weights kept in RAM go to the GPU's pinned host buffer, which the prompt's copies read by DMA at the link's
        # rate; under the default mmap they stay pageable and the driver stages every copy (estimate.host.
        # PAGEABLE_STAGING_GBPS; llama.cpp PR #28223). The estimate's prefill assumes the same (Workload.host_buffer).
        parts += ["--no-mmap"]
    if numa:
        parts += ["--numa", "distribute"]
    if w.get("speculative") == "mtp" and model.mtp_layers and batch == 1:
        # the model's own MTP layers draft (llama-server --spec-type mtp --spec-draft-n-max K, as the runs the
        # estimate's acceptance comes from: kyuz0/amd-strix-halo-toolboxes benchmark/mtp-bench.py)
        parts += ["--spec-type", "mtp", "--spec-draft-n-max", str(int(w.get("draft_tokens") or 3))]
    if w.get("speculative") == "draft" and result.draft_repo:
        # a draft model of the target's tokenizer on the GPUs (issue #25908's build: -md, -ngld, --spec-type
        # draft-simple, --spec-draft-n-max), the same quantization as the estimate's draft (estimator._draft_workload)
        draft_precision = "q8_0" if w["precision"] == "mxfp4" else w["precision"]
        parts += ["-md", gguf_name_of(result.draft_repo, draft_precision), "-ngld", "99"]
        parts += ["--spec-type", "draft-simple", "--spec-draft-n-max", str(int(w.get("draft_tokens") or 3))]
    if batch > 1:
        # an explicit -np turns llama-server's unified default off (it holds only for -np auto), so a shared pool
        # names -kvu itself
        parts += ["-np", str(batch)] + (["-kvu"] if pool.unified else [])
        if pool.unified and pool.tokens > context:
            # each slot of a unified buffer can otherwise grow into all of its cells (n_ctx_seq = n_ctx), while the
            # pool is sized on streams that stop at the window (common.serving_pool.KvPool): cap each at it
            parts += ["--kv-unified-per-slot", str(context)]
    return join_argv(parts)


RAY_PORT = 6379
"""The Ray head's port (`ray start --head` defaults to 6379: docs.ray.io, Starting Ray)."""


def served_half(gpu: Gpu | None, precision: str) -> bool:
    """Whether BF16 weights are served in float16 on `gpu`: a card without bfloat16 (Turing, Volta, Pascal: SUP-2's
    fact, support.facts.training_half). vLLM refuses bfloat16 there ("Bfloat16 is only supported on GPUs with compute
    capability of at least 8.0 ... You can use float16 instead by explicitly setting the `dtype` flag in CLI, for
    example: --dtype=half": vllm-project/vllm, _check_if_gpu_supports_dtype / the CUDA platform's dtype check, read
    2026-12-05), and a BF16 checkpoint loads as float16 with --dtype half; the weights weigh the same."""
    return precision == "bf16" and gpu is not None and training_half(gpu) == "fp16"


def vllm_command(
    model: ModelArch, result: EstimateResult, gpu: Gpu | None = None, parallelism: ParallelismJson | None = None
) -> str:
    """`parallelism`: a cluster's serving layout (the plan's Build.parallelism: tensor parallel inside each node,
    pipeline parallel across nodes), the degrees the estimate timed; over several nodes vLLM runs on a Ray cluster
    (docs.vllm.ai distributed serving: "The tensor parallel size is the number of GPUs you want to use in each node,
    and the pipeline parallel size is the number of nodes ... 16 GPUs in 2 nodes ... tensor parallel size to 8 and the
    pipeline parallel size to 2"; "multi-node inferencing currently requires Ray", --distributed-executor-backend)."""
    w = result.workload
    served = model.hf_repo or model.id
    if w["precision"] in PREQUANTIZED and not released_as_served(model, w["precision"]):
        # vLLM loads AWQ/GPTQ weights, it does not make them (vllm/config/model.py _verify_quantization takes the
        # method from the checkpoint's quantization_config): the command serves a quantized copy of the model, a
        # local folder as llama.cpp's command names a GGUF file, never the BF16 repo with --quantization awq
        served = f"./{served.rsplit('/', 1)[-1]}{PREQUANTIZED[w['precision']]}"
    parts = ["vllm", "serve", served]
    layout = result.placement or {}
    if parallelism is not None and parallelism["tensor"] * parallelism["pipeline"] > 1:
        # the cluster's layout, as the estimate timed it (a 2 x 8 x H20 DeepSeek-R1 server had launched
        # --pipeline-parallel-size 16 where the estimate ran tensor parallel 8 x pipeline 2)
        parts += ["--tensor-parallel-size", str(parallelism["tensor"])]
        parts += ["--pipeline-parallel-size", str(parallelism["pipeline"]), "--distributed-executor-backend", "ray"]
    elif result.gpus > 1 and "tensor_parallel" in layout:
        # tensor x pipeline (estimate.parallel.serving_layout): vllm/engine/arg_utils.py names both degrees
        parts += [
            "--tensor-parallel-size",
            str(layout["tensor_parallel"]),
            "--pipeline-parallel-size",
            str(layout["pipeline_parallel"]),
        ]
    elif result.gpus > 1:
        flag = "--tensor-parallel-size" if result.split == "tensor" else "--pipeline-parallel-size"
        parts += [flag, str(result.gpus)]
    # the KV pool's rule (common.serving_pool, round 44): the longest single request and the streams at once the
    # estimate's memory sized the pool for, in the share of the card it read
    pool = pool_of(w)
    parts += ["--max-model-len", str(pool.window)]
    # a quantized copy (AWQ/GPTQ) carries its method in config.json too: left to it, vLLM picks its Marlin kernel where
    # the card runs it (AWQMarlinConfig.override_quantization_method: user_quant None -> awq_marlin), where an explicit
    # `--quantization awq` "forcing awq" keeps the generic kernel, ~9-10x slower (vLLM's own log line: "Use
    # quantization=awq_marlin for faster inference"; vllm-project/vllm#20112, 2025-06)
    prequantized = w["precision"] in PREQUANTIZED
    quant = None if released_as_served(model, w["precision"]) or prequantized else VLLM_QUANT.get(w["precision"])
    if quant:
        parts += ["--quantization", quant]
    elif w["precision"] in ("bf16", "fp16"):
        half = w["precision"] == "fp16" or served_half(gpu, w["precision"])
        parts += ["--dtype", "float16" if half else "bfloat16"]
    kv = VLLM_KV.get(w["kv_precision"])
    if kv and kv != "auto":
        parts += ["--kv-cache-dtype", kv]
    parts += [
        "--gpu-memory-utilization",
        f"{float(w.get('vllm_gpu_memory_utilization') or VLLM_GPU_MEMORY_UTILIZATION):g}",
        "--max-num-seqs",
        str(pool.streams),
    ]
    if vllm_eager(gpu):  # Intel XPU: eager, as llm-scaler's commands serve (support.facts.VLLM_XPU_EAGER)
        parts.append("--enforce-eager")
    if w.get("speculative") == "draft" and result.draft_repo:
        # vLLM's draft-model speculation (vllm/config/speculative.py: "model", "num_speculative_tokens")
        k = int(w.get("draft_tokens") or 3)
        parts += ["--speculative-config", f'{{"model": "{result.draft_repo}", "num_speculative_tokens": {k}}}']
    return join_argv(parts)


def sglang_command(model: ModelArch, result: EstimateResult, gpu: Gpu | None = None) -> str:
    """SGLang's server as its cookbook launches it (sgl-project/sgl-cookbook: `python -m sglang.launch_server
    --model-path ... --tp 8`), with the context and the users the estimate assumed (server_args: --context-length,
    --max-running-requests)."""
    w = result.workload
    parts = ["python", "-m", "sglang.launch_server", "--model-path", model.hf_repo or model.id]
    if result.gpus > 1:
        parts += ["--tp", str(result.gpus)]
    parts += ["--context-length", str(w["context"]), "--max-running-requests", str(w["batch"])]
    if gpu is not None:
        # the share SGLang picks for this card and tensor-parallel group, the one the estimate's memory read
        # (common.serving_pool.sglang_mem_fraction_static, round 45): named so the launch holds what was sized
        parts += ["--mem-fraction-static", f"{sglang_mem_fraction_static(gpu.memory_gib, max(result.gpus, 1)):g}"]
    if served_half(gpu, w["precision"]):
        parts += ["--dtype", "half"]  # sglang server_args: --dtype auto follows the checkpoint's bfloat16
    backend = sglang_attention_backend(model.architecture) if model.mla is not None else None
    if backend is not None:  # the cookbook's backend, the one the estimate timed (estimator._sglang_mla_depth)
        parts += ["--attention-backend", backend]
    return join_argv(parts)


METAL_BUILD = {"build": "brew install llama.cpp", "build_said": as_json(Reason.of("launch.metal"))}
"""A Mac's GPU: llama.cpp's macOS build runs on it with Metal, on by default (ggml-org/llama.cpp docs/build.md, "Metal
Build"; its README installs it with `brew install llama.cpp`): no flag to add to the command."""


def launch_command(
    model: ModelArch,
    result: EstimateResult,
    numa: bool = False,
    parallelism: ParallelismJson | None = None,
    gpu: Gpu | None = None,
    nodes: int = 1,
    mixed: Sequence[Gpu] = (),
) -> LaunchJson:
    """{"engine", "engine_said", "command"} for the estimate: what to run to get the memory and speed it predicts.
    `engine` is the launch's title in English (a serving engine's id, a training framework and how it runs: the
    `plan --json` contract), `engine_said` the same title as a code (launch.*) for the sheet and the window in either
    language.

    `numa`: the host has more than one socket (llama.cpp then spreads its threads with --numa distribute).
    `parallelism`: the cluster planner's layout (Build.parallelism); pretraining with tensor or pipeline parallel
    or over several nodes runs it under Megatron-LM, fine-tuning gets the framework's command for every node.
    `gpu`: the card a training job runs on (fp16 mixed precision where it has no bf16, support_facts.training_half),
    or the card a server serves on (BF16 weights in float16 where it has no bfloat16: served_half).
    `nodes`: the machines a build is (a cluster's); vLLM over several serves in the layout `parallelism` gives.
    `mixed`: the different cards of one machine (solve.mixed), built for together (support.llama_cpp_mixed_build).
    """
    w = result.workload
    if w["kind"] != "inference":  # the training commands (47 KB, the torchtune configs) for a training job only (#34)
        from configurator.core.launch.training import layout_is_megatron, megatron_command, training_command
    if w["kind"] == "pretrain" and parallelism is not None and layout_is_megatron(parallelism):
        return _titled(*megatron_command(model, result, parallelism, gpu))
    if w["kind"] != "inference":
        return _titled(*training_command(model, result, parallelism, gpu))
    engine = w.get("engine") or "transformers"
    title = Reason.of("launch.engine", engine=engine)
    if engine == "llama.cpp":
        return _llamacpp_launch(model, result, numa, gpu, title, mixed)
    # the release the estimate's serving floors and async scheduling describe (estimate/collectives.py)
    if engine == "vllm":
        # a serving layout over several nodes (a cluster's: nodes > 1) runs on a Ray cluster started first
        spread = parallelism if nodes > 1 else None
        launch: LaunchJson = {
            **_titled(title, vllm_command(model, result, gpu, spread)),
            "release": release_label("vllm", VLLM_CURRENT),
            "release_said": as_json(release_said("vllm", VLLM_CURRENT)),
        }
        if spread is not None:
            launch["build"] = (
                f"ray start --head --port {RAY_PORT}  # on node 0; on each other node: ray start --address=$HEAD_ADDR:{RAY_PORT}"
            )
            launch["build_said"] = as_json(Reason.of("launch.ray-cluster", nodes=nodes))
        elif vllm_rocm_aiter(gpu, VLLM_KV.get(w["kv_precision"])):
            # AMD's AITER kernels, which the estimate's CDNA 3 decode times, run only when the launch switches them on
            # (backends.VLLM_AITER_ENV); a Ray cluster's nodes would each need it, so only one machine's launch sets it
            name, value = VLLM_AITER_ENV
            launch["build"] = f"export {name}={value}"
            launch["build_said"] = as_json(Reason.of("launch.rocm-aiter", env=f"{name}={value}"))
        return _said_half(launch, gpu, w["precision"])
    if engine == "sglang":
        release = release_label("sglang", SGLANG_CURRENT)
        said = as_json(release_said("sglang", SGLANG_CURRENT))
        launch = {**_titled(title, sglang_command(model, result, gpu)), "release": release, "release_said": said}
        return _said_half(launch, gpu, w["precision"])
    dtype = "float16" if served_half(gpu, w["precision"]) else "bfloat16" if w["precision"] == "bf16" else "auto"
    code = (
        f"from transformers import pipeline; pipeline('text-generation', model='{model.hf_repo or model.id}', "
        f"device_map='auto', torch_dtype='{dtype}')"
    )
    return _titled(Reason.of("launch.engine", engine="transformers"), join_argv(["python", "-c", code]))


def _llamacpp_launch(
    model: ModelArch, result: EstimateResult, numa: bool, gpu: Gpu | None, title: Reason, mixed: Sequence[Gpu] = ()
) -> LaunchJson:
    """llama-server's launch, after the build of the backend the estimate timed (backends.llamacpp_backend) where a
    download would run another or none: a card llama.cpp's prebuilt binaries carry no code for (support.facts.
    SOURCE_BUILT: Pascal and Volta on CUDA, gfx906 on ROCm), and every card whose timed backend a download would not pin
    (SYCL: no release ships it; HIP beside the Vulkan download; Vulkan on Strix Halo beside the ROCm one) runs the
    llama-server it builds first (docs/build.md: cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=..., HIPCXX=...
    cmake -S . -B build -DGGML_HIP=ON -DGPU_TARGETS=..., -DGGML_SYCL=ON after oneAPI's setvars.sh, -DGGML_VULKAN=ON)."""
    built = llama_cpp_backend_build(gpu, llamacpp_backend(gpu)) if gpu is not None and result.gpus > 0 else None
    if mixed:  # one llama-server drives every card of a mix: one build for all their architectures
        built = llama_cpp_mixed_build(mixed)
    if gpu is not None and gpu.vendor == "apple":  # type: ignore[comparison-overlap]  # estimate.unified's GPUs
        return {
            **_titled(title, llamacpp_command(model, result, numa)),
            "build": METAL_BUILD["build"],
            "build_said": METAL_BUILD["build_said"],
        }
    if built is None:
        return _titled(title, llamacpp_command(model, result, numa))
    env = [ShellWord(f'{name}="{value}"') for name, value in built.env]  # the shell expands $(hipconfig ...)
    steps = [join_argv([*env, *built.argv[0]]), *(join_argv(list(argv)) for argv in built.argv[1:])]
    return {
        **_titled(title, llamacpp_command(model, result, numa, server="./build/bin/llama-server")),
        "build": " && ".join(steps),
        "build_said": as_json(_build_said(built)),
    }


def _build_said(built: SourceBuild) -> Reason:
    """What the build before the launch is, as a code: the backend pinned (SYCL, Vulkan, HIP for a target the ROCm
    download carries) or a card the prebuilt binaries carry no code for (HIP, CUDA)."""
    if built.backend == "sycl":
        return Reason.of("launch.build-sycl", arch=built.arch)
    if built.backend == "vulkan":
        return Reason.of("launch.build-vulkan", arch=built.arch)
    if built.backend == "hip" and prebuilt_rocm_carries(built.target):
        return Reason.of("launch.build-hip", target=built.target, rocm=built.toolkit, arch=built.arch)
    if built.backend == "hip":
        return Reason.of("launch.build-source-hip", target=built.target, rocm=built.toolkit, arch=built.arch)
    if built.mixed:
        return Reason.of("launch.build-mixed", sm=built.target.replace(";", ", "), cuda=built.toolkit, arch=built.arch)
    return Reason.of("launch.build-source", sm=built.target, cuda=built.toolkit, arch=built.arch)


def _said_half(launch: LaunchJson, gpu: Gpu | None, precision: str) -> LaunchJson:
    """A serving launch that loads BF16 weights as float16 on a card without bfloat16 says why (launch.fp16-served)."""
    if gpu is not None and served_half(gpu, precision):
        launch["dtype_said"] = as_json(Reason.of("launch.fp16-served", arch=gpu.architecture))
    return launch


def _titled(title: Reason, command: str) -> LaunchJson:
    """A launch from its title's code and its command: `engine` the title in English, as `plan --json` said it."""
    return {"engine": english(title), "engine_said": as_json(title), "command": command}
