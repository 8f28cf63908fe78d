"""The window's English label keeps an alternative's offers. Llama 3.1 8B at 1,500 USD with no precision: the command
line reads "alternative (more speed, NVIDIA GeForce RTX 2070), at Q4_K_M, llama.cpp's usual GGUF: no --precision
given"; the window, which names its control rather than the flag ("Weights left on auto"), had dropped the offers and
read only "at Q4_K_M, llama.cpp's usual GGUF: Weights left on auto" (seen from a fresh clone, round 27). Since round 28
a Tesla P100 on the shroud frame (809 USD) and a 4060 Ti with room to grow take places in the top five, so the plan
is asked for seven, where the RTX 2070 is shown for what it offers. Since round 30 that RTX 2070 holds a claim of its
own ("cheapest in VRAM on supported software", beside the P100 past CUDA 13), so the request is Qwen3-14B at the same
1,500 USD, where an RTX 2060 12GB is the alternative shown for what it offers ("supported software"). Since base39 the
used workstations plus a card (Dell T5810, HP Z440, Lenovo P520) hold every GPU claim of that plan under the default
form, each for a claim of its own, so the plan is asked on an open frame (no base machine is offered there), where the
builds from parts and the RTX 2060 12GB alternative read as before."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LLM_RIG_HOME", str(tmp_path_factory.mktemp("label-home")))
        catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="qwen3-14b", workload=Workload(kind="inference"), budget=1500, top_k=7, form="open-frame"
    )
    return plan(request, catalog).builds


def test_an_alternative_with_a_flag_naming_kind_keeps_its_offers_in_the_window(builds) -> None:  # type: ignore[no-untyped-def]
    flagged = [b for b in builds if b.offers and not b.claims and any(k.code in words.WINDOW_EN for k in b.kinds)]
    assert flagged, [b.label for b in builds]
    for build in flagged:
        assert build.label.startswith("alternative (")
        with words.window_words():
            shown = phrases.label(build)
        # the command line's label with the window's words for the flag
        assert shown.startswith(build.label.split("), ", 1)[0] + "), "), shown
        assert "--precision" not in shown and "alternative (" in shown
    # every other build reads as before in the window: claims, then the kind in brackets
    for build in builds:
        if build.claims and any(k.code in words.WINDOW_EN for k in build.kinds):
            with words.window_words():
                assert phrases.label(build).startswith(build.label.split(" (", 1)[0] + " (")
