"""BF16 weights on a card without bfloat16 are served in float16. vLLM stops at start-up on a BF16 checkpoint there:
'Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your ... GPU has compute capability 7.5.
You can use float16 instead by explicitly setting the `dtype` flag in CLI, for example: --dtype=half.'
(vllm-project/vllm, the CUDA dtype check _check_if_gpu_supports_dtype; read 2026-12-05). The plan had launched eight
RTX 2080 Ti 22GB (Turing) with '--dtype bfloat16' for Qwen3-32B served to 20 users (review33)."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import english, from_json
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.core.report import words


def _launch(catalog: Catalog, gpu_id: str, engine: str) -> dict:  # type: ignore[type-arg]
    model, gpu = catalog.records["models"]["qwen3-32b"], catalog.records["gpus"][gpu_id]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    workload = Workload(kind="inference", precision="bf16", engine=engine, batch=20, context=8192)
    return dict(launch_command(model, estimate(model, workload, gpu, 8), gpu=gpu))


@pytest.mark.parametrize(("engine", "flag"), [("vllm", "float16"), ("sglang", "half")])
def test_turing_serves_bf16_weights_in_float16_and_says_why(catalog: Catalog, engine: str, flag: str) -> None:
    launch = _launch(catalog, "rtx-2080-ti-22gb", engine)
    argv = shlex.split(launch["command"])
    assert argv[argv.index("--dtype") + 1] == flag, argv
    said = from_json(launch["dtype_said"])
    assert said.code == "launch.fp16-served" and said.fields["arch"] == "Turing"
    assert "Turing has no bfloat16" in english(said)
    with words.language("zh_CN"):
        assert "Turing 不支持 bfloat16" in words.say(said)


def test_ampere_keeps_bfloat16(catalog: Catalog) -> None:
    launch = _launch(catalog, "rtx-3090", "vllm")
    argv = shlex.split(launch["command"])
    assert argv[argv.index("--dtype") + 1] == "bfloat16"
    assert "dtype_said" not in launch
