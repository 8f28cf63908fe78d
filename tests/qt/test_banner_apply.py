"""The banner's top button names the way out it applies (walk15, Sam's pretraining plan on a 120 V circuit): the
cheapest way listed was "rent it for this one job", which has nothing to apply, and "Apply the cheapest" switched the
request to way 2, a 230 V circuit."""

from __future__ import annotations

from configurator.core.common.reasons import Reason
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Infeasible, PlanResult, Relaxation
from configurator.core.model.request import BuildRequest
from configurator.qt.builds import InfeasibleBanner

ASKED = BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=10**11), circuit="120v15a")
ON_230V = ASKED.model_copy(update={"circuit": "230v16a"})
RENT = Relaxation(kind="rent", change="rent it for this one job", total_price=3_576.0)
CIRCUIT = Relaxation(kind="circuit", change="use a 230 V 16 A circuit", total_price=41_100.0, request=ON_230V)
SERVER = Relaxation(kind="cluster", change="a ready-made 4-GPU server in a server room", total_price=48_000.0)


def shown(qtbot, *ways: Relaxation) -> InfeasibleBanner:  # type: ignore[no-untyped-def]
    banner = InfeasibleBanner()
    qtbot.addWidget(banner)
    applied = next((w.request for w in ways if w.request is not None), None)
    inf = Infeasible.of((Reason.of("way.none"),), Reason.of("way.none"), (), relaxed_request=applied, relaxations=ways)
    banner.show_result(PlanResult(builds=(), infeasible=inf))
    return banner


def test_when_the_cheapest_way_is_renting_the_button_names_the_way_it_applies(qtbot) -> None:  # type: ignore[no-untyped-def]
    banner = shown(qtbot, RENT, CIRCUIT, SERVER)
    assert not banner.apply.isHidden()
    assert banner.apply.text() == "Apply way out 2"
    with qtbot.waitSignal(banner.apply_requested) as blocker:
        banner.apply.click()
    assert blocker.args == [ON_230V]


def test_when_the_cheapest_way_can_be_applied_the_button_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert shown(qtbot, CIRCUIT, SERVER).apply.text() == "Apply the cheapest"


def test_with_nothing_to_apply_there_is_no_button(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert shown(qtbot, RENT, SERVER).apply.isHidden()
    assert shown(qtbot, RENT).apply.isHidden()
