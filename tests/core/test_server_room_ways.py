"""Round 45 (label44's items 1 and 2): the ways out of a server room and of a training job, each way shown.

1. A server room's racks are fed by the room: 208 V 30 A single-phase on a NEMA L6-30 in North America ("one or two
   30 A 208 V outlets per rack ... There are no 120 volt outlets": UCSD CSE's machine room, cse.ucsd.edu/node/329, read
   2026-12-07; request.SERVER_ROOM_FEEDS), 4,992 W continuous at NEC's 80 %, with no electrician. A home's new branch
   circuit (a 120 V 20 A one at 1,920 W, a 240 V 20 A one at 3,840 W, ~700 USD of work: HomeAdvisor's cost guide in
   accessories.toml) carries less and costs more, so no way shown in a server room is an electrician's circuit; the
   room's feed (way `rackfeed`) is the way to more power there. A lab or home office keeps the electrician's way.
2. A training job is not started on a card past its vendor's software support while a supported build exists (CUDA 13
   dropped Volta: support.END_OF_LIFE; ranking.startable), so a way out that names such a build names the cheapest
   supported one beside it, or is that supported build and says the cheaper one costs less.

Prices are the shipped catalog's (dated); the builds are the plan's own."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.core.model.build import Relaxation
from configurator.core.model.request import BuildRequest, circuit_limit_w
from configurator.core.solve import relax
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import end_of_life_caveat

FOUR_4090 = (
    "--model llama-3.3-70b --workload inference --precision fp8 --engine vllm --gpu rtx-4090 --gpus 4 --exact-gpus "
    "--top 1 --circuit 120v15a"
).split()
EIGHT_CARD_LORA = (
    "--model qwen2.5-72b --workload finetune --method lora --budget 70000 --gpus 8 --exact-gpus --top 1 "
    "--circuit 120v15a"
).split()


def _request(argv: list[str]) -> BuildRequest:
    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    request = build_request(args, args.model, workload_from_args(args))
    assert isinstance(request, BuildRequest)
    return request


def _ways(catalog: Any, argv: list[str]) -> tuple[Relaxation, ...]:
    result = plan(_request(argv), catalog)
    assert not result.builds and result.infeasible is not None, [b.label for b in result.builds]
    return result.infeasible.relaxations


def _codes(way: Relaxation) -> set[str]:
    said = way.said
    assert said is not None
    return {r.code for r in (said.nested("changes") if said.code == "way.changes" else (said,))}


@pytest.fixture(scope="module")
def server_room_ways(catalog: Any) -> dict[str, tuple[Relaxation, ...]]:
    return {
        "4 x RTX 4090 serving": _ways(catalog, [*FOUR_4090, "--room", "server-room"]),
        "8-card LoRA": _ways(catalog, [*EIGHT_CARD_LORA, "--room", "server-room"]),
    }


def test_no_way_shown_in_a_server_room_is_an_electricians_circuit(server_room_ways: Any) -> None:
    for case, ways in server_room_ways.items():
        assert ways, case
        for way in ways:
            assert "circuit" not in way.kind.split("+"), (case, way.change)
            assert way.work is None, (case, way.change)  # nothing paid for work on the building
            assert "way.circuit" not in _codes(way), (case, way.change)
            assert "electrician" not in way.change, (case, way.change)
            if way.request is not None:
                assert way.request.circuit in ("120v15a", "208v30a"), (case, way.change)  # the outlet named, the feed
        (feed,) = [w for w in ways if w.kind.split("+")[0] == "rackfeed"]
        assert feed.request is not None and feed.request.circuit == "208v30a" and feed.build is not None, case
        # the feed carries the machine at full power, past the outlet named
        assert 1440 < feed.build.power.wall_w * feed.build.nodes <= circuit_limit_w("208v30a"), case


def test_a_lab_on_the_same_outlet_keeps_the_electricians_circuit(catalog: Any) -> None:
    """Outside a server room nothing feeds a rack: a 120 V home or lab is offered its electrician's circuit."""
    ways = _ways(catalog, [*FOUR_4090, "--room", "lab"])
    assert any("way.circuit" in _codes(w) and w.work is not None for w in ways), [w.change for w in ways]
    assert not any(w.kind.split("+")[0] == "rackfeed" for w in ways)
    lab = _request([*FOUR_4090, "--room", "lab"])
    assert [s.circuit for s in relax.circuit_steps(lab)] == ["120v20a", "240v20a"]
    assert relax.circuit_steps(lab.model_copy(update={"room": "server-room"})) == []


def _past_support_named_alone(way: Relaxation) -> bool:
    """A way whose build is past its vendor's support with no supported build named beside it."""
    if way.build is None or end_of_life_caveat(way.build) is None or way.said is None:
        return False
    return "supported_gpu" not in way.said.fields


@pytest.mark.parametrize("room", ["server-room", "lab"])
def test_a_training_way_never_names_a_card_past_support_without_its_supported_build(
    catalog: Any, server_room_ways: Any, room: str
) -> None:
    ways = (
        server_room_ways["8-card LoRA"] if room == "server-room" else _ways(catalog, [*EIGHT_CARD_LORA, "--room", room])
    )
    assert ways
    for way in ways:
        assert not _past_support_named_alone(way), way.change
        said = way.said
        if said is not None and "past_gpu" in said.fields:
            # the way is the supported build; the cheaper one past support is said with its price, and is cheaper
            assert way.build is not None and end_of_life_caveat(way.build) is None, way.change
            assert float(said.fields["past_price"]) < way.build.total_price, way.change  # type: ignore[arg-type]


def test_the_eight_card_lora_on_the_rack_feed_is_on_supported_cards(server_room_ways: Any) -> None:
    """8 x Tesla V100 PCIe 32GB (10,495 USD, Volta: past CUDA 13) had been the rack-feed way's only build; 8 x AMD
    Instinct MI100 (ROCm-supported CDNA 1) train the same LoRA in about the same 62 h per 100 M tokens for more."""
    (feed,) = [w for w in server_room_ways["8-card LoRA"] if w.kind.split("+")[0] == "rackfeed"]
    assert feed.build is not None and feed.said is not None
    assert end_of_life_caveat(feed.build) is None and feed.build.gpu_count == 8
    assert feed.said.fields["past_gpus"] == 8 and "V100" in str(feed.said.fields["past_gpu"])
    assert "cheapest build on supported software 8 x AMD Instinct MI100" in feed.change, feed.change
    assert f"8 x NVIDIA Tesla V100 PCIe 32GB for {float(feed.said.fields['past_price']):,.0f} USD costs less" in (  # type: ignore[arg-type]
        feed.change
    )
