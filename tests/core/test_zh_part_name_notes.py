"""Every catalog part's name, as a Chinese buyer reads it in the window's parts table and on the sheet
(words.part_names), carries its notes in Chinese (ui33b). Round 33's walk of Chen's Chinese window and sheet read
"Supermicro X11DPG-OT-CPU (board of the SYS-4029GP-TRT)" and "... SYS-4029GP-TRT (4U, 8 GPUs, dual Xeon Scalable
gen 1/2, PCIe 3.0) — legacy" in English; the name itself stays as it is sold."""

from __future__ import annotations

import re

from configurator.core.catalog.dates import PART_KINDS
from configurator.core.report import words
from configurator.storage import catalogs

NOTE = re.compile(r"[(（]([^()（）]*)[)）]|— (\w+)")
"""A note in a part's name: in brackets, or after a dash ('— legacy')."""
ENGLISH_WORD = re.compile(r"\b(?:[a-z]{2,}(?:-[a-z]+)*|GPUs)\b")
"""An English word of a note ('board', 'legacy', 'dual-socket', 'GPUs'); a capitalised word in a note is a name as
sold ('Blackwell Ultra', '80 PLUS Titanium', 'Xeon Scalable'), a model number has digits (X11DPG, 4U8G)."""
AS_SOLD = {"micro", "mm"}
"""Lower-case words that are names as sold or units (the form factor 'micro-ATX', a drive's height '15 mm')."""


def _english_note_words(name: str) -> list[str]:
    notes = ["".join(m) for m in NOTE.findall(name)]
    return [
        w for note in notes for w in ENGLISH_WORD.findall(note) if w not in AS_SOLD and w.split("-")[0] not in AS_SOLD
    ]


def test_every_catalog_parts_chinese_name_carries_no_english_note() -> None:
    catalog = catalogs.load(include_user=False).catalog
    left = {}
    with words.language("zh_CN"):
        for kind in PART_KINDS:
            for record in catalog.kind(kind):
                said = words.part_names(record.name)
                if found := _english_note_words(said):
                    left[f"{kind}/{record.id}"] = (said, found)
    assert not left, left


def test_the_walks_server_and_board_read_in_chinese_and_stay_english_in_english() -> None:
    catalog = catalogs.load(include_user=False).catalog
    server = next(r.name for r in catalog.kind("chassis") if "SYS-4029GP-TRT" in r.name)
    board = next(r.name for r in catalog.kind("motherboards") if "board of the SYS-4029GP-TRT" in r.name)
    with words.language("zh_CN"):
        assert words.part_names(board) == "Supermicro X11DPG-OT-CPU（SYS-4029GP-TRT 的主板）"
        said = words.part_names(server)
        assert said.startswith("Supermicro SuperServer SYS-4029GP-TRT（4U，8 块 GPU，双路 Xeon Scalable 第 1/2 代"), (
            said
        )
        assert said.endswith("（旧款）") and "legacy" not in said, said
        # the same names inside a sentence (a why line, the sheet's body) are rendered the same way
        assert "（SYS-4029GP-TRT 的主板）" in words.part_names(f"主板：{board}，机箱：{server}。")
    with words.language("en"):
        assert words.part_names(board) == board and words.part_names(server) == server
