"""The Buy-or-rent tab's requests/day box (round 34, api34b): at 0 it reads "by speed", the default demand (each user at
the speed asked, else reading speed, over the busy hours: costs.api), and saves nothing; a number typed there is the
buyer's stated requests a user sends a day, saved with the project and shown again when the project opens."""

from __future__ import annotations

from configurator.core.costs.tco import OwnershipInputs
from configurator.qt.costs import BuyOrRentPanel


def test_the_requests_box_is_by_speed_until_the_buyer_states_a_number(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = BuyOrRentPanel()
    qtbot.addWidget(panel)
    assert panel.requests.text() == "by speed" and panel.inputs().requests_per_day is None
    assert "3.7 a day" in panel.requests.toolTip()
    panel.requests.setValue(400)
    assert panel.inputs().requests_per_day == 400
    panel.set_inputs(OwnershipInputs(requests_per_day=40.0))
    assert panel.requests.value() == 40 and panel.inputs().requests_per_day == 40
    panel.set_inputs(None)
    assert panel.requests.text() == "by speed" and panel.inputs().requests_per_day is None


def test_the_seats_box_sets_a_teams_seats_beside_the_kind_of_user(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Round 36: a team's seats (OwnershipInputs.seats, what `--seats` sets) beside the kind of user: 0 reads "no
    team" and saves none; 5 coding seats are saved with the project and shown again when it opens."""
    panel = BuyOrRentPanel()
    qtbot.addWidget(panel)
    assert panel.seats.text() == "no team" and panel.inputs().seats is None
    panel.usage.setCurrentIndex(panel.usage.findData("coding-agent"))
    panel.seats.setValue(5)
    assert (panel.inputs().usage, panel.inputs().seats) == ("coding-agent", 5)
    assert panel.inputs().profile("USD").demand.seats == 5
    panel.set_inputs(OwnershipInputs(usage="chat", seats=20))
    assert panel.seats.value() == 20 and panel.usage.currentData() == "chat"
    panel.set_inputs(None)
    assert panel.seats.text() == "no team" and panel.inputs().seats is None
