"""Owning a card never makes the answer worse; a job that fits on no GPUs gets its experts-in-RAM build (issues #11, #12).

Cases from walking the window as the issue-12 users (a 16 GB card and a MoE model; DeepSeek-R1 on a budget).
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.solve import memo
from configurator.core.solve.plan import plan
from configurator.core.solve.request import BuildRequest, OwnedPart


def test_a_cheaper_build_without_the_owned_card_comes_first(catalog: Catalog) -> None:
    """Qwen3-30B-A3B with an owned RTX 4060 Ti 16 GB: using it means buying a second one (1,393 USD), while one
    RTX 2080 Ti 22 GB does it for less; the cheaper answer is #1, and the owned-card build keeps its place after it."""
    request = BuildRequest(model_id="qwen3-30b-a3b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500,
                           owned=(OwnedPart(category="gpu", id="rtx-4060-ti-16gb"),))
    builds = plan(request, catalog).builds
    with_card = [b for b in builds if b.gpu_id == "rtx-4060-ti-16gb" and "RAM" not in b.label]
    assert with_card
    assert builds[0].total_price <= min(b.total_price for b in with_card)
    if builds[0].gpu_id != "rtx-4060-ti-16gb":
        assert "without your own card" in builds[0].label
    assert [b.rank for b in builds] == list(range(1, len(builds) + 1))


def test_an_owned_china_market_card_is_used_outside_china(catalog: Catalog) -> None:
    """Where a card may be bought does not matter once it is owned: an RTX 4090 D in the global region is the user's card,
    and the reason names it (not 'a China-market variant')."""
    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=15000,
                           owned=(OwnedPart(category="gpu", id="rtx-4090d"),))
    result = plan(request, catalog)
    assert result.infeasible is not None
    assert "China-market" not in result.infeasible.reason
    assert "4090 D" in result.infeasible.reason
    assert "system RAM" in result.infeasible.cheapest_relaxation


def test_when_nothing_fits_on_the_gpus_the_experts_in_ram_build_is_offered(catalog: Catalog) -> None:
    """DeepSeek-R1 at q4 within 15,000 USD: no GPU set holds it, so the answer lists the build with the experts in
    system RAM (labelled, with its platform's speed) beside the unified-memory system, cheapest first."""
    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=15000)
    result = plan(request, catalog)
    assert result.infeasible is not None
    hybrid = [b for b in result.builds if b.label == "cheapest with the experts in RAM"]
    assert hybrid, [b.label for b in result.builds]
    assert hybrid[0].total_price <= 15000 and (hybrid[0].estimate.decode_tokens_per_s or 0) > 0
    assert hybrid[0].estimate.offloaded_bytes > 0
    assert any(b.gpu_id.startswith("mac-") or "Mac" in b.label for b in result.builds)
    command = (hybrid[0].launch or {}).get("command", "")
    assert command.startswith("llama-server") and ("--cpu-moe" in command or "--n-cpu-moe" in command)  # llama.cpp's flags


def test_an_owned_card_that_cannot_meet_the_speed_is_named_not_the_whole_catalog(catalog: Catalog) -> None:
    """Mina's journey at 32k context and 15 tokens/s with her own RTX 3090: only her card is tried, so the answer says
    her card falls short (not 'no GPU in the catalog'), and names the speed target once."""
    request = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m", context=32768,
                                                                         kv_precision="q8_0"),
                           budget=2500, owned=(OwnedPart(category="gpu", id="rtx-3090"),), condition="used",
                           room="home-office", min_decode_tps=15)
    result = plan(request, catalog)
    assert result.infeasible is not None
    assert result.infeasible.reason.startswith("your own NVIDIA GeForce RTX 3090 cannot run this")
    assert "no GPU in the catalog" not in result.infeasible.reason
    assert sum("speed target" in b for b in result.infeasible.blocking) == 1


def test_one_build_asked_is_the_answer_not_an_alternative(catalog: Catalog) -> None:
    """`--top 1` for Mina's request had returned the ready-made laptop (an alternative that takes the last place)
    instead of the cheapest build: the answer is never the one to give way."""
    request = BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
        budget=2500, owned=(OwnedPart(category="gpu", id="rtx-3090"),), condition="used", room="home-office")
    memo.clear()
    five = plan(request, catalog)
    memo.clear()
    one = plan(request.model_copy(update={"top_k": 1}), catalog)
    assert len(one.builds) == 1
    assert (one.builds[0].label, one.builds[0].total_price) == (five.builds[0].label, five.builds[0].total_price)
