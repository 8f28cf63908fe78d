"""The banner over an infeasible request speaks the window's language (#31): why nothing fits, what binds and the
cheapest way out are rendered from their reason codes (#33), in Chinese under zh_CN."""

from __future__ import annotations

from configurator.core.common.reasons import Reason
from configurator.core.model.build import Infeasible, PlanResult
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.builds import InfeasibleBanner

CLAUSES = (
    Reason.of("nothing.no-combination"),
    Reason.of("nothing.budget", budget=2500.0, currency="USD"),
    Reason.of(
        "nothing.binding", items=(Reason.of("nothing.binding-item", label="wall circuit", value="120 V 15 A", unit=""),)
    ),
)
WAY = Reason.of(
    "way.changes", changes=(Reason.of("way.circuit"),), gpus=2, gpu="RTX 3090", price=2400.0, currency="USD"
)
RESULT = PlanResult(builds=(), infeasible=Infeasible.of(CLAUSES, WAY, ("budget", "wall circuit", "form factor")))


def test_the_banner_in_english_and_in_chinese(qtbot) -> None:  # type: ignore[no-untyped-def]
    app = make_app([])
    banner = InfeasibleBanner()
    qtbot.addWidget(banner)
    banner.show_result(RESULT)
    english = banner.text.text()
    assert "No combination of parts passes every rule; the budget of 2,500 USD is binding" in english
    assert "Binding: form factor." in english  # the clauses name the budget and the circuit already
    assert "use a 230 V 16 A circuit: cheapest build 2 x RTX 3090, 2,400 USD" in english
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        banner.show_result(RESULT)
        chinese = banner.text.text()
        assert "没有任何配件组合能通过所有规则；2,500 USD 的预算不够；受限于：墙插电路（120 V 15 A）" in chinese
        assert "<b>没有能满足需求的配置。</b>" in chinese  # the headline too
        assert "受限于：机器形态。" in chinese and "<b>最省钱的解决办法：</b>使用" in chinese
        assert "使用 230 V 16 A 电路：最便宜的配置 2 x RTX 3090，2,400 USD" in chinese
        assert "passes every rule" not in chinese
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
