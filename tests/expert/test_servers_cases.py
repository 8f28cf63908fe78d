"""The done-when requests of issue #28's servers work (used servers for old datacenter cards, end-of-life caveats,
regional and standard servers, RAM below VRAM for streaming engines), each named: they hold on this branch with no
strict xfail left, so a regression shows here by name as well as in the whole expert suite."""

from __future__ import annotations

import pytest

from tests.expert.cases import CASES
from tests.expert.runner import run_plan

DONE_WHEN = (
    "llama70b-lora-mi50-not-in-a-new-barebone",  # 7 x MI50 never in a new 10k barebone
    "falcon-180b-no-eol-cards-in-new-barebone",
    "llama70b-lora-mi50-in-a-used-server-with-its-caveat",  # ... but in a used 4U server, labelled past ROCm support
    "llama70b-q4-p40s-in-a-shrouded-frame",  # passive cards at home: an open frame with a blower shroud on each
    "llama405b-q4-25000-230v",  # RAM >= VRAM a warning where llama.cpp streams the weights
    "deepseek-r1-fp8-china-one-h20-node",  # the one-node H20 server, without --gpu h20
    "deepseek-r1-fp8-usd-one-server-node",  # elsewhere an 8-GPU HGX/DGX node
    "llama70b-full-finetune-cny-servers",  # servers, not "use QLoRA"
)


@pytest.mark.parametrize("case_id", DONE_WHEN)
def test_the_done_when_case_holds(case_id: str) -> None:
    case = next(c for c in CASES if c.id == case_id)
    assert case.today is None, f"{case_id} is still marked as wrong today: {case.today}"
    plan = run_plan(case.args)
    broken = [e.claim for e in case.expect if not e.holds(plan)]
    assert not broken, f"{case_id}: {broken}"
