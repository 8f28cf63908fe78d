"""RAM-7: memory channels populated equally. One rule object the CP-SAT model (no bought kit leaves a channel empty or
unequal, whatever the job), the check of a finished build (a warning, with the share of the bandwidth left) and the
estimate's host bandwidth (catalog.models.channels_read) read; the independent checker re-derives it from the plan's
JSON. Vendors: Intel, Xeon 5500 "Balanced vs. Unbalanced Memory Population" ("populate the same number of DIMMs for
each channel and each socket"); Dell, "Balanced Memory with 2nd Generation Intel Xeon Scalable Processors" (2019:
unbalanced "can reduce memory bandwidth by up to 33%") and "... 2nd Generation AMD EPYC Processors" ("all memory
channels must be fully populated with one or two DIMMs")."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.solve.plan import plan
from tests.independent_checker import check

SIXTEEN_GB_X8 = "samsung-ddr4-3200-rdimm-128gb-8x16"
BUDGET = 30000


def _request(**more: Any) -> BuildRequest:
    """A full fine-tune of Qwen2.5-7B on eight RTX PRO 4000 Blackwell at 20,000 EUR: the dual Xeon Gold 6248 server
    (2 x 6 channels) that holds them was shown as 'best value' with one 8 x 32 GB kit, 8 DIMMs on 12 channels, before
    RAM-7 (`llm-rig plan --model qwen2.5-7b --workload finetune --method full --currency EUR --budget 20000`). Round 40
    (data40): the PRO 4000 costs an EUR buyer its Greek retail 2,733.88 EUR (gpu-prices-gr, 2026-10-04; it had been a
    2025 US estimate converted, 1,375 EUR), so eight no longer fit 20,000 EUR: the request asks 30,000 (BUDGET), and the
    same dual Xeon Gold 6248 server holds them."""
    return BuildRequest(
        model_id="qwen2.5-7b",
        workload=Workload(kind="finetune", method="full"),
        currency="EUR",
        budget=BUDGET,
        circuit="230v16a",
        gpu_ids=("rtx-pro-4000-blackwell",),
        max_gpus=8,
        exact_gpus=True,
        top_k=1,
        **more,
    )


def _memory(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The build's memory part and the channels its CPUs and board wire together."""
    parts = {p["category"]: p for p in data["parts"]}
    cpu, board = parts["cpu"], parts["motherboard"]["spec"]
    channels = min(cpu["spec"]["memory_channels"], board["memory_channels"]) * cpu["quantity"]
    return parts["memory"], channels


def test_a_bought_kit_fills_every_channel_alike_and_the_checker_catches_one_that_does_not(catalog: Catalog) -> None:
    (build,) = plan(_request(), catalog).builds
    data = build.to_json()
    memory, channels = _memory(data)
    modules = memory["spec"]["modules"] * memory["quantity"]
    assert channels == 12 and modules >= channels and modules % channels == 0, (modules, channels)
    (ram7,) = [c for c in build.checks if c.rule == "RAM-7"]
    assert (ram7.status, ram7.code) == ("pass", "even")
    assert check(data, "230v16a", 1, BUDGET) == []
    # the same build with one kit fewer (16 DIMMs on 12 channels) and no warning: the checker's own reading fails it
    memory["quantity"] -= 1
    data["total_price"] -= memory["unit_price"]
    problems = check(data, "230v16a", 1, BUDGET)
    assert any("memory channels" in p for p in problems), problems


def test_the_users_own_unequal_kits_are_used_and_warned_with_the_bandwidth_left(catalog: Catalog) -> None:
    """Two 8 x 16 GB kits a lab owns: 16 DIMMs on the 12 channels (four with two), used as they are; RAM-7 warns that
    a read gets two thirds of the bandwidth (16 / 2 = 8 channels' worth), and the checker accepts the owned kit."""
    owned = (OwnedPart(category="memory", id=SIXTEEN_GB_X8, quantity=2),)
    (build,) = plan(_request(owned=owned), catalog).builds
    data = build.to_json()
    memory, channels = _memory(data)
    assert (memory["id"], memory["quantity"], memory["owned"], channels) == (SIXTEEN_GB_X8, 2, 2, 12)
    (ram7,) = [c for c in build.checks if c.rule == "RAM-7"]
    assert (ram7.status, ram7.code, ram7.fields["modules"], ram7.fields["channels"]) == ("warn", "uneven", 16, 12)
    assert ram7.fields["share"] == 8 / 12 and "67%" in ram7.message
    assert check(data, "230v16a", 1, BUDGET) == []
