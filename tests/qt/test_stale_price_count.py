"""The Parts tab's stale-price line counts its prices as a sentence does (walk42): every plan's Parts tab read "7
price(s) older than six months", the 8B plan's one mini PC "1 price(s)" (shots/j1_00_start.png, j1_09_applied.png).
Now "1 price older than six months (... hover for the date)" and "7 prices older ..."; Chinese has one form."""

from __future__ import annotations

import html

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report import prices


def _stale_line(qtbot, window, request: BuildRequest) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        window.session.set_request(request)
    build = blocker.args[0].builds[0]
    detail = window.detail
    qtbot.waitUntil(lambda: detail.build is build, timeout=10_000)
    return len(prices.stale_parts(build)), html.unescape(detail.total.text())


def test_one_stale_price_and_several_read_as_counted(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    # Mina's two 3090s (one owned) for Llama 3.3 70B at Q4_K_M, 32k, within 2,500 USD on her 120 V outlet
    mina = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m", context=32768),
        budget=2500,
        owned=(OwnedPart(category="gpu", id="rtx-3090"),),
        room="home-office",
        top_k=1,
    )
    n, text = _stale_line(qtbot, window, mina)
    assert n > 1, n
    assert f"{n} prices older than six months (marked ⚠; hover for the dates)" in text, text
    assert "price(s)" not in text
    one = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), top_k=1)
    n, text = _stale_line(qtbot, window, one)
    # the 8B's cheapest, a mini PC, had one price older than six months (catalog of 2026-12-07)
    said = f"{n} price older than six months (marked ⚠; hover for the date)" if n == 1 else f"{n} prices older than"
    assert n == 0 or said in text, text
    assert "price(s)" not in text
