"""A Mac holds a model larger than the share of memory macOS wires for its GPU by default once the limit is raised
(`sudo sysctl iogpu.wired_limit_mb=<MB>`), as people running large models on Mac Studios do: a 48 GB MacBook Pro set to
40,960 MB runs a 40 GB model (thinkdifferent.blog, the-macbook-pro-setting-that-doubles-your-ai-performance, read
2026-12-04). The planner raised only AMD APUs' GTT: DeepSeek-V4-Flash at q4 (144.5 GiB) on a 192 GB M2 Ultra (144 GiB
wired by default) was "nothing fits", and the Mac was missing beside a 2080 Ti on an 8-channel EPYC at half its speed."""

from __future__ import annotations

import pytest

from configurator.core.catalog.models import System
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules import compat
from configurator.core.solve.machines import raised_share
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

CATALOG = catalogs.load(include_user=False).catalog
M2_ULTRA = "mac-studio-m2-ultra-76c-192gb"


def _system(system_id: str) -> System:
    system = CATALOG.get("systems", system_id)
    assert isinstance(system, System) and system.unified is not None
    return system


def test_a_mac_may_wire_all_but_what_macos_keeps() -> None:
    system = _system(M2_ULTRA)
    share = raised_share(system)
    assert share is not None
    memory = system.memory_gb * compat.MODULE_GB_BYTES
    assert memory * (1 - share) == pytest.approx(compat.MACOS_GPU_SPARE_BYTES)
    assert share > system.unified.gpu_memory_fraction  # type: ignore[union-attr]


def test_cuda_on_gb10_has_no_knob_to_raise() -> None:
    assert raised_share(_system("nvidia-dgx-spark")) is None


def _v4_flash_on(system_id: str) -> BuildRequest:
    return BuildRequest(
        model_id="deepseek-v4-flash",
        workload=Workload(kind="inference", precision="q4_k_m", context=4096),
        system_ids=(system_id,),
        budget=10000,
        top_k=2,
    )


def test_a_named_mac_holds_the_model_with_its_wired_limit_raised() -> None:
    result = plan(_v4_flash_on(M2_ULTRA), CATALOG)
    mac = next(b for b in result.builds if b.parts[0].id == M2_ULTRA)
    memory = next(c for c in mac.checks if c.rule == "MEM-FIT")
    assert memory.status == "warn" and memory.code == "raised"
    need, usable = float(memory.fields["need_gib"]), float(memory.fields["usable_gib"])
    assert float(memory.fields["default_gib"]) < need <= usable
    mb = int(memory.fields["wired_mb"])
    assert f"sudo sysctl iogpu.wired_limit_mb={mb}" in memory.message
    assert mb * 2**20 == pytest.approx(usable * 2**30, rel=1e-4)  # the command sets the share the check counts
    zh = words.check_text(memory, "zh_CN")
    assert f"iogpu.wired_limit_mb={mb}" in zh and "每次重启后" in zh and "amdgpu" not in zh
    # the launch raises the limit the check names before it serves (macOS forgets it at every restart)
    assert mac.launch is not None
    assert mac.launch["command"].startswith(f"sudo sysctl iogpu.wired_limit_mb={mb} && llama-server ")


def test_the_mac_stands_beside_the_cheaper_experts_in_ram_build() -> None:
    """Unasked for, a 10,000 USD budget for V4-Flash shows the Mac: about twice the 2080 Ti + EPYC's speed. Since the
    2026-08-25 Macs entered (macs37), the used M2 Ultra (4,300 USD, 43.7 tokens/s) is "best value" and the new M5 Ultra
    256 GB (9,999 USD, 1.2 TB/s) "fastest within budget": both Macs, both shown."""
    request = _v4_flash_on(M2_ULTRA).model_copy(update={"system_ids": (), "top_k": 5})
    builds = plan(request, CATALOG).builds
    mac = next(b for b in builds if b.parts[0].id == M2_ULTRA)
    in_ram = max(
        (b for b in builds if not b.parts[0].id.startswith("mac-")), key=lambda b: b.estimate.decode_tokens_per_s or 0.0
    )
    assert (mac.estimate.decode_tokens_per_s or 0.0) >= 1.8 * (in_ram.estimate.decode_tokens_per_s or 0.0)
    assert "best value" in mac.label
    fastest = max(builds, key=lambda b: b.estimate.decode_tokens_per_s or 0.0)
    assert fastest.parts[0].id.startswith("mac-studio-") and "fastest" in fastest.label


def test_a_model_beyond_even_the_raised_share_still_does_not_fit() -> None:
    """DeepSeek-V4-Pro at q4 (~900 GB) on the 192 GB Mac: the reason names the default share it lacks."""
    request = _v4_flash_on(M2_ULTRA).model_copy(update={"model_id": "deepseek-v4-pro"})
    result = plan(request, CATALOG)
    assert not any(b.parts[0].id == M2_ULTRA for b in result.builds)
