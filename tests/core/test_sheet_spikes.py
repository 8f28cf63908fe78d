"""The build sheet's spike figure stands beside what the PSU check held it against (walk15): Mina's sheet said "Short
power spikes 1,304 W" (the cards' ~100 us peaks) while PWR-3 said "2 x GPU power spikes to 1584 W against 1600 W" (an
ATX 2.x unit is sized for twice the GPUs' power), and Chen's server showed 4,083 W of spikes under "PSU capacity
4,000 W" that its redundant CRPS modules carry; nothing on the sheet told the figures apart."""

from __future__ import annotations

from configurator.core.model.build import Build
from configurator.core.report import words
from configurator.core.report.sheet import _spike_rows
from configurator.core.rules import instance
from configurator.core.rules import power as power_rules

PWR_3 = instance(power_rules.Atx2Spikes)
BAREBONE = instance(power_rules.BarebonePsu)
SPIKES = PWR_3.say("pass", "atx2", spike_w=1584.0, psu_w=1600.0)
MODULES = BAREBONE.say("pass", "modules", watts=8000.0, redundant=True)


def test_an_atx2_supply_says_it_is_sized_for_twice_the_cards_power() -> None:
    rows = _spike_rows(Build.model_construct(checks=(SPIKES,)))
    assert rows == [("PSU against spikes (PWR-3): " + SPIKES.message, "PASS")]
    assert "1584 W against 1600 W" in rows[0][0]


def test_a_servers_modules_say_the_capacity_is_half_of_what_is_installed() -> None:
    with words.language("zh_CN"):
        rows = _spike_rows(Build.model_construct(checks=(MODULES, BAREBONE.say("pass", "desktop"))))
    assert rows == [("电源承受尖峰（PSU）：服务器电源模块：共 8000 W，按 N+N 冗余以一半计算", "通过")]
