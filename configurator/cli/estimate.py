"""`llm-rig estimate`: memory, speed and time for one model, workload and GPU choice."""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from configurator.core.model.args import add_workload_options, workload_from_args

if TYPE_CHECKING:
    from configurator.core.support.facts import Sharder

EXIT_OK, EXIT_BAD_INPUT = 0, 2


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
    from configurator.core.common.errors import RequestError, unknown_ids
    from configurator.storage import catalogs

    result = catalogs.load(kinds=kinds)
    for problem in result.problems:
        print(f"warning: {problem}", file=sys.stderr)
    catalog = result.catalog
    exact = None
    if args.model:
        model = catalog.records["models"].get(args.model)
        if model is None:
            raise unknown_ids([args.model], catalog.records["models"], "model", "--model") or RequestError(args.model)
    else:
        from configurator.core.importers.model_import import import_model  # only for --model-config: its parsers cost

        imported = import_model(args.model_config)
        model = imported.arch
        if imported.weight_bytes and (args.precision in (None, imported.file_precision)):
            exact = imported.weight_bytes
            if args.precision is None and imported.file_precision:
                args.precision = imported.file_precision
    gpu = None
    if args.gpu:
        ids = [g.strip() for g in args.gpu.split(",") if g.strip()]
        if args.command != "plan":  # plan's --gpu takes system ids too, and says which are neither (split_named)
            error = unknown_ids(ids, catalog.records["gpus"], "GPU", "--gpu")
            if error:
                raise error
        if len(ids) > 1 and args.command == "estimate":
            raise RequestError("estimate takes one --gpu; `plan --gpu a,b,c` compares several")
        gpu = next((catalog.records["gpus"][i] for i in ids if i in catalog.records["gpus"]), None)
    from configurator.core.catalog.models import ModelArch
    from configurator.core.estimate.speculative_draft import with_draft

    workload = workload_from_args(args)
    if isinstance(model, ModelArch):
        models = {k: m for k, m in catalog.records["models"].items() if isinstance(m, ModelArch)}
        workload = with_draft(workload, model, models)
    return Resolved(model, workload, gpu, args.gpus, exact, catalog)


def _host_estimate(args: argparse.Namespace, r: Resolved) -> tuple[Any, Any, bool]:
    """(result, gpu shown, numa) for --cpu/--ram/--system/--gpus 0; RequestError naming the option."""
    from configurator.core.catalog.models import Cpu, MemoryKit, System
    from configurator.core.common.errors import RequestError, unknown_ids
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.host import family, host_from_bandwidth, host_memory
    from configurator.core.estimate.offload import estimate_on_host
    from configurator.core.estimate.unified import system_gpu

    records = r.catalog.records
    if args.system:
        if args.gpu or args.cpu or args.ram:
            raise RequestError("--system names a whole machine: leave out --gpu, --cpu and --ram")
        system = records["systems"].get(args.system)
        if not isinstance(system, System):
            raise unknown_ids([args.system], records["systems"], "system", "--system") or RequestError(args.system)
        if system.unified is None:
            gpu = records["gpus"].get(system.gpu)
            return (
                estimate(r.model, r.workload, gpu, system.gpu_count, exact_weight_bytes=r.exact_weight_bytes),
                gpu,
                False,
            )
        gpu = system_gpu(system)
        return estimate(r.model, r.workload, gpu, 1, exact_weight_bytes=r.exact_weight_bytes), gpu, False
    if args.ram and not args.cpu:
        raise RequestError("--ram needs --cpu (the platform the memory goes into)")
    if not args.cpu:
        raise RequestError("--gpus 0 runs on the CPU: give the host with --cpu ID [--ram KIT[xN]] or --system ID")
    cpu = records["cpus"].get(args.cpu)
    if not isinstance(cpu, Cpu):
        raise unknown_ids([args.cpu], records["cpus"], "CPU", "--cpu") or RequestError(args.cpu)
    workload = r.workload.resolved(r.model.max_context)
    if workload.kind != "inference" or workload.engine != "llama.cpp":
        raise RequestError(
            "--cpu/--ram: weights in system RAM are modelled for llama.cpp inference "
            "(use --engine llama.cpp and a GGUF --precision such as q4_k_m)"
        )
    kit, count = None, 1
    if args.ram:
        # KIT or KITxN; kit ids themselves often end in "2x32" (modules x GB), so a known id wins
        match = re.fullmatch(r"(.+)x(\d+)", args.ram)
        kit_id, n = (match.group(1), match.group(2)) if match and args.ram not in records["memory"] else (args.ram, "1")
        kit = records["memory"].get(kit_id)
        if not isinstance(kit, MemoryKit):
            raise RequestError(f"--ram: unknown memory kit {kit_id!r}; see `llm-rig catalog list memory`")
        count = int(n)
    sockets = 2 if args.sockets == 2 else 1
    if kit is not None:
        host = host_memory(cpu, kit, count, sockets)
        if args.ram_bandwidth is not None:
            host = host_from_bandwidth(
                args.ram_bandwidth,
                family(cpu),
                host.capacity_gb,
                host.cpu_tflops,
                cpu.pcie_gen,
                core_ghz=host.core_ghz,
                decode_per_cycle=host.decode_per_cycle,
            )
    else:
        peak = args.ram_bandwidth or cpu.memory_channels * cpu.memory_speed_mts * 8 / 1000
        host = host_from_bandwidth(peak, family(cpu), None, None, cpu.pcie_gen)
        from configurator.core.estimate.host import cpu_core_ghz, cpu_decode_rate, cpu_peak_tflops

        host = host_from_bandwidth(
            peak,
            family(cpu),
            None,
            cpu_peak_tflops(cpu) * sockets,
            cpu.pcie_gen,
            core_ghz=cpu_core_ghz(cpu) * sockets,
            decode_per_cycle=cpu_decode_rate(cpu),
        )
    if r.gpus == 0 or r.gpu is None:
        result = estimate_on_host(r.model, workload, None, 0, host, r.exact_weight_bytes)
    else:
        if workload.offload == "none" and not (
            workload.cpu_layers or workload.cpu_experts or workload.n_cpu_moe is not None
        ):
            workload = workload.model_copy(
                update={"offload": "cpu"}
            )  # a host is given: let what does not fit live in it
        result = estimate_on_host(r.model, workload, r.gpu, r.gpus, host, r.exact_weight_bytes)
    for warning in result.warnings:
        if warning.code == "warn.host-ram":
            raise RequestError(f"--ram: the model {warning}")
    return result, r.gpu, sockets > 1


def _cmd_estimate(args: argparse.Namespace) -> int:
    from configurator.core.common.errors import RequestError
    from configurator.core.estimate.estimator import estimate

    if args.gpus == 0 and not (args.cpu or args.system):
        raise RequestError("--gpus 0 runs on the CPU: give the host with --cpu ID [--ram KIT[xN]] or --system ID")
    if args.system and args.gpu:
        raise RequestError("--system names a whole machine: leave out --gpu")
    kinds = ESTIMATE_KINDS | {"cpus", "memory", "systems"} if (args.cpu or args.ram or args.system) else ESTIMATE_KINDS
    r = resolve(args, kinds)
    numa = False
    gpu = r.gpu
    chosen = None
    if args.cpu or args.ram or args.system or r.gpus == 0:
        result, gpu, numa = _host_estimate(args, r)
    else:
        from configurator.core.estimate.sharded import as_sharded

        # several cards sharding a training job with no --sharding or --framework: the sharder plan runs on the card
        # (support.facts.sharder, one rule), not DeepSpeed whatever the card
        workload, chosen = as_sharded(r.workload, r.gpu, r.gpus)
        result = estimate(r.model, workload, r.gpu, r.gpus, exact_weight_bytes=r.exact_weight_bytes)
    if args.json:  # the JSON has no launch command: --json imports neither the launch code nor the text report
        from configurator.cli.jsonout import print_json

        said = result.to_json()
        print_json({**said, "sharder": chosen} if chosen is not None else said)  # an addition: keys kept
        return EXIT_OK
    from configurator.core.estimate.report import format_estimate
    from configurator.core.launch.commands import launch_command

    launch = launch_command(r.model, result, numa=numa, gpu=r.gpu)
    text = format_estimate(result, r.model, gpu, explain=args.explain)
    if result.host_bandwidth_gbps is not None:
        text += f"\n\nhost: system RAM read at {result.host_bandwidth_gbps:.0f} GB/s; {result.offloaded_bytes / 1024**3:.1f} GiB of the model in RAM"
    engine = f"{launch['engine']}, {launch['release']}" if "release" in launch else launch["engine"]
    if launch.get("build") and launch.get("build_said"):
        from configurator.core.common.reasons import english, from_json

        text += f"\n\n{english(from_json(launch['build_said']))}:\n  {launch['build']}"
    if chosen is not None:
        text += f"\n\n{sharder_said(chosen, gpu)}"
    if not (args.cpu or args.ram or args.system or r.gpus == 0) and result.fits is False:
        text += _sharded_fit_said(r, workload)
    text += f"\n\nlaunch ({engine}):\n  {launch['command']}"
    print(text)
    return EXIT_OK


VENDOR_NAMES = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}

SHARDED_TRIES: tuple[tuple[str, dict[str, object]], ...] = (
    ("--zero 3", {"zero": 3}),
    ("--zero 3 --offload cpu", {"zero": 3, "offload": "cpu"}),
)
"""What a training job split by data that does not fit is tried with, in order (round 44: a 70B QLoRA on 2 x RTX 3090
said DOES NOT FIT and no more, where the plan shards it with Answer.AI's fsdp_qlora and it fits)."""


def _sharded_fit_said(r: Any, workload: Any) -> str:
    """A line for a multi-GPU training job that does not fit unsharded: the first of SHARDED_TRIES that fits, sharded
    the way `plan` shards it (sharded.as_sharded), with its peak per GPU; empty when the job already shards or none fits."""
    from configurator.core.estimate.estimator import estimate
    from configurator.core.estimate.sharded import SHARDER_NAMES, as_sharded, shards

    if r.gpu is None or workload.kind == "inference" or r.gpus < 2 or shards(workload, r.gpus):
        return ""
    for flags, update in SHARDED_TRIES:
        tried, chosen = as_sharded(workload.model_copy(update=update), r.gpu, r.gpus)
        result = estimate(r.model, tried, r.gpu, r.gpus, exact_weight_bytes=r.exact_weight_bytes)
        if result.fits:
            how = f" by {SHARDER_NAMES[chosen]}" if chosen is not None else ""
            return (
                f"\n\nsharded{how}, it fits: add {flags} ({result.peak_gpu.total / 2**30:.2f} GiB on the most loaded "
                "GPU; `plan` shards a job this way when the cards cannot each hold it)"
            )
    return ""


def sharder_said(chosen: Sharder, gpu: Any) -> str:
    """The estimate's line saying which sharder it chose for the user, and by which rule (the plan's)."""
    from configurator.core.estimate.sharded import SHARDER_NAMES

    card = f"{VENDOR_NAMES.get(gpu.vendor, gpu.vendor)} {gpu.architecture}"
    return (
        f"sharded by {SHARDER_NAMES[chosen]} ({chosen}): no --sharding or --framework given, the sharder `plan` runs "
        f"on {card} (support.facts.sharder: the better supported of DeepSpeed ZeRO and PyTorch FSDP on its stack, "
        "FSDP for QLoRA); --sharding or --framework names another"
    )


def register(commands: Any) -> None:
    from configurator.cli.main import command_help

    estimate = commands.add_parser("estimate", help=command_help("estimate"))
    add_workload_options(estimate)
    estimate.add_argument(
        "--cpu", metavar="ID", help="host CPU for offload or CPU-only inference (`catalog list cpus`)"
    )
    estimate.add_argument("--ram", metavar="KIT[xN]", help="N kits of this memory kit in the host (default one)")
    estimate.add_argument("--sockets", type=int, choices=(1, 2), default=1, help="CPU sockets (with --cpu)")
    estimate.add_argument(
        "--system", metavar="ID", help="a ready-made or unified-memory system (`catalog list systems`)"
    )
    estimate.set_defaults(func=_cmd_estimate)
