"""Best value, checked: for varied plans, a build the plan did not show (or showed unlabelled) with more speed per unit of
money than the build it labels "best value", within the same request.

    python benchmarks/value_scan.py            # every request below, one line each, then the count of misses
    python benchmarks/value_scan.py --only lab  # the requests whose name contains "lab"

For each request the plan is run as `llm-rig plan` runs it, and the builds every source offered (before ranking) are
kept. An independent search then looks for the best value at every power level the plan searches (full power, and the
caps of offers.power_limited / training_limited where they apply): a fresh solver model per level, with no option
used up by other objectives, solved for the value objective to convergence (Dinkelbach, more steps than the plan's).
So is the cheapest build of each of the options with the most speed points per unit of their least price
(ORACLE_OPTIONS). Its builds join the plan's own and the plan's one ranking function (ranking.rank_and_label, the one definition of
"best value": Measures.value) says again which build holds "best value"; a miss is a build that then holds it with
strictly more speed per unit of money than the plan's own holder (or any holder where the plan labelled none).
Capped builds the circuit feeds at full power too (offers.cap_fits_them) and builds the request rules out (another
count with --exact-gpus) are not rivals, as in the plan.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.cli.main import build_parser
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.model.args import build_request, workload_from_args
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.solve import plan as plan_module
from configurator.core.solve import solver as solver_module
from configurator.core.solve.candidates import platform_parts
from configurator.core.solve.lazy import LazyBuildModel
from configurator.core.solve.offers import POWER_LIMIT, TRAINING_LIMITS, cap_fits_them
from configurator.core.solve.ranking import measure, rank_and_label
from configurator.storage import catalogs

REQUESTS = {
    # inference
    "8b-q4-1500-usd": "--model llama-3.1-8b --workload inference --precision q4_k_m --budget 1500",
    "70b-q4-2500-usd": "--model llama-3.3-70b --workload inference --precision q4_k_m --budget 2500",
    "70b-q4-25tps-120v": "--model llama-3.3-70b --workload inference --precision q4_k_m --min-decode-tps 25 --circuit 120v15a",
    "32b-20-users-cny": "--model qwen2.5-32b --workload inference --batch 20 --currency CNY --budget 300000 --region china",
    "32b-q4-3000-usd": "--model qwen3-32b --workload inference --precision q4_k_m --budget 3000",
    "mistral-small-1500-eur": "--model mistral-small-3.2-24b --workload inference --budget 1500 --currency EUR",
    "8b-bf16-8-users-eur-4gpus": "--model llama-3.1-8b --workload inference --batch 8 --currency EUR --budget 20000 --gpus 4 --exact-gpus",
    "70b-fp8-4-users-20tps": "--model llama-3.3-70b --workload inference --precision fp8 --batch 4 --min-decode-tps 20 --budget 30000",
    # LoRA / QLoRA
    "lab-72b-lora-eur-8": "--model qwen2.5-72b --workload finetune --method lora --currency EUR --budget 60000 "
    "--gpus 8 --exact-gpus --room server-room",
    "lab-72b-lora-usd-8": "--model qwen2.5-72b --workload finetune --method lora --budget 70000 --gpus 8 "
    "--exact-gpus --room server-room",
    "lab-72b-lora-cny-8": "--model qwen2.5-72b --workload finetune --method lora --currency CNY --budget 500000 "
    "--region china --gpus 8 --exact-gpus --room server-room",
    "lab-72b-lora-eur-4": "--model qwen2.5-72b --workload finetune --method lora --currency EUR --budget 60000 "
    "--gpus 4 --exact-gpus --room server-room",
    "72b-lora-cny-chen": "--model qwen2.5-72b --workload finetune --method lora --context 4096 --currency CNY "
    "--budget 300000 --region china --circuit 220v16a",
    "8b-lora-2500-usd": "--model qwen3-8b --workload finetune --method lora --budget 2500",
    "32b-lora-cny": "--model qwen2.5-32b --workload finetune --method lora --budget 100000 --currency CNY",
    "70b-qlora-5000-usd": "--model llama-3.3-70b --workload finetune --method qlora --budget 5000",
    "70b-qlora-30000-usd": "--model llama-3.3-70b --workload finetune --method qlora --budget 30000",
    "8b-qlora-eur": "--model llama-3.1-8b --workload finetune --method qlora --budget 3000 --currency EUR",
    # full fine-tune
    "8b-full-120v": "--model llama-3.1-8b --workload finetune --method full --circuit 120v20a --budget 40000",
    "7b-full-eur-4": "--model qwen2.5-7b --workload finetune --method full --currency EUR --budget 50000 --gpus 4 "
    "--exact-gpus",
    "chatglm-full": "--model chatglm-6b --workload finetune --method full --budget 40000",
    # pretraining
    "1b-pretrain-sam": "--model llama-3.2-1b --workload pretrain --tokens 1e11 --context 2048 --deadline-hours 336 "
    "--circuit 230v16a --circuits 4 --room server-room",
    "8b-pretrain-cny": "--model llama-3.1-8b --workload pretrain --tokens 1e10 --currency CNY --budget 2000000 "
    "--region china --room server-room",
    "1b-pretrain-8-eur": "--model llama-3.2-1b --workload pretrain --tokens 2e10 --currency EUR --budget 80000 "
    "--gpus 8 --exact-gpus --room server-room",
}

ORACLE_VALUE_STEPS = 8
MISS_TOLERANCE = 1e-6
"""Relative: a rival beats the plan's holder of "best value" by more than rounding (tests/core/test_value_oracle.py)."""
ORACLE_TIME = 2.0


def request_of(args: str, catalog: Catalog) -> tuple[BuildRequest, ModelArch]:
    namespace = build_parser().parse_args(["plan", *shlex.split(args)])
    model = catalog.records["models"][namespace.model]
    assert isinstance(model, ModelArch), namespace.model
    return build_request(namespace, model.id, workload_from_args(namespace)), model


def _levels(request: BuildRequest) -> tuple[float | None, ...]:
    """The power levels the plan searches this request at (offers.power_limited's conditions)."""
    if request.power_limit is not None or request.owned or request.compares or request.systems_only:
        return (request.power_limit,)
    if request.workload.kind != "inference":
        return (None, *TRAINING_LIMITS)
    return (None, POWER_LIMIT) if request.min_decode_tps is not None else (None,)


def _oracle(request: BuildRequest, catalog: Catalog, model: ModelArch, asked: BuildRequest) -> list[Build]:
    """The best-value build at each power level, from a fresh model (no option used up by other objectives)."""
    out: list[Build] = []
    for level in _levels(request):
        variant = request.model_copy(update={"power_limit": level, "top_k": 1})
        cand = plan_module._gpu_options(model, variant, catalog, None, (), None)
        if not cand.options:
            continue
        platform_parts(variant, catalog, cand, model)
        if not (cand.boards and cand.cpus and cand.chassis and cand.memory and cand.coolers and cand.storage):
            continue
        bm = LazyBuildModel(variant, cand, model, catalog, None)
        cheapest = bm.solve("cost", ORACLE_TIME)
        if cheapest is None:
            continue
        steps = solver_module.VALUE_STEPS
        solver_module.VALUE_STEPS = ORACLE_VALUE_STEPS
        try:
            best = solver_module._best_value(bm, cheapest, ORACLE_TIME)
        finally:
            solver_module.VALUE_STEPS = steps
        for choice in (cheapest, best, *_each_option(bm, variant)):
            if choice is None:
                continue
            build = plan_module._assemble(1, "oracle", "oracle", choice, variant, cand, catalog)
            if build.fails or (level is not None and not cap_fits_them(build, request, level)):
                continue
            if request.exact_gpus and build.gpu_count != request.max_gpus:
                continue
            out.append(plan_module._measured(build, asked))
    return out


ORACLE_OPTIONS = 8
"""The options the scan also solves one by one for their cheapest build: those with the most speed points per unit of
their least price (the lazy model's bound over the cards and their platform), the best value each could reach."""


def _each_option(bm: LazyBuildModel, request: BuildRequest) -> list[solver_module.Choice | None]:
    """The cheapest build of each of the ORACLE_OPTIONS most promising options on a supported card whose speed a
    claim may rest on (solver._supported's rule), within the budget's reach."""
    options = [
        i
        for i, o in enumerate(bm.options)
        if not solver_module._past_support(o)
        and not solver_module._unvouched(o, request)
        and (request.budget is None or bm.lower_cost(i) <= request.budget)
    ]
    options.sort(key=lambda i: -bm.perf_points(bm.options[i]) / max(bm.lower_cost(i), 1))
    out: list[solver_module.Choice | None] = []
    for i in options[:ORACLE_OPTIONS]:
        bm.avoid_options([j for j in range(len(bm.options)) if j != i])
        try:
            out.append(bm.solve("cost", ORACLE_TIME))
        finally:
            bm.avoid_options([])
    return out


def _holder(builds: list[Build]) -> Build | None:
    """The build labelled "best value" over every build: since round 39 a plan may also say "best value at release
    quality" of another (ranking._quality_tier), a claim over the unquantized builds only, which this scan skips."""
    return next(
        (
            b
            for b in builds
            if any(
                c.code == "claim.value" and (c.fields.get("released") is None or c.fields.get("quantized") is not None)
                for c in b.claims
            )
        ),
        None,
    )


def _value(build: Build, request: BuildRequest) -> float:
    return measure(build, request).value()


def _name(build: Build | None) -> str:
    if build is None:
        return "none"
    limit = f" @{build.power_limit:.0%}" if build.power_limit else ""
    return f"{build.gpu_count} x {build.gpu_id}{limit} {build.total_price:,.0f}"


def plan_ranked(request: BuildRequest, catalog: Catalog, model: ModelArch) -> tuple[Any, dict[str, Any], float]:
    """The plan of `request`, what its ranking saw on its first call (plan.rank_and_label): the builds found ("found"),
    the request it ranked ("request") and the serving basis ("serving"), none of them when nothing was ranked; and the
    plan's seconds. The oracles here and in cheapest_scan.py re-rank the same builds with their own beside them."""
    captured: dict[str, Any] = {}
    original: Callable[..., list[Build]] = plan_module.rank_and_label

    def capture(found: list[Build], req: BuildRequest, places: int | None = None, serving: Any = None) -> list[Build]:
        captured.setdefault("found", list(found))
        captured.setdefault("request", req)
        captured.setdefault("serving", serving)
        return original(found, req, places, serving)

    plan_module.rank_and_label = capture  # type: ignore[assignment]
    try:
        started = time.monotonic()
        result = plan_module.plan(request, catalog, model=model)
        took = time.monotonic() - started
    finally:
        plan_module.rank_and_label = original  # type: ignore[assignment]
    return result, captured, took


def scan(name: str, args: str, catalog: Catalog) -> tuple[bool, str]:
    request, model = request_of(args, catalog)
    result, captured, took = plan_ranked(request, catalog, model)
    if "found" not in captured:
        return False, f"{name:28} no builds ({took:.1f} s)"
    found: list[Build] = captured["found"]
    ranked_request: BuildRequest = captured["request"]
    shown = list(result.builds)
    held = _holder(shown)
    asked = plan_module._native_precision(request.model_copy(update={"top_k": ranked_request.top_k}), model)
    extra = _oracle(ranked_request, catalog, model, asked)
    again = rank_and_label(found + extra, ranked_request, ranked_request.top_k, captured["serving"])
    rival = _holder(again)
    ours = _value(held, ranked_request) if held is not None else 0.0
    theirs = _value(rival, ranked_request) if rival is not None else 0.0
    miss = rival is not None and theirs > ours * (1 + MISS_TOLERANCE)
    line = (
        f"{name:28} best value {_name(held)} ({1000 * ours:.2f}/1000) | over the search's too: {_name(rival)} "
        f"({1000 * theirs:.2f}/1000){'  MISS' if miss else ''} ({took:.1f} s)"
    )
    return miss, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="only requests whose name contains this")
    args = parser.parse_args()
    loaded = catalogs.load(include_user=False)
    catalog = loaded.catalog
    misses = 0
    count = 0
    for name, request in REQUESTS.items():
        if args.only not in name:
            continue
        count += 1
        miss, line = scan(name, request, catalog)
        misses += miss
        print(line, flush=True)
    print(f"{misses} of {count} plans have a better value than the build labelled best value")


if __name__ == "__main__":
    main()
