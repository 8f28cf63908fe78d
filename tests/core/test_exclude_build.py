"""What a label's build leaves out of the searches after it (solver.BuildModel.exclude_build, reopen_option).

The machine itself (its card, board and chassis together) never comes back; its card on that board, or in a chassis
of the same kind, stays out of every search but the one that reopens the card (solver._value_search: the best value
with the fastest's cards on another platform). Round 40 had the two wider clauses hard, so eight RTX A6000 capped on
one platform (24,647 EUR) could not be found once eight A6000 on dual EPYC (55,184 EUR) were the fastest (expert case
lab-eight-gpus-72b-lora-eur-best-value-is-eight-a6000-capped).
"""

from __future__ import annotations

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.candidates import board_of, chassis_of, gpu_options, platform_parts
from configurator.core.solve.solver import BuildModel, Choice

REQUEST = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=1500)


def _model(catalog: Catalog) -> BuildModel:
    model = catalog.records["models"][REQUEST.model_id]
    assert isinstance(model, ModelArch)
    memo.clear()
    cand = gpu_options(model, REQUEST, catalog)
    platform_parts(REQUEST, catalog, cand, model)
    return BuildModel(REQUEST, cand, model, catalog)


def _machine(choice: Choice) -> tuple[str, str, str]:
    return choice.option.gpu.id, board_of(choice.board).id, chassis_of(choice.chassis).id


def _only(bm: BuildModel, index: int) -> Choice | None:
    """The cheapest build on option `index` alone."""
    bm.avoid_options([i for i in range(len(bm.options)) if i != index])
    try:
        return bm.solve("cost", 2.0)
    finally:
        bm.avoid_options([])


def test_a_reopened_card_comes_back_on_another_platform_but_never_as_the_same_machine(catalog: Catalog) -> None:
    bm = _model(catalog)
    first = bm.solve("cost", 2.0)
    assert first is not None
    own = bm.option_index(first.option)
    bm.exclude_build(first)
    bm.exclude_option(own)
    assert _only(bm, own) is None  # the option itself is out of the next searches

    bm.reopen_option(own)
    again = _only(bm, own)
    bm.reopen_option(None)
    assert again is not None, "a card this cheap fits on more than one board and case"
    assert _machine(again) != _machine(first)
    assert again.cost >= first.cost  # the cheapest machine was the first one

    # lifted exclusions (solver._other_platforms) without reopening: another board and another kind of case
    bm.allow_options([own])
    other = _only(bm, own)
    if other is None:
        # today's cheapest card is a passive Tesla P100, which only the shrouded open frame cools: with its kind of case
        # closed nothing holds it, and the reopened search's answer was reachable only because it was reopened
        same_board = board_of(again.board).id == board_of(first.board).id
        assert same_board or chassis_of(again.chassis).kind == chassis_of(first.chassis).kind
    else:
        assert board_of(other.board).id != board_of(first.board).id
        assert chassis_of(other.chassis).kind != chassis_of(first.chassis).kind
        assert again.cost <= other.cost  # reopening relaxes the search: never a dearer answer
