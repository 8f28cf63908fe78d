"""Power arithmetic for a build: DC load, PSU headroom, transients, wall draw and heat.

Numbers are those of the build rules (docs/build-rules.md, R18-R25): the 80 % PSU loading target,
ATX 3.x excursion limits (200 % for 100 us, 160 % for 10 ms), transient ratios measured on
pro blower cards (Lenovo: RTX A6000 2.18) and consumer cards (Igor's Lab: RTX 5090 1.57
below 1 ms, 1.28 at 5-10 ms), 80 PLUS efficiency at full load, 3.412 BTU/h per watt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from configurator.core.catalog.models import Cpu, Gpu, Psu
from configurator.core.common.power_speed import POWER_SPEED, TRAINING_POWER_CURVE, PowerSpeed  # noqa: F401 (the rule, here too)

PSU_TARGET_LOAD = 0.80  # R18/PWR-2: size for 80 % of the PSU's rating
ATX3_100US = 2.0  # PWR-4: ATX 3.x with native 12V-2x6 tolerates 200 % for 100 us
ATX3_10MS = 1.6  #          and 160 % for 10 ms
SINGLE_PSU_MAX_120V = 1600  # PWR-5: at most 1600 W per ATX PSU at 100-127 V (Lambda)
SLOW_TRANSIENT_RATIO = 1.3  # PWR-4: GPU excursions over 5-10 ms (Igor's Lab: RTX 5090 1.28 at 5-10 ms)
ATX2_SPIKE_RATIO = 2.0  # PWR-3: ATX 2.x units are not excursion-tested: size for 2x GPU power
PSU_OVERSIZE = 2.5  # PWR-10: a supply beyond 2.5x its load runs far below its efficiency peak and costs money
CONTINUOUS_SHARE = 0.8
"""CIR-1: a continuous load (three hours or more: a training run, a stream decoding all evening) at most 80 % of the
breaker's rating (NEC 210.19(A)(1)/210.20(A), build rules R24). Outside the US the same share is a judgement, not the
local code: IEC 60364-4-43 433.1 asks only I_b <= I_n <= I_z, and IEC/EN 60898-1 rates a breaker's I_n as the current it
carries continuously at 30 C; the 20 % kept free covers a warmer cabinet, breakers side by side and the other loads on
the circuit, which a home's installer rarely knows."""
NEC_CONTINUOUS = 1 / CONTINUOUS_SHARE
"""NEC 210.20(A): "the rating of the overcurrent device shall not be less than the noncontinuous load plus 125 percent
of the continuous load" (Schneider Electric, Data Bulletin: Conductor Ampacity Tables, NEC Information of Note; read
2026-12-05)."""
CIRCUIT_MARGIN = 0.9  # CIR-2: keep 10 % below the limit CIR-1 judges against (other loads, inrush, ageing)
BTU_PER_W = 3.412

# R18 / Part 2 "rest of system": 75 W board and chipset, 5 W per DIMM, 8 W per drive, fans
BASE_W = 75
DIMM_W = 5
DRIVE_W = 8
FANS_W = {"desktop": 15, "server": 60}

# 80 PLUS at 100 % load, 115 V internal (Tom's Hardware table, R25): conservative for wall draw.
EFFICIENCY_FULL_LOAD = {"bronze": 0.82, "silver": 0.85, "gold": 0.87, "platinum": 0.89, "titanium": 0.90}
EFFICIENCY_FULL_LOAD_230V = {"bronze": 0.85, "silver": 0.87, "gold": 0.89, "platinum": 0.90, "titanium": 0.94}


def transient_ratio(gpu: Gpu) -> float:
    """Peak-to-rated power for ~100 us spikes (build rules Part 2: 2.2 pro, 1.6 consumer)."""
    return 1.6 if gpu.market == "consumer" else 2.2


def eps_inputs_per_socket(platform: str) -> int:
    """EPS 8-pin inputs a board needs per socket: one on desktop boards, two on HEDT and servers."""
    return 1 if platform == "consumer" else 2


def cpu_eps_connectors(cpu: Cpu, sockets: int) -> int:
    return sockets * eps_inputs_per_socket(cpu.platform)


ADAPTER_PCIE8_PER_HPWR = 4  # PWR-6: a 12V-2x6 adapter takes four 8-pin PCIe cables (600 W cards)
ADAPTER_PCIE8_PER_EPS = 2  # the RTX A6000 ships a dual 8-pin PCIe to one 8-pin EPS adapter


def gpu_connector_needs(gpu: Gpu, gpus: int) -> tuple[int, int, int]:
    """(12V-2x6, 8-pin PCIe, EPS 8-pin) plugs the cards need; 6-pin inputs take an 8-pin cable."""
    c = gpu.power_connectors
    return c.hpwr16 * gpus, (c.pcie8 + c.pcie6) * gpus, c.eps8 * gpus


def connectors_ok(need16: int, need8: int, need_eps: int, have16: int, have8: int, have_eps: int) -> bool:
    """PWR-6: every plug gets its own cable from the PSU(s); missing 12V-2x6 and EPS plugs come
    from adapters on spare 8-pin PCIe cables (never pigtails)."""
    spare8 = have8 - need8 - ADAPTER_PCIE8_PER_HPWR * max(0, need16 - have16)
    return spare8 >= ADAPTER_PCIE8_PER_EPS * max(0, need_eps - have_eps)


def two_psus_needed(dc_w: float, largest_single_w: float) -> bool:
    """PWR-8: a second PSU (sync board, split cabling) only when no single unit allowed on this
    outlet that can power the cards (`largest_single_psu_w`) carries the load at the 80 % target; none (0 W): always."""
    return dc_w > PSU_TARGET_LOAD * largest_single_w


def excursion_tested(psu: Psu) -> bool:
    """ATX 3.x with a native 12V-2x6 plug: the units the excursion test binds (R19, PWR-4); others PWR-3's 2x rule."""
    return psu.atx_version in ("3.0", "3.1") and psu.native_12v2x6


def powers_cards(psu: Psu, gpu: Gpu, gpus: int) -> bool:
    """One unit alone has the plugs for these cards (PWR-6: a cable per plug, 12V-2x6 from spare 8-pin PCIe) and the
    headroom for their own transients (PWR-4 on an excursion-tested ATX 3.x unit, PWR-3's 2x on any other desktop
    unit). The host is left out: a unit that cannot power the cards alone cannot power the build (PWR-8's fact)."""
    if psu.atx_version == "crps":
        return False  # server modules have no cables of their own: a barebone's (rule PSU)
    need16, need8, gpu_eps = gpu_connector_needs(gpu, gpus)
    c = psu.connectors
    if not connectors_ok(need16, need8, gpu_eps, c.hpwr16, c.pcie8, c.eps8):
        return False
    if excursion_tested(psu):
        return (
            gpus * gpu.tdp_w * transient_ratio(gpu) <= ATX3_100US * psu.watts
            and gpus * gpu.tdp_w * SLOW_TRANSIENT_RATIO <= ATX3_10MS * psu.watts
        )
    return gpus * gpu.tdp_w * ATX2_SPIKE_RATIO <= psu.watts


def largest_single_psu_w(psus: Iterable[Psu], gpu: Gpu, gpus: int) -> float:
    """PWR-8's fact, read by its check and its CP-SAT constraint: the biggest single unit the request could use
    (`psus`: those allowed on its outlet) that can power these cards (`powers_cards`); 0 when none can, and two are
    needed whatever the load. Four RTX 3090 (eight 8-pin plugs, 1,400 W of cards) at an 80 % power limit draw ~1,480 W
    sustained, under 80 % of a 2,200 W unit that has six 8-pin plugs; the one unit with eight plugs and the
    excursion headroom is 1,500 W, too small: two supplies."""
    return max((p.watts for p in psus if powers_cards(p, gpu, gpus)), default=0.0)


def fans_w(server: bool) -> int:
    return FANS_W["server" if server else "desktop"]


def rest_power_w(memory_modules: int, drives: int, server: bool) -> float:
    """Board, RAM, drives and fans (R18: 50-150 W; Part 2: 75 W + 5 W/DIMM + 8 W/drive + fans)."""
    return BASE_W + DIMM_W * memory_modules + DRIVE_W * drives + fans_w(server)


def gpu_sustained_w(gpu: Gpu, limit: float | None = None) -> float:
    """Sustained board power: the rated TBP, or the power limit when the build sets one (PWR-9)."""
    return gpu.tdp_w * (limit or 1.0)


def power_limit_speed(limit: float | None, compute_bound: bool = False) -> float:
    """Share of full speed kept under a power limit: POWER_SPEED.share (the callers that name the function)."""
    return POWER_SPEED.share(limit, compute_bound)


GPU_IDLE_SHARE = 0.08
"""A card's draw while it waits, as a share of its sustained board power (an estimate: GPUs idle at roughly 5-10 % of
their TDP; an RTX 3090 with a model loaded and nothing to do drew 27 W of its 350, ggml-org/llama.cpp#12958,
2025-04-15). costs.tco's idle draw reads it too."""


def one_stream_split_gpu_w(gpu_w: float, gpus: int) -> float:
    """The cards' sustained draw while a layer split (llama.cpp's `--split-mode layer`, a pipeline of whole layers)
    decodes one stream: the layers run in order, so one card works while the others wait for its activations; their
    draw is one working card's (`gpu_w` shared over the cards: the mean card's sustained power) and the waiting cards'
    idle draw (GPU_IDLE_SHARE), not every card at full power. An estimate from the split's arithmetic: layer-split
    3090s show ~40 % utilisation each at one stream (oobabooga/text-generation-webui#5435, 2024-02-04), and a lone
    3090 decoding at 98 % utilisation draws its full 350-390 W (noonghunna/club-3090#58, 2026-05-06), so the working
    card is counted at its full board power. A prompt runs the cards at once (llama.cpp pipelines the prompt's
    micro-batches across the split), so the supply and the circuit are still sized for every card at full power."""
    if gpus <= 1:
        return gpu_w
    per_card = gpu_w / gpus
    return per_card + (gpus - 1) * GPU_IDLE_SHARE * per_card


def one_stream_layer_split(workload: Mapping[str, object], split: str | None, gpus: int, nodes: int = 1) -> bool:
    """One stream decoding on a layer split of two or more cards in one machine, the whole model in VRAM: the case
    `one_stream_split_gpu_w` prices (one card works at a time); any other job runs every card at once."""
    one_stream = workload.get("kind") == "inference" and int(str(workload.get("batch") or 1)) == 1
    in_vram = (
        workload.get("offload", "none") == "none" and not workload.get("cpu_layers") and not workload.get("cpu_experts")
    )
    return one_stream and in_vram and split == "layer" and gpus >= 2 and nodes == 1


def decode_wall_w(dc_w: float, wall_w: float, gpu_w: float, gpus: int) -> float:
    """The wall draw while one stream decodes on a layer split: the host as at full load, the cards at
    `one_stream_split_gpu_w`, through the supply's efficiency at full load (conservative lower down)."""
    dc = dc_w - gpu_w + one_stream_split_gpu_w(gpu_w, gpus)
    return dc * wall_w / dc_w


def breaker_load_w(burst_w: float, continuous_w: float) -> float:
    """The load a breaker is judged against by NEC 210.20(A): the draw that lasts (`continuous_w`, hours of decoding
    or training) at 125 %, plus what a short burst adds over it (`burst_w`: a prompt runs every card at board power
    for seconds). Two RTX 3090 decoding Llama 3.3 70B Q4: 993 W in a prompt, 631 W decoding -> 993 + 0.25 x 631 =
    1,151 W against a 15 A breaker's 1,800 W."""
    continuous = min(continuous_w, burst_w)
    return (burst_w - continuous) + NEC_CONTINUOUS * continuous


def circuit_load(burst_w: float, continuous_w: float | None, limit_w: float) -> tuple[float, float]:
    """CIR-1's comparison: (the load, the limit it is judged against) for the circuit(s) whose continuous limit is
    `limit_w` (CONTINUOUS_SHARE of the breakers' rating) feeding a machine drawing `burst_w` in short bursts and
    `continuous_w` for hours (None: the full draw lasts). A load that lasts at full draw (training, many users, a
    tensor-parallel server) is the draw itself against the continuous limit; a burst over a lower lasting draw is
    `breaker_load_w` against the breakers' rating. CIR-2's share and the charts' lines read the same pair: the window
    had said "111 % of the circuit limit" of a build CIR-1 passed (1,004 W in a prompt: 1,164 W of a 1,800 W breaker)."""
    if continuous_w is None or continuous_w >= burst_w:
        return burst_w, limit_w
    return breaker_load_w(burst_w, continuous_w), NEC_CONTINUOUS * limit_w


def judged_by_breaker(burst_w: float, continuous_w: float | None) -> bool:
    """The circuit is judged against the breakers' rating (a burst over a lower lasting draw), not the continuous
    limit: `circuit_load`'s second case."""
    return continuous_w is not None and continuous_w < burst_w


def circuit_holds(burst_w: float, continuous_w: float, limit_w: float) -> bool:
    """CIR-1, the one rule: the load `circuit_load` reads within the limit it is judged against."""
    load, against = circuit_load(burst_w, continuous_w, limit_w)
    return load <= against


def dc_load_w(gpu: Gpu, gpus: int, cpu: Cpu, sockets: int, rest_w: float, limit: float | None = None) -> float:
    return gpus * gpu_sustained_w(gpu, limit) + sockets * cpu.tdp_w + rest_w


def transient_load_w(gpu: Gpu, gpus: int, cpu: Cpu, sockets: int, rest_w: float, ratio: float) -> float:
    return gpus * gpu.tdp_w * ratio + sockets * cpu.tdp_w + rest_w


def efficiency(psu_tier: str, volts: float) -> float:
    table = EFFICIENCY_FULL_LOAD_230V if volts >= 200 else EFFICIENCY_FULL_LOAD
    return table[psu_tier]


def wall_w(dc_w: float, psu_tier: str, volts: float) -> float:
    return dc_w / efficiency(psu_tier, volts)


def circuit_card_w(
    dc_w: float, wall_w: float, gpu_w: float, gpus: int, decode_w: float | None, limit_w: float
) -> float | None:
    """The most a card may draw (W) for the circuit to keep CIRCUIT_MARGIN of the limit CIR-1 judges it against
    (`circuit_load`: a prompt's burst plus 25 % of a layer split's lasting decode draw against the breaker, or the full
    draw against the continuous limit), None where it keeps that margin at full draw. `dc_w`, `wall_w`: the machine's
    DC load and wall draw at full power, `gpu_w` the cards' DC draw in it, `decode_w` the wall draw while one stream
    decodes on a layer split (None: every card works at once). The wall draw scales with the DC load (the supply's
    efficiency at full load), the decode draw as `decode_wall_w` prices it. The sheet's advised cap reads it: it had
    aimed at 90 % of the continuous limit on the full draw even where CIR-1 judged a layer split's prompt a short load
    by NEC 210.20(A) (2 x RX 7900 XTX, 1,004 W in a prompt, 1,164 W of the 1,800 W breaker: no cap needed)."""

    def load(card_w: float) -> tuple[float, float]:
        dc = dc_w - gpu_w + gpus * card_w
        wall = dc * wall_w / dc_w
        decode = None if decode_w is None else decode_wall_w(dc, wall, gpus * card_w, gpus)
        return circuit_load(wall, decode, limit_w)

    def holds(card_w: float) -> bool:
        drawn, against = load(card_w)
        return drawn <= CIRCUIT_MARGIN * against

    full = gpu_w / gpus if gpus else 0.0
    if gpus <= 0 or dc_w <= 0 or holds(full):
        return None
    low, high = 0.0, full  # the draw only grows with the cards' watts: bisect to a watt
    while high - low > 0.5:
        mid = (low + high) / 2
        low, high = (mid, high) if holds(mid) else (low, mid)
    return low
