"""Every label is a claim about the numbers shown beside it (issue #27): a varied set of plans, and each label of each
build checked against the plan's own JSON numbers. If the numbers disagree, the label is the bug.

The checks re-derive each claim from the JSON (price, speed, noise, watts, checks), not from solve.ranking, so that
the two can disagree and this test can see it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.common.reasons import as_json, english, from_json
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report import phrases, words
from configurator.core.solve import pricing
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import REFERENCE_TOKENS, claim_words, label_text
from configurator.core.solve.shown import AS_FAST, AS_QUIET_DBA
from configurator.core.support.checks import starts_past_support
from tests.independent_checker import check_labels, missed_problems, past_support, unvalidated_run

SETTING_KINDS = {
    "kind.usual-gguf",
    "kind.release-in-ram",
    "kind.usual-kv",
    "kind.usual-served",
    "kind.released-served",
    "kind.usual-finetune",
}
"""Kinds that say how a build runs a setting the request left open, not why it is shown (walk16)."""

READING_TPS = 5.0  # Brysbaert 2019: ~238 words a minute at ~1.3 tokens a word (as rules.READING_TPS)


QUANTIZING = ("kind.usual-gguf", "kind.usual-served-4bit")
"""The kind of a build that runs the weights below the release's quality where no --precision was given (Q4_K_M;
since round 38 AWQ int4 on vLLM for more than four users; 8-bit weights, vLLM's FP8 too, score as the release:
ranking.RELEASE_QUALITY_BITS)."""


def _quantized(build: dict[str, Any]) -> bool:
    return any(k["code"] in QUANTIZING for k in build["kinds"])


def _fastest_problems(name: str, build: dict[str, Any], supported: list[dict[str, Any]]) -> list[str]:
    """No build shown is 3 % faster; one faster by less (a gain the estimate cannot tell) costs more, and the claim
    says what it costs more (field `dearer`); no cheaper build shown is within 3 % of the top speed. A claim made
    among the builds at the release's own weights (field `released`) is checked among them; a quantized build's
    claim over them all says so (field `quantized`)."""
    said = next(from_json(c) for c in build["claims"] if from_json(c).code.startswith("claim.fastest"))
    pool = supported
    if said.fields.get("quantized") is not None and not _quantized(build):
        return [f"{name}: says its weights are quantized, but its kind runs them as released"]
    if said.fields.get("released") is not None and said.fields.get("quantized") is None:
        if _quantized(build):
            return [f"{name}: says it runs at the release's quality, but its kind is the usual GGUF"]
        pool = [o for o in supported if not _quantized(o)]
    elif _quantized(build) and said.fields.get("quantized") is None and any(not _quantized(o) for o in supported):
        return [f"{name}: a plain 'fastest' on quantized weights beside builds at the release's quality"]
    speed, price = _speed(build), build["total_price"]
    faster = [o for o in pool if _speed(o) > speed * 1.0001]
    if any(_speed(o) * 0.97 > speed for o in faster):
        return [f"{name}: a build shown within the budget is over 3 % faster"]
    if faster and (said.fields.get("dearer") is None or any(o["total_price"] <= price for o in faster)):
        return [f"{name}: a build shown is faster by under 3 % and the claim does not say it costs more"]
    top = max(_speed(o) for o in pool)
    if any(o["total_price"] < price - 0.01 and _speed(o) >= 0.97 * top for o in pool):
        return [f"{name}: a cheaper build shown is within 3 % of the top speed (it should claim fastest)"]
    return []


PLANS = {
    # 4 x A100 80GB at 70 % had been "fastest" at 64,175 USD and 517 h beside three at full power, 40,740 USD, 519 h
    "8B pretrain 1e10 tokens in 30 days": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="pretrain", tokens=1e10), deadline_hours=720
    ),
    # Sam's journey: a ready-made 4 x RTX 6000 Ada server at 283 h beside 8 x A100 40GB at 290 h for 2,700 USD less
    "1B pretrain 1e11 tokens in 2 weeks, server room": BuildRequest(
        model_id="llama-3.2-1b",
        workload=Workload(kind="pretrain", tokens=1e11, context=2048),
        deadline_hours=336,
        circuit="230v16a",
        circuits=4,
        room="server-room",
    ),
    # Dr. Chen's 72B LoRA: "cheapest" had named 8 x H800 at 1,655,706 CNY as the build many times faster, beside seven
    # at 1,455,706 that train it as fast and hold "fastest"
    "Chen 72B LoRA 4k CNY": BuildRequest(
        model_id="qwen2.5-72b",
        workload=Workload(kind="finetune", method="lora", context=4096),
        currency="CNY",
        region="china",
        circuit="230v16a",
    ),
    "8B q4 $1500": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500
    ),
    # no precision: the GMKtec EVO-X1 mini PC at 930 USD and 14.4 tokens/s had said "no build shown beats it on both
    # price and speed" under an RTX 2070 at 857 USD and 62.1 (shown.kind_said)
    "8B $1500, no precision": BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), budget=1500),
    # an MI50 past ROCm support had set the floor of room to grow, and an Arc Pro B60 at 77 h held it beside an RTX 2080
    # Ti 22GB at 33 h for less (ranking._grows)
    "8B LoRA 1e8 tokens $3000": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="lora", tokens=1e8), budget=3000
    ),
    # room to grow had found one Arc Pro B60 at 77 h, slower than the cheapest supported build (an RTX 2080 Ti 22GB at
    # 33 h), and no build held it; one MI50 past ROCm support had been "cheapest" (solver._room_to_grow,
    # support.PAST_SUPPORT_STARTS). Six places: the MI50 is shown below them, for its lower price
    "Qwen3 8B LoRA $2500 top 6": BuildRequest(
        model_id="qwen3-8b", workload=Workload(kind="finetune", method="lora"), budget=2500, top_k=6
    ),
    # two modified RTX 2080 Ti 22GB at 2,013 USD and 21.7 h had taken the one place left from one RTX A5000 at 2,016
    # USD and 20.6 h; the A5000 is shown in their place and says so (shown.instead, ranking._stands_in)
    "Llama 8B LoRA $2500": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="lora"), budget=2500
    ),
    "30B-A3B q4, own 4060 Ti": BuildRequest(
        model_id="qwen3-30b-a3b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1500,
        owned=(OwnedPart(category="gpu", id="rtx-4060-ti-16gb"),),
    ),
    "70B q4 8k used $3500": BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
        budget=3500,
        condition="used",
    ),
    "compare 4090/3090/3060": BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-4090", "rtx-3090", "rtx-3060-12gb"),
    ),
    # a Mac Studio and a DGX Spark named beside a 3090 ("Only GPUs" takes system ids: issue #31)
    "compare 3090/Mac Studio/DGX Spark": BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-3090", "mac-studio-m2-ultra-76c-192gb", "nvidia-dgx-spark"),
    ),
    "32B QLoRA $3000": BuildRequest(
        model_id="qwen3-32b", workload=Workload(kind="finetune", method="qlora"), budget=3000
    ),
    "ChatGLM-6B full, CNY": BuildRequest(
        model_id="chatglm-6b", workload=Workload(kind="finetune", method="full"), currency="CNY", region="china"
    ),
    # a mini PC is the cheapest, beside a CPU-only box the ranking sets aside for its prompt wait (walk9)
    "gpt-oss-20b $700": BuildRequest(model_id="gpt-oss-20b", workload=Workload(kind="inference"), budget=700),
    # no --precision: the fastest of all runs llama.cpp's usual GGUF on one RTX 5090 and says so, and 2 x A100 80GB in
    # BF16 is the fastest at the release's quality (ranking._fastest_claim)
    "8B no precision": BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference")),
    # a cheaper open frame of blower-shrouded MI50s is shown, too loud for the room (NOISE-1)
    # 2 x MI50 past ROCm support shown at 58.6 tokens/s for 1,518 USD beside a "best value" at 40.8 for 2,255 USD
    "gpt-oss-120b $3000": BuildRequest(model_id="gpt-oss-120b", workload=Workload(kind="inference"), budget=3000),
    "70B $2000 home office": BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference"), budget=2000, room="home-office"
    ),
    # no --precision, a MoE too big for one card: Q4_K_M's experts-in-RAM hosts and Mac beside the machines that read
    # the release from RAM at Q8_0 (sources.in_ram), "fastest at release quality" among those (it had been a CPU-only
    # EPYC decoding BF16 at 6.2 tokens/s)
    "Qwen3.5-122B $4000": BuildRequest(model_id="qwen3.5-122b-a10b", workload=Workload(kind="inference"), budget=4000),
}


def _quieter_shown(build: dict[str, Any], within: list[dict[str, Any]]) -> bool:
    """Whether a build shown is the one "quietest" should name: builds within 2 dBA (shown.AS_QUIET_DBA) of the lowest
    figure shown are as quiet, and among them the claim goes to the most speed for the money (within shown.AS_FAST of
    the best), then the lower figure; never to the fewer wall watts, which the catalog takes from unlike sources
    (round 38: a Mac mini's measured 140 W against a Mac Studio's 370 W supply rating)."""
    heard = [o for o in within if o["noise_dba"] is not None]
    if build["noise_dba"] is None or not heard:
        return False
    low = min(round(o["noise_dba"], 1) for o in heard)
    mine = round(build["noise_dba"], 1)
    if mine >= low + AS_QUIET_DBA:
        return True
    band = [o for o in heard if round(o["noise_dba"], 1) < low + AS_QUIET_DBA]

    def value(o: dict[str, Any]) -> float:
        return _speed(o) / o["total_price"] if o["total_price"] > 0 else float("inf")

    top = max(value(o) for o in band)
    if value(build) < AS_FAST * top * (1 - 1e-4):
        return True
    return any(round(o["noise_dba"], 1) < mine and value(o) >= AS_FAST * top for o in band)


def _speed(build: dict[str, Any]) -> float:
    if (
        build["estimate"]["speed"]["decode_tokens_per_s"] is not None
        and "tokens_per_s" not in build["estimate"]["time"]
    ):
        return float(build["estimate"]["speed"]["decode_tokens_per_s"])
    return float(build["estimate"]["time"].get("tokens_per_s") or 0.0)


def _training(build: dict[str, Any]) -> bool:
    return "tokens_per_s" in build["estimate"]["time"]


def _passing(build: dict[str, Any]) -> bool:
    return not any(c["status"] == "fail" for c in build["checks"])


def _readable(build: dict[str, Any]) -> bool:
    return _training(build) or _speed(build) >= READING_TPS


def _gpu_name(build: dict[str, Any]) -> str:
    return next(p["name"] for p in build["parts"] if p["category"] in ("gpu", "system"))


def _warned(build: dict[str, Any], rule: str) -> bool:
    return any(c["rule"] == rule and c["status"] != "pass" for c in build["checks"])


def _no_gpu(build: dict[str, Any]) -> bool:
    """No graphics card bought: CPU only, a mini PC's iGPU, a Mac."""
    return not any(p["category"] == "gpu" for p in build["parts"])


def cheapest_sentence_problems(name: str, build: dict[str, Any], builds: list[dict[str, Any]]) -> list[str]:
    """The cheapest build's sentence, "the lowest price (P) of the N builds shown that fail no rule[ at reading
    speed or more]; [the cheaper machine without a GPU waits...]; [the cheaper data-center machine is too loud...]":
    N counts the shown builds that pass every rule, but for those the qualifiers set aside, and each of those left
    out is cheaper for the reason named (gpt-oss-20b at 700 USD said "of the 1 builds" beside two passing builds)."""
    said = next(c for c in build["claims"] if c["code"] == "claim.cheapest")["fields"]
    price = build["total_price"]
    counted, left_out = [], []
    for o in (o for o in builds if _passing(o)):
        cheaper = o["total_price"] < price - 0.01
        if said.get("reading") and not _readable(o):
            left_out.append(o)
        elif cheaper and said.get("prompt") and _no_gpu(o) and _warned(o, "PROMPT"):
            left_out.append(o)
        elif cheaper and said.get("loud") and _warned(o, "NOISE-1"):
            left_out.append(o)
        elif cheaper and said.get("waits") and not _no_gpu(o) and _warned(o, "PROMPT"):
            left_out.append(o)
        elif cheaper and said.get("eol") and _training(o) and past_support(o):
            left_out.append(o)
        elif cheaper and said.get("unvalidated") and _training(o) and unvalidated_run(o):
            left_out.append(o)  # round 41: its run unvalidated on the card (SUP-11 warns)
        else:
            counted.append(o)
    problems = []
    if said["builds"] != len(counted):
        problems.append(f"{name}: says {said['builds']} builds shown pass every rule; {len(counted)} do")
    if any(o["total_price"] < price - 0.01 for o in counted):
        problems.append(f"{name}: a build its sentence counts is cheaper")
    for flag, rivals in (
        ("prompt", [o for o in left_out if _no_gpu(o) and _warned(o, "PROMPT")]),
        ("loud", [o for o in left_out if _warned(o, "NOISE-1")]),
        ("waits", [o for o in left_out if not _no_gpu(o) and _warned(o, "PROMPT")]),
        ("eol", [o for o in left_out if _training(o) and past_support(o)]),
        ("unvalidated", [o for o in left_out if _training(o) and unvalidated_run(o) and not past_support(o)]),
    ):
        if said.get(flag) and not any(o["total_price"] < price - 0.01 for o in rivals):
            problems.append(f"{name}: names a cheaper build set aside ({flag}) that is not shown")
    return problems


def _ram_gb(b: dict[str, Any]) -> float:
    return sum(
        (p["spec"].get("modules") or 1) * (p["spec"].get("module_gb") or 0) * p["quantity"]
        for p in b["parts"]
        if p["category"] == "memory"
    )


def _spec(b: dict[str, Any], category: str, key: str) -> Any:
    return next((p["spec"].get(key) for p in b["parts"] if p["category"] == category), None)


def _gpus(b: dict[str, Any]) -> int:
    return sum(p["quantity"] for p in b["parts"] if p["category"] == "gpu") * b["nodes"]


def _shroud_kits(b: dict[str, Any]) -> bool:
    return any(p["category"] == "accessory" and p["spec"].get("kind") == "gpu-shroud" for p in b["parts"])


def _cards(b: dict[str, Any]) -> set[str]:
    return {p["id"] for p in b["parts"] if p["category"] in ("gpu", "system")}


def _offer_holds(code: str, b: dict[str, Any], o: dict[str, Any]) -> bool:
    """Whether build `b` offers what `code` says over build `o`, from the JSON alone."""
    form = {"rack-2u": "rack", "rack-4u": "rack", "rack-5u": "rack", "rack-6u": "rack", "open-frame": "open"}
    holds = {
        "offer.cheaper": lambda: b["total_price"] < o["total_price"],
        "offer.faster": lambda: _speed(b) > _speed(o),
        "offer.release": lambda: _quantized(o) and not _quantized(b),
        "offer.quieter": lambda: (
            # by the 2 dBA the noise estimate resolves (shown.AS_QUIET_DBA), as "quietest" is claimed; passive cards
            # under shroud kits are heard at a floor (no kit's level is published), so they offer no "less noise"
            b["noise_dba"] is not None
            and not _shroud_kits(b)
            and o["noise_dba"] is not None
            and round(b["noise_dba"], 1) <= round(o["noise_dba"], 1) - 2.0
        ),
        "offer.card": lambda: bool(_cards(b) - _cards(o)),
        "offer.cards": lambda: _gpus(b) > _gpus(o),
        "offer.fewer-cards": lambda: 0 < _gpus(b) < _gpus(o),
        "offer.ram": lambda: _ram_gb(b) > _ram_gb(o),
        "offer.case": lambda: (
            form.get(_spec(b, "chassis", "kind"), "tower") != form.get(_spec(o, "chassis", "kind"), "tower")
        ),
        "offer.platform": lambda: _spec(b, "cpu", "socket") != _spec(o, "cpu", "socket"),
        "offer.grow": lambda: b["room_for_one_more"] and not o["room_for_one_more"],
        "offer.passes": lambda: _passing(b) and not _passing(o),
    }
    return holds.get(code, lambda: True)()


def offer_problems(name: str, b: dict[str, Any], above: list[dict[str, Any]]) -> list[str]:
    """A build without a claim or a kind is shown for what it offers over the builds ranked above it (plan --json
    "why", solve.shown): each offer is true over them (or over the one it names by rank)."""
    if b["claims"] or any(k["code"] not in SETTING_KINDS for k in b["kinds"]):
        return []
    if above and not b["why"]:
        return [f"{name}: shown without a claim, a kind or a why"]
    problems = []
    for offer in b["why"]:
        rank = offer["fields"].get("rank")
        over = [above[rank - 1]] if rank is not None else above
        for o in over:
            if not _offer_holds(offer["code"], b, o):
                problems.append(f"{name}: says {offer['code']} over #{o['rank']}, which it does not offer")
    return problems


def _beats_both(o: dict[str, Any], b: dict[str, Any]) -> bool:
    """Build `o` passes, costs less and is faster past the 3 % same-speed band (shown.FASTER = 1 / shown.AS_FAST): it
    beats `b` on both price and speed."""
    return _passing(o) and o["total_price"] < b["total_price"] - 0.5 and _speed(b) < 0.97 * _speed(o)


def _slower_problems(name: str, b: dict[str, Any], builds: list[dict[str, Any]]) -> list[str]:
    """A "cheapest" many times slower names the cheapest build within 3 % of the top speed shown (shown.AS_FAST), as
    "fastest" is given, and the ratio of its speed."""
    if not b.get("slower"):
        return []
    fields = b["slower"]["fields"]
    named = builds[fields["rank"] - 1]
    rivals = [o for o in builds if o is not b and _passing(o) and _speed(o) > 0 and o.get("speed_sourced", True)]
    top = max(_speed(o) for o in rivals)
    if any(o["total_price"] < named["total_price"] - 0.01 and _speed(o) >= 0.97 * top for o in rivals):
        return [f"{name}: says it is slower than #{fields['rank']}, where a cheaper build shown is as fast"]
    if abs(_speed(named) / _speed(b) - fields["ratio"]) > 0.06:
        return [f"{name}: says {fields['ratio']}x slower than #{fields['rank']}"]
    return []


def _instead_problems(name: str, b: dict[str, Any], builds: list[dict[str, Any]]) -> list[str]:
    """ "Shown in place of N x X at P (its speed): the same price within 1 %, as fast, on fewer cards (or cards not
    modified)" is true of the numbers it gives (shown.instead): its price within 1 % of that one's (shown.SAME_PRICE),
    its speed within 3 % of it or faster (shown.AS_FAST), fewer cards, or as many and none modified; and that build is
    not among those shown."""
    said = {r["code"]: r["fields"] for r in b.get("_why_said", [])}
    if "shown.instead" not in said:
        return []
    fields = said["shown.instead"]
    problems = []
    if b["total_price"] > fields["price"] * 1.01 + 0.01:
        problems.append(f"{name}: says the same price as {fields['price']}, more than 1 % below its own")
    speed = fields["speed"]["fields"]
    if "hours" in speed and b["estimate"]["time"]["wall_hours"] * 0.97 > speed["hours"] + 1e-6:
        problems.append(f"{name}: says as fast as a build that trains in {speed['hours']} h")
    if "tps" in speed and _speed(b) < 0.97 * speed["tps"] - 1e-6:
        problems.append(f"{name}: says as fast as a build at {speed['tps']} tokens/s")
    modified = any(p["spec"].get("modified") for p in b["parts"] if p["category"] == "gpu")
    if fields["fewer"] and not _gpus(b) < fields["count"]:
        problems.append(f"{name}: says fewer cards than {fields['count']}")
    if not fields["fewer"] and (_gpus(b) != fields["count"] or modified):
        problems.append(f"{name}: says as many cards, none modified, as {fields['count']}")
    if any(abs(o["total_price"] - fields["price"]) < 0.01 and _gpus(o) == fields["count"] for o in builds):
        problems.append(f"{name}: says it is shown in place of a build that is shown")
    return problems


def _cheaper_as_fast(o: dict[str, Any], b: dict[str, Any]) -> bool:
    return _passing(o) and o["total_price"] < b["total_price"] - 0.5 and _speed(o) >= _speed(b) * 0.97


def _beaten_problems(name: str, b: dict[str, Any], builds: list[dict[str, Any]]) -> list[str]:
    """ "No build shown beats it on both price and speed" holds of the builds shown; a build that says which builds
    beat it names exactly those (the GMKtec EVO-X1 at 930 USD and 14.4 tokens/s had said no build beat it, under an
    RTX 2070 at 857 USD and 62.1)."""
    said = {r["code"]: r["fields"] for r in b.get("_why_said", [])}
    beaters = [o["rank"] for o in builds if o is not b and _beats_both(o, b)]
    if "claim.none" in said and beaters:
        return [f"{name}: says no build shown beats it on both price and speed; #{beaters[0]} does"]
    # a build shown that costs less and is within 3 % of its speed (shown.AS_FAST) is as fast for a buyer
    as_fast = [o["rank"] for o in builds if o is not b and _cheaper_as_fast(o, b)]
    if "claim.none" in said and as_fast:
        return [f"{name}: says no build shown beats it, but #{as_fast[0]} costs less and is as fast"]
    if "shown.beaten" in said and any(o["code"] == "offer.faster" for o in said["shown.beaten"]["offers"]):
        # within 3 % of a cheaper build's speed (shown.AS_FAST) is no offer of speed (Sam's ready-made 4 x RTX 6000 Ada
        # at 283 h had offered "more speed" over 8 x A100 40GB at 290 h for less)
        return [f"{name}: offers more speed over a cheaper build within 3 % of it"]
    if "shown.beaten" in said and list(said["shown.beaten"]["ranks"]) != as_fast:
        return [f"{name}: names {said['shown.beaten']['ranks']} as cheaper and as fast; those are {as_fast}"]
    return []


def _value_said(build: dict[str, Any]) -> dict[str, Any]:
    """The fields of a build's best-value claim (plan --json claims)."""
    return next((c["fields"] for c in build["claims"] if c["code"] == "claim.value"), {})


def _value_rivals(build: dict[str, Any], supported: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The builds a best-value claim is made among (round 39, ranking._quality_tier): "best value at release quality"
    among the builds shown that are not quantized, any other among every supported build shown."""
    said = _value_said(build)
    tier = said.get("released") is not None and said.get("quantized") is None
    return [o for o in supported if not (tier and _quantized(o))]


def _value_tier_problems(name: str, build: dict[str, Any], supported: list[dict[str, Any]]) -> list[str]:
    """A best-value claim says its build's quality tier, as "fastest" does (_fastest_problems): "at release quality"
    on a build that is not quantized, "at <format>" (field `quantized`) on one that is, and a plain one on a quantized
    build only where no build shown keeps the release's quality."""
    said = _value_said(build)
    if _quantized(build) and said.get("quantized") is None and any(not _quantized(o) for o in supported):
        return [f"{name}: a plain 'best value' on quantized weights beside builds at the release's quality"]
    if said.get("quantized") is not None and not _quantized(build):
        return [f"{name}: says 'best value at {said['quantized']}' of a build at the release's quality"]
    if said.get("released") is not None and said.get("quantized") is None and _quantized(build):
        return [f"{name}: says 'best value at release quality' of a quantized build"]
    return []


def label_problems(request: BuildRequest, result: dict[str, Any]) -> list[str]:
    """Each claim in each label, against the numbers of every build shown."""
    builds = result["builds"]
    problems: list[str] = []
    passing = [b for b in builds if _passing(b)]
    # the rivals for "cheapest" leave out a slow machine without a GPU (its prompts wait: PROMPT) beside one with a
    # GPU, and a data-center machine in a home office (NOISE-1) beside one the room takes (docs/advice.md, section 3)
    rivals = [b for b in passing if not (_no_gpu(b) and _warned(b, "PROMPT"))] or passing
    rivals = [b for b in rivals if not (request.room == "home-office" and _warned(b, "NOISE-1"))] or rivals
    ranked = [b for b in rivals if _readable(b)] or rivals
    # nor, for "cheapest" of a training job, a card past its vendor's support beside a supported one
    # (support.PAST_SUPPORT_STARTS)
    eol_aside = [b for b in ranked if _training(b) and past_support(b)]
    cheap_rivals = [b for b in ranked if b not in eol_aside] or ranked
    # round 41: nor a training build whose own support checks warn its run is unvalidated on the card (SUP-11:
    # partial support), beside one whose do not
    run_aside = [b for b in cheap_rivals if _training(b) and unvalidated_run(b)]
    cheap_rivals = [b for b in cheap_rivals if b not in run_aside] or cheap_rivals
    run_aside = [b for b in run_aside if b not in cheap_rivals]
    within = [b for b in ranked if request.budget is None or b["total_price"] <= request.budget + 0.01]
    supported = [b for b in within if not past_support(b)]  # a card past its software support claims no speed (#28)
    for b in builds:
        name = f"#{b['rank']} {b['label']}"
        price, speed, dba = b["total_price"], _speed(b), b["noise_dba"]
        kinds = tuple(from_json(k) for k in b["kinds"])
        offers = tuple(from_json(o) for o in b["why"])
        if label_text(tuple(from_json(c) for c in b["claims"]), kinds, offers) != b["label"]:
            problems.append(f"{name}: the label is not what its claims and kinds say (plan --json claims, kinds)")
        problems += offer_problems(name, b, builds[: b["rank"] - 1])
        if any(k.code == "kind.said" for k in kinds):
            problems.append(f"{name}: a source's kind of build has no code")
        for claim in claim_words(b):
            if claim in ("cheapest", "cheapest on supported software"):
                if any(o["total_price"] < price - 0.01 for o in cheap_rivals):
                    problems.append(f"{name}: a build shown is cheaper")
                cheaper_eol = any(o["total_price"] < price - 0.01 and o in eol_aside + run_aside for o in passing)
                if b in eol_aside and len(cheap_rivals) < len(ranked):
                    problems.append(f"{name}: cheapest for training on a card past its support beside supported ones")
                if cheaper_eol != (claim == "cheapest on supported software"):
                    problems.append(
                        f"{name}: says 'on supported software' unless a cheaper card past support (or whose run is "
                        "unvalidated) is shown"
                    )
                problems += cheapest_sentence_problems(name, b, builds)
            elif (claim.startswith("fastest") or claim.startswith("best value")) and past_support(b):
                problems.append(f"{name}: a card past its software support claims {claim}")
            elif claim.startswith("fastest"):
                problems += _fastest_problems(name, b, supported)
                said = next(c["fields"] for c in b["claims"] if c["code"].startswith("claim.fastest"))
                tier = said.get("released") is not None and said.get("quantized") is None  # at release quality
                faster_past = [
                    o for o in within if past_support(o) and _speed(o) > speed * 1.0001 and not (tier and _quantized(o))
                ]
                if faster_past and not said.get("supported"):
                    # the claim is made among cards still supported: it says so when a faster one past support is shown
                    problems.append(f"{name}: a card past its support shown is faster, unsaid")
            elif claim.startswith("best value") and _value_tier_problems(name, b, supported):
                problems += _value_tier_problems(name, b, supported)
            elif claim.startswith("best value") and any(
                _speed(o) / o["total_price"] > speed / price * 1.0001 for o in _value_rivals(b, supported)
            ):
                problems.append(f"{name}: a build shown gives more speed per {b['currency']}")
            elif (
                claim.startswith("best value")
                and not _value_said(b).get("supported")
                and any(
                    _speed(o) / o["total_price"] > speed / price * 1.0001
                    for o in _value_rivals(b, within)
                    if past_support(o)
                )
            ):
                # gpt-oss-120b at 3,000 USD: 2 x MI50 shown at 38.6 tokens/s per 1,000 USD beside a "best value" at
                # 18.1 whose sentence did not say it was made among cards still supported
                problems.append(f"{name}: a card past its support shown gives more per {b['currency']}, unsaid")
            elif claim == "quietest" and _quieter_shown(b, within):
                problems.append(f"{name}: a build shown is quieter")
            elif claim == "room to grow" and not b["room_for_one_more"]:
                problems.append(f"{name}: one more card needs more than the card")
            elif claim == "room to grow" and any(
                _speed(b) < 0.97 * _speed(c)
                for c in [min((o for o in within if not past_support(o)), key=lambda o: o["total_price"], default=b)]
            ):
                # room to grow starts where the cheapest supported build stands (ranking._grows)
                problems.append(f"{name}: room to grow on a machine slower than the cheapest supported build shown")
            elif claim == "room to grow" and (past_support(b) or _warned(b, "SUP-8")):
                problems.append(f"{name}: room to grow on a card whose support ended or whose drivers wind down")
            elif claim == "room to grow" and any(
                o["room_for_one_more"]
                and not past_support(o)
                and not _warned(o, "SUP-8")
                and o["total_price"] < price - 0.01
                and _speed(o) >= 0.97 * _speed(floor)
                for o in within
                for floor in [min((c for c in within if not past_support(c)), key=lambda c: c["total_price"])]
            ):
                problems.append(f"{name}: a build shown with room for one more card is cheaper")
            elif claim == "cheapest below reading speed" and (
                speed >= READING_TPS or any(o["total_price"] < price - 0.01 for o in passing)
            ):
                problems.append(f"{name}: not the cheapest, or not below reading speed")
            elif claim.startswith("cheapest with "):
                if claim != f"cheapest with {_gpu_name(b)}":
                    problems.append(f"{name}: the label names another GPU than the build's {_gpu_name(b)}")
                same = [o for o in passing if o["parts"] and _gpu_name(o) == _gpu_name(b)]
                if any(o["total_price"] < price - 0.01 for o in same):
                    problems.append(f"{name}: a build shown with the same GPU is cheaper")
        problems += _beaten_problems(name, b, builds)
        problems += _slower_problems(name, b, builds)
        problems += _instead_problems(name, b, builds)
        if not claim_words(b) and not request.compares:
            for o in passing:
                louder = o["noise_dba"] is not None and dba is not None and o["noise_dba"] > dba + 0.05
                # a card past its support never pushes a supported build off (ranking._dominated), whose label says so
                said_supported = past_support(o) and not past_support(b) and "supported software" in b["label"]
                if (
                    o is not b
                    and o["total_price"] <= price
                    and _speed(o) >= speed
                    and not louder
                    and not said_supported
                    and (o["total_price"] < price or _speed(o) > speed)
                ):
                    problems.append(
                        f"{name}: #{o['rank']} is no dearer, no slower and no louder, and no label says why"
                    )
                    break
        if _training(b):
            time = b["estimate"]["time"]
            if not time["tokens_per_s"] or not time["wall_hours"]:
                problems.append(f"{name}: a training build without its tokens/s and hours")
            if request.workload.tokens is None and time.get("reference_tokens") != REFERENCE_TOKENS:
                problems.append(f"{name}: timed without saying the reference job")
    # a build that misses the deadline or the speed asked, beside one that meets it, says by how much and what it saves
    return problems + missed_problems(builds, request.deadline_hours, request.min_decode_tps)


@pytest.fixture(scope="module")
def results(catalog: Catalog) -> dict[str, tuple[BuildRequest, dict[str, Any]]]:
    memo.clear()
    out = {}
    for name, request in PLANS.items():
        result = plan(request, catalog)
        data = result.to_json()
        for build, said in zip(result.builds, data["builds"], strict=True):
            said["_why_said"] = [as_json(r) for r in build.why_said]  # the why as codes (not in the JSON)
        out[name] = (request, data)
    return out


@pytest.mark.parametrize("name", list(PLANS))
def test_every_label_is_true_of_the_numbers_shown(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]], name: str
) -> None:
    request, result = results[name]
    assert result["builds"], name
    assert label_problems(request, result) == []
    assert [b["rank"] for b in result["builds"]] == list(range(1, len(result["builds"]) + 1))


@pytest.mark.xfail(
    strict=True,
    reason="round 45's dated prices remove the case, rightly: two RTX 2080 Ti 22GB (620 USD a card, was 380) now cost "
    "about 2,493 USD, no longer beside the one RTX A5000 at 2,016.09 (20.7 h), which is shown on its own as "
    "'alternative (more speed)' with nothing to stand in for; the shown.instead rule needs a new case",
)
def test_a_build_shown_in_place_of_another_says_what_is_true_of_both(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """Llama 3.1 8B LoRA at 2,500 USD: one RTX A5000 (2,016 USD, 20.6 h) is shown in place of two modified RTX 2080 Ti
    22GB (2,013 USD, 21.7 h), and says so; the check catches the sentence when its numbers are not true."""
    _, result = results["Llama 8B LoRA $2500"]
    builds = result["builds"]
    single = next(b for b in builds if any(r["code"] == "shown.instead" for r in b["_why_said"]))
    assert {p["id"] for p in single["parts"] if p["category"] == "gpu"} == {"rtx-a5000"}
    assert _instead_problems("A5000", single, builds) == []
    said = next(r for r in single["_why_said"] if r["code"] == "shown.instead")
    assert said["fields"]["count"] == 2 and said["fields"]["fewer"] is True
    cheaper = {**said, "fields": {**said["fields"], "price": round(single["total_price"] / 1.02, 2)}}
    faster = {**said, "fields": {**said["fields"], "speed": {"code": "speed.hours", "fields": {"hours": 15.0}}}}
    for wrong in (cheaper, faster):
        lied = {**single, "_why_said": [wrong if r is said else r for r in single["_why_said"]]}
        assert _instead_problems("A5000", lied, builds), wrong


def test_the_cheapest_sentence_counts_the_builds_shown(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """gpt-oss-20b at 700 USD: the mini PC's sentence said "of the 1 builds found that pass every rule" while a
    CPU-only box that passes every rule was shown beside it (the count was of the rivals for cheapest, which set
    that box aside for its prompt wait). Both pass, and the mini PC is the cheaper: the sentence says 2."""
    _request, result = results["gpt-oss-20b $700"]
    builds = result["builds"]
    cheapest = next(b for b in builds if "cheapest" in claim_words(b))
    passing = [b for b in builds if _passing(b)]
    assert len(passing) >= 2
    assert cheapest["total_price"] == min(b["total_price"] for b in passing)
    said = english(from_json(next(c for c in cheapest["claims"] if c["code"] == "claim.cheapest")))
    assert f"of the {len(passing)} builds shown that fail no rule" in said, said


def test_room_to_grow_is_a_machine_as_fast_as_the_cheapest_supported_one_with_room_for_its_card(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """Qwen3 8B LoRA at 2,500 USD: the search for room found one Arc Pro B60 at 77 h, slower than the cheapest
    supported build (an RTX 2080 Ti 22GB at 33 h), so no build said "room to grow". The search now looks among builds no
    slower than that one: the same card on a board, PSU and case that take a second (solver._room_to_grow)."""
    _request, result = results["Qwen3 8B LoRA $2500 top 6"]
    builds = result["builds"]
    grow = [b for b in builds if "room to grow" in claim_words(b)]
    assert len(grow) == 1, [b["label"] for b in builds]
    floor = min((b for b in builds if _passing(b) and not past_support(b)), key=lambda b: b["total_price"])
    assert _speed(grow[0]) >= 0.97 * _speed(floor)
    assert grow[0]["room_for_one_more"] and _gpu_name(grow[0]) == _gpu_name(floor)


@pytest.mark.xfail(
    strict=True,
    reason="round 45's dated prices remove the case: at the 20 % duty the Qwen3 8B LoRA top 6 at 2,500 USD shows no "
    "build past support; the supported RTX 2080 Ti 22GB (620 USD a card) is cheapest at 1,336.09 and 33.2 h, a "
    "price the duty does not move (1,336.09 at 10 % and at 20 %), and no MI50 (400 USD, no PyTorch ROCm wheel) is "
    "shown beside it: what an expert would buy, but the past-support labels need a new case",
)
def test_a_training_build_past_its_vendors_support_is_not_the_cheapest_and_says_it_is_cheaper(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]], catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An MI50 (gfx906: no PyTorch ROCm wheel since 6.4 runs it) had been "cheapest" for an 8B LoRA, 45 USD under an
    RTX 2080 Ti 22GB that trains four times as fast. The supported build holds the claim, "on supported software" while
    the MI50 is shown; the MI50 is shown after the supported builds, for its lower price, with its caveat. The 45 USD
    gap is the one at a 20 % US duty on the 2080 Ti (410 USD landed); at the 10 % in force (catalog27: HTS 8473.30 is
    exempt from the reciprocal tariff) the gap is 15 USD and the MI50 is not shown at all, so the rule is checked at
    the 20 % duty."""
    request, _result = results["Qwen3 8B LoRA $2500 top 6"]
    rule = pricing.IMPORT["USD"][0]
    monkeypatch.setitem(pricing.IMPORT, "USD", (dataclasses.replace(rule, duty=0.20),))
    memo.clear()
    result = plan(request, catalog).to_json()
    memo.clear()
    builds = result["builds"]
    eol = [b for b in builds if past_support(b)]
    assert eol, [b["label"] for b in builds]
    assert not any(c.startswith("cheapest") for b in eol for c in claim_words(b))
    cheapest = next(b for b in builds if "cheapest on supported software" in claim_words(b))
    assert not past_support(cheapest) and all(b["total_price"] < cheapest["total_price"] for b in eol)
    said = english(from_json(next(c for c in cheapest["claims"] if c["code"] == "claim.cheapest")))
    assert "not counting a cheaper build shown on a card past its vendor's support" in said, said
    assert all(b["rank"] > o["rank"] for b in eol for o in builds if not past_support(o))
    assert all(b["label"].startswith("alternative (lower price") and "past ROCm support" in b["label"] for b in eol)
    with words.language("zh_CN"):
        zh = words.say(from_json(next(c for c in cheapest["claims"] if c["code"] == "claim.cheapest")))
        assert "已过厂商软件支持期" in zh, zh
        assert words.claim_word(from_json(next(c for c in cheapest["claims"] if c["code"] == "claim.cheapest"))) == (
            "软件仍受支持的配置中最便宜"
        )


def test_a_map_cell_of_a_training_job_shows_the_cheapest_supported_build(catalog: Catalog) -> None:
    """A map cell's plan (cheapest_only, top 1) caps its later searches at the builds in hand that stay "cheapest": an
    MI50 past ROCm support does not (a supported build takes the claim), so the cell shows the RTX 2080 Ti 22GB (Llama
    3.1 8B LoRA at 3,000 USD), not the MI50 the ranking sets aside."""
    memo.clear()
    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="lora"), budget=3000, top_k=1
    )
    shown = plan(request, catalog, cheapest_only=True).builds
    assert len(shown) == 1 and not past_support(dict(shown[0].to_json())), [b.label for b in shown]
    assert "cheapest" in claim_words(shown[0])


def test_an_inference_build_past_its_vendors_support_may_still_be_the_cheapest() -> None:
    """The rule is the training stack's (support.PAST_SUPPORT_STARTS): llama.cpp's Vulkan backend still serves a model
    on gfx906 and Pascal, so an inference plan may call such a build "cheapest", with its caveat in the label."""
    assert starts_past_support("inference")
    assert not starts_past_support("finetune") and not starts_past_support("pretrain")


def test_a_comparison_labels_each_build_with_its_own_gpu(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """`--gpu rtx-4090,rtx-3090,rtx-3060-12gb` had put "cheapest with RTX 3060" on the 4090's build (and on the sheet,
    the XLSX and the PDF title): each GPU's build now carries its own name."""
    _request, result = results["compare 4090/3090/3060"]
    labelled = {b["parts"][0]["id"]: b["label"] for b in result["builds"] if b["label"].startswith("cheapest with")}
    assert set(labelled) >= {"rtx-4090", "rtx-3090", "rtx-3060-12gb"}
    for build in result["builds"]:
        for claim in claim_words(build):
            if claim.startswith("cheapest with "):
                assert claim == f"cheapest with {_gpu_name(build)}"


def test_a_mac_studio_and_a_dgx_spark_named_beside_a_3090_each_get_their_own_cheapest(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """Issue #31: "Only GPUs" refused system ids, so a Mac Studio could not be set against a 3090 build. Named among
    the GPUs, each system is shown and "cheapest with X" lands on the build of X, no shown build of X being cheaper."""
    _request, result = results["compare 3090/Mac Studio/DGX Spark"]
    builds = result["builds"]

    def of(build: dict[str, Any]) -> str:
        return next(p["id"] for p in build["parts"] if p["category"] in ("gpu", "system"))

    assert {of(b) for b in builds} == {"rtx-3090", "mac-studio-m2-ultra-76c-192gb", "nvidia-dgx-spark"}
    for option in ("rtx-3090", "mac-studio-m2-ultra-76c-192gb", "nvidia-dgx-spark"):
        mine = [b for b in builds if of(b) == option]
        labelled = [b for b in mine if any(c.startswith("cheapest with ") for c in claim_words(b))]
        assert len(labelled) == 1, (option, [b["label"] for b in mine])
        assert labelled[0]["total_price"] == min(b["total_price"] for b in mine if _passing(b))
        assert f"cheapest with {_gpu_name(labelled[0])}" in claim_words(labelled[0])


def test_qlora_32b_is_ranked_by_training_speed_not_memory(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """Issue #27: `plan --model qwen3-32b --workload finetune --method qlora --budget 3000` labelled 2 x RTX 2060 12 GB
    with CPU offload 'cheapest and fastest; best value', though a 100 M-token job takes it 493 h against 51 h on the
    next build. Without --tokens the builds are timed for a 100 M-token reference job, and 'fastest' is the fastest."""
    _request, result = results["32B QLoRA $3000"]
    builds = result["builds"]
    assert all(b["estimate"]["time"]["reference_tokens"] == 1e8 for b in builds)
    for build in builds:
        if build["parts"][0]["id"] == "rtx-2060-12gb":
            assert not {"fastest within budget", "best value"} & set(claim_words(build)), build["label"]
    quickest = min(builds, key=lambda b: b["estimate"]["time"]["wall_hours"])
    # a build more than twice as quick as the 2 x RTX 2060 is shown: 95 h (2 x RTX 4070 SUPER) against 231 h, with the
    # GeForce cards timed by the CUDA figure fitted on torchtune's RTX 4090 rates (#29: the 2060s went from 495 h to
    # 231 h) and the DDR4 RDIMM kit at its October 2026 used price (solve.pricing.SUPERSEDED_AFTER_DAYS); 51 h against
    # 493 h when the issue was filed
    slow = max(
        (b["estimate"]["time"]["wall_hours"] for b in builds if b["parts"][0]["id"] == "rtx-2060-12gb"), default=493.0
    )
    assert quickest["estimate"]["time"]["wall_hours"] < slow / 2
    # 'fastest' is the fastest, or no build says it: the quickest here are consumer cards timed by the estimator's
    # unsourced utilisation (ranking.unsourced_training_speed), and a slower build may not claim it
    for fastest in (b for b in builds if "fastest within budget" in claim_words(b)):
        assert fastest["estimate"]["time"]["wall_hours"] == quickest["estimate"]["time"]["wall_hours"]


def test_chatglm_full_finetune_in_cny_does_not_call_8_p40_fastest(
    results: dict[str, tuple[BuildRequest, dict[str, Any]]],
) -> None:
    """Issue #27: ChatGLM-6B full fine-tuning in CNY made 8 x Tesla P40 (Pascal: no bf16, no tensor cores) 'fastest'
    by memory per GPU. Ranked by the reference job's tokens/s, the fastest build is the one that trains fastest."""
    _request, result = results["ChatGLM-6B full, CNY"]
    builds = result["builds"]
    fastest = next(b for b in builds if "fastest" in claim_words(b))
    assert fastest["parts"][0]["id"] != "tesla-p40"
    assert _speed(fastest) == max(_speed(b) for b in builds)


@pytest.fixture(scope="module")
def one_build(catalog: Catalog) -> Any:
    memo.clear()
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), top_k=5)
    # a machine with a GPU line to vary (since #28 the cheapest 8B machine may be a mini PC without one), on a card
    # its vendor still supports (since round 27 a used P100 on a frame may be the cheapest: its labels carry the caveat)
    return next(
        b for b in plan(request, catalog).builds if any(p.category == "gpu" for p in b.parts) and "past " not in b.label
    )


def _variant(build: Any, price: float, tps: float, grows: bool = False) -> Any:
    """The same machine at another price and speed (the GPU line carries the difference)."""
    rest = sum(p.subtotal for p in build.parts if p.category != "gpu")
    parts = tuple(
        p.model_copy(update={"unit_price": (price - rest) / p.quantity, "owned": 0}) if p.category == "gpu" else p
        for p in build.parts
    )
    return build.model_copy(
        update={
            "parts": parts,
            "label": "",
            "why": "",
            "room_for_one_more": grows,
            "estimate": build.estimate.model_copy(update={"decode_tokens_per_s": tps}),
        }
    )


def test_a_build_beaten_on_price_and_speed_is_dropped_unless_a_label_says_why(one_build: Any) -> None:
    from configurator.core.solve.ranking import rank_and_label

    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=5000
    )
    cheap, beaten, fast = _variant(one_build, 1000, 50), _variant(one_build, 1200, 40), _variant(one_build, 1500, 80)
    shown = rank_and_label([fast, beaten, cheap], request)
    assert [(round(b.total_price), b.label) for b in shown] == [
        (1000, "cheapest"),
        (1500, "fastest within budget; best value"),
    ]
    # no build can take one more card by buying only the card: no "room to grow" at all
    assert not any("room to grow" in b.label for b in shown)
    # a beaten build that can grow but is slower than the cheapest as it stands is no machine to grow into: its
    # second card would buy back what the cheaper one already has (round 24: an Arc Pro B60 at 81 h beside a 2080 Ti
    # 22GB at 33 h for an 8B LoRA)
    shown = rank_and_label([fast, _variant(one_build, 1200, 40, grows=True), cheap], request)
    assert [round(b.total_price) for b in shown] == [1000, 1500]
    # one that starts at the cheapest's speed and can grow stays, and its label says why
    shown = rank_and_label([fast, _variant(one_build, 1200, 50, grows=True), cheap], request)
    assert [(round(b.total_price), b.label) for b in shown][1] == (1200, "room to grow")


def test_a_build_below_reading_speed_follows_and_says_so(one_build: Any) -> None:
    from configurator.core.solve.ranking import rank_and_label

    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    shown = rank_and_label([_variant(one_build, 500, 2.0), _variant(one_build, 1000, 50)], request)
    assert [(round(b.total_price), b.label) for b in shown] == [
        (1000, "cheapest; fastest; best value"),
        (500, "cheapest below reading speed"),
    ]


def _waiting(build: Any, users: int = 20) -> Any:
    """The build with its last user's prompt waiting past PROMPT's minute (730 tokens/s of prefill for 4k prompts)."""
    from configurator.core.solve.rules import PROMPT

    wait = PROMPT.check(730.0, 4096 / 730.0, 4096, users)
    assert wait.status == "warn"
    return build.model_copy(update={"checks": (wait, *build.checks)})


def test_a_build_with_cards_whose_last_user_waits_holds_no_claim(one_build: Any) -> None:
    """Dr. Chen's 20 students: five RTX 4060 Ti (35,382 CNY, 5.0 tokens/s each, the twentieth waiting ~112 s for a
    4k prompt's first token) had been "cheapest" beside two RTX 5090 D (44,552 CNY, 40.1, 17 s). A build whose
    prompts wait is no rival for a claim while one whose prompts do not is shown; it still rivals on speed, so when
    it decodes fastest or gives the most speed for the money, nobody claims that."""
    from configurator.core.solve.ranking import rank_and_label

    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m", batch=20), budget=60000
    )
    # 5.5 tokens/s decoding (Chen's 4060 Ti read 5.0): with several users the reading rule counts each chat prompt's
    # prefill since round 37 (SERVE), and 5.0 decoding serves ~4.9; the case is a build at reading speed whose prompts
    # wait
    slow, pair = _waiting(_variant(one_build, 35382, 5.5)), _variant(one_build, 44552, 40.1)
    shown = rank_and_label([slow, pair], request)
    assert [(round(b.total_price), b.label) for b in shown] == [
        (44552, "cheapest; fastest within budget; best value"),
        # what it offers over #1 (solve.shown); round 47: and why it is not "cheapest", in its own label
        # (ranking._prompt_aside_said): a lower price the buyer would otherwise take for the cheapest
        (
            35382,
            "alternative (lower price), not cheapest: the last of its 20 users waits 112 s for a first token, "
            "PROMPT warns",
        ),
    ]
    said = next(c for c in shown[0].claims if c.code == "claim.cheapest")
    assert said.fields.get("waits") is True
    assert "whose last user waits over a minute" in english(said)
    # a waiting build that decodes faster and for less: no build claims "fastest" or "best value"
    quick = _waiting(_variant(one_build, 30000, 60.0))
    shown = rank_and_label([quick, pair], request)
    assert [(round(b.total_price), b.label) for b in shown] == [
        (44552, "cheapest"),
        (
            30000,
            "alternative (lower price, more speed), not cheapest: the last of its 20 users waits 112 s for a "
            "first token, PROMPT warns",
        ),
    ]
    # every build waits: the claims are made among them
    assert rank_and_label([slow], request)[0].label.startswith("cheapest")
    # the only builds at reading speed wait: a slower one says no more than "cheapest below reading speed"
    crawl = _variant(one_build, 20000, 0.7)
    shown = rank_and_label([crawl, quick], request)
    assert [(round(b.total_price), b.label) for b in shown] == [
        (20000, "cheapest below reading speed"),
        (30000, "alternative (more speed)"),
    ]


def test_a_claim_on_a_build_that_does_not_serve_the_job_says_what_it_is(one_build: Any) -> None:
    """Qwen3-30B-A3B for 16 users at 2,100 USD: the only build within the budget, an RTX 2060 with the experts in RAM
    at 0.37 tokens/s each, was "cheapest; fastest within budget; best value". One rule for every claim: a build below
    reading speed says so in each claim, one whose first token waits past PROMPT's minute says the wait; in English
    and in Chinese, from the claims' fields."""
    from configurator.core.report import phrases, words
    from configurator.core.solve.ranking import rank_and_label

    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m", batch=16), budget=2100
    )
    shown = rank_and_label([_variant(one_build, 886, 0.37)], request)
    # the qualifier its claims share is said once (each claim alone still says it: claim_words, the JSON's fields)
    assert shown[0].label == "cheapest; fastest within budget; best value; all below reading speed"
    assert claim_words(shown[0]) == [
        "cheapest below reading speed",
        "fastest within budget below reading speed",
        "best value below reading speed",
    ]
    assert all(c.fields.get("below") for c in shown[0].claims if c.code != "claim.cheapest-slow")
    with words.language("zh_CN"):
        assert [words.claim_word(c) for c in shown[0].claims] == [
            "最便宜但低于阅读速度",
            "预算内最快但低于阅读速度",
            "性价比最高但低于阅读速度",
        ]
        assert phrases.label(shown[0]) == "最便宜；预算内最快；性价比最高；均低于阅读速度"
    # every build shown waits past the minute for its last user's first token: the wait is said once
    shown = rank_and_label([_waiting(_variant(one_build, 2000, 6.0), users=16)], request)
    assert shown[0].label == "cheapest; fastest within budget; best value; all with a first token after 90 s"
    with words.language("zh_CN"):
        assert words.claim_word(shown[0].claims[0]) == "最便宜，首个 token 要等 90 秒"
        assert phrases.label(shown[0]) == "最便宜；预算内最快；性价比最高；首个 token 均要等 90 秒"


def _training_variant(build: Any, price: float, hours: float) -> Any:
    """The same machine at another price, timed for a 100 M-token fine-tune in `hours`."""
    b = _variant(build, price, 0.0)
    workload = {**b.estimate.workload, "kind": "finetune", "method": "qlora", "tokens": REFERENCE_TOKENS}
    return b.model_copy(update={"estimate": b.estimate.model_copy(update={"workload": workload, "wall_hours": hours})})


def test_a_cheapest_fine_tune_many_times_slower_says_by_how_much(one_build: Any) -> None:
    """70B QLoRA at 5,000 USD: 2 x P40 was plain "cheapest" at 1,609 h per 100 M tokens beside one RTX A6000 with
    Unsloth at 177 h. A training "cheapest" three or more times slower than the fastest build shown says the ratio
    and that build's rank, hours and price (rank.slower): in its why, in the JSON's "slower" and in Chinese."""
    from configurator.core.report import words
    from configurator.core.solve.ranking import rank_and_label

    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="qlora"), budget=5000)
    p40s, a6000 = _training_variant(one_build, 1958, 1609.0), _training_variant(one_build, 3821, 177.0)
    shown = rank_and_label([p40s, a6000], request)
    cheapest = shown[0]
    assert cheapest.slower is not None and cheapest.slower.code == "rank.slower"
    assert cheapest.slower.fields == {"ratio": 9.1, "rank": 2, "hours": 177.0, "price": 3821.0, "currency": "USD"}
    assert "9.1x slower than #2, which trains the same job in 177 h for 3,821 USD" in cheapest.why
    assert cheapest.to_json()["slower"] == {"code": "rank.slower", "fields": cheapest.slower.fields}
    assert shown[1].slower is None and shown[1].to_json()["slower"] is None
    with words.language("zh_CN"):
        assert words.say(cheapest.slower) == "所需时间是 #2 的 9.1 倍：#2 用 177 小时完成同样的训练，价格 3,821 USD"
    # twice as slow is within what two training estimates can differ by: nothing said
    assert rank_and_label([_training_variant(one_build, 1958, 354.0), a6000], request)[0].slower is None


def test_every_build_shown_says_why_and_none_crawls_beside_builds_at_reading_speed(catalog: Catalog) -> None:
    """walk16 (Dr. Chen, 20 users with 4,096-token prompts): 5 x RTX 4060 Ti at 0.36 tokens/s each had been shown
    with no claim and an empty why, its only kind "at FP8, ... no --precision given" (how it runs, not why it is
    shown); 3 x MI50 at 0.08 and two Arc builds at 0.2-0.3 were shown for a lower price or another card beside builds
    that serve every user at reading speed. A build that does not do the job offers no price or card over one that
    does: what is shown says why, and below reading speed it is shown only for a claim."""
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", batch=20, prompt=4096),
        budget=300_000,
        currency="CNY",
        region="china",
        circuit="230v16a",
        top_k=8,
    )
    builds = plan(request, catalog).to_json()["builds"]
    assert any(_readable(b) and _passing(b) for b in builds)
    for b in builds[1:]:
        own_kind = [k for k in b["kinds"] if k["code"] not in SETTING_KINDS]
        assert b["claims"] or own_kind or b["why"], f"#{b['rank']} {b['label']}: shown without saying why"
        if not _readable(b):
            assert b["claims"], f"#{b['rank']} {b['label']}: below reading speed, shown for no claim"


def test_a_training_build_faster_than_those_above_is_faster_in_training_tokens_not_per_user(catalog: Catalog) -> None:
    """walk16 (Sam: a 1B pretrain on 100B tokens in two weeks): "more speed: 131,555.7 tokens/s per user" for a
    training build (the workload's kinds are "finetune" and "pretrain", never "training"). A training build's speed
    is the job's tokens/s, whole, as its claims say it."""
    request = BuildRequest(
        model_id="llama-3.2-1b",
        workload=Workload(kind="pretrain", tokens=1e11),
        deadline_hours=336,
        circuit="230v16a",
        room="server-room",
    )
    builds = plan(request, catalog).to_json()["builds"]
    faster = [o for b in builds for o in b["why"] if o["code"] == "offer.faster"]
    assert faster, [b["label"] for b in builds]
    for o in faster:
        said = english(from_json(o))
        assert o["fields"]["training"] is True and "per user" not in said and "training tokens/s" in said, said
    for b in builds:
        assert "per user" not in b["label"] + " ".join(english(from_json(r)) for r in b["why"]), b["label"]


def test_a_build_shown_for_its_offers_says_them_first_and_its_settings_after() -> None:
    """walk16: a build whose only kind is a setting the request left open ("with Unsloth on one GPU: no --framework
    given") and shown for what it offers over those above it had that setting alone for a label: its offers lead."""
    from configurator.core.common.reasons import Reason

    kind = Reason.of("kind.usual-finetune", framework="Unsloth")
    faster = Reason.of("offer.faster", tps=1111.96, training=True)
    label = label_text((), (kind,), (faster,))
    assert label == f"alternative (more speed), {english(kind)}", label
    assert label_text((), (kind,)) == english(kind)  # no offers: the kind, as before


def test_fastest_says_on_supported_software_only_beside_a_faster_card_past_support(catalog: Catalog) -> None:
    """ "The highest speed of the builds within the budget on supported software" is a restriction a reader takes to
    mean a faster card past support exists: Qwen3 8B LoRA at 2,500 USD had said it beside an MI50 four times slower
    (129 h against 20 h). gpt-oss-120b at 3,000 USD keeps it: 2 x MI50 shown at 58.6 tokens/s beside 42.5."""
    lora = BuildRequest(model_id="qwen3-8b", workload=Workload(kind="finetune", method="lora"), budget=2500)
    oss = BuildRequest(model_id="gpt-oss-120b", workload=Workload(kind="inference"), budget=3000)
    for request, said in ((lora, False), (oss, True)):
        result = plan(request, catalog)
        fastest = [
            c
            for b in result.builds
            for c in b.claims
            if c.code.startswith("claim.fastest") and "released" not in c.fields
        ]
        assert fastest and all(bool(c.fields.get("supported")) is said for c in fastest), request.model_id
        # and the label says it, not only the why: gpt-oss-120b for 4 users at 3,000 USD had labelled an RX 7900 XTX at
        # 17.3 tokens/s "fastest within budget" beside 2 x MI50 shown at 37.7 for less (walk31)
        holder = next(b for b in result.builds if any(c.code.startswith("claim.fastest") for c in b.claims))
        assert ("fastest within budget on supported software" in holder.label) is said, holder.label
        if said:
            as_json_result = result.to_json()
            assert check_labels(as_json_result, budget=3000) == []
            with words.language("zh_CN"):
                assert "预算内最快（软件仍受支持的配置中）" in phrases.label(holder), phrases.label(holder)
            # the checker judges a label without those words against every build shown, past support too
            bare = {
                "builds": [
                    dict(b, label=b["label"].replace(" on supported software", "")) for b in as_json_result["builds"]
                ]
            }
            assert any("fastest" in p for p in check_labels(bare, budget=3000)), check_labels(bare, budget=3000)


def _past_support(build: Any) -> Any:
    """The same machine on a Pascal card (past CUDA support: support.END_OF_LIFE), named as the Tesla P100."""
    parts = tuple(
        p.model_copy(
            update={
                "name": "NVIDIA Tesla P100 PCIe 16GB",
                "spec": {**p.spec, "vendor": "nvidia", "architecture": "Pascal"},
            }
        )
        if p.category == "gpu"
        else p
        for p in build.parts
    )
    return build.model_copy(update={"parts": parts})


def test_a_claim_past_support_names_the_build_holding_it_on_supported_software(one_build: Any) -> None:
    """Mistral Small 3.2 at 1,500 EUR: a Tesla P100 (Pascal, past CUDA support) was "cheapest" at 690 EUR and 24.4
    tokens/s and named no supported card, where an Arc A770 16GB held the same claim among supported builds at 782 EUR
    and 10.2. One rule for every claim a build past support holds (ranking._supported_named): it names the build
    holding that claim among supported builds, with its price and speed, and its rank when shown; in English and in
    Chinese, from the claim's fields; and the independent checker finds the one named among the builds shown."""
    from configurator.core.model.build import PlanResult
    from configurator.core.report import phrases, words
    from configurator.core.solve.ranking import rank_and_label
    from tests.independent_checker import check_labels

    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500, top_k=3
    )
    p100 = _past_support(_variant(one_build, 690, 24.4))
    a770, fast = _variant(one_build, 782, 10.2), _variant(one_build, 1358, 43.1)
    shown = rank_and_label([fast, a770, p100], request)
    cheapest = next(c for c in shown[0].claims if c.code == "claim.cheapest")
    assert round(shown[0].total_price) == 690
    assert cheapest.fields["supported_price"] == 782.0 and round(float(cheapest.fields["supported_tps"]), 1) == 10.2
    rank = int(cheapest.fields["supported_rank"])  # the A770 is shown too, at the price and speed named
    assert round(shown[rank - 1].total_price) == 782
    assert "on supported software the cheapest is" in english(cheapest) and "782" in english(cheapest)
    assert "what still runs it is llama.cpp built with CUDA 12" in english(cheapest)
    with words.language("zh_CN"):
        zh = phrases.why(shown[0])
    assert "软件仍受支持的配置中最便宜的是" in zh and "782" in zh
    # the independent checker reads it from the JSON: the one named is the cheapest supported build shown
    data = PlanResult(builds=tuple(shown), infeasible=None).to_json()
    assert check_labels(data, budget=1500) == []
    # one that names a dearer supported build than one shown is caught
    fields = data["builds"][0]["claims"][0]["fields"]
    fields["supported_price"], fields["supported_rank"] = 1358.0, 3
    fields["supported_tps"] = data["builds"][2]["estimate"]["speed"]["decode_tokens_per_s"]
    assert any("on a supported card does better" in p for p in check_labels(data, budget=1500))
    # and a claim past support that names no supported build, beside one shown, too
    data["builds"][0]["claims"][0]["fields"] = {k: v for k, v in fields.items() if not k.startswith("supported_")}
    assert any("names no supported build" in p for p in check_labels(data, budget=1500))
