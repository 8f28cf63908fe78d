"""The reasons printed beside each part agree with the build's own estimate."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.plan import plan

GIB = 1024**3


def test_the_gpu_reason_states_the_memory_the_build_puts_on_each_gpu(catalog: Catalog) -> None:
    """Seen in the app: a 16 GB card with Qwen3-30B-A3B's experts in RAM said "2.1 GiB needed per GPU"
    while its estimate (and the VRAM tab) put 15.4 GiB on it."""
    request = BuildRequest(
        model_id="qwen3-30b-a3b",
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
        budget=1500,
        owned=(OwnedPart(category="gpu", id="rtx-4060-ti-16gb", quantity=1),),
    )
    builds = plan(request, catalog).builds
    offloaded = [b for b in builds if b.estimate.host_ram_bytes > GIB]
    assert offloaded, [b.label for b in builds]
    for build in builds:
        gpu = next(p for p in build.parts if p.category == "gpu")
        if build.gpus_mixed:  # different cards (#28): each line says its share of the layers and its own memory
            assert "layers" in gpu.why and "GB" in gpu.why, (build.label, gpu.why)
            continue
        assert f"{build.estimate.per_gpu_bytes / GIB:.1f} GiB needed per GPU" in gpu.why, (build.label, gpu.why)


def test_a_training_job_that_fits_nowhere_still_says_what_it_is(catalog: Catalog) -> None:
    """Sam's journey, on a household circuit: nothing can finish 100B tokens in two weeks there, and the answer
    still says how many GPU-hours the job is at a stated MFU (the journey's first question)."""
    memo.clear()
    result = plan(
        BuildRequest(
            model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11, context=2048), deadline_hours=336
        ),
        catalog,
    )
    assert not result.builds and result.infeasible is not None
    reason = result.infeasible.reason
    assert "GPU-hours" in reason and "MFU" in reason and "FLOPs" in reason
    assert "120 V 15 A" in reason and "120v15a" not in reason
    # written for a buyer: '1.3 x 10^21 FLOPs', whole days (walk8: it read '1.28e+20 FLOPs' and '111,835.5 days')
    assert "x 10^" in reason and "e+" not in reason, reason


def test_a_job_of_years_says_years() -> None:
    """A 405B on 15T tokens is about 300 years on 8 of the fastest cards: said in years, not '111,835.5 days'."""
    from configurator.storage import catalogs as stored

    catalog = stored.load(include_user=False).catalog
    memo.clear()
    result = plan(
        BuildRequest(
            model_id="llama-3.1-405b",
            workload=Workload(kind="pretrain", tokens=1.5e13),
            deadline_hours=336,
            budget=5000,
        ),
        catalog,
    )
    assert result.infeasible is not None
    reason = result.infeasible.reason
    assert "years on 8 of them" in reason and "days on 8" not in reason, reason


def test_the_ram_rule_and_the_offload_fit_are_one_rule(catalog: Catalog) -> None:
    """A 70B for 327 users with the KV cache in RAM: the window had shown '1 x RTX 2070, all pass' above 'does not
    fit in system RAM: needs 442.9 GiB, the host has 476.8 GiB (90 % usable)'. RAM-3 and the estimate's fit check
    now count the same room for the OS, so no build is offered that its own estimate says does not fit; and a
    build whose users get a fraction of a token a second says so (PERF warns though no speed was asked)."""
    from configurator.core.solve.rules import READING_TPS

    memo.clear()
    result = plan(
        BuildRequest(
            model_id="llama-3.3-70b",
            workload=Workload(kind="inference", precision="q4_k_m", batch=327, offload="cpu"),
            room="lab",
        ),
        catalog,
    )
    assert result.builds
    for build in result.builds:
        assert not any(w.code == "warn.host-ram" for w in build.estimate.warnings), build.label
        if (build.estimate.decode_tokens_per_s or 0) < READING_TPS:
            assert any(c.rule == "PERF" and c.status == "warn" for c in build.checks), build.label
