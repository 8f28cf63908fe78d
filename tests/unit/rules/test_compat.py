"""Pairwise compatibility rules (configurator/core/rules/compat.py) on named parts of the tiny fixture catalog
(tests/data/tiny_catalog: records copied from the shipped catalog with their sources)."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, Cooler, Cpu, Motherboard
from configurator.core.report import words
from configurator.core.rules import compat


def _record(catalog: Catalog, kind: str, record_id: str) -> Any:
    return catalog.records[kind][record_id]


def test_a_xeon_scalable_cpu_is_not_supported_by_a_w790_board(tiny_catalog: Catalog) -> None:
    gold = _record(tiny_catalog, "cpus", "xeon-gold-6530")
    w790 = _record(tiny_catalog, "motherboards", "asus-pro-ws-w790e-sage-se")
    assert isinstance(gold, Cpu) and isinstance(w790, Motherboard)
    verdict = compat.cpu_board(gold, w790)
    assert verdict.status == "fail" and "does not support" in verdict.message
    assert compat.cpu_board(_record(tiny_catalog, "cpus", "xeon-w5-3435x"), w790).status == "pass"


def test_the_cpu_rule_names_an_soc_platforms_board_not_its_missing_chipset(tiny_catalog: Catalog) -> None:
    """Seen in the Checks tab: "AMD EPYC 7302 is on the CPU support list of the none (SoC) board"."""
    soc = _record(tiny_catalog, "motherboards", "supermicro-h12ssl-i")
    assert isinstance(soc, Motherboard) and soc.chipset.startswith("none")
    verdict = compat.cpu_board(_record(tiny_catalog, "cpus", "epyc-7302"), soc)
    assert verdict.status == "pass" and verdict.message.endswith(f"CPU support list of {soc.name}")
    assert "none" not in verdict.message


def test_a_fanless_server_heatsink_fails_in_a_tower_and_passes_in_a_gpu_server(tiny_catalog: Catalog) -> None:
    passive = _record(tiny_catalog, "coolers", "intel-m50fcp-2u-passive-lga4677")
    assert isinstance(passive, Cooler)
    towers = [
        h
        for h in tiny_catalog.kind("chassis")
        if isinstance(h, Chassis) and h.kind in ("mid-tower", "full-tower", "open-frame")
    ]
    # a GPU server; an open frame's blower shrouds duct its passive cards, not the CPU (#28)
    ducted = [
        h
        for h in tiny_catalog.kind("chassis")
        if isinstance(h, Chassis) and h.airflow == "server-ducted" and h.kind != "open-frame"
    ]
    assert towers and ducted
    assert all(compat.cooler_chassis(passive, h).status == "fail" for h in towers)
    assert all(compat.cooler_chassis(passive, h).status == "pass" for h in ducted)


def test_a_four_channel_xeon_takes_at_most_two_dimms_per_channel(tiny_catalog: Catalog) -> None:
    """16 DIMMs on a 4-channel Xeon w5-2455X (on a 16-slot, 8-channel board) is four per channel."""
    cpu = _record(tiny_catalog, "cpus", "xeon-w5-2455x")
    board = _record(tiny_catalog, "motherboards", "supermicro-x13swa-tf")
    assert compat.usable_dimms(cpu, board) == 8
    assert compat.dimm_population(cpu, board, 16).status == "fail"
    assert compat.dimm_population(cpu, board, 8).status == "pass"
    assert compat.dimm_population(cpu, board, 4).status == "pass"
    assert compat.dimm_population(cpu, board, 2).status == "pass"  # how evenly they sit is RAM-7's


def test_a_four_channel_xeon_populates_every_channel_alike(tiny_catalog: Catalog) -> None:
    """RAM-7 on the w5-2455X's four channels: 4 or 8 DIMMs fill each alike; 2 leave two empty (half the bandwidth), 6
    put two on two channels and one on the others (a read over all of them waits on the busiest: 3 channels' worth)."""
    cpu = _record(tiny_catalog, "cpus", "xeon-w5-2455x")
    board = _record(tiny_catalog, "motherboards", "supermicro-x13swa-tf")
    assert [compat.channel_balance(cpu, board, n).status for n in (4, 8)] == ["pass", "pass"]
    two, six = compat.channel_balance(cpu, board, 2), compat.channel_balance(cpu, board, 6, from_ram=True)
    assert (two.rule, two.status, two.code, two.fields["share"]) == ("RAM-7", "warn", "uneven", 0.5)
    assert (six.status, six.code, six.fields["share"]) == ("warn", "uneven-from-ram", 0.75)
    assert "75%" in six.message


def test_a_pairwise_check_is_a_code_and_fields_rendered_in_english_and_chinese(tiny_catalog: Catalog) -> None:
    gold = _record(tiny_catalog, "cpus", "xeon-gold-6530")
    w790 = _record(tiny_catalog, "motherboards", "asus-pro-ws-w790e-sage-se")
    check = compat.cpu_board(gold, w790)
    assert (check.rule, check.status, check.code) == ("CPU-2", "fail", "family")
    assert check.fields["cpu"] == gold.name and check.fields["families"] == tuple(w790.cpu_families)
    with words.language("zh_CN"):
        chinese = words.check_text(check)
    assert chinese.startswith(w790.name) and "不支持" in chinese and gold.name in chinese
