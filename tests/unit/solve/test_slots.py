"""Two big cards on a consumer board: where the slot map lets two 3-slot open-air cards keep a free slot between them
(build rules R1/SLOT-1), and where the lanes then allow multi-GPU training (R15: x8 or more per card).

The MSI MPG X870E CARBON WIFI's slot map is hardwareluxx's table (catalogs/motherboards.toml): CPU x16/x8 at position
2, CPU x4 at position 6, chipset x4 at position 7."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, Motherboard
from configurator.core.solve.slots import place
from configurator.core.solve.solver import TP_OR_TRAINING_MIN_LANES

CARBON = "msi-mpg-x870e-carbon-wifi"


def _board(catalog: Catalog, board_id: str) -> Motherboard:
    board = catalog.records["motherboards"][board_id]
    assert isinstance(board, Motherboard)
    return board


def _gpu(catalog: Catalog, gpu_id: str) -> Gpu:
    gpu = catalog.records["gpus"][gpu_id]
    assert isinstance(gpu, Gpu)
    return gpu


def test_two_3090s_keep_a_free_slot_on_the_x870e_carbon(catalog: Catalog) -> None:
    """Positions 2 and 6 (or the chipset slot at 7) are four apart: a 3-slot card leaves one slot of air below it."""
    placed = place(_board(catalog, CARBON), _gpu(catalog, "rtx-3090"), 2)
    assert placed is not None and placed.gapped
    upper, lower = (s.position for s in placed.slots)
    assert lower - upper >= 3 + 1


def test_the_carbons_cpu_pair_runs_x8_x4_too_narrow_for_two_card_training(catalog: Catalog) -> None:
    """Both CPU slots populated: PCI_E1 drops to x8 and the lower slot is x4, so a pair on CPU lanes has a x4 card,
    below the x8 that multi-GPU training and tensor parallelism ask for: the board serves a layer split, not training."""
    board = _board(catalog, CARBON)
    cpu_slots = sorted((s for s in board.pcie_slots if s.source == "cpu"), key=lambda s: s.position)
    assert [s.position for s in cpu_slots] == [2, 6]
    pair = [min(s.lanes, s.lanes_when_bifurcated or s.lanes) for s in cpu_slots]
    assert pair == [8, 4]
    assert min(pair) < TP_OR_TRAINING_MIN_LANES


def test_the_x570_boards_two_cpu_slots_sit_three_apart(catalog: Catalog) -> None:
    """The AM4 X570 boards' CPU x16 slots at positions 2 and 5 (the 2/5/7 pattern of the sourced sibling tables):
    two 3-slot cards there touch, so an open-air pair takes the chipset slot at 7 instead (x16/x4)."""
    gpu = _gpu(catalog, "rtx-3090")
    for board_id in ("asus-rog-strix-x570-e-gaming", "gigabyte-x570-aorus-master", "asus-proart-x570-creator-wifi"):
        board = _board(catalog, board_id)
        cpu = [s.position for s in board.pcie_slots if s.source == "cpu" and s.mechanical_lanes == 16]
        assert cpu == [2, 5], board_id
        placed = place(board, gpu, 2)
        assert placed is not None, board_id
        assert [(s.position, s.source) for s in placed.slots] == [(2, "cpu"), (7, "chipset")], board_id
