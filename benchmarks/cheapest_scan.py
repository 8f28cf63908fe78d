"""Cheapest, checked: for varied plans, a machine built from parts that the plan did not show (or showed unlabelled)
cheaper than the build it labels "cheapest" and that would hold the claim, within the same request.

    python benchmarks/cheapest_scan.py            # every request below, one line each, then the count of misses
    python benchmarks/cheapest_scan.py --only qlora  # the requests whose name contains "qlora"

For each request the plan is run as `llm-rig plan` runs it, and the builds every source offered (before ranking) are
kept. An independent enumeration then goes over every GPU of the catalog at every count the request allows, one count
at a time (the count search with `--exact-gpus` at each count: no count is skipped for what another count's estimate
says, the gap round 42 found), and solves each option that could cost less than the plan's holder (its cards plus the
cheapest part of every other kind, lazy.price_floor) alone for its cheapest machine. Its builds join the plan's own and
the plan's one ranking function (ranking.rank_and_label, the one definition of "cheapest" and of the conditions its
holder must meet: every rule passed, reading speed, prompts answered, a room's noise, a supported card and a validated
run for training) says again which build holds "cheapest"; a miss is a build that then holds it at a lower price than
the plan's own holder (or any holder where the plan labelled none).

Found by it (round 42, cheap42): Llama 3.1 70B QLoRA at 5,000 USD labelled 2 x RTX 2080 Ti 22GB "cheapest" at 2,218
USD, where 2 x RTX 4060 Ti 16GB train it for less on supported software: the count search had ruled out two 16 GB
cards from one card's estimate (candidates._fewest_held), though FSDP's CPU offload holds the 70B on two.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # value_scan.py, beside this file

from value_scan import plan_ranked, request_of

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.solve import plan as plan_module
from configurator.core.solve.candidates import Candidates, GpuOption, gpu_options, platform_parts
from configurator.core.solve.lazy import LazyBuildModel, price_floor
from configurator.core.solve.ranking import rank_and_label
from configurator.core.solve.solver import option_cost
from configurator.storage import catalogs

REQUESTS = {
    # training: the round 42 gap (a 70B QLoRA, with and without a count), an 8B LoRA
    "70b-qlora-5000-usd": "--model llama-3.1-70b --workload finetune --method qlora --tokens 20000000 --budget 5000",
    "70b-qlora-8000-usd-4": "--model llama-3.1-70b --workload finetune --method qlora --tokens 20000000 --budget 8000 "
    "--gpus 4",
    "8b-lora-2500-usd": "--model qwen3-8b --workload finetune --method lora --budget 2500",
    # inference: a 70B at Q4_K_M at home, a 32B in CNY in China
    "70b-q4-home-2500-usd": "--model llama-3.3-70b --workload inference --precision q4_k_m --budget 2500 "
    "--room home-office",
    "32b-q4-cny": "--model qwen2.5-32b --workload inference --precision q4_k_m --currency CNY --budget 20000 "
    "--region china",
}

ORACLE_TIME = 1.0
"""Seconds per option solved alone: one GPU option's model is small, and its cheapest machine is proved well within."""
PRICE_TOLERANCE = 0.5
"""Money: a rival must cost less than the holder by more than rounding of its parts' prices to be a miss."""


def _counts(request: BuildRequest) -> list[int]:
    return [request.max_gpus] if request.exact_gpus else list(range(1, request.max_gpus + 1))


def _options_at(request: BuildRequest, catalog: Catalog, model: ModelArch, n: int) -> list[GpuOption]:
    """Every card's option at exactly `n` cards (the count search tries that count alone)."""
    exact = request.model_copy(update={"max_gpus": n, "exact_gpus": True, "top_k": 1})
    return gpu_options(model, exact, catalog).options


def oracle(request: BuildRequest, catalog: Catalog, model: ModelArch, below: float, asked: BuildRequest) -> list[Build]:
    """The cheapest machine of every (card, count) the catalog allows that could cost less than `below`, each solved
    alone, assembled and measured as the plan's builds are; builds that fail a rule are left out (no claim's rivals)."""
    single = request.model_copy(update={"top_k": 1})
    cand = Candidates(model=model)
    cand.options = [o for n in _counts(request) for o in _options_at(request, catalog, model, n)]
    if not cand.options:
        return []
    platform_parts(single, catalog, cand, model)
    if not (cand.boards and cand.cpus and cand.chassis and cand.memory and cand.coolers and cand.storage):
        return []
    floor = price_floor(cand)
    reach = [i for i, o in enumerate(cand.options) if option_cost(o) + floor < below - PRICE_TOLERANCE]
    if not reach:
        return []
    bm = LazyBuildModel(single, cand, model, catalog, None)
    out: list[Build] = []
    for i in reach:
        bm.avoid_options([j for j in range(len(bm.options)) if j != i])
        try:
            choice = bm.solve("cost", ORACLE_TIME)
        finally:
            bm.avoid_options([])
        if choice is None:
            continue
        build = plan_module._assemble(1, "oracle", "oracle", choice, single, cand, catalog)
        if not build.fails:
            out.append(plan_module._measured(build, asked))
    return out


def holder(builds: list[Build]) -> Build | None:
    """The build labelled "cheapest" (claim.cheapest: "cheapest on supported software" too)."""
    return next((b for b in builds if any(c.code == "claim.cheapest" for c in b.claims)), None)


def _name(build: Build | None) -> str:
    return "none" if build is None else f"{build.gpu_count} x {build.gpu_id} {build.total_price:,.0f}"


def scan(name: str, args: str, catalog: Catalog) -> tuple[bool, str, Build | None, Build | None]:
    """(a miss, the line said, the plan's holder of "cheapest", the holder over the plan's builds and the oracle's)."""
    request, model = request_of(args, catalog)
    result, captured, took = plan_ranked(request, catalog, model)
    if "found" not in captured:
        return False, f"{name:24} no builds ({took:.1f} s)", None, None
    ranked: BuildRequest = captured["request"]
    held = holder(list(result.builds))
    asked = plan_module._native_precision(request.model_copy(update={"top_k": ranked.top_k}), model)
    started = time.monotonic()
    below = held.total_price if held is not None else float("inf")
    extra = oracle(ranked, catalog, model, below, asked)
    again = holder(rank_and_label(captured["found"] + extra, ranked, ranked.top_k, captured["serving"]))
    searched = time.monotonic() - started
    miss = again is not None and (held is None or again.total_price < held.total_price - PRICE_TOLERANCE)
    line = (
        f"{name:24} cheapest {_name(held)} | over {len(extra)} machines solved alone too: {_name(again)}"
        f"{'  MISS' if miss else ''} (plan {took:.1f} s, oracle {searched:.1f} s)"
    )
    return miss, line, held, again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="only requests whose name contains this")
    args = parser.parse_args()
    catalog = catalogs.load(include_user=False).catalog
    misses = count = 0
    for name, request in REQUESTS.items():
        if args.only not in name:
            continue
        count += 1
        miss, line, _held, _again = scan(name, request, catalog)
        misses += miss
        print(line, flush=True)
    print(f"{misses} of {count} plans have a machine cheaper than the build labelled cheapest that would hold it")


if __name__ == "__main__":
    main()
