"""GEMM efficiency by matrix shape: how full a GPU's SMs stay through a transformer layer's matrix multiplies."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from configurator.core.catalog.models import Gpu, ModelArch

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
