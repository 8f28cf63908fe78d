"""Compare the estimator with the published measurements in tests/data/reference_*.toml.

Used by tests/core/test_estimator_reference.py (median error targets) and by
benchmarks/accuracy.py (a per-row report, leave-one-source-out cross-validation, and the
holdout rows in tests/data/holdout_*.toml that no constant is ever fitted on).
"""

from __future__ import annotations

import statistics
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.attention import TRANSFORMER_ENGINE_KERNEL
from configurator.core.estimate.collectives import release_family
from configurator.core.estimate.crossval import Point, source_group
from configurator.core.estimate.estimator import (
    CAL,
    TORCHTITAN_H100_GBPS,
    TORCHTITAN_H100_TFLOPS,
    Calibration,
    elapsed_share,
    estimate,
    head_read_seconds,
    llamacpp_build,
    sglang_release,
    vllm_release,
)
from configurator.core.estimate.ranges import STEADY_STATE, TRAINING_FITTED_SEQUENCE, WHOLE_RUN
from configurator.core.estimate.workload import Workload

DATA = Path(__file__).resolve().parent / "data"
GIB = 1024**3

# Engines a source names that the estimator has no option for: exllama (v1) ran the GPTQ kernels exllamav2
# inherited; Ollama wraps llama.cpp; MLC-LLM's compiled TVM kernels are estimated as llama.cpp's.
ENGINE_ALIASES = {"exllama": "exllamav2", "mlc-llm": "llama.cpp", "ollama": "llama.cpp"}
# (engine as the source names it, precision as the row names it) -> the estimator's precision. MLC-LLM's q4f16_1
# stores 4-bit weights with one fp16 scale per group of 32 (mlc-llm docs, "quantization modes"): 4.5 bits per weight,
# the GGUF Q4_0 block layout (18 bytes per 32 weights).
PRECISION_ALIASES = {("mlc-llm", "int4"): "q4_0"}
# Rows with timing = "first-eval" time the first evaluation of a fresh llama.cpp process (`./main`'s "prompt eval
# time"), which llama-bench excludes with its warm-up run: one-off start-up work (CUDA kernels loaded on first use,
# cuBLAS set-up) adds a fixed time to that one evaluation. DERIVED from two published RTX 3090 measurements of the
# same model and a build three weeks apart: llama-bench pp512 of LLaMA 7B at master before ggml-org/llama.cpp PR
# #4766 (Jan 2024): F16 4184.85, Q4_0 3408.18 tok/s; XiongjieDai's `./main` first evaluation of a 494-token prompt
# (build 1691, Dec 2023): F16 3075.37, Q4_0 2601.81 tok/s. 494/3075.37 - 494/4184.85 = 42.6 ms and
# 494/2601.81 - 494/3408.18 = 45.0 ms: 44 ms (mean) whatever the precision, as a fixed cost is.
FIRST_EVAL_STARTUP_S = (494 / 3075.37 - 494 / 4184.85 + 494 / 2601.81 - 494 / 3408.18) / 2


def first_eval_rate(steady_tokens_per_s: float, tokens: int) -> float:
    """The prompt rate a first evaluation of `tokens` reports when the steady rate is `steady_tokens_per_s`."""
    return tokens / (tokens / steady_tokens_per_s + FIRST_EVAL_STARTUP_S)


# Rows with microbatch = 1 are llama-bench prompt runs at micro-batch 1 (-ub 1; the "Microbatch size 1 ... pp512" lines
# of llama.cpp's CUDA pull requests, where the maintainers time single-token steps): the prompt is evaluated one token
# at a time, each token a decode step at the depth reached (the row's context is the prompt, pp512 -> 512, read as a
# tg512 run reads it), except that no logits are wanted before the last token, so the graph drops the output rows
# after the last layer's attention (llama.cpp's llm_graph: ggml_get_rows(cur, inp_out_ids) with no output ids) and the
# output head is not read (estimator.head_read_seconds). The last layer's MLP is skipped too and not taken off (one
# layer's MLP of 24-48: the estimate reads at most 2-4 % slow for it).
def microbatch_one_rate(decode_tokens_per_s: float, model: Any, precision: str, gpu: Any, cal: Calibration) -> float:
    """The rate of a micro-batch-1 prompt whose decode rate at the same depth is `decode_tokens_per_s`."""
    return 1.0 / (1.0 / decode_tokens_per_s - head_read_seconds(model, precision, gpu, cal=cal))


@dataclass
class Comparison:
    kind: str
    label: str
    measured: float
    estimated: float
    source: str
    # properties of the row a regime is read from (benchmarks/accuracy.py; issue #29): a training figure's
    # "steady-state rate" or "whole run", a llama.cpp speed row's backend ("backend:vulkan")
    tags: tuple[str, ...] = ()

    @property
    def error(self) -> float:
        return (self.estimated - self.measured) / self.measured


@dataclass
class Skipped:
    kind: str
    label: str
    reason: str
    source: str = ""


Row = dict[str, Any]
Data = list[Row] | None


def rows(name: str, prefix: str = "reference") -> list[Row]:
    """Rows of tests/data/<prefix>_<name>.toml (prefix "holdout": rows no constant is fitted on)."""
    path = DATA / f"{prefix}_{name}.toml"
    if not path.exists():
        return []
    with path.open("rb") as handle:
        return list(tomllib.load(handle).get("rows", []))


def scored(data: list[Row]) -> list[Row]:
    """The rows that are scored and fitted on: all but those marked `excluded` (with the source's reason)."""
    return [r for r in data if not r.get("excluded")]


def excluded_rows(kind: str, prefix: str = "reference") -> list[Row]:
    """Rows kept in the file for the record but not scored: each carries `excluded = "reason"`."""
    return [r for r in rows(FILES[kind], prefix) if r.get("excluded")]


def _bytes(row: dict[str, Any]) -> float:
    return row["measured_gb"] * (GIB if row.get("unit") == "GiB" else 1e9)


def inference_memory(
    catalog: Catalog, data: Data = None, cal: Calibration = CAL
) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("inference_memory") if data is None else data:
        label = f"{row['model']} {row['precision']} ctx={row['context']} b={row['batch']} {row['engine']} x{row['gpus']} {row['what']}"
        if "kernel" in row:  # the GPTQ kernel tells apart rows of one model, batch and context (optimum's three)
            label += f" kernel={row['kernel']}"
        model = catalog.records["models"].get(row["model"])
        if model is None:
            skipped.append(Skipped("inference_memory", label, "model not in catalog", row["source"]))
            continue
        engine = ENGINE_ALIASES.get(row["engine"], row["engine"])
        try:
            workload = Workload(
                kind="inference",
                precision=row["precision"],
                kv_precision=_kv(row.get("kv_precision")),
                context=max(int(row["context"]), 1),
                # a figure whose growth with the input is the KV cache's alone (`prefill_in_figure = false`) holds no
                # prefill working set: scored after a one-token prompt
                prompt=1 if row.get("prefill_in_figure") is False else row.get("prompt"),
                batch=int(row["batch"]),
                engine=engine,
            )
        except ValueError as exc:
            skipped.append(Skipped("inference_memory", label, str(exc), row["source"]))
            continue
        # a row that names its transformers release's date (`framework_date`: a tuple KV cache before v4.36,
        # kv.legacy_cache_copies; eager attention and every prompt token's logits, runtime_buffers) is scored as that
        # release ran, else as the current release; one that names its GPTQ kernel (`kernel`) with that kernel's buffers
        row_cal = replace(
            cal, framework_released=row.get("framework_date"), gptq_kernel=row.get("kernel", cal.gptq_kernel)
        )
        result = estimate(model, workload, None, int(row["gpus"]), cal=row_cal)
        b = result.breakdown
        if row["what"] == "weights":
            # a GGUF file or an engine's weight log counts every weight, embeddings included
            value = b.weights + (result.host_ram_bytes if engine == "llama.cpp" else 0)
        elif row["what"] == "model load":
            value = b.weights + b.runtime_overhead
        else:
            value = result.total_bytes
        if row.get("counts") in ("torch-allocated", "engine-buffers"):
            # torch.cuda.max_memory_allocated counts live tensors only, and an engine's logged buffers (llama.cpp's
            # model, KV and compute buffers) only what it allocates itself: the CUDA context and the allocator's
            # reserved-but-free memory, which the runtime overhead stands for, are outside both
            value -= b.runtime_overhead
        out.append(Comparison("inference_memory", label, _bytes(row), value, row["source"]))
    return out, skipped


def _kv(value: str | None) -> str:
    return "fp16" if value in (None, "bf16") else value


def finetune_memory(
    catalog: Catalog, data: Data = None, cal: Calibration = CAL
) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("finetune_memory") if data is None else data:
        label = f"{row['model']} {row['method']} {row['precision']} seq={row['context']} b={row['batch']} x{row['gpus']} z{row['zero']}"
        model = catalog.records["models"].get(row["model"])
        if model is None:
            skipped.append(Skipped("finetune_memory", label, "model not in catalog", row["source"]))
            continue
        try:
            workload = Workload(
                kind="finetune",
                method=row["method"],
                optimizer=row.get("optimizer"),
                precision=row["precision"],
                framework=row.get("framework"),
                activation_offload=row.get("activation_offload"),
                context=int(row["context"]),
                batch=int(row["batch"]),
                grad_checkpointing=row.get("grad_checkpointing", True),
                lora_rank=int(row.get("lora_rank", 8)),
                lora_targets=row.get("lora_targets", "all-linear"),
                zero=int(row["zero"]),
                # sharding = "fsdp": an HF-stack run sharded by accelerate's FSDP, not DeepSpeed (Workload.sharding)
                sharding=row.get("sharding"),
                offload=row.get("offload", "none"),
                train_embeddings=bool(row.get("train_embeddings", False)),
            )
        except ValueError as exc:
            skipped.append(Skipped("finetune_memory", label, str(exc), row["source"]))
            continue
        # a row that names its framework's release date (`framework_date`, YYYY-MM-DD: the commit of the README or
        # tutorial it quotes) is scored as that release ran; else as the current release
        result = estimate(
            model, workload, None, int(row["gpus"]), cal=replace(cal, framework_released=row.get("framework_date"))
        )
        value = result.total_bytes if row.get("scope") == "total" else result.per_gpu_bytes
        out.append(Comparison("finetune_memory", label, _bytes(row), value, row["source"]))
    return out, skipped


def pretrain_memory(
    catalog: Catalog, data: Data = None, cal: Calibration = CAL
) -> tuple[list[Comparison], list[Skipped]]:
    """Peak memory per GPU of from-scratch training (tests/data/*_pretrain_memory.toml): the same estimate as a
    `--workload pretrain` request, with the run's sharding, checkpointing and kernels."""
    out, skipped = [], []
    for row in scored(rows("pretrain_memory")) if data is None else data:
        checkpointing = (
            ("selective" if row.get("selective_checkpointing") else "full") if row.get("grad_checkpointing") else "none"
        )
        label = (
            f"{row['model']} pretrain seq={row['context']} b={row['batch']} x{row['gpus']} z{row['zero']} "
            f"ckpt={checkpointing}{' fused' if row.get('fused_kernels') else ''}"
        )
        model = catalog.records["models"].get(row["model"])
        if model is None:
            skipped.append(Skipped("pretrain_memory", label, "model not in catalog", row["source"]))
            continue
        workload = Workload(
            kind="pretrain",
            precision=row.get("precision"),
            framework=row.get("framework"),
            optimizer=row.get("optimizer"),
            context=int(row["context"]),
            batch=int(row["batch"]),
            zero=int(row["zero"]),
            grad_checkpointing=bool(row.get("grad_checkpointing", False)),
            selective_checkpointing=bool(row.get("selective_checkpointing", False)),
            fused_kernels=bool(row.get("fused_kernels", False)),
        )
        result = estimate(model, workload, None, int(row["gpus"]), cal=cal)
        out.append(Comparison("pretrain_memory", label, _bytes(row), result.per_gpu_bytes, row["source"]))
    return out, skipped


def decode_speed(catalog: Catalog, data: Data = None, cal: Calibration = CAL) -> tuple[list[Comparison], list[Skipped]]:
    return _speed(catalog, "decode_speed", data, cal)


def prefill_speed(
    catalog: Catalog, data: Data = None, cal: Calibration = CAL
) -> tuple[list[Comparison], list[Skipped]]:
    """Prompt processing (tokens/s), from the decode rows that also report it."""
    return _speed(catalog, "prefill_speed", data, cal)


def first_token(catalog: Catalog, data: Data = None, cal: Calibration = CAL) -> tuple[list[Comparison], list[Skipped]]:
    """Time to first token (ms) of one user, from the decode rows that also report it (`measured_ttft_ms`: a serving
    benchmark's mean TTFT at concurrency 1, so no queueing behind other requests' prompts)."""
    return _speed(catalog, "first_token", data, cal)


def _build_of(row: Row, kind: str, cal: Calibration) -> Calibration:
    """The constants `cal` as the row's llama.cpp build ran (estimator.llamacpp_build): llama.cpp rows name their build month
    (`llamacpp_date`, YYYY-MM, or YYYY when the source gives only the year), the backend when not CUDA
    (`llamacpp_backend`) and `flash_attention` when the run set -fa itself. Prompt rows and decode rows alike: the
    prompt follows int8 MMQ and FlashAttention, the decode step CUDA graphs."""
    if row["engine"] in ("vllm", "sglang"):
        # vLLM's async scheduling as the run had it (estimator.Calibration.vllm_async_scheduling: on in the plain
        # estimate, the current release's default): a row whose run states --async-scheduling, or a release that has
        # it by default, says `async_scheduling`; the rest ran without it. Its release when the row names one
        # (estimator.vllm_release: opt-in before v0.14.0); SGLang's release (estimator.sglang_release) sets the
        # serving floors its run paid (collectives.release_family), the current one when the row names none. A row
        # whose run set --enable-expert-parallel says `expert_parallel` (estimator.Calibration.vllm_expert_parallel).
        cal = replace(
            cal,
            vllm_async_scheduling=bool(row.get("async_scheduling")),
            vllm_expert_parallel=bool(row.get("expert_parallel")),
        )
        if "sglang_release" in row:
            cal = sglang_release(row["sglang_release"], cal)
        return vllm_release(row["vllm_release"], cal) if "vllm_release" in row else cal
    if ENGINE_ALIASES.get(row["engine"], row["engine"]) != "llama.cpp" or "llamacpp_date" not in row:
        return cal  # a row that does not name its build is scored as the plain estimate (Calibration)
    build = llamacpp_build(row["llamacpp_date"], row.get("llamacpp_backend", "cuda"), row.get("flash_attention"), cal)
    # the Vulkan driver the run used, where the row names it or its OS (backends.VULKAN_DRIVER_FAMILY); else Mesa RADV
    return replace(build, llamacpp_vulkan_driver=row["vulkan_driver"]) if "vulkan_driver" in row else build


def server_family(engine: str, build: Calibration) -> str:
    """The release family whose serving floors a vLLM or SGLang row's run paid (collectives.release_family: "2025",
    "sglang-0.5", "vllm-0.11"), read from the constants the row is scored with (_build_of: its named release, else the
    current one the plain estimate describes); benchmarks/accuracy.py splits the MoE rows by it (moe42)."""
    return release_family(engine, build.sglang_version if engine == "sglang" else build.vllm_version)


def _speed(catalog: Catalog, kind: str, data: Data, cal: Calibration) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    measured_key = MEASURED[kind]
    for row in rows("decode_speed") if data is None else data:
        if measured_key not in row or EXCLUDED.get(kind, "") in row:
            continue
        label = f"{row['model']} {row['precision']} {row['engine']} {row['gpus']}x{row['gpu']} ctx={row['context']} b={row['batch']}"
        model = catalog.records["models"].get(row["model"])
        gpu = catalog.records["gpus"].get(row["gpu"])
        if model is None or gpu is None:
            skipped.append(Skipped(kind, label, "model or GPU not in catalog", row["source"]))
            continue
        engine = ENGINE_ALIASES.get(row["engine"], row["engine"])
        precision = PRECISION_ALIASES.get((row["engine"], row["precision"]), row["precision"])
        try:
            workload = Workload(
                kind="inference",
                precision=precision,
                context=max(int(row["context"]), 1),
                # a prompt row's context is the prompt it timed (pp512, pp8192): stated, as a wait with no --prompt is
                # timed for a typical prompt (estimator.TYPICAL_PROMPT_TOKENS)
                prompt=row.get("prompt") or (max(int(row["context"]), 1) if kind != "decode_speed" else None),
                batch=int(row["batch"]),
                engine=engine,
            )
        except ValueError as exc:
            skipped.append(Skipped(kind, label, str(exc), row["source"]))
            continue
        build = _build_of(row, kind, cal)
        result = estimate(model, workload, gpu, int(row["gpus"]), cal=build)
        value = {
            "decode_speed": result.decode_tokens_per_s,
            "prefill_speed": result.prefill_tokens_per_s,
            "first_token": None if result.time_to_first_token_s is None else result.time_to_first_token_s * 1e3,
        }[kind]
        if value is None:
            skipped.append(Skipped(kind, label, "no speed estimate", row["source"]))
            continue
        if kind == "prefill_speed" and row.get("timing") == "first-eval":
            value = first_eval_rate(value, int(row["context"]))
        if kind == "decode_speed" and row.get("microbatch") == 1:
            value = microbatch_one_rate(value, model, precision, gpu, build)
        tags = (f"backend:{row.get('llamacpp_backend', 'cuda')}",) if row["engine"] == "llama.cpp" else ()
        if row["engine"] in ("vllm", "sglang"):
            tags = (f"release:{server_family(row['engine'], build)}",)
        # the release or build the row names (vendor43: benchmarks/accuracy.py splits the other-vendor rows by it, the
        # release each is scored at; a row naming none is scored as the current release)
        named = row.get("llamacpp_date") or row.get("vllm_release") or row.get("sglang_release")
        if named:
            tags += (f"named:{named}",)
        out.append(Comparison(kind, label, float(row[measured_key]), value, row["source"], tags))
    return out, skipped


CARDS_AS_RUN: dict[str, dict[str, float]] = {
    # torchtitan's H100s (docs/performance.md @eaea6f6a and benchmarks/llama3_h100_202412_torchtitan.md @31a17bfd, both
    # "Hardware": Grand Teton hosts, "96GB HBM2e with 2.4 TB/sec peak memory bandwidth", "the default 500W power limit",
    # footnote 2: "the actual peak TFLOPs number is between SXM and NVL, and we don't know its exact value"): the card
    # the fused element-wise bytes are derived on (estimator.TORCHTITAN_H100_TFLOPS, the middle of the two, an ESTIMATE
    # for that reason; TORCHTITAN_H100_GBPS), FP8 at twice BF16 as on both H100 records. Memory size is left as the
    # row's catalog card: only the time is scored (train40)
    "grand-teton-h100": {
        "bf16_tflops": TORCHTITAN_H100_TFLOPS,
        "fp16_tflops": TORCHTITAN_H100_TFLOPS,
        "fp8_tflops": 2 * TORCHTITAN_H100_TFLOPS,
        "memory_bandwidth_gbps": TORCHTITAN_H100_GBPS,
    },
}
"""The card a training row's run used where its source states it differs from the catalog card the row names
(`card_as_run`): the row is estimated on the catalog card with these figures."""


def training_gpu_hours(
    catalog: Catalog, data: Data = None, cal: Calibration = CAL
) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in scored(rows("training_gpu_hours")) if data is None else data:
        later = sum(float(s["tokens"]) for s in row.get("later_stages", []))
        label = f"{row['model']} {row['tokens']:.3g} tokens{f' (+{later:.3g} longer)' if later else ''} on {row['gpu']}"
        if row.get("workload") == "finetune":
            label += f" ({row.get('method', 'full')} fine-tune)"
        model = catalog.records["models"].get(row["model"])
        gpu = catalog.records["gpus"].get(row["gpu"])
        if model is None or gpu is None:
            skipped.append(Skipped("training_gpu_hours", label, "model or GPU not in catalog", row["source"]))
            continue
        if "card_as_run" in row:
            gpu = gpu.model_copy(update=CARDS_AS_RUN[row["card_as_run"]])
        gpus = int(row.get("gpus", 8))
        # later_stages: a run whose figure also covers stages at other sequence lengths (a long-context extension after
        # the bulk of pretraining) is scored as each stage estimated at its own length, summed; `tokens` is the first
        # stage's. A figure covering 0.8T tokens at up to 128K is not 0.8T more tokens at 8K: attention grows with length
        stages = [(float(row["tokens"]), int(row.get("sequence_length") or min(4096, model.max_context)))]
        stages += [(float(s["tokens"]), int(s["sequence_length"])) for s in row.get("later_stages", [])]
        hours = 0.0
        for tokens, length in stages:
            # precision "fp8" where the run trained its GEMMs in FP8; checkpointing as the run's own config set it;
            # fused_kernels as the run's stack was (torch.compile or fused kernels: its README or config, in notes)
            # workload = "finetune" with a method: a single-card fine-tuning benchmark (desktop_training.TRAINING_FACTS)
            workload = Workload(
                kind=row.get("workload", "pretrain"),
                method=row.get("method", "full"),
                tokens=tokens,
                context=length,
                grad_checkpointing=bool(row.get("grad_checkpointing", False)),
                precision=row.get("precision"),
                batch=int(row.get("micro_batch", 1)),
                fused_kernels=row.get("fused_kernels"),
                # transformer_engine = true: the run's FP8 went through NVIDIA Transformer Engine (Megatron-Core, NeMo),
                # whose dense FP8 step gains more than its GEMMs' share (estimator.TE_DENSE_FP8_PAIR); a fact of the
                # run's stack, as fused_kernels
                transformer_engine=bool(row.get("transformer_engine", False)),
                # expert_parallel / expert_dispatcher: an MoE run's own expert-parallel degree and token dispatcher
                # (Megatron-Core's --expert-model-parallel-size, --moe-token-dispatcher-type / flex backend), which the
                # estimate prices, across nodes too (collectives.expert_all_to_all); rows that do not say take the defaults
                expert_parallel=row.get("expert_parallel"),
                expert_dispatcher=row.get("expert_dispatcher", "alltoall"),
                expert_overlap=bool(row.get("expert_overlap", False)),
                # pipeline_parallel / pipeline_micro_batches: the run's own pipeline layout as its source states it
                # (torchtitan's 405B: PP 8, 1F1B on its local batch of 8), priced as 1F1B's bubble
                # (estimator._pipeline_stretch); rows that do not say are data-parallel jobs
                pipeline_parallel=row.get("pipeline_parallel"),
                pipeline_micro_batches=row.get("pipeline_micro_batches"),
                # zero = 3: the weights sharded (FSDP FULL_SHARD / ZeRO-3), gathered over the cards' link every
                # micro-batch (estimator._sharded_gathers); offload = "cpu": the shards held in system RAM
                zero=int(row.get("zero", 0)),
                offload=row.get("offload", "none"),
                # an offloaded run's accumulation and its host's peak RAM bandwidth (all sockets its ranks run on): the
                # CPU optimizer step reads both (estimate.optimizer_offload); rows that do not say take the defaults,
                # a row that names no host the typical host that holds its RAM (optimizer_offload.offload_host), as
                # `llm-rig estimate` without --ram-bandwidth does (round 45: it had been given the 89.6 GB/s default)
                grad_accumulation=row.get("grad_accumulation"),
                **({"ram_bandwidth_gbps": float(row["ram_bandwidth_gbps"])} if "ram_bandwidth_gbps" in row else {}),
            )
            # flash_attention = false: the run materialised the attention scores (estimator.Calibration: the cost)
            flash = bool(row.get("flash_attention", True))
            # attention_kernel: the FlashAttention kernel the run used where it was not FlashAttention-2, read when the
            # estimate times attention by its kernel (Calibration.training_attention_kernel; attention.py)
            # (not under TRANSFORMER_ENGINE_KERNEL, which times only Transformer Engine steps by their kernel)
            kernel = cal.training_attention_kernel
            if kernel and kernel != TRANSFORMER_ENGINE_KERNEL:
                kernel = row.get("attention_kernel", kernel)
            row_cal = replace(cal, training_flash_attention=flash, training_attention_kernel=kernel)
            result = estimate(model, workload, gpu, gpus, cal=row_cal)
            assert result.gpu_hours is not None
            hours += result.gpu_hours
        # steady_state: the figure is tokens / a measured tokens-per-second rate (a benchmark), which leaves out what a
        # whole run loses to restarts, checkpoints and evaluation; the estimate prices a whole run, so those come off
        hours *= elapsed_share(gpu, gpus, cal=cal) if row.get("steady_state") else 1.0
        # the figure a row is compared with (ranges.py): a benchmark's rate is the steady-state tokens/s, a total the run's
        figure = STEADY_STATE if row.get("steady_state") else WHOLE_RUN
        out.append(
            Comparison("training_gpu_hours", label, float(row["measured_gpu_hours"]), hours, row["source"], (figure,))
        )
    return out, skipped


def weights(catalog: Catalog, data: Data = None, cal: Calibration = CAL) -> tuple[list[Comparison], list[Skipped]]:
    """Weight bytes alone (GGUF file sizes, engines' weight logs): the inference rows that measure weights."""
    data = [r for r in (rows("inference_memory") if data is None else data) if r["what"] == "weights"]
    return inference_memory(catalog, data, cal)


ALL: dict[str, Callable[..., tuple[list[Comparison], list[Skipped]]]] = {
    "inference_memory": inference_memory,
    "weights": weights,
    "finetune_memory": finetune_memory,
    "pretrain_memory": pretrain_memory,
    "decode_speed": decode_speed,
    "prefill_speed": prefill_speed,
    "training_gpu_hours": training_gpu_hours,
    "first_token": first_token,
}
# the figure each speed kind reads from a decode row
MEASURED = {
    "decode_speed": "measured_tokens_per_s",
    "prefill_speed": "measured_prefill_tokens_per_s",
    "first_token": "measured_ttft_ms",
}
# a row's key naming why its figure of this kind is not scored (the reason as its value)
EXCLUDED = {"prefill_speed": "prefill_excluded", "first_token": "ttft_excluded"}
# the file each kind's rows live in (prefill rows are decode rows that also report prompt speed)
FILES = {
    kind: {"prefill_speed": "decode_speed", "first_token": "decode_speed", "weights": "inference_memory"}.get(
        kind, kind
    )
    for kind in ALL
}
TARGETS = {
    "inference_memory": 0.10,
    "weights": 0.05,
    "finetune_memory": 0.15,
    "pretrain_memory": 0.10,
    "decode_speed": 0.20,
    "prefill_speed": 0.30,
    "training_gpu_hours": 0.25,
    "first_token": 0.30,
}


def points(kind: str, catalog: Catalog, data: list[Row], cal: Calibration = CAL) -> list[Point]:
    """Every row of `data` scored with the constants `cal` (the shipped ones unless given); unanswered rows have no
    estimate."""
    comparisons, skipped = ALL[kind](catalog, data, cal)
    return [Point(c.measured, c.estimated, source_group(c.source), c.label, c.tags) for c in comparisons] + [
        Point(1.0, None, source_group(s.source), f"{s.label}: {s.reason}") for s in skipped
    ]


def kind_rows(kind: str, prefix: str = "reference") -> list[Row]:
    """The rows a kind is scored on (prefill: only decode rows that report prompt speed)."""
    data = scored(rows(FILES[kind], prefix))
    if kind == "prefill_speed":
        # prefill_excluded: the row's prompt figure measures something the estimator does not model (reason beside it)
        return [r for r in data if MEASURED[kind] in r and EXCLUDED[kind] not in r]
    if kind == "first_token":
        # ttft_excluded: the row's first token waits on something the estimator does not model (reason beside it)
        return [r for r in data if MEASURED[kind] in r and EXCLUDED[kind] not in r]
    if kind == "decode_speed":
        return [r for r in data if MEASURED[kind] in r]
    if kind == "weights":
        return [r for r in data if r["what"] == "weights"]
    return data


def at_fitted_sequences(row: Row) -> bool:
    """A training row at a sequence the fitted rows' rates were measured at (ranges.TRAINING_FITTED_SEQUENCE): the
    training ranges and issue #29's held-out targets are judged on these; past it the estimate warns that its range
    does not hold (warn.training-long-sequence) and benchmarks/accuracy.py reports the rows apart (steady37), as the
    prefill range is judged where the fit has rows (accuracy.fitted_domain)."""
    return int(row.get("sequence_length") or 4096) <= TRAINING_FITTED_SEQUENCE


def median_abs_error(comparisons: list[Comparison]) -> float:
    return statistics.median(abs(c.error) for c in comparisons)


def offload_rows(prefix: str = "fit") -> list[Row]:
    """Weights or experts in system RAM, CPU-only hosts and unified-memory systems: tests/data/<prefix>_offload.toml
    (prefix "fit": the rows the RAM and unified constants were fitted on; "holdout": never fitted on)."""
    return scored(rows("offload", prefix))


def offload_prediction(catalog: Catalog, row: Row, share: float | None = None) -> tuple[float, float]:
    """(estimated, measured) tokens/s of one offload row, as its `mode` ran: a unified system ("system"), a CPU-only
    host ("cpu", "cpu_prefill") or a GPU with weights or experts in RAM ("hybrid"); the host's RAM read at `share` of
    its peak when given (else its family's RAM_EFFICIENCY)."""
    result, path, measured = offload_result(catalog, row, share)
    figure = result.prefill_tokens_per_s if path.endswith("prefill_tokens_per_s") else result.decode_tokens_per_s
    return figure or 0.0, measured


def prompt_seconds(model: Any, w: Workload, gpu: Any, tokens: int, cal: Calibration) -> float:
    """Seconds of the prompt pass of `tokens` tokens from an empty cache, as the estimate times it (tokens / the
    prefill rate of a prompt that long: its attention at their own depth, estimator.prompt_attention_flops)."""
    if tokens <= 0:
        return 0.0
    long = w.model_copy(update={"prompt": tokens, "context": tokens})
    rate = estimate(model, long, gpu, cal=cal).prefill_tokens_per_s
    assert rate
    return tokens / rate


def depth_rate(model: Any, w: Workload, gpu: Any, tokens: int, depth: int, cal: Calibration) -> float:
    """llama-bench's pp<N> @ d<D> as the estimate has it: N tokens after D already in the cache, the difference of two
    prompt passes from empty, N / (T(D + N) - T(D)): the integral of a token's cost over depth D..D + N."""
    return tokens / (prompt_seconds(model, w, gpu, depth + tokens, cal) - prompt_seconds(model, w, gpu, depth, cal))


def replace_prefill(result: Any, rate: float) -> Any:
    """The estimate with its prefill rate set to `rate` (a depth row's marginal rate)."""
    return result.model_copy(update={"prefill_tokens_per_s": rate})


def offload_result(catalog: Catalog, row: Row, share: float | None = None) -> tuple[Any, str, float]:
    """The estimate of one offload row, the `estimate --json` path of the figure it measures, and the measurement
    (the host's RAM at `share` of its peak when given, else at its family's RAM_EFFICIENCY)."""
    from configurator.core.catalog.models import Cpu, Gpu, System
    from configurator.core.estimate.host import (
        AVX2_DECODE_RATE_SHARE,
        CPU_DECODE_FLOPS_PER_CORE_CYCLE,
        ccd_limit_gbps,
        cpu_core_ghz,
        cpu_decode_rate,
        cpu_peak_tflops,
        host_from_bandwidth,
    )
    from configurator.core.estimate.offload import estimate_on_host
    from configurator.core.estimate.unified import system_gpu

    decode, prefill = "speed.decode_tokens_per_s", "speed.prefill_tokens_per_s"
    model = catalog.get("models", row["model"])
    w = Workload(
        kind="inference",
        precision=row["precision"],
        engine="llama.cpp",
        context=row.get("context", 512),
        batch=row.get("batch", 1),  # llama-batched-bench's parallel sequences (B), each row's speed per sequence
    )
    if row["mode"] in ("system", "system_prefill"):
        system = catalog.get("systems", row["system"])
        assert isinstance(system, System)
        if row["mode"] == "system_prefill":  # llama-bench pp<N>: a prompt of N tokens on an empty context
            gpu = system_gpu(system, wired_fraction=1.0)
            # the run's own -ub when the source gives it (llama.cpp's default 512 unless it says)
            cal = replace(CAL, llamacpp_ubatch=row.get("ubatch", CAL.llamacpp_ubatch))
            w = w.model_copy(update={"prompt": row["prompt"], "context": row.get("context", row["prompt"])})
            result = estimate(model, w, gpu, cal=cal)
            if row.get("depth"):  # pp<N> @ d<D>: N tokens after D in the cache, the prompt pass's marginal rate
                rate = depth_rate(model, w, gpu, int(row["prompt"]), int(row["depth"]), cal)
                result = replace_prefill(result, rate)
            return result, prefill, row["measured_prefill_tokens_per_s"]
        if row.get("prompt"):  # llama-bench tg<N> @ d<D>: the reply's tokens after D already in the cache
            w = w.model_copy(update={"prompt": row["prompt"]})
        return estimate(model, w, system_gpu(system, wired_fraction=1.0)), decode, row["measured_tokens_per_s"]
    # the platform's peak from its channels, or the bandwidth the source itself states for the machine (`peak_gbps`);
    # a catalog CPU's chiplet links cap it as they do in a plan (host.ccd_limit_gbps)
    peak = row["peak_gbps"] if "peak_gbps" in row else row["channels"] * row["speed_mts"] * 8 / 1000
    cpu = catalog.get("cpus", row["cpu"]) if "cpu" in row else None
    tflops = cpu_peak_tflops(cpu) if isinstance(cpu, Cpu) else None
    limit = ccd_limit_gbps(cpu) if isinstance(cpu, Cpu) else None
    peak = min(peak, limit) if limit is not None else peak
    # the cores the run used x their base clock: a catalog CPU's (x the row's sockets), or the row's own `cores` and
    # `base_clock_ghz` (the threads it ran, where the source states them) for a CPU without a record
    core_ghz = cpu_core_ghz(cpu) * row.get("sockets", 1) if isinstance(cpu, Cpu) else None
    if "cores" in row:
        core_ghz = row["cores"] * row["base_clock_ghz"]
    # the cores' decode rate: a catalog CPU's (host.cpu_decode_rate), or the AVX2 share for a row whose cores the source
    # names as having no AVX-512 (`isa = "avx2"`)
    rate = cpu_decode_rate(cpu) if isinstance(cpu, Cpu) else CPU_DECODE_FLOPS_PER_CORE_CYCLE
    if row.get("isa") == "avx2":
        rate = CPU_DECODE_FLOPS_PER_CORE_CYCLE * AVX2_DECODE_RATE_SHARE
    host = host_from_bandwidth(
        peak,
        row.get("family", "desktop"),
        None,
        tflops,
        row.get("pcie_gen", 4),
        share=share,
        core_ghz=core_ghz,
        decode_per_cycle=rate,
    )
    if row["mode"] in ("cpu", "cpu_prefill"):
        result = estimate_on_host(model, w, None, 0, host)
        if row["mode"] == "cpu_prefill":
            return result, prefill, row["measured_prefill_tokens_per_s"]
        return result, decode, row["measured_tokens_per_s"]
    # the measured run's own --n-cpu-moe when the source gives it, else as few layers as fit
    # the run's host buffer for the weights in RAM: "mmap" where its command has no --no-mmap and the source says so
    # (llama.cpp's default, pageable); rows that do not say are scored pinned, as the fitted sweep was
    w = w.model_copy(
        update={"offload": "cpu", "n_cpu_moe": row.get("n_cpu_moe"), "host_buffer": row.get("host_buffer", "pinned")}
    )
    gpu = catalog.get("gpus", row["gpu"])
    assert isinstance(gpu, Gpu)
    if row["mode"] == "hybrid_prefill":
        # a prompt of `prompt` tokens in micro-batches of the run's -ub (llama.cpp's default 512 unless it says)
        w = w.model_copy(update={"prompt": row["prompt"], "context": row.get("context", row["prompt"])})
        cal = replace(CAL, llamacpp_ubatch_experts_in_ram=row.get("ubatch", CAL.llamacpp_ubatch))
        result = estimate_on_host(model, w, gpu, 1, host, cal=cal)
        return result, prefill, row["measured_prefill_tokens_per_s"]
    return estimate_on_host(model, w, gpu, 1, host), decode, row["measured_tokens_per_s"]


def offload_regime(catalog: Catalog, row: Row) -> str:
    """The regime an offload row reports under: experts in RAM (an MoE with --cpu-moe/--n-cpu-moe), layers in RAM,
    CPU only, or a unified-memory system."""
    if row["mode"] in ("system", "system_prefill"):
        return "unified memory"
    if row["mode"] in ("cpu", "cpu_prefill"):
        return "CPU only"
    return "experts in RAM" if catalog.get("models", row["model"]).moe is not None else "layers in RAM"


# ------------------------------------------------------------------ per-family RAM shares (estimate/host.py)


def _decode_at_share(catalog: Catalog, row: Row, share: float) -> float:
    """The decode estimate of one CPU or hybrid offload row with its host's RAM read at `share` of its peak (passed
    explicitly: the shipped RAM_EFFICIENCY table is never patched)."""
    return offload_prediction(catalog, row, share)[0]


def implied_ram_share(catalog: Catalog, row: Row) -> float:
    """The share of its platform's peak a CPU or hybrid decode row implies: the RAM_EFFICIENCY value at which the
    estimate equals the measurement (bisection; the estimate rises with the share)."""
    low, high = 0.05, 3.0
    for _ in range(40):
        mid = (low + high) / 2
        if _decode_at_share(catalog, row, mid) < row["measured_tokens_per_s"]:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def ram_share_rows(prefix: str) -> list[Row]:
    """The offload rows that measure a host's RAM share: decode on the CPU alone or with the experts in RAM."""
    return [r for r in offload_rows(prefix) if r["mode"] in ("cpu", "hybrid") and r.get("fit") != "core_rate"]


@dataclass(frozen=True)
class FamilyFit:
    """One RAM_EFFICIENCY family: the shares its fit rows imply, their geometric mean (the fitted share), the holdout
    rows' errors at the shipped share, and the leave-one-row-out errors over all its rows."""

    family: str
    fit_shares: tuple[float, ...]
    fitted: float
    holdout_errors: tuple[float, ...]
    loo_errors: tuple[float, ...]


def ram_share_fits(catalog: Catalog) -> dict[str, FamilyFit]:
    """Per family, the fit of its RAM share on tests/data/fit_offload.toml and its errors out of sample."""
    from configurator.core.estimate import host

    fits: dict[str, FamilyFit] = {}
    fit_rows, holdout = ram_share_rows("fit"), ram_share_rows("holdout")
    for fam in host.RAM_EFFICIENCY:
        mine = [r for r in fit_rows if r.get("family", "desktop") == fam]
        theirs = [r for r in holdout if r.get("family", "desktop") == fam]
        shares = [implied_ram_share(catalog, r) for r in mine]
        held = [offload_prediction(catalog, r) for r in theirs]
        everything = mine + theirs
        # a row its cores bind even at the highest share tried (host.CPU_DECODE_FLOPS_PER_CORE_CYCLE) implies no share:
        # it is scored, but left out of the others' mean
        implied = shares + [implied_ram_share(catalog, r) for r in theirs]
        bound = [_decode_at_share(catalog, r, 3.0) < r["measured_tokens_per_s"] for r in everything]
        loo = []
        for i, row in enumerate(everything):
            others = [s for j, s in enumerate(implied) if j != i and not bound[j]]
            if others:
                share = statistics.geometric_mean(others)
                loo.append(_decode_at_share(catalog, row, share) / row["measured_tokens_per_s"] - 1)
        fits[fam] = FamilyFit(
            fam,
            tuple(shares),
            statistics.geometric_mean(shares) if shares else float("nan"),
            tuple(e / m - 1 for e, m in held),
            tuple(loo),
        )
    return fits


# ------------------------------------------------------------------ the cores' decode rate (estimate/host.py)


def core_rate_rows(prefix: str) -> list[Row]:
    """The offload rows host.CPU_DECODE_FLOPS_PER_CORE_CYCLE is fitted on (`fit = "core_rate"`, fit file)."""
    return [r for r in offload_rows(prefix) if r.get("fit") == "core_rate"]


def implied_core_rate(catalog: Catalog, row: Row) -> float:
    """The FLOPs a core and cycle one row implies: the shipped rate scaled by the factor on the row's `cores` at which
    the estimate equals the measurement (bisection; scaling the cores scales the cores' rate, and the estimate rises
    with it)."""
    from configurator.core.estimate.host import CPU_DECODE_FLOPS_PER_CORE_CYCLE

    low, high = 0.1, 10.0
    for _ in range(40):
        mid = (low * high) ** 0.5
        if offload_prediction(catalog, {**row, "cores": row["cores"] * mid})[0] < row["measured_tokens_per_s"]:
            low = mid
        else:
            high = mid
    return CPU_DECODE_FLOPS_PER_CORE_CYCLE * (low * high) ** 0.5


def core_bound_holdout(catalog: Catalog) -> list[tuple[Row, float]]:
    """Holdout CPU and experts-in-RAM rows whose decode the cores bind at the shipped constants, with their errors."""
    out = []
    for row in ram_share_rows("holdout"):
        if "cores" not in row and "cpu" not in row:
            continue
        estimated, measured = offload_prediction(catalog, row)
        if estimated < 0.999 * _decode_at_share(catalog, row, 3.0):
            continue  # RAM binds at the shipped share (more RAM would read faster): not a core-bound row
        out.append((row, estimated / measured - 1))
    return out


# ------------------------------------------------------------------ offload rows, each source left out (issue #29)


def _geomean(values: list[float]) -> float | None:
    return statistics.geometric_mean(values) if values else None


def _held_family_share(catalog: Catalog, family: str, others: list[Row]) -> float:
    """The RAM share a family's rows read when their source is left out: the geometric mean of the shares the other
    sources' rows of the family imply, as RAM_EFFICIENCY is fitted; a family no other source measured takes the rule
    host.py gives a platform no family covers (FAMILY_OF_PLATFORM): a many-channel platform the lowest measured
    many-channel share, else (or when none is measured) the geometric mean of every share the other rows imply."""
    implied: dict[str, list[float]] = {}
    for r in others:
        if _decode_at_share(catalog, r, 3.0) < r["measured_tokens_per_s"]:
            continue  # its cores bind at any share: it implies none (ram_share_fits)
        implied.setdefault(r.get("family", "desktop"), []).append(implied_ram_share(catalog, r))
    own = _geomean(implied.get(family, []))
    if own is not None:
        return own
    many = [g for f, v in implied.items() if f != "desktop" and (g := _geomean(v)) is not None]
    if family != "desktop" and many:
        return min(many)
    pooled = _geomean([s for v in implied.values() for s in v])
    assert pooled is not None, "no RAM share left to fit"
    return pooled


def _unified_generic_share(precision: str, vendor: str, cal: Calibration = CAL) -> float:
    """The decode share of peak the estimator gives a unified GPU no measurement covers (estimator._bw_efficiency
    without unified.py's Apple shares or a backends.DECODE_FACTS entry): llama.cpp's CUDA-fitted share, AMD's
    multiplier on an AMD part."""
    quantized = precision not in ("fp32", "bf16", "fp16", "fp8")
    share = cal.bw_eff_llamacpp_quant if quantized else cal.bw_eff_llamacpp_f16
    return share * (cal.bw_eff_amd if vendor == "amd" else 1.0)


def offload_cross_validated(catalog: Catalog) -> list[Point]:
    """The decode rows of tests/data/fit_offload.toml, each source's rows scored with the constants the other sources'
    rows give (leave-one-source-out, as crossval.cross_validate does for the GPU rows): the RAM share of each host
    family (_held_family_share), the cores' decode rate (the geometric mean of the other core-rate rows' rates), and a
    unified system's decode share: its family's measured share (unified.py's Apple kernel shares, the Strix Halo
    DecodeFact: each one source's) where another source measured the family, else the estimator's share for an
    unmeasured GPU (_unified_generic_share), the estimate scaled by the ratio of the two (decode at one sequence and
    a short context is bound by the weight stream). The expert share a Strix Halo row also reads
    (backends.MOE_EXPERT_SHARE, from the same source) is kept: a simplification that narrows those rows' errors."""
    from configurator.core.catalog.models import System
    from configurator.core.estimate.estimator import _bw_efficiency
    from configurator.core.estimate.host import CPU_DECODE_FLOPS_PER_CORE_CYCLE
    from configurator.core.estimate.unified import system_gpu, system_vendor

    decode = [r for r in offload_rows("fit") if r["mode"] in ("system", "cpu", "hybrid")]
    out: list[Point] = []
    for row in decode:
        group = source_group(row["source"])
        others = [r for r in decode if source_group(r["source"]) != group]
        label = (
            f"{row['model']} {row['precision']} {row['mode']} {row.get('system') or row.get('gpu') or row.get('cpu')}"
        )
        if row["mode"] == "system":
            system = catalog.get("systems", row["system"])
            assert isinstance(system, System)
            estimated, measured = offload_prediction(catalog, row)
            vendor = system_vendor(system)
            mates = [r for r in others if r["mode"] == "system" and r["system"] == row["system"]]
            if mates:  # another source measured the same system: refit its share on those rows
                scale = _geomean([m / e for e, m in (offload_prediction(catalog, r) for r in mates)]) or 1.0
            else:
                shipped = _bw_efficiency("llama.cpp", row["precision"], system_gpu(system, wired_fraction=1.0), cal=CAL)
                scale = _unified_generic_share(row["precision"], vendor) / shipped
            out.append(Point(measured, estimated * scale, group, label, ("offload", "unified memory")))
            continue
        share = _held_family_share(
            catalog, row.get("family", "desktop"), [r for r in ram_share_rows("fit") if r in others]
        )
        if row.get("fit") == "core_rate":
            rates = [implied_core_rate(catalog, r) for r in core_rate_rows("fit") if r in others]
            rate = _geomean(rates) or CPU_DECODE_FLOPS_PER_CORE_CYCLE
            row = {**row, "cores": row["cores"] * rate / CPU_DECODE_FLOPS_PER_CORE_CYCLE}
        estimated = _decode_at_share(catalog, row, share)
        regime = "CPU only" if row["mode"] == "cpu" else "experts in RAM"
        out.append(Point(row["measured_tokens_per_s"], estimated, group, label, ("offload", regime)))
    return out
