"""When nothing fits (solve/relax.py): the relaxations are searched, the cheapest way out is the cheapest found, and
power limits respect what each card's driver allows (solve/power_cap.py). The four requests are issue #27's."""

from __future__ import annotations

import json
import math

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu
from configurator.core.common.reasons import english, from_json, shown_tps
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import DETAIL_CHARS, Build, Infeasible, Relaxation
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report import words
from configurator.core.solve.candidates import gpu_allowed
from configurator.core.solve.plan import _bridge_budget, _way_budget, plan
from configurator.core.solve.power_cap import cap_command, limit_refusal, lowest_limit, power_cap
from configurator.core.solve.relax import DETAIL_LINES
from configurator.core.solve.rules import POWER_CAP
from tests.helpers import infeasible_plan, ranked_by_price, without_chips


def test_llama_70b_at_32k_and_15_tps_for_2500_usd_way_out_is_a_q8_kv_cache_at_14_tps(catalog: Catalog) -> None:
    """#27: 'raise the budget to 9,915 USD' was the answer; a q8_0 KV cache on a pair of 24 GB Ampere cards is the
    cheapest way out. With 2025 prices that was 2 x RTX 3090 at 14 tokens/s (within 10 % of the 15 asked); at 2026's
    (a used 3090 at 1,207 USD in September, a 3090 Ti at 900: GPU Poet) it is 2 x 3090 Ti, which meets the 15."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        min_decode_tps=15,
        budget=2500,
    )
    inf = infeasible_plan(request, catalog)
    first = inf.relaxations[0]
    assert "kv" in first.kind.split("+") and set(first.kind.split("+")) <= {"kv", "speed10", "budget"}, (
        inf.cheapest_relaxation
    )
    budget_way = next(r for r in inf.relaxations if r.kind == "budget")  # still listed, by its price
    # cheaper than raising the budget alone: 2,778 against 9,915 USD with #27's prices; since Apple's refresh of
    # 2026-08-25 the budget alone buys the 5,499 USD M5 Ultra Mac Studio (96 GB, 1.2 TB/s: 70B Q4_K_M at 17.0 tokens/s
    # at 32k, where XiongjieDai measures 12.5 on the 800 GB/s M2 Ultra), so the q8_0 way saves about a third, not two
    assert first.total_price < budget_way.total_price
    assert budget_way.build is not None and budget_way.build.gpu_id == "mac-studio-m5-ultra-64c-96gb-gpu"
    assert budget_way.total_price == 5499.0 and (budget_way.decode_tokens_per_s or 0) >= 15
    assert first.decode_tokens_per_s is not None and first.decode_tokens_per_s >= 13.5
    assert first.build is not None and first.build.gpu_id in ("rtx-3090", "rtx-3090-ti") and first.build.gpu_count == 2
    assert "q8_0" in first.change and "raise the budget to" in first.change
    ranked_by_price(inf)
    # applying it shows its build: the relaxed request, re-planned, buys the same machine within the budget it names
    applied = inf.relaxed_request
    assert applied is not None and applied.workload.kv_precision == "q8_0" and applied.budget is not None
    builds = plan(applied, catalog).builds
    assert builds and builds[0].gpu_id == first.build.gpu_id and builds[0].total_price <= applied.budget


def test_minas_own_3090_ways_out_name_a_card_beside_it_and_what_buys_the_speed(catalog: Catalog) -> None:
    """Mina's journey (her own RTX 3090, 2,500 USD of used parts, 70B at Q4_K_M, 32k, 15 tokens/s) had been offered
    only "accept 14.2 tokens/s" and a 90,000 USD server: the ways out were searched on her own card alone. More money
    also buys a card beside hers, which meets the 15 (an RTX PRO 5000 48GB at 5,808 USD in the 2025-08 catalog), and the
    way says so; applying it re-plans to that machine.

    Since Apple's refresh of 2026-08-25 the cheapest machine the money buys is the 5,499 USD M5 Ultra Mac Studio (17.0
    tokens/s, her card left aside): the budget way names it. The card beside hers is the answer where no such Mac is
    sold, so that part is asked of the catalog without the M5 Ultra (round 37)."""
    way_now = next(r for r in infeasible_plan(_minas_request(), catalog).relaxations if r.kind == "budget")
    assert way_now.build is not None and way_now.build.gpu_id == "mac-studio-m5-ultra-64c-96gb-gpu"
    assert way_now.total_price == 5499.0 and (way_now.decode_tokens_per_s or 0) >= 15
    assert way_now.said is not None and way_now.said.fields.get("without_own")
    catalog = without_chips(catalog, "M5 Ultra")
    request = _minas_request()
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    beside = [r for r in inf.relaxations if r.said is not None and r.said.fields.get("beside")]
    # round 47: the way that lowers the target looks beside her card too (plan._money_or_kv) and leads, a used RTX
    # 3090 Ti beside her 3090 with the KV cache at q8_0 at 14.7 tokens/s for 2,767.88 USD; the way asked of here is the
    # one that keeps her 15 (an RTX PRO 5000 beside hers, 16.7 tokens/s for 5,807.88)
    assert any(set(r.kind.split("+")) >= {"speed10"} for r in beside), [r.change for r in inf.relaxations]
    beside = [r for r in beside if "speed10" not in r.kind.split("+") and "speed" not in r.kind.split("+")]
    assert beside, [r.change for r in inf.relaxations]
    way = beside[0]
    assert way.build is not None and way.build.gpus_mixed and "rtx-3090" in way.build.gpus_mixed
    assert (way.decode_tokens_per_s or 0) >= 15 and way.total_price < 10_000
    assert "beside your own NVIDIA GeForce RTX 3090" in way.change
    assert way.total_price < min(r.total_price for r in inf.relaxations if r.kind == "cluster")
    assert way.request is not None
    builds = plan(way.request, catalog).builds
    assert builds and builds[0].gpus_mixed == way.build.gpus_mixed
    assert abs(builds[0].total_price - way.total_price) < 1


def _minas_request() -> BuildRequest:
    return BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        min_decode_tps=15,
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        condition="used",
        room="home-office",
        circuit="120v15a",
    )


def test_no_way_out_costs_more_than_the_usual_q4_k_m_the_plan_already_runs(catalog: Catalog) -> None:
    """Llama 3.3 70B at 800 USD, no precision given: the plan runs the usual Q4_K_M, and its way out (2 x MI50 32GB at
    1,518 USD in the catalog, 1,368 since round 28) changes nothing but the money. Four ways at BF16 had followed it, from 6,175 to 15,655
    USD (a 230 V circuit, two circuits, power limits), none saying BF16: each changed something more for nothing.
    Round 45's prices made the first way 1 x Arc Pro B60 Dual at Q4_K_M (2,306.87 USD, 7.6 tok/s; the cheaper 2 x P40
    at 1,588 past support, named beside it), and a bare "raise the budget to 3,200 USD" (a used Mac Studio M1 Ultra at
    Q8_0, 8.0 tok/s) followed it: a second budget raise, 893 USD dearer, that named no machine and no precision. Since
    round 47 the usual Q4_K_M way is the budget's way (relax._usual_q4_cap), and no bare budget raise dearer than it is
    listed."""
    request = BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference"), budget=800)
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    first = inf.relaxations[0]
    assert first.build is not None and first.build.estimate.workload.get("precision") == "q4_k_m"
    assert first.change.startswith("raise the budget to"), first.change
    dearer = [r for r in inf.relaxations[1:] if r.kind not in ("cluster", "rent")]
    assert dearer == [], [(r.kind, r.total_price, r.change) for r in dearer]


def test_a_training_way_out_says_how_long_its_machine_takes(catalog: Catalog) -> None:
    """Llama 3.1 70B QLoRA at 2,000 USD had led with two Tesla P40 power-limited (1,299 h for the 100 M-token reference
    job) above "raise the budget" by 40 USD more, whose two cards take 208 h, and no way said its time. Each training
    way names its build and hours (`wall_hours` in the JSON, an addition), in English and Chinese. Since round 28 two
    P40 on the shroud frame cost 1,948 USD (a shroud per card, not eight in the frame's price) and fit 2,000 USD, so
    the job is asked at 1,500: the ways are the P40 pair power-limited (1,869 USD) and others, and "raise the budget"
    to the cheapest build on a supported card."""
    request = BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="qlora"), budget=1500)
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    timed = [r for r in inf.relaxations if r.build is not None and r.kind not in ("cluster", "rent")]
    assert timed
    for way in timed:
        assert way.wall_hours is not None and way.build is not None
        assert abs(way.wall_hours - (way.build.estimate.wall_hours or 0)) < 0.1
        # the text says the hours the JSON gives (to 0.1 h), so a time near a half hour reads as its JSON does
        shown = round(way.wall_hours, 1)
        assert f"({shown:,.0f} h for 100 M tokens)" in way.change, way.change
        assert way.to_json()["wall_hours"] == shown
        with words.language("zh_CN"):
            assert f"（{shown:,.0f} 小时，训练 1 亿 token）" in words.say(way.said), words.say(way.said)
    budget = next(r for r in timed if r.kind == "budget")
    assert "cheapest build" in budget.change  # named, with its hours, though it changes only the budget


def _bridged(build: Build) -> bool:
    return any(p.category == "accessory" and p.id.startswith("nvlink-bridge") for p in build.parts)


def test_a_ways_cheapest_pair_is_the_plans_at_its_price_with_no_bridge_the_budget_would_not_take(
    catalog: Catalog,
) -> None:
    """Qwen3.6-27B LoRA at 4k for 6,000 USD (merge42's WAYS_TODAY): the budget way named 2 x RTX A6000 at 7,093.44, the
    solver's cheapest machine (an X570 board, 6,983.44) with a 110 USD NVLink bridge fitted after the solve because the
    way was solved without a budget; the plan at 7,094 found the pair on another board, unbridged, for 7,013.44. A way's
    build fits the bridge only within the budget asked (plan._way_budget), as the plan at the way's own budget does: the
    way names the solver's cheapest pair, and that plan shows it at the way's price and hours."""
    request = BuildRequest(
        model_id="qwen3.6-27b", workload=Workload(kind="finetune", method="lora", context=4096), budget=6000
    )
    inf = infeasible_plan(request, catalog)
    way = next(r for r in inf.relaxations if r.kind == "budget")
    assert way.build is not None and way.request is not None and way.request.budget is not None
    # round 45's dated prices: a new Radeon PRO W7900 48GB at 3,999 USD undercuts a new RTX A6000 at 4,199, and Unsloth
    # trains on RDNA 3 (unsloth.ai/docs/get-started/install/amd, read 2026-12-07: "supports AMD Radeon RDNA 3/3.5/4");
    # the cheapest pair of 48 GB cards is now two W7900s, which take no NVLink bridge at all
    assert way.build.gpu_id in ("rtx-a6000", "radeon-pro-w7900") and way.build.gpu_count == 2
    # the bridge would take an A6000 pair over its budget (7,013.44 at round 42's prices); the W7900 pair the way names
    # since round 45 (9,381.44: 2 x 3,999 on an X570 board; 2 x A6000 new at 4,199 would cost 400 more) takes none
    assert not _bridged(way.build)
    at_its_price = plan(way.request, catalog).builds
    cheapest = min(at_its_price, key=lambda b: b.total_price)
    assert cheapest.total_price == pytest.approx(way.total_price, abs=0.01)
    assert sorted((p.category, p.id, p.quantity) for p in cheapest.parts) == sorted(
        (p.category, p.id, p.quantity) for p in way.build.parts
    )
    assert cheapest.estimate.wall_hours == pytest.approx(way.wall_hours, abs=0.05)


def test_a_70b_at_25_tps_budget_way_is_the_used_workstation_its_plan_labels_cheapest(catalog: Catalog) -> None:
    """Llama 3.3 70B at Q4_K_M, 25 tokens/s for 5,000 USD (round 43's benchmarks/way_scan.py): the budget way said
    "raise the budget to 9,357 USD" of an RTX PRO 6000 Max-Q on bought parts (9,356.09), where the plan at 9,357 labels
    the card in a used Lenovo ThinkStation P520 (bases.py: 380 + 8,565 USD) "cheapest" at 8,945; "the cheapest way out"
    is a price claim, wrong by 411 USD. The way search now offers the plan's used workstations (plan.WAY_OUT_MACHINES):
    the way names that build, and the plan at the way's budget shows it, cheapest, at the way's price and speed."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        min_decode_tps=25,
        budget=5000,
    )
    inf = infeasible_plan(request, catalog)
    way = next(r for r in inf.relaxations if r.kind == "budget")
    assert way is inf.relaxations[0] and way.build is not None and way.request is not None
    assert [p.category for p in way.build.parts] == ["base", "gpu"], [(p.category, p.id) for p in way.build.parts]
    assert way.build.gpu_count == 1
    at_its_price = [b for b in plan(way.request, catalog).builds if not b.fails]
    cheapest = min(at_its_price, key=lambda b: b.total_price)
    assert cheapest.total_price == pytest.approx(way.total_price, abs=0.01)
    assert cheapest.label.startswith("cheapest")
    assert sorted((p.category, p.id, p.quantity) for p in cheapest.parts) == sorted(
        (p.category, p.id, p.quantity) for p in way.build.parts
    )
    assert way.decode_tokens_per_s == pytest.approx(cheapest.estimate.decode_tokens_per_s, rel=0.01)
    assert way.decode_tokens_per_s is not None and way.decode_tokens_per_s >= 25
    # "raise the budget to 8,945 USD": the budget the way names is its build's price rounded up
    assert way.request.budget == math.ceil(way.total_price)


def test_a_way_solved_without_a_budget_fits_the_bridge_within_the_budget_asked() -> None:
    """The rule the way's assembly reads (plan._bridge_budget): a request's own budget; within a way search, for a
    relaxed request solved without one, the budget asked (none asked: none)."""
    loose = BuildRequest(model_id="qwen3-8b", workload=Workload(kind="finetune", method="lora"))
    asked = loose.model_copy(update={"budget": 6000.0})
    assert _bridge_budget(loose) is None and _bridge_budget(asked) == 6000.0
    with _way_budget(asked):
        assert _bridge_budget(loose) == 6000.0
        assert _bridge_budget(asked.model_copy(update={"budget": 7000.0})) == 7000.0  # a plan's own budget rules
    with _way_budget(loose):
        assert _bridge_budget(loose) is None
    assert _bridge_budget(loose) is None  # the search over, no budget is carried


def test_a_training_way_out_needs_the_change_it_names(catalog: Catalog) -> None:
    """Llama 3.1 70B QLoRA at 1,500 USD: the budget way names the cheapest build on a supported card (two Arc Pro B60,
    2,148 USD), while the budget alone buys two Tesla P40 at 1,949 (past CUDA support, left out beside it). Four ways
    had offered that P40 pair with a 230 V circuit, two circuits, activation offload or checkpointing: changes it does
    not need. Every way but the budget's is now cheaper than what the budget alone buys, so at its price the request
    as asked still finds nothing (relax.search)."""
    request = BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="qlora"), budget=1500)
    inf = infeasible_plan(request, catalog)
    changed = [r for r in inf.relaxations if r.kind not in ("budget", "cluster", "rent") and r.build is not None]
    assert changed, [(r.kind, r.total_price) for r in inf.relaxations]
    for way in changed:
        # the request as asked, with only the budget raised to this way's price: nothing fits, so the change is needed
        at_its_price = plan(request.model_copy(update={"budget": math.ceil(way.total_price)}), catalog)
        assert at_its_price.infeasible is not None, (way.kind, way.total_price, at_its_price.builds[0].total_price)


def test_deepseek_v3_q2_k_for_3000_usd_is_the_experts_in_ram(catalog: Catalog) -> None:
    """#27: 'raise the budget to 29,855' while the experts in RAM need ~3,940. With a module's GB counted as GiB
    (JEDEC; rules.compat.MODULE_GB_BYTES) the q2_k experts fit 8 x 32 GB of DDR4 RDIMM: the answer within 3,000 USD
    keeps them in RAM (expert case deepseek-v3-q2k-3000-way-out)."""
    request = BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=3000)
    result = plan(request, catalog)
    assert result.infeasible is None and result.builds
    # the first build, "cheapest" (a CPU-only box is cheaper, but its 4k prompt waits minutes: ranking.slow_cpu_only)
    cheapest = result.builds[0]
    assert cheapest.label.startswith("cheapest") and cheapest.total_price <= 3000
    assert cheapest.gpu_count >= 1 and "experts in RAM" in cheapest.label


def test_deepseek_v3_q2_k_for_1200_usd_way_out_is_the_experts_in_ram(catalog: Catalog) -> None:
    """#27's way out, below what the experts in RAM cost: keeping them in RAM, not a 27,000 USD GPU server."""
    request = BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200)
    inf = infeasible_plan(request, catalog)
    first = inf.relaxations[0]
    # a fraction of raising the budget for the cards alone (3,940 against 29,855 USD with #27's prices). Round 47
    # (ways47): the plan keeps the experts in RAM at its default offload (the experts-in-RAM sources), so the way is
    # the budget alone, naming that machine (2,815 USD, an RTX 2060 12GB beside the experts), which the plan at that
    # budget labels "cheapest"; "keep the experts in RAM" had been a change the user need not make. Round 49: it is the
    # only budget way; "raise the budget to 9,999 USD" (a Mac Studio) re-planned to that 2,815 USD "cheapest"
    # (relax._one_budget), and the servers cost more than ten times it
    servers = next(r for r in inf.relaxations if r.kind == "cluster")
    assert first.kind == "budget" and first.total_price < 0.1 * servers.total_price, inf.cheapest_relaxation
    assert [r.kind for r in inf.relaxations].count("budget") == 1
    assert "with the experts in RAM" in first.change, first.change
    ranked_by_price(inf)


def test_llama_70b_at_25_tps_on_one_us_outlet_way_out_offers_a_power_limit(catalog: Catalog) -> None:
    """#27: only 'use 2 circuits' was offered where an 80 % power limit on 2 x RTX 5090 fits one US outlet (~6,896 USD).
    Both are offered now, by price: two 850 W supplies on two outlets cost 65 USD less than one 1,500 W supply, and the
    list is sorted by price alone (the contract), so the second circuit comes first and the power limit right after.
    Two users (round 33): one stream on the pair's layer split now fits the outlet at full power by NEC 210.20(A)
    (1,533 W in a prompt, 925 W decoding: 1,764 W against the breaker's 1,800 W), so only "raise the budget" is left
    for one; two users keep both cards busy, the full draw lasts, and the outlet needs the cap as #27 found."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", batch=2),
        min_decode_tps=25,
        budget=6000,
        gpu_ids=("rtx-5090",),
    )  # named: see the test above
    inf = infeasible_plan(request, catalog)
    power = next(r for r in inf.relaxations if r.kind == "power")
    assert power.request is not None and power.request.power_limit == 0.8 and power.request.circuits == 1
    assert power.build is not None and power.build.gpu_id == "rtx-5090" and power.build.power.circuit_ok
    assert power.decode_tokens_per_s is not None and power.decode_tokens_per_s >= 25
    assert "nvidia-smi -pl 460" in power.change and "95% speed" in power.change  # the command and its cost in speed
    assert power.total_price <= 1.02 * inf.relaxations[0].total_price  # within 2 % of the cheapest way out
    # the circuit way is the least work that feeds the pair at full power: a 120 V 20 A circuit (NEMA 5-20, 1,920 W
    # continuous), often in a kitchen or garage already; a 240 V one had been offered (round 31)
    circuit = next(r for r in inf.relaxations if r.kind == "circuit")
    assert circuit.request is not None and circuit.request.circuit == "120v20a"
    assert circuit.build is not None and circuit.build.gpu_id == "rtx-5090" and circuit.build.power.circuit_ok
    assert circuit.build.power.wall_w > 1440  # the outlet it has could not feed it
    assert "120 V 20 A circuit (a NEMA 5-20 outlet, 1,920 W continuous; the least work" in circuit.change
    ranked_by_price(inf)


def test_qwen3_8b_lora_at_128k_way_out_is_unslothss_activation_offload(catalog: Catalog) -> None:
    """#27: 'no GPU can run this' where Unsloth (checkpointed activations in system RAM) fits one RTX A6000. With no
    --framework the plan answers with it at once (walk10's usual-finetune source); a framework named gets the way out."""
    plain = BuildRequest(model_id="qwen3-8b", workload=Workload(kind="finetune", method="lora", context=131072))
    answered = plan(plain, catalog)
    assert answered.infeasible is None and answered.builds
    # every build is Unsloth's; the cheapest one card (round 32: with no budget the Unsloth search runs the solver's
    # other searches too, so the fastest is Unsloth as DDP on several cards, where only its cheapest had been shown)
    assert all("Unsloth" in b.label for b in answered.builds)
    # round 45's dated prices: the 48 GB Radeon PRO W7900 (3,999 USD new) undercuts the RTX A6000 (4,199 new), and
    # Unsloth trains on RDNA 3 in 2026 (unsloth.ai/docs/get-started/install/amd, read 2026-12-07: "supports AMD Radeon
    # RDNA 3/3.5/4"; support.facts FRAMEWORK_NEEDS["unsloth"] sets a CUDA minimum only), so it is the cheapest one card
    assert answered.builds[0].gpu_id == "radeon-pro-w7900" and answered.builds[0].gpu_count == 1
    request = BuildRequest(
        model_id="qwen3-8b", workload=Workload(kind="finetune", method="lora", context=131072, framework="peft")
    )
    inf = infeasible_plan(request, catalog)
    first = inf.relaxations[0]
    assert first.kind == "framework" and "Unsloth" in first.change, inf.cheapest_relaxation
    assert (
        first.build is not None and first.build.gpu_count == 1 and first.build.gpu_id == "radeon-pro-w7900"
    )  # as above
    assert first.request is not None and first.request.workload.framework == "unsloth"
    # one sentence, the closest cards under it, short (it had carried kilobytes of every GPU)
    assert inf.reason.count(". ") == 0 and len(inf.reason) < 300
    assert 0 < len(inf.details) <= DETAIL_LINES and all(len(d) <= DETAIL_CHARS for d in inf.details)


def test_the_relaxations_json_contract(catalog: Catalog) -> None:
    request = BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200)
    data = plan(request, catalog).to_json()["infeasible"]
    json.dumps(data, allow_nan=False)
    assert data["relaxations"] and data["cheapest_relaxation"] == data["relaxations"][0]["change"]
    for row in data["relaxations"]:
        # the four keys of the contract, and the additions only (round 30: "said", the change as a code and fields,
        # whose English is the change itself)
        assert {"kind", "change", "total_price", "decode_tokens_per_s"} <= set(row)
        assert set(row) - {"kind", "change", "total_price", "decode_tokens_per_s"} <= {
            "said",
            "rental",
            "slower",
            "work",
        }
        if "work" in row:  # round 34: a new circuit's electrician, its own dated line, in the way's price
            assert "circuit" in row["kind"].split("+") and {"id", "price", "currency", "date", "source"} <= set(
                row["work"]
            )
            machine = float(row["said"]["fields"]["price"])
            assert machine + row["work"]["price"] == pytest.approx(row["total_price"], abs=1.0)
        assert english(from_json(row["said"])) == row["change"]
        assert isinstance(row["kind"], str) and isinstance(row["change"], str) and isinstance(row["total_price"], float)
        assert row["decode_tokens_per_s"] is None or isinstance(row["decode_tokens_per_s"], float)


def test_relax_false_searches_nothing(catalog: Catalog) -> None:
    """The map's many plans ask why, not how out: no relaxed request is solved."""
    request = BuildRequest(
        model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200, allow_clusters=False
    )
    inf = plan(request, catalog, relax=False).infeasible
    assert inf is not None and inf.relaxations == () and inf.relaxed_request is None


# --------------------------------------------------------------------------- power limits as a design choice


def _gpu(catalog: Catalog, gpu_id: str) -> Gpu:
    gpu = catalog.records["gpus"][gpu_id]
    assert isinstance(gpu, Gpu)
    return gpu


def test_an_rx_7900_xtx_is_never_planned_below_the_261_w_its_driver_accepts(catalog: Catalog) -> None:
    """#27: it was planned at 248 W (70 % of 355 W); amdgpu accepts no cap below 261 W (LACT issue 1000)."""
    xtx = _gpu(catalog, "rx-7900-xtx")
    assert power_cap(xtx).floor_w == 261 and power_cap(xtx).tool == "rocm-smi"
    seventy = BuildRequest(model_id="llama-3.3-70b", power_limit=0.7)
    assert gpu_allowed(xtx, seventy) is not None and "261 W" in str(limit_refusal(xtx, 0.7))
    assert gpu_allowed(xtx, seventy.model_copy(update={"power_limit": 0.8})) is None  # 284 W: allowed
    assert lowest_limit(xtx) == pytest.approx(261 / 355)


def test_an_rtx_5090_stops_at_400_w_and_an_rtx_3090_has_no_recorded_floor(catalog: Catalog) -> None:
    assert limit_refusal(_gpu(catalog, "rtx-5090"), 0.65) is not None  # 374 W < 400 W
    assert limit_refusal(_gpu(catalog, "rtx-5090"), 0.7) is None  # 402.5 W
    assert (
        power_cap(_gpu(catalog, "rtx-3090")).floor_w is None and limit_refusal(_gpu(catalog, "rtx-3090"), 0.5) is None
    )


def test_intel_arc_gets_no_power_limited_plan(catalog: Catalog) -> None:
    """Intel's Linux driver offers no power cap today (xpumanager issue 122): a limited plan leaves Arc out."""
    arc = _gpu(catalog, "arc-pro-b60")
    assert lowest_limit(arc) is None and cap_command("intel", 150) == ""
    request = BuildRequest(model_id="qwen3-8b", power_limit=0.8, gpu_ids=("arc-pro-b60",))
    assert "no power cap" in str(gpu_allowed(arc, request))
    assert gpu_allowed(arc, request.model_copy(update={"power_limit": None})) is None
    result = plan(request.model_copy(update={"allow_clusters": False}), catalog, relax=False)
    assert not any(b.gpu_id == "arc-pro-b60" for b in result.builds)


def test_the_cap_command_is_the_vendors_own(catalog: Catalog) -> None:
    """PWR-9 said `nvidia-smi -pl` for AMD and Intel cards too."""
    assert cap_command("nvidia", 280) == "nvidia-smi -pm 1; nvidia-smi -pl 280"
    assert cap_command("amd", 284) == "rocm-smi --setpoweroverdrive 284"
    request = BuildRequest(
        model_id="qwen3-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        power_limit=0.8,
        gpu_ids=("rx-7900-xtx",),
        allow_clusters=False,
    )
    builds = plan(request, catalog, relax=False).builds
    assert builds
    pwr9 = next(c for c in builds[0].checks if c.rule == "PWR-9")
    assert "rocm-smi --setpoweroverdrive 284" in pwr9.message and "nvidia-smi" not in pwr9.message


def test_a_power_floor_needs_its_source() -> None:
    from configurator.core.catalog.models import Gpu as GpuModel

    fields = _gpu_fields()
    with pytest.raises(ValueError, match="power_limit_source"):
        GpuModel.model_validate({**fields, "power_limit_min_w": 100})
    with pytest.raises(ValueError, match="above tdp_w"):
        GpuModel.model_validate({**fields, "power_limit_min_w": 400, "power_limit_source": "https://example.org/x"})


def _gpu_fields() -> dict[str, object]:
    return {
        "id": "test-card",
        "name": "Test card",
        "source": "https://example.org",
        "vendor": "nvidia",
        "architecture": "Ampere",
        "market": "consumer",
        "release_year": 2020,
        "vram_gb": 24,
        "memory_type": "GDDR6X",
        "memory_bandwidth_gbps": 936,
        "fp32_tflops": 35.6,
        "fp16_tflops": 71,
        "tdp_w": 350,
        "form_factor": "pcie",
        "slot_width": 3,
        "length_mm": 313,
        "cooler": "open-air",
        "pcie_gen": 4,
        "p2p": False,
    }


def test_a_limit_below_the_floor_says_so_and_the_way_out_raises_it(catalog: Catalog) -> None:
    """Four RX 7900 XTX at 70 % (248 W each): the driver refuses it; the reason says so, the ways out raise the limit."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        gpu_ids=("rx-7900-xtx",),
        max_gpus=4,
        power_limit=0.7,
        allow_clusters=False,
    )
    inf = infeasible_plan(request, catalog)
    assert "below the 261 W its driver accepts" in inf.reason
    assert all("powerup" in r.kind.split("+") for r in inf.relaxations), [r.kind for r in inf.relaxations]
    assert inf.relaxed_request is not None and inf.relaxed_request.power_limit == 0.8
    assert all(r.build is not None and r.build.gpu_id == "rx-7900-xtx" for r in inf.relaxations)


def test_every_solve_of_a_plan_and_its_ways_out_is_bounded_by_work_never_by_the_clock(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same request gives the same plan on a loaded machine: a wall-clock limit that binds under load had cut a
    solve short ("unknown"), and the limit-below-the-floor case above once failed under heavy load (issue #34). Every
    CP-SAT solve of a plan, its ways out included, is bounded by deterministic time (the solver's own count of its
    work) on one worker, with no wall-clock limit."""
    import math

    from configurator.core.solve import cpsat

    solver_class = cpsat.CpSolver
    seen: list[tuple[float, float, int]] = []
    solve = solver_class.solve

    def recording(self: object, model: object, *args: object) -> object:
        p = self.parameters  # type: ignore[attr-defined]
        seen.append((p.max_time_in_seconds, p.max_deterministic_time, p.num_workers))
        return solve(self, model, *args)

    monkeypatch.setattr(solver_class, "solve", recording)
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        gpu_ids=("rx-7900-xtx",),
        max_gpus=4,
        power_limit=0.7,
        allow_clusters=False,
    )
    assert infeasible_plan(request, catalog).relaxations
    assert seen
    assert all(math.isinf(wall) and math.isfinite(work) and workers == 1 for wall, work, workers in seen), seen


def test_the_sheets_power_cap_never_goes_below_the_drivers_floor(catalog: Catalog) -> None:
    """The printed sheet's 'Cap each GPU at N W' had floored at half the rated power (178 W for an RX 7900 XTX,
    which its driver refuses below 261 W); a card with no cap (Intel Arc on Linux) gets no such line."""
    from configurator.core.report.sheet import power_limit_w

    request = BuildRequest(
        model_id="qwen3-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rx-7900-xtx",),
        allow_clusters=False,
        top_k=1,
    )
    build = plan(request, catalog, relax=False).builds[0]
    p = build.power
    # a supply far too small for the cards: the cap the sheet computes would be below the floor
    squeezed = build.model_copy(
        update={"power": p.model_copy(update={"psu_w": p.cpu_w + p.rest_w + 100, "dc_load_w": p.dc_load_w + 1000})}
    )
    limit = power_limit_w(squeezed)
    assert limit is not None and limit >= 261
    arc = [
        part.model_copy(update={"spec": {**part.spec, "vendor": "intel", "id": "arc-pro-b60"}})
        if part.category == "gpu"
        else part
        for part in squeezed.parts
    ]
    assert power_limit_w(squeezed.model_copy(update={"parts": tuple(arc)})) is None


SORTED_REQUESTS = [
    BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        min_decode_tps=15,
        budget=2500,
    ),
    BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        min_decode_tps=25,
        budget=6000,
    ),
    BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200),
    BuildRequest(
        model_id="qwen3-32b",
        workload=Workload(kind="inference", precision="bf16"),
        budget=1000,
        min_decode_tps=20,
        room="home-office",
        circuit="120v15a",
    ),
    BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="full", context=4096), budget=3000),
    BuildRequest(
        model_id="qwen2.5-72b",
        workload=Workload(kind="inference", precision="awq-int4"),
        min_decode_tps=40,
        budget=8000,
        form="tower",
    ),
    BuildRequest(
        model_id="llama-3.1-405b",
        workload=Workload(kind="inference", precision="bf16"),
        budget=20000,
        min_decode_tps=10,
        circuit="120v15a",
    ),
]


@pytest.mark.parametrize("request_", SORTED_REQUESTS, ids=lambda r: f"{r.model_id}-{r.budget:g}")
def test_ways_out_are_sorted_by_price_over_many_requests(request_: BuildRequest, catalog: Catalog) -> None:
    """#27 (b): `infeasible.relaxations` is sorted by total_price and the first is the cheapest way out, whatever the
    kinds found (a building change, a power limit, a pair, a cluster); the JSON says the same."""
    result = plan(request_, catalog)
    inf = result.infeasible
    assert inf is not None, "each request is beyond its budget as asked"
    assert inf.relaxations
    ranked_by_price(inf)
    shown = result.to_json()["infeasible"]["relaxations"]
    assert [r["total_price"] for r in shown] == sorted(r["total_price"] for r in shown)


def test_a_power_limit_is_a_design_choice_when_a_speed_is_asked(catalog: Catalog) -> None:
    """#27: at 25 tok/s on one US outlet within 7,000 USD the plan had no answer but a 9,600 USD workstation card; two
    RTX 5090 capped at 80 % (nvidia-smi -pl 460) fit the outlet at ~25.6 tok/s for 6,896 USD: a build as asked (the
    power-limited source), not a relaxation."""
    # the cards are named: at 2026 prices (GPU Poet, August 2026: 4,262 USD new) two 5090s cost about what one RTX PRO
    # 6000 does, so which of them is cheapest is the market's to say (tests/expert); the power limit is what is tested.
    # Two users (round 33): for one stream the pair fits the outlet at full power by NEC 210.20(A) (1,533 W in a
    # prompt, 925 W decoding); two keep both cards busy, the full draw lasts, and the cap is the design choice
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", batch=2),
        min_decode_tps=25,
        budget=12000,
        gpu_ids=("rtx-5090",),
    )
    result = plan(request, catalog)
    assert result.infeasible is None
    capped = next(b for b in result.builds if b.source == "power-limited")
    assert capped.gpu_id == "rtx-5090" and capped.gpu_count == 2 and capped.total_price <= 12000
    assert capped.power.circuit_ok and (capped.estimate.decode_tokens_per_s or 0) >= 25
    assert "cheapest" in capped.label and "power-limited to 80%" in capped.label
    assert any("460 W" in c.message for c in capped.checks), [c.message for c in capped.checks]


def test_a_training_request_gets_the_capped_cards_the_circuit_takes(catalog: Catalog) -> None:
    """Expert case `llama70b-qlora-four-3090-on-one-circuit` (Puget Systems, 2020-11-13: four RTX 3090 at 280 of 350 W
    kept over 95 % of their training speed on one US 15 A line): a QLoRA of a 70B on up to four 3090s is offered the
    capped four-card build beside the full-power pair; a capped build whose cards fit the outlet at full power is not
    offered (it would only be slower), and the launch command caps the cards before the job starts."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="finetune", method="qlora", context=2048),
        gpu_ids=("rtx-3090",),
        max_gpus=4,
        top_k=3,
    )
    result = plan(request, catalog)
    capped = [b for b in result.builds if b.source == "power-limited"]
    assert capped and all(b.gpu_count >= 3 and b.power.circuit_ok for b in capped), [b.label for b in capped]
    four = next(b for b in capped if b.gpu_count == 4)
    cap = next(c for c in four.checks if c.rule == POWER_CAP.id)
    assert four.launch is not None and four.launch["command"].startswith(f"{cap.fields['command']} && ")
    assert "nvidia-smi -pl 245" in four.launch["command"]  # 350 W x 0.7, not 244 from 244.99999999999997
    assert any(b.gpu_count == 2 and b.source != "power-limited" for b in result.builds)


def test_a_full_fine_tune_that_does_not_fit_is_offered_zero3_offload_and_8bit_adamw_as_full(catalog: Catalog) -> None:
    """Expert case `llama8b-full-ft-4000-keeps-full`: an 8B full fine-tune at 4,000 USD on a 120 V outlet. DeepSpeed
    ZeRO-3 with CPU offload (ZeRO-Offload: 13B on one GPU, Ren et al. 2021) and bitsandbytes' 8-bit AdamW (Dettmers
    et al. 2022) keep the method full and are listed by price with the others; the cheapest way out keeps it full
    (QLoRA, another job, is left out while a way that keeps the job is within the budget)."""
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="finetune", method="full"), budget=4000)
    inf = infeasible_plan(request, catalog)
    kinds = {r.kind: r for r in inf.relaxations}
    assert {"zero3offload", "optim8bit"} <= set(kinds), [(r.kind, r.total_price) for r in inf.relaxations]
    assert "method" not in inf.relaxations[0].kind.split("+"), inf.cheapest_relaxation
    assert kinds["zero3offload"].total_price <= 4000 and "ZeRO-3" in kinds["zero3offload"].change
    assert "8-bit AdamW" in kinds["optim8bit"].change
    ranked_by_price(inf)
    applied = plan(
        request.model_copy(update={"workload": request.workload.model_copy(update={"zero": 3, "offload": "cpu"})}),
        catalog,
    )
    assert applied.builds and applied.builds[0].total_price == kinds["zero3offload"].total_price


def test_zero3_offload_is_no_way_out_for_a_70b_full_fine_tune(catalog: Catalog) -> None:
    """ZeRO-3 Offload fine-tunes "over 40B parameters on a single GPU" (DeepSpeed, 2021-03-07; relax.ZERO_OFFLOAD_MAX_B):
    a 32B full fine-tune is offered it (review35's walk: Qwen3-32B had been offered only QLoRA and 8-bit AdamW, the cap
    read from ZeRO-2 Offload's 13 B); a 70B model's states pass what one machine's RAM and CPU step hold, so only
    8-bit AdamW is offered for it; a LoRA job gets neither."""
    from configurator.core.solve.relax import _relaxations

    def kinds(model_id: str, method: str) -> set[str]:
        request = BuildRequest(model_id=model_id, workload=Workload(kind="finetune", method=method), budget=4000)
        return {k for k, _ in _relaxations(request, catalog.records["models"][model_id])}  # type: ignore[arg-type]

    assert {"zero3offload", "optim8bit"} <= kinds("llama-3.1-8b", "full")
    assert {"zero3offload", "optim8bit"} <= kinds("qwen3-32b", "full")
    assert "zero3offload" not in kinds("llama-3.3-70b", "full") and "optim8bit" in kinds("llama-3.3-70b", "full")
    assert not {"zero3offload", "optim8bit"} & kinds("llama-3.1-8b", "lora")


def test_the_offload_way_speaks_the_stack_the_user_shards_with() -> None:
    """With --sharding fsdp the offload way keeps FSDP and names accelerate's own flag (launch.training's, read in
    accelerate@16cb6eb commands/launch.py), in English and Chinese; without it the way is DeepSpeed ZeRO-3's. The plan
    it re-solves to is checked by expert case `llama8b-full-ft-fsdp-8000-offloads-with-fsdp`."""
    from configurator.core.common.reasons import Reason
    from configurator.core.solve.relax import _offload_stack

    full = Workload(kind="finetune", method="full", zero=3)
    fsdp = Reason.of("way.zero3offload", **_offload_stack(full.model_copy(update={"sharding": "fsdp"})))
    deepspeed = Reason.of("way.zero3offload", **_offload_stack(full))
    with words.language("zh_CN"):
        zh_fsdp, zh_deepspeed = words.say(fsdp), words.say(deepspeed)
    for text in (english(fsdp), zh_fsdp):
        assert "FSDP" in text and "--fsdp_offload_params true" in text and "DeepSpeed" not in text, text
    for text in (english(deepspeed), zh_deepspeed):
        assert "DeepSpeed ZeRO-3" in text and "fsdp" not in text.lower(), text


def test_the_offload_way_of_a_torchtune_job_speaks_torchtune(catalog: Catalog) -> None:
    """A torchtune full fine-tune's offload way names torchtune's own key, `fsdp_cpu_offload=True` (pytorch/torchtune
    @bd2a0fc recipes/full_finetune_distributed.py: "CPU offload of parameters, gradients, and optimizer states is
    supported via fsdp_cpu_offload"), the override its launch command adds on two cards, in English and Chinese; it
    said "shard with DeepSpeed ZeRO-3 ... (ZeRO-Offload)", a stack torchtune does not run (round-32 note, item 7:
    `plan --model llama-3.1-8b --workload finetune --method full --framework torchtune --gpu rtx-3060-12gb --gpus 2
    --exact-gpus`)."""
    from configurator.core.common.reasons import Reason
    from configurator.core.estimate.estimator import estimate
    from configurator.core.launch.commands import launch_command
    from configurator.core.solve.relax import _full_finetune_ways, _offload_stack

    model = catalog.records["models"]["llama-3.1-8b"]
    asked = Workload(kind="finetune", method="full", framework="torchtune")
    way = dict(_full_finetune_ways(asked, model))["zero3offload"]
    said = Reason.of("way.zero3offload", **_offload_stack(way))
    with words.language("zh_CN"):
        zh = words.say(said)
    for text in (english(said), zh):
        assert "torchtune" in text and "fsdp_cpu_offload=True" in text, text
        assert "DeepSpeed" not in text and "accelerate" not in text, text
    result = estimate(model, way, catalog.records["gpus"]["rtx-3060-12gb"], 2)
    assert "fsdp_cpu_offload=True" in launch_command(model, result)["command"].split()


def test_the_cheapest_way_out_reads_when_a_way_at_reading_speed_exists(catalog: Catalog) -> None:
    """DeepSeek-R1 Q4 at 5,000 USD (at 15,000 until round 28's 512 GB DDR4 kit met it): each way out is its cheapest
    build at reading speed (rules.READING_TPS, the PERF rule's floor) when one exists, and a way below it is not listed
    beside one that reads (the EPYC 7302 with an Arc A770 at 3.8 tok/s and 5,265 USD, beside the EPYC 7742 with an
    RTX 2080 Ti 22GB at 7.4 and 5,870); the 4-channel Xeon W at 3.6 tok/s (16,945 USD) had been the way out where the
    8-channel tier reads at 7.7 (expert case deepseek-r1-q4-15000-way-out-reads)."""
    from configurator.core.solve.rules import READING_TPS

    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=5000)
    inf = infeasible_plan(request, catalog)
    assert inf.relaxations
    assert all(r.kind == "cluster" or (r.decode_tokens_per_s or 0) >= READING_TPS for r in inf.relaxations), [
        (r.kind, r.total_price, r.decode_tokens_per_s) for r in inf.relaxations
    ]
    # round 47 (ways47): the budget alone buys the experts-in-RAM machine (the plan keeps them in RAM by default)
    assert inf.relaxations[0].kind == "budget" and "slow_tps" not in inf.relaxations[0].said.fields  # type: ignore[union-attr]
    assert "with the experts in RAM" in inf.relaxations[0].change, inf.relaxations[0].change
    ranked_by_price(inf)


def test_a_way_out_below_reading_speed_says_so(catalog: Catalog) -> None:
    """Where no way out reads, the one listed says its speed is below reading speed, in English and in Chinese."""
    from configurator.core.common.reasons import english
    from configurator.core.report.words import language, say
    from configurator.core.solve.relax import _describe

    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=5000)
    way = infeasible_plan(request, catalog).relaxations[0]
    assert way.build is not None and way.request is not None
    slow = way.build.model_copy(update={"estimate": way.build.estimate.model_copy(update={"decode_tokens_per_s": 3.6})})
    said = _describe(way.kind, way.request, way.total_price, request, slow, moe=True)
    assert "below reading speed: 3.6 tokens/s per user" in english(said), english(said)
    with language("zh_CN"):
        assert "低于阅读速度" in say(said)


def test_a_way_out_reads_prompt_and_says_the_last_users_wait(catalog: Catalog) -> None:
    """The ways out are measured as a plan's builds are: PROMPT on every inference way (plan._with_prompt), and a way
    whose prompts wait says the wait, of the last of its users when all send a prompt at once. Qwen3-30B-A3B for 16 users at 2,100 USD: the ways to reading speed, MI50s, had
    said nothing of their sixteenth user waiting ~90 s for a first token. In English and in Chinese."""
    from configurator.core.common.reasons import english
    from configurator.core.report.words import language, say
    from configurator.core.solve.relax import _describe, _Found, _ranked
    from configurator.core.solve.rules import PROMPT

    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference", precision="q4_k_m"), budget=5000)
    way = infeasible_plan(request, catalog).relaxations[0]
    assert way.build is not None and way.request is not None
    wait = PROMPT.check(730.0, 4096 / 730.0, 4096, 16)
    assert wait.status == "warn"
    waits = way.build.model_copy(update={"checks": (wait, *way.build.checks)})
    said = _describe(way.kind, way.request, way.total_price, request, waits, moe=True)
    assert "its prompts wait: 90 s before the last of 16 users gets a first token" in english(said), english(said)
    with language("zh_CN"):
        assert "16 位用户同时发送" in say(said) and "最后一位要等 90 秒" in say(said)
    # a way whose last user waits is still a way out, by price beside one that answers (Kimi K2 at 20,000 USD: the
    # experts-in-RAM host whose one prompt waits 61 s, not a 368,160 USD pair of servers), saying its wait
    dearer = way.build.model_copy(update={"total_price": way.build.total_price + 500})
    ranked = _ranked([_Found("offload", way.request, dearer), _Found("kv", way.request, waits)], request)
    assert [f.kind for f in ranked] == ["kv", "offload"]


def _codes(r: object) -> list[object]:
    """Every reason nested in a reason (its fields, tuples of reasons too), itself first."""
    from configurator.core.common.reasons import Reason

    if isinstance(r, tuple):
        return [x for item in r for x in _codes(item)]
    if not isinstance(r, Reason):
        return []
    return [r, *(x for v in r.fields.values() for x in _codes(v))]


def test_a_way_out_never_says_use_q4_k_m_of_what_the_plan_already_runs_at_it(catalog: Catalog) -> None:
    """Without --precision a plan already runs Q4_K_M on every machine (relax.q4_already; the cards too for any number
    of users since round 38, usual.USUAL). Qwen3-30B-A3B for 16 users at 1,500 USD showed an RTX 2060 "at Q4_K_M" with
    the experts in RAM beside a way to reading speed that said only "use q4_k_m", of one MI50 holding the whole model
    (round 37 made it say "on the GPUs too"; with the 2026-08-25 Macs the 1,299 USD M6 Mac mini read within 1,500 and
    the case was asked at 1,250). Back at 1,500: that MI50 is the plan's own "cheapest", and no way says "use q4_k_m".
    For four users at 400 USD (20 tokens/s) the
    way said "use q4_k_m and raise the budget to 1,017 USD", where the plan at 1,017 USD already shows that RTX 2080 Ti
    at Q4_K_M: it says "raise the budget", and the dearer BF16 budget way is not listed beside it. Cheaper still is the
    slower machine the plan itself shows at Q4_K_M: that way had been searched at BF16 only (round 24), so the 399 USD
    mini PC at 10.3 tokens/s was never offered; it is now the cheapest way out, and "weight precision" binds nothing."""
    from configurator.core.common.reasons import Reason

    sixteen = BuildRequest(model_id="qwen3-30b-a3b", workload=Workload(kind="inference", batch=16), budget=1500)
    result = plan(sixteen, catalog)
    cheapest = next(b for b in result.builds if any(c.code == "claim.cheapest" for c in b.claims))
    # round 45's dated prices: a used MI50 32GB is 400 USD (2026-03-06) and a used Tesla P100 16GB 72 (2026-07-31), so
    # two P100s (32 GB, the whole Q4_K_M model on the GPUs, 15.3 tokens/s) at 1,136.88 are the cheapest that holds it,
    # both cards past their vendor's support as the MI50 is: the right "cheapest"
    assert cheapest.gpu_id == "tesla-p100-16gb-pcie" and cheapest.gpu_count == 2, [b.label for b in result.builds]
    assert cheapest.estimate.workload.get("precision") == "q4_k_m" and not cheapest.estimate.offloaded_bytes
    assert (cheapest.estimate.decode_tokens_per_s or 0) >= 5
    said = [r for r in _codes(result.said) if isinstance(r, Reason) and r.code == "way.precision"]
    assert not said, said
    assert "use q4_k_m" not in " ".join(result.notes)
    four = BuildRequest(
        model_id="qwen3-30b-a3b", workload=Workload(kind="inference", batch=4), budget=400, min_decode_tps=20
    )
    inf = infeasible_plan(four, catalog)
    assert not any(getattr(r, "code", "") == "way.precision" for w in inf.relaxations for r in _codes(w.said))
    # 10.3 before prefill31, 10.2 until hybrid47, whose decode step attends over the depth its cache is read at (half
    # the window with no prompt stated), not the whole window: four streams on the mini PC's cores are partly compute.
    # Round 48: 10.4 with vendor47's HIP graphs too (llama.cpp PR #22254, GGML_HIP_GRAPHS on from 2026-04-22: a
    # one-GPU HIP decode step replays as one graph, no per-kernel launch; the box's Radeon 780M runs the model), each
    # alone 10.3-10.4; the same 399 USD machine is the way, as before
    assert inf.cheapest_relaxation.startswith("accept 10.4 tokens/s"), inf.cheapest_relaxation
    first = inf.relaxations[0]
    assert first.total_price <= 400 and "GMKtec" in inf.cheapest_relaxation
    assert "weight precision" not in inf.blocking, inf.blocking
    # applied, the precision stays open (the plan runs Q4_K_M as it did) and the re-solve shows that machine
    assert first.request is not None and first.request.workload.precision is None
    again = plan(first.request, catalog)
    assert again.infeasible is None and again.builds[0].total_price == first.total_price
    # 1,017 USD with the RTX 2080 Ti 22GB at the bare 300 USD Alibaba asking price; landed (380 USD, 410 before the duty fix) the
    # cheapest machine at Q4_K_M for four users is one MI50 32GB: 1,082 USD, and 907 since round 28 priced the shroud
    # frame as a frame (80 USD) with one 25 USD shroud kit per card, where the frame's 280 USD had carried eight
    # round 43 (order43): that MI50 is past ROCm support, and a supported card costing at most half as much again
    # serves the four users as well (shown.gives_up_for_little: plan._WaySearch.supported), so the way names both: the
    # RTX 2080 Ti 22GB at 1,097 USD, "1 x AMD Radeon Instinct MI50 32GB for 906 USD costs less, on a card past its
    # vendor's software support". Round 44 (wsta44): the way search offers the plan's used workstations
    # (plan.WAY_OUT_MACHINES), and the same card in a used HP Z440 (310 + 380 USD) is the plan's own cheapest at 690:
    # all in its 22 GB at 60.9 tokens/s each, cheaper than the MI50 build, so nothing past support is set aside beside
    # it. (An RTX 2070 with the experts in the Z440's RAM had come first at 470 USD, timed on a DDR5 desktop's RAM;
    # on the Z440's own four DDR4-2133 channels it misses the 20 tokens/s: bases._on_own_ram.)
    second = inf.relaxations[1]
    # round 45: the RTX 2080 Ti 22GB's dated price is 620 USD, so the same Z440 build is 310 + 620 = 930; the MI50 in it
    # (710) is past ROCm support and the 2080 Ti costs less than half as much again, so it still comes first
    assert second.change == "raise the budget to 930 USD", second.change
    assert second.build is not None and second.build.gpu_id == "rtx-2080-ti-22gb" and second.build.gpu_count == 1
    assert [p.id for p in second.build.parts] == ["hp-z440-700w", "rtx-2080-ti-22gb"]
    assert second.build.estimate.workload.get("precision") == "q4_k_m"
    assert [w.kind for w in inf.relaxations].count("budget") + [w.kind for w in inf.relaxations].count(
        "precision"
    ) == 1, [(w.kind, w.change) for w in inf.relaxations]
    ranked_by_price(inf)


# --------------------------------------------------------------------------- rent it: a one-off job with a deadline


def test_a_one_off_pretrain_with_a_deadline_is_offered_rented_among_the_ways_out(catalog: Catalog) -> None:
    """A 1B pretrained on 20B tokens in 48 h from home: 6ND ~1.2-1.5e20 FLOPs, a day on a rented 8 x H100 node
    (Hoffmann et al. 2022, arXiv:2203.15556 for C = 6ND). Nothing bought fits the home circuit, and the ways out had
    been only purchases (a 230 V line with 5 x H100 NVL, 146,100 USD; an 8-GPU server, 152,000 USD); the catalog's
    cheapest offer that finishes within the 48 h is listed too, by price, with its hours, cost, and price date and
    source, as a code with fields (English and Chinese) and in `plan --json` as an added "rental"."""
    request = BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=2e10), deadline_hours=48)
    result = plan(request, catalog)
    inf = result.infeasible
    assert inf is not None and not result.builds
    ranked_by_price(inf)
    rents = [r for r in inf.relaxations if r.kind == "rent"]
    assert len(rents) == 1, [(r.kind, r.total_price) for r in inf.relaxations]
    rent = rents[0]
    bought = min(r.total_price for r in inf.relaxations if r.kind != "rent")
    assert 0 < rent.total_price <= 0.1 * bought and rent.request is None  # far under what buying loses
    assert rent.rental is not None and 0 < rent.rental["wall_hours"] <= 48
    assert rent.rental["cost"] == pytest.approx(rent.rental["hourly"] * rent.rental["wall_hours"], rel=0.01)
    assert rent.rental["price_date"] and len(rent.rental["price_source"]) >= 3
    assert rent.said is not None and rent.said.code == "way.rent"
    assert "rent it" in rent.change and rent.rental["price_date"] in rent.change
    from configurator.core.report import words

    with words.language("zh_CN"):
        assert "租用" in words.say(rent.said)
    shown = next(r for r in result.to_json()["infeasible"]["relaxations"] if r["kind"] == "rent")
    # "said" (the change as a code and fields) is round 30's addition to every way out
    assert set(shown) == {"kind", "change", "total_price", "decode_tokens_per_s", "rental", "said"}
    json.dumps(shown, allow_nan=False)


def test_a_one_off_job_is_rented_when_renting_costs_less_than_buying_loses(catalog: Catalog) -> None:
    """OLMo 3 7B pretrained on 1e11 tokens in 30 days: 6ND = 4.2e21 FLOPs (Hoffmann et al. 2022), 22 days on eight
    H100 rented (Lambda's 8 x H100 SXM, 31.92 USD/h of 2026-09-20: ~15,700 USD). The one machine bought for it, an
    8 x MI300X server at 152,000 USD, fetches about a third of that second-hand after the job; the rental had been left
    out for costing 10.3 % of the purchase (the rule was a tenth), so "the cheapest way out" was the 152,000 USD server.
    Since data36 the catalog has B200 rentals of 2026-10-10: Lambda's 8 x B200 (53.52 USD/h) does it in 207 h for about
    11,100 USD, 7.3 % of the purchase, so the rental is cheaper still and the old tenth would no longer hide it."""
    request = BuildRequest(model_id="olmo-3-7b", workload=Workload(kind="pretrain", tokens=1e11), deadline_hours=720)
    inf = plan(request, catalog).infeasible
    assert inf is not None
    ranked_by_price(inf)
    rent = inf.relaxations[0]
    assert rent.kind == "rent" and rent.rental is not None, [(r.kind, r.total_price) for r in inf.relaxations]
    bought = min(r.total_price for r in inf.relaxations if r.kind != "rent")
    assert rent.total_price < 0.5 * bought  # far less than buying loses (the old rule's tenth had hidden 10.3 %)
    assert rent.rental["wall_hours"] <= 720


def test_inference_is_never_offered_rented_as_a_way_out(catalog: Catalog) -> None:
    """Serving is not a one-off job: its ways out stay the machine's (the rental beside a build prices its hours)."""
    request = BuildRequest(model_id="deepseek-v3", workload=Workload(kind="inference", precision="q2_k"), budget=1200)
    assert all(r.kind != "rent" for r in infeasible_plan(request, catalog).relaxations)


def test_a_way_out_at_reading_speed_is_not_searched_among_cards_that_held_no_build(catalog: Catalog) -> None:
    """70B at Q4_K_M with the KV cache at q8_0 holds no build under 1,500 USD; at reading speed its cards are some of
    the same cards (the same counts, the same estimates), so that search is known to find none without a model (#34),
    while a card the first search did not hold is searched."""
    from configurator.core.solve.plan import _gpu_options, _no_build_among

    model = catalog.records["models"]["llama-3.3-70b"]
    plain = BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m", kv_precision="q8_0")
    )
    reading = plain.model_copy(update={"min_decode_tps": 5.0})
    held = _gpu_options(model, plain, catalog, None, (), 1500.0)
    fast = _gpu_options(model, reading, catalog, None, (), 1500.0)
    assert fast.options and len(fast.options) < len(held.options)
    assert _no_build_among(held, fast)
    assert not _no_build_among(None, fast)  # nothing proven: searched
    held.options = [o for o in held.options if o != fast.options[0]]
    assert not _no_build_among(held, fast)  # a card the first search did not hold


def test_a_trillion_parameter_moe_over_the_budget_is_offered_three_bits_with_its_experts_in_ram(
    catalog: Catalog,
) -> None:
    """Kimi K2.5 at 20,000 USD without --precision: the only ways out were "raise the budget to 23,980 USD" at Q4_K_M
    and a 368,160 USD cluster, where the community runs this class at 2-3 bits with the experts in RAM (Unsloth's Kimi
    K2 guide suggests UD-Q2_K_XL "to balance size and accuracy"). The cheapest way out now stays within the budget and
    says what it gives up. Round 49: it is the 3-bit file (6,316 USD, 9.6 tokens/s: an EPYC 7742 with 512 GB of DDR4 and
    an RX 7900 XTX), which the budget buys reading, so the 2-bit one (5,215 USD, 5.2 tokens/s) is no longer listed: a
    practitioner with 20,000 USD runs Kimi at about 3 bits (IQ3_K, the measured sweet spot: relax.LOW_BITS_STEPS). A
    smaller MoE is never told to drop to 2 or 3 bits."""
    request = BuildRequest(model_id="kimi-k2.5", workload=Workload(kind="inference"), budget=20000)
    inf = infeasible_plan(request, catalog)
    first = inf.relaxations[0]
    assert first.kind == "lowbits3+offload" and first.total_price <= 20000, inf.cheapest_relaxation
    assert "3-bit GGUF" in first.change and "loss of quality" in first.change
    assert all(r.kind != "lowbits+offload" for r in inf.relaxations)
    ranked_by_price(inf)
    small = BuildRequest(model_id="qwen3-30b-a3b", workload=Workload(kind="inference", batch=64), budget=300)
    assert all("lowbits" not in r.kind for r in infeasible_plan(small, catalog).relaxations)


def test_a_named_ready_made_system_is_its_own_way_out(catalog: Catalog) -> None:
    """Naming only a ready-made system (`--gpu mac-studio-...`) asks about that machine: its ways out are its own (a
    budget that buys it), never a machine assembled from parts nobody named. Llama 3.3 70B Q4_K_M on a 5,299 USD Mac
    Studio M3 Ultra against a 3,000 USD budget had been told "raise the budget to 1,518 USD", of two MI50; a Mac Studio
    with no price in the catalog, against 6,000 USD, the same. Since 2026-08-25 the M3 Ultra is no longer sold new (the
    M5 Ultra replaced it): the named machine is its successor, 5,499 USD (round 37)."""
    job = Workload(kind="inference", precision="q4_k_m")
    mac = BuildRequest(
        model_id="llama-3.3-70b", workload=job, budget=3000, system_ids=("mac-studio-m5-ultra-64c-96gb",)
    )
    inf = infeasible_plan(mac, catalog)
    assert inf.relaxations and all(
        r.build is None or r.build.gpu_id == "mac-studio-m5-ultra-64c-96gb-gpu" or r.kind == "cluster"
        for r in inf.relaxations
    ), [(r.kind, r.change) for r in inf.relaxations]
    assert inf.cheapest_relaxation.startswith("raise the budget to 5,499 USD"), inf.cheapest_relaxation
    # no price a buyer can act on: the 128 GB M4 Max (withdrawn in May 2026) and, since 2026-08-25, the M3 Ultra the
    # M5 Ultra replaced (no used listing found)
    for retired in ("mac-studio-m4-max-40c-128gb", "mac-studio-m3-ultra-60c-96gb"):
        unpriced = mac.model_copy(update={"budget": 6000, "system_ids": (retired,)})
        none = infeasible_plan(unpriced, catalog)
        assert not any(r.build is not None and r.kind != "cluster" for r in none.relaxations), [
            (r.kind, r.change) for r in none.relaxations
        ]


def test_an_applied_lower_speed_target_is_the_speed_the_way_out_names(catalog: Catalog) -> None:
    """Mina's 70B at 32k, 15 tokens/s asked: the way out says "accept 14.2 tokens/s" of her pair of 3090s; applying it
    had set the target to 13.5 (the 90 % floor searched), so the re-solve could buy a slower machine than the banner
    named. The applied target is the named speed, one decimal down, and the re-solve shows that build. Round 45's dated
    prices (used RTX 3090 1,550 USD, RigPrice 2026-10-09; used 3090 Ti 1,500, 2026-10-10) had the way name a second
    3090 at 2,787.88 (14.2 tok/s) where the re-solve bought a 3090 Ti beside her 3090 at 2,767.88 (14.7): the way's
    search now looks beside her card for a lowered target too (plan._money_or_kv), and names the Ti pair the re-solve
    buys: 20 USD less and 0.5 tok/s faster, the same GA102 with 24 GB, so the buy an expert makes."""
    from configurator.core.model.request import OwnedPart

    job = Workload(kind="inference", precision="q4_k_m", context=32768)
    mina = BuildRequest(
        model_id="llama-3.3-70b",
        workload=job,
        budget=2500,
        min_decode_tps=15,
        circuit="120v15a",
        room="home-office",
        owned=(OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
    )
    inf = infeasible_plan(mina, catalog)
    way = inf.relaxations[0]
    assert "accept 14." in way.change, way.change
    applied = inf.relaxed_request
    assert applied is not None and applied.min_decode_tps is not None
    named = way.decode_tokens_per_s or 0.0
    # round 48: the figure the way says ("accept 14.7"), which its build meets at the shown digits (Speed.meets), no
    # longer one decimal down: a build at 11.86 said "accept 11.9" and set 11.8
    assert applied.min_decode_tps == shown_tps(named) and f"accept {shown_tps(named):.1f}" in way.change
    again = plan(applied, catalog)
    assert again.builds and again.builds[0].total_price == pytest.approx(way.total_price, abs=1.0)
    assert way.build is not None
    gpus = sorted(p.id for p in way.build.parts if p.category == "gpu")
    assert gpus == sorted(p.id for p in again.builds[0].parts if p.category == "gpu"), gpus


def _slower_rivals(way: Relaxation, shown: tuple[Relaxation, ...]) -> list[Relaxation]:
    """The ways listed in every surface (the first five) that cost no less than `way` and at most half as much again,
    with a sourced time: those a "many times slower" claim may name (re-derived here, not read from relax)."""
    return [
        r
        for r in shown
        if r is not way
        and r.build is not None
        and r.build.speed_sourced
        and r.wall_hours
        and way.total_price <= r.total_price <= 1.5 * way.total_price
    ]


def _slower_problems(inf: Infeasible) -> list[str]:
    """Every "x times slower than the way out at ..." is true of the numbers listed, and said wherever it holds."""
    shown = inf.relaxations[:5]
    problems = []
    for at, way in enumerate(inf.relaxations):
        rivals = _slower_rivals(way, shown) if at < 5 and way.build is not None and way.wall_hours else []
        top = min((r.wall_hours or 0.0 for r in rivals), default=None)
        fast = [r for r in rivals if top is not None and 0.97 * (r.wall_hours or 0.0) <= top]
        due = way.said is not None and way.said.code == "way.changes" and fast
        ratio = (way.wall_hours or 0.0) / (fast[0].wall_hours or 1.0) if due else 0.0
        if way.slower is None:
            if due and ratio >= 3.0:
                problems.append(f"{way.kind}: {ratio:.1f}x slower than {fast[0].kind}, unsaid")
            continue
        f = way.slower.fields
        named = inf.relaxations[int(f["way"]) - 1]  # type: ignore[call-overload]
        if named not in fast or named.total_price > min(r.total_price for r in fast) + 0.01:
            problems.append(f"{way.kind}: names {named.kind}, not the cheapest of the fastest ways a little dearer")
        if abs(way.slower.num("ratio") - (way.wall_hours or 0.0) / (named.wall_hours or 1.0)) > 0.051:
            problems.append(f"{way.kind}: ratio {f['ratio']} against {way.wall_hours} / {named.wall_hours} h")
        if way.slower.num("ratio") < 3.0 or abs(way.slower.num("hours") - (named.wall_hours or 0.0)) > 0.051:
            problems.append(f"{way.kind}: {f}")
        price = named.said.fields.get("price") if named.said is not None else None
        at_price = f"way out at {way.slower.num('price'):,.0f} {f['currency']}"
        if (
            not isinstance(price, float | int)
            or abs(way.slower.num("price") - price) > 0.01
            or at_price not in way.change
        ):
            problems.append(f"{way.kind}: the price named is not that way's ({price}): {way.change}")
    return problems


@pytest.mark.xfail(
    strict=True,
    reason="round 45's dated prices leave this case without a slower claim, rightly: the 2 x RTX 2080 Ti 22GB way "
    "rose from 2,219 to 2,698.44 USD (620 USD a card), 1.81x the power way's 1,492.43 (2 x P100, 1,652 h), past "
    "relax.SLOWER_DEARER (half as much again); a scan of Llama 3.1 70B / Qwen2.5 72B / Qwen2.5 32B / Qwen3 32B "
    "(Q)LoRA at 500-2,500 USD found no way within it to show the claim on: a new case is needed",
)
def test_a_training_way_many_times_slower_than_one_a_little_dearer_says_so(catalog: Catalog) -> None:
    """A way many times slower (shown.SLOWER_RATIO) than a way listed beside it that costs at most half as much again
    (relax.SLOWER_DEARER) says so: in its words, in English and Chinese, and in `--json` ("slower", an addition); the
    order stays by price. Qwen2.5 32B QLoRA at 800 USD: "power-limit the GPUs to 80 % and raise the budget to 1,437
    USD" (753 h for the reference job) stands 76 USD below "raise the budget to 1,513 USD" (181 h). Round 26 showed it
    on Llama 3.1 8B LoRA in 48 h at 500 USD ("allow 127 h"), a way no longer offered: it gave up the deadline for 45
    USD (test_a_deadline_is_not_given_up_to_save_a_little). Round 45: shown on Llama 3.1 70B QLoRA at 1,500 USD,
    "power-limit the GPUs to 80 %: 2 x Tesla P100, 1,492 USD (1,652 h), 8.0x slower than the way out at 2,219 USD" (two
    RTX 2080 Ti 22GB, 208 h). Qwen2.5 32B QLoRA at 800 USD no longer lists a slower way: its 1 x Tesla P40 at 1,017 USD
    (968 h, past CUDA support) is no longer a way of its own beside the RTX 2080 Ti 22GB at 1,097 (141 h), whose way
    names the P40 and its price (plan._WaySearch.supported_training: a training job is not started past support while
    a supported build is found, ranking.startable)."""
    request = BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="qlora"), budget=1500)
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    slow = [r for r in inf.relaxations if r.slower is not None]
    assert slow, [(r.kind, r.total_price, r.wall_hours) for r in inf.relaxations]
    assert _slower_problems(inf) == []
    way = slow[0]
    assert way.slower is not None
    named = inf.relaxations[int(way.slower.num("way")) - 1]
    assert named.build is not None and named.wall_hours is not None
    price = f"{math.ceil(named.total_price):,}"  # over the budget: the budget it would take, whole units up
    said = f"{way.slower.num('ratio'):.1f}x slower than the way out at {price} USD, which"
    assert f"{said} trains the same job in {named.wall_hours:,.0f} h" in way.change, way.change
    assert way.to_json()["slower"] == {"code": "way.slower", "fields": way.slower.fields}
    assert "slower" not in named.to_json()
    with words.language("zh_CN"):
        zh = words.say(way.said)
    assert f"所需时间是 {price} USD 那个办法的 {way.slower.num('ratio'):.1f} 倍" in zh, zh


def _gives_up_for_little(inf: Infeasible) -> list[str]:
    """Ways listed that give up the deadline or the speed asked while a way listed keeps every target and the job as
    asked (money, power, circuits, room, parts, framework) for at most half as much again (re-derived here from the
    kinds listed, not read from relax)."""
    gives_up = {"deadline", "speed"}
    keeps = {"budget", "kv", "power", "power70", "powerup", "circuits", "circuit", "room", "form", "condition", "gpus"}
    keeps |= {"framework", "actoffload", "checkpointing", "optim8bit", "zero3offload", "region", "offload"}
    return [
        f"{r.kind} at {r.total_price:,.0f} beside {k.kind} at {k.total_price:,.0f}"
        for r in inf.relaxations
        if set(r.kind.split("+")) & gives_up
        for k in inf.relaxations
        if set(k.kind.split("+")) <= keeps and k.total_price <= 1.5 * r.total_price
    ]


def test_a_deadline_is_not_given_up_to_save_a_little(catalog: Catalog) -> None:
    """Llama 3.1 8B LoRA on 100 M tokens within 48 h at 500 USD (round 26's walk): "allow 127 h (5.3 days) and raise
    the budget to 1,082 USD" (one MI50) stood 45 USD below "raise the budget to 1,127 USD" (an RTX 2080 Ti 22GB that
    meets the 48 h in 34 h). A practitioner raises the budget and keeps the deadline: a way that gives up the deadline
    or the speed asked is not offered while one that keeps every target costs at most relax.SLOWER_DEARER times as
    much (relax.gives_up_target_for_little); the cheapest machine bought is the one that meets the 48 h."""
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="finetune", method="lora", tokens=1e8),
        budget=500,
        deadline_hours=48,
    )
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    assert _gives_up_for_little(inf) == []
    assert not [r for r in inf.relaxations if "deadline" in r.kind.split("+")], [
        (r.kind, r.total_price) for r in inf.relaxations
    ]
    budget = next(r for r in inf.relaxations if r.kind == "budget")
    assert budget.wall_hours is not None and budget.wall_hours <= 48 and budget.total_price <= 1500, budget.change
    assert budget.request is not None and budget.request.deadline_hours == 48  # applied, the deadline stays


SLOW_WAYS = [
    BuildRequest(
        model_id="qwen2.5-72b",
        workload=Workload(kind="finetune", method="qlora", tokens=5e7),
        budget=1500,
        deadline_hours=168,
    ),
    BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="finetune", method="lora"), budget=5000),
    # at 1,500 (two P40 fit 2,000 since round 28): the P40 ways (1,221-1,442 h) are over 3 x slower than the budget
    # way, two Arc Pro B60 (402 h) at 2,148 USD, within 1.5 x their price
    BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="finetune", method="qlora"), budget=1500),
    BuildRequest(
        model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11, context=2048), deadline_hours=336
    ),
    BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="finetune", method="qlora", tokens=5e7),
        budget=1500,
        deadline_hours=168,
    ),
    BuildRequest(model_id="qwen2.5-32b", workload=Workload(kind="finetune", method="qlora"), budget=800),
    # a speed asked: "accept 8.1 tokens/s" at 1,368 USD (2 x MI50; 1,518 before round 28) stays beside 2 x RTX 3090
    # at 3,652 for the 15 asked
    BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1200,
        min_decode_tps=15,
    ),
]


@pytest.mark.parametrize("request_", SLOW_WAYS, ids=lambda r: f"{r.model_id}-{r.workload.kind}-{r.budget}")
def test_every_many_times_slower_way_is_true_of_the_ways_listed(request_: BuildRequest, catalog: Catalog) -> None:
    """Over fine-tunes and Sam's pretraining: each way's "x times slower than the way out at ..." names a way listed in
    every surface (the first five) that costs no less and at most half as much again, the cheapest of the fastest of
    those, with its price and hours; and every way that is so slower says it. The ways stay sorted by price, and none
    gives up the deadline or the speed asked beside one that keeps them for at most half as much again."""
    inf = infeasible_plan(request_, catalog)
    ranked_by_price(inf)
    assert _slower_problems(inf) == []
    assert _gives_up_for_little(inf) == []


def test_a_speed_target_keeps_the_experts_in_ram_hosts_among_the_ways_out(catalog: Catalog) -> None:
    """DeepSeek-R1 (671B MoE) at 5 tokens/s within 5,000 USD: the cheapest way out had been 8 x RTX PRO 6000 on two
    230 V circuits at 72,295 USD, while without the speed target the ways out were a 2-bit GGUF with the experts in an
    8-channel host's RAM decoding 6.0 at 2,805 USD. The candidate screen timed every card on the default dual-channel
    host (~4 tokens/s) and rejected it before a host was chosen: in a platform tier a card is now screened on the
    slowest host the tier offers (candidates.slowest_host), the tiers are searched for a way with a speed asked, and
    the applied way (its experts in RAM already) is planned on them too (machines.experts_in_ram): 2,975 USD, an
    8-channel EPYC with an RTX 4060 Ti at 6.8. Home users run R1 from system RAM: Unsloth's dynamic
    GGUFs of it ("Run DeepSeek R1 Dynamic 1.58-bit", unsloth.ai/blog/deepseekr1-dynamic, 2025-01-27, read 2026-12-05:
    131-212 GB, "For optimal performance, we recommend the sum of VRAM + RAM to be at least 80GB+")."""
    request = BuildRequest(model_id="deepseek-r1", workload=Workload(kind="inference"), budget=5000, min_decode_tps=5)
    inf = infeasible_plan(request, catalog)
    ranked_by_price(inf)
    first = inf.relaxations[0]
    assert first.build is not None and first.build.estimate.offloaded_bytes, inf.cheapest_relaxation
    assert first.total_price < 10_000 and (first.decode_tokens_per_s or 0.0) >= 5.0, inf.cheapest_relaxation
    # the way out delivers what it says: applied, the plan shows that machine at that speed
    assert first.request is not None
    again = plan(first.request, catalog).builds
    assert again and again[0].total_price == pytest.approx(first.total_price, abs=1.0)
    assert (again[0].estimate.decode_tokens_per_s or 0.0) >= 5.0


def test_a_speed_asked_of_layers_in_ram_keeps_its_cheapest_way_on_the_whole_catalog(catalog: Catalog) -> None:
    """The screen's host is the slowest the catalog offers: screened on the widest (a 12-channel EPYC), Llama 3.3 70B
    at Q4_K_M with layers in RAM at 3 tokens/s let through cards only the widest hosts make fast enough, the solver
    chose the cheapest host, the build failed PERF, and its 1,518 USD way out (2 x MI50 32GB) became 1,900 USD."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", offload="cpu"),
        budget=1000,
        min_decode_tps=3,
    )
    inf = infeasible_plan(request, catalog)
    first = inf.relaxations[0]
    assert (first.decode_tokens_per_s or 0.0) >= 3, inf.cheapest_relaxation
    # merge43: order43's supported way (plan._WaySearch.supported) takes the place of the MI50 pair, past ROCm support,
    # when it costs at most half as much again, and names the cheaper pair beside it, whose price is what this guards
    said = first.said
    assert said is not None
    cheapest = float(said.fields["past_price"]) if said.fields.get("past_price") is not None else first.total_price
    assert cheapest < 1600, inf.cheapest_relaxation
    assert first.total_price <= 1.5 * cheapest + 0.01
