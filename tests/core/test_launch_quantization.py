"""vLLM's --quantization is given only where weights are quantized on load: weights served as released carry their own
method in config.json's quantization_config, which vLLM reads when the flag is left out (vllm/config/model.py,
ModelConfig._verify_quantization: "If `None`, we first check the `quantization_config` attribute in the model config
file"; given and different, it raises "Quantization method specified in the model config (...) does not match the
quantization method specified in the `quantization` argument (...)"; read at vllm-project/vllm 0052a5b8, 2026-12-03)."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command


def _serve(catalog: Catalog, model_id: str, precision: str, gpus: int = 8) -> list[str]:
    model, gpu = catalog.records["models"][model_id], catalog.records["gpus"]["h100-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    workload = Workload(kind="inference", precision=precision, engine="vllm", batch=8, context=8192)
    command = launch_command(model, estimate(model, workload, gpu, gpus))
    assert command["engine"] == "vllm", command
    return shlex.split(command["command"])


@pytest.mark.parametrize("model_id", ["deepseek-r1", "deepseek-v3", "mistral-medium-3.5-128b", "minimax-m2.5"])
def test_weights_released_in_fp8_are_served_without_a_quantization_flag(catalog: Catalog, model_id: str) -> None:
    """DeepSeek-V3/R1 (quant_method fp8, 128 x 128 blocks: DeepSeek-V3's README_WEIGHTS.md) and Mistral Medium 3.5
    ship FP8: `--quantization fp8` repeated the checkpoint at best, and fails vLLM's check for a checkpoint whose
    config names another FP8 method."""
    words = _serve(catalog, model_id, "fp8")
    assert "--quantization" not in words, words
    assert "--dtype" not in words  # the checkpoint's own dtypes (BF16 around the FP8 linears)


def test_weights_released_in_bf16_are_still_quantized_on_load(catalog: Catalog) -> None:
    """A BF16 release served at FP8 is quantized when vLLM loads it (dynamic FP8, no calibration): the flag stays."""
    words = _serve(catalog, "llama-3.3-70b", "fp8", gpus=2)
    assert words[words.index("--quantization") + 1] == "fp8"
    assert "--quantization" not in _serve(catalog, "llama-3.3-70b", "bf16", gpus=2)


@pytest.mark.parametrize(
    ("precision", "folder", "method"), [("awq-int4", "-AWQ", "awq"), ("gptq-int4", "-GPTQ-Int4", "gptq")]
)
def test_awq_and_gptq_are_served_from_a_quantized_copy(
    catalog: Catalog, precision: str, folder: str, method: str
) -> None:
    """vLLM does not make AWQ or GPTQ weights: `vllm serve Qwen/Qwen2.5-32B-Instruct --quantization awq` (what the
    command said) finds no quantization_config in the BF16 repo and stops. The command serves a quantized copy, named
    as a local folder the way llama.cpp's command names its GGUF file, and leaves the method to its config.json: an
    explicit `--quantization awq` (or gptq) forces the generic kernel where vLLM would pick Marlin (AWQMarlinConfig.
    override_quantization_method, user_quant None -> awq_marlin; vllm-project/vllm#20112's log: "however you specified
    quantization=awq explicitly, so forcing awq. Use quantization=awq_marlin for faster inference"; round 38)."""
    words = _serve(catalog, "qwen2.5-32b", precision, gpus=1)
    assert words[2] == f"./Qwen2.5-32B-Instruct{folder}", words
    assert method in folder.lower() and "--quantization" not in words, words
