"""Reason codes (#33): what the core reports carries a code and typed fields, its sentences are rendered from them
(English in core.reasons, Simplified Chinese in core.report.words), and no sentence is read back, so rewording one
changes no behaviour; a Chinese sheet says why nothing fits, and the ways out, in Chinese (#31)."""

from __future__ import annotations

import pytest

from configurator.core.common import reasons
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, Infeasible
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.report.purchase import SheetMeta
from configurator.core.report.sheet import build_sheet_html
from configurator.core.solve import relax
from configurator.core.solve.candidates import Candidates
from configurator.core.solve.plan import plan


def _cards(catalog, count: int):  # type: ignore[no-untyped-def]
    """`count` PCIe cards and one SXM module of the shipped catalog, largest memory first."""
    pcie = sorted((g for g in catalog.gpus if g.form_factor == "pcie"), key=lambda g: -g.vram_gb)[:count]
    module = next(g for g in catalog.gpus if g.form_factor != "pcie")
    return pcie, module


def test_a_reworded_rejection_is_classified_by_its_code(catalog, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The closest card per kind of shortfall comes from the codes: words that say "tokens/s" for a memory shortfall
    (the old classifier's `"GiB" in why`) and a module's rejection worded like a finding change nothing but the text."""
    (big, small), module = _cards(catalog, 2)
    cand = Candidates(
        rejected_gpus={
            big.id: Reason.of("gpu.memory", gib=90.0, n=8),
            small.id: Reason.of("gpu.speed", tps=4.0, n=1, asked=10.0),
            module.id: Reason.of("gpu.module", form=module.form_factor.upper()),
        }
    )
    before = relax._closest(cand, catalog)
    assert set(before) == {"memory", "speed"} and before["memory"][1] == big.name

    monkeypatch.setitem(reasons.EN, "gpu.memory", "only {n} cards: too few tokens/s, a {gib:.0f} h job")
    monkeypatch.setitem(reasons.EN, "gpu.module", "needs 12 GiB per GPU")
    after = relax._closest(cand, catalog)
    assert {k: (v[1], v[2].code) for k, v in after.items()} == {k: (v[1], v[2].code) for k, v in before.items()}
    said = english(Reason.of("nothing.no-gpu", most=8, closest=relax._rejection_summary(cand, catalog)))
    assert "only 8 cards: too few tokens/s, a 90 h job" in said and "needs 12 GiB" not in said


def test_the_layout_reads_the_typed_scaling_not_an_assumption(catalog) -> None:  # type: ignore[no-untyped-def]
    """Build.layout had parsed "scaling efficiency 85%" out of an assumption; rewording it changed plan --json."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["rtx-4090"]
    result = estimate(model, Workload(kind="finetune", method="qlora", tokens=1e7), gpu, 2)
    assert result.scaling_efficiency is not None and 0 < result.scaling_efficiency < 1
    reworded = result.model_copy(
        update={"assumptions": tuple(a.replace("scaling efficiency", "all-reduce share") for a in result.assumptions)}
    )
    layouts = [Build.model_construct(parallelism=None, estimate=e).layout() for e in (result, reworded)]
    assert layouts[0] == layouts[1] and layouts[0]["scaling_efficiency"] == result.scaling_efficiency


def test_an_infeasibility_is_its_clauses_in_english() -> None:
    clauses = (
        Reason.of("nothing.no-combination"),
        Reason.of("nothing.budget", budget=2500.0, currency="USD"),
        Reason.of(
            "nothing.binding",
            items=(Reason.of("nothing.binding-item", label="wall circuit", value="120 V 15 A", unit=""),),
        ),
    )
    way = Reason.of(
        "way.changes",
        changes=(Reason.of("way.circuit"), Reason.of("way.budget", amount=3100, currency="USD")),
        gpus=2,
        gpu="RTX 3090",
        price=3100.0,
        currency="USD",
    )
    inf = Infeasible.of(clauses, way, ("budget", "wall circuit", "form factor"))
    assert inf.reason == (
        "no combination of parts passes every rule; the budget of 2,500 USD is binding; "
        "binding: the wall circuit (120 V 15 A)"
    )
    assert inf.cheapest_relaxation == (
        "use a 230 V 16 A circuit and raise the budget to 3,100 USD: cheapest build 2 x RTX 3090, 3,100 USD"
    )
    assert inf.unsaid() == ["form factor"]  # named by the clauses' fields, not found in the sentence
    with words.language("zh_CN"):
        assert words.say(way) == "使用 230 V 16 A 电路，并将预算提高到 3,100 USD：最便宜的配置 2 x RTX 3090，3,100 USD"
        assert words.say(clauses[2]) == "受限于：墙插电路（120 V 15 A）"


def test_every_code_a_user_reads_has_its_chinese() -> None:
    """Only the codes that carry another module's English sentence (or a bare name) fall back to English (a
    framework's own finding in warn.framework too, its SUP-10 finding said from codes)."""
    english_only = {"way.other"}
    assert set(reasons.EN) - set(words.ZH_REASONS) == english_only
    assert not set(words.ZH_REASONS) - set(reasons.EN)


@pytest.fixture(scope="module")
def infeasible_and_a_build(catalog):  # type: ignore[no-untyped-def]
    """Why 405B does not fit 2 GPUs (solved without the search for ways out), and a build to print it above."""
    too_big = BuildRequest(
        model_id="llama-3.1-405b", workload=Workload(kind="inference"), max_gpus=2, budget=5000, allow_clusters=False
    )
    infeasible = plan(too_big, catalog, relax=False).infeasible
    request = BuildRequest(model_id="qwen2.5-7b", workload=Workload(kind="inference", precision="q4_k_m"), top_k=1)
    return infeasible, request, plan(request, catalog).builds[0]


def test_a_chinese_sheet_says_why_nothing_fits_in_chinese(infeasible_and_a_build) -> None:  # type: ignore[no-untyped-def]
    infeasible, request, build = infeasible_and_a_build
    assert infeasible is not None and infeasible.clauses[0].code == "nothing.no-gpu"
    data = infeasible.to_sheet()
    english_sheet = build_sheet_html(build, request, SheetMeta(not_as_asked=data))
    assert (
        "Not as asked" in english_sheet
        and "no GPU in the catalog can run this within 2 GPUs per machine" in english_sheet
    )
    assert "none found in the catalog" in english_sheet
    chinese = build_sheet_html(build, request, SheetMeta(language="zh_CN", not_as_asked=data))
    assert "无法按需求实现" in chinese and "目录中没有任何 GPU 能在单机 2 张以内运行此任务" in chinese
    assert "约需 7 张 141 GB 显存的卡" in chinese and "目录中没有找到：换更小的模型" in chinese
    assert "no GPU in the catalog" not in chinese and "none found in the catalog" not in chinese
    assert "Not as asked" not in build_sheet_html(build, request, SheetMeta(language="zh_CN"))  # only when there is one


def test_estimate_warnings_render_in_chinese_on_the_sheet(infeasible_and_a_build) -> None:  # type: ignore[no-untyped-def]
    _infeasible, request, build = infeasible_and_a_build
    warned = build.model_copy(
        update={
            "estimate": build.estimate.model_copy(
                update={"warnings": (Reason.of("warn.context", context=65536, most=32768),)}
            )
        }
    )
    chinese = build_sheet_html(warned, request, SheetMeta(language="zh_CN"))
    assert "估算警告" in chinese and "上下文 65536 超过模型的最大值 32768 token" in chinese
    assert "context 65536 exceeds" in build_sheet_html(warned, request, SheetMeta())


def test_reasons_survive_the_json_a_printed_sheet_crosses() -> None:
    """The window prints in another process from JSON (qt.printing): a build's warnings come back as reasons."""
    said = Reason.of(
        "nothing.own-gpu",
        name="RTX 3060",
        most=8,
        closest=(Reason.of("gpu.closest", name="RTX 3060", why=Reason.of("gpu.memory", gib=18.25, n=8)),),
    )
    again = Reason.model_validate_json(said.model_dump_json())
    assert again == said and english(again) == english(said)


def test_the_chinese_workbook_says_why_nothing_fits(infeasible_and_a_build) -> None:  # type: ignore[no-untyped-def]
    from configurator.core.report.purchase import request_rows

    infeasible, request, build = infeasible_and_a_build
    with words.language("zh_CN"):
        rows = dict(request_rows([build], request, SheetMeta(language="zh_CN", not_as_asked=infeasible.to_sheet())))
    assert rows["Not as asked"].startswith("目录中没有任何 GPU 能在单机 2 张以内运行此任务")
    assert rows["Cheapest way out"].startswith("目录中没有找到") and words.ZH_CN["Not as asked"] == "无法按需求实现"


def test_a_sentence_holding_reasons_is_kept_by_all_it_holds_and_said_anew_when_one_is_reworded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """english() keeps the renderings of reasons that hold other reasons or lists (#34: a plan's estimates said
    est.prefill and est.weights-gguf anew 502 times each): a kept sentence is only given back for the same fields of
    the same types, nested ones included, and while every template it was said with is unchanged."""
    name = Reason.of("card.name", name="RTX 3090", modified=False, note="")
    two = Reason.of("card.count", count=2, name=name)
    assert english(two) == "2 x RTX 3090"
    assert english(Reason.of("card.count", count=2, name=name)) == "2 x RTX 3090"  # an equal reason: the kept one
    # equal fields of another type (2 == 2.0, False == 0) are said as they are, at any depth
    assert english(Reason.of("card.count", count=2.0, name=name)) == "2.0 x RTX 3090"
    cards = Reason.of("card.gpus", nodes=1, cards=(two, Reason.of("card.count", count=1, name=name)))
    assert english(cards) == "2 x RTX 3090 + 1 x RTX 3090"
    floats = Reason.of("card.gpus", nodes=1, cards=(two, Reason.of("card.count", count=1.0, name=name)))
    assert floats == cards and english(floats) == "2 x RTX 3090 + 1.0 x RTX 3090"
    # the nested template reworded: the sentences holding it are said anew
    monkeypatch.setitem(reasons.EN, "card.name", lambda r, _say: f"the {r.fields['name']}")
    assert english(two) == "2 x the RTX 3090"
    assert english(cards) == "2 x the RTX 3090 + 1 x the RTX 3090"
