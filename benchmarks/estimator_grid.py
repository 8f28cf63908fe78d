"""Every estimator entry point over a wide generated grid, dumped as JSON: the safety net of a refactor.

    python benchmarks/estimator_grid.py [--quick] [--models ID,...] [--out FILE]

Runs `estimate` for every catalog model x a set of GPUs and counts x inference / fine-tuning / pretraining at several
precisions, engines and options (offload, MTP, older llama.cpp builds), plus `estimate_on_host`, `estimate_mixed`,
`plan_training`, `plan_inference` and `plan_estimate`, and writes every result (steps, assumptions and warnings
included) or the error it raised as sorted JSON, one line a case. A pure refactor leaves the file byte-identical:
compare the sha256 it prints (or `cmp` two dumps). `--quick` takes every fourth model, `--models` the ones named
(tests/test_benchmarks.py runs one, twice). Before and after, on this 2-core machine: --quick takes ~35 s of CPU.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.catalog.models import Gpu, ModelArch, System
from configurator.core.common.errors import ConfiguratorError
from configurator.core.estimate.estimator import estimate, llamacpp_build
from configurator.core.estimate.host import host_from_bandwidth
from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.parallel import inter_node_link, plan_estimate, plan_inference, plan_training
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from configurator.storage import catalogs

GPUS = (
    "rtx-3090",
    "rtx-4090",
    "rtx-5090",
    "rtx-2080-ti",
    "tesla-p40",
    "v100-32gb-sxm2",
    "a100-80gb-pcie",
    "a100-80gb-sxm",
    "h100-sxm",
    "h20",
    "b200",
    "l40s",
    "mi300x",
    "rx-7900-xtx",
    "arc-a770-16gb",
)
COUNTS = (1, 2, 3, 8)

INFERENCE: tuple[dict[str, Any], ...] = (
    dict(precision="q4_k_m", engine="llama.cpp"),
    dict(precision="q8_0", engine="llama.cpp", context=32768, batch=4, kv_precision="q8_0"),
    dict(precision="q4_0", engine="llama.cpp", prompt=2048, context=8192),
    dict(precision="bf16", engine="llama.cpp", split="tensor"),
    dict(precision="q4_k_m", engine="llama.cpp", cpu_layers=8),
    dict(precision="q4_k_m", engine="llama.cpp", cpu_experts=True),
    dict(precision="q4_k_m", engine="llama.cpp", offload="cpu"),
    dict(precision="q4_k_m", engine="llama.cpp", speculative="mtp"),
    dict(precision="mxfp4", engine="llama.cpp"),
    dict(precision="bf16", engine="vllm"),
    dict(precision="fp8", engine="vllm", batch=64, prompt=1024, context=4096),
    dict(precision="awq-int4", engine="vllm", split="layer"),
    dict(precision="bf16", engine="sglang", batch=8),
    dict(precision="bf16", engine="transformers", batch=2),
    dict(precision="int8", engine="transformers"),
    dict(precision="exl2-4.0", engine="exllamav2"),
    dict(precision="bf16"),
)
TRAINING: tuple[dict[str, Any], ...] = (
    dict(kind="finetune", method="lora", tokens=1e8),
    dict(kind="finetune", method="qlora", tokens=1e8, context=4096, batch=2),
    dict(kind="finetune", method="lora", lora_targets="attention", train_embeddings=True, framework="peft"),
    dict(kind="finetune", method="full", tokens=1e9, zero=2),
    dict(kind="finetune", method="full", zero=3, offload="cpu", framework="deepspeed"),
    dict(kind="finetune", method="full", framework="torchtune", offload="cpu"),
    dict(kind="finetune", method="lora", framework="unsloth", grad_checkpointing=False),
    dict(kind="finetune", method="full", optimizer="adamw-8bit", activation_offload=True),
    dict(kind="pretrain", tokens=1e11, context=4096),
    dict(kind="pretrain", tokens=1e11, zero=3, selective_checkpointing=True, fused_kernels=True, precision="fp8"),
    dict(kind="pretrain", tokens=1e10, mfu=0.4, grad_checkpointing=False, batch=4),
)
BUILDS = (("2023-12", "cuda"), ("2024-06", "cuda"), ("2025-01", "vulkan"), ("2026-03", "cuda"))


def _json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {k: _json(v) for k, v in dataclasses.asdict(value).items()}
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


def _run(call: Callable[[], Any]) -> Any:
    try:
        return _json(call())
    except (ConfiguratorError, ValueError) as exc:  # the refused requests are part of the behaviour
        return {"error": type(exc).__name__, "message": str(exc)}


def _workload(**fields: Any) -> Workload | str:
    try:
        return Workload(**fields)
    except (ConfiguratorError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"


def cases(models: list[ModelArch], gpus: list[Gpu], systems: list[System]) -> Iterator[tuple[str, Any]]:
    big = [m for m in models if m.moe is not None or m.num_layers >= 60][:6]
    for model in models:
        for i, fields in enumerate(INFERENCE):
            w = _workload(kind="inference", **fields)
            for gpu in gpus:
                for n in COUNTS:
                    if isinstance(w, str):
                        yield f"{model.id} inf{i} {gpu.id} x{n}", w
                        continue
                    yield f"{model.id} inf{i} {gpu.id} x{n}", _run(lambda: estimate(model, w, gpu, n))
            if isinstance(w, Workload):
                yield f"{model.id} inf{i} no-gpu", _run(lambda: estimate(model, w))
                yield (
                    f"{model.id} inf{i} exact",
                    _run(lambda: estimate(model, w, gpus[0], 1, exact_weight_bytes=10**10)),
                )
        for i, fields in enumerate(TRAINING):
            w = _workload(**fields)
            for gpu in gpus[::2]:
                for n in COUNTS:
                    if isinstance(w, str):
                        yield f"{model.id} train{i} {gpu.id} x{n}", w
                        continue
                    yield f"{model.id} train{i} {gpu.id} x{n}", _run(lambda: estimate(model, w, gpu, n))
        host = host_from_bandwidth(204.8, "intel_mesh", 512, 4.0, 5)
        for fields in (dict(precision="q4_k_m"), dict(precision="q8_0", cpu_experts=True), dict(n_cpu_moe=4)):
            w = _workload(kind="inference", engine="llama.cpp", **fields)
            if isinstance(w, Workload):
                yield f"{model.id} host cpu {fields}", _run(lambda: estimate_on_host(model, w, None, 0, host))
                for gpu in gpus[:3]:
                    yield f"{model.id} host {gpu.id} {fields}", _run(lambda: estimate_on_host(model, w, gpu, 1, host))
                    yield f"{model.id} host2 {gpu.id} {fields}", _run(lambda: estimate(model, w, gpu, 2, host=host))
        w_mix = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp")
        yield f"{model.id} mixed", _run(lambda: estimate_mixed(model, w_mix, [gpus[1], gpus[0]]))
        w_tp = Workload(kind="inference", precision="bf16", engine="vllm")
        yield f"{model.id} mixed tp", _run(lambda: estimate_mixed(model, w_tp, [gpus[1], gpus[0]]))
        for system in systems:
            w_u = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp")
            yield f"{model.id} {system.id}", _run(lambda: estimate(model, w_u, system_gpu(system)))
        for date, backend in BUILDS:
            w_b = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", prompt=512, context=1024)
            build = llamacpp_build(date, backend)
            for gpu in gpus[:6]:
                yield f"{model.id} build {date} {backend} {gpu.id}", _run(lambda: estimate(model, w_b, gpu, cal=build))
    h100 = next(g for g in gpus if g.id == "h100-sxm")
    for model in big:
        for fields in (dict(kind="pretrain", tokens=1e12), dict(kind="finetune", method="full", tokens=1e9)):
            w = Workload(**fields)
            for nodes in (1, 4, 32):
                link = inter_node_link(400) if nodes > 1 else None
                yield f"{model.id} plan {fields} {nodes}", _run(lambda: plan_training(model, w, h100, nodes, 8, link))
                yield (
                    f"{model.id} plan_estimate {fields} {nodes}",
                    _run(lambda: plan_estimate(model, w, h100, nodes, 8, link)),
                )
        long = Workload(kind="pretrain", tokens=1e12, context=32768)  # context parallel
        yield f"{model.id} plan long", _run(lambda: plan_training(model, long, h100, 4, 8, inter_node_link(400)))
        fixed = Workload(kind="pretrain", tokens=1e12)
        yield (
            f"{model.id} plan fixed",
            _run(
                lambda: plan_training(
                    model,
                    fixed,
                    h100,
                    4,
                    8,
                    inter_node_link(200),
                    mfu=0.4,
                    tensor=8,
                    pipeline=4,
                    virtual_stages=2,
                    batch_tokens=2e6,
                )
            ),
        )
        w_i = Workload(kind="inference", precision="bf16", engine="vllm")
        yield f"{model.id} plan_inference", _run(lambda: plan_inference(model, w_i, h100, 2, 8, inter_node_link(400)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every fourth model")
    parser.add_argument("--models", default="", help="only these model ids (comma-separated)")
    parser.add_argument("--out", type=Path, default=None, help="where to write the dump (default: print its hash only)")
    args = parser.parse_args()
    catalog = catalogs.load(include_user=False).catalog
    models = [m for m in catalog.kind("models") if isinstance(m, ModelArch)]
    if args.quick:
        models = models[::4]
    if args.models:
        models = [m for m in models if m.id in args.models.split(",")]
    gpus = [g for gid in GPUS for g in catalog.gpus if g.id == gid]
    systems = [s for s in catalog.kind("systems") if isinstance(s, System) and s.unified is not None][:3]
    digest, count = hashlib.sha256(), 0
    with open(args.out or os.devnull, "w") as out:
        for key, value in cases(models, gpus, systems):
            line = json.dumps([key, value], sort_keys=True) + "\n"  # one line a case: diff shows which
            digest.update(line.encode())
            out.write(line)
            count += 1
    print(f"{count} cases, sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
