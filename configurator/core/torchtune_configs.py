"""torchtune's built-in configs for the catalog's models, read from its recipe registry (sources below)."""

from __future__ import annotations

from typing import NamedTuple

# github:pytorch/torchtune at bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1 (2026-04-23): torchtune/_recipe_registry.py
# lists every config `tune run` accepts by name, per recipe; the model builder and the optimizer come from each
# config's own file (recipes/configs/<name>.yaml: `model._component_`, `optimizer._component_`, `optimizer.fused`).
# A catalog model appears here only where the config's builder is that model's architecture (its checkpoint_dir
# names the same Hugging Face repo, or its Instruct twin: same architecture, other weights). DoRA and multi-node
# configs are left out (the estimate is LoRA on one machine).
TORCHTUNE_SOURCE = "github:pytorch/torchtune@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1"


class TorchtuneConfig(NamedTuple):
    """One built-in config: its name for `--config`, the recipe it runs with, its model builder and optimizer."""

    name: str
    recipe: str
    model: str
    optimizer: str
    fused: bool  # the config sets `optimizer.fused: True`


TORCHTUNE_CONFIGS: dict[str, tuple[TorchtuneConfig, ...]] = {
    "llama-2-7b": (
        TorchtuneConfig("llama2/7B_full_low_memory", "full_finetune_single_device", "torchtune.models.llama2.llama2_7b", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("llama2/7B_full", "full_finetune_distributed", "torchtune.models.llama2.llama2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/7B_lora_single_device", "lora_finetune_single_device", "torchtune.models.llama2.lora_llama2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/7B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama2.qlora_llama2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/7B_lora", "lora_finetune_distributed", "torchtune.models.llama2.lora_llama2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/7B_qlora", "lora_finetune_distributed", "torchtune.models.llama2.qlora_llama2_7b", "torch.optim.AdamW", True),
    ),
    "llama-3-8b": (
        TorchtuneConfig("llama3/8B_full_single_device", "full_finetune_single_device", "torchtune.models.llama3.llama3_8b", "bitsandbytes.optim.PagedAdamW8bit", False),
        TorchtuneConfig("llama3/8B_full", "full_finetune_distributed", "torchtune.models.llama3.llama3_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3/8B_lora_single_device", "lora_finetune_single_device", "torchtune.models.llama3.lora_llama3_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3/8B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama3.qlora_llama3_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3/8B_lora", "lora_finetune_distributed", "torchtune.models.llama3.lora_llama3_8b", "torch.optim.AdamW", True),
    ),
    "llama-3.1-8b": (
        TorchtuneConfig("llama3_1/8B_full_single_device", "full_finetune_single_device", "torchtune.models.llama3_1.llama3_1_8b", "bitsandbytes.optim.PagedAdamW8bit", False),
        TorchtuneConfig("llama3_1/8B_full", "full_finetune_distributed", "torchtune.models.llama3_1.llama3_1_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_1/8B_lora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_1.lora_llama3_1_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_1/8B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_1.qlora_llama3_1_8b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_1/8B_lora", "lora_finetune_distributed", "torchtune.models.llama3_1.lora_llama3_1_8b", "torch.optim.AdamW", True),
    ),
    "llama-3.2-1b": (
        TorchtuneConfig("llama3_2/1B_full_single_device", "full_finetune_single_device", "torchtune.models.llama3_2.llama3_2_1b", "bitsandbytes.optim.PagedAdamW8bit", False),
        TorchtuneConfig("llama3_2/1B_full", "full_finetune_distributed", "torchtune.models.llama3_2.llama3_2_1b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/1B_lora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_2.lora_llama3_2_1b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/1B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_2.qlora_llama3_2_1b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/1B_lora", "lora_finetune_distributed", "torchtune.models.llama3_2.lora_llama3_2_1b", "torch.optim.AdamW", True),
    ),
    "llama-3.2-3b": (
        TorchtuneConfig("llama3_2/3B_full_single_device", "full_finetune_single_device", "torchtune.models.llama3_2.llama3_2_3b", "bitsandbytes.optim.PagedAdamW8bit", False),
        TorchtuneConfig("llama3_2/3B_full", "full_finetune_distributed", "torchtune.models.llama3_2.llama3_2_3b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/3B_lora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_2.lora_llama3_2_3b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/3B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama3_2.qlora_llama3_2_3b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_2/3B_lora", "lora_finetune_distributed", "torchtune.models.llama3_2.lora_llama3_2_3b", "torch.optim.AdamW", True),
    ),
    "mistral-7b-v0.1": (
        TorchtuneConfig("mistral/7B_full_low_memory", "full_finetune_single_device", "torchtune.models.mistral.mistral_7b", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("mistral/7B_full", "full_finetune_distributed", "torchtune.models.mistral.mistral_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("mistral/7B_lora_single_device", "lora_finetune_single_device", "torchtune.models.mistral.lora_mistral_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("mistral/7B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.mistral.qlora_mistral_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("mistral/7B_lora", "lora_finetune_distributed", "torchtune.models.mistral.lora_mistral_7b", "torch.optim.AdamW", True),
    ),
    "phi-3-mini": (
        TorchtuneConfig("phi3/mini_full_low_memory", "full_finetune_single_device", "torchtune.models.phi3.phi3_mini", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("phi3/mini_full", "full_finetune_distributed", "torchtune.models.phi3.phi3_mini", "torch.optim.AdamW", True),
        TorchtuneConfig("phi3/mini_lora_single_device", "lora_finetune_single_device", "torchtune.models.phi3.lora_phi3_mini", "torch.optim.AdamW", True),
        TorchtuneConfig("phi3/mini_qlora_single_device", "lora_finetune_single_device", "torchtune.models.phi3.qlora_phi3_mini", "torch.optim.AdamW", True),
        TorchtuneConfig("phi3/mini_lora", "lora_finetune_distributed", "torchtune.models.phi3.lora_phi3_mini", "torch.optim.AdamW", True),
    ),
    "phi-4": (
        TorchtuneConfig("phi4/14B_full_low_memory", "full_finetune_single_device", "torchtune.models.phi4.phi4_14b", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("phi4/14B_full", "full_finetune_distributed", "torchtune.models.phi4.phi4_14b", "torch.optim.AdamW", True),
        TorchtuneConfig("phi4/14B_lora_single_device", "lora_finetune_single_device", "torchtune.models.phi4.lora_phi4_14b", "torch.optim.AdamW", True),
        TorchtuneConfig("phi4/14B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.phi4.qlora_phi4_14b", "torch.optim.AdamW", True),
        TorchtuneConfig("phi4/14B_lora", "lora_finetune_distributed", "torchtune.models.phi4.lora_phi4_14b", "torch.optim.AdamW", True),
    ),
    "qwen2-7b": (
        TorchtuneConfig("qwen2/7B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen2.qwen2_7b", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("qwen2/7B_full", "full_finetune_distributed", "torchtune.models.qwen2.qwen2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2/7B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2.lora_qwen2_7b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2/7B_lora", "lora_finetune_distributed", "torchtune.models.qwen2.lora_qwen2_7b", "torch.optim.AdamW", True),
    ),
    "qwen2.5-0.5b": (
        TorchtuneConfig("qwen2_5/0.5B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen2_5.qwen2_5_0_5b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/0.5B_full", "full_finetune_distributed", "torchtune.models.qwen2_5.qwen2_5_0_5b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/0.5B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2_5.lora_qwen2_5_0_5b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/0.5B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_0_5b", "torch.optim.AdamW", True),
    ),
    "qwen2.5-1.5b": (
        TorchtuneConfig("qwen2_5/1.5B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen2_5.qwen2_5_1_5b_instruct", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("qwen2_5/1.5B_full", "full_finetune_distributed", "torchtune.models.qwen2_5.qwen2_5_1_5b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/1.5B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2_5.lora_qwen2_5_1_5b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/1.5B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_1_5b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen2.5-3b": (
        TorchtuneConfig("qwen2_5/3B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen2_5.qwen2_5_3b", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("qwen2_5/3B_full", "full_finetune_distributed", "torchtune.models.qwen2_5.qwen2_5_3b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/3B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2_5.lora_qwen2_5_3b", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/3B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_3b", "torch.optim.AdamW", True),
    ),
    "qwen2.5-7b": (
        TorchtuneConfig("qwen2_5/7B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen2_5.qwen2_5_7b_instruct", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("qwen2_5/7B_full", "full_finetune_distributed", "torchtune.models.qwen2_5.qwen2_5_7b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/7B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2_5.lora_qwen2_5_7b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen2_5/7B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_7b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen3-0.6b": (
        TorchtuneConfig("qwen3/0.6B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen3.qwen3_0_6b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/0.6B_full", "full_finetune_distributed", "torchtune.models.qwen3.qwen3_0_6b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/0.6B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen3.lora_qwen3_0_6b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/0.6B_lora", "lora_finetune_distributed", "torchtune.models.qwen3.lora_qwen3_0_6b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen3-4b": (
        TorchtuneConfig("qwen3/4B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen3.qwen3_4b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/4B_full", "full_finetune_distributed", "torchtune.models.qwen3.qwen3_4b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/4B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen3.lora_qwen3_4b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/4B_lora", "lora_finetune_distributed", "torchtune.models.qwen3.lora_qwen3_4b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen3-8b": (
        TorchtuneConfig("qwen3/8B_full_single_device", "full_finetune_single_device", "torchtune.models.qwen3.qwen3_8b_instruct", "bitsandbytes.optim.PagedAdamW", False),
        TorchtuneConfig("qwen3/8B_full", "full_finetune_distributed", "torchtune.models.qwen3.qwen3_8b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/8B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen3.lora_qwen3_8b_instruct", "torch.optim.AdamW", True),
        TorchtuneConfig("qwen3/8B_lora", "lora_finetune_distributed", "torchtune.models.qwen3.lora_qwen3_8b_instruct", "torch.optim.AdamW", True),
    ),
    "llama-2-13b": (
        TorchtuneConfig("llama2/13B_full", "full_finetune_distributed", "torchtune.models.llama2.llama2_13b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/13B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.llama2.qlora_llama2_13b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/13B_lora", "lora_finetune_distributed", "torchtune.models.llama2.lora_llama2_13b", "torch.optim.AdamW", True),
    ),
    "llama-3-70b": (
        TorchtuneConfig("llama3/70B_full", "full_finetune_distributed", "torchtune.models.llama3.llama3_70b", "torch.optim.AdamW", False),
        TorchtuneConfig("llama3/70B_lora", "lora_finetune_distributed", "torchtune.models.llama3.lora_llama3_70b", "torch.optim.AdamW", True),
    ),
    "llama-3.1-70b": (
        TorchtuneConfig("llama3_1/70B_full", "full_finetune_distributed", "torchtune.models.llama3_1.llama3_1_70b", "torch.optim.AdamW", False),
        TorchtuneConfig("llama3_1/70B_lora", "lora_finetune_distributed", "torchtune.models.llama3_1.lora_llama3_1_70b", "torch.optim.AdamW", True),
    ),
    "llama-3.3-70b": (
        TorchtuneConfig("llama3_3/70B_full", "full_finetune_distributed", "torchtune.models.llama3_3.llama3_3_70b", "torch.optim.AdamW", False),
        TorchtuneConfig("llama3_3/70B_lora", "lora_finetune_distributed", "torchtune.models.llama3_3.lora_llama3_3_70b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama3_3/70B_qlora", "lora_finetune_distributed", "torchtune.models.llama3_3.qlora_llama3_3_70b", "torch.optim.AdamW", True),
    ),
    "gemma-2-9b": (
        TorchtuneConfig("gemma2/9B_full", "full_finetune_distributed", "torchtune.models.gemma2.gemma2_9b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/9B_lora_single_device", "lora_finetune_single_device", "torchtune.models.gemma2.lora_gemma2_9b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/9B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.gemma2.qlora_gemma2_9b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/9B_lora", "lora_finetune_distributed", "torchtune.models.gemma2.lora_gemma2_9b", "torch.optim.AdamW", True),
    ),
    "gemma-2-27b": (
        TorchtuneConfig("gemma2/27B_full", "full_finetune_distributed", "torchtune.models.gemma2.gemma2_27b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/27B_lora_single_device", "lora_finetune_single_device", "torchtune.models.gemma2.lora_gemma2_27b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/27B_qlora_single_device", "lora_finetune_single_device", "torchtune.models.gemma2.qlora_gemma2_27b", "torch.optim.AdamW", True),
        TorchtuneConfig("gemma2/27B_lora", "lora_finetune_distributed", "torchtune.models.gemma2.lora_gemma2_27b", "torch.optim.AdamW", True),
    ),
    "llama-4-scout": (
        TorchtuneConfig("llama4/scout_17B_16E_full", "full_finetune_distributed", "torchtune.models.llama4.llama4_scout_17b_16e", "torch.optim.AdamW", False),
        TorchtuneConfig("llama4/scout_17B_16E_lora", "lora_finetune_distributed", "torchtune.models.llama4.lora_llama4_scout_17b_16e", "torch.optim.AdamW", False),
    ),
    "llama-4-maverick": (
        TorchtuneConfig("llama4/maverick_17B_128E_full", "full_finetune_distributed", "torchtune.models.llama4.llama4_maverick_17b_128e", "torch.optim.AdamW", False),
    ),
    "qwen2.5-14b": (
        TorchtuneConfig("qwen2_5/14B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen2_5.lora_qwen2_5_14b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen3-14b": (
        TorchtuneConfig("qwen3/14B_lora_single_device", "lora_finetune_single_device", "torchtune.models.qwen3.lora_qwen3_14b_instruct", "torch.optim.AdamW", True),
    ),
    "llama-2-70b": (
        TorchtuneConfig("llama2/70B_lora", "lora_finetune_distributed", "torchtune.models.llama2.lora_llama2_70b", "torch.optim.AdamW", True),
        TorchtuneConfig("llama2/70B_qlora", "lora_finetune_distributed", "torchtune.models.llama2.qlora_llama2_70b", "torch.optim.AdamW", True),
    ),
    "llama-3.1-405b": (
        TorchtuneConfig("llama3_1/405B_qlora", "lora_finetune_distributed", "torchtune.models.llama3_1.qlora_llama3_1_405b", "torch.optim.AdamW", True),
    ),
    "qwen2.5-32b": (
        TorchtuneConfig("qwen2_5/32B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_32b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen2.5-72b": (
        TorchtuneConfig("qwen2_5/72B_lora", "lora_finetune_distributed", "torchtune.models.qwen2_5.lora_qwen2_5_72b_instruct", "torch.optim.AdamW", True),
    ),
    "qwen3-32b": (
        TorchtuneConfig("qwen3/32B_lora", "lora_finetune_distributed", "torchtune.models.qwen3.lora_qwen3_32b", "torch.optim.AdamW", True),
    ),
}
