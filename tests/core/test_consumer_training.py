"""Desktop training time against published single-card fine-tuning rates, per backend (issue #29)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate import estimator
from configurator.core.estimate.desktop_training import (
    RDNA3_TRAINING_TESTS,
    SOURCED_TRAINING_BACKENDS,
    SOURCED_TRAINING_FAMILIES,
    TORCHTUNE_README,
    TRAINING_FACTS,
    utilisation_sourced,
)
from configurator.core.estimate.estimator import default_mfu, estimate
from configurator.core.estimate.workload import Workload
from tests.reference import rows, scored, training_gpu_hours

FINETUNE = "finetune"


def _finetune_rows(prefix: str, source: str = TORCHTUNE_README) -> list[dict[str, object]]:
    return [
        r for r in scored(rows("training_gpu_hours", prefix)) if r.get("workload") == FINETUNE and r["source"] == source
    ]


def _errors(catalog: Catalog, prefix: str, source: str = TORCHTUNE_README) -> dict[str, float]:
    comparisons, skipped = training_gpu_hours(catalog, _finetune_rows(prefix, source))
    assert not skipped, skipped
    # hours are inverse to throughput: measured hours / estimated hours - 1 is the estimated throughput's error
    return {c.label: c.measured / c.estimated - 1 for c in comparisons}


def _tokens_per_s(
    catalog: Catalog,
    gpu: str,
    gpus: int = 1,
    method: str = "lora",
    zero: int = 0,
    cal: estimator.Calibration = estimator.CAL,
) -> float:
    workload = Workload(kind="finetune", method=method, tokens=1e8, context=2048, zero=zero)
    result = estimate(catalog.records["models"]["qwen3-8b"], workload, catalog.records["gpus"][gpu], gpus, cal=cal)
    assert result.wall_hours
    return 1e8 / (result.wall_hours * 3600)


def test_cuda_desktop_utilisation_is_the_fit_of_its_rows(catalog: Catalog) -> None:
    """Calibration.default_mfu_consumer_cuda is fitted, not chosen: torchtune's README (September 2024) gives Llama 3.1
    8B on one RTX 4090 at 3,083 tokens/s (LoRA) and 1,650 (full fine-tune) at 2 x 2048 tokens, compiled; the shipped
    figure is the one whose log errors on those two rows sum to zero. Fails when the estimator drifts from it."""
    fit_rows = _finetune_rows("reference")
    assert {r["method"] for r in fit_rows} == {
        f.method for f in TRAINING_FACTS if f.role == "fit" and f.source == TORCHTUNE_README
    }
    logs = [math.log(1 + e) for e in _errors(catalog, "reference").values()]
    refit = estimator.CAL.default_mfu_consumer_cuda * math.exp(sum(logs) / len(logs))
    assert refit == pytest.approx(estimator.CAL.default_mfu_consumer_cuda, rel=0.01)


def test_torchtune_rtx4090_rows_within_20_percent(catalog: Catalog) -> None:
    """torchtune README (pytorch/torchtune @0031bfb, 'Memory and training speed'): the fitted rows land within 20 %
    (LoRA 3,083 and full 1,650 tokens/s on one RTX 4090: the estimate is 15 % low and 18 % high; one utilisation
    cannot fit both, which is the spread the range must carry)."""
    errors = _errors(catalog, "reference")
    assert len(errors) == 2
    for label, error in errors.items():
        assert abs(error) <= 0.20, (label, error, TORCHTUNE_README)


def test_torchtune_held_out_rows(catalog: Catalog) -> None:
    """Never fitted: the same table's QLoRA row on the RTX 4090 (2,413 tokens/s) and the RTX A6000 rows (LoRA 4,699,
    full 2,579: a workstation GA102, full-rate FP32 accumulate, 300 W). The QLoRA and A6000 full rows come within 30 %
    (issue #29's bar: -19 %, -28 %). The A6000 LoRA row does not (-41 %): its 4,699 tokens/s without activation
    checkpointing means 150 TFLOPS from a 300 W board, 0.5 TFLOPS per watt, where the power bound fitted on prompt
    processing (Calibration.prefill_tflops_per_watt, 0.40) holds the card to 120; the estimate errs low there, never
    high."""
    errors = _errors(catalog, "holdout")
    assert len(errors) == 3
    a6000_lora = next(label for label in errors if "rtx-a6000" in label and "lora" in label)
    for label, error in errors.items():
        if label != a6000_lora:
            assert abs(error) <= 0.30, (label, error, TORCHTUNE_README)
    assert -0.45 <= errors[a6000_lora] < 0, (a6000_lora, errors[a6000_lora])


def test_low_power_workstation_cards_are_held_by_their_board_power(catalog: Catalog) -> None:
    """A desktop card whose board power cannot feed its tensor cores trains at the power-bound GEMM rate: the least
    TFLOPS per watt its architecture's measured workstation and data-center cards sustain (support/pro_gemm.py,
    zzc0721/torch-performance-test-data: Blackwell's RTX PRO 6000 Workstation 393 TFLOPS at 600 W = 0.66/W, Server
    0.69; Ada's L20 114 at 275 W = 0.42, L40S 0.77, L4 0.98). The RTX PRO 4000 Blackwell (140 W) is held to
    140 x 0.66 = 92 TFLOPS, not the 56 one Ampere-era figure (0.40/W) gave, and the RTX 6000 Ada (300 W) to 125; a card
    measured itself (RTX PRO 6000 Blackwell) is not bound again (it had been held to 240 of its measured 393), nor an
    RTX 4090 (450 W for 165) or a data-center part."""
    gpus = catalog.records["gpus"]
    assert estimator.desktop_power_bound(gpus["rtx-pro-4000-blackwell"]) == pytest.approx(140 * 0.655e12, rel=0.01)
    assert estimator.desktop_power_bound(gpus["rtx-6000-ada"]) == pytest.approx(300 * 0.415e12, rel=0.01)
    assert estimator.desktop_power_bound(gpus["rtx-pro-6000-blackwell"]) is None
    assert estimator.training_peak_flops(gpus["rtx-pro-6000-blackwell"]) == pytest.approx(386.8e12, rel=0.01)
    assert estimator.desktop_power_bound(gpus["rtx-4090"]) > gpus["rtx-4090"].bf16_tflops * 1e12
    assert estimator.desktop_power_bound(gpus["h100-sxm"]) is None
    # so a 140 W card with 2.2x the 3090's spec-sheet peak trains at 92 of the 3090's measured 71 TFLOPS, not twice
    assert _tokens_per_s(catalog, "rtx-pro-4000-blackwell") < 1.5 * _tokens_per_s(catalog, "rtx-3090")


def test_the_power_bound_is_read_by_the_cluster_planner_too(catalog: Catalog) -> None:
    """One rule for one and many GPUs: the cluster planner's compute rate is the estimator's bounded peak, so a
    workstation card held by its board power is not timed at its unbounded peak once the job spans several cards
    (parallel.py read support_facts.training_tflops directly: 273 TFLOPS for an RTX 6000 Ada the estimator holds to
    125). The planner's compute phase on 2 cards is no faster per card than the estimator's own 1-card compute."""
    from configurator.core.estimate.parallel import plan_training

    gpu, model = catalog.records["gpus"]["rtx-6000-ada"], catalog.records["models"]["qwen3-8b"]
    workload = Workload(kind="finetune", method="lora", tokens=1e8, context=2048)
    plan = plan_training(model, workload, gpu, 1, 2)
    assert plan is not None and plan.compute_phase_utilisation is not None
    single = estimate(model, workload, gpu, 1)
    assert single.rate_share is not None
    bounded = estimator.training_peak_flops(gpu) / (gpu.bf16_tflops * 1e12)
    assert plan.compute_phase_utilisation <= 1.05 * single.rate_share * bounded


def test_rtx3090_utilisation_matches_a_published_compiled_step(catalog: Catalog) -> None:
    """An independent RTX 3090 measurement (modula-systems/modula PR #1, 2024-05-25): a compiled 7B-width GPT (hidden
    4096, 4 layers) on a 3090 power-limited to 350 W trains at 10,889 tokens/s, '74.21%' MFU of the 3090's 71 TFLOPS
    (6 x 0.8 B parameters per token). The CUDA desktop figure at the 3090 for a hidden-4096 model with fused kernels is
    within 15 % of it, though fitted on RTX 4090 rows only."""
    model = catalog.records["models"]["llama-3.1-8b"]
    mfu = default_mfu(model, catalog.records["gpus"]["rtx-3090"], seq=2048, fused=True)
    assert mfu == pytest.approx(0.7421, rel=0.15)


def test_sourced_backends_are_cuda_and_rocm_on_rdna3_only() -> None:
    """CUDA (torchtune's README) and ROCm on RDNA 3 (an RX 7900 XTX run, RDNA3_TRAINING_TESTS) have published
    single-card fine-tuning rates; RDNA 4 (RX 9070 XT) and XPU (Arc) have none, so their builds stay unsourced
    (ranking.unsourced_training_speed) and keep the prior 0.35 figure."""
    assert SOURCED_TRAINING_BACKENDS == {"cuda", "rocm"}
    assert ("rocm", "RDNA 3") in SOURCED_TRAINING_FAMILIES
    assert utilisation_sourced("nvidia")
    assert utilisation_sourced("amd", "RDNA 3")
    assert not utilisation_sourced("amd", "RDNA 4")
    assert not utilisation_sourced("amd")
    assert not utilisation_sourced("intel", "Xe-HPG")


def test_unsourced_backends_keep_the_prior_figure(catalog: Catalog) -> None:
    """Raising the CUDA figure moves no Radeon or Arc estimate, and raising the ROCm figure moves only RDNA 3: an
    unsourced family's time comes from the prior utilisation."""
    cards = ("rx-7900-xtx", "rx-9070-xt", "arc-a770-16gb", "rtx-3090")
    before = {g: _tokens_per_s(catalog, g) for g in cards}
    doubled = replace(estimator.CAL, default_mfu_consumer_cuda=estimator.CAL.default_mfu_consumer_cuda * 2)
    after = {g: _tokens_per_s(catalog, g, cal=doubled) for g in before}
    assert after["rx-7900-xtx"] == pytest.approx(before["rx-7900-xtx"])
    assert after["rx-9070-xt"] == pytest.approx(before["rx-9070-xt"])
    assert after["arc-a770-16gb"] == pytest.approx(before["arc-a770-16gb"])
    assert after["rtx-3090"] > 1.5 * before["rtx-3090"]
    doubled = replace(estimator.CAL, default_mfu_consumer_rocm=estimator.CAL.default_mfu_consumer_rocm * 2)
    after = {g: _tokens_per_s(catalog, g, cal=doubled) for g in before}
    assert after["rx-7900-xtx"] > 1.5 * before["rx-7900-xtx"]
    assert after["rx-9070-xt"] == pytest.approx(before["rx-9070-xt"])


def test_rocm_rdna3_utilisation_is_the_fit_of_its_pair(catalog: Catalog) -> None:
    """Calibration.default_mfu_consumer_rocm is fitted, not chosen: Leonard Lin's rdna3-training-tests (AUGMXNT, 2024-02-18)
    ran one LLaMA-Factory LoRA job (TinyLlama 1.1B, q/v adapters, batch 4 x 1,024 tokens, fp16) on an RX 7900 XTX at
    4.926 samples/s and an RTX 3090 at 6.186; the shipped figure makes the estimated 7900 XTX / 3090 ratio the measured
    0.796 (both rows then read the same error, the job's own distance from the CUDA figure)."""
    errors = _errors(catalog, "reference", RDNA3_TRAINING_TESTS)
    assert len(errors) == 2
    xtx = next(e for label, e in errors.items() if "rx-7900-xtx" in label)
    rtx = next(e for label, e in errors.items() if "rtx-3090" in label)
    refit = estimator.CAL.default_mfu_consumer_rocm * (1 + rtx) / (1 + xtx)
    assert refit == pytest.approx(estimator.CAL.default_mfu_consumer_rocm, rel=0.01)
    assert abs(xtx) <= 0.30, (xtx, RDNA3_TRAINING_TESTS)


def test_rdna3_held_out_runs_within_30_percent_and_qlora_tracks_lora(catalog: Catalog) -> None:
    """Never fitted, the same source's other runs (RDNA3_TRAINING_TESTS): QLoRA on the RX 7900 XTX (4.919 samples/s)
    and the RTX 3090 (6.086), LoRA and QLoRA on the RTX 4090 (305 s, 14.193 samples/s) land within 30 %, the distance
    of the job's own LoRA rows (+28 % on both fitted cards); and each QLoRA row within 5 % of its card's LoRA row, as
    measured (QLoRA 0.98-1.00 of LoRA's throughput at 4 x 1,024 tokens: bitsandbytes' dequantization is a few per cent
    of a pass, estimator.QLORA_DEQUANT_BYTES; the flat 0.75 had read 20-25 % apart)."""
    held = _errors(catalog, "holdout", RDNA3_TRAINING_TESTS)
    errors = held | _errors(catalog, "reference", RDNA3_TRAINING_TESTS)
    assert len(held) == 4
    for label, error in held.items():
        assert abs(error) <= 0.30, (label, error, RDNA3_TRAINING_TESTS)
    for card in ("rx-7900-xtx", "rtx-3090", "rtx-4090"):
        lora = next(e for label, e in errors.items() if card in label and "(lora" in label)
        qlora = next(e for label, e in errors.items() if card in label and "(qlora" in label)
        assert abs((1 + qlora) / (1 + lora) - 1) <= 0.05, (card, qlora, lora)


def test_rx7900xtx_trains_slower_than_a_3090(catalog: Catalog) -> None:
    """On the measured job the RX 7900 XTX trains at 0.80 of an RTX 3090 (RDNA3_TRAINING_TESTS); on Qwen3-8B LoRA at
    2048 tokens the estimate keeps it below the 3090 too, though its spec-sheet peak (122.8 TFLOPS) is 1.7x the 3090's."""
    assert _tokens_per_s(catalog, "rx-7900-xtx") < _tokens_per_s(catalog, "rtx-3090")


def test_a770_trains_slower_than_a_3090(catalog: Catalog) -> None:
    """Issue #29 done-when: 'A770 training throughput below the 3090's'. Qwen3-8B LoRA at 2048 tokens: one Arc A770
    below one RTX 3090, and three A770 sharing the model (ZeRO-3, which a 16 GB card needs for 8B bf16 weights) not
    above one 3090 (the spec-sheet 137.6 TFLOPS had made them 2x faster)."""
    one_3090 = _tokens_per_s(catalog, "rtx-3090")
    assert _tokens_per_s(catalog, "arc-a770-16gb") < one_3090
    assert _tokens_per_s(catalog, "arc-a770-16gb", gpus=3, zero=3) <= one_3090


def _pretrain(catalog: Catalog, model: str, gpu: str) -> estimator.EstimateResult:
    workload = Workload(kind="pretrain", tokens=1e10, context=2048, grad_checkpointing=False)
    return estimate(catalog.records["models"][model], workload, catalog.records["gpus"][gpu], 1)


def test_narrow_eager_jobs_keep_less_than_the_fitted_8b_compiled_figure(catalog: Catalog) -> None:
    """The CUDA desktop figure is fitted on Llama 3.1 8B (hidden 4096) runs with torch.compile (TORCHTUNE_README), so
    it is that width's rate on that stack: a TinyLlama 1.1B (hidden 2048) trained eagerly keeps less of it at the
    same card, and an RTX 2080 Ti (87 FLOP per byte against the 3090's 76) a little less again. Before, the reference
    was taken at the job's own width and stack, and TinyLlama pretraining on a 2080 Ti read 74 % MFU, the fitted 8B
    figure, beside a note that smaller models do worse."""
    gpus, models = catalog.records["gpus"], catalog.records["models"]
    fitted = default_mfu(models["llama-3.1-8b"], gpus["rtx-3090"], seq=2048, fused=True)
    assert fitted == pytest.approx(estimator.CAL.default_mfu_consumer_cuda, rel=0.005)
    narrow_fused = default_mfu(models["tinyllama-1.1b"], gpus["rtx-3090"], seq=2048, fused=True)
    narrow_eager = default_mfu(models["tinyllama-1.1b"], gpus["rtx-3090"], seq=2048, fused=False)
    turing = default_mfu(models["tinyllama-1.1b"], gpus["rtx-2080-ti-22gb"], seq=2048, fused=False)
    assert turing < narrow_eager < narrow_fused < fitted
    assert narrow_eager < 0.95 * fitted
    # a model wider than the fit rows' keeps only slightly more on the same stack (fused traffic is small)
    wide = default_mfu(models["llama-3.1-70b"], gpus["rtx-3090"], seq=2048, fused=True)
    assert fitted < wide < 1.01 * fitted


def test_tinyllama_eager_rows_err_less_than_the_unscaled_figure(catalog: Catalog) -> None:
    """RDNA3_TRAINING_TESTS (2024-02-18): the same eager LLaMA-Factory TinyLlama LoRA job on an RTX 3090 (6,334
    tokens/s) and an RTX 4090 (14,665), never fitted for CUDA. With the 8B compiled figure applied unscaled the
    estimate ran 28 % (3090) and 19 % (4090) fast; at the fit rows' width and stack it is within 21 % and 13 %. What
    is left is mostly that job's attention: transformers 4.37 without --flash_attn writes the scores to memory, which
    the estimate (FlashAttention assumed) does not charge."""
    errors = _errors(catalog, "reference", RDNA3_TRAINING_TESTS) | _errors(catalog, "holdout", RDNA3_TRAINING_TESTS)
    rtx3090 = next(e for label, e in errors.items() if "rtx-3090" in label and "(lora" in label)
    rtx4090 = next(e for label, e in errors.items() if "rtx-4090" in label and "(lora" in label)
    assert 0 < rtx3090 <= 0.21, (rtx3090, RDNA3_TRAINING_TESTS)
    assert 0 < rtx4090 <= 0.13, (rtx4090, RDNA3_TRAINING_TESTS)


def test_desktop_rate_note_names_its_own_basis_and_agrees_with_the_rate(catalog: Catalog) -> None:
    """The explanation of a desktop card's training rate names where that figure comes from (the RTX 3090 rate at
    the fit rows' width and stack), not the data-center runs (43-50 %), which a 70 % rate would contradict; a
    data-center card keeps the data-center note."""
    from configurator.core.common.reasons import english
    from configurator.core.report import words

    result = _pretrain(catalog, "tinyllama-1.1b", "rtx-2080-ti-22gb")
    rate = next(r for r in result.assumption_codes if r.code == "est.default-rate")
    assert rate.num("rate") < rate.num("desktop") == pytest.approx(estimator.CAL.default_mfu_consumer_cuda)
    said = english(rate)
    assert f"{rate.num('rate'):.0%} of peak" in said and "desktop cards: 76% at an RTX 3090" in said
    assert "1T GPT" not in said and "torchtune" in said and "eagerly" in said
    with words.language("zh_CN"):
        zh = words.say(rate)
    assert "桌面显卡" in zh and "1T GPT" not in zh and "torchtune" in zh
    unsourced = next(
        r
        for r in _pretrain(catalog, "tinyllama-1.1b", "arc-a770-16gb").assumption_codes
        if r.code == "est.default-rate"
    )
    assert "an estimate: no published training run" in english(unsourced)
    datacenter = next(
        r
        for r in _pretrain(catalog, "tinyllama-1.1b", "a100-80gb-sxm").assumption_codes
        if r.code == "est.default-rate"
    )
    assert "1T GPT on A100 50 %" in english(datacenter) and "desktop" not in english(datacenter)


@pytest.mark.parametrize("method", ["lora", "qlora"])
def test_rtx4090_over_rtx3090_is_the_measured_ratio(catalog: Catalog, method: str) -> None:
    """Round 28 asked whether the RTX 4090 trains too fast against the RTX 3090 (8B QLoRA at 2,048 tokens: 12.1 h against
    26.3 h, 2.17x). The one same-job, same-day measurement on both cards (RDNA3_TRAINING_TESTS, 2024-02-18: LLaMA-Factory,
    TinyLlama 1.1B, 4 x 1,024 tokens, fp16, eager) reads 2.32x for LoRA (14,665 against 6,334 tokens/s) and 2.33x for
    QLoRA (14,534 against 6,232): the 4090's 165 dense FP16 TFLOPS with FP32 accumulate against the GeForce GA102's
    71 (halved on GeForce Ampere, full-rate on Ada: NVIDIA Ada and GA102 whitepapers). The estimate's ratio on that job
    is within 10 % of the measured one, and the 8B QLoRA ratio is not above it."""
    errors = _errors(catalog, "reference", RDNA3_TRAINING_TESTS) | _errors(catalog, "holdout", RDNA3_TRAINING_TESTS)
    fast = next(e for label, e in errors.items() if "rtx-4090" in label and f"({method} " in label)
    slow = next(e for label, e in errors.items() if "rtx-3090" in label and f"({method} " in label)
    # error = measured hours / estimated hours - 1 = estimated throughput / measured throughput - 1
    assert (1 + fast) / (1 + slow) == pytest.approx(1.0, abs=0.10), (fast, slow, RDNA3_TRAINING_TESTS)
    measured = {"lora": 14665 / 6334, "qlora": 14534 / 6232}[method]
    workload = Workload(kind="finetune", method="qlora", tokens=1e8, context=2048)
    model = catalog.records["models"]["llama-3.1-8b"]
    hours = {g: estimate(model, workload, catalog.records["gpus"][g], 1).wall_hours for g in ("rtx-4090", "rtx-3090")}
    assert hours["rtx-4090"] and hours["rtx-3090"]
    assert hours["rtx-3090"] / hours["rtx-4090"] <= measured
