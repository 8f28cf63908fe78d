"""--exact-gpus N: a ready-made server with another count is a way out, never the answer a label is given to.

Qwen2.5 72B LoRA, exactly 8 GPUs, 70,000 USD, a lab's server room on a US outlet (benchmarks/value_scan.py's
lab-72b-lora-usd-8): no 8-card machine from parts fits the 120 V 15 A circuit, and the plan had shown the cluster
planner's answer, a Lambda Vector with 4 x RTX 6000 Ada (48,000 USD, 79.3 h per 100 M tokens: 350 training tokens/s,
7.30 per 1,000 USD), as "cheapest; fastest within budget; best value". Beside it the plan's own way out "allow up to 8
GPUs" named 2 x RTX PRO 6000 Blackwell Max-Q for 19,935 USD at 70.4 h (395 tokens/s, 19.8 per 1,000 USD): cheaper,
faster and 2.7 x the value. Neither has the 8 GPUs asked; the request's own rule (plan._each_once: other counts are
not answers) had not been applied to the servers. The speeds and prices are the planner's own (catalog of 2026-12-06):
what is tested is that the labels are claims true of what the request allows.
"""

from __future__ import annotations

import pytest

from tests.expert.runner import run_plan

LAB_USD_8 = (
    "--model qwen2.5-72b --workload finetune --method lora --budget 70000 --gpus 8 --exact-gpus --room server-room "
    "--circuit 120v15a"
)
"""The lab's request on a US outlet, named (round 43: a server room's own default is its 208 V 30 A rack feed, on which
8 x RTX A6000 from parts fit: tests/core/test_room_feed.py)."""


@pytest.mark.slow
def test_a_four_gpu_server_is_no_answer_to_exactly_eight() -> None:
    result = run_plan(LAB_USD_8)
    # every build shown is one machine with the 8 cards asked (none here: the ways out below)
    assert [
        (b["nodes"], b["parallelism"]["gpus"])
        for b in result["builds"]
        if (b["nodes"], b["parallelism"]["gpus"]) != (1, 8)
    ] == []
    ways = {w["kind"]: w for w in result["infeasible"]["relaxations"]}
    # the count given up is a way out, priced as its plan shows it, and the 4-GPU server is one too
    assert ways["gpus"]["total_price"] < 48_000 and ways["gpus"]["wall_hours"] < 79
    assert any("4-GPU server" in w["change"] for w in result["infeasible"]["relaxations"])
