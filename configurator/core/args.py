"""Command-line options for a workload and a build request, shared by the CLI and the app's
`screenshot` command (argparse only; nothing here touches files or Qt)."""

from __future__ import annotations

import argparse
import re
from typing import Any

from configurator.core.estimate.frameworks import FRAMEWORKS, OPTIMIZER_STATE_BYTES
from configurator.core.estimate.precision import KV_PRECISIONS, WEIGHT_PRECISIONS
from configurator.core.estimate.workload import ENGINES


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
    parser.add_argument("--engine", choices=ENGINES, metavar="E", help=" | ".join(ENGINES))
    parser.add_argument("--gpu", metavar="ID", help="a GPU id from `llm-rig catalog list gpus` (plan: a comma-separated list)")
    parser.add_argument("--gpus", type=_count, default=1, metavar="N", help="estimate: 0 runs on the CPU (needs --cpu or --system)")
    parser.add_argument("--split", choices=("auto", "layer", "tensor"), default="auto", help="multi-GPU split for inference")
    parser.add_argument("--method", choices=("full", "lora", "qlora"), default="lora")
    parser.add_argument("--optimizer", choices=tuple(OPTIMIZER_STATE_BYTES), help="training: default is the framework's")
    parser.add_argument("--framework", choices=FRAMEWORKS, metavar="NAME",
                        help="fine-tuning framework, for its memory defaults: " + " ".join(FRAMEWORKS)
                        + " (default: peft for LoRA/QLoRA, transformers for full)")
    offload_acts = parser.add_mutually_exclusive_group()
    offload_acts.add_argument("--activation-offload", dest="activation_offload", action="store_true", default=None,
                              help="training: checkpointed activations in host RAM (Unsloth's default)")
    offload_acts.add_argument("--no-activation-offload", dest="activation_offload", action="store_false")
    checkpointing = parser.add_mutually_exclusive_group()
    checkpointing.add_argument("--grad-checkpointing", dest="grad_checkpointing", action="store_true", default=None)
    checkpointing.add_argument("--no-grad-checkpointing", dest="grad_checkpointing", action="store_false")
    parser.add_argument("--lora-rank", type=_positive_int, default=16, metavar="R")
    parser.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0)
    parser.add_argument("--offload", choices=("none", "cpu"), default="none",
                        help="training: optimizer states (ZeRO-3: parameters) to RAM; inference with llama.cpp: "
                             "what does not fit the GPUs stays in RAM (MoE experts first)")
    parser.add_argument("--cpu-layers", type=int, default=0, metavar="N", help="inference: layers kept in system RAM")
    parser.add_argument("--cpu-experts", action="store_true", help="inference: MoE experts kept in system RAM")
    parser.add_argument("--ram-bandwidth", type=_positive_float, default=None, metavar="GBPS",
                        help="peak host memory bandwidth for offloaded weights (default: from --cpu/--ram, "
                             "else dual-channel DDR5-5600 = 89.6)")
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


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
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


def _owned(text: str) -> tuple[str, str, int]:
    """'rtx-3090', 'rtx-3090x2' or 'chassis:fractal-define-7-xl' -> (category, id, quantity)."""
    category = "gpu"
    if ":" in text:
        category, text = text.split(":", 1)
    match = re.fullmatch(r"(.+?)(?:x(\d+))?", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected ID or IDxN, got {text!r}")
    return category, match.group(1), int(match.group(2) or 1)


def add_plan_options(parser: argparse.ArgumentParser) -> None:
    add_workload_options(parser)
    parser.add_argument("--budget", type=float, metavar="N", help="total budget in --currency")
    parser.add_argument("--currency", choices=("USD", "CNY", "EUR"), default="USD")
    parser.add_argument("--min-decode-tps", type=float, metavar="F", help="minimum decode tokens/s per sequence")
    parser.add_argument("--deadline-hours", type=float, metavar="H", help="training must finish within H hours")
    parser.add_argument("--circuit", choices=("120v15a", "120v20a", "230v10a", "230v16a"), default=None,
                        help="the wall circuit (default 120v15a for USD, 230v16a otherwise)")
    parser.add_argument("--circuits", type=int, default=1, metavar="N", help="how many such circuits may feed the machine")
    parser.add_argument("--form", choices=("tower", "rack", "open-frame", "any"), default="any")
    parser.add_argument("--room", choices=("home-office", "lab", "server-room"), default="lab")
    parser.add_argument("--condition", choices=("new", "used", "any"), default="any", help="new or used parts")
    parser.add_argument("--region", choices=("global", "china"), default=None, help="default china for CNY")
    parser.add_argument("--own", action="append", default=[], type=_owned, metavar="[CATEGORY:]ID[xN]",
                        help="a part you already own and want used, e.g. rtx-3090 or rtx-3090x2 (repeatable)")
    parser.add_argument("--power-limit", type=float, metavar="F",
                        help="run the GPUs at this fraction of rated power, e.g. 0.8 (set with nvidia-smi -pl at boot)")
    parser.add_argument("--vendor", action="append", choices=("nvidia", "amd", "intel"), default=[],
                        help="only GPUs from this vendor (repeatable)")
    parser.add_argument("--top", type=int, default=5, metavar="K", help="how many alternatives")


def build_request(args: argparse.Namespace, model_id: str, workload: Any) -> Any:
    from configurator.core.errors import RequestError
    from configurator.core.solve.request import BuildRequest, OwnedPart, default_circuit, default_region

    try:
        owned = tuple(OwnedPart(category=c, id=i, quantity=q) for c, i, q in args.own)  # type: ignore[arg-type]
        return BuildRequest(
            model_id=model_id,
            workload=workload,
            budget=args.budget,
            currency=args.currency,
            min_decode_tps=args.min_decode_tps,
            deadline_hours=args.deadline_hours,
            circuit=args.circuit or default_circuit(args.currency),
            circuits=args.circuits,
            form=args.form,
            room=args.room,
            condition=args.condition,
            owned=owned,
            max_gpus=args.gpus if args.gpus > 1 else 8,
            gpu_ids=tuple(g.strip() for g in args.gpu.split(",") if g.strip()) if args.gpu else (),
            gpu_vendors=tuple(args.vendor),
            power_limit=args.power_limit,
            region=args.region or default_region(args.currency),
            top_k=max(1, min(args.top, 10)),
        )
    except ValueError as exc:
        errors = getattr(exc, "errors", None)
        message = errors()[0]["msg"].removeprefix("Value error, ") if callable(errors) else str(exc)
        raise RequestError(message) from None




def workload_from_args(args: argparse.Namespace) -> Any:
    """The Workload named by the options; RequestError with a one-line reason when invalid."""
    from configurator.core.errors import RequestError
    from configurator.core.estimate.workload import Workload

    try:
        return Workload(
            kind=args.workload,
            precision=args.precision,
            kv_precision=args.kv_precision,
            context=args.context,
            batch=args.batch,
            engine=args.engine,
            split=args.split,
            method=args.method,
            optimizer=args.optimizer,
            framework=args.framework,
            activation_offload=args.activation_offload,
            grad_checkpointing=args.grad_checkpointing,
            lora_rank=args.lora_rank,
            zero=args.zero,
            offload=args.offload,
            tokens=args.tokens,
            mfu=args.mfu,
            cpu_layers=args.cpu_layers,
            cpu_experts=args.cpu_experts,
            **({"ram_bandwidth_gbps": args.ram_bandwidth} if args.ram_bandwidth is not None else {}),
        )
    except ValueError as exc:  # pydantic ValidationError is a ValueError
        errors = getattr(exc, "errors", None)
        message = errors()[0]["msg"].removeprefix("Value error, ") if callable(errors) else str(exc)
        raise RequestError(message) from None
