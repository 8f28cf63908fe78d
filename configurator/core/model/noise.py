"""Noise of a build under load: A-weighted sound pressure at 1 m, from sourced per-part figures summed logarithmically."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from configurator.core.common.reasons import Reason, english

if TYPE_CHECKING:
    from configurator.core.catalog.models import Chassis, Cooler, Gpu, Psu
    from configurator.core.model.build import Build, BuildPart

DISTANCE_M = 1.0
"""Every figure is stated at this distance from the machine (the ISO 7779 bystander distance)."""


@dataclass(frozen=True)
class Figure:
    """One source's level under load, where and how it was measured."""

    dba: float
    at_m: float
    source: str | Reason  # a citation as written, or a code (noise.catalog-class)
    estimate: Reason | None = (
        None  # why this is an estimate rather than a measurement of this class of part (noise.est-*)
    )

    @property
    def at_distance(self) -> float:
        """Level at DISTANCE_M: a point source in a free field loses 20 log10(r2/r1) dB (inverse-square law)."""
        return self.dba - 20 * math.log10(DISTANCE_M / self.at_m)


_HWLUXX_RX5700 = (
    "hardwareluxx.de, ASRock Radeon RX 5700 XT Taichi X OC+ review (2019), noise page: AMD's reference "
    "RX 5700 XT (radial blower) 44.7 dB(A) under load; https://hardwareluxx.de/index.php/artikel/hardware/"
    "grafikkarten/51086-asrock-radeon-rx-5700-xt-taichi-x-oc-im-test-die-schoenste-und-schnellste.html?start=4"
)
_HWLUXX_RTX3090 = (
    "hardwareluxx.de, three RTX 3090 models tested (2021): ASUS TUF Gaming RTX 3090 OC (three axial fans) "
    "38.7 dB(A) under load; https://hardwareluxx.de/index.php/artikel/hardware/grafikkarten/"
    "56413-3x-24-gb-grafikspeicher-drei-modelle-der-geforce-rtx-3090-im-test.html?start=5"
)
_NH_U12A = (
    "nexthardware.com, Noctua NH-U12A review: two NF-A12x25 at 2,000 rpm, 37.9 dBA at 70 cm; "
    "https://nexthardware.com/recensioni/noctua-nh-u12a-1397/8"
)
_DELL_R940 = (
    "Dell, PowerEdge 14G acoustical performance white paper: R940 LpA at the ISO 7779 bystander positions "
    "(1 m), typical configuration 70 dBA, feature-rich 73 dBA"
)
_CYBENETICS = (
    "Cybenetics LAMBDA noise classes (average over the load range): Standard++ 30-35 dB(A), Standard 40-45 "
    "dB(A); http://cybenetics.com/index.php?option=lambda-(psus)"
)
SUM_FORMULA = "L = 10 log10(sum N_i 10^(L_i/10)): HP Cluster Platform Site Preparation Guide, appendix D, formula 2"
SUM_SOURCE = f"logarithmic sum {SUM_FORMULA}"

# Hardwareluxx does not state its microphone distance on these pages; the two cards come from the same lab and
# method, so their 6 dB difference (blower against open-air) holds whatever the distance. Taken as 1 m.
GPU_COOLER: dict[str, Figure | None] = {
    "blower": Figure(44.7, 1.0, _HWLUXX_RX5700),
    "open-air": Figure(38.7, 1.0, _HWLUXX_RTX3090),
    # a card's own radiator carries two 120 mm fans like a CPU AIO; no measured LLM-class card
    "liquid": Figure(37.9, 0.7, _NH_U12A, estimate=Reason.of("noise.est-radiator")),
    "passive": None,  # no fan of its own: the server chassis' fans move its air and are counted with the chassis
}

_MODERATE_CASE = 37.9 + 10 * math.log10(3 / 2)  # three 120 mm fans: the NH-U12A pair plus one more (+1.8 dB)
CHASSIS: dict[str, Figure | None] = {
    "quiet": Figure(
        _MODERATE_CASE - 6.0,
        0.7,
        _NH_U12A,
        estimate=Reason.of("noise.est-damped", less=6.0),
    ),
    "moderate": Figure(_MODERATE_CASE, 0.7, _NH_U12A, estimate=Reason.of("noise.est-case-fans")),
    "loud": Figure(
        _MODERATE_CASE + 6.0,
        0.7,
        _NH_U12A,
        estimate=Reason.of("noise.est-rack-case", more=6.0),
    ),
    "datacenter": Figure(73.0, 1.0, _DELL_R940, estimate=Reason.of("noise.est-server", dba=73.0)),
}
OPEN_FRAME = None
"""An open frame has no fans of its own; its cards are heard without a case panel between (not modelled)."""

SHROUD_BLOWER = Figure(44.7, 1.0, _HWLUXX_RX5700, estimate=Reason.of("noise.est-shroud", reference=225.0))
"""The radial blower of one shroud kit on a passive card (an accessory of kind gpu-shroud, one per card: the open
frame for passive cards, Chassis.per_gpu_accessory), heard as the one measured blower card: a radial fan forcing
a card's heat through its fin stack. No dB(A) of a shroud kit is published (searched 2026-12: P40/MI50 shroud
and 97 mm blower noise); the cards it cools draw 250-300 W against the reference's 225 W, and a kit's fan often
runs at full speed with no fan curve, so this is a floor. The frame's noise so grows with the cards it holds
(+3 dB for each doubling) where it had been one 73 dBA server fan wall whether it held one card or eight."""


CPU_COOLER: dict[str, Figure | None] = {
    "air-tower": Figure(37.9, 0.7, _NH_U12A),
    "aio-liquid": Figure(37.9, 0.7, _NH_U12A, estimate=Reason.of("noise.est-radiator")),
    "server-passive": None,  # heatsink in the chassis airflow
    # an active server heatsink's fans (the Freezer 4U-SP5 has two 120 mm) are heard in a tower like any tower
    # cooler's; in a server chassis its 73 dBA fans drown them (+0.002 dB), so one figure serves both
    "server-active": Figure(
        37.9,
        0.7,
        _NH_U12A,
        estimate=Reason.of("noise.est-server-active"),
    ),
}

PSU: dict[str, Figure | None] = {
    "atx": Figure(32.5, 1.0, _CYBENETICS, estimate=Reason.of("noise.est-atx")),
    "sfx": Figure(37.5, 1.0, _CYBENETICS, estimate=Reason.of("noise.est-sfx")),
    "crps": Figure(45.0, 1.0, _CYBENETICS, estimate=Reason.of("noise.est-server-psu")),
    "server": Figure(45.0, 1.0, _CYBENETICS, estimate=Reason.of("noise.est-server-psu")),
}

_CLASS = {c: Reason.of("noise.catalog-class", noise=c) for c in ("quiet", "moderate", "loud")}
_MIDPOINT = Reason.of("noise.est-class-midpoint")
UNIFIED: dict[str, Figure | None] = {
    "silent": None,  # fanless
    "quiet": Figure(25.0, 1.0, _CLASS["quiet"], estimate=_MIDPOINT),
    "moderate": Figure(35.0, 1.0, _CLASS["moderate"], estimate=_MIDPOINT),
    "loud": Figure(45.0, 1.0, _CLASS["loud"], estimate=_MIDPOINT),
}


@dataclass(frozen=True)
class Source:
    what: Reason  # the kind of part that makes the noise (noise.card, noise.chassis, ...)
    count: int
    figure: Figure

    @property
    def label(self) -> str:
        return english(self.what)


@dataclass(frozen=True)
class NoiseEstimate:
    """A machine's level at DISTANCE_M and what it is made of (one machine of a cluster)."""

    sources: tuple[Source, ...]

    @property
    def dba(self) -> float | None:
        """None for a machine without fans."""
        return level((s.figure.at_distance, s.count) for s in self.sources)

    @property
    def is_estimate(self) -> bool:
        return any(s.figure.estimate is not None for s in self.sources)

    def said(self) -> Reason:
        """The level as a code and fields: noise.silent, or noise.level (report.words says it in Chinese)."""
        if self.dba is None:
            return Reason.of("noise.silent")
        return Reason.of("noise.level", dba=self.dba, m=DISTANCE_M, estimate=self.is_estimate)

    def text(self) -> str:
        return english(self.said())

    def breakdown_said(self) -> list[Reason]:
        """Each source's level, its estimate and source (the figures' own words), then how they are summed."""
        out = [
            Reason.of(
                "noise.source",
                count=s.count,
                what=s.what,
                dba=s.figure.at_distance,
                estimate=s.figure.estimate or "",  # a code, or "" for a measured figure
                source=s.figure.source,  # a citation as written, or a code
            )
            for s in self.sources
        ]
        return [*out, Reason.of("noise.sum", formula=SUM_FORMULA)]

    def breakdown(self) -> list[str]:
        return [english(r) for r in self.breakdown_said()]


def level(levels: Iterable[tuple[float, int]]) -> float | None:
    """Logarithmic sum of `count` sources at each level (SUM_SOURCE); None when there is none."""
    power = sum(count * 10 ** (dba / 10) for dba, count in levels)
    return 10 * math.log10(power) if power > 0 else None


# ------------------------------------------------------------------ the solver's linear objective

UNITS_REF_DBA = 10.0
"""Sound power is counted in units of a 10 dBA source: a 73 dBA server is 2 million, a case fan a few hundred."""


def units(figure: Figure | None, count: int = 1) -> int:
    """Integer sound power of `count` sources, for CP-SAT: minimising the sum minimises the combined dBA."""
    if figure is None or count <= 0:
        return 0
    return int(round(count * 10 ** ((figure.at_distance - UNITS_REF_DBA) / 10)))


BLOWER_REFERENCE_W = 225.0
"""Board power of the one measured blower (GPU_COOLER["blower"]): AMD's reference RX 5700 XT, typical board power
225 W (AMD product page, https://www.amd.com/en/products/graphics/amd-radeon-rx-5700-xt, read 2026-12-04)."""


def card_figure(cooler: str, tdp_w: float | None) -> Figure | None:
    """A card's level under load, by its cooler. A blower that draws more than the measured reference blower is an
    estimate (noise.est-blower-power): its radial fan of the same kind carries more heat, so it likely runs faster and
    louder, by an amount nobody has measured. No published dB(A) was found for a blower RTX 4090 (the 2-slot
    "turbo" cards sold for servers), a blower RTX 6000 Ada or RTX A6000, or any other 300-450 W 2-slot blower
    (searched 2026-12-04: reviews and spec sheets in English, German and Chinese); NVIDIA's workstation spec sheets
    give no acoustics. The figure is kept, as the floor of what such a card makes, and says so."""
    figure = GPU_COOLER.get(cooler)
    if figure is not None and cooler == "blower" and tdp_w is not None and tdp_w > BLOWER_REFERENCE_W:
        return replace(
            figure, estimate=Reason.of("noise.est-blower-power", watts=float(tdp_w), reference=BLOWER_REFERENCE_W)
        )
    return figure


def gpu_figure(gpu: Gpu) -> Figure | None:
    return card_figure(gpu.cooler, gpu.tdp_w)


def chassis_figure(chassis: Chassis) -> Figure | None:
    # an open frame has no fans; the blowers of the shroud frame are its cards' kits, heard one per card (SHROUD_BLOWER)
    return OPEN_FRAME if chassis.kind == "open-frame" else CHASSIS[chassis.noise]


def psu_figure(psu: Psu) -> Figure | None:
    return PSU[psu.form_factor]


def cooler_figure(cooler: Cooler) -> Figure | None:
    return CPU_COOLER[cooler.kind]


# ------------------------------------------------------------------ a finished build


def _spec_figure(category: str, spec: Mapping[str, Any]) -> tuple[Reason, Figure | None]:
    if category == "gpu":
        tdp = spec.get("tdp_w")
        figure = card_figure(str(spec.get("cooler")), float(tdp) if isinstance(tdp, int | float) else None)
        return Reason.of("noise.card", cooler=str(spec.get("cooler", "?"))), figure
    if category == "chassis":
        if spec.get("kind") == "open-frame":
            return Reason.of("noise.open-frame"), OPEN_FRAME
        return Reason.of("noise.chassis", noise=str(spec.get("noise", "?"))), CHASSIS.get(str(spec.get("noise")))
    if category == "psu":
        form = str(spec.get("form_factor", "?"))
        return Reason.of("noise.psu", form=form), PSU.get(str(spec.get("form_factor")))
    if category == "cooler":
        return Reason.of("noise.cooler", kind=str(spec.get("kind", "?"))), CPU_COOLER.get(str(spec.get("kind")))
    if category == "accessory" and spec.get("kind") == "gpu-shroud":
        return Reason.of("noise.shroud"), SHROUD_BLOWER
    if category == "base":
        # an office tower or workstation bought whole: its own case fans, CPU cooler and PSU (BaseMachine)
        return Reason.of("noise.base"), CHASSIS["moderate"]
    if category == "system":
        unified = spec.get("unified")
        if isinstance(unified, Mapping):
            noise = str(unified.get("noise", "?"))
            return Reason.of("noise.unified", noise=noise), UNIFIED.get(str(unified.get("noise")))
        return Reason.of("noise.server"), CHASSIS["datacenter"]
    return Reason.of("noise.part", category=category), None


def parts_noise(parts: Iterable[BuildPart]) -> NoiseEstimate:
    """Sources of one machine (parts bought once for a cluster, such as switches, are left out)."""
    sources = []
    for p in parts:
        if p.scope != "node":
            continue
        what, figure = _spec_figure(p.category, p.spec)
        if figure is not None:
            count = 1 if p.category in ("chassis", "system") else p.quantity
            sources.append(Source(what, count, figure))
    return NoiseEstimate(tuple(sources))


def build_noise(build: Build) -> NoiseEstimate:
    return parts_noise(build.parts)


def build_dba(build: Build) -> float | None:
    """The plan JSON's "noise_dba": one machine at DISTANCE_M, rounded to 0.1 dB."""
    value = build_noise(build).dba
    return None if value is None else round(value, 1)
