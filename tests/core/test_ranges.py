"""80 % ranges in `estimate --json`, and leave-one-source-out cross-validation (crossval.py)."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from configurator.core.estimate import estimator
from configurator.core.estimate.crossval import (
    KNOBS,
    POOLED_KINDS,
    Point,
    conformal_factors,
    cross_validate,
    interval_factors,
    rounded,
    source_group,
)
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.ranges import RANGE_FACTORS, REGIME_RANGE_FACTORS, REMOTE_CODE_CACHE
from configurator.core.estimate.workload import Workload
from configurator.storage import catalogs
from tests.helpers import accuracy_benchmark
from tests.reference import at_fitted_sequences, kind_rows, points

ROOT = Path(__file__).resolve().parents[2]
RANGE_PATHS = (
    "memory.per_gpu_bytes",
    "memory.total_bytes",
    "memory.breakdown_bytes.weights",
    "speed.decode_tokens_per_s",
    "speed.time_to_first_token_s",
    "speed.prefill_tokens_per_s",
    "time.gpu_hours",
    "time.wall_hours",
    "time.tokens_per_s",
    "time.steady_tokens_per_s",
)


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


def _at(data: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        data = data[key]
    return data


@pytest.mark.parametrize(
    ("model_id", "workload", "gpu_id", "gpus"),
    [
        ("llama-3.1-8b", Workload(kind="inference", precision="q4_k_m"), "rtx-4090", 1),
        ("llama-3.1-70b", Workload(kind="inference", engine="vllm", batch=8), "h100-sxm", 4),
        ("llama-3.1-8b", Workload(kind="finetune", method="qlora", framework="unsloth"), None, 1),
        ("llama-3.1-8b", Workload(kind="pretrain", tokens=1e10), "a100-80gb-sxm", 8),
    ],
)
def test_every_range_contains_its_figure(
    catalog: Any, model_id: str, workload: Workload, gpu_id: str | None, gpus: int
) -> None:
    gpu = catalog.records["gpus"][gpu_id] if gpu_id else None
    data = estimate(catalog.records["models"][model_id], workload, gpu, gpus).to_json()
    assert {"memory", "speed", "time", "assumptions"} <= set(data)  # the existing contract is kept
    ranges = data["ranges"]
    assert {"memory.per_gpu_bytes", "memory.total_bytes", "memory.breakdown_bytes.weights"} <= set(ranges)
    for path, (low, high) in ranges.items():
        assert path in RANGE_PATHS
        figure = _at(data, path)
        assert low <= figure <= high, path
        assert low < high
    if workload.kind == "inference":
        assert "speed.decode_tokens_per_s" in ranges and "time.gpu_hours" not in ranges
    if workload.kind == "pretrain":
        assert "time.gpu_hours" in ranges and "time.wall_hours" in ranges


def test_an_moe_training_time_reads_the_wider_range_of_its_own_cross_validated_rows(catalog: Any) -> None:
    """Issue #29 (train34): the MoE training rows' leave-one-source-out errors (16 rows from 5 sources: Megatron-Bridge,
    the Megatron-MoE Model Zoo, Megatron-LM's MoE README, DeepSeek-V3's report, the Llama 4 card) are wider than the
    dense rows', so by the same rule an MoE job's hours and both its rates read their own, wider range (ranges.
    MOE_TRAINING_HOURS); a dense job keeps its figures'. Qwen3-235B on 256 H100 against Llama 3.1 70B on the same."""
    from configurator.core.estimate.ranges import MOE_TRAINING, MOE_TRAINING_HOURS, STEADY_STATE_HOURS

    h100 = catalog.records["gpus"]["h100-sxm"]
    moe = estimate(catalog.records["models"]["qwen3-235b-a22b"], Workload(kind="pretrain", tokens=1e10), h100, 256)
    dense = estimate(catalog.records["models"]["llama-3.1-70b"], Workload(kind="pretrain", tokens=1e10), h100, 256)
    assert moe.speed_regime == MOE_TRAINING and dense.speed_regime is None
    hours, steady = moe.gpu_hours or 0.0, moe.steady_tokens_per_s or 0.0
    ranges = moe.to_json()["ranges"]
    assert ranges["time.gpu_hours"] == pytest.approx(
        [hours * MOE_TRAINING_HOURS[0], hours * MOE_TRAINING_HOURS[1]], 1e-3
    )
    assert ranges["time.steady_tokens_per_s"] == pytest.approx(
        [steady / MOE_TRAINING_HOURS[1], steady / MOE_TRAINING_HOURS[0]], rel=1e-3
    )
    wide = MOE_TRAINING_HOURS[1] / MOE_TRAINING_HOURS[0]
    assert wide > RANGE_FACTORS["training_gpu_hours"][1] / RANGE_FACTORS["training_gpu_hours"][0]
    assert wide > STEADY_STATE_HOURS[1] / STEADY_STATE_HOURS[0]
    d = dense.to_json()["ranges"]["time.gpu_hours"]
    assert d[1] / d[0] == pytest.approx(
        RANGE_FACTORS["training_gpu_hours"][1] / RANGE_FACTORS["training_gpu_hours"][0], 1e-3
    )


def test_a_training_time_has_a_steady_state_rate_with_its_own_range(catalog: Any) -> None:
    """Issue #29: a throughput benchmark measures the steady-state tokens/s (TinyLlama's 24k tokens/s per A100-40G,
    jzhang38/TinyLlama README; torchtune's tokens/s), a model card's total the whole run (BLOOM-176B's 1,082,990
    GPU-hours include checkpoints, evaluation and restarts: estimator.Calibration.end_to_end_share). `estimate --json`
    gives both, each bracketed by the range of its own rows' leave-one-source-out errors, and keeps every existing key."""
    from configurator.core.estimate.estimator import elapsed_share
    from configurator.core.estimate.ranges import STEADY_STATE, STEADY_STATE_HOURS

    model, a100 = catalog.records["models"]["llama-3.1-8b"], catalog.records["gpus"]["a100-80gb-sxm"]
    result = estimate(model, Workload(kind="pretrain", tokens=1e10), a100, 8)
    data = result.to_json()
    assert {"gpu_hours", "wall_hours", "mfu", "peak_tflops_per_gpu", "tokens_per_s"} <= set(data["time"])
    steady, run = data["time"]["steady_tokens_per_s"], data["time"]["tokens_per_s"]
    share = elapsed_share(a100, 8)
    assert share < 0.9  # restarts on 8 GPUs and a reference run's checkpoints and evaluation
    assert steady == pytest.approx(run / share, rel=1e-3)
    ranges = data["ranges"]
    low, high = RANGE_FACTORS["training_steady_tokens_per_s"]
    assert ranges["time.steady_tokens_per_s"] == pytest.approx([steady * low, steady * high], rel=1e-3)
    hours_low, hours_high = RANGE_FACTORS["training_gpu_hours"]
    assert ranges["time.gpu_hours"] == pytest.approx(
        [result.gpu_hours * hours_low, result.gpu_hours * hours_high], 1e-3
    )
    assert ranges["time.tokens_per_s"] == pytest.approx([run / hours_high, run / hours_low], rel=1e-3)
    # a rate's range is its time's inverted: benchmarks/accuracy.py scores a steady-state row's hours with these
    assert REGIME_RANGE_FACTORS[("training_gpu_hours", STEADY_STATE)] == STEADY_STATE_HOURS
    assert (low, high) == pytest.approx((1 / STEADY_STATE_HOURS[1], 1 / STEADY_STATE_HOURS[0]))
    # one desktop card, no reference run: the whole run is the steady state
    card = estimate(model, Workload(kind="finetune", method="lora", tokens=1e8), catalog.records["gpus"]["rtx-3090"])
    assert card.to_json()["time"]["steady_tokens_per_s"] == card.to_json()["time"]["tokens_per_s"]
    assert estimate(model, Workload(kind="inference"), a100).to_json()["time"] == {
        "gpu_hours": None,
        "wall_hours": None,
    }


def test_a_cluster_plan_states_its_own_steady_share(catalog: Any) -> None:
    """A cluster plan's time counts its own restarts and run losses per step (ParallelPlan.restarts_s): its steady-state
    rate is the plan's step rate, not the single-machine estimate's."""
    from configurator.core.estimate.parallel import inter_node_link, plan_training, training_result

    model, h100 = catalog.records["models"]["llama-3.1-8b"], catalog.records["gpus"]["h100-sxm"]
    workload = Workload(kind="pretrain", tokens=1e11, context=2048)
    plan = plan_training(model, workload, h100, 4, 8, inter_node_link(400))
    assert plan is not None
    result = training_result(plan, estimate(model, workload, h100, 8))
    assert result.steady_share == pytest.approx((plan.step_s - plan.restarts_s) / plan.step_s)
    steady = result.steady_tokens_per_s
    assert steady is not None and steady == pytest.approx(plan.step_tokens / (plan.step_s - plan.restarts_s), rel=1e-6)


def test_range_factors_bracket_the_estimate() -> None:
    for low, high in RANGE_FACTORS.values():
        assert 0 < low <= 1 <= high


def test_holdout_coverage_is_reported(catalog: Any) -> None:
    """Fine-tuning holdout rows (backpropagate receipts, Unsloth's requirements table, LLaMA-Factory's
    hardware table, torchtune's tutorials and 2024 README, an FSDP+QLoRA notebook, Qwen-1's profiling cells, PEFT's
    DeepSpeed and FSDP guides, axolotl's example READMEs; never fitted on): every row is
    answered, the median error is at most 15 %, at least 70 % fall in the 80 % range, and
    benchmarks/accuracy.py reports that share."""
    held = points("finetune_memory", catalog, kind_rows("finetune_memory", "holdout"))
    assert len(held) >= 30
    errors = sorted(abs(e) for p in held if (e := p.error) is not None)
    assert len(errors) == len(held)
    assert errors[len(errors) // 2] <= 0.15
    # each row with the range the estimate gives it: the QLoRA regime's factors for a QLoRA row (ranges.QLORA)
    share = _accuracy_module().assigned_coverage(held, "finetune_memory", catalog)
    assert share >= 0.70
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "accuracy.py"), "finetune_memory"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert f"in the 80 % range {share:.0%}" in out
    # issue #29: coverage per regime for memory rows too (accuracy.row_regime: the fine-tuning method)
    assert "per regime, holdout: " in out and "qlora " in out.split("per regime, holdout: ")[1]
    # coverage on the fitted rows too, and the holdout split by whether the fit saw the row's source (a range derived
    # from leave-one-source-out residuals describes a source never seen)
    assert "per regime, fitted: " in out
    assert "holdout from sources the fit saw " in out and "from sources never fitted " in out


def test_speed_figure_reads_its_regimes_range(catalog: Any) -> None:
    """Issue #29: each speed figure belongs to one regime (ranges.speed_regime: MoE under tensor parallelism, then
    several sequences, then a non-NVIDIA backend; first of all, weights in system memory), and `estimate --json` brackets it with that regime's factors where
    REGIME_RANGE_FACTORS sets them (benchmarks/accuracy.py scores each row with the same ones)."""
    from configurator.core.estimate.ranges import BATCHED, OFFLOAD, OTHER_VENDORS, REGIME_RANGE_FACTORS, speed_regime

    assert speed_regime(moe_tensor_parallel=True, batch=8, nvidia=False) == "moe-tensor-parallel"
    # weights streamed from system memory read the offload regime's, whatever the batch or vendor (decode31)
    assert speed_regime(moe_tensor_parallel=False, batch=8, nvidia=False, offload=True) == OFFLOAD
    assert speed_regime(moe_tensor_parallel=False, batch=8, nvidia=False) == BATCHED
    assert speed_regime(moe_tensor_parallel=False, batch=1, nvidia=False) == OTHER_VENDORS
    assert speed_regime(moe_tensor_parallel=False, batch=1, nvidia=True) is None
    model = catalog.get("models", "llama-3.1-8b")
    for gpu, batch, regime in (("rtx-4090", 1, None), ("rtx-4090", 16, BATCHED), ("arc-a770-16gb", 1, OTHER_VENDORS)):
        w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=2048, batch=batch)
        result = estimate(model, w, catalog.get("gpus", gpu))
        assert result.speed_regime == regime
        low, high = REGIME_RANGE_FACTORS.get(("decode_speed", regime or ""), RANGE_FACTORS["decode_speed"])
        decode = result.decode_tokens_per_s
        assert decode is not None
        lo, hi = result.to_json()["ranges"]["speed.decode_tokens_per_s"]
        assert lo == pytest.approx(decode * low, rel=0.01) and hi == pytest.approx(decode * high, rel=0.01)
    for (kind, regime), (low, high) in REGIME_RANGE_FACTORS.items():
        assert kind in RANGE_FACTORS and 0 < low <= 1 <= high, (kind, regime)


# Four of the training rows' sources (7 rows): the fold mechanics are the same on them as on all 21 rows, whose
# refits took a third of the suite's time; benchmarks/accuracy.py runs the whole cross-validation.
CV_SOURCES = (
    "github:jzhang38/tinyllama",
    "huggingface.co/mosaicml/mpt-7b",
    "github:meta-llama/llama",
    "huggingface.co/microsoft/phi-3-mini-4k-instruct-gguf/commit/1c81bd20003f3e800ca09dfce0fa4f13bcd82df7",
)


def test_leave_one_source_out_scores_every_row_once(catalog: Any) -> None:
    rows = [r for r in kind_rows("training_gpu_hours") if source_group(r["source"]) in CV_SOURCES]
    assert {source_group(r["source"]) for r in rows} == set(CV_SOURCES)  # a renamed source would shrink the test
    cv = cross_validate(
        KNOBS["training_gpu_hours"],
        lambda d, cal: points("training_gpu_hours", catalog, list(d), cal),
        rows,
        lambda r: source_group(r["source"]),
        estimator.CAL,
    )
    assert len(cv) == len(rows)
    assert estimator.CAL == estimator.Calibration()  # the refits never leak into the shipped constants
    low, high = interval_factors(cv)
    assert low <= 1 <= high
    c_low, c_high = conformal_factors(cv)
    assert c_low <= low and high <= c_high  # the finite-sample bounds are never narrower than the quantiles


def test_qlora_on_a_gptq_base_is_answered(catalog: Any) -> None:
    """Qwen's Q-LoRA recipe trains on its GPTQ Int4 checkpoints (Qwen README, reference rows)."""
    model = catalog.records["models"]["qwen-7b"]
    gptq = estimate(model, Workload(kind="finetune", method="qlora", precision="gptq-int4"))
    nf4 = estimate(model, Workload(kind="finetune", method="qlora"))
    assert 0.9 < gptq.breakdown.weights / nf4.breakdown.weights < 1.1


def test_torchtune_full_finetune_needs_far_less_than_mixed_precision(catalog: Any) -> None:
    """torchtune README: Llama 3.1 8B full fine-tune in 18.9 GiB on one RTX 4090 (pure bf16,
    PagedAdamW8bit, optimizer in backward); mixed-precision AdamW needs 16 bytes per parameter."""
    model = catalog.records["models"]["llama-3.1-8b"]
    tt = estimate(model, Workload(kind="finetune", method="full", framework="torchtune", batch=2))
    hf = estimate(model, Workload(kind="finetune", method="full", framework="transformers", batch=2))
    assert tt.per_gpu_bytes < 24 * 2**30 < hf.per_gpu_bytes
    assert tt.host_ram_bytes > 10 * 2**30  # the paged 8-bit states live in unified memory


def test_a_regime_s_range_counts_sources_not_rows() -> None:
    """Issue #29 (crossval.regime_range_factors, ranges17 and est20): a regime's range is every sum of a source's bias
    (its median cross-validated log ratio, each source once) and a row's scatter about its source's median; the biases
    are the regime's own from REGIME_MIN_SOURCES sources, the scatter its own from REGIME_MIN_ROWS rows, each only when
    no source holds over half the regime's rows, else the kind's. So a regime where one source holds over half the rows
    (the batched decode rows: 34 of 36 ML.ENERGY's) reads the kind's range whole, and a large source does not set a
    regime's width alone."""
    from configurator.core.estimate.crossval import (
        REGIME_MIN_ROWS,
        REGIME_MIN_SOURCES,
        Point,
        bias_scatter_factors,
        quantile_factors,
        regime_range_factors,
    )

    def pts(source: str, ratios: list[float]) -> list[Point]:
        return [Point(r, 1.0, source) for r in ratios]

    # three sources, one of them 30 tight rows: the rows' quantiles describe that source, the rule all three
    big = pts("big", [0.98, 1.0, 1.02] * 10)
    mixed = big + pts("low", [0.75]) + pts("high", [1.3])
    one_source = pts("one", [1.1, 1.12, 1.14] * 4)
    few = pts("f1", [0.9]) + pts("f2", [1.0]) + pts("f3", [1.2])
    assert len(mixed) >= REGIME_MIN_ROWS and len(one_source) >= REGIME_MIN_ROWS and len(few) < REGIME_MIN_ROWS
    answer = regime_range_factors({"mixed": mixed, "one source": one_source, "few": few}, widen_biases=False)
    assert quantile_factors(mixed)[0] > 0.97  # rows counted alike: the big source alone
    low, high = answer["mixed"][0]
    # one source holds over half its rows: the kind's sources' biases (every source once) and the kind's rows' scatter
    kinds = "the kind's 7 sources' biases, the kind's 47 rows' scatter"
    assert low < 0.8 and high > 1.25 and answer["mixed"][1].endswith(kinds)
    # one source however many rows: the kind's range whole (wider than its own 1.10-1.14), the same as the mixed regime's
    low, high = answer["one source"][0]
    assert low < 0.85 and high > 1.2 and answer["one source"][1].endswith(kinds)
    assert answer["one source"][0] == pytest.approx(answer["mixed"][0])
    # a few rows from enough sources: their biases, the kind's rows' scatter
    assert "own sources' biases, the kind's" in answer["few"][1]
    # sources that agree give their rows' own scatter; the rule with both parts its own is the source-by-source one
    agreeing = [Point(r, 1.0, f"s{i % REGIME_MIN_SOURCES}") for i, r in enumerate([0.9, 1.0, 1.1] * 4)]
    assert regime_range_factors({"a": agreeing}, widen_biases=False)["a"][0] == pytest.approx(
        quantile_factors(agreeing, by_source=True)
    )
    # widening: S biases' distances from their median scaled by sqrt(1 + 1/S), never narrower
    widened = regime_range_factors({"mixed": mixed}, widen_biases=True)["mixed"][0]
    plain = regime_range_factors({"mixed": mixed}, widen_biases=False)["mixed"][0]
    assert widened[0] < plain[0] and widened[1] > plain[1]
    k = math.sqrt(1 + 1 / 3)
    biases = [0.0, math.log(0.75) * k, math.log(1.3) * k]  # medians of big, low, high about big's 0
    scatter = [math.log(r) for r in [0.98, 1.0, 1.02] * 10] + [0.0, 0.0]
    assert widened == pytest.approx(bias_scatter_factors(biases, scatter))


def test_a_borrowing_regime_says_what_data_would_give_it_its_own_range() -> None:
    """Issue #29 (range26): a regime that reads the kind's range says what its rows lack to pass regime_range_factors'
    gate (crossval.gate_shortfall, printed by `benchmarks/accuracy.py --ranges`): sources to REGIME_MIN_SOURCES, rows
    to REGIME_MIN_ROWS, and rows from sources other than the largest until it holds no more than half. The runtime
    memory peaks' 48 cross-validated rows are all the Qwen2.5 speed page's: 2 more sources and 48 more rows from them,
    which is why one small second source moves that range little (docs/estimates.md, round 26)."""
    from configurator.core.estimate.crossval import REGIME_MIN_ROWS, Point, gate_shortfall, regime_range_factors

    def pts(source: str, ratios: list[float]) -> list[Point]:
        return [Point(r, 1.0, source) for r in ratios]

    page = pts("page", [0.99, 1.0, 1.01] * 16)
    gap = gate_shortfall(page)
    assert (gap.largest, gap.sources, gap.rows, gap.elsewhere) == ("page", 2, 0, 48)
    assert not gap.met
    words = _accuracy_module().gate_words(gap)
    assert words.startswith("to read its own range it needs 2 more source(s), 48 more row(s) from sources other")
    # a few rows from enough sources lack rows only; unanswered rows count for nothing
    few = pts("a", [0.9]) + pts("b", [1.0]) + pts("c", [1.1]) + [Point(1.0, None, "d")]
    assert (gate_shortfall(few).sources, gate_shortfall(few).rows, gate_shortfall(few).elsewhere) == (
        0,
        REGIME_MIN_ROWS - 3,
        0,
    )
    # once the gate is met, the rule reads the regime's own sources: the shortfall and the rule agree
    diverse = page + pts("two", [1.05] * 24) + pts("three", [0.95] * 24)
    assert gate_shortfall(diverse).met
    assert regime_range_factors({"r": diverse})["r"][1].endswith("own sources' biases, own rows' scatter")
    assert "the kind's" in regime_range_factors({"r": page, "other": diverse})["r"][1]


def test_decode_s_regimes_each_read_their_own_range() -> None:
    """Issue #29 (decode30): the per-regime rule (crossval.regime_range_factors' per_regime, for the kinds in
    PER_REGIME_KINDS: decode and training since ranges40, docs/estimates.md rounds 30 and 40) gives each regime its own range. A regime of REGIME_MIN_SOURCES sources and REGIME_MIN_ROWS rows reads its own sources' biases and its own rows'
    scatter however many rows one source holds (the MoE tensor-parallel rows, most of them SGLang's cookbook's, read the
    kind's range before), each source's scatter counted once (crossval.balanced_scatter: BALANCED_QUANTILES quantiles
    of each source with BALANCED_MIN_ROWS rows), as each source's bias is; a regime with fewer rows or sources reads the
    kind's range whole, as before. So a large, tight source no longer narrows a regime's width by its row count, and a
    regime whose own sources disagree is not given the kind's narrower range."""
    from configurator.core.estimate.crossval import (
        BALANCED_QUANTILES,
        PER_REGIME_KINDS,
        Point,
        balanced_scatter,
        gate_shortfall,
        regime_range_factors,
    )

    def pts(source: str, ratios: list[float]) -> list[Point]:
        return [Point(r, 1.0, source) for r in ratios]

    # tried on decode in round 30 and not shipped; since ranges40 decode and training read it (chosen per kind on the
    # stored folds' nested shares: crossval.per_regime_preferred, tests/core/test_range_trials.py)
    # decode left it at merge41, came back at merge43 (its folds' choice, after moe43's busiest-rank EP wait) and left
    # again at merge44 (the folds re-run on amd44, hybrid44, serve44 and moetp44's fitted row)
    assert PER_REGIME_KINDS == frozenset({"training_gpu_hours"})
    # 24 tight rows of one source and two small sources that disagree with it (over half the rows are one source's)
    big = pts("big", [0.98, 1.0, 1.02] * 8)
    regime = big + pts("slow", [0.70, 0.72, 0.74]) + pts("fast", [1.30, 1.35, 1.40])
    other = pts("o1", [0.95, 1.0, 1.05] * 10) + pts("o2", [1.0] * 10) + pts("o3", [0.99, 1.01] * 5)
    gated = regime_range_factors({"moe": regime, "other": other})
    own = regime_range_factors({"moe": regime, "other": other}, per_regime=True)
    assert "the kind's" in gated["moe"][1]
    assert own["moe"][1].endswith("own sources' biases, own rows' scatter, each source once")
    # its own sources' spread (0.72 .. 1.35 about 1.0) is wider than the kind's, which the other regime's agreeing
    # sources dominate
    assert own["moe"][0][0] < gated["moe"][0][0] and own["moe"][0][1] > gated["moe"][0][1]
    assert own["moe"][0][0] < 0.75 and own["moe"][0][1] > 1.3
    # each source's scatter once: 12 quantiles from each of the three sources, not the big source's 24 rows
    assert len(balanced_scatter(regime)) == 3 * BALANCED_QUANTILES
    # the shortfall under the per-regime rule counts sources and rows, never one source's share
    assert gate_shortfall(regime).elsewhere > 0 and gate_shortfall(regime, per_regime=True).met
    # too few rows: the kind's range whole, as before
    few = pts("f1", [0.9]) + pts("f2", [1.0]) + pts("f3", [1.2])
    answer = regime_range_factors({"few": few, "other": other}, per_regime=True)
    assert "the kind's" in answer["few"][1] and answer["few"][1].endswith("rows' scatter")


def test_a_regime_of_few_sources_is_pooled_toward_its_kind() -> None:
    """Issue #29 (ranges47, ranges49): three sources that happen to agree cannot promise a fresh source of their regime
    80 % (the k-th smallest of S biases lies below a fresh one with probability k / (S + 1)), so the partially pooled
    rule (crossval.pooled_range_factors) mixes a regime's own bias + scatter sums, weighted S / (S + k), with its kind's.
    Since ranges49 k is estimated from the points (crossval.pooling_sources): where the regimes' typical misses differ no
    more than their sources' do within them, the agreeing three read a range nearly as wide as the kind's (the gated
    rule gave them their own narrow biases); a regime of many sources keeps more of its own; no gate."""
    from configurator.core.estimate.crossval import Point, pooled_range_factors, pooling_sources, regime_range_factors

    def pts(source: str, ratios: list[float]) -> list[Point]:
        return [Point(r, 1.0, source) for r in ratios]

    agree = pts("a1", [1.05, 1.04, 1.06, 1.05]) + pts("a2", [0.98, 0.97, 0.99]) + pts("a3", [0.99, 1.0, 0.98])
    # the other regime's sources miss by as little and as much as a whole: a source as close as the agreeing three's
    # sits among them, so the regimes do not differ by their typical miss more than their sources do
    biases = (0.7, 0.8, 0.9, 0.96, 1.03, 1.1, 1.25, 1.4)
    spread = [pts(f"s{i}", [b * x for x in (0.97, 1.0, 1.03)]) for i, b in enumerate(biases)]
    mixed = agree + pts("a4", [0.72, 0.7, 0.74]) + pts("a5", [1.35, 1.38, 1.33])
    by_regime = {"vendors": mixed, "nvidia": [p for source in spread for p in source]}
    assert pooling_sources(by_regime) > 9
    few = {"vendors": agree, "nvidia": by_regime["nvidia"]}
    gated = regime_range_factors(few)["vendors"][0]
    assert gated[0] > 0.93 and gated[1] < 1.10  # its own three biases alone
    pooled, how = pooled_range_factors(by_regime)["vendors"]
    assert "5 / (5 + " in how
    assert pooled[0] < 0.85 and pooled[1] > 1.2  # mostly the kind's spread
    assert regime_range_factors(by_regime, pooled=True)["vendors"][0] == pooled
    # a regime of many sources that agree keeps more of its own narrowness
    many = [pts(f"m{i}", [1.0 + 0.01 * (i % 3 - 1)] * 3) for i in range(30)]
    wide = pooled_range_factors({"many": [p for source in many for p in source], "nvidia": by_regime["nvidia"]})
    assert wide["many"][0][1] / wide["many"][0][0] < pooled[1] / pooled[0]


def test_the_pooling_constant_is_estimated_from_the_regimes_typical_misses() -> None:
    """Issue #29 (ranges49): k of the pooled weight S / (S + k) is the Buhlmann-Straub empirical-Bayes ratio of the
    within-regime to the between-regime variance of each source's typical miss (mean |log ratio| over its rows in the
    regime; crossval.pooling_sources), worked by hand here: regime A's sources miss by 0.1 and 0.2, B's by 0.3, 0.4 and
    0.5: within v = (0.005 + 0.02) / (1 + 2) = 0.00833, between a = (2 x 0.15^2 + 3 x 0.1^2 - v) / (5 - 13 / 5) =
    0.02778, k = 0.3, so A's 2 sources weigh 2 / 2.3 = 87 % of its range. Regimes that differ no more than their sources
    do (a <= 0) are pooled whole: each reads the kind's range."""
    import math

    from configurator.core.estimate.crossval import Point, pooled_range_factors, pooling_sources

    def one(source: str, log_ratio: float) -> Point:
        return Point(math.exp(log_ratio), 1.0, source)

    apart = {
        "a": [one("a1", 0.1), one("a2", -0.2)],
        "b": [one("b1", 0.3), one("b2", -0.4), one("b3", 0.5)],
    }
    assert pooling_sources(apart) == pytest.approx(0.3)
    assert "weighted 87% (2 / (2 + 0.3)" in pooled_range_factors(apart)["a"][1]
    alike = {"a": [one("a1", 0.1), one("a2", -0.3)], "b": [one("b1", -0.1), one("b2", 0.3)]}
    assert pooling_sources(alike) == math.inf
    answers = pooled_range_factors(alike)
    assert "weighted 0%" in answers["a"][1]
    assert answers["a"][0] == pytest.approx(answers["b"][0])
    assert pooling_sources({"only": apart["a"] + apart["b"]}) == math.inf  # one regime: nothing to pool toward


def test_an_80_percent_range_from_a_few_rows_is_not_their_extremes() -> None:
    """Issue #29's small-sample rule (crossval.quantile_factors): the k-th smallest of n cross-validated ratios lies
    below a fresh one with probability k / (n + 1), so the 80 % bounds sit at ranks 0.1 (n + 1) and 0.9 (n + 1),
    interpolated. With 17 rows (the first-token rows: SGLang's cookbook, tt-inference-server, vllm #20710, ai.wmx.dev)
    the split-conformal ranks round outward to the two extremes, which hold every row; these hold 15 of 17 (88 %), and
    a fresh row from the same spread lands inside 80 % of the time, the middle of the 75-90 % band."""
    from configurator.core.estimate.crossval import Point, quantile_factors

    ratios = [0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 2.4]
    pts = [Point(r, 1.0, f"s{i % 4}") for i, r in enumerate(ratios)]
    assert conformal_factors(pts) == pytest.approx((0.6, 2.4))  # the extremes
    low, high = quantile_factors(pts)
    assert 0.6 < low < 0.7 and 1.4 < high < 2.4
    inside = sum(low <= r <= high for r in ratios)
    assert inside == 15
    # ranks 1.8 and 16.2 of 17: 80 % of the way from the smallest to the next, 20 % from the 16th to the 17th (in logs)
    assert math.log(low) == pytest.approx(math.log(0.6) + 0.8 * (math.log(0.7) - math.log(0.6)))
    assert math.log(high) == pytest.approx(math.log(1.4) + 0.2 * (math.log(2.4) - math.log(1.4)))
    # a range always brackets its figure
    assert quantile_factors([Point(1.1, 1.0, "a")] * 12) == pytest.approx((1.0, 1.1))


def test_a_source_never_seen_brings_its_bias_and_its_row_s_scatter() -> None:
    """Issue #29 (crossval.source_conformal_factors): the range for a row from a new source counts every source's bias
    once, however many rows it holds; a large source of tight rows does not narrow it to its own spread, and sources
    that agree give the rows' own scatter."""
    from configurator.core.estimate.crossval import Point, source_conformal_factors

    big = [Point(1.0, 1.0 / r, "big") for r in [0.99, 1.0, 1.01] * 10]  # 30 rows of one source, measured = estimate
    off = [Point(1.0, 1.0 / r, f"s{i}") for i, r in enumerate([0.75, 1.3])]  # two sources far from it
    assert conformal_factors(big + off)[0] > 0.9  # the row-by-row bounds describe the big source
    low, high = source_conformal_factors(big + off)
    assert low < 0.8 and high > 1.25
    agreeing = [Point(1.0, 1.0 / r, f"s{i % 3}") for i, r in enumerate([0.9, 1.0, 1.1] * 3)]
    assert source_conformal_factors(agreeing) == pytest.approx((0.9, 1.1), rel=0.01)


def test_a_qlora_memory_figure_reads_its_regime_s_range(catalog: Any) -> None:
    """Issue #29: a QLoRA fine-tune's memory is bracketed by the QLoRA regime's factors, a LoRA fine-tune's by the LoRA
    regime's (ranges.QLORA, ranges.LORA: the source-by-source bounds of each method's cross-validated residuals;
    torchtune, LLaMA-Factory and Qwen-1 READMEs for LoRA), a full fine-tune's by the kind's."""
    from configurator.core.estimate.ranges import LORA, QLORA

    model = catalog.records["models"]["llama-3.1-8b"]
    qlora = estimate(model, Workload(kind="finetune", method="qlora"))
    lora = estimate(model, Workload(kind="finetune", method="lora"))
    full = estimate(model, Workload(kind="finetune", method="full"))
    assert qlora.memory_regime == QLORA and lora.memory_regime == LORA and full.memory_regime is None
    for result, regime in ((qlora, QLORA), (lora, LORA)):
        low, high = REGIME_RANGE_FACTORS[("finetune_memory", regime)]
        assert result.to_json()["ranges"]["memory.per_gpu_bytes"] == [
            pytest.approx(result.per_gpu_bytes * low, abs=1),
            pytest.approx(result.per_gpu_bytes * high, abs=1),
        ]
    # a LoRA figure's range is narrower than the kind's, which QLoRA's residuals widen
    kind_low, kind_high = RANGE_FACTORS["finetune_memory"]
    assert REGIME_RANGE_FACTORS[("finetune_memory", LORA)][1] < kind_high
    assert full.to_json()["ranges"]["memory.per_gpu_bytes"][1] == pytest.approx(full.per_gpu_bytes * kind_high, abs=1)


def _accuracy_module() -> Any:
    """benchmarks/accuracy.py as a module: the tests below score coverage exactly as it reports it."""
    return accuracy_benchmark()


def test_cross_validated_rows_keep_their_points_in_order() -> None:
    """crossval.cross_validate_rows pairs each left-out row with its point, so benchmarks/accuracy.py can sort the
    residuals by a property of the row (row_regime); grouping the pairs gives cross_validate_groups' answer."""
    from configurator.core.estimate.crossval import Point, cross_validate_groups, cross_validate_rows, groups_of

    rows = [{"source": s, "measured": m} for s, m in (("b", 2.0), ("a", 1.0), ("b", 3.0), ("c", 4.0), ("a", 5.0))]

    def score(data: Any, _cal: estimator.Calibration) -> list[Point]:
        return [Point(r["measured"], r["measured"] * 1.1, r["source"], str(r["measured"])) for r in data]

    pairs = cross_validate_rows((), score, rows, lambda r: r["source"], estimator.CAL)
    assert [r["measured"] for r, _ in pairs] == [1.0, 5.0, 2.0, 3.0, 4.0]  # groups sorted, rows in order within
    assert all(p.label == str(r["measured"]) for r, p in pairs)
    grouped = groups_of(pairs, lambda r: r["source"])
    assert grouped == cross_validate_groups((), score, rows, lambda r: r["source"], estimator.CAL)
    assert list(grouped) == ["a", "b", "c"]


def test_memory_and_training_rows_fall_in_stated_regimes(catalog: Any) -> None:
    """Issue #29: benchmarks/accuracy.py reports coverage per regime for memory and training rows too (row_regime):
    Qwen-1 under transformers runs its own remote code (a tuple KV cache held twice at the peak), Qwen2.5 runs
    transformers' own; GGUF file sizes are weights-only figures; a tokens-per-second benchmark is a steady-state rate; an
    MoE model's training figure is the MoE regime's, whichever figure it is."""
    accuracy = _accuracy_module()
    memory = {(r["model"], r["what"], r["engine"]): r for r in kind_rows("inference_memory")}
    qwen1 = next(r for (m, w, e), r in memory.items() if m == "qwen-7b" and e == "transformers" and w != "weights")
    qwen25 = next(r for (m, w, e), r in memory.items() if m.startswith("qwen2.5") and w != "weights")
    gguf = next(r for (m, w, e), r in memory.items() if w == "weights" and e == "llama.cpp")
    assert accuracy.row_regime("inference_memory", qwen1, catalog) == "remote-code transformers"
    assert accuracy.row_regime("inference_memory", qwen25, catalog) == "runtime"
    assert accuracy.row_regime("inference_memory", gguf, catalog) == "weights"
    training = kind_rows("training_gpu_hours", "holdout")
    # one held-out whole run (fms-fsdp's Llama 2 7B replica, 162k GPU-hours); every other held-out row is a rate
    assert [r["model"] for r in training if not r.get("steady_state")] == ["llama-2-7b"]
    # an MoE model's figures read their own regime first (ranges.training_regime, train34): NeMo AutoModel's Kimi K2
    assert {accuracy.row_regime("training_gpu_hours", r, catalog) for r in training} == {
        "MoE",
        "steady-state rate",
        "whole run",
    }
    kimi = next(r for r in training if r["model"] == "kimi-k2")
    assert accuracy.row_regime("training_gpu_hours", kimi, catalog) == "MoE"
    assert "whole run" in {
        accuracy.row_regime("training_gpu_hours", r, catalog) for r in kind_rows("training_gpu_hours")
    }


def test_training_rows_are_reported_by_set_up(catalog: Any) -> None:
    """Issue #29 (train30): benchmarks/accuracy.py reports training coverage per set-up beside the figure's regime, so a
    miss is placed: torchtune's RTX A6000 LoRA row (pytorch/torchtune README @0031bfb) is an adapter fine-tune on one
    NVIDIA card, NeMo AutoModel's Kimi K2 row (NVIDIA-NeMo/Automodel docs/performance-summary.md) full MoE training on
    256 H100, the RDNA 3 QLoRA run (AUGMXNT/rdna3-training-tests) an adapter on another vendor's card."""
    accuracy = _accuracy_module()
    held = kind_rows("training_gpu_hours", "holdout")
    a6000 = next(r for r in held if r["gpu"] == "rtx-a6000" and r.get("method") == "lora")
    kimi = next(r for r in held if r["model"] == "kimi-k2")
    rdna3 = next(r for r in held if r["gpu"] == "rx-7900-xtx")
    assert accuracy.training_setups(a6000, catalog) == ["adapter", "one GPU", "NVIDIA", "dense"]
    assert accuracy.training_setups(kimi, catalog) == ["full", "several GPUs", "NVIDIA", "MoE"]
    assert accuracy.training_setups(rdna3, catalog) == ["adapter", "one GPU", "other vendors", "dense"]
    groups = accuracy.setup_points([(r, p) for r in held for p in points("training_gpu_hours", catalog, [r])], catalog)
    # every answered row sits in exactly one of each pair of set-ups
    assert len(groups["adapter"]) + len(groups["full"]) == len(groups["one GPU"]) + len(groups["several GPUs"])
    assert len(groups["MoE"]) + len(groups["dense"]) == len(groups["NVIDIA"]) + len(groups.get("other vendors", []))


def test_accuracy_without_refits_reports_the_holdout_per_set_up(capsys: Any) -> None:
    """benchmarks/accuracy.py --no-cv (train30): the held-out rows at the shipped constants in seconds, with the
    per-set-up line and issue #29's verdict, and says that no cross-validation ran rather than printing an empty one."""
    accuracy = _accuracy_module()
    assert accuracy.main(["--no-cv", "training_gpu_hours"]) == 0
    out = capsys.readouterr().out
    assert "cross-val  not run (--no-cv)" in out and "cross-val coverage" not in out
    assert "per set-up, holdout: adapter" in out and "#29 holdout" in out and "#29 cross-val" not in out


def test_remote_code_tuple_caches_get_their_own_memory_range(catalog: Any) -> None:
    """Issue #29 (ranges per regime): transformers running Qwen-1's own remote code (a torch.cat tuple cache held twice
    at the peak; Qwen-1 README "Inference Performance") is bracketed by its regime's factors, derived from the
    leave-one-source-out errors of the Qwen-1, ChatGLM and Baichuan READMEs' rows; Qwen2.5 under transformers, or Qwen-1
    under vLLM, keeps the kind's. The speed ranges do not move."""
    models, gpus = catalog.records["models"], catalog.records["gpus"]
    qwen1 = estimate(
        models["qwen-7b"], Workload(kind="inference", engine="transformers", context=2048), gpus["a100-80gb-sxm"]
    )
    qwen25 = estimate(
        models["qwen2.5-7b"], Workload(kind="inference", engine="transformers", context=2048), gpus["a100-80gb-sxm"]
    )
    qwen1_vllm = estimate(
        models["qwen-7b"], Workload(kind="inference", engine="vllm", context=2048), gpus["a100-80gb-sxm"]
    )
    assert qwen1.memory_regime == REMOTE_CODE_CACHE
    assert qwen25.memory_regime is None and qwen1_vllm.memory_regime is None
    low, high = REGIME_RANGE_FACTORS[("inference_memory", REMOTE_CODE_CACHE)]
    # since rowsmem27 the runtime peaks read their own range (x0.98..x1.12 since memrange32, 4 sources): the READMEs'
    # reaches lower
    assert low < RANGE_FACTORS["inference_memory"][0] and (low, high) != RANGE_FACTORS["inference_memory"]
    ranges = qwen1.to_json()["ranges"]
    assert ranges["memory.per_gpu_bytes"][0] == pytest.approx(qwen1.per_gpu_bytes * low, abs=1)
    assert ranges["memory.per_gpu_bytes"][1] == pytest.approx(qwen1.per_gpu_bytes * high, abs=1)
    kind_low, kind_high = RANGE_FACTORS["inference_memory"]
    plain = qwen25.to_json()["ranges"]["memory.per_gpu_bytes"]
    assert plain[0] == pytest.approx(qwen25.per_gpu_bytes * kind_low, abs=1)
    assert plain[1] == pytest.approx(qwen25.per_gpu_bytes * kind_high, abs=1)
    # the weights figure keeps the weights kind's range, the speed figures their own regime's
    assert ranges["memory.breakdown_bytes.weights"][1] == pytest.approx(
        qwen1.breakdown.weights * RANGE_FACTORS["weights"][1], abs=1
    )


# Issue #29's target: each kind's 80 % range holds 75-90 % of the rows it was not fitted on. Holdout rows
# (tests/data/holdout_*.toml) are scored with the shipped constants, each with the range the estimate gives it (its
# regime's factors where ranges.REGIME_RANGE_FACTORS sets them), as benchmarks/accuracy.py prints it. The kinds marked
# xfail miss the band on honest data, each for the reason given (docs/estimates.md, round 6); strict, so a change that
# brings one into the band fails here until the mark is removed.
COVERAGE_BAND = (0.75, 0.90)
HOLDOUT_MISSES: dict[str, str] = {
    # merge47 (2026-12-07): decode's held-out rows sat just above the band, 90.x % of 330, at the pooled rule's answers
    # on the folds re-run after vendor47, moe47, amd47 and hybrid47. ranges49: off this list, 293 of 326 (89.9 %) once
    # the pooled weight's k is estimated from the folds (10.9) and the answers are rounded to the nearest 0.01 (the MoE
    # tensor-parallel x0.62..x1.36 -> x0.63..x1.35 leaves one row out; single-stream NVIDIA x0.68 -> x0.69 none)
    # prefill42 (2026-12-07): prefill left this list: RDNA 4's Vulkan prompt reads its driver's measured share of HIP
    # (issue #26663's Windows rows +34 / +39 % -> -22 / -19 %) and the range re-derived over a fourth fitted source
    # (x0.81..x1.32) holds 34 of 40 held-out prompt rows (85 %)
}


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=HOLDOUT_MISSES[k])) if k in HOLDOUT_MISSES else k
        for k in ("inference_memory", "finetune_memory", "decode_speed", "prefill_speed", "training_gpu_hours")
    ],
)
def test_holdout_coverage_is_within_the_band(catalog: Any, kind: str) -> None:
    accuracy = _accuracy_module()
    rows = kind_rows(kind, "holdout")
    if kind == "training_gpu_hours":  # judged at the fitted sequences; past them the estimate warns (steady37)
        rows = [r for r in rows if at_fitted_sequences(r)]
    held = points(kind, catalog, rows)
    assert len(held) >= 18
    share = accuracy.assigned_coverage(held, kind, catalog)
    assert COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1], f"{kind}: {share:.0%}"


def test_held_out_coverage_is_also_reported_with_each_source_counted_once(catalog: Any) -> None:
    """A range from crossval.regime_range_factors promises a fresh source's rows 80 % (each source's bias counted once);
    rows of one source share its set-up, so the report gives each source's inside share averaged beside the rows' share
    (accuracy.source_coverage, round 32): one source of four rows inside and one of a row outside are 80 % of rows but
    50 % of sources. The verdict stays the rows'."""
    accuracy = _accuracy_module()
    label = "llama-3-8b q4_k_m llama.cpp 1xrtx-3090 ctx=512 b=1"  # one NVIDIA sequence: the kind's own factors
    low, high = RANGE_FACTORS["decode_speed"]
    inside = [Point(100.0, 100.0, "github:a/one", label) for _ in range(4)]
    outside = [Point(100.0, 100.0 / (low * 0.9), "github:b/two", label)]
    assert accuracy.assigned_coverage(inside + outside, "decode_speed", catalog) == pytest.approx(0.8)
    assert accuracy.source_coverage(inside + outside, "decode_speed", catalog) == (pytest.approx(0.5), 2)
    assert "(5; by source 50% of 2)" in accuracy._regime_cover(inside + outside, "decode_speed", catalog)
    assert high > 1


def test_a_coverage_miss_says_how_often_a_calibrated_range_would_miss_so() -> None:
    """Issue #29's band is judged on a few dozen rows, where a range that truly holds 80 % lands outside 75-90 % now and
    then (on 35 rows about one time in three): benchmarks/accuracy.py names, beside each miss, the binomial tail of its
    rows under 80 %, so the lead can tell a range that is off (the single-stream NVIDIA decode holdout, 36 of 38: 1.1 %)
    from one the sample moved (the prefill holdout, 25 of 35 at the round-24 range: 14.6 %). Tails by hand: 703 x
    0.8^36 x 0.2^2 + 38 x 0.8^37 x 0.2 + 0.8^38 = 0.0113."""
    accuracy = _accuracy_module()
    assert accuracy.calibrated_tail(36, 38) == pytest.approx(0.0113, abs=1e-4)  # above 80 %: P(X >= 36)
    assert accuracy.calibrated_tail(25, 35) == pytest.approx(0.1457, abs=1e-4)  # below: P(X <= 25)
    assert accuracy.calibrated_tail(28, 35) > 0.5  # exactly 80 % is the middle, not a tail
    assert accuracy._cover_verdict(36 / 38, 38) == "95% MISS (36 of 38; p 0.011 at 80 %)"
    assert accuracy._cover_verdict(30 / 38, 38) == "79% met"
    assert accuracy._cover_verdict(2 / 4, 4) == "50% (too few to judge)"


def test_held_out_training_times_meet_issue_29_on_sources_never_fitted(catalog: Any) -> None:
    """Issue #29: training p90 <= 35 % on rows never fitted. The held-out steady-state rows (torchtitan, FlashAttention,
    OLMo-core, the Olmo 3 report, DeepSeek-V3's context extension, torchtune's other README rows, the RDNA 3 QLoRA runs)
    and, since train13, IBM's fms-fsdp table (Llama 2 7B/13B/70B on 128 A100), MosaicML llm-foundry's MPT-7B throughput tables (scripts/train/benchmarking/README.md: 8 GPUs,
    H100 and A100 80/40GB, 512-65,536 tokens) and Answer.AI's FSDP+QLoRA benchmarks (AnswerDotAI/fsdp_qlora
    benchmarks_03_2024.md: 2 x RTX 3090/4090 DDP and FSDP, Llama-2 70B QLoRA on RTX 6000 Ada, A100 40GB and H100):
    every row answered, median |error| <= 20 % and p90 <= 35 %, and each of the two new sources within 25 % at the
    median (llm-foundry's rows run at 37-64 % MFU; up to 16K tokens the estimate is 8-44 % slow, at 32-65K 5-22 % fast)."""
    from configurator.core.estimate.crossval import summarise

    # steady37: judged at the sequences the fitted rows reach (reference.at_fitted_sequences); torchtitan's 32K-256K
    # context-parallel rows read 1.37-3.97x the estimated hours, which the estimate says (warn.training-long-sequence)
    rows = [r for r in kind_rows("training_gpu_hours", "holdout") if at_fitted_sequences(r)]
    held = points("training_gpu_hours", catalog, rows)
    assert len(held) >= 50 and all(p.estimated for p in held)
    overall = summarise(held)
    assert overall.median is not None and overall.median <= 0.20
    assert overall.p90 is not None and overall.p90 <= 0.35
    every = points("training_gpu_hours", catalog, kind_rows("training_gpu_hours", "holdout"))
    for source in ("github:answerdotai/fsdp_qlora",):  # each source whole, as before (llm-foundry: below)
        pts = [p for p in every if p.group == source]
        assert len(pts) >= 10, source
        median = summarise(pts).median
        assert median is not None and median <= 0.25, (source, median)


@pytest.mark.xfail(
    strict=True,
    reason="long41: 17 of llm-foundry's 19 MPT-7B rows checkpoint (not the two at 2,048 tokens), and counted with the "
    "attention forward whole-layer checkpointing recomputes (Narayanan et al. 2021 eq. 3; "
    "estimator._recomputed_attention_flops) they read 26.1 % at the median (under 25 % before). train42: the level is "
    "the rows' GEMM rate, not the count: the checkpointed A100 80GB row at 1,024 tokens (58.01 % MFU, 77.35 % HFU by the "
    "table's count) runs its recomputed GEMMs alone at 86 % of the A100's measured large-GEMM ceiling (271 of 312 "
    "TFLOPS), and at 8K-64K the rows need their attention kernel at 85-98 TFLOPS, above the Triton stand-in's 78-80 "
    "(tests/core/test_llm_foundry_attention.py); the default utilisation for a 4,096-wide model on A100 is the 1T GPT's "
    "(docs/estimates.md, rounds 41-42)",
)
def test_llm_foundry_within_25_percent_at_the_median(catalog: Any) -> None:
    from configurator.core.estimate.crossval import summarise

    every = points("training_gpu_hours", catalog, kind_rows("training_gpu_hours", "holdout"))
    pts = [p for p in every if p.group == "github:mosaicml/llm-foundry"]
    assert len(pts) >= 10
    median = summarise(pts).median
    assert median is not None and median <= 0.25, median


# Cross-validated coverage needs the leave-one-source-out refits (about a minute per kind here on two cores); decode's
# and training's take far longer (a quarter of an hour and more) and are left to benchmarks/accuracy.py (2026-12-03:
# decode 81 %, training 95 %: its 21 rows' split-conformal bounds hold 20 of them, above the band).
CROSS_VALIDATED_MISSES: dict[str, str] = {
    # inference_memory met the band at rowsmem27 (2026-12-05): 117 of 142 inside (82 %), the runtime peaks reading their
    # own range once optimum's GPTQ benchmark, exllama's README and an Ollama log joined the Qwen2.5 pages (78 of 96);
    # memcv28 (2026-12-05): 87 % of 142 at the re-derived x0.96..x1.13 (runtime 88 % of 96); memrange32 (2026-12-05):
    # 87 % of 142 at x0.98..x1.12 once the Qwen3 page's rows read MiB as MiB and hold no prefill (runtime 88 % of 96)
}


@pytest.mark.slow
@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=CROSS_VALIDATED_MISSES[k]))
        if k in CROSS_VALIDATED_MISSES
        else k
        for k in ("inference_memory", "finetune_memory", "prefill_speed")
    ],
)
def test_cross_validated_coverage_is_within_the_band(catalog: Any, kind: str) -> None:
    accuracy = _accuracy_module()
    rows = kind_rows(kind)
    cv = cross_validate(
        KNOBS[kind],
        lambda d, cal: points(kind, catalog, list(d), cal),
        rows,
        lambda r: source_group(r["source"]),
        estimator.CAL,
    )
    share = accuracy.assigned_coverage(cv, kind, catalog)
    assert COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1], f"{kind}: {share:.0%}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["inference_memory", "weights", "finetune_memory", "prefill_speed", "first_token"])
def test_shipped_ranges_are_the_rule_s_answer(catalog: Any, kind: str) -> None:
    """Issue #29 (ranges15): every factor a user sees is one rule's answer on the leave-one-source-out residuals
    (crossval.regime_range_factors, as benchmarks/accuracy.rule_factors applies it per regime), rounded outward to 0.01
    (the weights' to 0.001); nothing set by hand or from the holdout. Decode and training take their refits from
    benchmarks/accuracy.py --ranges (minutes here)."""
    from configurator.core.estimate.crossval import cross_validate_rows

    accuracy = _accuracy_module()
    pairs = cross_validate_rows(
        KNOBS.get(kind, ()),
        lambda d, cal: points(kind, catalog, list(d), cal),
        kind_rows(kind),
        lambda r: source_group(r["source"]),
        estimator.CAL,
    )
    step = 0.001 if kind == "weights" else 0.01
    for regime, (factors, how) in accuracy.rule_factors(kind, pairs, catalog).items():
        shipped = REGIME_RANGE_FACTORS.get((kind, regime), RANGE_FACTORS[kind])
        assert shipped == pytest.approx(rounded(factors, step, kind in POOLED_KINDS)), (kind, regime, factors, how)


# Issue #29: each regime's 80 % range holds 75-90 % of its held-out rows, for every regime with at least
# HELD_MIN_ROWS of them (accuracy.regime_points: the regime whose range the estimate gives each row; fewer rows than that
# say little: at 80 % the binomial spread of 10 rows is +-13 points). Holdout rows are scored with the shipped constants.
# The regimes marked miss the band on honest data, for the reason given (docs/estimates.md, round 9); strict, so a change
# that brings one into the band fails here until its mark goes.
HELD_MIN_ROWS = 10
ONE_NVIDIA = "single-stream NVIDIA"  # accuracy.regime_points' name for the speed kinds' own factors
REGIME_MISSES: dict[tuple[str, str], str] = {
    # merge47 (2026-12-07): single-stream NVIDIA decode, 53 of 56 held-out rows (95 %) at the pooled rule's answer on the
    # re-run folds, x0.68..x1.27 (the gated rule's x0.68..x1.25 would hold 91 %: above the band too). Its 16 sources
    # weigh 16 / (16 + 9); the kind's share pulls its high end up past rows its own folds do not reach. Over, not under:
    # a buyer's range is wider than it needs to be
    # ranges49: k estimated from the folds (10.9): 16 / (16 + 10.9) = 59 %, x0.69..x1.27, still 53 of 56. Its own
    # sources alone (k = 0) would give x0.69..x1.24 and hold 50 of 56 (89 %): three held-out rows sit at x1.243-1.255,
    # so the regime leaves the band by its high end's third hundredth, which no estimate of k from 4 regimes pins
    ("decode_speed", "single-stream NVIDIA"): "53 of 56 (95 %): above the band at the pooled answer (rounds 47, 49)",
    # vendor40 (round 40): the one-stream other-vendor regimes reached HELD_MIN_ROWS with issue #26663's RX 9070 XT rows
    # and are judged. Decode holds 8 of 15: out are SGLang on one MI300X (ERNIE 4.5 -24 / -24 / -25 %, Gemma 4 26B-A4B
    # +68 %, Gemma 4 31B +19.3 %: a model-and-build fact, round 39), Oracle's vLLM 405B on 8 x MI300X (+24 %) and the
    # HIP Qwen3-0.6B (+37 %, 28 layers of HIP launches); prefill holds 6 of 10: the two RDNA 4 Vulkan rows (above), and
    # the Arc B580's IPEX-LLM SYCL rows (+76 % at 1.5B, -20 % at 7B)
    # amd41 (round 41): the mark went. Since ranges40's x0.73..x1.28 the same 15 rows hold 11 (73 %); ROCm/vllm's v0.10.0
    # latency table (held out, sha256 digit 8) adds four batch-1 rows on 8 x MI300X (70B and 405B FP8, +1 .. +8 %), all
    # inside: 15 of 19 (79 %). Still out: ERNIE 4.5 on one MI300X (three rows, -24..-25 %) and Gemma 4 26B-A4B (+68 %)
    ("prefill_speed", "other-vendors"): "6 of 10 (60 %): RDNA 4 Vulkan prompts by driver, IPEX-LLM SYCL (round 40)",
    # ranges40 (round 40): decode reads the per-regime rule (crossval.PER_REGIME_KINDS, chosen on the nested shares of
    # the stored folds); the MoE tensor-parallel regime's own 5 sources disagree (x0.60..x1.61), which held 69 of its 73
    # held-out rows (95 %: above the band). moe41 (round 41): off this list. The 27 held-out rows of ML.ENERGY's
    # expert-parallel Qwen3-235B-A22B-Thinking-2507-FP8 and Llama 4 Maverick FP8 pages (vLLM v0.11.1, read 0.46-0.80 x the
    # estimate) make it 85 of 100: in the band because those rows are the estimate's misses at the range's low end, not
    # because the range moved (docs/estimates.md, round 41). ep41: back on it. Priced (the rows say `expert_parallel`,
    # Calibration.ep_layer_latency_vllm), those rows read 0.76-1.19 and the regime holds 93 of 100 at the shipped
    # x0.60..x1.61: above the band again, for the reason of ranges40 (the range, not the estimate; its stored folds are
    # re-derived with the term, the shipped factors left to the range rule's next derivation)
    # merge41: off this list again. The merged folds (amd41 + ep41) no longer prefer the per-regime rule for decode
    # (crossval.per_regime_preferred), and the gated rule's MoE tensor-parallel answer, the kind's biases and scatter
    # (0.751, 1.304) -> x0.75..x1.31, holds 75 of the 100 held-out rows; the other-vendor regime's answer under it, its
    # own sources' biases with the kind's scatter, x0.84..x1.29, holds 12 of 19 (63 %), where the per-regime x0.73..x1.28
    # held 15 (amd41): its 3 sources' shared bias lifts the low end past rows the wider range kept
    # merge43: decode prefers the per-regime rule again (moe43's busiest-rank EP wait moved the folds). The MoE
    # tensor-parallel regime's own 5 sources' biases reach down to the one tensor-parallel vLLM DeepSeek-V3.2 row's
    # fold (x0.41..x1.32), which holds 93 of its 100 held-out rows: above the band, for ranges40's reason (the range's
    # low end, not the estimate). The other-vendor regime (7 cross-validated rows, below the gate) reads the kind's
    # biases and scatter, x0.75..x1.31: 15 of 21 held out (71 %), still under the band (vendor43: old-release rows)
    # amd44: sglang PR #31216's Gemma 4 31B BF16 on one MI300X (SGLang 0.5.13.post1) adds one batch-1 row, inside
    # (+6 %): 16 of 22 (73 %); out as before: ERNIE 4.5 x3, Gemma 4 26B-A4B, the A770's SYCL row, one RX 9070 XT row
    # merge44: decode back on the gated rule (its folds' choice after amd44, hybrid44, serve44 and moetp44's fitted
    # row). The MoE tensor-parallel regime reads the kind's biases and scatter, x0.69..x1.30, and holds 87 of its 106
    # held-out rows (82 %): off this list. The other-vendor regime reads its own 3 sources' biases with the kind's scatter,
    # x0.81..x1.26, and holds 15 of 22 (68 %): out ERNIE 4.5 x3, Gemma 4 26B-A4B, the A770's SYCL row, one RX 9070 XT
    # row and one vLLM row on MI300X at the raised low end (the per-regime x0.69..x1.30 would hold 18)
    # vendor45: 24 held-out rows from sources split before scoring (llama.cpp PRs #22254 and #22821, HIP on an RX 7900
    # XTX and gfx1201; PR #24452, SYCL on an Arc Pro B60; PMZFX/intel-arc-pro-b70-benchmarks, SYCL on one and two Arc Pro
    # B70, a source group new to the project) make 28 of 46 (61 %; by source 71 % of 9). The new misses are mostly one
    # mechanism: MoE decode on SYCL reads the estimate 1.6-2.4x fast (Gemma 4 26B-A4B, Qwen3.5/3.6-35B-A3B: SYCL's mul_mat_id ran one matmul per expert after a
    # host sync until llama.cpp PR #21920, and un-reordered expert weights until PR #24452), plus Gemma 4 26B-A4B on HIP
    # (+30 / +33 %), dense Qwen3.5 on SYCL (+25..+28 %) and Qwen2.5-14B Q8_0 on HIP (-26 %) (docs/estimates.md, round 45)
    # sycl45: SYCL MoE decode priced by build (backends.MOE_EXPERT_COSTS: a fixed time per touched expert and MoE layer,
    # fitted on llama.cpp PR #25217's B70 row, plus PR #21920's host-sync A/B before the fused kernel; fit-side sources
    # only): 32 of 46 (70 %; by source 74 % of 9), median |error| 15.6 -> 13.0 %, p90 64.4 -> 31.1 %. In now: the B70's
    # Qwen3.5/3.6-35B-A3B Q4_K_M (+10 / +9 %) and Gemma 4 26B-A4B (+22 %), the B60's June Qwen3.6 (-15 %); still out the
    # B70's two-card Qwen3.6 Q8_0 (+35 %), dense Qwen3.5 on SYCL (+25..+28 %) and the HIP and MI300X rows above
    # vendor47: HIP graphs by build (PR #22254; the R9700 rows -19..-5 -> -14..+1 %), the cookbook's 'gemma4 branch'
    # rows excluded (sglang PR #28353 dropped them as non-reproducible: Gemma 4 26B-A4B +68 % and 31B +19 % leave), two
    # new SYCL rows (PR #22078 B70 +22 %, in; PR #28725 A770 Q6_K), and the A770's K-quants on the reordered MMVQ path
    # (PRs #13109 / #13885 / #21527: that Q6_K row -33 -> -11 %): 33 of 46 (72 %). Out: ERNIE 4.5 x3 (-24..-25 %),
    # Qwen2.5-14B Q8_0 on HIP (-26 %), Oracle's 405B (+24.3 %), dense Qwen3.5 K-quants on the B70 (+25..+28 %), Gemma 4
    # 26B-A4B on HIP (+30 / +33 %), the two-card Qwen3.6 Q8_0 (+35 %), the Windows HIP Qwen3-0.6B (+81 %), the A770 Q4_0
    # of PR #13536 (+40 %). The rule reads 3 own source biases (x1.05 / x0.98 / x0.99): too few to promise a fresh
    # source 80 % (docs/estimates.md, round 47)
    # ranges47: off this list. Decode reads the partially pooled rule (crossval.pooled_range_factors, POOLED_KINDS): the
    # regime's 3 own sources weigh 3 / (3 + 9), the kind's 23 sources' sums the rest, x0.75..x1.25, and it holds 39 of
    # its 46 held-out rows (85 %); test_the_pooled_rule_holds_the_decode_regimes_the_gated_rule_missed holds it there
}
# ss33 (round 33): the single-stream NVIDIA decode regime's mark went. It held 40 of 43 (93 %) at x0.71..x1.28, the rule's
# answer over 83 cross-validated rows from 8 sources; six fitted tg128 rows (llama.cpp PR #4766 and #12183,
# CambrianTech/continuum #1627) make 89 rows from 10 sources, whose rule answer x0.69..x1.21 holds 34 of the 43 (79 %),
# read after it was derived (docs/estimates.md, round 33). Out: Qwen3-Omni's transformers row (3.03 x the estimate) and
# Millstone AI's gpt-oss-20b under vLLM on an RTX PRO 6000 (1.67 x), as before, and seven rows just above the new high
# end, all faster than estimated: four of the exllamav2 README's GPTQ / EXL2 rows on an RTX 3090 Ti / 4090 (1.23-1.26 x)
# and three llama.cpp rows on an RTX 6000 Ada (1.24-1.25 x); the vLLM issue row at 0.71 x is now inside. By source 85 %
# of 14


def _held_regimes(catalog: Any) -> dict[tuple[str, str], list[Any]]:
    accuracy = _accuracy_module()
    out: dict[tuple[str, str], list[Any]] = {}
    for kind in ("inference_memory", "finetune_memory", "decode_speed", "prefill_speed", "training_gpu_hours"):
        rows = kind_rows(kind, "holdout")
        if kind == "training_gpu_hours":  # at the fitted sequences (steady37)
            rows = [r for r in rows if at_fitted_sequences(r)]
        pairs = [(r, p) for r in rows for p in points(kind, catalog, [r])]
        for regime, pts in accuracy.regime_points(kind, pairs, catalog).items():
            if len(pts) >= HELD_MIN_ROWS:
                out[(kind, regime)] = pts
    return out


HELD_REGIMES = (
    ("inference_memory", "runtime"),
    ("finetune_memory", "lora"),
    ("finetune_memory", "qlora"),
    ("decode_speed", "batched"),
    ("decode_speed", "moe-tensor-parallel"),
    ("decode_speed", ONE_NVIDIA),
    ("prefill_speed", ONE_NVIDIA),
    ("decode_speed", "other-vendors"),
    ("prefill_speed", "other-vendors"),
    ("training_gpu_hours", "steady-state rate"),
)


def test_every_regime_with_enough_held_out_rows_is_scored(catalog: Any) -> None:
    """The per-regime test below covers exactly the regimes that have HELD_MIN_ROWS held-out rows: a regime that grows
    past it (or a new one) must join it, with its mark if it misses."""
    assert HELD_MIN_ROWS == _accuracy_module().REGIME_MIN_JUDGED  # the report judges the same regimes
    assert set(_held_regimes(catalog)) == set(HELD_REGIMES)
    assert set(REGIME_MISSES) <= set(HELD_REGIMES)


def test_the_pooled_rule_holds_the_decode_regimes_the_gated_rule_missed(catalog: Any) -> None:
    """Issue #29 (ranges47): on decode's stored folds the partially pooled rule (crossval.pooled_range_factors) gives
    every decode regime with HELD_MIN_ROWS held-out rows a range holding 75-90 % of them (other vendors 39 of 46, MoE
    tensor parallel 95 of 106, batched 106 of 118, single-stream NVIDIA 50 of 56), where the gated rule's answer on the
    same folds holds the other vendors 33 of 46 (72 %): its 3 agreeing sources' biases (x1.05 / x0.98 / x0.99). Held-out
    rows: llama.cpp PRs #22254, #22821, #24452, #22078, #28725, PMZFX/intel-arc-pro-b70-benchmarks, issue #26663's RX
    9070 XT, ROCm/vllm's v0.10.0 tables and the rest tests/data/holdout_decode_speed.toml names. The rule was chosen on
    the folds (crossval.pooled_preferred), never on these rows. Should decode go back to the gated rule, this fails.
    merge47's re-run folds: other vendors 39 of 46 (85 %) at x0.74..x1.27, the gated answer 67 %; single-stream NVIDIA
    53 of 56, over the band (REGIME_MISSES). ranges49 (k 10.9 estimated from the folds, answers rounded to the nearest
    0.01): batched 106 of 118 at x0.74..x1.29, MoE tensor parallel 94 of 106 at x0.63..x1.35, other vendors 40 of 46 at
    x0.74..x1.27, single-stream NVIDIA 53 of 56 at x0.69..x1.27."""
    from configurator.core.estimate.crossval import coverage, regime_range_factors

    accuracy = _accuracy_module()
    groups = accuracy.regime_points("decode_speed", accuracy.stored_cv("decode_speed"), catalog)
    pooled = regime_range_factors(groups, pooled=True)
    gated = regime_range_factors(groups)
    held = {r: pts for (k, r), pts in _held_regimes(catalog).items() if k == "decode_speed"}
    assert set(held) == {"batched", "moe-tensor-parallel", "other-vendors", ONE_NVIDIA}
    for regime, pts in held.items():
        share = coverage(pts, rounded(pooled[regime][0], pooled=True))
        # merge47: single-stream NVIDIA over the band (REGIME_MISSES); never under it
        top = 1.0 if ("decode_speed", regime) in REGIME_MISSES else COVERAGE_BAND[1]
        assert COVERAGE_BAND[0] <= share <= top, f"{regime}: {share:.0%} of {len(pts)}"
        assert accuracy.assigned_coverage(pts, "decode_speed", catalog) == pytest.approx(share)  # what ships
    assert coverage(held["other-vendors"], rounded(gated["other-vendors"][0])) < COVERAGE_BAND[0]


@pytest.mark.parametrize(
    ("kind", "regime"),
    [
        pytest.param(k, r, marks=pytest.mark.xfail(strict=True, reason=REGIME_MISSES[(k, r)]))
        if (k, r) in REGIME_MISSES
        else (k, r)
        for k, r in HELD_REGIMES
    ],
)
def test_regime_holdout_coverage_is_within_the_band(catalog: Any, kind: str, regime: str) -> None:
    """Held-out rows: ML.ENERGY's B200, SGLang's and vLLM's serving sweeps and InferenceX (batched decode; since
    rowsdec27 also SGLang's cookbook for Llama 3.1 70B and Gemma 4, vLLM's Buildkite latency tests and TheTom/atlas's
    vLLM 0.28 control runs); sglang #3656, vllm #22331, InferenceX #828 / #870, vLLM PR #4002 and the Buildkite Mixtral
    TP2 tests (MoE under tensor parallelism); torchtitan,
    FlashAttention, OLMo-core, the Olmo 3 report, llm-foundry's MPT benchmarks and Answer.AI's FSDP+QLoRA benchmarks
    (steady-state training); the sources each tests/data/holdout_*.toml
    row names for the rest."""
    accuracy = _accuracy_module()
    pts = _held_regimes(catalog)[(kind, regime)]
    share = accuracy.assigned_coverage(pts, kind, catalog)
    assert COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1], f"{kind} {regime}: {share:.0%} of {len(pts)}"


def test_the_regimes_and_kinds_out_of_the_band_are_exactly_the_listed_ones(catalog: Any) -> None:
    """Issue #29 (ranges49): one verdict over every judged regime (HELD_MIN_ROWS held-out rows) and every kind: the ones
    whose held-out rows at the shipped ranges fall outside 75-90 % are exactly REGIME_MISSES and HOLDOUT_MISSES, and the
    failure names each that left or entered the band with its share, so the lists stay what the report prints."""
    accuracy = _accuracy_module()
    out: dict[str, str] = {}
    for (kind, regime), pts in sorted(_held_regimes(catalog).items()):
        share = accuracy.assigned_coverage(pts, kind, catalog)
        if not COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1]:
            out[f"{kind} {regime}"] = f"{share:.1%} of {len(pts)}"
    for kind in ("inference_memory", "finetune_memory", "decode_speed", "prefill_speed", "training_gpu_hours"):
        rows = kind_rows(kind, "holdout")
        if kind == "training_gpu_hours":
            rows = [r for r in rows if at_fitted_sequences(r)]
        held = points(kind, catalog, rows)
        share = accuracy.assigned_coverage(held, kind, catalog)
        if not COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1]:
            out[kind] = f"{share:.1%} of {len(held)}"
    listed = {f"{k} {r}" for k, r in REGIME_MISSES} | set(HOLDOUT_MISSES)
    assert set(out) == listed, f"out of 75-90 %: {out}; listed: {sorted(listed)}"


SETUPS_ABOVE_THE_BAND: dict[str, str] = {}
"""Training set-ups whose held-out rows at the fitted sequences sit above the 75-90 % band, with the reason. train40 held
"several GPUs" here (52 of 57 inside x0.77..x1.16, 91 %, once torchtitan's H100 rows were scored on the card their
source states); long41 counted the attention forward whole-layer checkpointing recomputes (estimator.
_recomputed_attention_flops), which takes llm-foundry's checkpointed MPT-7B rows at 8K a few per cent slower: 51 of
57 (89 %), inside the band."""


def test_training_set_ups_hold_their_held_out_rows(catalog: Any) -> None:
    """Issue #29 (train30): beside the figure's regime, every training set-up with HELD_MIN_ROWS held-out rows
    (accuracy.training_setups: adapter or full, one GPU or several, NVIDIA or other vendors, MoE or dense) holds 75-90 %
    of them at the range the estimate gives each row: since train30 the steady-state factors are the rule's answer on
    the 11 fitted rate rows (ranges.STEADY_STATE_HOURS), which at x0.85..x1.28 held 17 of 18 adapter rows (above the
    band) and 31 of 48 full-training rows (below it). Sources: the holdout rows' own (torchtune, AUGMXNT/rdna3-training-
    tests, Answer.AI's fsdp_qlora, llm-foundry, fms-fsdp, torchtitan, OLMo-core, NeMo AutoModel, ...). The set-ups with
    fewer rows (one GPU 7, MoE 7, other vendors 1) are printed by benchmarks/accuracy.py and not judged."""
    accuracy = _accuracy_module()
    pairs = [
        (r, p)
        for r in kind_rows("training_gpu_hours", "holdout")
        if at_fitted_sequences(r)  # steady37: past them the estimate warns
        for p in points("training_gpu_hours", catalog, [r])
    ]
    judged = {k: v for k, v in accuracy.setup_points(pairs, catalog).items() if len(v) >= HELD_MIN_ROWS}
    assert set(judged) == {"adapter", "full", "several GPUs", "NVIDIA", "dense"}
    for name, pts in judged.items():
        share = accuracy.assigned_coverage(pts, "training_gpu_hours", catalog)
        if name in SETUPS_ABOVE_THE_BAND:
            assert share > COVERAGE_BAND[1], f"{name}: {share:.0%} of {len(pts)} ({SETUPS_ABOVE_THE_BAND[name]})"
            continue
        assert COVERAGE_BAND[0] <= share <= COVERAGE_BAND[1], f"{name}: {share:.0%} of {len(pts)}"


def test_prefill_range_holds_where_the_fit_has_rows(catalog: Any) -> None:
    """Issue #29: the prefill range, derived from leave-one-source-out residuals, holds 75-90 % of the held-out prompt
    rows on setups the fitted rows hold (accuracy.fitted_domain: GPU architecture, backend, model size; llama.cpp PRs
    #24127 and #18537, XiongjieDai's README rows and the others inside it); outside it (Volta, Turing, Pascal,
    Blackwell, SYCL, models under 7B: llama.cpp's CI on a V100 (ggml-org/ci), geerlingguy/ai-benchmarks, intel/ipex-llm
    #12991, llama.cpp #17822) it held fewer, which is why the kind's holdout missed the band until prefill42's range over
    four fitted sources (x0.81..x1.32): 87 % of 15 inside, 84 % of 25 outside, the outside rows still the ones
    furthest out (TinyLlama and Qwen2.5-1.5B at +42..+111 %, Qwen3-Next +42 % since prefill44's DeltaNet term).
    prefill44's rule range over 49 rows (x0.80..x1.31) holds 14 of the 15 inside (93 %): above the band, by as much as a
    calibrated 80 % range lands on 15 rows about one time in six (accuracy.calibrated_tail 0.17), so an excess is held
    to that tail (>= 0.05, the line accuracy.py's #29 verdicts draw) and a shortfall to the band."""
    accuracy = _accuracy_module()
    reference = points("prefill_speed", catalog, kind_rows("prefill_speed"))
    held = [p for p in points("prefill_speed", catalog, kind_rows("prefill_speed", "holdout")) if p.estimated]
    inside = accuracy.fitted_domain(reference, catalog)
    within = [p for p in held if inside(p)]
    outside = [p for p in held if not inside(p)]
    assert len(within) >= HELD_MIN_ROWS
    share = accuracy.assigned_coverage(within, "prefill_speed", catalog)
    held_in = round(share * len(within))
    assert COVERAGE_BAND[0] <= share, f"{share:.0%} of {len(within)}"
    assert share <= COVERAGE_BAND[1] or accuracy.calibrated_tail(held_in, len(within)) >= 0.05, f"{share:.0%}"
    assert accuracy.assigned_coverage(outside, "prefill_speed", catalog) < share
    assert max(abs(p.error or 0.0) for p in outside) > max(abs(p.error or 0.0) for p in within)


def test_a_prefill_outside_the_fitted_setups_says_so(catalog: Any) -> None:
    """Issue #29: the prefill constants and their range come from prompt rows on Ampere, Ada, Hopper and RDNA 3 cards
    with llama.cpp's CUDA, HIP and Vulkan backends and models of 7B and up (ranges.PREFILL_FITTED_*, the same sets
    accuracy.fitted_domain reads from the rows); a figure outside them carries est.prefill-unfitted with the parts
    outside as fields. geerlingguy/ai-benchmarks #46's TinyLlama on an RTX 2080 Ti (Vulkan pp512 7,094 t/s, the estimate
    +107 % since round 30 prices its KHR_coopmat path, +180 % before) is one; XiongjieDai's Llama 3 8B on an RTX 4090
    (CUDA) is inside."""
    from configurator.core.estimate.ranges import (
        PREFILL_FITTED_ARCHITECTURES,
        PREFILL_FITTED_BACKENDS,
        PREFILL_FITTED_SMALLEST_B,
    )

    accuracy = _accuracy_module()
    reference = points("prefill_speed", catalog, kind_rows("prefill_speed"))
    setups = [s for p in reference if p.estimated and (s := accuracy._speed_setup(p, catalog)) is not None]
    assert {a for a, _, _ in setups} == PREFILL_FITTED_ARCHITECTURES
    assert {b for _, b, _ in setups} == PREFILL_FITTED_BACKENDS
    assert min(b for _, _, b in setups) == PREFILL_FITTED_SMALLEST_B

    def said(model: str, gpu: str, engine: str = "llama.cpp", precision: str = "q4_k_m") -> list[Any]:
        w = Workload(kind="inference", precision=precision, engine=engine, context=512)
        result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu))
        return [r for r in result.assumption_codes if r.code == "est.prefill-unfitted"]

    (tiny,) = said("tinyllama-1.1b", "rtx-2080-ti")
    assert tiny.fields["architecture"] == "Turing" and tiny.fields["backend"] == ""
    assert tiny.fields["params_b"] == pytest.approx(1.1) and tiny.fields["smallest_b"] == 7.0
    assert said("llama-3-8b", "rtx-4090") == []
    (served,) = said("llama-3-8b", "h100-sxm", engine="vllm", precision="bf16")
    assert served.fields["backend"] == "vllm" and served.fields["architecture"] == ""
