"""The map's columns (configurator/core/advise.map_workloads): a workload the map cannot draw is refused with the
validator's own words. It had read the last line of pydantic's printed error, which is a URL: `llm-rig map
--workload finetune --precisions q4_k_m` said 'For further information visit https://errors.pydantic.dev/...'."""

from __future__ import annotations

import pytest

from configurator.core.advise.landscape import map_workloads
from configurator.core.common.errors import RequestError


def test_an_inference_format_cannot_be_a_fine_tuning_column() -> None:
    with pytest.raises(RequestError) as caught:
        map_workloads("finetune", precisions=("q4_k_m",))
    assert str(caught.value) == "GGUF q4_k_m is an inference format; training needs bf16/fp16 (or nf4 for QLoRA)"


def test_an_unknown_method_is_named_by_what_it_may_be() -> None:
    with pytest.raises(RequestError) as caught:
        map_workloads("finetune", method="bogus")
    assert str(caught.value) == "Input should be 'full', 'lora' or 'qlora'"
    assert "pydantic.dev" not in str(caught.value)


def test_the_map_draws_each_precision_given() -> None:
    columns = map_workloads("inference", precisions=("bf16", "q4_k_m"), context=8192)
    assert [(w.kind, w.precision, w.context) for w in columns] == [
        ("inference", "bf16", 8192),
        ("inference", "q4_k_m", 8192),
    ]
