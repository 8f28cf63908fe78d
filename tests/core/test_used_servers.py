"""Old datacenter cards where people put them (issue #28): a used 8-GPU 4U server or an open frame with a blower shroud
on each passive card, never a new 10,000 USD barebone; and cards past their vendor's software support carry that
caveat in their label and never claim fastest or best value."""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Chassis, Cooler
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.rules import compat
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import claim_words
from configurator.core.support import checks as support
from configurator.core.support import facts as support_facts
from tests.independent_checker import check_labels, past_support


def test_the_architectures_past_their_vendors_support() -> None:
    # CUDA 13.0 release notes: Maxwell, Pascal, Volta dropped; ROCm 5.6 notes: gfx906 maintenance ends Q2 2024
    assert support.end_of_life("nvidia", "Pascal") is not None
    assert support.end_of_life("nvidia", "Volta") is not None
    assert support.end_of_life("amd", "Vega 20") is not None  # an alias of GCN 5 (gfx906)
    eol = support.end_of_life("amd", "GCN 5")
    assert eol is not None and eol.source == support_facts.ROCM_GFX906_EOM
    for vendor, arch in (("nvidia", "Turing"), ("nvidia", "Ampere"), ("amd", "CDNA 3"), ("intel", "Xe2")):
        assert support.end_of_life(vendor, arch) is None, arch


def test_a_fanless_cpu_heatsink_is_not_cooled_by_an_open_frames_gpu_shrouds(catalog: Catalog) -> None:
    frame = catalog.records["chassis"]["open-frame-8gpu-blower-shrouds"]
    heatsink = catalog.records["coolers"]["intel-m50fcp-2u-passive-lga4677"]
    assert isinstance(frame, Chassis) and isinstance(heatsink, Cooler)
    assert compat.ducted(frame)  # the shrouds duct the passive cards (COOL-2)...
    assert compat.cooler_chassis(heatsink, frame).status == "fail"  # ...not the CPU (COOL-3)


def test_two_p40_for_a_70b_sit_in_a_shrouded_open_frame_with_their_caveat(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="llama-3.3-70b",
        gpu_ids=("tesla-p40",),
        workload=Workload(kind="inference", precision="q4_k_m", context=8192),
    )
    result = plan(request, catalog).to_json()
    pair = [b for b in result["builds"] if any(p["id"] == "tesla-p40" and p["quantity"] == 2 for p in b["parts"])]
    assert pair, [b["label"] for b in result["builds"]]
    build = pair[0]
    chassis = next(p for p in build["parts"] if p["category"] == "chassis")
    assert chassis["id"] == "open-frame-8gpu-blower-shrouds"
    assert build["total_price"] < 2500  # two ~260 USD cards on a desktop platform, not a server
    assert build["noise_dba"] is not None  # eight blowers are heard: the frame is not silent
    assert "past CUDA support" in build["label"]
    assert not {"fastest", "best value"} & set(claim_words(build))
    assert check_labels(result, None) == []


def test_seven_mi50_for_a_70b_lora_sit_in_a_used_4u_server_not_a_new_barebone(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="llama-3.3-70b",
        budget=20000,
        circuit="230v16a",
        workload=Workload(kind="finetune", method="lora", context=2048),
    )
    result = plan(request, catalog).to_json()
    old = [b for b in result["builds"] if past_support(b)]
    # no training machine is started on a card past its support while a supported one passes (support.
    # PAST_SUPPORT_STARTS): seven MI50 are no longer this LoRA's "cheapest", and when shown they are not "cheapest"
    assert not any(c.startswith("cheapest") for b in old for c in claim_words(b))
    for build in old:
        chassis = sum(p["unit_price"] * p["quantity"] for p in build["parts"] if p["category"] == "chassis")
        assert chassis < 5000, build["label"]  # the used SYS-4029GP-TRT (2,500 USD), never the new 4U8G (10,000)
        assert not {"fastest within budget", "fastest", "best value"} & set(claim_words(build))
        assert "past " in build["label"] and " support" in build["label"]
    assert check_labels(result, 20000, "230v16a") == []


def test_a_job_that_needs_two_nodes_is_answered_with_servers_before_a_change_of_method(catalog: Catalog) -> None:
    """Llama 3.3 70B full fine-tune in CNY, no budget: it had answered "use QLoRA instead of full" (13,939 CNY of
    2080 Ti 22GB) while the servers that run it as asked were only the second way out. A change of method is the
    user's call: the servers are shown as the answer (with the site power they need); the ways out stay sorted by
    price (#27's contract), QLoRA among them."""
    request = BuildRequest(model_id="llama-3.3-70b", currency="CNY", workload=Workload(kind="finetune", method="full"))
    result = plan(request, catalog)
    assert result.infeasible is not None  # no single machine holds it
    kinds = [r.kind for r in result.infeasible.relaxations]
    assert "cluster" in kinds and any("method" in k.split("+") for k in kinds)  # QLoRA is still offered
    prices = [r.total_price for r in result.infeasible.relaxations]
    assert prices == sorted(prices)
    servers = [b for b in result.builds if b.parts[0].category == "system"]
    # one 8 x MI300X node (1.5 TB of HBM) holds it since that server is in the catalog; in China, two H20 nodes
    assert servers and servers[0].gpu_count == 8
    assert servers[0].estimate.workload["method"] == "full"
    china = plan(request.model_copy(update={"region": "china"}), catalog)  # what `--currency CNY` asks on the CLI
    nodes = [b for b in china.builds if b.parts[0].category == "system"]
    assert nodes and nodes[0].nodes >= 2 and nodes[0].gpu_id != "mi300x"  # export-restricted, unpriced in CNY
