"""Which of a model's layers carry routed experts: a leaf of the estimate that the planner's recompute rule and the
launch commands read without loading the estimator (the import layers: launch -> estimate leaves, never the rules)."""

from __future__ import annotations

from configurator.core.catalog.models import ModelArch
from configurator.core.common.memo import remember


def moe_layers(model: ModelArch) -> tuple[bool, ...]:
    """Which layers carry routed experts (leading dense layers and interleaving from the config). Remembered per model
    record: the estimator asks about 4,000 times a map."""
    return remember("moe_layers", id(model), (model,), lambda: _moe_layers(model))


def _moe_layers(model: ModelArch) -> tuple[bool, ...]:
    if model.moe is None:
        return (False,) * model.num_layers
    if model.mamba is not None:  # a hybrid's MoE blocks are the 'E' positions of its pattern (Nemotron-H: 23 of 52)
        return tuple(kind == "E" for kind in model.mamba.pattern)
    m = model.moe
    return tuple(
        i >= m.first_dense_layers and (i - m.first_dense_layers) % m.moe_layer_step == m.moe_layer_step - 1
        for i in range(model.num_layers)
    )


def moe_layer_count(model: ModelArch) -> int:
    return sum(moe_layers(model))
