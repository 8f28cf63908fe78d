"""The Mac mini (round 33): the under-1,000 USD Apple machine, estimated against published llama.cpp Metal runs.

Sources (each row named where it is used):
- brand-o/normiebench#3 (2026-03-08): Mac Mini M4 16 GB, llama.cpp / Metal, Llama 3.1 8B Q4_K_M, tg128 20.87 tokens/s.
- ggml-org/llama.cpp discussion #4167 ('Performance of llama.cpp on Apple Silicon M-series'), LLaMA 2 7B tg128: M4
  10-core GPU Q4_0 24.11, Q8_0 13.54; M4 Pro 16-core GPU Q4_0 49.64, Q8_0 30.54 (the rows as relayed in the stored
  corpus; the discussion itself was not readable here).
- AlexsJones/llmfit#812 (2026-07-29): M4 Pro 20-core GPU, 24 GB, llama.cpp Metal (-ngl 999), gemma-3-27b-it Q4_K_M
  13.24 tokens/s (#4167: the 16- and 20-core M4 Pro decode within 2 %, 49.64 vs 50.74: bandwidth-bound).
- ggml-org/llama.cpp#11083 (2025-01): an Apple M4 prints recommendedMaxWorkingSetSize = 11453.25 MB, 2/3 of 16 GiB.

The estimator's Apple decode share is fitted on M2 Ultra and M3 Max rows (estimate/unified.py); the smaller dies read
closer to their copy bandwidth, so the M4 family is estimated 18-26 % slow. The bound here says so: below the
measurement, by at most 30 %; the strict xfail pins the gap at 15 %.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.models import System
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from configurator.storage import catalogs

CATALOG = catalogs.load(include_user=False).catalog

# (system, model, precision, measured tg128 tokens/s, source)
ROWS = (
    ("mac-mini-m4-10c-16gb", "llama-3.1-8b", "q4_k_m", 20.87, "normiebench#3"),
    ("mac-mini-m4-10c-16gb", "llama-2-7b", "q4_0", 24.11, "llama.cpp#4167 M4"),
    ("mac-mini-m4-10c-16gb", "llama-2-7b", "q8_0", 13.54, "llama.cpp#4167 M4"),
    ("mac-mini-m4-pro-16c-24gb", "llama-2-7b", "q4_0", 49.64, "llama.cpp#4167 M4 Pro 16-core"),
    ("mac-mini-m4-pro-16c-24gb", "llama-2-7b", "q8_0", 30.54, "llama.cpp#4167 M4 Pro 16-core"),
    ("mac-mini-m4-pro-16c-48gb", "gemma-3-27b", "q4_k_m", 13.24, "llmfit#812 M4 Pro 20-core"),
)


def _decode(system_id: str, model_id: str, precision: str) -> float:
    system = CATALOG.get("systems", system_id)
    assert isinstance(system, System)
    # tg128 runs on an empty context: a short one, so the KV cache read per token is near nothing as there
    workload = Workload(kind="inference", context=256, precision=precision, engine="llama.cpp")
    result = estimate(CATALOG.get("models", model_id), workload, system_gpu(system), 1)
    assert result.decode_tokens_per_s is not None
    return result.decode_tokens_per_s


@pytest.mark.parametrize(("system_id", "model_id", "precision", "measured", "source"), ROWS)
def test_mac_mini_decode_is_below_the_published_metal_run_by_at_most_30_percent(
    system_id: str, model_id: str, precision: str, measured: float, source: str
) -> None:
    estimated = _decode(system_id, model_id, precision)
    assert 0.70 * measured <= estimated <= measured, (source, estimated, measured)


@pytest.mark.xfail(
    strict=True,
    reason="the Metal decode share is fitted on M2 Ultra / M3 Max rows; a Mac mini M4 reads nearer its copy "
    "bandwidth: the 8B Q4_K_M is estimated ~16 tokens/s where normiebench#3 measured 20.87 (-24 %)",
)
def test_mac_mini_m4_8b_q4_within_15_percent() -> None:
    assert _decode("mac-mini-m4-10c-16gb", "llama-3.1-8b", "q4_k_m") >= 0.85 * 20.87


def test_mac_mini_gpu_share_is_what_metal_reports() -> None:
    """The 16 GB M4's GPU may wire what llama.cpp prints as its working set (11453.25 MB, llama.cpp#11083); a 48 GB
    M4 Pro 3/4 of its memory (the larger Macs' share, as the Mac Studio entries)."""
    mini = CATALOG.get("systems", "mac-mini-m4-10c-16gb")
    pro = CATALOG.get("systems", "mac-mini-m4-pro-16c-48gb")
    assert isinstance(mini, System) and isinstance(pro, System)
    assert system_gpu(mini).vram_gb * 2**30 / 1e6 == pytest.approx(11453.25, rel=0.002)
    assert system_gpu(pro).vram_gb == pytest.approx(36.0)


def test_withdrawn_mac_mini_configurations_are_not_offered_new() -> None:
    """Apple withdrew the 32 GB M4 and the 64 GB M4 Pro in May 2026 (allweatherfinance.com): their launch prices are
    no offer; the 16 GB M4 is sold at its dated 799 USD (lego-sia 2026-05-03)."""
    from configurator.core.solve.pricing import quote

    for withdrawn in ("mac-mini-m4-10c-32gb", "mac-mini-m4-pro-16c-64gb"):
        assert quote(CATALOG.get("systems", withdrawn), CATALOG, "USD", "new") is None
    sold = quote(CATALOG.get("systems", "mac-mini-m4-10c-16gb"), CATALOG, "USD", "new")
    assert sold is not None and sold.amount == 799.0
