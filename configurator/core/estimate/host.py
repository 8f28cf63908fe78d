"""Host memory bandwidth from the platform: populated channels, DIMM speed, chiplet links, NUMA, efficiency."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from configurator.core.catalog.models import MODULE_GB_BYTES, Cpu, MemoryKit, channels_balanced, channels_read
from configurator.core.common.errors import RequestError
from configurator.core.common.memo import remember
from configurator.core.common.reasons import Reason

BYTES_PER_TRANSFER = 8  # one 64-bit DDR channel (two 32-bit DDR5 sub-channels) moves 8 bytes per transfer

# Speed at two DIMMs per channel, where the vendor derates it (MT/s). AMD: Ryzen 7000/9000 "2DPC 2R DDR5-3600"
# and EPYC 9004 "DDR5-4800 1DPC, 3600 2DPC" (AMD memory support notes; Dell's EPYC 9004 STREAM note says the
# same); Intel 13th/14th-gen client and Xeon W-2400/3400: DDR5-4000 and 4400 at 2DPC (Intel ARK "memory
# speed" footnotes); Xeon Scalable 4th gen: 4400 at 2DPC (Dell's Sapphire Rapids STREAM note). DDR4 AM4:
# 2DPC dual-rank DDR4-2666 (AMD's Ryzen 5000 spec sheets); EPYC 7002/7003: 2933 at 2DPC (Dell EPYC 9004 note).
# Only the Dell notes were re-read for this table; the client figures are the vendors' as recalled: verify.
DPC2_SPEED_MTS: dict[tuple[str, str], int] = {
    ("AM5", "DDR5"): 3600,
    ("SP5", "DDR5"): 3600,
    ("sTR5", "DDR5"): 4400,
    ("LGA1700", "DDR5"): 4000,
    ("LGA1851", "DDR5"): 4800,
    ("LGA4677", "DDR5"): 4400,
    ("AM4", "DDR4"): 2666,
    ("SP3", "DDR4"): 2933,
    ("LGA1700", "DDR4"): 2933,
    ("LGA3647", "DDR4"): 2666,
}

# Each AMD core chiplet reads memory over a GMI link of 32 bytes per fabric clock (AMD Zen 2/3/4 I/O-die
# descriptions; chips-and-cheese measurements agree); Genoa and Turin parts with 4 or fewer CCDs wire two links
# per CCD ("GMI-wide", AMD EPYC 9004 architecture overview). Fabric clock: Zen 2/3 1.6 GHz, Zen 4/5 2.0 GHz.
GMI_BYTES_PER_CLOCK = 32
FCLK_GHZ = {"AM4": 1.6, "SP3": 1.6, "AM5": 2.0, "SP5": 2.0, "sTR5": 2.0}
GMI_WIDE_SOCKETS = frozenset({"SP5"})
GMI_WIDE_MAX_CCDS = 4

# Share of the platform's peak (after the CCD limit) that CPU matmuls reach when they stream weights (or experts)
# from RAM at batch 1, per memory subsystem. Each family's share is the geometric mean of the shares its FIT rows
# imply (tests/data/fit_offload.toml, `family` field); the rows of tests/data/holdout_offload.toml are never fitted
# on (benchmarks/accuracy.py offload: per-family shares, holdout and leave-one-row-out errors; tests/core/
# test_offload.py checks that these numbers are those fits). Rows are llama.cpp, ik_llama.cpp or KTransformers
# decode (experts on the CPU, attention on the GPU, as llama.cpp --cpu-moe).
RAM_EFFICIENCY: dict[str, float] = {
    # Client dual-channel (Ryzen AM4/AM5, Core LGA1700/1851): Mixtral 8x7B Q8_0 on a Ryzen 9 5900X, DDR4-3600 x2,
    # 3.58 tok/s (ggml-org/llama.cpp issue 4716, 2023-12-31): 0.85. moe47: with a 14th-gen Core desktop's nine
    # experts-in-RAM rows (2DPC DDR5 at 4000 and 4788 MT/s, a Quadro RTX 5000, Qwen3-30B-A3B and Qwen3.6-35B-A3B at
    # three --n-cpu-moe settings each; GoodOlClint/homelab docs/llm-bench-results.md, 2026-09) the ten fit rows' geometric
    # mean is 0.766 (the held-out desktop rows read 6-29 % under the estimate at 0.85). Holdout: 7950X (0.80), i9-13900K
    # (0.71), Ryzen 9 9950X + RTX 5080 (Qwen3.5-35B-A3B, r/LocalLLaMA 1rei65v). REFITTED (decode49, 2026-12-07)
    # 0.766 -> 0.800 once the offloaded decode pays the GPU-side Gated DeltaNet costs (offload._gpu_step): the three
    # Qwen3.6 rows had implied 0.59 / 0.56 / 0.55 with that time charged to the RAM, 0.67 / 0.65 / 0.66 without it.
    "desktop": 0.800,
    # AMD chiplet platforms (Threadripper / Threadripper PRO on sTR5, EPYC on SP3/SP5), read after the GMI limit:
    # DeepSeek-R1 Q4_K_M with a 4090 on one EPYC 9654, 12 x DDR5-4800 (KTransformers issue 314, 2025-02-15):
    # 14 tok/s = 0.50 of 461 GB/s; on a Threadripper PRO 7975WX, 8 x DDR5-5200, 4 CCDs (256 GB/s of GMI links)
    # with a 4090D (KTransformers issue 1115, 2025-04-10): 10.48 tok/s = 0.62 of 256. Geometric mean 0.555.
    # Holdout: Threadripper PRO 7965WX, ik_llama.cpp CPU only (ik_llama.cpp PR 534): 0.76 of its 256; EPYC 9274F
    # (24 cores) at Q2_K (KTransformers issue 587): 0.34; two EPYC 9175F, 16 x DDR5-6400, a 70B at f16 under llama.cpp
    # --numa distribute, CPU only (llama.cpp issue 11744, 2025-02-08): 0.74 (offload28). All rows are Zen 4: Zen 2/3 EPYC (SP3) and Threadripper
    # PRO 3000/5000 take the share as an ESTIMATE (same chiplet-and-I/O-die design, no decode row of their own); STREAM
    # agrees: triad 115.6 GB/s on a Threadripper PRO 3995WX with 8 x DDR4-3200 = 0.56 of 204.8 (ik_llama.cpp
    # discussion 818, 2025-10-05).
    "amd_chiplet": 0.555,
    # Intel mesh-uncore parts (Xeon Scalable, Xeon W-2400/3400, Core X): DeepSeek-R1 Q4 with a 4090 on one Xeon
    # 8352Y, 8 x DDR4-3200 (KTransformers issue 319, 2025-02-15): 6-7 tok/s = 0.43; DeepSeek-V3 Q4_K_M with a
    # 4090D on one Xeon Gold 6454S socket, 8 x DDR5-4800 (KTransformers DeepseekR1_V3_tutorial, 2025-02-10):
    # 8.73 tok/s = 0.41. Geometric mean 0.42. Holdout: Xeon 6980P (0.44 of its benchmarked 512 GB/s, ik_llama.cpp
    # PR 534), Core i9-10900X (0.47, AlexsJones/llmfit 755).
    "intel_mesh": 0.42,
}
# How a family is named in the explanation a user reads.
FAMILY_NAMES = {
    "desktop": "desktop dual-channel",
    "amd_chiplet": "AMD Threadripper / EPYC",
    "intel_mesh": "Intel Xeon mesh",
}
AMD_CHIPLET_SOCKETS = frozenset({"sTR5", "sWRX8", "sTRX4", "SP3", "SP5", "SP6"})
# A platform no measured family covers (a CPU record of another vendor or socket) takes an ESTIMATE: consumer parts
# the client share, anything with more channels the lowest measured many-channel share (intel_mesh), so an
# unmeasured server is never read faster than a measured one.
FAMILY_OF_PLATFORM = {"consumer": "desktop", "hedt": "intel_mesh", "workstation": "intel_mesh", "server": "intel_mesh"}
# Intel's HEDT and workstation parts on these sockets are the Xeon Scalable die with its mesh uncore (Core X
# LGA2066 = Skylake-SP/Cascade Lake-SP, Xeon W-2400/3400 LGA4677 = Sapphire Rapids, Xeon 6 LGA4710/7529 = Granite
# Rapids): memory latency is higher than on ring-bus client chips, and one core's bandwidth is its outstanding
# misses / latency (Little's law), so the cores a llama.cpp process runs read less of the DRAM peak (Stack Overflow
# 39260020, "SKX ... including the i9 high-end desktop chips ... single-threaded bandwidth is even worse").
MESH_SOCKETS = frozenset({"LGA2066", "LGA3647", "LGA4189", "LGA4677", "LGA4710", "LGA7529"})

# CPU prefill: peak fp32 = cores x base clock x FLOPs per cycle (two 256-bit FMA pipes = 32; AVX-512 with two
# 512-bit FMA pipes on Xeon Scalable/W and full-width Zen 5 = 64), and the share llama.cpp's quantized CPU
# matmuls reach: 0.30, fitted on the Core i9-13900K 7B Q4_0 prompt row (ggml-org/llama.cpp issue 34).
FLOPS_PER_CYCLE_AVX2 = 32
FLOPS_PER_CYCLE_AVX512 = 64
CPU_COMPUTE_EFFICIENCY = 0.30
# Per-token fixed cost of a llama.cpp decode step on the CPU: thread sync per layer (same fit).
CPU_LAYER_OVERHEAD_S = 40e-6
# One token's CPU matmuls at decode (a matrix-vector product per weight: each quantized block unpacked, scaled and
# dotted once) run at a rate per core and clock cycle that does not follow the vector width: Zen 4 (256-bit
# double-pumped AVX-512) and Zen 5 (full 512-bit) hosts read about the same 6-9 FLOPs a core and cycle at base clock
# where RAM does not bind. FITTED (rows15, 2026-12-04) as the geometric mean of the rates two experts-in-RAM rows from
# two sources imply (tests/data/fit_offload.toml, `fit = "core_rate"`): Qwen3.5-397B-A17B IQ4_NL on an EPYC 9175F
# (16 cores at 4.2 GHz, 12 x DDR5-6400) + RTX PRO 6000, ik_llama.cpp, 22.5 tok/s (loftllc.dev, 2026): 6.52; DeepSeek-R1
# Q4_K_M on an EPYC 9274F (22 threads at 4.05 GHz) + RTX 4090, KTransformers 0.2.1, 12.14 tok/s (kvcache-ai/
# ktransformers #587, 2025-02-24): 7.07. Held out (tests/data/holdout_offload.toml): the same issue's Q2_K run, 16.5
# (+41 % -> -14 %), Tencent Xuanwu Lab's EPYC 9135 R1 Q8_0 CPU-only "peak" (+11 % -> -26 %: Q8_0 unpacks more cheaply
# than the K-quants, not modelled). The same loftllc.dev host runs Kimi-K2.5 Q4_K_S at 10-12 tok/s on 13 threads
# (about 8; Q4_K_S is no precision here, so not a row). A batch of b sequences multiplies each matrix by b vectors, the
# unpacking shared: only one token's rate is bound here (the batched term stays the prefill share's).
# REFITTED (decode49, 2026-12-07) 6.8 -> 6.9: the Qwen3.5-397B row implies 6.79 (was 6.52) once its 45 DeltaNet
# layers on the card pay their CUDA cost (offload._gpu_step); geometric mean with the R1 row's 7.03: 6.91.
CPU_DECODE_FLOPS_PER_CORE_CYCLE = 6.9
# Server and workstation cores without AVX-512 (Zen 2 EPYC 7002, Zen 3 EPYC 7003, Threadripper PRO 3000/5000: two
# 256-bit FMA pipes, no VNNI) run the same quantized dot products in more instructions. ik_llama.cpp's author times the
# CPU matmul kernels decode also runs on a Threadripper PRO 5975WX (Zen 3, 32 x 3.6 GHz base) and a Ryzen 7950X (Zen 4,
# 16 x 4.5 GHz), PP-512 of LLaMA-3.1-8B; per core and base-clock cycle Zen 3 reads IQ4_K_R4 0.62 (249 vs 251 t/s,
# github.com/ikawrakow/ik_llama.cpp/pull/144, 2024-12-16), Q4_K_S 0.77 and Q5_K_S 0.76 (327.98 / 302.13 vs 267.69 /
# 249.12, pull/182, 2025-01-30), Q6_0_R4 0.56 (231.53 vs 257.25, pull/122, 2024-12-03): geometric mean 0.67. ESTIMATE
# for decode: prompt ratios; no Zen 2/3 experts-in-RAM decode row was found to fit it on (offload28, 2026-12-05); Zen 2
# takes Zen 3's share (the same two 256-bit FMA pipes). Desktop Ryzen 5000 keeps the fitted rate: the rate counts
# base-clock cycles and a desktop part runs all cores ~1.25x above base (Ryzen 5 5600: 3.5 base, 4.4 boost) where an EPYC
# 7302 runs ~1.1x (3.0 / 3.3), and its two channels bind first; Intel client cores keep it too (no like-for-like
# measurement).
AVX2_DECODE_RATE_SHARE = 0.67
AVX2_ONLY_FAMILIES = frozenset({"epyc-7002", "epyc-7003", "threadripper-pro-3000", "threadripper-pro-5000"})

# A layer whose attention runs on the GPU and whose experts run on the CPU (--n-cpu-moe) crosses devices twice per
# token: llama.cpp's scheduler copies the hidden state to the host, synchronises the stream, runs the experts, and
# copies the result back (ggml-backend graph splits). Estimate, not fitted: two small PCIe copies with a stream
# synchronise of ~10 us each (CUDA small-transfer latency); no measurement isolating it was found.
HYBRID_LAYER_SYNC_S = 2 * 10e-6

# PCIe: GB/s per lane per direction (gen3 0.985, gen4 1.97, gen5 3.94; PCI-SIG) and the share a host-to-device
# copy reaches (cudaMemcpy from pinned memory: ~26 of 32 GB/s on gen4 x16, NVIDIA bandwidthTest).
PCIE_GBPS_PER_LANE = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.877}
PCIE_COPY_EFFICIENCY = 0.80

# A copy from pageable memory (llama.cpp's default mmap of the GGUF: weights in RAM stay in the file's mapping) is
# staged by the driver through its own pinned buffer, a CPU memcpy per chunk, so it runs at that memcpy's rate when it
# is slower than the link; --no-mmap puts them in the GPU's pinned host buffer (llama.cpp `make_cpu_buft_list`), which
# the card reads by DMA at the link's rate. Under mmap the loader replaces a host buffer type with the plain CPU one
# (ggml-org/llama.cpp PR #28223, 2026-09-02, which pinned the experts of a 26K-token prefill on 2 x RTX 3090: 166 ->
# 330 tok/s). The staging rate is the one isolated measurement found: one expert's 768 + 96 KiB (884,736 bytes) copied
# from a pageable mmap keep the host 76.2 us inside the call, 11.6 GB/s, where the pinned copy of the same bytes runs at
# 32.4 GB/s (kekzl/imp PR #1409, 2026-08-13, RTX 5090 under WSL2, medians of 300). Cross-checks, not fitted: on PCIe
# 4.0 x16 (25.2 GB/s pinned) a copy-bound prompt would gain 25.2 / 11.6 = 2.2x from pinning, #28223 measured 1.99x
# (cold) / 2.28x (warm); Kimi K2's 4096-token micro-batch on a PCIe 5.0 card, mmapped (llama.cpp issue 14642), implies
# 14 GB/s for its 513 GiB of experts.
PAGEABLE_STAGING_GBPS = 11.6
HOST_BUFFERS = ("pinned", "mmap")


@dataclass(frozen=True)
class HostMemory:
    """System memory as one llama.cpp process sees it; `effective_gbps` is what decode reads at."""

    peak_gbps: float  # populated channels x MT/s x 8 bytes, over the sockets one process reads at full rate
    effective_gbps: float  # after the chiplet-link limit and the fitted llama.cpp efficiency
    capacity_gb: float | None = None
    channels: int | None = None  # populated, per socket
    speed_mts: int | None = None
    sockets: int = 1
    numa_aware: bool = False
    cpu_tflops: float | None = None  # peak fp32 of the cores, for CPU prefill
    core_ghz: float | None = None  # cores x base clock (GHz) over the sockets one process runs on, for CPU decode
    decode_per_cycle: float = CPU_DECODE_FLOPS_PER_CORE_CYCLE  # FLOPs a core and cycle at decode (cpu_decode_rate)
    pcie_gen: int | None = None
    # the peak the cores can pull after the chiplet links (ccd_limit_gbps), over the sockets read: what a streaming
    # CPU job (an offloaded fine-tune's Adam, estimate.optimizer_offload) is bounded by; None: peak_gbps
    usable_gbps: float | None = None
    explanation: tuple[Reason, ...] = field(default=())  # est.* codes: how the effective bandwidth was found

    @property
    def capacity_bytes(self) -> int | None:
        return None if self.capacity_gb is None else int(self.capacity_gb * MODULE_GB_BYTES)  # a kit's GB are GiB


def family(cpu: Cpu) -> str:
    """The RAM_EFFICIENCY family of a CPU: AMD chiplet, Intel mesh, or (an estimate) its platform's."""
    if cpu.vendor == "amd" and cpu.socket in AMD_CHIPLET_SOCKETS:
        return "amd_chiplet"
    if cpu.vendor == "intel" and cpu.socket in MESH_SOCKETS:
        return "intel_mesh"
    return FAMILY_OF_PLATFORM[cpu.platform]


def cpu_peak_tflops(cpu: Cpu) -> float:
    """Peak fp32 of all cores at base clock (vector FMA pipes, see FLOPS_PER_CYCLE_*)."""
    zen5 = cpu.vendor == "amd" and (
        cpu.id.startswith(("ryzen-9-9", "ryzen-7-9", "ryzen-5-9")) or (cpu.socket == "SP5" and cpu.id.endswith("5"))
    )
    intel_avx512 = cpu.vendor == "intel" and cpu.platform in ("server", "workstation")
    per_cycle = FLOPS_PER_CYCLE_AVX512 if (zen5 or intel_avx512) else FLOPS_PER_CYCLE_AVX2
    return cpu.cores * cpu.base_clock_ghz * per_cycle / 1000


def cpu_core_ghz(cpu: Cpu) -> float:
    """Cores x base clock of one socket (GHz): the core cycles a second one token's CPU matmuls run on."""
    return cpu.cores * cpu.base_clock_ghz


def cpu_decode_rate(cpu: Cpu) -> float:
    """FLOPs a core and clock cycle `cpu`'s cores reach on one token's quantized matrix-vector products: the fitted
    rate, or its AVX2 share on cores without AVX-512 (AVX2_DECODE_RATE_SHARE)."""
    if cpu.family in AVX2_ONLY_FAMILIES:
        return CPU_DECODE_FLOPS_PER_CORE_CYCLE * AVX2_DECODE_RATE_SHARE
    return CPU_DECODE_FLOPS_PER_CORE_CYCLE


def check_platform(cpu: Cpu, kit: MemoryKit, kits: int = 1, sockets: int = 1) -> None:
    """RequestError naming the option when `kits` x `kit` cannot go into `sockets` x `cpu`."""
    if kit.memory_type != cpu.memory_type:
        raise RequestError(
            f"--ram: {kit.id} is {kit.memory_type}; {cpu.name} ({cpu.socket}) takes {cpu.memory_type} only"
        )
    if kit.module == "rdimm" and cpu.platform in ("consumer", "hedt"):
        raise RequestError(f"--ram: {kit.id} is registered (RDIMM) memory; {cpu.name} takes unbuffered DIMMs only")
    if kit.module == "udimm" and cpu.platform == "server":
        raise RequestError(f"--ram: {kit.id} is unbuffered (UDIMM) memory; {cpu.name} takes registered DIMMs only")
    dimms = kit.modules * kits
    slots = cpu.memory_channels * 2 * sockets
    if dimms > slots:
        raise RequestError(
            f"--ram: {dimms} DIMMs is more than {cpu.name} allows "
            f"({cpu.memory_channels} channels x 2 DIMMs per channel x {sockets} socket(s) = {slots})"
        )
    if dimms * kit.module_gb > cpu.max_memory_gb * sockets:
        raise RequestError(
            f"--ram: {dimms * kit.module_gb} GB is more than {cpu.name}'s maximum of {cpu.max_memory_gb * sockets} GB"
        )


def ccd_limit_gbps(cpu: Cpu) -> float | None:
    """Read bandwidth the core chiplets can pull through their GMI links, or None where it does not apply."""
    if cpu.ccds is None or cpu.socket not in FCLK_GHZ:
        return None
    links = 2 if (cpu.socket in GMI_WIDE_SOCKETS and cpu.ccds <= GMI_WIDE_MAX_CCDS) else 1
    return cpu.ccds * links * GMI_BYTES_PER_CLOCK * FCLK_GHZ[cpu.socket]


def host_memory(
    cpu: Cpu,
    kit: MemoryKit,
    kits: int = 1,
    sockets: int = 1,
    numa_aware: bool = False,
    wired: int | None = None,
) -> HostMemory:
    """Effective RAM bandwidth of `sockets` x `cpu` with `kits` x `kit` spread as evenly as the slots allow over the
    channels the board wires per socket (`wired`; None: every channel of the CPU). A population that leaves channels
    empty reads at the channels it fills; one that puts more DIMMs on some channels than on others at the busiest
    channel's pace (catalog.models.channels_read, RAM-7's arithmetic).

    NUMA: a process that is not NUMA-aware gets one socket's bandwidth however many sockets there are (its
    threads and pages cross the socket link); `numa_aware=True` (an engine that keeps each socket's experts
    in its own memory, e.g. ktransformers' NUMA mode) adds the sockets up.

    Remembered per CPU and kit record: a CPU-only machine's search asks for the same platforms in every map cell.
    """
    wired = cpu.memory_channels if wired is None else min(wired, cpu.memory_channels)
    key = (id(cpu), id(kit), kits, sockets, numa_aware, wired)
    return remember("host_memory", key, (cpu, kit), lambda: _host_memory(cpu, kit, kits, sockets, numa_aware, wired))


def _host_memory(cpu: Cpu, kit: MemoryKit, kits: int, sockets: int, numa_aware: bool, wired: int) -> HostMemory:
    check_platform(cpu, kit, kits, sockets)
    dimms_per_socket = kit.modules * kits // sockets
    channels = min(dimms_per_socket, wired)
    dpc = math.ceil(dimms_per_socket / wired)
    speed = min(kit.speed_mts, cpu.memory_speed_mts)
    notes = [Reason.of("est.channels", channels=channels, of=wired, dimms=dimms_per_socket)]
    read: float = channels
    if not channels_balanced(dimms_per_socket, wired) and dimms_per_socket > wired:
        # more DIMMs on some channels than on others: a read over all of them waits on the busiest (RAM-7)
        read = channels_read(dimms_per_socket, wired)
        notes.append(Reason.of("est.unbalanced", dimms=dimms_per_socket, channels=wired, busiest=dpc, read=read))
    if dpc >= 2:
        derated = DPC2_SPEED_MTS.get((cpu.socket, cpu.memory_type))
        if derated is not None and derated < speed:
            speed = derated
            notes.append(Reason.of("est.dpc2", socket=cpu.socket, memory=cpu.memory_type, mts=derated))
    per_socket = read * speed * BYTES_PER_TRANSFER / 1000
    limit = ccd_limit_gbps(cpu)
    usable = per_socket
    if limit is not None and limit < per_socket:
        usable = limit
        notes.append(Reason.of("est.ccd-limit", ccds=cpu.ccds, gbps=limit, dram=per_socket))
    read_sockets = sockets if numa_aware else 1
    if sockets > 1:
        notes.append(Reason.of("est.sockets", sockets=sockets, numa_aware=numa_aware))
    eff = RAM_EFFICIENCY[family(cpu)]
    peak = per_socket * read_sockets
    effective = usable * read_sockets * eff
    notes.append(
        Reason.of(
            "est.ram-rate",
            channels=channels if read == channels else read,
            mts=speed,
            gbps=per_socket,
            share=eff,
            family=family(cpu),
            platforms=FAMILY_NAMES[family(cpu)],
            effective=effective,
        )
    )
    return HostMemory(
        usable_gbps=usable * read_sockets,
        peak_gbps=peak,
        effective_gbps=effective,
        capacity_gb=float(kit.total_gb * kits),
        channels=channels,
        speed_mts=speed,
        sockets=sockets,
        numa_aware=numa_aware,
        cpu_tflops=cpu_peak_tflops(cpu) * sockets,
        core_ghz=cpu_core_ghz(cpu) * sockets,
        decode_per_cycle=cpu_decode_rate(cpu),
        pcie_gen=cpu.pcie_gen,
        explanation=tuple(notes),
    )


def host_from_bandwidth(
    peak_gbps: float,
    platform_family: str = "desktop",
    capacity_gb: float | None = None,
    cpu_tflops: float | None = None,
    pcie_gen: int | None = None,
    share: float | None = None,
    core_ghz: float | None = None,
    decode_per_cycle: float = CPU_DECODE_FLOPS_PER_CORE_CYCLE,
) -> HostMemory:
    """A host given by its peak bandwidth (`--ram-bandwidth`), read at the family's efficiency (RAM_EFFICIENCY), or at
    `share` of its peak when given (a fit trying shares passes each one: the table is never patched); its cores decode
    at `decode_per_cycle` (cpu_decode_rate of a catalog CPU)."""
    eff = RAM_EFFICIENCY[platform_family] if share is None else share
    return HostMemory(
        peak_gbps=peak_gbps,
        effective_gbps=peak_gbps * eff,
        capacity_gb=capacity_gb,
        cpu_tflops=cpu_tflops,
        core_ghz=core_ghz,
        decode_per_cycle=decode_per_cycle,
        pcie_gen=pcie_gen,
        explanation=(
            Reason.of(
                "est.ram-given",
                gbps=peak_gbps,
                share=eff,
                family=platform_family,
                platforms=FAMILY_NAMES[platform_family],
                effective=peak_gbps * eff,
            ),
        ),
    )


def decode_read_gbps(host: HostMemory, bits_per_weight: float) -> float:
    """GB/s of weights one token's CPU decode gets through on `host`: its effective RAM rate, or less where its cores
    bind (its decode_per_cycle: two FLOPs a weight of `bits_per_weight` bits)."""
    if not host.core_ghz:
        return host.effective_gbps
    return min(host.effective_gbps, host.core_ghz * host.decode_per_cycle / 2 * bits_per_weight / 8)


def pcie_copy_gbps(gen: int, lanes: int = 16) -> float:
    """Host-to-GPU copy rate over a PCIe link."""
    return PCIE_GBPS_PER_LANE[gen] * lanes * PCIE_COPY_EFFICIENCY


def host_copy_gbps(gen: int, lanes: int = 16, host_buffer: str = "pinned") -> float:
    """GB/s a host-to-device copy of weights kept in RAM reaches: the link's (pinned, --no-mmap) or, from llama.cpp's
    default mmap (pageable), no more than the driver's staging memcpy (PAGEABLE_STAGING_GBPS)."""
    link = pcie_copy_gbps(gen, lanes)
    return link if host_buffer == "pinned" else min(link, PAGEABLE_STAGING_GBPS)
