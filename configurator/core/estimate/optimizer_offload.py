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
