"""The independent checker's label check (tests/independent_checker.py, `check_labels`).

First on small hand-written plans, so each rule is seen to catch its contradiction and to accept a consistent
answer; then over real `plan --json` answers (the expert suite's requests and a few label-rich ones). A plan whose
labels contradict its numbers on main is a strict xfail that names the issue, until the labelling fix lands.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.expert.cases import CASES
from tests.expert.runner import request_options, run_plan
from tests.independent_checker import (
    asked_circuit,
    break_even_problems,
    check_labels,
    circuit_work_problems,
    grow_owned_problems,
    idle_owned_problems,
    label_claims,
    top_k_problems,
    way_out_args,
    way_out_problems,
)

# --------------------------------------------------------------------------- the parser


@pytest.mark.parametrize(
    ("label", "claims"),
    [
        ("cheapest that fits", [("cheapest", None)]),
        ("cheapest and fastest; best value", [("cheapest", None), ("fastest", None), ("value", None)]),
        ("fastest within budget", [("fastest", None)]),
        ("best tokens/s per dollar", [("value", None)]),
        ("best time per dollar", [("value", None)]),
        ("Quietest", [("quietest", None)]),
        ("room to grow", [("grow", None)]),
        ("cheapest with NVIDIA GeForce RTX 3090", [("cheapest", "nvidia geforce rtx 3090")]),
        ("cheapest with your own card", [("cheapest", "your own card")]),
        ("cheapest with the experts in RAM", [("cheapest", "the experts in ram")]),
        ("cheapest: without your own card", [("cheapest", None)]),
        ("fastest within budget (without your own card)", [("fastest", "without your own card")]),
        ("cheapest, quietest", [("cheapest", None), ("quietest", None)]),
        ("ready-made: Apple Mac Studio (2025), M3 Ultra", []),
        ("alternative platform", []),
        ("runner-up on speed", []),
        ("finishes in 3 months", []),
        # a kind of build in brackets after the claims claims nothing itself
        ("cheapest; best value (with the experts in RAM)", [("cheapest", None), ("value", None)]),
        ("fastest (ready-made: Apple Mac Studio (2025), M3 Ultra, 512 GB)", [("fastest", None)]),
        ("cheapest below reading speed (with some layers in RAM)", [("cheapest-all", None)]),
        # the cheapest build whose cards hold the whole model (ranking._in_vram_claim)
        ("cheapest in VRAM (past ROCm support: gfx906 maintenance ended in 2024)", [("cheapest-vram", None)]),
        ("cheapest in VRAM; best value", [("cheapest-vram", None), ("value", None)]),
        # beside it, the cheapest on a supported card (ranking._in_vram_claim, round 30)
        (
            "cheapest in VRAM on supported software; best value",
            [("cheapest-vram-supported", None), ("value", None)],
        ),
        ("cheapest below reading speed but first token after 1254 s", [("cheapest-all", None)]),
        (
            "fastest within budget below reading speed; best value below reading speed",
            [("fastest", None), ("value", None)],
        ),
        (
            "cheapest and fastest; best value (without your own card)",
            [
                ("cheapest", "without your own card"),
                ("fastest", "without your own card"),
                ("value", "without your own card"),
            ],
        ),
        (
            "cheapest with NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified)",
            [("cheapest", "nvidia geforce rtx 2080 ti 22gb")],
        ),
        ("cluster of 8-GPU machines", []),
        # no --precision: the fastest of all at the usual GGUF, and the fastest at the release's quality
        ("fastest at Q4_K_M (at Q4_K_M, llama.cpp's usual GGUF)", [("fastest", None)]),
        ("fastest within budget at release quality", [("fastest", "release quality")]),
        # round 39: "best value" is split by quality as "fastest" is (ranking._quality_tier)
        ("best value at AWQ int4 (at AWQ int4, a 4-bit checkpoint)", [("value", None)]),
        ("best value at release quality", [("value", "release quality")]),
        ("best value at release quality on supported software", [("value", "release quality")]),
        # a speed claim made among the builds whose speed is sourced (ranking._sourced_best)
        (
            "fastest within budget on measured speeds; best value on measured speeds",
            [("fastest", None), ("value", None)],
        ),
    ],
)
def test_labels_are_parsed_into_claims(label: str, claims: list[tuple[str, str | None]]) -> None:
    assert label_claims(label) == claims


# --------------------------------------------------------------------------- hand-written plans


def _gpu(
    gpu_id: str = "rtx-3090",
    name: str = "NVIDIA GeForce RTX 3090",
    quantity: int = 1,
    owned: int = 0,
    tdp: float = 350.0,
) -> dict[str, Any]:
    return {
        "category": "gpu",
        "id": gpu_id,
        "name": name,
        "quantity": quantity,
        "owned": owned,
        "unit_price": 700.0,
        "spec": {"name": name, "vram_gb": 24, "tdp_w": tdp, "slot_width": 3.0, "cooler": "open-air"},
    }


def _board(x16: list[int]) -> dict[str, Any]:
    slots = [{"position": p, "mechanical_lanes": 16, "lanes": 16} for p in x16]
    return {
        "category": "motherboard",
        "id": "board",
        "quantity": 1,
        "unit_price": 200.0,
        "spec": {"pcie_slots": slots, "gpu_bays": 0},
    }


def _chassis(expansion_slots: int = 8, kind: str = "full-tower") -> dict[str, Any]:
    return {
        "category": "chassis",
        "id": "case",
        "quantity": 1,
        "unit_price": 150.0,
        "spec": {"kind": kind, "expansion_slots": expansion_slots},
    }


def _build(
    rank: int,
    label: str,
    price: float,
    decode: float | None = 10.0,
    dba: float = 40.0,
    wall: float = 500.0,
    fails: bool = False,
    parts: list[dict[str, Any]] | None = None,
    slots: list[int] | None = None,
    dc: float | None = None,
    psu: float = 1000.0,
    time: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "rank": rank,
        "label": label,
        "total_price": price,
        "nodes": 1,
        "currency": "USD",
        "checks": [{"rule": "X", "status": "fail" if fails else "pass", "message": ""}],
        "estimate": {
            "speed": {"decode_tokens_per_s": decode, "prefill_tokens_per_s": None},
            "time": time or {"gpu_hours": None, "wall_hours": None},
        },
        "noise_dba": dba,
        "power": {"wall_w": wall, "dc_load_w": dc if dc is not None else wall * 0.9, "psu_w": psu, "circuit_ok": True},
        "parts": parts if parts is not None else [_gpu()],
        "slot_map": [{"slot": s, "part_id": "rtx-3090"} for s in (slots or [1])],
    }


def _plan(*builds: dict[str, Any]) -> dict[str, Any]:
    return {"builds": list(builds), "infeasible": None, "notes": []}


def test_consistent_labels_pass() -> None:
    plan = _plan(
        _build(1, "cheapest that fits", 1000, decode=10, dba=41, wall=400),
        _build(2, "fastest within budget", 3000, decode=30, dba=45, wall=900),
        _build(3, "best tokens/s per dollar", 1500, decode=20, dba=43, wall=600),  # 0.0133 > 0.0100 and 0.0100
        _build(4, "quietest", 2000, decode=12, dba=38, wall=450),
    )
    assert check_labels(plan, budget=3000) == []


def test_cheapest_must_be_the_lowest_price_among_passing_builds() -> None:
    plan = _plan(
        _build(1, "cheapest that fits", 1200),
        _build(2, "ready-made: a box", 1000),
        _build(3, "alternative", 500, fails=True),
    )  # a failing build does not count
    problems = check_labels(plan)
    assert len(problems) == 1 and "'cheapest' at 1,200.00" in problems[0] and "1,000.00" in problems[0]


def _in_ram(build: dict[str, Any], offloaded: int) -> dict[str, Any]:
    build["estimate"]["host"] = {"ram_bandwidth_gbps": 43.5, "offloaded_bytes": offloaded}
    return build


def test_cheapest_in_vram_is_the_lowest_price_of_the_builds_whose_cards_hold_the_model() -> None:
    """Qwen3-32B Q4_K_M at 3,000 USD: a P100 with layers in RAM is "cheapest", one MI50 32GB holding the model is
    "cheapest in VRAM"; a build with weights in RAM, or none of its cards cheaper, may not say so."""
    in_ram = _in_ram(_build(1, "cheapest (with some layers in RAM)", 809, decode=6.8), 4_650_691_648)
    held = _build(2, "cheapest in VRAM", 906, decode=16.6)
    dearer = _build(3, "best value", 1096, decode=21.6)
    assert check_labels(_plan(in_ram, held, dearer), budget=3000) == []
    wrong = _build(3, "cheapest in VRAM", 1096, decode=21.6)
    problems = check_labels(_plan(in_ram, _build(2, "alternative", 906, decode=16.6), wrong), budget=3000)
    assert len(problems) == 1 and "'cheapest' at 1,096.00" in problems[0] and "906.00" in problems[0]
    said_of_ram = _in_ram(_build(1, "cheapest; cheapest in VRAM", 809, decode=6.8), 1)
    problems = check_labels(_plan(said_of_ram, dearer), budget=3000)
    assert len(problems) == 1 and "keeps part of the model in system RAM" in problems[0]


def _mi50() -> dict[str, Any]:
    part = _gpu("mi50-32gb", "AMD Radeon Instinct MI50 32GB", tdp=300.0)
    part["spec"] |= {"vendor": "amd", "architecture": "GCN 5"}
    return part


def test_cheapest_in_vram_on_supported_software_is_the_cheapest_supported_card_holding_the_model() -> None:
    """Qwen3-32B Q4_K_M at 3,000 USD (round 30): one MI50 (gfx906, past ROCm support) is "cheapest in VRAM" at 906 USD
    and 16.6 tokens/s; an RTX 2080 Ti 22GB at 1,096 and 21.6 (19.7 per 1,000 USD against 18.3) is "cheapest in VRAM on
    supported software". It may not say so on a card past support, nor with less speed for the money than the MI50,
    and a card past support names the software that still runs it."""
    in_ram = _in_ram(_build(1, "cheapest (with some layers in RAM)", 809, decode=6.8), 4_650_691_648)
    eol = "cheapest in VRAM (past ROCm support: gfx906 maintenance ended in 2024, it runs on ROCm 6.3 or Vulkan)"
    mi50 = _build(2, eol, 906, decode=16.6, parts=[_mi50()])
    good = _build(3, "cheapest in VRAM on supported software", 1096, decode=21.6)
    assert check_labels(_plan(in_ram, mi50, good), budget=3000) == []
    slow = _build(3, "cheapest in VRAM on supported software", 1096, decode=18.0)
    problems = check_labels(_plan(in_ram, mi50, slow), budget=3000)
    assert len(problems) == 1 and "less speed for the money than #2" in problems[0]
    unsaid = _build(
        2, "cheapest in VRAM (past ROCm support: gfx906 maintenance ended in 2024)", 906, 16.6, parts=[_mi50()]
    )
    problems = check_labels(_plan(in_ram, unsaid, good), budget=3000)
    assert len(problems) == 1 and "names no software that runs it" in problems[0]
    on_eol = _build(2, "cheapest in VRAM on supported software (past ROCm support, it runs on ROCm 6.3)", 906, 16.6)
    on_eol["parts"] = [_mi50()]
    problems = check_labels(_plan(in_ram, on_eol), budget=3000)
    assert any("are past support" in p for p in problems)


def test_over_budget_builds_are_not_in_the_comparison() -> None:
    plan = _plan(_build(1, "fastest within budget", 1000, decode=10), _build(2, "alternative", 5000, decode=50))
    assert check_labels(plan, budget=2000) == []
    assert check_labels(plan, budget=None) != []


def test_fastest_must_have_the_highest_throughput() -> None:
    plan = _plan(_build(1, "cheapest and fastest", 1000, decode=8), _build(2, "alternative", 1100, decode=15))
    problems = check_labels(plan)
    assert len(problems) == 1 and "'fastest' at 8 tokens/s" in problems[0]


def test_fastest_within_3_percent_for_less_and_not_past_it() -> None:
    """'fastest' may sit on a build within 3 % of the top speed shown when every faster one costs more (its why names
    the dearer build): one RTX 5090 at 203.2 tok/s beside an RTX PRO 6000 at 203.6 for twice the price. Not on one
    3 % slower or more, nor when a faster build costs no more."""
    near = _plan(_build(1, "fastest", 5591, decode=203.2), _build(2, "alternative", 11796, decode=203.6))
    assert check_labels(near) == []
    slower = _plan(_build(1, "fastest", 5591, decode=190.0), _build(2, "alternative", 11796, decode=203.6))
    assert "'fastest' at 190" in check_labels(slower)[0]
    no_dearer = _plan(_build(1, "fastest", 5591, decode=199.0), _build(2, "alternative", 5000, decode=203.6))
    assert "faster for no more" in check_labels(no_dearer)[0]


def _faster(build: dict[str, Any], rank: int | None = None) -> dict[str, Any]:
    """The build's why: 'more speed' (offer.faster) over the build at `rank`, else over every build above it."""
    fields: dict[str, Any] = {"tps": build["estimate"]["speed"]["decode_tokens_per_s"], "training": False}
    return {**build, "why": [{"code": "offer.faster", "fields": fields | ({} if rank is None else {"rank": rank})}]}


def test_more_speed_is_past_the_band_fastest_calls_the_same_speed() -> None:
    """An alternative's "more speed" is a claim beside the speeds shown: never over a build within the 3 % "fastest"
    treats as the same speed (round 32: it had needed 1 %; Gemma 4 31B QLoRA's MI100 at 153 h was "more speed" beside
    an RTX 2080 Ti 22GB at 155 h). Over every build above it, or over the one its `rank` names."""
    cheapest = _build(1, "cheapest; best value", 1000, decode=100.0)
    near = _plan(cheapest, _faster(_build(2, "alternative (more speed)", 1500, decode=101.5)))
    assert "within the 3% band" in check_labels(near)[0]
    past = _plan(cheapest, _faster(_build(2, "alternative (more speed)", 1500, decode=103.5)))
    assert [p for p in check_labels(past) if "'more speed' at" in p] == []
    # over #1 by rank only: #2 sits within the band of #3 but the claim is not over it
    two = _build(2, "alternative", 1200, decode=102.0)
    ranked = _plan(cheapest, two, _faster(_build(3, "alternative (more speed)", 1500, decode=104.0), rank=1))
    assert [p for p in check_labels(ranked) if "'more speed' at" in p] == []
    above = _plan(cheapest, two, _faster(_build(3, "alternative (more speed)", 1500, decode=104.0)))
    assert any("over #2" in p for p in check_labels(above))


def _at_q4(build: dict[str, Any]) -> dict[str, Any]:
    return {**build, "kinds": [{"code": "kind.usual-gguf", "fields": {"precision": "Q4_K_M"}}]}


def test_fastest_at_q4_and_at_release_quality_each_over_its_own_builds() -> None:
    """No --precision: the fastest of all at llama.cpp's usual GGUF says so ("fastest at Q4_K_M", over every build
    shown), and the fastest of the builds at the release's quality keeps its own claim ("fastest at release
    quality", over those not at the usual GGUF): Llama 3.1 8B, one RTX 5090 at Q4_K_M and 2 x A100 in BF16."""
    both = _plan(
        _at_q4(_build(1, "cheapest (at Q4_K_M, llama.cpp's usual GGUF)", 400, decode=10)),
        _at_q4(_build(2, "fastest at Q4_K_M (at Q4_K_M, llama.cpp's usual GGUF)", 5591, decode=203.2)),
        _build(3, "alternative", 1467, decode=59.4),
        _build(4, "fastest at release quality", 26573, decode=159.9),
    )
    assert check_labels(both) == []
    plain = _plan(
        _at_q4(_build(1, "fastest (at Q4_K_M, llama.cpp's usual GGUF)", 5591, decode=203.2)),
        _build(2, "alternative", 26573, decode=159.9),
    )
    assert "a plain 'fastest' at q4_k_m" in check_labels(plain)[0]
    slower = _plan(
        _at_q4(_build(1, "fastest at Q4_K_M (at Q4_K_M, llama.cpp's usual GGUF)", 5591, decode=203.2)),
        _build(2, "fastest at release quality", 26573, decode=120.0),
        _build(3, "alternative", 30000, decode=159.9),
    )
    assert "'fastest' at 120" in check_labels(slower)[0]
    wrong_kind = _plan(
        _build(1, "fastest at Q4_K_M", 5591, decode=203.2),
        _at_q4(_build(2, "fastest at release quality (at Q4_K_M, llama.cpp's usual GGUF)", 900, decode=62.0)),
    )
    problems = check_labels(wrong_kind)
    assert len(problems) == 2 and all("but its kind says it runs" in p for p in problems)


def _at_awq(build: dict[str, Any]) -> dict[str, Any]:
    return {**build, "kinds": [{"code": "kind.usual-served-4bit", "fields": {"precision": "AWQ int4"}}]}


def test_best_value_at_awq_and_at_release_quality_each_over_its_own_builds() -> None:
    """Round 39 (value39): no --precision for 20 users, and the most speed for the money runs AWQ int4: it says so
    ("best value at AWQ int4", over every build shown) and the best value of the builds at the release's quality keeps
    its own claim ("best value at release quality", over those not quantized): Dr. Chen's plan, four RTX 4080 at AWQ
    int4 (37.5 tokens/s each for 34,342 CNY) and eight RTX 2080 Ti 22GB at FP8 (58.6 for 56,334)."""
    both = _plan(
        _at_awq(_build(1, "best value at AWQ int4 (at AWQ int4)", 34342, decode=37.5)),
        _build(2, "best value at release quality", 56334, decode=58.6),
        _build(3, "fastest within budget", 105262, decode=75.8),
    )
    assert check_labels(both) == []
    plain = _plan(
        _at_awq(_build(1, "best value (at AWQ int4)", 34342, decode=37.5)),
        _build(2, "fastest within budget", 56334, decode=58.6),
    )
    assert "a plain 'best value' at awq int4" in check_labels(plain)[0]
    worse = _plan(
        _at_awq(_build(1, "best value at AWQ int4 (at AWQ int4)", 34342, decode=37.5)),
        _build(2, "best value at release quality", 105262, decode=75.8),
        _build(3, "alternative", 56334, decode=58.6),
    )
    assert "throughput per price" in check_labels(worse)[0] and "#3" in check_labels(worse)[0]
    wrong_kind = _plan(
        _build(1, "best value at AWQ int4", 56334, decode=58.6),
        _at_awq(_build(2, "best value at release quality (at AWQ int4)", 34342, decode=37.5)),
    )
    problems = check_labels(wrong_kind)
    assert len(problems) == 2 and all("but its kind says it runs" in p for p in problems)


def test_a_speed_label_needs_a_speed_shown() -> None:
    """Training builds without tokens/s or hours: 'fastest' and 'best value' claim what no number shows."""
    plan = _plan(
        _build(1, "cheapest and fastest; best value", 1000, decode=None), _build(2, "alternative", 1100, decode=None)
    )
    problems = check_labels(plan)
    assert len(problems) == 2 and all("shows no speed" in p for p in problems)


def test_training_speed_is_the_jobs_tokens_per_second_or_its_hours() -> None:
    slow = {"gpu_hours": 900, "wall_hours": 450, "tokens_per_s": 60.0}
    quick = {"gpu_hours": 200, "wall_hours": 50, "tokens_per_s": 550.0}
    plan = _plan(
        _build(1, "fastest", 1000, decode=None, time=slow), _build(2, "alternative", 2000, decode=None, time=quick)
    )
    assert "'fastest' at 60" in check_labels(plan)[0]
    no_rate = [{k: v for k, v in t.items() if k != "tokens_per_s"} for t in (slow, quick)]
    plan = _plan(
        _build(1, "alternative", 1000, decode=None, time=no_rate[0]),
        _build(2, "fastest", 2000, decode=None, time=no_rate[1]),
    )
    assert check_labels(plan) == []  # fewer hours for the same job is faster


def test_best_value_is_the_most_throughput_per_price() -> None:
    # like the example (3 x A6000 'best value' beside 4 x A6000 with 2.6x the tokens per dollar)
    plan = _plan(_build(1, "best value", 9980, decode=6.0), _build(2, "fastest", 12900, decode=16))
    problems = check_labels(plan)
    assert len(problems) == 1 and "'value'" in problems[0] and "#2" in problems[0]


def test_best_value_on_measured_speeds_is_over_the_builds_whose_speed_is_sourced() -> None:
    """A training build timed by a consumer card's unsourced utilisation holds no speed claim (`speed_sourced`
    false, issue #27); the best of the others may say "best value on measured speeds", and only that qualified claim
    leaves the unsourced build out (expert case llama70b-qlora-30000-best-value-claimed: two RTX 2080 Ti 22GB at
    1,918 USD and 232 h beside four RTX A5000 at 8,195 USD and 69 h)."""
    guessed = {"gpu_hours": 464, "wall_hours": 232, "tokens_per_s": 120.0}
    timed = {"gpu_hours": 276, "wall_hours": 69, "tokens_per_s": 400.0}
    cheap = _build(1, "cheapest", 1918, decode=None, time=guessed) | {"speed_sourced": False}
    qualified = _build(2, "fastest; best value on measured speeds", 8195, decode=None, time=timed)
    assert check_labels(_plan(cheap, qualified)) == []
    plain = _plan(cheap, qualified | {"label": "fastest; best value"})
    problems = check_labels(plain)
    assert len(problems) == 1 and "'value'" in problems[0] and "#1" in problems[0]
    claimed = _plan(cheap | {"label": "cheapest; best value"}, qualified | {"label": "fastest"})
    assert [p for p in check_labels(claimed) if "unsourced speed" in p] == [
        "#1 'cheapest; best value': claims 'value' on an unsourced speed"
    ]


def test_quietest_is_the_lowest_dba_by_a_margin_the_estimate_can_tell() -> None:
    """'quietest' is as quiet as the lowest dBA shown (then the best value of those), 2 dBA or more below some build shown. Dr. Chen's
    five L20 and three A800 80GB both showed 73.0 dBA (one server class), and the A800 machine had been 'quietest' on
    its fewer wall watts (round 24's walk of her journey)."""
    louder = _plan(_build(1, "quietest", 2000, dba=45, wall=3000), _build(2, "alternative", 2100, dba=42, wall=900))
    assert "'quietest' at 45.0 dBA" in check_labels(louder)[0]
    chen = _plan(_build(1, "alternative", 167232, dba=73, wall=1931), _build(2, "quietest", 291199, dba=73, wall=1340))
    assert check_labels(chen) == ["#2 'quietest': 'quietest' at 73.0 dBA, within 2 dBA of every build shown"]
    near = _plan(_build(1, "alternative", 2000, dba=41.5), _build(2, "quietest", 2100, dba=40.0))
    assert check_labels(near) == ["#2 'quietest': 'quietest' at 40.0 dBA, within 2 dBA of every build shown"]
    fine = _plan(
        _build(1, "alternative", 2000, dba=41.5),
        _build(2, "quietest", 2100, dba=40.0),
        _build(3, "fastest", 2500, dba=44),
    )
    assert check_labels(fine) == []
    # round 38: a tie on noise (within 2 dBA of the quietest) goes to the best value of the builds that quiet, never to
    # the fewer wall watts (the catalog's are a measured 140 W maximum for the Mac mini and a 370 W supply rating for
    # the Mac Studio): Llama 3.3 70B Q4_K_M at 5,000 USD in a home office
    tower = _build(1, "cheapest", 1858, decode=10.1, dba=48.3, wall=786)
    mini = _build(2, "quietest", 2699, decode=6.19, dba=25.0, wall=140)
    studio = _build(3, "alternative", 3200, decode=12.77, dba=25.0, wall=370)
    assert check_labels(_plan(tower, mini, studio)) == [
        "#2 'quietest': 'quietest' at 2.29 tokens/s per 1,000, but #3 'alternative', as quiet (within 2 dBA), has 3.99"
    ]
    assert check_labels(_plan(tower, mini | {"label": "alternative"}, studio | {"label": "quietest"})) == []
    # within the band but not the lowest figure: as quiet for the estimate, and more speed for the money
    louder_studio = studio | {"label": "quietest", "noise_dba": 26.5}
    assert check_labels(_plan(tower, mini | {"label": "alternative"}, louder_studio)) == []
    # 2 dBA above the lowest is no tie: the quieter one holds it whatever its speed
    loud_studio = studio | {"label": "quietest", "noise_dba": 27.0}
    assert (
        "'quietest' at 27.0 dBA, but #2" in check_labels(_plan(tower, mini | {"label": "alternative"}, loud_studio))[0]
    )
    # as much for the money (within AS_FAST) and within 2 dBA: the lower figure holds it
    quiet_dear = _build(2, "alternative", 3250, decode=12.9, dba=25.0)
    near = studio | {"label": "quietest", "noise_dba": 26.0}
    assert check_labels(_plan(tower, quiet_dear, near)) == [
        "#3 'quietest': 'quietest' at 26.0 dBA, but #2 'alternative' is as much for the money and 25.0 dBA"
    ]
    assert check_labels(_plan(tower, quiet_dear | {"label": "quietest"}, near | {"label": "alternative"})) == []


def test_room_to_grow_needs_a_free_slot_and_power_for_one_more_card() -> None:
    grows = _build(
        1,
        "room to grow",
        3000,
        parts=[_gpu(quantity=2), _board([1, 5, 9]), _chassis(12)],
        slots=[1, 5],
        dc=800,
        wall=900,
        psu=1600,
    )
    assert check_labels(_plan(grows), circuit="120v15a") == []
    # the example: a 1,600 W PSU on a board with one x16 slot
    one_slot = _build(1, "room to grow", 1000, parts=[_gpu(), _board([1]), _chassis()], slots=[1], dc=400, psu=1600)
    assert "no free x16 slot" in check_labels(_plan(one_slot))[0]
    # three-slot open-air cards need a one-slot gap: with slots 1 and 5 used, slot 3 is free but collides
    crowded = _build(
        1,
        "room to grow",
        3000,
        parts=[_gpu(quantity=2), _board([1, 3, 5]), _chassis(12)],
        slots=[1, 5],
        dc=800,
        psu=1600,
    )
    assert "no free x16 slot" in check_labels(_plan(crowded))[0]
    no_power = _build(
        1,
        "room to grow",
        3000,
        parts=[_gpu(quantity=2), _board([1, 5, 9]), _chassis(12)],
        slots=[1, 5],
        dc=1100,
        wall=1250,
        psu=1600,
    )
    problems = check_labels(_plan(no_power), circuit="120v15a")
    assert any("PSU" in p for p in problems) and any("circuit" in p for p in problems)


def test_room_to_grow_needs_a_case_and_ram_for_one_more_card() -> None:
    """Round 40: the claim's case and RAM, re-derived from the parts shown (the search and the plan's check ask both:
    grow.RoomToGrow): a case rated for two GPUs takes no third, and 32 GB of RAM is short of three 24 GB cards."""

    def memory(gb: int) -> dict[str, Any]:
        spec = {"module_gb": gb // 2, "modules": 2}
        return {"category": "memory", "id": "ram", "quantity": 1, "unit_price": 100.0, "spec": spec}

    def grows(case: dict[str, Any], ram: int) -> dict[str, Any]:
        parts = [_gpu(quantity=2), _board([1, 5, 9]), case, memory(ram)]
        return _build(1, "room to grow", 3000, parts=parts, slots=[1, 5], dc=800, wall=900, psu=1600)

    assert check_labels(_plan(grows(_chassis(12), 96)), circuit="120v15a") == []
    two = _chassis(12) | {"spec": {"kind": "mid-tower", "expansion_slots": 12, "max_gpus": 2}}
    assert check_labels(_plan(grows(two, 96)), circuit="120v15a") == [
        "#1 'room to grow': 'room to grow', but the case holds 2 GPU(s), not 3"
    ]
    frame = _chassis(12, "open-frame") | {"spec": {"kind": "open-frame", "expansion_slots": 12, "max_gpus": 2}}
    assert check_labels(_plan(grows(frame, 96)), circuit="120v15a") == []  # a frame holds any number
    assert check_labels(_plan(grows(_chassis(12), 32)), circuit="120v15a") == [
        "#1 'room to grow': 'room to grow', but 32 GB of RAM for 72 GB of VRAM with one more card"
    ]


def test_a_comparison_label_names_the_builds_own_gpu() -> None:
    plan = _plan(
        _build(
            1, "cheapest with NVIDIA GeForce RTX 3060 12GB", 2150, parts=[_gpu("rtx-4090", "NVIDIA GeForce RTX 4090")]
        ),
        _build(2, "cheapest with NVIDIA GeForce RTX 3090", 1416, parts=[_gpu()]),
    )
    problems = check_labels(plan)
    assert len(problems) == 1 and "rtx 3060" in problems[0] and "rtx 4090" in problems[0]


def test_a_comparison_label_may_name_a_system_whose_name_has_commas() -> None:
    """A ready-made system's own name with commas ("Framework Desktop, AMD Ryzen AI Max+ 395, 128 GB") is split by
    the label parser at its first comma: the claim is scoped to "framework desktop", which names that build and no
    other (expert13, 2026-12-04: the independent checker had said the label named another build's GPU)."""
    name = "Framework Desktop, AMD Ryzen AI Max+ 395, 128 GB"
    system = {"category": "system", "id": "framework-desktop-ai-max-395-128gb", "quantity": 1, "name": name}
    system["spec"] = {"name": name, "gpu": "integrated", "unified": True}
    plan = _plan(
        _build(1, "cheapest with NVIDIA GeForce RTX 3090", 3562, parts=[_gpu()]),
        _build(2, f"cheapest with {name}", 3650, parts=[system]),
    )
    assert check_labels(plan) == []
    wrong = _plan(_build(1, f"cheapest with {name}", 3562, parts=[_gpu()]))
    assert len(check_labels(wrong)) == 1


def test_scoped_claims_compare_within_their_scope() -> None:
    own = _gpu(owned=1, quantity=2)
    plan = _plan(
        _build(1, "cheapest with your own card", 1500, parts=[own]),
        _build(2, "cheapest: without your own card", 1200, parts=[_gpu(quantity=2)]),
        _build(3, "cheapest with the experts in RAM", 900, decode=8),
    )
    problems = check_labels(plan)
    assert len(problems) == 1 and problems[0].startswith("#2")  # 'cheapest' overall, but #3 costs less


def test_claims_are_made_among_builds_at_reading_speed() -> None:
    """A build whose users wait seconds per word is no rival for 'cheapest' or 'quietest' while builds at reading
    speed are shown; the cheapest of all may say so itself."""
    slow = _build(2, "cheapest below reading speed (with some layers in RAM)", 1021, decode=1.6, dba=30)
    loud = _build(3, "fastest", 3100, decode=20.0, dba=48)
    plan = _plan(_build(1, "cheapest; quietest", 2778, decode=14.7, dba=43), slow, loud)
    assert check_labels(plan) == []
    wrong = _plan(
        _build(1, "cheapest", 2778, decode=14.7, dba=43),
        _build(2, "quietest (with some layers in RAM)", 1021, decode=1.6, dba=30),
    )
    assert "below reading speed" in check_labels(wrong)[0]
    not_cheapest = _plan(
        _build(1, "cheapest below reading speed", 1500, decode=1.6),
        _build(2, "alternative", 900, decode=2.0),
        _build(3, "cheapest", 2778, decode=14.7),
    )
    assert check_labels(not_cheapest)[0].startswith("#1")
    only_slow = _plan(
        _build(1, "cheapest below reading speed", 1021, decode=1.6),
        _build(2, "fastest below reading speed", 1900, decode=3.2),
    )
    assert check_labels(only_slow) == []  # when nothing reaches reading speed, the claims are among all


def test_a_claim_on_a_build_that_does_not_serve_the_job_says_what_it_is() -> None:
    """Expert case qwen3-30b-a3b-16-users-2100: an RTX 2060 at 0.37 tok/s for 16 users, the only build within 2,100
    USD, was 'cheapest; fastest within budget; best value'. A claim on a build below reading speed says so, and one
    on a build whose first token waits past PROMPT's minute says the wait, every claim alike."""
    plain = _plan(_build(1, "cheapest; fastest within budget; best value (with the experts in RAM)", 886, decode=0.37))
    problems = check_labels(plain)
    assert len(problems) == 3 and all("below reading speed without saying so" in p for p in problems)
    said = "cheapest below reading speed; fastest within budget below reading speed; best value below reading speed"
    assert check_labels(_plan(_build(1, said + " (with the experts in RAM)", 886, decode=0.37))) == []
    prompt = {"rule": "PROMPT", "status": "warn", "message": "254 s for the last of 16 users"}
    box = _build(1, "cheapest; quietest", 2100, decode=6.3)
    box["checks"].append(prompt)
    louder = _build(2, "alternative", 2500, decode=6.3, dba=45)  # "quietest" needs a build shown 2 dBA louder
    louder["checks"].append(prompt)
    assert len(check_labels(_plan(box, louder))) == 2
    box["label"] = "cheapest but first token after 254 s; quietest but first token after 254 s"
    assert check_labels(_plan(box, louder)) == []
    assert label_claims(box["label"]) == [("cheapest", None), ("quietest", None)]
    # a qualifier the claims share, said once after them (reasons.label_claims), qualifies each of them
    box["label"] = "cheapest; quietest; both with a first token after 254 s"
    assert check_labels(_plan(box, louder)) == []
    assert label_claims(box["label"]) == [("cheapest", None), ("quietest", None)]
    once = "cheapest; fastest within budget; best value; all below reading speed (with the experts in RAM)"
    assert check_labels(_plan(_build(1, once, 886, decode=0.37))) == []
    assert label_claims(once) == [("cheapest-all", None), ("fastest", None), ("value", None)]
    # said once, it qualifies only the claims before it: a claim after it still needs its own
    after = "fastest within budget; both below reading speed; best value"
    assert len(check_labels(_plan(_build(1, after, 886, decode=0.37)))) == 1


def test_a_slow_cpu_only_machine_is_no_rival_for_cheapest_beside_gpu_builds() -> None:
    """Issue #27 (a): DeepSeek-R1 at 15,000 USD put a CPU-only box (5.7 tok/s, 760 s before the first token of a 4k
    prompt) at the top as 'cheapest'. Beside builds with a GPU, a CPU-only machine that is below reading speed, short
    of the speed asked, or warned about its prompt wait claims nothing, and 'cheapest' goes to the cheapest GPU build."""
    prompt = {"rule": "PROMPT", "status": "warn", "message": "760 s before the first token"}
    cpu = _build(2, "CPU only", 4420, decode=5.7, parts=[{"category": "cpu", "id": "epyc-9124", "quantity": 1}])
    cpu["checks"].append(prompt)
    gpu = _build(1, "cheapest (experts in RAM, 12-channel EPYC)", 5740, decode=6.1)
    assert check_labels(_plan(gpu, cpu)) == []
    # but "the lowest price of every build found" is over every build shown, that CPU-only box too: DeepSeek-R1 Q4 at
    # 25,000 USD had an Arc A770 at 17,005 USD and 3.5 tok/s claim it beside a CPU-only box at 16,620 USD
    slow = _build(3, "cheapest below reading speed (with the experts in RAM)", 4500, decode=3.5)
    assert "#3" in " ".join(check_labels(_plan(gpu, cpu, slow)))
    claims = dict(cpu, label="cheapest (CPU only)")
    assert "slow machine without a GPU" in check_labels(_plan(gpu, claims))[0]
    quick = dict(cpu, checks=[c for c in cpu["checks"] if c["rule"] != "PROMPT"], label="cheapest (CPU only)")
    assert check_labels(_plan(dict(gpu, label="alternative"), quick)) == []  # at speed, prompt fine: it is the cheapest
    short = dict(quick)
    assert check_labels(_plan(gpu, dict(short, label="alternative")), min_decode_tps=8) == []  # short of 8 tok/s asked
    only_cpu = _plan(dict(claims, label="cheapest but first token after 760 s (CPU only)"))
    assert check_labels(only_cpu) == []  # no GPU build shown: it is the answer, its wait said


def test_a_cpu_only_box_set_aside_for_its_prompt_wait_still_rivals_on_speed() -> None:
    """GLM-4.5 at 10,000 USD showed a CPU-only Threadripper PRO at 10.2 tok/s (its 4k prompt waits minutes: PROMPT)
    below a 6.5 tok/s 'fastest' EPYC with a card. It is no rival for 'cheapest', but 'fastest' is a claim about the
    decode speed shown, so it rivals on speed: the slower build may not say 'fastest'. Nor may the box itself: a label
    on a build that fails the job's own wait check is a claim no expert signs (walk10), so nobody says 'fastest'."""
    prompt = {"rule": "PROMPT", "status": "warn", "message": "300 s before the first token"}
    cpu = _build(2, "alternative", 8084, decode=10.2, parts=[{"category": "cpu", "id": "tr-pro", "quantity": 1}])
    cpu["checks"].append(prompt)
    gpu = _build(1, "cheapest; fastest", 8440, decode=6.5)
    assert "'fastest' at 6.5" in check_labels(_plan(gpu, cpu))[0]
    assert check_labels(_plan(dict(gpu, label="cheapest"), cpu)) == []
    assert "prompts wait" in check_labels(_plan(dict(gpu, label="cheapest"), dict(cpu, label="fastest")))[0]
    assert check_labels(_plan(dict(gpu, label="cheapest"), dict(cpu, label="cheapest; fastest")))  # not cheapest


def test_a_build_with_cards_whose_last_user_waits_claims_nothing() -> None:
    """Dr. Chen's 20 students on Qwen2.5-32B: five RTX 4060 Ti (35,382 CNY, 5.0 tok/s each) had been 'cheapest' while
    the twentieth student waits ~112 s for a 4k prompt's first token (PROMPT warns), beside two RTX 5090 D (44,552 CNY,
    17 s). Such a build is no rival for a claim while one whose prompts do not wait is shown, and 'best value' is
    judged over every build shown, the waiting ones too (they rival on speed, holding no claim)."""
    prompt = {"rule": "PROMPT", "status": "warn", "message": "112 s for the last of 20 users"}
    slow = _build(1, "cheapest", 35382, decode=5.0, dba=46)
    slow["checks"].append(prompt)
    pair = _build(2, "best value", 44552, decode=40.1, dba=43)
    found = check_labels(_plan(slow, pair))
    assert len(found) == 1 and "#1" in found[0] and "prompts wait" in found[0]
    assert check_labels(_plan(dict(slow, label="alternative"), dict(pair, label="cheapest; best value"))) == []
    assert len(check_labels(_plan(slow))) == 1  # nothing else shown: it is the answer, but says its wait
    assert check_labels(_plan(dict(slow, label="cheapest but first token after 112 s"))) == []
    # a waiting build with more speed for the money falsifies another's 'best value' and may not claim it itself
    cheap = dict(slow, total_price=20000.0, estimate={"speed": {"decode_tokens_per_s": 30.0}}, label="alternative")
    assert "'value'" in check_labels(_plan(cheap, dict(pair, label="cheapest; best value")))[0]
    assert "prompts wait" in check_labels(_plan(dict(cheap, label="best value"), dict(pair, label="cheapest")))[0]


def test_a_data_center_class_machine_is_no_rival_in_a_home_office() -> None:
    """Two MI50 in blower shrouds on an open frame (NOISE-1: too loud and hot for a home office) were a home office's
    'cheapest' for Llama 70B at 2,500 USD. In a home office, beside a build the room takes, such a machine claims
    nothing; in a lab or without a room it is a rival like any other."""
    noise = {"rule": "NOISE-1", "status": "warn", "message": "a data-center class machine: too loud"}
    loud = _build(1, "cheapest", 1508, decode=10.0)
    loud["checks"].append(noise)
    quiet = _build(2, "fastest; best value", 1918, decode=7.5)
    assert "data-center class machine in a home office" in check_labels(_plan(loud, quiet), room="home-office")[0]
    assert check_labels(_plan(dict(loud, label="alternative"), dict(quiet, label="cheapest")), room="home-office") == []
    everything = dict(loud, label="cheapest; fastest; best value")
    assert check_labels(_plan(everything, dict(quiet, label="alternative"))) == []  # no room asked: a rival
    assert check_labels(_plan(everything), room="home-office") == []  # nothing else shown: it is the answer


def test_a_build_set_aside_from_cheapest_follows_every_claim_holder() -> None:
    """Round 43 (order43): Llama 3.1 70B QLoRA at 5,000 USD had shown 2 x Arc A770 16GB as #1 at 1,978 USD with the
    label "not cheapest: its training stack is unvalidated on the card, SUP-11 warns", above the build that holds
    "cheapest on supported software" (2 x RTX 4060 Ti 16GB at 2,038): the CLI's first build and the window's opening
    build were one whose own label says it is not the answer. A set-aside build is shown, after every claim holder."""
    aside = "not cheapest: its training stack is unvalidated on the card, SUP-11 warns"

    def trains(rank: int, label: str, price: float, hours: float) -> dict[str, Any]:
        time = {"gpu_hours": 2 * hours, "wall_hours": hours, "tokens_per_s": 2e7 / (hours * 3600)}
        return _build(rank, label, price, decode=None, time=time)

    arc = trains(1, aside, 1978, 67.1)
    arc["checks"].append({"rule": "SUP-11", "status": "warn", "message": "no FSDP + QLoRA run on Arc is published"})
    held = trains(2, "cheapest on supported software", 2038, 52.8)
    fast = trains(3, "fastest within budget; best value", 3821, 27.9)
    found = check_labels(_plan(arc, held, fast))
    assert len(found) == 2 and all("#1" in p and "set aside from cheapest" in p for p in found), found
    assert "#2" in found[0] and "#3" in found[1]
    # after the claim holders, beside an unclaimed alternative in any order, it is where the plan shows it
    alternative = trains(3, "alternative (more speed)", 3498, 40.2)
    consistent = [dict(held, rank=1), dict(fast, rank=2), dict(alternative, rank=3), dict(arc, rank=4)]
    assert check_labels(_plan(*consistent)) == []
    # an alternative that says it is set aside too, in brackets after what it offers
    offered = dict(arc, rank=3, label=f"alternative (lower price, Intel Arc A770 16GB), {aside}")
    assert len(check_labels(_plan(dict(held, rank=1), offered, dict(fast, rank=2)))) == 1


# --------------------------------------------------------------------------- real answers

LABEL_RICH = (
    "--model mixtral-8x7b --workload inference --precision q4_k_m --budget 3000",
    "--model qwen2.5-14b --workload finetune --method lora --tokens 2e7 --budget 6000",
    "--model llama-3.1-8b --workload inference --precision bf16 --batch 16 --budget 15000 --currency EUR --circuit 230v16a",
    "--model gemma-3-27b --workload inference --precision q8_0 --budget 4000 --room home-office",
    "--model qwen2.5-72b --workload inference --precision awq-int4 --batch 8 --budget 20000 --circuit 120v20a",
    "--model llama-3.1-8b --workload pretrain --tokens 1e10 --budget 60000 --circuit 230v16a --room server-room",
    # Dr. Chen's three alternatives for the LoRA of Qwen2.5-72B at 4k: two 73.0 dBA servers, one had been "quietest"
    "--model qwen2.5-72b --workload finetune --method lora --context 4096 --currency CNY --budget 300000 --region china "
    "--circuit 220v16a --gpu rtx-4090-blower,a800-80gb-pcie,l20",
    # round 44: a server room on a named 120 V outlet: no build, a way out on the room's 208 V 30 A rack feed
    "--model llama-3.3-70b --workload inference --precision fp8 --engine vllm --gpu rtx-4090 --gpus 4 --exact-gpus "
    "--room server-room --circuit 120v15a",
)

TODAY: dict[str, str] = {}
"""Requests whose labels contradict their numbers on main (strict xfail with the reason): none since the one-function
labelling of #27 landed (review37's walk had found 'quietest' kept under --top 3 on a 2 dBA witness the cut left out:
ranking._quiet_shown now reads the builds shown); a regression is added here only with its reason and the issue
that will fix it."""

REQUESTS = tuple(dict.fromkeys([c.args for c in CASES] + list(LABEL_RICH)))


WAYS_TODAY: dict[str, str] = {}
# round 47: Mina's way out (--own rtx-3090, 2,500 USD, 15 tokens/s) had said 2 x RTX 3090 at 2,787.88 USD where the plan
# at its budget showed a used 3090 Ti beside her 3090 at 2,767.88; the way now searches beside her card for a lowered
# target too (plan._money_or_kv) and names that 2,767.88 build, 14.7 tokens/s
"""Requests whose ways out contradict their re-solved plans on main (strict xfail in
test_every_way_out_is_a_plan_at_its_price only), each with its reason."""


def _param(args: str, known: dict[str, str] | None = None) -> object:
    reason = (TODAY if known is None else known).get(args)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(args, id=args.replace("--model ", "").replace("--workload ", "")[:90], marks=marks)


def test_every_known_failure_is_a_request_we_run() -> None:
    assert set(TODAY) | set(WAYS_TODAY) <= set(REQUESTS)


@pytest.mark.parametrize("args", [_param(a) for a in REQUESTS])
def test_no_label_contradicts_the_numbers_shown(args: str) -> None:
    options = request_options(args)
    circuit = asked_circuit(options)
    problems = check_labels(
        run_plan(args),
        budget=options["budget"],
        circuit=circuit,
        circuits=options["circuits"],
        min_decode_tps=options.get("min_decode_tps"),
        room=options.get("room"),
        deadline_hours=options.get("deadline_hours"),
        context=options.get("context"),
        prompt=options.get("prompt"),
    )
    owned: dict[str, int] = {}
    for category, part, quantity in options.get("own") or []:
        if category == "gpu":
            owned[part] = owned.get(part, 0) + quantity
    for part, quantity in owned.items():
        problems += idle_owned_problems(run_plan(args)["builds"], part, quantity)
    problems += grow_owned_problems(run_plan(args)["builds"], owned)
    assert not problems, f"`llm-rig plan {args}`:\n" + "\n".join(f"  - {p}" for p in problems)


TOP_K_REQUESTS = (
    # the journey's request (walk33's sheet: --top 1 had shown a used MacBook Pro as "cheapest; fastest within budget;
    # best value" where the full plan's 2 x RTX 2080 Ti 22GB is cheaper and its 2 x RX 7900 XTX faster)
    "--model llama-3.3-70b --workload inference --precision q4_k_m --context 8192 --budget 3000 --room home-office",
    *LABEL_RICH[:4],
    # round 39: five coding seats: at --top 1 and 2 the cheapest build that serves them stands in for one that cannot
    "--model qwen3.6-27b --workload inference --budget 15000 --usage coding-agent --seats 5 --context 65536",
)
"""Expert requests whose full plan the suite solves anyway: their `--top 1` and `--top 2` plans rank the same builds
(plan._offered_once), so each costs its ranking and enrichment, not a search."""


@pytest.mark.parametrize("args", [_param(a) for a in TOP_K_REQUESTS])
def test_a_plan_shown_in_fewer_places_claims_nothing_the_full_plan_contradicts(args: str) -> None:
    """`--top 1` and `--top 2` show the full plan's first builds, in its order, and every label they carry holds over
    every build the full plan shows (tests/independent_checker.py, top_k_problems)."""
    assert args in REQUESTS
    options = request_options(args)
    full = run_plan(args)
    assert len(full["builds"]) > 2  # a cut that leaves builds out
    problems: list[str] = []
    for k in (1, 2):
        problems += top_k_problems(
            run_plan(f"{args} --top {k}"),
            full,
            budget=options["budget"],
            min_decode_tps=options.get("min_decode_tps"),
            room=options.get("room"),
        )
    assert not problems, f"`llm-rig plan {args}`:\n" + "\n".join(f"  - {p}" for p in problems)


def test_the_top_k_check_catches_a_lone_build_claiming_what_the_full_plan_contradicts() -> None:
    """The rule itself: a build shown alone that says "cheapest; fastest within budget; best value" beside a full plan
    with a cheaper build and a faster one is told so on each claim, for a label that is not the full plan's, and for
    the builds holding stronger claims it leaves out."""
    cheap = _build(1, "cheapest; best value", 1858, decode=10.1)
    mac = _build(2, "quietest", 1900, decode=5.1, dba=35.0)
    fast = _build(3, "fastest within budget", 2800, decode=12.8)
    full = _plan(cheap, mac, fast)
    lone = dict(mac, rank=1, label="cheapest; fastest within budget; best value")
    problems = top_k_problems(_plan(lone), full, budget=3000)
    # its label is not the full plan's, it leaves out the cheapest and the fastest for a build that is only the
    # quietest there (round 39: the places go to the strongest claims), and each claim is contradicted
    assert len(problems) == 6, problems
    assert "where the full plan says 'quietest'" in problems[0]
    assert sum("for a build that claims less" in p for p in problems) == 2
    assert all(w in " ".join(problems) for w in ("'cheapest' at 1,900.00", "'fastest' at 5.1", "'value' at"))
    assert top_k_problems(_plan(cheap), full, budget=3000) == []
    assert top_k_problems(_plan(cheap, fast), full, budget=3000) == []
    # two places: the fastest within budget before the quietest
    assert any(
        "leaves out the full plan's #3 'fastest within budget'" in p for p in top_k_problems(_plan(cheap, mac), full)
    )


BREAK_EVEN_EXTRA = (
    # round 31: one user of DeepSeek-R1 had "paid back after 1 month" against a whole 8 x A100 node
    "--model deepseek-r1 --workload inference --precision q4_k_m --budget 25000",
    # round 32 (market32b): a buyer in mainland China is not weighed against DeepInfra's USD price converted to CNY
    "--model llama-3.3-70b --workload inference --budget 50000 --currency CNY --region china --top 3",
    # round 33 (judge33b): build #2 (one 3090 Ti, 187.6 tok/s) was weighed against a RunPod 4090 while #1 and #3 were
    # weighed against OpenRouter's dated per-token price: one plan, one rule
    "--model qwen3.6-35b-a3b --workload inference --budget 3000 --top 3",
)


@pytest.mark.parametrize("args", [_param(a) for a in dict.fromkeys(REQUESTS + BREAK_EVEN_EXTRA)])
def test_no_break_even_contradicts_the_numbers_shown(args: str) -> None:
    """ "Buying pays back after N months" is a claim: checked against the alternative's bill and the yearly rows
    beside it, recomputed by tests/independent_checker.py, over every build shown."""
    problems = break_even_problems(run_plan(args)["builds"])
    assert not problems, f"`llm-rig plan {args}`:\n" + "\n".join(f"  - {p}" for p in problems)


@pytest.mark.expert_request(BREAK_EVEN_EXTRA[0])  # its group is that request's (tests/conftest.py)
def test_one_r1_user_is_reckoned_against_the_api() -> None:
    """One user of DeepSeek-R1: the break-even is against DeepSeek's per-token price (dated, sourced), not a node."""
    builds = run_plan(BREAK_EVEN_EXTRA[0])["builds"]
    assert builds
    for build in builds:
        api = build["cost_of_ownership"]["api_alternative"]
        assert api["headline"] and api["source"].startswith("https://api-docs.deepseek.com/")
        said = build["cost_of_ownership"]["break_even_said"]
        if build["cost_of_ownership"]["serves_demand"] is False:
            # round 37: a build below reading speed for its one reader (3.8 tokens/s decoding) reckons no payback
            assert said["code"] == "tco.short"
            continue
        assert said["fields"]["against"]["code"] == "tco.api"


def _cloud_regions() -> dict[str, str]:
    path = Path(__file__).resolve().parents[2] / "catalogs" / "cloud.toml"
    return {o["id"]: str(o.get("region", "")).lower() for o in tomllib.loads(path.read_text("utf-8"))["cloud"]}


@pytest.mark.expert_request(BREAK_EVEN_EXTRA[1])  # its group is that request's (tests/conftest.py)
def test_a_china_buyer_is_weighed_against_renting_in_china_not_a_usd_api() -> None:
    """Llama 3.3 70B's one API price is DeepInfra's, in USD, for buyers outside mainland China (catalogs/models.toml
    `market`): a `--region china` build in CNY had been "never" paid back against it converted (2.29 CNY per million
    output tokens). Its break-even is against a rental in China now, and the JSON says why no API is weighed."""
    builds = run_plan(BREAK_EVEN_EXTRA[1])["builds"]
    assert builds
    for build in builds:
        costs = build["cost_of_ownership"]
        assert costs["api_alternative"] is None
        assert costs["api_other_market"]["code"] == "tco.api-other-market"
        assert "DeepInfra" in costs["api_other_market"]["fields"]["providers"]
        # a mainland platform's offer (its region in catalogs/cloud.toml), as the rentals are kept
        assert costs["rental"] is not None and _cloud_regions()[costs["rental"]["offer_id"]] == "china"
        assert costs["break_even_said"]["fields"].get("against", {}).get("code") != "tco.api"


@pytest.mark.expert_request(BREAK_EVEN_EXTRA[0])  # its group is that request's (tests/conftest.py)
def test_one_r1_user_pays_for_the_prompts_too() -> None:
    """Round 32: the API bill counts the prompts at DeepSeek's listed input price (0.55 USD per million on a cache miss,
    api-docs.deepseek.com/quick_start/pricing, in effect until 2025-09-05): a chat's 1,020-token median prompt per
    129-token reply (Azure's 2023 conversation trace) is 7.9 input tokens per output token. Round 36: 54 % of a chat's
    prompt is a cache read (the lower of Alibaba's production traces' hit ratios, arXiv 2506.02634), billed at the same
    list's cache-hit price, 0.14: 0.54 x 0.14 + 0.46 x 0.55 = 0.329 a million on average, so the bill is
    (2.19 + 7.9 x 0.329) / 2.19 = 2.19 times the output's alone (2.98 at the cache-miss price); and the chart's owning
    line the sheet draws from the JSON (owning_by_month) is the yearly rows' own sum at 12, 24 and 36 months."""
    builds = run_plan(BREAK_EVEN_EXTRA[0])["builds"]
    for build in builds:
        costs = build["cost_of_ownership"]
        api = costs["api_alternative"]
        assert (api["input_per_million"], api["output_per_million"]) == (0.55, 2.19)
        assert (api["prompt_tokens_per_request"], api["reply_tokens_per_request"]) == (1020, 129)
        assert (api["cache_hit_share"], api["cache_read_per_million"]) == (0.54, 0.14)
        billed = 0.54 * 0.14 + 0.46 * 0.55
        assert api["monthly"] == pytest.approx(
            api["monthly_output_only"] * (2.19 + 1020 / 129 * billed) / 2.19, rel=2e-3
        )
        for row in costs["tco"]:
            assert costs["owning_by_month"][12 * row["years"]] == pytest.approx(row["owning"], abs=0.02)
            # the month's bill is rounded to the cent in the JSON: half a cent a month over the row's months
            assert row["api"] == pytest.approx(api["monthly"] * 12 * row["years"], abs=0.005 * 12 * row["years"] + 0.01)


def _gpus(rank: int, quantity: int, owned: int, gpu: str = "rtx-4090-blower") -> dict[str, object]:
    return {
        "rank": rank,
        "label": "cheapest",
        "parts": [{"category": "gpu", "id": gpu, "quantity": quantity, "owned": owned}],
    }


def test_all_of_the_own_cards_is_checked() -> None:
    """Review35: "with all 2 of your own cards, none bought" holds only of a build on every owned card, none bought."""
    said = "with all 2 of your own cards, none bought"
    right = {**_gpus(1, 2, 2, "rtx-3090"), "label": said}
    assert idle_owned_problems([right], "rtx-3090", 2) == []
    one = {**_gpus(2, 1, 1, "rtx-3090"), "label": said}
    more = {**_gpus(3, 3, 2, "rtx-3090"), "label": said}
    assert len(idle_owned_problems([one, more], "rtx-3090", 2)) == 2


def test_buying_a_card_the_user_has_idle_is_caught() -> None:
    """Review32's item 1: owning eight RTX 4090, a plan that buys two new ones (or one beside two of the eight) while
    the rest sit idle is one no expert signs; two of the eight, or all eight with more bought, are fine."""
    assert (
        idle_owned_problems([_gpus(1, 2, 2), _gpus(2, 8, 8), _gpus(3, 2, 0, "a800-80gb-pcie")], "rtx-4090-blower", 8)
        == []
    )
    assert idle_owned_problems([_gpus(1, 9, 8)], "rtx-4090-blower", 8) == []
    problems = idle_owned_problems([_gpus(1, 2, 0), _gpus(2, 3, 2)], "rtx-4090-blower", 8)
    assert problems == [
        "#1 'cheapest': buys 2 x rtx-4090-blower while 8 of the user's own 8 sit idle",
        "#2 'cheapest': buys 1 x rtx-4090-blower while 6 of the user's own 8 sit idle",
    ]


def _grows(rank: int, used: int, fields: dict[str, object], add_cost: float = 0.0) -> dict[str, object]:
    build = _gpus(rank, used, used)
    return {
        **build,
        "label": "room to grow",
        "claims": [{"code": "claim.grow", "fields": {"gpu": "RTX 4090 blower", **fields}}],
        "next_steps": [{"kind": "add", "cost": add_cost}],
    }


def test_room_to_grow_on_an_idle_own_card_is_checked() -> None:
    """Round 32 (grow32c): owning eight RTX 4090, a build on three of them grows by one of the five idle, at no cost;
    a claim that says the card is bought (no `own`), miscounts the idle ones, or prices the added card is caught, and so
    is one that says "your own" when none of the user's is idle (all eight used, or none owned)."""
    owned = {"rtx-4090-blower": 8}
    assert grow_owned_problems([_grows(1, 3, {"own": True, "spare": 5})], owned) == []
    assert grow_owned_problems([_grows(1, 3, {})], {}) == []
    assert grow_owned_problems([_grows(1, 3, {})], owned) == [
        "#1 'room to grow': room to grow by buying a card, while 5 of the user's own sit idle"
    ]
    assert grow_owned_problems([_grows(1, 3, {"own": True, "spare": 6})], owned) == [
        "#1 'room to grow': room to grow by buying a card, while 5 of the user's own sit idle"
    ]
    assert grow_owned_problems([_grows(1, 3, {"own": True, "spare": 5}, add_cost=16500.0)], owned) == [
        "#1 'room to grow': the next card is one of the user's own, but adding it costs 16500.0"
    ]
    assert grow_owned_problems([_grows(1, 8, {"own": True, "spare": 0})], owned) == [
        "#1 'room to grow': room to grow on the user's own card, but none of theirs is idle"
    ]


WAYS_RESOLVED = 2
"""Ways out re-solved per request here: the cheapest way out (the claim every surface leads with and the window's Apply
switches to) and the next. Each re-solve is a plan (1-10 s of CPU, on the expert suite's one worker); the expert cases
of round 33 re-solve every way of theirs (global-4090-blower-72b-lora-way-out-is-china-then-qlora)."""


@pytest.mark.parametrize("args", [_param(a, {**TODAY, **WAYS_TODAY}) for a in REQUESTS])
def test_every_way_out_is_a_plan_at_its_price(args: str) -> None:
    """Round 33: a way out is a claim. Re-solving the request as the way's words say (its budget, method, region,
    count, power, circuit...) shows a build at the way's price and hours or speed, and a way on supported software
    beside a cheaper card past support says so; the cheapest way out is the cheapest way shown."""
    plan = run_plan(args)
    if not plan["infeasible"]:
        return
    problems = way_out_problems(args, plan, run_plan, WAYS_RESOLVED)
    problems += circuit_work_problems(plan, _circuit_work_prices(request_options(args).get("currency") or "USD"))
    assert not problems, f"`llm-rig plan {args}`:\n" + "\n".join(f"  - {p}" for p in problems)


def _circuit_work_prices(currency: str) -> dict[str, float]:
    """What an electrician's new circuit costs, read from the catalog's TOML itself (accessories.toml, kind
    circuit-work; exchange-rates.toml): circuit id -> its newest price in `currency`."""
    root = Path(__file__).resolve().parents[2] / "catalogs"
    rates = tomllib.loads((root / "exchange-rates.toml").read_text())["exchange_rates"]["per_usd"]
    out = {}
    for record in tomllib.loads((root / "accessories.toml").read_text())["accessories"]:
        if record.get("kind") == "circuit-work":
            price = max(record["prices"], key=lambda p: p["date"])
            out[record["circuit"]] = round(price["amount"] / rates[price["currency"]] * rates[currency], 2)
    return out


def test_a_circuit_way_pays_the_catalogs_electrician_and_no_other_way_does() -> None:
    """circuit_work_problems on hand-made ways (no solve): a new circuit without its line, a line on a way that keeps
    the circuit, and a right one."""
    prices = _circuit_work_prices("USD")
    assert prices == {"120v20a": 700.0, "240v20a": 700.0}
    circuit = {"code": "way.circuit", "fields": {"volts": 120, "amps": 20}}
    paid = {**_way("circuit", 14745.0, [circuit]), "work": {"price": 700.0}}
    plan = {"infeasible": {"relaxations": [paid, _way("power70", 14020.0, [{"code": "way.power", "fields": {}}])]}}
    assert circuit_work_problems(plan, prices) == []
    unpaid = {"infeasible": {"relaxations": [_way("circuit", 14045.0, [circuit])]}}
    assert circuit_work_problems(unpaid, prices) == ["way 1 (circuit): a new circuit without its electrician's 700.00"]
    stray = {**_way("power70", 14720.0, [{"code": "way.power", "fields": {}}]), "work": {"price": 700.0}}
    assert circuit_work_problems({"infeasible": {"relaxations": [stray]}}, prices) == [
        "way 1 (power70) pays an electrician without a new circuit"
    ]


def _way(kind: str, price: float, changes: list[dict[str, object]], **more: object) -> dict[str, object]:
    said = {"code": "way.changes", "fields": {"changes": changes, "price": price, **more}}
    return {"kind": kind, "change": kind, "total_price": price, "decode_tokens_per_s": None, "said": said}


def test_a_way_out_is_applied_as_its_words_say() -> None:
    """The options a way's words set, appended to the request (the last of an option wins), the ones it gives up left
    out: a region and a method together, a speed target given up, more GPUs than an exact count."""
    region = {"code": "way.region", "fields": {"region": "china"}}
    method = {"code": "way.method", "fields": {"method": "lora"}}
    assert way_out_args("--model m --budget 5", _way("region+method", 9.0, [region, method])) == (
        "--model m --budget 5 --region china --method qlora"
    )
    speed = {"code": "way.speed", "fields": {"tps": 3.1}}
    budget = {"code": "way.budget", "fields": {"amount": 900, "currency": "USD"}}
    assert way_out_args("--model m --min-decode-tps 12 --top 3", _way("speed", 900.0, [speed, budget])) == (
        "--model m --top 3 --budget 900"
    )
    gpus = {"code": "way.gpus", "fields": {"gpus": 8}}
    assert way_out_args("--model m --gpus 4 --exact-gpus", _way("gpus", 1.0, [gpus])) == "--model m --gpus 4 --gpus 8"
    assert (
        way_out_args("--model m", {"kind": "rent", "change": "rent", "total_price": 6.0, "said": {"code": "way.rent"}})
        is None
    )


def test_a_way_whose_plan_shows_another_price_is_caught() -> None:
    """A way at 1,027 whose own plan's cheapest is 874 (Llama 3.1 8B QLoRA, round 33), and a supported way beside a
    cheaper card past support that does not say so."""
    budget = {"code": "way.budget", "fields": {"amount": 1027, "currency": "USD"}}
    way = _way("budget", 1026.84, [budget])
    plan = {"infeasible": {"relaxations": [way], "cheapest_relaxation": "budget"}}

    def shows(*builds: tuple[float, str]) -> object:
        parts = lambda arch: [{"category": "gpu", "spec": {"vendor": "nvidia", "architecture": arch}}]
        return lambda _args: {
            "builds": [
                {"total_price": p, "checks": [], "parts": parts(a), "estimate": {"speed": {}}} for p, a in builds
            ]
        }

    assert way_out_problems("--model m", plan, shows((1026.84, "turing"))) == []
    assert way_out_problems("--model m", plan, shows((873.84, "turing"))) == [
        "way 1 (budget: budget) says 1,026.84; `plan --model m --budget 1027` shows 873.84"
    ]
    assert way_out_problems("--model m", plan, shows((1026.84, "turing"), (900.0, "pascal"))) == [
        "way 1 (budget: budget): 'cheapest build' at 1,026.84 where its plan shows a card past support at 900.00, "
        "without 'on supported software'",
        "way 1 (budget: budget): 'cheapest way out' beside a cheaper card past support, without 'on supported software'",
    ]
    # round 47: "the cheapest way out" claims no cheaper build serves its request; a build at its price is not enough
    # (Kimi K2.6's experts-in-RAM way named an RTX 3090 at 185,279 CNY where its plan labels an RTX 2070 at 182,156)
    assert way_out_problems("--model m", plan, shows((1026.84, "turing"), (990.0, "ampere"))) == [
        "way 1 (budget: budget): 'cheapest way out' at 1,026.84, but its plan shows '' at 990.00"
    ]
    assert way_out_problems("--model m", plan, shows((1026.84, "turing"), (1024.0, "ampere"))) == []  # rounding


# --------------------------------------------------------------------------- round 37: a build short of its demand


def _serving(build: dict[str, Any], decode: float, prefill_s: float, streams: int, label: str) -> dict[str, Any]:
    """A build's buy-or-rent figures for five coding-agent seats (180M output tokens a year over 1,000 h), with its
    reply's prefill, as `plan --json` gives them (3 x MI50's in the 15,000 USD plan: 6.5 decoding, 33.1 s)."""
    build["label"] = label
    build["estimate"]["speed"]["decode_tokens_per_s"] = decode
    served = 480 / (480 / decode + prefill_s)
    capacity = streams * served * 3600 * 1000.0
    short = capacity < 180e6
    build["cost_of_ownership"] = {
        "break_even_month": None if short else 4,
        "break_even_said": {"code": "tco.short" if short else "tco.pays-back", "fields": {}},
        "prefill_seconds_per_request": prefill_s,
        "reply_tokens_per_request": 480,
        "prefill_attention_scale": 1.0,
        "served_tokens_per_s": served,
        "demand_output_tokens_per_year": 180e6,
        "active_hours_per_year": 1000.0,
        "served_streams": streams,
        "serves_demand": not short,
        "api_alternative": {"streams": streams, "demand_basis": "stated"},
    }
    if short:
        day = 250.0
        build["checks"].append(
            {
                "rule": "SERVE",
                "status": "warn",
                "message": "",
                "fields": {
                    "share": capacity / 180e6,
                    "demand_day": 180e6 / day,
                    "capacity_day": capacity / day,
                    "shortfall_day": (180e6 - capacity) / day,
                    "basis": "stated",
                },
            }
        )
    return build


def test_a_build_short_of_its_demand_shows_no_payback_and_its_claims_say_so() -> None:
    """The checker re-derives what a build makes (streams x the served rate with prefill x the users' hours) and holds
    the payback and the claims to it (ranking.short_qualified, tco.short): 3 x MI50 at 45 % of the demand."""
    from tests.independent_checker import serving_problems

    good = _serving(_build(1, "", 2465), 6.5, 33.1, 5, "cheapest serving 45 % of the demand")
    fast = _serving(_build(2, "", 4005), 40.5, 3.8, 5, "best value")
    assert serving_problems([good, fast]) == []
    plain = _serving(_build(1, "", 2465), 6.5, 33.1, 5, "cheapest")
    assert any("without saying so" in p for p in serving_problems([plain]))
    wrong = _serving(_build(1, "", 2465), 6.5, 33.1, 5, "cheapest serving 60 % of the demand")
    assert any("its figures make 45 %" in p for p in serving_problems([wrong]))
    paid = _serving(_build(1, "", 2465), 6.5, 33.1, 5, "cheapest serving 45 % of the demand")
    paid["cost_of_ownership"]["break_even_month"] = 5  # main's "pays back after 5 months" on 45 % of the demand
    assert any("yet pays back after 5 months" in p for p in serving_problems([paid]))
    said = _serving(_build(2, "", 4005), 40.5, 3.8, 5, "best value serving 61 % of the demand")
    assert any("says it serves part of the demand" in p for p in serving_problems([said]))
    shared = _serving(_build(1, "", 1900), 4.7, 61.5, 5, "cheapest; quietest; both serving 29 % of the demand")
    assert serving_problems([shared]) == []
