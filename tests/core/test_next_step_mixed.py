"""A mixed build's next step up (solve.next_mixed): its slower model's cards swapped for its faster one. Round 49:
Mina's own RTX 3090 beside a used RTX A5000 (docs/user-journeys.md; round 48's plan at 13 tokens/s and 2,500 USD)
showed no next step, as every mix did (next_step left mixed builds out). The step is buildable (the machine it names,
planned whole, passes the independent checker with the board, case and PSU the step says it needs) and each thing it
unlocks is what the estimator says of the mix and of the step's cards."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import english, from_json, tps_text
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.mixed import estimate_mixed
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.next_step import catalog_price
from configurator.core.solve.plan import plan
from tests.independent_checker import check

MINA = BuildRequest(
    model_id="llama-3.3-70b",
    workload=Workload(kind="inference", precision="q4_k_m", context=32768),
    min_decode_tps=13.0,
    budget=2500,
    owned=(OwnedPart(category="gpu", id="rtx-3090"),),
    circuit="120v15a",
    room="home-office",
    kv_asked=False,
)


def _gpu(catalog: Catalog, gpu_id: str) -> Gpu:
    gpu = catalog.records["gpus"][gpu_id]
    assert isinstance(gpu, Gpu)
    return gpu


@pytest.fixture(scope="module")
def mina(catalog: Catalog) -> Build:
    build = plan(MINA, catalog).builds[0]
    assert sorted(build.gpus_mixed) == ["rtx-3090", "rtx-a5000"], build.label
    return build


def test_minas_mix_shows_a_next_step_priced_as_her_bill_prices_the_card(catalog: Catalog, mina: Build) -> None:
    """The A5000 (768 GB/s) holds her 3090 (936 GB/s) back on its 40 layers: the step puts a second 3090 in its place,
    at the used price her bill gives the 3090 line (1,550 USD, 2026-10-09), less the A5000's used price."""
    assert len(mina.next_steps) == 1, mina.next_steps
    step = mina.next_steps[0]
    assert (step["kind"], step["gpu"], step["gpus"]) == ("swap", "rtx-3090", 2)
    line = next(p for p in mina.parts if p.id == "rtx-3090")
    assert step["cost"] == pytest.approx(line.unit_price)
    used = catalog_price(catalog, _gpu(catalog, "rtx-a5000"), "USD", ("used",))
    assert used is not None and step["sold"] == pytest.approx(used[0])
    said = english(from_json(step["said"]))
    assert said.startswith("swap the 1 x NVIDIA RTX A5000 for 1 x NVIDIA GeForce RTX 3090: 1,550 USD"), said
    # one card swapped is said in the singular (it had read "open-air (they blow ...) cards instead of blower ...;
    # 3-slot cards instead of 2-slot", mixnext49's note)
    assert "an open-air card (it blows its heat into the case) instead of a blower one" in said, said
    assert "a 3-slot card instead of a 2-slot one" in said and "cards instead of" not in said, said


def test_what_the_mix_step_unlocks_is_true_by_the_numbers_shown(catalog: Catalog, mina: Build) -> None:
    """Its words are its numbers: the speed it unlocks is read against the build's own line ("(now 13.0)") and is the
    estimate of two 3090s at the q8_0 cache she runs; 48 GB either way, so no longer context, more users or larger
    model is claimed (the mix holds what two 3090s hold)."""
    step = mina.next_steps[0]
    codes = [u["code"] for u in step["unlocks"]]
    assert "unlock.speed" in codes and not {"unlock.context", "unlock.users", "unlock.model"} & set(codes), codes
    speed = next(u for u in step["unlocks"] if u["code"] == "unlock.speed")
    assert speed["fields"]["before"] == mina.estimate.decode_tokens_per_s
    model = catalog.records["models"]["llama-3.3-70b"]
    assert isinstance(model, ModelArch)
    ran = Workload.model_validate(mina.estimate.workload)
    two = estimate(model, ran, _gpu(catalog, "rtx-3090"), 2)
    assert tps_text(speed["fields"]["after"]) == tps_text(two.decode_tokens_per_s or 0.0) == "14.2"
    assert "14.2 tokens/s per user (now 13.0)" in english(from_json(step["said"]))


def test_the_mix_step_is_the_machine_planning_it_finds(catalog: Catalog, mina: Build) -> None:
    """The window's "Plan this machine" (qt.steps.step_request: only the 3090, exactly two, her own kept, no budget, the
    KV cache she ran): planned whole, the machine passes the independent checker, decodes and reads prompts at what
    the step says, and has the PSU and the case openings the step says it needs (1,200 W; 9 openings for a 3-slot
    card in the X570-E's bottom slot)."""
    step = mina.next_steps[0]
    request = MINA.model_copy(
        update={
            "gpu_ids": ("rtx-3090",),
            "max_gpus": 2,
            "exact_gpus": True,
            "budget": None,
            "min_decode_tps": None,
            "workload": MINA.workload.model_copy(update={"kv_precision": mina.estimate.workload["kv_precision"]}),
            "kv_asked": True,
        }
    )
    planned = plan(request, catalog)
    assert planned.builds, planned.infeasible
    machine = planned.to_json()["builds"][0]
    assert check(machine, "120v15a") == []
    unlocked = {u["code"]: u["fields"] for u in step["unlocks"]}
    speed: dict[str, Any] = machine["estimate"]["speed"]
    assert tps_text(unlocked["unlock.speed"]["after"]) == tps_text(speed["decode_tokens_per_s"])
    assert unlocked["unlock.prefill"]["after"] == pytest.approx(speed["prefill_tokens_per_s"], rel=0.01)
    needs = {n["code"]: n["fields"] for n in step["needs"]}
    parts = {p["category"]: p for p in machine["parts"]}
    if "need.psu" in needs:
        assert machine["power"]["psu_w"] >= needs["need.psu"]["watts"]
    if "need.case-openings" in needs:
        assert parts["chassis"]["spec"]["expansion_slots"] >= needs["need.case-openings"]["openings"]


def test_a_mix_steps_claims_are_what_the_mix_itself_does_not_hold(catalog: Catalog) -> None:
    """A 3090 beside a Tesla P40 on the shroud frame (test_mixed, round 45), and Mina's mix: each context, user count
    or model a step unlocks fits the step's cards, and the mix does not hold it (estimate_mixed); a faster decode is
    faster than the build's line."""
    p40 = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=2500,
        condition="used",
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
    )
    model = catalog.records["models"]["llama-3.3-70b"]
    assert isinstance(model, ModelArch)
    checked = 0
    for request in (p40, MINA):
        for build in (b for b in plan(request, catalog).builds if b.gpus_mixed):
            cards = [_gpu(catalog, i) for i in build.gpus_mixed]
            ran = Workload.model_validate(build.estimate.workload)
            assert build.next_steps, build.label
            for step in build.next_steps:
                gpu = _gpu(catalog, step["gpu"])
                for u in step["unlocks"]:
                    fields = u["fields"]
                    key = {"unlock.context": "context", "unlock.users": "batch"}.get(u["code"])
                    if key is not None:
                        more = ran.model_copy(update={key: fields["after"]})
                        assert estimate(model, more, gpu, step["gpus"]).fits
                        assert not estimate_mixed(model, more, cards).fits, (build.gpus_mixed, u)
                        assert estimate_mixed(model, ran.model_copy(update={key: fields["before"]}), cards).fits
                    if u["code"] == "unlock.speed":
                        assert fields["before"] == build.estimate.decode_tokens_per_s < fields["after"]
                    checked += 1
    assert checked


def test_no_swap_to_a_faster_card_with_less_memory(catalog: Catalog, mina: Build) -> None:
    """An RTX 4090 (24 GB, 1,008 GB/s) beside an RTX A6000 (48 GB, 768 GB/s): two 4090s would decode faster but hold
    24 GB less, a loss of context and users `unlocks` has no words for; no such swap is offered as a step up."""
    from configurator.core.solve.next_mixed import mixed_steps

    model = catalog.records["models"]["llama-3.3-70b"]
    assert isinstance(model, ModelArch)
    big = mina.model_copy(update={"gpus_mixed": ("rtx-4090", "rtx-a6000")})
    assert _gpu(catalog, "rtx-4090").vram_gb < _gpu(catalog, "rtx-a6000").vram_gb
    assert mixed_steps(big, catalog, model, MINA.workload) == ()
    # the same call on her own mix gives its step (the guard, not the call, refuses the 4090 + A6000)
    assert [s.gpu.id for s in mixed_steps(mina, catalog, model, MINA.workload)] == ["rtx-3090"]
