"""A server room's circuit is a fact of the room: where the request names none, a rack there is fed as server rooms
feed racks (208 V 30 A on a NEMA L6-30 in North America: UCSD CSE's machine room, "30-amp 208-volt under-floor
outlets ... There are no 120 volt outlets", cse.ucsd.edu/node/329, read 2026-12-07; 230 V 16 A single-phase in
Europe: Schleifenbauer's common PDU configurations; China's 220 V 16 A), not from a 120 V household outlet; a circuit
the user names wins; the plan says which feed it assumed and where that comes from."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from configurator.cli.main import main
from configurator.core.estimate.workload import Workload
from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.core.model.request import (
    SERVER_ROOM_FEEDS,
    BuildRequest,
    circuit_limit_w,
    circuit_said,
    default_circuit,
)
from configurator.core.report.words import language, say
from configurator.core.solve.plan import _room_feed_said

FOUR_4090 = [
    "plan",
    "--model",
    "llama-3.3-70b",
    "--workload",
    "inference",
    "--precision",
    "fp8",
    "--engine",
    "vllm",
    "--gpu",
    "rtx-4090",
    "--gpus",
    "4",
    "--exact-gpus",
    "--room",
    "server-room",
    "--top",
    "1",
    "--json",
]


def _request(argv: list[str]) -> BuildRequest:
    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    request = build_request(args, args.model, workload_from_args(args))
    assert isinstance(request, BuildRequest)
    return request


def test_a_208_v_30_a_l6_30_feed_carries_4992_w_continuous() -> None:
    """208 x 30 x 0.8 (NEC's 80 % for continuous loads; ExoGENI: 'A 30 AMP don't go past 24')."""
    assert circuit_limit_w("208v30a") == 4992.0
    assert say(circuit_said("208v30a")) == "208 V 30 A (L6-30 rack feed)"
    with language("zh_CN"):
        assert say(circuit_said("208v30a")) == "208 V 30 A（L6-30 机柜供电）"
    assert SERVER_ROOM_FEEDS["USD"].outlet == "NEMA L6-30" and "cse.ucsd.edu" in SERVER_ROOM_FEEDS["USD"].source


def test_the_room_and_the_market_name_the_default_circuit() -> None:
    assert default_circuit("USD", "server-room") == "208v30a"
    assert default_circuit("CNY", "server-room", "china") == "220v16a"  # Dr. Chen's server room (journey 2)
    assert default_circuit("USD", "server-room", "china") == "220v16a"
    assert default_circuit("EUR", "server-room") == "230v16a"
    # a home office and a lab keep the wall outlet
    assert default_circuit("USD", "home-office") == default_circuit("USD", "lab") == default_circuit("USD") == "120v15a"
    assert default_circuit("EUR", "lab") == "230v16a"


def test_the_command_line_feeds_a_server_room_from_its_rack_feed_and_a_named_circuit_wins() -> None:
    base = ["--model", "llama-3.1-8b", "--workload", "inference"]
    assert _request([*base, "--room", "server-room"]).circuit == "208v30a"
    assert _request([*base, "--room", "server-room", "--currency", "CNY"]).circuit == "220v16a"
    assert _request([*base, "--room", "server-room", "--currency", "EUR"]).circuit == "230v16a"
    assert _request([*base, "--room", "server-room", "--circuit", "120v20a"]).circuit == "120v20a"
    assert _request([*base, "--room", "home-office"]).circuit == "120v15a"
    assert _request(base).circuit == "120v15a"


def test_the_plan_says_the_feed_it_assumed_and_only_that() -> None:
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), room="server-room")
    assert _room_feed_said(request) == ()  # a model default (120 V) is no room feed: nothing to say
    (said,) = _room_feed_said(request.model_copy(update={"circuit": "208v30a"}))
    text = say(said)
    assert "208 V 30 A (L6-30 rack feed)," in text and "4,992 W" in text and "cse.ucsd.edu" in text
    with language("zh_CN"):
        zh = say(said)
    assert "机房" in zh and "4,992 W" in zh and "208 V 30 A" in zh
    assert _room_feed_said(request.model_copy(update={"circuit": "208v30a", "room": "lab"})) == ()


def test_four_4090s_in_a_server_room_run_at_full_power_on_its_feed_not_on_a_120_v_outlet(capsys) -> None:  # type: ignore[no-untyped-def]
    """Four RTX 4090 (450 W each) draw ~2,350 W at the wall: past a 120 V 15 A outlet's 1,440 W, within the room's
    L6-30 feed's 4,992 W. A server-room request had planned them on the outlet (two circuits and a 70 % power cap)."""
    assert main(FOUR_4090) == 0
    result = json.loads(capsys.readouterr().out)
    (build,) = result["builds"]
    (circuit,) = [c for c in build["checks"] if c["rule"] == "CIR-1"]
    assert circuit["status"] == "pass" and circuit["fields"]["limit_w"] == 4992.0
    assert 1440 < build["power"]["wall_w"] <= 4992
    assert any("L6-30 rack feed" in note for note in result["notes"])
    # the user's own 120 V outlet still wins: the same cards do not fit it at full power
    assert main([*FOUR_4090, "--circuit", "120v15a"]) == 0
    on_outlet = json.loads(capsys.readouterr().out)
    assert not on_outlet["builds"] and "120 V 15 A" in on_outlet["infeasible"]["reason"]
    assert not any("rack feed" in note for note in on_outlet["notes"])


@pytest.mark.slow
def test_a_labs_eight_card_lora_in_a_server_room_is_one_machine_on_the_rooms_feed(capsys) -> None:  # type: ignore[no-untyped-def]
    """Qwen2.5 72B LoRA on exactly 8 GPUs, 70,000 USD, in a server room: on a 120 V outlet no 8-card machine from parts
    fits (tests/core/test_exact_count_servers.py: only ways out); on the room's L6-30 feed one 4U server with 8 cards
    does (8 x RTX A6000 in a SYS-4029GP-TRT drew ~3,150 W at the wall, catalog of 2026-12-07)."""
    argv = "plan --model qwen2.5-72b --workload finetune --method lora --budget 70000 --gpus 8 --exact-gpus "
    assert main([*argv.split(), "--room", "server-room", "--top", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["builds"], result["infeasible"]
    for build in result["builds"]:
        cards = sum(p["quantity"] for p in build["parts"] if p["category"] == "gpu")
        assert (build["nodes"], cards) == (1, 8)
        assert 1920 < build["power"]["wall_w"] <= 4992
        (circuit,) = [c for c in build["checks"] if c["rule"] == "CIR-1"]
        assert circuit["status"] == "pass" and circuit["fields"]["limit_w"] == 4992.0


@pytest.mark.parametrize(("currency", "region"), [("USD", "global"), ("CNY", "china"), ("EUR", "global")])
def test_the_chinese_note_gives_the_feeds_source_in_chinese(currency: str, region: str) -> None:
    """Dr. Chen's zh_CN window (qwen2.5-72b LoRA, CNY, server room, 1366 x 768) read "持续 2,816 W (GB/T 156-2017
    (220 V single-phase); Dr. Chen's server room (docs/user-journeys.md, journey 2))" inside its Chinese note (ui44)."""
    from configurator.core.model.request import server_room_feed
    from configurator.core.report.words import ZH_ROOM_FEED_SOURCES

    assert set(ZH_ROOM_FEED_SOURCES) == {feed.source for feed in SERVER_ROOM_FEEDS.values()}  # each feed's source
    feed = server_room_feed(currency, region)
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference"),
        room="server-room",
        currency=currency,
        region=region,
        circuit=feed.circuit,
    )
    (said,) = _room_feed_said(request)
    with language("zh_CN"):
        zh = say(said)
    assert ZH_ROOM_FEED_SOURCES[feed.source] in zh and feed.source not in zh, zh
    assert not re.search(r"[A-Za-z]+ [a-z]+ [a-z]+", zh.replace("Schleifenbauer", "")), zh  # no English phrase
