"""Pydantic models for every catalog record kind: parts, LLM architectures and prices."""

import datetime
import re
from typing import Literal

from configurator.core.catalog.tax import VAT
from configurator.core.common.base import BaseModel, ConfigDict, Field, field_validator, model_validator
from configurator.core.common.errors import InvalidInputError
from configurator.core.common.reasons import Reason, Value, english

_SLUG = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")

Currency = Literal["USD", "CNY", "EUR"]

# Plausible physical ranges: an overlay value outside them is a typo or hostile input, and
# refusing it keeps every estimate finite and every loop bounded (issue #15).
MAX_PRICE = 1e9
"""Any one catalog price, in any currency (a whole GPU cluster is far below this)."""
MAX_LAYERS = 100_000
MAX_WIDTH = 1_000_000
"""hidden, MLP and expert widths (the largest published models are near 50,000)."""
MAX_HEADS = 65_536
MAX_VOCAB = 10_000_000
MAX_CONTEXT = 100_000_000
MAX_EXPERTS = 16_384
MAX_PARAMS_B = 1e6
"""one quadrillion parameters, in billions."""
MAX_MEMORY_GB = 1_048_576
"""system memory of one machine, GB (1 PB; the largest servers hold 32 TB)."""
MAX_LENGTH_MM = 2_000.0
Condition = Literal["new", "used", "refurbished"]
Terms = Literal["landed", "before-import"]


def invalid(code: str, fields: tuple[str, ...], **values: Value) -> InvalidInputError:
    """A record's whole-record rule broken, as a code (record.*) and the fields it is about, the first the one the
    editor writes it under: the catalog editor marks those fields and the loader names the first, never from the words.
    A ValueError, so pydantic reports it (errors.invalid_of finds it again)."""
    said = Reason.of(code, **values)
    return InvalidInputError(code, fields, english(said), said=said)


class _Strict(BaseModel):
    """Base for catalog data: unknown keys are errors, so typos never pass silently."""

    # allow_inf_nan=False: inf or NaN in any float field is refused with the field named
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, allow_inf_nan=False)


class Price(_Strict):
    """One observed street price, with where and when it was seen."""

    amount: float = Field(gt=0, le=MAX_PRICE)
    currency: Currency
    condition: Condition = "new"
    date: datetime.date
    source: str = Field(min_length=3)
    note: str = ""
    # why this price is an estimate (derived from a class-wide rise or a forecast, not observed for this part);
    # empty for an observed price. Per price, as `Record.estimates` is per field (issue #30).
    estimate_reason: str = ""
    # what the amount buys (issue: the 2080 Ti 22GB's 300 USD Alibaba "from" price): "landed" (default) is what a
    # buyer in the price's market pays for the part delivered (a shop, an eBay listing with its shipping);
    # "before-import" is an exporter's asking price before shipping, import duty and VAT. quote() never offers a
    # "before-import" amount as is: it lands it by the import rule of the buyer's market (solve.pricing.IMPORT) or
    # leaves it out where the catalog has no such rule.
    terms: Terms = "landed"
    # the tax the amount includes (core.catalog.tax): the region the price was seen in (ISO 3166 code; a USD price
    # without one is a US price, a CNY price a Chinese one) and whether the amount includes that region's VAT. A
    # price in another currency bounds this one only like with like: net of VAT, within one market (pricing._raised).
    region: str = ""
    vat_included: bool | None = None

    @field_validator("region")
    @classmethod
    def _region_has_a_rate(cls, value: str) -> str:
        if value and value not in VAT:
            raise ValueError(f"region {value!r} has no VAT rate in the catalog (known: {', '.join(sorted(VAT))})")
        return value


class Record(_Strict):
    """Fields shared by every catalog record."""

    id: str
    name: str = Field(min_length=1)
    source: str = Field(min_length=3, description="Spec sheet, datasheet or config.json URL")
    # field name -> reason, for any value that is an estimate rather than a published figure
    estimates: dict[str, str] = Field(default_factory=dict)
    notes: str = ""
    prices: tuple[Price, ...] = ()
    # the vendor stopped selling it new (Apple dropped the 512 GB Mac Studio in March 2026): its new prices are
    # history and are never offered; used prices still are (issue #30: "prices a buyer can act on")
    sold_new_until: datetime.date | None = None
    sold_new_source: str = ""

    @model_validator(mode="after")
    def _discontinuation_has_a_source(self) -> "Record":
        if self.sold_new_until is not None and len(self.sold_new_source) < 3:
            raise invalid("record.sold-new-source", ("sold_new_until", "sold_new_source"))
        return self

    def sold_new_on(self, day: datetime.date) -> bool:
        """Whether the part can still be bought new on `day`."""
        return self.sold_new_until is None or day <= self.sold_new_until

    @field_validator("id")
    @classmethod
    def _id_is_slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError(f"id {value!r} must be a lowercase slug such as 'rtx-3090'")
        return value

    @model_validator(mode="after")
    def _estimates_name_fields(self) -> "Record":
        unknown = set(self.estimates) - set(type(self).model_fields)
        if unknown:
            raise invalid("record.unknown-estimates", ("estimates",), names=tuple(sorted(unknown)))
        return self

    def price(self, currency: str, condition: str = "new") -> Price | None:
        """The newest price in this currency and condition, if the catalog has one."""
        matches = [p for p in self.prices if p.currency == currency and p.condition == condition]
        return max(matches, key=lambda p: p.date) if matches else None


# ---------------------------------------------------------------------------------------
# GPUs


class PowerConnectors(_Strict):
    """Auxiliary power inputs on a card (the slot itself supplies up to 75 W)."""

    pcie8: int = Field(default=0, ge=0, le=32)
    pcie6: int = Field(default=0, ge=0, le=32)
    hpwr16: int = Field(default=0, ge=0, le=32, description="12VHPWR / 12V-2x6")
    eps8: int = Field(default=0, ge=0, le=32, description="CPU EPS 8-pin, used by RTX A6000 class cards")


def _idle_checked(record: "Gpu | System") -> None:
    """An idle draw carries its source, or is a marked estimate (`estimates.idle_w`) with its reason (round 36)."""
    if record.idle_w is not None and len(record.idle_source) < 3 and "idle_w" not in record.estimates:
        raise invalid("record.idle-source", ("idle_w", "idle_source"))


class Gpu(Record):
    """A graphics or accelerator card. Throughput figures are dense (no sparsity)."""

    vendor: Literal["nvidia", "amd", "intel"]
    architecture: str
    market: Literal["consumer", "workstation", "datacenter"]
    release_year: int = Field(ge=2010, le=2030)
    vram_gb: float = Field(ge=1, le=1024, description="GB of memory on the card: 1 GB to 1 TB")
    usable_vram_gib: float | None = Field(
        default=None,
        gt=0,
        le=1024,
        description="GiB the driver offers: nvidia-smi's memory total (MiB / 1024) in the card's shipped ECC mode "
        "(a data-center GDDR6 card ships with ECC on, which keeps 1/16 of the memory: 48 GB shows 46,068 MiB); set only "
        "where a report prints it, with usable_vram_source. The estimates fill this, not vram_gb",
    )
    usable_vram_source: str = Field(default="", description="where usable_vram_gib was read (a URL and what it shows)")
    memory_type: str
    memory_bandwidth_gbps: float = Field(gt=0, le=100_000, description="GB/s, peak")
    fp32_tflops: float = Field(gt=0, le=5_000)
    fp16_tflops: float = Field(gt=0, le=20_000, description="dense tensor FP16 with FP32 accumulate")
    bf16_tflops: float | None = Field(default=None, gt=0, le=20_000)
    fp8_tflops: float | None = Field(default=None, gt=0, le=40_000)
    int8_tops: float | None = Field(default=None, gt=0, le=40_000)
    fp4_tflops: float | None = Field(default=None, gt=0, le=80_000)
    tflops_basis: str = Field(
        default="dense tensor core, no sparsity; fp16 with fp32 accumulate",
        description="how the throughput figures were read from the spec sheet",
    )
    tdp_w: float = Field(ge=10, le=5_000)
    # round 36: the card's draw while it waits with a model loaded (P8 with the weights in VRAM), measured; None: the
    # share of tdp_w estimated (rules.watts.GPU_IDLE_SHARE)
    idle_w: float | None = Field(
        default=None,
        ge=0,
        le=2_000,
        description="board power idle with a model loaded, measured (nvidia-smi / rocm-smi)",
    )
    idle_source: str = Field(default="", description="where idle_w is read, with the date (required with idle_w)")
    form_factor: Literal["pcie", "sxm", "oam"]
    slot_width: float = Field(ge=1, le=5, description="expansion slots the cooler covers")
    length_mm: float = Field(ge=50, le=MAX_LENGTH_MM)
    cooler: Literal["blower", "open-air", "passive", "liquid"]
    power_connectors: PowerConnectors = PowerConnectors.model_construct()  # no validator built at import
    pcie_gen: int = Field(ge=3, le=6)
    pcie_lanes: int = Field(default=16, ge=1, le=16)
    nvlink: str | None = Field(default=None, description="bridge family, e.g. 'rtx3090', 'a6000', 'nvlink4-sxm'")
    nvlink_bandwidth_gbps: float | None = Field(default=None, gt=0, le=100_000, description="total bidirectional GB/s")
    p2p: bool = Field(description="GPUDirect peer-to-peer over PCIe (False on GeForce)")
    export_variant_of: str | None = Field(default=None, description="id of the card this is a China-market variant of")
    export_restricted_cn: bool = Field(default=False, description="not legally sold into China")
    interconnect_note: str = ""
    modified: bool = Field(
        default=False,
        description="not a vendor product: memory or board reworked by a refurbisher (no warranty, no vendor support)",
    )
    power_limit_min_w: float | None = Field(
        default=None,
        ge=1,
        le=5_000,
        description="the lowest power cap the driver accepts, W (nvidia-smi -q -d POWER 'Min Power Limit', amdgpu "
        "power1_cap_min); set only where a report says so, with power_limit_source",
    )
    power_limit_source: str = Field(
        default="", description="where power_limit_min_w was read (a URL and what it shows)"
    )
    compute_capability: float | None = Field(
        default=None,
        ge=1,
        le=20,
        description="an NVIDIA card's CUDA compute capability (6.1: sm_61), what a CUDA build targets "
        "(CMAKE_CUDA_ARCHITECTURES); set only with compute_capability_source",
    )
    compute_capability_source: str = Field(default="", description="where compute_capability was read")
    gpus_per_card: int = Field(
        default=1,
        ge=1,
        le=2,
        description="GPUs on one card (the Arc Pro B60 Dual carries two, each with its own memory and x8 link): "
        "vram_gb, bandwidth and throughput are per GPU; tdp_w, size and connectors per card",
    )

    @property
    def memory_gib(self) -> float:
        """The memory a job may fill, GiB: what the driver reports where the catalog has it (usable_vram_gib), else
        the nominal vram_gb, which the estimates have always read as GiB."""
        return self.usable_vram_gib if self.usable_vram_gib is not None else self.vram_gb

    @model_validator(mode="after")
    def _idle_sourced(self) -> "Gpu":
        _idle_checked(self)
        return self

    @model_validator(mode="after")
    def _usable_memory_is_sourced(self) -> "Gpu":
        if self.usable_vram_gib is not None and len(self.usable_vram_source) < 3:
            raise invalid("record.usable-memory-source", ("usable_vram_gib", "usable_vram_source"))
        if self.usable_vram_gib is not None and self.usable_vram_gib > self.vram_gb:
            usable, nominal = self.usable_vram_gib, self.vram_gb
            raise invalid("record.usable-above-nominal", ("usable_vram_gib", "vram_gb"), usable=usable, vram=nominal)
        return self

    @model_validator(mode="after")
    def _power_floor_is_sourced(self) -> "Gpu":
        if self.power_limit_min_w is not None and len(self.power_limit_source) < 3:
            raise invalid("record.power-floor-source", ("power_limit_min_w", "power_limit_source"))
        if self.power_limit_min_w is not None and self.power_limit_min_w > self.tdp_w:
            floor, tdp = self.power_limit_min_w, self.tdp_w
            raise invalid("record.power-floor-above-tdp", ("power_limit_min_w", "tdp_w"), floor_w=floor, tdp_w=tdp)
        return self

    @model_validator(mode="after")
    def _compute_capability_is_sourced(self) -> "Gpu":
        if self.compute_capability is not None and len(self.compute_capability_source) < 3:
            raise invalid("record.compute-capability-source", ("compute_capability", "compute_capability_source"))
        return self

    @model_validator(mode="after")
    def _two_gpus_split_one_slot(self) -> "Gpu":
        if self.gpus_per_card > 1 and (self.form_factor != "pcie" or self.pcie_lanes * self.gpus_per_card > 16):
            raise invalid("record.two-gpus", ("gpus_per_card", "form_factor", "pcie_lanes"))
        return self

    @model_validator(mode="after")
    def _sxm_has_no_slots(self) -> "Gpu":
        if self.form_factor != "pcie" and self.cooler != "passive":
            raise invalid("record.module-cooler", ("cooler", "form_factor"))
        return self


# ---------------------------------------------------------------------------------------
# Platform


MemoryKind = Literal["DDR4", "DDR5"]
Platform = Literal["consumer", "hedt", "workstation", "server"]


class Cpu(Record):
    vendor: Literal["amd", "intel"]
    socket: str
    platform: Platform
    cores: int = Field(ge=1, le=1_024)
    threads: int = Field(ge=1, le=4_096)
    base_clock_ghz: float = Field(gt=0, le=10)
    boost_clock_ghz: float | None = Field(default=None, gt=0, le=10)
    tdp_w: float = Field(ge=1, le=2_000, description="TDP, or PPT where the vendor gives one")
    pcie_lanes: int = Field(ge=1, le=1_024, description="usable lanes from the CPU (chipset link excluded)")
    pcie_gen: int = Field(ge=3, le=6)
    memory_type: MemoryKind
    memory_channels: int = Field(ge=1, le=64)
    memory_speed_mts: int = Field(gt=0, le=100_000, description="highest officially supported MT/s")
    memory_speed_2dpc_mts: int | None = Field(
        default=None,
        gt=0,
        le=100_000,
        description="officially supported MT/s with two DIMMs per channel (None: not published)",
    )
    max_memory_gb: int = Field(gt=0, le=MAX_MEMORY_GB)
    ecc: bool = False
    integrated_graphics: bool = False
    family: str = Field(
        pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$",
        description="CPU generation a board must list in cpu_families (e.g. 'xeon-w-2400', 'epyc-9004')",
    )
    # -- memory bandwidth (issue #12): core chiplets each read memory over their own link(s)
    ccds: int | None = Field(default=None, ge=1, le=16, description="AMD core chiplets (CCDs), from AMD's product page")


class PcieSlot(_Strict):
    position: int = Field(ge=1, le=12, description="expansion-slot index from the top (1 = nearest the CPU)")
    mechanical_lanes: int = Field(default=16, ge=1, le=16)
    lanes: int = Field(ge=1, le=16, description="electrical lanes")
    gen: int = Field(ge=3, le=6)
    source: Literal["cpu", "chipset", "plx"] = "cpu"
    shares_with: tuple[str, ...] = Field(default=(), description="M.2 socket ids that share this slot's lanes")
    lanes_when_shared: int = Field(
        default=0, ge=0, le=16, description="electrical lanes left when a sharing M.2 is used"
    )
    lanes_when_bifurcated: int | None = Field(
        default=None, ge=1, le=16, description="lanes when the slot pair runs x8/x8 (both populated)"
    )
    splits: tuple[Literal["x8x8", "x4x4x4x4"], ...] = Field(
        default=(),
        description="how the BIOS can split this slot's lanes for one card carrying several devices (a dual-GPU card, "
        "an M.2 carrier), as the board's manual or spec page lists; empty when not published: never assumed",
    )


class M2Socket(_Strict):
    id: str
    lanes: int = Field(default=4, ge=1, le=4)
    gen: int = Field(ge=3, le=5)
    source: Literal["cpu", "chipset"] = "cpu"


class Motherboard(Record):
    vendor: str
    socket: str
    chipset: str
    form_factor: Literal["mini-itx", "micro-atx", "atx", "e-atx", "eeb", "ceb", "server-proprietary"]
    width_mm: float = Field(gt=0, le=MAX_LENGTH_MM)
    depth_mm: float = Field(gt=0, le=MAX_LENGTH_MM)
    pcie_slots: tuple[PcieSlot, ...]
    m2_sockets: tuple[M2Socket, ...] = ()
    dimm_slots: int = Field(ge=1, le=128)
    cpu_families: tuple[str, ...] = Field(
        min_length=1, description="CPU generations the board runs (its CPU support list); matches Cpu.family"
    )
    memory_channels: int = Field(ge=1, le=12, description="memory channels the board wires per socket")
    dimms_per_channel: int = Field(ge=1, le=2, description="DIMM slots per channel (1DPC or 2DPC boards)")
    memory_type: MemoryKind
    memory_module: Literal["udimm", "rdimm"]
    ecc: bool = False
    max_memory_gb: int = Field(gt=0, le=MAX_MEMORY_GB)
    bifurcation: bool = False
    dual_psu_header: bool = False
    cpu_sockets: int = Field(default=1, ge=1, le=2)
    gpu_bays: int = Field(
        default=0, ge=0, le=16, description="server GPU bays (double-width, x16 each) instead of desktop slot geometry"
    )
    gpu_bay_gen: int | None = Field(
        default=None,
        ge=3,
        le=6,
        description="the PCIe generation the GPU bays run at, from the server's spec page (required with gpu_bays: "
        "the estimate times the cards' links at it and the search reads it: rules.links.BayGeneration)",
    )
    vendor_part_number: str = ""

    @model_validator(mode="after")
    def _slots_consistent(self) -> "Motherboard":
        positions = [s.position for s in self.pcie_slots]
        if len(positions) != len(set(positions)):
            raise ValueError("two PCIe slots share one position")
        m2_ids = {m.id for m in self.m2_sockets}
        for slot in self.pcie_slots:
            missing = set(slot.shares_with) - m2_ids
            if missing:
                raise ValueError(f"slot {slot.position} shares lanes with unknown M.2 socket(s) {sorted(missing)}")
            if slot.lanes > slot.mechanical_lanes:
                raise ValueError(f"slot {slot.position} has more electrical than mechanical lanes")
        if self.gpu_bays and self.gpu_bay_gen is None:
            raise ValueError("a board with GPU bays names their PCIe generation (gpu_bay_gen), from its spec page")
        if self.dimm_slots > self.memory_channels * self.dimms_per_channel * self.cpu_sockets:
            raise ValueError(f"dimm_slots ({self.dimm_slots}) exceed memory_channels x dimms_per_channel x cpu_sockets")
        return self


MODULE_GB_BYTES = 1024**3
"""Bytes in one "GB" of a memory module or kit: a "64 GB" DIMM holds 64 GiB. JEDEC's memory usage of the prefixes
(JESD100B.01, "Terms, Definitions, and Letter Symbols for Microcomputers, Microprocessors, and Memory Integrated
Circuits": giga = 2^30 for memory capacity) and every DRAM density (16 Gb, 24 Gb, 32 Gb dies) are binary: sixteen
32 Gb dies on a module are 64 x 2^30 bytes. The job's bytes (weights, cache: the estimator counts in bytes) are
divided by this, never by 1e9, before they are compared with a kit's `total_gb`: 1e9 asked 7.4 % more RAM than the
job holds, so 768 GB of DIMMs (825 x 10^9 bytes) "could not" hold DeepSeek-R1 at Q8_0. Here, beside the kit it
describes, so the estimate reads it without the rulebook (RAM-1 and RAM-3, rules/compat.py, read it too)."""


def channels_balanced(dimms: int, channels: int) -> bool:
    """Every one of `channels` memory channels holds the same number of `dimms` DIMMs (one or more each): the one
    population that interleaves all of them in one set (RAM-7, rules/compat.py; the estimate's host bandwidth)."""
    return channels > 0 and dimms >= channels and dimms % channels == 0


def channels_read(dimms: int, channels: int) -> float:
    """The channels' worth of bandwidth a read spread over all `dimms` DIMMs gets from `channels` channels, the DIMMs
    placed as evenly as the slots allow: each DIMM serves an equal share of the bytes, so the busiest channel
    (ceil(dimms / channels) DIMMs) sets the pace, dimms / busiest. Fewer DIMMs than channels read at their own count
    (8 DIMMs on 12 channels: 8 channels' worth); a balanced population reads at every channel; 8 DIMMs on 6 channels
    (two channels with two, four with one) at 4, two thirds. Intel, "Intel Xeon Processor 5500 Series: Balanced vs.
    Unbalanced Memory Population" (2-1-1 on three channels: "channel 1 will need to handle two requests ... a
    bottleneck of your bandwidth", or the fourth DIMM read "to the equivalent of a single channel": 4 / 2 = 2 channels'
    worth either way); Dell, "Balanced Memory with 2nd Generation Intel Xeon Scalable Processors" (2019): unbalanced
    configurations "can reduce memory bandwidth by up to 33%" (8 DIMMs on a 6-channel socket: 4 / 6 here)."""
    if dimms <= 0 or channels <= 0:
        return 0.0
    busiest = -(-dimms // channels)
    return dimms / busiest


class MemoryKit(Record):
    vendor: str
    memory_type: MemoryKind
    module: Literal["udimm", "rdimm"]
    ecc: bool = False
    modules: int = Field(ge=1, le=128)
    module_gb: int = Field(gt=0, le=4_096)
    speed_mts: int = Field(gt=0, le=100_000)
    vendor_part_number: str = ""

    @property
    def total_gb(self) -> int:
        return self.modules * self.module_gb


class Psu(Record):
    vendor: str
    watts: float = Field(ge=50, le=100_000)
    form_factor: Literal["atx", "sfx", "crps", "server"]
    efficiency: Literal["bronze", "silver", "gold", "platinum", "titanium"]
    atx_version: Literal["2.x", "3.0", "3.1", "crps"]
    native_12v2x6: bool = Field(description="a native 12VHPWR/12V-2x6 socket (ATX 3.x excursion tested)")
    min_input_v: float = Field(default=100, ge=50, le=500, description="lowest AC input for full rated output")
    connectors: PowerConnectors
    length_mm: float = Field(gt=0, le=MAX_LENGTH_MM)
    vendor_part_number: str = ""


class Chassis(Record):
    vendor: str
    kind: Literal["mid-tower", "full-tower", "open-frame", "rack-2u", "rack-4u", "rack-5u", "rack-6u"]
    expansion_slots: int = Field(ge=1, le=64)
    max_gpu_length_mm: float = Field(gt=0, le=MAX_LENGTH_MM)
    max_board: Literal["mini-itx", "micro-atx", "atx", "e-atx", "eeb", "ceb", "server-proprietary"]
    max_board_width_mm: float = Field(gt=0, le=MAX_LENGTH_MM)
    max_cpu_cooler_height_mm: float | None = Field(default=None, gt=0, le=MAX_LENGTH_MM)
    max_psu_length_mm: float | None = Field(default=None, gt=0, le=MAX_LENGTH_MM)
    psu_bays: int = Field(default=1, ge=0, le=64)
    airflow: Literal["desktop", "server-ducted"]
    max_gpus: int | None = Field(default=None, ge=1, le=64, description="for GPU servers: double-width GPU bays")
    included_psu_w: float | None = Field(
        default=None, gt=0, le=100_000, description="server chassis that ship with PSUs: all modules"
    )
    psu_redundant: bool = Field(default=False, description="N+N redundant modules: plan against half of included_psu_w")
    integrated_board: str | None = Field(default=None, description="id of the board a GPU-server barebone comes with")
    per_gpu_accessory: str | None = Field(
        default=None,
        description="id of an accessory each GPU in this case needs, bought per card (a blower shroud on a passive card)",
    )
    noise: Literal["quiet", "moderate", "loud", "datacenter"] = "moderate"
    vendor_part_number: str = ""


class Cooler(Record):
    vendor: str
    kind: Literal["air-tower", "aio-liquid", "server-passive", "server-active"]
    sockets: tuple[str, ...]
    max_tdp_w: float = Field(gt=0, le=5_000, description="cooling capacity as rated or estimated")
    height_mm: float | None = Field(default=None, gt=0, le=MAX_LENGTH_MM)
    radiator_mm: int | None = Field(default=None, gt=0, le=MAX_LENGTH_MM)
    needs_ducted_airflow: bool = Field(
        default=False, description="no fan of its own: works only where server fans force air through it (R4)"
    )
    vendor_part_number: str = ""

    @model_validator(mode="after")
    def _passive_needs_airflow(self) -> "Cooler":
        if self.kind == "server-passive" and not self.needs_ducted_airflow:
            raise ValueError("a server-passive heatsink has no fan: set needs_ducted_airflow = true")
        return self


class Storage(Record):
    vendor: str
    capacity_gb: int = Field(gt=0, le=10_000_000)
    interface: Literal["nvme", "sata", "u.2"]
    pcie_gen: int | None = Field(default=None, ge=3, le=5)
    seq_read_mbps: int = Field(gt=0, le=1_000_000)
    seq_write_mbps: int = Field(gt=0, le=1_000_000)
    form_factor: Literal["m.2-2280", "2.5in", "u.2", "e1.s"]
    vendor_part_number: str = ""


# ---------------------------------------------------------------------------------------
# Models


class MoeSpec(_Strict):
    num_experts: int = Field(ge=2, le=MAX_EXPERTS, description="routed experts per MoE layer")
    experts_per_token: int = Field(ge=1, le=MAX_EXPERTS)
    expert_intermediate_size: int = Field(gt=0, le=MAX_WIDTH)
    shared_experts: int = Field(default=0, ge=0, le=MAX_EXPERTS)
    shared_intermediate_size: int = Field(
        default=0, ge=0, le=MAX_WIDTH * MAX_EXPERTS, description="total width of the shared expert(s)"
    )
    first_dense_layers: int = Field(default=0, ge=0, le=MAX_LAYERS, description="leading layers with a dense MLP")
    dense_intermediate_size: int | None = Field(
        default=None, gt=0, le=MAX_WIDTH, description="MLP width of those dense layers"
    )
    moe_layer_step: int = Field(
        default=1, ge=1, le=MAX_LAYERS, description="every n-th layer is MoE (Llama 4 interleaves)"
    )
    routing_groups: int = Field(
        default=1, ge=1, le=MAX_EXPERTS, description="expert groups of group-limited routing (config.json n_group)"
    )
    groups_per_token: int = Field(
        default=0, ge=0, le=MAX_EXPERTS, description="groups a token's experts are chosen from (topk_group); 0: any"
    )
    router_bias: bool = Field(
        default=False,
        description="e_score_correction_bias: one value per routed expert in each MoE layer's router, the "
        "aux-loss-free balancing bias of DeepSeek-V3-style routing (config topk_method noaux_tc and kin)",
    )
    latent_size: int | None = Field(
        default=None,
        gt=0,
        le=MAX_WIDTH,
        description="latent MoE (Nemotron 3 Super, config moe_latent_size): the routed experts work at this width, "
        "between one down-projection from the hidden size and one up-projection back that every token passes",
    )
    shared_expert_gate: bool = Field(
        default=False,
        description="shared_expert_gate: a sigmoid gate on the shared expert's output, one hidden -> 1 projection in "
        "each MoE layer (Qwen2-MoE, Qwen3-Next, Qwen3.5 MoE)",
    )
    expert_scale: bool = Field(
        default=False,
        description="per_expert_scale: one learned weight per routed expert in each MoE layer's router, scaling the "
        "chosen experts' outputs (Gemma 4)",
    )

    def expert_width_in(self, hidden: int) -> int:
        """The width a routed expert reads and writes: the latent width of a latent MoE, else the hidden size."""
        return self.latent_size or hidden

    def shared_gate_params(self, hidden: int) -> int:
        """One MoE layer's shared-expert gate (HF Qwen3NextSparseMoeBlock's shared_expert_gate, Linear(hidden, 1)): 0
        without a gated shared expert."""
        return hidden if self.shared_expert_gate and self.shared_intermediate_size else 0

    def router_params(self, hidden: int) -> int:
        """One MoE layer's router: the gate matrix (hidden x experts) and, with DeepSeek-V3-style routing, its
        e_score_correction_bias (one value per expert; HF Glm4MoeTopkRouter, NemotronHTopkRouter, DeepseekV3TopkRouter
        register it as a buffer, Kimi Linear's KimiMoEGate as a parameter: either way a tensor the checkpoint ships),
        and Gemma 4's per_expert_scale (HF Gemma4TextRouter, one value per expert)."""
        per_expert = int(self.router_bias) + int(self.expert_scale)
        return hidden * self.num_experts + per_expert * self.num_experts

    def latent_projection_params(self, hidden: int) -> int:
        """A latent MoE layer's two always-active projections (fc1_latent_proj, fc2_latent_proj): 0 without one."""
        return 2 * hidden * self.latent_size if self.latent_size else 0

    @model_validator(mode="after")
    def _top_k_within(self) -> "MoeSpec":
        if self.experts_per_token > self.num_experts:
            raise ValueError("experts_per_token exceeds num_experts")
        if self.groups_per_token > self.routing_groups:
            raise ValueError("groups_per_token exceeds routing_groups")
        return self


class MlaSpec(_Strict):
    """Multi-head latent attention (DeepSeek-V2/V3)."""

    kv_lora_rank: int = Field(gt=0, le=MAX_WIDTH)
    q_lora_rank: int | None = Field(default=None, gt=0, le=MAX_WIDTH)
    qk_rope_head_dim: int = Field(
        ge=0, le=MAX_WIDTH, description="rotary key width shared by the heads; 0: none (GLM-5.3-Flash's NoPE MLA)"
    )
    qk_nope_head_dim: int = Field(gt=0, le=MAX_WIDTH)
    v_head_dim: int = Field(gt=0, le=MAX_WIDTH)


class DsaIndexerSpec(_Strict):
    """The DeepSeek Sparse Attention lightning indexer of each MLA layer, counted tensor by tensor (GLM-5.3-Flash's
    Glm5NextTextIndexer over GlmMoeDsaIndexer: wq_b from the query latent, wk, a LayerNorm on the keys, weights_proj,
    index_kpool_compress_ape and _gate). Its cache per token and layer: the key, its pool-gate scores and one valid
    flag (the packed state transformers keeps)."""

    n_heads: int = Field(gt=0, le=MAX_HEADS, description="index_n_heads")
    head_dim: int = Field(gt=0, le=MAX_WIDTH, description="index_head_dim")
    topk: int = Field(gt=0, le=MAX_CONTEXT, description="index_topk: tokens each query attends to")
    kpool: int = Field(
        default=1, ge=1, le=1024, description="index_kpool: tokens pooled into one indexer key (1: none)"
    )


class PerLayerInputSpec(_Strict):
    """Per-layer embeddings (Gemma 3n, config `hidden_size_per_layer_input` / `vocab_size_per_layer_input`):
    every layer looks up its own small embedding of the token and projects it into the residual stream."""

    hidden_size: int = Field(gt=0, le=MAX_WIDTH, description="hidden_size_per_layer_input")
    vocab_size: int = Field(gt=0, le=MAX_VOCAB, description="vocab_size_per_layer_input")


class LinearAttentionSpec(_Strict):
    """Hybrid linear attention (Qwen3-Next Gated DeltaNet): most layers keep a fixed-size
    recurrent state instead of a growing KV cache; every n-th layer is full attention."""

    full_attention_interval: int = Field(ge=2, description="every n-th layer is full (softmax) attention")
    num_key_heads: int = Field(gt=0, description="linear_num_key_heads")
    num_value_heads: int = Field(gt=0, description="linear_num_value_heads")
    key_head_dim: int = Field(gt=0)
    value_head_dim: int = Field(gt=0)
    conv_kernel: int = Field(default=4, gt=0, description="linear_conv_kernel_dim: short causal convolution")

    @model_validator(mode="after")
    def _value_heads_group_keys(self) -> "LinearAttentionSpec":
        if self.num_value_heads % self.num_key_heads:
            raise ValueError("linear attention: num_value_heads must be a multiple of num_key_heads")
        return self


class KdaSpec(_Strict):
    """Kimi Delta Attention layers beside softmax (MLA) layers (Kimi Linear; GLM-5.3-Flash's
    Glm5NextTextLinearAttention; config `linear_attn_config`): each KDA layer keeps a fixed recurrent state of num_heads
    x head_dim x head_dim (fp32) plus the last conv_kernel - 1 inputs of its q, k and v short convolutions, instead of a
    per-token cache. Its weights: q, k, v projections, depthwise q/k/v convolutions, a low-rank forget gate (f_a hidden
    -> head_dim, f_b head_dim -> heads x head_dim) with dt_bias and A_log, a per-head beta (b_proj), a low-rank output
    gate (g_a, g_b), the gated RMSNorm and o_proj."""

    num_heads: int = Field(gt=0, le=MAX_HEADS, description="linear_attn_config num_heads: KDA heads")
    head_dim: int = Field(gt=0, le=MAX_WIDTH, description="linear_attn_config head_dim: key and value width per head")
    conv_kernel: int = Field(
        default=4, gt=0, le=64, description="linear_attn_config short_conv_kernel_size: the q/k/v short convolutions"
    )
    full_attention_layers: tuple[int, ...] = Field(
        min_length=1,
        max_length=MAX_LAYERS,
        description="0-based indexes of the softmax-attention layers; every other layer is KDA",
    )

    @field_validator("full_attention_layers")
    @classmethod
    def _layers_sorted(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(i < 0 for i in value) or list(value) != sorted(set(value)):
            raise ValueError("full_attention_layers must be distinct 0-based layer indexes in increasing order")
        return value


class MambaSpec(_Strict):
    """Hybrid Mamba-2 layers (Nemotron-H, config `hybrid_override_pattern`): each layer is one block,
    a Mamba-2 mixer (M), self-attention (*), a MoE (E) or a dense MLP (-). Mamba-2 layers keep a fixed
    recurrent state per sequence (HF NemotronHMamba2Mixer: num_heads x head_dim x state_size in the
    cache dtype, plus the causal-convolution window) instead of a per-token KV cache."""

    pattern: str = Field(
        min_length=1,
        max_length=MAX_LAYERS,
        pattern=r"^[M*E-]+$",
        description="hybrid_override_pattern: one character per layer, M mamba, * attention, E MoE, - MLP",
    )
    num_heads: int = Field(gt=0, le=MAX_HEADS, description="mamba_num_heads")
    head_dim: int = Field(gt=0, le=MAX_WIDTH, description="mamba_head_dim")
    state_size: int = Field(gt=0, le=MAX_WIDTH, description="ssm_state_size")
    n_groups: int = Field(gt=0, le=MAX_HEADS, description="n_groups: B and C projections shared by head groups")
    conv_kernel: int = Field(default=4, gt=0, le=64)
    state_bytes: int = Field(
        default=4, ge=1, le=8, description="bytes per state value (mamba_ssm_cache_dtype float32: 4)"
    )

    @model_validator(mode="after")
    def _heads_group(self) -> "MambaSpec":
        if self.num_heads % self.n_groups:
            raise ValueError("num_heads must be a multiple of n_groups")
        return self

    def layers(self, kind: str) -> int:
        """How many layers are of this kind ('M', '*', 'E' or '-')."""
        return self.pattern.count(kind)


class GlobalAttentionSpec(_Strict):
    """Full-attention layers with their own head geometry beside sliding-window layers (Gemma 4:
    `global_head_dim`, `num_global_key_value_heads`, `attention_k_eq_v`)."""

    head_dim: int = Field(gt=0, le=MAX_WIDTH, description="global_head_dim")
    num_kv_heads: int = Field(gt=0, le=MAX_HEADS, description="num_global_key_value_heads")
    k_eq_v: bool = Field(default=False, description="attention_k_eq_v: no v_proj, the values are the keys")
    num_heads: int | None = Field(
        default=None,
        gt=0,
        le=MAX_HEADS,
        description="query heads of the full layers where they differ from the sliding ones (Laguna); None: the same",
    )


class CompressedAttentionSpec(_Strict):
    """DeepSeek-V4 hybrid attention (HF DeepseekV4Attention): one shared K=V head per layer over a sliding
    window, plus per layer a compressed pool of the whole context: `compress_ratios[i]` 0 is window only,
    4 is compressed sparse attention (one entry per 4 tokens, with a Lightning Indexer keeping its own
    `index_head_dim` pool), 128 is heavily compressed attention (one entry per 128 tokens). Queries use a
    low-rank q_a/q_b pair, the output a grouped low-rank o_a/o_b pair; residuals run `hc_mult` streams
    mixed by manifold-constrained hyper-connections (mHC)."""

    compress_ratios: tuple[int, ...] = Field(
        min_length=1, max_length=MAX_LAYERS, description="per layer: 0, or tokens per pooled entry"
    )
    q_lora_rank: int = Field(gt=0, le=MAX_WIDTH)
    o_lora_rank: int = Field(gt=0, le=MAX_WIDTH)
    o_groups: int = Field(gt=0, le=MAX_HEADS)
    qk_rope_head_dim: int = Field(gt=0, le=MAX_WIDTH)
    index_n_heads: int = Field(gt=0, le=MAX_HEADS)
    index_head_dim: int = Field(gt=0, le=MAX_WIDTH)
    index_topk: int = Field(gt=0, le=MAX_CONTEXT)
    index_ratio: int = Field(
        default=4, gt=0, le=MAX_CONTEXT, description="the ratio whose layers carry the indexer (CSA)"
    )
    hc_mult: int = Field(default=1, gt=0, le=64, description="parallel residual streams (mHC)")

    @field_validator("compress_ratios")
    @classmethod
    def _ratios_non_negative(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(r < 0 or r > MAX_CONTEXT for r in value):
            raise ValueError("compress_ratios must be 0 (window only) or a positive number of tokens per entry")
        return value


NativePrecision = Literal["bf16", "fp16", "fp8", "mxfp4", "nvfp4", "int4", "int4-experts"]


class TokenPrice(_Strict):
    """What a hosted provider charges for the same open model per million tokens (its API page), with the date the
    price was published or read: the honest rental alternative for a few users (core.costs.api)."""

    provider: str = Field(min_length=1)
    output_per_million: float = Field(gt=0, le=MAX_PRICE, description="per million output (generated) tokens")
    input_per_million: float | None = Field(default=None, gt=0, le=MAX_PRICE, description="per million input tokens")
    currency: Currency
    date: datetime.date = Field(description="when the price was published, in effect or read")
    source: str = Field(min_length=3, description="the provider's page the price was read from")
    note: str = ""
    market: Literal["global", "china"] = Field(
        default="global",
        description="the buyers who can pay it: 'china' a mainland-China account, 'global' the rest (tco.rental_market)",
    )
    market_source: str = Field(default="", description="where the price's market is read from, or why it is that one")
    # round 36: a prompt the provider has cached (the re-sent context of a chat or a coding agent) bills less
    cache_read_per_million: float | None = Field(
        default=None,
        ge=0,
        le=MAX_PRICE,
        description="per million input tokens read from the provider's prompt cache; None: none listed, every prompt "
        "token billed at input_per_million (the upper end)",
    )
    cache_write_per_million: float | None = Field(
        default=None,
        ge=0,
        le=MAX_PRICE,
        description="per million input tokens written to the cache where the provider charges for it (Anthropic-style "
        "1.25x); None: a write bills as an ordinary input token",
    )
    cache_source: str = Field(
        default="",
        description="where the cache prices are read from, with the date read (required with a cache price)",
    )

    @model_validator(mode="after")
    def _cache_sourced(self) -> "TokenPrice":
        if (self.cache_read_per_million is not None or self.cache_write_per_million is not None) and len(
            self.cache_source
        ) < 3:
            raise ValueError("a cache price needs its cache_source (the page and the date read)")
        if self.cache_read_per_million is not None and self.input_per_million is None:
            raise ValueError("a cache-read price needs the input price it discounts")
        return self


class ModelArch(Record):
    """An LLM's architecture, normalised from its own config.json."""

    family: str
    hf_repo: str = ""
    architecture: str = Field(description="HF model_type, e.g. llama, qwen2, qwen3_moe, deepseek_v3")
    release_year: int = Field(ge=2018, le=2030)
    num_layers: int = Field(gt=0, le=MAX_LAYERS)
    hidden_size: int = Field(gt=0, le=MAX_WIDTH)
    num_attention_heads: int = Field(gt=0, le=MAX_HEADS)
    num_kv_heads: int = Field(gt=0, le=MAX_HEADS)
    head_dim: int = Field(gt=0, le=MAX_WIDTH)
    intermediate_size: int = Field(gt=0, le=MAX_WIDTH, description="dense MLP width (for MoE: see moe)")
    vocab_size: int = Field(gt=0, le=MAX_VOCAB)
    tie_embeddings: bool
    max_context: int = Field(gt=0, le=MAX_CONTEXT)
    mlp_gated: bool = Field(default=True, description="SwiGLU/GeGLU: three projection matrices")
    linear_bias: Literal["none", "qkv", "all"] = Field(
        default="none", description="which linear layers carry biases: none, q/k/v only (Qwen2), all (GPT-3)"
    )
    learned_position_embeddings: bool = Field(default=False, description="absolute position table (GPT-3)")
    norm: Literal["rmsnorm", "layernorm"] = "rmsnorm"
    sliding_window: int | None = Field(default=None, gt=0, le=MAX_CONTEXT)
    sliding_window_layers: int | None = Field(
        default=None,
        ge=0,
        le=MAX_LAYERS,
        description="how many layers use the window (None: all when sliding_window is set)",
    )
    moe: MoeSpec | None = None
    mla: MlaSpec | None = None
    linear_attention: LinearAttentionSpec | None = None
    per_layer_input: PerLayerInputSpec | None = Field(default=None, description="Gemma 3n per-layer embeddings")
    attention_output_gate: bool = Field(
        default=False, description="gated attention: q_proj also emits a per-head output gate (Qwen3-Next)"
    )
    attention_head_gate: bool = Field(
        default=False, description="per-head output gate: a g_proj of one scalar per query head (Laguna)"
    )
    attention_sinks: bool = Field(
        default=False,
        description="a learned sink logit per query head in each attention layer, a softmax term no token holds "
        "(gpt-oss's sinks)",
    )
    qk_norm: Literal["none", "head", "heads"] = Field(
        default="none",
        description="RMSNorm weights on each attention layer's queries and keys: 'head', one head-wide weight each, "
        "shared by every head (Qwen3's q_norm and k_norm); 'heads', one across all query heads and one across all key "
        "heads (MiniMax-M2's qk_norm_type per_layer)",
    )
    norms_per_layer: int = Field(
        default=2,
        ge=1,
        le=8,
        description="hidden-wide norm weights in each decoder layer: 2, before attention and before the MLP; 4 where "
        "both outputs are normed too (Gemma 2, 3 and 4: post_attention_layernorm, pre_ and post_feedforward_layernorm); "
        "Gemma 4's MoE layers add three more and the router's scale (8). Nemotron-H's single-block layers keep one",
    )
    mamba: MambaSpec | None = Field(default=None, description="Nemotron-H hybrid Mamba-2 layers")
    dsa_indexer: DsaIndexerSpec | None = Field(
        default=None, description="the MLA layers' sparse-attention indexer, counted (GLM-5.3-Flash); None: not counted"
    )
    hyper_connections: int = Field(
        default=1,
        ge=1,
        le=64,
        description="mHC residual streams beside MLA and KDA layers (GLM-5.3-Flash hc_mult); DeepSeek-V4 keeps its "
        "own in compressed_attention",
    )
    kda: KdaSpec | None = Field(
        default=None, description="Kimi Delta Attention layers beside the softmax ones (Kimi Linear, GLM-5.3-Flash)"
    )
    global_attention: GlobalAttentionSpec | None = Field(
        default=None, description="full-attention layers' own head geometry (Gemma 4); the rest slide"
    )
    compressed_attention: CompressedAttentionSpec | None = Field(
        default=None, description="DeepSeek-V4 window + compressed (CSA/HCA) attention"
    )
    mtp_layers: int = Field(
        default=0,
        ge=0,
        le=64,
        description="multi-token-prediction layers shipped beside the model (not counted in params)",
    )
    native_precision: NativePrecision | None = Field(
        default=None, description="precision the released weights are stored in (None: not recorded)"
    )
    native_precision_scope: str = Field(
        default="", max_length=200, description="which weights carry native_precision, e.g. 'routed experts'"
    )
    params_total_b: float = Field(gt=0, le=MAX_PARAMS_B, description="published total parameters, billions")
    params_active_b: float = Field(gt=0, le=MAX_PARAMS_B, description="published active parameters per token, billions")
    params_source: str = Field(min_length=3)
    license: str = ""
    api_prices: tuple[TokenPrice, ...] = Field(
        default=(), description="per-token prices of this open model at hosted providers, each sourced and dated"
    )

    @model_validator(mode="after")
    def _heads_consistent(self) -> "ModelArch":
        if self.num_attention_heads % self.num_kv_heads:
            raise ValueError("num_attention_heads must be a multiple of num_kv_heads")
        if self.sliding_window_layers is not None and self.sliding_window_layers > self.num_layers:
            raise ValueError("sliding_window_layers exceeds num_layers")
        if self.moe is not None and self.moe.first_dense_layers > self.num_layers:
            raise ValueError("moe.first_dense_layers exceeds num_layers")
        if self.params_active_b > self.params_total_b * 1.0001:
            raise ValueError("params_active_b exceeds params_total_b")
        if self.linear_attention is not None and self.mla is not None:
            raise ValueError("linear_attention and mla cannot both be set")
        if self.linear_attention is not None and self.num_layers % self.linear_attention.full_attention_interval:
            raise ValueError("num_layers must be a multiple of linear_attention.full_attention_interval")
        if self.mamba is not None:
            if self.linear_attention is not None or self.mla is not None:
                raise ValueError("mamba cannot be combined with linear_attention or mla")
            if len(self.mamba.pattern) != self.num_layers:
                raise ValueError(f"mamba.pattern has {len(self.mamba.pattern)} layers, num_layers is {self.num_layers}")
            if "E" in self.mamba.pattern and self.moe is None:
                raise ValueError("mamba.pattern has MoE layers (E) but no moe table is set")
            if self.moe is not None and "E" not in self.mamba.pattern:
                raise ValueError("a moe table is set but mamba.pattern has no MoE layer (E)")
        if self.dsa_indexer is not None and (self.mla is None or not self.mla.q_lora_rank):
            raise ValueError("dsa_indexer reads the MLA query latent: set mla with a q_lora_rank")
        if self.hyper_connections > 1 and self.compressed_attention is not None:
            raise ValueError("DeepSeek-V4 sizes its mHC in compressed_attention.hc_mult: leave hyper_connections at 1")
        if self.kda is not None:
            if self.linear_attention is not None or self.mamba is not None:
                raise ValueError("kda cannot be combined with linear_attention or mamba")
            if self.kda.full_attention_layers[-1] >= self.num_layers:
                raise ValueError(
                    f"kda.full_attention_layers names layer {self.kda.full_attention_layers[-1]}, "
                    f"num_layers is {self.num_layers}"
                )
        if self.compressed_attention is not None:
            if any(x is not None for x in (self.mla, self.linear_attention, self.mamba, self.kda)):
                raise ValueError("compressed_attention cannot be combined with mla, linear_attention, mamba or kda")
            if len(self.compressed_attention.compress_ratios) != self.num_layers:
                raise ValueError(
                    f"compressed_attention.compress_ratios has {len(self.compressed_attention.compress_ratios)} "
                    f"layers, num_layers is {self.num_layers}"
                )
            if not self.sliding_window:
                raise ValueError("compressed_attention keeps a sliding window of recent tokens: set sliding_window")
            if self.num_attention_heads % self.compressed_attention.o_groups:
                raise ValueError("num_attention_heads must be a multiple of compressed_attention.o_groups")
        if self.global_attention is not None:
            if not self.sliding_window:
                raise ValueError(
                    "global_attention describes the full layers beside sliding-window ones: set sliding_window"
                )
            if self.num_attention_heads % self.global_attention.num_kv_heads:
                raise ValueError("num_attention_heads must be a multiple of global_attention.num_kv_heads")
            if (self.global_attention.num_heads or 0) % self.global_attention.num_kv_heads:
                raise ValueError("global_attention.num_heads must be a multiple of global_attention.num_kv_heads")
        return self

    def is_full_attention_layer(self, layer: int) -> bool:
        """Whether 0-based `layer` is softmax attention (HF layer_types: every n-th is full;
        Nemotron-H: the '*' positions of the hybrid pattern)."""
        if self.mamba is not None:
            return self.mamba.pattern[layer] == "*"
        if self.kda is not None:
            return layer in self.kda.full_attention_layers
        if self.linear_attention is None:
            return True
        return (layer + 1) % self.linear_attention.full_attention_interval == 0

    @property
    def attention_layers(self) -> int:
        """Layers whose KV cache grows with the context (all but linear-attention, KDA and Mamba layers)."""
        if self.mamba is not None:
            return self.mamba.layers("*")
        if self.kda is not None:
            return len(self.kda.full_attention_layers)
        if self.linear_attention is None:
            return self.num_layers
        return self.num_layers // self.linear_attention.full_attention_interval

    @property
    def recurrent_layers(self) -> int:
        """Layers that keep a fixed-size state instead of a KV cache (Gated DeltaNet, KDA or Mamba-2)."""
        if self.mamba is not None:
            return self.mamba.layers("M")
        return self.num_layers - self.attention_layers


INTEGRATED = "integrated"
"""`gpu` and `cpu` of a unified-memory system: part of its system-on-chip, not a catalog record."""


class UnifiedMemory(_Strict):
    """A system-on-chip whose GPU reads the same memory as its CPU (Apple M-series, Strix Halo, GB10)."""

    chip: str = Field(min_length=1)
    cpu_cores: int = Field(ge=1)
    gpu_cores: int = Field(ge=1, description="GPU cores (Apple), compute units (AMD) or SMs (NVIDIA)")
    memory_type: str = Field(description="e.g. LPDDR5, LPDDR5X")
    bandwidth_gbps: float = Field(gt=0, description="peak memory bandwidth, GB/s")
    gpu_fp32_tflops: float = Field(gt=0)
    gpu_fp16_tflops: float = Field(gt=0, description="dense fp16 the GPU's matrix units reach")
    gpu_memory_fraction: float = Field(gt=0, le=1, description="share of memory the GPU may use by default")
    gpu_memory_note: str = Field(default="", description="how to let the GPU use more")
    noise: Literal["silent", "quiet", "moderate", "loud"] = "quiet"
    form: Literal["desktop", "laptop", "mini-pc"] = "desktop"


class System(Record):
    """A whole machine bought as one item (an 8x H100 HGX server, or a unified-memory Mac Studio)."""

    vendor: str
    gpu: str = Field(description="id of the GPU it carries ('integrated' for a unified-memory system)")
    gpu_count: int = Field(ge=1, le=1_024)
    cpu: str = Field(description="id of the CPU")
    cpu_count: int = Field(ge=1, le=64)
    memory_gb: int = Field(gt=0, le=MAX_MEMORY_GB)
    storage_tb: float = Field(gt=0, le=100_000)
    psu_w_total: float = Field(gt=0, le=1_000_000)
    max_power_w: float = Field(gt=0, le=1_000_000, description="system maximum from the spec sheet")
    rack_units: int | None = Field(default=None, ge=1, le=64, description="None for a desktop or laptop")
    interconnect: str
    vendor_part_number: str = ""
    network_gbps_per_gpu: float | None = Field(
        default=None, gt=0, le=3_200, description="compute-fabric NIC line rate per GPU (None: not built to cluster)"
    )
    gpu_bay_gen: int | None = Field(
        default=None,
        ge=3,
        le=6,
        description="the PCIe generation each GPU's host link runs at, from the maker's spec page (required for a "
        "system of discrete GPUs: rules.links.BayGeneration reads it as it reads a server board's bays)",
    )
    # -- unified memory (issue #12): set for systems-on-chip; then gpu and cpu are "integrated"
    unified: UnifiedMemory | None = None
    # round 36: the whole system's draw at the wall while on and idle (Apple's power pages); None: estimated
    idle_w: float | None = Field(default=None, ge=0, le=100_000, description="wall draw on and idle, measured")
    idle_source: str = Field(default="", description="where idle_w is read, with the date (required with idle_w)")

    @model_validator(mode="after")
    def _idle_sourced(self) -> "System":
        _idle_checked(self)
        return self

    @model_validator(mode="after")
    def _integrated_iff_unified(self) -> "System":
        if (self.unified is not None) != (self.gpu == INTEGRATED):
            raise ValueError(
                f"a unified-memory system has gpu = {INTEGRATED!r} and a [unified] table; other systems neither"
            )
        if self.unified is None and self.gpu_bay_gen is None:
            raise ValueError("a system of discrete GPUs names the PCIe generation of its GPU links (gpu_bay_gen)")
        return self


BuyerCheck = Literal["psu-plugs", "adapter", "bios-above-4g", "card-length", "proprietary-psu", "fans"]
"""What a buyer of a used office PC or workstation checks before adding a card (words in reasons.py, base.check.*)."""


class BaseMachine(Record):
    """A used office PC or workstation bought whole as the base of a GPU build (round 38): its CPU, RAM, storage and
    PSU come with it; a card goes into a free x16 slot, powered by the PSU's own GPU plugs (rules.base_fit)."""

    vendor: str
    form: Literal["tower", "small-form-factor"] = "tower"
    cpu_name: str = Field(min_length=1, description="the CPU the listing's configuration carries")
    memory_gb: int = Field(gt=0, le=4_096, description="RAM the listing's configuration carries, GB")
    memory_bandwidth_gbps: float | None = Field(
        default=None,
        gt=0,
        le=2_000,
        description="peak bandwidth of that RAM, GB/s (channels filled x transfer rate x 8 bytes); none: not known, and "
        "no weights are kept in it",
    )
    storage_gb: int = Field(gt=0, le=1_000_000, description="storage the listing's configuration carries, GB")
    psu_w: float = Field(gt=0, le=3_000, description="the PSU's rated DC output, W (its label)")
    host_load_w: float = Field(
        gt=0, le=1_500, description="the machine's own DC load under a GPU job, W: CPU TDP, board, RAM, drives, fans"
    )
    gpu_plugs_8: int = Field(default=0, ge=0, le=8, description="PCIe 6+2-pin GPU power plugs on the PSU's harness")
    gpu_plugs_6: int = Field(default=0, ge=0, le=8, description="PCIe 6-pin-only GPU power plugs on the PSU's harness")
    x16_slots: tuple[int, ...] = Field(
        min_length=1, max_length=8, description="positions of the electrically x16 slots, counted from the top (1)"
    )
    slot_openings: int = Field(ge=1, le=12, description="expansion-slot openings at the back of the case")
    pcie_gen: int = Field(ge=1, le=6, description="PCIe generation of the x16 slots")
    max_card_length_mm: float = Field(ge=50, le=MAX_LENGTH_MM, description="longest card the case takes, mm")
    buyer_checks: tuple[BuyerCheck, ...] = Field(default=(), description="what the buyer checks on the listing")
    resizable_bar: bool = Field(
        default=False, description="whether the firmware offers Resizable BAR (Intel Arc cards want it)"
    )

    @model_validator(mode="after")
    def _slots_inside(self) -> "BaseMachine":
        slots = self.x16_slots
        if list(slots) != sorted(set(slots)) or slots[0] < 1 or slots[-1] > self.slot_openings:
            raise invalid("record.base-slots", ("x16_slots", "slot_openings"), openings=self.slot_openings)
        return self


class Accessory(Record):
    """Small parts a build may need: NVLink bridges, riser cables, dual-PSU sync boards."""

    vendor: str
    kind: Literal[
        "nvlink-bridge",
        "riser",
        "psu-sync",
        "gpu-support",
        "gpu-shroud",
        "nic",
        "switch",
        "cable",
        "transceiver",
        "circuit-work",
    ]
    nvlink: str | None = Field(default=None, description="bridge family it fits, e.g. 'rtx3090', 'a6000'")
    spacing_slots: int | None = Field(default=None, ge=1, le=6, description="slot distance a bridge spans")
    pcie_gen: int | None = Field(default=None, ge=3, le=6, description="riser signal rating")
    length_mm: float | None = Field(default=None, gt=0, le=MAX_LENGTH_MM)
    vendor_part_number: str = ""
    # -- an electrician's work (kind "circuit-work"): the wall circuit it adds (request.CIRCUITS' id), priced as the
    # way out to that circuit pays it (relax: "have an electrician add a 120 V 20 A circuit")
    circuit: str | None = Field(default=None, description="the wall circuit an electrician's work adds, e.g. '120v20a'")
    # -- cluster network parts (issue #16): plan JSON lists them with category "network"
    port_gbps: float | None = Field(default=None, gt=0, le=3_200, description="line rate of one port, Gb/s")
    ports: int | None = Field(default=None, ge=1, le=1_024, description="ports of a switch or NIC")
    fabric: Literal["InfiniBand", "RoCE"] | None = None
    power_w: float | None = Field(default=None, ge=0, le=10_000, description="typical draw of a switch")
    rack_units: int | None = Field(default=None, ge=1, le=64)


# ---------------------------------------------------------------------------------------
# Cloud offers (buy versus rent, see configurator/core/costs/tco.py)

Pricing = Literal["on-demand", "spot", "marketplace", "reserved-1y"]
ProviderKind = Literal["hyperscaler", "gpu-cloud", "marketplace"]


class HourlyPrice(_Strict):
    """One observed price for a whole instance (all of its GPUs) per hour."""

    amount: float = Field(gt=0, le=MAX_PRICE, description="per instance-hour, all GPUs of the offer together")
    currency: Currency
    pricing: Pricing = "on-demand"
    date: datetime.date
    source: str = Field(min_length=3, description="the page or file the figure was read from")
    note: str = ""


class CloudOffer(Record):
    """A GPU instance one can rent by the hour. `prices` are per instance-hour."""

    provider: str = Field(min_length=1)
    provider_kind: ProviderKind
    gpu: str = Field(description="catalog GPU id, e.g. 'h100-sxm'")
    gpu_count: int = Field(ge=1, le=64)
    vram_gb_total: float = Field(gt=0, le=1024 * 1024)
    vcpus: int | None = Field(default=None, ge=1, le=100_000)
    ram_gb: float | None = Field(default=None, gt=0, le=MAX_MEMORY_GB)
    region: str = ""
    prices: tuple[HourlyPrice, ...] = Field(min_length=1)  # type: ignore[assignment]
    network_gbps_per_gpu: float | None = Field(
        default=None,
        gt=0,
        le=3_200,
        description="RDMA fabric between instances per GPU (None: not offered for clusters)",
    )

    def hourly(self, pricing: str = "on-demand", currency: str | None = None) -> HourlyPrice | None:
        """The newest price of this tier (in this currency, when given)."""
        matches = [p for p in self.prices if p.pricing == pricing and (currency is None or p.currency == currency)]
        return max(matches, key=lambda p: p.date) if matches else None

    def price(self, currency: str, condition: str = "on-demand") -> HourlyPrice | None:  # type: ignore[override]
        """Record.price for cloud offers: `condition` names the pricing tier."""
        return self.hourly(condition, currency)

    @property
    def price_is_estimate(self) -> bool:
        return "prices" in self.estimates


def field_range(model: type[BaseModel], loc: tuple[object, ...]) -> str | None:
    """The allowed range of the field at `loc` (nested models followed), e.g. "1 to 1024"."""
    import types
    import typing

    import annotated_types

    current: type[BaseModel] | None = model
    info = None
    for part in loc:
        if current is None or not isinstance(part, str) or part not in current.model_fields:
            if isinstance(part, int):
                continue  # an index into a tuple of nested records
            return None
        info = current.model_fields[part]
        current = None
        annotation = info.annotation
        candidates = (
            typing.get_args(annotation)
            if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) in (typing.Union, tuple)
            else (annotation,)
        )
        for candidate in candidates:
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                current = candidate
    if info is None:
        return None
    low = high = None
    for bound in info.metadata:
        if isinstance(bound, (annotated_types.Ge, annotated_types.Gt)):
            low = f"{'above ' if isinstance(bound, annotated_types.Gt) else ''}{getattr(bound, 'ge', getattr(bound, 'gt', None)):,}"
        elif isinstance(bound, (annotated_types.Le, annotated_types.Lt)):
            high = f"{getattr(bound, 'le', getattr(bound, 'lt', None)):,}"
    if low is None and high is None:
        return None
    if high is None:
        return f"more than {low[6:]}" if low and low.startswith("above ") else f"at least {low}"
    if low is None:
        return f"at most {high}"
    return f"more than {low[6:]} and at most {high}" if low.startswith("above ") else f"{low} to {high}"


KINDS: dict[str, type[Record]] = {
    "gpus": Gpu,
    "cpus": Cpu,
    "motherboards": Motherboard,
    "memory": MemoryKit,
    "psus": Psu,
    "chassis": Chassis,
    "coolers": Cooler,
    "storage": Storage,
    "systems": System,
    "bases": BaseMachine,
    "accessories": Accessory,
    "models": ModelArch,
    "cloud": CloudOffer,
}
"""Catalog kind (file stem and TOML array name) -> record model."""
