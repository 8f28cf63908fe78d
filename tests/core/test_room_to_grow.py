""" "Room to grow" is the cheapest build that takes one more of its card by buying only that card.

The search behind the label (solve("grow"): BuildModel._room's constraints, assumed) and the claim's own test on the
assembled machine (plan._one_more_gpu: slot, spacing, lanes, case, platform, PSU, circuit and RAM, checked once the
machine is built) must agree: a build the search finds takes the card, and it is no dearer than it needs to be.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report import words
from configurator.core.solve.plan import _assemble, plan
from configurator.core.solve.shown import FASTER
from configurator.core.solve.solver import BuildModel
from tests.core.test_lazy import _candidates

GROWING = {
    # Llama 3.1 8B for 8 users at 3,000 USD: the search had maximised x16 slots and PSU watts, then bought the
    # cheapest build with the most of them: 2 x RTX 2060 12GB at exactly 3,000 USD (round 21), then 2 x P100 on an
    # EPYC with 256 GB of RDIMMs at 2,924 USD, beside a 2 x RTX 2080 Ti build at 1,457 USD
    "8B x 8 users at 3,000 USD": BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", batch=8), budget=3000
    ),
    "70B q4 at 16k, 5,000 USD": BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m", context=16384), budget=5000
    ),
    "8B QLoRA at 2,500 USD": BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="finetune", method="qlora", context=2048, tokens=2e7),
        budget=2500,
    ),
    "Qwen2.5 32B LoRA at 230 V": BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="finetune", method="lora", context=4096, tokens=5e7),
        budget=30000,
        circuit="230v16a",
    ),
}


@pytest.mark.parametrize("name", list(GROWING))
def test_the_room_search_finds_a_build_that_takes_one_more_card(catalog: Catalog, name: str) -> None:
    """Every option the search may use: the cheapest build with room, assembled, holds the claim's own test."""
    request = GROWING[name]
    model, cand = _candidates(catalog, request)
    bm = BuildModel(request, cand, model, catalog)
    choice = bm.solve("grow", 2.0)
    assert choice is not None, "some build within the budget takes one more card"
    build = _assemble(1, "room to grow", "", choice, request, cand, catalog)
    assert build.room_for_one_more, [u for u in build.upgrades]
    # and the search is the cheapest way to it: nothing cheaper on the same card passes the model with room
    cheaper = bm._run(bm.cost, False, 2.0, [("cost", int(choice.cost) - 1)], lift_psu_limit=True, room=True)
    assert cheaper is None


def test_room_to_grow_for_eight_users_of_an_8b_is_no_dearer_than_it_needs(catalog: Catalog) -> None:
    # six places: since round 30 the five go to cheapest, cheapest in VRAM (an MI50, past ROCm support), cheapest in
    # VRAM on supported software (an RTX 2080 Ti 22GB), best value and fastest, and "room to grow" is the sixth claim;
    # since round 33 (mac33) a Mac mini M4 Pro (1,399 USD) holds "quietest", so room to grow is the seventh place
    request = GROWING["8B x 8 users at 3,000 USD"].model_copy(update={"top_k": 7})
    shown = plan(request, catalog).builds
    growing = [b for b in shown if any(c.code == "claim.grow" for c in b.claims)]
    assert len(growing) == 1
    build = growing[0]
    assert build.room_for_one_more
    # the label's build is the cheapest shown that can grow (ranking), and no build of its card costs more than the
    # card, a platform for two of them and RAM for their memory: well under the old 2,924 USD
    assert build.total_price < 2000, build.total_price
    ram_gb = sum(p.spec.get("total_gb", 0) * p.quantity for p in build.parts if p.category == "memory")
    assert ram_gb <= 128, "no server RAM bought for slots"
    assert all(b.total_price >= build.total_price or not b.room_for_one_more for b in shown)


def test_room_to_grow_is_on_a_card_still_worth_buying_more_of(catalog: Catalog) -> None:
    """Qwen3.6-27B QLoRA at 3,000 USD: with the options earlier labels took left out, the search grew on an MI100
    (64 h against the cheapest build's 57 h, bitsandbytes built from source, SUP-8: "expect no new driver or framework
    releases" for gfx908). Growing is buying more of the card: not one whose drivers wind down or whose support ended,
    and it may be the very card an earlier label took (on another board or case)."""
    request = BuildRequest(
        model_id="qwen3.6-27b", workload=Workload(kind="finetune", method="qlora", tokens=5e7), budget=3000, top_k=5
    )
    for req in (request, *GROWING.values()):
        for build in plan(req, catalog).builds:
            if any(c.code == "claim.grow" for c in build.claims):
                assert build.room_for_one_more
                assert not any(c.rule in ("SUP-8",) for c in build.checks), (req.model_id, build.gpu_id)


def test_room_to_grow_is_growth_that_unlocks_something(catalog: Catalog) -> None:
    """walk19: GLM-5 at 30,000 USD said "room to grow" of one RTX PRO 6000 Max-Q beside its experts in RAM, whose
    second card unlocks nothing and decodes 11.9 tok/s against 12.0. The holder's own add step (the one the sheet and
    window print) unlocks something for the job, in every plan here."""
    glm = BuildRequest(model_id="glm-5", workload=Workload(kind="inference"), budget=30000, top_k=5)
    for req in (glm, *GROWING.values()):
        for build in plan(req, catalog).builds:
            if any(c.code == "claim.grow" for c in build.claims):
                add = next(s for s in build.next_steps if s["kind"] == "add")
                gained = [u["code"] for u in add["unlocks"] if u["code"].startswith("unlock.")]
                assert gained and gained != ["unlock.nothing"], (req.model_id, build.gpu_id, add["unlocks"])
                assert req.model_id != "glm-5" or build.gpu_id != "rtx-pro-6000-blackwell-max-q"


def test_the_claim_falls_to_a_build_shown_when_its_holder_gives_up_its_place(catalog: Catalog) -> None:
    """walk19: Dr. Chen's 20 students at --top 5: "room to grow" went to 4 x RTX 2080 Ti 22GB (42,624 CNY), which then
    gave its place to stronger claims, and the 3 x RTX 3090 shown with room stood unlabelled. The claim is the cheapest
    shown build's that grows. Round 39 (value39): at five places "best value at release quality" (eight RTX 2080 Ti
    22GB at FP8, ranking.RELEASE_VALUE_ORDER) takes the fifth place from the 3 x RTX 3090 with room; at six they are
    shown again, and the claim is theirs."""
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", batch=20),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300_000,
        top_k=6,
    )
    shown = plan(request, catalog).builds
    growing = [b for b in shown if b.room_for_one_more and b.one_more_gains]
    assert growing, [(b.gpu_id, b.gpu_count, b.room_for_one_more) for b in shown]
    holders = [b for b in shown if any(c.code == "claim.grow" for c in b.claims)]
    assert holders == [min(growing, key=lambda b: b.total_price)]


def test_room_to_grow_on_an_idle_own_card_says_none_is_bought() -> None:
    """Round 32 (grow32c): where the next card is one of the user's own idle ones (fields `own`, `spare`), the claim
    says no card is bought, in English and Chinese; without them it still says the card is bought alone."""
    gpu = "NVIDIA GeForce RTX 4090 24GB blower"
    own = Reason.of("claim.grow", gpu=gpu, own=True, spare=5)
    bought = Reason.of("claim.grow", gpu=gpu)
    assert english(own).startswith(f"takes one more of your own {gpu} (5 of yours idle): no card to buy;")
    assert "buying only that card" not in english(own)
    assert english(bought).startswith(f"takes one more {gpu} by buying only that card")
    with words.language("zh_CN"):
        assert words.say(own).startswith(f"可再加一张你自己的 {gpu}（你有 5 张闲置）：不用买卡")
        assert words.say(bought).startswith(f"只需再买一张 {gpu}")
    # an alternative's offer of room to grow says the same (ranking._offers_of)
    offer = Reason.of("offer.grow", own=True, spare=5, rank=1)
    assert english(offer) == "room for one more of your own cards (5 of yours idle), none to buy (over #1)"
    assert english(Reason.of("offer.grow")) == "room for one more card, bought alone"
    with words.language("zh_CN"):
        assert words.say(offer) == "可再加一张你自己的卡（你有 5 张闲置），不用买卡（相对 #1）"


def test_the_comparison_without_the_own_cards_grows_from_the_plans_floor(catalog: Catalog) -> None:
    """Round 40 (grow40): two owned RTX 3090s for Qwen2.5-32B Q8_0 (benchmarks/plan_diff.py "32B own two 3090s"). The
    comparison without them (the owned-card source) had searched room to grow from its own cheapest build and, proved
    to optimality, found one RTX A6000 at 4,184 USD and 15.8 tokens/s: slower than the pair the label starts from (1,163
    USD, 18.6 tokens/s), so the plan lost its room-to-grow build. Its search now starts from the floor of the builds the
    plan's earlier sources found (grow.RoomToGrow.starting_from), and the plan keeps a build that holds the claim, no
    slower than the owned pair."""
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", precision="q8_0"),
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=2),),
    )
    shown = plan(request, catalog).builds
    pair = next(b for b in shown if any(c.code == "claim.cheapest" for c in b.claims))
    assert (pair.gpu_id, pair.gpu_count) == ("rtx-3090", 2)
    holders = [b for b in shown if any(c.code == "claim.grow" for c in b.claims)]
    assert len(holders) == 1, [(b.gpu_id, b.gpu_count, b.label) for b in shown]
    grows = holders[0]
    assert grows.room_for_one_more
    speed, floor = grows.estimate.decode_tokens_per_s or 0.0, pair.estimate.decode_tokens_per_s or 0.0
    assert speed >= floor / FASTER, (grows.gpu_id, speed, floor)
