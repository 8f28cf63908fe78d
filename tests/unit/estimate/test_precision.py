"""Weight formats against published checkpoint and GGUF file sizes, and which engine loads which."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.errors import RequestError
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.precision import WEIGHT_FORMATS, WEIGHT_PRECISIONS
from configurator.core.estimate.workload import ENGINES, Workload, engines_for

GB = 1e9
GIB = 1024**3


def test_every_precision_has_a_format_and_an_engine() -> None:
    assert set(WEIGHT_FORMATS) == set(WEIGHT_PRECISIONS)
    for precision in WEIGHT_PRECISIONS:
        assert engines_for(precision), precision


@pytest.mark.parametrize(
    ("model_id", "published_gib"),
    # gpt-oss model card (OpenAI, arXiv 2508.10925, table 1): checkpoint size 60.8 GiB for
    # gpt-oss-120b and 12.8 GiB for gpt-oss-20b, MoE weights in MXFP4 at 4.25 bits per parameter.
    [("gpt-oss-120b", 60.8), ("gpt-oss-20b", 12.8)],
)
def test_mxfp4_checkpoints_match_the_gpt_oss_model_card(catalog: Catalog, model_id: str, published_gib: float) -> None:
    model = catalog.get("models", model_id)
    result = estimate(model, Workload(kind="inference", precision="mxfp4", engine="vllm", context=1))
    assert result.breakdown.weights / GIB == pytest.approx(published_gib, rel=0.02)
    # the same model counted at 16 bits is 3.5x larger: the experts are the bulk of it
    bf16 = estimate(model, Workload(kind="inference", precision="bf16", engine="vllm", context=1))
    assert bf16.breakdown.weights > 3 * result.breakdown.weights


def test_mxfp4_gguf_keeps_attention_and_embeddings_at_q8_0(catalog: Catalog) -> None:
    # ggml-org/gpt-oss-20b-GGUF's loader log (quoted in ik_llama.cpp issue #822 and others): 98 Q8_0 tensors (attention,
    # token_embd, output), 72 MXFP4 (experts), "file size = 11.27 GiB": llama.cpp's file is smaller than the bf16-
    # attention checkpoint (12.8 GiB), and its decode reads fewer bytes a token
    model = catalog.get("models", "gpt-oss-20b")
    gguf = estimate(model, Workload(kind="inference", precision="mxfp4", engine="llama.cpp", context=1))
    file_bytes = gguf.breakdown.weights + gguf.host_ram_bytes  # the token-embedding table sits in system RAM
    assert file_bytes / GIB == pytest.approx(11.27, rel=0.02)
    gpu = catalog.get("gpus", "rtx-6000-ada")
    fast = estimate(model, Workload(kind="inference", precision="mxfp4", engine="llama.cpp", context=128), gpu, 1)
    assert fast.decode_tokens_per_s is not None and fast.decode_tokens_per_s > 150  # bf16 attention read 136 tokens/s


@pytest.mark.parametrize(
    ("precision", "published_gb"),
    # bartowski's Llama-3.1-Nemotron-70B-Instruct-GGUF file table (Llama 3.1 70B shapes), quoted at
    # https://ozeki.chat/p_8590-understanding-ai-model-files.html: IQ4_XS 37.90 GB, IQ3_M 31.94 GB,
    # Q4_K_M 42.52 GB.
    [("iq4_xs", 37.90), ("iq3_m", 31.94), ("q4_k_m", 42.52)],
)
def test_gguf_file_sizes_match_published_files(catalog: Catalog, precision: str, published_gb: float) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    result = estimate(model, Workload(kind="inference", precision=precision, context=1))
    assert result.workload["engine"] == "llama.cpp"
    # llama.cpp keeps the token embedding in system RAM: the file is both parts together
    file_bytes = result.breakdown.weights + result.host_ram_bytes
    assert file_bytes / GB == pytest.approx(published_gb, rel=0.03)


def test_i_quants_order_by_bits(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-8b")
    sizes = [
        estimate(model, Workload(precision=p, context=1)).breakdown.weights
        for p in ("iq2_xxs", "iq2_m", "iq3_xxs", "iq3_m", "iq4_xs")
    ]
    assert sizes == sorted(sizes)


def test_exl2_bits_per_weight_set_the_size_and_pick_exllamav2(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    four = estimate(model, Workload(precision="exl2-4.0", context=1))
    six = estimate(model, Workload(precision="exl2-6.0", context=1))
    assert four.workload["engine"] == "exllamav2"
    # the linear layers hold ~68.5 B of the 70.6 B weights: 2 more bits each is ~17 GB
    assert (six.breakdown.weights - four.breakdown.weights) / GB == pytest.approx(68.5 * 2 / 8, rel=0.03)
    assert any("exllamav2 is estimated with llama.cpp" in a for a in four.assumptions)


def test_nvfp4_defaults_to_vllm_and_uses_blackwell_fp4(catalog: Catalog) -> None:
    model = catalog.get("models", "llama-3.1-70b")
    work = Workload(precision="nvfp4", context=4096)
    blackwell = estimate(model, work, catalog.get("gpus", "b200"))
    assert blackwell.workload["engine"] == "vllm"
    fp16 = estimate(model, Workload(precision="bf16", engine="vllm", context=4096), catalog.get("gpus", "b200"))
    assert blackwell.prefill_tokens_per_s > fp16.prefill_tokens_per_s
    assert blackwell.breakdown.weights < fp16.breakdown.weights / 3


def test_sglang_is_listed_beside_vllm_and_sized_like_it(catalog: Catalog) -> None:
    assert {"vllm", "sglang", "exllamav2"} <= set(ENGINES)
    model = catalog.get("models", "qwen2.5-7b")
    gpu = catalog.get("gpus", "l40s")
    sglang = estimate(model, Workload(precision="fp8", engine="sglang", batch=8), gpu)
    vllm = estimate(model, Workload(precision="fp8", engine="vllm", batch=8), gpu)
    assert sglang.per_gpu_bytes == vllm.per_gpu_bytes
    assert sglang.workload["engine"] == "sglang"


@pytest.mark.parametrize(
    ("precision", "engine", "suggests"),
    [
        ("exl2-4.0", "llama.cpp", "exllamav2"),
        ("exl3-4.0", "exllamav2", "exllamav3"),
        ("mxfp4", "exllamav2", "vllm"),
        ("nvfp4", "transformers", "sglang"),
        ("iq4_xs", "sglang", "llama.cpp"),
    ],
)
def test_a_format_the_engine_cannot_load_names_engines_that_can(precision: str, engine: str, suggests: str) -> None:
    with pytest.raises(ValueError, match=suggests):
        Workload(kind="inference", precision=precision, engine=engine)


def test_inference_formats_cannot_be_trained() -> None:
    for precision in ("mxfp4", "nvfp4", "exl2-4.0", "iq3_xxs"):
        with pytest.raises(ValueError, match="inference format"):
            Workload(kind="finetune", method="full", precision=precision)


def test_mxfp4_on_a_dense_model_is_refused_with_alternatives(catalog: Catalog) -> None:
    with pytest.raises(RequestError, match="nvfp4"):
        estimate(catalog.get("models", "llama-3.1-8b"), Workload(precision="mxfp4", engine="vllm"))
