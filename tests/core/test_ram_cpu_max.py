"""RAM-6 reads the CPU's own memory maximum beside the board's (round 33): a Core i5-12400F addresses 128 GB (Intel ark,
'Max Memory Size (dependent on memory type) 128 GB', the catalog's source), whatever a Z790 board's four slots take.
Before, only the board bounded the RAM the solver gave a build, and the experts-in-RAM tiers re-solved around it
(machines._addressed): Qwen3-235B-A22B Q4_K_M's desktop tier had chosen that CPU with 192 GB of DDR5."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Cpu, Motherboard
from configurator.core.report import words
from configurator.core.rules.base import REGISTRY
from configurator.core.rules.compatibility import BoardMemory, cpu_memory_gb


def _parts(catalog: Catalog) -> tuple[Cpu, Motherboard]:
    cpu = catalog.records["cpus"]["core-i5-12400f"]
    board = next(
        b
        for b in catalog.records["motherboards"].values()
        if isinstance(b, Motherboard) and b.socket == cpu.socket and b.max_memory_gb > 128  # type: ignore[union-attr]
    )
    assert isinstance(cpu, Cpu)
    return cpu, board


def test_ram_past_the_cpus_maximum_fails_on_a_board_that_takes_it(catalog: Catalog) -> None:
    cpu, board = _parts(catalog)
    rule = REGISTRY["RAM-6"]
    assert isinstance(rule, BoardMemory)
    over = rule.judge(board, cpu, 1, 4, 192)
    assert over.status == "fail" and over.code == "cpu-max"
    assert over.message == "192 GB of RAM is more than the Intel Core i5-12400F addresses (128 GB)"
    assert "Intel Core i5-12400F 可寻址的上限（128 GB）" in words.check_text(over, "zh_CN")
    assert rule.judge(board, cpu, 1, 4, 128).status == "pass"


def test_a_second_socket_addresses_its_own(catalog: Catalog) -> None:
    epyc = catalog.records["cpus"]["epyc-7742"]
    assert isinstance(epyc, Cpu)
    assert cpu_memory_gb(epyc, 2) == 2 * epyc.max_memory_gb
