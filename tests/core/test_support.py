"""The support table: what the software runs per GPU architecture, and the verdicts a buyer sees."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.workload import Workload
from configurator.core.support.checks import SupportVerdict, check_stack, worst
from configurator.core.support.facts import (
    REFERENCE_MATMUL,
    SUPPORT_TABLE,
    reference_matmul_efficiency,
    support_for,
    training_factor,
    training_tflops,
)


@pytest.fixture(scope="module")
def gpus(catalog: Catalog) -> dict[str, Gpu]:
    return {g.id: g for g in catalog.kind("gpus") if isinstance(g, Gpu)}


def _rule(verdicts: list[SupportVerdict], rule: str) -> list[SupportVerdict]:
    return [v for v in verdicts if v.rule == rule]


def test_every_architecture_in_the_shipped_catalog_has_an_entry(gpus: dict[str, Gpu]) -> None:
    missing = sorted(
        {(g.vendor, g.architecture) for g in gpus.values() if support_for(g.vendor, g.architecture) is None}
    )
    assert not missing


def test_the_new_generations_are_covered_under_their_real_names() -> None:
    # MI50 is Vega 20 (GCN 5, gfx906), MI100 is CDNA 1 (gfx908); Intel Arc Alchemist/Battlemage
    assert "gfx906" in support_for("amd", "GCN 5").targets  # type: ignore[union-attr]
    assert "gfx908" in support_for("amd", "CDNA 1").targets  # type: ignore[union-attr]
    for vendor, name in (
        ("nvidia", "Pascal"),
        ("amd", "RDNA 4"),
        ("amd", "Vega 20"),
        ("intel", "Alchemist"),
        ("intel", "Battlemage"),
        ("intel", "Xe-HPG"),
        ("intel", "Xe2"),
        ("amd", "rdna3"),
    ):
        assert support_for(vendor, name) is not None, name


def test_every_fact_and_measurement_has_a_source() -> None:
    for entry in SUPPORT_TABLE:
        facts = entry.facts()
        assert len(facts) >= 11 + 7
        for name, fact in facts.items():
            assert fact.source.startswith("https://"), (entry.architecture, name)
            assert fact.note, (entry.architecture, name)
        for m in entry.matmul:
            assert m.source.startswith("https://") and 0 < m.efficiency <= 1, entry.architecture
        assert not entry.matmul or entry.matmul_note


def test_table_agrees_with_the_catalog_fp8_and_bf16_fields(gpus: dict[str, Gpu]) -> None:
    """A card with an FP8 figure sits on an architecture with FP8 compute, and the other way round."""
    for gpu in gpus.values():
        entry = support_for(gpu.vendor, gpu.architecture)
        assert entry is not None
        assert (gpu.fp8_tflops is not None) == (entry.fp8_compute.level == "yes"), gpu.id
        assert (gpu.bf16_tflops is not None) == (entry.bf16.level == "yes"), gpu.id


def test_vllm_fp8_on_turing_warns_it_runs_in_software_and_names_the_alternatives(gpus: dict[str, Gpu]) -> None:
    work = Workload(engine="vllm", precision="fp8", kv_precision="fp8", batch=8)
    verdicts = check_stack(gpus["rtx-2080-ti-22gb"], work)
    weights = _rule(verdicts, "SUP-3")[0]
    assert weights.status == "warn"
    assert "Turing" in weights.message and "no FP8 tensor cores" in weights.message
    assert "weight-only" in weights.message and "AWQ/GPTQ int4" in weights.message and "llama.cpp" in weights.message
    kv = _rule(verdicts, "SUP-4")[0]
    assert kv.status == "warn" and "16-bit" in kv.message
    assert _rule(verdicts, "SUP-1")[0].status == "pass"  # vLLM itself runs on compute capability 7.5
    assert worst(verdicts) == "warn"


def test_vllm_fp8_on_rdna3_fails(gpus: dict[str, Gpu]) -> None:
    verdicts = check_stack(gpus["radeon-pro-w7900"], Workload(engine="vllm", precision="fp8", batch=8))
    weights = _rule(verdicts, "SUP-3")[0]
    assert weights.status == "fail"
    assert "MI300" in weights.message and "GGUF with llama.cpp" in weights.message
    assert worst(verdicts) == "fail"


def test_vllm_fp8_on_ada_hopper_and_mi300_passes(gpus: dict[str, Gpu]) -> None:
    work = Workload(engine="vllm", precision="fp8", kv_precision="fp8", batch=8)
    for gid in ("rtx-4090", "h100-sxm", "mi300x"):
        assert worst(check_stack(gpus[gid], work)) == "pass", gid


def test_vllm_fp8_on_ampere_runs_weight_only(gpus: dict[str, Gpu]) -> None:
    (weights,) = _rule(check_stack(gpus["rtx-3090"], Workload(engine="vllm", precision="fp8", batch=8)), "SUP-3")
    assert weights.status == "warn" and "Marlin" in weights.message


def test_bf16_lora_on_v100_warns_to_use_fp16_mixed_precision(gpus: dict[str, Gpu]) -> None:
    verdicts = check_stack(gpus["v100-32gb-sxm2"], Workload(kind="finetune", method="lora", precision="bf16"))
    (bf16,) = _rule(verdicts, "SUP-2")
    assert bf16.status == "warn" and "no bf16" in bf16.message and "fp16 mixed precision" in bf16.message
    assert _rule(verdicts, "SUP-5")[0].status == "warn"  # no FlashAttention-2 before Ampere
    (driver,) = _rule(verdicts, "SUP-8")
    assert driver.status == "warn" and "580" in driver.message and "CUDA 13" in driver.message
    # the time estimate costs the fp16 rate it will actually run at
    assert training_tflops(gpus["v100-32gb-sxm2"], "bf16") == gpus["v100-32gb-sxm2"].fp16_tflops


def test_bf16_lora_on_ampere_passes_every_rule(gpus: dict[str, Gpu]) -> None:
    verdicts = check_stack(gpus["rtx-3090"], Workload(kind="finetune", method="lora", precision="bf16"))
    assert worst(verdicts) == "pass", verdicts


def test_qlora_on_rocm_and_intel_is_stated_accurately(gpus: dict[str, Gpu]) -> None:
    work = Workload(kind="finetune", method="qlora")
    (instinct,) = _rule(check_stack(gpus["mi300x"], work), "SUP-6")
    assert instinct.status == "pass" and "official AMD ROCm support" in instinct.message
    (radeon,) = _rule(check_stack(gpus["rx-7900-xtx"], work), "SUP-6")
    assert radeon.status == "warn" and "less tested" in radeon.message
    (cuda,) = _rule(check_stack(gpus["rtx-3090"], work), "SUP-6")
    assert cuda.status == "pass"
    arc = support_for("intel", "Xe-HPG")
    assert arc is not None and arc.bitsandbytes.level == "yes" and "Intel XPU" in arc.bitsandbytes.note
    mi50 = support_for("amd", "GCN 5")
    assert mi50 is not None and mi50.bitsandbytes.level == "no"


def test_llama_cpp_runs_on_every_catalog_gpu(gpus: dict[str, Gpu]) -> None:
    work = Workload(engine="llama.cpp", precision="q4_k_m")
    for gpu in gpus.values():
        (engine,) = _rule(check_stack(gpu, work), "SUP-1")
        # the MI50 (gfx906) runs llama.cpp on Vulkan, and on HIP only with a ROCm that still ships
        # gfx906 libraries (maintenance ended Q2 2024); a Pascal card on CUDA only from a build of its own (its
        # prebuilt CUDA binaries carry no Pascal machine code: llama.cpp's release.yml at 002efcd4, round 31), and so
        # a Volta card (compute_70 PTX at most, window32): a warning, not a pass
        assert engine.status == ("warn" if gpu.architecture in ("GCN 5", "Pascal", "Volta") else "pass"), gpu.id
        assert {"nvidia": "CUDA", "amd": "HIP", "intel": "SYCL"}[gpu.vendor] in engine.message
    for entry in SUPPORT_TABLE:
        assert entry.llama_cpp.level != "no", entry.architecture  # a backend exists everywhere (Vulkan at least)


def test_vllm_refuses_gpus_it_does_not_build_for() -> None:
    for vendor, arch in (("nvidia", "Pascal"), ("amd", "CDNA 1"), ("amd", "GCN 5")):
        entry = support_for(vendor, arch)
        assert entry is not None and entry.vllm.level == "no", arch
    volta = support_for("nvidia", "Volta")
    assert volta is not None and volta.vllm.level == "partial" and "0.14" in volta.vllm.note


def test_awq_in_vllm_follows_the_hardware_table(gpus: dict[str, Gpu]) -> None:
    work = Workload(engine="vllm", precision="awq-int4", batch=8)
    assert _rule(check_stack(gpus["v100-32gb-sxm2"], work), "SUP-3")[0].status == "fail"  # AWQ: no Volta column
    assert _rule(check_stack(gpus["rtx-2080-ti"], work), "SUP-3")[0].status == "pass"
    assert _rule(check_stack(gpus["rx-7900-xtx"], work), "SUP-3")[0].status == "fail"


def test_unknown_architecture_warns_instead_of_guessing(gpus: dict[str, Gpu]) -> None:
    odd = gpus["rtx-3090"].model_copy(update={"architecture": "Rubin"})
    (verdict,) = check_stack(odd, Workload())
    assert verdict.rule == "SUP-0" and verdict.status == "warn" and "Rubin" in verdict.message
    assert training_tflops(odd, "bf16") == odd.bf16_tflops


def test_training_tflops_keeps_nvidia_peaks_and_derates_amd_by_measured_gemm(gpus: dict[str, Gpu]) -> None:
    assert training_tflops(gpus["rtx-3090"], "bf16") == gpus["rtx-3090"].bf16_tflops
    assert training_tflops(gpus["h100-sxm"], "bf16") == gpus["h100-sxm"].bf16_tflops
    # ml-engineering MAMF table: MI300X 668.4 and MI325X 784.9 of 1300 vs A100 SXM 271.2 of 312
    expected = (668.4 / 1300 + 784.9 / 1300) / 2 / (271.2 / 312)
    assert training_factor(gpus["mi300x"], "bf16") == pytest.approx(expected)
    assert training_tflops(gpus["mi300x"], "bf16") == pytest.approx(1307.4 * expected)
    assert REFERENCE_MATMUL.efficiency == pytest.approx(0.869, abs=1e-3)


def test_rdna3_dual_issue_fp32_is_derated_far_more_than_its_wmma_fp16(gpus: dict[str, Gpu]) -> None:
    xtx = gpus["rx-7900-xtx"]
    # measured: fp32 23.3-26.8 of 61.4 TFLOPS, fp16 95.4-105.4 and bf16 88.1-99.4 of 122.8
    # a desktop card's rate is its measured share over the GeForce cards' (support.GEFORCE_MATMUL), whose peaks the
    # consumer utilisation is a share of: times that share, the figure is the measured GEMM again
    reference = reference_matmul_efficiency(xtx)
    assert 23.0 <= training_tflops(xtx, "fp32") * reference <= 27.0
    assert 88.0 <= training_tflops(xtx, "bf16") * reference <= 100.0
    assert training_factor(xtx, "fp32") < 0.5 < training_factor(xtx, "bf16") < 1.0
    # the realistic figure still exceeds an RTX 3090's 71 TFLOPS dense bf16 peak: the GEMM measurements
    # do not support ranking the 7900 XTX below the 3090 on matmul throughput alone
    assert training_tflops(xtx, "bf16") > training_tflops(gpus["rtx-3090"], "bf16")
    (basis,) = _rule(check_stack(xtx, Workload(kind="finetune", method="lora")), "SUP-9")
    assert basis.status == "warn" and "76%" in basis.message and "dual-issue" in basis.message


def test_training_tflops_rejects_a_dtype_it_has_no_measurement_basis_for(gpus: dict[str, Gpu]) -> None:
    with pytest.raises(ValueError, match="fp8"):
        training_tflops(gpus["h100-sxm"], "fp8")  # type: ignore[arg-type]


def test_deepspeed_on_arc_and_8bit_adam_are_checked(gpus: dict[str, Gpu]) -> None:
    work = Workload(kind="finetune", method="lora", zero=2, optimizer="adamw-8bit")
    verdicts = check_stack(gpus["a100-80gb-sxm"], work)
    assert _rule(verdicts, "SUP-7")[0].status == "pass"
    assert _rule(verdicts, "SUP-6")[0].status == "pass"
    arc = support_for("intel", "Xe2")
    assert arc is not None and arc.deepspeed.level == "partial" and "Max" in arc.deepspeed.note


def test_awq_and_gptq_in_vllm_are_gone_on_arc_alchemist_with_ipex(gpus: dict[str, Gpu]) -> None:
    """#27: 4 x Arc A770 ran a 72B AWQ on vLLM as 'cheapest; best value'. vLLM's AWQ/GPTQ on XPU go through IPEX
    (ipex_quant.py), which dropped Alchemist after 2.6.10+xpu (intel-extension-for-pytorch #796) and is end of life
    (#867, archived 2026-03-30): the hardware table's Intel column no longer holds for an A770. Battlemage keeps it."""
    for precision in ("awq-int4", "gptq-int4"):
        work = Workload(engine="vllm", precision=precision, batch=1)
        (a770,) = _rule(check_stack(gpus["arc-a770-16gb"], work), "SUP-3")
        assert a770.status == "fail" and "IPEX" in a770.message, a770.message
    (b60,) = _rule(check_stack(gpus["arc-pro-b60"], Workload(engine="vllm", precision="awq-int4")), "SUP-3")
    assert b60.status == "pass"


def test_vllm_deepseek_v4_on_arc_b_series_warns_and_on_alchemist_fails(gpus: dict[str, Gpu]) -> None:
    """8 x Arc Pro B60 was offered for DeepSeek-V4-Flash on vLLM with only the generic XPU warning. Upstream vLLM runs
    DeepSeek-V4 on XPU through vllm/models/deepseek_v4/xpu (PRs #42950, #44144, #47677, May-July 2026) on
    vllm-xpu-kernels' Xe2 kernels; the DeepSeek-V4-Flash recipe verifies no Intel GPU (vllm-project/recipes
    models/deepseek-ai/DeepSeek-V4-Flash.yaml). So Battlemage warns and Alchemist (not an Xe2 target) fails."""
    work = Workload(engine="vllm", batch=1)
    b60 = _rule(check_stack(gpus["arc-pro-b60"], work, "deepseek_v4"), "SUP-1")
    assert [v.status for v in b60] == ["warn", "warn"]
    assert "DeepSeek-V4" in b60[1].message and "recipe" in b60[1].message
    assert "vllm-project/recipes" in b60[1].source
    (a770,) = [v for v in check_stack(gpus["arc-a770-16gb"], work, "deepseek_v4") if v.status == "fail"]
    assert a770.rule == "SUP-1" and "Xe2" in a770.message
    # the engine's general answer holds for other models and other engines
    assert len(_rule(check_stack(gpus["arc-pro-b60"], work, "qwen3"), "SUP-1")) == 1
    llama = Workload(engine="llama.cpp", precision="q4_k_m")
    assert worst(check_stack(gpus["arc-a770-16gb"], llama, "deepseek_v4")) == "pass"


def test_vllm_gated_deltanet_hybrids_on_arc_b_series_warn_with_releases_and_on_alchemist_fail(
    gpus: dict[str, Gpu],
) -> None:
    """Round 45: whether vLLM on Intel XPU runs Qwen3.5/3.6's Gated DeltaNet layers is a fact of its own. Intel's
    llm-scaler README (read 2026-12-07, commit 8d66bf9e): llm-scaler-vllm 0.14.0-b8.1 (2026-03) supports Qwen3.5-27B,
    35B-A3B and 122B-A10B, 0.14.0-b8.3.2 (2026-06) fixes Qwen3.5/3.6-27B accuracy, 0.21.0-b2 (2026-08) adds MTP;
    Releases.md: 0.11.1-b7 (2026-01-16) adds Qwen3-Next-80B-A3B. Upstream vllm-xpu-kernels' GDN kernels are Xe2-only
    (intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md). So a B60 warns with the releases, an A770 fails."""
    work = Workload(engine="vllm", precision="gptq-int4", batch=1)
    for model_type in ("qwen3_5", "qwen3_5_moe", "qwen3_next"):
        b60 = _rule(check_stack(gpus["arc-pro-b60"], work, model_type), "SUP-1")
        assert [v.status for v in b60] == ["warn", "warn"], model_type
        assert "Gated DeltaNet" in b60[1].message and "0.14.0-b8.3.2" in b60[1].message
        assert "intel/llm-scaler" in b60[1].source
        (a770,) = [
            v for v in _rule(check_stack(gpus["arc-a770-16gb"], work, model_type), "SUP-1") if v.status == "fail"
        ]
        assert "Xe2" in a770.message and "llama.cpp" in a770.message
    # llama.cpp runs the hybrids on either (its own Gated DeltaNet op); vLLM on NVIDIA is not touched
    assert (
        worst(check_stack(gpus["arc-a770-16gb"], Workload(engine="llama.cpp", precision="q4_k_m"), "qwen3_5")) == "pass"
    )
    assert len(_rule(check_stack(gpus["rtx-3090"], work, "qwen3_5"), "SUP-1")) == 1


def test_vllm_fp8_weights_warn_on_battlemage_and_fail_on_alchemist(gpus: dict[str, Gpu]) -> None:
    """Round 45's walk: a Qwen3.6-27B plan in FP8 under vLLM on Intel was refused on every card by vLLM's hardware
    table (no FP8 column entry for Intel GPUs), while Intel's llm-scaler serves Qwen3.6 on Arc Pro B60 with
    --quantization fp8 (intel/llm-scaler vllm/README.md, 'Dynamic Online FP8', read 2026-12-07) and upstream vLLM's
    XPU path runs FP8 weights as W8A16 through oneDNN (intel/llm-scaler issues/vllm-xpu-status-2026-09-02.md).
    Battlemage warns (it runs, at the 16-bit matmul rate); an A770 keeps the table's refusal."""
    work = Workload(engine="vllm", precision="fp8", batch=1)
    (b60,) = _rule(check_stack(gpus["arc-pro-b60"], work), "SUP-3")
    assert b60.status == "warn" and "llm-scaler" in b60.message and "W8A16" in b60.message
    assert "intel/llm-scaler" in b60.source
    (a770,) = _rule(check_stack(gpus["arc-a770-16gb"], work), "SUP-3")
    assert a770.status == "fail"


def test_plan_for_deepseek_v4_flash_on_intel_carries_the_model_warning(catalog: Catalog) -> None:
    """The 8 x Arc Pro B60 build the plan offers for DeepSeek-V4-Flash on vLLM says the model's XPU path is unverified;
    an Arc A770 is refused for it on vLLM."""
    from configurator.core.model.request import BuildRequest
    from configurator.core.solve.plan import plan

    request = BuildRequest(
        model_id="deepseek-v4-flash",
        workload=Workload(kind="inference", engine="vllm"),
        circuit="230v16a",
        gpu_vendors=("intel",),
        top_k=1,
    )
    result = plan(request, catalog)
    assert result.builds, "the B60 build is still offered (a warning, not a refusal)"
    build = result.builds[0]
    assert any(p.id == "arc-pro-b60" for p in build.parts)
    assert any(c.rule == "SUP-1" and c.status == "warn" and "DeepSeek-V4" in c.message for c in build.checks)


def test_vllm_mxfp4_needs_ampere_so_gpt_oss_on_turing_is_refused_and_runs_in_llama_cpp(gpus: dict[str, Gpu]) -> None:
    """gpt-oss's MXFP4 in vLLM needs compute capability 8.0 (vllm-project/vllm#22288, #23203, open; the Turing Marlin
    kernels of #29901 exclude MXFP4, which needs bf16 activations): a 2080 Ti or a V100 is refused for it, an
    RTX 3090 (Marlin MXFP4) is not."""
    work = Workload(engine="vllm", precision="mxfp4", batch=4)
    for gid in ("rtx-2080-ti-22gb", "v100-32gb-sxm2"):
        (weights,) = _rule(check_stack(gpus[gid], work), "SUP-3")
        assert weights.status == "fail" and "MXFP4" in weights.message and "llama.cpp" in weights.message, gid
    assert _rule(check_stack(gpus["rtx-3090"], work), "SUP-3") == []
    assert worst(check_stack(gpus["rtx-2080-ti-22gb"], Workload(engine="llama.cpp", precision="mxfp4"))) == "pass"


def test_a_pascal_card_runs_llama_cpp_built_from_source_for_its_own_compute_capability(
    gpus: dict[str, Gpu], catalog: Catalog
) -> None:
    """llama.cpp's release workflow (.github/workflows/release.yml at 002efcd4e56d, read 2026-12-05) builds CUDA
    binaries for Windows alone, with CUDA 12.4 and 13.3 and ggml-cuda's default architectures (CMakeLists.txt at
    00a2d6092159: 50-virtual 61-virtual 70-virtual below CUDA 13, none of them from 13): no Pascal machine code. SUP-1
    says so and how to build it (docs/build.md's flags), and the launch command builds it first for the card's own
    compute capability (P40 6.1, P100 6.0) and runs the server it built; a supported card runs the prebuilt one."""
    from configurator.core.common.reasons import from_json
    from configurator.core.estimate.estimator import estimate
    from configurator.core.launch.commands import launch_command
    from configurator.core.report import words
    from configurator.core.support.facts import LLAMA_CPP_RELEASE_YML

    work = Workload(engine="llama.cpp", precision="q4_k_m")
    (engine,) = _rule(check_stack(gpus["tesla-p40"], work), "SUP-1")
    assert engine.status == "warn" and "-DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=61" in engine.message
    assert "no Linux CUDA build" in engine.message and "CUDA 12 toolkit" in engine.message
    model = catalog.records["models"]["llama-3.1-8b"]
    assert isinstance(model, ModelArch)
    for gpu_id, sm in (("tesla-p40", "61"), ("tesla-p100-16gb-pcie", "60")):
        gpu = catalog.records["gpus"][gpu_id]
        assert isinstance(gpu, Gpu)
        launch = launch_command(model, estimate(model, work, gpu, 1), gpu=gpu)
        assert launch["build"] == (
            f"cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES={sm} && cmake --build build --config Release"
        )
        assert launch["command"].startswith("./build/bin/llama-server ")
        assert launch["build_said"]["fields"]["sm"] == sm and launch["build_said"]["fields"]["cuda"] == "12"
        with words.language("zh_CN"):
            assert words.say(from_json(launch["build_said"])) == (
                f"先用 CUDA 12 工具包为 sm_{sm} 编译 llama.cpp（其预编译包不含 Pascal 的代码）"
            )
    rtx = catalog.records["gpus"]["rtx-3090"]
    assert isinstance(rtx, Gpu)
    plain = launch_command(model, estimate(model, work, rtx, 1), gpu=rtx)
    assert "build" not in plain and plain["command"].startswith("llama-server ")
    assert "002efcd4e56d7e23bf53fb472a15bdb493f223d1" in LLAMA_CPP_RELEASE_YML


def test_volta_and_gfx906_run_llama_cpp_built_from_source(gpus: dict[str, Gpu], catalog: Catalog) -> None:
    """The same two files read again (window32, 2026-12-05): ggml-cuda's CMakeLists.txt at 00a2d6092159 lists
    "70-virtual" only below CUDA 13, so the Windows CUDA 12.4 build has Volta as compute_70 PTX and the 13.3 one has
    nothing; release.yml at 002efcd4e56d builds ROCm 7.2.1 for GPU_TARGETS "gfx908;gfx90a;gfx942;gfx1030;..." on Linux
    and "gfx1150;...;gfx1032" (Radeon) on Windows, no gfx906. A V100 builds llama.cpp for sm_70 with CUDA 12; an MI50
    builds its HIP backend for gfx906 (docs/build.md's HIP command at 00fd518151fe) with ROCm 6.3, the last whose
    rocBLAS ships gfx906 kernels. SUP-1 says how, and the launch builds first and runs the server it built."""
    from configurator.core.common.reasons import from_json
    from configurator.core.estimate.estimator import estimate
    from configurator.core.launch.commands import launch_command
    from configurator.core.report import words

    work = Workload(engine="llama.cpp", precision="q4_k_m")
    (volta,) = _rule(check_stack(gpus["v100-32gb-pcie"], work), "SUP-1")
    assert volta.status == "warn" and "compute_70 PTX" in volta.message and "CUDA 12 toolkit" in volta.message
    assert "-DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=70" in volta.message
    (gfx906,) = _rule(check_stack(gpus["mi50-32gb"], work), "SUP-1")
    assert gfx906.status == "warn" and "target no gfx906" in gfx906.message
    assert "-DGGML_HIP=ON -DGPU_TARGETS=gfx906" in gfx906.message and "ROCm 6.3" in gfx906.message
    model = catalog.records["models"]["llama-3.1-8b"]
    assert isinstance(model, ModelArch)
    v100, mi50 = catalog.records["gpus"]["v100-32gb-sxm2"], catalog.records["gpus"]["mi50-32gb"]
    assert isinstance(v100, Gpu) and isinstance(mi50, Gpu)
    cuda = launch_command(model, estimate(model, work, v100, 1), gpu=v100)
    assert cuda["build"] == (
        "cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=70 && cmake --build build --config Release"
    )
    assert cuda["build_said"] == {"code": "launch.build-source", "fields": {"sm": "70", "cuda": "12", "arch": "Volta"}}
    hip = launch_command(model, estimate(model, work, mi50, 1), gpu=mi50)
    assert hip["build"] == (
        'HIPCXX="$(hipconfig -l)/clang" HIP_PATH="$(hipconfig -R)" cmake -S . -B build -DGGML_HIP=ON '
        "-DGPU_TARGETS=gfx906 -DCMAKE_BUILD_TYPE=Release && cmake --build build --config Release"
    )
    assert hip["command"].startswith("./build/bin/llama-server ")
    said = from_json(hip["build_said"])
    assert said.code == "launch.build-source-hip" and dict(said.fields)["rocm"] == "6.3"
    with words.language("zh_CN"):
        assert (
            words.say(said)
            == "先用 ROCm 6.3 为 gfx906 编译 llama.cpp 的 HIP 后端（其预编译 ROCm 包不含 gfx906 的代码）"
        )
        assert "sm_70" in words.say(from_json(cuda["build_said"]))
