"""PCI-9 on a desktop board's slots (round 36): the checker catches a build whose speed ignores its slots, read from
the expert suite's shared solve of two RTX 5090 training with ZeRO-3 on consumer boards (no new solve)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.expert.cases import CASES
from tests.expert.runner import run_plan
from tests.independent_checker import bay_problems, expected_link

ARGS = next(c.args for c in CASES if c.id == "two-5090-zero3-on-an-x570s-pcie4-x8-split-beside-a-pcie5-board")


def _on_split_board(plan: dict[str, Any]) -> dict[str, Any]:
    """The build on the X570's PCIe 4.0 x8/x8 split."""
    for b in plan["builds"]:
        board = next(p["spec"] for p in b["parts"] if p["category"] == "motherboard")
        card = next(p["spec"] for p in b["parts"] if p["category"] == "gpu")
        if expected_link(board, card, sorted(s["slot"] for s in b["slot_map"])) == (4, 8):
            return b
    raise AssertionError("no build on a PCIe 4.0 x8/x8 board")


def _parts(b: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    board = next(p["spec"] for p in b["parts"] if p["category"] == "motherboard")
    card = next(p["spec"] for p in b["parts"] if p["category"] == "gpu")
    return board, card, sorted(s["slot"] for s in b["slot_map"])


@pytest.mark.expert_request(ARGS)  # its group is that request's (tests/conftest.py)
def test_the_checker_passes_a_build_timed_at_its_slots_and_catches_one_timed_at_its_cards_own_links() -> None:
    build = _on_split_board(run_plan(ARGS))
    board, card, positions = _parts(build)
    assert bay_problems(build, board, card, 2, positions) == []
    links = [a for a in build["estimate"]["assumption_codes"] if str(a["fields"].get("link", "")).startswith("PCIe")]
    assert links and all(a["fields"]["link"] == "PCIe 4.0 x8" for a in links)
    # the same machine timed as if its cards had their own PCIe 5.0 x16: the speed ignores the slots
    ignored = copy.deepcopy(build)
    for said in ignored["estimate"]["assumption_codes"]:
        if str(said["fields"].get("link", "")).startswith("PCIe"):
            said["fields"]["link"] = "PCIe 5.0 x16"
    assert any("PCIe 5.0 x16" in p for p in bay_problems(ignored, board, card, 2, positions))
    # and a warning that names a link the board does not give, or hours the build does not take
    wrong = copy.deepcopy(build)
    for c in wrong["checks"]:
        if c["rule"] == "PCI-9":
            c["fields"]["lanes"] = 16
    assert any("PCI-9 says" in p for p in bay_problems(wrong, board, card, 2, positions))


@pytest.mark.expert_request(ARGS)
def test_the_split_boards_warning_says_its_link_and_both_hours() -> None:
    build = _on_split_board(run_plan(ARGS))
    said = next(c for c in build["checks"] if c["rule"] == "PCI-9")
    f = said["fields"]
    assert said["status"] == "warn" and said["code"] == "slots"
    assert (f["gen"], f["lanes"], f["card_gen"]) == (4, 8, 5)
    assert f["hours"] == pytest.approx(build["estimate"]["time"]["wall_hours"], rel=0.01)
    assert f["card_hours"] * 2 < f["hours"]  # a quarter of the cards' own x16: ZeRO-3's gathers wait on it
