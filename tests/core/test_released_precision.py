"""A request that names no precision runs a low-bit release as its makers published it (plan.RELEASED_LOW_BIT): FP8
(DeepSeek-V3/R1, MiniMax-M2, Kimi K2), INT4 routed experts (Kimi K2.5), MXFP4 experts (gpt-oss). BF16 copies of those
are a conversion nobody serves. The INT4-expert format is counted as its release stores it and checked against the
published sizes."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common import memo
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.params import count_params
from configurator.core.estimate.precision import weight_format
from configurator.core.estimate.weights import weight_bytes
from configurator.core.estimate.workload import Workload
from configurator.core.importers.model_import import load_hf_config
from configurator.core.launch.commands import launch_command
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.plan import plan

GB = 1e9
CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"


def _model(catalog: Catalog, model_id: str) -> ModelArch:
    model = catalog.records["models"][model_id]
    assert isinstance(model, ModelArch)
    return model


def _total(model: ModelArch, precision: str, engine: str | None = None) -> float:
    w = weight_bytes(count_params(model), precision, model=model, engine=engine)
    return w.embedding + w.lm_head + w.blocks


def test_kimi_k25_release_is_its_published_size(catalog: Catalog) -> None:
    """Kimi K2.5's release: 1,014.7e9 routed-expert weights in INT4 with one BF16 scale per group of 32 (4.5 bits),
    the other 11.7e9 in BF16. Unsloth's UD-Q8_K_XL of Kimi K2.6 (K2.5's shapes), lossless 'because Kimi uses int4 for
    MoE weights and BF16 for everything else', is 595 GB (unsloth.ai/docs/models/tutorials/kimi-k2.6, read
    2026-12-04); its K2.5 guide gives the release as 600 GB of disk. At INT4 on every linear layer (4.25 bits) it
    would be 549 GB; at BF16, the size the plan had sized, 2,053 GB."""
    model = _model(catalog, "kimi-k2.5")
    assert model.native_precision == "int4-experts"
    released = _total(model, "int4-experts")
    assert released == pytest.approx(595 * GB, rel=0.02)
    assert released > 1.05 * _total(model, "int4")  # the BF16 rest is counted at 16 bits
    assert _total(model, "bf16") > 3 * released


def test_kimi_k25_release_gguf_is_unsloths_q4_size(catalog: Catalog) -> None:
    """llama.cpp runs the release from a GGUF whose experts are Q4_0 (the release's own groups of 32, 4.5 bits) and the
    rest Q8_0: Unsloth's UD-Q4_K_XL, 584 GB for K2.6 (same page). A Q4_K_M of the same weights is larger (620 GB)."""
    model = _model(catalog, "kimi-k2.5")
    gguf = _total(model, "int4-experts", engine="llama.cpp")
    assert gguf == pytest.approx(584 * GB, rel=0.02)
    assert gguf < _total(model, "q4_k_m")


def test_gpt_oss_mxfp4_counts_its_experts_the_same_way(catalog: Catalog) -> None:
    """Both experts-only formats leave attention, router, embeddings and head BF16: gpt-oss-120b's checkpoint is
    60.8 GiB (arXiv 2508.10925 sec. 2), the same rule that sizes Kimi K2.5 above."""
    model = _model(catalog, "gpt-oss-120b")
    assert _total(model, "mxfp4") / 2**30 == pytest.approx(60.8, rel=0.03)


def test_deepseek_v4_flash_release_is_its_published_size(catalog: Catalog) -> None:
    """DeepSeek-V4-Flash's release: routed experts MXFP4 (4.25 bits), every other linear layer FP8 e4m3 in 128 x 128
    blocks, embeddings and head BF16 (config.json expert_dtype and quantization_config). A GGUF that keeps the
    release's own bytes ('official routed experts as MXFP4, official dense FP8 as FP8, official BF16 as BF16'),
    6ms/DeepSeek-V4-Flash-MXFP4-GGUF's DeepSeek-V4-Flash-MXFP4-FP8-BF16.gguf, is 156.1 GB (model card, read
    2026-12-04; nsparks/DeepSeek-V4-Flash-FP4-FP8-GGUF gives its native file as '~146 GB', 156.8 GB if GiB). Counted as gpt-oss's
    MXFP4, the FP8 rest at 16 bits, it had been 161.8 GB (+3.6 %)."""
    model = _model(catalog, "deepseek-v4-flash")
    assert model.native_precision == "mxfp4"
    released = _total(model, "mxfp4")
    assert released == pytest.approx(156.1 * GB, rel=0.01)
    as_gpt_oss = weight_bytes(count_params(model), "mxfp4")  # no model: the format alone, the rest BF16
    assert as_gpt_oss.embedding + as_gpt_oss.lm_head + as_gpt_oss.blocks > 1.03 * released


def test_deepseek_v4_flash_release_with_its_mtp_layer_is_the_hugging_face_checkpoint(catalog: Catalog) -> None:
    """The Hugging Face repository deepseek-ai/DeepSeek-V4-Flash: '46 safetensors shards, 148.66 GiB' (vllm-project/recipes
    PR #646, 2026-07-16, verifying the model on an MI325X). The shards hold the one multi-token-prediction layer the
    estimate does not count: one more layer's experts and attention at the release's bits. Counted with the rest BF16,
    the same sum had been 154.1 GiB (+3.6 %)."""
    model = _model(catalog, "deepseek-v4-flash")
    counts = count_params(model)
    w = weight_bytes(counts, "mxfp4", model=model)
    mtp_layer = (w.experts + counts.attention) / model.num_layers  # the attention at FP8, one byte a weight
    assert (w.embedding + w.lm_head + w.blocks + mtp_layer) / 2**30 == pytest.approx(148.66, rel=0.01)


def test_deepseek_v4_pro_release_with_its_mtp_layer_is_the_checkpoint(catalog: Catalog) -> None:
    """DeepSeek-V4-Pro's checkpoint is '865 GB of weights' (vllm-project/recipes PR #779, 2026-08-10: too large for one
    768 GB GB200 NVL4 tray). The files hold the one multi-token-prediction layer the estimate does not count (it is
    loaded only for speculative decoding): one more layer's experts and attention at the release's bits."""
    model = _model(catalog, "deepseek-v4-pro")
    counts = count_params(model)
    w = weight_bytes(counts, "mxfp4", model=model)
    mtp_layer = (w.experts + counts.attention) / model.num_layers  # the attention at FP8, one byte a weight
    assert w.embedding + w.lm_head + w.blocks + mtp_layer == pytest.approx(865 * GB, rel=0.01)


def test_the_fp8_rest_is_the_release_only(catalog: Catalog) -> None:
    """gpt-oss's MXFP4 release keeps attention BF16: the FP8 rest is DeepSeek-V4's release, not the MXFP4 format's."""
    gpt_oss = _model(catalog, "gpt-oss-120b")
    v4 = _model(catalog, "deepseek-v4-flash")
    assert weight_format("mxfp4", model=gpt_oss).bits_per_weight == 16
    assert weight_format("mxfp4", model=v4).bits_per_weight == 8
    assert weight_format("mxfp4").bits_per_weight == 16
    # read from what config.json says (model_type deepseek_v4, expert_dtype fp4), not from the catalog's id: an imported
    # copy of the release is sized the same
    imported = load_hf_config(CONFIGS / "deepseek-v4-flash.json")
    assert imported.native_precision == "mxfp4"
    assert _total(imported, "mxfp4") == pytest.approx(_total(v4, "mxfp4"), rel=1e-6)


def _run(catalog: Catalog, **fields: object) -> list[tuple[str, str, tuple[str, ...]]]:
    memo.clear()
    workload = Workload(kind="inference", **fields.pop("workload", {}))  # type: ignore[arg-type]
    request = BuildRequest(workload=workload, top_k=5, **fields)  # type: ignore[arg-type]
    result = plan(request, catalog)
    return [(str(b.estimate.workload.get("precision")), b.label, tuple(k.code for k in b.kinds)) for b in result.builds]


@pytest.mark.slow  # a whole plan
def test_an_fp8_release_is_served_as_released_and_the_ram_hosts_run_its_ggufs(catalog: Catalog) -> None:
    """MiniMax-M2 for one user with no precision: the cards serve its FP8 release (220 GB of weights, four 96 GB cards
    in MiniMax's vLLM guide), each such build saying so; the machines llama.cpp runs from RAM, which cannot load FP8,
    run the Q4_K_M GGUF people download and, since round 29, the release's quality as its Q8_0 GGUF
    (sources.RELEASES_AS_Q8), each saying which. No build is sized at BF16 (457 GB)."""
    builds = _run(catalog, model_id="minimax-m2")
    assert builds
    assert {p for p, _label, _kinds in builds} <= {"fp8", "q4_k_m", "q8_0"}
    fp8 = [(label, kinds) for p, label, kinds in builds if p == "fp8"]
    assert fp8 and all("kind.released-as" in kinds and "at FP8 as released" in label for label, kinds in fp8)
    assert any("kind.usual-gguf" in kinds for p, _label, kinds in builds if p == "q4_k_m")
    q8 = [(label, kinds) for p, label, kinds in builds if p == "q8_0"]
    assert q8 and all("kind.release-in-ram" in kinds and "the GGUF of the FP8 release" in label for label, kinds in q8)


@pytest.mark.slow
def test_a_precision_named_or_an_engine_that_cannot_load_the_release_stands(catalog: Catalog) -> None:
    """--precision bf16 is the user's call (no 'as released' label); --engine llama.cpp cannot load FP8, so the request
    stays without a precision (the engine's own default, Q4_K_M for the RAM hosts)."""
    named = _run(catalog, model_id="minimax-m2", workload={"precision": "bf16"}, budget=40000)
    assert all("kind.released-as" not in kinds for _p, _label, kinds in named)
    llama = _run(catalog, model_id="minimax-m2", workload={"engine": "llama.cpp"})
    assert llama and all(p != "fp8" and "kind.released-as" not in kinds for p, _label, kinds in llama)


@pytest.mark.slow
def test_kimi_k25_at_15000_is_planned_at_its_release(catalog: Catalog) -> None:
    """Kimi K2.5 at 15,000 USD had been sized at BF16 ('240.8 GiB per GPU at 8'); at its release nothing on GPUs fits
    either, and the ways out keep the release (its GGUF with the experts in RAM) or go to a 3-bit GGUF, never to a
    Q4_K_M re-quantization of the INT4 experts. The binding precision is said to be the release's."""
    memo.clear()
    request = BuildRequest(model_id="kimi-k2.5", workload=Workload(kind="inference"), budget=15000, top_k=3)
    result = plan(request, catalog)
    assert result.infeasible is not None
    kinds = [r.kind for r in result.infeasible.relaxations]
    # round 49: the 3-bit file with the experts in RAM fits the budget (6,316 USD), so it stands for the low-bit files
    # and the 2-bit one is not listed beside it (relax._more_bits)
    assert "offload" in kinds and "lowbits3+offload" in kinds and "lowbits+offload" not in kinds
    assert "precision" not in kinds and "precision+offload" not in kinds
    said = result.infeasible.reason
    assert "240.8 GiB" not in said
    assert "weight precision (int4-experts: as released, none was given)" in said


def test_the_release_is_served_with_its_own_quantization(catalog: Catalog) -> None:
    """vLLM reads the compressed-tensors INT4 experts from config.json (no --quantization, which would not match it);
    llama.cpp's command names the GGUF people download (unsloth/Kimi-K2.5-GGUF:UD-Q4_K_XL)."""
    model, gpu = _model(catalog, "kimi-k2.5"), catalog.records["gpus"]["h200-nvl"]
    assert isinstance(gpu, Gpu)
    served = Workload(kind="inference", precision="int4-experts", engine="vllm", batch=4, context=8192)
    vllm = shlex.split(launch_command(model, estimate(model, served, gpu, 8))["command"])
    assert vllm[:3] == ["vllm", "serve", "moonshotai/Kimi-K2.5"] and "--quantization" not in vllm
    ram = Workload(kind="inference", precision="int4-experts", engine="llama.cpp", offload="cpu", context=4096)
    llama = launch_command(model, estimate(model, ram, catalog.records["gpus"]["rtx-3090"], 1))["command"]
    assert "-m Kimi-K2.5-UD-Q4_K_XL.gguf" in llama


def test_the_label_says_as_released_in_both_languages() -> None:
    """The label names the release and the setting left open, as kind.usual-gguf does; the window says 'left on auto'
    (its Weights field), the Chinese names the setting, not the flag."""
    said = Reason.of("kind.released-as", precision="INT4", experts=True)
    fp8 = Reason.of("kind.released-as", precision="FP8", experts=False)
    assert english(said) == "at INT4 (routed experts) as released: no --precision given"
    assert english(fp8) == "at FP8 as released: no --precision given"
    with words.language("zh_CN"):
        assert words.say(said) == "INT4（发布时的精度：仅路由专家）：未指定权重精度"
        assert words.say(fp8) == "FP8（发布时的精度）：未指定权重精度"
    with words.window_words():
        assert words.say(said) == "at INT4 (routed experts) as released: Weights left on auto"
