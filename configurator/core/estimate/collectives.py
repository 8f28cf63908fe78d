"""What a tensor-parallel decode step pays besides streaming weights: collectives and the latency floors of MoE and
MLA layers in the serving engines (vLLM, SGLang).

At batch 1 a large MoE on 8-16 data-center GPUs reads only a few GB per GPU per token (DeepSeek-R1 FP8 on 8 x H200:
37 B active bytes / 8 = 4.6 GB, under 1 ms at 4.8 TB/s), yet published runs take 23-52 ms per token: the step is made
of latencies, not bandwidth. Each layer pays

- two all-reduces under tensor parallelism (after attention and after the MLP / MoE block), each a latency floor per
  message: in an NVLink domain the engines' custom all-reduce, over PCIe NCCL's, and across nodes (more GPUs than one
  NVLink board holds) the fabric's;
- in an MoE layer, the router (gate GEMM, grouped top-k), the activation quantization for block-FP8 experts, the fused
  expert kernels with one token per chosen expert, the shared expert and the weighted combine: a chain of small
  dependent kernels (Calibration.moe_layer_latency_server);
- in an MLA layer (DeepSeek-V2/V3/R1, Kimi K2), the absorbed attention's extra chain: q_a / q_b / kv_a projections,
  two RMSNorms, the W_UK and W_UV absorption batched GEMMs and RoPE on the decoupled key before the attention kernel
  (Calibration.mla_layer_latency_server).

Engines' defaults on 8-16 GPUs: vLLM and SGLang shard every MoE layer by tensor parallelism unless expert parallelism
is asked for (vLLM `--enable-expert-parallel`, SGLang `--ep-size`; SemiAnalysis InferenceX's DeepSeek-R1 SGLang
v0.5.7 H200 run records "TP=8, EP=1"), so the default step pays all-reduces, not EP's all-to-all dispatch and combine;
the launch command the app writes sets tensor parallelism only, and the estimate describes that.
"""

from __future__ import annotations

from configurator.core.catalog.models import Gpu

# GPUs one NVLink domain holds in the boards the catalog lists (HGX / DGX A100, H100, H200, H20: 8 SXM GPUs on NVSwitch,
# NVIDIA DGX H100 datasheet); more GPUs than that span nodes, and every tensor-parallel all-reduce crosses the fabric.
GPUS_PER_NVLINK_DOMAIN = 8
SERVER_ENGINES = ("vllm",)  # SGLang is estimated as vLLM (workload.ENGINE_STAND_IN)


def spans_nodes(gpu: Gpu, gpus: int) -> bool:
    """Whether a tensor-parallel group of `gpus` x `gpu` crosses nodes (more SXM GPUs than one NVLink domain)."""
    return bool(gpu.nvlink) and gpu.form_factor != "pcie" and gpus > GPUS_PER_NVLINK_DOMAIN


def allreduce_latency(gpu: Gpu, gpus: int, nvlink_s: float, pcie_s: float, fabric_s: float) -> tuple[float, str]:
    """Latency of one small all-reduce (a decode step's activations) among `gpus` x `gpu`, and over what."""
    if spans_nodes(gpu, gpus):
        return fabric_s, "the inter-node fabric (InfiniBand)"
    if gpu.nvlink:
        return nvlink_s, "NVLink"
    return pcie_s, "PCIe"
