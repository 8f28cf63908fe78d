"""Estimator behaviour users rely on: the seed articles' arithmetic, GQA, MoE, multi-GPU."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate, kv_cache_bytes, llamacpp_build
from configurator.core.estimate.frameworks import LOGITS_BYTES
from configurator.core.estimate.params import count_params
from configurator.core.estimate.workload import Workload
from tests.reference import first_eval_rate

GB = 1e9
GIB = 1024**3


def test_gpt3_weights_are_700_gb_at_four_bytes(catalog: Catalog) -> None:
    # Seed article 000: "GPT-3 的 1750 亿参数本身就需要 700 GB 的显存空间（每个参数按照 4 个字节计算）"
    model = catalog.get("models", "gpt-3-175b")
    result = estimate(model, Workload(kind="inference", precision="fp32", context=1))
    assert result.breakdown.weights == pytest.approx(700e9, rel=0.01)


@pytest.mark.parametrize(
    ("precision", "published_gb"),
    # ChatGLM-6B README (THUDM/ChatGLM-6B): minimum GPU memory for inference
    # FP16 13 GB, INT8 8 GB, INT4 6 GB.
    [("fp16", 13), ("int8", 8), ("int4", 6)],
)
def test_chatglm_6b_matches_its_readme(catalog: Catalog, precision: str, published_gb: float) -> None:
    model = catalog.get("models", "chatglm-6b")
    result = estimate(model, Workload(kind="inference", precision=precision, context=2048, engine="transformers"))
    assert result.per_gpu_bytes / GB == pytest.approx(published_gb, rel=0.15)


def test_gqa_kv_cache_is_mha_divided_by_group_size(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    assert model.num_attention_heads // model.num_kv_heads == 8
    gqa = kv_cache_bytes(model, 8192, 1, 2.0, "vllm")
    mha = kv_cache_bytes(model.model_copy(update={"num_kv_heads": model.num_attention_heads}), 8192, 1, 2.0, "vllm")
    assert gqa * 8 == pytest.approx(mha)
    # 2 (K,V) x 80 layers x 8 heads x 128 dims x 2 bytes = 327,680 bytes per token
    assert gqa == 327_680 * 8192


def test_moe_memory_uses_total_and_speed_uses_active(catalog: Catalog) -> None:
    moe = catalog.get("models", "qwen3-30b-a3b")
    dense = catalog.get("models", "qwen3-32b")
    gpu = catalog.get("gpus", "h100-sxm")
    w = Workload(kind="inference", precision="bf16", context=4096, engine="vllm")
    moe_result, dense_result = estimate(moe, w, gpu), estimate(dense, w, gpu)
    # weights: ~30.5 B parameters x 2 bytes for the MoE, all experts resident
    assert moe_result.breakdown.weights / GB == pytest.approx(61, rel=0.05)
    assert moe_result.params_active / 1e9 == pytest.approx(3.3, rel=0.05)
    # decoding reads only the active experts: several times faster than the dense 32B
    assert moe_result.decode_tokens_per_s > 3 * dense_result.decode_tokens_per_s


def test_70b_over_two_gpus_reports_per_gpu_not_pooled(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.3-70b")
    gpu = catalog.get("gpus", "rtx-3090")
    w = Workload(kind="inference", precision="q4_k_m", context=8192, engine="llama.cpp")
    one, two = estimate(model, w, gpu, 1), estimate(model, w, gpu, 2)
    assert one.fits is False
    assert two.fits is True
    assert len(two.per_gpu) == 2
    assert two.per_gpu_bytes < 0.6 * one.per_gpu_bytes
    assert two.total_bytes > one.per_gpu_bytes  # each GPU carries its own overhead and buffers
    # a layer split does not make one sequence faster
    assert two.decode_tokens_per_s < 20


def test_tensor_parallel_needs_heads_to_divide(catalog: Catalog) -> None:
    model = catalog.get("models", "qwen2.5-72b")
    gpu = catalog.get("gpus", "a100-80gb-sxm")
    w = Workload(kind="inference", precision="bf16", engine="vllm", context=4096)
    assert estimate(model, w, gpu, 4).split == "tensor"
    three = estimate(model, w, gpu, 3)
    assert three.split == "layer"
    assert any("2, 4, 8 or 16" in a for a in three.assumptions)


def test_full_finetune_is_16_bytes_per_parameter_plus_activations(catalog: Catalog) -> None:
    # ZeRO paper (Rajbhandari et al. 2020, sec. 3.1): mixed-precision Adam needs 16 bytes/param
    model = catalog.get("models", "llama-3.1-8b")
    w = Workload(kind="finetune", method="full", context=512, batch=1, grad_checkpointing=True)
    result = estimate(model, w)
    b = result.breakdown
    n = count_params(model).total
    assert (b.weights + b.gradients + b.optimizer_states) == pytest.approx(16 * n, rel=0.001)


def test_zero3_and_offload_reduce_gpu_memory(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    base = Workload(kind="finetune", method="full", context=2048, batch=1)
    z0 = estimate(model, base, None, 8)
    z3 = estimate(model, base.model_copy(update={"zero": 3}), None, 8)
    off = estimate(model, base.model_copy(update={"zero": 3, "offload": "cpu"}), None, 8)
    assert z3.per_gpu_bytes < z0.per_gpu_bytes / 5
    assert off.per_gpu_bytes < z3.per_gpu_bytes
    assert off.host_ram_bytes > 70e9 * 12  # optimizer states moved to system RAM


def test_qlora_fits_a_70b_on_one_80gb_card_but_lora_does_not(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    gpu = catalog.get("gpus", "a100-80gb-sxm")
    qlora = estimate(model, Workload(kind="finetune", method="qlora", context=2048), gpu)
    lora = estimate(model, Workload(kind="finetune", method="lora", context=2048), gpu)
    assert qlora.fits is True
    assert lora.fits is False


def test_longer_context_costs_more_memory_and_checkpointing_saves_it(catalog: Catalog) -> None:
    model = catalog.get("models", "qwen2.5-7b")
    short = estimate(model, Workload(kind="finetune", context=1024, grad_checkpointing=False))
    long = estimate(model, Workload(kind="finetune", context=8192, grad_checkpointing=False))
    ckpt = estimate(model, Workload(kind="finetune", context=8192, grad_checkpointing=True))
    assert long.breakdown.activations > 6 * short.breakdown.activations
    # checkpointing drops the layers' saved activations; the loss's logits are not checkpointed
    logits = 8192 * model.vocab_size * LOGITS_BYTES["fp32-upcast"]
    assert ckpt.breakdown.activations - logits < (long.breakdown.activations - logits) / 4


def test_training_time_follows_6nd(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-2-7b")
    gpu = catalog.get("gpus", "a100-80gb-sxm")
    w = Workload(kind="pretrain", tokens=1e12, context=4096, grad_checkpointing=False, mfu=0.5)
    result = estimate(model, w, gpu, 1)
    n = count_params(model).matmul_active
    flops = (6 * n + 12 * model.num_layers * model.hidden_size * 4096) * 1e12
    assert result.training_flops == pytest.approx(flops, rel=1e-9)
    assert result.gpu_hours == pytest.approx(flops / (gpu.bf16_tflops * 1e12 * 0.5) / 3600, rel=1e-9)
    eight = estimate(model, w, gpu, 8)
    assert eight.wall_hours < result.wall_hours / 7


def test_sliding_window_caps_the_kv_cache(catalog: Catalog) -> None:
    gemma = catalog.get("models", "gemma-3-27b")
    assert gemma.sliding_window and gemma.sliding_window_layers
    full = gemma.model_copy(update={"sliding_window": None, "sliding_window_layers": None})
    assert kv_cache_bytes(gemma, 32768, 1, 2, "vllm") < 0.3 * kv_cache_bytes(full, 32768, 1, 2, "vllm")


def test_mla_caches_the_latent_not_full_heads(catalog: Catalog) -> None:
    model = catalog.get("models", "deepseek-v3")
    # (kv_lora_rank 512 + rope 64) x 2 bytes x 61 layers = 70,272 bytes per token
    assert kv_cache_bytes(model, 1, 1, 2.0, "vllm") == (512 + 64) * 2 * 61
    assert kv_cache_bytes(model, 1, 1, 2.0, "transformers") > 50 * kv_cache_bytes(model, 1, 1, 2.0, "vllm")


def test_every_estimate_explains_itself(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-8b")
    gpu = catalog.get("gpus", "rtx-4090")
    result = estimate(model, Workload(kind="inference", precision="q4_k_m"), gpu)
    topics = {s.topic for s in result.steps}
    assert {"weights", "kv_cache", "decode", "prefill", "total"} <= topics
    assert result.assumptions


def test_bad_workload_combinations_are_rejected() -> None:
    with pytest.raises(ValueError, match="GGUF"):
        Workload(kind="finetune", precision="q4_k_m")
    with pytest.raises(ValueError, match="llama.cpp"):
        Workload(kind="inference", precision="awq-int4", engine="llama.cpp")


def test_cpu_offload_keeps_experts_in_ram_and_slows_decode(catalog: Catalog) -> None:
    """A 235B MoE on one 24 GB card: llama.cpp keeps the experts in RAM (--cpu-moe)."""
    model = catalog.get("models", "qwen3-235b-a22b")
    gpu = catalog.get("gpus", "rtx-3090")
    w = Workload(kind="inference", precision="q4_k_m", context=8192, engine="llama.cpp", offload="cpu")
    result = estimate(model, w, gpu)
    assert result.fits is True
    assert result.workload["cpu_experts"] is True
    # nearly all of the ~140 GB of weights are in system RAM
    assert result.host_ram_bytes > 120e9
    # decode is bound by system RAM: active experts (~13 GB of 22 B active at 4.84 bits) at ~32 GB/s
    assert 1 < result.decode_tokens_per_s < 8
    faster = estimate(model, w.model_copy(update={"ram_bandwidth_gbps": 460.8}), gpu)  # 12-channel DDR5-4800 EPYC
    assert faster.decode_tokens_per_s > 3 * result.decode_tokens_per_s


def test_cpu_layers_move_weights_and_kv_to_ram(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.3-70b")
    gpu = catalog.get("gpus", "rtx-4090")
    base = Workload(kind="inference", precision="q4_k_m", context=8192, engine="llama.cpp")
    full = estimate(model, base, gpu)
    half = estimate(model, base.model_copy(update={"cpu_layers": 40}), gpu)
    assert full.fits is False
    assert half.breakdown.weights < 0.6 * full.breakdown.weights
    assert half.host_ram_bytes > 18e9
    assert half.decode_tokens_per_s < full.decode_tokens_per_s
    auto = estimate(model, base.model_copy(update={"offload": "cpu"}), gpu)
    assert auto.fits is True and 0 < auto.workload["cpu_layers"] < model.num_layers


def test_transformers_moe_decode_pays_the_per_expert_loop(catalog: Catalog) -> None:
    """Qwen3 speed benchmark (QwenLM/Qwen3 docs, H20, transformers 4.51.3, batch 1): Qwen3-30B-A3B BF16 decodes at
    1.89 tokens/s while the dense Qwen3-8B reaches 45.32: the MoE model is bound by the loop over its 128 experts in
    48 layers, not by its 3B active parameters. vLLM runs fused MoE kernels and pays no such loop."""
    models, gpus = catalog.records["models"], catalog.records["gpus"]
    w = Workload(kind="inference", engine="transformers", precision="bf16", context=1, batch=1)
    moe = estimate(models["qwen3-30b-a3b"], w, gpus["h20"]).decode_tokens_per_s
    dense = estimate(models["qwen3-8b"], w, gpus["h20"]).decode_tokens_per_s
    assert moe is not None and dense is not None
    assert moe == pytest.approx(1.89, rel=0.15)
    assert dense == pytest.approx(45.32, rel=0.15)
    served = estimate(models["qwen3-30b-a3b"], w.model_copy(update={"engine": "vllm"}), gpus["h20"]).decode_tokens_per_s
    assert served is not None and served > 10 * moe


def test_tesla_p40_llama_cpp_speeds_are_its_measured_ones(catalog: Catalog) -> None:
    """A card without tensor cores: its fp16 figure is the FP32 rate llama.cpp's dp4a kernels reach.

    llama.cpp PR #4766 (JohannesGaessler, llama-bench on a Tesla P40): llama 7B Q4_0 pp512 912 t/s,
    tg128 56.8 t/s. The tensor-core "pro" efficiency would put prefill near 150 t/s.
    """
    model = catalog.get("models", "llama-2-7b")
    p40 = catalog.get("gpus", "tesla-p40")
    result = estimate(model, Workload(kind="inference", precision="q4_0", context=512, engine="llama.cpp"), p40)
    assert result.prefill_tokens_per_s == pytest.approx(912, rel=0.5)
    assert result.decode_tokens_per_s == pytest.approx(56.8, rel=0.25)


def test_llama_cpp_prefill_on_data_center_cards_is_not_overpredicted(catalog: Catalog) -> None:
    """The same llama.cpp build on a GeForce card and on an H100 PCIe (XiongjieDai/GPU-Benchmarks-on-LLM-Inference,
    LLaMA 2 7B Q4_0 pp512: RTX 4090 5531 t/s, H100 PCIe 4869 t/s): the H100's 4.6x tensor peak buys nothing, because
    its 350 W board power holds the GEMM clocks. A peak-share model put the H100 near 2x its measured figure.
    Those figures are the first evaluation of a fresh `./main` on a 494-token prompt (the run notebooks), so the
    steady estimate is compared through tests.reference.first_eval_rate (its fixed start-up cost)."""
    model = catalog.get("models", "llama-2-7b")
    w = Workload(kind="inference", precision="q4_0", context=494, engine="llama.cpp")
    build = llamacpp_build("2023-12")  # the runs' build 1691: dequantize + cuBLAS, no flash attention
    h100_steady = estimate(model, w, catalog.get("gpus", "h100-pcie"), cal=build).prefill_tokens_per_s
    rtx_steady = estimate(model, w, catalog.get("gpus", "rtx-4090"), cal=build).prefill_tokens_per_s
    assert h100_steady is not None and rtx_steady is not None
    h100, rtx = first_eval_rate(h100_steady, 494), first_eval_rate(rtx_steady, 494)
    assert h100 == pytest.approx(4869, rel=0.25)
    assert h100 / rtx == pytest.approx(4869 / 5531, rel=0.25)


def test_llama_cpp_prefill_off_nvidia_matches_published_runs(catalog: Catalog) -> None:
    """Rows no constant is fitted on (tests/data/holdout_decode_speed.toml): Intel Arc B580 under the SYCL build,
    DeepSeek-R1-Distill-Qwen-7B Q4_K_M pp512 2336 t/s, tg128 66.5 t/s (intel/ipex-llm issue #12991)."""
    model = catalog.get("models", "qwen2.5-7b")
    result = estimate(
        model,
        Workload(kind="inference", precision="q4_k_m", context=512, engine="llama.cpp"),
        catalog.get("gpus", "arc-b580"),
        cal=llamacpp_build("2025-03", "sycl"),  # IPEX-LLM's portable llama.cpp of March 2025
    )
    assert result.prefill_tokens_per_s == pytest.approx(2336, rel=0.3)
    assert result.decode_tokens_per_s == pytest.approx(66.5, rel=0.2)


def test_long_prompts_pay_for_attention_scores_without_flash_attention(catalog: Catalog) -> None:
    """XiongjieDai (LLaMA 3 8B Q4_K_M on an RTX 4090): pp512 7139 t/s, pp8192 4040 t/s: 43 % slower at 16x the
    prompt, far more than the attention FLOPs alone (~14 %): the fp32 score matrix goes through memory."""
    model = catalog.get("models", "llama-3-8b")
    gpu = catalog.get("gpus", "rtx-4090")
    may_2024 = llamacpp_build("2024-05")  # the tables' May 2024 llama-bench, -fa 0 (its default then)
    short, long = (
        estimate(
            model,
            Workload(kind="inference", precision="q4_k_m", context=c, prompt=c, engine="llama.cpp"),
            gpu,
            cal=may_2024,
        ).prefill_tokens_per_s
        for c in (512, 8192)
    )
    assert short is not None and long is not None
    assert long / short == pytest.approx(4040 / 7139, rel=0.15)
    # FlashAttention (llama.cpp's default since PR #15434, August 2025) keeps the scores on chip: the long prompt then
    # costs only its attention FLOPs
    august_2025 = llamacpp_build("2025-08")
    fa_short, fa_long = (
        estimate(
            model,
            Workload(kind="inference", precision="q4_k_m", context=c, prompt=c, engine="llama.cpp"),
            gpu,
            cal=august_2025,
        ).prefill_tokens_per_s
        for c in (512, 8192)
    )
    assert fa_short is not None and fa_long is not None
    assert long / short < fa_long / fa_short < 1.0


def test_int8_mmq_builds_process_quantized_prompts_without_the_dequantize_pass(catalog: Catalog) -> None:
    """ggml-org/llama.cpp PR #7676 (June 2024; a holdout pair, no constant is fitted on it): RTX 4090, llama 8B Q4_0
    pp512 6280 t/s on master (dequantize to fp16, cuBLAS) and 10359 t/s with int8 tensor-core MMQ, 1.65x."""
    model = catalog.get("models", "llama-3-8b")
    gpu = catalog.get("gpus", "rtx-4090")
    w = Workload(kind="inference", precision="q4_0", context=512, engine="llama.cpp")
    before = estimate(model, w, gpu, cal=llamacpp_build("2024-05")).prefill_tokens_per_s
    after = estimate(model, w, gpu, cal=llamacpp_build("2024-06")).prefill_tokens_per_s
    vulkan = estimate(model, w, gpu, cal=llamacpp_build("2024-06", "vulkan")).prefill_tokens_per_s
    assert before is not None and after is not None and vulkan is not None
    assert after / before == pytest.approx(10359 / 6280, rel=0.25)
    assert after == pytest.approx(10359, rel=0.25)
    assert vulkan == pytest.approx(before)  # other backends do not run the CUDA MMQ kernels


def test_turing_prompts_get_no_int8_mmq_credit(catalog: Catalog) -> None:
    """Turing has no m16n8k32 int8 mma: llama.cpp's MMQ tiles run as 4x m8n8k16 there (ggml-cuda mma.cuh), and the
    int8 gain is measured on Ampere and Ada only, so a Turing prompt keeps the dequantize-path rate. geerlingguy/ai-
    benchmarks #46 (2025-12-18, build 7474, -fa 1): RTX 2080 Ti, Llama 2 13B Q4_K_M pp512 1,493.64 t/s (a holdout row;
    with the Ampere credit the estimate read +45 %)."""
    model = catalog.get("models", "llama-2-13b")
    w = Workload(kind="inference", precision="q4_k_m", context=512, engine="llama.cpp")
    december = llamacpp_build("2025-12")
    turing = estimate(model, w, catalog.get("gpus", "rtx-2080-ti"), cal=december)
    assert turing.prefill_tokens_per_s == pytest.approx(1493.64, rel=0.20)
    said = str([s.said for s in turing.steps])
    assert "est.how-mmq" not in said and "est.how-dequant" in said
    ampere = estimate(model, w, catalog.get("gpus", "rtx-3090"), cal=december)
    assert "est.how-mmq" in str([s.said for s in ampere.steps])


def test_cuda_graph_builds_decode_faster_on_one_ampere_card_only(catalog: Catalog) -> None:
    """The same RTX 3090 Ti and LLaMA 2 7B Q4_0 tg128 before and after CUDA graphs (ggml-org/llama.cpp PR #6766, May
    2024; holdout rows, no constant is fitted on them): 127.43 t/s at build 1786 (PR #4812, January 2024) and 164.12
    t/s on master a week after the merge (PR #7302's table). Graphs run on one GPU only, and on Turing only in builds
    after PR #25749 (July 2026)."""
    model = catalog.get("models", "llama-2-7b")
    w = Workload(kind="inference", precision="q4_0", context=512, engine="llama.cpp")

    def tps(gpu_id: str, date: str, gpus: int = 1) -> float:
        value = estimate(model, w, catalog.get("gpus", gpu_id), gpus, cal=llamacpp_build(date)).decode_tokens_per_s
        assert value is not None
        return value

    january, may = tps("rtx-3090-ti", "2024-01"), tps("rtx-3090-ti", "2024-05")
    assert january == pytest.approx(127.43, rel=0.15) and may == pytest.approx(164.12, rel=0.15)
    assert may > 1.05 * january
    assert tps("rtx-3090-ti", "2024-05", gpus=2) == pytest.approx(tps("rtx-3090-ti", "2024-01", gpus=2))
    assert tps("rtx-2080-ti", "2025-12") == pytest.approx(tps("rtx-2080-ti", "2024-01"))
    assert tps("rtx-2080-ti", "2026-08") > tps("rtx-2080-ti", "2025-12")
    assert tps("tesla-p40", "2026-08") == pytest.approx(tps("tesla-p40", "2024-01"))


def _tensor_bytes(result: object) -> float:
    """What torch.cuda.max_memory_allocated sees: every term except the runtime overhead (CUDA context, slack)."""
    b = result.breakdown  # type: ignore[attr-defined]
    return b.weights + b.kv_cache + b.activations


@pytest.mark.parametrize(
    ("prompt", "published_gib"),
    # Qwen2.5 speed benchmark (QwenLM/Qwen2.5 docs/source/benchmark/speed_benchmark.rst, 7B transformers table,
    # A100 80GB, transformers 4.46): generate 2048 tokens after an input of 1 / 30720 tokens, "GPU Memory(GB)"
    # 14.38 / 19.97, which its script computes as torch.cuda.max_memory_allocated / 1024^3
    [(1, 14.38), (30720, 19.97)],
)
def test_transformers_peak_is_weights_kv_and_the_prompts_prefill(
    catalog: Catalog, prompt: int, published_gib: float
) -> None:
    model = catalog.get("models", "qwen2.5-7b")
    workload = Workload(kind="inference", precision="bf16", context=prompt + 2048, prompt=prompt, engine="transformers")
    assert _tensor_bytes(estimate(model, workload)) / GIB == pytest.approx(published_gib, rel=0.02)


def test_a_short_prompt_needs_no_prefill_workspace_and_a_stated_prompt_sets_the_first_token(catalog: Catalog) -> None:
    model = catalog.get("models", "qwen2.5-7b")
    gpu = catalog.get("gpus", "a100-80gb-sxm")
    whole = estimate(model, Workload(kind="inference", precision="bf16", context=8192, engine="transformers"), gpu)
    short = estimate(
        model, Workload(kind="inference", precision="bf16", context=8192, prompt=16, engine="transformers"), gpu
    )
    assert short.breakdown.kv_cache == whole.breakdown.kv_cache  # the generated tokens are cached all the same
    assert short.breakdown.activations < whole.breakdown.activations / 100
    assert short.time_to_first_token_s is not None and whole.time_to_first_token_s is not None
    assert short.time_to_first_token_s < whole.time_to_first_token_s / 10


def test_a_prompt_longer_than_the_context_is_rejected() -> None:
    with pytest.raises(ValueError, match="longer than the context"):
        Workload(kind="inference", context=1024, prompt=2048)
    with pytest.raises(ValueError, match="inference option"):
        Workload(kind="finetune", context=1024, prompt=512)
    # an unset context grows to hold the stated prompt
    assert Workload(kind="inference", prompt=10_000).resolved(32768).context == 10_000


def test_a_wait_without_a_prompt_is_timed_for_the_median_chat_prompt(catalog: Catalog) -> None:
    """No --prompt: the first token is timed for 1,020 tokens, the median request of Azure's 2023 conversation trace
    (Azure/AzurePublicDataset data/AzureLLMInferenceTrace_conv.csv, Splitwise, ISCA 2024: 19,366 requests, median
    ContextTokens 1,020, read 2026-12-04), not for the whole 32k context; the assumption names the statistic, the trace
    and its source, so a sheet can say which typical prompt it timed."""
    model, gpu = catalog.get("models", "llama-3.1-8b"), catalog.get("gpus", "rtx-4090")
    unstated = estimate(model, Workload(kind="inference", context=32768), gpu)
    stated = estimate(model, Workload(kind="inference", context=32768, prompt=1020), gpu)
    whole = estimate(model, Workload(kind="inference", context=32768, prompt=32768), gpu)
    assert unstated.time_to_first_token_s == pytest.approx(stated.time_to_first_token_s)
    assert unstated.time_to_first_token_s < whole.time_to_first_token_s / 20
    said = next(r for r in unstated.assumptions_said() if r.code == "est.typical-prompt")
    assert said.fields["prompt"] == 1020 and said.fields["context"] == 32768
    assert said.fields["statistic"] == "median" and said.fields["trace"] == "azure-2023-conversation"
    assert "AzurePublicDataset" in str(said.fields["source"])
    assert "typical 1,020-token prompt (the median of Azure's 2023 conversation trace)" in " ".join(
        unstated.assumptions
    )
    assert not any(r.code == "est.typical-prompt" for r in stated.assumptions_said())
