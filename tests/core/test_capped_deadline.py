"""A training build whose GPUs run capped is timed, and held to its deadline, at the power it runs at.

Llama 3.3 70B QLoRA on RTX 3090s (10^7 tokens) from a US 15 A outlet: four cards at full power draw ~1,950 W at the
wall, over the outlet's 1,440 W continuous, so the plan's power-limited search (offers.training_limited) caps them to
80 and 70 % (Puget Systems' quad-3090 build: four RTX 3090 at 280 of 350 W). A deadline is judged on the capped
search's own options (candidates._GpuJob.run: with_power_limit, power.power_limit_speed's training curve), never on the
full-power time the cap slows."""

from __future__ import annotations

from functools import cache

import pytest

from configurator.core.report.fit import fit_of
from configurator.core.rules.watts import power_limit_speed
from configurator.core.solve.plan import _gpu_options, plan
from tests.expert.runner import _argv, build_parser, build_request, shipped_catalog, workload_from_args

ASKED = "--model llama-3.3-70b --workload finetune --method qlora --circuit 120v15a --tokens 1e7 --gpu rtx-3090"


def _request(args: str):  # type: ignore[no-untyped-def]
    ns = build_parser().parse_args(_argv(args))
    catalog = shipped_catalog()
    model = catalog.records["models"][ns.model]
    return build_request(ns, model.id, workload_from_args(ns)), catalog, model


def _hours(request, catalog, model, limit: float | None) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """The plan's GPU options for `request` at `limit`: count -> wall hours."""
    capped = request.model_copy(update={"power_limit": limit})
    return {o.count: o.estimate.wall_hours for o in _gpu_options(model, capped, catalog, None, (), None).options}


def test_the_capped_search_judges_the_deadline_at_the_capped_speed() -> None:
    """At full power four 3090s train it within 8 h; capped to 70 % they keep ~85 % of their training speed and take
    longer than 8 h, so the 70 % search leaves four cards out and keeps five, each count timed at the cap."""
    request, catalog, model = _request(ASKED + " --deadline-hours 8")
    free = _hours(request.model_copy(update={"deadline_hours": None}), catalog, model, None)
    full = _hours(request, catalog, model, None)
    capped = _hours(request, catalog, model, 0.7)
    kept = power_limit_speed(0.7, compute_bound=True)
    assert free[4] <= 8 < free[4] / kept  # the case: four cards meet 8 h at full power only
    assert 4 in full and 4 not in capped and 5 in capped
    for count, hours in capped.items():
        assert hours == pytest.approx(free[count] / kept) and hours <= 8


@cache
def _planned():  # type: ignore[no-untyped-def]
    """The plan of ASKED (no deadline), solved once for this module's tests."""
    request, catalog, model = _request(ASKED)
    return request, catalog, model, plan(request, catalog, model=model).builds


def test_a_capped_build_says_the_power_it_runs_at_and_its_time_there() -> None:
    """'How this fits' names the build's own cap, which the request never asked for, and the hours its estimate gives
    at that cap (the window had said "full power" of the 70 % build)."""
    request, catalog, model, builds = _planned()
    capped = [b for b in builds if b.power_limit is not None]
    assert request.power_limit is None and capped
    for build in capped:
        assert any(k.code == "kind.power-limited" and k.fields["limit"] == build.power_limit for k in build.kinds)
        power = next(s for s in fit_of(build, request).settings if s.name == "GPU power")
        assert power.short == f"GPUs at {build.power_limit:.0%} power: {build.estimate.wall_hours:,.1f} h"
        assert "full" not in power.value
    for build in builds:
        if build.power_limit is None:
            assert next(s for s in fit_of(build, request).settings if s.name == "GPU power").short == "full power"


def test_one_more_card_on_a_capped_build_is_timed_at_the_same_cap() -> None:
    """The add step of a capped build (next_step.next_steps) times its one more card at the build's own cap, as the
    build's own hours are: the step had timed the next card at full power beside the capped hours, so a fifth 3090
    beside four at 70 % read 5.5 against 9.2 h, 1.0 h of it the cap lifted, not the card added (6.5 h at 70 %)."""
    from configurator.core.rules.watts import POWER_SPEED
    from configurator.core.solve.next_step import _workload, next_steps, reach

    request, catalog, model, builds = _planned()
    gpu = catalog.records["gpus"]["rtx-3090"]
    checked = 0
    for build in builds:
        if build.power_limit is None or build.gpu_id != gpu.id:
            continue
        asked = request.workload.resolved(model.max_context)
        add = next((s for s in next_steps(build, catalog, model, asked) if s.kind == "add"), None)
        workload = _workload(build, asked)  # the workload the step is estimated on
        if add is None:
            continue
        hours = next((u for u in add.unlocks if u.code == "unlock.hours"), None)
        full = reach(catalog, model, workload, gpu, build.gpu_count + 1).wall_hours
        assert full is not None
        capped = full / POWER_SPEED.share(build.power_limit, compute_bound=True)
        if hours is not None:
            assert hours.fields["before"] == pytest.approx(build.estimate.wall_hours)
            assert hours.fields["after"] == pytest.approx(capped)
        else:  # no hours gained at the cap: the capped next card rounds to the build's own hours or more
            assert round(capped) >= round(build.estimate.wall_hours or 0)
        checked += 1
    assert checked


def test_a_build_that_misses_its_deadline_at_its_boards_links_is_searched_on_a_faster_board() -> None:
    """The search times a GPU option at its cards' own PCIe x16 (5.0 for an RTX PRO 5000); the cheapest board for it
    (an EPYC 7002's Supermicro H12SSL-i) runs PCIe 4.0, and ZeRO-3 gathers its weights slower there: 4 x RTX PRO 5000
    at 70 % train an 8B in full in 44.2 h on PCIe 5.0 and 51.7 h on that board (at 80 %, 39.8 -> 46.6 h), so with a
    45 h deadline every build shown had missed it ("nothing fits"). The option is solved again without the boards
    that cannot link faster (plan._on_faster_links): a PCIe 5.0 board meets it, and every build that passes PERF
    meets the deadline at its own links."""
    request, catalog, model = _request(
        "--model llama-3.1-8b --workload finetune --method full --tokens 1e9 --deadline-hours 45 --circuit 120v15a"
    )
    result = plan(request, catalog, model=model)
    met = [b for b in result.builds if not b.fails]
    assert met, "a build on a board with faster links meets the deadline"
    for build in met:
        assert build.estimate.wall_hours is not None and build.estimate.wall_hours <= 45
    pro = [b for b in met if b.gpu_id == "rtx-pro-5000-blackwell" and b.gpu_count == 4]
    assert pro and all(min(s.gen for s in b.slot_map) >= 5 for b in pro)
