"""Parameter counts computed from each catalog architecture match the published counts."""

from __future__ import annotations

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.params import count_params
from configurator.storage import catalogs

MODELS = [m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)]

# Marketing names round: Llama 2 "7B" is 6.74 B, Baichuan2 "7B" is 7.5 B, Phi-4 "14B" is 14.7 B.
ROUNDED = {"llama-2-7b", "baichuan2-7b", "baichuan2-13b", "phi-4"}


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.id)
def test_total_parameters_match_the_published_count(model: ModelArch) -> None:
    counts = count_params(model)
    tolerance = 0.08 if model.id in ROUNDED else 0.035
    assert counts.total / 1e9 == pytest.approx(model.params_total_b, rel=tolerance), model.params_source


# Model cards that publish the active count without the embedding table and output head:
# GLM-4.5 / 4.5-Air / 4.6 / 4.7 (zai-org model cards, 32B / 12B; GLM-4.7 keeps GLM-4.6's shapes and its 355B-A32B), MiniMax-M2 (model card, 10B),
# Qwen3-Next-80B-A3B (model card, "3B activated"), GLM-5 (model card, 40B), MiniMax-M2.5 (model card, 10B),
# DeepSeek-V4-Flash (README, 13B: 12.74B counted without the embedding table and output head, 13.80B with them).
ACTIVE_WITHOUT_EMBEDDINGS = {
    "glm-4.5",
    "glm-4.5-air",
    "glm-4.6",
    "glm-4.7",
    "minimax-m2",
    "qwen3-next-80b-a3b",
    "glm-5",
    "minimax-m2.5",
    "deepseek-v4-flash",
}


@pytest.mark.parametrize("model", [m for m in MODELS if m.moe], ids=lambda m: m.id)
def test_moe_active_parameters_match_the_published_count(model: ModelArch) -> None:
    counts = count_params(model)
    active = counts.active
    if model.id in ACTIVE_WITHOUT_EMBEDDINGS:
        active -= counts.embedding + counts.lm_head
    # gpt-oss and DeepSeek-V2-Lite publish active counts without embeddings and rounded;
    # Qwen3-Next's "3B" is a round figure (3.25B counted without embeddings)
    tolerance = 0.2 if model.id.startswith(("gpt-oss", "deepseek-v2", "qwen3-next")) else 0.03
    assert active / 1e9 == pytest.approx(model.params_active_b, rel=tolerance)
    assert counts.active < counts.total / 2


def test_hybrid_linear_attention_counted_tensor_by_tensor() -> None:
    """Qwen3-Next-80B-A3B from its config.json: 36 Gated DeltaNet layers and 12 gated
    full-attention layers. Model card: 80B total (the count is within 0.5 %); only the 12
    full-attention layers keep a per-token KV cache."""
    model = next(m for m in MODELS if m.id == "qwen3-next-80b-a3b")
    assert model.attention_layers == 12
    assert [layer for layer in range(model.num_layers) if model.is_full_attention_layer(layer)][:2] == [3, 7]
    counts = count_params(model)
    assert counts.total / 1e9 == pytest.approx(80.0, rel=0.01)
    # without the linear-attention layers counted the model would be about 2.6B short
    dense_only = model.model_copy(update={"linear_attention": None})
    assert count_params(dense_only).attention != counts.attention


def test_reference_counts_spelled_out() -> None:
    """Llama 3.1 8B from its config.json: 8,030,261,248 parameters (HF safetensors index)."""
    model = next(m for m in MODELS if m.id == "llama-3.1-8b")
    assert count_params(model).total == 8_030_261_248


def test_gemma_3n_per_layer_embeddings_are_a_lookup_table() -> None:
    """Gemma 3n E4B config.json: 35 layers x 256-wide per-layer embeddings over 262144 tokens (2.35 B
    parameters) beside the 4.5 B decoder; the model card's '4B effective' leaves them out because they are
    looked up, not multiplied. They are counted with the embedding table and kept out of the matmul count."""
    model = next(m for m in MODELS if m.id == "gemma-3n-e4b")
    counts = count_params(model)
    ple = 262144 * 35 * 256
    assert counts.embedding == model.vocab_size * model.hidden_size + ple
    assert counts.matmul_active < counts.total - ple
