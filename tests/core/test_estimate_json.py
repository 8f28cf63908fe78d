"""`estimate --json` (EstimateResult.to_json) holds the keys core/shapes.EstimateJson names, nested ones too: a key the
producer adds or drops fails here, not in a script reading it."""

from __future__ import annotations

from typing import Any

from configurator.core.catalog.loader import Catalog
from configurator.core.common.shapes import (
    EstimateHostJson,
    EstimateJson,
    EstimateMemoryJson,
    EstimateSpeedJson,
    EstimateTimeJson,
)
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload


def _keys(shape: Any) -> tuple[set[str], set[str]]:
    """A TypedDict's required keys and all its keys (as the class says them: NotRequired keys are optional)."""
    return set(shape.__required_keys__), set(shape.__required_keys__) | set(shape.__optional_keys__)


def _holds(said: dict[str, Any], shape: Any) -> None:
    required, every = _keys(shape)
    assert required <= set(said) <= every, (sorted(said), sorted(every))


def test_an_estimates_json_has_the_keys_its_shape_names(catalog: Catalog) -> None:
    gpu = catalog.records["gpus"]["rtx-4090"]
    runs = [
        estimate(catalog.records["models"]["llama-3.1-8b"], Workload(kind="inference", precision="q4_k_m"), gpu),
        estimate(catalog.records["models"]["llama-3.1-8b"], Workload(kind="finetune", method="qlora"), gpu),
        estimate(
            catalog.records["models"]["llama-3.1-8b"],
            Workload(kind="finetune", method="lora", tokens=1e8),
            gpu,
        ),
    ]
    for result in runs:
        said: dict[str, Any] = dict(result.to_json())
        _holds(said, EstimateJson)
        _holds(said["memory"], EstimateMemoryJson)
        _holds(said["speed"], EstimateSpeedJson)
        _holds(said["time"], EstimateTimeJson)
        if "host" in said:
            _holds(said["host"], EstimateHostJson)
        assert list(said)[-1] == "ranges"  # the JSON's order, as it always was
    timed = runs[2].to_json()["time"]  # a training job with its tokens: its MFU, peak and throughput are added
    assert {"mfu", "peak_tflops_per_gpu", "tokens_per_s"} <= set(timed) and "tokens_per_s" in runs[1].to_json()["time"]
