"""Compatibility facts are typed fields, and no shipped note contradicts them."""

from __future__ import annotations

import re

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Cooler, Cpu, Motherboard


def _boards(catalog: Catalog) -> list[Motherboard]:
    return [b for b in catalog.kind("motherboards") if isinstance(b, Motherboard)]


def test_a_note_that_names_a_required_board_agrees_with_the_boards_that_list_the_cpu(catalog: Catalog) -> None:
    """'needs a C741 server board, not W790': no W790 board may list that CPU's family."""
    for cpu in catalog.kind("cpus"):
        assert isinstance(cpu, Cpu)
        found = re.search(r"needs an? (\w+) (?:server |workstation )?board, not (\w+)", cpu.notes)
        if not found:
            continue
        wanted, refused = found.groups()
        for board in _boards(catalog):
            if cpu.family in board.cpu_families:
                assert board.chipset != refused, (cpu.id, board.id)
                assert wanted in board.chipset, (cpu.id, board.id)


def test_a_note_saying_w790_required_means_only_w790_boards_run_it(catalog: Catalog) -> None:
    for cpu in catalog.kind("cpus"):
        assert isinstance(cpu, Cpu)
        if "W790 board required" in cpu.notes:
            runs_on = {b.chipset for b in _boards(catalog) if cpu.family in b.cpu_families}
            assert runs_on == {"W790"}, (cpu.id, runs_on)


def test_every_cpu_runs_on_a_board_of_its_socket_or_says_it_is_sold_in_systems_only(catalog: Catalog) -> None:
    for cpu in catalog.kind("cpus"):
        assert isinstance(cpu, Cpu)
        boards = [b for b in _boards(catalog) if cpu.family in b.cpu_families]
        assert all(b.socket == cpu.socket for b in boards), cpu.id
        if not boards:
            # no board in the catalog: the CPU can only arrive inside a whole system or needs a board
            # the notes name (the C741 Xeon Scalable parts)
            assert "C741" in cpu.notes or "DGX" in cpu.notes, cpu.id


def test_fanless_heatsinks_need_ducted_airflow(catalog: Catalog) -> None:
    for cooler in catalog.kind("coolers"):
        assert isinstance(cooler, Cooler)
        fanless = bool(re.search(r"\bpassive\b|no fan", cooler.notes, re.IGNORECASE)) or cooler.kind == "server-passive"
        assert cooler.needs_ducted_airflow == fanless, cooler.id


def test_board_channel_notes_agree_with_the_channel_fields(catalog: Catalog) -> None:
    """'8 DDR5 ECC RDIMM slots (8 channels, 1DPC)' in a note is the same fact as the fields."""
    for board in _boards(catalog):
        found = re.search(r"\((\d+) channels, (\d)DPC\)", board.notes)
        if found:
            channels, dpc = map(int, found.groups())
            assert (board.memory_channels, board.dimms_per_channel) == (channels, dpc), board.id
        assert board.dimm_slots <= board.memory_channels * board.dimms_per_channel * board.cpu_sockets


def test_cpu_notes_on_two_dimms_per_channel_agree_with_the_field(catalog: Catalog) -> None:
    for cpu in catalog.kind("cpus"):
        assert isinstance(cpu, Cpu)
        found = re.search(r"DDR5-(\d{4}) at two", cpu.notes)
        if found:
            assert cpu.memory_speed_2dpc_mts == int(found.group(1)), cpu.id
