"""The training command a plan prints: it must train what the estimate trained."""

from __future__ import annotations

import shlex

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch import launch_command


def _command(catalog: Catalog, workload: Workload) -> list[str]:
    model = catalog.records["models"]["llama-3.2-1b"]
    gpu = catalog.records["gpus"]["a100-80gb-sxm"]
    assert isinstance(model, ModelArch) and isinstance(gpu, Gpu)
    return shlex.split(launch_command(model, estimate(model, workload, gpu, 8))["command"])


def test_pretraining_starts_from_the_config_not_the_published_weights(catalog: Catalog) -> None:
    """Sam's 1B pretraining plan said `train.py --model_name_or_path meta-llama/Llama-3.2-1B`: that fine-tunes the
    released checkpoint; from scratch, transformers' run_clm.py takes --config_name (and --tokenizer_name)."""
    words = _command(catalog, Workload(kind="pretrain", tokens=1e11, context=4096))
    assert "--model_name_or_path" not in words
    assert words[words.index("--config_name") + 1] == "meta-llama/Llama-3.2-1B"
    assert words[words.index("--tokenizer_name") + 1] == "meta-llama/Llama-3.2-1B"
    # fine-tuning starts from the weights
    tuned = _command(catalog, Workload(kind="finetune", method="lora", context=2048))
    assert tuned[tuned.index("--model_name_or_path") + 1] == "meta-llama/Llama-3.2-1B" and "--config_name" not in tuned
