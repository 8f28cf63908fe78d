"""The estimator's constants are passed explicitly (issue #33): `estimate(..., cal=...)` and the functions built on it
take a `Calibration`, the shipped `CAL` unless given, and nothing swaps a module global. Cross-validation scores a
fold with constants refitted without a source while the same process estimates with the shipped ones: the memos
(core/common/memo.py) must never hand one set's answer to the other."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from configurator.core.common import memo
from configurator.core.estimate import estimator
from configurator.core.estimate.crossval import Knob, Point, cross_validate_rows, fit
from configurator.core.estimate.estimator import CAL, Calibration, estimate, llamacpp_build
from configurator.core.estimate.parallel import inter_node_link, plan_estimate
from configurator.core.estimate.workload import Workload
from configurator.storage import catalogs

GIB = 2**30


@pytest.fixture(scope="module")
def catalog() -> Any:
    return catalogs.load(include_user=False).catalog


def test_two_calibrations_in_one_process_keep_their_own_memoised_estimates(catalog: Any) -> None:
    """Llama 3.1 8B Q4_K_M on an RTX 4090 under the shipped constants and under a set with 1 GiB more llama.cpp
    runtime overhead and half its quantized decode efficiency (both fitted on tests/data/reference_*.toml), asked in
    turn A, B, A, B: each answer is its own constants', and a repeat is the memo's entry for those constants."""
    memo.clear()
    model, gpu = catalog.get("models", "llama-3.1-8b"), catalog.get("gpus", "rtx-4090")
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=8192)
    other = replace(
        CAL,
        overhead_llamacpp=CAL.overhead_llamacpp + GIB,
        bw_eff_llamacpp_quant=CAL.bw_eff_llamacpp_quant / 2,
    )
    shipped = estimate(model, w, gpu)
    refitted = estimate(model, w, gpu, cal=other)
    assert refitted.per_gpu_bytes == shipped.per_gpu_bytes + GIB
    assert refitted.decode_tokens_per_s is not None and shipped.decode_tokens_per_s is not None
    assert refitted.decode_tokens_per_s < 0.8 * shipped.decode_tokens_per_s
    assert estimate(model, w, gpu) is shipped  # remembered for the shipped constants, not overwritten by `other`
    assert estimate(model, w, gpu, cal=other) is refitted
    # an equal set that is another object is estimated afresh (the key is the constants' identity) and agrees
    assert estimate(model, w, gpu, cal=replace(other)) == refitted
    assert estimator.CAL == Calibration()  # nothing swapped the shipped constants


def test_a_cluster_plan_is_remembered_per_calibration(catalog: Any) -> None:
    """parallel.plan_estimate (memoised by value) on 2 x 8 H100 for a 70B pretraining run: the Hopper utilisation
    (Llama 3 405B, 430 of 989 TFLOPS: Calibration.default_mfu_hopper) lowered by a fifth makes the run slower, and
    the shipped answer asked again afterwards is unchanged."""
    memo.clear()
    model, gpu = catalog.get("models", "llama-3.3-70b"), catalog.get("gpus", "h100-sxm")
    w = Workload(kind="pretrain", tokens=1e11, context=4096)
    link = inter_node_link(400)
    slower = replace(CAL, default_mfu_hopper=CAL.default_mfu_hopper * 0.8)
    _, shipped = plan_estimate(model, w, gpu, 2, 8, link)
    _, other = plan_estimate(model, w, gpu, 2, 8, link, cal=slower)
    assert shipped.wall_hours is not None and other.wall_hours is not None
    assert other.wall_hours > 1.1 * shipped.wall_hours
    assert plan_estimate(model, w, gpu, 2, 8, link)[1] is shipped


def test_a_build_of_llamacpp_starts_from_the_constants_it_is_given() -> None:
    """A reference row that names its llama.cpp build is scored inside a cross-validation fold: the build's switches
    go on top of the fold's refitted constants, not on the shipped ones."""
    refit = replace(CAL, bw_eff_llamacpp_quant=0.5)
    built = llamacpp_build("2023-12", cal=refit)
    assert built.bw_eff_llamacpp_quant == 0.5 and not built.llamacpp_cuda_graphs
    assert llamacpp_build("2023-12").bw_eff_llamacpp_quant == CAL.bw_eff_llamacpp_quant


def test_cross_validation_hands_each_fold_its_constants() -> None:
    """crossval's Scorer receives the constants to score with: the fit tries knob values through it, and each
    left-out source is scored with the constants fitted on the others (here: the value that matches them exactly)."""
    start = CAL.bw_eff_amd
    rows = [{"source": s, "measured": start * m} for s, m in (("a", 0.8), ("b", 0.8), ("c", 1.2), ("d", 1.2))]
    seen: set[float] = set()

    def score(data: Any, cal: Calibration) -> list[Point]:
        seen.add(cal.bw_eff_amd)
        return [Point(r["measured"], cal.bw_eff_amd, r["source"]) for r in data]

    knob = (Knob("bw_eff_amd", 0.1, 2.0),)
    assert fit(knob, score, rows[:2], CAL).bw_eff_amd == pytest.approx(0.8 * start, rel=0.05)
    assert len(seen) > 1
    pairs = cross_validate_rows(knob, score, rows, lambda r: r["source"], CAL)
    estimated = {row["source"]: p.estimated for row, p in pairs}
    # leaving out a 0.8 source, the other three fit 1.2; leaving out a 1.2 source, they fit 0.8
    assert estimated["a"] == pytest.approx(1.2 * start, rel=0.05)
    assert estimated["c"] == pytest.approx(0.8 * start, rel=0.05)
    assert estimator.CAL == Calibration()


def test_a_fits_trial_constants_are_remembered_one_set_at_a_time(catalog: Any) -> None:
    """A fit tries thousands of constant sets, each a new object: remembered side by side they had filled about 10 GB
    (benchmarks/accuracy.py --group=source was stopped by the OOM killer). Estimates under constants other than the
    shipped ones are held for the latest such set only; the shipped set's entries stay."""
    memo.clear()
    model, gpu = catalog.get("models", "llama-3.1-8b"), catalog.get("gpus", "rtx-4090")
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=8192)
    shipped = estimate(model, w, gpu)
    first = replace(CAL, overhead_llamacpp=CAL.overhead_llamacpp + GIB)
    a = estimate(model, w, gpu, cal=first)
    assert estimate(model, w, gpu, cal=first) is a  # the same set asked again: remembered
    for step in range(1, 6):  # a fit's next trials
        estimate(model, w, gpu, cal=replace(CAL, overhead_llamacpp=CAL.overhead_llamacpp + step * GIB))
    held = [name for name in memo._STORES if name.startswith("estimator.estimate")]
    assert sorted(held) == ["estimator.estimate", "estimator.estimate:refit"]
    assert len(memo._STORES["estimator.estimate:refit"]) == 1  # only the latest trial's answer
    assert estimate(model, w, gpu) is shipped
