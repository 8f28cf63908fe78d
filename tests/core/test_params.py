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


@pytest.mark.parametrize("model", [m for m in MODELS if m.moe], ids=lambda m: m.id)
def test_moe_active_parameters_match_the_published_count(model: ModelArch) -> None:
    counts = count_params(model)
    # gpt-oss and DeepSeek-V2-Lite publish active counts without embeddings
    tolerance = 0.2 if model.id.startswith(("gpt-oss", "deepseek-v2")) else 0.03
    assert counts.active / 1e9 == pytest.approx(model.params_active_b, rel=tolerance)
    assert counts.active < counts.total / 2


def test_reference_counts_spelled_out() -> None:
    """Llama 3.1 8B from its config.json: 8,030,261,248 parameters (HF safetensors index)."""
    model = next(m for m in MODELS if m.id == "llama-3.1-8b")
    assert count_params(model).total == 8_030_261_248
