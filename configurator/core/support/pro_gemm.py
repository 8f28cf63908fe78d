"""Measured large-GEMM rates of NVIDIA's workstation and GDDR data-center cards, the basis of their training time.

Issue #29: a GeForce card's catalog tensor figure is its FP32-accumulate rate, which NVIDIA halves on GeForce and
which a large torch.matmul reaches (support_facts.GEFORCE_MATMUL); a workstation or GDDR data-center card (RTX A/Ada/PRO,
A10/A40/L4/L20/L40/L40S, T4) lists the full-rate figure, and its board power and clocks do not sustain it. Training
time for those cards reads the share of that figure a published measurement reaches, on the same benchmark the GeForce
reference comes from (zzc0721/torch-performance-test-data: best square torch.matmul of 1024-10240 per submission), in
one of three ways, strongest first:

  measured  the card's own submissions (PRO_GEMM);
  relative  the card's training throughput against a same-architecture card of PRO_GEMM in one published benchmark
            that ran both, times that card's measured rate (PRO_RELATIVE: Lambda's PyTorch training benchmark);
  estimate  neither published: the mean share of peak the measured cards of its architecture reach.

HBM data-center parts (A100, H100, ...) are the fitted utilisation's own calibration and are not in these tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

ZZC_ISSUES = "https://github.com/zzc0721/torch-performance-test-data/issues/"
ZZC_DATABASE = (
    "https://github.com/zzc0721/torch-performance-test-data/blob/9d82827637262c4351e3f9483f96b8cff57a601f/database.md"
)
LAMBDA_2022 = (
    "https://github.com/lambdal/deeplearning-benchmark/blob/67a9bb5128d51299376bc72e02ec7459f82efe38/pytorch/"
    "pytorch-train-throughput-fp16.csv"
)
LAMBDA_2023 = (
    "https://github.com/lambdal/deeplearning-benchmark/blob/4e11f6891ada05d1b317309d9b72c6072aa166d1/pytorch/"
    "pytorch-train-throughput-fp16.csv"
)

Basis = Literal["measured", "relative", "estimate"]

BOARD_POWER_SOURCE = (
    "NVIDIA's product briefs and datasheets for each card's maximum board power (RTX A4000 140 W, RTX A6000 300 W, "
    "A40 300 W, L4 72 W, L20 275 W, L40S 350 W, RTX PRO 6000 Blackwell Workstation and Server 600 W, T4 70 W), the "
    "catalog's tdp_w for the same ids (catalogs/gpus.toml)"
)


@dataclass(frozen=True)
class CardGemm:
    """One card's published large-GEMM submissions against the catalog peak they are read against."""

    gpu: str  # catalog id
    name: str
    architecture: str  # the catalog's spelling
    peak_tflops: float  # the catalog's dense bf16 figure (fp16 on a card without bf16)
    measured_tflops: tuple[float, ...]  # best square torch.matmul of each submission, bf16 (fp16 where noted)
    sources: tuple[str, ...]  # one per submission, with its date
    board_w: float = 0.0  # the board power the card runs its GEMMs at: BOARD_POWER_SOURCE

    @property
    def tflops(self) -> float:
        return sum(self.measured_tflops) / len(self.measured_tflops)

    @property
    def efficiency(self) -> float:
        return self.tflops / self.peak_tflops


PRO_GEMM: tuple[CardGemm, ...] = (
    CardGemm(
        "rtx-a4000",
        "NVIDIA RTX A4000",
        "Ampere",
        76.7,
        (62.78,),
        (ZZC_ISSUES + "97 (2025-12-18, torch 2.8.0+cu129)",),
        board_w=140,
    ),
    CardGemm(
        "rtx-a6000",
        "NVIDIA RTX A6000",
        "Ampere",
        154.8,
        (123.34,),
        (ZZC_ISSUES + "46 (2025-10-05, torch 2.8.0+cu128, docker)",),
        board_w=300,
    ),
    CardGemm(
        "a40",
        "NVIDIA A40",
        "Ampere",
        149.7,
        (122.29,),
        (ZZC_ISSUES + "185 (2026-07-22, torch 2.11.0+cu128)",),
        board_w=300,
    ),
    CardGemm(
        "l4",
        "NVIDIA L4",
        "Ada Lovelace",
        121.0,
        (70.89,),
        (ZZC_ISSUES + "120 (2026-01-12, torch 2.9.0+cu128)",),
        board_w=72,
    ),
    CardGemm(
        "l20",
        "NVIDIA L20",
        "Ada Lovelace",
        119.5,
        (114.14,),
        (ZZC_ISSUES + "107 (2026-01-05, torch 2.8.0+cu128)",),
        board_w=275,
    ),
    CardGemm(
        "l40s",
        "NVIDIA L40S",
        "Ada Lovelace",
        362.0,
        (269.15,),
        (ZZC_ISSUES + "43 (2025-10-05, torch 2.8.0+cu128, docker)",),
        board_w=350,
    ),
    CardGemm(
        "rtx-pro-6000-blackwell",
        "NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
        "Blackwell",
        503.8,
        (368.43, 417.98),
        (
            ZZC_ISSUES + "160 (2026-04-04, torch 2.7.0+cu128)",
            ZZC_DATABASE + " row 'RTX PRO 6000 Workstation 96G' (2025-09-25, torch 2.8.0)",
        ),
        board_w=600,
    ),
    CardGemm(
        "rtx-pro-6000-blackwell-server",
        "NVIDIA RTX PRO 6000 Blackwell Server Edition",
        "Blackwell",
        503.8,
        (417.34, 409.42),
        (ZZC_ISSUES + "161 (2026-04-09, torch 2.7.0+cu128)", ZZC_ISSUES + "44 (2025-10-05, torch 2.8.0+cu128)"),
        board_w=600,
    ),
    # no bf16 on Turing: fp16 (the training dtype there), three Colab/Kaggle submissions
    CardGemm(
        "t4",
        "NVIDIA T4",
        "Turing",
        65.0,
        (41.91, 42.71, 41.93),
        (
            ZZC_DATABASE
            + " rows 'NVIDIA Tesla T4 16GB', fp16 (added 2025-09-26 to 2025-10-06, torch 2.6.0-2.8.0, Colab and Kaggle)",
        )
        * 3,
        board_w=70,
    ),
)


@dataclass(frozen=True)
class TrainingRelative:
    """A card's training throughput against a same-architecture card of PRO_GEMM, both in one published table."""

    gpu: str
    architecture: str
    peak_tflops: float
    against: str  # catalog id of the PRO_GEMM card measured in the same table
    rows: tuple[tuple[str, float, float], ...]  # model, this card's samples/s, the other card's
    source: str

    @property
    def ratio(self) -> float:
        """Geometric mean of the per-model throughput ratios."""
        return math.exp(sum(math.log(mine / theirs) for _, mine, theirs in self.rows) / len(self.rows))


# Lambda's PyTorch training benchmark (NVIDIA's NGC model implementations, mixed precision, one GPU at its largest
# batch): the four transformer language models. Both pairs are one GA102 die in two board-power budgets, so the ratio
# is the sustained tensor rate of the smaller budget, not a difference of memory systems.
PRO_RELATIVE: tuple[TrainingRelative, ...] = (
    TrainingRelative(
        "rtx-a5000",
        "Ampere",
        111.1,
        "rtx-a6000",
        (
            ("bert_base_squad", 147.0, 202.0),
            ("bert_large_squad", 45.0, 63.0),
            ("transformerxlbase", 18810.0, 25231.0),
            ("transformerxllarge", 6987.0, 11140.0),
        ),
        LAMBDA_2022 + " (2022-07-06: 'RTX A5000' and 'RTX A6000' rows, NGC PyTorch 21.07)",
    ),
    TrainingRelative(
        "a10",
        "Ampere",
        125.0,
        "rtx-a6000",
        (
            ("bert_base_squad", 135.0, 198.0),
            ("bert_large_squad", 42.0, 68.0),
            ("transformerxlbase", 16283.0, 26030.0),
            ("transformerxllarge", 5614.0, 11126.0),
        ),
        LAMBDA_2023 + " (2024-07-24: 'LambdaCloud A10' and 'RTX A6000' rows, NGC PyTorch 22.10)",
    ),
)


@dataclass(frozen=True)
class ProRate:
    """The share of a card's catalog peak its large GEMMs sustain, and what it rests on."""

    efficiency: float
    basis: Basis
    of: str  # measured: the card's name; relative: the name of the card it was measured against; estimate: the architecture
    ratio: float  # relative: the training-throughput ratio; else 1
    sources: tuple[str, ...]


def _card(gpu_id: str) -> CardGemm | None:
    return next((c for c in PRO_GEMM if c.gpu == gpu_id), None)


def architecture_efficiency(architecture: str) -> float | None:
    """Mean share of peak the measured cards of an architecture reach (each card counted once)."""
    shares = [c.efficiency for c in PRO_GEMM if c.architecture == architecture]
    return sum(shares) / len(shares) if shares else None


@dataclass(frozen=True)
class PowerRate:
    """Large-GEMM TFLOPS per watt of board power an architecture's measured cards sustain: the least over its cards."""

    architecture: str
    tflops_per_watt: float
    cards: tuple[str, ...]  # the measured cards' names


def architecture_power_rate(architecture: str) -> PowerRate | None:
    """TFLOPS per watt of board power the measured cards of an architecture sustain in large GEMMs (PRO_GEMM's rates
    over their board power, BOARD_POWER_SOURCE), the least over its cards; None for an architecture with none. Ampere
    0.41 (A4000 0.45, A6000 0.41, A40 0.41), Ada 0.42 (L4 0.98, L20 0.42, L40S 0.77), Blackwell 0.66 (PRO 6000
    Workstation 0.66, Server 0.69), Turing 0.60 (T4). The least, not the median: a card whose own rate was not measured
    is bounded by what every measured card of its kind reaches for its watts. The median (Ada 0.77, the L40S's) held
    an RTX 6000 Ada to 231 TFLOPS, and its two held-out QLoRA 70B rows (tests/data/holdout_training_gpu_hours.toml)
    then read 43 % fast against +8 % at 120; at the least (125) they read +4 % (benchmarks/accuracy.py, round 27)."""
    cards = [c for c in PRO_GEMM if c.architecture == architecture and c.board_w > 0]
    if not cards:
        return None
    return PowerRate(architecture, min(c.tflops / c.board_w for c in cards), tuple(c.name for c in cards))


def pro_rate(gpu_id: str, architecture: str, peak_tflops: float) -> ProRate | None:
    """The sustained large-GEMM share of `peak_tflops` for a workstation or GDDR data-center card: its own measurement,
    else its training throughput against a measured card of its architecture, else (an estimate) its architecture's
    measured mean; None for an architecture with no measured card."""
    card = _card(gpu_id)
    if card is not None:
        return ProRate(card.efficiency, "measured", card.name, 1.0, card.sources)
    relative = next((r for r in PRO_RELATIVE if r.gpu == gpu_id), None)
    against = _card(relative.against) if relative is not None else None
    if relative is not None and against is not None:
        share = relative.ratio * against.tflops / peak_tflops
        return ProRate(share, "relative", against.name, relative.ratio, (relative.source, *against.sources))
    mean = architecture_efficiency(architecture)
    if mean is None:
        return None
    sources = tuple(s for c in PRO_GEMM if c.architecture == architecture for s in c.sources)
    return ProRate(mean, "estimate", architecture, 1.0, sources)
