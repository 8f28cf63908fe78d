"""The next step up from a build: one more of its card, or its cards swapped for the next rung of the upgrade path;
what each costs at catalog prices (with their dates) and what it unlocks (a longer context, more users, a larger
model, speed).

The rungs follow the seed article's dual-GPU upgrade route (如何选择整机, section 2.5: "双卡GPU升级路线：3090—>4090—>A100
40G（2.5w左右）—>A100 80G（6~7w左右）"): UPGRADE_PATH. A card off that route steps to the cheapest catalog card of its
vendor with more memory per GPU. "Buy one card now, add a second later" is the add step: the second card alone, with
what the board, case, PSU and circuit need for it (plan._one_more_gpu's finding, upgrade.one-more).

Each step is estimated with the same estimator as the build, on the workload the build runs (its precision, engine,
KV cache, context and users). "Unlocks" compares the step with the build itself, each searched the same way: the
longest context up to the model's own (doubling from the asked one), the most users up to MAX_USERS (doubling), the
largest catalog model that fits at the same settings. A figure the build's estimate line also shows (its decode and
prompt speed, its hours) is said as that line says it (reasons.tps_text), and a gain or loss only when the figures
differ as shown ("but 14.7 tokens/s per user (now 14.7)" had said a loss no reader sees).

A swap re-checks the case and the cooling for the new card (_fit_needs: its length against the case, its width on the
board's x16 slots and the case's openings, open-air flagships in a tower, a passive card outside a ducted chassis) and
says what changes (its cooler, its width: change.*). A server chassis's own power supplies take no ATX PSU: a step says
the watts they must give (need.psu-built-in) and the add step the load it puts on them (power.after). The step's other
parts are not re-solved: `llm-rig plan --gpu ID --gpus N` plans the whole machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, Cpu, Gpu, MemoryKit, ModelArch, Motherboard, Price
from configurator.core.catalog.tax import TaxBasis
from configurator.core.common.errors import ConfiguratorError
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason, as_json, tps_text
from configurator.core.common.shapes import NextStepJson
from configurator.core.estimate.estimator import estimate, memory_fits
from configurator.core.estimate.host import HostMemory, host_memory
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.rules.compat import ducted, host_ram_needed, needs_ducted, open_air_flagships, shroud_cools
from configurator.core.rules.cooling import PassiveCards
from configurator.core.rules.watts import POWER_SPEED
from configurator.core.solve.pricing import quote
from configurator.core.solve.rules import OPEN_AIR_FLAGSHIPS, PSU_LOAD
from configurator.core.solve.slots import BAY_GEN, place

UPGRADE_PATH: tuple[str, ...] = ("rtx-3090", "rtx-4090", "a100-40gb-pcie", "a100-80gb-pcie")
"""The seed article's dual-GPU upgrade route (如何选择整机 2.5): 3090 -> 4090 -> A100 40G (about 25,000 CNY) -> A100 80G
(60,000-70,000 CNY); the prices shown are the catalog's, with their dates, not the article's."""

RUNG_OF = {"rtx-3090-ti": "rtx-3090", "rtx-4090-blower": "rtx-4090", "rtx-4090d": "rtx-4090"}
"""Variants that stand on a rung of UPGRADE_PATH (the same chip and memory)."""

SXM_PATH = {"a100-40gb-sxm": "a100-80gb-sxm"}
"""An SXM board steps to the SXM board of the next rung (it does not fit a PCIe slot)."""

TENSOR_SPLITS = ("tensor", "tensor-pipeline")
"""The splits in which every card works on each token at once (EstimateResult.split)."""

PREFILL_GAIN = 1.1
"""Prompt reading shown as unlocked from 10 % faster (a smaller gain is within the estimate's own spread)."""

MAX_USERS = 256
"""The most concurrent users a step is searched up to."""


@dataclass(frozen=True)
class Reach:
    """What one GPU and count holds for the build's job: the longest context, the most users, the largest model."""

    fits: bool
    context: int | None
    users: int | None
    model: ModelArch | None
    decode_tokens_per_s: float | None
    prefill_tokens_per_s: float | None
    wall_hours: float | None
    gpus: int = 0  # the cards searched
    split: str | None = None  # how the job is split over them (EstimateResult.split: single, tensor, layer...)


def _workload(build: Build, asked: Workload) -> Workload:
    """The workload the build runs: the request's, with the precision, engine, KV cache, context and users its
    estimate ran (a source may serve FP8 on vLLM where the request left them open), and the fine-tuning stack it
    trains with (the one-GPU Unsloth builds: searched under PEFT's defaults, an A5000 that trains Gemma 4 31B QLoRA
    in 82 h was told a swap "unlocks the job fits"), timed for the job it was timed for (a fine-tune without --tokens:
    plan's reference job; untimed, a sixth card for Qwen2.5-72B LoRA "unlocked no ... speed for this job")."""
    ran = build.estimate.workload
    keys = (
        "precision", "kv_precision", "context", "batch", "engine", "zero", "grad_checkpointing",
        "framework", "optimizer", "activation_offload", "tokens",
    )  # fmt: skip
    return asked.model_copy(update={k: ran[k] for k in keys if ran.get(k) is not None})  # type: ignore[literal-required]


def _in_ram(build: Build, workload: Workload) -> Workload | None:
    """The workload as the build runs it when it keeps layers or experts in system RAM (llama.cpp), placed afresh for
    each context and user count (offload.choose_placement: what does not fit the cards goes to RAM); None for a build
    that runs from its cards alone. One RTX 2060 12GB for a 32B at Q4 (27 layers in RAM) had been searched as if all
    had to fit the card, and its steps said "a context of 8,192 tokens (now 0)" and "2 users at once (now 0)"."""
    ran = build.estimate.workload
    if ran.get("offload") != "cpu" and not ran.get("cpu_layers") and not ran.get("cpu_experts"):
        return None
    update: dict[str, object] = {"offload": "cpu", "engine": "llama.cpp"}
    for key in ("host_buffer", "ram_bandwidth_gbps"):
        if ran.get(key) is not None:
            update[key] = ran[key]  # type: ignore[literal-required]
    return workload.model_copy(update=update)  # the asked --cpu-layers / --cpu-experts stand; else placed afresh


def _fits(model: ModelArch, workload: Workload, gpu: Gpu, count: int) -> EstimateResult | None:
    try:
        result = estimate(model, workload, gpu, count)
    except (ValueError, ConfiguratorError):  # a format this model is not made in (MXFP4 on a dense model), say
        return None
    return result if result.fits else None


def _holds(model: ModelArch, workload: Workload, gpu: Gpu, count: int) -> bool:
    """Whether the job fits (`_fits(...) is not None`), from its memory alone (estimator.memory_fits, #34)."""
    try:
        return bool(memory_fits(model, workload, gpu, count))
    except (ValueError, ConfiguratorError):
        return False


def _doubling(model: ModelArch, workload: Workload, gpu: Gpu, count: int, key: str, start: int, cap: int) -> int | None:
    """The largest value of `key` (context or batch) doubling from `start` up to `cap` that still fits."""
    return _doubled(lambda w: _holds(model, w, gpu, count), workload, key, start, cap)


def _doubled(holds: Callable[[Workload], bool], workload: Workload, key: str, start: int, cap: int) -> int | None:
    """The largest value of `key` doubling from `start` up to `cap` whose workload `holds` (any cards: a mix too)."""
    best = None
    value = start
    while value <= cap:
        if not holds(workload.model_copy(update={key: value})):
            break
        best = value
        if value == cap:
            break
        value = min(value * 2, cap)
    return best


WEIGHT_MARGIN = 0.7
"""A larger model is estimated only when its weights, at the bytes per parameter the build's own model takes here,
could fill no more than the GPUs' memory / WEIGHT_MARGIN (formats differ by model: a bound, not a verdict)."""


def _largest_model(
    catalog: Catalog,
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    count: int,
    own: EstimateResult | None,
    ram: int | None = None,
) -> ModelArch | None:
    """The catalog's largest model (published total parameters) that fits where this one runs, at its settings; with
    weights in RAM, in the build's `ram` bytes too. Searched on the cards alone, one RTX 2070 beside Qwen3-30B-A3B's
    experts in 32 GB of RAM had said one more card "unlocks a model up to GLM-5 (744B)", whose experts need about
    400 GB."""
    if own is None:
        return None
    weights = sum(g.breakdown.weights for g in own.per_gpu) or own.total_bytes
    room = count * gpu.memory_gib * 1e9
    if ram is not None:  # the weights the build keeps in RAM count against its RAM
        weights += own.host_ram_bytes
        room += ram
    per_param = weights / (model.params_total_b * 1e9)
    room /= WEIGHT_MARGIN
    larger = sorted(
        (
            m
            for m in catalog.records.get("models", {}).values()
            if isinstance(m, ModelArch)
            and m.params_total_b > model.params_total_b
            and m.params_total_b * 1e9 * per_param <= room
        ),
        key=lambda m: (-m.params_total_b, m.id),
    )
    for other in larger:
        runs = workload.model_copy(update={"context": min(workload.context or other.max_context, other.max_context)})
        if _holds(other, runs, gpu, count) and (ram is None or _in_host_ram(other, runs, gpu, count, ram)):
            return other
    return model


def _in_host_ram(model: ModelArch, workload: Workload, gpu: Gpu, count: int, ram: int) -> bool:
    """Whether what the job keeps in RAM, with the OS's share (RAM-3: rules.compat.host_ram_needed), fits `ram`."""
    result = _fits(model, workload, gpu, count)
    return result is not None and host_ram_needed(result.host_ram_bytes, training=False) <= ram


def reach(
    catalog: Catalog, model: ModelArch, workload: Workload, gpu: Gpu, count: int, ram: int | None = None
) -> Reach:
    """What `count` x `gpu` hold for this job (the same search for the build and for each step), once per plan's
    builds on the same cards (a plan shows several builds of one GPU and count); `ram`: the bytes of RAM a build that
    keeps weights there has."""
    return remember(
        "next_step_reach", (id(catalog), id(model), workload, id(gpu), count, ram), (catalog, model, gpu),
        lambda: _reach(catalog, model, workload, gpu, count, ram),
    )  # fmt: skip


def _reach(catalog: Catalog, model: ModelArch, workload: Workload, gpu: Gpu, count: int, ram: int | None) -> Reach:
    result = _fits(model, workload, gpu, count)
    inference = workload.kind == "inference"
    context = workload.context or model.max_context
    return Reach(
        fits=result is not None,
        context=_doubling(model, workload, gpu, count, "context", context, model.max_context) if inference else None,
        users=_doubling(model, workload, gpu, count, "batch", workload.batch, MAX_USERS) if inference else None,
        model=_largest_model(catalog, model, workload, gpu, count, result, ram),
        decode_tokens_per_s=result.decode_tokens_per_s if result is not None else None,
        prefill_tokens_per_s=result.prefill_tokens_per_s if result is not None else None,
        wall_hours=result.wall_hours if result is not None else None,
        gpus=count,
        split=result.split if result is not None else None,
    )


def unlocks(before: Reach, after: Reach, model: ModelArch) -> tuple[Reason, ...]:
    """What a step gives over the build, as codes (unlock.*): each figure that grows, or unlock.nothing."""
    out: list[Reason] = []
    if after.fits and not before.fits:
        out.append(Reason.of("unlock.fits"))
    if after.context and (before.context or 0) < after.context:
        out.append(Reason.of("unlock.context", before=before.context or 0, after=after.context))
    if after.users and (before.users or 0) < after.users:
        out.append(Reason.of("unlock.users", before=before.users or 0, after=after.users))
    bigger = after.model is not None and after.model.params_total_b > (
        before.model.params_total_b if before.model else model.params_total_b
    )
    if bigger and after.model is not None:
        out.append(Reason.of("unlock.model", model=after.model.name, params=after.model.params_total_b))
    # a gain or loss of speed only where the figures differ as the estimate line shows them (reasons.tps_text)
    differ = bool(
        after.decode_tokens_per_s
        and before.decode_tokens_per_s
        and tps_text(after.decode_tokens_per_s) != tps_text(before.decode_tokens_per_s)
    )
    if differ and (after.decode_tokens_per_s or 0) > (before.decode_tokens_per_s or 0):
        out.append(Reason.of("unlock.speed", before=before.decode_tokens_per_s, after=after.decode_tokens_per_s))
    slower = differ and (after.decode_tokens_per_s or 0) < (before.decode_tokens_per_s or 0)
    lost: tuple[Reason, ...] = (
        (Reason.of("lose.speed", before=before.decode_tokens_per_s, after=after.decode_tokens_per_s),) if slower else ()
    )
    if slower and before.split in TENSOR_SPLITS and after.split == "layer":
        # why a step that adds a card is slower: vLLM's tensor parallelism needs a count that divides the attention
        # heads (estimator._choose_split); three cards run as a pipeline, each token through one card after another,
        # so each user's speed is one card's bandwidth, not the cards' sum (2 x RTX 2080 Ti 22GB for a 70B at AWQ:
        # 16.6 tokens/s at TP=2, 8.7 on three)
        lost += (Reason.of("lose.layer-split", gpus=after.gpus, was=before.gpus, heads=model.num_attention_heads),)
    if (
        after.prefill_tokens_per_s
        and before.prefill_tokens_per_s
        and after.prefill_tokens_per_s > PREFILL_GAIN * before.prefill_tokens_per_s
    ):
        # the compute a card adds shows in reading the prompt (the seed's "4090 computes almost twice as fast as a
        # 3090"), not in decoding, which streams the weights at the memory's bandwidth
        out.append(Reason.of("unlock.prefill", before=before.prefill_tokens_per_s, after=after.prefill_tokens_per_s))
    if after.wall_hours and before.wall_hours and round(after.wall_hours) < round(before.wall_hours):
        out.append(Reason.of("unlock.hours", before=before.wall_hours, after=after.wall_hours))
    # a card with more memory can decode slower (less bandwidth): said beside what it unlocks
    return (*(out or [Reason.of("unlock.nothing")]), *lost)


def next_card(catalog: Catalog, gpu: Gpu, currency: str, conditions: tuple[str, ...] = ("new", "used")) -> Gpu | None:
    """The next rung up from `gpu`: UPGRADE_PATH's next card; below the route, its first rung with more memory (a
    2080 Ti 22GB's step is the 3090, as the seed's buyers take it); else the cheapest card of its vendor, form factor
    and generation or later with more memory per GPU that has a price in `conditions` (no reworked cards)."""
    rung = RUNG_OF.get(gpu.id, gpu.id)
    target = SXM_PATH.get(gpu.id)
    if target is None and rung in UPGRADE_PATH[:-1]:
        target = UPGRADE_PATH[UPGRADE_PATH.index(rung) + 1]
    record = catalog.records.get("gpus", {}).get(target) if target else None
    if isinstance(record, Gpu):
        return record
    for rung_id in UPGRADE_PATH:  # below the route (a 2080 Ti 22GB, a 3060): its first rung with more memory
        first = catalog.records.get("gpus", {}).get(rung_id)
        if (
            isinstance(first, Gpu)
            and first.vendor == gpu.vendor
            and first.vram_gb > gpu.vram_gb
            and first.gpus_per_card == gpu.gpus_per_card
            and first.memory_bandwidth_gbps >= gpu.memory_bandwidth_gbps  # a step up in speed too, not only memory
            and catalog_price(catalog, first, currency, conditions) is not None
        ):
            return first
    priced = [
        (price[0], g.id, g)
        for g in catalog.gpus
        if g.vendor == gpu.vendor
        and g.vram_gb > gpu.vram_gb
        and g.gpus_per_card == gpu.gpus_per_card
        and g.form_factor == gpu.form_factor
        and g.release_year >= gpu.release_year  # a step up, not back to an older generation's software stack
        and not g.modified
        and (price := catalog_price(catalog, g, currency, conditions)) is not None
    ]
    return min(priced)[2] if priced else None


def catalog_price(
    catalog: Catalog,
    record: Gpu,
    currency: str,
    conditions: tuple[str, ...] = ("new", "used"),
    taxed: TaxBasis | None = None,
) -> tuple[float, Price] | None:
    """The price of the first condition that has one, in `currency`, as the build's own parts are quoted
    (pricing.quote: converted at the catalog's rates, a price the market has left raised to the newer observation,
    no new price for a card no longer sold new), with the price record that dates it. A step priced otherwise said
    "add one more RTX 3090: 5,500 CNY (2025-06-01)" beside the build's own 3090s at 8,648 CNY each (raised to their
    USD price of 2026-09-30). `taxed`: the build's tax basis (Build.tax_basis: its buyer's country, VAT reclaimed)."""
    for condition in conditions:
        q = quote(record, catalog, currency, "new" if condition == "new" else "used", taxed)
        if q is not None and (q.condition == condition or (condition == "used" and q.condition == "refurbished")):
            return q.amount, q.price
    return None


@dataclass(frozen=True)
class NextStep:
    kind: str  # "add" or "swap"
    gpu: Gpu
    count: int  # GPUs after the step
    cost: float  # what the step buys, in the build's currency
    price: Price  # the catalog price it is computed from (date, source, condition)
    sold: float | None  # swap: what the cards taken out fetch at the catalog's used price (None: no used price)
    sold_date: date | None
    needs: tuple[Reason, ...]
    unlocks: tuple[Reason, ...]
    said: Reason

    def to_json(self, currency: str) -> NextStepJson:
        return {
            "kind": self.kind,
            "gpu": self.gpu.id,
            "gpu_name": self.gpu.name,
            "gpus": self.count,
            "cost": round(self.cost, 2),
            "currency": currency,
            "price_date": self.price.date.isoformat(),
            "price_condition": self.price.condition,
            "price_source": self.price.source,
            "sold": None if self.sold is None else round(self.sold, 2),
            "sold_price_date": self.sold_date.isoformat() if self.sold_date else None,
            "needs": [as_json(n) for n in self.needs],
            "unlocks": [as_json(u) for u in self.unlocks],
            "said": as_json(self.said),
        }


def _built_in_psu(build: Build) -> bool:
    """The machine's power comes from its chassis's own supplies (a GPU server's): no PSU part is bought."""
    return not any(p.category == "psu" for p in build.parts)


def _psu_need(build: Build, old: Gpu, new: Gpu, count: int) -> tuple[Reason, ...]:
    """A swap's PSU: the build's DC load with each card's draw replaced (PWR-2's headroom on the PSU it has, or on a
    server chassis's own supplies, which take no ATX PSU: the watts they must give)."""
    load = build.power.dc_load_w + count * (new.tdp_w - old.tdp_w)
    psu = build.power.psu_w
    if psu <= 0 or PSU_LOAD.holds(load, psu):
        return ()
    watts = -(-PSU_LOAD.least_psu_w(load) // 100) * 100
    if _built_in_psu(build):
        return (Reason.of("need.psu-built-in", watts=watts, has=psu),)
    return (Reason.of("need.psu", watts=watts),)


def _record(build: Build, catalog: Catalog, category: str, kind: str) -> object:
    part = next((p for p in build.parts if p.category == category), None)
    return catalog.records.get(kind, {}).get(part.id) if part is not None else None


def _fit_needs(
    build: Build, catalog: Catalog, old: Gpu, new: Gpu, count: int, new_usd: float | None = None
) -> tuple[Reason, ...]:
    """What the new cards need of the case, board and cooling that the old ones did not: their length against the
    case, their width on the board's x16 slots and the case's openings (slots.place, as the build was placed), open-air
    flagships in a tower (COOL-4), passive cards outside a ducted chassis or too hot or dear for the shroud frame
    (COOL-2: `new_usd`, one new card's price in USD)."""
    chassis = _record(build, catalog, "chassis", "chassis")
    board = _record(build, catalog, "motherboard", "motherboards")
    risers = any(p.category == "accessory" and p.spec.get("kind") == "riser" for p in build.parts)
    needs: list[Reason] = []
    if isinstance(chassis, Chassis) and new.length_mm > chassis.max_gpu_length_mm and not risers:
        needs.append(Reason.of("need.case-length", length=new.length_mm, max=chassis.max_gpu_length_mm))
    if isinstance(board, Motherboard) and (new.slot_width, new.cooler) != (old.slot_width, old.cooler):
        placed = place(board, new, count, risers)
        if placed is None:
            needs.append(Reason.of("need.board-spacing", width=new.slot_width, n=count))
        elif isinstance(chassis, Chassis) and not risers and placed.openings_needed > chassis.expansion_slots:
            needs.append(Reason.of("need.case-openings", openings=placed.openings_needed))
    if isinstance(chassis, Chassis):
        tower = chassis.kind in ("mid-tower", "full-tower")
        if tower and open_air_flagships(new.cooler, new.tdp_w, count):
            if not open_air_flagships(old.cooler, old.tdp_w, count):
                needs.append(Reason.of("need.open-frame", rule=OPEN_AIR_FLAGSHIPS.id))
        if needs_ducted(new) and not needs_ducted(old) and not ducted(chassis):
            needs.append(Reason.of("need.ducted", rule=PassiveCards.id))
        elif needs_ducted(new) and ducted(chassis) and not shroud_cools(new, chassis, new_usd):
            # the shroud frame is for cheap, used passive cards: a step up to dearer or hotter ones is a server
            needs.append(Reason.of("need.ducted", rule=PassiveCards.id))
    return tuple(needs)


def _changes(old: Gpu, new: Gpu, one: bool = False) -> tuple[Reason, ...]:
    """What a swap changes in the machine beyond speed and memory: the cards' cooler, their width, a longer card;
    `one`: a single card swapped (a mix's step), said in the singular."""
    out: list[Reason] = []
    alone = {"one": True} if one else {}
    if new.cooler != old.cooler:
        out.append(Reason.of("change.cooler", was=old.cooler, now=new.cooler, **alone))
    if new.slot_width != old.slot_width:
        out.append(Reason.of("change.width", was=old.slot_width, now=new.slot_width, **alone))
    if new.length_mm >= old.length_mm + 1:  # a longer card (checked against the case: _fit_needs)
        out.append(Reason.of("change.length", was=old.length_mm, now=new.length_mm))
    return tuple(out)


def _now(build: Build, reached: Reach) -> Reach:
    """The build's reach with the figures its own estimate line shows (its decode and prompt speed, its hours): the
    "(now ...)" of a step is the figure printed beside the build."""
    e = build.estimate
    return replace(
        reached,
        decode_tokens_per_s=e.decode_tokens_per_s if e.decode_tokens_per_s is not None else reached.decode_tokens_per_s,
        prefill_tokens_per_s=e.prefill_tokens_per_s or reached.prefill_tokens_per_s,
        wall_hours=e.wall_hours or reached.wall_hours,
    )


def _host(build: Build, catalog: Catalog) -> HostMemory | None:
    """The build's own CPU and RAM as the estimate of a build that reads weights from RAM takes them (plan._on_host)."""
    cpu_part = next((p for p in build.parts if p.category == "cpu"), None)
    kit_part = next((p for p in build.parts if p.category == "memory"), None)
    if cpu_part is None or kit_part is None:
        return None
    cpu = catalog.records.get("cpus", {}).get(cpu_part.id)
    kit = catalog.records.get("memory", {}).get(kit_part.id)
    if not isinstance(cpu, Cpu) or not isinstance(kit, MemoryKit):
        return None
    board_part = next((p for p in build.parts if p.category == "motherboard"), None)
    board = catalog.records.get("motherboards", {}).get(board_part.id) if board_part is not None else None
    wired = board.memory_channels if isinstance(board, Motherboard) else None  # the channels the board wires (RAM-7)
    try:
        return host_memory(cpu, kit, kit_part.quantity, cpu_part.quantity, wired=wired)
    except (ValueError, ConfiguratorError):
        return None


def _on_host(reached: Reach, model: ModelArch, workload: Workload, card: Gpu, count: int, host: HostMemory) -> Reach:
    """A reach searched in RAM, with its speeds from the build's own CPU and RAM (estimate_on_host), as the build's
    line has them: estimator.estimate at the workload's nominal RAM bandwidth had put the build's own RTX PRO 6000
    Max-Q for GLM-5 at 7.4 tokens/s beside its line's 12.0, so one more card read "but 7.3 tokens/s (now 12.0)"
    (walk19)."""
    if not reached.fits:
        return reached
    try:
        result = estimate_on_host(model, workload, card, count, host)
    except (ValueError, ConfiguratorError):
        return reached
    if not result.fits:
        return reached
    return replace(
        reached, decode_tokens_per_s=result.decode_tokens_per_s, prefill_tokens_per_s=result.prefill_tokens_per_s
    )


def _stepping(
    build: Build, catalog: Catalog, model: ModelArch, asked: Workload
) -> tuple[Gpu, Reach, Callable[[Gpu, int], Reach]] | None:
    """The build's card, what it reaches now, and how a step's cards are reached (from the cards alone, and as the
    build runs, some in RAM on its own host, when they cannot hold it); None for a machine no step is offered for
    (more than one node, mixed cards, no PSU of its own or a server's supplies)."""
    gpu = catalog.records.get("gpus", {}).get(build.gpu_id)
    gpu_part = next((p for p in build.parts if p.category == "gpu"), None)
    if not isinstance(gpu, Gpu) or gpu_part is None or build.nodes != 1 or build.gpus_mixed or build.power.psu_w <= 0:
        return None
    workload = _workload(build, asked)
    own = _in_ram(build, workload)
    host = _host(build, catalog) if own is not None else None

    ram = host.capacity_bytes if host is not None else None

    limit = build.power_limit

    bays = _bays_of(build, catalog)

    def reached(card: Gpu, count: int) -> Reach:
        # a figure is compared with the build's own, searched the way the build runs, at the build's own power cap
        found = reach(catalog, model, workload, card, count)
        if found.fits or own is None:
            return at_cap(in_bays(found, model, workload, card, count, bays), limit)
        in_ram = reach(catalog, model, own, card, count, ram)
        return at_cap(in_ram if host is None else _on_host(in_ram, model, own, card, count, host), limit)

    return gpu, _now(build, at_cap(reach(catalog, model, own or workload, gpu, build.gpu_count, ram), limit)), reached


def _bays_of(build: Build, catalog: Catalog) -> Motherboard | None:
    """The server board whose GPU bays the build's cards sit in (PCI-9: its bays' generation times them); None else."""
    part = next((p for p in build.parts if p.category == "motherboard"), None)
    board = None if part is None else catalog.records.get("motherboards", {}).get(part.id)
    return board if isinstance(board, Motherboard) and board.gpu_bays else None


def in_bays(
    found: Reach, model: ModelArch, workload: Workload, card: Gpu, count: int, board: Motherboard | None
) -> Reach:
    """A step's training hours with its cards in the build's server bays, where those are a slower PCIe generation than
    the cards (PCI-9: the ratio solve/bays.timed_on gives, the timing the build itself has): one more RTX A6000 in the
    PCIe 3.0 SYS-4029GP-TRT had read "the job in 28 h (now 45 h)" for Dr. Chen's 72B LoRA, six there taking 39 h."""
    gen = None if board is None else BAY_GEN.slower(board, card)
    if gen is None or found.wall_hours is None or count < 2 or workload.kind == "inference":
        return found
    from configurator.core.estimate.collectives import CardLinks
    from configurator.core.solve.bays import timed_on

    own = timed_on(model, workload, card, count, None, None, False)
    slowed = timed_on(model, workload, card, count, None, CardLinks(lanes=16, gen=gen), False)
    if own is None or slowed is None or not own.wall_hours or not slowed.wall_hours:
        return found
    return replace(found, wall_hours=found.wall_hours * slowed.wall_hours / own.wall_hours)


def at_cap(reached: Reach, limit: float | None) -> Reach:
    """A reach's speeds and hours with the cards at `limit` (a share of their rated power: Build.power_limit), read off
    the one power rule the build's own estimate is timed with (rules.watts.POWER_SPEED, candidates.with_power_limit):
    4 x RTX 3090 at 70 % (Llama 3.3 70B QLoRA, 9.2 h) had its fifth card timed at full power, 5.5 h, where five at
    70 % take 6.5 h. The swap step runs its cards at the same share of their own rated power."""
    if limit is None or limit >= 1.0:
        return reached
    decode, compute = POWER_SPEED.share(limit), POWER_SPEED.share(limit, compute_bound=True)
    return replace(
        reached,
        decode_tokens_per_s=None if reached.decode_tokens_per_s is None else reached.decode_tokens_per_s * decode,
        prefill_tokens_per_s=None if reached.prefill_tokens_per_s is None else reached.prefill_tokens_per_s * compute,
        wall_hours=None if reached.wall_hours is None else reached.wall_hours / compute,
    )


def one_more_gains(build: Build, catalog: Catalog, model: ModelArch, asked: Workload) -> bool:
    """Whether one more of the build's card unlocks anything for the job (the add step's unlocks: fit, context, users,
    a larger model, speed, prompts or hours): "room to grow" is a claim worth making only then (solve.ranking). GLM-5
    at 30,000 USD had said it of one RTX PRO 6000 Max-Q beside its experts in RAM, whose second card unlocks nothing
    and decodes 11.9 tok/s against 12.0 (walk19)."""
    stepping = _stepping(build, catalog, model, asked)
    if stepping is None:
        return False
    gpu, before, reached = stepping
    return any(
        r.code.startswith("unlock.") and r.code != "unlock.nothing"
        for r in unlocks(before, reached(gpu, build.gpu_count + 1), model)
    )


def next_steps(
    build: Build, catalog: Catalog, model: ModelArch, asked: Workload, spare: int = 0
) -> tuple[NextStep, ...]:
    """The build's next steps up (add one more card, swap for the next rung), for a machine assembled from parts: one
    node, one kind of card, a PSU of its own or a server chassis's own supplies. `spare`: the user's own cards of the
    build's model it leaves idle; the card added is one of them (cost 0, field `own`), not one bought: Dr. Chen's two
    of eight RTX 4090 had been told "add one more ...: 16,500 CNY (new)"."""
    if build.gpus_mixed:  # different cards: the slower model's swapped for the faster's (solve.next_mixed)
        from configurator.core.solve.next_mixed import mixed_steps

        return mixed_steps(build, catalog, model, asked)
    stepping = _stepping(build, catalog, model, asked)
    gpu_part = next((p for p in build.parts if p.category == "gpu"), None)
    if stepping is None or gpu_part is None:
        return ()
    gpu, before, reached = stepping
    n = build.gpu_count
    steps: list[NextStep] = []
    one_more = next((u for u in build.upgrades_said if u.code == "upgrade.one-more"), None)
    taxed = build.tax_basis  # a step is priced on the build's own tax basis (a VAT-registered buyer's: net)
    priced = catalog_price(catalog, gpu, build.currency, (gpu_part.condition or "new", "new", "used"), taxed)
    if one_more is not None and priced is not None:
        needs = one_more.nested("needs")
        gain = unlocks(before, reached(gpu, n + 1), model)
        power = one_more.nested("power")
        own = spare > 0 and gpu_part.owned > 0
        cost = 0.0 if own else priced[0]
        said = Reason.of(
            "next.add", gpu=gpu.name, gpus=n + 1, cost=cost, currency=build.currency,
            date=priced[1].date.isoformat(), condition=priced[1].condition, needs=needs, unlocks=gain,
            **({"power": power[0]} if power and _built_in_psu(build) else {}),
            **({"own": True, "spare": spare} if own else {}),
        )  # fmt: skip
        steps.append(NextStep("add", gpu, n + 1, cost, priced[1], None, None, needs, gain, said))
    bought = (gpu_part.condition or "new", "new", "used")  # a used card's step up is priced used first
    up = next_card(catalog, gpu, build.currency, bought)
    up_price = catalog_price(catalog, up, build.currency, bought, taxed) if up is not None else None
    if up is not None and up_price is not None:
        used = catalog_price(catalog, gpu, build.currency, ("used",), taxed)
        sold = None if used is None else used[0] * n  # every card taken out, bought or owned
        up_usd = (
            catalog.convert(up_price[0], build.currency, "USD") if build.currency in catalog.exchange_rates else None
        )
        needs = _fit_needs(build, catalog, gpu, up, n, up_usd) + _psu_need(build, gpu, up, n)
        gain = unlocks(before, reached(up, n), model)
        changes = _changes(gpu, up)
        said = Reason.of(
            "next.swap", gpu=up.name, was=gpu.name, gpus=n, cost=up_price[0] * n, currency=build.currency,
            date=up_price[1].date.isoformat(), condition=up_price[1].condition, sold=sold,
            sold_date=used[1].date.isoformat() if used else None, needs=needs, unlocks=gain,
            **({"changes": changes} if changes else {}),
        )  # fmt: skip
        steps.append(
            NextStep(
                "swap", up, n, up_price[0] * n, up_price[1], sold, used[1].date if used else None, needs, gain, said
            )
        )
    return tuple(steps)
