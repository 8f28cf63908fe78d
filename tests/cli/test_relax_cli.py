"""`llm-rig plan` when nothing fits: the cheapest way out, then the others by price (text), all of them (--json)."""

from __future__ import annotations

import pytest

from tests.helpers import Run, run_cli, run_clis

DEEPSEEK_AT_1200 = (  # below the 2,815 USD of the experts in RAM (at 3,000 USD they fit: expert case)
    "plan",
    "--model",
    "deepseek-v3",
    "--workload",
    "inference",
    "--precision",
    "q2_k",
    "--budget",
    "1200",
)


@pytest.fixture(scope="module")
def deepseek_at_1200(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Run]:
    """The request's text and JSON, the two processes run at once (each test reads one), in an empty home of their
    own as a test's (tests/conftest.isolated_home)."""
    home = {"LLM_RIG_HOME": str(tmp_path_factory.mktemp("llm-rig-home"))}
    text, data = run_clis(DEEPSEEK_AT_1200, (*DEEPSEEK_AT_1200, "--json"), env=home)
    return text, data


def test_the_text_lists_the_other_ways_out_under_the_cheapest(deepseek_at_1200: tuple[Run, Run]) -> None:
    run = deepseek_at_1200[0]
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    # round 48: since ways47 the plan keeps the experts in RAM at its default offload, so the cheapest way is the
    # budget alone, naming that machine (2,815 USD: an RTX 2060 12GB beside the experts in 256 GB of DDR4 on an EPYC),
    # where "keep part of the model (the MoE experts first)" had asked for a change the plan now makes by itself
    cheapest = next(
        i
        for i, line in enumerate(lines)
        if line.startswith("cheapest way out: raise the budget to") and "with the experts in RAM" in line
    )
    assert lines[cheapest + 1] == "other ways out, by price:"
    others = [line for line in lines[cheapest + 2 :] if line.startswith("   ")]
    # round 49: the servers follow; no second budget raise (a 9,999 USD Mac Studio whose budget's plan labels the
    # 2,815 USD build "cheapest": relax._one_budget)
    assert others and not any(line.startswith("   raise the budget to") for line in others)


def test_the_json_lists_every_way_out_by_price(deepseek_at_1200: tuple[Run, Run]) -> None:
    run = deepseek_at_1200[1]
    assert run.code == 0, run.err
    infeasible = run.json()["infeasible"]
    ways = infeasible["relaxations"]
    # round 48 (ways47's experts-in-RAM ways): the first way is the budget for the experts-in-RAM machine (2,815 USD,
    # 5.1 tokens/s). Round 49: it is the only budget way; "raise the budget to 9,999 USD" (a Mac Studio) had followed,
    # and the plan at 9,999 labels the 2,815 USD build "cheapest" (relax._one_budget: a way is a price claim)
    assert ways[0]["kind"] == "budget" and ways[0]["change"] == infeasible["cheapest_relaxation"]
    assert "with the experts in RAM" in ways[0]["change"], ways[0]["change"]
    assert ways[0]["decode_tokens_per_s"] > 0 and [w["kind"] for w in ways].count("budget") == 1
    assert [w["total_price"] for w in ways] == sorted(w["total_price"] for w in ways)


def test_exact_gpus_on_the_command_line(cli) -> None:  # type: ignore[no-untyped-def]
    """`--gpu rtx-3090 --gpus 4 --exact-gpus`: every build in the JSON has four cards in one machine (#31)."""
    import json

    run = cli(
        "plan",
        "--model",
        "llama-3.1-8b",
        "--workload",
        "inference",
        "--precision",
        "bf16",
        "--gpu",
        "rtx-3090",
        "--gpus",
        "4",
        "--circuit",
        "230v16a",
        "--exact-gpus",
        "--top",
        "2",
        "--json",
    )
    assert run.code == 0, run.err
    builds = json.loads(run.out)["builds"]
    assert builds and all(
        b["nodes"] == 1
        and [(p["id"], p["quantity"]) for p in b["parts"] if p["category"] == "gpu"] == [("rtx-3090", 4)]
        for b in builds
    )
    bad = cli("plan", "--model", "llama-3.1-8b", "--workload", "inference", "--gpus", "0", "--exact-gpus")
    assert bad.code == 2 and "--gpus" in bad.err


def test_plan_gpus_is_the_most_cards_in_a_machine_as_typed(cli) -> None:  # type: ignore[no-untyped-def]
    """`plan --gpus 1` means one card at most: it had been read as no cap (1 is the estimate's default, and the plan
    capped only above it), so a 70B plan offered two- and four-card machines. `plan --gpus 0` (the estimate's CPU
    run) is refused with exit 2 naming the option rather than ignored."""
    import json

    args = ("plan", "--model", "llama-3.3-70b", "--workload", "inference", "--budget", "20000", "--top", "5")
    run = cli(*args, "--gpus", "1", "--json")
    assert run.code == 0, run.err
    builds = json.loads(run.out)["builds"]
    cards = [sum(p["quantity"] for p in b["parts"] if p["category"] == "gpu") for b in builds]
    assert builds and max(cards) == 1, cards
    bad = cli(*args, "--gpus", "0")
    assert bad.code == 2 and "--gpus 0" in bad.err and not bad.out


def test_plan_project_carries_the_projects_buy_or_rent_inputs(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`plan --project` solves as the app does: a project whose Buy-or-rent tab says 24 h a day, 365 days a year
    gets those figures in its JSON and sheets, not the regional 8 h x 250 days defaults."""
    import json

    from configurator.core.costs.tco import OwnershipInputs
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.storage.projects import Project, save

    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), gpu_ids=("rtx-3090",), top_k=1
    )
    plain, lab = tmp_path / "plain.llmrig", tmp_path / "lab.llmrig"
    save(Project(requests=(request,)), plain)
    save(Project(requests=(request,), ownership=OwnershipInputs(hours_per_day=24, days_per_year=365)), lab)
    energy = []
    for path in (plain, lab):
        run = cli("plan", "--project", str(path), "--json")
        assert run.code == 0, run.err
        energy.append(json.loads(run.out)["builds"][0]["cost_of_ownership"]["yearly_energy_kwh"])
    assert abs(energy[1] / (energy[0] * (24 * 365) / (8 * 250)) - 1) < 1e-3  # the same draw, 4.38 x the hours


def test_the_text_and_the_json_list_the_same_pareto_optimal_ways_out() -> None:
    """Llama 3.3 70B QLoRA at 1,200 USD (round 28): the text's cheapest way and the others are the JSON's ways, in
    order, each keeping the contract's keys; none is beaten by another on price, hours and what it asks (a 70 % power
    limit at the 80 % way's price and slower had been listed)."""
    args = ("plan", "--model", "llama-3.3-70b", "--workload", "finetune", "--method", "qlora", "--budget", "1200")
    text, data = run_clis(args, (*args, "--json"))
    assert text.code == 0 and data.code == 0, text.err + data.err
    ways = data.json()["infeasible"]["relaxations"]
    assert ways and all({"kind", "change", "total_price", "decode_tokens_per_s"} <= set(w) for w in ways)
    lines = text.out.splitlines()
    # round 45: a training way names the cheapest build on supported software first (2 x 2080 Ti 22GB at 2,219 USD,
    # beside the used Tesla P100 pair at 1,572, past support)
    heads = ("cheapest way out: ", "cheapest way out on supported software: ")
    first = next(line for line in lines if line.startswith(heads))
    others = [line[3:] for line in lines[lines.index(first) + 1 :] if line.startswith("   ")]
    head = next(h for h in heads if first.startswith(h))
    assert [first.removeprefix(head), *others] == [w["change"] for w in ways[:6]]
    assert not any(w["kind"] == "power70" and any(o["kind"] == "power" for o in ways) for w in ways)
    for way in ways:
        beaten = [
            o
            for o in ways
            if o is not way
            and o["total_price"] <= way["total_price"]
            and o["kind"] == "budget"
            and o.get("wall_hours") is not None
            and 0.97 * o["wall_hours"] <= (way.get("wall_hours") or 0)
        ]
        assert beaten == [], (way["change"], [o["change"] for o in beaten])


def test_a_release_that_does_not_fit_is_offered_the_q4_quant_with_its_price_and_speed() -> None:
    """DeepSeek-R1 at 5 tokens/s and 5,000 USD without --precision runs its FP8 release, which nothing under the
    budget holds. The ways out had offered a 2-bit GGUF and a 24,553 USD 12-channel DDR5 host that never named its
    format, where the Q4_K_M GGUF practitioners run on a used 8-channel DDR4 EPYC with 512 GB and one card (the 2025
    "DeepSeek R1 671B on a used EPYC" builds: ~3.5-8 tok/s; kvcache-ai/ktransformers#319, PR #220) decodes 7.4 for
    5,870 USD: the experts-in-RAM tier had found no 8-channel build at the speed asked, its cheapest CPU, a 16-core
    EPYC 7302, binding the decode (round 29). The way says the quant, its price over the budget and its speed."""
    args = ("plan", "--model", "deepseek-r1", "--workload", "inference", "--min-decode-tps", "5", "--budget", "5000")
    run = run_cli(*args, "--json")
    assert run.code == 0, run.err
    infeasible = run.json()["infeasible"]
    assert "fp8: as released" in infeasible["reason"]  # the precision assumed, said
    q4 = [w for w in infeasible["relaxations"] if "use q4_k_m" in w["change"]]
    assert q4, [w["change"] for w in infeasible["relaxations"]]
    way = min(q4, key=lambda w: w["total_price"])
    assert way["total_price"] <= 8000 and way["decode_tokens_per_s"] >= 5, way
    assert "raise the budget to" in way["change"] and "in system RAM" in way["change"], way["change"]
    assert way["kind"] == "precision+offload", way["kind"]
    # and the release's quality, the Q8_0 GGUF (8.5 bits a weight: ~665 GiB, 768 GB of RAM), at its own price and speed
    q8 = [w for w in infeasible["relaxations"] if "use q8_0" in w["change"]]
    assert q8 and q8[0]["total_price"] > way["total_price"] and q8[0]["decode_tokens_per_s"] >= 5, q8
