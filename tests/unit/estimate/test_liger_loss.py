"""Liger Kernel's fused linear cross-entropy never materialises the s x vocab logits (linkedin/Liger-Kernel
src/liger_kernel/ops/fused_linear_cross_entropy.py): an HF-Trainer fine-tune with fused kernels is sized with one
chunk of logits and the hidden states' gradient, not 2 bytes per logit. Held to Liger's own published memory benchmark
(benchmark/data/all_benchmark_data.csv, fused_linear_cross_entropy, "full" mode, H=4096, V=128256, bf16,
NVIDIA A100-SXM4-80GB, 2024-11-22, liger 0.4.2; read at linkedin/Liger-Kernel@ead96b6)."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import (
    FRAMEWORK_DEFAULTS,
    LIGER_FLCE_CHUNK_BYTES_V042,
    LOGITS_BYTES,
    liger_flce_bytes,
    liger_flce_chunk_rows,
    logits_handling,
)
from configurator.core.estimate.workload import Workload

MIB = 1024**2
H, V = 4096, 128256
# peak MiB (torch.cuda.max_memory_allocated) of one forward + backward, per BT (batch x tokens)
LIGER_MEASURED_MIB = {4096: 4245.548, 8192: 4466.970, 16384: 4910.438, 32768: 5794.626}


def _benchmark_peak_mib(bt: int) -> float:
    """The benchmark harness around the loss (benchmark_fused_linear_cross_entropy.py at b5672a1): it builds two bf16
    V x H heads (the torch one and Liger's), the weight's .grad left from the previous iteration beside the grad_weight
    Liger allocates in the forward (4 x V x H x 2 bytes), and the BT x H bf16 input with its gradient; the loss itself
    as this estimate counts it, with v0.4.2's fp32-upcast chunk."""
    harness = 4 * V * H * 2 + 2 * bt * H * 2
    return (harness + liger_flce_bytes(bt, H, V, chunk_bytes=LIGER_FLCE_CHUNK_BYTES_V042)) / MIB


def test_the_chunk_is_ligers_own_rule() -> None:
    """inc_factor = cdiv(V, H) = 32 for Llama 3's head, chunk = next_power_of_2(cdiv(BT, 32)); the source's own
    example: BT = 4096 x 4, V = 32000, H = 4096 gives a chunk of 2048."""
    assert liger_flce_chunk_rows(4096 * 4, 4096, 32000) == 2048
    assert liger_flce_chunk_rows(4096, H, V) == 128
    assert liger_flce_chunk_rows(5000, H, V) == 256  # cdiv(5000, 32) = 157, rounded up to a power of two


@pytest.mark.parametrize("bt", sorted(LIGER_MEASURED_MIB))
def test_the_loss_memory_matches_ligers_benchmark(bt: int) -> None:
    assert _benchmark_peak_mib(bt) == pytest.approx(LIGER_MEASURED_MIB[bt], rel=0.01)


def test_the_growth_per_token_matches_ligers_benchmark() -> None:
    """What each extra token costs, the harness's fixed weights cancelled: measured 56,684 bytes per token from BT 4096
    to 8192 (input, its gradient, grad_input: 3 x 2H; one chunk element per token: 8 x V / 32)."""
    measured = (LIGER_MEASURED_MIB[8192] - LIGER_MEASURED_MIB[4096]) * MIB / 4096
    counted = (_benchmark_peak_mib(8192) - _benchmark_peak_mib(4096)) * MIB / 4096
    assert counted == pytest.approx(measured, rel=0.01)
    # the HF path of the same benchmark grew 786 kB per token: about 6 bytes per logit, 13.9x Liger's
    assert (9162.313 - 6092.282) * MIB / 4096 / measured > 13


def test_an_hf_trainer_fine_tune_with_fused_kernels_runs_ligers_loss() -> None:
    for name in ("transformers", "peft", "trl", "llama-factory", "deepspeed"):
        assert logits_handling(FRAMEWORK_DEFAULTS[name], "llama", True) == "fused-linear", name
    # a from-scratch run's fused stack is lit-gpt's (TinyLlama), whose loss keeps the 16-bit logits
    assert logits_handling(FRAMEWORK_DEFAULTS["transformers"], "llama", True, kind="pretrain") == "fused-inplace"
    assert logits_handling(FRAMEWORK_DEFAULTS["torchtune"], "llama", True) == "fused-inplace"


def test_ligers_loss_is_not_counted_per_logit(catalog: Catalog) -> None:
    """Llama 3.1 8B LoRA at 4k with fused kernels: 2 bytes per logit would be 0.98 GiB of the activations; Liger holds
    one 128-row chunk and the hidden states' gradient, 0.06 GiB."""
    model = catalog.get("models", "llama-3.1-8b")
    gpu = catalog.get("gpus", "rtx-4090")
    fused = estimate(model, Workload(kind="finetune", method="lora", context=4096, fused_kernels=True), gpu)
    step = next(s.said for s in fused.steps if s.said is not None and s.said.fields.get("loss") == "fused-linear")
    tokens = 4096
    counted = step.num("logit_bytes") * tokens * model.vocab_size
    assert counted == pytest.approx(liger_flce_bytes(tokens, model.hidden_size, model.vocab_size))
    assert counted < tokens * model.vocab_size * LOGITS_BYTES["fused-inplace"] / 10
    assert any("use_liger_kernel" in a for a in fused.assumptions)  # the command turns it on (launch/training.py)


@pytest.mark.parametrize(
    ("framework", "flag"),
    [
        ("peft", "--use_liger_kernel"),
        ("trl", "--use_liger_kernel true"),
        ("llama-factory", "--enable_liger_kernel true"),
    ],
)
def test_the_command_turns_on_the_kernels_the_estimate_sized(catalog: Catalog, framework: str, flag: str) -> None:
    """The HF Trainer's `use_liger_kernel` (TrainingArguments, transformers >= 4.45; TRL's SFTConfig inherits it),
    LLaMA-Factory's `enable_liger_kernel`; without fused kernels neither flag."""
    from configurator.core.launch.training import training_command

    model, gpu = catalog.get("models", "llama-3.1-8b"), catalog.get("gpus", "rtx-4090")
    asked = Workload(kind="finetune", method="lora", context=4096, framework=framework)
    _, fused = training_command(model, estimate(model, asked.model_copy(update={"fused_kernels": True}), gpu), gpu=gpu)
    _, plain = training_command(model, estimate(model, asked, gpu), gpu=gpu)
    assert flag in fused and "liger" not in plain
