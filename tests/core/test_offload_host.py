"""The host an offloaded fine-tune's optimizer step is timed on when the user names none (estimate/optimizer_offload.py
TYPICAL_OFFLOAD_HOSTS): the cheapest host a plan builds to hold the job's RAM, by the same arithmetic the plan reads
its build with (estimate/host.py host_memory), stated in the estimate's sentence and JSON.

Sources: the parts' spec sheets as the catalog records them (AMD's Ryzen 5 5600 and EPYC 7302 pages: dual-channel
DDR4-3200 and 8-channel DDR4-3200; Intel ARK for the Xeon w5-3435X: 8 channels of DDR5-4800, 4400 at two DIMMs a
channel); the two-DIMMs-a-channel speeds of host.DPC2_SPEED_MTS. The plans these hosts are taken from were run on
round 45's catalog (`llm-rig plan --model qwen2.5-3b --workload finetune --method full --gpu rtx-4090 --gpus 1
--offload cpu --tokens 1e8`: a Ryzen 5 5600 with 2 x 32 GB, 12.93 h; docs/estimates.md "Round 45")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from configurator.core.catalog.models import MODULE_GB_BYTES
from configurator.core.estimate import optimizer_offload as oo
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.workload import Workload
from configurator.core.rules.compat import host_ram_needed

# each typical host, with the catalog kit (and how many) a plan fits it with
PARTS = {
    "desktop": ("gskill-ripjaws-v-ddr4-3600-64gb-2x32", 1),
    "desktop-4-dimms": ("corsair-vengeance-lpx-ddr4-3200-128gb-4x32", 1),
    "server": ("samsung-ddr4-3200-rdimm-512gb-8x64", 1),
    "workstation": ("micron-ddr5-5600-rdimm-768gb-8x96", 2),
}

QWEN_3B_FULL = Workload(kind="finetune", method="full", tokens=1e8, offload="cpu")


def _step(result: Any) -> Any:
    (reason,) = [r for r in result.assumptions_said() if r.code == "est.offload-step"]
    return reason


@pytest.mark.parametrize("host", oo.TYPICAL_OFFLOAD_HOSTS, ids=lambda h: h.kind)
def test_each_typical_host_is_the_host_model_of_its_catalog_parts(catalog: Any, host: oo.OffloadHost) -> None:
    """A typical host's bandwidth, speed, channels, cores and RAM are what host_memory gives its CPU and DIMMs: the
    no-host estimate and a plan's build of those parts time the CPU's Adam alike."""
    records = catalog.records
    cpu = records["cpus"][host.cpu]
    kit_id, kits = PARTS[host.kind]
    kit = records["memory"][kit_id]
    built = host_memory(cpu, kit, kits, numa_aware=True)
    assert host.gbps == pytest.approx(built.usable_gbps or built.peak_gbps, rel=1e-9)
    assert (host.mts, host.channels, host.cores, host.socket) == (
        built.speed_mts,
        built.channels,
        cpu.cores,
        cpu.socket,
    )
    assert host.capacity_gb == kit.total_gb * kits and host.capacity_gb <= cpu.max_memory_gb
    assert host.dimms == kit.modules * kits and host.memory == cpu.memory_type == kit.memory_type


def test_the_typical_hosts_grow_with_the_ram_they_hold() -> None:
    """Listed smallest first, so the first that holds a job is the cheapest kind of machine that does."""
    sizes = [h.capacity_gb or 0 for h in oo.TYPICAL_OFFLOAD_HOSTS]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_a_3b_full_fine_tune_without_a_host_is_timed_on_the_desktop_a_plan_builds(catalog: Any) -> None:
    """Qwen2.5-3B full, one RTX 4090, optimizer in RAM, no host named: timed on a Ryzen 5 5600 with 2 x 32 GB of
    DDR4-3200 (51.2 GB/s), the build the plan makes for it, so the estimate's hours are that build's (12.93 h in round
    45's plan). Before round 45 the same estimate read a DDR5-5600 desktop's 89.6 GB/s: 11.2 h, 13 % short of the
    plan's own machine. Naming the host (--ram-bandwidth) times it there instead, and says no parts."""
    model, gpu = catalog.records["models"]["qwen2.5-3b"], catalog.records["gpus"]["rtx-4090"]
    typical = estimate(model, QWEN_3B_FULL, gpu, 1)
    assert typical.offload_host is not None and typical.offload_host["kind"] == "desktop"
    assert typical.offload_host["cpu"] == "ryzen-5-5600" and typical.offload_host["ram_bandwidth_gbps"] == 51.2
    built = host_memory(catalog.records["cpus"]["ryzen-5-5600"], catalog.records["memory"][PARTS["desktop"][0]])
    named = estimate(model, QWEN_3B_FULL.on_host(built.usable_gbps or built.peak_gbps), gpu, 1)
    assert typical.wall_hours == pytest.approx(named.wall_hours, rel=1e-9)
    assert named.offload_host is not None and named.offload_host["kind"] == oo.GIVEN_HOST
    assert named.offload_host["cpu"] is None and "host_cpu" not in _step(named).fields
    desktop_ddr5 = estimate(model, QWEN_3B_FULL.on_host(89.6), gpu, 1)
    assert typical.wall_hours is not None and desktop_ddr5.wall_hours is not None
    assert typical.wall_hours > 1.1 * desktop_ddr5.wall_hours  # the old default was optimistic by more than 10 %
    said = _step(typical)
    assert said.fields["host"] == "desktop" and said.fields["gbps"] == 51.2 and said.fields["cores"] == 6


@pytest.mark.parametrize(
    ("model_id", "gpu_id", "gpus", "kind"),
    [
        ("qwen2.5-3b", "rtx-4090", 1, "desktop"),  # ~50 GB in RAM
        ("qwen2.5-7b", "rtx-a6000", 1, "desktop-4-dimms"),  # ~115 GB
        ("llama-3.1-70b", "rtx-4090", 2, "workstation"),  # over 1 TB of fp32 states
        ("qwen2.5-3b", "rtx-4090", 2, "server"),  # two cards: the plans' EPYC 7302 (5.66 h, as its build)
    ],
)
def test_the_host_assumed_is_the_first_that_holds_the_jobs_ram(
    catalog: Any, model_id: str, gpu_id: str, gpus: int, kind: str
) -> None:
    """A job's RAM and cards decide the machine: a 70B full fine-tune's fp32 Adam states do not fit a desktop, so its
    CPU step is not timed on one (it was: 89.6 GB/s for 1.1 TB of states no dual-channel board holds); two cards go on
    the server the plans build for them, whatever the RAM."""
    model, gpu = catalog.records["models"][model_id], catalog.records["gpus"][gpu_id]
    result = estimate(model, QWEN_3B_FULL, gpu, gpus)
    assert result.offload_host is not None and result.offload_host["kind"] == kind
    (host,) = [h for h in oo.TYPICAL_OFFLOAD_HOSTS if h.kind == kind]
    need = host_ram_needed(result.host_ram_bytes, training=True) / MODULE_GB_BYTES
    assert need <= (host.capacity_gb or 0)
    assert host.max_gpus is None or gpus <= host.max_gpus
    before = oo.TYPICAL_OFFLOAD_HOSTS[: oo.TYPICAL_OFFLOAD_HOSTS.index(host)]
    assert all(need > (h.capacity_gb or 0) or gpus > (h.max_gpus or gpus) for h in before)


def test_the_estimate_json_and_sentence_state_the_host(catalog: Any) -> None:
    """`estimate --json` says which host the step assumed (time.optimizer_host, an addition), the sentence names its
    parts and how to name yours."""
    model, gpu = catalog.records["models"]["qwen2.5-7b"], catalog.records["gpus"]["rtx-a6000"]
    result = estimate(model, QWEN_3B_FULL, gpu, 1)
    data = json.loads(json.dumps(result.to_json()))
    host = data["time"]["optimizer_host"]
    assert host["kind"] == "desktop-4-dimms" and host["dimms"] == 4 and host["mts"] == 2666
    assert host["ram_bandwidth_gbps"] == pytest.approx(42.66, abs=0.01)
    assert host["cpu_adam_s_per_step"] == pytest.approx(_step(result).fields["cpu"], rel=1e-3)
    (sentence,) = [s for s in result.assumptions if s.startswith("optimizer in system RAM")]
    assert "ryzen-5-5600 with 6 cores and 4 x 32 GB DDR4 at 2666 MT/s on 2 channels" in sentence
    assert "--ram-bandwidth" in sentence
    plain = estimate(model, QWEN_3B_FULL.model_copy(update={"offload": "none"}), gpu, 1)
    assert "optimizer_host" not in plain.to_json()["time"]
