"""A build's cards as a buyer names them (card.* codes): the short catalog name, how many, the nodes. The builds
table, the comparison, the sheet and the why's comparison with the first build (solve.plan._compared) all say them
from here, never by catalog id."""

from __future__ import annotations

import re

from configurator.core.catalog.models import INTEGRATED
from configurator.core.common.reasons import Reason
from configurator.core.model.build import Build

# Vendor and family prefixes that say nothing a buyer compares on ("NVIDIA GeForce RTX 4090" -> "RTX 4090")
_GPU_PREFIXES = (
    "NVIDIA GeForce ",
    "NVIDIA Tesla ",
    "NVIDIA ",
    "AMD Radeon PRO ",
    "AMD Radeon ",
    "AMD Instinct ",
    "AMD ",
    "Intel ",
)
_PARENTHESIS = re.compile(r"\s*\(([^)]*)\)")
_GPU_SUFFIXES = (" Workstation Edition", " Generation")


def short_gpu_said(name: str) -> Reason:
    """A catalog GPU name as a buyer says it (card.name): 'NVIDIA GeForce RTX 4090 48GB (Chinese-market
    board-modified)' -> name 'RTX 4090 48GB', modified; a short bracket of the catalog's kept as `note`."""
    for prefix in _GPU_PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix) :]
            break
    for suffix in _GPU_SUFFIXES:
        name = name.replace(suffix, "")
    note = _PARENTHESIS.search(name)
    if note is None:
        return Reason.of("card.name", name=name, modified=False, note="")
    inner = note.group(1)
    modified = "modified" in inner
    kept = "" if modified or len(inner) > 12 else inner
    return Reason.of("card.name", name=_PARENTHESIS.sub("", name), modified=modified, note=kept)


def cards_said(count: int, name: Reason) -> Reason:
    """'2 x RTX 3090' as a code (card.count): how many of one card."""
    return Reason.of("card.count", count=count, name=name)


def gpu_said(build: Build) -> Reason:
    """The build's GPU as a person names it (card.name: the catalog name, short), never its id."""
    for part in build.parts:
        if part.category == "gpu" or part.id == build.gpu_id:
            return short_gpu_said(part.name)
    for part in build.parts:
        if part.category == "system":
            spec = part.spec
            if spec.get("gpu_name"):  # a cluster's server: the planner names its GPU (its spec's "gpu" is an id)
                return short_gpu_said(str(spec["gpu_name"]))
            unified = spec.get("unified") or {}
            if spec.get("gpu") == INTEGRATED and unified.get("chip"):
                # a unified-memory system: "1 x integrated" told a buyer nothing; its chip and GPU cores do
                cores = unified.get("gpu_cores")
                note = f"{cores}-core GPU" if cores else ""
                return Reason.of("card.name", name=str(unified["chip"]), modified=False, note=note)
            return short_gpu_said(str(spec.get("gpu", build.gpu_id)))
    return Reason.of("card.name", name=build.gpu_id, modified=False, note="")


def gpus_said(build: Build) -> Reason:
    """The build's cards as a code (card.gpus): how many nodes, and how many of each card (different cards: each)."""
    if build.gpus_mixed:
        lines = [p for p in build.parts if p.category == "gpu"]
        cards = tuple(
            cards_said(p.quantity, short_gpu_said(p.name)) if p.quantity > 1 else short_gpu_said(p.name) for p in lines
        )
    else:
        cards = (cards_said(build.gpu_count, gpu_said(build)),)
    return Reason.of("card.gpus", nodes=build.nodes, cards=cards)


def gpu_numbers(build: Build) -> list[int]:
    """Each seated card's GPU number in slot order, as the memory table, the launch command's --tensor-split and CUDA
    count them: a mix's cards in device order (Build.gpus_mixed, the fastest first; identical cards by their slots),
    so a blower RTX A5000 seated above Mina's RTX 3090 is GPU 2 (round 49); other builds' cards in slot order."""
    slots = sorted(build.slot_map, key=lambda c: c.slot)
    if not build.gpus_mixed or sorted(build.gpus_mixed) != sorted(c.part_id for c in slots):
        return list(range(1, len(slots) + 1))
    free = list(enumerate(build.gpus_mixed, start=1))
    numbers: list[int] = []
    for card in slots:
        at = next(k for k, (_, part) in enumerate(free) if part == card.part_id)
        numbers.append(free.pop(at)[0])
    return numbers
