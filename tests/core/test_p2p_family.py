"""PCI-7 names the build's own card family: round 45's walk read "GeForce cards lack PCIe peer-to-peer" on a build of
two Intel Arc B580s (the catalog lists both without peer-to-peer, p2p false). The family comes from
the card's maker (Gpu.vendor), in English and Chinese alike."""

from __future__ import annotations

import typing
from types import SimpleNamespace

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules.base import Check
from configurator.core.rules.links import PeerToPeer
from configurator.core.solve.plan import plan

MAKERS = typing.get_args(Gpu.model_fields["vendor"].annotation)
FAMILIES = {"nvidia": "GeForce", "amd": "Radeon", "intel": "Arc"}


@pytest.mark.parametrize("maker", MAKERS)
def test_pci7_names_the_family_of_every_makers_card(catalog: Catalog, maker: str) -> None:
    card = next(
        g
        for g in catalog.records["gpus"].values()
        if isinstance(g, Gpu) and g.vendor == maker and g.market == "consumer"
    )
    build = SimpleNamespace(gpu=card.model_copy(update={"p2p": False}), gpus=2, nvlink_bridge=False, collectives=True)
    check = PeerToPeer().assess(build)  # type: ignore[arg-type]
    assert isinstance(check, Check) and check.status == "warn"
    family, others = FAMILIES[maker], set(FAMILIES.values()) - {FAMILIES[maker]}
    with words.language("zh_CN"):
        chinese = words.check_text(check)
    for text in (check.message, chinese):
        assert text.startswith(f"{family} "), text
        assert not any(other in text for other in others), text


def test_arc_b580s_serving_tensor_parallel_under_vllm_are_called_arc(catalog: Catalog) -> None:
    """Llama 3.1 8B in BF16 (16 GB) on 12 GB Arc B580s under vLLM: the four-card build runs tensor parallel 4."""
    request = BuildRequest(
        model_id="llama-3.1-8b",
        gpu_ids=("arc-b580",),
        condition="any",
        workload=Workload(kind="inference", engine="vllm", precision="bf16", batch=4, context=8192),
    )
    result = plan(request, catalog).to_json()
    tensor = [b for b in result["builds"] if "--tensor-parallel-size" in b["launch"]["command"]]
    assert tensor, [b["launch"]["command"] for b in result["builds"]]
    for build in tensor:
        p2p = [c for c in build["checks"] if c["rule"] == PeerToPeer.id]
        assert [c["message"] for c in p2p] == ["Arc cards lack PCIe peer-to-peer: tensor parallel is PCIe-bound"]
