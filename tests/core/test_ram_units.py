"""RAM-1/RAM-3 count a memory module's "GB" as GiB (JEDEC), the unit the estimator's bytes are compared in."""

from __future__ import annotations

from configurator.core.estimate.host import HostMemory
from configurator.core.rules.compat import MODULE_GB_BYTES, host_ram_needed, ram_needed_gb


def test_twelve_64_gb_rdimms_hold_deepseek_r1_at_q8_0() -> None:
    """Expert case deepseek-r1-q8-cny-cpu-only-768gb: the Q8_0 weights, cache and buffers (~665 GiB) within 90 % of
    12 x 64 GB = 768 GiB; counted in 10^9 bytes the same job asked for 793 "GB" and 16 modules."""
    job = 665 * 1024**3
    assert ram_needed_gb(0, job, training=False) <= 12 * 64
    assert host_ram_needed(job, training=False) / 1e9 > 768  # the old unit would not have fitted


def test_a_kit_of_n_gb_holds_n_gib_in_the_estimate() -> None:
    host = HostMemory(peak_gbps=100.0, effective_gbps=80.0, capacity_gb=32.0)
    assert host.capacity_bytes == 32 * MODULE_GB_BYTES == 32 * 1024**3
    # and the 32 GB box's 18.6 GB Qwen3-30B-A3B Q4_K_M job still leaves the OS its working set
    assert ram_needed_gb(0, int(18.6e9), training=False) <= 32
