"""The verdict of one support fact on one card (SupportVerdict), the configurator's own words in it (STACK_WORDS,
Said) and SUP-10, the fine-tuning framework on a card: below the estimator, which warns a fine-tune with SUP-10's
finding (estimate -> support_verdicts), while support.py, which checks a workload's whole stack, sits above it
(support -> estimate.workload). The import contract "the estimator never imports the stack checks" keeps it so."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast

from configurator.core.catalog.models import Gpu
from configurator.core.common.reasons import Reason
from configurator.core.rules import software as sw
from configurator.core.rules.base import Check, Field, Rule, instance, new_check
from configurator.core.support.facts import FRAMEWORK_NEEDS, Fact, Level, framework_fact, support_for

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
FSDP = instance(sw.Fsdp)
OFFLOAD = instance(sw.OffloadEnvelope)


_STATUS_OF: dict[Level, Status] = {"yes": "pass", "partial": "warn", "no": "fail"}
_ORDER: dict[Status, int] = {"pass": 0, "warn": 1, "fail": 2}


STACK_WORDS: dict[str, str] = {
    # what a support fact is about (its `what` field)
    "vllm": "vLLM",
    "vllm-deepseek-v4": "vLLM's DeepSeek-V4 path",
    "vllm-gated-deltanet": "vLLM's Gated DeltaNet (hybrid) kernels",
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
    "fsdp": "PyTorch FSDP sharding / offload",
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
    "fp16-training": "fp16 training",
    "to-bf16-or-unsloth": "train on a card with bf16 (Ampere or newer), in fp32, or with Unsloth (--framework unsloth), "
    "which keeps these models in float32",
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
