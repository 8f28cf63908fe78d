"""GGUF import of Kimi Linear (llama.cpp's `kimi-linear`) and of split-MLA DeepSeek files, from the metadata keys
llama.cpp's converter writes (convert_hf_to_gguf.py KimiLinearModel.set_gguf_parameters, read in the stored corpus
2026-12-06: head_count_kv per layer, 0 on a KDA layer and 1 on an MLA layer, `kda.head_dim`, `ssm.conv_kernel`,
`attention.key_length` = kv_lora_rank + rope with the per-head widths in `key_length_mla` / `value_length_mla`, and
each router's bias as the tensor `blk.N.exp_probs_b.bias`). The header is the Kimi Linear 48B-A3B config's values
(tests/data/configs/kimi-linear-48b-a3b.json) written the way the converter writes them; the import must read the
same architecture as the config.json itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from configurator.core.estimate.params import count_params
from configurator.core.importers.model_import import load_gguf, load_hf_config

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "configs"
KIMI_FULL_1_BASED = (4, 8, 12, 16, 20, 24, 27)


def _write(path: Path, arch: str, keys: dict[str, Any], tensors: list[str]) -> Path:
    from gguf import GGUFWriter

    writer = GGUFWriter(str(path), arch)
    writer.add_name("test")
    for key, value in keys.items():
        full = f"{arch}.{key}"
        if isinstance(value, list):
            writer.add_array(full, value)
        elif isinstance(value, float):
            writer.add_float32(full, value)
        else:
            writer.add_uint32(full, value)
    for name in tensors:
        writer.add_tensor(name, np.zeros((4,), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def _kimi_linear(tmp_path: Path, bias: bool = True) -> Path:
    per_layer_kv = [1 if i + 1 in KIMI_FULL_1_BASED else 0 for i in range(27)]
    keys: dict[str, Any] = {
        "block_count": 27,
        "embedding_length": 2304,
        "feed_forward_length": 9216,
        "attention.head_count": 32,
        "attention.head_count_kv": per_layer_kv,
        "vocab_size": 163840,
        "expert_count": 256,
        "expert_used_count": 8,
        "expert_feed_forward_length": 1024,
        "expert_shared_count": 1,
        "leading_dense_block_count": 1,
        "expert_weights_scale": 2.446,
        "ssm.conv_kernel": 4,
        "kda.head_dim": 128,
        "attention.kv_lora_rank": 512,
        "rope.dimension_count": 64,
        "attention.key_length": 512 + 64,
        "attention.key_length_mla": 128 + 64,
        "attention.value_length_mla": 128,
    }
    tensors = ["token_embd.weight", "output.weight"] + (
        [f"blk.{i}.exp_probs_b.bias" for i in range(1, 27)] if bias else []
    )
    return _write(tmp_path / "kimi-linear.gguf", "kimi-linear", keys, tensors)


def test_a_kimi_linear_gguf_reads_as_its_config(tmp_path: Path) -> None:
    from_gguf = load_gguf(_kimi_linear(tmp_path)).arch
    from_config = load_hf_config(CONFIGS / "kimi-linear-48b-a3b.json")
    assert from_gguf.architecture == "kimi_linear"
    for field in ("num_layers", "hidden_size", "num_attention_heads", "vocab_size", "tie_embeddings"):
        assert getattr(from_gguf, field) == getattr(from_config, field), field
    assert from_gguf.kda == from_config.kda
    assert from_gguf.kda is not None and from_gguf.kda.full_attention_layers == (3, 7, 11, 15, 19, 23, 26)
    assert from_gguf.mla == from_config.mla
    assert from_gguf.moe == from_config.moe
    assert count_params(from_gguf).total == count_params(from_config).total == 49_122_681_728


def test_a_router_bias_is_read_from_its_tensors(tmp_path: Path) -> None:
    """A deepseek2-style file says nothing of topk_method; its routers' biases are tensors (exp_probs_b)."""
    keys: dict[str, Any] = {
        "block_count": 4,
        "embedding_length": 256,
        "feed_forward_length": 512,
        "attention.head_count": 8,
        "attention.head_count_kv": 8,
        "vocab_size": 1000,
        "expert_count": 16,
        "expert_used_count": 2,
        "expert_feed_forward_length": 64,
        "leading_dense_block_count": 1,
        "attention.kv_lora_rank": 64,
        "rope.dimension_count": 16,
        "attention.key_length": 64 + 16,
        "attention.key_length_mla": 32 + 16,
        "attention.value_length": 64,
        "attention.value_length_mla": 32,
    }
    tensors = ["token_embd.weight", "output.weight"]
    plain = load_gguf(_write(tmp_path / "plain.gguf", "deepseek2", keys, tensors)).arch
    biased = load_gguf(_write(tmp_path / "biased.gguf", "deepseek2", keys, [*tensors, "blk.1.exp_probs_b.bias"])).arch
    assert plain.moe is not None and not plain.moe.router_bias
    assert biased.moe is not None and biased.moe.router_bias
    assert count_params(biased).total - count_params(plain).total == 3 * 16
    # a split-MLA file: the per-head widths come from key_length_mla / value_length_mla, not the MQA cache widths
    assert biased.mla is not None
    assert (biased.mla.qk_nope_head_dim, biased.mla.qk_rope_head_dim, biased.mla.v_head_dim) == (32, 16, 32)


def test_an_older_deepseek2_gguf_keeps_its_per_head_widths(tmp_path: Path) -> None:
    """Before the MQA conversion (2025), key_length / value_length were the per-head widths (192 / 128 for V3)."""
    keys: dict[str, Any] = {
        "block_count": 4,
        "embedding_length": 256,
        "attention.head_count": 8,
        "attention.head_count_kv": 8,
        "vocab_size": 1000,
        "attention.kv_lora_rank": 64,
        "rope.dimension_count": 16,
        "attention.key_length": 48,
        "attention.value_length": 32,
    }
    arch = load_gguf(_write(tmp_path / "old.gguf", "deepseek2", keys, ["token_embd.weight"])).arch
    assert arch.mla is not None
    assert (arch.mla.qk_nope_head_dim, arch.mla.v_head_dim) == (32, 32)


@pytest.mark.parametrize("kv", [[1, 0, 0], [0, 0, 0], 1])
def test_kda_layer_lists_that_do_not_cover_the_model_are_refused(tmp_path: Path, kv: list[int] | int) -> None:
    """A per-layer head_count_kv shorter than block_count, with no MLA layer, or no list at all beside kda.head_dim
    does not say which layers are KDA: a clear error."""
    from configurator.core.common.errors import ModelImportError

    keys: dict[str, Any] = {
        "block_count": 4,
        "embedding_length": 256,
        "attention.head_count": 8,
        "attention.head_count_kv": kv,
        "vocab_size": 1000,
        "kda.head_dim": 32,
        "attention.kv_lora_rank": 64,
        "rope.dimension_count": 16,
        "attention.key_length_mla": 48,
        "attention.value_length_mla": 32,
    }
    with pytest.raises(ModelImportError):
        load_gguf(_write(tmp_path / "bad.gguf", "kimi-linear", keys, ["token_embd.weight"]))


def test_a_glm_5_2_gguf_header_reads_as_its_catalog_record(tmp_path: Path) -> None:
    """The metadata of unsloth's GLM-5.2 UD-IQ1_M GGUF as a public implementation spec reads it (stored-corpus file
    57691955885): `glm-dsa`, block_count 79 with nextn_predict_layers 1 (78 layers and the MTP layer), head_count 64,
    head_count_kv 1, key_length 576 / value_length 512 (the MQA cache), key_length_mla / value_length_mla 256,
    q / kv lora ranks 2048 / 512, rope 64, 256 experts of 2048, top-8, one shared, 3 leading dense blocks of 12288,
    vocab 154880, each MoE block's exp_probs_b.bias, token_embd and output both present."""
    from configurator.storage import catalogs

    keys: dict[str, Any] = {
        "block_count": 79,
        "nextn_predict_layers": 1,
        "embedding_length": 6144,
        "feed_forward_length": 12288,
        "attention.head_count": 64,
        "attention.head_count_kv": 1,
        "attention.key_length": 576,
        "attention.value_length": 512,
        "attention.key_length_mla": 256,
        "attention.value_length_mla": 256,
        "attention.q_lora_rank": 2048,
        "attention.kv_lora_rank": 512,
        "rope.dimension_count": 64,
        "vocab_size": 154880,
        "expert_count": 256,
        "expert_used_count": 8,
        "expert_feed_forward_length": 2048,
        "expert_shared_count": 1,
        "leading_dense_block_count": 3,
    }
    tensors = ["token_embd.weight", "output.weight", "blk.3.exp_probs_b.bias"]
    arch = load_gguf(_write(tmp_path / "glm-5.2.gguf", "glm-dsa", keys, tensors)).arch
    record = next(m for m in catalogs.load(include_user=False).catalog.kind("models") if m.id == "glm-5.2")
    for field in ("architecture", "num_layers", "hidden_size", "num_attention_heads", "num_kv_heads", "head_dim"):
        assert getattr(arch, field) == getattr(record, field), field
    assert (arch.moe, arch.mla, arch.mtp_layers) == (record.moe, record.mla, record.mtp_layers)  # type: ignore[union-attr]
    assert count_params(arch).total == 743_180_209_920
