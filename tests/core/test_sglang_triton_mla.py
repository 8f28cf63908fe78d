"""SGLang's triton MLA decode kernel pays per token of depth (issue #29, round 38): what a buyer serving GLM-4.7-Flash
with SGLang at long contexts relies on. Each test names its measurement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.backends import SGLANG_MLA_BACKEND, sglang_attention_backend
from configurator.core.estimate.estimator import CAL, estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import sglang_command
from tests.reference import decode_speed, kind_rows

COOKBOOK = (
    "https://github.com/sgl-project/sgl-cookbook/blob/da64eea895e83cc033825fa22ad8cde78a23017c/docs/autoregressive/"
    "GLM/GLM-4.7-Flash.md"
)
"""SGLang cookbook, GLM-4.7-Flash page at da64eea8 (2026-01-21): zai-org/GLM-4.7-Flash BF16 on one B200, SGLang 0.5.7,
`--attention-backend triton --tp 1`, bench_serving at 1, 16 and 64-100 users of 1K/1K, 1K/8K and 8K/1K (fitted rows)."""
R1_COOKBOOK = "sgl-project/sgl-cookbook/blob/268193ccf59631fe01880790f184bee7c35eee95/docs/autoregressive/DeepSeek"
"""The same cookbook's DeepSeek-R1 page (SGLang 0.5.6.post1, 8 x B200, SGLang's default MLA backend): 109.2 and 108.6
tokens/s at one user and 1K / 5K tokens of depth, no slope."""


def _one_user(catalog: Catalog, model: str, gpu: str, gpus: int, context: int, prompt: int) -> float:
    w = Workload(kind="inference", precision="bf16", engine="sglang", context=context, prompt=prompt)
    result = estimate(catalog.get("models", model), w, catalog.get("gpus", gpu), gpus)
    assert result.decode_tokens_per_s is not None
    return result.decode_tokens_per_s


def test_one_user_slows_with_depth_as_the_cookbook_measured(catalog: Catalog) -> None:
    """COOKBOOK, one user: TPOT 8.75 ms (1K/1K, 821 tokens of mean depth) -> 12.63 ms (8K/1K, 4,405 tokens): 114.3 ->
    79.2 tokens/s, 31 % slower. Without the triton cost the estimate stayed flat (115.4 -> 115.0, the 8K row +45 %)."""
    short = _one_user(catalog, "glm-4.7-flash", "b200", 1, 1032, 610)
    long = _one_user(catalog, "glm-4.7-flash", "b200", 1, 4616, 4194)
    assert short == pytest.approx(114.3, rel=0.10)
    assert long == pytest.approx(79.2, rel=0.10)
    assert long < 0.8 * short


def test_the_fitted_one_user_rows_within_ten_percent_and_better_than_without(catalog: Catalog) -> None:
    """COOKBOOK's three one-user rows (fitted): within 10 % with the cost, where without it the 1K/8K and 8K/1K rows read
    +26 % and +45 %; the nine rows' mean |log error| falls (the batched rows keep a gap of their own)."""
    rows = [r for r in kind_rows("decode_speed") if r["source"] == COOKBOOK]
    assert len(rows) == 9
    with_cost, _ = decode_speed(catalog, rows)
    without, _ = decode_speed(catalog, rows, replace(CAL, mla_depth_sglang_triton=0.0))
    one_user = [c for c in with_cost if c.label.endswith("b=1")]
    assert len(one_user) == 3 and all(abs(c.error) <= 0.10 for c in one_user), [c.error for c in one_user]

    def loss(cs: list) -> float:  # type: ignore[type-arg]
        return sum(abs(c.error) for c in cs) / len(cs)

    assert loss(with_cost) < loss(without)


def test_only_the_triton_backend_pays_it(catalog: Catalog) -> None:
    """R1_COOKBOOK: SGLang's default MLA backend shows no depth slope, so DeepSeek-R1 (no backend named by its cookbook)
    and vLLM's GLM-4.7-Flash do not pay the triton cost; the backend is a sourced fact per model architecture."""
    assert sglang_attention_backend("glm4_moe_lite") == "triton"
    assert SGLANG_MLA_BACKEND["glm4_moe_lite"][1] == COOKBOOK
    assert sglang_attention_backend("deepseek_v3") is None
    r1_short = _one_user(catalog, "deepseek-r1", "b200", 8, 1031, 610)
    r1_long = _one_user(catalog, "deepseek-r1", "b200", 8, 5055, 4194)
    assert r1_long > 0.97 * r1_short
    w_short = Workload(kind="inference", precision="bf16", engine="vllm", context=1032, prompt=610)
    w_long = Workload(kind="inference", precision="bf16", engine="vllm", context=4616, prompt=4194)
    model, gpu = catalog.get("models", "glm-4.7-flash"), catalog.get("gpus", "b200")
    vllm_short, vllm_long = (estimate(model, w, gpu).decode_tokens_per_s for w in (w_short, w_long))
    assert vllm_short is not None and vllm_long is not None and vllm_long > 0.95 * vllm_short


def test_the_launch_command_names_the_backend_the_estimate_timed(catalog: Catalog) -> None:
    """The estimate's backend and the launch command's are the same: COOKBOOK launches GLM-4.7-Flash with
    `--attention-backend triton`; DeepSeek-R1's command names none (SGLang's default, which the estimate times)."""
    w = Workload(kind="inference", precision="bf16", engine="sglang", context=8192)
    glm = catalog.get("models", "glm-4.7-flash")
    result = estimate(glm, w, catalog.get("gpus", "b200"))
    assert "--attention-backend triton" in sglang_command(glm, result)
    said = [s.said for s in result.steps if s.said is not None and s.said.code == "est.sglang-triton-mla"]
    assert len(said) == 1 and said[0].fields["layers"] == 47 and said[0].fields["depth"] == 4096
    r1 = catalog.get("models", "deepseek-r1")
    r1_result = estimate(r1, w, catalog.get("gpus", "b200"), 8)
    assert "--attention-backend" not in sglang_command(r1, r1_result)
