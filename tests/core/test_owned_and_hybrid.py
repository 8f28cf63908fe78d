"""Owning a card never makes the answer worse; a job that fits on no GPUs gets its experts-in-RAM build (issues #11, #12).

Cases from walking the window as the issue-12 users (a 16 GB card and a MoE model; DeepSeek-R1 on a budget).
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.plan import plan


def test_a_cheaper_build_without_the_owned_card_comes_first(catalog: Catalog) -> None:
    """Qwen3-30B-A3B with an owned RTX 4060 Ti 16 GB: using it on the GPUs alone means buying a second one (1,393 USD),
    while one RTX 2080 Ti 22 GB does it for less and faster. Owning a card never makes the answer worse: no build shown
    costs more and runs slower than another without a label that says why (issue #27), and a build that leaves the
    card out says so."""
    from configurator.core.solve.ranking import claim_words, measure

    request = BuildRequest(
        model_id="qwen3-30b-a3b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1500,
        owned=(OwnedPart(category="gpu", id="rtx-4060-ti-16gb"),),
    )
    builds = plan(request, catalog).builds
    assert builds
    two_cards = [b for b in builds if b.gpu_id == "rtx-4060-ti-16gb" and b.gpu_count == 2]
    for pair in two_cards:  # a second 4060 Ti is shown only where no build beats it on price and speed, no louder
        assert not any(
            measure(o, request).passing and measure(o, request).beats(measure(pair, request))
            for o in builds
            if o is not pair
        ), "a second 4060 Ti costs more than a build that runs faster"
    for build in builds:
        uses_it = any(p.category == "gpu" and p.owned for p in build.parts)
        assert uses_it or "without your own card" in build.label, build.label
        # a card past its vendor's support never pushes a supported build off the list (ranking._dominated): one MI50
        # (906 USD, 77.3 tokens/s, 45.4 dBA) beats the owned card with an RTX 2070 beside it (1,103 USD, 63.6, 43.8
        # dBA) since a build less than 2 dBA quieter is beaten (Measures.beats, shown.AS_QUIET_DBA), and the plan says
        # so of that build ("#2 and #3 are cheaper and faster; it offers another card")
        others = [
            measure(o, request)
            for o in builds
            if o is not build and not ("past " in o.label and "past " not in build.label)
        ]
        assert claim_words(build) or not any(o.beats(measure(build, request)) for o in others), build.label
    assert [b.rank for b in builds] == list(range(1, len(builds) + 1))


def test_an_owned_china_market_card_is_used_outside_china(catalog: Catalog) -> None:
    """Where a card may be bought does not matter once it is owned: an RTX 4090 D in the global region is the user's card.
    DeepSeek-R1 at q4 does not fit on it, but with the experts in system RAM it runs: that build (on the owned card) is
    an answer, not a relaxation (issue #27: 'infeasible although a 16 GB card with the experts in RAM serves it').
    25,000 USD since December 2026's RDIMM prices (28 USD/GB: 512 GB cost 14,400 USD alone; it was 15,000 USD)."""
    request = BuildRequest(
        model_id="deepseek-r1",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=25000,
        owned=(OwnedPart(category="gpu", id="rtx-4090d"),),
    )
    result = plan(request, catalog)
    assert result.infeasible is None
    in_ram = [b for b in result.builds if "experts in RAM" in b.label]
    assert in_ram and in_ram[0].gpu_id == "rtx-4090d"
    assert any(p.category == "gpu" and p.owned for p in in_ram[0].parts)
    assert not any("China-market" in n for n in result.notes)


def test_when_nothing_fits_on_the_gpus_the_experts_in_ram_build_is_offered(catalog: Catalog) -> None:
    """DeepSeek-R1 at q4 within 25,000 USD: no GPU set holds it, so the answer is the build with the experts in
    system RAM (labelled, with its platform's speed). It runs the job within the budget, so the plan is not
    'infeasible' (issue #27). The 512 GB Mac Studio that stood beside it is no longer sold new (March 2026). Asked at
    15,000 USD until December 2026's RDIMM prices (28 USD/GB, solve.pricing.SUPERSEDED_AFTER_DAYS) put 512 GB of
    DDR5 RDIMM at 14,400 USD alone."""
    request = BuildRequest(
        model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=25000
    )
    result = plan(request, catalog)
    assert result.infeasible is None
    hybrid = [b for b in result.builds if "experts in RAM" in b.label]  # the platform tiers of #28 name theirs
    assert hybrid, [b.label for b in result.builds]
    assert hybrid[0].total_price <= 25000 and (hybrid[0].estimate.decode_tokens_per_s or 0) > 0
    assert hybrid[0].estimate.offloaded_bytes > 0
    assert not any(p.id == "mac-studio-m3-ultra-80c-512gb" for b in result.builds for p in b.parts)
    command = (hybrid[0].launch or {}).get("command", "")
    # llama.cpp's flags; since the 2026 used prices the cheapest such build carries an RX 7900 XTX (6,316 USD), whose
    # HIP llama-server is built from source (the launch's build step), so the binary is ./build/bin/llama-server
    assert command.split()[0].rsplit("/", 1)[-1] == "llama-server" and (
        "--cpu-moe" in command or "--n-cpu-moe" in command
    )


def test_an_owned_card_that_cannot_meet_the_speed_is_named_not_the_whole_catalog(catalog: Catalog) -> None:
    """Mina's journey at 32k context and 15 tokens/s with her own RTX 3090: only her card is tried, so the answer says
    her card falls short (not 'no GPU in the catalog'), and names the speed target once."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        condition="used",
        room="home-office",
        min_decode_tps=15,
    )
    result = plan(request, catalog)
    assert result.infeasible is not None
    assert result.infeasible.reason.startswith("your own NVIDIA GeForce RTX 3090 cannot run this")
    assert "no GPU in the catalog" not in result.infeasible.reason
    assert sum("speed target" in b for b in result.infeasible.blocking) == 1


def test_one_build_asked_is_the_answer_not_an_alternative(catalog: Catalog) -> None:
    """`--top 1` for Mina's request had returned the ready-made laptop (an alternative that takes the last place)
    instead of the cheapest build: the answer is never the one to give way."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768, kv_precision="q8_0"),
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        condition="used",
        room="home-office",
    )
    memo.clear()
    five = plan(request, catalog)
    memo.clear()
    one = plan(request.model_copy(update={"top_k": 1}), catalog)
    assert len(one.builds) == 1
    # the same build at the same price; not the same claims: since apple34's Metal constants (2026-12-06) the first of
    # five is the M1 Max laptop, "cheapest; quietest", and "quietest" is a claim over the builds shown, which one build
    # alone cannot hold (labels are claims about the builds shown: tests/independent_checker.py)
    first, only = five.builds[0], one.builds[0]
    assert ([p.id for p in only.parts], only.total_price) == ([p.id for p in first.parts], first.total_price)
    assert "cheapest" in only.label and "cheapest" in first.label


def test_qlora_70b_on_two_owned_3090s_runs_as_fsdp_qlora_with_cpu_offload(catalog: Catalog) -> None:
    """The home fine-tune of Answer.AI's FSDP + QLoRA ('train a 70b language model at home', two 24 GB cards) and
    PEFT's guide (Llama 2 70B on 2 x 24 GB, parameters offloaded: 19.6 GB per GPU, 35.6 GB without offload). With two
    RTX 3090s owned, the solver had answered 5 x 3090 and a 230 V circuit (walk8): sharding alone leaves a 70B's NF4
    weights and activations over 24 GB. Now the owned pair is the cheapest build, with ZeRO-3 and the states in system
    RAM, the RAM sized for them (RAM-3), and the fit says both were chosen. Since qlora21 it runs as Answer.AI's
    fsdp_qlora, whose measured start-up peak ("just over 128GB" for a 70B) RAM-3 holds with the README's swap file:
    a pass, or the warning that says to make the swap file."""
    from configurator.core.report.fit import fit_of

    memo.clear()
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="finetune", method="qlora", context=4096, tokens=3e8),
        gpu_ids=("rtx-3090",),
        budget=5000,
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=2),),
    )
    builds = plan(request, catalog).builds
    assert builds
    first = builds[0]
    assert first.gpu_id == "rtx-3090" and first.estimate.gpus == 2, (first.label, first.estimate.gpus)
    assert first.estimate.workload.get("offload") == "cpu" and first.estimate.workload.get("zero") == 3
    assert first.estimate.per_gpu_bytes < 24e9 * 0.98
    assert first.estimate.workload.get("framework") == "fsdp-qlora"
    assert any(c.rule == "RAM-3" and (c.status == "pass" or c.code == "spike") for c in first.checks)
    settings = {s.name: s for s in fit_of(first, request).settings}
    assert settings["offload"].chosen and settings["offload"].value.startswith("parameters, gradients")
    assert settings["sharding"].chosen and settings["sharding"].value == "ZeRO-3"


def test_gpt_oss_120b_at_2500_is_a_unified_memory_box_not_infeasible(catalog: Catalog) -> None:
    """Issue #27: gpt-oss-120b (MXFP4) at 2,500 USD new was 'infeasible: raise the budget to 2,825 USD', although a
    128 GB Ryzen AI Max box serves it (llama.cpp runs MXFP4 natively). The unified-memory source reads the engine the
    user asked for (none), not the one the workload resolves to, so the box is offered and answers the request. Asked at
    3,700 USD since late-2026 prices put a 128 GB box above 2,500 (a Strix Halo at 3,650 USD, August 2026 street
    prices; systems.toml)."""
    memo.clear()
    request = BuildRequest(model_id="gpt-oss-120b", workload=Workload(kind="inference", precision="mxfp4"), budget=3700)
    result = plan(request, catalog)
    assert result.infeasible is None
    box = next(b for b in result.builds if b.parts[0].category == "system")
    assert box.total_price <= 3700 and (box.estimate.decode_tokens_per_s or 0) > 20
    assert box.estimate.workload.get("engine") == "llama.cpp"


def test_every_owned_card_is_shown_in_the_default_places_when_the_cheapest_leaves_one_idle(catalog: Catalog) -> None:
    """Two owned RTX 3060 12GB and Qwen3.6-27B Q4_K_M (~16.5 GB) with no budget (review44's walk, 2026-12-07): the
    cheapest build runs one of them with layers in RAM (6.7 tokens/s); the two together hold the model (a 24 GB layer
    split: specpicks.com's dual RTX 3060 12GB build, 2026, runs Gemma 4 31B Q4 at ~11 tokens/s) at 15.3 tokens/s for
    the platform alone. That build had been shown only at
    `--top 8`: the five default places went to claims, four of them on builds without the owned cards. `--own` means
    "want used": the build on all of them is placed right after "cheapest" (ranking.OWN_ALL_ORDER)."""
    from configurator.core.model.args import PLAN_TOP
    from configurator.core.solve.rules import READING_TPS

    memo.clear()
    request = BuildRequest(
        model_id="qwen3.6-27b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        owned=(OwnedPart(category="gpu", id="rtx-3060-12gb", quantity=2),),
        top_k=PLAN_TOP,
    )
    builds = plan(request, catalog).builds
    assert len(builds) <= PLAN_TOP
    cheapest = next(b for b in builds if "cheapest" in b.label)
    both = [b for b in builds if b.gpu_id == "rtx-3060-12gb" and b.gpu_count == 2]
    assert both, [b.label for b in builds]
    pair = both[0]
    assert all(p.owned == p.quantity for p in pair.parts if p.category == "gpu")  # none bought
    assert not pair.estimate.offloaded_bytes  # the model on the cards
    assert (pair.estimate.decode_tokens_per_s or 0) >= max(
        READING_TPS, 1.5 * (cheapest.estimate.decode_tokens_per_s or 0)
    )
    assert any(k.code == "kind.own-all" for k in pair.kinds)
    # at --top 2 it is the second answer: what the owner's cards do together, beside the cheapest
    memo.clear()
    two = plan(request.model_copy(update={"top_k": 2}), catalog).builds
    assert any(b.gpu_id == "rtx-3060-12gb" and b.gpu_count == 2 for b in two[:2]), [b.label for b in two]


def test_an_owned_card_runs_the_usual_gguf_when_no_precision_is_named(catalog: Catalog) -> None:
    """An owned RTX 3090 and Qwen3.6-27B with no --precision (review44's walk, 2026-12-07): the card was used nowhere.
    The plan ran the cards only in BF16 (54 GB of weights), so it answered with a MacBook Pro at 1,900 USD and four
    RTX A5000 "without your own card" at 7,320 USD, while an owner's Ollama pulls the Q4_K_M (about 16 GB of weights)
    that one 24 GB card holds, as every plan without an owned card already offered
    (relax.usual_gguf_applies). The cheapest build now runs on the owned card alone at Q4_K_M, buys no card, and
    decodes above reading speed (measured: Qwen3.6-27B Q4_K_M on one RTX 3090, llama.cpp CUDA, 20.0-21.6 tokens/s,
    https://calebcoffie.com/benchmarks, read 2026-12-07)."""
    from configurator.core.solve.rules import READING_TPS

    memo.clear()
    request = BuildRequest(
        model_id="qwen3.6-27b",
        workload=Workload(kind="inference"),
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        top_k=5,
    )
    builds = plan(request, catalog).builds
    cheapest = next(b for b in builds if b.label.startswith("cheapest"))
    cards = [p for p in cheapest.parts if p.category == "gpu"]
    assert [(p.id, p.quantity, p.owned) for p in cards] == [("rtx-3090", 1, 1)], cheapest.label
    assert cheapest.estimate.workload.get("precision") == "q4_k_m"
    assert not cheapest.estimate.offloaded_bytes
    assert (cheapest.estimate.decode_tokens_per_s or 0) >= 2 * READING_TPS
    assert cheapest.total_price < 1000  # the platform alone
