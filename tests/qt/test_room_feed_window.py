"""The window's room and circuit (round 43): choosing "server room" moves a circuit left at the household default to
the room's rack feed (208 V 30 A on an L6-30 for USD: a machine room has no 120 V outlets, cse.ucsd.edu/node/329), as
`llm-rig plan --room server-room` plans it; leaving the room moves the rack feed back; a circuit the user chose stays."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt.inputs import set_combo

LAB = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), budget=3000, circuit="120v15a")


def test_a_server_room_is_fed_from_its_rack_feed_and_a_chosen_circuit_stays(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    window.session.set_request(LAB)
    qtbot.waitUntil(lambda: panel.circuit.currentData() == "120v15a", timeout=10_000)
    set_combo(panel.room, "server-room")
    assert panel.circuit.currentData() == "208v30a"
    qtbot.waitUntil(lambda: window.session.request.circuit == "208v30a", timeout=10_000)
    assert window.session.request.room == "server-room"
    set_combo(panel.room, "lab")  # a lab has wall outlets: the rack feed goes back to the household default
    assert panel.circuit.currentData() == "120v15a"
    set_combo(panel.circuit, "120v20a")  # chosen: the room does not move it
    set_combo(panel.room, "server-room")
    assert panel.circuit.currentData() == "120v20a"
    qtbot.waitUntil(lambda: window.session.request.circuit == "120v20a", timeout=10_000)


def test_a_chinese_labs_220_v_circuit_stays_in_and_out_of_the_server_room(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    chen = LAB.model_copy(update={"currency": "CNY", "region": "china", "circuit": "220v16a", "budget": 300000})
    window.session.set_request(chen)
    qtbot.waitUntil(lambda: panel.circuit.currentData() == "220v16a", timeout=10_000)
    set_combo(panel.room, "server-room")
    assert panel.circuit.currentData() == "220v16a"
    set_combo(panel.room, "home-office")
    assert panel.circuit.currentData() == "220v16a"
