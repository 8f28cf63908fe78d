"""Every source of a plan's builds is in the registry (solve.sources), the usual formats too, in an order that decides
which of two offers of one machine is kept: the usual GGUF, the usual KV cache, the usual served format (FP8 on vLLM for several users) and the usual fine-tuning
stack (Unsloth on one GPU, walk10) come last (issue #33), and the cards at the Q8_0 the RAM machines are scored at
(release-on-cards, round 33)."""

from __future__ import annotations

from configurator.core.solve import plan as plan_module
from configurator.core.solve.sources import SOURCES


def test_the_usual_formats_are_registered_after_every_other_source() -> None:
    names = [entry.name for entry in SOURCES]
    assert names[-5:] == ["usual-gguf", "usual-kv", "usual-served", "usual-finetune", "release-on-cards"], names
    assert len(set(names)) == len(names)


def test_a_map_of_named_gpus_leaves_the_usual_formats_out_with_the_machines() -> None:
    # plan(sources=False) skips these by name: each must be a registered source, or the gate skips nothing
    names = {entry.name for entry in SOURCES}
    gated = (*plan_module.MACHINE_SOURCES, *plan_module.READY_MADE_SOURCES, *plan_module.USUAL_SOURCES)
    assert {"usual-gguf", "usual-kv", "usual-served", "usual-finetune", "release-on-cards"} <= set(gated) <= names
