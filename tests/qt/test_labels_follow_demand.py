"""The build list's labels follow the Buy-or-rent tab's demand (round 38).

Round 37 left the window's list with the planned demand's labels when the tab's usage or seats changed: five users of
Qwen3.6-27B at 64k read "cheapest; quietest" on a Mac mini M5 Pro 48 GB while the tab, set to five coding-agent
seats, said "never at this demand: it serves 52 % of the demand". The list is now said again from the planned builds
recosted with the tab's inputs, by the core function `plan --usage ... --seats ...` uses (ranking.short_qualified),
without a solve; set back to the defaults it reads the plan's own labels again."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n

pytestmark = pytest.mark.slow


def _labels(window) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each row's label as the list shows it, by the machine's first part."""
    table = window.builds
    return {b.parts[0].id: table.item(row, 1).text() for row, b in enumerate(table.builds)}


def test_the_list_says_the_labels_of_the_demand_the_tab_sets(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(
        model_id="qwen3.6-27b", workload=Workload(kind="inference", context=65536, batch=5), budget=15000
    )
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        window.session.set_request(request)
    planned = blocker.args[0]
    before = _labels(window)
    # since quant38 (the cards at the Mac's own Q4_K_M) two MI50 are "cheapest" and the Mac mini "quietest"
    assert before["mi50-32gb"].startswith("cheapest") and before["mac-mini-m5-pro-16c-48gb"].startswith("quietest")
    assert "serving" not in " ".join(before.values())  # each user at reading speed: every build shown serves it
    panel = window.detail.buy_or_rent
    solves: list[object] = []
    window.session.solve_started.connect(lambda: solves.append(True))
    with qtbot.waitSignal(window.session.selection_changed, timeout=60_000):
        panel.usage.setCurrentIndex(panel.usage.findData("coding-agent"))
    with qtbot.waitSignal(window.session.selection_changed, timeout=60_000):
        panel.seats.setValue(5)
    after = _labels(window)
    assert "quietest serving 52 % of the demand" in after["mac-mini-m5-pro-16c-48gb"]
    assert "cheapest serving 52 % of the demand" in after["mi50-32gb"]
    assert "cheapest serving the demand" in after["rtx-4060-ti-16gb"]
    assert set(after) == set(before) and not solves  # the same builds, relabelled, no solve
    assert window.session.result is not planned and window.session.planned is planned
    # the tab's own figures and the list say one thing of the selected build
    mac = next(i for i, b in enumerate(window.builds.builds) if b.parts[0].id == "mac-mini-m5-pro-16c-48gb")
    window.session.select(window.session.result.builds.index(window.builds.builds[mac]))
    assert panel.costs is not None and panel.costs.short is not None
    assert i18n.label(window.session.selected_build) == after["mac-mini-m5-pro-16c-48gb"]
    # round 39: the speed's first-token tooltip and the estimate's rows time the coding agent's own 42,000-token
    # prompt, as the tab's costs do (it had said the chat's 1,020-token prompt)
    from configurator.qt.builds import estimate_html

    costs = window.session.selected_build.cost_of_ownership
    tip = window.builds.item(mac, window.builds.SPEED).toolTip()
    assert "after its users' 42,000-token prompt" in tip and "1,020-token" not in tip
    assert f"{costs['prefill_seconds_per_request']:,.1f} s after its users'" in tip
    assert "42,000-token prompt, " in estimate_html(window.session.selected_build)
    # back to the defaults: the plan's own labels
    with qtbot.waitSignal(window.session.selection_changed, timeout=60_000):
        panel.seats.setValue(0)
    with qtbot.waitSignal(window.session.selection_changed, timeout=60_000):
        panel.usage.setCurrentIndex(panel.usage.findData(None))
    assert _labels(window) == before and not solves
