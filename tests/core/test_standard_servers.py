"""Standard 8-GPU servers beside the HGX/DGX ones (issue #28): the MI300X node (Supermicro AS -8125GS-TNMR2, eight
192 GB modules on Infinity Fabric) is one server for DeepSeek-R1 in FP8, as SGLang's guide names it; its price is an
estimate with its reason, and China, where the module is export-restricted and unpriced, never gets it."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import System
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan

MI300X_NODE = "supermicro-as-8125gs-tnmr2-mi300x"
R1_FP8 = Workload(kind="inference", precision="fp8")


def _system_ids(build: dict) -> set[str]:
    return {p["id"] for p in build["parts"] if p["category"] == "system"}


def test_the_mi300x_node_is_eight_192_gb_modules_at_an_estimated_price(catalog: Catalog) -> None:
    node = catalog.records["systems"][MI300X_NODE]
    assert isinstance(node, System)
    assert (node.gpu, node.gpu_count, node.rack_units) == ("mi300x", 8, 8)
    price = node.price("USD")
    assert price is not None and price.estimate_reason  # no dated quote: derived, and says how


def test_r1_fp8_in_a_server_room_is_offered_one_mi300x_server(catalog: Catalog) -> None:
    request = BuildRequest(model_id="deepseek-r1", budget=600_000, room="server-room", workload=R1_FP8)
    builds = plan(request, catalog).to_json()["builds"]
    node = [b for b in builds if MI300X_NODE in _system_ids(b)]
    assert node, [b["label"] for b in builds]
    assert node[0]["nodes"] == 1 and "cluster" not in node[0]["label"].lower()
    assert node[0]["estimate"]["speed"]["decode_tokens_per_s"] > 10


def test_china_never_gets_the_export_restricted_mi300x_node(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="deepseek-r1",
        budget=1_500_000,
        currency="CNY",
        region="china",
        room="server-room",
        workload=R1_FP8,
    )
    builds = plan(request, catalog).to_json()["builds"]
    assert builds and not any(MI300X_NODE in _system_ids(b) for b in builds)
