"""Megatron-Core's selective activation recompute in the cluster planner (issue #29, steady37): the modules, the bytes
they free and the FLOPs they cost (estimate/recompute.py), the planner taking it between keeping every activation and
recomputing whole layers, and the launch command running what was timed."""

from __future__ import annotations

import shlex

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.parallel import inter_node_link, plan_training, sharded_estimate, training_result
from configurator.core.estimate.recompute import megatron_flags, selective_recompute
from configurator.core.estimate.workload import Workload
from configurator.core.launch.training import megatron_command

SEQ = 4096


def _pretrain() -> Workload:
    return Workload(kind="pretrain", tokens=1e11, context=SEQ, fused_kernels=True)


def test_deepseek_v3s_selective_recompute_is_counted_from_its_config(catalog: Catalog) -> None:
    """DeepSeek-V3's config.json (deepseek-ai/DeepSeek-V3): hidden 7,168, 61 layers (3 dense, 58 MoE), 128 heads,
    q_lora_rank 1,536, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128; top-8 of 2,048-wide
    experts. Under the fused block count the layer's q, k, v (128 x 192 wide each as activations.block_widths reads
    them) are what mla_up_proj frees, less the latents they are recomputed from (1,536 + 512 + 64); layernorm frees
    the two norms' outputs; moe_act frees nothing there (the fused count keeps no activation output). The recomputed
    GEMMs are the up-projections: 2 x (1,536 x 128 x 192 + 512 x 128 x 256) FLOPs a token a layer."""
    model = catalog.records["models"]["deepseek-v3"]
    fused = selective_recompute(model, fused=True)
    assert fused.modules == ("layernorm", "moe_act", "mla_up_proj")
    layernorm = 2 * 2 * 7168
    mla = 2 * 24576 + 2 * 2 * 24576 - 2 * (1536 + 512 + 64)
    assert fused.freed_bytes == (layernorm + mla) * 61
    assert fused.flops == 2 * (1536 * 128 * 192 + 512 * 128 * 256) * 61
    unfused = selective_recompute(model, fused=False)
    # unfused, the activation's output and gated product of the 8 x 2,048 routed units and the rotated copies go too
    assert unfused.freed_bytes == fused.freed_bytes + 2 * 2 * 8 * 2048 * 58 + (2 * 24576 + 2 * 24576) * 61
    # a dense model is not offered it: its plans keep every activation or recompute whole layers, as before
    dense = selective_recompute(catalog.records["models"]["llama-3.1-8b"], fused=True)
    assert dense.modules == () and dense.freed_bytes == 0.0 and dense.flops == 0.0
    assert megatron_flags(fused.modules) == [
        "--recompute-granularity",
        "selective",
        "--recompute-modules",
        "layernorm",
        "moe_act",
        "mla_up_proj",
    ]
    assert megatron_flags(()) == []


def test_the_planner_recomputes_selectively_where_keeping_everything_does_not_fit(catalog: Catalog) -> None:
    """NeMo AutoModel's DeepSeek-V3 row on 32 DGX H100 (docs/performance-summary.md, 2025-10-02: 1,002 tokens/s per GPU,
    512 sequences of 4,096). Before steady37 the planner chose between keeping every activation and full recompute,
    and took TP 4 x PP 16 x EP 16 without recompute (+2.2 %). With Megatron-Core's selective recompute (the MoE
    recipes' choice) it fits the interleaved schedule's extra micro-batches in flight: TP 4 x PP 16 (3 chunks) x EP 16,
    layernorm / moe_act / mla_up_proj recomputed, +4.3 %: still within the 15 % the published-row test allows. The
    plan says so; recomputing whole layers instead keeps less and is slower."""
    model, gpu = catalog.records["models"]["deepseek-v3"], catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _pretrain(), gpu, 32, 8, inter_node_link(400), batch_tokens=512 * SEQ)
    assert plan is not None and plan.fits
    assert plan.recompute == "selective" and not plan.grad_checkpointing
    assert plan.recompute_modules == ("layernorm", "moe_act", "mla_up_proj")
    assert plan.to_json()["recompute"] == "selective"
    tokens_per_s = plan.step_tokens / (plan.step_s - plan.restarts_s) / plan.gpus
    assert abs(tokens_per_s / 1002.0 - 1) <= 0.15
    # recomputing whole layers instead (the planner free to lay it out again) is slower, and keeps less
    full = plan_training(
        model,
        _pretrain().model_copy(update={"grad_checkpointing": True}),
        gpu,
        32,
        8,
        inter_node_link(400),
        batch_tokens=512 * SEQ,
    )
    assert full is not None and full.recompute == "full" and full.recompute_modules == ()
    assert full.seconds_per_token > plan.seconds_per_token
    assert full.per_gpu.activations < plan.per_gpu.activations


def test_selective_recompute_is_not_taken_where_every_activation_fits(catalog: Catalog) -> None:
    """Recomputing costs time, so a layout that fits keeping every activation keeps them: NeMo AutoModel's DeepSeek-V3
    on 128 DGX H100 (8,192 sequences), TP 2 x PP 32 x EP 16 without recompute (+34.8 % against 865 tokens/s, the run
    recomputed under its own FSDP layout: docs/estimates.md, steady37)."""
    model, gpu = catalog.records["models"]["deepseek-v3"], catalog.records["gpus"]["h100-sxm"]
    plan = plan_training(model, _pretrain(), gpu, 128, 8, inter_node_link(400), batch_tokens=8192 * SEQ)
    assert plan is not None and plan.recompute == "none" and plan.recompute_modules == ()


def test_the_megatron_command_recomputes_the_modules_the_plan_timed(catalog: Catalog) -> None:
    """The launch command and the estimate agree: the plan timed with selective recompute (the 32-node DeepSeek-V3
    plan above) runs Megatron-LM with --recompute-granularity selective and those --recompute-modules
    (NVIDIA/Megatron-LM@d98e8a6 megatron/core/transformer/transformer_config.py: recompute_modules), not the
    full-layer flags; a plan keeping every activation says neither."""
    model, gpu = catalog.records["models"]["deepseek-v3"], catalog.records["gpus"]["h100-sxm"]
    commands = {}
    for nodes, sequences in ((32, 512), (128, 8192)):
        plan = plan_training(model, _pretrain(), gpu, nodes, 8, inter_node_link(400), batch_tokens=sequences * SEQ)
        assert plan is not None
        result = training_result(plan, sharded_estimate(model, _pretrain(), gpu, plan.data))
        assert result.layout is not None and result.layout["recompute"] == plan.recompute
        commands[plan.recompute] = shlex.split(megatron_command(model, result, result.layout, gpu)[1])
    argv = commands["selective"]
    at = argv.index("--recompute-modules")
    assert argv[at - 2 : at] == ["--recompute-granularity", "selective"]
    assert argv[at + 1 : at + 4] == ["layernorm", "moe_act", "mla_up_proj"]
    assert "--recompute-method" not in argv
    assert "--recompute-granularity" not in commands["none"]
