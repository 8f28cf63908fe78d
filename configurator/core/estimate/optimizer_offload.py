"""The optimizer step of a fine-tune whose optimizer states sit in system RAM (ZeRO-Offload, ZeRO-3 offload, FSDP's CPU
offload): the CPU's Adam over the trained parameters, bound by the host's memory bandwidth, and the copies across each
card's PCIe link. One function (offload_step) times it; the estimate adds its seconds and its explanation reads the
same object, so the hours and the sentence never disagree.

What overlaps, as the engines do it (deepspeedai/DeepSpeed @edaa7221, deepspeed/runtime/zero/stage_1_and_2.py):
- the gradients leave the GPU during the backward, bucket by bucket (async_inplace_copy_grad_to_fp32_buffer_from_gpu:
  cast to fp32 on the GPU, then a non-blocking copy into the pinned CPU buffer), so only what the backward does not
  cover is exposed;
- the CPU's Adam runs in step(), after the backward, while the GPUs wait (self._optimizer_step(i)); DeepSpeed's own
  ZenFlow post (blogs/deepspeed-zenflow/README.md) says it: "Synchronous offloading frameworks (e.g., ZeRO-Offload) keep
  the GPU idle while the CPU performs a full optimizer step and transfers updated parameters back to GPU";
- ZeRO-1/2 then casts the updated fp32 partition to 16 bits on the CPU (bit16_partition_buffer.copy_), copies it to
  the GPU and all-gathers the partitions among the GPUs (all_gather_dp_groups) before the next forward: serial too.
  Under ZeRO-3 / FSDP with the parameters offloaded the updated 16-bit shards stay in RAM and cross the link when the
  next forward gathers them (estimator._sharded_gathers prices that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from configurator.core.catalog.models import MODULE_GB_BYTES
from configurator.core.common.reasons import Value
from configurator.core.common.shapes import OffloadHostJson
from configurator.core.estimate.host import BYTES_PER_TRANSFER, DPC2_SPEED_MTS

# Bytes of RAM DeepSpeedCPUAdam moves per parameter and step: its AVX loop (csrc/includes/cpu_adam.h, Step_AVX) loads
# the fp32 gradient, first moment, second moment and parameter (simd_load x 4) and stores the parameter and both moments
# (simd_store x 3): 28 bytes; ZeRO-1/2 then reads the fp32 partition again and writes its 16-bit copy
# (stage_1_and_2.py: bit16_partition_buffer.data.copy_(fp32_partition.data)): 6 more. Counted from the code.
CPU_ADAM_BYTES_PER_PARAM = 28.0 + 6.0
# The share of the host's peak RAM bandwidth (channels x MT/s x 8 bytes, over its sockets) the CPU's Adam streams at,
# every core bound to a rank (DeepSpeed's --bind_cores_to_rank, which the launch command passes). FITTED on the one
# row that isolates it (tests/data/reference_training_gpu_hours.toml, the DeepSpeed core-binding post: Qwen2.5-3B,
# ZeRO-2 offload, 2 x A100 40GB SXM4 on 2 x EPYC 7742, 2,497 ms a step), as the share that leaves the row's step time
# once its compute, its copies and its all-gather are taken out (tests/core/test_optimizer_offload.py refits it).
CPU_ADAM_RAM_SHARE = 0.107
# torch.optim.AdamW on the CPU (FSDP's CPU offload runs the optimizer it is given on the offloaded fp32 shards):
# DeepSpeed reports its CPU Adam "5X-7X faster than the standard PyTorch implementation" (docs/_tutorials/
# zero-offload.md) and "5.1x to 6.5x speedups considering the model-size between 1 to 10 billion parameters with
# respect to torch-adam" with AVX-512 (docs/_pages/training.md). ESTIMATE: the middle of the tutorial's range; both
# figures are DeepSpeed's, against the torch of 2020 (no foreach CPU kernels then).
TORCH_CPU_ADAM_SLOWER = 6.0
# fp32 gradient bytes per parameter crossing the link to RAM (cast on the GPU before the copy, above), and 16-bit
# parameter bytes coming back under ZeRO-1/2
GRAD_BYTES_TO_HOST = 4.0
PARAM_BYTES_BACK = 2.0
# The backward's share of a step's compute (two of a layer's three GEMM passes): what hides the gradient copies
BACKWARD_SHARE = 2.0 / 3.0
DEEPSPEED_CPU_ADAM = "DeepSpeedCPUAdam"
TORCH_CPU_ADAM = "torch.optim.AdamW"


GIVEN_HOST = "given"  # OffloadHost.kind of a host the user (--ram-bandwidth) or the build (its CPU and DIMMs) names


@dataclass(frozen=True)
class OffloadHost:
    """The host whose RAM an offloaded optimizer step streams from: one the user or the build names (kind GIVEN_HOST:
    its bandwidth only), or the typical host that holds the job's RAM (a TYPICAL_OFFLOAD_HOSTS entry, its parts
    stated). `gbps`: its peak after the chiplet links, over its sockets, as plan.offload_ram_gbps reads a build."""

    kind: str
    gbps: float
    cpu: str | None = None  # the catalog id of its CPU
    cores: int | None = None
    socket: str | None = None
    memory: str | None = None  # DDR4 / DDR5
    channels: int | None = None  # populated
    dimms: int | None = None
    dimm_gb: int | None = None
    mts: int | None = None  # the speed the DIMMs run at (derated at two DIMMs a channel: host.DPC2_SPEED_MTS)
    max_gpus: int | None = None  # the most GPUs the plans put on this kind of host (None: as many as a machine takes)

    @property
    def capacity_gb(self) -> int | None:
        return None if self.dimms is None or self.dimm_gb is None else self.dimms * self.dimm_gb


def _typical(
    kind: str,
    cpu: str,
    cores: int,
    socket: str,
    memory: str,
    channels: int,
    dimms: int,
    dimm_gb: int,
    rated_mts: int,
    max_gpus: int | None = None,
) -> OffloadHost:
    """A typical host by the arithmetic host.host_memory reads a build with (channels x MT/s x 8 bytes; two DIMMs a
    channel at the platform's derated speed), so the no-host estimate and the plan's build time the step alike."""
    mts = DPC2_SPEED_MTS[(socket, memory)] if dimms > channels else rated_mts
    gbps = channels * mts * BYTES_PER_TRANSFER / 1000
    return OffloadHost(kind, gbps, cpu, cores, socket, memory, channels, dimms, dimm_gb, mts, max_gpus)


# The host an offloaded fine-tune's optimizer step is timed on when none is named (`llm-rig estimate` without
# --ram-bandwidth; a plan's candidate stage before a build's CPU is chosen): the first of these whose RAM holds what the
# job keeps there (rules.compat.host_ram_needed, RAM-3's arithmetic). Each is the host the plans of round 45 built for
# such a job, cheapest first (`llm-rig plan ... --offload cpu`, docs/estimates.md "Round 45"), timed by the arithmetic
# host.host_memory reads that build with (tests/core/test_offload_host.py checks each figure against the catalog's
# records). It had been a dual-channel DDR5-5600 desktop's 89.6 GB/s, faster than the DDR4 desktop a plan then builds:
# the estimate was optimistic against the plan's own machine (Qwen2.5-3B full, one RTX 4090: 11.2 h vs the plan's
# 12.9 h).
# - up to 64 GB: a Ryzen 5 5600 (6 cores, AM4, dual-channel DDR4-3200: AMD's product page) with 2 x 32 GB, one DIMM
#   a channel: 51.2 GB/s (the plan's cheapest for Qwen2.5-3B or Llama 3.2 3B full on one or two cards);
# - up to 128 GB (AM4's maximum): the same with 4 x 32 GB, two DIMMs a channel at DDR4-2666 (AMD's 2DPC figure,
#   host.DPC2_SPEED_MTS): 42.7 GB/s (Qwen2.5-7B full on one RTX A6000);
# - up to 512 GB: an EPYC 7302 (16 cores, SP3, 8 x DDR4-3200; its 4 CCDs' GMI links read 204.8 GB/s, no less than its
#   DRAM) with 8 x 64 GB RDIMMs, one a channel: 204.8 GB/s (Llama 3.1 8B full on two RTX 4090, 8 x 32 GB; Llama 3.1 70B
#   QLoRA on two RTX 3090, 8 x 16 GB: the same bandwidth);
# - past it: a Xeon w5-3435X (16 cores, LGA4677, 8 x DDR5-4800: Intel ARK) with 16 x 96 GB RDIMMs, two a channel at
#   DDR5-4400 (ARK's 2DPC speed): 281.6 GB/s, 1.5 TB (Llama 3.1 70B full on RTX 4090s).
# Two or more cards: the plans put them on the EPYC 7302 whatever the RAM (its 128 lanes: Qwen2.5-3B full on two RTX
# 4090, 5.7 h; Qwen2.5-7B full on two RTX 3090), so the desktops take one card (`max_gpus`).
# A named host (--ram-bandwidth; a build's own CPU and DIMMs in a plan, plan.offload_ram_gbps) replaces them.
TYPICAL_OFFLOAD_HOSTS: tuple[OffloadHost, ...] = (
    _typical("desktop", "ryzen-5-5600", 6, "AM4", "DDR4", 2, 2, 32, 3200, max_gpus=1),
    _typical("desktop-4-dimms", "ryzen-5-5600", 6, "AM4", "DDR4", 2, 4, 32, 3200, max_gpus=1),
    _typical("server", "epyc-7302", 16, "SP3", "DDR4", 8, 8, 64, 3200),
    _typical("workstation", "xeon-w5-3435x", 16, "LGA4677", "DDR5", 8, 16, 96, 4800),
)


def typical_offload_host(host_ram_bytes: float, gpus: int = 1, *, spike: bool = False) -> OffloadHost:
    """The first TYPICAL_OFFLOAD_HOSTS entry that takes `gpus` and whose RAM holds `host_ram_bytes` kept there with the
    trainer's room (RAM-3's host_ram_needed; `spike`: a measured start-up peak a swap file tops, rules.compat.
    load_spike); the last where none does (a plan then says the RAM is short)."""
    from configurator.core.rules.compat import host_ram_needed  # the rulebook, loaded only when a step is offloaded

    need_gb = host_ram_needed(host_ram_bytes, training=True, spike=spike) / MODULE_GB_BYTES
    for host in TYPICAL_OFFLOAD_HOSTS:
        if (host.capacity_gb or 0) >= need_gb and (host.max_gpus is None or gpus <= host.max_gpus):
            return host
    return TYPICAL_OFFLOAD_HOSTS[-1]


HOST_PARTS = ("cpu", "cores", "memory", "channels", "dimms", "dimm_gb", "mts")
"""The parts a typical host is named by (OffloadHost's fields), in the order `estimate --json` (host_json) and the
est.offload-step reason (typical_host_fields) state them: one list for both."""


def host_json(host: OffloadHost, step: OffloadStep) -> OffloadHostJson:
    """The host and its CPU Adam's seconds a step, as `estimate --json` states them (time.optimizer_host)."""
    parts = {name: getattr(host, name) for name in HOST_PARTS}
    out = {"kind": host.kind, "ram_bandwidth_gbps": float(f"{host.gbps:.4g}"), **parts}
    return cast(OffloadHostJson, {**out, "cpu_adam_s_per_step": float(f"{step.cpu_s:.4g}")})


def typical_host_fields(host: OffloadHost) -> dict[str, Value]:
    """The parts of a typical host, as the est.offload-step reason names them (its `cpu` is the step's CPU seconds, so
    the host's CPU is `host_cpu`); none for a named host."""
    if host.kind == GIVEN_HOST:
        return {}
    return {("host_cpu" if name == "cpu" else name): getattr(host, name) for name in HOST_PARTS}


def offload_host(given_gbps: float | None, host_ram_bytes: float, gpus: int = 1, *, spike: bool = False) -> OffloadHost:
    """The host the step is timed on: the one named (`given_gbps`: --ram-bandwidth, or the build's own CPU and DIMMs
    in a plan), else the typical host that takes the job's `gpus` and holds its RAM."""
    if given_gbps is not None:
        return OffloadHost(GIVEN_HOST, given_gbps)
    return typical_offload_host(host_ram_bytes, gpus, spike=spike)


@dataclass(frozen=True)
class OffloadStep:
    """What one optimizer step of an offloaded fine-tune costs beside its GPU compute, and over the run."""

    params: float  # parameters the CPU updates each step (every rank's partition together)
    steps: float  # optimizer steps in the run
    micro_batches: int  # micro-batches per GPU per optimizer step (gradient accumulation)
    runner: str  # the CPU optimizer (DEEPSPEED_CPU_ADAM or TORCH_CPU_ADAM)
    ram_gbps: float  # the host's peak RAM bandwidth it reads
    share: float  # of that peak, the CPU's Adam streams at
    pcie_gbs: float  # one card's host link, after the copy efficiency
    cpu_s: float  # the CPU's Adam, per step (the GPUs wait)
    back_s: float  # the updated 16-bit partition to each GPU (ZeRO-1/2), per step
    gather_s: float  # the all-gather of the updated partitions among the GPUs (ZeRO-1/2), per step
    grads_exposed_s: float  # gradient copies the backward does not hide, per step

    @property
    def per_step(self) -> float:
        return self.cpu_s + self.back_s + self.gather_s + self.grads_exposed_s

    @property
    def seconds(self) -> float:
        """Wall seconds the run spends in it (every GPU waits the same time)."""
        return self.per_step * self.steps


def offload_step(
    *,
    params: float,
    gpus: int,
    tokens: float,
    tokens_per_micro_batch: float,
    micro_batches: int,
    params_stay_in_ram: bool,
    torch_optimizer: bool,
    ram_gbps: float,
    pcie_gbs: float,
    gather_busbw_gbs: float,
    compute_s_per_micro_batch: float,
    share: float = CPU_ADAM_RAM_SHARE,
) -> OffloadStep:
    """The offloaded optimizer step of a run of `tokens`, `tokens_per_micro_batch` per GPU per micro-batch and
    `micro_batches` of them per optimizer step, on `gpus` cards each with `pcie_gbs` to the host (after the copy
    efficiency) and `gather_busbw_gbs` among them; `params` trained (all of them for a full fine-tune, the adapters for
    LoRA), partitioned over the ranks whose CPU work shares `ram_gbps` of RAM. `params_stay_in_ram`: ZeRO-3 / FSDP
    with the parameters offloaded (nothing copied back at the step). `torch_optimizer`: FSDP's, not DeepSpeed's."""
    n = max(1, gpus)
    steps = tokens / (tokens_per_micro_batch * n * max(1, micro_batches))
    runner = TORCH_CPU_ADAM if torch_optimizer else DEEPSPEED_CPU_ADAM
    slower = TORCH_CPU_ADAM_SLOWER if torch_optimizer else 1.0
    cpu_s = params * CPU_ADAM_BYTES_PER_PARAM * slower / (ram_gbps * 1e9 * share)
    per_rank = params / n
    back_s = 0.0 if params_stay_in_ram else per_rank * PARAM_BYTES_BACK / (pcie_gbs * 1e9)
    gather_s = (
        0.0 if params_stay_in_ram or n == 1 else (n - 1) / n * params * PARAM_BYTES_BACK / (gather_busbw_gbs * 1e9)
    )
    grads_s = per_rank * GRAD_BYTES_TO_HOST / (pcie_gbs * 1e9)
    grads_exposed = max(0.0, grads_s - BACKWARD_SHARE * compute_s_per_micro_batch) * max(1, micro_batches)
    return OffloadStep(
        params=params,
        steps=steps,
        micro_batches=max(1, micro_batches),
        runner=runner,
        ram_gbps=ram_gbps,
        share=share,
        pcie_gbs=pcie_gbs,
        cpu_s=cpu_s,
        back_s=back_s,
        gather_s=gather_s,
        grads_exposed_s=grads_exposed,
    )
