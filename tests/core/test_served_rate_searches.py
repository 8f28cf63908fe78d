"""Every search that keeps a build "that reads" reads the served rate of a stated demand (round 40), and the warning
below reading speed is one rule.

Round 39 made the fewest-cards filter read the served rate where the buyer states a demand (each request's prefill
counted, the rate "cheapest serving the demand" reads); the machines without a card (machines.serves), the
unified-memory boxes' "cheapest that reads" (offers.unified_memory) and the ways out (relax.build_reads) still read
the decode speed. For five coding-agent seats on Qwen3.6-27B at 64k, the unified-memory search offered a MacBook Pro
M3 Max "that reads" at 5.2 tokens/s decoding, which serves each seat 5.0- once its 42k prompts' prefill is counted;
it now offers the Mac Studio M1 Ultra (8.4 decoding, 5.45 served). Without a stated demand nothing moves.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.costs.api import reading_rate, served_rate_of
from configurator.core.costs.tco import OwnershipInputs
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.rules import instance
from configurator.core.rules.job import READING_TPS, PromptWait, Speed
from configurator.core.solve import relax
from configurator.core.solve.machines import serves
from configurator.core.solve.offers import PlanRun, unified_memory
from configurator.core.solve.plan import _build_rate, plan, serving_basis
from configurator.core.solve.sources import keeps_up, reading_rate_of

SPEED = instance(Speed)
TEAM = OwnershipInputs(usage="coding-agent", seats=5)


def _request(model: ModelArch) -> BuildRequest:
    return BuildRequest(
        model_id=model.id, workload=Workload(kind="inference", context=65536, batch=5), budget=15000, top_k=5
    )


def _ctx(catalog: Catalog, model: ModelArch, stated: bool) -> PlanRun:
    request = _request(model)
    basis = serving_basis(model, request.region, TEAM) if stated else serving_basis(model, request.region)
    workload = request.workload.resolved(model.max_context)
    return PlanRun(request=request, catalog=catalog, model=model, workload=workload, serving=basis)


@pytest.mark.slow
def test_the_unified_memory_box_that_reads_is_read_at_the_served_rate(catalog: Catalog) -> None:
    model = catalog.records["models"]["qwen3.6-27b"]
    assert isinstance(model, ModelArch)
    stated, default = _ctx(catalog, model, True), _ctx(catalog, model, False)
    with_demand = unified_memory(stated)
    cheapest = with_demand[0]
    assert not keeps_up(stated, cheapest.estimate)  # the cheapest box (a MacBook Pro M1 Max) reads at 3.2 served
    reads = [b for b in with_demand[1:] if keeps_up(stated, b.estimate)]
    assert reads, "a box that keeps reading speed at the served rate is offered beside the cheapest"
    # the box "that reads" is read at the served rate: the decode-speed rule takes one below it for a reader. Until
    # hybrid45 that was the M3 Max (5.2 decoding, < 5 served) offered beside the cheapest; since a decode step's
    # attention counts the 16 attending layers of 64 (estimator.decode_attention_flops), the cheapest M1 Max itself
    # decodes at 5.9 (3.2 served), so by speed it already reads and nothing is offered for reading beside it
    by_speed = unified_memory(default)
    slow = [b for b in by_speed if not keeps_up(stated, b.estimate) and keeps_up(default, b.estimate)]
    assert slow and slow[0].total_price < reads[0].total_price
    assert all(b.parts[0].id != slow[0].parts[0].id for b in reads)


@pytest.mark.slow
def test_machines_and_ways_out_read_the_served_rate_of_a_stated_demand(catalog: Catalog) -> None:
    """machines.serves (the CPU-only boxes and mini PCs) and relax.build_reads (the ways out, within the plan that
    states the demand) keep a build by the rate the labels read: a box decoding at reading speed whose prompts'
    prefill brings each user below it is kept without a demand and not with one. The rate is the costs' served rate
    (the one figure). prefill44: the Mac's served rate fell to 4.98 tokens/s (its Qwen3.6 prompts pay the Gated
    DeltaNet chunks, estimator.delta_net_prompt_seconds), so the box that serves is the same Mac with its prompt rate
    doubled, and the one that does not the same Mac at a third of it."""
    model = catalog.records["models"]["qwen3.6-27b"]
    assert isinstance(model, ModelArch)
    request = _request(model)
    # the Mac mini M5 Pro 48 GB of the plan by speed (7.2 tokens/s decoding, 4.98 served to each of five coding seats;
    # hybrid45: 8.24 and 5.44, a decode step's attention counting the 16 attending layers of 64, and found among ten,
    # the five naming the Mac Studio M5 Ultra quietest). Round 48: at the 2026 prices ten cheaper or faster builds
    # (two P40 at 1,513 USD, the Arc Pro B60 Dual at 2,232, ...) fill the ten places, so the Mac (2,299 USD) is asked
    # for by name, at the Q4_K_M the open search runs it at (8.45 decoding since hybrid47's decode depth)
    named = request.model_copy(
        update={
            "system_ids": ("mac-mini-m5-pro-16c-48gb",),
            "workload": request.workload.model_copy(update={"precision": "q4_k_m"}),
        }
    )
    found = next(b for b in plan(named, catalog, model=model).builds if b.parts[0].id == "mac-mini-m5-pro-16c-48gb")
    assert found.estimate.workload.get("precision") == "q4_k_m"
    stated, default = _ctx(catalog, model, True), _ctx(catalog, model, False)
    demand = cast(Any, stated.serving).demand
    assert reading_rate_of(stated, found.estimate) == pytest.approx(served_rate_of(found, demand, model), rel=1e-6)
    assert reading_rate_of(default, found.estimate) == found.estimate.decode_tokens_per_s
    prompt_rate = found.estimate.prefill_tokens_per_s or 0.0
    est = found.estimate.model_copy(update={"prefill_tokens_per_s": prompt_rate * 2})
    mac = found.model_copy(update={"estimate": est})
    slow = est.model_copy(update={"prefill_tokens_per_s": prompt_rate / 3})
    assert (slow.decode_tokens_per_s or 0.0) >= READING_TPS > reading_rate(slow, demand, model)
    assert serves(est, stated) and serves(slow, default) and not serves(slow, stated)
    # a bare context (a map cell's, a test's): the decode speed, as before
    assert serves(slow, cast(Any, SimpleNamespace(request=request)))
    slow_build = mac.model_copy(update={"estimate": slow})
    assert relax.build_reads(slow_build)
    with relax.reading_by(functools.partial(_build_rate, stated)):
        assert not relax.build_reads(slow_build) and relax.build_reads(mac)
        assert relax.build_rate(slow_build) == pytest.approx(reading_rate_of(stated, slow))
    with relax.reading_by(functools.partial(_build_rate, default)):
        assert relax.build_reads(slow_build)


def test_the_warning_below_reading_speed_is_one_rule() -> None:
    """PERF's warning below reading speed where no speed was asked: one method of the rule (Speed.below_reading),
    which the rule's own assess, the machines without a card and a used base with cards read; no module builds it
    apart (machines._checks and bases.base_build had each said it)."""
    warn = SPEED.below_reading(3.0, None)
    assert warn is not None and warn.status == "warn" and warn.fields["tps"] == 3.0
    assert warn.fields["reading"] == READING_TPS and warn.code == "reading"
    cpu = SPEED.below_reading(3.0, None, cpu_only=True)
    assert cpu is not None and cpu.code == "reading-cpu"
    assert SPEED.below_reading(READING_TPS, None) is None and SPEED.below_reading(3.0, 2.0) is None
    assert SPEED.below_reading(None, None) is None
    root = Path(__file__).resolve().parents[2] / "configurator"
    said_apart = [
        p.relative_to(root).as_posix()
        for p in root.rglob("*.py")
        if p.name != "job.py" and ('say("warn", "reading"' in p.read_text() or '"reading-cpu", tps=' in p.read_text())
    ]
    assert said_apart == []


@pytest.mark.slow
def test_prompt_times_the_usages_prompt_as_the_first_token_line_says(catalog: Catalog) -> None:
    """PROMPT timed the typed 1,020-token prompt (a few seconds) where the line under each build said the coding
    agent's 42,000-token prompt took 26 s on 2 x MI50: it now times the usage's prompt, its cached part and its
    uncached part's seconds as the costs read them, and the last of the five seats who send one at once waits for the
    four before it (five times it: the MI50 pair and the Mac mini wait past PROMPT's minute and, as any build whose
    prompts wait, hold no claim beside builds whose do not). Without a usage it times the typed prompt, as before."""
    model = catalog.records["models"]["qwen3.6-27b"]
    assert isinstance(model, ModelArch)
    request = _request(model)
    timed = 0
    for build in plan(request, catalog, model=model, ownership=TEAM).builds:
        first = build.first_token()
        prompt = next((c for c in build.checks if c.rule == "PROMPT"), None)
        if first is None or prompt is None or prompt.code == "unknown":
            continue
        timed += 1
        assert prompt.fields["prompt"] == first["usage_prompt_tokens"] == 42000
        assert prompt.fields["cached"] == first["usage_cached_tokens"]
        assert prompt.fields["wait_s"] == pytest.approx(first["usage_prompt_s"], abs=0.05)
        assert prompt.fields["shared_s"] == pytest.approx(5 * prompt.fields["wait_s"])
        uncached = prompt.fields["prompt"] - prompt.fields["cached"]
        assert prompt.fields["tps"] * prompt.fields["wait_s"] == pytest.approx(uncached, rel=0.01)
        assert (prompt.status == "warn") == (prompt.fields["shared_s"] > 60.0)
    assert timed
    for build in plan(request, catalog, model=model).builds:
        prompt = next((c for c in build.checks if c.rule == "PROMPT"), None)
        if prompt is not None and prompt.code != "unknown":
            assert prompt.fields["prompt"] == 1020 and "cached" not in prompt.fields


def test_the_prompt_rate_shown_is_the_one_that_gives_the_wait_beside_it() -> None:
    """ "prompt processed at about N tokens/s: W s before the first token" is one claim: round 40 showed the estimate's
    short-prompt rate beside the long prompt's wait (Qwen3-32B for five coding-agent seats at 6,000 USD, 4 x Arc Pro
    B60: "about 683 tokens/s: 21 s" for 6,575 uncached tokens, which is 311 a second). The rate shown is now the
    prompt's uncached part over its wait, never above the short-prompt rate, and each of several users' prompts takes
    that wait (their prompts share the rate)."""
    rule = PromptWait()
    check = rule.check(683.0, 21.1, 40960, users=5, cached=34385)
    assert check.fields["tps"] == pytest.approx(6575 / 21.1)
    assert check.fields["shared_s"] == pytest.approx(5 * 21.1)
    check = rule.check(2000.0, 4.0, 4096, users=3)
    assert check.fields["tps"] == pytest.approx(1024.0)
    assert check.fields["shared_s"] == pytest.approx(12.0)
    assert "about 1,024 tokens/s: 4 s" in check.message
    assert rule.check(2000.0, 0.2, 512).fields["tps"] == 2000.0
