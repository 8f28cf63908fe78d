"""The software stack's rules (docs/build-rules.md, Software): what runs on a GPU's architecture, from the sourced
facts of core/support/checks.py. A fail means the stack does not run; a warn that it runs with a cost."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from configurator.core.rules.base import Message, Rule, Severity, instance, register


def _fact(f: Mapping[str, Any]) -> str:
    return f"{f['what']} on {f['card']}: {f['note']}" + (f"; {f['advice']}" if f["advice"] else "")


FACT = Message("fact", _fact)
"""A support fact: the piece of software, the card, the fact's own note (with its source), and advice when it fails."""


class _Support(Rule):
    severity: ClassVar[Severity] = "fail"
    sources: ClassVar[tuple[str, ...]] = (
        "core/support/checks.py: each fact names its source (vendor matrices, release notes, issue threads)",
    )
    messages: ClassVar[tuple[Message, ...]] = (FACT,)


@register
class KnownArchitecture(_Support):
    id = "SUP-0"
    title = "the GPU's architecture has software-support facts"
    severity = "warn"
    reads = ("gpu.vendor", "gpu.architecture")
    messages = (
        Message(
            "unknown",
            "no software-support facts for {vendor} {architecture!r} ({gpu}): check that your framework supports this "
            "GPU before buying",
            zh="没有 {vendor} {architecture!r}（{gpu}）的软件支持资料：购买前请确认你的框架支持这块 GPU",
        ),
    )


@register
class EngineRuns(_Support):
    id = "SUP-1"
    title = "the inference engine (or PyTorch for training) runs on the architecture"
    reads = ("gpu.architecture", "workload.engine")


@register
class ComputePrecision(_Support):
    id = "SUP-2"
    title = "the compute precision (bf16, FP8) runs on the architecture"
    reads = ("gpu.architecture", "workload.precision", "workload.framework")


@register
class QuantFormat(_Support):
    id = "SUP-3"
    title = "the quantization format runs in the engine on the architecture"
    reads = ("gpu.architecture", "workload.precision", "workload.engine")


@register
class Fp8KvCache(_Support):
    id = "SUP-4"
    title = "vLLM's FP8 KV cache runs on the architecture"
    reads = ("gpu.architecture", "workload.kv_precision")


@register
class FlashAttention(_Support):
    id = "SUP-5"
    title = "FlashAttention-2 for training"
    severity = "warn"
    reads = ("gpu.architecture", "workload.kind")


@register
class BitsAndBytes(_Support):
    id = "SUP-6"
    title = "bitsandbytes (QLoRA, 8-bit AdamW) runs on the architecture"
    reads = ("gpu.architecture", "workload.method", "workload.optimizer")


@register
class DeepSpeed(_Support):
    id = "SUP-7"
    title = "DeepSpeed (ZeRO, CPU offload) runs on the architecture"
    reads = ("gpu.architecture", "workload.zero", "workload.offload")


@register
class Fsdp(_Support):
    id = "SUP-11"
    title = "PyTorch FSDP (sharding, its CPU offload) runs on the GPU's stack"
    reads = ("gpu.vendor", "workload.zero", "workload.offload", "workload.sharding", "workload.framework")


def _beyond(f: Mapping[str, Any]) -> str:
    least = (
        f"; the least a published run of it measured at {f['context']:,} tokens or more, {f['peak_gib']:.2f} GiB a GPU "
        f"({f['run']}), with the {f['overhead_gib']:.1f} GiB a training process holds beside it, is over the "
        f"{f['usable_gib']:.1f} GiB this card holds"
        if f.get("peak_gib") is not None
        else f"; no published run of it measured a GPU's peak at {f['context']:,} tokens or more"
    )
    return (
        f"QLoRA with its 4-bit base in system RAM on {f['card']}: every published run of it used cards of "
        f"{f['smallest_gb']:.0f} GB or more ({f['smallest']}){least}: that it fits here is an estimate beyond its rows"
    )


def _beyond_zh(f: Mapping[str, Any]) -> str:
    least = (
        f"；公开运行在 {f['context']:,} token 或更长上下文下实测的最小占用为每 GPU {f['peak_gib']:.2f} GiB（{f['run']}），"
        f"加上训练进程另占的 {f['overhead_gib']:.1f} GiB，超过此卡可用的 {f['usable_gib']:.1f} GiB"
        if f.get("peak_gib") is not None
        else f"；没有公开运行在 {f['context']:,} token 或更长上下文下实测过每 GPU 的峰值"
    )
    return (
        f"{f['card']} 上基座 4 位权重放在系统内存的 QLoRA：公开运行所用的显卡都在 {f['smallest_gb']:.0f} GB 或以上"
        f"（{f['smallest']}）{least}：能否装下只是超出实测范围的估计"
    )


@register
class OffloadEnvelope(_Support):
    id = "SUP-12"
    title = "a QLoRA with its base in system RAM on a card its published runs cover"
    severity = "warn"
    sources = (
        "support.facts.OFFLOAD_RUNS: the published runs of the regime (Answer.AI's fsdp_qlora benchmarks, Axolotl, "
        "LLaMA-Factory, The Kaitchup), each with its source",
    )
    reads = ("gpu.vram_gb", "gpu.usable_vram_gib", "workload.method", "workload.offload", "workload.context")
    messages = (Message("beyond", _beyond, zh=_beyond_zh),)


UNVALIDATED_RUN = (Fsdp.id, OffloadEnvelope.id)
"""The support rules of the libraries a training run command shards with where no validated alternative is planned: a
warn from one is partial support, the job as planned unvalidated on the card (PyTorch FSDP on Intel XPU, SUP-11:
XCCL experimental since PyTorch 2.8, no FSDP + QLoRA run on an Arc card published, and DeepSpeed's XPU accelerator
validated on Data Center GPU Max only, so no other sharder stands in: support.facts.sharder). Not SUP-7's
DeepSpeed warn: a plan runs DeepSpeed only where sharder ranks it above FSDP, so SUP-7 warns only of a run the user
named (--sharding deepspeed, --framework deepspeed), whose advice is PyTorch FSDP where sharder would run it, nor SUP-6's bitsandbytes source build on an MI100 (expert case qwen3-14b-lora-3000-one-32gb-card
signs it), nor warns whose cost the estimate carries (SUP-5's SDPA attention, SUP-9's throughput basis). A training
build with such a warn is no rival for "cheapest" beside one whose run is validated (solve.ranking's
Measures.unvalidated): the label reads this rule's verdict, the check on the build, never a second copy of the test.
Round 43 (offload43): SUP-12 too, a QLoRA whose fit rests on its base in system RAM on a card smaller than every
published run of that regime used and too small for the least per-GPU peak one measured (support.facts.OFFLOAD_RUNS:
all on 24 GB cards): 2 x RTX 4060 Ti 16GB had been "cheapest on supported software" for a Llama 3.3 70B QLoRA at 14.2
GiB a card by the estimate alone, where the published answer is two 22-24 GB cards."""


def unvalidated_run(checks: Iterable[Any]) -> str | None:
    """The rule (UNVALIDATED_RUN) whose check on a training build warns that its run is unvalidated on the card, or
    None. `checks`: the build's checks (model.build.Check: `rule`, `status`)."""
    return next((c.rule for c in checks if c.rule in UNVALIDATED_RUN and c.status == "warn"), None)


def beyond_rows(checks: Iterable[Any]) -> Mapping[str, Any] | None:
    """The fields of SUP-12's warn (OffloadEnvelope, message "beyond") among a build's checks, or None: what the label
    of a build set aside from "cheapest" by it says (the card's GB against the smallest card and the least peak of the
    published runs: solve.ranking.set_aside_said), read from the check itself, never a second copy of the test."""
    check = next((c for c in checks if c.rule == OffloadEnvelope.id and c.status == "warn"), None)
    return check.fields if check is not None and check.code == "beyond" and "card_gb" in check.fields else None


@register
class DriverLifecycle(_Support):
    id = "SUP-8"
    title = "drivers and toolkits still released for the architecture"
    severity = "warn"
    reads = ("gpu.architecture",)


def _pro(f: Mapping[str, Any]) -> str:
    """SUP-9 on an NVIDIA workstation or GDDR data-center card: the share of its full-rate peak training reads, and
    what that share rests on (support/pro_gemm.py)."""
    head = (
        f"training time for {f['card']} uses {f['tflops']:.0f} of its {f['peak']:.0f} {f['dtype']} TFLOPS (before "
        f"any board-power limit): "
    )
    if f["basis"] == "measured":
        return head + (
            f"its large matrix multiplies measure {f['efficiency']:.0%} of that full-rate figure against "
            f"{f['reference']:.0%} on the cards the utilisation was fitted on"
        )
    if f["basis"] == "relative":
        return head + (
            f"it trained at {f['ratio']:.0%} of the {f['of']}'s throughput in one published benchmark of both, whose "
            f"large matrix multiplies are measured"
        )
    return head + (
        f"an estimate, the {f['efficiency']:.0%} of peak the measured {f['of']} workstation and data-center cards reach "
        f"(no published measurement of this card)"
    )


def _pro_zh(f: Mapping[str, Any]) -> str:
    head = f"{f['card']} 的训练时间按其 {f['peak']:.0f} {f['dtype']} TFLOPS 中的 {f['tflops']:.0f} 计算（未计板卡功耗限制）："
    if f["basis"] == "measured":
        return (
            head + f"其大矩阵乘实测达到该全速率数字的 {f['efficiency']:.0%}，拟合利用率的显卡上为 {f['reference']:.0%}"
        )
    if f["basis"] == "relative":
        return (
            head
            + f"在同时测试两者的一份已发表基准中，其训练吞吐为 {f['of']} 的 {f['ratio']:.0%}，而后者的大矩阵乘有实测"
        )
    return (
        head
        + f"估计值，取已实测的 {f['of']} 工作站与数据中心卡达到的峰值 {f['efficiency']:.0%}（此卡没有已发表的实测）"
    )


def _measured(f: Mapping[str, Any]) -> str:
    return (
        f"training time for {f['card']} uses {f['tflops']:.0f} of its {f['peak']:.0f} {f['dtype']} TFLOPS: large matrix "
        f"multiplies measure {f['efficiency']:.0%} of peak on {f['architecture']} against {f['reference']:.0%} on the "
        f"{f['reference_card']} the utilisation was fitted on ({f['note']})"
    )


@register
class TrainingBasis(_Support):
    id = "SUP-9"
    title = "training time from a measured matrix-multiply efficiency of the architecture"
    severity = "warn"
    reads = (
        "gpu.vendor",
        "gpu.architecture",
        "gpu.market",
        "gpu.memory_type",
        "gpu.id",
        "gpu.bf16_tflops",
        "gpu.fp16_tflops",
    )
    messages = (
        Message(
            "nvidia",
            "training time for {card} uses its dense {dtype} peak with the MFU fitted on NVIDIA runs",
            zh="{card} 的训练时间按其稠密 {dtype} 峰值和在 NVIDIA 上拟合的 MFU 计算",
        ),
        Message("nvidia-pro", _pro, zh=_pro_zh),
        Message(
            "vendor-mean",
            "no published measured-GEMM figure for {architecture}: training time for {card} uses {tflops:.0f} of its "
            "{peak:.0f} {dtype} TFLOPS, the {efficiency:.0%} of peak {vendor}'s measured architectures reach (an "
            "estimate until {architecture} has its own)",
            zh=(
                "{architecture} 没有公开的 GEMM 实测：{card} 的训练时间按其 {peak:.0f} {dtype} TFLOPS 中的 {tflops:.0f} 计算，"
                "即 {vendor} 已实测架构达到的峰值 {efficiency:.0%}（在 {architecture} 有自己的实测前为估计）"
            ),
        ),
        Message(
            "spec-peak",
            "no published measured-GEMM figure for {architecture}: training time for {card} uses the spec-sheet peak, "
            "which may be optimistic",
            zh="{architecture} 没有公开的 GEMM 实测：{card} 的训练时间按规格峰值计算，可能偏乐观",
        ),
        Message(
            "measured",
            _measured,
            zh=lambda f: (
                f"{f['card']} 的训练时间按其 {f['peak']:.0f} {f['dtype']} TFLOPS 中的 {f['tflops']:.0f} 计算：大矩阵乘法在 "
                f"{f['architecture']} 上实测达到峰值的 {f['efficiency']:.0%}，拟合利用率的 {f['reference_card']} 上为 "
                f"{f['reference']:.0%}（{f['note']}）"
            ),
        ),
    )


@register
class FineTuningFramework(_Support):
    id = "SUP-10"
    title = "the fine-tuning framework runs on the GPU (its precision, its oldest GPU)"
    reads = ("gpu.architecture", "workload.framework")


RULES: tuple[Rule, ...] = tuple(
    instance(cls)
    for cls in (
        KnownArchitecture,
        EngineRuns,
        ComputePrecision,
        QuantFormat,
        Fp8KvCache,
        FlashAttention,
        BitsAndBytes,
        DeepSpeed,
        DriverLifecycle,
        TrainingBasis,
        FineTuningFramework,
        Fsdp,
        OffloadEnvelope,
    )
)
"""The software-support rules (a build's checks keep one card's; solve/mixed.py re-checks them per card)."""
