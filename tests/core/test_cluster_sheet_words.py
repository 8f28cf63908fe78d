"""A cluster build's printed figures agree: one MFU, one usable-memory figure, the runner it names, its GPU bays."""

from __future__ import annotations

import html
import re

import pytest

from configurator.cli.plan import format_plan
from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.result import HARD_HEADROOM
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.report.fit import fit_of
from configurator.core.report.sheet import estimate_section, slot_map_svg
from configurator.core.solve.plan import PlanResult, plan
from configurator.core.solve.slots import module_bay

GIB = 1024**3
# NVIDIA A100 Tensor Core GPU datasheet: BF16 Tensor Core 312 TFLOPS dense (624 with sparsity)
A100_BF16_DENSE_TFLOPS = 312.0
REQUEST = BuildRequest(
    model_id="llama-3-70b",
    workload=Workload(kind="pretrain", tokens=2e12),
    deadline_hours=2160,
    gpu_ids=["a100-80gb-sxm"],
    top_k=1,
)


@pytest.fixture(scope="module")
def result(catalog: Catalog) -> PlanResult:
    """The lab manager's sheet: Llama 3 70B on 2T tokens in 90 days, on DGX A100 nodes."""
    return plan(REQUEST, catalog)


@pytest.fixture(scope="module")
def cluster(result: PlanResult) -> Build:
    build = result.builds[0]
    assert build.nodes > 1 and build.parallelism is not None
    return build


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup)))


def test_one_mfu_times_peak_gpus_and_hours_gives_the_jobs_flops(cluster: Build, result: PlanResult) -> None:
    """The sheet read 'Model FLOPs utilisation 50 %' beside GPU-hours that imply 45 % of 312 TFLOPS and an assumption
    of 58 %: three rates under one name. MFU is now model FLOPs / (GPUs x dense bf16 peak x wall time), the way PaLM
    (appendix B) and the Llama 3 paper (table 4) report it, and every place that says MFU gives that one figure."""
    est = cluster.estimate
    assert est.peak_tflops == A100_BF16_DENSE_TFLOPS and est.mfu is not None and est.training_flops is not None
    assert est.wall_hours is not None and est.gpu_hours is not None
    assert est.mfu * est.peak_tflops * 1e12 * est.gpus * est.wall_hours * 3600 == pytest.approx(
        est.training_flops, rel=0.01
    )
    shown = f"{est.mfu:.0%}"
    sheet = _text(estimate_section(cluster))
    assert f"Model FLOPs utilisation (MFU, over the wall time) {shown} of {est.gpus:,} x 312 TFLOPS bf16" in sheet
    assert f"MFU {shown} of {est.gpus:,} x 312 TFLOPS" in format_plan(result)
    time_step = next(s.text for s in est.steps if s.topic == "time")
    assert f"dense bf16 peak x {est.wall_hours:,.1f} h wall clock) = {shown}" in time_step
    payload = cluster.to_json()
    assert payload["estimate"]["time"]["mfu"] == pytest.approx(est.mfu, rel=1e-3)
    assert {"gpu_hours", "wall_hours"} <= set(payload["estimate"]["time"])  # the contract's keys stay
    # the compute-only rate is shown under its own name, and is MFU before the step's communication and losses
    phase = payload["parallelism"]["compute_phase_utilisation"]
    assert phase * payload["parallelism"]["scaling_efficiency"] == pytest.approx(est.mfu, rel=0.01)
    assert f"Compute-phase utilisation (while computing) {phase:.0%}" in sheet
    assert phase > est.mfu
    assumed = next(a for a in est.assumptions if "peak bf16 tensor throughput" in a)
    assert assumed.startswith("default compute-phase utilisation")
    # wherever the sheet says MFU (its figure, the time step's formula), the percentage is the one figure
    assert set(re.findall(r"MFU[^%;]*?(\d+)%", sheet)) == {shown[:-1]}


def test_one_gpus_mfu_is_the_same_definition(catalog: Catalog) -> None:
    """A machine of its own reports its MFU by the same definition (it was the estimator's rate input, before the
    multi-GPU scaling its own time divides by)."""
    model = catalog.records["models"]["llama-3.1-8b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    est = estimate(model, Workload(kind="pretrain", tokens=1e10, context=4096), gpu, 8)
    assert est.mfu is not None and est.training_flops is not None and est.gpu_hours is not None
    assert est.mfu * A100_BF16_DENSE_TFLOPS * 1e12 * est.gpu_hours * 3600 == pytest.approx(est.training_flops, rel=0.01)
    assert est.rate_share is not None and est.mfu < est.rate_share  # the 8-GPU scaling loss counts against MFU


def test_the_memory_table_gives_what_the_plan_may_use(cluster: Build) -> None:
    """The sheet's table read 'Usable 80.00' where the plan's step said '78.40 GiB the plan may use': the planner
    keeps HARD_HEADROOM free. The table's Usable is that figure, the card's whole memory labelled beside it."""
    est = cluster.estimate
    peak = est.peak_gpu
    limit = peak.usable_bytes
    assert peak.capacity_bytes is not None and limit == int(peak.capacity_bytes * (1 - HARD_HEADROOM))
    memory_step = next(s.text for s in est.steps if s.topic == "total")
    assert f"of {limit / GIB:.2f} GiB the plan may use" in memory_step
    section = estimate_section(cluster)
    header = re.findall(r"<th[^>]*>([^<]*)</th>", section.split("Memory per GPU", 1)[1])[:10]
    assert header[-2:] == ["Usable", "Card"]
    row = re.findall(r"<td[^>]*>([^<]*)</td>", section.split("<tbody>", 1)[1])[:10]
    assert row[-2:] == [f"{limit / GIB:.2f}", f"{peak.capacity_bytes / GIB:.2f}"]
    assert f"of {limit / GIB:.1f} GiB on the most loaded GPU" in _text(section)
    mem_fit = next(c for c in cluster.checks if c.rule == "MEM-FIT")
    assert f"of {limit / GIB:.1f} GiB" in mem_fit.message


def test_a_megatron_plan_names_megatron_as_what_runs_its_optimizer(cluster: Build, catalog: Catalog) -> None:
    """A TP x PP x DP pretraining plan launched with Megatron-LM said 'optimizer: adamw under transformers' in its
    steps and 'pretraining on DeepSpeed ZeRO-1' in its fit line, the framework of one GPU's estimate."""
    assert cluster.launch is not None and cluster.launch["engine"].startswith("Megatron-LM")
    optimizer = next(s.text for s in cluster.estimate.steps if s.topic == "optimizer")
    assert optimizer.startswith("adamw under Megatron-LM with its distributed optimizer (ZeRO-1): 12 bytes"), optimizer
    assert "transformers" not in optimizer
    framework = fit_of(cluster, REQUEST).sentence.split("framework: ", 1)[1]
    assert framework.startswith("pretraining on Megatron-LM") and "DeepSpeed" not in framework
    # one GPU's pretraining runs under the framework's own trainer, and says so
    single = estimate(
        catalog.records["models"]["llama-3.2-1b"],
        Workload(kind="pretrain", tokens=1e9),
        catalog.records["gpus"]["a100-80gb-sxm"],
        1,
    )
    assert next(s.text for s in single.steps if s.topic == "optimizer").startswith("adamw under transformers")


def test_an_sxm_server_bay_reads_as_its_module_bay_not_a_pcie_slot(cluster: Build, catalog: Catalog) -> None:
    """The bays of a DGX A100 read 'x16 (bay)' and 'x16 Gen4': an SXM4 module on an NVLink baseboard is in no PCIe
    x16 slot. They name the module's bay from the GPU record: its SXM generation and NVLink family."""
    svg = _text(slot_map_svg(cluster))
    assert "Bay 1: SXM4 bay (NVLink 3)" in svg and "x16" not in svg
    assert module_bay(catalog.records["gpus"]["h100-sxm"]) == "SXM5 bay (NVLink 4)"
    assert module_bay(catalog.records["gpus"]["mi300x"]) == "OAM bay (Infinity Fabric)"
    assert module_bay(catalog.records["gpus"]["rtx-4090"]) is None  # a PCIe card's slot is a slot
