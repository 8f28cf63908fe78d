"""A card's usable memory is what the driver reports, where the catalog has it (Gpu.usable_vram_gib): a data-center
GDDR6 card ships with ECC on, which keeps 1/16 of its memory. The NVIDIA L20 is sold as 48 GB; nvidia-smi shows
46,068 MiB (https://github.com/vllm-project/vllm/issues/15685, 2025-03-28), and the plans had filled 46.4 GiB of it."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu
from configurator.core.common.errors import invalid_of
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan

GIB = 1024**3
L20_NVIDIA_SMI_MIB = 46068  # vllm-project/vllm#15685: '37816MiB / 46068MiB' on an NVIDIA L20, ECC on
CHEN_LORA = Workload(kind="finetune", method="lora", context=4096, tokens=1e8)


def test_the_l20_holds_what_nvidia_smi_reports_not_its_nominal_48_gb(catalog: Catalog) -> None:
    l20 = catalog.records["gpus"]["l20"]
    assert isinstance(l20, Gpu)
    assert l20.vram_gb == 48  # the card is still sold and listed as 48 GB
    assert l20.memory_gib == pytest.approx(L20_NVIDIA_SMI_MIB / 1024, abs=0.005)
    result = estimate(catalog.records["models"]["qwen2.5-72b"], CHEN_LORA, l20, gpus=8)
    assert result.peak_gpu.capacity_bytes == int(l20.memory_gib * GIB)


def test_dr_chen_needs_six_l20_for_72b_lora_where_five_were_offered(catalog: Catalog) -> None:
    """Qwen2.5-72B LoRA at 4k needs about 41.8 GiB per GPU on six L20 and 46.4 on five: five fit 48 GiB but not the
    44.99 GiB the driver gives, so the cheapest L20 build has six cards."""
    model, l20 = catalog.records["models"]["qwen2.5-72b"], catalog.records["gpus"]["l20"]
    five = estimate(model, CHEN_LORA.model_copy(update={"zero": 3}), l20, gpus=5)  # the plan's ZeRO-3
    assert 45.0 * GIB < five.peak_gpu.total < 48 * GIB and not five.fits
    asked = BuildRequest(
        model_id="qwen2.5-72b",
        workload=CHEN_LORA,
        gpu_ids=("l20",),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=300_000,
        top_k=3,
    )
    builds = plan(asked, catalog).passing()
    assert builds and min(b.gpu_count for b in builds) == 6


def _l20(catalog: Catalog, **update: Any) -> dict[str, Any]:
    raw = catalog.records["gpus"]["l20"].model_dump()
    raw.update(update)
    return raw


def test_a_usable_figure_needs_its_source_and_stays_under_the_nominal(catalog: Catalog) -> None:
    with pytest.raises(ValidationError) as caught:
        Gpu.model_validate(_l20(catalog, usable_vram_source=""))
    coded = invalid_of(caught.value)
    assert coded is not None and coded.code == "record.usable-memory-source"
    with pytest.raises(ValidationError) as caught:
        Gpu.model_validate(_l20(catalog, usable_vram_gib=50.0))
    coded = invalid_of(caught.value)
    assert coded is not None and coded.code == "record.usable-above-nominal"
    assert coded.fields == ("usable_vram_gib", "vram_gb")


def test_a_card_without_a_reported_figure_fills_its_nominal_memory(catalog: Catalog) -> None:
    rtx3090 = catalog.records["gpus"]["rtx-3090"]
    assert isinstance(rtx3090, Gpu) and rtx3090.usable_vram_gib is None
    assert rtx3090.memory_gib == rtx3090.vram_gb


# nvidia-smi's total on the L20's 48 GB GDDR6 siblings, which ship with ECC on as it does
SIBLINGS_NVIDIA_SMI_MIB = {
    "l40s": 46068,  # akash-network/provider-configs#99, 2026-09-17: 'NVIDIA L40S, 595.71.05, 46068 MiB'
    "a40": 46068,  # thamada/nvidia-smi@5f6b772 nvsim/A40x10_smi.py, 2024-11-15: '1MiB / 46068MiB' on ten A40
    "l40": 46068,  # ollama/ollama#15388, 2026-04-07: an NVIDIA L40 at total="45.0 GiB" (one decimal)
}


@pytest.mark.parametrize("gpu_id", sorted(SIBLINGS_NVIDIA_SMI_MIB))
def test_the_l20s_ecc_siblings_hold_what_the_driver_reports(catalog: Catalog, gpu_id: str) -> None:
    card = catalog.records["gpus"][gpu_id]
    assert isinstance(card, Gpu) and card.vram_gb == 48
    assert card.memory_gib == pytest.approx(SIBLINGS_NVIDIA_SMI_MIB[gpu_id] / 1024, abs=0.005)
    assert "46068" in card.usable_vram_source.replace(",", "")  # the source names the figure it was read from


def test_five_l40s_no_longer_hold_a_72b_lora_that_needs_46_gib_a_card(catalog: Catalog) -> None:
    """The same job as Dr. Chen's on the L40S (the L20's unrestricted sibling, same 48 GB and ECC): five cards need
    about 46.4 GiB each, over the 44.99 GiB nvidia-smi reports, so the cheapest L40S build has six (56,375 USD in
    a server room on a 230 V 16 A line; the catalog had offered five at 47,075 USD, 46.4 of 48 GiB a card)."""
    model, l40s = catalog.records["models"]["qwen2.5-72b"], catalog.records["gpus"]["l40s"]
    five = estimate(model, CHEN_LORA.model_copy(update={"zero": 3}), l40s, gpus=5)
    assert 45.0 * GIB < five.peak_gpu.total < 48 * GIB and not five.fits
    asked = BuildRequest(
        model_id="qwen2.5-72b",
        workload=CHEN_LORA,
        gpu_ids=("l40s",),
        circuit="230v16a",
        room="server-room",
        budget=200_000,
        top_k=3,
    )
    builds = plan(asked, catalog).passing()
    assert builds and min(b.gpu_count for b in builds) == 6
