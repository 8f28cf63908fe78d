"""Solver speed: top-5 solve time per request, `llm-rig plan` process time, and a 10x catalog.

    python benchmarks/solver.py            # shipped catalog
    python benchmarks/solver.py --scale 10 # synthetic catalog ten times larger

Targets (solver issue): top 5 builds in <= 300 ms of solve time; `llm-rig plan` <= 1.5 s of
process time; <= 3 s on the 10x catalog. Issue #34: a journey plan within 20 interpreter starts (about 0.5 s), so
each median is also given as a multiple of an interpreter start measured in the same run, and as CPU time (on a
shared machine the steadier figure). Issue #27: plan time no worse than before the advice pipeline (this script's
medians then, on an idle machine: 8B 341 ms, Mina 267, Chen AWQ 278, Chen LoRA 287, Sam 491). Every request is
planned at least twice and the JSON (as `llm-rig plan --json` prints it) compared byte for byte: the same request
and catalog give the same answer.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

REQUESTS = {
    "8B q4_k_m, $1500": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500
    ),
    "70B q4_k_m 32k, own 3090 (Mina)": BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        condition="used",
        room="home-office",
    ),
    "72B AWQ, 20 users, CNY (Chen)": BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", precision="bf16", batch=20, engine="vllm", context=8192),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
    ),
    "72B LoRA 4k (Chen)": BuildRequest(
        model_id="qwen2.5-72b",
        workload=Workload(kind="finetune", method="lora", context=4096, tokens=1e8),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300000,
    ),
    "1B pretrain 100B tokens (Sam)": BuildRequest(
        model_id="llama-3.2-1b",
        workload=Workload(kind="pretrain", tokens=1e11, context=2048),
        deadline_hours=336,
        circuit="230v16a",
        circuits=4,
        room="server-room",
    ),
}


TWEAKS = {
    "gpus": {"tdp_w": -1.0},
    "psus": {"watts": 10.0},
    "cpus": {"tdp_w": -1.0},
    "motherboards": {"max_memory_gb": 8},
    "chassis": {"max_gpu_length_mm": 1.0},
    "memory": {"speed_mts": 100},
    "coolers": {"max_tdp_w": 1.0},
    "storage": {"seq_read_mbps": 10},
}


def scaled(catalog: Catalog, factor: int) -> Catalog:
    """A synthetic catalog: every part copied `factor` times with slightly different prices."""
    big = Catalog(exchange_rates=dict(catalog.exchange_rates))
    for kind, records in catalog.records.items():
        for record in records.values():
            big.records[kind][record.id] = record
            if kind in ("models", "systems", "accessories"):
                continue
            for i in range(1, factor):
                prices = tuple(p.model_copy(update={"amount": p.amount * (1 + 0.01 * i)}) for p in record.prices)
                # each clone is dearer but better in one property, so no clone dominates another
                better = {
                    field: getattr(record, field) + step * i
                    for field, step in TWEAKS.get(kind, {}).items()
                    if isinstance(getattr(record, field, None), (int, float))
                }
                clone = record.model_copy(update={"id": f"{record.id}-v{i}", "prices": prices, **better})
                big.records[kind][clone.id] = clone
    for chassis in list(big.records["chassis"].values()):
        if chassis.integrated_board and chassis.id.count("-v"):  # clones keep their own board
            pass
    return big


def cold() -> None:
    """Forget what earlier plans memoised, so that each timed plan is a first plan."""
    memo.clear()  # the cluster answers are memoised there too


def _count_solves(into: list[tuple[bool, float]]) -> None:
    """Record each CP-SAT solve of BuildModel._run as (a room-to-grow solve, its CPU seconds)."""
    from configurator.core.solve.solver import BuildModel

    run = BuildModel._run

    def counted(self: BuildModel, *args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return run(self, *args, **kwargs)
        finally:
            into.append((bool(kwargs.get("room")), time.process_time() - started))

    BuildModel._run = counted  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--only",
        nargs="*",
        default=[],
        metavar="WORD",
        help="only the requests whose label contains one of these words (e.g. 8B Mina)",
    )
    parser.add_argument(
        "--solves",
        action="store_true",
        help="also each plan's CP-SAT solves: their count and CPU, the room-to-grow solves apart (round 40)",
    )
    args = parser.parse_args()
    solves: list[tuple[bool, float]] = []
    if args.solves:
        _count_solves(solves)
    starts = []
    for _ in range(max(3, args.repeat)):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        starts.append(time.perf_counter() - started)
    interpreter = statistics.median(starts)
    print(f"interpreter start: median {interpreter * 1000:.0f} ms")
    catalog = catalogs.load(include_user=False).catalog
    if args.scale > 1:
        catalog = scaled(catalog, args.scale)
    print(f"catalog: {sum(len(v) for v in catalog.records.values())} records (scale {args.scale})")
    plan(REQUESTS["8B q4_k_m, $1500"], catalog)  # warm imports
    identical = 0
    chosen = {label: r for label, r in REQUESTS.items() if not args.only or any(w in label for w in args.only)}
    for label, request in chosen.items():
        times = []
        cpu = []
        outputs = []
        for _ in range(max(2, args.repeat)):
            cold()  # each run plans from scratch: no estimate, placement or cluster from an earlier run
            solves.clear()
            started, started_cpu = time.perf_counter(), time.process_time()
            result = plan(request, catalog)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            outputs.append(json.dumps(result.to_json(), indent=2, allow_nan=False))  # what `llm-rig plan --json` prints
        same = all(o == outputs[0] for o in outputs)
        identical += same
        outcome = f"{len(result.builds)} builds" + (" + infeasible" if result.infeasible else "")
        wall = statistics.median(times)
        print(
            f"  {label:36} median {wall * 1000:7.0f} ms = {wall / interpreter:4.1f} x an interpreter start; "
            f"CPU {statistics.median(cpu) * 1000:5.0f} ms  ({outcome}; "
            f"{len(outputs)} runs {'byte-identical' if same else 'DIFFER'})"
        )
        if args.solves:  # the last run's
            room = [cpu for grow, cpu in solves if grow]
            print(
                f"  {'':36} {len(solves)} solves, CPU {sum(cpu for _, cpu in solves) * 1000:5.0f} ms; "
                f"room to grow: {len(room)} solves, CPU {sum(room) * 1000:5.0f} ms"
            )
    print(f"  determinism: {identical} of {len(chosen)} requests give byte-identical JSON on every run")
    if args.scale == 1 and not args.only:
        cmd = [
            sys.executable,
            "-m",
            "configurator",
            "plan",
            "--model",
            "llama-3.1-8b",
            "--workload",
            "inference",
            "--precision",
            "q4_k_m",
            "--budget",
            "1500",
            "--json",
        ]
        cpu = []
        for _ in range(args.repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(cmd, check=True, capture_output=True, cwd=Path(__file__).resolve().parents[1])
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        print(f"  llm-rig plan (process time)          median {statistics.median(cpu):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
