"""Command-line options for a workload and a build request, shared by the CLI and the app's
`screenshot` command (argparse only; nothing here touches files or Qt)."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from typing import Any

from configurator.core.catalog.models import MAX_LAYERS
from configurator.core.catalog.tax import EUR_COUNTRIES
from configurator.core.common.errors import error_message
from configurator.core.estimate.frameworks import FRAMEWORKS, OPTIMIZER_STATE_BYTES, SHARDINGS
from configurator.core.estimate.precision import KV_PRECISIONS, WEIGHT_PRECISIONS
from configurator.core.estimate.workload import ENGINES

PLAN_TOP = 5
"""The places a plan ranks its builds in (`--top`'s default): a plan asked for fewer shows the K holding its strongest
claims in the same order, each label true over all of them (ranking.rank_and_label, _cut); one asked for more ranks
them all."""
MAX_GPUS = 4096
"""`--gpus`: the largest cluster the estimator sizes (memory and time scale with it)."""


def add_workload_options(parser: argparse.ArgumentParser) -> None:
    """The options shared by `estimate` and `plan` (a public contract: keep the names), in the order --help lists them."""
    _add_model_and_shape(parser)
    _add_training_options(parser)
    _add_placement_and_output(parser)


def _add_model_and_shape(parser: argparse.ArgumentParser) -> None:
    """The model, the workload, precisions, context, batch, engine, GPUs and split."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--model", metavar="ID", type=_nonempty, help="a model id from `llm-rig catalog list models`")
    source.add_argument(
        "--model-config",
        metavar="PATH",
        type=_nonempty,
        help="a config.json, a .gguf file, a model folder, or org/name in the HF cache",
    )
    parser.add_argument("--workload", choices=("inference", "finetune", "pretrain"), required=True)
    parser.add_argument(
        "--precision", choices=WEIGHT_PRECISIONS, metavar="P", help="weight precision: " + " ".join(WEIGHT_PRECISIONS)
    )
    parser.add_argument(
        "--kv-precision",
        choices=KV_PRECISIONS,
        metavar="P",
        help="KV cache: "
        + " ".join(KV_PRECISIONS)
        + " (default: fp16, as llama.cpp's and vLLM's; not given, a llama.cpp plan at 16k context or more also shows"
        + " builds with a q8_0 cache)",
    )
    parser.add_argument(
        "--context",
        type=_workload_int("context"),
        metavar="N",
        help="tokens per sequence (prompt + generated; training sequence length)",
    )
    parser.add_argument(
        "--prompt",
        type=_workload_int("prompt"),
        metavar="N",
        help="inference: prompt tokens processed at once before generating (default: memory for the whole context, "
        "the first token timed for a typical 1,020-token prompt within it: the median of Azure's 2023 conversation "
        "trace)",
    )
    parser.add_argument(
        "--batch",
        type=_workload_int("batch"),
        default=1,
        metavar="N",
        help="concurrent sequences (inference) or micro-batch (training)",
    )
    parser.add_argument("--engine", choices=ENGINES, metavar="E", help=" | ".join(ENGINES))
    parser.add_argument(
        "--gpu",
        metavar="ID",
        type=_id_list,
        help="a GPU id from `llm-rig catalog list gpus` (plan: a comma-separated list, ready-made system ids from `catalog list systems` too: a Mac Studio beside a 3090)",
    )
    parser.add_argument(
        "--gpus",
        type=int_in(0, MAX_GPUS),
        default=1,
        metavar="N",
        help="estimate: 0 runs on the CPU (needs --cpu or --system)",
    )
    parser.add_argument(
        "--split", choices=("auto", "layer", "tensor"), default="auto", help="multi-GPU split for inference"
    )


def _add_training_options(parser: argparse.ArgumentParser) -> None:
    """Fine-tuning and training: method, optimizer, framework, offload of activations, recomputation, kernels, ZeRO."""
    parser.add_argument("--method", choices=("full", "lora", "qlora"), default="lora")
    parser.add_argument(
        "--optimizer", choices=tuple(OPTIMIZER_STATE_BYTES), help="training: default is the framework's"
    )
    parser.add_argument(
        "--framework",
        choices=FRAMEWORKS,
        metavar="NAME",
        help="fine-tuning framework, for its memory defaults: "
        + " ".join(FRAMEWORKS)
        + " (default: peft for LoRA/QLoRA, transformers for full)",
    )
    offload_acts = parser.add_mutually_exclusive_group()
    offload_acts.add_argument(
        "--activation-offload",
        dest="activation_offload",
        action="store_true",
        default=None,
        help="training: checkpointed activations in host RAM (Unsloth's default)",
    )
    offload_acts.add_argument("--no-activation-offload", dest="activation_offload", action="store_false")
    checkpointing = parser.add_mutually_exclusive_group()
    checkpointing.add_argument("--grad-checkpointing", dest="grad_checkpointing", action="store_true", default=None)
    checkpointing.add_argument("--no-grad-checkpointing", dest="grad_checkpointing", action="store_false")
    parser.add_argument(
        "--selective-checkpointing",
        action="store_true",
        help="training: per-operator selective checkpointing (torchtitan's selective_ac_option 'op': "
        "every other matmul output and attention's output kept, the rest recomputed)",
    )
    fused = parser.add_mutually_exclusive_group()
    fused.add_argument(
        "--fused-kernels",
        dest="fused_kernels",
        action="store_true",
        default=None,
        help="training: the stack fuses its element-wise ops (torch.compile, fused kernels; default: "
        "the framework's: Unsloth yes, the HF Trainer, torchtune and Megatron-LM no)",
    )
    fused.add_argument("--no-fused-kernels", dest="fused_kernels", action="store_false")
    parser.add_argument(
        "--transformer-engine",
        action="store_true",
        help="training in fp8: the GEMMs run through NVIDIA Transformer Engine (Megatron-Core, NeMo), whose dense FP8 "
        "step gains about 1.8x over BF16 on H100 (default: torchao-style FP8 on the linears, 1.3-1.4x)",
    )
    parser.add_argument("--lora-rank", type=_workload_int("lora_rank"), default=16, metavar="R")
    parser.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0)
    parser.add_argument(
        "--sharding",
        choices=SHARDINGS,
        default=None,
        help="training on several GPUs with transformers, peft or trl: DeepSpeed ZeRO or PyTorch FSDP under "
        "accelerate (--zero 3: FULL_SHARD, 2: SHARD_GRAD_OP); default: the card's usual one, in estimate and plan "
        "alike (DeepSpeed where it is validated on the card, else FSDP; FSDP for QLoRA)",
    )


def _add_placement_and_output(parser: argparse.ArgumentParser) -> None:
    """Where weights and states live (offload, CPU layers and experts), speculation, tokens, and the output form."""
    parser.add_argument(
        "--offload",
        choices=("none", "cpu"),
        default="none",
        help="training: optimizer states (ZeRO-3: parameters) to RAM; inference with llama.cpp: "
        "what does not fit the GPUs stays in RAM (MoE experts first)",
    )
    parser.add_argument(
        "--cpu-layers", type=int_in(0, MAX_LAYERS), default=0, metavar="N", help="inference: layers kept in system RAM"
    )
    parser.add_argument("--cpu-experts", action="store_true", help="inference: MoE experts kept in system RAM")
    parser.add_argument(
        "--speculative",
        choices=("none", "mtp", "draft"),
        default="none",
        help="inference: speculative decoding with the model's own multi-token-prediction layers "
        "(llama-server --spec-type mtp) or a smaller draft model of its tokenizer (draft: llama.cpp -md, vLLM "
        "--speculative-config); one sequence",
    )
    parser.add_argument(
        "--draft-model",
        default=None,
        metavar="ID",
        help="inference: the draft model for --speculative draft (a catalog model id; default: the largest of the "
        "target's tokenizer at most a fifth of its size)",
    )
    parser.add_argument(
        "--draft-tokens",
        type=int_in(1, 8),
        default=3,
        metavar="K",
        help="inference: tokens drafted per step with --speculative (--spec-draft-n-max; default 3)",
    )
    parser.add_argument(
        "--n-cpu-moe",
        type=int_in(0, MAX_LAYERS),
        default=None,
        metavar="N",
        help="inference with llama.cpp: the experts of the first N layers kept in system RAM "
        "(llama.cpp --n-cpu-moe; default: as few as fit, with --offload cpu or a host)",
    )
    parser.add_argument(
        "--host-buffer",
        choices=("pinned", "mmap"),
        default="pinned",
        help="inference with llama.cpp, weights in system RAM: pinned (--no-mmap, the launch command's) or mmap "
        "(llama.cpp's default: pageable, each prompt copy staged by the driver at ~11.6 GB/s)",
    )
    parser.add_argument(
        "--ram-bandwidth",
        type=_workload_float("ram_bandwidth_gbps"),
        default=None,
        metavar="GBPS",
        help="peak host memory bandwidth for offloaded weights (default: from --cpu/--ram, "
        "else dual-channel DDR5-5600 = 89.6) and for a fine-tune's --offload cpu optimizer step (default: "
        "a typical host that holds the job's RAM, e.g. 57.6 for a desktop's 4 DIMMs)",
    )
    parser.add_argument("--tokens", type=_workload_float("tokens"), metavar="N", help="training tokens (e.g. 1e11)")
    parser.add_argument(
        "--mfu",
        type=_workload_float("mfu"),
        metavar="F",
        help="training: compute-phase utilisation of the peak bf16 rate, 0-1 "
        "(communication that does not overlap comes on top: the MFU reported is lower)",
    )
    parser.add_argument("--explain", action="store_true", help="print the chain of formulas")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _count(text: str) -> int:
    return int_in(0, None)(text)


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text[:40]!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text[:40]!r}")
    return value


def _range_text(low: float | None, high: float | None, low_open: bool = False) -> str:
    if low is None:
        return f"at most {high:g}"
    if high is None:
        return f"more than {low:g}" if low_open else f"at least {low:g}"
    return f"more than {low:g} and at most {high:g}" if low_open else f"{low:g} to {high:g}"


def _check(value: float, text: str, low: float | None, high: float | None, low_open: bool) -> None:
    # the message names the bound that was crossed: "--gpus: at most 4096 (got 1e9)"
    if low is not None and (value <= low if low_open else value < low):
        raise argparse.ArgumentTypeError(f"{_range_text(low, None, low_open)} (got {text[:40]})")
    if high is not None and value > high:
        raise argparse.ArgumentTypeError(f"{_range_text(None, high)} (got {text[:40]})")


def int_in(low: int | None, high: int | None) -> Callable[[str], int]:
    """An argparse type: a whole number (1e4 allowed) within [low, high]."""

    def parse(text: str) -> int:
        value = _number(text)
        if not value.is_integer():
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}")
        _check(value, text, low, high, False)
        return int(value)

    parse.__name__ = "whole number"
    return parse


def float_in(low: float | None, high: float | None, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number within its range (low excluded when low_open)."""

    def parse(text: str) -> float:
        value = _number(text)
        _check(value, text, low, high, low_open)
        return value

    parse.__name__ = "number"
    return parse


def field_bounds(model: Any, name: str) -> tuple[float | None, float | None, bool]:
    """(low, high, low_open) from a pydantic field, so an option (or a window's box) and its field share one range. Read by attribute
    (annotated_types' Ge, Gt and Le hold one each; core.common.plain's bounds hold them as well, None when unset)."""
    low: float | None = None
    high: float | None = None
    low_open = False
    for bound in model.model_fields[name].metadata:
        if getattr(bound, "ge", None) is not None:
            low = bound.ge
        elif getattr(bound, "gt", None) is not None:
            low, low_open = bound.gt, True
        elif getattr(bound, "le", None) is not None:
            high = bound.le
    return low, high, low_open


def field_type(model: Any, name: str, whole: bool = False) -> Callable[[str], float]:
    """An argparse type for a pydantic model's field: a number (whole, if `whole`) within the field's own range."""
    low, high, low_open = field_bounds(model, name)
    if not whole:
        return float_in(low, high, low_open)
    return int_in(None if low is None else int(low) + (1 if low_open else 0), None if high is None else int(high))


def _workload_int(name: str) -> Callable[[str], int]:
    from configurator.core.estimate.workload import Workload

    return field_type(Workload, name, whole=True)  # type: ignore[return-value]


def _workload_float(name: str) -> Callable[[str], float]:
    from configurator.core.estimate.workload import Workload

    return field_type(Workload, name)


def _request_float(name: str) -> Callable[[str], float]:
    from configurator.core.model.request import BuildRequest

    return float_in(*field_bounds(BuildRequest, name))


def _request_int(name: str) -> Callable[[str], int]:
    from configurator.core.model.request import BuildRequest

    low, high, _ = field_bounds(BuildRequest, name)
    return int_in(None if low is None else int(low), None if high is None else int(high))


def _nonempty(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def _id_list(text: str) -> str:
    """`--gpu a,b`: at least one id, no empty items."""
    ids = [item.strip() for item in text.split(",")]
    if not any(ids):
        raise argparse.ArgumentTypeError(f"expected a GPU id or a comma-separated list, got {text!r}")
    return ",".join(i for i in ids if i)


def _owned(text: str) -> tuple[str, str, int]:
    """'rtx-3090', 'rtx-3090x2' or 'chassis:fractal-define-7-xl' -> (category, id, quantity)."""
    category = "gpu"
    if ":" in text:
        category, text = text.split(":", 1)
    match = re.fullmatch(r"(.+?)(?:x(\d{1,6}))?", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"expected ID or IDxN, got {text!r}")
    from configurator.core.model.request import OwnedPart

    low, high, _ = field_bounds(OwnedPart, "quantity")
    quantity = int(match.group(2) or 1)
    if not (low or 1) <= quantity <= (high or quantity):
        raise argparse.ArgumentTypeError(f"quantity {_range_text(low, high)} (got {quantity})")
    return category.strip(), match.group(1), quantity


PLAN_MAX_GPUS = 8
"""A plan's builds hold at most this many GPUs a machine when --gpus is not given (BuildRequest.max_gpus)."""


def add_vat_options(parser: argparse.ArgumentParser) -> None:
    """The buyer's tax basis (round 42: BuildRequest.vat, vat_country; catalog.tax.buyer)."""
    parser.add_argument(
        "--vat",
        choices=("pay", "reclaim"),
        default="pay",
        help="reclaim: a VAT-registered business that deducts input VAT; prices and --budget are then without VAT "
        "(default pay: prices with the buyer's VAT, as a consumer pays)",
    )
    parser.add_argument(
        "--vat-country",
        type=str.upper,
        choices=EUR_COUNTRIES,
        default=None,
        metavar="CC",
        help="a euro buyer's country, whose VAT rate prices carry: DE (default, 19 %%), FR, IT, ES, NL, AT, IE, PL, FI",
    )


def add_room_options(parser: argparse.ArgumentParser) -> None:
    """The plan's wall circuit, how many may feed the machine, its form and its room."""
    parser.add_argument(
        "--circuit",
        choices=("120v15a", "120v20a", "240v20a", "208v30a", "220v10a", "220v16a", "230v10a", "230v16a"),
        default=None,
        help="the wall circuit (default 120v15a for USD, 230v16a otherwise; with --room server-room the room's rack "
        "feed: 208v30a (NEMA L6-30) for USD, 220v16a for CNY or --region china, 230v16a for EUR, which the plan notes "
        "it assumed; a circuit named here is taken as yours, without that note)",
    )
    parser.add_argument(
        "--circuits",
        type=_request_int("circuits"),
        default=1,
        metavar="N",
        help="how many such circuits may feed the machine",
    )
    parser.add_argument("--form", choices=("tower", "rack", "open-frame", "any"), default="any")
    parser.add_argument(
        "--room",
        choices=("home-office", "lab", "server-room"),
        default="lab",
        help="where the machine runs (default lab); a server-room machine is fed from the room's rack feed, and where "
        "a smaller --circuit is named the way out is that feed, never an electrician's new circuit",
    )


def add_plan_options(parser: argparse.ArgumentParser) -> None:
    add_workload_options(parser)
    # --gpus caps a plan's machines: given, it is honoured as typed (--gpus 1 had been read as no cap, since 1 is
    # the estimate's default), and 0 is refused by build_request
    gpus = next(a for a in parser._actions if a.dest == "gpus")
    gpus.default = None
    gpus.help = (
        f"plan: at most N GPUs in one machine (default {PLAN_MAX_GPUS}; exactly N with --exact-gpus); "
        "estimate: 0 runs on the CPU (needs --cpu or --system)"
    )
    parser.add_argument("--budget", type=_request_float("budget"), metavar="N", help="total budget in --currency")
    parser.add_argument("--currency", choices=("USD", "CNY", "EUR"), default="USD")
    add_vat_options(parser)
    parser.add_argument(
        "--min-decode-tps",
        type=_request_float("min_decode_tps"),
        metavar="F",
        help="minimum decode tokens/s per sequence",
    )
    parser.add_argument(
        "--deadline-hours",
        type=_request_float("deadline_hours"),
        metavar="H",
        help="training must finish within H hours",
    )
    add_room_options(parser)
    parser.add_argument("--condition", choices=("new", "used", "any"), default="any", help="new or used parts")
    parser.add_argument("--region", choices=("global", "china"), default=None, help="default china for CNY")
    parser.add_argument(
        "--own",
        action="append",
        default=[],
        type=_owned,
        metavar="[CATEGORY:]ID[xN]",
        help="a part you already own and want used, e.g. rtx-3090 or rtx-3090x2 (repeatable)",
    )
    parser.add_argument(
        "--power-limit",
        type=_request_float("power_limit"),
        metavar="F",
        help="run the GPUs at this fraction of rated power, e.g. 0.8 (set with nvidia-smi -pl at boot)",
    )
    parser.add_argument(
        "--vendor",
        action="append",
        choices=("nvidia", "amd", "intel"),
        default=[],
        help="only GPUs from this vendor (repeatable)",
    )
    parser.add_argument(
        "--top",
        type=_request_int("top_k"),
        default=PLAN_TOP,
        metavar="K",
        help=f"how many builds to show: the K of the {PLAN_TOP} it ranks with the strongest claims (more: ranked over K)",
    )
    parser.add_argument(
        "--exact-gpus",
        action="store_true",
        help="every build has exactly --gpus GPUs in one machine (e.g. --gpu rtx-4090 --gpus 8 --exact-gpus)",
    )


def build_request(args: argparse.Namespace, model_id: str, workload: Any) -> Any:
    from configurator.core.common.errors import RequestError
    from configurator.core.model.request import BuildRequest, OwnedPart, default_circuit, default_region

    try:
        # `--own rtx-3090 --own rtx-3090` is two cards, as `--own rtx-3090x2` is (the request reads one entry per part)
        counts: dict[tuple[str, str], int] = {}
        for c, i, q in args.own:
            counts[(c, i)] = counts.get((c, i), 0) + q
        owned = tuple(OwnedPart(category=c, id=i, quantity=q) for (c, i), q in counts.items())  # type: ignore[arg-type]
        return BuildRequest(
            model_id=model_id,
            workload=workload,
            budget=args.budget,
            currency=args.currency,
            vat=getattr(args, "vat", None) or "pay",
            vat_country=getattr(args, "vat_country", None) or "",
            min_decode_tps=args.min_decode_tps,
            deadline_hours=args.deadline_hours,
            circuit=args.circuit
            or default_circuit(args.currency, args.room, args.region or default_region(args.currency)),
            circuit_asked=args.circuit is not None,
            circuits=args.circuits,
            form=args.form,
            room=args.room,
            condition=args.condition,
            owned=owned,
            max_gpus=_plan_gpus(args),
            exact_gpus=bool(getattr(args, "exact_gpus", False)),
            gpu_ids=tuple(g.strip() for g in args.gpu.split(",") if g.strip()) if args.gpu else (),
            gpu_vendors=tuple(args.vendor),
            power_limit=args.power_limit,
            region=args.region or default_region(args.currency),
            top_k=args.top,
            kv_asked=getattr(args, "kv_precision", None) is not None,
        )
    except ValueError as exc:
        raise RequestError(_option_message(exc)) from None


def _plan_gpus(args: argparse.Namespace) -> int:
    """A plan's --gpus: the most GPUs in one machine (exactly that many with --exact-gpus); absent, PLAN_MAX_GPUS (one
    with --exact-gpus). 0 is the estimate's CPU run: a plan offers machines without a GPU among its answers already,
    and refuses it (exit 2) rather than ignore it."""
    from configurator.core.common.errors import RequestError

    gpus: int | None = getattr(args, "gpus", None)
    if gpus is None:
        return 1 if getattr(args, "exact_gpus", False) else PLAN_MAX_GPUS
    if gpus == 0:
        raise RequestError(
            "--gpus 0: plan sizes machines of 1 to 16 GPUs and shows machines without one among its answers; "
            "`llm-rig estimate --gpus 0 --cpu ID` times a CPU-only run"
        )
    return gpus


def workload_from_args(args: argparse.Namespace) -> Any:
    """The Workload named by the options; RequestError with a one-line reason when invalid."""
    from configurator.core.common.errors import RequestError
    from configurator.core.estimate.workload import Workload

    try:
        return Workload(
            kind=args.workload,
            precision=args.precision,
            kv_precision=args.kv_precision or "fp16",  # not given: fp16, llama.cpp's default (-ctk/-ctv f16)
            context=args.context,
            prompt=getattr(args, "prompt", None),
            batch=args.batch,
            engine=args.engine,
            split=args.split,
            method=args.method,
            optimizer=args.optimizer,
            framework=args.framework,
            activation_offload=args.activation_offload,
            grad_checkpointing=args.grad_checkpointing,
            selective_checkpointing=bool(getattr(args, "selective_checkpointing", False)),
            fused_kernels=getattr(args, "fused_kernels", None),
            transformer_engine=bool(getattr(args, "transformer_engine", False)),
            lora_rank=args.lora_rank,
            zero=args.zero,
            sharding=getattr(args, "sharding", None),
            offload=args.offload,
            tokens=args.tokens,
            mfu=args.mfu,
            cpu_layers=args.cpu_layers,
            cpu_experts=args.cpu_experts,
            n_cpu_moe=getattr(args, "n_cpu_moe", None),
            host_buffer=getattr(args, "host_buffer", "pinned"),
            speculative=getattr(args, "speculative", "none"),
            draft_tokens=getattr(args, "draft_tokens", 3),
            draft_model=getattr(args, "draft_model", None),
            **({"ram_bandwidth_gbps": args.ram_bandwidth} if args.ram_bandwidth is not None else {}),
        )
    except ValueError as exc:  # pydantic ValidationError is a ValueError
        raise RequestError(_option_message(exc)) from None


_OPTION_OF_FIELD = {
    "max_gpus": "--gpus",
    "top_k": "--top",
    "gpu_ids": "--gpu",
    "gpu_vendors": "--vendor",
    "owned": "--own",
    "model_id": "--model",
    "ram_bandwidth_gbps": "--ram-bandwidth",
    "n_cpu_moe": "--n-cpu-moe",
    "host_buffer": "--host-buffer",
    "kind": "--workload",
    "speculative": "--speculative",
    "draft_tokens": "--draft-tokens",
    "draft_model": "--draft-model",
    "category": "--own",
    "quantity": "--own",
}


def _option_message(exc: ValueError) -> str:
    """A pydantic complaint about the request, named by the option the user typed."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    first = errors()[0]
    message = error_message(first)
    loc = [str(p) for p in first.get("loc", ()) if not isinstance(p, int)]
    if not loc:
        return message
    name = loc[-1] if loc[0] != "owned" else "owned"
    option = _OPTION_OF_FIELD.get(name, "--" + name.replace("_", "-"))
    return f"{option}: {message}"
