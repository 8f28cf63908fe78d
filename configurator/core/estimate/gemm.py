"""GEMM efficiency by matrix shape: how full a GPU's SMs stay through a transformer layer's matrix multiplies."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.params import count_params

GEMM_GUIDE = "https://docs.nvidia.com/deeplearning/performance/dl-performance-matrix-multiplication/index.html"

TILE_M, TILE_N = 256, 128
"""Output tile of one thread block: NVIDIA's "Matrix Multiplication Background" user guide (GEMM_GUIDE, "Dimension
quantization effects") names 256x128 as the most efficient cuBLAS tile on A100 and works its wave quantisation with it
(a 1792 x 1792 output is 7 x 14 = 98 tiles, one partial wave on A100's 108 SMs)."""

SM_COUNTS: dict[str, int] = {
    # NVIDIA A100 Tensor Core GPU Architecture whitepaper: 108 SMs on every A100 (the A800 is the same GA100 part)
    "a100-40gb-sxm": 108,
    "a100-80gb-sxm": 108,
    "a100-40gb-pcie": 108,
    "a100-80gb-pcie": 108,
    "a800-80gb-sxm": 108,
    "a800-80gb-pcie": 108,
    # NVIDIA H100 Tensor Core GPU Architecture whitepaper: 132 SMs on the SXM5 part, 114 on the PCIe card
    # (H800 and H200 SXM keep the SXM5 H100's GH100 configuration)
    "h100-sxm": 132,
    "h800-sxm": 132,
    "h200-sxm": 132,
    "h100-pcie": 114,
    "h800-pcie": 114,
}
"""Streaming multiprocessors per GPU, for the cards whose published training runs the estimator is scored on; other
cards get no shape term (factor 1)."""


@dataclass(frozen=True)
class LayerShape:
    """The per-GPU matrix multiplies of one transformer layer: tokens per micro-batch and the linear layers' widths."""

    hidden: int
    q_width: int  # attention heads x head dim
    kv_width: int  # key-value heads x head dim
    intermediate: int
    gated: bool
    tokens: int  # rows of the activation matrix: micro-batch x sequence (over context-parallel ranks)
    tensor: int = 1  # tensor-parallel degree: splits the output (column) or input (row) width of every linear
    heads: int = 0  # attention heads (the score matrices' count; not a GEMM width)

    def linears(self) -> list[tuple[int, int]]:
        """(input width, output width) per GPU of each linear, Megatron's fused layout (Narayanan et al. 2021:
        QKV and the MLP's first projection column-parallel, the output projections row-parallel)."""
        t = self.tensor
        up = (2 if self.gated else 1) * self.intermediate
        return [
            (self.hidden, (self.q_width + 2 * self.kv_width) // t),
            (self.q_width // t, self.hidden),
            (self.hidden, up // t),
            (self.intermediate // t, self.hidden),
        ]


MEGATRON_1T = LayerShape(
    hidden=25600, q_width=25600, kv_width=25600, intermediate=4 * 25600, gated=False, tokens=2048, tensor=8, heads=160
)
"""The A100 reference run (Narayanan et al. 2021, arXiv 2104.04473, Table 1): the 1T GPT, 160 heads, 4h GeLU MLP,
sequence 2048, tensor parallel 8; one sequence per micro-batch, as tests/core/test_weak_scaling.py plans it (the table
gives no micro-batch size)."""
LLAMA3_405B = LayerShape(
    hidden=16384, q_width=128 * 128, kv_width=8 * 128, intermediate=53248, gated=True, tokens=8192, tensor=8, heads=128
)
"""The H100 reference run: Llama 3 405B (its config.json, as in the model catalog: 128 heads and 8 KV heads of 128,
SwiGLU 53248) at sequence 8192, tensor parallel 8 (TP 8, PP 16: Balaji, SC'24 "Herding Llamas", as tabulated at
glennklockwood.com/garden/llama-3.1); one sequence per micro-batch is assumed (not published)."""


def wave_efficiency(rows: int, cols: int, sms: int) -> float:
    """Expected share of SM time doing useful work in one GEMM with a rows x cols output.

    The output is cut into TILE_M x TILE_N tiles (partial tiles cost a whole one: tile quantisation) and the tiles run
    in waves of one per SM; the last wave is partly idle (wave quantisation, GEMM_GUIDE). cuBLAS picks among several
    tile shapes by heuristics, so the remainder of one tile grid is not what runs: the expected length of the last
    wave is taken: with the tile count uncertain over one wave around w, E[ceil(waves)] = w + 1/2 for w >= 1/2, so the
    share is w / (w + 1/2); below half a wave everything runs in one wave, w / 1."""
    tiles = math.ceil(rows / TILE_M) * math.ceil(cols / TILE_N)
    useful = rows * cols / (TILE_M * TILE_N)  # the tiles' worth of output actually asked for
    waves = tiles / sms
    return useful / tiles * waves / max(1.0, waves + 0.5)


@functools.lru_cache(maxsize=4096)  # a pure function of its (frozen) arguments; a cluster search asks again
def layer_gemm_efficiency(shape: LayerShape, sms: int) -> float:
    """FLOP-weighted efficiency of the layer's training GEMMs: per linear (k in, n out) and T tokens, the forward
    (T x n output), the activation gradient (T x k) and the weight gradient (k x n), each 2 T k n FLOPs."""
    flops = time = 0.0
    for k, n in shape.linears():
        work = 2.0 * shape.tokens * k * n
        for rows, cols in ((shape.tokens, n), (shape.tokens, k), (k, n)):
            flops += work
            time += work / wave_efficiency(rows, cols, sms)
    return flops / time if time else 1.0


def layer_shape(model: ModelArch, tokens: int, tensor: int = 1) -> LayerShape:
    return LayerShape(
        hidden=model.hidden_size,
        q_width=model.num_attention_heads * model.head_dim,
        kv_width=model.num_kv_heads * model.head_dim,
        intermediate=model.intermediate_size,
        gated=model.mlp_gated,
        tokens=max(1, tokens),
        tensor=max(1, tensor),
        heads=model.num_attention_heads,
    )


DEEPGEMM_README = "https://github.com/deepseek-ai/DeepGEMM/blob/main/README.md"
"""DeepGEMM's README performance tables (read 2026-12-05 through the stored corpus; H800 SXM5, FP8 inputs, BF16 output):
grouped GEMMs of DeepSeek-V3's expert shapes at 256 to 8,192 tokens per expert. They are the measurements the expert
GEMM model below is checked against (tests/core/test_expert_gemm.py), not fitted on."""

ROOFLINE_KNEE = 2.0
"""The exponent of the soft roofline e = x / (1 + x^p)^(1/p), x = arithmetic intensity / the card's FLOP per byte. p = 1
is the sum of compute and memory time (no overlap), p -> infinity the hard roofline min(1, x) (perfect overlap); a
GEMM's tiles overlap their loads with their math only in part, and p = 2 sits between: on DeepGEMM's grouped GEMMs
(DEEPGEMM_README) it gives 0.62 / 0.82 / 0.93 of the 8,192-token rate at 256 / 512 / 1,024 tokens per expert (N 4096,
K 7168) against the measured 0.72 / 0.80 / 0.95, where the hard roofline gives 0.76 / 1.00 / 1.00 and the sum 0.52 /
0.69 / 0.83. Chosen between the two named bounds, not fitted."""


def gemm_intensity(m: int, k: int, n: int, input_bytes: float = 2.0, output_bytes: float = 2.0) -> float:
    """FLOPs per byte of an (m x k) . (k x n) GEMM that reads both inputs and writes its output once: 2mkn over the bytes
    moved (GEMM_GUIDE, "Math and memory bounds": a GEMM is memory-bound when this is below the GPU's ops:byte ratio).
    The three training GEMMs of a linear (forward, activation and weight gradient) move the same three matrices."""
    moved = input_bytes * (m * k + k * n) + output_bytes * m * n
    return 2.0 * m * k * n / moved if moved else 0.0


def roofline_efficiency(intensity: float, flops_per_byte: float) -> float:
    """Share of the card's peak a GEMM of this arithmetic intensity keeps (ROOFLINE_KNEE)."""
    if flops_per_byte <= 0:
        return 1.0
    x = intensity / flops_per_byte
    return x / (1.0 + x**ROOFLINE_KNEE) ** (1.0 / ROOFLINE_KNEE)


def tokens_per_expert(model: ModelArch, tokens: int, expert: int = 1) -> float:
    """Rows of each routed expert's GEMMs per micro-batch: the `tokens` of each of the `expert` ranks of an
    expert-parallel group choose top-k of E experts, and each rank runs E / EP of them on the tokens every rank sent it
    (balanced routing): tokens x top-k x EP / E. Without expert parallelism every GPU runs every expert on its own
    tokens (ZeRO/FSDP, tensor parallelism)."""
    moe = model.moe
    if moe is None:
        return float(tokens)
    return tokens * moe.experts_per_token * max(1, expert) / moe.num_experts


EXPERT_ZERO_STAGES = (0, 1, 3)
"""The sharding an expert-parallel layout runs with: Megatron-LM's plain data parallel, its distributed optimizer
(ZeRO-1, --use-distributed-optimizer), or Megatron FSDP sharding optimizer states, gradients and parameters (ZeRO-3:
--use-megatron-fsdp --data-parallel-sharding-strategy optim_grads_params, NVIDIA/Megatron-LM megatron/core/
distributed/fsdp README; NeMo AutoModel's MoE benchmarks run EP with FSDP: its docs/performance-summary.md, Qwen3 MoE
30B EP 8 x FSDP 8, DeepSeek V3 EP 64 x FSDP 64). ZeRO-2 belongs to DeepSpeed."""


EXPERT_TENSOR_PARALLEL = 1
"""Expert tensor parallelism of a multi-GPU MoE layout: 1, as NVIDIA's own multi-node MoE recipes set it whatever their
TP (NVIDIA-NeMo/Megatron-Bridge@067f987d, 2026-08-22: src/megatron/bridge/recipes/deepseek/h100/deepseek_v3.py TP 2,
EP 64 and TP 2, EP 32, `expert_tensor_parallel_size = 1`; recipes/qwen/h100/qwen3_moe.py TP 4, EP 8 and TP 4, EP 4,
ETP 1; perf_recipes/deepseek/common.py, glm_moe_dsa/h100/glm5.py, gpt_oss/*/gpt_oss.py ETP 1; NVIDIA/Megatron-LM@d98e8a6
examples/megatron_fsdp/sbatch_mfsdp_deepseek_v3.sh `--expert-tensor-parallel-size 1`). Megatron-LM's own default is
ETP = TP (megatron/training/arguments.py: `if args.expert_tensor_parallel_size is None: ... = tensor_model_parallel_size`),
so the launch command says it. Under ETP 1 each GPU of an expert group runs whole experts on the tokens of its own
sequence shard, and the expert group is carved out of all TP x CP x DP ranks (world / PP = ETP x EP x EDP,
megatron/core/parallel_state.py), so it may be wider than the data-parallel ranks and its ranks fill a node."""


def expert_parallel_degrees(num_experts: int, data: int, tensor: int, node: int, span: int = 0) -> list[int]:
    """Expert-parallel degrees a Megatron-Core layout may take (--expert-model-parallel-size): each power of two that
    divides the data-parallel ranks (Megatron-Core shards experts "across sub data parallel dimension":
    model_parallel_config.py) and the experts (arguments.py: "Number of experts should be a multiple of expert model
    parallel_size"), with EP x TP inside the `node`'s NVLink domain: "Keep EP and TP communication within NVLink domain"
    (Megatron-Core MoE README, Best Practices, Guideline 2; NVIDIA/Megatron-LM@d98e8a6). The cluster planner searches
    them; a single estimate takes the widest (default_expert_parallel). `span` (a cluster of nodes joined by a fabric:
    its GPUs): groups of whole nodes up to it too, as the engines' multi-node recipes run them (Megatron-Bridge@067f987d
    recipes/deepseek/h100/deepseek_v3.py: TP 2, EP 64 on 1,024 H100; recipes/kimi/h100/kimi_k2.py: TP 2, EP 32 on
    512; perf_recipes/qwen/h100/qwen3_moe.py: TP 2, EP 32 on 256), the copies bound for other nodes priced over the
    fabric (collectives.moe_all_to_all)."""
    degrees, ep = [], 1
    node = max(1, node)
    while ep <= data:
        width = ep * tensor
        inside = width <= node or (width <= span and width % node == 0)
        if data % ep == 0 and num_experts % ep == 0 and inside:
            degrees.append(ep)
        ep *= 2
    return degrees


def default_expert_parallel(model: ModelArch, gpus: int, node: int) -> int:
    """The expert-parallel degree a single estimate of an MoE pretraining job on `gpus` data-parallel GPUs prices: the
    widest of expert_parallel_degrees inside one NVLink domain of `node` GPUs (1 without one: every GPU then runs every
    expert on its own tokens, as ZeRO/FSDP data parallelism does). The guideline's own layouts: NeMo AutoModel runs
    Qwen3 30B-A3B on 8 H100 at EP 8 (docs/performance-summary.md, 2025-10-02); 1 for a dense model."""
    if model.moe is None:
        return 1
    return max(expert_parallel_degrees(model.moe.num_experts, max(1, gpus), 1, node))


def expert_gemm_efficiency(model: ModelArch, flops_per_byte: float, tokens: int, tensor: int, expert: int) -> float:
    """FLOP-weighted efficiency of one routed expert's training GEMMs (gate+up, down) at tokens_per_expert rows, each
    linear split `tensor` ways on its intermediate width (Megatron-Core's expert tensor parallelism follows TP by
    default), on a card of `flops_per_byte` (peak FLOP/s over memory bandwidth): 1 for a dense model."""
    moe = model.moe
    if moe is None:
        return 1.0
    rows = max(1, round(tokens_per_expert(model, tokens, expert)))
    width = max(1, moe.expert_intermediate_size // max(1, tensor))
    up = (2 if model.mlp_gated else 1) * width
    e_in = moe.expert_width_in(model.hidden_size)  # a latent MoE's experts read and write the latent width
    flops = time = 0.0
    for k, n in ((e_in, up), (width, e_in)):
        work = 2.0 * rows * k * n
        flops += work
        time += work / roofline_efficiency(gemm_intensity(rows, k, n), flops_per_byte)
    return flops / time if time else 1.0


def routed_share(model: ModelArch) -> float:
    """The routed experts' share of a token's matrix-multiply FLOPs (params.ParamCounts.matmul_active)."""
    if model.moe is None:
        return 0.0
    counts = count_params(model)
    return counts.experts_active / counts.matmul_active if counts.matmul_active > 0 else 0.0


def expert_time_factor(model: ModelArch, flops_per_byte: float, tokens: int, tensor: int = 1, expert: int = 1) -> float:
    """The compute rate of an MoE model's step over the same FLOPs run as large dense GEMMs: the routed share s of the
    FLOPs runs at expert_gemm_efficiency, the rest as priced: 1 / ((1 - s) + s / e). 1 for a dense model."""
    share = routed_share(model)
    if share <= 0:
        return 1.0
    efficiency = expert_gemm_efficiency(model, flops_per_byte, tokens, tensor, expert)
    return 1.0 / ((1.0 - share) + share / efficiency)


def shape_factor(
    model: ModelArch, gpu: Gpu, tokens: int, tensor: int, reference: LayerShape, context: int = 1
) -> float:
    """GEMM efficiency of `model`'s layer, `tokens` per micro-batch split over `context` ranks and `tensor` ways, over
    the reference run's layer on the same GPU: 1 for cards without a known SM count and for MoE models (their expert
    GEMMs' row counts depend on routing and expert parallelism, not modelled)."""
    sms = SM_COUNTS.get(gpu.id)
    if sms is None or model.moe is not None:
        return 1.0
    own = layer_gemm_efficiency(layer_shape(model, tokens // max(1, context), tensor), sms)
    return own / layer_gemm_efficiency(reference, sms)
