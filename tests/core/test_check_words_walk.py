"""A check's data words in its Chinese (walk13: Chen's Chinese Checks tab read "blower 卡可以紧挨着插" and "5 块 GPU 用在
server 平台上", /work/wt/walk13-shots/chen_zh_CN_1366_Checks.png)."""

from __future__ import annotations

from configurator.core.report.words import check_text
from configurator.core.rules.base import Check


def test_a_cooler_kind_and_a_platform_are_said_in_chinese() -> None:
    side = Check(
        rule="COOL-1",
        status="pass",
        message="blower cards may sit next to each other",
        code="side-by-side",
        fields={"cooler": "blower"},
    )
    platform = Check(
        rule="PCI-3",
        status="pass",
        message="5 GPUs on a server platform",
        code="platform",
        fields={"gpus": 5, "platform": "server"},
    )
    assert check_text(side, "en") == "blower cards may sit next to each other"
    assert check_text(side, "zh_CN") == "涡轮卡可以紧挨着插"  # no space before 卡 (window14)
    assert check_text(platform, "zh_CN") == "5 块 GPU 用在服务器平台上"
    # a CPU cooler's product name in a field of the same name stays as it is
    cpu = Check(
        rule="COOLER",
        status="pass",
        message="x",
        code="board",
        fields={"cooler": "Thermalright Assassin X 120 Refined SE", "board": "ASUS ROG Strix X570-E Gaming"},
    )
    assert check_text(cpu, "zh_CN").startswith("Thermalright Assassin X 120 Refined SE 装在")
