"""MoE pretraining under expert parallelism (issue #29): the planner's EP layouts against published Megatron-Core and
NeMo runs, their memory and all-to-all traffic, where EP is not worth it, and the launch command that runs them."""

from __future__ import annotations

import re
import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.estimator import estimate, moe_layer_count
from configurator.core.estimate.frameworks import pipeline_layers, pipeline_pace
from configurator.core.estimate.parallel import ParallelPlan, inter_node_link, plan_training, sharded_estimate
from configurator.core.estimate.params import count_params
from configurator.core.estimate.workload import Workload
from configurator.core.launch.training import layout_is_megatron
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import estimate_as_practitioner

SEQ = 4096
TOKENS = 1e11


def _workload(fused: bool | None = None) -> Workload:
    return Workload(kind="pretrain", tokens=TOKENS, context=SEQ, fused_kernels=fused)


def _steady(catalog: Catalog, model_id: str, plan: ParallelPlan, fused: bool | None = None) -> tuple[float, float]:
    """(tokens/s per GPU, model TFLOP/s per GPU) of the plan's benchmark iteration: the step without the restarts and
    run losses a months-long job pays (what a throughput table measures), the FLOPs the estimator counts."""
    model, gpu = catalog.records["models"][model_id], catalog.records["gpus"]["h100-sxm"]
    zero = {"zero": plan.zero_stage or 0, "grad_checkpointing": plan.grad_checkpointing}
    base = sharded_estimate(model, _workload(fused).model_copy(update=zero), gpu, plan.data)
    assert base.training_flops is not None
    tokens_per_s = plan.step_tokens / (plan.step_s - plan.restarts_s) / plan.gpus
    return tokens_per_s, base.training_flops / TOKENS * tokens_per_s / 1e12


def test_mixtral_8x7b_on_64_h100_is_laid_out_and_timed_as_megatron_core_runs_it(catalog: Catalog) -> None:
    """Megatron-Core trains Mixtral 8x7B in bf16 at 468 TFLOP/s per H100 ("With MCore v0.9, we've achieved remarkable
    performance of 468 TFLOPS for Mixtral 8X7B bf16 training", docs.nvidia.com/megatron-core/developer-guide/latest/
    api-guide/moe.html, read 2026-12-05), and "for Mixtral 8x7B, EP8xTP1 outperforms EP4xTP2" (Megatron-Core MoE
    README, Best Practices, Guideline 4, NVIDIA/Megatron-LM@d98e8a6). On 8 DGX H100 nodes with a 1,024-sequence batch
    the planner, free to choose, keeps tensor parallel off and shards the experts 8 ways, and its iteration is within
    20 % of the published rate."""
    model = catalog.records["models"]["mixtral-8x7b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _workload(), gpu, 8, 8, inter_node_link(400), batch_tokens=1024 * SEQ)
    assert plan is not None and plan.fits
    assert (plan.tensor, plan.expert) == (1, 8)
    assert plan.expert_s > 0 and "expert" in plan.links
    _tokens, tflops = _steady(catalog, "mixtral-8x7b", plan)
    assert tflops == pytest.approx(468, rel=0.20)


def test_qwen3_30b_a3b_on_one_h100_node_within_15_percent_of_nemo_automodel(catalog: Catalog) -> None:
    """NeMo AutoModel's performance summary (docs/performance-summary.md of NVIDIA-NeMo/Automodel, 2026-04-17,
    "System: DGX-H100, Precision: BF16"): Qwen3 MoE 30B pretrained on 8 GPUs at 4,096 tokens a sequence, global batch
    512, EP 8 with FSDP 8, 12,040 tokens/s per GPU (277 model TFLOP/s), "Kernel Optimizations: TE + DeepEP"
    (Transformer Engine's fused RMSNorm, Linear and attention: priced as a fused stack). The planner's best layout on
    one DGX H100 with that batch is within 15 % of it, and shards the experts as the run did (since train28: before,
    the planner split the 768-wide experts four ways by tensor parallelism and priced their 192-wide GEMMs at 256
    tokens each as dense ones, gemm.expert_time_factor). cluster36: the experts run whole on each of the 8 EP ranks
    whatever the tensor degree (expert tensor parallel 1, as the recipes set it); with the routed experts' permuted
    inputs saved (activations.routed_inputs) the run's TP 1 needs recomputation, as the run had (its config's
    activation_checkpointing: true), and the planner takes TP 2 under ZeRO-3 without it, -3.1 %."""
    model = catalog.records["models"]["qwen3-30b-a3b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _workload(fused=True), gpu, 1, 8, batch_tokens=512 * SEQ)
    assert plan is not None and plan.fits
    assert plan.expert == 8 and plan.expert_tensor == 1
    tokens_per_s, _tflops = _steady(catalog, "qwen3-30b-a3b", plan, fused=True)
    assert tokens_per_s == pytest.approx(12_040, rel=0.15)


def test_expert_parallel_keeps_one_ep_th_of_the_experts_and_sends_their_tokens(catalog: Catalog) -> None:
    """Each GPU of an EP group holds 1/EP of every MoE layer's experts (weights in 16 bits), the dense part whole; the
    all-to-all moves tokens x hidden x top-k x 2 bytes per MoE layer four times a micro-batch (dispatch and combine,
    forward and backward), (EP-1)/EP of it leaving the GPU."""
    model = catalog.records["models"]["qwen3-30b-a3b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _workload(), gpu, 1, 8, expert=8, tensor=1, batch_tokens=512 * SEQ)
    assert plan is not None and plan.expert == 8 and plan.tensor == 1 and plan.pipeline == 1
    counts = count_params(model)
    held = (counts.total - counts.experts + counts.experts / 8) * 2
    assert plan.per_gpu.weights == pytest.approx(held, rel=0.02)
    moe = model.moe
    assert moe is not None
    passes = 6 if plan.grad_checkpointing else 4
    per_micro = (
        moe_layer_count(model) * passes * 7 / 8 * plan.micro_batch * SEQ * model.hidden_size * moe.experts_per_token * 2
    )
    assert plan.volumes["expert"] == pytest.approx(per_micro * plan.micro_batches, rel=1e-6)


def test_under_tensor_parallel_each_ep_rank_still_holds_whole_experts(catalog: Catalog) -> None:
    """cluster36: expert tensor parallel 1, as NVIDIA's recipes set it (Megatron-Bridge@067f987d recipes/qwen/h100/
    qwen3_moe.py: TP 4, EP 4, expert_tensor_parallel_size 1): at TP 2 x EP 8 on one node the dense layers split two
    ways and each GPU holds 1/8 of the experts whole, not 1/16 (Megatron-LM's own default, ETP = TP); the group of 8 is
    carved out of the TP x DP ranks (EP 8 with 4 data-parallel ranks), and the plan says the ETP it was timed at."""
    model = catalog.records["models"]["qwen3-30b-a3b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _workload(), gpu, 1, 8, expert=8, tensor=2, batch_tokens=512 * SEQ)
    assert plan is not None and plan.tensor == 2 and plan.data == 4 and plan.expert == 8
    assert plan.expert_tensor == 1 and plan.to_json()["expert_tensor"] == 1
    counts = count_params(model)
    held = ((counts.total - counts.experts) / 2 + counts.experts / 8) * 2
    assert plan.zero_stage == 1  # the distributed optimizer: weights are not sharded over data parallel
    assert plan.per_gpu.weights == pytest.approx(held, rel=0.02)


def test_expert_parallel_is_not_chosen_where_its_all_to_all_outlasts_the_compute(catalog: Catalog) -> None:
    """Eight H200 NVL on PCIe (28 GB/s of NCCL bus bandwidth without NVSwitch, collectives.PCIE_BUSBW_SHARE): an EP8
    step would move 128 tokens' hidden states per expert choice over PCIe and wait longer on the all-to-all than it
    computes, so the planner keeps the experts whole (pipeline or data parallel), and the forced EP layout is slower."""
    model = catalog.records["models"]["qwen3-30b-a3b"]
    gpu = catalog.records["gpus"]["h200-nvl"]
    best = plan_training(model, _workload(), gpu, 1, 8)
    forced = plan_training(model, _workload(), gpu, 1, 8, expert=8)
    assert best is not None and forced is not None
    assert best.expert == 1 and forced.expert_s > forced.compute_s
    assert best.seconds_per_token < forced.seconds_per_token


def test_an_moe_machine_pretrains_under_megatron_not_zero3_when_that_is_faster(catalog: Catalog) -> None:
    """Qwen3 30B-A3B pretrained on one machine of 8 x H200 NVL: under ZeRO-3 every micro-batch gathered all 128
    experts of all 48 layers over PCIe (72 h for 1e10 tokens at 70 % power in round 26's plan); the planner's layout
    (Megatron-LM) fits and is faster, so the build takes it, says its layout and launches Megatron-LM."""
    model = catalog.records["models"]["qwen3-30b-a3b"]
    gpu = catalog.records["gpus"]["h200-nvl"]
    workload = Workload(kind="pretrain", tokens=1e10, context=SEQ)
    request = BuildRequest(model_id=model.id, workload=workload)
    result = estimate_as_practitioner(model, workload, gpu, 8, request)
    sharded = estimate(model, workload.model_copy(update={"zero": 3, "grad_checkpointing": True}), gpu, 8)
    assert result.layout is not None and layout_is_megatron(result.layout)
    assert result.fits and result.wall_hours is not None and sharded.wall_hours is not None
    assert result.wall_hours < sharded.wall_hours


def test_the_launch_command_shards_the_experts_with_megatrons_flags(catalog: Catalog) -> None:
    """An EP layout runs under Megatron-LM with --expert-model-parallel-size, the all-to-all dispatcher the step is
    timed for and grouped expert GEMMs (NVIDIA/Megatron-LM@d98e8a6 docs/user-guide/parallelism-guide.md, "Expert
    Parallelism (EP)"; megatron/core/transformer/transformer_config.py: moe_token_dispatcher_type defaults to
    "allgather")."""
    from configurator.core.estimate.parallel import training_result
    from configurator.core.launch.training import megatron_command

    model = catalog.records["models"]["mixtral-8x7b"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _workload(), gpu, 8, 8, inter_node_link(400), batch_tokens=1024 * SEQ)
    assert plan is not None and plan.expert == 8
    base = sharded_estimate(model, _workload(), gpu, plan.data)
    result = training_result(plan, base)
    assert result.layout is not None and result.layout["expert"] == 8
    _title, command = megatron_command(model, result, result.layout, gpu)
    assert "--expert-model-parallel-size 8" in command
    assert "--moe-token-dispatcher-type alltoall" in command and "--moe-grouped-gemm" in command
    assert "--num-experts 8" in command


def test_a_multi_node_expert_group_is_timed_and_launched_with_deepep_and_transformer_engine(catalog: Catalog) -> None:
    """Issue #29 (cluster35): Kimi K2 on 32 DGX H100 nodes with NeMo AutoModel's 512-sequence batch. The planner may
    now lay an expert group across nodes, as the engines' recipes do (Megatron-Bridge@067f987d recipes/kimi/h100/
    kimi_k2.py: TP 2, EP 32; NeMo AutoModel's kimi_k2_te_deepep.yaml: EP 32 across 4 nodes), and then times it with
    DeepEP's once-per-node sends, the dispatcher Megatron-Bridge's DeepSeek-V3 and Qwen3-235B H100 recipes turn on
    (collectives.expert_dispatcher). The estimate and the command agree: the layout's `expert_dispatcher` is what
    --moe-token-dispatcher-type runs (flex with the deepep backend: NVIDIA/Megatron-LM@d98e8a6 megatron/core/
    transformer/transformer_config.py), and the job timed with Transformer Engine is launched with it
    (--transformer-impl transformer_engine, Megatron-LM's own default). cluster36: the experts run whole on each EP rank
    (--expert-tensor-parallel-size 1, as the recipes set it), so the group's ranks fill each node; Kimi K2's 61 layers
    do not divide over the plan's pipeline, and the command gives Megatron the split the step was timed at
    (--pipeline-model-parallel-layout: Megatron-LM asserts an even split without it)."""
    from configurator.core.estimate.parallel import plan_estimate
    from configurator.core.launch.training import megatron_command

    model = catalog.records["models"]["kimi-k2"]
    gpu = catalog.records["gpus"]["h100-sxm"]
    plan, result = plan_estimate(model, _workload(fused=True), gpu, 32, 8, inter_node_link(400))
    assert plan is not None and result.layout is not None
    assert plan.expert > 8  # the group spans nodes: expert tensor parallel 1, eight EP ranks a node
    assert result.layout["expert_dispatcher"] == "deepep" and "InfiniBand" in plan.links["expert"]
    assert result.workload["transformer_engine"] is True
    _title, command = megatron_command(model, result, result.layout, gpu)
    assert f"--expert-model-parallel-size {plan.expert}" in command
    assert "--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend deepep" in command
    assert "--transformer-impl transformer_engine" in command
    assert "--expert-tensor-parallel-size 1" in command
    argv = shlex.split(command)
    assert model.num_layers % plan.pipeline != 0 and "--num-layers-per-virtual-pipeline-stage" not in argv
    layout = argv[argv.index("--pipeline-model-parallel-layout") + 1]
    stages = layout.split("|")
    assert len(stages) == plan.pipeline * plan.virtual_stages
    assert sum(int(n) for stage in stages for n in re.findall(r"t\*(\d+)", stage)) == model.num_layers
    assert stages[0].startswith("E") and stages[-1].endswith("L")


def test_a_pipeline_of_whole_layers_runs_at_its_busiest_stage(catalog: Catalog) -> None:
    """Megatron's stages hold whole layers: DeepSeek-V3's 61 on 16 stages are 4 on 13 middle ranks and 3 on the first
    and last two (which also run the embedding, the output layer and the loss: Megatron-Bridge@067f987d's DeepSeek-V3
    layouts keep both ends lighter), and the step waits for the ranks holding 4: x1.049 over an even 3.81. An even
    split (Llama 3 70B's 80 on 8) costs nothing; the interleaved schedule's chunks split a rank's layers evenly."""
    split = pipeline_layers(61, 16)
    assert sum(sum(rank) for rank in split) == 61
    assert max(sum(rank) for rank in split) == 4 and sum(split[0]) == sum(split[-1]) == 3
    assert pipeline_pace(61, 16) == pytest.approx(4 * 16 / 61)
    assert pipeline_pace(80, 8) == 1.0 and pipeline_pace(61, 1) == 1.0
    assert pipeline_layers(61, 16, 3)[1] == (2, 1, 1)


def test_the_dispatcher_follows_the_recipes_and_the_card(catalog: Catalog) -> None:
    """'auto' runs DeepEP only where a group spans nodes of cards DeepEP supports (Megatron-Bridge@067f987d
    src/megatron/bridge/training/flex_dispatcher_backend.py: 'DeepEP is applicable only for MoE models on Ampere,
    Hopper, B200 and B300 GPUs', else it falls back to alltoall); inside one node, on an MI300X or where a dispatcher is
    asked, the plain all-to-all or the one asked."""
    from configurator.core.estimate.collectives import expert_dispatcher

    gpus = catalog.records["gpus"]
    assert expert_dispatcher("auto", gpus["h100-sxm"], True) == "deepep"
    assert expert_dispatcher("auto", gpus["b200"], True) == "deepep"
    assert expert_dispatcher("auto", gpus["h100-sxm"], False) == "alltoall"
    assert expert_dispatcher("auto", gpus["mi300x"], True) == "alltoall"
    assert expert_dispatcher("alltoall", gpus["h100-sxm"], True) == "alltoall"


def test_a_latent_moe_dispatches_its_latent_vectors(catalog: Catalog) -> None:
    """Nemotron 3 Super's routed experts work at moe_latent_size 1,024 of hidden 4,096 and Megatron-Core dispatches the
    projected tokens ('The dispatcher only sees latent-dim tensors', NVIDIA/Megatron-LM@d98e8a6 megatron/core/
    transformer/moe/moe_layer.py): its all-to-all moves a quarter of the bytes the same MoE would at full width, in
    the one function the single estimate and the cluster planner share (collectives.moe_all_to_all)."""
    from configurator.core.estimate.collectives import intra_node_link, moe_all_to_all

    model = catalog.records["models"]["nemotron-3-super-120b-a12b"]
    assert model.moe is not None and model.moe.latent_size == 1024
    wide = model.model_copy(update={"moe": model.moe.model_copy(update={"latent_size": None})})
    link = intra_node_link(catalog.records["gpus"]["h100-sxm"])
    args = (4096.0, 40.0, 8, link, False)
    latent = moe_all_to_all(model, *args, fabric=None, node=8, dispatcher="alltoall", overlap=False)
    full = moe_all_to_all(wide, *args, fabric=None, node=8, dispatcher="alltoall", overlap=False)
    assert latent[1] == pytest.approx(full[1] * 1024 / 4096)
    assert latent[0] < full[0]
