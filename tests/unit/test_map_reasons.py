"""Why a map cell has no machine, and a ranked card's caveats, are codes with typed fields (advise.MapCell.why,
RankedGpu.warnings and .modified): the window's tooltip and the sheet's value table render them in Chinese from the
codes, never from the English sentence; the English (`map --json` "reason", `rank --json` "caveats") is as it was.
The expected English is main's output at abb5b83 for `llm-rig map` (over budget, too small, named systems)."""

from __future__ import annotations

import re

import pytest

from configurator.core.common.reasons import EN, MODIFIED, Reason, english
from configurator.core.report import words

CELLS = [
    (
        Reason.of("map.over-budget", count=3, gpu="mi210", price=16455.0, currency="USD", budget=3000.0),
        "the cheapest machine, 3 x mi210, costs 16,455 USD: over the budget of 3,000",
    ),
    (
        Reason.of("map.too-small", count=9, vram_gb=24.0, gpu="NVIDIA GeForce RTX 3090", max_gpus=8),
        "needs at least 9 x 24 GB cards (NVIDIA GeForce RTX 3090, the fewest of any GPU allowed) for weights alone; "
        "a machine holds at most 8, and no ready-made server in the catalog with these GPUs holds it",
    ),
    (
        Reason.of("map.no-system", systems=("mac-studio-m1-ultra-64c-128gb",)),
        "none of the ready-made systems named runs this job as asked (mac-studio-m1-ultra-64c-128gb)",
    ),
    (Reason.of("map.no-price", condition="", currency="EUR"), "no GPU allowed has a price in EUR"),
    (Reason.of("map.no-price", condition="used", currency="CNY"), "no GPU allowed has a used price in CNY"),
    (Reason.of("map.no-gpu"), "no GPU in the catalog passes the filter"),
    (Reason.of("map.no-build"), "no build passes every rule"),
    (Reason.of("map.stopped"), "stopped"),
    (
        Reason.of("caveat.modified", gpu="NVIDIA GeForce RTX 2080 Ti 22GB"),
        f"NVIDIA GeForce RTX 2080 Ti 22GB: {MODIFIED}",
    ),
]


@pytest.mark.parametrize(("reason", "said"), CELLS, ids=[r.code + str(i) for i, (r, _) in enumerate(CELLS)])
def test_a_cells_reason_reads_as_before_in_english_and_in_chinese_words(reason: Reason, said: str) -> None:
    assert english(reason) == said
    with words.language("zh_CN"):
        chinese = words.say(reason)
    assert reason.code in words.ZH_REASONS and chinese != said
    for name in (
        "mi210",
        "NVIDIA GeForce RTX 3090",
        "mac-studio-m1-ultra-64c-128gb",
        "NVIDIA GeForce RTX 2080 Ti 22GB",
    ):
        chinese = chinese.replace(name, "")
    assert not re.findall(r"\b[a-z]{3,}\b", chinese), chinese


def test_every_map_code_has_chinese_words() -> None:
    assert all(code in words.ZH_REASONS for code in EN if code.startswith(("map.", "caveat.")))
