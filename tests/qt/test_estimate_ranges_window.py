"""The Estimates tab gives the decode speed's and the first token's 80 % ranges as the plan's JSON does (walk15: only
the training rate's was shown; the first token's range, issue #29, x0.72..x1.34, was in `estimate --json` alone)."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest


def test_decode_and_first_token_show_their_80_percent_ranges(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), budget=3000, currency="USD")
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(request)
    build = window.session.selected_build
    assert build is not None and build.estimate.time_to_first_token_s is not None
    ranges = build.estimate.to_json()["ranges"]
    low, high = ranges["speed.time_to_first_token_s"]
    assert low < build.estimate.time_to_first_token_s < high
    text = window.detail.estimates.toPlainText()
    assert f"after a 1,020-token prompt (80 % range {low:.2f}-{high:.2f})" in text
    low, high = ranges["speed.decode_tokens_per_s"]
    assert f"tokens/s per user (80 % range {low:.1f}-{high:.1f})" in text
