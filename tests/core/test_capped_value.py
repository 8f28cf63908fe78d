""" "Best value" and "fastest" over capped and full-power builds alike (offers.training_limited's CAPPED_OBJECTIVES,
solver._as_fast_for_less): a lab asking for exactly four GPUs for a Qwen2.5-72B LoRA at 60,000 EUR in a server room.

Found at round 37 (benchmarks/value_scan.py): four RTX PRO 6000 Blackwell capped at 80 % were found only at 54,056 EUR
(14 h per 100 M tokens) and called "fastest within budget", where the same four cards on another platform train it
1.8 % slower for 44,121 EUR, more speed for the money than the 4 x RTX PRO 5000 Blackwell (26,169 EUR, 26 h) that was
"best value". Speeds and prices are the planner's own (catalog of 2026-12-06); what is tested is that each label is
true of the builds the searches can find, as the plan's one ranking function defines it (ranking.Measures.value,
ranking._as_fast_for_less: the cheapest within 3 % of the top speed).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.expert.runner import run_plan


def _claims(build: dict[str, Any]) -> set[str]:
    return {c["code"] for c in build["claims"]}


def _tps(build: dict[str, Any]) -> float:
    time = build["estimate"]["time"]
    return float(time["tokens_per_s"])


def _gpus(build: dict[str, Any]) -> tuple[str, int]:
    return build["gpu_id"], build["gpu_count"]


FOUR_GPUS = (
    "--model qwen2.5-72b --workload finetune --method lora --currency EUR --budget 60000 --gpus 4 --exact-gpus "
    "--room server-room"
)


@pytest.fixture(scope="module")
def four_gpus() -> dict[str, Any]:
    return run_plan(FOUR_GPUS)  # as `llm-rig plan ... --json` answers it


def test_fastest_goes_to_the_same_cards_on_a_cheaper_platform_within_3_percent(four_gpus: dict[str, Any]) -> None:
    fastest = [b for b in four_gpus["builds"] if _claims(b) & {"claim.fastest", "claim.fastest-within-budget"}]
    assert len(fastest) == 1
    held = fastest[0]
    top = max(_tps(b) for b in four_gpus["builds"])
    assert _tps(held) >= 0.97 * top
    # no build shown within 3 % of the top speed is cheaper than the one holding the claim
    assert all(b["total_price"] >= held["total_price"] for b in four_gpus["builds"] if _tps(b) >= 0.97 * top)
    # 44,121 EUR for the four RTX PRO 6000 capped, not 54,056, before VAT; with Germany's 19 % (round 41: every price of
    # a EUR plan on the buyer's basis, catalog.tax.buyer; every part of this build is a US price converted) 52,504
    assert held["total_price"] < 50_000 * 1.19


def test_best_value_is_the_most_training_speed_for_the_money_shown(four_gpus: dict[str, Any]) -> None:
    value = [b for b in four_gpus["builds"] if "claim.value" in _claims(b)]
    assert len(value) == 1
    best = value[0]
    assert all(_tps(b) / b["total_price"] <= _tps(best) / best["total_price"] + 1e-12 for b in four_gpus["builds"])
    # more than the 4 x RTX PRO 5000 Blackwell's 40.2 training tokens/s per 1,000 EUR that held it before (before VAT:
    # 42 then, 42 / 1.19 on the buyer's basis of round 41, the same builds at prices with Germany's 19 % VAT)
    assert 1000 * _tps(best) / best["total_price"] > 42 / 1.19
