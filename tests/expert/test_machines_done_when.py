"""Issue #28's done-when list ("The machines people actually build"), one named case each: a CPU-only box for a
small model, the owned 4090 beside a cheaper card, R1 with its experts in RAM at several platform tiers (the fastest
on twelve channels), old datacenter cards never in a new barebone, 405B at 25k on 230 V, China's one-node H20 server
and the CNY full fine-tune on servers. Each case lives in the expert suite (tests/expert/cases.py, with its sources);
this module names them so that a regression shows here by the issue's own words. A case still wrong on main is a
strict xfail carrying its `today` reason (the lead removes it when the fix lands)."""

from __future__ import annotations

import pytest

from tests.expert.cases import CASES
from tests.expert.runner import run_plan

DONE_WHEN = (
    "llama-1b-600-no-gpu",  # a 1B model under 600 USD with no GPU bought
    "qwen3-4b-800-used-no-gpu",  # a 4B at 800 USD used, no GPU bought
    "owned-4090-pairs-a-cheaper-card",  # the owned 4090 paired with a cheaper card
    "owned-4090-with-a-3090-at-3000",
    "deepseek-r1-q4-25000-platform-tiers",  # R1 q4 at 25,000 USD (15,000 before December 2026's RDIMM prices) at two or more platform tiers
    "deepseek-r1-q4-25000-fastest-at-12-channels",  # ... the fastest a 32-core EPYC (12 x 64 GB is over budget)
    "llama70b-lora-mi50-not-in-a-new-barebone",  # 7 x MI50 never in a new 10k barebone
    "falcon-180b-no-eol-cards-in-new-barebone",
    "llama70b-lora-mi50-in-a-used-server-with-its-caveat",  # ... but in a used 4U server, labelled past ROCm support
    "llama70b-q4-p40s-in-a-shrouded-frame",  # passive cards at home: an open frame with a blower shroud on each
    "llama405b-q4-25000-230v",  # 405B q4 buildable at 25k on 230 V (RAM >= VRAM a warning where llama.cpp streams)
    "deepseek-r1-fp8-china-one-h20-node",  # R1 FP8 in China: the one-node H20 server, without --gpu h20
    "deepseek-r1-fp8-usd-one-server-node",  # elsewhere an 8-GPU HGX/DGX node
    "llama70b-full-finetune-cny-servers",  # the 70B full fine-tune in CNY: servers, not "use QLoRA"
    "qwen3-30b-a3b-700-a-32gb-box",  # a 30B MoE on a 32 GB box with no GPU (RAM-3's spare sourced: the OS's 4 GB)
    "qwen3-30b-a3b-600-answered-not-a-way-out",  # #27: not an MI50 'way out' where a box runs it within 600 USD
)


def _param(case_id: str) -> object:
    case = next(c for c in CASES if c.id == case_id)
    marks = [pytest.mark.xfail(strict=True, reason=case.today)] if case.today else []
    return pytest.param(case_id, id=case_id, marks=marks)


def test_every_done_when_case_is_in_the_suite() -> None:
    known = {c.id for c in CASES}
    assert [c for c in DONE_WHEN if c not in known] == []


@pytest.mark.parametrize("case_id", [_param(c) for c in DONE_WHEN])
def test_the_done_when_case_holds(case_id: str) -> None:
    case = next(c for c in CASES if c.id == case_id)
    plan = run_plan(case.args)
    broken = [e.claim for e in case.expect if not e.holds(plan)]
    assert not broken, f"{case_id}: {broken}"
