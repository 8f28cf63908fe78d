"""Fine-tuning memory as a framework's release ran it (frameworks.framework(name, released)), against torchtune's
own published figures."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from configurator.core.estimate import estimator
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.frameworks import framework, nf4_load_transient
from configurator.core.estimate.workload import Workload

GB = 1e9


def _as_released(date: str | None) -> estimator.Calibration:
    return replace(estimator.CAL, framework_released=date)


def test_torchtune_qlora_of_april_2024_peaks_while_loading(catalog: Any) -> None:
    """torchtune's QLoRA tutorial (docs/source/tutorials/qlora_finetune.rst at fef3ed10d, 2024-04-16): Llama-2-7B,
    7B_qlora_single_device, peak memory reserved 9.13 GB at model init and 9.29 GB in training. torchtune then pinned
    torchao 0.1, which quantized each bf16 matrix to NF4 on the GPU in one piece; the estimate of that release peaks at
    load, within 15 % of the training figure. The current release quantizes in chunks: the load transient is a tenth."""
    model = catalog.records["models"]["llama-2-7b"]
    workload = Workload(kind="finetune", method="qlora", framework="torchtune", context=512, batch=2)
    then = estimate(model, workload, cal=_as_released("2024-04-16"))
    assert any("the peak is at model load" in s.text for s in then.steps)
    assert abs(then.per_gpu_bytes / (9.29 * GB) - 1) <= 0.15
    mlp = model.hidden_size * model.intermediate_size
    assert nf4_load_transient(mlp, whole_tensor=False) < nf4_load_transient(mlp, whole_tensor=True) / 10
    now = estimate(model, workload)
    assert not any("the peak is at model load" in s.text for s in now.steps)
    assert now.per_gpu_bytes < then.per_gpu_bytes


def test_torchtune_fsdp_full_finetune_keeps_every_gradient(catalog: Any) -> None:
    """torchtune README of 2024-04-16 (fef3ed10d): Llama-2-7B full fine-tune on 4 x RTX 4090 with
    full_finetune_distributed, 22.9 GB per GPU. The distributed recipes step torch.optim.AdamW after backward
    (`optimizer_in_bwd: False` in every distributed config), so each GPU holds its whole gradient shard, 2 bytes per
    parameter / 4; the single-device trick of stepping in backward must not be credited there."""
    model = catalog.records["models"]["llama-2-7b"]
    workload = Workload(
        kind="finetune", method="full", framework="torchtune", optimizer="adamw", context=512, batch=2, zero=3
    )
    result = estimate(model, workload, None, 4, cal=_as_released("2024-04-16"))
    params = result.params_total
    assert result.per_gpu[0].breakdown.gradients >= 0.99 * params * 2 / 4
    assert abs(result.per_gpu_bytes / (22.9 * GB) - 1) <= 0.20
    assert framework("torchtune").single_device_only


def test_torchtune_releases_follow_its_history() -> None:
    """The dated changes (github:pytorch/torchtune): chunked loss #1390 (2024-08-28), fused AdamW #1575 (2024-09-14),
    LoRA dropout 0.0 #1492 (2024-09-11), torchao 0.3 #1125 (2024-06-26). Other frameworks are not dated."""
    old, new = framework("torchtune", "2024-04-16"), framework("torchtune", "2024-10-01")
    assert (old.logits, old.adamw_foreach, old.nf4_whole_tensor, old.lora_dropout) == ("fp32-upcast", True, True, True)
    assert (new.logits, new.adamw_foreach, new.nf4_whole_tensor, new.lora_dropout) == ("chunked", False, False, False)
    assert new == framework("torchtune")
    assert framework("peft", "2024-04-16") == framework("peft")


def test_axolotl_trains_in_bf16_with_fp32_adapters_and_cut_cross_entropy(catalog: Any) -> None:
    """axolotl's Devstral README (examples/devstral, 2025-07-08): devstral-small-qlora.yml "uses about 21GB VRAM"
    (QLoRA r 32 on all linear layers, 2 x 2048 packed tokens, CutCrossEntropyPlugin). Its full fine-tuning keeps no
    fp32 master copy (`bf16: true` loads the model in bf16), PEFT upcasts the adapters to fp32, and the logits are
    never materialised."""
    model = catalog.records["models"]["devstral-small-24b"]
    qlora = estimate(
        model,
        Workload(
            kind="finetune", method="qlora", framework="axolotl", optimizer="adamw", context=2048, batch=2, lora_rank=32
        ),
    )
    assert abs(qlora.per_gpu_bytes / (21 * GB) - 1) <= 0.15
    assert any("cut cross-entropy" in s.text for s in qlora.steps)
    assert any("(fp32)" in s.text for s in qlora.steps)
    full = estimate(model, Workload(kind="finetune", method="full", framework="axolotl", optimizer="adamw"), None, 8)
    hf = estimate(model, Workload(kind="finetune", method="full", framework="transformers", optimizer="adamw"), None, 8)
    assert full.per_gpu[0].breakdown.optimizer_states < 0.5 * hf.per_gpu[0].breakdown.optimizer_states
