"""The words that reached a sheet as English and were read back by patterns (#33 "no sentence parsed back"): a noise
figure's estimate, buy-or-rent's presets and resale sources, the request summary's circuit, condition and GPUs are
codes with typed fields made where the fact is; their English is what it was, their Chinese is said from the code."""

from __future__ import annotations

import re

from configurator.core.common.reasons import Reason, english
from configurator.core.costs import tco
from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.request import CIRCUIT_NAMES, CIRCUITS, BuildRequest, circuits_said
from configurator.core.report import words
from configurator.core.report.purchase import request_fields

_LATIN = re.compile(r"\b[a-z]{4,}\b")  # an English word left in a Chinese rendering (names and units are short)


def _zh(reason: Reason) -> str:
    with words.language("zh_CN"):
        return words.say(reason)


def _figures() -> list[noise.Figure]:
    tables = (noise.GPU_COOLER, noise.CHASSIS, noise.CPU_COOLER, noise.PSU, noise.UNIFIED)
    return [f for table in tables for f in table.values() if f is not None]


def test_every_noise_estimate_is_a_code_with_chinese_words() -> None:
    estimated = [f for f in _figures() if f.estimate is not None]
    assert len({f.estimate for f in estimated}) == 10
    for figure in estimated:
        assert figure.estimate is not None and figure.estimate.code.startswith("noise.est-")
        assert figure.estimate.code in words.ZH_REASONS and not _LATIN.search(_zh(figure.estimate))
    # the English as it was written (model.noise before the codes)
    assert english(noise.CHASSIS["datacenter"].estimate) == (  # type: ignore[arg-type]
        "a GPU server moves more air than the R940; its feature-rich 73 dBA is a floor"
    )
    assert english(noise.CHASSIS["quiet"].estimate) == (  # type: ignore[arg-type]
        "damped case, fans near half speed: three NH-U12A-class fans less 6 dB"
    )


def test_a_unified_systems_noise_cites_the_catalog_class_as_a_code() -> None:
    figure = noise.UNIFIED["quiet"]
    assert figure is not None and isinstance(figure.source, Reason)
    sound = noise.NoiseEstimate((noise.Source(Reason.of("noise.unified", noise="quiet"), 1, figure),))
    line = sound.breakdown_said()[0]
    assert english(line) == (
        "1 x quiet unified-memory system: 25.0 dBA each (estimate: no published dBA under load; class midpoint); "
        "catalog noise class 'quiet'"
    )
    assert (
        _zh(line)
        == "1 x 安静的统一内存整机：每个 25.0 dBA（估算：没有公开的满载 dBA 数据；按档位中值）；目录噪音档位“安静”"
    )


def test_circuit_names_are_their_codes_english() -> None:
    assert CIRCUIT_NAMES["120v15a"] == "120 V 15 A (US outlet)" and CIRCUIT_NAMES["230v16a"] == "230 V 16 A"
    assert set(CIRCUIT_NAMES) == set(CIRCUITS)
    assert english(circuits_said("120v15a", 2)) == "2 x 120 V 15 A (US outlet)"
    assert _zh(circuits_said("120v15a", 2)) == "2 路 120 V 15 A（美国插座）"


def test_the_request_summary_says_circuit_condition_and_gpus_from_codes() -> None:
    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference"), circuit="120v15a", condition="used", max_gpus=4
    )
    english_fields = dict(request_fields(request))
    assert english_fields["Circuit"] == "1 x 120 V 15 A (US outlet)"
    assert english_fields["Condition"] == "used"
    assert english_fields["GPUs allowed"] == "any, at most 4 per machine"
    with words.language("zh_CN"):
        chinese = dict(request_fields(request))
    assert chinese["Circuit"] == "1 路 120 V 15 A（美国插座）"
    assert chinese["Condition"] == "二手"
    assert chinese["GPUs allowed"] == "不限，每台最多 4 张"


def test_the_electricity_presets_estimates_are_codes() -> None:
    us = tco.PRESETS["us"]
    assert us.estimate == (
        "national residential average rounded to 0.17 USD/kWh; only the state rows were read "
        "(April 2025: 12.8 c in Missouri to 32.3 c in Connecticut)"
    )
    said = us.said()
    assert said.nested("estimate_said") == (us.estimate_said,)
    assert "2025 年 4 月：密苏里州 12.8 美分至康涅狄格州 32.3 美分" in _zh(said)
    # a buyer's own price is shown as entered, with no preset's code beside it
    entered = tco.OwnershipInputs(price_per_kwh=0.3).profile("USD")
    assert entered.source == "entered by you" and "estimate_said" not in entered.said().fields
    # a caller that replaces the words keeps its words: the code is read only while it says the same
    assert "estimate_said" not in us.model_copy(update={"estimate": "my own guess"}).said().fields


def test_resale_sources_are_codes_while_they_say_the_same() -> None:
    base = tco.OwnershipAssumptions()
    assert base.resale_source == (
        "estimate: 35 % of the purchase price after the depreciation period for parts without a catalog used price "
        "(a round figure for second-hand PC parts; no market survey was read)"
    )
    assert base.resale_source_said() == tco.DEFAULT_RESALE_SAID
    assert tco.SELLING_FEE_SOURCE == (
        "less a marketplace's cut of each sale (eBay US, most categories, since February 2023: 13.25 % up to 7,500 USD "
        "an item, 2.35 % above; an estimate in other currencies and marketplaces)"
    )
    blend = Reason.of(
        "tco.resale-blend",
        blended=0.4,
        notes=(Reason.of("tco.resale-used-ratio", part="rtx-3090", ratio=0.45),),
        other=0.35,
        other_source=tco.DEFAULT_RESALE_SAID,
    )
    assert (
        english(blend)
        == f"blend 40%: rtx-3090: used / new 45% (catalog prices); other parts 35% ({base.resale_source})"
    )
    assert not _LATIN.search(_zh(blend))
    entered = tco.OwnershipInputs(resale_fraction=0.5).assumptions()
    assert entered.resale_source_said() == "entered by you"
