"""The rulebook (configurator/core/rules) against the CP-SAT model and the checks of a build.

1. Every constraint of the model comes from a registered rule (or from the model's structure, rules.STRUCTURE),
   and every rule that claims a model part has one. A rule's constraints are added only by its own `constrain`
   (BuildModel.apply): the builder cannot mark a constraint with a rule's id, and what it adds itself (the choice,
   the named sums, the price) never turns an assembly away, so a constraint written in the builder that is a rule in
   disguise fails here.
2. On generated assemblies, each rule's check and its constraints agree: the model holding only that rule (with the
   choice and the named sums it reads) accepts an assembly exactly when the check does not fail it (an "avoid"
   rule: exactly when the check passes it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.rules import REGISTRY, STRUCTURE, Rule, compat
from configurator.core.rules.base import HOOKS, Message, Verdict, at, register
from configurator.core.solve import prune
from configurator.core.solve.candidates import Candidates, gpu_options, platform_parts
from configurator.core.solve.rules import SECTIONS, Assembly, check_build
from configurator.core.solve.solver import BuildModel, usable_placement

REQUESTS = {
    "70B q4 at 120 V": BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"), circuits=2
    ),
    "32B bf16 vLLM on 230 V": BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", precision="bf16", batch=8, engine="vllm", context=8192),
        circuit="230v16a",
    ),
    "8B LoRA": BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="finetune", method="lora", context=2048, tokens=1e7),
        circuit="230v16a",
    ),
}
ASSEMBLIES = 120  # per request


def _model(catalog: Catalog, request: BuildRequest) -> tuple[BuildModel, Candidates]:
    arch = catalog.records["models"][request.model_id]
    assert isinstance(arch, ModelArch)
    memo.clear()
    cand = gpu_options(arch, request, catalog)
    platform_parts(request, catalog, cand, arch)
    return BuildModel(request, cand, arch, catalog), cand


@pytest.fixture(scope="module")
def models(catalog: Catalog) -> Iterator[dict[str, tuple[BuildModel, Candidates]]]:
    BuildModel.track_families = True
    try:
        yield {label: _model(catalog, request) for label, request in REQUESTS.items()}
    finally:
        BuildModel.track_families = False


def test_every_constraint_of_the_model_comes_from_a_registered_rule(
    models: dict[str, tuple[BuildModel, Candidates]],
) -> None:
    with_constraints: set[str] = set()
    for bm, _cand in models.values():
        count = len(bm.m.proto.constraints)
        attributed = sorted(i for indexes in bm.families.values() for i in indexes)
        assert attributed == list(range(count)), "each constraint is recorded under exactly one family"
        assert set(bm.families) <= set(REGISTRY) | set(STRUCTURE), set(bm.families) - set(REGISTRY) - set(STRUCTURE)
        with_constraints |= {family for family, indexes in bm.families.items() if indexes and family in REGISTRY}
        assert set(bm.rules_applied) <= set(REGISTRY)
    claimed = {rule.id for rule in REGISTRY.values() if rule.model}
    assert with_constraints == claimed


def test_a_rules_constraints_come_only_from_its_own_constrain(models: dict[str, tuple[BuildModel, Candidates]]) -> None:
    """The builder adds a rule's constraints only through `apply` (it refuses to mark one with a rule's id), and a rule
    has a part in the model exactly when it implements `constrain`."""
    bm, _cand = models["70B q4 at 120 V"]
    for rule_id in REGISTRY:
        with pytest.raises(ValueError):
            bm._mark(rule_id)
    for rule in REGISTRY.values():
        assert (type(rule).constrain is not Rule.constrain) == bool(rule.model), rule.id


def test_the_builder_applies_every_registered_rule_where_it_says_in_its_order(
    models: dict[str, tuple[BuildModel, Candidates]],
) -> None:
    """A rule enters the model by its own `model` (builder points, rules.base.HOOKS): the builder names no rule, so a
    registered rule is applied with no line in solve/solver.py; two rules at one point never share a place."""
    for rule in REGISTRY.values():
        for place in rule.model:
            assert place.hook in HOOKS, (rule.id, place.hook)
    for hook in HOOKS:
        orders = [(a.order, dict(a.site)) for r in REGISTRY.values() for a in r.model if a.hook == hook]
        assert len({repr(o) for o in orders}) == len(orders), (hook, orders)
    solver_text = (Path(__file__).resolve().parents[2] / "configurator" / "core" / "solve" / "solver.py").read_text()
    assert solver_text.count("self.apply(") == 1, "the builder applies rules by point (rules_at), never one by name"
    bm, _cand = models["70B q4 at 120 V"]
    applied = [rule_id for rule_id in dict.fromkeys(bm.rules_applied)]
    expected = [r.id for r in REGISTRY.values() if r.model]
    assert sorted(applied) == sorted(expected)


def test_a_new_rule_is_one_object_that_the_model_the_checks_and_the_words_pick_up(catalog: Catalog) -> None:
    """Adding a build rule is its class: registered, the builder applies its constraints where it says (`model`), the
    checks of a build list its verdict where it says (`listed`), and its Chinese is on its messages."""
    from configurator.core.report import words

    class Tiny(Rule):
        id = "PWR-TINY"
        title = "a test rule: no supply above 3,000 W"
        severity = "fail"
        sources = ("this test",)
        reads = ("psu_w",)
        messages = (Message("big", "{psu_w:.0f} W of PSU", zh="电源 {psu_w:.0f} 瓦"),)
        model = (at("psu", 75),)
        listed = 257

        def constrain(self, model: Any, **site: Any) -> None:
            if site["ps"].capacity_w > 3000:
                model.m.add_bool_or([site["lit"].negated()])

        def assess(self, build: Any) -> Verdict | None:
            return self.verdict(build.psu_w <= 3000, "big", psu_w=build.psu_w)

    register(Tiny)
    BuildModel.track_families = True
    try:
        request = REQUESTS["70B q4 at 120 V"]
        bm, cand = _model(catalog, request)
        assert bm.families.get("PWR-TINY"), "its constraints are in the model, under its id"
        rng = random.Random(1)
        while (picks := _picks(bm, cand, rng)) is None or (assembly := _assembly(bm, cand, picks)) is None:
            pass
        checks = check_build(assembly, request, bm.options[picks["o"]].estimate, cand.storage_need_gb)
        (tiny,) = [c for c in checks if c.rule == "PWR-TINY"]
        with words.language("zh_CN"):
            assert words.check_text(tiny) == f"电源 {assembly.psu_capacity_w:.0f} 瓦"
    finally:
        del REGISTRY["PWR-TINY"]
        BuildModel.track_families = False


def test_a_rule_judges_a_build_by_assess_exactly_when_it_has_a_place_among_its_checks() -> None:
    for rule in REGISTRY.values():
        assert (type(rule).assess is not Rule.assess) == (rule.listed is not None), rule.id
    places = [rule.listed for rule in REGISTRY.values() if rule.listed is not None]
    assert len(places) == len(set(places)), "two rules never share a place"
    assert not set(places) & {place for place, _section in SECTIONS}


def test_the_search_bounds_an_options_parts_by_every_rule_that_says_so() -> None:
    """A rule bounds the cheapest parts of an option (solve/lazy.py reads the registry) exactly when it has `admits`,
    and only kinds of parts the search prices."""
    for rule in REGISTRY.values():
        assert (type(rule).admits is not Rule.admits) == bool(rule.bounds), rule.id
        assert set(rule.bounds) <= {"cpu", "chassis", "psu", "memory"}, rule.id
    assert {kind for rule in REGISTRY.values() for kind in rule.bounds} == {"cpu", "chassis", "psu", "memory"}


# ---------------------------------------------------------------- check and constraint agree

AGREE = tuple(dict.fromkeys(" ".join(sorted({rule.id, *rule.agrees_with})) for rule in REGISTRY.values() if rule.model))
"""Every rule with a part in the model, alone or with the rules its `agrees_with` names (ids joined by a space), found
in the registry: RAM-6's check counts the DIMM slots too, which the model bounds through RAM-4's usable DIMMs (never
more than the slots); the placement rules read one another's facts (where the cards sit, the openings they reach,
whether they hang on risers). An assembly fixes every choice and whether its cards hang on risers (seated where they
can be)."""


def _only(bm: BuildModel, *families: str) -> Any:
    """A copy of the model with the choice, the named sums and these families' constraints: the others emptied."""
    from ortools.sat.python import cp_model

    kept = {i for family in ("choice", "definition", *families) for i in bm.families.get(family, [])}
    copy = bm.m.clone()
    empty = cp_model.CpModel().proto.constraints.add()
    for index in range(len(copy.proto.constraints)):
        if index not in kept:
            copy.proto.constraints[index].copy_from(empty)
    right_sized = copy.proto.variables[bm.right_sized_psu.index].domain
    right_sized[0] = right_sized[1] = 1  # as every label but "room to grow" solves
    return copy


def _picks(bm: BuildModel, cand: Candidates, rng: random.Random) -> dict[str, int] | None:
    """One random assembly of candidates: a CPU its board takes (one in ten: any CPU of its socket, which CPU-2 may
    turn away by its memory or its family), a barebone's own modules with the barebone."""
    board = rng.randrange(len(bm.boards))
    cpus = [i for i, c in enumerate(bm.cpus) if compat.cpu_board(c, bm.boards[board]).status != "fail"]
    if not cpus or rng.random() < 0.1:
        cpus = [i for i, c in enumerate(bm.cpus) if c.socket == bm.boards[board].socket]
    if not cpus:
        return None
    psu = rng.randrange(len(bm.psu_choices))
    index = bm.psu_choices[psu].chassis_index
    chassis = index if index is not None else rng.randrange(len(bm.chassis))
    return {
        "o": rng.randrange(len(bm.options)),
        "b": board,
        "cpu": rng.choice(cpus),
        "h": chassis,
        "s": psu,
        "mem": rng.randrange(len(bm.mem_choices)),
        "cool": rng.randrange(len(cand.coolers)),
        "d": rng.randrange(len(bm.sto_choices)),
    }


def _assembly(bm: BuildModel, cand: Candidates, p: dict[str, int]) -> Assembly | None:
    option, board = bm.options[p["o"]], bm.boards[p["b"]]
    seated = usable_placement(cand, board, option, False, bm.training)
    if seated is None and usable_placement(cand, board, option, True, bm.training) is None:
        return None  # SLOT-1: the cards have no place on this board at all
    placement = cand.placement(board, option, seated is None)
    if placement is None:
        return None
    ps = bm.psu_choices[p["s"]]
    (kit, kits), (drive, drives) = bm.mem_choices[p["mem"]], bm.sto_choices[p["d"]]
    return Assembly(
        gpu=option.gpu,
        gpus=option.count,
        board=board,
        cpu=bm.cpus[p["cpu"]],
        sockets=board.cpu_sockets,
        chassis=bm.chassis[p["h"]],
        psu=ps.psu.record if ps.psu else None,
        psu_count=ps.count,  # type: ignore[arg-type]
        memory=kit.record,
        memory_count=kits,
        cooler=cand.coolers[p["cool"]].record,  # type: ignore[arg-type]
        storage=drive.record,
        storage_count=drives,
        placement=placement,
        risers=seated is None,  # type: ignore[arg-type]
        largest_single_psu_w=bm.single_psu_w[p["o"]],  # PWR-8's fact of this option (watts.largest_single_psu_w)
        card_usd=option.card_usd,  # COOL-2's shroud frame ceiling (compat.SHROUD_MAX_CARD_USD)
    )


def _passes(rule: Rule, checks: list[Any]) -> bool:
    """The check lets the build stand: no failure (an "avoid" rule: no warning either)."""
    statuses = {c.status for c in checks if c.rule == rule.id}
    return statuses <= {"pass"} if rule.severity == "avoid" else "fail" not in statuses


def _feasible(copy: Any, bm: BuildModel, p: dict[str, int]) -> bool:
    from ortools.sat.python import cp_model

    groups = {"o": bm.o, "b": bm.b, "cpu": bm.cpu, "h": bm.h, "s": bm.s, "mem": bm.mem, "cool": bm.cool, "d": bm.d}
    for name, chosen in p.items():
        if name == "risers":  # whether the cards hang on risers is part of the assembly
            domain = copy.proto.variables[bm.needs_risers.index].domain
            domain[0] = domain[1] = chosen
            continue
        for k, var in enumerate(groups[name]):
            domain = copy.proto.variables[var.index].domain
            domain[0] = domain[1] = int(k == chosen)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(copy) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.fixture(scope="module")
def agreement(models: dict[str, tuple[BuildModel, Candidates]]) -> dict[str, dict[str, Any]]:
    """Per request: the generated assemblies where a rule's check and constraints disagree, and how many assemblies
    broke and kept each rule (or group of AGREE)."""
    out: dict[str, dict[str, Any]] = {}
    for label, (bm, cand) in models.items():
        copies = {group: _only(bm, *group.split()) for group in AGREE}
        rng = random.Random(20261202)
        tried, disagree = 0, []
        broken, kept = dict.fromkeys(AGREE, 0), dict.fromkeys(AGREE, 0)
        while tried < ASSEMBLIES:
            picks = _picks(bm, cand, rng)
            assembly = None if picks is None else _assembly(bm, cand, picks)
            if picks is None or assembly is None:
                continue
            tried += 1
            picks["risers"] = int(assembly.risers)
            option = bm.options[picks["o"]]
            checks = check_build(assembly, REQUESTS[label], option.estimate, cand.storage_need_gb)
            for group in AGREE:
                passes = all(_passes(REGISTRY[rule_id], checks) for rule_id in group.split())
                broken[group] += not passes
                kept[group] += passes
                if _feasible(copies[group], bm, picks) != passes:
                    disagree.append((group, picks, [c.message for c in checks if c.rule in group.split()]))
        out[label] = {"disagree": disagree, "broken": broken, "kept": kept}
    return out


@pytest.mark.parametrize("label", list(REQUESTS))
def test_each_rules_check_and_constraints_agree_on_generated_assemblies(
    agreement: dict[str, dict[str, Any]], label: str
) -> None:
    disagree = agreement[label]["disagree"]
    assert not disagree, disagree[:10]
    assert sum(agreement[label]["broken"].values()) > 0, "the generated assemblies break some rule"


@pytest.mark.parametrize("group", AGREE)
def test_the_generated_assemblies_break_and_keep_every_rule_of_the_model(
    agreement: dict[str, dict[str, Any]], group: str
) -> None:
    """Every registered rule with constraints is in the agreement test (AGREE reads the registry), and the generator
    exercises it: some assembly breaks it and some keeps it, or the agreement says nothing of it. A new rule the
    generator (`_picks`, `_assembly`, REQUESTS) never breaks fails here under its id: give the generator the parts
    that break it."""
    broken = sum(result["broken"][group] for result in agreement.values())
    kept = sum(result["kept"][group] for result in agreement.values())
    assert broken and kept, f"{group}: broken by {broken}, kept by {kept} of the generated assemblies"


@pytest.mark.parametrize("label", list(REQUESTS))
def test_what_the_builder_adds_itself_never_turns_an_assembly_away(
    models: dict[str, tuple[BuildModel, Candidates]], label: str
) -> None:
    """The choice, the named sums and the price (rules.STRUCTURE but the budget and the user's own parts) accept every
    assembly of candidates, the impossible ones too: whatever forbids a build is a rule, with its id and its check."""
    bm, cand = models[label]
    copy = _only(bm, "cost")
    rng = random.Random(20261204)
    for _ in range(ASSEMBLIES // 2):
        picks = _picks(bm, cand, rng)
        if picks is not None:
            assert _feasible(copy, bm, picks), picks


# ---------------------------------------------------------------- dominance pruning sees what the rules read

PRUNE_KEYS: dict[str, tuple[str, Any]] = {
    "psu": ("psus", prune.psu_key),
    "chassis": ("chassis", prune.chassis_key),
    "cooler": ("coolers", prune.cooler_key),
    "cpu": ("cpus", prune.cpu_key),
    "board": ("motherboards", prune.board_key),
    "memory": ("memory", prune.memory_key),
    "storage": ("storage", prune.storage_key),
}
COVERED: dict[tuple[str, str], Any] = {
    ("cooler", "sockets"): prune.cooler_covers,
    ("board", "cpu_families"): prune.board_covers,
}  # what a key cannot say, a `covers` test says
SEEN_AS: dict[tuple[str, str], Any] = {
    # what the rules see of a field, where a key holds only that: PWR-3/4 tell ATX 3.x with a native 12V-2x6 plug from
    # the rest (and CRPS modules); PWR-6 counts the 12V-2x6, 8-pin PCIe and EPS plugs
    ("psu", "atx_version"): lambda p: (p.atx_version in ("3.0", "3.1") and p.native_12v2x6, p.atx_version == "crps"),
    ("psu", "native_12v2x6"): lambda p: (p.atx_version in ("3.0", "3.1") and p.native_12v2x6, p.atx_version == "crps"),
    ("psu", "connectors"): lambda p: (p.connectors.hpwr16, p.connectors.pcie8, p.connectors.eps8),
}
KNOWN_GAPS = {
    ("cpu", "family"): "CPU-2 reads it, prune.cpu_key does not: no board in the catalog takes one family of a group of "
    "otherwise equal CPUs and not another, so no pruning is wrong today (a `covers` test is the fix)",
    ("cpu", "integrated_graphics"): "DISPLAY reads it on CPU-only machines (solve/machines.py), which the GPU solver's "
    "dominance pruning never sees; a build with GPUs has a card to boot with",
}


def _variants(record: Any, field: str, seen: list[Any]) -> list[Any]:
    """The record with `field` set to each other value the catalog has for it (a count: one more)."""
    value = getattr(record, field)
    if isinstance(value, BaseModel):
        return [
            record.model_copy(update={field: value.model_copy(update={sub: getattr(value, sub) + 1})})
            for sub, info in type(value).model_fields.items()
            if info.annotation is int
        ]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [record.model_copy(update={field: value + 1})]
    if isinstance(value, tuple) and value:
        return [record.model_copy(update={field: value[:-1]})]
    return [record.model_copy(update={field: other}) for other in seen if other != value]


@pytest.mark.parametrize("kind", list(PRUNE_KEYS))
def test_dominance_pruning_keys_see_every_fact_the_rules_read(catalog: Catalog, kind: str) -> None:
    """A part differing from another in a fact some rule reads is never judged by a key blind to it: the signature or
    the merit changes (or a `covers` test tells them apart), so no part stands for one a rule treats otherwise."""
    table, key = PRUNE_KEYS[kind]
    fields = sorted(
        {read.split(".", 1)[1] for rule in REGISTRY.values() for read in rule.reads if read.startswith(kind + ".")}
        - {f for k, f in KNOWN_GAPS if k == kind}
    )
    records = list(catalog.records[table].values())
    blind = []
    for field in fields:
        seen = list({repr(getattr(r, field)): getattr(r, field) for r in records}.values())
        for record in records:
            for variant in _variants(record, field, seen):
                summary = SEEN_AS.get((kind, field))
                if summary is not None and summary(variant) == summary(record):
                    continue  # the rules cannot tell them apart either
                cover = COVERED.get((kind, field))
                if cover is not None and not (cover(variant, record) and cover(record, variant)):
                    continue
                if key(variant) == key(record):
                    blind.append((field, record.id))
    assert not blind, sorted(set(blind))[:20]


# ---------------------------------------------------------------- a check is a code and fields, its words rendered


def test_every_check_of_a_generated_assembly_is_a_code_and_fields_that_render_its_words(
    models: dict[str, tuple[BuildModel, Candidates]],
) -> None:
    """The English a check carries is its rule's message rendered from the check's own fields, and the Chinese is
    rendered from the same fields (report/words.py): nothing is a sentence without its code."""
    from configurator.core.report import words

    rng = random.Random(20261203)
    seen: set[tuple[str, str]] = set()
    for label, (bm, cand) in models.items():
        tried = 0
        while tried < 20:
            picks = _picks(bm, cand, rng)
            assembly = None if picks is None else _assembly(bm, cand, picks)
            if picks is None or assembly is None:
                continue
            tried += 1
            estimate = bm.options[picks["o"]].estimate
            for check in check_build(assembly, REQUESTS[label], estimate, cand.storage_need_gb):
                rule = REGISTRY[check.rule]
                assert rule.message(check.code).render(check.fields) == check.message, (check.rule, check.code)
                with words.language("zh_CN"):
                    chinese = words.check_text(check)
                assert chinese and chinese != check.message, (check.rule, check.code, chinese)
                seen.add((check.rule, check.code))
    assert len(seen) >= 30, sorted(seen)


def test_ram7_balance_is_one_avoid_rule_that_the_solver_the_checks_and_the_cpu_only_bounds_share(
    catalog: Catalog, models: dict[str, tuple[BuildModel, Candidates]]
) -> None:
    """advice17 made RAM-4 fail uneven channels where decode reads weights from RAM and warn otherwise, and the model
    allowed them where the weights sit in VRAM: a dual Xeon Gold 6248 fine-tune (12 channels) was shown with 8 or 16
    DIMMs (dimm29). RAM-7 is "avoid": the model forbids an unequal population whatever the job (unless the memory is
    the user's own), the check warns where a build has one, worded for decode from RAM or weights in VRAM, and says
    the share of the bandwidth left (the estimate's host bandwidth reads the same arithmetic)."""
    from configurator.core.catalog.models import Cpu, Motherboard

    cpu = next(c for c in catalog.records["cpus"].values() if isinstance(c, Cpu) and c.memory_channels == 12)
    board = next(
        b
        for b in catalog.records["motherboards"].values()
        if isinstance(b, Motherboard) and b.socket == cpu.socket and b.memory_channels == 12 and b.cpu_sockets == 1
    )
    in_vram = compat.channel_balance(cpu, board, 8)
    from_ram = compat.channel_balance(cpu, board, 8, from_ram=True)
    assert (in_vram.status, from_ram.status) == ("warn", "warn")
    assert from_ram.rule == in_vram.rule == "RAM-7" and REGISTRY["RAM-7"].severity == "avoid"
    assert "decode reads the weights from RAM" in from_ram.message and "67%" in from_ram.message
    assert compat.channel_balance(cpu, board, 12, from_ram=True).status == "pass"
    assert compat.channel_balance(cpu, board, 16).fields["share"] == pytest.approx(8 / 12)  # 4 with two: 8 channels
    assert compat.dimm_population(cpu, board, compat.usable_dimms(cpu, board) + 1).status == "fail"
    # the model: on every request (weights in VRAM too), no build's DIMMs leave a channel empty or unequal
    for bm, _cand in models.values():
        assert bm.families.get("RAM-7"), "RAM-7's constraints are in every model"
