"""Strix Halo's prompt rate and MoE decode, calibrated as a family (metal37, issue #29), against published llama.cpp
Vulkan RADV runs on the Ryzen AI Max+ 395.

Sources (each row named where it is used; read 2026-12-06):
- kyuz0/amd-strix-halo-toolboxes benchmark/results/*__vulkan_radv__fa1.log at 08aa7bc (Framework Desktop-class box,
  128 GB LPDDR5X-8000; llama-bench -ngl 99 -fa 1 -mmp 0, builds 9187 / 9193, May 2026): Llama 2 7B Q4_0 pp512 1,337.70
  and Qwen3.6-27B Q8_0 274.97 (fitted), gemma-4-31B Q8_0 272.10 (held out).
- visorcraft/strix-halo-llm-perf BENCHMARKS.md at 6568124f (GMKtec EVO-X2, Ryzen AI Max+ 395, 128 GB; llama.cpp b8038,
  2026-02-13, 120 W, `llama-bench -ngl 99 -p 512 -n 128`; held out): Llama 2 7B Q4_K_M pp512 1,074.41, Qwen2.5 14B
  Q4_K_M 599.81, Qwen2.5 32B Q4_K_M 242.44, Qwen3 30B-A3B Q4_K_M 1,141.78 (tg128 86.07).
The family's constants are estimate/unified.UNIFIED_PREFILL_FAMILIES["Ryzen AI Max"] (`python
benchmarks/unified_prefill_fit.py`); before them the prompt took the discrete cards' rate and read every one of these
rows 22-49 % slow.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.models import System
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.unified import UNIFIED_PREFILL_FAMILIES, system_gpu, unified_prefill_factor
from configurator.core.estimate.workload import Workload
from configurator.storage import catalogs

CATALOG = catalogs.load(include_user=False).catalog
FRAMEWORK = "framework-desktop-ai-max-395-128gb"
EVO_X2 = "gmktec-evo-x2-ai-max-395-128gb"


def _system(system_id: str) -> System:
    system = CATALOG.get("systems", system_id)
    assert isinstance(system, System)
    return system


def _run(system_id: str, model_id: str, precision: str) -> tuple[float, float]:
    """(pp512, tg128) as llama-bench runs them: a 512-token prompt on an empty cache, 128 tokens after it."""
    gpu = system_gpu(_system(system_id), wired_fraction=1.0)
    model = CATALOG.get("models", model_id)
    prompt = estimate(
        model, Workload(kind="inference", context=512, prompt=512, precision=precision, engine="llama.cpp"), gpu
    )
    decode = estimate(model, Workload(kind="inference", context=128, precision=precision, engine="llama.cpp"), gpu)
    assert prompt.prefill_tokens_per_s is not None and decode.decode_tokens_per_s is not None
    return prompt.prefill_tokens_per_s, decode.decode_tokens_per_s


def test_every_ryzen_ai_max_record_takes_the_family_factor() -> None:
    """Keyed on the chip's name: both 395 records (and any other Ryzen AI Max) take it; a Ryzen 7 8845HS does not. A
    Strix Halo prompt is inside the fitted setups (kyuz0's rows), so it no longer says est.prefill-unfitted."""
    factor = UNIFIED_PREFILL_FAMILIES["Ryzen AI Max"][0]
    for system_id in (FRAMEWORK, EVO_X2):
        assert unified_prefill_factor(system_gpu(_system(system_id))) == factor
    assert unified_prefill_factor(system_gpu(_system("beelink-ser8-8845hs-32gb"))) is None
    gpu = system_gpu(_system(EVO_X2))
    w = Workload(kind="inference", context=4096, precision="q4_k_m", engine="llama.cpp")
    codes = [r.code for r in estimate(CATALOG.get("models", "qwen3-30b-a3b"), w, gpu).assumption_codes]
    assert "est.prefill-unfitted" not in codes


@pytest.mark.parametrize(
    ("system_id", "model_id", "precision", "measured", "source"),
    [
        (FRAMEWORK, "llama-2-7b", "q4_0", 1337.70, "kyuz0 build 9187 (fitted)"),
        (FRAMEWORK, "gemma-4-31b", "q8_0", 272.10, "kyuz0 build 9187 (held out)"),
        (EVO_X2, "llama-2-7b", "q4_k_m", 1074.41, "visorcraft b8038 (held out)"),
        (EVO_X2, "qwen2.5-14b", "q4_k_m", 599.81, "visorcraft b8038 (held out)"),
        (EVO_X2, "qwen2.5-32b", "q4_k_m", 242.44, "visorcraft b8038 (held out)"),
        (EVO_X2, "qwen3-30b-a3b", "q4_k_m", 1141.78, "visorcraft b8038 (held out, MoE)"),
    ],
)
def test_strix_halo_quantized_prompts_within_20_percent(
    system_id: str, model_id: str, precision: str, measured: float, source: str
) -> None:
    estimated, _decode = _run(system_id, model_id, precision)
    assert abs(estimated / measured - 1) <= 0.20, (source, estimated)


def test_bf16_prompts_take_the_vulkan_scalar_path() -> None:
    """RADV on GFX1151 reports 'bf16: 0' (kyuz0's logs), so a BF16 prompt runs llama.cpp's scalar shaders on the fp32
    vector units (unified.UNIFIED_VULKAN_BF16): not the family factor of the quantized WMMA path, and below the Q8_0
    prompt of the same model, as kyuz0's build-9187 run measures it (gemma-4-31B BF16 135.94, Q8_0 272.10 on RADV)."""
    bf16, _ = _run(FRAMEWORK, "gemma-4-31b", "bf16")
    q8, _ = _run(FRAMEWORK, "gemma-4-31b", "q8_0")
    assert bf16 < 0.6 * q8  # measured 0.50; the discrete-card rate had read 0.95
    gpu = system_gpu(_system(FRAMEWORK), wired_fraction=1.0)
    w = Workload(kind="inference", context=512, prompt=512, precision="bf16", engine="llama.cpp")
    said = str(estimate(CATALOG.get("models", "gemma-4-31b"), w, gpu).steps)
    assert "est.how-vulkan-bf16" in said and "est.how-unified-family" not in said


@pytest.mark.parametrize(
    ("model_id", "measured", "source"),
    [
        # kyuz0/amd-strix-halo-toolboxes 08aa7bc benchmark/results/*-BF16-*__vulkan_radv__fa1.log, RADV GFX1151,
        # llama-bench -ngl 99 -fa 1 -mmp 0, pp512, build 0253fb21f (9187) or 1a68ec937 (9193), May 2026; held out
        ("gemma-4-31b", 135.94, "gemma-4-31B-it-BF16, build 9187 (dense)"),
        ("gemma-4-26b-a4b", 587.64, "gemma-4-26B-A4B-it-BF16, build 9187 (MoE)"),
        ("qwen3.6-35b-a3b", 328.40, "Qwen3.6-35B-A3B-BF16, build 9193 (MoE)"),
        ("glm-4.7-flash", 361.24, "GLM-4.7-Flash-BF16, build 9187 (MoE, MLA)"),
    ],
)
def test_strix_halo_bf16_prompts_held_out_within_35_percent(model_id: str, measured: float, source: str) -> None:
    """Fitted on the 2026-02-04 run's gemma-3-27b and Qwen3-30B-A3B BF16 rows (build 7938, 123.07 and 351.97); these
    later rows were never fitted on. The discrete-card rate read them +49 to +126 %; the Vulkan BF16 path -33 to +4 %."""
    estimated, _decode = _run(FRAMEWORK, model_id, "bf16")
    assert abs(estimated / measured - 1) <= 0.35, (source, estimated)


def test_rocm_runs_bf16_prompts_about_three_times_faster_than_the_vulkan_estimate() -> None:
    """The estimate is Vulkan's because the launch command runs Vulkan on Strix Halo (backends.FAMILY_LLAMACPP_BACKEND);
    the same box and build on ROCm 7.2.3 (HIP, hipBLASLt) measured gemma-4-31B BF16 pp512 428.07 and Ministral-3-14B
    BF16 801.06 against RADV's 135.94 and 255.05 (kyuz0 08aa7bc, builds 9187 / 9193): the BF16 gap is the backend's."""
    from configurator.core.estimate.backends import llamacpp_backend

    gpu = system_gpu(_system(FRAMEWORK), wired_fraction=1.0)
    assert llamacpp_backend(gpu) == "vulkan"
    bf16, _ = _run(FRAMEWORK, "gemma-4-31b", "bf16")
    assert 428.07 / bf16 > 2.5


def test_strix_halo_qwen3_30b_a3b_decode_within_30_percent() -> None:
    """visorcraft (held out): Qwen3 30B-A3B Q4_K_M tg128 86.07 on the EVO-X2 (Vulkan RADV, b8038; the page's kyuz0
    comparison: 86.0 on AMDVLK). The estimate reads it ~21 % slow: inside issue #29's 30 %."""
    _prompt, decode = _run(EVO_X2, "qwen3-30b-a3b", "q4_k_m")
    assert abs(decode / 86.07 - 1) <= 0.30, decode


SPARK = "nvidia-dgx-spark"


def _pp(system_id: str, model_id: str, precision: str, tokens: int, ubatch: int) -> float:
    """llama-bench's pp<tokens> (or batched-bench's B = 1 S_PP) at the run's -ub, from an empty cache."""
    from dataclasses import replace

    from configurator.core.estimate.estimator import CAL

    gpu = system_gpu(_system(system_id), wired_fraction=1.0)
    w = Workload(kind="inference", context=tokens, prompt=tokens, precision=precision, engine="llama.cpp")
    result = estimate(CATALOG.get("models", model_id), w, gpu, cal=replace(CAL, llamacpp_ubatch=ubatch))
    assert result.prefill_tokens_per_s is not None
    return result.prefill_tokens_per_s


@pytest.mark.parametrize(
    ("model_id", "precision", "measured"),
    [
        # ggml-org/llama.cpp benches/dgx-spark.md at 4c7e9893, llama-bench pp2048 -ub 2048 -fa 1 -mmp 0, CUDA, build
        # 2f68ce7cf (6918), nvidia-smi dated 2025-11-02; held out (the family factor is fitted on the same page's
        # llama-batched-bench B = 1 lines, another tool and run). The discrete-card rate read them +5 to +51 %.
        ("gpt-oss-20b", "mxfp4", 3782.76),
        ("gpt-oss-120b", "mxfp4", 1937.54),
        ("qwen3-coder-30b-a3b", "q8_0", 3175.62),
        ("qwen2.5-7b", "q8_0", 2276.28),
        ("gemma-3-4b", "q4_0", 5713.05),
    ],
)
def test_gb10_prompts_held_out_within_25_percent(model_id: str, precision: str, measured: float) -> None:
    estimated = _pp(SPARK, model_id, precision, 2048, 2048)
    assert abs(estimated / measured - 1) <= 0.25, estimated


def test_gb10_moe_prompt_grows_with_the_prompt_as_measured() -> None:
    """dgx-spark.md's batched-bench B = 1 lines (build 6918): gpt-oss-20b PP 4096 at 3,513.60, PP 8192 at 3,313.11; a
    dense Qwen2.5-Coder-7B Q8_0 PP 512 2,379.83, PP 4096 2,259.55. The MoE model's prompt loses less to attention than
    to a short micro-batch: a 512-token prompt gives each expert a quarter of the rows a 2,048-token one does, so the
    estimate's PP 512 is well below its PP 4096 for the MoE model and above it for the dense one."""
    moe = [_pp(SPARK, "gpt-oss-20b", "mxfp4", n, 2048) for n in (512, 4096, 8192)]
    dense = [_pp(SPARK, "qwen2.5-7b", "q8_0", n, 2048) for n in (512, 4096)]
    assert moe[0] < 0.8 * moe[1] and moe[2] < moe[1]
    assert dense[0] > dense[1]
    assert abs(moe[1] / 3513.60 - 1) <= 0.20 and abs(dense[1] / 2259.55 - 1) <= 0.20
