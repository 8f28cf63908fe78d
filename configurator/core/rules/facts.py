"""What the checks of one build read (`BuildFacts`) and what the search's bounds read of one GPU option (`OptionNeed`): its parts (catalog records), its power and the site the request names,
gathered once by solve/rules.py (`facts_of`) and handed to every rule's `assess`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from configurator.core.catalog.models import Chassis, Cooler, Cpu, Gpu, MemoryKit, Motherboard, PcieSlot, Psu, Storage


@dataclass(frozen=True)
class BuildFacts:
    """One assembled machine as its checks see it."""

    gpu: Gpu
    gpus: int
    card_usd: float | None
    """One card's price in USD at the catalog's rates (None: not priced): whether the shroud frame is for it (COOL-2)."""
    board: Motherboard
    cpu: Cpu
    sockets: int
    chassis: Chassis
    psu: Psu | None
    """None: a GPU-server barebone's own modules."""
    psu_count: int
    psu_w: float
    """The supplies' capacity (a barebone's modules: what they are planned against)."""
    largest_single_psu_w: float
    """The biggest single unit the request could use (PWR-8)."""
    dc_load_w: float
    wall_w: float
    rest_w: float
    """The power of all but the GPUs and the CPUs (memory, drives, fans, the board)."""
    heat_btu_h: float
    circuit: str
    """The circuit's name as a buyer reads it (e.g. '120 V 15 A')."""
    circuit_id: str
    """The circuit as a code (model.request.CIRCUITS: '120v15a'): its words in another language are rendered from it."""
    circuit_volts: float
    circuits: int
    circuit_limit_w: float
    """The continuous limit of the outlets this build's supplies plug into."""
    circuit_ok: bool
    room: str
    form: str
    """The form the request asks for (tower, rack, open-frame, any)."""
    storage: Storage
    nvme_drives: int
    link_lanes: tuple[int, ...]
    """The lanes of each card's link (a GPU server's bays: its switches' ports)."""
    link_gbps: float
    """The weakest card link's bandwidth per direction."""
    collectives: bool
    """The cards exchange collectives (tensor parallel, or training on more than one GPU), not only activations."""
    all_on_cpu: bool
    """Every card on the CPU's lanes (none off the chipset)."""
    in_bays: bool
    """The cards sit in a GPU server's bays, not in a board's slots."""
    slot_links: tuple[tuple[int, int], ...]
    """Each card's link as its slot or bay runs it: (PCIe generation, electrical lanes) (PCI-9's `link` reads it)."""
    seated: tuple[tuple[PcieSlot, int], ...]
    slot_width: int
    """The slots one card covers (its width, and the gap its cooler wants)."""
    slot_positions: tuple[int, ...]
    slot_gaps: tuple[int, ...]
    """The free slots between neighbouring cards (negative: they overlap), each measured from the upper card's own
    width (slots.card_geometry: a mix's 2-slot A5000 is not measured as the 3-slot 3090 beside it, round 48)."""
    openings_needed: int
    """The case openings the last seated card reaches."""
    """Each card's slot on the board and the lanes it runs (none in a GPU server's bays)."""
    split: str | None
    """How the estimate split the model over the GPUs (layer, tensor, tensor-pipeline...)."""
    risers: bool
    nvlink_bridge: bool
    peak_gpu_bytes: float
    """The busiest GPU's memory need, and what it can use."""
    usable_gpu_bytes: float
    vram_headroom: float
    workload_kind: str
    decode_tps: float | None
    min_decode_tps: float | None
    """The decode speed asked per sequence, or None."""
    wall_hours: float | None
    deadline_hours: float | None
    region: str
    memory: MemoryKit
    modules: int
    """DIMMs in all."""
    ram_gb: int
    vram_gb: float
    """Every GPU's memory together."""
    host_ram_bytes: int
    """What the job keeps in the host's RAM (offloaded weights or experts, optimizer state, buffers)."""
    offloaded_bytes: int
    workload: Mapping[str, object]
    """The workload the estimate ran (EstimateResult.workload)."""
    cooler: Cooler
    storage_count: int
    storage_need_gb: float
    power_limit: float | None
    """The GPUs' power limit asked (a fraction of their rated power), or None."""
    cap_command: str
    """The command that sets that limit on one card ("" where there is none, or no limit)."""
    continuous_wall_w: float | None = None
    """The wall draw that lasts hours where it is below `wall_w` (one stream decoding on a layer split:
    watts.decode_wall_w, CIR-1 judges a prompt's full draw as a burst); None where the full draw lasts (training,
    several users, every card at once)."""
    card_link_hours: float | None = None
    """A multi-GPU job's hours at its cards' own PCIe x16 where a server's slower bays or a board's slower slots (PCI-9)
    make it take longer than the same-speed band (shown.FASTER); None otherwise."""
    card_widths: tuple[int, ...] = ()
    """Each seated card's own width in slots, top to bottom, where a mix's cards differ (empty: `slot_width` each)."""
    card_coolers: tuple[str, ...] = ()
    """Each seated card's own cooler, top to bottom, where a mix's cards differ (empty: `gpu.cooler` each): an
    open-air card wants a free slot below it, a blower beside it wants none (SLOT-1)."""


@dataclass(frozen=True)
class OptionNeed:
    """What one GPU option asks of the parts around it, as the search's bounds read it (solve/lazy.py)."""

    gpu: Gpu
    gpus: int
    """Cards (a dual-GPU card is one card of two GPUs: `gpu.gpus_per_card`)."""
    sustained_w: float
    """The cards' sustained draw as the model sums it (under a power limit, less any credit it is given)."""
    vram_gb: float
    host_ram_bytes: int
    workload: Mapping[str, object]


@dataclass(frozen=True)
class CpuSeat:
    """A CPU on a board, as the search's CPU bound reads it."""

    cores: int
    """Over every socket of the board."""
    platform: str
