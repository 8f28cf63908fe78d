"""A training build bound by its links says so on its time line (report.utilisation.link_bound, `est.link-bound`).

Qwen3-30B-A3B LoRA at 8,000 USD (review35's walk, 2026-12-06): three MI100 (92 TFLOPS bf16) and three MI50 (26
TFLOPS fp16) were both shown at 26.3 h per 100 M tokens and nothing said why. Neither is mis-estimated: under ZeRO-3
each micro-batch of 2,048 tokens gathers the other ranks' two thirds of the 61 GB of bf16 weights, forward and
backward (81 GB), into every card over PCIe 4.0 x16 (~14 GB/s: 5.8 s), and a 3.35 B-active MoE computes the same
micro-batch in 1.6 s on an MI100 and 5.1 s on an MI50; both steps take the gathers' 5.8 s. DeepSpeed's ZeRO-3
gathers every submodule's parameters before its forward and again before its backward (Rajbhandari et al., "ZeRO:
Memory Optimizations Toward Training Trillion Parameter Models", 2020, section 7.2.2: the parameters are all-gathered
in the forward and in the backward propagation, 3 Psi of traffic against data parallelism's 2 Psi).
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.report import words
from configurator.core.report.utilisation import LINK_BOUND_SHARE, link_bound

LORA = Workload(kind="finetune", method="lora", zero=3, tokens=1e8)


def _on(catalog: Catalog, gpu: str) -> EstimateResult:
    model, card = catalog.records["models"]["qwen3-30b-a3b"], catalog.records["gpus"][gpu]
    assert isinstance(model, ModelArch) and isinstance(card, Gpu)
    return estimate(model, LORA, card, 3)


def test_three_mi100_say_their_links_set_the_time_and_three_mi50_do_not(catalog: Catalog) -> None:
    mi100, mi50 = _on(catalog, "mi100"), _on(catalog, "mi50-32gb")
    assert mi100.wall_hours is not None and mi50.wall_hours is not None
    assert abs(mi100.wall_hours - mi50.wall_hours) <= 0.02 * mi50.wall_hours
    bound = link_bound(mi100)
    assert bound is not None and bound.fields["link"] == "PCIe 4.0 x16"
    assert LINK_BOUND_SHARE * mi100.wall_hours <= bound.num("hours") < mi100.wall_hours
    assert "the link, not the card, sets the time" in english(bound)
    with words.language("zh_CN"):
        assert "链路" in words.say(bound)
    assert link_bound(mi50) is None  # its gathers hide behind its own compute but 0.7 s
