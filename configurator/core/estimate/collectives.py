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

The MLA floor is a fact of the engine's release, not of the model alone: SGLang's 2025 releases (0.4.x, Feb-July
2025) step DeepSeek-R1 at 23-52 ms a token at one user, its 0.5 releases (from 0.5.0rc0, August 2025) at 9.2 ms on one
8-GPU node (sgl-project/sgl-cookbook). vLLM moved the same way one release later: until v0.10 its V1 engine captured
CUDA graphs piecewise, the attention op outside them (vllm-project/vllm PR #14437, docs/design/v1/torch_compile.md:
"we only capture the cudagraph for the piece of graph between attention operations"), so each MLA layer's absorbed
attention chain was launched from the host every step; v0.11.0 made FULL_AND_PIECEWISE the default (PR #25444, merged
2025-09-23), a decode-only batch replaying one graph with the MLA backends' decode inside it (FlashMLA and FlashInfer
MLA `UNIFORM_BATCH`, CUTLASS MLA `UNIFORM_SINGLE_TOKEN_DECODE`: docs/design/cuda_graphs.md). `release_family` names
the family an engine's release belongs to; the estimator reads the family's floor (Calibration.mla_layer_latency_server
for SGLang 0.4.x and vLLM before 0.11, Calibration.mla_layer_latency_sglang for SGLang 0.5 on,
Calibration.mla_layer_latency_vllm for vLLM 0.11 on).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import Reason, english

# GPUs one NVLink domain holds in the boards the catalog lists (HGX / DGX A100, H100, H200, H20: 8 SXM GPUs on NVSwitch,
# NVIDIA DGX H100 datasheet); more GPUs than that span nodes, and every tensor-parallel all-reduce crosses the fabric.
GPUS_PER_NVLINK_DOMAIN = 8
SERVER_ENGINES = ("vllm",)  # SGLang is estimated as vLLM (workload.ENGINE_STAND_IN)


# The releases the plain estimate describes: the current release family of each engine in late 2026.
# SGLang: v0.5.19 is "SGLang's latest official release" in AMD-AGI/TraceLens issue #1006 (2026-09-07) and llm-d's bump of
# 2026-09-17 (llm-d/llm-d PR #2526): still the 0.5 family. vLLM: v0.14.0 (January 2026) made async scheduling the
# default (estimator.VLLM_ASYNC_DEFAULT_SINCE); the 2026 rows of tests/data run 0.17-0.23.
SGLANG_CURRENT = "0.5.19"
VLLM_CURRENT = "0.14"
# SGLang's first 0.5 release: "sglang max version is 0.5.0rc0 in github" (zai-org/GLM-V issue #120, 2025-08-13); v0.4.8
# was released 2025-06-26 (verl-project/verl PR #2206), so a run of July 2025 is a 0.4.x release.
SGLANG_MLA_FLOOR_SINCE = (0, 5)
# vLLM's first release with full CUDA graphs by default: PR #25444 ("[Perf] Change default CUDAGraphMode from PIECEWISE
# to FULL_AND_PIECEWISE", merged 2025-09-23) ships in v0.11.0 (October 2025).
VLLM_FULL_GRAPHS_SINCE = (0, 11)


# Architectures whose QK-norm spans every head of the layer, so under tensor parallelism each rank's sum of squares is
# all-reduced before the norm: MiniMax-M2 (HF model_type minimax_m2) normalizes q over 48 x 128 and k over 8 x 128.
# vLLM concatenates the q and k variances into one all-reduce per attention layer (vllm/model_executor/layers/mamba/
# linear_attn.py, MiniMaxText01RMSNormTP.forward_qk, read at vllm-project/vllm 01d99586), SGLang likewise
# (python/sglang/srt/models/minimax_m2.py, MiniMaxM2QKRMSNorm._forward_naive at sgl-project/sglang 01b5f572; its fused
# path is opt-in, SGLANG_USE_FUSED_PARALLEL_QKNORM): a third small all-reduce per layer on the decode step's chain.
TP_QK_NORM_ARCHITECTURES = frozenset({"minimax_m2"})


def tp_allreduces(model: ModelArch) -> int:
    """All-reduces one tensor-parallel forward pass pays: two per transformer layer (after attention, after the MLP or
    MoE block: Megatron's row-parallel outputs), one per block of a single-block hybrid (Nemotron-H's layers are each
    one mixer, Mamba-2, MoE, MLP or attention, ending in one row-parallel projection: vLLM nemotron_h.py), and one more
    per attention layer of a model whose QK-norm spans all heads (TP_QK_NORM_ARCHITECTURES)."""
    per_block = model.num_layers if model.mamba is not None else 2 * model.num_layers
    qk_norm = model.attention_layers if model.architecture in TP_QK_NORM_ARCHITECTURES else 0
    return per_block + qk_norm


def release_tuple(release: str) -> tuple[int, int]:
    """(major, minor) of a release as rows and options spell it: "0.5.6.post1", "v0.17.0", "0.4"."""
    parts = release.strip().lstrip("v").split(".")
    return int(parts[0]), int(parts[1]) if len(parts) > 1 else 0


def release_family(engine: str, release: str) -> str:
    """The release family whose serving floors a run of `engine` at `release` pays: "sglang-0.5" (SGLang 0.5 on,
    fitted on its 2026 cookbook rows), "vllm-0.11" (vLLM 0.11 on, full CUDA graphs by default: fitted on ML.ENERGY's
    vLLM 0.11.1 DeepSeek-V3.1 rows and vLLM 0.13's DeepSeek-V3.2 on H20), "2025" (SGLang 0.4.x and vLLM before 0.11,
    the attention launched outside the piecewise graphs)."""
    if engine == "sglang" and release_tuple(release) >= SGLANG_MLA_FLOOR_SINCE:
        return "sglang-0.5"
    if engine == "vllm" and release_tuple(release) >= VLLM_FULL_GRAPHS_SINCE:
        return "vllm-0.11"
    return "2025"


def release_said(engine: str, release: str) -> Reason:
    """The release the estimate and the launch command assume, as a code (launch.release): "SGLang 0.5.19 (0.5.x)",
    "vLLM 0.14 or later" (the sheet in Chinese had printed the English words, walk19)."""
    if engine == "sglang":
        current = release == SGLANG_CURRENT
        return Reason.of(
            "launch.release", server="SGLang", release=release, later=False, series="0.5.x" if current else ""
        )
    return Reason.of("launch.release", server="vLLM", release=release, later=release == VLLM_CURRENT, series="")


def release_label(engine: str, release: str) -> str:
    """How the estimate and the launch command name the release they assume: "SGLang 0.5.19", "vLLM 0.14 or later"."""
    return english(release_said(engine, release))


def spans_nodes(gpu: Gpu, gpus: int) -> bool:
    """Whether a tensor-parallel group of `gpus` x `gpu` crosses nodes (more SXM GPUs than one NVLink domain)."""
    return bool(gpu.nvlink) and gpu.form_factor != "pcie" and gpus > GPUS_PER_NVLINK_DOMAIN


XGMI_ALLREDUCE_US: dict[int, tuple[float, float]] = {
    # GPUs -> (RCCL, QuickReduce FP16 two-shot) latency in us of one all-reduce of 64 KB, the message of a decode step
    # of a 7168-wide model at 4 sequences in bf16 (4 x 7168 x 2 B = 57 KB). mk1-project/quickreduce README at 910e8922
    # (2025-03-16), "All-Reduce Latency across 2xMI300X / 4xMI300X / 8xMI300X", ROCm 6.2, RCCL 2.20.5, 8 x MI300X on
    # TensorWave; 32-128 KB read 16.2-22.6 (RCCL) and 14.8-16.2 (QR-FP16) at 8 GPUs
    2: (17.52, 8.98),
    4: (18.23, 11.02),
    8: (20.00, 15.41),
}
"""Measured small all-reduces over AMD Infinity Fabric (xGMI) between MI300X OAMs (amd42). The decode step's fitted
NVLink-class latency (Calibration.allreduce_nvlink_s, 15 us) is within 3 % of the faster of the two at 8 GPUs, the
layout of 14 of the 18 held-out CDNA 3 MoE tensor-parallel rows; at 2 and 4 GPUs QuickReduce's kernel is below the
fitted figure and RCCL above it (the estimate stays the fitted one: it carries the step's other per-collective costs,
fitted on NVIDIA rows). So the all-reduce is not what reads CDNA 3 MoE decode fast (tests/core/
test_cdna3_decode_facts.py; docs/estimates.md round 42)."""


XGMI_ALLREDUCE_BY_SIZE_US: dict[int, tuple[tuple[int, float, float], ...]] = {
    # GPUs -> ((message bytes, RCCL us, QuickReduce FP16 two-shot us), ...): the same README's tables (910e8922,
    # 2025-03-16, ROCm 6.2, RCCL 2.20.5, 8 x MI300X on TensorWave), 32 KB to 16 MB. A decode step's all-reduce carries
    # every token in flight's hidden state in bf16: Llama 3.1 70B (8192 wide) at 64 sequences 1 MB, at 128 2 MB; 405B
    # (16384) at 128 sequences 4 MB, where the 8-GPU all-reduce takes 47-52 us against 15-20 at 64 KB.
    2: (
        (32768, 17.15, 8.47),
        (65536, 17.52, 8.98),
        (131072, 18.31, 10.31),
        (262144, 20.73, 12.70),
        (524288, 25.97, 18.31),
        (1048576, 37.22, 28.78),
        (2097152, 59.14, 49.83),
        (4194304, 105.1, 95.29),
        (8388608, 195.2, 191.13),
        (16777216, 376.3, 377.52),
    ),
    4: (
        (32768, 18.17, 10.59),
        (65536, 18.23, 11.02),
        (131072, 29.42, 11.95),
        (262144, 29.98, 12.90),
        (524288, 32.27, 15.60),
        (1048576, 39.40, 21.92),
        (2097152, 48.87, 35.60),
        (4194304, 70.61, 66.23),
        (8388608, 115.7, 132.53),
        (16777216, 205.4, 239.45),
    ),
    8: (
        (32768, 16.22, 14.81),
        (65536, 20.00, 15.41),
        (131072, 22.56, 16.15),
        (262144, 18.01, 16.36),
        (524288, 24.19, 17.26),
        (1048576, 26.39, 20.01),
        (2097152, 34.05, 27.90),
        (4194304, 52.13, 46.84),
        (8388608, 83.12, 90.34),
        (16777216, 148.4, 147.05),
    ),
}
XGMI_SIZE_FAMILIES = ("CDNA 3",)
"""The families whose xGMI the size table measures: MI300X OAMs (gfx942, MI325X the same links); CDNA 4's faster
links are not measured, so an MI355X keeps the fitted latency alone."""


def xgmi_allreduce_growth_s(gpu: Gpu, gpus: int, message_bytes: float) -> float:
    """Seconds one decode all-reduce of `message_bytes` among `gpus` x `gpu` over xGMI takes beyond a 64 KB one (the
    size the fitted latency, Calibration.allreduce_nvlink_s, stands for: XGMI_ALLREDUCE_US), read from the measured
    sizes (XGMI_ALLREDUCE_BY_SIZE_US: the faster of RCCL and the two-shot kernel at each size, as an engine picks its
    custom all-reduce below a size and RCCL above; log-log between sizes, bandwidth-bound past the largest); zero for
    another family or link, one GPU, or a message of 64 KB or less."""
    if gpus < 2 or gpu.architecture not in XGMI_SIZE_FAMILIES or not str(gpu.nvlink or "").startswith("xgmi"):
        return 0.0
    table = XGMI_ALLREDUCE_BY_SIZE_US[max(n for n in XGMI_ALLREDUCE_BY_SIZE_US if n <= gpus)]
    points = [(float(size), min(rccl, two_shot)) for size, rccl, two_shot in table]
    base = dict(points)[65536.0]
    if message_bytes <= 65536:
        return 0.0
    last_size, last_us = points[-1]
    if message_bytes >= last_size:
        return (last_us * message_bytes / last_size - base) * 1e-6
    for (s0, t0), (s1, t1) in zip(points, points[1:], strict=False):
        if s0 <= message_bytes <= s1:
            f = math.log(message_bytes / s0) / math.log(s1 / s0)
            us = math.exp(math.log(t0) + f * (math.log(t1) - math.log(t0)))
            return max(0.0, us - base) * 1e-6
    return 0.0


def allreduce_latency(gpu: Gpu, gpus: int, nvlink_s: float, pcie_s: float, fabric_s: float) -> tuple[float, str]:
    """Latency of one small all-reduce (a decode step's activations) among `gpus` x `gpu`, and over what: an AMD card's
    GPU-to-GPU fabric is Infinity Fabric (xGMI, the catalog's `nvlink` field holds the family), at the NVLink-class
    latency (XGMI_ALLREDUCE_US measures it)."""
    if spans_nodes(gpu, gpus):
        return fabric_s, "the inter-node fabric (InfiniBand)"
    if gpu.nvlink:
        return nvlink_s, "AMD Infinity Fabric (xGMI)" if gpu.nvlink.startswith("xgmi") else "NVLink"
    return pcie_s, "PCIe"


# Achieved all-reduce bus bandwidth as a share of the link's one-way rate, from nccl-tests runs:
NVLINK_BUSBW_SHARE = {
    # 8 x A100 SXM4 (NVLink 3, 300 GB/s one way): ~200 GB/s busbw (NVIDIA/nccl-tests#149)
    "nvlink3": 200 / 300,
    # 8 x H100 SXM (NVLink 4 with NVLink SHARP): 476 GB/s busbw of 450 one way, "in the expected range"
    # (NVIDIA/nccl-tests#290, NVIDIA's reply); H800 8-GPU node 215 of 200 GB/s (NVIDIA/nccl#1374)
    "nvlink4": 476 / 450,
}
NVLINK_BUSBW_ESTIMATES = {
    "nvlink2": "no NCCL figure read for V100 NVSwitch nodes: the NVLink 3 ring share is used",
    "nvlink5": "no NCCL figure read for NVLink 5: the NVLink 4 share is used",
}
PCIE_BUSBW_SHARE = 28 / 64
"""8 GPUs on PCIe 5.0 x16 without NVLink reach 28 GB/s busbw (8 x RTX 5090, NVIDIA/nccl#1639: 'determined by the
bandwidth your CPU and memory can deliver')."""
PCIE_X16_GBS = {3: 16.0, 4: 32.0, 5: 64.0, 6: 128.0}
"""One-way x16 bandwidth per PCIe generation, GB/s (PCI-SIG: 8, 16, 32, 64 GT/s per lane, 128b/130b coding)."""
NIC_BUSBW_SHARE = 47 / 50
"""NDR 400 Gb/s (50 GB/s) InfiniBand: 'you should see 46-48GB/s per NIC' (NVIDIA/nccl-tests#290, NVIDIA's reply);
100 Gb/s EDR gives 12.2 of 12.5 GB/s (NVIDIA/nccl-tests#29)."""
ROCE_SHARE = 0.9
"""RoCE v2 against InfiniBand at the same line rate (estimate: lossless-Ethernet tuning loses a few per cent; no
measurement read)."""
INTER_NODE_HOP_S = 5e-6
"""Latency of one step of a collective between nodes (estimate: NCCL over InfiniBand, a few microseconds)."""
INTRA_NODE_HOP_S = 2e-6
"""Latency of one step of a collective over NVLink or PCIe (estimate)."""


@dataclass(frozen=True)
class Link:
    """A path collectives run over, with the bus bandwidth NCCL reaches on it."""

    name: str
    busbw_gbs: float  # per GPU, GB/s
    hop_s: float
    note: str = ""


BRIDGE_BUSBW_ESTIMATE = (
    "no NCCL figure read for a bridged RTX 3090 / RTX A6000 pair: the A100's NVLink 3 share of one-way bandwidth "
    "(NVLINK_BUSBW_SHARE) is applied to the bridge's 56 GB/s one way"
)


@dataclass(frozen=True)
class CardLinks:
    """What a build gives its cards to talk over (the plan's placement): the narrowest card's PCIe lanes and the slot's
    generation (None: the card's own), and whether an NVLink bridge joins the two cards. The estimate without one
    assumes x16 at the card's generation and no bridge."""

    lanes: int = 16
    gen: int | None = None
    bridge: bool = False

    def pcie(self, gpu: Gpu) -> tuple[int, int]:
        """(generation, lanes) the card's traffic crosses: the lower of the slot's and the card's of each."""
        card = gpu.pcie_gen or 4
        return min(card, self.gen or card), min(16, self.lanes)


def pcie_gbs(gpu: Gpu, links: CardLinks | None = None) -> tuple[float, str]:
    """One-way PCIe bandwidth of the card's slot, GB/s, and its name ("PCIe 3.0 x4")."""
    gen, lanes = (links or CardLinks()).pcie(gpu)
    return PCIE_X16_GBS.get(gen, 32.0) * lanes / 16, f"PCIe {gen}.0 x{lanes}"


def intra_node_link(gpu: Gpu, nvswitch: bool = True, links: CardLinks | None = None) -> Link:
    """NVLink through NVSwitch in an SXM server, an NVLink bridge where the build fits one (`links`), else PCIe at the
    slot's lanes and generation (x16 at the card's generation unless `links` says otherwise)."""
    if links is not None and links.bridge and gpu.nvlink and gpu.nvlink_bandwidth_gbps:
        one_way = gpu.nvlink_bandwidth_gbps / 2
        return Link(
            f"NVLink bridge ({one_way:.0f} GB/s one way)",
            one_way * NVLINK_BUSBW_SHARE["nvlink3"],
            INTRA_NODE_HOP_S,
            BRIDGE_BUSBW_ESTIMATE,
        )
    if gpu.nvlink and gpu.nvlink_bandwidth_gbps and (gpu.form_factor != "pcie" and nvswitch):
        generation = gpu.nvlink.split("-")[0]
        share = NVLINK_BUSBW_SHARE.get(
            generation, NVLINK_BUSBW_SHARE["nvlink3" if generation < "nvlink4" else "nvlink4"]
        )
        one_way = gpu.nvlink_bandwidth_gbps / 2
        return Link(
            f"{generation.replace('nvlink', 'NVLink ')} ({one_way:.0f} GB/s one way)",
            one_way * share,
            INTRA_NODE_HOP_S,
            NVLINK_BUSBW_ESTIMATES.get(generation, ""),
        )
    if links is None:
        lanes = PCIE_X16_GBS.get(gpu.pcie_gen, 32.0)
        return Link(f"PCIe {gpu.pcie_gen}.0 x16", lanes * PCIE_BUSBW_SHARE, INTRA_NODE_HOP_S)
    gbs, name = pcie_gbs(gpu, links)
    return Link(name, gbs * PCIE_BUSBW_SHARE, INTRA_NODE_HOP_S)


DGX_NIC_GBPS = 400.0
"""Inter-node fabric per GPU in the data-center nodes the training rows ran on and a single estimate assumes when an
expert-parallel group spans nodes: one 400 Gb/s ConnectX-7 per GPU (DGX H100 / B200: 8 x 400 Gb/s; the Megatron-MoE
Model Zoo's 'InfiniBand 8x50 GB/s'; DeepEP's H800 tests 'each connected to a CX7 InfiniBand 400 Gb/s RDMA network card
(~50 GB/s maximum bandwidth)', deepseek-ai/DeepEP docs/legacy.md)."""


def inter_node_link(gbps_per_gpu: float, fabric: str = "InfiniBand") -> Link:
    """The fabric between nodes at `gbps_per_gpu` per GPU, at the bus bandwidth NCCL reaches on it (NIC_BUSBW_SHARE)."""
    share = NIC_BUSBW_SHARE * (ROCE_SHARE if fabric == "RoCE" else 1.0)
    return Link(f"{fabric} {gbps_per_gpu:.0f} Gb/s per GPU", gbps_per_gpu / 8 * share, INTER_NODE_HOP_S)


PER_NODE_DISPATCHERS = ("deepep",)
"""Token dispatchers that send a token once to each other node holding one of its experts and fan it out over NVLink
there: DeepEP's normal kernels ('optimized for asymmetric-domain bandwidth forwarding, such as forwarding data from
NVLink domain to RDMA domain', deepseek-ai/DeepEP docs/legacy.md, whose internode EP 16 / 32 / 64 reach 43 / 58 / 51
GB/s RDMA bottleneck bandwidth on one 400 Gb/s NIC per GPU), Megatron-Core's flex dispatcher on its DeepEP or HybridEP
backend (--moe-token-dispatcher-type flex, --moe-flex-dispatcher-backend deepep | hybridep) and DeepSeek-V3's own
node-limited kernels (arXiv 2412.19437 sec. 3.2.2: IB first, then NVLink forwarding). Megatron-Core's plain
'alltoall' dispatcher sends each routed copy to its rank (NCCL all-to-all)."""


EXPERT_OVERLAP_HIDDEN = 0.41
"""The share of an expert-parallel layout's all-to-all time that Megatron-Core's 1F1B all-to-all overlap
(--overlap-moe-expert-parallel-comm: one micro-batch's dispatch and combine beside another's compute) takes off the step.
The Megatron-MoE Model Zoo times the same job and layout with and without it (yanring/Megatron-MoE-ModelZoo
best_practice/qwen3/readme.md @e8650517, Qwen3-235B BF16 on 256 H100, TP 2, EP 32, PP 8, VPP 4, DeepEP: 19.7 s, and
17.6 s '+1f1b overlap'): 2.1 s of the step, 0.107 of the measured time (178 of 1,670 GPU-hours per 1e10 tokens)
against the 434 GPU-hours the estimate gives that layout's all-to-alls (expert_all_to_all, per-node dispatch over one
400 Gb/s NIC per GPU): 0.41 (train34). An estimate from one measured pair, read through the estimate's own all-to-all
time, not a fitted constant; a run whose compute hides more (DeepSeek's DualPipe: 'near-zero all-to-all communication
overhead', arXiv 2412.19437 sec. 3.2.1) is not what it describes."""


DEEPEP_ARCHITECTURES = ("Ampere", "Hopper", "Blackwell", "Blackwell Ultra")
"""NVIDIA data-center architectures Megatron-Bridge turns DeepEP on for: 'DeepEP is applicable only for MoE models on
Ampere, Hopper, B200 and B300 GPUs' (NVIDIA-NeMo/Megatron-Bridge@067f987d src/megatron/bridge/training/
flex_dispatcher_backend.py, apply_flex_dispatcher_backend: compute capability 8.x or 9.x, or a B200 / B300; elsewhere
it falls back to 'alltoall'). Only SXM nodes (an NVSwitch domain) send an expert group across nodes here."""


def expert_dispatcher(asked: str, gpu: Gpu, spans_nodes: bool) -> str:
    """The token dispatcher an MoE pretraining layout runs: the one asked ('alltoall', 'deepep'), or for 'auto' (the
    default) what the engines' recipes run: DeepEP where the expert-parallel group spans nodes on an NVIDIA SXM node it
    supports (DEEPEP_ARCHITECTURES), else Megatron-Core's all-to-all. Megatron-Bridge's multi-node H100 recipes
    (@067f987d, 2026-08-22) set the flex dispatcher for DeepSeek-V3 (recipes/deepseek/h100/deepseek_v3.py: TP 2, PP 16,
    EP 64, moe_flex_dispatcher_backend 'hybridep', applied by apply_flex_dispatcher_backend) and Qwen3-235B-A22B
    (recipes/qwen/h100/qwen3_moe.py: TP 4, PP 16, CP 2, EP 8, backend 'deepep', applied); Kimi K2's (recipes/kimi/h100/
    kimi_k2.py: TP 2, PP 16, EP 32) names 'deepep' but keeps 'alltoall' (apply_flex_dispatcher_backend not called).
    HybridEP and DeepEP both send a token once per other node (PER_NODE_DISPATCHERS); the launch command runs DeepEP,
    the backend Megatron-LM defaults to (NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py:
    moe_flex_dispatcher_backend = 'deepep')."""
    if asked != "auto":
        return asked
    sxm = gpu.vendor == "nvidia" and gpu.form_factor != "pcie" and gpu.architecture in DEEPEP_ARCHITECTURES
    return "deepep" if spans_nodes and sxm else "alltoall"


def moe_all_to_all(
    model: ModelArch,
    tokens: float,
    moe_layers: float,
    expert: int,
    link: Link,
    recompute: bool,
    *,
    fabric: Link | None,
    node: int,
    dispatcher: str,
    overlap: bool,
) -> tuple[float, float]:
    """(seconds on the critical path, bytes leaving each GPU) of an MoE model's token all-to-alls, the one call the
    single estimate (estimator._expert_parallel) and the cluster planner (parallel._expert_all_to_all) both make:
    expert_all_to_all at the width a routed expert reads: a latent MoE (MoeSpec.latent_size; Nemotron 3 Super's
    moe_latent_size 1,024 of hidden 4,096, arXiv 2604.12374, 2026-04-14) projects each token down before it is routed,
    so 'the dispatcher only sees latent-dim tensors' (NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/moe/
    moe_layer.py, fc1_latent_proj before dispatch, fc2_latent_proj after combine), a quarter of the bytes; with `node`
    expert-parallel ranks per NVLink domain and the rest of the group over `fabric`, the dispatcher's sends
    (PER_NODE_DISPATCHERS) and the model's group-limited routing; `overlap`: Megatron-Core's 1F1B overlap hides
    EXPERT_OVERLAP_HIDDEN of it. (0, 0) without an MoE or expert parallelism."""
    moe = model.moe
    if moe is None or expert <= 1:
        return 0.0, 0.0
    seconds, moved = expert_all_to_all(
        tokens,
        moe.expert_width_in(model.hidden_size),
        moe.experts_per_token,
        moe_layers,
        expert,
        link,
        recompute,
        fabric=fabric,
        node=node,
        experts=moe.num_experts,
        per_node=dispatcher in PER_NODE_DISPATCHERS,
        groups=(moe.routing_groups, moe.groups_per_token),
    )
    return seconds * (1.0 - (EXPERT_OVERLAP_HIDDEN if overlap else 0.0)), moved


def remote_copies(top_k: int, experts: int, nodes: int, per_node: bool, groups: int = 1, group_k: int = 0) -> float:
    """Copies of one token's hidden state that leave its node when its top-k of `experts` (spread evenly over
    `nodes` nodes, balanced routing) are chosen at random: k (n-1)/n, one per routed copy; with a per-node dispatcher
    (PER_NODE_DISPATCHERS) one per other node holding any of them, (n-1) (1 - C(E - E/n, k) / C(E, k)). Group-limited
    routing (DeepSeek-V3's n_group 8, topk_group 4: 'each token will be sent to at most M nodes', M = 4, arXiv
    2412.19437 sec. 2.1.2) chooses the token's experts from `group_k` of `groups` groups, whole groups per node (EP
    ranks hold consecutive experts): (n-1) (1 - C(G - G/n, g) / C(G, g)), each chosen group taken to hold one of its
    experts (an estimate: the groups are ranked by their best two experts' scores)."""
    if nodes <= 1:
        return 0.0
    if not per_node:
        return top_k * (nodes - 1) / nodes
    if groups > 1 and 0 < group_k < groups and groups % nodes == 0:
        total, chosen = groups, group_k
    else:
        total, chosen = experts, top_k
    others = total - total // nodes
    none_there = math.comb(others, chosen) / math.comb(total, chosen) if total >= chosen else 0.0
    return (nodes - 1) * (1.0 - none_there)


def expert_all_to_all(
    tokens: float,
    hidden: int,
    top_k: int,
    moe_layers: float,
    expert: int,
    link: Link,
    recompute: bool,
    *,
    fabric: Link | None = None,
    node: int = 0,
    experts: int = 0,
    per_node: bool = False,
    groups: tuple[int, int] = (1, 0),
) -> tuple[float, float]:
    """(seconds, bytes leaving each GPU) of one micro-batch's token all-to-alls under expert parallelism `expert`, the
    cluster planner's and the single estimate's alike. Each of `moe_layers` MoE layers dispatches each of a rank's
    `tokens` hidden states to its top-k experts and combines their outputs back, forward and backward (4 all-to-alls,
    6 with the forward recomputed), in 16 bits: tokens x hidden x top-k x 2 bytes, (ep-1)/ep of it leaving each GPU
    (nccl-tests PERFORMANCE.md: alltoall busbw = algbw x (n-1)/n), each call paying log2(ep) hops of `link`. On the
    critical path: Megatron-Core overlaps them only when asked (--overlap-moe-expert-parallel-comm, MCore v0.14,
    Megatron-Core MoE README). 0 without expert parallelism.

    An expert-parallel group wider than a `node` of GPUs on one NVLink domain (`fabric`: the link between nodes) sends
    the copies bound for the group's other nodes over the fabric (remote_copies, fewer with a per-node dispatcher and
    with group-limited routing, `groups`: (n_group, topk_group)) and
    the rest over `link`; both move at once (NCCL posts every peer's send together; DeepEP forwards RDMA and NVLink
    traffic concurrently), so each call takes the slower of the two, plus log2(ep) hops of the fabric."""
    if expert <= 1:
        return 0.0, 0.0
    calls = moe_layers * (4 + (2 if recompute else 0))
    copy = tokens * hidden * 2
    if fabric is None or node <= 0 or expert <= node:
        moved = (expert - 1) / expert * copy * top_k
        return calls * (moved / (link.busbw_gbs * 1e9) + math.log2(expert) * link.hop_s), calls * moved
    nodes = math.ceil(expert / node)
    remote = remote_copies(top_k, experts, nodes, per_node, *groups) * copy
    local = top_k * (node - 1) / expert * copy
    seconds = max(local / (link.busbw_gbs * 1e9), remote / (fabric.busbw_gbs * 1e9)) + math.log2(expert) * fabric.hop_s
    return calls * seconds, calls * (local + remote)
