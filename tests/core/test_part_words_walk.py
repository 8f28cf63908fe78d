"""Why each part, as the window's "Why each part" and the sheet say it (walk13)."""

from __future__ import annotations

from configurator.core.common.reasons import Reason, as_json, english, from_json
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build, BuildPart
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules.base import instance
from configurator.core.rules.compatibility import Placement
from configurator.core.solve.plan import _compared, plan
from configurator.storage import catalogs

PLACEMENT = instance(Placement)


def test_the_boards_slots_read_as_numbers_not_as_a_python_list() -> None:
    # Mina's board: "AM4; GPUs in slots [2, 7] at x16/x4" (/work/wt/walk13-shots/mina_win_parts_1600.png); the plan
    # keeps the positions as numbers (walk14; a list's string before, which reads the same)
    board = Reason.of("part.gpu-slots", bays=False, positions=(2, 7), lanes="x16/x4")
    bays = Reason.of("part.gpu-slots", bays=True, positions=(1, 2, 3, 4, 5), lanes="x16/x16/x16/x16/x16")
    assert english(Reason.of("part.gpu-slots", bays=False, positions=str([2, 7]), lanes="x16/x4")) == english(board)
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


def _gpu_build(count: int, rank: int, price: float, tps: float, **extra: object) -> Build:
    """A built RTX 3090 machine of `count` cards, with any other Build fields given (test_zh_units reads it too)."""
    from types import SimpleNamespace

    card = BuildPart(
        category="gpu", id="rtx-3090", name="NVIDIA GeForce RTX 3090", quantity=count, unit_price=1207.0, spec={}
    )
    estimate = SimpleNamespace(decode_tokens_per_s=tps, wall_hours=None)
    return Build.model_construct(
        parts=(card,),
        gpu_id="rtx-3090",
        gpu_count=count,
        nodes=1,
        gpus_mixed=(),
        total_price=price,
        currency="USD",
        rank=rank,
        why="why",
        estimate=estimate,
        **extra,
    )


def test_an_alternative_with_more_cards_names_them_as_the_gpus_column_does() -> None:
    # names32c: GLM-4.5-Air Q4_K_M on RTX 3090s within 5,000 USD, #4 (experts in RAM, two cards) read "2 x rtx-3090
    # instead of 1 x rtx-3090", catalog ids where the GPUs column says "2 x RTX 3090"
    first, second = _gpu_build(1, 1, 2556.0, 10.1), _gpu_build(2, 4, 4919.0, 32.5)
    compared = _compared([first, second])[1]
    assert compared.why.endswith("; 2 x RTX 3090 instead of 1 x RTX 3090)"), compared.why
    assert compared.against is not None
    gpus = compared.against.nested("parts")[-1]
    assert gpus.code == "against.gpus" and gpus.fields["gpu"] == "rtx-3090"  # the ids kept (JSON keys unchanged)
    assert english(from_json(as_json(compared.against))) == english(compared.against)  # it reads the same saved
    with words.language("zh_CN"):
        assert words.say(gpus) == "2 x RTX 3090，而非 1 x RTX 3090"


def test_the_assembly_notes_slots_are_a_chinese_list_in_chinese() -> None:
    note = Reason.of("asm.open-air", slots="2, 7")
    assert english(note).startswith("Open-air cards in slots 2, 7: ")
    with words.language("zh_CN"):
        assert words.say(note).startswith("风扇卡位于插槽 2、7：")


def test_slot_one_names_the_slots_as_numbers_in_either_language() -> None:
    # walk14: SLOT-1 read "2-slot open-air cards in slots [2, 7] with a free slot between them" (a Python list), and
    # its Chinese "插在 [2, 7] 号插槽"
    placed = PLACEMENT.say("pass", "placed", width=2, cooler="open-air", positions=(2, 7))
    overlap = PLACEMENT.say("fail", "overlap", width=3, positions=(2, 4))
    assert placed.message == "2-slot open-air cards in slots 2, 7 with a free slot between them"
    assert overlap.message == "3-slot cards in slots 2, 4 overlap"
    assert words.check_text(placed, "zh_CN") == "2 槽宽的风扇卡插在 2、7 号插槽，卡间留有空槽"
    assert words.check_text(overlap, "zh_CN") == "3 槽宽的卡插在 2、4 号插槽会重叠"
    assert placed.to_json()["fields"]["positions"] == [2, 7]  # plan --json: the numbers, as before
    # round 49 (mixslot49's note): one card had read "3-slot open-air cards in slots 1"
    alone = PLACEMENT.say("pass", "placed", width=3, cooler="open-air", positions=(1,))
    assert alone.message == "a 3-slot open-air card in slot 1"
    assert words.check_text(alone, "zh_CN") == "3 槽宽的风扇卡插在 1 号插槽"


def test_the_plan_keeps_the_boards_slot_numbers_as_numbers() -> None:
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(model_id="llama-3.1-70b", workload=Workload(kind="inference", context=8192), top_k=1)
    build = plan(request, catalog).builds[0]
    board = next(p for p in build.parts if p.category == "motherboard")
    slots = next(r for r in board.said if r.code == "part.gpu-slots")
    positions = slots.fields["positions"]
    assert isinstance(positions, tuple) and positions and all(isinstance(p, int) for p in positions)
    assert f"slots {', '.join(map(str, positions))} at" in board.why and "[" not in board.why
    with words.language("zh_CN"):
        assert f"插槽 {'、'.join(map(str, positions))}，" in words.say(slots)
    assert from_json(as_json(slots)) == slots  # the JSON form reads back as numbers
