"""Why each part, as the window's "Why each part" and the sheet say it (walk13)."""

from __future__ import annotations

from configurator.core.reasons import Reason, english
from configurator.core.report import words


def test_the_boards_slots_read_as_numbers_not_as_a_python_list() -> None:
    # Mina's board: "AM4; GPUs in slots [2, 7] at x16/x4" (/work/wt/walk13-shots/mina_win_parts_1600.png); the plan
    # keeps the positions as the string of a list
    board = Reason.of("part.gpu-slots", bays=False, positions=str([2, 7]), lanes="x16/x4")
    bays = Reason.of("part.gpu-slots", bays=True, positions=str([1, 2, 3, 4, 5]), lanes="x16/x16/x16/x16/x16")
    assert english(board) == "GPUs in slots 2, 7 at x16/x4"
    assert english(bays) == "GPUs in bays 1, 2, 3, 4, 5 at x16/x16/x16/x16/x16"
    with words.language("zh_CN"):
        assert words.say(board) == "GPU 位于插槽 2、7，x16/x4"
        assert "[" not in words.say(bays)
