"""Which draft model a `--speculative draft` request runs: the one named (--draft-model) or the catalog's largest model of
the target's tokenizer at most a fifth of its size; checked to share the tokenizer (issue #29)."""

from __future__ import annotations

from collections.abc import Mapping

from configurator.core.catalog.models import ModelArch
from configurator.core.common.errors import RequestError
from configurator.core.estimate.params import count_params
from configurator.core.estimate.speculative import family_root, tokenizer_compatible
from configurator.core.estimate.workload import Workload

# a default draft is at most this share of the target's parameters (the sources' pairs: 1.2B for 8B, 7B for 70B)
DEFAULT_DRAFT_SHARE = 0.2


def default_draft(model: ModelArch, models: Mapping[str, ModelArch]) -> ModelArch | None:
    """The largest dense catalog model of the target's tokenizer (family root and vocabulary) at most
    DEFAULT_DRAFT_SHARE of its parameters; None when the catalog has none."""
    target = count_params(model).total
    candidates = [
        m
        for m in models.values()
        if m.id != model.id
        and m.moe is None
        and family_root(m.family) == family_root(model.family)
        and tokenizer_compatible(model.vocab_size, m.vocab_size)
        and count_params(m).total <= DEFAULT_DRAFT_SHARE * target
    ]
    return max(candidates, key=lambda m: (count_params(m).total, m.id), default=None)


def with_draft(workload: Workload, model: ModelArch, models: Mapping[str, ModelArch]) -> Workload:
    """The workload with its draft model's architecture attached (`--speculative draft`); RequestError naming
    --draft-model when the named model is unknown or does not share the target's tokenizer."""
    if workload.speculative != "draft":
        if workload.draft_model:
            raise RequestError("--draft-model is used with --speculative draft")
        return workload
    if workload.draft_model:
        draft = models.get(workload.draft_model)
        if draft is None:
            raise RequestError(
                f"--draft-model: unknown model {workload.draft_model!r}; see `llm-rig catalog list models`"
            )
        if not tokenizer_compatible(model.vocab_size, draft.vocab_size):
            raise RequestError(
                f"--draft-model {draft.id}: its vocabulary ({draft.vocab_size}) is not {model.name}'s "
                f"({model.vocab_size}); a draft model must share the target's tokenizer"
            )
        return workload.model_copy(update={"draft_record": draft.model_dump_json()})
    found = default_draft(model, models)
    if found is None:
        return workload  # the estimate warns that no draft model was found and gives the plain speed
    return workload.model_copy(update={"draft_model": found.id, "draft_record": found.model_dump_json()})
