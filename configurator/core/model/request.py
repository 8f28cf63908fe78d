"""What a user asks the solver for: the workload plus budget, site and parts constraints."""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from configurator.core.catalog import tax
from configurator.core.common.base import BaseModel, ConfigDict, Field, model_validator
from configurator.core.common.errors import InvalidInputError
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.args import PLAN_TOP
from configurator.core.rules.watts import CONTINUOUS_SHARE

Circuit = Literal["120v15a", "120v20a", "240v20a", "208v30a", "220v10a", "220v16a", "230v10a", "230v16a"]
Form = Literal["tower", "rack", "open-frame", "any"]
Room = Literal["home-office", "lab", "server-room"]
Condition = Literal["new", "used", "any"]
Region = Literal["global", "china"]

CIRCUITS: dict[str, tuple[float, float]] = {
    "120v15a": (120, 15),
    "120v20a": (120, 20),
    # North America's 240 V circuit (split phase) on a NEMA 6-20R receptacle, 250 V 20 A, on a dedicated 20 A / 240 V
    # breaker: the circuit an electrician adds for a machine a 120 V outlet cannot feed (electricaltechnology.org,
    # "How to Wire a 20A - 250V Outlet - NEMA 6-20 Receptacle", 2025-11); 3,840 W continuous at the 80 % rule
    "240v20a": (240, 20),
    # North America's server-room rack feed: 208 V single-phase 30 A on a NEMA L6-30 locking receptacle (UCSD CSE's
    # machine room: "Each rack position is allocated 1 (or 2 ...) 30-amp 208-volt under-floor outlets ... There are no
    # 120 volt outlets", cse.ucsd.edu/node/329; ExoGENI's rack power options: "208v 1 phase @ 30 AMP" with "A 30 AMP
    # don't go past 24", wiki.exogeni.net public:hardware:power; read 2026-12-07); 4,992 W continuous at the 80 % rule
    "208v30a": (208, 30),
    # China's mains is 220 V (GB/T 156-2017, Standard voltages: 220 V single-phase, 380 V three-phase): a 16 A
    # circuit there carries 2,816 W continuous, not the 2,944 W of 230 V (walk21: Dr. Chen's 8 x L20 drew 2,854 W)
    "220v10a": (220, 10),
    "220v16a": (220, 16),
    "230v10a": (230, 10),
    "230v16a": (230, 16),
}
CONTINUOUS_FACTOR = CONTINUOUS_SHARE
"""NEC 80 % rule for loads of three hours or more (build rules R24; rules.watts.CONTINUOUS_SHARE, CIR-1); outside the US
a judgement (IEC 60364-4-43 has no such share)."""

HOME_CIRCUIT_STEPS: tuple[Circuit, ...] = ("120v20a", "240v20a")
"""The circuits a 120 V home (North America) is offered when its own cannot feed the machine, the least work first
(relax: the "circuit" way out tries them in this order and offers the first that feeds a machine; its words say the
work each is, reasons.EN "way.circuit"). A 120 V 20 A circuit (NEMA 5-20R, which takes a 5-15 plug too; 1,920 W
continuous) is a 20 A breaker on 12 AWG wire, and many homes have one already: US code has required 20 A circuits for a
kitchen's counter outlets (NFPA 70, 210.11(C)(1)) and, since the 2017 edition, one for a garage's outlets that feeds
no other outlet (210.11(C)(4); captaincode2017.leviton.com/node/126, captaincode2020.leviton.com/node/132, read
2026-12-05). A 240 V 20 A circuit (NEMA 6-20R, 3,840 W) is a double-pole breaker and a dedicated run, and a machine's
PSUs must take 200-240 V: the step an electrician adds only when 1,920 W is not enough."""

NEMA_OUTLETS: dict[str, str] = {"120v15a": "5-15", "120v20a": "5-20", "240v20a": "6-20", "208v30a": "L6-30"}
"""The NEMA receptacle of each North American circuit (HOME_CIRCUIT_STEPS' words name it)."""


class RoomFeed(BaseModel):
    """The circuit a server room feeds a rack from, where the request names none: a fact of the room, by the market the
    budget's currency (or the region) names, with where it comes from."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    circuit: Circuit
    outlet: str
    """The receptacle a buyer asks the facilities team for ('NEMA L6-30', 'IEC 60309 16 A')."""
    source: str


SERVER_ROOM_FEEDS: dict[str, RoomFeed] = {
    # a US/Canadian machine room feeds racks at 208 V, not from 120 V wall outlets (CIRCUITS' 208v30a: UCSD CSE, ExoGENI);
    # rack PDU makers: "208/240V is the most common voltage output to computing gear" (10 factors to consider when
    # choosing a rack PDU, jaycorstaging.wm.co.za/category/pdus, read 2026-12-07)
    "USD": RoomFeed(
        circuit="208v30a",
        outlet="NEMA L6-30",
        source="UCSD CSE machine room: one or two 30 A 208 V outlets per rack, no 120 V (cse.ucsd.edu/node/329)",
    ),
    # China's mains is 220 V single-phase (GB/T 156-2017); a 16 A circuit is the lab's norm there (COUNTRIES' "CN") and
    # journey 2's server room (Dr. Chen: "a 220 V 16 A circuit in the server room")
    "china": RoomFeed(
        circuit="220v16a",
        outlet="GB 2099 16 A",
        source="GB/T 156-2017 (220 V single-phase); Dr. Chen's server room (docs/user-journeys.md, journey 2)",
    ),
    # Schleifenbauer, "Common PDU configurations in European data centres" (read 2026-12-07): the "single-phase 230V /
    # 16A input" rack PDU "is widely used in colocation and enterprise environments"
    "EUR": RoomFeed(
        circuit="230v16a",
        outlet="IEC 60309 16 A",
        source="Schleifenbauer, common PDU configurations in European data centres: single-phase 230 V / 16 A input",
    ),
}
"""A server room's rack feed by market: USD (North America), CNY or the China region, EUR."""


def server_room_feed(currency: str, region: str | None = None) -> RoomFeed:
    """The feed a server room gives a rack where the request names no circuit: China's for CNY budgets or the China
    region, Europe's for EUR, North America's 208 V for USD."""
    if currency == "CNY" or region == "china":
        return SERVER_ROOM_FEEDS["china"]
    return SERVER_ROOM_FEEDS["EUR" if currency == "EUR" else "USD"]


def default_circuit(currency: str, room: str = "lab", region: str | None = None) -> Circuit:
    """The circuit a request names none of: a server room's rack feed (server_room_feed) there; else a US 15 A outlet
    for dollar budgets, a 230 V 16 A circuit elsewhere."""
    if room == "server-room":
        return server_room_feed(currency, region).circuit
    return "120v15a" if currency == "USD" else "230v16a"


def default_region(currency: str) -> Region:
    """CNY budgets buy in China (export variants, Chinese prices); others on the global market."""
    return "china" if currency == "CNY" else "global"


class CountryDefaults(BaseModel):
    """What a first-run choice of country sets once, for new projects: currency, wall circuit, market and the
    window's language. Each is changed later on its own (Preferences, the request's own fields)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    currency: Literal["USD", "CNY", "EUR"]
    circuit: Circuit
    region: Region
    language: Literal["system", "en", "zh_CN"]


COUNTRIES: dict[str, CountryDefaults] = {
    # NEMA 5-15 receptacles on 15 A branch circuits are the US and Canadian household norm
    "US": CountryDefaults(name="United States", currency="USD", circuit="120v15a", region="global", language="en"),
    "CA": CountryDefaults(
        name="Canada (prices in USD)", currency="USD", circuit="120v15a", region="global", language="en"
    ),
    # GB 2099 sockets: 10 A for general use, 16 A for large appliances; a dedicated 16 A circuit is the rig's norm
    "CN": CountryDefaults(name="China (mainland)", currency="CNY", circuit="220v16a", region="china", language="zh_CN"),
    # Schuko (CEE 7/3) sockets on 16 A circuits across the euro area
    "EU": CountryDefaults(
        name="Euro area (Germany, France, ...)", currency="EUR", circuit="230v16a", region="global", language="en"
    ),
    # 10 A is the conservative 230 V socket (Australia, Switzerland, India's 6/16 A): a 16 A circuit is a choice
    "OTHER-230": CountryDefaults(
        name="Elsewhere, 220-240 V (prices in USD)",
        currency="USD",
        circuit="230v10a",
        region="global",
        language="system",
    ),
    "OTHER-120": CountryDefaults(
        name="Elsewhere, 100-127 V (prices in USD)",
        currency="USD",
        circuit="120v15a",
        region="global",
        language="system",
    ),
}
"""The first-run choice of country (#31: "a first-run choice of country sets sensible defaults once")."""


def circuit_limit_w(circuit: str) -> float:
    """The circuit's continuous limit: 80 % of its breaker's rating (a 220 V 16 A circuit: 2,816 W of 3,520 W)."""
    volts, amps = CIRCUITS[circuit]
    return volts * amps * CONTINUOUS_FACTOR


US_OUTLET_CIRCUITS = frozenset({"120v15a"})
"""The circuits a person knows as an outlet of their own (a US wall socket), named with it."""

RACK_FEED_CIRCUITS = frozenset({"208v30a"})
"""The circuits a person knows as a server room's rack feed (SERVER_ROOM_FEEDS), named with their NEMA receptacle:
'208 V 30 A (L6-30 rack feed)'."""


def circuit_said(circuit: str) -> Reason:
    """A circuit as a code: its volts, amps and whether it is a US outlet (circuit.name; its Chinese in
    report.words)."""
    volts, amps = CIRCUITS[circuit]
    feed = NEMA_OUTLETS[circuit] if circuit in RACK_FEED_CIRCUITS else ""
    return Reason.of("circuit.name", volts=volts, amps=amps, us_outlet=circuit in US_OUTLET_CIRCUITS, rack_feed=feed)


def circuits_said(circuit: str, count: int) -> Reason:
    """`count` circuits of one kind ("2 x 230 V 16 A"), as the request summary says them (request.circuits)."""
    return Reason.of("request.circuits", count=count, circuit=circuit_said(circuit))


CIRCUIT_NAMES = {c: english(circuit_said(c)) for c in CIRCUITS}
"""What a person calls each circuit, for messages, the window and the printed sheet ("120 V 15 A (US outlet)")."""


def circuit_name(circuit: str, short: bool = False) -> str:
    """'120v15a' -> '120 V 15 A (US outlet)' ('120 V 15 A' with `short`, inside other brackets); an id
    without a name is shown as it is."""
    name = CIRCUIT_NAMES.get(circuit, circuit)
    return name.split(" (")[0] if short else name


def circuit_volts(circuit: str) -> float:
    return CIRCUITS[circuit][0]


OWNED_KINDS = {
    "gpu": "gpus",
    "cpu": "cpus",
    "motherboard": "motherboards",
    "memory": "memory",
    "psu": "psus",
    "chassis": "chassis",
    "cooler": "coolers",
    "storage": "storage",
}
"""OwnedPart.category -> the catalog kind its id must name."""


class OwnedPart(BaseModel):
    """A part the user already has and wants used (it costs nothing in the build)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    category: Literal["gpu", "cpu", "motherboard", "memory", "psu", "chassis", "cooler", "storage"]
    id: str = Field(min_length=1, max_length=200)
    quantity: int = Field(default=1, ge=1, le=16)


class BuildRequest(BaseModel):
    """A frozen request: crosses threads unchanged, and is what a project file stores."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)  # finite numbers only

    model_id: str = Field(max_length=200)
    workload: Workload = Workload()
    budget: float | None = Field(default=None, gt=0, le=1e10)
    currency: Literal["USD", "CNY", "EUR"] = "USD"
    min_decode_tps: float | None = Field(default=None, gt=0, le=1e6)
    deadline_hours: float | None = Field(default=None, gt=0, le=1e6)
    circuit: Circuit = "120v15a"
    circuit_asked: bool = Field(
        default=False,
        description="the circuit was named by the user (`plan --circuit`); False: a default (the room's feed in a server "
        "room, else the household outlet), which the plan's note on a server room's feed says it assumed",
    )
    circuits: int = Field(default=1, ge=1, le=16, description="how many such circuits the machine may draw from")
    form: Form = "any"
    room: Room = "lab"
    condition: Condition = "any"
    owned: tuple[OwnedPart, ...] = ()
    max_gpus: int = Field(default=8, ge=1, le=16)
    exact_gpus: bool = Field(
        default=False, description='every build has exactly max_gpus GPUs in one machine ("exactly 8 x 4090")'
    )
    gpu_ids: tuple[str, ...] = Field(default=(), description="only these GPUs (empty: any)")
    system_ids: tuple[str, ...] = Field(
        default=(),
        description="only these ready-made systems (Mac Studio, DGX Spark, a GPU server), compared with the GPUs of "
        "gpu_ids; both empty: any",
    )
    gpu_vendors: tuple[Literal["nvidia", "amd", "intel"], ...] = ()
    region: Region = "global"
    vat_country: str = Field(
        default="",
        max_length=2,
        description="the buyer's country, whose VAT the plan's prices include (catalog.tax.COUNTRIES_OF: a euro "
        "buyer's DE, FR, IT, ES, NL, AT, IE, PL or FI); empty: the currency's default (Germany for EUR)",
    )
    vat: Literal["pay", "reclaim"] = Field(
        default="pay",
        description="'reclaim': a VAT-registered business, which deducts input VAT: every price and the budget are "
        "net of VAT (catalog.tax.VAT_RECLAIM); 'pay': prices with the buyer's VAT, as a consumer pays them",
    )
    top_k: int = Field(default=PLAN_TOP, ge=1, le=10)
    vram_headroom: float = Field(default=0.05, ge=0, le=0.5, description="fraction of each GPU's memory kept free")
    allow_clusters: bool = True
    power_limit: float | None = Field(
        default=None,
        ge=0.5,
        le=1.0,
        description="run GPUs at this fraction of their rated power (nvidia-smi -pl, set at every boot; build rules R20)",
    )
    kv_asked: bool = Field(
        default=True,
        description="the KV-cache precision was named (False: `plan` without --kv-precision, where a llama.cpp job "
        "at a long context is also solved with a q8_0 cache; solve.offers usual_kv_builds)",
    )

    precision_released: bool = Field(
        default=False,
        description="the weight precision is the model's low-bit release, filled in by plan() where none was named "
        "(FP8, INT4 experts, MXFP4): the machines llama.cpp runs from RAM still take its usual GGUF when they cannot "
        "load the release",
    )

    @model_validator(mode="after")
    def _coherent(self) -> BuildRequest:
        if self.vat_country and self.vat_country not in tax.COUNTRIES_OF.get(self.currency, ()):
            raise InvalidInputError(
                "request.vat-country",
                ("vat_country", "currency"),
                f"a buyer paying {self.currency} cannot name VAT country {self.vat_country!r}; a VAT country is "
                "named for EUR plans: " + ", ".join(tax.EUR_COUNTRIES),
            )
        if self.deadline_hours is not None and self.workload.kind == "inference":
            raise InvalidInputError(
                "request.deadline-for-inference",
                ("deadline_hours",),
                "a deadline applies to training jobs; for inference set a minimum decode speed",
            )
        if self.deadline_hours is not None and self.workload.tokens is None:
            raise InvalidInputError(
                "request.deadline-without-tokens",
                ("deadline_hours", "tokens"),
                "a training deadline needs the number of training tokens",
            )
        return self

    @property
    def tax_basis(self) -> tax.TaxBasis | None:
        """The one tax basis every price of the plan is put on (pricing.quote): the buyer's country's VAT in, or out
        for a buyer who reclaims it; the budget is held against totals on this basis."""
        country = self.vat_country if self.vat_country in tax.COUNTRIES_OF.get(self.currency, ()) else ""
        return tax.buyer(self.currency, country, self.vat == "reclaim")

    @property
    def owned_gpu(self) -> OwnedPart | None:
        return next((p for p in self.owned if p.category == "gpu"), None)

    @property
    def named(self) -> tuple[str, ...]:
        """The GPUs and ready-made systems the user named ("Only GPUs", `--gpu`): only builds of these are shown."""
        return (*self.gpu_ids, *self.system_ids)

    @property
    def compares(self) -> bool:
        """Two or more GPUs or systems named: each is shown with its own cheapest build ("cheapest with X")."""
        return len(self.named) >= 2

    @property
    def systems_only(self) -> bool:
        """Ready-made systems named and no GPU: no machine is assembled from parts."""
        return bool(self.system_ids) and not self.gpu_ids


def split_named(
    request: BuildRequest, gpus: Collection[str], systems: Collection[str], option: str = ""
) -> BuildRequest:
    """The request with each named id under its catalog kind: a system id given among the GPUs ("Only GPUs", `--gpu`
    takes both: a Mac Studio against a 3090 build) moves to `system_ids`. An id in neither kind is the request's
    error, naming the option (`option`) and the closest ids of both kinds."""
    from configurator.core.common.errors import unknown_ids

    named = tuple(dict.fromkeys(request.named))
    error = unknown_ids(
        named,
        [*gpus, *systems],
        "GPU or system",
        option,
        listing="gpus` or `llm-rig catalog list systems",
    )
    if error:
        raise error
    gpu_ids = tuple(i for i in named if i in gpus)
    system_ids = tuple(i for i in named if i not in gpus)
    if (gpu_ids, system_ids) == (request.gpu_ids, request.system_ids):
        return request
    return request.model_copy(update={"gpu_ids": gpu_ids, "system_ids": system_ids})
