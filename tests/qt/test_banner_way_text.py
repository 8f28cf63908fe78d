"""A way out's row reads as the user's words: ways26 saw the rental row show its price source as
"&#x27;Hardware &amp; Tiers&#x27;" in both languages. Its text is escaped for rich text, and a row with no speed
(renting) carried no tag, so the label guessed plain text and showed the escapes."""

from __future__ import annotations

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
