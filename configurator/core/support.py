"""The software-stack checks of a GPU and workload (SUP-0 to SUP-10), judged by the sourced facts of support_facts.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

from configurator.core.catalog.models import Gpu
from configurator.core.estimate.frameworks import framework_shards_with_fsdp
from configurator.core.estimate.workload import Workload
from configurator.core.reasons import Reason
from configurator.core.rules import software as sw
from configurator.core.rules.base import Check, Field, Rule, instance, new_check
from configurator.core.support_facts import (
    FRAMEWORK_NEEDS,
    MODEL_ENGINE_WORDS,
    REFERENCE_MATMUL,
    SUPPORT_TABLE,
    ArchSupport,
    Fact,
    Level,
    TrainDtype,
    framework_fact,
    matmul_efficiency,
    model_engine_fact,
    reference_matmul_efficiency,
    spec_peak_tflops,
    support_for,
    training_factor,
    training_tflops,
    vendor_matmul_efficiency,
)
from configurator.core.support_facts import end_of_life as end_of_life  # the solver's modules read it here

Status = Literal["pass", "warn", "fail"]


# --------------------------------------------------------------------------- verdicts


@dataclass(frozen=True)
class SupportVerdict:
    """The outcome of one support rule for one GPU and workload."""

    rule: str
    status: Status
    message: str
    source: str = ""
    code: str = ""
    fields: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, said: Check, source: str = "") -> SupportVerdict:
        """A verdict from a rule's check (rules/software.py words it), with the fact's source."""
        return cls(said.rule, said.status, said.message, source, said.code, tuple(said.fields.items()))

    def check(self) -> Check:
        """The build check a buyer reads."""
        return new_check(
            rule=self.rule, status=self.status, message=self.message, code=self.code, fields=dict(self.fields)
        )


KNOWN, ENGINE, PRECISION = instance(sw.KnownArchitecture), instance(sw.EngineRuns), instance(sw.ComputePrecision)
QUANT, FP8_KV, FLASH = instance(sw.QuantFormat), instance(sw.Fp8KvCache), instance(sw.FlashAttention)
BNB, DEEPSPEED, DRIVERS = instance(sw.BitsAndBytes), instance(sw.DeepSpeed), instance(sw.DriverLifecycle)
TRAINING_BASIS, FRAMEWORK = instance(sw.TrainingBasis), instance(sw.FineTuningFramework)


_STATUS_OF: dict[Level, Status] = {"yes": "pass", "partial": "warn", "no": "fail"}
_ORDER: dict[Status, int] = {"pass": 0, "warn": 1, "fail": 2}

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
    "mxfp4": "mxfp4",  # not in vLLM's table: only where an architecture carries the row (support_facts)
}
_BNB_PRECISIONS = ("nf4", "int8")


STACK_WORDS: dict[str, str] = {
    # what a support fact is about (its `what` field)
    "vllm": "vLLM",
    "vllm-deepseek-v4": "vLLM's DeepSeek-V4 path",
    "llama.cpp": "llama.cpp",
    "pytorch": "PyTorch",
    "bf16": "bf16",
    "fp8-compute": "FP8 compute",
    "vllm-weights": "vLLM {precision} weights",
    "bnb-weights": "bitsandbytes {precision}",
    "fp8-kv": "vLLM FP8 KV cache",
    "flash-attention": "FlashAttention-2",
    "qlora": "QLoRA (bitsandbytes NF4)",
    "adamw-8bit": "8-bit AdamW (bitsandbytes)",
    "deepspeed": "DeepSpeed ZeRO / offload",
    "drivers": "Drivers",
    # what to do instead (its `advice` field)
    "to-llama.cpp": "llama.cpp runs this GPU",
    "to-fp16-training": "use fp16 mixed precision (with loss scaling) instead",
    "to-fp16": "run the model in fp16",
    "to-16-bit": "use bf16/fp16 or an int4 format",
    "to-int4": "use AWQ/GPTQ int4 where vLLM supports it, or GGUF with llama.cpp",
    "to-vllm-format": "use a format vLLM runs here (GGUF, or fp16) or llama.cpp",
    "to-fp16-kv": "keep the KV cache in fp16",
    "to-attention-memory": "budget more memory and time for attention",
    "to-lora": "use LoRA on a 16-bit base model instead",
    "to-adamw": "use plain AdamW",
    "to-fsdp": "PyTorch FSDP is the alternative",
    "to-old-software": "expect no new driver or framework releases",
    "to-ampere": "train on an Ampere or newer GPU (bf16 tensor cores), or with a framework that trains in fp16 mixed "
    "precision (--framework peft, trl or unsloth)",
}
"""The configurator's own words in a support fact (what it is about, what to do instead), by code: report/words.py
keys their Chinese by the same codes (a fact's note is the source's own words, with its source)."""


@dataclass(frozen=True)
class Said:
    """The configurator's own words in a support check: a STACK_WORDS code (with the precision a templated one names),
    or, without a code, a name as it is (a framework's) or a sentence made elsewhere."""

    code: str = ""
    precision: str = ""
    text: str = ""

    @property
    def english(self) -> str:
        return STACK_WORDS[self.code].format(precision=self.precision) if self.code else self.text

    def fields(self, name: str) -> dict[str, Field]:
        """`<name>_code` (and `<name>_precision`) beside the English a check holds as `<name>`: report/words.py says
        it in Chinese by the code, never by the English."""
        if not self.code:
            return {}
        return {f"{name}_code": self.code, **({f"{name}_precision": self.precision} if self.precision else {})}


def _said(code: str, precision: str = "") -> Said:
    return Said(code, precision)


def said_in(fields: Mapping[str, object], name: str) -> tuple[str, str] | None:
    """The STACK_WORDS code and precision of a support check's `what` or `advice` (`Said.fields`), if it has one."""
    code = fields.get(f"{name}_code")
    return (code, str(fields.get(f"{name}_precision", ""))) if isinstance(code, str) else None


def framework_verdict(gpu: Gpu, framework: str | None) -> SupportVerdict | None:
    """SUP-10: the fine-tuning framework on this GPU (None when the architecture or the framework's limits are unknown)."""
    entry = support_for(gpu.vendor, gpu.architecture)
    fact = framework_fact(framework, entry) if entry is not None else None
    if fact is None:
        return None
    needs = FRAMEWORK_NEEDS[framework or ""]
    advice = _said("to-ampere") if needs.bf16_only else None
    return _verdict(FRAMEWORK, fact, Said(text=framework or ""), gpu, advice)


def framework_warning(verdict: SupportVerdict) -> Reason:
    """SUP-10's finding as a fine-tune estimate's warning (`warn.framework`): its English whole (`message`), and beside
    it the framework, the card, the fact's note as its code and the advice's code, which its Chinese is said from."""
    fields = dict(verdict.fields)
    note, advice = fact_note(fields), said_in(fields, "advice")
    if note is None:
        return Reason.of("warn.framework", message=verdict.message)
    return Reason.of(
        "warn.framework",
        message=verdict.message,
        what=str(fields["what"]),
        card=str(fields["card"]),
        note=note,
        advice_code=advice[0] if advice is not None else "",
    )


def worst(verdicts: list[SupportVerdict]) -> Status:
    """The most severe status in a list (pass when empty)."""
    return max((v.status for v in verdicts), key=_ORDER.__getitem__, default="pass")


def _card(gpu: Gpu) -> str:
    return f"the {gpu.name} ({gpu.architecture})"


def _verdict(
    rule: Rule, fact: Fact, what: Said, gpu: Gpu, advice: Said | None = None, *, at_most: Status = "fail"
) -> SupportVerdict:
    # never worse than the rule's severity (a warning rule warns); at_most: a missing piece of a failing rule that only
    # costs speed or memory (the job still runs) warns, never fails
    status = min(_STATUS_OF[fact.level], at_most, rule.broken, key=_ORDER.__getitem__)
    shown = advice if advice is not None and status != "pass" else Said()
    said = rule.say(
        status,
        "fact",
        what=what.english,
        card=_card(gpu),
        note=fact.note,
        advice=shown.english,
        **note_fields(fact),
        **what.fields("what"),
        **shown.fields("advice"),
    )
    return SupportVerdict.of(said, fact.source)


def note_fields(fact: Fact) -> dict[str, Field]:
    """A fact's note as a code beside its English: `note_code` and the code's fields as `note_<name>`. report/words.py
    renders the Chinese from them (`fact_note`)."""
    fields: dict[str, Field] = {"note_code": fact.said.code}
    for name, value in fact.said.args:
        if isinstance(value, Reason) or isinstance(value, tuple) and any(isinstance(v, Reason) for v in value):
            raise ValueError(f"{fact.said.code}: a check's fields hold no nested reason ({name})")
        fields[f"note_{name}"] = cast(Field, value)
    return fields


def fact_note(fields: Mapping[str, object]) -> Reason | None:
    """The code of a support check's note (`note_fields`), or None where the note is a source's own words."""
    code = fields.get("note_code")
    if not isinstance(code, str):
        return None
    args = {
        key[len("note_") :]: value for key, value in fields.items() if key.startswith("note_") and key != "note_code"
    }
    return Reason.of(code, **args)  # type: ignore[arg-type]


def _training_verdicts(gpu: Gpu, entry: ArchSupport, workload: Workload, tuned_by: str | None) -> list[SupportVerdict]:
    """SUP-5, SUP-6, SUP-7, SUP-10 and SUP-9: what a training run needs beside the engine and the precision."""
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
    if (workload.zero > 0 or workload.offload == "cpu") and not framework_shards_with_fsdp(tuned_by):
        verdicts.append(_verdict(DEEPSPEED, entry.deepspeed, _said("deepspeed"), gpu, _said("to-fsdp")))
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
    SUP-9 training throughput basis, SUP-10 the fine-tuning framework on this GPU. A fail means the stack does not run; a warn that it runs with a cost.
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
    if entry.driver.level != "yes":
        verdicts.append(_verdict(DRIVERS, entry.driver, _said("drivers"), gpu, _said("to-old-software")))
    return verdicts


# --------------------------------------------------------------------------- training throughput


def _throughput_verdict(gpu: Gpu, entry: ArchSupport) -> SupportVerdict:
    dtype: TrainDtype = "bf16" if gpu.bf16_tflops else "fp16"
    card = _card(gpu)
    if gpu.vendor == "nvidia":
        return SupportVerdict.of(TRAINING_BASIS.say("pass", "nvidia", card=card, dtype=dtype), REFERENCE_MATMUL.source)
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
