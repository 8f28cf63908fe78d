"""Reason codes: what the core tells a user as a code and typed fields, with the English sentences rendered from them.

Why a GPU is left out, why nothing fits, each way out of it and an estimate's warnings are `Reason`s. Code decides by
`code` and the fields, never by the words: `english(reason)` (here, the one place for English) and
`core.report.words.say(reason)` (the sheet's or window's language) render them, and nothing reads a sentence back,
so rewording one changes no behaviour. The English strings of `plan --json` and `estimate --json` are these renderings.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable, Mapping
from typing import Union

from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.shapes import ReasonJson
from configurator.core.common.trusted import constructor

Value = Union[bool, int, float, str, None, "Reason", tuple[str, ...], tuple[int, ...], tuple["Reason", ...]]
"""A field of a reason: a number, a name, a nested reason or a list of them."""


class Reason(BaseModel):
    """One thing said to a user: a stable code (`gpu.memory`, `way.kv`, `warn.host-ram`) and the figures it names."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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


def fill_tokens(tokens: int) -> str:
    """A window's tokens as a label says them, without a thousands comma (a label splits on commas): 32768 -> "32k"."""
    return f"{tokens // 1024}k" if tokens % 1024 == 0 else str(tokens)


def said_or_text(reason: Reason, name: str, say: Say) -> str:
    """A field that holds a code (rendered) or a source's own words (shown as written)."""
    inner = reason.nested(name)
    return say(inner[0]) if inner else str(reason.fields.get(name, ""))


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


_ENGLISH: dict[tuple[object, ...], tuple[Template | None | tuple[Template | None, ...], str]] = {}
"""English renderings by code, fields and the fields' types (1, 1.0 and True are equal keys but are said differently):
a plan's estimates say the same sentence many times over (the 70B top-5: 9,347 renderings of 963 distinct reasons,
#34). Each rendering is kept with the template it came from, so a reworded template is said anew; a reason holding
lists or other reasons with the templates of all it says (_english_nested)."""
_ENGLISH_KEPT = 20_000
"""Renderings kept at most (a long map process starts over past it)."""
_FLAT = frozenset({str, int, float, bool, type(None)})


def _wait(seconds: float) -> str:
    """A wait in a buyer's unit: seconds under a minute and a half, else minutes to a tenth."""
    return f"{seconds:,.0f} s" if seconds < 90 else f"{seconds / 60:,.1f} min"


def english(reason: Reason) -> str:
    args = reason.args
    kinds = tuple([type(v) for _, v in args])
    if not _FLAT.issuperset(kinds):
        return _english_nested(reason)
    key = (reason.code, args, kinds)
    template = EN.get(reason.code)
    kept = _ENGLISH.get(key)
    if kept is not None and kept[0] is template:
        return kept[1]
    if len(_ENGLISH) >= _ENGLISH_KEPT:
        _ENGLISH.clear()
    said = render(reason, EN)
    _ENGLISH[key] = (template, said)
    return said


def _english_nested(reason: Reason) -> str:
    """english() of a reason holding lists or other reasons: kept by the kinds of everything it holds, with the
    templates of every code it says (a reworded nested template is said anew too). A plan's estimates said these anew
    each time: est.prefill (the parts of `how`) and est.weights-gguf (its tensor types), 502 times each in the 70B
    top-5 for a few dozen sentences (#34)."""
    codes = [reason.code]
    kinds = tuple([_kind(v, codes) for _, v in reason.args])
    if None in kinds:
        return render(reason, EN)
    key = (reason.code, reason.args, kinds)
    templates = tuple([EN.get(code) for code in codes])
    kept = _ENGLISH.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], templates, strict=True)):  # type: ignore[arg-type]
        return kept[1]
    if len(_ENGLISH) >= _ENGLISH_KEPT:
        _ENGLISH.clear()
    said = render(reason, EN)
    _ENGLISH[key] = (templates, said)
    return said


def _kind(value: Value, codes: list[str]) -> object:
    """A field's value as english()'s key tells it apart from an equal one said differently (1, 1.0 and True): its
    type; a list's, the kinds of its items; a reason's, the kinds of its fields (its code added to `codes`). None
    for anything else (rendered each time)."""
    kind = type(value)
    if kind in _FLAT:
        return kind
    if isinstance(value, tuple) and kind is tuple:
        items = tuple([_kind(item, codes) for item in value])
        return None if None in items else items
    if isinstance(value, Reason) and kind is Reason:
        codes.append(value.code)
        fields = tuple([_kind(v, codes) for _, v in value.args])
        return None if None in fields else (Reason, fields)
    return None


def as_json(reason: Reason) -> ReasonJson:
    """A reason as plain data for a JSON contract: {"code", "fields"}, nested reasons alike."""

    def value(v: Value) -> object:
        if isinstance(v, Reason):
            return as_json(v)
        if isinstance(v, tuple):
            return [value(x) for x in v]
        return v

    return {"code": reason.code, "fields": {k: value(v) for k, v in reason.args}}


def from_json(data: object) -> Reason:
    """A reason back from its `as_json` data (a script's or a test's view of `plan --json`)."""
    if not isinstance(data, dict):
        raise ValueError(f"not a reason: {data!r}")

    def value(v: object) -> Value:
        if isinstance(v, dict) and "code" in v:
            return from_json(v)
        if isinstance(v, list):
            items = tuple(value(x) for x in v)
            if items and all(isinstance(x, int) and not isinstance(x, bool) for x in items):
                return tuple(x for x in items if isinstance(x, int))  # slot numbers (part.gpu-slots)
            return (
                tuple(x for x in items if isinstance(x, Reason))
                if all(isinstance(x, Reason) for x in items) and items
                else tuple(str(x) for x in items)
            )
        return v  # type: ignore[return-value]

    return Reason.of(str(data["code"]), **{str(k): value(v) for k, v in dict(data.get("fields") or {}).items()})


def _one(value: Value) -> str:
    """A figure to one decimal with thousands separators, "?" for none (the rental search's hours and speeds)."""
    return "?" if not isinstance(value, int | float) else f"{value:,.1f}"


def _in_market(r: Reason) -> str:
    """The words " in China" for a rental search held to mainland-China platforms (tco.rental_market), else nothing."""
    return " in China" if r.fields.get("market") == "china" else ""


def _matched_on(r: Reason) -> str:
    """What a rental was matched on (tco.rental-matched): training tokens an hour where no token count was given
    (Dr. Chen's LoRA had read "decode tokens/s per sequence", chen20), wall hours for a job, else decode speed."""
    if r.fields.get("rate"):
        return "training tokens/h"
    return "wall hours" if r.fields.get("wall") else "decode tokens/s per sequence"


def _per_hour(value: Value) -> str:
    """Millions of training tokens an hour, "?" for none."""
    return "?" if not isinstance(value, int | float) else f"{value:,.2f}M tokens/h"


def shown_tps(tps: float) -> float:
    """A decode speed at the digits a build's estimate line shows (tps_text): one decimal, two significant digits
    below 0.1. A speed target is met at these digits (rules.job.Speed.meets, round 48): Mina's 3090 + A5000 read
    12.97 tokens/s and was shown "13.0 tok/s" while it failed her 13 tokens/s target."""
    return round(tps, 1) if tps >= 0.095 or tps == 0 else float(f"{tps:.2g}")


def tps_text(tps: float) -> str:
    """A decode speed as a build's estimate line shows it: one decimal, two significant digits below 0.1 ("0.0
    tok/s" read as a build that does not run; qt.builds.speed_text). A step's "(now ...)" and its new figure are
    said so too (solve.next_step), and differ only where these words differ."""
    return f"{shown_tps(tps):,.1f}" if tps >= 0.095 or tps == 0 else f"{tps:.2g}"


def at_power(r: Reason) -> str:
    """The job's time (one decimal, so a miss by minutes shows) or decode speed a capped build's estimate gives at its
    cap (fit.limited, fit.power), "" where it gives neither; the figure alone, each language wraps it."""
    if r.fields.get("hours") is not None:
        return f"{r.num('hours'):,.1f} h"
    return f"{tps_text(r.num('tps'))} tok/s" if r.fields.get("tps") is not None else ""


def _at_power(r: Reason, form: str) -> str:
    said = at_power(r)
    return form.format(said) if said else ""


def joined(reasons: tuple[Reason, ...], say: Say, sep: str = "; ") -> str:
    return sep.join(say(r) for r in reasons)


def shortened(text: str, limit: int) -> str:
    """A line cut to `limit` characters, said to be cut."""
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


# --------------------------------------------------------------------------- codes the program acts on

REJECT_MEMORY = ("gpu.memory", "gpu.memory-max", "gpu.memory-never")
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
    if r.fields.get("retired"):  # solve.pricing.unpriced: only list prices from before its end of sale
        return (
            f"not sold new since {r.fields['retired']} (its list prices are history) and no used price in the catalog"
        )
    condition = str(r.fields.get("condition") or "")
    return f"no {condition if condition != 'any' else ''} price in the catalog".replace("  ", " ")


def sudo_steps(command: str) -> str:
    """A power-cap command (power_cap.cap_command: "nvidia-smi -pm 1; nvidia-smi -pl 360") as a user types it, each
    step as root: "sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl 360"."""
    return " && ".join(f"sudo {step.strip()}" for step in command.split(";") if step.strip())


def _capped_said(r: Reason) -> str:
    """need.circuit's other way (plan._capped_on_circuit): every card capped so the machine stays on the circuit it
    has, the hours then (an estimate from RTX 3090 power sweeps) and the command."""
    if not r.num("cap"):
        return ""
    hours = (
        f", the job in ~{r.num('cap_hours'):,.0f} h (estimated from RTX 3090 power sweeps)"
        if r.num("cap_hours")
        else ""
    )
    if r.num("cap_speed"):
        hours = f", decoding at ~{r.num('cap_speed'):.0%} of full speed (estimated from RTX 3090 power sweeps)"
    return (
        f", or every card capped at {r.num('cap'):.0%} ({r.num('cap_w'):.0f} W: {sudo_steps(str(r.fields['command']))}"
        f" at each boot): {r.num('cap_wall'):.0f} W at the wall{hours}"
    )


def _method_fits(r: Reason, say_: Say) -> str:
    """gpu.method-fits (candidates._GpuJob.with_method_way): the method that holds a fine-tune on a card too small
    for the one asked, its count, memory and hours, and what changes with it."""
    qlora = r.fields.get("method") == "qlora"
    what = (
        f"QLoRA (its base held in {r.fields['bits']} bits)"
        if qlora
        else "LoRA (the 16-bit base frozen, adapters trained)"
    )
    most = (
        f", {r.num('most_hours'):,.0f} h on {r.fields['most']}"
        if r.num("most_hours") and r.fields["most"] != r.fields["count"]
        else ""
    )
    if most and r.fields.get("circuit"):  # the most cards alone draw more than the circuit(s) asked hold
        power = "full power" if r.num("limit") >= 1.0 else f"a {r.num('limit'):.0%} power limit"
        n, circuit = int(r.num("circuits") or 1), say_(r.nested("circuit")[0])
        holds = f"{n} x {circuit} circuits hold" if n > 1 else f"a {circuit} circuit holds"
        most += (
            f" at {power}, more than your circuit feeds (those cards alone draw {r.num('most_w'):,.0f} W; "
            f"{holds} {r.num('room_w'):,.0f} W)"
        )
    trade = (
        "the QLoRA paper matched 16-bit fine-tuning on its benchmarks, but each step dequantizes the base, so it trains "
        "slower than 16-bit LoRA on cards that hold that"
        if qlora
        else "adapters are trained, not every weight"
    )
    return (
        f"{what} holds it on {r.fields['count']} of them ({r.num('gib'):.1f} GiB per GPU"
        + (", the sharded states in system RAM" if r.fields.get("in_ram") else "")
        + f"), {r.num('hours'):,.0f} h per {_tokens(r.num('tokens'))} tokens{most}: a change of method, not of "
        f"machine ({trade})"
    )


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


def _circuit_work(r: Reason, say: Say) -> str:
    """The work a step of the circuit way is (way.circuit's `step`: model.request.HOME_CIRCUIT_STEPS)."""
    if r.num("volts") < 200:
        return (
            "the least work of the circuit ways: a 20 A breaker on 12 AWG wire, and a kitchen's or garage's outlets "
            "are often on one already, as US code requires 20 A circuits there, shared with what else is plugged in"
        )
    tried = r.nested("tried")
    return "a double-pole breaker, a dedicated run and PSUs that take 240 V" + (
        f": more work than a {say(tried[0])} circuit, which was tried first and gives no way out here" if tried else ""
    )


def _tokens(n: float) -> str:
    """A token count as people write it: "100 M", "20 B", "1.5 T"."""
    for size, unit in ((1e12, "T"), (1e9, "B"), (1e6, "M")):
        if n >= size:
            return f"{n / size:,.0f} {unit}" if n / size >= 100 else f"{n / size:.3g} {unit}"
    return f"{n:,.0f}"


METHOD_WORDS = {"full": "full fine-tuning", "lora": "LoRA", "qlora": "QLoRA"}
"""A fine-tuning method as a sentence names it (way.method)."""


def _own_used(r: Reason) -> str:
    """How many of the user's own cards a way out's build runs on (relax._own_fields: `own_used` of `own_have`, and
    the cards of that model it buys beside them, `own_bought`)."""
    if not r.fields.get("own_used"):
        return ""
    bought = int(r.num("own_bought"))
    return f" ({r.num('own_used'):.0f} of the {r.num('own_have'):.0f} you own" + (
        f", {bought} bought)" if bought else ", none bought)"
    )


def _work(r: Reason) -> str:
    """way.changes' electrician beside the machine (field `work`: a new circuit's price, in the way's own)."""
    if r.fields.get("work") is None:
        return ""
    total = r.num("price") + r.num("work")
    return f" + {r.num('work'):,.0f} {r.fields['currency']} for the circuit = {total:,.0f} {r.fields['currency']}"


def _changes(r: Reason, say: Say) -> str:
    words = [say(c) for c in r.nested("changes")]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    what = (
        f"{r.fields['box']}, "
        if r.fields.get("box")
        else "no GPU (CPU only), "
        if r.fields.get("cpu_only")
        else f"{' + '.join(r.fields['beside'])} beside your own {r.fields['own']}, "  # type: ignore[arg-type]
        if r.fields.get("beside")
        else f"{r.fields['gpus']} x {r.fields['gpu']}"
        # round 43: cards past their vendor's support, as the plan's build says it (relax._describe, field `eol`)
        + "".join(f" ({say(e)})" for e in r.nested("eol"))
        + "".join(f" {say(e)}" for e in r.nested("in_ram"))  # round 47: a budget way's experts-in-RAM machine
        + (" without your own card" if r.fields.get("without_own") else "")
        + _own_used(r)
        + ", "
        if r.fields.get("gpus")
        else ""
    )
    wait = (
        (
            f" (its prompts wait: {r.num('wait_s'):,.0f} s before the last of {r.num('users'):.0f} users gets a first "
            f"token, each sending a {r.num('prompt'):,.0f}-token prompt at once)"
            if r.fields.get("users")
            else f" (its prompts wait: {r.num('wait_s'):,.0f} s before the first token of a "
            f"{r.num('prompt'):,.0f}-token prompt)"
        )
        if r.fields.get("wait_s") is not None
        else ""
    )
    slow = (
        f", below reading speed: {r.num('slow_tps'):.1f} tokens/s per user (none found reads at {r.num('reading'):g})"
        if r.fields.get("slow_tps") is not None
        else ""
    )
    hours = (
        f" ({r.num('hours'):,.0f} h"
        + (f" for {_tokens(r.num('tokens'))} tokens" if r.fields.get("tokens") else "")
        + ")"
        if r.fields.get("hours")
        else ""
    )
    slower = "".join(f", {say(s)}" for s in r.nested("slower"))
    home = f" on the {say(r.nested('home')[0])} circuit you have" if r.nested("home") else ""
    trade = (
        f", {r.num('tps'):.1f} tokens/s per user: {r.num('tps') - r.num('home_tps'):.1f} more than the cheapest on "
        f"the {say(r.nested('home_circuit')[0])} circuit you have ({r.num('home_tps'):.1f} for "
        f"{r.num('home_price'):,.0f} {r.fields['currency']})"
        if r.fields.get("home_tps") is not None
        else ""
    )
    cheapest = "cheapest build on supported software" if r.fields.get("supported") else "cheapest build"
    past = (
        f"; {r.num('past_gpus'):.0f} x {r.fields['past_gpu']}"
        + (f" capped at {r.num('past_limit'):.0%}" if r.fields.get("past_limit") is not None else "")
        + f" for {r.num('past_price'):,.0f} {r.fields['currency']} costs less, on a card past its vendor's software "
        "support"
        if r.fields.get("past_price") is not None
        else ""
    )
    if r.fields.get("unvalidated_price") is not None:  # round 42: set aside for its run (UNVALIDATED_RUN)
        past = _unvalidated_past(r)
    if r.fields.get("supported_price") is not None:  # round 43: a dearer supported build, over the budget
        past = (
            f"; {r.num('supported_gpus'):.0f} x {r.fields['supported_gpu']} on supported software costs "
            f"{r.num('supported_price'):,.0f} {r.fields['currency']}, over the budget"
        )
    return (
        f"{text}{home}: {cheapest} {what}{r.num('price'):,.0f} {r.fields['currency']}{_work(r)}{hours}{wait}{slow}"
        f"{slower}{trade}{past}"
    )


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


def _rent(r: Reason, _say: Say) -> str:
    f = r.fields
    cur = f["currency"]
    rented = f"{f['instances']} x {f['offer']}" if r.num("instances") > 1 else str(f["offer"])
    est = ", an estimate" if f.get("estimate") else ""
    # without a deadline asked (field None), the hours alone
    allowed = f" of the {r.num('deadline'):,.0f} h allowed" if f.get("deadline") is not None else ""
    return (
        f"rent it for this one job: {rented} ({f['gpus']} x {f['gpu']}) for {r.num('hours'):,.1f} h{allowed} "
        f"at {r.num('hourly'):,.2f} {cur}/h: {r.num('cost'):,.0f} {cur}, against "
        f"{r.num('bought'):,.0f} {cur} for the cheapest machine bought for it ({f['pricing']} price of {f['date']}, "
        f"{f['source']}{est})"
    )


def _binding_item(r: Reason, _say: Say) -> str:
    f = r.fields
    label = str(f["label"])
    head = f"the {label}" if label in ("wall circuit", "form factor", "region", "room") else label
    value = f.get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = f"{value:,.0f}" if f.get("unit") != "tokens/s" else f"{value:g}"
    unit = f" {f['unit']}" if f.get("unit") else ""
    return f"{head} ({value}{unit})"


def slot_list(positions: object, sep: str = ", ") -> str:
    """Slot numbers as a reader writes them, "2, 7" ("2、7" with `sep="、"`), from the numbers (a plan's and a check's
    tuple of ints) or a list as Python wrote it ("[2, 7]", which the window's "Why each part" showed as is, walk13)."""
    if isinstance(positions, (tuple, list)):
        return sep.join(str(p) for p in positions)
    return str(positions).strip("[]()").replace(", ", sep)


def money(amount: float) -> str:
    """An amount of money, in whole units as every price, purchase and resale is shown: a plan had read "then 182.21
    USD/month less than renting" beside "2,354 USD up front" (walk16). Only an amount under one unit keeps its cents,
    which would read as 0 (a machine that costs 0.40 a month to run). A rate (per hour, per kWh, per million tokens)
    is a price per unit, not an amount, and keeps its cents where it is written."""
    return f"{amount:,.2f}" if 0 < abs(amount) < 0.995 else f"{amount:,.0f}"


def _api_tokens(r: Reason | None) -> str:
    """What an API bill counts (tco.api-basis, round 32): the output tokens (round 34: the users' requests a day x days
    x the reply, at most what the build makes in the busy hours; before: users x tokens/s x busy hours) and the prompts,
    input tokens per output token and where that share comes from."""
    if r is None:
        return ""
    users = "1 user" if r.num("users") <= 1 else f"{r.fields['users']} users"
    out = f"output = {users} x {r.num('tps'):,.1f} tokens/s x {r.num('hours'):,.0f} busy hours"
    if r.fields.get("basis") or r.fields.get("requests") is not None:
        out = _api_demand(r, users)
    if r.fields.get("inp") is None or not r.fields.get("prompt"):
        return out + "; output tokens only (the price lists no input price, so prompts cost more on top)"
    trace = TRACE_WORDS.get(str(r.fields.get("trace")), str(r.fields.get("trace")))
    where = (
        f"your stated prompt against {trace}'s median reply"
        if r.fields.get("stated")
        else "an agentic coding request, estimated from Anthropic's Claude Code figures, bounded by your context"
        if r.fields.get("usage") == "coding-agent"
        else f"the median chat request of {trace}"
    )
    return (
        f"{out}; input = {r.num('prompt') / max(r.num('reply'), 1):,.1f} prompt tokens per output token ({where}: "
        f"{r.num('prompt'):,.0f} prompt tokens per {r.num('reply'):,.0f}-token reply; state your prompt length for your own), "
        + _api_cache_said(r)
    )


def _prefill_said(r: Reason) -> str:
    """Each request's prefill in the busy hours (tco.busy-served, round 36): the prompt part the engine has not cached
    (llama-server's slot cache, vLLM's and SGLang's prefix caches), at the build's prefill rate."""
    if not r.fields.get("prefill_s"):
        return ""
    cached = (
        f", {r.num('cached'):,.0f} of its {r.num('prompt'):,.0f} prompt tokens already in the engine's prefix cache"
        if r.num("cached") > 0
        else f" and its {r.num('prompt'):,.0f}-token prompt"
    )
    # round 40: a usage's prompt the context caps says so (costs.api.prompt_capped_from)
    capped = (
        f" (capped by the context from {r.num('capped_from'):,.0f})" if r.fields.get("capped_from") is not None else ""
    )
    return f", each {r.num('reply'):,.0f}-token reply after {r.num('prefill_s'):,.1f} s of prefill{cached}{capped}"


def _api_cache_said(r: Reason) -> str:
    """How the prompt tokens are priced (round 36): the use's cached share (a coding agent's, a chat's) at the
    provider's cache-read price, or the cache-miss price for a stated prompt or a price that lists no cache rate."""
    hit = r.num("hit") if r.fields.get("hit") else 0.0
    if hit <= 0:
        return "at the cache-miss price (a stated prompt is taken as new each time)"
    whose = (
        "one tracked Claude Code user's share"
        if r.fields.get("usage") == "coding-agent"
        else "the lower of Alibaba's production traces' hit ratios"
    )
    share = f"{hit:.0%} of them read from the provider's prompt cache ({whose}, an estimate)"
    if r.fields.get("cached") is None:
        return f"{share}, but this price lists no cache-read rate, so all at the cache-miss price"
    written = (
        f", the rest written at {r.num('written'):,.2f}"
        if r.fields.get("written") is not None
        else ", the rest at the cache-miss price"
    )
    return f"{share} at {r.num('cached'):,.4g} per million{written}: {r.num('billed'):,.4g} per million on average"


def _api_demand(r: Reason, users: str) -> str:
    """The output an API bills (round 34): the users' demand, the same for every build of a plan, and, when the build
    cannot make it in the busy hours, what it makes instead. Unstated (api34b): each user at the speed it needs (the
    speed asked, else reading speed) over the busy hours, the need the rental that serves the users is sized on."""
    if r.fields.get("basis") in ("asked", "reading"):
        speed = "reading speed" if r.fields["basis"] == "reading" else "the speed you asked"
        out = (
            f"output = {users} at {speed} ({r.num('need'):,.1f} tokens/s each) x {r.num('hours'):,.0f} busy hours "
            f"({per_day(r.num('per_day'))} a day x {r.num('days'):,.0f} days) = {millions(r.num('demand_m'))}M tokens "
            "a year (or state requests a day)"
        )
    else:
        said = (
            "an agentic coding seat's, estimated from Anthropic's Claude Code figures"
            if r.fields.get("usage") == "coding-agent"
            else "ChatGPT's consumer average of July 2025"
            if r.fields.get("usage") == "chat" or not r.fields.get("demand_stated")
            else "as you stated"
        )
        out = (
            f"output = {users} x {per_day(r.num('requests'))} requests a day ({said}) x {r.num('days'):,.0f} days x "
            f"{r.num('reply'):,.0f}-token replies = {millions(r.num('demand_m'))}M tokens a year"
        )
    if not r.fields.get("capped"):
        return out
    return (
        f"{out}; this build makes only {millions(r.num('capacity_m'))}M of them ({r.num('tps'):,.1f} tokens/s a user "
        f"over {r.num('hours'):,.0f} busy hours), so the API is billed for those, not for tokens it cannot make"
    )


def _api_speed_said(r: Reason) -> str:
    """The default demand in the API's short line (tco.api), short for the sheet's Figure cell (six lines): " for 20
    users at reading speed, 4 h/day" (one user: " at reading speed, 4 h/day"); the assumptions say it in full."""
    speed = "reading speed" if r.fields.get("basis") == "reading" else f"{per_day(r.num('need'))} tokens/s"
    users = "" if r.num("users") <= 1 else f" for {r.fields['users']} users"
    return f"{users} at {speed}, {per_day(r.num('per_day'))} h/day"


def _api_by_demand(r: Reason) -> bool:
    """Whether an API bill (tco.api) bills a demand (round 34), not what the build makes (rounds 31-33)."""
    return bool(r.fields.get("basis")) or r.fields.get("requests") is not None


def per_day(requests: float) -> str:
    """Requests a day as the bill says them: one decimal, none on a whole number (3.7, 2,000)."""
    return f"{requests:,.1f}".removesuffix(".0")


def millions(m: float) -> str:
    """Millions of tokens as the bill says them: one decimal from 10M up, three significant figures below (a chat
    user's 0.119M a year read "0.1M")."""
    return f"{m:,.1f}" if m >= 10 or m == 0 else f"{m:.3g}"


LIFETIME_MONTHS = 1200
"""A payback further off than a century is said as "more than 100 years", not its months: a 27B build whose owning
cost all but matched its API bill read "would take 707,259 months" (round 37)."""


def _against(r: Reason, say: Say) -> str:
    """A break-even's rental named where a cheaper one also serves the need (tco.as-fast): "against ..., "."""
    against = r.nested("against")
    return f"against {say(against[0])}, " if against else ""


def _speed_user(r: Reason, _say: Say) -> str:
    return f"{r.num('tps'):.1f} tokens/s per user"


def _speed_training(r: Reason, _say: Say) -> str:
    # the token count as a buyer writes it, "100 B" (a 1B pretraining read "5,848 h for 1e+11 tokens", walk42)
    return f"{r.num('tps'):,.0f} training tokens/s ({r.num('hours'):,.0f} h for {_tokens(r.num('tokens'))} tokens)"


def _cheapest(r: Reason) -> str:
    """Why the cheapest build is: the lowest price of the builds shown that fail no rule (warnings are not failures:
    "passes every rule" beside "(0 fail, 4 warn)" read as a contradiction, walk13) (ranking._cheapest_said),
    with the cheaper ones set aside named."""
    price = f"{r.num('price'):,.0f} {r.fields['currency']}"
    reading = " at reading speed or more" if r.fields.get("reading") else ""
    n = int(r.num("builds"))
    # counted over the full plan's builds when fewer are shown (ranking._cheapest_said, field `places`)
    places = r.fields.get("places")
    among = f" among the full plan's {r.num('places'):.0f}" if places is not None else ""
    shown = "in it" if places is not None else "shown"
    text = (
        (
            f"the lowest price ({price}) of the {n} builds that fail no rule{reading}{among}"
            if among
            else f"the lowest price ({price}) of the {n} builds shown that fail no rule{reading}"
        )
        if n > 1
        else f"the lowest price ({price}): the only build{among or ' shown'} that fails no rule{reading}"
    )
    if r.fields.get("prompt"):
        text += f", not counting a cheaper machine {shown} with no graphics card, whose prompts wait over a minute"
    if r.fields.get("waits"):
        text += f", not counting a cheaper build {shown} whose last user waits over a minute for a first token"
    if r.fields.get("loud"):
        text += f", not counting a cheaper data-center machine {shown}, too loud for the room"
    if r.fields.get("idle_less") is not None:
        # round 49 (idle49): a build that leaves the user's own card idle, beside this one on it, faster for a little
        # more (solve.ranking._idle_rivals, shown.FASTER_FOR_LITTLE)
        text += (
            f", not counting a build {shown} that leaves your card idle, {r.num('idle_less'):,.0f} "
            f"{r.fields['currency']} less at {r.num('idle_tps'):.1f} tokens/s (this one: {r.num('own_tps'):.1f})"
        )
    if r.fields.get("eol"):
        text += (
            f", not counting a cheaper build {shown} on a card past its vendor's support, for which current training "
            "software no longer ships"
        )
    return text + _unvalidated_aside(r, shown)


def beyond_split(r: Reason) -> tuple[str, bool]:
    """The cheapest claim's `unvalidated` rules said as "unvalidated on its card", and whether SUP-12's are said
    apart, in its own terms (fields `beyond_gb`, `runs_gb`: solve.ranking._beyond_fields)."""
    rules = str(r.fields.get("unvalidated") or "")
    if r.fields.get("beyond_gb") is None:
        return rules, False
    return ", ".join(x for x in rules.split(", ") if x and x != r.fields.get("beyond_rule")), True


def _unvalidated_past(r: Reason) -> str:
    """A way's cheaper build set aside for its run (relax._past_cheaper's `unvalidated_*`): "its training stack
    unvalidated on the card (SUP-11 warns)"; round 44, SUP-12's in its terms (`unvalidated_card_gb`, `_runs_gb`)."""
    why = (
        f"its {r.num('unvalidated_card_gb'):.0f} GB cards smaller than the {r.num('unvalidated_runs_gb'):.0f} GB "
        f"every published run of a QLoRA with its base in RAM used"
        if r.fields.get("unvalidated_card_gb") is not None
        else "its training stack unvalidated on the card"
    )
    return (
        f"; {r.num('unvalidated_gpus'):.0f} x {r.fields['unvalidated_gpu']} for "
        f"{r.num('unvalidated_price'):,.0f} {r.fields['currency']} costs less, {why} ({r.fields['unvalidated']} warns)"
    )


def _unvalidated_aside(r: Reason, shown: str) -> str:
    """Round 41: ", not counting a cheaper build shown whose training stack is unvalidated on its card (SUP-11 warns)";
    round 44: one SUP-12 sets aside said by its cards' GB against the published runs'."""
    rules, beyond = beyond_split(r)
    text = (
        f", not counting a cheaper build {shown} whose training stack is unvalidated on its card ({rules} warns)"
        if rules
        else ""
    )
    if beyond:
        cards = (
            f"cards of {r.num('beyond_gb'):.0f} GB or less"
            if r.fields.get("beyond_less")
            else (f"{r.num('beyond_gb'):.0f} GB cards")
        )
        text += (
            f", not counting a cheaper build {shown} on {cards}, smaller than the {r.num('runs_gb'):.0f} GB every "
            f"published run of a QLoRA with its base in RAM used ({r.fields.get('beyond_rule')} warns)"
        )
    return text


def _fastest(r: Reason, say: Say) -> str:
    scope = "within the budget" if r.code == "claim.fastest-within-budget" else "found"
    scope += " on supported software" if r.fields.get("supported") else ""
    scope += _OF_MEASURED if r.fields.get("measured") else ""
    tier = r.fields.get("released") is not None and r.fields.get("quantized") is None
    if tier:
        scope += (
            f" at the release's quality (its {r.fields['released']} weights, or 8-bit ones that score as them; a "
            "build shown with fewer bits is faster)"
        )
    said = f"the highest speed of the builds {scope}: {joined(r.nested('speed'), say)}"
    if r.fields.get("quantized") is not None:
        said += f", with the weights at {r.fields['quantized']}, below the release's {r.fields['released']}"
    if r.fields.get("dearer") is not None:
        gain = f"{100 * r.num('gain'):.1f} %" if r.fields.get("gain") is not None else "under 1 %"
        said += (
            f" (one {r.num('dearer'):,.0f} {r.fields['currency']} dearer is {gain} faster, a gain the estimate "
            "cannot tell)"
        )
    return said


_OF_MEASURED = " whose speed rests on published measurements (a faster one's rests on an unsourced figure)"


def _value_tier(r: Reason) -> str:
    """The scope of a "best value" made among the builds that run the release's own weights (field `released`
    without `quantized`: solve.ranking._quality_tier), as "fastest at release quality" says it (_fastest)."""
    if r.fields.get("released") is None or r.fields.get("quantized") is not None:
        return ""
    return (
        f" at the release's quality (its {r.fields['released']} weights, or 8-bit ones that score as them; a build "
        "shown with fewer bits gives more)"
    )


SHORT = " serving {short:.0f} % of the demand"
"""A claim on a build that cannot serve its users' demand (field `short`, the share served: solve.ranking.short_qualified,
rules.job.Serving, round 37)."""


def qualified(
    word: str,
    below: str,
    wait: str,
    measured: str = "",
    tier: tuple[str, str] = ("", ""),
    supported: str = "",
    short: str = SHORT,
) -> Template:
    """A claim's word with what the build is, when the claim is made among builds that do not serve the job
    (solve.ranking._qualify): `below` when it is slower than people read (field `below`), `wait` (a format over
    `wait_s`) when its last user, or its one user, waits over a minute for a first token (field `wait_s`, PROMPT).
    A speed claim made among the builds whose speed is sourced, a faster or better-value one's resting on an
    unsourced figure (field `measured`, solve.ranking._sourced_best), says `measured` first. A fastest claim split
    between the release's own weights and quantized ones (solve.ranking._fastest_claim) says which, before all:
    `tier` is (a format over field `quantized`, the words of field `released`). A speed claim made among the builds
    on supported software, a faster or better-value one shown on a card past its vendor's support (field `supported`),
    says `supported`: gpt-oss-120b for 4 users at 3,000 USD had labelled an RX 7900 XTX at 17.3 tokens/s "fastest
    within budget" beside 2 x MI50 shown at 37.7 for less, its restriction said only in the why.
    Never a comma or "and" (a label's claims are split on them)."""

    def said(r: Reason, _say: Say) -> str:
        text = word.format(**r.fields)
        if r.fields.get("quantized") is not None:
            text += tier[0].format(quantized=r.fields["quantized"])
        elif r.fields.get("released") is not None:
            text += tier[1]
        if r.fields.get("supported"):
            text += supported
        if r.fields.get("measured"):
            text += measured
        if r.fields.get("below"):
            text += below
        if r.fields.get("wait_s") is not None:
            text += wait.format(wait_s=r.num("wait_s"))
        if r.fields.get("short") is not None:
            text += short.format(short=r.num("short"))
        return text

    return said


def past_support_said(r: Reason, say: Say, what: str) -> str:
    """What a claim adds when its build's card is past its vendor's support (solve.ranking._supported_named): the
    software that still runs it (field `runs`, support.EndOfLife.runs) and the build that holds the same claim among
    supported builds (`what`: "the cheapest", "the quietest"...), with its price and speed (fields `supported_*`;
    its noise for "quietest", and its rank when it is shown too)."""
    runs = r.fields.get("runs")
    if not isinstance(runs, Reason):
        return ""
    text = f"; its card is past its vendor's support, and what still runs it is {say(runs)}"
    if r.fields.get("supported_gpu") is not None:
        speed = r.fields.get("supported_speed")
        said = say(speed) if isinstance(speed, Reason) else f"{r.num('supported_tps'):.1f} tokens/s per user"
        noise = f"{r.num('supported_dba'):.1f} dBA, " if r.fields.get("supported_dba") is not None else ""
        rank = f", #{r.num('supported_rank'):.0f}" if r.fields.get("supported_rank") is not None else ""
        text += (
            f"; on supported software {what} is {r.fields['supported_gpu']} at {noise}"
            f"{r.num('supported_price'):,.0f} {r.fields['currency']} ({said}{rank})"
        )
    return text


def eol_said(r: Reason, say: Say, words: tuple[str, str], below: str, wait: str, short: str = SHORT) -> str:
    """The cheapest claim's word (`words`: plain, and beside a cheaper training build on a card past its vendor's
    support, field `eol`: solve.ranking._cheapest_said), qualified as every claim is (qualified)."""
    # round 41: beside a cheaper training build whose run is unvalidated on its card (field `unvalidated`) too
    said = qualified(
        words[1] if r.fields.get("eol") or r.fields.get("unvalidated") else words[0], below, wait, short=short
    )
    return said(r, say) if callable(said) else said


_BELOW = " below reading speed"
_WAIT = " but first token after {wait_s:.0f} s"  # no thousands comma: a label splits on commas
_CORES_BIND = (
    "by its {cores} CPU cores' multiplies, not the RAM's bandwidth (a CPU with more cores reads the same RAM faster)"
)
"""A build whose decode step on the host is bound by the cores (estimate.decode_cores_bound): its why names them."""
_MEASURED = " on measured speeds"
_SUPPORTED = " on supported software"
_TIER = (" at {quantized}", " at release quality")

CLAIMS: dict[str, Template] = {
    "claim.cheapest": lambda r, say: eol_said(r, say, ("cheapest", "cheapest on supported software"), _BELOW, _WAIT),
    "claim.fastest-within-budget": qualified("fastest within budget", _BELOW, _WAIT, _MEASURED, _TIER, _SUPPORTED),
    "claim.fastest": qualified("fastest", _BELOW, _WAIT, _MEASURED, _TIER, _SUPPORTED),
    "claim.value": qualified("best value", _BELOW, _WAIT, _MEASURED, _TIER, _SUPPORTED),
    "claim.quietest": qualified("quietest", _BELOW, _WAIT),
    "claim.grow": "room to grow",
    "claim.cheapest-slow": qualified("cheapest below reading speed", "", _WAIT),
    "claim.cheapest-with": "cheapest with {name}",
    "claim.cheapest-vram": qualified("cheapest in VRAM", _BELOW, _WAIT),
    "claim.misses": lambda r, _say: (
        (
            f"misses the {r.num('asked'):g} tokens/s asked by {r.num('by'):.1f}"
            if r.fields.get("target") == "speed"
            else f"misses the {r.num('asked'):g} h deadline by {r.num('by'):.1f} h"
        )
        + f": {100 * r.num('share'):.0f} % cheaper than #{r.num('rank'):.0f}"  # no thousands comma: labels split on them
    ),
    "claim.cheapest-vram-supported": qualified("cheapest in VRAM on supported software", _BELOW, _WAIT),
    # round 38: the cheapest (quietest) build shown that serves its users' demand, beside a "cheapest" ("quietest")
    # that does not (solve.ranking.serving_claims)
    "claim.cheapest-serving": "cheapest serving the demand",
    # round 49: much faster than the cheapest for a little more (solve.shown.FASTER_FOR_LITTLE)
    "claim.faster-for-little": "faster for a little more",
    "claim.quietest-serving": "quietest serving the demand",
}
"""A build's claims (solve.ranking) as its label says them; `EN` says why the build holds each (the same code). A
claim on a build below reading speed, or whose first token waits past PROMPT's minute, says so ("fastest within
budget below reading speed", "cheapest but first token after 254 s")."""


def _short_serves(r: Reason) -> str:
    """How the build a serving claim passes over falls short (round 38: the share of the demand it makes; wait41: or,
    making it all, the share of a team's requests that would wait for a free stream, over SERVE's target)."""
    if "waits" in r.fields:
        return (
            f"makes the tokens but has {100 * r.num('waits'):.1f} % of the requests wait over {r.num('wait_s'):g} s "
            f"for a free stream (the target: at most {100 * r.num('wait_share'):g} %)"
        )
    return f"serves {min(100 * r.num('share'), 99):.0f} % of it"


def _shared_words(r: Reason, _say: Say) -> str:
    wait = r.fields.get("wait_s")
    text = "both" if r.num("n") == 2 else "all"
    if r.fields.get("below"):
        text += _BELOW + (f", first token after {r.num('wait_s'):.0f} s" if wait is not None else "")
    elif wait is not None:
        text += f" with a first token after {r.num('wait_s'):.0f} s"
    if r.fields.get("short") is not None:
        text += SHORT.format(short=r.num("short"))
    return text


CLAIMS["claim.shared"] = _shared_words

_SLOW_CHEAPEST = "claim.cheapest-slow"  # "cheapest below reading speed": the qualifier is its own word


def label_claims(claims: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """A build's claims as its label says them, a qualifier they share said once: the qualified claims without it,
    then `claim.shared` ("both below reading speed"), then the others ("room to grow", "cheapest with X"). A build's
    qualifiers are facts of the build (solve.ranking._qualify: below reading speed, its first token's wait), so its
    qualified claims share them; "cheapest below reading speed; best value below reading speed" said it twice. One
    qualified claim keeps its own words; claims whose qualifiers differ are said as they are."""

    def qualifier(c: Reason) -> tuple[bool, Value, Value] | None:
        below = bool(c.fields.get("below")) or c.code == _SLOW_CHEAPEST
        wait, short = c.fields.get("wait_s"), c.fields.get("short")
        return (below, wait, short) if below or wait is not None or short is not None else None

    qualified = [c for c in claims if qualifier(c) is not None]
    if len(qualified) < 2 or len({qualifier(c) for c in qualified}) > 1:
        return claims
    below, wait, short = qualifier(qualified[0]) or (False, None, None)

    def bare(c: Reason) -> Reason:
        fields = {k: v for k, v in c.fields.items() if k not in ("below", "wait_s", "short")}
        return Reason.of("claim.cheapest" if c.code == _SLOW_CHEAPEST else c.code, **fields)

    extra = {} if short is None else {"short": short}  # round 37: the share of the demand served (SERVE)
    shared = Reason.of("claim.shared", n=len(qualified), below=below, wait_s=wait, **extra)
    return (*(bare(c) for c in qualified), shared, *(c for c in claims if qualifier(c) is None))


_COOLERS = {
    "blower": "blower (they exhaust out of the case's back)",
    "open-air": "open-air (they blow their heat into the case)",
    "passive": "passive (a server's fan wall cools them)",
    "liquid": "liquid-cooled",
}
"""A card's cooler as a swap's change says it."""
_COOLER_ONE = {
    "blower": "blower card (it exhausts out of the case's back)",
    "open-air": "open-air card (it blows its heat into the case)",
    "passive": "passive card (a server's fan wall cools it)",
    "liquid": "liquid-cooled card",
}
"""One card's cooler, as a mix's one-card swap says it."""


def _a(word: str) -> str:
    """The English article before `word` ("an open-air", "a blower")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


_CASE_FORMS = {"rack": "a rack-mount case", "open": "an open frame", "tower": "a tower case"}


def _ranks(r: Reason) -> str:
    """The builds a reason names by rank (field `ranks`): "#2", "#2 and #4", "#2, #3 and #5"."""
    ranks = [f"#{k}" for k in r.fields["ranks"]]  # type: ignore[union-attr]
    return ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + f" and {ranks[-1]}"


def _over(r: Reason) -> str:
    """An offer that holds over one build ranked above (field `rank`), not all of them: which."""
    return f" (over #{r.num('rank'):.0f})" if r.fields.get("rank") is not None else ""


OFFERS: dict[str, Template] = {
    "offer.cheaper": "lower price",
    "offer.faster": "more speed",
    "offer.release": "{precision} as released",
    "offer.quieter": "less noise",
    "offer.card": "{name}",
    "offer.cards": lambda r, _say: f"{r.num('count'):.0f} cards",
    "offer.fewer-cards": lambda r, _say: f"only {r.num('count'):.0f} card{'s' if r.num('count') != 1 else ''}",
    "offer.ram": lambda r, _say: f"{r.num('gb'):,.0f} GB RAM",
    "offer.case": lambda r, _say: (
        _CASE_FORMS.get(str(r.fields["form"]), "another case").removeprefix("a ").removeprefix("an ")
    ),
    "offer.platform": "{socket} platform",
    "offer.grow": "room for one more card",
    "offer.passes": "passes every check",
    "offer.prompt": "no prompt wait",
    "offer.supported": "supported software",
    "offer.room": "fits the room",
}
"""What a build without a claim or a kind offers over the builds above it, as its label says it after "alternative:"
(solve.shown; `EN` says each in full). Never a semicolon (a label's claims are split on them)."""


FIT_METHODS = {
    "lora": "PEFT LoRA",
    "qlora": "PEFT QLoRA (bitsandbytes)",
    "unsloth-lora": "Unsloth LoRA",
    "unsloth-qlora": "Unsloth QLoRA (bitsandbytes)",
    "full": "full fine-tune",
    "pretrain": "pretraining",
}
"""A training job's method as the fit's framework names it."""


def _seats_said(r: Reason) -> str:
    """tco.seats (round 41): why a team's seats are served by N streams: a chat team's own arrivals by Erlang C, or a
    coding agent's Anthropic table; and the share that would wait on the build's own served rate."""
    head = (
        f"{count_of(r.num('seats'), 'seat')} served as {count_of(r.num('streams'), 'concurrent stream')} "
        f"({r.num('ratio'):.0%} of the seats at once"
    )
    here = (
        f"; at this build's {r.num('served_tps'):,.1f} tokens/s a stream (its prefill counted), "
        f"{100 * r.num('served_waits'):.1f} % "
        f"would wait over {r.num('wait_s'):g} s for a free stream"
        if "served_waits" in r.fields
        else ""
    )
    if r.fields.get("method") != "erlang-c":  # a coding agent's table (a reason stored before round 41 names none)
        body = f"; {r.fields['source']}" + (
            "; Anthropic's sizing of Claude Code seats on its own Claude models, kept for coding agents"
            if r.fields.get("method") == "table"
            else ""
        )
        if here:
            body += (
                f"{here} (Erlang C on their {r.num('requests'):,.0f} requests a day a seat over "
                f"{r.num('hours'):,.1f} h a day, {r.num('reply'):,.0f}-token replies)"
            )
    else:
        speed = "the speed asked" if r.fields.get("asked") else "reading speed, the slowest a stream may serve"
        queue = (
            "with a stream for each seat no request waits behind another seat's"
            if r.num("streams") >= r.num("seats")
            else f"at {count_of(r.num('streams'), 'stream')} {100 * r.num('waits'):.1f} % of requests wait over "
            f"{r.num('wait_s'):g} s for a free stream"
        )
        body = (
            f"), from their own demand: {r.num('requests'):,.1f} requests a day a seat over the "
            f"{r.num('hours'):,.1f} h a day they are at work, each a {r.num('reply'):,.0f}-token reply at "
            f"{r.num('tps'):,.1f} tokens/s ({speed}), offer {r.num('load'):,.2f} erlang; {queue} (Erlang C, the "
            f"fewest streams that keep it to {100 * r.num('wait_share'):g} % at most: {r.fields['source']}){here}"
            + (
                "; random arrivals at an even rate over the busy hours are an estimate (real LLM traffic is burstier: BurstGPT, "
                "arXiv 2401.17644), so the share waiting is a floor"
                if r.fields.get("estimate")
                else ""
            )
        )
        return head + body + ": the plan is sized for the streams, the demand is every seat's"
    return head + body + "): the plan is sized for the streams, the demand is every seat's"


def count_of(n: float, unit: str) -> str:
    """'3 years', '1 node'."""
    return f"{n:g} {unit}" + ("" if n == 1 else "s")


def cards(count: object, gpu: object, none: str) -> str:
    """'2 x rtx-3090', or `none` for a machine without a card (a CPU-only build against a GPU build: not '0 x none');
    different cards in one machine (solve.mixed: each card's id joined by '+') each by its id, as the plan's header
    line says them: 'rtx-3090-ti + rtx-3090', not '2 x rtx-3090-ti+rtx-3090' (walk13)."""
    if not count:
        return none
    return " + ".join(str(gpu).split("+")) if "+" in str(gpu) else f"{count} x {gpu}"


def cards_named(r: Reason, side: str, none: str, say: Say) -> str:
    """One side of against.gpus: the cards as the GPUs column names them (`cards`/`base_cards`, card.gpus: '2 x RTX
    3090'), or, from a reason that carries none (a saved plan of before round 32), by id as `cards` says them."""
    named = r.nested(f"{side}cards")
    if r.fields.get(f"{side}gpus") and named:
        return say(named[0])
    return cards(r.fields[f"{side}gpus"], r.fields[f"{side}gpu"], none)


def _taxed(r: Reason) -> str:
    """The note part " (a GR price, 24 % VAT in it)": what tax a converted price's amount holds (tax.basis), or "" when unknown."""
    region = r.fields.get("from_region")
    if not region:
        return ""
    vat = r.num("from_vat_pct")
    return f" (a {region} price, {vat:g} % VAT in it)" if vat else f" (a {region} price, no VAT or sales tax in it)"


VAT_REGION_NAMES: dict[str, str] = {
    "US": "the US",
    "CN": "China",
    "DE": "Germany",
    "GR": "Greece",
    "FR": "France",
    "IT": "Italy",
    "ES": "Spain",
    "NL": "the Netherlands",
    "AT": "Austria",
    "IE": "Ireland",
    "PL": "Poland",
    "FI": "Finland",
}
"""catalog.tax.VAT's regions as a sentence names them ("Germany's 19 % VAT")."""


def _region(code: object) -> str:
    """A VAT region's name ("Germany"), or its code where the table names none."""
    return VAT_REGION_NAMES.get(str(code), str(code)) if code else ""


def _vat_moved(r: Reason) -> str:
    """How a price was put on the plan's tax basis ("price.vat"): VAT taken out, the buyer's put in, or taken as
    listed where the price's own tax is not known."""
    to, vat = _region(r.fields.get("region")), r.num("vat_pct")
    if not r.fields.get("from_region"):
        return "whether VAT is in it is not known (a private sale charges none): taken as listed"
    was, old = _region(r.fields["from_region"]), r.num("from_vat_pct")
    if r.fields.get("reclaimed_pct") is not None:  # a VAT-registered buyer: every price net of VAT (tax.buyer)
        if not old:
            return f"no VAT in it; the {r.num('reclaimed_pct'):g} % a buyer in {to} pays on it is reclaimed"
        return f"{was}'s {old:g} % VAT taken out, as a VAT-registered buyer reclaims it"
    if not old:
        return f"{to}'s {vat:g} % VAT added, as a buyer there pays it on an import"
    if not vat:
        return f"{was}'s {old:g} % VAT taken out (an export is zero-rated; a buyer in {to} pays none)"
    return f"{was}'s {old:g} % VAT taken out and {to}'s {vat:g} % put in, as a buyer there pays it"


def _request_vat(r: Reason) -> str:
    """The request's tax basis ("request.vat", report.purchase.vat_said)."""
    region, vat = _region(r.fields.get("region")), r.num("vat_pct")
    if not vat:
        return f"none in {region}: prices and budget before sales tax"
    if r.fields.get("reclaim"):
        return f"reclaimed: prices and budget without VAT ({region}, {vat:g} %)"
    return f"paid: prices and budget with VAT ({region}, {vat:g} %)"


def _tax_basis(r: Reason) -> str:
    """A build's one tax basis ("price.basis", report.prices.tax_said): whose VAT its prices include, the total
    without it, and the lines taken as listed."""
    cur, vat = r.fields.get("currency", ""), r.num("vat_pct")
    listed = int(r.num("listed"))
    tail = (
        f"; {listed} paid line{'' if listed == 1 else 's'} taken as listed (whether VAT is in "
        f"{'it' if listed == 1 else 'them'} is not known)"
        if listed
        else ""
    )
    if r.fields.get("reclaim"):  # a VAT-registered buyer (tax.buyer reclaim): the plan is priced net of VAT
        pct = r.num("region_vat_pct")
        return (
            f"prices without VAT ({r.num('total'):,.0f} {cur}), for a VAT-registered buyer in "
            f"{_region(r.fields.get('region'))} who reclaims its {pct:g} %; {r.num('gross'):,.0f} {cur} with it{tail}"
        )
    if not vat:
        return (
            f"prices before sales tax, as shops in {_region(r.fields.get('region'))} list them (sales tax is "
            f"added at the till){tail}"
        )
    return (
        f"prices with {_region(r.fields.get('region'))}'s {vat:g} % VAT, as a buyer there pays it "
        f"({r.num('total'):,.0f} {cur}); {r.num('net'):,.0f} {cur} without it, for a buyer who reclaims VAT{tail}"
    )


def _rate_at(r: Reason) -> str:
    """The note part " at 6.7046 CNY/USD (rates of 2026-10-06)": a converted price's rate and its date (pricing.Quote), or "" when
    the note has no rate (an old note) or its rates are older than six months (said apart, "price.quote")."""
    rate, to, cur = r.fields.get("rate"), r.fields.get("to"), r.fields.get("rate_from") or r.fields.get("currency")
    if not rate or not to or r.fields.get("rate_stale"):
        return ""
    return f" at {r.num('rate'):.4f} {to}/{cur} (rates of {r.fields.get('rate_date') or 'no date'})"


def _tiers(r: Reason) -> str:
    """A fat tree's switches by tier, as solve.cluster.Fabric.describe says them: '8 leaf + 4 spine (+ 2 core)'."""
    f = r.fields
    return f"{f['leaves']} leaf + {f['spines']} spine" + (f" + {f['cores']} core" if f["cores"] else "")


def _how(r: Reason, say: Say) -> str:
    """How a prompt is processed: the parts of `how` (est.how-*), or its English as it was stored before they had codes."""
    how = r.fields.get("how")
    return how if isinstance(how, str) else "".join(say(part) for part in r.nested("how"))


def _strings(r: Reason, name: str) -> tuple[str, ...]:
    """A field that lists names (a tuple), as strings."""
    value = r.fields.get(name)
    return tuple(str(v) for v in value) if isinstance(value, tuple) else ()


def _attention(r: Reason) -> str:
    """The attention a KV cache step names (est.kv): MLA's latent, MHA, or GQA with its heads."""
    kind = r.fields["attention"]
    if kind == "MLA":
        return "MLA latent"
    if kind == "MLA+indexer":  # GLM-5.3-Flash: the sparse-attention indexer caches its own keys beside the latent
        return "MLA latent and indexer keys"
    return "MHA" if kind == "MHA" else f"GQA ({r.fields['heads']} query / {r.fields['kv_heads']} KV heads)"


def _floor_release(r: Reason) -> str:
    """The engine release whose serving floors an est.latency-floor reason used (estimate/collectives.py)."""
    server, release, family = (str(r.fields.get(k) or "") for k in ("server", "release", "family"))
    if not server:
        return "SGLang and vLLM of 2025"
    if family == "sglang-0.5":
        return f"{server} {release} (the 0.5 releases' floor)"
    if family == "vllm-0.11":
        return f"{server} {release} (the floor of vLLM 0.11 on, full CUDA graphs)"
    if server == "SGLang":
        return f"{server} {release} (the 2025 releases' floor)"
    return f"{server} {release} (the floor of vLLM before 0.11, attention outside the CUDA graphs)"


MODIFIED = (
    "modified by a refurbisher, not a vendor product: no warranty or vendor support, and boards vary from seller to "
    "seller"
)
"""A modified card's caveat (advise.value_ranking), after its name."""


TRACE_WORDS = {
    "azure-2023-conversation": "Azure's 2023 conversation trace",
    "azure-2023-code": "Azure's 2023 coding trace",
    "mooncake-conversation": "Kimi's Mooncake conversation trace",
}
"""A published trace of prompt lengths (estimate/traffic.py), in English; Chinese in report/words.ZH_TRACES."""
TRACE_STATISTICS = {"median": "the median", "p90": "the 90th percentile", "mean": "the mean"}

ENGINE_NAMES = {"vllm": "vLLM", "sglang": "SGLang", "llama.cpp": "llama.cpp"}
KERNEL_NAMES = {
    "flash2": "FlashAttention-2",
    "triton": "the Triton FlashAttention kernel",
    "cudnn": "cuDNN fused attention",
}
"""Attention kernels a training estimate times (estimate/attention.py ATTENTION_RATES), as the explanation names them."""
"""An engine's id as its project writes its name."""


def _rate_basis_en(r: Reason) -> str:
    """Where est.default-rate's figure comes from: the largest data-center runs, or for a desktop card
    (fields `desktop`, `sourced`) the single-card figure of estimate/desktop_training.py."""
    if r.fields.get("desktop") is None:
        return (
            "largest published runs: 1T GPT on A100 50 %, Llama 3 405B on H100 43 %, lower for smaller hidden sizes: "
            "more memory-bound work per FLOP"
        )
    basis = (
        "fitted on published single-card runs (torchtune, Llama 3.1 8B on one RTX 4090, compiled)"
        if r.fields.get("sourced")
        else "an estimate: no published training run on this card's backend"
    )
    return (
        f"desktop cards: {r.num('desktop'):.0%} at an RTX 3090 for a hidden-4096 model with fused element-wise ops, "
        f"{basis}; moved by this card's FLOP per byte of bandwidth, lower for smaller hidden sizes and eager "
        "element-wise ops: more memory-bound work per FLOP"
    )


def default_rate(r: Reason, batch: str, rate: str) -> str:
    """est.default-rate in English: `batch` says what sets the sequences per micro-batch, `rate` (a clause or "")
    what sets the rate: the command line's flags (EN) or the window's fields (report.words.WINDOW_EN)."""
    return (
        f"default compute-phase utilisation {r.num('rate'):.0%} of peak bf16 tensor throughput for {r.fields['arch']} "
        f"at hidden size {r.fields['hidden']} ("
        + _rate_basis_en(r)
        + (
            ""
            if r.fields.get("fused") is None
            else "; element-wise ops fused (torch.compile or fused kernels: torchtitan measured x1.157 over eager "
            "for Llama 3.1 8B on H100)"
            if r.fields.get("fused")
            else "; element-wise ops run eagerly, each a round trip through memory"
        )
        + (
            f"; GEMMs of {int(r.num('rows')):,} rows keep {r.num('shape'):.0%} of that run's SM occupancy (wave "
            f"quantisation; {batch})"
            if r.fields.get("shape") is not None
            else ""
        )
        + (
            f"; that run's bubble and tensor-parallel all-reduces taken out: {r.num('computed'):.0%} of its step computed"
            if r.fields.get("computed") is not None
            else ""
        )
        + "); communication that does not overlap comes on top (MFU, over the wall time, is lower)"
        + rate
    )


def released_precision(r: Reason) -> str:
    """The precision a model was released in, as kind.released-as names it: a release whose routed experts alone are
    4-bit (Kimi K2.5's INT4, gpt-oss's MXFP4) says so (the rest is BF16 on vLLM, Q8_0 in llama.cpp's GGUF)."""
    return f"{r.fields['precision']}" + (" (routed experts)" if r.fields.get("experts") else "")


def usual_finetune(r: Reason) -> str:
    """How kind.usual-finetune's framework runs, as its label says it before naming what set it (the command line's
    flag, the window's words): "with Unsloth on one GPU", or as DDP on several."""
    cards = "on one GPU" if r.num("gpus") <= 1 else f"as DDP on {r.num('gpus'):.0f} GPUs"
    return f"with {r.fields['framework']} {cards}"


def _zero(r: Reason) -> str:
    """A launch title's DeepSpeed stage (field `stage`, 0 for none), as every framework's title writes it; with field
    `fsdp` (the strategy, FULL_SHARD or SHARD_GRAD_OP) accelerate's FSDP instead."""
    if r.fields.get("fsdp"):
        return f" + FSDP {r.fields['fsdp']}"
    return f" + DeepSpeed ZeRO-{r.fields['stage']}" if r.fields.get("stage") else ""


def _cpu_offload(r: Reason) -> str:
    return " + CPU offload" if r.fields.get("offload") else ""


def _over_nodes(r: Reason) -> str:
    """ " (2 nodes)" for a launch over several nodes (field `nodes`), nothing on one."""
    return f" ({r.fields['nodes']} nodes)" if r.num("nodes") > 1 else ""


def launch_bridge(r: Reason, say: Say, parens: tuple[str, str, str], nodes: str) -> str:
    """launch.bridge in a language: the runner, then the layout (and `nodes` over several), each note, and why the
    asked framework could not run it inside the last of them; `parens` are the language's opening, closing and
    joining marks ("(", ")", "; ")."""
    groups = [str(r.fields["layout"]) + (nodes.format(r.fields["nodes"]) if r.num("nodes") > 1 else "")]
    groups += [say(note) for note in r.nested("notes")]
    why = r.nested("why")
    if why:
        groups[-1] += parens[2] + say(why[0])
    opening, closing = parens[0], parens[1]
    return str(r.fields["runner"]) + "".join(f"{opening}{group}{closing}" for group in groups)


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
    "gpu.memory-max": lambda r, say: (
        f"needs about {r.fields['cards']} x {r.num('vram'):g} GB cards ({r.num('gib'):.1f} GiB per GPU at "
        f"{r.fields['n']}); a machine holds at most {r.fields['most']}"
        + "".join(f"; {say(m)}" for m in r.nested("method"))
    ),
    "gpu.memory-never": lambda r, say: (
        f"no count of {r.num('vram'):g} GB cards holds it: {r.num('gib'):.1f} GiB per GPU at {r.fields['n']}, of which "
        f"{r.num('every'):.1f} GiB sit on every GPU however many there are"
        + "".join(f"; {say(m)}" for m in r.nested("method"))
    ),
    "gpu.method-fits": _method_fits,
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
    # why a cell of the recommendation map has no machine (advise.cheapest_for_cell)
    "map.no-gpu": "no GPU in the catalog passes the filter",
    "map.stopped": "stopped",
    "map.no-system": lambda r, _say: (
        "none of the ready-made systems named runs this job as asked (" + ", ".join(_strings(r, "systems")) + ")"
    ),
    "map.over-budget": lambda r, _say: (
        f"the cheapest machine, {r.fields['count']} x {r.fields['gpu']}, costs {r.num('price'):,.0f} "
        f"{r.fields['currency']}: over the budget of {r.num('budget'):,.0f}"
    ),
    "map.too-small": lambda r, _say: (
        f"needs at least {r.fields['count']} x {r.num('vram_gb'):g} GB cards ({r.fields['gpu']}, the fewest of any GPU "
        f"allowed) for weights alone; a machine holds at most {r.fields['max_gpus']}, and no ready-made server in the "
        "catalog with these GPUs holds it"
    ),
    "map.no-price": lambda r, _say: (
        f"no GPU allowed has a {r.fields['condition']} price in {r.fields['currency']}".replace("  ", " ")
    ),
    "map.no-build": "no build passes every rule",
    # a card's caveat in the value ranking (advise.value_ranking) besides its software stack's warnings
    "caveat.modified": "{gpu}: " + MODIFIED,
    # the ways out (solve.relax)
    "way.time-limit": "solve again with fewer GPU choices (--gpu) or a narrower form, or allow more time",
    "way.none": "none found in the catalog: a smaller model, a lower precision or a shorter context",
    "way.budget": "raise the budget to {amount:,} {currency}",
    "way.kv": "quantize the KV cache to {kv}",
    "way.context": "shorten the context to {context} tokens",
    "way.precision": lambda r, _say: (
        "use q4_k_m on the GPUs too (GGUF via llama.cpp; without --precision the cards of a server for several users "
        "are sized at FP8 or BF16 on vLLM)"
        if r.fields.get("gpus")
        else f"use {r.fields.get('precision') or 'q4_k_m'} (GGUF via llama.cpp"
        + (", the release's quality)" if r.fields.get("precision") == "q8_0" else ")")
    ),
    "way.lowbits": lambda r, _say: (
        "use a 3-bit GGUF (q3_k_m, or a dynamic 3-bit quant such as Unsloth's UD-Q3_K_XL: the bits practitioners run a "
        "trillion-parameter MoE at where the RAM holds it; expect a little loss of quality)"
        if r.fields.get("precision") == "q3_k_m"
        else "use a 2-bit GGUF (q2_k, or a dynamic 2-bit quant such as Unsloth's UD-Q2_K_XL: what its guide suggests to "
        "balance size and accuracy for a trillion-parameter MoE; expect some loss of quality)"
    ),
    "way.method": lambda r, _say: (
        f"use QLoRA instead of {METHOD_WORDS.get(str(r.fields['method']), r.fields['method'])}"
        + (" on the cards you own" if r.fields.get("on_own") else "")
    ),
    "way.circuit": lambda r, say: (
        f"have an electrician add a {r.num('volts'):g} V {r.num('amps'):g} A circuit"
        + (
            f" (a NEMA {r.fields['outlet']} outlet, {r.num('watts'):,.0f} W continuous; {_circuit_work(r, say)})"
            if r.fields.get("step") is not None
            else (" (a NEMA 6-20 outlet)" if r.fields.get("nema") else "") + f", {r.num('watts'):,.0f} W continuous"
        )
        + (
            f", about {r.num('work'):,.0f} {r.fields['currency']} of an electrician's work (a cost guide's average)"
            if r.fields.get("work") is not None
            else ""
        )
        if r.fields.get("volts") is not None
        else "use a 230 V 16 A circuit"
    ),
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
    # round 44: a server room's own rack feed (relax.rack_feed), where the user named a smaller circuit there
    "way.rackfeed": lambda r, say: (
        f"use the server room's rack feed, {say(r.nested('feed')[0])}, {r.num('watts'):,.0f} W continuous, instead of "
        f"the {say(r.nested('named')[0])} circuit named"
    ),
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
    "way.region": lambda r, _say: (
        "buy in mainland China (choose region China: the card asked is sold there only)"
        if r.fields.get("region") == "china"
        else "buy outside China"
    ),
    "way.framework": "fine-tune with Unsloth (it keeps checkpointed activations in system RAM)",
    "way.actoffload": "keep checkpointed activations in system RAM (activation offload)",
    "way.checkpointing": "recompute activations in the backward pass (gradient checkpointing: less memory, slower)",
    "way.optim8bit": "use 8-bit AdamW (bitsandbytes: 2 instead of 8 bytes of optimizer state per parameter; still a "
    "full fine-tune)",
    "way.zero3offload": lambda r, _say: (
        "shard with PyTorch FSDP (the card's sharder: DeepSpeed is not validated on it) and offload its parameters, "
        f"gradients and optimizer states to CPU RAM (FULL_SHARD with accelerate's {r.fields['flag']}: still a full "
        "fine-tune, slower)"
        if r.fields.get("stack") == "fsdp" and r.fields.get("usual")
        else "keep FSDP and offload its parameters, gradients and optimizer states to CPU RAM (FULL_SHARD with "
        f"accelerate's {r.fields['flag']}: still a full fine-tune, slower)"
        if r.fields.get("stack") == "fsdp"
        else "keep torchtune and offload its parameters, gradients and optimizer states to CPU RAM (its distributed "
        f"recipe's FSDP2 with {r.fields['flag']}: still a full fine-tune, slower)"
        if r.fields.get("stack") == "torchtune"
        else "shard with DeepSpeed ZeRO-3 and offload the optimizer states and parameters to CPU RAM "
        "(ZeRO-Offload: still a full fine-tune, slower)"
    ),
    "way.cluster": _cluster,
    "way.rent": _rent,
    "way.changes": _changes,
    "way.slower": lambda r, _say: (
        f"{r.num('ratio'):.1f}x slower than the way out at {r.num('price'):,.0f} {r.fields['currency']}, which trains "
        f"the same job in {r.num('hours'):,.0f} h"
    ),
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
    "warn.training-long-sequence": lambda r, _say: (
        f"the training time is for {r.num('seq'):,.0f}-token sequences, longer than the runs its rate is fitted on "
        f"(up to {r.num('fitted'):,.0f}): of {r.num('rows'):.0f} published runs held out at 16K-256K tokens, "
        f"{r.num('inside'):.0f} fell inside its range"
        + (" and most took longer" if r.num("median") > 1 else "")
        + f": {r.num('median'):.2f}x the estimated time at the median, up to {r.num('worst'):.2f}x (the slowest ran "
        "context parallelism at 128K-256K tokens)"
    ),
    # round 47 (estimate.slow_prefill): the first token's wait when it is the build's weakness, and why
    "warn.slow-prefill": lambda r, _say: (
        f"prompts are slow on the {r.fields['card']}: a {r.num('prompt'):,.0f}-token prompt waits "
        f"{r.num('seconds'):,.1f} s for its first token ({r.num('rate'):,.0f} tokens/s of prefill), past the "
        f"{r.num('limit'):.0f} s a user's attention holds"
        + (
            f"; it has no tensor cores, so a prompt's matrix multiplies run at its FP32 rate, "
            f"{r.num('tflops'):.1f} TFLOPS"
            + (" (its native FP16 runs at 1/64 of that)" if r.fields.get("half_1_64") else "")
            if r.fields.get("tflops") is not None
            else ""
        )
    ),
    "warn.qlora-not-advised": (
        "QLoRA (4-bit) is not advised for {model}: Unsloth's guide fine-tunes the Qwen3.5/3.6 models, dense or MoE, in "
        "bf16 LoRA, their 4-bit quantization error being higher than usual ({source}); plan it as LoRA (bf16)"
    ),
    "warn.fp16-overflow": lambda r, _say: (
        f"{r.fields['model']} trains in fp16 here ("
        + ("as asked" if r.fields.get("asked") else f"the {r.fields['card']} has no bf16")
        + f"), and {r.fields['arch']} models overflow fp16: the gradient norm turns NaN (Unsloth forces them to "
        f"float32, {r.fields['source']}); {r.fields['framework']} does not: train on a card with bf16 (Ampere or "
        "newer), in fp32, or with Unsloth"
    ),
    # why a build holds its claims (solve.ranking); CLAIMS says the claim itself
    "claim.cheapest": lambda r, say: _cheapest(r) + past_support_said(r, say, "the cheapest"),
    "claim.cheapest-slow": lambda r, say: (
        f"the lowest price of every build found ({r.num('price'):,.0f} {r.fields['currency']}), at "
        f"{r.num('tps'):.1f} tokens/s per user"
        # round 37: the reading rule reads the served rate, each request's prefill counted (rules.job.Serving)
        + (f" once each prompt's prefill is counted ({r.num('decode'):.1f} decoding)" if r.fields.get("decode") else "")
        + f": slower than people read (~{r.num('reading'):g} tokens/s)"
        + past_support_said(r, say, "the cheapest")
    ),
    "claim.cheapest-with": "the lowest price of the builds with {name}",
    "claim.cheapest-vram": lambda r, say: (
        f"the lowest price ({r.num('price'):,.0f} {r.fields['currency']}) of the builds whose cards hold the whole "
        "model, none of it in system RAM: "
        + (
            f"{r.num('tps'):,.0f} training tokens/s where the cheapest trains {r.num('cheapest_tps'):,.0f}"
            if r.fields.get("training")
            else f"{r.num('tps'):.1f} tokens/s per user where the cheapest reads {r.num('cheapest_tps'):.1f}"
        )
        + past_support_said(r, say, "the cheapest whose cards hold it")
    ),
    "claim.faster-for-little": lambda r, _say: (
        f"{r.num('dearer'):,.0f} {r.fields['currency']} "
        f"({r.num('dearer_pct'):.1f} %) more than the cheapest "
        f"({r.num('cheapest_price'):,.0f}) for {r.num('faster_pct'):.0f} % more speed: "
        + (
            f"{r.num('tps'):,.0f} training tokens/s where the cheapest trains {r.num('cheapest_tps'):,.0f}"
            if r.fields.get("training")
            else f"{r.num('tps'):.1f} tokens/s per user where the cheapest reads {r.num('cheapest_tps'):.1f}"
        )
    ),
    "claim.cheapest-vram-supported": lambda r, _say: (
        f"the lowest price ({r.num('price'):,.0f} {r.fields['currency']}) of the builds whose cards hold the whole "
        f"model on software their vendor still supports: {r.num('tps'):.1f} tokens/s per user, "
        f"{r.num('dearer'):,.0f} {r.fields['currency']} more than the {r.fields['eol_gpu']} past its support at "
        f"{r.num('eol_tps'):.1f}, and as much speed for the money or more"
    ),
    "claim.fastest-within-budget": _fastest,
    "claim.fastest": _fastest,
    "claim.value": lambda r, _say: (
        f"the most speed for the money{_value_tier(r)}: {r.num('value'):,.2f} "
        f"{'training tokens/s' if r.fields.get('training') else 'tokens/s per user'} per 1,000 {r.fields['currency']}"
        + (
            f", with the weights at {r.fields['quantized']}, below the release's {r.fields['released']}"
            if r.fields.get("quantized") is not None
            else ""
        )
        + (" on supported software (a card past its vendor's support gives more)" if r.fields.get("supported") else "")
        + (
            " among the builds whose speed rests on published measurements (one with more rests on an unsourced figure)"
            if r.fields.get("measured")
            else ""
        )
    ),
    "claim.quietest": lambda r, say: (
        (
            f"as quiet as the quietest found ({r.num('lowest'):.1f} dBA, within the {r.num('margin'):g} dBA the noise "
            f"estimate cannot tell): {r.num('dba'):.1f} dBA at 1 m, {r.num('watts'):,.0f} W at the wall"
            if r.fields.get("lowest") is not None
            else f"the lowest noise: {r.num('dba'):.1f} dBA at 1 m, {r.num('watts'):,.0f} W at the wall"
        )
        + (
            f"; the most speed for the money of the builds found within {r.num('margin'):g} dBA of the quietest, a tie "
            "the noise estimate cannot break"
            if r.fields.get("as_quiet")
            else ""
        )
        + (
            f" (one {r.num('cheaper'):,.0f} {r.fields['currency']} cheaper is {r.num('more'):.1f} dBA louder, a "
            "difference the noise estimate cannot tell)"
            if r.fields.get("cheaper") is not None
            else ""
        )
        + past_support_said(r, say, "the quietest")
    ),
    "claim.grow": lambda r, _say: (
        f"takes one more of your own {r.fields['gpu']} ({r.num('spare'):.0f} of yours idle): no card to buy; its slot, "
        "lanes, PSU and circuit have room"
        if r.fields.get("own")
        else f"takes one more {r.fields['gpu']} by buying only that card: its slot, lanes, PSU and circuit have room"
    ),
    "claim.misses": lambda r, _say: (
        (
            f"{r.num('by'):.1f} tokens/s per user short of the {r.num('asked'):g} asked ({r.num('have'):.1f})"
            if r.fields.get("target") == "speed"
            else f"{r.num('by'):,.1f} h past the {r.num('asked'):,g} h deadline ({r.num('have'):,.1f} h)"
        )
        + f", for {r.num('saved'):,.0f} {r.fields['currency']} ({100 * r.num('share'):.0f} %) less than "
        f"#{r.num('rank'):.0f}, the cheapest build shown that meets it: a build that misses what was asked is shown "
        "only where that saves more than a third"
    ),
    "claim.none": "no build shown beats it on both price and speed",
    "claim.cheapest-serving": lambda r, _say: (
        f"the lowest price ({r.num('price'):,.0f} {r.fields['currency']}) of the builds "
        + ("found" if r.fields.get("unshown") else "shown")
        + " that serve the demand their users ask for; the cheapest"
        + (" found" if r.fields.get("unshown") else "")
        + f", at {r.num('short_price'):,.0f} {r.fields['currency']}, {_short_serves(r)}"
        # round 39: a short "cheapest" gives its place to this build when one is asked for (ranking._serving_said)
        + ("; it gives this build its place" if r.fields.get("unshown") else "")
    ),
    "claim.quietest-serving": lambda r, _say: (
        (
            f"as quiet as the quietest of the builds shown that serve the demand their users ask for "
            f"({r.num('lowest'):.1f} dBA, within the {r.num('margin'):g} dBA the noise estimate cannot tell): "
            if r.fields.get("lowest") is not None
            else "the lowest noise of the builds shown that serve the demand their users ask for: "
        )
        + f"{r.num('dba'):.1f} dBA at 1 m, {r.num('watts'):,.0f} W at the wall"
        + (
            f"; the most speed for the money of those within {r.num('margin'):g} dBA of the quietest, a tie the "
            "noise estimate cannot break"
            if r.fields.get("as_quiet")
            else ""
        )
        + f"; the quietest, at {r.num('short_dba'):.1f} dBA, {_short_serves(r)}"
    ),
    # a build shown for its kind that builds shown beat on both (solve.shown.kind_said): which, and what it offers
    "shown.beaten": lambda r, say: (
        f"{_ranks(r)} {'is' if len(r.fields['ranks']) == 1 else 'are'} cheaper and "  # type: ignore[arg-type]
        + ("faster" if r.fields.get("faster") else "as fast (within 3 %)")
        + f"; it offers {joined(r.nested('offers'), say)}"
    ),
    # the build a simpler one shown stands in for (solve.ranking._instead): the same price, as fast
    "shown.instead": lambda r, say: (
        f"shown in place of {r.num('count'):.0f} x {r.fields['name']} at {r.num('price'):,.0f} {r.fields['currency']} "
        f"({joined(r.nested('speed'), say)}): the same price within 1 %, as fast, "
        + ("on fewer cards" if r.fields.get("fewer") else "on cards not modified")
    ),
    "claim.shared": lambda r, say: "its claims " + _shared_words(r, say),  # a label's word (label_claims)
    # why a build without a claim or a kind is shown (solve.shown): what it offers over the builds ranked above it
    "shown.offers": lambda r, say: (
        f"shown for what it offers over the builds ranked above it: {joined(r.nested('offers'), say)}"
    ),
    "offer.cheaper": lambda r, _say: f"a lower price: {r.num('price'):,.0f} {r.fields['currency']}" + _over(r),
    "offer.faster": lambda r, _say: (
        (
            f"more speed: {r.num('tps'):,.0f} training tokens/s"
            if r.fields.get("training")
            else f"more speed: {r.num('tps'):,.1f} tokens/s per user"
        )
        + _over(r)
    ),
    "offer.release": lambda r, _say: f"the weights at the release's quality: {r.fields['precision']}" + _over(r),
    "offer.quieter": lambda r, _say: f"less noise: {r.num('dba'):.1f} dBA at 1 m" + _over(r),
    "offer.card": lambda r, _say: f"another card: {r.fields['name']}" + _over(r),
    "offer.cards": lambda r, _say: f"more cards: {r.num('count'):.0f}" + _over(r),
    "offer.fewer-cards": lambda r, _say: (
        f"fewer cards: {r.num('count'):.0f}, a simpler machine to build, power and run" + _over(r)
    ),
    "offer.ram": lambda r, _say: f"more RAM: {r.num('gb'):,.0f} GB" + _over(r),
    "offer.case": lambda r, _say: (
        f"{_CASE_FORMS.get(str(r.fields['form']), 'another case')} ({r.fields['name']})" + _over(r)
    ),
    "offer.platform": lambda r, _say: f"another platform: {r.fields['socket']} with {r.fields['memory']}" + _over(r),
    "offer.grow": lambda r, _say: (
        (
            f"room for one more of your own cards ({r.num('spare'):.0f} of yours idle), none to buy"
            if r.fields.get("own")
            else "room for one more card, bought alone"
        )
        + _over(r)
    ),
    "offer.passes": lambda r, _say: "it passes every check" + _over(r),
    "offer.prompt": lambda r, _say: "its prompts do not wait over a minute for a first token" + _over(r),
    "offer.supported": lambda r, _say: "cards its vendor's software still supports" + _over(r),
    "offer.room": lambda r, _say: "a machine the room can take" + _over(r),
    "rank.slower": lambda r, _say: (
        f"{r.num('ratio'):.1f}x slower than {'the full plan' + chr(39) + 's ' if r.fields.get('unshown') else ''}"
        f"#{r.num('rank'):.0f}, which trains the same job in "
        f"{r.num('hours'):,.0f} h for {r.num('price'):,.0f} {r.fields['currency']}"
    ),
    # the kind of build a label names in brackets (its source), and a card's caveat
    "kind.said": "{text}",  # a source whose kind has no code yet: its own words
    "kind.cpu-only": "CPU only",
    "kind.cpu-channels": "CPU only, {channels}-channel",
    "kind.mini-pc": "mini PC: {name}",
    "kind.base-gpu": "used workstation plus card: {base}",
    "kind.experts-tier": "experts in RAM, {tier}",
    "kind.unified": "ready-made: {name}",
    "kind.ready-made": "ready-made {name}",
    "kind.server": "ready-made server",
    "kind.server-gpus": "ready-made {gpus}-GPU server",
    "kind.cluster": "cluster of 8-GPU machines",
    "kind.cluster-fastest": "fastest within budget",
    "kind.deadline": "meets the {hours:,.0f} h deadline",
    "kind.months": lambda r, _say: (
        f"finishes in {r.fields['months']} month{'s' if r.num('months') > 1 else ''}"
        + (f" (80 % range: up to {r.num('top_months'):.1f})" if "top_months" in r.fields else "")
    ),
    "kind.in-ram": lambda r, _say: f"with {'the experts' if r.fields.get('moe') else 'some layers'} in RAM",
    "kind.cheapest-in-ram": lambda r, _say: (
        f"cheapest with {'the experts' if r.fields.get('moe') else 'some layers'} in RAM"
    ),
    "kind.without-own": "without your own card",
    # FILL warns (rules.job.ContextFill): the window asked fills past the ten-minute default timeout; no thousands comma
    # (a label splits on commas): "32k", else the count as is
    "kind.fill-slow": lambda r, _say: (
        f"a {fill_tokens(int(r.num('tokens')))}-token {'prompt' if r.fields.get('basis') == 'prompt' else 'context'} "
        f"takes {'at least ' if r.fields.get('floor') else ''}{r.num('minutes'):.0f} min to fill"
    ),
    "kind.own-more": "with your own card and more of it",
    "kind.own-all": "with all {gpus} of your own cards, none bought",
    "kind.own-and": lambda r, _say: (
        "with your own card and another"
        if r.num("bought") == 1
        else f"with your own card and {r.fields['bought']} others"
    ),
    "kind.mixed": "mixed cards",
    "kind.power-limited": "GPUs power-limited to {limit:.0%}",
    "kind.usual-gguf": "at {precision}, llama.cpp's usual GGUF: no --precision given",
    "kind.release-in-ram": lambda r, _say: (
        f"at {r.fields['precision']}, the GGUF of the {r.fields['released']} release, scored as the release: no "
        "--precision given"
        if r.fields.get("released")
        else f"at {r.fields['precision']}, scored as the release at about half its bytes read from RAM: no --precision "
        "given"
    ),
    "kind.release-on-cards": "at {precision}, scored as the release at about half its bytes on the cards: no --precision "
    "given",
    "kind.usual-kv": "{precision} KV cache: no --kv-precision given",
    "kind.usual-served": "at {precision}, quantized by vLLM on load for several users: no --precision given",
    "kind.usual-served-4bit": "at {precision}, a 4-bit checkpoint vLLM serves to several users: no --precision given",
    "kind.fewest-cards": lambda r, _say: (
        f"the fewest cards that serve every user at reading speed: {r.num('count'):.0f}, a simpler server to build, "
        "power and run"
    ),
    "kind.cheaper-on-more-cards": lambda r, _say: (
        f"{r.num('count'):.0f} cards that serve every user at reading speed for {r.num('saves'):,.0f} "
        f"{r.fields['currency']} less than the fewest ({r.num('fewest'):.0f} x {r.fields['gpu']})"
    ),
    "kind.usual-finetune": lambda r, _say: f"{usual_finetune(r)}: no --framework given",
    "kind.serving-engine": lambda r, _say: (
        f"served with {ENGINE_NAMES.get(str(r.fields['engine']), r.fields['engine'])}: {r.fields['users']} users, "
        "no --engine given"
    ),
    "kind.released-served": "at {precision} as released, served by vLLM for several users: no --precision given",
    "kind.released-as": lambda r, _say: f"at {released_precision(r)} as released: no --precision given",
    # no ";" in a kind: a label's claims are split on it
    "kind.eol-cuda": lambda r, _say: (
        f"past CUDA support: CUDA 13 dropped {r.fields['arch']}"
        + (f", it runs on CUDA {r.fields['cuda']} builds" if r.fields.get("cuda") else "")
    ),
    "kind.eol-rocm": lambda r, _say: (
        "past ROCm support: gfx906 maintenance ended in 2024"
        + (f", it runs on ROCm {r.fields['rocm']} or Vulkan" if r.fields.get("rocm") else "")
    ),
    # round 41: a training build set aside from "cheapest" for its unvalidated run (solve.ranking._unvalidated_said)
    "kind.unvalidated-run": "not cheapest: its training stack is unvalidated on the card, {rule} warns",
    # round 47: a build with cards set aside from "cheapest" for its prompt wait (solve.ranking._prompt_aside_said)
    "kind.prompt-aside": lambda r, _say: (
        (
            f"not cheapest: the last of its {r.num('users'):.0f} users waits {r.num('wait_s'):.0f} s for a first token"
            if r.fields.get("users") is not None
            else f"not cheapest: its first token waits {r.num('wait_s'):.0f} s"
        )
        + f", {r.fields['rule']} warns"
    ),
    # round 44: one SUP-12 sets aside, in its terms (solve.ranking.set_aside_said): the card's GB against the runs'
    "kind.beyond-runs": lambda r, _say: (
        f"not cheapest: its {r.num('card_gb'):.0f} GB cards are smaller than the {r.num('runs_gb'):.0f} GB every "
        "published run of a QLoRA with its base in RAM used"
        + (
            f", the least of them peaking at {r.num('peak_gib'):.2f} GiB a GPU"
            if r.fields.get("peak_gib") is not None
            else ""
        )
        + f", {r.fields['rule']} warns"
    ),
    # what still runs a card past its vendor's support (support.EndOfLife.runs)
    "eol.runs-cuda": (
        "llama.cpp built with CUDA {cuda} for sm_{sm} (CUDA 13, 2025-08, builds nothing older than Turing, and "
        "llama.cpp's own prebuilt binaries leave {arch} out, 2026-07), on NVIDIA's {driver} drivers, the last branch "
        "for {arch}; PyTorch only from its CUDA {torch_cuda} wheels (2.8's notes, 2025-08)"
    ),
    "eol.runs-rocm": (
        "llama.cpp on Vulkan, or on HIP with ROCm {rocm} (ROCm {dropped}'s rocBLAS ships no {arch} kernels, "
        "{dropped_on}); PyTorch only from its ROCm {rocm} wheels (Unsloth's installer, 2026-07)"
    ),
    # a support fact's note where the configurator words it (support_facts.Fact.said; a check carries it as
    # note_code and note_* fields beside the English `note`)
    "sup.vllm-runs": "vLLM runs {quant} on {hardware}",
    "sup.vllm-unsupported": "vLLM's hardware table marks {quant} unsupported on {hardware}",
    "sup.vllm-ipex-gone": (
        "vLLM runs {quant} on Intel GPUs only through IPEX, which dropped Alchemist after 2.6.10 and is archived (end "
        "of life): on an Arc A-series card use a GGUF with llama.cpp (SYCL or Vulkan)"
    ),
    "sup.dtypes-torchtune": (
        "torchtune trains in bf16 or fp32 only (its recipes refuse fp16: 'full fp16 training is not supported')"
    ),
    "sup.dtypes-unsloth": "Unsloth trains in bf16, or fp16 where the GPU has no bf16",
    "sup.minimum-unsloth": (
        "Unsloth states a minimum CUDA compute capability of {capability:.1f}; Pascal cards (GTX 1070/1080) work, "
        "but slowly"
    ),
    "sup.framework-minimum": "{framework} states a minimum CUDA compute capability above this GPU's",
    "sup.framework-supports": "{framework} supports this GPU",
    # one architecture's own facts (support_facts.SUPPORT_TABLE)
    "sup.vllm-not-on": "vLLM does not run on {target}",
    "sup.matrix-bf16": "{arch} matrix cores run bf16",
    "sup.bf16-xe": "{arch} XMX engines run fp16 and bf16; PyTorch XPU supports bf16 on Arc",
    "sup.vllm-pascal": "vLLM needs compute capability 7.5 or newer (7.0 in releases up to 0.14); Pascal is 6.x",
    "sup.inductor-below-7": "PyTorch's Inductor refuses GPUs below compute capability 7.0",
    "sup.vllm-volta": "current vLLM needs compute capability 7.5; the V100 (7.0) runs only releases up to about 0.14",
    "sup.driver-turing": "CUDA 13 dropped Volta but not Turing (SM75)",
    "sup.no-bf16-vega20": "no bf16 matrix hardware on Vega 20 (its successor CDNA 1 added MFMA)",
    "sup.pytorch-gfx906": "ROCm ended gfx906 maintenance in Q2 2024: only older ROCm/PyTorch releases or community builds run it",
    "sup.llama-gfx906": (
        "llama.cpp runs on Vulkan; its prebuilt ROCm binaries (Linux ROCm 7.2.1, Windows Radeon) target no gfx906, and "
        "its HIP backend needs a ROCm that still ships gfx906 libraries: build it from source with ROCm {rocm}, the last "
        "({dropped}'s rocBLAS has no gfx906 kernels, 2025-04), cmake -S . -B build -DGGML_HIP=ON -DGPU_TARGETS=gfx906, "
        "or use a community build"
    ),
    "sup.bnb-gfx906": "no bitsandbytes build targets gfx906 (ROCm ended its maintenance)",
    "sup.compile-gfx906": "Triton needs ROCm 6.2+, which no longer maintains gfx906",
    "sup.driver-gfx906": "AMD ended gfx906 maintenance (MI50, Radeon VII) in Q2 2024",
    "sup.pytorch-cdna1": "older CDNA 1: PyTorch ROCm runs it, but AMD's newer frameworks target gfx90a and newer",
    "sup.bnb-cdna1": "bitsandbytes' ROCm wheels target MI200 and newer; MI100 needs a source build",
    "sup.driver-cdna1": "an older Instinct generation: check that your ROCm release still lists gfx908",
    "sup.bf16-cdna2": "CDNA 2 matrix cores run bf16 at the fp16 rate",
    "sup.fp8-cdna3": "FP8 matrix cores; vLLM's FP8 path on ROCm targets MI300-class GPUs",
    "sup.fp8-cdna4": "FP8 matrix cores (MI300-class and newer); vLLM's FP8 path on ROCm",
    "sup.bf16-rdna3": "RDNA 3 WMMA runs fp16 and bf16 with fp32 accumulate",
    "sup.fa2-rdna3": "FlashAttention-2 runs on RDNA 3 (composable_kernel and Triton backends), but measured forward throughput was 43-48 TFLOPS on an RX 7900 XTX against 150-173 on an RTX 4090",
    "sup.bf16-rdna4": "RDNA 4 WMMA runs fp16 and bf16",
    "sup.fp8-rdna4": "RDNA 4 WMMA has FP8 instructions, but vLLM's FP8 W8A8 path on ROCm is documented for MI300-class GPUs only",
    "sup.fp8-volta": "no FP8 on Volta, and FP8 Marlin needs Turing or newer",
    "sup.vllm-mxfp4-sm80": "vLLM runs MXFP4 weights (gpt-oss) from compute capability 8.0 (Ampere) only: its Turing Marlin kernels leave MXFP4 out, as it needs bf16 activations",
    # the support table's shared facts (support_facts: one constant each, its source beside it there)
    "sup.fp8-marlin": "no FP8 tensor cores: vLLM stores FP8 weights and runs them as weight-only W8A16 through FP8 Marlin (half the weight memory, computed in fp16, no FP8 speed-up)",
    "sup.fp8-kv-software": "FP8 KV cache is stored in 8 bits to save memory but converted back to 16-bit for the attention math (no FP8 hardware)",
    "sup.fp8-kv-native": "FP8 KV cache with FP8 hardware",
    "sup.fp8-kv-undocumented": "vLLM documents no FP8 KV-cache path for this GPU family; expect to keep the KV cache in 16-bit",
    "sup.no-bf16-nvidia": "no bf16 tensor cores (bf16 arrived with Ampere)",
    "sup.fp16-overflow": (
        "{model} models overflow fp16's range (about 65,504): in fp16 the gradient norm turns NaN (Unsloth's "
        "FORCE_FLOAT32 list)"
    ),
    "sup.bf16-nvidia": "bf16 tensor cores (Ampere and newer)",
    "sup.fa2-nvidia": "FlashAttention-2 runs on Ampere, Ada and Hopper (fp16 and bf16)",
    "sup.fa2-none-nvidia": "FlashAttention-2 needs Ampere or newer: attention falls back to PyTorch SDPA kernels (slower, more memory at long context)",
    "sup.llama-cuda": "llama.cpp runs on the CUDA backend (Vulkan also works)",
    "sup.llama-source-build": (
        "llama.cpp's prebuilt CUDA binaries carry no {arch} machine code (Windows only: the CUDA 12.4 build has "
        "{arch} as compute_61 PTX the driver compiles at first start, the CUDA 13.3 build none; no Linux CUDA build): "
        "build it from source with a CUDA {cuda} toolkit, cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=61 "
        "(60 for a Tesla P100), or run its Vulkan build"
    ),
    "sup.llama-source-build-sm": (
        "llama.cpp's prebuilt CUDA binaries carry no {arch} machine code (Windows only: the CUDA 12.4 build has it as "
        "compute_{sm} PTX the driver compiles at first start, the CUDA 13.3 build none; no Linux CUDA build): build it "
        "from source with a CUDA {cuda} toolkit, cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES={sm}, or run "
        "its Vulkan build"
    ),
    "sup.llama-hip": "llama.cpp runs on the HIP (ROCm) backend or on Vulkan",
    "sup.llama-sycl": "llama.cpp runs on the SYCL backend (Intel GPUs) or on Vulkan",
    "sup.bnb-cuda": "bitsandbytes NF4/8-bit on CUDA compute capability 6.0+ (QLoRA works)",
    "sup.bnb-rocm-instinct": "bitsandbytes has official AMD ROCm support (QLoRA works)",
    "sup.bnb-rocm-radeon": "bitsandbytes supports AMD ROCm officially, but Radeon (RDNA) builds are newer and less tested than CUDA: QLoRA should run, expect rough edges",
    "sup.bnb-xpu": "bitsandbytes has official Intel XPU support (QLoRA works)",
    "sup.ds-nvidia": "DeepSpeed is developed and tested on NVIDIA GPUs",
    "sup.ds-amd-tested": "DeepSpeed is tested on AMD Instinct (MI100, MI200)",
    "sup.ds-amd-other": "DeepSpeed runs on ROCm through its CUDA/HIP accelerator, but upstream tests only MI100 and MI200",
    "sup.ds-arc": "DeepSpeed's XPU accelerator is validated on Intel Data Center GPU Max, not on Arc",
    "sup.fsdp-nvidia": "PyTorch FSDP shards over NCCL; Answer.AI's FSDP + QLoRA was built and measured on NVIDIA cards",
    "sup.fsdp-rocm": "PyTorch FSDP runs on ROCm through RCCL (torch.distributed's nccl backend) with no code changes",
    "sup.fsdp-xpu": "PyTorch FSDP runs on Intel GPUs over XCCL since PyTorch 2.8 (experimental at release); FSDP training has run on Arc Pro B60 cards, but no FSDP + QLoRA run on Arc is published",
    "sup.compile-ok": "torch.compile (Inductor/Triton) is supported",
    "sup.compile-old-nvidia": "Triton officially supports compute capability 8.0+; PyTorch still compiles for 7.x but without official Triton support",
    "sup.driver-current-nvidia": "current CUDA 13 drivers and toolkits support this architecture",
    "sup.driver-rocm": "in AMD's current ROCm support list",
    "sup.pytorch-cuda": "current PyTorch CUDA wheels include this architecture",
    "sup.pytorch-rocm": "PyTorch ROCm wheels support this GPU",
    "sup.vllm-cuda": "vLLM supports NVIDIA GPUs of compute capability 7.5 and newer",
    "sup.fp8-native-nvidia": "FP8 tensor cores (compute capability 8.9 and newer)",
    "sup.fp8-none-nvidia": "no FP8 tensor cores (they arrived with Ada, compute capability 8.9)",
    "sup.eol-driver": "NVIDIA's 580 driver branch is the last for Maxwell, Pascal and Volta, CUDA 13 drops them, and PyTorch's CUDA 12.8+ wheels no longer include them: the card runs on older software only",
    "sup.eol-pytorch": "PyTorch's CUDA 12.8/12.9 wheels dropped Maxwell, Pascal and Volta; the CUDA 12.6 wheels still run them",
    "sup.fp8-none-amd": "no FP8 matrix hardware; vLLM's FP8 path on ROCm (torch._scaled_mm) needs MI300-class (CDNA 3) GPUs and the weight-only FP8 Marlin kernel is CUDA-only",
    "sup.vllm-fp8-rocm-none": "FP8 W8A8 in vLLM on ROCm runs on MI300-class (CDNA 3) GPUs only, and Marlin (weight-only FP8) is CUDA-only",
    "sup.vllm-fp8-xe2": (
        "FP8 weights run on Battlemage though vLLM's hardware table lists none: Intel's llm-scaler-vllm serves them "
        "(online dynamic FP8, block-FP8 checkpoints) and upstream vLLM's XPU path runs them through oneDNN as W8A16, "
        "the matmuls at the 16-bit rate"
    ),
    "sup.intel-fp8": "vLLM's hardware table lists no FP8 support on Intel GPUs",
    "sup.fa2-rocm-ck": "FlashAttention-2 on ROCm: the composable_kernel backend supports MI200x, MI250x, MI300x, MI355x and RDNA 3/4",
    "sup.fa2-none-old-amd": "FlashAttention-2's ROCm backends target MI200 (gfx90a) and newer and RDNA 3/4; attention falls back to SDPA",
    "sup.fa2-none-intel": "FlashAttention-2 is built for CUDA and ROCm only; Intel GPUs use PyTorch SDPA kernels",
    "sup.vllm-rocm": "vLLM supports this GPU on ROCm",
    "sup.vllm-rocm-none": "vLLM's ROCm build supports MI200 (gfx90a), MI300 (gfx942), MI350 (gfx950), RX 7900 (gfx1100/1101) and RX 9000 (gfx1200/1201) only",
    "sup.vllm-gdn-xe2": (
        "vLLM runs the Gated DeltaNet hybrids (Qwen3-Next, Qwen3.5, Qwen3.6) on Battlemage: Intel's llm-scaler-vllm "
        "from 0.14.0-b8.1 (2026-03), with Qwen3.5/3.6-27B accuracy fixed in 0.14.0-b8.3.2 (2026-06) and MTP from "
        "0.21.0-b2 or upstream vLLM v0.29 (vllm-xpu-kernels 0.1.14); eager (--enforce-eager), XPU graphs off"
    ),
    "sup.vllm-gdn-xe-hpg": (
        "vLLM's Gated DeltaNet kernels (vllm-xpu-kernels) are built for Xe2 only, not for Arc A-series (Alchemist), "
        "and llm-scaler targets Arc Pro B60/B70 only: run a GGUF with llama.cpp (SYCL or Vulkan)"
    ),
    "sup.vllm-xpu": "vLLM runs basic inference and serving on Intel Data Center and Arc GPUs (XPU backend), with fewer quantization formats",
    "sup.compile-rocm": "torch.compile (Triton) supports AMD GPUs on ROCm 6.2+",
    "sup.compile-xpu": "torch.compile supports Intel GPUs through PyTorch's XPU backend",
    "sup.pytorch-xpu": "PyTorch's XPU build supports Intel Arc GPUs",
    "sup.driver-xpu": "supported by Intel's current GPU drivers for PyTorch XPU",
    "sup.framework-bf16": lambda r, say: (
        f"{say(Reason.of('sup.dtypes-' + str(r.fields['framework'])))}, and this GPU has {r.fields['bf16']}: bf16 "
        "would run emulated (PyTorch's is_bf16_supported() passes by emulation on a GPU without bf16 hardware, so "
        "`tune run` starts) and dtype=fp32 doubles the weights, gradients and activations of the bf16 run estimated "
        "here"
    ),
    # why each part was chosen (solve.plan), clause by clause
    "part.gpus": "{n} x {vram:g} GB holds the job ({gib:.1f} GiB needed per GPU of {vram:g} GB)",
    "part.cooler": "{cooler} cooler",
    "part.cpu": "{cores} cores, {lanes} PCIe lanes, {channels}-channel {memory}",
    "part.socket": "{socket}",
    "part.gpu-slots": lambda r, _say: (
        f"GPUs in {'bays' if r.fields.get('bays') else 'slots'} {slot_list(r.fields['positions'])} at {r.fields['lanes']}"
    ),
    "part.memory": "{gb} GB {memory} {module} (VRAM {vram:g} GB)",
    "part.psu-load": "{load:.0f} W load is {share:.0%} of {of:.0f} W",
    "part.atx": "ATX {version}",
    "part.chassis": lambda r, _say: (
        f"{r.fields['kind']}, {r.fields['slots']} slots, {r.num('clearance'):.0f} mm GPU clearance"
        + (f", {r.num('psu'):.0f} W server PSUs included" if r.fields.get("psu") else "")
    ),
    "part.cpu-cooler": "rated for {rated:.0f} W, {tdp:.0f} W CPU",
    "part.storage": "{tb:.1f} TB for ~{need:.1f} TB of weights, checkpoints and data",
    "part.cpu-cores": "{cores} cores run llama.cpp",
    "part.cpu-channels": "{channels}-channel {memory} sets the speed",
    "part.board-dimms": "{socket}, {slots} DIMM slots",
    "part.memory-host": (
        "{gb} GB {memory}-{mts} in {modules} DIMMs ({bandwidth:.0f} GB/s peak) holds the model and its cache"
    ),
    "part.no-gpu-case": "{kind}: no GPU to house",
    "part.model-files": "{tb:.1f} TB for the model files",
    "part.base": "used base machine: {cpu}, {gb} GB RAM, {psu_w:.0f} W PSU, {slots} x16 slot(s)",
    "part.base-card": "added into the {base}'s free x16 slot",
    "part.unified-box": "{chip}: {gb} GB {memory} at {bandwidth:g} GB/s, shared by CPU and integrated GPU",
    "part.unified": "{chip}: {gb} GB unified memory at {bandwidth:.0f} GB/s",
    "part.holds": lambda r, _say: (
        ("your own card: " if r.fields.get("own") else "")
        + (
            f"holds {r.fields['runs']} of {r.fields['layers']} layers ({r.num('vram'):g} GB, {r.num('bandwidth'):.0f} GB/s)"
            if r.fields.get("layers") is not None
            else f"holds an equal shard ({r.num('vram'):g} GB)"
        )
    ),
    "part.psu-sync": "starts the second PSU with the first (R23)",
    "part.risers": "Gen4-rated risers carry each card in the open frame",
    "part.per-gpu-kit": "one for each card: the case asks it of every GPU it holds",
    "part.nvlink": "NVLink between slots {a} and {b}",
    # a cluster's servers and network (solve.cluster)
    "part.server": "{gpus} x {gpu} with {via}",
    "part.compute-port": "one {gbps:.0f} Gb/s compute port per GPU ({interconnect})",
    "part.nic-optics": "NIC-side optics, one per port",
    "part.port-fibre": "fibre from each port to its leaf switch",
    "part.switches": lambda r, _say: (
        f"{_tiers(r)} switch(es): a non-blocking fat tree for {r.fields['ports']} ports"
        if r.fields["spines"]
        else f"one switch holds all {r.fields['ports']} ports"
    ),
    "part.switch-optics": "switch-side optics: one twin-port module per two GPU links, one per uplink end pair",
    "part.uplinks": lambda r, _say: (
        "leaf-to-spine"
        + (" and spine-to-core" if r.fields["core"] else "")
        + (" cables" if r.fields["cable"] else " fibre")
    ),
    "part.hdr-switches": lambda r, _say: (
        f"{_tiers(r)} HDR switch(es) for {r.fields['ports']} ports"
        if r.fields["spines"]
        else f"one HDR switch holds all {r.fields['ports']} ports"
    ),
    "part.hdr-cable": "an active optical cable from each HDR port to its leaf",
    # a part's price note (solve.pricing.Quote) and the parts that pay none
    "price.quote": lambda r, _say: ", ".join(
        [f"{r.fields['condition']}, {r.fields['date']}"]
        + (
            [f"converted from {r.num('amount'):,.0f} {r.fields['currency']}" + _taxed(r) + _rate_at(r)]
            if r.fields.get("amount")
            else []
        )
        + (
            [f"converted from {r.fields['rate_from']}{_rate_at(r)}"]
            if r.fields.get("rate_from") and not r.fields.get("amount") and not r.fields.get("rate_stale")
            else []
        )
        + (
            [
                ("at" if r.fields.get("amount") else f"converted from {r.fields['rate_from']} at")
                + f" the exchange rates of {r.fields.get('rate_date') or 'no date'} (older than six months)"
            ]
            if r.fields.get("rate_from") and r.fields.get("rate_stale")
            else []
        )
        + ([f"estimate: {r.fields['estimate']}"] if r.fields.get("estimate") else [])
        + (["no price in the catalog within six months"] if r.fields.get("stale") else [])
        + [_say(raised) for raised in r.nested("raised")]
        + [_say(landed) for landed in r.nested("landed")]
        + [_say(vat) for vat in r.nested("vat")]
    ),
    # a price put on the plan's one tax basis (solve.pricing._for_buyer, catalog.tax.buyer)
    "price.vat": lambda r, _say: _vat_moved(r),
    # the one tax basis of a build's prices (report.prices.tax_said)
    "price.basis": lambda r, _say: _tax_basis(r),
    # the request's tax basis (report.purchase.vat_said: BuildRequest.vat, vat_country)
    "request.vat": lambda r, _say: _request_vat(r),
    # an exporter's asking price landed by the buyer's market's import rule (solve.pricing.IMPORT)
    "price.landed": lambda r, _say: (
        f"landed in the {r.fields.get('market', '')}: an asking price of {r.num('asking'):,.0f} before import, "
        f"plus {r.num('shipping'):,.0f} shipping (estimate)"
        + (f", {r.num('duty_pct'):g} % duty" if r.num("duty_pct") else ", no duty")
        + (f", {r.num('vat_pct'):g} % import VAT" if r.num("vat_pct") else "")
    ),
    # a price left behind by a newer observation (solve.pricing.SUPERSEDED_AFTER_DAYS)
    "price.raised": lambda r, _say: (
        f"estimate: raised from {r.num('amount'):,.0f} ({r.fields.get('condition', '')}, {r.fields.get('date', '')}"
        + (", itself an estimate" if r.fields.get("estimated") else "")
        + "): "
        + (
            f"the same part sold {r.fields.get('evidence_condition', '')} for more on {r.fields.get('evidence_date', '')}, "
            f"and a {r.fields.get('condition', '')} part costs at least a {r.fields.get('evidence_condition', '')} one"
            if r.fields.get("basis") == "condition"
            else f"its {r.fields.get('evidence_currency', '')} price of {r.fields.get('evidence_date', '')} is higher, converted"
            if r.fields.get("basis") == "currency"
            else f"the same kind of memory was seen at {r.num('per_gb'):,.2f} per GB or more on "
            f"{r.fields.get('evidence_date', '')}"
        )
        + (
            f" (compared net of VAT: {r.num('evidence_vat_pct'):g} % taken out of the {r.fields['evidence_region']} "
            f"price, {r.num('vat_pct'):g} % put back)"
            if r.fields.get("evidence_region")
            else ""
        )
    ),
    "price.owned": "already owned",
    "price.included": "included with the chassis",
    "price.built-in": "built into the server",
    "price.old": "price from {date}, {months} months old",
    "price.estimate": "price an estimate: {reason}",
    # one user's first token after the prompt typed every time and after the whole window (Build.first_token_said)
    # round 39: after the prompt of the usage the costs read, when it is not the typed one (usage_*: a coding
    # agent's 42,000 tokens, most of them in the engine's prefix cache)
    "speed.first-token": lambda r, _say: (
        (
            f"first token {r.num('usage_prompt_s'):,.1f} s after its users' {r.num('usage_prompt_tokens'):,.0f}-token "
            f"prompt ("
            # round 40: a usage's prompt the context caps says so, and from how much
            + (
                f"capped by the context from their {r.num('usage_prompt_capped_from'):,.0f}; "
                if r.fields.get("usage_prompt_capped_from") is not None
                else ""
            )
            + f"{r.num('usage_cached_tokens'):,.0f} of them cached), "
            if r.fields.get("usage_prompt_tokens") is not None
            else f"first token {r.num('prompt_s'):,.1f} s after a {r.num('prompt_tokens'):,.0f}-token prompt, "
        )
        + f"{_wait(r.num('window_s'))} after the whole {r.num('window_tokens'):,.0f}-token window"
    ),
    # how old a build's paid prices are, oldest, median and newest (report.prices.dates_said): never "today's"
    "price.dates": lambda r, _say: (
        f"{'the price' if r.num('paid') == 1 else 'prices'} of this build's {r.fields.get('paid', '')} paid "
        f"part{'' if r.num('paid') == 1 else 's'}: "
        + (
            f"dated {r.fields.get('oldest', '')} ({r.fields.get('months', '')} months old)"
            if r.fields.get("oldest") == r.fields.get("newest")
            else f"oldest {r.fields.get('oldest', '')} ({r.fields.get('months', '')} months old), median "
            f"{r.fields.get('median', '')}, newest {r.fields.get('newest', '')}"
        )
    ),
    # a build's prices converted at exchange rates older than six months (report.prices.rate_said)
    "price.rate-old": lambda r, _say: (
        f"prices converted from {', '.join(r.fields['currencies'])} to {r.fields['to']} at the catalog's exchange "  # type: ignore[arg-type]
        f"rates of {r.fields['date']} ({r.fields['months']} months old): converted prices may be off by the "
        "currency's move since"
    ),
    # what a build buys over the first one shown (solve.plan._compared)
    "against": lambda r, say: joined(r.nested("parts"), say),
    "against.price": "{delta:+,.0f} {currency} against #{rank}",
    "against.speed": lambda r, say: f"{joined(r.nested('speed'), say)} instead of {joined(r.nested('base'), say)}",
    "against.gpus": lambda r, say: (
        f"{cards_named(r, '', 'no GPU', say)} instead of {cards_named(r, 'base_', 'no GPU', say)}"
    ),
    "speed.tps": "{tps:.1f} tokens/s",
    "speed.hours": "{hours:,.0f} h",
    # a source's why (beside the claims): what its kind of build offers
    "why.owned-more": (
        "your {owned} x {name} brings {have:g} of the {total:g} GB; {more} more of the same card: the same drivers and "
        "an even split"
    ),
    "why.without-own": "leaves your {name} out, for comparison",
    "why.own-all": "your {gpus} x {name} in one machine: only the platform is bought",
    "why.in-ram": lambda r, _say: (
        f"llama.cpp keeps {'the experts' if r.fields.get('moe') else 'some layers'} in system RAM; its speed is set "
        + (_CORES_BIND.format(**r.fields) if r.fields.get("cores") else "by this platform's memory bandwidth")
    ),
    "why.server": "a whole GPU server bought as one item",
    "why.power-limited": (
        "the cards capped at boot (nvidia-smi -pl, rocm-smi) trade ~5 % of the speed for fitting the circuit and a "
        "smaller PSU"
    ),
    "why.power-limited-training": lambda r, _say: (
        f"the cards capped at boot to {r.num('limit'):.0%} of their rated power (nvidia-smi -pl, rocm-smi) "
        "fit the circuit; "
        + f"they keep about {r.num('speed'):.0%} of their training speed"
        + (
            ", read between measurements (Puget Systems: four RTX 3090 at 280 of 350 W kept over 95 %; one RTX 3090's "
            "TF32 training kept ~83 % at 230 W and ~93 % at 280 W; six RTX 3090's prefill kept 85 % at 250 W)"
            if r.fields.get("measured")
            else ", an estimate below the lowest measured cap (one RTX 3090's TF32 training kept ~83 % at 230 of 350 W)"
        )
    ),
    "why.experts-tier": lambda r, _say: (
        f"llama.cpp keeps the routed experts in {r.fields['cpu']}'s RAM ({r.num('bandwidth'):.0f} GB/s peak) and "
        "attention, shared experts and context on the GPU: decode runs at "
        + (
            "the pace of its " + _CORES_BIND.format(**r.fields).removeprefix("by its ")
            if r.fields.get("cores")
            else "this platform's memory bandwidth"
        )
    ),
    "why.cpu-only": lambda r, _say: (
        f"no GPU bought: llama.cpp runs the whole model on the {r.fields['cores']}-core {r.fields['cpu']} from "
        f"{r.num('bandwidth'):.0f} GB/s of {r.fields['memory']}; "
        + (
            "decode and prompts are bound by the cores (the RAM could feed more)"
            if r.fields.get("bound")
            else "decode is bound by memory bandwidth, prompts by the cores"
        )
    ),
    "why.base-gpu": (
        "a used {base} ({cpu}, {gb} GB) bought whole with its CPU, RAM, storage and PSU, and a card added into its "
        "free x16 slot, fed by the PSU's own GPU plugs"
    ),
    "why.mini-pc": (
        "a small box with no GPU bought: llama.cpp runs on the {chip}'s integrated GPU, which reads the model from "
        "{bandwidth:g} GB/s of shared memory"
    ),
    "why.quiet-box": "one quiet box whose GPU reads {gb} GB of unified memory",
    # what 4-bit weights cost, said where the request named no precision (solve.plan.quality_cost, usual.QUALITY_COST)
    "why.quality-cost": (
        "4-bit weights: about +{ppl_pct:.1f} % perplexity over 16-bit ones ({model} at {precision}: {source})"
    ),
    "why.quality-4bit": "4-bit weights ({precision}): some quality below the release's; the catalog holds no measured delta for this format",
    "why.no-assembly": "slower than GPUs at {bandwidth:.0f} GB/s, but nothing to assemble",
    "why.no-box": "one box cannot hold this model",
    "why.one-server": "one server holds this model",
    "why.server-runs": "one server runs this as asked",
    "why.within-days": "the fewest nodes that finish within {days:,.0f} days",
    "why.within-hours": lambda r, _say: (
        f"the fewest nodes that finish within {r.num('hours'):,.0f} h"
        + (" (the one-year fallback: no deadline was given)" if r.fields.get("fallback") else "")
    ),
    "why.most-nodes": "the most nodes {budget:,.0f} {currency} buys",
    "why.owned-brings": lambda r, _say: (
        f"your {r.fields['owned']} x {r.fields['name']} brings {r.num('gb'):g} of the {r.num('total'):g} GB"
        + (
            f" and runs {r.fields['runs']} of the {r.fields['layers']} layers"
            if r.fields.get("layers") is not None
            else " (an equal shard per card)"
        )
    ),
    "why.mixed": "{cards} in one machine",
    # buy or rent: when buying pays back (core.costs.tco); "against ..." where a cheaper rental serves the need too
    "tco.pays-back": lambda r, say: (
        _against(r, say)
        + f"buying pays back after {r.num('months'):g} month{'' if r.num('months') == 1 else 's'}: "
        + f"{r.num('purchase'):,.0f} {r.fields['currency']} up front"
        + (
            f", less {r.num('resale'):,.0f} {r.fields['currency']} the machine fetches sold then"
            if r.fields.get("resale")
            else ""
        )
        + f", then {money(r.num('saving'))} {r.fields['currency']}/month less than "
        + ("paying per token" if r.fields.get("per_token") else "renting")
    ),
    "tco.never-cheaper": lambda r, say: (
        _against(r, say)
        + f"never: owning costs {money(r.num('owning'))} {r.fields['currency']}/month to run, "
        + ("the API " if r.fields.get("per_token") else "renting ")
        + f"{money(r.num('rental'))} {r.fields['currency']}/month, so the purchase is never earned back"
    ),
    "tco.never-within": lambda r, say: (
        _against(r, say)
        + f"never within the {r.fields['horizon']} months compared: earning back {r.num('purchase'):,.0f} "
        f"{r.fields['currency']}"
        + (f" less {r.num('resale'):,.0f} resold" if r.fields.get("resale") else "")
        + f" at {money(r.num('saving'))} {r.fields['currency']}/month would take "
        + (f"{r.fields['months']} months" if r.num("months") <= LIFETIME_MONTHS else "more than 100 years")
    ),
    "tco.no-rental": "no break-even: no rental can do the same work ({why})",
    # round 37: a build too slow for its users' demand (rules.job.Serving) shows no payback
    "tco.short": lambda r, _say: (
        f"never at this demand: it serves {100 * r.num('share'):.0f} % of the demand, "
        f"{r.num('capacity_m'):,.1f}M of the {r.num('demand_m'):,.1f}M output tokens a year its users ask for, so "
        "no payback is reckoned (a faster build, fewer users or a rental serves them)"
    ),
    "tco.api": lambda r, _say: (
        f"paying {r.fields['provider']} per token ({r.num('per_million'):,.2f} {r.fields['currency']} per million "
        + (
            f"output and {r.num('inp'):,.2f} per million input tokens"
            if r.fields.get("inp") is not None
            else "output tokens"
        )
        + f", its price of {r.fields['date']}; {millions(r.num('tokens_m'))}M output "
        + (
            f"and {millions(r.num('input_m'))}M input "
            if r.fields.get("inp") is not None and r.fields.get("prompt")
            else ""
        )
        + "tokens a year"
        + (f" at {per_day(r.num('requests'))} requests/user/day" if r.fields.get("requests") is not None else "")
        + (_api_speed_said(r) if r.fields.get("basis") in ("asked", "reading") else "")
        + (f", all this build makes of the {millions(r.num('demand_m'))}M asked" if r.fields.get("capped") else "")
        + f", {money(r.num('monthly'))} {r.fields['currency']}/month"
        + (f", {r.num('vat_pct'):g} % VAT in, as a consumer pays it)" if r.fields.get("vat_pct") else ")")
    ),
    # what the API bill rests on, among the assumptions: the output's derivation, the prompts' share and its source
    "tco.api-basis": lambda r, say: (
        f"the API alternative is {say(r.nested('said')[0])}: "
        + _api_tokens(r.nested("said")[0] if r.nested("said") else None)
        + (
            "; the busy hours (your hours a day x days a year x how busy) bound what the build makes"
            if r.nested("said") and _api_by_demand(r.nested("said")[0])
            else "; the busy hours are your hours a day x days a year x how busy (change them)"
        )
        + f"; source {r.fields['source']}"
        + (f" ({r.fields['note']})" if r.fields.get("note") else "")
        + (f"; demand: {r.fields['demand_source']}" if r.fields.get("demand_source") else "")
    ),
    # no API is weighed: every price the model has serves another market than the buyer's (costs.api.api_elsewhere)
    "tco.api-other-market": lambda r, _say: (
        f"no per-token API is weighed: {r.fields['providers']} "
        + ("sells" if r.num("count") == 1 else "sell")
        + (
            " this model in USD outside mainland China, which a buyer there does not pay from a Chinese account, so"
            " buying is weighed against renting in China (the rule the rentals follow)"
            if r.fields.get("market") == "china"
            else " this model only to buyers in mainland China, so buying is weighed against renting"
        )
    ),
    "tco.as-fast": lambda r, _say: (
        "a rental as fast as this build ("
        + (f"{r.fields['instances']} x " if r.num("instances") > 1 else "")
        + f"{r.fields['name']}, {r.num('hourly'):,.2f} {r.fields['currency']}/h)"
    ),
    "tco.offer-short": lambda r, _say: (
        (f"{r.fields['instances']} x " if r.num("instances") > 1 else "")
        + f"{r.fields['name']} at {r.num('hourly'):,.2f} {r.fields['currency']}/h"
    ),
    "tco.rented": lambda r, _say: (
        "rented: "
        + (f"{r.fields['instances']} x " if r.num("instances") > 1 else "")
        + f"{r.fields['name']} at {r.num('hourly'):,.2f} {r.fields['currency']}/h {r.fields['pricing']} "
        + f"of {r.fields['date']}"
        + (f", with {r.num('vat_pct'):g} % VAT" if r.fields.get("vat_pct") else "")
        + (", price an estimate" if r.fields.get("estimate") else "")
    ),
    "tco.rental-enough": lambda r, say: f"rental that serves the need: {say(r.nested('said')[0])}",
    # inference: the cheapest rental that serves every user the speed needed, and buying against it (tco._enough)
    "tco.enough": lambda r, say: (
        "the cheapest rental that serves "
        + ("the user" if r.num("users") <= 1 else f"each of the {r.fields['users']} users")
        + f" at least {r.num('need'):g} tokens/s"
        + (" (reading speed)" if r.fields.get("reading") else " (the speed asked)")
        + f": {say(r.nested('offer')[0])}, {r.num('tps'):,.1f} tokens/s per user, "
        + f"{money(r.num('monthly'))} {r.fields['currency']}/month; against it, {say(r.nested('said')[0])}"
    ),
    # training with no token count: a million training tokens bought against rented (tco._throughput)
    "tco.per-token": lambda r, say: (
        f"no token count, so by throughput: rented {r.num('per_m'):,.2f} {r.fields['currency']} per million training "
        f"tokens ({r.fields['offer']}, {r.num('rate_m'):,.2f}M tokens/h at {r.num('hourly'):,.2f} "
        f"{r.fields['currency']}/h) against {say(r.nested('bought')[0])}"
        + (
            f": {'buying' if r.fields['cheaper'] == 'own' else 'renting'} is cheaper per token"
            if r.fields["cheaper"]
            else ""
        )
        + "; give the number of training tokens for the job's cost"
    ),
    "tco.per-token-no-rental": lambda r, say: (
        f"no token count: {say(r.nested('bought')[0])}; no rental to compare ({r.fields['why']})"
    ),
    "tco.bought-per-token": lambda r, _say: (
        f"bought {r.num('per_m'):,.2f} {r.fields['currency']} per million training tokens ({r.num('rate_m'):,.2f}M "
        f"tokens/h at {r.num('hourly'):,.2f} {r.fields['currency']}/h: {r.num('depreciation'):,.2f} depreciation + "
        f"{r.num('energy'):,.2f} energy" + (f" + {r.num('upkeep'):,.2f} upkeep" if r.num("upkeep") else "") + ")"
    ),
    "tco.bought-rate": "bought: {rate_m:,.2f}M tokens/h (no on-hours to spread the purchase over)",
    # the months of a catalog's or a build's prices (catalog.dates.CatalogDate.said)
    "dates.none": "no dated prices",
    "dates.prices": lambda r, _say: (
        "prices "
        + (
            str(r.fields["first"])
            if r.fields["first"] == r.fields["last"]
            else f"from {r.fields['first']} to {r.fields['last']}"
        )
        + (
            f"; {r.fields['older']} of {r.fields['priced']} priced parts have only prices older than six months"
            if r.fields.get("older")
            else ""
        )
    ),
    # a catalog record's whole-record rule broken (catalog.models.invalid: the editor marks its fields)
    "record.sold-new-source": "sold_new_until needs sold_new_source: where the end of sale is stated",
    "record.base-slots": "x16_slots lists distinct slot positions in order, from 1 to slot_openings ({openings})",
    "record.unknown-estimates": lambda r, _say: "estimates names unknown field(s): " + ", ".join(_strings(r, "names")),
    "record.power-floor-source": "power_limit_min_w needs a power_limit_source",
    "record.compute-capability-source": "compute_capability needs a compute_capability_source",
    "record.power-floor-above-tdp": "power_limit_min_w ({floor_w:g} W) is above tdp_w ({tdp_w:g} W)",
    "record.usable-memory-source": "usable_vram_gib needs a usable_vram_source: where the driver's figure is printed",
    "record.idle-source": (
        "idle_w needs an idle_source (the measurement and its date), or an estimates.idle_w entry saying why it is an "
        "estimate"
    ),
    "record.usable-above-nominal": "usable_vram_gib ({usable:g} GiB) is above vram_gb ({vram:g})",
    "record.two-gpus": "a card with two GPUs is a PCIe card whose GPUs share its x16 (pcie_lanes is per GPU)",
    "record.module-cooler": "SXM/OAM modules are passively cooled by the server",
    # why a rental was matched, or why none (tco.search_rentals: a build's buy-or-rent and a cluster's curve)
    "rental.no-offers": lambda r, _say: (
        "no cloud offers are loaded"
        + (" in China" if r.fields.get("market") == "china" else " outside China" if r.fields.get("market") else "")
    ),
    "rental.no-time": "the build has no training-time estimate to match (give the number of training tokens)",
    "rental.no-decode": "the build has no decode-speed estimate to match",
    "rental.no-throughput": "the build's training throughput could not be estimated",
    "rental.given": "matched offer given",
    "rental.not-given": "no rental offer was given",
    "rental.cheapest": lambda r, say: (
        f"cheapest of {r.fields['qualifying']} qualifying offers{_in_market(r)}: fits"
        + (" (sharded with ZeRO-3 and recomputed, as a renter runs it)" if r.fields.get("resharded") else "")
        + f" and runs {say(r.nested('runs')[0])}"
    ),
    "rental.runs-rate": lambda r, _say: (
        f"{_per_hour(r.fields['rate'])} against the build's {_per_hour(r.fields['own'])} "
        "(no token count: compared by throughput)"
    ),
    "rental.runs-hours": lambda r, _say: f"{_one(r.fields['hours'])} h against the build's {_one(r.fields['own'])} h",
    "rental.runs-decode": lambda r, _say: (
        f"{_one(r.fields['tps'])} tokens/s against the build's {_one(r.fields['own'])}"
    ),
    "rental.none": lambda r, say: (
        f"none of {r.fields['considered']} cloud offers{_in_market(r)} can do the same work: "
        + ", ".join(say(s) for s in r.nested("short"))
    ),
    "rental.short-fit": "{n} cannot hold the job",
    "rental.short-speed": "{n} are slower than the build",
    "rental.short-deadline": "{n} cannot finish within the deadline",
    "rental.short-price": "{n} have no usable price",
    "rental.short-gpu": "{n} name an unknown GPU",
    "rental.short-cluster": "{n} cannot be rented as a cluster",
    # the plan's notes (solve.plan: PlanResult.said)
    "note.solving": "more alternatives are being solved",
    "note.own-beaten": (
        "the builds that use your own {count} x {name} are left out: for each, a build shown is no dearer, no slower "
        "and no louder"
    ),
    "note.own-cannot": lambda r, say: (
        f"your own {r.fields['count']} x {r.fields['name']} cannot run this as asked ({joined(r.nested('why'), say)}"
        + (f"; to use them: {say(r.nested('way')[0])}" if r.nested("way") else "")
        + "); these builds leave them out"
    ),
    "note.servers": lambda r, _say: (
        f"no machine assembled from parts can do this; the plan uses {r.fields['nodes']} ready-made server(s)"
        + (" on server-room power" if r.fields.get("server_room") else "")
    ),
    "note.room-feed": lambda r, say: (
        f"the wall circuit is the server room's usual rack feed: {say(r.nested('circuit')[0])}"
        + (f" ({r.fields['outlet']})" if r.fields.get("outlet") else "")
        + f", {r.num('watts'):,.0f} W continuous ({r.fields['source']}); name the circuit if the room's differs"
    ),
    "note.rack-scale": (
        "rack-scale NVLink systems (GB200/GB300 NVL72: 72 GPUs in one NVLink domain, where jobs of this size are often "
        "run) are not among the candidates: NVIDIA publishes no price for them and their Grace CPUs have no catalog "
        "record yet; the servers above talk over InfiniBand"
    ),
    "note.left-out": lambda r, say: f"{r.fields['name']}: {joined(r.nested('why'), say)}",
    # round 40: a usage with a context of its own, where none was typed (solve.plan._usage_context)
    "note.usage-context": lambda r, _say: (
        f"no context given: planned at {r.num('context'):,.0f} tokens, "
        + (
            f"the model's maximum, where the {r.fields['usage']} usage asks {r.num('asked'):,.0f}"
            if r.fields.get("asked") is not None
            else f"the context the {r.fields['usage']} usage asks"
        )
        + f" for its {r.num('prompt'):,.0f}-token prompts and {r.num('reply'):,.0f}-token replies"
        + f" ({r.fields['source']})"
    ),
    # round 47 (solve.lora_instead): a QLoRA advised against, beside the same job as bf16 LoRA
    "note.lora-instead": lambda r, _say: (
        f"QLoRA (4-bit) of {r.fields['model']} is advised against ({r.fields['source']}); the same job as bf16 LoRA "
        f"runs on {r.num('gpus'):.0f} x {r.fields['card']}, {r.num('gib'):,.1f} GiB"
        + (" on each" if r.num("gpus") > 1 else "")
        + ", for "
        f"{r.num('price'):,.0f} {r.fields['currency']}"
        + (f" in {r.num('hours'):,.1f} h" if r.num("hours") else "")
        + (
            (" (within" if r.num("price") <= r.num("budget") else " (over")
            + f" the {r.num('budget'):,.0f} {r.fields['currency']} budget)"
            if r.num("budget")
            else ""
        )
    ),
    "note.lora-instead-none": (
        "QLoRA (4-bit) of {model} is advised against ({source}); no machine bought runs the same job as bf16 LoRA"
    ),
    "note.reading-ways": lambda r, say: (
        f"every build above is slower than people read ({r.num('tps'):g} tokens/s per user); to reach it: "
        + "; or ".join(say(w) for w in r.nested("ways"))
    ),
    # what a build could grow by (solve.plan._upgrades: Build.upgrades_said), the first always upgrade.one-more*
    "upgrade.one-more": lambda r, say: (
        f"one more {r.fields['gpu']}: "
        + (joined(r.nested("needs"), say) if r.nested("needs") else "fits this board, case and PSU")
        + (f"; gives {say(r.nested('gain')[0])}" if r.nested("gain") else "")
    ),
    "launch.release": lambda r, _say: (
        f"{r.fields['server']} {r.fields['release']}"
        + (" or later" if r.fields.get("later") else "")
        + (f" ({r.fields['series']})" if r.fields.get("series") else "")
    ),
    # a launch's title (core.launch: LaunchJson.engine_said): what runs the job and how, as the sheet's "Run it" and
    # the window name it. The English is `plan --json`'s "engine", a public contract: kept word for word
    "launch.engine": "{engine}",
    # the steps before the launch command on a card llama.cpp's prebuilt binaries carry no code for (LaunchJson.build)
    "launch.build-mixed": (
        "build llama.cpp once for every card of the mix, compute capabilities {sm}, with a CUDA {cuda} toolkit (one "
        "llama-server drives them all; its prebuilt binaries carry no {arch} code)"
    ),
    "launch.build-source": "build llama.cpp for sm_{sm} with a CUDA {cuda} toolkit (its prebuilt binaries carry no {arch} code)",
    "launch.ray-cluster": "start a Ray cluster over the {nodes} nodes first (vLLM runs one server across them)",
    "launch.rocm-aiter": (
        "switch on AMD's AITER kernels first (vLLM runs them only with {env}; the estimate's speed on this card is "
        "theirs)"
    ),
    "launch.metal": "install llama.cpp's macOS build: it runs on the Mac's GPU with Metal, on by default",
    "launch.fp16-served": (
        "the BF16 weights served in float16: {arch} has no bfloat16, which vLLM and SGLang refuse below compute "
        "capability 8.0"
    ),
    "launch.build-source-hip": (
        "build llama.cpp's HIP backend for {target} with ROCm {rocm} (its prebuilt ROCm binaries carry no {target} code)"
    ),
    # the build that pins the backend the estimate timed where a download could run another (LaunchJson.build)
    "launch.build-hip": (
        "build llama.cpp's HIP backend for {target} with ROCm {rocm}: the backend this estimate times (its Vulkan "
        "download runs another)"
    ),
    "launch.build-sycl": (
        "build llama.cpp's SYCL backend with Intel oneAPI: the backend this estimate times (llama.cpp's releases ship "
        "no SYCL build)"
    ),
    "launch.build-vulkan": (
        "build llama.cpp's Vulkan backend: the backend this estimate times ({arch} decodes faster on Vulkan than on ROCm)"
    ),
    "launch.accelerate": lambda r, _say: "accelerate" + _zero(r),
    "launch.no-pretraining": lambda r, say: (
        f"{say(r.nested('launch')[0])} ({r.fields['name']} has no from-scratch pretraining)"
    ),
    "launch.torchtune": lambda r, say: (
        "torchtune"
        + (" FSDP2" if r.fields.get("distributed") else "")
        + (f", {r.fields['nodes']} nodes" if r.num("nodes") > 1 else "")
        + _cpu_offload(r)
        + "".join(f" ({say(note)})" for note in r.nested("notes"))
    ),
    "launch.nf4-base": "an NF4 base: torchtune does not load {precision}",
    "launch.embeddings-counted": "its LoRA builders do not train the embeddings: the estimate counts them",
    "launch.own-config": "your config: torchtune ships none for {model} {method}",
    "launch.llama-factory": lambda r, _say: "LLaMA-Factory" + _over_nodes(r) + _zero(r) + _cpu_offload(r),
    "launch.trl": lambda r, _say: "TRL" + _zero(r) + _over_nodes(r) + _cpu_offload(r),
    "launch.axolotl": lambda r, _say: "axolotl" + _zero(r) + _cpu_offload(r) + _over_nodes(r),
    "launch.bridge": lambda r, say: launch_bridge(r, say, (" (", ")", "; "), ", {0} nodes"),
    "launch.lora-all-linear": "LoRA on every linear layer: Megatron Bridge takes no attention-only targets",
    "launch.no-pipeline": "{name} has no pipeline parallel",
    "launch.data-only": "{name}'s command here shards data only, not the plan's tensor or context parallel",
    "launch.qlora-split": "no command: QLoRA cannot run this layout",
    "launch.unsloth": lambda r, _say: (
        "Unsloth, your script on one GPU"
        if r.num("gpus") <= 1
        else f"Unsloth, your script as DDP on {r.fields['gpus']} GPUs"
        + (f" over {r.fields['nodes']} nodes" if r.num("nodes") > 1 else "")
    ),
    "launch.unsloth-splits": "Unsloth cannot run this build (the {layout} layout splits the model)",
    "launch.fsdp-qlora": lambda r, _say: f"Answer.AI fsdp_qlora (FSDP {r.fields['strategy']}{_cpu_offload(r)})",
    "launch.fsdp-qlora-one-machine": "fsdp_qlora cannot run this build ({layout} over {nodes} node(s))",
    "launch.megatron-lm": lambda r, _say: (
        f"{r.fields['runner']} ({r.fields['layout']}, {r.fields['nodes']} node{'s' if r.num('nodes') > 1 else ''})"
    ),
    "upgrade.one-more-machine": (
        "one more {gpu}: {gpus} GPUs is the most one machine holds here; more means a second machine and a network "
        "between them (InfiniBand or RoCE for training: the cluster plans size it)"
    ),
    "upgrade.psu": "a bigger PSU: the {watts:.0f} W supply runs at {load:.0%}; more headroom runs cooler and quieter",
    "upgrade.ram": "more RAM: {gb:g} GB (2x VRAM) makes loading and offload comfortable",
    "need.board-slot": "a board with another suitably spaced x16 slot, blower cards, or risers in an open frame",
    "need.case-openings": "a case with {openings} expansion openings",
    "need.board-lanes": "a board with x{lanes} for every card (the next slot runs at x{next})",
    "need.case-gpus": "a case that holds {n} GPUs",
    "need.open-frame": "an open frame or blower cards (no tower holds three open-air flagships, {rule})",
    "need.platform": "a HEDT/workstation platform (a consumer CPU has lanes for two GPUs)",
    "need.psu": "a PSU of at least {watts:.0f} W (or two)",
    "need.psu-built-in": (
        "power supplies giving at least {watts:,.0f} W: the chassis's own give {has:,.0f} W usable and take no ATX "
        "PSU (higher-rated modules for this chassis, or a second machine)"
    ),
    "need.case-length": "a case that takes {length:.0f} mm cards (this one takes {max:.0f} mm)",
    "need.board-spacing": (
        "a board whose x16 slots are spaced for {n} cards {width:g} slots wide, or risers in an open frame"
    ),
    "need.ducted": "a ducted server chassis (passive cards have no fans of their own: {rule})",
    "power.after": lambda r, _say: (
        f"{r.num('load'):,.0f} W of DC load on "
        + (
            f"the chassis's own supplies ({r.num('has'):,.0f} W usable)"
            if r.fields.get("built_in")
            else f"its {r.num('has'):,.0f} W PSU"
        )
    ),
    # `one`: a mix's swap of a single card (solve.next_mixed), said in the singular
    "change.cooler": lambda r, _say: (
        f"{_a(str(r.fields['now']))} {_COOLER_ONE.get(str(r.fields['now']), str(r.fields['now']) + ' card')} instead of "
        f"{_a(str(r.fields['was']))} {r.fields['was']} one"
        if r.fields.get("one")
        else f"{_COOLERS.get(str(r.fields['now']), r.fields['now'])} cards instead of "
        f"{_COOLERS.get(str(r.fields['was']), r.fields['was'])}"
    ),
    "change.width": lambda r, _say: (
        f"a {r.num('now'):g}-slot card instead of a {r.num('was'):g}-slot one"
        if r.fields.get("one")
        else f"{r.num('now'):g}-slot cards instead of {r.num('was'):g}-slot"
    ),
    "change.length": "{now:.0f} mm long instead of {was:.0f} mm",
    "need.circuit": lambda r, _say: (
        f"a second circuit{' or a 230 V outlet' if r.fields.get('outlet') else ''} "
        f"({r.num('wall'):.0f} W at the wall vs {r.num('limit'):.0f} W)" + _capped_said(r)
    ),
    "need.ram": "at least {gb:g} GB of RAM",
    "need.per-gpu-kit": lambda r, _say: f"one more {r.fields['name']} ({money(r.num('cost'))} {r.fields['currency']})",
    "gain.memory": "more memory for context and users (a layer split adds no single-stream speed)",
    "gain.hours": "about {hours:,.0f} h less training",
    # a build's next step up (solve.next_step: Build.next_steps' "said")
    "next.add": lambda r, say: (
        (
            f"add one more of your own {r.fields['gpu']} ({r.fields['gpus']} in all; {r.num('spare'):.0f} of yours "
            "idle): no card to buy"
            if r.fields.get("own")
            else f"add one more {r.fields['gpu']} ({r.fields['gpus']} in all): {r.num('cost'):,.0f} "
            f"{r.fields['currency']} ({r.fields['condition']}, catalog price of {r.fields['date']})"
        )
        + (f"; needs {joined(r.nested('needs'), say)}" if r.nested("needs") else "; needs nothing else")
        + (f"; power: {say(r.nested('power')[0])}" if r.nested("power") else "")
        + f"; unlocks {joined(r.nested('unlocks'), say)}"
    ),
    "next.swap": lambda r, say: (
        f"swap the {r.fields['gpus']} x {r.fields['was']} for {r.fields['gpus']} x {r.fields['gpu']}: "
        f"{r.num('cost'):,.0f} {r.fields['currency']} ({r.fields['condition']}, catalog price of {r.fields['date']})"
        + (
            f", less about {r.num('sold'):,.0f} the cards taken out fetch used ({r.fields['sold_date']})"
            if r.fields.get("sold") is not None
            else ""
        )
        + (f"; needs {joined(r.nested('needs'), say)}" if r.nested("needs") else "")
        + (f"; changes: {joined(r.nested('changes'), say)}" if r.nested("changes") else "")
        + f"; unlocks {joined(r.nested('unlocks'), say)}"
    ),
    "unlock.fits": "the job fits",
    "unlock.context": "a context of {after:,} tokens (now {before:,})",
    "unlock.users": "{after:,} users at once (now {before:,})",
    "unlock.model": "a model up to {model} ({params:g}B)",
    "unlock.speed": lambda r, _say: f"{tps_text(r.num('after'))} tokens/s per user (now {tps_text(r.num('before'))})",
    "unlock.prefill": "prompts read at {after:,.0f} tokens/s (now {before:,.0f})",
    "unlock.hours": "the job in {after:,.0f} h (now {before:,.0f} h)",
    "lose.speed": lambda r, _say: f"but {tps_text(r.num('after'))} tokens/s per user (now {tps_text(r.num('before'))})",
    "unlock.nothing": "no longer context, more users, larger model or speed for this job",
    "lose.layer-split": (
        "slower: {gpus} cards do not divide the model's {heads} attention heads, so they run as a pipeline, each token "
        "through one card after another, where the {was} split each layer between them (tensor parallel)"
    ),
    # how a build fits: a setting's value (report.fit.FitSetting)
    "fit.one-gpu": "one GPU",
    "fit.layer": "layers over {n} GPUs",
    "fit.tensor": "tensor parallel x{n}",
    "fit.tensor-pipeline": "tensor parallel x{tp} in {pp} pipeline stages",
    "fit.data": "data parallel x{n}",
    "fit.split": "{split} split x{n}",
    "fit.experts-in-ram": "experts in RAM",
    "fit.layers-in-ram": "{n} layers in RAM",
    "fit.ram-offload": "RAM offload allowed",
    "fit.list": lambda r, say: joined(r.nested("items"), say, ", "),
    "fit.none": "none",
    "fit.zero": "ZeRO-{stage}",
    "fit.no-sharding": "no sharding",
    "fit.on": "on",
    "fit.sequences": "{n} per GPU",
    "fit.micro-batch": "micro-batch {n}",
    "fit.off": "off",
    "fit.recompute-on": "recompute on",
    "fit.recompute-off": "recompute off",
    "fit.in-system-ram": lambda r, _say: (
        f"{'parameters, gradients and optimizer states' if r.fields.get('all') else 'optimizer states'} in system RAM"
    ),
    "fit.states-in-ram": "states in RAM",
    "fit.optimizer-in-ram": "optimizer in RAM",
    "fit.no-offload": "no offload",
    "fit.limited": lambda r, _say: f"limited to {r.num('limit'):.0%} of rated" + _at_power(r, " ({} at that power)"),
    "fit.full-rated": "full rated power",
    "fit.power": lambda r, _say: f"GPUs at {r.num('limit'):.0%} power" + _at_power(r, ": {}"),
    "fit.full-power": "full power",
    "fit.framework": lambda r, _say: (
        f"{FIT_METHODS[str(r.fields['method'])]} on {r.fields['runner']}"
        if r.fields.get("method")
        else str(r.fields["runner"])
    ),
    # what buy-or-rent's figures rest on (core.costs.tco: CostOfOwnership.assumptions_said)
    "tco.energy": lambda r, _say: (
        "energy/year = (wall_w x busy hours + idle_w x the other on-hours) / 1000 x price/kWh; "
        + (
            f"wall_w {r.num('wall'):,.0f} W while one stream decodes (one card of the layer split works at a time; "
            f"{r.num('full'):,.0f} W at full load, while a prompt runs every card)"
            if r.fields.get("full")
            else f"wall_w {r.num('wall'):,.0f} W full load"
        )
        + (f" ({count_of(r.num('nodes'), 'node')})" if r.num("nodes") > 1 else "")
        + ", nothing drawn while switched off"
    ),
    "tco.usage": lambda r, _say: (
        f"usage: on {r.num('hours'):g} h/day x {r.num('days'):g} days/year, busy {r.num('busy'):.0%} of that time; "
        f"electricity {r.num('price'):g} {r.fields['currency']}/kWh ({r.fields['source']}"
        + (f"; estimate: {r.fields['estimate']})" if r.fields.get("estimate") else ")")
    ),
    "tco.idle-given": "idle draw {idle:,.0f} W given in the usage profile",
    "tco.idle-estimated": (
        "idle draw {idle:,.0f} W estimated: {gpu:.0%} of GPU, {cpu:.0%} of CPU and {other:.0%} of other DC power at "
        "full load, through the PSU's efficiency (not measured)"
    ),
    # round 36: measured idle draws (the catalog's idle_w, with its source)
    "tco.idle-system": lambda r, _say: (
        f"idle draw {r.num('idle'):,.0f} W: the system's own idle at the wall ({r.fields['parts']}: the catalog's "
        + (f"idle_w, an estimate: {r.fields['estimate']})" if r.fields.get("estimate") else "idle_w, measured)")
    ),
    "tco.idle-measured": lambda r, _say: (
        f"idle draw {r.num('idle'):,.0f} W: the cards' {r.num('cards'):,.0f} W idle with a model loaded "
        f"({r.fields['parts']}: the catalog's idle_w, "
        + (f"an estimate: {r.fields['estimate']}), " if r.fields.get("estimate") else "measured), ")
        + f"{r.num('cpu'):.0%} of CPU and {r.num('other'):.0%} of other DC power at full load estimated, any other "
        f"card at {r.num('gpu'):.0%} of its power, through the PSU's efficiency"
    ),
    "tco.purchase": (
        "purchase {purchase:,.0f} {currency}: the build's parts at the catalog's dated prices, parts already owned "
        "excluded"
    ),
    "tco.depreciation": lambda r, _say: (
        f"depreciation: straight line over {count_of(r.num('years'), 'year')} to a resale value of "
        f"{r.num('resale'):.0%} of the purchase ({r.fields['source']})"
    ),
    "tco.upkeep": lambda r, _say: f"upkeep {money(r.num('upkeep'))} {r.fields['currency']}/year",
    "tco.billed-on": "rental billed for every on-hour (the instance runs whenever the machine would be on)",
    "tco.billed-busy": "rental billed only for the busy hours (instances started on demand)",
    "tco.billed-serving": lambda r, _say: (
        f"rental billed for the {r.num('hours'):,.0f} h a year it is answering the same users' requests at "
        f"{r.num('tps'):,.1f} tokens/s per user for {count_of(r.num('users'), 'user')} (the rule the build's busy hours "
        "follow; billed by the second, as a pod started for the work or a serverless endpoint; a dedicated endpoint "
        "kept on every on-hour costs more: --dedicated-endpoint)"
    ),
    "tco.seats": lambda r, _say: _seats_said(r),
    "tco.busy-served": lambda r, _say: (
        f"busy {r.num('hours'):,.0f} h a year: answering the users' {r.num('demand_m'):,.1f}M output tokens a year at "
        f"the build's {r.num('tps'):,.1f} tokens/s a stream for {count_of(r.num('users'), 'user')}"
        + _prefill_said(r)
        + (
            f" (too slow for the demand: busy all {r.num('active'):,.0f} h the users are at work)"
            if r.fields.get("capped")
            else f", while any of their requests is being answered (requests independent, spread over the "
            f"{r.num('active'):,.0f} h they are at work)"
        )
        + f"; idle the other {r.num('idle_hours'):,.0f} h it is on"
    ),
    "tco.billed-work": (
        "rental billed for the hours it takes to train what the build trains in a year: {busy:,.0f} busy hours x "
        "{ratio:.2g} (the rental's time over the build's for the same tokens) = {hours:,.0f} h a year"
    ),
    "tco.break-even-basis": (
        "break-even: the first month owning (purchase and running costs, less what the machine fetches sold then) "
        "costs no more than renting; the yearly rows are the same sum at 12, 24 and 36 months"
    ),
    "tco.rental-none": "rental: none ({why})",
    "tco.rental": "rental: {offer}",
    "tco.offer": lambda r, _say: (
        (f"{r.fields['instances']} x " if r.num("instances") > 1 else "")
        + str(r.fields["name"])
        + (f" ({', '.join(r.fields['missing'])})" if r.fields.get("missing") else "")  # type: ignore[arg-type]
        + f": {r.num('hourly'):,.2f} {r.fields['currency']}/h {r.fields['pricing']}, {r.fields['date']}, {r.fields['source']}"
        + (
            f", converted from {r.num('converted_amount'):g} {r.fields['converted_currency']} at the catalog's exchange rates"
            if r.fields.get("converted_currency")
            else ""
        )
        + (f" (estimate: {r.fields['estimate']})" if r.fields.get("estimate") else "")
        + (f", with {r.num('vat_pct'):g} % VAT, as a consumer pays it" if r.fields.get("vat_pct") else "")
    ),
    "tco.rental-matched": lambda r, _say: (
        f"rental matched on memory fit and {_matched_on(r)} "
        "from the same estimator as the build"
        + (
            f"; {r.fields['instances']} instances joined by the provider's RDMA fabric"
            if r.num("instances") > 1
            else "; one instance"
        )
        + "; storage not priced"
    ),
    "tco.converted": lambda r, _say: (
        f"electricity converted {r.fields['of']}->{r.fields['to']} at {r.num('rate'):.4f} "
        f"({r.fields.get('source') or 'catalog exchange rates'}, {r.fields.get('date') or 'undated'})"
    ),
    "tco.job-basis": (
        "training job: own energy = full-load wall draw x the build's estimated wall hours; rental cost = instance "
        "hourly price x its estimated wall hours; depreciation share = (purchase - resale) / on-hours of the "
        "{years}-year life x the job's hours"
    ),
    "tco.sold-used": "a one-off job's machine is sold second-hand when it ends: {source}",
    "tco.throughput-basis": (
        "no token count: bought and rented compared by throughput, each timed on {tokens:.0e} tokens (the times are "
        "proportional to the tokens); bought: full-load energy + depreciation and upkeep per on-hour of the useful "
        "life, per hour of training; rented: the hourly price, per hour of training"
    ),
    # a build's noise under load (model.noise): the level, and each source's figure with its own source
    "noise.silent": "silent (no fans)",
    "noise.level": lambda r, _say: (
        f"{r.num('dba'):.0f} dBA at {r.num('m'):g} m" + (" (est.)" if r.fields.get("estimate") else "")
    ),
    "noise.source": lambda r, say: (
        f"{r.fields['count']} x {say(r.nested('what')[0])}: {r.num('dba'):.1f} dBA each"
        + "".join(f" (estimate: {say(e)})" for e in r.nested("estimate"))
        + f"; {say(r.nested('source')[0]) if r.nested('source') else r.fields['source']}"  # a code, or a citation
    ),
    # buy or rent's sources' own words as codes (costs.tco: the presets' estimates, the resale and selling figures)
    "tco.est-eia": lambda r, _say: (
        f"national residential average rounded to {r.num('price'):g} {r.fields['currency']}/kWh; only the state rows "
        f"were read ({calendar.month_name[int(r.num('month'))]} {r.fields['year']}: {r.num('low'):g} c in "
        f"{r.fields['low_state']} to {r.num('high'):g} c in {r.fields['high_state']})"
    ),
    "tco.est-china-tariff": (
        "no tariff table was read; Chinese commercial tariffs vary by province and time of day, {price:g} CNY/kWh is a "
        "round mid value"
    ),
    "tco.resale-default": (
        "estimate: {percent:g} % of the purchase price after the depreciation period for parts without a catalog used "
        "price (a round figure for second-hand PC parts; no market survey was read)"
    ),
    "tco.selling-fee": (
        "less a marketplace's cut of each sale (eBay US, most categories, since February 2023: {fee:g} % up to "
        "{tier:,.0f} USD an item, {above:g} % above; an estimate in other currencies and marketplaces)"
    ),
    "tco.resale-used-ratio": "{part}: used / new {ratio:.0%} (catalog prices)",
    "tco.resale-blend": lambda r, say: (
        f"blend {r.num('blended'):.0%}: "
        + "; ".join(say(n) for n in r.nested("notes"))
        + f"; other parts {r.num('other'):.0%} ({said_or_text(r, 'other_source', say)})"
    ),
    "tco.sold-source": lambda r, say: (
        f"{r.num('sold'):.0%} of the purchase: parts bought used at the used price they cost, GPUs bought new at their "
        "catalog used price (without one, the median used / new of the catalog's cards of the same architecture), "
        f"other new parts at {r.num('other'):.0%} ({said_or_text(r, 'other_source', say)}), {say(r.nested('fee')[0])}"
    ),
    # the request as the sheets summarise it (report.purchase.request_fields; model.request)
    "circuit.name": lambda r, _say: (
        f"{r.num('volts'):g} V {r.num('amps'):g} A"
        + (" (US outlet)" if r.fields.get("us_outlet") else "")
        + (f" ({r.fields['rack_feed']} rack feed)" if r.fields.get("rack_feed") else "")
    ),
    "request.circuits": lambda r, say: f"{r.fields['count']} x {say(r.nested('circuit')[0])}",
    "request.condition": "{condition}",
    "request.gpus-any": "any, at most {most} per machine",
    # why a noise figure is an estimate (model.noise.Figure.estimate), and a figure read off the catalog's class
    "noise.est-radiator": "radiator fans taken as the NH-U12A fan pair at full speed",
    "noise.est-blower-power": (
        "measured on AMD's {reference:g} W RX 5700 XT reference blower; no figure is published for a {watts:g} W "
        "blower, whose fan carries more heat and is likely louder"
    ),
    "noise.est-shroud": (
        "a shroud kit's radial fan taken as AMD's {reference:g} W RX 5700 XT reference blower; the passive cards it "
        "cools draw more and a kit's fan often runs at full speed, so this is a floor"
    ),
    "noise.est-damped": "damped case, fans near half speed: three NH-U12A-class fans less {less:g} dB",
    "noise.est-case-fans": "three 120 mm case fans at full speed",
    "noise.est-rack-case": "rack case with desktop parts: more, faster fans than a tower (+{more:g} dB)",
    "noise.est-server": "a GPU server moves more air than the R940; its feature-rich {dba:g} dBA is a floor",
    "noise.est-server-active": (
        "its fans taken as the NH-U12A fan pair at full speed; it had counted as silent, so a quiet request bought "
        "an SP5 platform for its cooler"
    ),
    "noise.est-atx": "middle of Cybenetics' Standard++ class, typical of a loaded ATX unit",
    "noise.est-sfx": "middle of Standard+; small fans spin faster than an ATX unit's",
    "noise.est-server-psu": "top of Cybenetics' Standard class: 40 mm server fans",
    "noise.est-class-midpoint": "no published dBA under load; class midpoint",
    "noise.catalog-class": "catalog noise class '{noise}'",
    "noise.sum": "combined by logarithmic sum {formula}",
    "noise.card": "{cooler} card",
    "noise.open-frame": "open frame",
    "noise.shroud": "shroud blower on a passive card",
    "noise.chassis": "{noise} chassis fans",
    "noise.psu": "{form} PSU",
    "noise.cooler": "{kind} CPU cooler",
    "noise.unified": "{noise} unified-memory system",
    "noise.server": "GPU server fans",
    "noise.base": "the workstation's own case fans, CPU cooler and PSU",
    "noise.part": "{category}",
    # an estimate's steps and assumptions (estimate.estimator: Step.said, EstimateResult.assumption_codes)
    "est.said": "{text}",  # an assumption or step without a code yet: its own words
    "est.power-limited": (
        "GPUs power-limited to {limit:.0%} of rated power: {decode:.0%} of full decode speed, {compute:.0%} of full "
        "prefill and training speed (Puget Systems: four RTX 3090 at 280 of 350 W kept over 95 % of their training "
        "speed; one RTX 3090's TF32 training at 230-320 W, blog.qwertyforce.dev; six RTX 3090's llama.cpp prefill at "
        "200-300 W, llmgarage.ai)"
    ),
    "est.layer-split": "layers split across {gpus} GPUs as {layers}: each GPU holds its layers' weights and KV cache",
    "est.layer-decode": (
        "layer split: the {gpus} GPUs work one after another for each token, so the step time is the sum of each "
        "GPU's share (no speed-up for a single sequence)"
    ),
    "est.llama-embedding": "llama.cpp keeps the token-embedding table in system RAM; the output head sits on the last GPU",
    "est.gptq-scratch": "the {kernel} GPTQ kernel keeps a {gib:.2f} GiB scratch buffer on each GPU (AutoGPTQ sizes it "
    "from the widest layer), counted with the workspace",
    "est.serving": "engine {engine}; context {context} tokens per sequence; {batch} concurrent sequence(s)",
    "est.engine-fastest": "engine {engine}: no engine was named; of {engines} it runs this fastest on these GPUs",
    "est.engine-serving": (
        "engine {engine}: no engine was named, and {users} users at once are a server's job: {engine}'s continuous "
        "batching and paged KV cache serve them ({tps:.1f} tokens/s each), where {other}'s estimate ({other_tps:.1f}) "
        "is within {engine}'s 80 % range, not measurably faster"
    ),
    "est.peaks": "memory figures are peaks on the most loaded GPU; 1 GiB = 2^30 bytes",
    "est.total": lambda r, _say: (
        f"most loaded GPU: {r.num('gib'):.2f} GiB"
        + (
            f" of {r.num('usable'):.2f} GiB usable -> {'fits' if r.fields.get('fits') else 'does NOT fit'}"
            if r.fields.get("usable")
            else ""
        )
    ),
    "est.prefill": lambda r, say: (
        f"prefill = {r.num('gflop'):.1f} GFLOP per token (2 x active matmul parameters"
        f"{', less the output head and the last layer MLP, run for the last token only,' if r.fields.get('head') else ''}"
        f" + attention over {r.fields['half']} tokens on average) {_how(r, say)} = {r.num('rate'):.0f} tokens/s; first "
        f"token after a "
        f"{r.fields['prompt']}-token prompt in {r.num('ttft'):.2f} s"
    ),
    # how a prompt is processed (est.prefill's and est.offload-prefill's `how`: a list of these, each with its separator)
    "est.how-gemm": "fp16 GEMMs at {share:.0%} of {peak:.0f} TFLOPS (FP16 accumulate)",
    "est.how-metal": "Metal's simdgroup-matrix kernels at {share:.0%} of the GPU's {peak:.1f} TFLOPS",
    "est.how-unified-family": ", x {factor:.2f} measured on the {arch}'s own prompt runs",
    "est.how-metal-tensor": ", x {gain:.1f} on the {arch}'s GPU Neural Accelerators (Metal 4 tensor API, llama.cpp since PR #16634)",
    "est.how-gemm-bf16": "bf16 GEMMs at {share:.0%} of {peak:.0f} TFLOPS (FP32 accumulate: cuBLAS has no bf16-accumulate mode)",
    "est.how-power": "fp16 GEMMs held by the {watts:.0f} W board power at {per_watt:g} TFLOPS/W ({share:.0%} of {peak:.0f} TFLOPS)",
    "est.how-mmq": ", quantized blocks multiplied directly on int8 tensor cores (MMQ, llama.cpp since June 2024)",
    "est.how-dequant": ", x {factor:.2f} for dequantizing the weights to fp16 first",
    "est.how-dp4a": "integer dot products (no tensor cores) at {share:.0%} of {tops:.0f} TOPS",
    "est.sglang-prefill-stall": "SGLang runs each arriving prompt as its own prefill batch ({prefill_ms:.0f} ms) while "
    "the running decode batch waits (--enable-mixed-chunk is off by default): {ms:.1f} ms a decode step on average",
    "est.ep-busiest-rank": "expert parallel over {ranks} GPUs: each holds whole experts, so a step waits for the GPU holding most of the {touched:.1f} experts its tokens touch per MoE layer, {excess:.2f} experts beyond an even share ({gib:.2f} GiB over all MoE layers) = {ms:.2f} ms a step",
    "est.sglang-triton-mla": "SGLang's triton MLA decode kernel: {layers} MLA layers x {depth} tokens of mean depth x "
    "{ns:.0f} ns = {ms:.2f} ms a step",
    "est.sglang-eager-prefill": "SGLang launches the prompt's kernels without a CUDA graph: {factor:.0f} x the "
    "MoE and MLA layers' latency floor, plus the all-reduces' latency = {ms:.0f} ms before the first token",
    "est.vllm-request-cost": "vLLM's fixed cost per request (tokenizing, scheduling, the first streamed chunk) = "
    "{ms:.0f} ms before the first token",
    "est.decode-gemm-measured": "the decode step's weight GEMMs on {family} run at {tflops:.0f} TFLOPS, the rate that "
    "reproduces their kernel times measured at decode row counts (64-256 tokens; {card}, ROCm/aiter's tuned FP8 GEMMs), "
    "not the spec-sheet peak",
    "est.xgmi-allreduce-size": "each of the {reduces:.0f} all-reduces carries {kib:,.0f} KiB (the step's tokens' hidden "
    "states in bf16): over AMD Infinity Fabric (xGMI) among {gpus} GPUs that takes {us:.1f} us more than a small one "
    "(8 x MI300X, RCCL and QuickReduce's two-shot kernel, the faster at each size: mk1-project/quickreduce)",
    "est.async-scheduling": "vLLM async scheduling: the engine's {ms:.2f} ms of per-step host work overlaps the "
    "GPU's previous step (the step is the longer of the two)",
    "est.how-vulkan-coopmat1": ", x {share:.2f} for Vulkan's KHR_coopmat shaders (the driver gives llama.cpp no "
    "NV_coopmat2 here; RTX 3090 coopmat1 / coopmat2, llama.cpp PRs #12135 and #13506)",
    "est.how-vulkan-driver": ", x {share:.2f} for the {arch}'s Vulkan build under the {driver} driver (its share of "
    "HIP's prompt rate, measured on one card, build and day: kyuz0's R9700 llama-bench pp512, build 7423)",
    "est.how-vulkan-bf16": "BF16 weights on Vulkan's scalar shaders (the {arch}'s driver reports no bf16 support to "
    "llama.cpp, 'bf16: 0', so no matrix cores) at {share:.0%} of {tflops:.1f} fp32 TFLOPS, measured on its own BF16 "
    "prompt runs",
    "est.how-vulkan-scalar": "Vulkan shaders on the vector units (the driver exposes no matrix cores to llama.cpp) at "
    "{share:.0%} of {tflops:.1f} fp32 TFLOPS",
    "est.how-moe": (
        "; the routed experts ({share:.0%} of the FLOPs) get {rows:.0f} rows each of a {ubatch}-token micro-batch and "
        "run at {efficiency:.0%} of the dense rate (x {overall:.2f} overall)"
    ),
    "est.how-fp4": ", x {speedup:.2f} for MXFP4 experts on Blackwell's FP4 tensor cores (llama.cpp PR #17906, Dec 2025)",
    "est.how-delta-net": (
        "; plus the delta rule of the {layers} Gated DeltaNet layers, run 64 tokens a chunk, one chunk after another, "
        "{us:.0f} us a value head and chunk as llama.cpp builds of {build} ran it ({share:.0%} of the prompt's time)"
    ),
    "est.how-flash": "; FlashAttention keeps the attention scores on chip",
    "est.how-scores": "; plus the fp32 attention scores through memory over {tokens} tokens on average (no flash attention)",
    "est.how-peak": "at {share:.0%} of {tflops:.0f} TFLOPS",
    "est.unified": "the GPU may use {gb:.0f} GB of this machine's unified memory: {notes}",
    # the OS's limit on a unified-memory GPU's share (estimate/unified.MEMORY_LIMITS); est.unified's English keeps the
    # catalog's own note, the Chinese says these
    "unified.limit-macos": "macOS wires part of the RAM for the GPU; sudo sysctl iogpu.wired_limit_mb=<MB> raises it",
    "unified.limit-amdgpu": (
        "the amdgpu driver limits the RAM the iGPU may map (GTT); raise it with ttm.pages_limit (amdgpu.gttsize on "
        "older kernels)"
    ),
    "unified.limit-cuda": "CUDA sees a little less than the memory installed",
    "est.optimizer": lambda r, _say: (
        f"{r.fields['optimizer']} under {r.fields['runner']}: {r.num('bytes'):g} bytes per trainable parameter"
        + (" (master copy included)" if r.fields.get("master") else "")
        + (
            "; paged: bitsandbytes keeps the states in CUDA unified memory, evicted to host RAM when the GPU is full "
            "(QLoRA paper, sec. 3), so they are counted in host RAM"
            if r.fields.get("paged")
            else ""
        )
        + ("; optimizer step fused into the backward pass: no full gradient set" if r.fields.get("fused") else "")
    ),
    "est.params": lambda r, _say: (
        f"{r.fields['model']}: {r.num('b'):.2f} B parameters counted from the architecture"
        + (
            f", {r.num('active'):.2f} B active per token (MoE: memory uses the total, speed the active)"
            if r.fields.get("active") is not None
            else ""
        )
    ),
    "est.weights-gguf": lambda r, _say: (
        f"{r.num('b'):.2f} B parameters at {r.fields['note']}, tensor by tensor at llama-quantize's types ("
        + ", ".join(f"{n} {t}" for n, t in zip(_strings(r, "tensors"), _strings(r, "types"), strict=True))
        + f"): {r.num('bits'):.2f} bits per weight on average = {r.num('gib'):.2f} GiB"
    ),
    "est.weights": "{b:.2f} B parameters at {note} ({bits:g} bits per weight; embeddings {embeddings:g} bits) = {gib:.2f} GiB",
    "est.kv": lambda r, _say: (
        f"KV cache = {r.num('per_token'):.0f} bytes per token per layer ({_attention(r)}, {r.fields['kv']}) x "
        f"{r.fields['layers']} attention layers x {r.fields['context']} tokens x {r.fields['batch']} sequence(s)"
        + (
            f"; {r.fields['window_layers']} layers keep only a {r.fields['window']}-token window"
            if r.fields.get("window")
            else ""
        )
        + (
            f"; {r.fields['recurrent']} {'Mamba-2' if r.fields.get('mamba') else 'linear-attention'} layers keep a "
            f"fixed state of {r.num('state_gib'):.2f} GiB"
            if r.fields.get("recurrent")
            else ""
        )
        + (
            f", held twice at the decode peak ({r.fields['twice']} remote code rebuilds its tuple cache with torch.cat "
            "while generate() still holds the previous step's)"
            if r.fields.get("twice")
            else ""
        )
        + f" = {r.num('gib'):.2f} GiB"
    ),
    "est.tensor-split": "tensor parallel over {tp} GPUs: each holds 1/{tp} of every weight matrix and of the KV heads",
    "est.tensor-pipeline-split": (
        "{pp} pipeline stages of {stages} layers, each tensor parallel over {tp} GPUs: each GPU holds 1/{tp} of its "
        "stage's weights and KV heads"
    ),
    "est.experts-in-ram": (
        "MoE experts kept in system RAM ({gib:.2f} GiB); attention and shared weights stay on the GPUs"
    ),
    "est.layers-in-ram": "{cpu} of {layers} layers kept in system RAM (llama.cpp -ngl {ngl}), with their KV cache",
    "est.full-weights": lambda r, _say: (
        f"{r.num('b'):.2f} B parameters in bf16 = {r.num('gib'):.2f} GiB "
        + (
            "(pure bf16: no fp32 master copy)"
            if r.fields.get("pure_bf16")
            else "(mixed precision, ZeRO paper: 2+2+12 bytes per parameter with AdamW)"
        )
    ),
    "est.saved-tables": (
        "embedding and output layers trained too (modules_to_save: a 16-bit trainable copy): +{m:.0f} M trainable "
        "parameters at 2 + 2 + {moments:g} bytes"
    ),
    "est.adapter-weights": (
        "frozen base at {precision} = {gib:.2f} GiB; LoRA rank {rank} on {targets} = {m:.1f} M trainable parameters "
        "({adapter})"
    ),
    "est.zero": lambda r, _say: (
        f"ZeRO-{r.fields['zero']} over {r.fields['gpus']} GPUs shards "
        + ", ".join(["optimizer states", "gradients", "parameters"][: int(r.num("zero"))])
        + f" {r.fields['gpus']} ways"
        + (f"; two layers gathered whole at a time ({r.num('gathered'):.2f} GiB)" if r.fields.get("gathered") else "")
    ),
    "est.fsdp-resident": (
        "FSDP keeps beside its shard the root unit whole (embedding and output head: {root:.2f} GiB, not resharded "
        "after forward), bitsandbytes' quantization statistics whole ({stats:.2f} GiB, never sharded) and the offloaded "
        "shards' copies of the layers being gathered ({copies:.2f} GiB)"
    ),
    "est.offload-cpu": lambda r, _say: (
        f"optimizer states{', parameters and gradients' if r.fields.get('everything') else ''} offloaded to CPU RAM: "
        f"{r.num('gib'):.2f} GiB of host memory"
    ),
    "est.offload-measured": (
        "{runner} under accelerate's FSDP with its shards in CPU RAM uses {gib:.1f} GiB of host memory ({per_byte:.2f} "
        "bytes per byte of the 4-bit base: PEFT's FSDP + QLoRA guide measured ~107 GB of CPU RAM for a 70B on two 24 GB "
        "GPUs with the shards offloaded)"
    ),
    "est.offload-peak": (
        "{runner} with its shards in CPU RAM peaks at {gib:.1f} GiB of host memory at start-up ({per_byte:.2f} bytes per "
        "byte of the 4-bit base: one copy of the model loaded into RAM before sharding, then the offloaded shards; "
        "measured 'just over 128GB' for a 70B, AnswerDotAI/fsdp_qlora README); with a 16 GB swap file, as the README "
        "advises, 16 GB less RAM holds it"
    ),
    "est.act-fused": (
        "fused kernels (fused RMSNorm, rotary in place, fused SwiGLU; lit-gpt's block): {gib:.2f} GiB saved per layer "
        "against {unfused:.2f} GiB unfused"
    ),
    "est.lora-dropout": "LoRA dropout: each adapted matrix saves its dropped input and mask ({gib:.2f} GiB per layer)",
    "est.act-selective": (
        "selective checkpointing (per operator, torchtitan's 'op'): {layers} layers keep every other matmul output, "
        "attention's output and their input ({kept:.2f} GiB each), one layer is recomputed whole ({layer:.2f} GiB), "
        "plus logits s*b*vocab*{logit_bytes:g} bytes ({note}) = {gib:.2f} GiB"
    ),
    "est.act-offloaded": (
        "gradient checkpointing with the {layers} layer inputs offloaded to host RAM ({inputs:.2f} GiB); one layer "
        "recomputed at a time ({layer:.2f} GiB), plus logits s*b*vocab*{logit_bytes:g} bytes ({note}) = {gib:.2f} GiB"
    ),
    "est.act-checkpointed": (
        "gradient checkpointing: each of {layers} layers keeps its input (2*s*b*h bytes) and one layer is recomputed "
        "at a time ({layer:.2f} GiB), plus logits s*b*vocab*{logit_bytes:g} bytes ({note}) = {gib:.2f} GiB"
    ),
    "est.act-all": (
        "no checkpointing: {layers} layers x {layer:.2f} GiB saved activations (s={seq}, b={batch}, flash attention) "
        "plus logits ({note}) = {gib:.2f} GiB"
    ),
    "est.deepspeed-buffers": "DeepSpeed communication buffers (config defaults): {gib:.2f} GiB",
    "est.foreach": (
        "torch.optim.AdamW without fused=True runs its foreach implementation, ~sizeof(params) more at the step "
        "(PyTorch docs): {gib:.2f} GiB of intermediates, {excess:.2f} GiB above the activations freed by then"
    ),
    "est.nf4-load": lambda r, _say: (
        f"NF4 quantization on the GPU while loading (torchao"
        f"{' before 0.2, whole tensor' if r.fields.get('whole') else ', chunked'}): "
        f"{r.num('gib'):.2f} GiB transient for the largest matrix"
        + (
            f", {r.num('excess'):.2f} GiB above the training step's dynamic memory: the peak is at model load"
            if r.fields.get("excess")
            else ""
        )
    ),
    "est.draft-memory": "draft model {model}: {gib:.2f} GiB of weights and {kv:.2f} GiB of KV cache",
    "est.flops": lambda r, _say: (
        "training FLOPs = ("
        + (
            "6 x N (forward 2N, backward 4N)"
            if r.fields.get("full")
            else "4 x N (forward 2N, backward 2N for activation gradients only: frozen weights need no weight gradients)"
        )
        + (" + 2 x N recomputed forward (gradient checkpointing)" if r.fields.get("recomputed") else "")
        + (
            " + attention 12 x layers x d_attn x seq + its recomputed forward 4 x layers x d_attn x seq)"
            if r.fields.get("attention_recomputed")
            else " + attention 12 x layers x d_attn x seq)"
        )
        + f" per token = {r.num('gflop'):.1f} GFLOP x {r.num('tokens'):.3g} "
        f"tokens = {r.num('flops'):.3g} FLOP (Kaplan et al. 2020; PaLM appendix B)"
    ),
    "est.time": lambda r, say: (
        "GPU-hours = "
        + (
            f"({r.num('flops'):.3g} + {r.num('fp32_flops'):.3g} for attention in float32)"
            if r.fields.get("fp32_flops")
            else f"({r.num('flops'):.3g} - {r.num('attention_flops'):.3g} of attention)"
            if r.fields.get("attention_flops")
            else f"{r.num('flops'):.3g}"
        )
        + f" / ({r.num('tflops'):.0f} TFLOPS x {r.num('rate'):.0%} x "
        f"{r.num('scaling'):.0%} scaling) / 3600"
        + (
            f" + {r.num('attention_hours'):,.0f} for attention at its kernel's rate"
            if r.fields.get("attention_hours")
            else ""
        )
        + (f" + {r.num('expert_hours'):,.0f} for the experts' all-to-alls" if r.fields.get("expert_hours") else "")
        + f" = {r.num('gpu_hours'):,.0f} GPU-hours; on {r.fields['gpus']} GPU{'s' if r.num('gpus') != 1 else ''} "
        f"{r.num('wall'):,.1f} hours wall clock; " + say(r.nested("mfu")[0])
    ),
    "est.mfu": lambda r, _say: (
        f"MFU = {r.num('flops'):.3g} FLOP / ({int(r.num('gpus')):,} GPU{'s' if r.num('gpus') != 1 else ''} x "
        f"{r.num('peak'):,.0f} TFLOPS dense bf16 peak x {r.num('wall'):,.1f} h wall clock) = {r.num('mfu'):.0%}"
    ),
    "est.tensor-decode": lambda r, _say: (
        f"tensor parallel: each GPU reads 1/{r.fields['tp']} of {r.num('gib'):.2f} GiB per step, plus "
        f"{r.num('reduces'):.0f} all-reduces per step at ~{r.num('us'):.0f} us over {r.fields['over']}"
        + (
            f"; {r.fields['pp']} pipeline stages in turn, {r.num('hops_us'):.0f} us of hand-offs per token"
            if r.num("pp") > 1
            else ""
        )
    ),
    "est.ram-decode": (
        "{gib:.2f} GiB per token read from system RAM at {share:.0%} of {gbps:g} GB/s (build rules R28: ~35 of 96 GB/s "
        "reached in practice)"
    ),
    "est.moe-read": lambda r, _say: (
        f"MoE reads {r.num('touched'):.1f} of {r.fields['experts']} experts per layer per step"
        + (
            f" ({r.num('per_expert'):.1f} tokens each, expert kernels at {r.num('share'):.0%} of the stream rate)"
            if r.fields.get("per_expert") is not None
            else ""
        )
    ),
    "est.decode": lambda r, say: (
        f"decode step = roofline(weights: {r.num('gib'):.2f} GiB"
        + "".join(f"; {say(m)}" for m in r.nested("moe"))
        + f" read at {r.num('share'):.0%} of {r.num('gbps'):.0f} GB/s; compute: {r.fields['batch']} x "
        f"{r.num('gflop'):.1f} GFLOP"
        + (
            f" + {r.num('arriving'):.0f} prompt tokens of arriving requests x {r.num('arriving_gflop'):.1f} GFLOP"
            if r.fields.get("arriving")
            else ""
        )
        + f" at {r.num('compute_share'):.0%} of {r.num('tflops'):.0f} TFLOPS) + attention: {r.num('kv'):.2f} GiB KV "
        f"read (each sequence's context filling to {r.fields['context']}) + {r.num('fixed_ms'):.2f} ms fixed per-step "
        "cost"
        + (
            f" ({r.fields['batch']} x {r.num('host_us'):.0f} us of host work per sequence)"
            if r.fields.get("host_us") is not None
            else ""
        )
        + f" = {r.num('ms'):.2f} ms -> {r.num('tps'):.1f} tokens/s per sequence, {r.num('total'):.1f} tokens/s in total"
    ),
    # round 40: the first token shown is the usage's prompt the costs read (Build.assumptions_said), not a typical one
    "est.usage-prompt": lambda r, _say: (
        f"the first token is timed for its users' {r.num('prompt'):,.0f}-token prompt, {r.num('cached'):,.0f} of "
        "them already in the engine's prefix cache (the usage the costs read)"
        + (
            f"; their {r.num('capped_from'):,.0f}-token prompt is capped by the context"
            if r.fields.get("capped_from") is not None
            else ""
        )
    ),
    "est.stand-in": "{engine} is estimated with {stand_in}'s calibration ({why})",
    "est.typical-prompt": lambda r, _say: (
        f"no --prompt given: the first token is timed for a typical {r.num('prompt'):,.0f}-token prompt"
        + (
            f" ({TRACE_STATISTICS.get(str(r.fields['statistic']), r.fields['statistic'])} of "
            f"{TRACE_WORDS.get(str(r.fields['trace']), r.fields['trace'])})"
            if r.fields.get("trace")
            else ""
        )
        + f", not the whole {r.num('context'):,.0f}-token context (give --prompt for your own)"
    ),
    "est.vllm-tp-pp": (
        "{heads} attention heads over {gpus} GPUs: vLLM runs {tp}-way tensor parallel in each of {pp} pipeline stages "
        "(--tensor-parallel-size {tp} --pipeline-parallel-size {pp})"
    ),
    "est.vllm-layers": (
        "vLLM tensor parallel needs 2, 4, 8 or 16 GPUs that divide the {heads} heads; {gpus} GPUs run "
        "pipeline-parallel by layers"
    ),
    "est.heads-layers": "{heads} attention heads do not divide over {gpus} GPUs: split by layers instead",
    "est.mla-replicated": "MLA's latent KV cache is replicated on every tensor-parallel rank",
    "est.kv-replicated": "{kv_heads} KV heads over {tp} GPUs: KV heads are replicated",
    "est.fused-stack": (
        "sized for a stack with fused kernels (lit-gpt's, as TinyLlama trained): HF transformers' own modelling code, "
        "which the accelerate command runs, keeps the unfused block's tensors and fp32 logits"
    ),
    "est.liger-stack": (
        "sized for Liger Kernel on the HF Trainer, which the command turns on (use_liger_kernel): its fused RMSNorm, "
        "RoPE and SwiGLU counted as lit-gpt's block, its loss as the fused linear cross-entropy (linkedin/Liger-Kernel)"
    ),
    "est.selective-on-gpu": (
        "selective checkpointing keeps what it saves on the GPU: the activation offload is not applied"
    ),
    "est.data-parallel": "training is data-parallel: every GPU runs the full model on its own micro-batch",
    "est.arriving": (
        "{batch} users kept busy: each finished reply ({reply} tokens) is replaced by a new {prompt}-token prompt, "
        "prefilled inside the running decode steps (chunked prefill)"
    ),
    "est.qlora-rate": "QLoRA dequantizes NF4 weights on every pass (bitsandbytes: a 16-bit copy of each weight "
    "before its GEMM): at {tokens:,} tokens a micro-batch the GEMMs keep {share:.0%} of the bf16 figure",
    "est.default-rate": lambda r, _say: default_rate(
        r, "--batch sets the sequences per micro-batch", "; --mfu sets this rate"
    ),
    "est.fp8-rate": lambda r, _say: (
        f"FP8 training: the GEMMs ({r.num('gemms'):.0%} of the BF16 step) run at the {r.num('tflops'):.0f} TFLOPS FP8 "
        "peak, the rest as in BF16"
        + (
            f", attention among it ({r.num('attention'):.0%} of the counted FLOPs: Float8 converts nn.Linear only)"
            if r.fields.get("attention") is not None
            else ""
        )
        + f": {r.num('speedup'):.2f}x the BF16 rate, counted as utilisation of the BF16 peak (DeepSeek-V3 report "
        "sec. 3.3)"
    ),
    "est.fp8-rate-te": (
        "FP8 training on Transformer Engine: {gemms:.0%} of the BF16 step runs at the {tflops:.0f} TFLOPS FP8 peak (its "
        "fused norm + linear casts and FP8 activations shrink more than the GEMMs; Llama-3-70B on H100: 415 TFLOPS in "
        "BF16 on Megatron-LM, 738 in FP8 on NeMo 24.07, an estimate from two sources): {speedup:.2f}x the BF16 rate"
    ),
    "est.no-fp8": "{gpu} has no FP8 tensor cores beyond its BF16 rate: FP8 training runs at the BF16 rate",
    "est.restarts": (
        "{share:.1%} of the elapsed time trains on {gpus:,} GPUs: restarts after GPU failures (Llama 3 report: 419 "
        "unexpected interruptions in 54 days on 16,384 H100, over 90 % effective time)"
    ),
    "est.steady-state": (
        "a whole run spends {share:.0%} of its remaining time in steady-state steps: checkpoint saves, evaluation and "
        "stalls take the rest (BLOOM-176B: 156 TFLOP/s per GPU in its fastest configuration, 135 over its 1.08M "
        "GPU-hours); a benchmark's tokens/s per GPU would be that much higher"
    ),
    "est.fp32-attention": (
        "{arch} has no bf16: Unsloth trains this {model} model in fp16 with its attention in float32 (fp16 overflows "
        "in its backward; {source}), so attention's {share:.1%} of the FLOPs run at the card's {fp32:.1f} TFLOPS fp32 "
        "rate instead of {tflops:.0f} on the tensor cores: {slower:+.1%} time (an estimate: the fp32 kernel taken at "
        "the GEMMs' utilisation)"
    ),
    "est.gemm-peak": (
        "{arch} reaches {tflops:.0f} of its {of:.0f} peak TFLOPS in large matrix multiplies (published GEMM "
        "measurements, see docs/support.md)"
    ),
    "est.pro-gemm-measured": (
        "training reads {tflops:.0f} of the {card}'s {of:.0f} peak TFLOPS: its large matrix multiplies measure "
        "{share:.0%} of that full-rate figure against {reference:.0%} on the cards the utilisation was fitted on "
        "(published PyTorch matmul benchmarks, docs/support.md)"
    ),
    "est.pro-gemm-relative": (
        "training reads {tflops:.0f} of the {card}'s {of:.0f} peak TFLOPS: it trained at {ratio:.0%} of the {basis}'s "
        "throughput in one published benchmark of both, whose large matrix multiplies are measured (docs/support.md)"
    ),
    "est.pro-gemm-estimate": (
        "training reads {tflops:.0f} of the {card}'s {of:.0f} peak TFLOPS, an estimate: no published matrix-multiply "
        "measurement of this card nor a training benchmark beside a measured card of its architecture, so the {share:.0%} of peak the measured {basis} workstation and data-center "
        "cards reach (docs/support.md)"
    ),
    "est.power-bound": lambda r, _say: (
        f"the {r.num('watts'):.0f} W board holds its GEMMs to {r.num('tflops'):.0f} TFLOPS "
        + (f"({r.num('per_watt'):.2f} " if r.fields.get("arch") else f"({r.num('per_watt'):g} ")
        + "TFLOPS per watt, "
        + (
            f"what the measured {r.fields['arch']} workstation and data-center cards sustain"
            if r.fields.get("arch")
            else "the rate fitted on prompt processing"
        )
        + f"), below its {r.num('peak'):.0f} TFLOPS peak: a desktop card whose board power cannot feed its "
        "tensor cores clocks down"
    ),
    "est.attention-rate": lambda r, _say: (
        f"attention ({r.num('share'):.0%} of the FLOPs at sequence {r.fields['seq']}, head dim {r.fields['head_dim']}) "
        f"runs at its own kernel's rate: {KERNEL_NAMES.get(str(r.fields['kernel']), r.fields['kernel'])} forward + "
        f"backward measures {r.num('tflops'):.0f} TFLOPS causal on this card ({r.fields.get('source') or 'FlashAttention README'}), "
        f"{r.num('counted'):.0f} TFLOPS of the FLOPs counted here"
        + (" with its forward recomputed" if r.fields.get("recomputed") else "")
        + f", against {r.num('gemm'):.0f} for the step's GEMMs"
    ),
    "est.expert-gemms": lambda r, _say: (
        (
            f"expert parallel {r.fields['ep']} inside the NVLink domain (Megatron-Core's MoE guideline): "
            if r.num("ep") > 1
            else "every GPU runs every routed expert on its own tokens: "
        )
        + f"each expert's GEMMs see {r.num('rows'):,.0f} rows per micro-batch, the model's compute at "
        f"{r.num('rate'):.0%} of its rate as large dense GEMMs"
        + (
            f"; the tokens' all-to-all dispatch and combine over {r.fields['link']} add {r.num('hours'):,.1f} h per GPU"
            if r.num("ep") > 1
            else ""
        )
    ),
    "est.pipeline-bubble": lambda r, _say: (
        f"the run's {r.fields['pp']}-stage pipeline on {r.fields['micro']} micro-batches a step idles "
        f"{r.num('bubble'):.0%} of its compute (1F1B's bubble, (p - 1) / m: Narayanan et al. 2021)"
        + (f", its busiest stage holding {r.num('pace') - 1:.1%} more than an even share" if r.num("pace") > 1 else "")
        + f": {r.num('hours'):,.1f} GPU-hours"
    ),
    "est.scaling": "{gpus}-GPU scaling efficiency {scaling:.0%} for gradient all-reduce over {over}",
    "est.link-bound": (
        "{hours:,.1f} h of the {wall:,.1f} h wait on the sharded weights' gathers over {link}: the link, not the "
        "card, sets the time, and a faster card on the same link gains little"
    ),
    "est.sharded-gathers": lambda r, _say: (
        f"sharded over {r.fields['gpus']} GPUs, every micro-batch gathers {r.num('gb'):.1f} GB of weights into each GPU"
        f" over {r.fields['link']} (~{r.num('gbs'):.0f} GB/s)"
        + (" after copying its shard from system RAM" if r.fields.get("offload") else "")
        + f": {r.num('seconds'):.1f} s per step, {r.num('exposed'):.1f} s of it beyond the step's compute, "
        f"+{r.num('hours'):,.1f} h wall clock"
    ),
    "est.offload-step": lambda r, _say: (
        f"optimizer in system RAM: each optimizer step ({r.fields['micro']} micro-batches per GPU) {r.fields['runner']} "
        f"updates {r.num('b'):.2f} B parameters on the CPU at {r.num('share'):.0%} of {r.num('gbps'):g} GB/s of RAM, "
        f"{r.num('cpu'):.1f} s while the GPUs wait"
        + (f", then {r.num('back'):.1f} s copying them back over {r.fields['link']}" if r.num("back") >= 0.05 else "")
        + (f", and gradient copies {r.num('grads'):.1f} s past the backward" if r.num("grads") >= 0.05 else "")
        + f": {r.num('steps'):,.0f} steps, +{r.num('hours'):,.1f} h wall clock"
        + (
            f" (no host named: the typical one that holds the job's RAM, {r.fields['host_cpu']} with "
            f"{r.fields['cores']} cores and {r.fields['dimms']} x {r.fields['dimm_gb']} GB {r.fields['memory']} at "
            f"{r.fields['mts']} MT/s on {r.fields['channels']} channels; --ram-bandwidth names yours)"
            if r.fields.get("host_cpu")
            else ""
        )
    ),
    "est.no-tokens": "no --tokens given: training time not estimated",
    "est.file-weights": "weights sized from the file header: {gib:.2f} GiB exactly",
    "est.kept-in-ram": lambda r, _say: (
        ("MoE experts" if r.fields.get("experts") else "")
        + (f"{' and ' if r.fields.get('experts') else ''}{r.fields['layers']} layers" if r.fields.get("layers") else "")
        + f" in system RAM ({r.num('gib'):.0f} GiB in all), read at {r.num('share'):.0%} of {r.fields['gbps']:g} GB/s"
    ),
    "est.vllm-share": "vLLM pre-allocates {share:.0%} of each GPU; the job must fit in that share",
    "est.sglang-share": (
        "SGLang takes {share:.1%} of each GPU for the weights and its KV pool (--mem-fraction-static as it picks it for "
        "this card: {source}); the weights and the KV cache must fit in that share, the activations and runtime "
        "overhead ({dynamic_gib:.2f} GiB) in the {reserve_gib:.2f} GiB it leaves for them"
    ),
    "est.kv-pool": lambda r, _say: (
        (
            "llama-server's slots share one KV buffer (-kvu)"
            if r.fields.get("engine") == "llama.cpp"
            else f"{'SGLang' if r.fields.get('engine') == 'sglang' else 'vLLM'}'s paged KV pool is"
        )
        + f" sized for {r.num('streams'):,.0f} streams of a typical {r.num('typical'):,.0f}-token request together: "
        f"their sum's 99th percentile, {r.num('tokens'):,.0f} tokens ({r.num('per_stream'):,.0f} a stream), at least "
        f"one whole {r.num('window'):,.0f}-token request, not every stream at the whole window ({r.num('every'):,.0f} "
        "tokens); past it "
        + (
            "llama-server frees idle slots, then stops a running request"
            if r.fields.get("engine") == "llama.cpp"
            else "the engine preempts a request and recomputes it"
        )
        + f" ({r.fields['source']})"
    ),
    "est.training-shape": lambda r, _say: (
        f"sequence length {r.fields['seq']}, micro-batch {r.fields['batch']}, gradient checkpointing "
        f"{r.fields['checkpointing']}" + (", fused kernels" if r.fields.get("fused") else "")
    ),
    "est.metal": lambda r, _say: (
        f"llama.cpp's Metal backend on {r.fields['arch']}: the weights read at {r.num('share'):.0%} of the peak (the "
        f"chip's copy bandwidth x a read share) plus {r.num('us'):.0f} us a layer, both fitted on Apple rows from M4 "
        "to M3 Ultra (ggml-org/llama.cpp discussion #4167, XiongjieDai's tables)"
    ),
    "est.backend": lambda r, _say: (
        f"llama.cpp's {r.fields['backend']} backend on {r.fields['arch']}"
        + (
            f": its bandwidth share from {r.fields['card']} at {r.fields['tps']:g} tokens/s on {r.fields['model']} "
            f"({r.fields['note']}; {r.fields['source']})"
            if r.fields.get("card") is not None
            else ": no published decode rate of this backend on this family, so the CUDA-fitted share"
            + (f" x {r.num('amd'):.2f} (ROCm/Vulkan on RDNA, fitted)" if r.fields.get("amd") is not None else "")
        )
    ),
    "est.cuda-experts": (
        "llama.cpp's CUDA backend picks the experts on the device since PR #19645 (Feb 2026): quantized experts stream "
        "at {share:.0%} of the dense rate (measured on Vulkan, {where}), not the {old:.0%} of the 2023-25 builds that "
        "synchronised with the host"
    ),
    "est.device-experts": (
        "llama.cpp's {backend} backend picks the experts on the GPU: quantized experts stream at {share:.0%} of the "
        "dense rate plus {mb:.1f} MB a touched expert (gpt-oss on Strix Halo, {where}), not the CUDA-fitted {cuda:.0%}"
    ),
    "est.expert-cost": (
        "llama.cpp's {backend} backend pays {us:.1f} us per touched expert and MoE layer of a decode step beside the "
        "experts' bytes (read at the CUDA-fitted {share:.0%}): {note} ({where})"
    ),
    "est.graphs": lambda r, _say: (
        "llama.cpp submits each decode step's kernels in one go ("
        + (
            "CUDA graphs, llama.cpp since May 2024"
            if r.fields.get("cuda")
            else "HIP graphs, llama.cpp since May 2026"
            if r.fields.get("hip")
            else "Vulkan command buffers"
        )
        + f"): {r.num('us'):.0f} us less per layer than one host launch per kernel"
    ),
    "est.mtp": (
        "speculative decoding with the model's MTP layer: {k} drafts a step, each accepted with p = {p:.3f} if the "
        "ones before it were -> {per_step:.2f} tokens a step; the verify pass over {k_plus} tokens takes "
        "{verify_ms:.2f} ms, the drafts {k} x {draft_share:.3f} x {step_ms:.2f} ms -> {rate:.1f} tokens/s "
        "({ratio:.2f}x the plain {plain:.1f})"
    ),
    "est.mtp-source": (
        "MTP acceptance and draft cost from llama-server --spec-type mtp runs on 9 mixed prompts ({source}); "
        "acceptance depends on the text: repetitive code accepts more, creative prose less"
    ),
    "est.draft": lambda r, _say: (
        f"speculative decoding with {r.fields['model']} ({r.fields['precision']}) drafting {r.fields['k']} tokens a "
        f"step at {r.num('draft_ms'):.2f} ms each; each accepted with p = {r.num('p'):.2f} if the ones before it were "
        f"-> {r.num('per_step'):.2f} tokens a step; the verify pass over {int(r.num('k')) + 1} tokens takes "
        f"{r.num('verify_ms'):.2f} ms"
        + (
            f", host sampling of {2 * int(r.num('k'))} more positions {r.num('sample_ms'):.2f} ms"
            if r.fields.get("sample_ms") is not None
            else ""
        )
        + f" -> {r.num('rate'):.1f} tokens/s ({r.num('rate') / r.num('plain'):.2f}x the plain {r.num('plain'):.1f}); "
        f"at p = {r.num('p_low'):.2f} {r.num('low'):.1f} tokens/s ({r.num('low') / r.num('plain'):.2f}x)"
    ),
    "est.draft-source": (
        "draft acceptance p = {p:.2f} per position from llama.cpp's counters on a Llama 3.1 8B / 3.2 1B pair "
        "({source}), {p_low:.2f} at the range's low end (LLaMA 2 70B / 7B, PR #2926); acceptance depends on the text "
        "and the pair: a slow draft or prose can make speculation a net loss"
    ),
    "est.expert-loop": (
        "transformers runs the {experts} routed experts of each of {layers} MoE layers one by one in Python: {us:.0f} us "
        "per expert and layer = {ms:.1f} ms per step (Qwen3 speed benchmark, transformers 4.51)"
    ),
    "est.expert-loop-why": (
        "HF transformers MoE: experts run in a Python loop (no fused MoE kernel); decode is bound by that loop"
    ),
    "est.latency-floor": lambda r, _say: (
        "latency floor of the serving engine's small dependent kernels: "
        + " + ".join(
            (
                [
                    f"{r.fields['moe_layers']} MoE layers x {r.num('moe_us'):.0f} us (router, top-k, expert kernels "
                    "at a few tokens each, combine)"
                ]
                if r.fields.get("moe_layers")
                else []
            )
            + (
                [
                    f"{r.fields['mla_layers']} MLA layers x {r.num('mla_us'):.0f} us (absorbed attention's projection, "
                    "norm and absorption kernels)"
                ]
                if r.fields.get("mla_layers")
                else []
            )
            + (
                [
                    f"{r.fields['ep_layers']} MoE layers x {r.num('ep_us'):.0f} us more under expert parallelism "
                    "(--enable-expert-parallel: dispatch to the experts' GPUs and combine)"
                ]
                if r.fields.get("ep_layers")
                else []
            )
        )
        + f" = {r.num('ms'):.2f} ms per step, whatever the batch, for "
        + _floor_release(r)
        + " (fitted on DeepSeek-R1 and Qwen3-235B runs)"
    ),
    # different cards in one machine (estimate.mixed)
    "est.mixed-share": "{card} {layers} layers ({share:.0%}) at {gbps:.0f} GB/s",
    "est.mixed-layers": lambda r, say: (
        f"layer split over different cards ({r.fields['cards']}), sized by memory as llama.cpp's --tensor-split "
        f"{r.fields['split']}: {', '.join(say(x) for x in r.nested('shares'))}. Each card reads its own layers at its "
        f"own bandwidth, one after another, so the step is the sum of their times plus {r.fields['hops']} hop(s) of "
        f"{r.num('us'):.0f} us = {r.num('ms'):.2f} ms -> {r.num('tps'):.1f} tokens/s per sequence"
    ),
    "est.mixed-card": "{card} {gib:.1f} of {gb:g} GB",
    "est.mixed-total": lambda r, say: (
        f"most loaded card: {r.num('gib'):.1f} GiB; " + "; ".join(say(x) for x in r.nested("cards"))
    ),
    "est.mixed-tensor": (
        "tensor parallel over different cards ({cards}): every layer ends in an all-reduce, so every rank waits for "
        "the slowest ({slow}, {tps:.1f} tokens/s as {n} of it); each rank holds an equal shard, so the smallest card "
        "({small}, {gb:g} GB) sets what fits (club-3090 #766: RTX 5090 + 3090 Ti at TP 2 ran near the 3090 Ti's pace)"
    ),
    "est.mixed-layers-why": (
        "mixed GPUs ({cards}): layers sized by each card's memory (llama.cpp splits by free memory; the launch "
        "command's --tensor-split fixes it), decode sums each card's time for its own layers"
    ),
    "est.mixed-tensor-why": (
        "mixed GPUs ({cards}) in tensor parallel: the slowest card's speed, the smallest card's memory per rank"
    ),
    # a cluster's plan (estimate.parallel)
    "est.layout-inference": "tensor parallel {tp} inside each node over {intra}, pipeline parallel {pp} across nodes over "
    "{inter}",
    "est.layout-tensor": (
        "tensor parallel {tp} inside each {node}-GPU node, where the fast link is ({link}): 4-6 all-reduces per layer "
        "need it"
    ),
    "est.layout-pipeline": lambda r, _say: (
        f"pipeline parallel {r.fields['pp']} (~{r.fields['layers']} layers per stage"
        + (f", interleaved 1F1B with {r.fields['chunks']} chunks per GPU" if r.fields.get("chunks") else "")
        + f"; {r.fields['micro']} micro-batches per step keep the bubble at {r.num('bubble'):.0%})"
    ),
    "est.layout-context": "context parallel {cp}: the sequence is split so its activations fit",
    "est.layout-expert": lambda r, _say: (
        f"expert parallel {r.fields['ep']}: each GPU holds {r.fields['experts']} of every MoE layer's experts and "
        f"sends its tokens to the others' by all-to-all over {r.fields['link']} (dispatch and combine, forward and "
        f"backward: {r.num('seconds'):.2f} s a step)"
    ),
    "est.layout-data": lambda r, _say: (
        f"data parallel {r.fields['dp']} over {r.fields['link']} with "
        + {
            0: "no ZeRO",
            1: "ZeRO-1 (optimizer states sharded)",
            2: "ZeRO-2 (optimizer states and gradients sharded)",
            3: "ZeRO-3 / FSDP (parameters sharded too)",
        }[int(r.num("zero"))]
    ),
    "est.microbatch-to-amortise": lambda r, _say: (
        f"micro-batch raised to {r.fields['batch']} sequences per GPU: every micro-batch gathers the whole sharded "
        f"model, so more sequences spread the same gathers over more compute ({r.num('hours'):,.0f} h at 1, "
        f"{r.num('now'):,.0f} h at {r.fields['batch']})"
        + ("; activation recomputation turned on to make room for it" if r.fields.get("recompute") else "")
    ),
    "est.recompute-to-fit": lambda r, _say: (
        "activation recomputation turned on"
        f": without it the busiest GPU needs {r.num('needed'):.1f} GiB, more than the {r.num('usable'):.1f} GiB it "
        f"may take; recomputing each layer's activations in the backward pass saves {r.num('saved'):.1f} GiB for "
        "about a third more compute (a practitioner's first step when a job does not fit)"
    ),
    "est.layout-recompute": lambda r, _say: (
        "activation recomputation on"
        if r.fields.get("on")
        else f"selective activation recomputation of {', '.join(r.fields['modules'])} (Megatron-Core)"  # type: ignore[arg-type]
        if r.fields.get("modules")
        else "no activation recomputation"
    ),
    "est.parallelism": lambda r, say: "parallelism: " + "".join(say(x) for x in r.nested("layout")),
    "est.layout": lambda r, say: (
        "; ".join(say(x) for x in r.nested("parts"))
        + f": {r.num('gib'):.1f} GiB per GPU of {r.num('usable'):.0f} usable ({r.num('free'):.0%} kept free), the "
        f"fastest layout that fits ({r.num('scaling'):.0%} of the step computing)"
    ),
    "est.plan-memory": lambda r, _say: (
        f"per GPU under {r.fields['layout']}: weights {r.num('weights'):.2f} + gradients {r.num('gradients'):.2f} + "
        f"optimizer {r.num('optimizer'):.2f} + activations {r.num('activations'):.2f} + overhead "
        f"{r.num('overhead'):.2f} = {r.num('gib'):.2f} GiB of {r.num('usable'):.2f} GiB the plan may use "
        f"({r.num('free'):.0%} of the card kept free) -> " + ("fits" if r.fields.get("fits") else "does NOT fit")
    ),
    "est.plan-time": lambda r, say: (
        f"step = compute {r.num('compute'):.2f} s + tensor {r.num('tensor'):.2f} s + pipeline {r.num('pipeline'):.2f} "
        f"s + data {r.num('data'):.2f} s exposed"
        + (f" + expert all-to-all {r.num('expert'):.2f} s" if r.fields.get("expert") is not None else "")
        + f" + restarts and run losses {r.num('restarts'):.2f} s = "
        f"{r.num('step'):.2f} s; {r.num('steps'):,.0f} steps of {r.num('m_tokens'):.1f}M tokens = "
        f"{r.num('hours'):,.1f} hours wall clock on {int(r.num('gpus')):,} GPUs = {r.num('gpu_hours'):,.0f} GPU-hours "
        f"(scaling efficiency {r.num('scaling'):.0%})" + "".join(f"; {say(m)}" for m in r.nested("mfu"))
    ),
    "est.plan-mfu": lambda r, say: (
        f"{say(r.nested('mfu')[0])}: compute-phase utilisation {r.num('utilisation'):.0%}"
        + (
            f" (the default less {r.num('less'):.0%} for GEMMs split {r.fields['ways']} ways)"
            if r.fields.get("less") is not None
            else ""
        )
        + f" x {r.num('scaling'):.0%} of the step computing"
    ),
    # weights in system RAM (estimate.offload)
    "est.cpu-only": "CPU only: all {layers} layers and the KV cache in system RAM = {gib:.2f} GiB",
    "est.placement": lambda r, _say: (
        f"{r.fields['ngl']} of {r.fields['layers']} layers on the GPUs (-ngl), split {r.fields['split']}"
        + (
            f"; experts of the first {r.fields['cpu_moe']} layers in RAM (--n-cpu-moe {r.fields['cpu_moe']})"
            if r.fields.get("cpu_moe")
            else ""
        )
        + (f", of the other {r.fields['gpu_moe']} in VRAM" if r.fields.get("gpu_moe") else "")
        + f"; {r.num('gib'):.2f} GiB in system RAM"
    ),
    "est.gpu-share": "GPU share: {gib:.2f} GiB per token at {share:.0%} of {gbps:g} GB/s = {ms:.2f} ms",
    "est.ram-share": lambda r, _say: (
        f"RAM share: {r.num('gib'):.2f} GiB per token at {r.num('gbps'):.0f} GB/s + {r.fields['layers']} layers x "
        f"{r.num('layer_us'):.0f} us"
        + (f" + {r.fields['trips']} GPU<->CPU round trips x {r.num('trip_us'):.0f} us" if r.fields.get("trips") else "")
        + (
            f" (the cores bind, not RAM: {r.num('gflop'):.1f} GFLOP at {r.num('per_cycle'):.1f} FLOPs a core and cycle x "
            f"{r.num('core_ghz'):.0f} core-GHz = {r.num('cores_ms'):.2f} ms)"
            if r.fields.get("cores_ms")
            else ""
        )
        + f" = {r.num('ms'):.2f} ms"
    ),
    "est.cpu-prefill": "CPU prefill: {gflop:.1f} GFLOP per token at {share:.0%} of {tflops:.2f} TFLOPS = {rate:.0f} tokens/s",
    "est.offload-prefill": lambda r, say: (
        f"prefill per {r.fields['ubatch']}-token micro-batch: compute {r.num('compute'):.3f} s ({_how(r, say)}) + "
        f"{r.num('gib'):.1f} GiB of RAM-resident weights over PCIe gen{r.fields['gen']} x{r.fields['lanes']} at "
        f"{r.num('gbps'):.0f} GB/s = {r.num('s'):.3f} s -> {r.num('rate'):.0f} tokens/s"
    ),
    "est.host-ram": "system RAM read at {gbps:.0f} GB/s effective ({peak:.0f} GB/s peak)",
    "est.prefill-unfitted": lambda r, _say: (
        "prefill outside the measured setups (no fitted prompt row "
        + ", ".join(
            part
            for part in (
                f"on {r.fields['architecture']} GPUs" if r.fields["architecture"] else "",
                f"with {r.fields['backend']}" if r.fields["backend"] else "",
                f"for a {r.num('params_b'):g}B model (smallest fitted {r.num('smallest_b'):g}B)"
                if r.num("params_b")
                else "",
            )
            if part
        )
        + "): its 80 % range comes from other setups and holds fewer measurements here"
    ),
    "est.prefill-pipeline": lambda r, _say: (
        f"llama.cpp runs this {int(r.num('prompt')):,}-token prompt as {r.fields['ubatch']}-token micro-batches pipelined "
        f"across the {r.fields['gpus']} cards (-sm layer): up to {r.num('gain'):.1f}x the one-card rate shown when they "
        "overlap (measured at 4,096 tokens: 1.6-2.9x for an 8B on 2-8 RTX 4090s, none for a 70B on 2-4 cards), which the "
        "figure and its range leave out"
    ),
    "est.numa": "dual socket: llama.cpp is not NUMA-aware, so one socket's bandwidth is assumed",
    "est.host-buffer": lambda r, _say: (
        "weights in RAM in the GPU's pinned host buffer (--no-mmap): copied to the card at the link's "
        f"{r.num('gbps'):.0f} GB/s"
        if r.fields["buffer"] == "pinned"
        else "weights in RAM in the model file's pageable mapping (llama.cpp's default mmap): the driver stages each "
        f"copy, {r.num('gbps'):.1f} GB/s; --no-mmap pins them (llama.cpp PR #28223)"
    ),
    # the host's RAM bandwidth (estimate.host.HostMemory.explanation)
    "est.channels": "{channels} of {of} channels populated per socket ({dimms} DIMMs)",
    "est.unbalanced": (
        "{dimms} DIMMs on {channels} channels per socket: {busiest} on some channels, fewer on others, so a read over "
        "all of them waits on the busiest: {read:g} channels' worth (populate every channel alike)"
    ),
    "est.dpc2": "2 DIMMs per channel: {socket} runs {memory} at {mts} MT/s",
    "est.ccd-limit": "{ccds} CCDs read at most {gbps:.0f} GB/s through their GMI links ({dram:.0f} GB/s of DRAM)",
    "est.sockets": lambda r, _say: (
        f"{r.fields['sockets']} sockets: "
        + (
            "NUMA-aware engine, bandwidth adds up"
            if r.fields.get("numa_aware")
            else "one process reads at one socket's bandwidth (llama.cpp --numa distribute spreads threads, not weights)"
        )
    ),
    "est.ram-rate": (
        "{channels:g} x {mts} MT/s x 8 B = {gbps:.1f} GB/s per socket; llama.cpp reads weights at {share:.0%} of it "
        "({platforms} platforms) = {effective:.0f} GB/s"
    ),
    "est.ram-given": (
        "{gbps:g} GB/s peak given; llama.cpp reads weights at {share:.0%} of it ({platforms} platforms) = "
        "{effective:.0f} GB/s"
    ),
    # the sheet's assembly notes (report.sheet.assembly_said)
    "asm.server": "A complete server ({name}): rack it, connect power and the network; no assembly.",
    "asm.nodes": lambda r, _say: (
        f"{r.fields['nodes']} identical nodes; interconnect: {r.fields.get('interconnect') or 'see ' + str(r.fields['rule']) + ' check'}."
    ),
    "asm.blower": (
        "Blower cards exhaust through the bracket and may sit back to back; in a mixed stack keep the blower cards at "
        "the top and any open-air card at the bottom."
    ),
    "asm.open-air-rail": "Open-air cards on the frame rail: leave at least one card width of air between them.",
    "asm.open-air": lambda r, _say: (
        f"Open-air cards in slots {r.fields['slots']}: keep the free slot under each card; the bottom card runs coolest."
        if "," in str(r.fields["slots"])
        else f"Open-air card in slot {r.fields['slots']}: keep the free slot under it, so its fans can draw air."
    ),
    "asm.passive": "Passive cards rely on the chassis's ducted fans: never run them with the fan wall or ducts removed.",
    "asm.risers": "Mount the cards on the frame rail and connect each through its riser; do not ship the rig assembled.",
    "asm.psu-sync": "Join the PSUs with the sync board so they start together; feed each card only from one PSU.",
    "asm.bios-4g": (
        "BIOS: enable Above 4G decoding and Resizable BAR (disable CSM); both are needed to map large-memory cards."
    ),
    "asm.bios-bifurcation": (
        "BIOS: set PCIe bifurcation / link width so the GPU slots run {split} if the board does not switch "
        "automatically."
    ),
    "asm.bios-riser": "BIOS: force riser slots to PCIe Gen4 (Gen3 if nvidia-smi -q shows link errors or a narrow link).",
    "asm.nvme-shared": (
        "Every M.2 socket shares lanes with a GPU slot: use a PCIe adapter for the drive or accept the narrower GPU "
        "link."
    ),
    "asm.nvme": lambda r, _say: (
        f"Put the NVMe drive{'s' if r.num('drives') > 1 else ''} in {r.fields['chosen']}"
        + (f"; leave {r.fields['avoid']} empty: a GPU slot shares those lanes." if r.fields.get("avoid") else ".")
    ),
    "asm.cap": "Cap each GPU at {watts} W (of {tdp:.0f} W) to stay within the PSU and circuit; run at every boot:",
    "asm.build-nodes": "Build {nodes} identical nodes.",
    # an estimate in one line (report.purchase.estimate_said)
    "sum.decode": lambda r, _say: (
        f"{r.num('tps'):,.1f} tokens/s per sequence"
        + (f" ({r.num('total'):,.0f} tokens/s in total)" if r.fields.get("total") is not None else "")
    ),
    "sum.training": "{hours:,.0f} h of training ({gpu_hours:,.0f} GPU-hours)",
    "sum.memory": lambda r, _say: (
        f"{r.num('gib'):.1f}" + (f" of {r.num('of'):.1f}" if r.fields.get("of") else "") + " GiB on the most loaded GPU"
    ),
    "sum.cards": lambda r, say: (
        f"{str(r.fields['nodes']) + ' nodes x ' if r.num('nodes') > 1 else ''}{say(r.nested('cards')[0])}, "
        f"{r.fields['split']} split"
    ),
    # a build's cards as a buyer names them (report.fit.gpus_said: the builds table, the comparison, the map, the
    # sheet): a card's short catalog name, how many of it, and the build's nodes
    "card.name": lambda r, _say: (
        str(r.fields["name"])
        + (" (modified)" if r.fields.get("modified") else f" ({r.fields['note']})" if r.fields.get("note") else "")
    ),
    "card.count": lambda r, say: f"{r.fields['count']} x {say(r.nested('name')[0])}",
    "card.gpus": lambda r, say: (
        (f"{r.fields['nodes']} nodes x " if r.num("nodes") > 1 else "") + " + ".join(say(c) for c in r.nested("cards"))
    ),
    # the speed a claim is about, as the table shows it
    "speed.user": _speed_user,
    "speed.training": _speed_training,
    "speed.none": "no training time",
}


Reason.model_rebuild()
