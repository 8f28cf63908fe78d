"""A fit said beside the build's own Speed / time cell (the window's builds table) leaves out the capped GPUs' figure at
that power, which that cell shows; the sentence (tooltip, header, sheets) keeps it (round 38: Dr. Chen's LoRA at
1366 x 768, "GPUs at 80% power: 41.6 h" beside "41.6 h per 100 M tokens")."""

from __future__ import annotations

from configurator.core.common.reasons import Reason
from configurator.core.report.fit import Fit, FitSetting


def _fit(**at: float) -> Fit:
    power = FitSetting.of(
        "GPU power", Reason.of("fit.limited", limit=0.8, **at), Reason.of("fit.power", limit=0.8, **at)
    )
    return Fit(settings=(FitSetting(name="sharding", value="ZeRO-3", chosen=True), power))


def test_the_capped_figure_is_said_once_beside_the_speed_cell() -> None:
    timed = _fit(hours=41.6)
    assert timed.line == "ZeRO-3* · GPUs at 80% power: 41.6 h"
    assert timed.beside_speed().line == "ZeRO-3* · GPUs at 80% power"
    assert "41.6 h" in timed.beside_speed().sentence  # the spelled-out fit keeps it
    assert _fit(tps=14.2).beside_speed().line == "ZeRO-3* · GPUs at 80% power"
    # nothing to leave out: the same fit
    full = Fit(settings=(FitSetting.of("GPU power", Reason.of("fit.full-rated"), Reason.of("fit.full-power")),))
    assert full.beside_speed() == full
    assert _fit().beside_speed() == _fit()
