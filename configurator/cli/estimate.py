"""`llm-rig estimate`: memory, speed and time for one model, workload and GPU choice."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from configurator.core.estimate.precision import KV_PRECISIONS, WEIGHT_PRECISIONS

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_workload_options(parser: argparse.ArgumentParser) -> None:
    """The options shared by `estimate` and `plan` (a public contract: keep the names)."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--model", metavar="ID", help="a model id from `llm-rig catalog list models`")
    source.add_argument("--model-config", metavar="PATH", help="a config.json, a .gguf file, a model folder, or org/name in the HF cache")
    parser.add_argument("--workload", choices=("inference", "finetune", "pretrain"), required=True)
    parser.add_argument("--precision", choices=WEIGHT_PRECISIONS, metavar="P", help="weight precision: " + " ".join(WEIGHT_PRECISIONS))
    parser.add_argument("--kv-precision", choices=KV_PRECISIONS, default="fp16", metavar="P", help="KV cache: " + " ".join(KV_PRECISIONS))
    parser.add_argument("--context", type=_positive_int, metavar="N", help="tokens per sequence (prompt + generated; training sequence length)")
    parser.add_argument("--batch", type=_positive_int, default=1, metavar="N", help="concurrent sequences (inference) or micro-batch (training)")
    parser.add_argument("--engine", choices=("llama.cpp", "vllm", "transformers"), metavar="E", help="llama.cpp | vllm | transformers")
    parser.add_argument("--gpu", metavar="ID", help="a GPU id from `llm-rig catalog list gpus`")
    parser.add_argument("--gpus", type=_positive_int, default=1, metavar="N")
    parser.add_argument("--split", choices=("auto", "layer", "tensor"), default="auto", help="multi-GPU split for inference")
    parser.add_argument("--method", choices=("full", "lora", "qlora"), default="lora")
    parser.add_argument("--optimizer", choices=("adamw", "adamw-8bit", "sgd"), default="adamw")
    checkpointing = parser.add_mutually_exclusive_group()
    checkpointing.add_argument("--grad-checkpointing", dest="grad_checkpointing", action="store_true", default=None)
    checkpointing.add_argument("--no-grad-checkpointing", dest="grad_checkpointing", action="store_false")
    parser.add_argument("--lora-rank", type=_positive_int, default=16, metavar="R")
    parser.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0)
    parser.add_argument("--offload", choices=("none", "cpu"), default="none")
    parser.add_argument("--tokens", type=_positive_float, metavar="N", help="training tokens (e.g. 1e11)")
    parser.add_argument("--mfu", type=_fraction, metavar="F", help="model FLOPs utilisation, 0-1")
    parser.add_argument("--explain", action="store_true", help="print the chain of formulas")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _positive_int(text: str) -> int:
    try:
        value = int(float(text)) if "e" in text.lower() else int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def _fraction(text: str) -> float:
    value = _positive_float(text)
    if value > 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {text}")
    return value


@dataclass
class Resolved:
    """What the workload options name, looked up in the catalog."""

    model: Any
    workload: Any
    gpu: Any
    gpus: int
    exact_weight_bytes: int | None
    catalog: Any


ESTIMATE_KINDS = frozenset({"models", "gpus"})


def resolve(args: argparse.Namespace, kinds: frozenset[str] | None = ESTIMATE_KINDS) -> Resolved:
    from configurator.core.errors import ConfiguratorError, RequestError
    from configurator.core.estimate.workload import Workload
    from configurator.core.model_import import import_model
    from configurator.storage import catalogs

    result = catalogs.load(kinds=kinds)
    for problem in result.problems:
        print(f"warning: {problem}", file=sys.stderr)
    catalog = result.catalog
    exact = None
    if args.model:
        model = catalog.records["models"].get(args.model)
        if model is None:
            close = [m for m in catalog.records["models"] if args.model.split("-")[0] in m][:5]
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise RequestError(f"unknown model id {args.model!r}{hint}; see `llm-rig catalog list models`")
    else:
        imported = import_model(args.model_config)
        model = imported.arch
        if imported.weight_bytes and (args.precision in (None, imported.file_precision)):
            exact = imported.weight_bytes
            if args.precision is None and imported.file_precision:
                args.precision = imported.file_precision
    gpu = None
    if args.gpu:
        gpu = catalog.records["gpus"].get(args.gpu)
        if gpu is None:
            raise RequestError(f"unknown GPU id {args.gpu!r}; see `llm-rig catalog list gpus`")
    try:
        workload = Workload(
            kind=args.workload,
            precision=args.precision,
            kv_precision=args.kv_precision,
            context=args.context,
            batch=args.batch,
            engine=args.engine,
            split=args.split,
            method=args.method,
            optimizer=args.optimizer,
            grad_checkpointing=args.grad_checkpointing,
            lora_rank=args.lora_rank,
            zero=args.zero,
            offload=args.offload,
            tokens=args.tokens,
            mfu=args.mfu,
        )
    except ValueError as exc:  # pydantic ValidationError is a ValueError
        errors = getattr(exc, "errors", None)
        message = errors()[0]["msg"].removeprefix("Value error, ") if callable(errors) else str(exc)
        raise RequestError(message) from None
    except ConfiguratorError:
        raise
    return Resolved(model, workload, gpu, args.gpus, exact, catalog)


def _cmd_estimate(args: argparse.Namespace) -> int:
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.report import format_estimate

    r = resolve(args)
    result = estimate(r.model, r.workload, r.gpu, r.gpus, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_OK
    print(format_estimate(result, r.model, r.gpu, explain=args.explain))
    return EXIT_OK


def register(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    estimate = commands.add_parser("estimate", help="memory, speed and time for a model and workload")
    add_workload_options(estimate)
    estimate.set_defaults(func=_cmd_estimate)
