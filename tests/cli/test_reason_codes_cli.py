"""The command line acts on reason codes, not on the words (#33): a host too small for the RAM a job keeps there is
an error (exit 2) by its warning's code, however the warning is worded."""

from __future__ import annotations

import pytest

from configurator.core.common import reasons

SMALL_HOST = (
    "estimate",
    "--model",
    "llama-3.1-70b",
    "--workload",
    "inference",
    "--precision",
    "q4_k_m",
    "--gpus",
    "0",
    "--cpu",
    "ryzen-9-5900x",
    "--ram",
    "corsair-vengeance-lpx-ddr4-3200-32gb-2x16",
)


def test_a_host_too_small_is_refused_by_the_warnings_code(cli) -> None:  # type: ignore[no-untyped-def]
    run = cli(*SMALL_HOST)
    assert run.code == 2 and "--ram: the model does not fit in system RAM: 41.3 GiB in RAM" in run.err


def test_rewording_the_warning_changes_only_the_words(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(reasons.EN, "warn.host-ram", "keeps {ram:.1f} GiB in RAM, more than the {has:.1f} GiB here")
    run = cli(*SMALL_HOST)
    assert (
        run.code == 2 and "--ram: the model keeps 41.3 GiB in RAM, more than the 32.0 GiB here" in run.err
    )  # a 2 x 16 GB kit holds 32 GiB (JEDEC)
