"""A way out's row reads as the user's words: ways26 saw the rental row show its price source as
"&#x27;Hardware &amp; Tiers&#x27;" in both languages. Its text is escaped for rich text, and a row with no speed
(renting) carried no tag, so the label guessed plain text and showed the escapes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel

from configurator.core.common.reasons import Reason
from configurator.core.model.build import Infeasible, PlanResult, Relaxation
from configurator.qt.builds import InfeasibleBanner


def test_a_way_with_no_speed_shows_its_quotes_and_ampersands(qtbot) -> None:  # type: ignore[no-untyped-def]
    source = "rent it: Vast.ai 'Hardware & Tiers' at 0.25 USD/h"
    rent = Relaxation(kind="rent", change=source, total_price=500.0)
    banner = InfeasibleBanner()
    qtbot.addWidget(banner)
    server = Relaxation(kind="cluster", change="a ready-made 4-GPU server in a server room", total_price=48_000.0)
    inf = Infeasible.of((Reason.of("way.none"),), Reason.of("way.none"), (), relaxations=(rent, server))
    banner.show_result(PlanResult(builds=(), infeasible=inf))
    labels = [
        w for i in range(banner.ways_layout.count()) if isinstance(w := banner.ways_layout.itemAt(i).widget(), QLabel)
    ]
    assert labels
    row = labels[0]
    assert row.textFormat() == Qt.TextFormat.RichText  # shown as rich text: the escapes are rendered
    shown = QTextDocument()
    shown.setHtml(row.text())
    assert shown.toPlainText() == f"1. {source}"


def test_the_cheapest_way_on_supported_software_says_so_in_the_window_and_on_the_sheet(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Round 33's "cheapest way out on supported software" (Infeasible.cheapest_on_supported: a cheaper build past its
    vendor's support was set aside beside the first way's) was said on the command line only; the window's banner and
    the printed sheet said "Cheapest way out". Hand-made ways (no solve), one alone and two listed, in both languages."""
    from configurator.core.report import words
    from configurator.core.report.sheet import SheetMeta, not_as_asked_section

    change = Reason.of("way.optim8bit")
    said = Reason.of(
        "way.changes", changes=(change,), gpus=2, gpu="NVIDIA RTX A6000", currency="USD", price=7093.0,
        supported=True, past_gpus=4, past_gpu="NVIDIA Tesla V100 PCIe 32GB", past_price=6505.0,
    )  # fmt: skip
    way = Relaxation(kind="optim8bit", change="8-bit AdamW", total_price=7093.0, said=said)
    other = Relaxation(kind="budget", change="raise the budget", total_price=19860.0, said=Reason.of("way.none"))
    for ways, head in (((way,), "Cheapest way out on supported software:"), ((way, other), "cheapest on supported")):
        inf = Infeasible.of((Reason.of("way.none"),), said, (), relaxations=ways)
        assert inf.cheapest_on_supported
        banner = InfeasibleBanner()
        qtbot.addWidget(banner)
        banner.show_result(PlanResult(builds=(), infeasible=inf))
        assert head in banner.text.text()
    html = not_as_asked_section(SheetMeta(not_as_asked=inf.to_sheet(), language="en"))
    assert "Cheapest way out on supported software:" in html
    with words.language("zh_CN"):
        zh = not_as_asked_section(SheetMeta(not_as_asked=inf.to_sheet(), language="zh_CN"))
    assert "在受支持软件上最省钱的解决办法：" in zh
    plain = Infeasible.of((Reason.of("way.none"),), Reason.of("way.none"), (), relaxations=(other,))
    assert "on supported software" not in not_as_asked_section(SheetMeta(not_as_asked=plain.to_sheet(), language="en"))


@pytest.mark.slow
def test_the_window_lists_the_ways_out_the_command_line_lists(qtbot, catalog) -> None:  # type: ignore[no-untyped-def]
    """Llama 3.3 70B QLoRA at 1,200 USD (round 28): the banner's rows are the plan's ways out, in order, as the command
    line lists them (the cheapest and the others), each Pareto-optimal (solve/relax.pareto): no 70 % power limit
    beside the 80 % one at its price, no circuit asked where the budget alone buys the same cards."""
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.core.solve.plan import plan
    from configurator.core.solve.relax import pareto
    from configurator.qt import i18n

    # new parts (round 45: at used prices every training way folds into the supported 2 x 2080 Ti 22GB at 2,219 USD)
    request = BuildRequest(
        model_id="llama-3.3-70b", workload=Workload(kind="finetune", method="qlora"), budget=1200, condition="new"
    )
    result = plan(request, catalog)
    inf = result.infeasible
    assert inf is not None and len(inf.relaxations) > 1
    banner = InfeasibleBanner()
    qtbot.addWidget(banner)
    banner.show_result(result)
    labels = [
        w for i in range(banner.ways_layout.count()) if isinstance(w := banner.ways_layout.itemAt(i).widget(), QLabel)
    ]
    ways = inf.relaxations[: InfeasibleBanner.MAX_WAYS]
    shown = []
    for label in labels:
        doc = QTextDocument()
        doc.setHtml(label.text())
        shown.append(doc.toPlainText())
    assert shown == [f"{n}. {i18n.say(w.said) if w.said else w.change}" for n, w in enumerate(ways, 1)]
    assert pareto(list(ways)) == list(ways)
