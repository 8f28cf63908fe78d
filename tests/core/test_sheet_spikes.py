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


def test_without_a_rental_the_years_say_what_owning_costs_and_no_vs() -> None:
    """walk15: Sam's 12-node cluster (no cloud offer rents as a cluster) printed "1,581,890 (sold for 770,706) vs -
    USD" under "After 1 year: own (net of resale) vs rent"; the window had already dropped the dash."""
    from configurator.core.report.sheet import cost_section

    row = {"years": 1, "owning": 1_581_890.0, "renting": None, "resale_value": 770_706.0, "cheaper": None}
    costs = {"currency": "USD", "yearly_energy": 20_275.0, "yearly_energy_kwh": 119_267.0, "tco": [row]}
    html = cost_section(Build.model_construct(cost_of_ownership=costs, currency="USD"))
    assert "After 1 year: own (net of resale)</td><td>1,581,890 USD (sold for 770,706)</td>" in html
    assert "vs rent" not in html and "vs -" not in html
    rented = {**row, "renting": 2_380.0}
    html = cost_section(Build.model_construct(cost_of_ownership={**costs, "tco": [rented]}, currency="USD"))
    assert "After 1 year: own (net of resale) vs rent</td><td>1,581,890 (sold for 770,706) vs 2,380 USD</td>" in html


def test_a_ready_made_servers_load_is_not_called_its_spikes() -> None:
    """Sam's MI300X servers showed "Short power spikes (about 100 us) 7,740 W", their sustained load again (a
    ready-made system's spikes are not known apart from it)."""
    from configurator.core.model.build import Power
    from configurator.core.model.request import BuildRequest
    from configurator.core.report.sheet import _power_rows

    def rows(transient_w: float) -> str:
        power = Power.model_construct(
            dc_load_w=7_740.0, psu_w=18_000.0, wall_w=8_600.0, circuit_ok=True, circuit_limit_w=2_944.0,
            transient_w=transient_w, heat_btu_h=29_343.0, gpu_w=6_000.0, cpu_w=580.0, rest_w=1_160.0,
        )  # fmt: skip
        build = Build.model_construct(power=power, checks=(), nodes=1, chassis=None, parts=(), noise_dba=None)
        return "".join(_power_rows(build, BuildRequest(model_id="llama-3.1-70b")))

    try:
        ready_made, assembled = rows(7_740.0), rows(9_900.0)
    except (AttributeError, KeyError) as exc:  # the noise row reads more of the build than made here
        raise AssertionError(exc) from exc
    assert "Short power spikes" not in ready_made and "Short power spikes (about 100 us)" in assembled
