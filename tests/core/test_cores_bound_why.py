"""A build's why names what binds its decode on the host: the RAM's bandwidth, or the CPU's cores. DeepSeek-R1 at
Q4_K_M beside one RTX 3090 (walk31): a 16-core EPYC 7302 and a 64-core EPYC 7742 read the same 8 channels of
DDR4-3200 at the same effective rate, yet the 7302 build decodes at 4.9 tokens/s against 7.9, and its why had said
"its speed is set by this platform's memory bandwidth": a buyer reading it would pick the 16-core part."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Cpu, MemoryKit
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.host import host_memory
from configurator.core.estimate.offload import estimate_on_host
from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.solve.machines import cores_bound


def _on(catalog: Catalog, cpu_id: str) -> Any:
    cpu, kit = catalog.get("cpus", cpu_id), catalog.get("memory", "samsung-ddr4-3200-rdimm-512gb-8x64")
    assert isinstance(cpu, Cpu) and isinstance(kit, MemoryKit)
    model, gpu = catalog.get("models", "deepseek-r1"), catalog.get("gpus", "rtx-3090")
    w = Workload(kind="inference", precision="q4_k_m", engine="llama.cpp", context=4096, offload="cpu", n_cpu_moe=60)
    return estimate_on_host(model, w, gpu, 1, host_memory(cpu, kit, 1)), cpu


def test_the_estimate_says_when_the_cores_bind_and_the_why_names_them(catalog: Catalog) -> None:
    few, rome16 = _on(catalog, "epyc-7302")
    many, rome64 = _on(catalog, "epyc-7742")
    assert few.host_bandwidth_gbps == many.host_bandwidth_gbps  # the same RAM, read at the same rate
    assert few.decode_tokens_per_s < 0.75 * many.decode_tokens_per_s
    assert few.decode_cores_bound and not many.decode_cores_bound
    # the source's field: the cores where they bind, nothing where the RAM does
    parts = lambda cpu: (SimpleNamespace(category="cpu", spec={"cores": cpu.cores}),)
    bound = cores_bound(SimpleNamespace(estimate=few, parts=parts(rome16)))  # type: ignore[arg-type]
    assert bound == {"cores": 16}
    assert cores_bound(SimpleNamespace(estimate=many, parts=parts(rome64))) == {}  # type: ignore[arg-type]
    tier = Reason.of("why.experts-tier", cpu=rome16.name, bandwidth=204.8, **bound)
    in_ram = Reason.of("why.in-ram", moe=True, **bound)
    for why in (tier, in_ram):
        assert "16 CPU cores" in english(why) and "memory bandwidth" not in english(why), english(why)
        with words.language("zh_CN"):
            assert "16 个 CPU 核心" in words.say(why) and "取决于这个平台的内存带宽" not in words.say(why)
    plain = Reason.of("why.experts-tier", cpu=rome64.name, bandwidth=204.8)
    assert english(plain).endswith("decode runs at this platform's memory bandwidth")
    cpu_only = Reason.of("why.cpu-only", cores=6, cpu="AMD Ryzen 5 5600", bandwidth=51.2, memory="DDR4", bound=True)
    assert english(cpu_only).endswith("decode and prompts are bound by the cores (the RAM could feed more)")
    with words.language("zh_CN"):
        assert words.say(cpu_only).endswith("解码和提示词处理都受核心数限制（内存还能供得上更多）")
