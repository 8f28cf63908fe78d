"""Used office PCs and workstations as the base of a GPU build (round 38): a registered candidate source that buys a
base machine (catalogs/bases.toml: CPU, RAM, storage and PSU included) and adds used or new cards into its free x16
slots, as practitioners do at a few hundred dollars (an HP Z440 with two RTX 3060 12GB). The choice of base x card x
count is exhaustive over the catalog and ruled by BASE-1 (rules.base_fit), the build lists BASE-1's and BASE-2's
findings; ranking and labelling are the pipeline's."""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog.models import BaseMachine, Gpu
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.reasons import Reason
from configurator.core.estimate.host import FAMILY_OF_PLATFORM, host_from_bandwidth
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.result import EstimateResult
from configurator.core.model.build import Build, BuildPart, Check, Power, SlotAssignment
from configurator.core.model.request import circuit_limit_w
from configurator.core.rules import base_fit, compatibility, instance
from configurator.core.rules import job as job_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules import watts as pw
from configurator.core.solve.candidates import (
    estimate_as_practitioner,
    fastest_engine,
    gpu_allowed,
    on_engine,
    runnable_engines,
    runs_from_ram,
)
from configurator.core.solve.pricing import Quote, bought_line, quote
from configurator.core.solve.rules import prompt_check, region_check, speed_check
from configurator.core.solve.sources import PlanContext, register

BASE_SOURCES = ("base-machine",)
"""The source this module registers: left out, with machines.MACHINE_SOURCES, of a map of named GPUs."""
USED_ALLOWED = ("used", "any")
"""The conditions under which a used base machine is offered (round 39: the default "any" joined "used")."""
GIB = 1024**3
FIT, CHECKS = instance(base_fit.BaseFit), instance(base_fit.BaseBuyerChecks)
MEM_FIT, CIRCUIT = instance(job_rules.MemoryFit), instance(power_rules.Circuit)
SPEED, RAM_FOR_JOB = instance(job_rules.Speed), instance(compatibility.RamForJob)
OEM_EFFICIENCY = pw.EFFICIENCY_FULL_LOAD["gold"]
"""The workstation supplies (HP's and Lenovo's 90 %-efficient units at typical load) taken at Gold's full-load
efficiency, as a build from parts with a Gold unit is."""


def _offers(ctx: PlanContext) -> bool:
    """Whether the request is one a base machine answers: inference asked of no named or owned card, used parts allowed
    (`--condition used`, or the default "any", under which the used cards already compete: a base machine is sold used
    only, so `--condition new` leaves it out), a tower allowed, no power cap asked (the builds run the cards at their
    rated power), a buyer outside China (the records carry US used prices only: no Chinese market price was found)."""
    r = ctx.request
    return (
        ctx.workload.kind == "inference"
        and r.condition in USED_ALLOWED
        and not r.named
        and not r.owned
        and r.form in ("tower", "any")
        and r.power_limit is None
        and r.region == "global"
        and not ctx.should_stop()
    )


def _estimate(ctx: PlanContext, gpu: Gpu, count: int) -> EstimateResult | None:
    """The job on `count` cards of `gpu` with every engine whose stack runs on it, the fastest kept (as a build from
    parts is estimated); None where none runs it or it does not fit."""
    engines = runnable_engines(gpu, ctx.request, ctx.workload, ctx.model.architecture)[0]
    if not engines:
        return None

    def run(wl: object) -> EstimateResult:
        return estimate_as_practitioner(ctx.model, wl, gpu, count, ctx.request, ctx.exact_weight_bytes)  # type: ignore[arg-type]

    try:
        est = fastest_engine(ctx.request, ctx.workload, engines, run)
    except (ValueError, ConfiguratorError):
        return None
    return est if _fits(est) else None


def _fits(est: EstimateResult) -> bool:
    peak = est.peak_gpu
    return peak.total <= (peak.usable_bytes or 0)


def _on_own_ram(
    ctx: PlanContext, base: BaseMachine, gpu: Gpu, count: int, est: EstimateResult
) -> EstimateResult | None:
    """`est` where the job reads no weights from system RAM; else the job timed on the base's own RAM (its peak,
    BaseMachine.memory_bandwidth_gbps, read at the share FAMILY_OF_PLATFORM gives a workstation) by the one offload
    model, as a build from parts is on its own CPU and DIMMs (plan._on_host); None where that bandwidth is not known or
    the job does not fit so. A card's estimate reads RAM at a DDR5 desktop's 89.6 GB/s (Workload.ram_bandwidth_gbps)
    by the older formula: Qwen3-30B-A3B for 4 users at 20 tokens/s had been offered an HP Z440 (four DDR4-2133
    channels, 68.3 GB/s) with an RTX 2070 and the experts in its RAM at 24.3 tokens/s each, for 470 USD."""
    workload = ctx.workload
    if not runs_from_ram(workload) or workload.engine not in (None, "llama.cpp"):
        return est
    if base.memory_bandwidth_gbps is None:
        return None
    host = host_from_bandwidth(
        base.memory_bandwidth_gbps,
        FAMILY_OF_PLATFORM["workstation"],
        capacity_gb=base.memory_gb,
        pcie_gen=base.pcie_gen,
    )
    try:
        own = estimate_on_host(ctx.model, on_engine(workload, "llama.cpp"), gpu, count, host, ctx.exact_weight_bytes)
    except (ValueError, ConfiguratorError):
        return None
    return own if _fits(own) else None


def _lines(base: BaseMachine, bq: Quote, gpu: Gpu, gq: Quote, count: int) -> tuple[BuildPart, BuildPart]:
    said = Reason.of("part.base", cpu=base.cpu_name, gb=base.memory_gb, psu_w=base.psu_w, slots=len(base.x16_slots))
    card = Reason.of("part.base-card", gpu=gpu.name, base=base.name)
    return bought_line("base", base, bq, said, 1), bought_line("gpu", gpu, gq, card, count)


def _power(base: BaseMachine, gpu: Gpu, count: int, limit: float) -> Power:
    dc = base_fit.load_w(base, gpu, count)
    wall = dc / OEM_EFFICIENCY
    return Power(
        dc_load_w=dc,
        psu_w=base.psu_w,
        wall_w=wall,
        circuit_ok=wall <= limit,
        circuit_limit_w=limit,
        transient_w=base.host_load_w + gpu.tdp_w * count * pw.SLOW_TRANSIENT_RATIO,
        heat_btu_h=wall * pw.BTU_PER_W,
        gpu_w=gpu.tdp_w * count,
        cpu_w=base.host_load_w - pw.BASE_W,
        rest_w=float(pw.BASE_W),
    )


def base_build(ctx: PlanContext, base: BaseMachine, gpu: Gpu, count: int, est: EstimateResult) -> Build | None:
    """`count` cards of `gpu` in `base` as one build, or None where either has no price a buyer can act on or BASE-1
    refuses them."""
    request = ctx.request
    bq = quote(base, ctx.catalog, request.currency, request.condition, request.tax_basis)
    gq = quote(gpu, ctx.catalog, request.currency, request.condition, request.tax_basis)
    fit = FIT.allowed(base, gpu, count)
    if bq is None or gq is None or fit.status == "fail":
        return None
    limit = circuit_limit_w(request.circuit)
    power = _power(base, gpu, count, limit)
    peak = est.peak_gpu
    need, usable = peak.total / GIB, (peak.usable_bytes or 0) / GIB
    checks: list[Check] = [
        MEM_FIT.say("pass", "fits", need_gib=need, usable_gib=usable, free=1 - need / usable if usable else 0.0),
        fit,
        CHECKS.listing(base, gpu, int(fit.fields.get("adapters") or 0)),  # type: ignore[arg-type]
        CIRCUIT.say("pass" if power.circuit_ok else "fail", "system", max_w=power.wall_w, limit_w=limit),
        prompt_check(est),
    ]
    if est.host_ram_bytes:
        # RAM-3 on the base's own RAM (fix39): a 16 GB Dell T5810 had been offered a 70B's 327 users with 442 GiB of
        # KV cache kept in system RAM, as a build from parts never is
        checks.append(RAM_FOR_JOB.kept(est.host_ram_bytes, est.offloaded_bytes, base.memory_gb, est.workload))
    if (speed := speed_check(est, request)) is not None:
        checks.insert(0, speed)
    elif (slow := SPEED.below_reading(est.decode_tokens_per_s, request.min_decode_tps)) is not None:
        # PERF's warning below reading speed when none was asked, as every build from parts and box carries (fix39: a
        # base build at 0.11 tokens/s per user was labelled 'cheapest below reading speed' with no PERF finding)
        checks.insert(0, slow)
    if (region := region_check(gpu, request)) is not None:
        checks.append(region)
    order = {"fail": 0, "warn": 1, "pass": 2}
    kind = Reason.of("kind.base-gpu", base=base.name.split(",")[0])
    why = Reason.of("why.base-gpu", base=base.name.split(",")[0], cpu=base.cpu_name, gb=base.memory_gb)
    return Build(
        rank=1,
        label="",
        why="",
        parts=_lines(base, bq, gpu, gq, count),
        nodes=1,
        currency=request.currency,
        power=power,
        estimate=est,
        checks=tuple(sorted(checks, key=lambda c: order[c.status])),
        slot_map=tuple(
            SlotAssignment(slot=p, part_id=gpu.id, lanes=16, gen=base.pcie_gen) for p in base.x16_slots[:count]
        ),
        gpu_id=gpu.id,
        gpu_count=count,
        interconnect=f"PCIe {base.pcie_gen}.0 x16" + (" per card" if count > 1 else ""),
    ).of_kind(kind, why=why)


def _candidates(ctx: PlanContext) -> list[tuple[float, float, Build]]:
    """Every base x card x count BASE-1 allows, within the budget, that holds and serves the job: (price, decode,
    build). Each card and count is estimated once, whatever base it goes into."""
    request = ctx.request
    bases = [b for b in ctx.catalog.kind("bases") if isinstance(b, BaseMachine)]
    priced = [
        (b, q)
        for b in bases
        if (q := quote(b, ctx.catalog, request.currency, request.condition, request.tax_basis)) is not None
    ]
    if not priced:
        return []
    most = max(len(b.x16_slots) for b, _q in priced)
    found: list[tuple[float, float, Build]] = []
    for gpu in ctx.catalog.gpus:
        gq = quote(gpu, ctx.catalog, request.currency, request.condition, request.tax_basis)
        if gq is None or gpu_allowed(gpu, request) is not None or ctx.should_stop():
            continue  # the cards the solver considers (the vendor asked, PCIe cards, the buyer's market)
        for count in range(1, min(most, request.max_gpus) + 1):
            fits = [(b, q) for b, q in priced if FIT.allowed(b, gpu, count).status == "pass"]
            fits = [(b, q) for b, q in fits if request.budget is None or q.amount + gq.amount * count <= request.budget]
            if not fits:
                continue
            est = _estimate(ctx, gpu, count)
            if est is None:
                continue
            for base, q in fits:
                own = _on_own_ram(ctx, base, gpu, count, est)
                if own is None or (speed := speed_check(own, request)) is not None and speed.status == "fail":
                    continue
                build = base_build(ctx, base, gpu, count, own)
                if build is not None and not build.fails:
                    found.append((q.amount + gq.amount * count, own.decode_tokens_per_s or 0.0, build))
            break  # the fewest cards that hold the job: one more of the same is the pipeline's "one more card"
    return found


def _picks(ctx: PlanContext) -> list[Build]:
    """The cheapest base + card build, the most decode per dollar and, under a budget, the fastest within it."""
    found = _candidates(ctx)
    if not found:
        return []
    cheapest = min(found, key=lambda f: (f[0], -f[1]))
    fastest = max(found, key=lambda f: (f[1], -f[0]))
    value = max(found, key=lambda f: (f[1] / f[0], -f[0]))
    out: list[Build] = []
    for pick in (cheapest, value, *((fastest,) if ctx.request.budget is not None else ())):
        if all(pick[2] is not b for b in out):
            out.append(pick[2])
    return out


def _variants(ctx: PlanContext) -> list[tuple[PlanContext, Reason]]:
    """The formats the plan also runs cards at for a single user's request without --precision (up to
    plan.USUAL_GGUF_USERS users, relax.usual_gguf_applies): the GGUF llama.cpp users pull (plan.USUAL_GGUF:
    plan._usual_gguf_machines) and, for a 16-bit release, Q8_0 scored as the release (plan._release_on_cards), each with
    the kind its builds say. Without them a base machine competed in BF16 only beside Q4_K_M and Q8_0 tower builds."""
    from configurator.core.solve.plan import USUAL_GGUF, USUAL_GGUF_USERS
    from configurator.core.solve.relax import usual_gguf_applies
    from configurator.core.solve.sources import RELEASE_IN_RAM, release_in_ram

    request = ctx.request
    if not usual_gguf_applies(request) or request.workload.batch > USUAL_GGUF_USERS:
        return []
    formats = [(USUAL_GGUF, Reason.of("kind.usual-gguf", precision=USUAL_GGUF.upper()), False)]
    if release_in_ram(request) and not request.precision_released:
        formats.append((RELEASE_IN_RAM, Reason.of("kind.release-on-cards", precision=RELEASE_IN_RAM.upper()), True))
    out = []
    for precision, said, released in formats:
        workload = request.workload.model_copy(update={"precision": precision})
        update: dict[str, object] = {"workload": workload} | ({} if released else {"precision_released": False})
        variant = request.model_copy(update=update)
        out.append((replace(ctx, request=variant, workload=variant.workload.resolved(ctx.model.max_context)), said))
    return out


@register("base-machine")
def base_machines(ctx: PlanContext) -> list[Build]:
    """The cheapest base + card build, the most decode per dollar and, under a budget, the fastest within it, when
    they are different builds (the pipeline measures, ranks and labels them with every other source's). A used base is
    the cheap way to a card: with no budget the fastest card is a build from parts' to offer (without this, an 8,945
    USD RTX PRO 6000 in a 380 USD P520 was shown beside the 5090 tower)."""
    if not _offers(ctx):
        return []
    out = _picks(ctx)
    for variant, said in _variants(ctx):
        if ctx.should_stop():
            break
        out += [b.of_kind(*b.kinds_said(), said) for b in _picks(variant)]
    return out
