"""A build's links timed once: a board's slots at their lanes and generation, a server's bays at its own (PCI-9).

The estimate times an assembled build's links at its slots' generation (plan.build_links; a server's bays at
rules.links.BayGeneration.gen, which slots.place seats the cards at). The search had seated PCIe 5.0 cards in the
PCIe 3.0 SYS-4029GP-TRT on the hours their option was timed at (their own x16 links) and only the assembled build's
re-estimate found them slow: all five builds of Dr. Chen's 72B LoRA plan sat in that server, 8 x RTX PRO 5000 at
32.8 h per 100 M tokens where their own links take 13.7 h (round 34). The plan now solves such a build's cards again
off the slower bays (plan._off_slow_bays) and keeps whichever costs less per job (PCI-9's `costs_more`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.common.errors import ConfiguratorError
from configurator.core.estimate.collectives import CardLinks, intra_node_link
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.result import EstimateResult
from configurator.core.estimate.workload import Workload
from configurator.core.solve.slots import BAY_GEN

if TYPE_CHECKING:
    from configurator.core.catalog.models import Gpu, ModelArch, Motherboard
    from configurator.core.solve.candidates import Candidates, GpuOption
    from configurator.core.solve.slots import Placement


def timed_on(
    model: ModelArch,
    workload: Workload,
    gpu: Gpu,
    gpus: int,
    exact_weight_bytes: int | None,
    links: CardLinks | None,
    planned: bool,
) -> EstimateResult | None:
    """The job on `gpus` cards talking over `links` (None: x16 at the card's own generation): the planner's layout
    searched again on those links where the option was laid out by it (`planned`), else the estimate; None where
    neither fits. The one timing of a build's links (plan._on_links), a server's bays included."""
    try:
        if planned:
            from configurator.core.estimate.parallel import plan_estimate

            layout, result = plan_estimate(
                model, workload, gpu, 1, gpus, None, exact_weight_bytes, intra=intra_node_link(gpu, links=links)
            )
            return result if layout is not None and result.wall_hours is not None else None
        return estimate(model, workload, gpu, gpus, exact_weight_bytes=exact_weight_bytes, links=links)
    except (ValueError, ConfiguratorError):
        return None


def placed_links(gpu: Gpu, placement: Placement | None) -> CardLinks | None:
    """What a placement gives its cards to talk over where it is below their own x16 (PCI-9: BAY_GEN.link, a server's
    bays at their generation, a board's slots at the narrowest one's lanes and the oldest one's generation), a pair
    that takes an NVLink bridge timed as bridged in a board's slots (the estimate's own assumption for a pair:
    plan.build_links says where a build fits none), never in a server's bays (as round 35 timed them); None where the
    cards get their own x16, or are not seated."""
    if placement is None or not placement.slots:
        return None
    link = BAY_GEN.link(gpu, ((s.gen, s.lanes) for s in placement.slots))
    # a bridge joins a pair of cards in a board's slots (plan fits one where their spacing matches); none in bays
    bridge = bool(gpu.nvlink) and len(placement.slots) == 2 and not placement.bays
    return None if link is None else CardLinks(lanes=link[1], gen=link[0], bridge=bridge)


def links_on(cand: Candidates, board: Motherboard, option: GpuOption) -> CardLinks | None:
    """The links an option's multi-GPU training cards get on `board` (their placement there, in a case or on risers:
    solver.usable_placement) where they are below the cards' own x16; None otherwise."""
    from configurator.core.solve.solver import usable_placement

    if option.count < 2 or option.gpu.gpus_per_card > 1:
        return None
    placed = usable_placement(cand, board, option, False, True) or usable_placement(cand, board, option, True, True)
    return placed_links(option.gpu, placed)


def link_ratio(cand: Candidates, option: GpuOption, links: CardLinks) -> float | None:
    """How many times as long the option's multi-GPU training job takes over `links` (a server's bays, a desktop
    board's x8/x8 split or older slots) as on their own x16 links, both timed by `timed_on` without a power limit (a
    limit scales both alike); None where either is not timed or the job is no multi-GPU training job. The search's
    speed points read it (solver.BuildModel._bay_losses), so that "fastest" and "best value" are searched at the
    links' speed, not the cards' own: 8 x RTX PRO 5000 in the PCIe 3.0 SYS-4029GP-TRT, 13.7 h -> 32.8 h for Dr. Chen's
    72B LoRA."""
    key = (option.gpu.id, option.count, links, id(option.estimate))
    if key in cand.bay_ratios:
        return cand.bay_ratios[key]
    ratio = None
    model, est = cand.model, option.estimate
    training = Workload.model_validate(est.workload).kind != "inference" if est.workload else False
    if model is not None and est.wall_hours and training and option.count > 1 and option.gpu.gpus_per_card == 1:
        workload = Workload.model_validate(est.workload)
        args = (model, workload, option.gpu, option.count, cand.exact_weight_bytes)
        mine = (option.gpu.id, option.count, None, id(option.estimate))  # the cards' own links: timed once an option
        if mine not in cand.link_hours:
            cand.link_hours[mine] = timed_on(*args, None, est.layout is not None)
        own = cand.link_hours[mine]
        slowed = timed_on(*args, links, est.layout is not None)
        if own is not None and slowed is not None and own.wall_hours and slowed.wall_hours:
            ratio = slowed.wall_hours / own.wall_hours
    cand.bay_ratios[key] = ratio
    return ratio
