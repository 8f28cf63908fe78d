"""Sharded fine-tuning on one machine (FSDP FULL_SHARD / DeepSpeed ZeRO-3, FSDP's CPU offload): every micro-batch
gathers the stored weights over the cards' link, which over PCIe without NVLink is what a consumer multi-GPU LoRA
waits on (estimator._sharded_gathers, Calibration.sharded_gather_overlap).

Published runs: Answer.AI, "Benchmarking QLoRA+FSDP" (AnswerDotAI/fsdp_qlora, benchmarks_03_2024.md, benchmarked
February-March 2024): 1,024 samples of 2,048 tokens, gradient checkpointing, the time of the whole run."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import cast

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.collectives import PCIE_BUSBW_SHARE, PCIE_X16_GBS, CardLinks, intra_node_link
from configurator.core.estimate.estimator import CAL, estimate
from configurator.core.estimate.workload import Workload
from configurator.core.solve.plan import build_links
from configurator.core.solve.rules import Assembly
from configurator.core.solve.slots import place

ANSWER_AI = "AnswerDotAI/fsdp_qlora benchmarks_03_2024.md (February-March 2024)"
TOKENS = 1024 * 2048


def _seconds(
    catalog: Catalog,
    model: str,
    gpu: str,
    gpus: int,
    method: str,
    batch: int,
    zero: int = 3,
    offload: str = "none",
    links: CardLinks | None = None,
) -> float:
    workload = Workload(
        kind="finetune",
        method=method,
        batch=batch,
        context=2048,
        tokens=TOKENS,
        zero=zero,
        offload=offload,
        grad_checkpointing=True,
    )
    result = estimate(catalog.records["models"][model], workload, catalog.records["gpus"][gpu], gpus, links=links)
    assert result.wall_hours
    return result.wall_hours * 3600


@pytest.mark.parametrize(
    ("label", "model", "gpu", "gpus", "method", "batch", "offload", "measured"),
    [
        # "Recommendations for Different Hardware Configurations": Llama-2 70B QLoRA at 2,048 tokens
        ("2 x A5000, CPU offload, batch 2", "llama-2-70b", "rtx-a5000", 2, "qlora", 2, "cpu", 9688),
        ("4 x A5000, batch 1", "llama-2-70b", "rtx-a5000", 4, "qlora", 1, "none", 4829),
        ("8 x A5000, batch 1", "llama-2-70b", "rtx-a5000", 8, "qlora", 1, "none", 2613),
        # "A Dual 4090 Budget Workstation" (PCIe 4.0 x16 to both cards, no NVLink): Llama-2 7B LoRA, FSDP, batch 6
        ("2 x RTX 4090, 7B LoRA sharded, batch 6", "llama-2-7b", "rtx-4090", 2, "lora", 6, "none", 481),
    ],
)
def test_sharded_fine_tunes_take_answer_ai_s_times(
    catalog: Catalog,
    label: str,
    model: str,
    gpu: str,
    gpus: int,
    method: str,
    batch: int,
    offload: str,
    measured: float,
) -> None:
    """Answer.AI's FSDP + QLoRA runs on PCIe cards, within 25 % (ANSWER_AI): the gathers hide under the compute
    where the link keeps up. (The A5000 rows come out 16-22 % fast since QLoRA's dequantization is timed by its bytes,
    estimator.QLORA_DEQUANT_BYTES, where a flat 0.75 had them within 6 % and every Ada row 40-57 % slow.)"""
    estimated = _seconds(catalog, model, gpu, gpus, method, batch, offload=offload)
    assert estimated == pytest.approx(measured, rel=0.25), (label, estimated, measured)


@pytest.mark.parametrize(
    ("label", "model", "gpu", "gpus", "batch", "zero", "offload", "measured"),
    [
        # "A Dual 4090 Budget Workstation": Llama-2 7B, then Yi 34B and Llama-2 70B
        ("2 x RTX 4090, 7B, DDP, batch 8", "llama-2-7b", "rtx-4090", 2, 8, 0, "none", 450),
        ("2 x RTX 4090, 7B, FSDP, batch 10", "llama-2-7b", "rtx-4090", 2, 10, 3, "none", 466),
        ("2 x RTX 4090, 7B, offload, batch 12", "llama-2-7b", "rtx-4090", 2, 12, 3, "cpu", 464),
        ("2 x RTX 4090, Yi 34B, batch 2", "yi-34b", "rtx-4090", 2, 2, 3, "none", 2072),
        ("2 x RTX 4090, Yi 34B, offload, batch 4", "yi-34b", "rtx-4090", 2, 4, 3, "cpu", 2061),
        ("2 x RTX 4090, 70B, offload, batch 2", "llama-2-70b", "rtx-4090", 2, 2, 3, "cpu", 4399),
        # the 3090 'basement rig', DDP (no gathers: its slow lanes do not enter)
        ("2 x RTX 3090, 7B, DDP, batch 8", "llama-2-7b", "rtx-3090", 2, 8, 0, "none", 875),
        # "Recommendations for Different Hardware Configurations": 70B on RTX 6000 Ada ("A6000 Ada 48GB")
        ("2 x RTX 6000 Ada, 70B, batch 2", "llama-2-70b", "rtx-6000-ada", 2, 2, 3, "none", 5867),
        ("4 x RTX 6000 Ada, 70B, batch 3", "llama-2-70b", "rtx-6000-ada", 4, 3, 3, "none", 2904),
    ],
)
def test_qlora_on_ada_and_ampere_takes_answer_ai_s_times(
    catalog: Catalog,
    label: str,
    model: str,
    gpu: str,
    gpus: int,
    batch: int,
    zero: int,
    offload: str,
    measured: float,
) -> None:
    """Answer.AI's QLoRA rows on Ada and Ampere desktop cards within 25 % (ANSWER_AI): bitsandbytes dequantizes each
    NF4 weight to a 16-bit copy once a pass, a few per cent of a pass at 16-24 k tokens a micro-batch (QLoRA 450 s
    against LoRA's 437 on the same 4090s); the flat 0.75 had these 40-57 % slow."""
    estimated = _seconds(catalog, model, gpu, gpus, "qlora", batch, zero=zero, offload=offload)
    assert estimated == pytest.approx(measured, rel=0.25), (label, estimated, measured)


def test_gathers_are_hidden_where_the_dual_4090_rig_measured_them_so(catalog: Catalog) -> None:
    """On the 2 x RTX 4090 rig (PCIe 4.0 x16 each) 7B LoRA sharded at batch 6 (481 s) is within 10 % of unsharded
    DDP at batch 4 (437 s) (ANSWER_AI): a sharded estimate there is no slower than the unsharded one."""
    sharded = _seconds(catalog, "llama-2-7b", "rtx-4090", 2, "lora", 6)
    unsharded = _seconds(catalog, "llama-2-7b", "rtx-4090", 2, "lora", 4, zero=0)
    assert sharded == pytest.approx(unsharded, rel=0.02)


def test_a_32b_lora_sharded_over_eight_turing_cards_waits_on_pcie_3(catalog: Catalog) -> None:
    """A 32B LoRA under ZeRO-3 on 8 x RTX 2080 Ti 22GB: each micro-batch of 2,048 tokens gathers 2 x 7/8 of the 61 GiB
    bf16 base (forward and backward) over PCIe 3.0 x16 through the CPU (no peer-to-peer on GeForce, a bridge joins
    only two cards), ~115 GB at 16 GB/s x PCIE_BUSBW_SHARE (NVIDIA/nccl#1639): about 16 s a step, where the compute
    takes about 12. The run is longer than its compute by that difference, not the 'fastest' 20 h of compute alone."""
    workload = Workload(kind="finetune", method="lora", tokens=1e8, context=2048, zero=3)
    model, gpu = catalog.records["models"]["qwen2.5-32b"], catalog.records["gpus"]["rtx-2080-ti-22gb"]
    result = estimate(model, workload, gpu, 8)
    compute_only = estimate(model, workload, gpu, 8, cal=replace(CAL, sharded_gather_overlap=1e9))
    assert result.wall_hours and compute_only.wall_hours
    steps = 1e8 / (8 * 2048)
    gathered_s = 2 * 7 / 8 * 32.76e9 * 2 / (PCIE_X16_GBS[3] * PCIE_BUSBW_SHARE * 1e9)
    assert gathered_s == pytest.approx(16.4, rel=0.05)
    assert result.wall_hours * 3600 / steps == pytest.approx(gathered_s, rel=0.02)
    assert result.wall_hours > 1.3 * compute_only.wall_hours
    assert any(s.code == "est.sharded-gathers" for s in result.assumption_codes)


def test_the_slow_lane_dual_3090_rig_lies_between_an_old_board_s_lanes(catalog: Catalog) -> None:
    """2 x RTX 3090 without NVLink on 'an older motherboard and slow PCI lanes', Llama-2 7B LoRA sharded at batch 1:
    3,090 s (ANSWER_AI), three times the x16 PCIe 4.0 estimate (969 s), where the gathers hide under the compute. The
    post does not give the lanes; the two ways an older board feeds a second card, x8/x8 PCIe 3.0 and x4 PCIe 3.0
    (a chipset slot), bracket it: the build's lanes reach the estimate (CardLinks, the plan's placement)."""
    x16 = _seconds(catalog, "llama-2-7b", "rtx-3090", 2, "lora", 1)
    x8 = _seconds(catalog, "llama-2-7b", "rtx-3090", 2, "lora", 1, links=CardLinks(lanes=8, gen=3))
    x4 = _seconds(catalog, "llama-2-7b", "rtx-3090", 2, "lora", 1, links=CardLinks(lanes=4, gen=3))
    assert x16 < 0.4 * 3090
    assert x8 < 3090 < x4
    assert x4 == pytest.approx(3090, rel=0.3)


def test_a_bridge_or_full_lanes_for_two_3090s(catalog: Catalog) -> None:
    """ANSWER_AI's conclusion: 'If you have two 3090s and a non-workstation motherboard, you'll want NVLink. If you
    have two 4090s, you'll want a workstation motherboard that can provide full x16 PCIe lanes to both GPUs.' Llama-2
    13B LoRA sharded at batch 1 on 2 x RTX 3090: x8/x8 PCIe 3.0 is slower than x16 PCIe 4.0, and a bridge on the old
    board is no slower than x16; the bridge's rate is the NVLink 3 share of its 56 GB/s one way (an estimate:
    collectives.BRIDGE_BUSBW_ESTIMATE)."""
    old = _seconds(catalog, "llama-2-13b", "rtx-3090", 2, "lora", 1, links=CardLinks(lanes=8, gen=3))
    full = _seconds(catalog, "llama-2-13b", "rtx-3090", 2, "lora", 1)
    bridged = _seconds(catalog, "llama-2-13b", "rtx-3090", 2, "lora", 1, links=CardLinks(lanes=8, gen=3, bridge=True))
    assert old > 1.5 * full
    assert bridged <= full
    link = intra_node_link(catalog.records["gpus"]["rtx-3090"], links=CardLinks(bridge=True))
    assert link.busbw_gbs == pytest.approx(112.5 / 2 * 200 / 300)


@pytest.mark.xfail(
    strict=True,
    reason="2 x RTX 3090 sharded: ~82 tokens/s measured against ~156 estimated at x16 or x8 PCIe 4.0 (~6 s of gathers a "
    "micro-step hidden under ~13 s of compute); at x4 PCIe 3.0 the estimate gives ~87, but the issue does not state the "
    "board's lanes, so the x16 default stays the estimate here",
)
def test_llama_factory_s_72b_qlora_on_two_3090s(catalog: Catalog) -> None:
    """hiyouga/LlamaFactory issue #2937 (2024-03-22): Qwen1.5-72B-Chat QLoRA (4-bit, LoRA on q_proj and v_proj) under
    accelerate FSDP on 2 x RTX 3090, cutoff 1,024, batch 1, gradient accumulation 4, fp16: "a step takes 100-odd
    seconds", so about 82 tokens/s for the two cards (2 x 4 x 1,024 tokens a step). Qwen2 72B stands in for Qwen1.5 72B
    (the same 80 layers and hidden size 8,192)."""
    workload = Workload(
        kind="finetune",
        method="qlora",
        batch=1,
        context=1024,
        tokens=8192 * 1000,
        zero=3,
        lora_targets="attention",
    )
    result = estimate(catalog.records["models"]["qwen2-72b"], workload, catalog.records["gpus"]["rtx-3090"], 2)
    assert result.wall_hours
    tokens_per_s = 8192 * 1000 / (result.wall_hours * 3600)
    assert tokens_per_s == pytest.approx(8192 / 100, rel=0.3)


def test_a_build_s_slots_reach_its_training_estimate(catalog: Catalog) -> None:
    """The plan passes the build's placement to the estimate (plan.build_links): two RTX 3090 on a B550 board on
    risers run x16 and x4 PCIe 3.0 (the chipset slot), so a 7B LoRA sharded at batch 1 takes about four times the x16
    PCIe 4.0 estimate (ANSWER_AI's slow-lane rig: 3,090 s against 969); a server board's x16 PCIe 4.0 slots are what
    the estimate assumes, so for two RTX 4090 (no bridge to take) nothing changes, while for two 3090 the build says
    whether the bridge is fitted."""
    gpu, boards = catalog.records["gpus"]["rtx-3090"], catalog.records["motherboards"]

    def links(board: str, bridge: bool = False) -> CardLinks | None:
        placement = place(boards[board], gpu, 2, True)
        assembly = SimpleNamespace(placement=placement, gpus=2, gpu=gpu, nvlink_bridge=bridge)
        return build_links(cast(Assembly, assembly))

    assert links("msi-pro-b550-p-gen3") == CardLinks(lanes=4, gen=3)
    # a card that takes a bridge is said to have none, so its all-reduce goes through the CPU; a 4090 takes none
    assert links("supermicro-h12ssl-i") == CardLinks(lanes=16, gen=4, bridge=False)
    ada = catalog.records["gpus"]["rtx-4090"]
    placement = place(boards["supermicro-h12ssl-i"], ada, 2, True)
    assert (
        build_links(cast(Assembly, SimpleNamespace(placement=placement, gpus=2, gpu=ada, nvlink_bridge=False))) is None
    )
    assert links("supermicro-h12ssl-i", bridge=True) is None  # what the estimate assumes for a card taking a bridge
    slow = _seconds(catalog, "llama-2-7b", "rtx-3090", 2, "lora", 1, links=links("msi-pro-b550-p-gen3"))
    assert slow == pytest.approx(4 * _seconds(catalog, "llama-2-7b", "rtx-3090", 2, "lora", 1), rel=0.1)
