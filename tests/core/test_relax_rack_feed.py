"""Round 44 (label44): a server-room user who names a 120 V outlet and gets no build is told to use the room's rack
feed. A server room feeds racks at 208 V 30 A on a NEMA L6-30 in North America ("one or two 30 A 208 V outlets per
rack", "There are no 120 volt outlets": UCSD CSE's machine room, cse.ucsd.edu/node/329, read 2026-12-07;
request.SERVER_ROOM_FEEDS), so the way out needs no electrician: 4 x RTX 4090 for Llama 3.3 70B FP8 under vLLM draw
~2,350 W at the wall, past the outlet's 1,440 W, within the feed's 4,992 W. It had been offered two circuits, power
caps and an electrician's 240 V circuit, never the feed the room has. Prices are the shipped catalog's (dated)."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.core.model.request import BuildRequest, circuit_limit_w
from configurator.core.report.words import language, say
from configurator.core.solve import relax
from configurator.core.solve.plan import plan

FOUR_4090 = (
    "--model llama-3.3-70b --workload inference --precision fp8 --engine vllm --gpu rtx-4090 --gpus 4 --exact-gpus "
    "--room server-room --top 1"
).split()


def _request(argv: list[str]) -> BuildRequest:
    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    request = build_request(args, args.model, workload_from_args(args))
    assert isinstance(request, BuildRequest)
    return request


def test_the_way_applies_only_to_a_server_room_on_less_than_its_feed() -> None:
    base = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), room="server-room")
    fed = relax.rack_feed(base.model_copy(update={"circuit": "120v15a"}))
    assert fed is not None and fed.circuit == "208v30a" and fed.room == "server-room"
    assert relax.rack_feed(base.model_copy(update={"circuit": "208v30a"})) is None  # on the feed already
    assert relax.rack_feed(base.model_copy(update={"circuit": "120v15a", "room": "lab"})) is None  # no room feed
    eur = relax.rack_feed(base.model_copy(update={"circuit": "120v15a", "currency": "EUR"}))
    assert eur is not None and eur.circuit == "230v16a"  # Europe's rack feed (Schleifenbauer)
    assert circuit_limit_w("208v30a") == 4992.0


@pytest.fixture(scope="module")
def on_outlet(catalog: Any) -> Any:
    return plan(_request([*FOUR_4090, "--circuit", "120v15a"]), catalog)


def test_a_server_room_on_a_named_120v_outlet_is_offered_its_rack_feed(catalog: Any, on_outlet: Any) -> None:
    assert not on_outlet.builds and on_outlet.infeasible is not None
    ways = on_outlet.infeasible.relaxations
    (feed,) = [w for w in ways if w.kind == "rackfeed"]
    assert feed.request is not None and feed.request.circuit == "208v30a" and feed.work is None  # no electrician
    assert feed.build is not None and feed.build.gpu_count == 4
    assert 1440 < feed.build.power.wall_w <= 4992  # past the outlet, within the feed, at full power
    assert (
        "use the server room's rack feed, 208 V 30 A (L6-30 rack feed), 4,992 W continuous, instead of the 120 V 15 A "
        "(US outlet) circuit named: cheapest build 4 x NVIDIA GeForce RTX 4090, "
        f"{feed.total_price:,.0f} USD" in feed.change
    ), feed.change
    # the price said is the plan's own on the feed: the request the room's default circuit makes
    on_feed = plan(_request(FOUR_4090), catalog)
    assert on_feed.builds and on_feed.builds[0].total_price == pytest.approx(feed.total_price, abs=0.01)
    # cheaper than the electrician's 240 V circuit, which pays the machine and the work
    electrician = [w for w in ways if w.kind == "circuit"]
    assert all(feed.total_price < w.total_price for w in electrician), [w.change for w in electrician]
    assert feed.said is not None
    with language("zh_CN"):
        zh = say(feed.said)
    assert "改用机房的机架供电：208 V 30 A" in zh and "持续 4,992 W" in zh and "120 V 15 A" in zh, zh
