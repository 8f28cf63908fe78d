"""Journey 2, a lab in China (issue #16): clusters of China-market servers priced in CNY, and the regional rule."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, System
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import _systems, plan

CHINA_SERVERS = {"hgx-h20-8gpu-server", "hgx-h800-8gpu-server", "hgx-a800-8gpu-server"}


def _pretrain(region: str, currency: str) -> BuildRequest:
    return BuildRequest(
        model_id="llama-3-70b",
        workload=Workload(kind="pretrain", tokens=2e12),
        deadline_hours=2160,
        currency=currency,
        region=region,
        circuit="230v16a",
    )  # type: ignore[arg-type]


def test_the_china_market_servers_carry_dated_cny_prices_with_sources(catalog: Catalog) -> None:
    """Each price is a press figure (Reuters, Huxiu, Caixin, 每日人物) with its date and page."""
    for sid in CHINA_SERVERS:
        system = catalog.records["systems"][sid]
        assert isinstance(system, System) and system.gpu_count == 8
        cny = [p for p in system.prices if p.currency == "CNY"]
        assert cny and all(p.source.startswith("http") and p.date.year >= 2023 for p in cny)
        assert system.network_gbps_per_gpu in (200, 400) and "network_gbps_per_gpu" in system.estimates


def test_the_regional_rule_keeps_china_market_servers_in_china(catalog: Catalog) -> None:
    """In China: servers whose GPU is sold there (H20) or priced there from stock (A800, H800); not a DGX H100 the
    catalog prices only in USD. Elsewhere: no China-market variant, as for cards bought alone (gpu_allowed)."""
    china = {s.id for s in _systems(catalog, _pretrain("china", "CNY"))}
    assert CHINA_SERVERS <= china
    assert "nvidia-dgx-h100" not in china and "supermicro-sys-821ge-tnhr-h100" not in china
    world = {s.id for s in _systems(catalog, _pretrain("global", "USD"))}
    assert not CHINA_SERVERS & world
    assert "supermicro-sys-821ge-tnhr-h100" in world


def test_70b_pretraining_in_china_is_a_cluster_of_china_servers_priced_in_cny(catalog: Catalog) -> None:
    """`plan --model llama-3-70b --workload pretrain --tokens 2e12 --deadline-hours 2160 --currency CNY` had no
    cluster answer: no 8-GPU server in the catalog had a Chinese price. Now: nodes bought at their own CNY price
    (not converted), the fabric's parts priced, a total in CNY, and the export warning where the GPU is restricted."""
    result = plan(_pretrain("china", "CNY"), catalog)
    assert result.builds, result.infeasible
    build = result.builds[0]
    assert build.currency == "CNY" and build.nodes > 1
    assert build.estimate.wall_hours is not None and build.estimate.wall_hours <= 2160
    node = next(p for p in build.parts if p.category == "system")
    assert node.id in CHINA_SERVERS
    system = catalog.records["systems"][node.id]
    newest = system.price("CNY")
    assert newest is not None and node.unit_price == newest.amount and "converted" not in node.price_note
    network = [p for p in build.parts if p.category == "network"]
    switches = [p for p in network if p.scope == "cluster" and "switch" in p.name.lower()]
    assert switches and all(p.unit_price > 0 for p in switches)
    assert all(p.unit_price > 0 or p.price_note == "built into the server" for p in network)
    assert build.total_price == sum(build.part_cost(p) for p in build.parts)
    assert build.total_price > build.nodes * node.unit_price  # the network is in the bill
    gpu = catalog.records["gpus"][build.gpu_id]
    assert isinstance(gpu, Gpu)
    region = [c for c in build.checks if c.rule == "REGION"]
    assert bool(region) == gpu.export_restricted_cn


def test_the_licensed_china_part_answers_when_asked_for(catalog: Catalog) -> None:
    """`--gpu h20`: the lab that buys only the licensed part gets a cluster of HGX H20 servers, with no export warning;
    at 148 TFLOPS a GPU it takes several times the H800's node count (Tom's Hardware's spec table: 989 for the H800)."""
    request = _pretrain("china", "CNY").model_copy(update={"gpu_ids": ("h20",)})
    result = plan(request, catalog)
    assert result.builds, result.infeasible
    build = result.builds[0]
    assert next(p.id for p in build.parts if p.category == "system") == "hgx-h20-8gpu-server"
    assert (build.estimate.wall_hours or 0) <= 2160
    assert not [c for c in build.checks if c.rule == "REGION"]


def test_a_single_machine_lora_in_china_still_answers_in_cny(catalog: Catalog) -> None:
    """The single-machine end of journey 2: an 8B LoRA on a 60,000 CNY budget is one assembled machine, every part priced in CNY
    within the budget, no card that is export-restricted without a Chinese price."""
    request = BuildRequest(
        model_id="llama-3.1-8b",
        workload=Workload(kind="finetune", method="lora", tokens=5e7),
        currency="CNY",
        region="china",
        circuit="230v16a",
        budget=60000,
    )
    result = plan(request, catalog)
    assert result.builds, result.infeasible
    for build in result.builds:
        assert build.currency == "CNY" and build.nodes == 1
        assert 0 < build.total_price <= 60000
        gpu = catalog.records["gpus"][build.gpu_id]
        assert isinstance(gpu, Gpu)
        assert not gpu.export_restricted_cn or gpu.price("CNY") or gpu.price("CNY", "used")
