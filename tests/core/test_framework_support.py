"""Fine-tuning frameworks x GPUs (support.FRAMEWORK_NEEDS, SUP-10): a build a framework cannot run as estimated is left
out with the reason, and the estimate, the solver's filter and the Checks tab say the same thing."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import gpu_options
from configurator.core.support.checks import SupportVerdict, check_stack
from configurator.core.support.facts import (
    FRAMEWORK_NEEDS,
    TORCHTUNE_RECIPE,
    UNSLOTH_REQUIREMENTS,
    compute_capability,
    support_for,
)

OLDER = ("t4", "rtx-2080-ti", "v100-32gb-sxm2")  # Turing and Volta: fp16 tensor cores, no bf16


@pytest.fixture(scope="module")
def gpus(catalog: Catalog) -> dict[str, Gpu]:
    return {g.id: g for g in catalog.kind("gpus") if isinstance(g, Gpu)}


def _rule(verdicts: list[SupportVerdict], rule: str) -> list[SupportVerdict]:
    return [v for v in verdicts if v.rule == rule]


def test_torchtune_fails_on_turing_and_volta_and_passes_on_ampere(gpus: dict[str, Gpu]) -> None:
    """torchtune's recipes (recipes/full_finetune_distributed.py at bd2a0fc7): "Full fp32 and bf16 training are
    supported ... fp16 precision [is] currently not supported", and `__init__` raises ValueError for fp16. Without bf16
    tensor cores (Ampere's, compute capability 8.0) the bf16 run the estimate sizes is not what runs."""
    lora = Workload(kind="finetune", method="lora", framework="torchtune")
    for gid in OLDER:
        (verdict,) = _rule(check_stack(gpus[gid], lora), "SUP-10")
        assert verdict.status == "fail", gid
        assert "bf16 or fp32 only" in verdict.message and "dtype=fp32" in verdict.message
        assert verdict.source == TORCHTUNE_RECIPE
        # SUP-2 must not tell a torchtune user to switch to fp16 mixed precision, which torchtune refuses
        (bf16,) = _rule(check_stack(gpus[gid], lora), "SUP-2")
        assert "fp16 mixed precision (with loss scaling)" not in bf16.message
    for gid in ("rtx-3090", "rtx-4090", "h100-sxm"):
        assert _rule(check_stack(gpus[gid], lora), "SUP-10")[0].status == "pass", gid
    assert FRAMEWORK_NEEDS["torchtune"].dtypes == ("bf16", "fp32") and FRAMEWORK_NEEDS["torchtune"].bf16_only
    # a from-scratch run is launched under accelerate whatever framework is named (launch.training.training_command)
    assert not _rule(check_stack(gpus["t4"], Workload(kind="pretrain", framework="torchtune")), "SUP-10")
    # PEFT trains in fp16 mixed precision there: no framework rule against it
    assert not _rule(check_stack(gpus["t4"], Workload(kind="finetune", method="lora", framework="peft")), "SUP-10")


def test_the_solver_leaves_a_t4_out_of_a_torchtune_build_with_the_checks_reason(
    catalog: Catalog, gpus: dict[str, Gpu]
) -> None:
    """A 3B LoRA fits a 16 GB T4, so before SUP-10 the solver offered it with a bf16 command and a time costed at the
    T4's fp16 tensor rate. The filter and the check are one function: the rejection is the Checks tab's sentence."""
    model = catalog.records["models"]["llama-3.2-3b"]
    assert isinstance(model, ModelArch)
    workload = Workload(kind="finetune", method="lora", framework="torchtune")
    request = BuildRequest(model_id="llama-3.2-3b", workload=workload, gpu_ids=("t4", "rtx-3090"), max_gpus=1)
    cand = gpu_options(model, request, catalog)
    (verdict,) = _rule(check_stack(gpus["t4"], workload), "SUP-10")
    assert str(cand.rejected_gpus["t4"]) == f"the software stack does not run: {verdict.message}"
    assert [o.gpu.id for o in cand.options] == ["rtx-3090"]
    peft = gpu_options(
        model, request.model_copy(update={"workload": workload.model_copy(update={"framework": "peft"})}), catalog
    )
    assert "t4" in {o.gpu.id for o in peft.options}
    # `estimate` on the card the user named gives the same sentence as a warning
    result = estimate(model, workload, gpus["t4"], 1)
    assert verdict.message in [str(w) for w in result.warnings]
    assert not any(
        "SUP" in str(w) or "bf16 or fp32" in str(w) for w in estimate(model, workload, gpus["rtx-3090"], 1).warnings
    )


def test_unsloth_runs_from_compute_capability_7_and_slowly_on_pascal(gpus: dict[str, Gpu]) -> None:
    """Unsloth's requirements page: minimum CUDA capability 7.0 (V100, T4, RTX 20 ...); GTX 1070/1080 work, but slowly.
    A Pascal Tesla P40 (6.1) warns, a T4 (7.5) and a V100 (7.0) pass."""
    qlora = Workload(kind="finetune", method="qlora", framework="unsloth")
    (p40,) = _rule(check_stack(gpus["tesla-p40"], qlora), "SUP-10")
    assert p40.status == "warn" and "7.0" in p40.message and p40.source == UNSLOTH_REQUIREMENTS
    for gid in ("t4", "v100-32gb-sxm2", "rtx-4090"):
        assert _rule(check_stack(gpus[gid], qlora), "SUP-10")[0].status == "pass", gid


def test_compute_capability_is_read_from_the_support_table() -> None:
    """CUDA GPUs page (developer.nvidia.com/cuda-gpus): Pascal 6.0/6.1, Volta 7.0, Turing 7.5, Ampere 8.0."""
    expected = {"Pascal": 6.0, "Volta": 7.0, "Turing": 7.5, "Ampere": 8.0, "Hopper": 9.0, "Blackwell": 10.0}
    for arch, cc in expected.items():
        entry = support_for("nvidia", arch)
        assert entry is not None and compute_capability(entry) == cc, arch
    cdna3 = support_for("amd", "CDNA 3")
    assert cdna3 is not None and compute_capability(cdna3) is None


def test_torchtune_sharding_is_fsdp_not_deepspeed(gpus: dict[str, Gpu]) -> None:
    """torchtune shards with PyTorch's FSDP2 (torchtune/training/_distributed.py), so SUP-7's DeepSpeed caveat on a
    Radeon card (DeepSpeed upstream tests only MI100/MI200) is not the torchtune user's; PEFT's ZeRO is DeepSpeed's."""
    sharded = Workload(kind="finetune", method="lora", framework="torchtune", zero=3)
    assert not _rule(check_stack(gpus["rx-7900-xtx"], sharded), "SUP-7")
    hf = sharded.model_copy(update={"framework": "peft"})
    assert _rule(check_stack(gpus["rx-7900-xtx"], hf), "SUP-7")[0].status == "warn"
