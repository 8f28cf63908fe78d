"""Compare the estimator with the published measurements in tests/data/reference_*.toml.

Used by tests/core/test_estimator_reference.py (median error targets) and by
benchmarks/accuracy.py (a per-row report for calibration notes).
"""

from __future__ import annotations

import statistics
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload

DATA = Path(__file__).resolve().parent / "data"
GIB = 1024**3

ENGINE_ALIASES = {"sglang": "vllm", "exllama": "llama.cpp", "mlc-llm": "llama.cpp", "ollama": "llama.cpp"}


@dataclass
class Comparison:
    kind: str
    label: str
    measured: float
    estimated: float
    source: str

    @property
    def error(self) -> float:
        return (self.estimated - self.measured) / self.measured


@dataclass
class Skipped:
    kind: str
    label: str
    reason: str


def rows(name: str) -> list[dict[str, Any]]:
    with (DATA / f"reference_{name}.toml").open("rb") as handle:
        return list(tomllib.load(handle)["rows"])


def _bytes(row: dict[str, Any]) -> float:
    return row["measured_gb"] * (GIB if row.get("unit") == "GiB" else 1e9)


def inference_memory(catalog: Catalog) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("inference_memory"):
        label = f"{row['model']} {row['precision']} ctx={row['context']} b={row['batch']} {row['engine']} x{row['gpus']} {row['what']}"
        model = catalog.records["models"].get(row["model"])
        if model is None:
            skipped.append(Skipped("inference_memory", label, "model not in catalog"))
            continue
        engine = ENGINE_ALIASES.get(row["engine"], row["engine"])
        try:
            workload = Workload(
                kind="inference", precision=row["precision"], kv_precision=_kv(row.get("kv_precision")),
                context=max(int(row["context"]), 1), batch=int(row["batch"]), engine=engine,
            )
        except ValueError as exc:
            skipped.append(Skipped("inference_memory", label, str(exc)))
            continue
        result = estimate(model, workload, None, int(row["gpus"]))
        b = result.breakdown
        if row["what"] == "weights":
            # a GGUF file or an engine's weight log counts every weight, embeddings included
            value = b.weights + (result.host_ram_bytes if engine == "llama.cpp" else 0)
        elif row["what"] == "model load":
            value = b.weights + b.runtime_overhead
        else:
            value = result.total_bytes
        out.append(Comparison("inference_memory", label, _bytes(row), value, row["source"]))
    return out, skipped


def _kv(value: str | None) -> str:
    return "fp16" if value in (None, "bf16") else value


def finetune_memory(catalog: Catalog) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("finetune_memory"):
        label = f"{row['model']} {row['method']} {row['precision']} seq={row['context']} b={row['batch']} x{row['gpus']} z{row['zero']}"
        model = catalog.records["models"].get(row["model"])
        if model is None:
            skipped.append(Skipped("finetune_memory", label, "model not in catalog"))
            continue
        precision = row["precision"]
        if row["method"] == "qlora":
            precision = "nf4" if precision == "nf4" else "int4"
        try:
            workload = Workload(
                kind="finetune", method=row["method"], optimizer=row["optimizer"], precision=precision,
                context=int(row["context"]), batch=int(row["batch"]),
                grad_checkpointing=row.get("grad_checkpointing", True), lora_rank=int(row.get("lora_rank", 8)),
                zero=int(row["zero"]), offload=row.get("offload", "none"),
                train_embeddings=bool(row.get("train_embeddings", False)),
            )
        except ValueError as exc:
            skipped.append(Skipped("finetune_memory", label, str(exc)))
            continue
        result = estimate(model, workload, None, int(row["gpus"]))
        value = result.total_bytes if row.get("scope") == "total" else result.per_gpu_bytes
        out.append(Comparison("finetune_memory", label, _bytes(row), value, row["source"]))
    return out, skipped


def decode_speed(catalog: Catalog) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("decode_speed"):
        label = f"{row['model']} {row['precision']} {row['engine']} {row['gpus']}x{row['gpu']} ctx={row['context']} b={row['batch']}"
        model = catalog.records["models"].get(row["model"])
        gpu = catalog.records["gpus"].get(row["gpu"])
        if model is None or gpu is None:
            skipped.append(Skipped("decode_speed", label, "model or GPU not in catalog"))
            continue
        engine = ENGINE_ALIASES.get(row["engine"], row["engine"])
        try:
            workload = Workload(
                kind="inference", precision=row["precision"], context=max(int(row["context"]), 1),
                batch=int(row["batch"]), engine=engine,
            )
        except ValueError as exc:
            skipped.append(Skipped("decode_speed", label, str(exc)))
            continue
        result = estimate(model, workload, gpu, int(row["gpus"]))
        if result.decode_tokens_per_s is None:
            skipped.append(Skipped("decode_speed", label, "no speed estimate"))
            continue
        out.append(Comparison("decode_speed", label, float(row["measured_tokens_per_s"]), result.decode_tokens_per_s, row["source"]))
    return out, skipped


def training_gpu_hours(catalog: Catalog) -> tuple[list[Comparison], list[Skipped]]:
    out, skipped = [], []
    for row in rows("training_gpu_hours"):
        label = f"{row['model']} {row['tokens']:.3g} tokens on {row['gpu']}"
        model = catalog.records["models"].get(row["model"])
        gpu = catalog.records["gpus"].get(row["gpu"])
        if model is None or gpu is None:
            skipped.append(Skipped("training_gpu_hours", label, "model or GPU not in catalog"))
            continue
        workload = Workload(
            kind="pretrain", tokens=float(row["tokens"]), context=int(row.get("sequence_length") or min(4096, model.max_context)),
            grad_checkpointing=False,
        )
        result = estimate(model, workload, gpu, 8)
        assert result.gpu_hours is not None
        out.append(Comparison("training_gpu_hours", label, float(row["measured_gpu_hours"]), result.gpu_hours, row["source"]))
    return out, skipped


ALL = {
    "inference_memory": inference_memory,
    "finetune_memory": finetune_memory,
    "decode_speed": decode_speed,
    "training_gpu_hours": training_gpu_hours,
}
TARGETS = {"inference_memory": 0.10, "finetune_memory": 0.15, "decode_speed": 0.20, "training_gpu_hours": 0.25}


def median_abs_error(comparisons: list[Comparison]) -> float:
    return statistics.median(abs(c.error) for c in comparisons)
