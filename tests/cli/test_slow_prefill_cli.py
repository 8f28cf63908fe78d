"""The plan's text states a Tesla P40 build's slow prompt as a warning beside its first-token line (round 47; the
estimate's warning and its sources: tests/core/test_slow_prefill.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import Run


@pytest.mark.slow
def test_the_plan_text_states_the_p40s_prompt_wait(cli: Callable[..., Run]) -> None:
    run = cli(
        "plan", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m",
        "--budget", "2000", "--condition", "used", "--gpu", "tesla-p40",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert "[warn] prompts are slow on the NVIDIA Tesla P40: a 1,020-token prompt waits" in run.out
