"""What a build rule is: an id, a severity, its sources, the facts it reads, its message templates, and
optionally its part of the CP-SAT model and its bound for the search (docs/build-rules.md, Part 2)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeVar, cast

from configurator.core.common.base import BaseModel, ConfigDict
from configurator.core.common.shapes import CheckJson
from configurator.core.common.trusted import constructor
from configurator.core.rules.facts import BuildFacts, OptionNeed

Severity = Literal["fail", "avoid", "warn"]
"""One fact per rule, read by the solver and the check alike:

- ``fail``: no build breaks it. The CP-SAT model forbids it; the check fails a build that does.
- ``avoid``: the model forbids it unless the user owns the part or a label asks for it ("room to grow");
  the check warns when a build does.
- ``warn``: a recommendation. The check warns; the model does not constrain it.
"""
Status = Literal["pass", "warn", "fail"]

STRUCTURE: Mapping[str, str] = {
    "choice": "exactly one candidate of each kind (GPU option, board, CPU, case, PSU, memory, cooler, storage)",
    "definition": "names for sums and classes the rules read (DC load, GPU count, RAM size, a class of parts)",
    "cost": "the price of a build, and the riser count it pays for",
    "budget": "the price within the budget (or below a cheaper variant's cap)",
    "owned": "the user's own parts are used",
    "room": "room for one more of the chosen card, bought alone: held only while the room-to-grow search assumes it",
    "search": "what solving adds: another GPU option or build than the last answers', a bound, an assumption",
}
"""Constraints of the model that are no build rule: they define the choice, name the facts and the price."""

HOOKS: Mapping[str, str] = {
    "platform": "the choice made: boards, CPUs (`b`, `cpu`)",
    "place": "one class of GPU options on one class of boards: `cards` and `board` (their literals), `normal` and "
    "`risers` (the cards' Placement seated and on risers, or None); the cards' lanes are named after",
    "geometry": "every class placed: `needs_risers`, `open_frame`, `openings` (the case openings the cards reach)",
    "lanes": "`gpu_lanes` (the cards' lanes), `nvme_count`, `bay_board`",
    "gpu count": "`gpu_count`",
    "case": "the chassis chosen (`h`), the options (`o`)",
    "cooling": "`ducted`, `tower`, `passive`, `open_air`, `flagships` (classes of cases and cards)",
    "psu kinds": "the PSU choices (`psu_choices`, `s`): desktop units x1 or x2, a barebone's own modules",
    "psu": "one PSU choice: `ps` (a _PsuChoice) and `lit` (its literal); `dc`, `fast_w`, `slow_w`, `spike_w`, "
    "`need_vars`, `eps_vars`, `right_sized_psu`, `largest_single_psu_w` (PWR-8's fact by value: the literal of the "
    "options whose cards it fits)",
    "ram size": "`ram_gb`",
    "dimms": "`dimms` (the DIMM count), `mem_choices` (the kits and counts, owned or bought)",
    "cooler": "the CPU coolers (`cool`)",
    "storage": "the drives (`d`), `server_cpu`",
}
"""The builder's named points (solve/solver.py, BuildModel) where rules enter the CP-SAT model, in the order the
builder reaches them, and what the model has named by then (what a rule's `constrain` may read, and the `site` it
gets there). A rule says where it enters with `At` (its `model`); the builder applies, at each point, every registered
rule that enters there, in their `order`."""


@dataclass(frozen=True)
class At:
    """Where a rule enters the CP-SAT model: a builder point (HOOKS), its place among the rules applied there (the
    order decides CP-SAT's equal-cost ties: new rules take a free number), and fixed arguments of its `constrain`."""

    hook: str
    order: int
    site: tuple[tuple[str, Any], ...] = ()


def at(hook: str, order: int, **site: Any) -> At:
    if hook not in HOOKS:
        raise ValueError(f"{hook!r} is no builder point (rules.base.HOOKS)")
    return At(hook, order, tuple(site.items()))


Field = bool | int | float | str | None | tuple[int | float | str, ...]
"""A typed field of a check: a number, a name, or a list of them (slot positions, link widths)."""
Template = str | Callable[[Mapping[str, Any]], str]
"""A format string over a check's fields, or a function of them (for wording that depends on a value)."""


@dataclass(frozen=True)
class Message:
    """A sentence a buyer reads, rendered from typed fields (the same text, whatever reads the code)."""

    code: str
    template: Template
    zh: Template | None = None
    """The Chinese (report/words.py renders it with the same fields): a rule's words in every language, in its file.
    None: the Chinese is still in words.ZH_CHECKS."""

    def render(self, fields: Mapping[str, Any]) -> str:
        if isinstance(self.template, str):
            return self.template.format(**fields)
        return self.template(fields)


OF_CARD = "of_card"
"""A check's field naming which card of a mixed build its finding is about (solve.mixed; the English message starts
with the name, report/words.check_text puts it before the Chinese)."""


class Check(BaseModel):
    """A rule's finding on one build: the rule's id, the status, the message's code and typed fields, and its English
    text rendered from them (`core.report.words.check_text` renders it in the sheet's or window's language)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    rule: str
    status: Status
    message: str
    code: str = ""
    fields: dict[str, Field] = {}

    def to_json(self) -> CheckJson:
        """One element of a build's "checks" in `plan --json` (a scripting contract: keep its keys)."""
        return {
            "rule": self.rule,
            "status": self.status,
            "message": self.message,
            "code": self.code,
            "fields": {k: list(v) if isinstance(v, tuple) else v for k, v in self.fields.items()},
        }


STATUS_ORDER: dict[str, int] = {"fail": 0, "warn": 1, "pass": 2}
"""The order a build's checks are listed in: failures, then warnings, then passes (the window's Checks tab, the sheet
and `plan` read them top down; a build's "5 warn" should show its five warnings first)."""


def in_status_order(checks: Iterable[Check]) -> tuple[Check, ...]:
    """`checks` failures first, then warnings, then passes; a stable sort, so each group keeps its rules' order."""
    return tuple(sorted(checks, key=lambda c: STATUS_ORDER[c.status]))


new_check = constructor(Check)
"""Check.model_construct with every field given, without its per-field lookups (core.trusted)."""


Verdict = Check
"""What a rule's `check` returns: a Check (the name the rulebook's checks were written with)."""


class Rule:
    """One build rule. Subclasses set the class attributes and implement what they take part in:
    `check` (facts of one build -> Verdict), `constrain` (their constraints in the CP-SAT model) and,
    where the search prunes by them, a bound (named by the rule's own methods)."""

    id: ClassVar[str]
    title: ClassVar[str]
    severity: ClassVar[Severity]
    sources: ClassVar[tuple[str, ...]]
    reads: ClassVar[tuple[str, ...]]
    """The facts of a build (or of its candidate parts) the rule looks at."""
    messages: ClassVar[tuple[Message, ...]]
    model: ClassVar[tuple[At, ...]] = ()
    """Where the rule enters the CP-SAT model (none: a check only): the builder points that apply its `constrain`."""
    agrees_with: ClassVar[tuple[str, ...]] = ()
    """Rules whose constraints this rule's check reads too (tests/core/test_rule_registry.py checks them together)."""
    quiet: ClassVar[bool] = False
    """Listed among a build's checks only when it does not pass (no solved build breaks it)."""
    explains: ClassVar[tuple[str, ...]] = ()
    """Codes of passing findings a build's explanation shows all the same (`explaining`): a choice the buyer would
    question, said with its reason (PCI-5: the second card on the chipset's x4 slot under a layer split)."""
    listed: ClassVar[int | None] = None
    """Its place among a build's checks (solve/rules.py, check_build: the sections' places are solve.rules.SECTIONS)
    when it judges an assembled machine by `assess`; None: its check is called where its facts are."""

    @property
    def broken(self) -> Status:
        """The status of a build that breaks the rule."""
        return "fail" if self.severity == "fail" else "warn"

    def message(self, code: str) -> Message:
        return next(m for m in self.messages if m.code == code)

    def verdict(self, ok: bool, code: str, **fields: Any) -> Verdict:
        """Pass, or the rule's own broken status, with the message `code` rendered from `fields`."""
        return self.say("pass" if ok else self.broken, code, **fields)

    def say(self, status: Status, code: str, **fields: Any) -> Check:
        """The check with the message `code` rendered from `fields` (already typed: not validated again); inside
        `statuses_only()` its message is left empty, unrendered."""
        message = "" if _STATUSES_ONLY.get() else self.message(code).render(fields)
        return new_check(rule=self.id, status=status, code=code, fields=fields, message=message)

    bounds: ClassVar[tuple[str, ...]] = ()
    """The part kinds ("cpu", "chassis", "psu", "memory") the search bounds by this rule: a build with a GPU option
    costs at least the cheapest part of each kind that every rule bounding it `admits` (solve/lazy.py)."""

    def admits(self, kind: str, need: OptionNeed, part: Any) -> bool:
        """Whether a part of `kind` may go with an option asking `need`, by the same test the model applies: a
        "cpu" is a CpuSeat, a "chassis" its record, a "psu" its capacity in watts, "memory" its size in GB."""
        raise NotImplementedError(f"{self.id} bounds no part of the search")

    def shown(self, verdict: Verdict) -> Verdict | None:
        """The verdict as a build lists it: a quiet rule's pass is left out."""
        return None if self.quiet and verdict.status == "pass" else verdict

    def assess(self, build: BuildFacts) -> Verdict | tuple[Verdict, ...] | None:
        """This rule's check of one assembled machine (a few rules give more than one finding), or None where it does
        not apply (its `listed` place says where the check goes among the build's)."""
        raise NotImplementedError(f"{self.id} judges no assembled machine")

    def constrain(self, model: Any, **site: Any) -> None:
        """Add this rule's constraints to a BuildModel (solve/solver.py); `site` is what the builder's step
        iterates over where the rule applies per candidate (e.g. one PSU choice and its literal)."""
        raise NotImplementedError(f"{self.id} has no part in the CP-SAT model")


_STATUSES_ONLY: ContextVar[bool] = ContextVar("statuses_only", default=False)
"""Per thread (a context variable): the window's plan on its worker thread never empties another thread's messages."""


@contextmanager
def statuses_only() -> Iterator[None]:
    """Checks asked inside are read for their status alone (a search that keeps a yes or no per combination, as the
    CPU-only source's thousands of compatibility checks: solve/machines.py): their messages are not rendered. A check
    made inside must not leave it (no build lists one)."""
    token = _STATUSES_ONLY.set(True)
    try:
        yield
    finally:
        _STATUSES_ONLY.reset(token)


REGISTRY: dict[str, Rule] = {}


def explaining(checks: Iterable[Check]) -> list[Check]:
    """The passing checks a build's explanation shows (each rule's `explains`): the CLI's lines and the sheet's slot
    map say them beside the failures and warnings."""
    return [c for c in checks if c.status == "pass" and c.rule in REGISTRY and c.code in REGISTRY[c.rule].explains]


_AT: dict[str, list[tuple[Rule, dict[str, Any]]]] = {}
_INDEXED = [0]  # the registry's size when _AT was built


def rules_at(hook: str) -> list[tuple[Rule, dict[str, Any]]]:
    """The registered rules that enter the model at builder point `hook`, in their order, each with its fixed site."""
    if _INDEXED[0] != len(REGISTRY):
        _AT.clear()
        entries = sorted(((a.hook, a.order, r.id), r, dict(a.site)) for r in REGISTRY.values() for a in r.model)
        for (hook_name, _order, _id), r, site in entries:
            _AT.setdefault(hook_name, []).append((r, site))
        _INDEXED[0] = len(REGISTRY)
    return _AT.get(hook, [])


def register(cls: type[Rule]) -> type[Rule]:
    """Class decorator: one instance of each rule, under its id."""
    if cls.id in REGISTRY:
        raise ValueError(f"rule {cls.id} registered twice")
    REGISTRY[cls.id] = cls()
    return cls


def rule(rule_id: str) -> Rule:
    return REGISTRY[rule_id]


R = TypeVar("R", bound=Rule)


def instance(cls: type[R]) -> R:
    """The registered object of a rule class (what the checks, the model and the bounds call)."""
    return cast(R, REGISTRY[cls.id])
