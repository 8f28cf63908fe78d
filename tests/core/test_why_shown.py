"""Every build shown says why it is shown (solve.shown): a claim, a kind, or what it offers over the builds ranked
above it; a build that offers nothing over one above gives its place to the next that does (expert case
llama70b-mac-or-3090-every-build-says-why-it-is-shown: two RTX 3090 in a rack case on AM5 for 534 USD more than #1 at
its speed, a bare "alternative")."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.common.reasons import english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import measure, rank_and_label
from configurator.core.solve.shown import offers


@pytest.fixture(scope="module")
def one_build(catalog: Catalog) -> Any:
    memo.clear()
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), top_k=5)
    return next(
        b
        for b in plan(request, catalog).builds
        if any(p.category == "gpu" for p in b.parts) and any(p.category == "chassis" for p in b.parts)
    )


def _variant(build: Any, price: float, *, rack: bool = False, ram: int = 1) -> Any:
    """The same machine (same speed) at another price, optionally in a rack case or with `ram` memory kits."""
    rest = sum(p.subtotal for p in build.parts if p.category != "gpu")

    def part(p: Any) -> Any:
        if p.category == "chassis" and rack:
            return p.model_copy(update={"name": "SilverStone RM44", "spec": {**p.spec, "kind": "rack-4u"}})
        if p.category == "memory":
            return p.model_copy(update={"quantity": ram})
        return p

    parts = tuple(part(p) for p in build.parts)
    gpu_cost = price - rest - sum(p.subtotal for p in build.parts if p.category == "memory") * (ram - 1)
    parts = tuple(
        p.model_copy(update={"unit_price": gpu_cost / p.quantity, "owned": 0}) if p.category == "gpu" else p
        for p in parts
    )
    return build.model_copy(update={"parts": parts, "label": "", "why": "", "kinds": ()})


def _request(build: Any) -> BuildRequest:
    # a comparison of two named GPUs keeps builds beaten on price and speed (each GPU's own builds are shown)
    return BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=(build.gpu_id, "rtx-5090"),
        top_k=3,
    )


def test_a_dearer_build_at_the_same_speed_says_what_it_offers(one_build: Any) -> None:
    cheap, rack = _variant(one_build, 1000), _variant(one_build, 1534, rack=True)
    shown = rank_and_label([cheap, rack], _request(one_build))
    assert [round(b.total_price) for b in shown] == [1000, 1534]
    assert shown[1].label == "alternative (rack-mount case)"
    assert [o.code for o in shown[1].offers] == ["offer.case"]
    assert english(shown[1].why_said[0]).startswith("shown for what it offers over the builds ranked above it: ")
    assert "a rack-mount case (SilverStone RM44)" in shown[1].why
    assert shown[1].to_json()["why"] == [{"code": "offer.case", "fields": {"form": "rack", "name": "SilverStone RM44"}}]
    with words.language("zh_CN"):
        assert phrases.label(shown[1]) == "备选（机架式机箱）"
        assert "机架式机箱（SilverStone RM44）" in phrases.why(shown[1])


def test_a_build_that_offers_nothing_over_one_above_gives_its_place(one_build: Any) -> None:
    """Same parts, same speed, dearer: it is not shown; the build that differs (more RAM) takes its place."""
    cheap, same, more = _variant(one_build, 1000), _variant(one_build, 1100), _variant(one_build, 1300, ram=2)
    shown = rank_and_label([cheap, same, more], _request(one_build).model_copy(update={"top_k": 2}))
    assert [round(b.total_price) for b in shown] == [1000, 1300]
    assert [o.code for o in shown[1].offers] == ["offer.ram"]
    assert shown[1].label.startswith("alternative (") and "GB RAM" in shown[1].label


def test_an_offer_over_only_some_builds_above_names_them(one_build: Any) -> None:
    """A build that offers one thing over #1 and another over #2 names the build each holds over."""
    cheap = _variant(one_build, 1000)
    rack = _variant(one_build, 1200, rack=True, ram=2)
    tower = _variant(one_build, 1500, ram=2)
    shown = rank_and_label([cheap, rack, tower], _request(one_build))
    assert [round(b.total_price) for b in shown] == [1000, 1200, 1500]
    third = shown[2]
    # over #1: more RAM; over #2 (the same RAM in a rack case): a tower case
    assert [(o.code, o.fields.get("rank")) for o in third.offers] == [("offer.ram", 1), ("offer.case", 2)]
    assert "(over #1)" in third.why and "a tower case" in third.why


def test_a_dearer_build_on_fewer_cards_says_so(one_build: Any) -> None:
    """Fewer cards are an offer (solve.shown): a simpler machine to build, power and run. Dr. Chen's 20 students had
    been shown builds of three to eight cards where one 80 GB card serves them all (expert case
    chen-qwen25-32b-20-students-a-pair-of-cards)."""
    gpu = next(p for p in one_build.parts if p.category == "gpu")
    pair = one_build.model_copy(
        update={
            "gpu_count": 2,
            "parts": tuple(p.model_copy(update={"quantity": 2}) if p.category == "gpu" else p for p in one_build.parts),
        }
    )
    two = _variant(pair, 1000)
    one = _variant(one_build, 1300)
    assert gpu.quantity == 1 and one.gpu_count == 1
    request = _request(one_build)
    said = offers(one, measure(one, request), two, measure(two, request), (False, False))
    fewer = next(o for o in said if o.code == "offer.fewer-cards")
    assert fewer.fields == {"count": 1}
    assert english(fewer) == "fewer cards: 1, a simpler machine to build, power and run"
    assert not any(
        o.code == "offer.fewer-cards"
        for o in offers(two, measure(two, request), one, measure(one, request), (False, False))
    )
    with words.language("zh_CN"):
        assert words.say(fewer) == "显卡更少：1 张，搭建、供电和运行更简单"


def test_a_server_for_many_users_is_searched_on_the_fewest_cards_that_serve_them(catalog: Catalog) -> None:
    """Each label search finds the optimum of its own number, so Dr. Chen's 20 students on Qwen2.5-32B were shown
    builds of three to eight cards only; the server on the fewest cards that serve every user at reading speed, their
    prompts answered within a minute, is searched for too (plan._fewest_cards_served) and shown, saying what it is."""
    from configurator.core.solve.rules import PROMPT, READING_TPS

    memo.clear()
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", batch=20),
        currency="CNY",
        region="china",
        budget=300000,
        circuit="230v16a",
        room="server-room",
        top_k=5,
    )
    shown = plan(request, catalog).builds
    fewest = [b for b in shown if any(k.code == "kind.fewest-cards" for k in b.kinds)]
    assert len(fewest) == 1
    build = fewest[0]
    assert all(build.gpu_count < b.gpu_count for b in shown if b is not build)
    assert (build.estimate.decode_tokens_per_s or 0) >= READING_TPS
    assert not any(c.rule == PROMPT.id and c.status != "pass" for c in build.checks)
    kind = next(k for k in build.kinds if k.code == "kind.fewest-cards")
    assert kind.fields == {"count": build.gpu_count}
    with words.language("zh_CN"):
        assert f"以阅读速度服务所有用户所需的最少显卡：{build.gpu_count} 张" in phrases.label(build)
