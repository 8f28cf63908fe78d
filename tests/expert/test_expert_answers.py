"""Every request in the expert-answer suite (tests/expert/cases.py), run through the real planner in-process.

A failure lists each expectation the answer broke, why an expert holds it, and the sources; cases the planner
answers wrongly on main are strict xfails naming the issue, so a fix that makes one pass turns it red until the
lead removes the mark.
"""

from __future__ import annotations

import json

import pytest

from tests.expert.cases import CASES, Case
from tests.expert.runner import run_plan


def _summary(plan: dict) -> str:
    lines = []
    for b in plan["builds"]:
        gpus = [
            f"{p['quantity']}x {p['id']}" + (f" ({p['owned']} owned)" if p.get("owned") else "")
            for p in b["parts"]
            if p["category"] in ("gpu", "system")
        ]
        speed = b["estimate"]["speed"]["decode_tokens_per_s"]
        lines.append(
            f"  #{b['rank']} {b['label']!r}: {', '.join(gpus)}  {b['total_price']:,.0f} {b['currency']}  "
            f"decode {speed}  time {json.dumps(b['estimate'].get('time'))}"
        )
    if plan["infeasible"]:
        lines.append(f"  infeasible: {plan['infeasible']['reason'][:300]}")
        lines.append(f"  cheapest relaxation: {plan['infeasible']['cheapest_relaxation']}")
    return "\n".join(lines) or "  (no builds)"


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=case.today)] if case.today else []
    return pytest.param(case, id=case.id, marks=marks)


def test_the_suite_is_well_formed() -> None:
    assert len(CASES) >= 30
    assert len({c.id for c in CASES}) == len(CASES), "case ids are unique"
    for case in CASES:
        assert case.expect and case.why and case.sources, case.id
        assert all(e.claim for e in case.expect), case.id


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_an_expert_would_sign_the_answer(case: Case) -> None:
    plan = run_plan(case.args)
    broken = [e.claim for e in case.expect if not e.holds(plan)]
    assert not broken, (
        f"\n`llm-rig plan {case.args}` breaks what an expert asserts:\n"
        + "\n".join(f"  - {claim}" for claim in broken)
        + f"\nwhy an expert holds it: {case.why}\nsources:\n"
        + "\n".join(f"  - {s}" for s in case.sources)
        + f"\nthe answer today:\n{_summary(plan)}"
    )
