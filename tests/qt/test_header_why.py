"""The selected build says why it is shown where it is named (walk15: Chen's "1. cheapest" stood over two cheaper
builds; its "the lowest price of the 3 builds shown that fail no rule at reading speed or more" was only in the Why
column's tooltip). The whole of it, wrapped (round 31's note: one line cut to the width ended in "…" before the
supported rival a past-support build names), and in the header's tooltip."""

from __future__ import annotations

import html

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n


def test_the_header_says_why_the_build_is_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1366, 768)
    window.show()
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), budget=3000, currency="USD")
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(request)
    result = window.session.result
    assert result is not None and result.builds
    for index, build in enumerate(result.builds):
        window.session.select(index)
        reason = i18n.why(build)
        assert reason, build.label
        text = html.unescape(window.header.text())
        line = next(part for part in text.split("<br>") if "Why shown:" in part)
        shown = line.split("Why shown: ", 1)[1].split("</span>")[0]
        assert shown == reason, (shown, reason)
        assert f"Why shown: {reason}" in window.header.toolTip()
