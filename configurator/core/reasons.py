"""Reason codes: what the core tells a user as a code and typed fields, with the English sentences rendered from them.

Why a GPU is left out, why nothing fits, each way out of it and an estimate's warnings are `Reason`s. Code decides by
`code` and the fields, never by the words: `english(reason)` (here, the one place for English) and
`core.report.words.say(reason)` (the sheet's or window's language) render them, and nothing reads a sentence back,
so rewording one changes no behaviour. The English strings of `plan --json` and `estimate --json` are these renderings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Union

from pydantic import BaseModel, ConfigDict

from configurator.core.trusted import constructor

Value = Union[bool, int, float, str, None, "Reason", tuple[str, ...], tuple["Reason", ...]]
"""A field of a reason: a number, a name, a nested reason or a list of them."""


class Reason(BaseModel):
    """One thing said to a user: a stable code (`gpu.memory`, `way.kv`, `warn.host-ram`) and the figures it names."""

    model_config = ConfigDict(frozen=True)

    code: str
    args: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, code: str, **args: Value) -> Reason:
        """A reason from its code and fields (already typed: not validated again, it is built in hot loops)."""
        if cls is Reason:
            return _new_reason(code=code, args=tuple(args.items()))
        return cls.model_construct(code=code, args=tuple(args.items()))

    @property
    def fields(self) -> dict[str, Value]:
        return dict(self.args)

    def num(self, name: str) -> float:
        value = self.fields.get(name)
        return float(value) if isinstance(value, (int, float)) else 0.0

    def nested(self, name: str) -> tuple[Reason, ...]:
        """The reasons a field holds (one or a list)."""
        value = self.fields.get(name)
        if isinstance(value, Reason):
            return (value,)
        return tuple(v for v in value if isinstance(v, Reason)) if isinstance(value, tuple) else ()

    def __str__(self) -> str:
        return english(self)


_new_reason = constructor(Reason)  # Reason.of without model_construct's per-field lookups (core.trusted)

Say = Callable[[Reason], str]
"""Renders a nested reason in the language being rendered."""
Template = str | Callable[[Reason, Say], str]
"""A format string over the reason's fields, or a function of the reason and the renderer of nested ones."""


def render(reason: Reason, table: Mapping[str, Template], fallback: Mapping[str, Template] | None = None) -> str:
    """`reason` in the language of `table` (codes it lacks from `fallback`, nested reasons too)."""

    def say(inner: Reason) -> str:
        return render(inner, table, fallback)

    template = table.get(reason.code)
    if template is None and fallback is not None:
        template = fallback.get(reason.code)
    if template is None:
        return reason.code
    if isinstance(template, str):
        return template.format(**reason.fields)
    return template(reason, say)


def english(reason: Reason) -> str:
    return render(reason, EN)


def joined(reasons: tuple[Reason, ...], say: Say, sep: str = "; ") -> str:
    return sep.join(say(r) for r in reasons)


def shortened(text: str, limit: int) -> str:
    """A line cut to `limit` characters, said to be cut."""
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


# --------------------------------------------------------------------------- codes the program acts on

REJECT_MEMORY = ("gpu.memory", "gpu.memory-max")
REJECT_SPEED = ("gpu.speed",)
REJECT_TIME = ("gpu.deadline", "gpu.years")
REJECT_DULL = ("gpu.module", "gpu.not-owned", "gpu.not-requested", "gpu.vendor", "gpu.china-variant", "gpu.china-only")
"""Rejections that say nothing about the job (the user's own choices, where a card is sold): not a reason to show."""


def rejection_kind(reason: Reason) -> str | Reason:
    """What a rejection is about, for the closest card of each kind: memory, speed, time, else the reason itself."""
    if reason.code in REJECT_MEMORY:
        return "memory"
    if reason.code in REJECT_SPEED:
        return "speed"
    if reason.code in REJECT_TIME:
        return "time"
    return reason


# --------------------------------------------------------------------------- English


def _no_price(r: Reason, _say: Say) -> str:
    condition = str(r.fields.get("condition") or "")
    return f"no {condition if condition != 'any' else ''} price in the catalog".replace("  ", " ")


def _compute(r: Reason, _say: Say) -> str:
    f = r.fields
    days = r.num("days")
    on_eight = f"{days / 365:,.0f} years" if days >= 730 else f"{days:,.0f} days" if days >= 10 else f"{days:,.1f} days"
    mfu = f" at {r.num('mfu'):.0%} MFU" if f.get("mfu") else ""
    return (
        f"the job is {f['mantissa']} x 10^{f['exponent']} FLOPs: about {r.num('hours'):,.0f} GPU-hours on {f['gpu']}{mfu} "
        f"({on_eight} on 8 of them)"
    )


def _power(r: Reason, _say: Say) -> str:
    f = r.fields
    speed = f"~{r.num('speed'):.0%} speed"
    if not f.get("tool"):
        return f"power-limit the GPUs to {r.num('limit'):.0%} ({speed})"
    return (
        f"power-limit the GPUs to {r.num('limit'):.0%} ({f['tool']} {f['flag']} {r.num('watts'):.0f} at boot; {speed})"
    )


def _changes(r: Reason, say: Say) -> str:
    words = [say(c) for c in r.nested("changes")]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    what = (
        f"{r.fields['box']}, "
        if r.fields.get("box")
        else "no GPU (CPU only), "
        if r.fields.get("cpu_only")
        else f"{r.fields['gpus']} x {r.fields['gpu']}, "
        if r.fields.get("gpus")
        else ""
    )
    wait = (
        f" (its prompts wait: {r.num('wait_s'):,.0f} s before the first token of a {r.num('prompt'):,.0f}-token prompt)"
        if r.fields.get("wait_s") is not None
        else ""
    )
    return f"{text}: cheapest build {what}{r.num('price'):,.0f} {r.fields['currency']}{wait}"


def _cluster(r: Reason, _say: Say) -> str:
    f = r.fields
    money = f"{r.num('price'):,.0f} {f['currency']}"
    room = " in a server room" if f.get("server_room") else ""
    head = (
        f"{f['nodes']} machines working together{room}: {money}"
        if r.num("nodes") > 1
        else f"a ready-made {f['gpus']}-GPU server{room}: {money}"  # one node needs the room's feeds too (#28)
    )
    return head + (f", over the {r.num('budget'):,.0f} {f['currency']} budget" if f.get("budget") is not None else "")


def _binding_item(r: Reason, _say: Say) -> str:
    f = r.fields
    label = str(f["label"])
    head = f"the {label}" if label in ("wall circuit", "form factor", "region", "room") else label
    value = f.get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = f"{value:,.0f}" if f.get("unit") != "tokens/s" else f"{value:g}"
    unit = f" {f['unit']}" if f.get("unit") else ""
    return f"{head} ({value}{unit})"


EN: dict[str, Template] = {
    # why a GPU is not among the options (solve.candidates)
    "gpu.not-requested": "not among the requested GPUs",
    "gpu.vendor": "vendor {vendor} not allowed",
    "gpu.module": "{form} module: sold only inside whole servers (see systems)",
    "gpu.no-power-cap": "its driver offers no power cap on Linux, so it is planned only at full power ({source})",
    "gpu.cap-below-floor": "a {limit:.0%} power limit is {watts:.0f} W, below the {floor:.0f} W its driver accepts",
    "gpu.export-restricted": "export-restricted for China and no Chinese market price in the catalog",
    "gpu.china-variant": "a China-market variant of {of}: choose region China to consider it",
    "gpu.china-only": "sold in China only (the catalog has only CNY prices): choose region China to consider it",
    "gpu.left-out": "left out for comparison",
    "gpu.not-owned": "you asked to use your own {name}",
    "gpu.no-price": _no_price,
    "gpu.stack": "the software stack does not run: {refusal}",
    "gpu.no-fit": "does not hold the model",
    "gpu.over-cap": "dearer than the build it would replace",
    "gpu.memory": "needs {gib:.1f} GiB per GPU at {n} GPUs",
    "gpu.memory-max": "needs about {cards} x {vram:g} GB cards ({gib:.1f} GiB per GPU at {n}); a machine holds at most {most}",
    "gpu.speed": "{tps:.1f} tokens/s at {n} GPUs, below the {asked:g} asked",
    "gpu.deadline": "{hours:,.0f} h at {n} GPUs, beyond the {deadline:,.0f} h deadline",
    "gpu.years": "{years:,.1f} years at {n} GPUs: longer than a year (set a deadline to size a cluster)",
    "gpu.closest": lambda r, say: f"{r.fields['name']}: {joined(r.nested('why'), say)}",
    "gpu.no-build": "no build with it passes every rule within the budget",
    # why a ready-made system the user named is not shown (solve.plan.named_system_build)
    "system.budget": "{price:,.0f} {currency}, over the budget of {budget:,.0f} {currency}",
    "system.llama-cpp": "its integrated GPU runs inference with llama.cpp only, in a format llama.cpp loads",
    "system.memory": "needs {need:.1f} GiB, its GPU may use {usable:.1f} GiB of the unified memory",
    "system.speed": "{tps:.1f} tokens/s, below the {asked:g} asked",
    # why nothing fits (solve.relax)
    "nothing.no-gpu": lambda r, say: (
        f"no GPU in the catalog can run this within {r.fields['most']} GPUs per machine "
        f"({joined(r.nested('closest'), say)})"
    ),
    "nothing.own-gpu": lambda r, say: (
        f"your own {r.fields['name']} cannot run this within {r.fields['most']} GPUs per "
        f"machine ({joined(r.nested('closest'), say)}); builds with other GPUs beside it or instead of it "
        "found none either"
    ),
    "nothing.no-combination": "no combination of parts passes every rule",
    "nothing.budget": "the budget of {budget:,.0f} {currency} is binding",
    "nothing.binding": lambda r, say: "binding: " + joined(r.nested("items"), say, ", "),
    "nothing.binding-item": _binding_item,
    "nothing.label": "{label}",
    "nothing.compute": _compute,
    "nothing.time-limit": "the solver found no build within its time limit; the request may still be possible",
    # the ways out (solve.relax)
    "way.time-limit": "solve again with fewer GPU choices (--gpu) or a narrower form, or allow more time",
    "way.none": "none found in the catalog: a smaller model, a lower precision or a shorter context",
    "way.budget": "raise the budget to {amount:,} {currency}",
    "way.kv": "quantize the KV cache to {kv}",
    "way.context": "shorten the context to {context} tokens",
    "way.precision": "use q4_k_m (GGUF via llama.cpp)",
    "way.method": "use QLoRA instead of {method}",
    "way.circuit": "use a 230 V 16 A circuit",
    "way.offload": lambda r, _say: (
        "keep part of the model (the MoE experts first) in system RAM with llama.cpp"
        if r.fields.get("moe")
        else "keep some layers in system RAM with llama.cpp"
    ),
    "way.power": _power,
    "way.powerup": lambda r, _say: (
        f"raise the GPU power limit to {r.num('limit'):.0%}"
        if r.fields.get("limit")
        else "run the GPUs at full power (no power limit)"
    ),
    "way.circuits": "use {circuits} circuits (PSUs on separate outlets)",
    "way.form": "allow any form (rack or open frame)",
    "way.room": "put it in a lab or server room (louder and warmer than a home office allows)",
    "way.gpus": "allow up to {gpus} GPUs",
    "way.speed": lambda r, _say: (
        f"accept {r.num('tps'):.1f} tokens/s" if r.fields.get("tps") is not None else "accept a lower speed"
    ),
    "way.speed10": "accept {tps:.1f} tokens/s (within 10 % of the {asked:g} asked)",
    "way.deadline": lambda r, _say: (
        f"allow {r.num('hours'):,.0f} h ({r.num('hours') / 24:,.1f} days)"
        if r.fields.get("hours") is not None
        else "allow more time"
    ),
    "way.condition": "allow used parts",
    "way.region": "buy outside China",
    "way.framework": "fine-tune with Unsloth (it keeps checkpointed activations in system RAM)",
    "way.actoffload": "keep checkpointed activations in system RAM (activation offload)",
    "way.checkpointing": "recompute activations in the backward pass (gradient checkpointing: less memory, slower)",
    "way.optim8bit": "use 8-bit AdamW (bitsandbytes: 2 instead of 8 bytes of optimizer state per parameter; still a "
    "full fine-tune)",
    "way.zero3offload": "shard with DeepSpeed ZeRO-3 and offload the optimizer states and parameters to CPU RAM "
    "(ZeRO-Offload: still a full fine-tune, slower)",
    "way.cluster": _cluster,
    "way.changes": _changes,
    "way.other": "{kind}",
    # an estimate's warnings (estimate.*)
    "warn.host-ram": (
        "does not fit in system RAM: {ram:.1f} GiB in RAM needs a host of {need:.1f} GiB (room for the OS), "
        "this one has {has:.1f} GiB"
    ),
    "warn.context": "context {context} exceeds the model's maximum of {most} tokens",
    "warn.zero3": (
        "fits with --zero 3 (FSDP full sharding of parameters, gradients and optimizer states over the {gpus} "
        "GPUs): {per_gpu} per GPU"
    ),
    "warn.torchtune-offload": (
        "torchtune's single-device recipes have no optimizer CPU offload (fsdp_cpu_offload is read by the distributed "
        "recipes only): sized without it; its paged optimizers (--optimizer paged-adamw or paged-adamw-8bit) keep the "
        "states in CUDA unified memory instead"
    ),
    "warn.transformers-only": (
        "HF transformers is the only engine that runs this here: {tps:.1f} tokens/s per user; "
        "llama.cpp or vLLM, where they fit, typically run 10-80x faster"
    ),
    "warn.mtp-missing": "--speculative mtp: {model} ships no multi-token-prediction layer, so the decode speed is without speculation",
    "warn.mtp-batch": (
        "--speculative mtp is estimated for one sequence; with several users the decode speed is given without "
        "speculation (the verify passes then compete with the other sequences)"
    ),
    "warn.draft-missing": (
        "--speculative draft: the catalog has no smaller model of {model}'s tokenizer to draft with (name one with "
        "--draft-model), so the decode speed is without speculation"
    ),
    "warn.draft-batch": (
        "--speculative draft is estimated for one sequence; with several users the decode speed is given without "
        "speculation (the verify passes then compete with the other sequences)"
    ),
    "warn.draft-engine": (
        "--speculative draft is estimated for llama.cpp and vLLM; with {engine} the decode speed is without speculation"
    ),
    "warn.framework": "{message}",  # the framework's or software stack's own finding (frameworks.py, support.py)
}


Reason.model_rebuild()
