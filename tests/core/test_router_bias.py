"""DeepSeek-V3-style routers carry one correction bias per routed expert (e_score_correction_bias); the count holds it
wherever the config or the modeling code says a router has one, and nowhere else.

Config copies: tests/data/configs (SOURCES.md). The checkpoint figures these counts are held to are in
tests/core/test_kda.py (GLM-5.3-Flash's 62 shard headers, to the weight), tests/core/test_models_2026.py (Nemotron 3
Super: 'F32 routing buffers remain in the API total', 41 x 512 of them) and tests/core/test_models_late_2026.py (Hy3).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.catalog.models import ModelArch
from configurator.core.estimate.gguf import gguf_bytes
from configurator.core.estimate.params import count_params
from configurator.core.importers.model_import import arch_from_hf_config, load_hf_config
from configurator.storage import catalogs

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"
MODELS = {m.id: m for m in catalogs.load(include_user=False).catalog.kind("models") if isinstance(m, ModelArch)}

# (config file, catalog record, what says the router has a bias)
BIASED = [
    ("glm-5.json", "glm-5", "topk_method noaux_tc"),
    ("glm-4.7-flash.json", "glm-4.7-flash", "topk_method noaux_tc"),
    ("kimi-k2.5.json", "kimi-k2.5", "topk_method noaux_tc"),
    ("deepseek-v4-flash.json", "deepseek-v4-flash", "topk_method noaux_tc"),
    ("deepseek-v4-pro.json", "deepseek-v4-pro", "topk_method noaux_tc"),
    ("minimax-m2.5.json", "minimax-m2.5", "use_routing_bias"),
    ("hy3.json", "hy3", "moe_router_enable_expert_bias"),
    ("nemotron-3-nano-30b-a3b.json", "nemotron-3-nano-30b-a3b", "NemotronHTopkRouter"),
    ("nemotron-3-super-120b-a12b.json", "nemotron-3-super-120b-a12b", "NemotronHTopkRouter"),
    ("nemotron-3.5-lightning-30b-a3b.json", "nemotron-3.5-lightning-30b-a3b", "NemotronHTopkRouter"),
    ("glm-5.3-flash.json", "glm-5.3-flash", "Glm5Next's router"),
]
UNBIASED = [
    ("qwen3.6-35b-a3b.json", "qwen3.6-35b-a3b"),  # Qwen3 MoE: a softmax router without a bias
    ("qwen3.5-122b-a10b.json", "qwen3.5-122b-a10b"),
    ("gemma-4-26b-a4b-it.json", "gemma-4-26b-a4b"),
    ("laguna-xs-2.1.json", "laguna-xs-2.1"),
]


@pytest.mark.parametrize(("config", "record", "why"), BIASED)
def test_a_biased_router_is_read_and_the_record_agrees(config: str, record: str, why: str) -> None:
    imported = load_hf_config(CONFIGS / config)
    assert imported.moe is not None and imported.moe.router_bias, why
    assert MODELS[record].moe == imported.moe


@pytest.mark.parametrize(("config", "record"), UNBIASED)
def test_a_router_without_a_bias_counts_none(config: str, record: str) -> None:
    imported = load_hf_config(CONFIGS / config)
    assert imported.moe is not None and not imported.moe.router_bias
    assert MODELS[record].moe is not None and not MODELS[record].moe.router_bias


def test_the_bias_adds_one_value_per_expert_and_moe_layer() -> None:
    """GLM-5 (78 layers, 3 dense, 256 experts): 75 x 256 = 19,200 weights, in the count and, as F32 (exp_probs_b,
    which llama.cpp's converter never quantizes), 4 bytes each in a GGUF."""
    config = json.loads((CONFIGS / "glm-5.json").read_text())
    biased = arch_from_hf_config(config, "glm-5")
    plain = biased.model_copy(update={"moe": biased.moe.model_copy(update={"router_bias": False})})  # type: ignore[union-attr]
    assert count_params(biased).total - count_params(plain).total == 75 * 256 == 19_200
    assert count_params(biased).active - count_params(plain).active == 19_200  # every router runs for every token
    assert gguf_bytes(biased, "q4_k_m").dense_mlp - gguf_bytes(plain, "q4_k_m").dense_mlp == 19_200 * 4


def test_deepseek_v3_records_carry_the_bias_their_configs_declare() -> None:
    """DeepSeek-V3, R1, V3.1 and V3.2 and the Kimi K2 line route with topk_method noaux_tc (their config.json); the
    GLM-4.5-4.7 records use transformers' Glm4MoeTopkRouter, which registers e_score_correction_bias whatever the
    config says. Their records carry the bias so a count from the record is the count from the file."""
    for record in (
        "deepseek-v3",
        "deepseek-r1",
        "deepseek-v3.1",
        "deepseek-v3.2",
        "kimi-k2",
        "kimi-k2-thinking",
        "glm-4.5",
        "glm-4.5-air",
        "glm-4.6",
        "glm-4.7",
        "minimax-m2",
        "minimax-m2.7",
        "glm-5.2",
    ):
        moe = MODELS[record].moe
        assert moe is not None and moe.router_bias, record
    assert MODELS["deepseek-v2-lite"].moe is not None and not MODELS["deepseek-v2-lite"].moe.router_bias  # greedy
