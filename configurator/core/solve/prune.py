"""Drop dominated candidates before the CP-SAT model is built.

A part is dominated when another part of the same kind is no dearer and at least as good
in everything the rules and objectives look at. Removing it cannot change any label's
optimum, and it keeps the model small on large catalogs. Owned parts are never dropped.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

from configurator.core.catalog.models import Chassis, Cooler, Cpu, MemoryKit, Motherboard, Psu, Storage

T = TypeVar("T")
INF = float("inf")
EFFICIENCY = {"bronze": 0, "silver": 1, "gold": 2, "platinum": 3, "titanium": 4}
BOARD_RANK = {"mini-itx": 0, "micro-atx": 1, "atx": 2, "e-atx": 3, "ceb": 3, "eeb": 4, "server-proprietary": 9}
NOISE = {"quiet": 0, "moderate": 1, "loud": 2, "datacenter": 3}


def prune(
    items: Iterable[T],
    signature: Callable[[T], Hashable],
    merit: Callable[[T], tuple[float, ...]],
    price: Callable[[T], float],
    keep: Callable[[T], bool] = lambda _item: False,
    covers: Callable[[T, T], bool] = lambda _a, _b: True,
    dominated_by: dict[int, int] | None = None,
) -> list[T]:
    """Items not dominated by another with the same signature (bigger merit is better).

    `covers(a, b)`: a can do everything b can in ways a tuple cannot say (socket lists).
    Ties keep the first item. `dominated_by`, when given, receives for each dropped item's index
    the index of a kept item that dominates it (dominance is transitive, so one always exists).
    """
    items = list(items)
    groups: dict[Hashable, list[int]] = {}
    for index, item in enumerate(items):
        groups.setdefault(signature(item), []).append(index)
    dropped: set[int] = set()
    by: dict[int, int] = {}
    merits = [merit(item) for item in items]  # once each: the pairwise loop below is quadratic
    prices = [price(item) for item in items]
    for members in groups.values():
        for i in members:
            if keep(items[i]):
                continue
            mi, pi = merits[i], prices[i]
            for j in members:
                if j == i or j in dropped:
                    continue
                mj, pj = merits[j], prices[j]
                if pj <= pi and all(a >= b for a, b in zip(mj, mi)) and covers(items[j], items[i]):
                    strictly = pj < pi or any(a > b for a, b in zip(mj, mi))
                    if strictly or j < i:
                        dropped.add(i)
                        by[i] = j
                        break
    if dominated_by is not None:
        for i in by:
            j = by[i]
            while j in dropped:
                j = by[j]
            dominated_by[i] = j
    return [item for index, item in enumerate(items) if index not in dropped]


def seen_as(value: float, thresholds: Sequence[float]) -> float:
    """What a rule `threshold <= value` can see of `value`: the largest threshold it reaches.

    A chassis with 331 mm of clearance fits exactly the cards a 330 mm one fits when no card is
    331 mm long; as a merit the two are equal, so the dearer is dominated. `thresholds` sorted.
    """
    i = bisect_right(thresholds, value)
    return thresholds[i - 1] if i else -INF


def psu_key(p: Psu) -> tuple[Hashable, tuple[float, ...]]:
    # the wattage is part of the signature, not a merit: PWR-2 wants at least the load over 80 %, and PWR-10
    # at most 2.5 times the load, so a bigger supply is not better (a $100 750 W unit cannot stand in for a
    # $105 650 W one under a 270 W load)
    native = p.atx_version in ("3.0", "3.1") and p.native_12v2x6
    sig = (p.form_factor, native, p.atx_version == "crps", p.min_input_v >= 200, p.watts)
    c = p.connectors
    return sig, (EFFICIENCY[p.efficiency], c.pcie8, c.hpwr16, c.eps8, -p.length_mm)


def chassis_key(h: Chassis, gpu_lengths: Sequence[float] | None = None) -> tuple[Hashable, tuple[float, ...]]:
    """`gpu_lengths`: the (int, as the solver compares them) lengths of the catalog's cards (SLOT-3)."""
    sig = (h.kind, h.airflow, h.integrated_board, h.psu_redundant, h.per_gpu_accessory)
    length = int(h.max_gpu_length_mm)
    merit = (
        h.expansion_slots,
        seen_as(length, gpu_lengths) if gpu_lengths is not None else length,
        BOARD_RANK[h.max_board],
        h.max_board_width_mm,
        h.max_cpu_cooler_height_mm or INF,
        h.max_psu_length_mm or INF,
        h.psu_bays,
        h.max_gpus or 99,
        -NOISE[h.noise],
        h.included_psu_w or 0,
    )
    return sig, merit


def memory_key(m: MemoryKit, speed_matters: bool = True) -> tuple[Hashable, tuple[float, ...]]:
    """`speed_matters`: decode reads weights from RAM (otherwise no rule or objective reads a kit's speed)."""
    return (m.memory_type, m.module, m.ecc, m.modules, m.module_gb), ((m.speed_mts,) if speed_matters else ())


def cooler_key(c: Cooler, cpu_tdps: Sequence[float] | None = None) -> tuple[Hashable, tuple[float, ...]]:
    """`cpu_tdps`: the (int) TDPs of the candidate CPUs, all a cooler's rating is compared with (COOLER)."""
    rating = int(c.max_tdp_w)
    # COOL-3 reads whether it needs ducted airflow (no kind implies it): a fanless heatsink never stands for a fan
    return (c.kind, c.radiator_mm, c.needs_ducted_airflow), (
        seen_as(rating, cpu_tdps) if cpu_tdps is not None else rating,
        -(c.height_mm or 0),
    )


def cooler_covers(a: Cooler, b: Cooler) -> bool:
    return set(a.sockets) >= set(b.sockets)


def board_covers(a: Motherboard, b: Motherboard) -> bool:
    """CPU-2 reads a board's CPU support list: a board stands for another only when it takes every family that one does."""
    return set(a.cpu_families) >= set(b.cpu_families)


def storage_key(s: Storage) -> tuple[Hashable, tuple[float, ...]]:
    # sequential speeds are shown, but no rule or objective reads them: the cheaper drive is always chosen
    return (s.interface, s.form_factor), (s.capacity_gb, s.pcie_gen or 0)


def cpu_key(c: Cpu, with_tdp: bool = True) -> tuple[Hashable, tuple[float, ...]]:
    """`with_tdp=False`: everything but the power, for the list solved with optimistic TDPs (lazy.py)."""
    merit = (c.cores, c.pcie_lanes, c.memory_channels, c.max_memory_gb, c.memory_speed_mts, c.ecc)
    return (c.socket, c.platform, c.memory_type, c.pcie_gen), ((*merit, -c.tdp_w) if with_tdp else merit)


def board_key(b: Motherboard, ram_totals: Sequence[float] | None = None) -> tuple[Hashable, tuple[float, ...]]:
    """`ram_totals`: the RAM sizes the memory choices can add up to, all a board's maximum is compared with (RAM-6)."""
    slots = tuple(
        (
            s.position,
            s.mechanical_lanes,
            s.lanes,
            s.gen,
            s.source,
            s.shares_with,
            s.lanes_when_shared,
            s.lanes_when_bifurcated,
            s.splits,
        )
        for s in b.pcie_slots
    )
    m2 = tuple((m.id, m.lanes, m.gen, m.source) for m in b.m2_sockets)
    sig = (
        b.socket,
        b.form_factor,
        b.memory_type,
        b.memory_module,
        b.cpu_sockets,
        b.memory_channels,  # RAM-7: the DIMMs a balanced population takes (more channels are no better, nor worse)
        b.gpu_bays,
        b.gpu_bay_gen,
        slots,
        m2,
        round(b.width_mm),
        round(b.depth_mm),
    )
    most = seen_as(b.max_memory_gb, ram_totals) if ram_totals is not None else b.max_memory_gb
    return sig, (b.dimm_slots, most, b.ecc, b.bifurcation, b.dual_psu_header)
