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


def test_a_mixed_machine_against_the_first_build_names_each_card_once() -> None:
    # Mina's #2 read "2 x rtx-3090-ti+rtx-3090 instead of 2 x rtx-3090": two pairs of cards, not one of each
    against = Reason.of("against.gpus", gpus=2, gpu="rtx-3090-ti+rtx-3090", base_gpus=2, base_gpu="rtx-3090")
    assert english(against) == "rtx-3090-ti + rtx-3090 instead of 2 x rtx-3090"
    cpu_only = Reason.of("against.gpus", gpus=0, gpu="", base_gpus=3, base_gpu="rtx-4090+rtx-4090+rtx-3090")
    assert english(cpu_only) == "no GPU instead of rtx-4090 + rtx-4090 + rtx-3090"
    with words.language("zh_CN"):
        assert words.say(against) == "rtx-3090-ti + rtx-3090，而非 2 x rtx-3090"


def test_the_assembly_notes_slots_are_a_chinese_list_in_chinese() -> None:
    note = Reason.of("asm.open-air", slots="2, 7")
    assert english(note).startswith("Open-air cards in slots 2, 7: ")
    with words.language("zh_CN"):
        assert words.say(note).startswith("风扇卡位于插槽 2、7：")
