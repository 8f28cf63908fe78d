""" "Exactly N GPUs" (#31): a buyer who wants eight RTX 4090s in one machine asks for exactly that, in the CLI
(`--gpus 8 --exact-gpus`) and in the window (the "exactly" box beside Max GPUs); every build shown has that count."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan


def test_exactly_four_3090s_gives_only_four_card_machines(catalog: Catalog) -> None:
    """An 8B model fits one card; without "exactly" the cheapest build has one GPU (or none). Asked for exactly four
    RTX 3090s, every build shown has four in one machine, and none is a CPU-only box or a cluster."""
    asked = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="inference", precision="bf16"),
        gpu_ids=("rtx-3090",),
        max_gpus=4,
        top_k=3,
        circuit="230v16a",
    )
    free = plan(asked, catalog)
    assert free.builds and min(b.gpu_count for b in free.builds) < 4
    exact = plan(asked.model_copy(update={"exact_gpus": True}), catalog)
    assert exact.builds, exact.infeasible
    assert all(b.gpu_count == 4 and b.nodes == 1 and b.gpu_id == "rtx-3090" for b in exact.builds)


def test_an_impossible_exact_count_offers_any_count_as_the_way_out(catalog: Catalog) -> None:
    """Exactly one RTX 3090 cannot serve a 70B model at q4 at 10 tokens/s (with layers in RAM it reads far
    slower): the ways out include letting the count vary."""
    asked = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        gpu_ids=("rtx-3090",),
        max_gpus=1,
        exact_gpus=True,
        min_decode_tps=10,
        circuit="230v16a",
    )
    result = plan(asked, catalog)
    assert not result.passing()
    assert result.infeasible is not None
    kinds = {r.kind for r in result.infeasible.relaxations}
    assert any("gpus" in k.split("+") for k in kinds), kinds
