"""The software-stack checks of a GPU and workload (SUP-0 to SUP-11), judged by the sourced facts of support_facts.py."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu
from configurator.core.estimate.estimator import Calibration
from configurator.core.estimate.frameworks import fp16_overflow_source, framework_shards_with_fsdp
from configurator.core.estimate.result import HARD_HEADROOM
from configurator.core.estimate.workload import Workload
from configurator.core.support.facts import (
    FRAMEWORK_NEEDS,
    FSDP_SUPPORT,
    MODEL_ENGINE_WORDS,
    QLORA_BASE_IN_RAM,
    REFERENCE_MATMUL,
    SUPPORT_TABLE,
    ArchSupport,
    Fact,
    TrainDtype,
    matmul_efficiency,
    model_engine_fact,
    nvidia_pro_rate,
    offload_envelope,
    reference_matmul_efficiency,
    sharder,
    spec_peak_tflops,
    support_for,
    training_factor,
    training_half,
    training_tflops,
    vendor_matmul_efficiency,
)
from configurator.core.support.facts import drivers_winding_down as drivers_winding_down  # read by solve too
from configurator.core.support.facts import end_of_life as end_of_life  # the solver's modules read it here
from configurator.core.support.facts import starts_past_support as starts_past_support  # ranking and solver read it
from configurator.core.support.verdicts import (  # what a stack's checks are made of (below the estimator)
    BNB,
    DEEPSPEED,
    DRIVERS,
    ENGINE,
    FLASH,
    FP8_KV,
    FRAMEWORK,
    FSDP,
    KNOWN,
    OFFLOAD,
    PRECISION,
    QUANT,
    TRAINING_BASIS,
    Said,
    SupportVerdict,
    _card,
    _said,
    _verdict,
    framework_verdict,
)
from configurator.core.support.verdicts import (
    STACK_WORDS as STACK_WORDS,
)
from configurator.core.support.verdicts import (
    Status as Status,
)
from configurator.core.support.verdicts import (
    fact_note as fact_note,
)
from configurator.core.support.verdicts import (
    framework_warning as framework_warning,
)
from configurator.core.support.verdicts import (
    note_fields as note_fields,
)
from configurator.core.support.verdicts import (
    said_in as said_in,
)
from configurator.core.support.verdicts import (
    worst as worst,
)

# Which vLLM table row runs each weight precision (precision.py names); unlisted ones are plain 16/32-bit.
VLLM_ROW_FOR_PRECISION: dict[str, str] = {
    "fp8": "fp8_w8a8",
    "int8": "int8_w8a8",
    "int4": "marlin",
    "nf4": "bitsandbytes",
    "gptq-int4": "gptq",
    "gptq-int8": "gptq",
    "awq-int4": "awq",
    "q8_0": "gguf",
    "q6_k": "gguf",
    "q5_k_m": "gguf",
    "q4_k_m": "gguf",
    "q4_0": "gguf",
    "q3_k_m": "gguf",
    "q2_k": "gguf",
    # Kimi K2.5's INT4 experts (compressed-tensors W4A16, group 32): vLLM's fused MoE runs them with its Marlin kernels
    "int4-experts": "marlin",
    "mxfp4": "mxfp4",  # not in vLLM's table: only where an architecture carries the row (support_facts)
}
_BNB_PRECISIONS = ("nf4", "int8")


def _training_verdicts(gpu: Gpu, entry: ArchSupport, workload: Workload, tuned_by: str | None) -> list[SupportVerdict]:
    """SUP-5, SUP-6, SUP-7 or SUP-11, SUP-10 and SUP-9: what a training run needs beside the engine and the precision."""
    verdicts = [
        _verdict(
            FLASH,
            entry.flash_attention_2,
            _said("flash-attention"),
            gpu,
            _said("to-attention-memory"),
        )
    ]
    if workload.method == "qlora" and workload.kind == "finetune":
        qlora = _verdict(BNB, entry.bitsandbytes, _said("qlora"), gpu, _said("to-lora"))
        verdicts.append(qlora)
    if workload.optimizer == "adamw-8bit":
        verdicts.append(_verdict(BNB, entry.bitsandbytes, _said("adamw-8bit"), gpu, _said("to-adamw")))
    if workload.zero > 0 or workload.offload == "cpu":
        # the framework's own FSDP (torchtune, Answer.AI's train.py) or the HF stack under accelerate's FSDP
        # (--sharding fsdp): SUP-11, PyTorch FSDP on the vendor's stack; else DeepSpeed ZeRO, SUP-7
        if framework_shards_with_fsdp(tuned_by) or workload.sharding == "fsdp":
            if (fsdp := FSDP_SUPPORT.get(gpu.vendor)) is not None:
                verdicts.append(_verdict(FSDP, fsdp, _said("fsdp"), gpu))
        else:
            # the advice is the rule the planner shards by (facts.sharder): FSDP only where it is what a plan would run
            advice = _said("to-fsdp") if sharder(gpu.vendor, gpu.architecture) == "fsdp" else Said()
            verdicts.append(_verdict(DEEPSPEED, entry.deepspeed, _said("deepspeed"), gpu, advice))
    if (beyond := offload_beyond_rows(gpu, workload)) is not None:
        verdicts.append(beyond)
    # SUP-10: the fine-tuning framework's own limits (precision, oldest GPU)
    if (verdict := framework_verdict(gpu, tuned_by)) is not None:
        verdicts.append(verdict)
    verdicts.append(_throughput_verdict(gpu, entry))
    return verdicts


def check_stack(gpu: Gpu, workload: Workload, model_type: str = "") -> list[SupportVerdict]:
    """Check the software stack a workload needs against what runs on this GPU's architecture.

    Rules: SUP-0 architecture known, SUP-1 engine runs, SUP-2 compute precision, SUP-3 quantization
    format in the engine, SUP-4 FP8 KV cache, SUP-5 FlashAttention-2 for training, SUP-6 bitsandbytes
    (QLoRA, 8-bit AdamW), SUP-7 DeepSpeed (ZeRO, CPU offload), SUP-8 driver/toolkit lifecycle,
    SUP-9 training throughput basis, SUP-10 the fine-tuning framework on this GPU, SUP-11 PyTorch FSDP on the vendor's
    stack (a job sharded with FSDP, in place of SUP-7). A fail means the stack does not run; a warn that it runs with a cost.
    `model_type` (the model's HF model_type): SUP-1 also judges the engine's support of that architecture where it
    differs from the engine's own (support_facts.MODEL_ENGINE_FACTS).
    """
    entry = support_for(gpu.vendor, gpu.architecture)
    if entry is None:
        said = KNOWN.say("warn", "unknown", vendor=gpu.vendor, architecture=gpu.architecture, gpu=gpu.name)
        return [SupportVerdict.of(said)]
    verdicts: list[SupportVerdict] = []
    # the same defaults the estimator resolves (precision, engine); the context bound is irrelevant here
    workload = workload.resolved(max_context=workload.context or 10_000_000)
    training = workload.kind != "inference"
    precision = workload.precision or "bf16"
    engine = "transformers" if training else workload.engine

    # SUP-1: the engine itself
    if engine == "vllm":
        verdicts.append(_verdict(ENGINE, entry.vllm, _said("vllm"), gpu, _said("to-llama.cpp")))
    elif engine == "llama.cpp":
        verdicts.append(_verdict(ENGINE, entry.llama_cpp, _said("llama.cpp"), gpu))
    elif engine == "transformers":
        verdicts.append(_verdict(ENGINE, entry.pytorch, _said("pytorch"), gpu))
    if engine and (model_fact := model_engine_fact(entry, engine, model_type)) is not None:
        words = _said(MODEL_ENGINE_WORDS[(engine, model_type)])
        verdicts.append(_verdict(ENGINE, model_fact, words, gpu))

    # SUP-2: compute precision (16-bit float, FP8)
    # the framework's own limits apply to fine-tuning: a from-scratch run launches under accelerate or Megatron-LM
    tuned_by = workload.framework if workload.kind == "finetune" else None
    needs = FRAMEWORK_NEEDS.get(tuned_by or "")
    if precision == "bf16":
        advice = _said("to-fp16-training") if training else _said("to-fp16")
        if needs is not None and needs.bf16_only:
            advice = Said(text=f"{needs.dtypes_note} ({FRAMEWORK.id})")
        # the job still runs in fp16 (and is costed so by training_tflops): a warning, not a failure
        verdicts.append(_verdict(PRECISION, entry.bf16, _said("bf16"), gpu, advice, at_most="warn"))
    elif precision == "fp8" and engine != "vllm":
        verdicts.append(_verdict(PRECISION, entry.fp8_compute, _said("fp8-compute"), gpu, _said("to-16-bit")))
    if training and (overflow := _fp16_overflow(gpu, precision, tuned_by, model_type)) is not None:
        verdicts.append(overflow)

    # SUP-3: the quantization format inside the engine
    row = VLLM_ROW_FOR_PRECISION.get(precision)
    if engine == "vllm" and row is not None and (fact := entry.vllm_quant.get(row)) is not None:
        if precision == "fp8" and fact.level != "yes":
            advice = _said("to-int4")
        elif fact.level == "no":
            advice = _said("to-vllm-format")
        else:
            advice = Said()
        verdicts.append(_verdict(QUANT, fact, _said("vllm-weights", precision), gpu, advice))
    if engine == "transformers" and precision in _BNB_PRECISIONS and not (training and workload.method == "qlora"):
        verdicts.append(_verdict(QUANT, entry.bitsandbytes, _said("bnb-weights", precision), gpu))

    # SUP-4: FP8 KV cache
    if engine == "vllm" and workload.kv_precision == "fp8":
        verdicts.append(_verdict(FP8_KV, entry.vllm_fp8_kv, _said("fp8-kv"), gpu, _said("to-fp16-kv")))

    if training:
        verdicts += _training_verdicts(gpu, entry, workload, tuned_by)

    # SUP-8: driver and toolkit lifecycle (always relevant to a purchase)
    if drivers_winding_down(gpu.vendor, gpu.architecture):
        verdicts.append(_verdict(DRIVERS, entry.driver, _said("drivers"), gpu, _said("to-old-software")))
    return verdicts


def _fp16_overflow(gpu: Gpu, precision: str, framework: str | None, model_type: str) -> SupportVerdict | None:
    """SUP-2 for a model that overflows fp16 (frameworks.FP16_OVERFLOW) when the job trains in fp16 (a card without
    bf16, or fp16 asked) under a framework that does not keep it in float32: it runs, and its gradient norm turns NaN.
    On a card without bf16 the stack fails (review42): the run as planned trains nothing, so the planner picks a card
    with bf16 or says the way out (Unsloth keeps these models in float32), never a build whose run NaNs (four MI50 had
    been the 'cheapest' LoRA of Qwen3.6 27B, their `--mixed_precision fp16` launch beside this very warning). fp16
    asked on a bf16 card warns: the user's choice, told. The estimate warns the same (estimator._warn_fp16_overflow),
    from the same predicate."""
    asked = precision == "fp16"
    half = "fp16" if asked else training_half(gpu)
    source = fp16_overflow_source(framework, model_type, half)
    if source is None:
        return None
    fact = Fact.of("partial" if asked else "no", "sup.fp16-overflow", source, model=model_type)
    return _verdict(PRECISION, fact, _said("fp16-training"), gpu, _said("to-bf16-or-unsloth"))


def offload_beyond_rows(gpu: Gpu, workload: Workload) -> SupportVerdict | None:
    """SUP-12's warn: a QLoRA whose base is kept in system RAM (workload.offload "cpu", the regime
    candidates.base_may_go_to_ram offers unasked) on a card its published runs do not cover (support.facts.
    offload_envelope over OFFLOAD_RUNS): smaller than the smallest card a run used, and too small to hold the least
    per-GPU peak a run measured at the job's context or longer beside what a training process holds outside PyTorch's
    allocator (the estimator's fitted runtime overhead, Calibration.overhead_training), less the hard floor every fit
    keeps free (HARD_HEADROOM). Llama-2 70B at 2,048 tokens measured 14.92 GiB on 24 GB cards: a 22 GB card holds that
    run, a 16 GB one does not, as Answer.AI itself says (a 16 GB GPU 'possible in theory' with the activations offloaded
    too). None: another regime, or a card the runs cover. `workload`: resolved (its context set)."""
    if workload.kind != "finetune" or workload.method != "qlora" or workload.offload != "cpu":
        return None
    envelope = offload_envelope(QLORA_BASE_IN_RAM, workload.context or 0)
    if envelope is None or gpu.vram_gb >= envelope.smallest_gb:
        return None
    usable = gpu.memory_gib * (1 - HARD_HEADROOM)
    overhead = Calibration().overhead_training / 2**30
    least = envelope.least
    if least is not None and least.peak_gib is not None and least.peak_gib + overhead <= usable:
        return None
    smallest = envelope.smallest
    fields: dict[str, object] = {
        "card": _card(gpu),
        "card_gb": gpu.vram_gb,  # round 44: what a build's label set aside by this warn says (kind.beyond-runs)
        "smallest_gb": smallest.card_gb,
        "smallest": f"{smallest.gpus} x {smallest.card}, {smallest.model}",
        "context": workload.context or 0,
        "usable_gib": usable,
        "overhead_gib": overhead,
    }
    if least is not None:
        fields |= {"peak_gib": least.peak_gib, "run": f"{least.model} on {least.gpus} x {least.card}"}
    sources = dict.fromkeys([smallest.source, *([least.source] if least is not None else [])])
    return SupportVerdict.of(OFFLOAD.say("warn", "beyond", **fields), " ".join(sources))


# --------------------------------------------------------------------------- training throughput


def _throughput_verdict(gpu: Gpu, entry: ArchSupport) -> SupportVerdict:
    dtype: TrainDtype = "bf16" if gpu.bf16_tflops else "fp16"
    card = _card(gpu)
    if gpu.vendor == "nvidia":
        pro = nvidia_pro_rate(gpu, dtype)
        if pro is None:
            return SupportVerdict.of(
                TRAINING_BASIS.say("pass", "nvidia", card=card, dtype=dtype), REFERENCE_MATMUL.source
            )
        said = TRAINING_BASIS.say(
            "warn" if pro.basis == "estimate" else "pass",
            "nvidia-pro",
            card=card,
            dtype=dtype,
            tflops=training_tflops(gpu, dtype),
            peak=spec_peak_tflops(gpu, dtype),
            basis=pro.basis,
            efficiency=pro.efficiency,
            reference=reference_matmul_efficiency(gpu),
            ratio=pro.ratio,
            of=pro.of,
        )
        return SupportVerdict.of(said, " ".join(dict.fromkeys(pro.sources)))
    efficiency = matmul_efficiency(entry, dtype)
    rates = {"tflops": training_tflops(gpu, dtype), "peak": spec_peak_tflops(gpu, dtype), "dtype": dtype}
    if efficiency is None:
        fallback = vendor_matmul_efficiency(gpu.vendor, dtype)
        if fallback is not None:
            said = TRAINING_BASIS.say(
                "warn",
                "vendor-mean",
                architecture=entry.architecture,
                card=card,
                efficiency=fallback,
                vendor=gpu.vendor.upper(),
                **rates,
            )
            sources = sorted({m.source for e in SUPPORT_TABLE if e.vendor == gpu.vendor for m in e.matmul})
            return SupportVerdict.of(said, " ".join(sources))
        return SupportVerdict.of(TRAINING_BASIS.say("warn", "spec-peak", architecture=entry.architecture, card=card))
    said = TRAINING_BASIS.say(
        "warn" if training_factor(gpu, dtype) < 0.9 else "pass",
        "measured",
        card=card,
        efficiency=efficiency,
        architecture=entry.architecture,
        reference=reference_matmul_efficiency(gpu),
        reference_card=REFERENCE_MATMUL.card if gpu.market == "datacenter" else "GeForce cards",
        note=entry.matmul_note,
        **rates,
    )
    return SupportVerdict.of(said, " ".join(sorted({m.source for m in entry.matmul})))
