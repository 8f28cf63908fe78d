"""vLLM expert parallelism waits for its busiest rank (moe43): the per-model part of the EP step, from the experts a
token picks, how many there are, how large they are, the EP degree and the batch."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate import estimator
from configurator.core.estimate.estimator import CAL, busiest_rank_excess, estimate, experts_touched
from configurator.core.estimate.workload import Workload
from tests.reference import Comparison, decode_speed, kind_rows

ML_ENERGY = "github.com/ml-energy/leaderboard"


def _simulated_excess(experts: int, touched: int, ranks: int, trials: int = 20000) -> float:
    """The busiest rank's touched experts beyond touched / ranks, drawn as the step draws them: `touched` distinct
    experts of `experts`, experts / ranks consecutive ones per rank (a hypergeometric draw, seeded)."""
    rng = random.Random(43)
    per_rank = experts // ranks
    total = 0
    for _ in range(trials):
        counts = [0] * ranks
        for expert in rng.sample(range(experts), touched):
            counts[expert // per_rank] += 1
        total += max(counts)
    return total / trials - touched / ranks


@pytest.mark.parametrize(
    ("experts", "touched", "ranks"),
    [(16, 4, 8), (128, 4, 8), (128, 32, 8), (128, 32, 4), (128, 32, 2), (256, 34, 8), (256, 200, 8)],
)
def test_the_busiest_rank_matches_a_simulated_draw(experts: int, touched: int, ranks: int) -> None:
    """The closed form (independent binomial counts per rank) against the hypergeometric draw itself: within 0.25 of
    an expert, and never below it by more (the binomial's wider spread is the conservative side)."""
    exact = _simulated_excess(experts, touched, ranks)
    assert busiest_rank_excess(experts, touched, ranks) == pytest.approx(exact, abs=0.25)
    assert busiest_rank_excess(experts, touched, ranks) >= exact - 0.05


def test_no_wait_without_an_imbalance() -> None:
    """One rank, every expert touched, or none: the busiest rank reads an even share."""
    assert busiest_rank_excess(128, 32.0, 1) == 0.0
    assert busiest_rank_excess(128, 128.0, 8) == 0.0
    assert busiest_rank_excess(128, 0.0, 8) == 0.0


def _wait_ms(catalog: Catalog, model: str, precision: str, gpu: str, gpus: int, batch: int) -> float:
    w = Workload(kind="inference", precision=precision, engine="vllm", context=2048, batch=batch)
    cal = replace(CAL, vllm_expert_parallel=True)
    result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), gpus, cal=cal)
    said = [s.said for s in result.steps if s.said is not None and s.said.code == "est.ep-busiest-rank"]
    return float(said[0].fields["ms"]) if said else 0.0


def test_the_wait_is_the_model_s_own(catalog: Catalog) -> None:
    """Llama 4 Scout (16 experts of 5,120 x 8,192, one a token) waits longer per MoE layer than Qwen3-235B-A22B (128
    of 4,096 x 1,536, eight a token) on the same 8 x H100 at 8 sequences: a few large experts over 8 GPUs leave most
    GPUs idle while one reads a whole expert. The wait shrinks as the batch touches every expert (Qwen3 at 256
    sequences touches nearly all 128: under 1 % of its wait at 8), and a plain tensor-parallel run pays none."""
    scout = _wait_ms(catalog, "llama-4-scout", "bf16", "h100-sxm", 8, 8) / 48
    qwen = _wait_ms(catalog, "qwen3-235b-a22b-2507", "bf16", "h100-sxm", 8, 8) / 94
    assert scout > 2 * qwen > 0
    assert _wait_ms(catalog, "qwen3-235b-a22b-2507", "bf16", "h100-sxm", 8, 256) < 0.01 * qwen * 94
    w = Workload(kind="inference", precision="bf16", engine="vllm", context=2048, batch=8)
    plain = estimate(catalog.get("models", "llama-4-scout"), w, catalog.get("gpus", "h100-sxm"), 8)
    assert not [s for s in plain.steps if s.said is not None and s.said.code == "est.ep-busiest-rank"]
    touched, _ = experts_touched(16, 1, 8)
    assert 3.5 < touched < 4.5


def _loss(comparisons: list[Comparison]) -> float:
    return sum(abs(math.log(c.measured / c.estimated)) for c in comparisons) / len(comparisons)


@pytest.mark.parametrize(("prefix", "before", "after"), [("holdout", 0.166, 0.135), ("reference", 0.184, 0.176)])
def test_ml_energy_ep_pages_read_closer_with_the_wait(
    catalog: Catalog, prefix: str, before: float, after: float
) -> None:
    """ML.ENERGY's vLLM v0.11.1 `--enable-expert-parallel` sweeps (github:ml-energy/leaderboard at 0cd52dab, 2025;
    Qwen3-235B-A22B-2507 FP8 / BF16, Llama 4 Scout and Maverick, DeepSeek-V3.1 and R1-0528 on 2-8 x H100 / B200): their
    mean |log(measured / estimate)| with the busiest-rank wait and the EP floor refitted beside it (107 us) against
    ep41's floor alone (163 us), measured on this branch: the 39 held-out rows (never fitted on) 0.166 -> 0.135, the
    78 fitted rows 0.184 -> 0.176."""
    rows = [r for r in kind_rows("decode_speed", prefix) if r.get("expert_parallel") and ML_ENERGY in r["source"]]
    assert len(rows) >= 39
    now = _loss(decode_speed(catalog, rows)[0])
    original = estimator.busiest_rank_excess
    try:
        estimator.busiest_rank_excess = lambda *_a, **_k: 0.0  # type: ignore[assignment]
        then = _loss(decode_speed(catalog, rows, replace(CAL, ep_layer_latency_vllm=163e-6))[0])
    finally:
        estimator.busiest_rank_excess = original  # type: ignore[assignment]
    assert then == pytest.approx(before, abs=0.005)
    assert now == pytest.approx(after, abs=0.005)


def test_the_ranks_are_the_tensor_parallel_group(catalog: Catalog) -> None:
    """With one data-parallel rank the EP group is the tensor-parallel group: all 8 GPUs when the heads divide over
    them, one pipeline stage's 2 of a 6-GPU TP 2 x PP 3 layout (parallel.serving_layout) for a 64-head model."""
    cal = replace(CAL, vllm_expert_parallel=True)
    model, gpu = catalog.get("models", "qwen3-235b-a22b-2507"), catalog.get("gpus", "h100-sxm")
    w = Workload(kind="inference", precision="fp8", engine="vllm", context=2048, batch=8)

    def ranks(gpus: int) -> int:
        said = [s.said for s in estimate(model, w, gpu, gpus, cal=cal).steps if s.said is not None]
        return int(next(r for r in said if r.code == "est.ep-busiest-rank").fields["ranks"])

    assert ranks(8) == 8
    assert ranks(6) == 2
