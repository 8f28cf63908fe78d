"""Ways out, checked: for plans nothing fits, each way's price against the plan re-solved as the way applies, and the
CPU time of the way-out search.

    python benchmarks/way_scan.py            # every request below: one line per way, then the totals
    python benchmarks/way_scan.py --only lora  # the requests whose name contains "lora"

For each request the plan is run as `llm-rig plan` runs it (value_scan.request_of: the CLI's own parser). Its way-out
search (plan._diagnose -> relax.diagnose) is timed in CPU seconds of this process, and every CP-SAT solve within it is
counted by the status it ended with: a way's build is the cheapest only where its solves were proven optimal
("feasible" or "unknown" is a search stopped at its work bound). Then each way that names a build and a request to
apply (Relaxation.request: what the window's "apply" switches to) is re-planned, and its price is set beside that
plan's cheapest build that fails no rule and the build at the way's price, if the plan shows one. A miss is a way whose
price no build of its own plan has (within PRICE_TOLERANCE, the checker's: tests/independent_checker.py), or whose plan
shows a cheaper build than the way names: "the cheapest way out" is a price claim. Each way is held to the claim it
makes (held_to, round 45): a way on supported software beside a cheaper card past support to the cheapest on supported
software its plan's "cheapest" names ("supported" in the line), any other to the plan's "cheapest". Held to the plain
"cheapest", every supported way the round-43 rule names (relax._past_cheaper) had been a miss by design.

Found by it (round 43, ways43): Qwen3.6-27B LoRA at 6,000 USD said "raise the budget to 7,094 USD" of 2 x RTX A6000 at
7,093.44, where the plan at 7,094 shows the pair for 7,013.44: the solver's cheapest machine (6,983.44) had been given a
110 USD NVLink bridge after the solve because the way was solved without a budget (every solve of the search proved
optimal: no search stopped short). The bridge is now fitted within the budget asked (plan._way_budget).

Found by it (round 43) and fixed in round 44 (wsta44): Llama 3.3 70B at 25 tokens/s on one 120 V outlet for 5,000 USD
said "raise the budget to 9,357 USD" of an RTX PRO 6000 Max-Q on bought parts (9,356.09), where the plan at 9,357
labels the card in a used ThinkStation P520 (bases.py) "cheapest" at 8,945: the way search now offers the plan's used
workstations (plan.WAY_OUT_MACHINES reads bases.BASE_SOURCES), and says 8,945.

Round 45 (ways45): Kimi K2.6 at 40,000 CNY and DeepSeek-R1 at 5,000 USD added. Held to the plain "cheapest", their
ways on supported software (the RTX 2060 12GB at 39,301 CNY beside a P100 at 38,142; the RTX 4060 Ti at 2,815 USD beside
a P100 at 2,662) were misses by design: 9 of 30 ways missed, 7 of 30 once each way is held to its own claim (held_to).
Left open: Kimi's offload, region, power and circuits ways and R1's circuit and q8_0 ways (docs/advice.md, ways45).

Round 49: each request's line says the way solves its way list cost (Infeasible.way_solves, `plan --json` "way_solves":
the relax-level solves, each one plan search, beside the CP-SAT solves counted by status within them).

Left as found (round 43): the 70B at 32k and 15 tokens/s: the budget way's Mac Studio (5,499)
where the plan at 5,499 picks the usual q8_0 KV cache on its own and labels 2 x RTX 3090 Ti at 4,328 "cheapest".
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cheapest_scan import holder
from value_scan import request_of

from configurator.core.catalog.loader import Catalog
from configurator.core.model.build import Build, Relaxation
from configurator.core.solve import plan as plan_module
from configurator.core.solve import relax
from configurator.core.solve import solver as solver_module
from configurator.core.solve.ranking import end_of_life_caveat
from configurator.storage import catalogs

REQUESTS = {
    # round 43: the way whose pair carried a bridge its budget would not take (WAYS_TODAY of merge42)
    "27b-lora-6000-usd": "--model qwen3.6-27b --workload finetune --method lora --context 4096 --budget 6000",
    # issue #27's 70B at 32k and 15 tokens/s for 2,500 USD: a q8_0 KV cache on a pair of 24 GB cards
    "70b-q4-32k-15tps-2500-usd": "--model llama-3.3-70b --workload inference --precision q4_k_m --context 32768 "
    "--min-decode-tps 15 --budget 2500",
    # a 70B QLoRA below any card pair: supported cards beside Tesla P40s past support
    "70b-qlora-1500-usd": "--model llama-3.1-70b --workload finetune --method qlora --budget 1500",
    # a 70B at 25 tokens/s on one US outlet: power limits and circuits
    "70b-q4-25tps-120v": "--model llama-3.3-70b --workload inference --precision q4_k_m --min-decode-tps 25 "
    "--circuit 120v15a --budget 5000",
    # an 8B LoRA at 128k on a small budget: activation offload
    "8b-lora-128k-800-usd": "--model qwen3-8b --workload finetune --method lora --context 131072 --budget 800",
    # a 32B LoRA on a budget a 3090 pair (with its bridge) is near
    "32b-lora-2500-usd": "--model qwen2.5-32b --workload finetune --method lora --budget 2500",
    # a 72B LoRA for a lab in CNY
    "72b-lora-cny-60000": "--model qwen2.5-72b --workload finetune --method lora --currency CNY --budget 60000",
    # round 45: ways on supported software beside a cheaper card past support (order43, ways44), and the region way
    "kimi-k2.6-40000-cny": "--model kimi-k2.6 --workload inference --budget 40000 --currency CNY",
    "deepseek-r1-5000-usd": "--model deepseek-r1 --workload inference --budget 5000",
}

PRICE_TOLERANCE = 0.005
"""A build 'at the way's price' costs within half a percent of it (independent_checker.PRICE_TOLERANCE)."""


def _passing(builds: tuple[Build, ...] | list[Build]) -> list[Build]:
    return [b for b in builds if not any(c.status == "fail" for c in b.checks)]


def _searched(request: Any, catalog: Catalog, model: Any) -> tuple[Any, float, Counter[str]]:
    """The plan, the CPU seconds of its way-out search and the statuses its solves ended with."""
    spent = [0.0]
    statuses: Counter[str] = Counter()
    inside = [False]
    diagnose: Callable[..., Any] = relax.diagnose
    run: Callable[..., Any] = solver_module.BuildModel._run

    def timed(*args: Any, **kwargs: Any) -> Any:
        started, inside[0] = time.process_time(), True
        try:
            return diagnose(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - started
            inside[0] = False

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = run(self, *args, **kwargs)
        if inside[0]:
            statuses[self.last_status] += 1
        return found

    relax.diagnose = timed  # type: ignore[assignment]
    solver_module.BuildModel._run = counted  # type: ignore[method-assign]
    try:
        result = plan_module.plan(request, catalog, model=model)
    finally:
        relax.diagnose = diagnose  # type: ignore[assignment]
        solver_module.BuildModel._run = run  # type: ignore[method-assign]
    return result, spent[0], statuses


def held_to(way: Build, builds: list[Build]) -> tuple[float | None, str]:
    """The price a way's build is held to in its re-planned `builds`: the plan's "cheapest" (claim.cheapest); for a
    way on supported software beside a "cheapest" on a card past its vendor's support, the cheapest on supported
    software that claim names (its `supported_price`, ranking._supported_named: the way names the cheaper card beside
    it, relax._past_cheaper, by design since round 43); with the claim it is read from. None: the plan labels no build
    "cheapest"."""
    held = holder(builds)
    if held is None:
        return None, "'cheapest'"
    if end_of_life_caveat(held) is None or end_of_life_caveat(way) is not None:
        return held.total_price, "'cheapest'"
    claim = next(c for c in held.claims if c.code == "claim.cheapest")
    named = claim.fields.get("supported_price")
    return (float(named) if isinstance(named, int | float) else None), "supported"


def _way_line(at: int, way: Relaxation, catalog: Catalog) -> tuple[bool, str]:
    """(a miss, the line said) for one way: its price beside its own plan's."""
    head = f"  way {at} {way.kind:18} {way.total_price:>11,.2f}"
    if way.request is None or way.build is None or way.kind in ("rent", "cluster"):
        return False, f"{head}  (no machine to re-plan)"
    machine = way.total_price - (way.work["price"] if way.work is not None else 0.0)
    builds = _passing(plan_module.plan(way.request, catalog).builds)
    if not builds:
        return True, f"{head}  re-planned: no passing build  MISS"
    reference, claim = held_to(way.build, builds)
    same = any(abs(b.total_price - machine) <= PRICE_TOLERANCE * machine for b in builds)
    cheaper = reference is not None and reference < machine * (1 - PRICE_TOLERANCE)
    said = "none" if reference is None else f"{reference:,.2f}"
    return not same or cheaper, (
        f"{head}  re-planned: {claim:>10} {said:>11}, {'a build' if same else 'none'} at the way's price"
        f"{'  MISS' if not same or cheaper else ''}"
    )


def scan(name: str, args: str, catalog: Catalog) -> tuple[int, int, float, float, Counter[str], list[str]]:
    """(misses, ways re-planned, plan CPU s, way-search CPU s, solve statuses, lines)."""
    request, model = request_of(args, catalog)
    started = time.process_time()
    result, searched, statuses = _searched(request, catalog, model)
    took = time.process_time() - started
    said = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    if result.infeasible is None:
        return 0, 0, took, searched, statuses, [f"{name:26} fits: no ways out (plan {took:.2f} s CPU)"]
    lines = [
        f"{name:26} plan {took:.2f} s CPU, of it the way-out search {searched:.2f} s, "
        f"{result.infeasible.way_solves} way solves ({said or 'no CP-SAT solves'})"
    ]
    misses = count = 0
    for at, way in enumerate(result.infeasible.relaxations, 1):
        miss, line = _way_line(at, way, catalog)
        misses += miss
        count += "re-planned" in line
        lines.append(line)
    return misses, count, took, searched, statuses, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="only requests whose name contains this")
    args = parser.parse_args()
    catalog = catalogs.load(include_user=False).catalog
    misses = ways = 0
    planned = searched = 0.0
    statuses: Counter[str] = Counter()
    for name, request in REQUESTS.items():
        if args.only not in name:
            continue
        missed, count, took, search, ended, lines = scan(name, request, catalog)
        misses, ways, planned, searched = misses + missed, ways + count, planned + took, searched + search
        statuses.update(ended)
        print("\n".join(lines), flush=True)
    said = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    print(f"{misses} of {ways} ways re-planned name a price their plan does not show as its cheapest")
    print(f"CPU: plans {planned:.2f} s, of it the way-out searches {searched:.2f} s; their solves: {said}")


if __name__ == "__main__":
    main()
