"""What an expert reads off a `plan --json` answer: small functions over the JSON, and expectations built from them.

Every function reads only the public JSON (the parts' catalog records are in each part's "spec"), so the suite
judges what a user sees, whatever the planner does inside. An `Expect` pairs a predicate with the sentence an
expert would say; a failing case prints the sentences that no longer hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.independent_checker import AS_FAST, label_claims, throughput

Build = dict[str, Any]
Plan = dict[str, Any]


# --------------------------------------------------------------------------- reading one build


def price(b: Build) -> float:
    return float(b["total_price"])


def decode(b: Build) -> float:
    """Decode tokens/s per user; 0 when the build shows none."""
    value = b["estimate"].get("speed", {}).get("decode_tokens_per_s")
    return 0.0 if value is None else float(value)


def train_tokens_per_s(b: Build) -> float | None:
    """The training job's tokens/s, as the build shows it (`estimate.time.tokens_per_s`), else None."""
    value = (b["estimate"].get("time") or {}).get("tokens_per_s")
    return None if value is None else float(value)


def wall_hours(b: Build) -> float | None:
    value = (b["estimate"].get("time") or {}).get("wall_hours")
    return None if value is None else float(value)


def system(b: Build) -> dict[str, Any] | None:
    found = [p for p in b["parts"] if p["category"] == "system"]
    return found[0]["spec"] if found else None


def gpu_parts(b: Build) -> list[dict[str, Any]]:
    return [p for p in b["parts"] if p["category"] == "gpu"]


def gpu_count(b: Build) -> int:
    """Discrete GPUs in the whole build (a ready-made server's per node times its nodes; an APU counts 0)."""
    sys_spec = system(b)
    if sys_spec is not None:
        if sys_spec.get("unified") or sys_spec.get("gpu") == "integrated":
            return 0
        return int(sys_spec.get("gpu_count", 0)) * int(b.get("nodes", 1))
    return sum(int(p["quantity"]) for p in gpu_parts(b))


def gpus_bought(b: Build) -> int:
    """Discrete GPUs paid for (owned cards excluded)."""
    if system(b) is not None:
        return gpu_count(b)
    return sum(int(p["quantity"]) - int(p.get("owned", 0)) for p in gpu_parts(b))


def gpu_ids(b: Build) -> set[str]:
    sys_spec = system(b)
    if sys_spec is not None:
        return {str(sys_spec.get("gpu"))}
    return {p["id"] for p in gpu_parts(b)}


def vram_per_card(b: Build) -> float:
    """The smallest card's memory in GB (0 for a build without discrete GPUs)."""
    sizes = [float(p["spec"]["vram_gb"]) for p in gpu_parts(b)]
    return min(sizes) if sizes else 0.0


def last_user_wait_s(b: Build, users: int, prompt: int) -> float:
    """Seconds before the last of `users` who each send a `prompt`-token prompt at once sees a first token: every
    prompt before it is processed at the build's one prefill rate (users x prompt / prefill tokens/s; a server's
    prompts share it, llama.cpp's slots and vLLM's scheduler alike). Infinite when the build shows no prefill rate."""
    rate = b["estimate"].get("speed", {}).get("prefill_tokens_per_s")
    return users * prompt / float(rate) if rate else float("inf")


def warned(b: Build, rule: str) -> bool:
    """The build shows a check of `rule` that does not pass."""
    return any(c["rule"] == rule and c["status"] != "pass" for c in b["checks"])


def architectures(b: Build) -> set[str]:
    return {str(p["spec"].get("architecture", "")) for p in gpu_parts(b)}


def unified_memory_gb(b: Build) -> float:
    """A unified-memory machine's memory (Apple silicon, Strix Halo, DGX Spark); 0 otherwise."""
    sys_spec = system(b)
    if sys_spec is not None and sys_spec.get("unified"):
        return float(sys_spec.get("memory_gb", 0))
    return 0.0


def ram_gb(b: Build) -> float:
    """System RAM bought or owned for a build from parts (a ready-made system's memory otherwise)."""
    sys_spec = system(b)
    if sys_spec is not None:
        return float(sys_spec.get("memory_gb", 0))
    return sum(
        float(p["spec"].get("modules", 0)) * float(p["spec"].get("module_gb", 0)) * int(p["quantity"])
        for p in b["parts"]
        if p["category"] == "memory"
    )


def memory_channels(b: Build) -> int:
    """Populated-able memory channels of the host: the CPU's channels times its sockets (0 without a CPU part), at most
    the channels its board wires (a 12-channel EPYC on an 8-channel SP5 board reads eight)."""
    cpus = [p for p in b["parts"] if p["category"] == "cpu"]
    boards = [int(p["spec"].get("memory_channels", 0)) for p in b["parts"] if p["category"] == "motherboard"]
    wired = min(boards, default=0) or None
    return sum(
        min(int(p["spec"].get("memory_channels", 0)), wired or int(p["spec"].get("memory_channels", 0)))
        * int(p["quantity"])
        for p in cpus
    )


def engine(b: Build) -> str:
    return str((b.get("launch") or {}).get("engine") or "").lower()


def launch_command(b: Build) -> str:
    return str((b.get("launch") or {}).get("command") or "")


def experts_in_ram(b: Build) -> bool:
    """MoE expert tensors kept in system RAM: llama.cpp's --cpu-moe / --n-cpu-moe / an override-tensor rule in the
    launch command, a hybrid engine (KTransformers), or the build saying so in its label or assumptions."""
    command = launch_command(b)
    if re.search(r"--(n-)?cpu-moe|-n?cmoe\b|--override-tensor|\s-ot\s", command) or "ktransformers" in engine(b):
        return True
    words = [b["label"], *b["estimate"].get("assumptions", [])]
    return any("expert" in w.lower() and re.search(r"\bRAM\b", w) for w in words)


def owned_cards(b: Build) -> int:
    return sum(int(p.get("owned", 0)) for p in gpu_parts(b))


def passes_every_rule(b: Build) -> bool:
    return not any(c["status"] == "fail" for c in b["checks"])


def claims(b: Build) -> set[str]:
    """The label's claims (cheapest, fastest, value, quietest, grow), parsed as the independent checker does."""
    return {kind for kind, scope in label_claims(b["label"]) if scope is None}


# --------------------------------------------------------------------------- reading a whole answer


def builds(plan: Plan) -> list[Build]:
    """The builds an answer offers that pass every FAIL rule."""
    return [b for b in plan["builds"] if passes_every_rule(b)]


def labelled(plan: Plan, kind: str) -> list[Build]:
    return [b for b in builds(plan) if kind in claims(b)]


_MONEY = re.compile(r"([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:USD|CNY|EUR)")


def cheapest_way_out(plan: Plan) -> float | None:
    """What the cheapest answer costs: the cheapest build when the request is met, else the cheapest relaxation
    (`infeasible.relaxations[].total_price` when given, else the last amount in `cheapest_relaxation`)."""
    if plan["infeasible"] is None:
        shown = builds(plan)
        return min((price(b) for b in shown), default=None)
    relaxations = plan["infeasible"].get("relaxations")
    if relaxations:
        return min(float(r["total_price"]) for r in relaxations)
    amounts = _MONEY.findall(plan["infeasible"].get("cheapest_relaxation") or "")
    return float(amounts[-1].replace(",", "")) if amounts else None


# --------------------------------------------------------------------------- expectations


@dataclass(frozen=True)
class Expect:
    """One thing an expert asserts of the answer, in words, and the test of it."""

    claim: str
    holds: Callable[[Plan], bool]


def feasible() -> Expect:
    return Expect(
        "the request is answered as asked (not 'infeasible') with at least one build",
        lambda plan: plan["infeasible"] is None and bool(builds(plan)),
    )


def some_build(claim: str, test: Callable[[Build], bool]) -> Expect:
    """At least one offered build (passing every rule) satisfies `test`."""
    return Expect(f"among the builds: {claim}", lambda plan: any(test(b) for b in builds(plan)))


def no_build(claim: str, test: Callable[[Build], bool]) -> Expect:
    """No offered build satisfies `test`."""
    return Expect(f"no build: {claim}", lambda plan: not any(test(b) for b in plan["builds"]))


def every_build(claim: str, test: Callable[[Build], bool]) -> Expect:
    return Expect(f"every build: {claim}", lambda plan: bool(builds(plan)) and all(test(b) for b in builds(plan)))


def top_build(claim: str, test: Callable[[Build], bool]) -> Expect:
    """The first build shown (rank 1), the one people buy."""
    return Expect(f"the top build: {claim}", lambda plan: bool(plan["builds"]) and test(plan["builds"][0]))


def labelled_build(kind: str, claim: str, test: Callable[[Build], bool]) -> Expect:
    """A build carries the label `kind` (cheapest, fastest, value, quietest, grow) and satisfies `test`."""
    return Expect(
        f"the build labelled '{kind}': {claim}",
        lambda plan: bool(labelled(plan, kind)) and all(test(b) for b in labelled(plan, kind)),
    )


def no_label(kind: str, claim: str, test: Callable[[Build], bool]) -> Expect:
    """No build that satisfies `test` carries the label `kind`."""
    return Expect(
        f"no build labelled '{kind}': {claim}",
        lambda plan: not any(test(b) for b in plan["builds"] if kind in claims(b)),
    )


def way_out_at_most(amount: float, currency: str) -> Expect:
    return Expect(
        f"the cheapest answer (a build as asked, or the cheapest relaxation) costs at most {amount:,.0f} {currency}",
        lambda plan: (cost := cheapest_way_out(plan)) is not None and cost <= amount,
    )


def fastest_is_fastest(required: bool = True) -> Expect:
    """The label 'fastest' sits on the build with the highest throughput shown (`required=False`: if any build says
    it; a plan whose fastest build's speed is unsourced claims it of none, ranking.unsourced_training_speed)."""

    def holds(plan: Plan) -> bool:
        shown = [b for b in builds(plan) if throughput(b) is not None]
        marked = labelled(plan, "fastest")
        if not marked or not shown:
            return not required and not marked
        best = max(throughput(b) or 0.0 for b in shown)

        def as_fast(b: Build) -> bool:
            # within 3 % of the top, every build shown faster beyond rounding costing more (independent_checker.AS_FAST)
            own = throughput(b) or 0.0
            faster = [o for o in shown if (throughput(o) or 0.0) > 1.02 * own]
            return own >= AS_FAST * best and all(price(o) > price(b) for o in faster)

        return all((throughput(b) or 0.0) >= 0.98 * best or as_fast(b) for b in marked)

    said = (
        "the label 'fastest' is on the build with the highest tokens/s shown, or on one within 3 % of it for less"
        + ("" if required else ", if any says it")
    )
    return Expect(said, holds)


def training_speed_shown() -> Expect:
    return Expect(
        "every training build shows the job's tokens/s (estimate.time.tokens_per_s)",
        lambda plan: bool(builds(plan)) and all(train_tokens_per_s(b) for b in builds(plan)),
    )
